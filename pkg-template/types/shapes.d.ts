// The shapes of the public API that only the JS layer reads or builds: options,
// results it assembles, what a handler or client hands it. Shapes the core itself decodes
// or returns are generated from its Rust types (the glue's declarations), with the code
// enum and its tables; this file imports those.

import type {
  ErrorCategory,
  ErrorContractEntry,
  ErrorDialect,
  JsonRpcErrorCode,
  JsonRpcErrorCodeName,
  LogRecord,
  PreValidationInput,
} from '../wasm/mcp_envelope.js';

/**
 * A JSON Schema object, as a tool publishes it in `inputSchema` (what
 * `z.toJSONSchema(schema)` returns). The formatter reads `properties`,
 * `additionalProperties`, `items`, `prefixItems`, `anyOf` / `oneOf` / `allOf` and
 * `$ref` / `$defs` to learn the keys a tool accepts; every other keyword is allowed
 * and ignored.
 */
export interface JsonSchemaObject {
  readonly type?: string | readonly string[] | undefined;
  /** `object` as well: the MCP SDK types a Tool's `inputSchema.properties` as `Record<string, object>`. */
  readonly properties?: { readonly [key: string]: JsonSchema | object } | undefined;
  readonly required?: readonly string[] | undefined;
  readonly additionalProperties?: JsonSchema | undefined;
  readonly items?: JsonSchema | readonly JsonSchema[] | undefined;
  readonly prefixItems?: readonly JsonSchema[] | undefined;
  readonly anyOf?: readonly JsonSchema[] | undefined;
  readonly oneOf?: readonly JsonSchema[] | undefined;
  readonly allOf?: readonly JsonSchema[] | undefined;
  readonly $ref?: string | undefined;
  readonly $defs?: { readonly [key: string]: JsonSchema } | undefined;
  readonly definitions?: { readonly [key: string]: JsonSchema } | undefined;
  readonly [keyword: string]: unknown;
}

/**
 * A JSON Schema: an object, or `true` / `false`.
 */
export type JsonSchema = boolean | JsonSchemaObject;

/**
 * A JSON value.
 */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/**
 * A Standard Schema (https://standardschema.dev): Zod 4, Zod 3.24+, Valibot, ArkType and
 * others. `Output` is what a successful parse returns.
 */
export interface StandardSchemaLike<Output = unknown> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => unknown;
    readonly types?: { readonly input: unknown; readonly output: Output } | undefined;
  };
}

/** A raw shape, as the SDK accepts for `inputSchema`: `{ city: z.string() }`. */
export type RawShapeLike = { readonly [key: string]: StandardSchemaLike };

/** A tool's `inputSchema`: a schema, or a raw shape of schemas. */
export type ToolInputSchema = StandardSchemaLike | RawShapeLike;

/**
 * A detail value, written as `String(value)`; a Date as its ISO text. (At run time
 * any other object is written as bounded JSON; user `toString` / `toJSON` never run.)
 */
export type DetailValue = string | number | boolean | bigint | Date | null | undefined;

/**
 * A tool's error contract. Declare it inline or `as const` so its reasons stay literal.
 */
export type ErrorContract = readonly ErrorContractEntry[];

/**
 * How much a contract change matters to a caller (MCP Fusion's `DeltaSeverity`).
 */
export type DeltaSeverity = 'BREAKING' | 'RISKY' | 'SAFE' | 'COSMETIC';

/**
 * One `<field>` of a `<validation_error>`: the issue's path and its whole line.
 */
export interface ParsedValidationField {
  /**
   * The path joined with `.` (`address.zip`, `items.0`), or `(root)`.
   */
  name: string;
  /**
   * `MESSAGE You sent: SENT.` and the suggestion, entities decoded.
   */
  message: string;
}

/**
 * The error `CallToolResult` of a tool call: `content[0].text` for the model (`Error:
 * MSG`, `Recovery: HINT`, `(reason R · retryable · request ID)`) and
 * `structuredContent.error` for the client. A type alias with an index signature, so
 * that it is assignable to the MCP SDK's `CallToolResult` (SDK 1.x and 2.x) as is.
 */
export type ToolErrorResult = {
  [key: string]: unknown;
  isError: true;
  content: [{ type: 'text'; text: string }];
  structuredContent: { error: ToolErrorPayload };
};

/** The error `CallToolResult` {@link errorResult} returns. */
export type CallToolResult = ToolErrorResult;

/**
 * The log levels below `error` a declared outcome may log at.
 */
export type ErrorContractSeverity = 'debug' | 'info' | 'notice' | 'warning';

/**
 * What `registerTool`'s `onError` receives: the failure's log record and the request id
 * the model saw (absent when the envelope carries none).
 */
export interface ToolFailureRecord extends LogRecord {
  requestId?: string;
}

/**
 * Pre-validation's switches (mcp-ts-core's `input` options and a tool's `inputAliases`).
 */
export interface PrevalidateOptions {
  /** Declared aliases, `{ alias: declaredKey }`: a root key `alias` is moved to `declaredKey` when that one is absent. */
  aliases?: { readonly [alias: string]: string } | undefined;
  /**
   * Root keys dropped whenever the tool does not declare them, beside the built-in
   * `_meta`, `tool_call_description` and `toolCallId`; `false` turns the drop off (an
   * undeclared `_`-prefixed key is then rejected by name too).
   */
  ignoreKeys?: readonly string[] | false | undefined;
  /** Repair values after a rejection (default `true`); `false` parses each order of the key stages as sent. */
  coerce?: boolean | undefined;
  /** Move `max_results` / `Max-Results` to a declared `maxResults` (default `true`). */
  caseStyleAliases?: boolean | undefined;
}

/**
 * What this package adds to the SDK's tool config.
 */
export interface RegisterToolOptions {
  /**
   * Pre-validation around the parse (see `prevalidate`): client-added keys dropped and
   * aliases moved before it, values repaired after a rejection; a rejection says what
   * was moved or dropped. Default: on in the `jsonrpc` dialect, off in `xml`; `false`
   * turns it off, an object sets its options.
   */
  prevalidate?: boolean | PrevalidateOptions | undefined;
  /**
   * The tool's error contract: a declared reason thrown with `fail()` and no recovery
   * of its own gets the entry's recovery on the wire. JSON-RPC dialect only.
   */
  errors?: ErrorContract | undefined;
  /**
   * How errors are written: `'jsonrpc'` (default; mcp-ts-core's envelope with
   * `structuredContent.error`) or `'xml'` (MCP Fusion's `<tool_error>` and
   * `<validation_error>` text).
   */
  dialect?: 'jsonrpc' | 'xml' | undefined;
  /**
   * Mask credentials and secret-shaped keys in every message on the wire (default `true`).
   */
  redactSecrets?: boolean | undefined;
  /**
   * Send a fixed sentence instead of the message of a server-category error
   * (InternalError, DatabaseError, ...); the raw text stays in your logs (default `false`).
   */
  maskServerErrors?: boolean | undefined;
  /**
   * Each failure's next step for the model where the thrown value gives none (see
   * `errorResult`'s `guidance`). Default `true`.
   */
  guidance?: boolean | undefined;
  /**
   * Called with every failure's log record (argument rejections, throws, masked errors,
   * results that are no tool result), `requestId` the id the model saw. Secrets in it
   * are masked unless `logRaw`; a hook that throws never breaks the call.
   */
  onError?: ((record: ToolFailureRecord) => void) | undefined;
  /**
   * Give `onError` the record's texts as thrown, secrets included (default `false`).
   */
  logRaw?: boolean | undefined;
  /**
   * The request id the envelope carries: a string or integer, `false` for none, or a
   * function of the SDK's request context (e.g. `(extra) => extra.requestId`) asked per
   * failure. Generated (`XXXXX-XXXXX`) when absent. Cut at 1,024 units with `…`.
   */
  requestId?: string | number | false | ((context: never) => string | number | false) | undefined;
}

/**
 * What {@link init} accepts in a browser: a URL, a fetch Response, the bytes or a compiled module.
 */
export type WasmSource = string | URL | Response | BufferSource | WebAssembly.Module;

/**
 * Why a call could not be routed to an action.
 */
export type RoutingErrorKind = 'missing' | 'invalid' | 'unknown';

/**
 * `structuredContent.error` of a tool error.
 */
export interface ToolErrorPayload {
  code: JsonRpcErrorCode;
  message: string;
  /**
   * The thrown McpError's data (a field the wire cannot carry is `"[Unreadable]"`), a
   * ZodError's bounded `issues`, and `requestId`; absent only when there is none of them.
   */
  data?: Record<string, unknown>;
}

/**
 * `warning` keeps `isError` false; any other severity (even a custom one) is an error.
 */
export type ToolErrorSeverity = 'error' | 'critical' | 'warning';

/**
 * `{ cause }`, as for `new Error(message, options)`.
 */
export interface McpErrorOptions {
  cause?: unknown;
}

/**
 * `{ recovery: { hint } }` for a declared reason; `{}` otherwise. Safe to spread into `data`.
 */
export type RecoveryFor = { recovery: { hint: string } } | Record<string, never>;

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
 * A Standard Schema issue as any validator writes it: Valibot's path items carry their
 * key as `unknown` (a Map's key may be anything).
 */
export interface StandardIssueLike {
  readonly message: string;
  readonly path?: readonly (PropertyKey | { readonly key: unknown })[] | undefined;
}

/** An Ajv error object (`validate.errors`). */
export interface AjvErrorLike {
  readonly instancePath: string;
  readonly keyword: string;
  readonly params?: object | undefined;
  readonly message?: string | undefined;
}

/** An @cfworker/json-schema output unit (`validator.validate(value).errors`). */
export interface JsonSchemaOutputUnitLike {
  readonly keyword: string;
  readonly keywordLocation: string;
  readonly instanceLocation: string;
  readonly error?: string | undefined;
}

/**
 * An issue of any validator the package reads: Zod 4 or Zod 3, Valibot, ArkType, Effect or
 * any Standard Schema validator, Ajv, @cfworker/json-schema. Each is read as its shape
 * says, safely, never trusted.
 */
export type IssueLike = ZodIssueLike | StandardIssueLike | AjvErrorLike | JsonSchemaOutputUnitLike;

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

/** What {@link validationErrorResult} returns: always an error, never branded. */
export type ValidationErrorResponse = ToolResponse & {
  isError: true;
};

/** `data` of an argument rejection. Every cut list, object or string has its uncut size beside it. */
export interface InvalidArgumentsData {
  readonly [field: string]: unknown;
  /**
   * Zod's issues as Zod wrote them, bounded: 10 per list, 30 through union branches,
   * 1,024 units per string; an issue that could not be read at all is `"[Unreadable]"`.
   */
  readonly issues: readonly (ZodIssueLike | '[Unreadable]')[];
  /** How many issues Zod raised at the top level, when `issues` keeps fewer. */
  readonly issuesCount?: number;
  readonly reason: 'invalid_arguments';
  /** Present only when pre-validation rewrote or dropped a key. */
  readonly input?: {
    readonly [field: string]: unknown;
    readonly aliased: readonly { readonly alias: string; readonly target: string; readonly [field: string]: unknown }[];
    readonly ignored: readonly string[];
  };
  readonly recovery: { readonly hint: string };
}

export interface Classification {
  code: JsonRpcErrorCode;
  name: JsonRpcErrorCodeName;
  category: ErrorCategory;
}

export interface ClassifyOptions {
  /**
   * The request's signal was aborted: the caller withdrew, whatever was thrown.
   */
  aborted?: boolean;
}

export interface EnrichOptions {
  /**
   * Tool name → its contract diff.
   */
  activeDeltas: ReadonlyMap<string, ContractDiffLike>;
  /**
   * Inject SAFE and COSMETIC changes too (default: BREAKING and RISKY only).
   */
  includeAllSeverities?: boolean | undefined;
  /**
   * At most this many changes (default 5, never above 100; read as `slice(0, n)`).
   */
  maxDeltasPerError?: number | undefined;
}

export interface EnrichedValidationError {
  xml: string;
  injected: boolean;
  /**
   * How many changes were injected.
   */
  deltaCount: number;
}

export interface ErrorResultOptions {
  /**
   * The call's request id, set as `data.requestId` (replacing one the thrown data
   * carries) and closing the term line. The MCP SDK's request id (`extra.requestId`,
   * `string | number`) fits as is: an integer is written as its decimal text (`42` →
   * `"42"`). Generated (`XXXXX-XXXXX`) when absent; `false` adds none, so a
   * `data.requestId` the thrown McpError carries goes out as thrown (a contract test's
   * envelope). A number that is not an integer is a TypeError.
   */
  requestId?: string | number | false | undefined;
  /**
   * The tool's error contract: a declared reason with no throw-site recovery gets the entry's.
   */
  contract?: ErrorContract | undefined;
  /**
   * The request's signal was aborted: RequestCancelled whatever was thrown, and no recovery fill.
   */
  aborted?: boolean | undefined;
  /**
   * Mask secrets as `***` in the message and every string of `data` (URL passwords,
   * `Bearer` / `Basic` tokens, OpenAI, Stripe, GitHub, Slack and AWS keys, JWTs,
   * `password=…` / `token=…` values, fields named like `password` or `apiKey`).
   * Default `true`.
   */
  redactSecrets?: boolean | undefined;
  /**
   * Send a server-category error (InternalError, UnknownError, DatabaseError,
   * ConfigurationError, InitializationFailed, SerializationError) with a fixed sentence
   * telling the model to retry once and then report it; its data keeps only `reason`,
   * `retryable`, `recovery` and `requestId`. Default `false`.
   */
  maskServerErrors?: boolean | undefined;
  /**
   * Add the code's next step where the thrown value gives none: a `Recovery:` sentence
   * (`data.recovery.hint`) and `data.retryable` (ServiceUnavailable, Timeout and
   * RateLimited retryable, naming `data.retryAfter` when known; Unauthorized, Forbidden,
   * NotFound and argument errors not; InternalError nothing), and a plain throw's
   * message names its nearest cause (`fetch failed: connect ECONNREFUSED …`). Default
   * `false` here (mcp-ts-core's bytes); `registerTool` turns it on.
   */
  guidance?: boolean | undefined;
}

export interface FormatValidationOptions {
  /**
   * The tool's name, as the message names it.
   */
  tool: string;
  /**
   * The arguments the failed parse saw (after any repair that held). Read only for
   * whether a value is present at an issue's path and its JSON type; no value the
   * caller sent reaches the result.
   */
  args: unknown;
  /**
   * The tool's `inputSchema`: where accepted keys and expected types come from.
   */
  schema?: JsonSchema | undefined;
  /**
   * What pre-validation changed, when it changed something.
   */
  input?: PreValidationInput | undefined;
}

export interface InternalErrorLocation {
  tool: string;
  action?: string | undefined;
  /**
   * Mask secrets in the thrown message as `***` before it is cut (default `true`).
   */
  redactSecrets?: boolean | undefined;
  /**
   * Report a server-category throw (as `classify` finds it: InternalError,
   * UnknownError, DatabaseError, ConfigurationError, InitializationFailed,
   * SerializationError) with a fixed sentence instead of its message; client and
   * upstream throws keep theirs. Default `false`.
   */
  maskServerErrors?: boolean | undefined;
}

export interface LogRecordOptions {
  /**
   * The tool's name.
   */
  tool: string;
  /**
   * The tool's error contract: a declared reason logs at its entry's `severity`.
   */
  contract?: ErrorContract | undefined;
  /**
   * The request's signal was aborted: RequestCancelled, logged at `info`.
   */
  aborted?: boolean | undefined;
  /**
   * Where it failed (`validation`, `handler`, …), copied to the record.
   */
  phase?: string | undefined;
  /**
   * Keep every text as thrown. Default `false`: secrets (URL passwords, `Bearer`
   * tokens, provider keys, JWTs, `password=…`) are masked as `***` in every field.
   */
  raw?: boolean | undefined;
  /**
   * The failure is your auth check refusing a missing scope: routine caller traffic,
   * logged at `notice` with no stack (a handler's own `forbidden()` keeps `error`).
   */
  scopeRefusal?: boolean | undefined;
}

/**
 * A record's `data`: the thrown McpError's own data fields (an unreadable one
 * `'[Unreadable]'`), then the thrown value's name and message.
 */
export interface LogRecordData {
  [field: string]: unknown;
  originalErrorName: string;
  originalMessage: string;
}

export interface TryCatchOptions {
  /**
   * What is being done, as the record's log line names it: `Error in <operation>: …`.
   */
  operation: string;
  /**
   * The code of the rethrown McpError for anything but an McpError (which keeps its
   * own). Default: the code `classify` finds (InternalError when nothing matches).
   */
  errorCode?: JsonRpcErrorCode | undefined;
  /**
   * Makes the error to throw from the caught value instead of the McpError.
   */
  errorMapper?: ((caught: unknown) => unknown) | undefined;
  /**
   * Gets the failure's record before the error is thrown; what it throws is ignored.
   */
  onError?: ((record: LogRecord) => unknown) | undefined;
  /**
   * Keep the record's texts as thrown (no masking). Default `false`.
   */
  raw?: boolean | undefined;
}

export interface ParsedToolError<R extends ToolResultLike = ToolResultLike> {
  /**
   * The XML dialect's string code (`UNKNOWN` when none; `VALIDATION_ERROR` for a
   * `<validation_error>`), the JSON-RPC dialect's number, or `null` when the result
   * names none (plain text, or the JSON-RPC text form without `structuredContent`).
   * The SDK's own texts read as -32602: `MCP error -32602: …`, `Input validation
   * error: …`, `Output validation error: …`.
   */
  code: string | number | null;
  /**
   * For a `<validation_error>`, the whole text (as MCP Fusion's client gives it); for
   * plain text, the text (without v1's `MCP error <code>: ` prefix). At most 131,072
   * UTF-16 units; a cut message ends with `…`.
   */
  message: string;
  recovery: string | null;
  availableActions: string[];
  /**
   * `error` when none is given.
   */
  severity: string;
  dialect: ErrorDialect;
  /**
   * The result that was parsed, the caller's own object.
   */
  raw: R;
  /**
   * JSON-RPC dialect, when given: `data.reason`, or the text's `(reason …)` term (at
   * most 1,024 UTF-16 units; a cut one ends with `…`).
   */
  reason?: string;
  /**
   * JSON-RPC dialect, when given: `data.retryable`, or the text's `retryable` /
   * `not retryable` term.
   */
  retryable?: boolean;
  /**
   * JSON-RPC dialect, when given: `data.requestId`, or the text's `(request …)` term
   * (at most 1,024 UTF-16 units; a cut one ends with `…`).
   */
  requestId?: string;
  /**
   * `<tool_error>` only, when it has `<details>`: each `<detail key>` and its value,
   * entities decoded (at most 1,000 are read).
   */
  details?: Record<string, string>;
  /**
   * `<tool_error>` only, when it has `<retry_after>N seconds</retry_after>` with a
   * finite N: the seconds to wait before retrying.
   */
  retryAfter?: number;
  /**
   * `<validation_error>` only: its `action` attribute (`tool/action`); `''` when it has none.
   */
  action?: string;
  /**
   * `<validation_error>` only: one entry per `<field>`, in order (at most 1,000 are read).
   */
  fields?: ParsedValidationField[];
  /**
   * `<validation_error>` only: how many issues the server left out (`<more_issues count>`), else 0.
   */
  moreIssues?: number;
}

export interface RoutingErrorOptions {
  /**
   * The discriminator field, e.g. `"action"`.
   */
  discriminator: string;
  actions: readonly string[];
  /**
   * What was sent in the discriminator field: for `invalid`, any value (its `typeof` is
   * reported); for `unknown`, the action name (echoed, cut at 200 units).
   */
  value?: unknown;
}

export interface ToolErrorOptions {
  message: string;
  /**
   * Written as `<recovery>` when non-empty.
   */
  suggestion?: string | undefined;
  availableActions?: readonly string[] | undefined;
  /**
   * Written in `Object.keys` order (integer-like keys first).
   */
  details?: Readonly<Record<string, DetailValue>> | undefined;
  /**
   * Seconds; written only when finite and positive.
   */
  retryAfter?: number | undefined;
  severity?: ToolErrorSeverity | undefined;
  /**
   * Mask secrets (URL passwords, `Bearer` tokens, provider keys, JWTs, `password=…`)
   * in the message, the suggestion and the detail values as `***`. Default `true`.
   */
  redactSecrets?: boolean | undefined;
}

/** A log level of {@link LogRecord}: an entry's severity, or `error`. */
export type LogRecordLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error';
