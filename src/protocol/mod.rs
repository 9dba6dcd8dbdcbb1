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

use std::borrow::Cow;

use crate::json_syntax::{decode_string, skip_space, End};
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
    /// Each field's key and kind: what reading the request needs of [`Self::FIELDS`]
    /// (the docs and TypeScript stay out of the wasm).
    const WIRES: &'static [(&'static str, Wire)];
    /// Reads the request from its members.
    fn decode(members: &'a Members<'a>) -> Result<Self, ProtocolError>;
}

/// One member of a request as read: a string field's text in place (owned only when it
/// holds an escape), anything else a value.
#[derive(Debug, Clone, PartialEq)]
pub enum Member<'a> {
    Text(Cow<'a, str>),
    Value(Value),
}

/// A request object's members, read once: keys in place, each value by its field's kind.
#[derive(Debug, Default)]
pub struct Members<'a> {
    entries: Vec<(Cow<'a, str>, Member<'a>)>,
}

impl<'a> Members<'a> {
    /// The member `key` (the last one, should the text repeat it).
    pub fn get(&self, key: &str) -> Option<&Member<'a>> {
        self.entries.iter().rev().find(|(k, _)| k == key).map(|(_, member)| member)
    }
}

/// The request's member `key` read as a `T` (one function per field type, not per
/// field); when it cannot be, the first such error goes to `error` and a placeholder
/// stands in (the request is then rejected whole).
#[inline(never)]
pub(crate) fn read_field<'a, T: Field<'a>>(
    members: &'a Members<'a>,
    request: &str,
    key: &str,
    error: &mut Option<ProtocolError>,
) -> T {
    T::read(members.get(key)).unwrap_or_else(|why| {
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

/// Reads one request's text, a JSON object, in one pass: each key in place, a string
/// field's value in place unless it holds an escape, every other member parsed as a
/// value (a member no field names too, so any text that is no JSON object is refused).
#[inline(never)]
pub(crate) fn read_request<'a>(
    text: &'a str,
    operation: &str,
    fields: &[(&'static str, Wire)],
) -> Result<Members<'a>, ProtocolError> {
    let invalid = |why: &str| request_error(operation, why);
    let bytes = text.as_bytes();
    let mut pos = skip_space(bytes, 0);
    if bytes.get(pos) != Some(&b'{') {
        // A JSON value of another kind, or no JSON at all.
        return Err(match Value::parse_json(text) {
            Ok(_) => ProtocolError(format!("{operation}: the request is not a JSON object")),
            Err(e) => invalid(e.reason),
        });
    }
    let mut members = Members { entries: Vec::with_capacity(fields.len() + 1) };
    pos = skip_space(bytes, pos + 1);
    if bytes.get(pos) == Some(&b'}') {
        pos += 1;
    } else {
        loop {
            if bytes.get(pos) != Some(&b'"') {
                return Err(invalid("expected a key"));
            }
            let (key, after) = string_at(text, pos).map_err(invalid)?;
            pos = skip_space(bytes, after);
            if bytes.get(pos) != Some(&b':') {
                return Err(invalid("expected :"));
            }
            pos = skip_space(bytes, pos + 1);
            let text_field = fields.iter().any(|(k, wire)| *k == key && *wire == Wire::Text);
            let (member, after) = if text_field && bytes.get(pos) == Some(&b'"') {
                let (value, after) = string_at(text, pos).map_err(invalid)?;
                (Member::Text(value), after)
            } else {
                let (value, after) = Value::parse_json_at(text, pos).map_err(|e| invalid(e.reason))?;
                (Member::Value(value), after)
            };
            members.entries.push((key, member));
            pos = skip_space(bytes, after);
            match bytes.get(pos) {
                Some(b',') => pos = skip_space(bytes, pos + 1),
                Some(b'}') => {
                    pos += 1;
                    break;
                }
                _ => return Err(invalid("expected , or }")),
            }
        }
    }
    if skip_space(bytes, pos) != bytes.len() {
        return Err(invalid("trailing characters"));
    }
    Ok(members)
}

/// A request that is no JSON object (one function for every reason).
#[inline(never)]
fn request_error(operation: &str, why: &str) -> ProtocolError {
    ProtocolError(format!("{operation}: the request is not valid JSON ({why})"))
}

/// The JSON string at `pos` (its opening quote): in place when it holds no escape.
fn string_at(text: &str, pos: usize) -> Result<(Cow<'_, str>, usize), &'static str> {
    let bytes = text.as_bytes();
    let mut end = pos + 1;
    while let Some(&b) = bytes.get(end) {
        match b {
            b'"' => {
                let body = text.get(pos + 1..end).ok_or("bad UTF-8")?;
                return Ok((Cow::Borrowed(body), end + 1));
            }
            b'\\' => break,
            0..=0x1f => return Err("control character in string"),
            _ => end += 1,
        }
    }
    decode_string(text, pos + 1, End::Quote).map(|(decoded, after)| (Cow::Owned(decoded), after))
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
            const WIRES: &'static [(&'static str, $crate::protocol::Wire)] =
                &[$(($key, <$ty as $crate::protocol::Field>::WIRE),)*];
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
                let request = $name {
                    lifetime: core::marker::PhantomData,
                    $($field: $crate::protocol::read_field::<$ty>(members, $ts, $key, &mut error),)*
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
