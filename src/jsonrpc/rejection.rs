//! The argument rejection: Zod issues → `path: message` lines, one per issue, with
//! each line's hint sentence, then the `-32602` error that carries them.
//!
//! What the lines say beyond Zod's own message:
//! - an enum or literal miss on a field the caller left out reads
//!   `Missing required field. Expected one of "a"|"b"` (explicit `null` is present);
//! - a union renders what would have been accepted (the rules are on
//!   `select_branches`, `literal_tag` and `render_top_union`): branch issues carry
//!   branch-relative paths, joined `; ` within a branch and ` or ` across branches,
//!   identical branch renderings once; the top level joins lines with `, `, every
//!   line kept (no two issues are merged because they read the same).
//!
//! Each rule follows mcp-ts-core's newest `toolHandlerFactory.ts` (see
//! docs/reference-notes/mcp-ts-core.md); tests/conformance-own/tscore-source.json
//! holds a vector per rule.
//!
//! The renderer reads the arguments for two facts only — is a value present at the
//! path, and what JSON type it is — and never copies a value the caller sent.

use crate::codes::JsonRpcErrorCode;
use crate::js::js_trim;
use crate::value::{js_number_string, Value};

use crate::sizes::{TrueSizes, NO_CUTS};

use super::bound::{bound_issues_of, push_field, Bounded, MAX_ENTRIES};
use super::hint::{build_hint, Sentence};
use super::path::{path_string, write_path};
use super::schema::accepted_keys;
use super::text::{cut_data_string, Capped, Piece};
use super::McpErrorParts;
use crate::zod::issue::{MAX_PATH_SEGMENTS, MAX_RENDER_BRANCH_ISSUES};
use crate::zod::{arriving_at, relative_path, same_segment, Arriving, Branch, IssueKind, IssueView};

/// Lines the message and the hint render at most.
pub const MAX_LINES: usize = 10;
/// Issues whose whole content the rendering and `data.issues` can read. Every issue
/// renders at least one line (or, once the work budget is spent, none whatever it
/// holds), so the shown lines are full by then; past them an issue only counts its
/// lines, one unless it is a union ([`crate::zod::issue::UNION_CODES`]). A caller
/// that copies issues may send each issue past these as its code alone, unless it is
/// a union (tests/jsonrpc_props.rs checks the rendering and envelope are the same).
pub const ISSUES_READ_WHOLE: usize =
    if MAX_LINES > super::bound::MAX_ENTRIES { MAX_LINES } else { super::bound::MAX_ENTRIES };
/// Top-level issues examined at most: the lines they render are counted exactly in
/// `(+N more)`; each issue past them counts as one line (the count mcp-ts-core gives
/// unless such an issue is a union lifted into several lines), so a million issues
/// cost a hundred.
pub const MAX_EXAMINED_ISSUES: usize = 100;
/// Issues (branch issues included) the renderer visits at most in one rejection.
const MAX_RENDER_WORK: usize = 4096;
/// Unions nested in unions the renderer follows; deeper ones render Zod's message.
const MAX_UNION_DEPTH: usize = 8;
/// Keys (unknown keys, dropped keys, a collision's keys, aliases) compared against
/// alias collisions at most. A sentence naming keys is full well before this many.
const MAX_KEY_SCAN: usize = 1024;

/// The start of every argument rejection's message.
pub const MESSAGE_PREFIX: &str = "Input validation error: Invalid arguments for tool ";

/// The framework-owned reason of every argument rejection.
pub const REASON_INVALID_ARGUMENTS: &str = "invalid_arguments";

/// What pre-validation changed before the parse that failed (`input: { aliased,
/// ignored }`), plus the alias collisions it refused to rewrite.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PreValidation {
    /// Keys rewritten to their canonical name, in argument order.
    pub aliased: Vec<Alias>,
    /// Undeclared underscore-prefixed keys the drop discarded, in argument order
    /// (never the ignore-list drops such as `_meta`).
    pub ignored: Vec<String>,
    /// Targets for which the caller sent more than one key. Named in the hint only;
    /// `data.input` carries keys only.
    pub collisions: Vec<AliasCollision>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alias {
    pub alias: String,
    pub target: String,
}

/// An alias sent beside its target (or beside another alias of it): never rewritten.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AliasCollision {
    pub target: String,
    /// Every key the caller sent for `target`, in argument order; `target` itself
    /// among them when it was sent.
    pub keys: Vec<String>,
}

impl PreValidation {
    /// Reads `{ aliased: [{ alias, target }], ignored: [...], collisions: [{ target,
    /// keys }] }` (what pre-validation records); entries of another shape are skipped.
    pub fn from_value(value: &Value) -> PreValidation {
        fn list(v: Option<&Value>) -> &[Value] {
            v.and_then(Value::as_array).unwrap_or(&[])
        }
        fn strings(v: Option<&Value>) -> Vec<String> {
            list(v).iter().filter_map(Value::as_str).map(str::to_owned).collect()
        }
        PreValidation {
            aliased: list(value.get("aliased"))
                .iter()
                .filter_map(|a| {
                    Some(Alias {
                        alias: a.get("alias")?.as_str()?.to_owned(),
                        target: a.get("target")?.as_str()?.to_owned(),
                    })
                })
                .collect(),
            ignored: strings(value.get("ignored")),
            collisions: list(value.get("collisions"))
                .iter()
                .filter_map(|c| {
                    Some(AliasCollision { target: c.get("target")?.as_str()?.to_owned(), keys: strings(c.get("keys")) })
                })
                .collect(),
        }
    }

    /// True when pre-validation changed something a rejection must report.
    pub fn changed_anything(&self) -> bool {
        !self.aliased.is_empty() || !self.ignored.is_empty()
    }
}

/// Zod's issues as a caller may hold them: the first ones (all of them, or a prefix of
/// at least the 100 the renderer examines), how many there are in all, and the true
/// sizes of what a copy of them cut (see [`crate::sizes`]). Every count the rejection
/// writes (`(+N more)`, `issuesCount`, `<f>Length`, `<f>Count`) comes from these.
#[derive(Debug, Clone, Copy)]
pub struct IssueList<'a> {
    pub first: &'a [Value],
    pub total: usize,
    pub sizes: &'a TrueSizes<'a>,
}

impl<'a> IssueList<'a> {
    /// Every issue, uncut.
    pub fn all(issues: &'a [Value]) -> IssueList<'a> {
        IssueList { first: issues, total: issues.len(), sizes: &NO_CUTS }
    }

    /// `first` of `total` issues (never fewer than `first`), cut as `sizes` says.
    pub fn of(first: &'a [Value], total: usize, sizes: &'a TrueSizes<'a>) -> IssueList<'a> {
        IssueList { first, total: total.max(first.len()), sizes }
    }

    /// `data.issues` with its count fields.
    pub fn bounded(&self) -> Bounded {
        bound_issues_of(self.first, self.total, self.sizes)
    }
}

impl PartialEq for IssueList<'_> {
    /// The same issues, count and sizes table.
    fn eq(&self, other: &Self) -> bool {
        self.first == other.first && self.total == other.total && core::ptr::eq(self.sizes, other.sizes)
    }
}

/// Everything `format_validation` needs besides the issues.
#[derive(Debug, Clone, Copy, Default)]
pub struct ValidationOptions<'a> {
    pub tool: &'a str,
    /// The arguments as validated (after any pre-validation repair that held);
    /// `None` is `undefined`.
    pub args: Option<&'a Value>,
    /// The tool's JSON Schema (`inputSchema`).
    pub schema: Option<&'a Value>,
    pub input: Option<&'a PreValidation>,
}

/// The rendered rejection: the distinct lines (each cut at 1,024 units with `…`),
/// how many more were left out, and the recovery hint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejection {
    pub lines: Vec<String>,
    pub more: usize,
    pub hint: String,
}

impl Rejection {
    /// The issue text of the message: the lines joined `, `, then ` (+N more)`.
    pub fn detail(&self) -> String {
        let mut out = self.lines.join(", ");
        if self.more > 0 {
            out.push_str(&format!(" (+{} more)", self.more));
        }
        out
    }
}

/// The `-32602` McpError for a failed argument parse: the full message and `data`
/// (`issues` bounded, `reason: "invalid_arguments"`, `input` when pre-validation
/// changed something, `recovery: { hint }`). Throw it, or pass it to `error_result`.
pub fn format_validation(issues: &[Value], opts: &ValidationOptions<'_>) -> McpErrorParts {
    format_validation_of(IssueList::all(issues), opts)
}

/// [`format_validation`] of an [`IssueList`]: a prefix of the issues, their true total
/// and the true sizes of what their copy cut.
pub fn format_validation_of(issues: IssueList<'_>, opts: &ValidationOptions<'_>) -> McpErrorParts {
    let rejection = render_rejection_of(issues, opts);
    let mut message = String::from(MESSAGE_PREFIX);
    message.push_str(opts.tool);
    message.push_str(": ");
    message.push_str(&rejection.detail());

    let mut data: Vec<(String, Value)> = Vec::new();
    push_field(&mut data, "issues", issues.bounded());
    data.push(("reason".into(), Value::str(REASON_INVALID_ARGUMENTS)));
    if let Some(input) = opts.input.filter(|i| i.changed_anything()) {
        data.push(("input".into(), input_record(input)));
    }
    data.push(("recovery".into(), Value::Object(vec![("hint".into(), Value::String(rejection.hint))])));
    McpErrorParts { code: JsonRpcErrorCode::InvalidParams.value(), message, data: Some(Value::Object(data)) }
}

/// `data.input`: `{ aliased: [{ alias, target }], ignored: [...] }`, keys only,
/// bounded like `data.issues`.
fn input_record(input: &PreValidation) -> Value {
    let mut aliased = Vec::new();
    for entry in input.aliased.iter().take(MAX_ENTRIES) {
        let mut fields = Vec::new();
        push_field(&mut fields, "alias", string_bounded(&entry.alias));
        push_field(&mut fields, "target", string_bounded(&entry.target));
        aliased.push(Value::Object(fields));
    }
    let aliased = Bounded {
        uncut: (input.aliased.len() > MAX_ENTRIES).then_some(input.aliased.len()),
        value: Value::Array(aliased),
        lengths: None,
    };
    let mut ignored = Vec::new();
    let mut lengths = Vec::new();
    for key in input.ignored.iter().take(MAX_ENTRIES) {
        let bounded = string_bounded(key);
        #[allow(clippy::cast_precision_loss)]
        lengths.push(bounded.uncut.map_or(Value::Null, |n| Value::Number(n as f64)));
        ignored.push(bounded.value);
    }
    let ignored = Bounded {
        uncut: (input.ignored.len() > MAX_ENTRIES).then_some(input.ignored.len()),
        value: Value::Array(ignored),
        lengths: lengths.iter().any(|l| !matches!(l, Value::Null)).then_some(lengths),
    };
    let mut record = Vec::new();
    push_field(&mut record, "aliased", aliased);
    push_field(&mut record, "ignored", ignored);
    Value::Object(record)
}

fn string_bounded(s: &str) -> Bounded {
    let (kept, uncut) = cut_data_string(s);
    Bounded { value: Value::String(kept), uncut, lengths: None }
}

/// Renders the lines, the `(+N more)` count and the hint, without building the error.
pub fn render_rejection(issues: &[Value], opts: &ValidationOptions<'_>) -> Rejection {
    render_rejection_of(IssueList::all(issues), opts)
}

/// [`render_rejection`] of an [`IssueList`]. `(+N more)` is every line the issues
/// render past the tenth, as mcp-ts-core counts them (a union lifted into its branch's
/// issues counts each of them, repeated lines count): exact over the first 100 issues,
/// which are examined; each issue past them counts as one line (see [`MAX_EXAMINED_ISSUES`]).
pub fn render_rejection_of(list: IssueList<'_>, opts: &ValidationOptions<'_>) -> Rejection {
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

/// One rendered line and the hint sentences it contributes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub text: String,
    pub sentences: Vec<Sentence>,
}

/// One union branch that failed on exactly one literal (a single-valued
/// `invalid_value`): where, relative to the union, and the value.
struct OneLiteral<'a> {
    rel: Vec<&'a Value>,
    value: &'a Value,
}

struct Renderer<'a> {
    args: Option<&'a Value>,
    schema: Option<&'a Value>,
    pre: &'a PreValidation,
    /// Every key an alias collision declined, with the collision's index.
    declined: Vec<(&'a str, usize)>,
    /// Per alias collision: already named in the hint.
    named: Vec<bool>,
    work_left: usize,
    /// The true sizes of what the issues' copy cut: path segments compare by them.
    sizes: &'a TrueSizes<'a>,
}

impl<'a> Renderer<'a> {
    /// Spends one unit of the work budget; false once it is gone.
    fn spend(&mut self) -> bool {
        if self.work_left == 0 {
            return false;
        }
        self.work_left -= 1;
        true
    }

    /// Charges reading a union's branches; false (and nothing charged) when the
    /// budget cannot pay, and the union renders Zod's own message.
    fn charge_branches(&mut self, branches: &[Branch<'a>]) -> bool {
        let cost: usize = branches.iter().map(|b| b.issues.len().min(MAX_RENDER_BRANCH_ISSUES)).sum();
        if cost > self.work_left {
            return false;
        }
        self.work_left -= cost;
        true
    }

    fn arriving(&self, path: &[&Value]) -> Arriving {
        arriving_at(self.args, path)
    }

    /// The lines of one issue whose absolute path is `abs` (mcp-ts-core's
    /// `renderedIssues` entry, then `issueLines`' literal-tag rewrite).
    fn render_top(&mut self, issue: IssueView<'a>, abs: Vec<&'a Value>, depth: usize, out: &mut Vec<Line>) {
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

    fn render_top_union(&mut self, issue: IssueView<'a>, abs: Vec<&'a Value>, depth: usize, out: &mut Vec<Line>) {
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
            let full: Vec<&'a Value> = abs.iter().copied().chain(rel).take(MAX_PATH_SEGMENTS).collect();
            let arriving = self.arriving(&full);
            let body = tag_text(&values, arriving.is_absent());
            out.push(line_for(&full, &body, arriving, None));
            return;
        }
        let arriving = self.arriving(&abs);
        let body = self.union_text(&branches, &abs, arriving.is_absent(), depth + 1, issue.message());
        out.push(line_for(&abs, &body, arriving, None));
    }

    /// How many lines [`Renderer::render_top`] would produce, without rendering them.
    fn count_top(&mut self, issue: IssueView<'a>, abs: &[&'a Value], depth: usize) -> usize {
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
                    let full: Vec<&'a Value> = abs.iter().copied().chain(rel).take(MAX_PATH_SEGMENTS).collect();
                    n += self.count_top(view, &full, depth + 1);
                }
                n.max(1)
            }
            _ => 1,
        }
    }

    /// The branches worth rendering (mcp-ts-core's `selectUnionBranches`):
    /// 1. drop every branch that failed on one literal (a single-valued
    ///    `invalid_value`: `z.literal('')`, any other literal, a one-entry enum);
    /// 2. with `rescue` (top-level lines only), when no branch left fails below its
    ///    root, a one-literal branch whose literal sits below its root at a path the
    ///    caller left out is kept after all;
    /// 3. once a branch fails below its root, drop every branch whose only issue is a
    ///    root type mismatch (one-or-many unions).
    fn select_branches(&self, branches: &[Branch<'a>], abs: &[&'a Value], rescue: bool) -> Vec<Branch<'a>> {
        let mut selected: Vec<Branch<'a>> =
            branches.iter().copied().filter(|b| one_literal(b, abs, self.sizes).is_none()).collect();
        if rescue && !selected.iter().any(|b| fails_below_root(b, abs, self.sizes)) {
            selected = branches
                .iter()
                .copied()
                .filter(|b| match one_literal(b, abs, self.sizes) {
                    None => true,
                    Some(literal) => {
                        let full: Vec<&'a Value> =
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
    fn union_text(
        &mut self,
        branches: &[Branch<'a>],
        union_abs: &[&'a Value],
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
    fn branch_fragment(
        &mut self,
        issue: IssueView<'a>,
        union_abs: &[&'a Value],
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
                    let abs: Vec<&'a Value> =
                        union_abs.iter().copied().chain(rel.iter().copied()).take(MAX_PATH_SEGMENTS).collect();
                    self.union_text(&branches, &abs, absent, depth + 1, issue.message())
                }
            }
            IssueKind::InvalidValue if absent => missing_text(&issue.accepted_values()),
            _ => raw(issue.message()),
        };
        fragment(&rel, &body)
    }

    /// The collision that declined `key` (the last one, when several did).
    fn collided_by(&self, key: &str) -> Option<usize> {
        self.declined.iter().rev().find(|(k, _)| *k == key).map(|(_, i)| *i)
    }

    /// The collision sentences for `keys`, each collision once in the whole hint.
    fn name_collisions<'k>(&mut self, keys: impl Iterator<Item = &'k str>, into: &mut Vec<String>) {
        for key in keys.take(MAX_KEY_SCAN) {
            let Some(i) = self.collided_by(key) else { continue };
            let (Some(named), Some(collision)) = (self.named.get_mut(i), self.pre.collisions.get(i)) else { continue };
            if *named {
                continue;
            }
            *named = true;
            into.push(collision_sentence(collision));
        }
    }

    /// `Unknown key opts.b. opts accepts: a.` — at the root, alias collisions first,
    /// in the order of the keys that name them, then the keys no collision declined.
    fn unknown_key_sentences(&mut self, issue: IssueView<'a>, abs: &[&'a Value]) -> Vec<Sentence> {
        let keys = issue.unrecognized_keys();
        let mut framework = Vec::new();
        let root = abs.is_empty();
        let any_collision = root && !self.declined.is_empty();
        if any_collision {
            self.name_collisions(keys.iter().filter_map(Value::as_str), &mut framework);
        }
        let unknown: Vec<&Value> = keys
            .iter()
            .take(MAX_KEY_SCAN)
            .filter(|k| !any_collision || k.as_str().map_or(true, |k| self.collided_by(k).is_none()))
            .collect();
        let mut sentences: Vec<Sentence> = framework.into_iter().map(Sentence::Framework).collect();
        if unknown.is_empty() {
            return sentences;
        }
        // Keys past the scan are counted as unknown ones.
        let count = unknown.len() + keys.len().saturating_sub(MAX_KEY_SCAN);
        let mut s = Capped::line();
        s.push_str(if count == 1 { "Unknown key " } else { "Unknown keys " });
        for (i, key) in unknown.iter().enumerate() {
            if s.is_full() {
                break;
            }
            if i > 0 {
                s.push_str(", ");
            }
            if !root {
                write_path(&mut s, abs);
                s.push_char('.');
            }
            write_key(&mut s, key);
        }
        s.push_char('.');
        if let Some(accepted) = self.schema.and_then(|schema| accepted_keys(schema, abs)) {
            if root {
                s.push_str(" This tool accepts: ");
            } else {
                s.push_char(' ');
                write_path(&mut s, abs);
                s.push_str(" accepts: ");
            }
            for (i, name) in accepted.iter().enumerate() {
                if i > 0 {
                    s.push_str(", ");
                }
                s.push_str(name);
            }
            s.push_char('.');
        }
        sentences.push(Sentence::Framework(s.finish()));
        sentences
    }

    /// The sentences that close the hint: collisions a dropped key was declined by
    /// (and no unknown-key sentence named), then one `Validated q as query and n as
    /// limit.` and one `Dropped undeclared keys _a and _b.`, each cut at 1,024.
    fn closing_sentences(&mut self) -> Vec<String> {
        let pre = self.pre;
        let mut out = Vec::new();
        if !self.declined.is_empty() {
            self.name_collisions(pre.ignored.iter().map(String::as_str), &mut out);
        }
        if !pre.aliased.is_empty() {
            let mut s = Capped::line();
            s.push_str("Validated ");
            push_names(&mut s, pre.aliased.len(), |s, i| {
                if let Some(a) = pre.aliased.get(i) {
                    s.push_str(&a.alias);
                    s.push_str(" as ");
                    s.push_str(&a.target);
                }
            });
            s.push_char('.');
            out.push(s.finish());
        }
        let dropped: Vec<&str> = pre
            .ignored
            .iter()
            .take(MAX_KEY_SCAN)
            .map(String::as_str)
            .filter(|k| self.collided_by(k).is_none())
            .collect();
        if !dropped.is_empty() {
            let mut s = Capped::line();
            s.push_str(if dropped.len() == 1 { "Dropped undeclared key " } else { "Dropped undeclared keys " });
            push_names(&mut s, dropped.len(), |s, i| s.push_str(dropped.get(i).copied().unwrap_or("")));
            s.push_char('.');
            out.push(s.finish());
        }
        out
    }
}

/// Alias collisions read at most, and keys of each.
const MAX_COLLISIONS: usize = 64;

/// The keys each alias collision left in place because its target was already present
/// (mcp-ts-core's `declined`): every key sent for the target but the target itself and
/// the alias pre-validation rewrote to it. Read once per rejection, within caps.
fn declined_keys(pre: &PreValidation) -> Vec<(&str, usize)> {
    let mut out = Vec::new();
    for (i, collision) in pre.collisions.iter().take(MAX_COLLISIONS).enumerate() {
        let rewritten =
            |k: &str| pre.aliased.iter().take(MAX_KEY_SCAN).any(|a| a.alias == k && a.target == collision.target);
        for key in collision.keys.iter().take(MAX_COLLISIONS).map(String::as_str) {
            if key != collision.target && !rewritten(key) {
                out.push((key, i));
            }
        }
    }
    out
}

/// `a`, `a and b`, `a, b and c` — written into `out` until it is full, so a long
/// list costs only what shows.
fn push_names(out: &mut Capped, count: usize, mut write: impl FnMut(&mut Capped, usize)) {
    for i in 0..count {
        if out.is_full() {
            return;
        }
        if i > 0 {
            out.push_str(if i + 1 == count { " and " } else { ", " });
        }
        write(out, i);
    }
}

fn write_key(out: &mut Capped, key: &Value) {
    match key {
        Value::String(k) => out.push_str(k),
        Value::Number(n) => out.push_str(&js_number_string(*n)),
        other => out.push_str(&other.to_json()),
    }
}

/// `maxResults is an alias of pageSize; send one of them, not both.`
fn collision_sentence(collision: &AliasCollision) -> String {
    let aliases: Vec<&str> = collision.keys.iter().map(String::as_str).filter(|k| *k != collision.target).collect();
    let mut s = Capped::line();
    push_names(&mut s, aliases.len(), |s, i| s.push_str(aliases.get(i).copied().unwrap_or("")));
    s.push_str(if aliases.len() == 1 { " is an alias of " } else { " are aliases of " });
    s.push_str(&collision.target);
    s.push_str(if collision.keys.len() > 2 { "; send only one of them." } else { "; send one of them, not both." });
    s.finish()
}

fn raw(message: &str) -> Piece {
    let mut c = Capped::line();
    c.push_str(message);
    c.into_piece()
}

/// `path: body`, or `body` alone at the root, cut at the line cap with `…`.
fn line_text(path: &[&Value], body: &Piece) -> String {
    line_piece(path, body).finish()
}

/// [`line_text`] before its `…`: the text and whether it was cut.
fn line_piece(path: &[&Value], body: &Piece) -> Piece {
    let mut out = Capped::line();
    if !path.is_empty() {
        write_path(&mut out, path);
        out.push_str(": ");
    }
    out.push_piece(body);
    out.into_piece()
}

/// A branch fragment: like a line, but kept as a piece for the enclosing line.
fn fragment(path: &[&Value], body: &Piece) -> Piece {
    line_piece(path, body)
}

/// One line and its hint sentence, in the order mcp-ts-core's hint decides it:
/// - a value left out below the root: `Provide path.`, whatever the issue;
/// - a wrong type (`expected` given): `Send path as a number, not a string.`;
/// - anything else restates the line.
fn line_for(path: &[&Value], body: &Piece, arriving: Arriving, expected: Option<&str>) -> Line {
    let piece = line_piece(path, body);
    let dotted = path_string(path);
    let sentence = if arriving.is_absent() && !dotted.is_empty() {
        Sentence::Provide(dotted)
    } else if let Some(expected) = expected {
        Sentence::Framework(wrong_type_sentence(&dotted, expected, arriving))
    } else {
        restatement(&piece)
    };
    Line { text: piece.finish(), sentences: vec![sentence] }
}

/// A restated line as a sentence beside the framework's own: trimmed and ended with
/// `.` unless it ends `.`, `?` or `!` already; a line the cap cut stays as cut.
fn restatement(line: &Piece) -> Sentence {
    if line.cut {
        return Sentence::Restate(line.clone().finish());
    }
    let trimmed = js_trim(&line.text);
    if trimmed.ends_with(['.', '?', '!']) {
        Sentence::Restate(trimmed.to_owned())
    } else {
        Sentence::Restate(format!("{trimmed}."))
    }
}

/// `Missing required field. Expected "a"` / `… Expected one of "a"|"b"`.
fn missing_text(values: &[&Value]) -> Piece {
    let mut out = Capped::line();
    out.push_str("Missing required field.");
    match values {
        [] => {}
        [single] => {
            out.push_str(" Expected ");
            write_primitive(&mut out, single);
        }
        many => {
            out.push_str(" Expected one of ");
            write_values(&mut out, many);
        }
    }
    out.into_piece()
}

/// The literal every branch failed on: `Invalid input: expected "a"` for one value,
/// `Invalid option: expected one of "a"|"b"` for more; `Missing required field. …`
/// when it was left out.
fn tag_text(values: &[&Value], absent: bool) -> Piece {
    if absent {
        return missing_text(values);
    }
    let mut out = Capped::line();
    match values {
        [single] => {
            out.push_str("Invalid input: expected ");
            write_primitive(&mut out, single);
        }
        many => {
            out.push_str("Invalid option: expected one of ");
            write_values(&mut out, many);
        }
    }
    out.into_piece()
}

fn write_values(out: &mut Capped, values: &[&Value]) {
    for (i, v) in values.iter().enumerate() {
        if out.is_full() {
            return;
        }
        if i > 0 {
            out.push_char('|');
        }
        write_primitive(out, v);
    }
}

/// A literal as Zod names it: strings JSON-quoted, other primitives as JS prints them.
fn write_primitive(out: &mut Capped, v: &Value) {
    match v {
        Value::String(s) => {
            // JSON-quote only the part that can show; a huge literal stays cheap.
            let (shown, _, cut) = super::text::prefix(s, super::text::MAX_STRING_UNITS);
            let mut quoted = String::new();
            crate::value::write_json_string(shown, &mut quoted);
            if cut {
                // Without its closing quote, and marked cut: the line ends `…`.
                quoted.pop();
                out.push_piece(&Piece { text: quoted, cut: true });
            } else {
                out.push_str(&quoted);
            }
        }
        Value::Number(n) => out.push_str(&js_number_string(*n)),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Null => out.push_str("null"),
        Value::Array(_) | Value::Object(_) => out.push_str("[object]"),
    }
}

/// `Send x as a number, not a string.` (mcp-ts-core's wrong-type sentence): the
/// expected name with its article (`an` before a vowel, else `a`) whatever it is
/// (`a tuple`, `a date`, `a null`), then what arrived (`null`, `an array`, `a
/// string`, …). An `int` that got a number reads `an integer, not a fractional
/// number.` The subject is the path, or `the arguments` at the root; at the root
/// with nothing sent: `Send the arguments as an object.`
fn wrong_type_sentence(dotted: &str, expected: &str, arriving: Arriving) -> String {
    let mut s = Capped::line();
    s.push_str("Send ");
    s.push_str(if dotted.is_empty() { "the arguments" } else { dotted });
    s.push_str(" as ");
    let arrived = match arriving {
        Arriving::Absent => {
            push_with_article(&mut s, expected);
            s.push_char('.');
            return s.finish();
        }
        Arriving::Number(_) if expected == "int" => {
            s.push_str("an integer, not a fractional number.");
            return s.finish();
        }
        Arriving::Null => "null",
        Arriving::Bool => "a boolean",
        Arriving::Number(_) => "a number",
        Arriving::String => "a string",
        Arriving::Array => "an array",
        Arriving::Object => "an object",
    };
    push_with_article(&mut s, expected);
    s.push_str(", not ");
    s.push_str(arrived);
    s.push_char('.');
    s.finish()
}

/// `an integer`, `a tuple`: `an` before a lowercase vowel, as mcp-ts-core writes it.
fn push_with_article(out: &mut Capped, name: &str) {
    out.push_str(if name.starts_with(['a', 'e', 'i', 'o', 'u']) { "an " } else { "a " });
    out.push_str(name);
}

fn fails_below_root(branch: &Branch<'_>, union_abs: &[&Value], sizes: &TrueSizes<'_>) -> bool {
    branch
        .issues
        .iter()
        .take(MAX_RENDER_BRANCH_ISSUES)
        .any(|i| !relative_path(&IssueView::new(i), union_abs, branch.absolute_paths, sizes).is_empty())
}

fn is_root_type_mismatch(branch: &Branch<'_>, union_abs: &[&Value], sizes: &TrueSizes<'_>) -> bool {
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
fn one_literal<'a>(branch: &Branch<'a>, union_abs: &[&'a Value], sizes: &TrueSizes<'_>) -> Option<OneLiteral<'a>> {
    let [only] = branch.issues else { return None };
    let view = IssueView::new(only);
    if view.kind() != IssueKind::InvalidValue {
        return None;
    }
    let values = view.accepted_values();
    let [value] = values.as_slice() else { return None };
    let value: &'a Value = value;
    Some(OneLiteral { rel: relative_path(&view, union_abs, branch.absolute_paths, sizes), value })
}

/// mcp-ts-core's `literalTagIssue`: when every branch failed on one literal and all
/// of them sit at one path, that path and the values (each once, in branch order).
/// Holds with a single branch too.
fn literal_tag<'a>(
    branches: &[Branch<'a>],
    union_abs: &[&'a Value],
    sizes: &TrueSizes<'_>,
) -> Option<(Vec<&'a Value>, Vec<&'a Value>)> {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn v(text: &str) -> Value {
        Value::parse_json(text).unwrap()
    }

    fn render(issues: &str, args: &str, schema: Option<&str>, input: Option<&PreValidation>) -> Rejection {
        let issues = v(issues);
        let args = v(args);
        let schema = schema.map(v);
        render_rejection(
            issues.as_array().unwrap(),
            &ValidationOptions { tool: "t", args: Some(&args), schema: schema.as_ref(), input },
        )
    }

    const TAGGED: &str = r#"[{"code":"invalid_union","errors":[[{"code":"invalid_value","values":["a"],"path":["kind"],"message":"Invalid input: expected \"a\""},{"expected":"string","code":"invalid_type","path":["id"],"message":"Invalid input: expected string, received undefined"}],[{"code":"invalid_value","values":["b"],"path":["kind"],"message":"Invalid input: expected \"b\""},{"expected":"string","code":"invalid_type","path":["name"],"message":"Invalid input: expected string, received undefined"}]],"path":["t"],"message":"Invalid input"}]"#;

    #[test]
    fn arguments_that_are_not_an_object_are_named_as_the_arguments() {
        // mcp-ts-core's hint (docs/reference-notes/mcp-ts-core.md §3): the subject is
        // `the arguments`, and the sentence is the framework's, so Recovery: stays.
        let root = r#"[{"expected":"object","code":"invalid_type","path":[],"message":"Invalid input: expected object, received array"}]"#;
        let r = render(root, "[1]", None, None);
        assert_eq!(r.lines, vec!["Invalid input: expected object, received array"]);
        assert_eq!(r.hint, "Send the arguments as an object, not an array.");
        assert_eq!(render(root, "null", None, None).hint, "Send the arguments as an object, not null.");
        assert_eq!(render(root, r#""x""#, None, None).hint, "Send the arguments as an object, not a string.");
        let issues = v(root);
        let absent = render_rejection(
            issues.as_array().unwrap(),
            &ValidationOptions { tool: "t", args: None, schema: None, input: None },
        );
        assert_eq!(absent.hint, "Send the arguments as an object.");
    }

    #[test]
    fn standard_schema_key_segments_are_keys() {
        // Valibot and ArkType write path segments as `{ key }` (Standard Schema).
        let issues = r#"[{"code":"invalid_type","expected":"number","message":"Expected number","path":[{"key":"opts"},{"key":"n"}]}]"#;
        let r = render(issues, r#"{"opts":{"n":"5"}}"#, None, None);
        assert_eq!(r.lines, vec!["opts.n: Expected number"]);
        assert_eq!(r.hint, "Send opts.n as a number, not a string.");
    }

    #[test]
    fn a_literal_tag_merges_only_when_every_branch_fails_on_it_alone() {
        // Each branch also misses a field: not a literal tag, the branches render.
        let r = render(TAGGED, r#"{"t":{"kind":"c"}}"#, None, None);
        let both = r#"t: kind: Invalid input: expected "a"; id: Invalid input: expected string, received undefined or kind: Invalid input: expected "b"; name: Invalid input: expected string, received undefined"#;
        assert_eq!(r.lines, vec![both]);
        assert_eq!(r.hint, both);
        let tags = r#"[{"code":"invalid_union","errors":[[{"code":"invalid_value","values":["a"],"path":["kind"],"message":"Invalid input: expected \"a\""}],[{"code":"invalid_value","values":["b"],"path":["kind"],"message":"Invalid input: expected \"b\""}]],"path":["t"],"message":"Invalid input"}]"#;
        let r = render(tags, r#"{"t":{"kind":"c"}}"#, None, None);
        assert_eq!(r.lines, vec![r#"t.kind: Invalid option: expected one of "a"|"b""#]);
        assert_eq!(r.hint, r#"t.kind: Invalid option: expected one of "a"|"b""#);
        let r = render(tags, r#"{"t":{}}"#, None, None);
        assert_eq!(r.lines, vec![r#"t.kind: Missing required field. Expected one of "a"|"b""#]);
        assert_eq!(r.hint, "Provide t.kind.");
    }

    #[test]
    fn a_left_out_single_value_field_beats_a_shape_mismatch() {
        let issues = r#"[{"code":"invalid_union","errors":[[{"code":"invalid_value","values":["json"],"path":["format"],"message":"Invalid input: expected \"json\""}],[{"expected":"array","code":"invalid_type","path":[],"message":"Invalid input: expected array, received object"}]],"path":["target"],"message":"Invalid input"}]"#;
        let r = render(issues, r#"{"target":{"q":5}}"#, None, None);
        assert_eq!(r.lines, vec![r#"target.format: Missing required field. Expected "json""#]);
        assert_eq!(r.hint, "Provide target.format.");
    }

    #[test]
    fn one_or_many_lifts_again_at_every_level() {
        let issues = r#"[{"code":"invalid_union","errors":[[{"code":"invalid_union","errors":[[{"expected":"string","code":"invalid_type","path":[0],"message":"Invalid input: expected string, received number"}],[{"expected":"string","code":"invalid_type","path":[],"message":"Invalid input: expected string, received array"}]],"path":[0,"tags"],"message":"Invalid input"}],[{"expected":"object","code":"invalid_type","path":[],"message":"Invalid input: expected object, received array"}]],"path":["items"],"message":"Invalid input"}]"#;
        let r = render(issues, r#"{"items":[{"tags":[1]}]}"#, None, None);
        assert_eq!(r.lines, vec!["items.0.tags.0: Invalid input: expected string, received number"]);
        assert_eq!(r.hint, "Send items.0.tags.0 as a string, not a number.");
    }

    #[test]
    fn unknown_keys_below_a_list_name_the_element_path() {
        let schema = r#"{"type":"object","properties":{"query":{"type":"string"},"items":{"type":"array","items":{"type":"object","properties":{"name":{"type":"string"}},"additionalProperties":false}}},"additionalProperties":false}"#;
        let issues =
            r#"[{"code":"unrecognized_keys","keys":["b"],"path":["items",1],"message":"Unrecognized key: \"b\""}]"#;
        let r = render(issues, r#"{"query":"x","items":[{"name":"a"},{"name":"b","b":1}]}"#, Some(schema), None);
        assert_eq!(r.lines, vec![r#"items.1: Unrecognized key: "b""#]);
        assert_eq!(r.hint, "Unknown key items.1.b. items.1 accepts: name.");
    }

    #[test]
    fn zod3_issues_render_like_zod4() {
        let issues = r#"[{"code":"invalid_type","expected":"string","received":"undefined","path":["q"],"message":"Required"},{"code":"invalid_literal","expected":"fixed","path":["k"],"message":"Invalid literal value, expected \"fixed\""},{"code":"invalid_type","expected":"integer","received":"float","message":"Expected integer, received float","path":["rows"]},{"code":"unrecognized_keys","keys":["extra"],"path":[],"message":"Unrecognized key(s) in object: 'extra'"}]"#;
        let r = render(
            issues,
            r#"{"rows":1.5,"extra":1}"#,
            Some(r#"{"type":"object","properties":{"q":{},"k":{},"rows":{}}}"#),
            None,
        );
        assert_eq!(
            r.lines,
            vec![
                "q: Required",
                r#"k: Missing required field. Expected "fixed""#,
                "rows: Expected integer, received float",
                "Unrecognized key(s) in object: 'extra'",
            ]
        );
        assert_eq!(
            r.hint,
            "Provide q and k. Send rows as an integer, not a fractional number. Unknown key extra. This tool accepts: q, k, rows."
        );
        let union3 = r#"[{"code":"invalid_union","unionErrors":[{"issues":[{"expected":"'x' | 'y'","received":"undefined","code":"invalid_type","path":["spec","kind"],"message":"Required"},{"code":"invalid_type","expected":"number","received":"undefined","path":["spec","n"],"message":"Required"}],"name":"ZodError"},{"issues":[{"code":"invalid_type","expected":"string","received":"undefined","path":["spec","other"],"message":"Required"}],"name":"ZodError"}],"path":["spec"],"message":"Invalid input"}]"#;
        let r = render(union3, r#"{"spec":{}}"#, None, None);
        assert_eq!(r.lines, vec!["spec: kind: Required; n: Required or other: Required"]);
        let many3 = r#"[{"code":"invalid_union","unionErrors":[{"issues":[{"code":"invalid_type","expected":"string","received":"boolean","path":["items",1,"name"],"message":"Expected string, received boolean"}],"name":"ZodError"},{"issues":[{"code":"invalid_type","expected":"object","received":"array","path":["items"],"message":"Expected object, received array"}],"name":"ZodError"}],"path":["items"],"message":"Invalid input"}]"#;
        let r = render(many3, r#"{"items":[{"name":"a"},{"name":true}]}"#, None, None);
        assert_eq!(r.lines, vec!["items.1.name: Expected string, received boolean"]);
        assert_eq!(r.hint, "Send items.1.name as a string, not a boolean.");
        let du3 = r#"[{"code":"invalid_union_discriminator","options":["a","b"],"path":["u","mode"],"message":"Invalid discriminator value. Expected 'a' | 'b'"}]"#;
        let r = render(du3, r#"{"u":{}}"#, None, None);
        // No branch to read: Zod's message stays, left out or not.
        assert_eq!(r.lines, vec!["u.mode: Invalid discriminator value. Expected 'a' | 'b'"]);
        assert_eq!(r.hint, "Provide u.mode.");
    }

    #[test]
    fn pre_validation_closes_the_hint() {
        let pre = PreValidation {
            aliased: vec![Alias { alias: "q".into(), target: "query".into() }],
            ignored: vec!["_max".into()],
            collisions: vec![],
        };
        let issues = r#"[{"code":"custom","path":["start"],"message":"Must be a date"}]"#;
        let r = render(issues, r#"{"start":"x"}"#, None, Some(&pre));
        assert_eq!(r.hint, "start: Must be a date. Validated q as query. Dropped undeclared key _max.");
    }

    #[test]
    fn alias_collisions_replace_their_unknown_key() {
        let pre = PreValidation {
            aliased: vec![],
            ignored: vec![],
            collisions: vec![AliasCollision {
                target: "pageSize".into(),
                keys: vec!["pageSize".into(), "maxResults".into()],
            }],
        };
        let issues = r#"[{"code":"unrecognized_keys","keys":["maxResults","foo"],"path":[],"message":"Unrecognized keys: \"maxResults\", \"foo\""}]"#;
        let schema = r#"{"type":"object","properties":{"pageSize":{}}}"#;
        let r = render(issues, r#"{"pageSize":1,"maxResults":2,"foo":3}"#, Some(schema), Some(&pre));
        assert_eq!(
            r.hint,
            "maxResults is an alias of pageSize; send one of them, not both. Unknown key foo. This tool accepts: pageSize."
        );
        let pre = PreValidation {
            aliased: vec![Alias { alias: "maxResults".into(), target: "pageSize".into() }],
            ignored: vec![],
            collisions: vec![AliasCollision {
                target: "pageSize".into(),
                keys: vec!["maxResults".into(), "limit".into(), "size".into()],
            }],
        };
        let issues = r#"[{"code":"unrecognized_keys","keys":["limit","size"],"path":[],"message":"Unrecognized keys: \"limit\", \"size\""}]"#;
        let r = render(issues, r#"{"pageSize":1,"limit":2,"size":3}"#, Some(schema), Some(&pre));
        assert_eq!(
            r.hint,
            "maxResults, limit and size are aliases of pageSize; send only one of them. Validated maxResults as pageSize."
        );
    }

    #[test]
    fn ten_lines_then_a_count() {
        let issues: Vec<String> = (0..13)
            .map(|i| format!(r#"{{"expected":"string","code":"invalid_type","path":["f{i}"],"message":"Invalid input: expected string, received undefined"}}"#))
            .collect();
        let r = render(&format!("[{}]", issues.join(",")), "{}", None, None);
        assert_eq!(r.lines.len(), 10);
        assert_eq!(r.more, 3);
        assert_eq!(r.hint, "Provide f0, f1, f2, f3, f4, f5, f6, f7, f8 and f9. (+3 more)");
        assert!(r.detail().ends_with("received undefined (+3 more)"));
    }

    #[test]
    fn a_cut_restatement_still_equals_its_line() {
        let long = "x".repeat(3000);
        let issues = format!(r#"[{{"code":"custom","path":["a"],"message":"{long}"}}]"#);
        let r = render(&issues, r#"{"a":1}"#, None, None);
        let line = r.lines.first().unwrap();
        assert_eq!(super::super::text::js_len(line), 1025);
        assert!(line.ends_with('…'));
        assert_eq!(&r.hint, line);
        let e =
            format_validation(v(&issues).as_array().unwrap(), &ValidationOptions { tool: "t", ..Default::default() });
        let data = e.data.unwrap();
        let issue = data.get("issues").and_then(|i| i.as_array()).and_then(|i| i.first()).unwrap();
        assert_eq!(issue.get("messageLength"), Some(&Value::Number(3000.0)));
    }

    #[test]
    fn duplicate_lines_stay_and_duplicate_sentences_go() {
        let issue = r#"{"expected":"number","code":"invalid_type","path":["n"],"message":"Invalid input: expected number, received string"}"#;
        let r = render(&format!("[{issue},{issue}]"), r#"{"n":"x"}"#, None, None);
        assert_eq!(r.lines.len(), 2);
        assert_eq!(r.hint, "Send n as a number, not a string.");
        let custom = r#"{"code":"custom","path":["a"],"message":"Bad"}"#;
        let list = format!("[{}]", [custom; 12].join(","));
        let r = render(&list, r#"{"a":1}"#, None, None);
        assert_eq!((r.lines.len(), r.more), (10, 2));
        assert_eq!(r.hint, r.detail());
    }

    #[test]
    fn lifted_lines_past_the_tenth_count_each() {
        // The 11th issue is a one-or-many union whose list branch fails at three
        // elements: three lines more, not one.
        let custom = r#"{"code":"custom","path":["a"],"message":"Bad"}"#;
        let union = r#"{"code":"invalid_union","errors":[[{"code":"custom","path":[0],"message":"x"},{"code":"custom","path":[1],"message":"x"},{"code":"custom","path":[2],"message":"x"}],[{"expected":"object","code":"invalid_type","path":[],"message":"m"}]],"path":["u"],"message":"Invalid input"}"#;
        let mut all = vec![custom; 10];
        all.push(union);
        let r = render(&format!("[{}]", all.join(",")), r#"{"a":1,"u":[1,2,3]}"#, None, None);
        assert_eq!(r.more, 3);
        // The union as the 10th issue: one line shown, two counted.
        let mut all = vec![custom; 9];
        all.push(union);
        let r = render(&format!("[{}]", all.join(",")), r#"{"a":1,"u":[1,2,3]}"#, None, None);
        assert_eq!((r.lines.len(), r.more), (10, 2));
        assert_eq!(r.lines.last().map(String::as_str), Some("u.0: x"));
    }

    #[test]
    fn wrong_type_names_take_their_article() {
        let one = |expected: &str, args: &str| {
            let issues = format!(r#"[{{"expected":"{expected}","code":"invalid_type","path":["x"],"message":"m"}}]"#);
            render(&issues, args, None, None).hint
        };
        assert_eq!(one("tuple", r#"{"x":[1]}"#), "Send x as a tuple, not an array.");
        assert_eq!(one("int", r#"{"x":"1"}"#), "Send x as an int, not a string.");
        assert_eq!(one("int", r#"{"x":5}"#), "Send x as an integer, not a fractional number.");
        assert_eq!(one("null", r#"{"x":"s"}"#), "Send x as a null, not a string.");
        assert_eq!(one("undefined", r#"{"x":null}"#), "Send x as an undefined, not null.");
        assert_eq!(one("number", r#"{"x":1}"#), "Send x as a number, not a number.");
        assert_eq!(one("record", r#"{"x":{}}"#), "Send x as a record, not an object.");
    }

    #[test]
    fn restatements_are_trimmed_before_their_full_stop() {
        let issues = r#"[{"code":"custom","path":["a"],"message":"bad "},{"code":"custom","path":["b"],"message":"wait…"},{"expected":"number","code":"invalid_type","path":["n"],"message":"m"}]"#;
        let r = render(issues, r#"{"a":1,"b":1,"n":"x"}"#, None, None);
        assert_eq!(r.hint, "a: bad. b: wait…. Send n as a number, not a string.");
    }

    // Native only: it times itself, and wasm32-unknown-unknown has no clock.
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn hostile_inputs_cost_their_caps() {
        // A million-segment path, a union of a thousand branches nested a hundred deep.
        let long_path = Value::Array((0..1_000_000).map(|i| Value::Number(f64::from(i))).collect());
        let small = v(r#"{"code":"custom","path":["x"],"message":"m"}"#);
        let mut union = small.clone();
        for _ in 0..100 {
            let mut branches = vec![Value::Array(vec![union, small.clone()])];
            branches.extend(std::iter::repeat(Value::Array(vec![small.clone(); 40])).take(999));
            union = Value::Object(vec![
                ("code".into(), Value::str("invalid_union")),
                ("errors".into(), Value::Array(branches)),
                ("path".into(), Value::Array(vec![Value::str("u")])),
                ("message".into(), Value::str("Invalid input")),
            ]);
        }
        let deep_path = Value::Object(vec![
            ("code".into(), Value::str("custom")),
            ("path".into(), long_path),
            ("message".into(), Value::str("m".repeat(5_000_000))),
        ]);
        let mut issues = vec![deep_path, union];
        issues.extend(std::iter::repeat(v(r#"{"code":"custom","path":[],"message":"same"}"#)).take(200_000));
        let args = v(r#"{"u":{"u":{"x":1}}}"#);
        let e =
            format_validation(&issues, &ValidationOptions { tool: "t", args: Some(&args), schema: None, input: None });
        let data = e.data.unwrap();
        assert_eq!(data.get("issuesCount"), Some(&Value::Number(200_002.0)));
        assert!(super::super::text::js_len(&e.message) < 4 * 1024);
    }

    #[test]
    fn no_issue_still_says_something() {
        let r = render("[]", "{}", None, None);
        assert_eq!(r.detail(), "Invalid input");
        assert_eq!(r.hint, "Invalid input");
    }
}
