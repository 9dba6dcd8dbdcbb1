//! Feature `serde`: the API's types with `serde_json` and any serde format.
//!
//! Objects keep their key order both ways (this feature turns on `serde_json`'s
//! `preserve_order`), and an integral number is written as an integer, as
//! `JSON.stringify` writes it, so a value written through serde reads the same bytes
//! the crate's own writer gives.

use super::depth::shallow;
use super::issue::Issue;
use super::mcp_error::McpError;
use super::tool_result::ToolResult;
use crate::value::Value;
use serde::de::{Deserialize, Deserializer, Error as _};
use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use std::borrow::Cow;

/// Largest integer an `f64` holds exactly (2^53).
const EXACT: f64 = 9_007_199_254_740_992.0;

/// The integer a number is, when `JSON.stringify` would write it without a fraction
/// or exponent; finite and exact only.
fn as_integer(n: f64) -> Option<i64> {
    if n.fract() == 0.0 && n.abs() <= EXACT {
        // Integral and within 2^53: exact in i64.
        #[allow(clippy::cast_possible_truncation)]
        Some(n as i64)
    } else {
        None
    }
}

impl Value<'_> {
    /// The value as a `serde_json::Value` (feature `serde`): key order kept, an
    /// integral number as an integer, a non-finite number as `null` (what
    /// `JSON.stringify` writes).
    ///
    /// ```
    /// use mcp_envelope::Value;
    ///
    /// let value = Value::parse_json(r#"{"b":1,"a":[true,null,"x",2.5]}"#).unwrap();
    /// assert_eq!(value.to_serde().to_string(), r#"{"b":1,"a":[true,null,"x",2.5]}"#);
    /// ```
    pub fn to_serde(&self) -> serde_json::Value {
        shallow(self).to_serde_within()
    }

    /// [`Value::to_serde`] of a value within the core's depth.
    fn to_serde_within(&self) -> serde_json::Value {
        match self {
            Value::Null => serde_json::Value::Null,
            Value::Bool(b) => serde_json::Value::Bool(*b),
            Value::Number(n) => match as_integer(*n) {
                Some(i) => serde_json::Value::from(i),
                None => serde_json::Number::from_f64(*n).map_or(serde_json::Value::Null, serde_json::Value::Number),
            },
            Value::String(s) => serde_json::Value::String(s.to_string()),
            Value::Array(items) => serde_json::Value::Array(items.iter().map(Value::to_serde_within).collect()),
            Value::Object(fields) => {
                serde_json::Value::Object(fields.iter().map(|(k, v)| (k.to_string(), v.to_serde_within())).collect())
            }
        }
    }

    /// The `serde_json::Value` as a value (feature `serde`), key order kept. Nesting
    /// deeper than [`MAX_PARSE_DEPTH`](crate::value::MAX_PARSE_DEPTH) reads as `null`
    /// there, as the crate's own reader refuses it.
    ///
    /// ```
    /// use mcp_envelope::Value;
    ///
    /// let sent = serde_json::json!({ "city": 5 });
    /// assert_eq!(Value::from_serde(&sent).to_json(), r#"{"city":5}"#);
    /// ```
    pub fn from_serde(value: &serde_json::Value) -> Value<'static> {
        from_serde_at(value, 0)
    }
}

fn from_serde_at(value: &serde_json::Value, depth: usize) -> Value<'static> {
    if depth > crate::value::MAX_PARSE_DEPTH {
        return Value::Null;
    }
    match value {
        serde_json::Value::Null => Value::Null,
        serde_json::Value::Bool(b) => Value::Bool(*b),
        serde_json::Value::Number(n) => Value::Number(n.as_f64().unwrap_or_default()),
        serde_json::Value::String(s) => Value::str(s.as_str()),
        serde_json::Value::Array(items) => Value::Array(items.iter().map(|v| from_serde_at(v, depth + 1)).collect()),
        serde_json::Value::Object(fields) => {
            Value::Object(fields.iter().map(|(k, v)| (Cow::Owned(k.clone()), from_serde_at(v, depth + 1))).collect())
        }
    }
}

impl From<&serde_json::Value> for Value<'static> {
    fn from(value: &serde_json::Value) -> Value<'static> {
        Value::from_serde(value)
    }
}

/// Any value (feature `serde`), nested no deeper than the core reads: a container past
/// [`MAX_PARSE_DEPTH`](crate::value::MAX_PARSE_DEPTH) is written as `"[Unreadable]"`.
impl Serialize for Value<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Within(&shallow(self)).serialize(serializer)
    }
}

/// A value already within the core's depth.
struct Within<'v>(&'v Value<'v>);

impl Serialize for Within<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Value::Null => serializer.serialize_unit(),
            Value::Bool(b) => serializer.serialize_bool(*b),
            Value::Number(n) => match as_integer(*n) {
                Some(i) => serializer.serialize_i64(i),
                None if n.is_finite() => serializer.serialize_f64(*n),
                None => serializer.serialize_unit(),
            },
            Value::String(s) => serializer.serialize_str(s),
            Value::Array(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                items.iter().try_for_each(|item| seq.serialize_element(&Within(item)))?;
                seq.end()
            }
            Value::Object(fields) => {
                let mut map = serializer.serialize_map(Some(fields.len()))?;
                fields.iter().try_for_each(|(k, v)| map.serialize_entry(k.as_ref(), &Within(v)))?;
                map.end()
            }
        }
    }
}

/// Any JSON (feature `serde`), read through `serde_json::Value`.
///
/// ```
/// use mcp_envelope::Value;
///
/// let value: Value<'static> = serde_json::from_str(r#"{"z":1,"a":2}"#).unwrap();
/// assert_eq!(value.to_json(), r#"{"z":1,"a":2}"#);
/// ```
impl<'de> Deserialize<'de> for Value<'static> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        serde_json::Value::deserialize(deserializer).map(|v| Value::from_serde(&v))
    }
}

/// An issue as its JSON object (feature `serde`).
///
/// ```
/// use mcp_envelope::Issue;
///
/// let issue: Issue = serde_json::from_str(r#"{"code":"custom","path":["a"],"message":"No."}"#).unwrap();
/// assert_eq!(serde_json::to_string(&issue).unwrap(), issue.to_json());
/// assert!(serde_json::from_str::<Issue>("[1]").is_err());
/// ```
impl Serialize for Issue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.as_value().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Issue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        Issue::from_value(value).ok_or_else(|| D::Error::custom("an issue is a JSON object"))
    }
}

/// `{ code, message, data? }` (feature `serde`), the bytes of [`McpError::to_json`].
///
/// ```
/// use mcp_envelope::{JsonRpcErrorCode, McpError};
///
/// let error = McpError::new(JsonRpcErrorCode::NotFound, "Gone.");
/// assert_eq!(serde_json::to_string(&error).unwrap(), error.to_json());
/// ```
impl Serialize for McpError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("code", &self.code)?;
        map.serialize_entry("message", &self.message)?;
        if let Some(data) = &self.data {
            map.serialize_entry("data", data)?;
        }
        map.end()
    }
}

/// The whole `CallToolResult` (feature `serde`): hand it to your SDK's type, e.g.
/// `serde_json::from_value::<rmcp::model::CallToolResult>(result.to_serde())`.
///
/// ```
/// use mcp_envelope::{xml_tool_error, ToolErrorOptions};
///
/// let result = xml_tool_error("X", &ToolErrorOptions::new("y"));
/// assert_eq!(serde_json::to_string(&result).unwrap(), result.to_json());
/// ```
impl Serialize for ToolResult {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.as_value().serialize(serializer)
    }
}

impl ToolResult {
    /// The whole result as a `serde_json::Value` (feature `serde`).
    ///
    /// ```
    /// use mcp_envelope::{xml_tool_error, ToolErrorOptions};
    ///
    /// let result = xml_tool_error("X", &ToolErrorOptions::new("y"));
    /// assert_eq!(result.to_serde()["isError"], serde_json::json!(true));
    /// ```
    pub fn to_serde(&self) -> serde_json::Value {
        self.as_value().to_serde()
    }
}
