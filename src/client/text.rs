//! The two text forms a client gets when it has no `structuredContent`:
//!
//! * **mcp-ts-core's JSON-RPC text form** (what `errorResult` writes as `content[0].text`):
//!
//!   ```text
//!   Error: MESSAGE
//!
//!   Recovery: HINT
//!
//!   (reason R · retryable · request ID)
//!   ```
//!
//!   `Recovery:` and the term line are each optional, and the term line holds only the
//!   terms present, in that order (`retryable` or `not retryable`). A text that starts
//!   with `Error: ` is read in this form; the message runs to the first
//!   `\n\nRecovery: ` (or to the term line), the hint from there to the term line. A last
//!   paragraph in parentheses is the term line only when it reads as one, so a message
//!   that ends with `(see docs)` keeps it.
//! * **The official SDK's own texts** (no `Error: `): v1's `MCP error <code>: <message>`
//!   (an `McpError`'s message, e.g. `MCP error -32602: Input validation error: …`), and
//!   `Input validation error: …` / `Output validation error: …`, which SDK v2's
//!   `McpServer` writes for arguments (or structured content) its schema rejects. Both SDKs
//!   raise those two with code -32602 (InvalidParams), so they read with that code.

/// What the SDKs raise `Input validation error` / `Output validation error` with
/// (`ErrorCode.InvalidParams` in v1, `ProtocolErrorCode.InvalidParams` in v2).
pub const SDK_VALIDATION_CODE: f64 = -32602.0;

/// The prefixes of the SDKs' validation texts.
pub const SDK_VALIDATION_PREFIXES: [&str; 2] = ["Input validation error: ", "Output validation error: "];

const ERROR_PREFIX: &str = "Error: ";
const RECOVERY_SEPARATOR: &str = "\n\nRecovery: ";
const TERMS_OPEN: &str = "\n\n(";
const TERM_SEPARATOR: &str = " · ";

/// The term line's terms, each when present.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Terms<'t> {
    pub reason: Option<&'t str>,
    pub retryable: Option<bool>,
    pub request_id: Option<&'t str>,
}

/// The JSON-RPC text form, split.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JsonRpcText<'t> {
    pub message: &'t str,
    pub recovery: Option<&'t str>,
    /// `None` when the text has no term line.
    pub terms: Option<Terms<'t>>,
}

/// `text` in the JSON-RPC text form, or `None` unless it starts with `Error: `.
pub fn json_rpc_text(text: &str) -> Option<JsonRpcText<'_>> {
    let mut body = text.strip_prefix(ERROR_PREFIX)?;
    let mut terms = None;
    if let Some(at) = body.rfind(TERMS_OPEN) {
        let line = body.get(at + TERMS_OPEN.len()..).unwrap_or_default();
        let line = line.trim_end_matches(['\n', '\r', ' ', '\t']);
        if let Some(found) = line.strip_suffix(')').and_then(term_line) {
            terms = Some(found);
            body = body.get(..at).unwrap_or_default();
        }
    }
    let (message, recovery) = match body.find(RECOVERY_SEPARATOR) {
        Some(at) => {
            (body.get(..at).unwrap_or_default(), Some(body.get(at + RECOVERY_SEPARATOR.len()..).unwrap_or_default()))
        }
        None => (body, None),
    };
    Some(JsonRpcText { message, recovery, terms })
}

/// `reason R · retryable · request ID` (each term optional, in that order, at least
/// one). A reason runs to the first ` · ` after which the rest reads as terms; a request
/// id runs to the end.
pub fn term_line(line: &str) -> Option<Terms<'_>> {
    let Some(rest) = line.strip_prefix("reason ") else {
        return after_reason(line);
    };
    let mut from = 0;
    while let Some(at) = rest.get(from..).and_then(|r| r.find(TERM_SEPARATOR)) {
        let split = from + at;
        let after = rest.get(split + TERM_SEPARATOR.len()..).unwrap_or_default();
        if let Some(mut terms) = after_reason(after) {
            let reason = rest.get(..split).unwrap_or_default();
            if reason.is_empty() {
                return None;
            }
            terms.reason = Some(reason);
            return Some(terms);
        }
        from = split + TERM_SEPARATOR.len();
    }
    (!rest.is_empty()).then_some(Terms { reason: Some(rest), ..Terms::default() })
}

fn after_reason(s: &str) -> Option<Terms<'_>> {
    for (word, retryable) in [("retryable", true), ("not retryable", false)] {
        if s == word {
            return Some(Terms { retryable: Some(retryable), ..Terms::default() });
        }
        if let Some(rest) = s.strip_prefix(word).and_then(|r| r.strip_prefix(TERM_SEPARATOR)) {
            let mut terms = request(rest)?;
            terms.retryable = Some(retryable);
            return Some(terms);
        }
    }
    request(s)
}

fn request(s: &str) -> Option<Terms<'_>> {
    let id = s.strip_prefix("request ")?;
    (!id.is_empty()).then_some(Terms { request_id: Some(id), ..Terms::default() })
}

/// SDK v1's `MCP error <code>: <message>`: the code and the message after the prefix.
pub fn sdk_error_prefix(text: &str) -> Option<(f64, &str)> {
    let rest = text.strip_prefix("MCP error ")?;
    let colon = rest.find(": ")?;
    let digits = rest.get(..colon)?;
    let unsigned = digits.strip_prefix('-').unwrap_or(digits);
    if unsigned.is_empty() || unsigned.len() > 15 || !unsigned.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let code = crate::decimal::parse_number(digits)?;
    Some((code, rest.get(colon + 2..).unwrap_or_default()))
}

/// The code a message names by its SDK wording: `MCP error <code>: …`, or -32602 for
/// the SDKs' `Input validation error: …` / `Output validation error: …`.
pub fn sdk_code(message: &str) -> Option<f64> {
    if let Some((code, _)) = sdk_error_prefix(message) {
        return Some(code);
    }
    SDK_VALIDATION_PREFIXES.iter().any(|p| message.starts_with(p)).then_some(SDK_VALIDATION_CODE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_every_shape_errorresult_writes() {
        let full = json_rpc_text(
            "Error: No data\n\nRecovery: Search first.\n\n(reason no_match · not retryable · request UTFAC-QE0MB)",
        );
        assert_eq!(
            full,
            Some(JsonRpcText {
                message: "No data",
                recovery: Some("Search first."),
                terms: Some(Terms {
                    reason: Some("no_match"),
                    retryable: Some(false),
                    request_id: Some("UTFAC-QE0MB")
                }),
            })
        );
        let bare = json_rpc_text("Error: boom");
        assert_eq!(bare, Some(JsonRpcText { message: "boom", recovery: None, terms: None }));
        let id_only = json_rpc_text("Error: boom\n\n(request R1)").and_then(|t| t.terms);
        assert_eq!(id_only, Some(Terms { request_id: Some("R1"), ..Terms::default() }));
        let retry = json_rpc_text("Error: m\n\nRecovery: h\n\n(retryable)");
        assert_eq!(retry.map(|t| (t.recovery, t.terms.and_then(|t| t.retryable))), Some((Some("h"), Some(true))));
        assert_eq!(json_rpc_text("boom"), None);
        assert_eq!(json_rpc_text("error: boom"), None);
    }

    #[test]
    fn a_parenthesis_that_is_not_a_term_line_stays_in_the_message() {
        for text in [
            "Error: m\n\n(see docs)",
            "Error: m\n\n(reason )",
            "Error: m\n\n(request )",
            "Error: m\n\n()",
            "Error: m\n\n(retryable · x)",
        ] {
            let t = json_rpc_text(text);
            assert_eq!(t.map(|t| (t.message, t.terms)), Some((text.get(7..).unwrap_or_default(), None)), "{text:?}");
        }
        // A recovery line inside the message: the first one splits.
        let t = json_rpc_text("Error: a\n\nRecovery: b\n\nRecovery: c");
        assert_eq!(t.map(|t| (t.message, t.recovery)), Some(("a", Some("b\n\nRecovery: c"))));
    }

    #[test]
    fn reasons_and_ids_with_separators_in_them() {
        assert_eq!(
            term_line("reason a · b · retryable · request x · y"),
            Some(Terms { reason: Some("a · b"), retryable: Some(true), request_id: Some("x · y") })
        );
        assert_eq!(term_line("reason a · b"), Some(Terms { reason: Some("a · b"), ..Terms::default() }));
        // errorResult writes no empty reason; a reason of one space is one.
        assert_eq!(term_line("reason  · request r"), None);
        assert_eq!(
            term_line("reason   · request r"),
            Some(Terms { reason: Some(" "), request_id: Some("r"), ..Terms::default() })
        );
        assert_eq!(term_line("reason · request r").map(|t| t.reason), Some(Some("· request r")));
        assert_eq!(term_line("not retryable"), Some(Terms { retryable: Some(false), ..Terms::default() }));
        assert_eq!(term_line(""), None);
    }

    #[test]
    fn reads_the_sdk_wordings() {
        assert_eq!(sdk_error_prefix("MCP error -32602: Tool nope not found"), Some((-32602.0, "Tool nope not found")));
        assert_eq!(sdk_error_prefix("MCP error 42: x"), Some((42.0, "x")));
        assert_eq!(sdk_error_prefix("MCP error -: x"), None);
        assert_eq!(sdk_error_prefix("MCP error 1e3: x"), None);
        assert_eq!(sdk_error_prefix("MCP error -32602 x"), None);
        assert_eq!(sdk_code("Input validation error: Invalid arguments for tool t: x"), Some(-32602.0));
        assert_eq!(sdk_code("Output validation error: Tool t has an output schema"), Some(-32602.0));
        assert_eq!(sdk_code("MCP error -32000: Connection closed"), Some(-32000.0));
        assert_eq!(sdk_code("input validation error: x"), None);
    }
}
