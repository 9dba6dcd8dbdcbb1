// Public types of mcp-envelope. Every export of the entries is declared here, with no
// `any`. The code enum and the data shapes that cross are generated from their Rust
// declarations (src/wasm/types.rs, src/codes.rs) into the glue's declarations by the
// build; this file imports them and keeps only what cannot be generated: the
// `McpError` class (a class with a static type guard), the factory type built on it,
// and the function signatures.

import { JsonRpcErrorCode } from './wasm/mcp_envelope.js';
import type { Classification, ClassifyOptions, McpErrorOptions, WasmSource } from './types/shapes.js';

export { JsonRpcErrorCode } from './wasm/mcp_envelope.js';
export type { ErrorCategory, JsonRpcErrorCodeName } from './wasm/mcp_envelope.js';
export type { Classification, ClassifyOptions, McpErrorOptions, WasmSource } from './types/shapes.js';

/** An error whose code reaches the client as is. */
export declare class McpError extends Error {
  readonly code: JsonRpcErrorCode;
  readonly data?: Record<string, unknown>;
  /** @throws TypeError when `code` is not a {@link JsonRpcErrorCode} value. */
  constructor(code: JsonRpcErrorCode, message?: string, data?: Record<string, unknown>, options?: McpErrorOptions);
  /** True for an McpError of this package; reads nothing from `value`, so a Proxy is safe. */
  static isMcpError(value: unknown): value is McpError;
}

/** Builds an {@link McpError} of one fixed code; the stack starts at the caller. */
export type McpErrorFactory = (message: string, data?: Record<string, unknown>, options?: McpErrorOptions) => McpError;

/** InvalidParams (-32602). */
export declare const invalidParams: McpErrorFactory;
/** InvalidRequest (-32600). */
export declare const invalidRequest: McpErrorFactory;
/** NotFound (-32001). */
export declare const notFound: McpErrorFactory;
/** Forbidden (-32005). */
export declare const forbidden: McpErrorFactory;
/** Unauthorized (-32006). */
export declare const unauthorized: McpErrorFactory;
/** ValidationError (-32007). */
export declare const validationError: McpErrorFactory;
/** Conflict (-32002). */
export declare const conflict: McpErrorFactory;
/** RateLimited (-32003). */
export declare const rateLimited: McpErrorFactory;
/** Timeout (-32004). */
export declare const timeout: McpErrorFactory;
/** ServiceUnavailable (-32000). */
export declare const serviceUnavailable: McpErrorFactory;
/** ConfigurationError (-32008). */
export declare const configurationError: McpErrorFactory;

/**
 * The code a thrown value gets. Never throws for any thrown value (Proxies, throwing
 * getters, BigInt, Symbol, null ...); throws TypeError only for malformed `options`.
 *
 * Beyond mcp-ts-core's ladder: the official MCP SDK's errors keep their code
 * (`McpError` 1.x, `ProtocolError` and `SdkError` 2.x, recognised by `name` and the
 * type of `code`; 1.x `RequestTimeout` -32001 and 2.x `REQUEST_TIMEOUT` are Timeout,
 * their connection-closed rejections RequestCancelled). A value the ladder would call
 * InternalError for want of anything better is classified by its Node/undici system
 * `code` (`ETIMEDOUT`, `UND_ERR_*_TIMEOUT` → Timeout; `ECONNREFUSED`, `ECONNRESET`,
 * `ENOTFOUND`, `EAI_AGAIN`, ... → ServiceUnavailable), then by its `cause` chain,
 * nearest first and at most five deep: `TypeError: fetch failed` caused by
 * `ECONNREFUSED` is ServiceUnavailable.
 */
export declare function classify(thrown: unknown, options?: ClassifyOptions): Classification;

/** The code for an upstream HTTP status; `undefined` below 300 and for NaN or ±Infinity. */
export declare function httpStatusToErrorCode(status: number): JsonRpcErrorCode | undefined;

/** A fresh request id, `XXXXX-XXXXX` over `A-Z0-9`, from `crypto.getRandomValues`, unbiased. */
export declare function requestId(): string;

/**
 * Browser entry: loads the WebAssembly module; call once before anything else (later
 * calls return the same promise). Node, Bun, Deno and workerd are ready on import, and
 * their `init()` resolves at once.
 */
export declare function init(source?: WasmSource): Promise<void>;

export * from './types/xml.js';
export * from './types/jsonrpc.js';
export * from './types/register.js';
export * from './types/upstream.js';
export * from './types/contract-lint.js';
export * from './types/prevalidate.js';
