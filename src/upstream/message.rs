//! The message: mcp-ts-core's `${subject} returned HTTP ${status}${statusText}.`
//! (`httpError.ts`, 37668a63), the subject being the caller's service, else the URL's
//! host, else `Upstream`; the status text follows a space when there is one.

use crate::value::js_number_string;

/// The subject when neither a service nor a host names the upstream.
pub const NO_SUBJECT: &str = "Upstream";

/// The message for `status` and its (already bounded) `status_text`, naming `service`
/// or else `host`.
#[inline(never)]
pub(crate) fn message(service: Option<&str>, host: Option<&str>, status: f64, status_text: &str) -> String {
    let subject = service.or(host).unwrap_or(NO_SUBJECT);
    let mut out = format!("{subject} returned HTTP {}", js_number_string(status));
    if !status_text.is_empty() {
        out.push(' ');
        out.push_str(status_text);
    }
    out.push('.');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The messages mcp-ts-core's tests/unit/utils/network/httpError.test.ts (37668a63) pins.
    #[test]
    fn the_messages_mcp_ts_core_writes() {
        assert_eq!(
            message(Some("NCBI"), Some("api.example.com"), 429.0, "Too Many Requests"),
            "NCBI returned HTTP 429 Too Many Requests."
        );
        assert_eq!(message(None, Some("api.example.com"), 503.0, ""), "api.example.com returned HTTP 503.");
        assert_eq!(message(None, None, 500.0, ""), "Upstream returned HTTP 500.");
        assert_eq!(message(Some("probe"), None, 503.0, ""), "probe returned HTTP 503.");
        assert_eq!(message(None, None, 0.0, ""), "Upstream returned HTTP 0.");
    }
}
