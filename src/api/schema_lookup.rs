//! What a tool's JSON Schema says belongs at a path, for the issues of validators that
//! do not say it themselves (serde's `missing field`, the `jsonschema` crate's
//! `required`): the Zod 4 issue a missing property gets is read from its schema, as Zod
//! reads it from its own.
//!
//! Local `$ref`s (`#/$defs/…`, `#/definitions/…`) are followed, a bounded number of
//! times; an `anyOf`/`oneOf` of one schema and `{ "type": "null" }` (an `Option` in
//! schemars' output) reads as that schema.

use super::issue::{Issue, PathSegment};
use crate::value::Value;
use std::borrow::Cow;

/// `$ref`s followed at most per step (a cycle of references ends there).
const MAX_REFS: usize = 16;
/// Path segments walked at most.
const MAX_STEPS: usize = crate::source::MAX_PATH;

/// The schema at a JSON Pointer (`/properties/a`, or `#/$defs/A`) in `root`.
#[cfg_attr(not(feature = "jsonschema"), allow(dead_code))]
pub(super) fn at_pointer<'s, 'v>(root: &'s Value<'v>, pointer: &str) -> Option<&'s Value<'v>> {
    let pointer = pointer.strip_prefix('#').unwrap_or(pointer);
    if pointer.is_empty() {
        return Some(root);
    }
    let mut node = root;
    for raw in pointer.strip_prefix('/')?.split('/').take(MAX_STEPS * 4) {
        let token: Cow<str> =
            if raw.contains('~') { Cow::Owned(raw.replace("~1", "/").replace("~0", "~")) } else { Cow::Borrowed(raw) };
        node = match node {
            Value::Object(_) => node.get(&token)?,
            Value::Array(items) => items.get(token.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(node)
}

/// `node` with its local `$ref`s followed and a nullable wrapper taken off.
fn resolved<'s, 'v>(root: &'s Value<'v>, mut node: &'s Value<'v>) -> &'s Value<'v> {
    for _ in 0..MAX_REFS {
        if let Some(target) = node.get("$ref").and_then(Value::as_str).and_then(|r| at_pointer(root, r)) {
            node = target;
            continue;
        }
        match non_null_branch(node) {
            Some(inner) => node = inner,
            None => break,
        }
    }
    node
}

/// The one branch of an `anyOf`/`oneOf` that is not `{ "type": "null" }`, when there is one.
fn non_null_branch<'s, 'v>(node: &'s Value<'v>) -> Option<&'s Value<'v>> {
    let branches = node.get("anyOf").or_else(|| node.get("oneOf")).and_then(Value::as_array)?;
    let mut others = branches.iter().filter(|b| b.get("type").and_then(Value::as_str) != Some("null"));
    match (others.next(), others.next()) {
        (Some(one), None) if branches.len() == 2 => Some(one),
        _ => None,
    }
}

/// The schema of what belongs at `path` under `root`'s schema, when it says.
pub(super) fn at_path<'s, 'v>(root: &'s Value<'v>, path: &[PathSegment]) -> Option<&'s Value<'v>> {
    at_path_from(root, root, path)
}

/// The schema of what belongs at `path` under `start`, a schema inside `root` (where
/// its references point).
pub(super) fn at_path_from<'s, 'v>(
    root: &'s Value<'v>,
    start: &'s Value<'v>,
    path: &[PathSegment],
) -> Option<&'s Value<'v>> {
    let mut node = resolved(root, start);
    for segment in path.iter().take(MAX_STEPS) {
        let next = match segment {
            PathSegment::Key(key) => node
                .get("properties")
                .and_then(|p| p.get(key))
                .or_else(|| node.get("additionalProperties").filter(|a| matches!(a, Value::Object(_)))),
            PathSegment::Index(index) => {
                let at = usize::try_from(*index).unwrap_or(usize::MAX);
                let tuple = node.get("prefixItems").or_else(|| node.get("items").filter(|i| i.as_array().is_some()));
                match tuple.and_then(Value::as_array).and_then(|items| items.get(at)) {
                    Some(item) => Some(item),
                    None => node.get("items").filter(|i| matches!(i, Value::Object(_))),
                }
            }
        };
        node = resolved(root, next?);
    }
    Some(node)
}

/// The fixed values a schema allows (`enum`, or `const` as one value).
pub(super) fn allowed_values(node: &Value<'_>) -> Option<Vec<Value<'static>>> {
    if let Some(values) = node.get("enum").and_then(Value::as_array) {
        return (!values.is_empty()).then(|| values.iter().map(Value::to_owned_value).collect());
    }
    node.get("const").map(|value| vec![value.to_owned_value()])
}

/// Zod 4's name for a JSON Schema type a missing or wrong value should have had: an
/// `integer` is a `number` to Zod until it is one (`z.number().int()` says `expected
/// number` of anything that is not a number). `None` for a list of types or none.
pub(super) fn zod_type(node: &Value<'_>) -> Option<&'static str> {
    let name = match node.get("type")? {
        Value::String(name) => name.as_ref(),
        Value::Array(names) => {
            let mut others = names.iter().filter_map(Value::as_str).filter(|n| *n != "null");
            match (others.next(), others.next()) {
                (Some(one), None) => one,
                _ => return None,
            }
        }
        _ => return None,
    };
    Some(match name {
        "string" => "string",
        "number" | "integer" => "number",
        "boolean" => "boolean",
        "object" => "object",
        "array" => "array",
        "null" => "null",
        _ => return None,
    })
}

/// The issue Zod 4 writes for a missing property whose schema is `property` (inside
/// `root`): `invalid_value` with the values of an enum or a constant, `invalid_type`
/// with the type, received `undefined`, or for a union (`anyOf`/`oneOf`) `invalid_union`
/// with each branch's; when the schema says none of these (or was not given), the words
/// Zod would write with the type left unsaid, as a `custom` issue (an `invalid_type`
/// without `expected` reads `Expected type: undefined.` in the XML dialect), as the npm
/// package writes a JSON Schema validator's missing property.
pub(super) fn missing(path: Vec<PathSegment>, property: Option<&Value<'_>>, root: &Value<'_>) -> Issue {
    match property.and_then(|p| missing_here(root, p, 0)) {
        Some(issue) => issue.at(path),
        None => Issue::custom("Invalid input: expected a value, received undefined").at(path),
    }
}

/// Union branches followed at most, and how deep.
const MAX_BRANCHES: usize = crate::source::MAX_NESTED;
const MAX_UNION_DEPTH: usize = 4;

fn missing_here(root: &Value<'_>, node: &Value<'_>, depth: usize) -> Option<Issue> {
    let node = resolved(root, node);
    if let Some(values) = allowed_values(node) {
        return Some(invalid_value(values));
    }
    if let Some(expected) = zod_type(node) {
        return Some(Issue::invalid_type(expected, "undefined"));
    }
    let branches = node.get("anyOf").or_else(|| node.get("oneOf")).and_then(Value::as_array)?;
    if depth >= MAX_UNION_DEPTH {
        return None;
    }
    let errors: Option<Vec<Value<'static>>> = branches
        .iter()
        .take(MAX_BRANCHES)
        .map(|b| missing_here(root, b, depth + 1).map(|i| Value::Array(vec![i.as_value().to_owned_value()])))
        .collect();
    let issue = Value::object([
        ("code", Value::str("invalid_union")),
        ("errors", Value::Array(errors?)),
        ("path", Value::Array(Vec::new())),
        ("message", Value::str("Invalid input")),
    ]);
    Issue::from_value(issue)
}

/// The property that tells a `oneOf`'s object branches apart (`z.discriminatedUnion`'s
/// JSON Schema): a property every branch has, each with a different string constant;
/// with the constants in the branches' order.
#[cfg_attr(not(feature = "jsonschema"), allow(dead_code))]
pub(super) fn discriminator(root: &Value<'_>, branches: &[Value<'_>]) -> Option<(String, Vec<String>)> {
    let first = resolved(root, branches.first()?);
    let constant = |branch: &Value<'_>, key: &str| -> Option<String> {
        let property = resolved(root, resolved(root, branch).get("properties")?.get(key)?);
        match allowed_values(property)?.as_slice() {
            [Value::String(s)] => Some(s.to_string()),
            _ => None,
        }
    };
    for (key, _) in first.get("properties")?.as_object()?.iter().take(MAX_BRANCHES) {
        let options: Option<Vec<String>> = branches.iter().take(MAX_BRANCHES).map(|b| constant(b, key)).collect();
        if let Some(options) = options {
            let distinct = options.iter().enumerate().all(|(i, o)| !options.iter().take(i).any(|p| p == o));
            if distinct {
                return Some((key.to_string(), options));
            }
        }
    }
    None
}

/// Where Zod 4 reports an issue among an object's: by the position of each key of its
/// path in the object's `properties` (Zod walks its shape in order, each property's
/// issues whole), an object's unknown keys after its properties. Only `root` is read.
#[cfg_attr(not(feature = "jsonschema"), allow(dead_code))]
pub(super) fn report_order(root: &Value<'_>, issue: &Value<'_>) -> Vec<usize> {
    let mut order = Vec::new();
    let mut node = Some(resolved(root, root));
    for segment in issue.get("path").and_then(Value::as_array).unwrap_or_default().iter().take(MAX_STEPS) {
        let (position, next) = match (segment, node) {
            (Value::String(key), Some(n)) => {
                let properties = n.get("properties").and_then(Value::as_object).unwrap_or_default();
                match properties.iter().position(|(k, _)| k == key) {
                    Some(at) => (at, properties.get(at).map(|(_, schema)| resolved(root, schema))),
                    None => (usize::MAX - 1, None),
                }
            }
            (Value::Number(index), n) => {
                // An index of a JSON array, whole and within usize.
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                let at = *index as usize;
                (at, n.and_then(|n| n.get("items")).map(|items| resolved(root, items)))
            }
            _ => (usize::MAX - 1, None),
        };
        order.push(position);
        node = next;
    }
    if issue.get("code").and_then(Value::as_str) == Some("unrecognized_keys") {
        order.push(usize::MAX);
    }
    order
}

/// Zod 4's `invalid_value` of any JSON values (`Issue::invalid_value` takes strings).
pub(super) fn invalid_value(values: Vec<Value<'static>>) -> Issue {
    let shown: Vec<String> = values.iter().map(Value::to_json).collect();
    let message = match shown.as_slice() {
        [one] => format!("Invalid input: expected {one}"),
        _ => format!("Invalid option: expected one of {}", shown.join("|")),
    };
    let issue = Value::object([
        ("code", Value::str("invalid_value")),
        ("values", Value::Array(values)),
        ("path", Value::Array(Vec::new())),
        ("message", Value::str(message)),
    ]);
    Issue::from_value(issue).unwrap_or_else(|| Issue::custom("Invalid input"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(text: &str) -> Value<'static> {
        Value::parse_json(text).unwrap_or(Value::Null)
    }

    #[test]
    fn refs_and_nullable_wrappers_are_followed_to_the_property() {
        let schema = v(r##"{"type":"object","properties":{"o":{"anyOf":[{"$ref":"#/$defs/O"},{"type":"null"}]}},
            "$defs":{"O":{"type":"object","properties":{"list":{"type":"array","items":{"type":"integer"}}}}}}"##);
        let path = [PathSegment::from("o"), "list".into(), 3.into()];
        assert_eq!(at_path(&schema, &path).and_then(zod_type), Some("number"));
        assert_eq!(at_path(&schema, &[PathSegment::from("nope")]), None);
        // A reference cycle ends.
        let cycle = v(r##"{"$ref":"#/$defs/A","$defs":{"A":{"$ref":"#/$defs/A"}}}"##);
        assert!(at_path(&cycle, &[]).is_some());
    }

    #[test]
    fn a_missing_property_reads_as_zod_reads_its_schema() {
        let enum_ = v(r#"{"enum":["os","cpu"]}"#);
        assert_eq!(
            missing(vec!["what".into()], Some(&enum_), &Value::Null).to_json(),
            r#"{"code":"invalid_value","values":["os","cpu"],"path":["what"],"message":"Invalid option: expected one of \"os\"|\"cpu\""}"#
        );
        let nullable = v(r#"{"type":["integer","null"]}"#);
        assert_eq!(
            missing(vec!["n".into()], Some(&nullable), &Value::Null).message(),
            "Invalid input: expected number, received undefined"
        );
        assert_eq!(missing(vec![], None, &Value::Null).code(), "custom");
        let union = v(r#"{"anyOf":[{"const":""},{"enum":["CJEU","GC"]}]}"#);
        assert_eq!(
            missing(vec!["court".into()], Some(&union), &Value::Null).to_json(),
            r#"{"code":"invalid_union","errors":[[{"code":"invalid_value","values":[""],"path":[],"message":"Invalid input: expected \"\""}],[{"code":"invalid_value","values":["CJEU","GC"],"path":[],"message":"Invalid option: expected one of \"CJEU\"|\"GC\""}]],"path":["court"],"message":"Invalid input"}"#
        );
    }
}
