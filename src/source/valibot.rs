//! Valibot's issues (`{ kind, type, expected, requirement, path, issues }` as the JS
//! layer read them; never `input`, `received` or `message`, which hold what was sent).
//!
//! | Valibot                                              | Zod 4                                |
//! |------------------------------------------------------|--------------------------------------|
//! | schema issue of a type (`number`, `array`, …)        | `invalid_type { expected }`          |
//! | `picklist` / `enum` / `literal` (`expected` `("a" \| "b")`) | `invalid_value { values }`    |
//! | an object's key missing (`pathOrigin: "key"`)        | `custom` with `invalid_type`'s words (the type unsaid) |
//! | `strict_object`'s key, `expected: "never"`           | `unrecognized_keys` at the object    |
//! | `union` / `variant` with nested issues               | `invalid_union`, one branch each     |
//! | `min_length` / `max_length`                          | `too_small` / `too_big` (string or array, as sent) |
//! | `min_value` / `max_value`                            | `too_small` / `too_big` of a number  |
//! | `regex`, `email`, `url`, `uuid`                      | `invalid_format`                     |
//! | `integer`                                            | `invalid_type { expected: "int" }`   |
//! | `multiple_of`                                        | `not_multiple_of`                    |
//! | anything else                                        | `custom`: `Invalid input: expected …` (Valibot's `expected` describes the schema) |

use crate::value::Value;

use super::zod4::{self, Origin};

/// The Zod 4 issue for one Valibot issue.
pub(super) fn issue(
    raw: &Value<'_>,
    path: &[Value<'static>],
    args: Option<&Value<'_>>,
    depth: usize,
) -> Value<'static> {
    let field = |k: &str| raw.get(k).and_then(Value::as_str);
    let kind = field("kind").unwrap_or_default();
    let kind_of = field("type").unwrap_or_default();
    let expected = field("expected");
    let requirement = raw.get("requirement").and_then(Value::as_f64);
    let of_key = field("pathOrigin") == Some("key");
    match (kind, kind_of) {
        ("schema", _) if of_key && expected == Some("never") => match path.split_last() {
            Some((key, parent)) => zod4::unknown_key(parent, key.clone()),
            None => zod4::invalid(path),
        },
        ("schema", _) if of_key => zod4::invalid_type(path, None, args),
        ("schema", "picklist" | "enum" | "literal") => match expected.and_then(values_of) {
            Some(values) => zod4::invalid_value(path, values),
            None => zod4::invalid(path),
        },
        ("schema", "union" | "variant") => {
            let branches = super::nested(raw, "issues", path, args, depth);
            let branches = branches.into_iter().map(|b| vec![super::relative_to(b, path)]).collect();
            zod4::union(path, branches)
        }
        ("schema", name) if zod4::type_name(name).is_some() => zod4::invalid_type(path, zod4::type_name(name), args),
        ("validation", "min_length" | "max_length") if requirement.is_some() => {
            let origin = if zod4::arrived_list(args, path) { Origin::Array } else { Origin::String };
            zod4::size_bound(path, origin, kind_of == "min_length", requirement.unwrap_or_default(), true)
        }
        ("validation", "min_value" | "max_value") if requirement.is_some() => {
            zod4::size_bound(path, Origin::Number, kind_of == "min_value", requirement.unwrap_or_default(), true)
        }
        ("validation", "regex") => match field("requirement") {
            Some(written) => zod4::pattern(path, written),
            None => zod4::invalid(path),
        },
        ("validation", "email") => zod4::format(path, "email", "Invalid email address"),
        ("validation", "url") => zod4::format(path, "url", "Invalid URL"),
        ("validation", "uuid") => zod4::format(path, "uuid", "Invalid UUID"),
        ("validation", "integer") => zod4::invalid_type(path, Some("int"), args),
        ("validation", "multiple_of") if requirement.is_some() => {
            zod4::multiple_of(path, requirement.unwrap_or_default())
        }
        _ => match expected {
            Some(e) if !e.is_empty() => zod4::custom(path, format!("Invalid input: expected {e}")),
            _ => zod4::invalid(path),
        },
    }
}

/// The values of Valibot's `expected` for a picklist: `("a" | "b")` or `"a"`, each
/// value as `JSON.stringify` wrote it; `None` when one is not JSON.
fn values_of(expected: &str) -> Option<Vec<Value<'static>>> {
    let inner = expected.strip_prefix('(').and_then(|e| e.strip_suffix(')')).unwrap_or(expected);
    inner.split(" | ").map(|one| Value::parse_json(one).ok()).collect()
}
