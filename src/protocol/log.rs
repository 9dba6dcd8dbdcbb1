//! A failure's log record and `tryCatch`'s rebuilt error (`lib/log.js`,
//! `lib/try-catch.js`): one request, what `lib/read.js` read of the thrown value.

use std::borrow::Cow;

use super::classify::{link_seen, seen};
use super::{js_count, request, Host, Json, Out, ProtocolError};
use crate::classify::name::error_name;
use crate::js_constants::{CHAIN_END_CYCLE, CHAIN_END_DEPTH, THROWN_MCP, THROWN_ZOD};
use crate::jsonrpc::zod_stack;
use crate::jsonrpc::{
    contract_from_value, log_record as log_record_value, original_data, zod_error_message, ChainEnd, ChainLink,
    Failure as FailureRead, IssueList, LogOptions, LogRecord as Record, ThrownData, ThrownError,
};
use crate::value::Value;

request! {
    /// A failure: `logRecord(thrown, { tool, contract, aborted, phase, raw })`, or the
    /// value `tryCatch(fn, { operation })` caught.
    Failure<'a> as "FailureRequest" {
        /// THROWN_PLAIN, THROWN_MCP or THROWN_ZOD.
        thrown: u8 = "thrown",
        /// The classified code.
        code: i32 = "code",
        /// Its message as text, cut to the read cap.
        message: &'a str = "message",
        /// Its message's length as thrown (UTF-16 units).
        message_units: f64 = "messageUnits",
        /// What names it, as for classify.
        value_kind: u8 = "valueKind",
        type_of: Option<&'a str> = "typeOf",
        is_error: bool = "isError",
        name_threw: bool = "nameThrew",
        name: Option<&'a str> = "name",
        /// Its own string `code` (a transport code such as `ECONNREFUSED`).
        code_text: Option<&'a str> = "codeText",
        /// An McpError's `data`, as errorResult sends it (see ThrownData).
        data: Option<&'a str> = "data",
        /// A ZodError's first issues and their count.
        issues: Option<Json<'a>> = "issues",
        issues_total: f64 = "issuesTotal",
        /// Its `stack` (cut to STACK_CROSSING_UNITS), `[Unreadable]` when the read threw.
        stack: Option<&'a str> = "stack",
        /// Its stack's length as thrown (UTF-16 units).
        stack_units: f64 = "stackUnits",
        /// Its causes, nearest first, each as classify's chain writes a link with its
        /// `stack`; the last may be `{ end }` (CHAIN_END_*). Absent: it has no cause.
        chain: Option<Json<'a>> = "chain",
        tool: Option<&'a str> = "tool",
        operation: Option<&'a str> = "operation",
        contract: Option<Json<'a>> = "contract",
        aborted: bool = "aborted",
        phase: Option<&'a str> = "phase",
        /// Keep every text as thrown (no masking).
        raw: bool = "raw",
        /// A missing-scope refusal (notice, no stack).
        scope_refusal: bool = "scopeRefusal",
    }
}

/// The causes as sent, nearest first.
fn causes<'a>(chain: &'a [Value<'a>]) -> Vec<ChainLink<'a>> {
    let mut links = Vec::new();
    for link in chain {
        if let Some(end) = link.get("end").and_then(Value::as_f64) {
            links.push(ChainLink::End(match end {
                e if e == f64::from(CHAIN_END_CYCLE) => ChainEnd::Cycle,
                e if e == f64::from(CHAIN_END_DEPTH) => ChainEnd::Depth,
                _ => ChainEnd::Unreadable,
            }));
            break;
        }
        let text = |key| link.get(key).and_then(Value::as_str);
        let seen = link_seen(link);
        links.push(ChainLink::Value {
            seen,
            message: text("message").unwrap_or_default(),
            code: text("code"),
            stack: text("stack"),
        });
    }
    links
}

/// What the record and the rebuilt error say of the thrown value.
struct Read<'a> {
    record: Record<'a>,
    /// Its name (the reference's `originalErrorName`).
    name: Cow<'a, str>,
    /// Its message as thrown: a ZodError's one-line summary (`originalMessage`).
    message: Cow<'a, str>,
}

/// The record of the failure (`data`: the thrown data it read, kept for its deep fields).
fn read<'a>(
    request: &Failure<'a>,
    data: &'a ThrownData<'a>,
    contract: &'a [crate::jsonrpc::ContractEntry],
) -> Result<Read<'a>, ProtocolError> {
    let own = seen(request.value_kind, request.type_of, request.is_error, request.name_threw, request.name)
        .ok_or_else(|| super::field_error("FailureRequest", "valueKind", "not a VALUE_* constant"))?;
    let name = error_name(&own);
    let (thrown, message) = match request.thrown {
        THROWN_MCP => (
            ThrownError::Mcp { code: request.code, message: request.message, data: data.value.as_ref() },
            Cow::Borrowed(request.message),
        ),
        THROWN_ZOD => {
            let list = request.issues.and_then(|l| l.0.as_array()).unwrap_or_default();
            let issues = IssueList::of(list, js_count(request.issues_total), &crate::sizes::NO_CUTS);
            (ThrownError::Zod { code: request.code, issues }, Cow::Owned(zod_error_message(issues)))
        }
        _ => (ThrownError::Plain { code: request.code, message: request.message }, Cow::Borrowed(request.message)),
    };
    let chain = request.chain.and_then(|c| c.0.as_array());
    let failure = FailureRead {
        name: name.clone(),
        message_units: js_count(request.message_units),
        code: request.code_text,
        stack: request.stack,
        stack_units: js_count(request.stack_units),
        has_cause: chain.is_some(),
        causes: causes(chain.unwrap_or_default()),
    };
    let options = LogOptions {
        tool: request.tool,
        operation: request.operation,
        contract,
        aborted: request.aborted,
        phase: request.phase,
        raw: request.raw,
        scope_refusal: request.scope_refusal,
    };
    Ok(Read { record: log_record_value(&thrown, &failure, &options), name, message })
}

/// The thrown McpError's data; its markers (for fields too deep to read) avoid every
/// text of the request a record may carry.
fn thrown_data<'a>(request: &Failure<'a>, host: &mut dyn Host) -> Result<ThrownData<'a>, ProtocolError> {
    let text = if request.thrown == THROWN_MCP { request.data.unwrap_or_default() } else { "" };
    let avoid = [
        Some(request.message),
        request.name,
        request.code_text,
        request.stack,
        request.tool,
        request.operation,
        request.phase,
    ]
    .map(Option::unwrap_or_default);
    ThrownData::parse(text, &avoid, &mut || super::salt(host))
        .map_err(|e| super::field_error("FailureRequest", "data", e))
}

fn contract(request: &Failure<'_>) -> Vec<crate::jsonrpc::ContractEntry> {
    request.contract.map(|c| contract_from_value(c.0)).unwrap_or_default()
}

/// `logRecord`'s object.
pub(crate) fn log_record(request: Failure<'_>, host: &mut dyn Host) -> Result<String, ProtocolError> {
    let data = thrown_data(&request, host)?;
    let contract = contract(&request);
    let read = read(&request, &data, &contract)?;
    Ok(data.restore(read.record.to_json(), !request.raw))
}

/// `tryCatch`'s rebuilt error and its record: `{ code, message, data, stack?, record }`;
/// `data` the thrown McpError's own fields, then `originalErrorName` and
/// `originalMessage`; `stack` only where the rethrown error's differs from the caught
/// one's (a ZodError's header is its summary).
pub(crate) fn try_catch_failure(request: Failure<'_>, host: &mut dyn Host) -> Result<String, ProtocolError> {
    let data = thrown_data(&request, host)?;
    let contract = contract(&request);
    let Read { record, name, message } = read(&request, &data, &contract)?;
    let wire_data = data.restore(original_data(data.value.as_ref(), &name, &message).to_json(), false);
    let stack = match (request.thrown, request.stack) {
        (THROWN_ZOD, Some(stack)) => Some(zod_stack(stack, &message)),
        _ => None,
    };
    let record_json = data.restore(record.to_json(), !request.raw);
    Ok(try_catch_reply(record.code, &message, &wire_data, stack.as_deref(), &record_json))
}

/// The JSON of a `try_catch_failure` reply from its parts (`data` and `record` as JSON).
pub fn try_catch_reply(code: i32, message: &str, data: &str, stack: Option<&str>, record: &str) -> String {
    let mut out = Out::new().number("code", f64::from(code)).string("message", message).raw("data", data);
    if let Some(stack) = stack {
        out = out.string("stack", stack);
    }
    out.raw("record", record).finish()
}
