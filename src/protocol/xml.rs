//! The XML dialect's operations (`lib/xml.js`). Scalars cross as strings and numbers,
//! lists of names and detail pairs as lists of strings; issues, deltas and arguments as
//! JSON the JS layer wrote from a bounded plain copy. A builder's answer is a response:
//! `{ isError, branded, text }`.

use super::{js_count, request, Host, Json, Out, ProtocolError};
use crate::codes::{Category, JsonRpcErrorCode};
use crate::redact::WirePolicy;
use crate::sizes::TrueSizes;
use crate::value::Value;
use crate::xml::from_jsonrpc::tool_error_from_mcp;
use crate::xml::tool_error::{tool_error_room, write_tool_error_into, ToolErrorFields};
use crate::xml::{
    enrich_validation_error, error, format_deltas_xml, group_unknown_action, group_validation_error, internal_error,
    max_deltas_from_js, required, routing_error, EnrichOptions, InternalErrorLocation, RoutingError, ToolResponse,
    ValidationInput,
};

/// A response as it crosses ([`super::table::Reply::Xml`]): one digit, `isError` + 2 ×
/// `branded`, then the text as it is.
#[inline(never)]
pub fn response_reply(response: &ToolResponse) -> String {
    let mut out = String::with_capacity(response.text.len() + 1);
    out.push(reply_flags(response.is_error, response.branded));
    out.push_str(&response.text);
    out
}

/// A response reply's first character: whether it is an error and branded.
fn reply_flags(is_error: bool, branded: bool) -> char {
    match (is_error, branded) {
        (false, false) => '0',
        (true, false) => '1',
        (false, true) => '2',
        (true, true) => '3',
    }
}

type Answer = Result<String, ProtocolError>;

fn items<'a>(list: Json<'a>) -> &'a [Value<'a>] {
    list.0.as_array().unwrap_or_default()
}

/// `key, value, key, value…` as pairs (a last key without its value is left out).
fn pairs<'a>(list: &[&'a str]) -> Vec<(&'a str, &'a str)> {
    list.chunks_exact(2)
        .filter_map(|pair| match pair {
            [key, value] => Some((*key, *value)),
            _ => None,
        })
        .collect()
}

request! {
    /// `toolError(code, opts)`.
    ToolError<'a> as "XmlToolErrorRequest" {
        code: &'a str = "code",
        message: &'a str = "message",
        suggestion: Option<&'a str> = "suggestion",
        /// Absent: none.
        actions: Option<&'a [&'a str]> = "actions",
        /// Each key, then `String(value)`, in `Object.keys` order; absent: none.
        details: Option<&'a [&'a str]> = "details",
        retry_after: Option<f64> = "retryAfter",
        severity: Option<&'a str> = "severity",
        /// Mask secrets in the message, suggestion and detail values.
        redact_secrets: bool = "redactSecrets",
    }
}

pub(crate) fn xml_tool_error(request: ToolError<'_>, _: &mut dyn Host) -> Answer {
    let details = pairs(request.details.unwrap_or_default());
    let fields = ToolErrorFields {
        message: request.message,
        suggestion: request.suggestion,
        available_actions: request.actions.unwrap_or_default(),
        details: &details,
        retry_after: request.retry_after,
        severity: request.severity,
        wire: WirePolicy { redact_secrets: request.redact_secrets, ..WirePolicy::default() },
    };
    // The envelope is written after its reply's flags (a toolError is branded), not
    // copied there.
    let mut reply = String::with_capacity(tool_error_room(request.code, &fields).saturating_add(1));
    reply.push(reply_flags(fields.is_error(), true));
    write_tool_error_into(&mut reply, request.code, &fields);
    Ok(reply)
}

request! {
    /// `error(message, code?)`.
    XmlError<'a> as "XmlErrorRequest" {
        message: &'a str = "message",
        code: Option<&'a str> = "code",
    }
}

pub(crate) fn xml_error(request: XmlError<'_>, _: &mut dyn Host) -> Answer {
    Ok(response_reply(&error(request.message, request.code)))
}

request! {
    /// A tool's name.
    Tool<'a> as "XmlToolRequest" {
        tool: &'a str = "tool",
    }
}

/// The answer to a call cancelled before its handler started.
pub(crate) fn xml_cancelled(request: Tool<'_>, _: &mut dyn Host) -> Answer {
    Ok(response_reply(&crate::xml::routing::cancelled(request.tool)))
}

request! {
    /// `required(field)`.
    Required<'a> as "XmlRequiredRequest" {
        field: &'a str = "field",
    }
}

pub(crate) fn xml_required(request: Required<'_>, _: &mut dyn Host) -> Answer {
    Ok(response_reply(&required(request.field)))
}

request! {
    /// `routingError`: the discriminator missing, of the wrong type, or naming no action.
    Routing<'a> as "XmlRoutingErrorRequest" {
        /// "missing", "invalid" (`value` is the JS `typeof` of what was sent) or
        /// "unknown" (`value` is the action name sent).
        kind: &'a str = "kind",
        discriminator: &'a str = "discriminator",
        actions: &'a [&'a str] = "actions",
        value: &'a str = "value",
    }
}

pub(crate) fn xml_routing_error(request: Routing<'_>, _: &mut dyn Host) -> Answer {
    let kind = match request.kind {
        "missing" => RoutingError::Missing,
        "invalid" => RoutingError::Invalid { received_type: request.value },
        _ => RoutingError::Unknown { value: request.value },
    };
    Ok(response_reply(&routing_error(kind, request.discriminator, request.actions)))
}

request! {
    /// `internalError` for an unbranded throw whose message the JS layer read.
    InternalError<'a> as "XmlInternalErrorRequest" {
        message: &'a str = "message",
        tool: &'a str = "tool",
        action: Option<&'a str> = "action",
        /// The throw's classified code (read only under `maskServerErrors`).
        code: i32 = "code",
        redact_secrets: bool = "redactSecrets",
        mask_server_errors: bool = "maskServerErrors",
    }
}

pub(crate) fn xml_internal_error(request: InternalError<'_>, _: &mut dyn Host) -> Answer {
    let category = JsonRpcErrorCode::from_value(request.code).map_or(Category::Server, JsonRpcErrorCode::category);
    let wire = WirePolicy { redact_secrets: request.redact_secrets, mask_server_errors: request.mask_server_errors };
    let at = InternalErrorLocation { tool: request.tool, action: request.action, category, wire };
    Ok(response_reply(&internal_error(request.message, &at)))
}

request! {
    /// An McpError thrown inside a tool of the XML dialect ([`crate::xml::from_jsonrpc`]).
    FromMcpError<'a> as "XmlFromMcpErrorRequest" {
        code: i32 = "code",
        message: &'a str = "message",
        /// Its wire-safe data.
        data: Option<Json<'a>> = "data",
        guidance: bool = "guidance",
        redact_secrets: bool = "redactSecrets",
        mask_server_errors: bool = "maskServerErrors",
    }
}

pub(crate) fn xml_from_mcp_error(request: FromMcpError<'_>, _: &mut dyn Host) -> Answer {
    let wire = WirePolicy { redact_secrets: request.redact_secrets, mask_server_errors: request.mask_server_errors };
    let response =
        tool_error_from_mcp(request.code, request.message, request.data.map(|d| d.0), request.guidance, wire);
    Ok(response_reply(&response))
}

request! {
    /// `formatValidationError` / `validationErrorResult`.
    Validation<'a> as "XmlValidationRequest" {
        /// The first issues.
        issues: Json<'a> = "issues",
        /// How many there are.
        total: f64 = "total",
        action_key: &'a str = "actionKey",
        /// The arguments sent (left out for `undefined`).
        sent: Option<Json<'a>> = "sent",
        /// The true sizes of what the arguments' copy cut.
        sent_sizes: &'a [u32] = "sentSizes",
    }
}

/// The `<validation_error>` `request` asks for.
fn with_validation<T>(request: &Validation<'_>, write: impl FnOnce(&ValidationInput<'_>) -> T) -> T {
    let sizes = request.sent.map(|s| TrueSizes::locate(s.0, request.sent_sizes)).unwrap_or_default();
    let read = crate::source::normalise(items(request.issues), request.sent.map(|s| s.0));
    let input = ValidationInput {
        issues: &read.issues,
        total: js_count(request.total).saturating_sub(read.left_out),
        action_key: request.action_key,
        sent: request.sent.map(|s| s.0),
        sent_sizes: &sizes,
    };
    write(&input)
}

/// The `<validation_error>` text, as a JSON string.
pub(crate) fn xml_format_validation_error(request: Validation<'_>, _: &mut dyn Host) -> Answer {
    Ok(with_validation(&request, |input| input.text()))
}

/// The `<validation_error>` as a response.
pub(crate) fn xml_validation_error_result(request: Validation<'_>, _: &mut dyn Host) -> Answer {
    Ok(response_reply(&with_validation(&request, |input| input.response())))
}

request! {
    /// `enrichValidationError(xml, tool, actionKey, deltas, options)`.
    Enrich<'a> as "XmlEnrichRequest" {
        xml: &'a str = "xml",
        tool: &'a str = "tool",
        action_key: &'a str = "actionKey",
        /// The tool's deltas.
        deltas: Json<'a> = "deltas",
        include_all_severities: bool = "includeAllSeverities",
        max_deltas_per_error: Option<f64> = "maxDeltasPerError",
    }
}

/// `{"deltas":N,"text":…}`: the text with the N deltas injected.
pub(crate) fn xml_enrich_validation_error(request: Enrich<'_>, _: &mut dyn Host) -> Answer {
    let options = EnrichOptions {
        include_all_severities: request.include_all_severities,
        max_deltas_per_error: request.max_deltas_per_error.map(max_deltas_from_js),
    };
    let enriched =
        enrich_validation_error(request.xml, request.tool, request.action_key, items(request.deltas), &options);
    // A count of deltas the core injected: far below 2^53.
    #[allow(clippy::cast_precision_loss)]
    let deltas = enriched.delta_count as f64;
    Ok(Out::new().number("deltas", deltas).string("text", &enriched.xml).finish())
}

request! {
    /// A tool's deltas.
    Deltas<'a> as "XmlDeltasRequest" {
        deltas: Json<'a> = "deltas",
    }
}

/// The `<contract_deltas>` text (`""` for none), as a JSON string.
pub(crate) fn xml_format_deltas(request: Deltas<'_>, _: &mut dyn Host) -> Answer {
    Ok(format_deltas_xml(items(request.deltas)))
}

request! {
    /// `createGroup`'s reply to an action it does not have.
    GroupUnknownAction<'a> as "XmlGroupUnknownActionRequest" {
        group: &'a str = "group",
        action: &'a str = "action",
        actions: &'a [&'a str] = "actions",
    }
}

pub(crate) fn xml_group_unknown_action(request: GroupUnknownAction<'_>, _: &mut dyn Host) -> Answer {
    Ok(response_reply(&group_unknown_action(request.group, request.action, request.actions)))
}

request! {
    /// `createGroup`'s validation reply: a prefix of at most GROUP_ISSUES issues and their count.
    GroupValidation<'a> as "XmlGroupValidationRequest" {
        group: &'a str = "group",
        action: &'a str = "action",
        issues: Json<'a> = "issues",
        total: f64 = "total",
    }
}

pub(crate) fn xml_group_validation_error(request: GroupValidation<'_>, _: &mut dyn Host) -> Answer {
    let read = crate::source::normalise(items(request.issues), None);
    let total = js_count(request.total).saturating_sub(read.left_out);
    Ok(response_reply(&group_validation_error(request.group, request.action, &read.issues, total)))
}
