//! A failure's `cause` chain as its log record writes it: mcp-ts-core's
//! `extractErrorCauseChain` (src/utils/internal/error-handler/helpers.ts, commit
//! bce6466): the thrown value itself at depth 0, then each cause, nearest first.
//!
//! | the link | its node |
//! |---|---|
//! | an object | `{ name, message, depth, code?, stack? }`: its name by the classifier's rule, its own string `code` |
//! | a string cause | `{ name: 'StringError', message: <the string>, depth }`, the last node |
//! | another primitive | `{ name: '<typeof>Encountered', message: <its text>, depth }`, the last node |
//! | a cause seen before | `{ name: 'CircularReference', message: 'Circular reference detected in error cause chain', depth }` |
//! | past [`LOG_CAUSES`] nodes | `{ name: 'MaxDepthExceeded', message: 'Error cause chain exceeded maximum depth of 20', depth }` |
//! | a cause whose read threw | `{ name: '[Unreadable]', message: '[Unreadable]', depth }` (seed 002) |
//!
//! The JS layer reads each link as `classify` reads one (its name facts, `message`,
//! `code`), with its `stack`, and says where its walk stopped early ([`ChainEnd`]). `rootCause` is the last node's `{ name,
//! message }`.

use std::borrow::Cow;

use crate::classify::name::{error_name, Seen};
use crate::js_constants::UNREADABLE;

/// How many nodes the chain keeps, the thrown value's own included (the reference's
/// `maxDepth`); a longer chain ends with a `MaxDepthExceeded` node.
pub const LOG_CAUSES: usize = 20;

/// Why the JS layer's walk of the chain stopped before its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChainEnd {
    /// The next cause was one seen before.
    Cycle,
    /// [`LOG_CAUSES`] links were read and there was a next cause.
    Depth,
    /// Reading the next cause threw.
    Unreadable,
}

/// One link as the JS layer read it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ChainLink<'a> {
    /// A value: what names it, its message as text, its own string `code`, its `stack`.
    Value { seen: Seen<'a>, message: &'a str, code: Option<&'a str>, stack: Option<&'a str> },
    /// Where the walk stopped.
    End(ChainEnd),
}

/// One node of the chain.
#[derive(Debug, Clone, PartialEq)]
pub struct ChainNode<'a> {
    pub name: Cow<'a, str>,
    pub message: Cow<'a, str>,
    pub depth: usize,
    /// The link's own string `code` (a transport code such as `ECONNREFUSED`).
    pub code: Option<&'a str>,
    pub stack: Option<&'a str>,
}

/// The nodes of the thrown value (`first`) and its causes `links` (see the module's
/// doc): at most [`LOG_CAUSES`] of them, then the node of where the walk stopped.
pub fn chain_nodes<'a>(first: ChainNode<'a>, links: &[ChainLink<'a>]) -> Vec<ChainNode<'a>> {
    let mut nodes = vec![first];
    for link in links {
        let depth = nodes.len();
        match *link {
            ChainLink::End(end) => {
                nodes.push(end_node(end, depth));
                break;
            }
            _ if depth == LOG_CAUSES => {
                nodes.push(end_node(ChainEnd::Depth, depth));
                break;
            }
            ChainLink::Value { seen, message, code, stack } => {
                let name = match seen {
                    Seen::Primitive { type_of: "string" } => Cow::Borrowed("StringError"),
                    _ => error_name(&seen),
                };
                nodes.push(ChainNode { name, message: Cow::Borrowed(message), depth, code, stack });
            }
        }
    }
    nodes
}

fn end_node(end: ChainEnd, depth: usize) -> ChainNode<'static> {
    let (name, message): (&str, Cow<'static, str>) = match end {
        ChainEnd::Cycle => ("CircularReference", "Circular reference detected in error cause chain".into()),
        ChainEnd::Unreadable => (UNREADABLE, UNREADABLE.into()),
        ChainEnd::Depth => {
            ("MaxDepthExceeded", format!("Error cause chain exceeded maximum depth of {LOG_CAUSES}").into())
        }
    };
    ChainNode { name: Cow::Borrowed(name), message, depth, code: None, stack: None }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classify::name::NameRead;

    fn error<'a>(name: &'a str, message: &'a str) -> ChainLink<'a> {
        ChainLink::Value {
            seen: Seen::Object { error: true, name: NameRead::Text(name) },
            message,
            code: None,
            stack: None,
        }
    }

    /// The nodes of `links`, the first standing for the thrown value.
    fn names(links: &[ChainLink<'_>]) -> Vec<(String, String, usize)> {
        let Some((ChainLink::Value { seen, message, code, stack }, causes)) = links.split_first() else {
            return Vec::new();
        };
        let first = ChainNode {
            name: error_name(seen),
            message: Cow::Borrowed(*message),
            depth: 0,
            code: *code,
            stack: *stack,
        };
        chain_nodes(first, causes).into_iter().map(|n| (n.name.into_owned(), n.message.into_owned(), n.depth)).collect()
    }

    /// helpers.ts (bce6466), `extractErrorCauseChain`: the doc's example, a string
    /// cause, a number cause, the circular sentinel and the depth sentinel.
    #[test]
    fn the_reference_s_nodes() {
        let outer = error("Error", "user lookup failed");
        let inner = error("Error", "db connection failed");
        assert_eq!(
            names(&[outer, inner]),
            [("Error".into(), "user lookup failed".into(), 0), ("Error".into(), "db connection failed".into(), 1)]
        );
        let string = ChainLink::Value {
            seen: Seen::Primitive { type_of: "string" },
            message: "socket hang up",
            code: None,
            stack: None,
        };
        assert_eq!(names(&[outer, string])[1], ("StringError".into(), "socket hang up".into(), 1));
        let number =
            ChainLink::Value { seen: Seen::Primitive { type_of: "number" }, message: "404", code: None, stack: None };
        assert_eq!(names(&[outer, number])[1], ("numberEncountered".into(), "404".into(), 1));
        assert_eq!(
            names(&[outer, inner, ChainLink::End(ChainEnd::Cycle)])[2],
            ("CircularReference".into(), "Circular reference detected in error cause chain".into(), 2)
        );
        let nodes = names(&[outer; 30]);
        assert_eq!(nodes.len(), LOG_CAUSES + 1);
        assert_eq!(
            nodes.last().cloned(),
            Some(("MaxDepthExceeded".into(), "Error cause chain exceeded maximum depth of 20".into(), 20))
        );
        assert_eq!(names(&[outer; LOG_CAUSES]).len(), LOG_CAUSES);
        assert_eq!(names(&[outer, ChainLink::End(ChainEnd::Depth)])[1].0, "MaxDepthExceeded");
    }

    /// Seed 002: "an unreadable cause ends causeChain as a node whose name and message are both '[Unreadable]'".
    #[test]
    fn an_unreadable_cause_ends_the_chain() {
        let outer = error("Error", "m");
        assert_eq!(
            names(&[outer, ChainLink::End(ChainEnd::Unreadable), outer]),
            [("Error".into(), "m".into(), 0), ("[Unreadable]".into(), "[Unreadable]".into(), 1)]
        );
    }

    #[test]
    fn a_node_keeps_its_code_and_stack() {
        let link = ChainLink::Value {
            seen: Seen::Object { error: true, name: NameRead::Text("TypeError") },
            message: "fetch failed",
            code: Some("ECONNREFUSED"),
            stack: Some("TypeError: fetch failed\n    at x"),
        };
        let first = ChainNode { name: "Error".into(), message: "outer".into(), depth: 0, code: None, stack: None };
        let nodes = chain_nodes(first, &[link]);
        assert_eq!(nodes.get(1).and_then(|n| n.code), Some("ECONNREFUSED"));
        assert_eq!(nodes.get(1).and_then(|n| n.stack), Some("TypeError: fetch failed\n    at x"));
    }
}
