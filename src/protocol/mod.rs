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
pub use field::{Field, FieldSpec, Json, JsonList, JsonText, Wire};
pub use jsonrpc::{parts_reply, result_reply};
pub use log::try_catch_reply;
pub use xml::response_reply;

pub use read::{Cursor, Slot};

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

/// One operation's request: its fields, and how they are read from the request laid out.
pub trait Request<'a>: Sized {
    /// The request's TypeScript interface name.
    const NAME: &'static str;
    /// Its fields, in the order the JS encoder writes them.
    const FIELDS: &'static [FieldSpec];
    /// How many of its fields keep a [`Slot`].
    const SLOTS: usize;
    /// Reads the request from `bytes`, each field straight into the struct; `slots` keep
    /// what the fields borrow from, one for each field that [keeps](Field::KEEPS) one.
    fn decode(bytes: &'a [u8], slots: &'a mut [Option<Slot<'a>>]) -> Result<Self, ProtocolError>;
}

/// A request being read: its bytes not read yet, the slots not used yet, and the first
/// error met.
pub(crate) struct Decoder<'a> {
    cursor: Cursor<'a>,
    slots: core::slice::IterMut<'a, Option<Slot<'a>>>,
    request: &'static str,
    error: Option<ProtocolError>,
}

impl<'a> Decoder<'a> {
    /// The request `request` (its TypeScript name, for errors) laid out in `bytes`.
    pub(crate) fn new(bytes: &'a [u8], slots: &'a mut [Option<Slot<'a>>], request: &'static str) -> Self {
        Decoder { cursor: Cursor::new(bytes), slots: slots.iter_mut(), request, error: None }
    }

    /// Field `key` could not be read, for `why`: the first error (one function, not one
    /// per field type; `read_field` reads nothing once there is one).
    #[inline(never)]
    fn fail(&mut self, key: &str, why: &str) {
        self.error = Some(field_error(self.request, key, why));
    }

    /// Whether every field was read and nothing follows the last (one function, not one
    /// per request): else the first error.
    #[inline(never)]
    pub(crate) fn finish(self) -> Result<(), ProtocolError> {
        match self.error {
            Some(error) => Err(error),
            None => self.cursor.finish(self.request),
        }
    }
}

/// The request's next field (named `key`) read as a `T` (one function per field type,
/// not per field). When it cannot be read (or an earlier field could not), the first
/// such error is kept, a placeholder stands in and nothing more is read (the request is
/// then rejected whole).
#[inline(never)]
pub(crate) fn read_field<'a, T: Field<'a>>(decoder: &mut Decoder<'a>, key: &str) -> T {
    if decoder.error.is_none() {
        let slot = if T::KEEPS { decoder.slots.next() } else { None };
        match T::read(&mut decoder.cursor, slot) {
            Ok(value) => return value,
            Err(why) => decoder.fail(key, why),
        }
    }
    T::placeholder()
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
            const FIELDS: &'static [$crate::protocol::FieldSpec] = &[$(
                $crate::protocol::FieldSpec {
                    key: $key,
                    ts: <$ty as $crate::protocol::Field>::TS,
                    optional: <$ty as $crate::protocol::Field>::OPTIONAL,
                    wire: <$ty as $crate::protocol::Field>::WIRE,
                    doc: concat!($($fdoc,)*),
                },
            )*];

            const SLOTS: usize = 0 $(+ <$ty as $crate::protocol::Field>::KEEPS as usize)*;

            #[allow(unused_mut)] // a request without fields reads nothing
            fn decode(
                bytes: &$lt [u8],
                slots: &$lt mut [Option<$crate::protocol::Slot<$lt>>],
            ) -> Result<Self, $crate::protocol::ProtocolError> {
                let mut decoder = $crate::protocol::Decoder::new(bytes, slots, $ts);
                let request = $name {
                    lifetime: core::marker::PhantomData,
                    $($field: $crate::protocol::read_field::<$ty>(&mut decoder, $key),)*
                };
                decoder.finish().map(|()| request)
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
