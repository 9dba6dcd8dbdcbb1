// Turns the release wasm into the npm package in pkg/: wasm-bindgen (web target, the
// one glue every entry shares), wasm-opt, then the hand-written layer of pkg-template/.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (path) => `${root}${path}`;
const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: 'inherit' });

const input = at('target/wasm32-unknown-unknown/release/mcp_envelope.wasm');
const bindgen = at('build/bindgen');
const pkg = at('pkg');

rmSync(bindgen, { recursive: true, force: true });
rmSync(pkg, { recursive: true, force: true });
run('wasm-bindgen', ['--target', 'web', '--out-dir', bindgen, '--out-name', 'mcp_envelope', input]);

mkdirSync(`${pkg}/wasm`, { recursive: true });
// The features rustc enables by default for wasm32; naming them beats --all-features,
// which can emit a module older engines refuse.
const features = [
  '--enable-bulk-memory',
  '--enable-mutable-globals',
  '--enable-nontrapping-float-to-int',
  '--enable-sign-ext',
  '--enable-reference-types',
  '--enable-multivalue',
];
run(at('node_modules/.bin/wasm-opt'), [
  `${bindgen}/mcp_envelope_bg.wasm`,
  '-Oz',
  ...features,
  '-o',
  `${pkg}/wasm/mcp_envelope_bg.wasm`,
]);
for (const file of ['mcp_envelope.js', 'mcp_envelope.d.ts']) {
  cpSync(`${bindgen}/${file}`, `${pkg}/wasm/${file}`);
}

const template = JSON.parse(readFileSync(at('pkg-template/package.json'), 'utf8'));
const version = /^version\s*=\s*"([^"]+)"/m.exec(readFileSync(at('Cargo.toml'), 'utf8'))?.[1];
if (!version) throw new Error('build-pkg: no version in Cargo.toml');
cpSync(at('pkg-template'), pkg, { recursive: true, filter: (source) => !source.endsWith('package.json') });
writeFileSync(`${pkg}/package.json`, `${JSON.stringify({ ...template, version }, null, 2)}\n`);
console.log(`build-pkg: wrote pkg/ (mcp-envelope ${version})`);
