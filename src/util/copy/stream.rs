//! Streaming (non-temporal) stores for results too large to stay in cache.
//!
//! A normal store to a line that is not in cache first reads the line from memory (a read for
//! ownership) and then writes it back: a result written with `memcpy` costs its size twice in
//! memory traffic. A streaming store (`movntdq`) writes whole lines without reading them. For a
//! result larger than the cache that is pure gain; for one that fits it loses the lines a reader
//! would find in cache. Measured on the AMD EPYC this crate is benchmarked on (L2 1 MiB per core,
//! L3 32 MiB), best of 40, f32, a fresh `Vec` per copy as the ops make them:
//!
//! | copy | `extend_from_slice` | streamed |
//! |---|---|---|
//! | 4 MiB, written then read once | 443 us | 427 us |
//! | 8 MiB, written then read once | 1096 us | 901 us |
//! | 16 MiB, written then read once | 2599 us | 2219 us |
//! | 24 MiB in runs of 1 KiB (one fence at the end) | 2791 us | 2244 us |
//! | 24 MiB in runs of 1 KiB (a fence after each run) | 2791 us | 5795 us |
//! | 24 MiB in runs of 8 KiB (a fence after each run) | 2781 us | 1995 us |
//!
//! Hence the rules here:
//! - only results of [`STREAM_BYTES`] or more stream (their reservation, `Vec::capacity`, tells
//!   the size before the first element is written): at 4 MiB a reader afterwards takes back what
//!   the writer gained;
//! - only whole, aligned 64-byte lines are streamed; the partial lines at a run's ends are
//!   written normally, so no line is ever written both ways (a line half streamed and half
//!   stored normally cost 5x on 324-byte runs);
//! - streaming stores are weakly ordered: an `sfence` must follow them before the memory is read
//!   or handed to anyone. The fence waits for the lines to leave the write-combining buffers,
//!   which costs about as much as writing 2 KiB, so a run copied on its own ([`extend_fenced`],
//!   behind [`super::extend_run`]) streams only from [`FENCED_RUN`] bytes, and ops that append
//!   many shorter runs (roll, repeat, gather) write through a [`Sink`], which fences once at the
//!   end and streams runs from [`SINK_RUN`] bytes.
//!
//! Which element types: streaming copies bytes, which is the element's `clone` only where
//! cloning is a plain copy, and may read every byte as part of a vector only where the type has
//! no padding. The element type is a generic `A: Clone` (not `'static`), so [`is_plain`] asks
//! the `typeid` crate for `A`'s `TypeId` and accepts exactly the primitive numbers, `bool` and
//! `char`; every other type (a `String`, a struct of numbers with padding, a `Copy` type with
//! a `Clone` that does something) takes the plain path. `!needs_drop` would not do: a type can
//! have a `Clone` that is not a copy and still no `Drop`.
//!
//! The `unsafe` here is only on `x86_64`, where SSE2 is part of the baseline (no detection
//! needed); elsewhere every copy is the plain one.

/// Results of at least this many bytes are written with streaming stores: see the module doc
/// (below it, a reader of the result finds it in cache and gains back more than the writer
/// saves; at 8 MiB streaming wins even with one full read afterwards).
pub(crate) const STREAM_BYTES: usize = 8 << 20;

/// A run copied on its own (then fenced) streams from this many bytes: the fence's cost is
/// paid over 128 lines (measured 1.39x faster than `memcpy` at 8 KiB, 0.78x at 2 KiB).
const FENCED_RUN: usize = 8 << 10;

/// A run appended to a [`Sink`] (one fence for the whole result) streams from this many bytes:
/// 14 or more whole lines, so the normally written partial lines at its ends are a small part
/// (measured 1.24x at 1 KiB; at 324 bytes no gain).
const SINK_RUN: usize = 1 << 10;

/// When to stream: the size of result and of run (in bytes) from which streaming stores are
/// used. The ops use [`Policy::FENCED`] or [`Policy::SINK`]; the tests pass small sizes to reach
/// the streaming path with small arrays.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Policy {
    /// The least reservation, in bytes, of a result written with streaming stores.
    pub(crate) result: usize,
    /// The least run, in bytes, written with streaming stores.
    pub(crate) run: usize,
}

impl Policy {
    /// For runs fenced one by one ([`extend_fenced`], [`extend_within`]).
    pub(crate) const FENCED: Policy = Policy {
        result: STREAM_BYTES,
        run: FENCED_RUN,
    };
    /// For runs appended to a [`Sink`].
    pub(crate) const SINK: Policy = Policy {
        result: STREAM_BYTES,
        run: SINK_RUN,
    };

    /// Whether a result reserved as `out` streams at all: a plain type on `x86_64`, and a
    /// reservation of at least `self.result` bytes.
    fn streams<A>(self, out: &Vec<A>) -> bool {
        cfg!(target_arch = "x86_64")
            && is_plain::<A>()
            && out.capacity().saturating_mul(std::mem::size_of::<A>()) >= self.result
    }
}

/// Whether `A`'s `clone` is a copy of its bytes and every byte is initialised (no padding): the
/// primitive numbers, `bool` and `char`, recognised by `TypeId` (`typeid::of` gives it for types
/// that are not `'static`, which `A` need not be; a lifetime cannot make any of these types).
pub(crate) fn is_plain<A>() -> bool {
    let id = typeid::of::<A>();
    macro_rules! one_of {
        ($($t:ty),*) => { false $(|| id == typeid::of::<$t>())* };
    }
    one_of!(
        u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize, f32, f64, bool, char
    )
}

/// `out.extend_from_slice(run)` with streaming stores and a fence after them, if `policy`
/// streams this result and run and `out` has room for it without reallocating; `false`, with
/// nothing done, otherwise.
pub(crate) fn extend_fenced<A: Clone>(out: &mut Vec<A>, run: &[A], policy: Policy) -> bool {
    if !takes(out, run.len(), policy) {
        return false;
    }
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: `takes` checked that `A` is plain and that `out` has room for `run`.
        unsafe { x86::append(out, run) };
        x86::fence();
    }
    true
}

/// `out.extend_from_within(range)`, streamed and then fenced where [`extend_fenced`] would
/// stream a run of that length (a written block repeated: `tf_tile`). Panics, as
/// `extend_from_within` does, if `range` is not within `out`.
pub(crate) fn extend_within<A: Clone>(
    out: &mut Vec<A>,
    range: std::ops::Range<usize>,
    policy: Policy,
) {
    let within = range.start <= range.end && range.end <= out.len();
    if !(within && takes(out, range.len(), policy)) {
        return out.extend_from_within(range);
    }
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: `range` is within `out`'s initialised elements (checked above), `takes`
        // checked that `A` is plain and that `out` has room for `range.len()` more.
        unsafe { x86::append_within(out, range) };
        x86::fence();
    }
}

/// Whether `len` more elements go to `out` with streaming stores under `policy`: the result
/// and the run are large enough, and the spare capacity holds them (no reallocation, which
/// would read what was written).
fn takes<A>(out: &Vec<A>, len: usize, policy: Policy) -> bool {
    let bytes = len.saturating_mul(std::mem::size_of::<A>());
    bytes >= policy.run && out.capacity() - out.len() >= len && policy.streams(out)
}

/// A result being appended to, streaming long runs when it is large, with one fence for all of
/// them: when it is finished ([`Sink::finish`]), dropped, or its `Vec` is lent out
/// ([`Sink::vec`]). It owns the `Vec`, so nothing reads the streamed memory before a fence: the
/// only ways to it are those three (and if a `Sink` is leaked, its memory is never read).
pub(crate) struct Sink<A> {
    out: Vec<A>,
    /// Whether this result streams ([`Policy::streams`], decided once from its reservation).
    stream: bool,
    /// The least run that streams.
    run: usize,
    /// Whether streaming stores were made since the last fence.
    pending: bool,
}

impl<A: Clone> Sink<A> {
    /// A sink appending to `out`, which should hold the whole result's reservation.
    pub(crate) fn new(out: Vec<A>) -> Self {
        Self::with_policy(out, Policy::SINK)
    }

    /// [`Sink::new`] with the sizes to stream from given.
    pub(crate) fn with_policy(out: Vec<A>, policy: Policy) -> Self {
        let stream = policy.streams(&out);
        Sink {
            out,
            stream,
            run: policy.run,
            pending: false,
        }
    }

    /// Appends `run`: streamed if this result streams and the run is long enough, else through
    /// [`super::extend_run`].
    pub(crate) fn extend(&mut self, run: &[A]) {
        let spare = self.out.capacity() - self.out.len();
        if run.len() > spare {
            // Growing reallocates, which reads every element written so far.
            self.fence();
        } else if self.stream && std::mem::size_of_val(run) >= self.run {
            #[cfg(target_arch = "x86_64")]
            {
                // SAFETY: `self.stream` holds only for plain `A` (`Policy::streams`), and
                // `out` has room for `run` (checked above).
                unsafe { x86::append(&mut self.out, run) };
                self.pending = true;
                return;
            }
        }
        // Without a fence when there is room: this writes only spare capacity, past every
        // streamed line, and reads nothing of the result.
        super::extend_run(&mut self.out, run);
    }

    /// The `Vec`, for the writes a sink does not make itself; the streamed stores are fenced
    /// first.
    pub(crate) fn vec(&mut self) -> &mut Vec<A> {
        self.fence();
        &mut self.out
    }

    /// The result, every streamed store fenced.
    pub(crate) fn finish(mut self) -> Vec<A> {
        self.fence();
        std::mem::take(&mut self.out)
    }

    fn fence(&mut self) {
        if self.pending {
            #[cfg(target_arch = "x86_64")]
            x86::fence();
            self.pending = false;
        }
    }
}

impl<A> Drop for Sink<A> {
    fn drop(&mut self) {
        // An early return of the op (its `?`) drops the sink: the fence still comes first.
        if self.pending {
            #[cfg(target_arch = "x86_64")]
            x86::fence();
        }
    }
}

/// The streaming copies: the only `unsafe` of this module.
#[cfg(target_arch = "x86_64")]
mod x86 {
    use std::arch::x86_64::{__m128i, _mm_loadu_si128, _mm_sfence, _mm_stream_si128};

    /// A line: the unit of streaming.
    const LINE: usize = 64;

    /// Orders every streaming store before it before any later store or read by anyone: what
    /// `_mm_stream_si128` requires before the memory is used again.
    pub(super) fn fence() {
        // SAFETY: `sfence` has no operands and no preconditions; SSE is in the x86_64 baseline.
        #[allow(unused_unsafe)]
        unsafe {
            _mm_sfence()
        };
    }

    /// Appends `run` to `out`, its whole aligned lines with streaming stores. Fence before the
    /// new elements are read (or `out` reallocates).
    ///
    /// # Safety
    /// `A` is plain ([`super::is_plain`]) and `out` has spare capacity for `run.len()`.
    pub(super) unsafe fn append<A>(out: &mut Vec<A>, run: &[A]) {
        let len = out.len();
        // SAFETY: `len <= capacity`, so the pointer is within the allocation or one past it.
        let dst = unsafe { out.as_mut_ptr().add(len) };
        // SAFETY: `run` is a live slice, `dst` has room for `run.len()` elements (the contract),
        // spare capacity that `run` (borrowed while `out` is borrowed mutably) cannot overlap.
        unsafe { copy(run.as_ptr().cast(), dst.cast(), std::mem::size_of_val(run)) };
        // SAFETY: the `run.len()` elements after `len` now hold copies of `run`'s bytes, which
        // are `run`'s clones (plain `A`: cloning is a copy), and are within the capacity.
        unsafe { out.set_len(len + run.len()) };
    }

    /// Appends `out[range]` to `out`, as [`append`].
    ///
    /// # Safety
    /// `A` is plain, `range` is within `out.len()`, and `out` has spare capacity for
    /// `range.len()`.
    pub(super) unsafe fn append_within<A>(out: &mut Vec<A>, range: std::ops::Range<usize>) {
        let len = out.len();
        let base = out.as_mut_ptr();
        // SAFETY: `range.start <= len` (the contract): within the allocation.
        let src = unsafe { base.add(range.start) };
        // SAFETY: `len <= capacity`: within the allocation or one past it.
        let dst = unsafe { base.add(len) };
        // SAFETY: `src..src + range.len()` are initialised elements (below `len`), `dst` has
        // room for as many (the contract), and the two do not overlap (`range.end <= len`).
        // Both pointers come from one `as_mut_ptr`, and no reference into `out` is live.
        unsafe {
            copy(
                src.cast_const().cast(),
                dst.cast(),
                range.len() * std::mem::size_of::<A>(),
            )
        };
        // SAFETY: as in `append`: the new elements are copies of initialised plain elements.
        unsafe { out.set_len(len + range.len()) };
    }

    /// Copies `bytes` bytes from `src` to `dst`: the partial lines at both ends of `dst` with
    /// normal stores, the whole lines between with streaming stores (so no line is written both
    /// ways).
    ///
    /// # Safety
    /// `src..src + bytes` is initialised memory, readable, not written during the call;
    /// `dst..dst + bytes` is writable and does not overlap it.
    #[inline]
    unsafe fn copy(src: *const u8, dst: *mut u8, bytes: usize) {
        let head = (dst as usize).wrapping_neg() % LINE;
        let head = head.min(bytes);
        let lines = (bytes - head) / LINE;
        let body = head + lines * LINE;
        // SAFETY (every pointer below): offsets stay within `0..bytes` of both regions (the
        // contract); `head + lines * LINE = body <= bytes`, and the last line read or written
        // ends at `body`.
        unsafe {
            std::ptr::copy_nonoverlapping(src, dst, head);
            for i in 0..lines {
                let s = src.add(head + i * LINE).cast::<__m128i>();
                // 64-byte aligned: `head` brought `dst` to a line boundary.
                let d = dst.add(head + i * LINE).cast::<__m128i>();
                // Unaligned 16-byte loads (any source address), aligned streaming stores
                // (`movntdq` needs 16-byte alignment, which a line boundary has).
                let a = _mm_loadu_si128(s);
                let b = _mm_loadu_si128(s.add(1));
                let c = _mm_loadu_si128(s.add(2));
                let e = _mm_loadu_si128(s.add(3));
                _mm_stream_si128(d, a);
                _mm_stream_si128(d.add(1), b);
                _mm_stream_si128(d.add(2), c);
                _mm_stream_si128(d.add(3), e);
            }
            std::ptr::copy_nonoverlapping(src.add(body), dst.add(body), bytes - body);
        }
    }
}

#[cfg(test)]
mod tests;
