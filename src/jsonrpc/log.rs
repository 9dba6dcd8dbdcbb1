//! The server's own record of a failed tool call: what a logger gets, never the wire.
//!
//! `{ level, code, name, category, message, tool, reason?, phase? }`. `message` is the
//! raw text, unredacted and never replaced by the server-error sentence: the operator
//! reading the log needs it (the envelope is what the model sees).
//!
//! The level follows seed 002's rule for the failure record (one home:
//! [`failure_log_level`]): a declared contract entry's `severity` for the thrown
//! `data.reason`; `notice` for the framework's own refusals (`invalid_arguments`,
//! `client_capability_missing`) unless an entry says otherwise; `error` for everything
//! else, client category included, as the reference logs a handler's own `forbidden()`
//! or an undeclared reason. A cancelled call logs at `info` whatever was thrown.

use crate::classify::category_of;
use crate::codes::{Category, JsonRpcErrorCode};
use crate::value::Value;

use super::contract::{failure_log_level, ContractEntry};
use super::envelope::{zod_error_message_of, ThrownError};

/// Where the failure happened and what the tool declared.
#[derive(Debug, Clone, Copy, Default)]
pub struct LogOptions<'a> {
    pub tool: &'a str,
    pub contract: &'a [ContractEntry],
    /// The request's signal was aborted: RequestCancelled, logged at `info`.
    pub aborted: bool,
    /// A caller-chosen stage name (`validation`, `handler`, …), copied through.
    pub phase: Option<&'a str>,
}

/// The log record of `thrown` (its code as classified) as a plain object.
pub fn log_record(thrown: &ThrownError<'_>, opts: &LogOptions<'_>) -> Value {
    let (code, message, data) = match *thrown {
        ThrownError::Mcp { code, message, data } => (code, message.to_owned(), data),
        ThrownError::Zod { code, issues } => (code, zod_error_message_of(issues.first, issues.total), None),
        ThrownError::Plain { code, message } => (code, message.to_owned(), None),
    };
    let code = if opts.aborted { JsonRpcErrorCode::RequestCancelled.value() } else { code };
    let known = JsonRpcErrorCode::from_value(code);
    let level = if opts.aborted { "info" } else { failure_log_level(opts.contract, data) };
    let mut fields = vec![
        ("level".to_owned(), Value::str(level)),
        ("code".to_owned(), Value::Number(f64::from(code))),
        ("name".to_owned(), Value::str(known.map_or("UnknownError", JsonRpcErrorCode::name))),
        ("category".to_owned(), Value::str(known.map_or(Category::Server, |c| category_of(c, data)).as_str())),
        ("message".to_owned(), Value::String(message)),
        ("tool".to_owned(), Value::str(opts.tool)),
    ];
    if let Some(reason) = data.and_then(|d| d.get("reason")).and_then(Value::as_str) {
        fields.push(("reason".to_owned(), Value::str(reason)));
    }
    if let Some(phase) = opts.phase {
        fields.push(("phase".to_owned(), Value::str(phase)));
    }
    Value::Object(fields)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jsonrpc::contract_from_value;

    fn contract() -> Vec<ContractEntry> {
        let v = Value::parse_json(
            r#"[{"reason":"declined","code":-32001,"when":"w","recovery":"r","severity":"notice"},
                {"reason":"no_match","code":-32001,"when":"w","recovery":"r"}]"#,
        )
        .unwrap();
        contract_from_value(&v)
    }

    fn record(thrown: &ThrownError<'_>, opts: &LogOptions<'_>) -> String {
        log_record(thrown, opts).to_json()
    }

    #[test]
    fn keeps_the_raw_message_and_names_the_failure() {
        let plain = ThrownError::Plain { code: -32010, message: "connect postgres://admin:pw@db/x" };
        assert_eq!(
            record(&plain, &LogOptions { tool: "t", phase: Some("handler"), ..Default::default() }),
            r#"{"level":"error","code":-32010,"name":"DatabaseError","category":"server","message":"connect postgres://admin:pw@db/x","tool":"t","phase":"handler"}"#
        );
    }

    #[test]
    fn levels() {
        let c = contract();
        let level = |reason: &str, aborted: bool| {
            let data = Value::parse_json(&format!(r#"{{"reason":"{reason}"}}"#)).unwrap();
            let thrown = ThrownError::Mcp { code: -32001, message: "m", data: Some(&data) };
            let out = log_record(&thrown, &LogOptions { tool: "t", contract: &c, aborted, ..Default::default() });
            (
                out.get("level").and_then(Value::as_str).map(str::to_owned),
                out.get("reason").and_then(Value::as_str).map(str::to_owned),
            )
        };
        assert_eq!(level("declined", false), (Some("notice".into()), Some("declined".into())));
        assert_eq!(level("no_match", false).0.as_deref(), Some("error"));
        assert_eq!(level("undeclared", false).0.as_deref(), Some("error"));
        assert_eq!(level("invalid_arguments", false).0.as_deref(), Some("notice"));
        assert_eq!(level("declined", true).0.as_deref(), Some("info"));
        let cancelled = log_record(
            &ThrownError::Plain { code: -32603, message: "m" },
            &LogOptions { aborted: true, ..Default::default() },
        );
        assert_eq!(cancelled.get("name").and_then(Value::as_str), Some("RequestCancelled"));
        // A client-category throw with no declared severity keeps error, as the reference logs it.
        let not_found = log_record(&ThrownError::Plain { code: -32001, message: "m" }, &LogOptions::default());
        assert_eq!(not_found.get("level").and_then(Value::as_str), Some("error"));
        assert_eq!(not_found.get("category").and_then(Value::as_str), Some("client"));
    }

    #[test]
    fn zod_errors_log_their_first_line_and_count() {
        let issue = Value::parse_json(r#"{"path":["a"],"message":"Bad a"}"#).unwrap();
        let issues = crate::jsonrpc::IssueList::of(std::slice::from_ref(&issue), 12, &crate::sizes::NO_CUTS);
        let thrown = ThrownError::Zod { code: -32007, issues };
        let out = log_record(&thrown, &LogOptions { tool: "t", ..Default::default() });
        assert_eq!(out.get("message").and_then(Value::as_str), Some("a: Bad a (+11 more)"));
    }
}
