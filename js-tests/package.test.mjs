// The package as a user installs it: entries, exports map, synchronous Node init,
// the browser entry's idempotent init().
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const pkgDir = new URL('../pkg/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', pkgDir), 'utf8'));

test('package.json declares exports, types, sideEffects and files that all exist', () => {
  assert.equal(manifest.name, 'mcp-envelope');
  assert.equal(manifest.type, 'module');
  assert.equal(manifest.types, './index.d.ts');
  const root = manifest.exports['.'];
  // Every leaf of the exports map exists; every entry that initialises on import is a
  // declared side effect, or a bundler would drop its initialisation.
  const leaves = [];
  const walk = (node) => (typeof node === 'string' ? leaves.push(node) : Object.values(node).forEach(walk));
  walk(manifest.exports);
  for (const leaf of leaves) assert.ok(existsSync(new URL(leaf, pkgDir)), `${leaf} exists`);
  for (const condition of ['workerd', 'deno', 'browser', 'bun', 'node', 'require', 'default']) {
    assert.ok(root[condition], `exports["."].${condition}`);
  }
  // ./wasm is the .wasm file under every condition, typed (wasm.d.ts / wasm.d.cts) as the URL string a bundler gives.
  assert.deepEqual(manifest.exports['./wasm'], {
    require: { types: './wasm.d.cts', default: './wasm/mcp_envelope_bg.wasm' },
    default: { types: './wasm.d.ts', default: './wasm/mcp_envelope_bg.wasm' },
  });
  const initialising = leaves.filter(
    (leaf) => leaf.endsWith('.js') && /^\s*internals\.instantiate\(/m.test(readFileSync(new URL(leaf, pkgDir), 'utf8')),
  );
  assert.deepEqual([...new Set(initialising)].sort(), ['./deno.js', './embedded.js', './node.js', './workerd.js']);
  assert.deepEqual([...manifest.sideEffects].sort(), ['./deno.js', './embedded.js', './node.js', './workerd.js']);
  for (const entry of manifest.files) {
    assert.ok(existsSync(new URL(entry, pkgDir)), `files entry ${entry} exists`);
  }
  assert.match(manifest.version, /^\d+\.\d+\.\d+/);
});

// The size guard (README, "Build level"): the shipped module, gzipped at level 9. The goal
// is 100 KB (102,400 bytes); the error layer of issue 17 (problem details, both dialects'
// code table, guidance, the widened output schema, the client's text parser) took it to
// 109,409 bytes at opt-level 2, and neither "s" (107,844) nor a trim fits the goal, so the
// guard holds today's size plus 1 %: growth past it must win bytes back first. Issue 20
// moved decisions from JS into the core (the one declared protocol: a request struct
// decoded per export, read in one pass; the thrown value's name rule) and took it to
// 114,432; requests laid out in wasm memory through three raw exports (no wasm-bindgen
// export per operation) took it to 112,214; the core reading in place to 113,209; the
// issues of Valibot, ArkType, Standard Schema, Ajv and @cfworker/json-schema read as
// Zod 4 issues (src/source/, 22 KB of code) to 124,278; httpErrorFromResponse
// (src/upstream/, about 15 KB of code) to 131,619; checkContract, capabilityMissing and
// the failure record to 141,846; pre-validation (src/prevalidate/, about 50 KB of code
// before compression: the key stages, the value repairs, their gates and the held
// repairs) to 164,031; the Ajv reader's date, time, duration and IP formats and its integer
// rule (shared with the Rust API's jsonschema errors) to 164,322; the core's share of the Rust API
// since to 164,209; classify's answer as an index, and the parser and data.issues' bound
// building values where they go (2.4 KB less code, which compresses less well) to 164,544;
// checking that a thrown McpError's deep data member is JSON before it goes out as sent
// (a validator without recursion, about 1.7 KB of code) to 165,223; issue 21's kept-whole
// path for data.issues (0.7 KB gzipped) and byte-scanned XML escaping (0.3 KB), each
// bought for its speed, to 166,356; data.issues written from the request's own text
// (a parse that keeps each issue's text, the writer that copies it, the bound that
// only checks an issue it keeps whole: 2 KB), bought for 10 % of formatValidation, to 168,276;
// lists of strings crossing as strings rather than JSON (a third of toolError with every
// field) to 168,618; toolError written from the request's own strings (one writer over borrowed
// fields, no copy of an option) to 168,477; its text written with room made up front and after the
// reply's flags, not copied behind them, to 168,634 (168,631 with one parse for the JSON fields
// an operation reads only sometimes); classify's patterns ruling a `head  tail` alternative out
// by its tails too and answering an empty cause chain without the parser to 168,715; the
// secret scan's one-pass pre-check, and an McpError's deep data fields marked and put back
// in one pass each instead of a search per tag and per field (a cost that grew with the square
// of the data's size: 17 s for 1 Mi units of tags) to 169,336; the markers' tag avoiding the
// message and the record's texts and carrying random bits (a message spelling a marker took a
// deep field's unmasked text) to 169,762; each request read straight into its struct (a slot
// on the stack only for a field that borrows from one, no Vec of members) to 169,087; one reader
// of a 0-or-1 byte for a boolean and a presence to 169,092; classify's rules indexed by the
// pairs their needles need (a 4 KB table, mostly zeros; the core's classify 23 % faster) to 169,266.
// The goal is still to be met again.
test('the shipped .wasm is at most 169,280 bytes gzipped (the goal is 102,400)', () => {
  const wasm = readFileSync(new URL('wasm/mcp_envelope_bg.wasm', pkgDir));
  const gzip = gzipSync(wasm, { level: 9 }).length;
  assert.ok(gzip <= 169_280, `${gzip} bytes gzipped (guard 169,280; goal 102,400)`);
});

/** The specifiers `file` (in pkg/) imports, as esbuild reads them. */
async function importsOf(file) {
  const seen = [];
  await build({
    entryPoints: [fileURLToPath(new URL(file, pkgDir))],
    bundle: true,
    write: false,
    format: 'esm',
    logLevel: 'silent',
    plugins: [
      {
        name: 'record',
        setup(resolving) {
          resolving.onResolve({ filter: /.*/ }, (args) => {
            if (args.kind === 'entry-point') return undefined;
            seen.push(args.path);
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  return seen;
}

// Cold start: each module Node loads costs about half a millisecond whatever its size, so
// an entry loads the JS layer and the glue as one module, which imports nothing.
test('each entry loads one module of JavaScript beside its .wasm: lib/bundle.js, which imports nothing', async () => {
  for (const entry of ['node.js', 'browser.js', 'deno.js', 'workerd.js', 'embedded.js']) {
    const javascript = (await importsOf(entry)).filter(
      (path) => !path.startsWith('node:') && !/\.wasm(\.js)?$/.test(path),
    );
    assert.deepEqual([...new Set(javascript)], ['./lib/bundle.js'], entry);
  }
  assert.deepEqual(await importsOf('lib/bundle.js'), []);
});

test('the embedded entry carries exactly the shipped .wasm', async () => {
  const { default: base64 } = await import('../pkg/wasm/mcp_envelope_bg.wasm.js');
  assert.deepEqual(Buffer.from(base64, 'base64'), readFileSync(new URL('wasm/mcp_envelope_bg.wasm', pkgDir)));
  const m = await import('../pkg/embedded.js');
  assert.equal(m.classify(new Error('status code 404')).code, -32001);
});

test('import() works with no init, and every entry exports the same names', async () => {
  const m = await import('../pkg/node.js');
  assert.equal(m.classify(new Error('status code 404')).code, -32001);
  assert.equal(typeof m.init, 'function');
  await m.init();
  const names = Object.keys(m).sort();
  assert.ok(names.length > 30, `${names.length} exports`);
  for (const entry of ['browser.js', 'embedded.js']) {
    assert.deepEqual(Object.keys(await import(`../pkg/${entry}`)).sort(), names, entry);
  }
});

test('require() of the package directory works synchronously and shares the ESM instance', async () => {
  const require = createRequire(import.meta.url);
  const viaRequire = require('../pkg');
  const viaImport = await import('../pkg/node.js');
  assert.equal(viaRequire.classify(new Error('ECONNRESET')).name, 'ServiceUnavailable');
  // One module instance: an McpError made through require() is recognised through import().
  assert.equal(viaImport.classify(viaRequire.notFound('gone')).code, -32001);
  assert.equal(viaRequire.McpError, viaImport.McpError);
});

test('browser entry: calls before init() fail clearly, init() is idempotent, then it works', async () => {
  const browser = await import('../pkg/browser.js');
  // node.js may already have initialised the shared engine in this process; use a fresh copy.
  const fresh = await import(`../pkg/browser.js?fresh=${Date.now()}`);
  assert.notEqual(fresh, browser);
  const bytes = readFileSync(new URL('wasm/mcp_envelope_bg.wasm', pkgDir));
  const first = fresh.init(bytes);
  const second = fresh.init(bytes);
  assert.equal(first, second, 'the same promise');
  await first;
  assert.equal(fresh.classify(new Error('rate limit')).code, -32003);
  assert.equal(await fresh.init(), undefined);
});

test('browser entry in a process where nothing initialised it throws a clear error', async () => {
  const script = `
    const m = await import(${JSON.stringify(new URL('browser.js', pkgDir).href)});
    try { m.classify(new Error('x')); console.log('no error'); }
    catch (e) { console.log(e.message); }
    try { await m.init(new Uint8Array([0, 1, 2])); } catch { console.log('bad bytes rejected'); }
    const { readFileSync } = await import('node:fs');
    await m.init(readFileSync(new URL('wasm/mcp_envelope_bg.wasm', ${JSON.stringify(pkgDir.href)})));
    console.log(m.classify(new Error('timed out')).name);
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(run.stdout.trim().split('\n'), [
    'mcp-envelope: the WebAssembly module is not initialised yet; `await init()` first',
    'bad bytes rejected',
    'Timeout',
  ]);
});

/** Runs `body` with a fresh temporary directory, removed afterwards. */
async function inTempDir(name, body) {
  const dir = mkdtempSync(`${tmpdir()}/mcp-envelope-${name}-`);
  try {
    await body(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the Node entry, imported or required, names the .wasm it cannot read, with the read error as the cause', () =>
  inTempDir('nowasm', async (dir) => {
    for (const file of ['package.json', 'node.js', 'node.cjs', 'lib/bundle.js']) {
      cpSync(new URL(file, pkgDir), `${dir}/${file}`);
    }
    const expected = (error) => {
      assert.match(error.message, /^mcp-envelope: cannot read .*\/wasm\/mcp_envelope_bg\.wasm; a bundle for Node must/);
      assert.equal(error.cause.code, 'ENOENT');
      return true;
    };
    await assert.rejects(import(`${dir}/node.js`), expected);
    assert.throws(() => createRequire(import.meta.url)(`${dir}/node.cjs`), expected);
  }));

// Node refuses to require() an ES module whose imports await at top level: the Node
// entry initialises synchronously, so a user's ES module that imports the package can
// itself be required (Node ≥ 20.19 / 22.12).
test('an ES module that imports the Node entry can be require()d by CommonJS', () =>
  inTempDir('requireesm', (dir) => {
    const entry = new URL('node.js', pkgDir).href;
    writeFileSync(
      `${dir}/server.mjs`,
      `import { classify } from ${JSON.stringify(entry)};\nexport const code = classify(new Error('x')).code;\n`,
    );
    const server = createRequire(import.meta.url)(`${dir}/server.mjs`);
    assert.equal(typeof server.code, 'number');
  }));

// Cold start: an ES import of a Node built-in reads each of its exports, and `fs`'s lazy
// ones load its promises, streams and readline (about 2 ms in Node 22). The Node entry
// takes `fs` as Node holds it, so importing the package loads none of them.
// A file, not `-e`: Node readies its ES module loader for an evaluated script's first
// import with modules of its own.
test('importing the Node entry loads none of the modules behind fs’s lazy exports', () =>
  inTempDir('coldstart', (dir) => {
    const entry = new URL('node.js', pkgDir).href;
    writeFileSync(
      `${dir}/probe.mjs`,
      `const before = new Set(process.moduleLoadList);
const { classify } = await import(${JSON.stringify(entry)});
classify(new Error('x'));
const loaded = process.moduleLoadList.filter((m) => !before.has(m));
console.log(JSON.stringify(loaded));
`,
    );
    const run = spawnSync(process.execPath, [`${dir}/probe.mjs`], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const loaded = JSON.parse(run.stdout);
    for (const module of [
      'NativeModule internal/fs/promises',
      'NativeModule internal/fs/streams',
      'NativeModule stream',
    ]) {
      assert.ok(!loaded.includes(module), `${module} was loaded: ${loaded.join(', ')}`);
    }
  }));
