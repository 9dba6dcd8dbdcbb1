// The page shell: reads the inputs, runs compute() (./compute.js, shared with the Node
// test) and writes the panes. No formatting logic lives here.
import { init } from 'mcp-envelope';
import wasmUrl from 'mcp-envelope/wasm';
import { compute } from './compute.js';
import { CONTRACT_EXAMPLES, THROWN_EXAMPLES, TOOL_ERROR_EXAMPLES, VALIDATION_EXAMPLES } from './examples.js';
import { asText, decodeState, encodeState } from './state.js';

const $ = (id) => document.getElementById(id);
const form = $('inputs');
const TEXT_INPUTS = ['tool', 'requestId', 'schema', 'args', 'thrown', 'contract', 'toolErrorOptions'];
const CHECKBOXES = ['redactSecrets', 'maskServerErrors', 'aborted'];
const PANES = {
  text: 'out-text',
  structured: 'out-structured',
  parsed: 'out-parsed',
  classification: 'out-classification',
  bytes: 'out-bytes',
};
/** Inline messages, by the field compute() names; each sits beside its input. */
const FIELD_INPUT = {
  schema: 'schema',
  args: 'args',
  thrown: 'thrown',
  contract: 'contract',
  'tool-error-options': 'toolErrorOptions',
  mode: 'mode',
};

let ready = false;
/** Whether any good result has been shown yet (until then the panes say why they are empty). */
let shownGood = false;
/**
 * A schema is code. One the person typed (or an example) runs as they type; one that
 * arrived in a link runs only after they press "Run this schema" or edit it.
 */
let schemaTrusted = true;
const isExampleSchema = (text) => VALIDATION_EXAMPLES.some((example) => example.schema === text);
let addressTimer;

function readState() {
  const state = { dialect: $('dialect').value, mode: $('mode').value };
  for (const id of TEXT_INPUTS) state[id] = $(id).value;
  for (const id of CHECKBOXES) state[id] = $(id).checked;
  return state;
}

function writeState(state) {
  $('dialect').value = state.dialect;
  $('mode').value = state.mode;
  for (const id of TEXT_INPUTS) $(id).value = state[id];
  for (const id of CHECKBOXES) $(id).checked = state[id];
}

/** Each example list, with how to tell whether the inputs hold one of its examples. */
const exampleLists = [];

function fillExamples(select, examples, apply, matches) {
  exampleLists.push({ select, examples, matches });
  select.replaceChildren(
    new Option('Pick an example…', ''),
    ...examples.map((example, i) => new Option(example.label, String(i))),
  );
  select.addEventListener('change', () => {
    const example = examples[Number(select.value)];
    if (select.value === '' || example === undefined) return;
    apply(example);
    schemaTrusted ||= isExampleSchema($('schema').value);
    render();
  });
}

function showMessages(kind, messages) {
  for (const element of document.querySelectorAll(`[data-testid="input-${kind}"]`)) {
    const field = element.dataset.field;
    const text = messages
      .filter((message) => message.field === field)
      .map((message) => message.message)
      .join(' ');
    element.textContent = text;
    element.hidden = text === '';
    if (kind === 'error') {
      const input = $(FIELD_INPUT[field]);
      if (input) input.toggleAttribute('aria-invalid', text !== '');
    }
  }
}

function showMode(mode) {
  for (const group of document.querySelectorAll('.group[data-mode]')) group.hidden = group.dataset.mode !== mode;
}

function render() {
  const state = readState();
  showMode(state.mode);
  // An example list names the example the inputs hold, or none once they are edited.
  for (const { select, examples, matches } of exampleLists) {
    const index = examples.findIndex((example) => matches(example, state));
    select.value = index === -1 ? '' : String(index);
  }
  const fragment = encodeState(state);
  $('permalink').href = `#${fragment}`;
  // The address bar follows too, but not on every keystroke: browsers throttle history updates.
  clearTimeout(addressTimer);
  addressTimer = setTimeout(() => {
    if (location.hash !== `#${fragment}`) history.replaceState(null, '', `#${fragment}`);
  }, 300);
  if (!ready) return;
  const gated = state.mode === 'validation' && !schemaTrusted;
  $('schema-gate').hidden = !gated;
  if (gated) {
    showMessages('error', []);
    showMessages('note', []);
    $('stale').hidden = true;
    for (const id of Object.values(PANES))
      $(id).textContent = '(waiting: read the schema that came with the link, then press "Run this schema")';
    shownGood = false;
    return;
  }
  const { outputs, errors = [] } = compute(state);
  showMessages('error', errors);
  showMessages('note', outputs?.notes ?? []);
  $('stale').hidden = errors.length === 0 || !shownGood;
  // The outputs keep the last good result while an input has a problem.
  if (outputs) for (const [key, id] of Object.entries(PANES)) $(id).textContent = outputs[key];
  else if (!shownGood)
    for (const id of Object.values(PANES)) $(id).textContent = '(no result yet: fix the input marked beside it)';
  shownGood ||= outputs !== undefined;
}

async function copy(text, button) {
  let done = false;
  try {
    await navigator.clipboard.writeText(text);
    done = true;
  } catch {
    // No clipboard permission (or not a secure context): copy through a selected textarea.
    const scratch = document.createElement('textarea');
    scratch.value = text;
    scratch.setAttribute('readonly', '');
    scratch.className = 'visually-hidden';
    document.body.append(scratch);
    scratch.select();
    try {
      done = document.execCommand('copy');
    } catch {
      done = false;
    }
    scratch.remove();
    button.focus();
  }
  const label = done ? 'Copied' : 'Copy failed: select the text and copy it';
  $('copy-status').textContent = label;
  button.textContent = done ? 'Copied' : 'Copy failed';
  setTimeout(() => {
    button.textContent = button.hasAttribute('data-copy-link') ? 'Copy link' : 'Copy';
  }, 1500);
}

fillExamples(
  $('validation-example'),
  VALIDATION_EXAMPLES,
  (example) => {
    $('schema').value = example.schema;
    $('args').value = example.args;
  },
  (example, state) => example.schema === state.schema && example.args === state.args,
);
fillExamples(
  $('thrown-example'),
  THROWN_EXAMPLES,
  (example) => {
    $('thrown').value = asText(example.thrown);
  },
  (example, state) => asText(example.thrown) === state.thrown,
);
fillExamples(
  $('contract-example'),
  CONTRACT_EXAMPLES,
  (example) => {
    $('contract').value = asText(example.contract);
  },
  (example, state) => asText(example.contract) === state.contract,
);
fillExamples(
  $('tool-error-example'),
  TOOL_ERROR_EXAMPLES,
  (example) => {
    $('toolErrorOptions').value = asText(example.options);
  },
  (example, state) => asText(example.options) === state.toolErrorOptions,
);

form.addEventListener('input', (event) => {
  if (event.target.id === 'schema') schemaTrusted = true;
  if (!event.target.closest('.example')) render();
});
$('run-schema').addEventListener('click', () => {
  schemaTrusted = true;
  render();
  $('schema').focus();
});
form.addEventListener('change', (event) => {
  if (event.target.matches('select:not(.example select), input[type="checkbox"]')) render();
});
form.addEventListener('submit', (event) => event.preventDefault());
/** Shows the inputs a link carries. */
function restore(fragment) {
  const state = decodeState(fragment);
  schemaTrusted = isExampleSchema(state.schema);
  writeState(state);
  render();
}

window.addEventListener('hashchange', () => {
  // Following the link to the inputs already shown (before the address bar caught up) changes nothing.
  if (location.hash !== `#${encodeState(readState())}`) restore(location.hash);
});
for (const button of document.querySelectorAll('[data-copy]')) {
  button.addEventListener('click', () => copy($(button.dataset.copy).textContent, button));
}
document
  .querySelector('[data-copy-link]')
  .addEventListener('click', (event) => copy($('permalink').href, event.currentTarget));

restore(location.hash);

init(new URL(wasmUrl, import.meta.url)).then(
  () => {
    ready = true;
    $('status').textContent = 'Ready: every pane updates as you type.';
    render();
    document.body.dataset.ready = 'true';
  },
  (failure) => {
    $('status').textContent = `The WebAssembly module did not load (${String(failure)}); reload the page to retry.`;
    $('status').classList.add('failed');
    document.body.dataset.ready = 'failed';
  },
);
