//! Error contracts: a tool's declared failure modes, `fail`, `recovery_for`, and the
//! recovery fill the envelope applies.
//!
//! An entry's `recovery` is the wire default for its reason: when a thrown McpError's
//! `data.reason` names an entry and the throw site gave no `data.recovery` (of any
//! shape), the envelope carries the entry's text as `data.recovery.hint`. The match is
//! on the reason alone, whatever code the error has. Entries are looked up the way a
//! `Map` built from the list would be: a repeated reason means its last entry.

use crate::codes::JsonRpcErrorCode;
use crate::value::Value;
use std::borrow::Cow;

use super::capability::REASON_CLIENT_CAPABILITY_MISSING;
use super::rejection::REASON_INVALID_ARGUMENTS;
use super::McpErrorParts;

/// One declared failure mode of a tool (`errors: [...]`): `{ reason, code, when,
/// recovery, retryable?, severity?, thrownBy? }`.
// The Rust example stays out of the TypeScript the wasm build generates from these docs.
#[cfg_attr(
    not(all(target_arch = "wasm32", feature = "typescript")),
    doc = "",
    doc = r#"
Declare a tool's contract once, raise its failures by reason with [`fail`](crate::fail),
hand it to [`ErrorResultOptions::contract`](crate::ErrorResultOptions::contract) so the
envelope fills each reason's recovery, and check it with
[`check_contract`](crate::check_contract).

```
use mcp_envelope::{ContractEntry, JsonRpcErrorCode};

let mut entry = ContractEntry::new("queue_full", JsonRpcErrorCode::RateLimited, "The local queue is full.", "Wait thirty seconds, then call it again.");
entry.retryable = Some(true);
assert_eq!(entry.reason, "queue_full");
assert_eq!(entry.code, JsonRpcErrorCode::RateLimited.value());
assert_eq!(entry.severity, None);
```"#
)]
#[derive(Debug, Clone, PartialEq)]
// Its TypeScript (`ErrorContractEntry`) is generated from this declaration by the wasm build.
#[cfg_attr(
    all(target_arch = "wasm32", feature = "typescript"),
    derive(tsify::Tsify),
    tsify(rename = "ErrorContractEntry"),
    serde(rename_all = "camelCase")
)]
pub struct ContractEntry {
    /// The stable, snake_case id of this failure, sent as `data.reason`.
    pub reason: String,
    /// The JSON-RPC code the failure is sent with (a `JsonRpcErrorCode` value).
    #[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), tsify(type = "JsonRpcErrorCode"))]
    pub code: i32,
    /// When it fires; also the message of a bare {@link fail}.
    pub when: String,
    /// The wire default for this reason: filled as `data.recovery.hint` when the throw site gave none.
    pub recovery: String,
    /// Copied onto `data.retryable` by {@link fail} when declared.
    #[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), tsify(optional, type = "boolean | undefined"))]
    pub retryable: Option<bool>,
    /// The failure record's log level (`debug`, `info`, `notice`, `warning`; none keeps
    /// `error`); never on the wire.
    #[cfg_attr(
        all(target_arch = "wasm32", feature = "typescript"),
        tsify(optional, type = "ErrorContractSeverity | undefined")
    )]
    pub severity: Option<String>,
    /// The reference framework's lint metadata (the failure is a service's); read, never written.
    #[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), tsify(optional, type = "'service' | undefined"))]
    pub thrown_by: Option<String>,
}

impl ContractEntry {
    /// Reads one entry from its JSON form; `None` unless `reason` is a string and
    /// `code` an integer. A missing `when` or `recovery` reads as empty. Use it for a
    /// contract declared in a JSON or YAML file.
    ///
    /// ```
    /// use mcp_envelope::{ContractEntry, Value};
    ///
    /// let json = Value::parse_json(r#"{"reason":"no_such_city","code":-32001,"when":"The city is unknown.","retryable":false}"#).unwrap();
    /// let entry = ContractEntry::from_value(&json).unwrap();
    /// assert_eq!((entry.reason.as_str(), entry.code), ("no_such_city", -32001));
    /// assert_eq!(entry.recovery, "");
    /// assert_eq!(entry.retryable, Some(false));
    ///
    /// let fractional = Value::parse_json(r#"{"reason":"x","code":-32001.5}"#).unwrap();
    /// assert_eq!(ContractEntry::from_value(&fractional), None);
    /// ```
    pub fn from_value(value: &Value) -> Option<ContractEntry> {
        let reason = value.get("reason")?.as_str()?.to_owned();
        let code = value.get("code")?.as_f64().and_then(integer_code)?;
        let text = |key: &str| value.get(key).and_then(Value::as_str).unwrap_or("").to_owned();
        Some(ContractEntry {
            reason,
            code,
            when: text("when"),
            recovery: text("recovery"),
            retryable: value.get("retryable").and_then(Value::as_bool),
            severity: value.get("severity").and_then(Value::as_str).map(str::to_owned),
            thrown_by: value.get("thrownBy").and_then(Value::as_str).map(str::to_owned),
        })
    }
}

fn integer_code(n: f64) -> Option<i32> {
    if n.fract() == 0.0 && n >= f64::from(i32::MIN) && n <= f64::from(i32::MAX) {
        // In range and integral, checked above.
        #[allow(clippy::cast_possible_truncation)]
        Some(n as i32)
    } else {
        None
    }
}

/// Reads a contract list (`errors: [...]`), skipping entries that are not entries.
pub fn contract_from_value(value: &Value) -> Vec<ContractEntry> {
    value.as_array().unwrap_or(&[]).iter().filter_map(ContractEntry::from_value).collect()
}

/// The entry declaring `reason` (the last one, if declared twice).
pub fn find_entry<'a>(contract: &'a [ContractEntry], reason: &str) -> Option<&'a ContractEntry> {
    contract.iter().rev().find(|e| e.reason == reason)
}

/// `ctx.fail(reason, message?, data?)`: the McpError for a declared failure. Its code
/// is the entry's; its message the one given or else the entry's `when`; its data the
/// entry's `retryable` (when declared) overlaid by the given data's own keys, then
/// `reason` — the contract's reason always wins. A reason the contract does not
/// declare gives an InternalError naming the declared reasons, to throw like any other.
pub fn fail(
    contract: &[ContractEntry],
    reason: &str,
    message: Option<&str>,
    data: Option<&Value>,
) -> McpErrorParts<'static> {
    let Some(entry) = find_entry(contract, reason) else {
        let declared: Vec<Value> = contract.iter().map(|e| Value::str(e.reason.clone())).collect();
        return McpErrorParts {
            code: JsonRpcErrorCode::InternalError.value(),
            message: format!("fail() was given the reason '{reason}', which this error contract does not declare."),
            data: Some(Value::Object(vec![
                ("reason".into(), Value::str(reason)),
                ("declaredReasons".into(), Value::Array(declared)),
            ])),
        };
    };
    let mut fields: Vec<(Cow<'static, str>, Value<'static>)> = Vec::new();
    if let Some(retryable) = entry.retryable {
        fields.push(("retryable".into(), Value::Bool(retryable)));
    }
    if let Some(given) = data.and_then(Value::as_object) {
        for (key, value) in given {
            set_key(&mut fields, key, value.to_owned_value());
        }
    }
    set_key(&mut fields, "reason", Value::str(reason));
    McpErrorParts {
        code: entry.code,
        message: message.map_or_else(|| entry.when.clone(), str::to_owned),
        data: Some(Value::Object(fields)),
    }
}

/// `ctx.recoveryFor(reason)`: `{ recovery: { hint } }` for a declared reason, `{}`
/// otherwise — safe to spread into `data` either way.
pub fn recovery_for(contract: &[ContractEntry], reason: &str) -> Value<'static> {
    match find_entry(contract, reason) {
        Some(entry) => Value::Object(vec![("recovery".into(), recovery_value(&entry.recovery))]),
        None => Value::Object(Vec::new()),
    }
}

fn recovery_value(hint: &str) -> Value<'static> {
    Value::Object(vec![("hint".into(), Value::str(hint))])
}

/// The level a tool's failure record logs at: a declared entry's `severity` for the
/// thrown `data.reason`, `notice` for the framework's own refusals
/// (`invalid_arguments`, `client_capability_missing`) unless an entry says otherwise,
/// `error` for everything else.
pub fn failure_log_level<'a>(contract: &'a [ContractEntry], data: Option<&Value>) -> &'a str {
    let reason = data.and_then(|d| d.get("reason")).and_then(Value::as_str);
    if let Some(severity) = reason.and_then(|r| find_entry(contract, r)).and_then(|e| e.severity.as_deref()) {
        return severity;
    }
    match reason {
        Some(r) if r == REASON_INVALID_ARGUMENTS || r == REASON_CLIENT_CAPABILITY_MISSING => "notice",
        _ => "error",
    }
}

/// Fills `data.recovery.hint` from the contract when `data.reason` names an entry and
/// the throw site set no `recovery` of its own. Returns whether it filled.
pub fn fill_recovery(contract: &[ContractEntry], data: &mut Value) -> bool {
    let Value::Object(fields) = data else { return false };
    if fields.iter().any(|(k, _)| k == "recovery") {
        return false;
    }
    let reason = fields.iter().find(|(k, _)| k == "reason").and_then(|(_, v)| v.as_str());
    let Some(entry) = reason.and_then(|r| find_entry(contract, r)) else { return false };
    fields.push(("recovery".into(), recovery_value(&entry.recovery)));
    true
}

/// Sets `key` as a JS assignment would: in place when present, appended otherwise.
pub(crate) fn set_key<'a>(fields: &mut Vec<(Cow<'a, str>, Value<'a>)>, key: &str, value: Value<'a>) {
    match fields.iter_mut().find(|(k, _)| k == key) {
        Some(slot) => slot.1 = value,
        None => fields.push((key.to_owned().into(), value)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn contract() -> Vec<ContractEntry> {
        let v = Value::parse_json(
            r#"[{"reason":"no_match","code":-32001,"when":"Nothing matched","recovery":"Try the search tool first."},
                {"reason":"queue_full","code":-32003,"when":"Queue full","recovery":"Wait 30 seconds and retry.","retryable":true,"severity":"notice"}]"#,
        )
        .unwrap();
        contract_from_value(&v)
    }

    #[test]
    fn fail_builds_the_declared_error() {
        let c = contract();
        let e = fail(
            &c,
            "queue_full",
            None,
            Some(&Value::parse_json(r#"{"retryable":false,"reason":"x","n":1}"#).unwrap()),
        );
        assert_eq!(e.code, -32003);
        assert_eq!(e.message, "Queue full");
        assert_eq!(e.data.unwrap().to_json(), r#"{"retryable":false,"reason":"queue_full","n":1}"#);
        let e = fail(&c, "no_match", Some("No item 7"), None);
        assert_eq!((e.code, e.message.as_str()), (-32001, "No item 7"));
        assert_eq!(e.data.unwrap().to_json(), r#"{"reason":"no_match"}"#);
        let e = fail(&c, "typo", None, None);
        assert_eq!(e.code, -32603);
        assert_eq!(e.data.unwrap().to_json(), r#"{"reason":"typo","declaredReasons":["no_match","queue_full"]}"#);
    }

    #[test]
    fn recovery_for_is_spread_safe() {
        let c = contract();
        assert_eq!(recovery_for(&c, "no_match").to_json(), r#"{"recovery":{"hint":"Try the search tool first."}}"#);
        assert_eq!(recovery_for(&c, "nope").to_json(), "{}");
        assert_eq!(recovery_for(&[], "no_match").to_json(), "{}");
    }

    #[test]
    fn a_throw_site_recovery_wins_whatever_its_shape() {
        let c = contract();
        let mut data = Value::parse_json(r#"{"reason":"no_match","recovery":null}"#).unwrap();
        assert!(!fill_recovery(&c, &mut data));
        let mut data = Value::parse_json(r#"{"reason":"no_match"}"#).unwrap();
        assert!(fill_recovery(&c, &mut data));
        assert_eq!(data.to_json(), r#"{"reason":"no_match","recovery":{"hint":"Try the search tool first."}}"#);
    }

    #[test]
    fn log_levels() {
        let c = contract();
        let d = |s: &str| Value::parse_json(s).unwrap();
        assert_eq!(failure_log_level(&c, Some(&d(r#"{"reason":"queue_full"}"#))), "notice");
        assert_eq!(failure_log_level(&c, Some(&d(r#"{"reason":"no_match"}"#))), "error");
        assert_eq!(failure_log_level(&c, Some(&d(r#"{"reason":"invalid_arguments"}"#))), "notice");
        assert_eq!(failure_log_level(&c, None), "error");
    }

    #[test]
    fn entries_without_an_integer_code_in_range_are_skipped() {
        let codes = |list: &str| -> Vec<i32> {
            contract_from_value(&Value::parse_json(list).unwrap()).iter().map(|e| e.code).collect()
        };
        let entry = |code: &str| format!(r#"{{"reason":"r","code":{code}}}"#);
        let all = ["-32001", "1.5", "-0.25", "1e12", "-1e12", "2147483647", "-2147483648", "2147483648"];
        let list = format!("[{}]", all.iter().map(|c| entry(c)).collect::<Vec<_>>().join(","));
        assert_eq!(codes(&list), vec![-32001, i32::MAX, i32::MIN]);
    }
}
