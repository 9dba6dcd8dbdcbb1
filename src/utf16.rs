//! JavaScript string lengths and cuts, in UTF-16 code units, that never split a
//! surrogate pair: the one place the core counts or cuts by `.length`.
//!
//! Every cap the core applies is counted the way JavaScript counts `.length`. A Rust
//! `char` outside the BMP is two units; a cut that would leave half of it out leaves
//! all of it out instead. Each walk stops one character past its limit, so a huge
//! string costs only its prefix.

/// `s.length` in JavaScript.
pub fn js_len(s: &str) -> usize {
    // A UTF-8 string is never shorter in bytes than in UTF-16 units, and ASCII is
    // equal: skip the walk when the byte length already answers.
    if s.is_ascii() {
        return s.len();
    }
    s.chars().map(char::len_utf16).sum()
}

/// The longest prefix of `s` that fits in `max` UTF-16 units, its length in units,
/// and whether anything was left out. Walks at most `max + 1` characters.
pub fn prefix(s: &str, max: usize) -> (&str, usize, bool) {
    // A UTF-8 byte never stands for more than one UTF-16 unit: the whole fits.
    if s.len() <= max {
        return (s, js_len(s), false);
    }
    // ASCII up to the cap: one unit per byte, so the cut is a byte index, and the
    // character after it is one more unit.
    if s.as_bytes().get(..max).is_some_and(<[u8]>::is_ascii) {
        return (s.get(..max).unwrap_or(""), max, true);
    }
    let mut units = 0usize;
    for (byte, c) in s.char_indices() {
        let n = c.len_utf16();
        if units + n > max {
            return (s.get(..byte).unwrap_or(""), units, true);
        }
        units += n;
    }
    (s, units, false)
}

/// Byte offset of the longest prefix of `s` that holds at most `max_units` UTF-16
/// code units. The cut never splits a character, so an astral character whose
/// surrogate pair would straddle the limit is left out whole.
pub(crate) fn utf16_prefix_end(s: &str, max_units: usize) -> usize {
    prefix(s, max_units).0.len()
}

/// Whether `s` is longer than `limit` UTF-16 code units; stops counting early.
pub(crate) fn utf16_len_exceeds(s: &str, limit: usize) -> bool {
    // No more bytes than the limit: no more units (nothing to count).
    s.len() > limit && prefix(s, limit).2
}

/// `s` itself when it fits in `max_units` UTF-16 units; otherwise its first
/// `max_units - ellipsis` units (never half a surrogate pair) followed by `ellipsis`.
pub(crate) fn cut_utf16(s: &str, max_units: usize, ellipsis: &str) -> String {
    if !utf16_len_exceeds(s, max_units) {
        return s.to_owned();
    }
    let keep = max_units.saturating_sub(ellipsis.encode_utf16().count());
    let end = utf16_prefix_end(s, keep);
    let mut out = String::with_capacity(end + ellipsis.len());
    out.push_str(s.get(..end).unwrap_or_default());
    out.push_str(ellipsis);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_count_utf16_units_and_never_split_a_pair() {
        assert_eq!(cut_utf16("abcdef", 6, "..."), "abcdef");
        assert_eq!(cut_utf16("abcdefg", 6, "..."), "abc...");
        // Each 😀 is two units: 3 units of room hold one of them, not one and a half.
        assert_eq!(cut_utf16("😀😀😀😀", 6, "..."), "😀...");
        assert_eq!(utf16_prefix_end("a😀", 2), 1);
        assert!(!utf16_len_exceeds("😀😀", 4));
        assert!(utf16_len_exceeds("😀😀a", 4));
    }

    #[test]
    fn a_prefix_is_the_same_whichever_path_finds_it() {
        // ASCII up to the cap, then not: the byte cut and the walk agree.
        assert_eq!(prefix("abc😀", 3), ("abc", 3, true));
        assert_eq!(prefix("ab😀c", 3), ("ab", 2, true));
        assert_eq!(prefix("ab😀", 4), ("ab😀", 4, false));
        assert_eq!(prefix("é", 1), ("é", 1, false));
        assert_eq!(prefix("", 0), ("", 0, false));
        assert_eq!(prefix("a", 0), ("", 0, true));
        for s in ["", "a", "abc", "😀", "a😀b", "ééé", "😀😀😀"] {
            for max in 0..8 {
                let (kept, units, cut) = prefix(s, max);
                let walked = s.chars().scan(0, |u, c| {
                    *u += c.len_utf16();
                    Some(*u)
                });
                let fit = walked.take_while(|u| *u <= max).count();
                let expect: String = s.chars().take(fit).collect();
                assert_eq!((kept, units, cut), (expect.as_str(), js_len(&expect), js_len(s) > max), "{s:?} {max}");
                assert_eq!(utf16_len_exceeds(s, max), js_len(s) > max, "{s:?} {max}");
            }
        }
    }
}
