//! JSON number text to the nearest `f64` (ties to even), as `JSON.parse` reads it,
//! without the standard library's `f64::from_str`.
//!
//! `from_str` links a 10 KB table of 128-bit powers of five (Eisel–Lemire) into the
//! wasm. This reads the common numbers exactly with one floating-point operation
//! (Clinger's fast path: at most 15 significant digits and a power of ten within
//! ±22, both exact, so the one rounding is the right one) and every other number by
//! exact big-integer comparison: a near candidate is stepped one unit in the last
//! place at a time until the decimal value lies between the halfway points to its
//! neighbours. Work is bounded: at most [`MAX_DIGITS`] significant digits are read
//! (767 decide the rounding of any `f64`; the rest only say "more than"), and the
//! exponent is clamped where the result is already 0 or infinity.

/// Significant digits kept; any nonzero digit after them only marks the value as
/// above the kept ones.
pub const MAX_DIGITS: usize = 800;

/// 10^0 ..= 10^22, each exact in an `f64`.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
    1e21, 1e22,
];

/// The value of JSON number text (`-?digits(.digits)?([eE][+-]?digits)?`); `None`
/// when the text is not one.
pub fn parse_number(text: &str) -> Option<f64> {
    let bytes = text.as_bytes();
    let (negative, rest) = match bytes.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, bytes),
    };
    // Up to 15 digits and nothing else: an integer below 10^15, exact in an f64, read
    // without the general reader's digit list.
    let magnitude = if !rest.is_empty() && rest.len() <= 15 && rest.iter().all(u8::is_ascii_digit) {
        #[allow(clippy::cast_precision_loss)] // below 10^15 < 2^53: exact
        let whole = rest.iter().fold(0u64, |n, d| n * 10 + u64::from(d - b'0')) as f64;
        whole
    } else {
        parse_magnitude(rest)?
    };
    Some(if negative { -magnitude } else { magnitude })
}

/// Significant digits (no leading zeros), whether a nonzero digit was dropped past
/// [`MAX_DIGITS`], and the power of ten of the last kept digit.
struct Decimal {
    digits: Vec<u8>,
    truncated: bool,
    exponent: i64,
}

fn parse_magnitude(bytes: &[u8]) -> Option<f64> {
    let decimal = read_decimal(bytes)?;
    let Decimal { digits, truncated, exponent } = decimal;
    if digits.is_empty() {
        return Some(0.0);
    }
    let count = digits.len() as i64;
    // The value lies in [10^(count + exponent - 1), 10^(count + exponent)).
    if count + exponent > 310 {
        return Some(f64::INFINITY);
    }
    if count + exponent < -324 {
        return Some(0.0);
    }
    if !truncated && count <= 15 && (-22..=22).contains(&exponent) {
        let mantissa = digits.iter().fold(0u64, |n, d| n * 10 + u64::from(*d)) as f64;
        let scale = POW10.get(exponent.unsigned_abs() as usize).copied().unwrap_or(1.0);
        return Some(if exponent >= 0 { mantissa * scale } else { mantissa / scale });
    }
    Some(exact(&digits, truncated, exponent))
}

fn read_decimal(bytes: &[u8]) -> Option<Decimal> {
    let mut digits = Vec::new();
    let mut truncated = false;
    let mut exponent: i64 = 0;
    let mut seen_digit = false;
    let mut after_point = false;
    let mut rest = bytes;
    while let Some((&b, tail)) = rest.split_first() {
        match b {
            b'0'..=b'9' => {
                seen_digit = true;
                let d = b - b'0';
                if digits.is_empty() && d == 0 {
                    // A leading zero: only moves the point.
                    if after_point {
                        exponent -= 1;
                    }
                } else if digits.len() < MAX_DIGITS {
                    digits.push(d);
                    if after_point {
                        exponent -= 1;
                    }
                } else {
                    truncated |= d != 0;
                    if !after_point {
                        exponent += 1;
                    }
                }
            }
            b'.' if !after_point => after_point = true,
            b'e' | b'E' => {
                exponent = exponent.saturating_add(read_exponent(tail)?);
                rest = &[];
                break;
            }
            _ => return None,
        }
        rest = tail;
    }
    if !seen_digit || !rest.is_empty() {
        return None;
    }
    // Trailing zeros move into the exponent, so the digits are as few as can be.
    while digits.last() == Some(&0) {
        digits.pop();
        exponent += 1;
    }
    Some(Decimal { digits, truncated, exponent })
}

/// `[+-]?digits`, saturating far beyond any exponent that matters.
fn read_exponent(bytes: &[u8]) -> Option<i64> {
    let (negative, digits) = match bytes.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, bytes),
    };
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let n = digits.iter().fold(0i64, |n, d| (n * 10 + i64::from(d - b'0')).min(1 << 40));
    Some(if negative { -n } else { n })
}

/// The nearest `f64` to `digits × 10^exponent` (plus a little when `truncated`).
fn exact(digits: &[u8], truncated: bool, exponent: i64) -> f64 {
    let mut z = estimate(digits, exponent);
    // The estimate is within a few units in the last place; each step moves one.
    for _ in 0..4096 {
        if !z.is_finite() {
            // Above the largest finite value's upper halfway point, or not.
            let max = f64::MAX;
            let (m, e) = parts(max);
            // A tie there rounds to even, which is infinity (the largest mantissa is odd).
            return match compare(digits, exponent, 2 * m + 1, e - 1) {
                core::cmp::Ordering::Less => max,
                _ => f64::INFINITY,
            };
        }
        let (m, e) = parts(z);
        let above = compare(digits, exponent, 2 * m + 1, e - 1);
        let above = if truncated && above == core::cmp::Ordering::Equal { core::cmp::Ordering::Greater } else { above };
        match above {
            core::cmp::Ordering::Greater => {
                z = next_up(z);
                continue;
            }
            core::cmp::Ordering::Equal => return if m % 2 == 0 { z } else { next_up(z) },
            core::cmp::Ordering::Less => {}
        }
        if z == 0.0 {
            return z;
        }
        // The halfway point to the neighbour below: closer when z is a power of two
        // (the spacing halves below it), except at the smallest exponent.
        let (lm, le) = if m == 1 << 52 && e > -1074 { (4 * m - 1, e - 2) } else { (2 * m - 1, e - 1) };
        let below = compare(digits, exponent, lm, le);
        match below {
            core::cmp::Ordering::Less => z = next_down(z),
            core::cmp::Ordering::Equal if !truncated => return if m % 2 == 0 { z } else { next_down(z) },
            _ => return z,
        }
    }
    z
}

/// A candidate near the value: its first 19 digits, scaled by exact powers of ten
/// (each product rounds once, so the estimate is off by a few units at most).
fn estimate(digits: &[u8], exponent: i64) -> f64 {
    let lead = digits.iter().take(19);
    let taken = lead.len() as i64;
    let mantissa = lead.fold(0u64, |n, d| n * 10 + u64::from(*d)) as f64;
    let mut power = exponent + digits.len() as i64 - taken;
    let mut z = mantissa;
    // Scale up or down by 10^22 at a time; a tiny value goes through the normal range
    // first so it does not lose its digits to the subnormal range early.
    while power > 0 && z.is_finite() {
        let step = power.min(22);
        z *= POW10.get(step as usize).copied().unwrap_or(1.0);
        power -= step;
    }
    while power < 0 && z != 0.0 {
        let step = (-power).min(22);
        z /= POW10.get(step as usize).copied().unwrap_or(1.0);
        power += step;
    }
    z
}

/// A positive finite `f64` as `m × 2^e` with `m` an integer.
fn parts(z: f64) -> (u64, i64) {
    let bits = z.to_bits();
    let fraction = bits & ((1 << 52) - 1);
    let biased = ((bits >> 52) & 0x7ff) as i64;
    if biased == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1 << 52), biased - 1075)
    }
}

fn next_up(z: f64) -> f64 {
    f64::from_bits(z.to_bits() + 1)
}

fn next_down(z: f64) -> f64 {
    f64::from_bits(z.to_bits().saturating_sub(1))
}

/// `digits × 10^exponent` against `m × 2^e`, exactly.
fn compare(digits: &[u8], exponent: i64, m: u64, e: i64) -> core::cmp::Ordering {
    let mut left = Big::from_digits(digits);
    let mut right = Big::from_u64(m);
    if exponent >= 0 {
        left.mul_pow10(exponent as u64);
    } else {
        right.mul_pow10(exponent.unsigned_abs());
    }
    if e >= 0 {
        right.shl(e as u64);
    } else {
        left.shl(e.unsigned_abs());
    }
    left.cmp(&right)
}

/// An unsigned big integer, little-endian base-2^32 limbs, no leading zero limbs.
struct Big {
    limbs: Vec<u32>,
}

impl Big {
    fn from_u64(n: u64) -> Big {
        let mut big = Big { limbs: vec![n as u32, (n >> 32) as u32] };
        big.trim();
        big
    }

    fn from_digits(digits: &[u8]) -> Big {
        let mut big = Big { limbs: Vec::with_capacity(digits.len() / 9 + 2) };
        for chunk in digits.chunks(9) {
            let mut scale = 1u32;
            let mut add = 0u32;
            for d in chunk {
                scale *= 10;
                add = add * 10 + u32::from(*d);
            }
            big.mul_add(scale, add);
        }
        big
    }

    fn mul_add(&mut self, factor: u32, add: u32) {
        let mut carry = u64::from(add);
        for limb in self.limbs.iter_mut() {
            let product = u64::from(*limb) * u64::from(factor) + carry;
            *limb = product as u32;
            carry = product >> 32;
        }
        if carry > 0 {
            self.limbs.push(carry as u32);
        }
    }

    fn mul_pow10(&mut self, mut power: u64) {
        while power > 0 && !self.limbs.is_empty() {
            let step = power.min(9);
            self.mul_add(10u32.pow(step as u32), 0);
            power -= step;
        }
    }

    fn shl(&mut self, bits: u64) {
        if self.limbs.is_empty() {
            return;
        }
        let words = (bits / 32) as usize;
        let rest = (bits % 32) as u32;
        if rest > 0 {
            let mut carry = 0u32;
            for limb in self.limbs.iter_mut() {
                let next = *limb >> (32 - rest);
                *limb = (*limb << rest) | carry;
                carry = next;
            }
            if carry > 0 {
                self.limbs.push(carry);
            }
        }
        if words > 0 {
            let mut shifted = vec![0u32; words];
            shifted.append(&mut self.limbs);
            self.limbs = shifted;
        }
    }

    fn trim(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }

    fn cmp(&self, other: &Big) -> core::cmp::Ordering {
        self.limbs.len().cmp(&other.limbs.len()).then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn std_parse(text: &str) -> f64 {
        text.parse::<f64>().unwrap_or(f64::NAN)
    }

    #[test]
    fn agrees_with_the_standard_library_on_hard_cases() {
        for text in [
            "0",
            "-0",
            "0.0",
            "1",
            "-1",
            "1.5",
            "0.1",
            "0.30000000000000004",
            "123456789012345678901234567890",
            "1e22",
            "1e23",
            "9007199254740993",
            "9007199254740992",
            "9007199254740991",
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.7976931348623159e308",
            "1e309",
            "2e308",
            "4.9e-324",
            "5e-324",
            "2.4703282292062327e-324",
            "2.4703282292062328e-324",
            "2.47032822920623272e-324",
            "1e-400",
            "2.2250738585072011e-308",
            "2.2250738585072014e-308",
            "2.225073858507201e-308",
            "1.00000000000000011102230246251565404236316680908203125",
            "1.00000000000000011102230246251565404236316680908203124",
            "1.00000000000000011102230246251565404236316680908203126",
            "0.000000000000000000000000000000000000001",
            "7.038531e-26",
            "123.456e-7",
            "1E5",
            "1e+5",
            "1e-5",
            "100000000000000000000000",
            "0.0000000000000000000000000000000000000000000000000000000000000001e64",
        ] {
            let ours = parse_number(text);
            assert_eq!(ours.map(f64::to_bits), Some(std_parse(text).to_bits()), "{text}");
        }
    }

    #[test]
    fn a_halfway_point_past_the_kept_digits_still_rounds_up() {
        // 1 + 2^-53 exactly is halfway between 1 and the next f64: ties to even gives 1;
        // any digit after it, however far, rounds up.
        let half = "1.00000000000000011102230246251565404236316680908203125";
        assert_eq!(parse_number(half), Some(1.0));
        let past = format!("{half}{}1", "0".repeat(MAX_DIGITS));
        assert_eq!(parse_number(&past).map(f64::to_bits), Some(std_parse(&past).to_bits()));
        assert!(parse_number(&past) > Some(1.0));
    }

    #[test]
    fn rejects_what_is_not_a_number_and_bounds_huge_exponents() {
        for bad in ["", "-", ".", "1e", "1e+", "--1", "1.2.3", "0x10", "1 ", "e5"] {
            assert_eq!(parse_number(bad), None, "{bad:?}");
        }
        assert_eq!(parse_number("1e99999999999999999999"), Some(f64::INFINITY));
        assert_eq!(parse_number("1e-99999999999999999999"), Some(0.0));
        assert_eq!(parse_number("0e99999999999999999999"), Some(0.0));
    }
}
