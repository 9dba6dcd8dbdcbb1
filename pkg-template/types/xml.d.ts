// Public types of the XML dialect (MCP Fusion) and of the client-side parser. No `any`.

import type {
  CanonicalToolErrorCodes,
  EnrichedValidationError,
  ErrorDialect,
  ParsedValidationField,
  ToolErrorSeverity,
} from '../wasm/mcp_envelope.js';

// Generated from their Rust declarations (src/wasm/types.rs, src/codes.rs).
export type { CanonicalToolErrorCodes, EnrichedValidationError, ErrorDialect, ParsedValidationField, ToolErrorSeverity };

// The response shapes are type aliases with an index signature, not interfaces, so that
// every response (and an ErrorBuilder) is assignable to the MCP SDK's CallToolResult in
// both `@modelcontextprotocol/sdk` 1.x and `@modelcontextprotocol/server` 2.x: that type
// has an index signature, which an interface or a class never satisfies.

/** One text block of an MCP tool result. */
export type TextContent = {
  type: 'text';
  text: string;
};

/** MCP's tool result as the XML dialect writes it: one text block. */
export type ToolResponse = {
  [key: string]: unknown;
  content: [TextContent];
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
};

/**
 * A response this package wrote: `isError` is always present (`false` only for the
 * `warning` severity). Most carry the non-enumerable brand
 * `Symbol.for('mcp-fusion.ToolResponse')`, which lets a thrown one pass through
 * {@link internalError} intact; routing errors do not.
 */
export type ToolErrorResponse = ToolResponse & {
  isError: boolean;
};

/** The canonical codes of MCP Fusion's `<tool_error code="…">`, in order (the core's list). */
export declare const TOOL_ERROR_CODES: CanonicalToolErrorCodes;

/** One of {@link TOOL_ERROR_CODES}. */
export type CanonicalToolErrorCode = (typeof TOOL_ERROR_CODES)[number];

/** Closed, then open: the canonical codes autocomplete, any other string is allowed. */
export type ToolErrorCode = CanonicalToolErrorCode | (string & {});

/**
 * A detail value, written as `String(value)`; a Date as its ISO text. (At run time
 * any other object is written as bounded JSON; user `toString` / `toJSON` never run.)
 */
export type DetailValue = string | number | boolean | bigint | Date | null | undefined;

export interface ToolErrorOptions {
  message: string;
  /** Written as `<recovery>` when non-empty. */
  suggestion?: string | undefined;
  availableActions?: readonly string[] | undefined;
  /** Written in `Object.keys` order (integer-like keys first). */
  details?: Readonly<Record<string, DetailValue>> | undefined;
  /** Seconds; written only when finite and positive. */
  retryAfter?: number | undefined;
  severity?: ToolErrorSeverity | undefined;
  /**
   * Mask secrets (URL passwords, `Bearer` tokens, provider keys, JWTs, `password=…`)
   * in the message, the suggestion and the detail values as `***`. Default `true`.
   */
  redactSecrets?: boolean | undefined;
}

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

/** Why a call could not be routed to an action. */
export type RoutingErrorKind = 'missing' | 'invalid' | 'unknown';

export interface RoutingErrorOptions {
  /** The discriminator field, e.g. `"action"`. */
  discriminator: string;
  actions: readonly string[];
  /**
   * What was sent in the discriminator field: for `invalid`, any value (its `typeof` is
   * reported); for `unknown`, the action name (echoed, cut at 200 units).
   */
  value?: unknown;
}

/**
 * The pipeline's `MISSING_DISCRIMINATOR`, `INVALID_DISCRIMINATOR` or `UNKNOWN_ACTION`
 * (available actions as one comma-joined line before the recovery). Not branded.
 */
export declare function routingError(kind: RoutingErrorKind, opts: RoutingErrorOptions): ToolErrorResponse;

export interface InternalErrorLocation {
  tool: string;
  action?: string | undefined;
  /** Mask secrets in the thrown message as `***` before it is cut (default `true`). */
  redactSecrets?: boolean | undefined;
  /**
   * Report a server-category throw (as `classify` finds it: InternalError,
   * UnknownError, DatabaseError, ConfigurationError, InitializationFailed,
   * SerializationError) with a fixed sentence instead of its message; client and
   * upstream throws keep theirs. Default `false`.
   */
  maskServerErrors?: boolean | undefined;
}

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
export declare function groupUnknownAction(group: string, action: string, actions: readonly string[]): ToolErrorResponse;

/** `createGroup`'s `INVALID_PARAMS` listing `path: message` per issue (100 at most, then a count). */
export declare function groupValidationError<I extends ZodIssueLike>(group: string, action: string, issues: readonly I[]): ToolErrorResponse;

/** A path segment as Standard Schema may give it: `{ key }` instead of the key itself. */
export interface IssuePathSegment {
  readonly key: PropertyKey;
}

/**
 * A validation issue: Zod 4's `$ZodIssue`, Zod 3's `ZodIssue`, a Standard Schema issue
 * (Valibot, ArkType, Effect …) or a hand-written object. Only these three fields are
 * named; every other field an issue carries (`expected`, `values`, `keys`, `origin` …)
 * is accepted as well, since the functions that take issues are generic over them.
 * Issues are read safely, never trusted.
 */
export interface ZodIssueLike {
  readonly code?: string | undefined;
  readonly path?: readonly (PropertyKey | IssuePathSegment)[] | undefined;
  readonly message?: string | undefined;
}

/**
 * `<validation_error action="…">` with one `<field>` per issue (`MESSAGE You sent: SENT.
 * SUGGESTION`), at most 100 then a `<more_issues>` count, and the fixed recovery line.
 * Accepts Zod 4 and Zod 3 issue shapes. `issues` and `sentArgs` are read once, as
 * bounded copies; a Proxy, a cycle or a BigInt never throws.
 * @throws TypeError when `issues` is not an array or `actionKey` not a string.
 */
export declare function formatValidationError<I extends ZodIssueLike>(
  issues: readonly I[],
  actionKey: string,
  sentArgs: unknown,
): string;

/** What {@link validationErrorResult} returns: always an error, never branded. */
export type ValidationErrorResponse = ToolResponse & {
  isError: true;
};

/**
 * {@link formatValidationError}'s text as a tool result, the one MCP Fusion's pipeline
 * returns for rejected arguments: `{ content: [{ type: 'text', text }], isError: true }`.
 * Like the reference's, it is not branded: thrown, it is not passed through by
 * {@link internalError} (return it instead).
 * @throws TypeError when `issues` is not an array or `actionKey` not a string.
 */
export declare function validationErrorResult<I extends ZodIssueLike>(
  issues: readonly I[],
  actionKey: string,
  sentArgs: unknown,
): ValidationErrorResponse;

export type DeltaSeverity = 'BREAKING' | 'RISKY' | 'SAFE' | 'COSMETIC';

/** One change of a tool's behavioural contract (MCP Fusion's `ContractDelta`). */
export interface ContractDelta {
  readonly category?: string | undefined;
  /** `actions.<key>…` scopes it to an action; anything else is tool-wide. */
  readonly field: string;
  readonly severity: DeltaSeverity;
  readonly description: string;
  readonly before?: string | null | undefined;
  readonly after?: string | null | undefined;
}

/** A tool's contract diff (MCP Fusion's `ContractDiffResult`); only `deltas` is read. */
export interface ContractDiffLike {
  readonly deltas: readonly ContractDelta[];
}

export interface EnrichOptions {
  /** Tool name → its contract diff. */
  activeDeltas: ReadonlyMap<string, ContractDiffLike>;
  /** Inject SAFE and COSMETIC changes too (default: BREAKING and RISKY only). */
  includeAllSeverities?: boolean | undefined;
  /** At most this many changes (default 5, never above 100; read as `slice(0, n)`). */
  maxDeltasPerError?: number | undefined;
}

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

/** A content block of any kind; only text blocks are read. */
export interface ContentBlockLike {
  readonly type: string;
  readonly text?: string | undefined;
}

/**
 * Any MCP `CallToolResult`: what `client.callTool()` returns in `@modelcontextprotocol/sdk`
 * 1.x (including its legacy `{ toolResult }` form, read as a success unless `isError`)
 * and in `@modelcontextprotocol/client` 2.x, a ToolResponse, or an ErrorBuilder.
 */
export interface ToolResultLike {
  readonly content?: readonly ContentBlockLike[] | undefined;
  readonly isError?: boolean | undefined;
  /** Read only when it is an object with an object `error` (the JSON-RPC dialect). */
  readonly structuredContent?: unknown;
  /** The SDK 1.x legacy result form's field; never read. */
  readonly toolResult?: unknown;
  readonly _meta?: unknown;
}

export interface ParsedToolError<R extends ToolResultLike = ToolResultLike> {
  /**
   * The XML dialect's string code (`UNKNOWN` when none; `VALIDATION_ERROR` for a
   * `<validation_error>`), or the JSON-RPC dialect's number.
   */
  code: string | number;
  /** For a `<validation_error>`, the whole text (as MCP Fusion's client gives it). */
  message: string;
  recovery: string | null;
  availableActions: string[];
  /** `error` when none is given. */
  severity: string;
  dialect: ErrorDialect;
  /** The result that was parsed, the caller's own object. */
  raw: R;
  /** `<validation_error>` only: its `action` attribute (`tool/action`); `''` when it has none. */
  action?: string;
  /** `<validation_error>` only: one entry per `<field>`, in order (at most 1,000 are read). */
  fields?: ParsedValidationField[];
  /** `<validation_error>` only: how many issues the server left out (`<more_issues count>`), else 0. */
  moreIssues?: number;
}

/**
 * Reads a tool error back: `null` unless `isError` is truthy. The JSON-RPC dialect is
 * read from `structuredContent.error` (`code`, `message`, `data.recovery.hint`); the
 * XML dialect from the text blocks joined with `\n`, entities decoded: a `<tool_error>`
 * field by field, a `<validation_error>` as code `VALIDATION_ERROR` with its
 * `<recovery>`, `action`, `fields` and `moreIssues` (MCP Fusion's own client reads it
 * as an `UNKNOWN` error with no recovery). Accepts what `client.callTool()` returns as is.
 * @throws TypeError when `result` is not an object.
 */
export declare function parseToolError<R extends ToolResultLike>(result: R): ParsedToolError<R> | null;

/** A tool error on the client, carrying what {@link parseToolError} read. */
export declare class McpEnvelopeClientError extends Error {
  readonly name: 'McpEnvelopeClientError';
  readonly code: string | number;
  readonly recovery: string | null;
  readonly availableActions: string[];
  readonly severity: string;
  readonly dialect: ErrorDialect;
  readonly raw: ToolResultLike;
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
