//! What reaches TypeScript from Rust declarations: the `JsonRpcErrorCode` enum (object
//! and `enum`), the canonical XML codes, and the data shapes that cross the public API
//! (options, results, contracts). wasm-bindgen writes them into the glue's `.d.ts`
//! (`pkg/wasm/mcp_envelope.d.ts`); the hand-written declarations in `pkg-template/`
//! import them from there and keep only what cannot be generated (generic signatures,
//! index-signature result types, the classes). The structs below exist for their
//! declarations only: nothing constructs them, and tsify generates no conversion code.
#![allow(dead_code)]

use tsify::Tsify;
use wasm_bindgen::prelude::*;

use crate::codes::{canonical_tool_error_code_table, json_rpc_code_table};

macro_rules! wasm_code_enum {
    ($($name:ident = $value:literal,)*) => {
        /// The JSON-RPC error codes of an MCP server's error envelope.
        #[wasm_bindgen(js_name = JsonRpcErrorCode)]
        #[derive(Clone, Copy)]
        #[repr(i32)]
        pub enum WireJsonRpcErrorCode {
            $($name = $value,)*
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

#[derive(Tsify)]
pub struct ClassifyOptions {
    /// The request's signal was aborted: the caller withdrew, whatever was thrown.
    #[tsify(optional)]
    pub aborted: Option<bool>,
}

#[derive(Tsify)]
pub struct Classification {
    #[tsify(type = "JsonRpcErrorCode")]
    pub code: i32,
    #[tsify(type = "JsonRpcErrorCodeName")]
    pub name: String,
    #[tsify(type = "ErrorCategory")]
    pub category: String,
}

/// The log levels below `error` a declared outcome may log at.
#[derive(Tsify)]
#[serde(rename_all = "lowercase")]
pub enum ErrorContractSeverity {
    Debug,
    Info,
    Notice,
    Warning,
}

/// One declared failure mode of a tool (`errors: [...]`).
#[derive(Tsify)]
pub struct ErrorContractEntry {
    pub reason: String,
    #[tsify(type = "JsonRpcErrorCode")]
    pub code: i32,
    /// When it fires; also the message of a bare {@link fail}.
    pub when: String,
    /// The wire default for this reason: filled as `data.recovery.hint` when the throw site gave none.
    pub recovery: String,
    /// Copied onto `data.retryable` by {@link fail} when declared.
    #[tsify(optional, type = "boolean | undefined")]
    pub retryable: Option<bool>,
    /// The failure record's log level; never on the wire.
    #[tsify(optional, type = "ErrorContractSeverity | undefined")]
    pub severity: Option<ErrorContractSeverity>,
    /// Lint-only metadata of the reference framework; ignored here.
    #[serde(rename = "thrownBy")]
    #[tsify(optional, type = "'service' | undefined")]
    pub thrown_by: Option<String>,
}

/// `structuredContent.error` of a tool error.
#[derive(Tsify)]
pub struct ToolErrorPayload {
    #[tsify(type = "JsonRpcErrorCode")]
    pub code: i32,
    pub message: String,
    /// The thrown McpError's data (a field the wire cannot carry is `"[Unreadable]"`), a
    /// ZodError's bounded `issues`, and `requestId`; absent only when there is none of them.
    #[tsify(optional, type = "Record<string, unknown>")]
    pub data: Option<()>,
}

/// A log level of {@link logRecord}: an entry's severity, or `error`.
#[derive(Tsify)]
#[serde(rename_all = "lowercase")]
pub enum LogRecordLevel {
    Debug,
    Info,
    Notice,
    Warning,
    Error,
}

/// The server's own record of a failed call.
#[derive(Tsify)]
pub struct LogRecord {
    pub level: LogRecordLevel,
    #[tsify(type = "JsonRpcErrorCode")]
    pub code: i32,
    #[tsify(type = "JsonRpcErrorCodeName")]
    pub name: String,
    #[tsify(type = "ErrorCategory")]
    pub category: String,
    /// The raw message: never redacted, never the server-error sentence. Not for the wire.
    pub message: String,
    pub tool: String,
    /// A thrown McpError's string `data.reason`.
    #[tsify(optional)]
    pub reason: Option<String>,
    #[tsify(optional)]
    pub phase: Option<String>,
}

/// `warning` keeps `isError` false; any other severity (even a custom one) is an error.
#[derive(Tsify)]
#[serde(rename_all = "lowercase")]
pub enum ToolErrorSeverity {
    Error,
    Critical,
    Warning,
}

/// Which envelope an error was read from.
#[derive(Tsify)]
#[serde(rename_all = "lowercase")]
pub enum ErrorDialect {
    Xml,
    Jsonrpc,
}

/// One `<field>` of a `<validation_error>`: the path and its whole line.
#[derive(Tsify)]
pub struct ParsedValidationField {
    /// The path joined with `.` (`address.zip`, `items.0`), or `(root)`.
    pub name: String,
    /// `MESSAGE You sent: SENT.` and the suggestion, entities decoded.
    pub message: String,
}

#[derive(Tsify)]
pub struct EnrichedValidationError {
    pub xml: String,
    pub injected: bool,
    /// How many changes were injected.
    #[serde(rename = "deltaCount")]
    pub delta_count: u32,
}

/// A key pre-validation rewrote to its canonical name.
#[derive(Tsify)]
pub struct KeyAlias {
    pub alias: String,
    pub target: String,
}

/// An alias sent beside its target (or beside another alias of it): never rewritten.
#[derive(Tsify)]
pub struct AliasCollision {
    pub target: String,
    /// Every key the caller sent for `target`, in argument order (`target` among them when sent).
    #[tsify(type = "readonly string[]")]
    pub keys: Vec<String>,
}
