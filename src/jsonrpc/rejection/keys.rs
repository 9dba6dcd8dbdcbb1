//! Keys the caller sent that the schema does not take: unknown-key sentences, alias
//! collisions, and the closing `Validated …` / `Dropped …` sentences.

use super::input::{AliasCollision, MAX_KEY_SCAN};
use super::render::Renderer;
use crate::jsonrpc::hint::Sentence;
use crate::jsonrpc::path::write_path;
use crate::jsonrpc::schema::accepted_keys;
use crate::jsonrpc::text::Capped;
use crate::value::{JsNumber, Value};
use crate::zod::IssueView;

impl<'a> Renderer<'a> {
    /// The collision that declined `key` (the last one, when several did).
    pub(super) fn collided_by(&self, key: &str) -> Option<usize> {
        self.declined.iter().rev().find(|(k, _)| *k == key).map(|(_, i)| *i)
    }

    /// The collision sentences for `keys`, each collision once in the whole hint.
    pub(super) fn name_collisions<'k>(&mut self, keys: impl Iterator<Item = &'k str>, into: &mut Vec<String>) {
        for key in keys.take(MAX_KEY_SCAN) {
            let Some(i) = self.collided_by(key) else { continue };
            let (Some(named), Some(collision)) = (self.named.get_mut(i), self.pre.collisions.get(i)) else { continue };
            if *named {
                continue;
            }
            *named = true;
            into.push(collision_sentence(collision));
        }
    }

    /// `Unknown key opts.b. opts accepts: a.` — at the root, alias collisions first,
    /// in the order of the keys that name them, then the keys no collision declined.
    pub(super) fn unknown_key_sentences(&mut self, issue: IssueView<'a>, abs: &[&'a Value<'a>]) -> Vec<Sentence> {
        let keys = issue.unrecognized_keys();
        let mut framework = Vec::new();
        let root = abs.is_empty();
        let any_collision = root && !self.declined.is_empty();
        if any_collision {
            self.name_collisions(keys.iter().filter_map(Value::as_str), &mut framework);
        }
        let unknown: Vec<&Value> = keys
            .iter()
            .take(MAX_KEY_SCAN)
            .filter(|k| !any_collision || k.as_str().map_or(true, |k| self.collided_by(k).is_none()))
            .collect();
        let mut sentences: Vec<Sentence> = framework.into_iter().map(Sentence::Framework).collect();
        if unknown.is_empty() {
            return sentences;
        }
        // Keys past the scan are counted as unknown ones.
        let count = unknown.len() + keys.len().saturating_sub(MAX_KEY_SCAN);
        let mut s = Capped::line();
        s.push_str(if count == 1 { "Unknown key " } else { "Unknown keys " });
        for (i, key) in unknown.iter().enumerate() {
            if s.is_full() {
                break;
            }
            if i > 0 {
                s.push_str(", ");
            }
            if !root {
                write_path(&mut s, abs);
                s.push_char('.');
            }
            write_key(&mut s, key);
        }
        s.push_char('.');
        if let Some(accepted) = self.schema.and_then(|schema| accepted_keys(schema, abs)) {
            if root {
                s.push_str(" This tool accepts: ");
            } else {
                s.push_char(' ');
                write_path(&mut s, abs);
                s.push_str(" accepts: ");
            }
            for (i, name) in accepted.iter().enumerate() {
                if i > 0 {
                    s.push_str(", ");
                }
                s.push_str(name);
            }
            s.push_char('.');
        }
        sentences.push(Sentence::Framework(s.finish()));
        sentences
    }

    /// The sentences that close the hint: collisions a dropped key was declined by
    /// (and no unknown-key sentence named), then one `Validated q as query and n as
    /// limit.` and one `Dropped undeclared keys _a and _b.`, each cut at 1,024.
    pub(super) fn closing_sentences(&mut self) -> Vec<String> {
        let pre = self.pre;
        let mut out = Vec::new();
        if !self.declined.is_empty() {
            self.name_collisions(pre.ignored.iter().map(String::as_str), &mut out);
        }
        if !pre.aliased.is_empty() {
            let mut s = Capped::line();
            s.push_str("Validated ");
            push_names(&mut s, pre.aliased.len(), |s, i| {
                if let Some(a) = pre.aliased.get(i) {
                    s.push_str(&a.alias);
                    s.push_str(" as ");
                    s.push_str(&a.target);
                }
            });
            s.push_char('.');
            out.push(s.finish());
        }
        let dropped: Vec<&str> = pre
            .ignored
            .iter()
            .take(MAX_KEY_SCAN)
            .map(String::as_str)
            .filter(|k| self.collided_by(k).is_none())
            .collect();
        if !dropped.is_empty() {
            let mut s = Capped::line();
            s.push_str(if dropped.len() == 1 { "Dropped undeclared key " } else { "Dropped undeclared keys " });
            push_names(&mut s, dropped.len(), |s, i| s.push_str(dropped.get(i).copied().unwrap_or("")));
            s.push_char('.');
            out.push(s.finish());
        }
        out
    }
}

/// `a`, `a and b`, `a, b and c` — written into `out` until it is full, so a long
/// list costs only what shows.
pub(super) fn push_names(out: &mut Capped, count: usize, mut write: impl FnMut(&mut Capped, usize)) {
    for i in 0..count {
        if out.is_full() {
            return;
        }
        if i > 0 {
            out.push_str(if i + 1 == count { " and " } else { ", " });
        }
        write(out, i);
    }
}

pub(super) fn write_key(out: &mut Capped, key: &Value) {
    match key {
        Value::String(k) => out.push_str(k),
        Value::Number(n) => out.push_str(JsNumber::new(*n).as_str()),
        other => out.push_str(&other.to_json()),
    }
}

/// `maxResults is an alias of pageSize; send one of them, not both.`
pub(super) fn collision_sentence(collision: &AliasCollision) -> String {
    let aliases: Vec<&str> = collision.keys.iter().map(String::as_str).filter(|k| *k != collision.target).collect();
    let mut s = Capped::line();
    push_names(&mut s, aliases.len(), |s, i| s.push_str(aliases.get(i).copied().unwrap_or("")));
    s.push_str(if aliases.len() == 1 { " is an alias of " } else { " are aliases of " });
    s.push_str(&collision.target);
    s.push_str(if collision.keys.len() > 2 { "; send only one of them." } else { "; send one of them, not both." });
    s.finish()
}
