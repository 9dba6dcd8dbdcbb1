// The client side, for both dialects: read a tool error back out of a CallToolResult
// in whatever form the client got it (structuredContent.error, mcp-ts-core's
// `Error: …` text, MCP Fusion's XML, or plain text such as the SDK's own `Input
// validation error: …`), and an Error subclass to throw it as. The core decides the
// dialect and reads; this layer reads each field of the result once, inside try/catch,
// within the core's caps, and hands over one string and the few fields it read. The
// caller's own object is returned as `raw`.

import * as abi from './abi.js';
import { CLIENT_BLOCKS, CLIENT_ID_UNITS, CLIENT_MESSAGE_UNITS, CLIENT_TEXT_UNITS } from './constants.js';
import { argumentError, eachTextBlock, READ_THREW, readOnce, unreadableError } from './read.js';
import { builtUnrecorded } from './stack.js';

/**
 * @param {unknown} value
 * @returns {value is object}
 */
const isObject = (value) => typeof value === 'object' && value !== null;

/**
 * The core's caps: UTF-16 units of text read in all, content blocks looked at, units of
 * a message or recovery, units of a reason or request id.
 */
const LIMITS = Object.freeze({
  text: CLIENT_TEXT_UNITS,
  blocks: CLIENT_BLOCKS,
  message: CLIENT_MESSAGE_UNITS,
  id: CLIENT_ID_UNITS,
});

/**
 * The first `units` units of `s`, never ending in the first half of a surrogate pair.
 * @param {string} s
 * @param {number} units
 */
function prefix(s, units) {
  if (s.length <= units) return s;
  const end = units > 0 && (s.charCodeAt(units - 1) & 0xfc00) === 0xd800 ? units - 1 : units;
  return s.slice(0, end);
}

/**
 * A string field, one unit past `cap` at most (so the core sees it was longer and cuts it with `…`).
 * @param {unknown} value
 * @param {number} cap
 */
function bounded(value, cap) {
  return typeof value === 'string' ? prefix(value, cap + 1) : undefined;
}

/**
 * `content`'s text blocks joined with `\n`, at most `limits.text` units; and whether text was left out.
 * @param {unknown} content
 * @param {typeof LIMITS} limits
 */
function joinedText(content, limits) {
  /** @type {string[]} */
  const parts = [];
  let units = 0;
  let cut = false;
  eachTextBlock(content, limits.blocks, (text) => {
    const room = limits.text - units - (parts.length > 0 ? 1 : 0);
    if (room < 0 || (room === 0 && text.length > 0)) {
      cut = true;
      return false;
    }
    if (text.length > room) {
      parts.push(prefix(text, room));
      cut = true;
      return false;
    }
    parts.push(text);
    units += text.length + (parts.length > 1 ? 1 : 0);
    return true;
  });
  return { text: parts.join('\n'), cut };
}

/**
 * `structuredContent.error`'s fields the core reads, into `request`: whether it is an
 * object, then `code` as a number and as a string, `message`, and `data`'s
 * `recovery.hint`, `reason`, `retryable` and `requestId` (a number as JS prints it),
 * each left out unless it has that type.
 * @param {object} result
 * @param {typeof LIMITS} limits
 * @param {import('./wire.js').Writable<import('./abi.js').ParseToolErrorRequest>} request
 */
function readStructured(result, limits, request) {
  const structured = readOnce(result, 'structuredContent');
  const error = isObject(structured) ? readOnce(structured, 'error') : undefined;
  request.structured = isObject(error);
  if (!request.structured) return request;
  const code = readOnce(error, 'code');
  request.codeNumber = typeof code === 'number' ? code : undefined;
  request.codeText = bounded(code, limits.id);
  request.message = bounded(readOnce(error, 'message'), limits.message);
  const data = readOnce(error, 'data');
  if (!isObject(data)) return request;
  const recovery = readOnce(data, 'recovery');
  request.hint = isObject(recovery) ? bounded(readOnce(recovery, 'hint'), limits.message) : undefined;
  request.reason = bounded(readOnce(data, 'reason'), limits.id);
  const retryable = readOnce(data, 'retryable');
  request.retryable = typeof retryable === 'boolean' ? retryable : undefined;
  const requestId = readOnce(data, 'requestId');
  request.requestId =
    typeof requestId === 'number'
      ? Number.isFinite(requestId)
        ? String(requestId)
        : undefined
      : bounded(requestId, limits.id);
  return request;
}

/** @param {unknown} result */
export function parseToolError(result) {
  if (typeof result !== 'object' || result === null) {
    throw argumentError('parseToolError', 'result', 'an object (a CallToolResult)', result);
  }
  // An `isError` that throws on read counts as an error: a result that cannot be read
  // is not taken for a success.
  const isError = readOnce(result, 'isError');
  if (isError !== READ_THREW && !isError) return null;
  const { text, cut } = joinedText(readOnce(result, 'content'), LIMITS);
  const parsed = abi.clientParseToolError(readStructured(result, LIMITS, { text, textCut: cut, structured: false }));
  /** @type {import('../types/shapes.js').ParsedToolError} */
  const error = {
    code: parsed.code,
    message: parsed.message,
    recovery: parsed.recovery,
    availableActions: parsed.availableActions,
    severity: parsed.severity,
    dialect: parsed.dialect,
    raw: result,
  };
  // The JSON-RPC dialect's terms, each when the result gives it.
  if (parsed.reason !== undefined) error.reason = parsed.reason;
  if (parsed.retryable !== undefined) error.retryable = parsed.retryable;
  if (parsed.requestId !== undefined) error.requestId = parsed.requestId;
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
  'message',
  'code',
  'recovery',
  'availableActions',
  'severity',
  'dialect',
  'raw',
  'fields',
  'action',
  'moreIssues',
  'details',
  'retryAfter',
  'reason',
  'retryable',
  'requestId',
];

/**
 * What parseToolError returned, each field read once; anything else is a TypeError.
 * @param {unknown} parsed
 */
function parsedFields(parsed) {
  const wrong = () => argumentError('McpEnvelopeClientError', 'parsed', 'what parseToolError returns', parsed);
  if (typeof parsed !== 'object' || parsed === null) throw wrong();
  /** @type {Record<string, any>} each field as read, checked where it is used */
  const out = {};
  for (const name of PARSED_FIELDS) {
    const value = readOnce(parsed, name);
    if (value === READ_THREW) throw wrong();
    out[name] = value;
  }
  if (typeof out.message !== 'string') throw wrong();
  return out;
}

/**
 * `{ cause }` of `new Error`-style options, read once.
 * @param {unknown} options
 */
function causeOptions(options) {
  if (options === undefined) return undefined;
  if (options === null || typeof options !== 'object') {
    throw argumentError('McpEnvelopeClientError', 'options', 'an object like { cause }', options);
  }
  const cause = readOnce(options, 'cause');
  if (cause === READ_THREW) throw unreadableError('McpEnvelopeClientError', 'options.cause');
  return cause === undefined ? undefined : { cause };
}

export class McpEnvelopeClientError extends Error {
  /**
   * @param {unknown} parsed
   * @param {unknown} [options]
   */
  constructor(parsed, options) {
    const fields = parsedFields(parsed);
    super(fields.message, causeOptions(options));
    this.name = 'McpEnvelopeClientError';
    this.code = fields.code ?? null;
    this.recovery = fields.recovery ?? null;
    this.availableActions = Array.isArray(fields.availableActions) ? fields.availableActions : [];
    this.severity = fields.severity ?? 'error';
    this.dialect = fields.dialect ?? 'text';
    this.raw = fields.raw;
    if (typeof fields.reason === 'string') this.reason = fields.reason;
    if (typeof fields.retryable === 'boolean') this.retryable = fields.retryable;
    if (typeof fields.requestId === 'string') this.requestId = fields.requestId;
    if (isObject(fields.details)) this.details = fields.details;
    if (typeof fields.retryAfter === 'number') this.retryAfter = fields.retryAfter;
    if (Array.isArray(fields.fields)) {
      this.action = fields.action;
      this.fields = fields.fields;
      this.moreIssues = fields.moreIssues;
    }
  }

  /**
   * The error a result carries, or `null` for a success.
   * @param {unknown} result
   */
  static fromResult(result) {
    const parsed = parseToolError(result);
    if (parsed === null) return null;
    const error = builtUnrecorded(() => new McpEnvelopeClientError(parsed));
    if (typeof Error.captureStackTrace === 'function')
      Error.captureStackTrace(error, McpEnvelopeClientError.fromResult);
    return error;
  }
}

/**
 * Returns `result` when it is a success; throws its McpEnvelopeClientError otherwise.
 * @param {unknown} result
 */
export function throwIfToolError(result) {
  const parsed = parseToolError(result);
  if (parsed === null) return result;
  const error = builtUnrecorded(() => new McpEnvelopeClientError(parsed));
  if (typeof Error.captureStackTrace === 'function') Error.captureStackTrace(error, throwIfToolError);
  throw error;
}
