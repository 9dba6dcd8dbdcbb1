//! A native driver for profiling the core (see bench/PROFILING.md): renders the same
//! argument rejections and envelopes the JS benchmark does, in a loop.
//!
//! `cargo run --release --example profile_core -- [issues] [iterations]`

use mcp_envelope::jsonrpc::{
    error_result, format_validation, ErrorResultOptions, IssueList, ThrownError, ValidationOptions,
};
use mcp_envelope::sizes::NO_CUTS;
use mcp_envelope::value::Value;
use mcp_envelope::xml::{tool_error, ToolErrorOptions};

const ISSUES: &str = r#"[{"expected":"string","code":"invalid_type","path":["name"],"message":"Invalid input: expected string, received number"},{"expected":"number","code":"invalid_type","path":["age"],"message":"Invalid input: expected number, received string"},{"expected":"string","code":"invalid_type","path":["tags",0],"message":"Invalid input: expected string, received number"},{"code":"unrecognized_keys","keys":["extra"],"path":[],"message":"Unrecognized key: \"extra\""}]"#;
const SCHEMA: &str = r#"{"type":"object","properties":{"name":{"type":"string"},"age":{"type":"number"},"tags":{"type":"array","items":{"type":"string"}},"mode":{"type":"string","enum":["a","b"]}},"required":["name","age","tags","mode"],"additionalProperties":false}"#;

fn main() {
    let mut argv = std::env::args().skip(1);
    let total: usize = argv.next().and_then(|a| a.parse().ok()).unwrap_or(4);
    let iterations: usize = argv.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let four = Value::parse_json(ISSUES).unwrap_or(Value::Null);
    let four = four.as_array().unwrap_or_default();
    // What crosses from JS: at most the first 100 issues, and the true total.
    let first: Vec<Value<'static>> = four.iter().cycle().take(total.min(100)).cloned().collect();
    let args = Value::parse_json(r#"{"name":5,"age":"x","tags":[1],"extra":1}"#).unwrap_or(Value::Null);
    let schema = Value::parse_json(SCHEMA).unwrap_or(Value::Null);
    let opts = ValidationOptions { tool: "t", args: Some(&args), schema: Some(&schema), input: None };
    let mut bytes = 0usize;
    let started = std::time::Instant::now();
    for _ in 0..iterations {
        let issues = IssueList::of(&first, total, &NO_CUTS);
        let error = format_validation(issues, &opts);
        bytes += error.to_json().len();
        let result = error_result(
            &ThrownError::Plain { code: -32603, message: "boom" },
            &ErrorResultOptions { request_id: Some("ABCDE-FGHIJ"), ..Default::default() },
        );
        bytes += result.to_json().len();
        let options = ToolErrorOptions {
            message: "Project p not found".into(),
            suggestion: Some("List projects first".into()),
            ..Default::default()
        };
        bytes += tool_error("NOT_FOUND", &options).text.len();
    }
    let per = started.elapsed().as_secs_f64() * 1e6 / iterations.max(1) as f64;
    println!("{total} issues: {per:.2} µs per formatValidation + errorResult + toolError ({bytes} bytes)");
}
