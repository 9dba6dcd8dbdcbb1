//! Which response headers reach `data.headers`, under which keys.
//!
//! As mcp-ts-core's `selectErrorHeaders` (`httpError.ts`, 37668a63): only the names the
//! caller listed, matched case-insensitively and keyed in lowercase, in the order first
//! listed (a name listed twice is one key); a header the response does not carry adds
//! no key, an empty one is `''`; no key at all when nothing was captured. Unlike it,
//! a credential's header ([`is_credential_name`]) is never captured, not `set-cookie`
//! alone, and a value longer than [`super::text::TEXT_UNITS`] units is cut.

use super::credential::is_credential_name;
use super::text::bounded;
use crate::value::Value;

/// The most names `errorHeaders` may list (the JS layer refuses a longer list).
pub const MAX_HEADER_NAMES: usize = 64;

/// Each listed name and the value the response answered for it (`None`: it carries
/// none), in the caller's order → the `headers` object, or `None` when empty.
#[inline(never)]
pub(crate) fn selected_headers(asked: &[(&str, Option<&str>)]) -> Option<Value<'static>> {
    let mut captured: Vec<(String, Value<'static>)> = Vec::new();
    for (name, value) in asked.iter().take(MAX_HEADER_NAMES) {
        let key = name.to_ascii_lowercase();
        let Some(value) = value else { continue };
        if key.is_empty() || is_credential_name(key.as_bytes()) || captured.iter().any(|(k, _)| *k == key) {
            continue;
        }
        captured.push((key, Value::str(bounded(value))));
    }
    (!captured.is_empty()).then(|| Value::Object(captured.into_iter().map(|(k, v)| (k.into(), v)).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(asked: &[(&str, Option<&str>)]) -> Option<String> {
        selected_headers(asked).map(|v| v.to_json())
    }

    /// The cases of mcp-ts-core's tests/unit/utils/network/httpError.test.ts (37668a63),
    /// "selected error headers (#302)".
    #[test]
    fn selection_as_mcp_ts_core_selects() {
        let id = ("x-request-id", Some("req-7"));
        assert_eq!(json(&[]), None);
        assert_eq!(
            json(&[("X-Request-Id", Some("req-7")), ("X-RateLimit-Remaining-USD", Some("0.42"))]).as_deref(),
            Some(r#"{"x-request-id":"req-7","x-ratelimit-remaining-usd":"0.42"}"#)
        );
        assert_eq!(
            json(&[id, ("X-Request-Id", Some("req-7")), ("X-REQUEST-ID", Some("req-7"))]).as_deref(),
            Some(r#"{"x-request-id":"req-7"}"#)
        );
        assert_eq!(json(&[id, ("x-absent", None)]).as_deref(), Some(r#"{"x-request-id":"req-7"}"#));
        assert_eq!(json(&[("x-empty", Some(""))]).as_deref(), Some(r#"{"x-empty":""}"#));
        assert_eq!(json(&[("x-multi", Some("one, two"))]).as_deref(), Some(r#"{"x-multi":"one, two"}"#));
        assert_eq!(json(&[("Set-Cookie", Some("session=secret")), id]).as_deref(), Some(r#"{"x-request-id":"req-7"}"#));
        assert_eq!(json(&[("set-cookie", Some("session=secret"))]), None);
        assert_eq!(
            json(&[("location", Some("https://elsewhere.example/moved"))]).as_deref(),
            Some(r#"{"location":"https://elsewhere.example/moved"}"#)
        );
    }

    #[test]
    fn credential_headers_are_never_captured_whatever_is_asked() {
        let asked = [
            ("Authorization", Some("Bearer abc")),
            ("proxy-authorization", Some("Basic abc")),
            ("Cookie", Some("a=b")),
            ("x-api-key", Some("k")),
            ("x-auth-token", Some("t")),
            ("x-client-secret", Some("s")),
            ("x-request-id", Some("req-7")),
        ];
        assert_eq!(json(&asked).as_deref(), Some(r#"{"x-request-id":"req-7"}"#));
    }

    #[test]
    fn a_long_value_is_cut() {
        let long = "v".repeat(super::super::text::TEXT_UNITS + 1);
        let captured = selected_headers(&[("x-long", Some(&long))]).unwrap();
        let value = captured.get("x-long").and_then(Value::as_str).unwrap();
        assert_eq!(crate::utf16::js_len(value), super::super::text::TEXT_UNITS);
        assert!(value.ends_with('…'));
    }
}
