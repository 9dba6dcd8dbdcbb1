//! The McpError for an upstream HTTP response that failed (the npm
//! `httpErrorFromResponse`), from what a Rust HTTP client gives: the status, the
//! headers and the body's bytes.

use super::bound::js_slice;
use super::depth::shallow;
use super::mcp_error::McpError;
use crate::upstream::{self, UpstreamResponse, BODY_LIMIT_MAX, BODY_SLACK, DEFAULT_BODY_LIMIT, MAX_HEADER_NAMES};
use crate::value::Value;
use std::borrow::Cow;

/// The upstream response, as a Rust HTTP client gives it.
///
/// ```
/// use mcp_envelope::HttpResponse;
///
/// let headers = [("Retry-After", "30")];
/// let response = HttpResponse { status: 503, status_text: "Service Unavailable", url: "https://api.example.com/v1", headers: &headers, body: Some(b"down") };
/// assert_eq!(response.status, 503);
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct HttpResponse<'a> {
    /// The HTTP status.
    pub status: u16,
    /// The status text (reqwest: `status().canonical_reason()`), `""` when none.
    pub status_text: &'a str,
    /// The URL the response came from.
    pub url: &'a str,
    /// The response's headers, `(name, value)`; a name given twice has its values joined
    /// with `, `, as `fetch`'s `headers.get` reads them.
    pub headers: &'a [(&'a str, &'a str)],
    /// The body's bytes, or its first bytes (`bodyLimit` + 3 are enough); `None` when it
    /// could not be read.
    pub body: Option<&'a [u8]>,
}

/// What [`http_error_from_response`] adds and keeps (the npm options of the same names).
///
/// ```
/// use mcp_envelope::UpstreamOptions;
///
/// let options = UpstreamOptions { service: Some("Weather API"), ..UpstreamOptions::default() };
/// assert!(options.capture_body);
/// ```
#[derive(Debug, Clone, Copy)]
pub struct UpstreamOptions<'a> {
    /// The service's name for the message (default, and for `""`: the URL's host).
    pub service: Option<&'a str>,
    /// Keep the body's first bytes in `data.body` (default on).
    pub capture_body: bool,
    /// Bytes of body kept (default 500, at most 1 MiB).
    pub body_limit: Option<usize>,
    /// Put the URL, its credentials and query secrets masked, in `data.url`.
    pub include_url: bool,
    /// Response headers copied into `data.headers` (at most 64 names; a credential's
    /// header never is).
    pub error_headers: &'a [&'a str],
    /// Fields of your own for `data` (an object; any other value adds none): each
    /// replaces ours of the same name, the others come after ours.
    pub data: Option<&'a Value<'a>>,
}

impl Default for UpstreamOptions<'_> {
    fn default() -> Self {
        UpstreamOptions {
            service: None,
            capture_body: true,
            body_limit: None,
            include_url: false,
            error_headers: &[],
            data: None,
        }
    }
}

/// A text of the response as the npm package reads it: its first units, one more than the core keeps.
fn text(value: &str) -> Cow<'_, str> {
    js_slice(value, upstream::TEXT_UNITS + 1)
}

/// `fetch`'s `headers.get(name)`: every value of the name, any case, joined with `, `.
fn header<'a>(headers: &[(&str, &'a str)], name: &str) -> Option<Cow<'a, str>> {
    let mut values = headers.iter().filter(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| *v);
    let first = values.next()?;
    let rest: Vec<&str> = values.collect();
    if rest.is_empty() {
        return Some(text(first));
    }
    let joined = std::iter::once(first).chain(rest).collect::<Vec<_>>().join(", ");
    Some(Cow::Owned(text(&joined).into_owned()))
}

/// The body's first `limit` + slack bytes decoded as `TextDecoder` streams them (a
/// character cut at the end left out, a byte order mark kept), and whether it went on.
fn body_text(bytes: &[u8], limit: usize) -> (String, bool) {
    let kept = bytes.get(..bytes.len().min(limit + BODY_SLACK)).unwrap_or_default();
    let mut text = String::with_capacity(kept.len());
    let mut chunks = kept.utf8_chunks().peekable();
    while let Some(chunk) = chunks.next() {
        text.push_str(chunk.valid());
        let invalid = chunk.invalid();
        // A sequence the end cut short is left out; anything else invalid is U+FFFD.
        let cut_short = chunks.peek().is_none()
            && !invalid.is_empty()
            && std::str::from_utf8(invalid).err().is_some_and(|e| e.error_len().is_none());
        if !invalid.is_empty() && !cut_short {
            text.push('\u{FFFD}');
        }
    }
    (text, bytes.len() > limit)
}

/// The McpError for an upstream HTTP response that failed, as mcp-ts-core builds it:
/// the code for its status, a message naming the service (or the URL's host) and the
/// status, and `data` with the status, the body's first bytes, `retryAfter`, the headers
/// asked for and your own fields, never a credential. Throw (return) it from the tool.
///
/// ```
/// use mcp_envelope::{http_error_from_response, HttpResponse, UpstreamOptions};
///
/// let response = HttpResponse { status: 429, status_text: "Too Many Requests", url: "https://api.example.com/x", body: Some(b"slow down"), ..HttpResponse::default() };
/// let error = http_error_from_response(&response, &UpstreamOptions::default());
/// assert_eq!(error.code, -32003);
/// assert_eq!(error.message, "api.example.com returned HTTP 429 Too Many Requests.");
/// assert_eq!(
///     error.data.unwrap().to_json(),
///     r#"{"status":429,"statusText":"Too Many Requests","body":"slow down","statusCode":429,"responseBody":"slow down"}"#
/// );
/// ```
pub fn http_error_from_response(response: &HttpResponse<'_>, options: &UpstreamOptions<'_>) -> McpError {
    let limit =
        if options.capture_body { options.body_limit.unwrap_or(DEFAULT_BODY_LIMIT).min(BODY_LIMIT_MAX) } else { 0 };
    let body = if limit > 0 { response.body.map(|bytes| body_text(bytes, limit)) } else { None };
    let names = options.error_headers.get(..options.error_headers.len().min(MAX_HEADER_NAMES)).unwrap_or_default();
    let asked: Vec<(&str, Option<Cow<'_, str>>)> = names.iter().map(|n| (*n, header(response.headers, n))).collect();
    let status_text = text(response.status_text);
    let url = text(response.url);
    let retry_after = header(response.headers, "retry-after");
    let service = options.service.filter(|s| !s.is_empty()).map(text);
    let data = options.data.map(shallow);
    let read = UpstreamResponse {
        status: f64::from(response.status),
        status_text: &status_text,
        url: &url,
        retry_after: retry_after.as_deref(),
        headers: asked.iter().map(|(n, v)| (*n, v.as_deref())).collect(),
        body: body.as_ref().map(|(text, more)| (text.as_str(), *more)),
    };
    // As the npm package reads a limit: bytes, so any usize is exact below 2^53.
    #[allow(clippy::cast_precision_loss)]
    let body_limit = Some(limit as f64);
    let options = upstream::HttpErrorOptions {
        service: service.as_deref(),
        include_url: options.include_url,
        body_limit,
        data: data.as_deref().and_then(Value::as_object),
    };
    upstream::http_error(&read, &options).into()
}
