//! The one reading of an issue path segment, and the one array-index rule.
//!
//! Zod writes a segment as the key itself (a string, or a number for an array
//! index); Standard Schema lets it be `{ key }` (Valibot, ArkType). [`Segment::of`]
//! reads either as the key. Looking a segment up follows JavaScript property
//! access: an object takes a number as its string (`obj[1]` is `obj["1"]`), an array
//! takes a whole number below 2³² − 1, or the canonical string of one (`"12"`, never
//! `"012"`, `"1.0"` or `"-1"`), and anything else is a key the array does not hold.

use std::borrow::Cow;

use crate::sizes::TrueSizes;
use crate::value::{js_number_string, Value};

/// One above the largest array index JavaScript has (`2^32 - 2`).
pub const ARRAY_INDEX_LIMIT: u64 = 4_294_967_295;

/// Whether two raw segments of one parsed copy name the same key: equal as copied,
/// and of one true size where the copy cut them ([`TrueSizes`]). Two segments the
/// copy cut to one prefix are told apart by their lengths.
pub fn same_segment(a: &Value, b: &Value, sizes: &TrueSizes<'_>) -> bool {
    a == b && sizes.of(a.path_key()) == sizes.of(b.path_key())
}

/// A path segment, read as the key it stands for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Segment<'a> {
    Key(&'a str),
    Number(f64),
    Bool(bool),
    Null,
    /// Not a Zod path segment (a list, or an object without `key`).
    Other(&'a Value<'a>),
}

impl<'a> Segment<'a> {
    /// The segment `raw` as a key: `{ key }` unwrapped, anything else as it is.
    pub fn of(raw: &'a Value<'a>) -> Segment<'a> {
        match raw.path_key() {
            Value::String(s) => Segment::Key(s),
            Value::Number(n) => Segment::Number(*n),
            Value::Bool(b) => Segment::Bool(*b),
            Value::Null => Segment::Null,
            other => Segment::Other(other),
        }
    }

    /// The key this segment looks up in an object: a string as it is, a number as
    /// JavaScript prints it; any other segment looks up nothing.
    pub fn object_key(self) -> Option<Cow<'a, str>> {
        match self {
            Segment::Key(key) => Some(Cow::Borrowed(key)),
            Segment::Number(n) => Some(Cow::Owned(js_number_string(n))),
            _ => None,
        }
    }

    /// The index this segment looks up in an array, as JavaScript would.
    pub fn array_index(self) -> Option<usize> {
        match self {
            Segment::Number(n) => number_index(n),
            Segment::Key(key) => canonical_index(key),
            _ => None,
        }
    }
}

/// A whole, non-negative number below [`ARRAY_INDEX_LIMIT`]; `-0` is `0`.
fn number_index(n: f64) -> Option<usize> {
    // NaN fails the first test, the infinities the second (their `fract` is NaN).
    if n >= 0.0 && n.fract() == 0.0 && n < 4_294_967_295.0 {
        // Checked above: a non-negative integer below 2^32 - 1.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        Some(n as usize)
    } else {
        None
    }
}

/// `"12"` → 12; `"012"`, `"1.0"`, `"-1"`, `""` are keys, not indices.
fn canonical_index(key: &str) -> Option<usize> {
    if key.is_empty() || key.len() > 10 || !key.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if key.len() > 1 && key.starts_with('0') {
        return None;
    }
    let n: u64 = key.parse().ok()?;
    if n < ARRAY_INDEX_LIMIT {
        usize::try_from(n).ok()
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seg(json: &str) -> Value<'static> {
        Value::parse_json(json).unwrap()
    }

    #[test]
    fn a_standard_schema_key_object_reads_as_its_key() {
        let a = seg(r#"{"key":"a"}"#);
        assert_eq!(Segment::of(&a), Segment::Key("a"));
        let one = seg(r#"{"key":1}"#);
        assert_eq!(Segment::of(&one), Segment::Number(1.0));
        // No `key`: the object itself, which is no key of anything.
        let bare = seg(r#"{"k":1}"#);
        assert_eq!(Segment::of(&bare), Segment::Other(&bare));
        assert_eq!(Segment::of(&bare).object_key(), None);
        assert_eq!(Segment::of(&bare).array_index(), None);
    }

    #[test]
    fn numbers_index_arrays_only_when_whole_and_in_range() {
        let index = |n: f64| Segment::Number(n).array_index();
        assert_eq!(index(0.0), Some(0));
        assert_eq!(index(-0.0), Some(0));
        assert_eq!(index(7.0), Some(7));
        assert_eq!(index(4_294_967_294.0), Some(4_294_967_294));
        assert_eq!(index(4_294_967_295.0), None);
        assert_eq!(index(-1.0), None);
        assert_eq!(index(1.5), None);
        assert_eq!(index(f64::NAN), None);
        assert_eq!(index(f64::INFINITY), None);
    }

    #[test]
    fn only_canonical_strings_index_arrays() {
        let index = |s: &str| Segment::Key(s).array_index();
        assert_eq!(index("0"), Some(0));
        assert_eq!(index("12"), Some(12));
        assert_eq!(index("4294967294"), Some(4_294_967_294));
        for key in ["", "00", "012", "1.0", "-1", "+1", " 1", "1e3", "4294967295", "99999999999", "length"] {
            assert_eq!(index(key), None, "{key:?}");
        }
    }

    #[test]
    fn objects_take_numbers_as_javascript_prints_them() {
        assert_eq!(Segment::Number(1.0).object_key().as_deref(), Some("1"));
        assert_eq!(Segment::Number(1.5).object_key().as_deref(), Some("1.5"));
        assert_eq!(Segment::Number(1e21).object_key().as_deref(), Some("1e+21"));
        assert_eq!(Segment::Key("012").object_key().as_deref(), Some("012"));
        assert_eq!(Segment::Bool(true).object_key(), None);
        assert_eq!(Segment::Null.object_key(), None);
    }
}
