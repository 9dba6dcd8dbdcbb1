//! The nesting a value may have when it enters the core through the Rust API.
//!
//! The core walks values recursively, which is safe for what it reads itself (its
//! parser refuses nesting past [`MAX_PARSE_DEPTH`]) but not for a `Value` a caller built
//! by hand. Each entry of the API passes caller values through [`shallow`] first: a
//! container nested deeper than [`CUT_DEPTH`] is replaced by [`UNREADABLE`], what the
//! npm package's copy puts where it stops reading. The cut is twice the parser's depth,
//! so a value too deep for the core's reader stays too deep once cut, and what the core
//! writes for it is what it writes for the whole value (and for the npm package's).

use crate::js_constants::UNREADABLE;
use crate::value::{Value, MAX_PARSE_DEPTH};
use std::borrow::Cow;

/// Where a caller's value is cut: twice what the core's reader accepts.
pub(crate) const CUT_DEPTH: usize = 2 * MAX_PARSE_DEPTH;

/// Whether `value` nests no deeper than [`CUT_DEPTH`] (looked at iteratively).
fn within(value: &Value<'_>) -> bool {
    let mut stack: Vec<(&Value<'_>, usize)> = vec![(value, 0)];
    while let Some((value, depth)) = stack.pop() {
        let children: &mut dyn Iterator<Item = &Value<'_>> = match value {
            Value::Array(items) => &mut items.iter(),
            Value::Object(fields) => &mut fields.iter().map(|(_, v)| v),
            _ => continue,
        };
        if depth >= CUT_DEPTH {
            return false;
        }
        stack.extend(children.map(|child| (child, depth + 1)));
    }
    true
}

/// A copy with every container at depth [`CUT_DEPTH`] replaced; recursion bounded by
/// that depth.
fn cut(value: &Value<'_>, depth: usize) -> Value<'static> {
    match value {
        Value::Array(_) | Value::Object(_) if depth >= CUT_DEPTH => Value::str(UNREADABLE),
        Value::Array(items) => Value::Array(items.iter().map(|v| cut(v, depth + 1)).collect()),
        Value::Object(fields) => {
            Value::Object(fields.iter().map(|(k, v)| (Cow::Owned(k.to_string()), cut(v, depth + 1))).collect())
        }
        other => other.to_owned_value(),
    }
}

/// `value` itself when it nests within [`CUT_DEPTH`], else a copy cut there.
pub(crate) fn shallow<'v>(value: &'v Value<'v>) -> Cow<'v, Value<'v>> {
    if within(value) {
        Cow::Borrowed(value)
    } else {
        Cow::Owned(cut(value, 0))
    }
}

/// An owned `value` within the core's depth (a deeper one is taken apart without
/// recursion once cut).
pub(crate) fn shallow_owned(value: Value<'_>) -> Value<'static> {
    if within(&value) {
        return value.into_owned();
    }
    let kept = cut(&value, 0);
    dismantle(value);
    kept
}

/// Drops `value` one container at a time: dropping a deep value the ordinary way
/// recurses once per level.
fn dismantle(value: Value<'_>) {
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        match value {
            Value::Array(items) => stack.extend(items),
            Value::Object(fields) => stack.extend(fields.into_iter().map(|(_, v)| v)),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nested(depth: usize) -> Value<'static> {
        (0..depth).fold(Value::Null, |inner, _| Value::Array(vec![inner]))
    }

    #[test]
    fn values_within_the_cut_depth_pass_untouched() {
        let deepest = nested(CUT_DEPTH);
        assert!(matches!(shallow(&deepest), Cow::Borrowed(_)));
    }

    #[test]
    fn a_deeper_value_is_cut_and_stays_too_deep_for_the_reader() {
        let deeper = nested(CUT_DEPTH + 1);
        let text = shallow(&deeper).into_owned().to_json();
        assert!(text.contains("\"[Unreadable]\""));
        assert_eq!(text.matches('[').count(), CUT_DEPTH + 1, "CUT_DEPTH arrays, then the marker");
        // Too deep for the core's reader before the cut and after it.
        assert!(Value::parse_json(&deeper.to_json()).is_err());
        assert!(Value::parse_json(&text).is_err());
    }

    #[test]
    fn a_very_deep_value_costs_no_recursion() {
        // Built iteratively; checking it must not recurse 100,000 deep.
        let deep = nested(100_000);
        assert!(!within(&deep));
        let cut = shallow_owned(deep);
        assert!(cut.to_json().contains("\"[Unreadable]\""));
    }
}
