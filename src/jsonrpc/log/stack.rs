//! A stack as a log record keeps it: the throw site's frames, its header line naming
//! what was thrown.
//!
//! A ZodError's own header is its message, which Zod writes as the JSON of every issue
//! over many lines; seed 002 keeps the frames and puts the one-line summary in the
//! header instead (`ZodError: a: Bad a (+2 more)`).

use std::borrow::Cow;

/// The most UTF-16 units of a stack a record keeps.
pub const STACK_UNITS: usize = 16 * 1024;

/// How much of a stack the JS layer sends: more than a record keeps, so a secret that
/// the cut at [`STACK_UNITS`] would split is masked whole before it is cut.
pub const STACK_CROSSING_UNITS: usize = 2 * STACK_UNITS;

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

/// A ZodError's `stack` with its header replaced by `ZodError: <summary>`.
pub fn zod_stack<'a>(stack: &str, summary: &str) -> Cow<'a, str> {
    let frames = frames_at(stack).and_then(|at| stack.get(at..)).unwrap_or_default();
    let mut text = format!("ZodError: {summary}");
    if !frames.is_empty() {
        text.push('\n');
        text.push_str(frames);
    }
    Cow::Owned(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zod_error_s_header_is_its_summary_and_its_frames_stay() {
        let stack = "ZodError: [\n  {\n    \"code\": \"invalid_type\",\n    \"path\": [\"a\"]\n  }\n]\n    at parse (zod.js:1:1)\n    at main (app.js:2:2)";
        let kept = zod_stack(stack, "a: Bad a (+1 more)");
        assert_eq!(kept, "ZodError: a: Bad a (+1 more)\n    at parse (zod.js:1:1)\n    at main (app.js:2:2)");
        // No frames (a stack made by hand): the header alone.
        assert_eq!(zod_stack("ZodError: [ ]", "Invalid input"), "ZodError: Invalid input");
    }
}
