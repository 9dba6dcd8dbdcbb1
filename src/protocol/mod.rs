//! The protocol between the npm package's JS layer and the core, declared once.
//!
//! Each operation takes one request, JSON text the JS layer writes, decoded here into
//! that operation's struct, and returns one result, JSON text the JS layer parses once.
//! The table in `table` names every operation, its request struct and its result's
//! TypeScript type; from it come the wasm exports (`src/wasm/`), the JS that encodes
//! each request (`pkg/lib/abi.js`) and its TypeScript interface (`pkg/lib/abi.d.ts`),
//! both written by `declare`. Nothing here knows wasm: the operations run and are
//! tested natively like the rest of the core.

mod classify;
mod client;
pub mod declare;
mod field;
mod jsonrpc;
pub mod table;
mod xml;

pub use field::{Field, FieldSpec, Json, Wire};
pub use xml::response_json;

use crate::value::Value;

/// What the operations need from their host: random bytes for a fresh request id
/// (`crypto.getRandomValues` under wasm).
pub trait Host {
    /// Fills `buffer` with random bytes; `false` when no randomness is available.
    fn fill_random(&mut self, buffer: &mut [u8]) -> bool;
}

/// A request that could not be read: only a caller that bypasses the JS layer sends one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProtocolError(pub String);

impl core::fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "mcp-envelope: {}", self.0)
    }
}

/// One operation's request: its fields, and how they are read from the request object.
pub trait Request<'a>: Sized {
    /// The request's TypeScript interface name.
    const NAME: &'static str;
    /// Its fields, in the order the JS encoder writes them.
    const FIELDS: &'static [FieldSpec];
    /// Reads the request from its parsed JSON object.
    fn decode(root: &'a Value) -> Result<Self, ProtocolError>;
}

/// The request's member `key` read as a `T` (one function per field type, not per
/// field); when it cannot be, the first such error goes to `error` and a placeholder
/// stands in (the request is then rejected whole).
#[inline(never)]
pub(crate) fn read_field<'a, T: Field<'a>>(
    root: &'a Value,
    request: &str,
    key: &str,
    error: &mut Option<ProtocolError>,
) -> T {
    T::read(root.get(key)).unwrap_or_else(|why| {
        if error.is_none() {
            *error = Some(field_error(request, key, why));
        }
        T::placeholder()
    })
}

/// A request field that could not be read (one function, not one per field).
#[inline(never)]
pub(crate) fn field_error(request: &str, key: &str, why: &str) -> ProtocolError {
    ProtocolError(format!("{request}.{key}: {why}"))
}

/// Parses one request's text: a JSON object.
#[inline(never)]
pub(crate) fn parse_request(text: &str, operation: &str) -> Result<Value, ProtocolError> {
    match Value::parse_json(text) {
        Ok(root @ Value::Object(_)) => Ok(root),
        Ok(_) => Err(ProtocolError(format!("{operation}: the request is not a JSON object"))),
        Err(e) => Err(ProtocolError(format!("{operation}: the request is not valid JSON ({e})"))),
    }
}

/// Declares a request struct, its decoder and its field table at once: each field's
/// JSON key, TypeScript type and encoding come from its Rust type ([`Field`]).
macro_rules! request {
    (
        $(#[doc = $doc:literal])*
        $name:ident<$lt:lifetime> as $ts:literal {
            $($(#[doc = $fdoc:literal])* $field:ident: $ty:ty = $key:literal,)*
        }
    ) => {
        $(#[doc = $doc])*
        pub struct $name<$lt> {
            $($(#[doc = $fdoc])* pub $field: $ty,)*
            /// Every request may borrow from its text.
            pub lifetime: core::marker::PhantomData<&$lt ()>,
        }

        impl<$lt> $crate::protocol::Request<$lt> for $name<$lt> {
            const NAME: &'static str = $ts;
            const FIELDS: &'static [$crate::protocol::FieldSpec] = &[$(
                $crate::protocol::FieldSpec {
                    key: $key,
                    ts: <$ty as $crate::protocol::Field>::TS,
                    optional: <$ty as $crate::protocol::Field>::OPTIONAL,
                    wire: <$ty as $crate::protocol::Field>::WIRE,
                    doc: concat!($($fdoc,)*),
                },
            )*];

            #[allow(unused_variables)] // a request without fields reads nothing
            fn decode(root: &$lt $crate::value::Value) -> Result<Self, $crate::protocol::ProtocolError> {
                #[allow(unused_mut)] // a request without fields leaves it alone
                let mut error = None;
                let request = $name {
                    lifetime: core::marker::PhantomData,
                    $($field: $crate::protocol::read_field::<$ty>(root, $ts, $key, &mut error),)*
                };
                error.map_or(Ok(request), Err)
            }
        }
    };
}
pub(crate) use request;

/// A result object's JSON text, written member by member.
pub(crate) struct Out(String);

impl Out {
    #[inline(never)]
    pub(crate) fn new() -> Self {
        Out(String::from("{"))
    }

    #[inline(never)]
    fn key(&mut self, key: &str) {
        if self.0.len() > 1 {
            self.0.push(',');
        }
        crate::value::write_json_string(key, &mut self.0);
        self.0.push(':');
    }

    #[inline(never)]
    pub(crate) fn string(mut self, key: &str, value: &str) -> Self {
        self.key(key);
        crate::value::write_json_string(value, &mut self.0);
        self
    }

    #[inline(never)]
    pub(crate) fn number(mut self, key: &str, value: f64) -> Self {
        self.key(key);
        self.0.push_str(&crate::value::js_number_string(value));
        self
    }

    #[inline(never)]
    pub(crate) fn bool(mut self, key: &str, value: bool) -> Self {
        self.key(key);
        self.0.push_str(if value { "true" } else { "false" });
        self
    }

    /// `json` is JSON text the core wrote.
    #[inline(never)]
    pub(crate) fn raw(mut self, key: &str, json: &str) -> Self {
        self.key(key);
        self.0.push_str(json);
        self
    }

    #[inline(never)]
    pub(crate) fn finish(mut self) -> String {
        self.0.push('}');
        self.0
    }
}

/// A JSON string's text (a result that is one string).
pub(crate) fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    crate::value::write_json_string(text, &mut out);
    out
}
