//! Error contracts (mcp-ts-core's `errors: [...]`) for Rust servers: declared failures
//! raised by reason, their recovery, and the structural check of the declaration.

use super::bound::{self, js_slice, TEXT_UNITS};
use super::depth::shallow;
use super::mcp_error::McpError;
use crate::codes::JsonRpcErrorCode;
use crate::jsonrpc::contract_lint::{LINT_TEXT_UNITS, MAX_LINT_ENTRIES};
use crate::jsonrpc::{self, Contract, ContractEntry, Finding};
use crate::utf16::prefix;
use crate::value::Value;

impl ContractEntry {
    /// A declared failure: its `reason`, its code, `when` it happens (also the message of a
    /// bare [`fail`]) and the `recovery` sent as `data.recovery.hint` when the raise
    /// gives none.
    ///
    /// ```
    /// use mcp_envelope::{ContractEntry, JsonRpcErrorCode};
    ///
    /// let entry = ContractEntry::new("no_such_city", JsonRpcErrorCode::NotFound, "The city is unknown.", "Call list_cities and pick one of its names.");
    /// assert_eq!(entry.code, -32001);
    /// ```
    pub fn new(reason: &str, code: JsonRpcErrorCode, when: &str, recovery: &str) -> ContractEntry {
        ContractEntry {
            reason: reason.to_owned(),
            code: code.value(),
            when: when.to_owned(),
            recovery: recovery.to_owned(),
            retryable: None,
            severity: None,
            thrown_by: None,
        }
    }

    /// The entry as its JSON declaration (`{ reason, code, when, recovery, retryable?, severity?, thrownBy? }`).
    ///
    /// ```
    /// use mcp_envelope::{ContractEntry, JsonRpcErrorCode};
    ///
    /// let entry = ContractEntry::new("busy", JsonRpcErrorCode::RateLimited, "Too busy.", "Wait ten seconds, then call it again.");
    /// assert_eq!(
    ///     entry.to_value().to_json(),
    ///     r#"{"reason":"busy","code":-32003,"when":"Too busy.","recovery":"Wait ten seconds, then call it again."}"#
    /// );
    /// ```
    pub fn to_value(&self) -> Value<'static> {
        let mut fields = vec![
            ("reason", Value::str(self.reason.as_str())),
            ("code", Value::Number(f64::from(self.code))),
            ("when", Value::str(self.when.as_str())),
            ("recovery", Value::str(self.recovery.as_str())),
        ];
        if let Some(retryable) = self.retryable {
            fields.push(("retryable", Value::Bool(retryable)));
        }
        if let Some(severity) = &self.severity {
            fields.push(("severity", Value::str(severity.as_str())));
        }
        if let Some(thrown_by) = &self.thrown_by {
            fields.push(("thrownBy", Value::str(thrown_by.as_str())));
        }
        Value::object(fields)
    }
}

/// mcp-ts-core's `ctx.fail(reason, message?, data?)`: the [`McpError`] for a declared
/// failure, with the entry's code, `message` or else its `when`, and `data` holding
/// the entry's `retryable`, the given fields and `reason`. A reason the contract does
/// not declare gives an InternalError naming the declared ones.
///
/// ```
/// use mcp_envelope::{error_result, fail, ContractEntry, ErrorResultOptions, JsonRpcErrorCode};
///
/// let contract = [ContractEntry::new("no_such_city", JsonRpcErrorCode::NotFound, "The city is unknown.", "Call list_cities and pick one of its names.")];
/// let error = fail(&contract, "no_such_city", None, None);
/// assert_eq!(error.to_json(), r#"{"code":-32001,"message":"The city is unknown.","data":{"reason":"no_such_city"}}"#);
/// // The envelope fills the declared recovery.
/// let result = error_result(&error, &ErrorResultOptions { contract: &contract, ..ErrorResultOptions::default() });
/// assert!(result.text().contains("Recovery: Call list_cities and pick one of its names."));
/// ```
pub fn fail(contract: &[ContractEntry], reason: &str, message: Option<&str>, data: Option<&Value<'_>>) -> McpError {
    let data = data.map(shallow);
    let contract = bound::contract(contract);
    jsonrpc::fail(&contract, &js_slice(reason, TEXT_UNITS), message, data.as_deref()).into()
}

/// mcp-ts-core's `ctx.recoveryFor(reason)`: `{ recovery: { hint } }` for a declared
/// reason, `{}` otherwise.
///
/// ```
/// use mcp_envelope::{recovery_for, ContractEntry, JsonRpcErrorCode};
///
/// let contract = [ContractEntry::new("busy", JsonRpcErrorCode::RateLimited, "Too busy.", "Wait ten seconds, then call it again.")];
/// assert_eq!(recovery_for(&contract, "busy").to_json(), r#"{"recovery":{"hint":"Wait ten seconds, then call it again."}}"#);
/// assert_eq!(recovery_for(&contract, "other").to_json(), "{}");
/// ```
pub fn recovery_for(contract: &[ContractEntry], reason: &str) -> Value<'static> {
    jsonrpc::recovery_for(&bound::contract(contract), &js_slice(reason, TEXT_UNITS))
}

/// The structural findings of a contract, as mcp-ts-core's linter words them (rule
/// ids, severities and messages): a snake_case reason, a real code, a recovery of
/// five words or more, no reason declared twice, …
///
/// ```
/// use mcp_envelope::{check_contract, ContractEntry, JsonRpcErrorCode};
///
/// let contract = [ContractEntry::new("NoCity", JsonRpcErrorCode::NotFound, "The city is unknown.", "Retry.")];
/// let rules: Vec<&str> = check_contract(&contract, Some("get_weather")).iter().map(|f| f.rule).collect();
/// assert_eq!(rules, ["error-contract-reason-format", "error-contract-recovery-min-words"]);
/// ```
pub fn check_contract(contract: &[ContractEntry], tool: Option<&str>) -> Vec<Finding> {
    let entries: Vec<Value<'static>> =
        contract.iter().take(MAX_LINT_ENTRIES).map(|e| lint_entry(&e.to_value())).collect();
    let tool = tool.map(|t| prefix(t, LINT_TEXT_UNITS).0);
    jsonrpc::check_contract(Contract::Entries { entries: &entries, total: contract.len() }, tool)
}

/// The fields the linter reads, as the npm `checkContract` reads a declared entry: in
/// its order, each string at most [`LINT_TEXT_UNITS`] long, a non-finite number as
/// `{ nonFinite }`, any other value as `{ other }` (its JSON for `severity`, which a
/// finding quotes); anything but an object is `null`.
fn lint_entry(entry: &Value<'_>) -> Value<'static> {
    const FIELDS: [&str; 6] = ["code", "reason", "when", "recovery", "retryable", "severity"];
    if entry.as_object().is_none() {
        return Value::Null;
    }
    let fields = FIELDS.iter().filter_map(|&key| {
        let value = match entry.get(key)? {
            Value::String(s) => Value::str(prefix(s, LINT_TEXT_UNITS).0),
            Value::Number(n) if !n.is_finite() => {
                Value::object([("nonFinite", Value::str(crate::value::js_number_string(*n)))])
            }
            Value::Array(_) | Value::Object(_) => {
                let quoted = if key == "severity" {
                    entry.get(key).map(Value::to_json).unwrap_or_default()
                } else {
                    String::new()
                };
                Value::object([("other", Value::str(quoted))])
            }
            other => other.to_owned_value(),
        };
        Some((key, value))
    });
    Value::object(fields)
}

/// mcp-ts-core's refusal for a client that did not declare a capability the call needs
/// (`elicitation.form`, `sampling`, …): InvalidRequest, `data.reason:
/// "client_capability_missing"` and a `data.recovery.hint` to reconnect with a client
/// that declares it, then `fallback_hint` when non-empty. `None` when `capability` is
/// no capability name (dot-separated ASCII letters, digits, `_`, `-`; 256 bytes at most).
///
/// ```
/// use mcp_envelope::capability_missing;
///
/// let error = capability_missing("elicitation.form", None).unwrap();
/// assert_eq!(error.code, -32600);
/// assert_eq!(error.message, "The client on this connection did not declare the `elicitation.form` capability.");
/// assert!(capability_missing("not a name", None).is_none());
/// ```
pub fn capability_missing(capability: &str, fallback_hint: Option<&str>) -> Option<McpError> {
    jsonrpc::capability_missing(capability, fallback_hint).map(McpError::from)
}

/// [`check_contract`] of a declaration as JSON (a `tool.errors` read from a file or
/// another language): the same findings, plus those only an untyped declaration can
/// earn (`errors` not a list, an entry not an object, a code that is no number, a
/// missing `when` or `recovery`, a `retryable` that is no boolean …), as the npm
/// `checkContract` reports them.
///
/// ```
/// use mcp_envelope::{check_contract_value, Value};
///
/// let declared = Value::parse_json(r#"[{"reason":"no_match","code":"NotFound","when":"Nothing matched.","recovery":"Call search_items to find a valid id first."}]"#).unwrap();
/// let rules: Vec<&str> = check_contract_value(&declared, Some("search")).iter().map(|f| f.rule).collect();
/// assert_eq!(rules, ["error-contract-code-type"]);
/// assert_eq!(check_contract_value(&Value::object([("not", Value::str("a list"))]), None)[0].rule, "error-contract-type");
/// ```
pub fn check_contract_value(errors: &Value<'_>, tool: Option<&str>) -> Vec<Finding> {
    let tool = tool.map(|t| prefix(t, LINT_TEXT_UNITS).0);
    match errors.as_array() {
        Some(list) => {
            let entries: Vec<Value<'static>> = list.iter().take(MAX_LINT_ENTRIES).map(lint_entry).collect();
            jsonrpc::check_contract(Contract::Entries { entries: &entries, total: list.len() }, tool)
        }
        None => jsonrpc::check_contract(Contract::NotAList, tool),
    }
}
