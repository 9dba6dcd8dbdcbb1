//! A JSON value as JavaScript sees it: objects keep their key order, numbers are
//! `f64`, and writing follows `JSON.stringify` / `String(number)` byte for byte.
//!
//! The boundary hands the core JSON text that the JS layer produced from a value it
//! already copied into a plain, acyclic, depth-limited prefix; this module reads that
//! text back with its own depth limit, so no input can recurse without bound.
//!
//! A `Value<'a>` may borrow its text: [`Value::parse_borrowed`] keeps every string and
//! key without an escape as a slice of the text it read (the request buffer, for the
//! protocol), so reading a request allocates per list and object, not per string.
//! Values the core builds own their text (`Value<'static>`).

pub use crate::decimal::parse_number;
pub use crate::json_syntax::write_json_string;
use crate::json_syntax::{decode_string, escapes_written_as_read, skip_space, End};
use std::borrow::Cow;

/// Deepest nesting [`Value::parse_json`] accepts. The JS layer cuts far shallower;
/// this is the core's own guard against hand-made input.
pub const MAX_PARSE_DEPTH: usize = 64;

/// A JSON value as JavaScript sees it: objects keep their key order, numbers are `f64`,
/// and [`Value::to_json`] writes what `JSON.stringify` would, byte for byte. It is what
/// the crate's functions take and return (arguments, `data`, whole results); with the
/// `serde` feature it converts to and from `serde_json::Value`.
///
/// ```
/// use mcp_envelope::Value;
///
/// let value = Value::object([("name", Value::str("Ada")), ("age", Value::Number(36.0)), ("admin", Value::Bool(false))]);
/// assert_eq!(value.to_json(), r#"{"name":"Ada","age":36,"admin":false}"#);
/// assert_eq!(Value::parse_json(&value.to_json()), Ok(value));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub enum Value<'a> {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number; NaN and ±Infinity are written as `null`, as in JS.
    Number(f64),
    /// A string, borrowed from the text it was read from or owned.
    String(Cow<'a, str>),
    /// A list.
    Array(Vec<Value<'a>>),
    /// Entries in insertion order; JS objects are ordered and the wire keeps that order.
    Object(Vec<(Cow<'a, str>, Value<'a>)>),
}

/// Why [`Value::parse_json`] rejected a text: where, and what it found there.
///
/// ```
/// use mcp_envelope::Value;
///
/// let error = Value::parse_json(r#"{"a":1,}"#).unwrap_err();
/// assert_eq!(error.offset, 7);
/// assert_eq!(error.to_string(), format!("invalid JSON at byte 7: {}", error.reason));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonError {
    /// The byte offset in the text where reading failed.
    pub offset: usize,
    /// What was wrong there, e.g. `"trailing characters"`.
    pub reason: &'static str,
}

impl core::fmt::Display for JsonError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "invalid JSON at byte {}: {}", self.offset, self.reason)
    }
}

impl<'a> Value<'a> {
    /// A string value owning its text.
    ///
    /// ```
    /// use mcp_envelope::Value;
    ///
    /// assert_eq!(Value::str("hi").as_str(), Some("hi"));
    /// assert_eq!(Value::str(String::from("a\"b")).to_json(), r#""a\"b""#);
    /// ```
    pub fn str(s: impl Into<String>) -> Value<'static> {
        Value::String(Cow::Owned(s.into()))
    }

    /// An object owning its keys, from `(key, value)` entries in order.
    ///
    /// ```
    /// use mcp_envelope::Value;
    ///
    /// let data = Value::object([("reason", Value::str("queue_full")), ("retryable", Value::Bool(true))]);
    /// assert_eq!(data.to_json(), r#"{"reason":"queue_full","retryable":true}"#);
    /// ```
    pub fn object<K: Into<String>>(entries: impl IntoIterator<Item = (K, Value<'static>)>) -> Value<'static> {
        Value::Object(entries.into_iter().map(|(k, v)| (Cow::Owned(k.into()), v)).collect())
    }

    /// A deep copy owning all its text, in one walk (no intermediate clone): keep a
    /// value read with [`Value::parse_borrowed`] past the life of its text.
    ///
    /// ```
    /// use mcp_envelope::Value;
    ///
    /// let owned: Value<'static> = {
    ///     let text = String::from(r#"{"k":"v"}"#);
    ///     Value::parse_borrowed(&text).unwrap().to_owned_value()
    /// };
    /// assert_eq!(owned.to_json(), r#"{"k":"v"}"#);
    /// ```
    pub fn to_owned_value(&self) -> Value<'static> {
        match self {
            Value::Null => Value::Null,
            Value::Bool(b) => Value::Bool(*b),
            Value::Number(n) => Value::Number(*n),
            Value::String(s) => Value::String(Cow::Owned(s.to_string())),
            Value::Array(items) => Value::Array(items.iter().map(Value::to_owned_value).collect()),
            Value::Object(entries) => {
                Value::Object(entries.iter().map(|(k, v)| (Cow::Owned(k.to_string()), v.to_owned_value())).collect())
            }
        }
    }

    /// The same value owning all its text, [`Value::to_owned_value`] without the copy
    /// of what is already owned.
    ///
    /// ```
    /// use mcp_envelope::Value;
    ///
    /// let text = String::from(r#"["a",1]"#);
    /// let owned: Value<'static> = Value::parse_borrowed(&text).unwrap().into_owned();
    /// drop(text);
    /// assert_eq!(owned.to_json(), r#"["a",1]"#);
    /// ```
    pub fn into_owned(self) -> Value<'static> {
        match self {
            Value::Null => Value::Null,
            Value::Bool(b) => Value::Bool(b),
            Value::Number(n) => Value::Number(n),
            Value::String(s) => Value::String(Cow::Owned(s.into_owned())),
            Value::Array(items) => Value::Array(items.into_iter().map(Value::into_owned).collect()),
            Value::Object(entries) => {
                Value::Object(entries.into_iter().map(|(k, v)| (Cow::Owned(k.into_owned()), v.into_owned())).collect())
            }
        }
    }

    /// The text of a string; `None` for anything else.
    ///
    /// ```
    /// use mcp_envelope::Value;
    ///
    /// assert_eq!(Value::str("x").as_str(), Some("x"));
    /// assert_eq!(Value::Number(1.0).as_str(), None);
    /// ```
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The number of a number; `None` for anything else.
    ///
    /// ```
    /// use mcp_envelope::Value;
    ///
    /// assert_eq!(Value::parse_json("-32001").unwrap().as_f64(), Some(-32001.0));
    /// assert_eq!(Value::str("1").as_f64(), None);
    /// ```
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Number(n) => Some(*n),
            _ => None,
        }
    }

    /// The boolean of a boolean; `None` for anything else.
    ///
    /// ```
    /// use mcp_envelope::Value;
    ///
    /// assert_eq!(Value::Bool(true).as_bool(), Some(true));
    /// assert_eq!(Value::Null.as_bool(), None);
    /// ```
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The items of a list; `None` for anything else.
    ///
    /// ```
    /// use mcp_envelope::Value;
    ///
    /// let list = Value::parse_json("[1,2]").unwrap();
    /// assert_eq!(list.as_array().map(<[Value]>::len), Some(2));
    /// assert_eq!(Value::Null.as_array(), None);
    /// ```
    pub fn as_array(&self) -> Option<&[Value<'a>]> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    /// The `(key, value)` entries of an object, in order; `None` for anything else.
    ///
    /// ```
    /// use mcp_envelope::Value;
    ///
    /// let object = Value::parse_json(r#"{"b":1,"a":2}"#).unwrap();
    /// let keys: Vec<&str> = object.as_object().unwrap().iter().map(|(k, _)| k.as_ref()).collect();
    /// assert_eq!(keys, ["b", "a"]);
    /// ```
    pub fn as_object(&self) -> Option<&[(Cow<'a, str>, Value<'a>)]> {
        match self {
            Value::Object(entries) => Some(entries),
            _ => None,
        }
    }

    /// The value under `key` of an object (the first one, as JS keeps no duplicates);
    /// `None` when there is none or this is not an object.
    ///
    /// ```
    /// use mcp_envelope::Value;
    ///
    /// let error = Value::parse_json(r#"{"code":-32001,"data":{"reason":"gone"}}"#).unwrap();
    /// assert_eq!(error.get("data").and_then(|d| d.get("reason")).and_then(Value::as_str), Some("gone"));
    /// assert_eq!(error.get("message"), None);
    /// ```
    pub fn get(&self, key: &str) -> Option<&Value<'a>> {
        self.as_object()?.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// An issue path segment as a key: Standard Schema lets a segment be `{ key }`
    /// (Valibot, ArkType), Zod writes the key itself; either way this is the key.
    #[doc(hidden)] // the issue readers' own helper
    pub fn path_key(&self) -> &Value<'a> {
        match self {
            Value::Object(_) => self.get("key").unwrap_or(self),
            other => other,
        }
    }

    /// `JSON.stringify(value)`: compact, keys in order, non-finite numbers as `null`,
    /// numbers as JS prints them.
    ///
    /// ```
    /// use mcp_envelope::Value;
    ///
    /// let value = Value::Array(vec![Value::Number(1e21), Value::Number(0.5), Value::Number(f64::NAN), Value::str("é\n")]);
    /// assert_eq!(value.to_json(), r#"[1e+21,0.5,null,"é\n"]"#);
    /// ```
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        self.write_json(&mut out);
        out
    }

    /// [`Value::to_json`] appended to `out`: write several values into one buffer.
    ///
    /// ```
    /// use mcp_envelope::Value;
    ///
    /// let mut out = String::from("data: ");
    /// Value::object([("ok", Value::Bool(true))]).write_json(&mut out);
    /// assert_eq!(out, r#"data: {"ok":true}"#);
    /// ```
    pub fn write_json(&self, out: &mut String) {
        match self {
            Value::Null => out.push_str("null"),
            Value::Bool(true) => out.push_str("true"),
            Value::Bool(false) => out.push_str("false"),
            Value::Number(n) => {
                if n.is_finite() {
                    write_js_number(*n, out);
                } else {
                    out.push_str("null");
                }
            }
            Value::String(s) => write_json_string(s, out),
            Value::Array(items) => write_list_with(items, out, |_, item, out| item.write_json(out)),
            Value::Object(entries) => write_object_with(entries, out, |_, item, out| item.write_json(out)),
        }
    }

    /// Reads JSON text into a value owning its text. Unpaired `\uD800`-style escapes
    /// become U+FFFD, as `String.prototype.toWellFormed` would make them; nesting past
    /// 64 levels is an error, never a deep recursion.
    ///
    /// ```
    /// use mcp_envelope::Value;
    ///
    /// let value = Value::parse_json(r#" {"ids": [1, 2], "s": "\ud800"} "#).unwrap();
    /// assert_eq!(value.to_json(), "{\"ids\":[1,2],\"s\":\"\u{fffd}\"}");
    /// assert!(Value::parse_json("[1,").is_err());
    /// let nested = |depth: usize| format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    /// assert!(Value::parse_json(&nested(64)).is_ok());
    /// assert!(Value::parse_json(&nested(65)).is_err());
    /// ```
    pub fn parse_json(text: &str) -> Result<Value<'static>, JsonError> {
        Value::parse_borrowed(text).map(Value::into_owned)
    }

    /// Reads JSON text as [`Value::parse_json`] does, reading strings without escapes
    /// (keys included) in place: they borrow from `text`, so reading allocates per list
    /// and object, not per string.
    ///
    /// ```
    /// use mcp_envelope::Value;
    /// use std::borrow::Cow;
    ///
    /// let text = r#"{"name":"Ada","quote":"a\"b"}"#;
    /// let value = Value::parse_borrowed(text).unwrap();
    /// assert!(matches!(value.get("name"), Some(Value::String(Cow::Borrowed("Ada")))));
    /// assert!(matches!(value.get("quote"), Some(Value::String(Cow::Owned(_)))));
    /// ```
    pub fn parse_borrowed(text: &'a str) -> Result<Value<'a>, JsonError> {
        Parser::new(text, false).read().map(|(value, _)| value)
    }

    /// Reads JSON text as [`Value::parse_borrowed`] does and, when it is a list, gives each
    /// entry's own text where that text is exactly what [`Value::write_json`] writes for
    /// the entry (no whitespace, each number and escape as JavaScript writes it, no
    /// repeated key): a writer may copy that text instead of writing the entry again.
    pub(crate) fn parse_list_texts(text: &'a str) -> Result<(Value<'a>, Vec<Option<&'a str>>), JsonError> {
        Parser::new(text, true).read()
    }
}

/// A list as [`Value::write_json`] frames it (`[`, the items comma-separated, `]`), each
/// item written by `write` (given its index): for a writer that writes some its own way.
pub(crate) fn write_list_with<T>(items: &[T], out: &mut String, mut write: impl FnMut(usize, &T, &mut String)) {
    out.push('[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write(i, item, out);
    }
    out.push(']');
}

/// An object as [`Value::write_json`] frames it (`{`, each key as a JSON string, `:`, the
/// entries comma-separated, `}`), each value written by `write` (given its key).
pub(crate) fn write_object_with<V>(
    entries: &[(Cow<'_, str>, V)],
    out: &mut String,
    mut write: impl FnMut(&str, &V, &mut String),
) {
    out.push('{');
    for (i, (key, item)) in entries.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_json_string(key, out);
        out.push(':');
        write(key, item, out);
    }
    out.push('}');
}

/// `String(n)` for a finite or non-finite JS number.
pub fn js_number_string(n: f64) -> String {
    JsNumber::new(n).as_str().to_owned()
}

/// Whether [`Value::write_json`] writes `n` as `text`, the JSON number it was read from:
/// digits alone (no leading zero, fewer than 16) are; any other text is compared with
/// `String(n)` (`1.0`, `1e2`, `-0` and an overflow to Infinity are not).
fn number_written_as_read(n: f64, text: &str) -> bool {
    let digits = text.bytes().all(|b| b.is_ascii_digit());
    if digits && text.len() < 16 && (text.len() == 1 || !text.starts_with('0')) {
        return true;
    }
    n.is_finite() && JsNumber::new(n).as_str() == text
}

fn write_js_number(n: f64, out: &mut String) {
    out.push_str(JsNumber::new(n).as_str());
}

/// `String(n)` held in a buffer of its own, so writing a number allocates nothing.
pub struct JsNumber {
    bytes: [u8; 32],
    len: usize,
}

impl JsNumber {
    // One copy of the number writer in the module, not one per caller.
    #[inline(never)]
    pub fn new(n: f64) -> JsNumber {
        let mut number = JsNumber { bytes: [0; 32], len: 0 };
        if n.is_nan() {
            number.push("NaN");
        } else if n.is_infinite() {
            number.push(if n > 0.0 { "Infinity" } else { "-Infinity" });
        } else if n == 0.0 {
            // -0 prints as "0" in JS.
            number.push("0");
        } else if n.fract() == 0.0 && n.abs() < 9_007_199_254_740_992.0 {
            // A whole number below 2^53 is exact as an integer, and JS prints its digits.
            #[allow(clippy::cast_possible_truncation)] // whole and below 2^53: exact
            number.push_integer(n as i64);
        } else {
            let mut buffer = ryu_js::Buffer::new();
            number.push(buffer.format_finite(n));
        }
        number
    }

    /// The text; ASCII.
    pub fn as_str(&self) -> &str {
        self.bytes.get(..self.len).and_then(|b| core::str::from_utf8(b).ok()).unwrap_or_default()
    }

    /// Appends ASCII text (JS number texts are at most 25 bytes: the buffer holds them).
    fn push(&mut self, text: &str) {
        if let Some(slot) = self.bytes.get_mut(self.len..self.len + text.len()) {
            slot.copy_from_slice(text.as_bytes());
            self.len += text.len();
        }
    }

    /// The decimal digits of `n`, with its sign.
    fn push_integer(&mut self, n: i64) {
        let mut digits = [0u8; 20];
        let mut at = digits.len();
        let mut rest = n.unsigned_abs();
        loop {
            at -= 1;
            if let Some(slot) = digits.get_mut(at) {
                // A digit: always ASCII.
                *slot = b'0' + (rest % 10) as u8;
            }
            rest /= 10;
            if rest == 0 || at == 0 {
                break;
            }
        }
        if n < 0 {
            self.push("-");
        }
        self.push(core::str::from_utf8(digits.get(at..).unwrap_or_default()).unwrap_or_default());
    }
}

/// The room each parse stack starts with at most: a small document's values at once,
/// so the stacks seldom grow.
const STACK_START: usize = 16;

/// Entries an object parse checks for a repeated key one by one.
const LINEAR_KEY_CHECK: usize = 16;

struct Parser<'a> {
    /// The text being read, and its bytes.
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    /// The entries of the lists and of the objects open while parsing, innermost last:
    /// each value is built where it goes (never returned and moved: a moved `Value` cost
    /// more than building it), and each container takes its entries from the top of its
    /// stack in one bulk copy when it closes.
    items: Vec<Value<'a>>,
    entries: Vec<(Cow<'a, str>, Value<'a>)>,
    /// Whether a top-level list's entries have their texts kept ([`Value::parse_list_texts`]),
    /// and whether the entry being read is written as read so far.
    keep_texts: bool,
    as_written: bool,
    texts: Vec<Option<&'a str>>,
}

/// Where a parsed value goes: a list's entries (or the result), or an object's under its key.
enum Slot<'a> {
    Item,
    Entry(Cow<'a, str>),
}

/// The entries of `stack` from `first` on, taken off in one bulk copy (`first` ≤ its length).
fn top<T>(stack: &mut Vec<T>, first: usize) -> Vec<T> {
    stack.split_off(first.min(stack.len()))
}

impl<'a> Parser<'a> {
    fn new(text: &'a str, keep_texts: bool) -> Parser<'a> {
        Parser {
            text,
            bytes: text.as_bytes(),
            pos: 0,
            // No more room than the text can fill: a value takes at least a byte and its
            // comma, an entry at least `"":0` and its comma.
            items: Vec::with_capacity(STACK_START.min(text.len() / 2 + 1)),
            entries: Vec::with_capacity(STACK_START.min(text.len() / 5)),
            keep_texts,
            as_written: true,
            texts: Vec::new(),
        }
    }

    /// The one value the text holds, and the texts of its entries kept (see `keep_texts`).
    fn read(mut self) -> Result<(Value<'a>, Vec<Option<&'a str>>), JsonError> {
        self.skip_ws();
        self.value(0, Slot::Item)?;
        let value = self.items.pop().ok_or_else(|| self.error("unexpected end"))?;
        self.skip_ws();
        if self.pos != self.bytes.len() {
            return Err(self.error("trailing characters"));
        }
        Ok((value, self.texts))
    }

    fn error(&self, reason: &'static str) -> JsonError {
        JsonError { offset: self.pos, reason }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        let end = skip_space(self.bytes, self.pos);
        if end != self.pos {
            // The writer writes no whitespace (between an entry's values only: see `array`).
            self.as_written = false;
            self.pos = end;
        }
    }

    fn eat(&mut self, literal: &str) -> Result<(), JsonError> {
        let end = self.pos.saturating_add(literal.len());
        if self.bytes.get(self.pos..end) == Some(literal.as_bytes()) {
            self.pos = end;
            Ok(())
        } else {
            Err(self.error("unexpected token"))
        }
    }

    /// Parses one value into `slot`.
    fn value(&mut self, depth: usize, slot: Slot<'a>) -> Result<(), JsonError> {
        let value = match self.peek() {
            Some(b'n') => self.eat("null").map(|()| Value::Null)?,
            Some(b't') => self.eat("true").map(|()| Value::Bool(true))?,
            Some(b'f') => self.eat("false").map(|()| Value::Bool(false))?,
            Some(b'"') => Value::String(self.string()?),
            Some(b'[') => return self.array(depth, slot),
            Some(b'{') => return self.object(depth, slot),
            Some(b'-' | b'0'..=b'9') => self.number()?,
            Some(_) => return Err(self.error("unexpected character")),
            None => return Err(self.error("unexpected end")),
        };
        self.put(slot, value);
        Ok(())
    }

    fn put(&mut self, slot: Slot<'a>, value: Value<'a>) {
        match slot {
            Slot::Item => self.items.push(value),
            Slot::Entry(key) => self.entries.push((key, value)),
        }
    }

    fn enter(&self, depth: usize) -> Result<usize, JsonError> {
        if depth >= MAX_PARSE_DEPTH {
            Err(self.error("nested too deeply"))
        } else {
            Ok(depth + 1)
        }
    }

    fn array(&mut self, depth: usize, slot: Slot<'a>) -> Result<(), JsonError> {
        let depth = self.enter(depth)?;
        self.pos += 1;
        self.skip_ws();
        if self.peek() == Some(b']') {
            self.pos += 1;
            self.put(slot, Value::Array(Vec::new()));
            return Ok(());
        }
        let first = self.items.len();
        // A top-level list's entries, when their texts are kept.
        let keep = self.keep_texts && depth == 1;
        loop {
            self.skip_ws();
            let start = self.pos;
            if keep {
                self.as_written = true;
            }
            // Pushes exactly one item on success: `first` stays within `items`.
            self.value(depth, Slot::Item)?;
            if keep {
                let text = if self.as_written { self.text.get(start..self.pos) } else { None };
                self.texts.push(text);
            }
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    let list = top(&mut self.items, first);
                    self.put(slot, Value::Array(list));
                    return Ok(());
                }
                _ => return Err(self.error("expected , or ]")),
            }
        }
    }

    fn object(&mut self, depth: usize, slot: Slot<'a>) -> Result<(), JsonError> {
        let depth = self.enter(depth)?;
        self.pos += 1;
        self.skip_ws();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            self.put(slot, Value::Object(Vec::new()));
            return Ok(());
        }
        let first = self.entries.len();
        loop {
            self.skip_ws();
            if self.peek() != Some(b'"') {
                return Err(self.error("expected a key"));
            }
            let key = self.string()?;
            self.skip_ws();
            if self.peek() != Some(b':') {
                return Err(self.error("expected :"));
            }
            self.pos += 1;
            self.skip_ws();
            // JSON.parse keeps the last duplicate at the first one's position: found
            // here while the object is small, by one sort past that.
            let entries = self.entries.get(first..).unwrap_or_default();
            let repeated =
                if entries.len() < LINEAR_KEY_CHECK { entries.iter().position(|(k, _)| *k == key) } else { None };
            match repeated {
                None => self.value(depth, Slot::Entry(key))?,
                Some(at) => {
                    self.as_written = false;
                    self.value(depth, Slot::Item)?;
                    if let (Some(item), Some(entry)) = (self.items.pop(), self.entries.get_mut(first + at)) {
                        entry.1 = item;
                    }
                }
            }
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    let mut entries = top(&mut self.entries, first);
                    if entries.len() > LINEAR_KEY_CHECK {
                        // Not looked into: a repeated key may have been merged.
                        self.as_written = false;
                        entries = crate::key_order::merge_repeated_keys(entries);
                    }
                    self.put(slot, Value::Object(entries));
                    return Ok(());
                }
                _ => return Err(self.error("expected , or }")),
            }
        }
    }

    fn number(&mut self) -> Result<Value<'a>, JsonError> {
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        let digits_start = self.pos;
        while let Some(b'0'..=b'9') = self.peek() {
            self.pos += 1;
        }
        if self.pos == digits_start {
            return Err(self.error("expected digits"));
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            let frac_start = self.pos;
            while let Some(b'0'..=b'9') = self.peek() {
                self.pos += 1;
            }
            if self.pos == frac_start {
                return Err(self.error("expected digits"));
            }
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.pos += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.pos += 1;
            }
            let exp_start = self.pos;
            while let Some(b'0'..=b'9') = self.peek() {
                self.pos += 1;
            }
            if self.pos == exp_start {
                return Err(self.error("expected digits"));
            }
        }
        let text = self
            .bytes
            .get(start..self.pos)
            .and_then(|b| core::str::from_utf8(b).ok())
            .ok_or_else(|| self.error("bad number"))?;
        let n = crate::decimal::parse_number(text).ok_or_else(|| self.error("bad number"))?;
        if self.keep_texts && self.as_written && !number_written_as_read(n, text) {
            self.as_written = false;
        }
        Ok(Value::Number(n))
    }

    fn string(&mut self) -> Result<Cow<'a, str>, JsonError> {
        // Past the opening quote; errors are reported where the string starts.
        let start = self.pos + 1;
        let (text, end) = decode_string(self.text, start, End::Quote).map_err(|reason| self.error(reason))?;
        // A string read in place has no escape; one with escapes is written as read when they are the writer's.
        if self.keep_texts && self.as_written && matches!(text, Cow::Owned(_)) {
            let body = self.bytes.get(start..end.saturating_sub(1)).unwrap_or_default();
            self.as_written = escapes_written_as_read(body);
        }
        self.pos = end;
        Ok(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_keys_keep_the_first_place_and_the_last_value_at_any_size() {
        for n in [3usize, 16, 17, 40] {
            let mut fields: Vec<String> = (0..n).map(|i| format!(r#""k{i}":{i}"#)).collect();
            fields.push(r#""k1":"last""#.to_owned());
            fields.push(r#""k0":"end""#.to_owned());
            let parsed = Value::parse_json(&format!("{{{}}}", fields.join(","))).unwrap();
            let entries = parsed.as_object().unwrap();
            assert_eq!(entries.len(), n);
            assert_eq!(entries.first(), Some(&("k0".into(), Value::str("end"))));
            assert_eq!(entries.get(1), Some(&("k1".into(), Value::str("last"))));
            assert_eq!(entries.last().map(|(k, _)| k.to_string()), Some(format!("k{}", n - 1)));
        }
    }

    #[test]
    fn strings_write_as_json_stringify_does() {
        let s = "a\"b\\c\u{1}\u{1f}\n\té€😀\u{7f}";
        let mut out = String::new();
        write_json_string(s, &mut out);
        assert_eq!(out, "\"a\\\"b\\\\c\\u0001\\u001f\\n\\té€😀\u{7f}\"");
        assert_eq!(Value::parse_json(&out).unwrap(), Value::str(s));
    }

    #[test]
    fn numbers_print_as_javascript_does() {
        for (n, s) in [
            (1.0, "1"),
            (1.5, "1.5"),
            (-0.0, "0"),
            (1e21, "1e+21"),
            (1e-7, "1e-7"),
            (123456789012345680000.0, "123456789012345680000"),
            (0.1 + 0.2, "0.30000000000000004"),
            (f64::NAN, "NaN"),
            (f64::NEG_INFINITY, "-Infinity"),
            (-32602.0, "-32602"),
            (10.0, "10"),
            (9_007_199_254_740_991.0, "9007199254740991"),
            (-9_007_199_254_740_991.0, "-9007199254740991"),
            (9_007_199_254_740_992.0, "9007199254740992"),
            (1e20, "100000000000000000000"),
        ] {
            assert_eq!(js_number_string(n), s);
        }
    }

    #[test]
    fn whole_numbers_print_as_the_shortest_form_does() {
        // The integer path against ryu-js (JavaScript's Number::toString) on many values.
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for i in 0..200_000u32 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let bits = (x % 54) as u32;
            let magnitude = (x >> 8) & ((1u64 << bits) - 1).max(1);
            let n = if i % 2 == 0 { magnitude as f64 } else { -(magnitude as f64) };
            if n == 0.0 {
                continue;
            }
            let mut buffer = ryu_js::Buffer::new();
            assert_eq!(js_number_string(n), buffer.format_finite(n), "{n}");
        }
    }

    #[test]
    fn round_trips_and_keeps_key_order() {
        let text = r#"{"b":1,"a":[true,false,null,"x\n\"y\u0001"],"c":{"d":-2.5e-8}}"#;
        let v = Value::parse_json(text).ok();
        assert_eq!(v.map(|v| v.to_json()).as_deref(), Some(text));
    }

    #[test]
    fn lone_surrogates_become_replacement_characters() {
        let v = Value::parse_json(r#""a\ud800b\udc00c\ud83d\ude00""#).ok();
        assert_eq!(v, Some(Value::str("a\u{FFFD}b\u{FFFD}c\u{1F600}")));
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_stack_overflow() {
        let deep = "[".repeat(100_000);
        assert!(Value::parse_json(&deep).is_err());
        let ok = format!("{}{}", "[".repeat(MAX_PARSE_DEPTH), "]".repeat(MAX_PARSE_DEPTH));
        assert!(Value::parse_json(&ok).is_ok());
    }

    #[test]
    fn rejects_malformed_text() {
        for bad in ["", "{", "[1,]", "{\"a\" 1}", "01x", "\"\\x\"", "\"a", "nul", "1 2", "-", "1.", "1e"] {
            assert!(Value::parse_json(bad).is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn duplicate_keys_keep_the_last_value_at_the_first_position() {
        let v = Value::parse_json(r#"{"a":1,"b":2,"a":3}"#).ok();
        assert_eq!(v.map(|v| v.to_json()).as_deref(), Some(r#"{"a":3,"b":2}"#));
    }
}
