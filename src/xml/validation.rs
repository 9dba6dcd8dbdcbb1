//! `<validation_error>`: one `<field>` line per Zod issue, saying what was sent and
//! what was expected, then the fixed recovery line.
//!
//! Issues are the raw issue objects, in either **Zod 3** or **Zod 4** shape; each
//! Zod 4 code gets the sentence of its Zod 3 twin:
//!
//! | Zod 3                                   | Zod 4                               | sentence            |
//! |-----------------------------------------|-------------------------------------|---------------------|
//! | `invalid_type` (`expected`)             | same                                | `Expected type: T.` |
//! | `invalid_string` (`validation`)         | `invalid_format` (`format`, `pattern`, `prefix`, `suffix`, `includes`) | per format |
//! | `too_small` / `too_big` (`type`)        | same (`origin`, `inclusive` optional) | length / items / bound / date |
//! | `invalid_enum_value` (`options`)        | `invalid_value` (`values`)          | `Valid options: …`  |
//! | `invalid_literal` (`expected`)          | `invalid_value` with one value      | `Expected exactly: …` |
//! | `invalid_union` (`unionErrors`)         | `invalid_union` (`errors`)          | `Send one of: …`    |
//! | `invalid_union_discriminator` (`options`) | `invalid_union` with `options`    | `Valid options: …`  |
//! | `not_multiple_of` (`multipleOf`)        | `not_multiple_of` (`divisor`)       | `Must be a multiple of N.` |
//! | key / element issues at the key's path  | `invalid_key` / `invalid_element` (`issues`) | the nested issue's sentence |
//!
//! **Caps** (the reference renders everything; these sit far above any real call and
//! keep a hostile or runaway input from costing more than its capped prefix):
//! at most [`MAX_RENDERED_ISSUES`] fields, then one `<more_issues count="N">` line;
//! each issue message cut at [`MAX_MESSAGE_UNITS`] UTF-16 units; field paths at
//! [`MAX_PATH_SEGMENTS`] segments of [`MAX_SEGMENT_UNITS`] units; listed options and
//! keys at [`MAX_LISTED_VALUES`]; union alternatives at 10 branches of 3 issues.
//! Sent objects are written as JSON only up to the 50 units shown.

use super::escape::{push_attr, push_content};
use crate::js::{
    cut_utf16, js_date_iso, js_display, json_prefix, utf16_len_exceeds, utf16_prefix_end,
};
use super::tool_error::ToolResponse;
use crate::sizes::{TrueSizes, NO_CUTS};
use crate::value::{js_number_string, Value};

/// The line every validation error ends with.
pub const VALIDATION_RECOVERY: &str =
    "Fix the fields above and call the tool again. Do not explain the error.";

/// Fields rendered before the rest are only counted. Far above any real call (a
/// schema with 100 failing fields), low enough that a million issues cost nothing.
pub const MAX_RENDERED_ISSUES: usize = 100;
/// Longest issue message repeated, in UTF-16 units (Zod's own are under 200).
pub const MAX_MESSAGE_UNITS: usize = 1000;
/// Path segments shown in a field name.
pub const MAX_PATH_SEGMENTS: usize = 32;
/// Longest path segment shown, in UTF-16 units (record keys come from the caller).
pub const MAX_SEGMENT_UNITS: usize = 100;
/// Options, values or keys listed in one sentence.
pub const MAX_LISTED_VALUES: usize = 50;

/// A sent string longer than this (UTF-16 units) is shown as its first 47 + `...`.
const SENT_STRING_UNITS: usize = 50;
/// A sent object is shown as its JSON cut to this many UTF-16 units.
const SENT_JSON_UNITS: usize = 50;
/// Longest single value quoted inside a sentence.
const MAX_VALUE_UNITS: usize = 100;
/// Path segments followed into the sent arguments before giving up.
const MAX_RESOLVE_SEGMENTS: usize = 1000;
const MAX_UNION_BRANCHES: usize = 10;
const MAX_BRANCH_ISSUES: usize = 3;
/// Nested issues (`invalid_key`, `invalid_element`) followed this deep.
const MAX_NESTED_DEPTH: usize = 2;
const UNION_FALLBACK: &str = "Send a value that matches one of the allowed alternatives.";

/// `formatValidationError(issues, actionKey, sentArgs)`. `sent_args` is `None` when
/// the arguments were `undefined`.
pub fn format_validation_error(
    issues: &[Value],
    action_key: &str,
    sent_args: Option<&Value>,
) -> String {
    format_validation_error_with_total(issues, issues.len(), action_key, sent_args)
}

/// As [`format_validation_error`], for a caller that passes only a prefix of the
/// issues (at least [`MAX_RENDERED_ISSUES`] of them, when there are that many) and
/// their total count, so a million issues never cross the boundary.
pub fn format_validation_error_with_total(
    issues: &[Value],
    total_issues: usize,
    action_key: &str,
    sent_args: Option<&Value>,
) -> String {
    format_validation_error_sized(issues, total_issues, action_key, sent_args, &NO_CUTS)
}

/// As [`format_validation_error_with_total`], from a bounded copy of the sent arguments
/// and the true sizes of what it cut (see [`crate::sizes`]): `array(N)` and a list's
/// `length` are the original's.
pub fn format_validation_error_sized(
    issues: &[Value],
    total_issues: usize,
    action_key: &str,
    sent_args: Option<&Value>,
    sent_sizes: &TrueSizes<'_>,
) -> String {
    let rendered = issues.len().min(MAX_RENDERED_ISSUES);
    let mut out = String::with_capacity(160 + 120 * rendered);
    out.push_str("<validation_error action=\"");
    push_attr(&mut out, action_key);
    out.push_str("\">");
    for issue in issues.iter().take(rendered) {
        out.push_str("\n<field name=\"");
        push_attr(&mut out, &field_name(issue_path(issue)));
        out.push_str("\">");
        push_content(&mut out, &field_detail(issue, sent_args, sent_sizes));
        out.push_str("</field>");
    }
    let left_out = total_issues.max(issues.len()) - rendered;
    if left_out > 0 {
        let noun = if left_out == 1 { "issue" } else { "issues" };
        out.push_str(&format!(
            "\n<more_issues count=\"{left_out}\">{left_out} more {noun} not shown.</more_issues>"
        ));
    }
    out.push_str("\n<recovery>");
    out.push_str(VALIDATION_RECOVERY);
    out.push_str("</recovery>\n</validation_error>");
    out
}

/// The pipeline's response for rejected arguments: `isError: true`, not branded
/// (MCP Fusion's pipeline returns it as a plain `{ content, isError: true }`).
pub fn validation_error_response(
    issues: &[Value],
    action_key: &str,
    sent_args: Option<&Value>,
) -> ToolResponse {
    validation_error_response_with_total(issues, issues.len(), action_key, sent_args)
}

/// As [`validation_error_response`], from a prefix of the issues and their total
/// (see [`format_validation_error_with_total`]).
pub fn validation_error_response_with_total(
    issues: &[Value],
    total_issues: usize,
    action_key: &str,
    sent_args: Option<&Value>,
) -> ToolResponse {
    validation_error_response_sized(issues, total_issues, action_key, sent_args, &NO_CUTS)
}

/// As [`validation_error_response_with_total`], with the true sizes of what the copy
/// of the sent arguments cut (see [`format_validation_error_sized`]).
pub fn validation_error_response_sized(
    issues: &[Value],
    total_issues: usize,
    action_key: &str,
    sent_args: Option<&Value>,
    sent_sizes: &TrueSizes<'_>,
) -> ToolResponse {
    ToolResponse {
        text: format_validation_error_sized(issues, total_issues, action_key, sent_args, sent_sizes),
        is_error: true,
        branded: false,
    }
}

fn issue_path(issue: &Value) -> &[Value] {
    issue
        .get("path")
        .and_then(Value::as_array)
        .unwrap_or_default()
}

fn issue_code(issue: &Value) -> &str {
    issue
        .get("code")
        .and_then(Value::as_str)
        .unwrap_or_default()
}

fn issue_message(issue: &Value) -> String {
    match issue.get("message").and_then(Value::as_str) {
        Some(message) => cut_utf16(message, MAX_MESSAGE_UNITS, "..."),
        None => "Invalid input".to_owned(),
    }
}

fn push_segment(out: &mut String, segment: &Value) {
    match segment.path_key() {
        Value::String(s) => out.push_str(&cut_utf16(s, MAX_SEGMENT_UNITS, "...")),
        // `[null].join('.')` is empty; other values print as JS would.
        Value::Null => {}
        other => out.push_str(&js_display(other, MAX_SEGMENT_UNITS)),
    }
}

/// `path.join('.')`, or `(root)` for the empty path.
fn field_name(path: &[Value]) -> String {
    if path.is_empty() {
        return "(root)".to_owned();
    }
    let mut name = String::new();
    for (i, segment) in path.iter().take(MAX_PATH_SEGMENTS).enumerate() {
        if i > 0 {
            name.push('.');
        }
        push_segment(&mut name, segment);
    }
    if path.len() > MAX_PATH_SEGMENTS {
        name.push_str(".…");
    }
    name
}

/// `MESSAGE You sent: SENT.[ SUGGESTION]`
fn field_detail(issue: &Value, sent_args: Option<&Value>, sizes: &TrueSizes<'_>) -> String {
    let mut detail = issue_message(issue);
    detail.push_str(" You sent: ");
    detail.push_str(&describe_sent(resolve_sent_sized(sent_args, sizes, issue_path(issue))));
    detail.push('.');
    if let Some(suggestion) = issue_suggestion(issue) {
        detail.push(' ');
        detail.push_str(&suggestion);
    }
    detail
}

/// What a path points at in the sent arguments.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SentValue<'v> {
    /// `undefined`: absent, or the path is empty (the reference resolves no root).
    Missing,
    Value(&'v Value),
    /// An array's `length`, which a JS property lookup would find.
    Length(usize),
    /// A list of this many entries (more than a bounded copy of it holds).
    List(usize),
}

fn array_item<'v>(items: &'v [Value], len: usize, segment: &Value) -> SentValue<'v> {
    let index = match segment.path_key() {
        Value::Number(n) if n.fract() == 0.0 && *n >= 0.0 && *n < 4_294_967_295.0 => {
            // Checked above to be a whole number in u32 range.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            Some(*n as usize)
        }
        Value::String(s) if s == "length" => return SentValue::Length(len),
        Value::String(s)
            if s == "0"
                || (!s.starts_with('0')
                    && !s.is_empty()
                    && s.bytes().all(|b| b.is_ascii_digit())) =>
        {
            s.parse::<usize>().ok()
        }
        _ => None,
    };
    index
        .and_then(|i| items.get(i))
        .map_or(SentValue::Missing, SentValue::Value)
}

/// Follows an issue path into the sent arguments as a JS property walk would.
pub fn resolve_sent<'v>(sent_args: Option<&'v Value>, path: &[Value]) -> SentValue<'v> {
    resolve_sent_sized(sent_args, &NO_CUTS, path)
}

/// [`resolve_sent`] in a bounded copy whose cuts `sizes` records: a cut list's length
/// is the original's (a list the copy cut resolves to [`SentValue::List`]).
pub fn resolve_sent_sized<'v>(sent_args: Option<&'v Value>, sizes: &TrueSizes<'_>, path: &[Value]) -> SentValue<'v> {
    if path.is_empty() || path.len() > MAX_RESOLVE_SEGMENTS {
        return SentValue::Missing;
    }
    let mut current = match sent_args {
        Some(v) => SentValue::Value(v),
        None => return SentValue::Missing,
    };
    for segment in path {
        current = match current {
            SentValue::Value(Value::Object(entries)) => {
                let key = match segment.path_key() {
                    Value::String(s) => s.clone(),
                    Value::Number(n) => js_number_string(*n),
                    _ => return SentValue::Missing,
                };
                entries
                    .iter()
                    .find(|(k, _)| *k == key)
                    .map_or(SentValue::Missing, |(_, v)| SentValue::Value(v))
            }
            SentValue::Value(node @ Value::Array(items)) => array_item(items, sizes.len_of(node, items), segment),
            _ => return SentValue::Missing,
        };
    }
    match current {
        SentValue::Value(node @ Value::Array(items)) if sizes.of(node).is_some() => SentValue::List(sizes.len_of(node, items)),
        other => other,
    }
}

/// The `You sent:` text: `(missing)`, `null`, `'str'` (over 50 units: first 47 +
/// `...`), numbers and booleans as JS prints them, `array(N)`, or an object's JSON
/// cut to 50 units. Lengths are UTF-16 units and no cut splits a surrogate pair.
pub fn describe_sent(sent: SentValue<'_>) -> String {
    match sent {
        SentValue::Missing => "(missing)".to_owned(),
        SentValue::Length(n) => n.to_string(),
        SentValue::List(n) => format!("array({n})"),
        SentValue::Value(value) => match value {
            Value::Null => "null".to_owned(),
            Value::String(s) => {
                if utf16_len_exceeds(s, SENT_STRING_UNITS) {
                    let end = utf16_prefix_end(s, SENT_STRING_UNITS - 3);
                    format!("'{}...'", s.get(..end).unwrap_or_default())
                } else {
                    format!("'{s}'")
                }
            }
            Value::Number(_) | Value::Bool(_) => js_display(value, SENT_STRING_UNITS),
            Value::Array(items) => format!("array({})", items.len()),
            Value::Object(_) => json_prefix(value, SENT_JSON_UNITS),
        },
    }
}

/// A literal value as a sentence quotes it: strings in single quotes.
fn quote(value: &Value) -> String {
    match value {
        Value::String(s) => format!("'{}'", cut_utf16(s, MAX_VALUE_UNITS, "...")),
        other => js_display(other, MAX_VALUE_UNITS),
    }
}

/// `'a', 'b', 'c'` (then `(and N more)` past the cap).
fn quoted_list(values: &[Value]) -> String {
    let mut list = values
        .iter()
        .take(MAX_LISTED_VALUES)
        .map(quote)
        .collect::<Vec<_>>()
        .join(", ");
    if values.len() > MAX_LISTED_VALUES {
        list.push_str(&format!(" (and {} more)", values.len() - MAX_LISTED_VALUES));
    }
    list
}

fn valid_options(values: &[Value]) -> String {
    format!("Valid options: {}.", quoted_list(values))
}

fn number_text(value: &Value) -> Option<String> {
    match value {
        Value::Number(n) => Some(js_number_string(*n)),
        // A bigint bound arrives as its decimal string.
        Value::String(s) => Some(cut_utf16(s, MAX_VALUE_UNITS, "...")),
        _ => None,
    }
}

/// The sentence that follows `You sent:`, tuned per issue code; `None` where the
/// message already says everything (`custom` and the like).
pub fn issue_suggestion(issue: &Value) -> Option<String> {
    suggestion_at(issue, 0)
}

fn suggestion_at(issue: &Value, depth: usize) -> Option<String> {
    let field = |name: &str| issue.get(name);
    match issue_code(issue) {
        "invalid_type" => field("expected")
            .and_then(Value::as_str)
            .map(|t| format!("Expected type: {}.", cut_utf16(t, MAX_VALUE_UNITS, "..."))),
        "invalid_string" => match field("validation")? {
            Value::String(name) => format_sentence(name, issue),
            Value::Object(_) => {
                let check = field("validation")?;
                if let Some(v) = check.get("includes") {
                    Some(format!("Must contain {}.", quote(v)))
                } else if let Some(v) = check.get("startsWith") {
                    Some(format!("Must start with {}.", quote(v)))
                } else {
                    check
                        .get("endsWith")
                        .map(|v| format!("Must end with {}.", quote(v)))
                }
            }
            _ => None,
        },
        "invalid_format" => format_sentence(field("format").and_then(Value::as_str)?, issue),
        "too_small" => bound_sentence(issue, true),
        "too_big" => bound_sentence(issue, false),
        "invalid_enum_value" | "invalid_union_discriminator" => field("options")
            .and_then(Value::as_array)
            .map(valid_options),
        "invalid_value" => match field("values").and_then(Value::as_array)? {
            [single] => Some(format!("Expected exactly: {}.", quote(single))),
            values => Some(valid_options(values)),
        },
        "invalid_literal" => field("expected").map(|v| format!("Expected exactly: {}.", quote(v))),
        "invalid_union" => Some(union_sentence(issue)),
        "unrecognized_keys" => field("keys").and_then(Value::as_array).map(|keys| {
            format!(
                "Remove or correct unrecognized fields: {}. Check for typos.",
                quoted_list(keys)
            )
        }),
        "not_multiple_of" => field("multipleOf")
            .or_else(|| field("divisor"))
            .and_then(number_text)
            .map(|n| format!("Must be a multiple of {n}.")),
        "not_finite" => Some("Must be a finite number.".to_owned()),
        "invalid_date" => Some("Expected: a valid date.".to_owned()),
        "invalid_key" => Some(nested_sentence(
            "The key itself is invalid.".to_owned(),
            issue,
            depth,
        )),
        "invalid_element" => {
            let origin = field("origin")
                .and_then(Value::as_str)
                .unwrap_or("collection");
            let head = format!(
                "An element of this {} is invalid.",
                cut_utf16(origin, MAX_VALUE_UNITS, "...")
            );
            Some(nested_sentence(head, issue, depth))
        }
        _ => None,
    }
}

/// `head` followed by what the first nested issue says.
fn nested_sentence(head: String, issue: &Value, depth: usize) -> String {
    let inner = issue
        .get("issues")
        .and_then(Value::as_array)
        .and_then(<[Value]>::first);
    let Some(inner) = inner else { return head };
    let said = if depth < MAX_NESTED_DEPTH {
        suggestion_at(inner, depth + 1)
    } else {
        None
    };
    let said = said.unwrap_or_else(|| {
        let mut message = issue_message(inner);
        if !message.ends_with('.') {
            message.push('.');
        }
        message
    });
    format!("{head} {said}")
}

/// One sentence per string format (Zod 3 `validation` and Zod 4 `format` names).
fn format_sentence(name: &str, issue: &Value) -> Option<String> {
    let fixed = match name {
        "email" => "Expected: a valid email address (e.g. user@example.com).",
        "url" => "Expected: a valid URL (e.g. https://example.com).",
        "uuid" | "guid" => "Expected: a valid UUID (e.g. 123e4567-e89b-12d3-a456-426614174000).",
        "datetime" => "Expected: an ISO 8601 datetime (e.g. 2024-01-15T10:30:00Z).",
        "date" => "Expected: an ISO 8601 date (e.g. 2024-01-15).",
        "time" => "Expected: an ISO 8601 time (e.g. 10:30:00).",
        "duration" => "Expected: an ISO 8601 duration (e.g. P3DT4H).",
        "cuid" => "Expected: a valid CUID (e.g. cjld2cjxh0000qzrmn831i7rn).",
        "cuid2" => {
            "Expected: a valid CUID2 (lowercase letters and digits, starting with a letter)."
        }
        "ulid" => "Expected: a valid ULID (26 characters, e.g. 01ARZ3NDEKTSV4RRFFQ69G5FAV).",
        "nanoid" => "Expected: a valid Nano ID (21 URL-safe characters).",
        "xid" => "Expected: a valid XID (20 characters).",
        "ksuid" => "Expected: a valid KSUID (27 characters).",
        "ip" => "Expected: a valid IPv4 or IPv6 address.",
        "ipv4" => "Expected: a valid IPv4 address (e.g. 192.168.0.1).",
        "ipv6" => "Expected: a valid IPv6 address (e.g. 2001:db8::1).",
        "cidr" => "Expected: a CIDR block (e.g. 10.0.0.0/8).",
        "cidrv4" => "Expected: an IPv4 CIDR block (e.g. 10.0.0.0/8).",
        "cidrv6" => "Expected: an IPv6 CIDR block (e.g. 2001:db8::/32).",
        "emoji" => "Expected: emoji characters only.",
        "base64" => "Expected: a base64-encoded string.",
        "base64url" => "Expected: a base64url-encoded string.",
        "jwt" => "Expected: a JSON Web Token (header.payload.signature).",
        "e164" => "Expected: a phone number in E.164 format (e.g. +14155552671).",
        "lowercase" => "Expected: no uppercase letters.",
        "uppercase" => "Expected: no lowercase letters.",
        "json_string" => "Expected: a string holding valid JSON.",
        "hostname" => "Expected: a valid hostname (e.g. example.com).",
        "mac" => "Expected: a valid MAC address (e.g. 00:1A:2B:3C:4D:5E).",
        "hex" => "Expected: hexadecimal characters only.",
        "regex" => {
            // Zod 3 names no pattern; Zod 4 does, and the pattern is what the model needs.
            return Some(match issue.get("pattern").and_then(Value::as_str) {
                Some(p) => format!(
                    "Value does not match the required pattern {}.",
                    cut_utf16(p, MAX_VALUE_UNITS, "...")
                ),
                None => "Value does not match the required pattern.".to_owned(),
            });
        }
        "starts_with" => {
            return issue
                .get("prefix")
                .map(|v| format!("Must start with {}.", quote(v)))
        }
        "ends_with" => {
            return issue
                .get("suffix")
                .map(|v| format!("Must end with {}.", quote(v)))
        }
        "includes" => {
            return issue
                .get("includes")
                .map(|v| format!("Must contain {}.", quote(v)))
        }
        other => {
            return Some(format!(
                "Expected format: {}.",
                cut_utf16(other, MAX_VALUE_UNITS, "...")
            ))
        }
    };
    Some(fixed.to_owned())
}

/// `too_small` / `too_big`: Zod 3 names the kind `type`, Zod 4 `origin`; Zod 4 may
/// omit `inclusive` (default true).
fn bound_sentence(issue: &Value, minimum: bool) -> Option<String> {
    let bound = issue.get(if minimum { "minimum" } else { "maximum" })?;
    let n = number_text(bound)?;
    let kind = issue
        .get("origin")
        .or_else(|| issue.get("type"))
        .and_then(Value::as_str)
        .unwrap_or_default();
    let inclusive = issue.get("inclusive") != Some(&Value::Bool(false));
    let exact = issue.get("exact") == Some(&Value::Bool(true));
    let plural = |noun: &str| {
        if bound.as_f64() == Some(1.0) || bound.as_str() == Some("1") {
            noun.to_owned()
        } else {
            format!("{noun}s")
        }
    };
    Some(match kind {
        "string" => {
            let which = if exact {
                "Exact"
            } else if minimum {
                "Minimum"
            } else {
                "Maximum"
            };
            format!("{which} length: {n} {}.", plural("character"))
        }
        "array" | "set" => {
            let which = if exact {
                "Exactly"
            } else if minimum {
                "Minimum"
            } else {
                "Maximum"
            };
            format!("{which} {n} {}.", plural("item"))
        }
        "file" => format!(
            "{} size: {n} {}.",
            if minimum { "Minimum" } else { "Maximum" },
            plural("byte")
        ),
        "date" => {
            let when = bound.as_f64().and_then(js_date_iso).unwrap_or(n);
            let relation = match (minimum, inclusive) {
                (true, true) => "on or after",
                (true, false) => "after",
                (false, true) => "on or before",
                (false, false) => "before",
            };
            format!("Must be {relation} {when}.")
        }
        _ => {
            let op = match (minimum, inclusive) {
                (true, true) => ">=",
                (true, false) => ">",
                (false, true) => "<=",
                (false, false) => "<",
            };
            format!("Must be {op} {n}.")
        }
    })
}

/// What one union branch expected at the union's own position, if it says.
fn expectation(issue: &Value) -> Option<String> {
    let short_list = |values: &[Value]| {
        let mut text = values
            .iter()
            .take(MAX_UNION_BRANCHES)
            .map(quote)
            .collect::<Vec<_>>()
            .join(" | ");
        if values.len() > MAX_UNION_BRANCHES {
            text.push_str(" | …");
        }
        text
    };
    match issue_code(issue) {
        "invalid_type" => issue
            .get("expected")
            .and_then(Value::as_str)
            .map(|t| cut_utf16(t, MAX_VALUE_UNITS, "...")),
        "invalid_literal" => issue.get("expected").map(quote),
        "invalid_value" => issue
            .get("values")
            .and_then(Value::as_array)
            .map(short_list),
        "invalid_enum_value" => issue
            .get("options")
            .and_then(Value::as_array)
            .map(short_list),
        _ => None,
    }
}

/// A branch issue's path below the union: Zod 3 paths are absolute (strip the
/// union's own path), Zod 4 paths are already relative.
fn relative_name(path: &[Value], base: &[Value], absolute: bool) -> String {
    let below = if absolute {
        path.strip_prefix(base).unwrap_or(path)
    } else {
        path
    };
    let mut name = String::new();
    for (i, segment) in below.iter().take(MAX_PATH_SEGMENTS).enumerate() {
        if i > 0 {
            name.push('.');
        }
        push_segment(&mut name, segment);
    }
    name
}

/// `string`, `'a'`, or `{a: string, b: number}` for a branch of object shape.
fn branch_summary(issues: &[Value], base: &[Value], absolute: bool) -> Option<String> {
    let parts: Vec<(String, String)> = issues
        .iter()
        .take(MAX_BRANCH_ISSUES)
        .map(|issue| {
            let what = expectation(issue)
                .unwrap_or_else(|| cut_utf16(&issue_message(issue), MAX_VALUE_UNITS, "..."));
            (relative_name(issue_path(issue), base, absolute), what)
        })
        .collect();
    if let [(name, what)] = parts.as_slice() {
        if name.is_empty() {
            return Some(what.clone());
        }
    }
    if parts.is_empty() {
        return None;
    }
    let mut text = String::from("{");
    for (i, (name, what)) in parts.iter().enumerate() {
        if i > 0 {
            text.push_str(", ");
        }
        if !name.is_empty() {
            text.push_str(name);
            text.push_str(": ");
        }
        text.push_str(what);
    }
    if issues.len() > MAX_BRANCH_ISSUES {
        text.push_str(", …");
    }
    text.push('}');
    Some(text)
}

/// `Send one of: string | number.` from the branches' issues (Zod 3 `unionErrors`,
/// Zod 4 `errors`); the valid options of a discriminated union.
fn union_sentence(issue: &Value) -> String {
    if let Some(options) = issue
        .get("options")
        .and_then(Value::as_array)
        .filter(|o| !o.is_empty())
    {
        return valid_options(options);
    }
    let base = issue_path(issue);
    let (branches, absolute) =
        if let Some(list) = issue.get("unionErrors").and_then(Value::as_array) {
            (list, true)
        } else if let Some(list) = issue.get("errors").and_then(Value::as_array) {
            (list, false)
        } else {
            return UNION_FALLBACK.to_owned();
        };
    let mut alternatives: Vec<String> = Vec::new();
    for branch in branches.iter().take(MAX_UNION_BRANCHES) {
        let issues = if absolute {
            branch.get("issues").and_then(Value::as_array)
        } else {
            branch.as_array()
        };
        match branch_summary(issues.unwrap_or_default(), base, absolute) {
            Some(summary) => {
                if !alternatives.contains(&summary) {
                    alternatives.push(summary);
                }
            }
            None => return UNION_FALLBACK.to_owned(),
        }
    }
    if alternatives.is_empty() {
        return UNION_FALLBACK.to_owned();
    }
    let more = if branches.len() > MAX_UNION_BRANCHES {
        " | …"
    } else {
        ""
    };
    format!("Send one of: {}{more}.", alternatives.join(" | "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn issue(json: &str) -> Value {
        Value::parse_json(json).unwrap_or(Value::Null)
    }

    #[test]
    fn standard_schema_key_segments_name_fields_and_find_sent_values() {
        // Valibot and ArkType write path segments as `{ key }` (Standard Schema).
        let issues = [issue(
            r#"{"code":"invalid_type","expected":"number","message":"Expected number","path":[{"key":"user"},{"key":0}]}"#,
        )];
        let args = issue(r#"{"user":["x"]}"#);
        let xml = format_validation_error(&issues, "t", Some(&args));
        assert!(xml.contains(r#"<field name="user.0">Expected number You sent: 'x'."#), "{xml}");
    }

    #[test]
    fn sent_values_print_as_the_reference_does() {
        let args =
            issue(r#"{"s":"abc","n":1.5,"b":false,"z":null,"a":[1,2],"o":{"k":"v"},"e":""}"#);
        let sent = |key: &str| describe_sent(resolve_sent(Some(&args), &[Value::str(key)]));
        assert_eq!(sent("s"), "'abc'");
        assert_eq!(sent("n"), "1.5");
        assert_eq!(sent("b"), "false");
        assert_eq!(sent("z"), "null");
        assert_eq!(sent("a"), "array(2)");
        assert_eq!(sent("o"), "{\"k\":\"v\"}");
        assert_eq!(sent("e"), "''");
        assert_eq!(sent("nope"), "(missing)");
        assert_eq!(describe_sent(resolve_sent(Some(&args), &[])), "(missing)");
        assert_eq!(
            describe_sent(resolve_sent(None, &[Value::str("s")])),
            "(missing)"
        );
        assert_eq!(
            describe_sent(resolve_sent(
                Some(&args),
                &[Value::str("a"), Value::Number(1.0)]
            )),
            "2"
        );
        assert_eq!(
            describe_sent(resolve_sent(
                Some(&args),
                &[Value::str("a"), Value::str("1")]
            )),
            "2"
        );
        assert_eq!(
            describe_sent(resolve_sent(
                Some(&args),
                &[Value::str("a"), Value::str("length")]
            )),
            "2"
        );
        assert_eq!(
            describe_sent(resolve_sent(
                Some(&args),
                &[Value::str("s"), Value::Number(0.0)]
            )),
            "(missing)"
        );
    }

    #[test]
    fn long_sent_strings_cut_at_47_units_without_splitting_a_pair() {
        let exactly_50 = "a".repeat(50);
        assert_eq!(
            describe_sent(SentValue::Value(&Value::str(exactly_50.clone()))),
            format!("'{exactly_50}'")
        );
        let s = format!("{}😀tail-tail-tail", "a".repeat(46));
        assert_eq!(
            describe_sent(SentValue::Value(&Value::str(s))),
            format!("'{}...'", "a".repeat(46))
        );
        // 25 emoji are exactly 50 units: not cut.
        let emoji = "😀".repeat(25);
        assert_eq!(
            describe_sent(SentValue::Value(&Value::str(emoji.clone()))),
            format!("'{emoji}'")
        );
    }

    #[test]
    fn zod4_codes_get_the_sentences_of_their_zod3_twins() {
        let pairs = [
            (
                r#"{"code":"invalid_string","validation":"email","message":"m","path":[]}"#,
                r#"{"code":"invalid_format","format":"email","origin":"string","message":"m","path":[]}"#,
            ),
            (
                r#"{"code":"too_small","minimum":3,"type":"string","inclusive":true,"exact":false,"message":"m","path":[]}"#,
                r#"{"code":"too_small","minimum":3,"origin":"string","inclusive":true,"message":"m","path":[]}"#,
            ),
            (
                r#"{"code":"too_big","maximum":10,"type":"number","inclusive":true,"exact":false,"message":"m","path":[]}"#,
                r#"{"code":"too_big","maximum":10,"origin":"number","message":"m","path":[]}"#,
            ),
            (
                r#"{"code":"invalid_enum_value","options":["a","b"],"received":"c","message":"m","path":[]}"#,
                r#"{"code":"invalid_value","values":["a","b"],"message":"m","path":[]}"#,
            ),
            (
                r#"{"code":"invalid_literal","expected":"x","received":"y","message":"m","path":[]}"#,
                r#"{"code":"invalid_value","values":["x"],"message":"m","path":[]}"#,
            ),
            (
                r#"{"code":"not_multiple_of","multipleOf":5,"message":"m","path":[]}"#,
                r#"{"code":"not_multiple_of","divisor":5,"origin":"number","message":"m","path":[]}"#,
            ),
            (
                r#"{"code":"invalid_union_discriminator","options":["a","b"],"message":"m","path":["s","type"]}"#,
                r#"{"code":"invalid_union","errors":[],"note":"No matching discriminator","discriminator":"type","options":["a","b"],"message":"m","path":["s","type"]}"#,
            ),
            (
                r#"{"code":"invalid_union","unionErrors":[{"issues":[{"code":"invalid_type","expected":"string","received":"boolean","path":["u"],"message":"m"}],"name":"ZodError"},{"issues":[{"code":"invalid_type","expected":"number","received":"boolean","path":["u"],"message":"m"}],"name":"ZodError"}],"path":["u"],"message":"Invalid input"}"#,
                r#"{"code":"invalid_union","errors":[[{"expected":"string","code":"invalid_type","path":[],"message":"m"}],[{"expected":"number","code":"invalid_type","path":[],"message":"m"}]],"path":["u"],"message":"Invalid input"}"#,
            ),
            (
                r#"{"code":"invalid_union","unionErrors":[{"issues":[{"code":"invalid_type","expected":"string","received":"undefined","path":["u","a"],"message":"Required"}],"name":"ZodError"},{"issues":[{"code":"invalid_type","expected":"number","received":"undefined","path":["u","b"],"message":"Required"}],"name":"ZodError"}],"path":["u"],"message":"Invalid input"}"#,
                r#"{"code":"invalid_union","errors":[[{"expected":"string","code":"invalid_type","path":["a"],"message":"x"}],[{"expected":"number","code":"invalid_type","path":["b"],"message":"x"}]],"path":["u"],"message":"Invalid input"}"#,
            ),
            (
                r#"{"code":"invalid_string","validation":{"startsWith":"ab"},"message":"m","path":[]}"#,
                r#"{"code":"invalid_format","format":"starts_with","prefix":"ab","message":"m","path":[]}"#,
            ),
            (
                r#"{"code":"too_small","minimum":1704067200000,"type":"date","inclusive":true,"exact":false,"message":"m","path":[]}"#,
                r#"{"code":"too_small","minimum":1704067200000,"origin":"date","inclusive":true,"message":"m","path":[]}"#,
            ),
            (
                r#"{"code":"too_small","minimum":3,"type":"string","inclusive":true,"exact":false,"message":"m","path":["r","ab"]}"#,
                r#"{"code":"invalid_key","origin":"record","issues":[{"origin":"string","code":"too_small","minimum":3,"inclusive":true,"path":[],"message":"x"}],"path":["r","ab"],"message":"Invalid key in record"}"#,
            ),
        ];
        for (zod3, zod4) in pairs {
            let (three, four) = (
                issue_suggestion(&issue(zod3)),
                issue_suggestion(&issue(zod4)),
            );
            assert!(three.is_some(), "{zod3}");
            let three = three.unwrap_or_default();
            let four = four.unwrap_or_default();
            assert!(four.ends_with(&three), "{three:?} vs {four:?}");
        }
        let union = issue_suggestion(&issue(pairs[7].1)).unwrap_or_default();
        assert_eq!(union, "Send one of: string | number.");
        let objects = issue_suggestion(&issue(pairs[8].0)).unwrap_or_default();
        assert_eq!(objects, "Send one of: {a: string} | {b: number}.");
        let date = issue_suggestion(&issue(pairs[10].1)).unwrap_or_default();
        assert_eq!(date, "Must be on or after 2024-01-01T00:00:00.000Z.");
    }

    #[test]
    fn a_million_issues_render_only_the_cap() {
        let one = issue(r#"{"code":"custom","message":"Nope","path":["x"]}"#);
        let issues = vec![one; 1_000_000];
        let text = format_validation_error(&issues, "t/a", None);
        assert_eq!(text.matches("<field ").count(), MAX_RENDERED_ISSUES);
        assert!(text
            .contains("<more_issues count=\"999900\">999900 more issues not shown.</more_issues>"));
        assert!(text.ends_with("</recovery>\n</validation_error>"));
        let prefix = format_validation_error_with_total(
            issues.get(..MAX_RENDERED_ISSUES).unwrap_or_default(),
            issues.len(),
            "t/a",
            None,
        );
        assert_eq!(prefix, text);
        let one =
            format_validation_error_with_total(issues.get(..1).unwrap_or_default(), 2, "t/a", None);
        assert!(one.contains("<more_issues count=\"1\">1 more issue not shown.</more_issues>"));
    }

    #[test]
    fn huge_objects_are_not_serialised_whole() {
        let big = Value::Object(
            (0..200_000)
                .map(|i| (format!("k{i}"), Value::Number(f64::from(i))))
                .collect(),
        );
        let args = Value::Object(vec![("o".to_owned(), big)]);
        let sent = describe_sent(resolve_sent(Some(&args), &[Value::str("o")]));
        assert_eq!(sent.encode_utf16().count(), 50);
    }
}
