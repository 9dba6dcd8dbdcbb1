//! Feature `jsonschema`: the `jsonschema` crate's validation errors, read as the Zod 4
//! issues a Zod schema of the same shape gives for the same wrong input.
//!
//! Its errors are JSON Schema keyword errors, as Ajv's are: each is given to the reader
//! the npm package reads Ajv's errors with (in Ajv's shape: `keyword`, `params` from the
//! schema, the instance path), so a Rust server and a TypeScript one using Ajv write the
//! same issue. Only the JSON type of the value that failed is read (for `received`),
//! never the value.
//!
//! | `ValidationErrorKind` | Zod 4 issue |
//! |---|---|
//! | `Type` (one type; `["T", "null"]` reads as `T`) | `invalid_type { expected }`, received the JSON type sent (`integer`: `int` when a number was sent, else `number`) |
//! | `Type` (several types) | `invalid_union`, one `invalid_type` per type |
//! | `Required` | at the property: `invalid_value` of its schema's `enum`/`const`, `invalid_type` of its type received `undefined`; when the schema is not given or says neither, `custom`: `Invalid input: expected a value, received undefined` |
//! | `AdditionalProperties` / `UnevaluatedProperties` | one `unrecognized_keys` at the object, every key |
//! | `FalseSchema` (a key `false` refuses) | `unrecognized_keys` at the object |
//! | `Enum` / `Constant` | `invalid_value { values }` |
//! | `Minimum` / `Maximum` / `ExclusiveMinimum` / `ExclusiveMaximum` | `too_small` / `too_big` of a number |
//! | `MinLength` / `MaxLength` | `too_small` / `too_big` of a string |
//! | `MinItems` / `MaxItems` / `AdditionalItems` | `too_small` / `too_big` of an array |
//! | `Pattern` | `invalid_format { format: regex }` |
//! | `Format` (`email`, `uri`, `uuid`, `date-time`, `date`, `time`, `duration`, `ipv4`, `ipv6`) | `invalid_format` |
//! | `MultipleOf` | `not_multiple_of` |
//! | `AnyOf` / `OneOfNotValid` | `invalid_union` with each branch's issues (a branch that only refuses `null` left out: with one branch left, its issues) |
//! | anything else (`OneOfMultipleValid`, `Not`, `UniqueItems`, `Contains`, `MinProperties`, `Custom`, …) | `custom`: `Invalid input` |

use super::issue::Issue;
use super::schema_lookup;
use crate::value::Value;
use jsonschema::error::{TypeKind, ValidationErrorKind};
use jsonschema::paths::LocationSegment;
use jsonschema::ValidationError;

/// Errors read at most (a renderer shows ten).
const MAX_ERRORS: usize = 64;
/// Keys of one `additionalProperties` error kept (a renderer shows ten).
const MAX_KEYS: usize = 64;

/// The Zod 4 issues for the `jsonschema` crate's errors (`validator.iter_errors(&args)`,
/// or the one of `validator.validate(&args)`), in their order. `schema`: the schema the
/// validator was built from, read for what a missing property should have been (the
/// crate's `required` error names only the property); without it, a missing property's
/// issue leaves its type unsaid.
///
/// ```
/// use mcp_envelope::{format_validation, issues_from_jsonschema, Issue, Validation, Value};
/// use serde_json::json;
///
/// let schema = json!({
///     "type": "object",
///     "properties": { "city": { "type": "string" }, "days": { "type": "integer", "maximum": 14 } },
///     "required": ["city"],
///     "additionalProperties": false
/// });
/// let validator = jsonschema::validator_for(&schema).unwrap();
/// let args = json!({ "days": 30 });
/// let issues = issues_from_jsonschema(validator.iter_errors(&args), Some(&Value::from_serde(&schema)));
/// assert_eq!(issues[0], Issue::invalid_type("string", "undefined").at(["city"]));
///
/// let sent = Value::from_serde(&args);
/// let rejection = format_validation(&issues, &Validation::new("forecast").args(&sent));
/// assert_eq!(
///     rejection.message,
///     "Input validation error: Invalid arguments for tool forecast: city: Invalid input: expected string, received undefined, days: Too big: expected number to be <=14"
/// );
/// ```
pub fn issues_from_jsonschema<'i>(
    errors: impl IntoIterator<Item = ValidationError<'i>>,
    schema: Option<&Value<'_>>,
) -> Vec<Issue> {
    errors.into_iter().take(MAX_ERRORS).filter_map(|error| Issue::from_value(read(&error, &[], schema, 0))).collect()
}

/// The instance path's segments as an issue's path (a canonical index a number).
fn path_of(error: &ValidationError<'_>) -> Vec<Value<'static>> {
    error
        .instance_path()
        .segments()
        .take(crate::source::MAX_PATH)
        .map(|segment| match segment {
            LocationSegment::Property(key) => Value::str(key.as_ref()),
            // Indexes in a JSON document fit an f64 exactly.
            #[allow(clippy::cast_precision_loss)]
            LocationSegment::Index(index) => Value::Number(index as f64),
        })
        .collect()
}

/// The JSON type of what failed, without its content: all the reader looks at.
fn shape(value: &serde_json::Value) -> Value<'static> {
    match value {
        serde_json::Value::Null => Value::Null,
        serde_json::Value::Bool(b) => Value::Bool(*b),
        serde_json::Value::Number(n) => Value::Number(n.as_f64().unwrap_or_default()),
        serde_json::Value::String(_) => Value::str(""),
        serde_json::Value::Array(_) => Value::Array(Vec::new()),
        serde_json::Value::Object(_) => Value::Object(Vec::new()),
    }
}

/// One error as its Zod 4 issue, its path relative to `base` (a union's path).
fn read(
    error: &ValidationError<'_>,
    base: &[Value<'static>],
    schema: Option<&Value<'_>>,
    depth: usize,
) -> Value<'static> {
    let full = path_of(error);
    let relative = full.strip_prefix(base).unwrap_or(&full);
    let instance = shape(error.instance());
    let ajv = |keyword: &str, params: Vec<(&str, Value<'static>)>| {
        let raw = Value::object([("keyword", Value::str(keyword)), ("params", Value::object(params))]);
        crate::source::json_schema_error(&raw, &[], &instance)
    };
    let issue = match error.kind() {
        ValidationErrorKind::Type { kind: TypeKind::Single(one) } => {
            ajv("type", vec![("type", Value::str(one.as_str()))])
        }
        ValidationErrorKind::Type { kind: TypeKind::Multiple(set) } => {
            let names: Vec<&str> = set.iter().map(|t| t.as_str()).filter(|t| *t != "null").collect();
            match names.as_slice() {
                [one] => ajv("type", vec![("type", Value::str(*one))]),
                _ => {
                    let branches = names.iter().map(|t| vec![ajv("type", vec![("type", Value::str(*t))])]).collect();
                    crate::source::json_schema_union(&[], branches)
                }
            }
        }
        ValidationErrorKind::Required { property } => {
            let name = property.as_str().unwrap_or_default();
            // The property's schema: `properties.<name>` beside this `required`.
            let pointer = error.schema_path().as_str();
            let parent = pointer.strip_suffix("/required").unwrap_or(pointer);
            let property_schema = schema.and_then(|root| {
                let parent = schema_lookup::at_pointer(root, parent)?;
                schema_lookup::at_path_from(root, parent, &[name.into()])
            });
            schema_lookup::missing(vec![name.into()], property_schema).as_value().to_owned_value()
        }
        ValidationErrorKind::AdditionalProperties { unexpected }
        | ValidationErrorKind::UnevaluatedProperties { unexpected } => {
            let keys: Vec<&str> = unexpected.iter().take(MAX_KEYS).map(String::as_str).collect();
            Issue::unrecognized_keys(&keys).as_value().to_owned_value()
        }
        ValidationErrorKind::FalseSchema => match relative.split_last() {
            // The key a `false` schema refuses: unknown to the object above it.
            Some((key, parent)) => {
                let raw = Value::object([("keyword", Value::str("false")), ("params", Value::Object(Vec::new()))]);
                let issue = crate::source::json_schema_error(&raw, &[key.clone()], &Value::Null);
                return prefixed(issue, parent.iter());
            }
            None => ajv("false", Vec::new()),
        },
        ValidationErrorKind::Enum { options } => ajv("enum", vec![("allowedValues", Value::from_serde(options))]),
        ValidationErrorKind::Constant { expected_value } => {
            ajv("const", vec![("allowedValue", Value::from_serde(expected_value))])
        }
        ValidationErrorKind::Minimum { limit } => ajv("minimum", vec![("limit", Value::from_serde(limit))]),
        ValidationErrorKind::Maximum { limit } => ajv("maximum", vec![("limit", Value::from_serde(limit))]),
        ValidationErrorKind::ExclusiveMinimum { limit } => {
            ajv("exclusiveMinimum", vec![("limit", Value::from_serde(limit))])
        }
        ValidationErrorKind::ExclusiveMaximum { limit } => {
            ajv("exclusiveMaximum", vec![("limit", Value::from_serde(limit))])
        }
        ValidationErrorKind::MinLength { limit } => ajv("minLength", vec![("limit", count(*limit))]),
        ValidationErrorKind::MaxLength { limit } => ajv("maxLength", vec![("limit", count(*limit))]),
        ValidationErrorKind::MinItems { limit } => ajv("minItems", vec![("limit", count(*limit))]),
        ValidationErrorKind::MaxItems { limit } => ajv("maxItems", vec![("limit", count(*limit))]),
        ValidationErrorKind::AdditionalItems { limit } => {
            ajv("maxItems", vec![("limit", count(u64::try_from(*limit).unwrap_or(u64::MAX)))])
        }
        ValidationErrorKind::Pattern { pattern } => ajv("pattern", vec![("pattern", Value::str(pattern.as_str()))]),
        ValidationErrorKind::Format { format } => ajv("format", vec![("format", Value::str(format.as_str()))]),
        ValidationErrorKind::MultipleOf { multiple_of } => {
            ajv("multipleOf", vec![("multipleOf", Value::Number(*multiple_of))])
        }
        ValidationErrorKind::AnyOf { context } | ValidationErrorKind::OneOfNotValid { context } => {
            return union(&full, context, base, schema, depth);
        }
        _ => ajv("", Vec::new()),
    };
    prefixed(issue, relative.iter())
}

/// A count as a JSON number (a schema's bound fits an f64 closely enough to print).
#[allow(clippy::cast_precision_loss)]
fn count(n: u64) -> Value<'static> {
    Value::Number(n as f64)
}

/// `anyOf` / `oneOf` with no branch valid: Zod 4's `invalid_union`, each branch's issues
/// from the union's path; a branch that only refuses `null` (an `Option`'s) left out,
/// and one branch left read as its own issues would be (Zod's `.nullable()`).
fn union(
    full: &[Value<'static>],
    context: &[Vec<ValidationError<'static>>],
    base: &[Value<'static>],
    schema: Option<&Value<'_>>,
    depth: usize,
) -> Value<'static> {
    let relative = full.strip_prefix(base).unwrap_or(full);
    if depth >= crate::source::MAX_DEPTH {
        return prefixed(crate::source::json_schema_error(&Value::Null, &[], &Value::Null), relative.iter());
    }
    let only_null = |branch: &Vec<ValidationError<'static>>| matches!(branch.as_slice(), [one] if matches!(one.kind(), ValidationErrorKind::Type { kind: TypeKind::Single(t) } if t.as_str() == "null"));
    let kept: Vec<&Vec<ValidationError<'static>>> =
        context.iter().filter(|b| !only_null(b)).take(crate::source::MAX_NESTED).collect();
    if let [one] = kept.as_slice() {
        // Its issues, at their own paths (from the union's base).
        let issues: Vec<Value<'static>> =
            one.iter().take(MAX_ERRORS).map(|e| read(e, base, schema, depth + 1)).collect();
        if let [single] = issues.as_slice() {
            return single.clone();
        }
    }
    let branches = kept
        .iter()
        .map(|branch| branch.iter().take(MAX_ERRORS).map(|e| read(e, full, schema, depth + 1)).collect())
        .collect();
    prefixed(crate::source::json_schema_union(&[], branches), relative.iter())
}

/// `issue` with `base` before its path.
fn prefixed<'b>(mut issue: Value<'static>, base: impl Iterator<Item = &'b Value<'static>>) -> Value<'static> {
    let base: Vec<Value<'static>> = base.cloned().collect();
    if let Value::Object(entries) = &mut issue {
        for (key, value) in entries.iter_mut() {
            if let (true, Value::Array(segments)) = (key == "path", value) {
                let rest = std::mem::take(segments);
                *segments = base.iter().cloned().chain(rest).collect();
            }
        }
    }
    issue
}
