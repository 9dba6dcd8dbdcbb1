//! The wasm build's allocator: power-of-two size classes with free lists, over memory
//! it takes from `memory.grow` itself.
//!
//! A call builds and drops many small values (keys, strings, list buffers); dlmalloc's
//! coalescing cost a third of a call, and its code 7 KB of the module. Every block is
//! rounded up to a power of two (16 bytes at least); a freed block goes on its class's
//! free list and is the next one that class hands out, and a class with none cuts a new
//! block from the end of linear memory, which grows as needed. Nothing is coalesced or
//! given back (wasm memory never shrinks anyway): what the lists keep is bounded by
//! the largest working set of one call, since wasm runs one call at a time.

use core::alloc::{GlobalAlloc, Layout};
use core::cell::UnsafeCell;

/// The smallest class is 16 bytes (a free block holds the next pointer).
const MIN_SHIFT: u32 = 4;
/// Classes 16 B, 32 B, …, 2 GiB.
const CLASSES: usize = 28;
/// Every block is aligned to this at least.
const CLASS_ALIGN: usize = 16;
const PAGE: usize = 65_536;

struct State {
    free: [*mut u8; CLASSES],
    /// The unused end of the region this allocator last grew, `next..end`.
    next: usize,
    end: usize,
}

pub struct Classes {
    state: UnsafeCell<State>,
}

// Safety: wasm32-unknown-unknown without threads runs one call at a time.
unsafe impl Sync for Classes {}

impl Classes {
    pub const fn new() -> Self {
        Classes { state: UnsafeCell::new(State { free: [core::ptr::null_mut(); CLASSES], next: 0, end: 0 }) }
    }
}

/// The class of a block of `size` bytes aligned to `align`, or `None` past 2 GiB.
fn class_of(size: usize, align: usize) -> Option<usize> {
    let size = size.max(align).max(1);
    let bits = usize::BITS - (size - 1).leading_zeros();
    let class = bits.saturating_sub(MIN_SHIFT) as usize;
    (class < CLASSES).then_some(class)
}

fn block_size(class: usize) -> usize {
    1 << (MIN_SHIFT as usize + class)
}

impl State {
    /// A new block of `size` bytes aligned to `align` (≥ 16, a power of two) from the end
    /// of linear memory; null when memory cannot grow.
    fn fresh(&mut self, size: usize, align: usize) -> *mut u8 {
        for _ in 0..2 {
            let Some(start) = self.next.checked_add(align - 1).map(|n| n & !(align - 1)) else { break };
            let Some(end) = start.checked_add(size) else { break };
            if end <= self.end {
                self.next = end;
                return start as *mut u8;
            }
            // Enough pages for this block even in a fresh region.
            let Some(pages) = size.checked_add(align).map(|n| n.div_ceil(PAGE)) else { break };
            let previous = core::arch::wasm32::memory_grow(0, pages);
            if previous == usize::MAX {
                break;
            }
            let (Some(base), Some(grown)) = (previous.checked_mul(PAGE), pages.checked_mul(PAGE)) else { break };
            let Some(top) = base.checked_add(grown) else { break };
            // Memory grown by anyone else leaves a gap: the region restarts at the new pages.
            if base != self.end {
                self.next = base;
            }
            self.end = top;
        }
        core::ptr::null_mut()
    }
}

unsafe impl GlobalAlloc for Classes {
    #[inline(never)]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let Some(class) = class_of(layout.size(), layout.align()) else { return core::ptr::null_mut() };
        // Safety: single-threaded, and no reference to the state outlives this call.
        let state = unsafe { &mut *self.state.get() };
        let align = layout.align().max(CLASS_ALIGN);
        if let Some(slot) = state.free.get_mut(class) {
            let head = *slot;
            // A listed block is 16-aligned; a stricter alignment takes a fresh one.
            if !head.is_null() && align == CLASS_ALIGN {
                // Safety: a listed block is unused, and its first word is the next one.
                *slot = unsafe { *head.cast::<*mut u8>() };
                return head;
            }
        }
        state.fresh(block_size(class), align)
    }

    #[inline(never)]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        let Some(class) = class_of(layout.size(), layout.align()) else { return };
        // Safety: as in `alloc`.
        let state = unsafe { &mut *self.state.get() };
        if let Some(slot) = state.free.get_mut(class) {
            // Safety: `ptr` is an unused block of `class`: at least 16 bytes, 16-aligned.
            unsafe { *ptr.cast::<*mut u8>() = *slot };
            *slot = ptr;
        }
    }

    #[inline(never)]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if class_of(layout.size(), layout.align()) == class_of(new_size, layout.align()) {
            return ptr;
        }
        let Ok(new_layout) = Layout::from_size_align(new_size, layout.align()) else { return core::ptr::null_mut() };
        // Safety: the caller's contract for `realloc`; the old block is freed after the copy.
        unsafe {
            let fresh = self.alloc(new_layout);
            if !fresh.is_null() {
                core::ptr::copy_nonoverlapping(ptr, fresh, layout.size().min(new_size));
                self.dealloc(ptr, layout);
            }
            fresh
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn sizes_fall_in_the_smallest_class_that_holds_them() {
        assert_eq!(class_of(1, 1), Some(0));
        assert_eq!(class_of(16, 8), Some(0));
        assert_eq!(class_of(17, 1), Some(1));
        assert_eq!(class_of(4096, 16), Some(8));
        assert_eq!(class_of(4097, 1), Some(9));
        // A stricter alignment is a larger block.
        assert_eq!(class_of(8, 64), Some(2));
        assert_eq!(class_of(1 << 31, 1), Some(CLASSES - 1));
        assert_eq!(class_of((1 << 31) + 1, 1), None);
    }

    #[wasm_bindgen_test]
    fn blocks_are_reused_and_growth_keeps_the_contents() {
        let mut grown: Vec<u32> = Vec::new();
        for i in 0..300_000u32 {
            grown.push(i);
        }
        assert!(grown.iter().enumerate().all(|(i, v)| *v as usize == i));
        let a = Box::new([7u8; 24]);
        let first = core::ptr::from_ref(&*a) as usize;
        drop(a);
        let b = Box::new([9u8; 30]);
        // Same class (32 bytes): the block just freed comes back.
        assert_eq!(core::ptr::from_ref(&*b) as usize, first);
        assert!(b.iter().all(|x| *x == 9));
        // A large block (1 MiB) freed and asked for again is the same block.
        let big = vec![3u8; 1 << 20];
        let at = big.as_ptr() as usize;
        drop(big);
        let again = vec![4u8; (1 << 20) - 100];
        assert_eq!(again.as_ptr() as usize, at);
        assert!(again.iter().all(|x| *x == 4));
        let mut text = String::from("x");
        for _ in 0..16 {
            text = text.repeat(2);
        }
        assert_eq!(text.len(), 65_536);
        assert!(text.bytes().all(|c| c == b'x'));
    }

    #[wasm_bindgen_test]
    fn a_stricter_alignment_is_honoured() {
        #[repr(align(256))]
        struct Wide([u8; 8]);
        let blocks: Vec<Box<Wide>> = (0..20).map(|i| Box::new(Wide([i; 8]))).collect();
        for (i, block) in blocks.iter().enumerate() {
            assert_eq!(core::ptr::from_ref(&**block) as usize % 256, 0);
            assert!(block.0.iter().all(|x| usize::from(*x) == i));
        }
    }
}
