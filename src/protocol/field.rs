//! The types a request field can have: how the JS layer writes each into the request
//! ([`Wire`]), how the core reads it back and its TypeScript type.

use super::{field_error, Cursor, ProtocolError, Slot};
use crate::value::Value;

/// How a field's value is laid out in the request: the generated JS encoder writes it
/// straight into wasm memory, the core reads it in place (`super::read`). Each variant is
/// one writer of `pkg-template/lib/wire.js`, named by [`Wire::js_helper`]. Every number
/// is little-endian; an optional field is first one byte, 0 (absent, nothing follows)
/// or 1 (present, the value follows).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wire {
    /// A string: its UTF-8 length (`u32`), then its UTF-8 (a lone surrogate as U+FFFD).
    Text,
    /// A number: an `f64` (NaN and the infinities included).
    Number,
    /// A boolean: one byte, 0 or 1.
    Bool,
    /// JSON text the JS layer already wrote (a bounded copy), laid out as a string.
    Json,
    /// A list of unsigned 32-bit integers: its length (`u32`), then each `u32`.
    Numbers,
    /// A list of strings: its length (`u32`), then each string as [`Wire::Text`] lays it out.
    Texts,
}

impl Wire {
    /// The `wire.js` writer of a value of this kind.
    pub const fn js_helper(self) -> &'static str {
        match self {
            Wire::Text => "text",
            Wire::Number => "number",
            Wire::Bool => "bool",
            Wire::Json => "json",
            Wire::Numbers => "numbers",
            Wire::Texts => "texts",
        }
    }
}

/// One field of a request, as the generator writes its encoder and declaration.
#[derive(Debug, Clone, Copy)]
pub struct FieldSpec {
    pub key: &'static str,
    pub ts: &'static str,
    pub optional: bool,
    pub wire: Wire,
    pub doc: &'static str,
}

/// A type a request field can have.
pub trait Field<'a>: Sized {
    /// Its TypeScript type.
    const TS: &'static str;
    /// How the JS layer writes it.
    const WIRE: Wire;
    /// Whether it may be left out (`undefined` in JS: the encoder writes it absent).
    const OPTIONAL: bool = false;
    /// Whether its value borrows from a [`Slot`] (a parsed value, a list).
    const KEEPS: bool = false;
    /// Reads it from the request at `cursor`; what it borrows from goes to `slot` (given
    /// when it [`KEEPS`](Field::KEEPS)).
    fn read(cursor: &mut Cursor<'a>, slot: Option<&'a mut Option<Slot<'a>>>) -> Result<Self, &'static str>;
    /// What stands in for a field that could not be read (the request is then rejected).
    fn placeholder() -> Self;
}

impl<'a> Field<'a> for &'a str {
    const TS: &'static str = "string";
    const WIRE: Wire = Wire::Text;
    fn read(cursor: &mut Cursor<'a>, _: Option<&'a mut Option<Slot<'a>>>) -> Result<Self, &'static str> {
        cursor.text()
    }
    fn placeholder() -> Self {
        ""
    }
}

impl<'a> Field<'a> for bool {
    const TS: &'static str = "boolean";
    const WIRE: Wire = Wire::Bool;
    fn read(cursor: &mut Cursor<'a>, _: Option<&'a mut Option<Slot<'a>>>) -> Result<Self, &'static str> {
        cursor.flag("not a boolean")
    }
    fn placeholder() -> Self {
        false
    }
}

impl<'a> Field<'a> for f64 {
    const TS: &'static str = "number";
    const WIRE: Wire = Wire::Number;
    fn read(cursor: &mut Cursor<'a>, _: Option<&'a mut Option<Slot<'a>>>) -> Result<Self, &'static str> {
        cursor.array().map(f64::from_le_bytes)
    }
    fn placeholder() -> Self {
        f64::NAN
    }
}

/// An integral number within `i32` (a code, a kind).
impl<'a> Field<'a> for i32 {
    const TS: &'static str = "number";
    const WIRE: Wire = Wire::Number;
    fn read(cursor: &mut Cursor<'a>, slot: Option<&'a mut Option<Slot<'a>>>) -> Result<Self, &'static str> {
        let n = <f64 as Field>::read(cursor, slot)?;
        let integral = n.fract() == 0.0 && n >= f64::from(i32::MIN) && n <= f64::from(i32::MAX);
        // Checked integral and in range: the cast is exact.
        #[allow(clippy::cast_possible_truncation)]
        integral.then_some(n as i32).ok_or("not a 32-bit integer")
    }
    fn placeholder() -> Self {
        0
    }
}

/// A small integral number (a kind or a flag set).
impl<'a> Field<'a> for u8 {
    const TS: &'static str = "number";
    const WIRE: Wire = Wire::Number;
    fn read(cursor: &mut Cursor<'a>, slot: Option<&'a mut Option<Slot<'a>>>) -> Result<Self, &'static str> {
        let n = <i32 as Field>::read(cursor, slot)?;
        u8::try_from(n).map_err(|_| "not a small integer")
    }
    fn placeholder() -> Self {
        0
    }
}

/// [`Json`]'s placeholder.
static NULL: Value = Value::Null;

/// JSON text the JS layer wrote from a bounded copy, read as a value.
#[derive(Debug, Clone, Copy)]
pub struct Json<'a>(pub &'a Value<'a>);

impl<'a> Field<'a> for Json<'a> {
    /// Branded so that only text a copier wrote is passed (`wire.js`'s `JsonText`).
    const TS: &'static str = "JsonText";
    const WIRE: Wire = Wire::Json;
    const KEEPS: bool = true;
    fn read(cursor: &mut Cursor<'a>, slot: Option<&'a mut Option<Slot<'a>>>) -> Result<Self, &'static str> {
        let value = Value::parse_borrowed(cursor.text()?).map_err(|e| e.reason)?;
        match slot.ok_or("no slot")?.insert(Slot::Value(value)) {
            Slot::Value(value) => Ok(Json(value)),
            _ => Err("missing or not JSON"),
        }
    }
    fn placeholder() -> Self {
        Json(&NULL)
    }
}

/// JSON text the JS layer wrote, not parsed: for a value the core reads only sometimes
/// (a tool's schema), parsed by the operation when it needs it.
#[derive(Debug, Clone, Copy)]
pub struct JsonText<'a>(pub &'a str);

impl<'a> Field<'a> for JsonText<'a> {
    const TS: &'static str = "JsonText";
    const WIRE: Wire = Wire::Json;
    fn read(cursor: &mut Cursor<'a>, _: Option<&'a mut Option<Slot<'a>>>) -> Result<Self, &'static str> {
        cursor.text().map(JsonText)
    }
    fn placeholder() -> Self {
        JsonText("null")
    }
}

impl<'a> JsonText<'a> {
    /// The text parsed, once the operation needs it: text that is no JSON is the error of
    /// `request`'s field `key`.
    pub(crate) fn parse(self, request: &str, key: &str) -> Result<Value<'a>, ProtocolError> {
        Value::parse_borrowed(self.0).map_err(|e| field_error(request, key, e.reason))
    }
}

/// JSON text the JS layer wrote from a bounded copy of a list, read as a value with the
/// text of each entry that is exactly what the writer writes for it
/// ([`Value::parse_list_texts`]), so a reply may copy that text (`super::splice`).
#[derive(Debug, Clone)]
pub struct JsonList<'a> {
    pub value: Value<'a>,
    pub texts: Vec<Option<&'a str>>,
}

impl<'a> Field<'a> for JsonList<'a> {
    const TS: &'static str = "JsonText";
    const WIRE: Wire = Wire::Json;
    fn read(cursor: &mut Cursor<'a>, _: Option<&'a mut Option<Slot<'a>>>) -> Result<Self, &'static str> {
        Value::parse_list_texts(cursor.text()?).map(|(value, texts)| JsonList { value, texts }).map_err(|e| e.reason)
    }
    fn placeholder() -> Self {
        JsonList { value: Value::Null, texts: Vec::new() }
    }
}

/// A list of unsigned 32-bit integers (the true sizes a copy cut, [`crate::sizes`]).
impl<'a> Field<'a> for &'a [u32] {
    const TS: &'static str = "ArrayLike<number>";
    const WIRE: Wire = Wire::Numbers;
    const KEEPS: bool = true;
    fn read(cursor: &mut Cursor<'a>, slot: Option<&'a mut Option<Slot<'a>>>) -> Result<Self, &'static str> {
        match slot.ok_or("no slot")?.insert(Slot::Numbers(cursor.numbers()?)) {
            Slot::Numbers(list) => Ok(list),
            _ => Err("not a list"),
        }
    }
    fn placeholder() -> Self {
        &[]
    }
}

/// A list of strings, written one by one (no JSON to write or to parse).
impl<'a> Field<'a> for &'a [&'a str] {
    const TS: &'static str = "readonly string[]";
    const WIRE: Wire = Wire::Texts;
    const KEEPS: bool = true;
    fn read(cursor: &mut Cursor<'a>, slot: Option<&'a mut Option<Slot<'a>>>) -> Result<Self, &'static str> {
        match slot.ok_or("no slot")?.insert(Slot::Texts(cursor.texts()?)) {
            Slot::Texts(list) => Ok(list),
            _ => Err("not a list of strings"),
        }
    }
    fn placeholder() -> Self {
        &[]
    }
}

/// An optional field: a presence byte, 0 (absent) or 1 (its value follows).
impl<'a, T: Field<'a>> Field<'a> for Option<T> {
    const TS: &'static str = T::TS;
    const WIRE: Wire = T::WIRE;
    const OPTIONAL: bool = true;
    const KEEPS: bool = T::KEEPS;
    fn read(cursor: &mut Cursor<'a>, slot: Option<&'a mut Option<Slot<'a>>>) -> Result<Self, &'static str> {
        if cursor.flag("not a presence byte")? {
            T::read(cursor, slot).map(Some)
        } else {
            Ok(None)
        }
    }
    fn placeholder() -> Self {
        None
    }
}
