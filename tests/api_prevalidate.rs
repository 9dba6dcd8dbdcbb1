#![cfg(not(target_arch = "wasm32"))]
//! `prevalidate` / `prevalidate_with` (the npm `prevalidate` for Rust servers): the key
//! stages, the repairs around a validator, the alias-first retry, the held repairs, the
//! copy caps the npm package applies; and, as a property, that any arguments, schema,
//! options and validator answers never panic and give a bounded, well-formed result.
//! Byte parity with the npm package is js-tests/parity.test.mjs and
//! js-tests/parity-prevalidate.test.mjs.

use mcp_envelope::{
    format_validation, prevalidate, prevalidate_with, Issue, PathSegment, PrevalidateOptions, Prevalidated, Validation,
    Value,
};
use proptest::prelude::*;

fn json(text: &str) -> Value<'static> {
    Value::parse_json(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

const CLOSED: &str = r#"{"type":"object","properties":{"query":{"type":"string"},"maxResults":{"type":"number"},"tags":{"type":"array","items":{"type":"string"}},"opt":{"type":"string"}},"required":["query"],"additionalProperties":false}"#;

/// A validator for CLOSED: query a string, maxResults a number, tags a list of strings,
/// opt a string, no other key.
fn closed(args: &Value) -> Vec<Issue> {
    let Some(fields) = args.as_object() else { return vec![Issue::invalid_type("object", "string")] };
    let mut issues = Vec::new();
    match args.get("query") {
        Some(Value::String(_)) => {}
        None => issues.push(Issue::invalid_type("string", "undefined").at(["query"])),
        Some(_) => issues.push(Issue::invalid_type("string", "number").at(["query"])),
    }
    if let Some(v) = args.get("maxResults") {
        if !matches!(v, Value::Number(_)) {
            issues.push(Issue::invalid_type("number", "string").at(["maxResults"]));
        }
    }
    if let Some(v) = args.get("tags") {
        match v {
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    if !matches!(item, Value::String(_)) {
                        let at = u32::try_from(i).unwrap_or(u32::MAX);
                        issues.push(
                            Issue::invalid_type("string", "number")
                                .at([PathSegment::from("tags"), PathSegment::from(at)]),
                        );
                    }
                }
            }
            _ => issues.push(Issue::invalid_type("array", "string").at(["tags"])),
        }
    }
    if let Some(v) = args.get("opt") {
        if !matches!(v, Value::String(_)) {
            issues.push(Issue::invalid_type("string", "null").at(["opt"]));
        }
    }
    let unknown: Vec<&str> = fields
        .iter()
        .map(|(k, _)| k.as_ref())
        .filter(|k| !["query", "maxResults", "tags", "opt"].contains(k))
        .collect();
    if !unknown.is_empty() {
        issues.push(Issue::unrecognized_keys(&unknown));
    }
    issues
}

#[test]
fn the_key_stages_drop_client_keys_and_move_aliases() {
    let args = json(r#"{"q":"lamps","max_results":5,"_meta":{},"toolCallId":"1","_trace":1}"#);
    let out = prevalidate(&args, &json(CLOSED), &PrevalidateOptions::new().alias("q", "query"));
    assert_eq!(out.args.to_json(), r#"{"query":"lamps","maxResults":5}"#);
    assert_eq!(
        out.report.to_json(),
        r#"{"aliased":[{"alias":"q","target":"query"},{"alias":"max_results","target":"maxResults"}],"ignored":["_trace"]}"#
    );
    assert_eq!(out.issues, None);
}

#[test]
fn arguments_naming_only_declared_keys_are_returned_as_sent() {
    let args = json(r#"{"query":"x","tags":["a"]}"#);
    let out = prevalidate(&args, &json(CLOSED), &PrevalidateOptions::new());
    assert_eq!(out.args, args);
    assert_eq!(out.report.to_json(), r#"{"aliased":[],"ignored":[]}"#);
}

#[test]
fn an_alias_sent_beside_its_target_is_a_collision_and_is_not_moved() {
    let args = json(r#"{"query":"a","Query":"b"}"#);
    let out = prevalidate(&args, &json(CLOSED), &PrevalidateOptions::new());
    assert_eq!(out.args.to_json(), r#"{"query":"a","Query":"b"}"#);
    assert_eq!(
        out.report.to_json(),
        r#"{"aliased":[],"ignored":[],"collisions":[{"target":"query","keys":["query","Query"]}]}"#
    );
}

#[test]
fn the_options_turn_each_stage_off() {
    let args = json(r#"{"query":"x","max_results":5,"_meta":{},"trace":1}"#);
    let schema = json(CLOSED);
    let off = prevalidate(&args, &schema, &PrevalidateOptions::new().case_style_aliases(false).ignore_keys_off());
    assert_eq!(off.args, args);
    let own = prevalidate(&args, &schema, &PrevalidateOptions::new().ignore_keys(["trace"]));
    assert_eq!(own.args.to_json(), r#"{"query":"x","maxResults":5}"#);
    // ignore_keys after ignore_keys_off turns the drop stage back on.
    let again = prevalidate(&args, &schema, &PrevalidateOptions::new().ignore_keys_off().ignore_keys(["trace"]));
    assert_eq!(again.args, own.args);
}

#[test]
fn an_open_root_or_a_schema_without_an_object_is_never_touched() {
    let args = json(r#"{"_x":1,"Query":2}"#);
    let open = json(r#"{"type":"object","properties":{"query":{}},"additionalProperties":{}}"#);
    assert_eq!(prevalidate(&args, &open, &PrevalidateOptions::new()).args, args);
    assert_eq!(prevalidate(&args, &Value::Null, &PrevalidateOptions::new()).args, args);
    assert_eq!(prevalidate(&Value::str("x"), &json(CLOSED), &PrevalidateOptions::new()).args, Value::str("x"));
}

#[test]
fn values_are_repaired_only_after_a_rejection_and_only_when_accepted() {
    let args = json(r#"{"query":"lamps","maxResults":"5","tags":"[\"red\"]","opt":null}"#);
    let mut seen = Vec::new();
    let out = prevalidate_with(&args, &json(CLOSED), &PrevalidateOptions::new(), |a| {
        seen.push(a.to_json());
        closed(a)
    });
    assert_eq!(out.args.to_json(), r#"{"query":"lamps","maxResults":5,"tags":["red"]}"#);
    assert_eq!(out.issues, None);
    // The arguments as sent are validated first.
    assert_eq!(seen.first(), Some(&args.to_json()));
}

#[test]
fn accepted_arguments_are_returned_with_an_empty_report() {
    let args = json(r#"{"q":"lamps"}"#);
    let out = prevalidate_with(&args, &json(CLOSED), &PrevalidateOptions::new().alias("q", "query"), closed);
    assert_eq!(out.to_json(), r#"{"args":{"query":"lamps"},"report":{"aliased":[],"ignored":[]}}"#);
}

#[test]
fn a_rejection_keeps_the_report_and_the_repairs_that_held() {
    let args = json(r#"{"q":"lamps","maxResults":"many","tags":[1,2],"_trace":1}"#);
    let out = prevalidate_with(&args, &json(CLOSED), &PrevalidateOptions::new().alias("q", "query"), closed);
    // The integers for strings held; "many" is no number. The moved key comes last.
    assert_eq!(out.args.to_json(), r#"{"maxResults":"many","tags":["1","2"],"query":"lamps"}"#);
    let issues = out.issues.clone().unwrap_or_default();
    assert_eq!(
        issues.iter().map(Issue::to_json).collect::<Vec<_>>(),
        vec![
            r#"{"expected":"number","code":"invalid_type","path":["maxResults"],"message":"Invalid input: expected number, received string"}"#
        ]
    );
    assert_eq!(out.report.to_json(), r#"{"aliased":[{"alias":"q","target":"query"}],"ignored":["_trace"]}"#);
    // The report is what format_validation's input takes.
    let error = format_validation(&issues, &Validation::new("search").args(&out.args).input(&out.report));
    assert!(error.to_json().contains("Validated q as query."), "{}", error.to_json());
}

#[test]
fn coerce_off_reports_the_first_rejection_as_sent() {
    let args = json(r#"{"query":"x","maxResults":"5"}"#);
    let mut calls = 0;
    let out = prevalidate_with(&args, &json(CLOSED), &PrevalidateOptions::new().coerce(false), |a| {
        calls += 1;
        closed(a)
    });
    assert_eq!(calls, 1);
    assert_eq!(out.args, args);
    assert_eq!(out.issues.map(|i| i.len()), Some(1));
}

#[test]
fn a_dropped_underscore_key_reaches_its_target_on_the_alias_first_retry() {
    let args = json(r#"{"_query":"lamps"}"#);
    let out = prevalidate_with(&args, &json(CLOSED), &PrevalidateOptions::new(), closed);
    assert_eq!(out.to_json(), r#"{"args":{"query":"lamps"},"report":{"aliased":[],"ignored":[]}}"#);
    // Without the validator only the first attempt runs: the key is dropped.
    let first = prevalidate(&args, &json(CLOSED), &PrevalidateOptions::new());
    assert_eq!(first.to_json(), r#"{"args":{},"report":{"aliased":[],"ignored":["_query"]}}"#);
}

#[test]
fn more_root_keys_than_the_stages_read_are_left_as_sent() {
    let many = |n: usize| Value::object((0..n).map(|i| (format!("_k{i}"), Value::Number(1.0))));
    let schema = json(CLOSED);
    let read = prevalidate(&many(1024), &schema, &PrevalidateOptions::new());
    assert_eq!(read.args.to_json(), "{}");
    let left = prevalidate(&many(1025), &schema, &PrevalidateOptions::new());
    assert_eq!(left.args, many(1025));
}

#[test]
fn a_root_key_past_the_copy_cap_is_never_an_alias() {
    let long = format!("{}x", "k".repeat(2048));
    let args = Value::object([(long.clone(), Value::str("v"))]);
    let out = prevalidate(&args, &json(CLOSED), &PrevalidateOptions::new().alias(long.as_str(), "query"));
    assert_eq!(out.args, args);
    let short = "k".repeat(2048);
    let args = Value::object([(short.clone(), Value::str("v"))]);
    let out = prevalidate(&args, &json(CLOSED), &PrevalidateOptions::new().alias(short.as_str(), "query"));
    assert_eq!(out.args.to_json(), r#"{"query":"v"}"#);
}

#[test]
fn a_string_past_the_copy_cap_is_never_decoded() {
    let list = format!("[{}1]", "1,".repeat(131_072));
    let args = Value::object([("query", Value::str("x")), ("tags", Value::str(list.as_str()))]);
    let out = prevalidate_with(&args, &json(CLOSED), &PrevalidateOptions::new(), closed);
    assert_eq!(out.args, args);
    assert!(out.issues.is_some());
}

#[test]
fn a_list_past_the_rebuild_cap_is_left_as_sent() {
    // One integer among strings: repaired to "7" when the list can be rebuilt.
    let tags =
        |n: usize| Value::Array((0..n).map(|i| if i == 3 { Value::Number(7.0) } else { Value::str("x") }).collect());
    for (n, repaired) in [(16_384, true), (16_385, false)] {
        let args = Value::object([("query", Value::str("x")), ("tags", tags(n))]);
        let out = prevalidate_with(&args, &json(CLOSED), &PrevalidateOptions::new(), closed);
        assert_eq!(out.issues.is_none(), repaired, "{n} entries");
    }
}

#[test]
fn an_alias_to_an_array_index_key_comes_first_as_in_js() {
    let schema = json(r#"{"type":"object","properties":{"query":{},"10":{}},"additionalProperties":false}"#);
    let args = json(r#"{"query":"x","ten":1}"#);
    let out = prevalidate(&args, &schema, &PrevalidateOptions::new().alias("ten", "10"));
    assert_eq!(out.args.to_json(), r#"{"10":1,"query":"x"}"#);
}

#[test]
fn values_nested_past_the_api_depth_are_cut_not_recursed() {
    let deep = (0..100_000).fold(Value::Null, |v, _| Value::Array(vec![v]));
    let args = Value::object([("query", Value::str("x")), ("tags", deep)]);
    let out = prevalidate_with(&args, &json(CLOSED), &PrevalidateOptions::new(), closed);
    assert!(out.args.to_json().contains("[Unreadable]"));
    // The result is within the API's depth; the test's own value is taken apart without recursion.
    drop(out);
    let mut stack = vec![args];
    while let Some(v) = stack.pop() {
        match v {
            Value::Array(items) => stack.extend(items),
            Value::Object(fields) => stack.extend(fields.into_iter().map(|(_, v)| v)),
            _ => {}
        }
    }
}

// --- properties ----------------------------------------------------------------------------

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "query",
            "Query",
            "q",
            "max_results",
            "MaxResults",
            "maxResults",
            "tags",
            "Tags",
            "_meta",
            "_x",
            "toolCallId",
            "__proto__",
            "0",
            "10",
            "opt",
            "kind",
        ])
        .prop_map(str::to_owned),
        any::<String>(),
        "[a-z_-]{0,6}",
        (0usize..3).prop_map(|n| format!("{}😀", "k".repeat(2047 + n))),
    ]
}

fn leaf() -> impl Strategy<Value = Value<'static>> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        prop_oneof![any::<f64>(), Just(-0.0), Just(42.0), Just(1e21), Just(f64::NAN)].prop_map(Value::Number),
        prop::sample::select(vec!["15", "true", "[1]", "{\"a\":1}", " [\"x\"] ", "solo", "a,b", "", "-0"])
            .prop_map(Value::str),
        any::<String>().prop_map(Value::str),
    ]
}

fn value() -> impl Strategy<Value = Value<'static>> {
    leaf().prop_recursive(4, 40, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((key(), inner), 0..6).prop_map(Value::object),
        ]
    })
}

fn schema() -> impl Strategy<Value = Value<'static>> {
    prop_oneof![
        Just(json(CLOSED)),
        Just(json(
            r#"{"oneOf":[{"type":"object","properties":{"kind":{"const":"a"},"pageSize":{}},"required":["kind"],"additionalProperties":false},{"type":"object","properties":{"kind":{"const":"b"},"limit":{}},"required":["kind"],"additionalProperties":false}]}"#
        )),
        value(),
    ]
}

fn options() -> impl Strategy<Value = PrevalidateOptions> {
    (
        prop::collection::vec((key(), key()), 0..4),
        prop::option::of(prop::collection::vec(key(), 0..3)),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(aliases, ignore, coerce, case_style)| {
            let mut options = PrevalidateOptions::new().coerce(coerce).case_style_aliases(case_style);
            for (alias, target) in aliases {
                options = options.alias(alias, target);
            }
            match ignore {
                None => options.ignore_keys_off(),
                Some(keys) => options.ignore_keys(keys),
            }
        })
}

/// Issues the validator answers, each at a path into the arguments or anywhere.
fn issues() -> impl Strategy<Value = Vec<Issue>> {
    let segment = prop_oneof![key().prop_map(PathSegment::Key), (0u32..4).prop_map(PathSegment::Index)];
    let issue = (
        prop::sample::select(vec!["array", "object", "number", "boolean", "string"]),
        prop::collection::vec(segment, 0..3),
    )
        .prop_map(|(expected, path)| Issue::invalid_type(expected, "string").at(path));
    prop::collection::vec(issue, 0..4)
}

/// The JSON length a result may have: its arguments grow by at most a repair's quotes
/// or brackets per value sent, the report names keys sent, the issues are the validator's.
fn bound(args: &Value, answers: &[Vec<Issue>], options_len: usize) -> usize {
    let sent = args.to_json().len();
    let issues: usize = answers.iter().flatten().map(|i| i.to_json().len() + 1).sum();
    4 * sent + issues + options_len + 256
}

fn well_formed(out: &Prevalidated) {
    let text = out.to_json();
    assert!(Value::parse_json(&text).is_ok(), "{text}");
    let report = &out.report;
    assert!(report.get("aliased").and_then(Value::as_array).is_some());
    assert!(report.get("ignored").and_then(Value::as_array).is_some());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn any_call_is_bounded_well_formed_and_deterministic(
        args in prop_oneof![value(), prop::collection::vec((key(), value()), 0..8).prop_map(Value::object)],
        schema in schema(),
        options in options(),
        answers in prop::collection::vec(issues(), 1..6),
    ) {
        let alone = prevalidate(&args, &schema, &options);
        well_formed(&alone);
        prop_assert_eq!(alone.issues.as_ref(), None);
        let options_len = format!("{options:?}").len();
        prop_assert!(alone.to_json().len() <= bound(&args, &[], options_len));

        // The validator answers in turn, then accepts: at most 1 + 3 repaired parses per attempt, two attempts.
        let run = || {
            let mut calls = 0usize;
            let out = prevalidate_with(&args, &schema, &options, |_| {
                calls += 1;
                answers.get(calls - 1).cloned().unwrap_or_default()
            });
            (out, calls)
        };
        let (out, calls) = run();
        well_formed(&out);
        prop_assert!(calls <= 10, "{} validations", calls);
        prop_assert!(out.to_json().len() <= bound(&args, &answers, options_len));
        if let Some(issues) = &out.issues {
            prop_assert!(!issues.is_empty());
            prop_assert!(answers.contains(issues));
        }
        let (again, _) = run();
        prop_assert_eq!(again.to_json(), out.to_json());
    }
}

/// The README's example (tests/readme_rust.rs checks it is this code, verbatim).
#[cfg(feature = "serde")]
#[test]
fn readme_prevalidate_around_serde() {
    use mcp_envelope::{deserialize_args, prevalidate_with, PrevalidateOptions, Value};
    use serde::Deserialize;

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields, rename_all = "camelCase")]
    struct Search {
        query: String,
        max_results: Option<u32>,
    }

    let schema = Value::parse_json(
        r#"{"type":"object","properties":{"query":{"type":"string"},"maxResults":{"type":"integer"}},"required":["query"],"additionalProperties":false}"#,
    )
    .unwrap();
    let args = Value::parse_json(r#"{"q":"lamps","max_results":"5","_meta":{}}"#).unwrap();
    let options = PrevalidateOptions::new().alias("q", "query");
    let out = prevalidate_with(&args, &schema, &options, |sent| {
        deserialize_args::<Search>(&sent.to_serde(), Some(&schema)).err().unwrap_or_default()
    });
    assert_eq!(out.args.to_json(), r#"{"query":"lamps","maxResults":5}"#);
    let search: Search = deserialize_args(&out.args.to_serde(), None).unwrap();
    assert_eq!((search.query.as_str(), search.max_results), ("lamps", Some(5)));
}
