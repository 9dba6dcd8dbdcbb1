// Public types of the JSON-RPC dialect (mcp-ts-core): argument rejections, the tool
// error envelope and error contracts. No `any`, no dependency on zod's types: issues
// and schemas are described structurally, so Zod 4, Zod 3 and hand-written values fit.
//
// Every data shape (options, results, issues, contracts) is generated from its Rust
// declaration (src/wasm/types.rs) into the glue's declarations and re-exported here.
// What stays is what cannot be generated: the function signatures (generic over the
// issues and the contract's literal reasons), `ContractReason` (a type computed from a
// contract), and `InvalidArgumentsError` (it narrows the hand-written `McpError` class).

import type { JsonRpcErrorCode, McpError } from '../index.js';
import type { LogRecord } from '../wasm/mcp_envelope.js';
import type {
  ErrorContract,
  ErrorResultOptions,
  FormatValidationOptions,
  InvalidArgumentsData,
  LogRecordOptions,
  RecoveryFor,
  ToolErrorResult,
  TryCatchOptions,
  IssueLike,
} from './shapes.js';

export type {
  AliasCollision,
  ErrorContractEntry,
  KeyAlias,
  LogCauseNode,
  LogRecord,
  LogRootCause,
  PreValidationInput,
} from '../wasm/mcp_envelope.js';
export type {
  CallToolResult,
  ErrorContract,
  ErrorContractSeverity,
  ErrorResultOptions,
  FormatValidationOptions,
  InvalidArgumentsData,
  JsonSchema,
  JsonSchemaObject,
  JsonValue,
  LogRecordData,
  LogRecordLevel,
  LogRecordOptions,
  RecoveryFor,
  ToolErrorPayload,
  ToolErrorResult,
  TryCatchOptions,
  AjvErrorLike,
  IssueLike,
  JsonSchemaOutputUnitLike,
  StandardIssueLike,
  ZodIssueLike,
} from './shapes.js';

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
export declare function formatValidation<I extends IssueLike>(
  issues: readonly I[],
  options: FormatValidationOptions,
): InvalidArgumentsError;

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

/**
 * `ctx.recoveryFor(reason)`: the entry's recovery, ready to spread into a throw site's
 * `data` (`fail(c, 'a', msg, recoveryFor(c, 'b'))` sends another entry's guidance).
 * @throws TypeError when `reason` is not a string.
 */
export declare function recoveryFor<const C extends ErrorContract>(contract: C, reason: ContractReason<C>): RecoveryFor;

/**
 * The error result for anything a handler threw. An McpError keeps its code, message
 * and data (never its stack, cause or anything else); a ZodError becomes
 * ValidationError with its bounded issues; anything else is classified (see
 * `classify`) and carries only `{ requestId }`. Never throws for any `thrown` —
 * revoked Proxies, throwing getters, cycles, BigInts and lone surrogates included.
 * @throws TypeError when an option has the wrong type.
 */
export declare function errorResult(thrown: unknown, options?: ErrorResultOptions): ToolErrorResult;

/**
 * The record a server logs for a failed tool call, as mcp-ts-core writes its
 * `Error in tool:<name>: …` record. `level` is the contract entry's `severity` for the
 * thrown `data.reason`; `notice` for the framework's own refusals (`invalid_arguments`,
 * `client_capability_missing`); `info` for a cancelled call; `error` otherwise, whatever
 * the category. It carries the log line, the recovery hint, the data, the stack and the
 * cause chain (none for a cancelled call or a refusal), every text masked unless `raw`.
 * For the server's logs only. Never throws for any `thrown`.
 * @throws TypeError when `tool` is not a string or an option has the wrong type.
 */
export declare function logRecord(thrown: unknown, options: LogRecordOptions): LogRecord;

/**
 * Runs `fn` (sync or async) and resolves to what it returns. When it throws or rejects,
 * `onError` gets the failure's record and the promise rejects with an McpError: an
 * McpError keeps its code, anything else gets `errorCode` (else its classified code);
 * its message is the caught one's, its data the caught McpError's own fields with
 * `originalErrorName` and `originalMessage`, its `cause` the caught value and its stack
 * the caught one's. With `errorMapper`, what it returns is thrown instead. Never
 * swallows a failure, and never throws anything else for any caught value.
 * @throws TypeError (as a rejection) when `fn` is not a function or an option has the wrong type.
 */
export declare function tryCatch<T>(fn: () => T | PromiseLike<T>, options: TryCatchOptions): Promise<Awaited<T>>;
