// What build/test-trap/ is built from (scripts/build-test-trap.mjs), as one digest: the
// crate's sources and manifests, pkg/ (whose JS it copies), the bundle's source it
// bundles again and the build scripts.
// The build writes it to build/test-trap/inputs.sha256; js-tests/self-heal.test.mjs
// rebuilds when the digest it computes differs, so a source change never runs the test
// on a stale trap build.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const INPUTS = [
  'src',
  'pkg',
  'Cargo.toml',
  'Cargo.lock',
  'pkg-template/lib/bundle.js',
  'scripts/build-test-trap.mjs',
  'scripts/bundle-lib.mjs',
  'scripts/glue-hook.mjs',
];

function files(path) {
  if (!existsSync(`${root}${path}`)) return [];
  if (!statSync(`${root}${path}`).isDirectory()) return [path];
  return readdirSync(`${root}${path}`)
    .sort()
    .flatMap((name) => files(`${path}/${name}`));
}

export const STAMP = 'build/test-trap/inputs.sha256';

export function testTrapInputs() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(files)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(`${root}${file}`));
    hash.update('\0');
  }
  return hash.digest('hex');
}
