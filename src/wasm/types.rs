//! What reaches TypeScript from Rust declarations: the `JsonRpcErrorCode` enum (object
//! and `enum`), the canonical XML codes, and every data shape of the public API
//! (options, results, issues, schemas, contracts, parsed client results). wasm-bindgen
//! writes them into the glue's `.d.ts` (`pkg/wasm/mcp_envelope.d.ts`); the hand-written
//! declarations in `pkg-template/` import and re-export them and keep only what cannot
//! be generated (function signatures, types computed from a type argument, the classes
//! and the builder). tests/dts_codes.rs and js-tests/types.test.mjs fail on a shape
//! declared on both sides. The types below exist for their declarations only: nothing
//! constructs them, and tsify generates no conversion code.
#![allow(dead_code)]

use tsify::Tsify;
use wasm_bindgen::prelude::*;

use crate::codes::{canonical_tool_error_code_table, json_rpc_code_table};

macro_rules! wasm_code_enum {
    ($($name:ident = $value:literal,)*) => {
        /// The JSON-RPC error codes of an MCP server's error envelope.
        #[wasm_bindgen(js_name = JsonRpcErrorCode)]
        #[derive(Clone, Copy)]
        #[repr(i32)]
        pub enum WireJsonRpcErrorCode {
            $($name = $value,)*
        }
    };
}
json_rpc_code_table!(wasm_code_enum);

#[wasm_bindgen(typescript_custom_section)]
const CODE_NAME_TS: &'static str = "/** The name of a {@link JsonRpcErrorCode} member, e.g. `\"RateLimited\"`. */
export type JsonRpcErrorCodeName = keyof typeof JsonRpcErrorCode;
";

macro_rules! canonical_codes_declaration {
    ($($code:literal,)*) => {
        #[wasm_bindgen(typescript_custom_section)]
        const CANONICAL_TOOL_ERROR_CODES_TS: &'static str = concat!(
            "/** The canonical codes of MCP Fusion's `<tool_error code=\"…\">`, in order. */\n",
            "export type CanonicalToolErrorCodes = readonly [\n",
            $("  '", $code, "',\n",)*
            "];\n",
        );
    };
}
canonical_tool_error_code_table!(canonical_codes_declaration);

#[derive(Tsify)]
pub struct ClassifyOptions {
    /// The request's signal was aborted: the caller withdrew, whatever was thrown.
    #[tsify(optional)]
    pub aborted: Option<bool>,
}

#[derive(Tsify)]
pub struct Classification {
    #[tsify(type = "JsonRpcErrorCode")]
    pub code: i32,
    #[tsify(type = "JsonRpcErrorCodeName")]
    pub name: String,
    #[tsify(type = "ErrorCategory")]
    pub category: String,
}

/// The log levels below `error` a declared outcome may log at.
#[derive(Tsify)]
#[serde(rename_all = "lowercase")]
pub enum ErrorContractSeverity {
    Debug,
    Info,
    Notice,
    Warning,
}

/// One declared failure mode of a tool (`errors: [...]`).
#[derive(Tsify)]
pub struct ErrorContractEntry {
    pub reason: String,
    #[tsify(type = "JsonRpcErrorCode")]
    pub code: i32,
    /// When it fires; also the message of a bare {@link fail}.
    pub when: String,
    /// The wire default for this reason: filled as `data.recovery.hint` when the throw site gave none.
    pub recovery: String,
    /// Copied onto `data.retryable` by {@link fail} when declared.
    #[tsify(optional, type = "boolean | undefined")]
    pub retryable: Option<bool>,
    /// The failure record's log level; never on the wire.
    #[tsify(optional, type = "ErrorContractSeverity | undefined")]
    pub severity: Option<ErrorContractSeverity>,
    /// Lint-only metadata of the reference framework; ignored here.
    #[serde(rename = "thrownBy")]
    #[tsify(optional, type = "'service' | undefined")]
    pub thrown_by: Option<String>,
}

/// `structuredContent.error` of a tool error.
#[derive(Tsify)]
pub struct ToolErrorPayload {
    #[tsify(type = "JsonRpcErrorCode")]
    pub code: i32,
    pub message: String,
    /// The thrown McpError's data (a field the wire cannot carry is `"[Unreadable]"`), a
    /// ZodError's bounded `issues`, and `requestId`; absent only when there is none of them.
    #[tsify(optional, type = "Record<string, unknown>")]
    pub data: Option<()>,
}

/// A log level of {@link logRecord}: an entry's severity, or `error`.
#[derive(Tsify)]
#[serde(rename_all = "lowercase")]
pub enum LogRecordLevel {
    Debug,
    Info,
    Notice,
    Warning,
    Error,
}

/// The server's own record of a failed call.
#[derive(Tsify)]
pub struct LogRecord {
    pub level: LogRecordLevel,
    #[tsify(type = "JsonRpcErrorCode")]
    pub code: i32,
    #[tsify(type = "JsonRpcErrorCodeName")]
    pub name: String,
    #[tsify(type = "ErrorCategory")]
    pub category: String,
    /// The raw message: never redacted, never the server-error sentence. Not for the wire.
    pub message: String,
    pub tool: String,
    /// A thrown McpError's string `data.reason`.
    #[tsify(optional)]
    pub reason: Option<String>,
    #[tsify(optional)]
    pub phase: Option<String>,
}

/// What `registerTool`'s `onError` receives: the failure's log record and the request id
/// the model saw (absent when the envelope carries none).
#[derive(Tsify)]
#[serde(rename_all = "camelCase")]
pub struct ToolFailureRecord {
    #[serde(flatten)]
    pub record: LogRecord,
    #[tsify(optional)]
    pub request_id: Option<String>,
}

/// `warning` keeps `isError` false; any other severity (even a custom one) is an error.
#[derive(Tsify)]
#[serde(rename_all = "lowercase")]
pub enum ToolErrorSeverity {
    Error,
    Critical,
    Warning,
}

/// Which envelope an error was read from: `text` is neither (plain text, such as the
/// SDK's own `Input validation error: …`).
#[derive(Tsify)]
#[serde(rename_all = "lowercase")]
pub enum ErrorDialect {
    Xml,
    Jsonrpc,
    Text,
}

/// One `<field>` of a `<validation_error>`: the issue's path and its whole line.
#[derive(Tsify)]
pub struct ParsedValidationField {
    /// The path joined with `.` (`address.zip`, `items.0`), or `(root)`.
    pub name: String,
    /// `MESSAGE You sent: SENT.` and the suggestion, entities decoded.
    pub message: String,
}

#[derive(Tsify)]
pub struct EnrichedValidationError {
    pub xml: String,
    pub injected: bool,
    /// How many changes were injected.
    #[serde(rename = "deltaCount")]
    pub delta_count: u32,
}

/// A key pre-validation rewrote to its canonical name.
#[derive(Tsify)]
pub struct KeyAlias {
    pub alias: String,
    pub target: String,
}

/// An alias sent beside its target (or beside another alias of it): never rewritten.
#[derive(Tsify)]
pub struct AliasCollision {
    pub target: String,
    /// Every key the caller sent for `target`, in argument order (`target` among them when sent).
    #[tsify(type = "readonly string[]")]
    pub keys: Vec<String>,
}

// ---------------------------------------------------------------------------------
// The public data shapes of the declarations. A field written `?: T | undefined` (what
// `exactOptionalPropertyTypes` needs for an option a caller may set to `undefined`) is
// `#[serde(default)]` on an `Option`; `#[tsify(optional)]` writes `?: T` alone. A
// `#[tsify(type = …)]` keeps what a Rust type cannot say: `readonly` arrays, `unknown`,
// literal and host types. A shape whose members are `readonly`, or that carries an index
// signature, is a custom section below: tsify writes neither.

/// `{ cause }`, as for `new Error(message, options)`.
#[derive(Tsify)]
pub struct McpErrorOptions {
    #[serde(default)]
    #[tsify(type = "unknown")]
    pub cause: (),
}

/// What {@link init} accepts in a browser: a URL, a fetch Response, the bytes or a compiled module.
#[derive(Tsify)]
#[tsify(type = "string | URL | Response | BufferSource | WebAssembly.Module")]
pub struct WasmSource;

/// A JSON value.
#[derive(Tsify)]
#[serde(untagged)]
pub enum JsonValue {
    Null(#[tsify(type = "null")] ()),
    Boolean(bool),
    Number(f64),
    String(String),
    Array(#[tsify(type = "readonly JsonValue[]")] Vec<JsonValue>),
    Object(#[tsify(type = "{ readonly [key: string]: JsonValue }")] ()),
}

/// A JSON Schema: an object, or `true` / `false`.
#[derive(Tsify)]
#[serde(untagged)]
pub enum JsonSchema {
    Boolean(bool),
    Object(#[tsify(type = "JsonSchemaObject")] ()),
}

/// What pre-validation changed before the parse that failed. `aliased` and `ignored`
/// (the undeclared underscore-prefixed keys the drop discarded, never `_meta` and the
/// other ignore-list drops) go out as `data.input`, keys only; `collisions` is named in
/// the hint only.
#[derive(Tsify)]
pub struct PreValidationInput {
    #[tsify(type = "readonly KeyAlias[]")]
    pub aliased: Vec<KeyAlias>,
    #[tsify(type = "readonly string[]")]
    pub ignored: Vec<String>,
    #[serde(default)]
    #[tsify(type = "readonly AliasCollision[] | undefined")]
    pub collisions: Option<Vec<AliasCollision>>,
}

#[derive(Tsify)]
pub struct FormatValidationOptions {
    /// The tool's name, as the message names it.
    pub tool: String,
    /// The arguments the failed parse saw (after any repair that held). Read only for
    /// whether a value is present at an issue's path and its JSON type; no value the
    /// caller sent reaches the result.
    #[tsify(type = "unknown")]
    pub args: (),
    /// The tool's `inputSchema`: where accepted keys and expected types come from.
    #[serde(default)]
    pub schema: Option<JsonSchema>,
    /// What pre-validation changed, when it changed something.
    #[serde(default)]
    pub input: Option<PreValidationInput>,
}

/// A tool's error contract. Declare it inline or `as const` so its reasons stay literal.
#[derive(Tsify)]
pub struct ErrorContract(#[tsify(type = "readonly ErrorContractEntry[]")] pub Vec<ErrorContractEntry>);

/// `{ recovery: { hint } }` for a declared reason; `{}` otherwise. Safe to spread into `data`.
#[derive(Tsify)]
#[serde(untagged)]
pub enum RecoveryFor {
    Declared {
        #[tsify(type = "{ hint: string }")]
        recovery: (),
    },
    Undeclared(#[tsify(type = "Record<string, never>")] ()),
}

#[derive(Tsify)]
#[serde(rename_all = "camelCase")]
pub struct ErrorResultOptions {
    /// The call's request id, set as `data.requestId` (replacing one the thrown data
    /// carries) and closing the term line. The MCP SDK's request id (`extra.requestId`,
    /// `string | number`) fits as is: an integer is written as its decimal text (`42` →
    /// `"42"`). Generated (`XXXXX-XXXXX`) when absent; `false` adds none, so a
    /// `data.requestId` the thrown McpError carries goes out as thrown (a contract test's
    /// envelope). A number that is not an integer is a TypeError.
    #[serde(default)]
    #[tsify(type = "string | number | false | undefined")]
    pub request_id: Option<String>,
    /// The tool's error contract: a declared reason with no throw-site recovery gets the entry's.
    #[serde(default)]
    pub contract: Option<ErrorContract>,
    /// The request's signal was aborted: RequestCancelled whatever was thrown, and no recovery fill.
    #[serde(default)]
    pub aborted: Option<bool>,
    /// Mask secrets as `***` in the message and every string of `data` (URL passwords,
    /// `Bearer` / `Basic` tokens, OpenAI, Stripe, GitHub, Slack and AWS keys, JWTs,
    /// `password=…` / `token=…` values, fields named like `password` or `apiKey`).
    /// Default `true`.
    #[serde(default)]
    pub redact_secrets: Option<bool>,
    /// Send a server-category error (InternalError, UnknownError, DatabaseError,
    /// ConfigurationError, InitializationFailed, SerializationError) with a fixed sentence
    /// telling the model to retry once and then report it; its data keeps only `reason`,
    /// `retryable`, `recovery` and `requestId`. Default `false`.
    #[serde(default)]
    pub mask_server_errors: Option<bool>,
    /// Add the code's next step where the thrown value gives none: a `Recovery:` sentence
    /// (`data.recovery.hint`) and `data.retryable` (ServiceUnavailable, Timeout and
    /// RateLimited retryable, naming `data.retryAfter` when known; Unauthorized, Forbidden,
    /// NotFound and argument errors not; InternalError nothing), and a plain throw's
    /// message names its nearest cause (`fetch failed: connect ECONNREFUSED …`). Default
    /// `false` here (mcp-ts-core's bytes); `registerTool` turns it on.
    #[serde(default)]
    pub guidance: Option<bool>,
}

#[derive(Tsify)]
pub struct LogRecordOptions {
    /// The tool's name.
    pub tool: String,
    /// The tool's error contract: a declared reason logs at its entry's `severity`.
    #[serde(default)]
    pub contract: Option<ErrorContract>,
    /// The request's signal was aborted: RequestCancelled, logged at `info`.
    #[serde(default)]
    pub aborted: Option<bool>,
    /// Where it failed (`validation`, `handler`, …), copied to the record.
    #[serde(default)]
    pub phase: Option<String>,
}

/// A detail value, written as `String(value)`; a Date as its ISO text. (At run time
/// any other object is written as bounded JSON; user `toString` / `toJSON` never run.)
#[derive(Tsify)]
#[serde(untagged)]
pub enum DetailValue {
    String(String),
    Number(f64),
    Boolean(bool),
    BigInt(i128),
    Date(#[tsify(type = "Date")] ()),
    Null(#[tsify(type = "null")] ()),
    Undefined(#[tsify(type = "undefined")] ()),
}

#[derive(Tsify)]
#[serde(rename_all = "camelCase")]
pub struct ToolErrorOptions {
    pub message: String,
    /// Written as `<recovery>` when non-empty.
    #[serde(default)]
    pub suggestion: Option<String>,
    #[serde(default)]
    #[tsify(type = "readonly string[] | undefined")]
    pub available_actions: Option<Vec<String>>,
    /// Written in `Object.keys` order (integer-like keys first).
    #[serde(default)]
    #[tsify(type = "Readonly<Record<string, DetailValue>> | undefined")]
    pub details: Option<Vec<(String, DetailValue)>>,
    /// Seconds; written only when finite and positive.
    #[serde(default)]
    pub retry_after: Option<f64>,
    #[serde(default)]
    pub severity: Option<ToolErrorSeverity>,
    /// Mask secrets (URL passwords, `Bearer` tokens, provider keys, JWTs, `password=…`)
    /// in the message, the suggestion and the detail values as `***`. Default `true`.
    #[serde(default)]
    pub redact_secrets: Option<bool>,
}

/// Why a call could not be routed to an action.
#[derive(Tsify)]
#[serde(rename_all = "lowercase")]
pub enum RoutingErrorKind {
    Missing,
    Invalid,
    Unknown,
}

#[derive(Tsify)]
pub struct RoutingErrorOptions {
    /// The discriminator field, e.g. `"action"`.
    pub discriminator: String,
    #[tsify(type = "readonly string[]")]
    pub actions: Vec<String>,
    /// What was sent in the discriminator field: for `invalid`, any value (its `typeof` is
    /// reported); for `unknown`, the action name (echoed, cut at 200 units).
    #[serde(default)]
    #[tsify(type = "unknown")]
    pub value: (),
}

#[derive(Tsify)]
#[serde(rename_all = "camelCase")]
pub struct InternalErrorLocation {
    pub tool: String,
    #[serde(default)]
    pub action: Option<String>,
    /// Mask secrets in the thrown message as `***` before it is cut (default `true`).
    #[serde(default)]
    pub redact_secrets: Option<bool>,
    /// Report a server-category throw (as `classify` finds it: InternalError,
    /// UnknownError, DatabaseError, ConfigurationError, InitializationFailed,
    /// SerializationError) with a fixed sentence instead of its message; client and
    /// upstream throws keep theirs. Default `false`.
    #[serde(default)]
    pub mask_server_errors: Option<bool>,
}

/// How much a contract change matters to a caller (MCP Fusion's `DeltaSeverity`).
#[derive(Tsify)]
#[serde(rename_all = "UPPERCASE")]
pub enum DeltaSeverity {
    Breaking,
    Risky,
    Safe,
    Cosmetic,
}

#[derive(Tsify)]
#[serde(rename_all = "camelCase")]
pub struct EnrichOptions {
    /// Tool name → its contract diff.
    #[tsify(type = "ReadonlyMap<string, ContractDiffLike>")]
    pub active_deltas: (),
    /// Inject SAFE and COSMETIC changes too (default: BREAKING and RISKY only).
    #[serde(default)]
    pub include_all_severities: Option<bool>,
    /// At most this many changes (default 5, never above 100; read as `slice(0, n)`).
    #[serde(default)]
    pub max_deltas_per_error: Option<f64>,
}

#[derive(Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(type_params = "R extends ToolResultLike = ToolResultLike")]
pub struct ParsedToolError<R> {
    /// The XML dialect's string code (`UNKNOWN` when none; `VALIDATION_ERROR` for a
    /// `<validation_error>`), the JSON-RPC dialect's number, or `null` when the result
    /// names none (plain text, or the JSON-RPC text form without `structuredContent`).
    /// The SDK's own texts read as -32602: `MCP error -32602: …`, `Input validation
    /// error: …`, `Output validation error: …`.
    #[tsify(type = "string | number | null")]
    pub code: (),
    /// For a `<validation_error>`, the whole text (as MCP Fusion's client gives it); for
    /// plain text, the text (without v1's `MCP error <code>: ` prefix). At most 131,072
    /// UTF-16 units; a cut message ends with `…`.
    pub message: String,
    #[tsify(type = "string | null")]
    pub recovery: Option<String>,
    pub available_actions: Vec<String>,
    /// `error` when none is given.
    pub severity: String,
    pub dialect: ErrorDialect,
    /// The result that was parsed, the caller's own object.
    pub raw: R,
    /// JSON-RPC dialect, when given: `data.reason`, or the text's `(reason …)` term (at
    /// most 1,024 UTF-16 units; a cut one ends with `…`).
    #[tsify(optional)]
    pub reason: Option<String>,
    /// JSON-RPC dialect, when given: `data.retryable`, or the text's `retryable` /
    /// `not retryable` term.
    #[tsify(optional)]
    pub retryable: Option<bool>,
    /// JSON-RPC dialect, when given: `data.requestId`, or the text's `(request …)` term
    /// (at most 1,024 UTF-16 units; a cut one ends with `…`).
    #[tsify(optional)]
    pub request_id: Option<String>,
    /// `<tool_error>` only, when it has `<details>`: each `<detail key>` and its value,
    /// entities decoded (at most 1,000 are read).
    #[tsify(optional, type = "Record<string, string>")]
    pub details: Option<()>,
    /// `<tool_error>` only, when it has `<retry_after>N seconds</retry_after>` with a
    /// finite N: the seconds to wait before retrying.
    #[tsify(optional)]
    pub retry_after: Option<f64>,
    /// `<validation_error>` only: its `action` attribute (`tool/action`); `''` when it has none.
    #[tsify(optional)]
    pub action: Option<String>,
    /// `<validation_error>` only: one entry per `<field>`, in order (at most 1,000 are read).
    #[tsify(optional)]
    pub fields: Option<Vec<ParsedValidationField>>,
    /// `<validation_error>` only: how many issues the server left out (`<more_issues count>`), else 0.
    #[tsify(optional)]
    pub more_issues: Option<u32>,
}

/// What this package adds to the SDK's tool config.
#[derive(Tsify)]
#[serde(rename_all = "camelCase")]
pub struct RegisterToolOptions {
    /// The tool's error contract: a declared reason thrown with `fail()` and no recovery
    /// of its own gets the entry's recovery on the wire. JSON-RPC dialect only.
    #[serde(default)]
    pub errors: Option<ErrorContract>,
    /// How errors are written: `'jsonrpc'` (default; mcp-ts-core's envelope with
    /// `structuredContent.error`) or `'xml'` (MCP Fusion's `<tool_error>` and
    /// `<validation_error>` text).
    #[serde(default)]
    #[tsify(type = "'jsonrpc' | 'xml' | undefined")]
    pub dialect: Option<ErrorDialect>,
    /// Mask credentials and secret-shaped keys in every message on the wire (default `true`).
    #[serde(default)]
    pub redact_secrets: Option<bool>,
    /// Send a fixed sentence instead of the message of a server-category error
    /// (InternalError, DatabaseError, ...); the raw text stays in your logs (default `false`).
    #[serde(default)]
    pub mask_server_errors: Option<bool>,
    /// Each failure's next step for the model where the thrown value gives none (see
    /// `errorResult`'s `guidance`). Default `true`.
    #[serde(default)]
    pub guidance: Option<bool>,
    /// Called with every failure's log record (argument rejections, throws, masked errors,
    /// results that are no tool result), `requestId` the id the model saw. Its raw
    /// message is for your logs; a hook that throws never breaks the call.
    #[serde(default)]
    #[tsify(type = "((record: ToolFailureRecord) => void) | undefined")]
    pub on_error: Option<String>,
    /// The request id the envelope carries: a string or integer, `false` for none, or a
    /// function of the SDK's request context (e.g. `(extra) => extra.requestId`) asked per
    /// failure. Generated (`XXXXX-XXXXX`) when absent. Cut at 1,024 units with `…`.
    #[serde(default)]
    #[tsify(type = "string | number | false | ((context: never) => string | number | false) | undefined")]
    pub request_id: Option<String>,
}

// The shapes tsify cannot write: `readonly` members, index signatures, literal-typed
// members of a type alias (a result must stay a type alias, not an interface, to be
// assignable to the MCP SDK's `CallToolResult`, whose index signature an interface never
// satisfies) and intersections. Each is still declared only here.

#[wasm_bindgen(typescript_custom_section)]
const JSON_SCHEMA_OBJECT_TS: &'static str = r#"/**
 * A JSON Schema object, as a tool publishes it in `inputSchema` (what
 * `z.toJSONSchema(schema)` returns). The formatter reads `properties`,
 * `additionalProperties`, `items`, `prefixItems`, `anyOf` / `oneOf` / `allOf` and
 * `$ref` / `$defs` to learn the keys a tool accepts; every other keyword is allowed
 * and ignored.
 */
export interface JsonSchemaObject {
  readonly type?: string | readonly string[] | undefined;
  /** `object` as well: the MCP SDK types a Tool's `inputSchema.properties` as `Record<string, object>`. */
  readonly properties?: { readonly [key: string]: JsonSchema | object } | undefined;
  readonly required?: readonly string[] | undefined;
  readonly additionalProperties?: JsonSchema | undefined;
  readonly items?: JsonSchema | readonly JsonSchema[] | undefined;
  readonly prefixItems?: readonly JsonSchema[] | undefined;
  readonly anyOf?: readonly JsonSchema[] | undefined;
  readonly oneOf?: readonly JsonSchema[] | undefined;
  readonly allOf?: readonly JsonSchema[] | undefined;
  readonly $ref?: string | undefined;
  readonly $defs?: { readonly [key: string]: JsonSchema } | undefined;
  readonly definitions?: { readonly [key: string]: JsonSchema } | undefined;
  readonly [keyword: string]: unknown;
}
"#;

#[wasm_bindgen(typescript_custom_section)]
const ISSUE_TS: &'static str = r#"/** A path segment as Standard Schema may give it: `{ key }` instead of the key itself. */
export interface IssuePathSegment {
  readonly key: PropertyKey;
}

/**
 * A validation issue: Zod 4's `$ZodIssue`, Zod 3's `ZodIssue`, a Standard Schema issue
 * (Valibot, ArkType, Effect …) or a hand-written object. Only these three fields are
 * named; every other field an issue carries (`expected`, `values`, `keys`, `origin` …)
 * is accepted as well, since the functions that take issues are generic over them.
 * Issues are read safely, never trusted.
 */
export interface ZodIssueLike {
  readonly code?: string | undefined;
  readonly path?: readonly (PropertyKey | IssuePathSegment)[] | undefined;
  readonly message?: string | undefined;
}
"#;

#[wasm_bindgen(typescript_custom_section)]
const INVALID_ARGUMENTS_DATA_TS: &'static str = r#"/** `data` of an argument rejection. Every cut list, object or string has its uncut size beside it. */
export interface InvalidArgumentsData {
  readonly [field: string]: unknown;
  /**
   * Zod's issues as Zod wrote them, bounded: 10 per list, 30 through union branches,
   * 1,024 units per string; an issue that could not be read at all is `"[Unreadable]"`.
   */
  readonly issues: readonly (ZodIssueLike | '[Unreadable]')[];
  /** How many issues Zod raised at the top level, when `issues` keeps fewer. */
  readonly issuesCount?: number;
  readonly reason: 'invalid_arguments';
  /** Present only when pre-validation rewrote or dropped a key. */
  readonly input?: {
    readonly [field: string]: unknown;
    readonly aliased: readonly { readonly alias: string; readonly target: string; readonly [field: string]: unknown }[];
    readonly ignored: readonly string[];
  };
  readonly recovery: { readonly hint: string };
}
"#;

#[wasm_bindgen(typescript_custom_section)]
const TOOL_ERROR_RESULT_TS: &'static str = r#"/**
 * The error `CallToolResult` of a tool call: `content[0].text` for the model (`Error:
 * MSG`, `Recovery: HINT`, `(reason R · retryable · request ID)`) and
 * `structuredContent.error` for the client. A type alias with an index signature, so
 * that it is assignable to the MCP SDK's `CallToolResult` (SDK 1.x and 2.x) as is.
 */
export type ToolErrorResult = {
  [key: string]: unknown;
  isError: true;
  content: [{ type: 'text'; text: string }];
  structuredContent: { error: ToolErrorPayload };
};

/** The error `CallToolResult` {@link errorResult} returns. */
export type CallToolResult = ToolErrorResult;
"#;

#[wasm_bindgen(typescript_custom_section)]
const TOOL_RESPONSE_TS: &'static str = r#"/** One text block of an MCP tool result. */
export type TextContent = {
  type: 'text';
  text: string;
};

/** MCP's tool result as the XML dialect writes it: one text block. */
export type ToolResponse = {
  [key: string]: unknown;
  content: [TextContent];
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
};

/**
 * A response this package wrote: `isError` is always present (`false` only for the
 * `warning` severity). Most carry the non-enumerable brand
 * `Symbol.for('mcp-fusion.ToolResponse')`, which lets a thrown one pass through
 * {@link internalError} intact; routing errors do not.
 */
export type ToolErrorResponse = ToolResponse & {
  isError: boolean;
};

/** What {@link validationErrorResult} returns: always an error, never branded. */
export type ValidationErrorResponse = ToolResponse & {
  isError: true;
};
"#;

#[wasm_bindgen(typescript_custom_section)]
const CONTRACT_DELTA_TS: &'static str = r#"/** One change of a tool's behavioural contract (MCP Fusion's `ContractDelta`). */
export interface ContractDelta {
  readonly category?: string | undefined;
  /** `actions.<key>…` scopes it to an action; anything else is tool-wide. */
  readonly field: string;
  readonly severity: DeltaSeverity;
  readonly description: string;
  readonly before?: string | null | undefined;
  readonly after?: string | null | undefined;
}

/** A tool's contract diff (MCP Fusion's `ContractDiffResult`); only `deltas` is read. */
export interface ContractDiffLike {
  readonly deltas: readonly ContractDelta[];
}
"#;

#[wasm_bindgen(typescript_custom_section)]
const TOOL_RESULT_LIKE_TS: &'static str = r#"/** A content block of any kind; only text blocks are read. */
export interface ContentBlockLike {
  readonly type: string;
  readonly text?: string | undefined;
}

/**
 * Any MCP `CallToolResult`: what `client.callTool()` returns in `@modelcontextprotocol/sdk`
 * 1.x (including its legacy `{ toolResult }` form, read as a success unless `isError`)
 * and in `@modelcontextprotocol/client` 2.x, a ToolResponse, or an ErrorBuilder.
 */
export interface ToolResultLike {
  readonly content?: readonly ContentBlockLike[] | undefined;
  readonly isError?: boolean | undefined;
  /** Read only when it is an object with an object `error` (the JSON-RPC dialect). */
  readonly structuredContent?: unknown;
  /** The SDK 1.x legacy result form's field; never read. */
  readonly toolResult?: unknown;
  readonly _meta?: unknown;
}
"#;

#[wasm_bindgen(typescript_custom_section)]
const STANDARD_SCHEMA_TS: &'static str = r#"/**
 * A Standard Schema (https://standardschema.dev): Zod 4, Zod 3.24+, Valibot, ArkType and
 * others. `Output` is what a successful parse returns.
 */
export interface StandardSchemaLike<Output = unknown> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => unknown;
    readonly types?: { readonly input: unknown; readonly output: Output } | undefined;
  };
}

/** A raw shape, as the SDK accepts for `inputSchema`: `{ city: z.string() }`. */
export type RawShapeLike = { readonly [key: string]: StandardSchemaLike };

/** A tool's `inputSchema`: a schema, or a raw shape of schemas. */
export type ToolInputSchema = StandardSchemaLike | RawShapeLike;
"#;
