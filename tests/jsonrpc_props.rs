#![cfg(not(target_arch = "wasm32"))]
//! Property tests for the caps of the JSON-RPC dialect: for arbitrary nested issue
//! data, whatever reaches `data` is bounded and every count field tells the truth.
//!
//! Checked against the input, independently of the core's own bookkeeping:
//! - every string value keeps at most its first 1,024 UTF-16 units (a prefix of the
//!   original, never half a surrogate pair), and every kept key likewise;
//! - every array keeps at most 10 entries, every object at most 10 of its keys;
//! - at most 30 issues in all, union branches included;
//! - nothing deeper than two levels of lists and objects below an issue;
//! - each count field (`<f>Length`, `<f>Count`, `<f>Lengths`, `<key>KeyLength`,
//!   `issuesCount`) equals the uncut size, and is present exactly when a cut happened;
//! - the message and hint lines stay within their caps, and rendering never panics.

use mcp_envelope::jsonrpc::{
    bound_issues, error_result, format_validation, Alias, ErrorResultOptions, IssueList, PreValidation, ThrownError,
    ValidationOptions, COUNTED_ISSUE, ISSUES_READ_WHOLE,
};
use mcp_envelope::sizes::{TrueSizes, NO_CUTS};
use mcp_envelope::value::Value;
use mcp_envelope::zod::UNION_CODES;
use proptest::prelude::*;

const CAP: usize = 1024;

fn js_len(s: &str) -> usize {
    s.encode_utf16().count()
}

fn cut(s: &str) -> String {
    let mut units = 0;
    let mut out = String::new();
    for c in s.chars() {
        units += c.len_utf16();
        if units > CAP {
            break;
        }
        out.push(c);
    }
    out
}

fn size(v: &Value<'static>) -> Option<usize> {
    match v {
        Value::String(s) => Some(js_len(s)),
        Value::Array(a) => Some(a.len()),
        Value::Object(o) => Some(o.len()),
        _ => None,
    }
}

fn num(v: Option<&Value<'static>>) -> Option<usize> {
    match v {
        Some(Value::Number(n)) if *n >= 0.0 && n.fract() == 0.0 => Some(*n as usize),
        _ => None,
    }
}

// --- generators -------------------------------------------------------------------

/// A list usually short, sometimes just past the cap of 10, so that most cases stay
/// small while every cut still happens often.
fn list_of<T: std::fmt::Debug + 'static>(item: BoxedStrategy<T>, long: usize) -> BoxedStrategy<Vec<T>> {
    sized_list_of(item, long, 4)
}

/// Like [`list_of`], with `short_weight` to keep nested lists mostly short.
fn sized_list_of<T: std::fmt::Debug + 'static>(
    item: BoxedStrategy<T>,
    long: usize,
    short_weight: u32,
) -> BoxedStrategy<Vec<T>> {
    prop_oneof![short_weight => Just(0usize..4), 1 => Just(9usize..12), 1 => Just(long..long + 2)]
        .prop_flat_map(move |range| prop::collection::vec(item.clone(), range))
        .boxed()
}

fn arb_string() -> impl Strategy<Value = String> {
    prop_oneof![
        24 => "[a-zé😀 ,.]{0,12}",
        1 => (1000usize..1030, prop::sample::select(vec!['a', 'é', '😀'])).prop_map(|(n, c)| c.to_string().repeat(n)),
        1 => (1020usize..1026).prop_map(|n| format!("{}😀tail", "a".repeat(n))),
        1 => (2000usize..2600).prop_map(|n| "x".repeat(n)),
    ]
}

fn arb_key() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => prop::sample::select(vec!["a", "b", "message", "path", "code", "params", "errors", "x", "aLength", "aCount", "aLengths", "messageLength", "paramsCount", "keys"]).prop_map(str::to_owned),
        2 => "[a-z]{1,6}",
        1 => (1020usize..1030).prop_map(|n| "k".repeat(n)),
        1 => (1020usize..1030).prop_map(|n| format!("{}Length", "k".repeat(n))),
        1 => (1030usize..1040).prop_map(|n| "k".repeat(n)),
    ]
}

fn dedupe(entries: Vec<(String, Value<'static>)>) -> Vec<(String, Value<'static>)> {
    let mut out: Vec<(String, Value<'static>)> = Vec::new();
    for (k, v) in entries {
        if !out.iter().any(|(seen, _)| *seen == k) {
            out.push((k, v));
        }
    }
    out
}

fn arb_leaf() -> impl Strategy<Value = Value<'static>> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        (-1e6f64..1e6).prop_map(Value::Number),
        arb_string().prop_map(Value::str),
    ]
}

fn arb_value() -> impl Strategy<Value = Value<'static>> {
    arb_leaf().prop_recursive(3, 24, 12, |inner| {
        prop_oneof![
            list_of(inner.clone(), 12).prop_map(Value::Array),
            list_of((arb_key(), inner).boxed(), 12).prop_map(|e| Value::object(dedupe(e))),
        ]
    })
}

fn arb_path() -> impl Strategy<Value = Value<'static>> {
    list_of(
        prop_oneof![arb_string().prop_map(Value::str), (0u32..20).prop_map(|n| Value::Number(n.into()))].boxed(),
        12,
    )
    .prop_map(Value::Array)
}

fn plain_issue() -> impl Strategy<Value = Value<'static>> {
    (
        prop::sample::select(vec!["custom", "invalid_type", "too_big", "invalid_value", "unrecognized_keys"]),
        arb_path(),
        arb_string(),
        prop::option::of(arb_value()),
        prop::collection::vec((arb_key(), arb_value()), 0..4),
    )
        .prop_map(|(code, path, message, params, extra)| {
            let mut e =
                vec![("code".into(), Value::str(code)), ("path".into(), path), ("message".into(), Value::str(message))];
            if let Some(p) = params {
                e.push(("params".into(), p));
            }
            e.extend(extra);
            Value::object(dedupe(e))
        })
}

fn arb_issue() -> impl Strategy<Value = Value<'static>> {
    plain_issue().prop_recursive(2, 40, 12, |inner| {
        prop_oneof![
            // Zod 4 union: errors: Issue[][]
            (sized_list_of(sized_list_of(inner.clone(), 11, 12), 11, 6), arb_path()).prop_map(|(errors, path)| {
                Value::Object(vec![
                    ("code".into(), Value::str("invalid_union")),
                    ("errors".into(), Value::Array(errors.into_iter().map(Value::Array).collect())),
                    ("path".into(), path),
                    ("message".into(), Value::str("Invalid input")),
                ])
            }),
            // Zod 3 union: unionErrors: [{ issues, name }]
            (sized_list_of(sized_list_of(inner.clone(), 11, 12), 11, 6), arb_path()).prop_map(|(errors, path)| {
                let entries = errors
                    .into_iter()
                    .map(|issues| {
                        Value::Object(vec![
                            ("issues".into(), Value::Array(issues)),
                            ("name".into(), Value::str("ZodError")),
                        ])
                    })
                    .collect();
                Value::Object(vec![
                    ("code".into(), Value::str("invalid_union")),
                    ("unionErrors".into(), Value::Array(entries)),
                    ("path".into(), path),
                    ("message".into(), Value::str("Invalid input")),
                ])
            }),
            // Zod 4 invalid_key: issues: Issue[]
            (sized_list_of(inner, 11, 6), arb_path()).prop_map(|(issues, path)| {
                Value::Object(vec![
                    ("code".into(), Value::str("invalid_key")),
                    ("origin".into(), Value::str("record")),
                    ("issues".into(), Value::Array(issues)),
                    ("path".into(), path),
                    ("message".into(), Value::str("Invalid key in record")),
                ])
            }),
        ]
    })
}

// --- the checker ------------------------------------------------------------------
//
// Invariants each output must keep, read field by field. Where the output alone cannot
// tell a caller's key from a count field (`aLengths` beside `a`), the checker lets it
// pass; the model below (`check_against_model`) then states the whole output exactly.

struct Checker {
    issues_seen: usize,
}

const SUFFIXES: [&str; 4] = ["KeyLength", "Lengths", "Length", "Count"];

impl Checker {
    /// A list of issues at `out`, cut from `inp`.
    fn issue_list(&mut self, out: &[Value<'static>], inp: &[Value<'static>]) -> Result<(), String> {
        prop_assert_len(out.len() <= 10 && out.len() <= inp.len(), || format!("issue list of {}", out.len()))?;
        for (o, i) in out.iter().zip(inp) {
            self.issues_seen += 1;
            match (o, i) {
                (Value::Object(_), Value::Object(_)) => self.object(o, i, 0, true)?,
                _ => self.node(o, i, 0)?,
            }
        }
        Ok(())
    }

    fn node(&mut self, out: &Value<'static>, inp: &Value<'static>, level: usize) -> Result<(), String> {
        match (out, inp) {
            (Value::String(o), Value::String(i)) => {
                if *o != cut(i) {
                    return Err(format!("string of {} units kept as {} units, not its prefix", js_len(i), js_len(o)));
                }
                Ok(())
            }
            (Value::Array(o), Value::Array(i)) => {
                if level > 2 {
                    return if o.is_empty() {
                        Ok(())
                    } else {
                        Err(format!("a list {level} levels below an issue kept entries"))
                    };
                }
                prop_assert_len(o.len() <= 10 && o.len() == i.len().min(10), || {
                    format!("list of {} kept {}", i.len(), o.len())
                })?;
                for (a, b) in o.iter().zip(i) {
                    self.node(a, b, level + 1)?;
                }
                Ok(())
            }
            (Value::Object(_), Value::Object(_)) => self.object(out, inp, level, false),
            (a, b) if a == b => Ok(()),
            (a, b) => Err(format!("{} became {}", b.to_json(), a.to_json())),
        }
    }

    /// The uncut size a cut of `v` (at `level`) must report, if it was cut.
    fn expected_cut(v: &Value<'static>, level: usize) -> Option<usize> {
        match v {
            Value::String(s) if js_len(s) > CAP => Some(js_len(s)),
            Value::Array(a) if a.len() > 10 || (level > 2 && !a.is_empty()) => Some(a.len()),
            Value::Object(o) if o.len() > 10 || (level > 2 && !o.is_empty()) => Some(o.len()),
            _ => None,
        }
    }

    fn object(
        &mut self,
        out: &Value<'static>,
        inp: &Value<'static>,
        level: usize,
        is_issue: bool,
    ) -> Result<(), String> {
        let (Value::Object(o), Value::Object(i)) = (out, inp) else { return Err("not objects".into()) };
        if level > 2 {
            return if o.is_empty() {
                Ok(())
            } else {
                Err(format!("an object {level} levels below an issue kept keys"))
            };
        }
        let code = inp.get("code").and_then(Value::as_str);
        let mut kept = 0usize;
        for (index, (key, value)) in i.iter().take(10).enumerate() {
            let ck = cut(key);
            // A key a cut makes equal to an earlier one is left out.
            if i.iter().take(index).any(|(k2, _)| cut(k2) == ck) {
                continue;
            }
            // A record may have taken this key's name (the real key is then left out).
            let is_record = SUFFIXES.iter().any(|s| {
                ck.strip_suffix(s).is_some_and(|base| {
                    i.iter().take(10).any(|(k2, v2)| cut(k2) == base && k2 != key && cut_needs(s, k2, v2, level))
                })
            });
            if is_record {
                continue;
            }
            // Anything else is kept: a field left out fails here.
            let Some(ov) = out.get(&ck) else {
                return Err(format!("field {:?} left out", ck.chars().take(40).collect::<String>()));
            };
            kept += 1;
            let nested = is_issue
                && matches!(
                    (code, key.as_ref()),
                    (Some("invalid_union"), "errors" | "unionErrors")
                        | (Some("invalid_key" | "invalid_element"), "issues")
                );
            if nested {
                self.nested_issues(key, ov, value, level)?;
                if let (Value::Array(oa), Value::Array(ia)) = (ov, value) {
                    let got = num(o.iter().find(|(k, _)| *k == format!("{ck}Count")).map(|(_, v)| v));
                    let want = (oa.len() < ia.len()).then_some(ia.len());
                    if got != want {
                        return Err(format!("{ck}Count is {got:?}, want {want:?}"));
                    }
                    if key == "errors" && !caller_has_key(i, &format!("{ck}Lengths")) {
                        let lengths = o.iter().find(|(k, _)| *k == format!("{ck}Lengths")).map(|(_, v)| v);
                        check_branch_lengths(lengths, oa, ia)?;
                    }
                }
            } else {
                self.node(ov, value, level + 1)?;
                // Count fields: present exactly when cut, equal to the uncut size.
                let want = Self::expected_cut(value, level + 1);
                let suffix = if matches!(value, Value::String(_)) { "Length" } else { "Count" };
                let got = num(o.iter().find(|(k, _)| *k == format!("{ck}{suffix}")).map(|(_, v)| v));
                if want.is_some() && got != want {
                    return Err(format!("{ck}{suffix} is {got:?}, the uncut size is {want:?}"));
                }
                // An object also counts keys left out because a count field took
                // their name: any count present must be the uncut size.
                if got.is_some() && got != size(value) {
                    return Err(format!("{ck}{suffix} is {got:?}, the uncut size is {:?}", size(value)));
                }
                if let (Value::Array(oa), Value::Array(ia)) = (ov, value) {
                    if !caller_has_key(i, &format!("{ck}Lengths")) {
                        let lengths = o.iter().find(|(k, _)| *k == format!("{ck}Lengths")).map(|(_, v)| v);
                        check_lengths(lengths, oa, ia, level + 2)?;
                    }
                }
            }
            if js_len(key) > CAP {
                let got = num(o.iter().find(|(k, _)| *k == format!("{ck}KeyLength")).map(|(_, v)| v));
                if got != Some(js_len(key)) {
                    return Err(format!("{ck}KeyLength is {got:?}, the key is {} units", js_len(key)));
                }
            }
        }
        if kept > 10 {
            return Err(format!("object kept {kept} keys"));
        }
        // Every output key is a kept key or a count field.
        for (k, _) in o {
            let real = i.iter().take(10).any(|(k2, _)| cut(k2) == *k);
            let record = SUFFIXES.iter().any(|s| k.ends_with(s));
            if !real && !record {
                return Err(format!("key {k:?} came from nowhere"));
            }
            if js_len(k) > CAP + "KeyLength".len() {
                return Err(format!("a key of {} units", js_len(k)));
            }
        }
        Ok(())
    }

    fn nested_issues(
        &mut self,
        key: &str,
        out: &Value<'static>,
        inp: &Value<'static>,
        level: usize,
    ) -> Result<(), String> {
        let (Value::Array(o), Value::Array(i)) = (out, inp) else { return self.node(out, inp, level + 1) };
        prop_assert_len(o.len() <= 10 && o.len() <= i.len(), || format!("{key} kept {}", o.len()))?;
        for (ob, ib) in o.iter().zip(i) {
            match (key, ob, ib) {
                ("errors", Value::Array(oi), Value::Array(ii)) => self.issue_list(oi, ii)?,
                ("unionErrors", Value::Object(_), Value::Object(_)) => {
                    let (Some(Value::Array(oi)), Some(Value::Array(ii))) = (ob.get("issues"), ib.get("issues")) else {
                        continue;
                    };
                    self.issue_list(oi, ii)?;
                }
                ("issues", Value::Object(_), Value::Object(_)) => {
                    self.issues_seen += 1;
                    self.object(ob, ib, 0, true)?;
                }
                _ => self.node(ob, ib, level + 2)?,
            }
        }
        Ok(())
    }
}

/// Whether a field `k2: v2` is cut in a way that puts a record named `k2 + suffix`.
fn cut_needs(suffix: &str, k2: &str, v2: &Value<'static>, level: usize) -> bool {
    match suffix {
        "KeyLength" => js_len(k2) > CAP,
        "Length" => matches!(v2, Value::String(s) if js_len(s) > CAP),
        // An object may also be counted for keys a cut or a count field pushed out.
        "Count" => {
            matches!(v2, Value::Object(_))
                || (!matches!(v2, Value::String(_)) && Checker::expected_cut(v2, level + 1).is_some())
        }
        "Lengths" => matches!(v2, Value::Array(_)),
        _ => false,
    }
}

/// When the caller's own object has a key named like the record (`aLengths` beside
/// `a`), the output alone cannot tell the caller's key from a record that replaced it,
/// so that one record is not checked.
fn caller_has_key(object: &[(std::borrow::Cow<'_, str>, Value<'_>)], name: &str) -> bool {
    object.iter().take(10).any(|(k, _)| cut(k) == name)
}

fn check_lengths(
    lengths: Option<&Value<'static>>,
    out: &[Value<'static>],
    inp: &[Value<'static>],
    entry_level: usize,
) -> Result<(), String> {
    let any_cut = inp.iter().take(out.len()).any(|v| Checker::expected_cut(v, entry_level).is_some());
    match lengths {
        None if any_cut => Err("a kept entry was cut but no <f>Lengths says so".into()),
        None => Ok(()),
        Some(Value::Array(l)) => {
            if !any_cut && l.len() != out.len() {
                // No kept entry was cut: a key of this name is the caller's own.
                return Ok(());
            }
            prop_assert_len(l.len() == out.len(), || format!("<f>Lengths has {} entries for {}", l.len(), out.len()))?;
            for (entry, v) in l.iter().zip(inp) {
                let want = Checker::expected_cut(v, entry_level);
                match (entry, want) {
                    (Value::Null, None) => {}
                    (Value::Number(_), Some(n)) if num(Some(entry)) == Some(n) && size(v) == Some(n) => {}
                    // An object whose left-out keys a count field took: its key count.
                    (Value::Number(_), None) if matches!(v, Value::Object(_)) && num(Some(entry)) == size(v) => {}
                    _ => {
                        return Err(format!("<f>Lengths entry {} for an entry of size {:?}", entry.to_json(), size(v)))
                    }
                }
            }
            Ok(())
        }
        // No kept entry was cut: a key of this name is the caller's own.
        Some(_) if !any_cut => Ok(()),
        Some(other) => Err(format!("<f>Lengths is {}", other.to_json())),
    }
}

/// `errorsLengths`: one entry per kept branch, the uncut issue count of a cut one.
fn check_branch_lengths(
    lengths: Option<&Value<'static>>,
    out: &[Value<'static>],
    inp: &[Value<'static>],
) -> Result<(), String> {
    let cut_flags: Vec<bool> = out.iter().zip(inp).map(|(o, i)| size(o) < size(i)).collect();
    match lengths {
        None if cut_flags.contains(&true) => Err("a branch was cut but no errorsLengths says so".into()),
        None => Ok(()),
        Some(Value::Array(l)) => {
            prop_assert_len(l.len() == out.len(), || "errorsLengths length".into())?;
            for ((entry, i), was_cut) in l.iter().zip(inp).zip(cut_flags) {
                let ok = if was_cut { num(Some(entry)) == size(i) } else { *entry == Value::Null };
                prop_assert_len(ok, || {
                    format!("errorsLengths entry {} for a branch of {:?}", entry.to_json(), size(i))
                })?;
            }
            Ok(())
        }
        Some(other) => Err(format!("errorsLengths is {}", other.to_json())),
    }
}

fn prop_assert_len(ok: bool, msg: impl FnOnce() -> String) -> Result<(), String> {
    if ok {
        Ok(())
    } else {
        Err(msg())
    }
}

// --- the model: the caps written again from the rules, output compared whole -------
//
// The checker above states invariants; this model states the whole output, so a field
// left out, renamed or added, or a count field without a cut, fails. It is written from
// the rules of `jsonrpc/bound.rs`'s module docs, not from its code.

/// What one value becomes: the kept value, its uncut size when it was itself cut, and
/// the `<f>Lengths` entries when a list's kept entries were.
struct Kept {
    value: Value<'static>,
    uncut: Option<usize>,
    lengths: Option<Vec<Value<'static>>>,
}

impl Kept {
    fn same(value: Value<'static>) -> Kept {
        Kept { value, uncut: None, lengths: None }
    }
    /// The fields `key: value` brings: the value, then its count fields.
    fn fields(self, key: &str) -> Vec<(String, Value<'static>)> {
        let mut out = Vec::new();
        let suffix = if matches!(self.value, Value::String(_)) { "Length" } else { "Count" };
        let uncut = self.uncut;
        out.push((key.to_owned(), self.value));
        if let Some(n) = uncut {
            out.push((format!("{key}{suffix}"), Value::Number(n as f64)));
        }
        if let Some(l) = self.lengths {
            out.push((format!("{key}Lengths"), Value::Array(l)));
        }
        out
    }
    fn entry(&self) -> Value<'static> {
        self.uncut.map_or(Value::Null, |n| Value::Number(n as f64))
    }
}

/// A list's kept entries: `uncut` when fewer than `total` are kept, `lengths` when any
/// kept entry was cut.
fn model_list(kept: Vec<Kept>, total: usize) -> Kept {
    let lengths: Vec<Value<'static>> = kept.iter().map(Kept::entry).collect();
    let any = lengths.iter().any(|l| *l != Value::Null);
    let uncut = (kept.len() < total).then_some(total);
    Kept { value: Value::Array(kept.into_iter().map(|k| k.value).collect()), uncut, lengths: any.then_some(lengths) }
}

#[derive(Clone, Copy, PartialEq)]
enum Holder {
    Issue,
    ZodError,
    Plain,
}

struct Model {
    /// Issues still to keep, of 30.
    budget: usize,
}

impl Model {
    fn issues(&mut self, list: &[Value<'static>]) -> Kept {
        let mut kept = Vec::new();
        for issue in list.iter().take(10) {
            if self.budget == 0 {
                break;
            }
            self.budget -= 1;
            kept.push(match issue {
                Value::Object(_) => self.object(issue, 0, Holder::Issue),
                other => self.plain(other, 0),
            });
        }
        model_list(kept, list.len())
    }

    fn plain(&mut self, v: &Value<'static>, level: usize) -> Kept {
        match v {
            Value::String(s) if js_len(s) > CAP => {
                Kept { value: Value::str(cut(s)), uncut: Some(js_len(s)), lengths: None }
            }
            Value::Array(a) if level > 2 => {
                Kept { value: Value::Array(vec![]), uncut: (!a.is_empty()).then_some(a.len()), lengths: None }
            }
            Value::Array(a) => {
                let kept = a.iter().take(10).map(|x| self.plain(x, level + 1)).collect();
                model_list(kept, a.len())
            }
            Value::Object(_) => self.object(v, level, Holder::Plain),
            other => Kept::same(other.clone()),
        }
    }

    fn object(&mut self, v: &Value<'static>, level: usize, holder: Holder) -> Kept {
        let Value::Object(fields) = v else { return Kept::same(v.clone()) };
        if level > 2 {
            let n = fields.len();
            return Kept { value: Value::Object(vec![]), uncut: (n > 0).then_some(n), lengths: None };
        }
        let code = v.get("code").and_then(Value::as_str).unwrap_or("");
        // Each of the first 10 fields (an issue's `input` never counts among them) as
        // the fields it would write: its cut key, its value, its count fields.
        let mut written: Vec<Vec<(String, Value<'static>)>> = Vec::new();
        for (key, value) in fields.iter().filter(|(k, _)| !(holder == Holder::Issue && k == "input")).take(10) {
            let kept = match (holder, code, key.as_ref(), value) {
                (Holder::Issue, "invalid_union", "errors", Value::Array(branches)) => {
                    let mut out = Vec::new();
                    for b in branches.iter().take(10) {
                        if self.budget == 0 {
                            break;
                        }
                        out.push(match b {
                            Value::Array(list) => self.issues(list),
                            other => self.plain(other, level + 2),
                        });
                    }
                    model_list(out, branches.len())
                }
                (Holder::Issue, "invalid_union", "unionErrors", Value::Array(errors)) => {
                    let mut out = Vec::new();
                    for e in errors.iter().take(10) {
                        if self.budget == 0 {
                            break;
                        }
                        out.push(match e {
                            Value::Object(_) => self.object(e, 0, Holder::ZodError),
                            other => self.plain(other, level + 2),
                        });
                    }
                    model_list(out, errors.len())
                }
                (Holder::Issue, "invalid_key" | "invalid_element", "issues", Value::Array(list))
                | (Holder::ZodError, _, "issues", Value::Array(list)) => self.issues(list),
                _ => self.plain(value, level + 1),
            };
            let short = cut(key);
            let mut f = kept.fields(&short);
            if js_len(key) > CAP {
                f.insert(1, (format!("{short}KeyLength"), Value::Number(js_len(key) as f64)));
            }
            written.push(f);
        }
        // A field whose key another field's count field takes, or whose cut key an
        // earlier kept field has, is left out; a count field never overwrites.
        let mut out: Vec<(String, Value<'static>)> = Vec::new();
        let mut kept = 0;
        for (i, f) in written.iter().enumerate() {
            let Some((key, _)) = f.first() else { continue };
            let taken = written.iter().enumerate().any(|(j, g)| j != i && g.iter().skip(1).any(|(k, _)| k == key));
            if taken || out.iter().any(|(k, _)| k == key) {
                continue;
            }
            kept += 1;
            for (k, x) in f {
                if !out.iter().any(|(seen, _)| seen == k) {
                    out.push((k.clone(), x.clone()));
                }
            }
        }
        Kept { value: Value::object(out), uncut: (kept < fields.len()).then_some(fields.len()), lengths: None }
    }
}

/// `data.issues` and its count fields as the rules write them.
fn model_data_issues(issues: &[Value<'static>]) -> Vec<(String, Value<'static>)> {
    Model { budget: 30 }.issues(issues).fields("issues")
}

/// The model's fields, compared with `data`'s: the same keys, in order, with the same values.
fn check_against_model(data: &Value<'static>, issues: &[Value<'static>]) -> Result<(), String> {
    for (key, want) in model_data_issues(issues) {
        let got = data.get(&key).map(Value::to_json).unwrap_or_default();
        let want = want.to_json();
        if got != want {
            // Where the two first differ, with a little context either side.
            let at = got.chars().zip(want.chars()).take_while(|(a, b)| a == b).count();
            let near = |s: &str| s.chars().skip(at.saturating_sub(60)).take(160).collect::<String>();
            return Err(format!(
                "data.{key} differs from the rules at char {at}: got …{}…, want …{}…",
                near(&got),
                near(&want)
            ));
        }
    }
    for extra in ["issuesCount", "issuesLengths"] {
        if data.get(extra).is_some() && !model_data_issues(issues).iter().any(|(k, _)| k == extra) {
            return Err(format!("data.{extra} without a cut"));
        }
    }
    Ok(())
}

fn check_data_issues(data: &Value<'static>, issues: &[Value<'static>]) -> Result<(), String> {
    check_against_model(data, issues)?;
    let Some(Value::Array(out)) = data.get("issues") else { return Err("no data.issues".into()) };
    let mut checker = Checker { issues_seen: 0 };
    checker.issue_list(out, issues)?;
    if checker.issues_seen > 30 {
        return Err(format!("{} issues kept", checker.issues_seen));
    }
    let count = num(data.get("issuesCount"));
    let want = (out.len() < issues.len()).then_some(issues.len());
    if count != want {
        return Err(format!("issuesCount {count:?}, want {want:?}"));
    }
    check_lengths(data.get("issuesLengths"), out, issues, 0)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn rejection_data_is_bounded(
        issues in list_of(arb_issue().boxed(), 31),
        args in arb_value(),
        aliased in prop::collection::vec((arb_string(), arb_string()), 0..14),
        ignored in prop::collection::vec(arb_string(), 0..14),
    ) {
        let pre = PreValidation {
            aliased: aliased.into_iter().map(|(alias, target)| Alias { alias, target }).collect(),
            ignored,
            collisions: vec![],
        };
        let error = format_validation(&issues, &ValidationOptions { tool: "tool", args: Some(&args), schema: None, input: Some(&pre) });
        let data = error.data.as_ref().map_or(Value::Null, Value::to_owned_value);
        if let Err(e) = check_data_issues(&data, &issues) {
            prop_assert!(false, "{}", e);
        }
        // data.input: first 10 of each list, strings cut, counts beside.
        if pre.changed_anything() {
            let input = data.get("input").cloned().unwrap_or(Value::Null);
            let aliased = input.get("aliased").and_then(Value::as_array).unwrap_or(&[]).to_vec();
            prop_assert_eq!(aliased.len(), pre.aliased.len().min(10));
            prop_assert_eq!(num(input.get("aliasedCount")), (pre.aliased.len() > 10).then_some(pre.aliased.len()));
            for (o, i) in aliased.iter().zip(&pre.aliased) {
                let want_alias = cut(&i.alias);
                prop_assert_eq!(o.get("alias").and_then(Value::as_str), Some(want_alias.as_str()));
                prop_assert_eq!(num(o.get("aliasLength")), (js_len(&i.alias) > CAP).then_some(js_len(&i.alias)));
                prop_assert_eq!(num(o.get("targetLength")), (js_len(&i.target) > CAP).then_some(js_len(&i.target)));
            }
            let ignored = input.get("ignored").and_then(Value::as_array).unwrap_or(&[]).to_vec();
            let ignored_in: Vec<Value<'static>> = pre.ignored.iter().cloned().map(Value::str).collect();
            prop_assert_eq!(ignored.len(), pre.ignored.len().min(10));
            prop_assert_eq!(num(input.get("ignoredCount")), (pre.ignored.len() > 10).then_some(pre.ignored.len()));
            if let Err(e) = check_lengths(input.get("ignoredLengths"), &ignored, &ignored_in, 1) {
                prop_assert!(false, "{}", e);
            }
        } else {
            prop_assert!(data.get("input").is_none());
        }
        // The message: the prefix, at most 10 lines of at most 1,025 units, then the count.
        let prefix_len = "Input validation error: Invalid arguments for tool tool: ".len();
        prop_assert!(js_len(&error.message) <= prefix_len + 10 * (CAP + 1) + 9 * 2 + 24, "message of {} units", js_len(&error.message));
        let hint = data.get("recovery").and_then(|r| r.get("hint")).and_then(Value::as_str).unwrap_or("");
        // Up to 10 line sentences, the (+N more) count and 20 pre-validation sentences.
        prop_assert!(js_len(hint) <= 31 * (CAP + 2), "hint of {} units", js_len(hint));
        prop_assert!(!hint.is_empty());

        // The envelope keeps the bounds and adds only the request id.
        let result = error_result(&ThrownError::from(&error), &ErrorResultOptions { request_id: Some("R"), ..Default::default() });
        let wire = result.structured_content.get("error").and_then(|e| e.get("data")).cloned().unwrap_or(Value::Null);
        prop_assert_eq!(wire.get("requestId"), Some(&Value::str("R")));
        prop_assert_eq!(wire.get("issues"), data.get("issues"));
    }

    /// No two lines are merged because they read the same (mcp-ts-core keeps both):
    /// an issue that is not a union is one line, shown among the first 10 or counted.
    #[test]
    fn every_plain_issue_is_one_line(issue in plain_issue(), n in 1usize..40) {
        let issues = vec![issue; n];
        let args = Value::parse_json(r#"{"a":1}"#).unwrap_or(Value::Null);
        let r = mcp_envelope::jsonrpc::render_rejection(&issues, &ValidationOptions { tool: "t", args: Some(&args), ..Default::default() });
        prop_assert_eq!(r.lines.len(), n.min(10));
        prop_assert_eq!(r.more, n.saturating_sub(10));
        prop_assert!(r.lines.iter().all(|l| Some(l) == r.lines.first()));
    }

    #[test]
    fn zod_error_data_is_bounded(issues in list_of(arb_issue().boxed(), 31)) {
        let result = error_result(&ThrownError::Zod { code: -32007, issues: mcp_envelope::jsonrpc::IssueList::all(&issues) }, &ErrorResultOptions { request_id: None, ..Default::default() });
        let data = result.structured_content.get("error").and_then(|e| e.get("data")).map(Value::to_owned_value).unwrap_or(Value::Null);
        if let Err(e) = check_data_issues(&data, &issues) {
            prop_assert!(false, "{}", e);
        }
    }
}

// --- true sizes: a prefix, a total and a cut copy count as the whole -------------------

/// A bounded copy as the JS layer makes one (copy.js's `copyJson`): strings past
/// `units` and lists or objects past `entries` cut, each cut recorded as
/// `size, kind, depth, ...entry indices` (see `mcp_envelope::sizes`).
fn copy_cut(v: &Value<'static>, at: &mut Vec<u32>, units: usize, entries: usize, out: &mut Vec<u32>) -> Value<'static> {
    let record = |out: &mut Vec<u32>, at: &[u32], size: usize, kind: u32| {
        out.extend([size as u32, kind, at.len() as u32]);
        out.extend_from_slice(at);
    };
    match v {
        Value::String(s) if js_len(s) > units => {
            record(out, at, js_len(s), 0);
            Value::str(prefix_units(s, units))
        }
        Value::Array(items) => {
            let mut kept = Vec::new();
            for (i, item) in items.iter().take(entries).enumerate() {
                at.push(i as u32);
                kept.push(copy_cut(item, at, units, entries, out));
                at.pop();
            }
            if items.len() > entries {
                record(out, at, items.len(), 0);
            }
            Value::Array(kept)
        }
        Value::Object(fields) => {
            let mut kept = Vec::new();
            for (i, (k, item)) in fields.iter().take(entries).enumerate() {
                at.push(i as u32);
                let key = if js_len(k) > units {
                    record(out, at, js_len(k), 1);
                    prefix_units(k, units)
                } else {
                    k.to_string()
                };
                kept.push((key, copy_cut(item, at, units, entries, out)));
                at.pop();
            }
            if fields.len() > entries {
                record(out, at, fields.len(), 0);
            }
            Value::object(kept)
        }
        other => other.clone(),
    }
}

/// `s.slice(0, units)` made well formed, as copy.js keeps a cut string: exactly `units`
/// UTF-16 units, a surrogate pair the cut splits leaving its first half as U+FFFD
/// (`toWellFormed`). Keeping one unit fewer there would leave a 1,025-unit copy of a
/// longer string 1,024 units long, which a line holds whole, uncut.
fn prefix_units(s: &str, units: usize) -> String {
    let mut n = 0;
    let mut out = String::new();
    for c in s.chars() {
        let len = c.len_utf16();
        if n + len > units {
            if n < units {
                out.push(char::REPLACEMENT_CHARACTER);
            }
            break;
        }
        n += len;
        out.push(c);
    }
    out
}

fn copy_issues(issues: &[Value<'static>], units: usize, entries: usize) -> (Value<'static>, Vec<u32>) {
    let mut records = Vec::new();
    let list = issues
        .iter()
        .enumerate()
        .map(|(i, issue)| copy_cut(issue, &mut vec![i as u32], units, entries, &mut records))
        .collect();
    (Value::Array(list), records)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The first 100 issues and the true total render exactly as every issue does.
    #[test]
    fn a_prefix_and_its_total_render_as_the_whole(base in list_of(arb_issue().boxed(), 31), n in 0usize..400) {
        let issues: Vec<Value<'static>> = base.iter().cycle().take(if base.is_empty() { 0 } else { n }).cloned().collect();
        let args = Value::parse_json(r#"{"a":1}"#).unwrap_or(Value::Null);
        let opts = ValidationOptions { tool: "t", args: Some(&args), ..Default::default() };
        let first = issues.get(..issues.len().min(100)).unwrap_or_default();
        let whole = format_validation(&issues, &opts);
        prop_assert_eq!(format_validation(IssueList::of(first, issues.len(), &NO_CUTS), &opts), whole);
        let options = ErrorResultOptions { request_id: Some("R"), ..Default::default() };
        let all = error_result(&ThrownError::Zod { code: -32007, issues: IssueList::all(&issues) }, &options);
        let cut = error_result(&ThrownError::Zod { code: -32007, issues: IssueList::of(first, issues.len(), &NO_CUTS) }, &options);
        prop_assert_eq!(cut, all);
    }

    /// Past the first ISSUES_READ_WHOLE issues, an issue whose code is a string and no
    /// union's can cross as `0`, nothing of it (what the JS layer sends): the rejection and
    /// the ZodError envelope are the same as with every issue whole.
    #[test]
    fn issues_past_those_read_whole_count_as_one_unless_unions(base in list_of(arb_issue().boxed(), 31), n in 0usize..160) {
        let issues: Vec<Value<'static>> = base.iter().cycle().take(if base.is_empty() { 0 } else { n }).cloned().collect();
        let counted = |issue: &Value| issue.get("code").and_then(Value::as_str).is_some_and(|code| !UNION_CODES.contains(&code));
        let placeholder = Value::parse_json(COUNTED_ISSUE).unwrap_or(Value::Null);
        let light: Vec<Value<'static>> = issues
            .iter()
            .take(100)
            .enumerate()
            .map(|(i, issue)| if i >= ISSUES_READ_WHOLE && counted(issue) { placeholder.clone() } else { issue.clone() })
            .collect();
        let args = Value::parse_json(r#"{"a":1,"b":[1,2],"x":"s"}"#).unwrap_or(Value::Null);
        // A schema too: unknown keys' sentences read it.
        let schema = Value::parse_json(r#"{"type":"object","properties":{"a":{},"b":{},"x":{}}}"#).unwrap_or(Value::Null);
        let opts = ValidationOptions { tool: "t", args: Some(&args), schema: Some(&schema), ..Default::default() };
        prop_assert_eq!(format_validation(IssueList::of(&light, issues.len(), &NO_CUTS), &opts), format_validation(&issues, &opts));
        let options = ErrorResultOptions { request_id: Some("R"), ..Default::default() };
        let all = error_result(&ThrownError::Zod { code: -32007, issues: IssueList::all(&issues) }, &options);
        let cut = error_result(&ThrownError::Zod { code: -32007, issues: IssueList::of(&light, issues.len(), &NO_CUTS) }, &options);
        prop_assert_eq!(cut, all);
    }

    /// A copy cut far below the input, with its true sizes, writes every count field
    /// of `data.issues` as the input itself does.
    #[test]
    fn a_cut_copy_counts_as_the_original(issues in list_of(arb_issue().boxed(), 31)) {
        let (copy, records) = copy_issues(&issues, 1025, 11);
        let sizes = TrueSizes::locate(&copy, &records);
        let first = copy.as_array().unwrap_or_default();
        prop_assert_eq!(bound_issues(IssueList::of(first, issues.len(), &sizes)), bound_issues(&issues));
        // With room for what rendering reads, the whole rejection is the original's.
        let (copy, records) = copy_issues(&issues, 1025, 1100);
        let sizes = TrueSizes::locate(&copy, &records);
        let first = copy.as_array().unwrap_or_default();
        let opts = ValidationOptions { tool: "t", ..Default::default() };
        prop_assert_eq!(format_validation(IssueList::of(first, issues.len(), &sizes), &opts), format_validation(&issues, &opts));
    }
}
