//! The Rust side of js-tests/parity.test.mjs and js-tests/parity-hostile.test.mjs: reads
//! a JSON list of calls `{ "op": …, "args": {…} }` on stdin, runs each through the
//! crate's public Rust API (never the hidden core modules) and writes a JSON list of
//! outputs on stdout, one per call: the exact text the API writes (`ToolResult::to_json`,
//! `McpError::to_json`, a finding list, a classification …) as a JSON string, or `null`
//! where the API answers nothing. A call this program cannot read gives
//! `"!parity: <why>"`, which no npm output equals.
//!
//! Each `ToolResult` is also written through the `serde` feature (`to_serde`): where
//! that is not the same value (read back, it writes other bytes), the output is
//! `{"json": …, "serde": …}` instead of a string, so the test sees the difference.
//!
//! Values nested deeper than the JSON reader allows are sent as a marker object
//! `{"$deep": n, "wrap": "array" | "object", "key": k, "leaf": v}`: `v` inside `n`
//! arrays (or objects whose one key is `k`), built here as a Rust user builds a value.
//! Numbers JSON text cannot carry are sent as `{"$num": "-0" | "NaN" | "Infinity" | "-Infinity"}`.
//!
//! `cargo build --example parity --features serde`; run `target/debug/examples/parity`.

use mcp_envelope::{
    capability_missing, caught, check_contract, check_contract_value, classify_error, enrich_validation_error,
    error_result, error_result_for, fail, format_deltas_as_xml, format_validation, group_unknown_action,
    group_validation_error, http_error_from_response, http_status_to_error_code, log_record, read_tool_error,
    recovery_for, redact, rejection_result, route_action, routing_error, xml_error, xml_internal_error, xml_required,
    xml_tool_error, xml_validation_error, ContractDelta, ContractEntry, EnrichOptions, ErrorBuilder,
    ErrorResultOptions, HttpResponse, Issue, JsonRpcErrorCode, LogRecordOptions, McpError, ParsedCode, ParsedToolError,
    RoutingError, ToolErrorOptions, ToolResult, TryCatchOptions, UpstreamOptions, Validation, Value, WirePolicy,
};
use std::borrow::Cow;
use std::fmt;
use std::io::{self, Read as _, Write as _};

type Outcome = Result<Value<'static>, String>;

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let outputs = match Value::parse_json(&input) {
        Ok(Value::Array(calls)) => calls.iter().map(|call| run(call).unwrap_or_else(failed)).collect(),
        Ok(_) => vec![failed("the input is not a list of calls".to_owned())],
        Err(e) => vec![failed(format!("the input is not JSON: {e:?}"))],
    };
    let mut out = io::stdout().lock();
    out.write_all(Value::Array(outputs).to_json().as_bytes())?;
    out.flush()
}

fn failed(why: String) -> Value<'static> {
    Value::str(format!("!parity: {why}"))
}

fn run(call: &Value<'_>) -> Outcome {
    let op = call.get("op").and_then(Value::as_str).ok_or("a call without an op")?;
    let args = expand(call.get("args").ok_or("a call without args")?);
    let a = &args;
    match op {
        "xml_tool_error" => Ok(result(&xml_tool_error(text(a, "code")?, &tool_error_options(a)?))),
        "xml_error" => Ok(result(&xml_error(text(a, "message")?, opt_text(a, "code")?))),
        "xml_required" => Ok(result(&xml_required(text(a, "field")?))),
        "xml_validation_error" => {
            let issues = issues(a)?;
            Ok(result(&xml_validation_error(text(a, "action")?, &issues, a.get("sent"))))
        }
        "format_validation" => {
            let issues = issues(a)?;
            Ok(Value::str(format_validation(&issues, &validation(a)?).to_json()))
        }
        "rejection_result" => {
            let issues = issues(a)?;
            let contract = contract(a.get("options").and_then(|o| o.get("contract")))?;
            let options = result_options(a.get("options"), &contract)?;
            Ok(result(&rejection_result(&issues, &validation(a)?, &options)))
        }
        "error_result" => {
            let error = mcp_error(a.get("error").ok_or("no error")?)?;
            let contract = contract(a.get("options").and_then(|o| o.get("contract")))?;
            let options = result_options(a.get("options"), &contract)?;
            Ok(result(&error_result(&error, &options)))
        }
        "error_result_for" => {
            let chain = Chain::of(a.get("chain").ok_or("no chain")?)?;
            let contract = contract(a.get("options").and_then(|o| o.get("contract")))?;
            let options = result_options(a.get("options"), &contract)?;
            Ok(result(&error_result_for(&chain, &options)))
        }
        "xml_internal_error" => {
            let chain = Chain::of(a.get("chain").ok_or("no chain")?)?;
            let wire = WirePolicy {
                redact_secrets: opt_bool(Some(a), "redactSecrets")?.unwrap_or(true),
                mask_server_errors: opt_bool(Some(a), "maskServerErrors")?.unwrap_or(false),
            };
            Ok(result(&xml_internal_error(&chain, text(a, "tool")?, opt_text(a, "action")?, wire)))
        }
        "classify_error" => {
            let chain = Chain::of(a.get("chain").ok_or("no chain")?)?;
            let got = classify_error(&chain);
            let json = Value::object([
                ("code", Value::Number(f64::from(got.code.value()))),
                ("name", Value::str(got.code.name())),
                ("category", Value::str(got.category.as_str())),
            ]);
            Ok(Value::str(json.to_json()))
        }
        "http_status" => {
            let status = a.get("status").and_then(Value::as_f64).ok_or("no status")?;
            let code = http_status_to_error_code(status).map_or(Value::Null, |c| Value::Number(f64::from(c.value())));
            Ok(Value::str(code.to_json()))
        }
        "check_contract" => {
            let contract = contract(a.get("contract"))?;
            let findings = check_contract(&contract, opt_text(a, "tool")?);
            Ok(Value::str(Value::Array(findings.iter().map(|f| f.to_value()).collect()).to_json()))
        }
        "check_contract_value" => {
            let declared = a.get("contract").ok_or("no contract")?;
            let findings = check_contract_value(declared, opt_text(a, "tool")?);
            Ok(Value::str(Value::Array(findings.iter().map(|f| f.to_value()).collect()).to_json()))
        }
        "fail" => {
            let contract = contract(a.get("contract"))?;
            let error = fail(&contract, text(a, "reason")?, opt_text(a, "message")?, a.get("data"));
            Ok(Value::str(error.to_json()))
        }
        "recovery_for" => {
            let contract = contract(a.get("contract"))?;
            Ok(Value::str(recovery_for(&contract, text(a, "reason")?).to_json()))
        }
        "capability_missing" => {
            let error = capability_missing(text(a, "capability")?, opt_text(a, "fallbackHint")?);
            Ok(error.map_or(Value::Null, |e| Value::str(e.to_json())))
        }
        "read_tool_error" => {
            let read = read_tool_error(a.get("result").ok_or("no result")?);
            Ok(read.map_or(Value::Null, |r| Value::str(parsed_json(&r))))
        }
        "redact" => Ok(Value::str(redact(text(a, "text")?).into_owned())),
        "error_builder" => Ok(result(&builder(a)?.build())),
        "routing_error" => {
            let actions = strings(a.get("actions"))?;
            let kind = match text(a, "kind")? {
                "missing" => RoutingError::Missing,
                "invalid" => RoutingError::Invalid { received_type: js_typeof(a.get("value")) },
                _ => RoutingError::Unknown { value: text(a, "value")? },
            };
            Ok(result(&routing_error(kind, text(a, "discriminator")?, &actions)))
        }
        "route_action" => {
            let actions = strings(a.get("actions"))?;
            match route_action(a.get("sent"), text(a, "discriminator")?, &actions) {
                Ok(action) => Ok(Value::str(Value::str(action).to_json())),
                Err(refused) => Ok(result(&refused)),
            }
        }
        "group_unknown_action" => {
            let actions = strings(a.get("actions"))?;
            Ok(result(&group_unknown_action(text(a, "group")?, text(a, "action")?, &actions)))
        }
        "group_validation_error" => {
            let issues = issues(a)?;
            Ok(result(&group_validation_error(text(a, "group")?, text(a, "action")?, &issues)))
        }
        "enrich_validation_error" => {
            let options = EnrichOptions {
                include_all_severities: opt_bool(Some(a), "includeAllSeverities")?.unwrap_or(false),
                max_deltas_per_error: a.get("maxDeltasPerError").map(number).transpose()?.map(slice_count),
            };
            let deltas = deltas(a)?;
            let out =
                enrich_validation_error(text(a, "xml")?, text(a, "tool")?, text(a, "actionKey")?, &deltas, &options);
            let json = Value::object([
                ("xml", Value::str(out.xml)),
                ("injected", Value::Bool(out.injected)),
                ("deltaCount", Value::Number(out.delta_count as f64)),
            ]);
            Ok(Value::str(json.to_json()))
        }
        "http_error_from_response" => {
            let pairs: Vec<Vec<String>> = a
                .get("headers")
                .and_then(Value::as_array)
                .unwrap_or_default()
                .iter()
                .map(|p| strings(Some(p)))
                .collect::<Result<_, _>>()?;
            let headers: Vec<(&str, &str)> = pairs
                .iter()
                .filter_map(|p| match p.as_slice() {
                    [n, v] => Some((n.as_str(), v.as_str())),
                    _ => None,
                })
                .collect();
            // A `null` body is an empty one (as `fetch` reads it); no body key: it could not be read.
            let body: Option<Vec<u8>> = match a.get("body") {
                None => None,
                Some(Value::Null) => Some(Vec::new()),
                Some(list) => Some(
                    list.as_array()
                        .ok_or("body is not a list of bytes")?
                        .iter()
                        .map(|b| b.as_f64().and_then(integer).and_then(|i| u8::try_from(i).ok()).ok_or("not a byte"))
                        .collect::<Result<_, _>>()?,
                ),
            };
            let status = a.get("status").and_then(Value::as_f64).and_then(integer).ok_or("no status")?;
            let response = HttpResponse {
                status: u16::try_from(status).map_err(|_| "status is no u16")?,
                status_text: text(a, "statusText")?,
                url: text(a, "url")?,
                headers: &headers,
                body: body.as_deref(),
            };
            let o = a.get("options");
            let names = strings(o.and_then(|o| o.get("errorHeaders")))?;
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            let options = UpstreamOptions {
                service: o.map(|o| opt_text(o, "service")).transpose()?.flatten(),
                capture_body: opt_bool(o, "captureBody")?.unwrap_or(true),
                body_limit: o
                    .and_then(|o| o.get("bodyLimit"))
                    .map(|n| n.as_f64().ok_or("bodyLimit is not a number"))
                    .transpose()?
                    .map(slice_count),
                include_url: opt_bool(o, "includeUrl")?.unwrap_or(false),
                error_headers: &names,
                data: o.and_then(|o| o.get("data")),
            };
            Ok(Value::str(http_error_from_response(&response, &options).to_json()))
        }
        "log_record" => {
            let chain = Chain::of(a.get("chain").ok_or("no chain")?)?;
            let o = a.get("options");
            let contract = contract(o.and_then(|o| o.get("contract")))?;
            let options = LogRecordOptions {
                tool: o.map(|o| text(o, "tool")).transpose()?.ok_or("no tool")?,
                contract: &contract,
                aborted: opt_bool(o, "aborted")?.unwrap_or(false),
                phase: o.map(|o| opt_text(o, "phase")).transpose()?.flatten(),
                raw: opt_bool(o, "raw")?.unwrap_or(false),
                scope_refusal: opt_bool(o, "scopeRefusal")?.unwrap_or(false),
            };
            Ok(Value::str(log_record(chain.as_error(), &options)))
        }
        "try_catch" => {
            let chain = Chain::of(a.get("chain").ok_or("no chain")?)?;
            let o = a.get("options");
            let error_code = o
                .and_then(|o| o.get("errorCode"))
                .map(|c| c.as_f64().and_then(integer))
                .map(|c| c.and_then(JsonRpcErrorCode::from_value).ok_or("errorCode is no JsonRpcErrorCode"));
            let options = TryCatchOptions {
                operation: o.map(|o| text(o, "operation")).transpose()?.ok_or("no operation")?,
                error_code: error_code.transpose()?,
                raw: opt_bool(o, "raw")?.unwrap_or(false),
            };
            let failed = caught(chain.as_error(), &options);
            let json =
                Value::object([("error", Value::str(failed.error.to_json())), ("record", Value::str(failed.record))]);
            Ok(Value::str(json.to_json()))
        }
        "format_deltas" => Ok(Value::str(Value::str(format_deltas_as_xml(&deltas(a)?)).to_json())),
        "prevalidate" => prevalidate_call(a),
        _ => Err(format!("unknown op {op}")),
    }
}

/// A tool result's JSON text; `{json, serde}` where the `serde` feature's value is not
/// the same value as the result's own.
/// serde_json writes some numbers in its own form (an integral number past 2^53 as
/// `9007199254740994.0`, `123456789012345680000` as `1.2345678901234568e+20`), so its
/// text is compared as a value, not byte for byte.
fn result(result: &ToolResult) -> Value<'static> {
    let json = result.to_json();
    let serde = result.to_serde().to_string();
    if same(result.as_value(), &result.to_serde()) {
        Value::str(json)
    } else {
        Value::object([("json", Value::str(json)), ("serde", Value::str(serde))])
    }
}

/// Whether the serde value holds the same value: the same keys in the same order, the
/// same strings and booleans, numbers equal as `f64` (a non-finite one as `null`).
fn same(ours: &Value<'_>, theirs: &serde_json::Value) -> bool {
    match (ours, theirs) {
        (Value::Null, serde_json::Value::Null) => true,
        (Value::Bool(a), serde_json::Value::Bool(b)) => a == b,
        (Value::Number(n), serde_json::Value::Null) => !n.is_finite(),
        (Value::Number(a), serde_json::Value::Number(b)) => b.as_f64() == Some(*a),
        (Value::String(a), serde_json::Value::String(b)) => a == b,
        (Value::Array(a), serde_json::Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same(x, y))
        }
        (Value::Object(a), serde_json::Value::Object(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|((ka, va), (kb, vb))| ka == kb && same(va, vb))
        }
        _ => false,
    }
}

// --- reading the arguments ------------------------------------------------------------

fn text<'v>(args: &'v Value<'_>, key: &str) -> Result<&'v str, String> {
    args.get(key).and_then(Value::as_str).ok_or_else(|| format!("{key} is not a string"))
}

fn opt_text<'v>(args: &'v Value<'_>, key: &str) -> Result<Option<&'v str>, String> {
    match args.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(format!("{key} is not a string")),
    }
}

fn opt_bool(args: Option<&Value<'_>>, key: &str) -> Result<Option<bool>, String> {
    match args.and_then(|a| a.get(key)) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Bool(b)) => Ok(Some(*b)),
        Some(_) => Err(format!("{key} is not a boolean")),
    }
}

fn strings(value: Option<&Value<'_>>) -> Result<Vec<String>, String> {
    let Some(value) = value else { return Ok(Vec::new()) };
    let list = value.as_array().ok_or("not a list of strings")?;
    list.iter().map(|s| s.as_str().map(str::to_owned).ok_or_else(|| "not a string".to_owned())).collect()
}

/// `retryAfter`: a number, or `"NaN"` / `"Infinity"` / `"-Infinity"` (JSON holds none of them).
fn number(value: &Value<'_>) -> Result<f64, String> {
    match value {
        Value::Number(n) => Ok(*n),
        Value::String(s) if s == "NaN" => Ok(f64::NAN),
        Value::String(s) if s == "Infinity" => Ok(f64::INFINITY),
        Value::String(s) if s == "-Infinity" => Ok(f64::NEG_INFINITY),
        _ => Err("not a number".to_owned()),
    }
}

fn tool_error_options(a: &Value<'_>) -> Result<ToolErrorOptions, String> {
    let mut options = ToolErrorOptions::new(text(a, "message")?);
    options.suggestion = opt_text(a, "suggestion")?.map(str::to_owned);
    options.available_actions = strings(a.get("availableActions"))?;
    if let Some(details) = a.get("details") {
        for pair in details.as_array().ok_or("details is not a list of pairs")? {
            let pair = strings(Some(pair))?;
            let [key, value] = <[String; 2]>::try_from(pair).map_err(|_| "a detail is not a pair")?;
            options.details.push((key, value));
        }
    }
    options.retry_after = a.get("retryAfter").map(number).transpose()?;
    options.severity = opt_text(a, "severity")?.map(str::to_owned);
    options.wire =
        WirePolicy { redact_secrets: opt_bool(Some(a), "redactSecrets")?.unwrap_or(true), ..WirePolicy::default() };
    Ok(options)
}

/// JavaScript's `typeof` of a value JSON holds (`undefined` for none).
fn js_typeof(value: Option<&Value<'_>>) -> &'static str {
    match value {
        None => "undefined",
        Some(Value::Bool(_)) => "boolean",
        Some(Value::Number(_)) => "number",
        Some(Value::String(_)) => "string",
        Some(_) => "object",
    }
}

/// How `slice(0, n)` counts a JavaScript number: fractions truncate, NaN and negatives are 0.
fn slice_count(n: f64) -> usize {
    if n.is_nan() || n <= 0.0 {
        0
    } else {
        // Saturating: Infinity is no limit.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let count = n as usize;
        count
    }
}

/// A detail value as JavaScript's `String(value)` writes the JSON values a vector holds.
fn js_string(value: &Value<'_>) -> Result<String, String> {
    match value {
        Value::String(s) => Ok(s.to_string()),
        Value::Bool(b) => Ok(b.to_string()),
        Value::Null => Ok("null".to_owned()),
        Value::Number(n) if n.fract() == 0.0 && n.abs() < 1e15 => Ok(format!("{n:.0}")),
        other => Err(format!("no String() for {}", other.to_json())),
    }
}

/// An ErrorBuilder replaying `chain`: `[[method, ...args], …]` as the npm builder is called.
fn builder(a: &Value<'_>) -> Result<ErrorBuilder, String> {
    let mut b = ErrorBuilder::new(text(a, "code")?, text(a, "message")?);
    for step in a.get("chain").and_then(Value::as_array).ok_or("chain is not a list")? {
        let (method, args) = step.as_array().and_then(|s| s.split_first()).ok_or("a step is not a list")?;
        let arg = |i: usize| args.get(i).ok_or_else(|| format!("{} has no argument {i}", method.to_json()));
        b = match method.as_str().ok_or("a method is not a string")? {
            "suggest" => b.suggest(arg(0)?.as_str().ok_or("suggest takes a string")?),
            "actions" => b.actions(strings(Some(&Value::Array(args.to_vec())))?),
            "severity" => b.severity(arg(0)?.as_str().ok_or("severity takes a string")?),
            "critical" => b.critical(),
            "warning" => b.warning(),
            "details" => {
                let fields = arg(0)?.as_object().ok_or("details takes an object")?;
                let pairs: Result<Vec<(String, String)>, String> =
                    fields.iter().map(|(k, v)| Ok((k.to_string(), js_string(v)?))).collect();
                b.details(pairs?)
            }
            "retryAfter" => b.retry_after(number(arg(0)?)?),
            "redactSecrets" => b.redact_secrets(arg(0)?.as_bool().ok_or("redactSecrets takes a boolean")?),
            other => return Err(format!("unknown builder method {other}")),
        };
    }
    Ok(b)
}

/// Contract deltas: each `{ category?, field, severity, description, before?, after? }`,
/// `before`/`after` a string or null.
fn deltas(a: &Value<'_>) -> Result<Vec<ContractDelta>, String> {
    let list = a.get("deltas").and_then(Value::as_array).ok_or("deltas is not a list")?;
    list.iter()
        .map(|d| {
            let side = |key| match d.get(key) {
                None | Some(Value::Null) => Ok(None),
                Some(Value::String(s)) => Ok(Some(s.to_string())),
                Some(_) => Err(format!("{key} is not a string")),
            };
            Ok(ContractDelta {
                category: opt_text(d, "category")?.map(str::to_owned),
                field: text(d, "field")?.to_owned(),
                severity: text(d, "severity")?.to_owned(),
                description: text(d, "description")?.to_owned(),
                before: side("before")?,
                after: side("after")?,
            })
        })
        .collect()
}

fn issues(a: &Value<'_>) -> Result<Vec<Issue>, String> {
    let list = a.get("issues").and_then(Value::as_array).ok_or("issues is not a list")?;
    list.iter().map(|i| Issue::from_value(i.clone()).ok_or_else(|| "an issue is not an object".to_owned())).collect()
}

fn validation<'a>(a: &'a Value<'a>) -> Result<Validation<'a>, String> {
    let mut validation = Validation::new(text(a, "tool")?);
    validation.args = a.get("args");
    validation.schema = a.get("schema");
    validation.input = a.get("input");
    Ok(validation)
}

fn mcp_error(value: &Value<'_>) -> Result<McpError, String> {
    let code = value.get("code").and_then(Value::as_f64).ok_or("the error's code is not a number")?;
    let code = integer(code).ok_or("the error's code is not an i32")?;
    let message = value.get("message").and_then(Value::as_str).ok_or("the error's message is not a string")?;
    Ok(McpError { code, message: message.to_owned(), data: value.get("data").map(Value::to_owned_value) })
}

fn integer(n: f64) -> Option<i32> {
    // Exact i32 values only; the cast is checked by the round trip.
    #[allow(clippy::cast_possible_truncation)]
    let i = n as i32;
    (f64::from(i) == n).then_some(i)
}

fn contract(value: Option<&Value<'_>>) -> Result<Vec<ContractEntry>, String> {
    let Some(value) = value else { return Ok(Vec::new()) };
    let list = value.as_array().ok_or("the contract is not a list")?;
    list.iter()
        .map(|e| {
            let code =
                e.get("code").and_then(Value::as_f64).and_then(integer).ok_or("an entry's code is not an i32")?;
            Ok(ContractEntry {
                reason: text(e, "reason")?.to_owned(),
                code,
                when: text(e, "when")?.to_owned(),
                recovery: text(e, "recovery")?.to_owned(),
                retryable: opt_bool(Some(e), "retryable")?,
                severity: opt_text(e, "severity")?.map(str::to_owned),
                thrown_by: opt_text(e, "thrownBy")?.map(str::to_owned),
            })
        })
        .collect()
}

/// `{ requestId, aborted, redactSecrets, maskServerErrors, guidance }`; a `requestId` of
/// `null` (the npm `requestId: false`) sends none.
fn result_options<'a>(
    o: Option<&'a Value<'a>>,
    contract: &'a [ContractEntry],
) -> Result<ErrorResultOptions<'a>, String> {
    let defaults = ErrorResultOptions::default();
    let request_id = match o.and_then(|o| o.get("requestId")) {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.as_ref()),
        Some(_) => return Err("requestId is not a string".to_owned()),
    };
    Ok(ErrorResultOptions {
        request_id,
        contract,
        aborted: opt_bool(o, "aborted")?.unwrap_or(defaults.aborted),
        redact_secrets: opt_bool(o, "redactSecrets")?.unwrap_or(defaults.redact_secrets),
        mask_server_errors: opt_bool(o, "maskServerErrors")?.unwrap_or(defaults.mask_server_errors),
        guidance: opt_bool(o, "guidance")?.unwrap_or(defaults.guidance),
        cause_messages: &[],
    })
}

// --- a Rust error chain -----------------------------------------------------------------

/// An error and its sources, as a Rust program builds them: each link a message and,
/// optionally, an `io::ErrorKind` (the link is then an `io::Error`) or an McpError code.
#[derive(Debug)]
enum Chain {
    Plain { message: String, source: Option<Box<Chain>> },
    Io(io::Error),
    Mcp(McpError),
}

impl Chain {
    fn of(list: &Value<'_>) -> Result<Chain, String> {
        let links = list.as_array().ok_or("the chain is not a list")?;
        let mut next: Option<Box<Chain>> = None;
        for link in links.iter().rev() {
            let message = text(link, "message")?.to_owned();
            let chain = if let Some(kind) = opt_text(link, "io")? {
                let kind = io_kind(kind).ok_or_else(|| format!("unknown io kind {kind}"))?;
                match next.take() {
                    // An io::Error's Display is its inner error's: the message must be the link's.
                    Some(rest) => io::Error::new(kind, Labelled { message, source: *rest }),
                    None => io::Error::new(kind, message),
                }
                .into()
            } else if let Some(code) = link.get("mcp").and_then(Value::as_f64).and_then(integer) {
                if next.is_some() {
                    return Err("an McpError has no source".to_owned());
                }
                Chain::Mcp(McpError { code, message, data: link.get("data").map(Value::to_owned_value) })
            } else {
                Chain::Plain { message, source: next.take() }
            };
            next = Some(Box::new(chain));
        }
        next.map(|b| *b).ok_or_else(|| "an empty chain".to_owned())
    }
}

impl From<io::Error> for Chain {
    fn from(e: io::Error) -> Chain {
        Chain::Io(e)
    }
}

/// An io::Error's inner error: its message, then the rest of the chain as its source.
#[derive(Debug)]
struct Labelled {
    message: String,
    source: Chain,
}

impl fmt::Display for Labelled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Labelled {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(self.source.as_error())
    }
}

impl Chain {
    fn as_error(&self) -> &(dyn std::error::Error + 'static) {
        match self {
            Chain::Io(e) => e,
            Chain::Mcp(e) => e,
            Chain::Plain { .. } => self,
        }
    }
}

impl fmt::Display for Chain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Chain::Plain { message, .. } => f.write_str(message),
            Chain::Io(e) => e.fmt(f),
            Chain::Mcp(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Chain {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Chain::Plain { source, .. } => source.as_deref().map(Chain::as_error),
            Chain::Io(e) => e.source(),
            Chain::Mcp(e) => e.source(),
        }
    }
}

fn io_kind(name: &str) -> Option<io::ErrorKind> {
    use io::ErrorKind as K;
    Some(match name {
        "ConnectionRefused" => K::ConnectionRefused,
        "ConnectionReset" => K::ConnectionReset,
        "BrokenPipe" => K::BrokenPipe,
        "TimedOut" => K::TimedOut,
        "NotFound" => K::NotFound,
        "InvalidData" => K::InvalidData,
        "Other" => K::Other,
        _ => return None,
    })
}

// --- outputs ------------------------------------------------------------------------------

/// What the npm `parseToolError` returns, without `raw`, in its key order.
fn parsed_json(p: &ParsedToolError<'_>) -> String {
    let code = match &p.code {
        ParsedCode::Text(code) => Value::str(code.as_str()),
        ParsedCode::Number(n) if n.is_finite() => Value::Number(*n),
        _ => Value::Null,
    };
    let mut fields: Vec<(Cow<'static, str>, Value<'static>)> = vec![
        ("code".into(), code),
        ("message".into(), Value::str(p.message.as_str())),
        ("recovery".into(), p.recovery.as_deref().map_or(Value::Null, Value::str)),
        ("availableActions".into(), Value::Array(p.available_actions.iter().map(|a| Value::str(a.as_str())).collect())),
        ("severity".into(), Value::str(p.severity.as_str())),
        ("dialect".into(), Value::str(p.dialect.as_str())),
    ];
    if let Some(reason) = &p.reason {
        fields.push(("reason".into(), Value::str(reason.as_str())));
    }
    if let Some(retryable) = p.retryable {
        fields.push(("retryable".into(), Value::Bool(retryable)));
    }
    if let Some(id) = &p.request_id {
        fields.push(("requestId".into(), Value::str(id.as_str())));
    }
    if !p.details.is_empty() {
        let details = p.details.iter().map(|(k, v)| (Cow::Owned(k.clone()), Value::str(v.as_str()))).collect();
        fields.push(("details".into(), Value::Object(details)));
    }
    if let Some(seconds) = p.retry_after.filter(|s| s.is_finite()) {
        fields.push(("retryAfter".into(), Value::Number(seconds)));
    }
    if let Some(v) = &p.validation {
        fields.push(("action".into(), Value::str(v.action.as_str())));
        let list = v
            .fields
            .iter()
            .map(|f| {
                Value::object([("name", Value::str(f.name.as_str())), ("message", Value::str(f.message.as_str()))])
            })
            .collect();
        fields.push(("fields".into(), Value::Array(list)));
        // A count of issues: far below 2^53.
        #[allow(clippy::cast_precision_loss)]
        fields.push(("moreIssues".into(), Value::Number(v.more_issues as f64)));
    }
    Value::Object(fields).to_json()
}

// --- deep values ----------------------------------------------------------------------------

/// The value with every `$deep` marker built out (see the module's docs).
fn expand(value: &Value<'_>) -> Value<'static> {
    match value {
        Value::Object(fields) => {
            if let Some(mark) = value.get("$num").and_then(Value::as_str) {
                return Value::Number(match mark {
                    "-0" => -0.0,
                    "Infinity" => f64::INFINITY,
                    "-Infinity" => f64::NEG_INFINITY,
                    _ => f64::NAN,
                });
            }
            if let Some(depth) = value.get("$deep").and_then(Value::as_f64) {
                let leaf = value.get("leaf").map_or(Value::Null, expand);
                let key = value.get("key").and_then(Value::as_str).unwrap_or("a").to_owned();
                let object = value.get("wrap").and_then(Value::as_str) == Some("object");
                // A count of levels the test chose: small, integral.
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                let depth = depth as usize;
                let mut out = leaf;
                for _ in 0..depth {
                    out = if object { Value::object([(key.clone(), out)]) } else { Value::Array(vec![out]) };
                }
                return out;
            }
            Value::Object(fields.iter().map(|(k, v)| (Cow::Owned(k.to_string()), expand(v))).collect())
        }
        Value::Array(items) => Value::Array(items.iter().map(expand).collect()),
        other => other.to_owned_value(),
    }
}

// --- prevalidate -------------------------------------------------------------------------

/// `{ args, schema, options?, rules? }`: `prevalidate` (or, with `rules`, `prevalidate_with`
/// validating by the rules); the result's JSON text (js-tests/parity.mjs's `prevalidate`).
fn prevalidate_call(a: &Value<'_>) -> Outcome {
    let args = a.get("args").ok_or("no args")?;
    let schema = a.get("schema").ok_or("no schema")?;
    let options = prevalidate_options(a.get("options"))?;
    let out = match a.get("rules") {
        None => mcp_envelope::prevalidate(args, schema, &options),
        Some(rules) => {
            let rules = rules.as_array().ok_or("rules is not a list")?;
            for rule in rules {
                rule.get("issue").and_then(Value::as_object).ok_or("a rule without an issue object")?;
            }
            mcp_envelope::prevalidate_with(args, schema, &options, |candidate| by_rules(rules, args, candidate))
        }
    };
    Ok(Value::str(out.to_json()))
}

/// The npm options `{ aliases?, ignoreKeys?, coerce?, caseStyleAliases? }`.
fn prevalidate_options(o: Option<&Value<'_>>) -> Result<mcp_envelope::PrevalidateOptions, String> {
    let mut options = mcp_envelope::PrevalidateOptions::new();
    if let Some(aliases) = o.and_then(|o| o.get("aliases")) {
        for (alias, target) in aliases.as_object().ok_or("aliases is not an object")? {
            options = options.alias(alias.as_ref(), target.as_str().ok_or("an alias target is not a string")?);
        }
    }
    match o.and_then(|o| o.get("ignoreKeys")) {
        None => {}
        Some(Value::Bool(false)) => options = options.ignore_keys_off(),
        Some(list) => options = options.ignore_keys(strings(Some(list))?),
    }
    if let Some(on) = opt_bool(o, "coerce")? {
        options = options.coerce(on);
    }
    if let Some(on) = opt_bool(o, "caseStyleAliases")? {
        options = options.case_style_aliases(on);
    }
    Ok(options)
}

/// The value at `path` (string steps into objects, number steps into lists); `None` when absent.
fn value_at<'v>(value: &'v Value<'v>, path: &[Value<'_>]) -> Option<&'v Value<'v>> {
    path.iter().try_fold(value, |node, step| match (node, step) {
        (Value::Object(_), Value::String(key)) => node.get(key),
        (Value::Array(items), Value::Number(n)) if *n >= 0.0 && n.fract() == 0.0 => {
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // whole and non-negative
            items.get(*n as usize)
        }
        _ => None,
    })
}

/// A validator as data: each rule `{ when, key?, path?, issue }` adds its issue when
/// `when` holds for the candidate — `missing` / `present` (a root key), `unchanged` (the
/// value at `path` is the one sent), `always`.
fn by_rules(rules: &[Value<'_>], sent: &Value<'_>, candidate: &Value<'_>) -> Vec<Issue> {
    let has =
        |key: Option<&str>| matches!(candidate, Value::Object(_)) && key.is_some_and(|k| candidate.get(k).is_some());
    rules
        .iter()
        .filter(|rule| {
            let key = rule.get("key").and_then(Value::as_str);
            let path = rule.get("path").and_then(Value::as_array).unwrap_or_default();
            match rule.get("when").and_then(Value::as_str) {
                Some("missing") => matches!(candidate, Value::Object(_)) && !has(key),
                Some("present") => has(key),
                Some("unchanged") => {
                    value_at(candidate, path).map(Value::to_json) == value_at(sent, path).map(Value::to_json)
                }
                Some("always") => true,
                _ => false,
            }
        })
        .filter_map(|rule| rule.get("issue").cloned().and_then(Issue::from_value))
        .collect()
}
