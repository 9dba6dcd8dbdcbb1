//! The wasm build's allocator: size classes with free lists over the system allocator.
//!
//! A call builds and drops many small values (keys, strings, list buffers); dlmalloc's
//! coalescing costs a third of a call. Blocks up to 4 KiB are rounded up to a power of
//! two and, when freed, kept on their class's free list for the next allocation of
//! that class; larger blocks go to the system allocator. What is kept is bounded by
//! the largest working set of one call, since wasm runs one call at a time.

use core::alloc::{GlobalAlloc, Layout};
use core::cell::UnsafeCell;
use std::alloc::System;

/// Classes 16, 32, …, 4096 bytes.
const MIN_SHIFT: u32 = 4;
const CLASSES: usize = 9;
const MAX_CLASS: usize = 1 << (MIN_SHIFT as usize + CLASSES - 1);
/// Every class block is aligned to this (and to its own size up to it).
const CLASS_ALIGN: usize = 16;

pub struct Classes {
    free: UnsafeCell<[*mut u8; CLASSES]>,
}

// Safety: wasm32-unknown-unknown without threads runs one call at a time.
unsafe impl Sync for Classes {}

impl Classes {
    pub const fn new() -> Self {
        Classes { free: UnsafeCell::new([core::ptr::null_mut(); CLASSES]) }
    }
}

/// The class of a layout, or `None` for the system allocator.
fn class_of(layout: Layout) -> Option<usize> {
    let size = layout.size().max(1);
    if size > MAX_CLASS || layout.align() > CLASS_ALIGN {
        return None;
    }
    let bits = usize::BITS - (size - 1).leading_zeros();
    Some((bits.saturating_sub(MIN_SHIFT)) as usize)
}

fn class_layout(class: usize) -> Option<Layout> {
    Layout::from_size_align(1 << (MIN_SHIFT as usize + class), CLASS_ALIGN).ok()
}

unsafe impl GlobalAlloc for Classes {
    #[inline(never)]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let Some(class) = class_of(layout) else { return unsafe { System.alloc(layout) } };
        let lists = self.free.get();
        // Safety: single-threaded; `class < CLASSES`.
        unsafe {
            let slot = (*lists).as_mut_ptr().add(class);
            let head = *slot;
            if !head.is_null() {
                *slot = *(head as *mut *mut u8);
                return head;
            }
            match class_layout(class) {
                Some(block) => System.alloc(block),
                None => core::ptr::null_mut(),
            }
        }
    }

    #[inline(never)]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        let Some(class) = class_of(layout) else { return unsafe { System.dealloc(ptr, layout) } };
        let lists = self.free.get();
        // Safety: `ptr` is a block of `class` (at least 16 bytes, aligned), now unused.
        unsafe {
            let slot = (*lists).as_mut_ptr().add(class);
            *(ptr as *mut *mut u8) = *slot;
            *slot = ptr;
        }
    }

    #[inline(never)]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let old = class_of(layout);
        let Ok(new_layout) = Layout::from_size_align(new_size, layout.align()) else { return core::ptr::null_mut() };
        let new = class_of(new_layout);
        match (old, new) {
            (Some(a), Some(b)) if a == b => ptr,
            (None, None) => unsafe { System.realloc(ptr, layout, new_size) },
            _ => unsafe {
                let fresh = self.alloc(new_layout);
                if !fresh.is_null() {
                    core::ptr::copy_nonoverlapping(ptr, fresh, layout.size().min(new_size));
                    self.dealloc(ptr, layout);
                }
                fresh
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn sizes_fall_in_the_smallest_class_that_holds_them() {
        let class = |size, align| Layout::from_size_align(size, align).ok().and_then(class_of);
        assert_eq!(class(1, 1), Some(0));
        assert_eq!(class(16, 8), Some(0));
        assert_eq!(class(17, 1), Some(1));
        assert_eq!(class(4096, 16), Some(CLASSES - 1));
        assert_eq!(class(4097, 1), None);
        assert_eq!(class(64, 32), None);
    }

    #[wasm_bindgen_test]
    fn blocks_are_reused_and_growth_keeps_the_contents() {
        let mut grown: Vec<u32> = Vec::new();
        for i in 0..10_000u32 {
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
        let mut text = String::from("x");
        for _ in 0..13 {
            text = text.repeat(2);
        }
        assert_eq!(text.len(), 8192);
        assert!(text.bytes().all(|c| c == b'x'));
    }
}
