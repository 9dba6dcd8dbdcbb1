//! What the tool's JSON Schema (`inputSchema`, as `z.toJSONSchema` writes it) says
//! an object at a path accepts. This is how the formatter names accepted keys with
//! no Zod at run time.
//!
//! The walk follows `properties`, `additionalProperties`, `items` and `prefixItems`,
//! resolves local `$ref`s, and fans out over `anyOf` / `oneOf`. A list of accepted
//! keys is named only when every candidate object at the path agrees on it: a union
//! of differently shaped objects (a discriminated-union root, say) names none.

use crate::value::{js_number_string, Value};

/// Candidate schema nodes the walk keeps at once; more are ignored.
const MAX_CANDIDATES: usize = 16;
/// `$ref` hops followed from one node, so a reference cycle ends.
const MAX_REF_HOPS: usize = 8;
/// Path segments followed at most; a deeper path names no keys.
const MAX_SCHEMA_PATH: usize = 64;

/// The keys the object at `path` accepts, in schema order, or `None` when the schema
/// does not say one definite list (no schema, no object there, disagreeing branches,
/// or an object with no properties at all).
pub fn accepted_keys<'a>(schema: &'a Value<'a>, path: &[&Value]) -> Option<Vec<&'a str>> {
    if path.len() > MAX_SCHEMA_PATH {
        return None;
    }
    let mut nodes: Vec<&'a Value<'a>> = Vec::new();
    expand(schema, schema, &mut nodes);
    for seg in path {
        let mut next: Vec<&'a Value<'a>> = Vec::new();
        for node in &nodes {
            if let Some(child) = step(node, seg) {
                expand(schema, child, &mut next);
            }
        }
        if next.is_empty() {
            return None;
        }
        nodes = next;
    }
    let mut answer: Option<Vec<&'a str>> = None;
    for node in nodes {
        let Some(keys) = property_names(schema, node) else { continue };
        match &answer {
            None => answer = Some(keys),
            Some(seen) if *seen == keys => {}
            Some(_) => return None,
        }
    }
    answer.filter(|keys| !keys.is_empty())
}

/// One path step from a schema node (already expanded: no `$ref`, no `anyOf`).
fn step<'a>(node: &'a Value<'a>, seg: &Value) -> Option<&'a Value<'a>> {
    let key = match seg {
        Value::String(s) => Some(s.to_string()),
        Value::Number(n) => Some(js_number_string(*n)),
        _ => None,
    }?;
    if let Some(child) = node.get("properties").and_then(|p| p.get(&key)) {
        return Some(child);
    }
    if let Some(index) = key.parse::<usize>().ok().filter(|_| is_array_schema(node)) {
        if let Some(child) = node.get("prefixItems").and_then(Value::as_array).and_then(|items| items.get(index)) {
            return Some(child);
        }
        return node.get("items").filter(|i| matches!(i, Value::Object(_)));
    }
    node.get("additionalProperties").filter(|a| matches!(a, Value::Object(_)))
}

fn is_array_schema(node: &Value) -> bool {
    node.get("type").and_then(Value::as_str) == Some("array")
        || node.get("items").is_some()
        || node.get("prefixItems").is_some()
}

/// Pushes `node` with its `$ref` resolved and its `anyOf` / `oneOf` fanned out.
fn expand<'a>(root: &'a Value<'a>, node: &'a Value<'a>, out: &mut Vec<&'a Value<'a>>) {
    let mut pending: Vec<&'a Value<'a>> = vec![node];
    let mut steps = 0usize;
    while let Some(mut current) = pending.pop() {
        steps += 1;
        if out.len() >= MAX_CANDIDATES || steps > MAX_CANDIDATES * 4 {
            return;
        }
        let mut hops = 0usize;
        while let Some(target) = current.get("$ref").and_then(Value::as_str) {
            hops += 1;
            match resolve_ref(root, target) {
                Some(resolved) if hops <= MAX_REF_HOPS => current = resolved,
                _ => break,
            }
        }
        let branches = current.get("anyOf").or_else(|| current.get("oneOf")).and_then(Value::as_array);
        match branches {
            // Pushed in reverse so candidates keep the schema's branch order.
            Some(list) => pending.extend(list.iter().take(MAX_CANDIDATES).rev()),
            None => out.push(current),
        }
    }
}

/// A local JSON pointer (`#`, `#/$defs/x`), with `~1` / `~0` unescaped.
fn resolve_ref<'a>(root: &'a Value<'a>, target: &str) -> Option<&'a Value<'a>> {
    let pointer = target.strip_prefix('#')?;
    let mut current = root;
    for raw in pointer.split('/').skip(1).take(MAX_SCHEMA_PATH) {
        let seg = raw.replace("~1", "/").replace("~0", "~");
        current = match current {
            Value::Array(items) => items.get(seg.parse::<usize>().ok()?)?,
            _ => current.get(&seg)?,
        };
    }
    Some(current)
}

/// The `properties` keys of an object node, with those of its `allOf` parts (an
/// intersection accepts both sides' keys). `None` if it describes no object.
fn property_names<'a>(root: &'a Value<'a>, node: &'a Value<'a>) -> Option<Vec<&'a str>> {
    let mut keys: Vec<&'a str> = Vec::new();
    let mut any = false;
    let mut parts: Vec<&'a Value<'a>> = vec![node];
    if let Some(all) = node.get("allOf").and_then(Value::as_array) {
        for part in all.iter().take(MAX_CANDIDATES) {
            let mut resolved = Vec::new();
            expand(root, part, &mut resolved);
            // An `allOf` part that is itself a union says nothing definite.
            if let [single] = resolved.as_slice() {
                parts.push(single);
            }
        }
    }
    for part in parts {
        if let Some(props) = part.get("properties").and_then(Value::as_object) {
            any = true;
            for (k, _) in props {
                if !keys.contains(&k.as_ref()) {
                    keys.push(k);
                }
            }
        }
    }
    any.then_some(keys)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(text: &str) -> Value<'static> {
        Value::parse_json(text).unwrap()
    }

    #[test]
    fn names_root_and_nested_keys() {
        let schema = v(
            r##"{"type":"object","properties":{"q":{"type":"string"},"opts":{"anyOf":[{"type":"object","properties":{"a":{}}},{"type":"null"}]},"items":{"type":"array","items":{"$ref":"#/$defs/item"}}},"$defs":{"item":{"type":"object","properties":{"name":{}}}}}"##,
        );
        assert_eq!(accepted_keys(&schema, &[]), Some(vec!["q", "opts", "items"]));
        let opts = v(r#""opts""#);
        assert_eq!(accepted_keys(&schema, &[&opts]), Some(vec!["a"]));
        let items = v(r#""items""#);
        let one = v("1");
        assert_eq!(accepted_keys(&schema, &[&items, &one]), Some(vec!["name"]));
    }

    #[test]
    fn a_union_of_different_objects_names_nothing() {
        let schema =
            v(r#"{"oneOf":[{"type":"object","properties":{"a":{}}},{"type":"object","properties":{"b":{}}}]}"#);
        assert_eq!(accepted_keys(&schema, &[]), None);
        let empty = v(r#"{"type":"object","properties":{}}"#);
        assert_eq!(accepted_keys(&empty, &[]), None);
    }

    #[test]
    fn ref_cycles_end() {
        let schema = v(r##"{"$ref":"#"}"##);
        assert_eq!(accepted_keys(&schema, &[]), None);
    }

    #[test]
    fn branches_that_agree_name_their_keys() {
        let schema = v(
            r#"{"anyOf":[{"type":"object","properties":{"a":{},"b":{}}},{"type":"object","properties":{"a":{},"b":{}}}]}"#,
        );
        assert_eq!(accepted_keys(&schema, &[]), Some(vec!["a", "b"]));
    }

    #[test]
    fn paths_are_followed_to_the_depth_cap_and_no_further() {
        // Objects nested through `a`, `depth` levels below the root; the innermost accepts `z`.
        let nested = |depth: usize| {
            let mut node = v(r#"{"type":"object","properties":{"z":{}}}"#);
            for _ in 0..depth {
                node = Value::Object(vec![
                    ("type".into(), Value::str("object")),
                    ("properties".into(), Value::Object(vec![("a".into(), node)])),
                ]);
            }
            node
        };
        let a = v(r#""a""#);
        let schema = nested(MAX_SCHEMA_PATH);
        assert_eq!(accepted_keys(&schema, &vec![&a; MAX_SCHEMA_PATH]), Some(vec!["z"]));
        let schema = nested(MAX_SCHEMA_PATH + 1);
        assert_eq!(accepted_keys(&schema, &vec![&a; MAX_SCHEMA_PATH + 1]), None);
    }

    #[test]
    fn a_numeric_key_reads_an_array_schema_s_items_and_an_object_s_additional_properties() {
        let key = |k: &str| Value::str(k);
        let zero = v("0");
        // An object with extra properties: a numeric key is one more property.
        let map = v(r#"{"type":"object","additionalProperties":{"type":"object","properties":{"x":{}}}}"#);
        assert_eq!(accepted_keys(&map, &[&key("7")]), Some(vec!["x"]));
        // An array by its `items` alone, or by its `prefixItems` alone.
        let items = v(r#"{"items":{"type":"object","properties":{"a":{}}}}"#);
        assert_eq!(accepted_keys(&items, &[&zero]), Some(vec!["a"]));
        let tuple = v(r#"{"prefixItems":[{"type":"object","properties":{"p":{}}}]}"#);
        assert_eq!(accepted_keys(&tuple, &[&zero]), Some(vec!["p"]));
    }

    #[test]
    fn a_ref_reads_through_lists_and_follows_at_most_eight_hops() {
        let listed = v(r##"{"$defs":{"list":[{"type":"object","properties":{"z":{}}}]},"$ref":"#/$defs/list/0"}"##);
        assert_eq!(accepted_keys(&listed, &[]), Some(vec!["z"]));
        // `$defs/r0` refers to `r1` … `r{n-1}`, which is the object: the root's own
        // `$ref` is hop 1, so `n` definitions take `n + 1` hops.
        let chain = |n: usize| {
            let mut defs: Vec<String> =
                (0..n - 1).map(|i| format!(r##""r{i}":{{"$ref":"#/$defs/r{}"}}"##, i + 1)).collect();
            defs.push(format!(r#""r{}":{{"type":"object","properties":{{"z":{{}}}}}}"#, n - 1));
            v(&format!(r##"{{"$defs":{{{}}},"$ref":"#/$defs/r0"}}"##, defs.join(",")))
        };
        assert_eq!(MAX_REF_HOPS, 8);
        assert_eq!(accepted_keys(&chain(8), &[]), Some(vec!["z"]));
        assert_eq!(accepted_keys(&chain(9), &[]), None);
    }

    #[test]
    fn branch_expansion_stops_after_its_step_cap() {
        // `wrappers` one-branch `anyOf`s around an object: each is one step, the object
        // the next; a walk takes at most MAX_CANDIDATES * 4 steps.
        let wrapped = |wrappers: usize| {
            let mut node = v(r#"{"type":"object","properties":{"w":{}}}"#);
            for _ in 0..wrappers {
                node = Value::Object(vec![("anyOf".into(), Value::Array(vec![node]))]);
            }
            node
        };
        let cap = MAX_CANDIDATES * 4;
        assert_eq!(cap, 64);
        assert_eq!(accepted_keys(&wrapped(cap - 1), &[]), Some(vec!["w"]));
        assert_eq!(accepted_keys(&wrapped(cap), &[]), None);
    }
}
