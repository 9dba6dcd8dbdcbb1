// Builds the playground into build/www/ (or the directory given): esbuild bundles
// www/src/main.js for the browser, resolving 'mcp-envelope' to the built package in pkg/
// (node_modules/mcp-envelope links to it) and emitting its .wasm with the `file` loader,
// as the README's esbuild recipe says. `node www/build.mjs [OUTDIR]`; `make serve` runs it.
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { linkPackage, root } from '../js-tests/link-package.mjs';

const www = fileURLToPath(new URL('.', import.meta.url));
export const defaultOutdir = join(root, 'build', 'www');

/** Writes index.html, style.css, main.js and the .wasm into `outdir`; returns `outdir`. */
export async function buildSite(outdir = defaultOutdir) {
  if (!existsSync(join(root, 'pkg', 'package.json'))) throw new Error('pkg/ is not built: run `make build` first');
  linkPackage();
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  await build({
    entryPoints: [join(www, 'src', 'main.js')],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    loader: { '.wasm': 'file' },
    outdir,
    minify: true,
    legalComments: 'eof',
    logLevel: 'warning',
  });
  for (const file of ['index.html', 'style.css']) copyFileSync(join(www, file), join(outdir, file));
  return outdir;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outdir = await buildSite(process.argv[2] ? resolve(process.argv[2]) : defaultOutdir);
  console.log(`built ${outdir}`);
}
