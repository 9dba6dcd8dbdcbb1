//! ArkType's errors (`{ code, path, domain, proto, unit, rule, exclusive, missing,
//! expected, errors }` as the JS layer read them from each `ArkError`, its prototype's
//! getters included; never `data`, `input`, `actual`, `problem` or `message`, which
//! hold or describe what was sent).
//!
//! | ArkType                                  | Zod 4                                        |
//! |------------------------------------------|----------------------------------------------|
//! | `domain` (`domain: "number"`)            | `invalid_type { expected }`                  |
//! | `proto` (`proto: "Array"`)               | `invalid_type { expected: "array" }`         |
//! | `required` (`missing: "a string"`)       | `invalid_type` when the type is one word, else `custom` saying so |
//! | `unit`, or a `union` of units at its path | `invalid_value { values }`                  |
//! | `union` of anything else                 | `invalid_union`, one branch per error        |
//! | `minLength` / `maxLength`                | `too_small` / `too_big` (string or array, as sent) |
//! | `min` / `max` (`exclusive`)              | `too_small` / `too_big` of a number          |
//! | `pattern`                                | `invalid_format { format: "regex" }`         |
//! | `divisor`                                | `not_multiple_of`                            |
//! | `predicate`, `expected: "removed"` (an undeclared key) | `unrecognized_keys` at the object |
//! | any other `predicate`                    | `custom`: `Invalid input: expected {expected}` (the schema's words) |
//! | anything else                            | `custom`: `Invalid input`                    |

use crate::value::Value;

use super::zod4::{self, Origin};

/// The Zod 4 issue for one ArkType error.
pub(super) fn issue(
    raw: &Value<'_>,
    path: &[Value<'static>],
    args: Option<&Value<'_>>,
    depth: usize,
) -> Value<'static> {
    let field = |k: &str| raw.get(k).and_then(Value::as_str);
    let rule = raw.get("rule").and_then(Value::as_f64);
    match field("code").unwrap_or_default() {
        "domain" => zod4::invalid_type(path, field("domain").and_then(zod4::type_name), args),
        "proto" => zod4::invalid_type(path, field("proto").and_then(zod4::type_name), args),
        "required" => {
            let one_word =
                field("missing").map(|d| d.strip_prefix("an ").or_else(|| d.strip_prefix("a ")).unwrap_or(d));
            zod4::invalid_type(path, one_word.and_then(zod4::type_name), args)
        }
        "unit" => match raw.get("unit") {
            Some(unit) => zod4::invalid_value(path, vec![unit.to_owned_value()]),
            None => zod4::invalid(path),
        },
        "union" => union(raw, path, args, depth),
        "minLength" | "maxLength" if rule.is_some() => {
            let origin = if zod4::arrived_list(args, path) { Origin::Array } else { Origin::String };
            zod4::size_bound(path, origin, field("code") == Some("minLength"), rule.unwrap_or_default(), true)
        }
        "min" | "max" if rule.is_some() => {
            let inclusive = raw.get("exclusive").and_then(Value::as_bool) != Some(true);
            zod4::size_bound(path, Origin::Number, field("code") == Some("min"), rule.unwrap_or_default(), inclusive)
        }
        "pattern" => match field("rule") {
            Some(source) => zod4::pattern(path, &format!("/{source}/")),
            None => zod4::invalid(path),
        },
        "divisor" if rule.is_some() => zod4::multiple_of(path, rule.unwrap_or_default()),
        "predicate" => match (field("expected"), path.split_last()) {
            (Some("removed"), Some((key, parent))) => zod4::unknown_key(parent, key.clone()),
            // What the predicate asks for, in the schema's words.
            (Some(expected), _) if !expected.is_empty() && expected != "removed" => {
                zod4::custom(path, format!("Invalid input: expected {expected}"))
            }
            _ => zod4::invalid(path),
        },
        _ => zod4::invalid(path),
    }
}

/// A union: the values, when every branch failed on a unit at the union's own path;
/// else one branch per error.
fn union(raw: &Value<'_>, path: &[Value<'static>], args: Option<&Value<'_>>, depth: usize) -> Value<'static> {
    let errors = raw.get("errors").and_then(Value::as_array).unwrap_or_default();
    let units: Option<Vec<Value<'static>>> = errors
        .iter()
        .take(super::MAX_NESTED)
        .map(|e| {
            let at_union = super::path_of(e, path) == path;
            (e.get("code").and_then(Value::as_str) == Some("unit") && at_union)
                .then(|| e.get("unit").map(Value::to_owned_value))
                .flatten()
        })
        .collect();
    match units {
        // ArkType's boolean is the union of its two units.
        Some(values)
            if values.len() == 2
                && values.iter().all(|u| matches!(u, Value::Bool(_)))
                && values.first() != values.get(1) =>
        {
            zod4::invalid_type(path, Some("boolean"), args)
        }
        Some(values) if !values.is_empty() => zod4::invalid_value(path, values),
        _ => {
            let branches = super::nested(raw, "errors", path, args, depth);
            let branches = branches.into_iter().map(|b| vec![super::relative_to(b, path)]).collect();
            zod4::union(path, branches)
        }
    }
}
