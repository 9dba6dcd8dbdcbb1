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

/// The index of the first of the eight bytes of `word` (read little-endian: byte 0 is the
/// lowest) that [`needs_escape`] names, if any. Exact: a borrow in the subtractions below
/// only carries upward from a byte that is named, so bytes past the first may be marked
/// but none before it is.
fn first_escape(word: u64) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    // A byte below `n` (n ≤ 0x80) sets its high bit in `(x - n) & !x`; a byte equal to
    // `c` is a zero byte of `x ^ c`, that is one below 1.
    let below = |x: u64, n: u64| x.wrapping_sub(ONES * n) & !x & HIGHS;
    let marks =
        below(word, 0x20) | below(word ^ (ONES * u64::from(b'"')), 1) | below(word ^ (ONES * u64::from(b'\\')), 1);
    (marks != 0).then(|| (marks.trailing_zeros() / 8) as usize)
}

/// The index of the first byte at or after `from` that [`needs_escape`] names
/// (`bytes.len()` when none does), read eight bytes at a time: the last few bytes are
/// read as a word padded with a byte that needs none, so no byte is looked at alone.
pub(crate) fn plain_run_end(bytes: &[u8], from: usize) -> usize {
    let mut i = from;
    while let Some(word) = bytes.get(i..i.saturating_add(8)).and_then(|w| <[u8; 8]>::try_from(w).ok()) {
        if let Some(at) = first_escape(u64::from_le_bytes(word)) {
            return i + at;
        }
        i += 8;
    }
    let rest = bytes.get(i..).unwrap_or_default();
    let mut word = [b'a'; 8];
    if let Some(head) = word.get_mut(..rest.len()) {
        head.copy_from_slice(rest);
    }
    // The padding needs no escape: a byte found is one of `rest`.
    first_escape(u64::from_le_bytes(word)).map_or(bytes.len(), |at| i + at)
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
    loop {
        let at = plain_run_end(bytes, run);
        out.push_str(s.get(run..at).unwrap_or_default());
        let Some(&b) = bytes.get(at) else { break };
        write_escape(b, out);
        run = at + 1;
    }
    out.push('"');
}

/// Whether every escape in a JSON string's body (the bytes between its quotes, as read)
/// is the one [`write_json_string`] writes for the character it stands for, so that
/// writer gives back exactly this body for the decoded text: `\"`, `\\`, the short
/// forms, and `\u00xx` (lowercase hex) only for the other C0 controls. `\/`, `\u0041`,
/// `\u001F` or a surrogate pair's escapes decode to text it writes otherwise.
pub(crate) fn escapes_written_as_read(body: &[u8]) -> bool {
    let mut i = 0;
    while let Some(found) = body.get(i..).and_then(|rest| rest.iter().position(|&b| b == b'\\')) {
        let at = i + found;
        i = match body.get(at + 1) {
            Some(b'"' | b'\\' | b'b' | b'f' | b'n' | b'r' | b't') => at + 2,
            Some(b'u') => match body.get(at + 2..at + 6) {
                Some(&[b'0', b'0', high @ (b'0' | b'1'), low @ (b'0'..=b'9' | b'a'..=b'f')]) => {
                    let unit = (high - b'0') * 16 + if low <= b'9' { low - b'0' } else { low - b'a' + 10 };
                    // These five have short forms.
                    if matches!(unit, 0x08 | 0x09 | 0x0a | 0x0c | 0x0d) {
                        return false;
                    }
                    at + 6
                }
                _ => return false,
            },
            _ => return false,
        };
    }
    true
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
        if end == End::Quote {
            pos = plain_run_end(bytes, pos);
        } else {
            while bytes.get(pos).is_some_and(|&b| b != b'\\') {
                pos += 1;
            }
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

/// Whether `text` is exactly one JSON value (whitespace around it allowed), as
/// `JSON.parse` would accept it, read without recursion: any depth costs only a byte of
/// stack per open list or object.
pub(crate) fn is_json(text: &str) -> bool {
    let bytes = text.as_bytes();
    // The lists (`[`) and objects (`{`) open around the value being read.
    let mut open: Vec<u8> = Vec::new();
    let mut i = skip_space(bytes, 0);
    // Whether the next thing is an object's key (then its `:`), not a value.
    let mut key = false;
    loop {
        let end = match bytes.get(i) {
            Some(b'"') => string_end(bytes, i),
            _ if key => None,
            Some(&bracket @ (b'[' | b'{')) => {
                let after = skip_space(bytes, i + 1);
                if bytes.get(after) == Some(&(bracket + 2)) {
                    Some(after + 1)
                } else {
                    open.push(bracket);
                    i = after;
                    key = bracket == b'{';
                    continue;
                }
            }
            Some(b'-' | b'0'..=b'9') => number_end(bytes, i),
            Some(&first @ (b't' | b'f' | b'n')) => {
                let literal: &[u8] = match first {
                    b't' => b"true",
                    b'f' => b"false",
                    _ => b"null",
                };
                (bytes.get(i..i + literal.len()) == Some(literal)).then_some(i + literal.len())
            }
            _ => None,
        };
        let Some(end) = end else { return false };
        i = skip_space(bytes, end);
        if key {
            if bytes.get(i) != Some(&b':') {
                return false;
            }
            i = skip_space(bytes, i + 1);
            key = false;
            continue;
        }
        // After a value: close what it ends, or move to the next entry.
        loop {
            let Some(&bracket) = open.last() else { return i == bytes.len() };
            match bytes.get(i) {
                Some(b',') => {
                    i = skip_space(bytes, i + 1);
                    key = bracket == b'{';
                    break;
                }
                // `]` is `[` + 2, `}` is `{` + 2.
                Some(&close) if close == bracket + 2 => {
                    open.pop();
                    i = skip_space(bytes, i + 1);
                }
                _ => return false,
            }
        }
    }
}

/// Past the JSON string starting at `i` (its quote): escapes valid, no raw control character.
fn string_end(bytes: &[u8], mut i: usize) -> Option<usize> {
    i += 1;
    loop {
        match *bytes.get(i)? {
            b'"' => return Some(i + 1),
            b'\\' => {
                i += match *bytes.get(i + 1)? {
                    b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => 2,
                    b'u' if bytes.get(i + 2..i + 6)?.iter().all(u8::is_ascii_hexdigit) => 6,
                    _ => return None,
                };
            }
            b if b < 0x20 => return None,
            _ => i += 1,
        }
    }
}

/// The end of the JSON number starting at `i`: `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`.
fn number_end(bytes: &[u8], mut i: usize) -> Option<usize> {
    // The end of the run of digits at `from`, `None` when it is empty.
    let digits = |from: usize| {
        let end = from + bytes.get(from..).map_or(0, |rest| rest.iter().take_while(|b| b.is_ascii_digit()).count());
        (end > from).then_some(end)
    };
    if bytes.get(i) == Some(&b'-') {
        i += 1;
    }
    i = if bytes.get(i) == Some(&b'0') { i + 1 } else { digits(i)? };
    if bytes.get(i) == Some(&b'.') {
        i = digits(i + 1)?;
    }
    if matches!(bytes.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(bytes.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        i = digits(i)?;
    }
    Some(i)
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

    fn first_escape_bytewise(word: [u8; 8]) -> Option<usize> {
        word.iter().position(|&b| needs_escape(b))
    }

    #[test]
    fn is_json_reads_one_value_at_any_depth() {
        for text in
            ["0", " -0.5e+3 ", "\"a\\u00e9\"", "[]", "{}", "[1,[2,{}],{\"a\":null}]", "true", "{\"a\":{\"b\":[false]}}"]
        {
            assert!(is_json(text), "{text}");
        }
        for text in [
            "",
            "01",
            "1.",
            ".5",
            "-",
            "1e",
            "[1,]",
            "{\"a\"}",
            "{\"a\":1,}",
            "[1 2]",
            "nul",
            "\"\\x\"",
            "\"\u{1}\"",
            "1 2",
            "{1:2}",
            "[}",
            "\"a\"+\"b\"",
        ] {
            assert!(!is_json(text), "{text}");
        }
        let deep = format!("{}1{}", "[".repeat(100_000), "]".repeat(100_000));
        assert!(is_json(&deep));
        assert!(!is_json(&deep[..deep.len() - 1]));
    }

    #[test]
    fn eight_bytes_at_a_time_name_the_bytes_one_at_a_time_does() {
        // Every byte at every position, among plain bytes, among bytes that borrow
        // (0x00, 0x80, 0xff) and beside a byte that needs an escape.
        for background in [b'a', 0x00, 0x20, 0x21, 0x80, 0xff, b'"'] {
            for at in 0..8 {
                for b in 0..=255u8 {
                    let mut word = [background; 8];
                    if let Some(slot) = word.get_mut(at) {
                        *slot = b;
                    }
                    assert_eq!(first_escape(u64::from_le_bytes(word)), first_escape_bytewise(word), "{word:?}");
                }
            }
        }
    }

    // Property tests run natively; proptest has no wasm32 backend.
    #[cfg(not(target_arch = "wasm32"))]
    mod props {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            // Token soup, mostly not JSON: is_json agrees with serde_json (no `\u`
            // escapes: serde_json refuses lone surrogates, which JSON.parse accepts).
            #[test]
            fn is_json_agrees_with_serde_json(text in r#"[\[\]{}",: 0-9a-z.eE+\-\\\n\t\x01]{0,24}"#) {
                let theirs = serde_json::from_str::<serde_json::Value>(&text).is_ok();
                prop_assert_eq!(is_json(&text), theirs, "{:?}", text);
            }

            // Every JSON text of a value, at any depth, is JSON.
            #[test]
            fn written_values_are_json(depth in 0usize..300, leaf in r#"[a-z"\\é\x00-\x1f]{0,8}"#, n in any::<f64>()) {
                let mut text = crate::value::Value::String(leaf.into()).to_json();
                for level in 0..depth {
                    text = if level % 3 == 0 {
                        format!("[{text}, {}]", crate::value::js_number_string(n).replace("NaN", "null").replace("Infinity", "1e999"))
                    } else {
                        format!(r#"{{"k{level}" : {text}}}"#)
                    };
                }
                prop_assert!(is_json(&text), "{}", text);
            }

            #[test]
            fn any_word_reads_as_its_bytes_do(word in any::<[u8; 8]>()) {
                prop_assert_eq!(first_escape(u64::from_le_bytes(word)), first_escape_bytewise(word));
            }

            // A body is written back as read exactly when its escapes are the writer's own.
            #[test]
            fn escapes_written_as_read_agrees_with_writing_the_text_back(body in r#"([a-zé/]|\\["\\/bfnrt]|\\u00[0-1][0-9a-fA-F]|\\u[0-9a-fA-F]{4}){0,6}"#) {
                let quoted = format!("\"{body}\"");
                if let Ok((text, _)) = decode_string(&quoted, 1, End::Quote) {
                    let mut written = String::new();
                    write_json_string(&text, &mut written);
                    prop_assert_eq!(escapes_written_as_read(body.as_bytes()), written == quoted, "{}", body);
                }
            }

            #[test]
            fn a_plain_run_ends_at_the_first_byte_to_escape(text in r#"[a-z"\\\x00-\x1fé😀]{0,40}"#, from in 0usize..48) {
                let bytes = text.as_bytes();
                let from = from.min(bytes.len());
                let expected = bytes.iter().skip(from).position(|&b| needs_escape(b)).map_or(bytes.len(), |i| i + from);
                prop_assert_eq!(plain_run_end(bytes, from), expected);
            }
        }
    }

    #[test]
    fn escapes_read_as_written_are_the_writer_s_own() {
        for body in ["", "plain", r#"a\"b"#, r#"\\"#, r#"\b\f\n\r\t"#, r#"\u0000\u001f\u000b"#, "é😀"] {
            assert!(escapes_written_as_read(body.as_bytes()), "{body}");
        }
        for body in
            [r"\/", r"\u0041", r"\u001F", r"\u0008", r"\u000a", r"\ud83d\ude00", r"\u00e9", r"\u007f", r"\x", r"\u00"]
        {
            assert!(!escapes_written_as_read(body.as_bytes()), "{body}");
        }
    }

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
