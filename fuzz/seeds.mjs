// Writes the committed seed corpus (fuzz/corpus/<target>/) from the conformance vectors:
// `node fuzz/seeds.mjs`. Small on purpose; libFuzzer grows its own corpus elsewhere.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';

const root = new URL('..', import.meta.url);
const vectors = ['fusion', 'tscore'].map((n) =>
  JSON.parse(readFileSync(new URL(`tests/conformance/${n}.json`, root), 'utf8')),
);
const found = { issues: [], strings: [], objects: [], texts: [] };
const walk = (v, key, depth) => {
  if (depth > 12) return;
  if (typeof v === 'string') {
    if (v.length < 400) found.strings.push(v);
    if (v.includes('<tool_error') || v.includes('<validation_error') || v.startsWith('Error:')) found.texts.push(v);
  } else if (Array.isArray(v)) {
    if (/issues/i.test(key ?? '') && v.length < 40) found.issues.push(v);
    for (const x of v) walk(x, undefined, depth + 1);
  } else if (v && typeof v === 'object') {
    if (JSON.stringify(v).length < 600) found.objects.push(v);
    for (const [k, x] of Object.entries(v)) walk(x, k, depth + 1);
  }
};
vectors.forEach((v) => walk(v, undefined, 0));
const pick = (list, n) => [...new Set(list.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))))].slice(0, n);
const write = (target, seeds) => {
  const dir = new URL(`fuzz/corpus/${target}/`, root);
  mkdirSync(dir, { recursive: true });
  for (const seed of seeds)
    writeFileSync(new URL(createHash('sha1').update(seed).digest('hex').slice(0, 16), dir), seed);
};
const issues = pick(found.issues, 24);
const objects = pick(found.objects, 24);
const strings = pick(found.strings, 24);
const texts = pick(found.texts, 24);
write('json_reader', [...issues.slice(0, 12), ...objects.slice(0, 12), '"\\ud800"', '-0', '1e400', '[[[[[[]]]]]]']);
write(
  'xml_issues',
  issues.map((x, i) => `${x}\0${strings[i % strings.length]}\0${objects[i % objects.length]}`),
);
write(
  'jsonrpc_issues',
  issues.map(
    (x, i) =>
      `${x}\0tool\0${objects[i % objects.length]}\0${objects[(i + 1) % objects.length]}\0${objects[(i + 2) % objects.length]}`,
  ),
);
write(
  'classifier',
  strings.map((s, i) => `${i}\0Error\0${s}\0${['ECONNREFUSED', '-32602', 'ETIMEDOUT', ''][i % 4]}\0`),
);
write(
  'xml_builders',
  strings.map(
    (s, i) => `NOT_FOUND\0${s}\0${strings[(i + 1) % strings.length]}\0["a","b"]\0["k"]\0${objects[i % objects.length]}`,
  ),
);
write('client_parser', texts.length ? texts : strings);
