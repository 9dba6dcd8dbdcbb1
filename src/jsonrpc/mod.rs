//! The JSON-RPC dialect (mcp-ts-core, seeds 002/003): argument rejections, the tool
//! error envelope and error contracts, as a pure core.
//!
//! - [`format_validation`] turns Zod issues (Zod 4 or Zod 3 shapes) into the `-32602`
//!   McpError an argument rejection throws: `path: message` lines, the recovery hint,
//!   and `data.issues` bounded by the caps in [`bound`].
//! - [`error_result`] writes the `CallToolResult` for anything a handler threw:
//!   `Error:` / `Recovery:` / term line text and `structuredContent.error`.
//! - [`fail`], [`recovery_for`] and the contract fill implement error contracts.
//! - [`log_record`] is the server's own record of a failure (the reference's record, masked).
//!
//! Issues are read through [`crate::zod`], the reader both dialects share.
//!
//! Everything takes `Value`s the boundary parsed from JSON and
//! returns values it serialises; nothing here reads a clock, a global or a random
//! source. Cost follows the caps, not the input.

pub(crate) mod bound;
pub(crate) mod capability;
pub(crate) mod contract;
pub(crate) mod contract_lint;
pub(crate) mod envelope;
pub(crate) mod from_xml;
pub(crate) mod hint;
pub(crate) mod issue_list;
pub(crate) mod log;
pub(crate) mod output_schema;
pub(crate) mod path;
pub(crate) mod rejection;
pub(crate) mod schema;
pub(crate) mod text;
pub(crate) mod thrown_data;

use crate::value::Value;

pub use bound::{bound_issues, Bounded};
pub use capability::{capability_missing, is_capability_name, REASON_CLIENT_CAPABILITY_MISSING};
pub use contract::{contract_from_value, fail, failure_log_level, find_entry, recovery_for, ContractEntry};
pub use contract_lint::{check_contract, findings_json, Contract, Field, Finding, Severity};
pub use envelope::{
    error_result, rejection_result, zod_error_message, CallToolResult, ErrorResultOptions, ThrownError,
};
pub use issue_list::IssueList;
pub use log::{
    log_record, original_data, zod_stack, ChainEnd, ChainLink, Failure, LogOptions, LogRecord, LOG_CAUSES,
    LOG_MESSAGE_UNITS, STACK_CROSSING_UNITS, STACK_UNITS,
};
pub use rejection::{
    format_validation, render_rejection, Alias, AliasCollision, PreValidation, Rejection, ValidationOptions,
    COUNTED_ISSUE, ISSUES_READ_WHOLE, MESSAGE_PREFIX, REASON_INVALID_ARGUMENTS,
};
pub use thrown_data::ThrownData;

/// An McpError as the core builds it: `code`, `message`, and optional `data`.
#[derive(Debug, Clone, PartialEq)]
pub struct McpErrorParts<'a> {
    pub code: i32,
    pub message: String,
    /// Borrows from what it was built from (an argument rejection's issues) until owned.
    pub data: Option<Value<'a>>,
}

impl McpErrorParts<'_> {
    /// `{ code, message, data? }`.
    pub fn to_value(&self) -> Value<'static> {
        let mut fields = vec![
            ("code".into(), Value::Number(f64::from(self.code))),
            ("message".into(), Value::str(self.message.clone())),
        ];
        if let Some(data) = &self.data {
            fields.push(("data".into(), data.to_owned_value()));
        }
        Value::Object(fields)
    }

    /// `JSON.stringify` of [`McpErrorParts::to_value`], written without copying the data.
    pub fn to_json(&self) -> String {
        let mut out = String::with_capacity(64 + self.message.len());
        out.push_str("{\"code\":");
        Value::Number(f64::from(self.code)).write_json(&mut out);
        out.push_str(",\"message\":");
        crate::value::write_json_string(&self.message, &mut out);
        if let Some(data) = &self.data {
            out.push_str(",\"data\":");
            data.write_json(&mut out);
        }
        out.push('}');
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_write_as_json_stringify_writes_their_object() {
        let data = Value::parse_json(r#"{"reason":"x","n":[1,-0,1e21]}"#).unwrap();
        let parts = McpErrorParts { code: -32602, message: "Bad \"q\"\n".into(), data: Some(data) };
        let json = r#"{"code":-32602,"message":"Bad \"q\"\n","data":{"reason":"x","n":[1,0,1e+21]}}"#;
        assert_eq!(parts.to_json(), json);
        assert_eq!(parts.to_value().to_json(), json);
        let bare = McpErrorParts { code: 7, message: String::new(), data: None };
        assert_eq!(bare.to_json(), r#"{"code":7,"message":""}"#);
    }
}
