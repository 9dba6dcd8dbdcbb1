#![cfg(not(target_arch = "wasm32"))]
//! Replays `tests/conformance-own/tscore-source.json`: vectors of our own for the
//! JSON-RPC dialect, each written from what mcp-ts-core's newest source does (the
//! `source` of every entry names the file, its index id, and the function read) where
//! the shared vectors (tests/conformance/tscore.json) are silent. Byte for byte.
//!
//! Kinds: `validation` (an argument rejection: `issues`, `args` — left out when the
//! call sent none — an optional `jsonSchema` and pre-validation `input`) and
//! `logCategory` (the category a failure's log record files under). Every `expected`
//! field is checked; one this file does not know fails the vector.

use mcp_envelope::jsonrpc::{
    error_result, format_validation, log_record, ErrorResultOptions, Failure, LogOptions, PreValidation, ThrownError,
    ValidationOptions, MESSAGE_PREFIX,
};
use mcp_envelope::value::Value;

const VECTORS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/conformance-own/tscore-source.json");

fn load() -> Vec<Value<'static>> {
    let text = std::fs::read_to_string(VECTORS).expect("tscore-source.json is readable");
    match Value::parse_json(&text) {
        Ok(Value::Array(items)) => items,
        _ => panic!("tscore-source.json is a JSON array"),
    }
}

fn text<'v>(v: &'v Value<'static>, key: &str) -> &'v str {
    v.get(key).and_then(Value::as_str).unwrap_or_else(|| panic!("string at {key:?}"))
}

fn replay(v: &Value<'static>) -> Vec<String> {
    let input = v.get("input").expect("input");
    let expected = v.get("expected").and_then(Value::as_object).expect("expected");
    let mut failures = Vec::new();
    let check = |failures: &mut Vec<String>, what: &str, got: Option<&str>, want: &Value<'static>| {
        if got != want.as_str() {
            failures.push(format!("{what}:\n   got {got:?}\n  want {:?}", want.as_str()));
        }
    };
    match text(v, "kind") {
        "validation" => {
            let tool = text(input, "tool");
            let issues = input.get("issues").and_then(Value::as_array).expect("issues");
            let pre = input.get("input").map(PreValidation::from_value);
            let opts = ValidationOptions {
                tool,
                args: input.get("args"),
                schema: input.get("jsonSchema"),
                input: pre.as_ref(),
            };
            let error = format_validation(issues, &opts);
            let result = error_result(
                &ThrownError::from(&error),
                &ErrorResultOptions { request_id: Some("R"), ..Default::default() },
            );
            let hint =
                error.data.as_ref().and_then(|d| d.get("recovery")).and_then(|r| r.get("hint")).and_then(Value::as_str);
            let prefix = format!("{MESSAGE_PREFIX}{tool}: ");
            for (key, want) in expected {
                match key.as_ref() {
                    "detail" => check(&mut failures, "detail", error.message.strip_prefix(&prefix), want),
                    "message" => check(&mut failures, "message", Some(&error.message), want),
                    "hint" => check(&mut failures, "hint", hint, want),
                    "text" => check(&mut failures, "text", Some(&result.text), want),
                    "textHasRecoveryLine" => {
                        let has = result.text.contains("\n\nRecovery: ");
                        if Some(has) != want.as_bool() {
                            failures.push(format!("textHasRecoveryLine: got {has} in {:?}", result.text));
                        }
                    }
                    other => failures.push(format!("expected field {other:?} is not checked")),
                }
            }
        }
        "logCategory" => {
            let code = input.get("code").and_then(Value::as_f64).expect("code");
            #[allow(clippy::cast_possible_truncation)]
            let thrown = ThrownError::Mcp { code: code as i32, message: "m", data: input.get("data") };
            let options = LogOptions { tool: Some("t"), ..Default::default() };
            let record = log_record(&thrown, &Failure::default(), &options);
            for (key, want) in expected {
                match key.as_ref() {
                    "category" => check(&mut failures, "category", Some(record.category.as_str()), want),
                    other => failures.push(format!("expected field {other:?} is not checked")),
                }
            }
        }
        other => failures.push(format!("unknown kind {other}")),
    }
    failures
}

#[test]
fn every_own_tscore_vector_matches_the_reference_source() {
    let vectors = load();
    assert!(vectors.len() >= 30, "{} vectors", vectors.len());
    let mut failures = Vec::new();
    for v in &vectors {
        let source = text(v, "source");
        assert!(
            source.starts_with("cyanheads/mcp-ts-core ") && source.contains("index id"),
            "{source}: names the file and the index id"
        );
        for why in replay(v) {
            failures.push(format!("{} {why}", text(v, "id")));
        }
    }
    assert!(failures.is_empty(), "{} failures of {} vectors:\n{}", failures.len(), vectors.len(), failures.join("\n"));
    println!("tscore-source: {} of {} vectors match", vectors.len(), vectors.len());
}

#[test]
fn vector_ids_are_unique() {
    let vectors = load();
    let mut ids: Vec<&str> = vectors.iter().map(|v| text(v, "id")).collect();
    ids.sort_unstable();
    let before = ids.len();
    ids.dedup();
    assert_eq!(ids.len(), before, "a vector id repeats");
}
