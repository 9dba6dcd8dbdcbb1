//! The server's own record of a failed call: what a logger gets, never the wire.
//!
//! mcp-ts-core's record of a failure (`ErrorHandler.handleError`'s log line and context,
//! src/utils/internal/error-handler/errorHandler.ts at 00c6ea2, as seed 002 describes
//! it): `{ level, code, name, category, message, log, operation, tool?, reason?,
//! phase?, recovery?, data, stack?, rootCause?, causeChain? }`.
//!
//! - `log` is the reference's line: `Error in <operation>: <message>`, `Cancelled
//!   <operation>: <message>` for a cancelled call; a tool's operation is `tool:<name>`.
//! - The level follows seed 002's rule (one home: [`failure_log_level`]): a declared
//!   contract entry's `severity` for the thrown `data.reason`; `notice` for the
//!   framework's own refusals (`invalid_arguments`, `client_capability_missing`) unless
//!   an entry says otherwise, and for a missing-scope refusal (known by where it was
//!   raised: the caller says so, never its code); `info` for a cancelled call (aborted,
//!   or RequestCancelled thrown) whatever was thrown; `error` for everything else.
//! - `data` is the reference's `errorData`: the thrown McpError's own data, then
//!   `originalErrorName` and `originalMessage` (what `tryCatch` puts on the wire too).
//! - The stack and the cause chain's stacks are kept except where seed 002 logs none:
//!   a cancelled call (no chain at all), and the three refusals.
//! - `message` is cut to [`LOG_MESSAGE_UNITS`] with `originalMessageLength` beside it,
//!   the stack to [`STACK_UNITS`] with `stackLength`, each after its secrets are masked
//!   (a secret a cut would split is masked whole).
//! - Secrets are masked in every field ([`crate::redact`]) unless the caller asks for
//!   the raw text (`raw`).

mod chain;
mod stack;

pub use chain::{chain_nodes, ChainEnd, ChainLink, ChainNode, LOG_CAUSES};
pub use stack::{zod_stack, STACK_CROSSING_UNITS, STACK_UNITS};

use std::borrow::Cow;

use crate::classify::category_of;
use crate::codes::{Category, JsonRpcErrorCode};
use crate::redact::{redact, redact_value};
use crate::utf16::{js_len, prefix};
use crate::value::Value;

use super::contract::{failure_log_level, find_entry, ContractEntry};
use super::envelope::{zod_error_message, ThrownError};

/// The most UTF-16 units of a message (the record's, a chain node's) a record keeps.
pub const LOG_MESSAGE_UNITS: usize = 8 * 1024;

/// The framework's own refusals: their records log no stack (seed 002).
const NO_STACK_REASONS: [&str; 2] = ["invalid_arguments", "client_capability_missing"];

/// Where the failure happened and what the tool declared.
#[derive(Debug, Clone, Copy, Default)]
pub struct LogOptions<'a> {
    /// The tool's name (`None`: a service's failure, see `operation`).
    pub tool: Option<&'a str>,
    /// What failed, as the log line names it; `tool:<tool>` when `None`.
    pub operation: Option<&'a str>,
    pub contract: &'a [ContractEntry],
    /// The request's signal was aborted: RequestCancelled, logged at `info`.
    pub aborted: bool,
    /// A caller-chosen stage name (`validation`, `handler`, …), copied through.
    pub phase: Option<&'a str>,
    /// Keep every text as thrown: no masking.
    pub raw: bool,
    /// The failure is a missing-scope refusal (the caller's auth check threw it): a
    /// framework refusal, logged at `notice` with no stack whatever its code.
    pub scope_refusal: bool,
}

/// What else was read of the thrown value, beyond its [`ThrownError`].
#[derive(Debug, Clone, Default)]
pub struct Failure<'a> {
    /// Its name as the classifier names it (the reference's `originalErrorName`).
    pub name: Cow<'a, str>,
    /// Its message's length in UTF-16 units as thrown (it may have been cut before it
    /// crossed); 0 when unknown.
    pub message_units: usize,
    /// Its own string `code` (a transport code such as `ECONNREFUSED`).
    pub code: Option<&'a str>,
    /// Its `stack` when that is a string (it may have been cut before it crossed) …
    pub stack: Option<&'a str>,
    /// … and that stack's length in UTF-16 units as thrown; 0 when unknown.
    pub stack_units: usize,
    /// Whether it has a `cause`: the chain is written only then.
    pub has_cause: bool,
    /// Its causes, nearest first.
    pub causes: Vec<ChainLink<'a>>,
}

/// `{ name, message }` of the chain's last node.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), derive(tsify::Tsify), tsify(rename = "LogRootCause"))]
pub struct RootCause {
    pub name: String,
    pub message: String,
}

/// One node of a record's `causeChain`.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), derive(tsify::Tsify), tsify(rename = "LogCauseNode"))]
pub struct CauseNode {
    pub name: String,
    pub message: String,
    pub depth: usize,
    /// The node's own string `code` (`ECONNREFUSED`).
    #[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), tsify(optional))]
    pub code: Option<String>,
    #[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), tsify(optional))]
    pub stack: Option<String>,
}

/// The server's own record of a failed call.
#[derive(Debug, Clone, PartialEq)]
// Its TypeScript (`LogRecord`) is generated from this declaration by the wasm build.
#[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), derive(tsify::Tsify), serde(rename_all = "camelCase"))]
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
    /// The message (a ZodError's one-line summary), masked unless asked raw, never the
    /// server-error sentence. Not for the wire.
    pub message: String,
    /// The message's length when `message` is cut.
    #[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), tsify(optional))]
    pub original_message_length: Option<usize>,
    /// `Error in <operation>: <message>` (`Cancelled …` for a cancelled call).
    pub log: String,
    /// What failed: `tool:<name>`, or `tryCatch`'s operation.
    pub operation: String,
    #[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), tsify(optional))]
    pub tool: Option<&'a str>,
    /// A thrown McpError's string `data.reason`.
    #[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), tsify(optional))]
    pub reason: Option<&'a str>,
    #[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), tsify(optional))]
    pub phase: Option<&'a str>,
    /// The recovery hint the caller is given: the thrown `data.recovery.hint`, else the
    /// declared entry's for its reason.
    #[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), tsify(optional))]
    pub recovery: Option<String>,
    /// The thrown McpError's data, `originalErrorName` and `originalMessage`.
    #[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), tsify(type = "LogRecordData"))]
    pub data: Value<'static>,
    #[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), tsify(optional))]
    pub stack: Option<String>,
    /// The stack's length when `stack` is cut.
    #[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), tsify(optional))]
    pub stack_length: Option<usize>,
    #[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), tsify(optional, type = "LogRootCause"))]
    pub root_cause: Option<RootCause>,
    /// The chain, the thrown value first; empty (left out) when it has no cause.
    #[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), tsify(optional, type = "LogCauseNode[]"))]
    pub cause_chain: Vec<CauseNode>,
}

/// `number` as a JSON number value.
fn count(n: usize) -> Value<'static> {
    // Lengths of JS strings: exact in an f64.
    #[allow(clippy::cast_precision_loss)]
    Value::Number(n as f64)
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
        ];
        if let Some(length) = self.original_message_length {
            fields.push(("originalMessageLength".into(), count(length)));
        }
        fields.push(("log".into(), Value::str(self.log.as_str())));
        fields.push(("operation".into(), Value::str(self.operation.as_str())));
        let optional = [
            ("tool", self.tool),
            ("reason", self.reason),
            ("phase", self.phase),
            ("recovery", self.recovery.as_deref()),
        ];
        for (key, value) in optional {
            if let Some(value) = value {
                fields.push((key.into(), Value::str(value)));
            }
        }
        fields.push(("data".into(), self.data.clone()));
        if let Some(stack) = &self.stack {
            fields.push(("stack".into(), Value::str(stack.as_str())));
        }
        if let Some(length) = self.stack_length {
            fields.push(("stackLength".into(), count(length)));
        }
        if let Some(root) = &self.root_cause {
            let root = vec![
                ("name".into(), Value::str(root.name.as_str())),
                ("message".into(), Value::str(root.message.as_str())),
            ];
            fields.push(("rootCause".into(), Value::Object(root)));
        }
        if !self.cause_chain.is_empty() {
            let nodes = self.cause_chain.iter().map(CauseNode::to_value).collect();
            fields.push(("causeChain".into(), Value::Array(nodes)));
        }
        Value::Object(fields)
    }

    /// [`LogRecord::to_value`] as JSON text.
    pub fn to_json(&self) -> String {
        self.to_value().to_json()
    }
}

impl CauseNode {
    fn to_value(&self) -> Value<'static> {
        let mut fields = vec![
            ("name".into(), Value::str(self.name.as_str())),
            ("message".into(), Value::str(self.message.as_str())),
            ("depth".into(), count(self.depth)),
        ];
        if let Some(code) = &self.code {
            fields.push(("code".into(), Value::str(code.as_str())));
        }
        if let Some(stack) = &self.stack {
            fields.push(("stack".into(), Value::str(stack.as_str())));
        }
        Value::Object(fields)
    }
}

/// Text as the record keeps it: masked unless `raw`.
fn masked(text: &str, raw: bool) -> String {
    if raw {
        text.to_owned()
    } else {
        redact(text).into_owned()
    }
}

/// `text` masked (unless `raw`), then cut to `max` units: a secret the cut would split
/// is masked whole first. With it, `text`'s length as thrown when that is more than what
/// is kept (`units`: its length as thrown when it was cut before it crossed, 0 unknown).
fn kept_text(text: &str, max: usize, units: usize, raw: bool) -> (String, Option<usize>) {
    let masked = masked(text, raw);
    let (kept, _, was_cut) = prefix(&masked, max);
    // Cut here, or before it crossed (masking only ever shortens it).
    let own = js_len(text);
    let length = (was_cut || units > own).then_some(units.max(own));
    (kept.to_owned(), length)
}

/// The thrown value's code, message and data as the record and `tryCatch` read them.
fn parts<'a>(thrown: &ThrownError<'a>) -> (i32, Cow<'a, str>, Option<&'a Value<'a>>, bool) {
    match *thrown {
        ThrownError::Mcp { code, message, data } => (code, Cow::Borrowed(message), data, false),
        ThrownError::Zod { code, issues } => (code, Cow::Owned(zod_error_message(issues)), None, true),
        ThrownError::Plain { code, message } => (code, Cow::Borrowed(message), None, false),
    }
}

/// The reference's `{ ...data, originalErrorName, originalMessage }`: the thrown
/// McpError's own fields, then the two the wrapper adds (replacing any of the same name).
pub fn original_data(data: Option<&Value<'_>>, name: &str, message: &str) -> Value<'static> {
    let mut fields: Vec<(Cow<'static, str>, Value<'static>)> = match data {
        Some(Value::Object(own)) => own.iter().map(|(k, v)| (Cow::Owned(k.to_string()), v.to_owned_value())).collect(),
        _ => Vec::new(),
    };
    super::contract::set_key(&mut fields, "originalErrorName", Value::str(name));
    super::contract::set_key(&mut fields, "originalMessage", Value::str(message));
    Value::Object(fields)
}

/// The record of `thrown` (its code as classified) and what else was read of it.
pub fn log_record<'a>(thrown: &ThrownError<'a>, failure: &Failure<'a>, opts: &LogOptions<'a>) -> LogRecord<'a> {
    let (code, message, data, zod) = parts(thrown);
    let code = if opts.aborted { JsonRpcErrorCode::RequestCancelled.value() } else { code };
    // Aborted or RequestCancelled thrown: a cancellation either way.
    let cancelled = code == JsonRpcErrorCode::RequestCancelled.value();
    let known = JsonRpcErrorCode::from_value(code);
    let level = match (cancelled, opts.scope_refusal) {
        (true, _) => "info",
        (false, true) => "notice",
        (false, false) => failure_log_level(opts.contract, data),
    };
    let reason = data.and_then(|d| d.get("reason")).and_then(Value::as_str);
    let refusal = opts.scope_refusal || reason.is_some_and(|r| NO_STACK_REASONS.contains(&r));
    let keeps_stacks = !cancelled && !refusal;
    let raw = opts.raw;

    let units = if zod { 0 } else { failure.message_units };
    let (message_text, original_message_length) = kept_text(&message, LOG_MESSAGE_UNITS, units, raw);
    let operation = match (opts.operation, opts.tool) {
        (Some(operation), _) => operation.to_owned(),
        (None, tool) => format!("tool:{}", tool.unwrap_or_default()),
    };
    let verb = if cancelled { "Cancelled" } else { "Error in" };
    let log = format!("{verb} {operation}: {message_text}");
    let recovery = data
        .and_then(|d| d.get("recovery"))
        .and_then(|r| r.get("hint"))
        .and_then(Value::as_str)
        .map(str::to_owned)
        .or_else(|| reason.and_then(|r| find_entry(opts.contract, r)).map(|e| e.recovery.clone()))
        .map(|hint| masked(&hint, raw));
    let mut error_data = original_data(data, &failure.name, &message);
    if !raw {
        redact_value(&mut error_data);
    }
    let (stack, stack_length) = match failure.stack.filter(|_| keeps_stacks) {
        Some(stack) => {
            // A ZodError's was rewritten: its own length counts, not the one it was thrown with.
            let (stack, units) = match zod {
                true => (zod_stack(stack, &message), 0),
                false => (Cow::Borrowed(stack), failure.stack_units),
            };
            let (kept, length) = kept_text(&stack, STACK_UNITS, units, raw);
            (Some(kept), length)
        }
        None => (None, None),
    };
    let nodes = if cancelled || !failure.has_cause {
        Vec::new()
    } else {
        let first = ChainNode {
            name: Cow::Borrowed(failure.name.as_ref()),
            message: Cow::Borrowed(message.as_ref()),
            depth: 0,
            code: failure.code,
            stack: failure.stack,
        };
        chain_nodes(first, &failure.causes)
    };
    let root_cause = nodes.last().filter(|_| nodes.len() > 1).map(|last| RootCause {
        name: masked(&last.name, raw),
        message: kept_text(&last.message, LOG_MESSAGE_UNITS, 0, raw).0,
    });
    let cause_chain = if nodes.len() > 1 {
        nodes
            .iter()
            .map(|node| CauseNode {
                name: masked(&node.name, raw),
                message: kept_text(&node.message, LOG_MESSAGE_UNITS, 0, raw).0,
                depth: node.depth,
                code: node.code.map(str::to_owned),
                stack: node.stack.filter(|_| keeps_stacks).map(|s| kept_text(s, STACK_UNITS, 0, raw).0),
            })
            .collect()
    } else {
        Vec::new()
    };
    LogRecord {
        level,
        code,
        name: known.map_or("UnknownError", JsonRpcErrorCode::name),
        category: known.map_or(Category::Server, |c| category_of(c, data)),
        message: message_text,
        original_message_length,
        log,
        operation,
        tool: opts.tool,
        reason,
        phase: opts.phase,
        recovery,
        data: error_data,
        stack,
        stack_length,
        root_cause,
        cause_chain,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classify::name::{NameRead, Seen};
    use crate::jsonrpc::contract_from_value;

    fn contract() -> Vec<ContractEntry> {
        let v = Value::parse_json(
            r#"[{"reason":"declined","code":-32001,"when":"w","recovery":"Ask the user to confirm the purchase first.","severity":"notice"},
                {"reason":"no_match","code":-32001,"when":"w","recovery":"r"}]"#,
        )
        .unwrap_or(Value::Null);
        contract_from_value(&v)
    }

    fn tool(name: &str) -> LogOptions<'_> {
        LogOptions { tool: Some(name), ..Default::default() }
    }

    fn error_named(name: &str) -> Failure<'_> {
        Failure { name: Cow::Borrowed(name), ..Default::default() }
    }

    #[test]
    fn the_record_of_a_plain_error_masks_its_secrets() {
        let plain = ThrownError::Plain { code: -32010, message: "connect postgres://admin:pw@db/x" };
        let failure = Failure {
            stack: Some("Error: connect postgres://admin:pw@db/x\n    at q (db.js:1:1)"),
            ..error_named("Error")
        };
        let opts = LogOptions { phase: Some("handler"), ..tool("t") };
        assert_eq!(
            log_record(&plain, &failure, &opts).to_json(),
            concat!(
                r#"{"level":"error","code":-32010,"name":"DatabaseError","category":"server","#,
                r#""message":"connect postgres://admin:***@db/x","log":"Error in tool:t: connect postgres://admin:***@db/x","#,
                r#""operation":"tool:t","tool":"t","phase":"handler","#,
                r#""data":{"originalErrorName":"Error","originalMessage":"connect postgres://admin:***@db/x"},"#,
                r#""stack":"Error: connect postgres://admin:***@db/x\n    at q (db.js:1:1)"}"#
            )
        );
        let raw = log_record(&plain, &failure, &LogOptions { raw: true, ..opts });
        assert_eq!(raw.message, "connect postgres://admin:pw@db/x");
        assert_eq!(raw.log, "Error in tool:t: connect postgres://admin:pw@db/x");
        assert!(raw.stack.is_some_and(|s| s.contains(":pw@")));
    }

    #[test]
    fn levels() {
        let c = contract();
        let level = |reason: &str, aborted: bool| {
            let data = Value::parse_json(&format!(r#"{{"reason":"{reason}"}}"#)).unwrap_or(Value::Null);
            let thrown = ThrownError::Mcp { code: -32001, message: "m", data: Some(&data) };
            let opts = LogOptions { contract: &c, aborted, ..tool("t") };
            let out = log_record(&thrown, &error_named("McpError"), &opts);
            (out.level.to_owned(), out.reason.map(str::to_owned))
        };
        assert_eq!(level("declined", false), ("notice".into(), Some("declined".into())));
        assert_eq!(level("no_match", false).0, "error");
        assert_eq!(level("undeclared", false).0, "error");
        assert_eq!(level("invalid_arguments", false).0, "notice");
        assert_eq!(level("client_capability_missing", false).0, "notice");
        assert_eq!(level("declined", true).0, "info");
        let cancelled = log_record(
            &ThrownError::Plain { code: -32603, message: "m" },
            &Failure::default(),
            &LogOptions { aborted: true, ..tool("t") },
        );
        assert_eq!((cancelled.name, cancelled.level), ("RequestCancelled", "info"));
        assert_eq!(cancelled.log, "Cancelled tool:t: m");
        // RequestCancelled thrown is a cancellation whether or not the signal said so.
        let thrown = log_record(&ThrownError::Plain { code: -32011, message: "m" }, &Failure::default(), &tool("t"));
        assert_eq!(thrown.level, "info");
        // A client-category throw with no declared severity keeps error, as the reference logs it.
        let not_found = log_record(&ThrownError::Plain { code: -32001, message: "m" }, &Failure::default(), &tool("t"));
        assert_eq!((not_found.level, not_found.category), ("error", Category::Client));
    }

    /// Seed 002: a cancelled call logs no stack, neither its own nor one in its chain;
    /// the framework's refusals log none; everything else keeps it.
    #[test]
    fn stacks_where_the_seed_keeps_them() {
        let inner = ChainLink::Value {
            seen: Seen::Object { error: true, name: NameRead::Text("Error") },
            message: "inner",
            code: Some("ECONNRESET"),
            stack: Some("Error: inner\n    at b"),
        };
        let failure = Failure {
            stack: Some("Error: outer\n    at a"),
            has_cause: true,
            causes: vec![inner],
            ..error_named("Error")
        };
        let plain = ThrownError::Plain { code: -32603, message: "outer" };
        let kept = log_record(&plain, &failure, &tool("t"));
        assert_eq!(kept.stack.as_deref(), Some("Error: outer\n    at a"));
        assert_eq!(kept.root_cause, Some(RootCause { name: "Error".into(), message: "inner".into() }));
        assert_eq!(kept.cause_chain.len(), 2);
        assert_eq!(kept.cause_chain.get(1).and_then(|n| n.stack.as_deref()), Some("Error: inner\n    at b"));
        assert_eq!(kept.cause_chain.get(1).and_then(|n| n.code.as_deref()), Some("ECONNRESET"));

        let cancelled = log_record(&plain, &failure, &LogOptions { aborted: true, ..tool("t") });
        assert_eq!((cancelled.stack, cancelled.root_cause, cancelled.cause_chain.len()), (None, None, 0));

        let data = Value::parse_json(r#"{"reason":"invalid_arguments"}"#).unwrap_or(Value::Null);
        let rejection = ThrownError::Mcp { code: -32602, message: "a: Bad", data: Some(&data) };
        let refused = log_record(&rejection, &failure, &tool("t"));
        assert_eq!(refused.stack, None);
        assert!(refused.cause_chain.iter().all(|n| n.stack.is_none()));
        // A missing-scope refusal is known by where it was raised: the caller says so.
        let forbidden = ThrownError::Plain { code: -32005, message: "missing scope tool:write" };
        let scope = log_record(&forbidden, &failure, &LogOptions { scope_refusal: true, ..tool("t") });
        assert_eq!((scope.level, scope.stack.is_none()), ("notice", true));
        let own = log_record(&forbidden, &failure, &tool("t"));
        assert_eq!(
            (own.level, own.stack.is_some()),
            ("error", true),
            "a handler's own forbidden() keeps error and the stack"
        );
        // A declared severity moves the level only: the stack stays.
        let c = contract();
        let declined = Value::parse_json(r#"{"reason":"declined"}"#).unwrap_or(Value::Null);
        let modeled = ThrownError::Mcp { code: -32001, message: "m", data: Some(&declined) };
        let record = log_record(&modeled, &failure, &LogOptions { contract: &c, ..tool("t") });
        assert_eq!((record.level, record.stack.is_some()), ("notice", true));
    }

    #[test]
    fn recovery_is_the_thrown_hint_else_the_declared_one() {
        let c = contract();
        let declined = Value::parse_json(r#"{"reason":"declined"}"#).unwrap_or(Value::Null);
        let thrown = ThrownError::Mcp { code: -32001, message: "m", data: Some(&declined) };
        let opts = LogOptions { contract: &c, ..tool("t") };
        let filled = log_record(&thrown, &Failure::default(), &opts);
        assert_eq!(filled.recovery.as_deref(), Some("Ask the user to confirm the purchase first."));
        let own = Value::parse_json(r#"{"reason":"declined","recovery":{"hint":"Use token=abc123 next."}}"#)
            .unwrap_or(Value::Null);
        let thrown = ThrownError::Mcp { code: -32001, message: "m", data: Some(&own) };
        assert_eq!(log_record(&thrown, &Failure::default(), &opts).recovery.as_deref(), Some("Use token=*** next."));
        // The data keeps the thrown fields, then the two the wrapper adds.
        let record = log_record(&thrown, &error_named("McpError"), &LogOptions { raw: true, ..opts });
        assert_eq!(
            record.data.to_json(),
            r#"{"reason":"declined","recovery":{"hint":"Use token=abc123 next."},"originalErrorName":"McpError","originalMessage":"m"}"#
        );
    }

    #[test]
    fn zod_errors_log_their_first_line_and_count() {
        let issue = Value::parse_json(r#"{"path":["a"],"message":"Bad a"}"#).unwrap_or(Value::Null);
        let issues = crate::jsonrpc::IssueList::of(std::slice::from_ref(&issue), 12, &crate::sizes::NO_CUTS);
        let thrown = ThrownError::Zod { code: -32007, issues };
        let failure = Failure {
            stack: Some("ZodError: [\n  {\n    \"path\": [\"a\"]\n  }\n]\n    at parse (z.js:1:1)"),
            ..error_named("ZodError")
        };
        let out = log_record(&thrown, &failure, &tool("t"));
        assert_eq!(out.message, "a: Bad a (+11 more)");
        assert_eq!(out.stack.as_deref(), Some("ZodError: a: Bad a (+11 more)\n    at parse (z.js:1:1)"));
    }

    #[test]
    fn long_messages_are_cut_and_their_length_kept() {
        let long = "x".repeat(LOG_MESSAGE_UNITS + 5);
        let thrown = ThrownError::Plain { code: -32603, message: &long };
        let out = log_record(&thrown, &Failure { message_units: 70_000, ..Failure::default() }, &tool("t"));
        assert_eq!(js_len(&out.message), LOG_MESSAGE_UNITS);
        assert_eq!(out.original_message_length, Some(70_000));
        // A message cut before it crossed says so even when it fits here.
        let short = ThrownError::Plain { code: -32603, message: "abc" };
        let out = log_record(&short, &Failure { message_units: 9, ..Failure::default() }, &tool("t"));
        assert_eq!((out.message.as_str(), out.original_message_length), ("abc", Some(9)));
        let out = log_record(&short, &Failure { message_units: 3, ..Failure::default() }, &tool("t"));
        assert_eq!(out.original_message_length, None);
        // A stack past the cap is cut after it is masked: a secret the cut would split goes whole.
        let secret = "postgres://admin:hunter2@db/x";
        let long = format!("Error: {}{secret}\n    at f", "x".repeat(STACK_UNITS - 20));
        let failure = Failure { stack: Some(&long), ..Failure::default() };
        let out = log_record(&short, &failure, &tool("t"));
        let kept = out.stack.unwrap_or_default();
        assert_eq!(js_len(&kept), STACK_UNITS);
        assert!(!kept.contains("hunter"), "{}", kept.get(kept.len() - 40..).unwrap_or_default());
        assert_eq!(out.stack_length, Some(js_len(&long)));
        // The same for a stack cut before it crossed.
        let failure = Failure { stack: Some("Error: abc\n    at f"), stack_units: 90_000, ..Failure::default() };
        let out = log_record(&short, &failure, &tool("t"));
        assert_eq!((out.stack.as_deref(), out.stack_length), (Some("Error: abc\n    at f"), Some(90_000)));
        let failure = Failure { stack: Some("Error: abc\n    at f"), stack_units: 17, ..Failure::default() };
        assert_eq!(log_record(&short, &failure, &tool("t")).stack_length, None);
    }

    #[test]
    fn a_service_failure_names_its_operation() {
        let thrown = ThrownError::Plain { code: -32603, message: "boom" };
        let opts = LogOptions { operation: Some("ExternalApi.fetch"), ..Default::default() };
        let out = log_record(&thrown, &Failure::default(), &opts);
        assert_eq!((out.log.as_str(), out.tool), ("Error in ExternalApi.fetch: boom", None));
    }
}
