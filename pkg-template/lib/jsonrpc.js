// The JSON-RPC dialect (mcp-ts-core): argument rejections, the tool error envelope
// and error contracts. Values are read once and copied bounded before they cross;
// the sentences, caps and envelope are the core's.

import { COPY_LIMITS, plainJson, wireDataJson } from './copy.js';
import { engine } from './engine.js';
import { McpError } from './mcp-error.js';
import { KIND_MCP_ERROR, readOnceSafely, readThrown } from './read.js';

/** How many top-level issues cross; the core keeps 10 (and 30 through unions). */
const ISSUES_CROSSING = 1000;

const THROWN_PLAIN = 0;
const THROWN_MCP = 1;
const THROWN_ZOD = 2;

function requireObject(value, what) {
  if (value === null || typeof value !== 'object') {
    throw new TypeError(`mcp-envelope: ${what} must be an object`);
  }
}

function requireString(value, what) {
  if (typeof value !== 'string') throw new TypeError(`mcp-envelope: ${what} must be a string`);
}

function jsonOrEmpty(value) {
  return value === undefined ? '' : plainJson(value);
}

function issuesJson(issues) {
  const length = Math.min(issues.length, ISSUES_CROSSING);
  return plainJson(length === issues.length ? issues : issues.slice(0, length));
}

/**
 * The -32602 McpError for a failed argument parse: throw it, or pass it to errorResult.
 * `issues` are Zod 4 or Zod 3 issues; `schema` is the tool's JSON Schema (inputSchema).
 */
export function formatValidation(issues, options) {
  if (!Array.isArray(issues)) throw new TypeError('mcp-envelope: formatValidation issues must be an array');
  requireObject(options, 'formatValidation options');
  const { tool, args, schema, input } = options;
  requireString(tool, 'formatValidation option `tool`');
  const json = engine().formatValidationJson(
    issuesJson(issues),
    tool,
    jsonOrEmpty(args),
    jsonOrEmpty(schema),
    jsonOrEmpty(input),
  );
  const { code, message, data } = JSON.parse(json);
  return new McpError(code, message, data);
}

function readRequestId(requestId) {
  if (requestId === undefined) return engine().requestId();
  if (requestId === false) return '';
  if (typeof requestId !== 'string') {
    throw new TypeError('mcp-envelope: errorResult option `requestId` must be a string or false');
  }
  return requestId;
}

function readContract(contract) {
  if (contract === undefined) return '';
  if (!Array.isArray(contract)) throw new TypeError('mcp-envelope: `contract` must be an array of entries');
  return plainJson(contract);
}

/**
 * The error CallToolResult for anything a handler threw: `Error: …`, `Recovery: …`
 * and the term line as text, and `structuredContent.error = { code, message, data }`.
 */
export function errorResult(thrown, options = {}) {
  requireObject(options, 'errorResult options');
  const { requestId, contract, aborted } = options;
  if (aborted !== undefined && typeof aborted !== 'boolean') {
    throw new TypeError('mcp-envelope: errorResult option `aborted` must be a boolean');
  }
  const id = readRequestId(requestId);
  const contractJson = readContract(contract);
  const read = readThrown(thrown, COPY_LIMITS.stringUnits);
  const glue = engine();
  const code = glue.classifyRead(read.kind, read.code, read.name, read.message, false);
  let kind = THROWN_PLAIN;
  let payload = '';
  if (read.kind === KIND_MCP_ERROR) {
    kind = THROWN_MCP;
    const data = readOnceSafely(thrown, 'data');
    payload = data.threw ? '' : (wireDataJson(data.value) ?? '');
  } else if (read.issues !== undefined) {
    kind = THROWN_ZOD;
    payload = issuesJson(read.issues);
  }
  const json = glue.errorResultJson(kind, code, read.message, payload, id, contractJson, aborted === true);
  return JSON.parse(json);
}

/** The McpError for a declared failure of `contract`. */
export function fail(contract, reason, message, data) {
  requireString(reason, 'fail reason');
  if (message !== undefined) requireString(message, 'fail message');
  const json = engine().failJson(readContract(contract), reason, message, data === undefined ? '' : plainJson(data));
  const parts = JSON.parse(json);
  return new McpError(parts.code, parts.message, parts.data);
}

/** `{ recovery: { hint } }` for a declared reason, `{}` otherwise: safe to spread into data. */
export function recoveryFor(contract, reason) {
  requireString(reason, 'recoveryFor reason');
  return JSON.parse(engine().recoveryForJson(readContract(contract), reason));
}
