//! The JSON-RPC dialect's raw exports (see `pkg-template/lib/jsonrpc.js`). Values arrive
//! as JSON text the JS layer made from bounded plain copies; `""` stands for absent.

use wasm_bindgen::prelude::*;

use crate::jsonrpc::{
    contract_from_value, error_result, fail, format_validation, recovery_for, Alias, AliasCollision,
    ErrorResultOptions, PreValidation, ThrownError, ValidationOptions,
};
use crate::value::Value;

fn parse(text: &str, what: &str) -> Result<Option<Value>, JsError> {
    if text.is_empty() {
        return Ok(None);
    }
    Value::parse_json(text)
        .map(Some)
        .map_err(|e| JsError::new(&format!("mcp-envelope: {what} is not valid JSON ({e})")))
}

fn strings(value: Option<&Value>) -> impl Iterator<Item = &str> {
    value.and_then(Value::as_array).unwrap_or(&[]).iter().filter_map(Value::as_str)
}

/// `{ aliased: [{ alias, target }], ignored: [...], collisions: [{ target, keys }] }`.
fn pre_validation(value: &Value) -> PreValidation {
    let field = |key: &str| value.get(key).and_then(Value::as_array).unwrap_or(&[]);
    PreValidation {
        aliased: field("aliased")
            .iter()
            .filter_map(|a| {
                Some(Alias { alias: a.get("alias")?.as_str()?.to_owned(), target: a.get("target")?.as_str()?.to_owned() })
            })
            .collect(),
        ignored: strings(value.get("ignored")).map(str::to_owned).collect(),
        collisions: field("collisions")
            .iter()
            .filter_map(|c| {
                Some(AliasCollision {
                    target: c.get("target")?.as_str()?.to_owned(),
                    keys: strings(c.get("keys")).map(str::to_owned).collect(),
                })
            })
            .collect(),
    }
}

/// `{ code, message, data }` of the argument rejection, as JSON text.
#[wasm_bindgen(js_name = formatValidationJson)]
pub fn format_validation_json(
    issues: &str,
    tool: &str,
    args: &str,
    schema: &str,
    input: &str,
) -> Result<String, JsError> {
    let issues = parse(issues, "issues")?.unwrap_or(Value::Array(Vec::new()));
    let args = parse(args, "args")?;
    let schema = parse(schema, "schema")?;
    let input = parse(input, "input")?.map(|v| pre_validation(&v));
    let options =
        ValidationOptions { tool, args: args.as_ref(), schema: schema.as_ref(), input: input.as_ref() };
    Ok(format_validation(issues.as_array().unwrap_or(&[]), &options).to_value().to_json())
}

/// What a handler threw, as `lib/jsonrpc.js` numbers it.
const THROWN_MCP: u8 = 1;
const THROWN_ZOD: u8 = 2;

/// The error `CallToolResult` as JSON text. `payload` is the McpError's data (kind 1)
/// or the ZodError's issues (kind 2); `request_id` `""` means none.
#[wasm_bindgen(js_name = errorResultJson)]
pub fn error_result_json(
    kind: u8,
    code: i32,
    message: &str,
    payload: &str,
    request_id: &str,
    contract: &str,
    aborted: bool,
) -> Result<String, JsError> {
    let payload = parse(payload, "data")?;
    let contract = parse(contract, "contract")?.map(|c| contract_from_value(&c)).unwrap_or_default();
    let thrown = match kind {
        THROWN_MCP => ThrownError::Mcp { code, message, data: payload.as_ref() },
        THROWN_ZOD => ThrownError::Zod { code, issues: payload.as_ref().and_then(Value::as_array).unwrap_or(&[]) },
        _ => ThrownError::Plain { code, message },
    };
    let options = ErrorResultOptions {
        request_id: (!request_id.is_empty()).then_some(request_id),
        contract: &contract,
        aborted,
    };
    Ok(error_result(&thrown, &options).to_value().to_json())
}

/// `{ code, message, data }` of `fail(contract, reason, message?, data?)`, as JSON text.
#[wasm_bindgen(js_name = failJson)]
pub fn fail_json(contract: &str, reason: &str, message: Option<String>, data: &str) -> Result<String, JsError> {
    let contract = parse(contract, "contract")?.map(|c| contract_from_value(&c)).unwrap_or_default();
    let data = parse(data, "data")?;
    Ok(fail(&contract, reason, message.as_deref(), data.as_ref()).to_value().to_json())
}

/// `{ recovery: { hint } }` or `{}`, as JSON text.
#[wasm_bindgen(js_name = recoveryForJson)]
pub fn recovery_for_json(contract: &str, reason: &str) -> Result<String, JsError> {
    let contract = parse(contract, "contract")?.map(|c| contract_from_value(&c)).unwrap_or_default();
    Ok(recovery_for(&contract, reason).to_json())
}
