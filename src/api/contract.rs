//! Error contracts (mcp-ts-core's `errors: [...]`) for Rust servers: declared failures
//! raised by reason, their recovery, and the structural check of the declaration.

use super::depth::shallow;
use super::mcp_error::McpError;
use crate::codes::JsonRpcErrorCode;
use crate::jsonrpc::{self, Contract, ContractEntry, Finding};
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
    jsonrpc::fail(contract, reason, message, data.as_deref()).into()
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
    jsonrpc::recovery_for(contract, reason)
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
    let entries: Vec<Value<'static>> = contract.iter().map(ContractEntry::to_value).collect();
    jsonrpc::check_contract(Contract::Entries { entries: &entries, total: entries.len() }, tool)
}
