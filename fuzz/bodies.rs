//! The fuzz targets' bodies, shared by fuzz/fuzz_targets/*.rs and by the regression
//! test that replays the corpus in `cargo test` (tests/fuzz_regressions.rs).
#![allow(dead_code, clippy::cast_precision_loss)]
use mcp_envelope::classify::Link;
use mcp_envelope::classify::{classify, classify_by_cause, Code, Thrown, ThrownKind};
use mcp_envelope::client::parse_tool_error;
use mcp_envelope::client::xml::parse_tool_error_text;
use mcp_envelope::client::{parse_tool_result, StructuredError};
use mcp_envelope::jsonrpc::{format_validation, PreValidation, ValidationOptions};
use mcp_envelope::xml::InternalErrorLocation;
use mcp_envelope::xml::{
    enrich_validation_error, error, format_deltas_xml, group_unknown_action, internal_error, required, routing_error,
    tool_error, EnrichOptions, RoutingError, ToolErrorOptions,
};
use mcp_envelope::xml::{format_validation_error, group_validation_error, validation_error_response};
use mcp_envelope::JsonRpcErrorCode;
use mcp_envelope::Value;

fn list(text: &str) -> Vec<Value<'static>> {
    match Value::parse_json(text) {
        Ok(Value::Array(items)) => items,
        Ok(other) => vec![other],
        Err(_) => Vec::new(),
    }
}

fn strings(values: &[Value]) -> Vec<String> {
    values.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect()
}

/// The JSON reader every raw export decodes its input with: any text parses or is
/// refused, and what parses writes JSON that parses again to the same value.
pub fn json_reader(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(value) = Value::parse_json(&text) {
        let written = value.to_json();
        let again = Value::parse_json(&written);
        assert!(again.is_ok(), "written JSON does not parse: {written}");
        assert_eq!(again.ok().map(|v| v.to_json()), Some(written));
    }
}

/// The issues a fuzz input starts with: a JSON array, or any other JSON value as a
/// one-issue list; `None` when the text is not JSON.
fn issue_list(json: &str) -> Option<Vec<Value<'static>>> {
    match Value::parse_json(json) {
        Ok(Value::Array(items)) => Some(items),
        Ok(other) => Some(vec![other]),
        Err(_) => None,
    }
}

/// The XML dialect's issue formatters: issues (JSON), the action key and the sent
/// arguments (JSON), split on NUL bytes.
pub fn xml_issues(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut parts = text.split('\0');
    let Some(issues) = issue_list(parts.next().unwrap_or("")) else { return };
    let action = parts.next().unwrap_or("");
    let sent = parts.next().and_then(|s| Value::parse_json(s).ok());
    let xml = format_validation_error(&issues, action, sent.as_ref());
    assert!(xml.starts_with("<validation_error"), "{xml}");
    let response = validation_error_response(&issues, action, sent.as_ref());
    assert!(response.is_error);
    // Any total: one below, at or past the issues given (the fuzzer picks by the action's length).
    let total = issues.len().saturating_add(action.len()).saturating_sub(2);
    let group = group_validation_error(action, action, &issues, total);
    assert!(group.text.starts_with("<tool_error"));
}

/// The JSON-RPC dialect's issue formatter: issues, arguments, schema and pre-validation
/// input (JSON), and the tool name, split on NUL bytes.
pub fn jsonrpc_issues(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut parts = text.split('\0');
    let Some(issues) = issue_list(parts.next().unwrap_or("")) else { return };
    let tool = parts.next().unwrap_or("");
    let args = parts.next().and_then(|s| Value::parse_json(s).ok());
    let schema = parts.next().and_then(|s| Value::parse_json(s).ok());
    let input = parts.next().and_then(|s| Value::parse_json(s).ok()).map(|v| PreValidation::from_value(&v));
    let options = ValidationOptions { tool, args: args.as_ref(), schema: schema.as_ref(), input: input.as_ref() };
    let parts = format_validation(&issues, &options);
    assert_eq!(parts.code, -32602);
}

/// The classifier: a thrown value's name, message and code, and a cause chain (its
/// fields split on U+0001), split on NUL bytes.
pub fn classifier(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut parts = text.split('\0');
    let selector = parts.next().unwrap_or("");
    let name = parts.next().unwrap_or("");
    let message = parts.next().unwrap_or("");
    let code_text = parts.next().unwrap_or("");
    let wire = parts.next().unwrap_or("");
    let kind = if selector.len() % 2 == 0 { ThrownKind::Other } else { ThrownKind::McpError };
    let code = match code_text.parse::<i32>() {
        Ok(n) => Code::Number(n),
        Err(_) if code_text.is_empty() => Code::Absent,
        Err(_) => Code::Text(code_text),
    };
    // The chain: (code, name, message) triples, a code `m…` an McpError's, `n…` a number.
    let fields: Vec<&str> = wire.split('\u{1}').collect();
    let causes: Vec<Link<'_>> = fields
        .chunks(3)
        .filter_map(|link| match link {
            [code, name, message] => {
                let (kind, digits) = match code.strip_prefix('m') {
                    Some(rest) => (ThrownKind::McpError, rest),
                    None => (ThrownKind::Other, code.strip_prefix('n').unwrap_or(code)),
                };
                let code = digits
                    .parse::<i32>()
                    .map_or(if code.is_empty() { Code::Absent } else { Code::Text(code) }, Code::Number);
                Some(Link { kind, name, message, code })
            }
            _ => None,
        })
        .collect();
    let thrown = Thrown { kind, name, message, code, causes: &causes, status: None };
    let known = |c: JsonRpcErrorCode| JsonRpcErrorCode::ALL.contains(&c);
    assert!(known(classify(&thrown, selector.len() % 3 == 0).code));
    assert!(known(classify_by_cause(code, &causes).code));
}

/// The XML builders (toolError, error, required, routing and group errors, the
/// internal error, contract deltas): strings and JSON lists, split on NUL bytes.
pub fn xml_builders(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut parts = text.split('\0');
    let code = parts.next().unwrap_or("");
    let message = parts.next().unwrap_or("");
    let suggestion = parts.next().unwrap_or("");
    let actions = strings(&list(parts.next().unwrap_or("")));
    let details = list(parts.next().unwrap_or(""));
    let deltas = list(parts.next().unwrap_or(""));
    let number = message.len() as f64 - suggestion.len() as f64;
    let options = ToolErrorOptions {
        message: message.to_owned(),
        suggestion: (!suggestion.is_empty()).then(|| suggestion.to_owned()),
        available_actions: actions.clone(),
        details: strings(&details).into_iter().zip(actions.iter().cloned()).collect(),
        retry_after: Some(number),
        severity: Some(code.to_owned()),
        ..ToolErrorOptions::default()
    };
    for response in [
        tool_error(code, &options),
        error(message, Some(code)),
        required(message),
        routing_error(RoutingError::Missing, code, &actions),
        routing_error(RoutingError::Invalid { received_type: message }, code, &actions),
        routing_error(RoutingError::Unknown { value: message }, code, &actions),
        internal_error(message, &InternalErrorLocation::new(code, Some(suggestion))),
        group_unknown_action(code, message, &actions),
    ] {
        assert!(response.text.starts_with("<tool_error"), "{}", response.text);
    }
    let xml = format_deltas_xml(&deltas);
    let options = EnrichOptions { include_all_severities: number > 0.0, max_deltas_per_error: Some(actions.len()) };
    let _ = enrich_validation_error(message, code, suggestion, &deltas, &options);
    let _ = enrich_validation_error(&xml, code, suggestion, &deltas, &options);
}

/// The client parser: a tool result's text (either dialect, the SDK's texts, plain
/// text; whole and cut) and a whole CallToolResult as JSON.
pub fn client_parser(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let _ = parse_tool_error_text(&text);
    // Every text form (JSON-RPC text, SDK texts, XML, plain), whole and as a cut text.
    let _ = parse_tool_result(&text, false, None);
    let _ = parse_tool_result(&text, true, None);
    if let Ok(result) = Value::parse_json(&text) {
        let _ = parse_tool_error(&result);
        // The input as `structuredContent.error`, beside a text form of the same bytes.
        let _ = parse_tool_result(&text, false, StructuredError::from_value(&result).as_ref());
    }
    let wrapped = Value::Object(vec![
        ("isError".into(), Value::Bool(true)),
        (
            "content".into(),
            Value::Array(vec![Value::Object(vec![
                ("type".into(), Value::str("text")),
                ("text".into(), Value::str(text.as_ref())),
            ])]),
        ),
    ]);
    let _ = parse_tool_error(&wrapped);
}

/// Whether `result` is what operation `index` replies: JSON, any text, an XML reply
/// (its flags digit, then the text), an McpError's parts, an index or a result.
pub fn well_formed_reply(index: usize, result: &str) -> bool {
    use mcp_envelope::protocol::table::{Reply, OPERATIONS};
    match OPERATIONS.get(index).map(|op| op.reply) {
        Some(Reply::Json) => Value::parse_json(result).is_ok(),
        Some(Reply::Text) => true,
        Some(Reply::Xml) => matches!(result.as_bytes().first(), Some(b'0'..=b'3')),
        Some(Reply::Parts) => parts_reply_is_well_formed(result),
        // A result: nothing (`null`), or `units,`, a text of exactly `units` UTF-16 units, then JSON.
        Some(Reply::Result) => result.is_empty() || result_reply_is_well_formed(result),
        // classify's, the only index reply: a code's index, or nothing (`needsCauses`).
        Some(Reply::Index) => {
            result.is_empty() || result.parse::<usize>().is_ok_and(|i| i < mcp_envelope::JsonRpcErrorCode::ALL.len())
        }
        None => false,
    }
}

/// `code,units,` then a message of exactly `units` UTF-16 units, then JSON or nothing.
fn parts_reply_is_well_formed(result: &str) -> bool {
    let Some((code, rest)) = result.split_once(',') else { return false };
    code.parse::<i32>().is_ok() && counted_text_then(rest, |data| data.is_empty() || Value::parse_json(data).is_ok())
}

/// `units,`, a text of exactly `units` UTF-16 units, then a JSON object.
fn result_reply_is_well_formed(result: &str) -> bool {
    counted_text_then(result, |json| Value::parse_json(json).is_ok_and(|v| v.as_object().is_some()))
}

/// `units,` then a text of exactly `units` UTF-16 units, and what follows passes `rest`.
fn counted_text_then(text: &str, rest: impl FnOnce(&str) -> bool) -> bool {
    let Some((units, after)) = text.split_once(',') else { return false };
    let Ok(units) = units.parse::<usize>() else { return false };
    let mut seen = 0;
    let mut end = 0;
    for (at, c) in after.char_indices() {
        if seen >= units {
            break;
        }
        seen += c.len_utf16();
        end = at + c.len_utf8();
    }
    seen == units && rest(after.get(end..).unwrap_or_default())
}

/// Every operation of the protocol: the first byte picks one, the rest is its request,
/// laid out (any bytes) or, when it starts with `{`, JSON that `encode_json` lays out.
/// Any request is answered (a result or an error), never a panic, and a result is the
/// operation's reply.
pub fn protocol(data: &[u8]) {
    struct Fixed;
    impl mcp_envelope::protocol::Host for Fixed {
        fn fill_random(&mut self, buffer: &mut [u8]) -> bool {
            buffer.iter_mut().enumerate().for_each(|(i, b)| *b = i as u8);
            true
        }
    }
    let Some((&pick, rest)) = data.split_first() else { return };
    let entries = mcp_envelope::protocol::table::ENTRIES;
    let index = usize::from(pick) % entries.len();
    let (name, entry) = entries[index];
    let laid_out;
    let request = if rest.first() == Some(&b'{') {
        let Ok(bytes) = mcp_envelope::protocol::encode_json(name, &String::from_utf8_lossy(rest)) else { return };
        laid_out = bytes;
        &laid_out[..]
    } else {
        rest
    };
    if let Ok(result) = entry(request, &mut Fixed) {
        assert!(well_formed_reply(index, &result), "not a {name} reply: {result}");
    }
}

/// The Rust API (the crate root) on one input: the text split at NUL into the pieces
/// the entries take — the tool, issues (JSON), arguments (JSON), a message, data (JSON),
/// a contract reason, a result (JSON) — and every entry called with them; each result
/// must be JSON that reads back. (The API is native only.)
#[cfg(not(target_arch = "wasm32"))]
pub fn api(data: &[u8]) {
    use mcp_envelope::{
        capability_missing, caught, check_contract, check_contract_value, classify_error, enrich_validation_error,
        error_result, error_result_for, fail, format_deltas_as_xml, format_validation, group_unknown_action,
        group_validation_error, http_error_from_response, http_status_to_error_code, log_record, prevalidate,
        prevalidate_with, read_tool_error, recovery_for, redact, rejection_result, route_action, routing_error,
        xml_error, xml_internal_error, xml_required, xml_tool_error, xml_validation_error, ContractDelta,
        ContractEntry, EnrichOptions, ErrorBuilder, ErrorResultOptions, HttpResponse, Issue, LogRecordOptions,
        McpError, PrevalidateOptions, RoutingError, TryCatchOptions, UpstreamOptions, Validation, WirePolicy,
    };
    let text = String::from_utf8_lossy(data);
    let mut parts = text.split('\0');
    let mut next = || parts.next().unwrap_or_default().to_owned();
    let (tool, issues, args, message, data, reason, result) = (next(), next(), next(), next(), next(), next(), next());
    let issues: Vec<Issue> = list(&issues).into_iter().filter_map(Issue::from_value).collect();
    let args = Value::parse_json(&args).ok();
    let data = Value::parse_json(&data).ok();

    let mut validation = Validation::new(&tool);
    validation.args = args.as_ref();
    validation.schema = args.as_ref();
    let contract = [ContractEntry::new(&reason, JsonRpcErrorCode::NotFound, &message, &message)];
    let options =
        ErrorResultOptions { request_id: Some(&reason), contract: &contract, ..ErrorResultOptions::default() };
    let rejected = format_validation(&issues, &validation);
    reads_back(&rejected.to_json());
    let result_json = rejection_result(&issues, &validation, &options).to_json();
    reads_back(&result_json);
    reads_back(&xml_validation_error(&tool, &issues, args.as_ref()).to_json());
    let mut thrown = McpError::new(JsonRpcErrorCode::RateLimited, message.clone());
    thrown.data = data.clone();
    reads_back(&error_result(&thrown, &options).to_json());
    reads_back(&error_result_for(&std::io::Error::other(message.clone()), &options).to_json());
    let _ = classify_error(&thrown);
    reads_back(&fail(&contract, &reason, Some(&message), data.as_ref()).to_json());
    reads_back(&recovery_for(&contract, &reason).to_json());
    let _ = check_contract(&contract, Some(&tool));
    let options = ToolErrorOptions { suggestion: Some(reason.clone()), ..ToolErrorOptions::new(message.clone()) };
    reads_back(&xml_tool_error(&tool, &options).to_json());
    if let Ok(result) = Value::parse_json(&result) {
        let _ = read_tool_error(&result);
    }
    // The XML builder, routing, groups and deltas; upstream responses; records.
    let words: Vec<&str> = message.split(' ').collect();
    reads_back(
        &ErrorBuilder::new(&tool, &message).actions(&words).details(words.iter().map(|w| (w, w))).build().to_json(),
    );
    if let Err(refused) = route_action(args.as_ref(), &tool, &words) {
        reads_back(&refused.to_json());
    }
    reads_back(&group_validation_error(&tool, &reason, &issues).to_json());
    let deltas: Vec<ContractDelta> = words.iter().map(|w| ContractDelta::new(w, &reason, &message)).collect();
    let _ = enrich_validation_error(&result, &tool, &reason, &deltas, &EnrichOptions::default());
    let _ = format_deltas_as_xml(&deltas);
    let headers = [("retry-after", reason.as_str()), (tool.as_str(), message.as_str())];
    let response = HttpResponse {
        status: 502,
        status_text: &reason,
        url: &tool,
        headers: &headers,
        body: Some(result.as_bytes()),
    };
    let upstream =
        UpstreamOptions { error_headers: &[tool.as_str()], data: data.as_ref(), ..UpstreamOptions::default() };
    reads_back(&http_error_from_response(&response, &upstream).to_json());
    reads_back(&log_record(&thrown, &LogRecordOptions { contract: &contract, ..LogRecordOptions::new(&tool) }));
    reads_back(&caught(&thrown, &TryCatchOptions::new(&reason)).record);
    // The rest of the XML dialect, contracts as JSON, masking, status codes.
    reads_back(&xml_error(&message, Some(&reason)).to_json());
    reads_back(&xml_required(&reason).to_json());
    reads_back(&xml_internal_error(&thrown, &tool, Some(&reason), WirePolicy::default()).to_json());
    let routed = [
        RoutingError::Missing,
        RoutingError::Invalid { received_type: &reason },
        RoutingError::Unknown { value: &message },
    ];
    for kind in routed {
        reads_back(&routing_error(kind, &tool, &words).to_json());
    }
    reads_back(&group_unknown_action(&tool, &message, &words).to_json());
    if let Some(refused) = capability_missing(&reason, Some(&message)) {
        reads_back(&refused.to_json());
    }
    if let Some(declared) = data.as_ref() {
        let _ = check_contract_value(declared, Some(&tool));
    }
    let _ = redact(&message);
    let status = reason.parse::<f64>().unwrap_or_else(|_| f64::from(u32::try_from(message.len()).unwrap_or(u32::MAX)));
    let _ = http_status_to_error_code(status);
    // Pre-validation: the data piece as the schema, aliases and ignored keys from the words.
    if let (Some(args), Some(schema)) = (args.as_ref(), data.as_ref()) {
        let mut options = PrevalidateOptions::new().ignore_keys(words.iter().skip(2).copied());
        if let [alias, target, ..] = words.as_slice() {
            options = options.alias(*alias, *target);
        }
        let options = options.coerce(message.len() % 2 == 0).case_style_aliases(reason.len() % 2 == 0);
        let repaired = prevalidate(args, schema, &options);
        reads_back(&repaired.args.to_json());
        reads_back(&repaired.report.to_json());
        let mut calls = 0;
        let checked = prevalidate_with(args, schema, &options, |_| {
            calls += 1;
            if calls == 1 {
                issues.clone()
            } else {
                Vec::new()
            }
        });
        reads_back(&checked.args.to_json());
        reads_back(&checked.report.to_json());
    }
}

/// JSON the crate writes reads back: with its own reader, or (nested deeper than that
/// reader accepts, as a caller's data inside an envelope may be) at least balanced.
#[cfg(not(target_arch = "wasm32"))]
fn reads_back(json: &str) {
    if Value::parse_json(json).is_err() {
        let (open, close) = json.chars().fold((0usize, 0usize), |(o, c), ch| match ch {
            '{' | '[' => (o + 1, c),
            '}' | ']' => (o, c + 1),
            _ => (o, c),
        });
        assert!(json.len() > 2 && open > 0 && close > 0, "not JSON: {json:.200}");
    }
}

/// The Rust API's readers of serde and `jsonschema` errors (feature `jsonschema`): the
/// first byte picks one of a few tool schemas, the rest is the arguments' JSON text
/// (often malformed). serde's own error for text that is no JSON, serde's error for
/// arguments that are no `Args`, and the `jsonschema` crate's errors for the picked
/// schema each become issues, which both dialects render. The schemas are fixed: what
/// is fuzzed is this crate's reading of the errors, not the `jsonschema` crate.
#[cfg(all(not(target_arch = "wasm32"), feature = "jsonschema"))]
pub fn api_serde(data: &[u8]) {
    use mcp_envelope::{
        deserialize_args, format_validation, issues_from_jsonschema, issues_from_serde_json, xml_validation_error,
        Issue, Validation,
    };

    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields, rename_all = "camelCase")]
    #[allow(dead_code)] // read only to fail
    struct Args {
        query: String,
        max_results: Option<u32>,
        tags: Vec<String>,
        kind: Kind,
        nested: Option<Box<Args>>,
    }
    #[derive(serde::Deserialize)]
    #[serde(rename_all = "lowercase")]
    enum Kind {
        Book,
        Pen,
    }

    const SCHEMAS: [&str; 6] = [
        r#"{"type":"object","properties":{"query":{"type":"string","minLength":1},"maxResults":{"type":"integer","minimum":1,"maximum":100},"tags":{"type":"array","items":{"type":"string"},"maxItems":3},"kind":{"enum":["book","pen"]}},"required":["query","tags","kind"],"additionalProperties":false}"#,
        r#"{"type":"object","properties":{"email":{"type":"string","format":"email"},"when":{"type":"string","format":"date-time"},"ip":{"type":"string","format":"ipv4"},"id":{"type":"string","format":"uuid"}}}"#,
        r#"{"type":"object","properties":{"code":{"type":"string","pattern":"^[A-Z]{3}$"},"n":{"type":"number","exclusiveMinimum":0,"multipleOf":0.5},"flag":{"const":true}}}"#,
        r#"{"anyOf":[{"type":"object","properties":{"kind":{"const":"a"},"x":{"type":"number"}},"required":["kind","x"]},{"type":"object","properties":{"kind":{"const":"b"},"y":{"type":"string"}},"required":["kind","y"]}]}"#,
        r#"{"type":"object","properties":{"items":{"type":"array","minItems":1,"uniqueItems":true,"items":{"type":"object","properties":{"name":{"type":"string"},"qty":{"type":"integer","exclusiveMinimum":0}},"required":["name","qty"]}}},"required":["items"]}"#,
        r#"{"type":"object","propertyNames":{"maxLength":8},"minProperties":1,"maxProperties":4,"additionalProperties":{"type":["string","null"]}}"#,
    ];

    let Some((&pick, rest)) = data.split_first() else { return };
    let schema_text = SCHEMAS.get(usize::from(pick) % SCHEMAS.len()).copied().unwrap_or_default();
    let Ok(schema_json) = serde_json::from_str::<serde_json::Value>(schema_text) else { return };
    let schema = Value::from_serde(&schema_json);
    let text = String::from_utf8_lossy(rest);
    let render = |issues: &[Issue], args: Option<&Value>| {
        let mut validation = Validation::new("t");
        validation.args = args;
        validation.schema = Some(&schema);
        reads_back(&format_validation(issues, &validation).to_json());
        reads_back(&xml_validation_error("t", issues, args).to_json());
    };
    let args = match serde_json::from_str::<serde_json::Value>(&text) {
        Ok(args) => args,
        Err(error) => {
            for given in [None, Some(&schema)] {
                render(&issues_from_serde_json(&error, given), None);
            }
            return;
        }
    };
    let sent = Value::from_serde(&args);
    for given in [None, Some(&schema)] {
        if let Err(issues) = deserialize_args::<Args>(&args, given) {
            render(&issues, Some(&sent));
        }
    }
    if let Ok(validator) = jsonschema::options().should_validate_formats(true).build(&schema_json) {
        for given in [None, Some(&schema)] {
            render(&issues_from_jsonschema(validator.iter_errors(&args), given), Some(&sent));
        }
    }
}
