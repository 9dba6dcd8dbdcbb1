//! One line's text (`path: message`, cut at the line cap) and its hint sentence.

use crate::js::js_trim;
use crate::jsonrpc::hint::{Line, Sentence};
use crate::jsonrpc::path::{path_piece, write_path};
use crate::jsonrpc::text::{Capped, Piece};
use crate::value::{JsNumber, Value};
use crate::zod::Arriving;

pub(super) fn raw(message: &str) -> Piece {
    let mut c = Capped::line();
    c.push_str(message);
    c.into_piece()
}

/// `path: body`, or `body` alone at the root, cut at the line cap with `…`.
pub(super) fn line_text(path: &[&Value], body: &Piece) -> String {
    line_piece(path, body).finish()
}

/// [`line_text`] before its `…`: the text and whether it was cut.
pub(super) fn line_piece(path: &[&Value], body: &Piece) -> Piece {
    let mut out = Capped::line();
    if !path.is_empty() {
        write_path(&mut out, path);
        out.push_str(": ");
    }
    out.push_piece(body);
    out.into_piece()
}

/// [`line_piece`] of a path already written (`path_piece(path)`; `at_root` when the
/// path has no segment, which a path of one empty key also writes as nothing).
fn line_piece_after(at_root: bool, path: &Piece, body: &Piece) -> Piece {
    let mut out = Capped::line();
    if !at_root {
        out.push_piece(path);
        out.push_str(": ");
    }
    out.push_piece(body);
    out.into_piece()
}

/// A branch fragment: like a line, but kept as a piece for the enclosing line.
pub(super) fn fragment(path: &[&Value], body: &Piece) -> Piece {
    line_piece(path, body)
}

/// One line and its hint sentence, in the order mcp-ts-core's hint decides it:
/// - a value left out below the root: `Provide path.`, whatever the issue;
/// - a wrong type (`expected` given): `Send path as a number, not a string.`;
/// - anything else restates the line.
pub(super) fn line_for(path: &[&Value], body: &Piece, arriving: Arriving, expected: Option<&str>) -> Line {
    // The path is written once, for the line and for its sentence.
    let written = path_piece(path);
    let piece = line_piece_after(path.is_empty(), &written, body);
    let dotted = written.finish();
    let sentence = if arriving.is_absent() && !dotted.is_empty() {
        Sentence::Provide(dotted)
    } else if let Some(expected) = expected {
        Sentence::Framework(wrong_type_sentence(&dotted, expected, arriving))
    } else {
        restatement(&piece)
    };
    Line { text: piece.finish(), sentences: vec![sentence] }
}

/// A restated line as a sentence beside the framework's own: trimmed and ended with
/// `.` unless it ends `.`, `?` or `!` already; a line the cap cut stays as cut.
pub(super) fn restatement(line: &Piece) -> Sentence {
    if line.cut {
        return Sentence::Restate(line.clone().finish());
    }
    let trimmed = js_trim(&line.text);
    if trimmed.ends_with(['.', '?', '!']) {
        Sentence::Restate(trimmed.to_owned())
    } else {
        Sentence::Restate(format!("{trimmed}."))
    }
}

/// `Missing required field. Expected "a"` / `… Expected one of "a"|"b"`.
pub(super) fn missing_text(values: &[&Value]) -> Piece {
    let mut out = Capped::line();
    out.push_str("Missing required field.");
    match values {
        [] => {}
        [single] => {
            out.push_str(" Expected ");
            write_primitive(&mut out, single);
        }
        many => {
            out.push_str(" Expected one of ");
            write_values(&mut out, many);
        }
    }
    out.into_piece()
}

/// The literal every branch failed on: `Invalid input: expected "a"` for one value,
/// `Invalid option: expected one of "a"|"b"` for more; `Missing required field. …`
/// when it was left out.
pub(super) fn tag_text(values: &[&Value], absent: bool) -> Piece {
    if absent {
        return missing_text(values);
    }
    let mut out = Capped::line();
    match values {
        [single] => {
            out.push_str("Invalid input: expected ");
            write_primitive(&mut out, single);
        }
        many => {
            out.push_str("Invalid option: expected one of ");
            write_values(&mut out, many);
        }
    }
    out.into_piece()
}

pub(super) fn write_values(out: &mut Capped, values: &[&Value]) {
    for (i, v) in values.iter().enumerate() {
        if out.is_full() {
            return;
        }
        if i > 0 {
            out.push_char('|');
        }
        write_primitive(out, v);
    }
}

/// A literal as Zod names it: strings JSON-quoted, other primitives as JS prints them.
pub(super) fn write_primitive(out: &mut Capped, v: &Value) {
    match v {
        Value::String(s) => {
            // JSON-quote only the part that can show; a huge literal stays cheap.
            let (shown, _, cut) = crate::jsonrpc::text::prefix(s, crate::jsonrpc::text::MAX_STRING_UNITS);
            let mut quoted = String::new();
            crate::value::write_json_string(shown, &mut quoted);
            if cut {
                // Without its closing quote, and marked cut: the line ends `…`.
                quoted.pop();
                out.push_piece(&Piece { text: quoted, cut: true });
            } else {
                out.push_str(&quoted);
            }
        }
        Value::Number(n) => out.push_str(JsNumber::new(*n).as_str()),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Null => out.push_str("null"),
        Value::Array(_) | Value::Object(_) => out.push_str("[object]"),
    }
}

/// `Send x as a number, not a string.` (mcp-ts-core's wrong-type sentence): the
/// expected name with its article (`an` before a vowel, else `a`) whatever it is
/// (`a tuple`, `a date`, `a null`), then what arrived (`null`, `an array`, `a
/// string`, …). An `int` that got a number reads `an integer, not a fractional
/// number.` The subject is the path, or `the arguments` at the root; at the root
/// with nothing sent: `Send the arguments as an object.`
pub(super) fn wrong_type_sentence(dotted: &str, expected: &str, arriving: Arriving) -> String {
    let mut s = Capped::line();
    s.push_str("Send ");
    s.push_str(if dotted.is_empty() { "the arguments" } else { dotted });
    s.push_str(" as ");
    let arrived = match arriving {
        Arriving::Absent => {
            push_with_article(&mut s, expected);
            s.push_char('.');
            return s.finish();
        }
        Arriving::Number(_) if expected == "int" => {
            s.push_str("an integer, not a fractional number.");
            return s.finish();
        }
        Arriving::Null => "null",
        Arriving::Bool => "a boolean",
        Arriving::Number(_) => "a number",
        Arriving::String => "a string",
        Arriving::Array => "an array",
        Arriving::Object => "an object",
    };
    push_with_article(&mut s, expected);
    s.push_str(", not ");
    s.push_str(arrived);
    s.push_char('.');
    s.finish()
}

/// `an integer`, `a tuple`: `an` before a lowercase vowel, as mcp-ts-core writes it.
pub(super) fn push_with_article(out: &mut Capped, name: &str) {
    out.push_str(if name.starts_with(['a', 'e', 'i', 'o', 'u']) { "an " } else { "a " });
    out.push_str(name);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jsonrpc::path::path_string;

    /// A line's text and its sentence's path are the path written once: the same as
    /// writing it for each, at the root, for a path of one empty key (written as nothing
    /// but still a path) and for a path past the line cap.
    #[test]
    fn the_path_written_once_reads_as_written_twice() {
        let long = Value::str("p".repeat(1100));
        let (empty, key, one) = (Value::str(""), Value::str("items"), Value::Number(1.0));
        let paths: [Vec<&Value>; 5] = [vec![], vec![&empty], vec![&key, &one], vec![&key, &long], vec![&long, &key]];
        let body = raw("Invalid input: expected string, received number");
        for path in &paths {
            for (arriving, expected) in
                [(Arriving::Absent, None), (Arriving::Number(1.5), Some("string")), (Arriving::Null, None)]
            {
                let line = line_for(path, &body, arriving, expected);
                assert_eq!(line.text, line_piece(path, &body).finish());
                let dotted = path_string(path);
                let sentence = match line.sentences.as_slice() {
                    [Sentence::Provide(p)] => p.clone(),
                    [Sentence::Framework(s)] => s.clone(),
                    [Sentence::Restate(s)] => s.clone(),
                    other => panic!("{other:?}"),
                };
                let expect = if arriving.is_absent() && !dotted.is_empty() {
                    dotted.clone()
                } else if let Some(expected) = expected {
                    wrong_type_sentence(&dotted, expected, arriving)
                } else {
                    match restatement(&line_piece(path, &body)) {
                        Sentence::Restate(s) => s,
                        other => panic!("{other:?}"),
                    }
                };
                assert_eq!(sentence, expect, "{path:?}");
            }
        }
        assert_eq!(line_for(&[&empty], &body, Arriving::Null, None).text, format!(": {}", body.text));
    }
}
