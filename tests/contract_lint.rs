#![cfg(not(target_arch = "wasm32"))]
//! Replays `tests/conformance-own/tscore-contract-lint.json` through the protocol, as the
//! JS layer sends it: vectors of our own from mcp-ts-core's source (the `source` of each
//! names the file and its commit or index id). `lint` vectors are `checkContract`'s
//! findings for a contract (rule ids, severities and messages, byte for byte);
//! `capability` vectors are `capabilityMissing`'s code and data.

use mcp_envelope::protocol::encode_json;
use mcp_envelope::protocol::table::ENTRIES;
use mcp_envelope::protocol::{Host, ProtocolError};
use serde_json::{json, Map, Value};

const VECTORS: &str = include_str!("conformance-own/tscore-contract-lint.json");

struct NoHost;
impl Host for NoHost {
    fn fill_random(&mut self, _: &mut [u8]) -> bool {
        false
    }
}

fn run(op: &str, request: &Value) -> Result<String, ProtocolError> {
    let bytes = encode_json(op, &request.to_string())?;
    let (_, entry) =
        ENTRIES.iter().find(|(name, _)| *name == op).ok_or_else(|| ProtocolError(format!("no operation {op}")))?;
    entry(&bytes, &mut NoHost)
}

/// One entry as `lib/contract-lint.js` sends it: `null` for one that is no object, else
/// its six fields, a value no JSON primitive as `{"other": its JSON}`.
fn crossing(entry: &Value) -> Value {
    let Value::Object(fields) = entry else { return Value::Null };
    let mut out = Map::new();
    for key in ["code", "reason", "when", "recovery", "retryable", "severity"] {
        match fields.get(key) {
            None => {}
            Some(v @ (Value::Array(_) | Value::Object(_))) => {
                out.insert(key.to_owned(), json!({ "other": v.to_string() }));
            }
            Some(v) => {
                out.insert(key.to_owned(), v.clone());
            }
        }
    }
    Value::Object(out)
}

#[test]
fn the_reference_vectors_replay_through_the_protocol() {
    let vectors: Vec<Value> = serde_json::from_str(VECTORS).unwrap_or_default();
    let mut failures = Vec::new();
    let (mut lint, mut capability) = (0, 0);
    for v in &vectors {
        let id = v["id"].as_str().unwrap_or_default();
        let input = &v["input"];
        let got: Value = match v["kind"].as_str() {
            Some("lint") => {
                lint += 1;
                let mut request = Map::new();
                if let Value::Array(entries) = &input["contract"] {
                    request.insert("entries".into(), Value::Array(entries.iter().map(crossing).collect()));
                    request.insert("total".into(), json!(entries.len()));
                } else {
                    request.insert("total".into(), json!(0));
                }
                if let Some(tool) = input["tool"].as_str() {
                    request.insert("tool".into(), json!(tool));
                }
                let reply = run("checkContract", &Value::Object(request)).unwrap_or_else(|e| panic!("{id}: {e}"));
                serde_json::from_str(&reply).unwrap_or_default()
            }
            Some("capability") => {
                capability += 1;
                let reply = run("capabilityMissing", input).unwrap_or_else(|e| panic!("{id}: {e}"));
                let parts: Value = serde_json::from_str(&reply).unwrap_or_default();
                json!({ "code": parts["code"], "data": parts["data"] })
            }
            other => panic!("{id}: unknown kind {other:?}"),
        };
        if got != v["expected"] {
            failures.push(format!("{id}:\n   got {got}\n  want {}", v["expected"]));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // One vector per structural rule of the reference, and the refusal with and without a fallback.
    assert!(lint >= 18 && capability == 3, "{lint} lint, {capability} capability vectors");
}

#[test]
fn a_string_that_is_no_capability_name_is_null() {
    for capability in ["", "a b", "elicitation.", "`x`"] {
        assert_eq!(run("capabilityMissing", &json!({ "capability": capability })).as_deref(), Ok("null"));
    }
}
