//! Reading a tool error back, on a Rust client.

use super::depth::shallow;
use crate::client::{self, ParsedToolError};
use crate::value::Value;

/// Reads the error out of a `CallToolResult` either dialect (or plain text) wrote:
/// code, message, recovery, the actions to call next, the reason, whether to retry,
/// the request id and, for a `<validation_error>`, its fields. `None` unless `isError`
/// is true.
///
/// ```
/// use mcp_envelope::{error_result, read_tool_error, ErrorResultOptions, JsonRpcErrorCode, McpError, ParsedCode, Value};
///
/// let sent = error_result(&McpError::new(JsonRpcErrorCode::NotFound, "Gone."), &ErrorResultOptions::default());
/// let read = read_tool_error(sent.as_value()).unwrap();
/// assert_eq!(read.code, ParsedCode::Number(-32001.0));
/// assert_eq!(read.message, "Gone.");
/// assert!(read_tool_error(&Value::parse_json(r#"{"content":[]}"#).unwrap()).is_none());
/// ```
pub fn read_tool_error(result: &Value<'_>) -> Option<ParsedToolError<'static>> {
    let result = shallow(result);
    let read = client::parse_tool_error(&result)?;
    Some(ParsedToolError {
        code: read.code,
        message: read.message,
        recovery: read.recovery,
        available_actions: read.available_actions,
        severity: read.severity,
        dialect: read.dialect,
        validation: read.validation,
        details: read.details,
        retry_after: read.retry_after,
        reason: read.reason,
        retryable: read.retryable,
        request_id: read.request_id,
        raw: None,
    })
}
