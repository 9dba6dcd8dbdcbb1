//! The JSON-RPC dialect's raw exports (see `pkg-template/lib/jsonrpc.js`). Values arrive
//! as JSON text the JS layer made from bounded plain copies; `""` stands for absent.
//!
//! Two things the copies cannot carry are restored here, around the core:
//! - **The issue count.** Only the first issues cross (the core renders from the first
//!   100 and keeps 10); their true number crosses beside them, and `issuesCount` and
//!   ` (+N more)` are written with it (see [`count_uncrossed_issues`]).
//! - **Deep McpError data.** A thrown McpError's data goes out exactly as thrown, but
//!   the core's JSON reader stops at 64 levels. A field nested deeper crosses back as
//!   the JSON text it came in as (see [`ThrownData`]).

use wasm_bindgen::prelude::*;

use crate::jsonrpc::{
    contract_from_value, error_result, fail, format_validation, log_record, recovery_for, render_rejection, Alias,
    AliasCollision, ErrorResultOptions, LogOptions, McpErrorParts, PreValidation, ThrownError, ValidationOptions,
};
use crate::redact::redact_json;
use crate::value::Value;

fn parse(text: &str, what: &str) -> Result<Option<Value>, JsError> {
    if text.is_empty() {
        return Ok(None);
    }
    Value::parse_json(text)
        .map(Some)
        .map_err(|e| JsError::new(&format!("mcp-envelope: {what} is not valid JSON ({e})")))
}

fn strings(value: Option<&Value>) -> impl Iterator<Item = &str> {
    value.and_then(Value::as_array).unwrap_or(&[]).iter().filter_map(Value::as_str)
}

/// `{ aliased: [{ alias, target }], ignored: [...], collisions: [{ target, keys }] }`.
fn pre_validation(value: &Value) -> PreValidation {
    let field = |key: &str| value.get(key).and_then(Value::as_array).unwrap_or(&[]);
    PreValidation {
        aliased: field("aliased")
            .iter()
            .filter_map(|a| {
                Some(Alias { alias: a.get("alias")?.as_str()?.to_owned(), target: a.get("target")?.as_str()?.to_owned() })
            })
            .collect(),
        ignored: strings(value.get("ignored")).map(str::to_owned).collect(),
        collisions: field("collisions")
            .iter()
            .filter_map(|c| {
                Some(AliasCollision {
                    target: c.get("target")?.as_str()?.to_owned(),
                    keys: strings(c.get("keys")).map(str::to_owned).collect(),
                })
            })
            .collect(),
    }
}

/// How many issues there were: the count the JS layer read (a list length), never
/// fewer than crossed.
fn issue_total(crossed: usize, total: f64) -> usize {
    if total.is_finite() && total > 0.0 && total <= f64::from(u32::MAX) {
        // Integral by origin (a JS array length), and in range: checked above.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let total = total as usize;
        total.max(crossed)
    } else {
        crossed
    }
}

/// `{ code, message, data }` of the argument rejection, as JSON text. `issues` are the
/// first `issues_total` issues (all of them when that many crossed).
#[wasm_bindgen(js_name = formatValidationJson)]
pub fn format_validation_json(
    issues: &str,
    issues_total: f64,
    tool: &str,
    args: &str,
    schema: &str,
    input: &str,
) -> Result<String, JsError> {
    let issues = parse(issues, "issues")?.unwrap_or(Value::Array(Vec::new()));
    let args = parse(args, "args")?;
    let schema = parse(schema, "schema")?;
    let input = parse(input, "input")?.map(|v| pre_validation(&v));
    let options =
        ValidationOptions { tool, args: args.as_ref(), schema: schema.as_ref(), input: input.as_ref() };
    let crossed = issues.as_array().unwrap_or(&[]);
    let mut parts = format_validation(crossed, &options);
    let total = issue_total(crossed.len(), issues_total);
    if total > crossed.len() {
        count_uncrossed_issues(&mut parts, crossed, &options, total);
    }
    Ok(parts.to_value().to_json())
}

/// Writes the true issue count into a rejection rendered from the first `crossed`
/// issues of `total`.
///
/// The core reads the issues past its first 100 only to count them: each one left
/// unrendered adds one to ` (+N more)`, and `issuesCount` is the list length. With at
/// least 100 crossed, the rendering of all `total` therefore differs from this one only
/// in those two numbers, each larger by `total - crossed`. The message ends with its
/// count. The hint holds the count as one sentence, but caller text may spell one too,
/// so its place is found by rendering one issue fewer: the two hints differ only in
/// that count's digits.
fn count_uncrossed_issues(parts: &mut McpErrorParts, crossed: &[Value], options: &ValidationOptions<'_>, total: usize) {
    let extra = total - crossed.len();
    let Some((_, shorter)) = crossed.split_last() else { return };
    let fewer = render_rejection(shorter, options);
    let more = fewer.more + 1;
    let suffix = format!(" (+{more} more)");
    if let Some(head) = parts.message.strip_suffix(&suffix) {
        parts.message = format!("{head} (+{} more)", more + extra);
    }
    let Some(data) = parts.data.as_mut() else { return };
    if let Some(hint) = field_mut(data, "recovery").and_then(|r| field_mut(r, "hint")) {
        if let Some(full) = hint.as_str().and_then(|h| recount(h, &fewer.hint, more, more + extra)) {
            *hint = Value::String(full);
        }
    }
    if let Some(count) = field_mut(data, "issuesCount") {
        *count = count_value(total);
    }
}

/// `full` with its `(+more more)` sentence counting `now` instead, located where
/// `full` and `fewer` (the same text counting one less) first differ.
fn recount(full: &str, fewer: &str, more: usize, now: usize) -> Option<String> {
    let at = full.bytes().zip(fewer.bytes()).position(|(a, b)| a != b)?;
    let start = full.get(..at)?.rfind("(+")?;
    let token = format!("(+{more} more)");
    let rest = full.get(start..)?.strip_prefix(token.as_str())?;
    Some(format!("{}(+{now} more){rest}", full.get(..start)?))
}

fn field_mut<'a>(value: &'a mut Value, key: &str) -> Option<&'a mut Value> {
    match value {
        Value::Object(fields) => fields.iter_mut().find(|(k, _)| k == key).map(|(_, v)| v),
        _ => None,
    }
}

#[allow(clippy::cast_precision_loss)] // counts are list lengths, far below 2^53
fn count_value(n: usize) -> Value {
    Value::Number(n as f64)
}

/// What a handler threw, as `lib/jsonrpc.js` numbers it.
const THROWN_MCP: u8 = 1;
const THROWN_ZOD: u8 = 2;

/// A thrown McpError's data, as the JS layer wrote it: an object whose fields are each
/// `JSON.stringify`'s text of the thrown field. A field nested deeper than the core's
/// reader goes (64 levels) is given to the core as a marker string, and its text is put
/// back in the envelope's JSON where the marker landed.
struct ThrownData {
    value: Option<Value>,
    raw: Vec<(String, String)>,
}

impl ThrownData {
    fn parse(text: &str, request_id: &str) -> Result<ThrownData, JsError> {
        if text.is_empty() {
            return Ok(ThrownData { value: None, raw: Vec::new() });
        }
        if let Ok(value) = Value::parse_json(text) {
            return Ok(ThrownData { value: Some(value), raw: Vec::new() });
        }
        let members = top_level_members(text)
            .ok_or_else(|| JsError::new("mcp-envelope: data is not a JSON object"))?;
        // A marker no string of the data (nor the id) can equal: its tag appears nowhere in them.
        let tag = (0u32..)
            .map(|n| format!("mcp-envelope:raw{n}:"))
            .find(|tag| !text.contains(tag.as_str()) && !request_id.contains(tag.as_str()))
            .unwrap_or_default();
        let mut fields = Vec::new();
        let mut raw = Vec::new();
        for (key, member) in members {
            let Some(key) = Value::parse_json(key).ok().and_then(|k| k.as_str().map(str::to_owned)) else {
                return Err(JsError::new("mcp-envelope: data has a key that is not a JSON string"));
            };
            let value = match Value::parse_json(member) {
                Ok(value) => value,
                Err(_) => {
                    let marker = format!("\u{0}{tag}{}\u{0}", raw.len());
                    raw.push((Value::str(marker.clone()).to_json(), member.to_owned()));
                    Value::String(marker)
                }
            };
            fields.push((key, value));
        }
        Ok(ThrownData { value: Some(Value::Object(fields)), raw })
    }

    /// The envelope's JSON with each deep field's own text in place of its marker (its
    /// strings redacted when `redact`, as the core redacts the rest of the data). The
    /// data is the last part of the envelope, so the last occurrence is the field.
    fn restore(&self, mut json: String, redact: bool) -> String {
        for (marker, text) in &self.raw {
            if let Some(at) = json.rfind(marker.as_str()) {
                let text = if redact { redact_json(text) } else { text.as_str().into() };
                json.replace_range(at..at + marker.len(), &text);
            }
        }
        json
    }
}

/// The `(key, value)` spans of a JSON object's members, without reading the values
/// (an iterative scan: depth costs nothing). `None` unless `text` is one object.
fn top_level_members(text: &str) -> Option<Vec<(&str, &str)>> {
    let bytes = text.as_bytes();
    let mut i = skip_space(bytes, 0);
    if bytes.get(i) != Some(&b'{') {
        return None;
    }
    i = skip_space(bytes, i + 1);
    let mut members = Vec::new();
    if bytes.get(i) == Some(&b'}') {
        return only_space_after(bytes, i + 1).then_some(members);
    }
    loop {
        if bytes.get(i) != Some(&b'"') {
            return None;
        }
        let key_end = string_end(bytes, i)?;
        let key = text.get(i..key_end)?;
        i = skip_space(bytes, key_end);
        if bytes.get(i) != Some(&b':') {
            return None;
        }
        let start = skip_space(bytes, i + 1);
        let end = value_end(bytes, start)?;
        members.push((key, text.get(start..end)?.trim_end()));
        i = skip_space(bytes, end);
        match bytes.get(i) {
            Some(b',') => i = skip_space(bytes, i + 1),
            Some(b'}') => return only_space_after(bytes, i + 1).then_some(members),
            _ => return None,
        }
    }
}

fn skip_space(bytes: &[u8], mut i: usize) -> usize {
    while matches!(bytes.get(i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
        i += 1;
    }
    i
}

fn only_space_after(bytes: &[u8], i: usize) -> bool {
    skip_space(bytes, i) == bytes.len()
}

/// The index after the closing quote of the string opening at `start`.
fn string_end(bytes: &[u8], start: usize) -> Option<usize> {
    let mut i = start + 1;
    loop {
        match bytes.get(i)? {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
}

/// The index of the `,` or `}` that ends the member value starting at `start`.
fn value_end(bytes: &[u8], start: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = start;
    loop {
        match bytes.get(i)? {
            b'"' => {
                i = string_end(bytes, i)?;
                continue;
            }
            b'[' | b'{' => depth += 1,
            b']' | b'}' if depth == 0 => return Some(i),
            b']' | b'}' => depth -= 1,
            b',' if depth == 0 => return Some(i),
            _ => {}
        }
        i += 1;
    }
}

/// The error `CallToolResult` as JSON text. `payload` is the McpError's data (kind 1)
/// or the ZodError's first issues of `issues_total` (kind 2); `request_id` `""` means none.
#[allow(clippy::too_many_arguments)] // one flat call per envelope: the JS layer's shape
#[wasm_bindgen(js_name = errorResultJson)]
pub fn error_result_json(
    kind: u8,
    code: i32,
    message: &str,
    payload: &str,
    issues_total: f64,
    request_id: &str,
    contract: &str,
    aborted: bool,
    redact_secrets: bool,
    mask_server_errors: bool,
) -> Result<String, JsError> {
    let contract = parse(contract, "contract")?.map(|c| contract_from_value(&c)).unwrap_or_default();
    let options = ErrorResultOptions {
        request_id: (!request_id.is_empty()).then_some(request_id),
        contract: &contract,
        aborted,
        redact_secrets,
        mask_server_errors,
    };
    match kind {
        THROWN_MCP => {
            let data = ThrownData::parse(payload, request_id)?;
            let thrown = ThrownError::Mcp { code, message, data: data.value.as_ref() };
            Ok(data.restore(error_result(&thrown, &options).to_value().to_json(), redact_secrets))
        }
        THROWN_ZOD => {
            let issues = parse(payload, "issues")?;
            let issues = issues.as_ref().and_then(Value::as_array).unwrap_or(&[]);
            let mut result = error_result(&ThrownError::Zod { code, issues }, &options);
            let total = issue_total(issues.len(), issues_total);
            if total > issues.len() {
                count_uncrossed_zod_issues(&mut result, issues.len(), total);
            }
            Ok(result.to_value().to_json())
        }
        _ => Ok(error_result(&ThrownError::Plain { code, message }, &options).to_value().to_json()),
    }
}

/// A ZodError's envelope from its first `crossed` issues of `total`: the message is
/// the first issue's line and ` (+N more)` for the rest, and `issuesCount` their number.
fn count_uncrossed_zod_issues(result: &mut crate::jsonrpc::CallToolResult, crossed: usize, total: usize) {
    let Some(error) = field_mut(&mut result.structured_content, "error") else { return };
    let suffix = format!(" (+{} more)", crossed.saturating_sub(1));
    if let Some(message) = field_mut(error, "message") {
        let renamed = message.as_str().and_then(|m| m.strip_suffix(&suffix)).map(|head| format!("{head} (+{} more)", total - 1));
        if let Some(renamed) = renamed {
            let old = format!("Error: {}", message.as_str().unwrap_or_default());
            if let Some(rest) = result.text.strip_prefix(&old) {
                result.text = format!("Error: {renamed}{rest}");
            }
            *message = Value::String(renamed);
        }
    }
    if let Some(count) = field_mut(error, "data").and_then(|d| field_mut(d, "issuesCount")) {
        *count = count_value(total);
    }
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
    contract: &str,
    aborted: bool,
    phase: Option<String>,
) -> Result<String, JsError> {
    let contract = parse(contract, "contract")?.map(|c| contract_from_value(&c)).unwrap_or_default();
    let data = reason.map(|r| Value::Object(vec![("reason".to_owned(), Value::String(r))]));
    let issues = parse(issues, "issues")?;
    let issues = issues.as_ref().and_then(Value::as_array).unwrap_or(&[]);
    let thrown = match kind {
        THROWN_MCP => ThrownError::Mcp { code, message, data: data.as_ref() },
        THROWN_ZOD => ThrownError::Zod { code, issues },
        _ => ThrownError::Plain { code, message },
    };
    let options = LogOptions {
        tool,
        contract: &contract,
        aborted,
        phase: phase.as_deref(),
        issue_count: Some(issue_total(issues.len(), issues_total)),
    };
    Ok(log_record(&thrown, &options).to_json())
}

/// `{ code, message, data }` of `fail(contract, reason, message?, data?)`, as JSON text.
#[wasm_bindgen(js_name = failJson)]
pub fn fail_json(contract: &str, reason: &str, message: Option<String>, data: &str) -> Result<String, JsError> {
    let contract = parse(contract, "contract")?.map(|c| contract_from_value(&c)).unwrap_or_default();
    let data = parse(data, "data")?;
    Ok(fail(&contract, reason, message.as_deref(), data.as_ref()).to_value().to_json())
}

/// `{ recovery: { hint } }` or `{}`, as JSON text.
#[wasm_bindgen(js_name = recoveryForJson)]
pub fn recovery_for_json(contract: &str, reason: &str) -> Result<String, JsError> {
    let contract = parse(contract, "contract")?.map(|c| contract_from_value(&c)).unwrap_or_default();
    Ok(recovery_for(&contract, reason).to_json())
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
    fn uncrossed_issues_are_counted_as_the_core_counts_them() {
        // 1,200 issues, of which the first 1,000 crossed.
        let issues: Vec<String> = (0..1000).map(|i| custom(&format!("k{i}"), "(+990 more)")).collect();
        let text = format!("[{}]", issues.join(","));
        let input = r#"{"aliased":[{"alias":"(+990 more)","target":"k0"}],"ignored":[]}"#;
        let out = v(&format_validation_json(&text, 1200.0, "t", "{}", "", input).unwrap_or_default());
        let lines: Vec<String> = (0..10).map(|i| format!("k{i}: (+990 more)")).collect();
        let message = out.get("message").and_then(Value::as_str).unwrap_or_default();
        assert_eq!(message, format!("Input validation error: Invalid arguments for tool t: {} (+1190 more)", lines.join(", ")));
        let data = out.get("data").cloned().unwrap_or(Value::Null);
        let hint = data.get("recovery").and_then(|r| r.get("hint")).and_then(Value::as_str).unwrap_or_default();
        assert_eq!(hint, format!("{}. (+1190 more) Validated (+990 more) as k0.", lines.join(". ")));
        assert_eq!(data.get("issuesCount"), Some(&Value::Number(1200.0)));
        // A count that is not above what crossed changes nothing.
        let same = format_validation_json(&text, 12.0, "t", "{}", "", input).unwrap_or_default();
        assert!(same.contains("(+990 more) Validated") && same.contains(r#""issuesCount":1000"#));
    }

    #[wasm_bindgen_test]
    fn recount_finds_the_count_where_the_texts_differ() {
        assert_eq!(recount("a (+9 more) b (+10 more) c", "a (+9 more) b (+9 more) c", 10, 510).as_deref(), Some("a (+9 more) b (+510 more) c"));
        assert_eq!(recount("same", "same", 1, 2), None);
    }

    #[wasm_bindgen_test]
    fn zod_errors_count_every_issue() {
        let text = format!("[{}]", vec![custom("a", "Bad a"); 1000].join(","));
        let out = v(&error_result_json(THROWN_ZOD, -32007, "", &text, 5000.0, "R", "", false, true, false).unwrap_or_default());
        let text = out.get("content").and_then(Value::as_array).and_then(<[Value]>::first).and_then(|c| c.get("text")).and_then(Value::as_str);
        assert_eq!(text, Some("Error: a: Bad a (+4999 more)\n\n(request R)"));
        let error = out.get("structuredContent").and_then(|s| s.get("error")).cloned().unwrap_or(Value::Null);
        assert_eq!(error.get("message").and_then(Value::as_str), Some("a: Bad a (+4999 more)"));
        assert_eq!(error.get("data").and_then(|d| d.get("issuesCount")), Some(&Value::Number(5000.0)));
    }

    #[wasm_bindgen_test]
    fn deep_data_fields_go_back_as_sent() {
        let deep = format!("{}1{}", "[".repeat(100), "]".repeat(100));
        let data = format!(r#"{{"a":1, "deep" : {deep} ,"s":"x,}}]\"","reason":"r"}}"#);
        let out = error_result_json(THROWN_MCP, -32001, "m", &data, 0.0, "R", "", false, true, false).unwrap_or_default();
        assert!(out.ends_with(&format!(r#""data":{{"a":1,"deep":{deep},"s":"x,}}]\"","reason":"r","requestId":"R"}}}}}}}}"#)), "{out}");
        assert!(out.contains(r#""text":"Error: m\n\n(reason r · request R)""#), "{out}");
        // Not an object at all: an error, never a trap.
        assert!(error_result_json(THROWN_MCP, -32001, "m", &deep, 0.0, "R", "", false, true, false).is_err());
        assert_eq!(top_level_members(r#" { } "#), Some(vec![]));
        assert_eq!(top_level_members(r#"{"a":[1,{"b":"]"}],"c":"d"}"#), Some(vec![(r#""a""#, r#"[1,{"b":"]"}]"#), (r#""c""#, r#""d""#)]));
        assert_eq!(top_level_members(r#"{"a":1} x"#), None);
        assert_eq!(top_level_members(r#"{"a":"#), None);
    }

    #[wasm_bindgen_test]
    fn deep_data_fields_are_redacted_too() {
        let deep = format!(r#"{}{{"dsn":"postgres://a:pw@h","password":"hunter2"}}{}"#, "[".repeat(100), "]".repeat(100));
        let data = format!(r#"{{"deep":{deep}}}"#);
        let out = error_result_json(THROWN_MCP, -32001, "m", &data, 0.0, "R", "", false, true, false).unwrap_or_default();
        assert!(!out.contains(":pw@") && !out.contains("hunter2") && out.contains(r#"{"dsn":"postgres://a:***@h","password":"***"}"#), "{out}");
        let raw = error_result_json(THROWN_MCP, -32001, "m", &data, 0.0, "R", "", false, false, false).unwrap_or_default();
        assert!(raw.contains(&deep), "{raw}");
    }

    #[wasm_bindgen_test]
    fn a_marker_never_equals_a_string_of_the_data() {
        let deep = format!("{}{}", "[".repeat(100), "]".repeat(100));
        let data = format!(r#"{{"x":"\u0000mcp-envelope:raw0:0\u0000","deep":{deep}}}"#);
        let out = error_result_json(THROWN_MCP, -32001, "m", &data, 0.0, "", "", false, true, false).unwrap_or_default();
        assert!(out.contains(&format!(r#""data":{{"x":"\u0000mcp-envelope:raw0:0\u0000","deep":{deep}}}"#)), "{out}");
    }
}
