//! Which JSON-RPC code a thrown value gets: the ladder of seeds 002/003, first match wins.
//!
//! 1. the request's signal was aborted → RequestCancelled
//! 2. an `McpError` → its own code (an unreadable or unknown code → InternalError)
//! 3. the MCP SDK's transport-closed rejection → RequestCancelled
//! 4. a `RangeError` whose whole message is an engine resource limit → InternalError
//! 5. the constructor-name table (TypeError deliberately absent)
//! 6. the 20 provider patterns, 7. the 10 common patterns (message, then name)
//! 8. name `AbortError` → Timeout, 9. fallback InternalError
//!
//! The JS layer reads the thrown value (once, inside try/catch) into a [`Thrown`];
//! this module only ever sees strings, so nothing here can run user code.

mod patterns;

use crate::codes::{Category, JsonRpcErrorCode};
use patterns::{Haystack, COMMON_PATTERNS, PROVIDER_PATTERNS};

/// How much of a name or message the patterns read, in bytes. A keyword past this
/// point does not count; in exchange a 100 MB message costs what 16 KiB costs.
pub const CLASSIFY_TEXT_CAP: usize = 16 * 1024;

/// What the JS layer could tell about the thrown value before reading its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ThrownKind {
    /// Our `McpError`. `code` is `None` when reading it threw or it was not a number.
    McpError { code: Option<i32> },
    /// The MCP SDK's rejection of in-flight requests when the transport closes
    /// (`McpError` with `ErrorCode.ConnectionClosed` in SDK 1.x, `SdkError` with
    /// `CONNECTION_CLOSED` in 2.x). Matched on its code, never its wording.
    SdkConnectionClosed,
    /// Anything else: an `Error`, a primitive, a plain object, an unreadable Proxy.
    Other,
}

/// A thrown value as text. `name` is what `getErrorName` would give (`error.name`
/// for an Error, `"[Unreadable]"` when reading threw) and `message` likewise.
#[derive(Debug, Clone, Copy)]
pub struct Thrown<'a> {
    pub kind: ThrownKind,
    pub name: &'a str,
    pub message: &'a str,
}

impl<'a> Thrown<'a> {
    /// An ordinary `Error` with this name and message.
    pub fn error(name: &'a str, message: &'a str) -> Self {
        Thrown { kind: ThrownKind::Other, name, message }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Classification {
    pub code: JsonRpcErrorCode,
    pub category: Category,
}

impl Classification {
    fn of(code: JsonRpcErrorCode) -> Self {
        Classification { code, category: code.category() }
    }

    /// The code's enum name, e.g. `"Timeout"`.
    pub fn name(&self) -> &'static str {
        self.code.name()
    }
}

/// Whole messages with which engines report running out of a resource.
const ENGINE_LIMIT_MESSAGES: [&str; 4] = [
    "Maximum call stack size exceeded",
    "Maximum call stack size exceeded.",
    "Invalid string length",
    "Out of memory",
];

fn constructor_code(name: &str) -> Option<JsonRpcErrorCode> {
    match name {
        "SyntaxError" | "RangeError" | "URIError" | "ZodError" => Some(JsonRpcErrorCode::ValidationError),
        "ReferenceError" | "EvalError" | "AggregateError" => Some(JsonRpcErrorCode::InternalError),
        _ => None,
    }
}

pub fn classify(thrown: &Thrown<'_>, aborted: bool) -> Classification {
    Classification::of(classify_code(thrown, aborted))
}

fn classify_code(thrown: &Thrown<'_>, aborted: bool) -> JsonRpcErrorCode {
    if aborted {
        return JsonRpcErrorCode::RequestCancelled;
    }
    match thrown.kind {
        ThrownKind::McpError { code } => {
            return code
                .and_then(JsonRpcErrorCode::from_value)
                .unwrap_or(JsonRpcErrorCode::InternalError);
        }
        ThrownKind::SdkConnectionClosed => return JsonRpcErrorCode::RequestCancelled,
        ThrownKind::Other => {}
    }
    if thrown.name == "RangeError" && ENGINE_LIMIT_MESSAGES.contains(&thrown.message) {
        return JsonRpcErrorCode::InternalError;
    }
    if let Some(code) = constructor_code(thrown.name) {
        return code;
    }
    let message = Haystack::new(thrown.message, CLASSIFY_TEXT_CAP);
    let name = Haystack::new(thrown.name, CLASSIFY_TEXT_CAP);
    for table in [PROVIDER_PATTERNS.as_slice(), COMMON_PATTERNS.as_slice()] {
        for (pattern, code) in table {
            if pattern.is_match(&message) || pattern.is_match(&name) {
                return *code;
            }
        }
    }
    if thrown.name == "AbortError" {
        return JsonRpcErrorCode::Timeout;
    }
    JsonRpcErrorCode::InternalError
}

#[cfg(test)]
mod tests {
    use super::*;
    use JsonRpcErrorCode as C;

    fn code(name: &str, message: &str) -> C {
        classify(&Thrown::error(name, message), false).code
    }

    #[test]
    fn aborted_outranks_everything_even_an_mcp_error() {
        let t = Thrown { kind: ThrownKind::McpError { code: Some(-32001) }, name: "McpError", message: "x" };
        assert_eq!(classify(&t, true).code, C::RequestCancelled);
        assert_eq!(classify(&t, false).code, C::NotFound);
    }

    #[test]
    fn mcp_error_keeps_its_code_and_an_unreadable_one_is_internal() {
        let unreadable = Thrown { kind: ThrownKind::McpError { code: None }, name: "McpError", message: "rate limit" };
        assert_eq!(classify(&unreadable, false).code, C::InternalError);
        let unknown = Thrown { kind: ThrownKind::McpError { code: Some(7) }, name: "McpError", message: "not found" };
        assert_eq!(classify(&unknown, false).code, C::InternalError);
    }

    #[test]
    fn sdk_connection_closed_is_cancelled_not_the_abort_pattern() {
        let t = Thrown { kind: ThrownKind::SdkConnectionClosed, name: "McpError", message: "Request aborted" };
        assert_eq!(classify(&t, false).code, C::RequestCancelled);
        assert_eq!(code("McpError", "Request aborted"), C::Timeout);
    }

    #[test]
    fn engine_limits_need_the_whole_message() {
        assert_eq!(code("RangeError", "Maximum call stack size exceeded."), C::InternalError);
        assert_eq!(code("RangeError", "Out of memory"), C::InternalError);
        assert_eq!(code("RangeError", "Invalid array length"), C::ValidationError);
        assert_eq!(code("RangeError", "xx Invalid string length"), C::ValidationError);
    }

    #[test]
    fn type_error_is_not_in_the_constructor_table() {
        assert_eq!(code("TypeError", "Cannot read properties of undefined"), C::InternalError);
        assert_eq!(code("TypeError", "invalid thing"), C::ValidationError);
        assert_eq!(code("ReferenceError", "not found"), C::InternalError);
        assert_eq!(code("ZodError", "x"), C::ValidationError);
    }

    #[test]
    fn name_is_tested_too_and_abort_error_is_timeout() {
        assert_eq!(code("ThrottlingException", "slow down"), C::RateLimited);
        assert_eq!(code("AbortError", "x"), C::Timeout);
        assert_eq!(code("Error", ""), C::InternalError);
    }

    #[test]
    fn category_and_name_follow_the_code() {
        let c = classify(&Thrown::error("Error", "ETIMEDOUT"), false);
        assert_eq!((c.name(), c.category), ("Timeout", Category::Upstream));
    }
}
