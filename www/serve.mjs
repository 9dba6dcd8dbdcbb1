// A tiny static server for the built playground, on 127.0.0.1 only. `node www/serve.mjs
// [DIR]` serves DIR (default build/www/) on $PORT (default 0: a free port) and prints the
// URL; `make serve` builds first. The test starts it the same way, through serve().
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultOutdir } from './build.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/** Serves `dir` on 127.0.0.1:`port`; resolves to `{ server, url }` once listening. */
export async function serve(dir = defaultOutdir, port = 0) {
  const base = resolve(dir);
  const server = createServer(async (req, res) => {
    try {
      const path = normalize(decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname));
      const file = join(base, path.endsWith('/') ? join(path, 'index.html') : path);
      if (!file.startsWith(base + sep)) throw new Error('outside the served directory');
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('not found');
    }
  });
  await new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', done);
  });
  return { server, url: `http://127.0.0.1:${server.address().port}/` };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number.parseInt(process.env.PORT ?? '0', 10);
  const { url } = await serve(process.argv[2] ?? defaultOutdir, Number.isFinite(port) ? port : 0);
  console.log(`mcp-envelope playground: ${url}  (Ctrl-C stops it)`);
}
