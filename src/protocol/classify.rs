//! Classification, codes and request ids: the operations `lib/classify.js` and
//! `lib/read.js` call.

use std::borrow::Cow;

use super::{json_string, request, Host, Json, JsonText, Out, ProtocolError};
use crate::classify::cause::Link;
use crate::classify::name::{error_name, NameRead, Seen};
use crate::classify::{classify_by_cause, classify_own as classify_value, Code, Thrown, ThrownKind};
use crate::codes::JsonRpcErrorCode;
use crate::js_constants::{
    KIND_MCP_ERROR, VALUE_NULL, VALUE_OBJECT, VALUE_PRIMITIVE, VALUE_UNDEFINED, VALUE_UNINSPECTABLE,
};
use crate::value::Value;

request! {
    /// A thrown value as the JS layer read it (`lib/read.js`).
    Classify<'a> as "ClassifyRequest" {
        /// KIND_MCP_ERROR for our McpError, KIND_OTHER for anything else.
        kind: u8 = "kind",
        /// Its `code` when a number (NaN otherwise).
        code: f64 = "code",
        /// Its `code` when a string of at most CODE_UNITS units.
        code_text: Option<&'a str> = "codeText",
        /// What `readThrown` saw of the value (VALUE_NULL, VALUE_UNDEFINED, VALUE_PRIMITIVE,
        /// VALUE_OBJECT or VALUE_UNINSPECTABLE): the core names it from this and the next four.
        value_kind: u8 = "valueKind",
        /// A primitive's `typeof`.
        type_of: Option<&'a str> = "typeOf",
        /// An object is an Error (`instanceof Error` or `Error.isError`).
        is_error: bool = "isError",
        /// Reading an object's `name` threw.
        name_threw: bool = "nameThrew",
        /// The text of an object's truthy `name` (left out when it is falsy).
        name: Option<&'a str> = "name",
        message: &'a str = "message",
        /// The request's signal was aborted.
        aborted: bool = "aborted",
        /// The code its HTTP status maps to (problemRead's), 0 for none.
        status_code: i32 = "statusCode",
        /// Its `cause` chain, nearest first (`[]`: it has none); left out while unread:
        /// the answer is then `needsCauses` where the chain would decide. Parsed only there.
        causes: Option<JsonText<'a>> = "causes",
    }
}

/// The thrown value of a [`Classify`] request as the JS layer read it (also part of
/// `errorResult`'s): what [`by_own_fields`] and [`by_chain`] classify.
pub(crate) struct Own<'a> {
    pub kind: u8,
    pub code: f64,
    pub code_text: Option<&'a str>,
    pub value_kind: u8,
    pub type_of: Option<&'a str>,
    pub is_error: bool,
    pub name_threw: bool,
    pub name: Option<&'a str>,
    pub message: &'a str,
    pub status_code: i32,
}

/// What `readThrown` saw of a value, as a request or a link carries it; `None` for a
/// `valueKind` that is none of the VALUE_* constants.
pub(crate) fn seen<'a>(
    value_kind: u8,
    type_of: Option<&'a str>,
    is_error: bool,
    name_threw: bool,
    name: Option<&'a str>,
) -> Option<Seen<'a>> {
    Some(match value_kind {
        VALUE_NULL => Seen::Null,
        VALUE_UNDEFINED => Seen::Undefined,
        VALUE_PRIMITIVE => Seen::Primitive { type_of: type_of.unwrap_or_default() },
        VALUE_OBJECT => Seen::Object {
            error: is_error,
            name: match (name_threw, name) {
                (true, _) => NameRead::Threw,
                (false, Some(text)) => NameRead::Text(text),
                (false, None) => NameRead::Falsy,
            },
        },
        VALUE_UNINSPECTABLE => Seen::Uninspectable,
        _ => return None,
    })
}

impl<'a> Own<'a> {
    /// The value's name ([`error_name`]); `request` names the request a `valueKind` that
    /// is none of the VALUE_* constants came in.
    pub(crate) fn name(&self, request: &str) -> Result<Cow<'a, str>, ProtocolError> {
        seen(self.value_kind, self.type_of, self.is_error, self.name_threw, self.name)
            .map(|seen| error_name(&seen))
            .ok_or_else(|| super::field_error(request, "valueKind", "not a VALUE_* constant"))
    }
}

/// Steps 1–8 for the value `own` describes, named `name`: its own fields. `None` when
/// they say nothing better than InternalError: then [`by_chain`] decides.
pub(crate) fn by_own_fields(own: &Own<'_>, name: &str, aborted: bool) -> Option<JsonRpcErrorCode> {
    let kind = if own.kind == KIND_MCP_ERROR { ThrownKind::McpError } else { ThrownKind::Other };
    let code = match (integral_i32(own.code), own.code_text) {
        (Some(n), _) => Code::Number(n),
        (None, Some(text)) => Code::Text(text),
        (None, None) => Code::Absent,
    };
    let status = JsonRpcErrorCode::from_value(own.status_code);
    let thrown = Thrown { kind, name, message: own.message, code, causes: &[], status };
    classify_value(&thrown, aborted).map(|found| found.code)
}

/// Steps 9–10 for the value `own` describes, once [`by_own_fields`] said nothing: its
/// own `code` string, then its chain `causes`.
pub(crate) fn by_chain(own: &Own<'_>, causes: &[Link<'_>]) -> JsonRpcErrorCode {
    let own_code = own.code_text.map_or(Code::Absent, Code::Text);
    classify_by_cause(own_code, causes).code
}

/// What names a link of a cause chain as the JS layer sends it (its name facts as a
/// request's; a link without a known `valueKind` is an object).
pub(crate) fn link_seen<'a>(link: &'a Value<'a>) -> Seen<'a> {
    let text = |key| link.get(key).and_then(Value::as_str);
    let flag = |key| link.get(key).and_then(Value::as_bool) == Some(true);
    let kind = link.get("valueKind").and_then(Value::as_f64).filter(|k| k.fract() == 0.0 && *k >= 0.0);
    // Checked integral and non-negative: a saturating cast to a kind.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let kind = kind.map_or(VALUE_OBJECT, |k| k.min(255.0) as u8);
    seen(kind, text("typeOf"), flag("isError"), flag("nameThrew"), text("name"))
        .unwrap_or(Seen::Object { error: flag("isError"), name: text("name").map_or(NameRead::Falsy, NameRead::Text) })
}

/// The cause chain as the JS layer sends it: `[{ mcp?, code?, valueKind, typeOf?,
/// isError?, nameThrew?, name?, message }]` (each link's name facts as a request's; a
/// link without a known `valueKind` is an object), at most
/// [`crate::classify::cause::MAX_CAUSES`] links (more are ignored), each link named once.
pub(crate) struct Causes<'a> {
    items: &'a [Value<'a>],
    names: Vec<Cow<'a, str>>,
}

impl<'a> Causes<'a> {
    pub(crate) fn read(causes: Json<'a>) -> Self {
        let all = causes.0.as_array().unwrap_or_default();
        let items = all.get(..crate::classify::cause::MAX_CAUSES).unwrap_or(all);
        let names = items.iter().map(|link| error_name(&link_seen(link))).collect();
        Causes { items, names }
    }

    pub(crate) fn links(&self) -> Vec<Link<'_>> {
        self.items
            .iter()
            .zip(&self.names)
            .map(|(link, name)| {
                let mcp = link.get("mcp").and_then(Value::as_bool) == Some(true);
                let code = match link.get("code") {
                    Some(Value::String(s)) => Code::Text(s),
                    Some(Value::Number(n)) => integral_i32(*n).map_or(Code::Absent, Code::Number),
                    _ => Code::Absent,
                };
                Link {
                    kind: if mcp { ThrownKind::McpError } else { ThrownKind::Other },
                    name,
                    message: link.get("message").and_then(Value::as_str).unwrap_or_default(),
                    code,
                }
            })
            .collect()
    }
}

fn integral_i32(n: f64) -> Option<i32> {
    let in_range = n.is_finite() && n.fract() == 0.0 && n >= f64::from(i32::MIN) && n <= f64::from(i32::MAX);
    // Checked integral and in range: the cast is exact.
    #[allow(clippy::cast_possible_truncation)]
    in_range.then_some(n as i32)
}

/// The code's index in [`JsonRpcErrorCode::ALL`] (the JS layer's `CODE_TABLE`) as decimal
/// text, or nothing when the chain decides and was not sent (`needsCauses`).
pub(crate) fn classify(request: Classify<'_>, _: &mut dyn Host) -> Result<String, ProtocolError> {
    let own = Own {
        kind: request.kind,
        code: request.code,
        code_text: request.code_text,
        value_kind: request.value_kind,
        type_of: request.type_of,
        is_error: request.is_error,
        name_threw: request.name_threw,
        name: request.name,
        message: request.message,
        status_code: request.status_code,
    };
    let name = own.name("ClassifyRequest")?;
    if let Some(code) = by_own_fields(&own, &name, request.aborted) {
        return Ok(code.index().to_string());
    }
    // The chain is parsed only here, where it decides.
    let Some(causes) = request.causes else { return Ok(String::new()) };
    // No chain at all (the JS layer's `[]`, the common case) needs no parse.
    if causes.0 == "[]" {
        return Ok(by_chain(&own, &[]).index().to_string());
    }
    let chain = causes.parse("ClassifyRequest", "causes")?;
    let causes = Causes::read(Json(&chain));
    Ok(by_chain(&own, &causes.links()).index().to_string())
}

request! {
    /// A thrown plain object's problem-detail fields (PROBLEM_TEXT_FIELDS, PROBLEM_NUMBER_FIELDS).
    ProblemRead<'a> as "ProblemReadRequest" {
        fields: Json<'a> = "fields",
    }
}

/// `{"message":…,"code":N}`: the message the object reads with and the code its status maps to (0 for none).
pub(crate) fn problem_read(request: ProblemRead<'_>, _: &mut dyn Host) -> Result<String, ProtocolError> {
    let problem = crate::classify::problem::Problem::from_value(request.fields.0);
    let code = problem.code().map_or(0, JsonRpcErrorCode::value);
    Ok(Out::new().string("message", &problem.message()).number("code", f64::from(code)).finish())
}

request! {
    /// A code and a thrown McpError's `data.reason`.
    CategoryFor<'a> as "CategoryForRequest" {
        code: i32 = "code",
        reason: &'a str = "reason",
    }
}

/// The category `code` files under given `data.reason` ([`crate::classify::category_of`],
/// mcp-ts-core's `getErrorCategory(code, data)`), as a JSON string. An unknown code is `server`.
pub(crate) fn category_for(request: CategoryFor<'_>, _: &mut dyn Host) -> Result<String, ProtocolError> {
    let data = Value::Object(vec![("reason".into(), Value::str(request.reason))]);
    let category = JsonRpcErrorCode::from_value(request.code)
        .map_or(crate::codes::Category::Server, |known| crate::classify::category_of(known, Some(&data)));
    Ok(json_string(category.as_str()))
}

request! {
    /// An HTTP status.
    HttpStatus<'a> as "HttpStatusRequest" {
        status: f64 = "status",
    }
}

/// The code of an HTTP status (`null` for none).
pub(crate) fn http_status(request: HttpStatus<'_>, _: &mut dyn Host) -> Result<String, ProtocolError> {
    Ok(crate::http_status::http_status_to_error_code(request.status)
        .map_or_else(|| "null".to_owned(), |code| code.value().to_string()))
}

request! {
    /// A caller's request id.
    BoundedRequestId<'a> as "BoundedRequestIdRequest" {
        id: &'a str = "id",
    }
}

/// The id as envelopes and log records write it (cut at 1,024 units).
pub(crate) fn bounded_request_id(request: BoundedRequestId<'_>, _: &mut dyn Host) -> Result<String, ProtocolError> {
    Ok(crate::request_id::bounded_request_id(request.id).into_owned())
}

request! {
    /// Nothing but the operation's name.
    RequestId<'a> as "RequestIdRequest" {}
}

/// A fresh `XXXXX-XXXXX` id.
pub(crate) fn request_id(_: RequestId<'_>, host: &mut dyn Host) -> Result<String, ProtocolError> {
    fresh_request_id(host)
}

/// A fresh request id from the host's randomness.
pub(crate) fn fresh_request_id(host: &mut dyn Host) -> Result<String, ProtocolError> {
    let mut failed = false;
    let id = crate::request_id::request_id(|buffer| {
        if failed || !host.fill_random(buffer) {
            failed = true;
            // Any constant makes the loop finish; the id is discarded below.
            buffer.fill(0);
        }
    });
    if failed {
        return Err(ProtocolError("crypto.getRandomValues is unavailable".to_owned()));
    }
    Ok(id)
}
