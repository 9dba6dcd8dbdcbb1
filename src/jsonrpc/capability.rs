//! `capabilityMissing`: seed 002's `client_capability_missing` refusal — the McpError a
//! handler throws when the connected client did not declare a capability the call needs
//! (elicitation, sampling, roots …).
//!
//! Code `-32600` (InvalidRequest), `data.reason: 'client_capability_missing'` and a
//! `data.recovery.hint` that ends at reconnecting with a client that declares the
//! capability, byte for byte as mcp-ts-core writes it (`src/mcp-server/inputRequired.ts`,
//! `createInputRequiredGate`), with the caller's `fallbackHint` appended after a space.
//! Its log record is at `notice` ([`super::contract::failure_log_level`]).

use super::McpErrorParts;
use crate::codes::JsonRpcErrorCode;
use crate::value::Value;

/// The framework-owned `data.reason` of a call the client's capabilities cannot serve.
pub const REASON_CLIENT_CAPABILITY_MISSING: &str = "client_capability_missing";
/// The longest capability name accepted, in bytes.
pub const MAX_CAPABILITY_BYTES: usize = 256;

/// A capability as the client's `initialize` declares it: dot-separated members of
/// ASCII letters, digits, `_` and `-` (`elicitation`, `elicitation.form`,
/// `sampling.tools`, `experimental.myFeature`), at most [`MAX_CAPABILITY_BYTES`].
pub fn is_capability_name(name: &str) -> bool {
    name.len() <= MAX_CAPABILITY_BYTES
        && name.split('.').all(|member| {
            !member.is_empty() && member.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        })
}

/// The refusal for `capability`, or `None` when it is no capability name. An empty
/// `fallback_hint` appends nothing (the reference tests it for truthiness).
pub fn capability_missing(capability: &str, fallback_hint: Option<&str>) -> Option<McpErrorParts<'static>> {
    if !is_capability_name(capability) {
        return None;
    }
    let mut hint = ["Reconnect with a client that declares the `", capability, "` capability."].concat();
    if let Some(more) = fallback_hint.filter(|h| !h.is_empty()) {
        hint.push(' ');
        hint.push_str(more);
    }
    Some(McpErrorParts {
        code: JsonRpcErrorCode::InvalidRequest.value(),
        message: ["The client on this connection did not declare the `", capability, "` capability."].concat(),
        data: Some(Value::Object(vec![
            ("reason".into(), Value::str(REASON_CLIENT_CAPABILITY_MISSING)),
            ("recovery".into(), Value::Object(vec![("hint".into(), Value::str(hint))])),
        ])),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hint mcp-ts-core writes: cyanheads/mcp-ts-core `src/mcp-server/inputRequired.ts`
    /// (`createInputRequiredGate`, the stored version with #495's `fallbackHint`; the
    /// index names it 71209458485, not its commit), asserted byte for byte by the
    /// reference's own handler-factory tests.
    const REFERENCE_HINT: &str = "Reconnect with a client that declares the `elicitation.form` capability.";

    #[test]
    fn the_refusal_byte_for_byte() {
        let parts = capability_missing("elicitation.form", None).unwrap();
        assert_eq!(parts.code, -32600);
        assert_eq!(parts.message, "The client on this connection did not declare the `elicitation.form` capability.");
        assert_eq!(
            parts.data.unwrap().to_json(),
            format!(r#"{{"reason":"client_capability_missing","recovery":{{"hint":"{REFERENCE_HINT}"}}}}"#)
        );
    }

    #[test]
    fn a_fallback_hint_follows_after_a_space() {
        let parts = capability_missing("elicitation.form", Some("Or call again with noun supplied.")).unwrap();
        let hint =
            parts.data.unwrap().get("recovery").and_then(|r| r.get("hint")).and_then(Value::as_str).map(str::to_owned);
        assert_eq!(hint.as_deref(), Some(format!("{REFERENCE_HINT} Or call again with noun supplied.").as_str()));
        let empty = capability_missing("roots", Some("")).unwrap();
        assert_eq!(
            empty.data.unwrap().to_json(),
            r#"{"reason":"client_capability_missing","recovery":{"hint":"Reconnect with a client that declares the `roots` capability."}}"#
        );
    }

    #[test]
    fn only_capability_names() {
        for good in ["roots", "sampling.tools", "elicitation.url", "experimental.my-feature_2"] {
            assert!(capability_missing(good, None).is_some(), "{good}");
        }
        let long = "a".repeat(MAX_CAPABILITY_BYTES + 1);
        for bad in ["", ".", "a.", ".a", "a..b", "a b", "a`b", "é", "elicitation\n", long.as_str()] {
            assert!(capability_missing(bad, None).is_none(), "{bad:?}");
        }
        assert!(is_capability_name(&"a".repeat(MAX_CAPABILITY_BYTES)));
    }

    #[test]
    fn it_logs_at_notice() {
        let parts = capability_missing("sampling", None).unwrap();
        assert_eq!(super::super::failure_log_level(&[], parts.data.as_ref()), "notice");
    }
}
