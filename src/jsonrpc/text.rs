//! The JSON-RPC dialect's caps: the data cap, the line cap and its `…`, and the
//! [`Capped`] builder. Lengths and cuts themselves are `crate::utf16`'s.
//!
//! Every cap in this dialect is counted the way JavaScript counts `.length`: in
//! UTF-16 code units. A Rust `char` outside the BMP is two units; a cut that would
//! leave half of it out leaves all of it out instead.

/// The longest string, key, line or hint sentence the dialect keeps, in UTF-16 units.
pub const MAX_STRING_UNITS: usize = 1024;

/// What a cut line or sentence ends with.
pub const ELLIPSIS: char = '…';

pub use crate::utf16::{js_len, prefix};

/// `s` cut to the data cap with no marker, and its uncut length when it was cut.
pub fn cut_data_string(s: &str) -> (&str, Option<usize>) {
    let (kept, _, cut) = prefix(s, MAX_STRING_UNITS);
    (kept, cut.then(|| js_len(s)))
}

/// `s` cut to the line cap, ending `…` when cut (message lines, hint sentences,
/// ZodError paths).
#[cfg(test)]
pub fn cut_line(s: &str) -> String {
    let mut out = Capped::line();
    out.push_str(s);
    out.finish()
}

/// Bytes a builder reserves at its first push: a message line or hint sentence (most are
/// under 128 bytes) then grows at most once.
const FIRST_RESERVE: usize = 128;

/// A string builder that stops at a cap, so a huge input costs only its prefix.
/// It remembers whether anything was refused, and `finish` then appends `…`.
#[derive(Debug, Clone)]
pub struct Capped {
    out: String,
    /// `out`'s length in UTF-16 units, counted only once its bytes pass the limit
    /// (`None` before: a UTF-8 byte is never more than one unit, so text whose bytes fit
    /// the limit fits it, and short text is never counted at all).
    units: Option<usize>,
    limit: usize,
    cut: bool,
}

impl Capped {
    pub fn new(limit: usize) -> Capped {
        Capped { out: String::new(), units: None, limit, cut: false }
    }

    /// A builder for one message line or hint sentence.
    pub fn line() -> Capped {
        Capped::new(MAX_STRING_UNITS)
    }

    pub fn push_str(&mut self, s: &str) {
        if self.cut {
            return;
        }
        if self.out.capacity() == 0 {
            self.out.reserve(s.len().max(FIRST_RESERVE).min(self.limit.saturating_mul(4)));
        }
        // Once a push passed the limit in bytes, the text stays past it: no later push
        // takes this path, and `units` stays exact.
        if self.out.len() + s.len() <= self.limit {
            self.out.push_str(s);
            return;
        }
        // Near the limit: counted from here on (the text so far once).
        let units = *self.units.get_or_insert_with(|| js_len(&self.out));
        let (kept, added, cut) = prefix(s, self.limit.saturating_sub(units));
        self.out.push_str(kept);
        self.units = Some(units + added);
        self.cut = cut;
    }

    pub fn push_char(&mut self, c: char) {
        let mut buf = [0u8; 4];
        self.push_str(c.encode_utf8(&mut buf));
    }

    /// Appends a piece that was itself built under a cap, carrying its cut over.
    pub fn push_piece(&mut self, piece: &Piece) {
        self.push_str(&piece.text);
        if piece.cut {
            self.cut = true;
        }
    }

    /// True once something was refused; later pushes are ignored.
    pub fn is_full(&self) -> bool {
        self.cut
    }

    /// The text so far and whether it was cut, without a marker.
    pub fn into_piece(self) -> Piece {
        Piece { text: self.out, cut: self.cut }
    }

    /// The text, ending `…` when something was cut.
    pub fn finish(self) -> String {
        let mut out = self.out;
        if self.cut {
            out.push(ELLIPSIS);
        }
        out
    }
}

/// A capped text fragment: what was kept and whether more existed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    pub text: String,
    pub cut: bool,
}

impl Piece {
    pub fn finish(self) -> String {
        let mut out = self.text;
        if self.cut {
            out.push(ELLIPSIS);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_are_utf16_units() {
        assert_eq!(js_len("abc"), 3);
        assert_eq!(js_len("é"), 1);
        assert_eq!(js_len("😀"), 2);
    }

    #[test]
    fn a_cut_never_splits_a_surrogate_pair() {
        let s = format!("{}😀", "a".repeat(1023));
        let (kept, units, cut) = prefix(&s, 1024);
        assert_eq!((kept.len(), units, cut), (1023, 1023, true));
        let (kept, uncut) = cut_data_string(&s);
        assert_eq!((kept.len(), uncut), (1023, Some(1025)));
        assert_eq!(cut_line(&s), format!("{}…", "a".repeat(1023)));
    }

    #[test]
    fn exact_fit_is_not_cut() {
        let s = "k".repeat(1024);
        assert_eq!(cut_data_string(&s), (s.as_str(), None));
        assert_eq!(cut_line(&s), s);
    }

    // Property tests run natively; proptest has no wasm32 backend.
    #[cfg(not(target_arch = "wasm32"))]
    mod props {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            /// Pushed piece by piece, the text is the whole text's prefix under the
            /// limit (never half a pair), and it is cut exactly when the whole is longer,
            /// whether the pieces' bytes fit the limit or not.
            #[test]
            fn pieces_keep_the_prefix_of_the_whole(
                pieces in prop::collection::vec("[ab😀é]{0,8}", 0..12),
                limit in 0usize..48,
            ) {
                let mut capped = Capped::new(limit);
                for piece in &pieces {
                    capped.push_str(piece);
                }
                let whole = pieces.concat();
                let (kept, _, cut) = prefix(&whole, limit);
                prop_assert_eq!(capped.is_full(), cut);
                prop_assert_eq!(capped.into_piece(), Piece { text: kept.to_owned(), cut });
            }
        }
    }

    #[test]
    fn capped_builder_stops_and_marks() {
        let mut c = Capped::new(5);
        c.push_str("abc");
        c.push_str("def");
        assert!(c.is_full());
        c.push_str("ghi");
        assert_eq!(c.finish(), "abcde…");
    }
}
