#![cfg(all(feature = "serde", not(target_arch = "wasm32")))]
//! A Rust server's `serde_json` deserialisation failures, read by `issues_from_serde`,
//! render in both dialects exactly as the Zod 4 issue for the same mistake renders.
//!
//! Each row is a real struct, the arguments that break it, and the Zod 4 issue a Zod
//! schema of the same shape gives: either a vector of tests/conformance/tscore.json
//! (named by its id; its schema's JSON Schema from tests/fixtures/tscore_schemas.json,
//! written by Zod 4.6.7's `z.toJSONSchema`), or written here as Zod 4.6.7 printed it for
//! the schema named in the row (run with the `zod` package of this repository's
//! node_modules: `schema.safeParse(args).error.issues`).

use mcp_envelope::{
    deserialize_args, format_validation, issues_from_serde, issues_from_serde_json, xml_validation_error, Issue,
    Validation, Value,
};
use serde::de::{DeserializeOwned, Unexpected};
use serde::{Deserialize, Deserializer};
use serde_json::{json, Value as Json};

fn load(path: &str) -> Json {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("parse {path}: {e}"))
}

/// A tscore.json vector: (tool, arguments, the tool's JSON Schema, Zod's issues).
fn vector(id: &str) -> (String, Json, Json, Vec<Issue>) {
    let all = load(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/conformance/tscore.json"));
    let v = all.as_array().and_then(|a| a.iter().find(|v| v["id"] == id)).cloned().expect("the vector");
    let schemas = load(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/tscore_schemas.json"));
    let schema = schemas["schemas"][v["input"]["schema"].as_str().expect("a schema")].clone();
    assert!(schema.is_object(), "{id}: no JSON Schema for its Zod schema");
    let issues = v["input"]["zodIssues"]
        .as_array()
        .expect("issues")
        .iter()
        .map(|i| Issue::from_value(Value::from_serde(i)).expect("an object"))
        .collect();
    (v["input"]["tool"].as_str().expect("a tool").to_owned(), v["input"]["args"].clone(), schema, issues)
}

/// What both dialects write for these issues: the whole `McpError` (message and data)
/// and the XML text.
fn rendered(issues: &[Issue], tool: &str, args: &Json, schema: Option<&Json>) -> (String, String, String) {
    let sent = Value::from_serde(args);
    let schema = schema.map(Value::from_serde);
    let mut validation = Validation::new(tool).args(&sent);
    if let Some(schema) = &schema {
        validation = validation.schema(schema);
    }
    let error = format_validation(issues, &validation);
    let xml = xml_validation_error(tool, issues, Some(&sent)).text().to_owned();
    (error.message.clone(), error.to_json(), xml)
}

/// Deserialises `args` as `T` and checks the issue and both renderings against Zod's.
fn check<T: DeserializeOwned>(label: &str, args: &Json, schema: Option<&Json>, zod: &Issue) {
    let schema_value = schema.map(Value::from_serde);
    let issues = match deserialize_args::<T>(args, schema_value.as_ref()) {
        Ok(_) => panic!("{label}: the arguments deserialised"),
        Err(issues) => issues,
    };
    assert_eq!(issues, std::slice::from_ref(zod), "{label}");
    let ours = rendered(&issues, "t", args, schema);
    let theirs = rendered(std::slice::from_ref(zod), "t", args, schema);
    assert_eq!(ours, theirs, "{label}");
}

// The structs, each the Rust shape of the Zod schema its vectors name.

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Search {
    query: String,
    limit: Option<f64>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Point {
    lat: f64,
    lon: f64,
}

#[derive(Deserialize, Debug)]
#[serde(rename_all = "lowercase")]
enum What {
    Os,
    Cpu,
    Memory,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Facet {
    what: What,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct NestedFacet {
    outer: Inner,
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Inner {
    inner: AB,
}

#[derive(Deserialize, Debug)]
#[serde(rename_all = "lowercase")]
enum AB {
    A,
    B,
}

#[derive(Deserialize, Debug)]
enum Fixed {
    #[serde(rename = "fixed")]
    Fixed,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Literal {
    k: Fixed,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Rows {
    rows: u8,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Empty {}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct NestedStrict {
    query: String,
    empty: Option<Empty>,
}

#[test]
fn tscore_vectors_each_mistake_renders_as_zod_4s_first_issue() {
    // (vector, what deserialises its arguments): serde stops at its first error, so
    // each is compared with Zod's first issue.
    type Run = fn(&Json, Option<&Value<'_>>) -> Option<Vec<Issue>>;
    fn run<T: DeserializeOwned>(args: &Json, schema: Option<&Value<'_>>) -> Option<Vec<Issue>> {
        deserialize_args::<T>(args, schema).err()
    }
    let rows: [(&str, Run); 11] = [
        ("c074", run::<Search>),      // missing string: invalid_type received undefined
        ("c075", run::<Search>),      // unknown key at the root
        ("c078", run::<Point>),       // a string for a number
        ("c079", run::<Point>),       // a missing number
        ("c086", run::<Facet>),       // a missing enum: invalid_value
        ("c088", run::<Facet>),       // null for an enum
        ("c089", run::<NestedFacet>), // a missing nested enum
        ("c090", run::<Literal>),     // a missing literal
        ("c101", run::<Rows>),        // 1.5 for an integer: expected int, format safeint
        ("c103", run::<Rows>),        // null for an integer
        ("c104", run::<Rows>),        // a boolean for an integer
    ];
    for (id, run) in rows {
        let (tool, args, schema, zod) = vector(id);
        let schema_value = Value::from_serde(&schema);
        let ours = run(&args, Some(&schema_value)).unwrap_or_else(|| panic!("{id}: deserialised"));
        assert_eq!(ours.as_slice(), &zod[..1], "{id}");
        assert_eq!(
            rendered(&ours, &tool, &args, Some(&schema)),
            rendered(&zod[..1], &tool, &args, Some(&schema)),
            "{id}"
        );
    }
    // c118: a nested strict object with no fields.
    let (tool, args, schema, zod) = vector("c118");
    let ours = deserialize_args::<NestedStrict>(&args, None).expect_err("an error");
    assert_eq!(ours, zod);
    assert_eq!(rendered(&ours, &tool, &args, Some(&schema)), rendered(&zod, &tool, &args, Some(&schema)));
}

#[test]
fn the_vectors_own_sentences_come_out() {
    // c075's message and hint, c086's detail, written by the renderer from our issue.
    let (tool, args, schema, _) = vector("c075");
    let schema_value = Value::from_serde(&schema);
    let issues = deserialize_args::<Search>(&args, Some(&schema_value)).expect_err("an error");
    let sent = Value::from_serde(&args);
    let error = format_validation(&issues, &Validation::new(&tool).args(&sent).schema(&schema_value));
    assert_eq!(
        error.message,
        "Input validation error: Invalid arguments for tool search_tool: Unrecognized key: \"salt\""
    );
    let hint = error.data.as_ref().and_then(|d| d.get("recovery")).and_then(|r| r.get("hint")).and_then(Value::as_str);
    assert_eq!(hint, Some("Unknown key salt. This tool accepts: query, limit."));

    let (tool, args, schema, _) = vector("c086");
    let schema_value = Value::from_serde(&schema);
    let issues = deserialize_args::<Facet>(&args, Some(&schema_value)).expect_err("an error");
    let sent = Value::from_serde(&args);
    let error = format_validation(&issues, &Validation::new(&tool).args(&sent));
    assert!(
        error.message.ends_with("what: Missing required field. Expected one of \"os\"|\"cpu\"|\"memory\""),
        "{}",
        error.message
    );
}

// Rows recorded from Zod 4.6.7 for the schema in each comment.

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Forecast {
    city: String,
    days: u8,
    unit: Unit,
    tags: Vec<String>,
    at: Option<Place>,
    offset: Option<i32>,
    pair: Option<(u8, u8)>,
    initial: Option<char>,
}

#[derive(Deserialize, Debug)]
#[serde(rename_all = "lowercase")]
enum Unit {
    Celsius,
    Fahrenheit,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Place {
    x: u64,
}

fn forecast(extra: Json) -> Json {
    let mut args = json!({ "city": "Oslo", "days": 3, "unit": "celsius", "tags": [] });
    if let (Some(args), Some(extra)) = (args.as_object_mut(), extra.as_object()) {
        for (k, v) in extra {
            args.insert(k.clone(), v.clone());
        }
    }
    args
}

fn zod(json: &str) -> Issue {
    Issue::from_value(Value::parse_json(json).expect("JSON")).expect("an object")
}

#[test]
fn each_serde_mistake_renders_as_zod_4_for_the_same_shape() {
    let rows: Vec<(&str, Json, Issue)> = vec![
        // z.string()
        ("wrong type", forecast(json!({ "city": 5 })), Issue::invalid_type("string", "number").at(["city"])),
        ("null", forecast(json!({ "city": null })), Issue::invalid_type("string", "null").at(["city"])),
        // z.number().int().min(0).max(255)
        (
            "u8 too big",
            forecast(json!({ "days": 300 })),
            zod(
                r#"{"origin":"number","code":"too_big","maximum":255,"inclusive":true,"path":["days"],"message":"Too big: expected number to be <=255"}"#,
            ),
        ),
        (
            "u8 negative",
            forecast(json!({ "days": -1 })),
            zod(
                r#"{"origin":"number","code":"too_small","minimum":0,"inclusive":true,"path":["days"],"message":"Too small: expected number to be >=0"}"#,
            ),
        ),
        (
            "u8 fractional",
            forecast(json!({ "days": 1.5 })),
            zod(
                r#"{"expected":"int","format":"safeint","code":"invalid_type","path":["days"],"message":"Invalid input: expected int, received number"}"#,
            ),
        ),
        ("u8 string", forecast(json!({ "days": "1" })), Issue::invalid_type("number", "string").at(["days"])),
        // z.number().int().min(-2147483648).max(2147483647)
        (
            "i32 too big",
            forecast(json!({ "offset": 3_000_000_000_u64 })),
            zod(
                r#"{"origin":"number","code":"too_big","maximum":2147483647,"inclusive":true,"path":["offset"],"message":"Too big: expected number to be <=2147483647"}"#,
            ),
        ),
        // z.enum(["celsius","fahrenheit"]): the variant sent is never named
        (
            "unknown variant",
            forecast(json!({ "unit": "kelvin" })),
            Issue::invalid_value(&["celsius", "fahrenheit"]).at(["unit"]),
        ),
        // z.array(z.string())
        (
            "element",
            forecast(json!({ "tags": ["a", 1] })),
            Issue::invalid_type("string", "number").at(["tags".into(), mcp_envelope::PathSegment::Index(1)]),
        ),
        ("not a list", forecast(json!({ "tags": "a" })), Issue::invalid_type("array", "string").at(["tags"])),
        ("object for a list", forecast(json!({ "tags": {} })), Issue::invalid_type("array", "object").at(["tags"])),
        // z.strictObject({ x: z.number().int().min(0) })
        ("nested unknown key", forecast(json!({ "at": { "y": 1 } })), Issue::unrecognized_keys(&["y"]).at(["at"])),
        ("not an object", forecast(json!({ "at": 5 })), Issue::invalid_type("object", "number").at(["at"])),
        (
            "missing nested, no schema",
            forecast(json!({ "at": {} })),
            Issue::custom("Invalid input: expected a value, received undefined").at(["at", "x"]),
        ),
        // z.tuple([z.number(), z.number()])
        (
            "short tuple",
            forecast(json!({ "pair": [1] })),
            zod(
                r#"{"code":"too_small","minimum":2,"inclusive":true,"origin":"array","path":["pair"],"message":"Too small: expected array to have >=2 items"}"#,
            ),
        ),
        // z.string().length(1)
        (
            "long char",
            forecast(json!({ "initial": "ab" })),
            zod(
                r#"{"origin":"string","code":"too_big","maximum":1,"inclusive":true,"exact":true,"path":["initial"],"message":"Too big: expected string to have exactly 1 characters"}"#,
            ),
        ),
        (
            "empty char",
            forecast(json!({ "initial": "" })),
            zod(
                r#"{"origin":"string","code":"too_small","minimum":1,"inclusive":true,"exact":true,"path":["initial"],"message":"Too small: expected string to have exactly 1 characters"}"#,
            ),
        ),
        // z.strictObject({...}) at the root
        ("unknown key", forecast(json!({ "colour": "red" })), Issue::unrecognized_keys(&["colour"])),
        ("root not an object", json!(5), Issue::invalid_type("object", "number")),
        ("root null", Json::Null, Issue::invalid_type("object", "null")),
    ];
    for (label, args, zod) in &rows {
        check::<Forecast>(label, args, None, zod);
    }
}

#[test]
fn a_schema_says_what_serde_does_not() {
    let schema = json!({
        "type": "object",
        "properties": {
            "city": { "type": "string" },
            "days": { "type": "integer" },
            "unit": { "type": "string", "enum": ["celsius", "fahrenheit"] },
            "tags": { "type": "array", "items": { "type": "string" } },
            "at": { "anyOf": [{ "$ref": "#/$defs/Place" }, { "type": "null" }] },
            "pair": { "type": ["array", "null"], "prefixItems": [{ "type": "integer" }, { "type": "integer" }] }
        },
        "$defs": { "Place": { "type": "object", "properties": { "x": { "type": "integer" } }, "required": ["x"] } }
    });
    // z.number(): a missing integer is a missing number to Zod.
    let mut args = forecast(json!({}));
    args.as_object_mut().map(|a| a.remove("days"));
    check::<Forecast>("missing days", &args, Some(&schema), &Issue::invalid_type("number", "undefined").at(["days"]));
    args = forecast(json!({}));
    args.as_object_mut().map(|a| a.remove("unit"));
    check::<Forecast>(
        "missing unit",
        &args,
        Some(&schema),
        &Issue::invalid_value(&["celsius", "fahrenheit"]).at(["unit"]),
    );
    check::<Forecast>(
        "missing nested, through a $ref",
        &forecast(json!({ "at": {} })),
        Some(&schema),
        &Issue::invalid_type("number", "undefined").at(["at", "x"]),
    );
    check::<Forecast>(
        "number for an enum",
        &forecast(json!({ "unit": 5 })),
        Some(&schema),
        &Issue::invalid_value(&["celsius", "fahrenheit"]).at(["unit"]),
    );
    // z.tuple([z.number(), z.number()]) with three: serde does not say the size; the schema does.
    check::<Forecast>(
        "long tuple",
        &forecast(json!({ "pair": [1, 2, 3] })),
        Some(&schema),
        &zod(
            r#"{"code":"too_big","maximum":2,"inclusive":true,"origin":"array","path":["pair"],"message":"Too big: expected array to have <=2 items"}"#,
        ),
    );
}

/// A field whose own `Deserialize` rejects with the value in its message, as many do.
#[derive(Debug)]
struct Date;

impl<'de> Deserialize<'de> for Date {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Err(serde::de::Error::invalid_value(Unexpected::Str(&text), &"a date"))
    }
}

#[derive(Debug)]
struct Token;

impl<'de> Deserialize<'de> for Token {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Err(serde::de::Error::custom(format!("token {text} is revoked")))
    }
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Secretive {
    when: Option<Date>,
    token: Option<Token>,
    mode: Option<Unit>,
}

#[test]
fn nothing_the_caller_sent_is_copied_from_serde_s_message() {
    let secret = "sk-live-1234567890abcdef";
    for (field, zod) in [
        ("when", Issue::custom("Invalid input").at(["when"])),
        ("token", Issue::custom("Invalid input").at(["token"])),
        ("mode", Issue::invalid_value(&["celsius", "fahrenheit"]).at(["mode"])),
    ] {
        let args = json!({ field: secret });
        // serde's own message holds the secret…
        let error = serde_path_to_error::deserialize::<_, Secretive>(&args).expect_err("an error");
        assert!(error.to_string().contains(secret), "{error}");
        // … the issue does not.
        let issues = issues_from_serde(&error, None);
        assert_eq!(issues, std::slice::from_ref(&zod), "{field}");
        let (message, data, xml) = rendered(&issues, "t", &args, None);
        assert!(!message.contains(secret) && !data.contains(secret), "{field}: {data}");
        // The XML dialect shows what was sent, as it does for Zod's issue: no more.
        assert_eq!(xml, rendered(&[zod], "t", &args, None).2);
    }
}

#[test]
fn without_a_path_the_issue_is_at_the_root() {
    let error = serde_json::from_value::<Forecast>(forecast(json!({ "city": 5 }))).expect_err("an error");
    assert_eq!(issues_from_serde_json(&error, None), [Issue::invalid_type("string", "number")]);
    let error = serde_json::from_value::<Forecast>(forecast(json!({ "colour": 1 }))).expect_err("an error");
    assert_eq!(issues_from_serde_json(&error, None), [Issue::unrecognized_keys(&["colour"])]);
    let error = serde_json::from_value::<Forecast>(json!({})).expect_err("an error");
    assert_eq!(
        issues_from_serde_json(&error, None),
        [Issue::custom("Invalid input: expected a value, received undefined").at(["city"])]
    );
    // From text: serde_json's ` at line L column C` is not part of what is read.
    let error = serde_json::from_str::<Forecast>(r#"{"city": 5}"#).expect_err("an error");
    assert!(error.to_string().ends_with("at line 1 column 10"));
    assert_eq!(issues_from_serde_json(&error, None), [Issue::invalid_type("string", "number")]);
    // z.string().pipe(z.json()) would say the text is not JSON.
    let error = serde_json::from_str::<Forecast>(r#"{"city": "#).expect_err("an error");
    assert_eq!(
        issues_from_serde_json(&error, None),
        [zod(
            r#"{"origin":"string","code":"invalid_format","format":"json_string","path":[],"message":"Invalid JSON string"}"#
        )]
    );
}

/// The README's Rust example, verbatim (tests/readme_rust.rs checks that it is): it runs here.
#[test]
#[allow(dead_code)]
fn the_readme_rust_example_holds() {
    use mcp_envelope::{deserialize_args, format_validation, Validation, Value};
    use serde::Deserialize;

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Forecast {
        city: String,
        days: u8,
    }

    let args = serde_json::json!({ "city": "Oslo", "days": 300 });
    let issues = deserialize_args::<Forecast>(&args, None).err().unwrap();
    let sent = Value::from_serde(&args);
    assert_eq!(
        format_validation(&issues, &Validation::new("forecast").args(&sent)).message,
        "Input validation error: Invalid arguments for tool forecast: days: Too big: expected number to be <=255"
    );
}

#[test]
fn a_long_value_is_read_only_up_to_the_cap_and_the_issue_still_says_the_type() {
    let long = "x".repeat(1 << 20);
    let args = forecast(json!({ "days": long }));
    check::<Forecast>("long string for u8", &args, None, &Issue::invalid_type("number", "string").at(["days"]));
    let key = "k".repeat(1 << 16);
    let args = forecast(json!({ key.clone(): 1 }));
    let issues = deserialize_args::<Forecast>(&args, None).expect_err("an error");
    assert_eq!(issues, [Issue::unrecognized_keys(&[key.as_str()])]);
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
            any::<f64>().prop_filter("finite", |f| f.is_finite()).prop_map(Json::from),
            "sk-[a-z0-9]{12,24}".prop_map(Json::from),
            prop_oneof![Just("celsius"), Just("kelvin"), Just(""), Just("a")].prop_map(Json::from),
        ];
        leaf.prop_recursive(4, 32, 6, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Json::from),
                prop::collection::vec(
                    (
                        prop_oneof![
                            Just("city".to_owned()),
                            Just("days".to_owned()),
                            Just("unit".to_owned()),
                            Just("tags".to_owned()),
                            Just("at".to_owned()),
                            Just("x".to_owned()),
                            Just("pair".to_owned()),
                            Just("initial".to_owned()),
                            Just("when".to_owned()),
                            Just("token".to_owned()),
                            "[a-z]{1,6}",
                        ],
                        inner
                    ),
                    0..6
                )
                .prop_map(|entries| Json::Object(entries.into_iter().collect())),
            ]
        })
    }

    /// Every string the arguments hold (values, not keys).
    fn strings(value: &Json, out: &mut Vec<String>) {
        match value {
            Json::String(s) => out.push(s.clone()),
            Json::Array(items) => items.iter().for_each(|i| strings(i, out)),
            Json::Object(map) => map.values().for_each(|v| strings(v, out)),
            _ => {}
        }
    }

    fn holds_no_sent_string(issues: &[Issue], args: &Json) -> Result<(), TestCaseError> {
        let mut sent = Vec::new();
        strings(args, &mut sent);
        for issue in issues {
            let text = issue.to_json();
            // The secrets: a schema's own names (an enum's values) may equal a string sent.
            for s in sent.iter().filter(|s| s.starts_with("sk-")) {
                prop_assert!(!text.contains(s.as_str()), "{text} holds {s}");
            }
        }
        Ok(())
    }

    fn case<T: DeserializeOwned>(args: &Json, schema: Option<&Value<'_>>) -> Result<(), TestCaseError> {
        if let Err(issues) = deserialize_args::<T>(args, schema) {
            prop_assert!(!issues.is_empty());
            holds_no_sent_string(&issues, args)?;
            let sent = Value::from_serde(args);
            let error = format_validation(&issues, &Validation::new("t").args(&sent));
            holds_no_sent_string(&[Issue::custom(error.message)], args)?;
        }
        if let Err(error) = serde_json::from_value::<T>(args.clone()) {
            let issues = issues_from_serde_json(&error, schema);
            prop_assert!(!issues.is_empty());
            holds_no_sent_string(&issues, args)?;
        }
        Ok(())
    }

    proptest! {
        #[test]
        fn any_json_into_real_structs_never_panics_and_never_echoes(args in json()) {
            let schema = Value::from_serde(&json!({
                "type": "object",
                "properties": { "unit": { "enum": ["celsius", "fahrenheit"] }, "at": { "properties": { "x": { "type": "integer" } } } }
            }));
            for schema in [None, Some(&schema)] {
                case::<Forecast>(&args, schema)?;
                case::<Secretive>(&args, schema)?;
                case::<Search>(&args, schema)?;
                case::<Vec<Point>>(&args, schema)?;
                case::<NestedFacet>(&args, schema)?;
            }
        }
    }
}
