#![cfg(target_arch = "wasm32")]
//! The raw exports, run in Node by wasm-bindgen-test-runner: every input returns a
//! value, and the instance keeps working afterwards.

use mcp_envelope::wasm::{
    canonical_tool_error_codes, classify_causes, classify_read, code_table, http_status_to_error_code, problem_read,
    request_id,
};
use wasm_bindgen_test::wasm_bindgen_test;

/// What `classify` in the JS layer does: the value's own steps, then its chain on 0.
fn full(kind: u8, code: f64, code_text: Option<&str>, name: &str, message: &str, chain: Option<&str>) -> i32 {
    match classify_read(kind, code, code_text.map(str::to_owned), name, message, false, None, true, 0) {
        0 => classify_causes(chain.map(str::to_owned)),
        code => code,
    }
}

#[wasm_bindgen_test]
fn classify_read_handles_every_kind_and_code() {
    assert_eq!(classify_read(0, f64::NAN, None, "Error", "status code 429", false, None, true, 0), -32003);
    assert_eq!(classify_read(1, -32001.0, None, "McpError", "x", false, None, true, 0), -32001);
    assert_eq!(classify_read(1, f64::NAN, None, "McpError", "not found", false, None, true, 0), -32603);
    assert_eq!(classify_read(1, 1e300, None, "McpError", "x", false, None, true, 0), -32603);
    assert_eq!(classify_read(1, -32001.5, None, "McpError", "x", false, None, true, 0), -32603);
    assert_eq!(classify_read(1, f64::NAN, Some("NOT_FOUND".into()), "McpError", "x", false, None, true, 0), -32603);
    assert_eq!(classify_read(0, -32000.0, None, "McpError", "aborted", false, None, true, 0), -32011);
    assert_eq!(
        classify_read(0, f64::NAN, Some("CONNECTION_CLOSED".into()), "SdkError", "aborted", false, None, true, 0),
        -32011
    );
    assert_eq!(classify_read(255, f64::NAN, None, "Error", "timed out", true, None, true, 0), -32011);
    // Nothing better than InternalError from the value itself: 0, and the chain decides.
    assert_eq!(classify_read(0, f64::NAN, None, "TypeError", "fetch failed", false, None, true, 0), 0);
    assert_eq!(classify_causes(None), -32603);
}

#[wasm_bindgen_test]
fn a_chain_read_beforehand_is_classified_in_the_same_call() {
    let refused = "\0sECONNREFUSED\0Error\0connect ECONNREFUSED 127.0.0.1:1";
    assert_eq!(
        classify_read(0, f64::NAN, None, "TypeError", "fetch failed", false, Some(refused.into()), false, 0),
        -32000
    );
    // No cause at all: InternalError at once, not 0; or the value's own code string alone.
    assert_eq!(classify_read(0, f64::NAN, None, "TypeError", "fetch failed", false, None, false, 0), -32603);
    let own = classify_read(0, f64::NAN, Some("ECONNREFUSED".into()), "Error", "x", false, None, false, 0);
    assert_eq!(own, full(0, f64::NAN, Some("ECONNREFUSED"), "Error", "x", Some("sECONNREFUSED")));
    assert_eq!(own, -32000);
    // The value's own fields decide before any chain.
    assert_eq!(
        classify_read(0, f64::NAN, None, "Error", "status code 429", false, Some(refused.into()), false, 0),
        -32003
    );
}

#[wasm_bindgen_test]
fn classify_causes_follows_the_code_string_and_the_chain() {
    assert_eq!(full(0, f64::NAN, Some("ECONNRESET"), "Error", "socket hang up", Some("sECONNRESET")), -32000);
    let refused = "\0sECONNREFUSED\0Error\0connect ECONNREFUSED 127.0.0.1:1";
    assert_eq!(full(0, f64::NAN, None, "TypeError", "fetch failed", Some(refused)), -32000);
    assert_eq!(full(0, f64::NAN, None, "TypeError", "fetch failed", None), -32603);
    assert_eq!(full(0, -32001.0, None, "McpError", "x", None), -32004);
    assert_eq!(full(0, f64::NAN, Some("REQUEST_TIMEOUT"), "SdkError", "x", Some("sREQUEST_TIMEOUT")), -32004);
    assert_eq!(full(0, f64::NAN, None, "Error", "x", Some("\0m-32005\0McpError\0x")), -32005);
    assert_eq!(full(0, f64::NAN, None, "Error", "x", Some("\0\0\0\0\0\0")), -32603);
}

#[wasm_bindgen_test]
fn huge_and_odd_text_is_bounded_and_survives() {
    let huge = "é".repeat(1 << 20) + " not found";
    assert_eq!(full(0, f64::NAN, None, "Error", &huge, None), -32603);
    assert_eq!(full(0, f64::NAN, None, "Error", "x", Some(&format!("\0\0Error\0{huge}"))), -32603);
    assert_eq!(
        classify_read(0, f64::NAN, None, "\u{fffd}\u{0}", "\u{fffd}not found\u{0}", false, None, true, 0),
        -32001
    );
    // Still working after the large call.
    assert_eq!(classify_read(0, f64::NAN, None, "Error", "ECONNREFUSED", false, None, true, 0), -32000);
    // A plain object's HTTP status (its code as problemRead maps it) decides ahead of the text, after an abort.
    assert_eq!(
        classify_read(0, f64::NAN, None, "objectEncountered", "rate limit exceeded", false, None, true, -32001),
        -32001
    );
    assert_eq!(classify_read(0, f64::NAN, None, "objectEncountered", "x", true, None, true, -32001), -32011);
    assert!(
        problem_read(r#"{"status":503,"detail":"upstream down"}"#) == r#"{"message":"upstream down","code":-32000}"#
    );
    assert!(problem_read("not json") == r#"{"message":"","code":0}"#);
}

#[wasm_bindgen_test]
fn tables_and_ids() {
    assert_eq!(code_table().lines().count(), 19);
    assert!(code_table().contains("-32011 RequestCancelled client"));
    assert_eq!(canonical_tool_error_codes().len(), 17);
    assert_eq!(http_status_to_error_code(f64::NAN), None);
    assert_eq!(http_status_to_error_code(429.0), Some(-32003));
    // 252..=255 are rejected (no modulo bias); the others map onto A-Z0-9 modulo 36.
    let bytes: Vec<u8> = [252, 253, 254, 255].into_iter().chain(36..64).collect();
    assert_eq!(request_id(&bytes).unwrap_or_default(), "ABCDE-FGHIJ");
    let id = request_id(&[]).unwrap_or_default();
    assert_eq!(id.len(), 11);
    assert_ne!(request_id(&[]).unwrap_or_default(), id);
}

#[wasm_bindgen_test]
fn tscore_classify_and_http_status_vectors_inside_wasm() {
    let all: Vec<serde_json::Value> = serde_json::from_str(include_str!("conformance/tscore.json")).unwrap_or_default();
    let mut replayed = 0;
    for v in &all {
        match v["kind"].as_str() {
            Some("classify") => {
                let name = v["input"]["name"].as_str().unwrap_or_default();
                let message = v["input"]["message"].as_str().unwrap_or_default();
                let want = v["expected"]["code"].as_i64().unwrap_or_default();
                assert_eq!(i64::from(full(0, f64::NAN, None, name, message, None)), want, "{}", v["id"]);
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
