//! The protocol between the npm package's JS layer and the core, declared once.
//!
//! Each operation takes one request, its fields laid out in order as [`Wire`](crate::protocol::Wire) says (the
//! JS layer writes them straight into wasm memory), read here into that operation's
//! struct, and returns one result, as the operation's reply kind says (`table::Reply`:
//! JSON text, a string, an XML response's flags and text, an McpError's parts, a tool
//! result's text then its JSON, or an index).
//! The table in `table` names every operation, its request struct and its result's
//! TypeScript type; from it come the wasm exports (`src/wasm/`), the JS that encodes
//! each request (`pkg/lib/abi.js`) and its TypeScript interface (`pkg/lib/abi.d.ts`),
//! both written by `declare`. Nothing here knows wasm: the operations run and are
//! tested natively like the rest of the core.

mod classify;
mod client;
pub mod declare;
mod encode;
mod field;
mod jsonrpc;
mod lint;
mod log;
mod prevalidate;
mod read;
mod splice;
pub mod table;
mod upstream;
mod xml;

pub use encode::encode_json;
pub use field::{Field, FieldSpec, Json, JsonList, JsonText, Wire, WireField};
pub use jsonrpc::{parts_reply, result_reply};
pub use log::try_catch_reply;
pub use xml::response_reply;

use crate::value::Value;

pub(crate) use read::read_request;

/// What the operations need from their host: random bytes for a fresh request id
/// (`crypto.getRandomValues` under wasm).
pub trait Host {
    /// Fills `buffer` with random bytes; `false` when no randomness is available.
    fn fill_random(&mut self, buffer: &mut [u8]) -> bool;
}

/// 64 random bits from `host`, or `None` where it has none.
pub(crate) fn salt(host: &mut dyn Host) -> Option<u64> {
    let mut bytes = [0u8; 8];
    host.fill_random(&mut bytes).then(|| u64::from_le_bytes(bytes))
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
    /// Each field's key and layout: what reading the request needs of [`Self::FIELDS`]
    /// (the docs and TypeScript stay out of the wasm).
    const WIRES: &'static [WireField];
    /// Reads the request from its members.
    fn decode(members: &'a Members<'a>) -> Result<Self, ProtocolError>;
}

/// One field of a request as read ([`Wire`]): strings and lists in place, JSON text
/// parsed when its field is first read as a value ([`Json`], kept in the member's cell;
/// [`JsonList`] parses as it reads its field and keeps the result itself; [`JsonText`]
/// never parses).
#[derive(Debug, Clone, PartialEq)]
pub enum Member<'a> {
    Text(&'a str),
    Number(f64),
    Bool(bool),
    Json(&'a str, core::cell::OnceCell<Result<Value<'a>, &'static str>>),
    Numbers(Vec<u32>),
    Texts(Vec<&'a str>),
}

/// A request's fields, read once, in their declared order; an absent optional field is `None`.
#[derive(Debug, Default)]
pub struct Members<'a> {
    entries: Vec<Option<Member<'a>>>,
}

impl<'a> Members<'a> {
    /// The fields in their declared order (what `request!`'s decoder walks).
    pub fn iter(&self) -> core::slice::Iter<'_, Option<Member<'a>>> {
        self.entries.iter()
    }
}

/// The request's next field (named `key`) read as a `T` (one function per field
/// type, not per field); when it cannot be, the first such error goes to `error` and a
/// placeholder stands in (the request is then rejected whole).
#[inline(never)]
pub(crate) fn read_field<'a, T: Field<'a>>(
    fields: &mut core::slice::Iter<'a, Option<Member<'a>>>,
    request: &str,
    key: &str,
    error: &mut Option<ProtocolError>,
) -> T {
    T::read(fields.next().and_then(Option::as_ref)).unwrap_or_else(|why| {
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
            const WIRES: &'static [$crate::protocol::WireField] = &[$(
                $crate::protocol::WireField {
                    key: $key,
                    wire: <$ty as $crate::protocol::Field>::WIRE,
                    optional: <$ty as $crate::protocol::Field>::OPTIONAL,
                },
            )*];
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
            fn decode(members: &$lt $crate::protocol::Members<$lt>) -> Result<Self, $crate::protocol::ProtocolError> {
                #[allow(unused_mut)] // a request without fields leaves it alone
                let mut error = None;
                // The fields come in their declared order, one entry each.
                #[allow(unused_mut)]
                let mut fields = members.iter();
                let request = $name {
                    lifetime: core::marker::PhantomData,
                    $($field: $crate::protocol::read_field::<$ty>(&mut fields, $ts, $key, &mut error),)*
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

/// A count or a length from JS (a list's length, a string's `.length`): a finite
/// non-negative number, else 0.
pub(crate) fn js_count(n: f64) -> usize {
    if n.is_finite() && n > 0.0 {
        // Integral by origin, and a saturating cast.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let n = n as usize;
        n
    } else {
        0
    }
}

/// A JSON string's text (a result that is one string).
pub(crate) fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    crate::value::write_json_string(text, &mut out);
    out
}
