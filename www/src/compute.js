// The playground's logic: inputs → every pane's text. Pure (no DOM); the page and the
// Node test (js-tests/www.test.mjs) import this same module, so the test compares the
// browser's result of this code with Node's.
import {
  classify,
  error,
  errorBuilder,
  errorResult,
  formatValidation,
  internalError,
  McpError,
  parseToolError,
  required,
  toolError,
  validationErrorResult,
} from 'mcp-envelope';
import * as z from 'zod';

/**
 * The caps that shape each output, as the core defines them (the file named beside
 * each); shown against the input so an author sees when a cut happens.
 */
export const CAPS = Object.freeze({
  jsonrpcLines: 10, // issue lines in the message (src/jsonrpc/rejection.rs MAX_LINES), then " (+N more)"
  jsonrpcStringUnits: 1024, // per issue line and per string of data.issues (src/jsonrpc/text.rs)
  jsonrpcDataEntries: 10, // entries per list or object of data.issues (src/jsonrpc/bound.rs)
  xmlFields: 100, // <field> lines of a <validation_error> (src/xml/validation.rs)
  xmlFieldMessageUnits: 1000, // per issue message (src/xml/validation.rs)
  xmlInternalMessageUnits: 4096, // the message of internalError (src/xml/routing.rs)
  classifyTextBytes: 16 * 1024, // what the patterns read of a message and a name (src/classify/mod.rs)
  copyStringUnits: 64 * 1024, // a thrown message or an option string, copied at the boundary (README: limits)
});

const ERROR_CONSTRUCTORS = {
  Error,
  TypeError,
  RangeError,
  SyntaxError,
  URIError,
  ReferenceError,
  EvalError,
};
const CONSTRUCTORS = [...Object.keys(ERROR_CONSTRUCTORS), 'AggregateError', 'DOMException', 'McpError', 'Object'];
const DESCRIPTION_KEYS = ['constructor', 'name', 'message', 'code', 'cause', 'data', 'errors', 'throwingGetters'];
/** Nesting of `cause` / `errors` descriptions; classify itself follows at most five causes. */
const MAX_DESCRIPTION_DEPTH = 8;

/**
 * A problem with one input; `field` names the input it is shown beside. `reason` is
 * ours; `detail` (when given) is what the engine or the package said, whose wording
 * may differ between JavaScript engines.
 */
class InputError extends Error {
  constructor(field, reason, detail) {
    super(detail === undefined ? reason : `${reason} (${detail})`);
    this.field = field;
    this.reason = reason;
  }
}

const own = (object, key) => Object.hasOwn(object, key);

/** The text of anything caught, read defensively (a user's throw may be anything). */
function describe(caught) {
  try {
    if (caught instanceof Error) return `${caught.name}: ${caught.message}`;
    return `threw ${typeof caught === 'string' ? JSON.stringify(caught) : String(caught)}`;
  } catch {
    return 'threw a value that cannot be shown';
  }
}

/** Runs `fn`, turning any throw into an InputError for `field`. */
function attempt(field, what, fn) {
  try {
    return fn();
  } catch (caught) {
    if (caught instanceof InputError) throw caught;
    throw new InputError(field, what, describe(caught));
  }
}

function parseJson(field, text, label) {
  try {
    return JSON.parse(text);
  } catch (caught) {
    throw new InputError(field, `${label}: not valid JSON`, caught.message);
  }
}

/**
 * The Zod schema typed in the page. `new Function` evaluates the author's own code, in
 * their own browser (or, in the test, in Node); nothing else is ever evaluated. A schema
 * that arrives in a link is shown first and runs only when the person asks (main.js).
 */
export function evaluateSchema(text) {
  const schema = attempt('schema', 'The schema did not evaluate', () => new Function('z', `return (${text}\n)`)(z));
  if (typeof schema !== 'object' || schema === null || typeof schema.safeParse !== 'function') {
    throw new InputError('schema', 'The schema must evaluate to a Zod schema (for example z.object({ … })).');
  }
  return schema;
}

/** The thrown value a JSON description stands for (see THROWN_EXAMPLES). */
export function buildThrown(description, depth = 0) {
  if (typeof description !== 'object' || description === null || Array.isArray(description)) return description;
  if (depth > MAX_DESCRIPTION_DEPTH)
    throw new InputError('thrown', `Causes nest deeper than ${MAX_DESCRIPTION_DEPTH} levels.`);
  for (const key of Object.keys(description)) {
    if (!DESCRIPTION_KEYS.includes(key)) {
      throw new InputError('thrown', `Unknown field "${key}"; a thrown value has ${DESCRIPTION_KEYS.join(', ')}.`);
    }
  }
  const kind = own(description, 'constructor') ? description.constructor : 'Error';
  if (!CONSTRUCTORS.includes(kind)) {
    throw new InputError('thrown', `Unknown constructor ${JSON.stringify(kind)}; one of ${CONSTRUCTORS.join(', ')}.`);
  }
  const message = own(description, 'message') ? description.message : undefined;
  const cause = own(description, 'cause') ? buildThrown(description.cause, depth + 1) : undefined;
  const options = own(description, 'cause') ? { cause } : undefined;
  let value;
  if (kind === 'McpError') {
    value = attempt(
      'thrown',
      'new McpError threw',
      () => new McpError(description.code, message, description.data, options),
    );
  } else if (kind === 'AggregateError') {
    const errors = Array.isArray(description.errors)
      ? description.errors.map((item) => buildThrown(item, depth + 1))
      : [];
    value = new AggregateError(errors, message, options);
  } else if (kind === 'DOMException') {
    value = new DOMException(message, own(description, 'name') ? String(description.name) : 'Error');
  } else if (kind === 'Object') {
    value = {};
    if (message !== undefined) value.message = message;
    if (options) value.cause = cause;
  } else {
    value = new ERROR_CONSTRUCTORS[kind](message, options);
  }
  const define = (key, field) =>
    Object.defineProperty(value, key, { value: field, writable: true, configurable: true });
  if (own(description, 'name') && kind !== 'DOMException') define('name', description.name);
  if (own(description, 'code') && kind !== 'McpError') define('code', description.code);
  if (own(description, 'data') && kind !== 'McpError') define('data', description.data);
  if (own(description, 'throwingGetters')) {
    if (
      !Array.isArray(description.throwingGetters) ||
      description.throwingGetters.some((key) => typeof key !== 'string')
    ) {
      throw new InputError('thrown', 'throwingGetters must be a list of property names.');
    }
    for (const key of description.throwingGetters) {
      Object.defineProperty(value, key, {
        get() {
          throw new Error(`reading ${key} throws`);
        },
        configurable: true,
      });
    }
  }
  return value;
}

/** UTF-8 bytes of a string. */
const utf8 = (text) => new TextEncoder().encode(text).length;

/** A cap line: what the input has against the cap. */
const capLine = (label, actual, cap, cut) =>
  `${actual > cap ? '⚠' : '✓'} ${label}: ${actual} of ${cap}${actual > cap ? ` (${cut})` : ''}`;

/** The longest string of `strings`, in UTF-16 units (the unit the caps count). */
const longest = (strings) =>
  strings.reduce((max, text) => Math.max(max, typeof text === 'string' ? text.length : 0), 0);

function validationCaps(dialect, issues) {
  const messages = issues.map((issue) => issue.message);
  if (dialect === 'xml') {
    return [
      capLine('issues written as <field>', issues.length, CAPS.xmlFields, 'the rest are not written'),
      capLine('longest issue message, UTF-16 units', longest(messages), CAPS.xmlFieldMessageUnits, 'cut'),
    ];
  }
  return [
    capLine(
      'issue lines in the message',
      issues.length,
      CAPS.jsonrpcLines,
      `"(+${issues.length - CAPS.jsonrpcLines} more)"`,
    ),
    capLine('issues kept in data.issues', issues.length, CAPS.jsonrpcDataEntries, 'data.issuesCount holds the total'),
    capLine('longest issue message, UTF-16 units', longest(messages), CAPS.jsonrpcStringUnits, 'cut with "…"'),
  ];
}

function thrownCaps(dialect, value) {
  let message;
  try {
    message = typeof value === 'string' ? value : value?.message;
  } catch {
    message = undefined;
  }
  const units = typeof message === 'string' ? message.length : 0;
  const lines = [capLine('message copied, UTF-16 units', units, CAPS.copyStringUnits, 'cut at the boundary')];
  lines.push(
    capLine(
      'message read by the classifier patterns, bytes',
      typeof message === 'string' ? utf8(message) : 0,
      CAPS.classifyTextBytes,
      'the rest is not matched',
    ),
  );
  if (dialect === 'xml')
    lines.push(capLine('<message> of internalError, UTF-16 units', units, CAPS.xmlInternalMessageUnits, 'cut'));
  return lines;
}

function toolErrorCaps(options) {
  const strings = [options.message, options.suggestion, ...Object.values(options.details ?? {})];
  return [
    capLine('longest option string, UTF-16 units', longest(strings), CAPS.copyStringUnits, 'cut at the boundary'),
  ];
}

/** The pane texts of a tool result. */
function panes(result, classification, caps, notes) {
  const text = result.content.map((block) => block.text).join('\n');
  const structured =
    result.structuredContent === undefined
      ? '(none: this result has no structuredContent, so structured clients read content[] as well)'
      : JSON.stringify(result.structuredContent, null, 2);
  const parsed = parseToolError(result);
  let parsedText = 'null (not an error result)';
  if (parsed !== null) {
    const { raw, ...fields } = parsed;
    parsedText = JSON.stringify(fields, null, 2);
  }
  const structuredBytes = result.structuredContent === undefined ? 0 : utf8(JSON.stringify(result.structuredContent));
  const summary = [
    `isError: ${result.isError}`,
    `content[0].text: ${utf8(text)} bytes UTF-8 (${text.length} UTF-16 units)`,
    `structuredContent: ${structuredBytes} bytes UTF-8 (compact JSON)`,
    `whole result: ${utf8(JSON.stringify(result))} bytes UTF-8 (compact JSON)`,
    ...caps,
  ];
  return {
    text,
    structured,
    parsed: parsedText,
    classification: JSON.stringify(classification, null, 2),
    bytes: summary.join('\n'),
    notes,
  };
}

function computeValidation(state) {
  const args = parseJson('args', state.args, 'The arguments');
  const schema = evaluateSchema(state.schema);
  const parsed = attempt('schema', 'Parsing the arguments threw', () => schema.safeParse(args));
  if (parsed.success) {
    const accepted = 'The schema accepts these arguments: the handler runs, and there is no error result.';
    return {
      text: `(no error result) ${accepted}`,
      structured: '(no error result)',
      parsed: 'null (not an error result)',
      classification: '(nothing thrown)',
      bytes: '(no error result)',
      notes: [{ field: 'args', message: accepted }],
    };
  }
  const { issues } = parsed.error;
  const notes = [];
  const caps = validationCaps(state.dialect, issues);
  if (state.dialect === 'xml') {
    const result = attempt('schema', 'validationErrorResult threw', () =>
      validationErrorResult(issues, state.tool, args),
    );
    return panes(result, { of: 'the ZodError the parse raised', ...classify(parsed.error) }, caps, notes);
  }
  let jsonSchema;
  try {
    jsonSchema = z.toJSONSchema(schema);
  } catch (caught) {
    notes.push({
      field: 'schema',
      message: `z.toJSONSchema failed (${describe(caught)}), so the hint is written without the tool's JSON Schema.`,
    });
  }
  const rejection = attempt('schema', 'formatValidation threw', () =>
    formatValidation(issues, { tool: state.tool, args, schema: jsonSchema }),
  );
  const result = errorResult(rejection, requestOptions(state));
  return panes(result, { of: 'the McpError formatValidation returned', ...classify(rejection) }, caps, notes);
}

function requestOptions(state) {
  return {
    requestId: state.requestId === '' ? false : state.requestId,
    redactSecrets: state.redactSecrets,
    maskServerErrors: state.maskServerErrors,
  };
}

function computeThrown(state) {
  const thrown = buildThrown(parseJson('thrown', state.thrown, 'The thrown value'));
  let contract;
  if (state.contract.trim() !== '') {
    contract = parseJson('contract', state.contract, 'The error contract');
    if (!Array.isArray(contract))
      throw new InputError('contract', 'An error contract is a list of { reason, code, when, recovery }.');
  }
  const notes = [];
  const classification = { of: 'the thrown value', ...classify(thrown, { aborted: state.aborted }) };
  const caps = thrownCaps(state.dialect, thrown);
  if (state.dialect === 'xml') {
    if (contract !== undefined)
      notes.push({ field: 'contract', message: 'The XML dialect has no error contracts; internalError ignores it.' });
    if (state.aborted)
      notes.push({ field: 'thrown', message: 'internalError has no aborted option; only classify reads it here.' });
    const result = attempt('thrown', 'internalError threw', () =>
      internalError(thrown, {
        tool: state.tool,
        redactSecrets: state.redactSecrets,
        maskServerErrors: state.maskServerErrors,
      }),
    );
    return panes(result, classification, caps, notes);
  }
  const result = attempt(contract === undefined ? 'thrown' : 'contract', 'errorResult threw', () =>
    errorResult(thrown, { ...requestOptions(state), contract, aborted: state.aborted }),
  );
  return panes(result, classification, caps, notes);
}

function computeToolError(state) {
  const options = parseJson('tool-error-options', state.toolErrorOptions, 'The options');
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new InputError(
      'tool-error-options',
      'The options are an object: { "call": "toolError", "code": …, "message": … }.',
    );
  }
  const { call = 'toolError', code, ...rest } = options;
  const notes = [];
  if (state.dialect !== 'xml') {
    notes.push({
      field: 'tool-error-options',
      message:
        'toolError writes the XML dialect; in the JSON-RPC dialect throw an McpError instead (the thrown-error mode).',
    });
  }
  const redact = rest.redactSecrets ?? state.redactSecrets;
  const result = attempt('tool-error-options', `${call} threw`, () => {
    switch (call) {
      case 'toolError':
        return toolError(code, { ...rest, redactSecrets: redact });
      case 'errorBuilder': {
        const builder = errorBuilder(code, rest.message);
        if (rest.suggestion !== undefined) builder.suggest(rest.suggestion);
        if (rest.availableActions !== undefined) builder.actions(...rest.availableActions);
        if (rest.details !== undefined) builder.details(rest.details);
        if (rest.retryAfter !== undefined) builder.retryAfter(rest.retryAfter);
        if (rest.severity !== undefined) builder.severity(rest.severity);
        builder.redactSecrets(redact);
        return builder.build();
      }
      case 'error':
        return code === undefined ? error(rest.message) : error(rest.message, code);
      case 'required':
        return required(rest.field);
      default:
        throw new InputError(
          'tool-error-options',
          `Unknown call ${JSON.stringify(call)}; one of toolError, errorBuilder, error, required.`,
        );
    }
  });
  const classification = {
    of: 'a toolError is not classified: its code is the one you chose, and internalError passes a thrown one through intact',
    isError: result.isError,
  };
  return panes(result, classification, toolErrorCaps(rest), notes);
}

/**
 * Every pane of the playground for one state (see state.js). Returns `{ outputs }`
 * (text, structured, parsed, classification, bytes, and notes shown beside inputs) or
 * `{ errors }`: one `{ field, message, reason }` per input that stopped the computation
 * (`message` is shown; `reason`, its engine-independent start). It never throws.
 */
export function compute(state) {
  try {
    const run = { validation: computeValidation, thrown: computeThrown, 'tool-error': computeToolError }[state.mode];
    if (run === undefined) {
      const reason = `Unknown mode ${String(state.mode)}.`;
      return { errors: [{ field: 'mode', message: reason, reason }] };
    }
    return { outputs: run(state) };
  } catch (caught) {
    if (caught instanceof InputError)
      return { errors: [{ field: caught.field, message: caught.message, reason: caught.reason }] };
    const reason = 'The playground failed';
    return { errors: [{ field: 'mode', message: `${reason} (${describe(caught)})`, reason }] };
  }
}
