//! Which JSON-RPC code a thrown value gets: the ladder of seeds 002/003, first match wins.
//!
//! 1. the request's signal was aborted → RequestCancelled
//! 2. an `McpError` → its own code (an unreadable or unknown code → InternalError)
//! 3. the official MCP SDK's own errors → their code, mapped ([`sdk`]; this includes the
//!    SDK's transport-closed rejection → RequestCancelled)
//! 4. a `RangeError` whose whole message is an engine resource limit → InternalError
//! 5. the constructor-name table (TypeError deliberately absent)
//! 6. the 20 provider patterns, 7. the 10 common patterns (message, then name)
//! 8. name `AbortError` → Timeout
//! 9. what the value is made of ([`cause`]): its Node/undici system `code`, then each
//!    link of its `cause` chain through steps 2–8 and its own system code
//! 10. fallback InternalError
//!
//! Step 9 runs only where steps 2–8 give InternalError for want of anything better:
//! when nothing matched (the reference's fallback), and for the constructor table's
//! InternalError names (`ReferenceError`, `EvalError`, `AggregateError`: Node reports a
//! refused connection to a host with two addresses as an `AggregateError` whose `code`
//! is `ECONNREFUSED`). A chosen InternalError (an `McpError`'s, an SDK error's, an
//! engine limit) is final. A value with no `code` and no `cause` is classified exactly
//! as by mcp-ts-core 0.10.17's `determineErrorCode`, apart from step 4.
//!
//! [`classify()`] is [`classify_own`] (steps 1–8) then [`classify_by_cause`] (steps 9–10),
//! so the JS layer reads a cause chain only for a value that reaches step 9.
//!
//! The JS layer reads the thrown value (once, inside try/catch) into a [`Thrown`];
//! this module only ever sees strings and numbers, so nothing here can run user code.

pub(crate) mod cause;
pub(crate) mod name;
mod patterns;
pub(crate) mod problem;
pub(crate) mod sdk;
pub(crate) mod system_code;

use crate::codes::{Category, JsonRpcErrorCode};
use crate::value::Value;
pub use cause::{Link, MAX_CAUSES};
pub use name::{error_name, NameRead, Seen};
use patterns::Haystack;

/// How much of a name or message the patterns read, in bytes. A keyword past this
/// point does not count; in exchange a 100 MB message costs what 16 KiB costs.
pub const CLASSIFY_TEXT_CAP: usize = 16 * 1024;

/// What the JS layer could tell about the thrown value before reading its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ThrownKind {
    /// Our `McpError` (its private-field brand, never its name). Its code is the
    /// value's [`Code`]; anything but an integral number in our table → InternalError.
    McpError,
    /// Anything else: an `Error`, a primitive, a plain object, an unreadable Proxy.
    Other,
}

/// The value's own `code` property, as the JS layer read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Code<'a> {
    /// Absent, unreadable, or neither an integral number nor a short string.
    Absent,
    /// An integral number within `i32` (an McpError's, the SDK's).
    Number(i32),
    /// A string: a Node system code (`ECONNREFUSED`), undici's (`UND_ERR_SOCKET`),
    /// the SDK's (`REQUEST_TIMEOUT`).
    Text(&'a str),
}

/// A thrown value as text. `name` is what [`name::error_name`] gives (mcp-ts-core's
/// `getErrorName`: `error.name` for an Error, `"[Unreadable]"` when reading threw) and
/// `message` what `getErrorMessage` would;
/// `causes` is its `cause` chain, nearest first (at most [`cause::MAX_CAUSES`] count).
#[derive(Debug, Clone, Copy)]
pub struct Thrown<'a> {
    pub kind: ThrownKind,
    pub name: &'a str,
    pub message: &'a str,
    pub code: Code<'a>,
    pub causes: &'a [Link<'a>],
    /// The code a thrown plain object's HTTP status maps to ([`problem::Problem::code`]):
    /// after the request's abort, it decides ahead of the ladder (the status is what the
    /// server said; the text only how it said it).
    pub status: Option<JsonRpcErrorCode>,
}

impl<'a> Thrown<'a> {
    /// An ordinary `Error` with this name and message, no `code` and no `cause`.
    pub fn error(name: &'a str, message: &'a str) -> Self {
        Thrown { kind: ThrownKind::Other, name, message, code: Code::Absent, causes: &[], status: None }
    }

    /// The value itself as one link of its chain.
    pub fn link(&self) -> Link<'a> {
        Link { kind: self.kind, name: self.name, message: self.message, code: self.code }
    }
}

/// What [`classify_error`](crate::classify_error) decided about an error: the
/// [`JsonRpcErrorCode`] to send it with and that code's [`Category`]. Use the code for
/// the envelope and the category to count or alert on failures.
///
/// ```
/// use mcp_envelope::{classify_error, Category, JsonRpcErrorCode};
///
/// let error = std::io::Error::from(std::io::ErrorKind::PermissionDenied);
/// let classification = classify_error(&error);
/// assert_eq!(classification.code, JsonRpcErrorCode::Forbidden);
/// assert_eq!(classification.category, Category::Client);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Classification {
    /// The code to send the error with.
    pub code: JsonRpcErrorCode,
    /// Where the failure comes from.
    pub category: Category,
}

impl Classification {
    fn of(code: JsonRpcErrorCode) -> Self {
        Classification { code, category: code.category() }
    }

    /// The code's enum name, e.g. `"Timeout"`.
    ///
    /// ```
    /// use mcp_envelope::classify_error;
    ///
    /// let error = std::io::Error::from(std::io::ErrorKind::TimedOut);
    /// assert_eq!(classify_error(&error).name(), "Timeout");
    /// ```
    pub fn name(&self) -> &'static str {
        self.code.name()
    }
}

/// The `data.reason` mcp-ts-core's canvas tenant cap throws under `RateLimited`.
pub const CANVAS_CAPACITY_EXHAUSTED_REASON: &str = "canvas_capacity_exhausted";

/// The category a failure files under once its `data` is known, as mcp-ts-core's
/// `getErrorCategory(code, data)` decides it (`mappings.ts`): the code's own
/// ([`JsonRpcErrorCode::category`], the one table in src/codes.rs), except that a
/// `RateLimited` whose `data.reason` is [`CANVAS_CAPACITY_EXHAUSTED_REASON`] is a local
/// capacity decision, so `server`. The reason moves no other code.
pub fn category_of(code: JsonRpcErrorCode, data: Option<&Value>) -> Category {
    let reason = data.and_then(|d| d.get("reason")).and_then(Value::as_str);
    if code == JsonRpcErrorCode::RateLimited && reason == Some(CANVAS_CAPACITY_EXHAUSTED_REASON) {
        return Category::Server;
    }
    code.category()
}

/// Whole messages with which engines report running out of a resource.
const ENGINE_LIMIT_MESSAGES: [&str; 4] =
    ["Maximum call stack size exceeded", "Maximum call stack size exceeded.", "Invalid string length", "Out of memory"];

fn constructor_code(name: &str) -> Option<JsonRpcErrorCode> {
    match name {
        "SyntaxError" | "RangeError" | "URIError" | "ZodError" => Some(JsonRpcErrorCode::ValidationError),
        "ReferenceError" | "EvalError" | "AggregateError" => Some(JsonRpcErrorCode::InternalError),
        _ => None,
    }
}

/// The code `thrown` gets: steps 1–10.
pub fn classify(thrown: &Thrown<'_>, aborted: bool) -> Classification {
    classify_own(thrown, aborted).unwrap_or_else(|| classify_by_cause(thrown.code, thrown.causes))
}

/// Steps 1–8, which read only the value itself (its `causes` are ignored): `None` when
/// they find nothing better than InternalError, and what the value is made of decides
/// ([`classify_by_cause`]). Lets the JS layer read a cause chain only when it matters.
pub fn classify_own(thrown: &Thrown<'_>, aborted: bool) -> Option<Classification> {
    if aborted {
        return Some(Classification::of(JsonRpcErrorCode::RequestCancelled));
    }
    if let Some(code) = thrown.status {
        return Some(Classification::of(code));
    }
    match ladder(&thrown.link()) {
        Verdict::Code(code) => Some(Classification::of(code)),
        Verdict::Unknown => None,
    }
}

/// Steps 9–10 for a value [`classify_own`] found nothing for: its own `code` and its
/// cause chain, nearest first, else InternalError.
pub fn classify_by_cause(code: Code<'_>, causes: &[Link<'_>]) -> Classification {
    Classification::of(cause::what_it_is_made_of(code, causes).unwrap_or(JsonRpcErrorCode::InternalError))
}

/// What steps 2–8 say of one value (the thrown one, or one of its causes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verdict {
    Code(JsonRpcErrorCode),
    /// InternalError for want of anything better: steps 2–8 found nothing, or only a
    /// constructor name the reference maps to InternalError. Step 9 may still say more.
    Unknown,
}

pub(crate) fn ladder(link: &Link<'_>) -> Verdict {
    if link.kind == ThrownKind::McpError {
        let code = match link.code {
            Code::Number(n) => JsonRpcErrorCode::from_value(n),
            Code::Absent | Code::Text(_) => None,
        };
        return Verdict::Code(code.unwrap_or(JsonRpcErrorCode::InternalError));
    }
    if let Some(code) = sdk::sdk_error_code(link.name, link.code) {
        return Verdict::Code(code);
    }
    if link.name == "RangeError" && ENGINE_LIMIT_MESSAGES.contains(&link.message) {
        return Verdict::Code(JsonRpcErrorCode::InternalError);
    }
    if let Some(code) = constructor_code(link.name) {
        return match code {
            JsonRpcErrorCode::InternalError => Verdict::Unknown,
            _ => Verdict::Code(code),
        };
    }
    let message = Haystack::new(link.message, CLASSIFY_TEXT_CAP);
    let name = Haystack::new(link.name, CLASSIFY_TEXT_CAP);
    if let Some(code) = patterns::code_for(&message, &name) {
        return Verdict::Code(code);
    }
    if link.name == "AbortError" {
        return Verdict::Code(JsonRpcErrorCode::Timeout);
    }
    Verdict::Unknown
}

#[cfg(test)]
mod tests {
    use super::*;
    use JsonRpcErrorCode as C;

    fn code(name: &str, message: &str) -> C {
        classify(&Thrown::error(name, message), false).code
    }

    fn ours(code: Code<'static>, message: &'static str) -> Thrown<'static> {
        Thrown { kind: ThrownKind::McpError, name: "McpError", message, code, causes: &[], status: None }
    }

    #[test]
    fn aborted_outranks_everything_even_an_mcp_error() {
        let t = ours(Code::Number(-32001), "x");
        assert_eq!(classify(&t, true).code, C::RequestCancelled);
        assert_eq!(classify(&t, false).code, C::NotFound);
    }

    #[test]
    fn mcp_error_keeps_its_code_and_an_unreadable_one_is_internal() {
        assert_eq!(classify(&ours(Code::Absent, "rate limit"), false).code, C::InternalError);
        assert_eq!(classify(&ours(Code::Number(7), "not found"), false).code, C::InternalError);
        assert_eq!(classify(&ours(Code::Text("NOT_FOUND"), "not found"), false).code, C::InternalError);
        // Our McpError's InternalError is what its author chose: no cause is consulted.
        let cause = [Link::error("Error", "rate limit exceeded")];
        let t = Thrown { causes: &cause, ..ours(Code::Number(-32603), "x") };
        assert_eq!(classify(&t, false).code, C::InternalError);
    }

    #[test]
    fn sdk_connection_closed_is_cancelled_not_the_abort_pattern() {
        let t = Thrown { code: Code::Number(-32000), ..Thrown::error("McpError", "Request aborted") };
        assert_eq!(classify(&t, false).code, C::RequestCancelled);
        assert_eq!(code("McpError", "Request aborted"), C::Timeout);
    }

    #[test]
    fn classify_is_the_value_s_own_steps_then_what_it_is_made_of() {
        let own = |t: &Thrown<'_>, aborted| classify_own(t, aborted).map(|c| c.code);
        assert_eq!(own(&Thrown::error("TypeError", "fetch failed"), false), None);
        assert_eq!(own(&Thrown::error("AggregateError", "not found"), false), None);
        assert_eq!(own(&Thrown::error("Error", "not found"), false), Some(C::NotFound));
        assert_eq!(own(&Thrown::error("TypeError", "fetch failed"), true), Some(C::RequestCancelled));
        let sdk = Thrown { code: Code::Text("CONNECTION_CLOSED"), ..Thrown::error("SdkError", "Request aborted") };
        assert_eq!(own(&sdk, false), Some(C::RequestCancelled));
        // A system code is step 9: the value's own steps do not read it.
        let reset = Thrown { code: Code::Text("ECONNRESET"), ..Thrown::error("Error", "socket hang up") };
        assert_eq!(own(&reset, false), None);
        assert_eq!(classify(&reset, false).code, C::ServiceUnavailable);
        assert_eq!(classify_by_cause(Code::Text("ECONNRESET"), &[]).code, C::ServiceUnavailable);
        assert_eq!(classify_by_cause(Code::Absent, &[]).code, C::InternalError);
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
    fn the_canvas_cap_is_a_server_capacity_decision() {
        let data = |text: &str| Value::parse_json(text).unwrap();
        let canvas = data(r#"{"reason":"canvas_capacity_exhausted"}"#);
        assert_eq!(category_of(JsonRpcErrorCode::RateLimited, Some(&canvas)), Category::Server);
        assert_eq!(category_of(JsonRpcErrorCode::NotFound, Some(&canvas)), Category::Client);
        for other in [r#"{"tenantId":"default"}"#, r#"{"reason":"upstream_quota_exceeded"}"#, r#"{"reason":42}"#] {
            assert_eq!(category_of(JsonRpcErrorCode::RateLimited, Some(&data(other))), Category::Upstream);
        }
        assert_eq!(category_of(JsonRpcErrorCode::RateLimited, None), Category::Upstream);
    }

    #[test]
    fn a_keyword_counts_when_it_ends_within_the_first_16_kib() {
        let at = |pad: usize| code("Error", &format!("{}not found", "x".repeat(pad)));
        assert_eq!(CLASSIFY_TEXT_CAP, 16_384);
        assert_eq!(at(16_384 - 9), C::NotFound);
        assert_eq!(at(16_384 - 8), C::InternalError);
        assert_eq!(at(2_000), C::NotFound);
    }

    #[test]
    fn a_stated_status_decides_ahead_of_the_ladder_but_not_of_the_abort() {
        let t = Thrown::error("Error", "rate limit exceeded");
        let with = |status, aborted| classify_own(&Thrown { status, ..t }, aborted).map(|c| c.code);
        assert_eq!(with(Some(C::NotFound), false), Some(C::NotFound));
        assert_eq!(with(Some(C::NotFound), true), Some(C::RequestCancelled));
        assert_eq!(with(None, false), Some(C::RateLimited));
        assert_eq!(with(None, true), Some(C::RequestCancelled));
        let plain = Thrown::error("TypeError", "fetch failed");
        assert_eq!(
            classify_own(&Thrown { status: Some(C::Conflict), ..plain }, false).map(|c| c.code),
            Some(C::Conflict)
        );
        assert_eq!(classify_own(&plain, false), None);
    }

    #[test]
    fn category_and_name_follow_the_code() {
        let c = classify(&Thrown::error("Error", "ETIMEDOUT"), false);
        assert_eq!((c.name(), c.category), ("Timeout", Category::Upstream));
    }
}
