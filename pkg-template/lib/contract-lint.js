// checkContract: the structural rules of mcp-ts-core's definition linter for a tool's
// error contract (`errors[]`). This layer only reads the contract — its length, then
// each of its first LINT_ENTRIES entries and their six fields, each once, bounded —
// and hands what it read to the core, which owns the rules, their ids, the messages
// and the caps (src/jsonrpc/contract_lint.rs).

import * as abi from './abi.js';
import { copyBudget, copyJson } from './copy.js';
import { COPY_LINT_VALUE, LINT_ENTRIES, LINT_TEXT_UNITS, UNREADABLE } from './constants.js';
import { jsonString } from './json-string.js';
import { readOptions } from './jsonrpc.js';
import { argumentError, READ_THREW, readOnce, unreadableError } from './read.js';

/** The fields of an entry the rules read, in the order the core checks them. */
const FIELDS = /** @type {const} */ (['code', 'reason', 'when', 'recovery', 'retryable', 'severity']);
/** The one field a message quotes whatever its type (`severity is …`). */
const QUOTED = 'severity';
const VALUE_POLICY = Object.freeze({ ...COPY_LINT_VALUE, strings: true });

/**
 * `text`'s first `units` UTF-16 units, never ending inside a surrogate pair.
 * @param {string} text
 * @param {number} units
 */
function prefix(text, units) {
  if (text.length <= units) return text;
  const last = text.charCodeAt(units - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? units - 1 : units);
}

/**
 * What `JSON.stringify` would print of a field that is no JSON primitive, bounded and
 * without running its code: a function or a symbol prints as `undefined`.
 * @param {unknown} value
 */
function quoted(value) {
  if (value === READ_THREW) return JSON.stringify(UNREADABLE);
  if (typeof value === 'function' || typeof value === 'symbol') return 'undefined';
  return copyJson(value, VALUE_POLICY, copyBudget());
}

/**
 * One field as it crosses (`Field::of` in the core reads it back), or undefined when
 * it is `undefined`.
 * @param {unknown} value
 * @param {boolean} quote whether a message may quote it
 * @returns {string | undefined}
 */
function fieldJson(value, quote) {
  switch (typeof value) {
    case 'undefined':
      return undefined;
    case 'string':
      return jsonString(prefix(value, LINT_TEXT_UNITS));
    case 'number':
      return Number.isFinite(value) ? String(value) : `{"nonFinite":"${value}"}`;
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      if (value === null) return 'null';
      return `{"other":${jsonString(quote ? quoted(value) : '')}}`;
  }
}

/**
 * One entry as JSON text: `null` when it is no object, else its fields as read.
 * @param {unknown} entry
 */
function entryJson(entry) {
  if (entry === null || typeof entry !== 'object') return 'null';
  let out = '{';
  for (const key of FIELDS) {
    const json = fieldJson(readOnce(entry, key), key === QUOTED);
    if (json === undefined) continue;
    if (out.length > 1) out += ',';
    out += `"${key}":${json}`;
  }
  return `${out}}`;
}

/**
 * The structural findings of an error contract, as mcp-ts-core's definition linter
 * reports them: `{ rule, severity, reason?, message }` each. An empty list means the
 * contract is sound; `undefined` (no contract) has none.
 * @param {unknown} contract
 * @param {unknown} [options] `{ tool }`: the tool the messages name
 * @returns {import('../types/contract-lint.js').ContractFinding[]}
 */
export function checkContract(contract, options) {
  const { tool } = options === undefined ? { tool: undefined } : readOptions(options, 'checkContract', ['tool']);
  if (tool !== undefined && typeof tool !== 'string') {
    throw argumentError('checkContract', 'options.tool', 'a string', tool);
  }
  const name = tool === undefined ? undefined : prefix(tool, LINT_TEXT_UNITS);
  if (contract === undefined) return [];
  let list;
  try {
    list = Array.isArray(contract);
  } catch {
    // A revoked Proxy: nothing about it can be read.
    throw unreadableError('checkContract', 'contract');
  }
  if (!list) return abi.checkContract({ entries: undefined, total: 0, tool: name });
  const total = readOnce(contract, 'length');
  if (!Number.isSafeInteger(total) || total < 0) throw unreadableError('checkContract', 'contract.length');
  const count = Math.min(total, LINT_ENTRIES);
  const entries = [];
  for (let i = 0; i < count; i++) {
    const entry = readOnce(contract, i);
    entries.push(entry === READ_THREW ? 'null' : entryJson(entry));
  }
  return abi.checkContract({ entries: `[${entries.join(',')}]`, total, tool: name });
}
