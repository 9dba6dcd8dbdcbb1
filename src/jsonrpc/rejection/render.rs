//! The renderer: one pass over the issues (at most [`super::MAX_EXAMINED_ISSUES`]),
//! the first [`super::MAX_LINES`] lines kept, the rest counted, within a work budget.

use super::input::{declined_keys, PreValidation};
use super::line::{line_for, line_text, missing_text, raw};
use super::{Rejection, ValidationOptions, MAX_EXAMINED_ISSUES, MAX_LINES};
use crate::jsonrpc::hint::{build_hint, Line, Sentence};
use crate::jsonrpc::issue_list::IssueList;
use crate::sizes::TrueSizes;
use crate::value::Value;
use crate::zod::issue::{MAX_PATH_SEGMENTS, MAX_RENDER_BRANCH_ISSUES};
use crate::zod::{arriving_at, Arriving, Branch, IssueKind, IssueView};

/// Issues (branch issues included) the renderer visits at most in one rejection.
pub(super) const MAX_RENDER_WORK: usize = 4096;
/// Unions nested in unions the renderer follows; deeper ones render Zod's message.
pub(super) const MAX_UNION_DEPTH: usize = 8;

/// Renders the lines, the `(+N more)` count and the hint, without building the error.
/// `(+N more)` is every line the issues render past the tenth, as mcp-ts-core counts
/// them (a union lifted into its branch's issues counts each of them, repeated lines
/// count): exact over the first 100 issues, which are examined; each issue past them
/// counts as one line (see [`MAX_EXAMINED_ISSUES`]).
pub fn render_rejection<'a>(issues: impl Into<IssueList<'a>>, opts: &ValidationOptions<'_>) -> Rejection {
    let list = issues.into();
    let issues = list.first;
    let total = list.total.max(issues.len());
    let empty = PreValidation::default();
    let pre = opts.input.unwrap_or(&empty);
    let mut renderer = Renderer {
        args: opts.args,
        schema: opts.schema,
        pre,
        declined: declined_keys(pre),
        named: vec![false; pre.collisions.len()],
        work_left: MAX_RENDER_WORK,
        sizes: list.sizes,
    };
    let mut lines: Vec<Line> = Vec::new();
    let mut rendered = 0usize;
    let mut examined = 0usize;
    for (index, issue) in issues.iter().take(MAX_EXAMINED_ISSUES).enumerate() {
        examined = index + 1;
        let view = IssueView::new(issue);
        let path: Vec<&Value> = view.path().iter().take(MAX_PATH_SEGMENTS).collect();
        if lines.len() >= MAX_LINES {
            // Past the shown lines only the count matters.
            rendered += renderer.count_top(view, &path, 0);
            continue;
        }
        let mut produced = Vec::new();
        renderer.render_top(view, path, 0, &mut produced);
        // An issue always renders at least one line; one the work budget cut short counts as one.
        rendered += produced.len().max(1);
        for line in produced {
            if lines.len() < MAX_LINES {
                lines.push(line);
            }
        }
    }
    // Every issue not examined is one more line.
    let more = rendered.saturating_sub(lines.len()) + (total - examined);
    if lines.is_empty() && more == 0 {
        // A failed parse with no issue still needs a line to say something.
        lines.push(Line { text: "Invalid input".into(), sentences: vec![Sentence::Restate("Invalid input.".into())] });
    }
    let closing = renderer.closing_sentences();
    let hint = build_hint(&lines, more, &closing);
    Rejection { lines: lines.into_iter().map(|l| l.text).collect(), more, hint }
}

pub(super) struct Renderer<'a> {
    pub(super) args: Option<&'a Value<'a>>,
    pub(super) schema: Option<&'a Value<'a>>,
    pub(super) pre: &'a PreValidation,
    /// Every key an alias collision declined, with the collision's index.
    pub(super) declined: Vec<(&'a str, usize)>,
    /// Per alias collision: already named in the hint.
    pub(super) named: Vec<bool>,
    pub(super) work_left: usize,
    /// The true sizes of what the issues' copy cut: path segments compare by them.
    pub(super) sizes: &'a TrueSizes<'a>,
}

impl<'a> Renderer<'a> {
    /// Spends one unit of the work budget; false once it is gone.
    pub(super) fn spend(&mut self) -> bool {
        if self.work_left == 0 {
            return false;
        }
        self.work_left -= 1;
        true
    }

    /// Charges reading a union's branches; false (and nothing charged) when the
    /// budget cannot pay, and the union renders Zod's own message.
    pub(super) fn charge_branches(&mut self, branches: &[Branch<'a>]) -> bool {
        let cost: usize = branches.iter().map(|b| b.issues.len().min(MAX_RENDER_BRANCH_ISSUES)).sum();
        if cost > self.work_left {
            return false;
        }
        self.work_left -= cost;
        true
    }

    pub(super) fn arriving(&self, path: &[&Value]) -> Arriving {
        arriving_at(self.args, path)
    }

    /// The lines of one issue whose absolute path is `abs` (mcp-ts-core's
    /// `renderedIssues` entry, then `issueLines`' literal-tag rewrite).
    pub(super) fn render_top(
        &mut self,
        issue: IssueView<'a>,
        abs: Vec<&'a Value<'a>>,
        depth: usize,
        out: &mut Vec<Line>,
    ) {
        if !self.spend() {
            return;
        }
        match issue.kind() {
            IssueKind::Union if depth < MAX_UNION_DEPTH => self.render_top_union(issue, abs, depth, out),
            IssueKind::UnrecognizedKeys => {
                let text = line_text(&abs, &raw(issue.message()));
                let sentences = self.unknown_key_sentences(issue, &abs);
                out.push(Line { text, sentences });
            }
            kind => {
                let arriving = self.arriving(&abs);
                let body = if kind == IssueKind::InvalidValue && arriving.is_absent() {
                    missing_text(&issue.accepted_values())
                } else {
                    raw(issue.message())
                };
                let expected = if kind == IssueKind::InvalidType { issue.expected_type() } else { None };
                out.push(line_for(&abs, &body, arriving, expected));
            }
        }
    }
}
