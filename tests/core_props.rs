//! Property tests for the two functions the fuzzer hits hardest that had none: the
//! classifier and the JSON reader (fuzz targets `classifier` and `json_reader` run the
//! same functions on mutated inputs; these state what must hold for every input).
#![cfg(not(target_arch = "wasm32"))]

use mcp_envelope::classify::Link;
use mcp_envelope::classify::{Code, CLASSIFY_TEXT_CAP};
use mcp_envelope::codes::Category;
use mcp_envelope::{classify, JsonRpcErrorCode, Thrown, ThrownKind, Value};
use proptest::prelude::*;

fn code() -> impl Strategy<Value = Code<'static>> {
    prop_oneof![
        Just(Code::Absent),
        (-33000i32..-31000).prop_map(Code::Number),
        prop::sample::select(vec![
            "ECONNREFUSED",
            "ETIMEDOUT",
            "UND_ERR_SOCKET",
            "REQUEST_TIMEOUT",
            "CONNECTION_CLOSED",
            "EWHATEVER"
        ])
        .prop_map(Code::Text),
    ]
}

fn kind() -> impl Strategy<Value = ThrownKind> {
    prop_oneof![Just(ThrownKind::Other), Just(ThrownKind::McpError)]
}

/// Names and messages mixing ordinary text, the ladder's keywords and odd characters.
fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            "[a-zA-Z0-9 .:_-]{0,12}",
            prop::sample::select(vec![
                "rate limit",
                "Unauthorized",
                "not found",
                "timeout",
                "503",
                "ECONNRESET",
                "ZodError",
                "TypeError",
                "RangeError",
                "AbortError",
                "McpError",
                "ProtocolError",
                "SdkError",
                "ſ",
                "İ",
                "K",
                "\u{2028}",
                "😀",
            ])
            .prop_map(str::to_owned),
        ],
        0..6,
    )
    .prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn an_aborted_request_is_request_cancelled_whatever_was_thrown(
        name in text(), message in text(), code in code(), kind in kind(),
    ) {
        let thrown = Thrown { kind, name: &name, message: &message, code, causes: &[], status: None };
        prop_assert_eq!(classify(&thrown, true).code, JsonRpcErrorCode::RequestCancelled);
    }

    #[test]
    fn the_category_is_the_seeds_category_of_the_code(
        name in text(), message in text(), code in code(), kind in kind(),
        causes in prop::collection::vec((text(), text(), code()), 0..7),
    ) {
        let links: Vec<Link<'_>> = causes
            .iter()
            .map(|(n, m, c)| Link { kind: ThrownKind::Other, name: n, message: m, code: *c })
            .collect();
        let thrown = Thrown { kind, name: &name, message: &message, code, causes: &links, status: None };
        let got = classify(&thrown, false);
        // The seeds' table, written here: the upstream codes, the server codes, and
        // every other code a client's.
        let want = match got.code as i32 {
            -32000 | -32003 | -32004 => Category::Upstream,
            -32603 | -32099 | -32010 | -32008 | -32009 | -32070 => Category::Server,
            _ => Category::Client,
        };
        prop_assert_eq!(got.category, want);
    }

    #[test]
    fn text_past_the_classification_cap_never_changes_the_code(
        name in text(), head in "[a-z ]{0,40}", tail in text(),
    ) {
        let mut message = head;
        while message.len() < CLASSIFY_TEXT_CAP {
            message.push_str("lorem ipsum ");
        }
        let longer = format!("{message}{tail}");
        let a = classify(&Thrown::error(&name, &message), false);
        let b = classify(&Thrown::error(&name, &longer), false);
        prop_assert_eq!(a, b);
    }

    /// Every message holds one of the ladder's keywords in some ASCII case, so every
    /// case reaches a code of its own (not InternalError), and upper, lower and the
    /// generated mix all reach the same one.
    #[test]
    fn ascii_case_never_changes_the_code(
        name in "[a-zA-Z]{0,12}",
        before in "[a-zA-Z0-9 .:]{0,20}",
        keyword in prop::sample::select(vec![
            "rate limit exceeded", "not found", "unauthorized", "timed out", "permission denied",
            "service unavailable", "too many requests", "forbidden", "conflict", "invalid params",
        ]),
        flips in prop::collection::vec(any::<bool>(), 30),
        after in "[a-zA-Z0-9 .:]{0,20}",
    ) {
        let mixed: String = keyword
            .chars()
            .zip(flips.iter().cycle())
            .map(|(c, up)| if *up { c.to_ascii_uppercase() } else { c })
            .collect();
        let message = format!("{before} {mixed} {after}");
        let lower = classify(&Thrown::error(&name, &message.to_ascii_lowercase()), false);
        prop_assert_ne!(lower.code, JsonRpcErrorCode::InternalError);
        let upper = classify(&Thrown::error(&name, &message.to_ascii_uppercase()), false);
        let as_generated = classify(&Thrown::error(&name, &message), false);
        prop_assert_eq!(lower, upper);
        prop_assert_eq!(lower, as_generated);
    }

    #[test]
    fn a_cause_never_overrides_what_the_value_itself_decides(
        before in "[a-z ]{0,12}",
        keyword in prop::sample::select(vec!["rate limit exceeded", "not found", "unauthorized", "timed out", "status code 503", "permission denied"]),
        after in "[a-z ]{0,12}",
        cause_message in text(), cause_code in code(),
    ) {
        let message = format!("{before} {keyword} {after}");
        // A value the ladder classifies on its own (a non-Internal code) keeps that code
        // whatever its cause says.
        let alone = classify(&Thrown::error("Error", &message), false);
        prop_assume!(alone.code != JsonRpcErrorCode::InternalError);
        let link = [Link { kind: ThrownKind::Other, name: "Error", message: &cause_message, code: cause_code }];
        let wrapped = Thrown { causes: &link, ..Thrown::error("Error", &message) };
        prop_assert_eq!(classify(&wrapped, false), alone);
    }
}

/// JSON values within the reader's depth limit: finite numbers, any strings (lone
/// surrogates cannot occur in a Rust `String`), unique keys.
fn json_value() -> impl Strategy<Value = Value<'static>> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<f64>().prop_filter("finite", |n| n.is_finite()).prop_map(Value::Number),
        (-1e6f64..1e6).prop_map(|n| Value::Number(n.trunc())),
        ".{0,12}".prop_map(Value::str),
    ];
    leaf.prop_recursive(6, 64, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map("[a-z]{1,6}", inner, 0..6).prop_map(Value::object),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn json_written_then_read_is_the_same_value_and_the_same_text(value in json_value()) {
        let text = value.to_json();
        let read = Value::parse_json(&text);
        prop_assert!(read.is_ok(), "{text}: {read:?}");
        let read = read.unwrap_or(Value::Null);
        prop_assert_eq!(read.to_json(), text);
    }

    #[test]
    fn the_reader_never_panics_and_rejects_or_reads_any_text(text in ".{0,200}") {
        // Either an error with an offset inside the text, or a value that writes back as JSON
        // the reader reads again.
        match Value::parse_json(&text) {
            Err(error) => prop_assert!(error.offset <= text.len()),
            Ok(value) => prop_assert!(Value::parse_json(&value.to_json()).is_ok()),
        }
    }

    #[test]
    fn nesting_past_the_depth_limit_is_an_error_not_a_stack_overflow(depth in 65usize..20_000) {
        let text = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        prop_assert!(Value::parse_json(&text).is_err());
    }
}
