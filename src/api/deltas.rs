//! Contract deltas (MCP Fusion's contract awareness): what changed in a tool's
//! behavioural contract, injected into a `<validation_error>` so a model calibrated on
//! the older contract learns it in the same turn.

use super::bound::{author_text, js_slice, LIST_ENTRIES, TEXT_UNITS};
use crate::value::Value;
use crate::xml::{self, EnrichOptions, Enriched};

/// One change of a tool's contract (MCP Fusion's `ContractDelta`). A `field` of
/// `actions.<key>` or `actions.<key>.…` scopes it to that action; any other field is
/// tool-wide. `severity` is `BREAKING`, `RISKY`, `SAFE` or `COSMETIC`.
///
/// ```
/// use mcp_envelope::ContractDelta;
///
/// let delta = ContractDelta::new("actions.list.schema.limit", "BREAKING", "Field \"limit\" is now optional.")
///     .before("number (required)")
///     .after("number (optional, default: 10)");
/// assert_eq!(delta.before.as_deref(), Some("number (required)"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ContractDelta {
    /// The kind of change (`surface.action`, `behavior.egress` …); not written.
    pub category: Option<String>,
    /// What changed.
    pub field: String,
    /// How much it matters to a caller.
    pub severity: String,
    /// The change in words.
    pub description: String,
    /// The old value, when there was one.
    pub before: Option<String>,
    /// The new value, when there is one.
    pub after: Option<String>,
}

impl ContractDelta {
    /// A change of `field` at `severity`, described, without before or after.
    ///
    /// ```
    /// use mcp_envelope::ContractDelta;
    ///
    /// let delta = ContractDelta::new("description", "COSMETIC", "Reworded.");
    /// assert_eq!((delta.field.as_str(), delta.before), ("description", None));
    /// ```
    pub fn new(field: &str, severity: &str, description: &str) -> ContractDelta {
        ContractDelta {
            field: field.to_owned(),
            severity: severity.to_owned(),
            description: description.to_owned(),
            ..ContractDelta::default()
        }
    }

    /// The same, with the old value.
    ///
    /// ```
    /// use mcp_envelope::ContractDelta;
    ///
    /// assert_eq!(ContractDelta::new("f", "SAFE", "d").before("v1").before.as_deref(), Some("v1"));
    /// ```
    #[must_use]
    pub fn before(mut self, value: &str) -> ContractDelta {
        self.before = Some(value.to_owned());
        self
    }

    /// The same, with the new value.
    ///
    /// ```
    /// use mcp_envelope::ContractDelta;
    ///
    /// assert_eq!(ContractDelta::new("f", "SAFE", "d").after("v2").after.as_deref(), Some("v2"));
    /// ```
    #[must_use]
    pub fn after(mut self, value: &str) -> ContractDelta {
        self.after = Some(value.to_owned());
        self
    }

    /// The delta as the JSON object MCP Fusion writes (`before`/`after` `null` when absent).
    ///
    /// ```
    /// use mcp_envelope::ContractDelta;
    ///
    /// assert_eq!(
    ///     ContractDelta::new("f", "SAFE", "d").to_value().to_json(),
    ///     r#"{"field":"f","severity":"SAFE","description":"d","before":null,"after":null}"#
    /// );
    /// ```
    pub fn to_value(&self) -> Value<'static> {
        // What the npm package's copy keeps of each string.
        let text = |t: &str| Value::str(js_slice(t, TEXT_UNITS).into_owned());
        let side = |t: &Option<String>| t.as_deref().map_or(Value::Null, text);
        let mut fields = Vec::with_capacity(6);
        if let Some(category) = &self.category {
            fields.push(("category", text(category)));
        }
        fields.extend([
            ("field", text(&self.field)),
            ("severity", text(&self.severity)),
            ("description", text(&self.description)),
            ("before", side(&self.before)),
            ("after", side(&self.after)),
        ]);
        Value::object(fields)
    }
}

/// The deltas as the core reads them: the first [`LIST_ENTRIES`], as the npm copy keeps them.
fn values(deltas: &[ContractDelta]) -> Vec<Value<'static>> {
    deltas.iter().take(LIST_ENTRIES).map(ContractDelta::to_value).collect()
}

/// MCP Fusion's `enrichValidationError`: `xml` (a `<validation_error>`) with a
/// `<contract_awareness>` section before its closing tag, listing the tool's deltas that
/// apply to `action_key` (BREAKING and RISKY unless `include_all_severities`; at most
/// `max_deltas_per_error`, five by default). With none that applies, `xml` as it was.
///
/// ```
/// use mcp_envelope::{enrich_validation_error, ContractDelta, EnrichOptions};
///
/// let deltas = [ContractDelta::new("actions.list.schema.limit", "BREAKING", "limit is now optional")];
/// let xml = "<validation_error>Bad input</validation_error>";
/// let enriched = enrich_validation_error(xml, "users", "list", &deltas, &EnrichOptions::default());
/// assert!(enriched.injected);
/// assert!(enriched.xml.contains("<change_count>1</change_count>"));
/// assert!(enriched.xml.ends_with("</contract_awareness>\n</validation_error>"));
/// ```
pub fn enrich_validation_error(
    xml: &str,
    tool: &str,
    action_key: &str,
    deltas: &[ContractDelta],
    options: &EnrichOptions,
) -> Enriched {
    let (tool, action_key) = (author_text(tool), author_text(action_key));
    xml::enrich_validation_error(xml, &tool, &action_key, &values(deltas), options)
}

/// MCP Fusion's `formatDeltasAsXml`: `<contract_changes>` with one `<change>` per delta
/// (the first hundred, then how many more), `""` for none.
///
/// ```
/// use mcp_envelope::{format_deltas_as_xml, ContractDelta};
///
/// let deltas = [ContractDelta::new("description", "COSMETIC", "R&D").before("R&D").after("S&P")];
/// assert_eq!(
///     format_deltas_as_xml(&deltas),
///     "<contract_changes>\n  <change severity=\"COSMETIC\" field=\"description\">\n    <description>R&amp;D</description>\n    <before>R&amp;D</before>\n    <after>S&amp;P</after>\n  </change>\n</contract_changes>"
/// );
/// assert_eq!(format_deltas_as_xml(&[]), "");
/// ```
pub fn format_deltas_as_xml(deltas: &[ContractDelta]) -> String {
    xml::format_deltas_xml(&values(deltas))
}
