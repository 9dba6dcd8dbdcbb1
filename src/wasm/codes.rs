//! What reaches TypeScript from the code tables (src/codes.rs): the `JsonRpcErrorCode`
//! enum (object and `enum`), its names and the canonical XML codes. wasm-bindgen writes
//! them into the glue's `.d.ts` (`pkg/wasm/mcp_envelope.d.ts`), beside the shapes derived
//! from the core's own types (`ContractEntry`, `LogRecord`, `PreValidation`, `Category`,
//! `Dialect`); the shapes only the JS layer reads or builds are `pkg-template/types/shapes.d.ts`.

use wasm_bindgen::prelude::*;

use crate::codes::{canonical_tool_error_code_table, json_rpc_code_table};

macro_rules! wasm_code_enum {
    ($($(#[doc = $doc:literal])* $name:ident = $value:literal,)*) => {
        /// The JSON-RPC error codes of an MCP server's error envelope.
        #[wasm_bindgen(js_name = JsonRpcErrorCode)]
        #[derive(Clone, Copy)]
        #[repr(i32)]
        pub enum WireJsonRpcErrorCode {
            $($(#[doc = $doc])* $name = $value,)*
        }
    };
}
json_rpc_code_table!(wasm_code_enum);

#[wasm_bindgen(typescript_custom_section)]
const CODE_NAME_TS: &'static str = "/** The name of a {@link JsonRpcErrorCode} member, e.g. `\"RateLimited\"`. */
export type JsonRpcErrorCodeName = keyof typeof JsonRpcErrorCode;
";

macro_rules! canonical_codes_declaration {
    ($($code:literal,)*) => {
        #[wasm_bindgen(typescript_custom_section)]
        const CANONICAL_TOOL_ERROR_CODES_TS: &'static str = concat!(
            "/** The canonical codes of MCP Fusion's `<tool_error code=\"…\">`, in order. */\n",
            "export type CanonicalToolErrorCodes = readonly [\n",
            $("  '", $code, "',\n",)*
            "];\n",
        );
    };
}
canonical_tool_error_code_table!(canonical_codes_declaration);

#[wasm_bindgen(typescript_custom_section)]
const SHAPES_TS: &'static str =
    "import type { ErrorContractSeverity, LogRecordData, LogRecordLevel } from '../types/shapes.js';
";
