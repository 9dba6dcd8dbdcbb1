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
