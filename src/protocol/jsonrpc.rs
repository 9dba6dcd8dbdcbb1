//! The JSON-RPC dialect's operations (`lib/jsonrpc.js`, `lib/log.js`, `lib/register.js`).
//!
//! Issues arrive as their first entries (a bounded copy), their true count and the true
//! sizes of what the copy cut (flat `u32` records, see [`crate::sizes`]), so the core
//! writes every count itself.

use super::classify::{by_chain, by_own_fields, fresh_request_id, Causes, Own};
use super::salt;
use super::splice::{write_data, Referred};
use super::{js_count, request, Host, Json, JsonList, JsonText, Out, ProtocolError};
use crate::js_constants::{
    RESULT_CONTENT_NOT_A_LIST, RESULT_NOT_AN_OBJECT, RESULT_NO_STRUCTURED_CONTENT, THROWN_MCP, THROWN_XML, THROWN_ZOD,
};
use crate::jsonrpc::from_xml::mcp_error_from_xml;
use crate::jsonrpc::output_schema::advertised_output_schema as widened_output_schema;
use crate::jsonrpc::rejection::format_validation_referring;
use crate::jsonrpc::{
    contract_from_value, error_result as error_result_value, fail as fail_parts, recovery_for as recovery_for_value,
    rejection_result as rejection_result_value, CallToolResult, ContractEntry, ErrorResultOptions, IssueList,
    McpErrorParts, PreValidation, ThrownData, ThrownError, ValidationOptions,
};
use crate::sizes::TrueSizes;
use crate::tool_result::{invalid_result_log, invalid_result_message, InvalidResult};
use crate::value::{JsNumber, Value};
use std::borrow::Cow;

fn contract(given: Option<Json<'_>>) -> Vec<ContractEntry> {
    given.map(|c| contract_from_value(c.0)).unwrap_or_default()
}

/// The first issues (an empty list when they are not a list).
fn items<'a>(list: Json<'a>) -> &'a [Value<'a>] {
    list.0.as_array().unwrap_or_default()
}

request! {
    /// An argument rejection: `formatValidation(issues, { tool, args, schema, input })`.
    FormatValidation<'a> as "FormatValidationRequest" {
        /// The first issues, a bounded copy (read with their texts, see `super::splice`).
        issues: JsonList<'a> = "issues",
        /// How many issues there are in all.
        issues_total: f64 = "issuesTotal",
        /// The true sizes of what the issues' copy cut.
        issue_sizes: &'a [u32] = "issueSizes",
        tool: &'a str = "tool",
        args: Option<Json<'a>> = "args",
        /// The tool's JSON Schema, parsed only when an issue reads it.
        schema: Option<JsonText<'a>> = "schema",
        input: Option<Json<'a>> = "input",
    }
}

/// `{ code, message, data }` of the rejection.
pub(crate) fn format_validation(request: FormatValidation<'_>, _: &mut dyn Host) -> Result<String, ProtocolError> {
    let args = request.args.map(|a| a.0);
    let JsonList { value: sent, texts } = &request.issues;
    let read = crate::source::normalise(items(Json(sent)), args);
    let list = &*read.issues;
    let sizes = TrueSizes::locate(sent, request.issue_sizes);
    let input = request.input.map(|v| PreValidation::from_value(v.0));
    let schema = schema_if_read(request.schema, list, "FormatValidationRequest")?;
    let options = ValidationOptions { tool: request.tool, args, schema: schema.as_ref(), input: input.as_ref() };
    let issues = IssueList::of(list, js_count(request.issues_total).saturating_sub(read.left_out), &sizes);
    let (parts, referred) = format_validation_referring(issues, &options);
    // Room up front for the sent issues' kept texts, up to a bound (data.issues copies
    // some of them); only a hint: the reply grows as it needs.
    let room = texts.iter().flatten().map(|t| t.len()).sum::<usize>();
    let mut out = parts_head(&parts, room.min(DATA_ROOM));
    if let Some(data) = &parts.data {
        // Another validator's issues were rewritten: their texts are not what was read.
        let texts: &[Option<&str>] = if matches!(read.issues, Cow::Borrowed(_)) { texts } else { &[] };
        write_data(data, Referred { issues: list, texts, referred: &referred }, &mut out);
    }
    Ok(out)
}

/// A `CallToolResult` as a [`super::table::Reply::Result`] reply.
pub fn result_reply(result: &CallToolResult<'_>) -> String {
    let mut out = String::with_capacity(128 + 2 * result.text.len());
    push_counted(&mut out, &result.text);
    result.structured_content.write_json(&mut out);
    out
}

/// Appends `text` as the replies that carry one before JSON write it: its length in
/// UTF-16 units, `,`, the text (the JS reader slices it by that length).
fn push_counted(out: &mut String, text: &str) {
    #[allow(clippy::cast_precision_loss)] // a length, far below 2^53
    out.push_str(JsNumber::new(crate::utf16::js_len(text) as f64).as_str());
    out.push(',');
    out.push_str(text);
}

/// An McpError as a [`super::table::Reply::Parts`] reply.
pub fn parts_reply(parts: &McpErrorParts<'_>) -> String {
    let mut out = parts_head(parts, 0);
    if let Some(data) = &parts.data {
        data.write_json(&mut out);
    }
    out
}

/// The most room a rejection's reply makes for its `data` up front (it grows past it as needed).
const DATA_ROOM: usize = 1 << 14;

/// A [`parts_reply`]'s code and message, with room for `data` of about `data_size` bytes more.
fn parts_head(parts: &McpErrorParts<'_>, data_size: usize) -> String {
    let mut out = String::with_capacity(24 + 2 * parts.message.len() + data_size);
    out.push_str(JsNumber::new(f64::from(parts.code)).as_str());
    out.push(',');
    push_counted(&mut out, &parts.message);
    out
}

/// The one issue code whose sentence reads the tool's schema: an unknown key's names the
/// keys the schema accepts (`src/jsonrpc/rejection/keys.rs`).
const READS_SCHEMA: &str = "unrecognized_keys";

/// The tool's schema, parsed only when some issue, at any depth (a union's branches
/// included), could read it: a string `unrecognized_keys` anywhere in the issues.
fn schema_if_read<'a>(
    schema: Option<JsonText<'a>>,
    issues: &[Value<'_>],
    request: &str,
) -> Result<Option<Value<'a>>, ProtocolError> {
    let Some(schema) = schema else { return Ok(None) };
    let mut stack: Vec<&Value> = issues.iter().collect();
    let mut read = false;
    // Each value of the (bounded) issues once; no recursion.
    while let Some(value) = stack.pop() {
        match value {
            Value::String(s) if s == READS_SCHEMA => {
                read = true;
                break;
            }
            Value::Array(items) => stack.extend(items),
            Value::Object(members) => stack.extend(members.iter().map(|(_, v)| v)),
            _ => {}
        }
    }
    if !read {
        return Ok(None);
    }
    schema.parse(request, "schema").map(Some)
}

/// The envelope's request id: `given`, or a fresh one; `None` when the envelope has none.
fn envelope_id(given: Option<&str>, fresh: bool, host: &mut dyn Host) -> Result<Option<String>, ProtocolError> {
    if fresh {
        return fresh_request_id(host).map(Some);
    }
    Ok(given.filter(|id| !id.is_empty()).map(str::to_owned))
}

request! {
    /// `errorResult(formatValidation(issues, rejection), options)` in one call.
    RejectionResult<'a> as "RejectionResultRequest" {
        issues: Json<'a> = "issues",
        issues_total: f64 = "issuesTotal",
        issue_sizes: &'a [u32] = "issueSizes",
        tool: &'a str = "tool",
        args: Option<Json<'a>> = "args",
        /// The tool's JSON Schema, parsed only when an issue reads it.
        schema: Option<JsonText<'a>> = "schema",
        /// What pre-validation changed (`data.input` and the hint's closing sentences).
        input: Option<Json<'a>> = "input",
        /// The caller's request id (none: see `freshId`).
        request_id: Option<&'a str> = "requestId",
        /// Make a fresh request id (the caller gave none).
        fresh_id: bool = "freshId",
        contract: Option<Json<'a>> = "contract",
        aborted: bool = "aborted",
        redact_secrets: bool = "redactSecrets",
        mask_server_errors: bool = "maskServerErrors",
    }
}

/// The error `CallToolResult` of an argument rejection.
pub(crate) fn rejection_result(request: RejectionResult<'_>, host: &mut dyn Host) -> Result<String, ProtocolError> {
    let read = crate::source::normalise(items(request.issues), request.args.map(|a| a.0));
    let list = &*read.issues;
    let sizes = TrueSizes::locate(request.issues.0, request.issue_sizes);
    let schema = schema_if_read(request.schema, list, "RejectionResultRequest")?;
    let input = request.input.map(|v| PreValidation::from_value(v.0));
    let validation = ValidationOptions {
        tool: request.tool,
        args: request.args.map(|a| a.0),
        schema: schema.as_ref(),
        input: input.as_ref(),
    };
    let contract = contract(request.contract);
    let id = envelope_id(request.request_id, request.fresh_id, host)?;
    let options = ErrorResultOptions {
        request_id: id.as_deref(),
        contract: &contract,
        aborted: request.aborted,
        redact_secrets: request.redact_secrets,
        mask_server_errors: request.mask_server_errors,
        ..ErrorResultOptions::default()
    };
    let issues = IssueList::of(list, js_count(request.issues_total).saturating_sub(read.left_out), &sizes);
    Ok(rejection_result_value(issues, &validation, &options, result_reply))
}

request! {
    /// `errorResult(thrown, options)`: the thrown value as `lib/read.js` read it.
    ErrorResult<'a> as "ErrorResultRequest" {
        /// What was thrown: THROWN_PLAIN, THROWN_MCP, THROWN_ZOD or THROWN_XML.
        thrown: u8 = "thrown",
        /// The thrown value's fields, as for classify (its name from the next five).
        kind: u8 = "kind",
        code: f64 = "code",
        code_text: Option<&'a str> = "codeText",
        value_kind: u8 = "valueKind",
        type_of: Option<&'a str> = "typeOf",
        is_error: bool = "isError",
        name_threw: bool = "nameThrew",
        name: Option<&'a str> = "name",
        message: &'a str = "message",
        status_code: i32 = "statusCode",
        /// Its cause chain as for classify; left out while unread.
        causes: Option<Json<'a>> = "causes",
        /// An McpError's `data`: JSON text of an object whose fields are each the JSON
        /// text of the thrown field (deeper than the core's reader, see ThrownData).
        data: Option<&'a str> = "data",
        /// A ZodError's first issues, their count and the sizes their copy cut.
        issues: Option<Json<'a>> = "issues",
        issues_total: f64 = "issuesTotal",
        issue_sizes: &'a [u32] = "issueSizes",
        /// An XML dialect response's text.
        xml: Option<&'a str> = "xml",
        request_id: Option<&'a str> = "requestId",
        fresh_id: bool = "freshId",
        contract: Option<Json<'a>> = "contract",
        aborted: bool = "aborted",
        redact_secrets: bool = "redactSecrets",
        mask_server_errors: bool = "maskServerErrors",
        /// Write the recovery guidance a code implies.
        guidance: bool = "guidance",
    }
}

/// The result ([`result_reply`]), or nothing when the value says nothing better than
/// InternalError and its chain was not sent.
pub(crate) fn error_result(request: ErrorResult<'_>, host: &mut dyn Host) -> Result<String, ProtocolError> {
    let own = Own {
        kind: request.kind,
        code: request.code,
        code_text: request.code_text,
        value_kind: request.value_kind,
        type_of: request.type_of,
        is_error: request.is_error,
        name_threw: request.name_threw,
        name: request.name,
        message: request.message,
        status_code: request.status_code,
    };
    let name = own.name("ErrorResultRequest")?;
    let causes = request.causes.map(Causes::read);
    let chain = causes.as_ref().map(Causes::links);
    let code = match request.thrown {
        THROWN_XML => 0,
        _ => match (by_own_fields(&own, &name, false), chain.as_deref()) {
            (Some(code), _) => code.value(),
            (None, Some(links)) => by_chain(&own, links).value(),
            (None, None) => return Ok(String::new()),
        },
    };
    let contract = contract(request.contract);
    let id = envelope_id(request.request_id, request.fresh_id, host)?;
    let cause_messages: Vec<&str> = chain.as_deref().unwrap_or_default().iter().map(|l| l.message).collect();
    let options = ErrorResultOptions {
        request_id: id.as_deref(),
        contract: &contract,
        aborted: request.aborted,
        redact_secrets: request.redact_secrets,
        mask_server_errors: request.mask_server_errors,
        guidance: request.guidance,
        cause_messages: &cause_messages,
    };
    let message = request.message;
    let result = match request.thrown {
        THROWN_MCP => {
            let avoid = [id.as_deref().unwrap_or_default(), message];
            let data = ThrownData::parse(request.data.unwrap_or_default(), &avoid, &mut || salt(host))
                .map_err(|e| ProtocolError(format!("ErrorResultRequest.data: {e}")))?;
            let thrown = ThrownError::Mcp { code, message, data: data.value.as_ref() };
            let result = error_result_value(&thrown, &options);
            // Only structuredContent's JSON holds the markers: the text before it is the
            // message as thrown, unescaped, which may spell anything.
            let mut reply = String::new();
            push_counted(&mut reply, &result.text);
            reply.push_str(&data.restore(result.structured_content.to_json(), request.redact_secrets));
            reply
        }
        THROWN_XML => {
            let parts = mcp_error_from_xml(request.xml.unwrap_or_default());
            result_reply(&error_result_value(&ThrownError::from(&parts), &options))
        }
        THROWN_ZOD => {
            let empty = Value::Array(Vec::new());
            let list = request.issues.map_or(&empty, |l| l.0);
            let sizes = TrueSizes::locate(list, request.issue_sizes);
            let issues = IssueList::of(list.as_array().unwrap_or_default(), js_count(request.issues_total), &sizes);
            result_reply(&error_result_value(&ThrownError::Zod { code, issues }, &options))
        }
        _ => result_reply(&error_result_value(&ThrownError::Plain { code, message }, &options)),
    };
    Ok(result)
}

request! {
    /// A tool's output JSON Schema.
    AdvertisedOutputSchema<'a> as "AdvertisedOutputSchemaRequest" {
        /// JSON.stringify of the author's schema, read here (text that is no JSON the
        /// core reads, too deep say, is no schema it can widen).
        schema: &'a str = "schema",
    }
}

/// The output schema a tool advertises so that its error results pass clients that
/// validate `structuredContent` on errors too (SDK v1), widened by
/// [`widened_output_schema`]; `null` when it cannot be.
pub(crate) fn advertised_output_schema(
    request: AdvertisedOutputSchema<'_>,
    _: &mut dyn Host,
) -> Result<String, ProtocolError> {
    let schema = Value::parse_borrowed(request.schema).ok();
    Ok(schema.and_then(|s| widened_output_schema(&s)).unwrap_or_else(|| "null".to_owned()))
}

request! {
    /// A handler's return that is no tool result.
    InvalidResultRequest<'a> as "InvalidResultRequest" {
        tool: &'a str = "tool",
        /// One of the RESULT_* constants.
        what: u8 = "what",
        /// The type (not an object) or the validator's message (rejected by the outputSchema).
        detail: &'a str = "detail",
    }
}

/// `{"message":…,"log":…}`: what the model reads and what the log gets ([`crate::tool_result`]).
pub(crate) fn invalid_result(request: InvalidResultRequest<'_>, _: &mut dyn Host) -> Result<String, ProtocolError> {
    let what = match request.what {
        RESULT_NOT_AN_OBJECT => InvalidResult::NotAnObject { type_of: request.detail },
        RESULT_CONTENT_NOT_A_LIST => InvalidResult::ContentNotAList,
        RESULT_NO_STRUCTURED_CONTENT => InvalidResult::NoStructuredContent,
        _ => InvalidResult::OutputRejected { reason: request.detail },
    };
    Ok(Out::new()
        .string("message", &invalid_result_message(request.tool))
        .string("log", &invalid_result_log(request.tool, what))
        .finish())
}

request! {
    /// `fail(contract, reason, message?, data?)`: `data` holds the caller's keys only.
    Fail<'a> as "FailRequest" {
        contract: Option<Json<'a>> = "contract",
        reason: &'a str = "reason",
        message: Option<&'a str> = "message",
        data: Option<Json<'a>> = "data",
    }
}

/// `{ code, message, data }` of a declared failure.
pub(crate) fn fail(request: Fail<'_>, _: &mut dyn Host) -> Result<String, ProtocolError> {
    let contract = contract(request.contract);
    Ok(fail_parts(&contract, request.reason, request.message, request.data.map(|d| d.0)).to_json())
}

request! {
    /// `recoveryFor(contract, reason)`.
    RecoveryFor<'a> as "RecoveryForRequest" {
        contract: Option<Json<'a>> = "contract",
        reason: &'a str = "reason",
    }
}

/// `{ recovery: { hint } }` or `{}`.
pub(crate) fn recovery_for(request: RecoveryFor<'_>, _: &mut dyn Host) -> Result<String, ProtocolError> {
    Ok(recovery_for_value(&contract(request.contract), request.reason).to_json())
}
