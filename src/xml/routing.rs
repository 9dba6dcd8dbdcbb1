//! Errors the execution pipeline writes itself: routing a call to an action
//! (`MISSING_DISCRIMINATOR`, `INVALID_DISCRIMINATOR`, `UNKNOWN_ACTION`), wrapping a
//! handler's throw (`INTERNAL_ERROR`), and the `createGroup` dispatcher's errors.
//!
//! **Thrown responses.** A handler that throws a *branded* `ToolResponse` (one made
//! by `toolError`, `error`, `required` or a builder) gets it passed through intact:
//! code, severity and sections survive, as seed 000 requires. That check is the JS
//! layer's (the brand is a JS symbol); the core needs nothing for it. Only an
//! unbranded throw reaches [`internal_error`]. The reference instead wraps the
//! branded throw as `[tool/action] [object Object]`; we do not copy that.

use super::escape::push_content;
use super::tool_error::{error, tool_error, ToolErrorOptions, ToolResponse};
use super::validation::{issue_message, path_text};
use crate::codes::Category;
use crate::js::js_typeof;
use crate::redact::{redact, WirePolicy, SERVER_ERROR_MESSAGE};
use crate::utf16::cut_utf16;
use crate::value::Value;
use crate::zod::IssueView;

/// The recovery every wrapped throw carries (the reference's exact text).
pub const INTERNAL_ERROR_RECOVERY: &str =
    "This may be a transient error. Retry the same call with identical parameters.";

/// Longest thrown message (UTF-16 units) an `INTERNAL_ERROR` repeats; longer ones end
/// in `...`. A stray 100 MB message must not become a 100 MB reply to the model.
pub const MAX_INTERNAL_MESSAGE_UNITS: usize = 4096;

/// Longest discriminator value (UTF-16 units) `UNKNOWN_ACTION` echoes back; it is
/// whatever the model sent.
pub const MAX_ECHOED_ACTION_UNITS: usize = 200;

/// Why a call could not be routed to an action.
///
/// ```
/// use mcp_envelope::{routing_error, RoutingError};
///
/// let result = routing_error(RoutingError::Missing, "action", &["list"]);
/// assert!(result.text().starts_with("<tool_error code=\"MISSING_DISCRIMINATOR\">"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoutingError<'a> {
    /// The discriminator is absent or the empty string.
    Missing,
    /// The discriminator is not a string; `received_type` is its JS `typeof`.
    Invalid { received_type: &'a str },
    /// The discriminator names no action.
    Unknown { value: &'a str },
}

/// Writes a routing error. `actions` become one comma-joined line placed before the
/// recovery, as the reference pipeline writes them; the response is not branded.
pub fn routing_error<S: AsRef<str>>(kind: RoutingError<'_>, discriminator: &str, actions: &[S]) -> ToolResponse {
    let mut text = String::with_capacity(256);
    let (code, recovery_head, recovery_tail) = match kind {
        RoutingError::Missing => {
            ("MISSING_DISCRIMINATOR", "Add the \"", "\" field as a string and call the tool again.")
        }
        RoutingError::Invalid { .. } => {
            ("INVALID_DISCRIMINATOR", "Set \"", "\" to one of the available actions as a string.")
        }
        RoutingError::Unknown { .. } => ("UNKNOWN_ACTION", "", ""),
    };
    text.push_str("<tool_error code=\"");
    text.push_str(code);
    text.push_str("\">\n<message>");
    match kind {
        RoutingError::Missing => {
            text.push_str("The required field \"");
            push_content(&mut text, discriminator);
            text.push_str("\" is missing.");
        }
        RoutingError::Invalid { received_type } => {
            text.push_str("Discriminator field \"");
            push_content(&mut text, discriminator);
            text.push_str("\" must be a string, got ");
            push_content(&mut text, received_type);
            text.push('.');
        }
        RoutingError::Unknown { value } => {
            text.push_str("The ");
            push_content(&mut text, discriminator);
            text.push_str(" \"");
            // The model's own text, echoed: masked as every message is.
            push_content(&mut text, &redact(&cut_utf16(value, MAX_ECHOED_ACTION_UNITS, "...")));
            text.push_str("\" does not exist.");
        }
    }
    text.push_str("</message>\n<available_actions>");
    for (i, action) in actions.iter().enumerate() {
        if i > 0 {
            text.push_str(", ");
        }
        push_content(&mut text, action.as_ref());
    }
    text.push_str("</available_actions>\n<recovery>");
    if let RoutingError::Unknown { .. } = kind {
        text.push_str("Choose a valid action from available_actions and call the tool again.");
    } else {
        text.push_str(recovery_head);
        push_content(&mut text, discriminator);
        text.push_str(recovery_tail);
    }
    text.push_str("</recovery>\n</tool_error>");
    ToolResponse { text, is_error: true, branded: false }
}

/// Routes a call: `value` is the discriminator field of the arguments (`None` when
/// absent). Absent or `""` is missing, a non-string is invalid, a string that names
/// no action is unknown; otherwise the action name is returned.
pub fn route_action<'v, S: AsRef<str>>(
    value: Option<&'v Value<'v>>,
    discriminator: &str,
    actions: &[S],
) -> Result<&'v str, ToolResponse> {
    routed(value, actions).map_err(|kind| routing_error(kind, discriminator, actions))
}

/// Which action `value` names, or which routing error it is (see [`route_action`]).
pub fn routed<'v, S: AsRef<str>>(value: Option<&'v Value<'v>>, actions: &[S]) -> Result<&'v str, RoutingError<'v>> {
    match value {
        None => Err(RoutingError::Missing),
        Some(Value::String(s)) if s.is_empty() => Err(RoutingError::Missing),
        Some(Value::String(s)) if actions.iter().any(|a| a.as_ref() == s) => Ok(s),
        Some(Value::String(s)) => Err(RoutingError::Unknown { value: s }),
        Some(other) => Err(RoutingError::Invalid { received_type: js_typeof(Some(other)) }),
    }
}

/// MCP Fusion's answer to a call already cancelled when its handler would start:
/// `error('[tool/action] Request cancelled.')` (ExecutionPipeline.ts @ 148cb238);
/// `registerTool`'s tools have no action, so `[tool]`.
pub fn cancelled(tool: &str) -> ToolResponse {
    super::tool_error::error(&format!("[{tool}] Request cancelled."), None)
}

/// `[tool/action] message` (`[tool] message` without an action).
fn located_message(message: &str, tool: &str, action: Option<&str>) -> String {
    let message = cut_utf16(message, MAX_INTERNAL_MESSAGE_UNITS, "...");
    match action.filter(|a| !a.is_empty()) {
        Some(action) => format!("[{tool}/{action}] {message}"),
        None => format!("[{tool}] {message}"),
    }
}

/// Where an unbranded throw happened and how its message reaches the wire
/// (`internalError(thrown, where)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InternalErrorLocation<'a> {
    pub tool: &'a str,
    pub action: Option<&'a str>,
    /// The thrown value's category (as `classify` finds it): with `mask_server_errors`,
    /// a server-category throw is reported as `[tool/action] ` and
    /// [`SERVER_ERROR_MESSAGE`]; a client or upstream one keeps its message.
    pub category: Category,
    pub wire: WirePolicy,
}

impl<'a> InternalErrorLocation<'a> {
    /// In `tool` (and `action`), a server-category throw under the default wire policy.
    pub fn new(tool: &'a str, action: Option<&'a str>) -> Self {
        InternalErrorLocation { tool, action, category: Category::Server, wire: WirePolicy::default() }
    }
}

/// An unbranded throw from a handler or middleware. `message` is `err.message` for
/// an `Error`, `String(err)` otherwise (the JS layer computes it). Secrets in it are
/// masked before it is cut (a cut must not leave half a key unrecognised).
pub fn internal_error(message: &str, at: &InternalErrorLocation<'_>) -> ToolResponse {
    let (tool, action, wire) = (at.tool, at.action, at.wire);
    let message = if wire.mask_server_errors && at.category == Category::Server {
        SERVER_ERROR_MESSAGE.into()
    } else {
        wire.text(message)
    };
    tool_error(
        "INTERNAL_ERROR",
        &ToolErrorOptions {
            suggestion: Some(INTERNAL_ERROR_RECOVERY.to_owned()),
            // No severity: the default, `error`, is what the reference writes.
            // Redacted above, before the cut; the tool and action are the server's own names.
            wire: WirePolicy { redact_secrets: false, ..wire },
            ..ToolErrorOptions::new(located_message(&message, tool, action))
        },
    )
}

/// `createGroup`'s reply to an action it does not have (`INVALID_PARAMS`).
pub fn group_unknown_action<S: AsRef<str>>(group: &str, action: &str, actions: &[S]) -> ToolResponse {
    let mut message = format!(
        "Unknown action \"{}\" in group \"{group}\". Available: ",
        cut_utf16(action, MAX_ECHOED_ACTION_UNITS, "...")
    );
    for (i, name) in actions.iter().enumerate() {
        if i > 0 {
            message.push_str(", ");
        }
        message.push_str(name.as_ref());
    }
    error(&message, Some("INVALID_PARAMS"))
}

/// Issues `createGroup` lists before saying how many more it left out.
pub const MAX_GROUP_ISSUES: usize = 100;

/// `createGroup`'s reply to arguments its (strict) schema rejected: every issue as
/// `path: message`, joined with `; ` (`INVALID_PARAMS`). The path is `path.join('.')`
/// and the message `${message}` as the reference writes them (createGroup.ts: a `null`
/// segment prints empty, `true` as `true`, a missing message as `undefined`), read
/// through [`crate::zod`] like every other issue: a `{ key }` segment (Standard Schema)
/// prints its key. `total` is how many issues there were, `issues` their first ones
/// (at least [`MAX_GROUP_ISSUES`] when there were more): the count line counts from it.
pub fn group_validation_error(group: &str, action: &str, issues: &[Value], total: usize) -> ToolResponse {
    let mut message = format!("Validation failed for action \"{action}\" in group \"{group}\": ");
    for (i, issue) in issues.iter().take(MAX_GROUP_ISSUES).enumerate() {
        if i > 0 {
            message.push_str("; ");
        }
        let issue = IssueView::new(issue);
        message.push_str(&path_text(issue.path()));
        message.push_str(": ");
        message.push_str(&issue_message(issue));
    }
    let total = total.max(issues.len());
    if total > MAX_GROUP_ISSUES {
        message.push_str(&format!("; (+{} more)", total - MAX_GROUP_ISSUES));
    }
    error(&message, Some("INVALID_PARAMS"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_group_reply_counts_only_the_issues_past_those_it_lists() {
        let issue = Value::Object(vec![
            ("path".into(), Value::Array(vec![Value::str("a")])),
            ("message".into(), Value::str("bad")),
        ]);
        let at_cap = vec![issue.clone(); MAX_GROUP_ISSUES];
        let text = group_validation_error("g", "x", &at_cap, 0).text;
        assert!(!text.contains("more)"), "{text}");
        let past = vec![issue; MAX_GROUP_ISSUES + 1];
        let text = group_validation_error("g", "x", &past, 0).text;
        assert!(text.contains("; (+1 more)"), "{text}");
    }

    #[test]
    fn a_cancelled_call_answers_as_mcp_fusion_does() {
        let answer = cancelled("search");
        assert_eq!(answer.text, "<tool_error>\n<message>[search] Request cancelled.</message>\n</tool_error>");
        assert_eq!(answer, error("[search] Request cancelled.", None));
    }

    #[test]
    fn routes_by_the_discriminator_value() {
        let actions = ["list", "create"];
        let list = Value::str("list");
        assert_eq!(route_action(Some(&list), "action", &actions), Ok("list"));
        let missing = route_action(None, "action", &actions).err().map(|r| r.text).unwrap_or_default();
        assert!(missing.starts_with("<tool_error code=\"MISSING_DISCRIMINATOR\">"));
        let null = route_action(Some(&Value::Null), "action", &actions).err().map(|r| r.text).unwrap_or_default();
        assert!(null.contains("must be a string, got object."));
        let other = Value::str("x<y");
        let unknown = route_action(Some(&other), "action", &actions).err().map(|r| r.text).unwrap_or_default();
        assert!(unknown.contains("<message>The action \"x&lt;y\" does not exist.</message>"));
    }

    #[test]
    fn an_unknown_action_is_echoed_with_its_secrets_masked() {
        // A model that sends a credential as the action does not get it echoed back.
        let secret = Value::str("password=hunter2");
        let text = route_action(Some(&secret), "action", &["list"]).err().map(|r| r.text).unwrap_or_default();
        assert!(text.contains("<message>The action \"password=") && !text.contains("hunter2"), "{text}");
        let group = group_unknown_action("g", "password=hunter2", &["list"]).text;
        assert!(!group.contains("hunter2"), "{group}");
    }

    #[test]
    fn internal_error_names_the_tool_and_action() {
        let t = InternalErrorLocation::new("t", None);
        assert!(internal_error("boom", &t).text.contains("<message>[t] boom</message>"));
        assert!(internal_error("boom", &InternalErrorLocation::new("t", Some("a")))
            .text
            .contains("<message>[t/a] boom</message>"));
        let huge = "x".repeat(10_000);
        assert!(internal_error(&huge, &t).text.len() < 4300);
    }

    #[test]
    fn group_validation_error_joins_paths_and_messages_as_the_reference_does() {
        // createGroup.ts: `${i.path.join('.')}: ${i.message}`. `[null].join` is empty,
        // `true` prints, a missing message is `undefined`, an object is `[object Object]`.
        let issues = Value::parse_json(
            r#"[{"code":"custom","path":["a",0,true,null,"b"],"message":"m"},{"code":"custom","path":[]},{"code":"custom","path":[{"k":1}],"message":7}]"#,
        )
        .unwrap_or(Value::Null);
        let text = group_validation_error("g", "op", issues.as_array().unwrap_or_default(), 0).text;
        assert!(text.contains(": a.0.true..b: m; : undefined; [object Object]: 7</message>"), "{text}");
    }

    #[test]
    fn a_key_object_segment_prints_its_key_in_group_errors_unlike_the_reference() {
        // Standard Schema `{ key }` segments read as their key, as everywhere else;
        // the reference's `join` would print `[object Object]`.
        let issues = Value::parse_json(r#"[{"code":"custom","path":[{"key":"user"},{"key":1}],"message":"k"}]"#)
            .unwrap_or(Value::Null);
        let text = group_validation_error("g", "op", issues.as_array().unwrap_or_default(), 0).text;
        assert!(text.contains("in group \"g\": user.1: k</message>"), "{text}");
    }

    #[test]
    fn internal_error_masks_secrets_before_the_cut() {
        let key = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";
        let message = format!("{} {key}", "x".repeat(MAX_INTERNAL_MESSAGE_UNITS - 12));
        let text = internal_error(&message, &InternalErrorLocation::new("t", None)).text;
        assert!(!text.contains("ghp_16C7e4") && text.contains("ghp_***"), "{text}");
        let unmasked = WirePolicy { redact_secrets: false, ..WirePolicy::default() };
        let raw = internal_error(
            "postgres://a:pw@h",
            &InternalErrorLocation { wire: unmasked, ..InternalErrorLocation::new("t", None) },
        );
        assert!(raw.text.contains("<message>[t] postgres://a:pw@h</message>"));
    }

    #[test]
    fn the_tool_and_action_names_are_written_as_the_server_gave_them() {
        // Only the message is masked; a name that happens to look like a key stays.
        let tool = "AKIAIOSFODNN7EXAMPLE";
        let text =
            internal_error("boom", &InternalErrorLocation::new(tool, Some("ghp_16C7e42F292c6912E7710c838347Ae178B4a")))
                .text;
        assert!(
            text.contains("<message>[AKIAIOSFODNN7EXAMPLE/ghp_16C7e42F292c6912E7710c838347Ae178B4a] boom</message>"),
            "{text}"
        );
        assert!(text.starts_with("<tool_error code=\"INTERNAL_ERROR\" severity=\"error\">"), "{text}");
    }

    #[test]
    fn server_category_throws_can_be_masked() {
        let mask = WirePolicy { mask_server_errors: true, ..WirePolicy::default() };
        let at = InternalErrorLocation { wire: mask, ..InternalErrorLocation::new("t", Some("a")) };
        let server = internal_error("SELECT * FROM users failed", &at).text;
        assert!(server.contains(&format!("<message>[t/a] {SERVER_ERROR_MESSAGE}</message>")), "{server}");
        for category in [Category::Client, Category::Upstream] {
            let at = InternalErrorLocation { category, wire: mask, ..InternalErrorLocation::new("t", None) };
            let kept = internal_error("No item 7", &at).text;
            assert!(kept.contains("<message>[t] No item 7</message>"), "{kept}");
        }
    }
}
