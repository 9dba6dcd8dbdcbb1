//! The XML dialect's raw exports (see `pkg-template/lib/xml.js`).
//!
//! Scalars cross as strings and numbers; lists, detail pairs, issues, deltas and
//! results cross as JSON text the JS layer wrote from a bounded plain copy. Each
//! export makes one envelope and returns one string:
//!
//! * a response is its text behind one flag digit: `'0' + (isError ? 1 : 0) +
//!   (branded ? 2 : 0)`, so `"3<tool_error …"` is an error the JS layer brands;
//! * `xmlEnrichValidationError` returns `"N xml"`, N the number of deltas injected;
//!
//! JSON text that does not parse (the JS layer never sends such) reads as `null`, so
//! no input can make an export panic.

use wasm_bindgen::prelude::*;

use crate::codes::{Category, JsonRpcErrorCode};
use crate::redact::WirePolicy;
use crate::sizes::TrueSizes;
use crate::value::Value;
use crate::xml::from_jsonrpc::tool_error_from_mcp;
use crate::xml::routing::MAX_GROUP_ISSUES;
use crate::xml::validation::validation_error_response_sized;
use crate::xml::{
    enrich_validation_error, error, format_deltas_xml, format_validation_error_sized, group_unknown_action,
    group_validation_error, internal_error_with, max_deltas_from_js, required, routing_error, tool_error_with,
    EnrichOptions, RoutingError, ToolErrorOptions, ToolResponse,
};

/// Routing kinds, as the JS layer numbers them.
const ROUTING_MISSING: u8 = 0;
const ROUTING_INVALID: u8 = 1;

fn parse(json: &str) -> Value {
    Value::parse_json(json).unwrap_or(Value::Null)
}

fn items(json: &str) -> Vec<Value> {
    match parse(json) {
        Value::Array(items) => items,
        _ => Vec::new(),
    }
}

/// A JSON array of strings; anything else in it is skipped (the JS layer sends strings).
fn strings(json: &str) -> Vec<String> {
    items(json)
        .into_iter()
        .filter_map(|v| match v {
            Value::String(s) => Some(s),
            _ => None,
        })
        .collect()
}

/// `[[key, value], …]` with both sides strings.
fn pairs(json: &str) -> Vec<(String, String)> {
    items(json)
        .into_iter()
        .filter_map(|pair| match pair {
            Value::Array(kv) => match <[Value; 2]>::try_from(kv) {
                Ok([Value::String(k), Value::String(v)]) => Some((k, v)),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

fn encode(response: ToolResponse) -> String {
    crate::js_constants::encode_response(&response)
}

/// `toolError(code, opts)`. `actions` is a JSON array of strings, `details` a JSON
/// array of `[key, String(value)]` pairs in `Object.keys` order; `redact_secrets`
/// masks secrets in the message, suggestion and detail values.
#[allow(clippy::too_many_arguments)] // one flat call per envelope: the JS layer's shape
#[wasm_bindgen(js_name = xmlToolError)]
pub fn xml_tool_error(
    code: &str,
    message: &str,
    suggestion: Option<String>,
    actions: &str,
    details: &str,
    retry_after: Option<f64>,
    severity: Option<String>,
    redact_secrets: bool,
) -> String {
    let options = ToolErrorOptions {
        message: message.to_owned(),
        suggestion,
        available_actions: strings(actions),
        details: pairs(details),
        retry_after,
        severity,
    };
    encode(tool_error_with(code, &options, WirePolicy { redact_secrets, ..WirePolicy::default() }))
}

#[wasm_bindgen(js_name = xmlError)]
pub fn xml_error(message: &str, code: Option<String>) -> String {
    encode(error(message, code.as_deref()))
}

/// The XML dialect's answer to a call cancelled before its handler started.
#[wasm_bindgen(js_name = xmlCancelled)]
pub fn xml_cancelled(tool: &str) -> String {
    encode(crate::xml::routing::cancelled(tool))
}

#[wasm_bindgen(js_name = xmlRequired)]
pub fn xml_required(field: &str) -> String {
    encode(required(field))
}

/// `routingError`: kind 0 missing, 1 invalid (`value` is the JS `typeof` of what was
/// sent), otherwise unknown (`value` is the action name sent). `actions` is JSON.
#[wasm_bindgen(js_name = xmlRoutingError)]
pub fn xml_routing_error(kind: u8, discriminator: &str, actions: &str, value: &str) -> String {
    let kind = match kind {
        ROUTING_MISSING => RoutingError::Missing,
        ROUTING_INVALID => RoutingError::Invalid { received_type: value },
        _ => RoutingError::Unknown { value },
    };
    encode(routing_error(kind, discriminator, &strings(actions)))
}

/// `internalError` for an unbranded throw whose message the JS layer read. `code` is
/// the throw's classified code (read only under `mask_server_errors`; an unknown code
/// counts as the server's).
#[wasm_bindgen(js_name = xmlInternalError)]
pub fn xml_internal_error(
    message: &str,
    tool: &str,
    action: Option<String>,
    code: i32,
    redact_secrets: bool,
    mask_server_errors: bool,
) -> String {
    let category = JsonRpcErrorCode::from_value(code).map_or(Category::Server, JsonRpcErrorCode::category);
    let wire = WirePolicy { redact_secrets, mask_server_errors };
    encode(internal_error_with(message, tool, action.as_deref(), category, wire))
}

/// An McpError thrown inside a tool of the XML dialect ([`crate::xml::from_jsonrpc`]):
/// its code, message and wire-safe data (JSON text, `""` for none), as a response.
#[wasm_bindgen(js_name = xmlFromMcpError)]
pub fn xml_from_mcp_error(
    code: i32,
    message: &str,
    data: &str,
    guidance: bool,
    redact_secrets: bool,
    mask_server_errors: bool,
) -> String {
    let data = (!data.is_empty()).then(|| parse(data));
    let wire = WirePolicy { redact_secrets, mask_server_errors };
    encode(tool_error_from_mcp(code, message, data.as_ref(), guidance, wire))
}

/// An issue count from JS: a finite positive number, else 0.
fn issue_total(total: f64) -> usize {
    if total.is_finite() && total > 0.0 {
        // Saturating float-to-int cast; a count beyond usize is not reachable anyway.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let total = total as usize;
        total
    } else {
        0
    }
}

/// `formatValidationError`: `issues` is the JSON of (a prefix of) the issues,
/// `total` their count; `sent_args` is `None` for `undefined`, and `sent_sizes` the
/// true sizes of what its copy cut (see [`crate::sizes`]).
#[wasm_bindgen(js_name = xmlFormatValidationError)]
pub fn xml_format_validation_error(
    issues: &str,
    total: f64,
    action_key: &str,
    sent_args: Option<String>,
    sent_sizes: &[u32],
) -> String {
    let sent = sent_args.as_deref().map(parse);
    let sizes = sent.as_ref().map(|s| TrueSizes::locate(s, sent_sizes)).unwrap_or_default();
    format_validation_error_sized(&items(issues), issue_total(total), action_key, sent.as_ref(), &sizes)
}

/// `validationErrorResult`: as `xmlFormatValidationError`, encoded as a response.
#[wasm_bindgen(js_name = xmlValidationErrorResult)]
pub fn xml_validation_error_result(
    issues: &str,
    total: f64,
    action_key: &str,
    sent_args: Option<String>,
    sent_sizes: &[u32],
) -> String {
    let sent = sent_args.as_deref().map(parse);
    let sizes = sent.as_ref().map(|s| TrueSizes::locate(s, sent_sizes)).unwrap_or_default();
    encode(validation_error_response_sized(&items(issues), issue_total(total), action_key, sent.as_ref(), &sizes))
}

/// `enrichValidationError` with the tool's deltas as JSON; `"N xml"`.
#[wasm_bindgen(js_name = xmlEnrichValidationError)]
pub fn xml_enrich_validation_error(
    xml: &str,
    tool_name: &str,
    action_key: &str,
    deltas: &str,
    include_all_severities: bool,
    max_deltas_per_error: Option<f64>,
) -> String {
    let options =
        EnrichOptions { include_all_severities, max_deltas_per_error: max_deltas_per_error.map(max_deltas_from_js) };
    let enriched = enrich_validation_error(xml, tool_name, action_key, &items(deltas), &options);
    let mut out = enriched.delta_count.to_string();
    out.push(' ');
    out.push_str(&enriched.xml);
    out
}

#[wasm_bindgen(js_name = xmlFormatDeltas)]
pub fn xml_format_deltas(deltas: &str) -> String {
    format_deltas_xml(&items(deltas))
}

#[wasm_bindgen(js_name = xmlGroupUnknownAction)]
pub fn xml_group_unknown_action(group: &str, action: &str, actions: &str) -> String {
    encode(group_unknown_action(group, action, &strings(actions)))
}

/// `createGroup`'s validation reply. `issues` is a prefix of at most
/// `MAX_GROUP_ISSUES + 1` issues and `total` their count: the core counts the ones it
/// leaves out from the slice it is given, so the count line is rewritten to `total`.
#[wasm_bindgen(js_name = xmlGroupValidationError)]
pub fn xml_group_validation_error(group: &str, action: &str, issues: &str, total: f64) -> String {
    let issues = items(issues);
    let mut response = group_validation_error(group, action, &issues);
    let shown = issues.len().min(MAX_GROUP_ISSUES);
    let tail = format!("; (+{} more)</message>\n</tool_error>", issues.len() - shown);
    // Checked finite and above `shown`, so the cast is exact for any real count.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let total = if total.is_finite() && total > shown as f64 { total as usize } else { 0 };
    if issues.len() > shown && total > issues.len() && response.text.ends_with(&tail) {
        let head_len = response.text.len() - tail.len();
        let mut text = response.text.get(..head_len).unwrap_or_default().to_owned();
        text.push_str(&format!("; (+{} more)</message>\n</tool_error>", total - shown));
        response.text = text;
    }
    encode(response)
}
