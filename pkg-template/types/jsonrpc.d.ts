// Public types of the JSON-RPC dialect (mcp-ts-core): argument rejections, the tool
// error envelope and error contracts. No `any`, no dependency on zod's types: issues
// and schemas are described structurally, so Zod 4, Zod 3 and hand-written values fit.

import type { ErrorCategory, JsonRpcErrorCode, JsonRpcErrorCodeName, McpError } from '../index.js';
import type { ZodIssueLike } from './xml.js';
import type {
  AliasCollision,
  ErrorContractEntry,
  ErrorContractSeverity,
  KeyAlias,
  LogRecord,
  LogRecordLevel,
  ToolErrorPayload,
} from '../wasm/mcp_envelope.js';

// Generated from their Rust declarations (src/wasm/types.rs).
export type { AliasCollision, ErrorContractEntry, ErrorContractSeverity, KeyAlias, LogRecord, LogRecordLevel, ToolErrorPayload };

/**
 * A Zod 4 (`$ZodIssue`), Zod 3 (`ZodIssue`) or Standard Schema issue, described
 * structurally (the XML dialect reads the same shape). `formatValidation` reads `code`,
 * `path`, `message` and the fields its code carries (`expected`, `values`, `keys`,
 * `errors` / `unionErrors`, `origin` …); anything else rides along in `data.issues`,
 * bounded.
 */
export type { ZodIssueLike };

/** A JSON value. */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

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

/** A JSON Schema: an object, or `true` / `false`. */
export type JsonSchema = boolean | JsonSchemaObject;

/**
 * What pre-validation changed before the parse that failed. `aliased` and `ignored`
 * (the undeclared underscore-prefixed keys the drop discarded, never `_meta` and the
 * other ignore-list drops) go out as `data.input`, keys only; `collisions` is named in
 * the hint only.
 */
export interface PreValidationInput {
  aliased: readonly KeyAlias[];
  ignored: readonly string[];
  collisions?: readonly AliasCollision[] | undefined;
}

export interface FormatValidationOptions {
  /** The tool's name, as the message names it. */
  tool: string;
  /**
   * The arguments the failed parse saw (after any repair that held). Read only for
   * whether a value is present at an issue's path and its JSON type; no value the
   * caller sent reaches the result.
   */
  args: unknown;
  /** The tool's `inputSchema`: where accepted keys and expected types come from. */
  schema?: JsonSchema | undefined;
  /** What pre-validation changed, when it changed something. */
  input?: PreValidationInput | undefined;
}

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

/** The `-32602` McpError of an argument rejection. */
export interface InvalidArgumentsError extends McpError {
  readonly code: JsonRpcErrorCode.InvalidParams;
  readonly data: InvalidArgumentsData;
}

/**
 * The McpError for a failed argument parse: code `-32602`, message
 * `Input validation error: Invalid arguments for tool NAME: ` and the issue lines (the
 * first 10, each cut at 1,024 units, then ` (+N more)`), `data.reason`
 * `invalid_arguments` and a `data.recovery.hint` naming what to send instead. Throw it,
 * or pass it to {@link errorResult}. A million issues cost what ten do; Proxies,
 * throwing getters, cycles and BigInts in `issues` or `args` never throw.
 * @throws TypeError when `issues` is not an array, `options` not an object or `tool` not a string.
 */
export declare function formatValidation<I extends ZodIssueLike>(
  issues: readonly I[],
  options: FormatValidationOptions,
): InvalidArgumentsError;

/** A tool's error contract. Declare it inline or `as const` so its reasons stay literal. */
export type ErrorContract = readonly ErrorContractEntry[];

/** The reasons a contract declares (`string` when the contract is not `as const`). */
export type ContractReason<C extends ErrorContract> = C[number]['reason'];

/**
 * `ctx.fail(reason, message?, data?)`: the McpError for a declared failure. Its code is
 * the entry's; its message the one given or else the entry's `when`; its data the
 * entry's `retryable` (when declared), then `data`'s own fields exactly as given, then
 * `reason`. An undeclared reason is a TypeScript error; at run time it gives an
 * InternalError naming the declared reasons. The contract's recovery is not copied onto
 * the error: {@link errorResult} fills it on the wire unless `data.recovery` is set.
 * @throws TypeError when `reason` or `message` is not a string, or `data` not an object.
 */
export declare function fail<const C extends ErrorContract>(
  contract: C,
  reason: ContractReason<C>,
  message?: string,
  data?: Readonly<Record<string, unknown>>,
): McpError;

/** `{ recovery: { hint } }` for a declared reason; `{}` otherwise. Safe to spread into `data`. */
export type RecoveryFor = { recovery: { hint: string } } | Record<string, never>;

/**
 * `ctx.recoveryFor(reason)`: the entry's recovery, ready to spread into a throw site's
 * `data` (`fail(c, 'a', msg, recoveryFor(c, 'b'))` sends another entry's guidance).
 * @throws TypeError when `reason` is not a string.
 */
export declare function recoveryFor<const C extends ErrorContract>(contract: C, reason: ContractReason<C>): RecoveryFor;

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
  /** The tool's error contract: a declared reason with no throw-site recovery gets the entry's. */
  contract?: ErrorContract | undefined;
  /** The request's signal was aborted: RequestCancelled whatever was thrown, and no recovery fill. */
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
}

/**
 * The error result for anything a handler threw. An McpError keeps its code, message
 * and data (never its stack, cause or anything else); a ZodError becomes
 * ValidationError with its bounded issues; anything else is classified (see
 * `classify`) and carries only `{ requestId }`. Never throws for any `thrown` —
 * revoked Proxies, throwing getters, cycles, BigInts and lone surrogates included.
 * @throws TypeError when an option has the wrong type.
 */
export declare function errorResult(thrown: unknown, options?: ErrorResultOptions): ToolErrorResult;

export interface LogRecordOptions {
  /** The tool's name. */
  tool: string;
  /** The tool's error contract: a declared reason logs at its entry's `severity`. */
  contract?: ErrorContract | undefined;
  /** The request's signal was aborted: RequestCancelled, logged at `info`. */
  aborted?: boolean | undefined;
  /** Where it failed (`validation`, `handler`, …), copied to the record. */
  phase?: string | undefined;
}

/**
 * The record a server logs for a failed tool call. `level` is the contract entry's
 * `severity` for the thrown `data.reason`; `notice` for the framework's own refusals
 * (`invalid_arguments`, `client_capability_missing`); `info` for a cancelled call;
 * `error` otherwise, whatever the category, as mcp-ts-core logs them. `message` is the
 * raw text (a ZodError's first issue line and its count), for the server's logs only.
 * Never throws for any `thrown`.
 * @throws TypeError when `tool` is not a string or an option has the wrong type.
 */
export declare function logRecord(thrown: unknown, options: LogRecordOptions): LogRecord;
