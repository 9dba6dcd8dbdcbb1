//! The rmcp example server (examples/rmcp_server.rs), started as a child process and
//! driven over its stdio by rmcp's own client: every tool with good arguments, each
//! kind of bad argument, a declared failure and a handler error. Each failure must be
//! byte for byte what this crate's API writes for the same inputs called directly
//! (text and structuredContent), and a few must also equal a literal text.
//!
//! `cargo test --features serde` builds the example before it runs this test.
#![cfg(all(feature = "serde", not(target_arch = "wasm32")))]

use mcp_envelope::{
    error_result, error_result_for, fail, rejection_result, xml_tool_error, xml_validation_error, ContractEntry,
    ErrorResultOptions, Issue, JsonRpcErrorCode, ToolErrorOptions, ToolResult, Validation, Value,
};
use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::{RoleClient, RunningService};
use rmcp::transport::TokioChildProcess;
use rmcp::ServiceExt;
use serde_json::json;
use std::future::Future;
use std::path::PathBuf;
use std::process::Stdio;
use std::time::Duration;
use tokio::io::AsyncReadExt;

type Client = RunningService<RoleClient, ()>;

/// Every await is bounded: a server that hangs fails the test instead of stalling it.
const LIMIT: Duration = Duration::from_secs(60);

async fn bounded<T>(what: &str, future: impl Future<Output = T>) -> T {
    match tokio::time::timeout(LIMIT, future).await {
        Ok(value) => value,
        Err(_) => panic!("{what}: no answer within {LIMIT:?}"),
    }
}

/// The example binary cargo built beside this test: target/<profile>/examples/.
fn example_binary() -> PathBuf {
    let test = std::env::current_exe().expect("the test binary's path");
    let profile = test.parent().and_then(|deps| deps.parent()).expect("target/<profile>/deps/<test>");
    let binary = profile.join("examples").join(format!("rmcp_server{}", std::env::consts::EXE_SUFFIX));
    let build = "build it with `cargo build --example rmcp_server --features serde` (`cargo test --features serde` \
                 builds it; `cargo test --test rmcp_server` does not)";
    let built = std::fs::metadata(&binary).and_then(|m| m.modified());
    let built = built.unwrap_or_else(|_| panic!("{} is missing: {build}", binary.display()));
    let source = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/rmcp_server.rs");
    let written = std::fs::metadata(source).and_then(|m| m.modified()).expect("the example's source");
    assert!(built >= written, "{} is older than its source: {build}", binary.display());
    binary
}

/// What the client received for one call.
#[derive(Debug)]
struct Received {
    is_error: bool,
    text: String,
    /// `structuredContent` as JSON text, keys in the order they came.
    structured: Option<String>,
}

impl Received {
    fn of(result: &CallToolResult) -> Received {
        assert_eq!(result.content.len(), 1, "one content block: {result:?}");
        let text = result.content[0].as_text().map(|t| t.text.clone()).expect("a text block");
        let structured = result.structured_content.as_ref().map(|s| serde_json::to_string(s).expect("JSON"));
        Received { is_error: result.is_error == Some(true), text, structured }
    }

    /// The request id the server wrote into `structuredContent.error.data.requestId`:
    /// the JSON-RPC id of the call, as decimal text.
    fn request_id(&self) -> String {
        let structured: serde_json::Value =
            serde_json::from_str(self.structured.as_deref().expect("structuredContent")).expect("JSON");
        let id = structured["error"]["data"]["requestId"].as_str().expect("data.requestId").to_owned();
        assert!(!id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()), "a JSON-RPC id: {id:?}");
        id
    }

    /// Byte for byte what the crate wrote for the same inputs.
    fn assert_is(&self, expected: &ToolResult) {
        assert_eq!(self.is_error, expected.is_error(), "isError");
        assert_eq!(self.text, expected.text(), "the text");
        assert_eq!(self.structured, expected.structured_content().map(Value::to_json), "structuredContent");
    }
}

async fn call(client: &Client, tool: &str, args: serde_json::Value) -> Received {
    let arguments = args.as_object().cloned().expect("arguments are an object");
    let params = CallToolRequestParams::new(tool.to_owned()).with_arguments(arguments);
    let result = bounded(tool, client.call_tool(params)).await.expect("a CallToolResult");
    Received::of(&result)
}

/// The contract the example declares for get_weather.
fn weather_contract() -> Vec<ContractEntry> {
    vec![ContractEntry::new(
        "no_such_city",
        JsonRpcErrorCode::NotFound,
        "No weather station knows this city.",
        "Call get_weather again with one of the cities it knows: Paris, Oslo or Lima.",
    )]
}

/// A station client's error as the example returns it: its own message, and the I/O
/// error that decides its code as its source.
#[derive(Debug)]
struct StationError(std::io::Error);

impl std::fmt::Display for StationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("The weather station for Oslo did not answer.")
    }
}

impl std::error::Error for StationError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}

/// The tool's inputSchema as listed, as a crate value.
fn listed_schema(tools: &[rmcp::model::Tool], name: &str) -> Value<'static> {
    let tool = tools.iter().find(|t| t.name == name).unwrap_or_else(|| panic!("{name} is listed"));
    Value::from_serde(&serde_json::Value::Object((*tool.input_schema).clone()))
}

#[tokio::test(flavor = "current_thread")]
async fn rmcp_client_reads_the_crates_bytes_from_the_rmcp_server() {
    let command = tokio::process::Command::new(example_binary());
    let (transport, stderr) =
        TokioChildProcess::builder(command).stderr(Stdio::piped()).spawn().expect("the server starts");
    let client: Client = bounded("initialize", ().serve(transport)).await.expect("the handshake");

    // The tools, each with its inputSchema.
    let tools = bounded("tools/list", client.list_all_tools()).await.expect("tools/list");
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    assert_eq!(names, ["get_weather", "projects_list"]);
    let weather_schema = listed_schema(&tools, "get_weather");
    assert_eq!(
        weather_schema.get("required").map(Value::to_json).as_deref(),
        Some(r#"["city"]"#),
        "get_weather requires city"
    );
    let projects_schema = listed_schema(&tools, "projects_list");
    assert!(projects_schema.get("properties").and_then(|p| p.get("limit")).is_some());

    // JSON-RPC dialect: good arguments.
    let good = call(&client, "get_weather", json!({ "city": "Paris" })).await;
    assert!(!good.is_error, "{good:?}");
    assert_eq!(good.text, "Paris: 18 °C");
    let good = call(&client, "get_weather", json!({ "city": "Paris", "units": "imperial" })).await;
    assert_eq!((good.is_error, good.text.as_str()), (false, "Paris: 64.4 °F"));

    // Bad arguments: serde's failure as the Zod 4 issue, rejected as mcp-ts-core rejects it.
    let bad: [(serde_json::Value, Issue); 4] = [
        (json!({ "city": 5 }), Issue::invalid_type("string", "number").at(["city"])),
        (json!({}), Issue::invalid_type("string", "undefined").at(["city"])),
        (json!({ "city": "Paris", "colour": "red" }), Issue::unrecognized_keys(&["colour"])),
        (json!({ "city": "Paris", "units": "kelvin" }), Issue::invalid_value(&["metric", "imperial"]).at(["units"])),
    ];
    for (args, issue) in bad {
        let received = call(&client, "get_weather", args.clone()).await;
        let id = received.request_id();
        let sent = Value::from_serde(&args);
        let validation = Validation::new("get_weather").args(&sent).schema(&weather_schema);
        let contract = weather_contract();
        let options =
            ErrorResultOptions { request_id: Some(&id), contract: &contract, ..ErrorResultOptions::default() };
        received.assert_is(&rejection_result(&[issue], &validation, &options));
    }
    let wrong_type = call(&client, "get_weather", json!({ "city": 5 })).await;
    assert_eq!(
        wrong_type.text,
        format!(
            "Error: Input validation error: Invalid arguments for tool get_weather: city: Invalid input: expected \
             string, received number\n\nRecovery: Send city as a string, not a number.\n\n(reason \
             invalid_arguments · request {})",
            wrong_type.request_id()
        )
    );

    // A declared failure: the contract's code, message and recovery.
    let contract = weather_contract();
    let declared = call(&client, "get_weather", json!({ "city": "Atlantis" })).await;
    let id = declared.request_id();
    let options = ErrorResultOptions { request_id: Some(&id), contract: &contract, ..ErrorResultOptions::default() };
    declared.assert_is(&error_result(&fail(&contract, "no_such_city", None, None), &options));
    assert_eq!(
        declared.text,
        format!(
            "Error: No weather station knows this city.\n\nRecovery: Call get_weather again with one of the cities \
             it knows: Paris, Oslo or Lima.\n\n(reason no_such_city · request {id})"
        )
    );

    // A handler error: classified by the I/O error it wraps (ServiceUnavailable).
    let station = call(&client, "get_weather", json!({ "city": "Oslo" })).await;
    let id = station.request_id();
    let options = ErrorResultOptions { request_id: Some(&id), contract: &contract, ..ErrorResultOptions::default() };
    let refused = StationError(std::io::Error::new(std::io::ErrorKind::ConnectionRefused, "connection refused"));
    station.assert_is(&error_result_for(&refused, &options));
    assert_eq!(
        station.structured.as_deref(),
        Some(
            format!(
                r#"{{"error":{{"code":-32000,"message":"The weather station for Oslo did not answer.","data":{{"requestId":"{id}"}}}}}}"#
            )
            .as_str()
        )
    );

    // XML dialect: good arguments.
    let good = call(&client, "projects_list", json!({ "limit": 2 })).await;
    assert_eq!((good.is_error, good.text.as_str(), good.structured), (false, "apollo\ngemini", None));

    // Bad arguments: MCP Fusion's <validation_error>.
    let bad: [(serde_json::Value, Issue); 3] = [
        (json!({ "limit": "ten" }), Issue::invalid_type("number", "string").at(["limit"])),
        (json!({}), Issue::invalid_type("number", "undefined").at(["limit"])),
        (json!({ "limit": 1, "sort": "name" }), Issue::unrecognized_keys(&["sort"])),
    ];
    for (args, issue) in bad {
        let received = call(&client, "projects_list", args.clone()).await;
        received.assert_is(&xml_validation_error("projects_list", &[issue], Some(&Value::from_serde(&args))));
    }
    let wrong_type = call(&client, "projects_list", json!({ "limit": "ten" })).await;
    assert_eq!(
        wrong_type.text,
        "<validation_error action=\"projects_list\">\n<field name=\"limit\">Invalid input: expected number, received \
         string You sent: 'ten'. Expected type: number.</field>\n<recovery>Fix the fields above and call the tool \
         again. Do not explain the error.</recovery>\n</validation_error>"
    );

    // A handler failure: MCP Fusion's <tool_error>.
    let failed = call(&client, "projects_list", json!({ "limit": 1, "workspace": "archive" })).await;
    let mut options = ToolErrorOptions::new("No workspace has this name.");
    options.suggestion = Some("Call projects_list without a workspace, or with workspace main.".to_owned());
    options.available_actions = vec!["projects_list".to_owned()];
    failed.assert_is(&xml_tool_error("NOT_FOUND", &options));
    assert!(failed.text.starts_with("<tool_error code=\"NOT_FOUND\" severity=\"error\">\n"), "{}", failed.text);

    // An unknown tool is a protocol error, not a tool result.
    let unknown = bounded("unknown tool", client.call_tool(CallToolRequestParams::new("nope"))).await;
    assert!(matches!(unknown, Err(rmcp::ServiceError::McpError(_))), "{unknown:?}");

    bounded("close", client.cancel()).await.expect("the client closes");

    // The server logged the station's failure with the code classify_error gave it.
    let mut logged = String::new();
    let mut stderr = stderr.expect("the server's stderr");
    bounded("stderr", stderr.read_to_string(&mut logged)).await.expect("stderr is text");
    assert!(
        logged.contains("get_weather: ServiceUnavailable (upstream): The weather station for Oslo did not answer."),
        "{logged}"
    );
}

/// The server stops by itself, successfully, when its client closes its stdin after
/// the handshake.
#[test]
fn the_server_stops_when_stdin_closes() {
    use std::io::Write;
    let mut child = std::process::Command::new(example_binary())
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the server starts");
    let mut stdin = child.stdin.take().expect("the server's stdin");
    let initialize = json!({
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": { "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": { "name": "t", "version": "1" } }
    });
    let initialized = json!({ "jsonrpc": "2.0", "method": "notifications/initialized" });
    writeln!(stdin, "{initialize}\n{initialized}").expect("the handshake is written");
    drop(stdin);
    // At most 60 s (600 looks 100 ms apart); the bound only keeps a hung server from
    // stalling the suite.
    for _ in 0..600 {
        if let Some(status) = child.try_wait().expect("the server's status") {
            assert!(status.success(), "{status}");
            return;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("the server did not stop after its stdin closed");
}
