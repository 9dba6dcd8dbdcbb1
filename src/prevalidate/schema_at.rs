//! Whether `null` at a path means "unset" (mcp-ts-core's `unsetAt`): the enclosing
//! object declares the key, does not require it, and the key's schema refuses `null`.
//! Read from the tool's JSON Schema, which says the same things Zod's shape does:
//! an optional or defaulted field is left out of `required`, a `.nullable()` one takes
//! `null`. A record entry, a key under an open catchall and an array element are data,
//! never deleted.

use crate::value::Value;

/// `$ref` hops followed at most per step.
const MAX_REF_HOPS: usize = 16;
/// Nested `anyOf` / `oneOf` read at most when asking whether a schema takes `null`.
const MAX_NULL_DEPTH: usize = 8;
/// Options of one `anyOf` / `oneOf` read at most.
const MAX_OPTIONS: usize = 64;

/// One step of a path into the arguments.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Step {
    Key(String),
    Index(usize),
}

impl Step {
    /// The step as `String()` prints it, which an issue path segment is compared by.
    pub fn text(&self) -> String {
        match self {
            Step::Key(k) => k.clone(),
            Step::Index(i) => i.to_string(),
        }
    }
}

/// `schema` with its local `$ref`s (`#/$defs/…`, `#/definitions/…`) followed.
fn resolved<'s>(root: &'s Value<'s>, mut schema: &'s Value<'s>) -> &'s Value<'s> {
    for _ in 0..MAX_REF_HOPS {
        let Some(reference) = schema.get("$ref").and_then(Value::as_str) else { break };
        let target = [("#/$defs/", "$defs"), ("#/definitions/", "definitions")].iter().find_map(|(prefix, field)| {
            let name = reference.strip_prefix(prefix)?;
            root.get(field)?.get(name)
        });
        match target {
            Some(next) => schema = next,
            None => break,
        }
    }
    schema
}

/// The schema one step below `schema`, or `None` when it cannot be told.
fn step_into<'s>(root: &'s Value<'s>, schema: &'s Value<'s>, step: &Step) -> Option<&'s Value<'s>> {
    let schema = resolved(root, schema);
    if let Some(options) = schema.get("anyOf").or_else(|| schema.get("oneOf")).and_then(Value::as_array) {
        // The one option that can take the step (a nullable object is one object and a null).
        let mut found = None;
        for option in options.iter().take(MAX_OPTIONS) {
            if let Some(next) = step_into(root, resolved(root, option), step) {
                if found.is_some() {
                    return None;
                }
                found = Some(next);
            }
        }
        return found;
    }
    match step {
        Step::Key(key) => schema.get("properties")?.get(key),
        Step::Index(i) => schema
            .get("prefixItems")
            .and_then(Value::as_array)
            .and_then(|p| p.get(*i))
            .or_else(|| schema.get("items").filter(|items| matches!(items, Value::Object(_)))),
    }
}

/// The object schema that declares the last step of `path`, when exactly one does.
fn enclosing<'s>(root: &'s Value<'s>, path: &[Step]) -> Option<&'s Value<'s>> {
    let (_, parents) = path.split_last()?;
    let mut schema = root;
    for step in parents {
        schema = step_into(root, schema, step)?;
    }
    let schema = resolved(root, schema);
    let Some(options) = schema.get("anyOf").or_else(|| schema.get("oneOf")).and_then(Value::as_array) else {
        return Some(schema);
    };
    let key = match path.last() {
        Some(Step::Key(k)) => k,
        _ => return None,
    };
    let mut found = None;
    for option in options.iter().take(MAX_OPTIONS).map(|o| resolved(root, o)) {
        if option.get("properties").and_then(|p| p.get(key)).is_some() {
            if found.is_some() {
                return None;
            }
            found = Some(option);
        }
    }
    found
}

/// Whether a schema takes `null`.
fn takes_null(root: &Value, schema: &Value, depth: usize) -> bool {
    let schema = resolved(root, schema);
    let Value::Object(members) = schema else { return matches!(schema, Value::Bool(true)) };
    if members.is_empty() {
        return true;
    }
    let typed = match schema.get("type") {
        Some(Value::String(t)) => t == "null",
        Some(Value::Array(types)) => types.iter().any(|t| t.as_str() == Some("null")),
        _ => false,
    };
    let listed = schema.get("enum").and_then(Value::as_array).is_some_and(|e| e.contains(&Value::Null));
    let options = schema.get("anyOf").or_else(|| schema.get("oneOf")).and_then(Value::as_array).unwrap_or(&[]);
    typed
        || listed
        || schema.get("const") == Some(&Value::Null)
        || schema.get("nullable") == Some(&Value::Bool(true))
        || (depth < MAX_NULL_DEPTH && options.iter().take(MAX_OPTIONS).any(|o| takes_null(root, o, depth + 1)))
}

/// Whether `null` at `path` means the key is unset: its object declares it, leaves it
/// out of `required`, and its schema refuses `null`.
pub fn unset_at(schema: &Value, path: &[Step]) -> bool {
    let Some(Step::Key(key)) = path.last() else { return false };
    let Some(object) = enclosing(schema, path) else { return false };
    let Some(field) = object.get("properties").and_then(|p| p.get(key)) else { return false };
    let required = object.get("required").and_then(Value::as_array).unwrap_or(&[]);
    !required.iter().any(|r| r.as_str() == Some(key)) && !takes_null(schema, field, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(text: &str) -> Value<'static> {
        Value::parse_json(text).unwrap()
    }

    fn key(k: &str) -> Step {
        Step::Key(k.into())
    }

    #[test]
    fn only_an_optional_field_that_refuses_null_is_unset() {
        let schema = v(
            r#"{"type":"object","properties":{"opt":{"type":"string"},"req":{"type":"string"},"nul":{"anyOf":[{"type":"string"},{"type":"null"}]},"any":{}},"required":["req"],"additionalProperties":{"type":"string"}}"#,
        );
        assert!(unset_at(&schema, &[key("opt")]));
        assert!(!unset_at(&schema, &[key("req")]));
        assert!(!unset_at(&schema, &[key("nul")]));
        assert!(!unset_at(&schema, &[key("any")]));
        assert!(!unset_at(&schema, &[key("extra")]), "a catchall key is data");
        assert!(!unset_at(&schema, &[]));
    }

    #[test]
    fn nested_objects_arrays_and_refs_are_walked() {
        let schema = v(
            r##"{"type":"object","properties":{"items":{"type":"array","items":{"$ref":"#/$defs/Item"}},"opts":{"anyOf":[{"type":"object","properties":{"limit":{"type":"number"}}},{"type":"null"}]}},"$defs":{"Item":{"type":"object","properties":{"note":{"type":"string"}}}}}"##,
        );
        assert!(unset_at(&schema, &[key("items"), Step::Index(3), key("note")]));
        assert!(unset_at(&schema, &[key("opts"), key("limit")]));
        assert!(!unset_at(&schema, &[key("items"), Step::Index(0)]), "an element is data");
    }

    #[test]
    fn a_union_root_reads_the_one_option_declaring_the_key() {
        let schema = v(r#"{"anyOf":[{"properties":{"a":{"type":"string"}}},{"properties":{"b":{"type":"string"}}}]}"#);
        assert!(unset_at(&schema, &[key("a")]));
        let both = v(r#"{"anyOf":[{"properties":{"a":{"type":"string"}}},{"properties":{"a":{"type":"number"}}}]}"#);
        assert!(!unset_at(&both, &[key("a")]));
    }
}
