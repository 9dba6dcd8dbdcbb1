// Public types of checkContract (the structural rules of mcp-ts-core's definition
// linter for an error contract) and capabilityMissing (seed 002's
// `client_capability_missing` refusal). `ContractFinding` is generated from its Rust
// declaration (src/jsonrpc/contract_lint.rs) into the glue's declarations.

import type { JsonRpcErrorCode, McpError } from '../index.js';
import type { ContractFinding } from '../wasm/mcp_envelope.js';

export type { ContractFinding } from '../wasm/mcp_envelope.js';

/** Options of {@link checkContract}. */
export interface CheckContractOptions {
  /** The tool the messages name (`tool 'get_invoice' errors[0]…`); `<unnamed>` when absent. */
  readonly tool?: string | undefined;
}

/**
 * The structural findings of an error contract, with mcp-ts-core's rule ids
 * (`error-contract-…`) and messages: unique snake_case reasons, known codes, a `when`,
 * a `recovery` of at least five words, a boolean `retryable`, a `severity` below
 * `error`, and (our rule) no framework-owned reason. An empty list means the contract is
 * sound; no contract (`undefined`) has none; a value that is no list is one finding.
 * The first 1,024 entries are checked and 100 findings listed; past either cap, a last
 * `error-contract-truncated` finding counts the rest. Reads each field once; Proxies
 * and throwing getters are findings, never a throw.
 * @throws TypeError when the contract or `options` cannot be read at all (a revoked Proxy).
 */
export declare function checkContract(contract: unknown, options?: CheckContractOptions): ContractFinding[];

/** Options of {@link capabilityMissing}. */
export interface CapabilityMissingOptions {
  /** A sentence appended to the hint after a space: how the call could go on without the capability. */
  readonly fallbackHint?: string | undefined;
}

/** The `client_capability_missing` McpError. */
export interface CapabilityMissingError extends McpError {
  readonly code: JsonRpcErrorCode.InvalidRequest;
  readonly data: { readonly reason: 'client_capability_missing'; readonly recovery: { readonly hint: string } };
}

/**
 * The McpError a handler throws when the client did not declare `capability`
 * (`elicitation.form`, `sampling`, `roots` …): code `-32600`, `data.reason`
 * `client_capability_missing`, and `data.recovery.hint` "Reconnect with a client that
 * declares the `<capability>` capability." followed by `fallbackHint`. Its log record is
 * at `notice`.
 * @throws TypeError when `capability` is no capability name or `fallbackHint` no string.
 */
export declare function capabilityMissing(
  capability: string,
  options?: CapabilityMissingOptions,
): CapabilityMissingError;
