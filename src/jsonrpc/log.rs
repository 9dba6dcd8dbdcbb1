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
use super::envelope::{zod_error_message, ThrownError};

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

/// The server's own record of a failed call.
#[derive(Debug, Clone, PartialEq)]
// Its TypeScript (`LogRecord`) is generated from this declaration by the wasm build.
#[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), derive(tsify::Tsify))]
pub struct LogRecord<'a> {
    /// A declared entry's severity for the thrown `data.reason`, `notice` for the
    /// framework's own refusals, `info` for a cancelled call, else `error`.
    #[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), tsify(type = "LogRecordLevel"))]
    pub level: &'a str,
    #[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), tsify(type = "JsonRpcErrorCode"))]
    pub code: i32,
    /// The code's name (`UnknownError` for a code outside the table).
    #[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), tsify(type = "JsonRpcErrorCodeName"))]
    pub name: &'static str,
    #[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), tsify(type = "ErrorCategory"))]
    pub category: Category,
    /// The raw message: never redacted, never the server-error sentence. Not for the wire.
    pub message: String,
    pub tool: &'a str,
    /// A thrown McpError's string `data.reason`.
    #[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), tsify(optional))]
    pub reason: Option<&'a str>,
    #[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), tsify(optional))]
    pub phase: Option<&'a str>,
}

impl LogRecord<'_> {
    /// The record as a plain object, its fields in declaration order (absent ones left out).
    pub fn to_value(&self) -> Value<'static> {
        let mut fields = vec![
            ("level".into(), Value::str(self.level)),
            ("code".into(), Value::Number(f64::from(self.code))),
            ("name".into(), Value::str(self.name)),
            ("category".into(), Value::str(self.category.as_str())),
            ("message".into(), Value::str(self.message.as_str())),
            ("tool".into(), Value::str(self.tool)),
        ];
        if let Some(reason) = self.reason {
            fields.push(("reason".into(), Value::str(reason)));
        }
        if let Some(phase) = self.phase {
            fields.push(("phase".into(), Value::str(phase)));
        }
        Value::Object(fields)
    }

    /// [`LogRecord::to_value`] as JSON text.
    pub fn to_json(&self) -> String {
        self.to_value().to_json()
    }
}

/// The log record of `thrown` (its code as classified).
pub fn log_record<'a>(thrown: &ThrownError<'a>, opts: &LogOptions<'a>) -> LogRecord<'a> {
    let (code, message, data) = match *thrown {
        ThrownError::Mcp { code, message, data } => (code, message.to_owned(), data),
        ThrownError::Zod { code, issues } => (code, zod_error_message(issues), None),
        ThrownError::Plain { code, message } => (code, message.to_owned(), None),
    };
    let code = if opts.aborted { JsonRpcErrorCode::RequestCancelled.value() } else { code };
    let known = JsonRpcErrorCode::from_value(code);
    let level = if opts.aborted { "info" } else { failure_log_level(opts.contract, data) };
    LogRecord {
        level,
        code,
        name: known.map_or("UnknownError", JsonRpcErrorCode::name),
        category: known.map_or(Category::Server, |c| category_of(c, data)),
        message,
        tool: opts.tool,
        reason: data.and_then(|d| d.get("reason")).and_then(Value::as_str),
        phase: opts.phase,
    }
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
            (Some(out.level.to_owned()), out.reason.map(str::to_owned))
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
        assert_eq!(cancelled.name, "RequestCancelled");
        // A client-category throw with no declared severity keeps error, as the reference logs it.
        let not_found = log_record(&ThrownError::Plain { code: -32001, message: "m" }, &LogOptions::default());
        assert_eq!(not_found.level, "error");
        assert_eq!(not_found.category, Category::Client);
    }

    #[test]
    fn zod_errors_log_their_first_line_and_count() {
        let issue = Value::parse_json(r#"{"path":["a"],"message":"Bad a"}"#).unwrap();
        let issues = crate::jsonrpc::IssueList::of(std::slice::from_ref(&issue), 12, &crate::sizes::NO_CUTS);
        let thrown = ThrownError::Zod { code: -32007, issues };
        let out = log_record(&thrown, &LogOptions { tool: "t", ..Default::default() });
        assert_eq!(out.message, "a: Bad a (+11 more)");
    }
}
