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

use crate::value::{write_json_string, Value};

/// The advertised schema of `error`: `data` is open, since it carries a throw site's own
/// fields beside `reason`, `recovery` and `retryable`.
const ERROR_SCHEMA: &str = concat!(
    r#"{"type":"object","properties":{"code":{"type":"integer"},"message":{"type":"string"},"#,
    r#""data":{"type":"object","properties":{"reason":{"type":"string"},"#,
    r#""recovery":{"type":"object","properties":{"hint":{"type":"string"}},"required":["hint"]},"#,
    r#""retryable":{"type":"boolean"}}}},"required":["code","message"],"#,
    r#""description":"The failure, present only on an error result (isError: true)."}"#
);

/// The schema to advertise (JSON text) for a tool whose success results follow `schema`
/// (the author's output JSON Schema); `None` when `schema` is not an object schema with
/// `properties` this can widen (the tool's error results then go out without
/// `structuredContent`), or already declares an `error` property or a root `anyOf`.
pub fn advertised_output_schema(schema: &Value) -> Option<String> {
    let fields = schema.as_object()?;
    let is_object = schema.get("type").map_or(true, |t| t.as_str() == Some("object"));
    let properties = schema.get("properties").and_then(Value::as_object)?;
    if !is_object || properties.iter().any(|(k, _)| k == "error") || schema.get("anyOf").is_some() {
        return None;
    }
    let mut out = String::from("{");
    if schema.get("type").is_none() {
        out.push_str(r#""type":"object","#);
    }
    for (key, value) in fields {
        if key == "required" {
            continue;
        }
        write_json_string(key, &mut out);
        out.push(':');
        if key == "properties" {
            let mut inner = value.to_json();
            inner.pop();
            out.push_str(&inner);
            out.push_str(if properties.is_empty() { r#""error":"# } else { r#","error":"# });
            out.push_str(ERROR_SCHEMA);
            out.push('}');
        } else {
            value.write_json(&mut out);
        }
        out.push(',');
    }
    out.push_str(r#""anyOf":[{"not":{"required":["error"]}"#);
    if let Some(required) = schema.get("required").filter(|r| r.as_array().is_some_and(|r| !r.is_empty())) {
        out.push_str(r#","required":"#);
        required.write_json(&mut out);
    }
    out.push_str(r#"},{"required":["error"]}]}"#);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn widen(json: &str) -> Option<String> {
        advertised_output_schema(&Value::parse_json(json).unwrap_or(Value::Null))
    }

    #[test]
    fn a_strict_schema_keeps_its_properties_and_moves_required_into_the_success_branch() {
        let out = widen(r#"{"$schema":"x","type":"object","properties":{"total":{"type":"number"}},"required":["total"],"additionalProperties":false}"#).unwrap_or_default();
        assert!(out.starts_with(r#"{"$schema":"x","type":"object","properties":{"total":{"type":"number"},"error":{"type":"object","properties":{"code":{"type":"integer"}"#), "{out}");
        assert!(out.contains(r#""additionalProperties":false"#), "{out}");
        assert!(!out.contains(r#""required":["total"],"additionalProperties""#), "{out}");
        assert!(
            out.ends_with(r#""anyOf":[{"not":{"required":["error"]},"required":["total"]},{"required":["error"]}]}"#),
            "{out}"
        );
    }

    #[test]
    fn what_cannot_be_widened_is_left_alone() {
        assert_eq!(widen(r#"{"type":"array","items":{}}"#), None);
        assert_eq!(widen(r#"{"type":"object"}"#), None);
        assert_eq!(widen(r#"{"type":"object","properties":{"error":{}}}"#), None);
        assert_eq!(widen(r#"{"anyOf":[{"type":"object"}],"properties":{}}"#), None);
        assert_eq!(widen("null"), None);
        // No `type`: an object schema all the same.
        assert!(widen(r#"{"properties":{"a":{}}}"#)
            .is_some_and(|s| s.starts_with(r#"{"type":"object","properties":{"a":{},"error""#)));
    }

    #[test]
    fn the_error_schema_is_json_and_the_output_parses() {
        assert!(Value::parse_json(ERROR_SCHEMA).is_ok());
        for json in [
            r#"{"type":"object","properties":{},"required":[]}"#,
            r#"{"properties":{"a":{"type":"string"}},"required":["a"]}"#,
        ] {
            let out = widen(json).unwrap_or_default();
            assert!(Value::parse_json(&out).is_ok(), "{out}");
        }
    }
}
