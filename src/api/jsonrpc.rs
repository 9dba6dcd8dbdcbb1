//! The JSON-RPC dialect (mcp-ts-core's) for Rust servers: argument rejections and error
//! results, byte for byte what the npm package writes for the same call.

use super::bound::{self, js_slice, wire_data, TEXT_UNITS};
use super::depth::shallow;
use super::issue::{issue_values, Issue};
use super::mcp_error::McpError;
use super::std_error::classified;
use super::tool_result::ToolResult;
use crate::jsonrpc::{
    self, ContractEntry, ErrorResultOptions, IssueList, PreValidation, ThrownError, ValidationOptions,
};
use crate::sizes::TrueSizes;
use crate::value::Value;
use std::error::Error;

/// What an argument rejection says besides its issues: the tool, what was sent and the
/// tool's input schema (the npm `formatValidation`'s second argument).
///
/// ```
/// use mcp_envelope::{Validation, Value};
///
/// let args = Value::parse_json(r#"{"city":5}"#).unwrap();
/// let validation = Validation::new("get_weather").args(&args);
/// assert_eq!(validation.tool, "get_weather");
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Validation<'a> {
    /// The tool's name.
    pub tool: &'a str,
    /// The arguments as sent (`None`: none were).
    pub args: Option<&'a Value<'a>>,
    /// The tool's JSON Schema (`inputSchema`): an unknown key's line names the keys it accepts.
    pub schema: Option<&'a Value<'a>>,
    /// What pre-validation changed before the arguments failed (the npm option `input`):
    /// `{ aliased: [{ alias, target }], ignored: [key, …], collisions: [{ target, keys }] }`,
    /// reported as `data.input` and named in the recovery hint.
    pub input: Option<&'a Value<'a>>,
}

impl<'a> Validation<'a> {
    /// A rejection of a call to `tool`.
    ///
    /// ```
    /// assert_eq!(mcp_envelope::Validation::new("search").tool, "search");
    /// ```
    pub fn new(tool: &'a str) -> Validation<'a> {
        Validation { tool, args: None, schema: None, input: None }
    }

    /// The same, with the arguments sent.
    ///
    /// ```
    /// use mcp_envelope::{Validation, Value};
    ///
    /// let args = Value::object([("q", Value::Number(1.0))]);
    /// assert!(Validation::new("search").args(&args).args.is_some());
    /// ```
    pub fn args(mut self, args: &'a Value<'a>) -> Validation<'a> {
        self.args = Some(args);
        self
    }

    /// The same, with the tool's input schema.
    ///
    /// ```
    /// use mcp_envelope::{Validation, Value};
    ///
    /// let schema = Value::parse_json(r#"{"type":"object","properties":{"q":{"type":"string"}}}"#).unwrap();
    /// assert!(Validation::new("search").schema(&schema).schema.is_some());
    /// ```
    pub fn schema(mut self, schema: &'a Value<'a>) -> Validation<'a> {
        self.schema = Some(schema);
        self
    }

    /// The same, with what pre-validation changed (`{ aliased, ignored, collisions }`).
    ///
    /// ```
    /// use mcp_envelope::{format_validation, Issue, Validation, Value};
    ///
    /// let args = Value::parse_json(r#"{"query":true}"#).unwrap();
    /// let input = Value::parse_json(r#"{"aliased":[{"alias":"q","target":"query"}],"ignored":["_debug"]}"#).unwrap();
    /// let issues = [Issue::invalid_type("string", "boolean").at(["query"])];
    /// let error = format_validation(&issues, &Validation::new("search").args(&args).input(&input));
    /// let data = error.data.unwrap();
    /// assert_eq!(data.get("input").unwrap().to_json(), r#"{"aliased":[{"alias":"q","target":"query"}],"ignored":["_debug"]}"#);
    /// ```
    pub fn input(mut self, input: &'a Value<'a>) -> Validation<'a> {
        self.input = Some(input);
        self
    }
}

/// The options as the envelope applies them: an empty request id is none (as the npm
/// package reads `requestId: ''`), never a `"requestId":""` in `data`; `contract` is the
/// options' contract, bounded ([`bound::contract`]).
fn sent<'a>(options: &ErrorResultOptions<'a>, contract: &'a [ContractEntry]) -> ErrorResultOptions<'a> {
    ErrorResultOptions { request_id: options.request_id.filter(|id| !id.is_empty()), contract, ..*options }
}

/// Runs `write` on the issues as the core reads them: other validators' issues read as
/// Zod's, exactly as the npm package's boundary does.
fn with_issues<T>(issues: &[Issue], args: Option<&Value<'_>>, write: impl FnOnce(IssueList<'_>) -> T) -> T {
    let values = issue_values(issues);
    let read = crate::source::normalise(&values, args);
    let sizes = TrueSizes::default();
    write(IssueList::of(&read.issues, values.len().saturating_sub(read.left_out), &sizes))
}

/// Runs `write` on the validation's options, its caller values within the core's depth.
fn with_options<T>(validation: &Validation<'_>, write: impl FnOnce(&ValidationOptions<'_>) -> T) -> T {
    let args = validation.args.map(shallow);
    let schema = validation.schema.map(shallow);
    let input = validation.input.map(|i| PreValidation::from_value(&shallow(i)));
    write(&ValidationOptions {
        tool: validation.tool,
        args: args.as_deref(),
        schema: schema.as_deref(),
        input: input.as_ref(),
    })
}

/// The `-32602` [`McpError`] for arguments that failed validation: mcp-ts-core's message
/// (`Input validation error: Invalid arguments for tool <tool>: …`, one line per
/// distinct issue, at most ten, `(+N more)`), and `data` with the bounded issues,
/// `reason: "invalid_arguments"` and a `recovery.hint` naming what to send instead.
///
/// ```
/// use mcp_envelope::{format_validation, Issue, Validation, Value};
///
/// let args = Value::parse_json(r#"{"city":5}"#).unwrap();
/// let issues = [Issue::invalid_type("string", "number").at(["city"])];
/// let error = format_validation(&issues, &Validation::new("get_weather").args(&args));
/// assert_eq!(error.code, -32602);
/// assert_eq!(
///     error.message,
///     "Input validation error: Invalid arguments for tool get_weather: city: Invalid input: expected string, received number"
/// );
/// ```
pub fn format_validation(issues: &[Issue], validation: &Validation<'_>) -> McpError {
    with_options(validation, |options| {
        with_issues(issues, options.args, |list| jsonrpc::format_validation(list, options).into())
    })
}

/// The error `CallToolResult` of an argument rejection: what [`error_result`] writes for
/// the error [`format_validation`] builds, in one step.
///
/// ```
/// use mcp_envelope::{rejection_result, ErrorResultOptions, Issue, Validation};
///
/// let issues = [Issue::invalid_type("string", "undefined").at(["city"])];
/// let result = rejection_result(&issues, &Validation::new("get_weather"), &ErrorResultOptions::default());
/// assert!(result.is_error());
/// assert!(result.text().starts_with("Error: Input validation error: Invalid arguments for tool get_weather: city:"));
/// ```
pub fn rejection_result(
    issues: &[Issue],
    validation: &Validation<'_>,
    options_: &ErrorResultOptions<'_>,
) -> ToolResult {
    // As the npm package's `errorResult(formatValidation(…))`: the message read at most
    // TEXT_UNITS long, the data the core wrote sent as it is.
    let error = format_validation(issues, validation);
    let message = js_slice(&error.message, TEXT_UNITS);
    let thrown = ThrownError::Mcp { code: error.code, message: &message, data: error.data.as_ref() };
    let contract = bound::contract(options_.contract);
    ToolResult::new(jsonrpc::error_result(&thrown, &sent(options_, &contract)).to_value())
}

/// The error `CallToolResult` for an [`McpError`]: `content[0].text` is `Error: <message>`
/// with its recovery hint and terms (`reason`, `retryable`, `request`), and
/// `structuredContent.error` the error itself, secrets masked (unless
/// `redact_secrets` is off) and bounded. The npm `errorResult` byte for byte.
///
/// ```
/// use mcp_envelope::{error_result, ErrorResultOptions, JsonRpcErrorCode, McpError, Value};
///
/// let error = McpError::new(JsonRpcErrorCode::RateLimited, "Too many searches.")
///     .with_data(Value::parse_json(r#"{"retryable":true,"recovery":{"hint":"Wait a minute, then search again."}}"#).unwrap());
/// let result = error_result(&error, &ErrorResultOptions { request_id: Some("r-1"), ..ErrorResultOptions::default() });
/// assert_eq!(
///     result.text(),
///     "Error: Too many searches.\n\nRecovery: Wait a minute, then search again.\n\n(retryable · request r-1)"
/// );
/// ```
pub fn error_result(error: &McpError, options: &ErrorResultOptions<'_>) -> ToolResult {
    let message = js_slice(&error.message, TEXT_UNITS);
    // `data` is a public field: a value set there by hand is cut as `with_data` cuts it.
    let data = error.data.as_ref().map(shallow);
    let data = wire_data(data.as_deref());
    let thrown = ThrownError::Mcp { code: error.code, message: &message, data: data.as_ref() };
    let contract = bound::contract(options.contract);
    ToolResult::new(jsonrpc::error_result(&thrown, &sent(options, &contract)).to_value())
}

/// The error `CallToolResult` for any Rust error: an [`McpError`] (the error itself) as
/// [`error_result`] writes it; anything else under the code [`classify_error`](crate::classify_error) gives it,
/// its message its `Display`. With `guidance` on, the message names its nearest source
/// and `data` gets the code's next step.
///
/// ```
/// use mcp_envelope::{error_result_for, ErrorResultOptions};
/// use std::io;
///
/// let error = io::Error::new(io::ErrorKind::ConnectionRefused, "upstream refused the connection");
/// let result = error_result_for(&error, &ErrorResultOptions::default());
/// assert_eq!(result.text(), "Error: upstream refused the connection");
/// let code = result.structured_content().and_then(|s| s.get("error")).and_then(|e| e.get("code"));
/// assert_eq!(code.and_then(|c| c.as_f64()), Some(-32000.0));
/// ```
pub fn error_result_for(error: &(dyn Error + 'static), options: &ErrorResultOptions<'_>) -> ToolResult {
    if let Some(ours) = error.downcast_ref::<McpError>() {
        return error_result(ours, options);
    }
    let (classification, causes) = classified(error);
    let code = classification.code.value();
    let message = error.to_string();
    let message = js_slice(&message, TEXT_UNITS);
    let causes: Vec<&str> = causes.iter().map(String::as_str).collect();
    let contract = bound::contract(options.contract);
    let options = ErrorResultOptions { cause_messages: &causes, ..sent(options, &contract) };
    let thrown = ThrownError::Plain { code, message: &message };
    ToolResult::new(jsonrpc::error_result(&thrown, &options).to_value())
}
