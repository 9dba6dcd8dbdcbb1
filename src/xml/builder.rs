//! `ErrorBuilder`: the fluent form of `tool_error` (`f.error(code, message)`).
//!
//! In JS a builder is also a `ToolResponse` through lazy, cached `content` /
//! `isError` getters; that duck typing lives in the JS layer, which calls
//! [`ErrorBuilder::build`] once. Here the builder is a plain value.

use super::tool_error::{tool_error, ToolErrorOptions, ToolResponse};

#[derive(Debug, Clone, PartialEq)]
pub struct ErrorBuilder {
    code: String,
    options: ToolErrorOptions,
}

/// `errorBuilder(code, message)`.
pub fn error_builder(code: impl Into<String>, message: impl Into<String>) -> ErrorBuilder {
    ErrorBuilder::new(code, message)
}

impl ErrorBuilder {
    pub fn new(code: impl Into<String>, message: impl Into<String>) -> Self {
        ErrorBuilder { code: code.into(), options: ToolErrorOptions::new(message) }
    }

    /// Whether secrets in the message, suggestion and details are masked (default true).
    #[must_use]
    pub fn redact_secrets(mut self, on: bool) -> Self {
        self.options.wire.redact_secrets = on;
        self
    }

    /// Sets the recovery suggestion (the last call wins).
    #[must_use]
    pub fn suggest(mut self, suggestion: impl Into<String>) -> Self {
        self.options.suggestion = Some(suggestion.into());
        self
    }

    /// Appends actions; successive calls accumulate.
    #[must_use]
    pub fn actions<I, S>(mut self, names: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.options.available_actions.extend(names.into_iter().map(Into::into));
        self
    }

    #[must_use]
    pub fn severity(mut self, level: impl Into<String>) -> Self {
        self.options.severity = Some(level.into());
        self
    }

    #[must_use]
    pub fn critical(self) -> Self {
        self.severity("critical")
    }

    #[must_use]
    pub fn warning(self) -> Self {
        self.severity("warning")
    }

    /// Merges detail entries (values already stringified): a key given again keeps
    /// its place and takes the new value, as `{ ...old, ...new }` would.
    #[must_use]
    pub fn details<I, K, V>(mut self, entries: I) -> Self
    where
        I: IntoIterator<Item = (K, V)>,
        K: Into<String>,
        V: Into<String>,
    {
        // `tool_error` resolves repeats in `Object.keys` order (first place, last value).
        self.options.details.extend(entries.into_iter().map(|(k, v)| (k.into(), v.into())));
        self
    }

    #[must_use]
    pub fn retry_after(mut self, seconds: f64) -> Self {
        self.options.retry_after = Some(seconds);
        self
    }

    pub fn code(&self) -> &str {
        &self.code
    }

    pub fn options(&self) -> &ToolErrorOptions {
        &self.options
    }

    pub fn build(&self) -> ToolResponse {
        tool_error(&self.code, &self.options)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_builder_reports_its_code_and_options() {
        let builder = error_builder("NOT_FOUND", "gone").retry_after(3.0);
        assert_eq!(builder.code(), "NOT_FOUND");
        assert_eq!(builder.options().retry_after, Some(3.0));
        assert_eq!(builder.options().message, "gone");
    }

    #[test]
    fn actions_accumulate_and_details_merge_in_place() {
        let r = error_builder("X", "m")
            .actions(["a"])
            .actions(vec!["b".to_owned()])
            .details([("k", "1"), ("j", "2")])
            .details([("k", "3")])
            .build();
        assert!(r.text.contains("<action>a</action>\n  <action>b</action>"));
        assert!(r.text.contains("<detail key=\"k\">3</detail>\n  <detail key=\"j\">2</detail>"));
    }

    #[test]
    fn masks_secrets_unless_told_not_to() {
        let b = error_builder("X", "key sk-abcdefghij0123456789XYZ").details([("token", "token=abc")]);
        assert!(b.build().text.contains("<message>key sk-***</message>"));
        assert!(b.build().text.contains(">token=***</detail>"));
        assert!(b.redact_secrets(false).build().text.contains("sk-abcdefghij0123456789XYZ"));
    }
}
