//! The types a request field can have: how the core reads each from the request's
//! JSON, how the JS layer writes it ([`Wire`]) and its TypeScript type.

use super::Member;
use crate::value::Value;

/// How the generated JS encoder writes a field's value into the request text. Each
/// variant is one helper of `pkg-template/lib/wire.js`, named by [`Wire::js_helper`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wire {
    /// A string: JSON text of its well-formed form (a lone surrogate becomes U+FFFD).
    Text,
    /// A number: its JSON text, or `"NaN"`, `"Infinity"`, `"-Infinity"` as strings.
    Number,
    /// A boolean.
    Bool,
    /// JSON text the JS layer already wrote (a bounded copy): put in as it is.
    Json,
    /// A list of unsigned 32-bit integers (an array or a `Uint32Array`).
    Numbers,
}

impl Wire {
    /// The `wire.js` helper that writes a value of this kind.
    pub const fn js_helper(self) -> &'static str {
        match self {
            Wire::Text => "text",
            Wire::Number => "number",
            Wire::Bool => "bool",
            Wire::Json => "json",
            Wire::Numbers => "numbers",
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
    /// Whether it may be left out (`undefined` in JS: the encoder leaves the member out).
    const OPTIONAL: bool = false;
    /// Reads it from its member of the request (`None`: absent).
    fn read(member: Option<&'a Member<'a>>) -> Result<Self, &'static str>;
    /// What stands in for a field that could not be read (the request is rejected).
    fn placeholder() -> Self;
}

/// [`Json`]'s placeholder.
static NULL: Value = Value::Null;

/// A member read as a value (a string field's text is no value).
fn value<'a>(member: Option<&'a Member<'a>>) -> Option<&'a Value> {
    match member {
        Some(Member::Value(value)) => Some(value),
        _ => None,
    }
}

impl<'a> Field<'a> for &'a str {
    const TS: &'static str = "string";
    const WIRE: Wire = Wire::Text;
    fn read(member: Option<&'a Member<'a>>) -> Result<Self, &'static str> {
        match member {
            Some(Member::Text(text)) => Ok(text),
            Some(Member::Value(Value::String(text))) => Ok(text),
            _ => Err("not a string"),
        }
    }
    fn placeholder() -> Self {
        ""
    }
}

impl<'a> Field<'a> for bool {
    const TS: &'static str = "boolean";
    const WIRE: Wire = Wire::Bool;
    fn read(member: Option<&'a Member<'a>>) -> Result<Self, &'static str> {
        value(member).and_then(Value::as_bool).ok_or("not a boolean")
    }
    fn placeholder() -> Self {
        false
    }
}

impl<'a> Field<'a> for f64 {
    const TS: &'static str = "number";
    const WIRE: Wire = Wire::Number;
    fn read(member: Option<&'a Member<'a>>) -> Result<Self, &'static str> {
        match value(member) {
            Some(Value::Number(n)) => Ok(*n),
            Some(Value::String(s)) => match s.as_str() {
                "NaN" => Ok(f64::NAN),
                "Infinity" => Ok(f64::INFINITY),
                "-Infinity" => Ok(f64::NEG_INFINITY),
                _ => Err("not a number"),
            },
            _ => Err("not a number"),
        }
    }
    fn placeholder() -> Self {
        f64::NAN
    }
}

/// An integral number within `i32` (a code, a kind).
impl<'a> Field<'a> for i32 {
    const TS: &'static str = "number";
    const WIRE: Wire = Wire::Number;
    fn read(member: Option<&'a Member<'a>>) -> Result<Self, &'static str> {
        let n = <f64 as Field>::read(member)?;
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
    fn read(member: Option<&'a Member<'a>>) -> Result<Self, &'static str> {
        let n = <i32 as Field>::read(member)?;
        u8::try_from(n).map_err(|_| "not a small integer")
    }
    fn placeholder() -> Self {
        0
    }
}

/// JSON text the JS layer wrote from a bounded copy, read as a value.
#[derive(Debug, Clone, Copy)]
pub struct Json<'a>(pub &'a Value);

impl<'a> Field<'a> for Json<'a> {
    /// Branded so that only text a copier wrote is passed (`wire.js`'s `JsonText`).
    const TS: &'static str = "JsonText";
    const WIRE: Wire = Wire::Json;
    fn read(member: Option<&'a Member<'a>>) -> Result<Self, &'static str> {
        value(member).map(Json).ok_or("missing or not JSON")
    }
    fn placeholder() -> Self {
        Json(&NULL)
    }
}

/// A list of unsigned 32-bit integers (the true sizes a copy cut, [`crate::sizes`]).
impl<'a> Field<'a> for Vec<u32> {
    const TS: &'static str = "ArrayLike<number>";
    const WIRE: Wire = Wire::Numbers;
    fn read(member: Option<&'a Member<'a>>) -> Result<Self, &'static str> {
        let items = value(member).and_then(Value::as_array).ok_or("not a list")?;
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            let n = item.as_f64().filter(|n| n.fract() == 0.0 && *n >= 0.0 && *n <= f64::from(u32::MAX));
            // Checked integral and in range: the cast is exact.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            out.push(n.ok_or("not a list of unsigned 32-bit integers")? as u32);
        }
        Ok(out)
    }
    fn placeholder() -> Self {
        Vec::new()
    }
}

impl<'a, T: Field<'a>> Field<'a> for Option<T> {
    const TS: &'static str = T::TS;
    const WIRE: Wire = T::WIRE;
    const OPTIONAL: bool = true;
    fn read(member: Option<&'a Member<'a>>) -> Result<Self, &'static str> {
        match member {
            None => Ok(None),
            given => T::read(given).map(Some),
        }
    }
    fn placeholder() -> Self {
        None
    }
}
