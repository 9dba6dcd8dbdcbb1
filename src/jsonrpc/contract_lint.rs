//! `checkContract`: the structural rules of mcp-ts-core's definition linter for a tool's
//! error contract (`errors[]`), with the reference's rule ids and message wording
//! (`src/linter/rules/error-contract-rules.ts`, `lintErrorContract`), plus one rule of
//! ours: a contract cannot declare a framework-owned reason (seed 002).
//!
//! Only the structural rules: the reference's rules that scan a handler's source text
//! (`error-contract-conformance`, `error-contract-prefer-fail`, `error-contract-unthrown`)
//! are not here — this package never reads a handler's source.
//!
//! An entry arrives as the JS layer read it: `null` when it is no object, else its six
//! fields each read once ([`Field`]). At most [`MAX_LINT_ENTRIES`] entries are checked
//! and [`MAX_FINDINGS`] findings listed; past either cap one last finding
//! ([`RULE_TRUNCATED`]) says how many entries there were and how many findings went unlisted.

use super::capability::REASON_CLIENT_CAPABILITY_MISSING;
use super::rejection::REASON_INVALID_ARGUMENTS;
use crate::codes::JsonRpcErrorCode;
use crate::js::{js_is_whitespace, js_trim};
use crate::value::{js_number_string, write_json_string, Value};

/// Entries of a contract that are checked; the rest are counted.
pub const MAX_LINT_ENTRIES: usize = 1024;
/// Findings listed; the rest are counted.
pub const MAX_FINDINGS: usize = 100;
/// UTF-16 units of each string field that cross (a longer one is judged on this prefix).
pub const LINT_TEXT_UNITS: usize = 8192;
/// The fewest words a `recovery` may have (the reference's `RECOVERY_MIN_WORDS`).
pub const RECOVERY_MIN_WORDS: usize = 5;
/// The levels an entry's `severity` may name: the logger's below `error`.
pub const SEVERITIES: [&str; 4] = ["debug", "info", "notice", "warning"];
/// The reasons the framework raises itself, which no contract may declare.
pub const FRAMEWORK_REASONS: [&str; 2] = [REASON_INVALID_ARGUMENTS, REASON_CLIENT_CAPABILITY_MISSING];
/// Our rule: an entry declares a framework-owned reason.
pub const RULE_RESERVED: &str = "error-contract-reason-reserved";
/// Our rule: the contract had more entries, or more findings, than the caps.
pub const RULE_TRUNCATED: &str = "error-contract-truncated";
/// How a nameless definition is named in a message (the reference's `displayName`).
pub const UNNAMED: &str = "<unnamed>";

/// How bad a finding is: `error` breaks the contract at run time, `warning` degrades it.
///
/// ```
/// use mcp_envelope::{check_contract, ContractEntry, JsonRpcErrorCode, Severity};
///
/// // A recovery under five words is only a warning.
/// let contract = [ContractEntry::new("no_such_city", JsonRpcErrorCode::NotFound, "The city is unknown.", "Retry.")];
/// let findings = check_contract(&contract, Some("get_weather"));
/// assert_eq!(findings[0].severity, Severity::Warning);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// The contract is broken: fix it before serving (a missing reason, an unknown code, a reason declared twice).
    Error,
    /// The contract works but helps the model less (a reason not in snake_case, a recovery under five words).
    Warning,
}

impl Severity {
    /// `error` or `warning`, as the reference's linter writes it.
    ///
    /// ```
    /// use mcp_envelope::Severity;
    ///
    /// assert_eq!(Severity::Warning.as_str(), "warning");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// One finding of [`check_contract`].
// The Rust example stays out of the TypeScript the wasm build generates from these docs.
#[cfg_attr(
    not(all(target_arch = "wasm32", feature = "typescript")),
    doc = "",
    doc = r#"
```
use mcp_envelope::{check_contract, ContractEntry, JsonRpcErrorCode, Severity};

let contract = [ContractEntry::new("NoCity", JsonRpcErrorCode::NotFound, "The city is unknown.", "Call list_cities and pick one of its names.")];
let findings = check_contract(&contract, Some("get_weather"));
assert_eq!(findings.len(), 1);
assert_eq!(findings[0].rule, "error-contract-reason-format");
assert_eq!(findings[0].severity, Severity::Warning);
assert_eq!(findings[0].reason.as_deref(), Some("NoCity"));
```"#
)]
#[derive(Debug, Clone, PartialEq)]
// Its TypeScript (`ContractFinding`) is generated from this declaration by the wasm build.
#[cfg_attr(
    all(target_arch = "wasm32", feature = "typescript"),
    derive(tsify::Tsify),
    tsify(rename = "ContractFinding")
)]
pub struct Finding {
    /// The reference linter's rule id (`error-contract-…`).
    pub rule: &'static str,
    /// Whether it breaks the contract (`error`) or degrades it (`warning`).
    #[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), tsify(type = "'error' | 'warning'"))]
    pub severity: Severity,
    /// The entry's reason, when it is a non-empty string.
    #[cfg_attr(all(target_arch = "wasm32", feature = "typescript"), tsify(optional))]
    pub reason: Option<String>,
    /// What is wrong and how to fix it, in the reference linter's words.
    pub message: String,
}

impl Finding {
    /// `{ rule, severity, reason?, message }`, as the npm package's `checkContract` returns it.
    ///
    /// ```
    /// use mcp_envelope::{check_contract, ContractEntry, JsonRpcErrorCode};
    ///
    /// let contract = [ContractEntry::new("no_such_city", JsonRpcErrorCode::NotFound, "The city is unknown.", "Retry.")];
    /// let finding = &check_contract(&contract, Some("get_weather"))[0];
    /// let json = finding.to_value().to_json();
    /// assert!(json.starts_with(r#"{"rule":"error-contract-recovery-min-words","severity":"warning","reason":"no_such_city","message":"#));
    /// ```
    pub fn to_value(&self) -> Value<'static> {
        let mut fields =
            vec![("rule".into(), Value::str(self.rule)), ("severity".into(), Value::str(self.severity.as_str()))];
        if let Some(reason) = &self.reason {
            fields.push(("reason".into(), Value::str(reason.as_str())));
        }
        fields.push(("message".into(), Value::str(self.message.as_str())));
        Value::Object(fields)
    }
}

/// One field of an entry, as the JS layer read it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Field<'a> {
    /// `undefined`.
    Absent,
    Text(&'a str),
    /// Any number, NaN and ±Infinity included.
    Number(f64),
    Bool(bool),
    Null,
    /// Anything else (an object, a list, a function, a symbol, a BigInt, a read that
    /// threw), with `JSON.stringify`'s text of it as far as a message needs it.
    Other(&'a str),
}

impl<'a> Field<'a> {
    /// Field `key` of an entry as it crosses: a string, a finite number, a boolean or
    /// `null` as itself; `{"nonFinite":"NaN"|"Infinity"|"-Infinity"}` for those numbers;
    /// `{"other":"<JSON text>"}` for anything else.
    pub fn of(entry: &'a Value<'a>, key: &str) -> Field<'a> {
        match entry.get(key) {
            None => Field::Absent,
            Some(Value::String(s)) => Field::Text(s),
            Some(Value::Number(n)) => Field::Number(*n),
            Some(Value::Bool(b)) => Field::Bool(*b),
            Some(Value::Null) => Field::Null,
            Some(tagged) => match (tagged.get("nonFinite").and_then(Value::as_str), tagged.get("other")) {
                (Some("Infinity"), _) => Field::Number(f64::INFINITY),
                (Some("-Infinity"), _) => Field::Number(f64::NEG_INFINITY),
                (Some(_), _) => Field::Number(f64::NAN),
                (None, other) => Field::Other(other.and_then(Value::as_str).unwrap_or("")),
            },
        }
    }

    /// `JSON.stringify(value)` as a message prints it.
    fn json(self) -> String {
        match self {
            Field::Absent => "undefined".to_owned(),
            Field::Text(s) => {
                let mut out = String::with_capacity(s.len() + 2);
                write_json_string(s, &mut out);
                out
            }
            Field::Number(n) if n.is_finite() => js_number_string(n),
            Field::Number(_) | Field::Null => "null".to_owned(),
            Field::Bool(b) => b.to_string(),
            Field::Other(text) => text.to_owned(),
        }
    }
}

/// The contract as the JS layer read it.
#[derive(Debug, Clone, Copy)]
pub enum Contract<'a> {
    /// `errors` is present but no array.
    NotAList,
    /// The first entries (each `null` for one that is no object) and how many the list holds.
    Entries { entries: &'a [Value<'a>], total: usize },
}

/// The findings, listed up to [`MAX_FINDINGS`], the rest counted.
struct Findings {
    subject: String,
    list: Vec<Finding>,
    count: usize,
}

impl Findings {
    /// Adds a finding; its message (the subject, a space, then `parts`) is only
    /// written when it is listed. One function for every rule: no closure or format
    /// string per message (each would cost its own code in the wasm).
    #[inline(never)]
    fn add(&mut self, rule: &'static str, severity: Severity, reason: Option<&str>, parts: &[&str]) {
        self.count += 1;
        if self.list.len() < MAX_FINDINGS {
            let mut message =
                String::with_capacity(self.subject.len() + 1 + parts.iter().map(|p| p.len()).sum::<usize>());
            message.push_str(&self.subject);
            message.push(' ');
            parts.iter().for_each(|part| message.push_str(part));
            self.list.push(Finding { rule, severity, reason: reason.map(str::to_owned), message });
        }
    }
}

const EMPTY: &str = "declares an empty 'errors: []' contract. An empty contract is a no-op — drop the field \
                     entirely, or declare the actual failure modes. Empty contracts give clients no useful \
                     failure-surface preview.";
const UNKNOWN_ERROR: &str = ".code is JsonRpcErrorCode.UnknownError. This is the framework's giveup-fallback code — \
                             it conveys no useful information to clients. Pick a more specific code (e.g. \
                             InternalError, ServiceUnavailable) or remove the entry.";
const SNAKE_CASE: &str = "' should be snake_case (start with a lowercase letter, then lowercase \
                          letters/digits/underscores). Treat reasons like API constants.";
const RESERVED: &str = "' is framework-owned: the framework raises it itself, so a contract cannot declare it. \
                        Drop the entry, or name the domain outcome with a reason of its own.";
const MIN_WORDS: &str = " word(s); minimum is 5. Specific guidance (\"Try X with Y\") beats placeholders \
                         (\"Try again.\", \"Check input.\").";
const _: () = assert!(RECOVERY_MIN_WORDS == 5);

/// `checkContract(contract, { tool })`: the structural findings of an error contract,
/// in the reference's order (entry by entry: code, reason, when, recovery, retryable,
/// severity). `tool` names the definition in each message (`tool '<name>' …`).
pub fn check_contract(contract: Contract<'_>, tool: Option<&str>) -> Vec<Finding> {
    let name = tool.filter(|t| !t.is_empty()).unwrap_or(UNNAMED);
    let mut findings = Findings { subject: ["tool '", name, "'"].concat(), list: Vec::new(), count: 0 };
    let (entries, total) = match contract {
        Contract::NotAList => {
            findings.add("error-contract-type", Severity::Error, None, &["has 'errors' but it is not an array."]);
            return findings.list;
        }
        Contract::Entries { entries, total } => (entries, total.max(entries.len())),
    };
    if total == 0 {
        findings.add("error-contract-empty", Severity::Warning, None, &[EMPTY]);
        return findings.list;
    }
    let checked = entries.len().min(MAX_LINT_ENTRIES);
    let mut seen: Vec<&str> = Vec::with_capacity(checked);
    for (i, entry) in entries.iter().take(checked).enumerate() {
        check_entry(entry, i, &mut seen, &mut findings);
    }
    let unlisted = findings.count - findings.list.len();
    if unlisted > 0 || total > checked {
        let subject = findings.subject.as_str();
        let mut message = String::new();
        if total > checked {
            let (total, checked) = (total.to_string(), checked.to_string());
            message =
                [subject, " errors[] has ", &total, " entries; only the first ", &checked, " were checked."].concat();
        }
        if unlisted > 0 {
            let (count, unlisted) = (findings.count.to_string(), unlisted.to_string());
            let sentence = [subject, " has ", &count, " findings; ", &unlisted, " more are not listed."].concat();
            message = if message.is_empty() { sentence } else { [message.as_str(), " ", &sentence].concat() };
        }
        findings.list.push(Finding { rule: RULE_TRUNCATED, severity: Severity::Warning, reason: None, message });
    }
    findings.list
}

fn check_entry<'a>(entry: &'a Value<'a>, i: usize, seen: &mut Vec<&'a str>, findings: &mut Findings) {
    let path = ["errors[", &i.to_string(), "]"].concat();
    let path = path.as_str();
    if !matches!(entry, Value::Object(_)) {
        let rule = "error-contract-entry-type";
        findings.add(rule, Severity::Error, None, &[path, " must be an object with { code, reason, when, recovery }."]);
        return;
    }
    let reason = match Field::of(entry, "reason") {
        Field::Text(r) if !r.is_empty() => Some(r),
        _ => None,
    };

    match Field::of(entry, "code") {
        Field::Number(code) => {
            if !JsonRpcErrorCode::ALL.iter().any(|c| f64::from(c.value()) == code) {
                let shown = js_number_string(code);
                let tail = ", which is not a valid JsonRpcErrorCode. Use the enum import.";
                findings.add(
                    "error-contract-code-unknown",
                    Severity::Error,
                    reason,
                    &[path, ".code is ", &shown, tail],
                );
            } else if code == f64::from(JsonRpcErrorCode::UnknownError.value()) {
                findings.add("error-contract-code-unknown-error", Severity::Warning, reason, &[path, UNKNOWN_ERROR]);
            }
        }
        _ => {
            let tail = ".code must be a JsonRpcErrorCode value (number).";
            findings.add("error-contract-code-type", Severity::Error, reason, &[path, tail]);
        }
    }

    match reason {
        None => {
            let tail = ".reason must be a non-empty string.";
            findings.add("error-contract-reason-required", Severity::Error, None, &[path, tail]);
        }
        Some(r) => {
            if !is_snake_case(r) {
                findings.add(
                    "error-contract-reason-format",
                    Severity::Warning,
                    reason,
                    &[path, ".reason '", r, SNAKE_CASE],
                );
            }
            // At most MAX_LINT_ENTRIES reasons: a scan costs less code than a hash set.
            if seen.contains(&r) {
                let tail = "' in errors[]. Reasons must be unique within a contract.";
                findings.add(
                    "error-contract-reason-unique",
                    Severity::Error,
                    reason,
                    &["has duplicate reason '", r, tail],
                );
            }
            seen.push(r);
            if FRAMEWORK_REASONS.contains(&r) {
                findings.add(RULE_RESERVED, Severity::Error, reason, &[path, ".reason '", r, RESERVED]);
            }
        }
    }

    if !matches!(Field::of(entry, "when"), Field::Text(w) if !w.is_empty()) {
        let tail = ".when must be a non-empty human-readable description.";
        findings.add("error-contract-when-required", Severity::Error, reason, &[path, tail]);
    }

    match Field::of(entry, "recovery") {
        Field::Text(recovery) => {
            let trimmed = js_trim(recovery);
            if trimmed.is_empty() {
                let tail = ".recovery is empty. Provide actionable guidance for the agent.";
                findings.add("error-contract-recovery-empty", Severity::Error, reason, &[path, tail]);
            } else {
                let words = word_count(trimmed);
                if words < RECOVERY_MIN_WORDS {
                    let words = words.to_string();
                    let parts = [path, ".recovery has ", &words, MIN_WORDS];
                    findings.add("error-contract-recovery-min-words", Severity::Warning, reason, &parts);
                }
            }
        }
        _ => {
            let tail =
                ".recovery must be a non-empty string describing what the agent should do when this failure occurs.";
            findings.add("error-contract-recovery-required", Severity::Error, reason, &[path, tail]);
        }
    }

    if !matches!(Field::of(entry, "retryable"), Field::Absent | Field::Bool(_)) {
        let tail = ".retryable should be a boolean when present.";
        findings.add("error-contract-retryable-type", Severity::Warning, reason, &[path, tail]);
    }

    let severity = Field::of(entry, "severity");
    let known = matches!(severity, Field::Text(level) if SEVERITIES.contains(&level));
    if severity != Field::Absent && !known {
        let shown = severity.json();
        let tail = ". Use one of: debug, info, notice, warning. Omit the field for the default `error` level.";
        findings.add(
            "error-contract-severity-unknown",
            Severity::Error,
            reason,
            &[path, ".severity is ", &shown, tail],
        );
    }
}

/// The reference's `REASON_RE`: `^[a-z][a-z0-9_]*$`.
fn is_snake_case(reason: &str) -> bool {
    let mut bytes = reason.bytes();
    matches!(bytes.next(), Some(b'a'..=b'z')) && bytes.all(|b| matches!(b, b'a'..=b'z' | b'0'..=b'9' | b'_'))
}

/// `text.trim().split(/\s+/).filter(Boolean).length`: the runs of non-whitespace.
fn word_count(text: &str) -> usize {
    let (mut words, mut inside) = (0, false);
    for c in text.chars() {
        let space = js_is_whitespace(c);
        if !space && !inside {
            words += 1;
        }
        inside = !space;
    }
    words
}

/// The findings as a JSON list.
pub fn findings_json(findings: &[Finding]) -> String {
    Value::Array(findings.iter().map(Finding::to_value).collect()).to_json()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(list: &str, tool: Option<&str>) -> Vec<Finding> {
        let value = Value::parse_json(list).unwrap();
        let entries = value.as_array().unwrap();
        check_contract(Contract::Entries { entries, total: entries.len() }, tool)
    }

    fn rules(list: &str) -> Vec<&'static str> {
        check(list, Some("t")).iter().map(|f| f.rule).collect()
    }

    const GOOD: &str = r#"{"reason":"no_match","code":-32001,"when":"Nothing matched.","recovery":"Call search_items to find a valid id first."}"#;

    /// GOOD with the fields of `{field}` set (replaced in place, or added).
    fn with(field: &str) -> String {
        let mut good = Value::parse_json(GOOD).unwrap();
        let extra = Value::parse_json(&format!("{{{field}}}")).unwrap();
        if let (Value::Object(fields), Value::Object(more)) = (&mut good, extra) {
            for (key, value) in more {
                match fields.iter_mut().find(|(k, _)| *k == key) {
                    Some(slot) => slot.1 = value,
                    None => fields.push((key, value)),
                }
            }
        }
        format!("[{}]", good.to_json())
    }

    #[test]
    fn a_good_contract_has_no_findings() {
        assert_eq!(check(&format!("[{GOOD}]"), None), vec![]);
        let full = r#"[{"reason":"queue_full","code":-32003,"when":"Queue full.","recovery":"Wait 30 seconds, then retry the call.","retryable":true,"severity":"notice","thrownBy":"service"}]"#;
        assert_eq!(check(full, None), vec![]);
    }

    #[test]
    fn the_whole_contract_rules() {
        let not_a_list = check_contract(Contract::NotAList, Some("get_invoice"));
        assert_eq!(not_a_list.len(), 1);
        assert_eq!(not_a_list[0].rule, "error-contract-type");
        assert_eq!(not_a_list[0].severity, Severity::Error);
        assert_eq!(not_a_list[0].message, "tool 'get_invoice' has 'errors' but it is not an array.");
        let empty = check("[]", None);
        assert_eq!(empty[0].rule, "error-contract-empty");
        assert_eq!(empty[0].severity, Severity::Warning);
        assert_eq!(
            empty[0].message,
            "tool '<unnamed>' declares an empty 'errors: []' contract. An empty contract is a no-op — drop the \
             field entirely, or declare the actual failure modes. Empty contracts give clients no useful \
             failure-surface preview."
        );
    }

    #[test]
    fn an_entry_that_is_no_object() {
        let found = check("[null]", Some("t"));
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].rule, "error-contract-entry-type");
        assert_eq!(found[0].message, "tool 't' errors[0] must be an object with { code, reason, when, recovery }.");
    }

    #[test]
    fn code_rules() {
        for (code, rule) in [
            (r#""-32001""#, "error-contract-code-type"),
            ("null", "error-contract-code-type"),
            (r#"{"other":"{}"}"#, "error-contract-code-type"),
            ("12345", "error-contract-code-unknown"),
            (r#"{"nonFinite":"NaN"}"#, "error-contract-code-unknown"),
            ("-32099", "error-contract-code-unknown-error"),
        ] {
            assert_eq!(rules(&with(&format!(r#""code":{code}"#))), vec![rule], "{code}");
        }
        let found = check(&with(r#""code":1.5"#), Some("t"));
        assert_eq!(
            found[0].message,
            "tool 't' errors[0].code is 1.5, which is not a valid JsonRpcErrorCode. Use the enum import."
        );
        assert_eq!(found[0].reason.as_deref(), Some("no_match"));
        let found = check(&with(r#""code":{"nonFinite":"-Infinity"}"#), Some("t"));
        assert!(found[0].message.contains(".code is -Infinity, which"));
        let found = check(&with(r#""code":-32099"#), Some("t"));
        assert_eq!(found[0].severity, Severity::Warning);
        assert!(found[0].message.starts_with("tool 't' errors[0].code is JsonRpcErrorCode.UnknownError. This is"));
        assert_eq!(rules(&with(r#""code":-32042"#)), vec!["error-contract-code-unknown"]);
    }

    #[test]
    fn reason_rules() {
        let found = check(&with(r#""reason":"""#), Some("t"));
        assert_eq!(found[0].rule, "error-contract-reason-required");
        assert_eq!(found[0].reason, None);
        assert_eq!(found[0].message, "tool 't' errors[0].reason must be a non-empty string.");
        assert_eq!(rules(&with(r#""reason":7"#)), vec!["error-contract-reason-required"]);
        for bad in ["NotFound", "1st", "_x", "no-match", "no match", "no_match\n", "é"] {
            let found = check(&with(&format!(r#""reason":{}"#, json(bad))), Some("t"));
            assert_eq!(found.iter().map(|f| f.rule).collect::<Vec<_>>(), vec!["error-contract-reason-format"], "{bad}");
            assert_eq!(
                found[0].message,
                format!(
                    "tool 't' errors[0].reason '{bad}' should be snake_case (start with a lowercase letter, then \
                     lowercase letters/digits/underscores). Treat reasons like API constants."
                )
            );
        }
        for good in ["a", "no_match", "v2_gone", "a__b_"] {
            assert_eq!(rules(&with(&format!(r#""reason":{}"#, json(good)))), Vec::<&str>::new(), "{good}");
        }
    }

    #[test]
    fn reasons_are_unique() {
        let found = check(&format!("[{GOOD},{GOOD},{GOOD}]"), Some("t"));
        assert_eq!(found.iter().map(|f| f.rule).collect::<Vec<_>>(), vec!["error-contract-reason-unique"; 2]);
        assert_eq!(
            found[0].message,
            "tool 't' has duplicate reason 'no_match' in errors[]. Reasons must be unique within a contract."
        );
    }

    #[test]
    fn framework_owned_reasons_are_ours_to_flag() {
        for reason in FRAMEWORK_REASONS {
            let found = check(&with(&format!(r#""reason":"{reason}""#)), Some("t"));
            assert_eq!(found.iter().map(|f| f.rule).collect::<Vec<_>>(), vec![RULE_RESERVED]);
            assert_eq!(found[0].severity, Severity::Error);
            assert_eq!(found[0].reason.as_deref(), Some(reason));
            assert!(found[0].message.starts_with(&format!("tool 't' errors[0].reason '{reason}' is framework-owned")));
        }
    }

    #[test]
    fn when_is_required() {
        for when in [r#""""#, "null", "3"] {
            let found = check(&with(&format!(r#""when":{when}"#)), Some("t"));
            assert_eq!(found.len(), 1, "{when}");
            assert_eq!(found[0].rule, "error-contract-when-required");
            assert_eq!(found[0].message, "tool 't' errors[0].when must be a non-empty human-readable description.");
        }
        // Whitespace is a description as far as the reference checks.
        assert_eq!(rules(&with(r#""when":" ""#)), Vec::<&str>::new());
    }

    #[test]
    fn recovery_rules() {
        let found = check(&with(r#""recovery":false"#), Some("t"));
        assert_eq!(found[0].rule, "error-contract-recovery-required");
        assert_eq!(
            found[0].message,
            "tool 't' errors[0].recovery must be a non-empty string describing what the agent should do when \
             this failure occurs."
        );
        let found = check(&with(r#""recovery":" \u00a0\ufeff\n""#), Some("t"));
        assert_eq!(found[0].rule, "error-contract-recovery-empty");
        assert_eq!(
            found[0].message,
            "tool 't' errors[0].recovery is empty. Provide actionable guidance for the agent."
        );
        let found = check(&with(r#""recovery":"Try again.""#), Some("t"));
        assert_eq!(found[0].rule, "error-contract-recovery-min-words");
        assert_eq!(found[0].severity, Severity::Warning);
        assert_eq!(
            found[0].message,
            "tool 't' errors[0].recovery has 2 word(s); minimum is 5. Specific guidance (\"Try X with Y\") beats \
             placeholders (\"Try again.\", \"Check input.\")."
        );
        // JS whitespace splits words; U+0085 does not.
        assert_eq!(rules(&with(r#""recovery":"a\u2003b\u3000c\td\u00a0e""#)), Vec::<&str>::new());
        assert_eq!(rules(&with(r#""recovery":"a\u0085b c d e""#)), vec!["error-contract-recovery-min-words"]);
        assert_eq!(rules(&with(r#""recovery":"  one   two three four five  ""#)), Vec::<&str>::new());
    }

    #[test]
    fn retryable_and_severity() {
        for bad in ["null", r#""yes""#, "1", r#"{"other":"[]"}"#] {
            let found = check(&with(&format!(r#""retryable":{bad}"#)), Some("t"));
            assert_eq!(
                found.iter().map(|f| f.rule).collect::<Vec<_>>(),
                vec!["error-contract-retryable-type"],
                "{bad}"
            );
            assert_eq!(found[0].message, "tool 't' errors[0].retryable should be a boolean when present.");
        }
        for (value, shown) in [
            (r#""error""#, r#""error""#),
            (r#""Notice""#, r#""Notice""#),
            ("null", "null"),
            (r#"{"nonFinite":"NaN"}"#, "null"),
            ("2", "2"),
            ("true", "true"),
            (r#"{"other":"{\"level\":1}"}"#, r#"{"level":1}"#),
            (r#"{"other":"undefined"}"#, "undefined"),
        ] {
            let found = check(&with(&format!(r#""severity":{value}"#)), Some("t"));
            assert_eq!(found.len(), 1, "{value}");
            assert_eq!(found[0].rule, "error-contract-severity-unknown");
            assert_eq!(found[0].severity, Severity::Error);
            assert_eq!(
                found[0].message,
                format!(
                    "tool 't' errors[0].severity is {shown}. Use one of: debug, info, notice, warning. Omit the \
                     field for the default `error` level."
                )
            );
        }
        for level in SEVERITIES {
            assert_eq!(rules(&with(&format!(r#""severity":"{level}""#))), Vec::<&str>::new());
        }
    }

    #[test]
    fn every_finding_of_an_entry_in_the_reference_order() {
        let found = rules(r#"[{"code":"x","reason":"Bad Reason","retryable":"no","severity":"error"}]"#);
        assert_eq!(
            found,
            vec![
                "error-contract-code-type",
                "error-contract-reason-format",
                "error-contract-when-required",
                "error-contract-recovery-required",
                "error-contract-retryable-type",
                "error-contract-severity-unknown",
            ]
        );
    }

    #[test]
    fn caps_bound_the_work_and_say_what_they_left() {
        let list = format!("[{}]", vec!["{}"; MAX_LINT_ENTRIES + 5].join(","));
        let value = Value::parse_json(&list).unwrap();
        let entries = value.as_array().unwrap();
        let found = check_contract(Contract::Entries { entries, total: 1_000_000 }, Some("t"));
        assert_eq!(found.len(), MAX_FINDINGS + 1);
        let last = found.last().unwrap();
        assert_eq!(last.rule, RULE_TRUNCATED);
        // Four findings an empty entry (code, reason, when, recovery), for each checked entry.
        let total = 4 * MAX_LINT_ENTRIES;
        assert_eq!(
            last.message,
            format!(
                "tool 't' errors[] has 1000000 entries; only the first {MAX_LINT_ENTRIES} were checked. tool 't' has \
                 {total} findings; {} more are not listed.",
                total - MAX_FINDINGS
            )
        );
        // Within the caps: nothing added.
        let two = check("[{},{}]", None);
        assert_eq!(two.len(), 8);
        assert!(two.iter().all(|f| f.rule != RULE_TRUNCATED));
    }

    #[test]
    fn a_finding_crosses_as_json() {
        let found = check(&with(r#""retryable":0"#), Some("a \"quoted\" tool"));
        assert_eq!(
            findings_json(&found),
            r#"[{"rule":"error-contract-retryable-type","severity":"warning","reason":"no_match","message":"tool 'a \"quoted\" tool' errors[0].retryable should be a boolean when present."}]"#
        );
    }

    fn json(text: &str) -> String {
        let mut out = String::new();
        write_json_string(text, &mut out);
        out
    }
}
