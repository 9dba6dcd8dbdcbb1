//! Escaping for the XML dialect, and its inverse for the client parser.
//!
//! The reference escapes element content on `&` and `<` only (so `>` and quotes stay
//! readable for the model) and attribute values on `& < > " '`. We keep those bytes
//! exactly, and add only what well-formed XML 1.0 needs on top:
//!
//! * **Characters XML 1.0 forbids** (the C0 controls other than TAB, LF and CR, and
//!   the noncharacters U+FFFE and U+FFFF) cannot appear in a document even as
//!   character references (`&#1;` is not well-formed). Each is written as a
//!   reference to a visible stand-in: C0 control U+00NN becomes `&#x24NN;`, its
//!   Control Pictures symbol (ESC → `&#x241B;`, shown as ␛ by any XML reader),
//!   U+FFFE becomes `&#x2426;` and U+FFFF becomes `&#x2425;`. [`unescape`] reads
//!   exactly those spellings (`&#x` + four upper-case hex digits) back as the
//!   original character; any other spelling of a reference decodes to its value.
//!   This is unambiguous for text this crate writes, because every `&` of real text
//!   is itself escaped, so no reference in our output can come from the text.
//! * **`]]>` in content** is not allowed either; its `>` is written `&gt;`.
//! * **TAB, LF and CR in attribute values** are written `&#9;`, `&#10;`, `&#13;`,
//!   because attribute-value normalisation would otherwise turn them into spaces.
//!
//! Text without these characters is written byte for byte as the reference does.

/// The reference that stands in for a character XML 1.0 forbids, if `c` is one.
fn stand_in(c: char) -> Option<u32> {
    match c {
        '\t' | '\n' | '\r' => None,
        '\u{0}'..='\u{1F}' => Some(0x2400 + c as u32),
        '\u{FFFE}' => Some(0x2426),
        '\u{FFFF}' => Some(0x2425),
        _ => None,
    }
}

/// The character a stand-in reference (as [`stand_in`] spells it) restores.
fn from_stand_in(code: u32) -> Option<char> {
    match code {
        0x2409 | 0x240A | 0x240D => None,
        0x2400..=0x241F => char::from_u32(code - 0x2400),
        0x2426 => Some('\u{FFFE}'),
        0x2425 => Some('\u{FFFF}'),
        _ => None,
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Element content as the reference escapes it: `&` and `<`.
    Content,
    /// Attribute values: `& < > " '`.
    Attribute,
    /// `formatDeltasAsXml`'s own escaping, content and attributes alike: `& < > "`
    /// (not `'`); in attributes also TAB, LF and CR (see above).
    DeltaContent,
    DeltaAttribute,
}

/// Whether a byte may need writing otherwise in some mode: an ASCII byte [`write_escaped`]
/// replaces, a C0 control, or the lead byte of U+FFFE and U+FFFF. Every other byte is
/// copied as it is, in runs.
static MAY_ESCAPE: [bool; 256] = may_escape();

// Const evaluation only (the table is a static): `i < 256` bounds every index.
#[allow(clippy::indexing_slicing, clippy::cast_possible_truncation)]
const fn may_escape() -> [bool; 256] {
    let mut table = [false; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        table[i] = b < 0x20 || matches!(b, b'&' | b'<' | b'>' | b'"' | b'\'' | 0xEF);
        i += 1;
    }
    table
}

/// What `c` (at byte `i` of `s`) is written as in `mode`, when not as itself.
fn replacement(s: &[u8], i: usize, c: char, mode: Mode) -> Option<&'static str> {
    match c {
        '&' => Some("&amp;"),
        '<' => Some("&lt;"),
        // `]]>` in content: the `]` are ASCII, so the two bytes before are the two characters.
        '>' if mode != Mode::Content || (i >= 2 && s.get(i - 2..i) == Some(b"]]")) => Some("&gt;"),
        '"' if mode != Mode::Content => Some("&quot;"),
        '\'' if mode == Mode::Attribute => Some("&apos;"),
        '\t' if matches!(mode, Mode::Attribute | Mode::DeltaAttribute) => Some("&#9;"),
        '\n' if matches!(mode, Mode::Attribute | Mode::DeltaAttribute) => Some("&#10;"),
        '\r' if matches!(mode, Mode::Attribute | Mode::DeltaAttribute) => Some("&#13;"),
        _ => None,
    }
}

fn write_escaped(s: &str, mode: Mode, out: &mut String) {
    out.reserve(s.len());
    let bytes = s.as_bytes();
    let mut run_start = 0usize;
    for (i, &b) in bytes.iter().enumerate() {
        if !MAY_ESCAPE.get(usize::from(b)).copied().unwrap_or(false) {
            continue;
        }
        // A byte of the table starts a character: ASCII, or the lead byte 0xEF.
        let Some(c) = s.get(i..).and_then(|rest| rest.chars().next()) else { continue };
        let written = replacement(bytes, i, c, mode);
        let picture = if written.is_none() { stand_in(c) } else { None };
        if written.is_none() && picture.is_none() {
            continue;
        }
        out.push_str(s.get(run_start..i).unwrap_or_default());
        run_start = i + c.len_utf8();
        if let Some(r) = written {
            out.push_str(r);
        } else if let Some(code) = picture {
            push_hex_reference(out, code);
        }
    }
    out.push_str(s.get(run_start..).unwrap_or_default());
}

/// `&#xNNNN;` with four upper-case hex digits (a stand-in is always four).
fn push_hex_reference(out: &mut String, code: u32) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.push_str("&#x");
    for shift in [12, 8, 4, 0] {
        out.push(char::from(HEX.get(((code >> shift) & 0xF) as usize).copied().unwrap_or(b'0')));
    }
    out.push(';');
}

/// Element content: `&` → `&amp;`, `<` → `&lt;` (plus the well-formedness rules above).
pub fn escape_content(s: &str) -> String {
    let mut out = String::new();
    write_escaped(s, Mode::Content, &mut out);
    out
}

/// Attribute value: `& < > " '` (plus the well-formedness rules above).
pub fn escape_attr(s: &str) -> String {
    let mut out = String::new();
    write_escaped(s, Mode::Attribute, &mut out);
    out
}

pub(crate) fn push_content(out: &mut String, s: &str) {
    write_escaped(s, Mode::Content, out);
}

pub(crate) fn push_attr(out: &mut String, s: &str) {
    write_escaped(s, Mode::Attribute, out);
}

/// `formatDeltasAsXml`'s escaping of element content: `& < > "`.
pub(crate) fn push_delta_content(out: &mut String, s: &str) {
    write_escaped(s, Mode::DeltaContent, out);
}

/// `formatDeltasAsXml`'s escaping of attribute values: `& < > "`, and TAB, LF, CR.
pub(crate) fn push_delta_attr(out: &mut String, s: &str) {
    write_escaped(s, Mode::DeltaAttribute, out);
}

/// Whether `c` may appear in an XML 1.0 document.
pub(crate) fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..='\u{10FFFF}')
}

/// Decodes one reference body (the text between `&` and `;`).
fn decode_reference(body: &str) -> Option<char> {
    match body {
        "amp" => return Some('&'),
        "lt" => return Some('<'),
        "gt" => return Some('>'),
        "quot" => return Some('"'),
        "apos" => return Some('\''),
        _ => {}
    }
    let number = body.strip_prefix('#')?;
    let (digits, radix) = match number.strip_prefix('x') {
        Some(hex) => (hex, 16),
        None => (number, 10),
    };
    if digits.is_empty() || digits.len() > 8 || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let code = u32::from_str_radix(digits, radix).ok()?;
    if radix == 16 && digits.len() == 4 && digits.bytes().all(|b| !b.is_ascii_lowercase()) {
        if let Some(original) = from_stand_in(code) {
            return Some(original);
        }
    }
    char::from_u32(code).filter(|c| is_xml_char(*c))
}

/// Longest reference body we look for before giving up on a `&`.
const MAX_REFERENCE_BODY: usize = 10;

/// Decodes `&amp; &lt; &gt; &quot; &apos;` and numeric references in one left-to-right
/// pass (so `&amp;lt;` stays `&lt;`), and the stand-in spellings described in the
/// module docs. Anything else after a `&` is kept as it is.
pub fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find('&') {
        out.push_str(rest.get(..at).unwrap_or_default());
        let after = rest.get(at + 1..).unwrap_or_default();
        let decoded = after
            .char_indices()
            .take(MAX_REFERENCE_BODY + 1)
            .find(|(_, c)| *c == ';')
            .and_then(|(semi, _)| Some((decode_reference(after.get(..semi)?)?, semi)));
        match decoded {
            Some((c, semi)) => {
                out.push(c);
                rest = after.get(semi + 1..).unwrap_or_default();
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(not(target_arch = "wasm32"))]
    mod props {
        use super::*;
        use proptest::prelude::*;

        /// The escaping a character at a time (each character's replacement, from the
        /// same table): the byte scan finds every character that has one.
        fn escaped_by_characters(s: &str, mode: Mode) -> String {
            let mut out = String::new();
            for (i, c) in s.char_indices() {
                match (replacement(s.as_bytes(), i, c, mode), stand_in(c)) {
                    (Some(r), _) => out.push_str(r),
                    (None, Some(code)) => out.push_str(&format!("&#x{code:04X};")),
                    (None, None) => out.push(c),
                }
            }
            out
        }

        proptest! {
            #[test]
            fn the_byte_scan_writes_what_the_character_walk_wrote(
                s in "[a\\]&<>\"'\t\n\r\u{0}\u{1b}\u{1f} é😀\u{FFFD}\u{FFFE}\u{FFFF}\u{EFFF}]{0,40}",
            ) {
                for mode in [Mode::Content, Mode::Attribute, Mode::DeltaContent, Mode::DeltaAttribute] {
                    let mut out = String::new();
                    write_escaped(&s, mode, &mut out);
                    prop_assert_eq!(out, escaped_by_characters(&s, mode));
                }
            }
        }
    }

    #[test]
    fn reference_escaping_is_kept_byte_for_byte() {
        assert_eq!(escape_content("a&b<c>d\"e'f"), "a&amp;b&lt;c>d\"e'f");
        assert_eq!(escape_attr("a&b<c>d\"e'f"), "a&amp;b&lt;c&gt;d&quot;e&apos;f");
        assert_eq!(escape_content("plain text, ünïcode 😀\n\ttab\r\n"), "plain text, ünïcode 😀\n\ttab\r\n");
    }

    #[test]
    fn references_of_up_to_ten_characters_and_eight_digits_are_read() {
        // Ten characters between `&` and `;`, eight hex digits: read.
        assert_eq!(unescape("&#x00000041;"), "A");
        assert_eq!(unescape("&#00000065;"), "A");
        // Nine digits, or eleven characters: kept as they are.
        assert_eq!(unescape("&#000000065;"), "&#000000065;");
        assert_eq!(unescape("&#x000000041;"), "&#x000000041;");
    }

    #[test]
    fn pictures_of_allowed_controls_are_read_as_themselves() {
        // TAB, LF and CR are never written as their pictures: a picture of one is the picture.
        for picture in ['\u{2409}', '\u{240A}', '\u{240D}'] {
            let reference = format!("a&#x{:04X};b", picture as u32);
            assert_eq!(unescape(&reference), format!("a{picture}b"));
        }
        assert_eq!(unescape("a&#x2400;b"), "a\u{0}b");
    }

    #[test]
    fn forbidden_characters_become_control_pictures_and_come_back() {
        let text = "a\u{0}b\u{1b}[0m\u{7}\u{FFFE}\u{FFFF}c";
        let escaped = escape_content(text);
        assert_eq!(escaped, "a&#x2400;b&#x241B;[0m&#x2407;&#x2426;&#x2425;c");
        assert_eq!(unescape(&escaped), text);
        // A literal Control Picture is ordinary text and stays one.
        assert_eq!(unescape(&escape_content("\u{241B}")), "\u{241B}");
        // Other spellings decode by value.
        assert_eq!(unescape("&#x241b;&#9243;"), "\u{241B}\u{241B}");
    }

    #[test]
    fn cdata_end_and_attribute_whitespace_are_escaped() {
        assert_eq!(escape_content("a]]>b]>c]]]>"), "a]]&gt;b]>c]]]&gt;");
        assert_eq!(escape_attr("a\tb\nc\rd"), "a&#9;b&#10;c&#13;d");
        assert_eq!(unescape("a]]&gt;b&#9;&#10;&#13;"), "a]]>b\t\n\r");
    }

    #[test]
    fn unescape_is_one_pass_and_keeps_unknown_text() {
        assert_eq!(unescape("&amp;lt; &lt;&gt;&quot;&apos;&#65;&#x42;"), "&lt; <>\"'AB");
        assert_eq!(unescape("& &foo; &#xD800; &#0; &#; &#x110000; a&b"), "& &foo; &#xD800; &#0; &#; &#x110000; a&b");
        assert_eq!(unescape("&&amp;"), "&&");
    }
}
