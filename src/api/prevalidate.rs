//! Pre-validation for Rust servers (the npm `prevalidate`): mcp-ts-core's key stages
//! before the parse and, with a validator, the value repairs after a rejection and the
//! alias-first retry. Every decision is the core's (`crate::prevalidate`), taken from
//! the same bounded copies the npm package hands it; this module only moves the
//! caller's values as the core answers (positions and paths), in the npm package's
//! order, so for the same input it returns the same arguments, report and issues.

use super::copy::{array_index, copied, Copier, SegmentSet};
use super::depth::shallow;
use super::issue::Issue;
use crate::js_constants::{CopyPolicy, COPY_ARGS, COPY_AUTHORED, COPY_OTHER_ISSUE};
use crate::prevalidate::held::held;
use crate::prevalidate::repair::MAX_REPAIRS;
use crate::prevalidate::{attempts, candidates, Attempt, KeyOptions, Plan, Repair, SentKey, Step, MAX_ROOT_KEYS};
use crate::sizes::TrueSizes;
use crate::value::Value;
use std::borrow::Cow;
use std::collections::HashMap;

/// How the npm package copies the root keys (`KEYS`: a list of strings, each at most
/// 2,048 units).
const KEYS: CopyPolicy = CopyPolicy { depth: 2, entries: MAX_ROOT_KEYS, ..COPY_OTHER_ISSUE };

/// Pre-validation's options, as the npm `prevalidate`'s `options` sets them: declared
/// `aliases`, a server's own `ignoreKeys` (or `ignoreKeys: false`), `coerce` and
/// `caseStyleAliases`. The default drops the built-in client keys (`_meta`,
/// `tool_call_description`, `toolCallId`) and undeclared `_`-prefixed keys, moves other
/// case styles of a declared key, and repairs values.
///
/// ```
/// use mcp_envelope::PrevalidateOptions;
///
/// let options = PrevalidateOptions::new().alias("q", "query").ignore_keys(["trace_id"]).coerce(false);
/// assert_eq!(options, PrevalidateOptions::new().coerce(false).ignore_keys(["trace_id"]).alias("q", "query"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrevalidateOptions {
    aliases: Vec<(String, String)>,
    ignore_keys: Vec<String>,
    ignore_off: bool,
    coerce: bool,
    case_style_aliases: bool,
}

impl Default for PrevalidateOptions {
    /// The same as [`PrevalidateOptions::new`].
    ///
    /// ```
    /// use mcp_envelope::PrevalidateOptions;
    ///
    /// assert_eq!(PrevalidateOptions::default(), PrevalidateOptions::new());
    /// ```
    fn default() -> Self {
        PrevalidateOptions::new()
    }
}

impl PrevalidateOptions {
    /// The npm defaults (no `options`): built-in ignore list, case styles on, repairs on.
    ///
    /// ```
    /// use mcp_envelope::{prevalidate, PrevalidateOptions, Value};
    ///
    /// let schema = Value::parse_json(r#"{"type":"object","properties":{"maxResults":{"type":"number"}},"additionalProperties":false}"#).unwrap();
    /// let args = Value::parse_json(r#"{"max_results":5,"_meta":{}}"#).unwrap();
    /// let out = prevalidate(&args, &schema, &PrevalidateOptions::new());
    /// assert_eq!(out.args.to_json(), r#"{"maxResults":5}"#);
    /// ```
    pub fn new() -> PrevalidateOptions {
        PrevalidateOptions {
            aliases: Vec::new(),
            ignore_keys: Vec::new(),
            ignore_off: false,
            coerce: true,
            case_style_aliases: true,
        }
    }

    /// Declares `alias` as another name of the declared key `target` (the npm
    /// `aliases: { [alias]: target }`; declaring an alias again replaces its target).
    ///
    /// ```
    /// use mcp_envelope::{prevalidate, PrevalidateOptions, Value};
    ///
    /// let schema = Value::parse_json(r#"{"type":"object","properties":{"query":{"type":"string"}}}"#).unwrap();
    /// let args = Value::parse_json(r#"{"q":"lamps"}"#).unwrap();
    /// let out = prevalidate(&args, &schema, &PrevalidateOptions::new().alias("q", "query"));
    /// assert_eq!(out.args.to_json(), r#"{"query":"lamps"}"#);
    /// assert_eq!(out.report.to_json(), r#"{"aliased":[{"alias":"q","target":"query"}],"ignored":[]}"#);
    /// ```
    pub fn alias(mut self, alias: impl Into<String>, target: impl Into<String>) -> PrevalidateOptions {
        self.aliases.push((alias.into(), target.into()));
        self
    }

    /// Root keys to drop whenever the schema does not declare them, beside the built-in
    /// ones (the npm `ignoreKeys: [...]`); turns the drop stage back on.
    ///
    /// ```
    /// use mcp_envelope::{prevalidate, PrevalidateOptions, Value};
    ///
    /// let schema = Value::parse_json(r#"{"type":"object","properties":{"query":{"type":"string"}}}"#).unwrap();
    /// let args = Value::parse_json(r#"{"query":"x","trace":1}"#).unwrap();
    /// let out = prevalidate(&args, &schema, &PrevalidateOptions::new().ignore_keys(["trace"]));
    /// assert_eq!(out.args.to_json(), r#"{"query":"x"}"#);
    /// ```
    pub fn ignore_keys<S: Into<String>>(mut self, keys: impl IntoIterator<Item = S>) -> PrevalidateOptions {
        self.ignore_keys.extend(keys.into_iter().map(Into::into));
        self.ignore_off = false;
        self
    }

    /// Turns the drop stage off, the underscore rule with it (the npm `ignoreKeys: false`).
    ///
    /// ```
    /// use mcp_envelope::{prevalidate, PrevalidateOptions, Value};
    ///
    /// let schema = Value::parse_json(r#"{"type":"object","properties":{"query":{"type":"string"}}}"#).unwrap();
    /// let args = Value::parse_json(r#"{"query":"x","_meta":{}}"#).unwrap();
    /// let out = prevalidate(&args, &schema, &PrevalidateOptions::new().ignore_keys_off());
    /// assert_eq!(out.args.to_json(), r#"{"query":"x","_meta":{}}"#);
    /// ```
    pub fn ignore_keys_off(mut self) -> PrevalidateOptions {
        self.ignore_keys.clear();
        self.ignore_off = true;
        self
    }

    /// Whether values are repaired after a rejection (the npm `coerce`, default `true`).
    ///
    /// ```
    /// use mcp_envelope::{prevalidate_with, Issue, PrevalidateOptions, Value};
    ///
    /// let schema = Value::parse_json(r#"{"type":"object","properties":{"n":{"type":"number"}}}"#).unwrap();
    /// let args = Value::parse_json(r#"{"n":"5"}"#).unwrap();
    /// let validate = |a: &Value| match a.get("n") {
    ///     Some(Value::Number(_)) => Vec::new(),
    ///     _ => vec![Issue::invalid_type("number", "string").at(["n"])],
    /// };
    /// let out = prevalidate_with(&args, &schema, &PrevalidateOptions::new().coerce(false), validate);
    /// assert!(out.issues.is_some());
    /// ```
    pub fn coerce(mut self, on: bool) -> PrevalidateOptions {
        self.coerce = on;
        self
    }

    /// Whether another case style of a declared key (`max_results`, `Max-Results` for
    /// `maxResults`) is moved to it (the npm `caseStyleAliases`, default `true`).
    ///
    /// ```
    /// use mcp_envelope::{prevalidate, PrevalidateOptions, Value};
    ///
    /// let schema = Value::parse_json(r#"{"type":"object","properties":{"maxResults":{"type":"number"}}}"#).unwrap();
    /// let args = Value::parse_json(r#"{"max_results":5}"#).unwrap();
    /// let out = prevalidate(&args, &schema, &PrevalidateOptions::new().case_style_aliases(false));
    /// assert_eq!(out.args.to_json(), r#"{"max_results":5}"#);
    /// ```
    pub fn case_style_aliases(mut self, on: bool) -> PrevalidateOptions {
        self.case_style_aliases = on;
        self
    }
}

/// What pre-validation answers (the npm `{ args, report, issues? }`): the arguments to
/// hand on, what the key stages changed (`{ aliased, ignored, collisions? }`, the form
/// [`Validation::input`](crate::Validation::input) takes) and, when a validator still
/// rejected them, its issues.
///
/// ```
/// use mcp_envelope::{prevalidate, PrevalidateOptions, Value};
///
/// let schema = Value::parse_json(r#"{"type":"object","properties":{"query":{"type":"string"}}}"#).unwrap();
/// let out = prevalidate(&Value::parse_json(r#"{"Query":"x"}"#).unwrap(), &schema, &PrevalidateOptions::new());
/// assert_eq!(out.args.to_json(), r#"{"query":"x"}"#);
/// assert!(out.issues.is_none());
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Prevalidated {
    /// The arguments: after the key stages and, with a validator, the repairs it accepted
    /// (or, still rejected, the ones that held).
    pub args: Value<'static>,
    /// `{ aliased: [{ alias, target }], ignored: [key], collisions?: [{ target, keys }] }`:
    /// what the key stages changed; empty lists when the validator accepted.
    pub report: Value<'static>,
    /// The validator's issues for `args` when it rejected them; `None` otherwise.
    pub issues: Option<Vec<Issue>>,
}

impl Prevalidated {
    /// `{ args, report }`, or `{ args, issues, report }` when rejected: the npm result's
    /// JSON, keys in its order.
    ///
    /// ```
    /// use mcp_envelope::{prevalidate, PrevalidateOptions, Value};
    ///
    /// let schema = Value::parse_json(r#"{"type":"object","properties":{"a":{}}}"#).unwrap();
    /// let out = prevalidate(&Value::parse_json(r#"{"a":1}"#).unwrap(), &schema, &PrevalidateOptions::new());
    /// assert_eq!(out.to_json(), r#"{"args":{"a":1},"report":{"aliased":[],"ignored":[]}}"#);
    /// ```
    pub fn to_json(&self) -> String {
        let mut fields = vec![(Cow::Borrowed("args"), self.args.clone())];
        if let Some(issues) = &self.issues {
            fields.push((Cow::Borrowed("issues"), Value::Array(issues.iter().map(|i| i.as_value().clone()).collect())));
        }
        fields.push((Cow::Borrowed("report"), self.report.clone()));
        Value::Object(fields).to_json()
    }
}

/// The key stages alone (the npm `prevalidate` without `validate`): client-added root
/// keys dropped (an undeclared `_`-prefixed key reported in `ignored`), then a declared
/// alias or another case style of a declared key moved to that key (never beside the
/// key itself: that is a collision, reported). `input_schema` is the tool's input JSON
/// Schema; one that declares no object root (or leaves it open) changes nothing. A
/// call with more than 1,024 root keys is left as sent.
///
/// ```
/// use mcp_envelope::{prevalidate, PrevalidateOptions, Value};
///
/// let schema = Value::parse_json(
///     r#"{"type":"object","properties":{"query":{"type":"string"},"maxResults":{"type":"number"}},"additionalProperties":false}"#,
/// ).unwrap();
/// let args = Value::parse_json(r#"{"q":"lamps","max_results":5,"_meta":{},"_trace":1}"#).unwrap();
/// let out = prevalidate(&args, &schema, &PrevalidateOptions::new().alias("q", "query"));
/// assert_eq!(out.args.to_json(), r#"{"query":"lamps","maxResults":5}"#);
/// assert_eq!(
///     out.report.to_json(),
///     r#"{"aliased":[{"alias":"q","target":"query"},{"alias":"max_results","target":"maxResults"}],"ignored":["_trace"]}"#
/// );
/// ```
pub fn prevalidate(args: &Value<'_>, input_schema: &Value<'_>, options: &PrevalidateOptions) -> Prevalidated {
    let args = shallow_args(args);
    let prepared = Prepared::of(input_schema, options);
    let plan = Plan::of(&prepared.schema);
    let first = prepared.key_stages(&args, &plan).0;
    Prevalidated { args: first.args, report: first.report, issues: None }
}

/// The whole step around a validator (the npm `prevalidate` with `validate`): the key
/// stages, the parse, and only after a rejection the value repairs — a stringified list
/// or object, a safe integer for a string, `"15"` or `"true"` where only a number or
/// boolean is taken, a lone string for a list, `null` for an optional field (deleted) —
/// each kept only when `validate` then accepts the arguments; then, when a key was
/// dropped, the key stages alias-first once more. `validate` answers the issues of the
/// arguments it is given (none: accepted). A call still rejected has `issues`, with
/// the arguments they describe (the repairs that held written) and the report of the
/// attempt they came from.
///
/// ```
/// use mcp_envelope::{prevalidate_with, Issue, PrevalidateOptions, Value};
///
/// let schema = Value::parse_json(r#"{"type":"object","properties":{"tags":{"type":"array"}}}"#).unwrap();
/// let validate = |a: &Value| match a.get("tags") {
///     None | Some(Value::Array(_)) => Vec::new(),
///     Some(_) => vec![Issue::invalid_type("array", "string").at(["tags"])],
/// };
/// let args = Value::parse_json(r#"{"tags":"[\"red\"]"}"#).unwrap();
/// let out = prevalidate_with(&args, &schema, &PrevalidateOptions::new(), validate);
/// assert_eq!(out.args.to_json(), r#"{"tags":["red"]}"#);
/// assert!(out.issues.is_none());
/// ```
pub fn prevalidate_with<F>(
    args: &Value<'_>,
    input_schema: &Value<'_>,
    options: &PrevalidateOptions,
    mut validate: F,
) -> Prevalidated
where
    F: FnMut(&Value<'static>) -> Vec<Issue>,
{
    let args = shallow_args(args);
    let prepared = Prepared::of(input_schema, options);
    let plan = Plan::of(&prepared.schema);
    let accepted = |args| Prevalidated { args, report: empty_report(), issues: None };
    let (first, retry) = prepared.key_stages(&args, &plan);
    let issues = validate(&first.args);
    if issues.is_empty() {
        return accepted(first.args);
    }
    let mut failed = match prepared.repair_attempt(first.args, issues, &mut validate) {
        Verdict::Accepted(args) => return accepted(args),
        Verdict::Rejected(args, issues) => (args, issues),
    };
    let mut report = first.report;
    if let Some(retry) = retry {
        let again = validate(&retry.args);
        if again.is_empty() {
            return accepted(retry.args);
        }
        match prepared.repair_attempt(retry.args, again, &mut validate) {
            Verdict::Accepted(args) => return accepted(args),
            Verdict::Rejected(args, issues) => failed = (args, issues),
        }
        report = retry.report;
    }
    Prevalidated { args: failed.0, report, issues: Some(failed.1) }
}

/// The arguments within the API's depth, owned.
fn shallow_args(args: &Value<'_>) -> Value<'static> {
    shallow(args).into_owned().into_owned()
}

/// `{ aliased: [], ignored: [] }`.
fn empty_report() -> Value<'static> {
    Value::object([("aliased", Value::Array(Vec::new())), ("ignored", Value::Array(Vec::new()))])
}

/// The validator's answer for one set of arguments.
enum Verdict {
    Accepted(Value<'static>),
    Rejected(Value<'static>, Vec<Issue>),
}

/// One ordering of the key stages, applied.
struct KeyAttempt {
    args: Value<'static>,
    report: Value<'static>,
}

/// The options and schema as the npm package copies them before the core reads them.
struct Prepared {
    schema: Value<'static>,
    aliases: Option<Value<'static>>,
    ignore_keys: Option<Value<'static>>,
    ignore_off: bool,
    case_style: bool,
    coerce: bool,
}

/// An object as JS builds it by assigning `fields` in order: a key assigned again keeps
/// its place and takes the new value; array-index keys come first, ascending (the order
/// `Object.keys` and `JSON.stringify` give).
fn js_object(fields: Vec<(Cow<'static, str>, Value<'static>)>) -> Value<'static> {
    let mut out: Vec<(Cow<'static, str>, Value<'static>)> = Vec::with_capacity(fields.len());
    let mut at: HashMap<Cow<'static, str>, usize> = HashMap::new();
    for (key, value) in fields {
        match at.get(&key).and_then(|i| out.get_mut(*i)) {
            Some(slot) => slot.1 = value,
            None => {
                at.insert(key.clone(), out.len());
                out.push((key, value));
            }
        }
    }
    if out.iter().any(|(k, _)| array_index(k).is_some()) {
        let (mut indices, rest): (Vec<_>, Vec<_>) = out.into_iter().partition(|(k, _)| array_index(k).is_some());
        indices.sort_by_key(|(k, _)| array_index(k));
        indices.extend(rest);
        out = indices;
    }
    Value::Object(out)
}

impl Prepared {
    fn of(schema: &Value<'_>, options: &PrevalidateOptions) -> Prepared {
        let schema = copied(&shallow(schema), COPY_AUTHORED);
        let aliases = (!options.aliases.is_empty()).then(|| {
            let fields = options.aliases.iter().map(|(a, t)| (Cow::Owned(a.clone()), Value::str(t.as_str())));
            copied(&js_object(fields.collect()), COPY_AUTHORED)
        });
        let ignore_keys = (!options.ignore_off).then(|| {
            let list = Value::Array(options.ignore_keys.iter().map(|k| Value::str(k.as_str())).collect());
            copied(&list, COPY_AUTHORED)
        });
        Prepared {
            schema,
            aliases,
            ignore_keys,
            ignore_off: options.ignore_off,
            case_style: options.case_style_aliases,
            coerce: options.coerce,
        }
    }

    /// The key stages over `args`: the drop-first attempt, and the alias-first retry when
    /// the core offers one (`lib/prevalidate.js`'s `keyStages`).
    fn key_stages(&self, args: &Value<'static>, plan: &Plan<'_>) -> (KeyAttempt, Option<KeyAttempt>) {
        let untouched = || (KeyAttempt { args: args.clone(), report: empty_report() }, None);
        let has_aliases = self.aliases.as_ref().and_then(Value::as_object).is_some_and(|a| !a.is_empty());
        let Some(fields) = args.as_object() else { return untouched() };
        if plan.inert(self.ignore_off, has_aliases, self.case_style) || fields.len() > MAX_ROOT_KEYS {
            return untouched();
        }
        if let [one] = plan.variants.as_slice() {
            if fields.iter().all(|(k, _)| one.keys.contains(&k.as_ref())) {
                return untouched();
            }
        }
        let tag = plan.discriminator.and_then(|name| {
            let (_, value) = fields.iter().find(|(k, _)| k == name)?;
            Some(copied(value, COPY_AUTHORED))
        });
        let mut copier = Copier::new(KEYS).with_sizes();
        let keys = copier.copy(&Value::Array(fields.iter().map(|(k, _)| Value::String(k.clone())).collect()));
        // Each record: size, kind, depth (1), the key's position.
        let cut: Vec<u32> = copier.sizes().chunks(4).filter_map(|r| r.get(3).copied()).collect();
        let sent = SentKey::list(&keys, &cut);
        let options =
            KeyOptions::read(self.aliases.as_ref(), self.ignore_keys.as_ref(), self.ignore_off, self.case_style);
        let (first, retry) = attempts(plan, &sent, tag.as_ref(), &options);
        (applied(args, fields, &first), retry.map(|r| applied(args, fields, &r)))
    }

    /// Repairs one attempt's arguments, which `validate` rejected with `issues`, and
    /// validates again (`lib/prevalidate.js`'s `repairAttempt`): the as-sent repair, then
    /// the full one, then the full one without the as-sent repairs it added; the first
    /// accepted wins. Otherwise the rejection: the re-parse when every repair held, the
    /// first parse when none did, else a parse with only the held repairs (the first
    /// parse again when that one validates).
    fn repair_attempt(
        &self,
        args: Value<'static>,
        issues: Vec<Issue>,
        validate: &mut dyn FnMut(&Value<'static>) -> Vec<Issue>,
    ) -> Verdict {
        if !self.coerce {
            return Verdict::Rejected(args, issues);
        }
        let c = self.candidates(&args, &issues);
        let mut original: Option<Vec<Issue>> = None;
        if !c.as_sent.is_empty() {
            if let Some(repaired) = apply_edits(&args, &c.as_sent) {
                let verdict = validate(&repaired);
                if verdict.is_empty() {
                    return Verdict::Accepted(repaired);
                }
                original = Some(verdict);
            }
        }
        if c.full.is_empty() {
            return Verdict::Rejected(args, issues);
        }
        let Some(full_args) = apply_edits(&args, &c.full) else { return Verdict::Rejected(args, issues) };
        let retried = match original {
            Some(original) if c.full_is_as_sent => original,
            _ => validate(&full_args),
        };
        if retried.is_empty() {
            return Verdict::Accepted(full_args);
        }
        if !c.unaided.is_empty() {
            if let Some(unaided) = apply_edits(&args, &c.unaided) {
                if validate(&unaided).is_empty() {
                    return Verdict::Accepted(unaided);
                }
            }
        }
        let paths: Vec<Vec<Step>> = c.full.iter().take(MAX_REPAIRS).map(|r| r.path.clone()).collect();
        let (again, _) = repair_issues(&retried, false);
        let read = crate::source::normalise(&again, None);
        let kept = held(&paths, &read.issues);
        if kept.len() == c.full.len() {
            return Verdict::Rejected(full_args, retried);
        }
        if kept.is_empty() {
            return Verdict::Rejected(args, issues);
        }
        let edits: Vec<Repair> = kept.iter().filter_map(|i| c.full.get(*i).cloned()).collect();
        let Some(reported) = apply_edits(&args, &edits) else { return Verdict::Rejected(args, issues) };
        let verdict = validate(&reported);
        if verdict.is_empty() {
            Verdict::Rejected(args, issues)
        } else {
            Verdict::Rejected(reported, verdict)
        }
    }

    /// The core's candidates for arguments rejected with `issues`, from the copies the
    /// npm package makes: the issues, then the arguments pruned to what their paths reach.
    fn candidates(&self, args: &Value<'_>, issues: &[Issue]) -> crate::prevalidate::Candidates {
        let (values, only) = repair_issues(issues, true);
        let mut copier = Copier::new(COPY_ARGS).with_sizes().only(only.as_ref());
        let copy = copier.copy(args);
        let sizes = TrueSizes::locate(&copy, copier.sizes());
        let read = crate::source::normalise(&values, Some(&copy));
        candidates(&copy, &sizes, &read.issues, Some(&self.schema))
    }
}

/// The issues as the repairs read them: the first [`MAX_REPAIRS`], each copied as the
/// npm package copies a rejection's other issues, and (with `collect`) the segment set
/// their paths allow.
fn repair_issues(issues: &[Issue], collect: bool) -> (Vec<Value<'static>>, Option<SegmentSet>) {
    let copier = Copier::new(COPY_OTHER_ISSUE);
    let mut copier = if collect { copier.with_seen() } else { copier };
    let values = issues.iter().take(MAX_REPAIRS).map(|i| copier.copy(i.as_value())).collect();
    let only = if collect { copier.segment_set() } else { None };
    (values, only)
}

/// One attempt of the key stages applied to the caller's arguments (`applied` in
/// `lib/prevalidate.js`): the values moved under their new names, the report by name.
fn applied(args: &Value<'static>, fields: &[(Cow<'static, str>, Value<'static>)], attempt: &Attempt<'_>) -> KeyAttempt {
    let key = |i: usize| fields.get(i).map(|(k, _)| Value::String(k.clone())).unwrap_or(Value::Null);
    let args = match &attempt.entries {
        None => args.clone(),
        Some(entries) => js_object(
            entries
                .iter()
                .filter_map(|(i, name)| {
                    let (sent, value) = fields.get(*i)?;
                    Some((name.map_or_else(|| sent.clone(), |n| Cow::Owned(n.to_owned())), value.clone()))
                })
                .collect(),
        ),
    };
    let aliased = attempt
        .aliased
        .iter()
        .map(|(i, target)| Value::Object(vec![("alias".into(), key(*i)), ("target".into(), Value::str(*target))]))
        .collect();
    let mut report = vec![
        (Cow::Borrowed("aliased"), Value::Array(aliased)),
        (Cow::Borrowed("ignored"), Value::Array(attempt.ignored.iter().map(|i| key(*i)).collect())),
    ];
    if !attempt.collisions.is_empty() {
        let collisions = attempt
            .collisions
            .iter()
            .map(|(target, at)| {
                Value::Object(vec![
                    ("target".into(), Value::str(*target)),
                    ("keys".into(), Value::Array(at.iter().map(|i| key(*i)).collect())),
                ])
            })
            .collect();
        report.push((Cow::Borrowed("collisions"), Value::Array(collisions)));
    }
    KeyAttempt { args, report: Value::Object(report) }
}

/// The edits on one path, as a tree: an edit where one ends, children below.
#[derive(Default)]
struct Node<'e> {
    edit: Option<&'e Repair>,
    children: HashMap<&'e Step, Node<'e>>,
    /// The children's steps in the order first named (a deterministic walk).
    order: Vec<&'e Step>,
}

/// `args` with `edits` written (`applyEdits` in `lib/prevalidate.js`): each container on
/// an edited path rebuilt, every other value as sent; `None` when a path no longer holds
/// what the core saw, a container has more entries than the copy reads, or an edit
/// deletes what is no object's key.
fn apply_edits(args: &Value<'static>, edits: &[Repair]) -> Option<Value<'static>> {
    let mut root = Node::default();
    for edit in edits {
        let mut node = &mut root;
        for step in &edit.path {
            if !node.children.contains_key(step) {
                node.order.push(step);
            }
            node = node.children.entry(step).or_default();
        }
        if node.edit.is_none() {
            node.edit = Some(edit);
        }
    }
    write(args, &root)
}

fn write(value: &Value<'static>, node: &Node<'_>) -> Option<Value<'static>> {
    if let Some(edit) = node.edit {
        // A deletion is written by its object (below); anywhere else it has no form.
        return edit.value.clone();
    }
    if node.children.is_empty() {
        return Some(value.clone());
    }
    match value {
        Value::Array(items) => {
            if items.len() > COPY_ARGS.entries
                || node.order.iter().any(|s| !matches!(s, Step::Index(i) if *i < items.len()))
            {
                return None;
            }
            let mut copy = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                copy.push(match node.children.get(&Step::Index(i)) {
                    None => item.clone(),
                    Some(child) => write(item, child)?,
                });
            }
            Some(Value::Array(copy))
        }
        Value::Object(fields) => {
            if fields.len() > COPY_ARGS.entries {
                return None;
            }
            let mut copy = Vec::with_capacity(fields.len());
            let mut found = 0usize;
            for (key, item) in fields {
                let Some(child) = node.children.get(&Step::Key(key.to_string())) else {
                    copy.push((key.clone(), item.clone()));
                    continue;
                };
                found += 1;
                // A repair without a value deletes its key (null sent for an optional field).
                if child.edit.is_some_and(|e| e.value.is_none()) {
                    continue;
                }
                copy.push((key.clone(), write(item, child)?));
            }
            (found == node.children.len()).then_some(Value::Object(copy))
        }
        _ => None,
    }
}
