//! An issue path as this dialect writes it: `path.join(".")` as JavaScript would,
//! cut at the line cap. Segments are read by [`crate::zod::Segment`].

use crate::value::{JsNumber, Value};
use crate::zod::Segment;

use super::text::{Capped, Piece};

/// `path.join(".")` as JavaScript would write it, cut at the line cap.
pub fn write_path(out: &mut Capped, path: &[&Value]) {
    for (i, seg) in path.iter().enumerate() {
        if out.is_full() {
            return;
        }
        if i > 0 {
            out.push_char('.');
        }
        write_segment(out, Segment::of(seg));
    }
}

fn write_segment(out: &mut Capped, seg: Segment<'_>) {
    match seg {
        Segment::Key(s) => out.push_str(s),
        Segment::Number(n) => out.push_str(JsNumber::new(n).as_str()),
        Segment::Bool(b) => out.push_str(if b { "true" } else { "false" }),
        Segment::Null => out.push_str("null"),
        // Not a Zod path segment; written as JSON, capped like the rest.
        Segment::Other(other) => out.push_str(&capped_json(other)),
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
    path_piece(path).finish()
}

/// The path cut at the line cap, before its `…`.
pub fn path_piece(path: &[&Value]) -> Piece {
    let mut out = Capped::line();
    write_path(&mut out, path);
    out.into_piece()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(text: &str) -> Value<'static> {
        Value::parse_json(text).unwrap()
    }

    #[test]
    fn paths_join_like_javascript() {
        let segs = v(r#"["items",1,{"key":"k"},null,true,[],[1],{},{"a":1}]"#);
        let refs: Vec<&Value<'static>> = segs.as_array().unwrap().iter().collect();
        assert_eq!(path_string(&refs), "items.1.k.null.true.[].[…].{}.{…}");
    }
}
