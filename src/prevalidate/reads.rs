//! The values a failed parse's issues point at, each with the issue its gates read
//! (mcp-ts-core's `renderedIssues` as the repair reads it): every issue at its own
//! path, except that a union whose branch selection leaves one branch failing below
//! its root is read inside that branch, at the branch issues' full paths, again at
//! each level; any other union is read whole at its own path.

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
    pub issue: IssueView<'a>,
    pub path: Vec<&'a Value<'a>>,
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
    out.push(Located { issue, path });
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
