//! The JS layer holds no copy of a core constant (issue 20, item 2): every value of
//! `mcp_envelope::js_constants::table()` reaches `pkg-template/lib/` through the
//! generated `constants.js`, so no file there may declare one of its names, or write
//! one of its numbers (10 and up; smaller ones are checked by name only) or strings as a
//! literal in code. Comments are not code. `PENDING` lists the literals still mirrored,
//! each with why; a new one fails, and so does an entry that is no longer there.

use std::fs;
use std::path::Path;

use mcp_envelope::js_constants::{table, Literal};

/// (file, literal as written, why) the scan finds that do not come from the core: a
/// value still mirrored, or a JS-only value that equals a core one by chance.
const PENDING: &[(&str, &str, &str)] = &[
    (
        "xml.js",
        "16",
        "THROWN_JOIN_DEPTH: how deep String(err) joins nested arrays (the JS semantics it emulates), equal to COPY_DEFAULT.depth by chance",
    ),
    (
        "copy.js",
        "1024",
        "MAX_STEPS: how many steps of the issues' paths the arguments' pruning follows one by one before it prunes by depth (the copy's own cost bound), equal to several core limits by chance",
    ),
    (
        "copy.js",
        "16",
        "SEARCHED: how many keys a pruning node searches before it indexes them in a Map (the copy's own tuning), equal to COPY_DEFAULT.depth by chance",
    ),
];

/// Sentences the core writes that must never be written in JS.
/// `Encountered`: a thrown value's name (`NullValueEncountered`, `numberEncountered`) is
/// the core's (src/classify/name.rs).
const WIRE_TEXT: &[&str] =
    &["Request cancelled.", "[Truncated]", "An internal error occurred.", "Unknown error", "Encountered"];

/// Pending text (wire text, or a core text constant a file writes for its own reason):
/// (file, text, why).
const PENDING_TEXT: &[(&str, &str, &str)] = &[(
    "copy.js",
    "0",
    "the JSON a pruned list writes for an index no path names (its own placeholder), equal to COUNTED_ISSUE by chance",
)];

/// What the scanner found in a JS source: the code outside comments and strings, and
/// each string literal's text (template literals whole, escapes left as written).
struct Scanned {
    code: String,
    strings: Vec<String>,
}

fn scan(source: &str) -> Scanned {
    let mut code = String::new();
    let mut strings = Vec::new();
    let mut chars = source.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for n in chars.by_ref() {
                    if n == '\n' {
                        code.push('\n');
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut last = ' ';
                for n in chars.by_ref() {
                    if last == '*' && n == '/' {
                        break;
                    }
                    last = n;
                }
                code.push(' ');
            }
            // A regular expression literal (a `/` where an operand starts): skipped whole.
            '/' if code.trim_end().chars().last().map_or(true, |p| "(,=:[!&|?{};".contains(p)) => {
                let mut class = false;
                while let Some(n) = chars.next() {
                    match n {
                        '\\' => {
                            chars.next();
                        }
                        '[' => class = true,
                        ']' => class = false,
                        '/' if !class => break,
                        _ => {}
                    }
                }
                code.push_str(" /re/ ");
            }
            '\'' | '"' | '`' => {
                let mut text = String::new();
                while let Some(n) = chars.next() {
                    if n == '\\' {
                        text.push(n);
                        if let Some(e) = chars.next() {
                            text.push(e);
                        }
                    } else if n == c {
                        break;
                    } else {
                        text.push(n);
                    }
                }
                strings.push(text);
                code.push_str(" \"\" ");
            }
            _ => code.push(c),
        }
    }
    Scanned { code, strings }
}

/// The numeric literals of `code`, as written less `_` separators.
fn numbers(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut word = false;
    for c in code.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() || (c == '_' && !current.is_empty()) {
            if !word {
                current.push(c);
            }
        } else {
            if !current.is_empty() {
                out.push(current.replace('_', ""));
                current.clear();
            }
            word = c.is_alphanumeric() || c == '_' || c == '$' || c == '.';
        }
    }
    out
}

fn sources() -> Vec<(String, Scanned)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("pkg-template/lib");
    let mut out = Vec::new();
    for entry in fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap_or_else(|e| panic!("{e}")).path();
        if path.extension().is_some_and(|x| x == "js") {
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            out.push((name, scan(&text)));
        }
    }
    assert!(out.len() > 5, "pkg-template/lib holds the JS layer");
    out
}

#[test]
fn the_js_layer_imports_every_core_constant_and_copies_none() {
    let sources = sources();
    let mut found = Vec::new();
    let mut pending_seen = Vec::new();
    for (name, _, value) in table() {
        for (file, scanned) in &sources {
            for decl in ["const", "let", "var", "function"] {
                if scanned.code.contains(&format!("{decl} {name} "))
                    || scanned.code.contains(&format!("{decl} {name}="))
                {
                    found.push(format!("{file} declares {name} (import it from ./constants.js)"));
                }
            }
            match &value {
                Literal::Number(n) if n.abs() >= 10 => {
                    let n = n.to_string();
                    if numbers(&scanned.code).contains(&n) {
                        if PENDING.iter().any(|(f, l, _)| f == file && *l == n) {
                            pending_seen.push((file.clone(), n.clone()));
                        } else {
                            found.push(format!("{file} writes {n}, the value of the core's {name}"));
                        }
                    }
                }
                Literal::Number(_) => {}
                // A short text (a category, a marker) is matched as a whole string literal.
                Literal::Text(text) => {
                    let short = text.chars().count() < 12;
                    if scanned.strings.iter().any(|s| if short { s == text } else { s.contains(text.as_str()) }) {
                        if PENDING_TEXT.iter().any(|(f, t, _)| f == file && t == text) {
                            pending_seen.push((file.clone(), text.clone()));
                        } else {
                            found.push(format!("{file} writes {text:?}, the core's {name}"));
                        }
                    }
                }
                Literal::Fields(items) => {
                    if scanned.strings.windows(items.len()).any(|w| w == items.as_slice()) {
                        found.push(format!("{file} writes {items:?}, the core's {name}"));
                    }
                }
                Literal::Policy(policy) => {
                    for n in [policy.depth, policy.entries, policy.string_units] {
                        let n = n.to_string();
                        if numbers(&scanned.code).contains(&n) {
                            if PENDING.iter().any(|(f, l, _)| f == file && *l == n) {
                                pending_seen.push((file.clone(), n.clone()));
                            } else {
                                found.push(format!("{file} writes {n}, a limit of the core's {name}"));
                            }
                        }
                    }
                }
                Literal::Codes(entries) => {
                    for (code, _, _) in entries {
                        let digits = code.unsigned_abs().to_string();
                        if numbers(&scanned.code).contains(&digits) {
                            found.push(format!("{file} writes {code}, one of the core's {name}"));
                        }
                    }
                }
                Literal::List(items) => {
                    for item in items {
                        if scanned.strings.iter().any(|s| s == item) {
                            found.push(format!("{file} writes {item:?}, one of the core's {name}"));
                        }
                    }
                }
            }
        }
    }
    for text in WIRE_TEXT {
        for (file, scanned) in &sources {
            if scanned.strings.iter().any(|s| s.contains(text)) {
                if PENDING_TEXT.iter().any(|(f, t, _)| f == file && t == text) {
                    pending_seen.push((file.clone(), (*text).to_owned()));
                } else {
                    found.push(format!("{file} writes the wire text {text:?}"));
                }
            }
        }
    }
    assert!(found.is_empty(), "core values written in pkg-template/lib:\n{}", found.join("\n"));
    for (file, literal, why) in PENDING.iter().chain(PENDING_TEXT) {
        assert!(
            pending_seen.iter().any(|(f, l)| f == file && l == literal),
            "{file} no longer writes {literal:?} ({why}): remove it from PENDING"
        );
    }
}

#[test]
fn the_scanner_sees_literals_in_code_and_strings_but_not_in_comments() {
    let scanned = scan("// 16384 'x'\nconst A = 16_384; /* 101 */ const B = 'An internal error occurred.' + `[Truncated]`; x.y100; const R = /[\"/]'/; 1024 / 2;");
    assert_eq!(numbers(&scanned.code), vec!["16384".into(), "1024".into(), "2".to_owned()]);
    assert_eq!(scanned.strings, vec!["An internal error occurred.".into(), "[Truncated]".to_owned()]);
}

/// One TypeError style (issue 20, item 3): `lib/read.js`'s `argumentError` and
/// `unreadableError` write every TypeError; these files still write their own, and why.
const OWN_TYPE_ERRORS: &[(&str, &str)] = &[
    ("read.js", "argumentError and unreadableError themselves"),
    ("register.js", "registerTool's config checks: 'mcp-envelope: registerTool: …', not yet argumentError"),
];

#[test]
fn every_type_error_is_written_one_way() {
    for (file, scanned) in sources() {
        let own = scanned.code.contains("new TypeError(");
        let listed = OWN_TYPE_ERRORS.iter().any(|(f, _)| *f == file);
        assert!(!own || listed, "{file} writes its own TypeError: use read.js's argumentError or unreadableError");
        assert!(own || !listed, "{file} no longer writes its own TypeError: remove it from OWN_TYPE_ERRORS");
    }
}

/// The JS layer calls the core only through the generated `abi.js` (src/protocol/): no
/// file of `pkg-template/lib/` imports the engine's raw exports or the glue's, but
/// `lib/bundle.js`, the module the entries load, which hands them the glue's
/// initialisation and the engine's set-up and the repository's tests the guarded engine
/// (calling none of them itself); the entries import neither.
#[test]
fn the_js_layer_calls_the_core_only_through_the_generated_protocol() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("pkg-template");
    let bundle = root.join("lib").join("bundle.js");
    let mut found = Vec::new();
    for dir in [root.join("lib"), root.clone()] {
        for entry in fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.unwrap_or_else(|e| panic!("{e}")).path();
            if path.extension().is_none_or(|x| x != "js") {
                continue;
            }
            let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let is_bundle = path == bundle;
            for line in text.lines().filter(|l| l.contains("engine.js'")) {
                if !(is_bundle && line.trim() == "import { engine, markReady } from './engine.js';") {
                    found.push(format!("{}: {line}", path.display()));
                }
            }
            // The engine is what calls the glue; codes.js takes the generated code object.
            let glue_import = match path.file_name().and_then(|n| n.to_str()) {
                Some("bundle.js") if is_bundle => {
                    "import initWasm, { __mcpEnvelopeMemoryBytes, initSync } from '../wasm/mcp_envelope.js';"
                }
                Some("engine.js") => "import * as glue from '../wasm/mcp_envelope.js';",
                _ => "import { JsonRpcErrorCode } from '../wasm/mcp_envelope.js';",
            };
            for line in text.lines().filter(|l| l.contains("mcp_envelope.js'") && l.trim_start().starts_with("import "))
            {
                let allowed = line.trim() == glue_import && (is_bundle || dir.ends_with("lib"));
                if !allowed {
                    found.push(format!("{}: {line}", path.display()));
                }
            }
        }
    }
    assert!(found.is_empty(), "raw exports reached around lib/abi.js:\n{}", found.join("\n"));
}
