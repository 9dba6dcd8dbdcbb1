// Reading values a handler threw. Each property is read once, inside try/catch, and
// nothing is converted in a way that runs user code (no toString, no toJSON): a
// Proxy, a throwing getter or a revoked Proxy yields '[Unreadable]', never a throw.

import { McpError } from './mcp-error.js';

export const UNREADABLE = '[Unreadable]';

/** How much of a name or message crosses into wasm for classification (UTF-16 units; the core reads 16 KiB). */
export const CLASSIFY_TEXT_CAP = 16384;

const THREW = Symbol('threw');

function readOnce(object, key) {
  try {
    return object[key];
  } catch {
    return THREW;
  }
}

/** Reads `object[key]` once; `{ threw: true }` when the read threw. */
export function readOnceSafely(object, key) {
  const value = readOnce(object, key);
  return value === THREW ? { threw: true } : { threw: false, value };
}

/** A primitive as `String` prints it; an object (whose conversion would run its own code) is unreadable. */
export function textOf(value) {
  if (typeof value === 'string') return value;
  if (value === THREW || (typeof value === 'object' && value !== null) || typeof value === 'function') {
    return UNREADABLE;
  }
  return String(value);
}

function cappedAt(text, cap) {
  return text.length > cap ? text.slice(0, cap) : text;
}

function isErrorInstance(value) {
  if (value instanceof Error) return true;
  return typeof Error.isError === 'function' && Error.isError(value);
}

export const KIND_OTHER = 0;
export const KIND_MCP_ERROR = 1;
export const KIND_SDK_CONNECTION_CLOSED = 2;

/**
 * What classification needs of a thrown value: its kind, an McpError's code (NaN when
 * unreadable), its name and message as text (at most `cap` UTF-16 units each), and the
 * value's `issues` when its name is ZodError.
 * @returns {{ kind: number, code: number, name: string, message: string, issues?: unknown }}
 */
export function readThrown(value, cap = CLASSIFY_TEXT_CAP) {
  const capped = (text) => cappedAt(text, cap);
  if (value === null) {
    return { kind: KIND_OTHER, code: NaN, name: 'NullValueEncountered', message: 'Null value encountered as error' };
  }
  if (value === undefined) {
    return {
      kind: KIND_OTHER,
      code: NaN,
      name: 'UndefinedValueEncountered',
      message: 'Undefined value encountered as error',
    };
  }
  if (typeof value !== 'object' && typeof value !== 'function') {
    return { kind: KIND_OTHER, code: NaN, name: `${typeof value}Encountered`, message: capped(String(value)) };
  }
  let isError;
  try {
    isError = isErrorInstance(value);
  } catch {
    // A revoked Proxy, or one whose getPrototypeOf trap throws: nothing can be inspected.
    return { kind: KIND_OTHER, code: NaN, name: UNREADABLE, message: UNREADABLE };
  }
  const rawName = readOnce(value, 'name');
  const name = capped(rawName === THREW ? UNREADABLE : !rawName ? (isError ? 'Error' : 'objectEncountered') : textOf(rawName));
  // A ZodError's name decides its code and its issues its wire message; Zod 4 builds
  // `.message` as JSON of every issue, so it is never read (a million issues: 160 MB).
  const rawMessage = name === 'ZodError' ? '' : readOnce(value, 'message');
  const rawCode = readOnce(value, 'code');
  const message = capped(rawMessage === undefined ? '' : textOf(rawMessage));
  if (McpError.isMcpError(value)) {
    return { kind: KIND_MCP_ERROR, code: typeof rawCode === 'number' ? rawCode : NaN, name, message, value };
  }
  const sdkClosed =
    (name === 'McpError' && rawCode === -32000) || (name === 'SdkError' && rawCode === 'CONNECTION_CLOSED');
  const read = { kind: sdkClosed ? KIND_SDK_CONNECTION_CLOSED : KIND_OTHER, code: NaN, name, message };
  if (name === 'ZodError') {
    const issues = readOnce(value, 'issues');
    try {
      if (Array.isArray(issues)) read.issues = issues;
    } catch {
      // A revoked Proxy as `issues`: handled as a plain error.
    }
  }
  return read;
}
