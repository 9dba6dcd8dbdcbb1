//! The caps on `data.issues` (and on anything else caller-sized the envelope carries),
//! with the count fields that say what a cut left out.
//!
//! - Every string and every key keeps its first 1,024 UTF-16 units (no marker: the
//!   count field says it was cut).
//! - Every array keeps its first 10 entries and every object its first 10 keys.
//! - Two levels of lists and objects are kept below each issue; a list or object
//!   deeper keeps none of its entries.
//! - At most 30 issues in all, read in document order: each issue, then the issues of
//!   its union branches (and of an `invalid_key` / `invalid_element` issue).
//!
//! Beside each cut sits the uncut size: `<f>Length` for a string field, `<f>Count`
//! for a list or object field, `<key>KeyLength` for a cut key, and `<f>Lengths` for a
//! list whose kept entries were cut — one entry per kept entry, the uncut size of a
//! cut one (a string's length, a list's or object's entry count) and `null` for the
//! others. A key that one of these names takes, or that a cut makes equal to an
//! earlier key, is left out and counted: a count field never overwrites a real key.
//!
//! Within the caps the value comes back unchanged. Cost follows the caps, not the
//! input: only kept entries are visited; a cut string is counted, never copied.

use crate::jsonrpc::issue_list::IssueList;
use crate::sizes::TrueSizes;
use crate::value::Value;
use crate::zod::issue::{ISSUES, REPORTED_INPUT};
use crate::zod::{IssueView, Nested};
use std::borrow::Cow;

use super::text::{cut_data_string, MAX_STRING_UNITS};

/// Entries kept per array and keys per object.
pub const MAX_ENTRIES: usize = 10;
/// Issues kept in all, union branches included.
pub const MAX_ISSUES_TOTAL: usize = 30;
/// Levels of lists and objects kept below an issue.
pub const MAX_LEVELS: usize = 2;
/// Nested issue lists followed at most (the issue budget already ends them sooner).
const MAX_ISSUE_NESTING: usize = MAX_ISSUES_TOTAL + 1;

/// A value after the caps, with the uncut size when the value itself was cut and
/// the per-entry sizes when a list's kept entries were.
#[derive(Debug, Clone, PartialEq)]
pub struct Bounded<'a> {
    /// Borrows the text of the value it bounds wherever it kept it whole.
    pub value: Value<'a>,
    pub uncut: Option<usize>,
    pub lengths: Option<Vec<Value<'static>>>,
}

impl<'a> Bounded<'a> {
    fn whole(value: Value<'a>) -> Bounded<'a> {
        Bounded { value, uncut: None, lengths: None }
    }

    /// The count fields this value needs beside it when it sits under `key`.
    pub fn annotations(&self, key: &str) -> Vec<(Cow<'static, str>, Value<'static>)> {
        let mut out = Vec::new();
        if let Some(uncut) = self.uncut {
            let suffix = if matches!(self.value, Value::String(_)) { "Length" } else { "Count" };
            out.push((format!("{key}{suffix}").into(), count_value(uncut)));
        }
        if let Some(lengths) = &self.lengths {
            out.push((format!("{key}Lengths").into(), Value::Array(lengths.clone())));
        }
        out
    }
}

#[allow(clippy::cast_precision_loss)] // sizes are far below 2^53
fn count_value(n: usize) -> Value<'static> {
    Value::Number(n as f64)
}

/// The issue budget shared by one bounding pass, and the true sizes of what the
/// caller's copy cut.
struct Budget<'s> {
    issues_left: usize,
    nesting: usize,
    sizes: &'s TrueSizes<'s>,
    /// Set for [`bound_issues_referring`]: the top-level issues kept whole, by position.
    referred: Option<Vec<bool>>,
}

/// The caps applied to a list of Zod issues (`data.issues`): `issuesCount` is the
/// list's total when fewer are kept, and each cut node's count field is written from
/// its sizes (see [`crate::sizes`]).
pub fn bound_issues<'a>(issues: impl Into<IssueList<'a>>) -> Bounded<'a> {
    bound_issues_with(issues.into(), None).0
}

/// [`bound_issues`] without copying the issues the caps keep whole: each top-level issue
/// kept whole is `null` in the list, and `true` at its position in the flags returned.
/// A writer that writes `first[i]` in place of each (the issue is exactly what it would
/// have kept) writes [`bound_issues`]' JSON.
pub(crate) fn bound_issues_referring<'a>(issues: IssueList<'a>) -> (Bounded<'a>, Vec<bool>) {
    let (bounded, referred) = bound_issues_with(issues, Some(Vec::new()));
    (bounded, referred.unwrap_or_default())
}

fn bound_issues_with<'a>(list: IssueList<'a>, referred: Option<Vec<bool>>) -> (Bounded<'a>, Option<Vec<bool>>) {
    let mut budget = Budget { issues_left: MAX_ISSUES_TOTAL, nesting: 0, sizes: list.sizes, referred };
    let bounded = bound_issue_list(list.first, list.total.max(list.first.len()), &mut budget);
    (bounded, budget.referred)
}

/// Writes `key: value` and its count fields into `entries`.
pub fn push_field<'a>(entries: &mut Vec<(Cow<'a, str>, Value<'a>)>, key: &'a str, bounded: Bounded<'a>) {
    let notes = bounded.annotations(key);
    entries.push((Cow::Borrowed(key), bounded.value));
    entries.extend(notes);
}

fn bound_issue_list<'a>(issues: &'a [Value<'_>], total: usize, budget: &mut Budget<'_>) -> Bounded<'a> {
    let mut list = KeptList::with_capacity(issues.len());
    budget.nesting += 1;
    // Only a top-level issue is referred to instead of copied.
    let refer = budget.nesting == 1 && budget.referred.is_some();
    for issue in issues.iter().take(MAX_ENTRIES) {
        if budget.issues_left == 0 {
            break;
        }
        budget.issues_left -= 1;
        let mut referred = false;
        let bounded = match issue {
            Value::Object(entries) if budget.nesting <= MAX_ISSUE_NESTING => {
                let view = IssueView::new(issue);
                match issue_kept_whole(issue, entries, view, budget.sizes, !refer) {
                    Some(_) if refer => {
                        referred = true;
                        Bounded::whole(Value::Null)
                    }
                    Some(whole) => Bounded::whole(whole),
                    None => bound_object(issue, entries, 0, Role::Issue(view), budget),
                }
            }
            other => bound_plain(other, 0, budget),
        };
        if refer {
            if let Some(flags) = budget.referred.as_mut() {
                flags.push(referred);
            }
        }
        list.push(bounded);
    }
    budget.nesting -= 1;
    list.finish(total)
}

/// An issue as the caps keep it when they keep all of it (the common case: no string,
/// key, list or object over its cap, no level past the last, no `input`, no nested
/// issues, no size the copy cut, no repeated key), its strings borrowed: what
/// [`bound_object`] would return with no count field, in one walk and without its
/// candidate lists. `None` as soon as any cap would apply; then the full pass decides.
/// Without `copy`, only that answer: `Some` holds an empty object.
fn issue_kept_whole<'a>(
    issue: &Value<'_>,
    entries: &'a [(Cow<'_, str>, Value<'_>)],
    view: IssueView<'_>,
    sizes: &TrueSizes<'_>,
    copy: bool,
) -> Option<Value<'a>> {
    let keyed_whole = entries.iter().all(|(key, _)| key != REPORTED_INPUT && view.nested_in(key).is_none());
    if !keyed_whole || sizes.of(issue).is_some() {
        return None;
    }
    entries_kept_whole(entries, 1, sizes, copy).map(Value::Object)
}

/// An object's entries kept whole below an object at `level - 1` (see
/// [`issue_kept_whole`]): each value at `level`; none copied without `copy`.
fn entries_kept_whole<'a>(
    entries: &'a [(Cow<'_, str>, Value<'_>)],
    level: usize,
    sizes: &TrueSizes<'_>,
    copy: bool,
) -> Option<Vec<(Cow<'a, str>, Value<'a>)>> {
    if entries.len() > MAX_ENTRIES {
        return None;
    }
    let mut kept: Vec<(Cow<'a, str>, Value<'a>)> = Vec::with_capacity(if copy { entries.len() } else { 0 });
    for (i, (key, value)) in entries.iter().enumerate() {
        let whole_key = string_kept_whole(key) && sizes.of_key(key).is_none();
        let repeated = entries.get(..i).unwrap_or_default().iter().any(|(k, _)| k == key);
        if !whole_key || repeated {
            return None;
        }
        let value = kept_whole(value, level, sizes, copy)?;
        if copy {
            kept.push((Cow::Borrowed(key), value));
        }
    }
    Some(kept)
}

/// A value at `level` below an issue kept whole by [`bound_plain`]'s caps (see
/// [`issue_kept_whole`]); recursion ends past [`MAX_LEVELS`], where only an empty list
/// or object is kept as it is.
fn kept_whole<'a>(value: &'a Value<'_>, level: usize, sizes: &TrueSizes<'_>, copy: bool) -> Option<Value<'a>> {
    if sizes.of(value).is_some() {
        return None;
    }
    Some(match value {
        Value::Null => Value::Null,
        Value::Bool(b) => Value::Bool(*b),
        Value::Number(n) => Value::Number(*n),
        Value::String(s) if string_kept_whole(s) => Value::String(Cow::Borrowed(s)),
        Value::String(_) => return None,
        Value::Array(items) if items.is_empty() => Value::Array(Vec::new()),
        Value::Object(entries) if entries.is_empty() => Value::Object(Vec::new()),
        _ if level > MAX_LEVELS => return None,
        Value::Array(items) if items.len() <= MAX_ENTRIES => {
            let mut kept = Vec::with_capacity(if copy { items.len() } else { 0 });
            for item in items {
                let item = kept_whole(item, level + 1, sizes, copy)?;
                if copy {
                    kept.push(item);
                }
            }
            Value::Array(kept)
        }
        Value::Array(_) => return None,
        Value::Object(entries) => Value::Object(entries_kept_whole(entries, level + 1, sizes, copy)?),
    })
}

/// Whether a string or key keeps all its text under the cap (its length is not walked
/// past the cap: nothing of a cut one is needed here).
fn string_kept_whole(s: &str) -> bool {
    !crate::utf16::utf16_len_exceeds(s, MAX_STRING_UNITS)
}

#[derive(Debug, Clone, Copy)]
enum Role<'a> {
    /// An issue object: the fields [`IssueView::nested_in`] names hold nested issues.
    Issue(IssueView<'a>),
    /// A Zod 3 `unionErrors` entry (a serialised ZodError): `issues` holds issues.
    ZodErrorEntry,
    Plain,
}

impl Role<'_> {
    /// Which issues `field` of a node in this role holds, if any.
    fn nested_in(self, field: &str) -> Option<Nested> {
        match self {
            Role::Issue(issue) => issue.nested_in(field),
            Role::ZodErrorEntry if field == ISSUES => Some(Nested::Issues),
            _ => None,
        }
    }
}

/// The entries a list keeps and their `<f>Lengths` entries, which are listed only from
/// the first cut entry on (a list none of whose kept entries was cut has none).
struct KeptList<'a> {
    kept: Vec<Value<'a>>,
    lengths: Vec<Value<'static>>,
}

impl<'a> KeptList<'a> {
    fn with_capacity(n: usize) -> KeptList<'a> {
        KeptList { kept: Vec::with_capacity(n.min(MAX_ENTRIES)), lengths: Vec::new() }
    }

    fn push(&mut self, bounded: Bounded<'a>) {
        if let Some(uncut) = bounded.uncut {
            self.pad();
            self.lengths.push(count_value(uncut));
        }
        self.kept.push(bounded.value);
    }

    /// A `null` for each kept entry not listed yet.
    fn pad(&mut self) {
        while self.lengths.len() < self.kept.len() {
            self.lengths.push(Value::Null);
        }
    }

    fn finish(mut self, total: usize) -> Bounded<'a> {
        if !self.lengths.is_empty() {
            self.pad();
        }
        let KeptList { kept, lengths } = self;
        let uncut = (kept.len() < total).then_some(total);
        Bounded { value: Value::Array(kept), uncut, lengths: (!lengths.is_empty()).then_some(lengths) }
    }
}

fn bound_plain<'a>(value: &'a Value<'_>, level: usize, budget: &mut Budget<'_>) -> Bounded<'a> {
    match value {
        Value::String(s) => {
            let (kept, uncut) = cut_data_string(s);
            let uncut = budget.sizes.of(value).or(uncut);
            Bounded { value: Value::String(Cow::Borrowed(kept)), uncut, lengths: None }
        }
        Value::Array(items) => {
            let total = budget.sizes.len_of(value, items);
            if level > MAX_LEVELS {
                return emptied(Value::Array(Vec::new()), total);
            }
            let mut list = KeptList::with_capacity(items.len());
            for item in items.iter().take(MAX_ENTRIES) {
                list.push(bound_plain(item, level + 1, budget));
            }
            list.finish(total)
        }
        Value::Object(entries) => bound_object(value, entries, level, Role::Plain, budget),
        other => Bounded::whole(other.clone().into_owned()),
    }
}

fn emptied(empty: Value<'_>, len: usize) -> Bounded<'_> {
    Bounded { value: empty, uncut: (len > 0).then_some(len), lengths: None }
}

struct Candidate<'a> {
    key: &'a str,
    key_uncut: Option<usize>,
    value: Bounded<'a>,
}

impl Candidate<'_> {
    /// Whether it needs any count field (then [`Self::annotation_names`] lists them).
    fn annotated(&self) -> bool {
        self.key_uncut.is_some() || self.value.uncut.is_some() || self.value.lengths.is_some()
    }

    fn annotation_names(&self) -> Vec<String> {
        let mut names: Vec<String> =
            self.value.annotations(self.key).into_iter().map(|(k, _)| k.into_owned()).collect();
        if self.key_uncut.is_some() {
            names.push(format!("{}KeyLength", self.key));
        }
        names
    }
}

fn bound_object<'a>(
    node: &Value<'_>,
    entries: &'a [(Cow<'_, str>, Value<'_>)],
    level: usize,
    role: Role<'_>,
    budget: &mut Budget<'_>,
) -> Bounded<'a> {
    let total = budget.sizes.count_of(node, entries);
    if level > MAX_LEVELS {
        return emptied(Value::Object(Vec::new()), total);
    }
    // Zod 4 with `reportInput` writes the caller's value into an issue's `input`: a
    // rejected value never reaches the client, so that field is never kept.
    let is_issue = matches!(role, Role::Issue(_));
    let candidates: Vec<Candidate> = entries
        .iter()
        .filter(|(key, _)| !(is_issue && key == REPORTED_INPUT))
        .take(MAX_ENTRIES)
        .map(|(key, value)| {
            let (cut_key, key_uncut) = cut_data_string(key);
            let key_uncut = budget.sizes.of_key(key).or(key_uncut);
            let value = bound_field(key, value, level, role, budget);
            Candidate { key: cut_key, key_uncut, value }
        })
        .collect();
    // The count fields the candidates need (none, mostly: then nothing is listed).
    let names: Vec<Vec<String>> = if candidates.iter().any(Candidate::annotated) {
        candidates.iter().map(Candidate::annotation_names).collect()
    } else {
        Vec::new()
    };
    let mut out: Vec<(Cow<'a, str>, Value<'a>)> = Vec::with_capacity(candidates.len());
    let mut kept = 0usize;
    for (i, candidate) in candidates.into_iter().enumerate() {
        let taken_by_record =
            names.iter().enumerate().any(|(j, list)| j != i && list.iter().any(|name| name == candidate.key));
        let duplicate = out.iter().any(|(k, _)| *k == candidate.key);
        if taken_by_record || duplicate {
            continue;
        }
        kept += 1;
        let mut notes = candidate.value.annotations(candidate.key);
        if let Some(uncut) = candidate.key_uncut {
            notes.insert(0, (format!("{}KeyLength", candidate.key).into(), count_value(uncut)));
        }
        out.push((Cow::Borrowed(candidate.key), candidate.value.value));
        for (name, value) in notes {
            if !out.iter().any(|(k, _)| *k == name) {
                out.push((name, value));
            }
        }
    }
    let uncut = (kept < total).then_some(total);
    Bounded { value: Value::Object(out), uncut, lengths: None }
}

/// One field of an object at `level`. Fields that hold nested issues reset the
/// level for those issues and spend the shared issue budget.
fn bound_field<'a>(
    key: &str,
    value: &'a Value<'_>,
    level: usize,
    role: Role<'_>,
    budget: &mut Budget<'_>,
) -> Bounded<'a> {
    let nested = role.nested_in(key).filter(|_| budget.nesting <= MAX_ISSUE_NESTING);
    match (nested, value) {
        (Some(Nested::BranchLists), Value::Array(branches)) => {
            let total = budget.sizes.len_of(value, branches);
            bound_branch_lists(branches, total, level + 1, budget)
        }
        (Some(Nested::ZodErrors), Value::Array(errors)) => {
            let total = budget.sizes.len_of(value, errors);
            bound_zod_error_list(errors, total, level + 1, budget)
        }
        (Some(Nested::Issues), Value::Array(issues)) => {
            let total = budget.sizes.len_of(value, issues);
            bound_issue_list(issues, total, budget)
        }
        _ => bound_plain(value, level + 1, budget),
    }
}

/// Zod 4 `errors: Issue[][]`: the branch list keeps its first 10 branches (fewer
/// when the issue budget runs out), each branch its first 10 issues.
fn bound_branch_lists<'a>(
    branches: &'a [Value<'_>],
    total: usize,
    level: usize,
    budget: &mut Budget<'_>,
) -> Bounded<'a> {
    bound_issue_holders(branches, total, budget, |branch, budget| match branch {
        Value::Array(issues) => {
            let count = budget.sizes.len_of(branch, issues);
            bound_issue_list(issues, count, budget)
        }
        other => bound_plain(other, level + 1, budget),
    })
}

/// Zod 3 `unionErrors: ZodError[]`, each serialised as `{ issues, ... }`.
fn bound_zod_error_list<'a>(
    errors: &'a [Value<'_>],
    total: usize,
    level: usize,
    budget: &mut Budget<'_>,
) -> Bounded<'a> {
    bound_issue_holders(errors, total, budget, |error, budget| match error {
        // The ZodError object resets the level like an issue: its `issues` are issues.
        Value::Object(entries) => bound_object(error, entries, 0, Role::ZodErrorEntry, budget),
        other => bound_plain(other, level + 1, budget),
    })
}

/// A list whose entries hold issues (a union's branches): its first 10 entries, fewer
/// when the issue budget runs out, each bounded by `entry`.
fn bound_issue_holders<'a, 'v>(
    holders: &'a [Value<'v>],
    total: usize,
    budget: &mut Budget<'_>,
    mut entry: impl FnMut(&'a Value<'v>, &mut Budget<'_>) -> Bounded<'a>,
) -> Bounded<'a> {
    let mut list = KeptList::with_capacity(holders.len());
    for holder in holders.iter().take(MAX_ENTRIES) {
        if budget.issues_left == 0 {
            break;
        }
        list.push(entry(holder, budget));
    }
    list.finish(total)
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_issue_never_keeps_the_callers_input() {
        let issue = |input: Value<'static>| {
            Value::Object(vec![
                ("code".into(), Value::str("invalid_type")),
                ("path".into(), Value::Array(vec![Value::str("x")])),
                ("input".into(), input),
                ("message".into(), Value::str("Invalid input")),
            ])
        };
        let union = Value::Object(vec![
            ("code".into(), Value::str("invalid_union")),
            ("errors".into(), Value::Array(vec![Value::Array(vec![issue(Value::str("secret-2"))])])),
            ("input".into(), Value::str("secret-3")),
        ]);
        let issues = [issue(Value::str("secret-1")), union];
        let bounded = bound_issues(&issues);
        let json = bounded.value.to_json();
        assert!(!json.contains("secret"), "{json}");
        assert!(json.contains("Invalid input"));
    }

    use super::*;

    /// An issue with nested issues and no `input` of its own is bounded by the full pass:
    /// the nested issues lose theirs.
    #[test]
    fn nested_issues_lose_their_input_whatever_the_issue_holding_them() {
        for (code, field) in [("invalid_key", "issues"), ("invalid_element", "issues"), ("invalid_union", "errors")] {
            let nested = v(r#"{"code":"custom","input":"secret","path":[],"message":"inner"}"#);
            let held = if field == "errors" {
                Value::Array(vec![Value::Array(vec![nested])])
            } else {
                Value::Array(vec![nested])
            };
            let issue = Value::Object(vec![
                ("code".into(), Value::str(code)),
                (field.into(), held),
                ("path".into(), Value::Array(vec![])),
                ("message".into(), Value::str("outer")),
            ]);
            let json = bound_issues(&[issue]).value.to_json();
            assert!(json.contains("inner") && !json.contains("secret"), "{json}");
        }
    }

    fn v(text: &str) -> Value<'static> {
        Value::parse_json(text).unwrap()
    }

    #[test]
    fn within_caps_nothing_changes() {
        let issues = v(
            r#"[{"code":"invalid_union","errors":[[{"code":"custom","path":["a"],"message":"m","params":{"x":[1,{}]}}]],"path":[],"message":"Invalid input"}]"#,
        );
        let bounded = bound_issues(issues.as_array().unwrap());
        assert_eq!(bounded.value, issues);
        assert_eq!(bounded.uncut, None);
        assert_eq!(bounded.lengths, None);
    }

    #[test]
    fn cuts_carry_their_uncut_sizes() {
        let long = "k".repeat(2000);
        let issue = Value::Object(vec![
            ("code".into(), Value::str("unrecognized_keys")),
            (
                "keys".into(),
                Value::Array((0..12).map(|i| Value::str(if i == 1 { long.clone() } else { "a".into() })).collect()),
            ),
            ("path".into(), Value::Array(vec![])),
            ("message".into(), Value::str(long.clone())),
        ]);
        let issues = [issue];
        let bounded = bound_issues(&issues);
        let out = bounded.value.as_array().unwrap().first().unwrap();
        assert_eq!(out.get("keysCount"), Some(&Value::Number(12.0)));
        let lengths = out.get("keysLengths").and_then(Value::as_array).unwrap();
        assert_eq!(lengths.len(), 10);
        assert_eq!(lengths.get(1), Some(&Value::Number(2000.0)));
        assert_eq!(lengths.first(), Some(&Value::Null));
        assert_eq!(out.get("messageLength"), Some(&Value::Number(2000.0)));
    }

    #[test]
    fn deeper_than_two_levels_keeps_nothing() {
        let issue = v(r#"{"code":"custom","params":{"a":{"b":{"c":1}}},"path":[],"message":"m"}"#);
        let issues = [issue];
        let bounded = bound_issues(&issues);
        let out = bounded.value.as_array().unwrap().first().unwrap();
        assert_eq!(out.get("params").unwrap().to_json(), r#"{"a":{"b":{},"bCount":1}}"#);
    }

    #[test]
    fn a_count_field_never_overwrites_a_real_key() {
        let long = "m".repeat(1100);
        let issue =
            Value::Object(vec![("message".into(), Value::str(long)), ("messageLength".into(), Value::str("mine"))]);
        let issues = [issue];
        let bounded = bound_issues(&issues);
        let out = bounded.value.as_array().unwrap().first().unwrap();
        assert_eq!(out.get("messageLength"), Some(&Value::Number(1100.0)));
        assert_eq!(out.as_object().unwrap().len(), 2);
        assert_eq!(bounded.lengths, Some(vec![Value::Number(2.0)]));
    }

    #[test]
    fn the_issue_budget_spans_union_branches() {
        let branch: Vec<Value<'static>> = (0..10).map(|_| v(r#"{"code":"custom","path":[],"message":"m"}"#)).collect();
        let union = Value::Object(vec![
            ("code".into(), Value::str("invalid_union")),
            ("errors".into(), Value::Array(vec![Value::Array(branch.clone()); 5])),
            ("path".into(), Value::Array(vec![])),
            ("message".into(), Value::str("Invalid input")),
        ]);
        let issues = vec![union.clone(), union];
        let bounded = bound_issues(&issues);
        // 1 union + 29 branch issues: the second union does not fit.
        assert_eq!(bounded.uncut, Some(2));
        let first = bounded.value.as_array().unwrap().first().unwrap();
        let errors = first.get("errors").and_then(Value::as_array).unwrap();
        assert_eq!(errors.len(), 3);
        assert_eq!(first.get("errorsCount"), Some(&Value::Number(5.0)));
        assert_eq!(first.get("errorsLengths").unwrap().to_json(), "[null,null,10]");
    }

    /// Thirty issues, each the only branch issue of the one before: the last one, the
    /// thirtieth issue kept, is still read as an issue (its `input` left out).
    #[test]
    fn the_thirtieth_nested_issue_is_still_an_issue() {
        let mut issue = Value::Object(vec![
            ("code".into(), Value::str("custom")),
            ("input".into(), Value::str("secret-30")),
            ("path".into(), Value::Array(vec![])),
            ("message".into(), Value::str("innermost")),
        ]);
        for _ in 1..MAX_ISSUES_TOTAL {
            issue = Value::Object(vec![
                ("code".into(), Value::str("invalid_union")),
                ("errors".into(), Value::Array(vec![Value::Array(vec![issue])])),
                ("path".into(), Value::Array(vec![])),
                ("message".into(), Value::str("Invalid input")),
            ]);
        }
        let json = bound_issues(&[issue]).value.to_json();
        assert!(json.contains("innermost"), "{json}");
        assert!(!json.contains("secret"), "{json}");
    }

    /// The nesting cap counts how deep issue lists sit, not how many were read: after
    /// forty empty union branches, a top-level issue is still read as an issue.
    #[test]
    fn nesting_is_depth_not_the_lists_read() {
        let union = Value::Object(vec![
            ("code".into(), Value::str("invalid_union")),
            ("errors".into(), Value::Array(vec![Value::Array(vec![]); 10])),
            ("path".into(), Value::Array(vec![])),
            ("message".into(), Value::str("Invalid input")),
        ]);
        let mut issues = vec![union; 4];
        issues.push(v(r#"{"code":"custom","input":"secret","path":[],"message":"fifth"}"#));
        let json = bound_issues(&issues).value.to_json();
        assert!(json.contains("fifth"), "{json}");
        assert!(!json.contains("secret"), "{json}");
    }

    /// In a Zod 3 `unionErrors` entry only `issues` holds issues: another list there is
    /// a plain value (an object in it keeps its `input`).
    #[test]
    fn only_issues_of_a_zod_error_entry_holds_issues() {
        let issue = v(
            r#"{"code":"invalid_union","unionErrors":[{"issues":[{"code":"custom","input":"dropped","path":[],"message":"m"}],"other":[{"code":"custom","input":"kept","path":[],"message":"m"}],"name":"ZodError"}],"path":[],"message":"Invalid input"}"#,
        );
        let json = bound_issues(&[issue]).value.to_json();
        assert!(json.contains(r#""other":[{"code":"custom","input":"kept""#), "{json}");
        assert!(!json.contains("dropped"), "{json}");
    }

    /// A union branch that is no list, and a Zod 3 union entry that is no object, sit
    /// two levels below the issue: what they hold one level further keeps no entries.
    #[test]
    fn odd_union_branches_sit_two_levels_below_the_issue() {
        let zod4 = v(r#"{"code":"invalid_union","errors":[{"a":{"b":1},"c":[1]}],"path":[],"message":"m"}"#);
        let out = bound_issues(&[zod4]).value.to_json();
        assert_eq!(
            out,
            r#"[{"code":"invalid_union","errors":[{"a":{},"aCount":1,"c":[],"cCount":1}],"path":[],"message":"m"}]"#
        );
        let zod3 = v(r#"{"code":"invalid_union","unionErrors":[[{"a":1},[2]]],"path":[],"message":"m"}"#);
        let out = bound_issues(&[zod3]).value.to_json();
        assert_eq!(out, r#"[{"code":"invalid_union","unionErrors":[[{},[]]],"path":[],"message":"m"}]"#);
    }

    // Property tests run natively; proptest has no wasm32 backend.
    #[cfg(not(target_arch = "wasm32"))]
    mod props {
        use super::*;
        use proptest::prelude::*;
        use proptest::strategy::ValueTree;

        /// Keys an issue may hold, `input` and the nested-issue fields among them, and
        /// one past the cap.
        fn key() -> impl Strategy<Value = String> {
            prop_oneof![
                4 => prop::sample::select(vec!["code", "path", "message", "expected", "values", "params", "keys", "x"]).prop_map(str::to_owned),
                4 => "[a-z]{1,3}",
                1 => prop::sample::select(vec!["input", "errors", "unionErrors", "issues", "xLength", "xCount"]).prop_map(str::to_owned),
                1 => Just("k".repeat(MAX_STRING_UNITS + 1)),
            ]
        }

        fn leaf() -> impl Strategy<Value = Value<'static>> {
            prop_oneof![
                Just(Value::Null),
                any::<bool>().prop_map(Value::Bool),
                (-3i32..40).prop_map(|n| Value::Number(f64::from(n))),
                prop::sample::select(vec!["invalid_union", "invalid_key", "invalid_element", "custom", "a", "é😀"])
                    .prop_map(Value::str),
                (MAX_STRING_UNITS - 1..MAX_STRING_UNITS + 2)
                    .prop_map(|n| Value::str("😀".repeat(n / 2) + &"s".repeat(n % 2))),
            ]
        }

        /// Values up to five levels deep, lists and objects around the entry cap.
        fn value() -> impl Strategy<Value = Value<'static>> {
            leaf().prop_recursive(5, 64, 12, |inner| {
                prop_oneof![
                    prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
                    prop::collection::vec(inner.clone(), MAX_ENTRIES..MAX_ENTRIES + 2).prop_map(Value::Array),
                    entries(inner.clone(), 0..4).prop_map(Value::Object),
                    entries(inner, MAX_ENTRIES - 1..MAX_ENTRIES + 2).prop_map(Value::Object),
                ]
            })
        }

        /// Entries whose keys are [`key`]s when few, mostly distinct made-up keys when
        /// around the cap (so that some fit it).
        fn entries(
            values: impl Strategy<Value = Value<'static>>,
            len: std::ops::Range<usize>,
        ) -> impl Strategy<Value = Vec<(Cow<'static, str>, Value<'static>)>> {
            let keys =
                if len.end > MAX_ENTRIES { prop_oneof![1 => key(), 9 => "[a-z]{5}"].boxed() } else { key().boxed() };
            prop::collection::vec((keys, values), len)
                .prop_map(|entries| entries.into_iter().map(|(k, v)| (k.into(), v)).collect())
        }

        /// An issue: a code (those with nested issues among them), then any entries.
        fn issue() -> impl Strategy<Value = Value<'static>> {
            let code = prop::sample::select(vec!["invalid_union", "invalid_key", "invalid_element", "custom"]);
            (code, prop_oneof![entries(value(), 0..4), entries(value(), MAX_ENTRIES - 1..MAX_ENTRIES + 1)]).prop_map(
                |(code, mut rest)| {
                    rest.insert(0, ("code".into(), Value::str(code)));
                    Value::Object(rest)
                },
            )
        }

        /// Records of sizes the copy cut (`size, kind, depth, indices`), at random places.
        fn cut_sizes() -> impl Strategy<Value = Vec<u32>> {
            prop::collection::vec((0u32..2000, 0u32..2, prop::collection::vec(0u32..4, 0..4)), 0..4).prop_map(
                |records| {
                    let mut flat = Vec::new();
                    for (size, kind, indices) in records {
                        flat.extend([size, kind, u32::try_from(indices.len()).unwrap_or(0)]);
                        flat.extend(indices);
                    }
                    flat
                },
            )
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(1024))]

            /// Wherever the one-walk path keeps an issue whole, the full pass keeps it
            /// whole too and writes no count field; sizes the copy cut (records at
            /// random places) included.
            #[test]
            fn an_issue_kept_whole_is_what_the_full_pass_keeps(
                issue in issue(),
                flat in cut_sizes(),
            ) {
                let sizes = TrueSizes::locate(&issue, &flat);
                let Value::Object(entries) = &issue else { return Ok(()) };
                let view = IssueView::new(&issue);
                let whole = issue_kept_whole(&issue, entries, view, &sizes, true);
                // Asked only whether, the answer is the same.
                prop_assert_eq!(issue_kept_whole(&issue, entries, view, &sizes, false).is_some(), whole.is_some());
                if let Some(whole) = whole {
                    let mut budget = Budget { issues_left: MAX_ISSUES_TOTAL, nesting: 1, sizes: &sizes, referred: None };
                    let full = bound_object(&issue, entries, 0, Role::Issue(view), &mut budget);
                    prop_assert_eq!(&full, &Bounded::whole(whole));
                    prop_assert_eq!(full.value, issue.clone());
                }
            }
        }

        /// The generator reaches both answers: issues kept whole and issues the full pass
        /// has to bound (else the property above would test nothing).
        #[test]
        fn both_paths_are_reached() {
            let mut runner = proptest::test_runner::TestRunner::deterministic();
            let (mut whole, mut bounded) = (0, 0);
            for _ in 0..400 {
                let Ok(tree) = issue().new_tree(&mut runner) else { continue };
                let issue = tree.current();
                let Value::Object(entries) = &issue else { continue };
                let entries: &[_] = entries;
                let sizes = TrueSizes::locate(&issue, &[]);
                match issue_kept_whole(&issue, entries, IssueView::new(&issue), &sizes, true) {
                    Some(_) => whole += 1,
                    None => bounded += 1,
                }
            }
            assert!(whole > 20 && bounded > 20, "{whole} kept whole, {bounded} bounded");
        }
    }
}
