//! Pre-validation: mcp-ts-core's ordered repair of a tool call's arguments
//! (`inputPrevalidation.ts`, seed 002), driven by the tool's JSON Schema and the
//! validator's own issues instead of the Zod schema.
//!
//! Before the parse, two key stages ([`keys`]): client-added root keys dropped, then
//! declared and case-style aliases rewritten to their target ([`plan`] reads what the
//! schema declares). Only after the schema rejected the arguments, the value repairs
//! ([`repair`], one kind each read by [`gates`] off the rejecting issue): a stringified
//! list or object, an integer sent for a string, a numeric or boolean string, a lone
//! string for a list, `null` for an optional field ([`schema_at`]); the caller parses
//! once more per candidate. When all fail, the rejection reports what the key stages
//! changed and is parsed with the repairs that held ([`held`]).
//!
//! The core never sees the caller's values themselves, only bounded copies; it answers
//! with positions (which key sent goes where) and paths (which value to replace), so
//! the caller moves its own values and a value the copy cut is never repaired.

pub mod gates;
pub mod held;
pub mod keys;
pub mod plan;
pub mod reads;
pub mod repair;
pub mod schema_at;

pub use gates::Kind;
pub use keys::{attempts, Attempt, KeyOptions, Order, SentKey, BUILT_IN_IGNORED, MAX_ROOT_KEYS};
pub use plan::{fold_key, Plan};
pub use repair::{candidates, Candidates, Repair};
pub use schema_at::Step;
