// Reading values a handler threw. Each property is read once, inside try/catch, and
// nothing is converted in a way that runs user code (no toString, no toJSON): a
// Proxy, a throwing getter or a revoked Proxy yields '[Unreadable]', never a throw.

import {
  CHAIN_END_CYCLE,
  CHAIN_END_DEPTH,
  CHAIN_END_UNREADABLE,
  CLASSIFY_TEXT_CAP,
  CODE_UNITS,
  KIND_MCP_ERROR,
  KIND_OTHER,
  LOG_CAUSES,
  MAX_CAUSES,
  NULL_THROWN_MESSAGE,
  PROBLEM_CONSTRUCTOR_FIELD,
  PROBLEM_NUMBER_FIELDS,
  PROBLEM_TEXT_FIELDS,
  STACK_CROSSING_UNITS,
  UNDEFINED_THROWN_MESSAGE,
  UNREADABLE,
  VALUE_NULL,
  VALUE_OBJECT,
  VALUE_PRIMITIVE,
  VALUE_UNDEFINED,
  VALUE_UNINSPECTABLE,
} from './constants.js';
import { problemRead } from './abi.js';
import { McpError } from './mcp-error.js';
import { jsonString as text } from './json-string.js';

export { UNREADABLE };

const THREW = Symbol('threw');
/** What `ThrownRead.rawMessage` holds when reading `message` threw. */
export const READ_THREW = THREW;

/**
 * The one read-once helper: `object[key]`, read once; READ_THREW when the read threw.
 * @param {any} object
 * @param {PropertyKey} key
 * @returns {any}
 */
export function readOnce(object, key) {
  try {
    return object[key];
  } catch {
    return THREW;
  }
}

/**
 * A value's kind, never its text (an object's conversion would run its code; a string
 * could hold a secret): 'null', 'an array', 'a revoked Proxy', else its `typeof`.
 * @param {unknown} value
 * @returns {string}
 */
export function kindOf(value) {
  if (value === null) return 'null';
  try {
    if (Array.isArray(value)) return 'an array';
  } catch {
    return 'a revoked Proxy';
  }
  return typeof value;
}

/**
 * The one way a TypeError names a wrong argument: its kind (`kindOf`), a `typeof` with
 * its article ('an object', 'a string'; 'undefined' stays as it is).
 * @param {unknown} value
 * @returns {string}
 */
export function describe(value) {
  const kind = kindOf(value);
  switch (kind) {
    case 'object':
      return 'an object';
    case 'string':
    case 'number':
    case 'bigint':
    case 'boolean':
    case 'symbol':
    case 'function':
      return `a ${kind}`;
    default:
      return kind;
  }
}

/**
 * The one issue-list reader: a list's `length`, read once, or undefined when the read
 * throws or is no count (each dialect decides what an unreadable list crosses as).
 * @param {any} list
 * @returns {number | undefined}
 */
export function listLength(list) {
  let length;
  try {
    length = list.length;
  } catch {
    return undefined;
  }
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

/**
 * … and entry `i` of it, read once: UNREADABLE when the read throws.
 * @param {any} list
 * @param {number} i
 * @returns {unknown}
 */
export function listEntry(list, i) {
  try {
    return list[i];
  } catch {
    return UNREADABLE;
  }
}

/**
 * The one reader of a result's text blocks: `visit(text)` for the `text` of each
 * `{ type: 'text' }` block among the first `max` entries of `content` (anything but a
 * list has none), in order, each property read once; it stops when `visit` returns false.
 * @param {unknown} content
 * @param {number} max
 * @param {(text: string) => boolean} visit
 */
export function eachTextBlock(content, max, visit) {
  try {
    if (!Array.isArray(content)) return; // throws for a revoked Proxy
  } catch {
    return;
  }
  const length = readOnce(content, 'length');
  const count = typeof length === 'number' ? Math.min(length, max) : 0;
  for (let i = 0; i < count; i++) {
    const block = readOnce(content, i);
    if (block === null || typeof block !== 'object' || readOnce(block, 'type') !== 'text') continue;
    const text = readOnce(block, 'text');
    if (typeof text === 'string' && !visit(text)) return;
  }
}

/**
 * The one TypeError style: `mcp-envelope: fn: \`what\` must be expected, got <its kind>`.
 * @param {string} fn
 * @param {string} what
 * @param {string} expected
 * @param {unknown} value
 */
export function argumentError(fn, what, expected, value) {
  return new TypeError(`mcp-envelope: ${fn}: \`${what}\` must be ${expected}, got ${describe(value)}`);
}

/**
 * … and for a read that threw (a getter, a Proxy trap): `mcp-envelope: fn: \`what\` could not be read`.
 * @param {string} fn
 * @param {string} what
 */
export function unreadableError(fn, what) {
  return new TypeError(`mcp-envelope: ${fn}: \`${what}\` could not be read`);
}

/**
 * A primitive as `String` prints it; an object (whose conversion would run its own code) is unreadable.
 * @param {unknown} value
 * @returns {string}
 */
export function textOf(value) {
  if (typeof value === 'string') return value;
  if (value === THREW || (typeof value === 'object' && value !== null) || typeof value === 'function') {
    return UNREADABLE;
  }
  return String(value);
}

/**
 * @param {string} value
 * @param {number} cap
 */
function cappedAt(value, cap) {
  return value.length > cap ? value.slice(0, cap) : value;
}

/** @param {number} n */
function integral(n) {
  return Number.isInteger(n) && n >= -2147483648 && n <= 2147483647;
}

/**
 * A link's `code` as the chain carries it: `,"code":…` for a short string or an integral number, else nothing.
 * @param {unknown} raw
 */
function codeMember(raw) {
  if (typeof raw === 'string') return raw.length <= CODE_UNITS ? `,"code":${text(raw)}` : '';
  return typeof raw === 'number' && integral(raw) ? `,"code":${raw}` : '';
}

/** What `readInto` returns for a value whose properties cannot be read: a primitive or a revoked Proxy. */
const NOT_INSPECTED = Symbol('not inspected');

/**
 * What `readInto` reads of a thrown value: what the core names it from (`valueKind`,
 * `typeOf`, `isError`, `nameThrew`, `name`: the core's `classify/name.rs` decides the
 * name, mcp-ts-core's getErrorName), its message, and what the XML dialect renders.
 * @typedef {{ valueKind: number, typeOf: string | undefined, isError: boolean, nameThrew: boolean,
 *   name: string | undefined, zodNamed: boolean, message: string, sameRealmError: boolean, rawMessage: unknown }} Seen
 */

/**
 * Fills `out` (a Seen) from `value`, each property read once (texts at most `cap`
 * units), and returns its raw `code` (read once), or NOT_INSPECTED for a primitive or a
 * value nothing can be read of. Fills a caller's object so the common path allocates
 * nothing more; every field is written after the last read of the value.
 * @param {unknown} value
 * @param {number} cap
 * @param {Seen} out
 * @returns {unknown}
 */
function readInto(value, cap, out) {
  if (value === null) {
    seen(out, VALUE_NULL, undefined, false, false, undefined, NULL_THROWN_MESSAGE);
    return NOT_INSPECTED;
  }
  if (value === undefined) {
    seen(out, VALUE_UNDEFINED, undefined, false, false, undefined, UNDEFINED_THROWN_MESSAGE);
    return NOT_INSPECTED;
  }
  if (typeof value !== 'object' && typeof value !== 'function') {
    seen(out, VALUE_PRIMITIVE, typeof value, false, false, undefined, cappedAt(String(value), cap));
    return NOT_INSPECTED;
  }
  let isError;
  let sameRealmError;
  try {
    sameRealmError = value instanceof Error;
    isError = sameRealmError || (typeof Error.isError === 'function' && Error.isError(value));
  } catch {
    // A revoked Proxy, or one whose getPrototypeOf trap throws: nothing can be inspected.
    seen(out, VALUE_UNINSPECTABLE, undefined, false, false, undefined, UNREADABLE);
    return NOT_INSPECTED;
  }
  const rawName = readOnce(value, 'name');
  // Whether the value is a ZodError is decided on its raw `name`, before its message is
  // read: a read-avoidance rule, not the name rule (the core names the value). A
  // ZodError's name decides its code and its issues its wire message; Zod 4 builds
  // `.message` as JSON of every issue, so it is never read (a million issues: 160 MB).
  const zodNamed = rawName === 'ZodError';
  const rawMessage = zodNamed ? '' : readOnce(value, 'message');
  const rawCode = readOnce(value, 'code');
  const nameThrew = rawName === THREW;
  // A truthy name as text (a falsy one is left out): the core decides what it stands for.
  const name = nameThrew || !rawName ? undefined : cappedAt(textOf(rawName), cap);
  const message = cappedAt(rawMessage === undefined ? '' : textOf(rawMessage), cap);
  seen(out, VALUE_OBJECT, undefined, isError, nameThrew, name, message);
  out.zodNamed = zodNamed;
  out.sameRealmError = sameRealmError;
  out.rawMessage = rawMessage;
  return rawCode;
}

/**
 * Writes every field of `out`; `zodNamed`, `sameRealmError` and `rawMessage` as for a
 * value that is no object (`readInto` sets them for one).
 * @param {Seen} out
 * @param {number} valueKind
 * @param {string | undefined} typeOf
 * @param {boolean} isError
 * @param {boolean} nameThrew
 * @param {string | undefined} name
 * @param {string} message
 */
function seen(out, valueKind, typeOf, isError, nameThrew, name, message) {
  out.valueKind = valueKind;
  out.typeOf = typeOf;
  out.isError = isError;
  out.nameThrew = nameThrew;
  out.name = name;
  out.zodNamed = false;
  out.message = message;
  out.sameRealmError = false;
  out.rawMessage = undefined;
}

/**
 * A link's (or a request's) name facts as JSON members, each followed by a comma:
 * `"valueKind":N,` then `typeOf`, `isError`, `nameThrew` and `name` when they say something.
 * @param {Seen} read
 */
function nameFacts(read) {
  let members = `"valueKind":${read.valueKind},`;
  if (read.typeOf !== undefined) members += `"typeOf":${text(read.typeOf)},`;
  if (read.isError) members += '"isError":true,';
  if (read.nameThrew) members += '"nameThrew":true,';
  if (read.name !== undefined) members += `"name":${text(read.name)},`;
  return members;
}

/** @param {unknown} cause */
function absent(cause) {
  return cause === undefined || cause === null || cause === THREW;
}

/**
 * The value's `cause` chain: JSON text of each link, nearest first, and where the walk
 * stopped early (a CHAIN_END_* constant, 0 for the chain's end). At most `max` links
 * `{ mcp?, code?, valueKind, typeOf?, isError?, nameThrew?, name?, message, stack? }`
 * (the core names each link), each read once (name, message, code, `stack` when
 * `stacks`, cause), stopping at a link seen before, at null/undefined, at a primitive
 * (its text is the last link) and at a read that threw. Without `stacks`, the cause of
 * the last link kept is never read.
 * @param {unknown} value
 * @param {number} max
 * @param {boolean} stacks
 * @returns {{ links: string[], end: number }}
 */
function walkChain(value, max, stacks) {
  let cause = readOnce(value, 'cause');
  const links = [];
  const seen = [value];
  /** @type {Seen} */
  const link = newSeen();
  let end = 0;
  for (;;) {
    if (absent(cause)) {
      if (cause === THREW) end = CHAIN_END_UNREADABLE;
      break;
    }
    if (links.length === max) {
      end = CHAIN_END_DEPTH;
      break;
    }
    if (seen.includes(cause)) {
      end = CHAIN_END_CYCLE;
      break;
    }
    seen.push(cause);
    const linkCode = readInto(cause, CLASSIFY_TEXT_CAP, link);
    const inspected = linkCode !== NOT_INSPECTED;
    let head = '{';
    if (inspected && McpError.isMcpError(cause)) {
      head = typeof linkCode === 'number' && integral(linkCode) ? `{"mcp":true,"code":${linkCode},` : '{"mcp":true,';
    } else if (inspected) {
      const code = codeMember(linkCode);
      head = code === '' ? '{' : `{${code.slice(1)},`;
    }
    const stack = stacks && inspected ? stackMember(readOnce(cause, 'stack')) : '';
    links.push(`${head}${nameFacts(link)}"message":${text(link.message)}${stack}}`);
    cause = inspected && (stacks || links.length < max) ? readOnce(cause, 'cause') : undefined;
  }
  return { links, end };
}

/**
 * A stack as it crosses: its text cut at STACK_CROSSING_UNITS units, `[Unreadable]` when its
 * read threw, undefined when it is not a string.
 * @param {unknown} raw
 * @returns {string | undefined}
 */
export function stackText(raw) {
  if (raw === THREW) return UNREADABLE;
  return typeof raw === 'string' ? cappedAt(raw, STACK_CROSSING_UNITS) : undefined;
}

/**
 * `,"stack":…` of a link whose `stack` read `raw`, or nothing.
 * @param {unknown} raw
 */
function stackMember(raw) {
  const stack = stackText(raw);
  return stack === undefined ? '' : `,"stack":${text(stack)}`;
}

/**
 * The value's `cause` chain as JSON text of its links, nearest first (`[]` when it has
 * none), at most MAX_CAUSES of them (see walkChain).
 * @param {unknown} value
 */
function chainOf(value) {
  return `[${walkChain(value, MAX_CAUSES, false).links.join(',')}]`;
}

/**
 * The causes of a failure as its log record reads them (`cause` read once): JSON text
 * of at most LOG_CAUSES - 1 links (the thrown value is the chain's first node), each
 * with its `stack`, then `{"end":N}` where the walk stopped early; `undefined` when the
 * value has no cause. `classifyChain` is the chain classification reads: its first
 * MAX_CAUSES links.
 * @param {unknown} value
 * @returns {{ chain: string | undefined, classifyChain: string }}
 */
export function failureCauses(value) {
  const { links, end } = walkChain(value, LOG_CAUSES - 1, true);
  const classifyChain = `[${links.slice(0, MAX_CAUSES).join(',')}]`;
  if (links.length === 0 && end === 0) return { chain: undefined, classifyChain };
  if (end !== 0) links.push(`{"end":${end}}`);
  return { chain: `[${links.join(',')}]`, classifyChain };
}

const NO_CAUSES = '[]';

/**
 * What classification needs of a thrown value, each property read once: its kind, its
 * `code` when a number (`code`, else NaN) or a short string (`codeText`), what the core
 * names it from (`valueKind`, `typeOf`, `isError`, `nameThrew`, and `name`: the text of
 * a truthy name), its message as text (at most `cap` UTF-16 units each), and its
 * `issues` when its name is ZodError. `chain()` reads its `cause` chain, on demand and at most once: the core
 * asks for it only when the value itself says nothing better than InternalError
 * (`classifyRead` in classify.js).
 */
export class ThrownRead {
  /**
   * @param {number} kind KIND_MCP_ERROR or KIND_OTHER
   * @param {number} code
   * @param {string | undefined} codeText
   * @param {Seen} seen what readInto read (copied: `seen` is scratch)
   * @param {unknown} value
   */
  constructor(kind, code, codeText, seen, value) {
    this.kind = kind;
    this.code = code;
    this.codeText = codeText;
    // What the core names the value from (src/classify/name.rs): JS decides nothing of its name.
    this.valueKind = seen.valueKind;
    this.typeOf = seen.typeOf;
    this.isError = seen.isError;
    this.nameThrew = seen.nameThrew;
    /** The text of its truthy `name`, undefined for a falsy one (or none read). */
    this.name = seen.name;
    // Its raw `name` is 'ZodError' (readInto: its message was never read).
    this.zodNamed = seen.zodNamed;
    this.message = seen.message;
    // The value whose chain `chain()` reads; undefined when there is none to read.
    this.value = value;
    /** @type {string | typeof NOT_READ} */
    this.chainText = NOT_READ;
    // The McpError whose `data.reason` `reason()` reads; undefined for any other value.
    /** @type {McpError | undefined} */
    this.mcpError = undefined;
    /** @type {string | undefined | typeof NOT_READ} */
    this.reasonText = NOT_READ;
    // A ZodError's `issues` list (see readThrownFrom); undefined otherwise.
    /** @type {unknown[] | undefined} */
    this.issues = undefined;
    // What the XML dialect's internalError renders as the reference does: whether the
    // value is an `Error` of this realm (`instanceof Error`) and its `message` as read
    // (READ_THREW when the read threw; '' for a ZodError, whose message is never read).
    // Declared here, so every read has one shape (a field added later makes V8 give the
    // object a new hidden class on each call).
    this.sameRealmError = seen.sameRealmError;
    /** @type {unknown} */
    this.rawMessage = seen.rawMessage;
    // The code a thrown plain object's HTTP `status` maps to (the core's), 0 for none.
    this.statusCode = 0;
  }

  /**
   * An McpError's `data.reason` when it is a string, else undefined: `data` and its
   * `reason` are read once each, on the first call, inside try/catch.
   * @returns {string | undefined}
   */
  reason() {
    if (this.reasonText === NOT_READ) {
      this.reasonText = this.mcpError === undefined ? undefined : reasonOf(this.mcpError);
    }
    return this.reasonText;
  }

  /**
   * `chain()` when it is known without reading `cause`: read already, or `[]` when the
   * value has no `cause` at all (`'cause' in value` runs no getter). `undefined` when a
   * cause may be there: `chain()` reads it if the core needs it.
   * @returns {string | undefined}
   */
  knownChain() {
    const value = this.value;
    if (this.chainText !== NOT_READ || value === null || (typeof value !== 'object' && typeof value !== 'function')) {
      return this.chain();
    }
    let mayHaveCause;
    try {
      mayHaveCause = 'cause' in value;
    } catch {
      mayHaveCause = true;
    }
    return mayHaveCause ? undefined : NO_CAUSES;
  }

  /**
   * Takes the chain read by {@link failureCauses} (so `cause` is read once).
   * @param {string} chain
   */
  useChain(chain) {
    this.chainText = chain;
  }

  /**
   * The cause chain as JSON text of its links (`[]` when it has none).
   * @returns {string}
   */
  chain() {
    if (this.chainText === NOT_READ) {
      this.chainText = this.value === undefined ? NO_CAUSES : chainOf(this.value);
    }
    return this.chainText;
  }
}

const NOT_READ = Symbol('not read');

/**
 * `value.data.reason` when it is a string, each property read once.
 * @param {unknown} value
 */
function reasonOf(value) {
  const data = readOnce(value, 'data');
  if (data === THREW || data === null || typeof data !== 'object') return undefined;
  const reason = readOnce(data, 'reason');
  return typeof reason === 'string' ? reason : undefined;
}
/** @returns {Seen} */
function newSeen() {
  return {
    valueKind: VALUE_UNDEFINED,
    typeOf: undefined,
    isError: false,
    nameThrew: false,
    name: undefined,
    zodNamed: false,
    message: '',
    sameRealmError: false,
    rawMessage: undefined,
  };
}

// readInto writes here only after its last read of the value, so a getter that
// classifies another value during those reads is done with it before this is written.
const scratch = newSeen();

/**
 * Reads a thrown value for classification (see ThrownRead).
 * @param {unknown} value
 * @param {number} [cap]
 * @returns {ThrownRead}
 */
export function readThrown(value, cap = CLASSIFY_TEXT_CAP) {
  const rawCode = readInto(value, cap, scratch);
  // Copied out of `scratch` before any further read of the value (a getter may read another).
  const read = readThrownFrom(value, rawCode, scratch);
  scratch.rawMessage = undefined;
  if (rawCode === NOT_INSPECTED) return read;
  // A thrown plain object with no message of its own: what its problem-detail fields
  // say, else (an object that is no Error) what its constructor is.
  if (!read.sameRealmError && read.message === '' && typeof value === 'object') {
    const problem = problemOf(value, cap, read.isError);
    if (problem !== undefined) {
      read.message = problem.message;
      read.statusCode = problem.code;
    }
  }
  if (read.zodNamed && read.kind === KIND_OTHER) {
    const issues = readOnce(value, 'issues');
    try {
      if (Array.isArray(issues)) read.issues = issues;
    } catch {
      // A revoked Proxy as `issues`: handled as a plain error.
    }
  }
  return read;
}

// The fields of a thrown plain object the core reads a message (PROBLEM_TEXT_FIELDS) and
// an HTTP status (PROBLEM_NUMBER_FIELDS) from.

/**
 * `{ message, code }` of a plain object's problem-detail fields (each read once; strings
 * cut at `cap`) and, for one that is no Error, its constructor's name (`constructor`
 * and its `name`, each read once), as the core composes them; undefined when it has
 * none of them.
 * @param {unknown} value
 * @param {number} cap
 * @param {boolean} isError
 */
function problemOf(value, cap, isError) {
  /** @type {Record<string, string | number>} */
  const fields = {};
  let any = false;
  for (const key of PROBLEM_TEXT_FIELDS) {
    const field = readOnce(value, key);
    if (typeof field === 'string') {
      fields[key] = cappedAt(field, cap);
      any = true;
    }
  }
  for (const key of PROBLEM_NUMBER_FIELDS) {
    const field = readOnce(value, key);
    if (typeof field === 'number' && Number.isFinite(field)) {
      fields[key] = field;
      any = true;
    }
  }
  if (!isError) {
    const constructor = readOnce(value, 'constructor');
    const name =
      (typeof constructor === 'function' || (typeof constructor === 'object' && constructor !== null)) &&
      readOnce(constructor, 'name');
    fields[PROBLEM_CONSTRUCTOR_FIELD] = typeof name === 'string' ? cappedAt(name, cap) : '';
    any = true;
  }
  return any ? problemRead({ fields: JSON.stringify(fields) }) : undefined;
}

/**
 * The ThrownRead of what `readInto` read (`seen` copied), reading nothing more of `value`.
 * @param {unknown} value
 * @param {unknown} rawCode
 * @param {Seen} seen
 */
function readThrownFrom(value, rawCode, seen) {
  if (rawCode === NOT_INSPECTED) return new ThrownRead(KIND_OTHER, NaN, undefined, seen, undefined);
  const code = typeof rawCode === 'number' ? rawCode : NaN;
  const codeText = typeof rawCode === 'string' && rawCode.length <= CODE_UNITS ? rawCode : undefined;
  if (McpError.isMcpError(value)) {
    const read = new ThrownRead(KIND_MCP_ERROR, code, codeText, seen, undefined);
    read.mcpError = value;
    return read;
  }
  return new ThrownRead(KIND_OTHER, code, codeText, seen, value);
}
