//! Guidance: what a model should do next after a classified failure.
//!
//! A thrown value that carries no guidance of its own (no `data.recovery.hint`, no
//! `data.retryable`) still has a code, and the code says enough for one next step: wait
//! and retry, fix the arguments, stop and tell the user. [`guidance_for`] gives that
//! step as one `Recovery:` sentence and whether retrying can succeed. InternalError,
//! UnknownError and a few server codes that say nothing about the next step get none,
//! so they read exactly as they do without guidance.
//!
//! `registerTool` applies it by default; `errorResult` only with `guidance: true`, so
//! its default bytes stay mcp-ts-core's. A wrapper whose message says nothing (Node's
//! `fetch failed`) is named by its nearest cause's own text ([`with_cause_text`]).

use crate::codes::JsonRpcErrorCode;
use crate::js::js_trim;
use crate::utf16::cut_utf16;
use crate::value::js_number_string;

/// One next step: the `Recovery:` sentence and whether the same call may succeed later.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Guidance {
    pub hint: String,
    pub retryable: bool,
}

fn step(hint: &str, retryable: bool) -> Option<Guidance> {
    Some(Guidance { hint: hint.to_owned(), retryable })
}

/// The next step for `code`; `retry_after` (seconds, when the failure said) makes a
/// rate limit's wait exact. `None` where the code alone tells no next step.
pub fn guidance_for(code: JsonRpcErrorCode, retry_after: Option<f64>) -> Option<Guidance> {
    use JsonRpcErrorCode as C;
    let wait = retry_after.filter(|s| s.is_finite() && *s > 0.0).map(js_number_string);
    match code {
        C::RateLimited => Some(Guidance {
            hint: match wait {
                Some(seconds) => format!("Too many requests: wait {seconds} seconds, then retry the same call."),
                None => "Too many requests: wait before retrying the same call, and make fewer calls.".to_owned(),
            },
            retryable: true,
        }),
        C::ServiceUnavailable => Some(Guidance {
            hint: match wait {
                Some(seconds) => format!("A service this tool depends on is unavailable: wait {seconds} seconds, then retry the same call."),
                None => "A service this tool depends on is unavailable: wait a moment, then retry the same call.".to_owned(),
            },
            retryable: true,
        }),
        C::Timeout => step("The operation timed out: retry the same call once; if it times out again, ask for less (a narrower query, a smaller batch).", true),
        C::InitializationFailed => step("The server has not finished starting: wait a moment, then retry the same call.", true),
        C::Unauthorized => step("The server is not authorized for this operation, and retrying will not change that: tell the user its credentials are missing or expired.", false),
        C::Forbidden => step("This operation is not permitted with the access the server has: do not retry it; choose another operation or tell the user.", false),
        C::NotFound => step("Nothing exists under what you sent: check the identifier, or find the right one with a tool of this server that lists or searches, then call again.", false),
        C::Conflict => step("The target's current state conflicts with this call: read its current state again, then call with values that match it.", false),
        C::InvalidParams | C::ValidationError => step("Correct the arguments as the message says, then call the tool again.", false),
        C::InvalidRequest => step("The request cannot be served as sent: change it as the message says; the same call will fail again.", false),
        C::MethodNotFound => step("That operation does not exist: check the tool's name and the operations it offers.", false),
        C::ConfigurationError => step("The server is misconfigured, and retrying will not change that: tell the user the server needs configuring.", false),
        C::InternalError
        | C::UnknownError
        | C::DatabaseError
        | C::SerializationError
        | C::ParseError
        | C::RequestCancelled => None,
    }
}

/// How much of a cause's text names it in the message, in UTF-16 units (cut with `…`).
pub const CAUSE_TEXT_UNITS: usize = 1024;

/// `message` naming its nearest cause: `fetch failed: connect ECONNREFUSED 127.0.0.1:5432`.
/// The first cause whose trimmed text is not empty and not already in the message is
/// named; with none, the message is unchanged.
pub fn with_cause_text<'a>(message: &str, causes: impl IntoIterator<Item = &'a str>) -> String {
    let own = js_trim(message);
    let named = causes.into_iter().map(js_trim).find(|text| !text.is_empty() && !own.contains(text));
    match named {
        None => message.to_owned(),
        Some(text) => {
            let text = cut_utf16(text, CAUSE_TEXT_UNITS, "…");
            if own.is_empty() {
                text
            } else {
                format!("{own}: {text}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use JsonRpcErrorCode as C;

    #[test]
    fn upstream_codes_are_retryable_and_a_known_wait_is_named() {
        for code in [C::ServiceUnavailable, C::Timeout, C::RateLimited] {
            assert!(guidance_for(code, None).is_some_and(|g| g.retryable), "{code:?}");
        }
        let limited = guidance_for(C::RateLimited, Some(30.0)).map(|g| g.hint);
        assert_eq!(limited.as_deref(), Some("Too many requests: wait 30 seconds, then retry the same call."));
        let busy = guidance_for(C::ServiceUnavailable, Some(1.5)).map(|g| g.hint).unwrap_or_default();
        assert!(busy.contains("wait 1.5 seconds"), "{busy}");
        // A wait that is no number of seconds is not named.
        for no_wait in [f64::NAN, f64::INFINITY, 0.0, -5.0] {
            let unnamed = guidance_for(C::RateLimited, Some(no_wait)).map(|g| g.hint).unwrap_or_default();
            assert_eq!(
                unnamed, "Too many requests: wait before retrying the same call, and make fewer calls.",
                "{no_wait}"
            );
        }
    }

    #[test]
    fn refusals_are_not_retryable_and_internal_errors_get_nothing() {
        for code in [C::Unauthorized, C::Forbidden, C::NotFound, C::InvalidParams, C::ConfigurationError] {
            assert!(guidance_for(code, None).is_some_and(|g| !g.retryable), "{code:?}");
        }
        for code in [C::InternalError, C::UnknownError, C::RequestCancelled] {
            assert_eq!(guidance_for(code, None), None);
        }
        // Every sentence ends as a sentence.
        for code in JsonRpcErrorCode::ALL {
            if let Some(g) = guidance_for(code, Some(2.0)) {
                assert!(g.hint.ends_with('.'), "{code:?}: {}", g.hint);
            }
        }
    }

    #[test]
    fn the_nearest_cause_that_adds_something_is_named() {
        let refused = "connect ECONNREFUSED 127.0.0.1:5432";
        assert_eq!(with_cause_text("fetch failed", [refused]), format!("fetch failed: {refused}"));
        assert_eq!(with_cause_text("fetch failed", ["", "  ", "bad port"]), "fetch failed: bad port");
        // Already said: unchanged.
        assert_eq!(with_cause_text("lookup failed: bad port", ["bad port"]), "lookup failed: bad port");
        assert_eq!(with_cause_text("boom", std::iter::empty()), "boom");
        assert_eq!(with_cause_text("", ["bad port"]), "bad port");
        let long = "x".repeat(5000);
        let named = with_cause_text("m", [long.as_str()]);
        assert_eq!(named.chars().count(), 2 + 1 + CAUSE_TEXT_UNITS);
        assert!(named.ends_with('…'));
    }
}
