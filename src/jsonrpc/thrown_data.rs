//! A thrown McpError's `data`, as a caller that serialised it field by field hands it
//! over: an object whose fields are each the JSON text of the thrown field.
//!
//! The data goes out exactly as thrown, but the core's JSON reader stops at 64 levels.
//! A field nested deeper is given to the core as a marker string, and its own text is
//! put back in the envelope's JSON where the marker landed ([`ThrownData::restore`]).
//! The member scan is iterative, so depth costs nothing.

use crate::json_syntax::{is_json, json_string_end, skip_space};
use crate::redact::redact_json;
use crate::value::Value;

/// The data as the core reads it (borrowing the text it read), and the fields kept as text.
#[derive(Debug, Clone, PartialEq)]
pub struct ThrownData<'a> {
    pub value: Option<Value<'a>>,
    /// `(marker as JSON text, the field's own JSON text)`.
    raw: Vec<(String, String)>,
}

impl<'a> ThrownData<'a> {
    /// Reads `text` (`""` is no data). `avoid` is other text the envelope carries (the
    /// request id, the message): no marker equals a string of any of them. `salt` gives
    /// random bits where the host has them, drawn only when a field is too deep: the tag
    /// then carries them, so no text an envelope builds from the caller's strings (a
    /// sentence around a name, say) can spell a marker.
    pub fn parse(
        text: &'a str,
        avoid: &[&str],
        salt: &mut dyn FnMut() -> Option<u64>,
    ) -> Result<ThrownData<'a>, &'static str> {
        if text.is_empty() {
            return Ok(ThrownData { value: None, raw: Vec::new() });
        }
        if let Ok(value) = Value::parse_borrowed(text) {
            return Ok(ThrownData { value: Some(value), raw: Vec::new() });
        }
        let members = top_level_members(text).ok_or("data is not a JSON object")?;
        // A marker no string of the data (nor `avoid`) can equal: its tag appears nowhere in them.
        let tag = marker_tag(text, avoid, salt());
        let mut fields = Vec::new();
        let mut raw = Vec::new();
        for (key, member) in members {
            let Some(key) = Value::parse_borrowed(key).ok().and_then(|k| match k {
                Value::String(k) => Some(k),
                _ => None,
            }) else {
                return Err("data has a key that is not a JSON string");
            };
            let value = match Value::parse_borrowed(member) {
                Ok(value) => value,
                // Only a field too deep for the reader is kept as its text; anything
                // else it refuses is no JSON, and would make the envelope none either.
                Err(_) if !is_json(member) => return Err("data is not JSON"),
                Err(_) => {
                    let marker = format!("\u{0}{tag}{}\u{0}", raw.len());
                    raw.push((Value::str(marker.clone()).to_json(), member.to_owned()));
                    Value::String(marker.into())
                }
            };
            fields.push((key, value));
        }
        Ok(ThrownData { value: Some(Value::Object(fields)), raw })
    }

    /// The envelope's JSON with each deep field's own text in place of its marker (its
    /// strings redacted when `redact`, as the core redacts the rest of the data). The
    /// data is the last part of the envelope, so the last occurrence is the field. One
    /// pass finds every marker and one more writes the result: a search from the end and
    /// a splice per field would cost the fields' number times the text's length.
    pub fn restore(&self, json: String, redact: bool) -> String {
        let Some((first, _)) = self.raw.first() else { return json };
        // Every marker is the first one (field 0) up to its field's number: `"\u0000<tag>`.
        let Some(common) = first.strip_suffix(FIRST_MARKER_END) else { return json };
        // The marker at `at` in `json`: its field's number, when it is one of ours.
        let field_at = |at: usize| {
            let rest = json.get(at..).unwrap_or_default();
            let number = rest.get(common.len()..).unwrap_or_default();
            let digits = number.bytes().take_while(u8::is_ascii_digit).count();
            // (u64: the one integer parse the core already carries.)
            let field =
                number.get(..digits).and_then(|n| n.parse::<u64>().ok()).and_then(|n| usize::try_from(n).ok())?;
            self.raw.get(field).filter(|(marker, _)| rest.starts_with(marker.as_str())).map(|_| field)
        };
        // Where each field's marker last occurs, then the text written in one pass.
        let mut last: Vec<Option<usize>> = vec![None; self.raw.len()];
        for at in occurrences(&json, common) {
            if let Some(slot) = field_at(at).and_then(|field| last.get_mut(field)) {
                *slot = Some(at);
            }
        }
        let mut out = String::with_capacity(json.len());
        let mut copied = 0;
        for at in occurrences(&json, common) {
            let Some(field) = field_at(at).filter(|&field| last.get(field) == Some(&Some(at))) else { continue };
            let Some((marker, text)) = self.raw.get(field) else { continue };
            out.push_str(json.get(copied..at).unwrap_or_default());
            out.push_str(&if redact { redact_json(text) } else { text.as_str().into() });
            copied = at + marker.len();
        }
        out.push_str(json.get(copied..).unwrap_or_default());
        out
    }
}

/// Where `pattern` occurs in `text`, overlaps included, in order.
fn occurrences<'t>(text: &'t str, pattern: &'t str) -> impl Iterator<Item = usize> + 't {
    let mut from = 0;
    core::iter::from_fn(move || {
        let at = from + text.get(from..)?.find(pattern)?;
        from = at + 1;
        Some(at)
    })
}

/// What every marker's tag starts with, before its number.
const TAG: &str = "mcp-envelope:raw";
/// How the first marker's JSON text ends after its tag: field 0, then U+0000 and the quote.
const FIRST_MARKER_END: &str = "0\\u0000\"";

/// The tag of this data's markers: the salt's, when there is one and no text holds it,
/// else the smallest free number's.
fn marker_tag(text: &str, avoid: &[&str], salt: Option<u64>) -> String {
    let mut texts = Vec::with_capacity(avoid.len() + 1);
    texts.push(text);
    texts.extend_from_slice(avoid);
    if let Some(salt) = salt {
        // Sixteen hex digits, written by hand (`{:x}` links the formatter's hex code in).
        let mut tag = String::from(TAG);
        tag.extend(
            (0..16).rev().map(|i| {
                char::from(b"0123456789abcdef".get(((salt >> (4 * i)) & 15) as usize).copied().unwrap_or(b'0'))
            }),
        );
        tag.push(':');
        if !texts.iter().any(|t| t.contains(tag.as_str())) {
            return tag;
        }
    }
    format!("{TAG}{}:", free_tag(&texts))
}

/// The smallest `n` whose tag (`mcp-envelope:raw<n>:`) occurs in none of `texts`, found
/// in one pass over each: trying `n = 0, 1, 2…` with a search each would cost the tags
/// a text holds times its length.
fn free_tag(texts: &[&str]) -> u32 {
    let mut used: Vec<u32> = Vec::new();
    for text in texts {
        let mut rest = *text;
        while let Some(after) = rest.find(TAG).and_then(|at| rest.get(at + TAG.len()..)) {
            let digits = after.bytes().take_while(u8::is_ascii_digit).count();
            let number = after.get(..digits).unwrap_or_default();
            // The tag of `n` is written without leading zeros.
            let canonical = number == "0" || !number.starts_with('0');
            if canonical && after.as_bytes().get(digits) == Some(&b':') {
                if let Some(n) = number.parse::<u64>().ok().and_then(|n| u32::try_from(n).ok()) {
                    used.push(n);
                }
            }
            rest = after;
        }
    }
    // The smallest free number is at most the count of numbers used: mark those below it.
    let mut taken = vec![false; used.len() + 1];
    for n in used {
        if let Some(slot) = usize::try_from(n).ok().and_then(|n| taken.get_mut(n)) {
            *slot = true;
        }
    }
    let free = taken.iter().position(|taken| !taken).unwrap_or(taken.len());
    u32::try_from(free).unwrap_or(u32::MAX)
}

/// The `(key, value)` spans of a JSON object's members, without reading the values.
/// `None` unless `text` is one object.
pub fn top_level_members(text: &str) -> Option<Vec<(&str, &str)>> {
    let bytes = text.as_bytes();
    let mut i = skip_space(bytes, 0);
    if bytes.get(i) != Some(&b'{') {
        return None;
    }
    i = skip_space(bytes, i + 1);
    let mut members = Vec::new();
    if bytes.get(i) == Some(&b'}') {
        return only_space_after(bytes, i + 1).then_some(members);
    }
    loop {
        if bytes.get(i) != Some(&b'"') {
            return None;
        }
        let key_end = json_string_end(bytes, i)?;
        let key = text.get(i..key_end)?;
        i = skip_space(bytes, key_end);
        if bytes.get(i) != Some(&b':') {
            return None;
        }
        let start = skip_space(bytes, i + 1);
        let end = value_end(bytes, start)?;
        members.push((key, text.get(start..end)?.trim_end()));
        i = skip_space(bytes, end);
        match bytes.get(i) {
            Some(b',') => i = skip_space(bytes, i + 1),
            Some(b'}') => return only_space_after(bytes, i + 1).then_some(members),
            _ => return None,
        }
    }
}

fn only_space_after(bytes: &[u8], i: usize) -> bool {
    skip_space(bytes, i) == bytes.len()
}

/// The index of the `,` or `}` that ends the member value starting at `start`.
fn value_end(bytes: &[u8], start: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = start;
    loop {
        match bytes.get(i)? {
            b'"' => {
                i = json_string_end(bytes, i)?;
                continue;
            }
            b'[' | b'{' => depth += 1,
            b']' | b'}' if depth == 0 => return Some(i),
            b']' | b'}' => depth -= 1,
            b',' if depth == 0 => return Some(i),
            _ => {}
        }
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn members_are_found_without_reading_values() {
        assert_eq!(top_level_members(r#" { } "#), Some(vec![]));
        assert_eq!(
            top_level_members(r#"{"a":[1,{"b":"]"}],"c":"d"}"#),
            Some(vec![(r#""a""#, r#"[1,{"b":"]"}]"#), (r#""c""#, r#""d""#)])
        );
        assert_eq!(top_level_members(r#"{"a":1} x"#), None);
        assert_eq!(top_level_members(r#"{"a":"#), None);
        assert_eq!(top_level_members(r#"{"a":"\"#), None);
    }

    #[test]
    fn deep_fields_cross_as_markers_and_come_back_as_sent() {
        let deep = format!("{}1{}", "[".repeat(100), "]".repeat(100));
        let text = format!(r#"{{"a":1, "deep" : {deep} ,"s":"x,}}]\"","x":"\u0000mcp-envelope:raw0:0\u0000"}}"#);
        let data = ThrownData::parse(&text, &["id"], &mut || None).unwrap();
        let value = data.value.clone().unwrap();
        let marker = value.get("deep").and_then(Value::as_str).unwrap();
        // The tag the data already holds is skipped.
        assert_eq!(marker, "\u{0}mcp-envelope:raw1:0\u{0}");
        let json = value.to_json();
        assert_eq!(
            data.restore(json, false),
            format!(r#"{{"a":1,"deep":{deep},"s":"x,}}]\"","x":"\u0000mcp-envelope:raw0:0\u0000"}}"#)
        );
        assert!(ThrownData::parse(&deep, &[], &mut || None).is_err());
        // A member the reader refuses for anything but its depth is no JSON: refused,
        // never copied into the envelope as it came.
        assert_eq!(ThrownData::parse(r#"{"a":"x"+"b":7}"#, &[], &mut || None), Err("data is not JSON"));
        assert_eq!(
            ThrownData::parse(&format!(r#"{{"a":{deep},"b":[1,]}}"#), &[], &mut || None),
            Err("data is not JSON")
        );
        assert_eq!(ThrownData::parse("", &[], &mut || None), Ok(ThrownData { value: None, raw: Vec::new() }));
    }

    #[test]
    fn the_tag_is_the_smallest_number_no_text_holds() {
        assert_eq!(free_tag(&["", ""]), 0);
        assert_eq!(free_tag(&["mcp-envelope:raw0: mcp-envelope:raw2:", "mcp-envelope:raw1:"]), 3);
        // Not a tag: no colon after the digits, a leading zero, no digits, a number past u32.
        assert_eq!(
            free_tag(&["mcp-envelope:raw0 mcp-envelope:raw00: mcp-envelope:raw:", "mcp-envelope:raw4294967296:"]),
            0
        );
        assert_eq!(free_tag(&["mcp-envelope:raw0:mcp-envelope:raw1:", "mcp-envelope:rawmcp-envelope:raw2:"]), 3);
        // As many tags as the text holds, each tag read once.
        let tags: String = (0..5_000).map(|n| format!("mcp-envelope:raw{n}:")).collect();
        assert_eq!(free_tag(&[&tags, ""]), 5_000);
    }

    #[test]
    fn every_deep_field_comes_back_at_the_last_place_its_marker_is() {
        let deep = |n: usize| format!("{}{n}{}", "[".repeat(70), "]".repeat(70));
        let fields: Vec<String> = (0..300).map(|n| format!(r#""f{n}":{}"#, deep(n))).collect();
        let text = format!("{{{}}}", fields.join(","));
        let data = ThrownData::parse(&text, &[], &mut || None).unwrap();
        let value = data.value.clone().unwrap();
        let marker = |n: usize| value.get(&format!("f{n}")).and_then(Value::as_str).unwrap().to_owned();
        // The first field's marker also appears before the data (in a message, say): only the last is the field.
        let before = Value::str(marker(0)).to_json();
        let json = format!(r#"{{"message":{before},"data":{}}}"#, value.to_json());
        let out = data.restore(json, false);
        assert_eq!(out, format!(r#"{{"message":{before},"data":{text}}}"#));
    }

    #[test]
    fn the_tag_avoids_every_text_given_and_carries_the_salt_when_there_is_one() {
        let deep = format!("{}1{}", "[".repeat(100), "]".repeat(100));
        let text = format!(r#"{{"deep":{deep}}}"#);
        let marker = |data: &ThrownData<'_>| {
            data.value.as_ref().and_then(|v| v.get("deep")).and_then(Value::as_str).map(str::to_owned)
        };
        let message = "\u{0}mcp-envelope:raw0:0\u{0}";
        let data = ThrownData::parse(&text, &["id", message], &mut || None).unwrap();
        assert_eq!(marker(&data).as_deref(), Some("\u{0}mcp-envelope:raw1:0\u{0}"));
        let data = ThrownData::parse(&text, &[message], &mut || Some(0xfeed)).unwrap();
        assert_eq!(marker(&data).as_deref(), Some("\u{0}mcp-envelope:raw000000000000feed:0\u{0}"));
        // A salt some text already holds is not used.
        let held = "mcp-envelope:raw000000000000feed:";
        let data = ThrownData::parse(&text, &[held], &mut || Some(0xfeed)).unwrap();
        assert_eq!(marker(&data).as_deref(), Some("\u{0}mcp-envelope:raw0:0\u{0}"));
    }

    #[test]
    fn deep_fields_are_redacted_when_asked() {
        let deep = format!(r#"{}{{"password":"hunter2"}}{}"#, "[".repeat(100), "]".repeat(100));
        let text = format!(r#"{{"deep":{deep}}}"#);
        let data = ThrownData::parse(&text, &[], &mut || None).unwrap();
        let json = data.value.clone().unwrap().to_json();
        let out = data.restore(json.clone(), true);
        assert!(!out.contains("hunter2") && out.contains(r#"{"password":"***"}"#), "{out}");
        assert!(data.restore(json, false).contains("hunter2"));
    }
}
