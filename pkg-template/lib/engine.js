// The raw WebAssembly exports, guarded twice. Before init: the browser entry must
// `await init()` before any call, and a clear error beats wasm-bindgen's "cannot read
// properties of undefined". After a trap: an instance that trapped (or overflowed the
// stack, or ran out of memory) has its stack pointer and heap left mid-call, so it is
// dropped and a fresh one made from the compiled module the entry left here, and that
// call returns the minimal valid answer of its export (below) instead of throwing a
// `WebAssembly.RuntimeError` into the server. The next call runs on the fresh instance.
import * as glue from '../wasm/mcp_envelope.js';
import {
  FALLBACK_CLIENT_JSON,
  FALLBACK_FAIL_JSON,
  FALLBACK_LOG_JSON,
  FALLBACK_REJECTED_DATA,
  FALLBACK_REJECTED_MESSAGE,
  FALLBACK_RESULT_ID_JSON,
  FALLBACK_RESULT_JSON,
  FALLBACK_VALIDATION_JSON,
  FALLBACK_XML,
  FALLBACK_XML_RESULT,
  KIND_MCP_ERROR,
  REQUEST_ID_SLOT,
  THROWN_MCP,
  TOOL_SLOT,
} from './constants.js';
import { idBytes } from './random.js';

let ready = false;
let compiled;
// false after a trap whose re-instantiation failed: the next call tries again first.
let healthy = true;

/** `module`: the compiled `WebAssembly.Module` the entry instantiated (browser: none, the glue keeps it). */
export function markReady(module) {
  compiled = module;
  ready = true;
}

export function engine() {
  if (!ready) {
    throw new Error('mcp-envelope: the WebAssembly module is not initialised yet; `await init()` first');
  }
  return guarded;
}

/** A failure that leaves the instance unusable, as opposed to an error the core returned (`JsError`, an `Error`). */
function isTrap(error) {
  if (error instanceof WebAssembly.RuntimeError || error instanceof RangeError) return true;
  // Firefox's "too much recursion"; another realm's RuntimeError.
  const name = error !== null && typeof error === 'object' ? error.name : undefined;
  return name === 'InternalError' || name === 'RuntimeError';
}

function renew() {
  try {
    // scripts/build-pkg.mjs adds this to the glue: forget the instance, instantiate anew.
    glue.__mcpEnvelopeRenew(compiled);
    healthy = true;
  } catch {
    healthy = false;
  }
}

const NO_SIZES = new Uint32Array(0);
const INTERNAL = glue.JsonRpcErrorCode.InternalError;
const INVALID_PARAMS = glue.JsonRpcErrorCode.InvalidParams;
const xmlResult = () => FALLBACK_XML_RESULT;

function freshId() {
  if (!healthy) return '';
  try {
    return glue.requestId(idBytes());
  } catch {
    return '';
  }
}

// The minimal valid answer of each export that takes a caller's input, in that export's
// own wire form, written by the core at build time (src/js_constants.rs). Never the
// caller's message (it could hold a secret the core would have masked); only names the
// caller chose for the envelope (the tool, the request id), put in as JSON strings.
const FALLBACKS = {
  classifyRead: () => INTERNAL,
  classifyCauses: () => INTERNAL,
  // No category: classify() then answers InternalError whole, not a code with a guessed category.
  categoryFor: () => '',
  httpStatusToErrorCode: () => undefined,
  errorResultJson: (kind, readKind, codeNumber, codeText, name, message, payload, total, sizes, requestId, random) => {
    const id = random.length > 0 ? freshId() : requestId;
    if (id === '') return FALLBACK_RESULT_JSON;
    const escaped = JSON.stringify(id).slice(1, -1);
    return FALLBACK_RESULT_ID_JSON.replaceAll(REQUEST_ID_SLOT, () => escaped);
  },
  formatValidationJson: () => FALLBACK_VALIDATION_JSON,
  // The envelope of formatValidationJson's answer above, written by the fresh instance
  // (or, should that trap too, errorResultJson's own minimal answer).
  rejectionResultJson: (issues, total, sizes, tool, args, schema, requestId, random, ...envelope) =>
    guarded.errorResultJson(
      THROWN_MCP,
      KIND_MCP_ERROR,
      INVALID_PARAMS,
      undefined,
      'McpError',
      FALLBACK_REJECTED_MESSAGE,
      FALLBACK_REJECTED_DATA,
      0,
      NO_SIZES,
      requestId,
      random,
      ...envelope,
    ),
  logRecordJson: (kind, code, message, reason, issues, total, tool) =>
    FALLBACK_LOG_JSON.replace(`"${TOOL_SLOT}"`, () => JSON.stringify(tool)),
  failJson: () => FALLBACK_FAIL_JSON,
  recoveryForJson: () => '{}',
  xmlToolError: xmlResult,
  xmlError: xmlResult,
  xmlRequired: xmlResult,
  xmlCancelled: xmlResult,
  xmlRoutingError: xmlResult,
  xmlInternalError: xmlResult,
  xmlGroupUnknownAction: xmlResult,
  xmlGroupValidationError: xmlResult,
  xmlValidationErrorResult: xmlResult,
  xmlFormatValidationError: () => FALLBACK_XML,
  // The caller's XML unchanged is a valid, unenriched answer.
  xmlEnrichValidationError: (xml) => `0 ${xml}`,
  xmlFormatDeltas: () => '',
  // parseToolError calls the core only for an error result: an error with nothing known.
  clientParseToolError: () => FALLBACK_CLIENT_JSON,
};

function guard(name, fn) {
  const fallback = FALLBACKS[name];
  // Once, on the fresh instance: an export without input (the code table, a request id)
  // cannot have trapped on what it was given.
  const retry = (...args) => {
    if (healthy) {
      try {
        return fn(...args);
      } catch (error) {
        if (!isTrap(error)) throw error;
        renew();
      }
    }
    throw new Error('mcp-envelope: the WebAssembly instance trapped; it is re-instantiated for the next call');
  };
  const afterTrap = fallback ?? retry;
  return (...args) => {
    if (!healthy) {
      renew();
      if (!healthy) return afterTrap(...args);
    }
    try {
      return fn(...args);
    } catch (error) {
      if (!isTrap(error)) throw error;
      renew();
      return afterTrap(...args);
    }
  };
}

const guarded = {};
for (const [name, value] of Object.entries(glue)) {
  if (name === 'default' || name === 'initSync' || name.startsWith('__')) continue;
  guarded[name] = typeof value === 'function' ? guard(name, value) : value;
}
Object.freeze(guarded);
