//! Pre-validation's operations (`lib/prevalidate.js`): what a schema's plan lets the JS
//! skip, the key stages, the value repairs and which of them held. Each answers with
//! positions and paths, never with the caller's values: the JS layer moves its own.

use super::{request, Host, Json, JsonText, ProtocolError};
use crate::prevalidate::held::held;
use crate::prevalidate::{attempts, candidates, Attempt, KeyOptions, Plan, Repair, SentKey, Step};
use crate::sizes::TrueSizes;
use crate::value::Value;

request! {
    /// What the JS may skip for a tool: its plan, read once per schema and options.
    PrevalidatePlan<'a> as "PrevalidatePlanRequest" {
        /// The tool's input JSON Schema.
        schema: JsonText<'a> = "schema",
        /// Declared aliases (`{ alias: target }`).
        aliases: Option<Json<'a>> = "aliases",
        /// `ignoreKeys: false`: the drop stage is off.
        ignore_off: bool = "ignoreOff",
        case_style: bool = "caseStyle",
    }
}

fn schema_of<'a>(text: JsonText<'a>, request: &str) -> Result<Value<'a>, ProtocolError> {
    Value::parse_borrowed(text.0).map_err(|e| super::field_error(request, "schema", e.reason))
}

/// `{ inert, declared, discriminator }`: `inert` when the key stages can never change a
/// call; `declared`, for a one-object root, the keys a call naming only them leaves as
/// sent; `discriminator`, the key whose value selects a union root's option.
pub(crate) fn prevalidate_plan(request: PrevalidatePlan<'_>, _: &mut dyn Host) -> Result<String, ProtocolError> {
    let schema = schema_of(request.schema, "PrevalidatePlanRequest")?;
    let plan = Plan::of(&schema);
    let no_aliases = request.aliases.and_then(|a| a.0.as_object()).map_or(true, <[_]>::is_empty);
    let inert = plan.inert(request.ignore_off, !no_aliases, request.case_style);
    let declared = match plan.variants.as_slice() {
        [one] => Value::Array(one.keys.iter().map(|k| Value::str(*k)).collect()),
        _ => Value::Null,
    };
    let discriminator = plan.discriminator.map_or(Value::Null, Value::str);
    Ok(Value::object([("inert", Value::Bool(inert)), ("declared", declared), ("discriminator", discriminator)])
        .to_json())
}

request! {
    /// The key stages over the root keys a call sent.
    PrevalidateKeys<'a> as "PrevalidateKeysRequest" {
        /// The root keys, in order, each cut at the copy's string cap.
        keys: Json<'a> = "keys",
        /// The positions of the keys the copy cut.
        cut_keys: &'a [u32] = "cutKeys",
        schema: JsonText<'a> = "schema",
        /// A copy of the discriminator's value, when the call sent one.
        tag: Option<Json<'a>> = "tag",
        aliases: Option<Json<'a>> = "aliases",
        /// A server's own keys to drop, beside the built-in ones.
        ignore_keys: Option<Json<'a>> = "ignoreKeys",
        ignore_off: bool = "ignoreOff",
        case_style: bool = "caseStyle",
    }
}

fn attempt_reply(attempt: &Attempt<'_>) -> Value<'static> {
    #[allow(clippy::cast_precision_loss)] // positions below MAX_ROOT_KEYS
    let at = |i: usize| Value::Number(i as f64);
    let entries = attempt.entries.as_ref().map_or(Value::Null, |entries| {
        Value::Array(
            entries.iter().map(|(i, name)| Value::Array(vec![at(*i), name.map_or(Value::Null, Value::str)])).collect(),
        )
    });
    let aliased = attempt.aliased.iter().map(|(i, target)| Value::Array(vec![at(*i), Value::str(*target)])).collect();
    let collisions = attempt
        .collisions
        .iter()
        .map(|(target, keys)| {
            Value::object([
                ("target", Value::str(*target)),
                ("keys", Value::Array(keys.iter().map(|i| at(*i)).collect())),
            ])
        })
        .collect();
    Value::object([
        ("entries", entries),
        ("aliased", Value::Array(aliased)),
        ("ignored", Value::Array(attempt.ignored.iter().map(|i| at(*i)).collect())),
        ("collisions", Value::Array(collisions)),
    ])
}

/// `{ first, retry }`: the drop-first attempt and, when it dropped a key and the
/// alias-first order hands the parse other keys, that one.
pub(crate) fn prevalidate_keys(request: PrevalidateKeys<'_>, _: &mut dyn Host) -> Result<String, ProtocolError> {
    let schema = schema_of(request.schema, "PrevalidateKeysRequest")?;
    let plan = Plan::of(&schema);
    let sent = SentKey::list(request.keys.0, request.cut_keys);
    let options = KeyOptions::read(
        request.aliases.map(|a| a.0),
        request.ignore_keys.map(|k| k.0),
        request.ignore_off,
        request.case_style,
    );
    let (first, retry) = attempts(&plan, &sent, request.tag.map(|t| t.0), &options);
    let retry = retry.as_ref().map_or(Value::Null, attempt_reply);
    Ok(Value::object([("first", attempt_reply(&first)), ("retry", retry)]).to_json())
}

request! {
    /// The value repairs for a failed parse.
    PrevalidateRepair<'a> as "PrevalidateRepairRequest" {
        /// A bounded copy of the arguments that failed.
        args: Json<'a> = "args",
        /// The true sizes of what that copy cut.
        arg_sizes: &'a [u32] = "argSizes",
        /// The validator's issues, as they cross for a rejection.
        issues: Json<'a> = "issues",
        /// The tool's input JSON Schema (where `null` for an optional field is read).
        schema: Option<JsonText<'a>> = "schema",
    }
}

fn step_value(step: &Step) -> Value<'static> {
    match step {
        Step::Key(k) => Value::str(k.as_str()),
        #[allow(clippy::cast_precision_loss)] // an index of a bounded copy
        Step::Index(i) => Value::Number(*i as f64),
    }
}

fn repairs_reply(repairs: &[Repair]) -> Value<'static> {
    Value::Array(
        repairs
            .iter()
            .map(|r| {
                let mut fields = vec![
                    ("path", Value::Array(r.path.iter().map(step_value).collect())),
                    ("kind", Value::str(r.kind.name())),
                ];
                if let Some(value) = &r.value {
                    fields.push(("value", value.clone()));
                }
                Value::object(fields)
            })
            .collect(),
    )
}

/// `{ asSent, full, fullIsAsSent, unaided }`: the candidates, each a list of
/// `{ path, kind, value? }` (no `value`: delete the key).
pub(crate) fn prevalidate_repair(request: PrevalidateRepair<'_>, _: &mut dyn Host) -> Result<String, ProtocolError> {
    let args = request.args.0;
    let sizes = TrueSizes::locate(args, request.arg_sizes);
    let read = crate::source::normalise(request.issues.0.as_array().unwrap_or_default(), Some(args));
    let schema = request.schema.map(|s| schema_of(s, "PrevalidateRepairRequest")).transpose()?;
    let c = candidates(args, &sizes, &read.issues, schema.as_ref());
    Ok(Value::object([
        ("asSent", repairs_reply(&c.as_sent)),
        ("full", repairs_reply(&c.full)),
        ("fullIsAsSent", Value::Bool(c.full_is_as_sent)),
        ("unaided", repairs_reply(&c.unaided)),
    ])
    .to_json())
}

request! {
    /// Which repairs held after a repaired parse still failed.
    PrevalidateHeld<'a> as "PrevalidateHeldRequest" {
        /// The repairs' paths (each a list of keys and indices).
        paths: Json<'a> = "paths",
        /// The repaired parse's issues, as they cross for a rejection.
        issues: Json<'a> = "issues",
    }
}

/// The positions of the repairs no issue lies at or below.
pub(crate) fn prevalidate_held(request: PrevalidateHeld<'_>, _: &mut dyn Host) -> Result<String, ProtocolError> {
    let paths: Vec<Vec<Step>> = request
        .paths
        .0
        .as_array()
        .unwrap_or_default()
        .iter()
        .take(crate::prevalidate::repair::MAX_REPAIRS)
        .map(|p| {
            p.as_array()
                .unwrap_or_default()
                .iter()
                .filter_map(|s| match s {
                    Value::String(k) => Some(Step::Key(k.to_string())),
                    // A list index the repair named (whole and in range by origin).
                    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                    Value::Number(n) if *n >= 0.0 && n.fract() == 0.0 => Some(Step::Index(*n as usize)),
                    _ => None,
                })
                .collect()
        })
        .collect();
    let read = crate::source::normalise(request.issues.0.as_array().unwrap_or_default(), None);
    #[allow(clippy::cast_precision_loss)] // positions below MAX_REPAIRS
    let held: Vec<Value> = held(&paths, &read.issues).into_iter().map(|i| Value::Number(i as f64)).collect();
    Ok(Value::Array(held).to_json())
}
