// The server's own record of a failed tool call: level, code, name, category and the
// RAW message (never redacted, never replaced by the server-error sentence). It is for
// the server's logs, never the wire. The level rule and the record's shape are the
// core's (src/jsonrpc/log.rs); this layer reads the thrown value once and safely.

import * as abi from './abi.js';
import { COPY_LIMITS, copyJson } from './copy.js';
import { classifyRead } from './classify.js';
import { contractFor, readContract, readOptions } from './jsonrpc.js';
import { KIND_MCP_ERROR, THROWN_MCP, THROWN_PLAIN, THROWN_ZOD } from './constants.js';
import { argumentError, listEntry, listLength, readThrown } from './read.js';

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
 * `{ level, code, name, category, message, tool, reason?, phase? }` for a thrown value.
 * `level` is the declared entry's `severity` for the thrown `data.reason`, `notice` for
 * the framework's own refusals (`invalid_arguments`, `client_capability_missing`),
 * `info` for a cancelled call, and `error` otherwise.
 * @param {unknown} thrown
 * @param {import('../types/shapes.js').LogRecordOptions} options
 */
export function logRecord(thrown, options) {
  const { tool, contract, aborted, phase } = readOptions(options, 'logRecord', [
    'tool',
    'contract',
    'aborted',
    'phase',
  ]);
  if (typeof tool !== 'string') throw argumentError('logRecord', 'options.tool', 'a string', tool);
  if (aborted !== undefined && typeof aborted !== 'boolean') {
    throw argumentError('logRecord', 'options.aborted', 'a boolean', aborted);
  }
  if (phase !== undefined && typeof phase !== 'string') {
    throw argumentError('logRecord', 'options.phase', 'a string', phase);
  }
  // An error from fail() carries its contract, as errorResult reads it.
  const contractJson = contractFor(contract === undefined ? undefined : readContract(contract), thrown);
  const read = readThrown(thrown, COPY_LIMITS.stringUnits);
  const code = classifyRead(read, aborted === true);
  let kind = THROWN_PLAIN;
  let reason;
  /** @type {{ json: string | undefined, total: number }} */
  let issues = { json: undefined, total: 0 };
  if (read.kind === KIND_MCP_ERROR) {
    kind = THROWN_MCP;
    reason = read.reason();
  } else if (read.issues !== undefined) {
    kind = THROWN_ZOD;
    issues = firstIssue(read.issues);
  }
  return abi.logRecord({
    thrown: kind,
    code,
    message: read.message,
    reason,
    issues: issues.json,
    issuesTotal: issues.total,
    tool,
    contract: contractJson,
    aborted: aborted === true,
    phase,
  });
}
