#![cfg(not(target_arch = "wasm32"))]
//! Replays `tests/conformance-own/fusion-source.json`: vectors of our own, each written
//! from what MCP Fusion's source does (the `source` of every entry names the file and
//! commit it was read from) where the shared vectors are silent. Byte for byte.

use mcp_envelope::client::xml::parse_tool_error_text;
use mcp_envelope::client::ParsedCode;
use mcp_envelope::value::Value;
use mcp_envelope::xml::issue_suggestion;
use mcp_envelope::xml::InternalErrorLocation;
use mcp_envelope::xml::{
    enrich_validation_error, error, format_deltas_xml, format_validation_error, group_validation_error, internal_error,
    EnrichOptions,
};

const VECTORS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/conformance-own/fusion-source.json");

fn load() -> Vec<Value<'static>> {
    let text = std::fs::read_to_string(VECTORS).expect("fusion-source.json is readable");
    match Value::parse_json(&text) {
        Ok(Value::Array(items)) => items,
        _ => panic!("fusion-source.json is a JSON array"),
    }
}

fn at<'v>(v: &'v Value<'static>, path: &[&str]) -> Option<&'v Value<'static>> {
    path.iter().try_fold(v, |v, key| v.get(key))
}

fn text<'v>(v: &'v Value<'static>, path: &[&str]) -> &'v str {
    at(v, path).and_then(Value::as_str).unwrap_or_else(|| panic!("string at {path:?}"))
}

fn optional_text(v: Option<&Value<'static>>) -> Option<String> {
    v.and_then(Value::as_str).map(str::to_owned)
}

fn replay(v: &Value<'static>) -> Result<(), String> {
    let kind = text(v, &["kind"]);
    let input = v.get("input").expect("input");
    let expected = v.get("expected").expect("expected");
    let mismatch = |got: &dyn std::fmt::Debug, want: &dyn std::fmt::Debug| Err(format!("got {got:?}\nwant {want:?}"));
    match kind {
        "suggestion" => {
            let got = issue_suggestion(input.get("issue").expect("issue"));
            let want = optional_text(expected.get("suggestion"));
            if got != want {
                return mismatch(&got, &want);
            }
        }
        "validation" => {
            let issues = at(input, &["issues"]).and_then(Value::as_array).unwrap_or_default();
            let got = format_validation_error(issues, text(input, &["actionKey"]), input.get("sentArgs"));
            if got != text(expected, &["text"]) {
                return mismatch(&got, &text(expected, &["text"]));
            }
        }
        "group_validation" => {
            let issues = at(input, &["issues"]).and_then(Value::as_array).unwrap_or_default();
            let got = group_validation_error(text(input, &["group"]), text(input, &["action"]), issues, 0).text;
            if got != text(expected, &["text"]) {
                return mismatch(&got, &text(expected, &["text"]));
            }
        }
        "error" => {
            let code = optional_text(input.get("code"));
            let got = error(text(input, &["message"]), code.as_deref()).text;
            if got != text(expected, &["text"]) {
                return mismatch(&got, &text(expected, &["text"]));
            }
        }
        "internal_error" => {
            // `message` is what the reference's catch makes of `thrown`; the JS layer's
            // reading of the thrown value itself is replayed by js-tests/xml-internal-error.test.mjs.
            let got = internal_error(
                text(input, &["message"]),
                &InternalErrorLocation::new(text(input, &["tool"]), Some(text(input, &["action"]))),
            )
            .text;
            if got != text(expected, &["text"]) {
                return mismatch(&got, &text(expected, &["text"]));
            }
        }
        "parse" => {
            let p = parse_tool_error_text(text(input, &["text"]));
            let actions: Vec<String> = at(expected, &["availableActions"])
                .and_then(Value::as_array)
                .unwrap_or_default()
                .iter()
                .filter_map(|a| a.as_str().map(str::to_owned))
                .collect();
            let got = (p.code, p.message, p.recovery, p.available_actions, p.severity);
            let want = (
                ParsedCode::Text(text(expected, &["code"]).to_owned()),
                text(expected, &["message"]).to_owned(),
                optional_text(expected.get("recovery")),
                actions,
                text(expected, &["severity"]).to_owned(),
            );
            if got != want {
                return mismatch(&got, &want);
            }
        }
        "deltas_xml" => {
            let deltas = at(input, &["deltas"]).and_then(Value::as_array).unwrap_or_default();
            let got = format_deltas_xml(deltas);
            if got != text(expected, &["xml"]) {
                return mismatch(&got, &text(expected, &["xml"]));
            }
        }
        "contract_awareness" => {
            let deltas = at(input, &["deltas"]).and_then(Value::as_array).unwrap_or_default();
            let got = enrich_validation_error(
                text(input, &["xml"]),
                text(input, &["tool"]),
                text(input, &["action"]),
                deltas,
                &EnrichOptions::default(),
            )
            .xml;
            if got != text(expected, &["xml"]) {
                return mismatch(&got, &text(expected, &["xml"]));
            }
        }
        other => return Err(format!("unknown kind {other}")),
    }
    Ok(())
}

#[test]
fn every_own_fusion_vector_matches_the_reference_source() {
    let vectors = load();
    assert!(vectors.len() > 100, "{} vectors", vectors.len());
    let mut failures = Vec::new();
    for v in &vectors {
        assert!(
            text(v, &["source"]).contains(" @ ") || text(v, &["source"]).contains("index id"),
            "source names a commit"
        );
        if let Err(why) = replay(v) {
            failures.push(format!(
                "#{} {}: {why}",
                at(v, &["id"]).map(Value::to_json).unwrap_or_default(),
                text(v, &["kind"])
            ));
        }
    }
    assert!(failures.is_empty(), "{} of {} differ:\n{}", failures.len(), vectors.len(), failures.join("\n"));
    println!("fusion-source: {} of {} vectors match", vectors.len(), vectors.len());
}
