// The shipped declaration files: no `any` anywhere, and every runtime export declared.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as api from '../pkg/node.js';

const pkg = new URL('../pkg/', import.meta.url);
const files = readdirSync(pkg, { recursive: true }).filter((file) => file.endsWith('.d.ts'));
const declarations = files.map((file) => [file, readFileSync(new URL(file, pkg), 'utf8')]);
const publicDeclarations = declarations.filter(([file]) => !file.startsWith('wasm'));

const withoutComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');

test('no `any` in any shipped declaration', () => {
  for (const [file, text] of declarations) {
    const code = withoutComments(text);
    assert.doesNotMatch(code, /\bany\b/, `${file} mentions any`);
  }
});

test('every runtime export of the Node entry is declared in the public declarations', () => {
  assert.ok(files.includes('index.d.ts'));
  const code = publicDeclarations.map(([, text]) => withoutComments(text)).join('\n');
  for (const name of Object.keys(api)) {
    assert.match(code, new RegExp(`export declare (?:enum|class|function|const) ${name}\\b`), name);
  }
});
