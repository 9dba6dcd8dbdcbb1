//! The XML dialect's client reader. [`parse_tool_error`](super::parse_tool_error) decides
//! the dialect and calls it for a text with a `<tool_error` or `<validation_error`
//! start tag or a `<message>` element:
//!
//! * **`<tool_error>`** (MCP Fusion): `code` and `severity` from the start tag, the
//!   first `<message>`, the first `<recovery>`, and the `<action>` items of
//!   `<available_actions>` (or, for the routing errors' one-line form, its
//!   comma-separated names, trimmed, empties dropped); also (ours) the `<details>` lines
//!   and `<retry_after>`.
//! * **`<validation_error>`** (our extension: the reference's client reads it as an
//!   unknown error): code [`VALIDATION_ERROR_CODE`], the first `<recovery>` as the
//!   recovery, and [`ParsedValidation`]: the start tag's `action` attribute, one
//!   [`ParsedField`] per `<field name="…">` before the recovery (at most
//!   [`MAX_PARSED_FIELDS`]) and the `<more_issues count="N">` count. The message stays
//!   the whole text, as the reference gives it.
//! * [`parse_tool_error_text`] called on anything else without a `<message>`: the whole
//!   text is the message and the code is `UNKNOWN`, as the reference reads it (the
//!   client entry point reads such a text as plain text instead).
//!
//! As the reference's client reads it (`FusionClient.ts`): `code` and `severity`
//! are the start tag's attributes, an empty or missing one giving `UNKNOWN` and
//! `error`; the message and recovery are the first `<message>` / `<recovery>`
//! anywhere in the text, trimmed (JS `trim`) and then unescaped; the actions are
//! *every* `<action>…</action>` in the text whose raw body is not empty, each trimmed
//! and unescaped, and only when there is none the one-line `<available_actions>` form.
//! Two deliberate differences: attributes may be single-quoted, and `severity` is
//! unescaped as `code` is. Entities are decoded with
//! [`unescape`](crate::xml::escape::unescape()), which also reads the numeric references
//! our writer uses for control characters.

use crate::js::js_trim;
use crate::xml::escape::unescape;

use super::{
    non_empty_or_unknown, Dialect, ParsedCode, ParsedField, ParsedToolError, ParsedValidation, ELLIPSIS, UNKNOWN_CODE,
    VALIDATION_ERROR_CODE,
};

/// `<field>` elements read from one `<validation_error>`; the writer emits at most 100.
pub const MAX_PARSED_FIELDS: usize = 1000;

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
fn attributes(tag: &str) -> Vec<(&str, &str)> {
    attributes_and_rest(tag).0
}

/// [`attributes`], and the text from where they stop (the tag's `>` or `/>` when
/// the tag is well-formed).
fn attributes_and_rest(mut tag: &str) -> (Vec<(&str, &str)>, &str) {
    let mut found = Vec::new();
    loop {
        tag = tag.trim_start_matches(|c: char| c.is_ascii_whitespace());
        if tag.is_empty() || tag.starts_with('>') || tag.starts_with('/') {
            return (found, tag);
        }
        let name_end = tag.find(|c: char| c == '=' || c == '>' || c.is_ascii_whitespace()).unwrap_or(tag.len());
        let name = tag.get(..name_end).unwrap_or_default();
        let after_name = tag.get(name_end..).unwrap_or_default().trim_start_matches(|c: char| c.is_ascii_whitespace());
        let Some(after_eq) = after_name.strip_prefix('=') else {
            return (found, tag);
        };
        let after_eq = after_eq.trim_start_matches(|c: char| c.is_ascii_whitespace());
        let Some(quote) = after_eq.chars().next().filter(|q| *q == '"' || *q == '\'') else {
            return (found, tag);
        };
        let body = after_eq.get(1..).unwrap_or_default();
        let Some(end) = body.find(quote) else {
            return (found, tag);
        };
        found.push((name, body.get(..end).unwrap_or_default()));
        tag = body.get(end + 1..).unwrap_or_default();
    }
}

/// Most `<action>` elements read from one text.
const MAX_PARSED_ACTIONS: usize = 1000;

fn actions_of(text: &str) -> Vec<String> {
    let mut actions = Vec::new();
    let mut rest = text;
    while actions.len() < MAX_PARSED_ACTIONS {
        let Some((body, end)) = element_at(rest, "action") else {
            break;
        };
        // The reference tests the raw body (`if (m[1])`) before trimming it.
        if !body.is_empty() {
            actions.push(unescape(js_trim(body)));
        }
        rest = rest.get(end..).unwrap_or_default();
    }
    let Some(section) = element(text, "available_actions") else {
        return actions;
    };
    if actions.is_empty() {
        // The routing errors' one-line form: `list, create, delete`.
        actions = section.split(',').map(js_trim).filter(|a| !a.is_empty()).map(unescape).collect();
    }
    actions
}

/// The text just past `<name` of the first start tag of that name (the name followed
/// by whitespace, `>` or `/`).
fn start_tag<'t>(text: &'t str, name: &str) -> Option<&'t str> {
    let open = format!("<{name}");
    let mut rest = text;
    while let Some(at) = rest.find(&open) {
        let after = rest.get(at + open.len()..).unwrap_or_default();
        if after.starts_with(|c: char| c.is_ascii_whitespace() || c == '>' || c == '/') {
            return Some(after);
        }
        rest = after;
    }
    None
}

fn attribute_of(attributes: &[(&str, &str)], name: &str) -> Option<String> {
    attributes.iter().find(|(n, _)| *n == name).map(|(_, v)| unescape(v))
}

/// The `<field>` elements of a `<validation_error>` body, in order.
fn fields_of(mut body: &str) -> Vec<ParsedField> {
    let mut fields = Vec::new();
    while fields.len() < MAX_PARSED_FIELDS {
        let Some(after) = start_tag(body, "field") else {
            break;
        };
        let (attributes, rest) = attributes_and_rest(after);
        let name = attribute_of(&attributes, "name").unwrap_or_default();
        if rest.starts_with("/>") {
            fields.push(ParsedField { name, message: String::new() });
            body = rest.get(2..).unwrap_or_default();
            continue;
        }
        let Some(content) = rest.strip_prefix('>') else {
            // A start tag that does not close: nothing after it is a field.
            break;
        };
        let Some(end) = content.find("</field>") else {
            break;
        };
        fields.push(ParsedField { name, message: unescape(content.get(..end).unwrap_or_default()) });
        body = content.get(end + "</field>".len()..).unwrap_or_default();
    }
    fields
}

/// `<more_issues count="N">`'s N, when it is a plain decimal count.
fn more_issues_of(body: &str) -> usize {
    start_tag(body, "more_issues")
        .and_then(|after| attribute_of(&attributes(after), "count"))
        .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or(0)
}

/// A `<validation_error>`: its fields and count before the first `<recovery>`, and
/// that recovery.
fn parse_validation_error(text: &str, after_name: &str) -> ParsedToolError<'static> {
    let (attributes, body) = attributes_and_rest(after_name);
    let recovery = element(body, "recovery");
    let before_recovery = match body.find("<recovery>") {
        Some(at) => body.get(..at).unwrap_or_default(),
        None => body,
    };
    let mut parsed = ParsedToolError::bare(
        ParsedCode::Text(VALIDATION_ERROR_CODE.to_owned()),
        non_empty_or_unknown(text.to_owned()),
        Dialect::Xml,
    );
    parsed.recovery = recovery.map(unescape);
    parsed.validation = Some(ParsedValidation {
        action: attribute_of(&attributes, "action").unwrap_or_default(),
        fields: fields_of(before_recovery),
        more_issues: more_issues_of(before_recovery),
    });
    parsed
}

/// Reads an XML-dialect error from its text alone (no `isError` check, no `raw`).
pub fn parse_tool_error_text(text: &str) -> ParsedToolError<'static> {
    let Some(message) = element(text, "message") else {
        if let Some(after_name) = start_tag(text, "validation_error") {
            return parse_validation_error(text, after_name);
        }
        return ParsedToolError::bare(
            ParsedCode::Text(UNKNOWN_CODE.to_owned()),
            non_empty_or_unknown(text.to_owned()),
            Dialect::Xml,
        );
    };
    let attributes = tool_error_attributes(text);
    let attribute = |name: &str| attribute_of(&attributes, name);
    ParsedToolError {
        code: ParsedCode::Text(attribute("code").filter(|c| !c.is_empty()).unwrap_or_else(|| UNKNOWN_CODE.to_owned())),
        message: unescape(js_trim(message)),
        recovery: element(text, "recovery").map(|r| unescape(js_trim(r))),
        available_actions: actions_of(text),
        severity: attribute("severity").filter(|s| !s.is_empty()).unwrap_or_else(|| "error".to_owned()),
        dialect: Dialect::Xml,
        validation: None,
        details: details_of(text),
        retry_after: retry_after_of(text),
        reason: None,
        retryable: None,
        request_id: None,
        raw: None,
    }
}

/// Whether the client reads `text` in the XML dialect: it has a `<tool_error` or
/// `<validation_error` start tag, or a `<message>…</message>` element (which is all
/// MCP Fusion's client needs to read a message).
pub(crate) fn looks_like_xml(text: &str) -> bool {
    start_tag(text, "tool_error").is_some()
        || start_tag(text, "validation_error").is_some()
        || element(text, "message").is_some()
}

/// [`parse_tool_error_text`] for a text the client cut (`cut`): a `<message>` that the
/// cut left open is read to the cut (with the start tag's code and severity), and a
/// message that is the whole text says it was cut; either ends with `…`.
pub(crate) fn parse_xml_text(text: &str, cut: bool) -> ParsedToolError<'static> {
    if cut && text.contains("<message>") && element(text, "message").is_none() {
        // The cut fell inside the message: close it where the text ends.
        let mut closed = String::with_capacity(text.len() + "</message>".len());
        closed.push_str(text);
        closed.push_str("</message>");
        let mut parsed = parse_tool_error_text(&closed);
        parsed.message.push_str(ELLIPSIS);
        return parsed;
    }
    let mut parsed = parse_tool_error_text(text);
    if cut && parsed.message.len() == text.len() && !text.is_empty() {
        parsed.message.push_str(ELLIPSIS);
    }
    parsed
}

/// Most `<detail>` lines read from one text (the writer emits one per key given).
pub const MAX_PARSED_DETAILS: usize = 1000;

/// The `<detail key="…">value</detail>` lines of the first `<details>…</details>`.
/// A self-closing `<detail key="k"/>` reads as an empty value; a detail without a
/// `key` attribute reads with key `""`.
fn details_of(text: &str) -> Vec<(String, String)> {
    let Some(mut body) = element(text, "details") else {
        return Vec::new();
    };
    let mut details = Vec::new();
    while details.len() < MAX_PARSED_DETAILS {
        let Some(after) = start_tag(body, "detail") else {
            break;
        };
        let (attributes, rest) = attributes_and_rest(after);
        let key = attribute_of(&attributes, "key").unwrap_or_default();
        if let Some(rest) = rest.strip_prefix("/>") {
            details.push((key, String::new()));
            body = rest;
            continue;
        }
        let Some(content) = rest.strip_prefix('>') else {
            break;
        };
        let Some(end) = content.find("</detail>") else {
            break;
        };
        details.push((key, unescape(content.get(..end).unwrap_or_default())));
        body = content.get(end + "</detail>".len()..).unwrap_or_default();
    }
    details
}

/// `<retry_after>N seconds</retry_after>`'s N (`1.5`, `1e+21`), when it is finite.
fn retry_after_of(text: &str) -> Option<f64> {
    let body = unescape(js_trim(element(text, "retry_after")?));
    let number = body.strip_suffix("seconds").or_else(|| body.strip_suffix("second")).unwrap_or(&body);
    let number = js_trim(number);
    // JSON number text, as JS prints a number (`1.5`, `1e+21`): the crate's own reader,
    // not `f64::from_str` (whose tables the wasm would carry).
    crate::decimal::parse_number(number).filter(|n| n.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::parse_tool_error;
    use crate::value::Value;

    #[test]
    fn reads_attributes_in_any_order_and_quote_style() {
        let p = parse_tool_error_text(
            "<tool_error severity='warning' code=\"A&amp;B\">\n<message>m</message>\n</tool_error>",
        );
        assert_eq!(p.code, ParsedCode::Text("A&B".into()));
        assert_eq!(p.severity, "warning");
    }

    #[test]
    fn severity_is_unescaped_like_code_unlike_the_reference() {
        // The reference's client unescapes `code` but hands `severity` back raw.
        let p = parse_tool_error_text(
            "<tool_error code=\"X\" severity=\"warn&amp;&lt;ing&quot;\">\n<message>m</message>\n</tool_error>",
        );
        assert_eq!(p.severity, "warn&<ing\"");
    }

    #[test]
    fn success_and_malformed_results() {
        assert!(parse_tool_error(&Value::Null).is_none());
        let no_content = Value::Object(vec![("isError".into(), Value::Bool(true))]);
        let p = parse_tool_error(&no_content);
        assert_eq!(p.as_ref().map(|p| p.message.as_str()), Some("Unknown error"));
        // Nothing to read is plain text with no code, not an XML `UNKNOWN` error.
        assert_eq!(p.map(|p| (p.code, p.dialect)), Some((ParsedCode::Unknown, Dialect::Text)));
    }

    #[test]
    fn reads_a_validation_error_field_by_field() {
        let text = "<validation_error action=\"users/cre&quot;ate\">\n<field name=\"a.b\">Bad &lt;x&gt; &amp; y You sent: 'q'.</field>\n<field name='(root)'/>\n<more_issues count=\"7\">7 more issues not shown.</more_issues>\n<recovery>Fix &amp; retry.</recovery>\n<contract_awareness>\n<field name=\"not-a-field\">x</field>\n</contract_awareness>\n</validation_error>";
        let p = parse_tool_error_text(text);
        assert_eq!(p.code, ParsedCode::Text(VALIDATION_ERROR_CODE.into()));
        assert_eq!(p.message, text);
        assert_eq!(p.recovery.as_deref(), Some("Fix & retry."));
        assert_eq!(p.severity, "error");
        let v = p.validation.unwrap_or(ParsedValidation { action: "none".into(), fields: Vec::new(), more_issues: 0 });
        assert_eq!(v.action, "users/cre\"ate");
        assert_eq!(v.more_issues, 7);
        assert_eq!(
            v.fields,
            vec![
                ParsedField { name: "a.b".into(), message: "Bad <x> & y You sent: 'q'.".into() },
                ParsedField { name: "(root)".into(), message: String::new() },
            ]
        );
    }

    #[test]
    fn a_bare_or_broken_validation_error_still_reads() {
        let bare = parse_tool_error_text("<validation_error>Bad input</validation_error>");
        assert_eq!(bare.code, ParsedCode::Text(VALIDATION_ERROR_CODE.into()));
        assert_eq!(bare.recovery, None);
        let v = bare.validation.map(|v| (v.action, v.fields.len(), v.more_issues));
        assert_eq!(v, Some((String::new(), 0, 0)));
        // A field that never closes ends the list; nothing panics.
        let cut = parse_tool_error_text(
            "<validation_error action=\"a\">\n<field name=\"x\">ok</field>\n<field name=\"y\">cut",
        );
        assert_eq!(cut.validation.map(|v| v.fields.len()), Some(1));
        // `<validation_errors>` is another element; a tool error with a message wins.
        assert_eq!(
            parse_tool_error_text("<validation_errors>x</validation_errors>").code,
            ParsedCode::Text(UNKNOWN_CODE.into())
        );
        let both =
            parse_tool_error_text("<tool_error code=\"C\">\n<message>m</message>\n</tool_error><validation_error/>");
        assert_eq!(both.code, ParsedCode::Text("C".into()));
        assert!(both.validation.is_none());
    }

    #[test]
    fn fields_past_the_cap_are_not_read() {
        let mut text = String::from("<validation_error action=\"a\">");
        for _ in 0..MAX_PARSED_FIELDS + 5 {
            text.push_str("\n<field name=\"f\">m</field>");
        }
        text.push_str("\n</validation_error>");
        let p = parse_tool_error_text(&text);
        assert_eq!(p.validation.map(|v| v.fields.len()), Some(MAX_PARSED_FIELDS));
    }

    #[test]
    fn reads_details_and_retry_after() {
        use crate::xml::{tool_error, ToolErrorOptions};
        let written = tool_error(
            "RATE_LIMITED",
            &ToolErrorOptions {
                message: "Slow down".into(),
                details: vec![
                    ("b&\"<'k".into(), "v <1> & \u{1}".into()),
                    ("2".into(), "two".into()),
                    ("empty".into(), String::new()),
                ],
                retry_after: Some(1.5),
                ..ToolErrorOptions::default()
            },
        );
        let p = parse_tool_error_text(&written.text);
        // JS key order: integer-like keys first, as written.
        assert_eq!(
            p.details,
            vec![
                ("2".to_owned(), "two".to_owned()),
                ("b&\"<'k".to_owned(), "v <1> & \u{1}".to_owned()),
                ("empty".to_owned(), String::new()),
            ]
        );
        assert_eq!(p.retry_after, Some(1.5));
        assert_eq!(p.message, "Slow down");

        let big = tool_error(
            "X",
            &ToolErrorOptions { message: "m".into(), retry_after: Some(1e21), ..ToolErrorOptions::default() },
        );
        assert_eq!(parse_tool_error_text(&big.text).retry_after, Some(1e21));
        let none = parse_tool_error_text("<tool_error code=\"X\">\n<message>m</message>\n</tool_error>");
        assert!(none.details.is_empty());
        assert_eq!(none.retry_after, None);
    }

    #[test]
    fn odd_details_and_retry_after_read_without_panicking() {
        for (body, want) in [
            ("<retry_after>inf seconds</retry_after>", None),
            ("<retry_after>NaN seconds</retry_after>", None),
            ("<retry_after>1e400 seconds</retry_after>", None),
            ("<retry_after> seconds</retry_after>", None),
            ("<retry_after>soon</retry_after>", None),
            ("<retry_after>30</retry_after>", Some(30.0)),
            ("<retry_after> 2.5 seconds </retry_after>", Some(2.5)),
            ("<retry_after>1 second</retry_after>", Some(1.0)),
        ] {
            let p =
                parse_tool_error_text(&format!("<tool_error code=\"X\">\n<message>m</message>\n{body}\n</tool_error>"));
            assert_eq!(p.retry_after, want, "{body}");
        }
        let p = parse_tool_error_text(
            "<tool_error code=\"X\">\n<message>m</message>\n<details>\n  <detail key='a'/>\n  <detail>nokey</detail>\n  <detail key=\"c\">cut\n</details>\n</tool_error>",
        );
        assert_eq!(p.details, vec![("a".to_owned(), String::new()), (String::new(), "nokey".to_owned())]);
        let mut many = String::from("<tool_error code=\"X\">\n<message>m</message>\n<details>");
        for i in 0..MAX_PARSED_DETAILS + 3 {
            many.push_str(&format!("\n  <detail key=\"k{i}\">v</detail>"));
        }
        many.push_str("\n</details>\n</tool_error>");
        assert_eq!(parse_tool_error_text(&many).details.len(), MAX_PARSED_DETAILS);
    }

    #[test]
    fn reads_the_json_rpc_envelope() {
        let result = Value::parse_json(
            r#"{"content":[{"type":"text","text":"Error: Boom"}],"isError":true,"structuredContent":{"error":{"code":-32602,"message":"Boom","data":{"recovery":{"hint":"Send x."}}}}}"#,
        )
        .unwrap_or(Value::Null);
        let p = parse_tool_error(&result);
        assert_eq!(p.as_ref().map(|p| p.code.clone()), Some(ParsedCode::Number(-32602.0)));
        assert_eq!(p.as_ref().and_then(|p| p.recovery.clone()).as_deref(), Some("Send x."));
        assert_eq!(p.map(|p| p.dialect), Some(Dialect::JsonRpc));
    }
}
