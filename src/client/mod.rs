//! `parseToolError(result)`: the client side. Reads a tool error back out of a
//! `CallToolResult` in whatever form the client received it, in both dialects:
//!
//! 1. **`structuredContent.error`** (the JSON-RPC dialect, mcp-ts-core), when it is an
//!    object: its `code`, `message`, `data.recovery.hint`, `data.reason`,
//!    `data.retryable` and `data.requestId`. What it lacks is taken from the text when
//!    the text is in the JSON-RPC text form.
//! 2. **The JSON-RPC text form** (`Error: …`, `Recovery: …`, the `(reason … ·
//!    retryable · request …)` line; see [`text`]), for clients that drop
//!    `structuredContent`. It carries no code; a message in the SDK's wording names one
//!    (`MCP error <code>: …`, and -32602 for `Input validation error: …`).
//! 3. **The XML dialect** (MCP Fusion) when the text has a `<tool_error` or
//!    `<validation_error` start tag or a `<message>…</message>` element: see
//!    [`xml`].
//! 4. **Plain text** otherwise ([`Dialect::Text`]): the whole text is the message. The
//!    official SDK's own texts read with their code (v1's `MCP error -32602: …` as
//!    -32602 with the prefix taken off the message; `Input validation error: …` and
//!    `Output validation error: …`, which both SDKs raise as -32602); any other text has
//!    [`ParsedCode::Unknown`] (`null` in JS). Plain text is never labelled an XML
//!    `UNKNOWN` error.
//!
//! The text read is the text blocks of `content` (other blocks skipped, at most
//! [`MAX_BLOCKS`]) joined with `\n`, cut at [`TEXT_UNITS`] UTF-16 units, so a 10 MB text
//! costs what its first [`TEXT_UNITS`] cost. A field that ran on past that cut ends with
//! `…`; messages and recoveries are cut at [`MESSAGE_UNITS`], a reason and a request id at
//! [`ID_UNITS`], each with `…` as its last unit.

pub(crate) mod text;
pub mod xml;

use crate::js::js_truthy;
use crate::utf16::{cut_utf16, utf16_len_exceeds, utf16_prefix_end};
use crate::value::{js_number_string, Value};
use xml::{looks_like_xml, parse_xml_text};

/// Which envelope an error was read from: `text` is neither (plain text, such as the
/// SDK's own `Input validation error: …`).
// The Rust example stays out of the TypeScript the wasm build generates from these docs.
#[cfg_attr(
    not(all(target_arch = "wasm32", feature = "typescript")),
    doc = "",
    doc = r##"
[`read_tool_error`](crate::read_tool_error) sets it on each [`ParsedToolError`]: a
client can tell which fields the server could have filled.

```
use mcp_envelope::{read_tool_error, xml_tool_error, Dialect, ToolErrorOptions, Value};

let xml = xml_tool_error("NOT_FOUND", &ToolErrorOptions::new("No such file."));
assert_eq!(read_tool_error(xml.as_value()).unwrap().dialect, Dialect::Xml);

let plain = Value::parse_json(r#"{"isError":true,"content":[{"type":"text","text":"Something broke"}]}"#).unwrap();
assert_eq!(read_tool_error(&plain).unwrap().dialect, Dialect::Text);
```"##
)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
// Its TypeScript (`ErrorDialect`) is generated from this declaration by the wasm build.
#[cfg_attr(
    all(target_arch = "wasm32", feature = "typescript"),
    derive(tsify::Tsify),
    tsify(rename = "ErrorDialect"),
    serde(rename_all = "lowercase")
)]
pub enum Dialect {
    /// MCP Fusion's `<tool_error>` or `<validation_error>`.
    Xml,
    /// mcp-ts-core's `Error: …` text and `structuredContent.error`.
    JsonRpc,
    /// Neither: plain text (the SDK's own `Input validation error: …`, a server's
    /// `Something broke`).
    Text,
}

impl Dialect {
    /// `xml`, `jsonrpc` or `text`, as the JS API names it.
    ///
    /// ```
    /// use mcp_envelope::Dialect;
    ///
    /// assert_eq!(Dialect::JsonRpc.as_str(), "jsonrpc");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Dialect::Xml => "xml",
            Dialect::JsonRpc => "jsonrpc",
            Dialect::Text => "text",
        }
    }
}

/// An error code: the XML dialect's strings, the JSON-RPC dialect's numbers, or none.
///
/// ```
/// use mcp_envelope::{error_result, read_tool_error, xml_tool_error, ErrorResultOptions, JsonRpcErrorCode, McpError, ParsedCode, ToolErrorOptions};
///
/// let xml = xml_tool_error("NOT_FOUND", &ToolErrorOptions::new("No such file."));
/// assert_eq!(read_tool_error(xml.as_value()).unwrap().code, ParsedCode::Text("NOT_FOUND".to_owned()));
///
/// let json = error_result(&McpError::new(JsonRpcErrorCode::Timeout, "Slow."), &ErrorResultOptions::default());
/// assert_eq!(read_tool_error(json.as_value()).unwrap().code, ParsedCode::Number(-32004.0));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub enum ParsedCode {
    /// A string code (the XML dialect's `code="…"`, or a JSON-RPC `code` sent as a string).
    Text(String),
    /// A numeric code (the JSON-RPC dialect's `error.code`, or an SDK text's `MCP error <code>`).
    Number(f64),
    /// The result names no code (plain text, the JSON-RPC text form without an SDK
    /// wording): `null` in JS.
    Unknown,
}

impl ParsedCode {
    /// The string code; `None` for a number or no code.
    ///
    /// ```
    /// use mcp_envelope::ParsedCode;
    ///
    /// assert_eq!(ParsedCode::Text("NOT_FOUND".to_owned()).as_text(), Some("NOT_FOUND"));
    /// assert_eq!(ParsedCode::Number(-32001.0).as_text(), None);
    /// ```
    pub fn as_text(&self) -> Option<&str> {
        match self {
            ParsedCode::Text(s) => Some(s),
            _ => None,
        }
    }

    /// The numeric code; `None` for a string or no code. Map it back to a
    /// [`JsonRpcErrorCode`](crate::JsonRpcErrorCode) with `from_value` when it is an integer.
    ///
    /// ```
    /// use mcp_envelope::{JsonRpcErrorCode, ParsedCode};
    ///
    /// let code = ParsedCode::Number(-32001.0);
    /// assert_eq!(code.as_number(), Some(-32001.0));
    /// assert_eq!(JsonRpcErrorCode::from_value(-32001), Some(JsonRpcErrorCode::NotFound));
    /// assert_eq!(ParsedCode::Unknown.as_number(), None);
    /// ```
    pub fn as_number(&self) -> Option<f64> {
        match self {
            ParsedCode::Number(n) => Some(*n),
            _ => None,
        }
    }
}

/// The code given to an XML-dialect error that names none.
pub const UNKNOWN_CODE: &str = "UNKNOWN";

/// The code a `<validation_error>` is read with (one of the canonical codes).
pub const VALIDATION_ERROR_CODE: &str = "VALIDATION_ERROR";

/// The message of an error whose text is empty.
pub const EMPTY_MESSAGE: &str = "Unknown error";

/// Most UTF-16 units of text read from a result (its text blocks joined with `\n`).
/// The largest envelope the XML writers can produce (100 `<field>`s at their caps) is
/// well under it.
pub const TEXT_UNITS: usize = 1 << 20;
/// Most text blocks of `content` looked at.
pub const MAX_BLOCKS: usize = 1000;
/// Most UTF-16 units of a message or a recovery, `…` included; twice what the XML
/// builders write of a string, so anything they write reads back whole.
pub const MESSAGE_UNITS: usize = 1 << 17;
/// Most UTF-16 units of a request id or a reason, `…` included.
pub const ID_UNITS: usize = 1024;
/// What ends a cut field.
pub const ELLIPSIS: &str = "…";
/// One `<field name="…">…</field>` of a `<validation_error>`, entities decoded.
///
/// ```
/// use mcp_envelope::{read_tool_error, xml_validation_error, Issue, Value};
///
/// let sent = Value::parse_json(r#"{"limit":"ten"}"#).unwrap();
/// let result = xml_validation_error("projects/list", &[Issue::invalid_type("number", "string").at(["limit"])], Some(&sent));
/// let read = read_tool_error(result.as_value()).unwrap();
/// let field = &read.validation.unwrap().fields[0];
/// assert_eq!(field.name, "limit");
/// assert!(field.message.contains("You sent:"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedField {
    /// The issue's path joined with `.`, or `(root)`.
    pub name: String,
    /// The whole line: `MESSAGE You sent: SENT.[ SUGGESTION]`.
    pub message: String,
}

/// What a `<validation_error>` says beyond code, message and recovery.
///
/// ```
/// use mcp_envelope::{read_tool_error, xml_validation_error, Issue, Value};
///
/// let sent = Value::parse_json(r#"{"limit":"ten"}"#).unwrap();
/// let result = xml_validation_error("projects/list", &[Issue::invalid_type("number", "string").at(["limit"])], Some(&sent));
/// let validation = read_tool_error(result.as_value()).unwrap().validation.unwrap();
/// assert_eq!(validation.action, "projects/list");
/// assert_eq!(validation.fields.len(), 1);
/// assert_eq!(validation.more_issues, 0);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedValidation {
    /// The start tag's `action` attribute (`tool/action`); `""` when it has none.
    pub action: String,
    /// One entry per `<field>`, in order.
    pub fields: Vec<ParsedField>,
    /// The `<more_issues count="N">` count: issues the writer left out; 0 without one.
    pub more_issues: usize,
}

/// A tool error read back out of a `CallToolResult`, whichever dialect wrote it
/// (`{ code, message, recovery, availableActions, severity, dialect, raw, … }` in JS):
/// what [`read_tool_error`](crate::read_tool_error) returns to a Rust client.
///
/// ```
/// use mcp_envelope::{read_tool_error, xml_tool_error, Dialect, ParsedCode, ToolErrorOptions};
///
/// let mut options = ToolErrorOptions::new("No such project.");
/// options.suggestion = Some("List the projects first.".to_owned());
/// options.available_actions = vec!["projects.list".to_owned()];
/// let read = read_tool_error(xml_tool_error("NOT_FOUND", &options).as_value()).unwrap();
/// assert_eq!(read.code, ParsedCode::Text("NOT_FOUND".to_owned()));
/// assert_eq!(read.message, "No such project.");
/// assert_eq!(read.recovery.as_deref(), Some("List the projects first."));
/// assert_eq!(read.available_actions, ["projects.list"]);
/// assert_eq!(read.severity, "error");
/// assert_eq!(read.dialect, Dialect::Xml);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct ParsedToolError<'a> {
    /// The error's code: a string (XML), a number (JSON-RPC) or none.
    pub code: ParsedCode,
    /// The error's message.
    pub message: String,
    /// What to do next: `<recovery>` (XML) or `data.recovery.hint` / the `Recovery:` line (JSON-RPC).
    pub recovery: Option<String>,
    /// The tools or actions to call next (`<available_actions>`, XML dialect only).
    pub available_actions: Vec<String>,
    /// The `severity` attribute (XML); `error` when there is none.
    pub severity: String,
    /// Which envelope it was read from.
    pub dialect: Dialect,
    /// Present when the text is a `<validation_error>`.
    pub validation: Option<ParsedValidation>,
    /// The `<detail key="…">value</detail>` lines of the first `<details>`, in order,
    /// key and value entities decoded (at most
    /// [`MAX_PARSED_DETAILS`](xml::MAX_PARSED_DETAILS)); XML dialect only.
    pub details: Vec<(String, String)>,
    /// `<retry_after>N seconds</retry_after>`'s N when it is a finite number; XML
    /// dialect only.
    pub retry_after: Option<f64>,
    /// JSON-RPC dialect: `data.reason`, or the term line's `reason …`.
    pub reason: Option<String>,
    /// JSON-RPC dialect: `data.retryable`, or the term line's `retryable` /
    /// `not retryable`.
    pub retryable: Option<bool>,
    /// JSON-RPC dialect: `data.requestId`, or the term line's `request …`.
    pub request_id: Option<String>,
    /// The result that was parsed (`None` from [`parse_tool_result`]). The JS layer
    /// puts the caller's own object here instead.
    pub raw: Option<&'a Value<'a>>,
}

impl ParsedToolError<'static> {
    /// An error with only a code, a message and a dialect.
    #[doc(hidden)] // the parser's own constructor
    #[inline(never)] // built in many places: one copy in the wasm
    pub fn bare(code: ParsedCode, message: String, dialect: Dialect) -> ParsedToolError<'static> {
        ParsedToolError {
            code,
            message,
            recovery: None,
            available_actions: Vec::new(),
            severity: "error".to_owned(),
            dialect,
            validation: None,
            details: Vec::new(),
            retry_after: None,
            reason: None,
            retryable: None,
            request_id: None,
            raw: None,
        }
    }
}

/// The fields of `structuredContent.error` the client reads, each when it has the type
/// that field is read with.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StructuredError<'a> {
    /// `code` when it is a number.
    pub code_number: Option<f64>,
    /// `code` when it is a string.
    pub code_text: Option<&'a str>,
    pub message: Option<&'a str>,
    /// `data.recovery.hint`.
    pub hint: Option<&'a str>,
    /// `data.reason`, when not empty.
    pub reason: Option<&'a str>,
    /// `data.retryable`.
    pub retryable: Option<bool>,
    /// `data.requestId`: a non-empty string, or a finite number as JS prints it.
    pub request_id: Option<String>,
}

impl<'a> StructuredError<'a> {
    /// `error`'s fields; `None` unless it is an object.
    pub fn from_value(error: &'a Value<'a>) -> Option<StructuredError<'a>> {
        error.as_object()?;
        let data = error.get("data");
        let of = |name: &str| data.and_then(|d| d.get(name));
        Some(StructuredError {
            code_number: error.get("code").and_then(Value::as_f64),
            code_text: error.get("code").and_then(Value::as_str),
            message: error.get("message").and_then(Value::as_str),
            hint: of("recovery").and_then(|r| r.get("hint")).and_then(Value::as_str),
            reason: of("reason").and_then(Value::as_str),
            retryable: of("retryable").and_then(Value::as_bool),
            request_id: match of("requestId") {
                Some(Value::String(s)) => Some(s.to_string()),
                Some(Value::Number(n)) if n.is_finite() => Some(js_number_string(*n)),
                _ => None,
            },
        })
    }
}

/// Reads an error out of a `CallToolResult`; `None` unless `isError` is truthy.
pub fn parse_tool_error<'a>(result: &'a Value<'a>) -> Option<ParsedToolError<'a>> {
    if !js_truthy(result.get("isError")) {
        return None;
    }
    let structured = result.get("structuredContent").and_then(|s| s.get("error")).and_then(StructuredError::from_value);
    let (text, cut) = joined_text(result);
    let mut parsed = parse_tool_result(&text, cut, structured.as_ref());
    parsed.raw = Some(result);
    Some(parsed)
}

/// The text blocks of `result.content` (at most [`MAX_BLOCKS`] blocks looked at), joined
/// with `\n` and cut at [`TEXT_UNITS`]; and whether anything was cut.
fn joined_text(result: &Value) -> (String, bool) {
    let blocks = result.get("content").and_then(Value::as_array).unwrap_or_default();
    let mut text = String::new();
    let mut units = 0usize;
    let mut first = true;
    for block in blocks.iter().take(MAX_BLOCKS) {
        if block.get("type").and_then(Value::as_str) != Some("text") {
            continue;
        }
        let Some(piece) = block.get("text").and_then(Value::as_str) else {
            continue;
        };
        if !first {
            if units >= TEXT_UNITS {
                return (text, true);
            }
            text.push('\n');
            units += 1;
        }
        first = false;
        let room = TEXT_UNITS - units;
        if utf16_len_exceeds(piece, room) {
            text.push_str(piece.get(..utf16_prefix_end(piece, room)).unwrap_or_default());
            return (text, true);
        }
        units += piece.encode_utf16().count();
        text.push_str(piece);
    }
    (text, false)
}

/// Reads an error from what a client holds of an error result: `text`, its text blocks
/// joined with `\n` (`text_cut`: the caller cut it, so what ran on past its end is
/// lost), and `structured`, the fields of `structuredContent.error` when it is an
/// object. No `isError` check, no `raw`. Text past [`TEXT_UNITS`] is not read.
pub fn parse_tool_result(
    text: &str,
    text_cut: bool,
    structured: Option<&StructuredError<'_>>,
) -> ParsedToolError<'static> {
    let (text, cut) = if utf16_len_exceeds(text, TEXT_UNITS) {
        (text.get(..utf16_prefix_end(text, TEXT_UNITS)).unwrap_or_default(), true)
    } else {
        (text, text_cut)
    };
    let mut parsed = match structured {
        Some(error) => parse_structured(error, text, cut),
        None => parse_text(text, cut),
    };
    bound(&mut parsed);
    parsed
}

/// `field` with `…` added when it ran on to where the text was cut.
#[inline(never)]
fn ran_past_cut(field: &str, cut: bool) -> String {
    let mut out = field.to_owned();
    if cut {
        out.push_str(ELLIPSIS);
    }
    out
}

/// `message`, or [`EMPTY_MESSAGE`] when it is empty.
pub(crate) fn non_empty_or_unknown(message: String) -> String {
    if message.is_empty() {
        EMPTY_MESSAGE.to_owned()
    } else {
        message
    }
}

/// A result's text alone (no `structuredContent`).
fn parse_text(text: &str, cut: bool) -> ParsedToolError<'static> {
    if let Some(form) = text::json_rpc_text(text) {
        return from_json_rpc_text(&form, cut);
    }
    if looks_like_xml(text) {
        return parse_xml_text(text, cut);
    }
    // Plain text: the SDK's `MCP error <code>: ` prefix gives the code and comes off.
    let (code, message) = match text::sdk_error_prefix(text) {
        Some((code, rest)) => (ParsedCode::Number(code), rest),
        None => (text::sdk_code(text).map_or(ParsedCode::Unknown, ParsedCode::Number), text),
    };
    let message = if message.is_empty() && !cut { EMPTY_MESSAGE.to_owned() } else { ran_past_cut(message, cut) };
    ParsedToolError::bare(code, message, Dialect::Text)
}

fn from_json_rpc_text(form: &text::JsonRpcText<'_>, cut: bool) -> ParsedToolError<'static> {
    // Without a term line, the last part present ran on to the end of the text.
    let cut_last = cut && form.terms.is_none();
    let message = match form.recovery {
        Some(_) => form.message.to_owned(),
        None => ran_past_cut(form.message, cut_last),
    };
    let code = text::sdk_code(form.message).map_or(ParsedCode::Unknown, ParsedCode::Number);
    let mut parsed = ParsedToolError::bare(code, non_empty_or_unknown(message), Dialect::JsonRpc);
    parsed.recovery = form.recovery.map(|r| ran_past_cut(r, cut_last));
    if let Some(terms) = form.terms {
        parsed.reason = terms.reason.map(str::to_owned);
        parsed.retryable = terms.retryable;
        parsed.request_id = terms.request_id.map(str::to_owned);
    }
    parsed
}

fn parse_structured(error: &StructuredError<'_>, text: &str, cut: bool) -> ParsedToolError<'static> {
    // The text form fills what the structured error leaves out.
    let mut parsed = match text::json_rpc_text(text) {
        Some(form) => from_json_rpc_text(&form, cut),
        None => {
            let message = if text.is_empty() && !cut { EMPTY_MESSAGE.to_owned() } else { ran_past_cut(text, cut) };
            ParsedToolError::bare(ParsedCode::Unknown, message, Dialect::JsonRpc)
        }
    };
    parsed.dialect = Dialect::JsonRpc;
    if let Some(code) = error.code_number {
        parsed.code = ParsedCode::Number(code);
    } else if let Some(code) = error.code_text {
        parsed.code = ParsedCode::Text(code.to_owned());
    }
    if let Some(message) = error.message {
        parsed.message = message.to_owned();
    }
    if let Some(hint) = error.hint {
        parsed.recovery = Some(hint.to_owned());
    }
    if let Some(reason) = error.reason.filter(|r| !r.is_empty()) {
        parsed.reason = Some(reason.to_owned());
    }
    if error.retryable.is_some() {
        parsed.retryable = error.retryable;
    }
    if let Some(id) = error.request_id.as_deref().filter(|id| !id.is_empty()) {
        parsed.request_id = Some(id.to_owned());
    }
    parsed
}

/// Cuts each field to its cap, `…` last.
fn bound(parsed: &mut ParsedToolError<'_>) {
    cap(&mut parsed.message, MESSAGE_UNITS);
    for (field, units) in
        [(&mut parsed.recovery, MESSAGE_UNITS), (&mut parsed.reason, ID_UNITS), (&mut parsed.request_id, ID_UNITS)]
    {
        if let Some(value) = field.as_mut() {
            cap(value, units);
        }
    }
}

/// `value` cut to `units` UTF-16 units, `…` last, when it is longer.
#[inline(never)]
fn cap(value: &mut String, units: usize) {
    if utf16_len_exceeds(value, units) {
        *value = cut_utf16(value, units, ELLIPSIS);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(text: &str) -> Value<'static> {
        Value::Object(vec![
            ("isError".into(), Value::Bool(true)),
            (
                "content".into(),
                Value::Array(vec![Value::Object(vec![
                    ("type".into(), Value::str("text")),
                    ("text".into(), Value::str(text)),
                ])]),
            ),
        ])
    }

    fn parse(text: &str) -> ParsedToolError<'static> {
        parse_tool_result(text, false, None)
    }

    #[test]
    fn plain_text_is_text_with_no_code_never_xml_unknown() {
        let p = parse("something broke");
        assert_eq!((p.dialect, &p.code, p.message.as_str()), (Dialect::Text, &ParsedCode::Unknown, "something broke"));
        assert_eq!(p.recovery, None);
        let empty = parse("");
        assert_eq!((empty.dialect, empty.message.as_str()), (Dialect::Text, EMPTY_MESSAGE));
        let no_content = Value::Object(vec![("isError".into(), Value::Bool(true))]);
        let p = parse_tool_error(&no_content);
        assert_eq!(
            p.map(|p| (p.dialect, p.code, p.message)),
            Some((Dialect::Text, ParsedCode::Unknown, EMPTY_MESSAGE.to_owned()))
        );
        // A `<tool_error` start tag anywhere is the XML dialect (as MCP Fusion's client
        // reads it); a longer tag name or other markup is not.
        assert_eq!(parse("expected <tool_error> here").dialect, Dialect::Xml);
        assert_eq!(parse("a <tool_errors> list").dialect, Dialect::Text);
        assert_eq!(parse("x < y and <b>bold</b>").dialect, Dialect::Text);
    }

    #[test]
    fn the_sdk_texts_read_with_their_code() {
        let v1 = parse("MCP error -32602: Input validation error: Invalid arguments for tool get_invoice: Invalid input: expected string, received number at id");
        assert_eq!(v1.dialect, Dialect::Text);
        assert_eq!(v1.code, ParsedCode::Number(-32602.0));
        assert_eq!(v1.message, "Input validation error: Invalid arguments for tool get_invoice: Invalid input: expected string, received number at id");
        let v2 = parse("Input validation error: Invalid arguments for tool get_invoice: id: Invalid input: expected string, received number");
        assert_eq!((v2.dialect, v2.code), (Dialect::Text, ParsedCode::Number(-32602.0)));
        assert!(v2.message.starts_with("Input validation error: "));
        let out = parse("Output validation error: Invalid structured content for tool t: total: Invalid input");
        assert_eq!(out.code, ParsedCode::Number(-32602.0));
        let not_found = parse("MCP error -32602: Tool nope not found");
        assert_eq!((not_found.code, not_found.message.as_str()), (ParsedCode::Number(-32602.0), "Tool nope not found"));
    }

    #[test]
    fn the_json_rpc_text_form_reads_without_structured_content() {
        let p = parse("Error: Input validation error: Invalid arguments for tool get_invoice: id: Invalid input: expected string, received number\n\nRecovery: Send id as a string, not a number.\n\n(reason invalid_arguments · request 7Q2KD-M1ZP0)");
        assert_eq!(p.dialect, Dialect::JsonRpc);
        assert_eq!(p.code, ParsedCode::Number(-32602.0));
        assert_eq!(p.message, "Input validation error: Invalid arguments for tool get_invoice: id: Invalid input: expected string, received number");
        assert_eq!(p.recovery.as_deref(), Some("Send id as a string, not a number."));
        assert_eq!(p.reason.as_deref(), Some("invalid_arguments"));
        assert_eq!(p.retryable, None);
        assert_eq!(p.request_id.as_deref(), Some("7Q2KD-M1ZP0"));
        let q = parse("Error: Invoice INV-9 does not exist.\n\n(reason gone · not retryable · request R)");
        assert_eq!(
            (q.code, q.message.as_str(), q.retryable),
            (ParsedCode::Unknown, "Invoice INV-9 does not exist.", Some(false))
        );
        // An XML error quoted in a JSON-RPC message stays the JSON-RPC message.
        let quoted = parse("Error: upstream said <tool_error code=\"X\"><message>m</message></tool_error>");
        assert_eq!((quoted.dialect, quoted.code), (Dialect::JsonRpc, ParsedCode::Unknown));
    }

    #[test]
    fn structured_content_wins_and_the_text_fills_in() {
        let error = Value::parse_json(r#"{"code":-32001,"message":"No item 7","data":{"recovery":{"hint":"List first."},"reason":"missing","retryable":false,"requestId":42}}"#)
            .unwrap_or(Value::Null);
        let p = parse_tool_result("Error: other\n\n(request R9)", false, StructuredError::from_value(&error).as_ref());
        assert_eq!(p.dialect, Dialect::JsonRpc);
        assert_eq!(p.code, ParsedCode::Number(-32001.0));
        assert_eq!(p.message, "No item 7");
        assert_eq!(p.recovery.as_deref(), Some("List first."));
        assert_eq!(
            (p.reason.as_deref(), p.retryable, p.request_id.as_deref()),
            (Some("missing"), Some(false), Some("42"))
        );
        let thin = Value::parse_json(r#"{"code":"WEIRD"}"#).unwrap_or(Value::Null);
        let p = parse_tool_result(
            "Error: m\n\nRecovery: h\n\n(reason r · retryable · request R)",
            false,
            StructuredError::from_value(&thin).as_ref(),
        );
        assert_eq!(p.code, ParsedCode::Text("WEIRD".into()));
        assert_eq!((p.message.as_str(), p.recovery.as_deref()), ("m", Some("h")));
        assert_eq!((p.reason.as_deref(), p.retryable, p.request_id.as_deref()), (Some("r"), Some(true), Some("R")));
        let nothing = Value::Object(Vec::new());
        let p = parse_tool_result("", false, StructuredError::from_value(&nothing).as_ref());
        assert_eq!((p.dialect, p.code, p.message.as_str()), (Dialect::JsonRpc, ParsedCode::Unknown, EMPTY_MESSAGE));
        // A structured error that is not an object is not read.
        assert_eq!(StructuredError::from_value(&Value::str("x")), None);
    }

    #[test]
    fn cuts_end_in_an_ellipsis() {
        let long = "é".repeat(TEXT_UNITS + 10);
        let p = parse(&long);
        assert_eq!(p.message.encode_utf16().count(), MESSAGE_UNITS);
        assert!(p.message.ends_with(ELLIPSIS));
        // A text cut by the caller below the message cap: the message says it was cut.
        let p = parse_tool_result("Error: abc", true, None);
        assert_eq!(p.message, "abc…");
        let p = parse_tool_result("Error: abc\n\nRecovery: de", true, None);
        assert_eq!((p.message.as_str(), p.recovery.as_deref()), ("abc", Some("de…")));
        let p = parse_tool_result("Error: abc\n\n(request R)", true, None);
        assert_eq!((p.message.as_str(), p.request_id.as_deref()), ("abc", Some("R")));
        let p = parse_tool_result("plain", true, None);
        assert_eq!(p.message, "plain…");
        let id = "R".repeat(5000);
        let p = parse(&format!("Error: m\n\n(reason {id} · request {id})"));
        assert_eq!(p.request_id.as_ref().map(|r| r.encode_utf16().count()), Some(ID_UNITS));
        assert!(p.request_id.as_deref().is_some_and(|r| r.ends_with(ELLIPSIS)));
        assert!(p.reason.as_deref().is_some_and(|r| r.ends_with(ELLIPSIS) && r.encode_utf16().count() == ID_UNITS));
        // A pair is never split: 😀 is two units.
        let p = parse(&"😀".repeat(MESSAGE_UNITS));
        assert!(p.message.encode_utf16().count() <= MESSAGE_UNITS && p.message.ends_with("😀…"));
    }

    #[test]
    fn the_joined_text_is_bounded_and_reports_its_cut() {
        let big = "x".repeat(TEXT_UNITS + 5);
        let big = result(&big);
        let p = parse_tool_error(&big);
        assert_eq!(p.map(|p| (p.dialect, p.message.encode_utf16().count())), Some((Dialect::Text, MESSAGE_UNITS)));
        let two = Value::parse_json(r#"{"isError":true,"content":[{"type":"text","text":"Error: a"},{"type":"image","data":"x"},{"type":"text","text":"b"},{"type":"text"}]}"#)
            .unwrap_or(Value::Null);
        assert_eq!(parse_tool_error(&two).map(|p| p.message), Some("a\nb".to_owned()));
        let (text, cut) = joined_text(&result(&"y".repeat(TEXT_UNITS)));
        assert_eq!((text.len(), cut), (TEXT_UNITS, false));
    }

    #[test]
    fn xml_still_reads_as_xml() {
        let whole =
            result("<tool_error code=\"NOT_FOUND\" severity=\"error\">\n<message>gone</message>\n</tool_error>");
        let p = parse_tool_error(&whole);
        assert_eq!(
            p.map(|p| (p.dialect, p.code, p.message)),
            Some((Dialect::Xml, ParsedCode::Text("NOT_FOUND".into()), "gone".to_owned()))
        );
        let cut = parse_tool_result("<tool_error code=\"X\" severity=\"critical\">\n<message>a &amp; b", true, None);
        assert_eq!(
            (cut.dialect, cut.code, cut.severity.as_str(), cut.message.as_str()),
            (Dialect::Xml, ParsedCode::Text("X".into()), "critical", "a & b…")
        );
    }
}
