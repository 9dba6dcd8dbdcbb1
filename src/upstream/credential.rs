//! Which names carry a credential: a response header or a URL query parameter so named
//! is never written, whatever the caller asked for.
//!
//! mcp-ts-core (`src/utils/network/httpError.ts`, 37668a63) refuses only `set-cookie`
//! and leaves every other name to the caller's judgement; a header list is easy to get
//! wrong and the data reaches the client, so the rule here is wider: the names every
//! HTTP stack uses for credentials, and any name holding one of the words below.

/// Names refused whole (lowercase).
const EXACT: [&str; 9] =
    ["authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "sig", "pwd", "pass", "jwt"];

/// Names refused when they hold one of these (lowercase), anywhere: `x-auth-token`,
/// `api_key`, `client_secret`, `X-Amz-Signature`, `oauth_verifier`.
const WORDS: [&str; 10] =
    ["token", "secret", "auth", "key", "password", "passwd", "cookie", "session", "credential", "signature"];

/// Whether `name` (any case; bytes, as a percent-decoded query name may be) names a credential.
pub(crate) fn is_credential_name(name: &[u8]) -> bool {
    let lower = name.to_ascii_lowercase();
    EXACT.iter().any(|exact| exact.as_bytes() == lower.as_slice())
        || WORDS.iter().any(|word| lower.windows(word.len()).any(|window| window == word.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credential_headers_and_parameters_are_refused_in_any_case() {
        for name in [
            "Authorization",
            "proxy-authorization",
            "Cookie",
            "Set-Cookie",
            "X-API-Key",
            "x-auth-token",
            "X-Amz-Security-Token",
            "x-goog-api-key",
            "api_key",
            "apiKey",
            "access_token",
            "client_secret",
            "X-Amz-Signature",
            "sig",
            "PWD",
            "x-session-id",
            "x-client-credential",
            "jwt",
        ] {
            assert!(is_credential_name(name.as_bytes()), "{name}");
        }
    }

    #[test]
    fn ordinary_names_pass() {
        for name in
            ["x-request-id", "retry-after", "location", "x-ratelimit-remaining-usd", "q", "page", "content-type"]
        {
            assert!(!is_credential_name(name.as_bytes()), "{name}");
        }
    }
}
