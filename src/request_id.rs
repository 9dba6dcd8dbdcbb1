//! Request ids of the form `XXXXX-XXXXX` over `A-Z0-9`, drawn without modulo bias.
//!
//! The core takes its randomness from the caller (the wasm boundary hands it
//! `crypto.getRandomValues`), so it stays free of platform code.

/// The characters of a request id: `A-Z` then `0-9`.
///
/// ```
/// use mcp_envelope::REQUEST_ID_ALPHABET;
///
/// assert_eq!(REQUEST_ID_ALPHABET.len(), 36);
/// assert_eq!(&REQUEST_ID_ALPHABET[..3], b"ABC");
/// ```
pub const REQUEST_ID_ALPHABET: &[u8; 36] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/// Bytes at or above this are rejected: 252 = 7 × 36, so every kept byte maps onto
/// the alphabet with equal probability.
const UNBIASED_LIMIT: u8 = 252;

/// How long a caller's own request id may be, in UTF-16 units: a longer one is cut to
/// this with `…` wherever it is written (the envelope, the term line, a log record).
pub const MAX_REQUEST_ID_UNITS: usize = 1024;

/// A caller's request id as it is written: cut to [`MAX_REQUEST_ID_UNITS`] with `…`.
pub fn bounded_request_id(id: &str) -> std::borrow::Cow<'_, str> {
    if crate::utf16::utf16_len_exceeds(id, MAX_REQUEST_ID_UNITS) {
        std::borrow::Cow::Owned(crate::utf16::cut_utf16(id, MAX_REQUEST_ID_UNITS, "…"))
    } else {
        std::borrow::Cow::Borrowed(id)
    }
}

/// A fresh id (`XXXXX-XXXXX` over [`REQUEST_ID_ALPHABET`]), for
/// [`ErrorResultOptions::request_id`](crate::ErrorResultOptions::request_id) when the call
/// has none of its own. `fill` must fill its buffer with cryptographically random bytes
/// (the `getrandom` or `rand` crate); it may be called more than once, as bytes that
/// would bias the draw are skipped.
///
/// ```
/// use mcp_envelope::request_id;
///
/// // A real server passes a CSPRNG; fixed bytes show the mapping.
/// let id = request_id(|buffer| buffer.fill(7));
/// assert_eq!(id, "HHHHH-HHHHH");
/// let mut n = 0u8;
/// let id = request_id(|buffer| buffer.iter_mut().for_each(|b| { *b = n; n += 1; }));
/// assert_eq!(id, "ABCDE-FGHIJ");
/// ```
pub fn request_id(mut fill: impl FnMut(&mut [u8])) -> String {
    let mut id = String::with_capacity(11);
    let mut buffer = [0u8; 16];
    while id.len() < 11 {
        fill(&mut buffer);
        for byte in buffer {
            if id.len() == 11 {
                break;
            }
            if id.len() == 5 {
                id.push('-');
            }
            if byte < UNBIASED_LIMIT {
                let index = usize::from(byte) % REQUEST_ID_ALPHABET.len();
                if let Some(&c) = REQUEST_ID_ALPHABET.get(index) {
                    id.push(char::from(c));
                }
            }
        }
    }
    id
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_well_formed(id: &str) -> bool {
        let bytes = id.as_bytes();
        bytes.len() == 11
            && bytes.iter().enumerate().all(|(i, b)| if i == 5 { *b == b'-' } else { REQUEST_ID_ALPHABET.contains(b) })
    }

    #[test]
    fn shape_holds_for_any_bytes_including_rejected_ones() {
        let mut counter = 0u8;
        let id = request_id(|buf| {
            for b in buf.iter_mut() {
                *b = counter;
                counter = counter.wrapping_add(37);
            }
        });
        assert!(is_well_formed(&id), "{id}");
        // All-rejected bytes for a while, then usable ones: still terminates.
        let mut calls = 0;
        let id = request_id(|buf| {
            calls += 1;
            buf.fill(if calls < 4 { 255 } else { 35 });
        });
        assert_eq!(id, "99999-99999");
    }

    #[test]
    fn every_byte_below_the_limit_maps_uniformly() {
        let mut counts = [0u32; 36];
        for byte in 0..UNBIASED_LIMIT {
            counts[usize::from(byte) % 36] += 1;
        }
        assert!(counts.iter().all(|&c| c == 7));
    }

    #[test]
    fn rejected_bytes_are_skipped_not_folded() {
        let mut next = [252u8, 253, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].into_iter();
        let id = request_id(|buf| {
            for b in buf.iter_mut() {
                *b = next.next().unwrap_or(0);
            }
        });
        assert_eq!(id, "ABCDE-FGHIJ");
    }

    #[test]
    fn a_caller_s_id_is_cut_at_1024_units_with_an_ellipsis() {
        assert_eq!(bounded_request_id("req-7"), "req-7");
        let long = "é".repeat(2000);
        let cut = bounded_request_id(&long);
        assert_eq!(cut.encode_utf16().count(), MAX_REQUEST_ID_UNITS);
        assert!(cut.ends_with('…'));
        let exact = "x".repeat(MAX_REQUEST_ID_UNITS);
        assert_eq!(bounded_request_id(&exact), exact.as_str());
    }
}
