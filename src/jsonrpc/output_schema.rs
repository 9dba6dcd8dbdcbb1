//! The `outputSchema` a tool advertises when its errors carry `structuredContent.error`.
//!
//! An error result's `structuredContent` is `{ error: { code, message, data? } }`, which
//! a success-only output schema rejects. The official SDK v1 Client validates
//! `structuredContent` even when `isError` is true and throws `-32602` instead of
//! returning the result, so the model sees nothing; the v2 Client skips validation on
//! errors. The validator runs in the client, so the only fix a server can ship is in
//! what it advertises. As the newest mcp-ts-core decides (`advertisedOutputSchema`,
//! `src/mcp-server/tools/utils/toolHandlerFactory.ts`): the root stays an object
//! schema (an `anyOf` root without `type` is rewritten by 2025-era projections), every
//! success property stays but none is required at the root, an `error` property is
//! declared, and an `anyOf` brings `required` back: a result is either a success
//! (its required fields present, no `error`) or a failure (`error` present).
//!
//! The server still checks success results against the author's own schema
//! (`registerTool` does, and answers with an InternalError envelope when one fails).

use crate::value::Value;

/// The advertised schema of `error`: loose objects, since `data` carries a throw
/// site's own fields beside `reason`, `recovery` and `retryable`.
fn error_schema() -> Value {
    let typed = |t: &str| Value::Object(vec![("type".to_owned(), Value::str(t))]);
    let object = |properties: Vec<(String, Value)>, required: &[&str]| {
        let mut fields = vec![("type".to_owned(), Value::str("object")), ("properties".to_owned(), Value::Object(properties))];
        if !required.is_empty() {
            fields.push(("required".to_owned(), Value::Array(required.iter().map(|r| Value::str(*r)).collect())));
        }
        Value::Object(fields)
    };
    let recovery = object(vec![("hint".to_owned(), typed("string"))], &["hint"]);
    let data = object(
        vec![("reason".to_owned(), typed("string")), ("recovery".to_owned(), recovery), ("retryable".to_owned(), typed("boolean"))],
        &[],
    );
    let mut error = object(
        vec![("code".to_owned(), typed("integer")), ("message".to_owned(), typed("string")), ("data".to_owned(), data)],
        &["code", "message"],
    );
    if let Value::Object(fields) = &mut error {
        fields.push(("description".to_owned(), Value::str("The failure, present only on an error result (isError: true).")));
    }
    error
}

/// The schema to advertise for a tool whose success results follow `schema` (the
/// author's output JSON Schema); `None` when `schema` is not an object schema with
/// `properties` this can widen (the tool's error results then go out without
/// `structuredContent`), or already declares an `error` property or a root `anyOf`.
pub fn advertised_output_schema(schema: &Value) -> Option<Value> {
    let fields = schema.as_object()?;
    let is_object = schema.get("type").map_or(true, |t| t.as_str() == Some("object"));
    let properties = schema.get("properties").and_then(Value::as_object)?;
    if !is_object || properties.iter().any(|(k, _)| k == "error") || schema.get("anyOf").is_some() {
        return None;
    }
    let required: Vec<Value> = schema.get("required").and_then(Value::as_array).map(<[Value]>::to_vec).unwrap_or_default();
    let mut widened_properties = properties.to_vec();
    widened_properties.push(("error".to_owned(), error_schema()));
    let required_error = || Value::Array(vec![Value::str("error")]);
    let mut success = vec![("not".to_owned(), Value::Object(vec![("required".to_owned(), required_error())]))];
    if !required.is_empty() {
        success.push(("required".to_owned(), Value::Array(required)));
    }
    let failure = Value::Object(vec![("required".to_owned(), required_error())]);
    let mut out: Vec<(String, Value)> = Vec::with_capacity(fields.len() + 2);
    if schema.get("type").is_none() {
        out.push(("type".to_owned(), Value::str("object")));
    }
    for (key, value) in fields {
        match key.as_str() {
            "required" => {}
            "properties" => out.push((key.clone(), Value::Object(std::mem::take(&mut widened_properties)))),
            _ => out.push((key.clone(), value.clone())),
        }
    }
    out.push(("anyOf".to_owned(), Value::Array(vec![Value::Object(success), failure])));
    Some(Value::Object(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn widen(json: &str) -> Option<String> {
        advertised_output_schema(&Value::parse_json(json).unwrap_or(Value::Null)).map(|v| v.to_json())
    }

    #[test]
    fn a_strict_schema_keeps_its_properties_and_moves_required_into_the_success_branch() {
        let out = widen(r#"{"$schema":"x","type":"object","properties":{"total":{"type":"number"}},"required":["total"],"additionalProperties":false}"#).unwrap_or_default();
        assert!(out.starts_with(r#"{"$schema":"x","type":"object","properties":{"total":{"type":"number"},"error":{"type":"object","properties":{"code":{"type":"integer"}"#), "{out}");
        assert!(out.contains(r#""additionalProperties":false"#), "{out}");
        assert!(!out.contains(r#""required":["total"],"additionalProperties""#), "{out}");
        assert!(out.ends_with(r#""anyOf":[{"not":{"required":["error"]},"required":["total"]},{"required":["error"]}]}"#), "{out}");
    }

    #[test]
    fn what_cannot_be_widened_is_left_alone() {
        assert_eq!(widen(r#"{"type":"array","items":{}}"#), None);
        assert_eq!(widen(r#"{"type":"object"}"#), None);
        assert_eq!(widen(r#"{"type":"object","properties":{"error":{}}}"#), None);
        assert_eq!(widen(r#"{"anyOf":[{"type":"object"}],"properties":{}}"#), None);
        assert_eq!(widen("null"), None);
        // No `type`: an object schema all the same.
        assert!(widen(r#"{"properties":{"a":{}}}"#).is_some_and(|s| s.starts_with(r#"{"type":"object","properties":{"a":{},"error""#)));
    }
}
