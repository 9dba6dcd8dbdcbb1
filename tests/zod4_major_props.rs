#![cfg(not(target_arch = "wasm32"))]
//! Issue 19: a Zod 4 issue without `origin` is never read as Zod 3 unless it carries a
//! field only Zod 3 writes, and the XML dialect then writes what MCP Fusion's Zod 4
//! formatter writes (vinkius-labs/mcp-fusion packages/core/src/core/execution/
//! ValidationErrorFormatter.ts @ 71a95393b4e45db758957f81d0be0f858187a171): a size
//! bound compares with `inclusive !== false`, and `invalid_key` / `invalid_element` get
//! no sentence.

use mcp_envelope::value::Value;
use mcp_envelope::xml::issue_suggestion;
use mcp_envelope::zod::{IssueView, Major};
use proptest::prelude::*;

/// Every code Zod 4 writes.
const ZOD4_CODES: [&str; 11] = [
    "invalid_type",
    "too_big",
    "too_small",
    "invalid_format",
    "not_multiple_of",
    "unrecognized_keys",
    "invalid_union",
    "invalid_key",
    "invalid_element",
    "invalid_value",
    "custom",
];

/// Fields Zod 4 writes on some issue, `origin` left out.
const ZOD4_FIELDS: [&str; 16] = [
    "expected",
    "inclusive",
    "minimum",
    "maximum",
    "exact",
    "format",
    "pattern",
    "divisor",
    "keys",
    "errors",
    "note",
    "issues",
    "values",
    "params",
    "input",
    "continue",
];

/// Fields only Zod 3 writes: a bound's `type`, a union's `unionErrors`, `received`,
/// `validation`, `options`, `fatal`.
const ZOD3_ONLY_FIELDS: [&str; 6] = ["type", "unionErrors", "received", "validation", "options", "fatal"];

fn arb_value() -> impl Strategy<Value = Value<'static>> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        (-5i32..20).prop_map(|n| Value::Number(f64::from(n))),
        "[a-z0-9]{0,6}".prop_map(Value::str),
    ];
    leaf.prop_recursive(2, 8, 3, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..3).prop_map(Value::Array),
            prop::collection::vec(("[a-z]{1,4}", inner), 0..3).prop_map(Value::object),
        ]
    })
}

/// A Zod 4 issue without `origin`: a Zod 4 code, a message and a path, some Zod 4
/// fields, and some fields of names neither major writes.
fn arb_zod4_issue_without_origin() -> impl Strategy<Value = Vec<(String, Value<'static>)>> {
    (
        prop::sample::select(ZOD4_CODES.to_vec()),
        prop::collection::vec((prop::sample::select(ZOD4_FIELDS.to_vec()), arb_value()), 0..6),
        prop::collection::vec(("x[a-z]{0,5}", arb_value()), 0..3),
    )
        .prop_map(|(code, fields, extra)| {
            let mut issue: Vec<(String, Value<'static>)> = vec![
                ("code".into(), Value::str(code)),
                ("path".into(), Value::Array(vec![Value::str("a")])),
                ("message".into(), Value::str("m")),
            ];
            for (name, value) in fields.into_iter().map(|(n, v)| (n.to_owned(), v)).chain(extra) {
                if !issue.iter().any(|(k, _)| *k == name) {
                    issue.push((name, value));
                }
            }
            issue
        })
}

/// MCP Fusion's Zod 4 sentence for a bound without `origin` (its default branch):
/// `Must be ${inclusive !== false ? '>=' : '>'} ${minimum}.` (`<=`/`<` and `maximum`
/// for `too_big`), the bound printed as a template prints it.
fn zod4_default_bound_sentence(issue: &Value<'static>, minimum: bool) -> String {
    let inclusive = issue.get("inclusive") != Some(&Value::Bool(false));
    let op = match (minimum, inclusive) {
        (true, true) => ">=",
        (true, false) => ">",
        (false, true) => "<=",
        (false, false) => "<",
    };
    let bound = match issue.get(if minimum { "minimum" } else { "maximum" }) {
        None => "undefined".to_owned(),
        Some(Value::Number(n)) => format!("{n}"),
        Some(Value::Bool(b)) => b.to_string(),
        Some(Value::Null) => "null".to_owned(),
        Some(Value::String(s)) => s.to_string(),
        Some(Value::Object(_)) => "[object Object]".to_owned(),
        Some(Value::Array(_)) => return String::new(),
    };
    format!("Must be {op} {bound}.")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, ..ProptestConfig::default() })]

    #[test]
    fn a_zod4_issue_without_origin_is_never_read_as_zod3(fields in arb_zod4_issue_without_origin()) {
        let issue = Value::object(fields.clone());
        let view = IssueView::new(&issue);
        prop_assert_ne!(view.major(), Some(Major::Zod3), "{}", issue.to_json());

        let code = view.code();
        if code == "too_small" || code == "too_big" {
            // Read as Zod 4: `inclusive !== false`, the default branch (no origin).
            let minimum = code == "too_small";
            let sentence = zod4_default_bound_sentence(&issue, minimum);
            if !sentence.is_empty() {
                prop_assert_eq!(issue_suggestion(&issue), Some(sentence));
            }
        }
        if code == "invalid_key" || code == "invalid_element" {
            prop_assert_eq!(issue_suggestion(&issue), None);
        }
    }

    #[test]
    fn only_a_zod3_field_makes_a_bound_without_origin_zod3(
        fields in arb_zod4_issue_without_origin(),
        zod3 in prop::sample::select(ZOD3_ONLY_FIELDS.to_vec()),
        kind in prop::sample::select(vec!["number", "string", "array", "set", "date"]),
    ) {
        let mut fields = fields;
        fields.retain(|(k, _)| k != "code");
        let with = |code: &str, field: &str| {
            let mut f = fields.clone();
            f.push(("code".into(), Value::str(code)));
            f.push((field.to_owned(), Value::str(kind)));
            Value::object(f)
        };
        // `type` is the Zod 3 field of a size bound: with it, the bound is Zod 3's.
        for code in ["too_small", "too_big"] {
            let typed = with(code, "type");
            prop_assert_eq!(IssueView::new(&typed).major(), Some(Major::Zod3));
            // And with `origin` too, Zod 4's again.
            let mut both = typed.clone();
            if let Value::Object(f) = &mut both {
                f.push(("origin".into(), Value::str(kind)));
            }
            prop_assert_eq!(IssueView::new(&both).major(), Some(Major::Zod4));
            // A Zod 3 field that a bound never carries does not make it Zod 3.
            if zod3 != "type" {
                let other = with(code, zod3);
                prop_assert_ne!(IssueView::new(&other).major(), Some(Major::Zod3));
            }
        }
    }
}

#[test]
fn the_refinement_bound_of_the_issue_is_written_as_the_zod4_formatter_writes_it() {
    // `ctx.addIssue({ code: 'too_small', minimum: 3, path: ['a'] })` under Zod 4.
    let small =
        Value::parse_json(r#"{"code":"too_small","minimum":3,"path":["a"],"message":"m"}"#).unwrap_or(Value::Null);
    assert_eq!(issue_suggestion(&small).as_deref(), Some("Must be >= 3."));
    let big = Value::parse_json(r#"{"code":"too_big","maximum":3,"path":["a"],"message":"m"}"#).unwrap_or(Value::Null);
    assert_eq!(issue_suggestion(&big).as_deref(), Some("Must be <= 3."));
}
