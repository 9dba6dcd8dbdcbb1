//! The XML dialect (MCP Fusion's) for Rust servers.

use super::depth::shallow;
use super::issue::{issue_values, Issue};
use super::tool_result::ToolResult;
use crate::sizes::TrueSizes;
use crate::value::Value;
use crate::xml::{self, ToolErrorOptions, ValidationInput};

/// MCP Fusion's `toolError(code, options)`: a `<tool_error>` with the message, the
/// recovery, the actions to call next, details and `retry_after`.
///
/// ```
/// use mcp_envelope::{xml_tool_error, ToolErrorOptions};
///
/// let mut options = ToolErrorOptions::new("Not found.");
/// options.available_actions = vec!["projects.list".to_owned()];
/// let result = xml_tool_error("NOT_FOUND", &options);
/// assert_eq!(
///     result.text(),
///     "<tool_error code=\"NOT_FOUND\" severity=\"error\">\n<message>Not found.</message>\n<available_actions>\n  <action>projects.list</action>\n</available_actions>\n</tool_error>"
/// );
/// ```
pub fn xml_tool_error(code: &str, options: &ToolErrorOptions) -> ToolResult {
    ToolResult::new(xml::tool_error(code, options).to_call_tool_result())
}

/// MCP Fusion's `<validation_error>` for a call to `action` (`tool/action`, or the tool)
/// whose arguments `sent` failed: one `<field>` per issue with what was sent and what
/// to send instead, as its validation pipeline writes it.
///
/// ```
/// use mcp_envelope::{xml_validation_error, Issue, Value};
///
/// let sent = Value::parse_json(r#"{"limit":"ten"}"#).unwrap();
/// let issues = [Issue::invalid_type("number", "string").at(["limit"])];
/// let result = xml_validation_error("projects/list", &issues, Some(&sent));
/// assert!(result.text().starts_with("<validation_error action=\"projects/list\">"));
/// assert!(result.text().contains("<field name=\"limit\">"));
/// ```
pub fn xml_validation_error(action: &str, issues: &[Issue], sent: Option<&Value<'_>>) -> ToolResult {
    let sent = sent.map(shallow);
    let sent = sent.as_deref();
    let values = issue_values(issues);
    let read = crate::source::normalise(&values, sent);
    let sizes = TrueSizes::default();
    let input = ValidationInput {
        issues: &read.issues,
        total: values.len().saturating_sub(read.left_out),
        action_key: action,
        sent,
        sent_sizes: &sizes,
    };
    ToolResult::new(input.response().to_call_tool_result())
}
