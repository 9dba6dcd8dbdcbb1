//! Step 9: classification that follows the cause.
//!
//! When steps 2–8 find nothing better than InternalError, what the value is made of
//! decides: first its own Node/undici system `code` ([`system_code`]), then each link
//! of its `cause` chain, nearest first, through steps 2–8 and then its own system
//! code. The first link that gives a code wins; a link that gives nothing passes on
//! to the next. So `TypeError: fetch failed` whose cause is Node's
//! `connect ECONNREFUSED 127.0.0.1:3000` (`code: 'ECONNREFUSED'`) is
//! ServiceUnavailable, and an `Error('tool failed')` caused by
//! `Error('rate limit exceeded')` is RateLimited.
//!
//! A cause goes through the whole ladder (our `McpError` keeps its code, the SDK's
//! errors theirs, the constructor table and the patterns run on its name and
//! message) because a wrapper that says nothing is best described by what it wraps,
//! and the same thrown value should get the same code whether or not it was wrapped.
//! Only the `aborted` flag, which belongs to the request, is not per link.
//!
//! The chain is cut at [`MAX_CAUSES`] links; the JS layer reads each link's `name`,
//! `message`, `code` and `cause` once inside try/catch, stops at a link it has seen
//! before (a cycle) or cannot read, and sends the chain as a list of links
//! (`crate::protocol`'s classify request).

use super::system_code::system_code;
use super::{ladder, Code, ThrownKind, Verdict};
use crate::codes::JsonRpcErrorCode;

/// How many causes are followed: `e.cause`, `e.cause.cause`, ... five deep.
pub const MAX_CAUSES: usize = 5;

/// One value of the chain: the thrown value itself, or one of its causes.
#[derive(Debug, Clone, Copy)]
pub struct Link<'a> {
    pub kind: ThrownKind,
    pub name: &'a str,
    pub message: &'a str,
    pub code: Code<'a>,
}

impl<'a> Link<'a> {
    /// An ordinary `Error` with this name and message and no `code`.
    pub const fn error(name: &'a str, message: &'a str) -> Self {
        Link { kind: ThrownKind::Other, name, message, code: Code::Absent }
    }
}

fn own_system_code(code: Code<'_>) -> Option<JsonRpcErrorCode> {
    match code {
        Code::Text(code) => system_code(code),
        Code::Absent | Code::Number(_) => None,
    }
}

/// Step 9 for a value whose own ladder found nothing: its own `code`, then `causes`.
pub(crate) fn what_it_is_made_of(own: Code<'_>, causes: &[Link<'_>]) -> Option<JsonRpcErrorCode> {
    if let Some(code) = own_system_code(own) {
        return Some(code);
    }
    for cause in causes.iter().take(MAX_CAUSES) {
        if let Verdict::Code(code) = ladder(cause) {
            return Some(code);
        }
        if let Some(code) = own_system_code(cause.code) {
            return Some(code);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::{classify, Thrown};
    use super::*;
    use JsonRpcErrorCode as C;

    fn caused(name: &'static str, message: &'static str, causes: &'static [Link<'static>]) -> C {
        classify(&Thrown { causes, ..Thrown::error(name, message) }, false).code
    }

    fn coded(name: &'static str, message: &'static str, code: &'static str) -> C {
        classify(&Thrown { code: Code::Text(code), ..Thrown::error(name, message) }, false).code
    }

    #[test]
    fn fetch_failed_caused_by_a_refused_connection_is_service_unavailable() {
        static REFUSED: [Link<'static>; 1] = [Link {
            kind: ThrownKind::Other,
            name: "Error",
            message: "connect ECONNREFUSED 127.0.0.1:3000",
            code: Code::Text("ECONNREFUSED"),
        }];
        assert_eq!(caused("TypeError", "fetch failed", &REFUSED), C::ServiceUnavailable);
        assert_eq!(caused("TypeError", "fetch failed", &[]), C::InternalError);
        // The code alone decides when the message does not name it.
        static QUIET: [Link<'static>; 1] =
            [Link { kind: ThrownKind::Other, name: "Error", message: "", code: Code::Text("ECONNREFUSED") }];
        assert_eq!(caused("TypeError", "fetch failed", &QUIET), C::ServiceUnavailable);
    }

    #[test]
    fn the_value_s_own_system_code_counts_after_its_text() {
        assert_eq!(coded("Error", "socket hang up", "ECONNRESET"), C::ServiceUnavailable);
        assert_eq!(coded("Error", "getaddrinfo EAI_AGAIN db", "EAI_AGAIN"), C::ServiceUnavailable);
        assert_eq!(coded("Error", "connect EHOSTUNREACH 10.0.0.1:443", "EHOSTUNREACH"), C::ServiceUnavailable);
        assert_eq!(coded("HeadersTimeoutError", "Headers Timeout Error", "UND_ERR_HEADERS_TIMEOUT"), C::Timeout);
        assert_eq!(coded("SocketError", "other side closed", "UND_ERR_SOCKET"), C::ServiceUnavailable);
        // The ladder still comes first: the message's own keyword wins.
        assert_eq!(coded("Error", "request timed out", "ECONNREFUSED"), C::Timeout);
        assert_eq!(coded("Error", "nothing to see", "ENOENT"), C::InternalError);
    }

    #[test]
    fn an_aggregate_error_with_a_system_code_says_what_it_aggregates() {
        // Node's refusal from a host with two addresses (autoSelectFamily).
        assert_eq!(coded("AggregateError", "", "ECONNREFUSED"), C::ServiceUnavailable);
        static INNER: [Link<'static>; 1] =
            [Link { kind: ThrownKind::Other, name: "AggregateError", message: "", code: Code::Text("ECONNREFUSED") }];
        assert_eq!(caused("TypeError", "fetch failed", &INNER), C::ServiceUnavailable);
        // Without a code or cause it is InternalError, as in the reference, patterns unread.
        assert_eq!(caused("AggregateError", "not found", &[]), C::InternalError);
        assert_eq!(caused("ReferenceError", "x is not defined", &[]), C::InternalError);
    }

    #[test]
    fn a_cause_s_text_runs_through_the_ladder() {
        static RATE: [Link<'static>; 1] = [Link::error("Error", "rate limit exceeded")];
        assert_eq!(caused("Error", "tool failed", &RATE), C::RateLimited);
        static ZOD: [Link<'static>; 1] = [Link::error("ZodError", "")];
        assert_eq!(caused("Error", "could not parse the reply", &ZOD), C::ValidationError);
        static OURS: [Link<'static>; 1] =
            [Link { kind: ThrownKind::McpError, name: "McpError", message: "x", code: Code::Number(-32005) }];
        assert_eq!(caused("Error", "wrapped", &OURS), C::Forbidden);
        static SDK_TIMEOUT: [Link<'static>; 1] =
            [Link { kind: ThrownKind::Other, name: "SdkError", message: "x", code: Code::Text("REQUEST_TIMEOUT") }];
        assert_eq!(caused("Error", "wrapped", &SDK_TIMEOUT), C::Timeout);
        // The outer value's own classification always comes first.
        assert_eq!(caused("Error", "user not found", &RATE), C::NotFound);
    }

    #[test]
    fn nearest_cause_first_and_a_silent_link_passes_on() {
        static CHAIN: [Link<'static>; 3] = [
            Link::error("Error", "step failed"),
            Link { kind: ThrownKind::Other, name: "Error", message: "", code: Code::Text("ETIMEDOUT") },
            Link::error("Error", "connection refused"),
        ];
        assert_eq!(caused("Error", "outer", &CHAIN), C::Timeout);
        static FIRST_SPEAKS: [Link<'static>; 2] =
            [Link::error("Error", "connection refused"), Link::error("Error", "timed out")];
        assert_eq!(caused("Error", "outer", &FIRST_SPEAKS), C::ServiceUnavailable);
    }

    #[test]
    fn an_engine_limit_or_internal_mcp_error_in_the_chain_stops_it() {
        static LIMIT: [Link<'static>; 2] =
            [Link::error("RangeError", "Maximum call stack size exceeded"), Link::error("Error", "not found")];
        assert_eq!(caused("Error", "outer", &LIMIT), C::InternalError);
        static INTERNAL: [Link<'static>; 2] = [
            Link { kind: ThrownKind::McpError, name: "McpError", message: "", code: Code::Number(-32603) },
            Link::error("Error", "not found"),
        ];
        assert_eq!(caused("Error", "outer", &INTERNAL), C::InternalError);
    }

    #[test]
    fn only_five_causes_are_followed() {
        static SIX: [Link<'static>; 6] = [
            Link::error("Error", "a"),
            Link::error("Error", "b"),
            Link::error("Error", "c"),
            Link::error("Error", "d"),
            Link::error("Error", "e"),
            Link::error("Error", "not found"),
        ];
        assert_eq!(caused("Error", "outer", &SIX), C::InternalError);
        assert_eq!(caused("Error", "outer", SIX.get(1..).unwrap_or_default()), C::NotFound);
    }
}
