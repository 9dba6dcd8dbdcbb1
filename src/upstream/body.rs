//! The response body as `data.body` holds it.
//!
//! mcp-ts-core (`responseBody.ts` 3bee81db, read head-only by `httpError.ts` 37668a63)
//! keeps at most `bodyLimit` bytes: a body within the limit whole, a longer one cut at
//! the last UTF-8 character boundary at or before the limit and ended with `…`, a
//! leading byte order mark dropped (its decoder's `ignoreBOM: false`). The JS layer
//! reads at most `bodyLimit` + [`BODY_SLACK`] bytes, decodes them (a trailing partial
//! character left out, the byte order mark kept) and says whether the body went on
//! past the limit; the cut is made here. Unlike mcp-ts-core, a limit of 0 keeps no body
//! at all (it wrote `…` for any non-empty body), and the limit is at most
//! [`BODY_LIMIT_MAX`] bytes.

use super::text::TRUNCATION;

/// mcp-ts-core's default `bodyLimit` (bytes).
pub const DEFAULT_BODY_LIMIT: usize = 500;

/// The largest `bodyLimit` honoured (bytes): a larger one reads this much.
pub const BODY_LIMIT_MAX: usize = 1 << 20;

/// Bytes read past the limit: enough to finish the character that straddles it.
pub const BODY_SLACK: usize = 3;

/// The limit in bytes a caller's `bodyLimit` asks for (the default when absent).
pub(crate) fn body_limit(asked: Option<f64>) -> usize {
    match asked {
        None => DEFAULT_BODY_LIMIT,
        Some(n) if n.is_finite() && n >= 1.0 => {
            if n >= BODY_LIMIT_MAX as f64 {
                BODY_LIMIT_MAX
            } else {
                n as usize
            }
        }
        Some(_) => 0,
    }
}

/// `data.body` from the decoded `text` of the body's first bytes and whether the body
/// went on past `limit` bytes; `None` for a limit of 0.
#[inline(never)]
pub(crate) fn captured_body(text: &str, more: bool, limit: usize) -> Option<String> {
    if limit == 0 {
        return None;
    }
    let kept = if more {
        let mut end = limit.min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        text.get(..end).unwrap_or_default()
    } else {
        text
    };
    let kept = kept.strip_prefix('\u{feff}').unwrap_or(kept);
    let mut out = String::with_capacity(kept.len() + TRUNCATION.len());
    out.push_str(kept);
    if more {
        out.push_str(TRUNCATION);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// mcp-ts-core's tests/unit/utils/network/httpError.test.ts (37668a63): "truncates
    /// large bodies to bodyLimit" (10,000 × `x`, limit 50 → 50 + `…`) and "cancels an
    /// oversized streaming body and bounds multibyte capture by bytes" (100 × 😀, limit
    /// 50 → 12 whole emoji, 48 bytes, then `…`); "slow down" within the default whole.
    #[test]
    fn cuts_as_mcp_ts_core_cuts() {
        let x = "x".repeat(50 + BODY_SLACK);
        assert_eq!(captured_body(&x, true, 50).as_deref(), Some(format!("{}…", "x".repeat(50)).as_str()));
        let emoji = "😀".repeat(13);
        assert_eq!(captured_body(&emoji, true, 50).as_deref(), Some(format!("{}…", "😀".repeat(12)).as_str()));
        assert_eq!(captured_body("slow down", false, DEFAULT_BODY_LIMIT).as_deref(), Some("slow down"));
        assert_eq!(captured_body("", false, DEFAULT_BODY_LIMIT).as_deref(), Some(""));
    }

    #[test]
    fn a_body_of_exactly_the_limit_is_whole_and_one_byte_more_is_cut() {
        let fifty = "y".repeat(50);
        assert_eq!(captured_body(&fifty, false, 50).as_deref(), Some(fifty.as_str()));
        assert_eq!(captured_body(&format!("{fifty}z"), true, 50).as_deref(), Some(format!("{fifty}…").as_str()));
    }

    #[test]
    fn the_cut_never_splits_a_character_and_a_byte_order_mark_is_dropped() {
        // 49 bytes, then a 3-byte € that straddles the 50-byte limit.
        let text = format!("{}€€", "a".repeat(49));
        assert_eq!(captured_body(&text, true, 50).as_deref(), Some(format!("{}…", "a".repeat(49)).as_str()));
        assert_eq!(captured_body("\u{feff}body", false, 50).as_deref(), Some("body"));
        // The mark counts toward the limit, as the bytes it came from did.
        assert_eq!(captured_body("\u{feff}abcdef", true, 5).as_deref(), Some("ab…"));
    }

    #[test]
    fn a_zero_limit_keeps_no_body() {
        assert_eq!(captured_body("secret", true, 0), None);
        assert_eq!(captured_body("", false, 0), None);
    }

    #[test]
    fn the_limit_asked_for() {
        assert_eq!(body_limit(None), 500);
        assert_eq!(body_limit(Some(0.0)), 0);
        assert_eq!(body_limit(Some(-0.0)), 0);
        assert_eq!(body_limit(Some(f64::NAN)), 0);
        assert_eq!(body_limit(Some(50.0)), 50);
        assert_eq!(body_limit(Some(1e12)), BODY_LIMIT_MAX);
    }
}
