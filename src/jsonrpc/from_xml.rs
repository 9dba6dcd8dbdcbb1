//! A response of the XML dialect (`toolError(…)`, an `ErrorBuilder`, MCP Fusion's own
//! `<tool_error>`) thrown inside a tool of the JSON-RPC dialect.
//!
//! mcp-ts-core would report it as an unknown non-Error (`Error: ` and InternalError);
//! here it keeps its meaning: its text is read back as the client parser reads it, the
//! code through the one table both dialects share ([`crate::codes::json_rpc_code_for`]),
//! and the message, `<recovery>`, `<retry_after>`, `<details>` and
//! `<available_actions>` become the McpError's message and `data`
//! (`{ recovery: { hint }, retryAfter, details, availableActions }`, each only when
//! present). Text that is not a `<tool_error>` is an InternalError whose message is
//! what the response said.

use super::McpErrorParts;
use crate::client::xml::parse_tool_error_text;
use crate::client::ParsedCode;
use crate::codes::json_rpc_code_for;
use crate::value::Value;
use std::borrow::Cow;

/// The McpError a thrown XML response's `text` stands for.
pub fn mcp_error_from_xml(text: &str) -> McpErrorParts<'static> {
    let parsed = parse_tool_error_text(text);
    let code = match &parsed.code {
        ParsedCode::Text(xml) => json_rpc_code_for(xml),
        ParsedCode::Number(_) | ParsedCode::Unknown => crate::codes::JsonRpcErrorCode::InternalError,
    };
    let mut data = Vec::new();
    if let Some(hint) = parsed.recovery.filter(|h| !h.is_empty()) {
        data.push(("recovery".into(), Value::Object(vec![("hint".into(), Value::String(hint.into()))])));
    }
    if let Some(seconds) = parsed.retry_after.filter(|s| s.is_finite() && *s > 0.0) {
        data.push(("retryAfter".into(), Value::Number(seconds)));
    }
    if !parsed.details.is_empty() {
        let details: Vec<(Cow<'static, str>, Value<'static>)> =
            parsed.details.into_iter().map(|(k, v)| (k.into(), Value::str(v))).collect();
        data.push(("details".into(), Value::Object(crate::js::merge_repeated_keys(details))));
    }
    if !parsed.available_actions.is_empty() {
        data.push((
            "availableActions".into(),
            Value::Array(parsed.available_actions.into_iter().map(Value::str).collect()),
        ));
    }
    McpErrorParts {
        code: code.value(),
        message: parsed.message,
        data: (!data.is_empty()).then_some(Value::Object(data)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tool_error_keeps_its_code_recovery_wait_details_and_actions() {
        let text = "<tool_error code=\"RATE_LIMITED\" severity=\"error\">\n<message>Too many calls &amp; more</message>\n<recovery>Wait, then retry.</recovery>\n<available_actions>\n  <action>status</action>\n</available_actions>\n<details>\n  <detail key=\"quota\">100/min</detail>\n</details>\n<retry_after>30 seconds</retry_after>\n</tool_error>";
        let parts = mcp_error_from_xml(text);
        assert_eq!(parts.code, -32003);
        assert_eq!(parts.message, "Too many calls & more");
        assert_eq!(
            parts.data.map(|d| d.to_json()).unwrap_or_default(),
            r#"{"recovery":{"hint":"Wait, then retry."},"retryAfter":30,"details":{"quota":"100/min"},"availableActions":["status"]}"#
        );
    }

    #[test]
    fn codes_without_a_json_rpc_word_and_text_that_is_no_tool_error() {
        let custom = mcp_error_from_xml(
            "<tool_error code=\"DEPRECATED\" severity=\"warning\">\n<message>Use v2</message>\n</tool_error>",
        );
        assert_eq!((custom.code, custom.message.as_str(), custom.data), (-32603, "Use v2", None));
        let missing = mcp_error_from_xml("<tool_error code=\"MISSING_REQUIRED_FIELD\" severity=\"error\">\n<message>Required field \"id\" is missing.</message>\n<recovery>Provide the \"id\" parameter and retry.</recovery>\n</tool_error>");
        assert_eq!(missing.code, -32602);
        // A wait that is no positive number of seconds is no wait.
        for seconds in ["0", "-5"] {
            let text = format!("<tool_error code=\"RATE_LIMITED\" severity=\"error\">\n<message>m</message>\n<retry_after>{seconds} seconds</retry_after>\n</tool_error>");
            assert_eq!(mcp_error_from_xml(&text).data, None, "{seconds}");
        }
        let plain = mcp_error_from_xml("something broke");
        assert_eq!((plain.code, plain.message.as_str()), (-32603, "something broke"));
    }
}
