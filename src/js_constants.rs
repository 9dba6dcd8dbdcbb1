//! Every constant the JS layer (`pkg-template/lib/`) uses, declared once, here.
//!
//! `scripts/build-pkg.mjs` runs `cargo run --example js_constants`, which prints
//! `module()`, into `pkg/lib/constants.js`; the JS layer imports from it and holds no
//! copy (tests/js_constants.rs fails when a file in `pkg-template/lib/` declares one of
//! these names or writes one of these values as a literal). The wasm exports read the
//! kinds and flags from here too, so both sides of the boundary share one definition.
//! The fallback answers are written by the core's own writers.

use crate::codes::{JsonRpcErrorCode, CANONICAL_TOOL_ERROR_CODES};
use crate::jsonrpc::McpErrorParts;
use crate::jsonrpc::{error_result, ErrorResultOptions, ThrownError};
use crate::protocol::{parts_reply, response_reply};
use crate::value::{write_json_string, Value};
use crate::xml::tool_error::{tool_error, ToolErrorOptions, ToolResponse};

/// A thrown value `classifyRead` reads (its `kind`): anything but our McpError.
pub const KIND_OTHER: u8 = 0;
/// A thrown value `classifyRead` reads (its `kind`): our McpError (by its brand).
pub const KIND_MCP_ERROR: u8 = 1;

/// What `readThrown` saw of a thrown value, for the core to name it
/// ([`crate::classify::name::Seen`]): `null` …
pub const VALUE_NULL: u8 = 0;
/// … `undefined` …
pub const VALUE_UNDEFINED: u8 = 1;
/// … another primitive (its `typeOf` says which) …
pub const VALUE_PRIMITIVE: u8 = 2;
/// … an object or a function (with `isError`, `nameThrew` and its `name`'s text) …
pub const VALUE_OBJECT: u8 = 3;
/// … an object whose prototype chain could not be inspected (a revoked Proxy).
pub const VALUE_UNINSPECTABLE: u8 = 4;

/// What a handler threw, as `errorResultJson` and `logRecordJson` take it: anything else.
pub const THROWN_PLAIN: u8 = 0;
/// … an McpError (its code, message and `data` cross).
pub const THROWN_MCP: u8 = 1;
/// … a ZodError (its issues cross).
pub const THROWN_ZOD: u8 = 2;
/// … a response of the XML dialect (its text crosses, [`crate::jsonrpc::from_xml`]).
pub const THROWN_XML: u8 = 3;

/// Where the JS layer's walk of a failure's `cause` chain stopped early
/// ([`crate::jsonrpc::ChainEnd`]): at a cause seen before …
pub const CHAIN_END_CYCLE: u8 = 1;
/// … with a next cause past the chain's [`crate::jsonrpc::LOG_CAUSES`] nodes …
pub const CHAIN_END_DEPTH: u8 = 2;
/// … at a cause whose read threw.
pub const CHAIN_END_UNREADABLE: u8 = 3;

/// What was wrong with a handler's return, as `invalidResultJson` takes it
/// ([`crate::tool_result::InvalidResult`]): not an object (its detail the type) …
pub const RESULT_NOT_AN_OBJECT: u8 = 0;
/// … `content` not a list …
pub const RESULT_CONTENT_NOT_A_LIST: u8 = 1;
/// … no `structuredContent` though the tool has an `outputSchema` …
pub const RESULT_NO_STRUCTURED_CONTENT: u8 = 2;
/// … `structuredContent` the `outputSchema` rejects (its detail the validator's message).
pub const RESULT_OUTPUT_REJECTED: u8 = 3;

/// A discriminator value the model sent, as the JS layer sends it: a bounded prefix of
/// what the core echoes cut at [`crate::xml::routing::MAX_ECHOED_ACTION_UNITS`] units.
pub const ECHO_UNITS: usize = 1024;
const _: () = assert!(ECHO_UNITS >= crate::xml::routing::MAX_ECHOED_ACTION_UNITS);

/// A thrown value's `code` string longer than this crosses as no code: no system, SDK or
/// Zod code is that long (the longest is 39 units).
pub const CODE_UNITS: usize = 64;
/// How much of a thrown value's text the XML dialect sends (the core masks secrets in it,
/// then cuts at [`crate::xml::routing::MAX_INTERNAL_MESSAGE_UNITS`]).
pub const THROWN_TEXT_UNITS: usize = 16_384;
const _: () = assert!(THROWN_TEXT_UNITS >= crate::xml::routing::MAX_INTERNAL_MESSAGE_UNITS);

/// The message of a thrown `null` (mcp-ts-core's `getErrorMessage`,
/// src/utils/internal/error-handler/helpers.ts).
pub const NULL_THROWN_MESSAGE: &str = "Null value encountered as error";
/// The message of a thrown `undefined` (the same function).
pub const UNDEFINED_THROWN_MESSAGE: &str = "Undefined value encountered as error";

/// What a value that could not be read (a throwing getter, a revoked Proxy) is sent as.
pub const UNREADABLE: &str = "[Unreadable]";
/// What an McpError's `data` is sent as when it holds more than [`WIRE_VALUE_LIMIT`] values.
pub const WIRE_TRUNCATED: &str = "[Truncated]";
/// Values (strings, numbers, members) an McpError's `data` may hold and still be sent.
pub const WIRE_VALUE_LIMIT: usize = 1_000_000;
/// A string of an McpError's `data` past this many UTF-16 units is sent cut, ending in `…`.
pub const WIRE_STRING_UNITS: usize = 65_536;

/// How much of a JS value a copy reads (`lib/copy.js`'s policies): `(depth, entries,
/// string units)`, each far above the cap the core applies to what it is given.
#[derive(Debug, Clone, Copy)]
pub struct CopyPolicy {
    pub depth: usize,
    pub entries: usize,
    pub string_units: usize,
}

/// Any value the core is given whole (thrown data, details, a delta list, XML inputs).
pub const COPY_DEFAULT: CopyPolicy = CopyPolicy { depth: 16, entries: 1000, string_units: 65_536 };
/// The issues of a rejection that `data.issues` keeps and the lines read whole: long
/// strings (a regex, a message) and lists cross whole, their true sizes beside them.
pub const COPY_KEPT_ISSUE: CopyPolicy = CopyPolicy { depth: 32, entries: 1100, string_units: 262_144 };
/// The other issues the renderer examines: a line is cut at 1,024 units and unknown
/// keys are scanned up to 1,024, so 2,048 units and 1,100 entries are room enough.
pub const COPY_OTHER_ISSUE: CopyPolicy = CopyPolicy { depth: 32, entries: 1100, string_units: 2048 };
/// The arguments of a rejection (read for presence and JSON type only).
pub const COPY_ARGS: CopyPolicy = CopyPolicy { depth: 32, entries: 16_384, string_units: 262_144 };
/// The author's own values: a tool's JSON Schema, pre-validation's record, a contract.
pub const COPY_AUTHORED: CopyPolicy = CopyPolicy { depth: 32, entries: 16_384, string_units: 65_536 };
const _: () = assert!(COPY_OTHER_ISSUE.string_units > crate::jsonrpc::text::MAX_STRING_UNITS);
const _: () = assert!(COPY_OTHER_ISSUE.entries > crate::jsonrpc::text::MAX_STRING_UNITS);
const _: () = assert!(COPY_DEFAULT.string_units >= WIRE_STRING_UNITS);
const _: () = assert!(COPY_DEFAULT.string_units >= crate::xml::routing::MAX_INTERNAL_MESSAGE_UNITS);
/// How much of a contract entry's field that is no JSON primitive `checkContract` copies,
/// to quote it in a message (`severity is …`).
pub const COPY_LINT_VALUE: CopyPolicy = CopyPolicy { depth: 5, entries: 20, string_units: 200 };
/// Containers one rejection's copies visit in all.
pub const COPY_NODE_BUDGET: usize = 100_000;
/// String units one rejection's copies write in all before strings shrink to [`COPY_UNIT_FLOOR`].
pub const COPY_UNIT_BUDGET: usize = 8 * 1024 * 1024;
/// What every string keeps once a budget's units are spent: enough to render a cut line.
pub const COPY_UNIT_FLOOR: usize = 1100;
const _: () = assert!(COPY_UNIT_FLOOR > crate::jsonrpc::text::MAX_STRING_UNITS);
/// Dates a copy marks for the XML dialect's `You sent:` at most: the rest of the core's
/// size records stay for cuts.
pub const COPY_MARKED_DATES: usize = 1024;
const _: () = assert!(COPY_MARKED_DATES < crate::sizes::MAX_RECORDS);
/// Array indices a pruned copy writes placeholders up to, at most.
pub const COPY_PAD_LIMIT: usize = 1 << 20;

/// The message of every fallback answer (the engine's answer after a trap): nothing
/// of the caller's message, which could hold a secret the core would have masked.
pub const FALLBACK_MESSAGE: &str = "An internal error occurred.";
/// The message of a rejection's fallback (the SDK's own words for invalid arguments).
pub const FALLBACK_REJECTED_MESSAGE: &str = "Input validation error: Invalid input";
/// Stands for the request id in [`fallback_result_with_id`]'s template.
pub const REQUEST_ID_SLOT: &str = "@requestId@";
/// Stands for the tool's name in [`fallback_log_record`]'s template.
pub const TOOL_SLOT: &str = "@tool@";

/// The fallback `<tool_error>`: INTERNAL_ERROR with [`FALLBACK_MESSAGE`], unbranded
/// (the engine's answer, not one a handler made).
pub fn fallback_xml() -> ToolResponse {
    ToolResponse { branded: false, ..tool_error("INTERNAL_ERROR", &ToolErrorOptions::new(FALLBACK_MESSAGE)) }
}

/// A fallback envelope: `thrown` as `error_result` writes it, nothing masked (the text is
/// the core's own), with `request_id` or none.
fn fallback_envelope(thrown: &ThrownError<'_>, request_id: Option<&str>) -> String {
    let options = ErrorResultOptions {
        request_id,
        redact_secrets: false,
        mask_server_errors: false,
        ..ErrorResultOptions::default()
    };
    error_result(thrown, &options).to_json()
}

fn fallback_result_of(request_id: Option<&str>) -> String {
    let thrown =
        ThrownError::Mcp { code: JsonRpcErrorCode::InternalError.value(), message: FALLBACK_MESSAGE, data: None };
    fallback_envelope(&thrown, request_id)
}

/// The fallback error `CallToolResult` of an argument rejection: the SDK's own words.
fn fallback_rejection_of(request_id: Option<&str>) -> String {
    let reason =
        Value::Object(vec![("reason".into(), Value::str(crate::jsonrpc::rejection::REASON_INVALID_ARGUMENTS))]);
    let thrown = ThrownError::Mcp {
        code: JsonRpcErrorCode::InvalidParams.value(),
        message: FALLBACK_REJECTED_MESSAGE,
        data: Some(&reason),
    };
    fallback_envelope(&thrown, request_id)
}

/// The fallback error `CallToolResult` (JSON text) without a request id.
/// formatValidation's answer after a trap: the -32602 McpError with the fallback
/// message and `data.reason`, as [`parts_reply`] writes it.
fn fallback_validation_reply() -> String {
    let data = Value::Object(vec![("reason".into(), Value::str(crate::jsonrpc::REASON_INVALID_ARGUMENTS))]);
    let parts = McpErrorParts {
        code: JsonRpcErrorCode::InvalidParams.value(),
        message: FALLBACK_REJECTED_MESSAGE.to_owned(),
        data: Some(data),
    };
    parts_reply(&parts)
}

pub fn fallback_result() -> String {
    fallback_result_of(None)
}

/// The fallback error `CallToolResult` (JSON text) with [`REQUEST_ID_SLOT`] where the
/// request id goes (the JS layer puts the id there, JSON-escaped).
pub fn fallback_result_with_id() -> String {
    fallback_result_of(Some(REQUEST_ID_SLOT))
}

/// Stands for tryCatch's operation in [`fallback_try_catch`]'s template.
pub const OPERATION_SLOT: &str = "@operation@";

/// tryCatch's fallback (JSON text): an internal error whose name and message could not
/// be read, its record's operation [`OPERATION_SLOT`].
pub fn fallback_try_catch() -> String {
    let code = JsonRpcErrorCode::InternalError.value();
    let thrown = ThrownError::Plain { code, message: FALLBACK_MESSAGE };
    let failure = crate::jsonrpc::Failure { name: UNREADABLE.into(), ..Default::default() };
    let options = crate::jsonrpc::LogOptions { operation: Some(OPERATION_SLOT), ..Default::default() };
    let record = crate::jsonrpc::log_record(&thrown, &failure, &options).to_json();
    let data = crate::jsonrpc::original_data(None, UNREADABLE, FALLBACK_MESSAGE).to_json();
    crate::protocol::try_catch_reply(code, FALLBACK_MESSAGE, &data, None, &record)
}

/// The fallback log record (JSON text) with [`TOOL_SLOT`] where the tool's name goes.
pub fn fallback_log_record() -> String {
    let thrown = ThrownError::Plain { code: JsonRpcErrorCode::InternalError.value(), message: FALLBACK_MESSAGE };
    let failure = crate::jsonrpc::Failure { name: "Error".into(), ..Default::default() };
    let options = crate::jsonrpc::LogOptions { tool: Some(TOOL_SLOT), ..Default::default() };
    crate::jsonrpc::log_record(&thrown, &failure, &options).to_json()
}

fn json_string(text: &str) -> String {
    let mut out = String::new();
    write_json_string(text, &mut out);
    out
}

/// A constant's value as the JS module writes it.
pub enum Literal {
    Number(i64),
    Text(String),
    /// A frozen array whose every item is a core value (each is checked alone).
    List(Vec<String>),
    /// A frozen array of common words (field names): only the whole list is checked.
    Fields(Vec<String>),
    /// A frozen array of each code's frozen `[code, name, category]`, in the core's order.
    Codes(Vec<(i32, &'static str, &'static str)>),
    /// A copy policy: a frozen `{ depth, entries, stringUnits }`.
    Policy(CopyPolicy),
}

/// Every constant the JS layer imports: name, what it is, value.
pub fn table() -> Vec<(&'static str, &'static str, Literal)> {
    use Literal::{Codes, Fields, List, Number, Policy, Text};
    let fields = |names: &[&str]| Fields(names.iter().map(|n| (*n).to_owned()).collect());
    let n = |v: usize| Number(i64::try_from(v).unwrap_or(i64::MAX));
    let internal = JsonRpcErrorCode::InternalError.value();
    vec![
        ("KIND_OTHER", "classifyRead's kind: any thrown value but our McpError", Number(KIND_OTHER.into())),
        ("KIND_MCP_ERROR", "classifyRead's kind: our McpError", Number(KIND_MCP_ERROR.into())),
        ("VALUE_NULL", "readThrown's valueKind: null", Number(VALUE_NULL.into())),
        ("VALUE_UNDEFINED", "readThrown's valueKind: undefined", Number(VALUE_UNDEFINED.into())),
        ("VALUE_PRIMITIVE", "readThrown's valueKind: another primitive (typeOf says which)", Number(VALUE_PRIMITIVE.into())),
        ("VALUE_OBJECT", "readThrown's valueKind: an object or a function", Number(VALUE_OBJECT.into())),
        (
            "VALUE_UNINSPECTABLE",
            "readThrown's valueKind: an object that could not be inspected (a revoked Proxy)",
            Number(VALUE_UNINSPECTABLE.into()),
        ),
        ("THROWN_PLAIN", "errorResultJson/logRecordJson's kind: anything else", Number(THROWN_PLAIN.into())),
        ("THROWN_MCP", "errorResultJson/logRecordJson's kind: an McpError", Number(THROWN_MCP.into())),
        ("THROWN_ZOD", "errorResultJson/logRecordJson's kind: a ZodError", Number(THROWN_ZOD.into())),
        ("THROWN_XML", "errorResultJson's kind: a response of the XML dialect", Number(THROWN_XML.into())),
        ("RESULT_NOT_AN_OBJECT", "invalidResultJson's what: a return that is no object", Number(RESULT_NOT_AN_OBJECT.into())),
        (
            "RESULT_CONTENT_NOT_A_LIST",
            "invalidResultJson's what: content that is no list",
            Number(RESULT_CONTENT_NOT_A_LIST.into()),
        ),
        (
            "RESULT_NO_STRUCTURED_CONTENT",
            "invalidResultJson's what: no structuredContent for an outputSchema",
            Number(RESULT_NO_STRUCTURED_CONTENT.into()),
        ),
        (
            "RESULT_OUTPUT_REJECTED",
            "invalidResultJson's what: structuredContent the outputSchema rejects",
            Number(RESULT_OUTPUT_REJECTED.into()),
        ),
        ("MAX_CAUSES", "how many causes classification follows", n(crate::classify::cause::MAX_CAUSES)),
        ("CHAIN_END_CYCLE", "a log chain's end: a cause seen before", Number(CHAIN_END_CYCLE.into())),
        ("CHAIN_END_DEPTH", "a log chain's end: more causes than LOG_CAUSES", Number(CHAIN_END_DEPTH.into())),
        ("CHAIN_END_UNREADABLE", "a log chain's end: a cause whose read threw", Number(CHAIN_END_UNREADABLE.into())),
        ("LOG_CAUSES", "how many nodes a log record's cause chain keeps, the thrown value's own included", n(crate::jsonrpc::LOG_CAUSES)),
        ("STACK_CROSSING_UNITS", "how much of a stack crosses for a log record", n(crate::jsonrpc::STACK_CROSSING_UNITS)),
        (
            "CLASSIFY_TEXT_CAP",
            "how much of a name or message crosses for classification (the core reads this many bytes)",
            n(crate::classify::CLASSIFY_TEXT_CAP),
        ),
        (
            "ISSUES_CROSSING",
            "top-level issues of an argument rejection that cross (the core examines this many)",
            n(crate::jsonrpc::rejection::MAX_EXAMINED_ISSUES),
        ),
        ("RENDERED_ISSUES", "issues a <validation_error> renders", n(crate::xml::validation::MAX_RENDERED_ISSUES)),
        (
            "GROUP_ISSUES",
            "issues createGroup sends: the ones it lists, and one more to say some were left out",
            n(crate::xml::routing::MAX_GROUP_ISSUES + 1),
        ),
        ("ECHO_UNITS", "the prefix of an echoed discriminator value that crosses", n(ECHO_UNITS)),
        ("CODE_UNITS", "a thrown value's code string longer than this crosses as no code", n(CODE_UNITS)),
        ("THROWN_TEXT_UNITS", "how much of a thrown value's text the XML dialect sends", n(THROWN_TEXT_UNITS)),
        (
            "PROBLEM_TEXT_FIELDS",
            "the text fields of a thrown plain object the core reads a message from",
            fields(&crate::classify::problem::TEXT_FIELDS),
        ),
        (
            "PROBLEM_NUMBER_FIELDS",
            "the number fields of a thrown plain object the core reads an HTTP status from",
            fields(&crate::classify::problem::NUMBER_FIELDS),
        ),
        (
            "PROBLEM_CONSTRUCTOR_FIELD",
            "where a thrown object that is no Error sends its constructor's name",
            Text(crate::classify::problem::CONSTRUCTOR_FIELD.to_owned()),
        ),
        ("LINT_ENTRIES", "entries of an error contract checkContract reads and checks", n(crate::jsonrpc::contract_lint::MAX_LINT_ENTRIES)),
        (
            "LINT_TEXT_UNITS",
            "UTF-16 units of each string field of a contract entry that checkContract reads",
            n(crate::jsonrpc::contract_lint::LINT_TEXT_UNITS),
        ),
        ("COPY_LINT_VALUE", "how much of a non-JSON-primitive contract field checkContract copies to quote it", Policy(COPY_LINT_VALUE)),
        (
            "INVALID_ARGUMENTS_REASON",
            "the data.reason of an argument rejection",
            Text(crate::jsonrpc::rejection::REASON_INVALID_ARGUMENTS.to_owned()),
        ),
        ("UNREADABLE", "what a value that could not be read is sent as", Text(UNREADABLE.to_owned())),
        ("NULL_THROWN_MESSAGE", "the message of a thrown null (getErrorMessage)", Text(NULL_THROWN_MESSAGE.to_owned())),
        ("UNDEFINED_THROWN_MESSAGE", "the message of a thrown undefined (getErrorMessage)", Text(UNDEFINED_THROWN_MESSAGE.to_owned())),
        ("WIRE_TRUNCATED", "what an McpError's data is sent as past WIRE_VALUE_LIMIT values", Text(WIRE_TRUNCATED.to_owned())),
        ("WIRE_VALUE_LIMIT", "values an McpError's data may hold and still be sent", n(WIRE_VALUE_LIMIT)),
        ("WIRE_STRING_UNITS", "a string of an McpError's data past this many UTF-16 units is sent cut, ending in …", n(WIRE_STRING_UNITS)),
        (
            "TOOL_ERROR_CODES",
            "the canonical <tool_error> codes (seed 000)",
            List(CANONICAL_TOOL_ERROR_CODES.iter().map(|c| (*c).to_owned()).collect()),
        ),
        ("COPY_DEFAULT", "how much a copy reads of a value the core is given whole", Policy(COPY_DEFAULT)),
        ("COPY_KEPT_ISSUE", "how much a copy reads of an issue data.issues keeps or the renderer reads whole", Policy(COPY_KEPT_ISSUE)),
        ("COPY_OTHER_ISSUE", "how much a copy reads of any other issue the renderer examines", Policy(COPY_OTHER_ISSUE)),
        ("COPY_ARGS", "how much a copy reads of a rejection's arguments", Policy(COPY_ARGS)),
        ("COPY_AUTHORED", "how much a copy reads of the author's own values (schema, pre-validation record, contract)", Policy(COPY_AUTHORED)),
        ("COPY_NODE_BUDGET", "containers one rejection's copies visit in all", n(COPY_NODE_BUDGET)),
        ("COPY_UNIT_BUDGET", "string units one rejection's copies write before strings shrink to COPY_UNIT_FLOOR", n(COPY_UNIT_BUDGET)),
        ("COPY_UNIT_FLOOR", "what every string keeps once a budget's units are spent", n(COPY_UNIT_FLOOR)),
        ("COPY_MARKED_DATES", "dates a copy marks for the XML dialect's You sent:, at most", n(COPY_MARKED_DATES)),
        ("COPY_PAD_LIMIT", "array indices a pruned copy writes placeholders up to, at most", n(COPY_PAD_LIMIT)),
        (
            "ISSUES_READ_WHOLE",
            "how many issues of a rejection cross whole; past them, an issue whose own code is a string and no union code crosses as 0",
            n(crate::jsonrpc::rejection::ISSUES_READ_WHOLE),
        ),
        (
            "COUNTED_ISSUE",
            "the JSON text an issue past ISSUES_READ_WHOLE crosses as when its own code is a string and no union code",
            Text(crate::jsonrpc::rejection::COUNTED_ISSUE.to_owned()),
        ),
        (
            "UNION_CODES",
            "the issue codes whose branches decide how many lines an issue counts (always cross whole)",
            List(crate::zod::issue::UNION_CODES.iter().map(|c| (*c).to_owned()).collect()),
        ),
        (
            "CODE_TABLE",
            "each JSON-RPC code with its name and category, in the order classify's answer indexes them",
            Codes(JsonRpcErrorCode::ALL.iter().map(|c| (c.value(), c.name(), c.category().as_str())).collect()),
        ),
        ("CLIENT_TEXT_UNITS", "the UTF-16 units of text parseToolError reads in all", n(crate::client::TEXT_UNITS)),
        (
            "PREVALIDATE_ROOT_KEYS",
            "root keys pre-validation's key stages read at most: with more, the arguments are left as sent",
            n(crate::prevalidate::MAX_ROOT_KEYS),
        ),
        (
            "PREVALIDATE_ISSUES",
            "issues of a failed parse pre-validation's repairs read at most",
            n(crate::prevalidate::repair::MAX_REPAIRS),
        ),
        ("CLIENT_BLOCKS", "the content blocks parseToolError looks at", n(crate::client::MAX_BLOCKS)),
        (
            "CLIENT_MESSAGE_UNITS",
            "the units a structured message or recovery is cut at (one more is copied, so the core sees it was longer)",
            n(crate::client::MESSAGE_UNITS),
        ),
        (
            "CLIENT_ID_UNITS",
            "the units a structured reason or request id is cut at (one more is copied)",
            n(crate::client::ID_UNITS),
        ),
        ("UPSTREAM_TEXT_UNITS", "units of a response's status text, URL or header value that cross (one more than the core keeps)", n(crate::upstream::TEXT_UNITS + 1)),
        ("UPSTREAM_BODY_LIMIT", "httpErrorFromResponse's default bodyLimit (bytes)", n(crate::upstream::DEFAULT_BODY_LIMIT)),
        ("UPSTREAM_BODY_LIMIT_MAX", "the largest bodyLimit honoured (bytes)", n(crate::upstream::BODY_LIMIT_MAX)),
        ("UPSTREAM_BODY_SLACK", "bytes read past bodyLimit to finish the character that straddles it", n(crate::upstream::BODY_SLACK)),
        ("UPSTREAM_HEADER_NAMES", "the most names errorHeaders may list", n(crate::upstream::MAX_HEADER_NAMES)),
        (
            "FALLBACK_CLASSIFY_REPLY",
            "classify's answer after a trap: InternalError's index in CODE_TABLE (its code, name and category there)",
            Text(JsonRpcErrorCode::InternalError.index().to_string()),
        ),
        ("FALLBACK_MESSAGE", "the message of every answer after a trap", Text(FALLBACK_MESSAGE.to_owned())),
        ("FALLBACK_REJECTION_JSON", "rejectionResult's answer after a trap, without a request id", Text(fallback_rejection_of(None))),
        (
            "FALLBACK_REJECTION_ID_JSON",
            "rejectionResult's answer after a trap, REQUEST_ID_SLOT standing for the id",
            Text(fallback_rejection_of(Some(REQUEST_ID_SLOT))),
        ),
        ("FALLBACK_VALIDATION_REPLY", "formatValidation's answer after a trap, as an McpError's parts cross", Text(fallback_validation_reply())),
        (
            "FALLBACK_FAIL_JSON",
            "failJson's answer after a trap",
            Text(format!("{{\"code\":{internal},\"message\":{}}}", json_string(FALLBACK_MESSAGE))),
        ),
        ("FALLBACK_RESULT_JSON", "errorResultJson's answer after a trap, without a request id", Text(fallback_result())),
        ("FALLBACK_RESULT_ID_JSON", "errorResultJson's answer after a trap, REQUEST_ID_SLOT standing for the id", Text(fallback_result_with_id())),
        ("FALLBACK_LOG_JSON", "logRecordJson's answer after a trap, TOOL_SLOT standing for the tool", Text(fallback_log_record())),
        ("TOOL_SLOT", "where the tool goes in FALLBACK_LOG_JSON", Text(TOOL_SLOT.to_owned())),
        ("FALLBACK_TRY_CATCH_JSON", "tryCatchFailure's answer after a trap, OPERATION_SLOT standing for the operation", Text(fallback_try_catch())),
        ("OPERATION_SLOT", "where the operation goes in FALLBACK_TRY_CATCH_JSON", Text(OPERATION_SLOT.to_owned())),
        ("SOURCE_KEY", "the field marking an issue of a validator other than Zod", Text(crate::source::SOURCE_KEY.to_owned())),
        ("SOURCE_VALIBOT", "SOURCE_KEY's value on a Valibot issue", Text(crate::source::VALIBOT.to_owned())),
        ("SOURCE_ARKTYPE", "SOURCE_KEY's value on an ArkType error", Text(crate::source::ARKTYPE.to_owned())),
        ("SOURCE_AJV", "SOURCE_KEY's value on an Ajv error or an @cfworker/json-schema unit", Text(crate::source::AJV.to_owned())),
        ("SOURCE_STANDARD", "SOURCE_KEY's value on any other Standard Schema issue", Text(crate::source::STANDARD.to_owned())),
        ("SOURCE_PATH", "path segments read of such an issue", n(crate::source::MAX_PATH)),
        ("SOURCE_DEPTH", "nested issue lists read of such an issue", n(crate::source::MAX_DEPTH)),
        ("SOURCE_NESTED", "nested issues read of such an issue, per list", n(crate::source::MAX_NESTED)),
        ("REQUEST_ID_SLOT", "where the id goes in FALLBACK_RESULT_ID_JSON", Text(REQUEST_ID_SLOT.to_owned())),
        ("FALLBACK_XML", "xmlFormatValidationError's text after a trap", Text(fallback_xml().text)),
        ("FALLBACK_XML_RESULT", "an XML builder's answer after a trap (the response as an XML reply crosses)", Text(response_reply(&fallback_xml()))),
        (
            "FALLBACK_CLIENT_JSON",
            "clientParseToolError's answer after a trap: an error with nothing known",
            Text(format!(
                "{{\"code\":null,\"message\":{},\"recovery\":null,\"availableActions\":[],\"severity\":\"error\",\"dialect\":\"text\"}}",
                json_string(crate::client::EMPTY_MESSAGE)
            )),
        ),
    ]
}

/// `pkg/lib/constants.js`: `table()` as an ES module.
pub fn module() -> String {
    let mut out = String::from(
        "// Generated by scripts/build-pkg.mjs from src/js_constants.rs (`cargo run --example js_constants`): do not edit.\n",
    );
    for (name, doc, value) in table() {
        out.push_str("\n/** ");
        out.push_str(doc);
        out.push_str(" */\nexport const ");
        out.push_str(name);
        out.push_str(" = ");
        match value {
            Literal::Number(v) => out.push_str(&v.to_string()),
            Literal::Text(text) => write_json_string(&text, &mut out),
            Literal::List(items) | Literal::Fields(items) => {
                out.push_str("Object.freeze([");
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    write_json_string(item, &mut out);
                }
                out.push_str("])");
            }
            Literal::Policy(policy) => out.push_str(&format!(
                "Object.freeze({{ depth: {}, entries: {}, stringUnits: {} }})",
                policy.depth, policy.entries, policy.string_units
            )),
            Literal::Codes(entries) => {
                out.push_str("Object.freeze([");
                for (i, (code, name, category)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    out.push_str(&format!("Object.freeze([{code}, "));
                    write_json_string(name, &mut out);
                    out.push_str(", ");
                    write_json_string(category, &mut out);
                    out.push_str("])");
                }
                out.push_str("])");
            }
        }
        out.push_str(";\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    // The fallbacks' bytes, as the JS layer wrote them before the core did.
    #[test]
    fn the_fallbacks_are_the_bytes_the_js_layer_wrote() {
        assert_eq!(
            fallback_result(),
            r#"{"isError":true,"content":[{"type":"text","text":"Error: An internal error occurred."}],"structuredContent":{"error":{"code":-32603,"message":"An internal error occurred."}}}"#
        );
        assert_eq!(
            fallback_result_with_id(),
            r#"{"isError":true,"content":[{"type":"text","text":"Error: An internal error occurred.\n\n(request @requestId@)"}],"structuredContent":{"error":{"code":-32603,"message":"An internal error occurred.","data":{"requestId":"@requestId@"}}}}"#
        );
        assert_eq!(
            fallback_log_record(),
            concat!(
                r#"{"level":"error","code":-32603,"name":"InternalError","category":"server","message":"An internal error occurred.","#,
                r#""log":"Error in tool:@tool@: An internal error occurred.","operation":"tool:@tool@","tool":"@tool@","#,
                r#""data":{"originalErrorName":"Error","originalMessage":"An internal error occurred."}}"#
            )
        );
        assert_eq!(
            fallback_try_catch(),
            concat!(
                r#"{"code":-32603,"message":"An internal error occurred.","#,
                r#""data":{"originalErrorName":"[Unreadable]","originalMessage":"An internal error occurred."},"#,
                r#""record":{"level":"error","code":-32603,"name":"InternalError","category":"server","#,
                r#""message":"An internal error occurred.","log":"Error in @operation@: An internal error occurred.","#,
                r#""operation":"@operation@","data":{"originalErrorName":"[Unreadable]","originalMessage":"An internal error occurred."}}}"#
            )
        );
        assert_eq!(
            response_reply(&fallback_xml()),
            "1<tool_error code=\"INTERNAL_ERROR\" severity=\"error\">\n<message>An internal error occurred.</message>\n</tool_error>"
        );
    }

    #[test]
    fn the_rejection_fallbacks_are_the_bytes_the_js_layer_wrote() {
        let module = module();
        assert_eq!(
            fallback_rejection_of(None),
            r#"{"isError":true,"content":[{"type":"text","text":"Error: Input validation error: Invalid input\n\n(reason invalid_arguments)"}],"structuredContent":{"error":{"code":-32602,"message":"Input validation error: Invalid input","data":{"reason":"invalid_arguments"}}}}"#
        );
        assert!(module.contains(
            r#"export const FALLBACK_VALIDATION_REPLY = "-32602,37,Input validation error: Invalid input{\"reason\":\"invalid_arguments\"}";"#
        ));
    }

    #[test]
    fn the_module_declares_every_name_once() {
        let module = module();
        for (name, _, _) in table() {
            assert_eq!(module.matches(&format!("export const {name} = ")).count(), 1, "{name}");
        }
        assert!(module.contains("export const TOOL_ERROR_CODES = Object.freeze([\"MISSING_DISCRIMINATOR\", "));
    }
}
