//! The core's one sort: a heap sort, in place, O(n log n) in the worst case, with no
//! recursion and no allocation.
//!
//! The standard library's sorts are faster on large inputs, but each call site
//! monomorphises its own 3–7 KB of quicksort / driftsort into the wasm (24 KB for the
//! core's three sorts); the core sorts at most a bounded list (an object's keys, the
//! true sizes of one crossing), where the difference is noise.

/// Sorts `items` so that no item is `less` than the one before it. `less` must be a
/// strict total order (break ties on the position when items can be equal); the order
/// of equal items is not kept.
pub fn sort_by<T>(items: &mut [T], mut less: impl FnMut(&T, &T) -> bool) {
    let len = items.len();
    for root in (0..len / 2).rev() {
        sift_down(items, root, len, &mut less);
    }
    for end in (1..len).rev() {
        items.swap(0, end);
        sift_down(items, 0, end, &mut less);
    }
}

/// Moves `items[root]` down the heap held in `items[..end]` until both children are
/// not greater than it.
fn sift_down<T>(items: &mut [T], mut root: usize, end: usize, less: &mut impl FnMut(&T, &T) -> bool) {
    loop {
        let mut child = 2 * root + 1;
        if child >= end {
            return;
        }
        if child + 1 < end && is_less(items, child, child + 1, less) {
            child += 1;
        }
        if !is_less(items, root, child, less) {
            return;
        }
        items.swap(root, child);
        root = child;
    }
}

fn is_less<T>(items: &[T], a: usize, b: usize, less: &mut impl FnMut(&T, &T) -> bool) -> bool {
    match (items.get(a), items.get(b)) {
        (Some(x), Some(y)) => less(x, y),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_like_the_standard_library_for_every_small_permutation_and_duplicates() {
        // Every list of length 0..=7 over the values 0..4 (duplicates included).
        for len in 0..=7u32 {
            for code in 0..4u32.pow(len) {
                let items: Vec<u32> = (0..len).map(|i| (code / 4u32.pow(i)) % 4).collect();
                let mut ours = items.clone();
                sort_by(&mut ours, |a, b| a < b);
                let mut std = items.clone();
                std.sort_unstable();
                assert_eq!(ours, std, "{items:?}");
            }
        }
    }

    #[test]
    fn a_long_reversed_list_and_a_custom_order() {
        let mut items: Vec<i64> = (0..5000).rev().collect();
        sort_by(&mut items, |a, b| a < b);
        assert!(items.windows(2).all(|w| matches!(w, [a, b] if a < b)));
        let mut words = vec!["pear", "fig", "apple", "kiwi"];
        sort_by(&mut words, |a, b| (a.len(), *a) < (b.len(), *b));
        assert_eq!(words, ["fig", "kiwi", "pear", "apple"]);
    }
}
