// tryCatch: a service call whose failure is logged once and rethrown as an McpError
// (mcp-ts-core's ErrorHandler.tryCatch, as seed 002 describes it). The rebuilt error's
// code, message, data fields and the record are the core's (src/protocol/log.rs); this
// layer reads the caught value once (log.js) and builds the error.

import * as abi from './abi.js';
import { classifyRead } from './classify.js';
import { isJsonRpcErrorCode, JsonRpcErrorCode } from './codes.js';
import { KIND_MCP_ERROR } from './constants.js';
import { readOptions } from './jsonrpc.js';
import { readFailure } from './log.js';
import { McpError } from './mcp-error.js';
import { argumentError } from './read.js';

/**
 * tryCatch's options, each read once and checked.
 * @param {unknown} options
 */
function tryCatchOptions(options) {
  const { operation, errorCode, errorMapper, onError, raw } = readOptions(options, 'tryCatch', [
    'operation',
    'errorCode',
    'errorMapper',
    'onError',
    'raw',
  ]);
  if (typeof operation !== 'string') throw argumentError('tryCatch', 'options.operation', 'a string', operation);
  if (errorCode !== undefined && !isJsonRpcErrorCode(errorCode)) {
    throw argumentError('tryCatch', 'options.errorCode', 'a JsonRpcErrorCode value', errorCode);
  }
  if (errorMapper !== undefined && typeof errorMapper !== 'function') {
    throw argumentError('tryCatch', 'options.errorMapper', 'a function', errorMapper);
  }
  if (onError !== undefined && typeof onError !== 'function') {
    throw argumentError('tryCatch', 'options.onError', 'a function', onError);
  }
  if (raw !== undefined && typeof raw !== 'boolean') throw argumentError('tryCatch', 'options.raw', 'a boolean', raw);
  return {
    operation,
    errorCode: /** @type {JsonRpcErrorCode | undefined} */ (errorCode),
    errorMapper: /** @type {((caught: unknown) => unknown) | undefined} */ (errorMapper),
    onError: /** @type {((record: unknown) => unknown) | undefined} */ (onError),
    raw: raw === true,
  };
}

/**
 * What a caught value becomes: the McpError (or what `errorMapper` returns), after
 * `onError` has the record.
 * @param {unknown} caught
 * @param {ReturnType<typeof tryCatchOptions>} options
 */
function rebuilt(caught, options) {
  const failure = readFailure(caught);
  const { read } = failure;
  let code;
  if (read.kind === KIND_MCP_ERROR) {
    // An McpError keeps its code; one that cannot be read is an internal error.
    code = isJsonRpcErrorCode(read.code) ? read.code : JsonRpcErrorCode.InternalError;
  } else {
    code = options.errorCode ?? classifyRead(read, false);
  }
  const answer = abi.tryCatchFailure({
    ...failure.request,
    code,
    tool: undefined,
    operation: options.operation,
    contract: undefined,
    aborted: false,
    phase: undefined,
    raw: options.raw,
    scopeRefusal: false,
  });
  if (options.onError !== undefined) {
    try {
      options.onError(answer.record);
    } catch {
      // A logger that throws never replaces the failure it was told of.
    }
  }
  if (options.errorMapper !== undefined) return options.errorMapper(caught);
  const error = new McpError(answer.code, answer.message, answer.data, { cause: caught });
  // The caught error's stack, verbatim (a ZodError's header is its summary): it starts at
  // the throw site. An unreadable one leaves the rebuilt error its own.
  const stack = answer.stack ?? failure.rawStack;
  if (stack !== undefined) Object.defineProperty(error, 'stack', { value: stack, writable: true, configurable: true });
  return error;
}

/**
 * Runs `fn` (sync or async) and returns what it returns; when it throws or rejects, the
 * failure's record goes to `onError` and the McpError it becomes is thrown.
 * @template T
 * @param {() => T | PromiseLike<T>} fn
 * @param {import('../types/shapes.js').TryCatchOptions} options
 * @returns {Promise<Awaited<T>>}
 */
export async function tryCatch(fn, options) {
  if (typeof fn !== 'function') throw argumentError('tryCatch', 'fn', 'a function', fn);
  const checked = tryCatchOptions(options);
  try {
    return await fn();
  } catch (caught) {
    throw rebuilt(caught, checked);
  }
}
