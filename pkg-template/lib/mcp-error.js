// McpError and its factories. A JS class, since it must extend Error; the brand is a
// private field, so recognising one never runs a Proxy trap.

import { JsonRpcErrorCode, isJsonRpcErrorCode } from './codes.js';
import { argumentError, unreadableError } from './read.js';

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

export class McpError extends Error {
  #isMcpError = true;

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
    if (message !== undefined && typeof message !== 'string') {
      throw argumentError('McpError', 'message', 'a string', message);
    }
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
}

/**
 * Gives `error` the `data` whose JSON text the core wrote, parsed the first time it is
 * read (an own enumerable property, as the constructor sets it; then a plain one). An
 * error thrown and never inspected never pays for the parse.
 * @param {McpError} error
 * @param {string} json
 */
export function withDataJson(error, json) {
  /** @param {unknown} value */
  const settle = (value) => {
    pending.delete(error);
    Object.defineProperty(error, 'data', { value, writable: true, enumerable: true, configurable: true });
    return value;
  };
  const get = () => settle(JSON.parse(json));
  Object.defineProperty(error, 'data', { get, set: settle, enumerable: true, configurable: true });
  pending.set(error, { get, json });
  return error;
}

/**
 * Errors whose `data` is still the core's JSON text, unread and unchanged: the accessor
 * {@link withDataJson} defined, and that text.
 * @type {WeakMap<object, { get: () => unknown, json: string }>}
 */
const pending = new WeakMap();

/**
 * The core's JSON text of `error.data` while nobody has read, written or redefined it
 * (then it is exactly what `data` holds); `undefined` otherwise. Runs no user code for
 * an McpError of this package (its own properties are ordinary ones).
 * @param {McpError} error
 */
export function pendingDataJson(error) {
  const entry = pending.get(error);
  if (entry === undefined) return undefined;
  const own = Object.getOwnPropertyDescriptor(error, 'data');
  return own !== undefined && own.get === entry.get ? entry.json : undefined;
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
      const error = new McpError(code, message, data, options);
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
