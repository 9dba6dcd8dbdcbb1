//! What a tool's input JSON Schema says the key stages need, read once per call: the
//! root's variants (one object, or the object options of a root `anyOf` / `oneOf`),
//! each with its declared keys, whether its author left it open, and its case-folded
//! keys; the discriminator a union root's options share; the properties designated
//! `x-mcp-header` (never a rewrite target).
//!
//! mcp-ts-core derives the same plan from the Zod schema (`planFor` in
//! `inputPrevalidation.ts`); here the JSON Schema every MCP tool publishes stands in:
//! an object is open when `additionalProperties` is present and not `false` (Zod 4
//! writes `{}` for `.passthrough()` / `.catchall()`, `false` for `.strict()`, nothing
//! for a stripping object), and a union root is discriminated when every option
//! requires one key whose value is a single `const` (or one-entry `enum`).

use crate::value::Value;

/// Options of a union root read at most.
pub const MAX_VARIANTS: usize = 64;
/// Declared keys of one variant read at most.
pub const MAX_DECLARED_KEYS: usize = 1024;

/// What one object root, or one option of a union root, accepts.
#[derive(Debug, Clone, PartialEq)]
pub struct Variant<'s> {
    pub keys: Vec<&'s str>,
    /// Each declared key's fold, beside it (same order as `keys`).
    folds: Vec<String>,
    /// The author declared extra keys to be data (`additionalProperties` not `false`).
    pub open: bool,
    /// The value this option's discriminator must hold, when the root is discriminated.
    pub tag: Option<&'s Value<'s>>,
}

impl<'s> Variant<'s> {
    pub fn declares(&self, key: &str) -> bool {
        self.keys.contains(&key)
    }

    /// The one declared key whose fold is `fold`; `None` when none or two share it.
    pub fn folded(&self, fold: &str) -> Option<&'s str> {
        let mut found = None;
        for (key, own) in self.keys.iter().zip(&self.folds) {
            if own == fold {
                if found.is_some() {
                    return None;
                }
                found = Some(*key);
            }
        }
        found
    }
}

/// Everything the key stages need about the schema.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Plan<'s> {
    pub variants: Vec<Variant<'s>>,
    pub discriminator: Option<&'s str>,
    pub header_targets: Vec<&'s str>,
}

/// `Max-Results`, `max_results` and `maxResults` all fold to `maxresults`: `-` and `_`
/// taken out, then ASCII letters lower-cased (mcp-ts-core lower-cases every letter, as
/// `String.prototype.toLowerCase` does; a key outside ASCII folds only its ASCII
/// letters here, which keeps Unicode's case tables out of the module).
pub fn fold_key(key: &str) -> String {
    key.chars().filter(|c| *c != '-' && *c != '_').map(|c| c.to_ascii_lowercase()).collect()
}

impl<'s> Plan<'s> {
    /// The plan of `schema` (an empty plan when its root is no object or union of objects).
    pub fn of(schema: &'s Value<'s>) -> Plan<'s> {
        let mut plan = Plan::default();
        if let Some(variant) = variant_of(schema) {
            plan.header_targets = header_targets(schema);
            plan.variants.push(variant);
            return plan;
        }
        let options = schema.get("anyOf").or_else(|| schema.get("oneOf")).and_then(Value::as_array).unwrap_or(&[]);
        for option in options.iter().take(MAX_VARIANTS) {
            match variant_of(option) {
                Some(variant) => plan.variants.push(variant),
                // An option that is no object: the key stages cannot tell what it takes.
                None => return Plan::default(),
            }
        }
        if plan.variants.len() > 1 {
            plan.discriminator = discriminator(options, &mut plan.variants);
        }
        plan
    }

    pub fn any_open(&self) -> bool {
        self.variants.iter().any(|v| v.open)
    }

    /// Whether the key stages can never change a call: no object root, an open one, or
    /// every stage off (no drop, no declared alias, no case styles).
    pub fn inert(&self, ignore_off: bool, has_aliases: bool, case_style: bool) -> bool {
        self.variants.is_empty() || self.any_open() || (ignore_off && !has_aliases && !case_style)
    }

    /// Whether any variant declares `key` (the drop stage's "declared").
    pub fn declares(&self, key: &str) -> bool {
        self.variants.iter().any(|v| v.declares(key))
    }

    /// Some declared key starts with `_`, which turns the underscore rule off.
    pub fn underscore_declared(&self) -> bool {
        self.variants.iter().any(|v| v.keys.iter().any(|k| k.starts_with('_')))
    }

    /// The variant the arguments select: the only one, the first of a union without a
    /// discriminator (as the reference does), or the one whose tag the argument's
    /// discriminator holds. `tag` is that argument's value (`None`: not sent).
    pub fn select(&self, tag: Option<&Value>) -> Option<&Variant<'s>> {
        let Some(_) = self.discriminator else { return self.variants.first() };
        let tag = tag?;
        self.variants.iter().find(|v| v.tag == Some(tag))
    }

    /// Whether every key the caller sent is one the selected variant declares: neither
    /// stage then has anything to do. `None` when no variant is selected.
    pub fn names_only_declared<'k>(&self, keys: impl IntoIterator<Item = &'k str>, tag: Option<&Value>) -> bool {
        let Some(variant) = (if self.variants.len() == 1 { self.variants.first() } else { self.select(tag) }) else {
            return false;
        };
        keys.into_iter().all(|k| variant.declares(k))
    }
}

fn variant_of<'s>(schema: &'s Value<'s>) -> Option<Variant<'s>> {
    let properties = schema.get("properties")?.as_object()?;
    let keys: Vec<&str> = properties.iter().take(MAX_DECLARED_KEYS).map(|(k, _)| k.as_ref()).collect();
    let folds = keys.iter().map(|k| fold_key(k)).collect();
    let open = !matches!(schema.get("additionalProperties"), None | Some(Value::Bool(false)));
    Some(Variant { keys, folds, open, tag: None })
}

/// The single value a property schema allows: its `const`, or a one-entry `enum`.
fn single_value<'s>(property: &'s Value<'s>) -> Option<&'s Value<'s>> {
    if let Some(value) = property.get("const") {
        return Some(value);
    }
    match property.get("enum")?.as_array()? {
        [one] => Some(one),
        _ => None,
    }
}

/// The key every option requires with one distinct single value each.
fn discriminator<'s>(options: &'s [Value<'s>], variants: &mut [Variant<'s>]) -> Option<&'s str> {
    let first = options.first()?;
    let candidates = first.get("properties")?.as_object()?;
    'key: for (key, _) in candidates.iter().take(MAX_DECLARED_KEYS) {
        let mut tags: Vec<&Value> = Vec::new();
        for option in options.iter().take(MAX_VARIANTS) {
            let required = option.get("required").and_then(Value::as_array).unwrap_or(&[]);
            if !required.iter().any(|r| r.as_str() == Some(key)) {
                continue 'key;
            }
            let Some(tag) = option.get("properties").and_then(|p| p.get(key)).and_then(single_value) else {
                continue 'key;
            };
            if tags.contains(&tag) {
                continue 'key;
            }
            tags.push(tag);
        }
        for (variant, tag) in variants.iter_mut().zip(tags) {
            variant.tag = Some(tag);
        }
        return Some(key);
    }
    None
}

/// Root properties designated `x-mcp-header` (mcp-ts-core's `headerParam`).
fn header_targets<'s>(schema: &'s Value<'s>) -> Vec<&'s str> {
    let properties = schema.get("properties").and_then(Value::as_object).unwrap_or(&[]);
    properties
        .iter()
        .take(MAX_DECLARED_KEYS)
        .filter(|(_, p)| p.get("x-mcp-header").is_some())
        .map(|(k, _)| k.as_ref())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(text: &str) -> Value<'static> {
        Value::parse_json(text).unwrap()
    }

    #[test]
    fn folds_strip_dashes_and_underscores_and_lower_case() {
        assert_eq!(fold_key("Max-Results"), "maxresults");
        assert_eq!(fold_key("max_results"), "maxresults");
        assert_eq!(fold_key("maxResults"), "maxresults");
    }

    #[test]
    fn an_object_root_is_one_variant_open_only_when_extra_keys_are_data() {
        for (extra, open) in [
            ("", false),
            (r#","additionalProperties":false"#, false),
            (r#","additionalProperties":{}"#, true),
            (r#","additionalProperties":true"#, true),
        ] {
            let schema = v(&format!(r#"{{"type":"object","properties":{{"a":{{}},"b_c":{{}}}}{extra}}}"#));
            let plan = Plan::of(&schema);
            assert_eq!(plan.variants.len(), 1);
            assert_eq!(plan.variants[0].keys, vec!["a", "b_c"]);
            assert_eq!(plan.any_open(), open, "{extra}");
            assert_eq!(plan.variants[0].folded("bc"), Some("b_c"));
        }
    }

    #[test]
    fn a_key_outside_ascii_folds_only_its_ascii_letters() {
        // JavaScript's toLowerCase would give "größe"; this fold keeps "Ö" (see the README).
        assert_eq!(fold_key("GrÖSSE"), "grÖsse");
        assert_eq!(fold_key("Page-SIZE_"), "pagesize");
    }

    #[test]
    fn two_keys_with_one_fold_name_neither() {
        let schema = v(r#"{"properties":{"max_results":{},"maxResults":{}}}"#);
        assert_eq!(Plan::of(&schema).variants[0].folded("maxresults"), None);
    }

    #[test]
    fn a_discriminated_root_selects_by_tag_and_a_plain_union_takes_its_first_option() {
        let schema = v(
            r#"{"oneOf":[{"type":"object","properties":{"kind":{"type":"string","const":"a"},"x":{}},"required":["kind"]},{"type":"object","properties":{"kind":{"type":"string","enum":["b"]},"y":{}},"required":["kind"]}]}"#,
        );
        let plan = Plan::of(&schema);
        assert_eq!(plan.discriminator, Some("kind"));
        assert_eq!(plan.select(Some(&Value::str("b"))).map(|v| v.keys.clone()), Some(vec!["kind", "y"]));
        assert_eq!(plan.select(Some(&Value::str("c"))), None);
        assert_eq!(plan.select(None), None);
        let plain = v(r#"{"anyOf":[{"properties":{"x":{}}},{"properties":{"y":{}}}]}"#);
        let plan = Plan::of(&plain);
        assert_eq!(plan.discriminator, None);
        assert_eq!(plan.select(None).map(|v| v.keys.clone()), Some(vec!["x"]));
        assert!(plan.declares("y"));
    }

    #[test]
    fn a_root_that_is_no_object_has_no_plan() {
        for text in [r#"{"type":"string"}"#, r#"{"anyOf":[{"properties":{}},{"type":"null"}]}"#, "null", "[]"] {
            assert!(Plan::of(&v(text)).variants.is_empty(), "{text}");
        }
    }

    #[test]
    fn header_designations_are_read_off_root_properties() {
        let schema = v(r#"{"properties":{"a":{"x-mcp-header":"A"},"b":{}}}"#);
        assert_eq!(Plan::of(&schema).header_targets, vec!["a"]);
    }
}
