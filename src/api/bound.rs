//! The caps the npm package applies to a server's own values before the core sees them
//! (its JS layer copies every value it is handed bounded), applied here to the same
//! values, so the Rust API writes the same bytes and its output is bounded by the same
//! caps, not by the size of what it is given.

use crate::js_constants::{COPY_DEFAULT, WIRE_STRING_UNITS, WIRE_TRUNCATED, WIRE_VALUE_LIMIT};
use crate::jsonrpc::ContractEntry;
use crate::utf16::prefix;
use crate::value::Value;
use std::borrow::Cow;

/// A server's own string (a code, a message, a field name …): at most this many UTF-16 units.
pub(crate) const TEXT_UNITS: usize = COPY_DEFAULT.string_units;
/// A server's own list (actions, details): at most this many entries.
pub(crate) const LIST_ENTRIES: usize = COPY_DEFAULT.entries;

/// JavaScript's `text.slice(0, units)` as the core receives it: a surrogate pair the
/// cut halves leaves its high half, which crosses as U+FFFD.
pub(crate) fn js_slice(text: &str, units: usize) -> Cow<'_, str> {
    let (kept, kept_units, cut) = prefix(text, units);
    if !cut {
        return Cow::Borrowed(text);
    }
    if kept_units < units {
        // The next character is astral and its pair straddles the cut.
        return Cow::Owned([kept, "\u{FFFD}"].concat());
    }
    Cow::Borrowed(kept)
}

/// The npm `cutText`: at most `units` UTF-16 units (never half a pair), then `…`.
pub(crate) fn cut_text(text: &str, units: usize) -> Cow<'_, str> {
    let (kept, _, cut) = prefix(text, units);
    if cut {
        Cow::Owned([kept, "…"].concat())
    } else {
        Cow::Borrowed(text)
    }
}

/// A server's own string as the npm layer hands it on ([`TEXT_UNITS`], `…`).
pub(crate) fn author_text(text: &str) -> Cow<'_, str> {
    cut_text(text, TEXT_UNITS)
}

/// An McpError's `data` as the npm package sends it: an object's fields (an array's
/// indices as keys, as `Object.keys` reads it), each string in it cut at
/// [`WIRE_STRING_UNITS`] with `…`, a field holding more than [`WIRE_VALUE_LIMIT`] values
/// sent as [`WIRE_TRUNCATED`]; any other data is not sent.
pub(crate) fn wire_data(data: Option<&Value<'_>>) -> Option<Value<'static>> {
    let fields: Vec<(Cow<'static, str>, Value<'static>)> = match data? {
        Value::Object(fields) => fields.iter().map(|(k, v)| (Cow::Owned(k.to_string()), wire_field(v))).collect(),
        Value::Array(items) => {
            items.iter().enumerate().map(|(i, v)| (Cow::Owned(i.to_string()), wire_field(v))).collect()
        }
        _ => return None,
    };
    Some(Value::Object(fields))
}

/// One field of `data`: its strings cut, or [`WIRE_TRUNCATED`] past [`WIRE_VALUE_LIMIT`] values.
fn wire_field(value: &Value<'_>) -> Value<'static> {
    let mut count = 0usize;
    let mut stack = vec![value];
    while let Some(v) = stack.pop() {
        count += 1;
        if count > WIRE_VALUE_LIMIT {
            return Value::str(WIRE_TRUNCATED);
        }
        match v {
            Value::Array(items) => stack.extend(items.iter()),
            Value::Object(fields) => stack.extend(fields.iter().map(|(_, v)| v)),
            _ => {}
        }
    }
    cut_strings(value)
}

/// The value with every string (keys kept whole, as JSON.stringify's replacer sees only values) cut.
fn cut_strings(value: &Value<'_>) -> Value<'static> {
    // Built bottom-up without recursion: a post-order walk over an explicit stack.
    enum Step<'v, 'a> {
        Enter(&'v Value<'a>),
        Array(usize),
        Object(Vec<Cow<'static, str>>),
    }
    let mut steps = vec![Step::Enter(value)];
    let mut built: Vec<Value<'static>> = Vec::new();
    while let Some(step) = steps.pop() {
        match step {
            Step::Enter(Value::String(s)) => {
                built.push(Value::String(Cow::Owned(cut_text(s, WIRE_STRING_UNITS).into_owned())))
            }
            Step::Enter(Value::Array(items)) => {
                steps.push(Step::Array(items.len()));
                steps.extend(items.iter().rev().map(Step::Enter));
            }
            Step::Enter(Value::Object(fields)) => {
                steps.push(Step::Object(fields.iter().map(|(k, _)| Cow::Owned(k.to_string())).collect()));
                steps.extend(fields.iter().rev().map(|(_, v)| Step::Enter(v)));
            }
            Step::Enter(other) => built.push(other.to_owned_value()),
            Step::Array(n) => {
                let items = built.split_off(built.len().saturating_sub(n));
                built.push(Value::Array(items));
            }
            Step::Object(keys) => {
                let values = built.split_off(built.len().saturating_sub(keys.len()));
                built.push(Value::Object(keys.into_iter().zip(values).collect()));
            }
        }
    }
    built.pop().unwrap_or(Value::Null)
}

/// A declared contract as the npm package copies it before the core reads it: each
/// string at most [`TEXT_UNITS`] long (a plain cut, as its bounded copy makes).
pub(crate) fn contract(entries: &[ContractEntry]) -> Vec<ContractEntry> {
    let text = |t: &String| js_slice(t, TEXT_UNITS).into_owned();
    entries
        .iter()
        .map(|e| ContractEntry {
            reason: text(&e.reason),
            code: e.code,
            when: text(&e.when),
            recovery: text(&e.recovery),
            retryable: e.retryable,
            severity: e.severity.as_ref().map(text),
            thrown_by: e.thrown_by.as_ref().map(text),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slice_that_halves_a_pair_leaves_a_replacement_character() {
        assert_eq!(js_slice("ab😀c", 3), "ab\u{FFFD}");
        assert_eq!(js_slice("ab😀c", 4), "ab😀");
        assert_eq!(js_slice("abc", 5), "abc");
    }

    #[test]
    fn cut_text_never_halves_a_pair_and_ends_in_an_ellipsis() {
        assert_eq!(cut_text("ab😀c", 3), "ab…");
        assert_eq!(cut_text("abcd", 2), "ab…");
        assert_eq!(cut_text("ab", 2), "ab");
    }

    #[test]
    fn wire_data_cuts_strings_and_keeps_only_objects_and_arrays() {
        let long = "x".repeat(WIRE_STRING_UNITS + 5);
        let data = Value::object([("a", Value::Array(vec![Value::str(long.as_str())]))]);
        let sent = wire_data(Some(&data)).unwrap_or(Value::Null);
        let kept = sent.get("a").and_then(Value::as_array).and_then(<[Value]>::first).and_then(Value::as_str);
        assert_eq!(kept.map(crate::utf16::js_len), Some(WIRE_STRING_UNITS + 1));
        assert_eq!(wire_data(Some(&Value::str("x"))), None);
        let list = Value::Array(vec![Value::Bool(true)]);
        assert_eq!(wire_data(Some(&list)).map(|v| v.to_json()), Some(r#"{"0":true}"#.to_owned()));
    }
}
