// The XML dialect (MCP Fusion, seed 000): <tool_error>, the fluent ErrorBuilder, the
// pipeline's routing and INTERNAL_ERROR envelopes, <validation_error> and
// <contract_awareness>. This layer only checks argument types, reads untrusted values
// once and safely, makes one wasm call per envelope and builds the result object; every
// byte of every envelope is written by the Rust core (src/xml/).

import * as abi from './abi.js';
import { COPY_LIMITS, copyJson, cutText, plainJson, wireDataJson } from './copy.js';
import { classifyRead } from './classify.js';
import { JsonRpcErrorCode } from './codes.js';
import { ECHO_UNITS, GROUP_ISSUES, RENDERED_ISSUES, THROWN_TEXT_UNITS, TOOL_ERROR_CODES } from './constants.js';
import { sourceIssue } from './sources.js';
import {
  argumentError,
  eachTextBlock,
  listEntry,
  listLength,
  READ_THREW,
  readOnce,
  readThrown,
  UNREADABLE,
  unreadableError,
} from './read.js';

/**
 * The brand of a response a handler may `throw` and still have pass through intact:
 * a non-enumerable `true` under this registered symbol (the one MCP Fusion uses).
 */
const BRAND = Symbol.for('mcp-fusion.ToolResponse');

/** The 17 canonical codes (seed 000), from the core's table (src/codes.rs). */
export { TOOL_ERROR_CODES };

// Issues sent to the core: RENDERED_ISSUES (it renders them and counts the rest from
// the total), GROUP_ISSUES for createGroup (the ones it lists and one more to say some
// were left out). A discriminator value the model sent crosses as its first ECHO_UNITS.

// ---------------------------------------------------------------------------------
// Argument checks: a clear TypeError naming the parameter.

/**
 * @param {string} fn
 * @param {string} param
 * @param {string} expected
 * @param {unknown} value
 * @returns {never}
 */
function fail(fn, param, expected, value) {
  throw argumentError(fn, param, expected, value);
}

/**
 * Caps of what an author's values cross with: a string longer than TEXT_UNITS UTF-16
 * units is cut there (never inside a surrogate pair) and ends in `…`; a list or a
 * details object keeps its first LIST_ENTRIES entries. A 100 MB message or 100,000
 * detail keys cost what the capped prefix costs.
 */
const TEXT_UNITS = COPY_LIMITS.stringUnits;
const LIST_ENTRIES = COPY_LIMITS.entries;

/**
 * @param {string} text
 */
function capped(text) {
  return cutText(text, TEXT_UNITS);
}

/**
 * @param {string} fn
 * @param {string} param
 * @param {unknown} value
 */
function string(fn, param, value) {
  if (typeof value !== 'string') fail(fn, param, 'a string', value);
  return capped(value);
}

/** `undefined` (or null) for absent, else a string. * @param {string} fn
 * @param {string} param
 * @param {unknown} value
 */
function optionalString(fn, param, value) {
  return value === undefined || value === null ? undefined : string(fn, param, value);
}

/**
 * @param {string} fn
 * @param {string} param
 * @param {unknown} value
 */
function object(fn, param, value) {
  if (typeof value !== 'object' || value === null) fail(fn, param, 'an object', value);
  return value;
}

/**
 * The named fields of an options object, each read once inside try/catch: a getter or
 * a Proxy trap that throws is a TypeError naming the field, and its own message never
 * escapes.
 * @param {string} fn
 * @param {string} param
 * @param {any} value
 * @param {string[]} names
 * @returns {any} the fields read, each as it was
 */
function fields(fn, param, value, names) {
  object(fn, param, value);
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const name of names) {
    try {
      out[name] = value[name];
    } catch {
      throw unreadableError(fn, `${param}.${name}`);
    }
  }
  return out;
}

/** A list of strings, each checked and read once (at most LIST_ENTRIES); absent (undefined or null) is empty unless required.
 * @param {string} fn
 * @param {string} param
 * @param {any} value
 * @param {boolean} [required]
 * @returns {string[]}
 */
function stringList(fn, param, value, required = false) {
  if (!required && (value === undefined || value === null)) return [];
  let length;
  try {
    length = Array.isArray(value) ? value.length : NaN;
  } catch {
    length = NaN;
  }
  if (!Number.isSafeInteger(length) || length < 0) fail(fn, param, 'an array of strings', value);
  const out = [];
  for (let i = 0; i < Math.min(length, LIST_ENTRIES); i++) {
    let item;
    try {
      item = value[i];
    } catch {
      fail(fn, `${param}[${i}]`, 'a readable string', undefined);
    }
    out.push(string(fn, `${param}[${i}]`, item));
  }
  return out;
}

/** `undefined` (or null) for absent, else a boolean. * @param {string} fn
 * @param {string} param
 * @param {unknown} value
 */
function optionalBoolean(fn, param, value) {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') fail(fn, param, 'a boolean', value);
  return value;
}

/**
 * @param {string} fn
 * @param {string} param
 * @param {unknown} value
 */
function optionalNumber(fn, param, value) {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number') fail(fn, param, 'a number', value);
  return value;
}

// ---------------------------------------------------------------------------------
// Safe copies.

/**
 * What XML copies read: the default limits, with JSON's own reading of what Zod issues
 * and detail values carry (a BigInt — Zod's bigint bounds and literals — as its decimal
 * text, a Date as its ISO text, functions left out).
 */
const XML_COPY = Object.freeze({ ...COPY_LIMITS, lenient: true });
/** The copy of `sentArgs`: a Date is also marked, so `You sent:` prints its JSON. */
const SENT_COPY = Object.freeze({ ...XML_COPY, markDates: true });

/** JSON text of a bounded copy of `value` (see copy.js's `copyJson`). * @param {unknown} value
 */
function jsonCopy(value) {
  return copyJson(value, XML_COPY);
}

/**
 * The first `max` issues as JSON text, and how many there are. A list whose length
 * cannot be read counts as one unreadable issue; an issue whose read throws is one too.
 * @param {string} fn
 * @param {unknown} issues
 * @param {number} max
 * @param {unknown} [args] the arguments sent, read only at a Standard Schema issue's path
 * @returns {{ json: string, total: number }}
 */
function issuePrefix(fn, issues, max, args) {
  let isArray;
  try {
    isArray = Array.isArray(issues);
  } catch {
    // A revoked Proxy.
    return { json: JSON.stringify([UNREADABLE]), total: 1 };
  }
  if (!isArray) fail(fn, 'issues', 'an array of Zod issues', issues);
  const length = listLength(issues);
  if (length === undefined) return { json: JSON.stringify([UNREADABLE]), total: 1 };
  const count = Math.min(length, max);
  const prefix = new Array(count);
  for (let i = 0; i < count; i++) prefix[i] = jsonCopy(sourceIssue(listEntry(issues, i), args));
  return { json: `[${prefix.join(',')}]`, total: length };
}

/** `String(v)` for a detail value, without running user code: objects as bounded JSON. * @param {unknown} value
 * @returns {string}
 */
function detailText(value) {
  if (typeof value === 'string') return value;
  if (typeof value === 'function') return UNREADABLE;
  if (typeof value !== 'object' || value === null) return String(value);
  const json = jsonCopy(value);
  // A Date copies to its ISO text: the detail is that text, not its JSON literal.
  return json.startsWith('"') ? JSON.parse(json) : json;
}

/** Detail entries as key, text, key, text… in `Object.keys` order (the core orders repeats), at most LIST_ENTRIES of them.
 * @param {string} fn
 * @param {string} param
 * @param {any} details
 * @param {string[]} into
 */
function detailPairs(fn, param, details, into) {
  if (details === undefined || details === null) return into;
  object(fn, param, details);
  let keys;
  try {
    keys = Object.keys(details);
  } catch {
    return into;
  }
  for (const key of keys) {
    // Two strings an entry.
    if (into.length >= LIST_ENTRIES * 2) break;
    let value;
    try {
      value = details[key];
    } catch {
      into.push(capped(key), UNREADABLE);
      continue;
    }
    let text;
    try {
      text = detailText(value);
    } catch {
      text = UNREADABLE;
    }
    into.push(capped(key), capped(text));
  }
  return into;
}

// ---------------------------------------------------------------------------------
// Responses.

/**
 * The result object of a response the core wrote (`{ isError, branded, text }`).
 * @param {import('./abi.js').XmlResponse} out
 */
function response(out) {
  const result = { content: [{ type: 'text', text: out.text }], isError: out.isError };
  if (out.branded) Object.defineProperty(result, BRAND, { value: true });
  return result;
}

/**
 * The text of a response's text blocks (read as parseToolError reads them) joined with
 * `\n`, at most the copy cap in all; '' when unreadable. Unlike parseToolError's join,
 * an empty first text adds no separator and the cut is a plain slice.
 * @param {object} value
 */
export function responseText(value) {
  let text = '';
  eachTextBlock(readOnce(value, 'content'), LIST_ENTRIES, (part) => {
    text += (text === '' ? '' : '\n') + part;
    return text.length < TEXT_UNITS;
  });
  return text.length > TEXT_UNITS ? text.slice(0, TEXT_UNITS) : text;
}

/**
 * An McpError of this package thrown inside a tool of this dialect: the `<tool_error>`
 * its code, message and data mean (the core maps the code through the table both
 * dialects share). `options`: `{ guidance, redactSecrets, maskServerErrors }`, read already.
 * @param {unknown} thrown
 * @param {{ guidance: boolean, redactSecrets: boolean, maskServerErrors: boolean }} options
 */
export function fromMcpError(thrown, options) {
  const read = readThrown(thrown, TEXT_UNITS);
  const data = readOnce(thrown, 'data');
  return response(
    abi.xmlFromMcpError({
      code: Number.isInteger(read.code) ? read.code : INTERNAL_ERROR_CODE,
      message: read.message,
      data: data === READ_THREW ? undefined : wireDataJson(data),
      guidance: options.guidance,
      redactSecrets: options.redactSecrets,
      maskServerErrors: options.maskServerErrors,
    }),
  );
}

/**
 * @param {any} value
 * @returns {value is object}
 */
export function isBranded(value) {
  if ((typeof value !== 'object' || value === null) && typeof value !== 'function') return false;
  try {
    return value[BRAND] === true;
  } catch {
    return false;
  }
}

/**
 * @param {string} code
 * @param {string} message
 * @param {string | undefined} suggestion
 * @param {string[]} actions
 * @param {string[]} details key, text, key, text…
 * @param {number | undefined} retryAfter
 * @param {string | undefined} severity
 * @param {boolean | undefined} redactSecrets
 */
function writeToolError(code, message, suggestion, actions, details, retryAfter, severity, redactSecrets) {
  return response(
    abi.xmlToolError({
      code,
      message,
      suggestion,
      // An empty list is left out: the core reads an absent one as empty.
      actions: actions.length === 0 ? undefined : actions,
      details: details.length === 0 ? undefined : details,
      retryAfter,
      severity,
      redactSecrets: redactSecrets !== false,
    }),
  );
}

/**
 * @param {any} code checked here
 * @param {any} opts checked here
 */
export function toolError(code, opts) {
  const fn = 'toolError';
  code = string(fn, 'code', code);
  object(fn, 'opts', opts);
  // What `fields` does, by name: its reads by a computed key were 0.13 µs of a 1.2 µs
  // message-only call, these 0.01 µs. `reading` names the field a throwing read was on.
  let reading = 'message';
  let message, suggestion, availableActions, details, retryAfter, severity, redactSecrets;
  try {
    message = opts.message;
    reading = 'suggestion';
    suggestion = opts.suggestion;
    reading = 'availableActions';
    availableActions = opts.availableActions;
    reading = 'details';
    details = opts.details;
    reading = 'retryAfter';
    retryAfter = opts.retryAfter;
    reading = 'severity';
    severity = opts.severity;
    reading = 'redactSecrets';
    redactSecrets = opts.redactSecrets;
  } catch {
    throw unreadableError(fn, `opts.${reading}`);
  }
  return writeToolError(
    code,
    string(fn, 'opts.message', message),
    optionalString(fn, 'opts.suggestion', suggestion),
    stringList(fn, 'opts.availableActions', availableActions),
    detailPairs(fn, 'opts.details', details, []),
    optionalNumber(fn, 'opts.retryAfter', retryAfter),
    optionalString(fn, 'opts.severity', severity),
    optionalBoolean(fn, 'opts.redactSecrets', redactSecrets),
  );
}

/**
 * @param {any} message checked here
 * @param {unknown} [code]
 */
export function error(message, code) {
  message = string('error', 'message', message);
  return response(abi.xmlError({ message, code: optionalString('error', 'code', code) }));
}

/** The answer to a call cancelled before its handler started (registerTool's XML gate). * @param {string} tool
 */
export function cancelled(tool) {
  return response(abi.xmlCancelled({ tool }));
}

/**
 * @param {unknown} field
 */
export function required(field) {
  return response(abi.xmlRequired({ field: string('required', 'field', field) }));
}

// ---------------------------------------------------------------------------------
// The fluent builder.

export class ErrorBuilder {
  /** @type {string} */
  #code;
  /** @type {string} */
  #message;
  /** @type {string | undefined} */
  #suggestion;
  /** @type {string[]} */
  #actions = [];
  /** Key, text, key, text… (detailPairs). @type {string[]} */
  #details = [];
  /** @type {number | undefined} */
  #retryAfter;
  /** @type {string | undefined} */
  #severity;
  #redactSecrets = true;
  /**
   * The built response, until the next change.
   * @type {ReturnType<typeof response> | undefined}
   */
  #built;

  /** Own enumerable getters, so that a builder is a ToolResponse to JSON.stringify and spread too. */
  static #accessors = {
    content: {
      enumerable: true,
      /** @this {ErrorBuilder} */
      get() {
        return this.#response().content;
      },
    },
    isError: {
      enumerable: true,
      /** @this {ErrorBuilder} */
      get() {
        return this.#response().isError;
      },
    },
  };

  /**
   * @param {unknown} code
   * @param {unknown} message
   */
  constructor(code, message) {
    this.#code = string('ErrorBuilder', 'code', code);
    this.#message = string('ErrorBuilder', 'message', message);
    Object.defineProperties(this, ErrorBuilder.#accessors);
  }

  #response() {
    this.#built ??= writeToolError(
      this.#code,
      this.#message,
      this.#suggestion,
      this.#actions,
      this.#details,
      this.#retryAfter,
      this.#severity,
      this.#redactSecrets,
    );
    return this.#built;
  }

  /** Whether secrets in the message, suggestion and details are masked (default true). */
  redactSecrets(enabled = true) {
    if (typeof enabled !== 'boolean') fail('ErrorBuilder.redactSecrets', 'enabled', 'a boolean', enabled);
    this.#redactSecrets = enabled;
    this.#built = undefined;
    return this;
  }

  /** @param {unknown} suggestion */
  suggest(suggestion) {
    this.#suggestion = string('ErrorBuilder.suggest', 'suggestion', suggestion);
    this.#built = undefined;
    return this;
  }

  /** @param {unknown[]} names */
  actions(...names) {
    for (let i = 0; i < names.length; i++) {
      const name = string('ErrorBuilder.actions', `names[${i}]`, names[i]);
      // At most LIST_ENTRIES, as toolError's list.
      if (this.#actions.length < LIST_ENTRIES) this.#actions.push(name);
    }
    this.#built = undefined;
    return this;
  }

  /** @param {unknown} level */
  severity(level) {
    this.#severity = string('ErrorBuilder.severity', 'level', level);
    this.#built = undefined;
    return this;
  }

  critical() {
    return this.severity('critical');
  }

  warning() {
    return this.severity('warning');
  }

  /** @param {unknown} details */
  details(details) {
    object('ErrorBuilder.details', 'details', details);
    detailPairs('ErrorBuilder.details', 'details', details, this.#details);
    this.#built = undefined;
    return this;
  }

  /** @param {unknown} seconds */
  retryAfter(seconds) {
    if (typeof seconds !== 'number') fail('ErrorBuilder.retryAfter', 'seconds', 'a number', seconds);
    this.#retryAfter = seconds;
    this.#built = undefined;
    return this;
  }

  /** A plain, branded ToolResponse (a new object each call; the wasm call is cached). */
  build() {
    const built = this.#response();
    const result = { content: [{ type: 'text', text: built.content[0].text }], isError: built.isError };
    Object.defineProperty(result, BRAND, { value: true });
    return result;
  }
}

// A builder thrown by a handler is a branded response too: it passes through.
Object.defineProperty(ErrorBuilder.prototype, BRAND, { value: true });

/**
 * @param {unknown} code
 * @param {unknown} message
 */
export function errorBuilder(code, message) {
  return new ErrorBuilder(code, message);
}

// ---------------------------------------------------------------------------------
// The pipeline's envelopes.

const ROUTING_KINDS = new Set(['missing', 'invalid', 'unknown']);

/**
 * @param {any} kind checked here
 * @param {any} opts checked here
 */
export function routingError(kind, opts) {
  const fn = 'routingError';
  if (!ROUTING_KINDS.has(kind)) fail(fn, 'kind', "'missing', 'invalid' or 'unknown'", kind);
  opts = fields(fn, 'opts', opts, ['discriminator', 'actions', 'value']);
  const discriminator = string(fn, 'opts.discriminator', opts.discriminator);
  const actions = stringList(fn, 'opts.actions', opts.actions, true);
  let value = '';
  if (kind === 'invalid') {
    value = typeof opts.value;
  } else if (kind === 'unknown') {
    value = string(fn, 'opts.value', opts.value).slice(0, ECHO_UNITS);
  }
  return response(abi.xmlRoutingError({ kind, discriminator, actions, value }));
}

// ---------------------------------------------------------------------------------
// The text an unbranded throw is reported with: MCP Fusion's
// `err instanceof Error ? err.message : String(err)` (its runChain catch), the message
// placed in a template (`${message}`). Each property is read once, inside try/catch; a
// conversion the value defines itself (`Symbol.toPrimitive`, `toString`, `valueOf`)
// runs once, as `String` would run it; arrays are joined as `Array.prototype.join`
// joins them, but only up to THROWN_TEXT_UNITS. A value `String` cannot convert (it
// throws: `Object.create(null)`, a throwing `toString`, a Symbol message, a revoked
// Proxy) is reported as UNREADABLE; the reference writes no envelope for it at all.

/** How deep arrays inside arrays are joined; deeper ones join as ''. */
const THROWN_JOIN_DEPTH = 16;
const NOT_CONVERTIBLE = Symbol('not convertible');
const ARRAY_JOIN = Array.prototype.join;
const TYPED_ARRAY_JOIN = Object.getPrototypeOf(Uint8Array.prototype).join;

/**
 * @param {any} object
 * @param {PropertyKey} key
 * @returns {unknown}
 */
function readProperty(object, key) {
  try {
    return object[key];
  } catch {
    throw NOT_CONVERTIBLE;
  }
}

/**
 * `ToString` of a primitive, or of an object as `String` converts it.
 * @param {unknown} value
 * @param {number} room
 * @param {number} depth
 * @param {unknown[]} joining
 * @returns {string}
 */
function toText(value, room, depth, joining) {
  if (typeof value === 'string') return value.length > room ? value.slice(0, room) : value;
  if (typeof value === 'symbol') throw NOT_CONVERTIBLE;
  if (typeof value !== 'object' && typeof value !== 'function') return String(value);
  if (value === null) return 'null';
  return objectText(value, room, depth, joining);
}

/**
 * A primitive a conversion returned, as text; an object is no result (NOT_CONVERTIBLE for the caller).
 * @param {Function} fn
 * @param {object} value
 * @param {unknown[]} args
 */
function called(fn, value, args) {
  let result;
  try {
    result = Reflect.apply(fn, value, args);
  } catch {
    throw NOT_CONVERTIBLE;
  }
  return (typeof result === 'object' && result !== null) || typeof result === 'function' ? NOT_CONVERTIBLE : result;
}

/**
 * `String(object)`: `Symbol.toPrimitive`, else `toString`, else `valueOf`, each read once.
 * @param {object} value
 * @param {number} room
 * @param {number} depth
 * @param {unknown[]} joining
 * @returns {string}
 */
function objectText(value, room, depth, joining) {
  const exotic = readProperty(value, Symbol.toPrimitive);
  if (exotic !== undefined && exotic !== null) {
    if (typeof exotic !== 'function') throw NOT_CONVERTIBLE;
    const result = called(exotic, value, ['string']);
    if (result === NOT_CONVERTIBLE) throw NOT_CONVERTIBLE;
    return toText(result, room, depth, joining);
  }
  const toString = readProperty(value, 'toString');
  if (toString === Array.prototype.toString) {
    const join = readProperty(value, 'join');
    if (join === ARRAY_JOIN || join === TYPED_ARRAY_JOIN) return joined(value, room, depth, joining);
    const result = typeof join === 'function' ? called(join, value, []) : called(Object.prototype.toString, value, []);
    if (result !== NOT_CONVERTIBLE) return toText(result, room, depth, joining);
  } else if (typeof toString === 'function') {
    const result = called(toString, value, []);
    if (result !== NOT_CONVERTIBLE) return toText(result, room, depth, joining);
  }
  const valueOf = readProperty(value, 'valueOf');
  if (typeof valueOf === 'function') {
    const result = called(valueOf, value, []);
    if (result !== NOT_CONVERTIBLE) return toText(result, room, depth, joining);
  }
  throw NOT_CONVERTIBLE;
}

/**
 * `Array.prototype.join` with ',', stopping once `room` units are written; an array being joined joins as ''.
 * @param {object} array
 * @param {number} room
 * @param {number} depth
 * @param {unknown[]} joining
 */
function joined(array, room, depth, joining) {
  if (depth >= THROWN_JOIN_DEPTH || joining.includes(array)) return '';
  const rawLength = readProperty(array, 'length');
  let length;
  try {
    length = Number(rawLength);
  } catch {
    throw NOT_CONVERTIBLE;
  }
  length = Number.isFinite(length) && length > 0 ? Math.floor(length) : 0;
  joining.push(array);
  let text = '';
  for (let i = 0; i < length && text.length < room; i++) {
    if (i > 0) text += ',';
    const element = readProperty(array, i);
    if (element !== undefined && element !== null) text += toText(element, room - text.length, depth + 1, joining);
  }
  joining.pop();
  return text.length > room ? text.slice(0, room) : text;
}

/**
 * The reference's message for an unbranded throw, from its one read (see above).
 * @param {unknown} thrown
 * @param {import('./read.js').ThrownRead} read
 */
function thrownMessage(thrown, read) {
  if (thrown === null || thrown === undefined) return String(thrown);
  // A primitive's String(), already read (and capped) by readThrown.
  if (typeof thrown !== 'object' && typeof thrown !== 'function') return read.message;
  try {
    if (read.sameRealmError) {
      // A ZodError's message (the JSON of every issue) is never built: its name stands for it.
      if (read.zodNamed) return 'ZodError';
      if (read.rawMessage === READ_THREW) return UNREADABLE;
      return toText(read.rawMessage, THROWN_TEXT_UNITS, 0, []);
    }
    return toText(thrown, THROWN_TEXT_UNITS, 0, []);
  } catch {
    return UNREADABLE;
  }
}

/** InternalError: the code an unclassified throw is reported under. */
const INTERNAL_ERROR_CODE = JsonRpcErrorCode.InternalError;

/**
 * @param {unknown} thrown
 * @param {import('../types/shapes.js').InternalErrorLocation} where
 */
export function internalError(thrown, where) {
  const fn = 'internalError';
  where = fields(fn, 'where', where, ['tool', 'action', 'redactSecrets', 'maskServerErrors']);
  const tool = string(fn, 'where.tool', where.tool);
  const action = optionalString(fn, 'where.action', where.action);
  const redactSecrets = optionalBoolean(fn, 'where.redactSecrets', where.redactSecrets) !== false;
  const maskServerErrors = optionalBoolean(fn, 'where.maskServerErrors', where.maskServerErrors) === true;
  if (isBranded(thrown)) return thrown;
  const read = readThrown(thrown);
  // Classified only when masking needs the category (client and upstream throws keep their text).
  const code = maskServerErrors ? classifyRead(read, false) : INTERNAL_ERROR_CODE;
  const message = thrownMessage(thrown, read);
  return response(abi.xmlInternalError({ message, tool, action, code, redactSecrets, maskServerErrors }));
}

/**
 * @param {any} group checked here
 * @param {any} action checked here
 * @param {unknown} actions
 */
export function groupUnknownAction(group, action, actions) {
  const fn = 'groupUnknownAction';
  group = string(fn, 'group', group);
  action = string(fn, 'action', action);
  const list = stringList(fn, 'actions', actions, true);
  return response(abi.xmlGroupUnknownAction({ group, action: action.slice(0, ECHO_UNITS), actions: list }));
}

/**
 * @param {any} group checked here
 * @param {any} action checked here
 * @param {unknown} issues
 */
export function groupValidationError(group, action, issues) {
  const fn = 'groupValidationError';
  group = string(fn, 'group', group);
  action = string(fn, 'action', action);
  const { json, total } = issuePrefix(fn, issues, GROUP_ISSUES);
  return response(abi.xmlGroupValidationError({ group, action, issues: json, total }));
}

// ---------------------------------------------------------------------------------
// Validation errors and contract awareness.

/**
 * What both validation writers send: the issue prefix, its total and the sent arguments.
 * @param {string} fn
 * @param {unknown} issues
 * @param {any} actionKey checked here
 * @param {unknown} sentArgs
 * @returns {import('./abi.js').XmlValidationRequest}
 */
function validationInput(fn, issues, actionKey, sentArgs) {
  actionKey = string(fn, 'actionKey', actionKey);
  const { json, total } = issuePrefix(fn, issues, RENDERED_ISSUES, sentArgs);
  // A bounded plain copy; a Date shows as its ISO text (marked: see SENT_COPY) and a BigInt as its digits. The
  // true sizes of what it cut cross beside it, so `array(N)` is the list's own length.
  /** @type {number[]} */
  const sizes = [];
  const sent = sentArgs === undefined ? undefined : copyJson(sentArgs, SENT_COPY, undefined, { sizes });
  return { issues: json, total, actionKey, sent, sentSizes: sizes };
}

/**
 * @param {unknown} issues
 * @param {unknown} actionKey
 * @param {unknown} [sentArgs]
 */
export function formatValidationError(issues, actionKey, sentArgs) {
  return abi.xmlFormatValidationError(validationInput('formatValidationError', issues, actionKey, sentArgs));
}

/**
 * formatValidationError's text as the tool result MCP Fusion's pipeline returns for
 * rejected arguments: `{ content: [{ type: 'text', text }], isError: true }`, unbranded.
 * @param {unknown} issues
 * @param {unknown} actionKey
 * @param {unknown} [sentArgs]
 */
export function validationErrorResult(issues, actionKey, sentArgs) {
  return response(abi.xmlValidationErrorResult(validationInput('validationErrorResult', issues, actionKey, sentArgs)));
}

/**
 * @param {any} xml checked here
 * @param {any} toolName checked here
 * @param {any} actionKey checked here
 * @param {unknown} options
 */
export function enrichValidationError(xml, toolName, actionKey, options) {
  const fn = 'enrichValidationError';
  string(fn, 'xml', xml);
  // The tool's deltas are found under its name as given; its copy is what crosses.
  const tool = string(fn, 'toolName', toolName);
  actionKey = string(fn, 'actionKey', actionKey);
  const { activeDeltas, includeAllSeverities, maxDeltasPerError } = fields(fn, 'options', options, [
    'activeDeltas',
    'includeAllSeverities',
    'maxDeltasPerError',
  ]);
  let getter;
  try {
    getter = typeof activeDeltas === 'object' && activeDeltas !== null ? activeDeltas.get : undefined;
  } catch {
    getter = undefined;
  }
  if (typeof getter !== 'function') {
    fail(fn, 'options.activeDeltas', 'a Map of tool name to { deltas }', activeDeltas);
  }
  if (includeAllSeverities !== undefined && typeof includeAllSeverities !== 'boolean') {
    fail(fn, 'options.includeAllSeverities', 'a boolean', includeAllSeverities);
  }
  const max = optionalNumber(fn, 'options.maxDeltasPerError', maxDeltasPerError);
  let deltas;
  try {
    const entry = activeDeltas.get(toolName);
    deltas = entry === undefined || entry === null ? undefined : entry.deltas;
  } catch {
    throw unreadableError(fn, 'options.activeDeltas');
  }
  if (deltas === undefined || deltas === null || (Array.isArray(deltas) && deltas.length === 0)) {
    return { xml, injected: false, deltaCount: 0 };
  }
  if (!Array.isArray(deltas))
    fail(fn, `options.activeDeltas.get(${JSON.stringify(toolName)}).deltas`, 'an array', deltas);
  const out = abi.xmlEnrichValidationError({
    xml,
    tool,
    actionKey,
    deltas: plainJson(deltas),
    includeAllSeverities: includeAllSeverities === true,
    maxDeltasPerError: max,
  });
  return { xml: out.text, injected: out.deltas > 0, deltaCount: out.deltas };
}

/** @param {unknown} deltas */
export function formatDeltasAsXml(deltas) {
  if (!Array.isArray(deltas)) fail('formatDeltasAsXml', 'deltas', 'an array', deltas);
  return abi.xmlFormatDeltas({ deltas: plainJson(deltas) });
}
