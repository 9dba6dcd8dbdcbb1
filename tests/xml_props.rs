#![cfg(not(target_arch = "wasm32"))]
//! Property tests for the XML dialect: for arbitrary strings in every field (control
//! characters, `]]>`, quotes, entity look-alikes, astral characters, U+FFFD and the
//! noncharacters), every envelope is well-formed XML 1.0, and `parse_tool_error`
//! gives back exactly the code, message, recovery, actions and severity that went in,
//! and for a `<validation_error>` its action and every field's name and line.

use mcp_envelope::client::xml::parse_tool_error_text;
use mcp_envelope::client::{parse_tool_error, ParsedCode};
use mcp_envelope::value::Value;
use mcp_envelope::xml::InternalErrorLocation;
use mcp_envelope::xml::{
    enrich_validation_error, error, escape_attr, escape_content, format_deltas_xml, format_validation_error,
    internal_error, required, routing_error, tool_error, unescape, EnrichOptions, RoutingError, ToolErrorOptions,
};
use mcp_envelope::xml::{validation_error_response, ValidationInput, VALIDATION_RECOVERY};
use proptest::prelude::*;

// ---------------------------------------------------------------------------
// A small, strict XML 1.0 well-formedness checker (no DTD, comments, PIs or CDATA:
// the dialect never writes them, so they are rejected too).

fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..='\u{10FFFF}')
}

fn is_name_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_' || c == ':'
}

fn is_name_char(c: char) -> bool {
    is_name_start(c) || c.is_ascii_digit() || c == '-' || c == '.'
}

fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r')
}

struct Checker<'a> {
    chars: Vec<char>,
    pos: usize,
    doc: &'a str,
}

impl Checker<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek();
        self.pos += 1;
        c
    }

    fn err<T>(&self, what: &str) -> Result<T, String> {
        let context: String = self.chars.iter().skip(self.pos.saturating_sub(20)).take(40).collect();
        Err(format!("{what} at char {} near {context:?} in {:?}", self.pos, self.doc))
    }

    fn name(&mut self) -> Result<String, String> {
        match self.peek() {
            Some(c) if is_name_start(c) => {}
            _ => return self.err("expected a name"),
        }
        let mut name = String::new();
        while let Some(c) = self.peek().filter(|c| is_name_char(*c)) {
            name.push(c);
            self.pos += 1;
        }
        Ok(name)
    }

    fn skip_space(&mut self) -> bool {
        let start = self.pos;
        while self.peek().is_some_and(is_space) {
            self.pos += 1;
        }
        self.pos > start
    }

    /// After a `&`: one of the five entities or a character reference to a Char.
    fn reference(&mut self) -> Result<(), String> {
        let mut body = String::new();
        loop {
            match self.bump() {
                Some(';') => break,
                Some(c) if body.len() < 12 => body.push(c),
                _ => return self.err("unterminated reference"),
            }
        }
        if matches!(body.as_str(), "amp" | "lt" | "gt" | "quot" | "apos") {
            return Ok(());
        }
        let code = if let Some(hex) = body.strip_prefix("#x") {
            (!hex.is_empty() && hex.chars().all(|c| c.is_ascii_hexdigit()))
                .then(|| u32::from_str_radix(hex, 16).ok())
                .flatten()
        } else if let Some(dec) = body.strip_prefix('#') {
            (!dec.is_empty() && dec.chars().all(|c| c.is_ascii_digit())).then(|| dec.parse::<u32>().ok()).flatten()
        } else {
            None
        };
        match code.and_then(char::from_u32) {
            Some(c) if is_xml_char(c) => Ok(()),
            _ => self.err(&format!("bad reference &{body};")),
        }
    }

    fn start_tag(&mut self, stack: &mut Vec<String>) -> Result<(), String> {
        let name = self.name()?;
        let mut seen: Vec<String> = Vec::new();
        loop {
            let spaced = self.skip_space();
            match self.peek() {
                Some('>') => {
                    self.pos += 1;
                    stack.push(name);
                    return Ok(());
                }
                Some('/') => {
                    self.pos += 1;
                    return if self.bump() == Some('>') { Ok(()) } else { self.err("expected />") };
                }
                _ if !spaced => return self.err("attributes need whitespace before them"),
                _ => {}
            }
            let attr = self.name()?;
            if seen.contains(&attr) {
                return self.err("duplicate attribute");
            }
            seen.push(attr);
            self.skip_space();
            if self.bump() != Some('=') {
                return self.err("expected =");
            }
            self.skip_space();
            let quote = match self.bump() {
                Some(q @ ('"' | '\'')) => q,
                _ => return self.err("unquoted attribute value"),
            };
            loop {
                match self.bump() {
                    Some(c) if c == quote => break,
                    Some('<') => return self.err("< in attribute value"),
                    Some('&') => self.reference()?,
                    Some(_) => {}
                    None => return self.err("unterminated attribute value"),
                }
            }
        }
    }

    fn document(&mut self) -> Result<(), String> {
        if let Some(c) = self.chars.iter().find(|c| !is_xml_char(**c)) {
            return self.err(&format!("{c:?} is not an XML 1.0 Char"));
        }
        let mut stack: Vec<String> = Vec::new();
        let mut roots = 0;
        let mut brackets = 0;
        while let Some(c) = self.bump() {
            let in_root = !stack.is_empty();
            match c {
                '<' => {
                    brackets = 0;
                    match self.peek() {
                        Some('/') => {
                            self.pos += 1;
                            let name = self.name()?;
                            self.skip_space();
                            if self.bump() != Some('>') {
                                return self.err("expected > after end tag");
                            }
                            if stack.pop().as_deref() != Some(name.as_str()) {
                                return self.err(&format!("unbalanced </{name}>"));
                            }
                        }
                        Some('!' | '?') => return self.err("markup this dialect never writes"),
                        _ => {
                            if !in_root {
                                roots += 1;
                                if roots > 1 {
                                    return self.err("second root element");
                                }
                            }
                            self.start_tag(&mut stack)?;
                        }
                    }
                }
                _ if !in_root => {
                    if !is_space(c) {
                        return self.err("text outside the root element");
                    }
                }
                '&' => {
                    brackets = 0;
                    self.reference()?;
                }
                '>' if brackets >= 2 => return self.err("]]> in content"),
                ']' => brackets += 1,
                _ => brackets = 0,
            }
        }
        if !stack.is_empty() {
            return self.err(&format!("unclosed {stack:?}"));
        }
        if roots != 1 {
            return self.err("no root element");
        }
        Ok(())
    }
}

fn well_formed(doc: &str) -> Result<(), String> {
    Checker { chars: doc.chars().collect(), pos: 0, doc }.document()
}

#[test]
fn the_checker_is_strict() {
    for good in [
        "<a/>",
        "<a></a>",
        "<a x=\"1\" y='2'>t &amp; &lt; &#65; &#x1F600; > ] ]] ]>\n<b/></a>",
        "\n<a>\u{FFFD}😀</a>\n",
    ] {
        assert_eq!(well_formed(good), Ok(()), "{good:?}");
    }
    for bad in [
        "",
        "text",
        "<a>",
        "<a></b>",
        "<a x=1></a>",
        "<a x=\"1\"x=\"2\"></a>",
        "<a x=\"1\" x=\"2\"></a>",
        "<a x=\"<\"></a>",
        "<a x=\"&\"></a>",
        "<a>&foo;</a>",
        "<a>&#1;</a>",
        "<a>&#xFFFE;</a>",
        "<a>& b</a>",
        "<a>a < b</a>",
        "<a>]]></a>",
        "<a>\u{1}</a>",
        "<a>\u{FFFF}</a>",
        "<a/><b/>",
        "<a><!-- c --></a>",
        "x<a/>",
    ] {
        assert!(well_formed(bad).is_err(), "{bad:?} passed");
    }
}

// ---------------------------------------------------------------------------
// Strategies

/// Strings built from fragments chosen to break XML: markup characters, `]]>`,
/// control characters, entity look-alikes, the stand-in pictures themselves,
/// astral characters, U+FFFD (what a lone surrogate becomes) and noncharacters.
fn nasty() -> impl Strategy<Value = String> {
    let special = prop::sample::select(vec![
        "<",
        ">",
        "&",
        "\"",
        "'",
        "]]>",
        "]]",
        "]",
        "\u{0}",
        "\u{1}",
        "\u{8}",
        "\u{B}",
        "\u{C}",
        "\u{1B}",
        "\u{1F}",
        "\t",
        "\n",
        "\r",
        "\r\n",
        " ",
        "  ",
        "\u{FFFD}",
        "\u{FFFE}",
        "\u{FFFF}",
        "😀",
        "\u{10FFFF}",
        "\u{2400}",
        "\u{241B}",
        "\u{2425}",
        "\u{2426}",
        "&#x241B;",
        "&#x2426;",
        "&amp;",
        "&lt;",
        "&#65;",
        "&#0;",
        "<message>",
        "</message>",
        "<action>",
        "</action>",
        "<recovery>",
        "</available_actions>",
        "<tool_error code=\"X\">",
        ",",
        ", ",
        "code=\"",
        "\u{7F}",
        "\u{85}",
        "\u{2028}",
        "\u{FEFF}",
        "\u{A0}",
        "é",
    ])
    .prop_map(str::to_owned);
    let fragment = prop_oneof![
        3 => any::<char>().prop_map(String::from),
        3 => special,
        2 => "[a-zA-Z0-9 ._-]{0,6}",
    ];
    prop::collection::vec(fragment, 0..10).prop_map(|parts| parts.concat())
}

fn options(
    message: String,
    suggestion: Option<String>,
    actions: Vec<String>,
    details: Vec<(String, String)>,
    severity: Option<String>,
    retry_after: Option<f64>,
) -> ToolErrorOptions {
    ToolErrorOptions {
        message,
        suggestion,
        available_actions: actions,
        details,
        retry_after,
        severity,
        ..ToolErrorOptions::default()
    }
}

fn arb_value() -> impl Strategy<Value = Value<'static>> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<f64>().prop_map(Value::Number),
        nasty().prop_map(Value::str),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec((nasty(), inner), 0..4).prop_map(Value::object),
        ]
    })
}

fn arb_issue() -> impl Strategy<Value = Value<'static>> {
    let code = prop::sample::select(vec![
        "invalid_type",
        "invalid_string",
        "invalid_format",
        "too_small",
        "too_big",
        "invalid_enum_value",
        "invalid_value",
        "invalid_literal",
        "invalid_union",
        "unrecognized_keys",
        "not_multiple_of",
        "invalid_key",
        "invalid_element",
        "custom",
        "made_up",
    ]);
    let segment = prop_oneof![nasty().prop_map(Value::str), (0u32..5).prop_map(|n| Value::Number(f64::from(n)))];
    (
        code,
        nasty(),
        prop::collection::vec(segment, 0..4),
        nasty(),
        arb_value(),
        prop::collection::vec(arb_value(), 0..4),
    )
        .prop_map(|(code, message, path, text, value, values)| {
            Value::Object(vec![
                ("code".into(), Value::str(code)),
                ("message".into(), Value::str(message)),
                ("path".into(), Value::Array(path)),
                ("expected".into(), value.clone()),
                ("validation".into(), Value::str(text.clone())),
                ("format".into(), Value::str(text.clone())),
                ("pattern".into(), Value::str(text.clone())),
                ("origin".into(), Value::str(text)),
                ("minimum".into(), value.clone()),
                ("maximum".into(), value.clone()),
                ("divisor".into(), value),
                ("options".into(), Value::Array(values.clone())),
                ("values".into(), Value::Array(values.clone())),
                ("keys".into(), Value::Array(values.clone())),
                ("errors".into(), Value::Array(vec![Value::Array(values.clone())])),
                ("issues".into(), Value::Array(values)),
            ])
        })
}

/// An [`arb_issue`] whose path segments are short enough to be shown whole (at most
/// 100 UTF-16 units each), so that a field's name is the path joined with `.`.
fn arb_issue_whole_path() -> impl Strategy<Value = Value<'static>> {
    let segment = prop_oneof![
        nasty().prop_filter("shown whole", |s| s.encode_utf16().count() <= 100).prop_map(Value::str),
        (0u32..5).prop_map(|n| Value::Number(f64::from(n)))
    ];
    (arb_issue(), prop::collection::vec(segment, 0..4)).prop_map(|(issue, path)| match issue {
        Value::Object(entries) => Value::Object(
            entries
                .into_iter()
                .map(|(k, v)| if k == "path" { (k, Value::Array(path.clone())) } else { (k, v) })
                .collect(),
        ),
        other => other,
    })
}

/// The name a field is written with: the path joined with `.`, or `(root)`.
fn joined_path(issue: &Value<'static>) -> String {
    let path = issue.get("path").and_then(Value::as_array).unwrap_or_default();
    if path.is_empty() {
        return "(root)".to_owned();
    }
    path.iter()
        .map(|segment| match segment {
            Value::String(s) => s.to_string(),
            Value::Number(n) => format!("{n}"),
            other => other.to_json(),
        })
        .collect::<Vec<_>>()
        .join(".")
}

fn arb_delta() -> impl Strategy<Value = Value<'static>> {
    let severity = prop_oneof![
        prop::sample::select(vec!["BREAKING", "RISKY", "SAFE", "COSMETIC"]).prop_map(Value::str),
        nasty().prop_map(Value::str),
    ];
    let field =
        prop_oneof![Just(Value::str("actions.list.x")), Just(Value::str("digest")), nasty().prop_map(Value::str)];
    let side = prop_oneof![Just(Value::Null), nasty().prop_map(Value::str), any::<f64>().prop_map(Value::Number)];
    (severity, field, nasty(), side.clone(), side).prop_map(|(severity, field, description, before, after)| {
        Value::Object(vec![
            ("category".into(), Value::str("surface")),
            ("field".into(), field),
            ("severity".into(), severity),
            ("description".into(), Value::str(description)),
            ("before".into(), before),
            ("after".into(), after),
        ])
    })
}

// ---------------------------------------------------------------------------
// The oracle: the reference's rules written again here (MCP Fusion's
// `ValidationErrorFormatter` and `FusionClient`), never the crate's own helpers.

/// What the reference's client reads back from a text our writer escaped: `trim()` of
/// the raw text, then the references decoded. The writer turns `&<>"'` into entities
/// and every control character but tab, newline and carriage return (among them the
/// JS spaces U+000B and U+000C) into a picture reference, so what `trim()` removes is
/// the caller's other leading and trailing JS white space.
fn client_reads(text: &str) -> String {
    let trimmed = |c: char| {
        matches!(
            c,
            '\t' | '\n' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
                ..='\u{200a}' | '\u{2028}' | '\u{2029}' | '\u{202f}' | '\u{205f}' | '\u{3000}' | '\u{feff}'
        )
    };
    text.trim_matches(trimmed).to_owned()
}

fn units(s: &str) -> usize {
    s.encode_utf16().count()
}

/// The longest prefix of at most `max` UTF-16 units that ends between two characters.
fn prefix_units(s: &str, max: usize) -> String {
    let mut n = 0;
    s.chars()
        .take_while(|c| {
            n += c.len_utf16();
            n <= max
        })
        .collect()
}

/// A value the model can print: what a sent argument holds.
#[derive(Debug, Clone)]
enum Sent {
    Null,
    Bool(bool),
    Int(i32),
    Text(String),
    /// A list of this many nulls.
    List(usize),
    /// An object of short ASCII keys and values.
    Record(Vec<(String, String)>),
}

impl Sent {
    fn value(&self) -> Value<'static> {
        match self {
            Sent::Null => Value::Null,
            Sent::Bool(b) => Value::Bool(*b),
            Sent::Int(n) => Value::Number(f64::from(*n)),
            Sent::Text(s) => Value::str(s.clone()),
            Sent::List(n) => Value::Array(vec![Value::Null; *n]),
            Sent::Record(fields) => Value::object(fields.iter().map(|(k, v)| (k.clone(), Value::str(v.clone())))),
        }
    }

    /// `You sent:` as the reference prints it: a string over 50 units as its first 47
    /// and `...`, an array as `array(N)`, an object as its JSON cut to 50 units.
    fn described(&self) -> String {
        match self {
            Sent::Null => "null".into(),
            Sent::Bool(b) => b.to_string(),
            Sent::Int(n) => n.to_string(),
            Sent::Text(s) if units(s) > 50 => format!("'{}...'", prefix_units(s, 47)),
            Sent::Text(s) => format!("'{s}'"),
            Sent::List(n) => format!("array({n})"),
            Sent::Record(fields) => {
                let body: Vec<String> = fields.iter().map(|(k, v)| format!("\"{k}\":\"{v}\"")).collect();
                prefix_units(&format!("{{{}}}", body.join(",")), 50)
            }
        }
    }
}

fn arb_sent() -> impl Strategy<Value = Sent> {
    prop_oneof![
        Just(Sent::Null),
        any::<bool>().prop_map(Sent::Bool),
        any::<i32>().prop_map(Sent::Int),
        "[a-zé😀 ]{0,60}".prop_map(Sent::Text),
        "[a-z]{45,60}".prop_map(Sent::Text),
        (0usize..5).prop_map(Sent::List),
        prop::collection::vec(("[a-z]{1,6}", "[a-z0-9 ]{0,12}"), 0..5).prop_map(|fields| {
            let mut seen = Vec::new();
            Sent::Record(
                fields
                    .into_iter()
                    .filter(|(k, _)| {
                        if seen.contains(k) {
                            false
                        } else {
                            seen.push(k.clone());
                            true
                        }
                    })
                    .collect(),
            )
        }),
    ]
}

/// One issue the model knows the sentence of, and that sentence.
fn arb_sentence_issue() -> impl Strategy<Value = (Vec<(String, Value<'static>)>, Option<String>)> {
    let word = || "[a-z]{1,8}";
    let bound = || (prop::sample::select(vec!["string", "number", "array", "bigint"]), 0u32..4, any::<bool>());
    prop_oneof![
        Just((vec![("code".into(), Value::str("custom"))], None)),
        prop::sample::select(vec!["string", "number", "object", "array"]).prop_map(|t| {
            (
                vec![("code".into(), Value::str("invalid_type")), ("expected".into(), Value::str(t))],
                Some(format!("Expected type: {t}.")),
            )
        }),
        Just((
            vec![("code".into(), Value::str("invalid_union")), ("errors".into(), Value::Array(vec![]))],
            Some("Value didn't match any of the expected formats.".to_owned()),
        )),
        prop::sample::select(vec![
            ("email", Some("Expected: a valid email address (e.g. user@example.com).")),
            ("url", Some("Expected: a valid URL (e.g. https://example.com).")),
            ("uuid", Some("Expected: a valid UUID (e.g. 123e4567-e89b-12d3-a456-426614174000).")),
            ("cuid", Some("Expected: a valid CUID.")),
            ("datetime", Some("Expected: an ISO 8601 datetime (e.g. 2024-01-15T10:30:00Z).")),
            ("ip", Some("Expected: a valid IP address.")),
            ("emoji", Some("Expected: a valid emoji character.")),
            ("regex", Some("Value does not match the required pattern.")),
            ("base64", None),
            ("date", None),
        ])
        .prop_map(|(format, sentence)| {
            (
                vec![("code".into(), Value::str("invalid_format")), ("format".into(), Value::str(format))],
                sentence.map(str::to_owned),
            )
        }),
        // Size bounds. Zod 4 names the kind `origin` and excludes the limit only when
        // `inclusive` is `false`; Zod 3 names it `type` and reads `inclusive` for truth.
        (any::<bool>(), any::<bool>(), bound(), prop::option::of(any::<bool>())).prop_map(
            |(zod4, small, (kind, n, _), inclusive)| {
                let (code, field, which) =
                    if small { ("too_small", "minimum", "Minimum") } else { ("too_big", "maximum", "Maximum") };
                let includes = if zod4 { inclusive != Some(false) } else { inclusive == Some(true) };
                let s = if n == 1 { "" } else { "s" };
                let op = match (small, includes) {
                    (true, true) => ">=",
                    (true, false) => ">",
                    (false, true) => "<=",
                    (false, false) => "<",
                };
                let sentence = match kind {
                    "string" => format!("{which} length: {n} character{s}."),
                    "array" => format!("{which} {n} item{s}."),
                    _ => format!("Must be {op} {n}."),
                };
                let mut fields = vec![
                    ("code".into(), Value::str(code)),
                    ((if zod4 { "origin" } else { "type" }).into(), Value::str(kind)),
                    (field.into(), Value::Number(f64::from(n))),
                ];
                if let Some(b) = inclusive {
                    fields.push(("inclusive".into(), Value::Bool(b)));
                }
                (fields, Some(sentence))
            }
        ),
        (any::<bool>(), prop::collection::vec(word(), 1..5)).prop_map(|(zod4, values)| {
            let (code, field) = if zod4 { ("invalid_value", "values") } else { ("invalid_enum_value", "options") };
            let quoted: Vec<String> = values.iter().map(|v| format!("'{v}'")).collect();
            let list = Value::Array(values.iter().map(Value::str).collect());
            (
                vec![("code".into(), Value::str(code)), (field.into(), list)],
                Some(format!("Valid options: {}.", quoted.join(", "))),
            )
        }),
        prop::collection::vec(word(), 1..5).prop_map(|keys| {
            let quoted: Vec<String> = keys.iter().map(|v| format!("'{v}'")).collect();
            let list = Value::Array(keys.iter().map(Value::str).collect());
            (
                vec![("code".into(), Value::str("unrecognized_keys")), ("keys".into(), list)],
                Some(format!("Remove or correct unrecognized fields: {}. Check for typos.", quoted.join(", "))),
            )
        }),
    ]
}

/// A path of plain keys and list indices.
#[derive(Debug, Clone)]
enum Step {
    Key(String),
    Index(u32),
}

/// One field the model writes: an issue the model knows the sentence of, its message,
/// its path below the field's root key, and the value sent there (or none).
#[derive(Debug, Clone)]
struct Modeled {
    fields: Vec<(String, Value<'static>)>,
    sentence: Option<String>,
    message: String,
    path: Vec<Step>,
    sent: Sent,
    present: bool,
}

fn arb_modeled() -> impl Strategy<Value = Modeled> {
    let step = prop_oneof!["[a-z]{1,5}".prop_map(Step::Key), (0u32..3).prop_map(Step::Index)];
    (arb_sentence_issue(), nasty(), prop::collection::vec(step, 0..4), arb_sent(), any::<bool>()).prop_map(
        |((fields, sentence), message, path, sent, present)| Modeled { fields, sentence, message, path, sent, present },
    )
}

/// The issues, the arguments sent (field `i` under the key `f<i>`, or missing), and
/// each field's name and line as the reference writes them.
fn assemble(list: &[Modeled]) -> (Vec<Value<'static>>, Value<'static>, Vec<(String, String)>) {
    let mut issues = Vec::new();
    let mut args = Vec::new();
    let mut expected = Vec::new();
    for (i, m) in list.iter().enumerate() {
        let root = format!("f{i}");
        // The sent value wrapped in the path, inside out.
        let mut at = m.sent.value();
        for step in m.path.iter().rev() {
            at = match step {
                Step::Key(k) => Value::object(vec![(k.clone(), at)]),
                Step::Index(n) => {
                    let mut items = vec![Value::Null; *n as usize];
                    items.push(at);
                    Value::Array(items)
                }
            };
        }
        if m.present {
            args.push((root.clone(), at));
        }
        let mut segments = vec![Value::str(&root)];
        let mut name = root;
        for step in &m.path {
            match step {
                Step::Key(k) => {
                    segments.push(Value::str(k));
                    name = format!("{name}.{k}");
                }
                Step::Index(n) => {
                    segments.push(Value::Number(f64::from(*n)));
                    name = format!("{name}.{n}");
                }
            }
        }
        let described = if m.present { m.sent.described() } else { "(missing)".to_owned() };
        let mut line = format!("{} You sent: {described}.", m.message);
        if let Some(s) = &m.sentence {
            line.push(' ');
            line.push_str(s);
        }
        let mut issue = m.fields.clone();
        issue.push(("message".into(), Value::str(m.message.clone())));
        issue.push(("path".into(), Value::Array(segments)));
        issues.push(Value::object(issue));
        expected.push((name, line));
    }
    (issues, Value::object(args), expected)
}

// ---------------------------------------------------------------------------
// Properties

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn tool_error_is_well_formed_and_its_code_message_recovery_actions_and_severity_read_back_as_the_reference_client_reads_them(
        code in nasty(),
        message in nasty(),
        suggestion in prop::option::of(nasty()),
        actions in prop::collection::vec(nasty(), 0..4),
        details in prop::collection::vec((nasty(), nasty()), 0..4),
        severity in prop::option::of(prop_oneof![nasty(), Just("warning".to_owned()), Just("critical".to_owned())]),
        retry_after in prop::option::of(any::<f64>()),
    ) {
        // An empty action name reads back through the reference's one-line fallback
        // (tests/conformance-own/fusion-source.json covers it); here every name has text.
        let actions: Vec<String> = actions.into_iter().filter(|a| !a.is_empty()).collect();
        let opts = options(message.clone(), suggestion.clone(), actions.clone(), details, severity.clone(), retry_after);
        let response = tool_error(&code, &opts);
        prop_assert_eq!(well_formed(&response.text), Ok(()));

        let severity = severity.unwrap_or_else(|| "error".to_owned());
        prop_assert_eq!(response.is_error, severity != "warning");
        let parsed = parse_tool_error_text(&response.text);
        let code_read = if code.is_empty() { "UNKNOWN".to_owned() } else { code.clone() };
        prop_assert_eq!(parsed.code, ParsedCode::Text(code_read.clone()));
        prop_assert_eq!(&parsed.message, &client_reads(&message));
        prop_assert_eq!(parsed.recovery, suggestion.filter(|s| !s.is_empty()).map(|s| client_reads(&s)));
        let actions_read: Vec<String> = actions.iter().map(|a| client_reads(a)).collect();
        prop_assert_eq!(&parsed.available_actions, &actions_read);
        let severity_read = if severity.is_empty() { "error".to_owned() } else { severity.clone() };
        prop_assert_eq!(&parsed.severity, &severity_read);

        // Through the CallToolResult: a warning is a success, so nothing to parse.
        let result = response.to_call_tool_result();
        match parse_tool_error(&result) {
            Some(p) => {
                prop_assert!(response.is_error);
                prop_assert_eq!(p.code, ParsedCode::Text(code_read));
                prop_assert_eq!(p.message, client_reads(&message));
            }
            None => prop_assert!(!response.is_error),
        }
    }

    #[test]
    fn escaping_round_trips_through_unescape(text in nasty()) {
        prop_assert_eq!(unescape(&escape_content(&text)), text.clone());
        prop_assert_eq!(unescape(&escape_attr(&text)), text.clone());
        let doc = format!("<a b=\"{}\">{}</a>", escape_attr(&text), escape_content(&text));
        prop_assert_eq!(well_formed(&doc), Ok(()));
    }

    #[test]
    fn error_required_and_internal_errors_are_well_formed(
        message in nasty(), code in prop::option::of(nasty()), tool in nasty(), action in prop::option::of(nasty()),
    ) {
        let plain = error(&message, code.as_deref());
        prop_assert_eq!(well_formed(&plain.text), Ok(()));
        let parsed = parse_tool_error_text(&plain.text);
        prop_assert_eq!(&parsed.message, &client_reads(&message));
        let want_code = code.filter(|c| !c.is_empty()).unwrap_or_else(|| "UNKNOWN".to_owned());
        prop_assert_eq!(parsed.code, ParsedCode::Text(want_code));

        let missing = required(&message);
        prop_assert_eq!(well_formed(&missing.text), Ok(()));
        let parsed = parse_tool_error_text(&missing.text);
        prop_assert_eq!(parsed.message, client_reads(&format!("Required field \"{message}\" is missing.")));

        let internal = internal_error(&message, &InternalErrorLocation::new(&tool, action.as_deref()));
        prop_assert_eq!(well_formed(&internal.text), Ok(()));
        prop_assert!(parse_tool_error_text(&internal.text).message.ends_with(&client_reads(&message)));
    }

    #[test]
    fn routing_errors_are_well_formed(
        discriminator in nasty(), value in nasty(), actions in prop::collection::vec(nasty(), 0..4), kind in 0u8..3,
    ) {
        let kind = match kind {
            0 => RoutingError::Missing,
            1 => RoutingError::Invalid { received_type: "number" },
            _ => RoutingError::Unknown { value: &value },
        };
        let response = routing_error(kind, &discriminator, &actions);
        prop_assert_eq!(well_formed(&response.text), Ok(()));
        prop_assert!(parse_tool_error_text(&response.text).recovery.is_some());
    }

    #[test]
    fn validation_errors_and_contract_awareness_are_well_formed(
        issues in prop::collection::vec(arb_issue(), 0..5),
        action_key in nasty(),
        tool in nasty(),
        sent in prop::option::of(arb_value()),
        deltas in prop::collection::vec(arb_delta(), 0..6),
        include_all in any::<bool>(),
        max in prop::option::of(0usize..8),
    ) {
        let xml = format_validation_error(&issues, &action_key, sent.as_ref());
        prop_assert_eq!(well_formed(&xml), Ok(()));
        prop_assert_eq!(xml.matches("<field name=").count(), issues.len());

        let options = EnrichOptions { include_all_severities: include_all, max_deltas_per_error: max };
        let enriched = enrich_validation_error(&xml, &tool, &action_key, &deltas, &options);
        prop_assert_eq!(well_formed(&enriched.xml), Ok(()));
        prop_assert!(enriched.delta_count <= max.unwrap_or(5));
        prop_assert_eq!(enriched.injected, enriched.delta_count > 0);
        if !enriched.injected {
            prop_assert_eq!(&enriched.xml, &xml);
        }

        let changes = format_deltas_xml(&deltas);
        if !deltas.is_empty() {
            prop_assert_eq!(well_formed(&changes), Ok(()));
        }
    }

    /// Every field of an arbitrary issue list is read back with its name (the path
    /// joined with `.`, or `(root)`), and the count of issues left out.
    #[test]
    fn validation_errors_parse_back_one_named_field_per_issue(
        issues in prop::collection::vec(arb_issue_whole_path(), 0..5),
        action_key in nasty(),
        sent in prop::option::of(arb_value()),
        left_out in 0usize..3,
    ) {
        let total = issues.len() + left_out;
        let xml = ValidationInput { total, ..ValidationInput::new(&issues, &action_key, sent.as_ref()) }.text();
        let parsed = parse_tool_error_text(&xml);
        let Some(validation) = parsed.validation else {
            return Err(TestCaseError::fail("not read as a validation error"));
        };
        prop_assert_eq!(&validation.action, &action_key);
        prop_assert_eq!(validation.more_issues, left_out);
        prop_assert_eq!(validation.fields.len(), issues.len());
        for (field, issue) in validation.fields.iter().zip(&issues) {
            prop_assert_eq!(&field.name, &joined_path(issue));
        }
    }

    /// For issues whose sentence the model knows, each field reads back as the
    /// reference writes it: `MESSAGE You sent: SENT.[ SUGGESTION]` (see `assemble`).
    #[test]
    fn validation_errors_parse_back_field_by_field_as_the_reference_writes_them(
        modeled in prop::collection::vec(arb_modeled(), 0..5),
        action_key in nasty(),
        left_out in 0usize..3,
        tool in nasty(),
        deltas in prop::collection::vec(arb_delta(), 0..3),
    ) {
        let (issues, sent, expected) = assemble(&modeled);
        let total = issues.len() + left_out;
        let xml = ValidationInput { total, ..ValidationInput::new(&issues, &action_key, Some(&sent)) }.text();
        prop_assert_eq!(well_formed(&xml), Ok(()));
        let parsed = parse_tool_error_text(&xml);
        prop_assert_eq!(&parsed.code, &ParsedCode::Text("VALIDATION_ERROR".into()));
        prop_assert_eq!(parsed.recovery.as_deref(), Some(VALIDATION_RECOVERY));
        prop_assert_eq!(&parsed.message, &xml);
        prop_assert!(parsed.available_actions.is_empty());
        prop_assert_eq!(&parsed.severity, "error");
        let Some(validation) = parsed.validation.clone() else {
            return Err(TestCaseError::fail("not read as a validation error"));
        };
        prop_assert_eq!(&validation.action, &action_key);
        prop_assert_eq!(validation.more_issues, left_out);
        let read: Vec<(String, String)> = validation.fields.iter().map(|f| (f.name.clone(), f.message.clone())).collect();
        prop_assert_eq!(read, expected);

        // The result the pipeline returns parses the same, and so does the text once
        // <contract_awareness> is added after the recovery.
        let result = validation_error_response(&issues, &action_key, Some(&sent)).to_call_tool_result();
        let through = parse_tool_error(&result).map(|p| p.validation.map(|v| v.fields));
        prop_assert_eq!(through, Some(Some(validation.fields.clone())));
        let options = EnrichOptions { include_all_severities: true, max_deltas_per_error: None };
        let enriched = enrich_validation_error(&xml, &tool, &action_key, &deltas, &options);
        let again = parse_tool_error_text(&enriched.xml);
        prop_assert_eq!(again.recovery.as_deref(), Some(VALIDATION_RECOVERY));
        prop_assert_eq!(again.validation, Some(validation));
    }
}
