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
//! - **Safe by default.** Unless `redact_secrets` is off, the message and every string
//!   in `data` are redacted (`crate::redact`) before the text is written, so the
//!   `Error:` line, the `Recovery:` line and `structuredContent` agree. With
//!   `mask_server_errors`, a server-category code (InternalError, UnknownError,
//!   DatabaseError, ConfigurationError, InitializationFailed, SerializationError) goes
//!   out with [`SERVER_ERROR_MESSAGE`] and data that keeps only `reason`, `retryable`
//!   and `recovery` (then `requestId`): the terms a model needs to retry or report it.
//!
//! The boundary classifies first (`crate::classify`), reads the thrown value once
//! (writing `"[Unreadable]"` for each field it cannot read), and hands the core the
//! code, message and data it found.

use crate::codes::JsonRpcErrorCode;
use crate::guidance::{guidance_for, with_cause_text};
use crate::js::js_trim;
use crate::redact::{redact, redact_value, WirePolicy, SERVER_ERROR_MESSAGE};
use crate::value::Value;

use super::bound::push_field;
use super::contract::{fill_recovery, set_key, ContractEntry};
use super::issue_list::IssueList;
use super::path::path_string;
use super::rejection::{format_validation, ValidationOptions};
use super::McpErrorParts;
use crate::zod::IssueView;

/// What a handler threw, as the boundary read it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ThrownError<'a> {
    /// An McpError: its own code, message and data (already made wire-safe).
    Mcp { code: i32, message: &'a str, data: Option<&'a Value<'a>> },
    /// A ZodError: its issues as Zod wrote them; `code` as classified (ValidationError).
    Zod { code: i32, issues: IssueList<'a> },
    /// Anything else: the classified code and the message as text.
    Plain { code: i32, message: &'a str },
}

impl<'a> From<&'a McpErrorParts<'_>> for ThrownError<'a> {
    fn from(parts: &'a McpErrorParts) -> ThrownError<'a> {
        ThrownError::Mcp { code: parts.code, message: &parts.message, data: parts.data.as_ref() }
    }
}

/// How [`error_result`](crate::error_result) writes the envelope: the call's request
/// id, the tool's error contract, whether the call was cancelled, and the wire switches.
/// Start from `ErrorResultOptions::default()` (secrets masked, nothing else) and set what
/// the call knows.
///
/// ```
/// use mcp_envelope::{error_result, ErrorResultOptions, JsonRpcErrorCode, McpError, SERVER_ERROR_MESSAGE};
///
/// let error = McpError::new(JsonRpcErrorCode::DatabaseError, "connect ECONNREFUSED 10.0.0.5:5432");
/// let options = ErrorResultOptions { request_id: Some("REQ12-34567"), mask_server_errors: true, ..ErrorResultOptions::default() };
/// let result = error_result(&error, &options);
/// assert_eq!(result.text(), format!("Error: {SERVER_ERROR_MESSAGE}\n\n(request REQ12-34567)"));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct ErrorResultOptions<'a> {
    /// The call's request id. The boundary generates one when the caller gives none;
    /// `None` here means the envelope carries none (`requestId: false`).
    pub request_id: Option<&'a str>,
    /// The tool's declared error contract.
    pub contract: &'a [ContractEntry],
    /// The request's signal was aborted: the code is RequestCancelled whatever was
    /// thrown, and no contract recovery is filled.
    pub aborted: bool,
    /// Mask secrets in the message and in `data`'s strings (default true).
    pub redact_secrets: bool,
    /// Send a server-category error with the fixed [`SERVER_ERROR_MESSAGE`] (default false).
    pub mask_server_errors: bool,
    /// Add the code's next step ([`crate::guidance`]) where the thrown value gives
    /// none: `data.recovery.hint` and `data.retryable`, each only when absent, and a
    /// plain throw's message names its nearest cause (default false: mcp-ts-core's bytes).
    pub guidance: bool,
    /// The messages of the thrown value's cause chain, nearest first (read by guidance).
    pub cause_messages: &'a [&'a str],
}

impl Default for ErrorResultOptions<'_> {
    fn default() -> Self {
        let wire = WirePolicy::default();
        ErrorResultOptions {
            request_id: None,
            contract: &[],
            aborted: false,
            redact_secrets: wire.redact_secrets,
            mask_server_errors: wire.mask_server_errors,
            guidance: false,
            cause_messages: &[],
        }
    }
}

impl ErrorResultOptions<'_> {
    /// The two wire switches.
    #[doc(hidden)] // the envelope's own reading of the options
    pub fn wire(&self) -> WirePolicy {
        WirePolicy { redact_secrets: self.redact_secrets, mask_server_errors: self.mask_server_errors }
    }
}

/// The pieces of an error `CallToolResult`: `content[0].text` and `structuredContent`
/// (`{ error: { code, message, data? } }`). `isError` is always true.
#[derive(Debug, Clone, PartialEq)]
pub struct CallToolResult<'a> {
    pub text: String,
    /// Borrows the thrown data's and the issues' text wherever it kept them whole.
    pub structured_content: Value<'a>,
}

impl CallToolResult<'_> {
    /// The same result owning all its text.
    pub fn into_owned(self) -> CallToolResult<'static> {
        CallToolResult { text: self.text, structured_content: self.structured_content.into_owned() }
    }

    /// The whole result: `{ isError: true, content: [{ type: "text", text }],
    /// structuredContent }`.
    pub fn to_value(&self) -> Value<'static> {
        Value::Object(vec![
            ("isError".into(), Value::Bool(true)),
            (
                "content".into(),
                Value::Array(vec![Value::Object(vec![
                    ("type".into(), Value::str("text")),
                    ("text".into(), Value::str(self.text.clone())),
                ])]),
            ),
            ("structuredContent".into(), self.structured_content.to_owned_value()),
        ])
    }

    /// `JSON.stringify` of [`CallToolResult::to_value`], written without copying it.
    pub fn to_json(&self) -> String {
        let mut out = String::with_capacity(128 + 2 * self.text.len());
        out.push_str("{\"isError\":true,\"content\":[{\"type\":\"text\",\"text\":");
        crate::value::write_json_string(&self.text, &mut out);
        out.push_str("}],\"structuredContent\":");
        self.structured_content.write_json(&mut out);
        out.push('}');
        out
    }
}

/// Builds the error envelope for a thrown value.
pub fn error_result<'a>(thrown: &ThrownError<'a>, opts: &ErrorResultOptions<'_>) -> CallToolResult<'a> {
    let cancelled = JsonRpcErrorCode::RequestCancelled.value();
    let (code, message, data) = match *thrown {
        ThrownError::Mcp { code, message, data } => {
            let mut data = data.cloned();
            if let (Some(d), false) = (data.as_mut(), opts.aborted) {
                fill_recovery(opts.contract, d);
            }
            (code, message.to_owned(), data)
        }
        ThrownError::Zod { code, issues } => {
            let mut fields = Vec::new();
            push_field(&mut fields, "issues", super::bound::bound_issues(issues));
            (code, zod_error_message(issues), Some(Value::Object(fields)))
        }
        ThrownError::Plain { code, message } => (code, message.to_owned(), None),
    };
    // A cancelled call answers as mcp-ts-core's `requestCancelled(message)`: the thrown
    // data (reason, retryable, recovery) is dropped, unless what was thrown already is
    // a RequestCancelled McpError (docs/reference-notes/mcp-ts-core.md, §4).
    let keeps_data = !opts.aborted || matches!(*thrown, ThrownError::Mcp { code, .. } if code == cancelled);
    let data = if keeps_data { data } else { None };
    let code = if opts.aborted { cancelled } else { code };
    let (message, data) = if opts.guidance && !opts.aborted {
        guided(thrown, code, message, data, opts.cause_messages)
    } else {
        (message, data)
    };
    let (message, mut data) = wire_safe(code, message, data, opts.wire());
    if let Some(id) = opts.request_id {
        data = Some(with_request_id(data, &crate::request_id::bounded_request_id(id)));
    }

    let hint = data.as_ref().and_then(recovery_hint);
    // The message, the hint and room for the term line: one allocation, mostly.
    let mut text = String::with_capacity(96 + message.len() + hint.map_or(0, str::len));
    text.push_str("Error: ");
    text.push_str(&message);
    if let Some(hint) = hint {
        if !js_trim(&message).contains(js_trim(hint)) {
            text.push_str("\n\nRecovery: ");
            text.push_str(hint);
        }
    }
    if let Some(data) = &data {
        push_term_line(&mut text, data);
    }

    let mut error =
        vec![("code".into(), Value::Number(f64::from(code))), ("message".into(), Value::String(message.into()))];
    if let Some(data) = data {
        error.push(("data".into(), data));
    }
    CallToolResult { text, structured_content: Value::Object(vec![("error".into(), Value::Object(error))]) }
}

/// The error envelope of an argument rejection, in one step, handed to `write` (which
/// writes it out while the rejection it borrows lives): what `errorResult` writes for the
/// McpError [`format_validation`] builds (the McpError itself is never made). Every
/// string of that error is within the caps a thrown McpError's are cut at, so the
/// envelope is the two-step one byte for byte.
pub fn rejection_result<R>(
    issues: IssueList<'_>,
    validation: &ValidationOptions<'_>,
    opts: &ErrorResultOptions<'_>,
    write: impl FnOnce(&CallToolResult<'_>) -> R,
) -> R {
    let parts = format_validation(issues, validation);
    write(&error_result(&ThrownError::from(&parts), opts))
}

/// The message and data with the code's next step added where the thrown value gave
/// none (see [`ErrorResultOptions::guidance`]).
fn guided<'a>(
    thrown: &ThrownError<'_>,
    code: i32,
    message: String,
    data: Option<Value<'a>>,
    causes: &[&str],
) -> (String, Option<Value<'a>>) {
    let message = match thrown {
        ThrownError::Plain { .. } => with_cause_text(&message, causes.iter().copied()),
        _ => message,
    };
    let retry_after = data.as_ref().and_then(|d| d.get("retryAfter")).and_then(Value::as_f64);
    let Some(step) = JsonRpcErrorCode::from_value(code).and_then(|c| guidance_for(c, retry_after)) else {
        return (message, data);
    };
    let mut fields = match data {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Object(fields)) => fields,
        Some(other) => return (message, Some(other)),
    };
    if !fields.iter().any(|(k, _)| k == "recovery") {
        fields.push(("recovery".into(), Value::Object(vec![("hint".into(), Value::String(step.hint.into()))])));
    }
    if !fields.iter().any(|(k, _)| k == "retryable") {
        fields.push(("retryable".into(), Value::Bool(step.retryable)));
    }
    (message, Some(Value::Object(fields)))
}

/// The message and data as they may go out under `wire` (see the module docs).
fn wire_safe<'a>(code: i32, message: String, data: Option<Value<'a>>, wire: WirePolicy) -> (String, Option<Value<'a>>) {
    let (message, mut data) = if wire.masks_code(code) {
        let kept = data.and_then(|d| match d {
            Value::Object(fields) => Some(Value::Object(
                fields.into_iter().filter(|(k, _)| matches!(k.as_ref(), "reason" | "retryable" | "recovery")).collect(),
            )),
            _ => None,
        });
        (SERVER_ERROR_MESSAGE.to_owned(), kept)
    } else {
        (message, data)
    };
    if !wire.redact_secrets {
        return (message, data);
    }
    if let Some(d) = data.as_mut() {
        redact_value(d);
    }
    (redact(&message).into_owned(), data)
}

/// `data` with `requestId` set: replaced in place or appended. Data that is not an
/// object cannot carry it and goes out as thrown; `null` reads as no data.
fn with_request_id<'a>(data: Option<Value<'a>>, id: &str) -> Value<'a> {
    match data {
        None | Some(Value::Null) => Value::Object(vec![("requestId".into(), Value::str(id))]),
        Some(Value::Object(mut fields)) => {
            set_key(&mut fields, "requestId", Value::str(id));
            Value::Object(fields)
        }
        Some(other) => other,
    }
}

fn recovery_hint<'a>(data: &'a Value<'_>) -> Option<&'a str> {
    data.get("recovery")?.get("hint")?.as_str().filter(|h| !h.is_empty())
}

/// `\n\n(reason r · retryable · request id)`, each term only when `data` has it; nothing
/// when it has none.
fn push_term_line(text: &mut String, data: &Value) {
    let reason = data.get("reason").and_then(Value::as_str).filter(|r| !r.is_empty());
    let retryable = data.get("retryable").and_then(Value::as_bool);
    let id = data.get("requestId").and_then(Value::as_str).filter(|r| !r.is_empty());
    let terms = [
        reason.map(|r| ["reason ", r]),
        retryable.map(|r| [if r { "retryable" } else { "not retryable" }, ""]),
        id.map(|id| ["request ", id]),
    ];
    let mut opened = false;
    for [label, value] in terms.into_iter().flatten() {
        text.push_str(if opened { " · " } else { "\n\n(" });
        opened = true;
        text.push_str(label);
        text.push_str(value);
    }
    if opened {
        text.push(')');
    }
}

/// A ZodError's message on the wire and in logs: the first issue's line (`path:
/// message`, the path cut at 1,024 units with `…`, the message whole), then
/// ` (+N more)` for the other top-level issues. An error with no issue reads
/// `Invalid input`. `issues`: all of them (`&issues`) or an [`IssueList`] (the first
/// ones and the true total; the count is never below what it holds).
pub fn zod_error_message<'a>(issues: impl Into<IssueList<'a>>) -> String {
    let list = issues.into();
    let (issues, total) = (list.first, list.total);
    let Some(first) = issues.first() else { return "Invalid input".to_owned() };
    let view = IssueView::new(first);
    // Each segment after the first adds a dot: past this many the path is over the cap
    // even when every segment is empty, and the cut shows.
    let path: Vec<&Value> = view.path().iter().take(super::text::MAX_STRING_UNITS + 2).collect();
    let mut out = String::new();
    if !path.is_empty() {
        out.push_str(&path_string(&path));
        out.push_str(": ");
    }
    out.push_str(view.message());
    let total = total.max(issues.len());
    if total > 1 {
        out.push_str(&format!(" (+{} more)", total - 1));
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
        let r = error_result(
            &ThrownError::Plain { code: -32603, message: "boom" },
            &ErrorResultOptions { request_id: Some("R1"), ..Default::default() },
        );
        assert_eq!(r.text, "Error: boom\n\n(request R1)");
        assert_eq!(
            r.structured_content.to_json(),
            r#"{"error":{"code":-32603,"message":"boom","data":{"requestId":"R1"}}}"#
        );
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
            thrown_by: None,
        }];
        let data = Value::parse_json(r#"{"reason":"r"}"#).unwrap();
        let thrown = ThrownError::Mcp { code: -32001, message: "m", data: Some(&data) };
        let live = error_result(&thrown, &ErrorResultOptions { contract: &contract, ..Default::default() });
        assert_eq!(live.text, "Error: m\n\nRecovery: Do the other thing first.\n\n(reason r)");
        let gone =
            error_result(&thrown, &ErrorResultOptions { contract: &contract, aborted: true, ..Default::default() });
        // The thrown data goes with the cancellation, as mcp-ts-core's requestCancelled().
        assert_eq!(gone.text, "Error: m");
        assert_eq!(gone.structured_content.get("error").and_then(|e| e.get("code")), Some(&Value::Number(-32011.0)));
        assert_eq!(gone.structured_content.get("error").and_then(|e| e.get("data")), None);
        let with_id = error_result(
            &thrown,
            &ErrorResultOptions { contract: &contract, aborted: true, request_id: Some("R"), ..Default::default() },
        );
        assert_eq!(with_id.text, "Error: m\n\n(request R)");
        // An McpError thrown as RequestCancelled keeps its own data.
        let own = ThrownError::Mcp { code: -32011, message: "m", data: Some(&data) };
        let kept = error_result(&own, &ErrorResultOptions { contract: &contract, aborted: true, ..Default::default() });
        assert_eq!(kept.text, "Error: m\n\n(reason r)");
    }

    const URL: &str = "connect postgres://admin:pw@db/x failed";

    #[test]
    fn secrets_are_masked_everywhere_by_default() {
        let data = Value::parse_json(
            r#"{"reason":"r","dsn":"postgres://admin:pw@db/x","nested":[{"password":"hunter2"}],"recovery":{"hint":"Use Bearer abc123def456 instead"}}"#,
        )
        .unwrap();
        let thrown = ThrownError::Mcp { code: -32001, message: URL, data: Some(&data) };
        let r = error_result(&thrown, &ErrorResultOptions { request_id: Some("R"), ..Default::default() });
        let all = format!("{}{}", r.text, r.structured_content.to_json());
        for secret in [":pw@", "hunter2", "abc123def456"] {
            assert!(!all.contains(secret), "{all}");
        }
        assert_eq!(r.text, "Error: connect postgres://admin:***@db/x failed\n\nRecovery: Use Bearer *** instead\n\n(reason r · request R)");
        let raw = error_result(
            &thrown,
            &ErrorResultOptions { request_id: Some("R"), redact_secrets: false, ..Default::default() },
        );
        assert!(raw.text.contains(":pw@") && raw.structured_content.to_json().contains("hunter2"));
        let plain = error_result(
            &ThrownError::Plain { code: -32603, message: "sk-abcdefghij0123456789XYZ" },
            &ErrorResultOptions::default(),
        );
        assert_eq!(plain.text, "Error: sk-***");
    }

    #[test]
    fn server_errors_can_go_out_with_the_fixed_sentence() {
        let data = Value::parse_json(
            r#"{"reason":"db_down","retryable":true,"query":"SELECT secret","recovery":{"hint":"Wait."}}"#,
        )
        .unwrap();
        let opts = ErrorResultOptions { request_id: Some("R"), mask_server_errors: true, ..Default::default() };
        let db = error_result(&ThrownError::Mcp { code: -32010, message: URL, data: Some(&data) }, &opts);
        assert_eq!(
            db.text,
            format!("Error: {SERVER_ERROR_MESSAGE}\n\nRecovery: Wait.\n\n(reason db_down · retryable · request R)")
        );
        assert_eq!(
            db.structured_content.to_json(),
            format!(
                r#"{{"error":{{"code":-32010,"message":"{SERVER_ERROR_MESSAGE}","data":{{"reason":"db_down","retryable":true,"recovery":{{"hint":"Wait."}},"requestId":"R"}}}}}}"#
            )
        );
        let plain = error_result(&ThrownError::Plain { code: -32603, message: "boom at /srv/app.js:12" }, &opts);
        assert_eq!(plain.text, format!("Error: {SERVER_ERROR_MESSAGE}\n\n(request R)"));
        // Client and upstream categories keep their message; so does a cancelled call.
        for code in [-32001, -32602, -32000, -32004] {
            let r = error_result(&ThrownError::Plain { code, message: "No item 7" }, &opts);
            assert_eq!(r.text, "Error: No item 7\n\n(request R)");
        }
        let cancelled = error_result(
            &ThrownError::Plain { code: -32603, message: "stop" },
            &ErrorResultOptions { aborted: true, ..opts },
        );
        assert_eq!(cancelled.text, "Error: stop\n\n(request R)");
    }

    #[test]
    fn zod_message_counts_a_given_total() {
        let issue = Value::parse_json(r#"{"path":["a"],"message":"Bad"}"#).unwrap();
        assert_eq!(
            zod_error_message(IssueList::of(std::slice::from_ref(&issue), 40, &crate::sizes::NO_CUTS)),
            "a: Bad (+39 more)"
        );
        assert_eq!(zod_error_message(IssueList::of(std::slice::from_ref(&issue), 0, &crate::sizes::NO_CUTS)), "a: Bad");
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

    #[test]
    fn a_path_of_empty_keys_is_cut_at_the_line_cap_like_any_other() {
        // 2,000 empty keys join as 1,999 dots: the line keeps 1,024 of them and says it cut.
        let issue = Value::Object(vec![
            ("path".into(), Value::Array(vec![Value::str(""); 2000])),
            ("message".into(), Value::str("m")),
        ]);
        assert_eq!(zod_error_message(&[issue]), format!("{}…: m", ".".repeat(1024)));
    }

    #[test]
    fn guidance_adds_the_codes_next_step_where_the_thrown_value_gave_none() {
        let not_found = "Nothing exists under what you sent: check the identifier, or find the right one with a tool of this server that lists or searches, then call again.";
        let guided = ErrorResultOptions { guidance: true, cause_messages: &["row 7 is gone"], ..Default::default() };
        // A plain error: its cause's text joins the message, the step and retryable are added.
        let r = error_result(&ThrownError::Plain { code: -32001, message: "lookup failed" }, &guided);
        assert_eq!(r.text, format!("Error: lookup failed: row 7 is gone\n\nRecovery: {not_found}\n\n(not retryable)"));
        assert_eq!(
            r.structured_content.to_json(),
            format!(
                r#"{{"error":{{"code":-32001,"message":"lookup failed: row 7 is gone","data":{{"recovery":{{"hint":"{not_found}"}},"retryable":false}}}}}}"#
            )
        );
        // An McpError's own recovery and retryable stay; its message takes no cause text.
        let own = Value::parse_json(r#"{"recovery":{"hint":"Ask again."},"retryable":true}"#).unwrap();
        let thrown = ThrownError::Mcp { code: -32001, message: "gone", data: Some(&own) };
        let r = error_result(&thrown, &guided);
        assert_eq!(
            r.structured_content.to_json(),
            r#"{"error":{"code":-32001,"message":"gone","data":{"recovery":{"hint":"Ask again."},"retryable":true}}}"#
        );
        // A known wait is named; data that is not an object goes out as thrown.
        let wait = Value::parse_json(r#"{"retryAfter":30}"#).unwrap();
        let r = error_result(&ThrownError::Mcp { code: -32003, message: "slow down", data: Some(&wait) }, &guided);
        let data = r.structured_content.get("error").and_then(|e| e.get("data")).map(Value::to_json);
        assert_eq!(
            data.as_deref(),
            Some(
                r#"{"retryAfter":30,"recovery":{"hint":"Too many requests: wait 30 seconds, then retry the same call."},"retryable":true}"#
            )
        );
        let text = Value::str("just text");
        let r = error_result(&ThrownError::Mcp { code: -32001, message: "gone", data: Some(&text) }, &guided);
        assert_eq!(r.structured_content.to_json(), r#"{"error":{"code":-32001,"message":"gone","data":"just text"}}"#);
        // Without guidance, or once the call was cancelled, none of it.
        let plain = ThrownError::Plain { code: -32001, message: "lookup failed" };
        let r = error_result(&plain, &ErrorResultOptions { cause_messages: &["row 7 is gone"], ..Default::default() });
        assert_eq!(r.structured_content.to_json(), r#"{"error":{"code":-32001,"message":"lookup failed"}}"#);
        let r = error_result(&plain, &ErrorResultOptions { aborted: true, ..guided });
        assert!(!r.text.contains("Recovery"), "{}", r.text);
    }
}
