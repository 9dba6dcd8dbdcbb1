//! Feature `serde`: a failed `serde_json` deserialisation of a tool's arguments, read as
//! the Zod 4 issue a Zod schema of the same shape gives for the same wrong input, so
//! both dialects write for a Rust server what they write for a TypeScript one.
//!
//! serde says what it expected and what it got in its error's message (`invalid type:
//! integer `5`, expected a string`); the path comes from `serde_path_to_error`. The
//! message is read up to a cap (its head and its tail), and nothing of it that holds
//! what the caller sent (a string, a number, an unknown variant) is copied: only its
//! JSON type, its sign or whether a string was empty is read from it.
//!
//! | serde says | Zod 4 issue (a Zod schema of the same shape) |
//! |---|---|
//! | `invalid type: <got>, expected a string` / `a boolean` / `f64` / `a sequence` / `struct X` / `a map` / `unit` | `invalid_type { expected: string / boolean / number / array / object / null }`, received the JSON type sent |
//! | `invalid type: floating point …, expected u8` (any integer type) | `invalid_type { expected: int, format: safeint }` (`z.number().int()`) |
//! | `invalid type: <not a number>, expected u8` | `invalid_type { expected: number }` |
//! | `invalid value: integer …, expected u8` (out of its range) | `too_small` / `too_big` of a number at the type's bound (`z.number().int().min(0).max(255)`) |
//! | `invalid value: string …, expected a character` | `too_small` / `too_big`, `exact`, of a string (`z.string().length(1)`) |
//! | `invalid length N, expected a tuple of size K` / `an array of length K` | `too_small` / `too_big` of an array (`z.tuple`) |
//! | `missing field `f`` | at `path.f`: what Zod says of the schema's property `f` (`invalid_value` of an enum, `invalid_type` received `undefined`); without a schema, or when it says no type, a `custom` issue with `invalid_type`'s words and the type unsaid: `Invalid input: expected a value, received undefined` |
//! | `unknown field `k`, …` | `unrecognized_keys { keys: [k] }` at the object |
//! | `unknown variant …, expected one of `a`, `b`` | `invalid_value { values: [a, b] }` (never the variant sent) |
//! | `invalid type: …, expected string or map` / `enum X` (an enum given no string) | `invalid_value` with the schema's `enum` at the path, else `custom` |
//! | a JSON syntax error (`serde_json::from_str`) | `invalid_format { format: json_string }`: `Invalid JSON string` |
//! | anything else (a `Deserialize` impl's own message, `duplicate field`, an untagged enum) | `custom`: `Invalid input` (the message is never copied) |

use super::issue::{Issue, PathSegment};
use super::schema_lookup::{self, invalid_value};
use crate::value::{js_number_string, Value};
use serde::de::DeserializeOwned;
use std::fmt::{self, Write as _};

/// Bytes of the message's head kept.
const HEAD: usize = 1024;
/// Bytes of the message's tail kept (where `, expected …` is).
const TAIL: usize = 512;
/// Path segments kept (as many as a renderer reads).
const MAX_PATH: usize = crate::source::MAX_PATH;

/// The issues of a failed deserialisation through `serde_path_to_error` (one: serde
/// stops at its first error), at the path it failed at: a map key is a key, a sequence
/// index an index, an enum's variant a key (`{ "A": … }`). `schema`: the tool's JSON
/// Schema, read only where serde does not say what was expected (a missing field's type,
/// an enum's values).
///
/// ```
/// use mcp_envelope::{format_validation, issues_from_serde, Issue, Validation, Value};
/// use serde::Deserialize;
///
/// #[derive(Deserialize)]
/// struct Weather {
///     #[allow(dead_code)]
///     city: String,
/// }
///
/// let args = serde_json::json!({ "city": 5 });
/// let error = serde_path_to_error::deserialize::<_, Weather>(&args).err().unwrap();
/// let issues = issues_from_serde(&error, None);
/// assert_eq!(issues, [Issue::invalid_type("string", "number").at(["city"])]);
///
/// let sent = Value::from_serde(&args);
/// let rejection = format_validation(&issues, &Validation::new("get_weather").args(&sent));
/// assert_eq!(
///     rejection.message,
///     "Input validation error: Invalid arguments for tool get_weather: city: Invalid input: expected string, received number"
/// );
/// ```
pub fn issues_from_serde(
    error: &serde_path_to_error::Error<serde_json::Error>,
    schema: Option<&Value<'_>>,
) -> Vec<Issue> {
    let mut path = Vec::new();
    for segment in error.path().iter().take(MAX_PATH) {
        match segment {
            serde_path_to_error::Segment::Seq { index } => {
                path.push(PathSegment::Index(u32::try_from(*index).unwrap_or(u32::MAX)));
            }
            serde_path_to_error::Segment::Map { key } => path.push(PathSegment::Key(key.clone())),
            serde_path_to_error::Segment::Enum { variant } => path.push(PathSegment::Key(variant.clone())),
            // Where serde lost the path, the issue stays at the last place it knew.
            _ => break,
        }
    }
    vec![issue(error.inner(), path, schema, true)]
}

/// The issues of a failed `serde_json::from_value` / `from_str` without a path (at the
/// root): what [`issues_from_serde`] reads, for an error that does not say where it
/// happened. Prefer `serde_path_to_error` (or [`deserialize_args`]): Zod's issue names
/// the field.
///
/// ```
/// use mcp_envelope::issues_from_serde_json;
///
/// let error = serde_json::from_value::<u8>(serde_json::json!(300)).err().unwrap();
/// let issues = issues_from_serde_json(&error, None);
/// assert_eq!(issues[0].message(), "Too big: expected number to be <=255");
///
/// let syntax = serde_json::from_str::<Vec<u8>>("[1,").err().unwrap();
/// assert_eq!(issues_from_serde_json(&syntax, None)[0].message(), "Invalid JSON string");
/// ```
pub fn issues_from_serde_json(error: &serde_json::Error, schema: Option<&Value<'_>>) -> Vec<Issue> {
    vec![issue(error, Vec::new(), schema, false)]
}

/// The arguments as `T`, or the issues that say why they are not (through
/// `serde_path_to_error`, so each issue has its path): a tool handler's first line.
///
/// ```
/// use mcp_envelope::{deserialize_args, Issue};
/// use serde::Deserialize;
///
/// #[derive(Deserialize, Debug)]
/// #[serde(deny_unknown_fields)]
/// struct Search {
///     query: String,
///     limit: Option<u8>,
/// }
///
/// let ok: Search = deserialize_args(&serde_json::json!({ "query": "rust", "limit": 5 }), None).unwrap();
/// assert_eq!((ok.query.as_str(), ok.limit), ("rust", Some(5)));
///
/// let bad = deserialize_args::<Search>(&serde_json::json!({ "query": "rust", "lim": 5 }), None);
/// assert_eq!(bad.err(), Some(vec![Issue::unrecognized_keys(&["lim"])]));
/// ```
pub fn deserialize_args<T: DeserializeOwned>(
    args: &serde_json::Value,
    schema: Option<&Value<'_>>,
) -> Result<T, Vec<Issue>> {
    serde_path_to_error::deserialize(args).map_err(|error| issues_from_serde(&error, schema))
}

/// The head and the tail of an error's message, each bounded, and whether they are
/// the whole message.
#[derive(Default)]
struct Capped {
    head: String,
    tail: String,
    len: usize,
}

impl Capped {
    fn of(error: &serde_json::Error) -> Capped {
        let mut capped = Capped::default();
        // Capped never fails a write.
        let _ = write!(capped, "{error}");
        // serde_json ends a positioned error with ` at line L column C`: not serde's words.
        if error.line() > 0 {
            let suffix = format!(" at line {} column {}", error.line(), error.column());
            if capped.len <= HEAD && capped.head.ends_with(&suffix) {
                capped.head.truncate(capped.head.len() - suffix.len());
            }
            if capped.tail.ends_with(&suffix) {
                capped.tail.truncate(capped.tail.len() - suffix.len());
            }
        }
        capped
    }

    /// The whole message, when it fit in the head.
    fn whole(&self) -> Option<&str> {
        (self.len <= HEAD).then_some(self.head.as_str())
    }
}

impl fmt::Write for Capped {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.len = self.len.saturating_add(s.len());
        // The head: up to HEAD bytes, cut at a character boundary.
        if self.head.len() <= HEAD {
            let room = HEAD + 1 - self.head.len();
            self.head.push_str(prefix_within(s, room));
        }
        // The tail: the last TAIL bytes seen.
        self.tail.push_str(suffix_within(s, TAIL));
        if self.tail.len() > 2 * TAIL {
            let keep = suffix_within(&self.tail, TAIL).to_owned();
            self.tail = keep;
        }
        Ok(())
    }
}

/// The longest prefix of `s` of at most `max` bytes that ends on a character boundary.
fn prefix_within(s: &str, max: usize) -> &str {
    let mut end = max.min(s.len());
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    s.get(..end).unwrap_or_default()
}

/// The longest suffix of `s` of at most `max` bytes that starts on a character boundary.
fn suffix_within(s: &str, max: usize) -> &str {
    let mut start = s.len().saturating_sub(max);
    while !s.is_char_boundary(start) {
        start += 1;
    }
    s.get(start..).unwrap_or_default()
}

/// What serde says it expected, in Zod's terms.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Expected {
    /// A Zod type name.
    Type(&'static str),
    /// An integer type, with its range.
    Int {
        min: f64,
        max: f64,
    },
    /// A `char`: a string of one character.
    Char,
    /// An enum (its values are the schema's).
    Enum,
    /// A tuple or array of this many items.
    Items(f64),
    Unknown,
}

fn expected(text: &str) -> Expected {
    let int = |min: f64, max: f64| Expected::Int { min, max };
    match text {
        "a string" | "a borrowed string" | "string" => Expected::Type("string"),
        "a boolean" | "bool" => Expected::Type("boolean"),
        "f32" | "f64" => Expected::Type("number"),
        "a sequence" | "a map" | "map" | "unit" => Expected::Type(match text {
            "a sequence" => "array",
            "unit" => "null",
            _ => "object",
        }),
        "a character" | "char" => Expected::Char,
        "u8" => int(0.0, f64::from(u8::MAX)),
        "u16" => int(0.0, f64::from(u16::MAX)),
        "u32" => int(0.0, f64::from(u32::MAX)),
        // The bounds as JavaScript would print them (u64::MAX is 18446744073709552000).
        #[allow(clippy::cast_precision_loss)]
        "u64" | "usize" => int(0.0, u64::MAX as f64),
        #[allow(clippy::cast_precision_loss)]
        "u128" => int(0.0, u128::MAX as f64),
        "i8" => int(f64::from(i8::MIN), f64::from(i8::MAX)),
        "i16" => int(f64::from(i16::MIN), f64::from(i16::MAX)),
        "i32" => int(f64::from(i32::MIN), f64::from(i32::MAX)),
        #[allow(clippy::cast_precision_loss)]
        "i64" | "isize" => int(i64::MIN as f64, i64::MAX as f64),
        #[allow(clippy::cast_precision_loss)]
        "i128" => int(i128::MIN as f64, i128::MAX as f64),
        "string or map" | "variant identifier" => Expected::Enum,
        _ if text.starts_with("struct ") => Expected::Type("object"),
        _ if text.starts_with("enum ") => Expected::Enum,
        _ if text.starts_with("tuple struct ") => Expected::Type("array"),
        _ => match text.strip_prefix("a tuple of size ").or_else(|| text.strip_prefix("an array of length ")) {
            Some(n) => n.parse::<u32>().map_or(Expected::Unknown, |n| Expected::Items(f64::from(n))),
            None => Expected::Unknown,
        },
    }
}

/// What serde says it got (`Unexpected`'s words), in Zod's terms: its JSON type, and
/// for a number whether it was negative, for a string whether it was empty.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Got {
    Number { negative: bool, integer: bool },
    String { empty: bool },
    Type(&'static str),
    Unknown,
}

fn got(text: &str) -> Got {
    if let Some(rest) = text.strip_prefix("integer `") {
        return Got::Number { negative: rest.starts_with('-'), integer: true };
    }
    if let Some(rest) = text.strip_prefix("floating point `") {
        return Got::Number { negative: rest.starts_with('-'), integer: false };
    }
    if let Some(rest) = text.strip_prefix("string \"") {
        return Got::String { empty: rest.starts_with("\", expected ") };
    }
    if text.starts_with("character `") {
        return Got::String { empty: false };
    }
    let word = text.split_once(", expected ").map_or(text, |(w, _)| w);
    match word {
        "boolean `true`" | "boolean `false`" => Got::Type("boolean"),
        "null" | "unit value" => Got::Type("null"),
        "sequence" => Got::Type("array"),
        "map" => Got::Type("object"),
        "number" => Got::Number { negative: false, integer: false },
        _ => Got::Unknown,
    }
}

impl Got {
    fn zod_name(self) -> Option<&'static str> {
        match self {
            Got::Number { .. } => Some("number"),
            Got::String { .. } => Some("string"),
            Got::Type(name) => Some(name),
            Got::Unknown => None,
        }
    }
}

/// The text after the message's last `, expected ` (in its tail).
fn expected_text(capped: &Capped) -> Option<&str> {
    capped.tail.rsplit_once(", expected ").map(|(_, e)| e)
}

/// The names in serde's list of what it expected: `` `a` ``, `` `a` or `b` ``,
/// `` one of `a`, `b`, `c` ``.
fn names(list: &str) -> Option<Vec<&str>> {
    let list = list.strip_prefix("one of ").unwrap_or(list);
    let inner = list.strip_prefix('`')?.strip_suffix('`')?;
    let split: Vec<&str> = if list.starts_with("`") && inner.contains("` or `") && !inner.contains("`, `") {
        inner.split("` or `").collect()
    } else {
        inner.split("`, `").collect()
    };
    (!split.is_empty()).then_some(split)
}

fn issue(error: &serde_json::Error, mut path: Vec<PathSegment>, schema: Option<&Value<'_>>, has_path: bool) -> Issue {
    if matches!(error.classify(), serde_json::error::Category::Syntax | serde_json::error::Category::Eof) {
        let fields = [("origin", Value::str("string")), ("code", Value::str("invalid_format"))];
        return zod_issue(&fields, &[("format", Value::str("json_string"))], path, "Invalid JSON string");
    }
    let capped = Capped::of(error);
    let head = capped.head.as_str();
    let schema_here = |path: &[PathSegment]| schema.and_then(|s| schema_lookup::at_path(s, path));

    if head.starts_with("missing field `") {
        // A field name is the server's own: read whole, or not at all.
        let Some(name) = capped.whole().and_then(|w| w.strip_prefix("missing field `")?.strip_suffix('`')) else {
            return Issue::custom("Invalid input").at(path);
        };
        path.push(PathSegment::Key(name.to_owned()));
        let property = schema_here(&path);
        return schema_lookup::missing(path, property, schema.unwrap_or(&Value::Null));
    }
    if head.starts_with("unknown field `") {
        // The key is the caller's: the path names it (Zod names it too), or the whole message.
        let key = match (has_path, path.last()) {
            (true, Some(PathSegment::Key(key))) => Some(key.clone()),
            (true, _) => None,
            (false, _) => capped.whole().and_then(unknown_key).map(str::to_owned),
        };
        if has_path {
            path.pop();
        }
        return match key {
            Some(key) => Issue::unrecognized_keys(&[key.as_str()]).at(path),
            None => Issue::custom("Invalid input").at(path),
        };
    }
    if head.starts_with("unknown variant `") {
        let values = expected_text(&capped)
            .and_then(names)
            .map(|n| n.into_iter().map(Value::str).collect::<Vec<_>>())
            .or_else(|| schema_here(&path).and_then(schema_lookup::allowed_values));
        return match values {
            Some(values) => invalid_value(values).at(path),
            None => Issue::custom("Invalid input").at(path),
        };
    }
    if let Some(rest) = head.strip_prefix("invalid type: ") {
        let want = expected_text(&capped).map_or(Expected::Unknown, expected);
        return invalid_type(got(rest), want, path, schema_here);
    }
    if let Some(rest) = head.strip_prefix("invalid value: ") {
        let want = expected_text(&capped).map_or(Expected::Unknown, expected);
        return invalid_value_of(got(rest), want, path);
    }
    if let Some(rest) = head.strip_prefix("invalid length ") {
        let sent = rest.split_once(',').and_then(|(n, _)| n.parse::<u32>().ok());
        let want = expected_text(&capped);
        return match (sent, want.map(expected)) {
            (Some(n), Some(Expected::Items(k))) if f64::from(n) < k => tuple_bound("too_small", "minimum", k, path),
            (Some(n), Some(Expected::Items(k))) if f64::from(n) > k => tuple_bound("too_big", "maximum", k, path),
            (Some(_), _) if want == Some("fewer elements in array") => {
                match schema_here(&path).and_then(tuple_length) {
                    Some(k) => tuple_bound("too_big", "maximum", k, path),
                    None => Issue::custom("Invalid input").at(path),
                }
            }
            _ => Issue::custom("Invalid input").at(path),
        };
    }
    Issue::custom("Invalid input").at(path)
}

/// The key of `unknown field `k`, expected …` / `…, there are no fields`.
fn unknown_key(whole: &str) -> Option<&str> {
    let rest = whole.strip_prefix("unknown field `")?;
    if let Some(key) = rest.strip_suffix("`, there are no fields") {
        return Some(key);
    }
    rest.rsplit_once("`, expected ").map(|(key, _)| key)
}

/// The number of items a tuple's schema holds.
fn tuple_length(node: &Value<'_>) -> Option<f64> {
    if let Some(max) = node.get("maxItems").and_then(Value::as_f64) {
        return Some(max);
    }
    let items = node.get("prefixItems").or_else(|| node.get("items")).and_then(Value::as_array)?;
    u32::try_from(items.len()).ok().map(f64::from)
}

fn invalid_type<'s>(
    got: Got,
    want: Expected,
    path: Vec<PathSegment>,
    schema_here: impl Fn(&[PathSegment]) -> Option<&'s Value<'s>>,
) -> Issue {
    let received = got.zod_name();
    match (want, received) {
        (Expected::Int { .. }, Some("number")) => {
            let fields = [("expected", Value::str("int")), ("format", Value::str("safeint"))];
            zod_issue(
                &fields,
                &[("code", Value::str("invalid_type"))],
                path,
                "Invalid input: expected int, received number",
            )
        }
        (Expected::Int { .. }, Some(received)) => Issue::invalid_type("number", received).at(path),
        (Expected::Char, Some(received)) => Issue::invalid_type("string", received).at(path),
        (Expected::Items(_), Some(received)) => Issue::invalid_type("array", received).at(path),
        (Expected::Type(expected), Some(received)) => Issue::invalid_type(expected, received).at(path),
        (Expected::Enum, _) => match schema_here(&path).and_then(schema_lookup::allowed_values) {
            Some(values) => invalid_value(values).at(path),
            None => Issue::custom("Invalid input").at(path),
        },
        _ => Issue::custom("Invalid input").at(path),
    }
}

fn invalid_value_of(got: Got, want: Expected, path: Vec<PathSegment>) -> Issue {
    match (want, got) {
        (Expected::Int { min, max }, Got::Number { negative, integer: true }) => {
            let (code, key, bound, op) =
                if negative { ("too_small", "minimum", min, ">=") } else { ("too_big", "maximum", max, "<=") };
            let size = if negative { "small" } else { "big" };
            let message = format!("Too {size}: expected number to be {op}{}", js_number_string(bound));
            let fields = [("origin", Value::str("number")), ("code", Value::str(code)), (key, Value::Number(bound))];
            zod_issue(&fields, &[("inclusive", Value::Bool(true))], path, &message)
        }
        (Expected::Char, Got::String { empty }) => {
            let (code, key, size) =
                if empty { ("too_small", "minimum", "small") } else { ("too_big", "maximum", "big") };
            let message = format!("Too {size}: expected string to have exactly 1 characters");
            let fields = [("origin", Value::str("string")), ("code", Value::str(code)), (key, Value::Number(1.0))];
            zod_issue(&fields, &[("inclusive", Value::Bool(true)), ("exact", Value::Bool(true))], path, &message)
        }
        _ => Issue::custom("Invalid input").at(path),
    }
}

/// Zod 4's bound of a tuple's length (`z.tuple`): `code` and its bound first, `origin` last.
fn tuple_bound(code: &str, key: &str, bound: f64, path: Vec<PathSegment>) -> Issue {
    let (size, op) = if code == "too_small" { ("small", ">=") } else { ("big", "<=") };
    let message = format!("Too {size}: expected array to have {op}{} items", js_number_string(bound));
    let fields = [("code", Value::str(code)), (key, Value::Number(bound)), ("inclusive", Value::Bool(true))];
    zod_issue(&fields, &[("origin", Value::str("array"))], path, &message)
}

/// An issue with these fields in this order, then `path` and `message`: Zod 4's order.
fn zod_issue(
    first: &[(&str, Value<'static>)],
    then: &[(&str, Value<'static>)],
    path: Vec<PathSegment>,
    message: &str,
) -> Issue {
    let mut fields: Vec<(String, Value<'static>)> =
        first.iter().chain(then).map(|(k, v)| ((*k).to_owned(), v.clone())).collect();
    fields.push(("path".to_owned(), Value::Array(Vec::new())));
    fields.push(("message".to_owned(), Value::str(message)));
    Issue::from_value(Value::object(fields)).unwrap_or_else(|| Issue::custom("Invalid input")).at(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_capped_reader_keeps_a_head_and_a_tail_on_character_boundaries() {
        let mut capped = Capped::default();
        let long = "é".repeat(3000);
        let _ = write!(capped, "invalid type: string \"{long}\", expected a string");
        assert!(capped.head.len() <= HEAD + 1 && capped.tail.len() <= 2 * TAIL);
        assert!(capped.whole().is_none());
        assert_eq!(expected_text(&capped), Some("a string"));
        assert!(capped.head.starts_with("invalid type: string \"é"));
    }

    #[test]
    fn serde_lists_of_names_are_read() {
        assert_eq!(names("`a`"), Some(vec!["a"]));
        assert_eq!(names("`a` or `b`"), Some(vec!["a", "b"]));
        assert_eq!(names("one of `a`, `b`, `c`"), Some(vec!["a", "b", "c"]));
        assert_eq!(names("a string"), None);
    }

    #[test]
    fn what_serde_got_is_read_as_its_json_type_only() {
        assert_eq!(got("integer `-5`, expected u8"), Got::Number { negative: true, integer: true });
        assert_eq!(got("string \"\", expected a character"), Got::String { empty: true });
        assert_eq!(got("string \"x\", expected a character"), Got::String { empty: false });
        assert_eq!(got("null, expected a string"), Got::Type("null"));
        assert_eq!(got("byte array, expected a string"), Got::Unknown);
    }
}
