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

#[cfg(not(target_arch = "wasm32"))]
#[test]
fn api_corpus() {
    replay("api", bodies::api);
}

#[cfg(all(not(target_arch = "wasm32"), feature = "jsonschema"))]
#[test]
fn api_serde_corpus() {
    replay("api_serde", bodies::api_serde);
}

#[test]
fn classifier_corpus() {
    replay("classifier", bodies::classifier);
}

#[test]
fn protocol_corpus() {
    replay("protocol", bodies::protocol);
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
            bodies::protocol,
        ] {
            body(input);
        }
        #[cfg(not(target_arch = "wasm32"))]
        bodies::api(input);
    }
}

/// The protocol corpus's seeds are real requests, written as JSON: the first byte picks
/// the operation the request names, and each, laid out, is answered with a result.
#[test]
fn protocol_seeds_are_requests_their_operation_answers() {
    struct Fixed;
    impl mcp_envelope::protocol::Host for Fixed {
        fn fill_random(&mut self, buffer: &mut [u8]) -> bool {
            buffer.fill(7);
            true
        }
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/protocol");
    let entries = mcp_envelope::protocol::table::ENTRIES;
    let mut seeds = 0;
    for file in fs::read_dir(&dir).expect("the protocol corpus") {
        let path = file.expect("corpus entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_owned();
        if name.len() == 40 {
            continue; // a file the fuzzer added (a SHA-1 name)
        }
        let data = fs::read(&path).expect("corpus file");
        let (pick, text) = data.split_first().expect("a seed");
        let index = usize::from(*pick) % entries.len();
        let (op, entry) = entries[index];
        assert_eq!(op, name, "{}: the first byte picks another operation", path.display());
        let text = std::str::from_utf8(text).expect("UTF-8");
        assert!(text.starts_with(&format!("{{\"op\":\"{op}\"")), "{name}");
        let request = mcp_envelope::protocol::encode_json(op, text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let result = entry(&request, &mut Fixed).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(bodies::well_formed_reply(index, &result), "{name}: {result}");
        seeds += 1;
    }
    assert_eq!(seeds, 9);
}
