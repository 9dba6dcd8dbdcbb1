//! Whether a `Retry-After` value is one RFC 9110 §10.2.3 allows: delta-seconds (one or
//! more digits) or an HTTP-date in any of its three forms (§5.6.7): IMF-fixdate
//! `Sun, 06 Nov 1994 08:49:37 GMT`, the obsolete RFC 850 `Sunday, 06-Nov-94 08:49:37 GMT`
//! and asctime `Sun Nov  6 08:49:37 1994`. Names are case-sensitive, as the RFC says.
//!
//! mcp-ts-core writes the header's value whatever it holds (`httpError.ts`, 37668a63);
//! its own retry loop then reads it back with `/^\d+$/` or `Date.parse`
//! (`retry.ts`, 09a64e17). A value neither form allows tells a client nothing it can wait
//! on, so it is left out.

const DAYS: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const LONG_DAYS: [&str; 7] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/// Whether `value` (HTTP whitespace around it allowed) is delta-seconds or an HTTP-date.
#[inline(never)]
pub(crate) fn is_valid_retry_after(value: &str) -> bool {
    let value = value.trim_matches(|c| c == ' ' || c == '\t');
    is_delta_seconds(value) || is_http_date(value)
}

fn is_delta_seconds(value: &str) -> bool {
    !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit())
}

/// The three HTTP-date forms, as patterns [`matches_date`] reads: `W` a day name, `L` a
/// long day name, `N` a month, `d` `y` `h` `m` `s` a digit of the day, year, hour,
/// minute or second, `_` a space or a digit of the day; anything else stands for itself.
const DATE_FORMS: [&str; 3] = ["W, dd N yyyy hh:mm:ss GMT", "L, dd-N-yy hh:mm:ss GMT", "W N _d hh:mm:ss yyyy"];

fn is_http_date(value: &str) -> bool {
    DATE_FORMS.iter().any(|form| matches_date(value, form))
}

/// Whether `value` is written as `form` says and names a real time: an hour up to 23,
/// a minute up to 59, a second up to 60 (a leap second), a day its month has (a
/// two-digit year read in the 1900s and the 2000s both).
#[inline(never)]
fn matches_date(value: &str, form: &str) -> bool {
    let mut rest = value.as_bytes();
    // day, month, year, hour, minute, second; the year's digit count.
    let mut fields = [0u32; 6];
    let mut year_digits = 0;
    for token in form.bytes() {
        let names: &[&str] = match token {
            b'W' => &DAYS,
            b'L' => &LONG_DAYS,
            b'N' => &MONTHS,
            _ => &[],
        };
        if !names.is_empty() {
            let Some((index, name)) = names.iter().enumerate().find(|(_, name)| rest.starts_with(name.as_bytes()))
            else {
                return false;
            };
            if token == b'N' {
                fields[1] = u32::try_from(index).unwrap_or_default();
            }
            rest = rest.get(name.len()..).unwrap_or_default();
            continue;
        }
        let slot = match token {
            b'd' | b'_' => 0,
            b'y' => 2,
            b'h' => 3,
            b'm' => 4,
            b's' => 5,
            _ => {
                match rest.split_first() {
                    Some((&b, tail)) if b == token => rest = tail,
                    _ => return false,
                }
                continue;
            }
        };
        let Some((&b, tail)) = rest.split_first() else { return false };
        rest = tail;
        if token == b'_' && b == b' ' {
            continue;
        }
        if !b.is_ascii_digit() {
            return false;
        }
        if token == b'y' {
            year_digits += 1;
        }
        if let Some(field) = fields.get_mut(slot) {
            *field = *field * 10 + u32::from(b - b'0');
        }
    }
    let [day, month, year, hour, minute, second] = fields;
    let day_ok = if year_digits == 2 {
        day_exists(day, month, 1900 + year) || day_exists(day, month, 2000 + year)
    } else {
        day_exists(day, month, year)
    };
    rest.is_empty() && hour <= 23 && minute <= 59 && second <= 60 && day_ok
}

/// Whether day `day` exists in month `month` (0-based) of `year`.
fn day_exists(day: u32, month: u32, year: u32) -> bool {
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 if leap => 29,
        1 => 28,
        3 | 5 | 8 | 10 => 30,
        _ => 31,
    };
    (1..=days).contains(&day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delta_seconds_and_each_http_date_form_are_kept() {
        for value in [
            "0",
            "30",
            "120",
            " 30\t",
            "99999999999999999999",
            "Sun, 06 Nov 1994 08:49:37 GMT",
            "Wed, 21 Oct 2015 07:28:00 GMT",
            "Thu, 29 Feb 2024 23:59:60 GMT",
            "Sunday, 06-Nov-94 08:49:37 GMT",
            "Thursday, 29-Feb-24 00:00:00 GMT",
            "Sun Nov  6 08:49:37 1994",
            "Sun Nov 16 08:49:37 1994",
        ] {
            assert!(is_valid_retry_after(value), "{value:?}");
        }
    }

    #[test]
    fn anything_else_is_left_out() {
        for value in [
            "",
            " ",
            "-1",
            "1.5",
            "+30",
            "30s",
            "soon",
            "in a minute",
            "2026-01-01T00:00:00Z",
            "Sun, 6 Nov 1994 08:49:37 GMT",
            "sun, 06 Nov 1994 08:49:37 GMT",
            "Sun, 06 NOV 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 08:49:37 UTC",
            "Sun, 06 Nov 1994 24:00:00 GMT",
            "Sun, 06 Nov 1994 08:60:00 GMT",
            "Sun, 31 Nov 1994 08:49:37 GMT",
            "Sat, 29 Feb 2025 08:49:37 GMT",
            "Mon, 29 Feb 1900 08:49:37 GMT",
            "Sun, 06 Nov 1994 08:49:37 GMT trailing",
            "Sunday, 06-Nov-1994 08:49:37 GMT",
            "Sun Nov 6 08:49:37 1994",
            "Sun Nov  6 08:49:37 94",
            "١٢",
        ] {
            assert!(!is_valid_retry_after(value), "{value:?}");
        }
    }
}
