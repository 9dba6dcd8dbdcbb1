//! A thrown value's name, the text classification reads beside its message: the rule
//! of mcp-ts-core's `getErrorName` (src/utils/internal/error-handler/helpers.ts), given
//! the few facts the JS layer can read of the value without running its code
//! (`lib/read.js`: each property read once, inside try/catch).
//!
//! | the value | its name | reference |
//! |---|---|---|
//! | `null` | `NullValueEncountered` | `getErrorName` |
//! | `undefined` | `UndefinedValueEncountered` | `getErrorName` |
//! | any other primitive | `` `${typeof value}Encountered` `` | `getErrorName` |
//! | an object whose inspection threw (a revoked Proxy) | `[Unreadable]` | `getErrorName`'s catch |
//! | an object whose `name` read threw | `[Unreadable]` | `readField` |
//! | an object with a truthy `name` | its text (`errorText`) | `getErrorName` |
//! | an Error with a falsy `name` | `Error` | `getErrorName` |
//! | any other object with a falsy `name` | `objectEncountered` | (ours, below) |
//!
//! Where this differs from the reference, on purpose: the reference reads `name` of an
//! `Error` instance only, and names any other object by its constructor
//! (`` `${error.constructor.name}Encountered` ``, `objectEncountered` for a plain one).
//! The core reads `name` of every object: an Error of another realm (a `vm` context, an
//! iframe) is no `instanceof Error` of this one, and a plain object thrown as
//! `{ name: 'AbortError' }` says what it is by its name. Reading `constructor` would be
//! one more read of the value for a name no pattern matches, so an object with a falsy
//! name is `objectEncountered` whatever its constructor. A function is an object here
//! (the reference: `functionEncountered`).
//!
//! Each link of a `cause` chain is named by the same rule (`protocol::classify::Causes`).
//! The reference's `extractErrorCauseChain` names an Error link by `errorText(name)`
//! even when falsy and a string cause `StringError`; neither those nor ours match a
//! constructor or a pattern, so a chain classifies the same either way.

use std::borrow::Cow;

use crate::js_constants::UNREADABLE;

/// What the JS layer read of a thrown value's `name` (an object's, read once).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameRead<'a> {
    /// The read threw (a getter, a Proxy trap).
    Threw,
    /// A falsy value (`''`, `0`, `false`, `null`, `undefined`, `NaN`, `0n`).
    Falsy,
    /// A truthy value as text: a string as it is, another primitive as `String` writes
    /// it, an object or function `[Unreadable]` (the reference's `errorText`). Empty
    /// text is the empty string's, so falsy.
    Text(&'a str),
}

/// What the JS layer could tell of a thrown value before naming it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seen<'a> {
    Null,
    Undefined,
    /// A primitive other than `null` and `undefined`, by its `typeof`.
    Primitive {
        type_of: &'a str,
    },
    /// An object (or function) whose prototype chain could not be inspected: a revoked
    /// Proxy, a `getPrototypeOf` trap that throws.
    Uninspectable,
    /// An object (or function): whether it is an `Error` (`instanceof Error` or
    /// `Error.isError`), and its `name`.
    Object {
        error: bool,
        name: NameRead<'a>,
    },
}

/// The `typeof` names JS has, each with its name as a thrown value.
const ENCOUNTERED: [(&str, &str); 8] = [
    ("string", "stringEncountered"),
    ("number", "numberEncountered"),
    ("bigint", "bigintEncountered"),
    ("boolean", "booleanEncountered"),
    ("symbol", "symbolEncountered"),
    ("undefined", "undefinedEncountered"),
    ("object", "objectEncountered"),
    ("function", "functionEncountered"),
];

/// The name a thrown value is classified by (see the module's table).
pub fn error_name<'a>(seen: &Seen<'a>) -> Cow<'a, str> {
    match *seen {
        Seen::Null => Cow::Borrowed("NullValueEncountered"),
        Seen::Undefined => Cow::Borrowed("UndefinedValueEncountered"),
        Seen::Primitive { type_of } => ENCOUNTERED
            .iter()
            .find(|(t, _)| *t == type_of)
            .map_or_else(|| Cow::Owned(format!("{type_of}Encountered")), |(_, name)| Cow::Borrowed(*name)),
        Seen::Uninspectable | Seen::Object { name: NameRead::Threw, .. } => Cow::Borrowed(UNREADABLE),
        Seen::Object { name: NameRead::Text(text), .. } if !text.is_empty() => Cow::Borrowed(text),
        Seen::Object { error: true, .. } => Cow::Borrowed("Error"),
        Seen::Object { error: false, .. } => Cow::Borrowed("objectEncountered"),
    }
}

#[cfg(test)]
mod tests {
    use super::{error_name, NameRead, Seen};

    fn name(seen: Seen<'_>) -> String {
        error_name(&seen).into_owned()
    }

    /// mcp-ts-core src/utils/internal/error-handler/helpers.ts, `getErrorName`'s doc and
    /// examples: `getErrorName(null)`, `getErrorName(undefined)`, `getErrorName('oops')`,
    /// `getErrorName(new TypeError('bad'))`, `getErrorName(new Error(''))` with its name
    /// set to `''` (`name ? errorText(name) : 'Error'`).
    #[test]
    fn the_reference_s_vectors() {
        assert_eq!(name(Seen::Null), "NullValueEncountered");
        assert_eq!(name(Seen::Undefined), "UndefinedValueEncountered");
        assert_eq!(name(Seen::Primitive { type_of: "string" }), "stringEncountered");
        assert_eq!(name(Seen::Object { error: true, name: NameRead::Text("TypeError") }), "TypeError");
        assert_eq!(name(Seen::Object { error: true, name: NameRead::Falsy }), "Error");
    }

    /// helpers.ts: "a value whose inspection throws (a `name` getter, a revoked
    /// `Proxy`) → '[Unreadable]'" (`getErrorName`'s catch, `readField`).
    #[test]
    fn what_could_not_be_read_is_unreadable() {
        assert_eq!(name(Seen::Uninspectable), "[Unreadable]");
        assert_eq!(name(Seen::Object { error: true, name: NameRead::Threw }), "[Unreadable]");
        assert_eq!(name(Seen::Object { error: false, name: NameRead::Threw }), "[Unreadable]");
    }

    /// helpers.ts `errorText` (the JS layer writes the text): a `name` that is not a
    /// string is written as `String` writes a primitive, `[Unreadable]` for an object.
    #[test]
    fn a_truthy_name_is_its_text_as_read() {
        assert_eq!(name(Seen::Object { error: true, name: NameRead::Text("404") }), "404");
        assert_eq!(name(Seen::Object { error: true, name: NameRead::Text("Symbol(x)") }), "Symbol(x)");
        assert_eq!(name(Seen::Object { error: true, name: NameRead::Text("[Unreadable]") }), "[Unreadable]");
        // Empty text is the empty string: falsy.
        assert_eq!(name(Seen::Object { error: true, name: NameRead::Text("") }), "Error");
    }

    /// helpers.ts `getErrorName`: `${typeof error}Encountered` for every other primitive.
    #[test]
    fn every_primitive_is_named_by_its_typeof() {
        for t in ["string", "number", "bigint", "boolean", "symbol"] {
            assert_eq!(name(Seen::Primitive { type_of: t }), format!("{t}Encountered"));
        }
        // No engine sends another typeof; one would still be named by it.
        assert_eq!(name(Seen::Primitive { type_of: "unknown" }), "unknownEncountered");
    }

    /// Ours, not the reference's (see the module doc): every object's `name` is read, not
    /// an Error's only, and an object with a falsy name is `objectEncountered`.
    #[test]
    fn any_object_is_named_by_its_name_else_object_encountered() {
        assert_eq!(name(Seen::Object { error: false, name: NameRead::Text("AbortError") }), "AbortError");
        assert_eq!(name(Seen::Object { error: false, name: NameRead::Falsy }), "objectEncountered");
        assert_eq!(name(Seen::Object { error: false, name: NameRead::Text("") }), "objectEncountered");
    }
}
