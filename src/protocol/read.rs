//! Reads one request as the generated JS encoder laid it out ([`Wire`](super::Wire)):
//! each field in its declared order, read straight into the request struct ([`Cursor`]),
//! strings and JSON text borrowed in place. What a field's value borrows from (a parsed
//! value, a list) is kept in that field's [`Slot`], on the entry point's stack.

use super::ProtocolError;
use crate::value::Value;

/// The bytes of a request not read yet.
#[derive(Debug)]
pub struct Cursor<'a> {
    bytes: &'a [u8],
}

/// What a field's value borrows from, kept for as long as the request is: one for each
/// field whose type keeps one (`Field::KEEPS`), in the fields' order.
#[derive(Debug)]
pub enum Slot<'a> {
    /// A JSON field's parsed value.
    Value(Value<'a>),
    /// A list of strings' entries.
    Texts(Vec<&'a str>),
    /// A list of numbers.
    Numbers(Vec<u32>),
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Cursor { bytes }
    }

    fn take(&mut self, n: usize) -> Result<&'a [u8], &'static str> {
        let (taken, rest) = self.bytes.split_at_checked(n).ok_or("the request ends early")?;
        self.bytes = rest;
        Ok(taken)
    }

    pub(crate) fn array<const N: usize>(&mut self) -> Result<[u8; N], &'static str> {
        self.take(N)?.try_into().map_err(|_| "the request ends early")
    }

    fn byte(&mut self) -> Result<u8, &'static str> {
        let [byte] = self.array::<1>()?;
        Ok(byte)
    }

    /// One byte that is 0 (`false`) or 1 (`true`); any other is `why`.
    pub(crate) fn flag(&mut self, why: &'static str) -> Result<bool, &'static str> {
        match self.byte()? {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(why),
        }
    }

    fn length(&mut self) -> Result<usize, &'static str> {
        usize::try_from(u32::from_le_bytes(self.array()?)).map_err(|_| "a length past the address space")
    }

    /// A string: its length, then its UTF-8.
    #[inline(never)]
    pub(crate) fn text(&mut self) -> Result<&'a str, &'static str> {
        let n = self.length()?;
        core::str::from_utf8(self.take(n)?).map_err(|_| "not UTF-8")
    }

    /// A list of `u32`: its length, then each.
    #[inline(never)]
    pub(crate) fn numbers(&mut self) -> Result<Vec<u32>, &'static str> {
        let n = self.length()?;
        // Checked against what is left before anything is allocated.
        let bytes = self.take(n.checked_mul(4).ok_or("the request ends early")?)?;
        // Every chunk has four bytes.
        Ok(bytes.chunks_exact(4).map(|b| b.try_into().map_or(0, u32::from_le_bytes)).collect())
    }

    /// A list of strings: its length, then each as [`Cursor::text`] reads it.
    #[inline(never)]
    pub(crate) fn texts(&mut self) -> Result<Vec<&'a str>, &'static str> {
        let n = self.length()?;
        // Each string takes at least its four length bytes: checked against what is left
        // before anything is allocated.
        if self.bytes.len() / 4 < n {
            return Err("the request ends early");
        }
        let mut list = Vec::with_capacity(n);
        for _ in 0..n {
            list.push(self.text()?);
        }
        Ok(list)
    }

    /// The request read whole: nothing may follow its last field.
    pub(crate) fn finish(self, request: &str) -> Result<(), ProtocolError> {
        if self.bytes.is_empty() {
            Ok(())
        } else {
            Err(ProtocolError(format!("{request}: bytes after the last field")))
        }
    }
}
