//! # mcp-envelope
//!
//! The errors an MCP server sends to a model, written so the model can act on them: what
//! failed, what to send instead, and what to call next. Arguments that failed
//! validation, any error a handler returns, declared failures of a tool — each becomes
//! a `CallToolResult` in one of the two dialects in use today (mcp-ts-core's JSON-RPC
//! envelope, MCP Fusion's XML), within fixed size caps, credentials masked.
//!
//! The same core is compiled to WebAssembly for the npm package `mcp-envelope`: for the
//! same input, a Rust server and a TypeScript server send the same bytes.
//!
//! ```
//! use mcp_envelope::{error_result_for, rejection_result, ErrorResultOptions, Issue, Validation, Value};
//!
//! // Arguments that failed validation: say what to send instead.
//! let args = Value::parse_json(r#"{"city":5}"#).unwrap();
//! let issues = [Issue::invalid_type("string", "number").at(["city"])];
//! let result = rejection_result(&issues, &Validation::new("get_weather").args(&args), &ErrorResultOptions::default());
//! assert!(result.is_error());
//! assert!(result.text().starts_with(
//!     "Error: Input validation error: Invalid arguments for tool get_weather: city: Invalid input: expected string, received number"
//! ));
//!
//! // Any error a handler returns: classified (here ServiceUnavailable, -32000), secrets masked.
//! let failure = std::io::Error::new(std::io::ErrorKind::ConnectionRefused, "weather API refused: token=abc123abc123abc123");
//! let result = error_result_for(&failure, &ErrorResultOptions::default());
//! assert!(!result.to_json().contains("abc123abc123abc123"));
//! ```
//!
//! With the `serde` feature, results convert to `serde_json::Value` for your SDK's
//! `CallToolResult` (`ToolResult::to_serde`) and the API's types implement `Serialize`.
//!
//! Nothing panics: the crate denies `unwrap`, `expect`, `panic!` and indexing that can
//! fail, values nested past what its reader accepts are cut at the entry, and every
//! entry is fuzzed.
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

// The documented API is the crate root (`src/api/`). The modules below are the core
// the npm package's WebAssembly and this crate's tests reach into: public so they can,
// hidden from the docs and not covered by semver. Their docs link their private parts
// (read them with `cargo doc --document-private-items`).

// The Rust API is for native Rust code; the npm package's WebAssembly reaches the core
// through `protocol` instead, so the wasm build leaves it out.
#[cfg(not(target_arch = "wasm32"))]
mod api;

#[doc(hidden)]
#[allow(rustdoc::private_intra_doc_links)]
pub mod classify;
#[doc(hidden)]
#[allow(rustdoc::private_intra_doc_links)]
pub mod client;
#[doc(hidden)]
#[allow(rustdoc::private_intra_doc_links)]
pub mod codes;
#[doc(hidden)]
#[allow(rustdoc::private_intra_doc_links)]
pub mod jsonrpc;
#[doc(hidden)]
#[allow(rustdoc::private_intra_doc_links)]
pub mod prevalidate;
#[doc(hidden)]
#[allow(rustdoc::private_intra_doc_links)]
pub mod sizes;
#[doc(hidden)]
#[allow(rustdoc::private_intra_doc_links)]
pub mod source;
#[doc(hidden)]
#[allow(rustdoc::private_intra_doc_links)]
pub mod upstream;
#[doc(hidden)]
#[allow(rustdoc::private_intra_doc_links)]
pub mod value;
#[doc(hidden)]
#[allow(rustdoc::private_intra_doc_links)]
pub mod xml;
#[doc(hidden)]
#[allow(rustdoc::private_intra_doc_links)]
pub mod zod;

/// The constants the npm package's JS layer imports, generated into `pkg/lib/constants.js`.
#[doc(hidden)]
#[allow(rustdoc::private_intra_doc_links)]
pub mod js_constants;
/// The protocol between the npm package's JS layer and the core (not a Rust API).
#[doc(hidden)]
#[allow(rustdoc::private_intra_doc_links)]
pub mod protocol;
/// The wasm-bindgen exports the npm package's JS layer calls; not a Rust API.
#[cfg(target_arch = "wasm32")]
#[doc(hidden)]
#[allow(rustdoc::private_intra_doc_links)]
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

#[cfg(not(target_arch = "wasm32"))]
pub use api::*;
pub use classify::Classification;
#[doc(hidden)]
pub use classify::{classify, Thrown, ThrownKind};
pub use client::{Dialect, ParsedCode, ParsedField, ParsedToolError, ParsedValidation};
pub use codes::{Category, JsonRpcErrorCode, CANONICAL_TOOL_ERROR_CODES};
pub use http_status::http_status_to_error_code;
pub use jsonrpc::{ContractEntry, ErrorResultOptions, Finding, Severity};
pub use redact::{redact, WirePolicy, MASK, SERVER_ERROR_MESSAGE};
pub use request_id::{request_id, REQUEST_ID_ALPHABET};
pub use value::{JsonError, Value};
pub use xml::{EnrichOptions, Enriched, RoutingError, ToolErrorOptions};
