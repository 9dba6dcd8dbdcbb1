//! The wasm boundary: the only module that knows wasm-bindgen.
//!
//! Three raw exports carry every operation of [`crate::protocol`]'s table: the JS layer
//! writes a request straight into the buffer `mcp_envelope_scratch` hands out, calls
//! `mcp_envelope_call` with the operation's index, and reads the result's UTF-8 where
//! `mcp_envelope_result_at` says (a request it cannot read answers an error's message
//! instead). Nothing here meets a JS value: the JS layer in `pkg-template/lib/` reads
//! those and calls through the generated `lib/abi.js` and `lib/wire.js`.

mod alloc;

// The test-trap build wraps it in its own (see `test_trap`).
#[cfg(not(feature = "test-trap"))]
#[global_allocator]
static ALLOCATOR: alloc::Classes = alloc::Classes::new();

use wasm_bindgen::prelude::*;

use crate::protocol::table::ENTRIES;
use crate::protocol::{Host, ProtocolError};

#[wasm_bindgen]
extern "C" {
    /// `crypto.getRandomValues`, present in Node ≥ 19, browsers, Deno, Bun and workerd.
    #[wasm_bindgen(catch, js_namespace = crypto, js_name = getRandomValues)]
    fn get_random_values(buffer: &mut [u8]) -> Result<JsValue, JsValue>;
}

/// Random bytes from `crypto.getRandomValues`, drawn in bulk: one call per 4 KiB (a call
/// into JS costs about as much as a whole small envelope); no byte is handed out twice.
struct Crypto;

struct Pool {
    bytes: [u8; 4096],
    next: usize,
}

thread_local! {
    // wasm32 is single-threaded and no export re-enters another: the borrow never fails
    // (should it, the bytes come from crypto directly).
    static POOL: core::cell::RefCell<Pool> = const { core::cell::RefCell::new(Pool { bytes: [0; 4096], next: 4096 }) };
}

impl Host for Crypto {
    fn fill_random(&mut self, buffer: &mut [u8]) -> bool {
        let pooled = POOL.with(|pool| {
            let Ok(mut pool) = pool.try_borrow_mut() else { return None };
            if pool.next + buffer.len() > pool.bytes.len() {
                if buffer.len() > pool.bytes.len() || get_random_values(&mut pool.bytes).is_err() {
                    return None;
                }
                pool.next = 0;
            }
            let start = pool.next;
            let taken = pool.bytes.get(start..start + buffer.len())?;
            buffer.copy_from_slice(taken);
            pool.next = start + buffer.len();
            Some(())
        });
        pooled.is_some() || get_random_values(buffer).is_ok()
    }
}

/// The request buffer the JS layer writes into and the last result, kept between calls.
struct Buffers {
    request: Vec<u8>,
    result: String,
}

thread_local! {
    // Borrowed only inside `mcp_envelope_scratch` and `mcp_envelope_call`, which no export
    // re-enters: the borrow never fails (should it, the call answers an error).
    static BUFFERS: core::cell::RefCell<Buffers> =
        const { core::cell::RefCell::new(Buffers { request: Vec::new(), result: String::new() }) };
}

/// Where the last result starts in linear memory (its length is the call's answer).
static RESULT_AT: core::sync::atomic::AtomicU32 = core::sync::atomic::AtomicU32::new(0);

/// A wasm32 address as the JS layer reads it.
fn address<T>(pointer: *const T) -> u32 {
    // wasm32 addresses are 32 bits wide.
    #[allow(clippy::cast_possible_truncation)]
    let at = pointer as usize as u32;
    at
}

/// The request buffer, grown to `capacity` bytes at least (what was written stays): its
/// address, or 0 when memory cannot grow.
#[no_mangle]
pub extern "C" fn mcp_envelope_scratch(capacity: u32) -> u32 {
    BUFFERS.with(|buffers| {
        let Ok(mut buffers) = buffers.try_borrow_mut() else { return 0 };
        let Ok(capacity) = usize::try_from(capacity) else { return 0 };
        let request = &mut buffers.request;
        if request.len() < capacity {
            if request.try_reserve_exact(capacity - request.len()).is_err() {
                return 0;
            }
            request.resize(capacity, 0);
        }
        address(request.as_ptr())
    })
}

/// The address of the word that says where the last result starts.
#[no_mangle]
pub extern "C" fn mcp_envelope_result_at() -> u32 {
    address(RESULT_AT.as_ptr())
}

/// Runs operation `op` (its index in the protocol's table) on the first `length` bytes of
/// the request buffer. The result's UTF-8 is left at the address `mcp_envelope_result_at`
/// names; the answer is its length, or, when the request could not be read, −1 − the
/// length of the error's message left there instead.
#[no_mangle]
pub extern "C" fn mcp_envelope_call(op: u32, length: u32) -> i32 {
    let (ok, at, length) = BUFFERS.with(|buffers| {
        let Ok(mut buffers) = buffers.try_borrow_mut() else {
            return (false, address(BUSY.as_ptr()), BUSY.len());
        };
        let buffers = &mut *buffers;
        let entry = usize::try_from(op).ok().and_then(|op| ENTRIES.get(op));
        let request = usize::try_from(length).ok().and_then(|n| buffers.request.get(..n));
        let result = match (entry, request) {
            (Some((_, run)), Some(request)) => run(request, &mut Crypto),
            (None, _) => Err(ProtocolError(format!("no operation {op}"))),
            (_, None) => Err(ProtocolError("a request longer than its buffer".to_owned())),
        };
        let ok = result.is_ok();
        buffers.result = result.unwrap_or_else(|error| error.to_string());
        (ok, address(buffers.result.as_ptr()), buffers.result.len())
    });
    RESULT_AT.store(at, core::sync::atomic::Ordering::Relaxed);
    let length = i32::try_from(length).unwrap_or(i32::MAX);
    if ok {
        length
    } else {
        -1 - length
    }
}

/// One call as the JS layer makes it, made from Rust (tests/wasm_boundary.rs): `request`
/// copied into the request buffer, `mcp_envelope_call`, the result read back.
#[doc(hidden)]
pub fn call_from_rust(op: u32, request: &[u8]) -> Result<String, String> {
    let length = u32::try_from(request.len()).map_err(|_| "too long".to_owned())?;
    BUFFERS.with(|buffers| {
        let mut buffers = buffers.try_borrow_mut().map_err(|_| BUSY.to_owned())?;
        buffers.request.clear();
        buffers.request.extend_from_slice(request);
        Ok::<(), String>(())
    })?;
    let answer = mcp_envelope_call(op, length);
    let text = BUFFERS.with(|buffers| buffers.try_borrow().map(|b| b.result.clone()).unwrap_or_default());
    if answer >= 0 {
        Ok(text)
    } else {
        Err(text)
    }
}

/// The error of a call made while another holds the buffers (none can: no export re-enters).
const BUSY: &str = "mcp-envelope: the request buffer is in use";

// The code enum and its TypeScript.
mod codes;
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
