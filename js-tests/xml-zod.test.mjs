// formatValidationError with real issues from Zod 4 (`zod`) and Zod 3 (`zod/v3`): for
// each schema the <validation_error> is well-formed XML (fast-xml-parser), has exactly
// one <field> per issue named by the issue's path, and says something sensible.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z as z4 } from 'zod';
import { z as z3 } from 'zod/v3';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import * as m from '../pkg/node.js';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  isArray: (name) => name === 'field',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  htmlEntities: true,
});

/** Each case: a name, the schema for a given `z`, the arguments, and what its sentences must say. */
const cases = (z, v) => [
  [
    'string formats',
    z.object({ email: z.string().email(), site: z.string().url(), id: z.string().uuid(), at: z.string().datetime() }),
    { email: 'not-an-email', site: 'nope', id: '123', at: 'yesterday' },
    [
      /You sent: 'not-an-email'\. Expected: a valid email address/,
      /a valid URL/,
      /a valid UUID/,
      /an ISO 8601 datetime/,
    ],
  ],
  [
    'string lengths and regex',
    z.object({
      name: z.string().min(3),
      code: z.string().max(4),
      pin: z.string().length(4),
      sku: z.string().regex(/^[A-Z]{3}-\d{4}$/),
    }),
    { name: 'ab', code: 'too-long', pin: '12', sku: 'abc-1' },
    [
      /Minimum length: 3 characters\./,
      /Maximum length: 4 characters\./,
      /Minimum length: 4 characters\./,
      /does not match the required pattern/,
    ],
  ],
  [
    'string affixes',
    z.object({ a: z.string().startsWith('ab'), b: z.string().endsWith('.md'), c: z.string().includes('@') }),
    { a: 'xx', b: 'file.txt', c: 'nobody' },
    [/You sent: 'xx'\.<\/field>/, /You sent: 'file\.txt'\.<\/field>/, /You sent: 'nobody'\.<\/field>/],
  ],
  [
    'number bounds',
    z.object({
      age: z.number().int().min(18),
      ratio: z.number().max(1),
      count: z.number().positive(),
      step: z.number().multipleOf(5),
      size: z.number().gt(0).lt(10),
    }),
    { age: 12.5, ratio: 2, count: -1, step: 7, size: 10 },
    [/You sent: 12\.5\./, /Must be &lt;= 1\./, /Must be > 0\./, /You sent: 7\.<\/field>/, /Must be &lt; 10\./],
  ],
  [
    'wrong types',
    z.object({ title: z.string(), count: z.number(), on: z.boolean(), tags: z.array(z.string()) }),
    { title: 123, count: 'five', on: 'yes', tags: 'a,b' },
    [
      /You sent: 123\. Expected type: string\./,
      /You sent: 'five'\. Expected type: number\./,
      /Expected type: boolean\./,
      /Expected type: array\./,
    ],
  ],
  [
    'missing fields',
    z.object({ a: z.string(), b: z.number(), c: z.object({ d: z.string() }) }),
    {},
    [/You sent: \(missing\)\. Expected type: string\./, /Expected type: number\./, /Expected type: object\./],
  ],
  [
    'enums',
    z.object({ role: z.enum(['admin', 'user', 'guest']), level: z.enum(['debug', 'info']) }),
    { role: 'superadmin', level: 3 },
    [/You sent: 'superadmin'\. Valid options: 'admin', 'user', 'guest'\./, /You sent: 3\./],
  ],
  [
    'literals',
    z.object({ kind: z.literal('invoice'), version: z.literal(2), flag: z.literal(true) }),
    { kind: 'receipt', version: 3, flag: false },
    v === 'v3'
      ? [/Expected exactly: "invoice"\./, /Expected exactly: 2\./, /Expected exactly: true\./]
      : [/Valid options: 'invoice'\./, /Valid options: '2'\./, /Valid options: 'true'\./],
  ],
  [
    'unions',
    z.object({ id: z.union([z.string().uuid(), z.number().int()]), when: z.union([z.string(), z.null()]) }),
    { id: true, when: 5 },
    [
      /You sent: true\. Value didn't match any of the expected formats\./,
      /You sent: 5\. Value didn't match any of the expected formats\./,
    ],
  ],
  [
    'discriminated unions',
    z.object({
      shape: z.discriminatedUnion('type', [
        z.object({ type: z.literal('circle'), r: z.number() }),
        z.object({ type: z.literal('square'), side: z.number() }),
      ]),
    }),
    { shape: { type: 'triangle', r: 1 } },
    v === 'v3'
      ? [/You sent: 'triangle'\.<\/field>/]
      : [/You sent: 'triangle'\. Value didn't match any of the expected formats\./],
  ],
  [
    'a discriminated union branch',
    z.object({
      shape: z.discriminatedUnion('type', [
        z.object({ type: z.literal('circle'), r: z.number() }),
        z.object({ type: z.literal('square'), side: z.number() }),
      ]),
    }),
    { shape: { type: 'circle', r: 'big' } },
    [/You sent: 'big'\. Expected type: number\./],
  ],
  [
    'nested objects',
    z.object({
      user: z.object({ name: z.string(), address: z.object({ zip: z.string().length(5), city: z.string() }) }),
    }),
    { user: { name: 7, address: { zip: '123', city: null } } },
    [/You sent: 7\./, /You sent: '123'\. Minimum length: 5 characters\./, /You sent: null\./],
  ],
  [
    'strict objects',
    z.object({ amount: z.number() }).strict(),
    { amount: 5, hallucinated: 1, other: 'x' },
    [/Remove or correct unrecognized fields: 'hallucinated', 'other'\. Check for typos\./],
  ],
  [
    'arrays of objects',
    z.object({
      items: z
        .array(z.object({ sku: z.string(), qty: z.number().min(1) }))
        .min(2)
        .max(3),
    }),
    { items: [{ sku: 1, qty: 0 }] },
    [/You sent: array\(1\)\. Minimum 2 items\./, /Must be >= 1\./],
  ],
  [
    'array bounds',
    z.object({ tags: z.array(z.string()).nonempty(), ids: z.array(z.number()).max(2) }),
    { tags: [], ids: [1, 2, 3] },
    [/You sent: array\(0\)\. Minimum 1 item\./, /You sent: array\(3\)\. Maximum 2 items\./],
  ],
  [
    'records',
    z.object({ scores: z.record(z.string(), z.number().min(0)) }),
    { scores: { alice: -1, bob: 'ten' } },
    [/You sent: -1\. Must be >= 0\./, /You sent: 'ten'\./],
  ],
  [
    'tuples',
    z.object({ point: z.tuple([z.number(), z.number()]), pair: z.tuple([z.string(), z.boolean()]) }),
    { point: [1, 'two'], pair: ['a'] },
    [/You sent: 'two'\./, /Minimum 2 items\./],
  ],
  [
    'dates',
    z.object({
      due: z.date().min(new Date('2024-01-01T00:00:00Z')),
      when: z.date(),
      end: z.date().max(new Date('2000-01-01T00:00:00Z')),
    }),
    { due: new Date('2020-05-01T00:00:00Z'), when: 'tomorrow', end: new Date('2030-01-01T00:00:00Z') },
    [
      // A Date prints as JSON.stringify(date), as the reference's formatSentValue writes it.
      /You sent: "2020-05-01T00:00:00\.000Z"\. Must be after 2024-01-01T00:00:00\.000Z\./,
      /Expected type: date\./,
      /Must be &lt;= 946684800000\./,
    ],
  ],
  [
    'optional, nullable and defaults',
    z.object({ a: z.string().optional(), b: z.number().nullable(), c: z.string().default('x') }),
    { a: 1, b: undefined, c: 5 },
    [/You sent: 1\./, /You sent: \(missing\)\./, /You sent: 5\./],
  ],
  [
    'long and markup-laden sent values',
    z.object({ bio: z.string().max(10), note: z.number(), meta: z.string() }),
    { bio: 'a'.repeat(200), note: '<script>&</script>', meta: { deep: { deeper: ['x'.repeat(80)] } } },
    [
      /You sent: 'a{47}\.\.\.'\./,
      /You sent: '&lt;script>&amp;&lt;\/script>'\./,
      /You sent: \{"deep":\{"deeper":\["x+\. Expected type: string\./,
    ],
  ],
  ['bigint bounds', z.object({ big: z.bigint().min(5n) }), { big: 1n }, [/You sent: '1'\. Must be >= 5\./]],
];

function check(z, version) {
  const all = cases(z, version);
  assert.ok(all.length >= 15);
  let issuesSeen = 0;
  for (const [name, schema, args, sentences] of all) {
    const label = `${version} ${name}`;
    const result = schema.safeParse(args);
    assert.equal(result.success, false, label);
    const issues = result.error.issues;
    issuesSeen += issues.length;
    const xml = m.formatValidationError(issues, 'billing/charge', args);
    assert.equal(XMLValidator.validate(xml), true, `${label}: well-formed\n${xml}`);
    const root = parser.parse(xml).validation_error;
    assert.equal(root['@_action'], 'billing/charge', label);
    assert.equal(root.recovery, 'Fix the fields above and call the tool again. Do not explain the error.', label);
    const fields = root.field ?? [];
    assert.equal(fields.length, issues.length, `${label}: one <field> per issue\n${xml}`);
    issues.forEach((issue, i) => {
      const field = fields[i];
      const expectedName = issue.path.length === 0 ? '(root)' : issue.path.map(String).join('.');
      assert.equal(field['@_name'], expectedName, label);
      const sentence = field['#text'];
      assert.ok(sentence.startsWith(issue.message), `${label}: starts with Zod's message`);
      const ours = sentence.slice(issue.message.length);
      assert.match(ours, /^ You sent: .+\.( .+)?$/s, `${label}: ${sentence}`);
      assert.doesNotMatch(ours, /undefined|\[object Object\]|NaN|\[Unreadable\]/, `${label}: ${sentence}`);
      assert.doesNotMatch(sentence, /\[object Object\]/, label);
    });
    for (const sentence of sentences) assert.match(xml, sentence, label);
  }
  console.log(`zod ${version}: ${all.length} schemas, ${issuesSeen} issues, each one <field> of well-formed XML`);
}

test('Zod 4 issues (zod) become one sensible <field> each, in well-formed XML', () => {
  check(z4, 'v4');
});

test('Zod 3 issues (zod/v3) become one sensible <field> each, in well-formed XML', () => {
  check(z3, 'v3');
});

test("Zod 4 top-level formats get only the Zod 4 formatter's sentences; Zod 3 checks the Zod 3 one's", () => {
  const v4 = z4.object({ email: z4.email(), site: z4.url(), day: z4.iso.date(), ip: z4.ipv4(), n: z4.int() });
  const args = { email: 'x', site: 'y', day: '2024-13-45', ip: '300.1.1.1', n: 1.5 };
  const xml4 = m.formatValidationError(v4.safeParse(args).error.issues, 'a', args);
  assert.match(xml4, /a valid email address/);
  assert.match(xml4, /a valid URL/);
  // F4 names neither `date` nor `ipv4`: no sentence after `You sent:`.
  assert.match(xml4, /You sent: '2024-13-45'\.<\/field>/);
  assert.match(xml4, /You sent: '300\.1\.1\.1'\.<\/field>/);
  assert.equal(XMLValidator.validate(xml4), true);
  const v3 = z3.object({
    email: z3.string().email(),
    site: z3.string().url(),
    day: z3.string().date(),
    ip: z3.string().ip({ version: 'v4' }),
  });
  const xml3 = m.formatValidationError(v3.safeParse(args).error.issues, 'a', args);
  for (const sentence of ['a valid email address', 'a valid URL', 'Expected: a valid IP address\\.'])
    assert.match(xml3, new RegExp(sentence));
  assert.match(xml3, /You sent: '2024-13-45'\.<\/field>/);
  assert.equal(XMLValidator.validate(xml3), true);
});

test('more than 100 issues: 100 fields and one <more_issues> count', () => {
  for (const z of [z4, z3]) {
    const schema = z.array(z.number());
    const args = Array.from({ length: 250 }, (_, i) => `n${i}`);
    const issues = schema.safeParse(args).error.issues;
    assert.equal(issues.length, 250);
    const xml = m.formatValidationError(issues, 'bulk', args);
    assert.equal(XMLValidator.validate(xml), true);
    const root = parser.parse(xml).validation_error;
    assert.equal(root.field.length, 100);
    assert.match(xml, /<more_issues count="150">150 more issues not shown\.<\/more_issues>/);
  }
});
