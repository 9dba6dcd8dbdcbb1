//! A stdio MCP server on the official Rust SDK (`rmcp`) whose tools send every failure
//! as this crate writes it, byte for byte what the npm package sends for the same call:
//!
//! - `get_weather` speaks the JSON-RPC dialect (mcp-ts-core's): arguments refused by
//!   serde go out as an argument rejection, a declared failure through its error
//!   contract, a failing I/O call classified by what it is made of;
//! - `projects_list` speaks the XML dialect (MCP Fusion's): `<validation_error>` for
//!   refused arguments, `<tool_error>` for a failure of the handler.
//!
//! `cargo run --example rmcp_server --features serde` serves on stdin/stdout and stops
//! when stdin closes. tests/rmcp_server.rs drives it with rmcp's client and
//! js-tests/rmcp-server.test.mjs with the TypeScript SDK's.

use mcp_envelope::{
    classify_error, deserialize_args, error_result, error_result_for, fail, rejection_result, xml_tool_error,
    xml_validation_error, ContractEntry, ErrorResultOptions, JsonRpcErrorCode, ToolErrorOptions, ToolResult,
    Validation, Value,
};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation, JsonObject, ListToolsResult,
    PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt};
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;

/// `get_weather`'s arguments. An unknown key is refused, as a strict Zod object refuses it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WeatherArgs {
    city: String,
    #[serde(default)]
    units: Option<Units>,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum Units {
    Metric,
    Imperial,
}

/// `projects_list`'s arguments.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ProjectsArgs {
    limit: u32,
    #[serde(default)]
    workspace: Option<String>,
}

/// What a weather station's client returns when the station does not answer: an error
/// that says little itself and wraps the I/O error that decides its code.
#[derive(Debug)]
struct StationError {
    city: String,
    source: std::io::Error,
}

impl std::fmt::Display for StationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "The weather station for {} did not answer.", self.city)
    }
}

impl std::error::Error for StationError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}

/// The failures `get_weather` declares (mcp-ts-core's `errors: [...]`).
fn weather_contract() -> Vec<ContractEntry> {
    vec![ContractEntry::new(
        "no_such_city",
        JsonRpcErrorCode::NotFound,
        "No weather station knows this city.",
        "Call get_weather again with one of the cities it knows: Paris, Oslo or Lima.",
    )]
}

fn weather_schema() -> serde_json::Value {
    json!({
        "type": "object",
        "properties": {
            "city": { "type": "string" },
            "units": { "type": "string", "enum": ["metric", "imperial"] }
        },
        "required": ["city"],
        "additionalProperties": false
    })
}

fn projects_schema() -> serde_json::Value {
    json!({
        "type": "object",
        "properties": { "limit": { "type": "number" }, "workspace": { "type": "string" } },
        "required": ["limit"],
        "additionalProperties": false
    })
}

/// A tool's outcome as the `CallToolResult` rmcp sends: a text, or the failure this
/// crate wrote, converted through serde.
fn to_rmcp(outcome: Result<String, ToolResult>) -> Result<CallToolResponse, ErrorData> {
    match outcome {
        Ok(text) => Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into()),
        Err(failure) => serde_json::from_value::<CallToolResult>(failure.to_serde())
            .map(CallToolResponse::from)
            .map_err(|e| ErrorData::internal_error(e.to_string(), None)),
    }
}

struct Server {
    weather_contract: Vec<ContractEntry>,
    weather_schema: Value<'static>,
    projects_schema: Value<'static>,
}

impl Server {
    /// The weather's text, or the failure as this crate writes it.
    fn get_weather(&self, sent: serde_json::Value, request_id: &str) -> Result<String, ToolResult> {
        let options = ErrorResultOptions {
            request_id: Some(request_id),
            contract: &self.weather_contract,
            ..ErrorResultOptions::default()
        };
        let args: WeatherArgs = match deserialize_args(&sent, Some(&self.weather_schema)) {
            Ok(args) => args,
            Err(issues) => {
                let sent = Value::from_serde(&sent);
                let validation = Validation::new("get_weather").args(&sent).schema(&self.weather_schema);
                return Err(rejection_result(&issues, &validation, &options));
            }
        };
        weather(&args).map_err(|failure| match failure {
            Failure::Declared(reason) => error_result(&fail(&self.weather_contract, reason, None, None), &options),
            Failure::Station(error) => {
                let classified = classify_error(&error);
                eprintln!("get_weather: {} ({}): {error}", classified.name(), classified.category.as_str());
                error_result_for(&error, &options)
            }
        })
    }

    /// The projects' names, or the failure as this crate writes it.
    fn projects_list(&self, sent: serde_json::Value) -> Result<String, ToolResult> {
        let args: ProjectsArgs = match deserialize_args(&sent, Some(&self.projects_schema)) {
            Ok(args) => args,
            Err(issues) => return Err(xml_validation_error("projects_list", &issues, Some(&Value::from_serde(&sent)))),
        };
        match args.workspace.as_deref() {
            None | Some("main") => {
                let names = ["apollo", "gemini", "mercury"];
                Ok(names.iter().take(args.limit as usize).copied().collect::<Vec<_>>().join("\n"))
            }
            Some(_) => {
                let mut options = ToolErrorOptions::new("No workspace has this name.");
                options.suggestion = Some("Call projects_list without a workspace, or with workspace main.".to_owned());
                options.available_actions = vec!["projects_list".to_owned()];
                Err(xml_tool_error("NOT_FOUND", &options))
            }
        }
    }
}

/// Why the weather lookup failed.
enum Failure {
    /// A failure the tool's contract declares, by its reason.
    Declared(&'static str),
    /// A failure of the station's client.
    Station(StationError),
}

fn weather(args: &WeatherArgs) -> Result<String, Failure> {
    let celsius = match args.city.as_str() {
        "Paris" => 18.0,
        "Lima" => 24.0,
        "Oslo" => {
            let source = std::io::Error::new(std::io::ErrorKind::ConnectionRefused, "connection refused");
            return Err(Failure::Station(StationError { city: args.city.clone(), source }));
        }
        _ => return Err(Failure::Declared("no_such_city")),
    };
    Ok(match args.units.unwrap_or(Units::Metric) {
        Units::Metric => format!("{}: {celsius} °C", args.city),
        Units::Imperial => format!("{}: {} °F", args.city, celsius * 9.0 / 5.0 + 32.0),
    })
}

fn tool(name: &'static str, description: &'static str, schema: &Value<'_>) -> Tool {
    let schema: JsonObject = schema.to_serde().as_object().cloned().unwrap_or_default();
    Tool::new(name, description, Arc::new(schema))
}

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("mcp-envelope-rmcp-example", env!("CARGO_PKG_VERSION")))
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(vec![
            tool("get_weather", "The weather in a city now.", &self.weather_schema),
            tool("projects_list", "The projects of a workspace.", &self.projects_schema),
        ]))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let sent = serde_json::Value::Object(request.arguments.unwrap_or_default());
        let outcome = match request.name.as_ref() {
            "get_weather" => self.get_weather(sent, &context.id.to_string()),
            "projects_list" => self.projects_list(sent),
            other => return Err(ErrorData::invalid_params(format!("Tool {other} not found"), None)),
        };
        to_rmcp(outcome)
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let server = Server {
        weather_contract: weather_contract(),
        weather_schema: Value::from_serde(&weather_schema()),
        projects_schema: Value::from_serde(&projects_schema()),
    };
    // Serves until the client closes stdin.
    server.serve(rmcp::transport::stdio()).await?.waiting().await?;
    Ok(())
}
