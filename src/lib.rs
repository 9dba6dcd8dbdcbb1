//! # mcp-envelope
//!
//! Every error a TypeScript MCP server sends to a model, written by one pure Rust core:
//! the JSON-RPC codes and the classification of anything a handler throws, the HTTP
//! status mapping, request ids, the XML dialect (MCP Fusion) and the JSON-RPC dialect
//! (mcp-ts-core), each bounded by fixed caps.
//!
//! The core knows nothing of WebAssembly; `src/wasm/` is the only module that does,
//! and it is compiled only for `wasm32`.
//!
//! The core never panics: clippy denies `unwrap`, `expect`, `panic!` and indexing that
//! can fail, because a panic inside wasm aborts the whole instance.
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing,
        clippy::string_slice,
        clippy::unreachable,
        clippy::todo,
        clippy::unimplemented
    )
)]

// The public API: one module per thing a server or client does, each re-exporting
// what it offers; every other module is the core's own (crate-visible at most).

/// Which JSON-RPC code a thrown value gets (mcp-ts-core's ladder, its cause chain).
pub mod classify;
/// Reading a tool error back on the client, from either dialect or plain text.
pub mod client;
/// The JSON-RPC error codes, their names and categories, and the canonical XML codes.
pub mod codes;
/// The JSON-RPC dialect (mcp-ts-core): argument rejections, error results, contracts, log records.
pub mod jsonrpc;
/// Pre-validation (mcp-ts-core's): client keys dropped, aliases rewritten, and the
/// value repairs tried after the schema rejected the arguments.
pub mod prevalidate;
/// The true sizes of what a bounded copy of a value cut, so counts stay exact.
pub mod sizes;
/// Issues of validators other than Zod, read as Zod 4 issues.
pub mod source;
/// `httpErrorFromResponse`: the McpError for an upstream HTTP response that failed.
pub mod upstream;
/// JSON values as JavaScript sees them (key order, numbers), read and written.
pub mod value;
/// The XML dialect (MCP Fusion): `<tool_error>`, `<validation_error>`, contract awareness.
pub mod xml;
/// Zod issues (Zod 3 and Zod 4) as both dialects read them.
pub mod zod;

/// The constants the npm package's JS layer imports, generated into `pkg/lib/constants.js`.
#[doc(hidden)]
pub mod js_constants;
/// The protocol between the npm package's JS layer and the core (not a Rust API).
#[doc(hidden)]
pub mod protocol;
/// The wasm-bindgen exports the npm package's JS layer calls; not a Rust API.
#[cfg(target_arch = "wasm32")]
#[doc(hidden)]
pub mod wasm;

mod decimal;
mod guidance;
mod http_status;
mod js;
mod json_syntax;
mod key_order;
mod redact;
mod request_id;
mod sort;
mod tool_result;
mod utf16;

pub use classify::{classify, Classification, Thrown, ThrownKind};
pub use codes::{Category, JsonRpcErrorCode, CANONICAL_TOOL_ERROR_CODES};
pub use http_status::http_status_to_error_code;
pub use redact::{redact, WirePolicy, MASK, SERVER_ERROR_MESSAGE};
pub use request_id::{request_id, REQUEST_ID_ALPHABET};
pub use value::Value;
