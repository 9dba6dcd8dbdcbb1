//! A Standard Schema issue that is only `{ message, path }` (Effect Schema's, and any
//! validator's the JS layer does not know): a `custom` issue with its message, unless
//! the message holds what was sent at its path (`sent`, which the JS layer read for
//! this check only), when it reads `Invalid input`. The value never leaves the core.

use crate::value::Value;

use super::zod4;

/// The Zod 4 issue for one Standard Schema issue.
pub(super) fn issue(raw: &Value<'_>, path: &[Value<'static>]) -> Value<'static> {
    let message = raw.get("message").and_then(Value::as_str).unwrap_or_default();
    let sent = raw.get("sent").and_then(Value::as_str).filter(|s| !s.is_empty());
    // A validator may print a long value cut short: its first characters are enough.
    let echoes = sent.is_some_and(|s| message.contains(head(s)));
    let message = if message.is_empty() || echoes { "Invalid input" } else { message };
    zod4::custom(path, message.to_owned())
}

/// The first [`HEAD_CHARS`] characters of `s` (all of a shorter one).
fn head(s: &str) -> &str {
    let end = s.char_indices().nth(HEAD_CHARS).map_or(s.len(), |(at, _)| at);
    s.get(..end).unwrap_or(s)
}

/// How much of a sent value a message may not hold.
const HEAD_CHARS: usize = 12;
