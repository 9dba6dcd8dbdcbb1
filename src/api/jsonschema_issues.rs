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
/// or the one of `validator.validate(&args)`). `schema`: the schema the validator was
/// built from, read for what the crate's errors do not say: a missing property's type
/// (its `required` error names only the property), a discriminated union's branches,
/// and the order Zod reports in (the properties' order); without it, a missing
/// property's issue leaves its type unsaid and the errors keep the crate's order.
///
/// Zod reports one issue where JSON Schema has two keywords for one rule: a value not
/// in an `enum` (or not the `const`) is not also of the wrong type, and a value of the
/// wrong type is not also out of its bounds.
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
    let errors: Vec<ValidationError<'i>> = errors.into_iter().take(MAX_ERRORS).collect();
    let refs: Vec<&ValidationError<'_>> = errors.iter().collect();
    let mut issues = list(&refs, &[], schema, 0);
    if let Some(root) = schema {
        // Zod reports an object's properties in its shape's order, each with all its own
        // issues, and the object's unknown keys after them.
        issues.sort_by_cached_key(|issue| schema_lookup::report_order(root, issue));
    }
    issues.into_iter().filter_map(Issue::from_value).collect()
}

/// What a keyword's error is to Zod: a set of values (`z.enum`, `z.literal`), a type,
/// a check run on a value of the right type, or anything else.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    Values,
    Type,
    Check,
    Other,
}

fn class(kind: &ValidationErrorKind) -> Class {
    match kind {
        ValidationErrorKind::Enum { .. } | ValidationErrorKind::Constant { .. } => Class::Values,
        ValidationErrorKind::Type { .. } => Class::Type,
        ValidationErrorKind::Minimum { .. }
        | ValidationErrorKind::Maximum { .. }
        | ValidationErrorKind::ExclusiveMinimum { .. }
        | ValidationErrorKind::ExclusiveMaximum { .. }
        | ValidationErrorKind::MinLength { .. }
        | ValidationErrorKind::MaxLength { .. }
        | ValidationErrorKind::MinItems { .. }
        | ValidationErrorKind::MaxItems { .. }
        | ValidationErrorKind::Pattern { .. }
        | ValidationErrorKind::Format { .. }
        | ValidationErrorKind::MultipleOf { .. } => Class::Check,
        _ => Class::Other,
    }
}

/// One list of errors (the top level, or a union's branch) as Zod 4 issues, paths from
/// `base`: an error Zod would not also report at the same place left out.
fn list(
    errors: &[&ValidationError<'_>],
    base: &[Value<'static>],
    schema: Option<&Value<'_>>,
    depth: usize,
) -> Vec<Value<'static>> {
    let at = |error: &ValidationError<'_>, wanted: Class| {
        errors.iter().any(|e| class(e.kind()) == wanted && e.instance_path() == error.instance_path())
    };
    errors
        .iter()
        .filter(|error| match class(error.kind()) {
            Class::Type => !at(error, Class::Values),
            Class::Check => !at(error, Class::Type) || at(error, Class::Values),
            _ => true,
        })
        .flat_map(|error| read(error, base, schema, depth))
        .collect()
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

/// One error as its Zod 4 issues (one, or a union's lifted branch), paths relative to
/// `base` (a union's path).
fn read(
    error: &ValidationError<'_>,
    base: &[Value<'static>],
    schema: Option<&Value<'_>>,
    depth: usize,
) -> Vec<Value<'static>> {
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
            // In the schema's order (Zod's union's), when the schema is given.
            let written = schema
                .and_then(|root| schema_lookup::at_pointer(root, error.schema_path().as_str()))
                .and_then(Value::as_array)
                .map(|names| names.iter().filter_map(Value::as_str).filter_map(type_name).collect::<Vec<_>>());
            let names: Vec<&str> = written
                .unwrap_or_else(|| set.iter().map(|t| t.as_str()).collect())
                .into_iter()
                .filter(|t| *t != "null")
                .collect();
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
            let root = schema.unwrap_or(&Value::Null);
            schema_lookup::missing(vec![name.into()], property_schema, root).as_value().to_owned_value()
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
                let issue = crate::source::json_schema_error(&raw, std::slice::from_ref(key), &Value::Null);
                return vec![prefixed(issue, parent)];
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
        ValidationErrorKind::AnyOf { context } => return union(error, &full, base, context, schema, depth, false),
        ValidationErrorKind::OneOfNotValid { context } => {
            return union(error, &full, base, context, schema, depth, true)
        }
        _ => ajv("", Vec::new()),
    };
    vec![prefixed(issue, relative)]
}

/// A JSON Schema type name, as the crate names it.
fn type_name(name: &str) -> Option<&'static str> {
    ["array", "boolean", "integer", "null", "number", "object", "string"].into_iter().find(|t| *t == name)
}

/// A count as a JSON number (a schema's bound fits an f64 closely enough to print).
#[allow(clippy::cast_precision_loss)]
fn count(n: u64) -> Value<'static> {
    Value::Number(n as f64)
}

/// Zod 4's issue codes that a check raises on a value of the right type; Zod goes on
/// past them, where a wrong type or value stops a union's branch.
const CHECKS: [&str; 4] = ["too_small", "too_big", "invalid_format", "not_multiple_of"];

/// `anyOf` / `oneOf` with no branch valid, as Zod 4's union reports it: a branch that
/// only refuses `null` (an `Option`'s) left out; the one branch that failed only on
/// checks (or the one branch left) reported as its own issues; a `oneOf` of objects told
/// apart by a constant property (`z.discriminatedUnion`) by that property; else
/// `invalid_union` with each branch's issues from the union's path.
#[allow(clippy::too_many_arguments)]
fn union(
    error: &ValidationError<'_>,
    full: &[Value<'static>],
    base: &[Value<'static>],
    context: &[Vec<ValidationError<'static>>],
    schema: Option<&Value<'_>>,
    depth: usize,
    one_of: bool,
) -> Vec<Value<'static>> {
    let relative = full.strip_prefix(base).unwrap_or(full);
    if depth >= crate::source::MAX_DEPTH {
        return vec![prefixed(crate::source::json_schema_error(&Value::Null, &[], &Value::Null), relative)];
    }
    if one_of {
        if let Some(picked) = discriminated(error, relative, context, schema) {
            return match picked {
                Ok(branch) => {
                    let refs: Vec<&ValidationError<'_>> = branch.iter().take(MAX_ERRORS).collect();
                    list(&refs, base, schema, depth + 1)
                }
                Err(issue) => vec![issue],
            };
        }
    }
    let only_null = |branch: &&Vec<ValidationError<'static>>| matches!(branch.as_slice(), [one] if matches!(one.kind(), ValidationErrorKind::Type { kind: TypeKind::Single(t) } if t.as_str() == "null"));
    let kept: Vec<&Vec<ValidationError<'static>>> =
        context.iter().filter(|b| !only_null(b)).take(crate::source::MAX_NESTED).collect();
    let branches: Vec<Vec<Value<'static>>> = kept
        .iter()
        .map(|branch| {
            let refs: Vec<&ValidationError<'_>> = branch.iter().take(MAX_ERRORS).collect();
            list(&refs, full, schema, depth + 1)
        })
        .collect();
    let checks_only = |issues: &Vec<Value<'static>>| {
        !issues.is_empty()
            && issues.iter().all(|i| CHECKS.contains(&i.get("code").and_then(Value::as_str).unwrap_or_default()))
    };
    let mut passing = branches.iter().filter(|b| checks_only(b));
    let lifted = match (passing.next(), passing.next(), branches.as_slice()) {
        (Some(one), None, _) => Some(one),
        (None, None, [one]) => Some(one),
        _ => None,
    };
    if let Some(issues) = lifted {
        return issues.iter().map(|i| prefixed(i.clone(), relative)).collect();
    }
    vec![prefixed(crate::source::json_schema_union(&[], branches), relative)]
}

/// A `oneOf` whose every branch is an object with the same constant-valued property (a
/// discriminator): the errors of the branch whose constant was sent, or Zod 4's issue
/// for a discriminator that matches none. `None` when the union is not one, or the
/// schema was not given. The value sent is compared, never copied.
fn discriminated<'c>(
    error: &ValidationError<'_>,
    relative: &[Value<'static>],
    context: &'c [Vec<ValidationError<'static>>],
    schema: Option<&Value<'_>>,
) -> Option<Result<&'c Vec<ValidationError<'static>>, Value<'static>>> {
    let root = schema?;
    let branches = schema_lookup::at_pointer(root, error.schema_path().as_str())?.as_array()?;
    let (key, options) = schema_lookup::discriminator(root, branches)?;
    let sent = error.instance().get(key.as_str());
    let chosen = options.iter().position(|o| sent.and_then(serde_json::Value::as_str) == Some(o.as_str()));
    match chosen {
        Some(index) => context.get(index).map(Ok),
        None => {
            let quoted: Vec<String> = options.iter().map(|o| format!("'{o}'")).collect();
            let message = format!("Invalid discriminator value. Expected {}", quoted.join(" | "));
            let mut path = relative.to_vec();
            path.push(Value::str(key.as_str()));
            Some(Err(Value::object([
                ("code", Value::str("invalid_union")),
                ("errors", Value::Array(Vec::new())),
                ("note", Value::str("No matching discriminator")),
                ("discriminator", Value::str(key)),
                ("options", Value::Array(options.into_iter().map(Value::str).collect())),
                ("path", Value::Array(path)),
                ("message", Value::str(message)),
            ])))
        }
    }
}

/// `issue` with `base` before its path.
fn prefixed(mut issue: Value<'static>, base: &[Value<'static>]) -> Value<'static> {
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
