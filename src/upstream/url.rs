//! The upstream URL: its host for the message, and the URL itself, scrubbed, for
//! `data.url` when the caller asks for it.
//!
//! A response's `url` is the serialization the Fetch standard's URL parser wrote (or `''`
//! for a constructed `Response`), so reading that form is enough: a scheme, an authority
//! after `//` (special schemes tolerate missing or back slashes), then path, query and
//! fragment. The host is what mcp-ts-core's message names (`new URL(url).host`,
//! `httpError.ts` 37668a63): lowercase for the special schemes, the scheme's default
//! port left out, userinfo never. A string that is no URL names no host.
//!
//! The scrubbed URL drops the userinfo and the fragment, writes `***` for the value of
//! every query parameter whose name is a credential's ([`is_credential_name`], its name
//! percent-decoded first), and masks every secret shape the text still holds
//! ([`crate::redact::redact`]: a `ghp_…` path segment, a JWT).

use super::credential::is_credential_name;
use crate::redact::{redact, MASK};
use crate::value::js_number_string;

/// The special schemes and their default ports (`None`: `file`, which has none).
const SPECIAL: [(&str, Option<u16>); 6] =
    [("http", Some(80)), ("https", Some(443)), ("ws", Some(80)), ("wss", Some(443)), ("ftp", Some(21)), ("file", None)];

/// Bytes no host (outside IPv6 brackets) may hold.
const FORBIDDEN_HOST: &[u8] = b"\0\t\n\r #%/:<>?@[\\]^|\x7f";

/// The first byte of `text` in `set` (every delimiter here is ASCII, so a byte search
/// finds the same place a character search would).
#[inline(never)]
fn first_of(text: &str, set: &[u8]) -> Option<usize> {
    text.bytes().position(|b| set.contains(&b))
}

/// The last byte of `text` in `set`.
#[inline(never)]
fn last_of(text: &str, set: &[u8]) -> Option<usize> {
    text.bytes().rposition(|b| set.contains(&b))
}

/// `text` before and after the byte at `at`.
fn split_at_byte(text: &str, at: usize) -> (&str, &str) {
    (text.get(..at).unwrap_or_default(), text.get(at + 1..).unwrap_or_default())
}

/// A URL read as its parts; the userinfo is skipped as it is read.
struct Parts<'a> {
    scheme: String,
    special: Option<Option<u16>>,
    /// `host[:port]` as the URL serializer writes it; `None` when there is no authority.
    host: Option<String>,
    /// Path and query (the fragment is dropped).
    path: &'a str,
    query: Option<&'a str>,
}

/// `text` without the C0 controls and spaces around it and the tabs and newlines in it,
/// as the URL parser reads it.
fn cleaned(text: &str) -> String {
    let bytes = text.as_bytes();
    let start = bytes.iter().position(|&b| b > b' ').unwrap_or(bytes.len());
    let end = bytes.iter().rposition(|&b| b > b' ').map_or(start, |last| last + 1);
    let kept = bytes.get(start..end).unwrap_or_default();
    // Only ASCII bytes are dropped, so what is left is still UTF-8.
    String::from_utf8(kept.iter().copied().filter(|b| !matches!(b, b'\t' | b'\n' | b'\r')).collect())
        .unwrap_or_default()
}

fn parse(text: &str) -> Option<Parts<'_>> {
    let colon = first_of(text, b":")?;
    let scheme = text.get(..colon)?;
    let mut bytes = scheme.bytes();
    if !bytes.next()?.is_ascii_alphabetic()
        || !bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
    {
        return None;
    }
    let scheme = scheme.to_ascii_lowercase();
    let special = SPECIAL.iter().find(|(name, _)| *name == scheme).map(|(_, port)| *port);
    let after = text.get(colon + 1..)?;
    let (authority, rest) = match special {
        Some(None) => {
            // `file:` takes its authority after exactly two slashes.
            let slash = |b: Option<&u8>| matches!(b, Some(b'/' | b'\\'));
            if slash(after.as_bytes().first()) && slash(after.as_bytes().get(1)) {
                split_authority(after.get(2..).unwrap_or_default(), true)
            } else {
                (None, after)
            }
        }
        Some(Some(_)) => {
            let start = after.bytes().position(|b| b != b'/' && b != b'\\').unwrap_or(after.len());
            split_authority(after.get(start..).unwrap_or_default(), true)
        }
        None => match after.strip_prefix("//") {
            Some(start) => split_authority(start, false),
            None => (None, after),
        },
    };
    let host = match authority {
        None => None,
        Some(authority) => Some(host_of(authority, special)?),
    };
    let rest = first_of(rest, b"#").map_or(rest, |at| split_at_byte(rest, at).0);
    let (path, query) = match first_of(rest, b"?") {
        Some(at) => {
            let (path, query) = split_at_byte(rest, at);
            (path, Some(query))
        }
        None => (rest, None),
    };
    Some(Parts { scheme, special, host, path, query })
}

/// The authority (up to the first `/`, `?` or `#`, and `\` for a special scheme) and what follows.
fn split_authority(text: &str, special: bool) -> (Option<&str>, &str) {
    let end = first_of(text, if special { b"/?#\\" } else { b"/?#" }).unwrap_or(text.len());
    (text.get(..end), text.get(end..).unwrap_or_default())
}

/// `host[:port]` of an authority, userinfo left out; `None` when the URL parser would
/// reject it (a bad port, a forbidden code point, no host for a special scheme but `file`).
fn host_of(authority: &str, special: Option<Option<u16>>) -> Option<String> {
    let host_port = last_of(authority, b"@").map_or(authority, |at| split_at_byte(authority, at).1);
    let (host, port) = match last_of(host_port, b":") {
        Some(at) if last_of(host_port, b"]").map_or(true, |bracket| bracket < at) => {
            let (host, port) = split_at_byte(host_port, at);
            (host, Some(port))
        }
        _ => (host_port, None),
    };
    let valid_host = if let Some(inner) = host.strip_prefix('[') {
        inner
            .strip_suffix(']')
            .is_some_and(|v6| !v6.is_empty() && v6.bytes().all(|b| b.is_ascii_hexdigit() || matches!(b, b':' | b'.')))
    } else {
        !host.bytes().any(|b| FORBIDDEN_HOST.contains(&b))
    };
    if !valid_host {
        return None;
    }
    let port = match port.filter(|p| !p.is_empty()) {
        None => None,
        Some(digits) => {
            if !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            let mut value = 0u32;
            for digit in digits.bytes() {
                value = value * 10 + u32::from(digit - b'0');
                if value > 65_535 {
                    return None;
                }
            }
            (special.flatten().map(u32::from) != Some(value)).then_some(value)
        }
    };
    let mut out = match special {
        Some(_) => host.to_ascii_lowercase(),
        None => host.to_owned(),
    };
    if let Some(port) = port {
        out.push(':');
        out.push_str(&js_number_string(f64::from(port)));
    }
    if out.is_empty() && special.is_some_and(|port| port.is_some()) {
        return None;
    }
    Some(out)
}

/// The host (and a port other than the scheme's default) mcp-ts-core's message names;
/// `None` for text that is no URL or has no host.
#[inline(never)]
pub(crate) fn url_host(url: &str) -> Option<String> {
    parse(&cleaned(url))?.host.filter(|host| !host.is_empty())
}

/// The URL for `data.url`: no userinfo, no fragment, credential query values and secret
/// shapes masked; `None` for text that is no URL.
#[inline(never)]
pub(crate) fn scrubbed_url(url: &str) -> Option<String> {
    let text = cleaned(url);
    let parts = parse(&text)?;
    let mut out = parts.scheme;
    out.push(':');
    if let Some(host) = &parts.host {
        out.push_str("//");
        out.push_str(host);
    }
    if parts.special.is_some() && parts.host.is_some() {
        out.extend(parts.path.chars().map(|c| if c == '\\' { '/' } else { c }));
    } else {
        out.push_str(parts.path);
    }
    if let Some(query) = parts.query {
        out.push('?');
        scrub_query(query, &mut out);
    }
    Some(redact(&out).into_owned())
}

/// `query` with the value of each credential-named parameter written as [`MASK`].
fn scrub_query(query: &str, out: &mut String) {
    let mut rest = query;
    loop {
        let end = first_of(rest, b"&;").unwrap_or(rest.len());
        let pair = rest.get(..end).unwrap_or_default();
        match first_of(pair, b"=").map(|at| split_at_byte(pair, at)) {
            Some((name, value)) if !value.is_empty() && is_credential_name(&percent_decoded(name)) => {
                out.push_str(name);
                out.push('=');
                out.push_str(MASK);
            }
            _ => out.push_str(pair),
        }
        match rest.get(end..end + 1) {
            Some(separator) if !separator.is_empty() => {
                out.push_str(separator);
                rest = rest.get(end + 1..).unwrap_or_default();
            }
            _ => break,
        }
    }
}

/// A query parameter's name as a form decoder reads it: `%XX` decoded, `+` a space.
fn percent_decoded(name: &str) -> Vec<u8> {
    let bytes = name.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let hex = |at: usize| bytes.get(at).and_then(|h| char::from(*h).to_digit(16));
        match (b, hex(i + 1), hex(i + 2)) {
            (b'%', Some(high), Some(low)) => {
                out.push(u8::try_from(high * 16 + low).unwrap_or(b'?'));
                i += 3;
            }
            (b'+', _, _) => {
                out.push(b' ');
                i += 1;
            }
            _ => {
                out.push(b);
                i += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `new URL(text).host` in Node 22 for each (an empty string where it throws).
    #[test]
    fn the_host_is_what_new_url_names() {
        for (url, host) in [
            ("https://api.example.com/v1/search?q=x", Some("api.example.com")),
            ("https://user:pw@api.example.com:8443/x", Some("api.example.com:8443")),
            ("HTTPS://API.Example.COM:443/x", Some("api.example.com")),
            ("http://example.com:80", Some("example.com")),
            ("http://example.com:0080/x", Some("example.com")),
            ("http://example.com:08080/x", Some("example.com:8080")),
            ("https:\\\\example.com\\x", Some("example.com")),
            ("http:example.com/x", Some("example.com")),
            ("http://[::1]:3000/x", Some("[::1]:3000")),
            ("  https://example.com/\n", Some("example.com")),
            ("https://token@example.com@evil.example/x", Some("evil.example")),
            ("foo://Host:99/x", Some("Host:99")),
            ("mailto:someone@example.com", None),
            ("file:///etc/hosts", None),
            ("https://example.com:99999/", None),
            ("https://example.com:8a/", None),
            ("https://exa mple.com/", None),
            ("https:///x", Some("x")),
            ("not a url", None),
            ("", None),
        ] {
            assert_eq!(url_host(url).as_deref(), host, "{url:?}");
        }
    }

    #[test]
    fn the_scrubbed_url_keeps_no_userinfo_no_fragment_and_no_credential_value() {
        for (url, scrubbed) in [
            ("https://api.example.com/v1/search?q=term&page=2", "https://api.example.com/v1/search?q=term&page=2"),
            (
                "https://api.example.com/v1/search?q=secret-term&api_key=REDACTED",
                "https://api.example.com/v1/search?q=secret-term&api_key=***",
            ),
            ("https://admin:hunter2@db.example.com/x", "https://db.example.com/x"),
            (
                "https://ghp_token@example.com/x?token=abc;sig=xyz&page=1",
                "https://example.com/x?token=***;sig=***&page=1",
            ),
            (
                "https://example.com/x?API%5FKEY=abc&access+token=def",
                "https://example.com/x?API%5FKEY=***&access+token=***",
            ),
            ("https://example.com/x?token=&flag", "https://example.com/x?token=&flag"),
            ("https://example.com/cb#access_token=abc", "https://example.com/cb"),
            ("https://example.com:443/x?X-Amz-Signature=abc", "https://example.com/x?X-Amz-Signature=***"),
            ("https://example.com/u/ghp_16C7e42F292c6912E7710c838347Ae178B4a/x", "https://example.com/u/ghp_***/x"),
            ("mailto:a@example.com?password=x", "mailto:a@example.com?password=***"),
        ] {
            assert_eq!(scrubbed_url(url).as_deref(), Some(scrubbed), "{url:?}");
        }
        assert_eq!(scrubbed_url("not a url"), None);
        assert_eq!(scrubbed_url("https://exa mple.com/?token=abc"), None);
    }
}
