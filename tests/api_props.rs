#![cfg(not(target_arch = "wasm32"))]
//! The Rust API's entries never panic, stay bounded and keep secrets off the wire,
//! whatever they are given.
//!
//! Every public function of the crate root is called with arbitrary strings (any
//! Unicode, control characters, U+2028), arbitrary JSON values (of any shape, and
//! nested far past what the core's parser accepts) and arbitrary issues; a panic
//! fails the test (the crate's clippy policy denies the constructs that panic; this is
//! the run-time half of that proof). Each result must be well-formed JSON that reads
//! back, the same input must give the same bytes, and what the caller's input size
//! does not decide (the caps) must not grow with it.

use mcp_envelope::{
    caught, check_contract, classify_error, code_for_io_kind, enrich_validation_error, error_result, error_result_for,
    fail, format_deltas_as_xml, format_validation, group_unknown_action, group_validation_error,
    http_error_from_response, http_status_to_error_code, log_record, read_tool_error, recovery_for, redact,
    rejection_result, request_id, route_action, routing_error, xml_tool_error, xml_validation_error, ContractDelta,
    ContractEntry, EnrichOptions, ErrorBuilder, ErrorResultOptions, HttpResponse, Issue, JsonRpcErrorCode,
    LogRecordOptions, McpError, PathSegment, RoutingError, ToolErrorOptions, TryCatchOptions, UpstreamOptions,
    Validation, Value,
};
use proptest::prelude::*;
use std::io;

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z_ ]{0,12}",
        any::<String>(),
        "(password|token|api_key|secret)=[A-Za-z0-9]{8,24}",
        "Bearer [A-Za-z0-9._-]{20,40}",
        "[\u{0}-\u{1f}\u{2028}\u{2029}\u{1F600}]{0,8}",
    ]
}

fn leaf() -> impl Strategy<Value = Value<'static>> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        prop_oneof![any::<f64>(), Just(1e21), Just(-0.0), Just(5e-324), Just(f64::NAN)].prop_map(Value::Number),
        text().prop_map(Value::str),
    ]
}

fn value() -> impl Strategy<Value = Value<'static>> {
    leaf().prop_recursive(5, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((prop_oneof!["[a-z]{1,6}", text(), Just("__proto__".to_owned())], inner), 0..6)
                .prop_map(Value::object),
        ]
    })
}

/// A value nested `depth` deep around `inner`, built without recursion.
fn nested(depth: usize, inner: Value<'static>) -> Value<'static> {
    (0..depth).fold(inner, |v, i| if i % 2 == 0 { Value::Array(vec![v]) } else { Value::object([("k", v)]) })
}

fn path() -> impl Strategy<Value = Vec<PathSegment>> {
    prop::collection::vec(
        prop_oneof![text().prop_map(PathSegment::Key), any::<u32>().prop_map(PathSegment::Index)],
        0..4,
    )
}

const CODES: [&str; 12] = [
    "invalid_type",
    "too_small",
    "too_big",
    "unrecognized_keys",
    "invalid_value",
    "invalid_union",
    "invalid_format",
    "not_multiple_of",
    "invalid_key",
    "invalid_element",
    "custom",
    "invalid_string",
];

fn issue() -> impl Strategy<Value = Issue> {
    prop_oneof![
        (text(), text()).prop_map(|(e, r)| Issue::invalid_type(&e, &r)),
        prop::collection::vec(text(), 0..4)
            .prop_map(|k| Issue::unrecognized_keys(&k.iter().map(String::as_str).collect::<Vec<_>>())),
        prop::collection::vec(text(), 0..4)
            .prop_map(|v| Issue::invalid_value(&v.iter().map(String::as_str).collect::<Vec<_>>())),
        text().prop_map(Issue::custom),
        (prop::sample::select(CODES.as_slice()), text(), prop::collection::vec(("[a-z]{1,8}", value()), 0..4))
            .prop_map(|(code, message, fields)| fields
                .into_iter()
                .fold(Issue::new(code, message), |i, (k, v)| i.with(&k, v))),
        value().prop_filter_map("an object", Issue::from_value),
    ]
    .prop_flat_map(|issue| path().prop_map(move |p| issue.clone().at(p)))
}

fn code() -> impl Strategy<Value = JsonRpcErrorCode> {
    prop::sample::select(JsonRpcErrorCode::ALL.as_slice())
}

fn options() -> impl Strategy<Value = (Option<String>, bool, bool, bool, bool)> {
    (proptest::option::of(text()), any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>())
}

/// The result reads back as JSON (serde_json's reader without its depth limit: a
/// caller's data kept 128 levels deep sits inside the envelope's own levels).
fn well_formed(json: &str) {
    use serde::Deserialize;
    let mut reader = serde_json::Deserializer::from_str(json);
    reader.disable_recursion_limit();
    let read = serde_json::Value::deserialize(&mut reader);
    assert!(read.is_ok(), "not JSON: {json:.200}");
}

const SECRET: &str = "hunter2hunter2hunter2";

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn argument_rejections_in_both_dialects(
        issues in prop::collection::vec(issue(), 0..8),
        tool in text(),
        args in proptest::option::of(value()),
        schema in proptest::option::of(value()),
        (id, aborted, redact_secrets, mask, guidance) in options(),
    ) {
        let mut validation = Validation::new(&tool);
        validation.args = args.as_ref();
        validation.schema = schema.as_ref();
        let error = format_validation(&issues, &validation);
        prop_assert_eq!(error.code, JsonRpcErrorCode::InvalidParams.value());
        well_formed(&error.to_json());
        prop_assert_eq!(error.to_json(), format_validation(&issues, &validation).to_json());

        let contract = [ContractEntry::new("busy", JsonRpcErrorCode::RateLimited, "Busy.", "Wait ten seconds, then call again.")];
        let options = ErrorResultOptions {
            request_id: id.as_deref(),
            contract: &contract,
            aborted,
            redact_secrets,
            mask_server_errors: mask,
            guidance,
            ..ErrorResultOptions::default()
        };
        let result = rejection_result(&issues, &validation, &options);
        prop_assert!(result.is_error());
        prop_assert!(result.text().starts_with("Error: "));
        well_formed(&result.to_json());
        // The one-step envelope is the two-step one.
        prop_assert_eq!(result.to_json(), error_result(&error, &options).to_json());

        let xml = xml_validation_error(&tool, &issues, args.as_ref());
        prop_assert!(xml.is_error());
        prop_assert!(xml.text().starts_with("<validation_error"));
        well_formed(&xml.to_json());
        // A client reads back what either dialect wrote.
        prop_assert!(read_tool_error(result.as_value()).is_some());
        prop_assert!(read_tool_error(xml.as_value()).is_some());
    }

    #[test]
    fn thrown_errors_and_contracts(
        code in code(),
        message in text(),
        data in proptest::option::of(value()),
        reason in text(),
        when in text(),
        recovery in text(),
        (id, aborted, redact_secrets, mask, guidance) in options(),
    ) {
        let mut error = McpError::new(code, message.clone());
        error.data = data.clone();
        well_formed(&error.to_json());
        let contract = [ContractEntry::new(&reason, code, &when, &recovery)];
        let options = ErrorResultOptions {
            request_id: id.as_deref(),
            contract: &contract,
            aborted,
            redact_secrets,
            mask_server_errors: mask,
            guidance,
            ..ErrorResultOptions::default()
        };
        let result = error_result(&error, &options);
        well_formed(&result.to_json());
        prop_assert_eq!(result.to_json(), error_result_for(&error, &options).to_json());
        let other = io::Error::other(message.clone());
        well_formed(&error_result_for(&other, &options).to_json());

        let raised = fail(&contract, &reason, Some(&message), data.as_ref());
        well_formed(&raised.to_json());
        let undeclared = fail(&contract, &format!("{reason}_not"), None, data.as_ref());
        prop_assert_eq!(undeclared.code, JsonRpcErrorCode::InternalError.value());
        well_formed(&recovery_for(&contract, &reason).to_json());
        for finding in check_contract(&contract, Some(&message)) {
            prop_assert!(finding.rule.starts_with("error-contract-"));
        }
    }

    #[test]
    fn xml_tool_errors(code in text(), message in text(), suggestion in proptest::option::of(text()),
                       actions in prop::collection::vec(text(), 0..4), details in prop::collection::vec((text(), text()), 0..4),
                       retry_after in proptest::option::of(any::<f64>()), severity in proptest::option::of(text())) {
        let options = ToolErrorOptions { message, suggestion, available_actions: actions, details, retry_after, severity, ..ToolErrorOptions::default() };
        let result = xml_tool_error(&code, &options);
        well_formed(&result.to_json());
        prop_assert!(read_tool_error(result.as_value()).is_some() || !result.is_error());
    }

    #[test]
    fn classification_and_the_small_entries(message in text(), kind in 0usize..41, status in any::<u16>(), result in value()) {
        let kinds = [io::ErrorKind::ConnectionRefused, io::ErrorKind::TimedOut, io::ErrorKind::NotFound, io::ErrorKind::Other];
        let kind = kinds.get(kind % kinds.len()).copied().unwrap_or(io::ErrorKind::Other);
        let error = io::Error::new(kind, message.clone());
        let class = classify_error(&error);
        prop_assert_eq!(class.category, class.code.category());
        // A message the pattern table reads (a generated "zod", say) decides before the kind.
        let message_says_nothing =
            mcp_envelope::classify(&mcp_envelope::Thrown::error("Error", &message), false).code == JsonRpcErrorCode::InternalError;
        if let (Some(code), true) = (code_for_io_kind(kind), message_says_nothing) {
            prop_assert_eq!(class.code, code, "the kind decides when the message says nothing else");
        }
        let _ = http_status_to_error_code(f64::from(status));
        let _ = redact(&message);
        let _ = read_tool_error(&result);
        prop_assert!(!request_id(|bytes| bytes.fill(7)).is_empty());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn the_xml_builder_routing_groups_and_deltas(code in text(), message in text(), words in prop::collection::vec(text(), 0..5),
                                                 issues in prop::collection::vec(issue(), 0..5), sent in proptest::option::of(value()),
                                                 retry in any::<f64>(), limit in proptest::option::of(0usize..200), all in any::<bool>()) {
        let built = words.iter().fold(ErrorBuilder::new(&code, &message), |b, w| {
            b.suggest(w).actions([w]).details([(w.as_str(), w.len())]).severity(w)
        }).retry_after(retry).build();
        well_formed(&built.to_json());
        prop_assert_eq!(built.is_error(), words.last().map_or(true, |w| w != "warning"));
        let routed = route_action(sent.as_ref(), &code, &words);
        match (&routed, sent.as_ref().and_then(Value::as_str)) {
            (Ok(action), Some(s)) => prop_assert_eq!(*action, s),
            (Ok(_), None) => prop_assert!(false, "routed without a string"),
            (Err(refused), _) => {
                well_formed(&refused.to_json());
                prop_assert!(refused.is_error());
            }
        }
        for kind in [RoutingError::Missing, RoutingError::Invalid { received_type: "number" }, RoutingError::Unknown { value: &message }] {
            well_formed(&routing_error(kind, &code, &words).to_json());
        }
        well_formed(&group_unknown_action(&code, &message, &words).to_json());
        let group = group_validation_error(&code, &message, &issues);
        well_formed(&group.to_json());
        prop_assert!(group.text().starts_with("<tool_error code=\"INVALID_PARAMS\">"));
        let deltas: Vec<ContractDelta> = words.iter().map(|w| ContractDelta::new(w, if all { "SAFE" } else { "BREAKING" }, &message).before(w)).collect();
        let options = EnrichOptions { include_all_severities: all, max_deltas_per_error: limit };
        let enriched = enrich_validation_error(&message, &code, &code, &deltas, &options);
        prop_assert_eq!(enriched.injected, enriched.delta_count > 0);
        prop_assert!(enriched.delta_count <= limit.unwrap_or(5).min(100));
        prop_assert!(enriched.xml.contains(message.as_str()) || message.is_empty());
        prop_assert_eq!(format_deltas_as_xml(&deltas).is_empty(), deltas.is_empty());
    }

    #[test]
    fn upstream_responses_logs_and_caught_errors(status in any::<u16>(), text_ in text(), body in proptest::option::of(prop::collection::vec(any::<u8>(), 0..700)),
                                                 headers in prop::collection::vec((prop_oneof![Just("retry-after".to_owned()), Just("X-Request-Id".to_owned()), text()], text()), 0..4),
                                                 limit in proptest::option::of(0usize..2000), data in proptest::option::of(value()),
                                                 chain in prop::collection::vec(text(), 1..25), code in code(), raw in any::<bool>()) {
        let pairs: Vec<(&str, &str)> = headers.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
        let names: Vec<&str> = headers.iter().map(|(n, _)| n.as_str()).collect();
        let response = HttpResponse { status, status_text: &text_, url: &text_, headers: &pairs, body: body.as_deref() };
        let options = UpstreamOptions { body_limit: limit, include_url: raw, error_headers: &names, data: data.as_ref(), ..UpstreamOptions::default() };
        let error = http_error_from_response(&response, &options);
        well_formed(&error.to_json());
        let kept = error.data.as_ref().and_then(|d| d.get("body")).and_then(Value::as_str).map_or(0, str::len);
        // Each byte the decoder cannot read is U+FFFD (three bytes): the cap is on the bytes read.
        prop_assert!(kept <= 3 * (limit.unwrap_or(500) + 3) + "…".len(), "{} bytes of body kept", kept);
        // A chain of errors, each the source of the one before.
        let linked = chain.iter().rev().fold(None::<Linked>, |source, message| Some(Linked { message: message.clone(), source: source.map(Box::new) }));
        let linked = linked.unwrap_or(Linked { message: String::new(), source: None });
        let record = log_record(&linked, &LogRecordOptions { raw, ..LogRecordOptions::new(&text_) });
        well_formed(&record);
        prop_assert_eq!(record.matches("\"depth\":").count(), if chain.len() > 1 { chain.len().min(21) } else { 0 });
        let mcp = McpError::new(code, text_.clone()).with_data(data.clone().unwrap_or(Value::Null));
        let failed = caught(&mcp, &TryCatchOptions::new(&text_));
        prop_assert_eq!(failed.error.code, code.value());
        well_formed(&failed.error.to_json());
        well_formed(&failed.record);
    }
}

/// An error with a message and, maybe, a source: a Rust error chain of any length.
#[derive(Debug)]
struct Linked {
    message: String,
    source: Option<Box<Linked>>,
}

impl std::fmt::Display for Linked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Linked {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source.as_deref().map(|s| s as _)
    }
}

/// The stack the deep-value test runs on: 2 MiB, what a tokio worker thread gets. The
/// core recurses once per level of what it keeps (at most 128, the API's cut).
const STACK: usize = 2 << 20;

#[test]
fn values_nested_past_the_parsers_depth_are_cut_not_recursed() {
    let run = std::thread::Builder::new().stack_size(STACK).spawn(deep_values_are_cut);
    assert!(run.map(|t| t.join().is_ok()).unwrap_or(false), "the deep-value calls failed");
}

fn deep_values_are_cut() {
    // 200,000 levels: a recursive walk of this overflows any stack.
    let deep = || nested(200_000, Value::str("bottom"));
    let issue = Issue::custom("x").with("params", deep());
    let args = deep();
    let validation = Validation::new("t").args(&args);
    well_formed(&format_validation(std::slice::from_ref(&issue), &validation).to_json());
    well_formed(&xml_validation_error("t", &[issue], Some(&args)).to_json());
    let error = McpError::new(JsonRpcErrorCode::NotFound, "x").with_data(deep());
    well_formed(&error_result(&error, &ErrorResultOptions::default()).to_json());
    // `data` set on the public field, not through `with_data`.
    let mut by_hand = McpError::new(JsonRpcErrorCode::NotFound, "x");
    by_hand.data = Some(deep());
    well_formed(&error_result(&by_hand, &ErrorResultOptions::default()).to_json());
    well_formed(&by_hand.to_json());
    let contract = [ContractEntry::new("r", JsonRpcErrorCode::NotFound, "w", "one two three four five")];
    well_formed(&fail(&contract, "r", None, Some(&args)).to_json());
    let result = Value::object([("isError", Value::Bool(true)), ("content", deep())]);
    let _ = read_tool_error(&result);
    // The caller's own deep values are theirs to drop: take them apart without recursion.
    for value in [args, result, by_hand.data.take().unwrap_or(Value::Null)] {
        let mut stack = vec![value];
        while let Some(v) = stack.pop() {
            match v {
                Value::Array(items) => stack.extend(items),
                Value::Object(fields) => stack.extend(fields.into_iter().map(|(_, v)| v)),
                _ => {}
            }
        }
    }
}

/// The bytes a rejection of `issues` copies of one issue whose message is `units` long.
fn rejection_bytes(issues: usize, units: usize) -> usize {
    let issue = Issue::custom("m".repeat(units)).at(["field"]);
    let all = vec![issue; issues];
    rejection_result(&all, &Validation::new("t"), &ErrorResultOptions::default()).to_json().len()
}

#[test]
fn output_is_bounded_by_the_caps_not_by_the_input() {
    // Ten times more issues, or ten times longer messages, add only the digits of
    // the counts that say how much there was.
    let base = rejection_bytes(1_000, 20_000);
    assert!(rejection_bytes(10_000, 20_000).abs_diff(base) <= 16, "more issues");
    assert!(rejection_bytes(1_000, 200_000).abs_diff(base) <= 16, "longer messages");
    assert!(base < 128 * 1024, "{base} bytes");
}

/// The bytes of the XML dialect's replies to `n` actions, details, issues and deltas, each text `units` long.
fn xml_bytes(n: usize, units: usize) -> usize {
    let long = "m".repeat(units);
    let names: Vec<String> = (0..n).map(|i| format!("a{}", i % 10)).collect();
    let built = ErrorBuilder::new(&long, &long).actions(&names).details(names.iter().map(|k| (k, &long))).build();
    let routed = routing_error(RoutingError::Unknown { value: &long }, &long, &names);
    let issues = vec![Issue::custom(long.clone()).at(["f"]); n];
    let group = group_validation_error("g", "a", &issues);
    let deltas = vec![ContractDelta::new("f", "BREAKING", &long).before(&long); n];
    let changes = format_deltas_as_xml(&deltas);
    built.to_json().len() + routed.to_json().len() + group.to_json().len() + changes.len()
}

#[test]
fn the_xml_replies_are_bounded_by_the_caps_not_by_the_input() {
    let base = xml_bytes(2_000, 70_000);
    assert!(xml_bytes(20_000, 70_000).abs_diff(base) <= 16, "more entries");
    assert!(xml_bytes(2_000, 700_000).abs_diff(base) <= 16, "longer texts");
}

#[test]
fn secrets_are_masked_on_the_wire_unless_asked_not_to() {
    let message = format!("login failed: password={SECRET}");
    let error = McpError::new(JsonRpcErrorCode::Unauthorized, message.clone())
        .with_data(Value::object([("detail", Value::str(message.clone()))]));
    let masked = error_result(&error, &ErrorResultOptions::default()).to_json();
    assert!(!masked.contains(SECRET), "{masked}");
    let raw = error_result(&error, &ErrorResultOptions { redact_secrets: false, ..ErrorResultOptions::default() });
    assert!(raw.to_json().contains(SECRET));
    let plain = io::Error::other(message);
    assert!(!error_result_for(&plain, &ErrorResultOptions::default()).to_json().contains(SECRET));
}
