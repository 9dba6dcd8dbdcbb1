//! A request laid out ([`Wire`]) from a JSON object: how a native caller (the tests, the
//! fuzz target, a Rust program) writes what the generated JS encoder writes.

use super::table::OPERATIONS;
use super::{field_error, ProtocolError, Wire};
use crate::value::Value;

/// The request of the operation named `operation` (its JS name) from a JSON object with
/// one member per field, keyed as `abi.d.ts` declares them; an optional field may be
/// left out; members no field names are ignored. A `Number` field also takes `"NaN"`,
/// `"Infinity"` and `"-Infinity"`, which JSON cannot write.
pub fn encode_json(operation: &str, json: &str) -> Result<Vec<u8>, ProtocolError> {
    let op = OPERATIONS
        .iter()
        .find(|op| op.name == operation)
        .ok_or_else(|| ProtocolError(format!("no operation named {operation:?}")))?;
    let object =
        Value::parse_json(json).map_err(|e| ProtocolError(format!("{}: not JSON ({})", op.request, e.reason)))?;
    if object.as_object().is_none() {
        return Err(ProtocolError(format!("{}: the request is not a JSON object", op.request)));
    }
    let mut out = Vec::new();
    for field in op.fields {
        let member = object.get(field.key);
        if field.optional {
            out.push(u8::from(member.is_some()));
        }
        let Some(member) = member else {
            if field.optional {
                continue;
            }
            return Err(field_error(op.request, field.key, "missing"));
        };
        write(&mut out, field.wire, member).map_err(|why| field_error(op.request, field.key, why))?;
    }
    Ok(out)
}

fn write(out: &mut Vec<u8>, wire: Wire, member: &Value) -> Result<(), &'static str> {
    match wire {
        Wire::Text => write_text(out, member.as_str().ok_or("not a string")?),
        Wire::Json => write_text(out, &member.to_json()),
        Wire::Number => {
            let n = match member {
                Value::Number(n) => *n,
                Value::String(s) if s == "NaN" => f64::NAN,
                Value::String(s) if s == "Infinity" => f64::INFINITY,
                Value::String(s) if s == "-Infinity" => f64::NEG_INFINITY,
                _ => return Err("not a number"),
            };
            out.extend_from_slice(&n.to_le_bytes());
            Ok(())
        }
        Wire::Bool => {
            out.push(u8::from(member.as_bool().ok_or("not a boolean")?));
            Ok(())
        }
        Wire::Texts => {
            let items = member.as_array().ok_or("not a list")?;
            write_length(out, items.len())?;
            for item in items {
                write_text(out, item.as_str().ok_or("not a list of strings")?)?;
            }
            Ok(())
        }
        Wire::Numbers => {
            let items = member.as_array().ok_or("not a list")?;
            write_length(out, items.len())?;
            for item in items {
                let n = item.as_f64().filter(|n| n.fract() == 0.0 && *n >= 0.0 && *n <= f64::from(u32::MAX));
                // Checked integral and in range: the cast is exact.
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                out.extend_from_slice(&(n.ok_or("not a list of unsigned 32-bit integers")? as u32).to_le_bytes());
            }
            Ok(())
        }
    }
}

fn write_length(out: &mut Vec<u8>, n: usize) -> Result<(), &'static str> {
    out.extend_from_slice(&u32::try_from(n).map_err(|_| "longer than 2³² − 1")?.to_le_bytes());
    Ok(())
}

fn write_text(out: &mut Vec<u8>, text: &str) -> Result<(), &'static str> {
    write_length(out, text.len())?;
    out.extend_from_slice(text.as_bytes());
    Ok(())
}
