//! Properties of reading other validators' issues (src/source/): for any marked issue,
//! whatever its fields hold, the reading answers (never a panic), keeps the issue count
//! less the errors that only wrap others, writes Zod 4 issues both renderers read, and
//! never writes what a Standard Schema issue says was sent.
#![cfg(not(target_arch = "wasm32"))]

use mcp_envelope::source::{normalise, AJV, ARKTYPE, SOURCE_KEY, STANDARD, VALIBOT};
use mcp_envelope::Value;
use proptest::prelude::*;
use std::borrow::Cow;

/// Field values: the words the mappings look for, other text, numbers, lists of keys.
fn field() -> impl Strategy<Value = Value<'static>> {
    let word = prop::sample::select(vec![
        "schema",
        "validation",
        "number",
        "string",
        "object",
        "array",
        "picklist",
        "union",
        "variant",
        "strict_object",
        "never",
        "key",
        "min_length",
        "max_value",
        "regex",
        "email",
        "integer",
        "domain",
        "proto",
        "required",
        "unit",
        "minLength",
        "min",
        "pattern",
        "divisor",
        "predicate",
        "removed",
        "type",
        "additionalProperties",
        "false",
        "enum",
        "const",
        "minimum",
        "exclusiveMaximum",
        "format",
        "multipleOf",
        "properties",
        "(\"a\" | \"b\")",
        "\"k\"",
    ]);
    let leaf = prop_oneof![
        word.prop_map(Value::str),
        ".{0,10}".prop_map(Value::str),
        (-1e3f64..1e3).prop_map(Value::Number),
        any::<bool>().prop_map(Value::Bool),
        Just(Value::Null),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map("[a-z]{1,8}", inner, 0..4).prop_map(Value::object),
        ]
    })
}

const FIELDS: [&str; 20] = [
    "kind",
    "type",
    "expected",
    "requirement",
    "path",
    "pathOrigin",
    "issues",
    "code",
    "domain",
    "proto",
    "missing",
    "unit",
    "rule",
    "exclusive",
    "errors",
    "keyword",
    "params",
    "error",
    "message",
    "sent",
];

/// An issue of one of the sources, its fields any of the above, nested ones marked too.
fn issue() -> impl Strategy<Value = Value<'static>> {
    let source = prop::sample::select(vec![VALIBOT, ARKTYPE, AJV, STANDARD, "other"]);
    let one = (source, prop::collection::vec((prop::sample::select(FIELDS.to_vec()), field()), 0..8)).prop_map(
        |(source, fields)| {
            let mut entries: Vec<(String, Value<'static>)> = vec![(SOURCE_KEY.to_owned(), Value::str(source))];
            for (k, v) in fields {
                if !entries.iter().any(|(e, _)| e == k) {
                    entries.push((k.to_owned(), v));
                }
            }
            Value::object(entries)
        },
    );
    one.prop_recursive(3, 16, 3, |inner| {
        (inner.clone(), prop::collection::vec(inner, 0..3)).prop_map(|(outer, nested)| {
            let mut entries: Vec<(String, Value<'static>)> = outer
                .as_object()
                .unwrap_or_default()
                .iter()
                .filter(|(k, _)| k != "issues" && k != "errors")
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect();
            entries.push(("issues".to_owned(), Value::Array(nested.clone())));
            entries.push(("errors".to_owned(), Value::Array(nested)));
            Value::object(entries)
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn any_marked_issue_reads_as_a_zod_4_issue(issues in prop::collection::vec(issue(), 1..6), args in field()) {
        let out = normalise(&issues, Some(&args));
        prop_assert!(matches!(out.issues, Cow::Owned(_)));
        prop_assert_eq!(out.issues.len() + out.left_out, issues.len());
        for read in out.issues.iter() {
            // A code, a path that is a list, a message that is text, no marker left.
            prop_assert!(read.get("code").and_then(Value::as_str).is_some(), "{}", read.to_json());
            prop_assert!(read.get("path").and_then(Value::as_array).is_some(), "{}", read.to_json());
            prop_assert!(read.get("message").and_then(Value::as_str).is_some(), "{}", read.to_json());
            prop_assert!(!read.to_json().contains(SOURCE_KEY), "{}", read.to_json());
        }
    }

    #[test]
    fn a_standard_issue_never_writes_what_was_sent(secret in "[a-zA-Z0-9]{12,40}", before in ".{0,8}", after in ".{0,8}") {
        let message = format!("{before}{secret}{after}");
        let issue = Value::object([
            (SOURCE_KEY, Value::str(STANDARD)),
            ("message", Value::str(message)),
            ("path", Value::Array(vec![Value::str("k")])),
            ("sent", Value::str(secret.clone())),
        ]);
        let issues = [issue];
        let out = normalise(&issues, None);
        let text = out.issues.first().map(Value::to_json).unwrap_or_default();
        prop_assert!(!text.contains(&secret), "{}", text);
        prop_assert!(!text.contains(secret.get(..12).unwrap_or_default()), "{}", text);
    }
}
