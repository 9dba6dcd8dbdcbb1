//! The recovery hint of an argument rejection, assembled from each line's sentences.
//!
//! - Missing fields collapse into one `Provide a, b and c.`, placed where the first
//!   missing field's line was.
//! - Framework sentences (`Send x as a number, not a string.`, `Unknown key …`) stand
//!   as written.
//! - Anything else restates its line, field path included. When every sentence is a
//!   restatement, the hint is the message's issue text verbatim (lines joined `, `,
//!   then ` (+N more)`), so the envelope drops its `Recovery:` line. Beside a
//!   framework sentence each restatement is trimmed and terminated with `.`.
//! - A repeated sentence appears once (the `Provide` list keeps repeated names, as
//!   mcp-ts-core's does). ` (+N more)` follows the issue sentences; pre-validation's
//!   `Validated …` / `Dropped …` sentences close the hint.

use super::text::Capped;

/// One rendered line and the hint sentences it contributes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub text: String,
    pub sentences: Vec<Sentence>,
}

/// What one line contributes to the hint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Sentence {
    /// The field at this (rendered) path was left out.
    Provide(String),
    /// A sentence of the framework's own, complete with its full stop.
    Framework(String),
    /// The line itself, restated, as it stands beside a framework sentence: trimmed
    /// and ended `.` unless it ends `.`, `?` or `!` (a line the cap cut stays cut).
    Restate(String),
}

pub fn build_hint(lines: &[Line], more: usize, closing: &[String]) -> String {
    let more_text = (more > 0).then(|| format!("(+{more} more)"));
    let restates_only =
        closing.is_empty() && lines.iter().all(|l| l.sentences.iter().all(|s| matches!(s, Sentence::Restate(_))));
    if restates_only {
        // The restated lines as the message writes them (a line with no sentence,
        // an unknown-key line whose keys were all named as collisions, adds none).
        let restated = lines.iter().filter(|l| !l.sentences.is_empty()).map(|l| l.text.as_str());
        let mut out = restated.collect::<Vec<_>>().join(", ");
        if let Some(m) = more_text {
            out.push(' ');
            out.push_str(&m);
        }
        return out;
    }

    let mut parts: Vec<String> = Vec::new();
    let mut provide_at: Option<usize> = None;
    let mut missing: Vec<&str> = Vec::new();
    for line in lines {
        for sentence in &line.sentences {
            match sentence {
                Sentence::Provide(path) => {
                    // Every missing field is named, a repeated one again.
                    missing.push(path);
                    if provide_at.is_none() {
                        provide_at = Some(parts.len());
                        parts.push(String::new());
                    }
                }
                Sentence::Framework(text) | Sentence::Restate(text) => parts.push(text.clone()),
            }
        }
    }
    if let Some(slot) = provide_at.and_then(|i| parts.get_mut(i)) {
        let mut s = Capped::line();
        s.push_str("Provide ");
        s.push_str(&join_and(&missing));
        s.push_char('.');
        *slot = s.finish();
    }
    let mut seen: Vec<String> = Vec::new();
    let mut out = String::new();
    let mut push = |out: &mut String, sentence: String| {
        if seen.contains(&sentence) {
            return;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&sentence);
        seen.push(sentence);
    };
    for part in parts {
        push(&mut out, part);
    }
    if let Some(m) = more_text {
        push(&mut out, m);
    }
    for sentence in closing {
        push(&mut out, sentence.clone());
    }
    out
}

/// `a`, `a and b`, `a, b and c`.
pub fn join_and(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(text: &str, sentences: Vec<Sentence>) -> Line {
        Line { text: text.into(), sentences }
    }

    #[test]
    fn provide_collapses_at_the_first_missing_field() {
        let lines = vec![
            line("a: x", vec![Sentence::Framework("Send a as a number, not a string.".into())]),
            line("b: y", vec![Sentence::Provide("b".into())]),
            line("c: z", vec![Sentence::Restate("c: z.".into())]),
            line("d: w", vec![Sentence::Provide("d".into())]),
        ];
        assert_eq!(
            build_hint(&lines, 2, &["Validated q as query.".into()]),
            "Send a as a number, not a string. Provide b and d. c: z. (+2 more) Validated q as query."
        );
    }

    #[test]
    fn restatements_alone_are_the_issue_text() {
        let lines = vec![
            line("a: x", vec![Sentence::Restate("a: x.".into())]),
            line("b: y", vec![Sentence::Restate("b: y.".into())]),
        ];
        assert_eq!(build_hint(&lines, 0, &[]), "a: x, b: y");
        assert_eq!(build_hint(&lines, 3, &[]), "a: x, b: y (+3 more)");
        assert_eq!(
            build_hint(&lines, 0, &["Dropped undeclared key _x.".into()]),
            "a: x. b: y. Dropped undeclared key _x."
        );
    }

    #[test]
    fn joins_names_with_and() {
        assert_eq!(join_and(&["a", "b", "c"]), "a, b and c");
        assert_eq!(join_and(&["a", "b"]), "a and b");
    }
}
