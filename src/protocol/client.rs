//! The client parser's operation (`lib/client.js`): the JS layer reads a result's
//! fields once, within the caps of [`crate::client`], and hands over the text blocks
//! joined with `\n`, whether it cut that text, and `structuredContent.error`'s fields;
//! the core decides the dialect and reads.

use super::{request, Host, Out, ProtocolError};
use crate::client::{parse_tool_result, ParsedCode, StructuredError};
use crate::value::write_json_string;

request! {
    /// An error result (the JS layer has checked `isError`).
    ParseToolError<'a> as "ParseToolErrorRequest" {
        /// Its text blocks joined with `\n`.
        text: &'a str = "text",
        /// The JS layer cut that text.
        text_cut: bool = "textCut",
        /// `structuredContent.error` is an object: its fields follow, as read and cut.
        structured: bool = "structured",
        code_number: Option<f64> = "codeNumber",
        code_text: Option<&'a str> = "codeText",
        message: Option<&'a str> = "message",
        hint: Option<&'a str> = "hint",
        reason: Option<&'a str> = "reason",
        retryable: Option<bool> = "retryable",
        /// A request id (given as a number: as JS prints it).
        request_id: Option<&'a str> = "requestId",
    }
}

/// `{"code","message","recovery","availableActions","severity","dialect"}`, then, each
/// only when present, `"reason","retryable","requestId"` (JSON-RPC), `"details","retryAfter"`
/// (a `<tool_error>`) and `"action","fields","moreIssues"` (a `<validation_error>`).
pub(crate) fn client_parse_tool_error(request: ParseToolError<'_>, _: &mut dyn Host) -> Result<String, ProtocolError> {
    let error = StructuredError {
        code_number: request.code_number,
        code_text: request.code_text,
        message: request.message,
        hint: request.hint,
        reason: request.reason,
        retryable: request.retryable,
        request_id: request.request_id.map(str::to_owned),
    };
    let parsed = parse_tool_result(request.text, request.text_cut, request.structured.then_some(&error));
    let mut out = Out::new();
    out = match &parsed.code {
        ParsedCode::Text(code) => out.string("code", code),
        // A code read from JSON is finite; a non-finite one would print as `null`.
        ParsedCode::Number(code) if code.is_finite() => out.number("code", *code),
        _ => out.raw("code", "null"),
    };
    out = out.string("message", &parsed.message);
    out = match &parsed.recovery {
        Some(recovery) => out.string("recovery", recovery),
        None => out.raw("recovery", "null"),
    };
    out = out.raw("availableActions", &string_list(parsed.available_actions.iter().map(String::as_str)));
    out = out.string("severity", &parsed.severity).string("dialect", parsed.dialect.as_str());
    if let Some(reason) = &parsed.reason {
        out = out.string("reason", reason);
    }
    if let Some(retryable) = parsed.retryable {
        out = out.bool("retryable", retryable);
    }
    if let Some(id) = &parsed.request_id {
        out = out.string("requestId", id);
    }
    if !parsed.details.is_empty() {
        let mut details = String::new();
        for (i, (name, value)) in parsed.details.iter().enumerate() {
            details.push(if i == 0 { '{' } else { ',' });
            write_json_string(name, &mut details);
            details.push(':');
            write_json_string(value, &mut details);
        }
        details.push('}');
        out = out.raw("details", &details);
    }
    if let Some(seconds) = parsed.retry_after.filter(|s| s.is_finite()) {
        out = out.number("retryAfter", seconds);
    }
    if let Some(validation) = &parsed.validation {
        let mut fields = String::from("[");
        for (i, field) in validation.fields.iter().enumerate() {
            if i > 0 {
                fields.push(',');
            }
            fields.push_str("{\"name\":");
            write_json_string(&field.name, &mut fields);
            fields.push_str(",\"message\":");
            write_json_string(&field.message, &mut fields);
            fields.push('}');
        }
        fields.push(']');
        // A count of issues: far below 2^53.
        #[allow(clippy::cast_precision_loss)]
        let more = validation.more_issues as f64;
        out = out.string("action", &validation.action).raw("fields", &fields).number("moreIssues", more);
    }
    Ok(out.finish())
}

fn string_list<'a>(items: impl Iterator<Item = &'a str>) -> String {
    let mut out = String::from("[");
    for (i, item) in items.enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_json_string(item, &mut out);
    }
    out.push(']');
    out
}
