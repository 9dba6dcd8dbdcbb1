//! Classifying a Rust error: its `source()` chain read as the npm package reads a thrown
//! value's `cause` chain, an [`std::io::ErrorKind`] read as the system code Node gives
//! the same failure.

use super::bound::js_slice;
use super::mcp_error::McpError;
use crate::classify::{classify, Classification, Code, Link, Thrown, ThrownKind, CLASSIFY_TEXT_CAP, MAX_CAUSES};
use crate::codes::JsonRpcErrorCode;
use std::error::Error;
use std::io::ErrorKind;

/// The name every Rust error is read under: Rust errors have no `name`, and a JS `Error`'s
/// is `Error`, so only the message, the code and the chain decide.
const NAME: &str = "Error";

/// The Node system code (`err.code`) for the same failure, where there is one.
pub(super) fn system_code(kind: ErrorKind) -> Option<&'static str> {
    Some(match kind {
        ErrorKind::ConnectionRefused => "ECONNREFUSED",
        ErrorKind::ConnectionReset => "ECONNRESET",
        ErrorKind::BrokenPipe => "EPIPE",
        ErrorKind::TimedOut => "ETIMEDOUT",
        ErrorKind::HostUnreachable => "EHOSTUNREACH",
        ErrorKind::NetworkUnreachable => "ENETUNREACH",
        _ => return None,
    })
}

/// The code an I/O failure of this kind gets, as the npm package gives the Node error
/// that carries the same system code (`ECONNREFUSED` → ServiceUnavailable, `ETIMEDOUT` →
/// Timeout); `None` where Node's code says nothing the classification reads.
///
/// ```
/// use mcp_envelope::{code_for_io_kind, JsonRpcErrorCode};
/// use std::io::ErrorKind;
///
/// assert_eq!(code_for_io_kind(ErrorKind::ConnectionRefused), Some(JsonRpcErrorCode::ServiceUnavailable));
/// assert_eq!(code_for_io_kind(ErrorKind::TimedOut), Some(JsonRpcErrorCode::Timeout));
/// assert_eq!(code_for_io_kind(ErrorKind::InvalidData), None);
/// ```
pub fn code_for_io_kind(kind: ErrorKind) -> Option<JsonRpcErrorCode> {
    system_code(kind).and_then(crate::classify::system_code::system_code)
}

/// One error of a chain as the classification reads it.
struct Read {
    mcp: Option<i32>,
    message: String,
    code: Option<&'static str>,
}

fn read(error: &(dyn Error + 'static)) -> Read {
    let mcp = error.downcast_ref::<McpError>().map(|e| e.code);
    let code = error.downcast_ref::<std::io::Error>().and_then(|e| system_code(e.kind()));
    // As the npm package reads a thrown value's message and each cause's: at most
    // CLASSIFY_TEXT_CAP units.
    let message = error.to_string();
    let message = js_slice(&message, CLASSIFY_TEXT_CAP).into_owned();
    Read { mcp, message, code }
}

impl Read {
    fn link(&self) -> Link<'_> {
        let code = match (self.mcp, self.code) {
            (Some(n), _) => Code::Number(n),
            (None, Some(text)) => Code::Text(text),
            (None, None) => Code::Absent,
        };
        let kind = if self.mcp.is_some() { ThrownKind::McpError } else { ThrownKind::Other };
        Link { kind, name: NAME, message: &self.message, code }
    }
}

/// The error and its sources, nearest first, at most [`MAX_CAUSES`] sources.
fn chain(error: &(dyn Error + 'static)) -> Vec<Read> {
    let mut links = vec![read(error)];
    let mut next = error.source();
    while let (Some(cause), true) = (next, links.len() <= MAX_CAUSES) {
        links.push(read(cause));
        next = cause.source();
    }
    links
}

/// [`classify_error`] and the messages of the error's sources, nearest first (what
/// guidance names), from one read of its chain.
pub(crate) fn classified(error: &(dyn Error + 'static)) -> (Classification, Vec<String>) {
    let links = chain(error);
    let classification = classify_chain(&links);
    (classification, links.into_iter().skip(1).map(|r| r.message).collect())
}

/// The JSON-RPC code and category for any Rust error, by mcp-ts-core's rules as the npm
/// package's `classify` applies them to a thrown value: an [`McpError`] keeps its code;
/// otherwise the message's patterns (`not found`, `rate limit`, `timed out`, …), then
/// what the error is made of: an [`std::io::Error`]'s kind (see [`code_for_io_kind`]) and
/// each [`source`](Error::source), nearest first (five at most). Nothing found:
/// InternalError.
///
/// ```
/// use mcp_envelope::{classify_error, JsonRpcErrorCode};
/// use std::io;
///
/// let refused = io::Error::new(io::ErrorKind::ConnectionRefused, "connect failed");
/// assert_eq!(classify_error(&refused).code, JsonRpcErrorCode::ServiceUnavailable);
///
/// #[derive(Debug)]
/// struct Lookup(io::Error);
/// impl std::fmt::Display for Lookup {
///     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str("lookup failed") }
/// }
/// impl std::error::Error for Lookup {
///     fn source(&self) -> Option<&(dyn std::error::Error + 'static)> { Some(&self.0) }
/// }
/// // The wrapper says nothing; what it wraps decides.
/// let wrapped = Lookup(io::Error::new(io::ErrorKind::TimedOut, "slow"));
/// assert_eq!(classify_error(&wrapped).code, JsonRpcErrorCode::Timeout);
///
/// let plain = io::Error::other("record not found");
/// assert_eq!(classify_error(&plain).code, JsonRpcErrorCode::NotFound);
/// ```
pub fn classify_error(error: &(dyn Error + 'static)) -> Classification {
    classify_chain(&chain(error))
}

/// The classification of a chain read by [`chain`] (the error first).
fn classify_chain(links: &[Read]) -> Classification {
    let Some((own, causes)) = links.split_first() else {
        return classify(&Thrown::error(NAME, ""), false);
    };
    let causes: Vec<Link<'_>> = causes.iter().map(Read::link).collect();
    let link = own.link();
    let thrown = Thrown {
        kind: link.kind,
        name: link.name,
        message: link.message,
        code: link.code,
        causes: &causes,
        status: None,
    };
    classify(&thrown, false)
}
