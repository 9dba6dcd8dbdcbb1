//! `httpErrorFromResponse`: the operation `lib/upstream.js` calls once it has read the
//! response (its status, status text, URL, the headers asked for, the body's first bytes).

use super::{request, Host, Json, ProtocolError};
use crate::upstream::{http_error, HttpErrorOptions, UpstreamResponse};

request! {
    /// What the JS layer read of a `Response`, and the caller's options.
    HttpErrorFromResponse<'a> as "HttpErrorFromResponseRequest" {
        status: f64 = "status",
        /// At most TEXT_UNITS + 1 units of each text below (the core cuts at TEXT_UNITS).
        status_text: &'a str = "statusText",
        url: &'a str = "url",
        /// The `Retry-After` header, when the response carries one.
        retry_after: Option<&'a str> = "retryAfter",
        /// `[[name, value | null], …]`: each name of `errorHeaders` (at most
        /// UPSTREAM_HEADER_NAMES) and the value the response gave for it.
        headers: Option<Json<'a>> = "headers",
        /// The body's first `bodyLimit` + BODY_SLACK bytes, decoded (left out: not read).
        body: Option<&'a str> = "body",
        /// The body went on past `bodyLimit` bytes.
        body_more: bool = "bodyMore",
        service: Option<&'a str> = "service",
        include_url: bool = "includeUrl",
        /// The caller's `bodyLimit` (left out: the default).
        body_limit: Option<f64> = "bodyLimit",
        /// The caller's `data`: an object of its keys, each value a placeholder the JS
        /// layer replaces with the caller's own value.
        data: Option<Json<'a>> = "data",
    }
}

/// `{ code, message, data }` of the upstream failure.
pub(crate) fn http_error_from_response(
    request: HttpErrorFromResponse<'_>,
    _: &mut dyn Host,
) -> Result<String, ProtocolError> {
    let headers = request.headers.and_then(|h| h.0.as_array()).unwrap_or_default();
    let headers = headers
        .iter()
        .filter_map(|pair| match pair.as_array()? {
            [name, value] => Some((name.as_str()?, value.as_str())),
            _ => None,
        })
        .collect();
    let response = UpstreamResponse {
        status: request.status,
        status_text: request.status_text,
        url: request.url,
        retry_after: request.retry_after,
        headers,
        body: request.body.map(|text| (text, request.body_more)),
    };
    let options = HttpErrorOptions {
        service: request.service,
        include_url: request.include_url,
        body_limit: request.body_limit,
        data: request.data.and_then(|d| d.0.as_object()),
    };
    Ok(http_error(&response, &options).to_json())
}

#[cfg(test)]
mod tests {
    use super::super::table::entry;
    use super::super::{encode_json, Host};

    struct NoRandom;
    impl Host for NoRandom {
        fn fill_random(&mut self, _: &mut [u8]) -> bool {
            false
        }
    }

    #[test]
    fn the_operation_reads_the_request_and_answers_the_parts() {
        let request = r#"{"status":429,"statusText":"Too Many Requests","url":"https://api.example.com/x?token=t",
            "retryAfter":"soon","headers":[["X-Request-Id","req-7"],["Authorization","Bearer x"],["x-absent",null]],
            "body":"slow down","bodyMore":false,"includeUrl":true,"data":{"endpoint":"g"}}"#;
        let bytes = encode_json("httpErrorFromResponse", request).unwrap();
        let answer = entry::http_error_from_response(&bytes, &mut NoRandom).unwrap();
        assert_eq!(
            answer,
            concat!(
                r#"{"code":-32003,"message":"api.example.com returned HTTP 429 Too Many Requests.","data":{"#,
                r#""url":"https://api.example.com/x?token=***","status":429,"statusText":"Too Many Requests","#,
                r#""body":"slow down","statusCode":429,"responseBody":"slow down","headers":{"x-request-id":"req-7"},"#,
                r#""endpoint":"g"}}"#
            )
        );
    }
}
