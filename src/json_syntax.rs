//! JSON syntax, written and scanned in one place: string literals as
//! `JSON.stringify` writes them, the escape table, string-end and whitespace
//! scanning over JSON text, and the decoding of a string body. The value writer
//! (`crate::value`), the bounded `JSON.stringify` prefix (`crate::js`), the redactor
//! (`crate::redact`) and the thrown-data scanner (`crate::jsonrpc::thrown_data`) all
//! call these; the parser (`Value::parse_json`) skips whitespace through them too.

use core::fmt::Write as _;

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
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars();
    let mut pending_high: Option<u32> = None;
    while let Some(c) = chars.next() {
        if c != '\\' {
            if pending_high.take().is_some() {
                out.push('\u{FFFD}');
            }
            out.push(c);
            continue;
        }
        let escape = chars.next()?;
        let unit = match escape {
            'u' => {
                let mut unit = 0u32;
                for _ in 0..4 {
                    unit = unit * 16 + chars.next()?.to_digit(16)?;
                }
                unit
            }
            '"' => u32::from('"'),
            '\\' => u32::from('\\'),
            '/' => u32::from('/'),
            'b' => 8,
            'f' => 12,
            'n' => 10,
            'r' => 13,
            't' => 9,
            _ => return None,
        };
        match (pending_high.take(), unit) {
            (Some(high), 0xDC00..=0xDFFF) => {
                out.push(char::from_u32(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00)).unwrap_or('\u{FFFD}'));
            }
            (high, 0xD800..=0xDBFF) => {
                if high.is_some() {
                    out.push('\u{FFFD}');
                }
                pending_high = Some(unit);
            }
            (high, unit) => {
                if high.is_some() {
                    out.push('\u{FFFD}');
                }
                out.push(char::from_u32(unit).unwrap_or('\u{FFFD}'));
            }
        }
    }
    if pending_high.is_some() {
        out.push('\u{FFFD}');
    }
    Some(out)
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
