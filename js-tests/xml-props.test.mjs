// Property test, seeded: arbitrary strings (control characters, `]]>`, quotes, markup,
// astral characters, lone surrogates, noncharacters) in every field of toolError give
// well-formed XML, and parseToolError gives back the code, message, recovery, actions
// and severity that went in, as the reference client reads them (after toWellFormed:
// lone surrogates become U+FFFD when they cross into wasm); fast-xml-parser counts the
// details and reads the retry_after.
// Reproduce a failure with XML_PROPS_SEED=<seed> node --test js-tests/xml-props.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import * as m from '../pkg/node.js';
import { seeded } from './seeded.mjs';

const SEED = Number(process.env.XML_PROPS_SEED ?? 0x5eed0003) >>> 0;
const CASES = 3000;

const PIECES = [
  ...'abcXYZ019 _-./:',
  '&',
  '<',
  '>',
  '"',
  "'",
  ']]>',
  ']]',
  ']',
  '<![CDATA[',
  '-->',
  '<!--',
  '&amp;',
  '&#x2400;',
  '&#1;',
  '&lt;',
  '</message>',
  '<message>',
  '</tool_error>',
  '<action>',
  '</action>',
  ', ',
  '=',
  '\\',
  '\t',
  '\n',
  '\r',
  '\r\n',
  ' ',
  '\u00a0',
  '\u2028',
  '\ufeff',
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)),
  '\u007f',
  '\u0085',
  '\ufffe',
  '\uffff',
  '\ufffd',
  'é',
  'ß',
  '中文',
  '😀',
  '𝒳',
  '\u{10ffff}',
  '\ud800',
  '\udfff',
  '\udbff',
  '\udc00x', // lone surrogates
];

function generator(random) {
  const int = (n) => Math.floor(random() * n);
  const string = (max = 12) => {
    let s = '';
    for (let i = int(max + 1); i > 0; i--) s += PIECES[int(PIECES.length)];
    return s;
  };
  return { int, string, pick: (list) => list[int(list.length)] };
}

const XML_CHAR = /^[\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]*$/u;
const wf = (s) => s.toWellFormed();
// The reference client trims the escaped text (JS trim) before unescaping it; VT and
// FF are written as references, so only the other whitespace is trimmed
// (FusionClient.ts @ michelabboud/mcp-fusion 3c4f98b).
const TRIMMED = '[\\t\\n\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]+';
const clientReads = (s) => wf(s).replace(new RegExp(`^${TRIMMED}|${TRIMMED}$`, 'g'), '');
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  isArray: (n) => n === 'action' || n === 'detail',
  trimValues: false,
  parseTagValue: false,
});

function assertWellFormed(xml, context) {
  assert.equal(XMLValidator.validate(xml), true, `${context}: fast-xml-parser rejects\n${JSON.stringify(xml)}`);
  assert.match(xml, XML_CHAR, `${context}: a character XML 1.0 forbids`);
  assert.ok(!xml.includes(']]>'), `${context}: ]]> in content`);
}

test(`toolError → well-formed XML → parseToolError gives back code, message, recovery, actions and severity; one <detail> per key and the retry_after (${CASES} seeded cases)`, () => {
  const g = generator(seeded(SEED));
  for (let n = 0; n < CASES; n++) {
    const context = `seed ${SEED} case ${n}`;
    const code = g.string();
    const opts = { message: g.string(20) };
    if (g.int(3) > 0) opts.suggestion = g.string();
    // An empty name reads back through the one-line fallback (fusion-source.json covers it).
    if (g.int(2) > 0) opts.availableActions = Array.from({ length: g.int(4) }, () => g.string(6)).filter(Boolean);
    if (g.int(2) > 0) {
      opts.details = {};
      for (let k = g.int(4); k > 0; k--) opts.details[g.string(5)] = g.string(8);
    }
    if (g.int(3) === 0) opts.retryAfter = g.pick([1, 30, 1.5, 0, -1, NaN, Infinity, 1e21, 5e-7]);
    const severity = g.int(4) === 0 ? g.string(6) : g.pick([undefined, 'error', 'critical', 'warning']);
    if (severity !== undefined) opts.severity = severity;

    const result = m.toolError(code, opts);
    const xml = result.content[0].text;
    assertWellFormed(xml, context);
    assert.equal(result.isError, severity !== 'warning', context);

    // A warning is a success to the client; read it as an error to check its fields.
    if (severity === 'warning') assert.equal(m.parseToolError(result), null, context);
    const parsed = m.parseToolError(severity === 'warning' ? { ...result, isError: true } : result);
    assert.equal(parsed.code, code ? wf(code) : 'UNKNOWN', `${context}: code`);
    assert.equal(parsed.message, clientReads(opts.message), `${context}: message`);
    assert.equal(parsed.recovery, opts.suggestion ? clientReads(opts.suggestion) : null, `${context}: recovery`);
    assert.deepEqual(parsed.availableActions, (opts.availableActions ?? []).map(clientReads), `${context}: actions`);
    assert.equal(parsed.severity, severity ? wf(severity) : 'error', `${context}: severity`);

    // Details and retry_after, read by an independent XML parser.
    const root = parser.parse(xml).tool_error;
    const details = root.details?.detail ?? [];
    const keys = Object.keys(opts.details ?? {});
    assert.equal(details.length, keys.length, `${context}: one <detail> per key`);
    const r = opts.retryAfter;
    assert.equal(xml.includes('<retry_after>'), Number.isFinite(r) && r > 0, `${context}: retry_after`);
    if (Number.isFinite(r) && r > 0) assert.equal(root.retry_after, `${String(r)} seconds`, context);
  }
  console.log(`xml props: ${CASES} toolError round trips (seed ${SEED})`);
});

test('error() and required() round-trip arbitrary strings too', () => {
  const g = generator(seeded(SEED ^ 0x9e3779b9));
  for (let n = 0; n < 1000; n++) {
    const context = `seed ${SEED} case ${n}`;
    const message = g.string(16);
    const code = g.int(3) === 0 ? undefined : g.string(6);
    const e = m.error(message, code);
    assertWellFormed(e.content[0].text, context);
    const parsed = m.parseToolError(e);
    assert.equal(parsed.message, clientReads(message), context);
    assert.equal(parsed.code, code ? wf(code) : 'UNKNOWN', context);
    const field = g.string(8);
    const r = m.required(field);
    assertWellFormed(r.content[0].text, context);
    const back = m.parseToolError(r);
    assert.equal(back.code, 'MISSING_REQUIRED_FIELD');
    assert.equal(back.message, clientReads(`Required field "${field}" is missing.`), context);
    assert.equal(back.recovery, `Provide the "${wf(field)}" parameter and retry.`, context);
  }
});

test('routing, internal and validation envelopes stay well-formed for arbitrary text', () => {
  const g = generator(seeded(SEED ^ 0x1234567));
  for (let n = 0; n < 1000; n++) {
    const context = `seed ${SEED} case ${n}`;
    const actions = Array.from({ length: g.int(4) }, () => g.string(6));
    const discriminator = g.string(6);
    for (const kind of ['missing', 'invalid', 'unknown']) {
      assertWellFormed(
        m.routingError(kind, { discriminator, actions, value: g.string(10) }).content[0].text,
        `${context} ${kind}`,
      );
    }
    const internal = m.internalError(new Error(g.string(20)), { tool: g.string(5), action: g.string(5) });
    assertWellFormed(internal.content[0].text, `${context} internal`);
    const issues = Array.from({ length: g.int(4) }, () => ({
      code: g.pick(['custom', 'invalid_type', 'invalid_value']),
      path: [g.string(4)],
      message: g.string(10),
      expected: g.string(4),
      values: [g.string(3)],
    }));
    const sent = Object.fromEntries(issues.map((i) => [i.path[0], g.string(10)]));
    const xml = m.formatValidationError(issues, g.string(6), sent);
    assertWellFormed(xml, `${context} validation`);
    assert.equal((xml.match(/<field /g) ?? []).length, issues.length, context);
  }
});
