//! [`Issue`]: one validation failure, shaped like the Zod 4 issue that means the same.

use super::depth::shallow_owned;
use crate::value::Value;
use std::borrow::Cow;

/// One step of an issue's path: an object key or an array index.
///
/// ```
/// use mcp_envelope::PathSegment;
///
/// let path: Vec<PathSegment> = vec!["items".into(), 2.into(), "name".into()];
/// assert_eq!(path[1], PathSegment::Index(2));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PathSegment {
    /// An object key.
    Key(String),
    /// An array index.
    Index(u32),
}

impl From<&str> for PathSegment {
    fn from(key: &str) -> Self {
        PathSegment::Key(key.to_owned())
    }
}

impl From<String> for PathSegment {
    fn from(key: String) -> Self {
        PathSegment::Key(key)
    }
}

impl From<u32> for PathSegment {
    fn from(index: u32) -> Self {
        PathSegment::Index(index)
    }
}

impl PathSegment {
    fn to_value(&self) -> Value<'static> {
        match self {
            PathSegment::Key(key) => Value::str(key.clone()),
            PathSegment::Index(index) => Value::Number(f64::from(*index)),
        }
    }
}

/// One validation failure, held as the JSON object a Zod 4 issue for the same mistake
/// would be (`code`, `path`, `message` and the code's own fields, in Zod's key order), so
/// both dialects render it exactly as they render Zod's.
///
/// The constructors write the common codes the way Zod 4 does; [`Issue::new`] and
/// [`Issue::with`] write any other; [`Issue::from_value`] takes an issue object as it is
/// (the issues of another validator are read as Zod's, as the npm package reads them).
///
/// ```
/// use mcp_envelope::Issue;
///
/// let issue = Issue::invalid_type("string", "number").at(["name"]);
/// assert_eq!(
///     issue.to_json(),
///     r#"{"expected":"string","code":"invalid_type","path":["name"],"message":"Invalid input: expected string, received number"}"#
/// );
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Issue(Value<'static>);

/// Where [`Issue::with`] puts a field: before `path`, after what is there.
const PATH: &str = "path";

impl Issue {
    /// An issue with this `code` and `message` at the root: `{ code, path: [], message }`.
    ///
    /// ```
    /// use mcp_envelope::Issue;
    ///
    /// let issue = Issue::new("custom", "Pick a date in the future.");
    /// assert_eq!(issue.to_json(), r#"{"code":"custom","path":[],"message":"Pick a date in the future."}"#);
    /// ```
    pub fn new(code: &str, message: impl Into<String>) -> Issue {
        Issue(Value::Object(vec![
            (Cow::Borrowed("code"), Value::str(code)),
            (Cow::Borrowed(PATH), Value::Array(Vec::new())),
            (Cow::Borrowed("message"), Value::str(message)),
        ]))
    }

    /// A value of the wrong type: Zod 4's `invalid_type`, with its message
    /// `Invalid input: expected <expected>, received <received>`. `received` is Zod's
    /// name for what was sent (`string`, `number`, `boolean`, `object`, `array`,
    /// `null`, `undefined` for a missing value).
    ///
    /// ```
    /// use mcp_envelope::Issue;
    ///
    /// let missing = Issue::invalid_type("string", "undefined").at(["city"]);
    /// assert_eq!(missing.message(), "Invalid input: expected string, received undefined");
    /// ```
    pub fn invalid_type(expected: &str, received: &str) -> Issue {
        let message = format!("Invalid input: expected {expected}, received {received}");
        Issue(Value::Object(vec![
            (Cow::Borrowed("expected"), Value::str(expected)),
            (Cow::Borrowed("code"), Value::str("invalid_type")),
            (Cow::Borrowed(PATH), Value::Array(Vec::new())),
            (Cow::Borrowed("message"), Value::str(message)),
        ]))
    }

    /// Keys the object does not accept: Zod 4's `unrecognized_keys`.
    ///
    /// ```
    /// use mcp_envelope::Issue;
    ///
    /// let issue = Issue::unrecognized_keys(&["colour"]);
    /// assert_eq!(issue.message(), r#"Unrecognized key: "colour""#);
    /// ```
    pub fn unrecognized_keys(keys: &[&str]) -> Issue {
        let quoted: Vec<String> = keys.iter().map(|k| format!("\"{k}\"")).collect();
        let noun = if keys.len() == 1 { "key" } else { "keys" };
        let message = format!("Unrecognized {noun}: {}", quoted.join(", "));
        Issue(Value::Object(vec![
            (Cow::Borrowed("code"), Value::str("unrecognized_keys")),
            (Cow::Borrowed("keys"), Value::Array(keys.iter().map(|k| Value::str(*k)).collect())),
            (Cow::Borrowed(PATH), Value::Array(Vec::new())),
            (Cow::Borrowed("message"), Value::str(message)),
        ]))
    }

    /// A value outside a fixed set: Zod 4's `invalid_value` (an enum or a literal).
    ///
    /// ```
    /// use mcp_envelope::Issue;
    ///
    /// let issue = Issue::invalid_value(&["asc", "desc"]).at(["order"]);
    /// assert_eq!(issue.message(), r#"Invalid option: expected one of "asc"|"desc""#);
    /// ```
    pub fn invalid_value(values: &[&str]) -> Issue {
        let message = match values {
            [one] => format!("Invalid input: expected \"{one}\""),
            _ => {
                let quoted: Vec<String> = values.iter().map(|v| format!("\"{v}\"")).collect();
                format!("Invalid option: expected one of {}", quoted.join("|"))
            }
        };
        Issue(Value::Object(vec![
            (Cow::Borrowed("code"), Value::str("invalid_value")),
            (Cow::Borrowed("values"), Value::Array(values.iter().map(|v| Value::str(*v)).collect())),
            (Cow::Borrowed(PATH), Value::Array(Vec::new())),
            (Cow::Borrowed("message"), Value::str(message)),
        ]))
    }

    /// A rule of the server's own: Zod 4's `custom`, with the message given.
    ///
    /// ```
    /// use mcp_envelope::Issue;
    ///
    /// let issue = Issue::custom("End must come after start.").at(["end"]);
    /// assert_eq!(issue.code(), "custom");
    /// ```
    pub fn custom(message: impl Into<String>) -> Issue {
        Issue::new("custom", message)
    }

    /// The same issue at this path (replacing the one it had).
    ///
    /// ```
    /// use mcp_envelope::{Issue, PathSegment};
    ///
    /// let issue = Issue::custom("Too many.").at([PathSegment::from("tags"), PathSegment::Index(3)]);
    /// assert_eq!(issue.to_json(), r#"{"code":"custom","path":["tags",3],"message":"Too many."}"#);
    /// ```
    pub fn at<S: Into<PathSegment>>(mut self, path: impl IntoIterator<Item = S>) -> Issue {
        let path = Value::Array(path.into_iter().map(|s| s.into().to_value()).collect());
        self.set(PATH, path);
        self
    }

    /// The same issue with one more field (or this field's value replaced): a new field
    /// goes before `path`, where Zod 4 writes a code's own fields.
    ///
    /// ```
    /// use mcp_envelope::{Issue, Value};
    ///
    /// let issue = Issue::new("too_small", "Too small: expected number to be >=1")
    ///     .with("origin", Value::str("number"))
    ///     .with("minimum", Value::Number(1.0))
    ///     .with("inclusive", Value::Bool(true))
    ///     .at(["limit"]);
    /// assert_eq!(
    ///     issue.to_json(),
    ///     r#"{"code":"too_small","origin":"number","minimum":1,"inclusive":true,"path":["limit"],"message":"Too small: expected number to be >=1"}"#
    /// );
    /// ```
    pub fn with(mut self, key: &str, value: Value<'static>) -> Issue {
        self.set(key, shallow_owned(value));
        self
    }

    fn set(&mut self, key: &str, value: Value<'static>) {
        let Value::Object(fields) = &mut self.0 else { return };
        if let Some(slot) = fields.iter_mut().find(|(k, _)| k == key) {
            slot.1 = value;
            return;
        }
        let at = fields.iter().position(|(k, _)| k == PATH).unwrap_or(fields.len());
        fields.insert(at, (Cow::Owned(key.to_owned()), value));
    }

    /// An issue object as another validator or a client wrote it, kept as it is; `None`
    /// unless it is an object. Both dialects read it as the npm package reads an issue
    /// (Zod 3 and 4, Valibot, ArkType, Ajv and Standard Schema issues alike).
    ///
    /// ```
    /// use mcp_envelope::{Issue, Value};
    ///
    /// let sent = Value::parse_json(r#"{"code":"custom","path":["a"],"message":"No."}"#).unwrap();
    /// assert_eq!(Issue::from_value(sent).map(|i| i.code().to_owned()), Some("custom".to_owned()));
    /// assert_eq!(Issue::from_value(Value::Null), None);
    /// ```
    pub fn from_value(value: Value<'_>) -> Option<Issue> {
        match value {
            Value::Object(_) => Some(Issue(shallow_owned(value))),
            _ => None,
        }
    }

    /// The issue's `code` (`""` when it has none).
    ///
    /// ```
    /// assert_eq!(mcp_envelope::Issue::custom("x").code(), "custom");
    /// ```
    pub fn code(&self) -> &str {
        self.0.get("code").and_then(Value::as_str).unwrap_or_default()
    }

    /// The issue's `message` (`""` when it has none).
    ///
    /// ```
    /// assert_eq!(mcp_envelope::Issue::custom("Say more.").message(), "Say more.");
    /// ```
    pub fn message(&self) -> &str {
        self.0.get("message").and_then(Value::as_str).unwrap_or_default()
    }

    /// The issue as its JSON object.
    ///
    /// ```
    /// use mcp_envelope::Issue;
    ///
    /// assert!(Issue::custom("x").as_value().get("path").is_some());
    /// ```
    pub fn as_value(&self) -> &Value<'static> {
        &self.0
    }

    /// The issue as JSON text, keys in order.
    ///
    /// ```
    /// assert_eq!(mcp_envelope::Issue::custom("x").to_json(), r#"{"code":"custom","path":[],"message":"x"}"#);
    /// ```
    pub fn to_json(&self) -> String {
        self.0.to_json()
    }
}

/// The issues as the values the core reads.
pub(crate) fn issue_values(issues: &[Issue]) -> Vec<Value<'static>> {
    issues.iter().map(|i| i.0.clone()).collect()
}
