//! The values a failed parse's issues point at, each with the issue its gates read
//! (mcp-ts-core's `renderedIssues` as the repair reads it): every issue at its own
//! path, except that a union whose branch selection leaves one branch failing below
//! its root is read inside that branch, at the branch issues' full paths, again at
//! each level; any other union is read whole at its own path, and also at each path
//! below it where every branch listed the values it takes (a literal tag no branch
//! takes, #714), as the one union of those literals a plain field would raise there.

use crate::sizes::NO_CUTS;
use crate::value::Value;
use crate::zod::issue::{relative_path, IssueKind, IssueView, MAX_RENDER_BRANCH_ISSUES};

/// Issues (lifted branch issues included) read at most.
pub const MAX_READS: usize = 2048;
/// Unions lifted into one of their branches, nested, at most.
const MAX_LIFT_DEPTH: usize = 16;

/// One issue and the full argument path of the value it rejected.
#[derive(Debug, Clone)]
pub struct Located<'a> {
    issue: Read<'a>,
    pub path: Vec<&'a Value<'a>>,
}

/// The issue a value is read with: one the validator raised, or the union of the
/// literals every branch of a union listed at one path.
#[derive(Debug, Clone)]
enum Read<'a> {
    Raised(IssueView<'a>),
    Literals(Value<'static>),
}

impl Located<'_> {
    /// The issue the gates read.
    pub fn issue(&self) -> IssueView<'_> {
        match &self.issue {
            Read::Raised(view) => *view,
            Read::Literals(union) => IssueView::new(union),
        }
    }
}

/// The issues as the repair reads them, in order, at most [`MAX_READS`].
pub fn rendered<'a>(issues: &'a [Value<'a>]) -> Vec<Located<'a>> {
    let mut out = Vec::new();
    for raw in issues {
        if out.len() >= MAX_READS {
            break;
        }
        let issue = IssueView::new(raw);
        let path: Vec<&Value> = issue.path().iter().take(crate::zod::issue::MAX_PATH_SEGMENTS).collect();
        push(issue, path, 0, &mut out);
    }
    out
}

/// A branch's issues, each with its path relative to the union.
type Branch<'a> = Vec<(IssueView<'a>, Vec<&'a Value<'a>>)>;

fn push<'a>(issue: IssueView<'a>, path: Vec<&'a Value<'a>>, depth: usize, out: &mut Vec<Located<'a>>) {
    if out.len() >= MAX_READS {
        return;
    }
    if issue.kind() == IssueKind::Union && depth < MAX_LIFT_DEPTH {
        if let Some(branch) = lifted(&issue, &path) {
            for (inner, relative) in branch {
                let mut full = path.clone();
                full.extend(relative);
                push(inner, full, depth + 1, out);
            }
            return;
        }
    }
    let refused = if issue.kind() == IssueKind::Union { every_branch_refuses(&issue, &path) } else { Vec::new() };
    out.push(Located { issue: Read::Raised(issue), path });
    for (union, path) in refused {
        if out.len() >= MAX_READS {
            break;
        }
        out.push(Located { issue: Read::Literals(union), path });
    }
}

/// Whether an issue lists the values it takes: an `invalid_value`, or a discriminated
/// union's unmatched tag (no branches, its `options`).
fn lists_values(issue: &IssueView) -> bool {
    issue.kind() == IssueKind::InvalidValue || (issue.kind() == IssueKind::Union && issue.branches().is_empty())
}

/// Each path below a union at which every branch raised an issue listing values, read
/// as `z.union()` of those literals: an `invalid_union` whose branches are each that one
/// issue at its own root, at the full path (mcp-ts-core's `everyBranchRefuses`).
fn every_branch_refuses<'a>(
    issue: &IssueView<'a>,
    path: &[&'a Value<'a>],
) -> Vec<(Value<'static>, Vec<&'a Value<'a>>)> {
    let branches = issue.branches();
    let listed: Vec<Vec<(Vec<&Value>, &Value)>> = branches
        .iter()
        .map(|b| {
            let mut by_path: Vec<(Vec<&Value>, &Value)> = Vec::new();
            for raw in b.issues.iter().take(MAX_RENDER_BRANCH_ISSUES) {
                let view = IssueView::new(raw);
                let relative = relative_path(&view, path, b.absolute_paths, &NO_CUTS);
                if lists_values(&view) && !relative.is_empty() && !by_path.iter().any(|(p, _)| *p == relative) {
                    by_path.push((relative, raw));
                }
            }
            by_path
        })
        .collect();
    let Some((first, others)) = listed.split_first() else { return Vec::new() };
    let mut out = Vec::new();
    for (relative, raw) in first {
        let rivals: Option<Vec<&Value>> =
            others.iter().map(|b| b.iter().find(|(p, _)| p == relative).map(|(_, r)| *r)).collect();
        let Some(rivals) = rivals else { continue };
        let errors = core::iter::once(*raw)
            .chain(rivals)
            .map(|branch| {
                let at_root = match branch {
                    Value::Object(fields) => Value::Object(
                        fields
                            .iter()
                            .map(|(k, v)| {
                                let v = if k == "path" { Value::Array(Vec::new()) } else { v.to_owned_value() };
                                (std::borrow::Cow::Owned(k.to_string()), v)
                            })
                            .collect(),
                    ),
                    other => other.to_owned_value(),
                };
                Value::Array(vec![at_root])
            })
            .collect();
        let union = Value::object([("code", Value::str("invalid_union")), ("errors", Value::Array(errors))]);
        let mut full = path.to_vec();
        full.extend(relative.iter().copied());
        out.push((union, full));
    }
    out
}

/// The one branch a union renders as when selection leaves one that fails below its
/// root: branches failing on one literal dropped, then (once one fails below its root)
/// every branch whose only issue is a root type mismatch.
fn lifted<'a>(issue: &IssueView<'a>, path: &[&'a Value<'a>]) -> Option<Branch<'a>> {
    let branches: Vec<Branch<'a>> = issue
        .branches()
        .iter()
        .map(|b| {
            b.issues
                .iter()
                .take(MAX_RENDER_BRANCH_ISSUES)
                .map(|raw| {
                    let view = IssueView::new(raw);
                    let relative = relative_path(&view, path, b.absolute_paths, &NO_CUTS);
                    (view, relative)
                })
                .collect()
        })
        .collect();
    let one_literal = |b: &Branch| match b.as_slice() {
        [(only, _)] => only.kind() == IssueKind::InvalidValue && only.accepted_values().len() == 1,
        _ => false,
    };
    let below = |b: &Branch| b.iter().any(|(_, p)| !p.is_empty());
    let mut selected: Vec<Branch<'a>> = branches.into_iter().filter(|b| !one_literal(b)).collect();
    if selected.iter().any(below) {
        selected
            .retain(|b| !matches!(b.as_slice(), [(only, p)] if only.kind() == IssueKind::InvalidType && p.is_empty()));
    }
    match selected.as_slice() {
        [one] if below(one) => selected.pop(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(text: &str) -> Value<'static> {
        Value::parse_json(text).unwrap()
    }

    #[test]
    fn a_tag_every_branch_refuses_is_read_as_the_union_of_their_literals() {
        // z.union([z.object({ kind: z.literal(1), a }), z.object({ kind: z.literal(2), b })]) given
        // { kind: "2" }: both branches fail below their roots, so the union is read whole.
        let issues = v(
            r#"[{"code":"invalid_union","path":["u"],"errors":[[{"code":"invalid_value","values":[1],"path":["kind"]},{"code":"invalid_type","expected":"string","path":["a"]}],[{"code":"invalid_value","values":[2],"path":["kind"]},{"code":"invalid_type","expected":"string","path":["b"]}]]}]"#,
        );
        assert_eq!(paths(&issues), vec![r#"["u"]"#, r#"["u","kind"]"#]);
        let reads = rendered(issues.as_array().unwrap());
        let union = reads[1].issue();
        assert_eq!(union.kind(), IssueKind::Union);
        assert_eq!(union.branches().len(), 2);
        assert!(union.branches().iter().all(|b| b.issues.len() == 1 && IssueView::new(&b.issues[0]).path().is_empty()));
    }

    fn paths(issues: &Value) -> Vec<String> {
        let list = issues.as_array().unwrap();
        rendered(list).iter().map(|l| Value::Array(l.path.iter().map(|s| (*s).clone()).collect()).to_json()).collect()
    }

    #[test]
    fn a_one_or_many_union_is_read_inside_its_surviving_branch() {
        let issues = v(
            r#"[{"code":"invalid_union","path":["ids"],"errors":[[{"code":"invalid_type","expected":"string","path":[]}],[{"code":"invalid_type","expected":"string","path":[0]}]]}]"#,
        );
        assert_eq!(paths(&issues), vec![r#"["ids",0]"#]);
    }

    #[test]
    fn a_union_failing_at_its_root_in_every_branch_is_read_whole() {
        let issues = v(
            r#"[{"code":"invalid_union","path":["u"],"errors":[[{"code":"invalid_type","expected":"string","path":[]}],[{"code":"invalid_type","expected":"number","path":[]}]]}]"#,
        );
        assert_eq!(paths(&issues), vec![r#"["u"]"#]);
    }

    #[test]
    fn zod3_branch_paths_start_at_the_root() {
        let issues = v(
            r#"[{"code":"invalid_union","path":["ids"],"unionErrors":[{"issues":[{"code":"invalid_type","expected":"string","path":["ids"]}]},{"issues":[{"code":"invalid_type","expected":"string","path":["ids",1]}]}]}]"#,
        );
        assert_eq!(paths(&issues), vec![r#"["ids",1]"#]);
    }
}
