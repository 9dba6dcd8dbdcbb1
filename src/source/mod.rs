//! Issues from validators other than Zod, read as the Zod 4 issue that says the same
//! mistake, and no more: Valibot ([`valibot`]), ArkType ([`arktype`]) and any Standard
//! Schema issue that is only `{ message, path }` ([`standard`], Effect's among them), and
//! JSON Schema validators' errors (Ajv's, @cfworker/json-schema's: [`ajv`]).
//!
//! The JS layer reads each such issue once (`lib/sources.js`): only the fields that
//! describe the schema (a code or kind, the path's keys, what was expected, a bound),
//! never the fields that hold what the caller sent (`input`, `received`, `data`,
//! `actual`, a message built from them), and marks it with [`SOURCE_KEY`]. The core
//! writes the Zod 4 issue, its message as Zod 4 words it for the same mistake (`received`
//! from the arguments' JSON type at the path, when they were given), and both dialects
//! render that. Zod's own issues pass unchanged.

pub(crate) mod ajv;
pub(crate) mod arktype;
pub(crate) mod standard;
pub(crate) mod valibot;
mod zod4;

use crate::value::Value;
use std::borrow::Cow;

/// The field the JS layer's reader marks an issue of another validator with; its value
/// names the validator.
pub const SOURCE_KEY: &str = "~source";
/// [`SOURCE_KEY`]'s value on a Valibot issue.
pub const VALIBOT: &str = "valibot";
/// … on an ArkType error.
pub const ARKTYPE: &str = "arktype";
/// … on an Ajv error, and on an @cfworker/json-schema output unit read into its shape.
pub const AJV: &str = "ajv";
/// … on a Standard Schema issue of any other validator.
pub const STANDARD: &str = "standard";
/// Path segments the JS layer reads of such an issue (as many as a renderer reads).
pub const MAX_PATH: usize = crate::zod::issue::MAX_PATH_SEGMENTS;

/// Nested issue lists (union branches) followed at most (the JS layer reads no deeper).
pub const MAX_DEPTH: usize = 8;
/// Nested issues read at most per issue.
pub const MAX_NESTED: usize = 64;

/// `issues` with every marked issue replaced by its Zod 4 issue (`issues` themselves,
/// borrowed, when none is marked). `args`: the arguments as they crossed. A JSON Schema
/// error that only wraps others is left out: [`Normalised::left_out`] counts them, so a
/// caller's total can leave them out too.
pub fn normalise<'a>(issues: &'a [Value<'a>], args: Option<&Value<'_>>) -> Normalised<'a> {
    if !issues.iter().any(|i| i.get(SOURCE_KEY).is_some()) {
        return Normalised { issues: Cow::Borrowed(issues), left_out: 0 };
    }
    let kept: Vec<&Value> = issues.iter().filter(|i| !(is_source(i, AJV) && ajv::wraps(i))).collect();
    let left_out = issues.len() - kept.len();
    let read: Vec<Value<'static>> = kept.into_iter().map(|issue| one(issue, args, 0, &[])).collect();
    Normalised { issues: Cow::Owned(read), left_out }
}

/// One JSON Schema error of a Rust validator (the `jsonschema` crate's), given in Ajv's
/// shape (`keyword`, `params`, for `required` and `type` maybe `error`), as the Zod 4
/// issue [`ajv`] reads it as: at `path`, relative to `instance`, the value it failed on
/// (only its JSON types along `path` are read, for `received`).
#[cfg(feature = "jsonschema")]
pub(crate) fn json_schema_error(raw: &Value<'_>, path: &[Value<'static>], instance: &Value<'_>) -> Value<'static> {
    ajv::issue(raw, path, Some(instance))
}

/// Zod 4's `invalid_union` at `path`, one issue list per branch.
#[cfg(feature = "jsonschema")]
pub(crate) fn json_schema_union(path: &[Value<'static>], branches: Vec<Vec<Value<'static>>>) -> Value<'static> {
    zod4::union(path, branches)
}

/// Issues read as Zod 4 issues.
#[derive(Debug, Clone, PartialEq)]
pub struct Normalised<'a> {
    pub issues: Cow<'a, [Value<'a>]>,
    /// Errors left out because they only wrap others.
    pub left_out: usize,
}

fn is_source(issue: &Value<'_>, source: &str) -> bool {
    issue.get(SOURCE_KEY).and_then(Value::as_str) == Some(source)
}

/// One issue as Zod 4 would have reported the same mistake (a Zod issue unchanged).
/// `base`: the path of the union it is nested in (Valibot writes none on a union's
/// nested issues: theirs is the union's).
fn one(issue: &Value<'_>, args: Option<&Value<'_>>, depth: usize, base: &[Value<'static>]) -> Value<'static> {
    let path = path_of(issue, base);
    match issue.get(SOURCE_KEY).and_then(Value::as_str) {
        Some(VALIBOT) => valibot::issue(issue, &path, args, depth),
        Some(ARKTYPE) => arktype::issue(issue, &path, args, depth),
        Some(AJV) => ajv::issue(issue, &path, args),
        Some(_) => standard::issue(issue, &path),
        None => issue.to_owned_value(),
    }
}

/// The nested issues of `issue` under `key`, each read as [`one`] reads it; none past
/// the depth cap.
fn nested(
    issue: &Value<'_>,
    key: &str,
    path: &[Value<'static>],
    args: Option<&Value<'_>>,
    depth: usize,
) -> Vec<Value<'static>> {
    if depth >= MAX_DEPTH {
        return Vec::new();
    }
    let list = issue.get(key).and_then(Value::as_array).unwrap_or_default();
    list.iter().take(MAX_NESTED).map(|i| one(i, args, depth + 1, path)).collect()
}

/// The issue's path: the keys the JS layer read from it, or `base` when it has none.
fn path_of(issue: &Value<'_>, base: &[Value<'static>]) -> Vec<Value<'static>> {
    match issue.get("path").and_then(Value::as_array) {
        Some(keys) if !keys.is_empty() => keys.iter().map(Value::to_owned_value).collect(),
        _ => base.to_vec(),
    }
}

/// A nested issue's path made relative to the union at `union_path` (Valibot and ArkType
/// write a union's nested issues at their full paths; Zod 4 from the union).
fn relative_to(mut issue: Value<'static>, union_path: &[Value<'static>]) -> Value<'static> {
    if let Value::Object(entries) = &mut issue {
        for (key, value) in entries.iter_mut() {
            if let (true, Value::Array(segments)) = (key == "path", value) {
                if segments.starts_with(union_path) {
                    segments.drain(..union_path.len());
                }
            }
        }
    }
    issue
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(text: &str) -> Value<'static> {
        Value::parse_json(text).unwrap_or(Value::Null)
    }

    fn one_of(issue: &str, args: &str) -> String {
        let issues = [v(issue)];
        let args = v(args);
        normalise(&issues, Some(&args)).issues.first().map(Value::to_json).unwrap_or_default()
    }

    #[test]
    fn zod_issues_alone_are_left_to_the_caller() {
        let issues = [v(r#"{"code":"custom","path":[],"message":"m"}"#)];
        let read = normalise(&issues, None);
        assert!(matches!(read.issues, Cow::Borrowed(_)));
        assert_eq!(read.left_out, 0);
    }

    #[test]
    fn valibot_issues_read_as_zod_4_words_the_same_mistake() {
        let args = r#"{"n":"x","list":[1],"s":"ab","mode":"c"}"#;
        assert_eq!(
            one_of(r#"{"~source":"valibot","kind":"schema","type":"number","expected":"number","path":["n"]}"#, args),
            r#"{"code":"invalid_type","expected":"number","path":["n"],"message":"Invalid input: expected number, received string"}"#
        );
        assert_eq!(
            one_of(
                r#"{"~source":"valibot","kind":"schema","type":"picklist","expected":"(\"a\" | \"b\")","path":["mode"]}"#,
                args
            ),
            r#"{"code":"invalid_value","values":["a","b"],"path":["mode"],"message":"Invalid option: expected one of \"a\"|\"b\""}"#
        );
        assert_eq!(
            one_of(
                r#"{"~source":"valibot","kind":"validation","type":"min_length","requirement":3,"path":["s"]}"#,
                args
            ),
            r#"{"code":"too_small","origin":"string","minimum":3,"inclusive":true,"path":["s"],"message":"Too small: expected string to have >=3 characters"}"#
        );
        assert_eq!(
            one_of(
                r#"{"~source":"valibot","kind":"validation","type":"min_length","requirement":2,"path":["list"]}"#,
                args
            ),
            r#"{"code":"too_small","origin":"array","minimum":2,"inclusive":true,"path":["list"],"message":"Too small: expected array to have >=2 items"}"#
        );
        assert_eq!(
            one_of(
                r#"{"~source":"valibot","kind":"schema","type":"strict_object","expected":"never","path":["extra"],"pathOrigin":"key"}"#,
                args
            ),
            r#"{"code":"unrecognized_keys","keys":["extra"],"path":[],"message":"Unrecognized key: \"extra\""}"#
        );
        // A missing key: Valibot does not say its type, so neither does the issue.
        assert_eq!(
            one_of(
                r#"{"~source":"valibot","kind":"schema","type":"object","expected":"\"q\"","path":["q"],"pathOrigin":"key"}"#,
                args
            ),
            r#"{"code":"custom","path":["q"],"message":"Invalid input: expected a value, received undefined"}"#
        );
        // A kind this table does not map says what Valibot expected, never what was sent.
        assert_eq!(
            one_of(
                r#"{"~source":"valibot","kind":"validation","type":"starts_with","expected":"\"x\"","path":["s"]}"#,
                args
            ),
            r#"{"code":"custom","path":["s"],"message":"Invalid input: expected \"x\""}"#
        );
    }

    #[test]
    fn arktype_errors_read_as_zod_4_words_the_same_mistake() {
        let args = r#"{"n":"x","gt":5,"mode":"c","re":"abc"}"#;
        assert_eq!(
            one_of(r#"{"~source":"arktype","code":"domain","domain":"number","path":["n"]}"#, args),
            r#"{"code":"invalid_type","expected":"number","path":["n"],"message":"Invalid input: expected number, received string"}"#
        );
        assert_eq!(
            one_of(r#"{"~source":"arktype","code":"required","missing":"a string","path":["q"]}"#, args),
            r#"{"code":"invalid_type","expected":"string","path":["q"],"message":"Invalid input: expected string, received undefined"}"#
        );
        assert_eq!(
            one_of(r#"{"~source":"arktype","code":"min","rule":5,"exclusive":true,"path":["gt"]}"#, args),
            r#"{"code":"too_small","origin":"number","minimum":5,"inclusive":false,"path":["gt"],"message":"Too small: expected number to be >5"}"#
        );
        assert_eq!(
            one_of(r#"{"~source":"arktype","code":"pattern","rule":"^x","path":["re"]}"#, args),
            r#"{"code":"invalid_format","origin":"string","format":"regex","pattern":"/^x/","path":["re"],"message":"Invalid string: must match pattern /^x/"}"#
        );
        let union = r#"{"~source":"arktype","code":"union","path":["mode"],"errors":[{"~source":"arktype","code":"unit","unit":"a","path":["mode"]},{"~source":"arktype","code":"unit","unit":"b","path":["mode"]}]}"#;
        assert_eq!(
            one_of(union, args),
            r#"{"code":"invalid_value","values":["a","b"],"path":["mode"],"message":"Invalid option: expected one of \"a\"|\"b\""}"#
        );
        let mixed = r#"{"~source":"arktype","code":"union","path":["u"],"errors":[{"~source":"arktype","code":"domain","domain":"string","path":["u"]},{"~source":"arktype","code":"unit","unit":1,"path":["u","k"]}]}"#;
        assert_eq!(
            one_of(mixed, r#"{"u":true}"#),
            r#"{"code":"invalid_union","errors":[[{"code":"invalid_type","expected":"string","path":[],"message":"Invalid input: expected string, received boolean"}],[{"code":"invalid_value","values":[1],"path":["k"],"message":"Invalid input: expected 1"}]],"path":["u"],"message":"Invalid input"}"#
        );
        assert_eq!(
            one_of(r#"{"~source":"arktype","code":"predicate","expected":"removed","path":["a","extra"]}"#, args),
            r#"{"code":"unrecognized_keys","keys":["extra"],"path":["a"],"message":"Unrecognized key: \"extra\""}"#
        );
    }

    #[test]
    fn json_schema_errors_read_as_zod_4_words_the_same_mistake() {
        let args = r#"{"n":5,"o":{}}"#;
        assert_eq!(
            one_of(
                r#"{"~source":"ajv","keyword":"exclusiveMinimum","path":["n"],"params":{"limit":5,"comparison":">"}}"#,
                args
            ),
            r#"{"code":"too_small","origin":"number","minimum":5,"inclusive":false,"path":["n"],"message":"Too small: expected number to be >5"}"#
        );
        // Ajv names the missing property; @cfworker/json-schema's text does.
        let ajv = r#"{"~source":"ajv","keyword":"required","path":["o"],"params":{"missingProperty":"q"}}"#;
        let cfworker = r#"{"~source":"ajv","keyword":"required","path":["o"],"params":{},"error":"Instance does not have required property \"q\"."}"#;
        let expected =
            r#"{"code":"custom","path":["o","q"],"message":"Invalid input: expected a value, received undefined"}"#;
        assert_eq!(one_of(ajv, args), expected);
        assert_eq!(one_of(cfworker, args), expected);
        // Without the schema, @cfworker/json-schema's `type` unit says the type in its text.
        assert_eq!(
            one_of(
                r#"{"~source":"ajv","keyword":"type","path":["n"],"params":{},"error":"Instance type \"number\" is invalid. Expected \"string\"."}"#,
                args
            ),
            r#"{"code":"invalid_type","expected":"string","path":["n"],"message":"Invalid input: expected string, received number"}"#
        );
        assert_eq!(
            one_of(r#"{"~source":"ajv","keyword":"false","path":["o","x"],"params":{}}"#, args),
            r#"{"code":"unrecognized_keys","keys":["x"],"path":["o"],"message":"Unrecognized key: \"x\""}"#
        );
        // Errors that only wrap others are left out, and counted.
        let issues = [
            v(r#"{"~source":"ajv","keyword":"properties","path":[],"params":{}}"#),
            v(r#"{"~source":"ajv","keyword":"additionalProperties","path":[],"params":{}}"#),
            v(r#"{"~source":"ajv","keyword":"type","path":["n"],"params":{"type":"integer"}}"#),
        ];
        let args = v(args);
        let out = normalise(&issues, Some(&args));
        assert_eq!(out.left_out, 2);
        assert_eq!(
            out.issues.iter().map(Value::to_json).collect::<Vec<_>>(),
            [
                r#"{"code":"invalid_type","expected":"int","path":["n"],"message":"Invalid input: expected int, received number"}"#
            ]
        );
    }

    #[test]
    fn a_standard_message_that_repeats_what_was_sent_reads_invalid_input() {
        let issue = |message: &str, sent: &str| {
            let raw = Value::object([
                ("~source", Value::str("standard")),
                ("message", Value::str(message)),
                ("path", v(r#"["k"]"#)),
                ("sent", Value::str(sent)),
            ]);
            normalise(&[raw], None).issues.first().and_then(|i| i.get("message")).map(Value::to_json)
        };
        assert_eq!(issue("Expected number", "sk-live-1234567890abcdef").as_deref(), Some(r#""Expected number""#));
        assert_eq!(
            issue(r#"Expected number, got "sk-live-1234567890abcdef""#, "sk-live-1234567890abcdef").as_deref(),
            Some(r#""Invalid input""#)
        );
        // A value printed cut short is still found by its first characters.
        assert_eq!(issue(r#"got "sk-live-12345…""#, "sk-live-1234567890abcdef").as_deref(), Some(r#""Invalid input""#));
        assert_eq!(issue("", "x").as_deref(), Some(r#""Invalid input""#));
    }

    #[test]
    fn nesting_stops_at_its_depth_cap() {
        let mut issue = r#"{"~source":"valibot","kind":"schema","type":"number","expected":"number"}"#.to_owned();
        for _ in 0..20 {
            issue = format!(r#"{{"~source":"valibot","kind":"schema","type":"union","issues":[{issue}]}}"#);
        }
        let out = one_of(&issue, "{}");
        // The top-level union, then one per list followed.
        assert_eq!(out.matches("invalid_union").count(), MAX_DEPTH + 1);
        assert!(!out.contains("invalid_type"), "{out}");
    }
}
