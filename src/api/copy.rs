//! The npm package's bounded copy (`lib/copy.js`'s `copyJson`) applied to a Rust value:
//! the same caps (depth, entries, string units), the same budget shared by the copies of
//! one crossing, the same true-size records of what it cut, the path segments an issue
//! copy collects and the pruned copy of the arguments they allow. Where the npm package
//! copies a value before the core reads it, the Rust API copies it here, so the core
//! reads the same value and writes the same bytes.
//!
//! A Rust value has no getter, Proxy, cycle, BigInt or `undefined`: the copier's other
//! cases cannot arise. A number crosses as `String(n)` reads back (`-0` as `0`, NaN and
//! ±Infinity as `null`); a cut string ends in U+FFFD where the cut halves a pair.

use super::bound::js_slice;
use crate::js_constants::{
    CopyPolicy, COPY_NODE_BUDGET, COPY_PAD_LIMIT, COPY_UNIT_BUDGET, COPY_UNIT_FLOOR, UNREADABLE,
};
use crate::utf16::js_len;
use crate::value::{js_number_string, Value};
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

/// What one crossing's copies may spend: containers visited and string units written
/// (`lib/copy.js`'s `copyBudget(COPY_NODE_BUDGET, COPY_UNIT_BUDGET)`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Budget {
    nodes: i64,
    units: i64,
}

impl Budget {
    /// A fresh budget, as each npm crossing takes.
    pub(crate) fn fresh() -> Budget {
        let whole = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        Budget { nodes: whole(COPY_NODE_BUDGET), units: whole(COPY_UNIT_BUDGET) }
    }
}

/// A path segment an issue copy wrote: its text as `String()` prints it, its position
/// in its path, and whether the path is the issue's own (not a branch's).
type Seen = (Rc<str>, usize, bool);

/// The keys a pruned copy keeps at each depth (`lib/copy.js`'s `segmentSet`), each
/// depth's set in the npm Set's insertion order, with the array indices among them.
pub(crate) struct SegmentSet {
    keys: Vec<Vec<Rc<str>>>,
    indices: Vec<Vec<usize>>,
}

/// Distinct segments a pruned copy takes at most: past them, the whole value is copied.
const MAX_SEGMENTS: usize = 4096;
/// Key comparisons a pruned copy of one object makes by scanning; past them it indexes the object.
const LOOKUP_SCAN: usize = 4096;

/// `"12"` → 12; anything that is not a canonical array index → `None`.
pub(crate) fn array_index(key: &str) -> Option<usize> {
    if key == "0" {
        return Some(0);
    }
    let bytes = key.as_bytes();
    let canonical = (1..=10).contains(&bytes.len())
        && bytes.first().is_some_and(|b| (b'1'..=b'9').contains(b))
        && bytes.iter().all(u8::is_ascii_digit);
    if !canonical {
        return None;
    }
    let n: u64 = key.parse().ok()?;
    if n < 4_294_967_295 {
        usize::try_from(n).ok()
    } else {
        None
    }
}

/// An insertion-ordered set of keys: the order, and the set for lookups.
type Ordered = (Vec<Rc<str>>, HashSet<Rc<str>>);

/// Inserts `key` into an insertion-ordered set (the text shared, never copied).
fn insert(list: &mut Vec<Rc<str>>, set: &mut HashSet<Rc<str>>, key: &Rc<str>) {
    if set.insert(Rc::clone(key)) {
        list.push(Rc::clone(key));
    }
}

impl SegmentSet {
    /// The set for the segments an issue copy collected; `None` (copy everything) past
    /// [`MAX_SEGMENTS`] distinct ones. Built for every depth a copy of `depth` reaches.
    fn of(seen: &[Seen], depth: usize) -> Option<SegmentSet> {
        let mut exact: Vec<Ordered> = Vec::new();
        let mut loose: Vec<Ordered> = Vec::new();
        let mut distinct: HashSet<&str> = HashSet::new();
        for (key, position, own) in seen {
            distinct.insert(key.as_ref());
            if distinct.len() > MAX_SEGMENTS {
                return None;
            }
            let by_depth = if *own { &mut exact } else { &mut loose };
            if by_depth.len() <= *position {
                by_depth.resize_with(position + 1, Default::default);
            }
            if let Some((list, set)) = by_depth.get_mut(*position) {
                insert(list, set, key);
            }
        }
        let mut keys = Vec::new();
        let mut indices = Vec::new();
        for d in 0..=depth {
            let mut list = Vec::new();
            let mut set = HashSet::new();
            for key in exact.get(d).map(|(l, _)| l.as_slice()).unwrap_or_default() {
                insert(&mut list, &mut set, key);
            }
            for (l, _) in loose.iter().take(d + 1) {
                for key in l {
                    insert(&mut list, &mut set, key);
                }
            }
            let mut at: Vec<usize> =
                list.iter().filter_map(|k| array_index(k)).filter(|i| *i < COPY_PAD_LIMIT).collect();
            at.sort_unstable();
            keys.push(list);
            indices.push(at);
        }
        Some(SegmentSet { keys, indices })
    }

    fn keys_at(&self, depth: usize) -> &[Rc<str>] {
        self.keys.get(depth).map(Vec::as_slice).unwrap_or_default()
    }

    fn indices_at(&self, depth: usize) -> &[usize] {
        self.indices.get(depth).map(Vec::as_slice).unwrap_or_default()
    }
}

/// The state of one crossing's copies (`lib/copy.js`'s `JsonCopier`).
pub(crate) struct Copier<'o> {
    budget: Budget,
    policy: CopyPolicy,
    /// The true-size records (`size, kind, depth, …indices`), when asked for.
    sizes: Option<Vec<u32>>,
    /// The path segments written inside `path` members, when asked for.
    seen: Option<Vec<Seen>>,
    only: Option<&'o SegmentSet>,
    /// The index of each entry on the path from the root.
    path: Vec<u32>,
    collect: bool,
    exact_path: bool,
    path_list_depth: usize,
    position: usize,
}

/// A size as a record holds it.
fn size32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl<'o> Copier<'o> {
    pub(crate) fn new(policy: CopyPolicy) -> Copier<'o> {
        Copier {
            budget: Budget::fresh(),
            policy,
            sizes: None,
            seen: None,
            only: None,
            path: Vec::new(),
            collect: false,
            exact_path: false,
            path_list_depth: usize::MAX,
            position: 0,
        }
    }

    /// Records the true sizes of what is cut.
    pub(crate) fn with_sizes(mut self) -> Copier<'o> {
        self.sizes = Some(Vec::new());
        self
    }

    /// Collects the segments of every `path` member.
    pub(crate) fn with_seen(mut self) -> Copier<'o> {
        self.seen = Some(Vec::new());
        self
    }

    /// Prunes each container to what the segments allow.
    pub(crate) fn only(mut self, only: Option<&'o SegmentSet>) -> Copier<'o> {
        self.only = only;
        self
    }

    /// The records of what was cut.
    pub(crate) fn sizes(&self) -> &[u32] {
        self.sizes.as_deref().unwrap_or_default()
    }

    /// The segment set the collected segments allow (`None`: copy everything).
    pub(crate) fn segment_set(&self) -> Option<SegmentSet> {
        SegmentSet::of(self.seen.as_deref().unwrap_or_default(), crate::js_constants::COPY_ARGS.depth)
    }

    /// The copy of `root`.
    pub(crate) fn copy(&mut self, root: &Value<'_>) -> Value<'static> {
        self.write(root, 0)
    }

    fn record(&mut self, size: usize, kind: u32, depth: usize) {
        let Some(sizes) = self.sizes.as_mut() else { return };
        sizes.extend([size32(size), kind, size32(depth)]);
        sizes.extend((0..depth).map(|i| self.path.get(i).copied().unwrap_or(0)));
    }

    fn set_path(&mut self, at: usize, index: usize) {
        if self.path.len() <= at {
            self.path.resize(at + 1, 0);
        }
        if let Some(slot) = self.path.get_mut(at) {
            *slot = size32(index);
        }
    }

    /// A string value (kind 0) or key (kind 1) at `depth`, bounded.
    fn string(&mut self, text: &str, kind: u32, depth: usize) -> String {
        let cap = if self.budget.units > 0 { self.policy.string_units } else { COPY_UNIT_FLOOR };
        let length = js_len(text);
        let kept = if length > cap {
            self.record(length, kind, depth);
            js_slice(text, cap)
        } else {
            Cow::Borrowed(text)
        };
        self.budget.units -= i64::try_from(js_len(&kept)).unwrap_or(i64::MAX);
        if self.collect && kind == 0 {
            let (position, exact) = (self.position, self.exact_path);
            if let Some(seen) = self.seen.as_mut() {
                seen.push((Rc::from(kept.as_ref()), position, exact));
            }
        }
        kept.into_owned()
    }

    fn write(&mut self, value: &Value<'_>, depth: usize) -> Value<'static> {
        match value {
            Value::String(s) => Value::String(Cow::Owned(self.string(s, 0, depth))),
            Value::Number(n) => {
                if self.collect {
                    let (position, exact) = (self.position, self.exact_path);
                    if let Some(seen) = self.seen.as_mut() {
                        seen.push((Rc::from(js_number_string(*n)), position, exact));
                    }
                }
                if !n.is_finite() {
                    Value::Null
                } else {
                    // `${-0}` is `0`: adding 0.0 turns -0 into +0 and leaves the rest.
                    Value::Number(*n + 0.0)
                }
            }
            Value::Bool(b) => Value::Bool(*b),
            Value::Null => Value::Null,
            Value::Array(_) | Value::Object(_) if depth >= self.policy.depth || self.budget.nodes <= 0 => {
                Value::str(UNREADABLE)
            }
            Value::Array(items) => {
                self.budget.nodes -= 1;
                self.list(items, depth)
            }
            Value::Object(fields) => {
                self.budget.nodes -= 1;
                self.object(fields, depth)
            }
        }
    }

    fn list(&mut self, items: &[Value<'_>], depth: usize) -> Value<'static> {
        let total = items.len();
        let mut out = Vec::new();
        if let Some(only) = self.only {
            for &i in only.indices_at(depth) {
                let Some(item) = items.get(i) else { break };
                out.resize(i, Value::Number(0.0));
                self.set_path(depth, i);
                let copied = self.write(item, depth + 1);
                out.push(copied);
            }
            return Value::Array(out);
        }
        let length = total.min(self.policy.entries);
        let positions = self.collect && depth == self.path_list_depth;
        for (i, item) in items.iter().take(length).enumerate() {
            self.set_path(depth, i);
            if positions {
                self.position = i;
            }
            let copied = self.write(item, depth + 1);
            out.push(copied);
        }
        if length < total {
            self.record(total, 0, depth);
        }
        Value::Array(out)
    }

    fn object(&mut self, fields: &[(Cow<'_, str>, Value<'_>)], depth: usize) -> Value<'static> {
        let mut out = Vec::new();
        if let Some(only) = self.only {
            let keys = only.keys_at(depth);
            // Each allowed key looked up (the first entry of that name, as `get` reads it):
            // by a scan for a small object, through an index for a large one.
            let index: Option<HashMap<&str, usize>> =
                (fields.len().saturating_mul(keys.len()) > LOOKUP_SCAN).then(|| {
                    let mut index = HashMap::with_capacity(fields.len());
                    for (i, (k, _)) in fields.iter().enumerate() {
                        index.entry(k.as_ref()).or_insert(i);
                    }
                    index
                });
            for key in keys {
                let at = match &index {
                    Some(index) => index.get(key.as_ref()).copied(),
                    None => fields.iter().position(|(k, _)| k.as_ref() == key.as_ref()),
                };
                let Some((k, v)) = at.and_then(|i| fields.get(i)) else { continue };
                self.set_path(depth, out.len());
                let entry = self.entry(k, v, depth);
                out.push(entry);
            }
            return Value::Object(out);
        }
        let count = fields.len().min(self.policy.entries);
        for (k, v) in fields.iter().take(count) {
            self.set_path(depth, out.len());
            let entry = self.entry(k, v, depth);
            out.push(entry);
        }
        if count < fields.len() {
            self.record(fields.len(), 0, depth);
        }
        Value::Object(out)
    }

    fn entry(&mut self, key: &str, value: &Value<'_>, depth: usize) -> (Cow<'static, str>, Value<'static>) {
        let name = Cow::Owned(self.string(key, 1, depth + 1));
        if self.collect || self.seen.is_none() || key != "path" {
            return (name, self.write(value, depth + 1));
        }
        self.collect = true;
        self.exact_path = depth == 0;
        self.path_list_depth = depth + 1;
        self.position = 0;
        let copied = self.write(value, depth + 1);
        self.collect = false;
        (name, copied)
    }
}

/// A copy of `value` with `policy` and a fresh budget (`copyJson(value, policy, budget())`).
pub(crate) fn copied(value: &Value<'_>, policy: CopyPolicy) -> Value<'static> {
    Copier::new(policy).copy(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::js_constants::{COPY_ARGS, COPY_OTHER_ISSUE};

    #[test]
    fn canonical_array_indices_only() {
        assert_eq!(array_index("0"), Some(0));
        assert_eq!(array_index("12"), Some(12));
        assert_eq!(array_index("012"), None);
        assert_eq!(array_index("-1"), None);
        assert_eq!(array_index("4294967295"), None);
        assert_eq!(array_index("4294967294"), Some(4_294_967_294));
    }

    #[test]
    fn a_long_string_is_cut_and_recorded() {
        let policy = CopyPolicy { depth: 4, entries: 2, string_units: 3 };
        let value = Value::object([("abcd", Value::Array(vec![Value::str("xyzw"), Value::Null, Value::Null]))]);
        let mut copier = Copier::new(policy).with_sizes();
        let copy = copier.copy(&value);
        assert_eq!(copy.to_json(), r#"{"abc":["xyz",null]}"#);
        // The key (kind 1) at depth 1, index 0; the string at depth 2, [0, 0]; the list's length at depth 1.
        assert_eq!(copier.sizes(), &[4, 1, 1, 0, 4, 0, 2, 0, 0, 3, 0, 1, 0]);
    }

    #[test]
    fn numbers_cross_as_their_text_reads_back_and_containers_stop_at_the_depth() {
        let policy = CopyPolicy { depth: 1, entries: 10, string_units: 10 };
        let value = Value::Array(vec![Value::Number(-0.0), Value::Number(f64::NAN), Value::Array(Vec::new())]);
        assert_eq!(copied(&value, policy).to_json(), r#"[0,null,"[Unreadable]"]"#);
    }

    #[test]
    fn an_issue_copy_collects_its_path_and_prunes_the_arguments_copy() {
        let issue =
            Value::parse_json(r#"{"code":"x","path":["b",1],"errors":[[{"path":["c"]}]]}"#).unwrap_or(Value::Null);
        let mut copier = Copier::new(COPY_OTHER_ISSUE).with_seen();
        copier.copy(&issue);
        let only = copier.segment_set();
        let args = Value::parse_json(r#"{"a":1,"b":[5,6,7],"c":2}"#).unwrap_or(Value::Null);
        let copy = Copier::new(COPY_ARGS).only(only.as_ref()).copy(&args);
        // Depth 0 keeps b (exact) and c (a branch's path, any depth); depth 1 keeps index 1 padded.
        assert_eq!(copy.to_json(), r#"{"b":[0,6],"c":2}"#);
    }
}
