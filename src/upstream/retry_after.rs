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
pub(crate) fn is_valid_retry_after(value: &str) -> bool {
    let value = value.trim_matches([' ', '\t']);
    is_delta_seconds(value) || is_http_date(value)
}

fn is_delta_seconds(value: &str) -> bool {
    !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit())
}

fn is_http_date(value: &str) -> bool {
    imf_fixdate(value) || rfc850_date(value) || asctime_date(value)
}

/// A reader over the date's text, one token at a time.
struct Cursor<'a> {
    rest: &'a str,
}

impl<'a> Cursor<'a> {
    fn literal(&mut self, text: &str) -> Option<()> {
        self.rest = self.rest.strip_prefix(text)?;
        Some(())
    }

    /// Exactly `n` digits.
    fn digits(&mut self, n: usize) -> Option<u32> {
        let head = self.rest.get(..n)?;
        if !head.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        self.rest = self.rest.get(n..)?;
        head.parse().ok()
    }

    /// One of `names`: its index.
    fn one_of(&mut self, names: &[&str]) -> Option<usize> {
        let (index, name) = names.iter().enumerate().find(|(_, name)| self.rest.starts_with(**name))?;
        self.rest = self.rest.get(name.len()..)?;
        Some(index)
    }

    /// `HH:MM:SS` (a leap second allowed).
    fn time(&mut self) -> Option<()> {
        let hour = self.digits(2)?;
        self.literal(":")?;
        let minute = self.digits(2)?;
        self.literal(":")?;
        let second = self.digits(2)?;
        (hour <= 23 && minute <= 59 && second <= 60).then_some(())
    }

    fn end(&self) -> Option<()> {
        self.rest.is_empty().then_some(())
    }
}

/// Whether day `day` exists in month `month` (0-based) of `year`.
fn day_exists(day: u32, month: usize, year: u32) -> bool {
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 if leap => 29,
        1 => 28,
        3 | 5 | 8 | 10 => 30,
        _ => 31,
    };
    (1..=days).contains(&day)
}

/// `Sun, 06 Nov 1994 08:49:37 GMT`.
fn imf_fixdate(value: &str) -> bool {
    let mut c = Cursor { rest: value };
    let parsed = (|| {
        c.one_of(&DAYS)?;
        c.literal(", ")?;
        let day = c.digits(2)?;
        c.literal(" ")?;
        let month = c.one_of(&MONTHS)?;
        c.literal(" ")?;
        let year = c.digits(4)?;
        c.literal(" ")?;
        c.time()?;
        c.literal(" GMT")?;
        c.end()?;
        day_exists(day, month, year).then_some(())
    })();
    parsed.is_some()
}

/// `Sunday, 06-Nov-94 08:49:37 GMT`: a two-digit year, read in the 1900s and 2000s both
/// (29 February stands when either year has it).
fn rfc850_date(value: &str) -> bool {
    let mut c = Cursor { rest: value };
    let parsed = (|| {
        c.one_of(&LONG_DAYS)?;
        c.literal(", ")?;
        let day = c.digits(2)?;
        c.literal("-")?;
        let month = c.one_of(&MONTHS)?;
        c.literal("-")?;
        let year = c.digits(2)?;
        c.literal(" ")?;
        c.time()?;
        c.literal(" GMT")?;
        c.end()?;
        (day_exists(day, month, 1900 + year) || day_exists(day, month, 2000 + year)).then_some(())
    })();
    parsed.is_some()
}

/// `Sun Nov  6 08:49:37 1994`: the day as two digits or a space and one digit.
fn asctime_date(value: &str) -> bool {
    let mut c = Cursor { rest: value };
    let parsed = (|| {
        c.one_of(&DAYS)?;
        c.literal(" ")?;
        let month = c.one_of(&MONTHS)?;
        c.literal(" ")?;
        let day = if c.literal(" ").is_some() { c.digits(1)? } else { c.digits(2)? };
        c.literal(" ")?;
        c.time()?;
        c.literal(" ")?;
        let year = c.digits(4)?;
        c.end()?;
        day_exists(day, month, year).then_some(())
    })();
    parsed.is_some()
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
