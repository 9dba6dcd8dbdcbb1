// The client side, for both dialects: read a tool error back out of a CallToolResult
// (the XML <tool_error> text, or the JSON-RPC dialect's structuredContent.error), and
// an Error subclass to throw it as. The result crosses into wasm once, as a bounded
// plain copy; the caller's own object is returned as `raw`.

import { plainJson } from './copy.js';
import { engine } from './engine.js';

/**
 * Bounds of the copy of a result: plainCopy's, except that a text block may be up to
 * 16 Mi UTF-16 units, so that any real envelope is read back whole.
 */
const RESULT_LIMITS = Object.freeze({ depth: 16, entries: 1000, stringUnits: 1 << 24, nodes: 50000 });

function describe(value) {
  if (value === null) return 'null';
  return typeof value === 'undefined' ? 'undefined' : `a ${typeof value}`;
}

export function parseToolError(result) {
  if (typeof result !== 'object' || result === null) {
    throw new TypeError(`mcp-envelope: parseToolError: \`result\` must be an object (a CallToolResult), got ${describe(result)}`);
  }
  const out = engine().xmlParseToolError(plainJson(result, RESULT_LIMITS));
  if (out === '') return null;
  const parsed = JSON.parse(out);
  return {
    code: parsed.code,
    message: parsed.message,
    recovery: parsed.recovery,
    availableActions: parsed.availableActions,
    severity: parsed.severity,
    dialect: parsed.dialect,
    raw: result,
  };
}

export class McpEnvelopeClientError extends Error {
  constructor(parsed, options) {
    if (typeof parsed !== 'object' || parsed === null || typeof parsed.message !== 'string') {
      throw new TypeError(
        `mcp-envelope: McpEnvelopeClientError: \`parsed\` must be what parseToolError returns, got ${describe(parsed)}`,
      );
    }
    super(parsed.message, options);
    this.name = 'McpEnvelopeClientError';
    this.code = parsed.code;
    this.recovery = parsed.recovery ?? null;
    this.availableActions = Array.isArray(parsed.availableActions) ? parsed.availableActions : [];
    this.severity = parsed.severity ?? 'error';
    this.dialect = parsed.dialect ?? 'xml';
    this.raw = parsed.raw;
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
