// The shipped declaration files: no `any` anywhere, and every runtime export declared.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as api from '../pkg/node.js';

const pkg = new URL('../pkg/', import.meta.url);
// lib/ holds the JS layer's own declarations (abi.d.ts, for its type check): not shipped.
const files = readdirSync(pkg, { recursive: true }).filter((file) => file.endsWith('.d.ts') && !file.startsWith('lib'));
const declarations = files.map((file) => [file, readFileSync(new URL(file, pkg), 'utf8')]);
const publicDeclarations = declarations.filter(([file]) => !file.startsWith('wasm'));

const withoutComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');

test('no `any` in any shipped declaration', () => {
  for (const [file, text] of declarations) {
    const code = withoutComments(text);
    assert.doesNotMatch(code, /\bany\b/, `${file} mentions any`);
  }
});

const glue = withoutComments(readFileSync(new URL('wasm/mcp_envelope.d.ts', pkg), 'utf8'));

test('every runtime export of the Node entry is declared in the public declarations', () => {
  assert.ok(files.includes('index.d.ts'));
  const code = publicDeclarations.map(([, text]) => withoutComments(text)).join('\n');
  // A value re-exported from the generated declarations of the glue (src/wasm/types.rs).
  const reexported = new Set(
    [...code.matchAll(/export \{([^}]*)\} from '\.\/wasm\/mcp_envelope\.js'/g)].flatMap(([, names]) =>
      names.split(',').map((n) => n.trim()),
    ),
  );
  for (const name of Object.keys(api)) {
    if (reexported.has(name)) {
      assert.match(glue, new RegExp(`export (?:declare )?(?:enum|class|function|const) ${name}\\b`), name);
    } else {
      assert.match(code, new RegExp(`export declare (?:enum|class|function|const) ${name}\\b`), name);
    }
  }
});

test('the generated JsonRpcErrorCode declaration is the core table, value for value', () => {
  const body = /export enum JsonRpcErrorCode \{([^}]*)\}/.exec(glue)?.[1];
  assert.ok(body, 'the glue declares the enum');
  const declared = [...body.matchAll(/(\w+) = (-?\d+)/g)].map(([, name, value]) => [name, Number(value)]);
  const names = Object.keys(api.JsonRpcErrorCode).filter((k) => Number.isNaN(Number(k)));
  assert.equal(declared.length, 19);
  assert.deepEqual(
    declared,
    names.map((name) => [name, api.JsonRpcErrorCode[name]]),
  );
});

test('the generated canonical codes are the runtime TOOL_ERROR_CODES', () => {
  const body = /export type CanonicalToolErrorCodes = readonly \[([^\]]*)\]/.exec(glue)?.[1];
  assert.ok(body, 'the glue declares the tuple');
  assert.deepEqual(
    [...body.matchAll(/'([A-Z_]+)'/g)].map(([, code]) => code),
    [...api.TOOL_ERROR_CODES],
  );
});

// A type declared (not imported) by a file: `interface X`, `type X`, `enum X`, `class X`.
const declaredTypes = (code) =>
  new Set(
    [...code.matchAll(/^(?:export )?(?:declare )?(?:interface|type|enum|class) ([\w$]+)/gm)].map(([, name]) => name),
  );
// What wasm-bindgen itself declares for the web target's loader; no shape of ours.
const loaderTypes = new Set(['InitInput', 'InitOutput', 'SyncInitInput']);
const generatedTypes = [...declaredTypes(glue)].filter((name) => !loaderTypes.has(name));

test('no shape is declared both in the generated and in a hand-written declaration', () => {
  assert.ok(
    generatedTypes.includes('ErrorContractEntry') && generatedTypes.includes('LogRecord'),
    "the glue declares the shapes derived from the core's types",
  );
  for (const [file, text] of publicDeclarations) {
    const repeated = [...declaredTypes(withoutComments(text))].filter((name) => generatedTypes.includes(name));
    assert.deepEqual(repeated, [], `${file} declares what the core's types generate`);
  }
});

test('every generated shape and every shape of types/shapes.d.ts is exported by the public declarations', () => {
  const code = publicDeclarations
    .filter(([file]) => !file.endsWith('shapes.d.ts'))
    .map(([, text]) => withoutComments(text))
    .join('\n');
  const reexportedFrom = (module) =>
    new Set(
      [...code.matchAll(new RegExp(`export (?:type )?\\{([^}]*)\\} from '(?:\\.\\.?\\/)+${module}'`, 'g'))].flatMap(
        ([, names]) => names.split(',').map((n) => n.trim()),
      ),
    );
  const fromGlue = reexportedFrom('wasm\\/mcp_envelope\\.js');
  for (const name of generatedTypes) assert.ok(fromGlue.has(name), `${name} is generated but not exported`);
  const shapes = withoutComments(readFileSync(new URL('types/shapes.d.ts', pkg), 'utf8'));
  const fromShapes = reexportedFrom('(?:types\\/)?shapes\\.js');
  for (const name of declaredTypes(shapes)) assert.ok(fromShapes.has(name), `${name} is declared but not exported`);
});

test('the CommonJS declarations are the ESM ones with .cjs specifiers', () => {
  for (const [file, text] of declarations) {
    if (file === 'wasm.d.ts') {
      // mcp-envelope/wasm: under require, a bundler's file loader gives `module.exports =
      // url`, so its CommonJS twin says `export =` where the ESM one says `export default`.
      const cts = readFileSync(new URL('wasm.d.cts', pkg), 'utf8');
      assert.match(text, /^declare const wasmUrl: string;\nexport default wasmUrl;$/m);
      assert.match(cts, /^declare const wasmUrl: string;\nexport = wasmUrl;$/m);
      continue;
    }
    const cts = readFileSync(new URL(file.replace(/\.d\.ts$/, '.d.cts'), pkg), 'utf8');
    assert.doesNotMatch(cts, /from\s+'\.{1,2}\/[^']*\.js'/, `${file}: a .d.cts imports an ESM declaration`);
    assert.equal(cts.replace(/(from\s+'\.{1,2}\/[^']*)\.cjs'/g, "$1.js'"), text, file);
  }
});
