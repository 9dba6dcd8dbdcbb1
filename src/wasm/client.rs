//! The client parser's raw exports (see `pkg-template/lib/client.js`).
//!
//! The JS layer reads a result's fields once, within [`client_read_caps`], and hands
//! over the text blocks joined with `\n` as one string, whether it cut that text, and
//! `structuredContent.error`'s fields as arguments; the core decides the dialect and reads.

use wasm_bindgen::prelude::*;

use crate::client::{parse_tool_result, ParsedCode, StructuredError, READ_CAPS};
use crate::value::{js_number_string, write_json_string};

/// What the JS layer copies of a result, space-separated: the UTF-16 units of text
/// read in all ([`TEXT_UNITS`](crate::client::TEXT_UNITS)), the content blocks looked at ([`MAX_BLOCKS`](crate::client::MAX_BLOCKS)), and the
/// units a message or recovery ([`MESSAGE_UNITS`](crate::client::MESSAGE_UNITS)) and a reason or request id
/// ([`ID_UNITS`](crate::client::ID_UNITS)) are cut at. It copies one unit more of a structured field than its
/// cap, so the core sees that it was longer and ends it with `…`.
#[wasm_bindgen(js_name = clientReadCaps)]
pub fn client_read_caps() -> String {
    READ_CAPS.to_owned()
}

/// `{` or `,`, then `"key":`.
#[inline(never)]
fn key(out: &mut String, key: &str) {
    out.push(if out.is_empty() { '{' } else { ',' });
    out.push('"');
    out.push_str(key);
    out.push_str("\":");
}

#[inline(never)]
fn string(out: &mut String, name: &str, value: &str) {
    key(out, name);
    write_json_string(value, out);
}

fn number(out: &mut String, name: &str, value: f64) {
    key(out, name);
    out.push_str(&js_number_string(value));
}

/// `parseToolError` of an error result (the JS layer has checked `isError`): `text` is
/// its text blocks joined with `\n`, `text_cut` whether the JS layer cut it; when
/// `structured` (`structuredContent.error` is an object), its fields as the JS layer
/// read and cut them (a request id given as a number, as JS prints it). Returns
/// `{"code","message","recovery","availableActions","severity","dialect"}` as JSON text,
/// then, each only when present, `"reason","retryable","requestId"` (JSON-RPC),
/// `"details","retryAfter"` (a `<tool_error>`) and `"action","fields","moreIssues"` (a
/// `<validation_error>`).
#[allow(clippy::too_many_arguments)] // one flat call per result: the JS layer's shape
#[wasm_bindgen(js_name = clientParseToolError)]
pub fn client_parse_tool_error(
    text: &str,
    text_cut: bool,
    structured: bool,
    code_number: Option<f64>,
    code_text: Option<String>,
    message: Option<String>,
    hint: Option<String>,
    reason: Option<String>,
    retryable: Option<bool>,
    request_id: Option<String>,
) -> String {
    let error = StructuredError {
        code_number,
        code_text: code_text.as_deref(),
        message: message.as_deref(),
        hint: hint.as_deref(),
        reason: reason.as_deref(),
        retryable,
        request_id,
    };
    let parsed = parse_tool_result(text, text_cut, structured.then_some(&error));
    let mut out = String::with_capacity(parsed.message.len() + 128);
    match &parsed.code {
        ParsedCode::Text(code) => string(&mut out, "code", code),
        // A code read from JSON is finite; a non-finite one would print as `null`.
        ParsedCode::Number(code) if code.is_finite() => number(&mut out, "code", *code),
        _ => {
            key(&mut out, "code");
            out.push_str("null");
        }
    }
    string(&mut out, "message", &parsed.message);
    match &parsed.recovery {
        Some(recovery) => string(&mut out, "recovery", recovery),
        None => {
            key(&mut out, "recovery");
            out.push_str("null");
        }
    }
    key(&mut out, "availableActions");
    out.push('[');
    for (i, action) in parsed.available_actions.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_json_string(action, &mut out);
    }
    out.push(']');
    string(&mut out, "severity", &parsed.severity);
    string(&mut out, "dialect", parsed.dialect.as_str());
    if let Some(reason) = &parsed.reason {
        string(&mut out, "reason", reason);
    }
    if let Some(retryable) = parsed.retryable {
        key(&mut out, "retryable");
        out.push_str(if retryable { "true" } else { "false" });
    }
    if let Some(id) = &parsed.request_id {
        string(&mut out, "requestId", id);
    }
    if !parsed.details.is_empty() {
        key(&mut out, "details");
        for (i, (name, value)) in parsed.details.iter().enumerate() {
            out.push(if i == 0 { '{' } else { ',' });
            write_json_string(name, &mut out);
            out.push(':');
            write_json_string(value, &mut out);
        }
        out.push('}');
    }
    if let Some(seconds) = parsed.retry_after.filter(|s| s.is_finite()) {
        number(&mut out, "retryAfter", seconds);
    }
    if let Some(validation) = &parsed.validation {
        string(&mut out, "action", &validation.action);
        key(&mut out, "fields");
        out.push('[');
        for (i, field) in validation.fields.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str("{\"name\":");
            write_json_string(&field.name, &mut out);
            out.push_str(",\"message\":");
            write_json_string(&field.message, &mut out);
            out.push('}');
        }
        out.push(']');
        key(&mut out, "moreIssues");
        out.push_str(&validation.more_issues.to_string());
    }
    out.push('}');
    out
}
