// The shipped declaration files: no `any` anywhere, and every runtime export declared.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as api from '../pkg/node.js';

const declarations = ['index.d.ts', 'wasm/mcp_envelope.d.ts'].map((file) => [
  file,
  readFileSync(new URL(`../pkg/${file}`, import.meta.url), 'utf8'),
]);

const withoutComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');

test('no `any` in any shipped declaration', () => {
  for (const [file, text] of declarations) {
    const code = withoutComments(text);
    assert.doesNotMatch(code, /\bany\b/, `${file} mentions any`);
  }
});

test('every runtime export of the Node entry is declared in index.d.ts', () => {
  const code = withoutComments(declarations[0][1]);
  for (const name of Object.keys(api)) {
    assert.match(code, new RegExp(`export declare (?:enum|class|function|const) ${name}\\b`), name);
  }
});
