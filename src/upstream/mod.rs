//! `httpErrorFromResponse`: the McpError for an upstream HTTP response that failed, as
//! mcp-ts-core builds it (`src/utils/network/httpError.ts`, 37668a63), with what it
//! leaks left out.
//!
//! The code is [`http_status_to_error_code`]'s (InternalError for a status below 300);
//! the message names the service or the URL's host ([`message`]); `data` holds, in
//! mcp-ts-core's order: `url` (only when asked for, scrubbed: [`url`]), `status`,
//! `statusText` (when not empty), `body` (cut: [`body`]), `statusCode`, `responseBody`
//! (the same body, mcp-ts-core's legacy alias), `retryAfter` (only delta-seconds or an
//! HTTP-date: [`retry_after`]), `retryable: false` for a 501, `headers` (the listed ones,
//! never a credential's: [`headers`]), then the caller's own fields, each replacing ours
//! of the same name in place, the others after them.
//!
//! Everything the response gives is cut ([`text`]): the core's work and output are
//! bounded whatever the response holds.

mod body;
mod credential;
mod headers;
mod message;
mod retry_after;
mod text;
mod url;

use std::borrow::Cow;

pub use body::{BODY_LIMIT_MAX, BODY_SLACK, DEFAULT_BODY_LIMIT};
pub use headers::MAX_HEADER_NAMES;
pub use message::NO_SUBJECT;
pub use text::{TEXT_UNITS, TRUNCATION};

use crate::codes::JsonRpcErrorCode;
use crate::http_status::{http_status_is_permanent, http_status_to_error_code};
use crate::jsonrpc::McpErrorParts;
use crate::utf16::prefix;
use crate::value::Value;

/// What the JS layer read of the `Response`.
#[derive(Debug, Clone, Default)]
pub struct UpstreamResponse<'a> {
    pub status: f64,
    pub status_text: &'a str,
    pub url: &'a str,
    /// The `Retry-After` header's value, when the response carries one.
    pub retry_after: Option<&'a str>,
    /// Each name the caller listed in `errorHeaders` and the response's value for it.
    pub headers: Vec<(&'a str, Option<&'a str>)>,
    /// The body's first bytes decoded and whether it went on past the limit; `None`
    /// when it was not read (not asked for, or it could not be).
    pub body: Option<(&'a str, bool)>,
}

/// The caller's options.
#[derive(Debug, Clone, Default)]
pub struct HttpErrorOptions<'a, 'd> {
    pub service: Option<&'a str>,
    pub include_url: bool,
    /// Bytes of body kept ([`body::body_limit`] reads the caller's number).
    pub body_limit: Option<f64>,
    /// The caller's `data` fields, in their order.
    pub data: Option<&'d [(Cow<'a, str>, Value<'a>)]>,
}

/// The McpError's parts for `response`.
pub fn http_error(response: &UpstreamResponse<'_>, options: &HttpErrorOptions<'_, '_>) -> McpErrorParts<'static> {
    let status = response.status;
    let code = http_status_to_error_code(status).unwrap_or(JsonRpcErrorCode::InternalError);
    let (url, _, url_cut) = prefix(response.url, TEXT_UNITS);
    let service = options.service.map(text::bounded);
    let host = if service.is_some() { None } else { url::url_host(url) };
    let status_text = text::bounded(response.status_text);
    let message = message::message(service.as_deref(), host.as_deref(), status, &status_text);

    let mut data: Vec<(Cow<'static, str>, Value<'static>)> = Vec::with_capacity(12);
    let mut put = |key: &'static str, value: Value<'static>| push_field(&mut data, key, value);
    if options.include_url && !url.is_empty() {
        if let Some(mut scrubbed) = url::scrubbed_url(url) {
            if url_cut {
                scrubbed.push_str(TRUNCATION);
            }
            // Masking can lengthen a value (`k` → `***`): the cap holds all the same.
            put("url", Value::str(text::bounded(&scrubbed)));
        }
    }
    put("status", Value::Number(status));
    if !status_text.is_empty() {
        put("statusText", Value::str(status_text));
    }
    let limit = body::body_limit(options.body_limit);
    let body = response.body.and_then(|(text, more)| body::captured_body(text, more, limit));
    if let Some(body) = &body {
        put("body", Value::str(body.clone()));
    }
    put("statusCode", Value::Number(status));
    if let Some(body) = body {
        put("responseBody", Value::str(body));
    }
    if let Some(retry_after) = response.retry_after.filter(|v| retry_after::is_valid_retry_after(v)) {
        put("retryAfter", Value::str(retry_after));
    }
    if http_status_is_permanent(status) {
        put("retryable", Value::Bool(false));
    }
    if let Some(headers) = headers::selected_headers(&response.headers) {
        put("headers", headers);
    }
    // The caller's fields after ours, one of the same name in our place: only our few
    // fields are searched, so a caller's object of any size costs one pass (its keys are
    // distinct already, as a JS object's are).
    let own = data.len();
    for (key, value) in options.data.unwrap_or_default() {
        let value = value.to_owned_value();
        match data.get_mut(..own).and_then(|ours| ours.iter_mut().find(|(k, _)| k == key)) {
            Some(field) => field.1 = value,
            None => data.push((Cow::Owned(key.to_string()), value)),
        }
    }
    McpErrorParts { code: code.value(), message, data: Some(Value::Object(data)) }
}

/// One field of `data` (not inlined: each call site stays a call).
#[inline(never)]
fn push_field(data: &mut Vec<(Cow<'static, str>, Value<'static>)>, key: &'static str, value: Value<'static>) {
    data.push((Cow::Borrowed(key), value));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(response: &UpstreamResponse<'_>, options: &HttpErrorOptions<'_, '_>) -> String {
        http_error(response, options).to_json()
    }

    /// mcp-ts-core's tests/unit/utils/network/httpError.test.ts (37668a63), "classifies
    /// 429 as RateLimited and includes Retry-After", its whole `data` (which the
    /// reference builds in this order).
    #[test]
    fn a_429_as_mcp_ts_core_writes_it() {
        let response = UpstreamResponse {
            status: 429.0,
            status_text: "Too Many Requests",
            url: "https://api.example.com/foo",
            retry_after: Some("30"),
            body: Some(("slow down", false)),
            ..UpstreamResponse::default()
        };
        let options = HttpErrorOptions { service: Some("NCBI"), ..HttpErrorOptions::default() };
        assert_eq!(
            json(&response, &options),
            concat!(
                r#"{"code":-32003,"message":"NCBI returned HTTP 429 Too Many Requests.","data":{"status":429,"#,
                r#""statusText":"Too Many Requests","body":"slow down","statusCode":429,"responseBody":"slow down","#,
                r#""retryAfter":"30"}}"#
            )
        );
    }

    #[test]
    fn the_url_only_when_asked_and_scrubbed_the_host_in_the_message_either_way() {
        let response = UpstreamResponse {
            status: 503.0,
            url: "https://user:pw@api.example.com/v1/search?q=secret-term&api_key=REDACTED",
            ..UpstreamResponse::default()
        };
        let plain = http_error(&response, &HttpErrorOptions::default());
        assert_eq!(plain.message, "api.example.com returned HTTP 503.");
        assert_eq!(plain.data.as_ref().and_then(|d| d.get("url")), None);
        let asked = http_error(&response, &HttpErrorOptions { include_url: true, ..HttpErrorOptions::default() });
        assert_eq!(
            asked.data.as_ref().and_then(|d| d.get("url")).and_then(Value::as_str),
            Some("https://api.example.com/v1/search?q=secret-term&api_key=***")
        );
        let empty = UpstreamResponse { status: 500.0, ..UpstreamResponse::default() };
        let no_url = http_error(&empty, &HttpErrorOptions { include_url: true, ..HttpErrorOptions::default() });
        assert_eq!(no_url.message, "Upstream returned HTTP 500.");
        assert_eq!(no_url.data.as_ref().and_then(|d| d.get("url")), None);
    }

    #[test]
    fn codes_by_status_class_and_501_is_permanent() {
        for (status, code) in [
            (101.0, -32603),
            (200.0, -32603),
            (302.0, -32600),
            (400.0, -32602),
            (401.0, -32006),
            (403.0, -32005),
            (404.0, -32001),
            (408.0, -32004),
            (409.0, -32002),
            (422.0, -32007),
            (429.0, -32003),
            (500.0, -32000),
            (501.0, -32000),
            (502.0, -32000),
            (503.0, -32000),
            (504.0, -32004),
        ] {
            let parts =
                http_error(&UpstreamResponse { status, ..UpstreamResponse::default() }, &HttpErrorOptions::default());
            assert_eq!(parts.code, code, "{status}");
            let retryable = parts.data.as_ref().and_then(|d| d.get("retryable")).and_then(Value::as_bool);
            assert_eq!(retryable, (status == 501.0).then_some(false), "{status}");
        }
    }

    #[test]
    fn garbage_retry_after_is_left_out() {
        for (value, kept) in [("30", true), ("Wed, 21 Oct 2015 07:28:00 GMT", true), ("soon", false), ("-5", false)] {
            let response = UpstreamResponse { status: 429.0, retry_after: Some(value), ..UpstreamResponse::default() };
            let parts = http_error(&response, &HttpErrorOptions::default());
            let got = parts.data.as_ref().and_then(|d| d.get("retryAfter")).and_then(Value::as_str);
            assert_eq!(got, kept.then_some(value), "{value}");
        }
    }

    #[test]
    fn the_callers_data_replaces_ours_in_place_and_the_rest_follows() {
        let caller = Value::parse_json(r#"{"url":"mine","endpoint":"esearch","retryable":true}"#).unwrap();
        let fields = caller.as_object().unwrap();
        let response = UpstreamResponse { status: 501.0, url: "https://a.example/x", ..UpstreamResponse::default() };
        let options = HttpErrorOptions { data: Some(fields), ..HttpErrorOptions::default() };
        assert_eq!(
            json(&response, &options),
            concat!(
                r#"{"code":-32000,"message":"a.example returned HTTP 501.","data":{"status":501,"statusCode":501,"#,
                r#""retryable":true,"url":"mine","endpoint":"esearch"}}"#
            )
        );
    }

    #[test]
    fn no_body_for_a_zero_limit_or_a_body_not_read() {
        let read = UpstreamResponse { status: 500.0, body: Some(("secret", false)), ..UpstreamResponse::default() };
        let zero = http_error(&read, &HttpErrorOptions { body_limit: Some(0.0), ..HttpErrorOptions::default() });
        assert_eq!(zero.data.as_ref().and_then(|d| d.get("body")), None);
        assert_eq!(zero.data.as_ref().and_then(|d| d.get("responseBody")), None);
        let unread = UpstreamResponse { status: 500.0, ..UpstreamResponse::default() };
        assert_eq!(http_error(&unread, &HttpErrorOptions::default()).data.and_then(|d| d.get("body").cloned()), None);
    }

    #[test]
    fn everything_the_response_gives_is_bounded() {
        let long = "é".repeat(TEXT_UNITS * 2);
        let url = format!("https://example.com/{long}");
        let response = UpstreamResponse {
            status: 500.0,
            status_text: &long,
            url: &url,
            headers: vec![("x-long", Some(&long))],
            ..UpstreamResponse::default()
        };
        let parts = http_error(&response, &HttpErrorOptions { include_url: true, ..HttpErrorOptions::default() });
        let data = parts.data.unwrap();
        for key in ["statusText", "url"] {
            let text = data.get(key).and_then(Value::as_str).unwrap();
            assert!(crate::utf16::js_len(text) <= TEXT_UNITS, "{key}");
            assert!(text.ends_with(TRUNCATION), "{key}");
        }
        assert!(crate::utf16::js_len(&parts.message) < TEXT_UNITS + 64);
    }
}
