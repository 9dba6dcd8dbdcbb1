// What the XML dialect writes where MCP Fusion v3.1.31's source decides and the shared
// vectors are silent: a Date in `sentArgs` (ValidationErrorFormatter's formatSentValue:
// an object prints as `JSON.stringify(value).slice(0, 50)`, so a Date as its ISO text in
// double quotes), and createGroup's `${i.path.join('.')}: ${i.message}`
// (packages/core/src/core/createGroup.ts @ 28f4cd1b68d84d83a4b32adf67adb2f5d9ce4ddd).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import * as m from '../pkg/node.js';

const issue = (path) => ({ code: 'custom', path, message: 'm' });
const sentText = (xml, name) => xml.match(new RegExp(`<field name="${name}">m You sent: (.*)\\.</field>`))?.[1];
/** The reference's rendering of an object it found at the path. */
const reference = (value) => JSON.stringify(value).slice(0, 50);

test('a Date in sentArgs prints as JSON.stringify(date), cut to 50, as the reference prints it', () => {
  const dates = {
    epoch: new Date(0),
    today: new Date('2024-01-15T10:30:00.123Z'),
    far: new Date(8.64e15),
    before: new Date(-62198755200000),
    invalid: new Date(NaN),
  };
  const xml = m.formatValidationError(
    Object.keys(dates).map((k) => issue([k])),
    't/a',
    dates,
  );
  for (const [name, date] of Object.entries(dates)) {
    assert.equal(sentText(xml, name), reference(date), name);
  }
  assert.equal(sentText(xml, 'epoch'), '"1970-01-01T00:00:00.000Z"');
  assert.equal(sentText(xml, 'far'), '"+275760-09-13T00:00:00.000Z"');
  assert.equal(sentText(xml, 'invalid'), 'null');
});

test('a string that reads like a date stays a string; a Date inside an object or a list is JSON already', () => {
  const when = new Date('2024-01-15T10:30:00.000Z');
  const sent = { text: when.toISOString(), nested: { at: when, n: 1 }, list: [when], deep: { at: when } };
  const xml = m.formatValidationError(
    [issue(['text']), issue(['nested']), issue(['list', 0]), issue(['list']), issue(['deep', 'at'])],
    't/a',
    sent,
  );
  assert.equal(sentText(xml, 'text'), "'2024-01-15T10:30:00.000Z'");
  assert.equal(sentText(xml, 'nested'), reference(sent.nested));
  assert.equal(sentText(xml, 'list.0'), reference(when));
  assert.equal(sentText(xml, 'list'), 'array(1)');
  assert.equal(sentText(xml, 'deep.at'), reference(when));
  // Nothing lies beneath a Date (the reference would find Date.prototype's methods and throw).
  assert.equal(
    sentText(m.formatValidationError([issue(['d', 'getTime'])], 't/a', { d: when }), 'd.getTime'),
    '(missing)',
  );
  // validationErrorResult writes the same text.
  const result = m.validationErrorResult([issue(['d'])], 't/a', { d: when });
  assert.equal(sentText(result.content[0].text, 'd'), reference(when));
});

test('Dates are marked up to 1024: a cut list beside 2000 Dates keeps its true length', () => {
  const dates = (from) => Array.from({ length: 1000 }, (_, i) => new Date((from + i) * 1000));
  const sent = { a: dates(0), b: dates(1000), xs: new Array(5000).fill(1) };
  const xml = m.formatValidationError(
    [issue(['a', 999]), issue(['b', 23]), issue(['b', 24]), issue(['xs']), issue(['a'])],
    't/a',
    sent,
  );
  assert.equal(sentText(xml, 'a.999'), reference(sent.a[999]));
  assert.equal(sentText(xml, 'b.23'), reference(sent.b[23]));
  // Past the 1024th the ISO text prints as a string would (a documented limit).
  assert.equal(sentText(xml, 'b.24'), `'${sent.b[24].toISOString()}'`);
  assert.equal(sentText(xml, 'xs'), 'array(5000)');
  assert.equal(sentText(xml, 'a'), 'array(1000)');
  // A detail Date is unchanged: its ISO text (toolError details are no sent values).
  assert.match(
    m.toolError('K', { message: 'm', details: { when: new Date(0) } }).content[0].text,
    /1970-01-01T00:00:00\.000Z/,
  );
});

test("createGroup's validation reply joins each path as path.join('.') does", () => {
  const issues = [
    { code: 'custom', path: ['a', 0, true, null, 'b'], message: 'm' },
    { code: 'custom', path: [] },
    { code: 'custom', path: [{ k: 1 }], message: 7 },
  ];
  const reference = issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  const text = m.groupValidationError('g', 'op', issues).content[0].text;
  assert.equal(
    text,
    `<tool_error code="INVALID_PARAMS">\n<message>Validation failed for action "op" in group "g": ${reference}</message>\n</tool_error>`,
  );
});

test("createGroup's reply reads a Standard Schema { key } segment as its key, as formatValidationError does (unlike the reference's [object Object])", () => {
  const issues = [{ code: 'custom', path: [{ key: 'user' }, { key: 1 }], message: 'k' }];
  assert.match(m.groupValidationError('g', 'op', issues).content[0].text, /in group "g": user\.1: k<\/message>/);
  assert.match(
    m.formatValidationError(issues, 't/a', { user: [0, 5] }),
    /<field name="user\.1">k You sent: 5\.<\/field>/,
  );
});
