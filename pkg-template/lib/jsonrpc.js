// The JSON-RPC dialect (mcp-ts-core): argument rejections, the tool error envelope
// and error contracts. Values are read once and copied bounded before they cross;
// the sentences, caps and envelope are the core's.

import * as abi from './abi.js';
import {
  COPY_LIMITS,
  copiedText,
  copyBudget,
  copyJson,
  copyJsonBytes,
  JsonCopier,
  reachOf,
  wireDataJson,
} from './copy.js';
import * as jsonOut from './json-out.js';
import { McpError, pendingDataJson, withDataJson } from './mcp-error.js';
import { sourceIssue } from './sources.js';
import {
  CODE_UNITS,
  COPY_ARGS,
  COPY_AUTHORED,
  COPY_KEPT_ISSUE,
  COPY_NODE_BUDGET,
  COPY_OTHER_ISSUE,
  COPY_UNIT_BUDGET,
  COUNTED_ISSUE,
  ISSUES_CROSSING,
  ISSUES_READ_WHOLE,
  KIND_MCP_ERROR,
  UNION_CODES,
  THROWN_MCP,
  THROWN_PLAIN,
  THROWN_XML,
  THROWN_ZOD,
} from './constants.js';
import {
  argumentError,
  listEntry,
  listLength,
  READ_THREW,
  readOnce,
  readThrown,
  UNREADABLE,
  unreadableError,
} from './read.js';
import { isBranded, responseText } from './xml.js';

// At most ISSUES_CROSSING top-level issues cross (the core examines that many and
// keeps 10 in `data.issues`); the true count crosses beside them, so `issuesCount` and
// `(+N more)` stay exact however many Zod raised.

/**
 * Copy limits of what crosses for an argument rejection. The core keeps 1,024 units
 * per string and 10 entries per list, and writes the uncut size beside each cut: each
 * string, key, list or object a copy cuts crosses with its true size beside it (copy.js's
 * `sizes`), so those count fields are exact at any size. Rendering needs no more than
 * this (a line is cut at 1,024 units; unknown keys are scanned up to 1,024).
 */
const KEPT_ISSUE = Object.freeze({ ...COPY_KEPT_ISSUE, strings: true });
const OTHER_ISSUE = Object.freeze({ ...COPY_OTHER_ISSUE, strings: true });
/**
 * Arguments are read for presence and JSON type only: string values cross empty, and
 * only what a path made of the issues' own keys and indices can reach crosses.
 */
const ARGS = Object.freeze({ ...COPY_ARGS, strings: false });
/** The author's own values: a tool's JSON Schema, pre-validation's record, a contract. */
const AUTHORED = Object.freeze({ ...COPY_AUTHORED, strings: true });
/** Shared by one crossing: containers visited, and string units copied before strings shrink to a floor. */
const NODE_BUDGET = COPY_NODE_BUDGET;
const UNIT_BUDGET = COPY_UNIT_BUDGET;

/**
 * @param {unknown} value
 * @param {string} fn
 * @param {string} what
 */
function requireObject(value, fn, what) {
  if (value === null || typeof value !== 'object') throw argumentError(fn, what, 'an object', value);
}

/**
 * @param {unknown} value
 * @param {string} name
 */
function requireBooleanOption(value, name) {
  if (value !== undefined && typeof value !== 'boolean')
    throw argumentError('errorResult', `options.${name}`, 'a boolean', value);
}

/**
 * @param {unknown} value
 * @param {string} fn
 * @param {string} what
 */
function requireString(value, fn, what) {
  if (typeof value !== 'string') throw argumentError(fn, what, 'a string', value);
}

/**
 * `fn`'s options, the named ones read once each; a Proxy or getter that throws is a TypeError.
 * @param {unknown} options
 * @param {string} fn
 * @param {string[]} names
 * @returns {Record<string, any>} each option as the caller gave it, checked where it is used
 */
export function readOptions(options, fn, names) {
  requireObject(options, fn, 'options');
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const name of names) {
    const value = readOnce(options, name);
    if (value === READ_THREW) throw unreadableError(fn, `options.${name}`);
    out[name] = value;
  }
  return out;
}

/** A fresh budget for one crossing. */
function budget() {
  return copyBudget(NODE_BUDGET, UNIT_BUDGET);
}

const NO_SIZES = new Uint32Array(0);
const UNREADABLE_JSON = JSON.stringify(UNREADABLE);

/**
 * The core's rule for what crosses of each issue: the first ISSUES_READ_WHOLE whole, and
 * past them each issue as `0` (nothing of it: the core counts it as one line) when its
 * own code is a string and none of UNION_CODES, whose branches decide how many lines a
 * union counts. Any other issue past them crosses whole: it may be another validator's
 * own (a `~source` field), which the core reads at any position.
 */
const UNIONS = new Set(UNION_CODES);

/**
 * An issue past those the core reads whole, as JSON text: `0` when its own enumerable
 * `code` is a short string and no union's (nothing else of it is read), else `undefined`,
 * with its code as read in `read.code` (`NOT_READ` when it was not).
 * @param {any} issue
 * @param {Set<string>} unions
 * @param {{ code: unknown }} read
 */
function countedAlone(issue, unions, read) {
  read.code = NOT_READ;
  if (issue === null || typeof issue !== 'object') return undefined;
  let code;
  try {
    // A list is no issue; a code that is no own enumerable field is not one JSON sees.
    if (Array.isArray(issue) || !Object.prototype.propertyIsEnumerable.call(issue, 'code')) return undefined;
  } catch {
    return undefined;
  }
  try {
    code = issue.code;
  } catch {
    code = UNREADABLE;
  }
  read.code = code;
  // A longer code is copied with its issue, whole.
  if (typeof code !== 'string' || code.length > CODE_UNITS || unions.has(code)) return undefined;
  return COUNTED_ISSUE;
}

/**
 * An issue whose `code` was read already, as the plain object the copier reads instead
 * (each other field read once here); `undefined` when its keys cannot be listed.
 * @param {any} issue
 * @param {unknown} code
 */
function withCodeRead(issue, code) {
  let keys;
  try {
    keys = Object.keys(issue);
  } catch {
    return undefined;
  }
  const fields = Object.create(null);
  const count = Math.min(keys.length, OTHER_ISSUE.entries);
  for (let i = 0; i < count; i++) {
    const key = keys[i];
    if (key === 'code') {
      fields.code = code;
      continue;
    }
    try {
      fields[key] = issue[key];
    } catch {
      fields[key] = UNREADABLE;
    }
  }
  return fields;
}

const NOT_READ = Symbol('not read');

/**
 * The issues that cross, as JSON text (written in place: inside a call that holds
 * json-out.js's buffer), how many there are, the true sizes of what
 * their copies cut, and every string and number they hold (the keys a path can name).
 * An unreadable list (a Proxy whose traps throw) crosses as no issue at all. Exported
 * for bench/copy.mjs, which times it against a hand-written copy (not part of the API).
 * Another validator's issues cross as their readers make them (lib/sources.js).
 * @param {unknown} issues
 * @param {unknown} [args] the arguments that failed, read only at a Standard Schema issue's path
 * @param {unknown} [schema] the tool's JSON Schema, where an @cfworker/json-schema unit's keyword is read
 * @returns {{ json: string | jsonOut.JsonBytes, total: number, sizes: Uint32Array, seen: Array<string | number | boolean> }}
 */
export function issuesCrossing(issues, args, schema) {
  const total = listLength(issues);
  if (total === undefined) return { json: '[]', total: 0, sizes: NO_SIZES, seen: [] };
  const crossing = Math.min(total, ISSUES_CROSSING);
  /** @type {number[]} */
  const sizes = [];
  /** @type {Array<string | number | boolean>} */
  const seen = [];
  // One copier writes every issue, sharing the budget, `sizes` and `seen`.
  const copier = new JsonCopier(budget(), sizes, seen, undefined);
  const at = [0];
  const readWhole = ISSUES_READ_WHOLE;
  const unions = UNIONS;
  /** @type {{ code: unknown }} */
  const read = { code: NOT_READ };
  copier.append('[');
  for (let i = 0; i < crossing; i++) {
    if (i > 0) copier.append(',');
    const entry = listEntry(issues, i);
    // Another validator's issue crosses as the plain object its reader made, whole.
    let issue = sourceIssue(entry, args, schema);
    if (i >= readWhole && issue === entry) {
      const alone = countedAlone(issue, unions, read);
      if (alone !== undefined) {
        copier.append(alone);
        continue;
      }
      if (read.code !== NOT_READ) {
        issue = withCodeRead(issue, read.code);
        if (issue === undefined) {
          copier.append(UNREADABLE_JSON);
          continue;
        }
      }
    }
    // Every cut is recorded: data.issues' counts read the kept ones', path comparisons all.
    // The issues read whole include the ones `data.issues` keeps: their copies keep long strings and lists.
    at[0] = i;
    copier.copy(issue, i < readWhole ? KEPT_ISSUE : OTHER_ISSUE, at);
  }
  copier.append(']');
  return { json: copier.bytes(), total, sizes: sizes.length === 0 ? NO_SIZES : Uint32Array.from(sizes), seen };
}

/**
 * The arguments as the core reads them (presence and JSON type at the issues' paths):
 * pruned to what the issues' keys and indices reach, or whole (bounded) when they hold
 * too many distinct ones.
 * @param {unknown} args
 * @param {Array<string | number | boolean>} seen
 */
function argsCrossing(args, seen) {
  const only = reachOf(seen, ARGS.depth);
  return copyJsonBytes(args, ARGS, budget(), only === null ? {} : { only });
}

/**
 * A tool's JSON Schema as it crosses, prepared once per schema object: the copy is
 * kept in a WeakMap keyed by the object, so a schema object mutated after its first
 * use keeps its first preparation (make a new object to change a schema).
 */
const preparedSchemas = new WeakMap();

/**
 * @param {unknown} schema
 * @returns {string}
 */
export function schemaCrossing(schema) {
  if (schema === null || (typeof schema !== 'object' && typeof schema !== 'function')) {
    return copyJson(schema, AUTHORED, budget());
  }
  let json = preparedSchemas.get(schema);
  if (json === undefined) {
    json = copyJson(schema, AUTHORED, budget());
    preparedSchemas.set(schema, json);
  }
  return json;
}

/**
 * The -32602 McpError for a failed argument parse: throw it, or pass it to errorResult.
 * `issues` are Zod 4 or Zod 3 issues, Valibot's, ArkType's or any Standard Schema issues; `schema` is the tool's JSON Schema (inputSchema).
 * @param {unknown} issues
 * @param {unknown} options
 */
export function formatValidation(issues, options) {
  // Marked here rather than through `holding`: no closure a call, and no two more frames of ours in a TypeError's stack.
  const mark = jsonOut.mark();
  let reply;
  try {
    reply = abi.formatValidation(rejectionCrossing(issues, options));
  } finally {
    jsonOut.release(mark);
  }
  const { code, message, dataJson } = reply;
  const error = new McpError(code, message);
  return dataJson === undefined ? error : withDataJson(error, dataJson);
}

/**
 * What a rejection sends the core: the issues crossing, the tool, arguments and schema as JSON text
 * (the issues and arguments written in place: call it holding json-out.js's buffer).
 * @param {unknown} issues
 * @param {unknown} options
 * @returns {import('./abi.js').FormatValidationRequest}
 */
function rejectionCrossing(issues, options) {
  if (!Array.isArray(issues)) throw argumentError('formatValidation', 'issues', 'an array', issues);
  const { tool, args, schema, input } = readOptions(options, 'formatValidation', ['tool', 'args', 'schema', 'input']);
  requireString(tool, 'formatValidation', 'options.tool');
  if (input !== undefined) requireObject(input, 'formatValidation', 'options.input');
  const crossing = issuesCrossing(issues, args, schema);
  return {
    issues: crossing.json,
    issuesTotal: crossing.total,
    issueSizes: crossing.sizes,
    tool,
    args: args === undefined ? undefined : argsCrossing(args, crossing.seen),
    schema: schema === undefined ? undefined : schemaCrossing(schema),
    input: input === undefined ? undefined : copyJson(input, AUTHORED, budget()),
  };
}

/**
 * `errorResult(formatValidation(issues, rejection), options)` in one wasm call, for
 * registerTool: the McpError is never built (nor its stack, nor its data copied back).
 * `rejection` is formatValidation's options (`input`: what pre-validation changed).
 * @param {unknown} issues
 * @param {import('../types/shapes.js').FormatValidationOptions} rejection
 * @param {import('../types/shapes.js').ErrorResultOptions} [options]
 */
export function rejectionResult(issues, rejection, options = {}) {
  const mark = jsonOut.mark();
  try {
    const crossing = rejectionCrossing(issues, rejection);
    const envelope = envelopeOptions(options);
    return abi.rejectionResult({
      ...crossing,
      requestId: envelope.id,
      freshId: envelope.id === undefined,
      contract: envelope.contractJson,
      aborted: envelope.aborted,
      redactSecrets: envelope.redactSecrets,
      maskServerErrors: envelope.maskServerErrors,
    });
  } finally {
    jsonOut.release(mark);
  }
}

/**
 * The request id as text: generated when absent, none for `false`. A number (the MCP
 * SDK's request ids are `string | number`, the number an integer) is its decimal
 * text, never an exponent form: `1e21` is `"1000000000000000000000"`, `-0` is `"0"`.
 * @param {unknown} requestId
 * @returns {string | undefined}
 */
function readRequestId(requestId) {
  // Absent: the core makes one in the same call (see errorResult).
  if (requestId === undefined) return undefined;
  if (requestId === false) return '';
  if (typeof requestId === 'number' && Number.isInteger(requestId)) return BigInt(requestId).toString();
  if (typeof requestId !== 'string') {
    throw argumentError('errorResult', 'options.requestId', 'a string, an integer or false', requestId);
  }
  // The core cuts a long id (at 1,024 units); only a bounded prefix crosses.
  return copiedText(requestId);
}

/**
 * A contract as JSON text for the core (undefined for none).
 * @param {unknown} contract
 * @param {string} [fn]
 * @param {string} [what]
 * @returns {string | undefined}
 */
export function readContract(contract, fn = 'errorResult', what = 'options.contract') {
  if (contract === undefined) return undefined;
  if (!Array.isArray(contract)) throw argumentError(fn, what, 'an array of entries', contract);
  return copyJson(contract, AUTHORED, budget());
}

/**
 * errorResult's options, each read once and checked. `id` undefined: the core makes one.
 * @returns {{ contractJson: string | undefined, id: string | undefined, aborted: boolean,
 *   redactSecrets: boolean, maskServerErrors: boolean, guidance: boolean }}
 * @param {unknown} options
 */
function envelopeOptions(options) {
  const { requestId, contract, aborted, redactSecrets, maskServerErrors, guidance } = readOptions(
    options,
    'errorResult',
    ['requestId', 'contract', 'aborted', 'redactSecrets', 'maskServerErrors', 'guidance'],
  );
  requireBooleanOption(aborted, 'aborted');
  requireBooleanOption(redactSecrets, 'redactSecrets');
  requireBooleanOption(maskServerErrors, 'maskServerErrors');
  requireBooleanOption(guidance, 'guidance');
  return {
    contractJson: contract === undefined ? undefined : readContract(contract),
    id: readRequestId(requestId),
    aborted: aborted === true,
    redactSecrets: redactSecrets !== false,
    maskServerErrors: maskServerErrors === true,
    guidance: guidance === true,
  };
}

/**
 * The contract an McpError from `fail(contract, …)` was declared in (its JSON text), so
 * its recovery reaches the wire without the contract being passed again.
 */
const declaredIn = new WeakMap();

/**
 * The contract JSON an envelope fills recovery from: the option's, else the one `thrown` was failed from.
 * @param {string | undefined} contractJson
 * @param {unknown} thrown
 * @returns {string | undefined}
 */
export function contractFor(contractJson, thrown) {
  if (contractJson !== undefined) return contractJson;
  if (thrown === null || typeof thrown !== 'object') return undefined;
  return declaredIn.get(thrown);
}

/**
 * The error CallToolResult for anything a handler threw: `Error: …`, `Recovery: …`
 * and the term line as text, and `structuredContent.error = { code, message, data }`.
 * @param {unknown} thrown
 * @param {import('../types/shapes.js').ErrorResultOptions} [options]
 */
export function errorResult(thrown, options = {}) {
  const mark = jsonOut.mark();
  try {
    return envelopeOf(thrown, options);
  } finally {
    jsonOut.release(mark);
  }
}

/**
 * errorResult's work, holding json-out.js's buffer for a ZodError's issues.
 * @param {unknown} thrown
 * @param {import('../types/shapes.js').ErrorResultOptions} options
 */
function envelopeOf(thrown, options) {
  const { contractJson: given, id, aborted, redactSecrets, maskServerErrors, guidance } = envelopeOptions(options);
  const contractJson = contractFor(given, thrown);
  const xmlText = isBranded(thrown) ? responseText(thrown) : undefined;
  const read = readThrown(thrown, COPY_LIMITS.stringUnits);
  /** @type {import('./wire.js').Writable<import('./abi.js').ErrorResultRequest>} */
  const request = {
    thrown: THROWN_PLAIN,
    kind: read.kind,
    code: read.code,
    codeText: read.codeText,
    valueKind: read.valueKind,
    typeOf: read.typeOf,
    isError: read.isError,
    nameThrew: read.nameThrew,
    name: read.name,
    message: read.message,
    statusCode: read.statusCode,
    causes: undefined,
    data: undefined,
    issues: undefined,
    issuesTotal: 0,
    issueSizes: NO_SIZES,
    xml: undefined,
    requestId: id,
    freshId: id === undefined,
    contract: contractJson,
    aborted,
    redactSecrets,
    maskServerErrors,
    guidance,
  };
  if (xmlText !== undefined) {
    request.thrown = THROWN_XML;
    request.xml = xmlText;
  } else if (read.kind === KIND_MCP_ERROR) {
    request.thrown = THROWN_MCP;
    // formatValidation's data, never read: the core's own JSON goes back as it came.
    const text = pendingDataJson(/** @type {McpError} */ (thrown));
    if (text !== undefined) {
      request.data = text;
    } else {
      const data = readOnce(thrown, 'data');
      request.data = data === READ_THREW ? undefined : wireDataJson(data);
    }
  } else if (read.issues !== undefined) {
    request.thrown = THROWN_ZOD;
    const crossing = issuesCrossing(read.issues);
    request.issues = crossing.json;
    request.issuesTotal = crossing.total;
    request.issueSizes = crossing.sizes;
  }
  // One call: the core classifies the value by its own fields and, when they say nothing
  // better than InternalError, by its cause chain. An McpError is classified by its own
  // code, and a value without any `cause` has a chain known without reading one; only a
  // value that has a cause and says nothing itself makes the core answer `null`
  // and get its chain (read here, once) in a second call.
  // With guidance a plain throw names its nearest cause, so its chain is read up front.
  request.causes = read.kind === KIND_MCP_ERROR ? undefined : guidance ? read.chain() : read.knownChain();
  const answer = abi.errorResult(request);
  if (answer !== null) return answer;
  request.causes = read.chain();
  // With the chain given, the core answers a result.
  return /** @type {import('../types/shapes.js').CallToolResult} */ (abi.errorResult(request));
}

/** Marks a field of `fail`'s data the core placed: the caller's own value goes there. */
const GIVEN = '\u0000mcp-envelope:given\u0000';

/**
 * What the core is sent of the caller's `data`: its keys, each value {@link GIVEN}.
 * @param {Map<string, unknown> | null} given
 */
export function givenSkeleton(given) {
  return given === null ? undefined : JSON.stringify(Object.fromEntries([...given.keys()].map((k) => [k, GIVEN])));
}

/**
 * The core's `data` with the caller's own values (not copies) where it placed them.
 * @param {unknown} data the core's `data`: an object, or undefined
 * @param {Map<string, unknown> | null} given
 * @returns {Record<string, unknown> | undefined}
 */
export function withGiven(data, given) {
  if (data === undefined || given === null) return /** @type {Record<string, unknown> | undefined} */ (data);
  /** @type {Record<string, unknown>} */
  const fields = {};
  for (const [key, value] of Object.entries(/** @type {Record<string, unknown>} */ (data))) {
    const own = value === GIVEN && given.has(key) ? given.get(key) : value;
    Object.defineProperty(fields, key, { value: own, enumerable: true, writable: true, configurable: true });
  }
  return fields;
}

/**
 * Own enumerable fields of a throw site's `data`, each read once; `null` when the
 * object cannot be read at all (a Proxy whose traps throw), which fails without it.
 * @param {unknown} data
 * @param {string} [fn] the export, for its TypeError
 * @param {string} [what] the argument, for its TypeError
 * @returns {Map<string, unknown> | null}
 */
export function readGivenData(data, fn = 'fail', what = 'data') {
  if (data === undefined) return null;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw argumentError(fn, what, 'an object of fields', data);
  }
  let keys;
  try {
    keys = Object.keys(data);
  } catch {
    return null;
  }
  const fields = new Map();
  for (const key of keys) {
    const value = readOnce(data, key);
    fields.set(key, value === READ_THREW ? UNREADABLE : value);
  }
  return fields;
}

/**
 * The McpError for a declared failure of `contract`. The core decides the code, the
 * message and which fields the data has in which order; the throw site's own values
 * (not copies) fill the fields it gave, so the error is exactly what the site wrote.
 * @param {unknown} contract
 * @param {any} reason checked here
 * @param {any} [message] checked here
 * @param {unknown} [data]
 */
export function fail(contract, reason, message, data) {
  requireString(reason, 'fail', 'reason');
  if (message !== undefined) requireString(message, 'fail', 'message');
  const given = readGivenData(data);
  const contractJson = readContract(contract, 'fail', 'contract');
  const parts = abi.fail({
    contract: contractJson,
    reason: copiedText(reason),
    message,
    data: givenSkeleton(given),
  });
  const error = new McpError(parts.code, parts.message, withGiven(parts.data, given));
  if (contractJson !== undefined) declaredIn.set(error, contractJson);
  return error;
}

/**
 * `{ recovery: { hint } }` for a declared reason, `{}` otherwise: safe to spread into data.
 * @param {unknown} contract
 * @param {any} reason checked here
 */
export function recoveryFor(contract, reason) {
  requireString(reason, 'recoveryFor', 'reason');
  return abi.recoveryFor({
    contract: readContract(contract, 'recoveryFor', 'contract'),
    reason: copiedText(reason),
  });
}
