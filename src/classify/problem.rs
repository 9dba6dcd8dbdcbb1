//! What a thrown plain object says about itself when it has no `message`.
//!
//! Real code throws objects that are not `Error`s: an HTTP client's parsed error body,
//! RFC 9457 problem details (`{ type, title, status, detail }`), an OAuth error
//! response (`{ error, error_description }`), a `fetch` `Response`'s `status` and
//! `statusText`. mcp-ts-core reads none of these (it writes the object's JSON, which
//! can carry anything the server received); a model given `Error: ` learns nothing.
//! The JS layer reads these fields once (strings cut at the classification cap,
//! numbers as numbers) only for a value that is not an `Error` and has no non-empty
//! string `message`; [`Problem`] is what it found.
//!
//! The text is the first of: `title: detail` (either alone), `error: error_description`
//! (either alone), `statusText`, `HTTP status N`, and for an object that is no `Error`
//! (the JS layer then sends its constructor's name), mcp-ts-core's own last resort
//! (`getErrorMessage`, src/utils/internal/error-handler/helpers.ts at bce6466):
//! `Non-Error object encountered (constructor: <name>)`, `Object` for a nameless one. A numeric `status` (else
//! `statusCode`) classifies as [`http_status_to_error_code`] maps it, ahead of the
//! patterns: the status is what the server said, the text only how it said it.

use crate::codes::JsonRpcErrorCode;
use crate::http_status::http_status_to_error_code;
use crate::js::js_trim;
use crate::value::{js_number_string, Value};

/// The text fields of a thrown plain object the JS layer reads (and sends as JSON).
pub const TEXT_FIELDS: [&str; 5] = ["title", "detail", "error", "error_description", "statusText"];
/// The number fields of a thrown plain object the JS layer reads.
pub const NUMBER_FIELDS: [&str; 2] = ["status", "statusCode"];

/// The problem-detail fields of a thrown plain object, as the JS layer read them.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Problem<'a> {
    pub title: Option<&'a str>,
    pub detail: Option<&'a str>,
    pub error: Option<&'a str>,
    pub error_description: Option<&'a str>,
    pub status_text: Option<&'a str>,
    pub status: Option<f64>,
    pub status_code: Option<f64>,
    /// The name of its constructor, for an object that is no `Error` (`""` when it has
    /// none or it cannot be read); `None` for an `Error`.
    pub constructor: Option<&'a str>,
}

/// The key the JS layer sends the constructor's name under.
pub const CONSTRUCTOR_FIELD: &str = "constructorName";

/// `a: b`, or whichever of the two is not empty.
fn pair(a: Option<&str>, b: Option<&str>) -> Option<String> {
    let a = a.map(js_trim).filter(|s| !s.is_empty());
    let b = b.map(js_trim).filter(|s| !s.is_empty());
    match (a, b) {
        (Some(a), Some(b)) => Some(format!("{a}: {b}")),
        (Some(one), None) | (None, Some(one)) => Some(one.to_owned()),
        (None, None) => None,
    }
}

impl<'a> Problem<'a> {
    /// The fields of `value` (the JS layer's JSON object of them); unknown keys and
    /// values of the wrong type are ignored.
    pub fn from_value(value: &'a Value<'a>) -> Problem<'a> {
        let text = |key: &str| value.get(key).and_then(Value::as_str);
        let number = |key: &str| value.get(key).and_then(Value::as_f64);
        let [title, detail, error, error_description, status_text] = TEXT_FIELDS;
        let [status, status_code] = NUMBER_FIELDS;
        Problem {
            title: text(title),
            detail: text(detail),
            error: text(error),
            error_description: text(error_description),
            status_text: text(status_text),
            status: number(status),
            status_code: number(status_code),
            constructor: text(CONSTRUCTOR_FIELD),
        }
    }

    /// The HTTP status the object carries: `status`, else `statusCode`.
    pub fn http_status(&self) -> Option<f64> {
        self.status.or(self.status_code).filter(|n| n.is_finite())
    }

    /// The message it reads with (see the module docs); empty when it says nothing.
    pub fn message(&self) -> String {
        pair(self.title, self.detail)
            .or_else(|| pair(self.error, self.error_description))
            .or_else(|| self.status_text.map(js_trim).filter(|s| !s.is_empty()).map(str::to_owned))
            .or_else(|| self.http_status().map(|n| format!("HTTP status {}", js_number_string(n))))
            .or_else(|| {
                let name = self.constructor?;
                let name = if name.is_empty() { "Object" } else { name };
                Some(format!("Non-Error object encountered (constructor: {name})"))
            })
            .unwrap_or_default()
    }

    /// The code its status maps to; `None` without one, or for a success status.
    pub fn code(&self) -> Option<JsonRpcErrorCode> {
        self.http_status().and_then(http_status_to_error_code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(json: &str) -> (String, Option<JsonRpcErrorCode>) {
        let value = Value::parse_json(json).unwrap_or(Value::Null);
        let problem = Problem::from_value(&value);
        (problem.message(), problem.code())
    }

    #[test]
    fn problem_details_name_what_failed_and_their_status_classifies() {
        assert_eq!(
            of(r#"{"status":503,"detail":"upstream down"}"#),
            ("upstream down".into(), Some(JsonRpcErrorCode::ServiceUnavailable))
        );
        assert_eq!(
            of(r#"{"type":"about:blank","title":"Not Found","status":404,"detail":"No invoice 42"}"#),
            ("Not Found: No invoice 42".into(), Some(JsonRpcErrorCode::NotFound))
        );
        assert_eq!(
            of(r#"{"error":"invalid_grant","error_description":"Refresh token expired"}"#),
            ("invalid_grant: Refresh token expired".into(), None)
        );
        assert_eq!(
            of(r#"{"statusCode":429,"statusText":"Too Many Requests"}"#),
            ("Too Many Requests".into(), Some(JsonRpcErrorCode::RateLimited))
        );
        assert_eq!(of(r#"{"status":401}"#), ("HTTP status 401".into(), Some(JsonRpcErrorCode::Unauthorized)));
        // `status` wins over `statusCode`; a success status classifies as nothing.
        assert_eq!(of(r#"{"status":409,"statusCode":500}"#).1, Some(JsonRpcErrorCode::Conflict));
        assert_eq!(of(r#"{"status":200,"title":"OK"}"#), ("OK".into(), None));
        // Blank fields say nothing; nothing at all is the empty message.
        assert_eq!(of(r#"{"title":"  ","detail":"d"}"#).0, "d");
        assert_eq!(of(r#"{"status":"503","title":5}"#), (String::new(), None));
        assert_eq!(of("{}"), (String::new(), None));
    }

    /// helpers.ts (bce6466), `getErrorMessage`: an object that is no Error and whose JSON
    /// is `{}` reads `Non-Error object encountered (constructor: ${ctor || 'Object'})`;
    /// we write it for every such object that says nothing else (never its JSON).
    #[test]
    fn an_object_that_says_nothing_names_its_constructor() {
        assert_eq!(of(r#"{"constructorName":"Object"}"#).0, "Non-Error object encountered (constructor: Object)");
        assert_eq!(of(r#"{"constructorName":""}"#).0, "Non-Error object encountered (constructor: Object)");
        assert_eq!(
            of(r#"{"constructorName":"ApiFailure"}"#).0,
            "Non-Error object encountered (constructor: ApiFailure)"
        );
        // What the object says comes first.
        assert_eq!(of(r#"{"constructorName":"Object","status":404}"#).0, "HTTP status 404");
    }
}
