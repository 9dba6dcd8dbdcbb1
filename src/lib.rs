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

// The documented API is the crate root (`src/api/`). The modules below are the core
// the npm package's WebAssembly and this crate's tests reach into: public so they can,
// hidden from the docs and not covered by semver. Their docs link their private parts
// (read them with `cargo doc --document-private-items`).

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
pub use xml::ToolErrorOptions;
