//! [`ErrorBuilder`]: MCP Fusion's fluent `<tool_error>` (`f.error(code, message)` …
//! `.suggest(…).actions(…)`), bounded as the npm package's builder bounds what it is given.

use super::bound::{author_text, LIST_ENTRIES};
use super::tool_result::ToolResult;
use crate::xml;
use std::fmt::Display;

/// The fluent form of [`xml_tool_error`](crate::xml_tool_error): each call sets one part,
/// [`build`](ErrorBuilder::build) writes the `<tool_error>`. Texts are bounded as the
/// npm package bounds an author's texts; at most a thousand actions and details are kept.
///
/// ```
/// use mcp_envelope::ErrorBuilder;
///
/// let result = ErrorBuilder::new("VALIDATION_ERROR", "Invalid ID")
///     .suggest("Use a UUID v4")
///     .actions(["projects.list", "projects.create"])
///     .build();
/// assert_eq!(
///     result.text(),
///     "<tool_error code=\"VALIDATION_ERROR\" severity=\"error\">\n<message>Invalid ID</message>\n<recovery>Use a UUID v4</recovery>\n<available_actions>\n  <action>projects.list</action>\n  <action>projects.create</action>\n</available_actions>\n</tool_error>"
/// );
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct ErrorBuilder(xml::ErrorBuilder);

impl ErrorBuilder {
    /// A builder of a `<tool_error>` with this code and message, severity `error`.
    ///
    /// ```
    /// use mcp_envelope::ErrorBuilder;
    ///
    /// assert_eq!(
    ///     ErrorBuilder::new("NOT_FOUND", "Project missing").build().text(),
    ///     "<tool_error code=\"NOT_FOUND\" severity=\"error\">\n<message>Project missing</message>\n</tool_error>"
    /// );
    /// ```
    pub fn new(code: &str, message: &str) -> ErrorBuilder {
        ErrorBuilder(xml::ErrorBuilder::new(author_text(code), author_text(message)))
    }

    /// The recovery suggestion (`<recovery>`); the last one given wins.
    ///
    /// ```
    /// use mcp_envelope::ErrorBuilder;
    ///
    /// let result = ErrorBuilder::new("NOT_FOUND", "Gone").suggest("Check the ID").build();
    /// assert!(result.text().contains("<recovery>Check the ID</recovery>"));
    /// ```
    #[must_use]
    pub fn suggest(self, suggestion: &str) -> ErrorBuilder {
        ErrorBuilder(self.0.suggest(author_text(suggestion)))
    }

    /// Adds actions to call next (`<available_actions>`); successive calls add to the list.
    ///
    /// ```
    /// use mcp_envelope::ErrorBuilder;
    ///
    /// let result = ErrorBuilder::new("NOT_FOUND", "Gone").actions(["tool.a"]).actions(["tool.b"]).build();
    /// assert!(result.text().contains("  <action>tool.a</action>\n  <action>tool.b</action>"));
    /// ```
    #[must_use]
    pub fn actions<I: IntoIterator<Item = S>, S: AsRef<str>>(self, names: I) -> ErrorBuilder {
        let room = LIST_ENTRIES.saturating_sub(self.0.options().available_actions.len());
        let names: Vec<String> = names.into_iter().take(room).map(|n| author_text(n.as_ref()).into_owned()).collect();
        ErrorBuilder(self.0.actions(names))
    }

    /// The severity: `warning` is the one that leaves `isError` false.
    ///
    /// ```
    /// use mcp_envelope::ErrorBuilder;
    ///
    /// let result = ErrorBuilder::new("SLOW", "Took long").severity("info").build();
    /// assert!(result.text().starts_with("<tool_error code=\"SLOW\" severity=\"info\">"));
    /// ```
    #[must_use]
    pub fn severity(self, level: &str) -> ErrorBuilder {
        ErrorBuilder(self.0.severity(author_text(level)))
    }

    /// Severity `critical`.
    ///
    /// ```
    /// use mcp_envelope::ErrorBuilder;
    ///
    /// assert!(ErrorBuilder::new("INTERNAL", "DB down").critical().build().text().contains("severity=\"critical\""));
    /// ```
    #[must_use]
    pub fn critical(self) -> ErrorBuilder {
        self.severity("critical")
    }

    /// Severity `warning`: the result is not an error (`isError: false`).
    ///
    /// ```
    /// use mcp_envelope::ErrorBuilder;
    ///
    /// assert!(!ErrorBuilder::new("DEPRECATED", "Use v2").warning().build().is_error());
    /// ```
    #[must_use]
    pub fn warning(self) -> ErrorBuilder {
        self.severity("warning")
    }

    /// Adds details (`<detail key="…">`), each value written as its `Display`; a key
    /// given again keeps its place and takes the new value.
    ///
    /// ```
    /// use mcp_envelope::ErrorBuilder;
    ///
    /// let result = ErrorBuilder::new("RATE_LIMITED", "Too many requests").details([("limit", 100), ("current", 101)]).build();
    /// assert!(result.text().contains("<details>\n  <detail key=\"limit\">100</detail>\n  <detail key=\"current\">101</detail>\n</details>"));
    /// ```
    #[must_use]
    pub fn details<I, K, V>(self, entries: I) -> ErrorBuilder
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: Display,
    {
        let room = LIST_ENTRIES.saturating_sub(self.0.options().details.len());
        let pairs: Vec<(String, String)> = entries
            .into_iter()
            .take(room)
            .map(|(k, v)| (author_text(k.as_ref()).into_owned(), author_text(&v.to_string()).into_owned()))
            .collect();
        ErrorBuilder(self.0.details(pairs))
    }

    /// Seconds to wait before retrying (`<retry_after>`).
    ///
    /// ```
    /// use mcp_envelope::ErrorBuilder;
    ///
    /// let result = ErrorBuilder::new("RATE_LIMIT", "Too many requests").retry_after(30.0).build();
    /// assert!(result.text().contains("<retry_after>30 seconds</retry_after>"));
    /// ```
    #[must_use]
    pub fn retry_after(self, seconds: f64) -> ErrorBuilder {
        ErrorBuilder(self.0.retry_after(seconds))
    }

    /// Whether secrets in the message, suggestion and details are masked (on unless turned off).
    ///
    /// ```
    /// use mcp_envelope::ErrorBuilder;
    ///
    /// let masked = ErrorBuilder::new("AUTH", "Bad key sk_live_0123456789abcdef.").build();
    /// assert!(masked.text().contains("<message>Bad key sk_live_***.</message>"));
    /// let kept = ErrorBuilder::new("AUTH", "Bad key sk_live_0123456789abcdef.").redact_secrets(false).build();
    /// assert!(kept.text().contains("sk_live_0123456789abcdef"));
    /// ```
    #[must_use]
    pub fn redact_secrets(self, on: bool) -> ErrorBuilder {
        ErrorBuilder(self.0.redact_secrets(on))
    }

    /// The `<tool_error>` result.
    ///
    /// ```
    /// use mcp_envelope::ErrorBuilder;
    ///
    /// let result = ErrorBuilder::new("NOT_FOUND", "Gone").build();
    /// assert!(result.is_error());
    /// ```
    pub fn build(&self) -> ToolResult {
        ToolResult::new(self.0.build().to_call_tool_result())
    }
}
