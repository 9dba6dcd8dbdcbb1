//! Step 3: the official MCP SDK's own error classes keep their code.
//!
//! Recognised by `name` and the type of `code`, never by wording, and whether or not
//! the value is an `Error`: a plain object `{ name: 'McpError', code: -32602 }` counts
//! as the SDK's McpError, just as a real instance does.
//!
//! | `name` | `code` | SDK | code we give |
//! |---|---|---|---|
//! | `McpError` | number | `@modelcontextprotocol/sdk` 1.x | its code, except the two the SDK gives its own meaning |
//! | | -32000 `ErrorCode.ConnectionClosed` | | RequestCancelled (in-flight requests rejected as the transport closed) |
//! | | -32001 `ErrorCode.RequestTimeout` | | Timeout (our -32001 is NotFound) |
//! | `ProtocolError` | number | `@modelcontextprotocol/core` 2.x | its code, except one |
//! | | -32002 `ProtocolErrorCode.ResourceNotFound` | | NotFound (our -32002 is Conflict) |
//! | `SdkError`, `SdkHttpError` | string | 2.x, local failures | |
//! | | `CONNECTION_CLOSED` | | RequestCancelled |
//! | | `REQUEST_TIMEOUT` | | Timeout |
//! | | `NOT_CONNECTED`, `SEND_FAILED` | | ServiceUnavailable (the peer cannot be reached) |
//! | | `CLIENT_HTTP_AUTHENTICATION` | | Unauthorized (the SDK's HTTP 401) |
//! | | `CLIENT_HTTP_FORBIDDEN` | | Forbidden (the SDK's HTTP 403) |
//!
//! "Its code" means a code of our table: the JSON-RPC ones the SDKs share with us
//! (-32700, -32600, -32601, -32602, -32603) and, since an SDK client rebuilds a peer's
//! error response with the peer's code, any mcp-ts-core code a peer sent. A code
//! outside our table (`UrlElicitationRequired` -32042, -32021, -32022) and every other
//! `SdkError` code (`NOT_INITIALIZED`, `INVALID_RESULT`, ...) are not recognised: the
//! ladder goes on with the value's text, its system code and its causes, as for any
//! error.
//!
//! In 2.x the SDK reports its own timeouts and closed transports as `SdkError`s, so a
//! `ProtocolError` with -32000 or -32001 came from a peer and keeps our meaning
//! (ServiceUnavailable, NotFound). mcp-ts-core's own `McpError` has the same name and
//! a numeric code as the SDK 1.x class, and is read as the SDK's: its NotFound (-32001)
//! becomes Timeout and its ServiceUnavailable (-32000) RequestCancelled. This package's
//! `McpError` is recognised by its brand first (step 2) and keeps every code.

use super::Code;
use crate::codes::JsonRpcErrorCode;

/// The code the SDK's error `name` with this `code` gets, or `None` when it is not
/// one of the SDK's errors we recognise.
pub fn sdk_error_code(name: &str, code: Code<'_>) -> Option<JsonRpcErrorCode> {
    // The code first: most values have none, and then no name is compared.
    match code {
        Code::Absent => None,
        Code::Number(n) => match name {
            "McpError" => sdk_v1_mcp_error(n),
            "ProtocolError" => sdk_v2_protocol_error(n),
            _ => None,
        },
        Code::Text(text) => match name {
            "SdkError" | "SdkHttpError" => sdk_v2_sdk_error(text),
            _ => None,
        },
    }
}

fn sdk_v1_mcp_error(code: i32) -> Option<JsonRpcErrorCode> {
    match code {
        -32000 => Some(JsonRpcErrorCode::RequestCancelled),
        -32001 => Some(JsonRpcErrorCode::Timeout),
        _ => JsonRpcErrorCode::from_value(code),
    }
}

fn sdk_v2_protocol_error(code: i32) -> Option<JsonRpcErrorCode> {
    match code {
        -32002 => Some(JsonRpcErrorCode::NotFound),
        _ => JsonRpcErrorCode::from_value(code),
    }
}

fn sdk_v2_sdk_error(code: &str) -> Option<JsonRpcErrorCode> {
    match code {
        "CONNECTION_CLOSED" => Some(JsonRpcErrorCode::RequestCancelled),
        "REQUEST_TIMEOUT" => Some(JsonRpcErrorCode::Timeout),
        "NOT_CONNECTED" | "SEND_FAILED" => Some(JsonRpcErrorCode::ServiceUnavailable),
        "CLIENT_HTTP_AUTHENTICATION" => Some(JsonRpcErrorCode::Unauthorized),
        "CLIENT_HTTP_FORBIDDEN" => Some(JsonRpcErrorCode::Forbidden),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use JsonRpcErrorCode as C;

    #[test]
    fn sdk_v1_mcp_error_keeps_its_code_but_its_own_two() {
        let v1 = |n| sdk_error_code("McpError", Code::Number(n));
        assert_eq!(v1(-32000), Some(C::RequestCancelled));
        assert_eq!(v1(-32001), Some(C::Timeout));
        assert_eq!(v1(-32602), Some(C::InvalidParams));
        assert_eq!(v1(-32700), Some(C::ParseError));
        assert_eq!(v1(-32603), Some(C::InternalError));
        // A peer's mcp-ts-core code, rebuilt by the SDK client.
        assert_eq!(v1(-32003), Some(C::RateLimited));
        assert_eq!(v1(-32042), None);
        assert_eq!(v1(7), None);
    }

    #[test]
    fn sdk_v2_protocol_error_keeps_its_code_and_resource_not_found_is_not_found() {
        let v2 = |n| sdk_error_code("ProtocolError", Code::Number(n));
        assert_eq!(v2(-32002), Some(C::NotFound));
        assert_eq!(v2(-32602), Some(C::InvalidParams));
        assert_eq!(v2(-32000), Some(C::ServiceUnavailable));
        assert_eq!(v2(-32001), Some(C::NotFound));
        assert_eq!(v2(-32021), None);
        assert_eq!(v2(-32022), None);
        assert_eq!(v2(-32042), None);
    }

    #[test]
    fn sdk_v2_sdk_error_codes() {
        let sdk = |name, text| sdk_error_code(name, Code::Text(text));
        assert_eq!(sdk("SdkError", "CONNECTION_CLOSED"), Some(C::RequestCancelled));
        assert_eq!(sdk("SdkError", "REQUEST_TIMEOUT"), Some(C::Timeout));
        assert_eq!(sdk("SdkError", "NOT_CONNECTED"), Some(C::ServiceUnavailable));
        assert_eq!(sdk("SdkError", "SEND_FAILED"), Some(C::ServiceUnavailable));
        assert_eq!(sdk("SdkHttpError", "CLIENT_HTTP_AUTHENTICATION"), Some(C::Unauthorized));
        assert_eq!(sdk("SdkHttpError", "CLIENT_HTTP_FORBIDDEN"), Some(C::Forbidden));
        assert_eq!(sdk("SdkError", "NOT_INITIALIZED"), None);
        assert_eq!(sdk("SdkError", "request_timeout"), None);
    }

    #[test]
    fn recognition_needs_the_name_and_the_code_type() {
        assert_eq!(sdk_error_code("McpError", Code::Text("-32001")), None);
        assert_eq!(sdk_error_code("McpError", Code::Absent), None);
        assert_eq!(sdk_error_code("ProtocolError", Code::Text("REQUEST_TIMEOUT")), None);
        assert_eq!(sdk_error_code("SdkError", Code::Number(-32001)), None);
        assert_eq!(sdk_error_code("Error", Code::Number(-32001)), None);
        assert_eq!(sdk_error_code("Error", Code::Text("REQUEST_TIMEOUT")), None);
        assert_eq!(sdk_error_code("mcperror", Code::Number(-32001)), None);
    }
}
