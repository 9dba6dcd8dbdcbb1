//! The client parser's raw exports (see `pkg-template/lib/client.js`).
//!
//! The JS layer reads a result's fields once, within [`client_read_caps`], and hands
//! over the text blocks joined with `\n` as one string, whether it cut that text, and
//! `structuredContent.error`'s fields as JSON; the core decides the dialect and reads.

use wasm_bindgen::prelude::*;

use crate::client::{parse_tool_result, ParsedCode, ID_UNITS, MAX_BLOCKS, MESSAGE_UNITS, TEXT_UNITS};
use crate::value::Value;

/// What the JS layer copies of a result, space-separated: the UTF-16 units of text
/// read in all ([`TEXT_UNITS`]), the content blocks looked at ([`MAX_BLOCKS`]), and the
/// units a message or recovery ([`MESSAGE_UNITS`]) and a reason or request id
/// ([`ID_UNITS`]) are cut at. It copies one unit more of a structured field than its
/// cap, so the core sees that it was longer and ends it with `…`.
#[wasm_bindgen(js_name = clientReadCaps)]
pub fn client_read_caps() -> String {
    format!("{TEXT_UNITS} {MAX_BLOCKS} {MESSAGE_UNITS} {ID_UNITS}")
}

/// `parseToolError` of an error result (the JS layer has checked `isError`): `text` is
/// its text blocks joined with `\n`, `text_cut` whether the JS layer cut it, and
/// `structured` the JSON of `structuredContent.error`'s copied fields when it is an
/// object. Returns `{"code","message","recovery","availableActions","severity",
/// "dialect"}` as JSON text, then, each only when present, `"reason","retryable",
/// "requestId"` (JSON-RPC), `"details","retryAfter"` (a `<tool_error>`) and
/// `"action","fields","moreIssues"` (a `<validation_error>`).
#[wasm_bindgen(js_name = clientParseToolError)]
pub fn client_parse_tool_error(text: &str, text_cut: bool, structured: Option<String>) -> String {
    let structured = structured.and_then(|json| Value::parse_json(&json).ok());
    let parsed = parse_tool_result(text, text_cut, structured.as_ref());
    let code = match parsed.code {
        ParsedCode::Text(s) => Value::String(s),
        ParsedCode::Number(n) => Value::Number(n),
        ParsedCode::Unknown => Value::Null,
    };
    let mut out = vec![
        ("code".to_owned(), code),
        ("message".to_owned(), Value::String(parsed.message)),
        ("recovery".to_owned(), parsed.recovery.map_or(Value::Null, Value::String)),
        (
            "availableActions".to_owned(),
            Value::Array(parsed.available_actions.into_iter().map(Value::String).collect()),
        ),
        ("severity".to_owned(), Value::String(parsed.severity)),
        ("dialect".to_owned(), Value::str(parsed.dialect.as_str())),
    ];
    if let Some(reason) = parsed.reason {
        out.push(("reason".to_owned(), Value::String(reason)));
    }
    if let Some(retryable) = parsed.retryable {
        out.push(("retryable".to_owned(), Value::Bool(retryable)));
    }
    if let Some(id) = parsed.request_id {
        out.push(("requestId".to_owned(), Value::String(id)));
    }
    if !parsed.details.is_empty() {
        let details = parsed.details.into_iter().map(|(k, v)| (k, Value::String(v))).collect();
        out.push(("details".to_owned(), Value::Object(details)));
    }
    if let Some(seconds) = parsed.retry_after {
        out.push(("retryAfter".to_owned(), Value::Number(seconds)));
    }
    if let Some(validation) = parsed.validation {
        let fields = validation
            .fields
            .into_iter()
            .map(|f| {
                Value::Object(vec![
                    ("name".to_owned(), Value::String(f.name)),
                    ("message".to_owned(), Value::String(f.message)),
                ])
            })
            .collect();
        out.push(("action".to_owned(), Value::String(validation.action)));
        out.push(("fields".to_owned(), Value::Array(fields)));
        // A count past 2^53 is not a real envelope's; it prints as the nearest double.
        #[allow(clippy::cast_precision_loss)]
        let more = validation.more_issues as f64;
        out.push(("moreIssues".to_owned(), Value::Number(more)));
    }
    Value::Object(out).to_json()
}
