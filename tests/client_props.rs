#![cfg(not(target_arch = "wasm32"))]
//! The client parser against the JSON-RPC writer: for any message, hint, reason,
//! retryability and request id, the envelope's text alone (a client that drops
//! `structuredContent`) reads back as the whole envelope does, and neither read panics.
//! Inputs are kept off the two spellings the text form cannot tell apart from its own
//! structure (a message holding `\n\nRecovery: `, a `\n\n(` paragraph before the end).

use mcp_envelope::client::{parse_tool_result, Dialect, StructuredError};
use mcp_envelope::jsonrpc::{error_result, ErrorResultOptions, ThrownError};
use mcp_envelope::Value;
use proptest::prelude::*;

fn text() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9 .,:;()·é😀\\n\\t<>&\"'-]{0,40}"
}

fn word() -> impl Strategy<Value = String> {
    "[A-Za-z0-9_.:-]{1,20}"
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn the_text_form_reads_back_as_the_structured_error(
        message in text(), hint in prop::option::of(text()), reason in prop::option::of(word()),
        retryable in prop::option::of(any::<bool>()), request_id in prop::option::of(word()),
    ) {
        prop_assume!(!message.contains("\n\nRecovery: ") && !message.contains("\n\n("));
        prop_assume!(hint.as_deref().is_none_or(|h| !h.contains("\n\n(")));
        let mut data = Vec::new();
        if let Some(reason) = &reason {
            data.push(("reason".into(), Value::str(reason)));
        }
        if let Some(retryable) = retryable {
            data.push(("retryable".into(), Value::Bool(retryable)));
        }
        if let Some(hint) = &hint {
            data.push(("recovery".into(), Value::Object(vec![("hint".into(), Value::str(hint))])));
        }
        let data = Value::Object(data);
        let options = ErrorResultOptions { request_id: request_id.as_deref(), redact_secrets: false, ..ErrorResultOptions::default() };
        let written = error_result(&ThrownError::Mcp { code: -32001, message: &message, data: Some(&data) }, &options);
        let error = written.structured_content.get("error").and_then(StructuredError::from_value);
        let whole = parse_tool_result(&written.text, false, error.as_ref());
        let text_only = parse_tool_result(&written.text, false, None);
        prop_assert_eq!(text_only.dialect, Dialect::JsonRpc);
        let shown_message = if message.is_empty() { "Unknown error".to_owned() } else { message.clone() };
        prop_assert_eq!(&text_only.message, &shown_message);
        // The writer leaves out a recovery the message already holds (and an empty one).
        let written_hint = hint.filter(|h| !h.is_empty() && !message.trim().contains(h.trim()));
        prop_assert_eq!(&text_only.recovery, &written_hint);
        prop_assert_eq!(&text_only.reason, &reason);
        prop_assert_eq!(text_only.retryable, retryable);
        prop_assert_eq!(&text_only.request_id, &request_id);
        prop_assert_eq!((&whole.reason, whole.retryable, &whole.request_id), (&reason, retryable, &request_id));
        // Any prefix of the text, read as a cut text, reads without panicking.
        for end in (0..=written.text.len()).filter(|&i| written.text.is_char_boundary(i)).step_by(7) {
            let _ = parse_tool_result(written.text.get(..end).unwrap_or_default(), true, None);
        }
    }
}
