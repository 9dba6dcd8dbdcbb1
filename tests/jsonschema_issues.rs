#![cfg(all(feature = "jsonschema", not(target_arch = "wasm32")))]
//! The `jsonschema` crate's errors, read by `issues_from_jsonschema`, render in both
//! dialects as the Zod 4 issues for the same mistake render.
//!
//! The rows are the `validation` vectors of tests/conformance/tscore.json: each names a
//! Zod schema, arguments and the Zod 4 issues (recorded from mcp-ts-core); the crate
//! validates the same arguments against the JSON Schema Zod 4.6.7 writes for that schema
//! (`z.toJSONSchema`, tests/fixtures/tscore_schemas.json), and what both dialects write
//! for its errors must equal what they write for Zod's issues.

use mcp_envelope::{format_validation, issues_from_jsonschema, xml_validation_error, Issue, Validation, Value};
use serde_json::{json, Value as Json};

fn load(path: &str) -> Json {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("parse {path}: {e}"))
}

struct Vector {
    id: String,
    tool: String,
    args: Json,
    schema: Json,
    zod: Vec<Issue>,
}

fn vectors() -> Vec<Vector> {
    let all = load(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/conformance/tscore.json"));
    let schemas = load(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/tscore_schemas.json"));
    all.as_array()
        .expect("a list")
        .iter()
        .filter(|v| v["kind"] == "validation")
        .filter_map(|v| {
            let schema = schemas["schemas"].get(v["input"]["schema"].as_str()?)?.clone();
            let zod = v["input"]["zodIssues"].as_array()?;
            Some(Vector {
                id: v["id"].as_str()?.to_owned(),
                tool: v["input"]["tool"].as_str()?.to_owned(),
                args: v["input"]["args"].clone(),
                schema,
                zod: zod.iter().filter_map(|i| Issue::from_value(Value::from_serde(i))).collect(),
            })
        })
        .collect()
}

/// What a model reads: the JSON-RPC message and recovery hint, and the XML text.
fn rendered(issues: &[Issue], tool: &str, args: &Json, schema: &Json) -> (String, String, String) {
    let sent = Value::from_serde(args);
    let schema = Value::from_serde(schema);
    let error = format_validation(issues, &Validation::new(tool).args(&sent).schema(&schema));
    let hint = error.data.as_ref().and_then(|d| d.get("recovery")).and_then(|r| r.get("hint")).and_then(Value::as_str);
    let hint = hint.unwrap_or_default().to_owned();
    let xml = xml_validation_error(tool, issues, Some(&sent)).text().to_owned();
    (error.message, hint, xml)
}

/// The crate's errors as issues; `format` asserted, as Zod checks its string formats.
fn ours(schema: &Json, args: &Json) -> Vec<Issue> {
    let validator = jsonschema::options().should_validate_formats(true).build(schema).expect("a schema");
    issues_from_jsonschema(validator.iter_errors(args), Some(&Value::from_serde(schema)))
}

/// Vectors whose Zod schema has a refinement (`.refine`), which its JSON Schema cannot
/// hold: the crate sees the rest of the mistake, so Zod's other issues are compared.
const REFINED: [&str; 3] = ["c106", "c109", "c120"];
/// Vectors whose Zod schema words a check's message itself (`.regex(re, "message")`),
/// which its JSON Schema cannot hold: compared with Zod's issue in Zod's own words.
const WORDED: [(&str, &str); 2] =
    [("c095", "Invalid string: must match pattern /^ECLI:/"), ("c122", "Invalid string: must match pattern /^\\d+$/")];

#[test]
fn tscore_vectors_render_as_zod_4s_issues() {
    let mut compared = 0;
    for v in vectors() {
        let mut zod = v.zod.clone();
        if REFINED.contains(&v.id.as_str()) {
            zod.retain(|i| i.code() != "custom");
        }
        if let Some((_, words)) = WORDED.iter().find(|(id, _)| *id == v.id) {
            zod = zod.into_iter().map(|i| i.with("message", Value::str(*words))).collect();
        }
        let got = ours(&v.schema, &v.args);
        assert_eq!(
            rendered(&got, &v.tool, &v.args, &v.schema),
            rendered(&zod, &v.tool, &v.args, &v.schema),
            "{}: {:?}",
            v.id,
            got.iter().map(Issue::to_json).collect::<Vec<_>>()
        );
        compared += 1;
    }
    assert_eq!(compared, 37, "every validation vector with a fixture schema");
}

/// Each keyword the tscore vectors do not reach, against Zod 4.6.7's issue for the Zod
/// schema in its comment (`schema.safeParse(args).error.issues`, run with the `zod`
/// package of this repository's node_modules).
#[test]
fn each_keyword_renders_as_zod_4_for_the_same_rule() {
    let zod = |json: &str| Issue::from_value(Value::parse_json(json).expect("JSON")).expect("an object");
    let rows: Vec<(&str, Json, Json, Vec<Issue>)> = vec![
        // z.number().multipleOf(3)
        (
            "multipleOf",
            json!({ "type": "object", "properties": { "n": { "type": "number", "multipleOf": 3 } } }),
            json!({ "n": 4 }),
            vec![zod(
                r#"{"origin":"number","code":"not_multiple_of","divisor":3,"path":["n"],"message":"Invalid number: must be a multiple of 3"}"#,
            )],
        ),
        // z.number().gt(3)
        (
            "exclusiveMinimum",
            json!({ "type": "object", "properties": { "n": { "type": "number", "exclusiveMinimum": 3 } } }),
            json!({ "n": 3 }),
            vec![zod(
                r#"{"origin":"number","code":"too_small","minimum":3,"inclusive":false,"path":["n"],"message":"Too small: expected number to be >3"}"#,
            )],
        ),
        // z.string().max(1)
        (
            "maxLength",
            json!({ "type": "object", "properties": { "n": { "type": "string", "maxLength": 1 } } }),
            json!({ "n": "ab" }),
            vec![zod(
                r#"{"origin":"string","code":"too_big","maximum":1,"inclusive":true,"path":["n"],"message":"Too big: expected string to have <=1 characters"}"#,
            )],
        ),
        // z.array(z.number()).max(1)
        (
            "maxItems",
            json!({ "type": "object", "properties": { "n": { "type": "array", "items": { "type": "number" }, "maxItems": 1 } } }),
            json!({ "n": [1, 2] }),
            vec![zod(
                r#"{"origin":"array","code":"too_big","maximum":1,"inclusive":true,"path":["n"],"message":"Too big: expected array to have <=1 items"}"#,
            )],
        ),
        // z.email()
        (
            "format email",
            json!({ "type": "object", "properties": { "n": { "type": "string", "format": "email" } } }),
            json!({ "n": "b" }),
            vec![zod(
                r#"{"origin":"string","code":"invalid_format","format":"email","path":["n"],"message":"Invalid email address"}"#,
            )],
        ),
        // z.iso.datetime()
        (
            "format date-time",
            json!({ "type": "object", "properties": { "n": { "type": "string", "format": "date-time" } } }),
            json!({ "n": "b" }),
            vec![zod(
                r#"{"origin":"string","code":"invalid_format","format":"datetime","path":["n"],"message":"Invalid ISO datetime"}"#,
            )],
        ),
        // z.string().nullable()
        (
            "nullable",
            json!({ "type": "object", "properties": { "n": { "type": ["string", "null"] } } }),
            json!({ "n": 5 }),
            vec![Issue::invalid_type("string", "number").at(["n"])],
        ),
        // z.union([z.string(), z.number()])
        (
            "several types",
            json!({ "type": "object", "properties": { "n": { "type": ["string", "number"] } } }),
            json!({ "n": true }),
            vec![zod(
                r#"{"code":"invalid_union","errors":[[{"expected":"string","code":"invalid_type","path":[],"message":"Invalid input: expected string, received boolean"}],[{"expected":"number","code":"invalid_type","path":[],"message":"Invalid input: expected number, received boolean"}]],"path":["n"],"message":"Invalid input"}"#,
            )],
        ),
        // z.literal(5)
        (
            "const",
            json!({ "type": "object", "properties": { "n": { "const": 5 } } }),
            json!({ "n": 4 }),
            vec![zod(r#"{"code":"invalid_value","values":[5],"path":["n"],"message":"Invalid input: expected 5"}"#)],
        ),
        // z.object({ p: Place.nullable() }) through a $ref: the missing key's type from $defs
        (
            "required through a $ref",
            json!({
                "type": "object",
                "properties": { "p": { "anyOf": [{ "$ref": "#/$defs/Place" }, { "type": "null" }] } },
                "$defs": { "Place": { "type": "object", "properties": { "x": { "type": "integer" } }, "required": ["x"] } }
            }),
            json!({ "p": {} }),
            vec![Issue::invalid_type("number", "undefined").at(["p", "x"])],
        ),
        // z.strictObject({ a: z.string() }) given a: 1, b, c: every issue, in Zod's order
        (
            "order",
            json!({ "type": "object", "properties": { "a": { "type": "string" }, "z": { "type": "string" } }, "required": ["z"], "additionalProperties": false }),
            json!({ "c": 1, "b": 2, "a": 1 }),
            vec![
                Issue::invalid_type("string", "number").at(["a"]),
                Issue::invalid_type("string", "undefined").at(["z"]),
                Issue::unrecognized_keys(&["c", "b"]),
            ],
        ),
    ];
    for (label, schema, args, zod) in &rows {
        let got = ours(schema, args);
        assert_eq!(rendered(&got, "t", args, schema), rendered(zod, "t", args, schema), "{label}");
        // Same code and path too (the data's key order is the reader's, as for Ajv).
        let shape = |i: &Issue| (i.code().to_owned(), i.as_value().get("path").map(Value::to_json));
        assert_eq!(got.iter().map(shape).collect::<Vec<_>>(), zod.iter().map(shape).collect::<Vec<_>>(), "{label}");
    }
}

#[test]
fn without_the_schema_a_missing_property_leaves_its_type_unsaid() {
    let schema = json!({ "type": "object", "properties": { "q": { "type": "string" } }, "required": ["q"] });
    let validator = jsonschema::validator_for(&schema).expect("a schema");
    let args = json!({});
    let issues = issues_from_jsonschema(validator.iter_errors(&args), None);
    assert_eq!(issues, [Issue::custom("Invalid input: expected a value, received undefined").at(["q"])]);
}

#[cfg(not(target_arch = "wasm32"))]
mod props {
    use super::*;
    use proptest::prelude::*;

    fn json() -> impl Strategy<Value = Json> {
        let leaf = prop_oneof![
            Just(Json::Null),
            any::<bool>().prop_map(Json::from),
            any::<i64>().prop_map(Json::from),
            (-1e6f64..1e6).prop_map(Json::from),
            "sk-[a-z0-9]{12,24}".prop_map(Json::from),
        ];
        leaf.prop_recursive(4, 32, 6, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Json::from),
                prop::collection::vec(
                    (
                        prop_oneof![
                            Just("q".to_owned()),
                            Just("n".to_owned()),
                            Just("mode".to_owned()),
                            Just("u".to_owned()),
                            "[a-z]{1,4}"
                        ],
                        inner
                    ),
                    0..5
                )
                .prop_map(|entries| Json::Object(entries.into_iter().collect())),
            ]
        })
    }

    fn schemas() -> Vec<Json> {
        let file = load(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/tscore_schemas.json"));
        let mut all: Vec<Json> = file["schemas"].as_object().map(|m| m.values().cloned().collect()).unwrap_or_default();
        all.push(json!({
            "type": "object",
            "properties": {
                "q": { "type": "string", "minLength": 500, "pattern": "^x", "format": "email" },
                "n": { "type": "integer", "minimum": 0, "maximum": 9, "multipleOf": 2 },
                "mode": { "oneOf": [{ "const": "a" }, { "type": "array", "items": { "type": "number" }, "maxItems": 1 }] },
                "u": { "anyOf": [{ "type": "number" }, { "type": "boolean" }, { "type": "null" }] }
            },
            "required": ["q", "n"],
            "additionalProperties": false
        }));
        all
    }

    fn strings(value: &Json, out: &mut Vec<String>) {
        match value {
            Json::String(s) => out.push(s.clone()),
            Json::Array(items) => items.iter().for_each(|i| strings(i, out)),
            Json::Object(map) => map.values().for_each(|v| strings(v, out)),
            _ => {}
        }
    }

    proptest! {
        #[test]
        fn any_json_against_real_schemas_never_panics_and_never_echoes(args in json()) {
            let mut sent = Vec::new();
            strings(&args, &mut sent);
            for schema in schemas() {
                let validator = jsonschema::options().should_validate_formats(true).build(&schema).expect("a schema");
                let valid = validator.is_valid(&args);
                let schema_value = Value::from_serde(&schema);
                for given in [None, Some(&schema_value)] {
                    let issues = issues_from_jsonschema(validator.iter_errors(&args), given);
                    prop_assert_eq!(issues.is_empty(), valid);
                    let (message, hint, _) = rendered(&issues, "t", &args, &schema);
                    for issue in &issues {
                        let text = issue.to_json();
                        for s in sent.iter().filter(|s| s.starts_with("sk-")) {
                            prop_assert!(!text.contains(s.as_str()) && !message.contains(s.as_str()) && !hint.contains(s.as_str()), "{} holds {}", text, s);
                        }
                    }
                }
            }
        }
    }
}
