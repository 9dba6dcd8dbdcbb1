#![cfg(not(target_arch = "wasm32"))]
//! Property tests for pre-validation: for arbitrary keys, arguments, issues and
//! schemas, the stages never panic, stay within their caps, and keep their promises:
//! - the key stages hand the parse each key sent at most once, under a unique name; a
//!   key is renamed only to a declared key that was absent, and dropped only when it is
//!   undeclared and on the ignore list or `_`-prefixed; reported drops are a subset of
//!   the drops, reported rewrites exactly the renames;
//! - every repair names a path the arguments hold, at most once per candidate, and its
//!   value is what its kind says (the digits of the integer sent, the string sent
//!   wrapped, the number or boolean the string spells); `null` is deleted only where
//!   it was sent;
//! - held repairs are positions of the repairs given, in order.

use mcp_envelope::prevalidate::held::held;
use mcp_envelope::prevalidate::repair::MAX_REPAIRS;
use mcp_envelope::prevalidate::{attempts, candidates, KeyOptions, Kind, Plan, SentKey, Step};
use mcp_envelope::sizes::NO_CUTS;
use mcp_envelope::value::Value;
use proptest::prelude::*;

const DECLARED: [&str; 4] = ["query", "maxResults", "_cursor", "page_size"];
const KEY_POOL: [&str; 14] = [
    "query",
    "maxResults",
    "max_results",
    "Max-Results",
    "q",
    "_meta",
    "toolCallId",
    "_x",
    "_query",
    "trace",
    "pageSize",
    "page_size",
    "PAGE-SIZE",
    "other",
];

fn schema(declared: &[bool], open: bool) -> Value<'static> {
    let props: Vec<(String, Value<'static>)> = DECLARED
        .iter()
        .zip(declared)
        .filter(|(_, on)| **on)
        .map(|(k, _)| ((*k).to_owned(), Value::object::<&str>([])))
        .collect();
    let mut fields = vec![("type", Value::str("object")), ("properties", Value::object(props))];
    fields.push(("additionalProperties", if open { Value::object::<&str>([]) } else { Value::Bool(false) }));
    Value::object(fields)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn key_stages_move_each_key_at_most_once_to_an_absent_declared_key(
        picks in prop::collection::vec(0usize..KEY_POOL.len(), 0..12),
        declared in prop::collection::vec(any::<bool>(), 4),
        open in any::<bool>(),
        alias_q in any::<bool>(),
        case_style in any::<bool>(),
        ignore_off in any::<bool>(),
    ) {
        let mut names: Vec<&str> = Vec::new();
        for p in picks {
            let k = KEY_POOL[p];
            if !names.contains(&k) { names.push(k); }
        }
        let sent: Vec<SentKey> = names.iter().map(|t| SentKey { text: t, cut: false }).collect();
        let schema = schema(&declared, open);
        let plan = Plan::of(&schema);
        let options = KeyOptions {
            aliases: if alias_q { vec![("q", "query")] } else { vec![] },
            ignore: (!ignore_off).then(|| vec!["_meta", "tool_call_description", "toolCallId", "trace"]),
            case_style,
        };
        let (first, retry) = attempts(&plan, &sent, None, &options);
        for attempt in std::iter::once(&first).chain(retry.as_ref()) {
            let Some(entries) = &attempt.entries else {
                prop_assert!(attempt.aliased.is_empty() && attempt.ignored.is_empty());
                continue;
            };
            let mut seen_at = Vec::new();
            let mut seen_name = Vec::new();
            for (at, rename) in entries {
                prop_assert!(*at < names.len() && !seen_at.contains(at));
                seen_at.push(*at);
                let name = rename.unwrap_or(names[*at]);
                prop_assert!(!seen_name.contains(&name), "two keys named {name}");
                seen_name.push(name);
                if let Some(target) = rename {
                    prop_assert!(plan.declares(target) && !names.contains(target), "{target} was sent or is undeclared");
                    prop_assert!(!plan.declares(names[*at]));
                }
            }
            for (at, _) in names.iter().enumerate().filter(|(at, _)| !seen_at.contains(at)) {
                let key = names[at];
                prop_assert!(!plan.declares(key) && !open && !ignore_off);
                prop_assert!(key.starts_with('_') || ["toolCallId", "trace"].contains(&key), "{key} dropped");
            }
            for i in &attempt.ignored {
                prop_assert!(!seen_at.contains(i) && names[*i].starts_with('_'));
            }
            let renamed: Vec<(usize, &str)> = entries.iter().filter_map(|(at, r)| r.map(|t| (*at, t))).collect();
            let mut aliased = attempt.aliased.clone();
            aliased.sort_unstable();
            let mut renamed = renamed;
            renamed.sort_unstable();
            prop_assert_eq!(aliased, renamed);
        }
    }
}

fn leaf() -> BoxedStrategy<Value<'static>> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        (-20i32..20).prop_map(|n| Value::Number(f64::from(n))),
        Just(Value::Number(1.5)),
        Just(Value::Number(-0.0)),
        prop::sample::select(vec!["15", "[1,2]", "{\"a\":1}", "true", "a,b", "solo", " 2.5 ", "[1,", "", "01"])
            .prop_map(Value::str),
    ]
    .boxed()
}

fn value() -> impl Strategy<Value = Value<'static>> {
    leaf().prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec((prop::sample::select(vec!["a", "b", "c"]), inner), 0..4)
                .prop_map(|e| Value::object(e.into_iter().map(|(k, v)| (k.to_owned(), v)))),
        ]
    })
}

fn segment() -> BoxedStrategy<Value<'static>> {
    prop_oneof![
        prop::sample::select(vec!["a", "b", "c", "0"]).prop_map(Value::str),
        (0u8..4).prop_map(|n| Value::Number(f64::from(n))),
    ]
    .boxed()
}

fn issue() -> impl Strategy<Value = Value<'static>> {
    let path = prop::collection::vec(segment(), 0..4).boxed();
    let simple =
        (path.clone(), prop::sample::select(vec!["string", "number", "boolean", "array", "object", "tuple", "null"]))
            .prop_map(|(p, e)| {
                Value::object([
                    ("code", Value::str("invalid_type")),
                    ("expected", Value::str(e)),
                    ("path", Value::Array(p)),
                ])
            })
            .boxed();
    let listed = (path.clone(), prop::collection::vec(leaf(), 1..3))
        .prop_map(|(p, v)| {
            Value::object([
                ("code", Value::str("invalid_value")),
                ("values", Value::Array(v)),
                ("path", Value::Array(p)),
            ])
        })
        .boxed();
    simple.clone().prop_recursive(2, 12, 3, move |inner| {
        let branches = prop::collection::vec(prop::collection::vec(inner, 1..3).prop_map(Value::Array), 1..3);
        prop_oneof![
            listed.clone(),
            (path.clone(), branches).prop_map(|(p, b)| {
                Value::object([
                    ("code", Value::str("invalid_union")),
                    ("errors", Value::Array(b)),
                    ("path", Value::Array(p)),
                ])
            }),
        ]
    })
}

fn value_at<'v>(root: &'v Value<'v>, path: &[Step]) -> Option<&'v Value<'v>> {
    path.iter().try_fold(root, |node, step| match step {
        Step::Key(k) => node.get(k),
        Step::Index(i) => node.as_array()?.get(*i),
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn repairs_name_held_paths_once_and_write_what_their_kind_says(
        args in value(),
        issues in prop::collection::vec(issue(), 0..8),
        optional_schema in any::<bool>(),
    ) {
        let schema = Value::parse_json(r#"{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"object","properties":{"c":{"type":"number"}}}}}"#).unwrap();
        let c = candidates(&args, &NO_CUTS, &issues, optional_schema.then_some(&schema));
        for list in [&c.as_sent, &c.full, &c.unaided] {
            prop_assert!(list.len() <= MAX_REPAIRS);
            let mut paths = Vec::new();
            for r in list.iter() {
                prop_assert!(!r.path.is_empty() && !paths.contains(&r.path));
                paths.push(r.path.clone());
                let sent = value_at(&args, &r.path);
                prop_assert!(sent.is_some(), "{:?} holds nothing", r.path);
                let sent = sent.unwrap();
                match (r.kind, &r.value) {
                    (Kind::IntegerAsString, Some(Value::String(s))) => prop_assert_eq!(Some(s.parse::<f64>().unwrap()), sent.as_f64()),
                    (Kind::StringAsArray, Some(Value::Array(items))) => prop_assert_eq!(items.as_slice(), std::slice::from_ref(sent)),
                    (Kind::StringAsNumber, Some(Value::Number(_))) | (Kind::StringAsBoolean, Some(Value::Bool(_))) => prop_assert!(sent.as_str().is_some()),
                    (Kind::StringifiedArray, Some(Value::Array(_))) | (Kind::StringifiedObject, Some(Value::Object(_))) => prop_assert!(sent.as_str().is_some()),
                    (Kind::NullAsAbsent, None) => prop_assert!(optional_schema && matches!(sent, Value::Null)),
                    (kind, value) => prop_assert!(false, "{kind:?} wrote {value:?}"),
                }
            }
        }
        for r in c.as_sent.iter() {
            prop_assert!(matches!(r.kind, Kind::StringifiedArray | Kind::StringifiedObject | Kind::IntegerAsString));
        }
        let paths: Vec<Vec<Step>> = c.full.iter().map(|r| r.path.clone()).collect();
        let kept = held(&paths, &issues);
        prop_assert!(kept.windows(2).all(|w| w[0] < w[1]) && kept.iter().all(|i| *i < paths.len()));
    }
}

#[test]
fn a_huge_union_tree_is_walked_within_the_budget() {
    // Unions of 8 branches of 8 unions each, 3 levels deep (262,144 leaves): the walk
    // stops at its budget, never panics.
    let mut issue = r#"{"code":"invalid_type","expected":"string","path":["a"]}"#.to_owned();
    for _ in 0..3 {
        let branch = format!("[{}]", [issue.as_str(); 8].join(","));
        issue = format!(r#"{{"code":"invalid_union","path":["a"],"errors":[{}]}}"#, [branch.as_str(); 8].join(","));
    }
    let issues = Value::parse_json(&format!("[{issue}]")).unwrap();
    let paths = vec![vec![Step::Key("a".into())]];
    assert!(held(&paths, issues.as_array().unwrap()).is_empty());
    let args = Value::parse_json(r#"{"a":7}"#).unwrap();
    let c = candidates(&args, &NO_CUTS, issues.as_array().unwrap(), None);
    assert!(c.full.len() <= 1);
}
