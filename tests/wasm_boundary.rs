#![cfg(target_arch = "wasm32")]
//! The raw exports, run in Node by wasm-bindgen-test-runner: each takes its request's
//! JSON text, a request it cannot read is a `JsError` (never a trap), and the instance
//! keeps working afterwards. The operations themselves are tested natively (tests/protocol.rs).

use mcp_envelope::wasm::{classify, http_status, request_id, xml_cancelled};
use wasm_bindgen_test::wasm_bindgen_test;

fn classify_code(name: &str, message: &str) -> String {
    let request = format!(
        r#"{{"op":"classify","kind":0,"code":"NaN","valueKind":3,"isError":true,"nameThrew":false,"name":{},"message":{},"aborted":false,"statusCode":0,"causes":[]}}"#,
        serde_json::to_string(name).unwrap_or_default(),
        serde_json::to_string(message).unwrap_or_default()
    );
    classify(&request).unwrap_or_default()
}

#[wasm_bindgen_test]
fn exports_answer_requests_and_reject_what_they_cannot_read() {
    assert_eq!(classify_code("Error", "status code 429"), r#"{"code":-32003}"#);
    assert!(classify("not json").is_err());
    assert!(classify(r#"{"kind":"x"}"#).is_err());
    // Still working after the errors.
    assert_eq!(classify_code("Error", "ECONNREFUSED"), r#"{"code":-32000}"#);
    assert_eq!(http_status(r#"{"status":429}"#).unwrap_or_default(), "-32003");
    let cancelled = xml_cancelled(r#"{"tool":"t"}"#).unwrap_or_default();
    assert!(cancelled.contains("Request cancelled."), "{cancelled}");
}

#[wasm_bindgen_test]
fn huge_and_odd_text_is_bounded_and_survives() {
    let huge = "é".repeat(1 << 20) + " not found";
    assert_eq!(classify_code("Error", &huge), r#"{"code":-32603}"#);
    assert_eq!(classify_code("\u{fffd}\u{0}", "\u{fffd}not found\u{0}"), r#"{"code":-32001}"#);
    let deep = format!(r#"{{"status":{}1{}}}"#, "[".repeat(10_000), "]".repeat(10_000));
    assert!(http_status(&deep).is_err());
    assert_eq!(classify_code("Error", "ECONNREFUSED"), r#"{"code":-32000}"#);
}

#[wasm_bindgen_test]
fn request_ids_come_from_crypto_get_random_values() {
    let id = request_id("{}").unwrap_or_default();
    assert_eq!(id.len(), 13, "{id}");
    assert_ne!(request_id("{}").unwrap_or_default(), id);
}
