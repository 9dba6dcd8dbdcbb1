//! JSON syntax, written and scanned in one place: string literals as
//! `JSON.stringify` writes them, the escape table, string-end and whitespace
//! scanning over JSON text, and the decoding of a string body. The value writer
//! (`crate::value`), the bounded `JSON.stringify` prefix (`crate::js`), the redactor
//! (`crate::redact`) and the thrown-data scanner (`crate::jsonrpc::thrown_data`) all
//! call these; the parser (`Value::parse_json`) skips whitespace through them too.

use core::fmt::Write as _;
use std::borrow::Cow;

/// Whether `JSON.stringify` escapes this byte in a string: `"`, `\` and the C0
/// controls. Every such byte is ASCII, so a run of others ends on a character boundary.
pub(crate) fn needs_escape(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

/// The escape `JSON.stringify` writes for a byte [`needs_escape`] names: the short
/// forms where JSON has one, `\u00xx` (lowercase hex) for the other controls.
pub(crate) fn write_escape(b: u8, out: &mut String) {
    match b {
        b'"' => out.push_str("\\\""),
        b'\\' => out.push_str("\\\\"),
        0x08 => out.push_str("\\b"),
        0x0c => out.push_str("\\f"),
        b'\n' => out.push_str("\\n"),
        b'\r' => out.push_str("\\r"),
        b'\t' => out.push_str("\\t"),
        b => {
            let _ = write!(out, "\\u{b:04x}");
        }
    }
}

/// A JSON string literal exactly as `JSON.stringify` writes it.
pub fn write_json_string(s: &str, out: &mut String) {
    out.reserve(s.len() + 2);
    out.push('"');
    // Runs of characters that need no escape are copied whole. Every byte that needs
    // one is ASCII, so a run always ends on a character boundary.
    let bytes = s.as_bytes();
    let mut run = 0;
    while let Some(at) = bytes.get(run..).and_then(|rest| rest.iter().position(|&b| needs_escape(b))) {
        let at = run + at;
        out.push_str(s.get(run..at).unwrap_or_default());
        write_escape(bytes.get(at).copied().unwrap_or_default(), out);
        run = at + 1;
    }
    out.push_str(s.get(run..).unwrap_or_default());
    out.push('"');
}

/// The index after the closing quote of the JSON string opening at `start` (`None`
/// when the text ends first). Shared by the scanners over JSON text.
pub(crate) fn json_string_end(bytes: &[u8], start: usize) -> Option<usize> {
    let mut i = start + 1;
    loop {
        match bytes.get(i)? {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
}

/// The index of the first byte at or after `i` that is not JSON whitespace.
pub(crate) fn skip_space(bytes: &[u8], mut i: usize) -> usize {
    while matches!(bytes.get(i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
        i += 1;
    }
    i
}

/// The text of a JSON string's body (between the quotes); lone surrogates become U+FFFD.
pub(crate) fn decode_json_string(body: &str) -> Option<String> {
    decode_string(body, 0, End::Text).ok().map(|(text, _)| text.into_owned())
}

/// Where a string [`decode_string`] reads ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum End {
    /// At its closing quote, as JSON text writes it: a raw control character is an error.
    Quote,
    /// At the end of the text given (a string's body already cut out).
    Text,
}

/// Decodes the JSON string starting at byte `start` of `text` (just past its opening
/// quote, for [`End::Quote`]): escapes resolved, a `\uD83D\uDE00` pair joined, any
/// unpaired surrogate U+FFFD (as `String.prototype.toWellFormed` would make it).
/// Returns the text and the index just past the string (past its closing quote).
pub(crate) fn decode_string(text: &str, start: usize, end: End) -> Result<(Cow<'_, str>, usize), &'static str> {
    let bytes = text.as_bytes();
    let mut pos = start;
    let mut out = String::new();
    loop {
        // Copy the run of plain characters in one go.
        let run_start = pos;
        while let Some(&b) = bytes.get(pos) {
            if b == b'\\' || (end == End::Quote && (b == b'"' || b < 0x20)) {
                break;
            }
            pos += 1;
        }
        // The text is UTF-8 and a run ends before an ASCII byte (or at the end): a boundary.
        let run = text.get(run_start..pos).ok_or("bad UTF-8")?;
        match bytes.get(pos) {
            // A string without escapes is read in place.
            Some(b'"') if end == End::Quote && out.is_empty() => return Ok((Cow::Borrowed(run), pos + 1)),
            Some(b'"') if end == End::Quote => {
                out.push_str(run);
                return Ok((Cow::Owned(out), pos + 1));
            }
            None if end == End::Text => {
                out.push_str(run);
                return Ok((Cow::Owned(out), pos));
            }
            _ => out.push_str(run),
        }
        match bytes.get(pos) {
            Some(b'\\') => {
                let escape = *bytes.get(pos + 1).ok_or("unexpected end")?;
                pos += 2;
                match escape {
                    b'"' => out.push('"'),
                    b'\\' => out.push('\\'),
                    b'/' => out.push('/'),
                    b'b' => out.push('\u{8}'),
                    b'f' => out.push('\u{c}'),
                    b'n' => out.push('\n'),
                    b'r' => out.push('\r'),
                    b't' => out.push('\t'),
                    b'u' => {
                        let unit = hex4(bytes, pos)?;
                        pos += 4;
                        out.push(finish_code_unit(bytes, &mut pos, unit)?);
                    }
                    _ => return Err("bad escape"),
                }
            }
            Some(_) => return Err("control character in string"),
            None => return Err("unterminated string"),
        }
    }
}

fn hex4(bytes: &[u8], at: usize) -> Result<u32, &'static str> {
    let mut code = 0u32;
    for i in at..at + 4 {
        let digit = match bytes.get(i) {
            Some(b @ b'0'..=b'9') => u32::from(b - b'0'),
            Some(b @ b'a'..=b'f') => u32::from(b - b'a') + 10,
            Some(b @ b'A'..=b'F') => u32::from(b - b'A') + 10,
            _ => return Err("bad \\u escape"),
        };
        code = code * 16 + digit;
    }
    Ok(code)
}

/// Pairs a high surrogate with a following `\uDC00`-style low one (moving `pos` past
/// it); anything unpaired becomes U+FFFD.
fn finish_code_unit(bytes: &[u8], pos: &mut usize, unit: u32) -> Result<char, &'static str> {
    if (0xD800..0xDC00).contains(&unit) {
        if bytes.get(*pos..pos.saturating_add(2)) == Some(b"\\u".as_slice()) {
            let low = hex4(bytes, *pos + 2)?;
            if (0xDC00..0xE000).contains(&low) {
                *pos += 6;
                let combined = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
                return Ok(char::from_u32(combined).unwrap_or('\u{FFFD}'));
            }
        }
        return Ok('\u{FFFD}');
    }
    Ok(char::from_u32(unit).unwrap_or('\u{FFFD}'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_escape_table_is_json_stringify_s() {
        let mut out = String::new();
        for b in 0u8..=0x7f {
            if needs_escape(b) {
                write_escape(b, &mut out);
            }
        }
        assert!(out.starts_with("\\u0000\\u0001"));
        assert!(out.contains("\\b\\t\\n\\u000b\\f\\r\\u000e"));
        assert!(out.ends_with("\\u001f\\\"\\\\"));
        let mut s = String::new();
        write_json_string("a\"b\\c\u{1}é😀", &mut s);
        assert_eq!(s, "\"a\\\"b\\\\c\\u0001é😀\"");
    }

    #[test]
    fn scans_and_decodes_string_bodies() {
        let text = br#" "a\"b" :"#;
        assert_eq!(skip_space(text, 0), 1);
        assert_eq!(json_string_end(text, 1), Some(7));
        assert_eq!(json_string_end(br#""open"#, 0), None);
        assert_eq!(decode_json_string(r#"a\"b\u00e9\ud83d\ude00\ud800x"#).as_deref(), Some("a\"bé😀\u{FFFD}x"));
        assert_eq!(decode_json_string(r"\q"), None);
    }
}
