//! The XML dialect (MCP Fusion, seed 000): every error is a small XML envelope the
//! model can act on.
//!
//! * [`tool_error()`], [`error`], [`required`] and the fluent [`ErrorBuilder`] write
//!   `<tool_error>`; `warning` is the one severity that leaves `isError` false.
//! * [`routing_error`] / [`route_action`] and [`internal_error`] are what the
//!   execution pipeline writes when a call cannot reach a handler or the handler
//!   throws; [`group_unknown_action`] / [`group_validation_error`] are `createGroup`'s.
//! * [`format_validation_error`] turns Zod 3 or Zod 4 issues into
//!   `<validation_error>`; [`enrich_validation_error`] adds `<contract_awareness>`.
//! * [`crate::client::parse_tool_error`] reads an error back on the client, from either dialect.
//!
//! Output is byte for byte the reference's, except where the reference produces
//! XML that is not well-formed or drops information; the escaping rules and their
//! inverse are in [`escape`], every cap is a named constant.
//!
//! The core takes strings and [`Value`](crate::value::Value)s: the JS layer
//! stringifies detail values with `String(v)`, gives details in `Object.keys` order,
//! computes a thrown value's message, and handles the brand (a thrown *branded*
//! response passes through; see [`routing`]).

pub(crate) mod builder;
pub(crate) mod contract;
pub(crate) mod escape;
pub(crate) mod from_jsonrpc;

pub(crate) mod routing;
pub(crate) mod tool_error;
pub(crate) mod validation;

pub use crate::codes::CANONICAL_TOOL_ERROR_CODES;
pub use crate::js::{js_object_key_order, js_typeof};
pub use builder::{error_builder, ErrorBuilder};
pub use contract::{enrich_validation_error, format_deltas_xml, max_deltas_from_js, EnrichOptions, Enriched};
pub use escape::{escape_attr, escape_content, unescape};
pub use routing::{
    group_unknown_action, group_validation_error, internal_error, route_action, routing_error, InternalErrorLocation,
    RoutingError, INTERNAL_ERROR_RECOVERY,
};
pub use tool_error::{error, is_error_severity, required, tool_error, ToolErrorOptions, ToolResponse};
pub use validation::{
    format_validation_error, issue_suggestion, validation_error_response, ValidationInput, VALIDATION_RECOVERY,
};

/// Whether `code` is one of the canonical codes (any other string is a valid
/// custom code; the set is closed for autocomplete, open for use).
pub fn is_canonical_code(code: &str) -> bool {
    CANONICAL_TOOL_ERROR_CODES.contains(&code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_codes_are_the_closed_set_and_nothing_else() {
        assert!(CANONICAL_TOOL_ERROR_CODES.iter().all(|code| is_canonical_code(code)));
        assert!(is_canonical_code("NOT_FOUND"));
        assert!(!is_canonical_code("not_found"));
        assert!(!is_canonical_code("MY_CUSTOM_CODE"));
        assert!(!is_canonical_code(""));
    }
}
