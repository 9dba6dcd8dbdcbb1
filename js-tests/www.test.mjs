// The playground (www/) in a real browser: builds it, serves it on 127.0.0.1, drives
// a local Chromium or Chrome (tools/chromium.mjs) through playwright-core, picks every example, types edits, and
// checks that every pane holds exactly what www/src/compute.js — the module the page
// runs — returns in Node for the same inputs. Saves www/screenshot.png (the README's).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launchChromium } from '../tools/chromium.mjs';
import { linkPackage, root } from './link-package.mjs';

linkPackage();
const { buildSite } = await import('../www/build.mjs');
const { serve } = await import('../www/serve.mjs');
const { compute } = await import('../www/src/compute.js');
const { CONTRACT_EXAMPLES, THROWN_EXAMPLES, TOOL_ERROR_EXAMPLES, VALIDATION_EXAMPLES } = await import(
  '../www/src/examples.js'
);
const { DEFAULT_STATE, asText, decodeState, encodeState } = await import('../www/src/state.js');

const PANES = {
  text: 'out-text',
  structured: 'out-structured',
  parsed: 'out-parsed',
  classification: 'out-classification',
  bytes: 'out-bytes',
};
const INPUTS = {
  dialect: 'dialect',
  mode: 'mode',
  tool: 'tool',
  requestId: 'request-id',
  schema: 'schema',
  args: 'args',
  thrown: 'thrown',
  contract: 'contract',
  toolErrorOptions: 'tool-error-options',
};
const CHECKBOXES = { redactSecrets: 'redact-secrets', maskServerErrors: 'mask-server-errors', aborted: 'aborted' };
const id = (testid) => `[data-testid="${testid}"]`;

let served;
let context;
let page;
let profile;
const pageErrors = [];

async function open(url) {
  const tab = await context.newPage();
  tab.on('pageerror', (error) => pageErrors.push(String(error)));
  tab.on('console', (message) => message.type() === 'error' && pageErrors.push(message.text()));
  await tab.goto(url);
  await tab.waitForFunction(() => document.body.dataset.ready !== undefined, null, { timeout: 30_000 });
  assert.equal(await tab.evaluate(() => document.body.dataset.ready), 'true', await tab.textContent(id('status')));
  return tab;
}

let site;

before(async () => {
  // A fresh directory for the site and one for Chromium's profile, both under the
  // git-ignored build/, so concurrent runs never share either.
  mkdirSync(join(root, 'build'), { recursive: true });
  site = mkdtempSync(join(root, 'build', 'www-test-'));
  served = await serve(await buildSite(site), 0);
  profile = mkdtempSync(join(root, 'build', 'chromium-profile-'));
  context = await launchChromium(profile, { viewport: { width: 1440, height: 1000 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: served.url.slice(0, -1) });
  for (const tab of context.pages()) await tab.close();
  page = await open(served.url);
});

after(async () => {
  await context?.close();
  served?.server.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  if (site) rmSync(site, { recursive: true, force: true });
});

/** What the page shows, in one round trip: its inputs, every pane, the visible inline messages. */
function shown(tab = page) {
  return tab.evaluate(
    ([panes, inputs, checkboxes]) => {
      const byId = (testid) => document.querySelector(`[data-testid="${testid}"]`);
      const out = { panes: {}, inputs: {}, checked: {} };
      for (const [key, testid] of Object.entries(panes)) out.panes[key] = byId(testid).textContent;
      for (const [key, testid] of Object.entries(inputs)) out.inputs[key] = byId(testid).value;
      for (const [key, testid] of Object.entries(checkboxes)) out.checked[key] = byId(testid).checked;
      const messages = (kind) =>
        [...document.querySelectorAll(`[data-testid="input-${kind}"]`)]
          .filter((element) => !element.hidden)
          .map((element) => ({ field: element.dataset.field, message: element.textContent }));
      out.errors = messages('error');
      out.notes = messages('note');
      out.stale = !byId('stale').hidden;
      return out;
    },
    [PANES, INPUTS, CHECKBOXES],
  );
}

const pickFields = (state, names) => Object.fromEntries(Object.keys(names).map((key) => [key, state[key]]));

/** The page's inputs hold `state`, and every pane equals compute(state) run here, in Node. */
async function expectPage(state, label, tab = page) {
  const expected = compute(state);
  assert.ok(expected.outputs, `${label}: the Node computation gives outputs (${JSON.stringify(expected.errors)})`);
  const got = await shown(tab);
  assert.deepEqual(got.inputs, pickFields(state, INPUTS), `${label}: inputs`);
  assert.deepEqual(got.checked, pickFields(state, CHECKBOXES), `${label}: checkboxes`);
  const { notes, ...panes } = expected.outputs;
  assert.deepEqual(got.panes, panes, `${label}: panes`);
  assert.deepEqual(got.errors, [], `${label}: no input error`);
  assert.deepEqual(got.notes, notes, `${label}: notes`);
  assert.equal(got.stale, false, `${label}: not stale`);
  return panes;
}

/** An input error is shown beside `field` (exactly compute's message) and the panes keep `kept`. */
async function expectInputError(state, field, kept, label) {
  const expected = compute(state);
  assert.equal(expected.outputs, undefined, `${label}: Node also refuses it`);
  assert.equal(expected.errors[0].field, field, `${label}: Node names ${field}`);
  const got = await shown();
  // The message is compute's; only the engine's own words inside it (a JSON.parse or
  // SyntaxError text) may differ between Node's V8 and Chromium's.
  assert.deepEqual(
    got.errors.map((error) => error.field),
    [field],
    `${label}: one inline message, beside ${field}`,
  );
  const [{ message, reason }] = expected.errors;
  if (message === reason) assert.equal(got.errors[0].message, message, `${label}: the inline message`);
  else
    assert.ok(
      got.errors[0].message.startsWith(`${reason} (`),
      `${label}: the inline message ${got.errors[0].message} starts with ${reason}`,
    );
  assert.deepEqual(got.panes, kept, `${label}: the panes keep the last good result`);
  assert.equal(got.stale, true, `${label}: marked as the last good result`);
}

/**
 * Replaces a text input's content: short texts key by key, as a person types (every
 * keystroke re-renders), longer ones in one input event, as a paste (to keep the test fast).
 */
async function typeInto(testid, text) {
  await page.click(id(testid));
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  if (text.length <= 40) await page.keyboard.type(text);
  else await page.fill(id(testid), text);
}

/** The inputs the page should hold now: every step below changes the page and this alike. */
const current = { ...DEFAULT_STATE };

async function pick(testid, value, changes) {
  await page.selectOption(id(testid), value);
  Object.assign(current, changes);
}

async function typed(testid, key, text) {
  await typeInto(testid, text);
  current[key] = text;
}

test('the page starts from the default inputs and shows what Node computes', async () => {
  assert.deepEqual(decodeState(''), DEFAULT_STATE);
  await expectPage(current, 'default');
  assert.equal(await page.inputValue(id('validation-example')), '0', 'the example list names the example shown');
});

test('every validation example, in both dialects', async () => {
  await pick('mode', 'validation', { mode: 'validation' });
  for (const dialect of ['jsonrpc', 'xml']) {
    await pick('dialect', dialect, { dialect });
    for (const [i, example] of VALIDATION_EXAMPLES.entries()) {
      await pick('validation-example', String(i), { schema: example.schema, args: example.args });
      await expectPage(current, `${dialect} ${example.label}`);
    }
  }
});

test('every thrown example, with and without a contract, in both dialects', async () => {
  await pick('mode', 'thrown', { mode: 'thrown' });
  for (const dialect of ['jsonrpc', 'xml']) {
    await pick('dialect', dialect, { dialect });
    for (const [c, contract] of CONTRACT_EXAMPLES.entries()) {
      await pick('contract-example', String(c), { contract: asText(contract.contract) });
      for (const [i, example] of THROWN_EXAMPLES.entries()) {
        await pick('thrown-example', String(i), { thrown: asText(example.thrown) });
        await expectPage(current, `${dialect} ${contract.label} ${example.label}`);
      }
    }
  }
});

test('every tool-error example', async () => {
  await pick('mode', 'tool-error', { mode: 'tool-error' });
  for (const dialect of ['xml', 'jsonrpc']) {
    await pick('dialect', dialect, { dialect });
    for (const [i, example] of TOOL_ERROR_EXAMPLES.entries()) {
      await pick('tool-error-example', String(i), { toolErrorOptions: asText(example.options) });
      await expectPage(current, `${dialect} ${example.label}`);
    }
  }
});

test('typed edits update every pane; bad input shows an inline message and keeps the last good result', async () => {
  await pick('mode', 'validation', { mode: 'validation' });
  await pick('dialect', 'jsonrpc', { dialect: 'jsonrpc' });
  await pick('validation-example', '1', { schema: VALIDATION_EXAMPLES[1].schema, args: VALIDATION_EXAMPLES[1].args });
  await expectPage(current, 'example 1');

  await typed('tool', 'tool', 'get_invoice');
  await typed('args', 'args', '{ "id": "INV-x", "extra": [1, 2] }');
  let good = await expectPage(current, 'typed arguments');

  await page.keyboard.press('Backspace'); // drops the closing brace: not JSON any more
  current.args = current.args.slice(0, -1);
  await expectInputError(current, 'args', good, 'invalid JSON');
  await page.keyboard.type('}');
  current.args += '}';
  good = await expectPage(current, 'JSON repaired');

  await typed('schema', 'schema', 'z.object({ id: z.string().regex(');
  await expectInputError(current, 'schema', good, 'a schema that does not compile');
  await typed('schema', 'schema', 'z.object({ get id() { throw new Error("a getter throws") } })');
  await expectInputError(current, 'schema', good, 'a throwing getter');
  await typed('schema', 'schema', '42');
  await expectInputError(current, 'schema', good, 'not a schema');
  await typed('schema', 'schema', 'z.object({ id: z.string().startsWith("INV-") }).strict()');
  await expectPage(current, 'typed schema');
  await pick('dialect', 'xml', { dialect: 'xml' });
  await expectPage(current, 'typed schema, XML');

  await pick('mode', 'thrown', { mode: 'thrown' });
  await pick('dialect', 'jsonrpc', { dialect: 'jsonrpc' });
  await pick('thrown-example', '8', { thrown: asText(THROWN_EXAMPLES[8].thrown) }); // the database deadlock
  await expectPage(current, 'deadlock');
  await page.focus(id('mask-server-errors'));
  await page.keyboard.press('Space');
  current.maskServerErrors = true;
  good = await expectPage(current, 'deadlock, masked');
  assert.match(good.text, /The server hit an internal error/);

  await typed('thrown', 'thrown', '{ "constructor": "Nope", "message": "x" }');
  await expectInputError(current, 'thrown', good, 'an unknown constructor');
  await typed('thrown', 'thrown', '{ "constructor": "McpError", "code": 12345 }');
  await expectInputError(current, 'thrown', good, 'an McpError code outside the enum');
  await typed('thrown', 'thrown', '{ "message": "Bearer abc123def456 was refused", "throwingGetters": ["name"] }');
  good = await expectPage(current, 'typed thrown value');
  assert.ok(!good.text.includes('abc123def456'), 'the token is masked');

  await typed('contract', 'contract', '{ "reason": "x" }');
  await expectInputError(current, 'contract', good, 'a contract that is not a list');
  await typed('contract', 'contract', '[{ "reason": "x", "code": ');
  await expectInputError(current, 'contract', good, 'a contract that is not JSON');
  await typed('contract', 'contract', '');
  await expectPage(current, 'no contract');

  await pick('mode', 'tool-error', { mode: 'tool-error' });
  await pick('dialect', 'xml', { dialect: 'xml' });
  await typed(
    'tool-error-options',
    'toolErrorOptions',
    '{ "code": "FORBIDDEN", "message": "No access to <billing>.", "availableActions": ["request_access"] }',
  );
  good = await expectPage(current, 'typed toolError');
  await typed('tool-error-options', 'toolErrorOptions', '{ "code": 7, "message": "x" }');
  await expectInputError(current, 'tool-error-options', good, 'toolError refuses the options');
  await typed(
    'tool-error-options',
    'toolErrorOptions',
    '{ "call": "errorBuilder", "code": "TIMEOUT", "message": "Export timed out.", "retryAfter": 1.5 }',
  );
  await expectPage(current, 'typed builder');

  // The link restores exactly these inputs in a fresh tab.
  const href = await page.evaluate(() => document.querySelector('[data-testid="permalink"]').href);
  await page.waitForFunction((link) => location.href === link, href); // the address bar follows the link
  assert.deepEqual(decodeState(new URL(href).hash), current);
  const restored = await open(href);
  await expectPage(current, 'restored from the link', restored);
  await restored.close();

  // A schema that arrives in a link is code: it is shown, and runs only when asked.
  const linked = { ...current, mode: 'validation', dialect: 'jsonrpc' };
  const gated = await open(new URL(`#${encodeState(linked)}`, served.url).href);
  assert.equal(await gated.isVisible(id('schema-gate')), true, "the link's schema waits to be run");
  assert.match(await gated.textContent(id('out-text')), /^\(waiting: read the schema/);
  await gated.click(id('run-schema'));
  assert.equal(await gated.isVisible(id('schema-gate')), false);
  await expectPage(linked, 'the linked schema, run', gated);
  await gated.close();
});

test('copy buttons put the pane on the clipboard', async () => {
  await page.click(`[data-copy="out-text"]`);
  await page.waitForFunction(() => document.getElementById('copy-status').textContent !== '');
  assert.equal(await page.evaluate(() => document.getElementById('copy-status').textContent), 'Copied');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await page.textContent(id('out-text')));
  await page.click(`[data-copy="out-structured"]`);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await page.textContent(id('out-structured')));
  await page.click('[data-copy-link]');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await page.evaluate(() => location.href));
});

test('inputs are labelled, reachable by keyboard, and the page fits 320 px and a wide screen', async () => {
  const unlabelled = await page.evaluate(() =>
    [...document.querySelectorAll('input, select, textarea')].filter((el) => el.labels.length === 0).map((el) => el.id),
  );
  assert.deepEqual(unlabelled, []);
  const panesFocusable = await page.evaluate(() =>
    [...document.querySelectorAll('pre')].every((pre) => pre.tabIndex === 0),
  );
  assert.ok(panesFocusable, 'every output pane can take focus (scrollable by keyboard)');

  await page.focus(id('mode'));
  await page.keyboard.press('Tab');
  assert.equal(
    await page.evaluate(() => document.activeElement.dataset.testid),
    'dialect',
    'Tab moves from mode to dialect',
  );

  for (const width of [320, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    for (const mode of ['validation', 'thrown', 'tool-error']) {
      await pick('mode', mode, { mode });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.equal(overflow, 0, `no horizontal scrolling at ${width} px (${mode})`);
    }
  }
});

test('screenshot for the README, and no error in the page', async () => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto(new URL('/', served.url).href);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await expectPage({ ...DEFAULT_STATE }, 'default, for the screenshot');
  await page.screenshot({ path: join(root, 'www', 'screenshot.png') });
  assert.deepEqual(pageErrors, []);
});
