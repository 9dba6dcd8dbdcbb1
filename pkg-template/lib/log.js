// The server's own record of a failure (mcp-ts-core's `Error in tool:<name>: …` record):
// level, code, category, message, the log line, recovery, data, stack and cause chain,
// every text masked unless the caller asks for it raw. It is for the server's logs,
// never the wire. Every field's rule is the core's (src/jsonrpc/log/); this layer reads
// the thrown value once and safely, and tryCatch (try-catch.js) reads it here too.

import * as abi from './abi.js';
import { COPY_LIMITS, copyJson, wireDataJson } from './copy.js';
import { classifyRead } from './classify.js';
import { contractFor, readContract, readOptions } from './jsonrpc.js';
import { pendingDataJson } from './mcp-error.js';
import { KIND_MCP_ERROR, THROWN_MCP, THROWN_PLAIN, THROWN_ZOD, VALUE_OBJECT } from './constants.js';
import {
  argumentError,
  failureCauses,
  listEntry,
  listLength,
  READ_THREW,
  readOnce,
  readThrown,
  stackText,
} from './read.js';

/**
 * A ZodError's first issue (all its message needs) as JSON text, and how many there are.
 * @param {unknown[]} issues
 * @returns {{ json: string | undefined, total: number }}
 */
function firstIssue(issues) {
  const total = listLength(issues);
  if (total === undefined || total === 0) return { json: undefined, total: 0 };
  return { json: `[${copyJson(listEntry(issues, 0), COPY_LIMITS)}]`, total };
}

/**
 * What a failure's record needs of a thrown value, each property read once: what
 * `readThrown` reads (name, message, code, a ZodError's issues), then its `stack`, its
 * `cause` chain (classification reads the same one) and an McpError's `data`.
 * `request` lacks the code and the caller's options; `rawStack` is its stack as read.
 * @param {unknown} thrown
 */
export function readFailure(thrown) {
  const read = readThrown(thrown, COPY_LIMITS.stringUnits);
  let rawStack;
  /** @type {string | undefined} */
  let chain;
  if (read.valueKind === VALUE_OBJECT) {
    rawStack = readOnce(thrown, 'stack');
    const causes = failureCauses(thrown);
    chain = causes.chain;
    read.useChain(causes.classifyChain);
  }
  let thrownKind = THROWN_PLAIN;
  /** @type {string | undefined} */
  let data;
  /** @type {{ json: string | undefined, total: number }} */
  let issues = { json: undefined, total: 0 };
  if (read.kind === KIND_MCP_ERROR) {
    thrownKind = THROWN_MCP;
    // formatValidation's data, never read: the core's own JSON, as errorResult sends it.
    data = pendingDataJson(/** @type {import('./mcp-error.js').McpError} */ (thrown));
    if (data === undefined) {
      const raw = readOnce(thrown, 'data');
      data = raw === READ_THREW ? undefined : wireDataJson(raw);
    }
  } else if (read.issues !== undefined) {
    thrownKind = THROWN_ZOD;
    issues = firstIssue(read.issues);
  }
  const raw = read.rawMessage;
  const messageUnits =
    typeof thrown === 'string' ? thrown.length : typeof raw === 'string' ? raw.length : read.message.length;
  return {
    read,
    rawStack: typeof rawStack === 'string' ? rawStack : undefined,
    /** The request's fields that come from the value. */
    request: {
      thrown: thrownKind,
      message: read.message,
      messageUnits,
      valueKind: read.valueKind,
      typeOf: read.typeOf,
      isError: read.isError,
      nameThrew: read.nameThrew,
      name: read.name,
      codeText: read.codeText,
      data,
      issues: issues.json,
      issuesTotal: issues.total,
      stack: stackText(rawStack),
      stackUnits: typeof rawStack === 'string' ? rawStack.length : 0,
      chain,
    },
  };
}

/**
 * The record of a thrown value: `level` is the declared entry's `severity` for the
 * thrown `data.reason`, `notice` for the framework's own refusals (`invalid_arguments`,
 * `client_capability_missing`, a missing-scope refusal the caller names), `info` for a
 * cancelled call, and `error` otherwise.
 * @param {unknown} thrown
 * @param {import('../types/shapes.js').LogRecordOptions} options
 */
export function logRecord(thrown, options) {
  const { tool, contract, aborted, phase, raw, scopeRefusal } = readOptions(options, 'logRecord', [
    'tool',
    'contract',
    'aborted',
    'phase',
    'raw',
    'scopeRefusal',
  ]);
  if (typeof tool !== 'string') throw argumentError('logRecord', 'options.tool', 'a string', tool);
  if (aborted !== undefined && typeof aborted !== 'boolean') {
    throw argumentError('logRecord', 'options.aborted', 'a boolean', aborted);
  }
  if (phase !== undefined && typeof phase !== 'string') {
    throw argumentError('logRecord', 'options.phase', 'a string', phase);
  }
  if (raw !== undefined && typeof raw !== 'boolean') throw argumentError('logRecord', 'options.raw', 'a boolean', raw);
  if (scopeRefusal !== undefined && typeof scopeRefusal !== 'boolean') {
    throw argumentError('logRecord', 'options.scopeRefusal', 'a boolean', scopeRefusal);
  }
  // An error from fail() carries its contract, as errorResult reads it.
  const contractJson = contractFor(contract === undefined ? undefined : readContract(contract), thrown);
  const failure = readFailure(thrown);
  return abi.logRecord({
    ...failure.request,
    code: classifyRead(failure.read, aborted === true),
    tool,
    operation: undefined,
    contract: contractJson,
    aborted: aborted === true,
    phase,
    raw: raw === true,
    scopeRefusal: scopeRefusal === true,
  });
}
