//! The Rust API: the npm package's operations taking Rust types. Every function here
//! calls the same core the npm package's WebAssembly calls, so for the same input it
//! writes the same bytes.

mod bound;
mod client;
mod contract;
mod copy;
mod deltas;
mod depth;
mod error_builder;
mod issue;
mod jsonrpc;
#[cfg(feature = "jsonschema")]
mod jsonschema_issues;
mod log;
mod mcp_error;
mod prevalidate;
mod routing;
#[cfg(feature = "serde")]
mod schema_lookup;
#[cfg(feature = "serde")]
mod serde;
#[cfg(feature = "serde")]
mod serde_issues;
mod std_error;
mod tool_result;
mod upstream;
mod xml;

pub use client::read_tool_error;
pub use contract::{capability_missing, check_contract, check_contract_value, fail, recovery_for};
pub use deltas::{enrich_validation_error, format_deltas_as_xml, ContractDelta};
pub use error_builder::ErrorBuilder;
pub use issue::{Issue, PathSegment};
pub use jsonrpc::{error_result, error_result_for, format_validation, rejection_result, Validation};
#[cfg(feature = "jsonschema")]
pub use jsonschema_issues::issues_from_jsonschema;
pub use log::{caught, log_record, try_catch, Caught, LogRecordOptions, TryCatchOptions};
pub use mcp_error::McpError;
pub use prevalidate::{prevalidate, prevalidate_with, PrevalidateOptions, Prevalidated};
pub use routing::{group_unknown_action, group_validation_error, route_action, routing_error};
#[cfg(feature = "serde")]
pub use serde_issues::{deserialize_args, issues_from_serde, issues_from_serde_json};
pub use std_error::{classify_error, code_for_io_kind};
pub use tool_result::ToolResult;
pub use upstream::{http_error_from_response, HttpResponse, UpstreamOptions};
pub use xml::{xml_error, xml_internal_error, xml_required, xml_tool_error, xml_validation_error};
