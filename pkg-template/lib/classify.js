// classify, httpStatusToErrorCode, requestId: thin wrappers over the core.

import { categoryOf, JsonRpcErrorCode } from './codes.js';
import { idBytes } from './random.js';
import { engine } from './engine.js';
import { FALLBACK_CATEGORY, KIND_MCP_ERROR } from './constants.js';
import { argumentError, readThrown, unreadableError } from './read.js';

const INTERNAL_ERROR = JsonRpcErrorCode.InternalError;

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
 * The code of a thrown value as `readThrown` read it, in one wasm call when its cause
 * chain is known without reading `cause` (an McpError needs none; a value without any
 * `cause` has its own code as its chain). Otherwise the core answers 0 where the chain
 * would decide, and only then is the chain read (once) and asked for.
 */
export function classifyRead(read, aborted) {
  const known = read.kind === KIND_MCP_ERROR ? undefined : read.knownChain();
  const glue = engine();
  const code = glue.classifyRead(
    read.kind,
    read.code,
    read.codeText,
    read.name,
    read.message,
    aborted,
    known === null ? undefined : known,
    known === null,
    read.statusCode,
  );
  return code !== 0 ? code : glue.classifyCauses(read.chain());
}

export function classify(thrown, options) {
  const aborted = readAborted(options);
  const read = readThrown(thrown);
  const code = classifyRead(read, aborted);
  // The core files a code by the thrown McpError's `data.reason` too (getErrorCategory(code,
  // data)); without one, the category is the code's own, from the core's generated table.
  const reason = read.reason();
  const category = reason === undefined ? categoryOf(code) : engine().categoryFor(code, reason);
  // After a trap (categoryFor answers ''): InternalError whole, its category from the core's table.
  if (category === '')
    return { code: INTERNAL_ERROR, name: JsonRpcErrorCode[INTERNAL_ERROR], category: FALLBACK_CATEGORY };
  return { code, name: JsonRpcErrorCode[code], category };
}

export function httpStatusToErrorCode(status) {
  if (typeof status !== 'number') {
    throw argumentError('httpStatusToErrorCode', 'status', 'a number', status);
  }
  return engine().httpStatusToErrorCode(status);
}

export function requestId() {
  return engine().requestId(idBytes());
}
