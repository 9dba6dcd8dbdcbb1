//! An upstream HTTP status → the JSON-RPC code a handler should throw.

use crate::codes::JsonRpcErrorCode;

/// The code to throw when an upstream HTTP call answered `status`: 404 → NotFound,
/// 401 → Unauthorized, 402 and 403 → Forbidden, 408, 425 and 504 → Timeout, 409, 423
/// and 424 → Conflict, 422 → ValidationError, 429 → RateLimited, 400 → InvalidParams,
/// any other 5xx (and above) → ServiceUnavailable, any other 3xx and 4xx →
/// InvalidRequest. `None` for a success (below 300) and for a status that is not a
/// finite number.
///
/// ```
/// use mcp_envelope::{http_status_to_error_code, JsonRpcErrorCode};
///
/// assert_eq!(http_status_to_error_code(429.0), Some(JsonRpcErrorCode::RateLimited));
/// assert_eq!(http_status_to_error_code(503.0), Some(JsonRpcErrorCode::ServiceUnavailable));
/// assert_eq!(http_status_to_error_code(410.0), Some(JsonRpcErrorCode::InvalidRequest));
/// assert_eq!(http_status_to_error_code(200.0), None);
/// ```
pub fn http_status_to_error_code(status: f64) -> Option<JsonRpcErrorCode> {
    use JsonRpcErrorCode as C;
    if !status.is_finite() || status < 300.0 {
        return None;
    }
    if status < 400.0 {
        return Some(C::InvalidRequest);
    }
    // Exact statuses first; a fractional status only ever reaches the ranges.
    let exact = if status.fract() == 0.0 && status <= 599.0 { status as u16 } else { 0 };
    Some(match exact {
        400 => C::InvalidParams,
        401 => C::Unauthorized,
        402 | 403 => C::Forbidden,
        404 => C::NotFound,
        408 | 425 | 504 => C::Timeout,
        409 | 423 | 424 => C::Conflict,
        422 => C::ValidationError,
        429 => C::RateLimited,
        _ if status >= 500.0 => C::ServiceUnavailable,
        _ => C::InvalidRequest,
    })
}

/// Whether a failure with `status` is permanent whatever a retry does: 501 Not
/// Implemented only (mcp-ts-core's `httpStatusRetryability`, `httpError.ts` 37668a63,
/// which sets `data.retryable: false` for it; its code stays ServiceUnavailable).
pub fn http_status_is_permanent(status: f64) -> bool {
    status == 501.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use JsonRpcErrorCode as C;

    #[test]
    fn the_table() {
        let cases: [(f64, Option<C>); 21] = [
            (200.0, None),
            (299.0, None),
            (300.0, Some(C::InvalidRequest)),
            (304.0, Some(C::InvalidRequest)),
            (400.0, Some(C::InvalidParams)),
            (401.0, Some(C::Unauthorized)),
            (402.0, Some(C::Forbidden)),
            (403.0, Some(C::Forbidden)),
            (404.0, Some(C::NotFound)),
            (408.0, Some(C::Timeout)),
            (409.0, Some(C::Conflict)),
            (410.0, Some(C::InvalidRequest)),
            (422.0, Some(C::ValidationError)),
            (423.0, Some(C::Conflict)),
            (425.0, Some(C::Timeout)),
            (429.0, Some(C::RateLimited)),
            (500.0, Some(C::ServiceUnavailable)),
            (504.0, Some(C::Timeout)),
            (799.0, Some(C::ServiceUnavailable)),
            (404.5, Some(C::InvalidRequest)),
            (f64::NAN, None),
        ];
        for (status, expected) in cases {
            assert_eq!(http_status_to_error_code(status), expected, "status {status}");
        }
        assert_eq!(http_status_to_error_code(f64::INFINITY), None);
    }

    #[test]
    fn only_501_is_permanent() {
        for status in [500.0, 502.0, 503.0, 504.0, 429.0, 404.0] {
            assert!(!http_status_is_permanent(status), "{status}");
        }
        assert!(http_status_is_permanent(501.0));
    }
}
