//! MCP Fusion's routing replies (XML dialect): a call whose discriminator names no
//! action, and `createGroup`'s replies to an unknown action or rejected arguments.

use super::bound::{author_text, js_slice, LIST_ENTRIES};
use super::issue::{issue_values, Issue};
use super::tool_result::ToolResult;
use crate::js_constants::ECHO_UNITS;
use crate::value::Value;
use crate::xml::routing::MAX_GROUP_ISSUES;
use crate::xml::{self, RoutingError};
use std::borrow::Cow;

/// A server's action names as the npm package hands them on: the first
/// [`LIST_ENTRIES`], each cut as an author's text.
fn action_names<S: AsRef<str>>(actions: &[S]) -> Vec<Cow<'_, str>> {
    actions.iter().take(LIST_ENTRIES).map(|a| author_text(a.as_ref())).collect()
}

/// What the model sent as the action, as far as a reply echoes it.
fn echoed(value: &str) -> Cow<'_, str> {
    js_slice(value, ECHO_UNITS)
}

/// MCP Fusion's pipeline reply to a call it cannot route (the npm `routingError`):
/// `MISSING_DISCRIMINATOR`, `INVALID_DISCRIMINATOR` (`received_type` is the JavaScript
/// `typeof` of what was sent: `"number"`, `"boolean"`, `"object"`) or `UNKNOWN_ACTION`, the actions listed
/// on one line, and the recovery. Not branded: the pipeline writes it.
///
/// ```
/// use mcp_envelope::{routing_error, RoutingError};
///
/// let result = routing_error(RoutingError::Unknown { value: "remove" }, "action", &["list", "create"]);
/// assert_eq!(
///     result.text(),
///     "<tool_error code=\"UNKNOWN_ACTION\">\n<message>The action \"remove\" does not exist.</message>\n<available_actions>list, create</available_actions>\n<recovery>Choose a valid action from available_actions and call the tool again.</recovery>\n</tool_error>"
/// );
/// ```
pub fn routing_error<S: AsRef<str>>(kind: RoutingError<'_>, discriminator: &str, actions: &[S]) -> ToolResult {
    let discriminator = author_text(discriminator);
    let actions = action_names(actions);
    let text;
    let kind = match kind {
        RoutingError::Unknown { value } => {
            text = echoed(value);
            RoutingError::Unknown { value: &text }
        }
        // A `typeof` name from JS; any text from a Rust caller, so bounded as theirs.
        RoutingError::Invalid { received_type } => {
            text = author_text(received_type);
            RoutingError::Invalid { received_type: &text }
        }
        RoutingError::Missing => RoutingError::Missing,
    };
    ToolResult::new(xml::routing_error(kind, &discriminator, &actions).to_call_tool_result())
}

/// Routes a call by its discriminator: `sent` is the value of the arguments'
/// discriminator field (`None` when absent). An absent or empty value, a value that is
/// no string, or a string that names none of `actions` is the [`routing_error`] for it;
/// otherwise the action's name.
///
/// ```
/// use mcp_envelope::{route_action, Value};
///
/// let args = Value::parse_json(r#"{"action":42}"#).unwrap();
/// let actions = ["list", "create"];
/// let refused = route_action(args.get("action"), "action", &actions).unwrap_err();
/// assert!(refused.text().starts_with(
///     "<tool_error code=\"INVALID_DISCRIMINATOR\">\n<message>Discriminator field \"action\" must be a string, got number.</message>"
/// ));
/// let args = Value::parse_json(r#"{"action":"list"}"#).unwrap();
/// assert_eq!(route_action(args.get("action"), "action", &actions).ok(), Some("list"));
/// ```
pub fn route_action<'v, S: AsRef<str>>(
    sent: Option<&'v Value<'v>>,
    discriminator: &str,
    actions: &[S],
) -> Result<&'v str, ToolResult> {
    xml::routing::routed(sent, actions).map_err(|kind| routing_error(kind, discriminator, actions))
}

/// `createGroup`'s reply to an action the group does not have (`INVALID_PARAMS`,
/// branded: the group's own answer), naming the actions it has.
///
/// ```
/// use mcp_envelope::group_unknown_action;
///
/// assert_eq!(
///     group_unknown_action("g", "zzz", &["a", "b"]).text(),
///     "<tool_error code=\"INVALID_PARAMS\">\n<message>Unknown action \"zzz\" in group \"g\". Available: a, b</message>\n</tool_error>"
/// );
/// ```
pub fn group_unknown_action<S: AsRef<str>>(group: &str, action: &str, actions: &[S]) -> ToolResult {
    let group = author_text(group);
    let action = echoed(action);
    let actions = action_names(actions);
    ToolResult::new(xml::group_unknown_action(&group, &action, &actions).to_call_tool_result())
}

/// `createGroup`'s reply to arguments its schema rejected (`INVALID_PARAMS`): each
/// issue as `path: message`, joined with `; `, the first hundred, then how many more.
///
/// ```
/// use mcp_envelope::{group_validation_error, Issue};
///
/// let issues = [Issue::new("unrecognized_keys", "Unrecognized key(s) in object: 'extra'")];
/// assert_eq!(
///     group_validation_error("billing", "op", &issues).text(),
///     "<tool_error code=\"INVALID_PARAMS\">\n<message>Validation failed for action \"op\" in group \"billing\": : Unrecognized key(s) in object: 'extra'</message>\n</tool_error>"
/// );
/// ```
pub fn group_validation_error(group: &str, action: &str, issues: &[Issue]) -> ToolResult {
    let (group, action) = (author_text(group), author_text(action));
    // The issues it lists and one more, as the npm package sends them.
    let values = issue_values(issues.get(..issues.len().min(MAX_GROUP_ISSUES + 1)).unwrap_or_default());
    let read = crate::source::normalise(&values, None);
    let total = issues.len().saturating_sub(read.left_out);
    ToolResult::new(xml::group_validation_error(&group, &action, &read.issues, total).to_call_tool_result())
}
