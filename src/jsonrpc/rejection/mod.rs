//! The argument rejection: Zod issues → `path: message` lines, one per issue, with
//! each line's hint sentence, then the `-32602` error that carries them.
//!
//! What the lines say beyond Zod's own message:
//! - an enum or literal miss on a field the caller left out reads
//!   `Missing required field. Expected one of "a"|"b"` (explicit `null` is present);
//! - a union renders what would have been accepted (the rules are on
//!   `select_branches`, `literal_tag` and `render_top_union`): branch issues carry
//!   branch-relative paths, joined `; ` within a branch and ` or ` across branches,
//!   identical branch renderings once; the top level joins lines with `, `, every
//!   line kept (no two issues are merged because they read the same).
//!
//! Each rule follows mcp-ts-core's newest `toolHandlerFactory.ts` (see
//! docs/reference-notes/mcp-ts-core.md); tests/conformance-own/tscore-source.json
//! holds a vector per rule.
//!
//! The renderer reads the arguments for two facts only — is a value present at the
//! path, and what JSON type it is — and never copies a value the caller sent.
//!
//! The files, one concept each: `input` (pre-validation's record), `render` (the
//! pass over the issues, an [`IssueList`]), `line` (one line and its
//! sentence), `union` (union branches), `keys` (unknown keys and alias
//! collisions); this file assembles the McpError.

mod input;
mod keys;
mod line;
mod render;
mod union;

pub use input::{Alias, AliasCollision, PreValidation};
pub use render::render_rejection;

use crate::codes::JsonRpcErrorCode;
use crate::value::Value;
use crate::zod::issue::ISSUES;
use std::borrow::Cow;

use super::bound::{bound_issues, bound_issues_referring, push_field, Bounded};
use super::issue_list::IssueList;
use super::McpErrorParts;
use input::input_record;

/// Lines the message and the hint render at most.
pub const MAX_LINES: usize = 10;
/// Issues whose whole content the rendering and `data.issues` can read. Every issue
/// renders at least one line (or, once the work budget is spent, none whatever it
/// holds), so the shown lines are full by then; past them an issue only counts its
/// lines, one unless it is a union ([`crate::zod::issue::UNION_CODES`]). A caller
/// that copies issues may send each issue past these whose code is a string and no
/// union's as `0` (nothing of it; tests/jsonrpc_props.rs checks the rendering and
/// envelope are the same). Any other issue crosses whole: another validator's (a
/// `~source` field) is read at any position by `crate::source::normalise`.
pub const ISSUES_READ_WHOLE: usize =
    if MAX_LINES > super::bound::MAX_ENTRIES { MAX_LINES } else { super::bound::MAX_ENTRIES };
/// The JSON text a caller sends in place of an issue past [`ISSUES_READ_WHOLE`] whose own
/// code is a string and no union's: nothing of it, counted as one line where it stands.
pub const COUNTED_ISSUE: &str = "0";
/// Top-level issues examined at most: the lines they render are counted exactly in
/// `(+N more)`; each issue past them counts as one line (the count mcp-ts-core gives
/// unless such an issue is a union lifted into several lines), so a million issues
/// cost a hundred.
pub const MAX_EXAMINED_ISSUES: usize = 100;

/// The start of every argument rejection's message.
pub const MESSAGE_PREFIX: &str = "Input validation error: Invalid arguments for tool ";

/// The framework-owned reason of every argument rejection.
pub const REASON_INVALID_ARGUMENTS: &str = "invalid_arguments";

/// Everything `format_validation` needs besides the issues.
#[derive(Debug, Clone, Copy, Default)]
pub struct ValidationOptions<'a> {
    pub tool: &'a str,
    /// The arguments as validated (after any pre-validation repair that held);
    /// `None` is `undefined`.
    pub args: Option<&'a Value<'a>>,
    /// The tool's JSON Schema (`inputSchema`).
    pub schema: Option<&'a Value<'a>>,
    pub input: Option<&'a PreValidation>,
}

/// The rendered rejection: the distinct lines (each cut at 1,024 units with `…`),
/// how many more were left out, and the recovery hint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejection {
    pub lines: Vec<String>,
    pub more: usize,
    pub hint: String,
}

impl Rejection {
    /// The issue text of the message: the lines joined `, `, then ` (+N more)`.
    pub fn detail(&self) -> String {
        let mut out = self.lines.join(", ");
        if self.more > 0 {
            out.push_str(&format!(" (+{} more)", self.more));
        }
        out
    }
}

/// The `-32602` McpError for a failed argument parse: the full message and `data`
/// (`issues` bounded, `reason: "invalid_arguments"`, `input` when pre-validation
/// changed something, `recovery: { hint }`). Throw it, or pass it to `error_result`.
/// `issues`: all of them (`&issues`), or an [`IssueList`] (a prefix of the issues,
/// their true total and the true sizes of what their copy cut).
pub fn format_validation<'a>(issues: impl Into<IssueList<'a>>, opts: &ValidationOptions<'_>) -> McpErrorParts<'a> {
    let issues = issues.into();
    rejection_parts(issues, opts, bound_issues(issues))
}

/// [`format_validation`] for a writer that writes the issues `data.issues` keeps whole
/// itself: each is `null` there and `true` at its position in the flags (see
/// [`super::bound::bound_issues_referring`]), never copied.
pub(crate) fn format_validation_referring<'a>(
    issues: IssueList<'a>,
    opts: &ValidationOptions<'_>,
) -> (McpErrorParts<'a>, Vec<bool>) {
    let (kept, referred) = bound_issues_referring(issues);
    (rejection_parts(issues, opts, kept), referred)
}

/// The rejection's parts, with `kept` as `data.issues`.
fn rejection_parts<'a>(issues: IssueList<'a>, opts: &ValidationOptions<'_>, kept: Bounded<'a>) -> McpErrorParts<'a> {
    let rejection = render_rejection(issues, opts);
    let mut message = String::from(MESSAGE_PREFIX);
    message.push_str(opts.tool);
    message.push_str(": ");
    message.push_str(&rejection.detail());

    let mut data: Vec<(Cow<'a, str>, Value<'a>)> = Vec::new();
    push_field(&mut data, ISSUES, kept);
    data.push(("reason".into(), Value::str(REASON_INVALID_ARGUMENTS)));
    if let Some(input) = opts.input.filter(|i| i.changed_anything()) {
        data.push(("input".into(), input_record(input)));
    }
    data.push(("recovery".into(), Value::Object(vec![("hint".into(), Value::String(rejection.hint.into()))])));
    McpErrorParts { code: JsonRpcErrorCode::InvalidParams.value(), message, data: Some(Value::Object(data)) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zod::issue::MAX_RENDER_BRANCH_ISSUES;
    use render::{MAX_RENDER_WORK, MAX_UNION_DEPTH};

    fn v(text: &str) -> Value<'static> {
        Value::parse_json(text).unwrap()
    }

    fn render(issues: &str, args: &str, schema: Option<&str>, input: Option<&PreValidation>) -> Rejection {
        let issues = v(issues);
        let args = v(args);
        let schema = schema.map(v);
        render_rejection(
            issues.as_array().unwrap(),
            &ValidationOptions { tool: "t", args: Some(&args), schema: schema.as_ref(), input },
        )
    }

    const TAGGED: &str = r#"[{"code":"invalid_union","errors":[[{"code":"invalid_value","values":["a"],"path":["kind"],"message":"Invalid input: expected \"a\""},{"expected":"string","code":"invalid_type","path":["id"],"message":"Invalid input: expected string, received undefined"}],[{"code":"invalid_value","values":["b"],"path":["kind"],"message":"Invalid input: expected \"b\""},{"expected":"string","code":"invalid_type","path":["name"],"message":"Invalid input: expected string, received undefined"}]],"path":["t"],"message":"Invalid input"}]"#;

    #[test]
    fn arguments_that_are_not_an_object_are_named_as_the_arguments() {
        // mcp-ts-core's hint (docs/reference-notes/mcp-ts-core.md §3): the subject is
        // `the arguments`, and the sentence is the framework's, so Recovery: stays.
        let root = r#"[{"expected":"object","code":"invalid_type","path":[],"message":"Invalid input: expected object, received array"}]"#;
        let r = render(root, "[1]", None, None);
        assert_eq!(r.lines, vec!["Invalid input: expected object, received array"]);
        assert_eq!(r.hint, "Send the arguments as an object, not an array.");
        assert_eq!(render(root, "null", None, None).hint, "Send the arguments as an object, not null.");
        assert_eq!(render(root, r#""x""#, None, None).hint, "Send the arguments as an object, not a string.");
        let issues = v(root);
        let absent = render_rejection(
            issues.as_array().unwrap(),
            &ValidationOptions { tool: "t", args: None, schema: None, input: None },
        );
        assert_eq!(absent.hint, "Send the arguments as an object.");
    }

    #[test]
    fn standard_schema_key_segments_are_keys() {
        // Valibot and ArkType write path segments as `{ key }` (Standard Schema).
        let issues = r#"[{"code":"invalid_type","expected":"number","message":"Expected number","path":[{"key":"opts"},{"key":"n"}]}]"#;
        let r = render(issues, r#"{"opts":{"n":"5"}}"#, None, None);
        assert_eq!(r.lines, vec!["opts.n: Expected number"]);
        assert_eq!(r.hint, "Send opts.n as a number, not a string.");
    }

    #[test]
    fn a_literal_tag_merges_only_when_every_branch_fails_on_it_alone() {
        // Each branch also misses a field: not a literal tag, the branches render.
        let r = render(TAGGED, r#"{"t":{"kind":"c"}}"#, None, None);
        let both = r#"t: kind: Invalid input: expected "a"; id: Invalid input: expected string, received undefined or kind: Invalid input: expected "b"; name: Invalid input: expected string, received undefined"#;
        assert_eq!(r.lines, vec![both]);
        assert_eq!(r.hint, both);
        let tags = r#"[{"code":"invalid_union","errors":[[{"code":"invalid_value","values":["a"],"path":["kind"],"message":"Invalid input: expected \"a\""}],[{"code":"invalid_value","values":["b"],"path":["kind"],"message":"Invalid input: expected \"b\""}]],"path":["t"],"message":"Invalid input"}]"#;
        let r = render(tags, r#"{"t":{"kind":"c"}}"#, None, None);
        assert_eq!(r.lines, vec![r#"t.kind: Invalid option: expected one of "a"|"b""#]);
        assert_eq!(r.hint, r#"t.kind: Invalid option: expected one of "a"|"b""#);
        let r = render(tags, r#"{"t":{}}"#, None, None);
        assert_eq!(r.lines, vec![r#"t.kind: Missing required field. Expected one of "a"|"b""#]);
        assert_eq!(r.hint, "Provide t.kind.");
    }

    #[test]
    fn a_left_out_single_value_field_beats_a_shape_mismatch() {
        let issues = r#"[{"code":"invalid_union","errors":[[{"code":"invalid_value","values":["json"],"path":["format"],"message":"Invalid input: expected \"json\""}],[{"expected":"array","code":"invalid_type","path":[],"message":"Invalid input: expected array, received object"}]],"path":["target"],"message":"Invalid input"}]"#;
        let r = render(issues, r#"{"target":{"q":5}}"#, None, None);
        assert_eq!(r.lines, vec![r#"target.format: Missing required field. Expected "json""#]);
        assert_eq!(r.hint, "Provide target.format.");
    }

    #[test]
    fn one_or_many_lifts_again_at_every_level() {
        let issues = r#"[{"code":"invalid_union","errors":[[{"code":"invalid_union","errors":[[{"expected":"string","code":"invalid_type","path":[0],"message":"Invalid input: expected string, received number"}],[{"expected":"string","code":"invalid_type","path":[],"message":"Invalid input: expected string, received array"}]],"path":[0,"tags"],"message":"Invalid input"}],[{"expected":"object","code":"invalid_type","path":[],"message":"Invalid input: expected object, received array"}]],"path":["items"],"message":"Invalid input"}]"#;
        let r = render(issues, r#"{"items":[{"tags":[1]}]}"#, None, None);
        assert_eq!(r.lines, vec!["items.0.tags.0: Invalid input: expected string, received number"]);
        assert_eq!(r.hint, "Send items.0.tags.0 as a string, not a number.");
    }

    #[test]
    fn unknown_keys_below_a_list_name_the_element_path() {
        let schema = r#"{"type":"object","properties":{"query":{"type":"string"},"items":{"type":"array","items":{"type":"object","properties":{"name":{"type":"string"}},"additionalProperties":false}}},"additionalProperties":false}"#;
        let issues =
            r#"[{"code":"unrecognized_keys","keys":["b"],"path":["items",1],"message":"Unrecognized key: \"b\""}]"#;
        let r = render(issues, r#"{"query":"x","items":[{"name":"a"},{"name":"b","b":1}]}"#, Some(schema), None);
        assert_eq!(r.lines, vec![r#"items.1: Unrecognized key: "b""#]);
        assert_eq!(r.hint, "Unknown key items.1.b. items.1 accepts: name.");
    }

    #[test]
    fn zod3_issues_render_like_zod4() {
        let issues = r#"[{"code":"invalid_type","expected":"string","received":"undefined","path":["q"],"message":"Required"},{"code":"invalid_literal","expected":"fixed","path":["k"],"message":"Invalid literal value, expected \"fixed\""},{"code":"invalid_type","expected":"integer","received":"float","message":"Expected integer, received float","path":["rows"]},{"code":"unrecognized_keys","keys":["extra"],"path":[],"message":"Unrecognized key(s) in object: 'extra'"}]"#;
        let r = render(
            issues,
            r#"{"rows":1.5,"extra":1}"#,
            Some(r#"{"type":"object","properties":{"q":{},"k":{},"rows":{}}}"#),
            None,
        );
        assert_eq!(
            r.lines,
            vec![
                "q: Required",
                r#"k: Missing required field. Expected "fixed""#,
                "rows: Expected integer, received float",
                "Unrecognized key(s) in object: 'extra'",
            ]
        );
        assert_eq!(
            r.hint,
            "Provide q and k. Send rows as an integer, not a fractional number. Unknown key extra. This tool accepts: q, k, rows."
        );
        let union3 = r#"[{"code":"invalid_union","unionErrors":[{"issues":[{"expected":"'x' | 'y'","received":"undefined","code":"invalid_type","path":["spec","kind"],"message":"Required"},{"code":"invalid_type","expected":"number","received":"undefined","path":["spec","n"],"message":"Required"}],"name":"ZodError"},{"issues":[{"code":"invalid_type","expected":"string","received":"undefined","path":["spec","other"],"message":"Required"}],"name":"ZodError"}],"path":["spec"],"message":"Invalid input"}]"#;
        let r = render(union3, r#"{"spec":{}}"#, None, None);
        assert_eq!(r.lines, vec!["spec: kind: Required; n: Required or other: Required"]);
        let many3 = r#"[{"code":"invalid_union","unionErrors":[{"issues":[{"code":"invalid_type","expected":"string","received":"boolean","path":["items",1,"name"],"message":"Expected string, received boolean"}],"name":"ZodError"},{"issues":[{"code":"invalid_type","expected":"object","received":"array","path":["items"],"message":"Expected object, received array"}],"name":"ZodError"}],"path":["items"],"message":"Invalid input"}]"#;
        let r = render(many3, r#"{"items":[{"name":"a"},{"name":true}]}"#, None, None);
        assert_eq!(r.lines, vec!["items.1.name: Expected string, received boolean"]);
        assert_eq!(r.hint, "Send items.1.name as a string, not a boolean.");
        let du3 = r#"[{"code":"invalid_union_discriminator","options":["a","b"],"path":["u","mode"],"message":"Invalid discriminator value. Expected 'a' | 'b'"}]"#;
        let r = render(du3, r#"{"u":{}}"#, None, None);
        // No branch to read: Zod's message stays, left out or not.
        assert_eq!(r.lines, vec!["u.mode: Invalid discriminator value. Expected 'a' | 'b'"]);
        assert_eq!(r.hint, "Provide u.mode.");
    }

    #[test]
    fn pre_validation_closes_the_hint() {
        let pre = PreValidation {
            aliased: vec![Alias { alias: "q".into(), target: "query".into() }],
            ignored: vec!["_max".into()],
            collisions: vec![],
        };
        let issues = r#"[{"code":"custom","path":["start"],"message":"Must be a date"}]"#;
        let r = render(issues, r#"{"start":"x"}"#, None, Some(&pre));
        assert_eq!(r.hint, "start: Must be a date. Validated q as query. Dropped undeclared key _max.");
    }

    #[test]
    fn alias_collisions_replace_their_unknown_key() {
        let pre = PreValidation {
            aliased: vec![],
            ignored: vec![],
            collisions: vec![AliasCollision {
                target: "pageSize".into(),
                keys: vec!["pageSize".into(), "maxResults".into()],
            }],
        };
        let issues = r#"[{"code":"unrecognized_keys","keys":["maxResults","foo"],"path":[],"message":"Unrecognized keys: \"maxResults\", \"foo\""}]"#;
        let schema = r#"{"type":"object","properties":{"pageSize":{}}}"#;
        let r = render(issues, r#"{"pageSize":1,"maxResults":2,"foo":3}"#, Some(schema), Some(&pre));
        assert_eq!(
            r.hint,
            "maxResults is an alias of pageSize; send one of them, not both. Unknown key foo. This tool accepts: pageSize."
        );
        let pre = PreValidation {
            aliased: vec![Alias { alias: "maxResults".into(), target: "pageSize".into() }],
            ignored: vec![],
            collisions: vec![AliasCollision {
                target: "pageSize".into(),
                keys: vec!["maxResults".into(), "limit".into(), "size".into()],
            }],
        };
        let issues = r#"[{"code":"unrecognized_keys","keys":["limit","size"],"path":[],"message":"Unrecognized keys: \"limit\", \"size\""}]"#;
        let r = render(issues, r#"{"pageSize":1,"limit":2,"size":3}"#, Some(schema), Some(&pre));
        assert_eq!(
            r.hint,
            "maxResults, limit and size are aliases of pageSize; send only one of them. Validated maxResults as pageSize."
        );
    }

    #[test]
    fn a_collision_never_declines_its_target_or_the_alias_rewritten_to_it() {
        // Issues naming such a key as unknown (a validator other than the one the
        // pre-validation record was made for) still name it as unknown.
        let schema = r#"{"type":"object","properties":{"pageSize":{}}}"#;
        let pre = PreValidation {
            aliased: vec![Alias { alias: "maxResults".into(), target: "pageSize".into() }],
            ignored: vec![],
            collisions: vec![AliasCollision {
                target: "pageSize".into(),
                keys: vec!["pageSize".into(), "maxResults".into(), "limit".into()],
            }],
        };
        let issues = r#"[{"code":"unrecognized_keys","keys":["maxResults","pageSize"],"path":[],"message":"Unrecognized keys"}]"#;
        let r = render(issues, r#"{"pageSize":1,"limit":2}"#, Some(schema), Some(&pre));
        assert_eq!(
            r.hint,
            "Unknown keys maxResults, pageSize. This tool accepts: pageSize. Validated maxResults as pageSize."
        );
    }

    #[test]
    fn a_nested_unknown_key_is_no_collision_even_when_a_root_key_of_its_name_is() {
        // Collisions are between root keys: `opts.limit` stays an unknown key.
        let pre = PreValidation {
            aliased: vec![],
            ignored: vec![],
            collisions: vec![AliasCollision {
                target: "pageSize".into(),
                keys: vec!["pageSize".into(), "limit".into()],
            }],
        };
        let issues = r#"[{"code":"unrecognized_keys","keys":["limit"],"path":["opts"],"message":"Unrecognized key"}]"#;
        let r = render(issues, r#"{"pageSize":1,"limit":2,"opts":{"limit":3}}"#, None, Some(&pre));
        assert_eq!(r.hint, "Unknown key opts.limit.");
    }

    #[test]
    fn keys_past_the_scan_count_as_unknown_ones() {
        // 2,047 unknown keys: 1,024 scanned and 1,023 past the scan, never "Unknown key".
        let keys: Vec<String> = (0..2047).map(|i| format!(r#""k{i}""#)).collect();
        let issues = format!(r#"[{{"code":"unrecognized_keys","keys":[{}],"path":[],"message":"m"}}]"#, keys.join(","));
        let r = render(&issues, "{}", None, None);
        assert!(r.hint.starts_with("Unknown keys k0, k1"), "{}", r.hint);
    }

    #[test]
    fn ten_lines_then_a_count() {
        let issues: Vec<String> = (0..13)
            .map(|i| format!(r#"{{"expected":"string","code":"invalid_type","path":["f{i}"],"message":"Invalid input: expected string, received undefined"}}"#))
            .collect();
        let r = render(&format!("[{}]", issues.join(",")), "{}", None, None);
        assert_eq!(r.lines.len(), 10);
        assert_eq!(r.more, 3);
        assert_eq!(r.hint, "Provide f0, f1, f2, f3, f4, f5, f6, f7, f8 and f9. (+3 more)");
        assert!(r.detail().ends_with("received undefined (+3 more)"));
    }

    #[test]
    fn a_cut_restatement_still_equals_its_line() {
        let long = "x".repeat(3000);
        let issues = format!(r#"[{{"code":"custom","path":["a"],"message":"{long}"}}]"#);
        let r = render(&issues, r#"{"a":1}"#, None, None);
        let line = r.lines.first().unwrap();
        assert_eq!(crate::jsonrpc::text::js_len(line), 1025);
        assert!(line.ends_with('…'));
        assert_eq!(&r.hint, line);
        let issues = v(&issues);
        let e = format_validation(issues.as_array().unwrap(), &ValidationOptions { tool: "t", ..Default::default() });
        let data = e.data.unwrap();
        let issue = data.get("issues").and_then(|i| i.as_array()).and_then(|i| i.first()).unwrap();
        assert_eq!(issue.get("messageLength"), Some(&Value::Number(3000.0)));
    }

    #[test]
    fn duplicate_lines_stay_and_duplicate_sentences_go() {
        let issue = r#"{"expected":"number","code":"invalid_type","path":["n"],"message":"Invalid input: expected number, received string"}"#;
        let r = render(&format!("[{issue},{issue}]"), r#"{"n":"x"}"#, None, None);
        assert_eq!(r.lines.len(), 2);
        assert_eq!(r.hint, "Send n as a number, not a string.");
        let custom = r#"{"code":"custom","path":["a"],"message":"Bad"}"#;
        let list = format!("[{}]", [custom; 12].join(","));
        let r = render(&list, r#"{"a":1}"#, None, None);
        assert_eq!((r.lines.len(), r.more), (10, 2));
        assert_eq!(r.hint, r.detail());
    }

    #[test]
    fn lifted_lines_past_the_tenth_count_each() {
        // The 11th issue is a one-or-many union whose list branch fails at three
        // elements: three lines more, not one.
        let custom = r#"{"code":"custom","path":["a"],"message":"Bad"}"#;
        let union = r#"{"code":"invalid_union","errors":[[{"code":"custom","path":[0],"message":"x"},{"code":"custom","path":[1],"message":"x"},{"code":"custom","path":[2],"message":"x"}],[{"expected":"object","code":"invalid_type","path":[],"message":"m"}]],"path":["u"],"message":"Invalid input"}"#;
        let mut all = vec![custom; 10];
        all.push(union);
        let r = render(&format!("[{}]", all.join(",")), r#"{"a":1,"u":[1,2,3]}"#, None, None);
        assert_eq!(r.more, 3);
        // The union as the 10th issue: one line shown, two counted.
        let mut all = vec![custom; 9];
        all.push(union);
        let r = render(&format!("[{}]", all.join(",")), r#"{"a":1,"u":[1,2,3]}"#, None, None);
        assert_eq!((r.lines.len(), r.more), (10, 2));
        assert_eq!(r.lines.last().map(String::as_str), Some("u.0: x"));
    }

    /// A one-branch union at `u` whose branch fails at `n` elements below it.
    fn union_of(n: usize, message: &str) -> String {
        let inner: Vec<String> = (0..n).map(|i| format!(r#"{{"code":"custom","path":[{i}],"message":"x"}}"#)).collect();
        format!(r#"{{"code":"invalid_union","errors":[[{}]],"path":["u"],"message":"{message}"}}"#, inner.join(","))
    }

    #[test]
    fn the_work_budget_ends_the_count_exactly_where_it_runs_out() {
        // 33 plain issues, then 67 unions of one 32-issue branch. A counted union costs
        // 1 + 32 (its branch) + 32 (each lifted issue): after the plain ones and 62
        // unions, 4096 - 33 - 62 * 65 = 33 units are left. The 63rd union spends one
        // and its branch costs exactly the 32 left, so it is still lifted (32 lines:
        // the lifted issues find the budget gone and count one each); the last four
        // find it gone and count one each.
        assert_eq!(MAX_RENDER_WORK, 4096);
        assert_eq!(MAX_RENDER_BRANCH_ISSUES, 32);
        let custom = r#"{"code":"custom","path":["a"],"message":"Bad"}"#.to_string();
        let mut all = vec![custom; 33];
        all.extend(std::iter::repeat(union_of(32, "Invalid input")).take(67));
        let r = render(&format!("[{}]", all.join(",")), r#"{"a":1,"u":[]}"#, None, None);
        assert_eq!(r.lines.len(), 10);
        assert_eq!(r.more, 33 + 62 * 32 + 32 + 4 - 10);
    }

    /// Unions nested `levels` deep at `u.u.…`, each the only issue of its parent's one
    /// branch; the innermost fails at two elements. Level `i` says `level i`.
    fn nested_unions(levels: usize) -> String {
        let mut issue = union_of(2, &format!("level {}", levels - 1));
        for level in (0..levels - 1).rev() {
            issue =
                format!(r#"{{"code":"invalid_union","errors":[[{issue}]],"path":["u"],"message":"level {level}"}}"#);
        }
        issue
    }

    #[test]
    fn unions_nested_past_the_depth_cap_render_their_own_message() {
        // Eight levels are lifted; the ninth renders its message as one line.
        assert_eq!(MAX_UNION_DEPTH, 8);
        let r = render(&format!("[{}]", nested_unions(10)), "{}", None, None);
        assert_eq!(r.lines, vec![format!("{}: level 8", ["u"; 9].join("."))]);
        assert_eq!(r.more, 0);
        // Within the cap the innermost union is lifted into its two lines.
        let r = render(&format!("[{}]", nested_unions(8)), "{}", None, None);
        assert_eq!(r.lines, vec![format!("{}.0: x", ["u"; 8].join(".")), format!("{}.1: x", ["u"; 8].join("."))]);
        // Counted past the tenth line, the same union counts one line, not two.
        let custom = r#"{"code":"custom","path":["a"],"message":"Bad"}"#.to_string();
        let mut all = vec![custom; 10];
        all.push(nested_unions(10));
        assert_eq!(render(&format!("[{}]", all.join(",")), "{}", None, None).more, 1);
        all[10] = nested_unions(8);
        assert_eq!(render(&format!("[{}]", all.join(",")), "{}", None, None).more, 2);
    }

    #[test]
    fn a_union_the_budget_cannot_pay_for_renders_its_own_message() {
        // One union at `u` of one branch of 32 unions (at `u.i`), each of one branch of
        // 32 unions (at `u.i.j`), each of one branch of 32 issues; all of it is the
        // first issue, rendered (not counted). A lifted innermost union costs 1 + 32 +
        // 32 = 65 and gives 32 lines; a middle one 1 + 32 + 32 * 65. After the outer
        // union (33) and the first middle one (2,113), 1,950 units are left: the second
        // middle one spends 33, lifts 29 innermost unions (1,885), and has 32 left; the
        // 30th innermost spends one and cannot pay 32 for its branch, so it and the two
        // after it (one unit each) render their own message, one line each. The third
        // middle union spends one of the 29 left and cannot pay either: one line; the
        // next 28 spend the rest, one line each; the last finds nothing left.
        let with_path = |issue: String, i: usize| issue.replacen(r#""path":["u"]"#, &format!(r#""path":[{i}]"#), 1);
        let innermost = |j: usize| with_path(union_of(32, "Too costly"), j);
        let middle = |i: usize| {
            let inner: Vec<String> = (0..32).map(innermost).collect();
            let union = format!(
                r#"{{"code":"invalid_union","errors":[[{}]],"path":["u"],"message":"Too costly"}}"#,
                inner.join(",")
            );
            with_path(union, i)
        };
        let all: Vec<String> = (0..32).map(middle).collect();
        let outer = format!(
            r#"{{"code":"invalid_union","errors":[[{}]],"path":["u"],"message":"Invalid input"}}"#,
            all.join(",")
        );
        let r = render(&format!("[{outer}]"), "{}", None, None);
        assert_eq!(r.lines.len(), 10);
        assert_eq!(r.more, 32 * 32 + (29 * 32 + 3) + 1 + 28 - 10);
    }

    #[test]
    fn unions_inside_a_union_s_text_stop_at_the_depth_cap() {
        // Each union has two branches failing below it (so it is written as text, not
        // lifted): the next union at `x`, and `y`. Level 8 is written as its message.
        let mut issue = r#"{"code":"custom","path":["x"],"message":"innermost"}"#.to_owned();
        for level in (0..12).rev() {
            issue = format!(
                r#"{{"code":"invalid_union","errors":[[{issue}],[{{"code":"custom","path":["y"],"message":"b"}}]],"path":["x"],"message":"level {level}"}}"#
            );
        }
        let r = render(&format!("[{issue}]"), "{}", None, None);
        let line = r.lines.first().cloned().unwrap_or_default();
        assert!(line.contains("level 8") && !line.contains("level 9") && !line.contains("innermost"), "{line}");
    }

    #[test]
    fn a_union_whose_one_branch_fails_at_its_root_counts_one_line() {
        // Past the tenth line, a union whose single branch fails only at the union's own
        // path is one line (it is written as the union's text), not one per issue.
        let custom = r#"{"code":"custom","path":["a"],"message":"Bad"}"#.to_string();
        let at_root = r#"{"code":"invalid_union","errors":[[{"code":"custom","path":[],"message":"x"},{"code":"custom","path":[],"message":"y"}]],"path":["u"],"message":"Invalid input"}"#;
        let mut all = vec![custom; 10];
        all.push(at_root.to_owned());
        let r = render(&format!("[{}]", all.join(",")), r#"{"a":1,"u":1}"#, None, None);
        assert_eq!(r.more, 1);
        // The same union shown: one line.
        let r = render(&format!("[{at_root}]"), r#"{"u":1}"#, None, None);
        assert_eq!(r.lines.len(), 1);
    }

    #[test]
    fn a_literal_branch_is_rescued_only_at_a_top_level_line_and_only_when_left_out() {
        let shape = r#"{"expected":"array","code":"invalid_type","path":[],"message":"Invalid input: expected array, received object"}"#;
        let literal = |key: &str, value: &str| {
            format!(
                r#"{{"code":"invalid_value","values":["{value}"],"path":["{key}"],"message":"Invalid input: expected \"{value}\""}}"#
            )
        };
        let union = |branches: &[String]| {
            let lists: Vec<String> = branches.iter().map(|b| format!("[{b}]")).collect();
            format!(
                r#"[{{"code":"invalid_union","errors":[{}],"path":["u"],"message":"Invalid input"}}]"#,
                lists.join(",")
            )
        };
        // Two left-out literals at different keys and a shape mismatch: no single branch
        // to lift, so the union is written as text, and that text reads the shape only.
        let two = union(&[literal("kind", "a"), literal("type", "b"), shape.to_owned()]);
        let r = render(&two, r#"{"u":{}}"#, None, None);
        assert_eq!(r.lines, vec!["u: Invalid input: expected array, received object".to_owned()]);
        // A literal the caller did send (wrongly) is not rescued: the shape is written.
        let sent = union(&[literal("kind", "a"), shape.to_owned()]);
        let r = render(&sent, r#"{"u":{"kind":"z"}}"#, None, None);
        assert_eq!(r.lines, vec!["u: Invalid input: expected array, received object".to_owned()]);
    }

    #[test]
    fn a_union_in_a_union_s_text_the_budget_cannot_pay_for_is_its_message() {
        // `u` is written as text (two branches fail below it). Its first branch holds two
        // unions: at 0, 40 identical branches of 32 issues (charged 40 * 32, then each
        // issue read once: 2,561 with its own unit), leaving 1,529 after `u`'s 5; at 1,
        // 64 branches of 32, which cannot be paid (2,048): it reads as its message.
        let branch: Vec<String> =
            (0..32).map(|i| format!(r#"{{"code":"custom","path":[{i}],"message":"x"}}"#)).collect();
        let branch = format!("[{}]", branch.join(","));
        let wide = |at: usize, branches: usize| {
            format!(
                r#"{{"code":"invalid_union","errors":[{}],"path":[{at}],"message":"Too costly"}}"#,
                vec![branch.clone(); branches].join(",")
            )
        };
        let top = format!(
            r#"[{{"code":"invalid_union","errors":[[{},{}],[{{"code":"custom","path":["y"],"message":"b"}}]],"path":["u"],"message":"Invalid input"}}]"#,
            wide(0, 40),
            wide(1, 64)
        );
        let r = render(&top, "{}", None, None);
        let line = r.lines.first().cloned().unwrap_or_default();
        assert!(line.starts_with("u: 0: 0: x; 1: x; "), "{line}");
        assert!(line.ends_with("; 31: x; 1: Too costly or y: b"), "{line}");
    }

    #[test]
    fn wrong_type_names_take_their_article() {
        let one = |expected: &str, args: &str| {
            let issues = format!(r#"[{{"expected":"{expected}","code":"invalid_type","path":["x"],"message":"m"}}]"#);
            render(&issues, args, None, None).hint
        };
        assert_eq!(one("tuple", r#"{"x":[1]}"#), "Send x as a tuple, not an array.");
        assert_eq!(one("int", r#"{"x":"1"}"#), "Send x as an int, not a string.");
        assert_eq!(one("int", r#"{"x":5}"#), "Send x as an integer, not a fractional number.");
        assert_eq!(one("null", r#"{"x":"s"}"#), "Send x as a null, not a string.");
        assert_eq!(one("undefined", r#"{"x":null}"#), "Send x as an undefined, not null.");
        assert_eq!(one("number", r#"{"x":1}"#), "Send x as a number, not a number.");
        assert_eq!(one("record", r#"{"x":{}}"#), "Send x as a record, not an object.");
    }

    #[test]
    fn restatements_are_trimmed_before_their_full_stop() {
        let issues = r#"[{"code":"custom","path":["a"],"message":"bad "},{"code":"custom","path":["b"],"message":"wait…"},{"expected":"number","code":"invalid_type","path":["n"],"message":"m"}]"#;
        let r = render(issues, r#"{"a":1,"b":1,"n":"x"}"#, None, None);
        assert_eq!(r.hint, "a: bad. b: wait…. Send n as a number, not a string.");
    }

    // Native only: it times itself, and wasm32-unknown-unknown has no clock.
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn hostile_inputs_cost_their_caps() {
        // A million-segment path, a union of a thousand branches nested a hundred deep.
        let long_path = Value::Array((0..1_000_000).map(|i| Value::Number(f64::from(i))).collect());
        let small = v(r#"{"code":"custom","path":["x"],"message":"m"}"#);
        let mut union = small.clone();
        for _ in 0..100 {
            let mut branches = vec![Value::Array(vec![union, small.clone()])];
            branches.extend(std::iter::repeat(Value::Array(vec![small.clone(); 40])).take(999));
            union = Value::Object(vec![
                ("code".into(), Value::str("invalid_union")),
                ("errors".into(), Value::Array(branches)),
                ("path".into(), Value::Array(vec![Value::str("u")])),
                ("message".into(), Value::str("Invalid input")),
            ]);
        }
        let deep_path = Value::Object(vec![
            ("code".into(), Value::str("custom")),
            ("path".into(), long_path),
            ("message".into(), Value::str("m".repeat(5_000_000))),
        ]);
        let mut issues = vec![deep_path, union];
        issues.extend(std::iter::repeat(v(r#"{"code":"custom","path":[],"message":"same"}"#)).take(200_000));
        let args = v(r#"{"u":{"u":{"x":1}}}"#);
        let e =
            format_validation(&issues, &ValidationOptions { tool: "t", args: Some(&args), schema: None, input: None });
        let data = e.data.unwrap();
        assert_eq!(data.get("issuesCount"), Some(&Value::Number(200_002.0)));
        assert!(crate::jsonrpc::text::js_len(&e.message) < 4 * 1024);
    }

    #[test]
    fn data_input_is_written_only_when_pre_validation_changed_something() {
        let issues = [v(r#"{"code":"invalid_type","expected":"string","path":["a"],"message":"bad"}"#)];
        let input_of = |pre: &PreValidation| {
            let opts = ValidationOptions { tool: "t", input: Some(pre), ..ValidationOptions::default() };
            format_validation(&issues, &opts).data.and_then(|d| d.get("input").map(Value::to_json))
        };
        assert_eq!(input_of(&PreValidation::default()), None);
        let collision = AliasCollision { target: "a".into(), keys: vec!["a".into(), "b".into()] };
        assert_eq!(input_of(&PreValidation { collisions: vec![collision], ..PreValidation::default() }), None);
        let ignored = PreValidation { ignored: vec!["_x".into()], ..PreValidation::default() };
        assert_eq!(input_of(&ignored).as_deref(), Some(r#"{"aliased":[],"ignored":["_x"]}"#));
        let aliased = PreValidation {
            aliased: vec![Alias { alias: "b".into(), target: "a".into() }],
            ..PreValidation::default()
        };
        assert_eq!(input_of(&aliased).as_deref(), Some(r#"{"aliased":[{"alias":"b","target":"a"}],"ignored":[]}"#));
    }

    #[test]
    fn no_issue_still_says_something() {
        let r = render("[]", "{}", None, None);
        assert_eq!(r.detail(), "Invalid input");
        assert_eq!(r.hint, "Invalid input");
    }
}
