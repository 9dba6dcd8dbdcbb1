//! Every operation of the protocol, once: its JS name, its Rust function, its request
//! struct, its reply kind and its result's TypeScript type. `operations!` hands the table
//! to a macro: [`entry`] (here) makes each operation's entry point from its laid-out
//! request, [`ENTRIES`] lists them by index (the wasm module runs an operation by its
//! index), and [`OPERATIONS`] lists them for the generator ([`super::declare`]).

/// Calls `$callback!` with the table. Each result crosses as its [`Reply`] kind says,
/// of the TypeScript type named.
macro_rules! operations {
    ($callback:ident) => {
        $callback! {
            /// A thrown value's code (steps 1–10 of classify): its index in `CODE_TABLE`, or −1 when
            /// the cause chain decides and was not sent.
            classify: classify::classify(classify::Classify) -> Index "number";
            /// What a thrown plain object's problem-detail fields say.
            problemRead: classify::problem_read(classify::ProblemRead) -> Json "{ message: string; code: number }";
            /// The category a code files under given a thrown McpError's `data.reason`.
            categoryFor: classify::category_for(classify::CategoryFor) -> Json "ErrorCategory";
            /// httpStatusToErrorCode.
            httpStatusToErrorCode: classify::http_status(classify::HttpStatus) -> Json "JsonRpcErrorCode | null";
            /// A caller's request id as envelopes write it.
            boundedRequestId: classify::bounded_request_id(classify::BoundedRequestId) -> Text "string";
            /// A fresh request id.
            requestId: classify::request_id(classify::RequestId) -> Text "string";
            /// formatValidation's `{ code, message, data }`.
            formatValidation: jsonrpc::format_validation(jsonrpc::FormatValidation) -> Parts "McpErrorReply";
            /// rejectionResult's CallToolResult.
            rejectionResult: jsonrpc::rejection_result(jsonrpc::RejectionResult) -> Result "CallToolResult";
            /// errorResult's CallToolResult, or null when the value says nothing better than
            /// InternalError and its cause chain was not sent.
            errorResult: jsonrpc::error_result(jsonrpc::ErrorResult) -> Result "CallToolResult | null";
            /// The output schema a tool advertises.
            advertisedOutputSchema: jsonrpc::advertised_output_schema(jsonrpc::AdvertisedOutputSchema) -> Json "JsonValue | null";
            /// What the model reads and the log gets for a return that is no tool result.
            invalidResult: jsonrpc::invalid_result(jsonrpc::InvalidResultRequest) -> Json "{ message: string; log: string }";
            /// logRecord's object.
            logRecord: log::log_record(log::Failure) -> Json "LogRecord";
            /// fail's `{ code, message, data }`.
            fail: jsonrpc::fail(jsonrpc::Fail) -> Json "McpErrorParts";
            /// recoveryFor's object.
            recoveryFor: jsonrpc::recovery_for(jsonrpc::RecoveryFor) -> Json "{ recovery?: { hint: string } }";
            /// toolError's response.
            xmlToolError: xml::xml_tool_error(xml::ToolError) -> Xml "XmlResponse";
            /// error's response.
            xmlError: xml::xml_error(xml::XmlError) -> Xml "XmlResponse";
            /// The response to a call cancelled before its handler started.
            xmlCancelled: xml::xml_cancelled(xml::Tool) -> Xml "XmlResponse";
            /// required's response.
            xmlRequired: xml::xml_required(xml::Required) -> Xml "XmlResponse";
            /// routingError's response.
            xmlRoutingError: xml::xml_routing_error(xml::Routing) -> Xml "XmlResponse";
            /// internalError's response.
            xmlInternalError: xml::xml_internal_error(xml::InternalError) -> Xml "XmlResponse";
            /// The response for an McpError thrown inside a tool of the XML dialect.
            xmlFromMcpError: xml::xml_from_mcp_error(xml::FromMcpError) -> Xml "XmlResponse";
            /// formatValidationError's text.
            xmlFormatValidationError: xml::xml_format_validation_error(xml::Validation) -> Text "string";
            /// validationErrorResult's response.
            xmlValidationErrorResult: xml::xml_validation_error_result(xml::Validation) -> Xml "XmlResponse";
            /// enrichValidationError's text and the deltas it injected.
            xmlEnrichValidationError: xml::xml_enrich_validation_error(xml::Enrich) -> Json "{ deltas: number; text: string }";
            /// The `<contract_deltas>` text.
            xmlFormatDeltas: xml::xml_format_deltas(xml::Deltas) -> Text "string";
            /// createGroup's reply to an unknown action.
            xmlGroupUnknownAction: xml::xml_group_unknown_action(xml::GroupUnknownAction) -> Xml "XmlResponse";
            /// createGroup's validation reply.
            xmlGroupValidationError: xml::xml_group_validation_error(xml::GroupValidation) -> Xml "XmlResponse";
            /// parseToolError of an error result.
            clientParseToolError: client::client_parse_tool_error(client::ParseToolError) -> Json "ParsedToolError";
            // New operations go last: the fuzz corpus's seeds pick theirs by index.
            /// httpErrorFromResponse's `{ code, message, data }`.
            httpErrorFromResponse: upstream::http_error_from_response(upstream::HttpErrorFromResponse) -> Json "McpErrorParts";
            /// tryCatch's rebuilt error and its record.
            tryCatchFailure: log::try_catch_failure(log::Failure) -> Json "TryCatchFailure";
            /// checkContract's findings.
            checkContract: lint::check_contract(lint::CheckContract) -> Json "ContractFinding[]";
            /// capabilityMissing's `{ code, message, data }`, or null for a string that is no capability name.
            capabilityMissing: lint::capability_missing(lint::CapabilityMissing) -> Json "McpErrorParts | null";
            /// What pre-validation may skip for a tool's schema and options.
            prevalidatePlan: prevalidate::prevalidate_plan(prevalidate::PrevalidatePlan) -> Json "{ inert: boolean; declared: string[] | null; discriminator: string | null }";
            /// Pre-validation's key stages: the drop-first attempt and the alias-first retry.
            prevalidateKeys: prevalidate::prevalidate_keys(prevalidate::PrevalidateKeys) -> Json "{ first: { entries: [number, string | null][] | null; aliased: [number, string][]; ignored: number[]; collisions: { target: string; keys: number[] }[] }; retry: { entries: [number, string | null][] | null; aliased: [number, string][]; ignored: number[]; collisions: { target: string; keys: number[] }[] } | null }";
            /// The value repairs for a failed parse, in the order they are tried.
            prevalidateRepair: prevalidate::prevalidate_repair(prevalidate::PrevalidateRepair) -> Json "{ asSent: { path: (string | number)[]; kind: string; value?: JsonValue }[]; full: { path: (string | number)[]; kind: string; value?: JsonValue }[]; fullIsAsSent: boolean; unaided: { path: (string | number)[]; kind: string; value?: JsonValue }[] }";
            /// Which repairs held after a repaired parse still failed.
            prevalidateHeld: prevalidate::prevalidate_held(prevalidate::PrevalidateHeld) -> Json "number[]";
        }
    };
}
#[allow(unused_imports)] // the wasm module's only
pub(crate) use operations;

/// How an operation's result crosses back: the text the entry point returns, read by
/// the `wire.js` reader [`Reply::js_reader`] names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reply {
    /// JSON text, parsed.
    Json,
    /// A string result: the text itself.
    Text,
    /// An XML response `{ isError, branded, text }`: one digit, `isError` + 2 × `branded`,
    /// then the text ([`super::xml::response_reply`]).
    Xml,
    /// An McpError's parts, its `data` left as JSON text for the caller to parse when it
    /// is read: `code`, `,`, the message's length in UTF-16 units, `,`, the message, then
    /// the data's JSON (nothing when there is none) ([`super::jsonrpc::parts_reply`]).
    Parts,
    /// An index into a table the JS layer holds (generated from the core, like
    /// `CODE_TABLE`) as decimal text; nothing for −1 (classify's `needsCauses`).
    Index,
    /// A `CallToolResult`: its text's length in UTF-16 units, `,`, the text, then its
    /// `structuredContent`'s JSON, so only that is parsed ([`super::jsonrpc::result_reply`]);
    /// nothing for `null`. A trapped instance's answer is the result's JSON whole (a `{`).
    Result,
}

impl Reply {
    /// The `wire.js` function that reads a result of this kind.
    pub const fn js_reader(self) -> &'static str {
        match self {
            Reply::Json => "readJson",
            Reply::Text => "readText",
            Reply::Xml => "readXml",
            Reply::Parts => "readParts",
            Reply::Index => "readIndex",
            Reply::Result => "readResult",
        }
    }
}

/// One operation, as the generator declares it.
#[derive(Debug, Clone, Copy)]
pub struct Operation {
    pub name: &'static str,
    pub doc: &'static str,
    pub request: &'static str,
    pub fields: &'static [super::FieldSpec],
    pub reply: Reply,
    pub result: &'static str,
}

macro_rules! entry_points {
    ($($(#[doc = $doc:literal])* $js:ident: $module:ident::$rust:ident($rmod:ident::$req:ident) -> $reply:ident $ts:literal;)*) => {
        /// Each operation's entry point: its request laid out ([`super::Wire`]) in, its
        /// result out as its reply kind says ([`super::encode_json`] lays a request out from JSON).
        pub mod entry {
            use super::super::{Host, ProtocolError, Request};
            $(
                $(#[doc = $doc])*
                pub fn $rust(request: &[u8], host: &mut dyn Host) -> Result<String, ProtocolError> {
                    // What the fields borrow from, on the stack.
                    let mut slots = [const { None }; <super::super::$rmod::$req<'static> as Request<'static>>::SLOTS];
                    let decoded = <super::super::$rmod::$req<'_> as Request>::decode(request, &mut slots)?;
                    super::super::$module::$rust(decoded, host)
                }
            )*
        }

        /// Every operation's entry point by name, in the table's order (an operation's
        /// index here is its number on the wasm boundary).
        pub const ENTRIES: &[(&str, fn(&[u8], &mut dyn super::Host) -> Result<String, super::ProtocolError>)] =
            &[$((stringify!($js), entry::$rust),)*];

        /// Every operation, in the table's order.
        pub const OPERATIONS: &[Operation] = &[$(
            Operation {
                name: stringify!($js),
                doc: concat!($($doc, "\n",)*),
                request: <super::$rmod::$req<'static> as super::Request<'static>>::NAME,
                fields: <super::$rmod::$req<'static> as super::Request<'static>>::FIELDS,
                reply: Reply::$reply,
                result: $ts,
            },
        )*];
    };
}
operations!(entry_points);
