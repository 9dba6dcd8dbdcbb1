//! [`McpError`]: an error with a JSON-RPC code, a message and optional `data`.

use super::depth::{shallow, shallow_owned};
use crate::codes::JsonRpcErrorCode;
use crate::jsonrpc::McpErrorParts;
use crate::value::Value;

/// An error as MCP carries it: a JSON-RPC `code`, a `message` and optional `data`, the
/// Rust side of the npm package's `McpError`. Return it from a handler (it is a
/// [`std::error::Error`]) and [`error_result`](crate::error_result) sends it with its code
/// and data; [`classify_error`](crate::classify_error) finds it anywhere in a source chain.
///
/// ```
/// use mcp_envelope::{JsonRpcErrorCode, McpError, Value};
///
/// let error = McpError::new(JsonRpcErrorCode::NotFound, "No project 'apollo'.")
///     .with_data(Value::parse_json(r#"{"reason":"no_such_project"}"#).unwrap());
/// assert_eq!(error.to_json(), r#"{"code":-32001,"message":"No project 'apollo'.","data":{"reason":"no_such_project"}}"#);
/// assert_eq!(error.to_string(), "No project 'apollo'.");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct McpError {
    /// The JSON-RPC code, usually a [`JsonRpcErrorCode`]'s value.
    pub code: i32,
    /// What failed, for the model to read.
    pub message: String,
    /// Structured detail (`reason`, `recovery`, `retryable`, …), an object as a rule.
    pub data: Option<Value<'static>>,
}

impl McpError {
    /// An error with this code and message and no data.
    ///
    /// ```
    /// use mcp_envelope::{JsonRpcErrorCode, McpError};
    ///
    /// let error = McpError::new(JsonRpcErrorCode::RateLimited, "Too many requests.");
    /// assert_eq!(error.code, -32003);
    /// ```
    pub fn new(code: JsonRpcErrorCode, message: impl Into<String>) -> McpError {
        McpError { code: code.value(), message: message.into(), data: None }
    }

    /// The same error with this `data`.
    ///
    /// ```
    /// use mcp_envelope::{JsonRpcErrorCode, McpError, Value};
    ///
    /// let error = McpError::new(JsonRpcErrorCode::Conflict, "Already exists.").with_data(Value::object([("id", Value::str("a1"))]));
    /// assert_eq!(error.data.unwrap().get("id").and_then(Value::as_str), Some("a1"));
    /// ```
    pub fn with_data(mut self, data: Value<'static>) -> McpError {
        self.data = Some(shallow_owned(data));
        self
    }

    /// The code as a [`JsonRpcErrorCode`], `None` for a number outside the table.
    ///
    /// ```
    /// use mcp_envelope::{JsonRpcErrorCode, McpError};
    ///
    /// assert_eq!(McpError::new(JsonRpcErrorCode::Timeout, "Slow.").error_code(), Some(JsonRpcErrorCode::Timeout));
    /// ```
    pub fn error_code(&self) -> Option<JsonRpcErrorCode> {
        JsonRpcErrorCode::from_value(self.code)
    }

    /// `{ code, message, data? }` as JSON text (`JSON.stringify` of the npm `McpError`'s fields).
    ///
    /// ```
    /// use mcp_envelope::{JsonRpcErrorCode, McpError};
    ///
    /// assert_eq!(McpError::new(JsonRpcErrorCode::Forbidden, "No.").to_json(), r#"{"code":-32005,"message":"No."}"#);
    /// ```
    pub fn to_json(&self) -> String {
        self.parts().to_json()
    }

    pub(crate) fn parts(&self) -> McpErrorParts<'_> {
        let data = self.data.as_ref().map(|d| shallow(d).into_owned());
        McpErrorParts { code: self.code, message: self.message.clone(), data }
    }
}

impl From<McpErrorParts<'_>> for McpError {
    fn from(parts: McpErrorParts<'_>) -> McpError {
        McpError { code: parts.code, message: parts.message, data: parts.data.map(Value::into_owned) }
    }
}

impl core::fmt::Display for McpError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for McpError {}
