// The Zod 4 suggestion rows of tests/conformance-own/fusion-source.json, through the
// package: each issue gets exactly the sentence the reference's Zod 4 formatter writes
// (vinkius-labs/mcp-fusion packages/core/src/core/execution/ValidationErrorFormatter.ts
// @ 71a95393b4e45db758957f81d0be0f858187a171), or none. Then the same sentences for
// issues real Zod 4 raises.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import * as m from '../pkg/node.js';

const sourceRows = JSON.parse(
  readFileSync(new URL('../tests/conformance-own/fusion-source.json', import.meta.url), 'utf8'),
).filter((row) => row.kind === 'suggestion' && row.source.includes('(Zod 4 buildSuggestion)'));

/** The one `<field>` of a one-issue validation error; fails when there is none or more. */
function onlyField(xml, label) {
  const fields = [...xml.matchAll(/<field name="[^"]*">([\s\S]*?)<\/field>/g)];
  assert.equal(fields.length, 1, `${label}: ${fields.length} <field> in ${xml}`);
  return fields[0][1];
}

const content = (text) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

test('every Zod 4 suggestion row of fusion-source.json: the whole field line, sentence or none', () => {
  assert.equal(sourceRows.length, 58, 'the Zod 4 suggestion row count changed');
  const sent = { x: 1 };
  for (const row of sourceRows) {
    const { issue } = row.input;
    const label = `row ${row.id}`;
    const path = JSON.stringify(issue.path);
    assert.ok(path === '["x"]' || path === '[]', `${label}: a path this replay reads (${path})`);
    const xml = m.formatValidationError([issue], 'a', sent);
    const { suggestion } = row.expected;
    const line = `${content(issue.message)} You sent: ${path === '[]' ? '(missing)' : '1'}.${suggestion === null ? '' : ` ${content(suggestion)}`}`;
    assert.equal(onlyField(xml, label), line, label);
  }
});

const rows = [
  ['email', z.email(), 'x', 'Expected: a valid email address (e.g. user@example.com).'],
  ['url', z.url(), 'x', 'Expected: a valid URL (e.g. https://example.com).'],
  ['uuid', z.uuid(), 'x', 'Expected: a valid UUID (e.g. 123e4567-e89b-12d3-a456-426614174000).'],
  ['cuid', z.cuid(), '!', 'Expected: a valid CUID.'],
  ['datetime', z.iso.datetime(), 'x', 'Expected: an ISO 8601 datetime (e.g. 2024-01-15T10:30:00Z).'],
  ['emoji', z.emoji(), 'x', 'Expected: a valid emoji character.'],
  ['regex', z.string().regex(/^a$/), 'b', 'Value does not match the required pattern.'],
  ['ipv4 (not named)', z.ipv4(), 'x', null],
  ['date (not named)', z.iso.date(), 'x', null],
  ['startsWith (not named)', z.string().startsWith('ab'), 'x', null],
  ['min length', z.string().min(3), 'a', 'Minimum length: 3 characters.'],
  ['exact length', z.string().length(4), 'a', 'Minimum length: 4 characters.'],
  ['number >=', z.number().min(5), 1, 'Must be >= 5.'],
  ['number >', z.number().gt(5), 1, 'Must be > 5.'],
  ['number <', z.number().lt(5), 9, 'Must be < 5.'],
  ['bigint', z.bigint().min(5n), 1n, 'Must be >= 5.'],
  ['array', z.array(z.number()).min(1), [], 'Minimum 1 item.'],
  ['set', z.set(z.number()).min(2), new Set([1]), 'Must be >= 2.'],
  ['date min', z.date().min(new Date('2024-01-01T00:00:00Z')), new Date(0), 'Must be after 2024-01-01T00:00:00.000Z.'],
  [
    'date max',
    z.date().max(new Date('2024-01-01T00:00:00Z')),
    new Date('2030-01-01T00:00:00Z'),
    'Must be <= 1704067200000.',
  ],
  ['enum', z.enum(['a', 'b']), 'c', "Valid options: 'a', 'b'."],
  ['literal', z.literal('x'), 'y', "Valid options: 'x'."],
  ['number literal', z.literal(2), 3, "Valid options: '2'."],
  ['union', z.union([z.string(), z.number()]), true, "Value didn't match any of the expected formats."],
  ['multipleOf (not named)', z.number().multipleOf(5), 7, null],
  ['custom', z.string().refine(() => false, 'Nope'), 'x', null],
  // Issue 19: F4 names neither invalid_key nor its nested issue, and a bound a refinement
  // adds without origin or inclusive takes F4's default branch with inclusive !== false.
  ['record key (not named)', z.record(z.string().min(3), z.number()), { ab: 1 }, null],
  ['record key max (not named)', z.record(z.string().max(4), z.number()), { toolongkey: 1 }, null],
  ['record key uuid (not named)', z.record(z.uuid(), z.number()), { 'not-a-uuid': 1 }, null],
  [
    'refinement too_small',
    z.array(z.number()).superRefine((_v, ctx) => {
      ctx.addIssue({ code: 'too_small', minimum: 3 });
    }),
    [1],
    'Must be >= 3.',
  ],
  [
    'refinement too_big',
    z.array(z.number()).superRefine((_v, ctx) => {
      ctx.addIssue({ code: 'too_big', maximum: 3 });
    }),
    [1],
    'Must be <= 3.',
  ],
  [
    'refinement too_small, not inclusive',
    z.number().superRefine((_v, ctx) => {
      ctx.addIssue({ code: 'too_small', minimum: 3, inclusive: false });
    }),
    1,
    'Must be > 3.',
  ],
];

test("issues real Zod 4 raises get the reference Zod 4 formatter's sentence, or none", () => {
  assert.equal(rows.length, 32);
  for (const [name, schema, value, sentence] of rows) {
    const args = { v: value };
    const result = z.object({ v: schema }).safeParse(args);
    assert.equal(result.success, false, name);
    const issue = result.error.issues[0];
    const xml = m.formatValidationError([issue], 'a', args);
    const field = onlyField(xml, name);
    assert.ok(field.startsWith(`${content(issue.message)} You sent: `), `${name}: ${field}`);
    const after = field.slice(field.indexOf(' You sent: '));
    const tail = after.replace(/^ You sent: (?:'[^']*'|[^ ]*)\./, '');
    const expected = sentence === null ? '' : ` ${sentence.replaceAll('&', '&amp;').replaceAll('<', '&lt;')}`;
    assert.equal(tail, expected, `${name}: ${field}`);
  }
});
