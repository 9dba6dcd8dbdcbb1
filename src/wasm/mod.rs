//! The wasm boundary: the only module that knows wasm-bindgen.
//!
//! Every export takes plain numbers and strings (or JSON text the JS layer made from a
//! value it already copied safely) and returns the same, so nothing here can meet a
//! Proxy, a getter or a cycle. The JS layer in `pkg-template/lib/` is the public API;
//! these raw exports are its private engine.

mod alloc;
mod client;
mod jsonrpc;
mod xml;

// The test-trap build wraps it in its own (see `test_trap`).
#[cfg(not(feature = "test-trap"))]
#[global_allocator]
static ALLOCATOR: alloc::Classes = alloc::Classes::new();

use wasm_bindgen::prelude::*;

use crate::classify::cause::WireChain;
use crate::classify::{classify_by_cause, classify_own_with_status, Code, Thrown, ThrownKind};
use crate::codes::{JsonRpcErrorCode, CANONICAL_TOOL_ERROR_CODES};

#[wasm_bindgen]
extern "C" {
    /// `crypto.getRandomValues`, present in Node ≥ 19, browsers, Deno, Bun and workerd.
    #[wasm_bindgen(catch, js_namespace = crypto, js_name = getRandomValues)]
    fn get_random_values(buffer: &mut [u8]) -> Result<JsValue, JsValue>;
}

/// How many issues a copy sends whole, then the issue codes it sends whole past them,
/// space-separated ([`crate::jsonrpc::rejection::ISSUES_READ_WHOLE`]): any other issue
/// past them can cross as its code alone. The JS layer reads this once.
#[wasm_bindgen(js_name = issueCrossingRule)]
pub fn issue_crossing_rule() -> String {
    let mut rule = crate::jsonrpc::rejection::ISSUES_READ_WHOLE.to_string();
    for code in crate::zod::issue::UNION_CODES {
        rule.push(' ');
        rule.push_str(code);
    }
    rule
}

use crate::js_constants::KIND_MCP_ERROR;

/// Steps 1–10 for a thrown value the JS layer has read: its own kind, `code` (NaN when
/// not a number; `code_text` when a string), name and message, then (steps 9–10, when
/// those say nothing better than InternalError) its cause chain `chain` as for
/// [`classify_causes`], or, when `chain` is `None`, no cause at all (its own `code_text`
/// then decides alone). `causes_unread`: the JS layer has not read the chain (the value
/// may have a cause); the answer is then 0 where the chain would decide, and the JS
/// layer reads it and asks [`classify_causes`].
#[wasm_bindgen(js_name = classifyRead)]
#[allow(clippy::too_many_arguments)] // one flat call: the JS layer's shape
pub fn classify_read(
    kind: u8,
    code: f64,
    code_text: Option<String>,
    name: &str,
    message: &str,
    aborted: bool,
    chain: Option<String>,
    causes_unread: bool,
    status_code: i32,
) -> i32 {
    let own = Own { kind, code, code_text: code_text.as_deref(), name, message, aborted, status_code };
    classify_thrown(&own, chain.as_deref(), causes_unread)
}

/// What the JS layer read of a thrown value itself (see [`classify_read`]);
/// `status_code` is the code a plain object's HTTP status maps to ([`problem_read`]), 0 for none.
pub(crate) struct Own<'a> {
    pub kind: u8,
    pub code: f64,
    pub code_text: Option<&'a str>,
    pub name: &'a str,
    pub message: &'a str,
    pub aborted: bool,
    pub status_code: i32,
}

/// A thrown plain object's problem-detail fields (JSON text of them, see
/// [`crate::classify::problem`]) as `{"message":…,"code":N}`: the message it reads
/// with and the code its status maps to (0 for none).
#[wasm_bindgen(js_name = problemRead)]
pub fn problem_read(fields: &str) -> String {
    let value = crate::value::Value::parse_json(fields).unwrap_or(crate::value::Value::Null);
    let problem = crate::classify::problem::Problem::from_value(&value);
    let code = problem.code().map_or(0, JsonRpcErrorCode::value);
    let mut out = String::from("{\"message\":");
    crate::value::write_json_string(&problem.message(), &mut out);
    out.push_str(",\"code\":");
    out.push_str(&code.to_string());
    out.push('}');
    out
}

/// [`classify_read`] for the exports that classify inside their own call.
pub(crate) fn classify_thrown(own: &Own<'_>, chain: Option<&str>, causes_unread: bool) -> i32 {
    match classify_read_value(own) {
        0 if causes_unread => 0,
        0 if chain.is_some() => classify_chain(chain),
        // No cause: the chain is the value's own code string alone.
        0 => classify_by_cause(own.code_text.map_or(Code::Absent, Code::Text), &[]).code.value(),
        code => code,
    }
}

/// Steps 1–8: the code, or 0 when the value itself says nothing better than InternalError.
fn classify_read_value(own: &Own<'_>) -> i32 {
    let kind = if own.kind == KIND_MCP_ERROR { ThrownKind::McpError } else { ThrownKind::Other };
    let code = match (integral_i32(own.code), own.code_text) {
        (Some(n), _) => Code::Number(n),
        (None, Some(text)) => Code::Text(text),
        (None, None) => Code::Absent,
    };
    let thrown = Thrown { kind, name: own.name, message: own.message, code, causes: &[] };
    let status = JsonRpcErrorCode::from_value(own.status_code);
    classify_own_with_status(&thrown, status, own.aborted).map_or(0, |c| c.code.value())
}

/// Steps 9–10: the code for a value [`classify_read`] answered 0 for, from its `code`
/// string and cause chain in the compact form of [`WireChain`] (`None`: it has neither).
#[wasm_bindgen(js_name = classifyCauses)]
pub fn classify_causes(chain: Option<String>) -> i32 {
    classify_chain(chain.as_deref())
}

/// [`classify_causes`] for the exports that classify inside their own call.
fn classify_chain(chain: Option<&str>) -> i32 {
    let Some(wire) = chain else {
        return classify_by_cause(Code::Absent, &[]).code.value();
    };
    let chain = WireChain::decode(wire);
    classify_by_cause(chain.code, chain.causes()).code.value()
}

fn integral_i32(n: f64) -> Option<i32> {
    let in_range = n.is_finite() && n.fract() == 0.0 && n >= f64::from(i32::MIN) && n <= f64::from(i32::MAX);
    in_range.then_some(n as i32)
}

/// `"-32700 ParseError client\n..."`: the code table the JS layer builds its
/// name and category lookups from, once.
#[wasm_bindgen(js_name = codeTable)]
pub fn code_table() -> String {
    let mut out = String::new();
    for code in JsonRpcErrorCode::ALL {
        out.push_str(&code.value().to_string());
        out.push(' ');
        out.push_str(code.name());
        out.push(' ');
        out.push_str(code.category().as_str());
        out.push('\n');
    }
    out
}

/// The category `code` files under once the thrown value's `data.reason` is known
/// (`reason`: that string, `None` when it has none), as [`crate::classify::category_of`]
/// decides it (mcp-ts-core's `getErrorCategory(code, data)`). An unknown code is `server`.
#[wasm_bindgen(js_name = categoryFor)]
pub fn category_for(code: i32, reason: Option<String>) -> String {
    let data = reason.map(|r| crate::value::Value::Object(vec![("reason".to_owned(), crate::value::Value::String(r))]));
    JsonRpcErrorCode::from_value(code)
        .map_or(crate::codes::Category::Server, |known| crate::classify::category_of(known, data.as_ref()))
        .as_str()
        .to_owned()
}

#[wasm_bindgen(js_name = canonicalToolErrorCodes)]
pub fn canonical_tool_error_codes() -> Vec<String> {
    CANONICAL_TOOL_ERROR_CODES.iter().map(|c| (*c).to_owned()).collect()
}

#[wasm_bindgen(js_name = httpStatusToErrorCode)]
pub fn http_status_to_error_code(status: f64) -> Option<i32> {
    crate::http_status::http_status_to_error_code(status).map(JsonRpcErrorCode::value)
}

/// A caller's request id as envelopes and log records write it (cut at 1,024 units).
#[wasm_bindgen(js_name = boundedRequestId)]
pub fn bounded_request_id(id: &str) -> String {
    crate::request_id::bounded_request_id(id).into_owned()
}

/// A fresh `XXXXX-XXXXX` id from `random`, bytes the JS layer drew from
/// `crypto.getRandomValues` in bulk (`lib/random.js`: one call per 128 ids).
#[wasm_bindgen(js_name = requestId)]
pub fn request_id(random: &[u8]) -> Result<String, JsError> {
    fresh_request_id(random)
}

/// A fresh request id, for an export that writes one into its envelope in the same
/// call: from `random` while it lasts (32 bytes make an id but for a chance below
/// 10^-40), then from `crypto.getRandomValues`.
fn fresh_request_id(random: &[u8]) -> Result<String, JsError> {
    let mut failed = false;
    let mut given = random;
    let id = crate::request_id::request_id(|buffer| {
        if let Some((now, later)) = given.split_at_checked(buffer.len()) {
            buffer.copy_from_slice(now);
            given = later;
        } else if failed || get_random_values(buffer).is_err() {
            failed = true;
            // Any constant makes the loop finish; the id is discarded below.
            buffer.fill(0);
        }
    });
    if failed {
        return Err(JsError::new("mcp-envelope: crypto.getRandomValues is unavailable"));
    }
    Ok(id)
}

// The declarations generated for TypeScript (the code enum, the data shapes).
mod types;

/// Test builds only (`--features test-trap`, written by scripts/build-test-trap.mjs to
/// build/test-trap/, never to pkg/): ways to trap the instance on purpose, so
/// js-tests/self-heal.test.mjs can prove the JS layer re-instantiates it.
#[cfg(feature = "test-trap")]
#[allow(clippy::panic)]
mod test_trap {
    use std::alloc::{GlobalAlloc, Layout};
    use std::sync::atomic::{AtomicU32, Ordering};

    use wasm_bindgen::prelude::*;

    /// Allocations left before the armed trap (0: disarmed).
    static COUNTDOWN: AtomicU32 = AtomicU32::new(0);

    /// The package's allocator, except that the allocation [`trap_after_allocations`] armed traps.
    struct Countdown;

    static INNER: super::alloc::Classes = super::alloc::Classes::new();

    // SAFETY: every call is passed to the package's allocator unchanged.
    unsafe impl GlobalAlloc for Countdown {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            match COUNTDOWN.load(Ordering::Relaxed) {
                0 => {}
                1 => core::arch::wasm32::unreachable(),
                left => COUNTDOWN.store(left - 1, Ordering::Relaxed),
            }
            unsafe { INNER.alloc(layout) }
        }

        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            unsafe { INNER.dealloc(ptr, layout) }
        }
    }

    #[global_allocator]
    static ALLOCATOR: Countdown = Countdown;

    /// Panics (with `panic = "abort"`: the instance traps).
    #[wasm_bindgen(js_name = trapForTest)]
    pub fn trap_for_test() {
        panic!("mcp-envelope: trapForTest");
    }

    /// The `n`-th allocation from now traps, inside whatever export makes it (0 disarms).
    #[wasm_bindgen(js_name = trapAfterAllocations)]
    pub fn trap_after_allocations(n: u32) {
        COUNTDOWN.store(n, Ordering::Relaxed);
    }
}
