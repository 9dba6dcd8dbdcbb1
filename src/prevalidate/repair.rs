//! The repairs tried after the schema rejected the arguments, and in which order
//! (mcp-ts-core's `repairAttempt`, without Zod: there are no transforms to see through).
//!
//! 1. **As sent** (`repairAsSent`): each issue of the failed parse, at its own path, in
//!    the arguments as sent — a stringified list or object decoded, an integer sent for
//!    a string written as its digits.
//! 2. **Full** (`repairRepresentations`): each issue as the rejection renders it (a
//!    union read inside its one surviving branch, [`super::reads`]), every kind: the
//!    two above, a numeric or boolean string, a lone string for a list, `null` for an
//!    optional field deleted. The first issue at a path that yields a repair claims it.
//!    An as-sent repair at a path no such issue reached joins them (and the repairs
//!    below it leave).
//! 3. **Unaided**: the full repairs without those that joined, when some did.
//!
//! The caller parses each in turn and keeps the first the schema accepts; a value is
//! repaired at most once, so a repaired value is never repaired again. Every repair
//! names its path by the steps the arguments take (a key into an object, an index into
//! a list), so the caller writes it into its own values.

use super::gates::{repair_value, Kind};
use super::reads::{rendered, Located};
use super::schema_at::{unset_at, Step};
use crate::sizes::TrueSizes;
use crate::value::Value;
use crate::zod::issue::IssueView;
use crate::zod::path::Segment;

/// Repairs one candidate holds at most.
pub const MAX_REPAIRS: usize = 1024;
/// Path steps a repair's path holds at most (deeper values are left as sent).
pub const MAX_REPAIR_DEPTH: usize = 64;

/// One value replaced (or, for [`Kind::NullAsAbsent`], one key deleted).
#[derive(Debug, Clone, PartialEq)]
pub struct Repair {
    pub path: Vec<Step>,
    pub kind: Kind,
    /// The value replacing the one sent; `None` deletes the key.
    pub value: Option<Value<'static>>,
}

/// The candidates, in the order the caller parses them.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Candidates {
    pub as_sent: Vec<Repair>,
    pub full: Vec<Repair>,
    /// `full` writes what `as_sent` writes: its parse is the as-sent one.
    pub full_is_as_sent: bool,
    pub unaided: Vec<Repair>,
}

/// The value at an issue path in the arguments, with the steps that reach it and
/// whether the copy cut it; `None` when nothing is there (or the copy holds no more).
fn value_at<'v>(args: &'v Value<'v>, path: &[&Value], sizes: &TrueSizes) -> Option<(Vec<Step>, &'v Value<'v>, bool)> {
    if path.len() > MAX_REPAIR_DEPTH {
        return None;
    }
    let mut steps = Vec::with_capacity(path.len());
    let mut node = args;
    for raw in path {
        let segment = Segment::of(raw);
        node = match node {
            Value::Object(_) => {
                let key = segment.object_key()?;
                let next = node.get(&key)?;
                steps.push(Step::Key(key.into_owned()));
                next
            }
            Value::Array(items) => {
                let index = segment.array_index()?;
                let next = items.get(index)?;
                steps.push(Step::Index(index));
                next
            }
            _ => return None,
        };
    }
    Some((steps, node, sizes.of(node).is_some()))
}

/// Every candidate for `issues` (already read as Zod 4 issues) over the arguments' copy.
pub fn candidates(args: &Value, sizes: &TrueSizes, issues: &[Value], schema: Option<&Value>) -> Candidates {
    let as_sent = as_sent(args, sizes, issues);
    let (own, claimed) = rendered_repairs(args, sizes, &rendered(issues), schema);
    let added: Vec<&Repair> = as_sent.iter().filter(|r| !claimed.contains(&r.path)).collect();
    let full: Vec<Repair> = if added.is_empty() {
        own.clone()
    } else {
        let below = |path: &[Step]| added.iter().any(|a| path.len() > a.path.len() && path.starts_with(&a.path));
        own.iter()
            .filter(|r| !below(&r.path))
            .cloned()
            .chain(added.iter().map(|r| (*r).clone()))
            .take(MAX_REPAIRS)
            .collect()
    };
    let unaided = if full.len() != own.len() || full != own { own } else { Vec::new() };
    let full_is_as_sent = same_repairs(&full, &as_sent);
    let unaided = if same_repairs(&unaided, &as_sent) || same_repairs(&unaided, &full) { Vec::new() } else { unaided };
    Candidates { as_sent, full, full_is_as_sent, unaided }
}

/// Whether two sets of repairs write the same arguments.
fn same_repairs(a: &[Repair], b: &[Repair]) -> bool {
    a.len() == b.len() && a.iter().all(|r| b.contains(r))
}

/// The as-sent repairs: each issue's own path, the in-place kinds; one per path.
fn as_sent(args: &Value, sizes: &TrueSizes, issues: &[Value]) -> Vec<Repair> {
    let mut out: Vec<Repair> = Vec::new();
    for raw in issues.iter().take(super::reads::MAX_READS) {
        if out.len() >= MAX_REPAIRS {
            break;
        }
        let issue = IssueView::new(raw);
        let path: Vec<&Value> = issue.path().iter().collect();
        if path.is_empty() {
            continue;
        }
        let Some((steps, sent, cut)) = value_at(args, &path, sizes) else { continue };
        if out.iter().any(|r| r.path == steps) {
            continue;
        }
        if let Some((kind, value)) = repair_value(sent, &issue, cut).filter(|(k, _)| k.in_place()) {
            out.push(Repair { path: steps, kind, value: Some(value) });
        }
    }
    out
}

/// The repairs of the rendered issues, and the paths they claimed.
fn rendered_repairs(
    args: &Value,
    sizes: &TrueSizes,
    reads: &[Located],
    schema: Option<&Value>,
) -> (Vec<Repair>, Vec<Vec<Step>>) {
    let mut out = Vec::new();
    let mut claimed: Vec<Vec<Step>> = Vec::new();
    for located in reads {
        if out.len() >= MAX_REPAIRS {
            break;
        }
        if located.path.is_empty() {
            continue;
        }
        let Some((steps, sent, cut)) = value_at(args, &located.path, sizes) else { continue };
        if claimed.contains(&steps) {
            continue;
        }
        let repair = if matches!(sent, Value::Null) {
            if !schema.is_some_and(|s| unset_at(s, &steps)) {
                continue;
            }
            Repair { path: steps.clone(), kind: Kind::NullAsAbsent, value: None }
        } else {
            let Some((kind, value)) = repair_value(sent, &located.issue(), cut) else { continue };
            Repair { path: steps.clone(), kind, value: Some(value) }
        };
        out.push(repair);
        claimed.push(steps);
    }
    (out, claimed)
}

/// The kinds a set of repairs holds, in their order.
pub fn kinds_of(repairs: &[Repair]) -> Vec<Kind> {
    let mut kinds: Vec<Kind> = repairs.iter().map(|r| r.kind).collect();
    crate::sort::sort_by(&mut kinds, |a, b| a < b);
    kinds.dedup();
    kinds
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sizes::NO_CUTS;

    fn v(text: &str) -> Value<'static> {
        Value::parse_json(text).unwrap()
    }

    fn key(k: &str) -> Step {
        Step::Key(k.into())
    }

    #[test]
    fn every_kind_repairs_at_its_issue_path() {
        let args = v(r#"{"tags":"[\"a\"]","id":12,"n":"15","on":"true","list":"x","opt":null}"#);
        let issues = v(
            r#"[{"code":"invalid_type","expected":"array","path":["tags"]},{"code":"invalid_type","expected":"string","path":["id"]},{"code":"invalid_type","expected":"number","path":["n"]},{"code":"invalid_type","expected":"boolean","path":["on"]},{"code":"invalid_type","expected":"array","path":["list"]},{"code":"invalid_type","expected":"string","path":["opt"]}]"#,
        );
        let schema = v(r#"{"type":"object","properties":{"opt":{"type":"string"}}}"#);
        let c = candidates(&args, &NO_CUTS, issues.as_array().unwrap(), Some(&schema));
        assert_eq!(kinds_of(&c.as_sent), vec![Kind::StringifiedArray, Kind::IntegerAsString]);
        assert_eq!(
            kinds_of(&c.full),
            vec![
                Kind::StringifiedArray,
                Kind::IntegerAsString,
                Kind::StringAsNumber,
                Kind::StringAsBoolean,
                Kind::StringAsArray,
                Kind::NullAsAbsent
            ]
        );
        assert!(c.unaided.is_empty());
        assert!(!c.full_is_as_sent);
        let deleted = c.full.iter().find(|r| r.kind == Kind::NullAsAbsent).unwrap();
        assert_eq!((deleted.path.clone(), deleted.value.clone()), (vec![key("opt")], None));
    }

    #[test]
    fn a_required_null_and_a_path_nothing_holds_keep_their_rejection() {
        let args = v(r#"{"req":null}"#);
        let issues = v(
            r#"[{"code":"invalid_type","expected":"string","path":["req"]},{"code":"invalid_type","expected":"string","path":["gone"]}]"#,
        );
        let schema = v(r#"{"properties":{"req":{"type":"string"}},"required":["req"]}"#);
        assert_eq!(
            candidates(&args, &NO_CUTS, issues.as_array().unwrap(), Some(&schema)),
            Candidates { full_is_as_sent: true, ..Candidates::default() }
        );
        // Without a schema no null is deleted.
        let opt = v(r#"{"opt":null}"#);
        let issue = v(r#"[{"code":"invalid_type","expected":"string","path":["opt"]}]"#);
        assert!(candidates(&opt, &NO_CUTS, issue.as_array().unwrap(), None).full.is_empty());
    }

    #[test]
    fn a_union_field_is_repaired_inside_its_surviving_branch_and_as_sent_whole() {
        // ids: z.union([z.string(), z.array(z.string())]) given [123, "a"]
        let args = v(r#"{"ids":[123,"a"]}"#);
        let issues = v(
            r#"[{"code":"invalid_union","path":["ids"],"errors":[[{"code":"invalid_type","expected":"string","path":[]}],[{"code":"invalid_type","expected":"string","path":[0]}]]}]"#,
        );
        let c = candidates(&args, &NO_CUTS, issues.as_array().unwrap(), None);
        assert!(c.as_sent.is_empty(), "the union read whole takes no repair: an array is no number");
        assert_eq!(
            c.full,
            vec![Repair {
                path: vec![key("ids"), Step::Index(0)],
                kind: Kind::IntegerAsString,
                value: Some(Value::str("123"))
            }]
        );
    }

    #[test]
    fn an_as_sent_repair_no_rendered_issue_reached_joins_and_unaided_leaves_it_out() {
        // A union read whole as sent (stringified list), read inside its branch when rendered.
        let args = v(r#"{"u":"[1]","n":"5"}"#);
        let issues = v(
            r#"[{"code":"invalid_union","path":["u"],"errors":[[{"code":"invalid_type","expected":"array","path":[]}],[{"code":"too_small","origin":"string","minimum":5,"path":["x"]}]]},{"code":"invalid_type","expected":"number","path":["n"]}]"#,
        );
        let c = candidates(&args, &NO_CUTS, issues.as_array().unwrap(), None);
        assert_eq!(kinds_of(&c.as_sent), vec![Kind::StringifiedArray]);
        assert_eq!(kinds_of(&c.full), vec![Kind::StringifiedArray, Kind::StringAsNumber]);
        assert_eq!(kinds_of(&c.unaided), vec![Kind::StringAsNumber]);
    }

    #[test]
    fn a_string_the_copy_cut_is_never_decoded() {
        let args = v(r#"{"tags":"[1] "}"#);
        let issues = v(r#"[{"code":"invalid_type","expected":"array","path":["tags"]}]"#);
        let flat = [9999, 0, 1, 0];
        let sizes = TrueSizes::locate(&args, &flat);
        let c = candidates(&args, &sizes, issues.as_array().unwrap(), None);
        assert_eq!(c, Candidates { full_is_as_sent: true, ..Candidates::default() });
    }
}
