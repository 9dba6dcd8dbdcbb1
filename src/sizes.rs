//! The true sizes of what a bounded copy cut.
//!
//! A caller that copies a value before handing it over (the npm package's JS layer
//! copies every untrusted value with caps on string length and entry count) can say,
//! for each string, key, list or object it cut, how large the original was. The core
//! writes those sizes wherever it reports a size (`<f>Length`, `<f>Count`, `array(N)`),
//! so every count field is exact however large the input, while only the copy crosses.
//!
//! A record names its node by position, not by key: the entry index at each level from
//! the root (an array's index, or an object's entry index in order), then whether the
//! size is that entry's key's or its value's. [`TrueSizes::locate`] resolves the
//! records once against the parsed copy; lookups then compare addresses, so a node is
//! found whatever path the reader took to it.

use core::marker::PhantomData;
use std::borrow::Cow;

use crate::value::Value;

/// Records resolved at most; the rest are ignored (their nodes report the copy's size).
pub const MAX_RECORDS: usize = 4096;
/// Levels a record's position may have.
pub const MAX_RECORD_DEPTH: usize = 64;

/// Flat record kinds: the size of the entry's value, or of its key (objects only).
pub const SIZE_OF_VALUE: u32 = 0;
pub const SIZE_OF_KEY: u32 = 1;

/// The true sizes of nodes of one parsed value, keyed by node address. Borrowing the
/// root keeps it from moving while the sizes are in use.
#[derive(Debug, Default)]
pub struct TrueSizes<'a> {
    /// `(address, size)`, sorted by address.
    nodes: Vec<(usize, usize)>,
    root: PhantomData<&'a ()>,
}

/// No cut anywhere: every node reports its own size.
pub static NO_CUTS: TrueSizes<'static> = TrueSizes { nodes: Vec::new(), root: PhantomData };

fn address<T>(node: &T) -> usize {
    core::ptr::from_ref(node) as usize
}

impl<'a> TrueSizes<'a> {
    /// Resolves flat records against `root`. Each record is `size, kind, depth` and
    /// then `depth` entry indices (the last one the entry whose value or key was cut).
    /// A record whose position does not exist, a depth of 0 for a key, or a truncated
    /// record ends nothing: it is skipped (or ends the reading), never a trap.
    pub fn locate(root: &'a Value<'_>, flat: &[u32]) -> TrueSizes<'a> {
        let mut nodes = Vec::new();
        let mut rest = flat;
        while nodes.len() < MAX_RECORDS {
            let [size, kind, depth, tail @ ..] = rest else { break };
            let depth = *depth as usize;
            let Some((indices, after)) = (depth <= tail.len()).then(|| tail.split_at(depth)) else { break };
            rest = after;
            if depth > MAX_RECORD_DEPTH {
                continue;
            }
            if let Some(at) = resolve(root, indices, *kind == SIZE_OF_KEY) {
                nodes.push((at, *size as usize));
            }
        }
        crate::sort::sort_by(&mut nodes, |a, b| a < b);
        TrueSizes { nodes, root: PhantomData }
    }

    fn lookup(&self, at: usize) -> Option<usize> {
        if self.nodes.is_empty() {
            return None;
        }
        let i = self.nodes.binary_search_by_key(&at, |(a, _)| *a).ok()?;
        self.nodes.get(i).map(|(_, size)| *size)
    }

    /// The true size of `node` (a string's UTF-16 length, a list's length, an object's
    /// key count) when the copy cut it.
    pub fn of(&self, node: &Value) -> Option<usize> {
        self.lookup(address(node))
    }

    /// The true UTF-16 length of an object key the copy cut.
    // The key's own slot in its entry names it: two empty keys' texts may share an address.
    #[allow(clippy::ptr_arg)]
    pub fn of_key(&self, key: &Cow<'_, str>) -> Option<usize> {
        self.lookup(address(key))
    }

    /// A list's length: the true one when the copy cut it.
    pub fn len_of(&self, node: &Value, items: &[Value]) -> usize {
        self.of(node).map_or(items.len(), |n| n.max(items.len()))
    }

    /// An object's key count: the true one when the copy cut it.
    pub fn count_of(&self, node: &Value, entries: &[(Cow<'_, str>, Value<'_>)]) -> usize {
        self.of(node).map_or(entries.len(), |n| n.max(entries.len()))
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
}

fn resolve(root: &Value, indices: &[u32], key: bool) -> Option<usize> {
    let Some((last, path)) = indices.split_last() else {
        return (!key).then(|| address(root));
    };
    let mut node = root;
    for &i in path {
        node = child(node, i as usize)?;
    }
    let i = *last as usize;
    match (node, key) {
        (Value::Object(entries), true) => entries.get(i).map(|(k, _)| address(k)),
        (_, false) => child(node, i).map(address),
        _ => None,
    }
}

fn child<'v, 'a>(node: &'v Value<'a>, i: usize) -> Option<&'v Value<'a>> {
    match node {
        Value::Array(items) => items.get(i),
        Value::Object(entries) => entries.get(i).map(|(_, v)| v),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(text: &str) -> Value<'static> {
        Value::parse_json(text).unwrap().into_owned()
    }

    #[test]
    fn records_name_nodes_by_entry_index() {
        let root = v(r#"[{"a":"xx","long":[1,2]},"s"]"#);
        // [0].a's value, [0].long's key, [0].long's value, [1], the root itself.
        let flat = [300_000, 0, 2, 0, 0, 7, 1, 2, 0, 1, 20_000, 0, 2, 0, 1, 9, 0, 1, 1, 5, 0, 0];
        let sizes = TrueSizes::locate(&root, &flat);
        let first = root.as_array().unwrap().first().unwrap();
        let (long_key, long) = first.as_object().unwrap().get(1).unwrap();
        assert_eq!(sizes.of(first.get("a").unwrap()), Some(300_000));
        assert_eq!(sizes.of_key(long_key), Some(7));
        assert_eq!(sizes.len_of(long, long.as_array().unwrap()), 20_000);
        assert_eq!(sizes.of(root.as_array().unwrap().get(1).unwrap()), Some(9));
        assert_eq!(sizes.of(&root), Some(5));
        assert_eq!(sizes.of(first), None);
        assert!(!sizes.is_empty());
    }

    #[test]
    fn bad_records_are_skipped_never_a_trap() {
        let root = v(r#"{"a":[1]}"#);
        // Missing positions, a key of a list, a key with no entry, then a truncated record.
        let flat = [5, 0, 2, 3, 0, 5, 1, 2, 0, 0, 5, 1, 0, 9, 0, 4, 0];
        let sizes = TrueSizes::locate(&root, &flat);
        assert!(sizes.is_empty());
        // A list cut can only grow the count, never shrink it below the copy's.
        let sizes = TrueSizes::locate(&root, &[0, 0, 1, 0]);
        let list = root.get("a").unwrap();
        assert_eq!(sizes.len_of(list, list.as_array().unwrap()), 1);
        assert_eq!(NO_CUTS.of(&root), None);
    }

    /// A list of `n` one-character strings, and a record of size 7 for each.
    fn many(n: usize) -> (Value<'static>, Vec<u32>) {
        let root = Value::Array((0..n).map(|_| Value::str("s")).collect());
        let flat = (0..n as u32).flat_map(|i| [7, 0, 1, i]).collect();
        (root, flat)
    }

    #[test]
    fn at_most_max_records_are_read() {
        let (root, flat) = many(MAX_RECORDS + 1);
        let sizes = TrueSizes::locate(&root, &flat);
        let items = root.as_array().unwrap();
        assert_eq!(sizes.of(items.get(MAX_RECORDS - 1).unwrap()), Some(7));
        assert_eq!(sizes.of(items.get(MAX_RECORDS).unwrap()), None);
    }

    /// A list nested `depth` levels deep, ending in a string, and a record for it.
    fn nested(depth: usize) -> (Value<'static>, Vec<u32>) {
        let mut root = Value::str("s");
        for _ in 0..depth {
            root = Value::Array(vec![root]);
        }
        let mut flat = vec![7, 0, depth as u32];
        flat.extend(std::iter::repeat(0).take(depth));
        (root, flat)
    }

    fn leaf<'v>(mut node: &'v Value<'static>) -> &'v Value<'static> {
        while let Value::Array(items) = node {
            node = items.first().unwrap();
        }
        node
    }

    #[test]
    fn records_up_to_max_record_depth_are_read_deeper_ones_skipped() {
        let (root, flat) = nested(MAX_RECORD_DEPTH);
        assert_eq!(TrueSizes::locate(&root, &flat).of(leaf(&root)), Some(7));
        let (root, flat) = nested(MAX_RECORD_DEPTH + 1);
        assert_eq!(TrueSizes::locate(&root, &flat).of(leaf(&root)), None);
    }
}
