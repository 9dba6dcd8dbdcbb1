// The client side, for both dialects: read a tool error back out of a CallToolResult
// (the XML <tool_error> or <validation_error> text, or the JSON-RPC dialect's
// structuredContent.error), and an Error subclass to throw it as. What the core reads of the result crosses into
// wasm once, as a small plain copy; the caller's own object is returned as `raw`.

import { engine } from './engine.js';

/** Longest text block read, in UTF-16 units: any real envelope is read back whole. */
const TEXT_UNITS = 1 << 24;
/** Content blocks read. */
const BLOCKS = 1000;

const THREW = Symbol('threw');

function read(object, key) {
  try {
    return object[key];
  } catch {
    return THREW;
  }
}

const isObject = (value) => typeof value === 'object' && value !== null;

function text(value) {
  if (typeof value !== 'string') return undefined;
  const cut = value.length > TEXT_UNITS ? value.slice(0, TEXT_UNITS) : value;
  return typeof cut.toWellFormed === 'function' ? cut.toWellFormed() : cut;
}

/**
 * The fields of a result the core reads, each read once inside try/catch: `isError`
 * (an `isError` that throws on read counts as an error), the text blocks of `content`,
 * and `structuredContent.error`'s `code`, `message` and `data.recovery.hint`.
 */
function resultJson(result) {
  const isError = read(result, 'isError');
  const out = { isError: isError === THREW || Boolean(isError), content: [] };
  const content = read(result, 'content');
  let blocks = 0;
  try {
    if (Array.isArray(content)) blocks = Math.min(content.length, BLOCKS);
  } catch {
    blocks = 0;
  }
  for (let i = 0; i < blocks; i++) {
    const block = read(content, i);
    if (!isObject(block)) continue;
    out.content.push({ type: text(read(block, 'type')), text: text(read(block, 'text')) });
  }
  const structured = read(result, 'structuredContent');
  const error = isObject(structured) ? read(structured, 'error') : undefined;
  if (isObject(error)) {
    const code = read(error, 'code');
    const data = read(error, 'data');
    const recovery = isObject(data) ? read(data, 'recovery') : undefined;
    const hint = isObject(recovery) ? text(read(recovery, 'hint')) : undefined;
    out.structuredContent = {
      error: {
        code: typeof code === 'number' || typeof code === 'string' ? (typeof code === 'string' ? text(code) : code) : undefined,
        message: text(read(error, 'message')),
        data: hint === undefined ? undefined : { recovery: { hint } },
      },
    };
  }
  return JSON.stringify(out);
}

function describe(value) {
  if (value === null) return 'null';
  return typeof value === 'undefined' ? 'undefined' : `a ${typeof value}`;
}

export function parseToolError(result) {
  if (typeof result !== 'object' || result === null) {
    throw new TypeError(`mcp-envelope: parseToolError: \`result\` must be an object (a CallToolResult), got ${describe(result)}`);
  }
  const out = engine().xmlParseToolError(resultJson(result));
  if (out === '') return null;
  const parsed = JSON.parse(out);
  const error = {
    code: parsed.code,
    message: parsed.message,
    recovery: parsed.recovery,
    availableActions: parsed.availableActions,
    severity: parsed.severity,
    dialect: parsed.dialect,
    raw: result,
  };
  // A <tool_error>'s <details> (as an object) and <retry_after> seconds, when it has them.
  if (parsed.details !== undefined) error.details = parsed.details;
  if (parsed.retryAfter !== undefined) error.retryAfter = parsed.retryAfter;
  // A <validation_error>: its action, one { name, message } per <field>, and how many
  // issues the server left out.
  if (parsed.fields !== undefined) {
    error.action = parsed.action;
    error.fields = parsed.fields;
    error.moreIssues = parsed.moreIssues;
  }
  return error;
}

const PARSED_FIELDS = [
  'message', 'code', 'recovery', 'availableActions', 'severity', 'dialect', 'raw', 'fields', 'action', 'moreIssues',
  'details', 'retryAfter',
];

/** What parseToolError returned, each field read once; anything else is a TypeError. */
function parsedFields(parsed) {
  const wrong = () =>
    new TypeError(`mcp-envelope: McpEnvelopeClientError: \`parsed\` must be what parseToolError returns, got ${describe(parsed)}`);
  if (typeof parsed !== 'object' || parsed === null) throw wrong();
  const out = {};
  for (const name of PARSED_FIELDS) {
    const value = read(parsed, name);
    if (value === THREW) throw wrong();
    out[name] = value;
  }
  if (typeof out.message !== 'string') throw wrong();
  return out;
}

/** `{ cause }` of `new Error`-style options, read once. */
function causeOptions(options) {
  if (options === undefined) return undefined;
  if (options === null || typeof options !== 'object') {
    throw new TypeError('mcp-envelope: McpEnvelopeClientError options must be an object like { cause }');
  }
  const cause = read(options, 'cause');
  if (cause === THREW) throw new TypeError('mcp-envelope: McpEnvelopeClientError options could not be read');
  return cause === undefined ? undefined : { cause };
}

export class McpEnvelopeClientError extends Error {
  constructor(parsed, options) {
    const fields = parsedFields(parsed);
    super(fields.message, causeOptions(options));
    this.name = 'McpEnvelopeClientError';
    this.code = fields.code;
    this.recovery = fields.recovery ?? null;
    this.availableActions = Array.isArray(fields.availableActions) ? fields.availableActions : [];
    this.severity = fields.severity ?? 'error';
    this.dialect = fields.dialect ?? 'xml';
    this.raw = fields.raw;
    if (isObject(fields.details)) this.details = fields.details;
    if (typeof fields.retryAfter === 'number') this.retryAfter = fields.retryAfter;
    if (Array.isArray(fields.fields)) {
      this.action = fields.action;
      this.fields = fields.fields;
      this.moreIssues = fields.moreIssues;
    }
  }

  /** The error a result carries, or `null` for a success. */
  static fromResult(result) {
    const parsed = parseToolError(result);
    if (parsed === null) return null;
    const error = new McpEnvelopeClientError(parsed);
    if (typeof Error.captureStackTrace === 'function') Error.captureStackTrace(error, McpEnvelopeClientError.fromResult);
    return error;
  }
}

/** Returns `result` when it is a success; throws its McpEnvelopeClientError otherwise. */
export function throwIfToolError(result) {
  const parsed = parseToolError(result);
  if (parsed === null) return result;
  const error = new McpEnvelopeClientError(parsed);
  if (typeof Error.captureStackTrace === 'function') Error.captureStackTrace(error, throwIfToolError);
  throw error;
}
