// Loads a built page in headless Chromium (found by tools/chromium.mjs, driven by playwright-core): serves
// DIR on 127.0.0.1, waits for the page's result, prints it and stops. `node browse.mjs DIR`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { launchChromium } from '../tools/chromium.mjs';

const dir = process.argv[2];
const types = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
};
const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
  const file = join(dir, path === '/' ? 'index.html' : path);
  try {
    if (!file.startsWith(`${dir}/`)) throw new Error('outside');
    const body = readFileSync(file);
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const profile = mkdtempSync(join(dir, '..', 'chromium-profile-'));
const context = await launchChromium(profile);
try {
  const page = context.pages()[0] ?? (await context.newPage());
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => window.__probe || window.__error, null, { timeout: 30_000 });
  const [probe, error] = await page.evaluate(() => [window.__probe, window.__error]);
  if (error) throw new Error(`page: ${error}`);
  if (errors.length) console.error(errors.join('\n'));
  console.log(`PROBE ${probe}`);
} finally {
  await context.close();
  server.close();
  rmSync(profile, { recursive: true, force: true });
}
