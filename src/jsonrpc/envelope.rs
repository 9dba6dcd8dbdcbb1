//! The tool error envelope: a `CallToolResult` whose text a model reads and whose
//! `structuredContent.error` a client parses.
//!
//! ```text
//! Error: No data for 3 PMIDs
//!
//! Recovery: Use pubmed_search_articles to discover valid PMIDs.
//!
//! (reason no_match · not retryable · request UTFAC-QE0MB)
//! ```
//!
//! - `Recovery:` mirrors a non-empty string `data.recovery.hint`, unless the trimmed
//!   message already contains the trimmed hint (case-sensitively).
//! - The term line names a non-empty string `data.reason`, a boolean `data.retryable`
//!   and a non-empty string `data.requestId`, in that order; with none it is left out.
//! - `data.requestId` is set here, never on the thrown error: it replaces a thrown one
//!   in place, or is appended. A plain Error's data is `{ requestId }` only; a ZodError's
//!   is its bounded issues.
//!
//! The boundary classifies first (`crate::classify`), reads the thrown value once
//! (writing `"[Unreadable]"` for each field it cannot read), and hands the core the
//! code, message and data it found.

use crate::codes::JsonRpcErrorCode;
use crate::js::js_trim;
use crate::value::Value;

use super::bound::{bound_issues, push_field};
use super::contract::{fill_recovery, set_key, ContractEntry};
use super::issue::{path_string, IssueView};
use super::McpErrorParts;

/// What a handler threw, as the boundary read it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ThrownError<'a> {
    /// An McpError: its own code, message and data (already made wire-safe).
    Mcp { code: i32, message: &'a str, data: Option<&'a Value> },
    /// A ZodError: its issues as Zod wrote them; `code` as classified (ValidationError).
    Zod { code: i32, issues: &'a [Value] },
    /// Anything else: the classified code and the message as text.
    Plain { code: i32, message: &'a str },
}

impl<'a> From<&'a McpErrorParts> for ThrownError<'a> {
    fn from(parts: &'a McpErrorParts) -> ThrownError<'a> {
        ThrownError::Mcp { code: parts.code, message: &parts.message, data: parts.data.as_ref() }
    }
}

#[derive(Debug, Clone, Copy, Default)]
pub struct ErrorResultOptions<'a> {
    /// The call's request id. The boundary generates one when the caller gives none;
    /// `None` here means the envelope carries none (`requestId: false`).
    pub request_id: Option<&'a str>,
    /// The tool's declared error contract.
    pub contract: &'a [ContractEntry],
    /// The request's signal was aborted: the code is RequestCancelled whatever was
    /// thrown, and no contract recovery is filled.
    pub aborted: bool,
}

/// The pieces of an error `CallToolResult`: `content[0].text` and `structuredContent`
/// (`{ error: { code, message, data? } }`). `isError` is always true.
#[derive(Debug, Clone, PartialEq)]
pub struct CallToolResult {
    pub text: String,
    pub structured_content: Value,
}

impl CallToolResult {
    /// The whole result: `{ isError: true, content: [{ type: "text", text }],
    /// structuredContent }`.
    pub fn to_value(&self) -> Value {
        Value::Object(vec![
            ("isError".into(), Value::Bool(true)),
            (
                "content".into(),
                Value::Array(vec![Value::Object(vec![
                    ("type".into(), Value::str("text")),
                    ("text".into(), Value::str(self.text.clone())),
                ])]),
            ),
            ("structuredContent".into(), self.structured_content.clone()),
        ])
    }
}

/// Builds the error envelope for a thrown value.
pub fn error_result(thrown: &ThrownError<'_>, opts: &ErrorResultOptions<'_>) -> CallToolResult {
    let cancelled = JsonRpcErrorCode::RequestCancelled.value();
    let (code, message, mut data) = match *thrown {
        ThrownError::Mcp { code, message, data } => {
            let mut data = data.cloned();
            if let (Some(d), false) = (data.as_mut(), opts.aborted) {
                fill_recovery(opts.contract, d);
            }
            (code, message.to_owned(), data)
        }
        ThrownError::Zod { code, issues } => {
            let mut fields = Vec::new();
            push_field(&mut fields, "issues", bound_issues(issues));
            (code, zod_error_message(issues), Some(Value::Object(fields)))
        }
        ThrownError::Plain { code, message } => (code, message.to_owned(), None),
    };
    let code = if opts.aborted { cancelled } else { code };
    if let Some(id) = opts.request_id {
        data = Some(with_request_id(data, id));
    }

    let mut text = String::from("Error: ");
    text.push_str(&message);
    if let Some(hint) = data.as_ref().and_then(recovery_hint) {
        if !js_trim(&message).contains(js_trim(hint)) {
            text.push_str("\n\nRecovery: ");
            text.push_str(hint);
        }
    }
    let terms = data.as_ref().map(term_line).unwrap_or_default();
    if !terms.is_empty() {
        text.push_str("\n\n(");
        text.push_str(&terms.join(" · "));
        text.push(')');
    }

    let mut error = vec![
        ("code".to_owned(), Value::Number(f64::from(code))),
        ("message".to_owned(), Value::String(message)),
    ];
    if let Some(data) = data {
        error.push(("data".into(), data));
    }
    CallToolResult { text, structured_content: Value::Object(vec![("error".into(), Value::Object(error))]) }
}

/// `data` with `requestId` set: replaced in place or appended. Data that is not an
/// object cannot carry it and goes out as thrown; `null` reads as no data.
fn with_request_id(data: Option<Value>, id: &str) -> Value {
    match data {
        None | Some(Value::Null) => Value::Object(vec![("requestId".into(), Value::str(id))]),
        Some(Value::Object(mut fields)) => {
            set_key(&mut fields, "requestId", Value::str(id));
            Value::Object(fields)
        }
        Some(other) => other,
    }
}

fn recovery_hint(data: &Value) -> Option<&str> {
    data.get("recovery")?.get("hint")?.as_str().filter(|h| !h.is_empty())
}

fn term_line(data: &Value) -> Vec<String> {
    let mut terms = Vec::new();
    if let Some(reason) = data.get("reason").and_then(Value::as_str).filter(|r| !r.is_empty()) {
        terms.push(format!("reason {reason}"));
    }
    if let Some(retryable) = data.get("retryable").and_then(Value::as_bool) {
        terms.push(if retryable { "retryable" } else { "not retryable" }.to_owned());
    }
    if let Some(id) = data.get("requestId").and_then(Value::as_str).filter(|r| !r.is_empty()) {
        terms.push(format!("request {id}"));
    }
    terms
}

/// A ZodError's message on the wire and in logs: the first issue's line (`path:
/// message`, the path cut at 1,024 units with `…`, the message whole), then
/// ` (+N more)` for the other top-level issues. An error with no issue reads
/// `Invalid input`.
pub fn zod_error_message(issues: &[Value]) -> String {
    let Some(first) = issues.first() else { return "Invalid input".to_owned() };
    let view = IssueView::new(first);
    let path: Vec<&Value> = view.path().iter().take(super::text::MAX_STRING_UNITS + 1).collect();
    let mut out = String::new();
    if !path.is_empty() {
        out.push_str(&path_string(&path));
        out.push_str(": ");
    }
    out.push_str(view.message());
    if issues.len() > 1 {
        out.push_str(&format!(" (+{} more)", issues.len() - 1));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trims_like_javascript() {
        assert_eq!(js_trim("\u{FEFF} a \u{2028}"), "a");
        assert_eq!(js_trim("\u{85}a"), "\u{85}a");
    }

    #[test]
    fn plain_errors_carry_only_the_request_id() {
        let r = error_result(&ThrownError::Plain { code: -32603, message: "boom" }, &ErrorResultOptions { request_id: Some("R1"), ..Default::default() });
        assert_eq!(r.text, "Error: boom\n\n(request R1)");
        assert_eq!(r.structured_content.to_json(), r#"{"error":{"code":-32603,"message":"boom","data":{"requestId":"R1"}}}"#);
        let r = error_result(&ThrownError::Plain { code: -32603, message: "boom" }, &ErrorResultOptions::default());
        assert_eq!(r.structured_content.to_json(), r#"{"error":{"code":-32603,"message":"boom"}}"#);
    }

    #[test]
    fn aborted_means_cancelled_and_no_fill() {
        let contract = [ContractEntry {
            reason: "r".into(),
            code: -32001,
            when: "w".into(),
            recovery: "Do the other thing first.".into(),
            retryable: None,
            severity: None,
        }];
        let data = Value::parse_json(r#"{"reason":"r"}"#).unwrap();
        let thrown = ThrownError::Mcp { code: -32001, message: "m", data: Some(&data) };
        let live = error_result(&thrown, &ErrorResultOptions { contract: &contract, ..Default::default() });
        assert_eq!(live.text, "Error: m\n\nRecovery: Do the other thing first.\n\n(reason r)");
        let gone = error_result(&thrown, &ErrorResultOptions { contract: &contract, aborted: true, ..Default::default() });
        assert_eq!(gone.text, "Error: m\n\n(reason r)");
        assert_eq!(gone.structured_content.get("error").and_then(|e| e.get("code")), Some(&Value::Number(-32011.0)));
    }

    #[test]
    fn zod_message_cuts_the_path_not_the_message() {
        let long = "p".repeat(2000);
        let issue = Value::Object(vec![
            ("path".into(), Value::Array(vec![Value::str(long)])),
            ("message".into(), Value::str("m".repeat(3000))),
        ]);
        let msg = zod_error_message(&[issue.clone(), issue]);
        assert!(msg.starts_with(&format!("{}…: m", "p".repeat(1024))));
        assert!(msg.ends_with("m (+1 more)"));
    }
}
