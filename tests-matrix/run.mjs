// make test-matrix: the packed tarball, installed into a scratch project under
// build/matrix/, in every runtime and bundler the README names. Each row prints the same
// probe (fixtures/probe.mjs); it must equal what pkg/ returns in plain Node. A row that
// cannot run fails; none is skipped.
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const here = `${root}tests-matrix`;
const work = `${root}build/matrix`;
const app = `${work}/app`;
const out = (name) => `${work}/out/${name}`;
const bin = (path) => `${root}node_modules/${path}`;
const node = { 20: bin('node20/bin/node'), 22: bin('node22/bin/node'), 24: bin('node24/bin/node') };
const bun = bin('bun/bin/bun.exe');
const deno = bin('@deno/linux-x64-glibc/deno');
const started = performance.now();

// The reference: the package as built in pkg/, in this (plain) Node.
const { probe } = await import(`${here}/fixtures/probe.mjs`);
const expected = JSON.parse(JSON.stringify(probe(await import(`${root}pkg/node.js`))));

// Pack pkg/ and install the tarball into a scratch project, as a user would.
rmSync(work, { recursive: true, force: true });
mkdirSync(app, { recursive: true });
const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', work], {
  cwd: `${root}pkg`,
  encoding: 'utf8',
})
  .trim()
  .split('\n')
  .pop();
cpSync(`${here}/fixtures`, app, { recursive: true, filter: (source) => !source.includes('/fixtures/web') });
for (const bundler of ['vite', 'webpack', 'esbuild']) {
  mkdirSync(`${app}/web-${bundler}`);
  cpSync(`${here}/fixtures/web/index.html`, `${app}/web-${bundler}/index.html`);
  cpSync(`${here}/fixtures/web/${bundler}.js`, `${app}/web-${bundler}/main.js`);
}
writeFileSync(
  `${app}/package.json`,
  `${JSON.stringify({ name: 'matrix-app', private: true, dependencies: { 'mcp-envelope': `file:../${tarball}` } }, null, 2)}\n`,
);
writeFileSync(`${app}/wrangler.toml`, 'name = "matrix"\nmain = "worker.mjs"\ncompatibility_date = "2025-06-01"\n');
execFileSync('npm', ['install', '--no-audit', '--no-fund', '--offline', '--silent'], { cwd: app, stdio: 'inherit' });
const setupSeconds = (performance.now() - started) / 1000;

const env = {
  ...process.env,
  NO_COLOR: '1',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_LOG_PATH: `${work}/wrangler-logs`,
  DENO_DIR: `${work}/deno-dir`,
  DENO_NO_UPDATE_CHECK: '1',
};
const bundle = (kind) => [node[20], [`${here}/bundle.mjs`, kind, app, out(kind)]];
const browse = (kind) => [node[20], [`${here}/browse.mjs`, out(kind)]];

const rows = [
  ...[20, 22, 24].flatMap((v) => [
    [`Node ${v} ESM import`, [node[v], ['esm.mjs']]],
    [`Node ${v} CJS require`, [node[v], ['cjs.cjs']]],
  ]),
  ['Bun run ESM', [bun, ['esm.mjs']]],
  ['Bun run CJS', [bun, ['cjs.cjs']]],
  [
    'bun build --target=bun',
    [bun, ['build', 'esm.mjs', '--target=bun', '--outfile', `${out('bun')}/main.js`]],
    [bun, [`${out('bun')}/main.js`]],
  ],
  [
    'bun build --target=node --conditions=module, run in Node 22',
    [bun, ['build', 'esm.mjs', '--target=node', '--conditions=module', '--outfile', `${out('bun-node')}/main.mjs`]],
    [node[22], [`${out('bun-node')}/main.mjs`]],
  ],
  ['Deno run, no permission flags', [deno, ['run', 'esm.mjs']]],
  ['esbuild bundle for Node (ESM)', bundle('esbuild-node-esm'), [node[20], [`${out('esbuild-node-esm')}/main.mjs`]]],
  ['esbuild bundle for Node (CJS)', bundle('esbuild-node-cjs'), [node[20], [`${out('esbuild-node-cjs')}/main.cjs`]]],
  ['webpack 5 bundle for Node', bundle('webpack-node'), [node[20], [`${out('webpack-node')}/main.cjs`]]],
  [
    'Cloudflare Workers: wrangler bundle, Miniflare (workerd)',
    [
      node[22],
      [
        bin('wrangler/bin/wrangler.js'),
        'deploy',
        '--dry-run',
        '--outdir',
        out('wrangler'),
        '--config',
        `${app}/wrangler.toml`,
      ],
    ],
    [node[22], [`${here}/serve-worker.mjs`, out('wrangler')]],
  ],
  ['Chromium: Vite build', bundle('vite'), browse('vite')],
  ['Chromium: webpack 5 build', bundle('webpack-web'), browse('webpack-web')],
  ['Chromium: esbuild build', bundle('esbuild-browser'), browse('esbuild-browser')],
  [
    'publint (all levels) on the installed package',
    [node[20], [`${here}/lint.mjs`, 'publint', `${app}/node_modules/mcp-envelope`]],
  ],
  ['arethetypeswrong on the tarball', [node[20], [`${here}/lint.mjs`, 'attw', `${work}/${tarball}`]]],
];

function run([command, args]) {
  return new Promise((resolve) => {
    // Its own process group, so a row that hangs is stopped with everything it started.
    const child = spawn(command, args, { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, 180_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ status: -1, stdout, stderr: `${stderr}${error.message}` });
    });
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status: signal ? `killed (${signal})` : status, stdout, stderr });
    });
  });
}

async function check([name, ...steps]) {
  const start = performance.now();
  let last;
  for (const step of steps) {
    last = await run(step);
    if (last.status !== 0) {
      return {
        name,
        ok: false,
        why: `${step[0].split('/').pop()} ${step[1].join(' ')} exited ${last.status}\n${last.stderr}${last.stdout}`,
      };
    }
  }
  const seconds = ((performance.now() - start) / 1000).toFixed(1);
  if (steps.at(-1)[1][0].endsWith('/lint.mjs')) {
    return last.stdout.trim().endsWith('CLEAN') ? { name, ok: true, seconds } : { name, ok: false, why: last.stdout };
  }
  const line = last.stdout.split('\n').find((l) => l.startsWith('PROBE '));
  if (!line) return { name, ok: false, why: `no PROBE line in:\n${last.stdout}${last.stderr}` };
  const actual = JSON.parse(line.slice(6));
  if (!isDeepStrictEqual(actual, expected)) {
    return {
      name,
      ok: false,
      why: `differs from plain Node:\n  got      ${JSON.stringify(actual)}\n  expected ${JSON.stringify(expected)}`,
    };
  }
  return { name, ok: true, seconds };
}

// Two at a time: the machine has two cores, and most rows are process start-up.
const results = new Array(rows.length);
let next = 0;
await Promise.all(
  [0, 1].map(async () => {
    while (next < rows.length) {
      const i = next++;
      results[i] = await check(rows[i]);
      const r = results[i];
      console.log(r.ok ? `ok   ${r.name} (${r.seconds} s)` : `FAIL ${r.name}\n${r.why.replace(/^/gm, '     ')}`);
    }
  }),
);
const failed = results.filter((r) => !r.ok).length;
console.log(
  `test-matrix: ${((performance.now() - started) / 1000).toFixed(1)} s (pack and install ${setupSeconds.toFixed(1)} s)`,
);
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
