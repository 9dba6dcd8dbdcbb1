//! The fuzz targets (fuzz/) in `cargo test`: every input in fuzz/corpus/<target>/ — the
//! seeds, and each crash `make fuzz` ever found, minimised (`cargo fuzz tmin`) and copied
//! there — runs through the same body as the target, so a fixed crash stays fixed.
#[path = "../fuzz/bodies.rs"]
mod bodies;

use std::fs;
use std::path::Path;

fn replay(target: &str, body: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus").join(target);
    let mut count = 0;
    for entry in fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("corpus entry").path();
        let data = fs::read(&path).expect("corpus file");
        body(&data);
        count += 1;
    }
    assert!(count > 0, "{target}: empty corpus");
}

#[test]
fn json_reader_corpus() {
    replay("json_reader", bodies::json_reader);
}

#[test]
fn xml_issues_corpus() {
    replay("xml_issues", bodies::xml_issues);
}

#[test]
fn jsonrpc_issues_corpus() {
    replay("jsonrpc_issues", bodies::jsonrpc_issues);
}

#[test]
fn classifier_corpus() {
    replay("classifier", bodies::classifier);
}

#[test]
fn xml_builders_corpus() {
    replay("xml_builders", bodies::xml_builders);
}

#[test]
fn client_parser_corpus() {
    replay("client_parser", bodies::client_parser);
}

/// Inputs the fuzzer's mutations favour, run through every body: empty, lone NUL
/// separators, invalid UTF-8, unbalanced and deep JSON.
#[test]
fn edge_inputs_every_body() {
    let deep = "[".repeat(10_000);
    let inputs: [&[u8]; 8] = [
        b"",
        b"\0\0\0\0\0\0",
        b"\xff\xfe\0\xc3",
        b"[{\"path\":[{}]}]\0\0{}",
        deep.as_bytes(),
        b"\"\\ud800\"",
        b"-0\0-0",
        b"<tool_error code=\"\"><message>",
    ];
    for input in inputs {
        for body in [
            bodies::json_reader,
            bodies::xml_issues,
            bodies::jsonrpc_issues,
            bodies::classifier,
            bodies::xml_builders,
            bodies::client_parser,
        ] {
            body(input);
        }
    }
}
