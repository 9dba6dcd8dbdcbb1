//! A handler that returned something the server cannot send as a tool result.
//!
//! Without this, the SDK reports it with its own text (`Cannot read properties of
//! undefined`, `Output validation error: …`), which tells the model nothing it can act
//! on. `registerTool` checks the handler's return and answers with an InternalError
//! envelope that names the tool ([`invalid_result_message`]); the raw reason goes to the
//! server's log ([`invalid_result_log`]), never to the wire.

/// What was wrong with the returned value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InvalidResult<'a> {
    /// Not an object (`typeof` the value, or `null` / `array`).
    NotAnObject { type_of: &'a str },
    /// `content` is there but is not a list.
    ContentNotAList,
    /// The tool has an `outputSchema` and the result has no `structuredContent`.
    NoStructuredContent,
    /// `structuredContent` does not satisfy the tool's `outputSchema` (the validator's
    /// first message, cut by the JS layer).
    OutputRejected { reason: &'a str },
}

/// The message the model reads: the tool's name and that its handler failed.
pub fn invalid_result_message(tool: &str) -> String {
    format!("Tool {tool} failed: its handler returned a result that could not be sent.")
}

/// The raw reason, for the server's log.
pub fn invalid_result_log(tool: &str, what: InvalidResult<'_>) -> String {
    match what {
        InvalidResult::NotAnObject { type_of } => {
            format!("Tool {tool} returned {type_of}, not a tool result ({{ content: [...] }}).")
        }
        InvalidResult::ContentNotAList => format!("Tool {tool} returned a result whose content is not an array."),
        InvalidResult::NoStructuredContent => {
            format!("Tool {tool} has an outputSchema but returned no structuredContent.")
        }
        InvalidResult::OutputRejected { reason } => {
            format!("Tool {tool} returned structuredContent that does not match its outputSchema: {reason}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wire_names_the_tool_and_the_log_says_why() {
        assert_eq!(
            invalid_result_message("get_invoice"),
            "Tool get_invoice failed: its handler returned a result that could not be sent."
        );
        assert_eq!(
            invalid_result_log("t", InvalidResult::NotAnObject { type_of: "undefined" }),
            "Tool t returned undefined, not a tool result ({ content: [...] })."
        );
        assert!(invalid_result_log("t", InvalidResult::OutputRejected { reason: "total: expected number" })
            .ends_with("outputSchema: total: expected number"));
        assert!(invalid_result_log("t", InvalidResult::NoStructuredContent).contains("no structuredContent"));
        assert!(invalid_result_log("t", InvalidResult::ContentNotAList).contains("not an array"));
    }
}
