#![cfg(target_arch = "wasm32")]
//! The raw exports, run in Node by wasm-bindgen-test-runner: every input returns a
//! value, and the instance keeps working afterwards.

use mcp_envelope::wasm::{canonical_tool_error_codes, classify_read, code_table, http_status_to_error_code, request_id};
use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
fn classify_read_handles_every_kind_and_code() {
    assert_eq!(classify_read(0, f64::NAN, "Error", "status code 429", false), -32003);
    assert_eq!(classify_read(1, -32001.0, "McpError", "x", false), -32001);
    assert_eq!(classify_read(1, f64::NAN, "McpError", "not found", false), -32603);
    assert_eq!(classify_read(1, 1e300, "McpError", "x", false), -32603);
    assert_eq!(classify_read(1, -32001.5, "McpError", "x", false), -32603);
    assert_eq!(classify_read(2, f64::NAN, "McpError", "aborted", false), -32011);
    assert_eq!(classify_read(255, f64::NAN, "Error", "timed out", true), -32011);
}

#[wasm_bindgen_test]
fn huge_and_odd_text_is_bounded_and_survives() {
    let huge = "é".repeat(1 << 20) + " not found";
    assert_eq!(classify_read(0, f64::NAN, "Error", &huge, false), -32603);
    assert_eq!(classify_read(0, f64::NAN, "\u{fffd}\u{0}", "\u{fffd}not found\u{0}", false), -32001);
    // Still working after the large call.
    assert_eq!(classify_read(0, f64::NAN, "Error", "ECONNREFUSED", false), -32000);
}

#[wasm_bindgen_test]
fn tables_and_ids() {
    assert_eq!(code_table().lines().count(), 19);
    assert!(code_table().contains("-32011 RequestCancelled client"));
    assert_eq!(canonical_tool_error_codes().len(), 17);
    assert_eq!(http_status_to_error_code(f64::NAN), None);
    assert_eq!(http_status_to_error_code(429.0), Some(-32003));
    let id = request_id().unwrap_or_default();
    assert_eq!(id.len(), 11);
    assert_ne!(request_id().unwrap_or_default(), id);
}

#[wasm_bindgen_test]
fn tscore_classify_and_http_status_vectors_inside_wasm() {
    let all: Vec<serde_json::Value> =
        serde_json::from_str(include_str!("conformance/tscore.json")).unwrap_or_default();
    let mut replayed = 0;
    for v in &all {
        match v["kind"].as_str() {
            Some("classify") => {
                let name = v["input"]["name"].as_str().unwrap_or_default();
                let message = v["input"]["message"].as_str().unwrap_or_default();
                let want = v["expected"]["code"].as_i64().unwrap_or_default();
                assert_eq!(i64::from(classify_read(0, f64::NAN, name, message, false)), want, "{}", v["id"]);
            }
            Some("httpStatus") => {
                let status = v["input"].as_f64().unwrap_or(f64::NAN);
                let want = v["expected"].get("code").and_then(serde_json::Value::as_i64);
                assert_eq!(http_status_to_error_code(status).map(i64::from), want, "{}", v["id"]);
            }
            _ => continue,
        }
        replayed += 1;
    }
    assert_eq!(replayed, 44);
}
