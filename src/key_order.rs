//! `Object.keys` order: how an object built by assigning entries in sequence holds
//! them (a repeated key once, array-index keys first). Depends on nothing but
//! [`crate::sort`], so both [`crate::value`] (`JSON.parse`'s repeated keys) and
//! [`crate::js`] use it without depending on each other.

/// Whether `key` is an array index as JS orders object keys: the canonical decimal
/// form of an integer in `0..=2^32 - 2`.
fn array_index(key: &str) -> Option<u32> {
    let bytes = key.as_bytes();
    let first = *bytes.first()?;
    if !bytes.iter().all(u8::is_ascii_digit) || (first == b'0' && bytes.len() > 1) || bytes.len() > 10 {
        return None;
    }
    let n: u64 = key.parse().ok()?;
    if n <= u64::from(u32::MAX - 1) {
        u32::try_from(n).ok()
    } else {
        None
    }
}

/// `entries` as an object built by assigning them in order holds them (`JSON.parse`
/// does the same with a repeated key): each repeated key once, at its first position,
/// with its last value. One sort of the positions by key; no hashing.
pub fn merge_repeated_keys<K: AsRef<str>, V>(entries: Vec<(K, V)>) -> Vec<(K, V)> {
    let key = |i: usize| entries.get(i).map_or("", |(k, _)| k.as_ref());
    let mut order: Vec<usize> = (0..entries.len()).collect();
    crate::sort::sort_by(&mut order, |&a, &b| (key(a), a) < (key(b), b));
    if !order.windows(2).any(|w| matches!(w, [a, b] if key(*a) == key(*b))) {
        return entries;
    }
    // For each run of one key (in position order): the first position takes the last value.
    let mut source: Vec<Option<usize>> = vec![None; entries.len()];
    let mut start = 0;
    while let Some(&first) = order.get(start) {
        let mut end = start + 1;
        while order.get(end).is_some_and(|&i| key(i) == key(first)) {
            end += 1;
        }
        if let (Some(slot), Some(&last)) = (source.get_mut(first), order.get(end - 1)) {
            *slot = Some(last);
        }
        start = end;
    }
    let (keys, values): (Vec<K>, Vec<V>) = entries.into_iter().unzip();
    let mut values: Vec<Option<V>> = values.into_iter().map(Some).collect();
    let mut out = Vec::with_capacity(keys.len());
    for (i, k) in keys.into_iter().enumerate() {
        if let Some(value) = source.get(i).copied().flatten().and_then(|j| values.get_mut(j)).and_then(Option::take) {
            out.push((k, value));
        }
    }
    out
}

/// Puts entries in the order `Object.keys` would give for an object built by
/// assigning them in sequence: a repeated key keeps its first position and takes the
/// last value; array-index keys come first in ascending order, the rest keep
/// insertion order.
pub fn js_object_key_order(pairs: &[(String, String)]) -> Vec<(String, String)> {
    let borrowed: Vec<(&str, &str)> = pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    key_order_borrowed(&borrowed).into_iter().map(|(k, v)| (k.to_owned(), v.to_owned())).collect()
}

/// [`js_object_key_order`] without a copy of any key or value: the entries borrowed.
pub(crate) fn key_order_borrowed<'a>(pairs: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let entries = merge_repeated_keys(pairs.to_vec());
    let mut indexed: Vec<(u32, (&str, &str))> = Vec::new();
    let mut named: Vec<(&str, &str)> = Vec::with_capacity(entries.len());
    for entry in entries {
        match array_index(entry.0) {
            Some(n) => indexed.push((n, entry)),
            None => named.push(entry),
        }
    }
    // Array indices are canonical, so no two entries share one.
    crate::sort::sort_by(&mut indexed, |(a, _), (b, _)| a < b);
    indexed.into_iter().map(|(_, e)| e).chain(named).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repeated_key_keeps_its_first_position_and_its_last_value() {
        let entries = |pairs: &[(&str, u32)]| pairs.iter().map(|(k, v)| ((*k).to_owned(), *v)).collect::<Vec<_>>();
        let merged = merge_repeated_keys(entries(&[("a", 1), ("b", 2), ("a", 3), ("c", 4), ("b", 5), ("a", 6)]));
        assert_eq!(merged, entries(&[("a", 6), ("b", 5), ("c", 4)]));
        assert_eq!(merge_repeated_keys(entries(&[("z", 1), ("y", 2)])), entries(&[("z", 1), ("y", 2)]));
        assert_eq!(merge_repeated_keys(Vec::<(String, u32)>::new()), Vec::new());
    }

    #[test]
    fn key_order_matches_object_keys() {
        let pairs: Vec<(String, String)> =
            [("b", "1"), ("10", "x"), ("a", "2"), ("2", "y"), ("b", "3"), ("01", "z"), ("4294967295", "w")]
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect();
        let keys: Vec<String> = js_object_key_order(&pairs).into_iter().map(|(k, v)| format!("{k}={v}")).collect();
        assert_eq!(keys, ["2=y", "10=x", "b=3", "a=2", "01=z", "4294967295=w"]);
    }
}
