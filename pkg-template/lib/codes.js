// The JSON-RPC codes as a TypeScript-style numeric enum (name → value and value → name).
// The Rust core owns the table; tests hold this literal, index.d.ts and the core equal.

import { engine } from './engine.js';

const CODES = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  ServiceUnavailable: -32000,
  NotFound: -32001,
  Conflict: -32002,
  RateLimited: -32003,
  Timeout: -32004,
  Forbidden: -32005,
  Unauthorized: -32006,
  ValidationError: -32007,
  ConfigurationError: -32008,
  InitializationFailed: -32009,
  DatabaseError: -32010,
  RequestCancelled: -32011,
  SerializationError: -32070,
  UnknownError: -32099,
};

const enumObject = {};
for (const [name, value] of Object.entries(CODES)) {
  enumObject[name] = value;
  enumObject[value] = name;
}
export const JsonRpcErrorCode = Object.freeze(enumObject);

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
