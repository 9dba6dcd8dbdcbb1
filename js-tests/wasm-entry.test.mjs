// `mcp-envelope/wasm` (issue 17 item 5): the README's esbuild recipe type-checks as
// TypeScript under the module resolutions TypeScript 7 has (bundler, NodeNext from ESM
// and from CommonJS; attw below covers node10 too), with `wasmUrl` a string (not `any`); the entry still
// resolves to the shipped .wasm for require.resolve and import.meta.resolve; and
// arethetypeswrong finds nothing on the packed tarball with no entry point excluded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import { linkPackage, root } from './link-package.mjs';

const OUT = `${root}build/wasm-entry`;
const README = readFileSync(`${root}README.md`, 'utf8');

/** The README's esbuild recipe: the `js browser` block that imports `mcp-envelope/wasm`. */
function recipe() {
  const blocks = [...README.matchAll(/^```js browser\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
  const found = blocks.filter((b) => b.includes("from 'mcp-envelope/wasm'"));
  assert.equal(found.length, 1, 'one README recipe imports mcp-envelope/wasm');
  return found[0];
}

// A string, not `any`: assigning it to a number must be an error the directive expects.
const CHECKS = `
const url: string = wasmUrl;
// @ts-expect-error wasmUrl is a string
const notANumber: number = wasmUrl;
void url;
void notANumber;
`;

const SETUPS = {
  bundler: { module: 'ESNext', moduleResolution: 'Bundler', ext: 'ts', code: (r) => `${r}${CHECKS}` },
  'nodenext (ESM)': { module: 'NodeNext', moduleResolution: 'NodeNext', ext: 'mts', code: (r) => `${r}${CHECKS}` },
  'nodenext (CommonJS)': {
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    ext: 'cts',
    code: () => `import wasmUrl = require('mcp-envelope/wasm');\n${CHECKS}export {};\n`,
  },
};

test('the esbuild recipe imports mcp-envelope/wasm as a string URL under every resolution', () => {
  linkPackage();
  rmSync(OUT, { recursive: true, force: true });
  for (const [label, setup] of Object.entries(SETUPS)) {
    const dir = `${OUT}/${label.replace(/\W+/g, '-')}`;
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}/main.${setup.ext}`, setup.code(recipe()));
    writeFileSync(
      `${dir}/tsconfig.json`,
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'ES2022',
          module: setup.module,
          moduleResolution: setup.moduleResolution,
          lib: ['ES2022', 'DOM'],
          types: [],
          skipLibCheck: false,
        },
        files: [`main.${setup.ext}`],
      }),
    );
    const run = spawnSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', dir], {
      encoding: 'utf8',
      cwd: dir,
    });
    assert.equal(run.status, 0, `${label}: ${run.stdout}${run.stderr}`);
  }
});

test('mcp-envelope/wasm still resolves to the shipped .wasm', async () => {
  linkPackage();
  const require = createRequire(`${root}js-tests/`);
  // node_modules/mcp-envelope is a link to pkg/, which Node resolves to its real path.
  assert.equal(require.resolve('mcp-envelope/wasm'), `${root}pkg/wasm/mcp_envelope_bg.wasm`);
  const resolved = import.meta.resolve('mcp-envelope/wasm');
  assert.equal(resolved, new URL('../pkg/wasm/mcp_envelope_bg.wasm', import.meta.url).href);
  const bytes = readFileSync(new URL(resolved));
  assert.ok(WebAssembly.validate(bytes));
});

test('arethetypeswrong: no problem on any entry point, none excluded', () => {
  mkdirSync(OUT, { recursive: true });
  const tarball = execFileSync('npm', ['pack', `${root}pkg`, '--pack-destination', OUT, '--silent'], {
    encoding: 'utf8',
    cwd: OUT,
  })
    .trim()
    .split('\n')
    .pop();
  const cli = `${root}node_modules/@arethetypeswrong/cli/dist/index.js`;
  const run = spawnSync(process.execPath, [cli, `${OUT}/${tarball}`, '--format', 'json'], { encoding: 'utf8' });
  const report = JSON.parse(run.stdout);
  assert.deepEqual(report.analysis.problems, [], JSON.stringify(report.analysis.problems));
  const entries = Object.keys(report.analysis.entrypoints);
  assert.deepEqual(entries.sort(), ['.', './package.json', './wasm']);
  assert.equal(run.status, 0);
});
