#![cfg(not(target_arch = "wasm32"))]
//! No two modules of the core import each other, directly or through others: each
//! `crate::…` / `super::…` path in a module's code (its tests and comments aside) is an
//! edge to the deepest module it names, and the graph has no cycle.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// Module path (`jsonrpc::bound`) → its source, tests and comment lines left out.
fn modules() -> BTreeMap<String, String> {
    fn walk(dir: &Path, prefix: &[String], out: &mut BTreeMap<String, String>) {
        for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.unwrap_or_else(|e| panic!("{e}")).path();
            let name = path.file_stem().and_then(|n| n.to_str()).unwrap_or_default().to_owned();
            if path.is_dir() {
                let mut inner = prefix.to_vec();
                inner.push(name);
                walk(&path, &inner, out);
            } else if path.extension().is_some_and(|x| x == "rs") {
                let mut module = prefix.to_vec();
                if name != "mod" && name != "lib" {
                    module.push(name);
                }
                let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                let code = text.split("#[cfg(test)]").next().unwrap_or_default();
                let code: Vec<&str> = code.lines().filter(|l| !l.trim_start().starts_with("//")).collect();
                out.insert(module.join("::"), code.join("\n"));
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &[], &mut out);
    out
}

/// The modules `code` (of `module`) names through `crate::` or `super::` paths.
fn edges(module: &str, code: &str, known: &BTreeMap<String, String>, is_dir: bool) -> BTreeSet<String> {
    let here: Vec<&str> = if module.is_empty() { Vec::new() } else { module.split("::").collect() };
    let mut out = BTreeSet::new();
    for start in ["crate::", "super::"] {
        for (at, _) in code.match_indices(start) {
            let before = code.get(..at).and_then(|b| b.chars().next_back());
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let path: String = code
                .get(at..)
                .unwrap_or_default()
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            let mut segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
            let mut base: Vec<&str> = Vec::new();
            if segments.first() == Some(&"crate") {
                segments.remove(0);
            } else {
                // `super` of a file module is its parent; of a `mod.rs`, the parent's parent.
                base = here.clone();
                if !is_dir {
                    base.pop();
                }
                while segments.first() == Some(&"super") {
                    segments.remove(0);
                    base.pop();
                }
                if is_dir {
                    base.pop();
                }
            }
            let full: Vec<&str> = base.into_iter().chain(segments).collect();
            let target = (1..=full.len()).rev().map(|k| full[..k].join("::")).find(|m| known.contains_key(m));
            if let Some(target) = target.filter(|t| t != module && !module.starts_with(&format!("{t}::"))) {
                out.insert(target);
            }
        }
    }
    out
}

fn cycle_from(start: &str, graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    let mut stack = vec![(start.to_owned(), vec![start.to_owned()])];
    let mut seen = BTreeSet::new();
    while let Some((node, path)) = stack.pop() {
        for next in graph.get(&node).into_iter().flatten() {
            if next == start {
                return Some(path.iter().cloned().chain([start.to_owned()]).collect());
            }
            if seen.insert(next.clone()) {
                stack.push((next.clone(), path.iter().cloned().chain([next.clone()]).collect()));
            }
        }
    }
    None
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let known = modules();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph: BTreeMap<String, BTreeSet<String>> = known
        .iter()
        .map(|(module, code)| {
            let file = root.join(module.replace("::", "/"));
            (module.clone(), edges(module, code, &known, file.is_dir()))
        })
        .collect();
    assert!(graph.len() > 40, "the scan sees the modules: {}", graph.len());
    assert!(graph.get("protocol::jsonrpc").is_some_and(|e| e.contains("jsonrpc::envelope") || e.contains("jsonrpc")));
    let cycles: Vec<String> = graph.keys().filter_map(|m| cycle_from(m, &graph)).map(|c| c.join(" -> ")).collect();
    assert!(cycles.is_empty(), "import cycles:\n{}", cycles.join("\n"));
}

#[test]
fn the_scan_sees_a_cycle() {
    let mut known = BTreeMap::new();
    known.insert("a".to_owned(), "use crate::b::f;".to_owned());
    known.insert("b".to_owned(), "use super::a::g;".to_owned());
    let graph: BTreeMap<String, BTreeSet<String>> =
        known.iter().map(|(m, code)| (m.clone(), edges(m, code, &known, false))).collect();
    assert_eq!(cycle_from("a", &graph), Some(vec!["a".to_owned(), "b".to_owned(), "a".to_owned()]));
}
