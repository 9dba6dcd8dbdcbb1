//! The two key stages mcp-ts-core runs before the parse (`inputPrevalidation.ts`):
//! drop the root keys a client added (the ignore list, and undeclared keys starting with
//! `_`), and rewrite a declared alias or another case style of a declared key to that
//! key. The first attempt drops, then rewrites; when its parse fails and it dropped a
//! key, a second attempt rewrites first ([`Order::AliasFirst`]), so a dropped `_q` that
//! a declared alias names reaches its target.
//!
//! The stages see only the keys the caller sent (and the discriminator's value), and
//! answer by position: the caller's own values are moved, never copied. A key the copy
//! cut is never equal to a declared key, an alias or an ignore-list entry; it can still
//! start with `_`.

use super::plan::{fold_key, Plan, Variant};
use crate::value::Value;

/// What a client adds to `arguments` that the model never wrote.
pub const BUILT_IN_IGNORED: [&str; 3] = ["_meta", "tool_call_description", "toolCallId"];
/// Root keys the stages read at most: with more, the arguments are left as sent.
pub const MAX_ROOT_KEYS: usize = 1024;
/// Declared aliases read at most.
pub const MAX_ALIASES: usize = 1024;

/// One root key the caller sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SentKey<'a> {
    pub text: &'a str,
    /// The copy cut it: its text is a prefix.
    pub cut: bool,
}

impl<'a> SentKey<'a> {
    /// The keys of a bounded copy of the key list (`keys`, an array of strings) whose
    /// positions in `cut` the copy cut; an entry that is no string is a cut key too.
    #[inline]
    pub fn list(keys: &'a Value<'_>, cut: &[u32]) -> Vec<SentKey<'a>> {
        keys.as_array()
            .unwrap_or_default()
            .iter()
            .enumerate()
            .map(|(i, k)| SentKey {
                text: k.as_str().unwrap_or_default(),
                cut: !matches!(k, Value::String(_)) || u32::try_from(i).is_ok_and(|i| cut.contains(&i)),
            })
            .collect()
    }
}

/// The step's switches (mcp-ts-core's `InputHandlingOptions` and `inputAliases`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyOptions<'a> {
    /// Declared aliases, `alias → target`, in the order given.
    pub aliases: Vec<(&'a str, &'a str)>,
    /// Keys dropped whenever undeclared; `None` turns the drop stage off.
    pub ignore: Option<Vec<&'a str>>,
    /// Rewrite another case style of a declared key.
    pub case_style: bool,
}

impl<'a> KeyOptions<'a> {
    /// The built-in ignore list, no aliases, case styles on.
    pub fn defaults() -> KeyOptions<'a> {
        KeyOptions { aliases: Vec::new(), ignore: Some(BUILT_IN_IGNORED.to_vec()), case_style: true }
    }

    /// The options as a server wrote them: `aliases` an object of alias → target (a
    /// target that is no string is ignored), `ignore_keys` a list of keys added to the
    /// built-in ones (entries that are no strings ignored), the drop stage off with
    /// `ignore_off`.
    pub fn read(
        aliases: Option<&'a Value<'_>>,
        ignore_keys: Option<&'a Value<'_>>,
        ignore_off: bool,
        case_style: bool,
    ) -> KeyOptions<'a> {
        let aliases = aliases
            .and_then(Value::as_object)
            .unwrap_or_default()
            .iter()
            .filter_map(|(alias, target)| Some((alias.as_ref(), target.as_str()?)))
            .collect();
        let ignore = (!ignore_off).then(|| {
            let own = ignore_keys.and_then(Value::as_array).unwrap_or_default().iter().filter_map(Value::as_str);
            BUILT_IN_IGNORED.iter().copied().chain(own).collect()
        });
        KeyOptions { aliases, ignore, case_style }
    }
}

/// Which stage runs first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    DropFirst,
    AliasFirst,
}

/// One ordering of the stages: the keys the parse gets and what changed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Attempt<'a> {
    /// The keys after the stages, in order: the position of the key sent, and its new
    /// name when rewritten. `None`: nothing changed (the caller's own object is parsed).
    pub entries: Option<Vec<(usize, Option<&'a str>)>>,
    /// Some key was dropped (ignore list or underscore rule).
    pub dropped_any: bool,
    /// Rewrites, in argument order: the alias's position and its target.
    pub aliased: Vec<(usize, &'a str)>,
    /// Underscore-rule drops, in argument order (never an ignore-list drop).
    pub ignored: Vec<usize>,
    /// Aliases sent beside their target: the target, and every key sent for it, in
    /// argument order (positions).
    pub collisions: Vec<(&'a str, Vec<usize>)>,
}

/// The keys being worked on: each the position of the key sent and its name now.
struct Current<'a, 'k> {
    entries: Vec<(usize, &'a str)>,
    sent: &'k [SentKey<'a>],
}

impl<'a> Current<'a, '_> {
    fn cut(&self, at: usize) -> bool {
        self.sent.get(at).is_some_and(|k| k.cut)
    }

    /// The position (in `entries`) of the live key named `name`.
    fn find(&self, name: &str) -> Option<usize> {
        self.entries.iter().position(|(at, n)| *n == name && !self.cut(*at))
    }

    fn has(&self, name: &str) -> bool {
        self.find(name).is_some()
    }
}

/// The first attempt (drop, then rewrite), and the alias-first retry when the first
/// dropped a key and the retry hands the parse other arguments.
pub fn attempts<'a>(
    plan: &Plan<'a>,
    sent: &[SentKey<'a>],
    tag: Option<&Value>,
    options: &KeyOptions<'a>,
) -> (Attempt<'a>, Option<Attempt<'a>>) {
    let first = run(plan, sent, tag, options, Order::DropFirst);
    if !first.dropped_any {
        return (first, None);
    }
    let retry = run(plan, sent, tag, options, Order::AliasFirst);
    if same_entries(&first, &retry, sent.len()) {
        return (first, None);
    }
    (first, Some(retry))
}

/// Whether two attempts hand the parse the same keys holding the same values.
fn same_entries<'a>(a: &Attempt<'a>, b: &Attempt<'a>, sent: usize) -> bool {
    let whole = |x: &Attempt<'a>| -> Vec<(usize, Option<&'a str>)> {
        x.entries.clone().unwrap_or_else(|| (0..sent).map(|i| (i, None)).collect())
    };
    let (mut x, mut y) = (whole(a), whole(b));
    crate::sort::sort_by(&mut x, |p, q| p < q);
    crate::sort::sort_by(&mut y, |p, q| p < q);
    x == y
}

/// Runs both stages in one order.
pub fn run<'a>(
    plan: &Plan<'a>,
    sent: &[SentKey<'a>],
    tag: Option<&Value>,
    options: &KeyOptions<'a>,
    order: Order,
) -> Attempt<'a> {
    if plan.variants.is_empty() || sent.len() > MAX_ROOT_KEYS {
        return Attempt::default();
    }
    let live = sent.iter().filter(|k| !k.cut).map(|k| k.text);
    if sent.iter().all(|k| !k.cut) && plan.names_only_declared(live, tag) {
        return Attempt::default();
    }
    let mut current = Current { entries: sent.iter().enumerate().map(|(i, k)| (i, k.text)).collect(), sent };
    let mut attempt = Attempt::default();
    let unfolded: &[&str] = match order {
        Order::DropFirst => &[],
        Order::AliasFirst => options.ignore.as_deref().unwrap_or(&[]),
    };
    let mut changed = false;
    if order == Order::DropFirst {
        changed |= drop_stage(plan, options, &mut current, &mut attempt);
        let dropped = attempt.ignored.clone();
        changed |= alias_stage(plan, tag, options, &mut current, &mut attempt, unfolded, &dropped);
    } else {
        changed |= alias_stage(plan, tag, options, &mut current, &mut attempt, unfolded, &[]);
        changed |= drop_stage(plan, options, &mut current, &mut attempt);
    }
    if changed {
        let renamed = |(at, name): (usize, &'a str)| (at, (sent.get(at).map(|k| k.text) != Some(name)).then_some(name));
        attempt.entries = Some(current.entries.iter().copied().map(renamed).collect());
    }
    attempt
}

/// Drops each undeclared key on the ignore list, or starting with `_` when no declared
/// key does. True when it dropped one.
fn drop_stage<'a>(
    plan: &Plan<'a>,
    options: &KeyOptions<'a>,
    current: &mut Current<'a, '_>,
    attempt: &mut Attempt<'a>,
) -> bool {
    let Some(ignore) = options.ignore.as_deref() else { return false };
    if plan.any_open() {
        return false;
    }
    let underscore_rule = !plan.underscore_declared();
    let before = current.entries.len();
    let mut kept = Vec::with_capacity(before);
    for &(at, name) in &current.entries {
        let cut = current.cut(at);
        if !cut && plan.declares(name) {
            kept.push((at, name));
            continue;
        }
        let listed = !cut && ignore.contains(&name);
        if !(listed || (underscore_rule && name.starts_with('_'))) {
            kept.push((at, name));
            continue;
        }
        attempt.dropped_any = true;
        if !listed {
            attempt.ignored.push(at);
        }
    }
    current.entries = kept;
    current.entries.len() != before
}

/// Rewrites declared aliases, then other case styles of a declared key, to that key
/// when it is absent; an alias whose target is present is declined and named as a
/// collision. `dropped`: the underscore-rule drops that ran before (their keys never
/// reached this stage, but one standing for a target the arguments hold is a collision
/// too). True when it rewrote one.
fn alias_stage<'a>(
    plan: &Plan<'a>,
    tag: Option<&Value>,
    options: &KeyOptions<'a>,
    current: &mut Current<'a, '_>,
    attempt: &mut Attempt<'a>,
    unfolded: &[&str],
    dropped: &[usize],
) -> bool {
    let declared = &options.aliases;
    if plan.any_open() || (declared.is_empty() && !options.case_style) {
        return false;
    }
    let Some(variant) = plan.select(tag) else { return false };
    let reaches = |alias: &str, target: &str| {
        !variant.declares(alias) && variant.declares(target) && !plan.header_targets.contains(&target)
    };
    // alias (position of the key sent) → target
    let mut moved: Vec<(usize, &'a str)> = Vec::new();
    let mut declined: Vec<(usize, &'a str)> = Vec::new();
    let resolve = |current: &mut Current<'a, '_>,
                   moved: &mut Vec<(usize, &'a str)>,
                   declined: &mut Vec<(usize, &'a str)>,
                   alias: &str,
                   target: &'a str| {
        let Some(i) = current.find(alias) else { return };
        if !reaches(alias, target) {
            return;
        }
        let Some(&(at, _)) = current.entries.get(i) else { return };
        if current.has(target) {
            if !declined.iter().any(|(a, _)| *a == at) {
                declined.push((at, target));
            }
            return;
        }
        // As a spread then an assignment does: the alias leaves, the target comes last.
        current.entries.remove(i);
        current.entries.push((at, target));
        moved.push((at, target));
        declined.retain(|(a, _)| *a != at);
    };
    for &(alias, target) in declared.iter().take(MAX_ALIASES) {
        resolve(current, &mut moved, &mut declined, alias, target);
    }
    if options.case_style {
        let snapshot: Vec<(usize, &'a str)> = current.entries.clone();
        for (at, key) in snapshot {
            if current.cut(at) || variant.declares(key) || unfolded.contains(&key) {
                continue;
            }
            if let Some(target) = variant.folded(&fold_key(key)) {
                resolve(current, &mut moved, &mut declined, key, target);
            }
        }
    }
    for &at in dropped {
        if let Some(target) = current.sent.get(at).and_then(|k| held_target(variant, options, current, &reaches, k)) {
            declined.push((at, target));
        }
    }
    crate::sort::sort_by(&mut moved, |a, b| a.0 < b.0);
    attempt.aliased.clone_from(&moved);
    attempt.collisions = collisions(current.sent.len(), &moved, &declined, current.sent);
    !moved.is_empty()
}

/// The target a key that never reached the stage stands for, when the arguments hold it.
fn held_target<'a>(
    variant: &Variant<'a>,
    options: &KeyOptions<'a>,
    current: &Current<'a, '_>,
    reaches: &dyn Fn(&str, &str) -> bool,
    key: &SentKey<'a>,
) -> Option<&'a str> {
    if key.cut {
        return None;
    }
    let named = options.aliases.iter().take(MAX_ALIASES).find(|(a, _)| *a == key.text).map(|(_, t)| *t);
    let target = match named {
        Some(t) if reaches(key.text, t) => Some(t),
        _ if options.case_style => variant.folded(&fold_key(key.text)),
        _ => None,
    }?;
    (reaches(key.text, target) && current.has(target)).then_some(target)
}

/// The declined aliases grouped by target, each with every key sent for that target, in
/// argument order.
fn collisions<'a>(
    sent_len: usize,
    moved: &[(usize, &'a str)],
    declined: &[(usize, &'a str)],
    sent: &[SentKey<'a>],
) -> Vec<(&'a str, Vec<usize>)> {
    let mut groups: Vec<(&'a str, Vec<usize>)> = Vec::new();
    for (_, target) in declined {
        if !groups.iter().any(|(t, _)| t == target) {
            groups.push((target, Vec::new()));
        }
    }
    if groups.is_empty() {
        return groups;
    }
    for at in 0..sent_len {
        let Some(key) = sent.get(at) else { continue };
        let stands_for =
            declined.iter().chain(moved).find(|(a, _)| *a == at).map(|(_, t)| *t).or((!key.cut).then_some(key.text));
        if let Some(group) = groups.iter_mut().find(|(t, _)| Some(*t) == stands_for) {
            group.1.push(at);
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(text: &str) -> Value<'static> {
        Value::parse_json(text).unwrap()
    }

    fn keys<'a>(names: &[&'a str]) -> Vec<SentKey<'a>> {
        names.iter().map(|text| SentKey { text, cut: false }).collect()
    }

    /// The keys an attempt hands the parse, by name.
    fn names<'a>(sent: &[&'a str], attempt: &Attempt<'a>) -> Vec<&'a str> {
        match &attempt.entries {
            None => sent.to_vec(),
            Some(entries) => entries.iter().map(|(at, name)| name.unwrap_or(sent[*at])).collect(),
        }
    }

    const STRICT: &str =
        r#"{"type":"object","properties":{"query":{},"maxResults":{},"pageSize":{}},"additionalProperties":false}"#;

    #[test]
    fn client_keys_are_dropped_and_only_underscore_drops_are_reported() {
        let schema = v(STRICT);
        let plan = Plan::of(&schema);
        let sent = ["query", "_meta", "_max", "toolCallId", "tool_call_description"];
        let (first, retry) = attempts(&plan, &keys(&sent), None, &KeyOptions::defaults());
        assert_eq!(names(&sent, &first), vec!["query"]);
        assert_eq!(first.ignored, vec![2]);
        assert!(first.aliased.is_empty());
        assert!(retry.is_none(), "the alias-first order hands the parse the same keys");
    }

    #[test]
    fn case_styles_and_declared_aliases_move_to_their_target_at_the_end() {
        let schema = v(STRICT);
        let plan = Plan::of(&schema);
        let sent = ["max_results", "q", "pageSize"];
        let options = KeyOptions { aliases: vec![("q", "query")], ..KeyOptions::defaults() };
        let (first, _) = attempts(&plan, &keys(&sent), None, &options);
        assert_eq!(names(&sent, &first), vec!["pageSize", "query", "maxResults"]);
        assert_eq!(first.aliased, vec![(0, "maxResults"), (1, "query")]);
        assert!(first.collisions.is_empty());
    }

    #[test]
    fn an_alias_beside_its_target_is_never_rewritten_and_is_a_collision() {
        let schema = v(STRICT);
        let plan = Plan::of(&schema);
        let sent = ["max_results", "maxResults", "MaxResults"];
        let (first, _) = attempts(&plan, &keys(&sent), None, &KeyOptions::defaults());
        assert_eq!(first.entries, None);
        assert!(first.aliased.is_empty());
        assert_eq!(first.collisions, vec![("maxResults", vec![0, 1, 2])]);
    }

    #[test]
    fn a_dropped_underscore_alias_is_retried_alias_first() {
        let schema = v(STRICT);
        let plan = Plan::of(&schema);
        let sent = ["_query"];
        let (first, retry) = attempts(&plan, &keys(&sent), None, &KeyOptions::defaults());
        assert_eq!(names(&sent, &first), Vec::<&str>::new());
        assert_eq!(first.ignored, vec![0]);
        let retry = retry.expect("the retry moves _query");
        assert_eq!(names(&sent, &retry), vec!["query"]);
        assert_eq!(retry.aliased, vec![(0, "query")]);
        assert!(retry.ignored.is_empty());
    }

    #[test]
    fn a_dropped_underscore_key_standing_for_a_present_target_is_a_collision() {
        let schema = v(STRICT);
        let plan = Plan::of(&schema);
        let sent = ["query", "_query"];
        let (first, _) = attempts(&plan, &keys(&sent), None, &KeyOptions::defaults());
        assert_eq!(first.ignored, vec![1]);
        assert_eq!(first.collisions, vec![("query", vec![0, 1])]);
    }

    #[test]
    fn an_open_root_is_untouched_and_a_declared_underscore_key_turns_the_rule_off() {
        let open = v(r#"{"properties":{"query":{}},"additionalProperties":{}}"#);
        let sent = ["_x", "_meta", "Query"];
        let (first, _) = attempts(&Plan::of(&open), &keys(&sent), None, &KeyOptions::defaults());
        assert_eq!(first, Attempt::default());
        let underscored = v(r#"{"properties":{"_cursor":{}},"additionalProperties":false}"#);
        let (first, _) = attempts(&Plan::of(&underscored), &keys(&sent), None, &KeyOptions::defaults());
        assert_eq!(names(&sent, &first), vec!["_x", "Query"]);
        assert!(first.ignored.is_empty());
    }

    #[test]
    fn switches_turn_each_stage_off() {
        let schema = v(STRICT);
        let plan = Plan::of(&schema);
        let sent = ["_meta", "max_results"];
        let off = KeyOptions { aliases: vec![], ignore: None, case_style: false };
        assert_eq!(attempts(&plan, &keys(&sent), None, &off).0, Attempt::default());
        // `ignore` is the whole list (the protocol adds the built-in entries to a server's own).
        let extra = KeyOptions { ignore: Some(vec!["trace"]), ..KeyOptions::defaults() };
        let (first, _) = attempts(&plan, &keys(&["trace", "toolCallId"]), None, &extra);
        assert_eq!(names(&["trace", "toolCallId"], &first), vec!["toolCallId"]);
        assert!(first.ignored.is_empty(), "an ignore-list drop is never reported");
    }

    #[test]
    fn a_discriminated_root_rewrites_within_the_selected_variant_only() {
        let schema = v(
            r#"{"oneOf":[{"properties":{"kind":{"const":"a"},"pageSize":{}},"required":["kind"],"additionalProperties":false},{"properties":{"kind":{"const":"b"},"limit":{}},"required":["kind"],"additionalProperties":false}]}"#,
        );
        let plan = Plan::of(&schema);
        let sent = ["kind", "page_size"];
        let a = Value::str("a");
        let (first, _) = attempts(&plan, &keys(&sent), Some(&a), &KeyOptions::defaults());
        assert_eq!(names(&sent, &first), vec!["kind", "pageSize"]);
        let b = Value::str("b");
        let (first, _) = attempts(&plan, &keys(&sent), Some(&b), &KeyOptions::defaults());
        assert_eq!(first.entries, None);
        let (first, _) = attempts(&plan, &keys(&sent), None, &KeyOptions::defaults());
        assert_eq!(first.entries, None, "no tag selects no variant");
    }

    #[test]
    fn a_cut_key_is_never_declared_or_an_alias_but_may_start_with_an_underscore() {
        let schema = v(STRICT);
        let plan = Plan::of(&schema);
        let sent = [SentKey { text: "query", cut: true }, SentKey { text: "_x", cut: true }];
        let first = run(&plan, &sent, None, &KeyOptions::defaults(), Order::DropFirst);
        assert_eq!(first.entries, Some(vec![(0, None)]));
        assert_eq!(first.ignored, vec![1]);
    }

    #[test]
    fn a_header_target_is_never_rewritten_to() {
        let schema = v(r#"{"properties":{"region":{"x-mcp-header":"Region"}},"additionalProperties":false}"#);
        let sent = ["Region"];
        let (first, _) = attempts(&Plan::of(&schema), &keys(&sent), None, &KeyOptions::defaults());
        assert_eq!(first.entries, None);
    }

    #[test]
    fn too_many_keys_leave_the_arguments_as_sent() {
        let schema = v(STRICT);
        let names: Vec<String> = (0..=MAX_ROOT_KEYS).map(|i| format!("_k{i}")).collect();
        let sent: Vec<SentKey> = names.iter().map(|t| SentKey { text: t, cut: false }).collect();
        assert_eq!(attempts(&Plan::of(&schema), &sent, None, &KeyOptions::defaults()).0, Attempt::default());
    }
}
