//! `<validation_error>`: one `<field>` line per Zod issue, saying what was sent and
//! what was expected, then the fixed recovery line.
//!
//! Issues are the raw issue objects, in either **Zod 3** or **Zod 4** shape. Each
//! gets the suggestion the reference writes for it: a Zod 3 issue the Zod 3
//! formatter's (mcp-fusion `src/framework/execution/ValidationErrorFormatter.ts` @
//! 729d7c5), a Zod 4 issue the Zod 4 formatter's (`packages/core/src/core/execution/
//! ValidationErrorFormatter.ts` @ 71a9539), and neither writes a sentence for a code
//! it does not name. "none" means nothing follows `You sent: X.` Every row is a
//! vector in `tests/conformance-own/fusion-source.json`.
//!
//! | issue | Zod 3 | Zod 4 |
//! |---|---|---|
//! | `invalid_type` | `Expected type: T.` | same |
//! | string format email / url / uuid / cuid / datetime / ip / emoji / regex | `Expected: a valid email address (e.g. user@example.com).`, `… URL (e.g. https://example.com).`, `… UUID (e.g. 123e…).`, `Expected: a valid CUID.`, `Expected: an ISO 8601 datetime (e.g. 2024-01-15T10:30:00Z).`, `Expected: a valid IP address.`, `Expected: a valid emoji character.`, `Value does not match the required pattern.` | same 8 (`format`; Zod 4 never says `ip`) |
//! | any other format, and `{ includes/startsWith/endsWith }` | none | none |
//! | `too_small` string / array | `Minimum length: N character(s).` / `Minimum N item(s).` (`exact` ignored) | same |
//! | `too_small` number, bigint (Zod 4 also int), set, other | `Must be >= N.` / `> N` (`inclusive` read for truth) | same (`inclusive !== false`; a bound without `origin` or `type`, as a refinement's `ctx.addIssue` writes it, is Zod 4's: `>= N`) |
//! | `too_small` date | `Must be after ISO.` (inclusive or not) | same |
//! | `too_big` string / array | `Maximum length: …` / `Maximum N item(s).` | same |
//! | `too_big` number, bigint, set, date, other | `Must be <= N.` / `< N` (a date as epoch ms) | same |
//! | `invalid_enum_value` / `invalid_value` | `Valid options: 'a', 'b'.` (every value quoted, `'1'`) | same, one value too |
//! | `invalid_literal` | `Expected exactly: JSON.` (`"a"`, `42`, `null`, `undefined`) | (is `invalid_value`) |
//! | `invalid_union` | `Value didn't match any of the expected formats.` | same, discriminator too |
//! | `invalid_union_discriminator` | none | — |
//! | `unrecognized_keys` | `Remove or correct unrecognized fields: 'k'. Check for typos.` | same |
//! | `invalid_date` | `Expected a valid date string (ISO 8601).` | — |
//! | `not_multiple_of`, `not_finite`, `custom`, others | none | none |
//! | `invalid_key` / `invalid_element` | — | none (not the nested issue's sentence: the Zod 4 formatter names neither code) |
//!
//! The message is `issue.message` as written (a missing one prints `undefined`).
//!
//! **Caps** (the reference renders everything; these sit far above any real call and
//! keep a hostile or runaway input from costing more than its capped prefix):
//! at most [`MAX_RENDERED_ISSUES`] fields, then one `<more_issues count="N">` line;
//! each issue message cut at [`MAX_MESSAGE_UNITS`] UTF-16 units; field paths at
//! [`MAX_PATH_SEGMENTS`] segments of [`MAX_SEGMENT_UNITS`] units; listed options and
//! keys at [`MAX_LISTED_VALUES`].
//! Sent objects are written as JSON only up to the 50 units shown.
//!
//! Issues, path segments and sent values are read through [`crate::zod`]; the
//! sentences are keyed by the raw Zod code, and a size bound's by the [`Major`] that
//! wrote it.

use super::escape::{push_attr, push_content};
use super::tool_error::ToolResponse;
use crate::js::{js_date_iso, js_display, js_iso_ms, json_prefix};
use crate::sizes::{TrueSizes, NO_CUTS};
use crate::utf16::{cut_utf16, utf16_len_exceeds, utf16_prefix_end};
use crate::value::{JsNumber, Value};
use crate::zod::{value_at, At, IssueView, Major, Segment};

/// The line every validation error ends with.
pub const VALIDATION_RECOVERY: &str = "Fix the fields above and call the tool again. Do not explain the error.";

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
/// The reference's sentence for every union issue (Zod 3 and Zod 4 alike).
const UNION_SENTENCE: &str = "Value didn't match any of the expected formats.";

/// `formatValidationError(issues, actionKey, sentArgs)`. `sent_args` is `None` when
/// the arguments were `undefined`.
pub fn format_validation_error(issues: &[Value], action_key: &str, sent_args: Option<&Value>) -> String {
    ValidationInput::new(issues, action_key, sent_args).text()
}

/// What a `<validation_error>` is written from: the issues and their total count (a
/// caller may pass only a prefix of at least [`MAX_RENDERED_ISSUES`] of them, so a
/// million issues never cross the boundary), the action key, the sent arguments
/// (`None`: `undefined`) and, for a bounded copy of them, the true sizes of what it cut
/// (see [`crate::sizes`]: `array(N)` and a list's `length` are the original's).
#[derive(Debug, Clone, Copy)]
pub struct ValidationInput<'a> {
    pub issues: &'a [Value<'a>],
    pub total: usize,
    pub action_key: &'a str,
    pub sent: Option<&'a Value<'a>>,
    pub sent_sizes: &'a TrueSizes<'a>,
}

impl<'a> ValidationInput<'a> {
    /// All of `issues`, and the sent arguments whole.
    pub fn new(issues: &'a [Value<'a>], action_key: &'a str, sent: Option<&'a Value<'a>>) -> Self {
        ValidationInput { issues, total: issues.len(), action_key, sent, sent_sizes: &NO_CUTS }
    }

    /// The `<validation_error>` text.
    pub fn text(&self) -> String {
        write_validation_error(self.issues, self.total, self.action_key, self.sent, self.sent_sizes)
    }

    /// The pipeline's response for rejected arguments: `isError: true`, not branded
    /// (MCP Fusion's pipeline returns it as a plain `{ content, isError: true }`).
    pub fn response(&self) -> ToolResponse {
        ToolResponse { text: self.text(), is_error: true, branded: false }
    }
}

fn write_validation_error(
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
        let issue = IssueView::new(issue);
        out.push_str("\n<field name=\"");
        push_attr(&mut out, &field_name(issue.path()));
        out.push_str("\">");
        push_content(&mut out, &field_detail(issue, sent_args, sent_sizes));
        out.push_str("</field>");
    }
    let left_out = total_issues.max(issues.len()) - rendered;
    if left_out > 0 {
        let noun = if left_out == 1 { "issue" } else { "issues" };
        out.push_str(&format!("\n<more_issues count=\"{left_out}\">{left_out} more {noun} not shown.</more_issues>"));
    }
    out.push_str("\n<recovery>");
    out.push_str(VALIDATION_RECOVERY);
    out.push_str("</recovery>\n</validation_error>");
    out
}

/// The pipeline's response for rejected arguments (see [`ValidationInput::response`]).
pub fn validation_error_response(issues: &[Value], action_key: &str, sent_args: Option<&Value>) -> ToolResponse {
    ValidationInput::new(issues, action_key, sent_args).response()
}

/// What an issue that is no object reads as.
const UNREADABLE_ISSUE: &str = "Invalid input";

/// `${issue.message}` as a template prints it (a missing message is `undefined`), cut
/// at [`MAX_MESSAGE_UNITS`]; `createGroup`'s reply writes it the same way.
pub(crate) fn issue_message(issue: IssueView<'_>) -> String {
    // An issue that is no object (one the copy could not read: a Proxy whose traps throw)
    // says nothing a model can act on; the reference would print `undefined` or throw.
    if !issue.is_object() {
        return UNREADABLE_ISSUE.to_owned();
    }
    // `detail = issue.message`, then `+=`: a missing message prints `undefined`.
    match issue.message_value() {
        Some(Value::String(message)) => cut_utf16(message, MAX_MESSAGE_UNITS, "..."),
        other => template_text(other),
    }
}

fn push_segment(out: &mut String, segment: &Value) {
    match Segment::of(segment) {
        Segment::Key(s) => out.push_str(&cut_utf16(s, MAX_SEGMENT_UNITS, "...")),
        // `[null].join('.')` is empty; other values print as JS would.
        Segment::Null => {}
        Segment::Number(n) => out.push_str(JsNumber::new(n).as_str()),
        Segment::Bool(b) => out.push_str(if b { "true" } else { "false" }),
        // `join` converts a list or an object as `String()` does (`[object Object]`).
        Segment::Other(other) => out.push_str(&template_text(Some(other))),
    }
}

/// `path.join('.')`, or `(root)` for the empty path.
fn field_name(path: &[Value]) -> String {
    if path.is_empty() {
        return "(root)".to_owned();
    }
    path_text(path)
}

/// `path.join('.')` (empty for the empty path), each segment read by [`Segment`]: at
/// most [`MAX_PATH_SEGMENTS`] segments (then `.…`) of [`MAX_SEGMENT_UNITS`] units.
pub(crate) fn path_text(path: &[Value]) -> String {
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
fn field_detail(issue: IssueView<'_>, sent_args: Option<&Value>, sizes: &TrueSizes<'_>) -> String {
    let mut detail = issue_message(issue);
    detail.push_str(" You sent: ");
    detail.push_str(&describe_sent(resolve_sent(sent_args, sizes, issue.path())));
    detail.push('.');
    if let Some(suggestion) = suggestion_for(issue) {
        detail.push(' ');
        detail.push_str(&suggestion);
    }
    detail
}

/// What a path points at in the sent arguments (read by [`crate::zod::at_path`]);
/// [`At::Missing`] is also what an empty path reads as here.
pub type SentValue<'v> = At<'v>;

/// Follows an issue path into the sent arguments as a JS property walk would, in a
/// bounded copy whose cuts `sizes` records (`&NO_CUTS` for the arguments whole): a cut
/// list's length is the original's (a list the copy cut resolves to [`At::List`]).
pub fn resolve_sent<'v>(sent_args: Option<&'v Value<'v>>, sizes: &TrueSizes<'_>, path: &[Value]) -> SentValue<'v> {
    // The reference resolves no root: an empty path is `(missing)`.
    if path.is_empty() || path.len() > MAX_RESOLVE_SEGMENTS {
        return At::Missing;
    }
    value_at(sent_args, path, sizes)
}

/// The `You sent:` text: `(missing)`, `null`, `'str'` (over 50 units: first 47 +
/// `...`), numbers and booleans as JS prints them, `array(N)`, or an object's JSON
/// cut to 50 units (a `Date`'s is its ISO text in double quotes). Lengths are UTF-16
/// units and no cut splits a surrogate pair.
pub fn describe_sent(sent: SentValue<'_>) -> String {
    match sent {
        SentValue::Missing => "(missing)".to_owned(),
        SentValue::Length(n) => n.to_string(),
        SentValue::List(n) => format!("array({n})"),
        // `JSON.stringify(date).slice(0, 50)`: an object, so JSON, i.e. its ISO text in
        // double quotes.
        SentValue::Date(iso) => json_prefix(iso, SENT_JSON_UNITS),
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

/// `${value}` as a JS template literal prints a copied value: `undefined` when
/// absent, `null`, numbers as JS prints them, a bigint (copied as its digits) as its
/// digits, an object as `[object Object]`, an array as its entries joined with `,`.
fn template_text(value: Option<&Value>) -> String {
    match value {
        None => "undefined".to_owned(),
        Some(Value::Null) => "null".to_owned(),
        Some(Value::Object(_)) => "[object Object]".to_owned(),
        Some(Value::Array(items)) => items
            .iter()
            .take(MAX_LISTED_VALUES)
            .map(|item| match item {
                // `[null].join()` and `[undefined].join()` are empty.
                Value::Null => String::new(),
                Value::Array(_) => "…".to_owned(),
                other => template_text(Some(other)),
            })
            .collect::<Vec<_>>()
            .join(","),
        Some(other) => js_display(other, MAX_VALUE_UNITS),
    }
}

/// `'a', 'b', 'c'`: each value as `'${value}'` (numbers and `null` quoted too), then
/// `(and N more)` past the cap.
fn quoted_list(values: &[Value]) -> String {
    let mut list = values
        .iter()
        .take(MAX_LISTED_VALUES)
        .map(|v| format!("'{}'", template_text(Some(v))))
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

/// The sentence that follows `You sent:`, as the reference's formatter writes it, or
/// `None` where it writes none. A Zod 3 issue gets the Zod 3 formatter's sentence, a
/// Zod 4 issue the Zod 4 formatter's (see the module table).
pub fn issue_suggestion(issue: &Value) -> Option<String> {
    suggestion_for(IssueView::new(issue))
}

fn suggestion_for(issue: IssueView<'_>) -> Option<String> {
    match issue.code() {
        "invalid_type" => Some(format!("Expected type: {}.", template_text(issue.expected()))),
        // Zod 3 `validation` (its `{ includes }`-like objects, which the reference's
        // switch does not match, are no format), Zod 4 `format`.
        "invalid_string" | "invalid_format" => format_sentence(issue.string_format()?),
        "too_small" => bound_sentence(issue, true),
        "too_big" => bound_sentence(issue, false),
        "invalid_enum_value" | "invalid_value" => Some(valid_options(issue.listed_values()?)),
        "invalid_literal" => Some(format!(
            "Expected exactly: {}.",
            issue.expected().map_or_else(|| "undefined".into(), |v| json_prefix(v, MAX_VALUE_UNITS))
        )),
        "invalid_union" => Some(UNION_SENTENCE.to_owned()),
        "unrecognized_keys" => {
            Some(format!("Remove or correct unrecognized fields: {}. Check for typos.", quoted_list(issue.keys()?)))
        }
        "invalid_date" => Some("Expected a valid date string (ISO 8601).".to_owned()),
        // Zod 4's `invalid_key` / `invalid_element` included: the Zod 4 formatter names
        // neither, so the nested issue's sentence is not written either.
        _ => None,
    }
}

/// The reference's eight string-format sentences; every other format gets none.
fn format_sentence(name: &str) -> Option<String> {
    let fixed = match name {
        "email" => "Expected: a valid email address (e.g. user@example.com).",
        "url" => "Expected: a valid URL (e.g. https://example.com).",
        "uuid" => "Expected: a valid UUID (e.g. 123e4567-e89b-12d3-a456-426614174000).",
        "cuid" => "Expected: a valid CUID.",
        "datetime" => "Expected: an ISO 8601 datetime (e.g. 2024-01-15T10:30:00Z).",
        "ip" => "Expected: a valid IP address.",
        "emoji" => "Expected: a valid emoji character.",
        "regex" => "Value does not match the required pattern.",
        _ => return None,
    };
    Some(fixed.to_owned())
}

/// A date bound as the reference's `new Date(bound).toISOString()` prints it: epoch
/// milliseconds (Zod 3) or a `Date` (Zod 4), which the copy carries as its ISO text.
fn bound_iso(bound: &Value) -> Option<String> {
    match bound {
        Value::Number(ms) => js_date_iso(*ms),
        Value::String(s) if js_iso_ms(s).is_some() => Some(s.to_string()),
        _ => None,
    }
}

/// `too_small` / `too_big`. Zod 3 names the kind `type` and compares with
/// `inclusive ? '>=' : '>'`; Zod 4 names it `origin` and compares with
/// `inclusive !== false`, and knows `int`. Neither reads `exact`, and neither has a
/// `too_big` date case: the bound (epoch milliseconds in both) prints as a number.
fn bound_sentence(issue: IssueView<'_>, minimum: bool) -> Option<String> {
    let bound = issue.bound(minimum);
    let (kind, inclusive, zod4) = (issue.bound_origin(), issue.inclusive(), issue.major() == Some(Major::Zod4));
    let n = template_text(bound);
    let plural = |noun: &str| {
        if bound == Some(&Value::Number(1.0)) {
            noun.to_owned()
        } else {
            format!("{noun}s")
        }
    };
    let which = if minimum { "Minimum" } else { "Maximum" };
    let op = match (minimum, inclusive) {
        (true, true) => ">=",
        (true, false) => ">",
        (false, true) => "<=",
        (false, false) => "<",
    };
    Some(match kind {
        "string" => format!("{which} length: {n} {}.", plural("character")),
        "number" | "bigint" => format!("Must be {op} {n}."),
        "int" if zod4 => format!("Must be {op} {n}."),
        "array" => format!("{which} {n} {}.", plural("item")),
        // `new Date(bound).toISOString()` throws on an invalid date; we fall back to
        // the bound as written.
        "date" if minimum => format!("Must be after {}.", bound.and_then(bound_iso).unwrap_or(n)),
        _ => format!("Must be {op} {n}."),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn issue(json: &str) -> Value<'static> {
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

    /// Unlike the reference (`undefined`), an issue the copy could not read — it crosses
    /// as the string `[Unreadable]` — reads `Invalid input`; an object without a message
    /// still prints `undefined`, as the reference does.
    #[test]
    fn an_unreadable_issue_reads_invalid_input_not_undefined() {
        let xml = format_validation_error(&[Value::str("[Unreadable]")], "t", None);
        assert!(xml.contains(r#"<field name="(root)">Invalid input You sent:"#), "{xml}");
        let xml = format_validation_error(&[issue(r#"{"code":"custom","path":["x"]}"#)], "t", None);
        assert!(xml.contains(r#"<field name="x">undefined You sent:"#), "{xml}");
    }

    #[test]
    fn sent_values_print_as_the_reference_does() {
        let args = issue(r#"{"s":"abc","n":1.5,"b":false,"z":null,"a":[1,2],"o":{"k":"v"},"e":""}"#);
        let sent = |key: &str| describe_sent(resolve_sent(Some(&args), &NO_CUTS, &[Value::str(key)]));
        assert_eq!(sent("s"), "'abc'");
        assert_eq!(sent("n"), "1.5");
        assert_eq!(sent("b"), "false");
        assert_eq!(sent("z"), "null");
        assert_eq!(sent("a"), "array(2)");
        assert_eq!(sent("o"), "{\"k\":\"v\"}");
        assert_eq!(sent("e"), "''");
        assert_eq!(sent("nope"), "(missing)");
        assert_eq!(describe_sent(resolve_sent(Some(&args), &NO_CUTS, &[])), "(missing)");
        assert_eq!(describe_sent(resolve_sent(None, &NO_CUTS, &[Value::str("s")])), "(missing)");
        assert_eq!(describe_sent(resolve_sent(Some(&args), &NO_CUTS, &[Value::str("a"), Value::Number(1.0)])), "2");
        assert_eq!(describe_sent(resolve_sent(Some(&args), &NO_CUTS, &[Value::str("a"), Value::str("1")])), "2");
        assert_eq!(describe_sent(resolve_sent(Some(&args), &NO_CUTS, &[Value::str("a"), Value::str("length")])), "2");
        assert_eq!(
            describe_sent(resolve_sent(Some(&args), &NO_CUTS, &[Value::str("s"), Value::Number(0.0)])),
            "(missing)"
        );
    }

    #[test]
    fn a_sent_date_prints_as_json_stringify_writes_it() {
        // The JS copy writes a Date as its ISO text with a size record of its own length.
        let args = issue(
            r#"{"when":"2024-01-15T10:30:00.000Z","text":"2024-01-15T10:30:00.000Z","in":{"at":"2024-01-15T10:30:00.000Z"}}"#,
        );
        let sizes = TrueSizes::locate(&args, &[24, 0, 1, 0, 24, 0, 2, 2, 0]);
        let issues = [
            issue(r#"{"code":"custom","path":["when"],"message":"m"}"#),
            issue(r#"{"code":"custom","path":["text"],"message":"m"}"#),
            issue(r#"{"code":"custom","path":["in"],"message":"m"}"#),
        ];
        let xml = ValidationInput { sent_sizes: &sizes, ..ValidationInput::new(&issues, "t", Some(&args)) }.text();
        assert!(xml.contains(r#"<field name="when">m You sent: "2024-01-15T10:30:00.000Z".</field>"#), "{xml}");
        assert!(xml.contains(r#"<field name="text">m You sent: '2024-01-15T10:30:00.000Z'.</field>"#), "{xml}");
        // Inside an object the Date is its JSON already: cut to 50 units with the rest.
        assert!(xml.contains(r#"<field name="in">m You sent: {"at":"2024-01-15T10:30:00.000Z"}.</field>"#), "{xml}");
    }

    #[test]
    fn long_sent_strings_cut_at_47_units_without_splitting_a_pair() {
        let exactly_50 = "a".repeat(50);
        assert_eq!(describe_sent(SentValue::Value(&Value::str(exactly_50.clone()))), format!("'{exactly_50}'"));
        let s = format!("{}😀tail-tail-tail", "a".repeat(46));
        assert_eq!(describe_sent(SentValue::Value(&Value::str(s))), format!("'{}...'", "a".repeat(46)));
        // 51 units of one-unit characters: the first 47 are kept.
        assert_eq!(describe_sent(SentValue::Value(&Value::str("a".repeat(51)))), format!("'{}...'", "a".repeat(47)));
        // A pair that ends at the 47th unit is kept: 45 + 😀 are 47 units.
        let pair_fits = format!("{}😀{}", "a".repeat(45), "b".repeat(10));
        assert_eq!(describe_sent(SentValue::Value(&Value::str(pair_fits))), format!("'{}😀...'", "a".repeat(45)));
        // 25 emoji are exactly 50 units: not cut.
        let emoji = "😀".repeat(25);
        assert_eq!(describe_sent(SentValue::Value(&Value::str(emoji.clone()))), format!("'{emoji}'"));
    }

    #[test]
    fn each_zod_version_gets_its_own_formatters_sentence() {
        let say = |json: &str| issue_suggestion(&issue(json));
        // Zod 3 `inclusive` is read for truth, Zod 4's for `!== false`.
        assert_eq!(
            say(r#"{"code":"too_small","minimum":3,"type":"number","message":"m","path":[]}"#).as_deref(),
            Some("Must be > 3.")
        );
        assert_eq!(
            say(r#"{"code":"too_small","minimum":3,"origin":"number","message":"m","path":[]}"#).as_deref(),
            Some("Must be >= 3.")
        );
        // Neither formatter has a `too_big` date case: the epoch milliseconds print.
        assert_eq!(
            say(
                r#"{"code":"too_big","maximum":946684800000,"origin":"date","inclusive":true,"message":"m","path":[]}"#
            )
            .as_deref(),
            Some("Must be <= 946684800000.")
        );
        assert_eq!(
            say(r#"{"code":"invalid_value","values":[1,null,"a"],"message":"m","path":[]}"#).as_deref(),
            Some("Valid options: '1', 'null', 'a'.")
        );
        assert_eq!(
            say(r#"{"code":"invalid_literal","expected":"a","message":"m","path":[]}"#).as_deref(),
            Some("Expected exactly: \"a\".")
        );
        assert_eq!(say(r#"{"code":"not_multiple_of","divisor":5,"message":"m","path":[]}"#), None);
    }

    #[test]
    fn a_missing_message_prints_undefined_as_the_reference_concatenates_it() {
        let text = format_validation_error(&[issue(r#"{"code":"custom","path":["x"]}"#)], "t/a", None);
        assert!(text.contains(r#"<field name="x">undefined You sent: (missing).</field>"#), "{text}");
    }

    #[test]
    fn a_million_issues_render_only_the_cap() {
        let one = issue(r#"{"code":"custom","message":"Nope","path":["x"]}"#);
        let issues = vec![one; 1_000_000];
        let text = format_validation_error(&issues, "t/a", None);
        assert_eq!(text.matches("<field ").count(), MAX_RENDERED_ISSUES);
        assert!(text.contains("<more_issues count=\"999900\">999900 more issues not shown.</more_issues>"));
        assert!(text.ends_with("</recovery>\n</validation_error>"));
        let first = issues.get(..MAX_RENDERED_ISSUES).unwrap_or_default();
        let prefix = ValidationInput { total: issues.len(), ..ValidationInput::new(first, "t/a", None) }.text();
        assert_eq!(prefix, text);
        let one =
            ValidationInput { total: 2, ..ValidationInput::new(issues.get(..1).unwrap_or_default(), "t/a", None) };
        let one = one.text();
        assert!(one.contains("<more_issues count=\"1\">1 more issue not shown.</more_issues>"));
    }

    #[test]
    fn huge_objects_are_not_serialised_whole() {
        let big = Value::object((0..200_000).map(|i| (format!("k{i}"), Value::Number(f64::from(i)))));
        let args = Value::Object(vec![("o".into(), big)]);
        let sent = describe_sent(resolve_sent(Some(&args), &NO_CUTS, &[Value::str("o")]));
        assert_eq!(sent.encode_utf16().count(), 50);
    }

    /// At the caps exactly, nothing is marked cut: a name of 32 segments, a list of 50
    /// values; one more, and it is.
    #[test]
    fn names_and_lists_at_their_caps_are_whole() {
        let path = |n: usize| (0..n).map(|_| Value::str("a")).collect::<Vec<_>>();
        assert_eq!(field_name(&path(MAX_PATH_SEGMENTS)), vec!["a"; MAX_PATH_SEGMENTS].join("."));
        assert_eq!(field_name(&path(MAX_PATH_SEGMENTS + 1)), format!("{}.…", vec!["a"; MAX_PATH_SEGMENTS].join(".")));
        let keys = |n: usize| (0..n).map(|i| Value::str(format!("k{i}"))).collect::<Vec<_>>();
        assert_eq!(quoted_list(&keys(MAX_LISTED_VALUES)).matches('\'').count(), 2 * MAX_LISTED_VALUES);
        assert!(!quoted_list(&keys(MAX_LISTED_VALUES)).contains("more"));
        assert!(quoted_list(&keys(MAX_LISTED_VALUES + 1)).ends_with("'k49' (and 1 more)"));
    }

    /// A path of 1,000 segments is still followed into the sent arguments; a longer one
    /// reads as `(missing)`.
    #[test]
    fn sent_values_are_found_along_paths_of_up_to_1000_segments() {
        let nested = |depth: usize| (0..depth).fold(Value::str("leaf"), |inner, _| Value::Array(vec![inner]));
        let zeros = |n: usize| vec![Value::Number(0.0); n];
        let args = nested(MAX_RESOLVE_SEGMENTS);
        assert_eq!(describe_sent(resolve_sent(Some(&args), &NO_CUTS, &zeros(MAX_RESOLVE_SEGMENTS))), "'leaf'");
        let deeper = nested(MAX_RESOLVE_SEGMENTS + 1);
        assert_eq!(describe_sent(resolve_sent(Some(&deeper), &NO_CUTS, &zeros(MAX_RESOLVE_SEGMENTS + 1))), "(missing)");
    }

    /// A date bound that is neither epoch milliseconds nor an ISO date prints as any
    /// value does (a string past 100 units cut), never whole.
    #[test]
    fn a_date_bound_that_is_no_date_prints_as_a_value() {
        let long = "x".repeat(150);
        let json = format!(
            r#"{{"code":"too_small","origin":"date","minimum":"{long}","inclusive":true,"message":"m","path":[]}}"#
        );
        let sentence = issue_suggestion(&issue(&json)).unwrap_or_default();
        assert!(sentence.starts_with("Must be after xxx"), "{sentence}");
        assert!(!sentence.contains(&long), "{sentence}");
        let iso =
            r#"{"code":"too_small","origin":"date","minimum":"2024-01-01T00:00:00.000Z","message":"m","path":[]}"#;
        assert_eq!(issue_suggestion(&issue(iso)).as_deref(), Some("Must be after 2024-01-01T00:00:00.000Z."));
    }
}
