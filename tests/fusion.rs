#![cfg(not(target_arch = "wasm32"))]
//! Replays every vector of `tests/conformance/fusion.json` (the XML dialect) against
//! the core, byte for byte, with `isError` and `branded` where the core decides them.
//! Vectors that record a reference bug are asserted to *differ*, each in a test whose
//! name says why; nothing is skipped silently. Run with `--nocapture` to see the
//! per-kind counts.

use std::collections::BTreeMap;

use mcp_envelope::client::xml::parse_tool_error_text;
use mcp_envelope::client::ParsedField;
use mcp_envelope::client::{parse_tool_error, ParsedCode};
use mcp_envelope::value::{js_number_string, Value};
use mcp_envelope::xml::InternalErrorLocation;
use mcp_envelope::xml::ValidationInput;
use mcp_envelope::xml::{
    enrich_validation_error, error, error_builder, escape_attr, escape_content, format_deltas_xml,
    format_validation_error, group_unknown_action, group_validation_error, internal_error, max_deltas_from_js,
    required, route_action, tool_error, validation_error_response, EnrichOptions, ErrorBuilder, ToolErrorOptions,
    ToolResponse, VALIDATION_RECOVERY,
};

const VECTORS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/conformance/fusion.json");

fn to_value(json: &serde_json::Value) -> Value<'static> {
    match json {
        serde_json::Value::Null => Value::Null,
        serde_json::Value::Bool(b) => Value::Bool(*b),
        serde_json::Value::Number(n) => Value::Number(n.as_f64().unwrap_or(f64::NAN)),
        serde_json::Value::String(s) => Value::str(s.clone()),
        serde_json::Value::Array(items) => Value::Array(items.iter().map(to_value).collect()),
        serde_json::Value::Object(map) => Value::object(map.iter().map(|(k, v)| (k.clone(), to_value(v)))),
    }
}

fn load() -> Vec<Value<'static>> {
    let text = std::fs::read_to_string(VECTORS).expect("fusion.json is readable");
    let json: serde_json::Value = serde_json::from_str(&text).expect("fusion.json is JSON");
    match to_value(&json) {
        Value::Array(items) => items,
        _ => panic!("fusion.json is an array"),
    }
}

fn vector(id: i64) -> Value<'static> {
    load()
        .into_iter()
        .find(|v| v.get("id").and_then(Value::as_f64) == Some(id as f64))
        .unwrap_or_else(|| panic!("vector {id} exists"))
}

fn at<'v>(v: &'v Value<'static>, path: &[&str]) -> Option<&'v Value<'static>> {
    path.iter().try_fold(v, |v, key| v.get(key))
}

fn s<'v>(v: &'v Value<'static>, path: &[&str]) -> &'v str {
    at(v, path).and_then(Value::as_str).unwrap_or_else(|| panic!("string at {path:?}"))
}

/// A number input; `"NaN"`, `"Infinity"`, `"-Infinity"` stand for those numbers.
fn number(v: &Value<'static>) -> Option<f64> {
    match v {
        Value::Number(n) => Some(*n),
        Value::String(t) if t == "NaN" => Some(f64::NAN),
        Value::String(t) if t == "Infinity" => Some(f64::INFINITY),
        Value::String(t) if t == "-Infinity" => Some(f64::NEG_INFINITY),
        _ => None,
    }
}

/// `String(v)` as the JS layer applies it to detail values.
fn js_string(v: &Value<'static>) -> String {
    match v {
        Value::String(s) => s.to_string(),
        Value::Number(n) => js_number_string(*n),
        Value::Bool(b) => b.to_string(),
        Value::Null => "null".to_owned(),
        other => other.to_json(),
    }
}

fn strings(v: Option<&Value<'static>>) -> Vec<String> {
    v.and_then(Value::as_array).unwrap_or_default().iter().map(js_string).collect()
}

fn pairs(v: Option<&Value<'static>>) -> Vec<(String, String)> {
    v.and_then(Value::as_object).unwrap_or_default().iter().map(|(k, v)| (k.to_string(), js_string(v))).collect()
}

fn options_from(opts: &Value<'static>) -> ToolErrorOptions {
    ToolErrorOptions {
        message: s(opts, &["message"]).to_owned(),
        suggestion: opts.get("suggestion").and_then(Value::as_str).map(str::to_owned),
        available_actions: strings(opts.get("availableActions")),
        details: pairs(opts.get("details")),
        retry_after: opts.get("retryAfter").and_then(number),
        severity: opts.get("severity").and_then(Value::as_str).map(str::to_owned),
        ..ToolErrorOptions::default()
    }
}

/// Replays a builder chain `[[method, ...args], ...]`.
fn builder_from(code: &str, message: &str, chain: &[Value<'static>]) -> ErrorBuilder {
    chain.iter().fold(error_builder(code, message), |b, step| {
        let step = step.as_array().unwrap_or_default();
        let method = step.first().and_then(Value::as_str).unwrap_or_default();
        let args = step.get(1..).unwrap_or_default();
        let first = args.first();
        match method {
            "suggest" => b.suggest(first.map(js_string).unwrap_or_default()),
            "actions" => b.actions(args.iter().map(js_string)),
            "severity" => b.severity(first.map(js_string).unwrap_or_default()),
            "critical" => b.critical(),
            "warning" => b.warning(),
            "details" => b.details(pairs(first)),
            "retryAfter" => b.retry_after(first.and_then(number).unwrap_or(f64::NAN)),
            other => panic!("unknown builder method {other}"),
        }
    })
}

/// Zod 3 issues for the pipeline / createGroup vectors, which give only a schema
/// expression. Produced by running each vector's schema and args through
/// `zod/v3` (Zod 3.25's API, as the reference used), strict where the reference is.
fn zod3_issues(id: i64) -> Vec<Value<'static>> {
    let json = match id {
        77 => {
            r#"[{"code":"invalid_type","expected":"string","received":"number","path":["title"],"message":"Expected string, received number"},{"code":"invalid_type","expected":"number","received":"string","path":["count"],"message":"Expected number, received string"}]"#
        }
        78 => {
            r#"[{"received":"verbose","code":"invalid_enum_value","options":["debug","info","warn","error"],"path":["level"],"message":"Invalid enum value. Expected 'debug' | 'info' | 'warn' | 'error', received 'verbose'"}]"#
        }
        79 => {
            r#"[{"code":"invalid_type","expected":"string","received":"undefined","path":["workspace_id"],"message":"Required"},{"code":"invalid_type","expected":"string","received":"undefined","path":["name"],"message":"Required"},{"code":"invalid_type","expected":"string","received":"undefined","path":["email"],"message":"Required"}]"#
        }
        80 => {
            r#"[{"code":"too_small","minimum":1,"type":"number","inclusive":true,"exact":false,"message":"Number must be greater than or equal to 1","path":["retries"]}]"#
        }
        81 => {
            r#"[{"code":"too_big","maximum":10,"type":"number","inclusive":true,"exact":false,"message":"Number must be less than or equal to 10","path":["retries"]}]"#
        }
        82 => {
            r#"[{"code":"unrecognized_keys","keys":["hallucinated_param"],"path":[],"message":"Unrecognized key(s) in object: 'hallucinated_param'"}]"#
        }
        118 => {
            r#"[{"code":"unrecognized_keys","keys":["extra"],"path":[],"message":"Unrecognized key(s) in object: 'extra'"}]"#
        }
        _ => panic!("no Zod 3 issues recorded for vector {id}"),
    };
    match Value::parse_json(json) {
        Ok(Value::Array(items)) => items,
        _ => panic!("fixture {id} is a JSON array"),
    }
}

fn without_key(args: &Value<'static>, key: &str) -> Value<'static> {
    Value::Object(args.as_object().unwrap_or_default().iter().filter(|(k, _)| k != key).cloned().collect())
}

enum Outcome {
    Pass,
    /// The reference's behaviour is a bug the seed overrules; the named test proves
    /// that we differ and what we do instead.
    DiffersByDesign(&'static str),
    Fail(String),
}

fn compare_response(got: &ToolResponse, expected: &Value<'static>, check_branded: bool) -> Outcome {
    let text = s(expected, &["text"]);
    if got.text != text {
        return Outcome::Fail(format!("text\n  got:      {:?}\n  expected: {:?}", got.text, text));
    }
    match expected.get("isError") {
        Some(Value::Bool(b)) if *b != got.is_error => return Outcome::Fail(format!("isError {} != {b}", got.is_error)),
        Some(Value::Bool(_)) => {}
        other => return Outcome::Fail(format!("unexpected isError {other:?}")),
    }
    if check_branded {
        if let Some(Value::Bool(b)) = expected.get("branded") {
            if *b != got.branded {
                return Outcome::Fail(format!("branded {} != {b}", got.branded));
            }
        }
    }
    Outcome::Pass
}

fn differs(ours: &str, expected: &str, reason: &'static str) -> Outcome {
    if ours == expected {
        Outcome::Fail(format!("expected to differ ({reason}) but matched"))
    } else {
        Outcome::DiffersByDesign(reason)
    }
}

const WHY_90: &str =
    "vector_90_differs_because_a_thrown_branded_tool_error_passes_through_instead_of_becoming_object_object";
const WHY_92: &str = "vector_92_differs_because_a_returned_error_builder_is_an_error_response_not_json_success";
const WHY_113: &str = "vector_113_differs_because_actions_listing_is_not_action_list";
const WHY_102: &str = "vector_102_differs_because_a_validation_error_is_read_with_its_code_recovery_and_fields";

fn run_pipeline(id: i64, input: &Value<'static>, expected: &Value<'static>) -> Outcome {
    let tool = s(input, &["tool"]);
    let actions = input.get("actions").and_then(Value::as_array).unwrap_or_default();
    let names: Vec<&str> = actions.iter().map(|a| s(a, &["name"])).collect();
    let args = input.get("args").unwrap_or(&Value::Null);
    let action = match route_action(args.get("action"), "action", &names) {
        Ok(action) => action,
        Err(response) => return compare_response(&response, expected, true),
    };
    let def = actions.iter().find(|a| s(a, &["name"]) == action).unwrap_or(&Value::Null);
    if def.get("schema").is_some() {
        let sent = without_key(args, "action");
        let response = validation_error_response(&zod3_issues(id), &format!("{tool}/{action}"), Some(&sent));
        return compare_response(&response, expected, true);
    }
    if let Some(thrown) = def.get("throws").and_then(Value::as_str) {
        return compare_response(
            &internal_error(thrown, &InternalErrorLocation::new(tool, Some(action))),
            expected,
            true,
        );
    }
    if let Some(thrown) = def.get("throwsToolError") {
        // The handler threw a branded toolError: it passes through unchanged.
        let passed_through =
            tool_error(s(thrown, &["code"]), &options_from(thrown.get("options").unwrap_or(&Value::Null)));
        return differs(&passed_through.text, s(expected, &["text"]), WHY_90);
    }
    if let Some(b) = def.get("returnsBuilder") {
        // A returned builder is a response. `branded` here is the pipeline's copy of
        // it (made in JS), not something the core decides; text and isError are.
        let chain = b.get("chain").and_then(Value::as_array).unwrap_or_default();
        let built = builder_from(s(b, &["code"]), s(b, &["message"]), chain).build();
        return compare_response(&built, expected, false);
    }
    Outcome::Fail(format!("pipeline vector {id} has an action shape this replay does not know"))
}

fn run_client_parse(input: &Value<'static>, expected: &Value<'static>) -> Outcome {
    let result = match input.get("response") {
        Some(response) => response.clone(),
        None => Value::Object(vec![
            (
                "content".into(),
                Value::Array(vec![Value::Object(vec![
                    ("type".into(), Value::str("text")),
                    ("text".into(), Value::str(s(input, &["text"]))),
                ])]),
            ),
            ("isError".into(), input.get("isError").cloned().unwrap_or(Value::Null)),
        ]),
    };
    // Where the vector says how its text was built, our writer must build the same.
    if let Some(built_by) = input.get("builtBy") {
        let built = if let Some(te) = built_by.get("toolError") {
            tool_error(s(te, &["code"]), &options_from(te.get("options").unwrap_or(&Value::Null)))
        } else if let Some(e) = built_by.get("error") {
            error(s(e, &["message"]), e.get("code").and_then(Value::as_str))
        } else {
            return Outcome::Fail("unknown builtBy".into());
        };
        if built.text != s(input, &["text"]) {
            return Outcome::Fail(format!("builtBy text differs: {:?}", built.text));
        }
    }
    let parsed = parse_tool_error(&result);
    if expected.get("threw") == Some(&Value::Bool(false)) {
        return match parsed {
            None => Outcome::Pass,
            Some(p) => Outcome::Fail(format!("parsed a success: {p:?}")),
        };
    }
    let Some(p) = parsed else {
        return Outcome::Fail("no error parsed".into());
    };
    if p.validation.is_some() {
        // Our extension: the reference reads a <validation_error> as UNKNOWN with no
        // recovery. The message (the whole text), actions and severity stay its own.
        let same = p.message == s(expected, &["message"])
            && p.available_actions == strings(expected.get("availableActions"))
            && p.severity == s(expected, &["severity"])
            && p.raw == Some(&result);
        let ours = (p.code.as_text(), p.recovery.as_deref());
        let reference = (Some(s(expected, &["code"])), expected.get("recovery").and_then(Value::as_str));
        return if same && ours != reference {
            Outcome::DiffersByDesign(WHY_102)
        } else {
            Outcome::Fail(format!("validation_error parse: {p:?}"))
        };
    }
    let want_recovery = expected.get("recovery").and_then(Value::as_str);
    let checks = [
        (p.code == ParsedCode::Text(s(expected, &["code"]).to_owned()), "code"),
        (p.message == s(expected, &["message"]), "message"),
        (p.recovery.as_deref() == want_recovery, "recovery"),
        (p.available_actions == strings(expected.get("availableActions")), "availableActions"),
        (p.severity == s(expected, &["severity"]), "severity"),
        (p.raw == Some(&result), "raw"),
    ];
    match checks.iter().find(|(ok, _)| !ok) {
        Some((_, field)) => Outcome::Fail(format!("{field} differs: {p:?}")),
        None => Outcome::Pass,
    }
}

fn enrich_options(input: &Value<'static>) -> EnrichOptions {
    EnrichOptions {
        include_all_severities: input.get("includeAllSeverities") == Some(&Value::Bool(true)),
        max_deltas_per_error: input.get("maxDeltasPerError").and_then(number).map(max_deltas_from_js),
    }
}

fn run_contract(id: i64, input: &Value<'static>, expected: &Value<'static>) -> Outcome {
    let deltas = input.get("deltas").and_then(Value::as_array).unwrap_or_default();
    let got = enrich_validation_error(
        s(input, &["originalError"]),
        s(input, &["toolName"]),
        s(input, &["actionKey"]),
        deltas,
        &enrich_options(input),
    );
    let want = s(expected, &["enrichedError"]);
    if id == 113 {
        return differs(&got.xml, want, WHY_113);
    }
    let want_count = at(expected, &["deltaCount"]).and_then(Value::as_f64).unwrap_or(-1.0);
    if got.xml != want {
        Outcome::Fail(format!("enrichedError\n  got:      {:?}\n  expected: {want:?}", got.xml))
    } else if Some(&Value::Bool(got.injected)) != expected.get("injected") {
        Outcome::Fail(format!("injected {}", got.injected))
    } else if got.delta_count as f64 != want_count {
        Outcome::Fail(format!("deltaCount {}", got.delta_count))
    } else {
        Outcome::Pass
    }
}

fn run(v: &Value<'static>) -> Outcome {
    let id = v.get("id").and_then(Value::as_f64).unwrap_or(-1.0) as i64;
    let kind = s(v, &["kind"]);
    let input = v.get("input").unwrap_or(&Value::Null);
    let expected = v.get("expected").unwrap_or(&Value::Null);
    match kind {
        "toolError" => {
            let r = tool_error(s(input, &["code"]), &options_from(input.get("options").unwrap_or(&Value::Null)));
            compare_response(&r, expected, true)
        }
        "error" => {
            compare_response(&error(s(input, &["message"]), input.get("code").and_then(Value::as_str)), expected, true)
        }
        "required" => compare_response(&required(s(input, &["field"])), expected, true),
        "escape" => {
            let text = s(input, &["text"]);
            if escape_content(text) == s(expected, &["content"]) && escape_attr(text) == s(expected, &["attr"]) {
                Outcome::Pass
            } else {
                Outcome::Fail(format!("{:?} / {:?}", escape_content(text), escape_attr(text)))
            }
        }
        "builder" => {
            let chain = input.get("chain").and_then(Value::as_array).unwrap_or_default();
            compare_response(&builder_from(s(input, &["code"]), s(input, &["message"]), chain).build(), expected, true)
        }
        "validation" => {
            let issues = expected.get("issues").and_then(Value::as_array).unwrap_or_default();
            let got = format_validation_error(issues, s(input, &["actionKey"]), input.get("args"));
            let want = s(expected, &["text"]);
            if got == want {
                Outcome::Pass
            } else {
                Outcome::Fail(format!("\n  got:      {got:?}\n  expected: {want:?}"))
            }
        }
        "pipeline" => run_pipeline(id, input, expected),
        "create_group" => {
            let group = s(input, &["name"]);
            let action = s(input, &["action"]);
            let actions = input.get("actions").and_then(Value::as_object).unwrap_or_default();
            let names: Vec<&str> = actions.iter().map(|(k, _)| k.as_ref()).collect();
            let response = match actions.iter().find(|(k, _)| k == action) {
                None => group_unknown_action(group, action, &names),
                Some((_, def)) if def.get("schema").is_some() => {
                    group_validation_error(group, action, &zod3_issues(id), 0)
                }
                Some(_) => return Outcome::Fail("createGroup vector without an error path".into()),
            };
            compare_response(&response, expected, true)
        }
        "fluent_tool" => {
            // The builder the handler returned, with the suggestion its JSON shows.
            let built = error_builder(s(input, &["code"]), s(input, &["message"])).suggest("s").build();
            differs(&built.text, s(expected, &["text"]), WHY_92)
        }
        "client_parse" => run_client_parse(input, expected),
        "contract_awareness" => run_contract(id, input, expected),
        "deltas_xml" => {
            let deltas = input.get("deltas").and_then(Value::as_array).unwrap_or_default();
            let got = format_deltas_xml(deltas);
            if got == s(expected, &["text"]) {
                Outcome::Pass
            } else {
                Outcome::Fail(format!("{got:?}"))
            }
        }
        other => Outcome::Fail(format!("kind {other} has no replay")),
    }
}

#[test]
fn every_fusion_vector_replays() {
    let vectors = load();
    assert_eq!(vectors.len(), 93, "fusion.json holds 93 vectors");
    // kind -> (total, passed, differing by design)
    let mut counts: BTreeMap<String, (usize, usize, Vec<String>)> = BTreeMap::new();
    let mut failures = Vec::new();
    for v in &vectors {
        let id = v.get("id").and_then(Value::as_f64).unwrap_or(-1.0);
        let kind = s(v, &["kind"]).to_owned();
        let entry = counts.entry(kind.clone()).or_default();
        entry.0 += 1;
        match run(v) {
            Outcome::Pass => entry.1 += 1,
            Outcome::DiffersByDesign(why) => entry.2.push(format!("#{id} ({why})")),
            Outcome::Fail(why) => failures.push(format!("#{id} {kind}: {why}")),
        }
    }
    let mut passed_total = 0;
    for (kind, (total, passed, by_design)) in &counts {
        passed_total += passed;
        if by_design.is_empty() {
            println!("fusion {kind}: {passed}/{total}");
        } else {
            println!("fusion {kind}: {passed}/{total}, {} differ by design: {}", by_design.len(), by_design.join(", "));
        }
    }
    println!("fusion total: {passed_total}/{}", vectors.len());
    assert!(failures.is_empty(), "failing vectors:\n{}", failures.join("\n"));
    let by_design: usize = counts.values().map(|c| c.2.len()).sum();
    assert_eq!(passed_total + by_design, vectors.len());
    assert_eq!(by_design, 4, "exactly the three known reference bugs and the validation_error parse differ");
}

#[test]
fn vector_102_differs_because_a_validation_error_is_read_with_its_code_recovery_and_fields() {
    let v = vector(102);
    let text = s(&v, &["input", "text"]);
    assert_eq!(s(&v, &["expected", "code"]), "UNKNOWN");
    assert_eq!(at(&v, &["expected", "recovery"]), Some(&Value::Null));
    let p = parse_tool_error_text(text);
    assert_eq!(p.code, ParsedCode::Text("VALIDATION_ERROR".into()));
    assert_eq!(p.recovery.as_deref(), Some("Fix the fields above and call the tool again. Do not explain the error."));
    // The message is the reference's: the whole text.
    assert_eq!(p.message, s(&v, &["expected", "message"]));
    let validation = p.validation.expect("read as a validation error");
    assert_eq!(validation.action, "users/create");
    assert_eq!(validation.more_issues, 0);
    assert_eq!(
        validation.fields,
        vec![ParsedField {
            name: "age".into(),
            message: "Expected number, received string You sent: 'x'. Expected type: number.".into()
        }]
    );
}

/// `<field name="N">M</field>` lines of a validation text, read line by line and
/// decoded with the five entities: an oracle independent of the parser.
fn field_lines(text: &str) -> Vec<(String, String)> {
    let decode = |s: &str| {
        s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&apos;", "'").replace("&amp;", "&")
    };
    text.split('\n')
        .filter_map(|line| {
            let rest = line.strip_prefix("<field name=\"")?;
            let (name, rest) = rest.split_once("\">")?;
            let message = rest.strip_suffix("</field>")?;
            Some((decode(name), decode(message)))
        })
        .collect()
}

#[test]
fn every_validation_vector_parses_back_one_entry_per_field() {
    let mut checked = 0;
    for v in load() {
        let Some(text) = at(&v, &["expected", "text"]).and_then(Value::as_str) else {
            continue;
        };
        if !text.starts_with("<validation_error") {
            continue;
        }
        let id = v.get("id").and_then(Value::as_f64).unwrap_or(-1.0);
        let result = Value::Object(vec![
            (
                "content".into(),
                Value::Array(vec![Value::Object(vec![
                    ("type".into(), Value::str("text")),
                    ("text".into(), Value::str(text)),
                ])]),
            ),
            ("isError".into(), Value::Bool(true)),
        ]);
        let p = parse_tool_error(&result).unwrap_or_else(|| panic!("#{id} parses"));
        assert_eq!(p.code, ParsedCode::Text("VALIDATION_ERROR".into()), "#{id}");
        assert_eq!(p.recovery.as_deref(), Some(VALIDATION_RECOVERY), "#{id}");
        assert_eq!(p.message, text, "#{id}");
        let validation = p.validation.unwrap_or_else(|| panic!("#{id} has fields"));
        let fields: Vec<(String, String)> =
            validation.fields.iter().map(|f| (f.name.clone(), f.message.clone())).collect();
        let lines = field_lines(text);
        assert!(!lines.is_empty(), "#{id}");
        assert_eq!(fields, lines, "#{id}");
        let action = text.strip_prefix("<validation_error action=\"").and_then(|r| r.split_once('"')).map(|(a, _)| a);
        assert_eq!(Some(validation.action.as_str()), action, "#{id}");
        // Where the vector records its issues, each field is one issue's path and message.
        if let Some(issues) = at(&v, &["expected", "issues"]).and_then(Value::as_array) {
            assert_eq!(issues.len(), fields.len(), "#{id}");
            for (issue, (name, message)) in issues.iter().zip(&fields) {
                let path: Vec<String> =
                    issue.get("path").and_then(Value::as_array).unwrap_or_default().iter().map(js_string).collect();
                let want = if path.is_empty() { "(root)".to_owned() } else { path.join(".") };
                assert_eq!(name, &want, "#{id}");
                assert!(message.starts_with(&format!("{} You sent: ", s(issue, &["message"]))), "#{id}: {message}");
            }
        }
        checked += 1;
    }
    assert_eq!(checked, 22, "16 validation vectors and 6 pipeline rejections");
}

#[test]
fn the_validation_result_is_the_pipelines_unbranded_error() {
    let v = vector(77);
    let sent = without_key(at(&v, &["input", "args"]).expect("args"), "action");
    let response =
        ValidationInput { total: 2, ..ValidationInput::new(&zod3_issues(77), "test/create", Some(&sent)) }.response();
    assert_eq!(response.text, s(&v, &["expected", "text"]));
    assert!(response.is_error);
    assert!(!response.branded);
    // A prefix of the issues and their total: the rest are counted, not rendered.
    let more = ValidationInput { total: 5, ..ValidationInput::new(&zod3_issues(77)[..1], "test/create", Some(&sent)) }
        .response();
    let p = parse_tool_error_text(&more.text);
    let validation = p.validation.expect("fields");
    assert_eq!(validation.fields.len(), 1);
    assert_eq!(validation.more_issues, 4);
}

#[test]
fn vector_90_differs_because_a_thrown_branded_tool_error_passes_through_instead_of_becoming_object_object() {
    let v = vector(90);
    let thrown = at(&v, &["input", "actions"])
        .and_then(Value::as_array)
        .and_then(|a| a.first())
        .and_then(|a| a.get("throwsToolError"));
    let thrown = thrown.expect("the thrown toolError");
    let ours = tool_error(s(thrown, &["code"]), &options_from(thrown.get("options").unwrap_or(&Value::Null)));
    let reference = s(&v, &["expected", "text"]);
    assert!(reference.contains("[object Object]"));
    assert_ne!(ours.text, reference);
    assert_eq!(ours.text, "<tool_error code=\"NOT_FOUND\" severity=\"error\">\n<message>x</message>\n</tool_error>");
    assert!(ours.branded, "a branded response is what the JS layer lets through");
}

#[test]
fn vector_92_differs_because_a_returned_error_builder_is_an_error_response_not_json_success() {
    let v = vector(92);
    let reference = s(&v, &["expected", "text"]);
    assert_eq!(at(&v, &["expected", "isError"]), Some(&Value::Null), "the reference sent it as a success");
    let ours = error_builder(s(&v, &["input", "code"]), s(&v, &["input", "message"])).suggest("s").build();
    assert_ne!(ours.text, reference);
    assert!(ours.is_error);
    // What the reference serialised is the builder itself; its cached content is
    // the envelope a builder stands for, and that is exactly what we return.
    let serialised = Value::parse_json(reference).expect("the reference text is the builder as JSON");
    let cached = at(&serialised, &["_cached", "content"]).and_then(Value::as_array).and_then(|c| c.first());
    assert_eq!(cached.and_then(|c| c.get("text")).and_then(Value::as_str), Some(ours.text.as_str()));
}

#[test]
fn vector_113_differs_because_actions_listing_is_not_action_list() {
    let v = vector(113);
    let input = v.get("input").expect("input");
    let deltas = input.get("deltas").and_then(Value::as_array).unwrap_or_default();
    let ours = enrich_validation_error(s(input, &["originalError"]), "users", "list", deltas, &enrich_options(input));
    let reference = s(&v, &["expected", "enrichedError"]);
    assert!(reference.contains("field=\"actions.listing.x\""), "the reference injects another action's change");
    assert_ne!(ours.xml, reference);
    assert!(!ours.xml.contains("actions.listing.x"));
    assert!(!ours.xml.contains("actions.delete.readOnly"));
    assert_eq!(ours.delta_count, 1);
    // Otherwise the section is the reference's, minus the foreign change.
    let foreign = "    <change severity=\"BREAKING\" field=\"actions.listing.x\">\n      <description>Presenter egress schema changed</description>\n      <before>old-digest</before>\n    </change>\n";
    let expected =
        reference.replace(foreign, "").replace("<change_count>2</change_count>", "<change_count>1</change_count>");
    assert_eq!(ours.xml, expected);
}

#[test]
fn max_severity_is_the_highest_injected_not_the_first_unlike_the_reference() {
    // Vector 113's deltas, with the third made tool-wide so it is injected after a RISKY
    // one: the reference would print the first (RISKY); the maximum is BREAKING.
    let v = vector(113);
    let input = v.get("input").expect("input");
    let mut deltas = input.get("deltas").and_then(Value::as_array).unwrap_or_default().to_vec();
    if let Some(Value::Object(entries)) = deltas.get_mut(2) {
        for (k, val) in entries.iter_mut() {
            if k == "field" {
                *val = Value::str("egressSchemaDigest");
            }
        }
    }
    let ours = enrich_validation_error(
        "<validation_error>x</validation_error>",
        "users",
        "list",
        &deltas,
        &EnrichOptions::default(),
    );
    assert_eq!(ours.delta_count, 2);
    assert!(ours.xml.contains("<max_severity>BREAKING</max_severity>"));
    let reference_style =
        ours.xml.replace("<max_severity>BREAKING</max_severity>", "<max_severity>RISKY</max_severity>");
    assert_ne!(ours.xml, reference_style);
}

#[test]
fn contract_awareness_escapes_tool_and_action_names_unlike_the_reference() {
    // Vector 107 with names that need escaping. The reference writes them raw, which
    // is not well-formed XML (`<b>` opens an element that never closes).
    let v = vector(107);
    let input = v.get("input").expect("input");
    let deltas = input.get("deltas").and_then(Value::as_array).unwrap_or_default();
    let (tool, action) = ("a\"<b>&", "l<i>st");
    let ours = enrich_validation_error(s(input, &["originalError"]), tool, action, deltas, &EnrichOptions::default());
    let reference_style = s(&v, &["expected", "enrichedError"])
        .replace("tool \"users\"", &format!("tool \"{tool}\""))
        .replace("<action>list</action>", &format!("<action>{action}</action>"));
    assert_ne!(ours.xml, reference_style);
    let escaped = s(&v, &["expected", "enrichedError"])
        .replace("tool \"users\"", "tool \"a\"&lt;b>&amp;\"")
        .replace("<action>list</action>", "<action>l&lt;i>st</action>");
    assert_eq!(ours.xml, escaped);
    assert!(!ours.xml.contains("<b>") && !ours.xml.contains("<i>"));
}

#[test]
fn the_json_rpc_dialect_parses_through_the_same_entry_point() {
    let result = Value::parse_json(
        r#"{"content":[{"type":"text","text":"Error: Invalid id element.\n\nRecovery: Submit one identifier per `ids` element."}],"isError":true,"structuredContent":{"error":{"code":-32007,"message":"Invalid id element.","data":{"reason":"malformed_id","recovery":{"hint":"Submit one identifier per `ids` element."}}}}}"#,
    )
    .expect("json");
    let parsed = parse_tool_error(&result).expect("an error");
    assert_eq!(parsed.code, ParsedCode::Number(-32007.0));
    assert_eq!(parsed.message, "Invalid id element.");
    assert_eq!(parsed.recovery.as_deref(), Some("Submit one identifier per `ids` element."));
    assert!(parsed.available_actions.is_empty());
    assert_eq!(parsed.severity, "error");
    assert_eq!(parsed.raw, Some(&result));
}

fn cap_issue(path: Vec<Value<'static>>, message: &str) -> Value<'static> {
    Value::Object(vec![
        ("code".into(), Value::str("custom")),
        ("path".into(), Value::Array(path)),
        ("message".into(), Value::str(message)),
    ])
}

#[test]
fn validation_errors_cap_what_the_model_sent_unlike_the_reference() {
    // The reference writes every issue, message, segment and listed value whole.
    let many: Vec<Value<'static>> = (0..105).map(|i| cap_issue(vec![Value::str(format!("k{i}"))], "m")).collect();
    let text = format_validation_error(&many, "t/a", None);
    assert_eq!(text.matches("<field ").count(), 100);
    assert!(text.contains("<more_issues count=\"5\">5 more issues not shown.</more_issues>"), "{text}");
    let long = format_validation_error(&[cap_issue(vec![Value::str("x")], &"m".repeat(1010))], "t/a", None);
    assert!(long.contains(&format!(">{}... You sent: (missing).</field>", "m".repeat(997))), "{long}");
    let deep: Vec<Value<'static>> = (0..40).map(|i| Value::str(format!("s{i}"))).collect();
    let path = format_validation_error(&[cap_issue(deep, "m")], "t/a", None);
    let segments: Vec<String> = (0..32).map(|i| format!("s{i}")).collect();
    assert!(path.contains(&format!("<field name=\"{}.…\">", segments.join("."))), "{path}");
    let options: Vec<Value<'static>> = (0..55).map(|i| Value::str(format!("o{i}"))).collect();
    let enum_issue = Value::Object(vec![
        ("code".into(), Value::str("invalid_enum_value")),
        ("path".into(), Value::Array(vec![Value::str("e")])),
        ("message".into(), Value::str("Invalid")),
        ("options".into(), Value::Array(options)),
    ]);
    let listed = format_validation_error(&[enum_issue], "t/a", None);
    assert!(listed.contains("'o49' (and 5 more).</field>"), "{listed}");
}

#[test]
fn an_inherited_property_name_is_missing_where_the_reference_crashes() {
    // The reference walks the prototype chain to a function and JSON.stringify(fn).slice throws.
    let sent = Value::Object(vec![("a".into(), Value::str("x"))]);
    for key in ["constructor", "toString", "hasOwnProperty", "__proto__"] {
        let text = format_validation_error(&[cap_issue(vec![Value::str(key)], "m")], "t/a", Some(&sent));
        assert!(text.contains(&format!("<field name=\"{key}\">m You sent: (missing).</field>")), "{text}");
    }
}

#[test]
fn a_missing_required_field_named_like_an_object_method_is_missing_where_the_reference_throws() {
    // `z.object({ constructor: z.string() })` given `{}`: Zod 4.6.7 raises this issue (it
    // reads the inherited function). MCP Fusion's Zod 4 formatter (ValidationErrorFormatter.ts
    // @ 71a95393) resolves `args.constructor` to that function, and `JSON.stringify(fn)` is
    // undefined: `.slice` throws "Cannot read properties of undefined (reading 'slice')".
    let sent = Value::Object(Vec::new());
    for key in ["constructor", "toString", "hasOwnProperty"] {
        let issue = Value::Object(vec![
            ("expected".into(), Value::str("string")),
            ("code".into(), Value::str("invalid_type")),
            ("path".into(), Value::Array(vec![Value::str(key)])),
            ("message".into(), Value::str("Invalid input: expected string, received function")),
        ]);
        let text = format_validation_error(&[issue], "t/a", Some(&sent));
        let want = format!(
            "<field name=\"{key}\">Invalid input: expected string, received function You sent: (missing). Expected type: string.</field>"
        );
        assert!(text.contains(&want), "{text}");
    }
}
