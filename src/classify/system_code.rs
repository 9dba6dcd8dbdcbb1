//! Network failures named by a value's `code` string: Node's system errors and undici's.
//!
//! Node puts the libuv/getaddrinfo code on every failed socket or lookup
//! (`err.code === 'ECONNREFUSED'`), and undici, behind Node's `fetch`, puts its own
//! `UND_ERR_*` code on each of its errors. A message need not name the code (Node's
//! HTTP client says `socket hang up` for an `ECONNRESET`), so the code is read as well.
//! Exact, case-sensitive strings, as Node and undici write them.
//!
//! | code | gives | why |
//! |---|---|---|
//! | `ETIMEDOUT` | Timeout | the connection or the operation timed out |
//! | `UND_ERR_CONNECT_TIMEOUT` | Timeout | undici gave up connecting |
//! | `UND_ERR_HEADERS_TIMEOUT` | Timeout | the response's headers did not arrive in time |
//! | `UND_ERR_BODY_TIMEOUT` | Timeout | the response's body stalled |
//! | `ECONNREFUSED` | ServiceUnavailable | nothing listens there |
//! | `ECONNRESET` | ServiceUnavailable | the peer dropped the connection |
//! | `EPIPE` | ServiceUnavailable | the peer closed while we were writing: `ECONNRESET` seen from the write side |
//! | `ENOTFOUND` | ServiceUnavailable | DNS: no such host |
//! | `EAI_AGAIN` | ServiceUnavailable | DNS: temporary failure, try again |
//! | `EHOSTUNREACH`, `ENETUNREACH` | ServiceUnavailable | no route to the host or its network |
//! | `UND_ERR_SOCKET` | ServiceUnavailable | the socket failed or the peer closed it mid-request |
//! | `UND_ERR_CLOSED` | ServiceUnavailable | the connection pool was closed, so the request was never sent |
//!
//! Left out on purpose: `ECONNABORTED` (axios uses it for its own timeouts, Node for
//! a locally aborted connection), undici's `UND_ERR_ABORTED` (its name is
//! `AbortError`, which the ladder already makes Timeout), `UND_ERR_DESTROYED` (a
//! client the program itself destroyed), and undici's size and content-length
//! errors (the peer answered; what it sent was wrong, which no single code says).

use crate::codes::JsonRpcErrorCode;

/// The code a Node or undici system error `code` stands for.
pub fn system_code(code: &str) -> Option<JsonRpcErrorCode> {
    match code {
        "ETIMEDOUT" | "UND_ERR_CONNECT_TIMEOUT" | "UND_ERR_HEADERS_TIMEOUT" | "UND_ERR_BODY_TIMEOUT" => {
            Some(JsonRpcErrorCode::Timeout)
        }
        "ECONNREFUSED" | "ECONNRESET" | "EPIPE" | "ENOTFOUND" | "EAI_AGAIN" | "EHOSTUNREACH" | "ENETUNREACH"
        | "UND_ERR_SOCKET" | "UND_ERR_CLOSED" => Some(JsonRpcErrorCode::ServiceUnavailable),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use JsonRpcErrorCode as C;

    #[test]
    fn timeouts_are_timeout() {
        for code in ["ETIMEDOUT", "UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT"] {
            assert_eq!(system_code(code), Some(C::Timeout), "{code}");
        }
    }

    #[test]
    fn unreachable_peers_are_service_unavailable() {
        for code in [
            "ECONNREFUSED",
            "ECONNRESET",
            "EPIPE",
            "ENOTFOUND",
            "EAI_AGAIN",
            "EHOSTUNREACH",
            "ENETUNREACH",
            "UND_ERR_SOCKET",
            "UND_ERR_CLOSED",
        ] {
            assert_eq!(system_code(code), Some(C::ServiceUnavailable), "{code}");
        }
    }

    #[test]
    fn other_and_near_miss_codes_say_nothing() {
        for code in
            ["ECONNABORTED", "UND_ERR_ABORTED", "UND_ERR_DESTROYED", "ENOENT", "econnrefused", " ECONNREFUSED", ""]
        {
            assert_eq!(system_code(code), None, "{code:?}");
        }
    }
}
