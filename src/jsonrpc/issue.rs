//! One reading of a Zod issue, whichever major version wrote it.
//!
//! The formatter reads raw issue objects in place (no copy): `data.issues` must carry
//! them exactly as Zod wrote them, so only the rendering needs a normalised view.
//! Zod 3 shapes map onto the Zod 4 model:
//!
//! | Zod 3                                   | read as (Zod 4)                  |
//! |-----------------------------------------|----------------------------------|
//! | `invalid_enum_value { options }`        | `invalid_value { values }`       |
//! | `invalid_literal { expected }`          | `invalid_value { values: [it] }` |
//! | `invalid_union { unionErrors[].issues }`| `invalid_union { errors }`       |
//! | `invalid_union_discriminator { options }` | `invalid_union` with no branch |
//! | `invalid_type { expected: "integer" }`  | `invalid_type { expected: "int" }` |
//!
//! Zod 3 writes branch issue paths from the root of the parse; Zod 4 writes them
//! relative to the union. [`IssueView::branches`] hands out Zod 3 branches with a
//! flag so the renderer can strip the union's own path.

use crate::value::{js_number_string, Value};

use super::text::Capped;

/// Union branches the renderer reads at most (each); more are ignored.
pub const MAX_RENDER_BRANCHES: usize = 64;
/// Issues per union branch the renderer reads at most.
pub const MAX_RENDER_BRANCH_ISSUES: usize = 32;
/// Accepted values of one enum or literal the renderer lists at most.
pub const MAX_RENDER_VALUES: usize = 256;
/// Path segments read at most; a rendered path is cut far sooner (each segment
/// takes at least one character or a dot of the 1,024).
pub const MAX_PATH_SEGMENTS: usize = 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IssueKind {
    InvalidType,
    InvalidValue,
    UnrecognizedKeys,
    Union,
    Other,
}

/// A borrowed view of one raw issue object.
#[derive(Debug, Clone, Copy)]
pub struct IssueView<'a> {
    raw: &'a Value,
}

/// One union branch: its issues, and whether their paths start at the parse root
/// (Zod 3) instead of at the union (Zod 4).
#[derive(Debug, Clone, Copy)]
pub struct Branch<'a> {
    pub issues: &'a [Value],
    pub absolute_paths: bool,
}

impl<'a> IssueView<'a> {
    pub fn new(raw: &'a Value) -> IssueView<'a> {
        IssueView { raw }
    }

    pub fn code(&self) -> &'a str {
        self.raw.get("code").and_then(Value::as_str).unwrap_or("")
    }

    pub fn kind(&self) -> IssueKind {
        match self.code() {
            "invalid_type" => IssueKind::InvalidType,
            "invalid_value" | "invalid_enum_value" | "invalid_literal" => IssueKind::InvalidValue,
            "unrecognized_keys" => IssueKind::UnrecognizedKeys,
            "invalid_union" | "invalid_union_discriminator" => IssueKind::Union,
            _ => IssueKind::Other,
        }
    }

    pub fn path(&self) -> &'a [Value] {
        self.raw.get("path").and_then(Value::as_array).unwrap_or(&[])
    }

    /// Zod's message; an issue without one reads as Zod's generic text.
    pub fn message(&self) -> &'a str {
        self.raw.get("message").and_then(Value::as_str).unwrap_or("Invalid input")
    }

    /// The type an `invalid_type` issue expected, with Zod 3's names mapped.
    pub fn expected_type(&self) -> Option<&'a str> {
        let expected = self.raw.get("expected").and_then(Value::as_str)?;
        Some(match expected {
            "integer" => "int",
            other => other,
        })
    }

    /// The accepted values of an `invalid_value` issue (or its Zod 3 forms), at most
    /// [`MAX_RENDER_VALUES`] of them.
    pub fn accepted_values(&self) -> Vec<&'a Value> {
        match self.code() {
            "invalid_value" => list_prefix(self.raw.get("values")),
            "invalid_enum_value" => list_prefix(self.raw.get("options")),
            "invalid_literal" => self.raw.get("expected").into_iter().collect(),
            _ => Vec::new(),
        }
    }

    /// The options a discriminated union names when no branch matched the tag.
    pub fn union_options(&self) -> Vec<&'a Value> {
        list_prefix(self.raw.get("options"))
    }

    pub fn unrecognized_keys(&self) -> &'a [Value] {
        self.raw.get("keys").and_then(Value::as_array).unwrap_or(&[])
    }

    /// The branches of a union issue, at most [`MAX_RENDER_BRANCHES`], empty ones left
    /// out. Zod 4 writes `errors: Issue[][]`, Zod 3 `unionErrors: [{ issues }]`.
    pub fn branches(&self) -> Vec<Branch<'a>> {
        if let Some(errors) = self.raw.get("errors").and_then(Value::as_array) {
            return errors
                .iter()
                .take(MAX_RENDER_BRANCHES)
                .filter_map(Value::as_array)
                .filter(|issues| !issues.is_empty())
                .map(|issues| Branch { issues, absolute_paths: false })
                .collect();
        }
        if let Some(errors) = self.raw.get("unionErrors").and_then(Value::as_array) {
            return errors
                .iter()
                .take(MAX_RENDER_BRANCHES)
                .filter_map(|e| e.get("issues").and_then(Value::as_array))
                .filter(|issues| !issues.is_empty())
                .map(|issues| Branch { issues, absolute_paths: true })
                .collect();
        }
        Vec::new()
    }
}

fn list_prefix(list: Option<&Value>) -> Vec<&Value> {
    list.and_then(Value::as_array)
        .unwrap_or(&[])
        .iter()
        .take(MAX_RENDER_VALUES)
        .collect()
}

/// The path of a branch issue relative to its union. Zod 3 paths start at the root
/// of the parse, so the union's own absolute path is stripped when it is a prefix.
pub fn relative_path<'a>(issue: &IssueView<'a>, union_abs: &[&'a Value], absolute: bool) -> Vec<&'a Value> {
    let path = issue.path();
    if absolute && path.len() >= union_abs.len() && path.iter().zip(union_abs).all(|(a, b)| a == *b) {
        return path.iter().skip(union_abs.len()).take(MAX_PATH_SEGMENTS).collect();
    }
    path.iter().take(MAX_PATH_SEGMENTS).collect()
}

/// `path.join(".")` as JavaScript would write it, cut at the line cap.
pub fn write_path(out: &mut Capped, path: &[&Value]) {
    for (i, seg) in path.iter().enumerate() {
        if out.is_full() {
            return;
        }
        if i > 0 {
            out.push_char('.');
        }
        write_segment(out, seg);
    }
}

fn write_segment(out: &mut Capped, seg: &Value) {
    match seg.path_key() {
        Value::String(s) => out.push_str(s),
        Value::Number(n) => out.push_str(&js_number_string(*n)),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Null => out.push_str("null"),
        // Not a Zod path segment; written as JSON, capped like the rest.
        other => out.push_str(&capped_json(other)),
    }
}

/// A value as JSON, for a shape that should never appear (a container as a path
/// segment). Only small values are written whole.
fn capped_json(v: &Value) -> String {
    match v {
        Value::Array(items) if !items.is_empty() => "[…]".to_owned(),
        Value::Object(entries) if !entries.is_empty() => "{…}".to_owned(),
        other => other.to_json(),
    }
}

/// The path as a string, cut at the line cap with `…`.
pub fn path_string(path: &[&Value]) -> String {
    let mut out = Capped::line();
    write_path(&mut out, path);
    out.finish()
}

/// What the caller sent at a path, as far as the wording needs: present or not,
/// and its JSON type.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Arriving {
    Absent,
    Null,
    Bool,
    Number(f64),
    String,
    Array,
    Object,
}

impl Arriving {
    pub fn is_absent(self) -> bool {
        self == Arriving::Absent
    }
}

/// Reads the value at `path` in the arguments as JavaScript property access would
/// (`args?.[a]?.[b]`): an index into an array, a key into an object (a number key
/// as its string), anything else undefined. `args == None` is `undefined`.
pub fn arriving_at(args: Option<&Value>, path: &[&Value]) -> Arriving {
    let mut current = match args {
        Some(v) => v,
        None => return Arriving::Absent,
    };
    for seg in path {
        let next = match (current, seg.path_key()) {
            (Value::Object(_), Value::String(key)) => current.get(key),
            (Value::Object(_), Value::Number(n)) => current.get(&js_number_string(*n)),
            (Value::Array(items), Value::Number(n)) => array_index(*n).and_then(|i| items.get(i)),
            (Value::Array(items), Value::String(key)) => {
                canonical_index(key).and_then(|i| items.get(i))
            }
            _ => None,
        };
        current = match next {
            Some(v) => v,
            None => return Arriving::Absent,
        };
    }
    match current {
        Value::Null => Arriving::Null,
        Value::Bool(_) => Arriving::Bool,
        Value::Number(n) => Arriving::Number(*n),
        Value::String(_) => Arriving::String,
        Value::Array(_) => Arriving::Array,
        Value::Object(_) => Arriving::Object,
    }
}

fn array_index(n: f64) -> Option<usize> {
    if n >= 0.0 && n.fract() == 0.0 && n < 4_294_967_295.0 {
        // Checked above: a non-negative integer below 2^32 - 1.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        Some(n as usize)
    } else {
        None
    }
}

/// `"12"` → 12; `"012"`, `"1.0"`, `"-1"` are keys, not indices, as in JavaScript.
fn canonical_index(key: &str) -> Option<usize> {
    if key.is_empty() || key.len() > 10 || !key.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if key.len() > 1 && key.starts_with('0') {
        return None;
    }
    let n: u64 = key.parse().ok()?;
    if n < 4_294_967_295 {
        usize::try_from(n).ok()
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(text: &str) -> Value {
        Value::parse_json(text).unwrap()
    }

    #[test]
    fn reads_arguments_like_property_access() {
        let args = v(r#"{"a":{"b":[1,null,{"c":"x"}]},"n":2.5}"#);
        let p = |s: &str| v(s);
        let path = [p(r#""a""#), p(r#""b""#), p("2"), p(r#""c""#)];
        let refs: Vec<&Value> = path.iter().collect();
        assert_eq!(arriving_at(Some(&args), &refs), Arriving::String);
        let path = [p(r#""a""#), p(r#""b""#), p(r#""1""#)];
        let refs: Vec<&Value> = path.iter().collect();
        assert_eq!(arriving_at(Some(&args), &refs), Arriving::Null);
        let path = [p(r#""a""#), p(r#""b""#), p("3")];
        let refs: Vec<&Value> = path.iter().collect();
        assert_eq!(arriving_at(Some(&args), &refs), Arriving::Absent);
        let path = [p(r#""n""#), p(r#""x""#)];
        let refs: Vec<&Value> = path.iter().collect();
        assert_eq!(arriving_at(Some(&args), &refs), Arriving::Absent);
        assert_eq!(arriving_at(None, &[]), Arriving::Absent);
    }

    #[test]
    fn zod3_shapes_read_as_zod4() {
        let enum3 = v(r#"{"code":"invalid_enum_value","options":["a","b"],"received":"c","path":["x"],"message":"m"}"#);
        let view = IssueView::new(&enum3);
        assert_eq!(view.kind(), IssueKind::InvalidValue);
        assert_eq!(view.accepted_values().len(), 2);
        let union3 = v(r#"{"code":"invalid_union","unionErrors":[{"issues":[{"code":"custom","path":["x","y"],"message":"m"}],"name":"ZodError"}],"path":["x"],"message":"Invalid input"}"#);
        let view = IssueView::new(&union3);
        let branches = view.branches();
        assert_eq!(branches.len(), 1);
        let b = branches.first().unwrap();
        assert!(b.absolute_paths);
        let inner = IssueView::new(b.issues.first().unwrap());
        let x = v(r#""x""#);
        let rel = relative_path(&inner, &[&x], true);
        assert_eq!(rel.len(), 1);
    }

    #[test]
    fn paths_join_like_javascript() {
        let a = v(r#""items""#);
        let one = v("1");
        assert_eq!(path_string(&[&a, &one]), "items.1");
    }
}
