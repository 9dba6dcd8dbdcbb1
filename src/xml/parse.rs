//! `parseToolError(result)`: the client side, for both dialects.
//!
//! * **JSON-RPC** (mcp-ts-core): when `structuredContent.error` is an object, its
//!   `code` (a number), `message` and `data.recovery.hint` are read.
//! * **XML** (MCP Fusion): the text blocks of `content` (other blocks skipped) are
//!   joined with `\n` and read: `code` and `severity` from the `<tool_error>` start
//!   tag, the first `<message>`, the first `<recovery>`, and the `<action>` items of
//!   `<available_actions>` (or, for the routing errors' one-line form, its
//!   comma-separated names, trimmed, empties dropped). Without a `<message>`
//!   (a `<validation_error>`, plain text), the whole text is the message and the
//!   code is `UNKNOWN`.
//!
//! Entities are decoded with [`unescape`](super::escape::unescape()). Unlike the
//! reference we do not trim the message, recovery or action names, keep an empty
//! `<action></action>`, and read an empty `code=""` as `""`: the writer adds no
//! whitespace of its own, so this is what makes `tool_error` → `parse_tool_error`
//! give back exactly what went in. Absent attributes give `UNKNOWN` and `error`.

use super::escape::unescape;
use crate::js::{js_trim, js_truthy};
use crate::value::Value;

/// Which envelope a parsed error came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    Xml,
    JsonRpc,
}

/// An error code: the XML dialect's strings, the JSON-RPC dialect's numbers.
#[derive(Debug, Clone, PartialEq)]
pub enum ParsedCode {
    Text(String),
    Number(f64),
}

impl ParsedCode {
    pub fn as_text(&self) -> Option<&str> {
        match self {
            ParsedCode::Text(s) => Some(s),
            ParsedCode::Number(_) => None,
        }
    }

    pub fn as_number(&self) -> Option<f64> {
        match self {
            ParsedCode::Number(n) => Some(*n),
            ParsedCode::Text(_) => None,
        }
    }
}

/// The code given to an error that names none.
pub const UNKNOWN_CODE: &str = "UNKNOWN";

/// `{ code, message, recovery, availableActions, severity, raw }`.
#[derive(Debug, Clone, PartialEq)]
pub struct ParsedToolError<'a> {
    pub code: ParsedCode,
    pub message: String,
    pub recovery: Option<String>,
    pub available_actions: Vec<String>,
    pub severity: String,
    pub dialect: Dialect,
    /// The result that was parsed (`None` from [`parse_tool_error_text`]). The JS
    /// layer puts the caller's own object here instead.
    pub raw: Option<&'a Value>,
}

/// Reads an error out of a `CallToolResult`; `None` unless `isError` is truthy.
pub fn parse_tool_error(result: &Value) -> Option<ParsedToolError<'_>> {
    if !js_truthy(result.get("isError")) {
        return None;
    }
    let structured = result
        .get("structuredContent")
        .and_then(|s| s.get("error"))
        .filter(|e| e.as_object().is_some());
    let mut parsed = match structured {
        Some(error) => parse_json_rpc(error, result),
        None => parse_tool_error_text(&joined_text(result)),
    };
    parsed.raw = Some(result);
    Some(parsed)
}

/// The text blocks of `result.content`, joined with `\n`.
fn joined_text(result: &Value) -> String {
    let blocks = result
        .get("content")
        .and_then(Value::as_array)
        .unwrap_or_default();
    let texts: Vec<&str> = blocks
        .iter()
        .filter(|b| b.get("type").and_then(Value::as_str) == Some("text"))
        .filter_map(|b| b.get("text").and_then(Value::as_str))
        .collect();
    texts.join("\n")
}

fn parse_json_rpc<'a>(error: &Value, result: &Value) -> ParsedToolError<'a> {
    let code = match error.get("code") {
        Some(Value::Number(n)) => ParsedCode::Number(*n),
        Some(Value::String(s)) => ParsedCode::Text(s.clone()),
        _ => ParsedCode::Text(UNKNOWN_CODE.to_owned()),
    };
    let message = match error.get("message").and_then(Value::as_str) {
        Some(m) => m.to_owned(),
        None => non_empty_or_unknown(joined_text(result)),
    };
    let recovery = error
        .get("data")
        .and_then(|d| d.get("recovery"))
        .and_then(|r| r.get("hint"))
        .and_then(Value::as_str)
        .map(str::to_owned);
    ParsedToolError {
        code,
        message,
        recovery,
        available_actions: Vec::new(),
        severity: "error".to_owned(),
        dialect: Dialect::JsonRpc,
        raw: None,
    }
}

fn non_empty_or_unknown(text: String) -> String {
    if text.is_empty() {
        "Unknown error".to_owned()
    } else {
        text
    }
}

/// The content of the first `<tag>…</tag>`, still escaped, and the byte offset just
/// past its close tag.
fn element_at<'t>(text: &'t str, tag: &str) -> Option<(&'t str, usize)> {
    let open = format!("<{tag}>");
    let close = format!("</{tag}>");
    let start = text.find(&open)? + open.len();
    let len = text.get(start..)?.find(&close)?;
    Some((text.get(start..start + len)?, start + len + close.len()))
}

fn element<'t>(text: &'t str, tag: &str) -> Option<&'t str> {
    element_at(text, tag).map(|(body, _)| body)
}

/// The attributes of the first `<tool_error` start tag that has any.
fn tool_error_attributes(text: &str) -> Vec<(&str, &str)> {
    let mut rest = text;
    while let Some(at) = rest.find("<tool_error") {
        let after = rest.get(at + "<tool_error".len()..).unwrap_or_default();
        if after.starts_with(|c: char| c.is_ascii_whitespace()) {
            return attributes(after);
        }
        rest = after;
    }
    Vec::new()
}

/// `name="value"` / `name='value'` pairs up to the tag's `>`; stops at anything else.
fn attributes(mut tag: &str) -> Vec<(&str, &str)> {
    let mut found = Vec::new();
    loop {
        tag = tag.trim_start_matches(|c: char| c.is_ascii_whitespace());
        if tag.is_empty() || tag.starts_with('>') || tag.starts_with('/') {
            return found;
        }
        let name_end = tag
            .find(|c: char| c == '=' || c == '>' || c.is_ascii_whitespace())
            .unwrap_or(tag.len());
        let name = tag.get(..name_end).unwrap_or_default();
        let after_name = tag
            .get(name_end..)
            .unwrap_or_default()
            .trim_start_matches(|c: char| c.is_ascii_whitespace());
        let Some(after_eq) = after_name.strip_prefix('=') else {
            return found;
        };
        let after_eq = after_eq.trim_start_matches(|c: char| c.is_ascii_whitespace());
        let Some(quote) = after_eq.chars().next().filter(|q| *q == '"' || *q == '\'') else {
            return found;
        };
        let body = after_eq.get(1..).unwrap_or_default();
        let Some(end) = body.find(quote) else {
            return found;
        };
        found.push((name, body.get(..end).unwrap_or_default()));
        tag = body.get(end + 1..).unwrap_or_default();
    }
}

fn actions_of(text: &str) -> Vec<String> {
    let Some(section) = element(text, "available_actions") else {
        return Vec::new();
    };
    let mut actions = Vec::new();
    let mut rest = section;
    while let Some((body, end)) = element_at(rest, "action") {
        actions.push(unescape(body));
        rest = rest.get(end..).unwrap_or_default();
    }
    if actions.is_empty() {
        // The routing errors' one-line form: `list, create, delete`.
        actions = section
            .split(',')
            .map(js_trim)
            .filter(|a| !a.is_empty())
            .map(unescape)
            .collect();
    }
    actions
}

/// Reads an XML-dialect error from its text alone (no `isError` check, no `raw`).
pub fn parse_tool_error_text(text: &str) -> ParsedToolError<'static> {
    let Some(message) = element(text, "message") else {
        return ParsedToolError {
            code: ParsedCode::Text(UNKNOWN_CODE.to_owned()),
            message: non_empty_or_unknown(text.to_owned()),
            recovery: None,
            available_actions: Vec::new(),
            severity: "error".to_owned(),
            dialect: Dialect::Xml,
            raw: None,
        };
    };
    let attributes = tool_error_attributes(text);
    let attribute = |name: &str| {
        attributes
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| unescape(v))
    };
    ParsedToolError {
        code: ParsedCode::Text(attribute("code").unwrap_or_else(|| UNKNOWN_CODE.to_owned())),
        message: unescape(message),
        recovery: element(text, "recovery").map(unescape),
        available_actions: actions_of(text),
        severity: attribute("severity").unwrap_or_else(|| "error".to_owned()),
        dialect: Dialect::Xml,
        raw: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_attributes_in_any_order_and_quote_style() {
        let p = parse_tool_error_text(
            "<tool_error severity='warning' code=\"A&amp;B\">\n<message>m</message>\n</tool_error>",
        );
        assert_eq!(p.code, ParsedCode::Text("A&B".into()));
        assert_eq!(p.severity, "warning");
    }

    #[test]
    fn success_and_malformed_results() {
        assert!(parse_tool_error(&Value::Null).is_none());
        let no_content = Value::Object(vec![("isError".into(), Value::Bool(true))]);
        let p = parse_tool_error(&no_content);
        assert_eq!(
            p.as_ref().map(|p| p.message.as_str()),
            Some("Unknown error")
        );
        assert_eq!(p.map(|p| p.code), Some(ParsedCode::Text("UNKNOWN".into())));
    }

    #[test]
    fn reads_the_json_rpc_envelope() {
        let result = Value::parse_json(
            r#"{"content":[{"type":"text","text":"Error: Boom"}],"isError":true,"structuredContent":{"error":{"code":-32602,"message":"Boom","data":{"recovery":{"hint":"Send x."}}}}}"#,
        )
        .unwrap_or(Value::Null);
        let p = parse_tool_error(&result);
        assert_eq!(
            p.as_ref().map(|p| p.code.clone()),
            Some(ParsedCode::Number(-32602.0))
        );
        assert_eq!(
            p.as_ref().and_then(|p| p.recovery.clone()).as_deref(),
            Some("Send x.")
        );
        assert_eq!(p.map(|p| p.dialect), Some(Dialect::JsonRpc));
    }
}
