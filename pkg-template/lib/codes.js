// The JSON-RPC codes as a TypeScript-style numeric enum (name → value and value → name),
// frozen. The object is wasm-bindgen's, generated from the core's one table
// (`json_rpc_code_table!` in src/codes.rs): plain data in the glue, ready before init.

import { JsonRpcErrorCode } from '../wasm/mcp_envelope.js';

export { JsonRpcErrorCode };

/**
 * @param {unknown} value
 * @returns {value is JsonRpcErrorCode}
 */
export function isJsonRpcErrorCode(value) {
  return typeof value === 'number' && typeof JsonRpcErrorCode[value] === 'string';
}
