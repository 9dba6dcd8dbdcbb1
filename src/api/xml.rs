//! The XML dialect (MCP Fusion's) for Rust servers.

use super::bound::{author_text, js_slice, LIST_ENTRIES};
use super::depth::shallow;
use super::issue::{issue_values, Issue};
use super::std_error::classify_error;
use super::tool_result::ToolResult;
use crate::codes::Category;
use crate::js_constants::THROWN_TEXT_UNITS;
use crate::redact::WirePolicy;
use crate::sizes::TrueSizes;
use crate::value::Value;
use crate::xml::{self, InternalErrorLocation, ToolErrorOptions, ValidationInput};
use std::error::Error;

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
    let text = |t: &String| author_text(t).into_owned();
    let bounded = ToolErrorOptions {
        message: text(&options.message),
        suggestion: options.suggestion.as_ref().map(text),
        available_actions: options.available_actions.iter().take(LIST_ENTRIES).map(text).collect(),
        details: options.details.iter().take(LIST_ENTRIES).map(|(k, v)| (text(k), text(v))).collect(),
        retry_after: options.retry_after,
        severity: options.severity.as_ref().map(text),
        wire: options.wire,
    };
    ToolResult::new(xml::tool_error(&author_text(code), &bounded).to_call_tool_result())
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
    let action = author_text(action);
    let values = issue_values(issues);
    let read = crate::source::normalise(&values, sent);
    let sizes = TrueSizes::default();
    let input = ValidationInput {
        issues: &read.issues,
        total: values.len().saturating_sub(read.left_out),
        action_key: &action,
        sent,
        sent_sizes: &sizes,
    };
    ToolResult::new(input.response().to_call_tool_result())
}

/// MCP Fusion's `error(message, code?)`: the plain `<tool_error>` with only a message,
/// no severity attribute; a given code (even an empty one) is written as `code="…"`.
/// Secrets in the message are masked.
///
/// ```
/// use mcp_envelope::xml_error;
///
/// assert_eq!(xml_error("Disk full.", None).text(), "<tool_error>\n<message>Disk full.</message>\n</tool_error>");
/// assert_eq!(
///     xml_error("Disk full.", Some("NO_SPACE")).text(),
///     "<tool_error code=\"NO_SPACE\">\n<message>Disk full.</message>\n</tool_error>"
/// );
/// ```
pub fn xml_error(message: &str, code: Option<&str>) -> ToolResult {
    let code = code.map(author_text);
    ToolResult::new(xml::error(&author_text(message), code.as_deref()).to_call_tool_result())
}

/// MCP Fusion's `required(field)`: `MISSING_REQUIRED_FIELD`, naming the field in its
/// message and recovery.
///
/// ```
/// use mcp_envelope::xml_required;
///
/// assert_eq!(
///     xml_required("city").text(),
///     "<tool_error code=\"MISSING_REQUIRED_FIELD\">\n<message>Required field \"city\" is missing.</message>\n<recovery>Provide the \"city\" parameter and retry.</recovery>\n</tool_error>"
/// );
/// ```
pub fn xml_required(field: &str) -> ToolResult {
    ToolResult::new(xml::required(&author_text(field)).to_call_tool_result())
}

/// MCP Fusion's answer to a handler that failed with an error of its own (its
/// pipeline's catch, the npm `internalError(thrown, { tool, action })`):
/// `INTERNAL_ERROR`, the message `[tool/action] ` and the error's `Display`, and the
/// retry recovery. Secrets in the message are masked unless `wire.redact_secrets` is
/// off; with `wire.mask_server_errors`, an error [`classify_error`] files under the
/// server category is sent as [`SERVER_ERROR_MESSAGE`](crate::SERVER_ERROR_MESSAGE).
///
/// ```
/// use mcp_envelope::{xml_internal_error, WirePolicy};
/// use std::io;
///
/// let error = io::Error::other("disk quota exceeded");
/// let result = xml_internal_error(&error, "files", Some("upload"), WirePolicy::default());
/// assert_eq!(
///     result.text(),
///     "<tool_error code=\"INTERNAL_ERROR\" severity=\"error\">\n<message>[files/upload] disk quota exceeded</message>\n<recovery>This may be a transient error. Retry the same call with identical parameters.</recovery>\n</tool_error>"
/// );
/// ```
pub fn xml_internal_error(
    error: &(dyn Error + 'static),
    tool: &str,
    action: Option<&str>,
    wire: WirePolicy,
) -> ToolResult {
    let category = if wire.mask_server_errors { classify_error(error).category } else { Category::Server };
    let (tool, action) = (author_text(tool), action.map(author_text));
    let at = InternalErrorLocation { tool: &tool, action: action.as_deref(), category, wire };
    let message = error.to_string();
    ToolResult::new(xml::internal_error(&js_slice(&message, THROWN_TEXT_UNITS), &at).to_call_tool_result())
}
