//! [`ToolResult`]: an MCP `CallToolResult` either dialect wrote.

use crate::value::Value;

/// A `CallToolResult` as JSON, exactly as the npm package writes it for the same call:
/// the JSON-RPC dialect's `{ isError, content, structuredContent }`, the XML dialect's
/// `{ content, isError }`. Hand [`ToolResult::to_json`] (or, with the `serde` feature,
/// `ToolResult::to_serde`) to your SDK's `CallToolResult`.
///
/// ```
/// use mcp_envelope::{xml_tool_error, ToolErrorOptions};
///
/// let result = xml_tool_error("NOT_FOUND", &ToolErrorOptions::new("No such file."));
/// assert!(result.is_error());
/// assert!(result.text().starts_with("<tool_error code=\"NOT_FOUND\""));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct ToolResult(Value<'static>);

impl ToolResult {
    pub(crate) fn new(value: Value<'static>) -> ToolResult {
        ToolResult(value)
    }

    /// `isError` (false only for the XML dialect's `warning` severity).
    ///
    /// ```
    /// use mcp_envelope::{xml_tool_error, ToolErrorOptions};
    ///
    /// let mut options = ToolErrorOptions::new("Nearly full.");
    /// options.severity = Some("warning".to_owned());
    /// assert!(!xml_tool_error("QUOTA", &options).is_error());
    /// ```
    pub fn is_error(&self) -> bool {
        self.0.get("isError").and_then(Value::as_bool).unwrap_or(false)
    }

    /// The text of the first content block: what the model reads.
    ///
    /// ```
    /// use mcp_envelope::{error_result, ErrorResultOptions, JsonRpcErrorCode, McpError};
    ///
    /// let result = error_result(&McpError::new(JsonRpcErrorCode::NotFound, "Gone."), &ErrorResultOptions::default());
    /// assert_eq!(result.text(), "Error: Gone.");
    /// ```
    pub fn text(&self) -> &str {
        let first = self.0.get("content").and_then(Value::as_array).and_then(<[Value]>::first);
        first.and_then(|block| block.get("text")).and_then(Value::as_str).unwrap_or_default()
    }

    /// `structuredContent`, which only the JSON-RPC dialect writes.
    ///
    /// ```
    /// use mcp_envelope::{error_result, ErrorResultOptions, JsonRpcErrorCode, McpError, Value};
    ///
    /// let result = error_result(&McpError::new(JsonRpcErrorCode::Timeout, "Slow."), &ErrorResultOptions::default());
    /// let code = result.structured_content().and_then(|s| s.get("error")).and_then(|e| e.get("code"));
    /// assert_eq!(code.and_then(Value::as_f64), Some(-32004.0));
    /// ```
    pub fn structured_content(&self) -> Option<&Value<'static>> {
        self.0.get("structuredContent")
    }

    /// The whole result.
    ///
    /// ```
    /// use mcp_envelope::{xml_tool_error, ToolErrorOptions};
    ///
    /// let result = xml_tool_error("X", &ToolErrorOptions::new("y"));
    /// assert!(result.as_value().get("content").is_some());
    /// ```
    pub fn as_value(&self) -> &Value<'static> {
        &self.0
    }

    /// The whole result as JSON text, keys in the npm package's order.
    ///
    /// ```
    /// use mcp_envelope::{xml_tool_error, ToolErrorOptions};
    ///
    /// let json = xml_tool_error("X", &ToolErrorOptions::new("y")).to_json();
    /// assert!(json.starts_with(r#"{"content":[{"type":"text","text":"<tool_error"#));
    /// ```
    pub fn to_json(&self) -> String {
        self.0.to_json()
    }
}
