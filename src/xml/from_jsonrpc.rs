//! An `McpError` (the JSON-RPC dialect's) thrown inside a tool of the XML dialect.
//!
//! MCP Fusion has no such error, so its pipeline would report it as any unbranded
//! throw: `INTERNAL_ERROR` with "Retry the same call", which a `notFound(…)` is not.
//! Here it keeps its meaning: the code through the one table both dialects share
//! ([`crate::codes::xml_code_for`]), the message as written, `data.recovery.hint` as
//! `<recovery>` (with guidance, the code's own next step when it has none),
//! `data.retryAfter` as `<retry_after>`, `data.availableActions` as
//! `<available_actions>`, and the other scalar fields of `data` (`reason` first) as
//! `<details>`. A server-category code under `mask_server_errors` goes out with the
//! fixed server sentence, as in the JSON-RPC envelope.

use super::tool_error::{tool_error, ToolErrorOptions, ToolResponse};
use crate::codes::{xml_code_for, JsonRpcErrorCode};
use crate::guidance::guidance_for;
use crate::redact::{WirePolicy, SERVER_ERROR_MESSAGE};
use crate::value::{js_number_string, Value};

/// How many `data` fields become details, at most.
pub const MAX_DETAILS: usize = 32;

/// Fields of `data` that are said elsewhere in the envelope, never as a detail.
const SAID_ELSEWHERE: [&str; 5] = ["recovery", "retryAfter", "retryable", "availableActions", "requestId"];

fn scalar_text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.to_string()),
        Value::Number(n) => Some(js_number_string(*n)),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// The `<tool_error>` an McpError of `code`, `message` and wire-safe `data` reads as.
pub fn tool_error_from_mcp(
    code: i32,
    message: &str,
    data: Option<&Value>,
    guidance: bool,
    wire: WirePolicy,
) -> ToolResponse {
    let known = JsonRpcErrorCode::from_value(code).unwrap_or(JsonRpcErrorCode::InternalError);
    let masked = wire.masks_code(code);
    let field = |key: &str| data.and_then(|d| d.get(key));
    let retry_after = field("retryAfter").and_then(Value::as_f64);
    let suggestion = field("recovery")
        .and_then(|r| r.get("hint"))
        .and_then(Value::as_str)
        .filter(|h| !h.is_empty())
        .map(str::to_owned)
        .or_else(|| guidance.then(|| guidance_for(known, retry_after)).flatten().map(|g| g.hint));
    let available_actions = field("availableActions")
        .and_then(Value::as_array)
        .map(|actions| actions.iter().filter_map(Value::as_str).map(str::to_owned).collect())
        .unwrap_or_default();
    let mut details: Vec<(String, String)> = Vec::new();
    if !masked {
        let fields = data.and_then(Value::as_object).unwrap_or_default();
        let reason = fields.iter().filter(|(k, _)| k == "reason");
        let others = fields.iter().filter(|(k, _)| k != "reason" && !SAID_ELSEWHERE.contains(&k.as_ref()));
        for (key, value) in reason.chain(others) {
            if details.len() == MAX_DETAILS {
                break;
            }
            if let Some(text) = scalar_text(value) {
                details.push((key.to_string(), text));
            }
        }
    }
    let message = if masked { SERVER_ERROR_MESSAGE } else { message };
    tool_error(
        xml_code_for(known),
        &ToolErrorOptions {
            suggestion,
            available_actions,
            details,
            retry_after,
            wire,
            ..ToolErrorOptions::new(message)
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data(json: &str) -> Value<'static> {
        Value::parse_json(json).unwrap_or(Value::Null)
    }

    #[test]
    fn a_not_found_keeps_its_meaning_its_recovery_and_its_reason() {
        let d = data(
            r#"{"reason":"no_invoice","recovery":{"hint":"List invoices first."},"invoiceId":42,"requestId":"R","paid":false,"lines":[1]}"#,
        );
        let r = tool_error_from_mcp(-32001, "Invoice 42 not found", Some(&d), false, WirePolicy::default());
        assert_eq!(
            r.text,
            "<tool_error code=\"NOT_FOUND\" severity=\"error\">\n<message>Invoice 42 not found</message>\n<recovery>List invoices first.</recovery>\n<details>\n  <detail key=\"reason\">no_invoice</detail>\n  <detail key=\"invoiceId\">42</detail>\n  <detail key=\"paid\">false</detail>\n</details>\n</tool_error>"
        );
        assert!(r.is_error);
    }

    #[test]
    fn a_rate_limit_keeps_its_wait_and_guidance_fills_a_missing_recovery() {
        let d = data(r#"{"retryAfter":30}"#);
        let plain = tool_error_from_mcp(-32003, "slow down", Some(&d), false, WirePolicy::default());
        assert_eq!(plain.text, "<tool_error code=\"RATE_LIMITED\" severity=\"error\">\n<message>slow down</message>\n<retry_after>30 seconds</retry_after>\n</tool_error>");
        let guided = tool_error_from_mcp(-32003, "slow down", Some(&d), true, WirePolicy::default());
        assert!(
            guided.text.contains("<recovery>Too many requests: wait 30 seconds, then retry the same call.</recovery>"),
            "{}",
            guided.text
        );
        // No XML word for it: INTERNAL_ERROR, the message kept.
        let db = tool_error_from_mcp(-32010, "db down", None, true, WirePolicy::default());
        assert!(
            db.text.starts_with("<tool_error code=\"INTERNAL_ERROR\"") && db.text.contains("db down"),
            "{}",
            db.text
        );
    }

    #[test]
    fn masking_and_redaction_apply_as_in_the_json_rpc_envelope() {
        let wire = WirePolicy { redact_secrets: true, mask_server_errors: true };
        let d = data(r#"{"reason":"cfg","dsn":"postgres://u:hunter2@db/x"}"#);
        let masked = tool_error_from_mcp(-32008, "bad DSN postgres://u:hunter2@db/x", Some(&d), false, wire);
        assert!(!masked.text.contains("hunter2") && masked.text.contains(SERVER_ERROR_MESSAGE), "{}", masked.text);
        let open = tool_error_from_mcp(
            -32001,
            "sent Authorization: Bearer abcdefghijklmnopqrstuvwx123456 with it",
            Some(&d),
            false,
            WirePolicy::default(),
        );
        assert!(
            !open.text.contains("abcdefghijklmnopqrstuvwx123456") && !open.text.contains("hunter2"),
            "{}",
            open.text
        );
    }
}
