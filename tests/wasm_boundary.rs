#![cfg(target_arch = "wasm32")]
//! The raw exports, run in Node by wasm-bindgen-test-runner: each operation answers its
//! laid-out request through the request buffer, a request it cannot read is an error
//! (never a trap), and the instance keeps working afterwards. The operations themselves
//! are tested natively (tests/protocol.rs); the JS half in js-tests/.

use mcp_envelope::protocol::encode_json;
use mcp_envelope::protocol::table::ENTRIES;
use mcp_envelope::wasm::call_from_rust;
use mcp_envelope::JsonRpcErrorCode;
use wasm_bindgen_test::wasm_bindgen_test;

fn op(name: &str) -> u32 {
    let index = ENTRIES.iter().position(|(n, _)| *n == name).unwrap_or(usize::MAX);
    u32::try_from(index).unwrap_or(u32::MAX)
}

fn call(name: &str, json: &str) -> Result<String, String> {
    let request = encode_json(name, json).map_err(|e| e.to_string())?;
    call_from_rust(op(name), &request)
}

fn classify_code(name: &str, message: &str) -> String {
    let request = format!(
        r#"{{"kind":0,"code":"NaN","valueKind":3,"isError":true,"nameThrew":false,"name":{},"message":{},"aborted":false,"statusCode":0,"causes":[]}}"#,
        serde_json::to_string(name).unwrap_or_default(),
        serde_json::to_string(message).unwrap_or_default()
    );
    let answer = call("classify", &request).unwrap_or_default();
    // The answer is the code's index in the core's table.
    let code = answer.parse::<usize>().ok().and_then(|index| JsonRpcErrorCode::ALL.get(index).copied());
    code.map_or(answer, |code| code.value().to_string())
}

#[wasm_bindgen_test]
fn exports_answer_requests_and_reject_what_they_cannot_read() {
    assert_eq!(classify_code("Error", "status code 429"), "-32003");
    assert!(call_from_rust(op("classify"), b"not a request").is_err());
    assert!(call_from_rust(op("classify"), &[]).is_err());
    assert_eq!(call_from_rust(u32::MAX, &[]), Err("mcp-envelope: no operation 4294967295".to_owned()));
    // Still working after the errors.
    assert_eq!(classify_code("Error", "ECONNREFUSED"), "-32000");
    assert_eq!(call("httpStatusToErrorCode", r#"{"status":429}"#), Ok("-32003".to_owned()));
    let cancelled = call("xmlCancelled", r#"{"tool":"t"}"#).unwrap_or_default();
    assert!(cancelled.contains("Request cancelled."), "{cancelled}");
}

#[wasm_bindgen_test]
fn huge_and_odd_text_is_bounded_and_survives() {
    let huge = "é".repeat(1 << 20) + " not found";
    assert_eq!(classify_code("Error", &huge), "-32603");
    assert_eq!(classify_code("\u{fffd}\u{0}", "\u{fffd}not found\u{0}"), "-32001");
    let deep = format!("{}1{}", "[".repeat(10_000), "]".repeat(10_000));
    // xmlFormatDeltas's request is one JSON text: laid out by hand, past the depth the core reads.
    let mut request = u32::try_from(deep.len()).unwrap_or_default().to_le_bytes().to_vec();
    request.extend_from_slice(deep.as_bytes());
    assert!(call_from_rust(op("xmlFormatDeltas"), &request).is_err());
    assert_eq!(classify_code("Error", "ECONNREFUSED"), "-32000");
}

#[wasm_bindgen_test]
fn request_ids_come_from_crypto_get_random_values() {
    let id = call("requestId", "{}").unwrap_or_default();
    assert_eq!(id.len(), 11, "{id}");
    assert_ne!(call("requestId", "{}").unwrap_or_default(), id);
}
