//! Which repair one rejected value takes, read from the issue that rejected it alone
//! (mcp-ts-core's `repairValue` and its gates): a string whose trimmed form opens a JSON
//! array or object is decoded; a safe integer becomes its decimal string where the
//! issue says it failed for being a number; a string becomes a one-element list where
//! an array was expected, or the number or boolean it spells where only those are
//! accepted. Each string matches one rule at most, so the kinds never compete.

use crate::js::js_trim;
use crate::sizes::NO_CUTS;
use crate::value::{js_number_string, Value};
use crate::zod::issue::{relative_path, IssueKind, IssueView};

/// The repairs, in the order mcp-ts-core's debug log names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    StringifiedArray,
    StringifiedObject,
    IntegerAsString,
    StringAsNumber,
    StringAsBoolean,
    StringAsArray,
    NullAsAbsent,
}

impl Kind {
    /// The name mcp-ts-core's `mcp.input.coercion` label gives it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::StringifiedArray => "stringified_array",
            Kind::StringifiedObject => "stringified_object",
            Kind::IntegerAsString => "integer_as_string",
            Kind::StringAsNumber => "string_as_number",
            Kind::StringAsBoolean => "string_as_boolean",
            Kind::StringAsArray => "string_as_array",
            Kind::NullAsAbsent => "null_as_absent",
        }
    }

    /// The kinds the original repair (0.13.13's, written at the issue's own path) makes.
    pub fn in_place(self) -> bool {
        matches!(self, Kind::StringifiedArray | Kind::StringifiedObject | Kind::IntegerAsString)
    }
}

/// Nested unions a gate reads at most; deeper ones pass no gate.
const MAX_GATE_DEPTH: usize = 8;
/// The largest integer a JS number holds exactly (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// The repair of `value`, which `issue` rejected: its kind and the value replacing it.
/// `cut`: the copy cut this string (its text is a prefix), so it is never decoded or
/// read as another type.
pub fn repair_value(value: &Value, issue: &IssueView, cut: bool) -> Option<(Kind, Value<'static>)> {
    match value {
        Value::Number(n) => {
            let safe = n.fract() == 0.0 && n.abs() <= MAX_SAFE_INTEGER && !(*n == 0.0 && n.is_sign_negative());
            (safe && failed_as_number(issue, 0)).then(|| (Kind::IntegerAsString, Value::str(js_number_string(*n))))
        }
        Value::String(text) if !cut => {
            let trimmed = js_trim(text);
            let kind = if trimmed.starts_with('[') {
                Some(Kind::StringifiedArray)
            } else if trimmed.starts_with('{') {
                Some(Kind::StringifiedObject)
            } else {
                None
            };
            if let Some(kind) = kind {
                // A string that opens a list or object is never read any other way.
                return Value::parse_json(trimmed).ok().map(|decoded| (kind, decoded));
            }
            if issue.kind() == IssueKind::InvalidType && issue.expected_type() == Some("array") {
                return wraps_as_array(text, trimmed)
                    .then(|| (Kind::StringAsArray, Value::Array(vec![Value::str(text.as_ref())])));
            }
            scalar_from_string(trimmed, scalar_types_at(issue))
        }
        _ => None,
    }
}

/// A string sent for an array is its one element: never a blank one, and never one
/// holding a comma or a line break (`\n`, `\v`, `\f`, `\r`, U+0085, U+2028, U+2029),
/// which may be a joined list.
pub fn wraps_as_array(text: &str, trimmed: &str) -> bool {
    !trimmed.is_empty()
        && !text
            .chars()
            .any(|c| matches!(c, ',' | '\n' | '\u{B}' | '\u{C}' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}'))
}

/// The number or boolean types a string could be read as at an issue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Scalars {
    pub number: bool,
    pub boolean: bool,
}

/// The number or boolean `trimmed` spells, when `accepted` takes it: a number only when
/// `String(n)` gives the string back (`"15"`, `"2.5"`, `"-3"`; never `"01"`, `"1e3"`,
/// `"-0"`, `"1.50"`), a boolean only from `"true"` or `"false"`.
pub fn scalar_from_string(trimmed: &str, accepted: Scalars) -> Option<(Kind, Value<'static>)> {
    if accepted.number {
        if let Some(n) = crate::value::parse_number(trimmed).filter(|n| n.is_finite()) {
            if js_number_string(n) == trimmed {
                return Some((Kind::StringAsNumber, Value::Number(n)));
            }
        }
    }
    if accepted.boolean && (trimmed == "true" || trimmed == "false") {
        return Some((Kind::StringAsBoolean, Value::Bool(trimmed == "true")));
    }
    None
}

/// The values an issue lists: an `invalid_value`'s, or the tags a discriminated union
/// names when no variant took the one sent (it reports no branches): the repair reads
/// that issue as the `invalid_value` a field holding every tag raises (#714).
fn listed<'a>(issue: &IssueView<'a>) -> Option<Vec<&'a Value<'a>>> {
    match issue.kind() {
        IssueKind::InvalidValue => Some(issue.accepted_values()),
        IssueKind::Union if issue.branches().is_empty() => {
            Some(issue.union_options()).filter(|options| !options.is_empty())
        }
        _ => None,
    }
}

/// Whether an issue lists values (see [`listed`]) rather than holding branches.
fn lists_values(issue: &IssueView) -> bool {
    issue.kind() == IssueKind::InvalidValue || (issue.kind() == IssueKind::Union && issue.branches().is_empty())
}

/// The branch issues of a union, each with its path relative to the union.
fn branch_issues<'a>(issue: &IssueView<'a>) -> Option<Vec<Vec<(IssueView<'a>, usize)>>> {
    let union_abs: Vec<&Value> = issue.path().iter().collect();
    let branches = issue.branches();
    if branches.is_empty() {
        return None;
    }
    Some(
        branches
            .iter()
            .map(|b| {
                b.issues
                    .iter()
                    .take(crate::zod::issue::MAX_RENDER_BRANCH_ISSUES)
                    .map(|raw| {
                        let view = IssueView::new(raw);
                        let depth = relative_path(&view, &union_abs, b.absolute_paths, &NO_CUTS).len();
                        (view, depth)
                    })
                    .collect()
            })
            .collect(),
    )
}

/// Whether `issue` says its value failed for being a number, not for failing a
/// number's own check: `invalid_type`; `invalid_value` listing only strings; a union
/// whose every branch failed one of those ways at its own root.
pub fn failed_as_number(issue: &IssueView, depth: usize) -> bool {
    if lists_values(issue) {
        let values = listed(issue).unwrap_or_default();
        return !values.is_empty() && values.iter().all(|v| matches!(v, Value::String(_)));
    }
    match issue.kind() {
        IssueKind::InvalidType => true,
        IssueKind::Union if depth < MAX_GATE_DEPTH => branch_issues(issue).is_some_and(|branches| {
            branches.iter().all(|branch| {
                !branch.is_empty() && branch.iter().all(|(b, rel)| *rel == 0 && failed_as_number(b, depth + 1))
            })
        }),
        _ => false,
    }
}

/// The scalar types a string could become at an issue: none unless the issue says the
/// string failed for its type where only numbers and booleans (and `null`) are accepted.
pub fn scalar_types_at(issue: &IssueView) -> Scalars {
    let mut types = Scalars::default();
    let mut admits = |candidate: &IssueView| -> bool {
        if lists_values(candidate) {
            let values = listed(candidate).unwrap_or_default();
            return !values.is_empty()
                && values.iter().all(|v| match v {
                    Value::Number(_) => {
                        types.number = true;
                        true
                    }
                    Value::Bool(_) => {
                        types.boolean = true;
                        true
                    }
                    other => matches!(other, Value::Null),
                });
        }
        match candidate.kind() {
            IssueKind::InvalidType => match candidate.expected_type() {
                Some("number") => {
                    types.number = true;
                    true
                }
                Some("boolean") => {
                    types.boolean = true;
                    true
                }
                other => other == Some("null"),
            },
            _ => false,
        }
    };
    let gated = if issue.kind() == IssueKind::Union && !lists_values(issue) {
        branch_issues(issue).is_some_and(|branches| {
            branches.iter().all(|branch| !branch.is_empty() && branch.iter().all(|(b, rel)| *rel == 0 && admits(b)))
        })
    } else {
        admits(issue)
    };
    if gated {
        types
    } else {
        Scalars::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(text: &str) -> Value<'static> {
        Value::parse_json(text).unwrap()
    }

    fn repair(value: &str, issue: &str) -> Option<(Kind, Value<'static>)> {
        let issue = v(issue);
        repair_value(&v(value), &IssueView::new(&issue), false)
    }

    const WANTS_NUMBER: &str = r#"{"code":"invalid_type","expected":"number","path":["n"]}"#;
    const WANTS_STRING: &str = r#"{"code":"invalid_type","expected":"string","path":["s"]}"#;
    const WANTS_ARRAY: &str = r#"{"code":"invalid_type","expected":"array","path":["a"]}"#;
    const WANTS_BOOLEAN: &str = r#"{"code":"invalid_type","expected":"boolean","path":["b"]}"#;

    #[test]
    fn stringified_lists_and_objects_decode_whatever_the_issue() {
        assert_eq!(repair(r#"" [1, 2] ""#, WANTS_ARRAY), Some((Kind::StringifiedArray, v("[1,2]"))));
        assert_eq!(repair(r#""{\"a\":1}""#, WANTS_NUMBER), Some((Kind::StringifiedObject, v(r#"{"a":1}"#))));
        // Opens a list but does not parse: never read another way.
        assert_eq!(repair(r#""[1,""#, WANTS_ARRAY), None);
        let issue = v(WANTS_ARRAY);
        assert_eq!(repair_value(&v(r#""[1]""#), &IssueView::new(&issue), true), None, "a cut string is a prefix");
    }

    #[test]
    fn safe_integers_become_strings_only_where_they_failed_for_being_numbers() {
        assert_eq!(repair("123", WANTS_STRING), Some((Kind::IntegerAsString, Value::str("123"))));
        assert_eq!(repair("1.5", WANTS_STRING), None);
        assert_eq!(repair("9007199254740992", WANTS_STRING), None);
        assert_eq!(repair("-0", WANTS_STRING), None);
        let too_small = r#"{"code":"too_small","minimum":0,"origin":"number","path":["n"]}"#;
        assert_eq!(repair("-1", too_small), None);
        let strings = r#"{"code":"invalid_value","values":["a","b"],"path":["e"]}"#;
        assert_eq!(repair("5", strings), Some((Kind::IntegerAsString, Value::str("5"))));
        let numbers = r#"{"code":"invalid_value","values":[5],"path":["e"]}"#;
        assert_eq!(repair("6", numbers), None);
        let union = r#"{"code":"invalid_union","path":["u"],"errors":[[{"code":"invalid_type","expected":"string","path":[]}],[{"code":"invalid_value","values":["x"],"path":[]}]]}"#;
        assert_eq!(repair("7", union), Some((Kind::IntegerAsString, Value::str("7"))));
        let below = r#"{"code":"invalid_union","path":["u"],"errors":[[{"code":"invalid_type","expected":"string","path":["k"]}]]}"#;
        assert_eq!(repair("7", below), None);
    }

    #[test]
    fn numeric_and_boolean_strings_convert_only_as_exact_inverses() {
        for (text, want) in [(r#""15""#, Some(15.0)), (r#"" 2.5 ""#, Some(2.5)), (r#""-3""#, Some(-3.0))] {
            assert_eq!(repair(text, WANTS_NUMBER), want.map(|n| (Kind::StringAsNumber, Value::Number(n))), "{text}");
        }
        for text in [
            r#""01""#,
            r#""1e3""#,
            r#""-0""#,
            r#""1.50""#,
            r#""0x10""#,
            r#""""#,
            r#""9007199254740993""#,
            r#""Infinity""#,
        ] {
            assert_eq!(repair(text, WANTS_NUMBER), None, "{text}");
        }
        assert_eq!(repair(r#""true""#, WANTS_BOOLEAN), Some((Kind::StringAsBoolean, Value::Bool(true))));
        assert_eq!(repair(r#""TRUE""#, WANTS_BOOLEAN), None);
        assert_eq!(repair(r#""15""#, WANTS_BOOLEAN), None);
        // A union that takes a string some way keeps its rejection.
        let takes_strings = r#"{"code":"invalid_union","path":["n"],"errors":[[{"code":"invalid_type","expected":"number","path":[]}],[{"code":"invalid_value","values":["auto"],"path":[]}]]}"#;
        assert_eq!(repair(r#""15""#, takes_strings), None);
        let literals = r#"{"code":"invalid_value","values":[1,2,null],"path":["n"]}"#;
        assert_eq!(repair(r#""2""#, literals), Some((Kind::StringAsNumber, Value::Number(2.0))));
    }

    #[test]
    fn a_lone_string_wraps_where_an_array_was_expected() {
        assert_eq!(repair(r#""a""#, WANTS_ARRAY), Some((Kind::StringAsArray, v(r#"["a"]"#))));
        assert_eq!(repair(r#"" a ""#, WANTS_ARRAY), Some((Kind::StringAsArray, v(r#"[" a "]"#))), "as sent");
        for text in [r#""a,b""#, r#""a\nb""#, r#""   ""#, "\"a\u{2028}b\""] {
            assert_eq!(repair(text, WANTS_ARRAY), None, "{text}");
        }
        let tuple = r#"{"code":"invalid_type","expected":"tuple","path":["t"]}"#;
        assert_eq!(repair(r#""a""#, tuple), None);
    }

    #[test]
    fn other_values_take_no_repair() {
        for value in ["true", "null", "{}", "[]"] {
            assert_eq!(repair(value, WANTS_STRING), None, "{value}");
        }
    }

    #[test]
    fn an_unmatched_discriminator_reads_as_the_tags_it_lists() {
        // z.discriminatedUnion('v', [{ v: 1 }, { v: 2 }]) given v: "2" (#714).
        let numbers = r#"{"code":"invalid_union","errors":[],"note":"No matching discriminator","discriminator":"v","options":[1,2],"path":["v"]}"#;
        assert_eq!(repair(r#""2""#, numbers), Some((Kind::StringAsNumber, Value::Number(2.0))));
        let strings =
            r#"{"code":"invalid_union","errors":[],"discriminator":"kind","options":["a","b"],"path":["kind"]}"#;
        assert_eq!(repair("3", strings), Some((Kind::IntegerAsString, Value::str("3"))));
        let none = r#"{"code":"invalid_union","errors":[],"path":["kind"]}"#;
        assert_eq!(repair("3", none), None, "a union reporting no branches and no tags passes no gate");
    }

    #[test]
    fn zod3_issues_pass_the_same_gates() {
        let enum3 = r#"{"code":"invalid_enum_value","options":["a"],"path":["e"],"received":5}"#;
        assert_eq!(repair("5", enum3), Some((Kind::IntegerAsString, Value::str("5"))));
        let union3 = r#"{"code":"invalid_union","path":["u"],"unionErrors":[{"issues":[{"code":"invalid_type","expected":"number","path":["u"]}]},{"issues":[{"code":"invalid_type","expected":"boolean","path":["u"]}]}]}"#;
        assert_eq!(repair(r#""false""#, union3), Some((Kind::StringAsBoolean, Value::Bool(false))));
    }
}
