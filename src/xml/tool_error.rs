//! `<tool_error>`: `tool_error`, `error` and `required`, and the response they return.

use super::escape::{push_attr, push_content};
use crate::key_order::key_order_borrowed;
use crate::redact::WirePolicy;
use crate::value::{JsNumber, Value};

/// The severity `tool_error` writes when none is given.
pub const DEFAULT_SEVERITY: &str = "error";

/// An MCP tool response carrying one text block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolResponse {
    pub text: String,
    /// The `isError` property; `false` only for a `warning` severity.
    pub is_error: bool,
    /// Whether the JS layer should attach the framework's brand (non-enumerable
    /// symbol) that marks a response a handler may `throw` and still have pass
    /// through the pipeline intact. The helpers brand; routing and validation
    /// errors, which the pipeline builds itself, do not.
    pub branded: bool,
}

impl ToolResponse {
    /// `{ content: [{ type: "text", text }], isError }` as MCP's `CallToolResult`.
    pub fn to_call_tool_result(&self) -> Value<'static> {
        Value::Object(vec![
            (
                "content".into(),
                Value::Array(vec![Value::Object(vec![
                    ("type".into(), Value::str("text")),
                    ("text".into(), Value::str(self.text.clone())),
                ])]),
            ),
            ("isError".into(), Value::Bool(self.is_error)),
        ])
    }
}

/// What `toolError(code, opts)` accepts, for [`xml_tool_error`](crate::xml_tool_error).
/// Only `message` is required: build it with [`ToolErrorOptions::new`] and set the rest.
///
/// ```
/// use mcp_envelope::{xml_tool_error, ToolErrorOptions};
///
/// let mut options = ToolErrorOptions::new("Too many requests.");
/// options.suggestion = Some("Wait, then retry.".to_owned());
/// options.retry_after = Some(30.0);
/// let text = xml_tool_error("RATE_LIMITED", &options).text().to_owned();
/// assert!(text.contains("<recovery>Wait, then retry.</recovery>"));
/// assert!(text.contains("<retry_after>30 seconds</retry_after>"));
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ToolErrorOptions {
    /// What went wrong, written as `<message>`.
    pub message: String,
    /// Written as `<recovery>` when non-empty.
    pub suggestion: Option<String>,
    /// The tools or actions the model can call next, written as `<available_actions>` when non-empty.
    pub available_actions: Vec<String>,
    /// Detail entries, values already stringified (the JS layer applies `String(v)`).
    /// Written in `Object.keys` order: a repeated key keeps its first place and its
    /// last value, and integer-like keys come first, ascending.
    pub details: Vec<(String, String)>,
    /// Written only when finite and positive.
    pub retry_after: Option<f64>,
    /// `error` when absent. Any string is accepted; only `warning` clears `isError`.
    pub severity: Option<String>,
    /// What the wire allows (only `redact_secrets` applies here): secrets masked by default.
    pub wire: WirePolicy,
}

impl ToolErrorOptions {
    /// Options with this message and nothing else (severity `error`, secrets masked).
    ///
    /// ```
    /// use mcp_envelope::{ToolErrorOptions, WirePolicy};
    ///
    /// let options = ToolErrorOptions::new("No such file.");
    /// assert_eq!(options.message, "No such file.");
    /// assert_eq!(options.severity, None);
    /// assert_eq!(options.wire, WirePolicy::default());
    /// ```
    pub fn new(message: impl Into<String>) -> Self {
        ToolErrorOptions { message: message.into(), ..ToolErrorOptions::default() }
    }
}

/// The severity rule: `warning` travels on the success path, everything else
/// (including unknown severities) is an error.
pub fn is_error_severity(severity: &str) -> bool {
    severity != "warning"
}

/// The `<tool_error>` envelope: code and severity attributes, then message, recovery,
/// available actions, details and retry-after, each only when present.
///
/// Nothing here is capped: every field is the server developer's own text and the
/// output is linear in it (unlike what a model sends, which the validation and
/// routing writers cap).
///
/// Secrets in the message, the suggestion and the detail values are masked
/// (`crate::redact`) unless `options.wire` turns that off.
pub fn tool_error(code: &str, options: &ToolErrorOptions) -> ToolResponse {
    let actions: Vec<&str> = options.available_actions.iter().map(String::as_str).collect();
    let details: Vec<(&str, &str)> = options.details.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let fields = ToolErrorFields {
        message: &options.message,
        suggestion: options.suggestion.as_deref(),
        available_actions: &actions,
        details: &details,
        retry_after: options.retry_after,
        severity: options.severity.as_deref(),
        wire: options.wire,
    };
    write_tool_error(code, &fields)
}

/// [`ToolErrorOptions`] borrowed: what [`write_tool_error_into`] reads, from the options
/// or straight from a request (no string copied).
pub(crate) struct ToolErrorFields<'a> {
    pub message: &'a str,
    pub suggestion: Option<&'a str>,
    pub available_actions: &'a [&'a str],
    pub details: &'a [(&'a str, &'a str)],
    pub retry_after: Option<f64>,
    pub severity: Option<&'a str>,
    pub wire: WirePolicy,
}

impl ToolErrorFields<'_> {
    /// Whether the envelope is an error: its severity is not `warning`.
    pub(crate) fn is_error(&self) -> bool {
        is_error_severity(self.severity.unwrap_or(DEFAULT_SEVERITY))
    }
}

/// [`tool_error`]'s envelope, from borrowed fields.
fn write_tool_error(code: &str, options: &ToolErrorFields<'_>) -> ToolResponse {
    let mut text = String::with_capacity(tool_error_room(code, options));
    write_tool_error_into(&mut text, code, options);
    ToolResponse { text, is_error: options.is_error(), branded: true }
}

/// The most room [`tool_error_room`] makes up front (the text grows past it as needed).
const MAX_ROOM: usize = 1 << 16;

/// About the bytes the envelope takes when nothing in it is escaped or masked and its
/// actions and details are short, so that the text seldom grows while it is written; at
/// most [`MAX_ROOM`]. Not inlined: its two callers share one copy in the module.
#[inline(never)]
pub(crate) fn tool_error_room(code: &str, options: &ToolErrorFields<'_>) -> usize {
    let severity = options.severity.unwrap_or(DEFAULT_SEVERITY);
    let texts = [code, options.message, options.suggestion.unwrap_or_default(), severity];
    // The tags of every section and a number's longest `String(n)`, the texts, and room
    // for an action or a detail of a few words each.
    let lists =
        options.available_actions.len().saturating_mul(48).saturating_add(options.details.len().saturating_mul(64));
    texts.iter().fold(lists.saturating_add(256), |room, text| room.saturating_add(text.len())).min(MAX_ROOM)
}

/// Appends [`tool_error`]'s envelope to `text`. Not inlined: [`tool_error`] (which the
/// builder, the routing errors and the other dialect's errors write through too) and the
/// protocol's toolError share one copy of it in the module.
#[inline(never)]
pub(crate) fn write_tool_error_into(text: &mut String, code: &str, options: &ToolErrorFields<'_>) {
    let wire = options.wire;
    let severity = options.severity.unwrap_or(DEFAULT_SEVERITY);
    text.push_str("<tool_error code=\"");
    push_attr(text, code);
    text.push_str("\" severity=\"");
    push_attr(text, severity);
    text.push_str("\">\n<message>");
    push_content(text, &wire.text(options.message));
    text.push_str("</message>");
    if let Some(suggestion) = options.suggestion.filter(|s| !s.is_empty()) {
        text.push_str("\n<recovery>");
        push_content(text, &wire.text(suggestion));
        text.push_str("</recovery>");
    }
    if !options.available_actions.is_empty() {
        text.push_str("\n<available_actions>");
        for action in options.available_actions {
            text.push_str("\n  <action>");
            push_content(text, action);
            text.push_str("</action>");
        }
        text.push_str("\n</available_actions>");
    }
    if !options.details.is_empty() {
        text.push_str("\n<details>");
        for (key, value) in key_order_borrowed(options.details) {
            text.push_str("\n  <detail key=\"");
            push_attr(text, key);
            text.push_str("\">");
            push_content(text, &wire.text(value));
            text.push_str("</detail>");
        }
        text.push_str("\n</details>");
    }
    if let Some(seconds) = options.retry_after.filter(|n| n.is_finite() && *n > 0.0) {
        text.push_str("\n<retry_after>");
        text.push_str(JsNumber::new(seconds).as_str());
        text.push_str(" seconds</retry_after>");
    }
    text.push_str("\n</tool_error>");
}

/// `error(message, code?)`: the plain envelope, no severity attribute. The reference
/// writes the attribute whenever a code is given (`code !== undefined`), so an empty
/// code gives `code=""`. Secrets in the
/// message are masked (a `wire` without `redact_secrets` writes one unmasked).
pub fn error(message: &str, code: Option<&str>) -> ToolResponse {
    let mut text = String::with_capacity(48 + message.len());
    text.push_str("<tool_error");
    if let Some(code) = code {
        text.push_str(" code=\"");
        push_attr(&mut text, code);
        text.push('"');
    }
    text.push_str(">\n<message>");
    push_content(&mut text, &crate::redact::redact(message));
    text.push_str("</message>\n</tool_error>");
    ToolResponse { text, is_error: true, branded: true }
}

/// `required(field)`: `MISSING_REQUIRED_FIELD` with the fixed message and recovery.
/// The field name is element content, so only `&` and `<` are escaped.
pub fn required(field: &str) -> ToolResponse {
    let mut text = String::with_capacity(160 + 2 * field.len());
    text.push_str("<tool_error code=\"MISSING_REQUIRED_FIELD\">\n<message>Required field \"");
    push_content(&mut text, field);
    text.push_str("\" is missing.</message>\n<recovery>Provide the \"");
    push_content(&mut text, field);
    text.push_str("\" parameter and retry.</recovery>\n</tool_error>");
    ToolResponse { text, is_error: true, branded: true }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_every_section_in_order() {
        let options = ToolErrorOptions {
            message: "m".into(),
            suggestion: Some("s".into()),
            available_actions: vec!["a".into()],
            details: vec![("k".into(), "v".into())],
            retry_after: Some(1e21),
            severity: Some("warning".into()),
            ..ToolErrorOptions::default()
        };
        let r = tool_error("C", &options);
        assert_eq!(
            r.text,
            "<tool_error code=\"C\" severity=\"warning\">\n<message>m</message>\n<recovery>s</recovery>\n<available_actions>\n  <action>a</action>\n</available_actions>\n<details>\n  <detail key=\"k\">v</detail>\n</details>\n<retry_after>1e+21 seconds</retry_after>\n</tool_error>"
        );
        assert!(!r.is_error);
        assert!(r.branded);
    }

    #[test]
    fn the_room_made_up_front_holds_an_envelope_with_nothing_to_escape_up_to_its_cap() {
        let long = "w".repeat(300);
        let fields =
            |actions: &'static [&'static str], details: &'static [(&'static str, &'static str)]| ToolErrorFields {
                message: "Invoice inv_42 was not found for tenant acme",
                suggestion: Some("Call list_invoices to see the ids that exist"),
                available_actions: actions,
                details,
                retry_after: Some(1.5e-7),
                severity: Some("a-severity-of-its-own"),
                wire: WirePolicy::default(),
            };
        let cases = [
            fields(&[], &[]),
            fields(&["list_invoices", "get_invoice", "x"], &[("invoiceId", "inv_42"), ("tenant", "acme"), ("", "")]),
        ];
        for options in &cases {
            for code in ["NOT_FOUND", long.as_str()] {
                let mut text = String::new();
                write_tool_error_into(&mut text, code, options);
                assert!(
                    text.len() <= tool_error_room(code, options),
                    "{} > {}",
                    text.len(),
                    tool_error_room(code, options)
                );
            }
        }
        let huge = fields(&[], &[]);
        assert_eq!(tool_error_room(&"c".repeat(MAX_ROOM), &huge), MAX_ROOM);
    }

    #[test]
    fn retry_after_needs_a_finite_positive_number() {
        for n in [0.0, -0.0, -1.0, f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            let options = ToolErrorOptions { retry_after: Some(n), ..ToolErrorOptions::new("m") };
            assert!(!tool_error("X", &options).text.contains("retry_after"), "{n}");
        }
    }

    #[test]
    fn secrets_are_masked_unless_turned_off() {
        let options = ToolErrorOptions {
            message: "connect postgres://admin:pw@db/x".into(),
            suggestion: Some("Send Bearer abc123def456".into()),
            available_actions: vec!["list".into()],
            details: vec![("dsn".into(), "redis://:s3cret@cache".into()), ("n".into(), "1".into())],
            ..ToolErrorOptions::default()
        };
        let masked = tool_error("X", &options).text;
        assert!(masked.contains("<message>connect postgres://admin:***@db/x</message>"), "{masked}");
        assert!(masked.contains("<recovery>Send Bearer ***</recovery>"), "{masked}");
        assert!(masked.contains("<detail key=\"dsn\">redis://:***@cache</detail>"), "{masked}");
        let unmasked =
            ToolErrorOptions { wire: WirePolicy { redact_secrets: false, ..WirePolicy::default() }, ..options };
        let raw = tool_error("X", &unmasked).text;
        assert!(raw.contains(":pw@") && raw.contains("abc123def456") && raw.contains(":s3cret@"), "{raw}");
        assert_eq!(error("token=abc", None).text, "<tool_error>\n<message>token=***</message>\n</tool_error>");
    }

    #[test]
    fn error_writes_an_empty_code_as_the_reference_does() {
        assert_eq!(error("m", Some("")).text, "<tool_error code=\"\">\n<message>m</message>\n</tool_error>");
        assert_eq!(error("m", None).text, "<tool_error>\n<message>m</message>\n</tool_error>");
    }
}
