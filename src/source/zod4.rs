//! The Zod 4 issues a mapped issue becomes, each with the message Zod 4 writes for it.

use crate::value::{js_number_string, Value};
use crate::zod::{arriving_at, Arriving};

/// The JSON type names Zod 4 writes after `received`.
fn received(args: Option<&Value<'_>>, path: &[Value<'static>]) -> Option<&'static str> {
    let args = args?;
    let segments: Vec<&Value> = path.iter().collect();
    Some(match arriving_at(Some(args), &segments) {
        Arriving::Absent => "undefined",
        Arriving::Null => "null",
        Arriving::Bool => "boolean",
        Arriving::Number(n) if n.is_nan() => "NaN",
        Arriving::Number(_) => "number",
        Arriving::String => "string",
        Arriving::Array => "array",
        Arriving::Object => "object",
    })
}

/// Zod 4's name for an integer type given what arrived at `path`: `int` of a number
/// (`z.number().int()` says `expected int` of a fraction), `number` of anything else.
pub(super) fn integer_name(args: Option<&Value<'_>>, path: &[Value<'static>]) -> &'static str {
    match received(args, path) {
        Some("number" | "NaN") | None => "int",
        Some(_) => "number",
    }
}

/// Whether what arrived at `path` is a list (a length bound then counts items).
pub(super) fn arrived_list(args: Option<&Value<'_>>, path: &[Value<'static>]) -> bool {
    received(args, path) == Some("array")
}

fn issue(code: &str, path: &[Value<'static>], fields: Vec<(&str, Value<'static>)>, message: String) -> Value<'static> {
    let mut entries: Vec<(String, Value<'static>)> = vec![("code".to_owned(), Value::str(code))];
    entries.extend(fields.into_iter().map(|(k, v)| (k.to_owned(), v)));
    entries.push(("path".to_owned(), Value::Array(path.to_vec())));
    entries.push(("message".to_owned(), Value::str(message)));
    Value::object(entries)
}

/// `invalid_type`: `expected` a Zod 4 type name (`number`, `int`, `array`, …). When the
/// validator did not say which, a `custom` issue with the same words and no type: an
/// `invalid_type` without `expected` reads `Expected type: undefined.` in the XML dialect.
pub(super) fn invalid_type(
    path: &[Value<'static>],
    expected: Option<&str>,
    args: Option<&Value<'_>>,
) -> Value<'static> {
    let mut message = String::from("Invalid input: expected ");
    message.push_str(expected.unwrap_or("a value"));
    if let Some(r) = received(args, path) {
        message.push_str(", received ");
        message.push_str(r);
    }
    match expected {
        Some(e) => issue("invalid_type", path, vec![("expected", Value::str(e))], message),
        None => issue("custom", path, Vec::new(), message),
    }
}

/// `invalid_value`: one of `values`.
pub(super) fn invalid_value(path: &[Value<'static>], values: Vec<Value<'static>>) -> Value<'static> {
    let shown: Vec<String> = values.iter().map(Value::to_json).collect();
    let message = match shown.as_slice() {
        [one] => format!("Invalid input: expected {one}"),
        _ => format!("Invalid option: expected one of {}", shown.join("|")),
    };
    issue("invalid_value", path, vec![("values", Value::Array(values))], message)
}

/// What a size bound measures, as Zod 4's `origin` says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Origin {
    String,
    Array,
    Number,
}

/// `too_small` (`small`) or `too_big`: at least / at most `bound`, itself allowed when
/// `inclusive`.
pub(super) fn size_bound(
    path: &[Value<'static>],
    origin: Origin,
    small: bool,
    bound: f64,
    inclusive: bool,
) -> Value<'static> {
    let (name, unit) = match origin {
        Origin::String => ("string", Some("characters")),
        Origin::Array => ("array", Some("items")),
        Origin::Number => ("number", None),
    };
    let op = match (small, inclusive) {
        (true, true) => ">=",
        (true, false) => ">",
        (false, true) => "<=",
        (false, false) => "<",
    };
    let n = js_number_string(bound);
    let message = match unit {
        Some(unit) => format!("Too {}: expected {name} to have {op}{n} {unit}", if small { "small" } else { "big" }),
        None => format!("Too {}: expected {name} to be {op}{n}", if small { "small" } else { "big" }),
    };
    let (code, key) = if small { ("too_small", "minimum") } else { ("too_big", "maximum") };
    let fields = vec![("origin", Value::str(name)), (key, Value::Number(bound)), ("inclusive", Value::Bool(inclusive))];
    issue(code, path, fields, message)
}

/// `invalid_format` of a pattern, written `/source/flags` as a RegExp prints.
pub(super) fn pattern(path: &[Value<'static>], written: &str) -> Value<'static> {
    let fields =
        vec![("origin", Value::str("string")), ("format", Value::str("regex")), ("pattern", Value::str(written))];
    issue("invalid_format", path, fields, format!("Invalid string: must match pattern {written}"))
}

/// `invalid_format` of a named string format (`email`, `url`, `uuid`).
pub(super) fn format(path: &[Value<'static>], format: &str, message: &str) -> Value<'static> {
    let fields = vec![("origin", Value::str("string")), ("format", Value::str(format))];
    issue("invalid_format", path, fields, message.to_owned())
}

/// `unrecognized_keys`: `key` in the object at `path`.
pub(super) fn unknown_key(path: &[Value<'static>], key: Value<'static>) -> Value<'static> {
    let message = format!("Unrecognized key: {}", key.to_json());
    issue("unrecognized_keys", path, vec![("keys", Value::Array(vec![key]))], message)
}

/// `not_multiple_of`.
pub(super) fn multiple_of(path: &[Value<'static>], divisor: f64) -> Value<'static> {
    let message = format!("Invalid number: must be a multiple of {}", js_number_string(divisor));
    issue("not_multiple_of", path, vec![("divisor", Value::Number(divisor))], message)
}

/// `invalid_union` with one issue list per branch.
pub(super) fn union(path: &[Value<'static>], branches: Vec<Vec<Value<'static>>>) -> Value<'static> {
    let errors = Value::Array(branches.into_iter().map(Value::Array).collect());
    issue("invalid_union", path, vec![("errors", errors)], "Invalid input".to_owned())
}

/// `custom` reading `Invalid input`: what a validator's issue says when it says no more.
pub(super) fn invalid(path: &[Value<'static>]) -> Value<'static> {
    custom(path, "Invalid input".to_owned())
}

/// `custom`, with a message that holds nothing the caller sent.
pub(super) fn custom(path: &[Value<'static>], message: String) -> Value<'static> {
    issue("custom", path, Vec::new(), message)
}

/// The Zod 4 type names a validator's own type name can be read as.
pub(super) fn type_name(name: &str) -> Option<&'static str> {
    Some(match name {
        "string" => "string",
        "number" => "number",
        "bigint" => "bigint",
        "boolean" => "boolean",
        "symbol" => "symbol",
        "null" => "null",
        "undefined" => "undefined",
        "object" => "object",
        "array" | "Array" => "array",
        "date" | "Date" => "date",
        "function" | "Function" => "function",
        "integer" | "int" => "int",
        _ => return None,
    })
}
