//! The one reader of the value an issue path points at in what the caller sent.
//!
//! It walks the path as JavaScript property access would (`args?.[a]?.[b]`), each
//! segment read by [`Segment`]: a key into an object, an index into an array, an
//! array's `length`; anything else is `undefined`. On a bounded copy of the arguments
//! it reports the original's sizes (see [`crate::sizes`]): a list the copy cut reads
//! as [`At::List`] with its true length, and so does its `length`; a `Date` the copy
//! wrote as its ISO text reads as [`At::Date`].
//!
//! Both dialects read from here and keep only their own wording: the XML dialect
//! prints what was sent (`You sent: …`, an empty path is `(missing)`), the JSON-RPC
//! dialect only whether a value arrived and its JSON type ([`Arriving`]).

use crate::sizes::{TrueSizes, NO_CUTS};
use crate::value::Value;

use super::path::Segment;

/// Segments walked at most; a longer path reads as [`At::Missing`]. Above both
/// dialects' own path caps, so it only bounds a caller that passes no cap.
pub const MAX_WALK_SEGMENTS: usize = 4096;

/// What a path reaches.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum At<'v> {
    /// `undefined`: nothing there.
    Missing,
    Value(&'v Value<'v>),
    /// An array's `length`, which a JS property lookup would find.
    Length(usize),
    /// A list of this many entries (more than a bounded copy of it holds).
    List(usize),
    /// A `Date`, which the copy wrote as its ISO text (this string): see [`copied_date`].
    Date(&'v Value<'v>),
}

/// Whether `node` stands for a `Date`: the JS layer's copy (`copyJson` with
/// `markDates`) writes a Date as its ISO text and records that string's true size as
/// its own UTF-16 length. No cut writes such a record (a cut string is always longer
/// than what the copy kept), so no string the caller sent can pass for a Date.
pub fn copied_date(node: &Value, sizes: &TrueSizes<'_>) -> bool {
    match (node, sizes.of(node)) {
        (Value::String(text), Some(size)) => text.encode_utf16().take(size.saturating_add(1)).count() == size,
        _ => false,
    }
}

/// The value at `path` in `root` (`None` is `undefined`); an empty path is the root.
pub fn value_at<'v, 'p>(
    root: Option<&'v Value<'v>>,
    path: impl IntoIterator<Item = &'p Value<'p>>,
    sizes: &TrueSizes<'_>,
) -> At<'v> {
    let mut current = match root {
        Some(v) => At::Value(v),
        None => return At::Missing,
    };
    for (walked, raw) in path.into_iter().enumerate() {
        if walked >= MAX_WALK_SEGMENTS {
            return At::Missing;
        }
        let segment = Segment::of(raw);
        current = match current {
            At::Value(node @ Value::Object(_)) => {
                segment.object_key().and_then(|key| node.get(&key)).map_or(At::Missing, At::Value)
            }
            At::Value(node @ Value::Array(items)) => match segment {
                Segment::Key("length") => At::Length(sizes.len_of(node, items)),
                _ => segment.array_index().and_then(|i| items.get(i)).map_or(At::Missing, At::Value),
            },
            _ => return At::Missing,
        };
    }
    match current {
        At::Value(node @ Value::Array(items)) if sizes.of(node).is_some() => At::List(sizes.len_of(node, items)),
        At::Value(node) if copied_date(node, sizes) => At::Date(node),
        other => other,
    }
}

/// What the caller sent at a path, as far as the JSON-RPC wording needs: present or
/// not, and its JSON type.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Arriving {
    Absent,
    Null,
    Bool,
    Number(f64),
    String,
    Array,
    Object,
}

impl Arriving {
    /// An array's `length` is no value the caller sent: absent.
    pub fn of(at: At<'_>) -> Arriving {
        match at {
            At::Missing | At::Length(_) => Arriving::Absent,
            At::List(_) => Arriving::Array,
            // JSON would send a Date as its ISO text.
            At::Date(_) => Arriving::String,
            At::Value(value) => match value {
                Value::Null => Arriving::Null,
                Value::Bool(_) => Arriving::Bool,
                Value::Number(n) => Arriving::Number(*n),
                Value::String(_) => Arriving::String,
                Value::Array(_) => Arriving::Array,
                Value::Object(_) => Arriving::Object,
            },
        }
    }

    pub fn is_absent(self) -> bool {
        self == Arriving::Absent
    }
}

/// What arrived at `path` in the arguments (`None` is `undefined`; an empty path is
/// the arguments themselves).
pub fn arriving_at(args: Option<&Value>, path: &[&Value]) -> Arriving {
    Arriving::of(value_at(args, path.iter().copied(), &NO_CUTS))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(text: &str) -> Value<'static> {
        Value::parse_json(text).unwrap()
    }

    fn path(json: &str) -> Vec<Value<'static>> {
        match v(json) {
            Value::Array(items) => items,
            other => vec![other],
        }
    }

    fn at<'v>(root: &'v Value<'v>, p: &str) -> At<'v> {
        value_at(Some(root), path(p).iter(), &NO_CUTS)
    }

    #[test]
    fn walks_like_javascript_property_access() {
        let args = v(r#"{"a":{"b":[1,null,{"c":"x"}]},"n":2.5,"1":"one"}"#);
        assert_eq!(at(&args, r#"["a","b",2,"c"]"#), At::Value(&Value::str("x")));
        assert_eq!(at(&args, r#"["a","b","1"]"#), At::Value(&Value::Null));
        assert_eq!(at(&args, r#"["a","b",3]"#), At::Missing);
        // A number key into an object is its string.
        assert_eq!(at(&args, "[1]"), At::Value(&Value::str("one")));
        // Through a primitive, or with a segment that is no key: undefined.
        assert_eq!(at(&args, r#"["n","x"]"#), At::Missing);
        assert_eq!(at(&args, "[true]"), At::Missing);
        assert_eq!(at(&args, "[null]"), At::Missing);
        // Standard Schema `{ key }` segments.
        assert_eq!(at(&args, r#"[{"key":"a"},{"key":"b"},{"key":0}]"#), At::Value(&Value::Number(1.0)));
        assert_eq!(at(&args, "[]"), At::Value(&args));
        assert_eq!(value_at(None, path("[]").iter(), &NO_CUTS), At::Missing);
    }

    #[test]
    fn array_indices_follow_the_one_rule() {
        let args = v(r#"[10,11,12]"#);
        assert_eq!(at(&args, "[0]"), At::Value(&Value::Number(10.0)));
        assert_eq!(at(&args, "[-0]"), At::Value(&Value::Number(10.0)));
        assert_eq!(at(&args, r#"["2"]"#), At::Value(&Value::Number(12.0)));
        for miss in [r#"["02"]"#, r#"["1.0"]"#, "[1.5]", "[-1]", "[3]", r#"[""]"#, "[4294967295]"] {
            assert_eq!(at(&args, miss), At::Missing, "{miss}");
        }
        assert_eq!(at(&args, r#"["length"]"#), At::Length(3));
        // `length` is a number: nothing beneath it.
        assert_eq!(at(&args, r#"["length","x"]"#), At::Missing);
        // An object's `length` is an ordinary key.
        let obj = v(r#"{"length":"L"}"#);
        assert_eq!(at(&obj, r#"["length"]"#), At::Value(&Value::str("L")));
    }

    #[test]
    fn a_cut_list_reports_its_true_length() {
        let root = v(r#"{"xs":[1,2]}"#);
        // The value of the root's entry 0 (`xs`) had 70,000 entries.
        let sizes = TrueSizes::locate(&root, &[70_000, 0, 1, 0]);
        let xs = path(r#"["xs"]"#);
        assert_eq!(value_at(Some(&root), xs.iter(), &sizes), At::List(70_000));
        let len = path(r#"["xs","length"]"#);
        assert_eq!(value_at(Some(&root), len.iter(), &sizes), At::Length(70_000));
        // An entry past the copy is not there to read.
        let far = path(r#"["xs",5]"#);
        assert_eq!(value_at(Some(&root), far.iter(), &sizes), At::Missing);
        // Uncut, the same list is the value itself.
        assert!(matches!(value_at(Some(&root), xs.iter(), &NO_CUTS), At::Value(Value::Array(_))));
    }

    #[test]
    fn a_string_recorded_at_its_own_length_is_a_copied_date() {
        let root = v(r#"{"when":"2024-01-01T00:00:00.000Z","note":"2024-01-01T00:00:00.000Z","cut":"abc"}"#);
        // `when` carries a record of its own length (24); `cut` one of more than it holds.
        let sizes = TrueSizes::locate(&root, &[24, 0, 1, 0, 70_000, 0, 1, 2]);
        let when = root.get("when").unwrap();
        assert_eq!(value_at(Some(&root), path(r#"["when"]"#).iter(), &sizes), At::Date(when));
        // The same text without the record is a string; a cut string is no Date.
        assert!(matches!(value_at(Some(&root), path(r#"["note"]"#).iter(), &sizes), At::Value(Value::String(_))));
        assert!(matches!(value_at(Some(&root), path(r#"["cut"]"#).iter(), &sizes), At::Value(Value::String(_))));
        assert!(!copied_date(when, &NO_CUTS));
        // Nothing lies beneath a Date, and JSON would send it as a string.
        assert_eq!(value_at(Some(&root), path(r#"["when","length"]"#).iter(), &sizes), At::Missing);
        assert_eq!(Arriving::of(At::Date(when)), Arriving::String);
    }

    #[test]
    fn a_path_past_the_walk_cap_is_missing() {
        let mut deep = Value::Number(1.0);
        for _ in 0..MAX_WALK_SEGMENTS + 1 {
            deep = Value::Array(vec![deep]);
        }
        let zero = Value::Number(0.0);
        let within = vec![&zero; MAX_WALK_SEGMENTS];
        assert!(matches!(value_at(Some(&deep), within.iter().copied(), &NO_CUTS), At::Value(Value::Array(_))));
        let past = vec![&zero; MAX_WALK_SEGMENTS + 1];
        assert_eq!(value_at(Some(&deep), past.iter().copied(), &NO_CUTS), At::Missing);
    }

    #[test]
    fn arriving_is_the_json_type_and_length_is_not_sent() {
        let args = v(r#"{"a":[1],"s":"x","o":{},"z":null,"b":true,"n":3}"#);
        let arriving = |p: &str| {
            let p = path(p);
            let refs: Vec<&Value<'static>> = p.iter().collect();
            arriving_at(Some(&args), &refs)
        };
        assert_eq!(arriving(r#"["a"]"#), Arriving::Array);
        assert_eq!(arriving(r#"["s"]"#), Arriving::String);
        assert_eq!(arriving(r#"["o"]"#), Arriving::Object);
        assert_eq!(arriving(r#"["z"]"#), Arriving::Null);
        assert_eq!(arriving(r#"["b"]"#), Arriving::Bool);
        assert_eq!(arriving(r#"["n"]"#), Arriving::Number(3.0));
        assert_eq!(arriving(r#"["a","length"]"#), Arriving::Absent);
        assert_eq!(arriving(r#"["gone"]"#), Arriving::Absent);
        assert_eq!(arriving("[]"), Arriving::Object);
        assert_eq!(arriving_at(None, &[]), Arriving::Absent);
        assert_eq!(Arriving::of(At::List(9)), Arriving::Array);
    }
}
