// The WebAssembly instance, guarded twice. Before init: the browser entry must
// `await init()` before any call, and a clear error beats wasm-bindgen's "cannot read
// properties of undefined". After a trap: an instance that trapped (or overflowed the
// stack, or ran out of memory) has its stack pointer and heap left mid-call, so it is
// dropped and a fresh one made from the compiled module the entry left here, and that
// call returns the minimal valid answer of its export (below) instead of throwing a
// `WebAssembly.RuntimeError` into the server. The next call runs on the fresh instance.
import * as glue from '../wasm/mcp_envelope.js';
import { attach, begin, end, run } from './wire.js';
import {
  FALLBACK_CLASSIFY_REPLY,
  FALLBACK_CLIENT_JSON,
  FALLBACK_FAIL_JSON,
  FALLBACK_LOG_JSON,
  FALLBACK_REJECTION_ID_JSON,
  FALLBACK_REJECTION_JSON,
  FALLBACK_RESULT_ID_JSON,
  FALLBACK_RESULT_JSON,
  FALLBACK_VALIDATION_REPLY,
  FALLBACK_XML,
  FALLBACK_XML_RESULT,
  REQUEST_ID_SLOT,
  TOOL_SLOT,
  FALLBACK_TRY_CATCH_JSON,
  OPERATION_SLOT,
} from './constants.js';

/** @typedef {typeof import('./abi.js')} Abi */

let ready = false;
/** @type {WebAssembly.Module | undefined} */
let compiled;
// false after a trap whose re-instantiation failed: the next call tries again first.
let healthy = true;

/**
 * `module`: the compiled `WebAssembly.Module` the entry instantiated (browser: none, the glue keeps it).
 * @param {WebAssembly.Module} [module]
 */
export function markReady(module) {
  compiled = module;
  attach(glue.__mcpEnvelopeExports());
  ready = true;
}

/** The glue's exports, guarded: the self-healing tests' only (abi.js calls through `call`). */
export function engine() {
  requireReady();
  return guarded;
}

/** Before init: a clear error rather than wasm-bindgen's "cannot read properties of undefined". */
function requireReady() {
  if (!ready) {
    throw new Error('mcp-envelope: the WebAssembly module is not initialised yet; `await init()` first');
  }
}

/**
 * Runs operation `op` (named `name`) on `request`, written by `encode` (abi.js), and
 * returns its result, read by `read`. After a trap, the operation's minimal valid answer
 * (below), made from `request`; without one, the request is written and run again on
 * the fresh instance, once.
 * @template R
 * @param {keyof Abi} name
 * @param {number} op
 * @param {R} request
 * @param {(request: R) => void} encode
 * @param {(text: string) => any} read
 * @returns {any} the result abi.d.ts declares for `name`
 */
export function call(name, op, request, encode, read) {
  requireReady();
  // (Not from inside a running call: `attempt` refuses that one.)
  if (!healthy || (unfinished && !busy)) renew();
  if (healthy) {
    const answer = attempt(op, request, encode, read);
    if (answer !== TRAPPED) return answer;
    renew();
  }
  const fallback = FALLBACKS[name];
  if (fallback !== undefined) return read(fallback(/** @type {any} */ (request)));
  // Once more on the fresh instance, for an operation without a fallback (a request id,
  // a problem read, a schema): it may have trapped because of an earlier call, not its own input.
  if (healthy) {
    const answer = attempt(op, request, encode, read);
    if (answer !== TRAPPED) return answer;
    renew();
  }
  throw new Error(RENEWED);
}

const TRAPPED = Symbol('trapped');
const RENEWED = 'mcp-envelope: the WebAssembly instance trapped; it is re-instantiated for the next call';

/**
 * One run of an operation: its result read, or TRAPPED.
 * @template R
 * @param {number} op
 * @param {R} request
 * @param {(request: R) => void} encode
 * @param {(text: string) => any} read
 */
function attempt(op, request, encode, read) {
  // Only JS the core calls (crypto.getRandomValues, which a program may replace) could
  // call in again while the request buffer is in use: refused, never a renewed instance.
  if (busy) throw new Error('mcp-envelope: called from inside one of its own calls');
  busy = true;
  unfinished = true;
  try {
    begin();
    encode(request);
    const length = end();
    // -1: the request buffer could not grow (a trap while growing, or no memory left).
    if (length < 0) return TRAPPED;
    const text = run(op, length);
    unfinished = false;
    return read(text);
  } catch (error) {
    if (!isTrap(error)) {
      // The core answered (a request it could not read): the instance is whole.
      unfinished = false;
      throw error;
    }
    return TRAPPED;
  } finally {
    busy = false;
  }
}

/** A call is writing its request or running. */
let busy = false;
/**
 * A call entered the instance and was not seen to come back whole: set before anything
 * is written, cleared by plain assignments only, so a call cut short where no function
 * can be called any more (the stack ran out inside a getter that called in again, and
 * then in this file's own clean-up) still gets the instance renewed by the next call.
 */
let unfinished = false;

/**
 * A failure that leaves the instance unusable, as opposed to an error the core returned (an `Error` with its message).
 * @param {any} error
 */
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
    attach(glue.__mcpEnvelopeExports());
    healthy = true;
    unfinished = false;
  } catch {
    healthy = false;
  }
}

/**
 * `template` with each `slot` (inside its JSON strings) standing for `value`.
 * @param {string} template
 * @param {string} slot
 * @param {unknown} value
 */
function inString(template, slot, value) {
  const escaped = JSON.stringify(typeof value === 'string' ? value : '').slice(1, -1);
  return template.replaceAll(slot, () => escaped);
}

/**
 * An envelope's answer after a trap: with the caller's request id, else with none (no fresh one is made).
 * @param {string} template
 * @param {string} templateWithId
 * @param {unknown} id
 */
function withId(template, templateWithId, id) {
  if (typeof id !== 'string' || id === '') return template;
  return inString(templateWithId, REQUEST_ID_SLOT, id);
}

const XML_RESULT = () => FALLBACK_XML_RESULT;

// The minimal valid answer of each export that takes a caller's input, in that export's
// own reply encoding (JSON, the text, or an XML reply), written by the core at build
// time (src/js_constants.rs). Never the caller's message (it could hold a secret the
// core would have masked); only names the caller chose for the envelope (the tool, the
// request id), put in as JSON strings. Each takes the operation's request.
/** @type {{ [Name in keyof Abi]?: (request: Parameters<Abi[Name]>[0]) => string }} */
const FALLBACKS = {
  classify: () => FALLBACK_CLASSIFY_REPLY,
  // No category: classify() then answers InternalError whole, not a code with a guessed category.
  categoryFor: () => 'null',
  httpStatusToErrorCode: () => 'null',
  errorResult: (request) => withId(FALLBACK_RESULT_JSON, FALLBACK_RESULT_ID_JSON, request.requestId),
  formatValidation: () => FALLBACK_VALIDATION_REPLY,
  rejectionResult: (request) => withId(FALLBACK_REJECTION_JSON, FALLBACK_REJECTION_ID_JSON, request.requestId),
  logRecord: (request) => inString(FALLBACK_LOG_JSON, TOOL_SLOT, request.tool),
  tryCatchFailure: (request) => inString(FALLBACK_TRY_CATCH_JSON, OPERATION_SLOT, request.operation),
  fail: () => FALLBACK_FAIL_JSON,
  httpErrorFromResponse: () => FALLBACK_FAIL_JSON,
  recoveryFor: () => '{}',
  xmlToolError: XML_RESULT,
  xmlError: XML_RESULT,
  xmlRequired: XML_RESULT,
  xmlCancelled: XML_RESULT,
  xmlRoutingError: XML_RESULT,
  xmlInternalError: XML_RESULT,
  xmlFromMcpError: XML_RESULT,
  xmlGroupUnknownAction: XML_RESULT,
  xmlGroupValidationError: XML_RESULT,
  xmlValidationErrorResult: XML_RESULT,
  xmlFormatValidationError: () => FALLBACK_XML,
  // The caller's XML unchanged is a valid, unenriched answer.
  xmlEnrichValidationError: (request) => JSON.stringify({ deltas: 0, text: request.xml }),
  xmlFormatDeltas: () => '',
  // Pre-validation after a trap leaves the arguments as sent: nothing to skip, drop, move or repair.
  prevalidatePlan: () => '{"inert":true,"declared":null,"discriminator":null}',
  prevalidateKeys: () => '{"first":{"entries":null,"aliased":[],"ignored":[],"collisions":[]},"retry":null}',
  prevalidateRepair: () => '{"asSent":[],"full":[],"fullIsAsSent":true,"unaided":[]}',
  prevalidateHeld: () => '[]',
  // parseToolError calls the core only for an error result: an error with nothing known.
  clientParseToolError: () => FALLBACK_CLIENT_JSON,
};

/**
 * A function of the glue (the test build's traps): after a trap, the instance is renewed
 * and the call throws.
 * @param {(...args: any[]) => unknown} fn
 */
function guard(fn) {
  /** @param {any[]} args */
  return (...args) => {
    if (!healthy) renew();
    try {
      return fn(...args);
    } catch (error) {
      if (!isTrap(error)) throw error;
      renew();
      throw new Error(RENEWED);
    }
  };
}

/** @type {Record<string, any>} the guarded exports, and the glue's plain data (JsonRpcErrorCode) */
const guarded = {};
for (const [name, value] of Object.entries(glue)) {
  if (name === 'default' || name === 'initSync' || name.startsWith('__')) continue;
  // Every other function is one of the test build's (trapForTest, trapAfterAllocations).
  guarded[name] = typeof value === 'function' ? guard(/** @type {(...args: any[]) => unknown} */ (value)) : value;
}
Object.freeze(guarded);
