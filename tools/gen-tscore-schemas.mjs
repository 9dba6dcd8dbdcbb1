// Regenerates tests/fixtures/tscore_schemas.json from tests/conformance/tscore.json.
//
// The JSON-RPC conformance vectors name each tool's input schema as a Zod 4
// expression. The Rust core never runs Zod: it learns accepted keys from the
// tool's JSON Schema, as a server publishes it in `inputSchema`. This script
// evaluates every distinct expression with Zod 4, makes the root object strict
// where the vector says the reference did (`rootStrictened`), and records
// `z.toJSONSchema(...)` for it. It also records the issues Zod raises for the
// `zodMessage` vectors, which give a schema and a value but no issues, and for
// the one `validation-caps` vector whose placeholder is a plain array, Zod's own
// issue count and first issues, so the test can check the issues it rebuilds.
//
// Usage (from the repository root): node tools/gen-tscore-schemas.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const vectorsPath = resolve(root, 'tests/conformance/tscore.json');
const outPath = resolve(root, 'tests/fixtures/tscore_schemas.json');

const vectors = JSON.parse(readFileSync(vectorsPath, 'utf8'));

// The expressions are the vectors' own test code; `z` is the only name they use.
const evaluate = (expression) => new Function('z', `return (${expression});`)(z);

// The reference makes a root object strict only when it strips unknown keys (no
// catchall of its own): `.catchall(z.number())` keeps validating extra keys.
const strictRoot = (schema) =>
  schema instanceof z.ZodObject && schema._zod.def.catchall === undefined ? schema.strict() : schema;

const toJsonSchema = (schema) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

const schemas = {};
const zodMessageIssues = {};
const capsIssues = {};
const strictness = {};
const compiled = {};

for (const vector of vectors) {
  const expression = vector.input?.schema;
  if (typeof expression !== 'string') continue;
  if (vector.kind === 'validation' || vector.kind === 'validation-caps') {
    const strict = vector.input.rootStrictened === true;
    if (vector.kind === 'validation-caps') recordCapsIssues(vector, expression);
    if (expression in strictness) {
      if (strictness[expression] !== strict) {
        throw new Error(`${vector.id}: ${expression} appears both with and without rootStrictened`);
      }
      continue;
    }
    strictness[expression] = strict;
    let schema = evaluate(expression);
    if (strict) schema = strictRoot(schema);
    schemas[expression] = toJsonSchema(schema);
    compiled[expression] = schema;
  } else if (vector.kind === 'zodMessage') {
    const result = evaluate(expression).safeParse(vector.input.value);
    if (result.success) throw new Error(`${vector.id}: the value unexpectedly parsed`);
    zodMessageIssues[vector.id] = result.error.issues;
  }
}

function recordCapsIssues(vector, expression) {
  const args = { ...vector.input.args };
  let rebuilt = false;
  for (const [key, value] of Object.entries(args)) {
    const m = typeof value === 'string' && /^<Array\((\d+)\)\.fill\(true\)>$/.exec(value);
    if (m) {
      args[key] = Array(Number(m[1])).fill(true);
      rebuilt = true;
    }
  }
  if (!rebuilt) return;
  const result = evaluate(expression).safeParse(args);
  if (result.success) throw new Error(`${vector.id}: the rebuilt arguments unexpectedly parsed`);
  capsIssues[vector.id] = { count: result.error.issues.length, first: result.error.issues.slice(0, 10) };
}

// The schemas must be the ones the reference validated with: each `validation`
// vector's arguments must raise exactly its recorded issues again.
for (const vector of vectors) {
  if (vector.kind !== 'validation') continue;
  const result = compiled[vector.input.schema].safeParse(vector.input.args);
  const got = JSON.stringify(result.success ? [] : result.error.issues);
  if (got !== JSON.stringify(vector.input.zodIssues)) {
    throw new Error(`${vector.id}: Zod raised ${got}, the vector recorded ${JSON.stringify(vector.input.zodIssues)}`);
  }
}

const fixture = {
  _generatedBy: 'tools/gen-tscore-schemas.mjs',
  _zodVersion: z.core?.version ? `${z.core.version.major}.${z.core.version.minor}.${z.core.version.patch}` : 'unknown',
  schemas,
  zodMessageIssues,
  capsIssues,
};
writeFileSync(outPath, `${JSON.stringify(fixture, null, 2)}\n`);
console.log(
  `wrote ${Object.keys(schemas).length} schemas and ${Object.keys(zodMessageIssues).length} zodMessage issue lists to ${outPath}`,
);
