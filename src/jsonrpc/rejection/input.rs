//! Pre-validation's record (`data.input`): keys rewritten to their canonical name,
//! underscore keys dropped, and the alias collisions it refused to rewrite.

use crate::jsonrpc::bound::{push_field, Bounded, MAX_ENTRIES};
use crate::jsonrpc::text::cut_data_string;
use crate::value::Value;

/// What pre-validation changed before the parse that failed. `aliased` and `ignored`
/// go out as `data.input`, keys only; `collisions` is named in the hint only.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
// Its TypeScript (`PreValidationInput`, with `KeyAlias` and `AliasCollision`) is generated
// from these declarations by the wasm build.
#[cfg_attr(
    all(target_arch = "wasm32", feature = "typescript"),
    derive(tsify::Tsify),
    tsify(rename = "PreValidationInput")
)]
pub struct PreValidation {
    /// Keys rewritten to their canonical name, in argument order.
    #[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), tsify(type = "readonly KeyAlias[]"))]
    pub aliased: Vec<Alias>,
    /// Undeclared underscore-prefixed keys the drop discarded, in argument order
    /// (never the ignore-list drops such as `_meta`).
    #[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), tsify(type = "readonly string[]"))]
    pub ignored: Vec<String>,
    /// Targets for which the caller sent more than one key. Named in the hint only;
    /// `data.input` carries keys only.
    #[cfg_attr(
        all(target_arch = "wasm32", feature = "typescript"),
        tsify(optional, type = "readonly AliasCollision[] | undefined")
    )]
    pub collisions: Vec<AliasCollision>,
}

/// A key pre-validation rewrote to its canonical name.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), derive(tsify::Tsify), tsify(rename = "KeyAlias"))]
pub struct Alias {
    pub alias: String,
    pub target: String,
}

/// An alias sent beside its target (or beside another alias of it): never rewritten.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), derive(tsify::Tsify))]
pub struct AliasCollision {
    pub target: String,
    /// Every key the caller sent for `target`, in argument order (`target` among them when sent).
    #[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), tsify(type = "readonly string[]"))]
    pub keys: Vec<String>,
}

impl PreValidation {
    /// Reads `{ aliased: [{ alias, target }], ignored: [...], collisions: [{ target,
    /// keys }] }` (what pre-validation records); entries of another shape are skipped.
    pub fn from_value(value: &Value) -> PreValidation {
        fn list<'v, 'a>(v: Option<&'v Value<'a>>) -> &'v [Value<'a>] {
            v.and_then(Value::as_array).unwrap_or(&[])
        }
        fn strings(v: Option<&Value>) -> Vec<String> {
            list(v).iter().filter_map(Value::as_str).map(str::to_owned).collect()
        }
        PreValidation {
            aliased: list(value.get("aliased"))
                .iter()
                .filter_map(|a| {
                    Some(Alias {
                        alias: a.get("alias")?.as_str()?.to_owned(),
                        target: a.get("target")?.as_str()?.to_owned(),
                    })
                })
                .collect(),
            ignored: strings(value.get("ignored")),
            collisions: list(value.get("collisions"))
                .iter()
                .filter_map(|c| {
                    Some(AliasCollision { target: c.get("target")?.as_str()?.to_owned(), keys: strings(c.get("keys")) })
                })
                .collect(),
        }
    }

    /// True when pre-validation changed something a rejection must report.
    pub fn changed_anything(&self) -> bool {
        !self.aliased.is_empty() || !self.ignored.is_empty()
    }
}

/// `data.input`: `{ aliased: [{ alias, target }], ignored: [...] }`, keys only,
/// bounded like `data.issues`.
pub(super) fn input_record(input: &PreValidation) -> Value<'static> {
    let mut aliased = Vec::new();
    for entry in input.aliased.iter().take(MAX_ENTRIES) {
        let mut fields = Vec::new();
        push_field(&mut fields, "alias", string_bounded(&entry.alias));
        push_field(&mut fields, "target", string_bounded(&entry.target));
        aliased.push(Value::Object(fields));
    }
    let aliased = Bounded {
        uncut: (input.aliased.len() > MAX_ENTRIES).then_some(input.aliased.len()),
        value: Value::Array(aliased),
        lengths: None,
    };
    let mut ignored = Vec::new();
    let mut lengths = Vec::new();
    for key in input.ignored.iter().take(MAX_ENTRIES) {
        let bounded = string_bounded(key);
        #[allow(clippy::cast_precision_loss)]
        lengths.push(bounded.uncut.map_or(Value::Null, |n| Value::Number(n as f64)));
        ignored.push(bounded.value);
    }
    let ignored = Bounded {
        uncut: (input.ignored.len() > MAX_ENTRIES).then_some(input.ignored.len()),
        value: Value::Array(ignored),
        lengths: lengths.iter().any(|l| !matches!(l, Value::Null)).then_some(lengths),
    };
    let mut record = Vec::new();
    push_field(&mut record, "aliased", aliased);
    push_field(&mut record, "ignored", ignored);
    Value::Object(record)
}

pub(super) fn string_bounded(s: &str) -> Bounded<'static> {
    let (kept, uncut) = cut_data_string(s);
    Bounded { value: Value::str(kept), uncut, lengths: None }
}

/// Keys (unknown keys, dropped keys, a collision's keys, aliases) compared against
/// alias collisions at most. A sentence naming keys is full well before this many.
pub(super) const MAX_KEY_SCAN: usize = 1024;

/// Alias collisions read at most, and keys of each.
pub(super) const MAX_COLLISIONS: usize = 64;

/// The keys each alias collision left in place because its target was already present
/// (mcp-ts-core's `declined`): every key sent for the target but the target itself and
/// the alias pre-validation rewrote to it. Read once per rejection, within caps.
pub(super) fn declined_keys(pre: &PreValidation) -> Vec<(&str, usize)> {
    let mut out = Vec::new();
    for (i, collision) in pre.collisions.iter().take(MAX_COLLISIONS).enumerate() {
        let rewritten =
            |k: &str| pre.aliased.iter().take(MAX_KEY_SCAN).any(|a| a.alias == k && a.target == collision.target);
        for key in collision.keys.iter().take(MAX_COLLISIONS).map(String::as_str) {
            if key != collision.target && !rewritten(key) {
                out.push((key, i));
            }
        }
    }
    out
}
