//! The JavaScript semantics the core reproduces exactly, shared by both dialects and
//! classification: `typeof`, truthiness, `String.prototype.trim`, bounded
//! `JSON.stringify` prefixes and `Date.prototype.toISOString`. String lengths and
//! cuts in UTF-16 code units live in `crate::utf16`; `Object.keys` order in
//! `key_order` (re-exported here).

use crate::json_syntax::{needs_escape, write_escape};
pub use crate::key_order::{js_object_key_order, merge_repeated_keys};
use crate::utf16::cut_utf16;
use crate::value::{js_number_string, Value};

/// JS `typeof` for a value as the boundary hands it over (`None` = `undefined`).
pub fn js_typeof(value: Option<&Value>) -> &'static str {
    match value {
        None => "undefined",
        Some(Value::Bool(_)) => "boolean",
        Some(Value::Number(_)) => "number",
        Some(Value::String(_)) => "string",
        Some(Value::Null | Value::Array(_) | Value::Object(_)) => "object",
    }
}

/// JS truthiness (`if (value)`).
pub(crate) fn js_truthy(value: Option<&Value>) -> bool {
    match value {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(Value::Number(n)) => *n != 0.0 && !n.is_nan(),
        Some(Value::String(s)) => !s.is_empty(),
        Some(Value::Array(_) | Value::Object(_)) => true,
    }
}

/// JS `\s`, and what `String.prototype.trim` removes: WhiteSpace and LineTerminator
/// (not Rust's `char::is_whitespace`, which adds U+0085 and lacks U+FEFF).
pub(crate) fn js_is_whitespace(c: char) -> bool {
    matches!(
        c,
        '\u{9}' | '\u{A}' | '\u{B}' | '\u{C}' | '\u{D}' | ' ' | '\u{A0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200A}' | '\u{2028}' | '\u{2029}' | '\u{202F}' | '\u{205F}' | '\u{3000}' | '\u{FEFF}'
    )
}

/// `String.prototype.trim`.
pub(crate) fn js_trim(s: &str) -> &str {
    s.trim_matches(js_is_whitespace)
}

/// `String(v)` for a JSON value, as a template literal would print it. Arrays and
/// objects print as JSON (shorter and more useful than `[object Object]`), cut to
/// `max_units`.
pub(crate) fn js_display(value: &Value, max_units: usize) -> String {
    match value {
        Value::Null => "null".to_owned(),
        Value::Bool(b) => if *b { "true" } else { "false" }.to_owned(),
        Value::Number(n) => js_number_string(*n),
        Value::String(s) => cut_utf16(s, max_units, "..."),
        Value::Array(_) | Value::Object(_) => json_prefix(value, max_units),
    }
}

/// Deepest nesting [`json_prefix`] descends into; the unit budget stops it far
/// sooner for any budget below this, since every level writes at least one unit.
const JSON_PREFIX_MAX_DEPTH: usize = 64;

/// `JSON.stringify(value).slice(0, max_units)` without writing more than
/// `max_units` UTF-16 units of it, and without splitting a surrogate pair.
pub(crate) fn json_prefix(value: &Value, max_units: usize) -> String {
    let mut writer = BoundedJson { out: String::new(), units: 0, max_units, full: false };
    writer.value(value, 0);
    writer.out
}

struct BoundedJson {
    out: String,
    units: usize,
    max_units: usize,
    full: bool,
}

impl BoundedJson {
    fn push_char(&mut self, c: char) {
        if self.full {
            return;
        }
        let next = self.units + c.len_utf16();
        if next > self.max_units {
            self.full = true;
            return;
        }
        self.units = next;
        self.out.push(c);
    }

    fn push_str(&mut self, s: &str) {
        for c in s.chars() {
            if self.full {
                return;
            }
            self.push_char(c);
        }
    }

    fn string(&mut self, s: &str) {
        self.push_char('"');
        for c in s.chars() {
            if self.full {
                return;
            }
            match u8::try_from(c) {
                Ok(b) if needs_escape(b) => {
                    let mut escape = String::new();
                    write_escape(b, &mut escape);
                    self.push_str(&escape);
                }
                _ => self.push_char(c),
            }
        }
        self.push_char('"');
    }

    fn value(&mut self, value: &Value, depth: usize) {
        if self.full {
            return;
        }
        if depth >= JSON_PREFIX_MAX_DEPTH {
            // Unreachable for any budget below the depth limit; stop rather than recurse.
            self.full = true;
            return;
        }
        match value {
            Value::Null => self.push_str("null"),
            Value::Bool(b) => self.push_str(if *b { "true" } else { "false" }),
            Value::Number(n) if n.is_finite() => self.push_str(&js_number_string(*n)),
            Value::Number(_) => self.push_str("null"),
            Value::String(s) => self.string(s),
            Value::Array(items) => {
                self.push_char('[');
                for (i, item) in items.iter().enumerate() {
                    if self.full {
                        return;
                    }
                    if i > 0 {
                        self.push_char(',');
                    }
                    self.value(item, depth + 1);
                }
                self.push_char(']');
            }
            Value::Object(entries) => {
                self.push_char('{');
                for (i, (key, item)) in entries.iter().enumerate() {
                    if self.full {
                        return;
                    }
                    if i > 0 {
                        self.push_char(',');
                    }
                    self.string(key);
                    self.push_char(':');
                    self.value(item, depth + 1);
                }
                self.push_char('}');
            }
        }
    }
}

/// `new Date(ms).toISOString()`, or `None` where JS would throw (`Invalid Date`).
pub(crate) fn js_date_iso(ms: f64) -> Option<String> {
    if !ms.is_finite() || ms.abs() > 8.64e15 {
        return None;
    }
    // TimeClip truncates toward zero; the range check above makes the cast exact.
    #[allow(clippy::cast_possible_truncation)]
    let ms = ms.trunc() as i64;
    let days = ms.div_euclid(86_400_000);
    let in_day = ms.rem_euclid(86_400_000);
    let (year, month, day) = civil_from_days(days);
    let (hour, minute) = (in_day / 3_600_000, in_day / 60_000 % 60);
    let (second, milli) = (in_day / 1000 % 60, in_day % 1000);
    let year_text = if (0..=9999).contains(&year) {
        format!("{year:04}")
    } else if year < 0 {
        format!("-{:06}", -year)
    } else {
        format!("+{year:06}")
    };
    Some(format!("{year_text}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}.{milli:03}Z"))
}

/// The epoch milliseconds of an ISO text exactly as `toISOString` writes it
/// (`YYYY-MM-DDTHH:MM:SS.mmmZ`, four-digit years), or `None`.
pub(crate) fn js_iso_ms(text: &str) -> Option<f64> {
    let b = text.as_bytes();
    if b.len() != 24 || b.get(23) != Some(&b'Z') {
        return None;
    }
    let num = |from: usize, to: usize| -> Option<i64> {
        let part = text.get(from..to)?;
        if part.bytes().all(|c| c.is_ascii_digit()) {
            part.parse().ok()
        } else {
            None
        }
    };
    let seps = [(4, b'-'), (7, b'-'), (10, b'T'), (13, b':'), (16, b':'), (19, b'.')];
    if seps.iter().any(|(i, c)| b.get(*i) != Some(c)) {
        return None;
    }
    let (year, month, day) = (num(0, 4)?, num(5, 7)?, num(8, 10)?);
    let (hour, minute, second, milli) = (num(11, 13)?, num(14, 16)?, num(17, 19)?, num(20, 23)?);
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) || hour > 23 || minute > 59 || second > 59 {
        return None;
    }
    let days = days_from_civil(year, month, day);
    if civil_from_days(days) != (year, month, day) {
        return None;
    }
    let ms = ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + milli;
    // At most year 9999: far inside f64's exact integers.
    #[allow(clippy::cast_precision_loss)]
    Some(ms as f64)
}

/// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = if month > 2 { month - 3 } else { month + 9 };
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Proleptic Gregorian date of a day count since 1970-01-01 (H. Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_prefix_stops_early_and_matches_stringify() {
        let v = Value::parse_json(r#"{"a":[1,2.5,"x\n"],"b":null,"c":true}"#).ok().unwrap_or(Value::Null);
        assert_eq!(json_prefix(&v, 1000), v.to_json());
        assert_eq!(json_prefix(&v, 10), v.to_json().chars().take(10).collect::<String>());
        let astral = Value::Object(vec![("k".into(), Value::str("😀😀"))]);
        // {"k":"😀 is 7 units; the next pair would straddle the 8-unit limit.
        assert_eq!(json_prefix(&astral, 8), "{\"k\":\"😀");
    }

    #[test]
    fn iso_dates_match_javascript() {
        assert_eq!(js_date_iso(1_704_067_200_000.0).as_deref(), Some("2024-01-01T00:00:00.000Z"));
        assert_eq!(js_date_iso(0.0).as_deref(), Some("1970-01-01T00:00:00.000Z"));
        assert_eq!(js_date_iso(-1.0).as_deref(), Some("1969-12-31T23:59:59.999Z"));
        assert_eq!(js_date_iso(951_782_400_000.0).as_deref(), Some("2000-02-29T00:00:00.000Z"));
        assert_eq!(js_date_iso(8.64e15).as_deref(), Some("+275760-09-13T00:00:00.000Z"));
        assert_eq!(js_date_iso(-62_198_755_200_000.0).as_deref(), Some("-000001-01-01T00:00:00.000Z"));
        assert_eq!(js_date_iso(f64::NAN), None);
    }
}
