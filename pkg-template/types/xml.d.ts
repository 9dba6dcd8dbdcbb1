// Public types of the XML dialect (MCP Fusion) and of the client-side parser. No `any`.
//
// Every data shape (options, responses, issues, contract deltas, parsed results) is
// generated from its Rust declaration (src/wasm/types.rs, src/codes.rs) into the glue's
// declarations and re-exported here. The responses are type aliases with an index
// signature, not interfaces, so that every response (and an ErrorBuilder) is assignable
// to the MCP SDK's CallToolResult in both `@modelcontextprotocol/sdk` 1.x and
// `@modelcontextprotocol/server` 2.x. What stays is what cannot be generated: the
// function signatures (generic over the issues and the parsed result), the code types
// computed from the `TOOL_ERROR_CODES` value, `ErrorBuilder` (an object type of methods
// paired with its constructor value) and the `McpEnvelopeClientError` class.

import type { CanonicalToolErrorCodes, ErrorDialect } from '../wasm/mcp_envelope.js';
import type {
  ContractDelta,
  DetailValue,
  EnrichedValidationError,
  EnrichOptions,
  InternalErrorLocation,
  ParsedToolError,
  ParsedValidationField,
  RoutingErrorKind,
  RoutingErrorOptions,
  TextContent,
  ToolErrorOptions,
  ToolErrorResponse,
  ToolErrorSeverity,
  ToolResultLike,
  ValidationErrorResponse,
  IssueLike,
} from './shapes.js';

export type { CanonicalToolErrorCodes, ErrorDialect } from '../wasm/mcp_envelope.js';
export type {
  ContentBlockLike,
  ContractDelta,
  ContractDiffLike,
  DeltaSeverity,
  DetailValue,
  EnrichedValidationError,
  EnrichOptions,
  InternalErrorLocation,
  IssuePathSegment,
  ParsedToolError,
  ParsedValidationField,
  RoutingErrorKind,
  RoutingErrorOptions,
  TextContent,
  ToolErrorOptions,
  ToolErrorResponse,
  ToolErrorSeverity,
  ToolResponse,
  ToolResultLike,
  ValidationErrorResponse,
  AjvErrorLike,
  IssueLike,
  JsonSchemaOutputUnitLike,
  StandardIssueLike,
  ZodIssueLike,
} from './shapes.js';

/** The canonical codes of MCP Fusion's `<tool_error code="…">`, in order (the core's list). */
export declare const TOOL_ERROR_CODES: CanonicalToolErrorCodes;

/** One of {@link TOOL_ERROR_CODES}. */
export type CanonicalToolErrorCode = (typeof TOOL_ERROR_CODES)[number];

/** Closed, then open: the canonical codes autocomplete, any other string is allowed. */
export type ToolErrorCode = CanonicalToolErrorCode | (string & {});

/**
 * `<tool_error code="…" severity="…">` with message, recovery, available actions,
 * details and retry-after, each only when present. Element content escapes `&` and
 * `<`; attributes escape `& < > " '`. Characters XML 1.0 forbids are written as
 * `&#x24NN;` stand-ins that {@link parseToolError} reads back exactly; lone
 * surrogates become U+FFFD (as `String.prototype.toWellFormed` does).
 * @throws TypeError when `code` or `opts.message` is not a string, or an option has the wrong type.
 */
export declare function toolError(code: ToolErrorCode, opts: ToolErrorOptions): ToolErrorResponse;

/** `<tool_error [code="…"]>` with only a message and no severity attribute. */
export declare function error(message: string, code?: ToolErrorCode): ToolErrorResponse;

/** `MISSING_REQUIRED_FIELD`: `Required field "F" is missing.`, recovery `Provide the "F" parameter and retry.` */
export declare function required(field: string): ToolErrorResponse;

/**
 * The fluent form of {@link toolError} (`f.error(code, message)`). A builder is itself
 * a ToolResponse: `content` and `isError` are own enumerable getters that write the
 * envelope once, on first access, and cache it until the next change, so a handler can
 * `return` (or `throw`) a builder as is, and `JSON.stringify(builder)` is the response.
 *
 * Declared as an object type (not a class) so that a builder is assignable to the MCP
 * SDK's CallToolResult while a misspelt method (`.sugest()`) is still a type error.
 */
export type ErrorBuilder = {
  readonly content: [TextContent];
  readonly isError: boolean;
  /** Sets the recovery suggestion (the last call wins). */
  suggest(suggestion: string): ErrorBuilder;
  /** Appends actions; successive calls accumulate. */
  actions(...names: string[]): ErrorBuilder;
  severity(level: ToolErrorSeverity): ErrorBuilder;
  critical(): ErrorBuilder;
  warning(): ErrorBuilder;
  /** Merges entries as `{ ...old, ...new }` would; values are stringified at once. */
  details(details: Readonly<Record<string, DetailValue>>): ErrorBuilder;
  retryAfter(seconds: number): ErrorBuilder;
  /** Whether secrets in the message, suggestion and details are masked as `***` (default `true`). */
  redactSecrets(enabled?: boolean): ErrorBuilder;
  /** A plain, branded copy of the response. */
  build(): ToolErrorResponse;
};

/** `new ErrorBuilder(code, message)`; `instanceof ErrorBuilder` holds for every builder. */
export declare const ErrorBuilder: {
  new (code: ToolErrorCode, message: string): ErrorBuilder;
  readonly prototype: ErrorBuilder;
};

/** `new ErrorBuilder(code, message)`. */
export declare function errorBuilder(code: ToolErrorCode, message: string): ErrorBuilder;

/**
 * The pipeline's `MISSING_DISCRIMINATOR`, `INVALID_DISCRIMINATOR` or `UNKNOWN_ACTION`
 * (available actions as one comma-joined line before the recovery). Not branded.
 */
export declare function routingError(kind: RoutingErrorKind, opts: RoutingErrorOptions): ToolErrorResponse;

/**
 * What a handler's throw becomes. A branded response (one this package wrote, or an
 * {@link ErrorBuilder}) is returned as is; anything else becomes `INTERNAL_ERROR`,
 * message `[tool/action] message` (`[tool] message` without an action; long messages
 * cut at 4,096 units), with the fixed retry recovery. Never throws for any `thrown`.
 *
 * The message is MCP Fusion's: an `Error`'s `message` (`''` stays empty), anything
 * else as `String(thrown)` (`[object Object]`, `1,2` for `[1, 2]`, `null`). A
 * conversion the value defines itself runs once; one that throws, or a value `String`
 * cannot convert, gives `[Unreadable]`; arrays are joined only up to 16,384 units; a
 * thrown `ZodError` is written as `ZodError` (its message, the JSON of every issue,
 * is never built).
 */
export declare function internalError(thrown: unknown, where: InternalErrorLocation): ToolErrorResponse;

/** `createGroup`'s `INVALID_PARAMS` for an action the group does not have. */
export declare function groupUnknownAction(
  group: string,
  action: string,
  actions: readonly string[],
): ToolErrorResponse;

/** `createGroup`'s `INVALID_PARAMS` listing `path: message` per issue (100 at most, then a count). */
export declare function groupValidationError<I extends IssueLike>(
  group: string,
  action: string,
  issues: readonly I[],
): ToolErrorResponse;

/**
 * `<validation_error action="…">` with one `<field>` per issue (`MESSAGE You sent: SENT.
 * SUGGESTION`), at most 100 then a `<more_issues>` count, and the fixed recovery line.
 * Accepts Zod 4 and Zod 3 issue shapes. `issues` and `sentArgs` are read once, as
 * bounded copies; a Proxy, a cycle or a BigInt never throws.
 * @throws TypeError when `issues` is not an array or `actionKey` not a string.
 */
export declare function formatValidationError<I extends IssueLike>(
  issues: readonly I[],
  actionKey: string,
  sentArgs: unknown,
): string;

/**
 * {@link formatValidationError}'s text as a tool result, the one MCP Fusion's pipeline
 * returns for rejected arguments: `{ content: [{ type: 'text', text }], isError: true }`.
 * Like the reference's, it is not branded: thrown, it is not passed through by
 * {@link internalError} (return it instead).
 * @throws TypeError when `issues` is not an array or `actionKey` not a string.
 */
export declare function validationErrorResult<I extends IssueLike>(
  issues: readonly I[],
  actionKey: string,
  sentArgs: unknown,
): ValidationErrorResponse;

/**
 * Adds `<contract_awareness>` (the tool's changes scoped to `actionKey`) before the
 * last `</validation_error>`; with nothing relevant, `xml` comes back unchanged.
 */
export declare function enrichValidationError(
  xml: string,
  toolName: string,
  actionKey: string,
  options: EnrichOptions,
): EnrichedValidationError;

/** `<contract_changes>` with one `<change>` per delta; `""` for none. */
export declare function formatDeltasAsXml(deltas: readonly ContractDelta[]): string;

// ---------------------------------------------------------------------------------
// Client side

/**
 * Reads a tool error back: `null` unless `isError` is truthy. Reads what the client
 * actually got: `structuredContent.error` when it is an object (`dialect: 'jsonrpc'`:
 * `code`, `message`, `data.recovery.hint`, `reason`, `retryable`, `requestId`); else
 * the text blocks joined with `\n` — mcp-ts-core's text form (`Error: …`, `Recovery:
 * …`, `(reason … · retryable · request …)`; `'jsonrpc'`), MCP Fusion's XML (`'xml'`,
 * entities decoded: a `<tool_error>` field by field, with `details` and `retryAfter`
 * when it has them; a `<validation_error>` as code `VALIDATION_ERROR` with its
 * `<recovery>`, `action`, `fields` and `moreIssues`), or plain text (`'text'`, code
 * `null`, or -32602 for the SDK's own `MCP error -32602: …`, `Input validation error:
 * …` and `Output validation error: …`). Reads at most 1,048,576 UTF-16 units of text;
 * a message cut there or at its own cap ends with `…`. Never throws for a result it
 * cannot read (Proxies, throwing getters): what it cannot read counts as absent.
 * Accepts what `client.callTool()` returns as is.
 * @throws TypeError when `result` is not an object.
 */
export declare function parseToolError<R extends ToolResultLike>(result: R): ParsedToolError<R> | null;

/** A tool error on the client, carrying what {@link parseToolError} read. */
export declare class McpEnvelopeClientError extends Error {
  readonly name: 'McpEnvelopeClientError';
  readonly code: string | number | null;
  readonly recovery: string | null;
  readonly availableActions: string[];
  readonly severity: string;
  readonly dialect: ErrorDialect;
  readonly raw: ToolResultLike;
  /** Set when the JSON-RPC error gives them, as in {@link ParsedToolError}. */
  readonly reason?: string;
  readonly retryable?: boolean;
  readonly requestId?: string;
  /** Set for a `<tool_error>` with `<details>`, as in {@link ParsedToolError}. */
  readonly details?: Record<string, string>;
  /** Set for a `<tool_error>` with `<retry_after>`, as in {@link ParsedToolError}. */
  readonly retryAfter?: number;
  /** Set for a `<validation_error>`, as in {@link ParsedToolError}. */
  readonly action?: string;
  readonly fields?: readonly ParsedValidationField[];
  readonly moreIssues?: number;
  constructor(parsed: ParsedToolError, options?: { cause?: unknown });
  /** The error a result carries, or `null` for a success. */
  static fromResult(result: ToolResultLike): McpEnvelopeClientError | null;
}

/** Returns `result` unchanged when it is a success; throws its {@link McpEnvelopeClientError} otherwise. */
export declare function throwIfToolError<R extends ToolResultLike>(result: R): R;
