//! The Rust API: the npm package's operations taking Rust types. Every function here
//! calls the same core the npm package's WebAssembly calls, so for the same input it
//! writes the same bytes.

mod client;
mod contract;
mod depth;
mod issue;
mod jsonrpc;
mod mcp_error;
#[cfg(feature = "serde")]
mod serde;
mod std_error;
mod tool_result;
mod xml;

pub use client::read_tool_error;
pub use contract::{check_contract, fail, recovery_for};
pub use issue::{Issue, PathSegment};
pub use jsonrpc::{error_result, error_result_for, format_validation, rejection_result, Validation};
pub use mcp_error::McpError;
pub use std_error::{classify_error, code_for_io_kind};
pub use tool_result::ToolResult;
pub use xml::{xml_tool_error, xml_validation_error};
