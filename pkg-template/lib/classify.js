// classify, httpStatusToErrorCode, requestId: thin wrappers over the core.

import * as abi from './abi.js';
import { CODE_TABLE, FALLBACK_CLASSIFY_REPLY, KIND_MCP_ERROR } from './constants.js';
import { readIndex } from './wire.js';
import { argumentError, readThrown, unreadableError } from './read.js';

/**
 * The caller's `{ aborted }`, read once (a caller's value: any).
 * @param {any} options
 */
function readAborted(options) {
  if (options === undefined || options === null) return false;
  if (typeof options !== 'object') {
    throw argumentError('classify', 'options', 'an object like { aborted: true }', options);
  }
  let aborted;
  try {
    aborted = options.aborted;
  } catch {
    throw unreadableError('classify', 'options.aborted');
  }
  if (aborted !== undefined && typeof aborted !== 'boolean') {
    throw argumentError('classify', 'options.aborted', 'a boolean', aborted);
  }
  return aborted === true;
}

/**
 * A classify request for a thrown value as `readThrown` read it, with its chain (`causes`) or without.
 * @param {import('./read.js').ThrownRead} read
 * @param {boolean} aborted
 * @param {string | undefined} causes
 * @returns {import('./abi.js').ClassifyRequest}
 */
function request(read, aborted, causes) {
  return {
    kind: read.kind,
    code: read.code,
    codeText: read.codeText,
    valueKind: read.valueKind,
    typeOf: read.typeOf,
    isError: read.isError,
    nameThrew: read.nameThrew,
    name: read.name,
    message: read.message,
    aborted,
    statusCode: read.statusCode,
    causes,
  };
}

/**
 * The entry of `CODE_TABLE` (the core's codes, each with its name and category) for a
 * thrown value as `readThrown` read it, in one wasm call when its cause chain is known
 * without reading `cause` (an McpError needs none; a value without any `cause` has none).
 * Otherwise the core answers −1 (`needsCauses`) where the chain would decide, and only
 * then is the chain read (once) and sent.
 * @param {import('./read.js').ThrownRead} read
 * @param {boolean} aborted
 */
function classifiedEntry(read, aborted) {
  const known = read.kind === KIND_MCP_ERROR ? '[]' : read.knownChain();
  let index = abi.classify(request(read, aborted, known));
  // With the chain given, the core answers an index.
  if (index < 0) index = abi.classify(request(read, aborted, read.chain()));
  return /** @type {CodeEntry} */ (CODE_TABLE[index]);
}

/**
 * @typedef {readonly [import('./codes.js').JsonRpcErrorCode, string, import('../wasm/mcp_envelope.js').ErrorCategory]} CodeEntry
 */

/** The entry classify answers after a trap (InternalError's). */
const FALLBACK_ENTRY = /** @type {CodeEntry} */ (CODE_TABLE[readIndex(FALLBACK_CLASSIFY_REPLY)]);

/**
 * The code of a thrown value as `readThrown` read it (see `classifiedEntry`).
 * @param {import('./read.js').ThrownRead} read
 * @param {boolean} aborted
 * @returns {import('./codes.js').JsonRpcErrorCode}
 */
export function classifyRead(read, aborted) {
  return classifiedEntry(read, aborted)[0];
}

/**
 * @param {unknown} thrown
 * @param {unknown} [options]
 */
export function classify(thrown, options) {
  const aborted = readAborted(options);
  const read = readThrown(thrown);
  // Read by index: destructuring runs the array iterator, an allocation per call.
  const entry = classifiedEntry(read, aborted);
  const code = entry[0];
  // The core files a code by the thrown McpError's `data.reason` too (getErrorCategory(code,
  // data)); without one, the category is the code's own, from the core's table.
  const reason = read.reason();
  const category = reason === undefined ? entry[2] : abi.categoryFor({ code, reason });
  // After a trap (categoryFor answers null): InternalError whole, as the core's table has it.
  if (category === null) {
    return { code: FALLBACK_ENTRY[0], name: FALLBACK_ENTRY[1], category: FALLBACK_ENTRY[2] };
  }
  return { code, name: entry[1], category };
}

/** @param {unknown} status */
export function httpStatusToErrorCode(status) {
  if (typeof status !== 'number') {
    throw argumentError('httpStatusToErrorCode', 'status', 'a number', status);
  }
  return abi.httpStatusToErrorCode({ status }) ?? undefined;
}

export function requestId() {
  return abi.requestId({});
}
