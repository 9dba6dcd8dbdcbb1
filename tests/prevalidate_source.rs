#![cfg(not(target_arch = "wasm32"))]
//! Replays `tests/conformance-own/prevalidate-source.json`: vectors of our own for
//! pre-validation, each written from what mcp-ts-core's newest `inputPrevalidation.ts`
//! (or `toolHandlerFactory.ts`) does — the `source` of every entry names the file, its
//! index id and the function read. Each runs one protocol operation natively (its
//! request laid out as the JS layer lays it out) and compares the whole reply.

use mcp_envelope::protocol::table::ENTRIES;
use mcp_envelope::protocol::{encode_json, Host};
use mcp_envelope::value::Value;

const VECTORS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/conformance-own/prevalidate-source.json");

struct NoRandom;

impl Host for NoRandom {
    fn fill_random(&mut self, _: &mut [u8]) -> bool {
        false
    }
}

fn run(op: &str, request: &Value) -> Value<'static> {
    let bytes = encode_json(op, &request.to_json()).unwrap_or_else(|e| panic!("{op}: {e}"));
    let (_, entry) = ENTRIES.iter().find(|(name, _)| *name == op).unwrap_or_else(|| panic!("no operation {op}"));
    let reply = entry(&bytes, &mut NoRandom).unwrap_or_else(|e| panic!("{op}: {e}"));
    Value::parse_json(&reply).unwrap_or_else(|e| panic!("{op} reply: {e}"))
}

#[test]
fn every_vector_replays_exactly() {
    let text = std::fs::read_to_string(VECTORS).expect("prevalidate-source.json is readable");
    let Ok(Value::Array(vectors)) = Value::parse_json(&text) else { panic!("a JSON array") };
    assert!(vectors.len() >= 20, "the vectors are there");
    let mut failures = Vec::new();
    for v in &vectors {
        let id = v.get("id").and_then(Value::as_str).expect("id");
        let source = v.get("source").and_then(Value::as_str).expect("source");
        assert!(source.contains("cyanheads/mcp-ts-core") && source.contains("index id"), "{id}: names its source");
        let op = v.get("op").and_then(Value::as_str).expect("op");
        let got = run(op, v.get("request").expect("request"));
        let want = v.get("expected").expect("expected");
        if &got != want {
            failures.push(format!("{id}:\n   got {}\n  want {}", got.to_json(), want.to_json()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
