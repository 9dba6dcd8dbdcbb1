//! The JSON-RPC dialect's raw exports (see `pkg-template/lib/jsonrpc.js`): decode,
//! call the core, encode. Values arrive as JSON text the JS layer made from bounded
//! plain copies (`""` stands for absent); issues arrive as their first entries, their
//! true count and the true sizes of what the copy cut (flat `u32` records, see
//! [`crate::sizes`]), so the core writes every count itself.

use wasm_bindgen::prelude::*;

use crate::classify::cause::WireChain;
use crate::jsonrpc::from_xml::mcp_error_from_xml;
use crate::jsonrpc::output_schema::advertised_output_schema;
use crate::jsonrpc::{
    contract_from_value, error_result, fail, format_validation_of, log_record, recovery_for, rejection_result,
    ContractEntry, ErrorResultOptions, IssueList, LogOptions, PreValidation, ThrownData, ThrownError,
    ValidationOptions,
};
use crate::sizes::TrueSizes;
use crate::tool_result::{invalid_result_log, invalid_result_message, InvalidResult};
use crate::value::Value;

/// The one error funnel: what the JS layer sent could not be read.
fn invalid(what: &str, why: impl core::fmt::Display) -> JsError {
    JsError::new(&format!("mcp-envelope: {what} is not valid JSON ({why})"))
}

fn parse(text: &str, what: &str) -> Result<Option<Value>, JsError> {
    if text.is_empty() {
        return Ok(None);
    }
    Value::parse_json(text).map(Some).map_err(|e| invalid(what, e))
}

fn contract(text: &str) -> Result<Vec<ContractEntry>, JsError> {
    Ok(parse(text, "contract")?.map(|c| contract_from_value(&c)).unwrap_or_default())
}

/// A count from JS (a list length): a finite non-negative number, else 0.
fn count(total: f64) -> usize {
    if total.is_finite() && total > 0.0 {
        // Integral by origin, and a saturating cast.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let total = total as usize;
        total
    } else {
        0
    }
}

/// The first issues as parsed (an empty list when absent or not a list).
fn issue_prefix(text: &str) -> Result<Value, JsError> {
    Ok(parse(text, "issues")?.filter(|v| v.as_array().is_some()).unwrap_or(Value::Array(Vec::new())))
}

fn items(list: &Value) -> &[Value] {
    list.as_array().unwrap_or(&[])
}

/// What a rejection's JSON texts parse into: the first issues, the arguments, the schema.
struct RejectionInput {
    list: Value,
    args: Option<Value>,
    schema: Option<Value>,
}

fn rejection_input(issues: &str, args: &str, schema: &str) -> Result<RejectionInput, JsError> {
    Ok(RejectionInput { list: issue_prefix(issues)?, args: parse(args, "args")?, schema: parse(schema, "schema")? })
}

/// The envelope's options; `id` `""` is none.
fn envelope_options<'a>(
    id: &'a str,
    contract: &'a [ContractEntry],
    aborted: bool,
    redact_secrets: bool,
    mask_server_errors: bool,
) -> ErrorResultOptions<'a> {
    ErrorResultOptions {
        request_id: (!id.is_empty()).then_some(id),
        contract,
        aborted,
        redact_secrets,
        mask_server_errors,
        ..ErrorResultOptions::default()
    }
}

/// `{ code, message, data }` of the argument rejection, as JSON text.
#[allow(clippy::too_many_arguments)] // one flat call per rejection: the JS layer's shape
#[wasm_bindgen(js_name = formatValidationJson)]
pub fn format_validation_json(
    issues: &str,
    issues_total: f64,
    issue_sizes: &[u32],
    tool: &str,
    args: &str,
    schema: &str,
    input: &str,
) -> Result<String, JsError> {
    let given = rejection_input(issues, args, schema)?;
    let sizes = TrueSizes::locate(&given.list, issue_sizes);
    let input = parse(input, "input")?.map(|v| PreValidation::from_value(&v));
    let options =
        ValidationOptions { tool, args: given.args.as_ref(), schema: given.schema.as_ref(), input: input.as_ref() };
    let issues = IssueList::of(items(&given.list), count(issues_total), &sizes);
    Ok(format_validation_of(issues, &options).to_json())
}

/// The envelope's request id: `request_id`, or a fresh one made from `random` when it
/// holds bytes (`""`: none).
fn envelope_id(request_id: &str, random: &[u8]) -> Result<String, JsError> {
    if random.is_empty() {
        Ok(request_id.to_owned())
    } else {
        super::fresh_request_id(random)
    }
}

/// The error `CallToolResult` of an argument rejection as JSON text, in one call
/// (`registerTool`'s): the issues, tool, arguments and schema as for
/// [`format_validation_json`], the envelope's options as for [`error_result_json`].
#[allow(clippy::too_many_arguments)] // one flat call per envelope: the JS layer's shape
#[wasm_bindgen(js_name = rejectionResultJson)]
pub fn rejection_result_json(
    issues: &str,
    issues_total: f64,
    issue_sizes: &[u32],
    tool: &str,
    args: &str,
    schema: &str,
    request_id: &str,
    random: &[u8],
    contract_json: &str,
    aborted: bool,
    redact_secrets: bool,
    mask_server_errors: bool,
) -> Result<String, JsError> {
    let given = rejection_input(issues, args, schema)?;
    let sizes = TrueSizes::locate(&given.list, issue_sizes);
    let validation = ValidationOptions { tool, args: given.args.as_ref(), schema: given.schema.as_ref(), input: None };
    let contract = contract(contract_json)?;
    let id = envelope_id(request_id, random)?;
    let options = envelope_options(&id, &contract, aborted, redact_secrets, mask_server_errors);
    let issues = IssueList::of(items(&given.list), count(issues_total), &sizes);
    Ok(rejection_result(issues, &validation, &options).to_json())
}

/// What a handler threw ([`crate::js_constants`], which `lib/constants.js` is generated from).
use crate::js_constants::{
    RESULT_CONTENT_NOT_A_LIST, RESULT_NOT_AN_OBJECT, RESULT_NO_STRUCTURED_CONTENT, THROWN_MCP, THROWN_XML, THROWN_ZOD,
};

/// The error `CallToolResult` as JSON text, in one call: the thrown value as the JS layer
/// read it (`read_kind`, `code_number`, `code_text`, `name`, `message`, `status_code`, as
/// for [`super::classify_read`], and its cause chain `chain` as for
/// [`super::classify_causes`]) is classified here. `causes_unread`: the JS layer has not
/// read the chain (the value may have a cause); when the value itself says nothing better
/// than InternalError the answer is then `""`, and the JS layer calls again with it.
/// `payload` is the McpError's data (kind 1, each field the JSON text of the thrown
/// field, see [`ThrownData`]), the ZodError's first issues (kind 2) or an XML response's
/// text (kind 3). The request id is `request_id`, or a fresh one made from `random` when
/// it holds bytes, or none when both are empty. `guidance`: see
/// [`ErrorResultOptions::guidance`] (the chain's messages name a plain throw's cause).
#[allow(clippy::too_many_arguments)] // one flat call per envelope: the JS layer's shape
#[wasm_bindgen(js_name = errorResultJson)]
pub fn error_result_json(
    kind: u8,
    read_kind: u8,
    code_number: f64,
    code_text: Option<String>,
    name: &str,
    message: &str,
    payload: &str,
    issues_total: f64,
    issue_sizes: &[u32],
    request_id: &str,
    random: &[u8],
    contract_json: &str,
    aborted: bool,
    redact_secrets: bool,
    mask_server_errors: bool,
    chain: Option<String>,
    causes_unread: bool,
    status_code: i32,
    guidance: bool,
) -> Result<String, JsError> {
    let own = super::Own {
        kind: read_kind,
        code: code_number,
        code_text: code_text.as_deref(),
        name,
        message,
        aborted: false,
        status_code,
    };
    let code = match kind {
        THROWN_XML => 0,
        _ => match super::classify_thrown(&own, chain.as_deref(), causes_unread) {
            0 => return Ok(String::new()),
            code => code,
        },
    };
    let contract = contract(contract_json)?;
    let id = envelope_id(request_id, random)?;
    let wire_chain = chain.as_deref().map(WireChain::decode);
    let cause_messages: Vec<&str> =
        wire_chain.as_ref().map(|c| c.causes().iter().map(|l| l.message).collect()).unwrap_or_default();
    let mut options = envelope_options(&id, &contract, aborted, redact_secrets, mask_server_errors);
    options.guidance = guidance;
    options.cause_messages = &cause_messages;
    match kind {
        THROWN_MCP => {
            let data = ThrownData::parse(payload, &id).map_err(|e| JsError::new(&format!("mcp-envelope: {e}")))?;
            let thrown = ThrownError::Mcp { code, message, data: data.value.as_ref() };
            Ok(data.restore(error_result(&thrown, &options).to_json(), redact_secrets))
        }
        THROWN_XML => {
            let parts = mcp_error_from_xml(payload);
            Ok(error_result(&ThrownError::from(&parts), &options).to_json())
        }
        THROWN_ZOD => {
            let list = issue_prefix(payload)?;
            let sizes = TrueSizes::locate(&list, issue_sizes);
            let issues = IssueList::of(items(&list), count(issues_total), &sizes);
            Ok(error_result(&ThrownError::Zod { code, issues }, &options).to_json())
        }
        _ => Ok(error_result(&ThrownError::Plain { code, message }, &options).to_json()),
    }
}

/// The output schema a tool advertises so that its error results pass clients that
/// validate `structuredContent` on errors too (SDK v1): the author's output JSON Schema
/// widened by [`advertised_output_schema`], as JSON text; `""` when it cannot be.
#[wasm_bindgen(js_name = advertisedOutputSchemaJson)]
pub fn advertised_output_schema_json(schema: &str) -> String {
    Value::parse_json(schema).ok().and_then(|s| advertised_output_schema(&s)).unwrap_or_default()
}

/// `{"message":…,"log":…}` for a handler's return that is no tool result: what the
/// model reads and what the log gets ([`crate::tool_result`]). `what` is one of the
/// `RESULT_*` constants of [`crate::js_constants`]; `detail` the type (not an object) or
/// the validator's message (rejected by the outputSchema).
#[wasm_bindgen(js_name = invalidResultJson)]
pub fn invalid_result_json(tool: &str, what: u8, detail: &str) -> String {
    let what = match what {
        RESULT_NOT_AN_OBJECT => InvalidResult::NotAnObject { type_of: detail },
        RESULT_CONTENT_NOT_A_LIST => InvalidResult::ContentNotAList,
        RESULT_NO_STRUCTURED_CONTENT => InvalidResult::NoStructuredContent,
        _ => InvalidResult::OutputRejected { reason: detail },
    };
    let mut out = String::from("{\"message\":");
    crate::value::write_json_string(&invalid_result_message(tool), &mut out);
    out.push_str(",\"log\":");
    crate::value::write_json_string(&invalid_result_log(tool, what), &mut out);
    out.push('}');
    out
}

/// `logRecord`'s object as JSON text. `kind` as for [`error_result_json`]; `reason` is
/// a thrown McpError's string `data.reason` (`None` without one); `issues` the first
/// issues of a ZodError's `issues_total`.
#[allow(clippy::too_many_arguments)] // one flat call per record: the JS layer's shape
#[wasm_bindgen(js_name = logRecordJson)]
pub fn log_record_json(
    kind: u8,
    code: i32,
    message: &str,
    reason: Option<String>,
    issues: &str,
    issues_total: f64,
    tool: &str,
    contract_json: &str,
    aborted: bool,
    phase: Option<String>,
) -> Result<String, JsError> {
    let contract = contract(contract_json)?;
    let data = reason.map(|r| Value::Object(vec![("reason".to_owned(), Value::String(r))]));
    let list = issue_prefix(issues)?;
    let thrown = match kind {
        THROWN_MCP => ThrownError::Mcp { code, message, data: data.as_ref() },
        THROWN_ZOD => {
            ThrownError::Zod { code, issues: IssueList::of(items(&list), count(issues_total), &crate::sizes::NO_CUTS) }
        }
        _ => ThrownError::Plain { code, message },
    };
    let options = LogOptions { tool, contract: &contract, aborted, phase: phase.as_deref() };
    Ok(log_record(&thrown, &options).to_json())
}

/// `{ code, message, data }` of `fail(contract, reason, message?, data?)`, as JSON text.
#[wasm_bindgen(js_name = failJson)]
pub fn fail_json(contract_json: &str, reason: &str, message: Option<String>, data: &str) -> Result<String, JsError> {
    let contract = contract(contract_json)?;
    let data = parse(data, "data")?;
    Ok(fail(&contract, reason, message.as_deref(), data.as_ref()).to_json())
}

/// `{ recovery: { hint } }` or `{}`, as JSON text.
#[wasm_bindgen(js_name = recoveryForJson)]
pub fn recovery_for_json(contract_json: &str, reason: &str) -> Result<String, JsError> {
    Ok(recovery_for(&contract(contract_json)?, reason).to_json())
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn v(text: &str) -> Value {
        Value::parse_json(text).unwrap_or(Value::Null)
    }

    fn custom(path: &str, message: &str) -> String {
        format!(r#"{{"code":"custom","path":["{path}"],"message":"{message}"}}"#)
    }

    #[wasm_bindgen_test]
    fn the_true_count_and_sizes_cross_beside_the_prefix() {
        let mut issues: Vec<String> = (0..100).map(|i| custom(&format!("k{i}"), "m")).collect();
        if let Some(first) = issues.first_mut() {
            *first = format!(r#"{{"code":"custom","path":["a"],"message":"{}"}}"#, "x".repeat(2000));
        }
        let text = format!("[{}]", issues.join(","));
        // The first issue's message (entry 2 of issue 0) was 300,000 units long.
        let out =
            v(&format_validation_json(&text, 1200.0, &[300_000, 0, 2, 0, 2], "t", "{}", "", "").unwrap_or_default());
        let message = out.get("message").and_then(Value::as_str).unwrap_or_default();
        assert!(message.ends_with(" (+1190 more)"), "{message}");
        let data = out.get("data").cloned().unwrap_or(Value::Null);
        assert_eq!(data.get("issuesCount"), Some(&Value::Number(1200.0)));
        let first =
            data.get("issues").and_then(Value::as_array).and_then(<[Value]>::first).cloned().unwrap_or(Value::Null);
        assert_eq!(first.get("messageLength"), Some(&Value::Number(300_000.0)));
    }

    #[wasm_bindgen_test]
    fn zod_errors_count_every_issue() {
        let text = format!("[{}]", vec![custom("a", "Bad a"); 100].join(","));
        let out = v(&error_result_json(
            THROWN_ZOD,
            0,
            f64::NAN,
            None,
            "ZodError",
            "",
            &text,
            5000.0,
            &[],
            "R",
            &[],
            "",
            false,
            true,
            false,
            None,
            false,
            0,
            false,
        )
        .unwrap_or_default());
        let text = out
            .get("content")
            .and_then(Value::as_array)
            .and_then(<[Value]>::first)
            .and_then(|c| c.get("text"))
            .and_then(Value::as_str);
        assert_eq!(text, Some("Error: a: Bad a (+4999 more)\n\n(request R)"));
        let error = out.get("structuredContent").and_then(|s| s.get("error")).cloned().unwrap_or(Value::Null);
        assert_eq!(error.get("data").and_then(|d| d.get("issuesCount")), Some(&Value::Number(5000.0)));
    }

    #[wasm_bindgen_test]
    fn a_fresh_id_is_made_in_the_same_call_from_the_bytes_given() {
        let id_of = |random: &[u8]| {
            let out = v(&error_result_json(
                0,
                0,
                f64::NAN,
                None,
                "",
                "m",
                "",
                0.0,
                &[],
                "",
                random,
                "",
                false,
                true,
                false,
                None,
                false,
                0,
                false,
            )
            .unwrap_or_default());
            out.get("structuredContent")
                .and_then(|s| s.get("error"))
                .and_then(|e| e.get("data"))
                .and_then(|d| d.get("requestId"))
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned()
        };
        // Bytes 0..16 map onto the alphabet in order: the id is made from them.
        let counting: Vec<u8> = (0..32).collect();
        assert_eq!(id_of(&counting), "ABCDE-FGHIJ");
        // Too few bytes: the rest come from crypto.getRandomValues.
        let id = id_of(&[0; 3]);
        assert_eq!(id.len(), 11, "{id}");
        // No bytes: no fresh id, and no request id at all.
        assert_eq!(id_of(&[]), "");
    }

    #[wasm_bindgen_test]
    fn the_thrown_value_and_its_causes_are_classified_in_the_same_call() {
        let code_of = |name: &str, message: &str, chain: Option<&str>| {
            let out = error_result_json(
                0,
                0,
                f64::NAN,
                None,
                name,
                message,
                "",
                0.0,
                &[],
                "R",
                &[],
                "",
                false,
                true,
                false,
                chain.map(str::to_owned),
                false,
                0,
                false,
            );
            v(&out.unwrap_or_default())
                .get("structuredContent")
                .and_then(|s| s.get("error"))
                .and_then(|e| e.get("code"))
                .cloned()
        };
        assert_eq!(code_of("Error", "user 7 not found", None), Some(Value::Number(-32001.0)));
        // The value's own fields decide: its causes are not consulted.
        assert_eq!(code_of("Error", "user 7 not found", Some("sECONNREFUSED")), Some(Value::Number(-32001.0)));
        // Nothing better than InternalError in the value itself: its cause chain decides.
        assert_eq!(code_of("Error", "boom", None), Some(Value::Number(-32603.0)));
        let refused = code_of("Error", "boom", Some("sECONNREFUSED"));
        assert!(refused.is_some() && refused != Some(Value::Number(-32603.0)), "{refused:?}");
        // Its chain not read yet: only then the answer is "" (the JS layer reads it and calls again).
        let unread = |message: &str| {
            error_result_json(
                0,
                0,
                f64::NAN,
                None,
                "Error",
                message,
                "",
                0.0,
                &[],
                "R",
                &[],
                "",
                false,
                true,
                false,
                None,
                true,
                0,
                false,
            )
        };
        assert_eq!(unread("boom").unwrap_or_default(), "");
        assert!(unread("user 7 not found").unwrap_or_default().contains("-32001"));
    }

    #[wasm_bindgen_test]
    fn deep_data_fields_go_back_as_sent() {
        let deep = format!("{}1{}", "[".repeat(100), "]".repeat(100));
        let data = format!(r#"{{"a":1, "deep" : {deep} ,"reason":"r"}}"#);
        let out = error_result_json(
            THROWN_MCP,
            1,
            -32001.0,
            None,
            "McpError",
            "m",
            &data,
            0.0,
            &[],
            "R",
            &[],
            "",
            false,
            true,
            false,
            None,
            false,
            0,
            false,
        )
        .unwrap_or_default();
        assert!(
            out.ends_with(&format!(r#""data":{{"a":1,"deep":{deep},"reason":"r","requestId":"R"}}}}}}}}"#)),
            "{out}"
        );
        assert!(error_result_json(
            THROWN_MCP,
            1,
            -32001.0,
            None,
            "McpError",
            "m",
            &deep,
            0.0,
            &[],
            "R",
            &[],
            "",
            false,
            true,
            false,
            None,
            false,
            0,
            false
        )
        .is_err());
    }
}
