//! A stack as a log record keeps it: the throw site's frames, its header line naming
//! what was thrown, at most [`STACK_UNITS`] UTF-16 units.
//!
//! A ZodError's own header is its message, which Zod writes as the JSON of every issue
//! over many lines; seed 002 keeps the frames and puts the one-line summary in the
//! header instead (`ZodError: a: Bad a (+2 more)`).

use std::borrow::Cow;

use crate::utf16::{js_len, prefix};

/// The most UTF-16 units of a stack a record keeps.
pub const STACK_UNITS: usize = 16 * 1024;

/// Where a V8 / SpiderMonkey-style frame list starts: the first line that is a frame.
fn frames_at(stack: &str) -> Option<usize> {
    let mut at = 0;
    for line in stack.split_inclusive('\n') {
        let trimmed = line.trim_start_matches([' ', '\t']);
        if at > 0 && trimmed.starts_with("at ") {
            return Some(at);
        }
        at += line.len();
    }
    None
}

/// `stack` with a ZodError's header replaced by `ZodError: <summary>` (when `summary`
/// is given), cut to [`STACK_UNITS`]; and its length in UTF-16 units when it was cut.
pub fn kept_stack<'a>(stack: &'a str, zod_summary: Option<&str>) -> (Cow<'a, str>, Option<usize>) {
    let stack: Cow<'a, str> = match zod_summary {
        Some(summary) => {
            let frames = frames_at(stack).and_then(|at| stack.get(at..)).unwrap_or_default();
            let mut text = format!("ZodError: {summary}");
            if !frames.is_empty() {
                text.push('\n');
                text.push_str(frames);
            }
            Cow::Owned(text)
        }
        None => Cow::Borrowed(stack),
    };
    let (kept, _, cut) = prefix(&stack, STACK_UNITS);
    if !cut {
        return (stack, None);
    }
    let length = js_len(&stack);
    (Cow::Owned(kept.to_owned()), Some(length))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zod_error_s_header_is_its_summary_and_its_frames_stay() {
        let stack = "ZodError: [\n  {\n    \"code\": \"invalid_type\",\n    \"path\": [\"a\"]\n  }\n]\n    at parse (zod.js:1:1)\n    at main (app.js:2:2)";
        let (kept, cut) = kept_stack(stack, Some("a: Bad a (+1 more)"));
        assert_eq!(kept, "ZodError: a: Bad a (+1 more)\n    at parse (zod.js:1:1)\n    at main (app.js:2:2)");
        assert_eq!(cut, None);
        // No frames (a stack made by hand): the header alone.
        assert_eq!(kept_stack("ZodError: [ ]", Some("Invalid input")).0, "ZodError: Invalid input");
    }

    #[test]
    fn a_stack_is_kept_as_thrown_up_to_the_cap() {
        let stack = "TypeError: x\n    at f (a.js:1:1)";
        assert_eq!(kept_stack(stack, None), (Cow::Borrowed(stack), None));
        let long = format!("Error: {}\n    at f", "😀".repeat(STACK_UNITS));
        let (kept, cut) = kept_stack(&long, None);
        // 7 units of header, then pairs: the last pair that fits ends one unit short.
        assert_eq!(js_len(&kept), STACK_UNITS - 1);
        assert_eq!(cut, Some(js_len(&long)));
        assert!(long.starts_with(kept.as_ref()));
    }
}
