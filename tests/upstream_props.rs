#![cfg(not(target_arch = "wasm32"))]
//! Property tests for `httpErrorFromResponse`'s core: whatever a response holds, what
//! reaches the McpError is bounded, a credential never reaches it, and the body kept is
//! a prefix of the body read.
//!
//! Checked against the input, independently of the core's own bookkeeping:
//! - no userinfo password, credential query value or credential header value appears in
//!   the message or anywhere in `data`, whatever else the URL holds;
//! - every string of `data` but the body holds at most 8,192 UTF-16 units;
//! - the body is the longest prefix of the text read that fits the limit in UTF-8 bytes
//!   (never half a character), with `…` exactly when the body went on;
//! - a `Retry-After` of digits, or a well-formed IMF-fixdate, is kept as sent.

use mcp_envelope::upstream::{http_error, HttpErrorOptions, UpstreamResponse, TEXT_UNITS, TRUNCATION};
use mcp_envelope::value::Value;
use proptest::prelude::*;

const CREDENTIAL_PARAMS: [&str; 8] =
    ["api_key", "token", "access_token", "X-Amz-Signature", "client_secret", "sig", "password", "apiKey"];
const CREDENTIAL_HEADERS: [&str; 6] =
    ["Authorization", "cookie", "Set-Cookie", "x-api-key", "X-Auth-Token", "proxy-authorization"];

fn strings(value: &Value<'_>, out: &mut Vec<String>) {
    match value {
        Value::String(s) => out.push(s.to_string()),
        Value::Array(items) => items.iter().for_each(|v| strings(v, out)),
        Value::Object(fields) => fields.iter().for_each(|(k, v)| {
            out.push(k.to_string());
            strings(v, out);
        }),
        _ => {}
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn no_credential_reaches_the_error(
        user in "U[a-z]{1,8}",
        pass in "PW[A-Za-z0-9]{6,20}",
        host in "[a-z]{1,10}\\.example\\.com",
        path in "(/[a-z0-9]{0,8}){0,3}",
        param in 0..CREDENTIAL_PARAMS.len(),
        secret in "SV[A-Za-z0-9]{6,20}",
        header in 0..CREDENTIAL_HEADERS.len(),
        header_secret in "SH[A-Za-z0-9]{6,20}",
        before in "[a-z]{1,5}=[a-z0-9]{0,5}",
        fragment in "[a-z=&]{0,10}",
        // No `U`: a service name the caller chose that spelled the user would be in the
        // message by the caller's own choice (a seed once drew "Ut" for both).
        service in proptest::option::of("[A-TV-Za-z ]{1,12}"),
    ) {
        let url = format!(
            "https://{user}:{pass}@{host}{path}?{before}&{}={secret}#{fragment}",
            CREDENTIAL_PARAMS[param]
        );
        let response = UpstreamResponse {
            status: 503.0,
            url: &url,
            headers: vec![(CREDENTIAL_HEADERS[header], Some(header_secret.as_str())), ("x-request-id", Some("r"))],
            ..UpstreamResponse::default()
        };
        let options = HttpErrorOptions { include_url: true, service: service.as_deref(), ..HttpErrorOptions::default() };
        let parts = http_error(&response, &options);
        let mut seen = vec![parts.message.clone()];
        if let Some(data) = &parts.data {
            strings(data, &mut seen);
            let scrubbed = data.get("url").and_then(Value::as_str).unwrap_or_default();
            prop_assert!(scrubbed.starts_with(&format!("https://{host}")), "{scrubbed}");
            prop_assert_eq!(data.get("headers").map(Value::to_json), Some(r#"{"x-request-id":"r"}"#.to_owned()));
        }
        for text in &seen {
            prop_assert!(!text.contains(&pass) && !text.contains(&secret) && !text.contains(&header_secret), "{text}");
            prop_assert!(!text.contains(&user), "{text}");
        }
        if service.is_none() {
            prop_assert_eq!(parts.message, format!("{host} returned HTTP 503."));
        }
    }

    #[test]
    fn everything_kept_is_bounded(
        text in "\\PC{0,40}",
        repeat in 0usize..600,
        status in prop_oneof![Just(0.0), 100.0..600.0f64, Just(f64::NAN)],
    ) {
        let long = text.repeat(repeat);
        let url = format!("https://example.com/{long}?q={long}");
        let response = UpstreamResponse {
            status,
            status_text: &long,
            url: &url,
            retry_after: Some(&long),
            headers: vec![("x-long", Some(long.as_str()))],
            body: None,
        };
        let parts = http_error(&response, &HttpErrorOptions { include_url: true, service: Some(&long), ..HttpErrorOptions::default() });
        let mut seen = Vec::new();
        strings(parts.data.as_ref().unwrap_or(&Value::Null), &mut seen);
        for s in &seen {
            prop_assert!(s.encode_utf16().count() <= TEXT_UNITS, "{} units", s.encode_utf16().count());
        }
        prop_assert!(parts.message.encode_utf16().count() <= 2 * TEXT_UNITS + 64);
    }

    #[test]
    fn the_body_is_the_longest_prefix_that_fits(
        body in "\\PC{0,200}",
        more in any::<bool>(),
        limit in 1usize..300,
    ) {
        let response = UpstreamResponse { status: 500.0, body: Some((&body, more)), ..UpstreamResponse::default() };
        let options = HttpErrorOptions { body_limit: Some(limit as f64), ..HttpErrorOptions::default() };
        let parts = http_error(&response, &options);
        let data = parts.data.unwrap_or(Value::Null);
        let kept = data.get("body").and_then(Value::as_str).unwrap_or_default().to_owned();
        prop_assert_eq!(data.get("responseBody").and_then(Value::as_str), Some(kept.as_str()));
        let text = body.strip_prefix('\u{feff}').unwrap_or(&body);
        if more {
            let cut = kept.strip_suffix(TRUNCATION).expect("the marker");
            // The longest prefix of the whole read (its mark counted) within the limit.
            let mut end = limit.min(body.len());
            while !body.is_char_boundary(end) {
                end -= 1;
            }
            let expected = body.get(..end).unwrap_or_default();
            prop_assert_eq!(cut, expected.strip_prefix('\u{feff}').unwrap_or(expected));
        } else {
            prop_assert_eq!(kept.as_str(), text);
        }
    }

    #[test]
    fn valid_retry_after_is_kept_as_sent(
        seconds in "[0-9]{1,12}",
        day in 1u32..=28,
        month in 0usize..12,
        year in 1000u32..=9999,
        hour in 0u32..24,
        minute in 0u32..60,
        second in 0u32..=60,
        weekday in 0usize..7,
    ) {
        const DAYS: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
        const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
        let date = format!(
            "{}, {day:02} {} {year} {hour:02}:{minute:02}:{second:02} GMT",
            DAYS[weekday], MONTHS[month]
        );
        for value in [seconds.as_str(), date.as_str()] {
            let response = UpstreamResponse { status: 429.0, retry_after: Some(value), ..UpstreamResponse::default() };
            let parts = http_error(&response, &HttpErrorOptions::default());
            let kept = parts.data.as_ref().and_then(|d| d.get("retryAfter")).and_then(Value::as_str).map(str::to_owned);
            prop_assert_eq!(kept.as_deref(), Some(value));
        }
    }
}
