//! Which repairs held after a repaired parse still failed (mcp-ts-core's `heldRepairs`):
//! a repair no issue of the re-parse lies at or below. A union's issue counts at its own
//! path and each branch's issues at theirs, so a repair one branch refuses did not hold.

use super::schema_at::Step;
use crate::sizes::NO_CUTS;
use crate::value::{js_number_string, Value};
use crate::zod::issue::{relative_path, IssueKind, IssueView, MAX_RENDER_BRANCH_ISSUES};

/// Issues (branch issues included) walked at most; past it every repair counts as refused.
pub const MAX_WALKED: usize = 8192;
/// Nested unions walked at most.
const MAX_DEPTH: usize = 16;

/// A segment as `String()` prints it; `None` for one no property access takes.
fn segment_text(raw: &Value) -> Option<String> {
    match raw.path_key() {
        Value::String(s) => Some(s.to_string()),
        Value::Number(n) => Some(js_number_string(*n)),
        _ => None,
    }
}

/// The positions (in `repairs`) of the repairs that held, in order.
pub fn held(repairs: &[Vec<Step>], issues: &[Value]) -> Vec<usize> {
    // Each repair's path as text, sorted, so a prefix is found by binary search.
    let mut texts: Vec<(Vec<String>, usize)> =
        repairs.iter().enumerate().map(|(i, path)| (path.iter().map(Step::text).collect(), i)).collect();
    crate::sort::sort_by(&mut texts, |a, b| a < b);
    let mut broken = vec![false; repairs.len()];
    let mut walked = 0usize;
    for raw in issues {
        strike(&texts, &mut broken, &[], IssueView::new(raw), None, 0, &mut walked);
        if walked > MAX_WALKED {
            return Vec::new();
        }
    }
    broken.iter().enumerate().filter(|(_, b)| !**b).map(|(i, _)| i).collect()
}

/// Marks every repair on `issue`'s path (below `base`) as broken, then walks a union's
/// branches from where the union sits.
fn strike(
    texts: &[(Vec<String>, usize)],
    broken: &mut [bool],
    base: &[String],
    issue: IssueView,
    relative: Option<Vec<&Value>>,
    depth: usize,
    walked: &mut usize,
) {
    *walked += 1;
    if *walked > MAX_WALKED {
        return;
    }
    let segments: Vec<&Value> = relative.unwrap_or_else(|| issue.path().iter().collect());
    let mut at: Vec<String> = base.to_vec();
    for raw in segments {
        let Some(text) = segment_text(raw) else { return };
        at.push(text);
        let first = texts.partition_point(|(path, _)| *path < at);
        for (_, i) in texts.iter().skip(first).take_while(|(path, _)| *path == at) {
            if let Some(b) = broken.get_mut(*i) {
                *b = true;
            }
        }
    }
    if issue.kind() != IssueKind::Union || depth >= MAX_DEPTH {
        return;
    }
    let union_abs: Vec<&Value> = issue.path().iter().collect();
    for branch in issue.branches() {
        for raw in branch.issues.iter().take(MAX_RENDER_BRANCH_ISSUES) {
            let inner = IssueView::new(raw);
            let rel = relative_path(&inner, &union_abs, branch.absolute_paths, &NO_CUTS);
            strike(texts, broken, &at, inner, Some(rel), depth + 1, walked);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(text: &str) -> Value<'static> {
        Value::parse_json(text).unwrap()
    }

    #[test]
    fn a_repair_no_issue_reaches_held() {
        let repairs =
            vec![vec![Step::Key("a".into())], vec![Step::Key("b".into()), Step::Index(0)], vec![Step::Key("c".into())]];
        let issues = v(
            r#"[{"code":"too_big","path":["a"]},{"code":"custom","path":["b",0,"x"]},{"code":"custom","path":["d"]}]"#,
        );
        assert_eq!(held(&repairs, issues.as_array().unwrap()), vec![2]);
    }

    #[test]
    fn a_union_branch_refusing_a_repair_breaks_it() {
        let repairs = vec![vec![Step::Key("u".into()), Step::Key("k".into())]];
        let issues = v(
            r#"[{"code":"invalid_union","path":["u"],"errors":[[{"code":"invalid_type","path":["k"]}],[{"code":"custom","path":[]}]]}]"#,
        );
        assert_eq!(held(&repairs, issues.as_array().unwrap()), Vec::<usize>::new());
        let none = v("[]");
        assert_eq!(held(&repairs, none.as_array().unwrap()), vec![0]);
    }
}
