//! The JSON-RPC error codes of the mcp-ts-core dialect, their categories, and the
//! canonical string codes of the XML (MCP Fusion) dialect.

/// The one table of JSON-RPC codes: `Name = value`, in the order the reference declares
/// them. `json_rpc_code_table!(then)` hands it to the macro `then`: below it becomes the
/// core's [`JsonRpcErrorCode`]; in `src/wasm/types.rs` the wasm-bindgen enum the npm
/// package's `JsonRpcErrorCode` object and its TypeScript `enum` are generated from.
macro_rules! json_rpc_code_table {
    ($then:ident) => {
        $then! {
            ParseError = -32700,
            InvalidRequest = -32600,
            MethodNotFound = -32601,
            InvalidParams = -32602,
            InternalError = -32603,
            ServiceUnavailable = -32000,
            NotFound = -32001,
            Conflict = -32002,
            RateLimited = -32003,
            Timeout = -32004,
            Forbidden = -32005,
            Unauthorized = -32006,
            ValidationError = -32007,
            ConfigurationError = -32008,
            InitializationFailed = -32009,
            DatabaseError = -32010,
            RequestCancelled = -32011,
            SerializationError = -32070,
            UnknownError = -32099,
        }
    };
}
#[allow(unused_imports)]
pub(crate) use json_rpc_code_table;

macro_rules! core_code_enum {
    ($($name:ident = $value:literal,)*) => {
        /// Every code a JSON-RPC envelope may carry. Values are the wire numbers.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[repr(i32)]
        pub enum JsonRpcErrorCode {
            $($name = $value,)*
        }

        impl JsonRpcErrorCode {
            /// All codes, in the order the reference declares them.
            pub const ALL: [JsonRpcErrorCode; [$(stringify!($name)),*].len()] = [$(JsonRpcErrorCode::$name,)*];

            /// The enum member's name, e.g. `"RateLimited"`.
            pub fn name(self) -> &'static str {
                match self {
                    $(JsonRpcErrorCode::$name => stringify!($name),)*
                }
            }
        }
    };
}
json_rpc_code_table!(core_code_enum);

/// Where a failure comes from, as the reference's error counters bucket it: the
/// caller, this server, or something it depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
// Its TypeScript (`ErrorCategory`) is generated from this declaration by the wasm build (feature `typescript`).
#[cfg_attr(
    all(target_arch = "wasm32", feature = "typescript"),
    derive(tsify::Tsify),
    tsify(rename = "ErrorCategory"),
    serde(rename_all = "lowercase")
)]
pub enum Category {
    Client,
    Server,
    Upstream,
}

impl Category {
    pub fn as_str(self) -> &'static str {
        match self {
            Category::Client => "client",
            Category::Server => "server",
            Category::Upstream => "upstream",
        }
    }
}

impl JsonRpcErrorCode {
    pub fn value(self) -> i32 {
        self as i32
    }

    pub fn from_value(value: i32) -> Option<JsonRpcErrorCode> {
        JsonRpcErrorCode::ALL.into_iter().find(|c| c.value() == value)
    }

    /// Upstream for what an external dependency did, server for our own faults,
    /// client for everything the caller can change.
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
        /// The canonical string codes of the XML dialect (seed 000). The set is "closed, then
        /// open": these are offered, any other string is accepted as a custom code.
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
