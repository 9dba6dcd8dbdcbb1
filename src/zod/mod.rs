//! The one reader of Zod issues both dialects render from: the issue view
//! ([`issue`]), the path segment and array-index rule ([`path`]), and the value at a
//! path in what the caller sent ([`at_path`]).
//!
//! Issues are read in place, as Zod wrote them (no copy, no normalised form). Zod 3
//! shapes map onto the Zod 4 model:
//!
//! | Zod 3                                      | read as (Zod 4)                      |
//! |--------------------------------------------|--------------------------------------|
//! | `invalid_enum_value { options }`           | `invalid_value { values }`           |
//! | `invalid_literal { expected }`             | `invalid_value { values: [it] }`     |
//! | `invalid_union { unionErrors[].issues }`   | `invalid_union { errors }`           |
//! | `invalid_union_discriminator { options }`  | `invalid_union` with no branch       |
//! | `invalid_type { expected: "integer" }`     | `invalid_type { expected: "int" }`   |
//! | `invalid_string { validation: "email" }`   | `invalid_format { format: "email" }` |
//! | `too_small` / `too_big { type }`           | `… { origin }` (one with neither, as a Zod 4 refinement's `ctx.addIssue` writes it, is Zod 4's) |
//! | `inclusive` (always written, read for truth) | `inclusive` (absent includes; only `false` excludes) |
//! | the nested issue itself, at the key's path | `invalid_key` / `invalid_element { issues }` |
//!
//! Zod 3 writes branch issue paths from the root of the parse; Zod 4 writes them
//! relative to the union. [`IssueView::branches`] hands out Zod 3 branches with a
//! flag, and [`relative_path`] strips the union's own path from them.
//!
//! The mapped [`IssueKind`] is what the JSON-RPC dialect renders from. The XML
//! dialect writes each major's own sentences (the reference has a Zod 3 and a Zod 4
//! formatter), so the view keeps the raw [`IssueView::code`] and says which
//! [`Major`] wrote an issue where its shape shows it.

pub(crate) mod at_path;
pub(crate) mod issue;
pub(crate) mod path;

pub use at_path::{arriving_at, value_at, Arriving, At};
pub use issue::{relative_path, Branch, IssueKind, IssueView, Major, Nested, UNION_CODES};
pub use path::{same_segment, Segment};
