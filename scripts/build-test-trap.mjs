// The test-only build for js-tests/self-heal.test.mjs: the release wasm with the
// `test-trap` feature (exports that trap on purpose), in its own target dir so the
// published build is untouched, laid out as build/test-trap/ = pkg/ with that wasm: the
// same entries and the same JS layer, so the test exercises the published engine code.
// Never writes pkg/. Run after `make build` (it copies pkg/'s JS).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundleLib } from './bundle-lib.mjs';
import { addRenewHook } from './glue-hook.mjs';
import { STAMP, testTrapInputs } from './test-trap-inputs.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (path) => `${root}${path}`;
const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: 'inherit' });

if (!existsSync(at('pkg/lib/index.js'))) throw new Error('build-test-trap: run `make build` first (pkg/ is copied)');
// The digest of what this build reads, taken before it reads it.
const inputs = testTrapInputs();
const targetDir = at('target/test-trap');
run('cargo', [
  'build',
  '--release',
  '--target',
  'wasm32-unknown-unknown',
  '--lib',
  '--features',
  'test-trap',
  '--target-dir',
  targetDir,
]);

const out = at('build/test-trap');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
cpSync(at('pkg'), out, { recursive: true });
run('wasm-bindgen', [
  '--target',
  'web',
  '--out-dir',
  `${out}/wasm`,
  '--out-name',
  'mcp_envelope',
  `${targetDir}/wasm32-unknown-unknown/release/mcp_envelope.wasm`,
]);
writeFileSync(`${out}/wasm/mcp_envelope.js`, addRenewHook(readFileSync(`${out}/wasm/mcp_envelope.js`, 'utf8')));
// The entries load the glue inside lib/bundle.js: bundled again, with this glue.
cpSync(at('pkg-template/lib/bundle.js'), `${out}/lib/bundle.js`);
bundleLib(out);
const bytes = readFileSync(`${out}/wasm/mcp_envelope_bg.wasm`);
writeFileSync(`${out}/wasm/mcp_envelope_bg.wasm.js`, `export default '${bytes.toString('base64')}';\n`);
writeFileSync(at(STAMP), `${inputs}\n`);
console.log('build-test-trap: wrote build/test-trap/');
