// Differential check against the reference: mcp-ts-core 0.10.17's determineErrorCode on
// the benchmark's 10,000 errors. The only differences allowed are the newer rules that
// release predates (engine-limit RangeErrors are InternalError, seed 002 step 4).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ErrorHandler } from '@cyanheads/mcp-ts-core/utils';
import { classify } from '../pkg/node.js';
import { corpus } from '../bench/corpus.mjs';

const ENGINE_LIMITS = new Set(['Maximum call stack size exceeded', 'Invalid string length']);

test('classify agrees with mcp-ts-core 0.10.17 on 10,000 varied errors, except its older rules', () => {
  let agreed = 0;
  let newerRule = 0;
  const disagreements = [];
  for (const error of corpus()) {
    const ours = classify(error).code;
    const theirs = ErrorHandler.determineErrorCode(error);
    if (ours === theirs) agreed++;
    else if (error.name === 'RangeError' && ENGINE_LIMITS.has(error.message) && ours === -32603) newerRule++;
    else disagreements.push(`${error.name}: ${error.message} → ours ${ours}, reference ${theirs}`);
  }
  console.log(
    `reference agreement: ${agreed} same, ${newerRule} by the newer engine-limit rule, ${disagreements.length} other`,
  );
  assert.deepEqual(disagreements.slice(0, 20), []);
  assert.ok(newerRule > 0, 'the corpus exercises the engine-limit rule');
});

test('the hand-written matchers equal the reference regexes on 20,000 adversarial strings', () => {
  const fragments = [
    'not',
    'NOT',
    ' ',
    '  ',
    '\t',
    '\n',
    '\r',
    '\u2028',
    '\u3000',
    '\u0085',
    '\ufeff',
    '\u00a0',
    'logged',
    'in',
    'access',
    'denied',
    'allowed',
    '_',
    '-',
    'token',
    'invalid',
    'expired',
    'status code 5',
    'status code 4',
    '0',
    '9',
    'x',
    'ſ',
    'İ',
    'K',
    'missing',
    'field',
    'arg',
    'authorized',
    'abort',
    'cancel',
    'led',
    'ed',
    'zod',
    'dns',
    'found',
    'no such',
    "doesn't",
    'exist',
    'quota',
    ' exceeded',
    'rate',
    ' limit',
    'é',
    '😀',
  ];
  let state = 7;
  const random = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
  const mismatches = [];
  for (let i = 0; i < 20_000; i++) {
    let message = '';
    const parts = 1 + Math.floor(random() * 8);
    for (let p = 0; p < parts; p++) {
      const fragment = fragments[Math.floor(random() * fragments.length)];
      message += random() < 0.3 ? fragment.toUpperCase() : fragment;
    }
    const error = new Error(message);
    const ours = classify(error).code;
    const theirs = ErrorHandler.determineErrorCode(error);
    if (ours !== theirs) mismatches.push(`${JSON.stringify(message)} → ours ${ours}, reference ${theirs}`);
  }
  assert.deepEqual(mismatches.slice(0, 10), []);
});
