//! The JSON-RPC error codes of the mcp-ts-core dialect, their categories, and the
//! canonical string codes of the XML (MCP Fusion) dialect.

/// The one table of JSON-RPC codes: `Name = value`, in the order the reference declares
/// them, each after its one-line doc. `json_rpc_code_table!(then)` hands it to the macro
/// `then`, which matches each entry as `$(#[doc = $doc:literal])* $name:ident =
/// $value:literal,`: below it becomes the core's [`JsonRpcErrorCode`]; in
/// `src/wasm/codes.rs` the wasm-bindgen enum the npm package's `JsonRpcErrorCode` object
/// and its TypeScript `enum` are generated from (the doc lines become their JSDoc). The
/// docs are `#[doc = "…"]`, not `///`: a `///` in a macro's input reaches wasm-bindgen
/// as a raw string literal (`r"…"`), which it writes into the JSDoc unquoted.
macro_rules! json_rpc_code_table {
    ($then:ident) => {
        $then! {
            #[doc = " -32700, JSON-RPC's own: the request was not valid JSON."]
            ParseError = -32700,
            #[doc = " -32600, JSON-RPC's own: the request is not a valid call (also what an upstream 3xx or an unlisted 4xx status maps to)."]
            InvalidRequest = -32600,
            #[doc = " -32601, JSON-RPC's own: no such method or tool."]
            MethodNotFound = -32601,
            #[doc = " -32602, JSON-RPC's own: the arguments do not fit the tool's input schema."]
            InvalidParams = -32602,
            #[doc = " -32603, JSON-RPC's own: this server failed in a way it did not anticipate."]
            InternalError = -32603,
            #[doc = " -32000: a service this server depends on is down or failing (an upstream 5xx)."]
            ServiceUnavailable = -32000,
            #[doc = " -32001: what the call names does not exist."]
            NotFound = -32001,
            #[doc = " -32002: the call clashes with the current state (already exists, locked, changed meanwhile)."]
            Conflict = -32002,
            #[doc = " -32003: too many calls; wait before the next one."]
            RateLimited = -32003,
            #[doc = " -32004: the work, or a service it waited on, took too long."]
            Timeout = -32004,
            #[doc = " -32005: the caller is known but may not do this."]
            Forbidden = -32005,
            #[doc = " -32006: the caller is not authenticated (missing or bad credentials)."]
            Unauthorized = -32006,
            #[doc = " -32007: the arguments are well-formed but their values are not acceptable."]
            ValidationError = -32007,
            #[doc = " -32008: this server is misconfigured (a missing setting, a bad key)."]
            ConfigurationError = -32008,
            #[doc = " -32009: this server, or a part of it, failed to start."]
            InitializationFailed = -32009,
            #[doc = " -32010: this server's own database failed."]
            DatabaseError = -32010,
            #[doc = " -32011: the caller cancelled the request (its abort signal fired)."]
            RequestCancelled = -32011,
            #[doc = " -32070: data could not be written or read back (JSON, XML, a parser)."]
            SerializationError = -32070,
            #[doc = " -32099: the generic fallback, when nothing more precise is known."]
            UnknownError = -32099,
        }
    };
}
#[allow(unused_imports)]
pub(crate) use json_rpc_code_table;

macro_rules! core_code_enum {
    ($($(#[doc = $doc:literal])* $name:ident = $value:literal,)*) => {
        /// Every code a JSON-RPC envelope may carry (mcp-ts-core's `JsonRpcErrorCode`):
        /// JSON-RPC's own five and the server-defined ones. The discriminants are the wire
        /// numbers. Pick one for an [`McpError`](crate::McpError); [`classify_error`](crate::classify_error)
        /// picks one for any other error.
        ///
        /// ```
        /// use mcp_envelope::JsonRpcErrorCode;
        ///
        /// let code = JsonRpcErrorCode::NotFound;
        /// assert_eq!(code.value(), -32001);
        /// assert_eq!(code as i32, -32001);
        /// assert_eq!(code.name(), "NotFound");
        /// assert_eq!(JsonRpcErrorCode::from_value(-32001), Some(code));
        /// ```
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[repr(i32)]
        pub enum JsonRpcErrorCode {
            $($(#[doc = $doc])* $name = $value,)*
        }

        impl JsonRpcErrorCode {
            /// All codes, in the order the reference declares them.
            ///
            /// ```
            /// use mcp_envelope::JsonRpcErrorCode;
            ///
            /// assert_eq!(JsonRpcErrorCode::ALL.len(), 19);
            /// assert_eq!(JsonRpcErrorCode::ALL[0], JsonRpcErrorCode::ParseError);
            /// assert!(JsonRpcErrorCode::ALL.contains(&JsonRpcErrorCode::RequestCancelled));
            /// ```
            pub const ALL: [JsonRpcErrorCode; [$(stringify!($name)),*].len()] = [$(JsonRpcErrorCode::$name,)*];

            /// The enum member's name, e.g. `"RateLimited"`: what the JS `JsonRpcErrorCode`
            /// object calls it, and what a log or a metric can label the code with.
            ///
            /// ```
            /// use mcp_envelope::JsonRpcErrorCode;
            ///
            /// assert_eq!(JsonRpcErrorCode::RateLimited.name(), "RateLimited");
            /// ```
            pub fn name(self) -> &'static str {
                match self {
                    $(JsonRpcErrorCode::$name => stringify!($name),)*
                }
            }

            /// Its position in [`JsonRpcErrorCode::ALL`] (how the npm package's classify
            /// answer names it).
            pub(crate) fn index(self) -> usize {
                JsonRpcErrorCode::ALL.iter().position(|code| *code == self).unwrap_or_default()
            }
        }
    };
}
json_rpc_code_table!(core_code_enum);

/// Where a failure comes from, as the reference's error counters bucket it: the
/// caller, this server, or something it depends on.
// The Rust example stays out of the TypeScript the wasm build generates from these docs.
#[cfg_attr(
    not(all(target_arch = "wasm32", feature = "typescript")),
    doc = "",
    doc = r#"
Each [`JsonRpcErrorCode`] has one ([`JsonRpcErrorCode::category`]); use it to decide
what to alert on (server), what to retry later (upstream) and what to leave to the
caller (client).

```
use mcp_envelope::{Category, JsonRpcErrorCode};

assert_eq!(JsonRpcErrorCode::Timeout.category(), Category::Upstream);
assert_eq!(JsonRpcErrorCode::InternalError.category(), Category::Server);
assert_eq!(JsonRpcErrorCode::NotFound.category(), Category::Client);
```"#
)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
// Its TypeScript (`ErrorCategory`) is generated from this declaration by the wasm build (feature `typescript`).
#[cfg_attr(
    all(target_arch = "wasm32", feature = "typescript"),
    derive(tsify::Tsify),
    tsify(rename = "ErrorCategory"),
    serde(rename_all = "lowercase")
)]
pub enum Category {
    /// The caller can change something and succeed (bad arguments, not found, forbidden).
    Client,
    /// This server failed (an internal, configuration, database or serialization error).
    Server,
    /// A service this server depends on failed, was too slow or rate-limited it.
    Upstream,
}

impl Category {
    /// `client`, `server` or `upstream`, as the npm package and the log records name it.
    ///
    /// ```
    /// use mcp_envelope::{Category, JsonRpcErrorCode};
    ///
    /// assert_eq!(Category::Upstream.as_str(), "upstream");
    /// assert_eq!(JsonRpcErrorCode::DatabaseError.category().as_str(), "server");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Category::Client => "client",
            Category::Server => "server",
            Category::Upstream => "upstream",
        }
    }
}

impl JsonRpcErrorCode {
    /// The wire number, as `error.code` carries it.
    ///
    /// ```
    /// use mcp_envelope::JsonRpcErrorCode;
    ///
    /// assert_eq!(JsonRpcErrorCode::InvalidParams.value(), -32602);
    /// ```
    pub fn value(self) -> i32 {
        self as i32
    }

    /// The code with this wire number; `None` for a number outside the table (a client
    /// reading an error another server sent may meet one).
    ///
    /// ```
    /// use mcp_envelope::JsonRpcErrorCode;
    ///
    /// assert_eq!(JsonRpcErrorCode::from_value(-32004), Some(JsonRpcErrorCode::Timeout));
    /// assert_eq!(JsonRpcErrorCode::from_value(-1), None);
    /// ```
    pub fn from_value(value: i32) -> Option<JsonRpcErrorCode> {
        JsonRpcErrorCode::ALL.into_iter().find(|c| c.value() == value)
    }

    /// Upstream for what an external dependency did, server for our own faults,
    /// client for everything the caller can change.
    ///
    /// ```
    /// use mcp_envelope::{Category, JsonRpcErrorCode};
    ///
    /// assert_eq!(JsonRpcErrorCode::RateLimited.category(), Category::Upstream);
    /// assert_eq!(JsonRpcErrorCode::SerializationError.category(), Category::Server);
    /// assert_eq!(JsonRpcErrorCode::RequestCancelled.category(), Category::Client);
    /// ```
    pub fn category(self) -> Category {
        match self {
            JsonRpcErrorCode::ServiceUnavailable | JsonRpcErrorCode::RateLimited | JsonRpcErrorCode::Timeout => {
                Category::Upstream
            }
            JsonRpcErrorCode::InternalError
            | JsonRpcErrorCode::UnknownError
            | JsonRpcErrorCode::DatabaseError
            | JsonRpcErrorCode::ConfigurationError
            | JsonRpcErrorCode::InitializationFailed
            | JsonRpcErrorCode::SerializationError => Category::Server,
            _ => Category::Client,
        }
    }
}

/// The one list of canonical string codes of the XML dialect (seed 000), handed to the
/// macro `then` like [`json_rpc_code_table`]: below it becomes
/// [`CANONICAL_TOOL_ERROR_CODES`]; in `src/wasm/types.rs` the TypeScript tuple type of
/// `TOOL_ERROR_CODES`.
macro_rules! canonical_tool_error_code_table {
    ($then:ident) => {
        $then! {
            "MISSING_DISCRIMINATOR",
            "UNKNOWN_ACTION",
            "VALIDATION_ERROR",
            "MISSING_REQUIRED_FIELD",
            "INTERNAL_ERROR",
            "RATE_LIMITED",
            "UNAUTHORIZED",
            "FORBIDDEN",
            "NOT_FOUND",
            "CONFLICT",
            "TIMEOUT",
            "SERVER_BUSY",
            "DEPRECATED",
            "AUTH_REQUIRED",
            "HANDOFF_UPSTREAM_UNAVAILABLE",
            "HANDOFF_NAMESPACE_MISMATCH",
            "HANDOFF_CONNECTING",
        }
    };
}
#[allow(unused_imports)]
pub(crate) use canonical_tool_error_code_table;

macro_rules! core_canonical_codes {
    ($($code:literal,)*) => {
        /// The canonical string codes of the XML dialect (MCP Fusion's `<tool_error
        /// code="…">`), in order. The set is "closed, then open": these are offered, any
        /// other string is accepted as a custom code by [`xml_tool_error`](crate::xml_tool_error).
        ///
        /// ```
        /// use mcp_envelope::CANONICAL_TOOL_ERROR_CODES;
        ///
        /// assert_eq!(CANONICAL_TOOL_ERROR_CODES.len(), 17);
        /// assert_eq!(CANONICAL_TOOL_ERROR_CODES[0], "MISSING_DISCRIMINATOR");
        /// assert!(CANONICAL_TOOL_ERROR_CODES.contains(&"NOT_FOUND"));
        /// ```
        pub const CANONICAL_TOOL_ERROR_CODES: [&str; [$($code),*].len()] = [$($code,)*];
    };
}
canonical_tool_error_code_table!(core_canonical_codes);

/// How a code of one dialect reads in the other: the one table both directions use.
/// Each row is a JSON-RPC code and the canonical XML code that means the same; a row
/// marked [`Way::Both`] is read in both directions, [`Way::ToXml`] only from JSON-RPC
/// to XML and [`Way::ToJsonRpc`] only from XML to JSON-RPC (where several codes of one
/// dialect mean one code of the other). A code in no row means nothing the other
/// dialect has a word for: `INTERNAL_ERROR` / InternalError.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Way {
    Both,
    ToXml,
    ToJsonRpc,
}

pub const DIALECT_CODES: [(JsonRpcErrorCode, &str, Way); 15] = [
    (JsonRpcErrorCode::NotFound, "NOT_FOUND", Way::Both),
    (JsonRpcErrorCode::Unauthorized, "UNAUTHORIZED", Way::Both),
    (JsonRpcErrorCode::Unauthorized, "AUTH_REQUIRED", Way::ToJsonRpc),
    (JsonRpcErrorCode::Forbidden, "FORBIDDEN", Way::Both),
    (JsonRpcErrorCode::Conflict, "CONFLICT", Way::Both),
    (JsonRpcErrorCode::RateLimited, "RATE_LIMITED", Way::Both),
    (JsonRpcErrorCode::Timeout, "TIMEOUT", Way::Both),
    (JsonRpcErrorCode::ServiceUnavailable, "SERVER_BUSY", Way::Both),
    (JsonRpcErrorCode::ServiceUnavailable, "HANDOFF_UPSTREAM_UNAVAILABLE", Way::ToJsonRpc),
    (JsonRpcErrorCode::InvalidParams, "VALIDATION_ERROR", Way::Both),
    (JsonRpcErrorCode::ValidationError, "VALIDATION_ERROR", Way::ToXml),
    (JsonRpcErrorCode::InvalidParams, "MISSING_REQUIRED_FIELD", Way::ToJsonRpc),
    (JsonRpcErrorCode::InvalidParams, "MISSING_DISCRIMINATOR", Way::ToJsonRpc),
    (JsonRpcErrorCode::InvalidParams, "UNKNOWN_ACTION", Way::ToJsonRpc),
    (JsonRpcErrorCode::InternalError, "INTERNAL_ERROR", Way::Both),
];

/// The canonical XML code a JSON-RPC code reads as (`INTERNAL_ERROR` when none means the same).
pub fn xml_code_for(code: JsonRpcErrorCode) -> &'static str {
    DIALECT_CODES
        .iter()
        .find(|(json, _, way)| *json == code && *way != Way::ToJsonRpc)
        .map_or("INTERNAL_ERROR", |(_, xml, _)| *xml)
}

/// The JSON-RPC code an XML code reads as (InternalError when none means the same).
pub fn json_rpc_code_for(xml: &str) -> JsonRpcErrorCode {
    DIALECT_CODES
        .iter()
        .find(|(_, x, way)| *x == xml && *way != Way::ToXml)
        .map_or(JsonRpcErrorCode::InternalError, |(json, _, _)| *json)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_round_trips_through_its_value_and_has_a_distinct_name() {
        let mut names: Vec<&str> = JsonRpcErrorCode::ALL.iter().map(|c| c.name()).collect();
        for code in JsonRpcErrorCode::ALL {
            assert_eq!(JsonRpcErrorCode::from_value(code.value()), Some(code));
        }
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), 19);
        assert_eq!(JsonRpcErrorCode::RequestCancelled.value(), -32011);
        assert_eq!(JsonRpcErrorCode::from_value(-1), None);
    }

    #[test]
    fn categories_follow_the_reference_buckets() {
        let upstream: Vec<_> =
            JsonRpcErrorCode::ALL.into_iter().filter(|c| c.category() == Category::Upstream).collect();
        assert_eq!(
            upstream,
            [JsonRpcErrorCode::ServiceUnavailable, JsonRpcErrorCode::RateLimited, JsonRpcErrorCode::Timeout]
        );
        let server = JsonRpcErrorCode::ALL.into_iter().filter(|c| c.category() == Category::Server).count();
        assert_eq!(server, 6);
        assert_eq!(JsonRpcErrorCode::RequestCancelled.category(), Category::Client);
    }

    #[test]
    fn the_dialect_table_maps_each_meaning_both_ways() {
        for (json, xml) in [
            (JsonRpcErrorCode::NotFound, "NOT_FOUND"),
            (JsonRpcErrorCode::Unauthorized, "UNAUTHORIZED"),
            (JsonRpcErrorCode::Forbidden, "FORBIDDEN"),
            (JsonRpcErrorCode::Conflict, "CONFLICT"),
            (JsonRpcErrorCode::RateLimited, "RATE_LIMITED"),
            (JsonRpcErrorCode::Timeout, "TIMEOUT"),
            (JsonRpcErrorCode::ServiceUnavailable, "SERVER_BUSY"),
            (JsonRpcErrorCode::InvalidParams, "VALIDATION_ERROR"),
            (JsonRpcErrorCode::InternalError, "INTERNAL_ERROR"),
        ] {
            assert_eq!(xml_code_for(json), xml);
            assert_eq!(json_rpc_code_for(xml), json);
        }
        assert_eq!(xml_code_for(JsonRpcErrorCode::ValidationError), "VALIDATION_ERROR");
        assert_eq!(json_rpc_code_for("AUTH_REQUIRED"), JsonRpcErrorCode::Unauthorized);
        assert_eq!(json_rpc_code_for("MISSING_REQUIRED_FIELD"), JsonRpcErrorCode::InvalidParams);
        assert_eq!(json_rpc_code_for("UNKNOWN_ACTION"), JsonRpcErrorCode::InvalidParams);
        assert_eq!(json_rpc_code_for("HANDOFF_UPSTREAM_UNAVAILABLE"), JsonRpcErrorCode::ServiceUnavailable);
        // No word for it in the other dialect.
        assert_eq!(xml_code_for(JsonRpcErrorCode::DatabaseError), "INTERNAL_ERROR");
        assert_eq!(xml_code_for(JsonRpcErrorCode::RequestCancelled), "INTERNAL_ERROR");
        assert_eq!(json_rpc_code_for("DEPRECATED"), JsonRpcErrorCode::InternalError);
        assert_eq!(json_rpc_code_for("MY_CUSTOM_CODE"), JsonRpcErrorCode::InternalError);
        // Every XML code in the table is canonical.
        for (_, xml, _) in DIALECT_CODES {
            assert!(CANONICAL_TOOL_ERROR_CODES.contains(&xml), "{xml}");
        }
    }
}
