//! An argument rejection's `data` written with each issue `data.issues` keeps whole
//! written from the issue sent, never cloned into `data`: the request's own text of it,
//! copied as it is, where that text is what the writer would write
//! ([`Value::parse_list_texts`]), else the sent value written.
//!
//! The rejection leaves those issues `null` and flags their positions
//! ([`crate::jsonrpc::rejection::format_validation_referring`]): an issue the caps keep
//! whole is exactly the issue sent, so the reply is the bytes [`Value::write_json`] writes
//! for the `data` [`crate::jsonrpc::format_validation`] returns.

use crate::value::{write_list_with, write_object_with, Value};
use crate::zod::issue::ISSUES;

/// The issues a request sent, the text of each that is written as read, and which of them
/// `data.issues` keeps whole, by position.
#[derive(Debug, Clone, Copy)]
pub struct Referred<'s> {
    pub issues: &'s [Value<'s>],
    pub texts: &'s [Option<&'s str>],
    pub referred: &'s [bool],
}

/// Appends `data` as [`Value::write_json`] writes it, each `issues` entry flagged in
/// `sent.referred` written from the issue sent at its place.
pub fn write_data(data: &Value<'_>, sent: Referred<'_>, out: &mut String) {
    let Value::Object(entries) = data else {
        data.write_json(out);
        return;
    };
    write_object_with(entries, out, |key, value, out| match value {
        Value::Array(kept) if key == ISSUES => write_list_with(kept, out, |i, issue, out| {
            let referred = sent.referred.get(i) == Some(&true);
            match (referred, sent.texts.get(i), sent.issues.get(i)) {
                (true, Some(Some(text)), _) => out.push_str(text),
                (true, _, Some(whole)) => whole.write_json(out),
                _ => issue.write_json(out),
            }
        }),
        other => other.write_json(out),
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `data` (whose `issues` are `kept`, a referred one `null`) written with `sent`'s
    /// issues, and the JSON of the same `data` with each referred issue in its place.
    fn written(kept: &[Option<&str>], sent: &str) -> (String, String) {
        let (list, texts) = Value::parse_list_texts(sent).unwrap();
        let issues = list.as_array().unwrap_or_default();
        let referred: Vec<bool> = kept.iter().map(Option::is_none).collect();
        let with = |whole: bool| {
            let entries = kept.iter().zip(issues).map(|(k, i)| match (k, whole) {
                (Some(text), _) => Value::parse_json(text).unwrap(),
                (None, true) => i.to_owned_value(),
                (None, false) => Value::Null,
            });
            Value::object([("issues", Value::Array(entries.collect())), ("reason", Value::str("r"))])
        };
        let mut spliced = String::new();
        write_data(&with(false), Referred { issues, texts: &texts, referred: &referred }, &mut spliced);
        (spliced, with(true).to_json())
    }

    #[test]
    fn a_referred_issue_is_its_own_text_and_the_bytes_are_the_writer_s() {
        let issue = r#"{"code":"invalid_type","path":["a",0],"message":"say \"hi\"\u0001","n":1.5}"#;
        assert_eq!(Value::parse_list_texts(&format!("[{issue}, {issue}]")).unwrap().1, vec![Some(issue); 2]);
        let (spliced, whole) = written(&[None, Some(r#"{"code":"cut"}"#)], &format!("[{issue},{issue}]"));
        assert_eq!(spliced, whole);
        assert!(spliced.contains(issue) && spliced.contains(r#"{"code":"cut"}"#));
    }

    #[test]
    fn texts_not_as_written_are_never_copied() {
        // Each sent text reads as an issue the writer writes otherwise.
        for sent in [
            r#"[{"code": "x"}]"#,
            r#"[{"code":"\u0078"}]"#,
            r#"[{"code":"x\/"}]"#,
            r#"[{"n":1.0,"code":"x"}]"#,
            r#"[{"n":1e0,"code":"x"}]"#,
            r#"[{"n":-0,"code":"x"}]"#,
            r#"[{"n":[ ],"code":"x"}]"#,
            r#"[{"code":"y","code":"x"}]"#,
        ] {
            let (_, texts) = Value::parse_list_texts(sent).unwrap();
            assert_eq!(texts, vec![None], "{sent}");
            let (spliced, whole) = written(&[None], sent);
            assert_eq!(spliced, whole, "{sent}");
            assert!(!spliced.contains(sent.trim_matches(['[', ']'])), "{sent}");
        }
    }

    // Through the operation: any issues, sent in any JSON spelling, give the reply the
    // writer alone gives for what they read as.
    #[cfg(not(target_arch = "wasm32"))]
    mod props {
        use super::super::super::jsonrpc::{format_validation, parts_reply, FormatValidation};
        use super::super::super::{Host, JsonList};
        use crate::jsonrpc::{format_validation as parts_of, IssueList, ValidationOptions};
        use crate::sizes::TrueSizes;
        use crate::value::Value;
        use proptest::prelude::*;

        struct NoRandom;
        impl Host for NoRandom {
            fn fill_random(&mut self, _: &mut [u8]) -> bool {
                false
            }
        }

        fn leaf() -> impl Strategy<Value = Value<'static>> {
            prop_oneof![
                Just(Value::Null),
                any::<bool>().prop_map(Value::Bool),
                prop_oneof![
                    prop::sample::select(vec![
                        0.0,
                        1.0,
                        -1.0,
                        1.5,
                        -0.0,
                        1e21,
                        1e-7,
                        0.1,
                        123_456_789_012_345_680_000.0
                    ]),
                    any::<f64>(),
                ]
                .prop_map(Value::Number),
                r#"[a-z"\\/\x00-\x1f\x7fé😀]{0,8}"#.prop_map(Value::str),
            ]
        }

        fn value() -> impl Strategy<Value = Value<'static>> {
            leaf().prop_recursive(3, 24, 4, |inner| {
                prop_oneof![
                    prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
                    prop::collection::vec(("[a-z]{1,3}", inner), 0..4).prop_map(Value::object),
                ]
            })
        }

        /// A plain issue, or a union whose branches hold plain issues (nested issue lists
        /// are bounded with the issue, never referred to).
        fn issue() -> impl Strategy<Value = Value<'static>> {
            prop_oneof![
                4 => plain_issue(),
                1 => prop::collection::vec(prop::collection::vec(plain_issue(), 0..3).prop_map(Value::Array), 1..3)
                    .prop_map(|errors| Value::object([
                        ("code", Value::str("invalid_union")),
                        ("errors", Value::Array(errors)),
                        ("path", Value::Array(Vec::new())),
                        ("message", Value::str("Invalid input")),
                    ])),
            ]
        }

        fn plain_issue() -> impl Strategy<Value = Value<'static>> {
            (
                prop::sample::select(vec!["invalid_type", "invalid_value", "too_big", "custom", "unrecognized_keys"]),
                prop::collection::vec(
                    prop_oneof!["[a-z]{1,3}".prop_map(Value::str), (0u8..4).prop_map(|i| Value::Number(f64::from(i)))],
                    0..3,
                ),
                "[a-z \"]{0,12}",
                prop::collection::vec(("[a-z]{1,3}", value()), 0..3),
            )
                .prop_map(|(code, path, message, extra)| {
                    let mut entries = vec![
                        ("code".to_owned(), Value::str(code)),
                        ("path".to_owned(), Value::Array(path)),
                        ("message".to_owned(), Value::str(message)),
                    ];
                    entries.extend(extra);
                    Value::object(entries)
                })
        }

        /// `value` as JSON in one of several spellings: 0 the writer's own, 1 with spaces,
        /// 2 every ASCII punctuation in strings as `\u00XX`, 3 numbers in exponent form.
        fn spelled(value: &Value<'_>, style: u8, out: &mut String) {
            match value {
                Value::Number(n) if style == 3 && n.is_finite() => out.push_str(&format!("{n:e}")),
                Value::String(s) if style == 2 => {
                    out.push('"');
                    for c in s.chars() {
                        if c.is_ascii_punctuation() || c.is_ascii_control() {
                            out.push_str(&format!("\\u{:04X}", u32::from(c)));
                        } else {
                            out.push(c);
                        }
                    }
                    out.push('"');
                }
                Value::Array(items) => {
                    out.push('[');
                    for (i, item) in items.iter().enumerate() {
                        if i > 0 {
                            out.push_str(if style == 1 { ", " } else { "," });
                        }
                        spelled(item, style, out);
                    }
                    out.push(']');
                }
                Value::Object(entries) => {
                    out.push('{');
                    for (i, (key, item)) in entries.iter().enumerate() {
                        if i > 0 {
                            out.push(',');
                        }
                        spelled(&Value::str(key.to_string()), style, out);
                        out.push_str(if style == 1 { " : " } else { ":" });
                        spelled(item, style, out);
                    }
                    out.push('}');
                }
                other => other.write_json(out),
            }
        }

        proptest! {
            #[test]
            fn the_reply_is_the_writer_s_whatever_the_issues_spelling(
                issues in prop::collection::vec((issue(), 0u8..4), 0..14),
            ) {
                let mut text = String::from("[");
                for (i, (issue, style)) in issues.iter().enumerate() {
                    if i > 0 {
                        text.push(',');
                    }
                    spelled(issue, *style, &mut text);
                }
                text.push(']');
                #[allow(clippy::cast_precision_loss)]
                let total = issues.len() as f64;
                let (sent, texts) = Value::parse_list_texts(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
                let request = FormatValidation {
                    issues: JsonList { value: sent, texts },
                    issues_total: total,
                    issue_sizes: &[],
                    tool: "t",
                    args: None,
                    schema: None,
                    input: None,
                    lifetime: core::marker::PhantomData,
                };
                let reply = format_validation(request, &mut NoRandom).map_err(|e| TestCaseError::fail(e.0))?;
                let read = Value::parse_json(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
                let list = read.as_array().unwrap_or_default();
                let sizes = TrueSizes::locate(&read, &[]);
                let options = ValidationOptions { tool: "t", args: None, schema: None, input: None };
                let expected = parts_reply(&parts_of(IssueList::of(list, list.len(), &sizes), &options));
                prop_assert_eq!(reply, expected, "{}", text);
            }
        }
    }
}
