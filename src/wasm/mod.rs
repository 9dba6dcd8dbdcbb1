//! The wasm boundary: the only module that knows wasm-bindgen.
//!
//! One export per operation of [`crate::protocol`]'s table, each taking its request's
//! JSON text and returning its result's (or throwing a `JsError` for a request the JS
//! layer would never write). Nothing here meets a JS value: the JS layer in
//! `pkg-template/lib/` reads those and calls through the generated `lib/abi.js`.

mod alloc;

// The test-trap build wraps it in its own (see `test_trap`).
#[cfg(not(feature = "test-trap"))]
#[global_allocator]
static ALLOCATOR: alloc::Classes = alloc::Classes::new();

use wasm_bindgen::prelude::*;

use crate::protocol::table::{entry, operations};
use crate::protocol::Host;

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

/// An operation's result, or its error as a JS `Error` (one function for every export).
#[inline(never)]
fn answer(result: Result<String, crate::protocol::ProtocolError>) -> Result<String, JsError> {
    result.map_err(|e| JsError::new(&e.to_string()))
}

macro_rules! exports {
    ($($(#[doc = $doc:literal])* $js:ident: $module:ident::$rust:ident($rmod:ident::$req:ident) -> $ts:literal;)*) => {
        $(
            $(#[doc = $doc])*
            #[wasm_bindgen(js_name = $js)]
            pub fn $rust(request: &str) -> Result<String, JsError> {
                answer(entry::$rust(request, &mut Crypto))
            }
        )*
    };
}
operations!(exports);

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
