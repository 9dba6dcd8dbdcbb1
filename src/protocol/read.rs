//! Reads one request as the generated JS encoder laid it out ([`Wire`]): each field in
//! its declared order, strings, JSON text and lists in place.

use super::{field_error, Member, Members, ProtocolError, Wire, WireField};

/// The bytes of a request not read yet.
struct Cursor<'a> {
    bytes: &'a [u8],
}

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], &'static str> {
        let (taken, rest) = self.bytes.split_at_checked(n).ok_or("the request ends early")?;
        self.bytes = rest;
        Ok(taken)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], &'static str> {
        self.take(N)?.try_into().map_err(|_| "the request ends early")
    }

    fn byte(&mut self) -> Result<u8, &'static str> {
        Ok(self.array::<1>()?[0])
    }

    fn length(&mut self) -> Result<usize, &'static str> {
        usize::try_from(u32::from_le_bytes(self.array()?)).map_err(|_| "a length past the address space")
    }

    fn text(&mut self) -> Result<&'a str, &'static str> {
        let n = self.length()?;
        core::str::from_utf8(self.take(n)?).map_err(|_| "not UTF-8")
    }

    fn member(&mut self, wire: Wire) -> Result<Member<'a>, &'static str> {
        Ok(match wire {
            Wire::Text => Member::Text(self.text()?),
            Wire::Number => Member::Number(f64::from_le_bytes(self.array()?)),
            Wire::Bool => match self.byte()? {
                0 => Member::Bool(false),
                1 => Member::Bool(true),
                _ => return Err("not a boolean"),
            },
            Wire::Json => Member::Json(self.text()?, core::cell::OnceCell::new()),
            Wire::Numbers => {
                let n = self.length()?;
                // Checked against what is left before anything is allocated.
                let bytes = self.take(n.checked_mul(4).ok_or("the request ends early")?)?;
                // Every chunk has four bytes.
                Member::Numbers(bytes.chunks_exact(4).map(|b| b.try_into().map_or(0, u32::from_le_bytes)).collect())
            }
            Wire::Texts => {
                let n = self.length()?;
                // Each string takes at least its four length bytes: checked against what is
                // left before anything is allocated.
                if self.bytes.len() / 4 < n {
                    return Err("the request ends early");
                }
                let mut list = Vec::with_capacity(n);
                for _ in 0..n {
                    list.push(self.text()?);
                }
                Member::Texts(list)
            }
        })
    }
}

/// Reads the request `request` (its TypeScript name, for errors) laid out as `fields`.
#[inline(never)]
pub(crate) fn read_request<'a>(
    bytes: &'a [u8],
    request: &str,
    fields: &[WireField],
) -> Result<Members<'a>, ProtocolError> {
    let mut cursor = Cursor { bytes };
    let mut members = Members { entries: Vec::with_capacity(fields.len()) };
    for field in fields {
        let read = (|| {
            if field.optional {
                match cursor.byte()? {
                    0 => return Ok(None),
                    1 => {}
                    _ => return Err("not a presence byte"),
                }
            }
            cursor.member(field.wire).map(Some)
        })();
        members.entries.push(read.map_err(|why| field_error(request, field.key, why))?);
    }
    if !cursor.bytes.is_empty() {
        return Err(ProtocolError(format!("{request}: bytes after the last field")));
    }
    Ok(members)
}
