//! `<contract_awareness>`: the contract changes injected into a validation error,
//! so a model calibrated on an older contract learns what changed in the same turn.
//!
//! A delta is the reference's `ContractDelta` object: `field`, `severity`,
//! `description`, `before`, `after` (`category` is not written). The JS layer looks
//! the tool's deltas up in `activeDeltas` and passes them here.
//!
//! Two departures from the reference, both toward what seed 000 states ("scoped to
//! the action that failed"):
//! * a delta belongs to action `K` when its field is `actions.K` or starts with
//!   `actions.K.`; the reference tests `field.includes("actions.K")`, so action
//!   `list` also received the deltas of `listing`. Fields not under `actions.` are
//!   tool-wide and always apply.
//! * `<max_severity>` is the highest severity injected (BREAKING > RISKY > SAFE >
//!   COSMETIC); the reference prints the first delta's, which is the same only when
//!   the caller sorted them.
//!
//! Tool and action names are escaped on `&` and `<` (and `]]>`), what well-formed XML
//! needs; the reference leaves them raw. Delta text is escaped as the reference's
//! `formatDeltasAsXml` does (`& < > "`, not `'`), and inside `<contract_awareness>`
//! every line of the block is indented, a description's continuation lines too.

use super::escape::{push_content, push_delta_attr, push_delta_content};
use crate::js::js_display;
use crate::utf16::cut_utf16;
use crate::value::Value;

/// Deltas injected per error unless the caller says otherwise.
pub const DEFAULT_MAX_DELTAS_PER_ERROR: usize = 5;
/// Deltas ever written, whatever the caller asks for.
pub const MAX_DELTAS_HARD_CAP: usize = 100;
/// Longest description, `before` or `after` written, in UTF-16 units.
pub const MAX_DELTA_TEXT_UNITS: usize = 1000;

/// Options of `enrichValidationError`.
///
/// ```
/// use mcp_envelope::EnrichOptions;
///
/// let options = EnrichOptions { include_all_severities: true, max_deltas_per_error: Some(3) };
/// assert_ne!(options, EnrichOptions::default());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct EnrichOptions {
    /// Inject SAFE and COSMETIC deltas too (default: BREAKING and RISKY only).
    pub include_all_severities: bool,
    /// At most this many deltas (default [`DEFAULT_MAX_DELTAS_PER_ERROR`], never
    /// above [`MAX_DELTAS_HARD_CAP`]). See [`max_deltas_from_js`].
    pub max_deltas_per_error: Option<usize>,
}

/// What `enrichValidationError` returns.
///
/// ```
/// use mcp_envelope::{enrich_validation_error, EnrichOptions};
///
/// let enriched = enrich_validation_error("<validation_error/>", "users", "list", &[], &EnrichOptions::default());
/// assert_eq!((enriched.xml.as_str(), enriched.injected, enriched.delta_count), ("<validation_error/>", false, 0));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Enriched {
    /// The validation error, with the `<contract_awareness>` section when one was injected.
    pub xml: String,
    /// Whether a section was injected.
    pub injected: bool,
    /// How many deltas it lists.
    pub delta_count: usize,
}

/// Maps a JS `maxDeltasPerError` number onto a count the way `slice(0, n)` reads a
/// non-negative one: fractions truncate, `NaN` is 0, `Infinity` is no limit (so the
/// hard cap). A negative number, which `slice` would count from the end, is 0.
pub fn max_deltas_from_js(n: f64) -> usize {
    if n.is_nan() || n <= 0.0 {
        0
    } else if n >= MAX_DELTAS_HARD_CAP as f64 {
        MAX_DELTAS_HARD_CAP
    } else {
        // In 0..MAX_DELTAS_HARD_CAP, checked above.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let count = n.trunc() as usize;
        count
    }
}

fn text_field<'v>(delta: &'v Value<'v>, name: &str) -> Option<&'v Value<'v>> {
    delta.get(name).filter(|v| !matches!(v, Value::Null))
}

/// A delta field as text: strings as they are, other values as JS prints them.
fn delta_text(delta: &Value, name: &str) -> Option<String> {
    text_field(delta, name).map(|v| match v {
        Value::String(s) => cut_utf16(s, MAX_DELTA_TEXT_UNITS, "..."),
        other => js_display(other, MAX_DELTA_TEXT_UNITS),
    })
}

fn severity_of<'a>(delta: &'a Value<'_>) -> &'a str {
    delta.get("severity").and_then(Value::as_str).unwrap_or_default()
}

fn severity_rank(severity: &str) -> u8 {
    match severity {
        "BREAKING" => 4,
        "RISKY" => 3,
        "SAFE" => 2,
        "COSMETIC" => 1,
        _ => 0,
    }
}

fn applies_to_action(field: &str, action_key: &str) -> bool {
    match field.strip_prefix("actions.") {
        None => true,
        Some(rest) => rest.strip_prefix(action_key).is_some_and(|tail| tail.is_empty() || tail.starts_with('.')),
    }
}

fn is_relevant(delta: &Value, action_key: &str, include_all: bool) -> bool {
    let severity_ok = include_all || matches!(severity_of(delta), "BREAKING" | "RISKY");
    let field = delta.get("field").and_then(Value::as_str).unwrap_or_default();
    severity_ok && applies_to_action(field, action_key)
}

/// Delta text escaped as `formatDeltasAsXml` does; inside `<contract_awareness>`
/// (`shift` = two spaces) every line break is followed by the shift, because the
/// reference indents every line of the finished block, text lines included.
fn push_delta_text(out: &mut String, text: &str, shift: &str) {
    if shift.is_empty() {
        push_delta_content(out, text);
        return;
    }
    let mut escaped = String::with_capacity(text.len());
    push_delta_content(&mut escaped, text);
    out.push_str(&escaped.replace('\n', &format!("\n{shift}")));
}

fn push_change(out: &mut String, delta: &Value, indent: &str, shift: &str) {
    out.push_str(indent);
    out.push_str("<change severity=\"");
    push_delta_attr(out, &delta_text(delta, "severity").unwrap_or_default());
    out.push_str("\" field=\"");
    push_delta_attr(out, &delta_text(delta, "field").unwrap_or_default());
    out.push_str("\">\n");
    out.push_str(indent);
    out.push_str("  <description>");
    push_delta_text(out, &delta_text(delta, "description").unwrap_or_default(), shift);
    out.push_str("</description>\n");
    for side in ["before", "after"] {
        if let Some(text) = delta_text(delta, side) {
            out.push_str(indent);
            out.push_str("  <");
            out.push_str(side);
            out.push('>');
            push_delta_text(out, &text, shift);
            out.push_str("</");
            out.push_str(side);
            out.push_str(">\n");
        }
    }
    out.push_str(indent);
    out.push_str("</change>\n");
}

/// `<contract_changes>` with one `<change>` per delta, each line indented by
/// `indent`; empty for no deltas. Past [`MAX_DELTAS_HARD_CAP`] the rest are counted
/// in one `<more_changes>` line.
fn write_deltas(out: &mut String, deltas: &[&Value], total: usize, indent: &str) {
    out.push_str(indent);
    out.push_str("<contract_changes>\n");
    let child = format!("{indent}  ");
    for delta in deltas {
        push_change(out, delta, &child, indent);
    }
    if total > deltas.len() {
        let more = total - deltas.len();
        out.push_str(&format!("{child}<more_changes count=\"{more}\">{more} more changes not shown.</more_changes>\n"));
    }
    out.push_str(indent);
    out.push_str("</contract_changes>");
}

/// `formatDeltasAsXml(deltas)`.
pub fn format_deltas_xml(deltas: &[Value]) -> String {
    if deltas.is_empty() {
        return String::new();
    }
    let shown: Vec<&Value> = deltas.iter().take(MAX_DELTAS_HARD_CAP).collect();
    let mut out = String::new();
    write_deltas(&mut out, &shown, deltas.len(), "");
    out
}

/// `enrichValidationError(xml, toolName, actionKey, { activeDeltas,
/// includeAllSeverities, maxDeltasPerError })`, with `deltas` being the tool's
/// entry of `activeDeltas`. The section goes before the last `</validation_error>`
/// (or at the end when there is none); with nothing relevant, `xml` comes back as is.
pub fn enrich_validation_error(
    xml: &str,
    tool_name: &str,
    action_key: &str,
    deltas: &[Value],
    options: &EnrichOptions,
) -> Enriched {
    let limit = options.max_deltas_per_error.unwrap_or(DEFAULT_MAX_DELTAS_PER_ERROR).min(MAX_DELTAS_HARD_CAP);
    let relevant: Vec<&Value> =
        deltas.iter().filter(|d| is_relevant(d, action_key, options.include_all_severities)).take(limit).collect();
    let Some(first) = relevant.first() else {
        return Enriched { xml: xml.to_owned(), injected: false, delta_count: 0 };
    };
    let max_severity = relevant.iter().fold(*first, |best, d| {
        if severity_rank(severity_of(d)) > severity_rank(severity_of(best)) {
            d
        } else {
            best
        }
    });

    let mut section = String::with_capacity(600 + 300 * relevant.len());
    section.push_str("\n<contract_awareness>\n  <system_note>IMPORTANT: The behavioral contract for tool \"");
    // The reference writes both names raw; we escape only what well-formedness needs.
    push_content(&mut section, tool_name);
    section.push_str("\" has changed since your last calibration.</system_note>\n  <action>");
    push_content(&mut section, action_key);
    section.push_str(&format!("</action>\n  <change_count>{}</change_count>\n  <max_severity>", relevant.len()));
    push_content(&mut section, &delta_text(max_severity, "severity").unwrap_or_else(|| "UNKNOWN".to_owned()));
    section.push_str(
        "</max_severity>\n\n  <instructions>\n    Review the contract changes below and adjust your next invocation accordingly.\n    These changes may explain why your previous arguments were rejected.\n  </instructions>\n\n",
    );
    write_deltas(&mut section, &relevant, relevant.len(), "  ");
    section.push_str("\n</contract_awareness>");

    let enriched = match xml.rfind("</validation_error>") {
        Some(at) => {
            let (head, tail) = (xml.get(..at).unwrap_or_default(), xml.get(at..).unwrap_or_default());
            format!("{head}\n{section}\n{tail}")
        }
        None => format!("{xml}\n{section}"),
    };
    Enriched { xml: enriched, injected: true, delta_count: relevant.len() }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `<max_severity>` of an enrichment with every severity injected, for deltas of these severities.
    fn max_severity(severities: &[&str]) -> String {
        let deltas: Vec<Value<'static>> = severities
            .iter()
            .map(|s| Value::Object(vec![("field".into(), Value::str("x")), ("severity".into(), Value::str(*s))]))
            .collect();
        let options = EnrichOptions { include_all_severities: true, max_deltas_per_error: None };
        let enriched = enrich_validation_error("<validation_error></validation_error>", "t", "a", &deltas, &options);
        let xml = enriched.xml;
        let start = xml.find("<max_severity>").map_or(0, |i| i + "<max_severity>".len());
        let end = xml.find("</max_severity>").unwrap_or(start);
        xml.get(start..end).unwrap_or_default().to_owned()
    }

    #[test]
    fn max_severity_ranks_every_severity_and_keeps_the_first_of_equals() {
        assert_eq!(max_severity(&["COSMETIC", "SAFE"]), "SAFE");
        assert_eq!(max_severity(&["SAFE", "RISKY", "COSMETIC"]), "RISKY");
        assert_eq!(max_severity(&["RISKY", "BREAKING"]), "BREAKING");
        assert_eq!(max_severity(&["OTHER", "COSMETIC"]), "COSMETIC");
        // Equal ranks (two unknown severities): the first.
        assert_eq!(max_severity(&["FIRST", "SECOND"]), "FIRST");
    }

    #[test]
    fn action_scope_is_a_path_prefix_not_a_substring() {
        assert!(applies_to_action("egressSchemaDigest", "list"));
        assert!(applies_to_action("actions.list", "list"));
        assert!(applies_to_action("actions.list.destructive", "list"));
        assert!(!applies_to_action("actions.listing.x", "list"));
        assert!(!applies_to_action("actions.delete.readOnly", "list"));
        assert!(applies_to_action("actions.users.create.schema", "users.create"));
    }

    #[test]
    fn js_limits_map_like_slice() {
        assert_eq!(max_deltas_from_js(3.9), 3);
        assert_eq!(max_deltas_from_js(f64::NAN), 0);
        assert_eq!(max_deltas_from_js(-2.0), 0);
        assert_eq!(max_deltas_from_js(f64::INFINITY), MAX_DELTAS_HARD_CAP);
    }

    fn delta(field: &str, description: Value<'static>) -> Value<'static> {
        Value::Object(vec![
            ("field".into(), Value::str(field)),
            ("severity".into(), Value::str("BREAKING")),
            ("description".into(), description),
        ])
    }

    #[test]
    fn a_negative_max_deltas_per_error_injects_none_unlike_slice_from_the_end() {
        // The reference's `slice(0, -1)` would keep all but the last relevant delta.
        let deltas = [delta("a", Value::str("x")), delta("b", Value::str("y"))];
        let options =
            EnrichOptions { max_deltas_per_error: Some(max_deltas_from_js(-1.0)), ..EnrichOptions::default() };
        let out = enrich_validation_error("<validation_error>\n</validation_error>", "t", "a", &deltas, &options);
        assert!(!out.injected);
        assert_eq!(out.xml, "<validation_error>\n</validation_error>");
    }

    #[test]
    fn deltas_past_100_and_text_past_1000_units_are_cut_unlike_the_reference() {
        let long = "d".repeat(MAX_DELTA_TEXT_UNITS + 10);
        let deltas: Vec<Value<'static>> =
            (0..MAX_DELTAS_HARD_CAP + 3).map(|i| delta(&format!("f{i}"), Value::str(long.clone()))).collect();
        let xml = format_deltas_xml(&deltas);
        assert_eq!(xml.matches("<change ").count(), MAX_DELTAS_HARD_CAP);
        assert!(xml.contains("<more_changes count=\"3\">3 more changes not shown.</more_changes>"));
        // Cut to MAX_DELTA_TEXT_UNITS units, the `...` included.
        let cut = format!("<description>{}...</description>", "d".repeat(MAX_DELTA_TEXT_UNITS - 3));
        assert!(xml.contains(&cut));
    }

    #[test]
    fn absent_before_and_after_and_a_number_description_do_not_crash_unlike_the_reference() {
        // The reference's escapeXml throws on `undefined` and on a number.
        let xml = format_deltas_xml(&[delta("f", Value::Number(404.0))]);
        assert_eq!(
            xml,
            "<contract_changes>\n  <change severity=\"BREAKING\" field=\"f\">\n    <description>404</description>\n  </change>\n</contract_changes>"
        );
    }
}
