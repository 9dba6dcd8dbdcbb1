//! The argument rejection: Zod issues → `path: message` lines, one per issue, with
//! each line's hint sentence, then the `-32602` error that carries them.
//!
//! What the lines say beyond Zod's own message:
//! - an enum or literal miss on a field the caller left out reads
//!   `Missing required field. Expected one of "a"|"b"` (explicit `null` is present);
//! - a union renders what would have been accepted (the rules are on `plan_union`):
//!   branch issues carry branch-relative paths, joined `; ` within a branch and
//!   ` or ` across branches, identical branch renderings once; the top level joins
//!   lines with `, `.
//!
//! The renderer reads the arguments for two facts only — is a value present at the
//! path, and what JSON type it is — and never copies a value the caller sent.

use crate::codes::JsonRpcErrorCode;
use crate::value::{js_number_string, Value};

use crate::sizes::{TrueSizes, NO_CUTS};

use super::bound::{bound_issues_of, push_field, Bounded, MAX_ENTRIES};
use super::hint::{build_hint, join_and, Sentence};
use super::issue::{
    arriving_at, path_string, relative_path, write_path, Arriving, Branch, IssueKind, IssueView, MAX_PATH_SEGMENTS,
    MAX_RENDER_BRANCH_ISSUES,
};
use super::schema::accepted_keys;
use super::text::{cut_data_string, Capped, Piece};
use super::McpErrorParts;

/// Lines the message and the hint render at most.
pub const MAX_LINES: usize = 10;
/// Top-level issues read at most while looking for distinct lines (the rest are
/// counted in `(+N more)`), so a million duplicate issues cost a hundred.
const MAX_EXAMINED_ISSUES: usize = 100;
/// Issues (branch issues included) the renderer visits at most in one rejection.
const MAX_RENDER_WORK: usize = 4096;
/// Unions nested in unions the renderer follows; deeper ones render Zod's message.
const MAX_UNION_DEPTH: usize = 8;
/// Unknown keys compared against alias collisions at most.
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
                    Some(Alias { alias: a.get("alias")?.as_str()?.to_owned(), target: a.get("target")?.as_str()?.to_owned() })
                })
                .collect(),
            ignored: strings(value.get("ignored")),
            collisions: list(value.get("collisions"))
                .iter()
                .filter_map(|c| Some(AliasCollision { target: c.get("target")?.as_str()?.to_owned(), keys: strings(c.get("keys")) }))
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
    data.push((
        "recovery".into(),
        Value::Object(vec![("hint".into(), Value::String(rejection.hint))]),
    ));
    McpErrorParts {
        code: JsonRpcErrorCode::InvalidParams.value(),
        message,
        data: Some(Value::Object(data)),
    }
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

/// [`render_rejection`] of an [`IssueList`]: the issues past `first` are counted in
/// `(+N more)` (exact when `first` holds every issue or the first 100).
pub fn render_rejection_of(list: IssueList<'_>, opts: &ValidationOptions<'_>) -> Rejection {
    let issues = list.first;
    let total = list.total.max(issues.len());
    let empty = PreValidation::default();
    let pre = opts.input.unwrap_or(&empty);
    let mut renderer = Renderer {
        args: opts.args,
        schema: opts.schema,
        collisions: &pre.collisions,
        collision_placed: vec![false; pre.collisions.len()],
        work_left: MAX_RENDER_WORK,
    };
    let mut lines: Vec<Line> = Vec::new();
    let mut more = 0usize;
    let mut examined = 0usize;
    for (index, issue) in issues.iter().enumerate() {
        if lines.len() >= MAX_LINES || index >= MAX_EXAMINED_ISSUES {
            break;
        }
        examined = index + 1;
        let mut produced = Vec::new();
        let view = IssueView::new(issue);
        renderer.render_top(view, view.path().iter().take(MAX_PATH_SEGMENTS).collect(), 0, &mut produced);
        let produced_count = produced.len();
        for (taken, line) in produced.into_iter().enumerate() {
            if lines.len() >= MAX_LINES {
                more += produced_count - taken;
                break;
            }
            if !lines.iter().any(|l| l.text == line.text) {
                lines.push(line);
            }
        }
    }
    // Every issue not examined is one more, crossed or not.
    more += total - examined;
    if lines.is_empty() && more == 0 {
        // A failed parse with no issue still needs a line to say something.
        lines.push(Line { text: "Invalid input".into(), sentences: vec![Sentence::Restate("Invalid input".into())] });
    }
    let closing = pre_validation_sentences(pre, &renderer.collision_placed);
    let hint = build_hint(&lines, more, &closing);
    Rejection { lines: lines.into_iter().map(|l| l.text).collect(), more, hint }
}

/// One rendered line and the hint sentences it contributes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub text: String,
    pub sentences: Vec<Sentence>,
}

/// How a union issue renders, once its branches are filtered.
enum UnionPlan<'a> {
    /// No branch to read (a discriminated union given an unknown tag): Zod's message.
    Plain,
    /// Every branch fails on one literal at the same path: that literal once, naming
    /// every branch's value.
    Merged { rel: Vec<&'a Value>, values: Vec<&'a Value> },
    /// One branch is left: it renders as if the field were not a union.
    Lift(Branch<'a>),
    /// Several branches, each rendered, joined ` or `.
    Multi(Vec<Branch<'a>>),
}

struct Renderer<'a> {
    args: Option<&'a Value>,
    schema: Option<&'a Value>,
    collisions: &'a [AliasCollision],
    collision_placed: Vec<bool>,
    work_left: usize,
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

    fn arriving(&self, path: &[&Value]) -> Arriving {
        arriving_at(self.args, path)
    }

    /// The lines of one issue whose absolute path is `abs`.
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
            IssueKind::InvalidValue => {
                if self.arriving(&abs).is_absent() {
                    let text = line_text(&abs, &missing_text(&issue.accepted_values()));
                    out.push(provide_line(&abs, text));
                } else {
                    out.push(restated(&abs, issue.message()));
                }
            }
            IssueKind::InvalidType => {
                let arriving = self.arriving(&abs);
                if arriving.is_absent() && !abs.is_empty() {
                    out.push(provide_line(&abs, line_text(&abs, &raw(issue.message()))));
                } else {
                    let text = line_text(&abs, &raw(issue.message()));
                    let sentence = match send_sentence(&abs, issue.expected_type(), arriving) {
                        Some(s) => Sentence::Framework(s),
                        None => Sentence::Restate(text.clone()),
                    };
                    out.push(Line { text, sentences: vec![sentence] });
                }
            }
            _ => out.push(restated(&abs, issue.message())),
        }
    }

    fn render_top_union(&mut self, issue: IssueView<'a>, abs: Vec<&'a Value>, depth: usize, out: &mut Vec<Line>) {
        match self.plan_union(issue, &abs) {
            UnionPlan::Plain => {
                if self.arriving(&abs).is_absent() {
                    let options = issue.union_options();
                    let body = if options.is_empty() { raw(issue.message()) } else { missing_text(&options) };
                    out.push(provide_line(&abs, line_text(&abs, &body)));
                } else {
                    out.push(restated(&abs, issue.message()));
                }
            }
            UnionPlan::Merged { rel, values } => {
                let full: Vec<&'a Value> = abs.iter().copied().chain(rel).collect();
                if self.arriving(&full).is_absent() {
                    let text = line_text(&full, &missing_text(&values));
                    out.push(provide_line(&full, text));
                } else {
                    let text = line_text(&full, &invalid_option_text(&values));
                    out.push(Line { sentences: vec![Sentence::Restate(text.clone())], text });
                }
            }
            UnionPlan::Lift(branch) => {
                for inner in branch.issues.iter().take(MAX_RENDER_BRANCH_ISSUES) {
                    let view = IssueView::new(inner);
                    let rel = relative_path(&view, &abs, branch.absolute_paths);
                    let full = abs.iter().copied().chain(rel).take(MAX_PATH_SEGMENTS).collect();
                    self.render_top(view, full, depth + 1, out);
                }
            }
            UnionPlan::Multi(branches) => {
                let body = self.branches_text(&branches, &abs, depth + 1);
                let text = line_text(&abs, &body);
                if self.arriving(&abs).is_absent() {
                    out.push(provide_line(&abs, text));
                } else {
                    out.push(Line { sentences: vec![Sentence::Restate(text.clone())], text });
                }
            }
        }
    }

    /// Decides how a union renders:
    /// 1. a branch that only says the value is not the empty-string literal (the
    ///    `z.literal("")` "blank allowed" idiom) is dropped beside other branches —
    ///    sending `""` is never the fix worth naming;
    /// 2. once any branch fails below its root, every branch whose only issue is a
    ///    root type mismatch is dropped (one-or-many unions);
    /// 3. when every remaining branch fails on a literal at one path, that literal
    ///    renders once with every branch's value;
    /// 4. one branch left renders as the plain field; several render joined ` or `.
    fn plan_union(&mut self, issue: IssueView<'a>, abs: &[&'a Value]) -> UnionPlan<'a> {
        let mut branches = issue.branches();
        // Reading the branches costs what they hold: charge it, and fall back to
        // Zod's own message once the budget is gone.
        let cost: usize = branches.iter().map(|b| b.issues.len().min(MAX_RENDER_BRANCH_ISSUES)).sum();
        if branches.is_empty() || cost > self.work_left {
            return UnionPlan::Plain;
        }
        self.work_left -= cost;
        if branches.len() > 1 {
            let kept: Vec<Branch<'a>> = branches.iter().copied().filter(|b| !is_blank_literal_branch(b)).collect();
            if !kept.is_empty() {
                branches = kept;
            }
        }
        if branches.iter().any(|b| fails_below_root(b, abs)) {
            branches.retain(|b| !is_root_type_mismatch(b, abs));
        }
        if branches.len() >= 2 {
            if let Some((rel, values)) = common_literal(&branches, abs) {
                return UnionPlan::Merged { rel, values };
            }
        }
        match branches.as_slice() {
            [] => UnionPlan::Plain,
            [single] => UnionPlan::Lift(*single),
            _ => UnionPlan::Multi(branches),
        }
    }

    /// Several branches as one text: each branch's issues joined `; `, identical
    /// branch renderings once, branches joined ` or `.
    fn branches_text(&mut self, branches: &[Branch<'a>], union_abs: &[&'a Value], depth: usize) -> Piece {
        let mut rendered: Vec<Piece> = Vec::new();
        for branch in branches {
            let mut fragments = Vec::new();
            for inner in branch.issues.iter().take(MAX_RENDER_BRANCH_ISSUES) {
                self.branch_fragments(IssueView::new(inner), union_abs, branch.absolute_paths, &[], depth, &mut fragments);
            }
            let mut text = Capped::line();
            for (i, fragment) in fragments.iter().enumerate() {
                if i > 0 {
                    text.push_str("; ");
                }
                text.push_piece(fragment);
            }
            let piece = text.into_piece();
            if !rendered.contains(&piece) {
                rendered.push(piece);
            }
        }
        let mut out = Capped::line();
        for (i, piece) in rendered.iter().enumerate() {
            if i > 0 {
                out.push_str(" or ");
            }
            out.push_piece(piece);
        }
        out.into_piece()
    }

    /// The fragments one branch issue contributes, its path shown relative to the
    /// branch (`rel_prefix` carries the path of a union lifted inside the branch).
    /// Inside a branch Zod's messages stay as written.
    fn branch_fragments(
        &mut self,
        issue: IssueView<'a>,
        union_abs: &[&'a Value],
        absolute: bool,
        rel_prefix: &[&'a Value],
        depth: usize,
        out: &mut Vec<Piece>,
    ) {
        if !self.spend() {
            return;
        }
        let own = relative_path(&issue, union_abs, absolute);
        let rel: Vec<&'a Value> = rel_prefix.iter().copied().chain(own.iter().copied()).take(MAX_PATH_SEGMENTS).collect();
        let abs: Vec<&'a Value> = union_abs.iter().copied().chain(own).take(MAX_PATH_SEGMENTS).collect();
        if issue.kind() != IssueKind::Union || depth >= MAX_UNION_DEPTH {
            out.push(fragment(&rel, &raw(issue.message())));
            return;
        }
        match self.plan_union(issue, &abs) {
            UnionPlan::Plain => out.push(fragment(&rel, &raw(issue.message()))),
            UnionPlan::Merged { rel: sub, values } => {
                let full: Vec<&'a Value> = rel.iter().copied().chain(sub).collect();
                out.push(fragment(&full, &invalid_option_text(&values)));
            }
            UnionPlan::Lift(branch) => {
                for inner in branch.issues.iter().take(MAX_RENDER_BRANCH_ISSUES) {
                    self.branch_fragments(IssueView::new(inner), &abs, branch.absolute_paths, &rel, depth + 1, out);
                }
            }
            UnionPlan::Multi(branches) => {
                let body = self.branches_text(&branches, &abs, depth + 1);
                out.push(fragment(&rel, &body));
            }
        }
    }

    /// `Unknown key opts.b. opts accepts: a.` — alias collisions among root keys
    /// first, then the keys that are neither a field nor an alias.
    fn unknown_key_sentences(&mut self, issue: IssueView<'a>, abs: &[&'a Value]) -> Vec<Sentence> {
        let keys = issue.unrecognized_keys();
        let mut sentences = Vec::new();
        let mut collision_keys: Vec<&str> = Vec::new();
        if abs.is_empty() {
            for (i, collision) in self.collisions.iter().enumerate() {
                let hit = keys
                    .iter()
                    .take(MAX_KEY_SCAN)
                    .filter_map(Value::as_str)
                    .any(|k| collision.keys.iter().any(|c| c.as_str() == k) && k != collision.target);
                if hit {
                    if let Some(placed) = self.collision_placed.get_mut(i) {
                        *placed = true;
                    }
                    if let Some(s) = collision_sentence(collision) {
                        sentences.push(Sentence::Framework(s));
                    }
                    collision_keys.extend(collision.keys.iter().map(String::as_str));
                }
            }
        }
        let is_collision = |k: &Value| k.as_str().is_some_and(|k| collision_keys.contains(&k));
        let matched = keys.iter().take(MAX_KEY_SCAN).filter(|k| is_collision(k)).count();
        let remaining = keys.len() - matched;
        if remaining == 0 {
            return sentences;
        }
        let mut s = Capped::line();
        s.push_str(if remaining == 1 { "Unknown key " } else { "Unknown keys " });
        let mut first = true;
        for key in keys.iter().filter(|k| !is_collision(k)) {
            if s.is_full() {
                break;
            }
            if !first {
                s.push_str(", ");
            }
            first = false;
            if !abs.is_empty() {
                write_path(&mut s, abs);
                s.push_char('.');
            }
            write_key(&mut s, key);
        }
        s.push_char('.');
        if let Some(accepted) = self.schema.and_then(|schema| accepted_keys(schema, abs)) {
            if abs.is_empty() {
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
}

fn write_key(out: &mut Capped, key: &Value) {
    match key {
        Value::String(k) => out.push_str(k),
        Value::Number(n) => out.push_str(&js_number_string(*n)),
        other => out.push_str(&other.to_json()),
    }
}

/// `maxResults is an alias of pageSize; send one of them, not both.`
fn collision_sentence(collision: &AliasCollision) -> Option<String> {
    let aliases: Vec<&str> = collision
        .keys
        .iter()
        .filter(|k| **k != collision.target)
        .take(MAX_ENTRIES)
        .map(String::as_str)
        .collect();
    if aliases.is_empty() {
        return None;
    }
    let mut s = Capped::line();
    s.push_str(&join_and(&aliases));
    s.push_str(if aliases.len() == 1 { " is an alias of " } else { " are aliases of " });
    s.push_str(&collision.target);
    s.push_str(if collision.keys.len() <= 2 { "; send one of them, not both." } else { "; send only one of them." });
    Some(s.finish())
}

/// The sentences that close the hint: alias collisions no unknown-key sentence
/// named, then `Validated a as b.` per rewritten key and `Dropped undeclared key _x.`
/// per dropped key (first 10 of each), never for a key a collision names.
fn pre_validation_sentences(pre: &PreValidation, placed: &[bool]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, collision) in pre.collisions.iter().enumerate().take(MAX_ENTRIES) {
        if !placed.get(i).copied().unwrap_or(false) {
            out.extend(collision_sentence(collision));
        }
    }
    for alias in pre.aliased.iter().take(MAX_ENTRIES) {
        let mut s = Capped::line();
        s.push_str("Validated ");
        s.push_str(&alias.alias);
        s.push_str(" as ");
        s.push_str(&alias.target);
        s.push_char('.');
        out.push(s.finish());
    }
    let in_collision = |key: &str| pre.collisions.iter().any(|c| c.keys.iter().any(|k| k == key));
    for key in pre.ignored.iter().take(MAX_ENTRIES).filter(|k| !in_collision(k)) {
        let mut s = Capped::line();
        s.push_str("Dropped undeclared key ");
        s.push_str(key);
        s.push_char('.');
        out.push(s.finish());
    }
    out
}

fn raw(message: &str) -> Piece {
    let mut c = Capped::line();
    c.push_str(message);
    c.into_piece()
}

/// `path: body`, or `body` alone at the root, cut at the line cap with `…`.
fn line_text(path: &[&Value], body: &Piece) -> String {
    let mut out = Capped::line();
    if !path.is_empty() {
        write_path(&mut out, path);
        out.push_str(": ");
    }
    out.push_piece(body);
    out.finish()
}

/// A branch fragment: like a line, but kept as a piece for the enclosing line.
fn fragment(path: &[&Value], body: &Piece) -> Piece {
    let mut out = Capped::line();
    if !path.is_empty() {
        write_path(&mut out, path);
        out.push_str(": ");
    }
    out.push_piece(body);
    out.into_piece()
}

fn restated(path: &[&Value], message: &str) -> Line {
    let text = line_text(path, &raw(message));
    Line { sentences: vec![Sentence::Restate(text.clone())], text }
}

/// A line for a field the caller left out: hinted `Provide path.` (the root itself
/// cannot be provided, so it restates).
fn provide_line(path: &[&Value], text: String) -> Line {
    let sentence = if path.is_empty() { Sentence::Restate(text.clone()) } else { Sentence::Provide(path_string(path)) };
    Line { text, sentences: vec![sentence] }
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

/// Zod 4's wording for a value outside a literal or enum.
fn invalid_option_text(values: &[&Value]) -> Piece {
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

/// `Send x as a number, not a string.` — only when both the expected type and the
/// arriving one have a plain name and differ. At the root the subject is `the
/// arguments` (`Send the arguments as an object, not an array.`, or `Send the
/// arguments as an object.` when none were sent), as mcp-ts-core's hint writes it
/// (docs/reference-notes/mcp-ts-core.md, §3).
fn send_sentence(path: &[&Value], expected: Option<&str>, arriving: Arriving) -> Option<String> {
    let expected = expected?;
    if path.is_empty() && arriving == Arriving::Absent {
        return (expected == "object").then(|| "Send the arguments as an object.".to_owned());
    }
    let want = match expected {
        "string" => "a string",
        "number" => "a number",
        "int" => "an integer",
        "boolean" => "a boolean",
        "array" | "tuple" => "an array",
        "object" | "record" => "an object",
        "null" => "null",
        _ => return None,
    };
    let got = match arriving {
        Arriving::Absent => return None,
        Arriving::Null => "null",
        Arriving::Bool => "a boolean",
        Arriving::String => "a string",
        Arriving::Array => "an array",
        Arriving::Object => "an object",
        Arriving::Number(n) if expected == "int" => {
            // An integer past the safe range fails `int` too, but "fractional" would
            // be false: restate that one.
            if n.is_finite() && n.fract() != 0.0 {
                "a fractional number"
            } else {
                return None;
            }
        }
        Arriving::Number(_) => "a number",
    };
    if want == got {
        return None;
    }
    let mut s = Capped::line();
    s.push_str("Send ");
    if path.is_empty() {
        s.push_str("the arguments");
    } else {
        write_path(&mut s, path);
    }
    s.push_str(" as ");
    s.push_str(want);
    s.push_str(", not ");
    s.push_str(got);
    s.push_char('.');
    Some(s.finish())
}

fn is_blank_literal_branch(branch: &Branch<'_>) -> bool {
    match branch.issues {
        [only] => {
            let view = IssueView::new(only);
            view.kind() == IssueKind::InvalidValue && matches!(view.accepted_values().as_slice(), [Value::String(s)] if s.is_empty())
        }
        _ => false,
    }
}

fn fails_below_root(branch: &Branch<'_>, union_abs: &[&Value]) -> bool {
    branch
        .issues
        .iter()
        .take(MAX_RENDER_BRANCH_ISSUES)
        .any(|i| !relative_path(&IssueView::new(i), union_abs, branch.absolute_paths).is_empty())
}

fn is_root_type_mismatch(branch: &Branch<'_>, union_abs: &[&Value]) -> bool {
    match branch.issues {
        [only] => {
            let view = IssueView::new(only);
            view.kind() == IssueKind::InvalidType && relative_path(&view, union_abs, branch.absolute_paths).is_empty()
        }
        _ => false,
    }
}

/// The path and the values when every branch has a literal/enum miss at one path.
fn common_literal<'a>(branches: &[Branch<'a>], union_abs: &[&'a Value]) -> Option<(Vec<&'a Value>, Vec<&'a Value>)> {
    let literal_at = |branch: &Branch<'a>, want: Option<&[&'a Value]>| -> Option<(Vec<&'a Value>, Vec<&'a Value>)> {
        branch.issues.iter().take(MAX_RENDER_BRANCH_ISSUES).find_map(|i| {
            let view = IssueView::new(i);
            if view.kind() != IssueKind::InvalidValue {
                return None;
            }
            let rel = relative_path(&view, union_abs, branch.absolute_paths);
            match want {
                Some(path) if path != rel.as_slice() => None,
                _ => Some((rel, view.accepted_values())),
            }
        })
    };
    let first = branches.first()?;
    let (path, mut values) = literal_at(first, None)?;
    for branch in branches.iter().skip(1) {
        let (_, more) = literal_at(branch, Some(&path))?;
        for v in more {
            if !values.contains(&v) {
                values.push(v);
            }
        }
    }
    Some((path, values))
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
    fn a_literal_tag_missed_by_every_branch_renders_once() {
        let r = render(TAGGED, r#"{"t":{"kind":"c"}}"#, None, None);
        assert_eq!(r.lines, vec![r#"t.kind: Invalid option: expected one of "a"|"b""#]);
        assert_eq!(r.hint, r#"t.kind: Invalid option: expected one of "a"|"b""#);
        let r = render(TAGGED, r#"{"t":{}}"#, None, None);
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
        let issues = r#"[{"code":"unrecognized_keys","keys":["b"],"path":["items",1],"message":"Unrecognized key: \"b\""}]"#;
        let r = render(issues, r#"{"query":"x","items":[{"name":"a"},{"name":"b","b":1}]}"#, Some(schema), None);
        assert_eq!(r.lines, vec![r#"items.1: Unrecognized key: "b""#]);
        assert_eq!(r.hint, "Unknown key items.1.b. items.1 accepts: name.");
    }

    #[test]
    fn zod3_issues_render_like_zod4() {
        let issues = r#"[{"code":"invalid_type","expected":"string","received":"undefined","path":["q"],"message":"Required"},{"code":"invalid_literal","expected":"fixed","path":["k"],"message":"Invalid literal value, expected \"fixed\""},{"code":"invalid_type","expected":"integer","received":"float","message":"Expected integer, received float","path":["rows"]},{"code":"unrecognized_keys","keys":["extra"],"path":[],"message":"Unrecognized key(s) in object: 'extra'"}]"#;
        let r = render(issues, r#"{"rows":1.5,"extra":1}"#, Some(r#"{"type":"object","properties":{"q":{},"k":{},"rows":{}}}"#), None);
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
        assert_eq!(r.lines, vec![r#"u.mode: Missing required field. Expected one of "a"|"b""#]);
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
            collisions: vec![AliasCollision { target: "pageSize".into(), keys: vec!["pageSize".into(), "maxResults".into()] }],
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
        let e = format_validation(v(&issues).as_array().unwrap(), &ValidationOptions { tool: "t", ..Default::default() });
        let data = e.data.unwrap();
        let issue = data.get("issues").and_then(|i| i.as_array()).and_then(|i| i.first()).unwrap();
        assert_eq!(issue.get("messageLength"), Some(&Value::Number(3000.0)));
    }

    #[test]
    fn duplicate_lines_and_sentences_appear_once() {
        let issue = r#"{"expected":"number","code":"invalid_type","path":["n"],"message":"Invalid input: expected number, received string"}"#;
        let r = render(&format!("[{issue},{issue}]"), r#"{"n":"x"}"#, None, None);
        assert_eq!(r.lines.len(), 1);
        assert_eq!(r.hint, "Send n as a number, not a string.");
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
        let started = std::time::Instant::now();
        let e = format_validation(&issues, &ValidationOptions { tool: "t", args: Some(&args), schema: None, input: None });
        println!("hostile rejection: {:?}", started.elapsed());
        let data = e.data.unwrap();
        assert_eq!(data.get("issuesCount"), Some(&Value::Number(200_002.0)));
        assert!(super::super::text::js_len(&e.message) < 4 * 1024);
        // Milliseconds in a debug build; the bound is loose for slow machines.
        assert!(started.elapsed().as_millis() < 1000, "took {:?}", started.elapsed());
    }

    #[test]
    fn no_issue_still_says_something() {
        let r = render("[]", "{}", None, None);
        assert_eq!(r.detail(), "Invalid input");
        assert_eq!(r.hint, "Invalid input");
    }
}
