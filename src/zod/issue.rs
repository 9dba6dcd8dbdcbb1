//! The one view of a raw Zod issue object, whichever major version wrote it (the
//! mapping is the table in [`crate::zod`]).
//!
//! The view reads the issue in place (no copy). [`IssueView::kind`] is the Zod 4
//! model both majors map onto; [`IssueView::code`] stays the raw code and
//! [`IssueView::major`] says which major wrote it, for a renderer whose wording
//! differs between the two.

use crate::sizes::TrueSizes;
use crate::value::Value;

use super::path::same_segment;

/// Union branches read at most (each); more are ignored.
pub const MAX_RENDER_BRANCHES: usize = 64;
/// Issues per union branch a renderer reads at most.
pub const MAX_RENDER_BRANCH_ISSUES: usize = 32;
/// Accepted values of one enum or literal read at most.
pub const MAX_RENDER_VALUES: usize = 256;
/// Path segments of a branch issue read at most (see [`relative_path`]).
pub const MAX_PATH_SEGMENTS: usize = 1024;

/// The codes of a union (Zod 4 and Zod 3): the only issues whose lines depend on more
/// than their code once the shown lines are full (see [`crate::jsonrpc::rejection`]).
pub const UNION_CODES: [&str; 2] = ["invalid_union", "invalid_union_discriminator"];

/// Zod 4's union field: one issue list per branch (`errors: Issue[][]`).
const UNION_BRANCHES: &str = "errors";
/// Zod 3's union field: one serialised ZodError per branch (`unionErrors: [{ issues }]`).
const ZOD3_UNION_ERRORS: &str = "unionErrors";
/// What a Zod 3 size bound measures (`type`); Zod 4 names it `origin`.
const ZOD3_BOUND_KIND: &str = "type";
/// The issue list of Zod 4 `invalid_key` / `invalid_element`, and of a serialised
/// ZodError (a Zod 3 `unionErrors` entry).
pub const ISSUES: &str = "issues";
/// The field Zod 4 with `reportInput: true` writes the caller's value into.
pub const REPORTED_INPUT: &str = "input";

/// Which issues a field of an issue holds ([`IssueView::nested_in`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Nested {
    /// Zod 4 `invalid_union { errors }`: one issue list per branch.
    BranchLists,
    /// Zod 3 `invalid_union { unionErrors }`: serialised ZodErrors, each holding its
    /// issues under [`ISSUES`].
    ZodErrors,
    /// Zod 4 `invalid_key` / `invalid_element { issues }`: an issue list.
    Issues,
}

/// What an issue says, in the Zod 4 model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IssueKind {
    InvalidType,
    InvalidValue,
    UnrecognizedKeys,
    Union,
    Other,
}

/// The Zod major version an issue's shape shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Major {
    Zod3,
    Zod4,
}

/// A borrowed view of one raw issue object.
#[derive(Debug, Clone, Copy)]
pub struct IssueView<'a> {
    raw: &'a Value<'a>,
}

/// One union branch: its issues, and whether their paths start at the parse root
/// (Zod 3) instead of at the union (Zod 4).
#[derive(Debug, Clone, Copy)]
pub struct Branch<'a> {
    pub issues: &'a [Value<'a>],
    pub absolute_paths: bool,
}

impl<'a> IssueView<'a> {
    pub fn new(raw: &'a Value<'a>) -> IssueView<'a> {
        IssueView { raw }
    }

    /// The raw code as the issue carries it (`""` when it has none).
    /// Whether the issue is an object at all (an unreadable one crosses as a string).
    pub fn is_object(&self) -> bool {
        matches!(self.raw, Value::Object(_))
    }

    pub fn code(&self) -> &'a str {
        self.raw.get("code").and_then(Value::as_str).unwrap_or("")
    }

    /// The code in the Zod 4 model.
    pub fn kind(&self) -> IssueKind {
        let code = self.code();
        if UNION_CODES.contains(&code) {
            return IssueKind::Union;
        }
        match code {
            "invalid_type" => IssueKind::InvalidType,
            "invalid_value" | "invalid_enum_value" | "invalid_literal" => IssueKind::InvalidValue,
            "unrecognized_keys" => IssueKind::UnrecognizedKeys,
            _ => IssueKind::Other,
        }
    }

    /// The major that wrote the issue, where its code or fields say: a code only one
    /// major has, a union's `errors` (Zod 4) or `unionErrors` (Zod 3). A size bound is
    /// Zod 3 only when it carries Zod 3's `type` and no `origin`: Zod 3 always writes
    /// `type`, while Zod 4's `ctx.addIssue({ code: 'too_small', minimum })` may leave out
    /// both `origin` and `inclusive`. `None` for a shape both write.
    pub fn major(&self) -> Option<Major> {
        match self.code() {
            "invalid_enum_value"
            | "invalid_literal"
            | "invalid_union_discriminator"
            | "invalid_string"
            | "invalid_date"
            | "not_finite"
            | "invalid_arguments"
            | "invalid_return_type"
            | "invalid_intersection_types" => Some(Major::Zod3),
            "invalid_value" | "invalid_format" | "invalid_key" | "invalid_element" => Some(Major::Zod4),
            "too_small" | "too_big" => {
                Some(if self.raw.get("origin").is_none() && self.raw.get(ZOD3_BOUND_KIND).is_some() {
                    Major::Zod3
                } else {
                    Major::Zod4
                })
            }
            "invalid_union" if self.raw.get(UNION_BRANCHES).is_some() => Some(Major::Zod4),
            "invalid_union" if self.raw.get(ZOD3_UNION_ERRORS).is_some() => Some(Major::Zod3),
            _ => None,
        }
    }

    /// The path, empty when the issue has none (or not a list).
    pub fn path(&self) -> &'a [Value<'a>] {
        self.raw.get("path").and_then(Value::as_array).unwrap_or(&[])
    }

    /// The `message` field as written, for a renderer that prints whatever is there.
    pub fn message_value(&self) -> Option<&'a Value<'a>> {
        self.raw.get("message")
    }

    /// Zod's message; an issue without a string one reads as Zod's generic text.
    pub fn message(&self) -> &'a str {
        self.message_value().and_then(Value::as_str).unwrap_or("Invalid input")
    }

    /// The `expected` field as written (a type name, or a literal's value).
    pub fn expected(&self) -> Option<&'a Value<'a>> {
        self.raw.get("expected")
    }

    /// The type an `invalid_type` issue expected, with Zod 3's names mapped.
    pub fn expected_type(&self) -> Option<&'a str> {
        let expected = self.expected().and_then(Value::as_str)?;
        Some(match expected {
            "integer" => "int",
            other => other,
        })
    }

    /// The whole list of accepted values of Zod 4 `invalid_value { values }` or Zod 3
    /// `invalid_enum_value { options }`; `None` for any other issue, or no list.
    pub fn listed_values(&self) -> Option<&'a [Value<'a>]> {
        match self.code() {
            "invalid_value" => self.raw.get("values")?.as_array(),
            "invalid_enum_value" => self.raw.get("options")?.as_array(),
            _ => None,
        }
    }

    /// The accepted values of an `invalid_value` issue (or its Zod 3 forms, a literal
    /// as its one value), at most [`MAX_RENDER_VALUES`] of them.
    pub fn accepted_values(&self) -> Vec<&'a Value<'a>> {
        if self.code() == "invalid_literal" {
            return self.expected().into_iter().collect();
        }
        self.listed_values().unwrap_or(&[]).iter().take(MAX_RENDER_VALUES).collect()
    }

    /// The options a discriminated union names when no branch matched the tag.
    pub fn union_options(&self) -> Vec<&'a Value<'a>> {
        list_prefix(self.raw.get("options"))
    }

    /// The keys of an `unrecognized_keys` issue; `None` when it lists none.
    pub fn keys(&self) -> Option<&'a [Value<'a>]> {
        self.raw.get("keys")?.as_array()
    }

    /// [`IssueView::keys`], empty when absent.
    pub fn unrecognized_keys(&self) -> &'a [Value<'a>] {
        self.keys().unwrap_or(&[])
    }

    /// The string format that failed: Zod 3 `invalid_string { validation }` (a name;
    /// its `{ includes }`-like objects are none), Zod 4 `invalid_format { format }`.
    pub fn string_format(&self) -> Option<&'a str> {
        match self.code() {
            "invalid_string" => self.raw.get("validation")?.as_str(),
            "invalid_format" => self.raw.get("format")?.as_str(),
            _ => None,
        }
    }

    /// A size bound's limit: `minimum` of `too_small`, `maximum` of `too_big`.
    pub fn bound(&self, minimum: bool) -> Option<&'a Value<'a>> {
        self.raw.get(if minimum { "minimum" } else { "maximum" })
    }

    /// What a size bound measures: Zod 4 names it `origin`, Zod 3 `type` (`""` when
    /// neither is a string).
    pub fn bound_origin(&self) -> &'a str {
        let field = if self.major() == Some(Major::Zod4) { "origin" } else { ZOD3_BOUND_KIND };
        self.raw.get(field).and_then(Value::as_str).unwrap_or("")
    }

    /// Whether a size bound includes its limit. Zod 3 always writes `inclusive` and
    /// is read for truth; Zod 4 may leave it out, and only `false` excludes.
    pub fn inclusive(&self) -> bool {
        let inclusive = self.raw.get("inclusive");
        if self.major() == Some(Major::Zod3) {
            crate::js::js_truthy(inclusive)
        } else {
            inclusive != Some(&Value::Bool(false))
        }
    }

    /// The first nested issue of Zod 4 `invalid_key` / `invalid_element` (Zod 3
    /// reports that issue directly instead).
    pub fn nested_issue(&self) -> Option<&'a Value<'a>> {
        match self.code() {
            "invalid_key" | "invalid_element" => self.raw.get(ISSUES)?.as_array()?.first(),
            _ => None,
        }
    }

    /// Which issues the issue's `field` holds, when it is one Zod fills with issues:
    /// a union's `errors` (Zod 4) or `unionErrors` (Zod 3), the `issues` of
    /// `invalid_key` / `invalid_element`. `None` for any other field.
    pub fn nested_in(&self, field: &str) -> Option<Nested> {
        match (self.code(), field) {
            ("invalid_union", UNION_BRANCHES) => Some(Nested::BranchLists),
            ("invalid_union", ZOD3_UNION_ERRORS) => Some(Nested::ZodErrors),
            ("invalid_key" | "invalid_element", ISSUES) => Some(Nested::Issues),
            _ => None,
        }
    }

    /// The branches of a union issue, at most [`MAX_RENDER_BRANCHES`], empty ones left
    /// out. Zod 4 writes `errors: Issue[][]`, Zod 3 `unionErrors: [{ issues }]`.
    pub fn branches(&self) -> Vec<Branch<'a>> {
        if let Some(errors) = self.raw.get(UNION_BRANCHES).and_then(Value::as_array) {
            return errors
                .iter()
                .take(MAX_RENDER_BRANCHES)
                .filter_map(Value::as_array)
                .filter(|issues| !issues.is_empty())
                .map(|issues| Branch { issues, absolute_paths: false })
                .collect();
        }
        if let Some(errors) = self.raw.get(ZOD3_UNION_ERRORS).and_then(Value::as_array) {
            return errors
                .iter()
                .take(MAX_RENDER_BRANCHES)
                .filter_map(|e| e.get(ISSUES).and_then(Value::as_array))
                .filter(|issues| !issues.is_empty())
                .map(|issues| Branch { issues, absolute_paths: true })
                .collect();
        }
        Vec::new()
    }
}

fn list_prefix<'v, 'a>(list: Option<&'v Value<'a>>) -> Vec<&'v Value<'a>> {
    list.and_then(Value::as_array).unwrap_or(&[]).iter().take(MAX_RENDER_VALUES).collect()
}

/// The path of a branch issue relative to its union, at most [`MAX_PATH_SEGMENTS`].
/// Zod 3 paths start at the root of the parse, so the union's own absolute path is
/// stripped when it is a prefix (segment by segment, as [`same_segment`] compares).
pub fn relative_path<'a>(
    issue: &IssueView<'a>,
    union_abs: &[&'a Value<'a>],
    absolute: bool,
    sizes: &TrueSizes<'_>,
) -> Vec<&'a Value<'a>> {
    let path = issue.path();
    if absolute && path.len() >= union_abs.len() && path.iter().zip(union_abs).all(|(a, b)| same_segment(a, b, sizes)) {
        return path.iter().skip(union_abs.len()).take(MAX_PATH_SEGMENTS).collect();
    }
    path.iter().take(MAX_PATH_SEGMENTS).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(text: &str) -> Value<'static> {
        Value::parse_json(text).unwrap()
    }

    #[test]
    fn zod3_enum_and_literal_read_as_zod4_invalid_value() {
        let enum3 = v(r#"{"code":"invalid_enum_value","options":["a","b"],"received":"c","path":["x"],"message":"m"}"#);
        let enum4 = v(r#"{"code":"invalid_value","values":["a","b"],"path":["x"],"message":"m"}"#);
        for raw in [&enum3, &enum4] {
            let view = IssueView::new(raw);
            assert_eq!(view.kind(), IssueKind::InvalidValue);
            assert_eq!(view.accepted_values(), vec![&Value::str("a"), &Value::str("b")]);
            assert_eq!(view.listed_values().map(<[Value<'_>]>::len), Some(2));
        }
        assert_eq!(IssueView::new(&enum3).major(), Some(Major::Zod3));
        assert_eq!(IssueView::new(&enum4).major(), Some(Major::Zod4));
        let literal = v(r#"{"code":"invalid_literal","expected":42,"path":[],"message":"m"}"#);
        let view = IssueView::new(&literal);
        assert_eq!(view.kind(), IssueKind::InvalidValue);
        assert_eq!(view.accepted_values(), vec![&Value::Number(42.0)]);
        // A literal has no list: the XML dialect writes its own sentence for it.
        assert_eq!(view.listed_values(), None);
        // Each major's list field only: Zod 3 `values` is nothing.
        let crossed = v(r#"{"code":"invalid_enum_value","values":["a"],"path":[]}"#);
        assert!(IssueView::new(&crossed).accepted_values().is_empty());
    }

    #[test]
    fn zod3_names_map_onto_zod4() {
        let int3 = v(r#"{"code":"invalid_type","expected":"integer","received":"float","path":[]}"#);
        assert_eq!(IssueView::new(&int3).expected_type(), Some("int"));
        assert_eq!(IssueView::new(&int3).expected(), Some(&Value::str("integer")));
        assert_eq!(IssueView::new(&int3).major(), None);
        let string3 = v(r#"{"code":"invalid_string","validation":"email","path":[]}"#);
        let format4 = v(r#"{"code":"invalid_format","format":"email","path":[]}"#);
        assert_eq!(IssueView::new(&string3).string_format(), Some("email"));
        assert_eq!(IssueView::new(&format4).string_format(), Some("email"));
        let includes3 = v(r#"{"code":"invalid_string","validation":{"includes":"a"},"path":[]}"#);
        assert_eq!(IssueView::new(&includes3).string_format(), None);
        let disc3 = v(r#"{"code":"invalid_union_discriminator","options":["a","b"],"path":[]}"#);
        let view = IssueView::new(&disc3);
        assert_eq!(view.kind(), IssueKind::Union);
        assert!(view.branches().is_empty());
        assert_eq!(view.union_options().len(), 2);
    }

    #[test]
    fn size_bounds_read_by_their_majors_rules() {
        let small3 = v(r#"{"code":"too_small","minimum":3,"type":"string","inclusive":0,"path":[]}"#);
        let view = IssueView::new(&small3);
        assert_eq!(view.major(), Some(Major::Zod3));
        assert_eq!(view.bound_origin(), "string");
        assert!(!view.inclusive());
        assert_eq!(view.bound(true), Some(&Value::Number(3.0)));
        assert_eq!(view.bound(false), None);
        // Zod 4: `origin`, and a missing `inclusive` includes.
        let small4 = v(r#"{"code":"too_small","minimum":3,"origin":"array","type":"string","path":[]}"#);
        let view = IssueView::new(&small4);
        assert_eq!(view.major(), Some(Major::Zod4));
        assert_eq!(view.bound_origin(), "array");
        assert!(view.inclusive());
        let open4 = v(r#"{"code":"too_big","maximum":3,"origin":"number","inclusive":false,"path":[]}"#);
        assert!(!IssueView::new(&open4).inclusive());
        let odd4 = v(r#"{"code":"too_big","maximum":3,"origin":7,"inclusive":0,"path":[]}"#);
        assert_eq!(IssueView::new(&odd4).bound_origin(), "");
        assert!(IssueView::new(&odd4).inclusive());
    }

    #[test]
    fn a_union_s_major_is_the_one_its_branches_field_names() {
        let zod4 = v(r#"{"code":"invalid_union","errors":[],"path":[]}"#);
        let zod3 = v(r#"{"code":"invalid_union","unionErrors":[],"path":[]}"#);
        let neither = v(r#"{"code":"invalid_union","path":[]}"#);
        assert_eq!(IssueView::new(&zod4).major(), Some(Major::Zod4));
        assert_eq!(IssueView::new(&zod3).major(), Some(Major::Zod3));
        assert_eq!(IssueView::new(&neither).major(), None);
    }

    #[test]
    fn a_bound_a_refinement_adds_without_origin_or_type_is_zod4() {
        // Zod 4 `ctx.addIssue({ code: 'too_small', minimum: 3, path: ['a'] })`.
        for code in ["too_small", "too_big"] {
            let bare = v(&format!(r#"{{"code":"{code}","minimum":3,"maximum":3,"path":["a"],"message":"m"}}"#));
            let view = IssueView::new(&bare);
            assert_eq!(view.major(), Some(Major::Zod4), "{code}");
            assert!(view.inclusive(), "{code}");
            assert_eq!(view.bound_origin(), "");
            let open = v(&format!(r#"{{"code":"{code}","minimum":3,"inclusive":false,"path":[]}}"#));
            assert!(!IssueView::new(&open).inclusive());
        }
        // Zod 3's `type` (a field only Zod 3 writes on a bound) still says Zod 3.
        let typed = v(r#"{"code":"too_small","minimum":3,"type":"number","path":[]}"#);
        assert_eq!(IssueView::new(&typed).major(), Some(Major::Zod3));
        assert!(!IssueView::new(&typed).inclusive());
    }

    #[test]
    fn a_zod3_bound_s_inclusive_is_read_for_javascript_truth() {
        for (inclusive, truthy) in [("1", true), ("0", false), (r#""yes""#, true), (r#""""#, false), ("{}", true)] {
            let issue =
                v(&format!(r#"{{"code":"too_small","minimum":3,"type":"string","inclusive":{inclusive},"path":[]}}"#));
            assert_eq!(IssueView::new(&issue).inclusive(), truthy, "{inclusive}");
        }
    }

    #[test]
    fn segments_cut_to_one_prefix_are_told_apart_by_their_true_sizes() {
        // A copy cut both the union's segment and its branch's first one to 2,048 units.
        let cut = "a".repeat(2048);
        let list = v(&format!(
            r#"[{{"code":"invalid_union","unionErrors":[{{"issues":[{{"code":"custom","path":["{cut}","y"],"message":"m"}}],"name":"ZodError"}}],"path":["{cut}"],"message":"Invalid input"}}]"#
        ));
        let union = list.as_array().unwrap().first().unwrap();
        let own = union.get("path").unwrap().as_array().unwrap().first().unwrap();
        let branches = IssueView::new(union).branches();
        let inner = IssueView::new(branches.first().unwrap().issues.first().unwrap());
        // Records: the union's segment (issue 0, entry 2 `path`, index 0), then the branch's
        // (issue 0, `unionErrors`, branch 0, `issues`, issue 0, `path`, index 0).
        let sizes_of = |union_size: u32, branch_size: u32| {
            crate::sizes::TrueSizes::locate(&list, &[union_size, 0, 3, 0, 2, 0, branch_size, 0, 7, 0, 1, 0, 0, 0, 1, 0])
        };
        let differ = sizes_of(3000, 3001);
        assert_eq!(relative_path(&inner, &[own], true, &differ).len(), 2);
        let same = sizes_of(3000, 3000);
        assert_eq!(relative_path(&inner, &[own], true, &same), vec![&Value::str("y")]);
        // One cut, one not: the uncut one is the shorter.
        let one = crate::sizes::TrueSizes::locate(&list, &[3000, 0, 3, 0, 2, 0]);
        assert_eq!(relative_path(&inner, &[own], true, &one).len(), 2);
    }

    #[test]
    fn union_branches_keep_which_major_wrote_their_paths() {
        let union3 = v(
            r#"{"code":"invalid_union","unionErrors":[{"issues":[{"code":"custom","path":["x","y"],"message":"m"}],"name":"ZodError"},{"issues":[]}],"path":["x"],"message":"Invalid input"}"#,
        );
        let view = IssueView::new(&union3);
        assert_eq!(view.major(), Some(Major::Zod3));
        let branches = view.branches();
        assert_eq!(branches.len(), 1);
        let b = branches.first().unwrap();
        assert!(b.absolute_paths);
        let inner = IssueView::new(b.issues.first().unwrap());
        let x = v(r#""x""#);
        assert_eq!(relative_path(&inner, &[&x], true, &crate::sizes::NO_CUTS), vec![&Value::str("y")]);
        // Not a prefix: the path as it is.
        let z = v(r#""z""#);
        assert_eq!(relative_path(&inner, &[&z], true, &crate::sizes::NO_CUTS).len(), 2);
        let union4 =
            v(r#"{"code":"invalid_union","errors":[[{"code":"custom","path":["y"],"message":"m"}],[]],"path":["x"]}"#);
        let view = IssueView::new(&union4);
        assert_eq!(view.major(), Some(Major::Zod4));
        let branches = view.branches();
        assert_eq!(branches.len(), 1);
        assert!(!branches.first().unwrap().absolute_paths);
    }

    #[test]
    fn the_fields_that_hold_issues_are_named_by_code() {
        let union = v(r#"{"code":"invalid_union","path":[]}"#);
        let view = IssueView::new(&union);
        assert_eq!(view.nested_in("errors"), Some(Nested::BranchLists));
        assert_eq!(view.nested_in("unionErrors"), Some(Nested::ZodErrors));
        assert_eq!(view.nested_in("issues"), None);
        for code in ["invalid_key", "invalid_element"] {
            let nested = v(&format!(r#"{{"code":"{code}"}}"#));
            assert_eq!(IssueView::new(&nested).nested_in("issues"), Some(Nested::Issues));
            assert_eq!(IssueView::new(&nested).nested_in("errors"), None);
        }
        // A discriminator issue has no branches, whatever its fields are called.
        let disc = v(r#"{"code":"invalid_union_discriminator"}"#);
        assert_eq!(IssueView::new(&disc).nested_in("errors"), None);
        assert_eq!(IssueView::new(&v("{}")).nested_in("issues"), None);
    }

    #[test]
    fn nested_issues_and_defaults() {
        let key4 = v(
            r#"{"code":"invalid_key","origin":"record","issues":[{"code":"invalid_format","format":"email"}],"path":["m"]}"#,
        );
        let view = IssueView::new(&key4);
        assert_eq!(view.major(), Some(Major::Zod4));
        assert_eq!(view.nested_issue().map(|i| IssueView::new(i).code()), Some("invalid_format"));
        let bare = v("{}");
        let view = IssueView::new(&bare);
        assert_eq!(view.code(), "");
        assert_eq!(view.kind(), IssueKind::Other);
        assert!(view.path().is_empty());
        assert_eq!(view.message(), "Invalid input");
        assert_eq!(view.message_value(), None);
        assert_eq!(view.keys(), None);
        assert!(view.unrecognized_keys().is_empty());
        assert_eq!(view.nested_issue(), None);
        // A message that is not a string reads as the generic text, but is still there.
        let numbered = v(r#"{"message":5}"#);
        assert_eq!(IssueView::new(&numbered).message(), "Invalid input");
        assert_eq!(IssueView::new(&numbered).message_value(), Some(&Value::Number(5.0)));
    }
}
