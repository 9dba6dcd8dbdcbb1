//! The protocol's operations, natively: each request laid out, read into its struct, the
//! core called, the result written (src/protocol/). The JS layer's requests are what
//! `pkg/lib/abi.js` writes; these are written as JSON and laid out by `encode_json`, or
//! byte by byte where the layout itself is tested.

use mcp_envelope::protocol::table::{entry as raw, ENTRIES, OPERATIONS};
use mcp_envelope::protocol::{encode_json, Host, ProtocolError};
use mcp_envelope::JsonRpcErrorCode;

/// Each operation tested here, from a request written as JSON.
mod entry {
    use super::{encode_json, Host, ProtocolError};

    fn run(op: &str, json: &str, host: &mut dyn Host) -> Result<String, ProtocolError> {
        let bytes = encode_json(op, json)?;
        let (_, entry) = super::ENTRIES
            .iter()
            .find(|(name, _)| *name == op)
            .ok_or_else(|| ProtocolError(format!("no operation {op}")))?;
        entry(&bytes, host)
    }

    macro_rules! json_entries {
        ($($rust:ident = $js:literal,)*) => {$(
            pub fn $rust(json: &str, host: &mut dyn Host) -> Result<String, ProtocolError> {
                run($js, json, host)
            }
        )*};
    }
    json_entries! {
        classify = "classify",
        problem_read = "problemRead",
        http_status = "httpStatusToErrorCode",
        request_id = "requestId",
        bounded_request_id = "boundedRequestId",
        format_validation = "formatValidation",
        xml_error = "xmlError",
        xml_cancelled = "xmlCancelled",
        xml_format_deltas = "xmlFormatDeltas",
        xml_enrich_validation_error = "xmlEnrichValidationError",
        error_result = "errorResult",
        log_record = "logRecord",
    }
}

/// Randomness from a list of bytes, then none.
struct Bytes(Vec<u8>);

impl Host for Bytes {
    fn fill_random(&mut self, buffer: &mut [u8]) -> bool {
        if self.0.len() < buffer.len() {
            return false;
        }
        let rest = self.0.split_off(buffer.len());
        buffer.copy_from_slice(&self.0);
        self.0 = rest;
        true
    }
}

fn none() -> Bytes {
    Bytes(Vec::new())
}

fn text(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_default()
}

/// classify's request: the value's own fields (an Error named `name`), and its causes when given.
fn classify(kind: u8, code: &str, code_text: Option<&str>, name: &str, message: &str, causes: Option<&str>) -> String {
    let mut request = format!(
        r#"{{"op":"classify","kind":{kind},"code":{code},"valueKind":3,"isError":true,"nameThrew":false,"name":{},"message":{},"aborted":false,"statusCode":0"#,
        text(name),
        text(message)
    );
    if let Some(code_text) = code_text {
        request.push_str(&format!(r#","codeText":{}"#, text(code_text)));
    }
    if let Some(causes) = causes {
        request.push_str(&format!(r#","causes":{causes}"#));
    }
    request.push('}');
    entry::classify(&request, &mut none()).unwrap_or_else(|e| panic!("{e}"))
}

/// The code an index of classify's answer names.
fn code_at(answer: &str) -> i32 {
    let index: usize = answer.parse().unwrap_or_else(|_| panic!("{answer:?}"));
    JsonRpcErrorCode::ALL.get(index).unwrap_or_else(|| panic!("{answer}")).value()
}

/// The code classify answers, reading the causes when it asks for them (as classify.js does).
fn full(kind: u8, code: &str, code_text: Option<&str>, name: &str, message: &str, causes: &str) -> i64 {
    let first = classify(kind, code, code_text, name, message, None);
    let answer = if first.is_empty() { classify(kind, code, code_text, name, message, Some(causes)) } else { first };
    i64::from(code_at(&answer))
}

#[test]
fn classify_answers_from_the_value_or_asks_for_its_causes() {
    assert_eq!(code_at(&classify(0, r#""NaN""#, None, "Error", "status code 429", None)), -32003);
    assert_eq!(code_at(&classify(1, "-32001", None, "McpError", "x", None)), -32001);
    assert_eq!(code_at(&classify(1, "1e300", None, "McpError", "x", None)), -32603);
    assert_eq!(code_at(&classify(0, "-32000", None, "McpError", "aborted", None)), -32011);
    // The answer is the code's index in the core's table, the first code's 0.
    assert_eq!(classify(1, "-32700", None, "McpError", "x", None), "0");
    // Nothing better than InternalError from the value itself: the causes decide (an empty answer).
    assert_eq!(classify(0, r#""NaN""#, None, "TypeError", "fetch failed", None), "");
    assert_eq!(code_at(&classify(0, r#""NaN""#, None, "TypeError", "fetch failed", Some("[]"))), -32603);
}

#[test]
fn the_chain_and_the_value_s_own_code_decide_when_the_value_says_nothing() {
    let refused = r#"[{"code":"ECONNREFUSED","name":"Error","message":"connect ECONNREFUSED 127.0.0.1:1"}]"#;
    assert_eq!(full(0, r#""NaN""#, None, "TypeError", "fetch failed", refused), -32000);
    assert_eq!(full(0, r#""NaN""#, Some("ECONNRESET"), "Error", "socket hang up", "[]"), -32000);
    assert_eq!(full(0, r#""NaN""#, Some("REQUEST_TIMEOUT"), "SdkError", "x", "[]"), -32004);
    let mcp = r#"[{"mcp":true,"code":-32005,"name":"McpError","message":"x"}]"#;
    assert_eq!(full(0, r#""NaN""#, None, "Error", "x", mcp), -32005);
    // Links with nothing in them, an odd code, more than five: nothing better than InternalError.
    let odd =
        r#"[{"name":"","message":""},{"code":1.5,"name":"E","message":"m"},{"code":null,"name":"E","message":"m"}]"#;
    assert_eq!(full(0, r#""NaN""#, None, "Error", "x", odd), -32603);
    let sixth = r#"[{"name":"E","message":"a"},{"name":"E","message":"a"},{"name":"E","message":"a"},{"name":"E","message":"a"},{"name":"E","message":"a"},{"code":"ECONNREFUSED","name":"E","message":"a"}]"#;
    assert_eq!(full(0, r#""NaN""#, None, "Error", "x", sixth), -32603);
    // The value's own fields decide before any chain.
    assert_eq!(full(0, r#""NaN""#, None, "Error", "status code 429", refused), -32003);
}

#[test]
fn classify_parses_the_chain_only_where_it_decides() {
    // The request with an empty chain, its text then spoiled in place (same length).
    let spoiled = |message: &str| {
        let json = format!(
            r#"{{"kind":0,"code":0.5,"valueKind":3,"isError":true,"nameThrew":false,"name":"Error","message":{},"aborted":false,"statusCode":0,"causes":[]}}"#,
            text(message)
        );
        let mut bytes = encode_json("classify", &json).unwrap_or_else(|e| panic!("{e}"));
        assert!(bytes.ends_with(b"[]"), "the chain is the last field");
        let at = bytes.len() - 2;
        bytes.splice(at.., *b"[x");
        bytes
    };
    let answer = |bytes: Vec<u8>| raw::classify(&bytes, &mut none()).map_err(|e| e.to_string());
    // The value's own message decides: the chain is never parsed.
    assert_eq!(answer(spoiled("status code 429")).map(|a| code_at(&a)), Ok(-32003));
    // Nothing better than InternalError from the value: the chain decides, and a malformed one is an error naming it.
    assert!(answer(spoiled("fetch failed")).is_err_and(|e| e.starts_with("mcp-envelope: ClassifyRequest.causes: ")));
}

#[test]
fn an_empty_chain_is_answered_as_the_parsed_one_is() {
    // The request with the chain `[]` (answered without the parser), and the same with the
    // chain spelled `[ ]` (parsed): the chain is the last field, its length then its text.
    let both = |name: &str, code_text: Option<&str>, message: &str| {
        let code_text = code_text.map(|c| format!(r#""codeText":{},"#, text(c))).unwrap_or_default();
        let json = format!(
            r#"{{"kind":0,"code":"NaN",{code_text}"valueKind":3,"isError":true,"nameThrew":false,"name":{},"message":{},"aborted":false,"statusCode":0,"causes":[]}}"#,
            text(name),
            text(message)
        );
        let bytes = encode_json("classify", &json).unwrap_or_else(|e| panic!("{e}"));
        assert!(bytes.ends_with(b"\x02\0\0\0[]"), "the chain is the last field");
        let mut spaced = bytes.clone();
        spaced.truncate(bytes.len() - 6);
        spaced.extend_from_slice(b"\x03\0\0\0[ ]");
        let answer = |bytes: &[u8]| raw::classify(bytes, &mut none()).unwrap_or_else(|e| panic!("{e}"));
        (answer(&bytes), answer(&spaced))
    };
    for (name, code_text, message) in [
        ("TypeError", None, "fetch failed"),
        ("Error", Some("ECONNRESET"), "socket hang up"),
        ("SdkError", Some("REQUEST_TIMEOUT"), "x"),
        ("AggregateError", Some("ECONNREFUSED"), ""),
        ("Error", None, "Something went wrong"),
    ] {
        let (fast, parsed) = both(name, code_text, message);
        assert!(!fast.is_empty(), "{name}: a chain was sent, so there is an answer");
        assert_eq!(fast, parsed, "{name} {message}");
    }
}

/// classify's request for a value the core names from what `readThrown` saw of it
/// (`facts`: valueKind, typeOf, isError, nameThrew, name), its message and its causes.
fn named(facts: &str, message: &str, causes: &str) -> String {
    let request = format!(
        r#"{{"op":"classify","kind":0,"code":"NaN",{facts},"message":{},"aborted":false,"statusCode":0,"causes":{causes}}}"#,
        text(message)
    );
    code_at(&entry::classify(&request, &mut none()).unwrap_or_else(|e| panic!("{e}"))).to_string()
}

/// The core names the value (src/classify/name.rs, mcp-ts-core's getErrorName), the value
/// and each link of its chain, from what the JS layer saw: names that classify differently
/// tell which name the core gave.
#[test]
fn the_core_names_the_value_and_each_link_from_what_js_saw() {
    let facts = |kind: u8, rest: &str| format!(r#""valueKind":{kind},"isError":false,"nameThrew":false{rest}"#);
    // A truthy name is its text, an Error's or a plain object's.
    assert_eq!(named(&facts(3, r#","name":"AbortError""#), "", "[]"), "-32004");
    assert_eq!(named(&facts(3, r#","name":"RangeError""#), "", "[]"), "-32007");
    // A name whose read threw is [Unreadable], whatever the text sent beside it.
    assert_eq!(named(r#""valueKind":3,"isError":false,"nameThrew":true,"name":"AbortError""#, "", "[]"), "-32603");
    // A primitive is named by its typeof: `rate limitEncountered` would be RateLimited.
    assert_eq!(named(&facts(2, r#","typeOf":"symbol""#), "", "[]"), "-32603");
    assert_eq!(named(&facts(2, r#","typeOf":"rate limit""#), "", "[]"), "-32003");
    // A link is named as the value is; a link without facts is an object named by its name.
    let link = |facts: &str| format!(r#"[{{{facts}"message":""}}]"#);
    assert_eq!(named(&facts(3, ""), "", &link(r#""valueKind":3,"name":"AbortError","#)), "-32004");
    assert_eq!(named(&facts(3, ""), "", &link(r#""name":"RangeError","#)), "-32007");
    assert_eq!(named(&facts(3, ""), "", &link(r#""valueKind":3,"nameThrew":true,"name":"RangeError","#)), "-32603");
    assert_eq!(named(&facts(3, ""), "", &link(r#""valueKind":2,"typeOf":"timeout","#)), "-32004");
    assert_eq!(named(&facts(3, ""), "", &link(r#""valueKind":4,"name":"AbortError","#)), "-32603");
    // A valueKind that is no VALUE_* constant is a request the core cannot read.
    let request = r#"{"op":"classify","kind":0,"code":"NaN","valueKind":9,"isError":false,"nameThrew":false,"message":"","aborted":false,"statusCode":0}"#;
    assert_eq!(
        entry::classify(request, &mut none()).map_err(|e| e.to_string()),
        Err("mcp-envelope: ClassifyRequest.valueKind: not a VALUE_* constant".to_owned())
    );
}

#[test]
fn a_plain_object_s_problem_fields_and_http_status() {
    let read =
        entry::problem_read(r#"{"op":"problemRead","fields":{"status":503,"detail":"upstream down"}}"#, &mut none());
    assert_eq!(read.as_deref(), Ok(r#"{"message":"upstream down","code":-32000}"#));
    let read = entry::problem_read(r#"{"op":"problemRead","fields":"not an object"}"#, &mut none());
    assert_eq!(read.as_deref(), Ok(r#"{"message":"","code":0}"#));
    let status =
        |s: &str| entry::http_status(&format!(r#"{{"op":"httpStatusToErrorCode","status":{s}}}"#), &mut none());
    assert_eq!(status("429").as_deref(), Ok("-32003"));
    assert_eq!(status(r#""NaN""#).as_deref(), Ok("null"));
    assert_eq!(status(r#""Infinity""#).as_deref(), Ok("null"));
}

#[test]
fn request_ids_come_from_the_host_s_randomness() {
    // 252..=255 are rejected (no modulo bias); the others map onto A-Z0-9 modulo 36.
    let bytes: Vec<u8> = [252, 253, 254, 255].into_iter().chain(36..48).collect();
    let id = entry::request_id(r#"{"op":"requestId"}"#, &mut Bytes(bytes));
    assert_eq!(id.as_deref(), Ok("ABCDE-FGHIJ"));
    let none = entry::request_id(r#"{"op":"requestId"}"#, &mut none());
    assert_eq!(none.map_err(|e| e.to_string()), Err("mcp-envelope: crypto.getRandomValues is unavailable".to_owned()));
}

#[test]
fn a_request_json_cannot_lay_out_is_an_error_naming_the_field() {
    let err = |r: Result<String, ProtocolError>| r.map_err(|e| e.to_string());
    assert_eq!(
        err(entry::classify("[]", &mut none())),
        Err("mcp-envelope: ClassifyRequest: the request is not a JSON object".to_owned())
    );
    assert!(
        err(entry::classify("{", &mut none())).is_err_and(|e| e.starts_with("mcp-envelope: ClassifyRequest: not JSON"))
    );
    assert_eq!(
        err(entry::bounded_request_id(r#"{"op":"boundedRequestId","id":7}"#, &mut none())),
        Err("mcp-envelope: BoundedRequestIdRequest.id: not a string".to_owned())
    );
    assert_eq!(
        err(entry::bounded_request_id("{}", &mut none())),
        Err("mcp-envelope: BoundedRequestIdRequest.id: missing".to_owned())
    );
    assert_eq!(
        err(entry::format_validation(r#"{"issues":[],"issuesTotal":0,"issueSizes":[-1],"tool":"t"}"#, &mut none())),
        Err("mcp-envelope: FormatValidationRequest.issueSizes: not a list of unsigned 32-bit integers".to_owned())
    );
    // An optional field may be left out, not sent as another type.
    assert_eq!(
        err(entry::xml_error(r#"{"message":"m","code":5}"#, &mut none())),
        Err("mcp-envelope: XmlErrorRequest.code: not a string".to_owned())
    );
}

/// `boundedRequestId`'s request (one string) and `categoryFor`'s (a number, a string), byte by byte.
fn id_request(id: &[u8]) -> Vec<u8> {
    let mut bytes = u32::try_from(id.len()).unwrap_or(u32::MAX).to_le_bytes().to_vec();
    bytes.extend_from_slice(id);
    bytes
}

#[test]
fn the_layout_is_each_field_in_order_little_endian() {
    assert_eq!(encode_json("boundedRequestId", r#"{"id":"ab"}"#), Ok(id_request(b"ab")));
    let mut category = (-32001.0f64).to_le_bytes().to_vec();
    category.extend(id_request("café".as_bytes()));
    assert_eq!(encode_json("categoryFor", r#"{"code":-32001,"reason":"café"}"#), Ok(category.clone()));
    assert_eq!(raw::category_for(&category, &mut none()).as_deref(), Ok(r#""client""#));
    // An optional field: a presence byte, then its value when it is 1.
    let absent = encode_json("xmlError", r#"{"message":"m"}"#).unwrap_or_default();
    let present = encode_json("xmlError", r#"{"message":"m","code":"E"}"#).unwrap_or_default();
    assert_eq!(present.len(), absent.len() + 4 + 1);
    // A list of u32: its length, then each; booleans one byte; NaN as an f64.
    let deltas = encode_json("xmlFormatDeltas", r#"{"deltas":[]}"#).unwrap_or_default();
    assert_eq!(deltas, id_request(b"[]"));
    let status = encode_json("httpStatusToErrorCode", r#"{"status":"NaN"}"#).unwrap_or_default();
    assert!(status.len() == 8 && f64::from_le_bytes(status.try_into().unwrap_or_default()).is_nan());
    // A list of strings: its length, then each string as a string field is laid out.
    let group = encode_json("xmlGroupUnknownAction", r#"{"group":"g","action":"a","actions":["x","yé"]}"#);
    let mut expected = [id_request(b"g"), id_request(b"a"), 2u32.to_le_bytes().to_vec()].concat();
    expected.extend(id_request(b"x"));
    expected.extend(id_request("yé".as_bytes()));
    assert_eq!(group, Ok(expected.clone()));
    let answer = raw::xml_group_unknown_action(&expected, &mut none()).unwrap_or_default();
    assert!(answer.contains("Available: x, yé</message>"), "{answer}");
}

#[test]
fn a_request_the_core_cannot_read_is_an_error_naming_the_field() {
    let err = |r: Result<String, ProtocolError>| r.map_err(|e| e.to_string());
    let id = |bytes: &[u8]| err(raw::bounded_request_id(bytes, &mut none()));
    assert_eq!(id(&id_request(b"ok")), Ok("ok".to_owned()));
    // Too short, a length past the end, not UTF-8, bytes after the last field.
    assert_eq!(id(&[2, 0, 0]), Err("mcp-envelope: BoundedRequestIdRequest.id: the request ends early".to_owned()));
    assert_eq!(
        id(&[3, 0, 0, 0, b'a']),
        Err("mcp-envelope: BoundedRequestIdRequest.id: the request ends early".to_owned())
    );
    assert_eq!(id(&[1, 0, 0, 0, 0xff]), Err("mcp-envelope: BoundedRequestIdRequest.id: not UTF-8".to_owned()));
    assert_eq!(
        id(&[0, 0, 0, 0, 0]),
        Err("mcp-envelope: BoundedRequestIdRequest: bytes after the last field".to_owned())
    );
    assert_eq!(
        id(&[0xff, 0xff, 0xff, 0xff]),
        Err("mcp-envelope: BoundedRequestIdRequest.id: the request ends early".to_owned())
    );
    // A presence byte other than 0 or 1, a boolean other than 0 or 1.
    let mut error = id_request(b"m");
    error.push(2);
    assert_eq!(
        err(raw::xml_error(&error, &mut none())),
        Err("mcp-envelope: XmlErrorRequest.code: not a presence byte".to_owned())
    );
    let enrich = encode_json(
        "xmlEnrichValidationError",
        r#"{"xml":"<x/>","tool":"t","actionKey":"a","deltas":[],"includeAllSeverities":true}"#,
    )
    .unwrap_or_default();
    // includeAllSeverities, then maxDeltasPerError's presence byte (absent).
    let flag = enrich.len() - 2;
    assert_eq!(enrich.get(flag..), Some(&[1, 0][..]));
    let mut bad = enrich.clone();
    if let Some(byte) = bad.get_mut(flag) {
        *byte = 7;
    }
    assert_eq!(
        err(raw::xml_enrich_validation_error(&bad, &mut none())),
        Err("mcp-envelope: XmlEnrichRequest.includeAllSeverities: not a boolean".to_owned())
    );
    // A list of u32 whose length is past what is left is refused before anything is allocated.
    let mut sizes = encode_json("formatValidation", r#"{"issues":[],"issuesTotal":0,"issueSizes":[],"tool":"t"}"#)
        .unwrap_or_default();
    let at = 4 + 2 + 8;
    if let Some(count) = sizes.get_mut(at..at + 4) {
        count.copy_from_slice(&u32::MAX.to_le_bytes());
    }
    assert_eq!(
        err(raw::format_validation(&sizes, &mut none())),
        Err("mcp-envelope: FormatValidationRequest.issueSizes: the request ends early".to_owned())
    );
    // A list of strings whose length is past what is left is refused before anything is
    // allocated; a string of it that is cut short or not UTF-8 names the list.
    let actions = |tail: &[u8]| {
        let bytes = [id_request(b"g"), id_request(b"a"), tail.to_vec()].concat();
        err(raw::xml_group_unknown_action(&bytes, &mut none()))
    };
    let list = "mcp-envelope: XmlGroupUnknownActionRequest.actions: ";
    assert_eq!(actions(&u32::MAX.to_le_bytes()), Err(format!("{list}the request ends early")));
    assert_eq!(actions(&[2, 0, 0, 0, 1, 0, 0, 0, b'x']), Err(format!("{list}the request ends early")));
    assert_eq!(actions(&[1, 0, 0, 0, 5, 0, 0, 0, b'x']), Err(format!("{list}the request ends early")));
    assert_eq!(actions(&[1, 0, 0, 0, 1, 0, 0, 0, 0xff]), Err(format!("{list}not UTF-8")));
    assert!(actions(&[1, 0, 0, 0, 1, 0, 0, 0, b'x']).is_ok());
    // JSON text that is no JSON.
    let mut json = id_request(b"[");
    json.extend((0.0f64).to_le_bytes());
    json.extend([0, 0, 0, 0]);
    json.extend(id_request(b"t"));
    json.extend([0, 0, 0]);
    assert!(err(raw::format_validation(&json, &mut none()))
        .is_err_and(|e| e.starts_with("mcp-envelope: FormatValidationRequest.issues: ")));
    // With the arguments no JSON either, the first field's error is the one named.
    let mut both = id_request(b"[");
    both.extend((0.0f64).to_le_bytes());
    both.extend([0, 0, 0, 0]);
    both.extend(id_request(b"t"));
    both.push(1);
    both.extend(id_request(b"{"));
    both.extend([0, 0]);
    assert_eq!(
        err(raw::format_validation(&both, &mut none())),
        Err("mcp-envelope: FormatValidationRequest.issues: unexpected end".to_owned())
    );
    // Nothing is read past the first field that cannot be: a request cut short after it
    // still names that field, not the one the bytes ran out in.
    assert_eq!(
        err(raw::format_validation(&id_request(b"["), &mut none())),
        Err("mcp-envelope: FormatValidationRequest.issues: unexpected end".to_owned())
    );
    // Nor is the end checked for bytes past the last field.
    let mut trailing = both.clone();
    trailing.push(0);
    assert_eq!(
        err(raw::format_validation(&trailing, &mut none())),
        Err("mcp-envelope: FormatValidationRequest.issues: unexpected end".to_owned())
    );
}

#[test]
fn xml_responses_cross_as_a_flags_digit_and_the_text_string_results_as_the_text() {
    let cancelled = entry::xml_cancelled(r#"{"op":"xmlCancelled","tool":"t"}"#, &mut none()).unwrap_or_default();
    // isError + 2 × branded, then the text as it is.
    assert_eq!(cancelled, "3<tool_error>\n<message>[t] Request cancelled.</message>\n</tool_error>");
    let plain = entry::xml_error(r#"{"message":"m","code":"E"}"#, &mut none()).unwrap_or_default();
    assert!(plain.starts_with("3<tool_error code=\"E\">"), "{plain}");
    let deltas = entry::xml_format_deltas(r#"{"deltas":[]}"#, &mut none());
    assert_eq!(deltas.as_deref(), Ok(""));
    let enriched = entry::xml_enrich_validation_error(
        r#"{"xml":"<x/>","tool":"t","actionKey":"a","deltas":[],"includeAllSeverities":false}"#,
        &mut none(),
    );
    assert_eq!(enriched.as_deref(), Ok(r#"{"deltas":0,"text":"<x/>"}"#));
}

/// formatValidation's McpError crosses as `code,units,`, the message (`units` UTF-16 units
/// long, so the JS reader slices it without decoding), then `data` as JSON text.
#[test]
fn an_mcp_error_crosses_as_its_code_its_message_s_length_the_message_and_its_data() {
    let issues = r#"[{"code":"custom","path":["😀"],"message":"Bad, \"😀\", bad"}]"#;
    let request = format!(r#"{{"issues":{issues},"issuesTotal":1,"issueSizes":[],"tool":"t"}}"#);
    let reply = entry::format_validation(&request, &mut none()).unwrap_or_default();
    let message = "Input validation error: Invalid arguments for tool t: 😀: Bad, \"😀\", bad";
    let header = format!("-32602,{},", message.encode_utf16().count());
    // Units, not bytes (76) or characters (70).
    assert_eq!(header, "-32602,72,");
    let rest = reply.strip_prefix(&header).unwrap_or_default();
    assert_eq!(rest.get(..message.len()), Some(message), "{reply}");
    let data = rest.get(message.len()..).unwrap_or_default();
    assert!(data.starts_with(r#"{"issues":[{"code":"custom","path":["😀"],"#), "{data}");
    assert!(data.ends_with('}'), "{data}");
}

#[test]
fn every_operation_has_its_entry_and_declaration() {
    assert_eq!(ENTRIES.len(), OPERATIONS.len());
    for ((name, _), op) in ENTRIES.iter().zip(OPERATIONS) {
        assert_eq!(*name, op.name);
    }
    assert_eq!(OPERATIONS.len(), 36);
}

#[test]
fn tscore_classify_and_http_status_vectors_through_the_protocol() {
    let all: Vec<serde_json::Value> = serde_json::from_str(include_str!("conformance/tscore.json")).unwrap_or_default();
    let mut replayed = 0;
    for v in &all {
        match v["kind"].as_str() {
            Some("classify") => {
                let name = v["input"]["name"].as_str().unwrap_or_default();
                let message = v["input"]["message"].as_str().unwrap_or_default();
                let want = v["expected"]["code"].as_i64().unwrap_or_default();
                assert_eq!(full(0, r#""NaN""#, None, name, message, "[]"), want, "{}", v["id"]);
            }
            Some("httpStatus") => {
                let status = match v["input"].as_f64() {
                    Some(n) => n.to_string(),
                    None => r#""NaN""#.to_owned(),
                };
                let request = format!(r#"{{"status":{status}}}"#);
                let got = entry::http_status(&request, &mut none()).unwrap_or_default();
                let want = v["expected"].get("code").and_then(serde_json::Value::as_i64);
                assert_eq!(got, want.map_or_else(|| "null".into(), |c| c.to_string()), "{}", v["id"]);
            }
            _ => continue,
        }
        replayed += 1;
    }
    assert_eq!(replayed, 44);
}

#[test]
fn strings_cross_as_utf_8_whatever_json_escapes_wrote_them() {
    let plain = entry::xml_error(r#"{"message":"café \"x\"","code":"E"}"#, &mut none());
    let escaped = entry::xml_error(r#"{"mess\u0061ge":"caf\u00e9 \"x\"","code":"\u0045"}"#, &mut none());
    assert_eq!(plain, escaped);
    assert!(plain.as_deref().is_ok_and(|r| r.contains(r#"<tool_error code="E">"#) && r.contains("café")));
    // A lone surrogate escape is U+FFFD, as TextEncoder writes it.
    let lone = entry::bounded_request_id(r#"{"id":"a\ud800b"}"#, &mut none());
    assert_eq!(lone.as_deref(), Ok("a\u{FFFD}b"));
    // Any UTF-8 crosses as it is, NUL and control characters included.
    assert_eq!(
        raw::bounded_request_id(&id_request("a\u{0}\u{1}é".as_bytes()), &mut none()).as_deref(),
        Ok("a\u{0}\u{1}é")
    );
}

/// The tool's schema is parsed only when an issue reads it (an unknown key's sentence
/// names the keys it accepts): malformed schema text shows which calls read it.
#[test]
fn the_schema_is_read_only_for_an_issue_that_needs_it() {
    let request = |issues: &str, schema: &str| {
        format!(r#"{{"issues":{issues},"issuesTotal":1,"issueSizes":[],"tool":"t","schema":{schema}}}"#)
    };
    let run = |json: String| {
        let bytes = encode_json("formatValidation", &json).unwrap_or_default();
        raw::format_validation(&bytes, &mut none()).map_err(|e| e.to_string())
    };
    let unknown = r#"[{"code":"unrecognized_keys","keys":["x"],"path":[],"message":"Unrecognized key: \"x\""}]"#;
    let typed = r#"[{"code":"invalid_type","expected":"string","path":["a"],"message":"Invalid input"}]"#;
    let schema = r#"{"type":"object","properties":{"a":{"type":"string"}}}"#;
    assert!(run(request(unknown, schema)).is_ok_and(|r| r.contains("This tool accepts: a")));
    assert!(run(request(typed, schema)).is_ok());
    // encode_json writes JSON; text that is none is laid out by hand: the schema field last
    // but one (a presence byte, then the text), before `input`'s presence byte.
    let mut bytes = encode_json("formatValidation", &request(typed, "0")).unwrap_or_default();
    bytes.truncate(bytes.len() - 1 - 4 - 1 - 1);
    bytes.extend([1, 1, 0, 0, 0, b'{', 0]);
    assert!(raw::format_validation(&bytes, &mut none()).is_ok());
    let mut bytes = encode_json("formatValidation", &request(unknown, "0")).unwrap_or_default();
    bytes.truncate(bytes.len() - 1 - 4 - 1 - 1);
    bytes.extend([1, 1, 0, 0, 0, b'{', 0]);
    assert!(raw::format_validation(&bytes, &mut none())
        .is_err_and(|e| e.to_string().starts_with("mcp-envelope: FormatValidationRequest.schema: ")));
}

/// A thrown McpError whose message spells the marker its too-deep data field would get,
/// and whose field is masked by its key: the field's text must come back nowhere, with
/// randomness (the tag carries it) and without (the tag avoids the message).
#[test]
fn a_message_spelling_a_marker_never_receives_a_deep_field() {
    let deep = format!("{}\"hunter2\"{}", "[".repeat(70), "]".repeat(70));
    let data = format!(r#"{{"password":{deep},"note":"x"}}"#);
    let marker = "\u{0}mcp-envelope:raw0:0\u{0}";
    let error_result = format!(
        r#"{{"thrown":1,"kind":1,"code":-32001,"valueKind":3,"isError":true,"nameThrew":false,"name":"McpError","message":{},"statusCode":0,"data":{},"issuesTotal":0,"issueSizes":[],"requestId":"R","freshId":false,"aborted":false,"redactSecrets":true,"maskServerErrors":false,"guidance":false}}"#,
        text(marker),
        text(&data)
    );
    let log_record = format!(
        r#"{{"thrown":1,"code":-32001,"message":{},"messageUnits":23,"valueKind":3,"isError":true,"nameThrew":false,"name":"McpError","data":{},"issuesTotal":0,"stackUnits":0,"aborted":false,"raw":false,"scopeRefusal":false}}"#,
        text(marker),
        text(&data)
    );
    for random in [Vec::new(), vec![7; 64]] {
        let out = entry::error_result(&error_result, &mut Bytes(random.clone())).unwrap_or_else(|e| panic!("{e}"));
        assert!(!out.contains("hunter2"), "{out}");
        assert!(out.contains(r#""password":"***""#), "{out}");
        let out = entry::log_record(&log_record, &mut Bytes(random)).unwrap_or_else(|e| panic!("{e}"));
        assert!(!out.contains("hunter2"), "{out}");
    }
}
