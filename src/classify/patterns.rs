//! The provider and common pattern tables, as hand-written matchers.
//!
//! Each reference pattern is a case-insensitive JS regex without the `u` flag. All of
//! them are ASCII, and in that mode case folding never maps a non-ASCII character onto
//! an ASCII one, so ASCII-lowercasing the text once and searching lowercase needles is
//! exact. `.` stops at JS line terminators and `\s` is JS's whitespace set; both are
//! reproduced below. The reference's `not.*logged.*in`, `access.*denied` and
//! `not.*allowed` are kept as shipped (seed 003's table lost the `*` in rendering).

use crate::codes::JsonRpcErrorCode;
use crate::js::js_is_whitespace as is_js_whitespace;

/// The capped text the patterns read, with the set of character classes it contains:
/// a needle needing a class the text lacks is ruled out by one mask test, and nothing
/// is allocated or lowercased up front.
pub struct Haystack<'a> {
    text: &'a str,
    classes: u64,
    /// Bit `bigram(a, b)` is set when the pair `ab` occurs in `text`.
    bigrams: [u64; 16],
    /// Bit `i` is set when rule `i` of [`RULES`] may match: the text holds a pair that
    /// one of its alternatives needs (see [`RULES_BY_PAIR`]).
    rules: u32,
}

/// A number for two bytes, ASCII-case-insensitive: letters get 1–26 each, and other
/// bytes may share a number with a letter (the filter then only passes more).
const fn bigram(a: u8, b: u8) -> usize {
    (((a & 0x1f) as usize) << 5) | (b & 0x1f) as usize
}

/// One bit per ASCII letter, digit and the few punctuation marks needles use; every
/// other byte shares bit 63 (needles never need it).
const fn class_bit(byte: u8) -> u64 {
    let class = match byte.to_ascii_lowercase() {
        b @ b'a'..=b'z' => b - b'a',
        b @ b'0'..=b'9' => b - b'0' + 26,
        b' ' => 36,
        b'_' => 37,
        b'-' => 38,
        b'\'' => 39,
        _ => 63,
    };
    1 << class
}

/// A lowercase ASCII literal and the classes it needs, computed at compile time.
#[derive(Clone, Copy)]
pub struct Needle {
    text: &'static str,
    classes: u64,
}

// Const evaluation only (the tables are statics): `i < len` bounds every index, and
// an out-of-range index would fail the build, never panic at run time.
#[allow(clippy::indexing_slicing)]
pub const fn needle(text: &'static str) -> Needle {
    let bytes = text.as_bytes();
    let mut classes = 0;
    let mut i = 0;
    while i < bytes.len() {
        classes |= class_bit(bytes[i]);
        i += 1;
    }
    Needle { text, classes }
}

/// The class number of every byte (the bit [`class_bit`] sets), looked up instead of
/// matched per byte.
static CLASS_OF: [u8; 256] = class_numbers();

// Const evaluation only (the table is a static): `i < 256` bounds every index, and an
// out-of-range index would fail the build, never panic at run time.
#[allow(clippy::indexing_slicing, clippy::cast_possible_truncation)]
const fn class_numbers() -> [u8; 256] {
    let mut table = [0; 256];
    let mut i = 0;
    while i < 256 {
        table[i] = class_bit(i as u8).trailing_zeros() as u8;
        i += 1;
    }
    table
}

impl<'a> Haystack<'a> {
    pub fn new(text: &'a str, cap_bytes: usize) -> Self {
        let mut end = cap_bytes.min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let text = text.get(..end).unwrap_or_default();
        // One pass: each byte's class, and the pair it ends (as [`bigram`] numbers it).
        let mut classes = 0;
        let mut bigrams = [0u64; 16];
        let mut rules = 0;
        let mut previous: Option<u8> = None;
        for &byte in text.as_bytes() {
            classes |= 1 << CLASS_OF.get(usize::from(byte)).copied().unwrap_or(63);
            if let Some(first) = previous {
                let bit = bigram(first, byte);
                if let Some(word) = bigrams.get_mut(bit / 64) {
                    *word |= 1 << (bit % 64);
                }
                rules |= RULES_BY_PAIR.get(bit).copied().unwrap_or(u32::MAX);
            }
            previous = Some(byte);
        }
        Haystack { text, classes, bigrams, rules }
    }

    /// False only when `needle` certainly does not occur: it needs a character class
    /// or an adjacent pair the text lacks.
    fn may_contain(&self, needle: &Needle) -> bool {
        needle.classes & !self.classes == 0
            && needle.text.as_bytes().windows(2).all(|pair| match pair {
                [a, b] => {
                    let bit = bigram(*a, *b);
                    self.bigrams.get(bit / 64).is_some_and(|word| word & (1 << (bit % 64)) != 0)
                }
                _ => true,
            })
    }

    /// Byte offset of the first case-insensitive occurrence of `needle` at or after `from`.
    fn find_from(&self, needle: &Needle, from: usize) -> Option<usize> {
        find_ci(self.text.as_bytes(), needle.text.as_bytes(), from)
    }

    fn contains(&self, needle: &Needle) -> bool {
        self.may_contain(needle) && self.find_from(needle, 0).is_some()
    }
}

/// `hay` starts with the lowercase ASCII `needle`, ASCII-case-insensitively: a test of
/// `needle.len()` bytes, never a search of the rest of the text (which, from every
/// occurrence of a head, would cost the square of the text's length).
fn starts_with_ci(hay: &[u8], needle: &[u8]) -> bool {
    hay.get(..needle.len()).is_some_and(|head| head.eq_ignore_ascii_case(needle))
}

/// Naive case-insensitive search of a lowercase ASCII needle: needles are short and
/// texts mostly are too, so skipping any searcher set-up is what pays.
fn find_ci(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    let (first, rest) = needle.split_first()?;
    let last_start = hay.len().checked_sub(needle.len())?;
    (from..=last_start).find(|&at| {
        hay.get(at).is_some_and(|b| b.to_ascii_lowercase() == *first)
            && hay
                .get(at + 1..at + needle.len())
                .is_some_and(|window| window.iter().zip(rest).all(|(h, n)| h.to_ascii_lowercase() == *n))
    })
}

/// What JS `.` refuses to match.
fn is_js_line_terminator(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}')
}

#[derive(Clone, Copy)]
pub enum Separator {
    /// `\s+`
    Whitespace,
    /// `[\s_-]+`
    WhitespaceUnderscoreDash,
}

impl Separator {
    fn accepts(self, c: char) -> bool {
        match self {
            Separator::Whitespace => is_js_whitespace(c),
            Separator::WhitespaceUnderscoreDash => c == '_' || c == '-' || is_js_whitespace(c),
        }
    }
}

/// One alternative of a reference regex. Needles are lowercase ASCII.
#[derive(Clone, Copy)]
pub enum Pattern {
    /// Any of these substrings.
    AnyOf(&'static [Needle]),
    /// These pieces in this order on one line: `a.*b.*c`.
    InOrder(&'static [Needle]),
    /// `head`, one or more separator characters, then one of `tails`. No tail starts
    /// with a separator character, so consuming them greedily is exact.
    Separated { head: Needle, separator: Separator, tails: &'static [Needle] },
    /// `prefix` followed by `digits` ASCII digits: `status code 5\d\d`.
    Digits { prefix: Needle, digits: usize },
}

impl Pattern {
    fn is_match(&self, hay: &Haystack<'_>) -> bool {
        match self {
            Pattern::AnyOf(needles) => needles.iter().any(|n| hay.contains(n)),
            Pattern::InOrder(pieces) => {
                pieces.iter().all(|p| hay.may_contain(p))
                    && hay.text.split(is_js_line_terminator).any(|line| in_order(line, pieces))
            }
            Pattern::Separated { head, separator, tails } => {
                hay.may_contain(head)
                    && tails.iter().any(|t| hay.may_contain(t))
                    && occurrences(hay, head).any(|at| {
                        let rest = hay.text.get(at + head.text.len()..).unwrap_or_default();
                        let after = rest.trim_start_matches(|c| separator.accepts(c));
                        after.len() < rest.len()
                            && tails.iter().any(|t| starts_with_ci(after.as_bytes(), t.text.as_bytes()))
                    })
            }
            Pattern::Digits { prefix, digits } => {
                hay.may_contain(prefix)
                    && occurrences(hay, prefix).any(|at| {
                        let rest = hay.text.as_bytes().get(at + prefix.text.len()..).unwrap_or_default();
                        rest.len() >= *digits && rest.iter().take(*digits).all(u8::is_ascii_digit)
                    })
            }
        }
    }
}

/// Every case-insensitive occurrence of `needle` (overlaps included).
fn occurrences<'h>(hay: &'h Haystack<'_>, needle: &'h Needle) -> impl Iterator<Item = usize> + 'h {
    let mut from = 0;
    core::iter::from_fn(move || {
        let at = hay.find_from(needle, from)?;
        from = at + 1;
        Some(at)
    })
}

/// Leftmost placement of each piece is optimal: any later start leaves less room.
fn in_order(line: &str, pieces: &[Needle]) -> bool {
    let mut from = 0;
    for piece in pieces {
        match find_ci(line.as_bytes(), piece.text.as_bytes(), from) {
            Some(at) => from = at + piece.text.len(),
            None => return false,
        }
    }
    true
}

/// A reference regex: its `|` alternatives, and the character classes every one of
/// them needs, so most rules are dismissed by a single mask test.
#[derive(Clone, Copy)]
pub struct Rule {
    alternatives: &'static [Pattern],
    required: u64,
}

// Const evaluation only (the tables are statics): `i < len` bounds every index, and
// an out-of-range index would fail the build, never panic at run time.
#[allow(clippy::indexing_slicing)]
const fn all_of(needles: &[Needle]) -> u64 {
    let mut classes = 0;
    let mut i = 0;
    while i < needles.len() {
        classes |= needles[i].classes;
        i += 1;
    }
    classes
}

// Const evaluation only (the tables are statics): `i < len` bounds every index, and
// an out-of-range index would fail the build, never panic at run time.
#[allow(clippy::indexing_slicing)]
const fn shared_by(needles: &[Needle]) -> u64 {
    let mut classes = u64::MAX;
    let mut i = 0;
    while i < needles.len() {
        classes &= needles[i].classes;
        i += 1;
    }
    classes
}

// Const evaluation only (the tables are statics): `i < len` bounds every index, and
// an out-of-range index would fail the build, never panic at run time.
#[allow(clippy::indexing_slicing)]
const fn rule(alternatives: &'static [Pattern]) -> Rule {
    let mut required = u64::MAX;
    let mut i = 0;
    while i < alternatives.len() {
        required &= match &alternatives[i] {
            Pattern::AnyOf(needles) => shared_by(needles),
            Pattern::InOrder(pieces) => all_of(pieces),
            Pattern::Separated { head, tails, .. } => head.classes | shared_by(tails),
            Pattern::Digits { prefix, .. } => prefix.classes,
        };
        i += 1;
    }
    Rule { alternatives, required }
}

impl Rule {
    pub fn is_match(&self, hay: &Haystack<'_>) -> bool {
        self.required & !hay.classes == 0 && self.alternatives.iter().any(|p| p.is_match(hay))
    }
}

use JsonRpcErrorCode as C;
use Pattern::{AnyOf, Digits, InOrder, Separated};
use Separator::{Whitespace, WhitespaceUnderscoreDash};

/// Checked before the common patterns: they are more specific.
const PROVIDER_PATTERNS: [(Rule, JsonRpcErrorCode); 20] = [
    (rule(&[AnyOf(&[needle("throttlingexception"), needle("toomanyrequestsexception")])]), C::RateLimited),
    (rule(&[AnyOf(&[needle("accessdenied"), needle("unauthorizedoperation")])]), C::Forbidden),
    (rule(&[AnyOf(&[needle("resourcenotfoundexception")])]), C::NotFound),
    (rule(&[AnyOf(&[needle("status code 401")])]), C::Unauthorized),
    (rule(&[AnyOf(&[needle("status code 403")])]), C::Forbidden),
    (rule(&[AnyOf(&[needle("status code 404")])]), C::NotFound),
    (rule(&[AnyOf(&[needle("status code 409")])]), C::Conflict),
    (rule(&[AnyOf(&[needle("status code 429")])]), C::RateLimited),
    (rule(&[Digits { prefix: needle("status code 5"), digits: 2 }]), C::ServiceUnavailable),
    (rule(&[AnyOf(&[needle("econnrefused"), needle("connection refused")])]), C::ServiceUnavailable),
    (rule(&[AnyOf(&[needle("etimedout"), needle("connection timeout")])]), C::Timeout),
    (rule(&[AnyOf(&[needle("unique constraint"), needle("duplicate key")])]), C::Conflict),
    (rule(&[AnyOf(&[needle("foreign key constraint")])]), C::ValidationError),
    (rule(&[AnyOf(&[needle("jwt expired")])]), C::Unauthorized),
    (rule(&[AnyOf(&[needle("row level security")])]), C::Forbidden),
    (rule(&[AnyOf(&[needle("insufficient_quota"), needle("quota exceeded")])]), C::RateLimited),
    (rule(&[AnyOf(&[needle("model_not_found")])]), C::NotFound),
    (rule(&[AnyOf(&[needle("context_length_exceeded")])]), C::ValidationError),
    (rule(&[AnyOf(&[needle("enotfound"), needle("dns")])]), C::ServiceUnavailable),
    (rule(&[AnyOf(&[needle("econnreset"), needle("connection reset")])]), C::ServiceUnavailable),
];

/// Broad keywords; order matters (Unauthorized before Forbidden before NotFound ...).
const COMMON_PATTERNS: [(Rule, JsonRpcErrorCode); 10] = [
    (
        rule(&[
            AnyOf(&[needle("unauthorized"), needle("unauthenticated")]),
            Separated { head: needle("not"), separator: Whitespace, tails: &[needle("authorized")] },
            InOrder(&[needle("not"), needle("logged"), needle("in")]),
            Separated { head: needle("invalid"), separator: WhitespaceUnderscoreDash, tails: &[needle("token")] },
            Separated { head: needle("expired"), separator: WhitespaceUnderscoreDash, tails: &[needle("token")] },
        ]),
        C::Unauthorized,
    ),
    (
        rule(&[
            AnyOf(&[needle("permission"), needle("forbidden")]),
            InOrder(&[needle("access"), needle("denied")]),
            InOrder(&[needle("not"), needle("allowed")]),
        ]),
        C::Forbidden,
    ),
    (
        rule(&[AnyOf(&[needle("not found"), needle("no such"), needle("doesn't exist"), needle("couldn't find")])]),
        C::NotFound,
    ),
    (
        rule(&[
            AnyOf(&[
                needle("invalid"),
                needle("validation"),
                needle("malformed"),
                needle("bad request"),
                needle("wrong format"),
            ]),
            Separated {
                head: needle("missing"),
                separator: Whitespace,
                tails: &[
                    needle("required"),
                    needle("param"),
                    needle("field"),
                    needle("input"),
                    needle("value"),
                    needle("arg"),
                ],
            },
        ]),
        C::ValidationError,
    ),
    (
        rule(&[AnyOf(&[
            needle("conflict"),
            needle("already exists"),
            needle("duplicate"),
            needle("unique constraint"),
        ])]),
        C::Conflict,
    ),
    (rule(&[AnyOf(&[needle("rate limit"), needle("too many requests"), needle("throttled")])]), C::RateLimited),
    (rule(&[AnyOf(&[needle("timeout"), needle("timed out"), needle("deadline exceeded")])]), C::Timeout),
    // abort(ed)?|cancell?ed
    (rule(&[AnyOf(&[needle("abort"), needle("canceled"), needle("cancelled")])]), C::Timeout),
    (
        rule(&[AnyOf(&[
            needle("service unavailable"),
            needle("bad gateway"),
            needle("gateway timeout"),
            needle("upstream error"),
        ])]),
        C::ServiceUnavailable,
    ),
    // zod|zoderror|schema validation (needle("zoderror") contains needle("zod"))
    (rule(&[AnyOf(&[needle("zod"), needle("schema validation")])]), C::ValidationError),
];

/// Both tables in the order the reference tries them: the provider patterns, then the
/// common ones. Rule `i` is bit `i` of a haystack's `rules`.
static RULES: [(Rule, JsonRpcErrorCode); RULE_COUNT] = BOTH_TABLES;

/// [`RULES`] as a constant, which [`pair_index`] can read at compile time.
const BOTH_TABLES: [(Rule, JsonRpcErrorCode); RULE_COUNT] = both_tables();

const RULE_COUNT: usize = PROVIDER_PATTERNS.len() + COMMON_PATTERNS.len();

// A rule is one bit of a `u32`.
const _: () = assert!(RULE_COUNT <= 32);

// Const evaluation only (the table is a static): `i < len` bounds every index, and an
// out-of-range index would fail the build, never panic at run time.
#[allow(clippy::indexing_slicing)]
const fn both_tables() -> [(Rule, JsonRpcErrorCode); RULE_COUNT] {
    let mut all = [COMMON_PATTERNS[0]; RULE_COUNT];
    let mut i = 0;
    while i < PROVIDER_PATTERNS.len() {
        all[i] = PROVIDER_PATTERNS[i];
        i += 1;
    }
    while i < RULE_COUNT {
        all[i] = COMMON_PATTERNS[i - PROVIDER_PATTERNS.len()];
        i += 1;
    }
    all
}

/// For each adjacent pair (numbered as [`bigram`] numbers it), the rules that a text
/// holding that pair may match. A text an alternative matches holds one of its needles
/// (`AnyOf`: any of them; `InOrder`: the first piece, as every piece; `Separated`: the
/// head; `Digits`: the prefix), so it holds every pair of that needle: each such needle
/// enters its rule under its rarest pair. Every needle has a pair (checked at build time).
static RULES_BY_PAIR: [u32; 1024] = pair_index();

// Const evaluation only (the table is a static): `i < len` bounds every index, and an
// out-of-range index or a needle without a pair fails the build, never panics at run time.
#[allow(clippy::indexing_slicing)]
const fn pair_index() -> [u32; 1024] {
    let mut index = [0; 1024];
    let mut r = 0;
    while r < RULE_COUNT {
        let bit = 1u32 << r;
        let alternatives = BOTH_TABLES[r].0.alternatives;
        let mut a = 0;
        while a < alternatives.len() {
            let needles: &[Needle] = match &alternatives[a] {
                Pattern::AnyOf(needles) => needles,
                Pattern::InOrder(pieces) => core::slice::from_ref(&pieces[0]),
                Pattern::Separated { head, .. } => core::slice::from_ref(head),
                Pattern::Digits { prefix, .. } => core::slice::from_ref(prefix),
            };
            assert!(!needles.is_empty(), "an alternative without a needle");
            let mut n = 0;
            while n < needles.len() {
                let text = needles[n].text.as_bytes();
                assert!(text.len() >= 2, "a needle without a pair");
                let mut best = 0;
                let mut k = 1;
                while k + 1 < text.len() {
                    if rarity(text[k], text[k + 1]) > rarity(text[best], text[best + 1]) {
                        best = k;
                    }
                    k += 1;
                }
                index[bigram(text[best], text[best + 1])] |= bit;
                n += 1;
            }
            a += 1;
        }
        r += 1;
    }
    index
}

/// How rarely a pair of bytes occurs in English text, roughly: letters by their rank in
/// English letter frequency, a space the most common, other bytes rare. Only ever
/// evaluated at compile time (by [`pair_index`]).
// Const evaluation only: `i < len` bounds every index, and an out-of-range index would
// fail the build, never panic at run time.
#[allow(clippy::indexing_slicing, clippy::cast_possible_truncation)]
const fn rarity(a: u8, b: u8) -> u32 {
    const fn rank(byte: u8) -> u32 {
        let order = b"etaoinshrdlcumwfgypbvkjxqz";
        let mut i = 0;
        while i < order.len() {
            if order[i] == byte {
                return i as u32 + 1;
            }
            i += 1;
        }
        if byte == b' ' {
            0
        } else {
            27
        }
    }
    rank(a) + rank(b)
}

/// The code of the first rule that matches `message` or `name`, in the reference's
/// order; only the rules the two texts' pairs leave in are tried.
pub fn code_for(message: &Haystack<'_>, name: &Haystack<'_>) -> Option<JsonRpcErrorCode> {
    let candidates = message.rules | name.rules;
    RULES
        .iter()
        .zip(0u32..)
        .find(|((rule, _), i)| {
            candidates.checked_shr(*i).unwrap_or(0) & 1 != 0 && (rule.is_match(message) || rule.is_match(name))
        })
        .map(|((_, code), _)| *code)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_match(text: &str) -> Option<JsonRpcErrorCode> {
        let hay = Haystack::new(text, usize::MAX);
        RULES.iter().find(|(rule, _)| rule.is_match(&hay)).map(|(_, code)| *code)
    }

    #[test]
    fn separators_need_at_least_one_character_and_follow_js_whitespace() {
        assert_eq!(first_match("not\u{3000}authorized"), Some(C::Unauthorized));
        assert_eq!(first_match("invalid_-_token"), Some(C::Unauthorized));
        assert_eq!(first_match("EXPIRED\tTOKEN"), Some(C::Unauthorized));
        // \s+ needs one; "notauthorized" still hits "unauthorized"? no: falls to nothing.
        assert_eq!(first_match("notauthorized"), None);
        // U+0085 is Rust whitespace but not JS \s.
        assert_eq!(first_match("missing\u{85}field"), None);
        assert_eq!(first_match("missing\u{feff}field"), Some(C::ValidationError));
    }

    #[test]
    fn dot_star_stays_on_one_line() {
        assert_eq!(first_match("not yet logged back in"), Some(C::Unauthorized));
        assert_eq!(first_match("not\nlogged in"), None);
        assert_eq!(first_match("access to the vault is denied"), Some(C::Forbidden));
        assert_eq!(first_match("access\u{2028}denied"), None);
        // A later start on the same line never helps, a later line can.
        assert_eq!(first_match("nothing\nnot one is allowed"), Some(C::Forbidden));
    }

    #[test]
    fn status_5xx_needs_two_digits() {
        assert_eq!(first_match("Status Code 503!"), Some(C::ServiceUnavailable));
        assert_eq!(first_match("status code 5x"), None);
        assert_eq!(first_match("status code 50"), None);
    }

    #[test]
    fn case_folding_is_ascii_only_like_js_without_the_u_flag() {
        // U+017F (long s) upper-cases to 'S' but JS refuses to map non-ASCII onto ASCII.
        assert_eq!(first_match("\u{17f}ervice unavailable"), None);
        assert_eq!(first_match("İnvalid"), None);
        assert_eq!(first_match("ÄNOT FOUND"), Some(C::NotFound));
    }

    #[test]
    fn the_pairs_of_a_needle_without_the_needle_match_nothing() {
        // "dn" and "ns" pass the pre-filter for "dns"; the search still decides.
        assert_eq!(first_match("dn ns"), None);
        assert_eq!(first_match("dns"), Some(C::ServiceUnavailable));
        assert_eq!(first_match("ab bor rt ed"), None);
    }

    #[test]
    fn every_occurrence_of_a_head_or_prefix_is_tried() {
        assert_eq!(first_match("request failed with status code 503"), Some(C::ServiceUnavailable));
        assert_eq!(first_match("user is not authorized"), Some(C::Unauthorized));
        // The first "not" is followed by no tail; the second is.
        assert_eq!(first_match("not now, not authorized"), Some(C::Unauthorized));
        assert_eq!(first_match("status code 5x, status code 502"), Some(C::ServiceUnavailable));
    }

    #[test]
    fn a_tail_is_tested_where_the_separators_end_not_searched_for() {
        assert!(starts_with_ci(b"REQUIRED field", b"required"));
        assert!(!starts_with_ci(b" required", b"required"));
        assert!(!starts_with_ci(b"requir", b"required"));
        // A head repeated throughout with its tail nowhere after a separator: no match.
        let text = format!("xrequired {}", "missing ".repeat(2_000));
        assert_eq!(first_match(&text), None);
        assert_eq!(first_match(&format!("{text}missing required")), Some(C::ValidationError));
    }

    #[test]
    fn haystack_cap_never_splits_a_character() {
        let hay = Haystack::new("ééé", 3);
        assert_eq!(hay.text, "é");
        let hay = Haystack::new("abc", 2);
        assert!(hay.contains(&needle("ab")) && !hay.contains(&needle("bc")));
    }

    // Property tests run natively; proptest has no wasm32 backend.
    #[cfg(not(target_arch = "wasm32"))]
    mod props {
        use super::*;
        use proptest::prelude::*;

        /// Every needle of both tables.
        fn needles() -> Vec<&'static Needle> {
            let mut all = Vec::new();
            for (rule, _) in &RULES {
                for pattern in rule.alternatives {
                    match pattern {
                        Pattern::AnyOf(list) | Pattern::InOrder(list) => all.extend(list.iter()),
                        Pattern::Separated { head, tails, .. } => {
                            all.push(head);
                            all.extend(tails.iter());
                        }
                        Pattern::Digits { prefix, .. } => all.push(prefix),
                    }
                }
            }
            all
        }

        proptest! {
            // The pre-filter (classes and pairs) never rules out a needle the text holds,
            // and `contains` is exactly an ASCII-case-insensitive substring test.
            #[test]
            fn contains_is_a_case_insensitive_substring_test(
                text in r#"[a-zA-Z0-9 _'\-éİ\x00\x7f]{0,24}"#,
                pick in any::<prop::sample::Index>(),
                at in any::<prop::sample::Index>(),
            ) {
                let all = needles();
                let Some(needle) = all.get(pick.index(all.len())).copied() else { return Ok(()) };
                // Half the cases hold the needle (upper-cased), spliced in at a char boundary.
                let boundaries: Vec<usize> = (0..=text.len()).filter(|i| text.is_char_boundary(*i)).collect();
                let cut = boundaries.get(at.index(boundaries.len())).copied().unwrap_or(0);
                let (before, after) = (text.get(..cut).unwrap_or_default(), text.get(cut..).unwrap_or_default());
                let spliced = format!("{before}{}{after}", needle.text.to_ascii_uppercase());
                for candidate in [text.as_str(), spliced.as_str()] {
                    let hay = Haystack::new(candidate, usize::MAX);
                    let expected = candidate.to_ascii_lowercase().contains(needle.text);
                    prop_assert_eq!(hay.contains(needle), expected, "{:?} in {:?}", needle.text, candidate);
                }
            }

            // A rule's own pre-filter (the classes all its alternatives need) never
            // dismisses a text one of its alternatives matches. The texts are needles of
            // the tables, digits and separators in any order and case.
            #[test]
            fn a_rule_matches_where_one_of_its_alternatives_does(
                picks in prop::collection::vec((any::<prop::sample::Index>(), 0..6usize, any::<bool>()), 0..6),
            ) {
                let all = needles();
                let mut text = String::new();
                for (pick, glue, upper) in picks {
                    let Some(needle) = all.get(pick.index(all.len())) else { continue };
                    let piece = if upper { needle.text.to_ascii_uppercase() } else { needle.text.to_owned() };
                    text.push_str(&piece);
                    text.push_str([" ", "_", "-", "\n", "03", ""].get(glue).copied().unwrap_or_default());
                }
                let hay = Haystack::new(&text, usize::MAX);
                for (i, (rule, _)) in RULES.iter().enumerate() {
                    let any = rule.alternatives.iter().any(|p| p.is_match(&hay));
                    prop_assert_eq!(rule.is_match(&hay), any, "{:?}", text);
                    // Nor does the pair index: a rule that matches is always tried.
                    prop_assert!(!any || hay.rules & (1 << i) != 0, "rule {} left out for {:?}", i, text);
                }
                // Trying only the rules the pairs leave in finds what trying all finds.
                let empty = Haystack::new("", 0);
                prop_assert_eq!(code_for(&hay, &empty), first_match(&text), "{:?}", text);
            }
        }
    }
}
