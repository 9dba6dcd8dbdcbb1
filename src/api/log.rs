//! A failure's log record for the server's own logs (the npm `logRecord`): mcp-ts-core's
//! `Error in tool:<name>: …` record of a Rust error, its source chain as the cause chain.

use super::bound::{self, js_slice, wire_data, TEXT_UNITS};
use super::depth::shallow;
use super::mcp_error::McpError;
use super::std_error::{classify_error, system_code};
use crate::classify::name::{NameRead, Seen};
use crate::classify::CLASSIFY_TEXT_CAP;
use crate::codes::JsonRpcErrorCode;
use crate::jsonrpc::{self, ChainLink, ContractEntry, Failure, LogOptions, ThrownError, LOG_CAUSES};
use crate::utf16::js_len;
use crate::value::Value;
use std::borrow::Cow;
use std::error::Error;

/// Where a failure happened and how its record is written (the npm `logRecord` options).
///
/// ```
/// use mcp_envelope::LogRecordOptions;
///
/// let options = LogRecordOptions { phase: Some("fetch"), ..LogRecordOptions::new("get_weather") };
/// assert_eq!(options.tool, "get_weather");
/// ```
#[derive(Debug, Clone, Copy)]
pub struct LogRecordOptions<'a> {
    /// The tool that failed (the record's operation is `tool:<name>`).
    pub tool: &'a str,
    /// The tool's declared contract: an entry for the error's `data.reason` gives the
    /// record's level (its `severity`) and its recovery.
    pub contract: &'a [ContractEntry],
    /// The call was cancelled: the record is `info`, `Cancelled tool:<name>: …`, no chain.
    pub aborted: bool,
    /// Where in the handler it failed.
    pub phase: Option<&'a str>,
    /// Keep every text as it was (no secret masked).
    pub raw: bool,
    /// A missing-scope refusal: `notice`, no stack.
    pub scope_refusal: bool,
}

impl<'a> LogRecordOptions<'a> {
    /// The options of a failure of `tool`, everything else off.
    ///
    /// ```
    /// use mcp_envelope::LogRecordOptions;
    ///
    /// assert!(!LogRecordOptions::new("search").raw);
    /// ```
    pub fn new(tool: &'a str) -> LogRecordOptions<'a> {
        LogRecordOptions { tool, contract: &[], aborted: false, phase: None, raw: false, scope_refusal: false }
    }
}

/// One error of a chain as the record reads it: its name, message and Node system code.
struct Read {
    name: &'static str,
    message: String,
    units: usize,
    code: Option<&'static str>,
}

fn read(error: &(dyn Error + 'static), units: usize) -> Read {
    let name = if error.is::<McpError>() { "McpError" } else { "Error" };
    let code = error.downcast_ref::<std::io::Error>().and_then(|e| system_code(e.kind()));
    let message = error.to_string();
    Read { name, units: js_len(&message), message: js_slice(&message, units).into_owned(), code }
}

/// The JSON text of a failed call's record, for the server's own logs, never the wire
/// (the npm `logRecord`'s object, as one line): `{ level, code, name, category, message, log, operation, tool, reason?,
/// phase?, recovery?, data, rootCause?, causeChain? }`. The code is [`classify_error`]'s;
/// the level is the contract entry's `severity` for the error's `data.reason`, `notice`
/// for the framework's own refusals, `info` for a cancelled call, else `error`; the
/// cause chain is the error's [`source`](Error::source) chain (twenty at most). Secrets
/// are masked in every field unless `raw`. Rust errors have no stack: the record has none.
///
/// ```
/// use mcp_envelope::{log_record, LogRecordOptions};
/// use std::io;
///
/// let error = io::Error::new(io::ErrorKind::TimedOut, "upstream timed out");
/// let record = log_record(&error, &LogRecordOptions::new("get_weather"));
/// assert!(record.starts_with(r#"{"level":"error","code":-32004,"name":"Timeout","category":"upstream","#));
/// assert!(record.contains(r#""log":"Error in tool:get_weather: upstream timed out""#));
/// ```
pub fn log_record(error: &(dyn Error + 'static), options: &LogRecordOptions<'_>) -> String {
    let code = classify_error(error).code.value();
    let contract = bound::contract(options.contract);
    let log = LogOptions {
        tool: Some(options.tool),
        operation: None,
        contract: &contract,
        aborted: options.aborted,
        phase: options.phase,
        raw: options.raw,
        scope_refusal: options.scope_refusal,
    };
    recorded(error, code, &log, |record, _| record.to_json())
}

/// What a failed service call becomes under [`try_catch`] (the npm `tryCatch`'s rethrown
/// error and the record its `onError` gets).
///
/// ```
/// use mcp_envelope::{caught, TryCatchOptions};
///
/// let failed = caught(&std::io::Error::other("quota exceeded"), &TryCatchOptions::new("billing.charge"));
/// assert_eq!(failed.error.message, "quota exceeded");
/// assert!(failed.record.contains(r#""log":"Error in billing.charge: quota exceeded""#));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Caught {
    /// The error to return: the caught error's code (an McpError's own, else
    /// `error_code`, else [`classify_error`]'s), its message, and `data` with the
    /// caught McpError's own fields, then `originalErrorName` and `originalMessage`.
    pub error: McpError,
    /// The failure's record as [`log_record`] writes it, its operation named.
    pub record: String,
}

/// Options of [`try_catch`] (the npm `tryCatch` options a Rust closure needs).
///
/// ```
/// use mcp_envelope::{JsonRpcErrorCode, TryCatchOptions};
///
/// let options = TryCatchOptions { error_code: Some(JsonRpcErrorCode::ServiceUnavailable), ..TryCatchOptions::new("geocode") };
/// assert_eq!(options.operation, "geocode");
/// ```
#[derive(Debug, Clone, Copy)]
pub struct TryCatchOptions<'a> {
    /// The operation the record names (`Error in <operation>: …`).
    pub operation: &'a str,
    /// The code of an error that is no McpError (default: [`classify_error`]'s).
    pub error_code: Option<JsonRpcErrorCode>,
    /// Keep the record's texts as they were (no secret masked); the error's data is
    /// never masked, as the npm package's.
    pub raw: bool,
}

impl<'a> TryCatchOptions<'a> {
    /// The options of `operation`.
    ///
    /// ```
    /// use mcp_envelope::TryCatchOptions;
    ///
    /// assert!(TryCatchOptions::new("fetch").error_code.is_none());
    /// ```
    pub fn new(operation: &'a str) -> TryCatchOptions<'a> {
        TryCatchOptions { operation, error_code: None, raw: false }
    }
}

/// The McpError and the record a caught error becomes (see [`Caught`]).
///
/// ```
/// use mcp_envelope::{caught, TryCatchOptions};
/// use std::io;
///
/// let failed = caught(&io::Error::new(io::ErrorKind::TimedOut, "slow"), &TryCatchOptions::new("geocode"));
/// assert_eq!(failed.error.code, -32004);
/// assert_eq!(failed.error.data.unwrap().to_json(), r#"{"originalErrorName":"Error","originalMessage":"slow"}"#);
/// ```
pub fn caught(error: &(dyn Error + 'static), options: &TryCatchOptions<'_>) -> Caught {
    let code = match error.downcast_ref::<McpError>() {
        // An McpError keeps its code; one no JsonRpcErrorCode names is an internal error.
        Some(e) => JsonRpcErrorCode::from_value(e.code).unwrap_or(JsonRpcErrorCode::InternalError),
        None => options.error_code.unwrap_or_else(|| classify_error(error).code),
    };
    let log = LogOptions { operation: Some(options.operation), raw: options.raw, ..LogOptions::default() };
    recorded(error, code.value(), &log, |record, read| Caught {
        error: McpError {
            code: record.code,
            message: read.message.to_owned(),
            data: Some(jsonrpc::original_data(read.data, read.name, read.message)),
        },
        record: record.to_json(),
    })
}

/// Runs a service call: its value, or, when it fails, what the error becomes
/// ([`caught`]): log `record`, return `error`.
///
/// ```
/// use mcp_envelope::{try_catch, TryCatchOptions};
///
/// let failed = try_catch(&TryCatchOptions::new("lookup"), || "x".parse::<u32>()).unwrap_err();
/// assert_eq!(failed.error.message, "invalid digit found in string");
/// assert_eq!(try_catch(&TryCatchOptions::new("lookup"), || "7".parse::<u32>()).ok(), Some(7));
/// ```
pub fn try_catch<T, E: Error + 'static>(
    options: &TryCatchOptions<'_>,
    call: impl FnOnce() -> Result<T, E>,
) -> Result<T, Caught> {
    call().map_err(|e| caught(&e, options))
}

/// What the record of a caught error reads of it besides its code.
struct Origin<'d> {
    name: &'static str,
    message: &'d str,
    data: Option<&'d Value<'d>>,
}

/// Runs `write` on the record of `error` (thrown with `code`) and what it read.
fn recorded<R>(
    error: &(dyn Error + 'static),
    code: i32,
    options: &LogOptions<'_>,
    write: impl FnOnce(&jsonrpc::LogRecord<'_>, &Origin<'_>) -> R,
) -> R {
    // The error as the npm package reads a thrown value: its message at most TEXT_UNITS
    // long, its causes' at most CLASSIFY_TEXT_CAP, LOG_CAUSES of them (the last only to
    // know there were more).
    let own = read(error, TEXT_UNITS);
    let mut causes = Vec::new();
    let mut next = error.source();
    while let Some(cause) = next {
        if causes.len() == LOG_CAUSES {
            break;
        }
        causes.push(read(cause, CLASSIFY_TEXT_CAP));
        next = cause.source();
    }
    let links: Vec<ChainLink<'_>> = causes
        .iter()
        .map(|c| ChainLink::Value {
            seen: Seen::Object { error: true, name: NameRead::Text(c.name) },
            message: &c.message,
            code: c.code,
            stack: None,
        })
        .collect();
    let mcp = error.downcast_ref::<McpError>();
    let data = wire_data(mcp.and_then(|e| e.data.as_ref()).map(shallow).as_deref());
    let thrown = match mcp {
        Some(_) => ThrownError::Mcp { code, message: &own.message, data: data.as_ref() },
        None => ThrownError::Plain { code, message: &own.message },
    };
    let failure = Failure {
        name: Cow::Borrowed(own.name),
        message_units: own.units,
        code: own.code,
        stack: None,
        stack_units: 0,
        has_cause: !causes.is_empty(),
        causes: links,
    };
    let record = jsonrpc::log_record(&thrown, &failure, options);
    write(&record, &Origin { name: own.name, message: &own.message, data: data.as_ref() })
}
