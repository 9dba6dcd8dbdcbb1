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

pub mod classify;
pub mod client;
pub mod codes;
pub mod decimal;
pub mod guidance;
pub mod http_status;
pub mod js;
/// The constants the npm package's JS layer imports, generated into `pkg/lib/constants.js`.
#[doc(hidden)]
pub mod js_constants;
mod json_syntax;
pub mod jsonrpc;
mod key_order;
/// The protocol between the npm package's JS layer and the core (not a Rust API).
#[doc(hidden)]
pub mod protocol;
pub mod redact;
pub mod request_id;
pub mod sizes;
pub mod sort;
pub mod tool_result;
mod utf16;
pub mod value;
pub mod xml;
pub mod zod;

/// The wasm-bindgen exports the npm package's JS layer calls; not a Rust API.
#[cfg(target_arch = "wasm32")]
#[doc(hidden)]
pub mod wasm;

pub use classify::{classify, Classification, Thrown, ThrownKind};
pub use codes::{Category, JsonRpcErrorCode, CANONICAL_TOOL_ERROR_CODES};
pub use http_status::http_status_to_error_code;
pub use redact::{redact, WirePolicy, MASK, SERVER_ERROR_MESSAGE};
pub use request_id::{request_id, REQUEST_ID_ALPHABET};
pub use value::Value;
