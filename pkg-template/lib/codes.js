// The JSON-RPC codes as a TypeScript-style numeric enum (name → value and value → name),
// frozen. The object is wasm-bindgen's, generated from the core's one table
// (`json_rpc_code_table!` in src/codes.rs): plain data in the glue, ready before init.

import { JsonRpcErrorCode } from '../wasm/mcp_envelope.js';
import { engine } from './engine.js';

export { JsonRpcErrorCode };

export function isJsonRpcErrorCode(value) {
  return typeof value === 'number' && typeof JsonRpcErrorCode[value] === 'string';
}

let categories;

/** The category of a code, as the core defines it (read from wasm once). */
export function categoryOf(code) {
  if (categories === undefined) {
    const table = new Map();
    for (const line of engine().codeTable().split('\n')) {
      const [value, , category] = line.split(' ');
      if (category) table.set(Number(value), category);
    }
    categories = table;
  }
  return categories.get(code);
}
