// McpError and its factories. A JS class, since it must extend Error; the brand is a
// private field, so recognising one never runs a Proxy trap.

import { JsonRpcErrorCode, isJsonRpcErrorCode } from './codes.js';
import { argumentError, unreadableError } from './read.js';
import { builtUnrecorded } from './stack.js';

/**
 * `{ cause }` read once from `new Error`-style options; a throwing read is a TypeError.
 * @param {unknown} options
 */
function causeOf(options) {
  if (options === undefined) return undefined;
  if (options === null || typeof options !== 'object') {
    throw argumentError('McpError', 'options', 'an object like { cause }', options);
  }
  try {
    return 'cause' in options ? { cause: options.cause } : undefined;
  } catch {
    throw unreadableError('McpError', 'options.cause');
  }
}

/**
 * An McpError's message is a string or absent; anything else is a TypeError.
 * @param {unknown} message
 * @returns {asserts message is string | undefined}
 */
function requireMessage(message) {
  if (message !== undefined && typeof message !== 'string') {
    throw argumentError('McpError', 'message', 'a string', message);
  }
}

/**
 * Whether `value` can hold properties (the receiver an accessor of `data` may be given).
 * @param {unknown} value
 * @returns {value is object}
 */
function holdsProperties(value) {
  return value !== null && (typeof value === 'object' || typeof value === 'function');
}

/**
 * The core's JSON text of an McpError's unread `data` (`undefined` for any other
 * object), cleared when `clear`. Assigned in the class body, which alone reaches the field.
 * @type {(error: object, clear: boolean) => string | undefined}
 */
let pendingJson;
/**
 * Stores that text on an McpError made by this package (assigned in the class body).
 * @type {(error: McpError, json: string) => void}
 */
let keepJson;

export class McpError extends Error {
  #isMcpError = true;
  /**
   * The core's JSON text of `data` while `data` is still the unread accessor.
   * @type {string | undefined}
   */
  #dataJson = undefined;

  /**
   * @param {unknown} code
   * @param {unknown} [message]
   * @param {unknown} [data]
   * @param {unknown} [options]
   */
  constructor(code, message, data, options) {
    if (!isJsonRpcErrorCode(code)) {
      throw argumentError('McpError', 'code', 'a JsonRpcErrorCode value', code);
    }
    requireMessage(message);
    super(message === undefined ? '' : message, causeOf(options));
    this.name = 'McpError';
    this.code = code;
    if (data !== undefined) this.data = data;
  }

  /**
   * True for an McpError of this package, whatever its realm; never runs user code.
   * @param {unknown} value
   * @returns {value is McpError}
   */
  static isMcpError(value) {
    return typeof value === 'object' && value !== null && #isMcpError in value;
  }

  // Hands the module its two ways to `#dataJson` (a static initializer, not a static
  // block: engines that have private fields but no static blocks still load the class).
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: evaluated for what it assigns
  static #linked = (() => {
    pendingJson = (error, clear) => {
      if (!(#dataJson in error)) return undefined;
      const json = error.#dataJson;
      if (clear) error.#dataJson = undefined;
      return json;
    };
    keepJson = (error, json) => {
      error.#dataJson = json;
    };
    return true;
  })();
}

/**
 * The same text under a key no JSON, spread or `Object.keys` sees, for a read whose
 * receiver is not the error itself: through a Proxy of it (a private field does not pass
 * through one) or an object inheriting from it.
 */
const DATA_JSON = Symbol('mcp-envelope.dataJson');

/**
 * Makes `data` a plain own property of `target` holding `value`, as the constructor sets
 * it; a target that refuses (a frozen error, a Proxy's trap) throws and, if it is the
 * error, keeps its text. Only the error's own hidden key is removed: nothing else is read
 * or written through a Proxy.
 * @param {object} target
 * @param {unknown} value
 */
function settle(target, value) {
  Object.defineProperty(target, 'data', { value, writable: true, enumerable: true, configurable: true });
  if (pendingJson(target, true) !== undefined) delete (/** @type {Record<symbol, unknown>} */ (target)[DATA_JSON]);
  return value;
}

/**
 * The getter of an unread `data`: parses the text, then `data` is a plain property. One
 * function for every error, so each error keeps the shape all McpErrors share (a closure
 * per error gave each its own hidden class, and the collector ran ≈ 1 µs a call more).
 * An error that cannot take the property (frozen) answers each read with a fresh parse.
 * Any other receiver (a Proxy of the error, an object inheriting from it) gets the data
 * from one read of the hidden key, and nothing is written to it; a receiver that has no
 * such text (a Proxy hiding symbols, an unrelated object) gets `undefined`.
 * @this {unknown}
 */
function readData() {
  if (!holdsProperties(this)) return undefined;
  const own = pendingJson(this, false);
  if (own !== undefined) {
    const value = JSON.parse(own);
    try {
      return settle(this, value);
    } catch {
      return value;
    }
  }
  let json;
  try {
    json = /** @type {Record<symbol, unknown>} */ (this)[DATA_JSON];
  } catch {
    return undefined;
  }
  if (typeof json !== 'string') return undefined;
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/**
 * The setter of an unread `data`: the written value replaces the text, unread (on a
 * frozen error a TypeError in any mode: the setter has nowhere to put the value).
 * @this {unknown}
 * @param {unknown} value
 */
function writeData(value) {
  if (holdsProperties(this)) settle(this, value);
}

const UNREAD_DATA = Object.freeze({ get: readData, set: writeData, enumerable: true, configurable: true });

/**
 * Gives `error` the `data` whose JSON text the core wrote, parsed the first time it is
 * read (an own enumerable property, as the constructor sets it; then a plain one). An
 * error thrown and never inspected never pays for the parse.
 * @param {McpError} error
 * @param {string} json
 */
export function withDataJson(error, json) {
  keepJson(error, json);
  Object.defineProperty(error, DATA_JSON, { value: json, writable: true, enumerable: false, configurable: true });
  Object.defineProperty(error, 'data', UNREAD_DATA);
  return error;
}

/**
 * The core's JSON text of `error.data` while nobody has read, written or redefined it
 * (then it is exactly what `data` holds); `undefined` otherwise. Runs no user code for
 * an McpError of this package (its own properties are ordinary ones).
 * @param {McpError} error
 */
export function pendingDataJson(error) {
  const own = Object.getOwnPropertyDescriptor(error, 'data');
  return own !== undefined && own.get === readData ? pendingJson(error, false) : undefined;
}

/**
 * @param {string} name
 * @param {JsonRpcErrorCode} code
 */
function factory(name, code) {
  const make = {
    /**
     * @param {unknown} [message]
     * @param {unknown} [data]
     * @param {unknown} [options]
     */
    [name](message, data, options) {
      // The checks the constructor makes, made here so a TypeError keeps its whole stack;
      // `options` is read once, and the constructor reads only the `{ cause }` made of it.
      requireMessage(message);
      const cause = causeOf(options);
      const error = builtUnrecorded(() => new McpError(code, message, data, cause));
      // The stack starts where the factory was called, not inside it.
      if (typeof Error.captureStackTrace === 'function') Error.captureStackTrace(error, make);
      return error;
    },
  }[name];
  return make;
}

export const invalidParams = factory('invalidParams', JsonRpcErrorCode.InvalidParams);
export const invalidRequest = factory('invalidRequest', JsonRpcErrorCode.InvalidRequest);
export const notFound = factory('notFound', JsonRpcErrorCode.NotFound);
export const forbidden = factory('forbidden', JsonRpcErrorCode.Forbidden);
export const unauthorized = factory('unauthorized', JsonRpcErrorCode.Unauthorized);
export const validationError = factory('validationError', JsonRpcErrorCode.ValidationError);
export const conflict = factory('conflict', JsonRpcErrorCode.Conflict);
export const rateLimited = factory('rateLimited', JsonRpcErrorCode.RateLimited);
export const timeout = factory('timeout', JsonRpcErrorCode.Timeout);
export const serviceUnavailable = factory('serviceUnavailable', JsonRpcErrorCode.ServiceUnavailable);
export const configurationError = factory('configurationError', JsonRpcErrorCode.ConfigurationError);
