// One bundle of the matrix: `node bundle.mjs KIND APP OUT`. Each kind is the recipe a
// user would follow (README: runtimes and bundlers); the runner then runs or serves OUT.
import { cpSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';

const [kind, app, out] = process.argv.slice(2);
mkdirSync(out, { recursive: true });

function webpackRun(config) {
  const webpack = createRequire(import.meta.url)('webpack');
  return new Promise((resolve, reject) => {
    webpack({ mode: 'production', context: app, stats: 'errors-warnings', ...config }, (error, stats) => {
      if (error) return reject(error);
      if (stats.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve();
    });
  });
}

const esbuild = () => import('esbuild');

switch (kind) {
  case 'esbuild-node-esm':
    await (await esbuild()).build({
      entryPoints: [`${app}/esm.mjs`],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: `${out}/main.mjs`,
      logLevel: 'warning',
    });
    break;
  case 'esbuild-node-cjs':
    await (await esbuild()).build({
      entryPoints: [`${app}/cjs.cjs`],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      outfile: `${out}/main.cjs`,
      logLevel: 'warning',
    });
    break;
  case 'webpack-node':
    await webpackRun({
      target: 'node',
      entry: './esm.mjs',
      output: { path: out, filename: 'main.cjs' },
    });
    break;
  case 'vite': {
    const { build } = await import('vite');
    await build({
      configFile: false,
      root: `${app}/web-vite`,
      logLevel: 'warn',
      build: { outDir: out, emptyOutDir: true },
    });
    break;
  }
  case 'webpack-web':
    await webpackRun({
      target: 'web',
      entry: './web-webpack/main.js',
      output: { path: out, filename: 'main.js', publicPath: 'auto' },
    });
    cpSync(`${app}/web-webpack/index.html`, `${out}/index.html`);
    break;
  case 'esbuild-browser':
    await (await esbuild()).build({
      entryPoints: [`${app}/web-esbuild/main.js`],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      loader: { '.wasm': 'file' },
      outdir: out,
      logLevel: 'warning',
    });
    cpSync(`${app}/web-esbuild/index.html`, `${out}/index.html`);
    break;
  default:
    throw new Error(`bundle.mjs: no kind ${kind}`);
}
