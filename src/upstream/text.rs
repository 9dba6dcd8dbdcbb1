//! The caps on the response's own text (status text, header values, the URL) and the
//! one truncation marker every cut here ends with.

use crate::utf16::cut_utf16;

/// What a cut ends with: mcp-ts-core's marker (`responseBody.ts`, `httpError.ts`).
pub const TRUNCATION: &str = "…";

/// UTF-16 units kept of the status text, the service, a header value or the URL; the
/// JS layer sends one more, so the core sees that a value was longer.
pub const TEXT_UNITS: usize = 8192;

/// `text` cut to [`TEXT_UNITS`] units, ending in [`TRUNCATION`] when it was longer.
#[inline(never)]
pub(crate) fn bounded(text: &str) -> String {
    cut_utf16(text, TEXT_UNITS, TRUNCATION)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_past_the_cap_is_cut_on_a_character_boundary() {
        assert_eq!(bounded("short"), "short");
        let long = format!("{}😀", "a".repeat(TEXT_UNITS - 1));
        let cut = bounded(&long);
        assert_eq!(cut, format!("{}…", "a".repeat(TEXT_UNITS - 1)));
        assert_eq!(crate::utf16::js_len(&cut), TEXT_UNITS);
    }
}
