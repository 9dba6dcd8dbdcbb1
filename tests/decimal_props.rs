//! The JSON number reader (src/decimal.rs) against the standard library's `f64`
//! parsing, which it replaces in the wasm: the same `f64`, bit for bit, for every
//! number text — shortest forms, long expansions, random digit strings, near the
//! subnormal and overflow edges.
#![cfg(not(target_arch = "wasm32"))]

use mcp_envelope::value::parse_number;
use proptest::prelude::*;

fn std_bits(text: &str) -> Option<u64> {
    text.parse::<f64>().ok().map(f64::to_bits)
}

fn agrees(text: &str) -> Result<(), TestCaseError> {
    prop_assert_eq!(parse_number(text).map(f64::to_bits), std_bits(text), "{}", text);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    /// Every finite f64, written the ways JS and Rust write it (shortest with and
    /// without an exponent, and 25 digits, which is not shortest and so exercises rounding).
    #[test]
    fn every_finite_double_reads_back_as_itself(bits in any::<u64>()) {
        let x = f64::from_bits(bits);
        prop_assume!(x.is_finite());
        for text in [format!("{x}"), format!("{x:e}"), format!("{x:.25e}"), format!("{:e}", x.abs())] {
            agrees(&text)?;
        }
    }

    /// Plain integers (the fast path reads up to 15 digits, the general reader more),
    /// leading zeros and `-0` included.
    #[test]
    fn plain_integers_read_like_the_standard_library(negative in any::<bool>(), digits in "[0-9]{1,18}") {
        agrees(&format!("{}{digits}", if negative { "-" } else { "" }))?;
    }

    /// Random digit strings with a point anywhere and any exponent, including ones far
    /// past the range (0 and infinity) and past the kept digits.
    #[test]
    fn random_digit_strings_round_like_the_standard_library(
        negative in any::<bool>(),
        digits in "[0-9]{1,40}",
        point in 0usize..41,
        exponent in -420i32..420,
        tail in prop::option::of("[0-9]{0,900}"),
    ) {
        let mut text = String::new();
        if negative {
            text.push('-');
        }
        let all = format!("{digits}{}", tail.unwrap_or_default());
        let point = point.min(all.len());
        let (int, frac) = all.split_at(point);
        text.push_str(if int.is_empty() { "0" } else { int });
        if !frac.is_empty() {
            text.push('.');
            text.push_str(frac);
        }
        text.push_str(&format!("e{exponent}"));
        agrees(&text)?;
    }

    /// Exact halfway points between two doubles (odd multiples of half the spacing,
    /// written as integers), which round to the even neighbour.
    #[test]
    fn exact_ties_round_to_even(k in 0u64..(1 << 52), shift in 0u32..70) {
        let tie = ((1u128 << 53) + 2 * u128::from(k) + 1) << shift;
        agrees(&tie.to_string())?;
    }

    /// Values within a few units of the subnormal boundary and of the largest double.
    #[test]
    fn edges_of_the_range(step in 0u64..2000, up in any::<bool>()) {
        for base in [0u64, 0x0010_0000_0000_0000, f64::MAX.to_bits() - 2000] {
            let bits = if up { base + step } else { base.saturating_sub(step) };
            let x = f64::from_bits(bits);
            agrees(&format!("{x:e}"))?;
            agrees(&format!("{x:.20e}"))?;
        }
    }
}
