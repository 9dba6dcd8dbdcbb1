#![cfg(not(target_arch = "wasm32"))]
//! The hand-written `pkg-template/index.d.ts` declares the same JSON-RPC codes as the core.

use mcp_envelope::JsonRpcErrorCode;

#[test]
fn declared_enum_equals_the_core_code_table() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/pkg-template/index.d.ts");
    let text = std::fs::read_to_string(path).expect("index.d.ts");
    let start = text.find("export declare enum JsonRpcErrorCode {").expect("enum declared");
    let body = &text[start..];
    let body = &body[body.find('{').unwrap() + 1..body.find('}').unwrap()];
    let declared: Vec<(String, i32)> = body
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .map(|line| {
            let (name, value) = line.trim_end_matches(',').split_once(" = ").expect("Name = value");
            (name.to_owned(), value.parse().expect("integer"))
        })
        .collect();
    let core: Vec<(String, i32)> =
        JsonRpcErrorCode::ALL.iter().map(|c| (c.name().to_owned(), c.value())).collect();
    assert_eq!(declared, core);
}
