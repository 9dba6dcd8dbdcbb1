//! Properties of a failure's log record (src/jsonrpc/log/): whatever the thrown value's
//! texts, stack and cause chain hold, the record answers (never a panic), stays within
//! its caps, keeps no stack where seed 002 logs none, and masks a secret unless asked raw.
#![cfg(not(target_arch = "wasm32"))]

use mcp_envelope::classify::{NameRead, Seen};
use mcp_envelope::jsonrpc::{
    log_record, ChainEnd, ChainLink, Failure, LogOptions, ThrownError, LOG_CAUSES, LOG_MESSAGE_UNITS, STACK_UNITS,
};

use mcp_envelope::Value;
use proptest::prelude::*;

/// `s.length` in JavaScript.
fn js_len(s: &str) -> usize {
    s.encode_utf16().count()
}
use std::borrow::Cow;

/// Text of any length: astral characters, newlines, frames, a secret's shape.
fn text() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(vec![
        "a",
        "é",
        "😀",
        "\n",
        "\n    at f (a.js:1:1)",
        "ZodError: [",
        "postgres://u:hunter2@db/x",
        " ",
        "\u{0}",
    ]);
    (prop::collection::vec(piece, 0..40), 0usize..3).prop_map(|(pieces, repeat)| {
        let one = pieces.concat();
        one.repeat(1 + repeat * 700)
    })
}

fn link() -> impl Strategy<Value = (u8, String, Option<String>)> {
    (0u8..5, text(), prop::option::of(text()))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn any_failure_has_a_bounded_record(
        message in text(),
        stack in prop::option::of(text()),
        links in prop::collection::vec(link(), 0..30),
        code in prop::sample::select(vec![-32603, -32011, -32001, -32602, 7]),
        kind in 0u8..2,
        reason in prop::sample::select(vec!["", "invalid_arguments", "declined"]),
        aborted in any::<bool>(),
        raw in any::<bool>(),
        units in 0usize..200_000,
    ) {
        let data = Value::parse_json(&format!(r#"{{"reason":"{reason}","note":"postgres://u:hunter2@db/x"}}"#)).unwrap_or(Value::Null);
        let thrown = if kind == 0 {
            ThrownError::Plain { code, message: &message }
        } else {
            ThrownError::Mcp { code, message: &message, data: Some(&data) }
        };
        let causes: Vec<ChainLink<'_>> = links
            .iter()
            .map(|(end, message, stack)| match end {
                1 => ChainLink::End(ChainEnd::Cycle),
                2 if message.len() % 2 == 0 => ChainLink::End(ChainEnd::Unreadable),
                _ => ChainLink::Value {
                    seen: Seen::Object { error: true, name: NameRead::Text("Error") },
                    message,
                    code: None,
                    stack: stack.as_deref(),
                },
            })
            .collect();
        let failure = Failure {
            name: Cow::Borrowed("Error"),
            message_units: units,
            code: None,
            stack: stack.as_deref(),
            stack_units: units,
            has_cause: !causes.is_empty(),
            causes,
        };
        let options = LogOptions { tool: Some("t"), aborted, raw, ..LogOptions::default() };
        let record = log_record(&thrown, &failure, &options);
        prop_assert!(js_len(&record.message) <= LOG_MESSAGE_UNITS);
        // A length beside the message exactly when something of it was left out.
        let shown = if raw { Cow::Borrowed(message.as_str()) } else { mcp_envelope::redact(&message) };
        let whole = js_len(&shown) <= LOG_MESSAGE_UNITS && units <= js_len(&message);
        prop_assert_eq!(record.original_message_length.is_none(), whole);
        prop_assert!(record.stack.as_deref().is_none_or(|s| js_len(s) <= STACK_UNITS));
        prop_assert!(record.cause_chain.len() <= LOG_CAUSES + 1);
        for node in &record.cause_chain {
            prop_assert!(js_len(&node.message) <= LOG_MESSAGE_UNITS);
            prop_assert!(node.stack.as_deref().is_none_or(|s| js_len(s) <= STACK_UNITS));
        }
        let cancelled = aborted || code == -32011;
        if cancelled {
            prop_assert_eq!(record.level, "info");
            prop_assert!(record.stack.is_none() && record.cause_chain.is_empty() && record.root_cause.is_none());
        }
        if kind == 1 && reason == "invalid_arguments" {
            prop_assert!(record.stack.is_none());
            prop_assert!(record.cause_chain.iter().all(|n| n.stack.is_none()));
        }
        let json = record.to_json();
        prop_assert!(Value::parse_json(&json).is_ok(), "the record is JSON");
        if !raw {
            prop_assert!(!json.contains("hunter2"), "{}", json);
        }
    }
}
