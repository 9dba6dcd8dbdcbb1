// The JSON-RPC codes as a TypeScript-style numeric enum (name → value and value → name),
// frozen. The object is wasm-bindgen's, generated from the core's one table
// (`json_rpc_code_table!` in src/codes.rs): plain data in the glue, ready before init.

import { JsonRpcErrorCode } from '../wasm/mcp_envelope.js';
import { CODE_CATEGORIES } from './constants.js';

export { JsonRpcErrorCode };

/**
 * @param {unknown} value
 * @returns {value is JsonRpcErrorCode}
 */
export function isJsonRpcErrorCode(value) {
  return typeof value === 'number' && typeof JsonRpcErrorCode[value] === 'string';
}

/**
 * The category of a code, as the core defines it (its generated table).
 * @param {number} code
 * @returns {import('../wasm/mcp_envelope.js').ErrorCategory | undefined}
 */
export function categoryOf(code) {
  /** @type {Readonly<Record<number, import('../wasm/mcp_envelope.js').ErrorCategory>>} */
  const categories = CODE_CATEGORIES;
  return Object.hasOwn(categories, code) ? categories[code] : undefined;
}
