//! JSON Schema validators' errors: Ajv's (`{ instancePath, keyword, params }`) and
//! @cfworker/json-schema's output units, which the JS layer reads into the same shape
//! (`path` from the instance location; `params` from the keyword's value in the tool's
//! schema when it was given; for `required` and `type`, the unit's `error` text, which
//! names the missing property or the type expected). Never `data` or a message.
//!
//! | keyword                                   | Zod 4                                          |
//! |-------------------------------------------|------------------------------------------------|
//! | `type` (`params.type`, one name)          | `invalid_type { expected }` (`integer` is `int` of a number, else `number`) |
//! | `required` (`params.missingProperty`)     | `custom` with `invalid_type`'s words, the type unsaid |
//! | `additionalProperties` (Ajv's names the key) | `unrecognized_keys` at the object           |
//! | a `false` schema's unit (at the key)      | `unrecognized_keys` at the object              |
//! | `enum` / `const`                          | `invalid_value { values }`                     |
//! | `minLength` / `maxLength`                 | `too_small` / `too_big` of a string            |
//! | `minItems` / `maxItems`                   | `too_small` / `too_big` of an array            |
//! | `minimum` / `maximum` / `exclusiveMinimum` / `exclusiveMaximum` | `too_small` / `too_big` of a number |
//! | `pattern`                                 | `invalid_format { format: "regex" }`           |
//! | `format` `email` / `uri` / `url` / `uuid` / `date-time` / `date` / `time` / `duration` / `ipv4` / `ipv6` | `invalid_format` |
//! | `multipleOf`                              | `not_multiple_of`                              |
//! | a keyword that only wraps others' errors (`properties`, `items`, `allOf`, `$ref`, …, and @cfworker/json-schema's `additionalProperties`) | left out (its own errors are reported) |
//! | anything else                             | `custom`: `Invalid input`                      |

use crate::value::Value;

use super::zod4::{self, Origin};

/// Keywords whose error only says that errors below it failed (@cfworker/json-schema
/// reports them beside those errors).
const WRAPPERS: [&str; 10] = [
    "properties",
    "items",
    "prefixItems",
    "allOf",
    "$ref",
    "patternProperties",
    "dependentSchemas",
    "contains",
    "unevaluatedProperties",
    "if",
];

/// Whether this error only wraps others (left out).
pub(super) fn wraps(raw: &Value<'_>) -> bool {
    let keyword = raw.get("keyword").and_then(Value::as_str).unwrap_or_default();
    // @cfworker/json-schema's `additionalProperties` names no key: the `false` schema's
    // own unit below it does (at the key), as does its unit for a schema the key failed.
    WRAPPERS.contains(&keyword)
        || (keyword == "additionalProperties" && raw.get("params").and_then(|p| p.get("additionalProperty")).is_none())
}

/// The Zod 4 issue for one JSON Schema error.
pub(super) fn issue(raw: &Value<'_>, path: &[Value<'static>], args: Option<&Value<'_>>) -> Value<'static> {
    let params = raw.get("params");
    let param = |k: &str| params.and_then(|p| p.get(k));
    let number = |k: &str| param(k).and_then(Value::as_f64);
    let text = |k: &str| param(k).and_then(Value::as_str);
    let keyword = raw.get("keyword").and_then(Value::as_str).unwrap_or_default();
    match keyword {
        "type" => match text("type").or_else(|| expected_in(raw)) {
            Some(name) => {
                let expected = match zod4::type_name(name) {
                    Some("int") => Some(zod4::integer_name(args, path)),
                    other => other,
                };
                zod4::invalid_type(path, expected, args)
            }
            None => zod4::invalid(path),
        },
        "required" => {
            let name = text("missingProperty").map(str::to_owned).or_else(|| missing_in(raw));
            let mut path = path.to_vec();
            if let Some(name) = name {
                path.push(Value::str(name));
            }
            zod4::invalid_type(&path, None, args)
        }
        "additionalProperties" => match text("additionalProperty") {
            Some(key) => zod4::unknown_key(path, Value::str(key)),
            None => match path.split_last() {
                Some((key, parent)) => zod4::unknown_key(parent, key.clone()),
                None => zod4::invalid(path),
            },
        },
        // A `false` schema (@cfworker/json-schema's unit for a key `additionalProperties:
        // false` refuses, Ajv's `false schema`): the key at its path is unknown.
        "false" | "false schema" => match path.split_last() {
            Some((key, parent)) => zod4::unknown_key(parent, key.clone()),
            None => zod4::invalid(path),
        },
        "enum" => match param("allowedValues").and_then(Value::as_array) {
            Some(values) if !values.is_empty() => {
                zod4::invalid_value(path, values.iter().map(Value::to_owned_value).collect())
            }
            _ => zod4::invalid(path),
        },
        "const" => match param("allowedValue") {
            Some(value) => zod4::invalid_value(path, vec![value.to_owned_value()]),
            None => zod4::invalid(path),
        },
        "minLength" | "maxLength" | "minItems" | "maxItems" if number("limit").is_some() => {
            let origin = if keyword.ends_with("Items") { Origin::Array } else { Origin::String };
            zod4::size_bound(path, origin, keyword.starts_with("min"), number("limit").unwrap_or_default(), true)
        }
        "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum" if number("limit").is_some() => {
            let small = keyword.ends_with("inimum");
            zod4::size_bound(
                path,
                Origin::Number,
                small,
                number("limit").unwrap_or_default(),
                !keyword.starts_with("exclusive"),
            )
        }
        "pattern" => match text("pattern") {
            Some(source) => zod4::pattern(path, &format!("/{source}/")),
            None => zod4::invalid(path),
        },
        "format" => match text("format") {
            Some("email") => zod4::format(path, "email", "Invalid email address"),
            Some("uri" | "url") => zod4::format(path, "url", "Invalid URL"),
            Some("uuid") => zod4::format(path, "uuid", "Invalid UUID"),
            Some("date-time") => zod4::format(path, "datetime", "Invalid ISO datetime"),
            Some("date") => zod4::format(path, "date", "Invalid ISO date"),
            Some("time") => zod4::format(path, "time", "Invalid ISO time"),
            Some("duration") => zod4::format(path, "duration", "Invalid ISO duration"),
            Some("ipv4") => zod4::format(path, "ipv4", "Invalid IPv4 address"),
            Some("ipv6") => zod4::format(path, "ipv6", "Invalid IPv6 address"),
            _ => zod4::invalid(path),
        },
        "multipleOf" if number("multipleOf").is_some() => {
            zod4::multiple_of(path, number("multipleOf").unwrap_or_default())
        }
        _ => zod4::invalid(path),
    }
}

/// The property @cfworker/json-schema's `required` unit names in its `error` text
/// (`Instance does not have required property "name".`): a name from the schema.
fn missing_in(raw: &Value<'_>) -> Option<String> {
    let text = raw.get("error").and_then(Value::as_str)?;
    let rest = text.split_once("required property \"")?.1;
    let name = rest.rsplit_once("\".")?.0;
    Some(name.to_owned())
}

/// The type @cfworker/json-schema's `type` unit names in its `error` text (`Instance type
/// "string" is invalid. Expected "number".`): a name from the schema.
fn expected_in<'a>(raw: &'a Value<'_>) -> Option<&'a str> {
    let text = raw.get("error").and_then(Value::as_str)?;
    let rest = text.split_once("Expected \"")?.1;
    rest.split_once('"').map(|(name, _)| name)
}
