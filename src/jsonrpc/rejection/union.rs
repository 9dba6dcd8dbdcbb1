//! Unions: a top-level union lifted into its branch's lines (`render_top_union`) or
//! counted as them (`count_top`), which branches render (`select_branches`), the
//! literal every branch failed on (`literal_tag`), and a union's own text
//! (`union_text`).

use super::line::{fragment, line_for, missing_text, raw, tag_text};
use super::render::{Renderer, MAX_UNION_DEPTH};
use crate::jsonrpc::hint::Line;
use crate::jsonrpc::text::{Capped, Piece};
use crate::sizes::TrueSizes;
use crate::value::Value;
use crate::zod::issue::{MAX_PATH_SEGMENTS, MAX_RENDER_BRANCH_ISSUES};
use crate::zod::{relative_path, same_segment, Branch, IssueKind, IssueView};

/// One union branch that failed on exactly one literal (a single-valued
/// `invalid_value`): where, relative to the union, and the value.
pub(super) struct OneLiteral<'a> {
    rel: Vec<&'a Value<'a>>,
    value: &'a Value<'a>,
}

impl<'a> Renderer<'a> {
    /// How many lines [`Renderer::render_top`] would produce, without rendering them.
    pub(super) fn count_top(&mut self, issue: IssueView<'a>, abs: &[&'a Value<'a>], depth: usize) -> usize {
        if !self.spend() || issue.kind() != IssueKind::Union || depth >= MAX_UNION_DEPTH {
            return 1;
        }
        let branches = issue.branches();
        if branches.is_empty() || !self.charge_branches(&branches) {
            return 1;
        }
        match self.select_branches(&branches, abs, true).as_slice() {
            [single] if fails_below_root(single, abs, self.sizes) => {
                let mut n = 0;
                for inner in single.issues.iter().take(MAX_RENDER_BRANCH_ISSUES) {
                    let view = IssueView::new(inner);
                    let rel = relative_path(&view, abs, single.absolute_paths, self.sizes);
                    let full: Vec<&'a Value<'a>> = abs.iter().copied().chain(rel).take(MAX_PATH_SEGMENTS).collect();
                    n += self.count_top(view, &full, depth + 1);
                }
                n.max(1)
            }
            _ => 1,
        }
    }

    pub(super) fn render_top_union(
        &mut self,
        issue: IssueView<'a>,
        abs: Vec<&'a Value<'a>>,
        depth: usize,
        out: &mut Vec<Line>,
    ) {
        let branches = issue.branches();
        if branches.is_empty() || !self.charge_branches(&branches) {
            // A discriminated union's unknown tag: Zod's message names the values.
            out.push(line_for(&abs, &raw(issue.message()), self.arriving(&abs), None));
            return;
        }
        let selected = self.select_branches(&branches, &abs, true);
        if let [single] = selected.as_slice() {
            if fails_below_root(single, &abs, self.sizes) {
                for inner in single.issues.iter().take(MAX_RENDER_BRANCH_ISSUES) {
                    let view = IssueView::new(inner);
                    let rel = relative_path(&view, &abs, single.absolute_paths, self.sizes);
                    let full = abs.iter().copied().chain(rel).take(MAX_PATH_SEGMENTS).collect();
                    self.render_top(view, full, depth + 1, out);
                }
                return;
            }
        }
        if let Some((rel, values)) = literal_tag(&branches, &abs, self.sizes) {
            let full: Vec<&'a Value<'a>> = abs.iter().copied().chain(rel).take(MAX_PATH_SEGMENTS).collect();
            let arriving = self.arriving(&full);
            let body = tag_text(&values, arriving.is_absent());
            out.push(line_for(&full, &body, arriving, None));
            return;
        }
        let arriving = self.arriving(&abs);
        let body = self.union_text(&branches, &abs, arriving.is_absent(), depth + 1, issue.message());
        out.push(line_for(&abs, &body, arriving, None));
    }

    /// The branches worth rendering (mcp-ts-core's `selectUnionBranches`):
    /// 1. drop every branch that failed on one literal (a single-valued
    ///    `invalid_value`: `z.literal('')`, any other literal, a one-entry enum);
    /// 2. with `rescue` (top-level lines only), when no branch left fails below its
    ///    root, a one-literal branch whose literal sits below its root at a path the
    ///    caller left out is kept after all;
    /// 3. once a branch fails below its root, drop every branch whose only issue is a
    ///    root type mismatch (one-or-many unions).
    pub(super) fn select_branches(
        &self,
        branches: &[Branch<'a>],
        abs: &[&'a Value<'a>],
        rescue: bool,
    ) -> Vec<Branch<'a>> {
        let mut selected: Vec<Branch<'a>> =
            branches.iter().copied().filter(|b| one_literal(b, abs, self.sizes).is_none()).collect();
        if rescue && !selected.iter().any(|b| fails_below_root(b, abs, self.sizes)) {
            selected = branches
                .iter()
                .copied()
                .filter(|b| match one_literal(b, abs, self.sizes) {
                    None => true,
                    Some(literal) => {
                        let full: Vec<&'a Value<'a>> =
                            abs.iter().copied().chain(literal.rel).take(MAX_PATH_SEGMENTS).collect();
                        full.len() > abs.len() && self.arriving(&full).is_absent()
                    }
                })
                .collect();
        }
        if selected.iter().any(|b| fails_below_root(b, abs, self.sizes)) {
            selected.retain(|b| !is_root_type_mismatch(b, abs, self.sizes));
        }
        selected
    }

    /// A union's own text (mcp-ts-core's `composeIssueMessage`): the literal every
    /// branch failed on, or the selected branches (all of them when none is
    /// selected), each branch's issues joined `; `, identical renderings once,
    /// joined ` or `. `absent` is the union's own bit: an `invalid_value` inside a
    /// branch of a left-out union reads `Missing required field. Expected …`.
    pub(super) fn union_text(
        &mut self,
        branches: &[Branch<'a>],
        union_abs: &[&'a Value<'a>],
        absent: bool,
        depth: usize,
        message: &str,
    ) -> Piece {
        if let Some((rel, values)) = literal_tag(branches, union_abs, self.sizes) {
            return fragment(&rel, &tag_text(&values, absent));
        }
        let selected = self.select_branches(branches, union_abs, false);
        let shown = if selected.is_empty() { branches } else { selected.as_slice() };
        if shown.is_empty() {
            return raw(message);
        }
        let mut rendered: Vec<Piece> = Vec::new();
        let mut out = Capped::line();
        for branch in shown {
            if out.is_full() {
                break;
            }
            let mut text = Capped::line();
            for (i, inner) in branch.issues.iter().take(MAX_RENDER_BRANCH_ISSUES).enumerate() {
                if text.is_full() {
                    break;
                }
                if i > 0 {
                    text.push_str("; ");
                }
                let piece =
                    self.branch_fragment(IssueView::new(inner), union_abs, branch.absolute_paths, absent, depth);
                text.push_piece(&piece);
            }
            let piece = text.into_piece();
            if rendered.contains(&piece) {
                continue;
            }
            if !rendered.is_empty() {
                out.push_str(" or ");
            }
            out.push_piece(&piece);
            rendered.push(piece);
        }
        out.into_piece()
    }

    /// One issue of a union branch, prefixed with the path it names relative to the
    /// branch. A union inside a branch renders its own text there (it is not lifted).
    pub(super) fn branch_fragment(
        &mut self,
        issue: IssueView<'a>,
        union_abs: &[&'a Value<'a>],
        absolute: bool,
        absent: bool,
        depth: usize,
    ) -> Piece {
        let rel = relative_path(&issue, union_abs, absolute, self.sizes);
        if !self.spend() {
            return fragment(&rel, &raw(issue.message()));
        }
        let body = match issue.kind() {
            IssueKind::Union if depth < MAX_UNION_DEPTH => {
                let branches = issue.branches();
                if branches.is_empty() || !self.charge_branches(&branches) {
                    raw(issue.message())
                } else {
                    let abs: Vec<&'a Value<'a>> =
                        union_abs.iter().copied().chain(rel.iter().copied()).take(MAX_PATH_SEGMENTS).collect();
                    self.union_text(&branches, &abs, absent, depth + 1, issue.message())
                }
            }
            IssueKind::InvalidValue if absent => missing_text(&issue.accepted_values()),
            _ => raw(issue.message()),
        };
        fragment(&rel, &body)
    }
}

pub(super) fn fails_below_root(branch: &Branch<'_>, union_abs: &[&Value], sizes: &TrueSizes<'_>) -> bool {
    branch
        .issues
        .iter()
        .take(MAX_RENDER_BRANCH_ISSUES)
        .any(|i| !relative_path(&IssueView::new(i), union_abs, branch.absolute_paths, sizes).is_empty())
}

pub(super) fn is_root_type_mismatch(branch: &Branch<'_>, union_abs: &[&Value], sizes: &TrueSizes<'_>) -> bool {
    match branch.issues {
        [only] => {
            let view = IssueView::new(only);
            view.kind() == IssueKind::InvalidType
                && relative_path(&view, union_abs, branch.absolute_paths, sizes).is_empty()
        }
        _ => false,
    }
}

/// The branch's only issue when it is an `invalid_value` naming exactly one value.
pub(super) fn one_literal<'a>(
    branch: &Branch<'a>,
    union_abs: &[&'a Value<'a>],
    sizes: &TrueSizes<'_>,
) -> Option<OneLiteral<'a>> {
    let [only] = branch.issues else { return None };
    let view = IssueView::new(only);
    if view.kind() != IssueKind::InvalidValue {
        return None;
    }
    let values = view.accepted_values();
    let [value] = values.as_slice() else { return None };
    let value: &'a Value<'a> = value;
    Some(OneLiteral { rel: relative_path(&view, union_abs, branch.absolute_paths, sizes), value })
}

/// mcp-ts-core's `literalTagIssue`: when every branch failed on one literal and all
/// of them sit at one path, that path and the values (each once, in branch order).
/// Holds with a single branch too.
pub(super) fn literal_tag<'a>(
    branches: &[Branch<'a>],
    union_abs: &[&'a Value<'a>],
    sizes: &TrueSizes<'_>,
) -> Option<(Vec<&'a Value<'a>>, Vec<&'a Value<'a>>)> {
    let mut iter = branches.iter();
    let first = one_literal(iter.next()?, union_abs, sizes)?;
    let mut values = vec![first.value];
    for branch in iter {
        let literal = one_literal(branch, union_abs, sizes)?;
        let same_path = literal.rel.len() == first.rel.len()
            && literal.rel.iter().zip(&first.rel).all(|(a, b)| same_segment(a, b, sizes));
        if !same_path {
            return None;
        }
        if !values.contains(&literal.value) {
            values.push(literal.value);
        }
    }
    Some((first.rel, values))
}
