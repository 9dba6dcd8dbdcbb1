#![cfg(not(target_arch = "wasm32"))]
//! Replays every `classify` and `httpStatus` vector of tscore.json against the core.

use mcp_envelope::{classify, http_status_to_error_code, Thrown};
use serde_json::Value as Json;

fn vectors(kind: &str) -> Vec<Json> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/conformance/tscore.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {path}: {e}"));
    let all: Vec<Json> = serde_json::from_str(&text).expect("tscore.json parses");
    all.into_iter().filter(|v| v["kind"] == kind).collect()
}

#[test]
fn tscore_classify_vectors() {
    let vectors = vectors("classify");
    assert!(vectors.len() >= 36, "expected the 36 classify vectors, found {}", vectors.len());
    let mut failures = Vec::new();
    for v in &vectors {
        let name = v["input"]["name"].as_str().expect("name");
        let message = v["input"]["message"].as_str().expect("message");
        let got = classify(&Thrown::error(name, message), false);
        let want_code = v["expected"]["code"].as_i64().expect("code");
        let want_name = v["expected"]["codeName"].as_str().expect("codeName");
        if i64::from(got.code.value()) != want_code || got.name() != want_name {
            failures.push(format!("{}: {name}/{message:?} gave {} {}", v["id"], got.code.value(), got.name()));
        }
    }
    println!("tscore classify: {}/{}", vectors.len() - failures.len(), vectors.len());
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn tscore_http_status_vectors() {
    let vectors = vectors("httpStatus");
    assert!(vectors.len() >= 8);
    let mut failures = Vec::new();
    for v in &vectors {
        let status = v["input"].as_f64().expect("status");
        let got = http_status_to_error_code(status).map(|c| i64::from(c.value()));
        let want = v["expected"].get("code").and_then(Json::as_i64);
        if got != want {
            failures.push(format!("{}: {status} gave {got:?}, want {want:?}", v["id"]));
        }
    }
    println!("tscore httpStatus: {}/{}", vectors.len() - failures.len(), vectors.len());
    assert!(failures.is_empty(), "{failures:#?}");
}

/// Step 9: a wrapper that says nothing is classified as what it wraps, so every vector
/// keeps its code as the cause of a generic `Error`, and as a value with a code string
/// that is no system code.
#[test]
fn tscore_classify_vectors_keep_their_code_as_a_cause() {
    use mcp_envelope::classify::Code;
    use mcp_envelope::classify::Link;
    let vectors = vectors("classify");
    let mut failures = Vec::new();
    for v in &vectors {
        let name = v["input"]["name"].as_str().expect("name");
        let message = v["input"]["message"].as_str().expect("message");
        let want = v["expected"]["code"].as_i64().expect("code");
        let causes = [Link::error(name, message)];
        let wrapped = Thrown { causes: &causes, ..Thrown::error("Error", "the tool failed") };
        let odd_code = Thrown { code: Code::Text("ERR_SOMETHING"), ..Thrown::error(name, message) };
        for (how, thrown) in [("as a cause", wrapped), ("with a code string", odd_code)] {
            let got = classify(&thrown, false).code.value();
            if i64::from(got) != want {
                failures.push(format!("{} {how}: {name}/{message:?} gave {got}", v["id"]));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}
