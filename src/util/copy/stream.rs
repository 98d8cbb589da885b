//! Streaming (non-temporal) stores for results too large to stay in cache.
//!
//! A normal store to a line that is not in cache first reads the line from memory (a read for
//! ownership) and later writes it back: a result written with `memcpy` costs its size twice in
//! memory traffic. A streaming store (`movntdq`) writes whole lines without reading them. Where
//! what an op reads and writes cannot stay in the cache, that is pure gain; where it fits (a
//! result made again and again in a loop, into the same freed memory), normal stores find the
//! lines in cache and streaming loses. Measured on the AMD EPYC this crate is benchmarked on
//! (L2 1 MiB per core, L3 32 MiB, shared with other jobs), f32, each op timed in blocks of
//! calls so that each variant runs in its own steady state; best (median) of 40, in us:
//!
//! | op | bytes read + written | plain | streamed |
//! |---|---|---|---|
//! | `tf_roll` (16,56,56,96) by (-3,-3), runs of 1.1 and 20 KB | 19 + 19 MB | 1108 (1306) | 855 (949) |
//! | `tf_repeat` (4096,768) by 2 on axis 0, rows of 3 KB | 12 + 24 MiB | 3314 (7407) | 1234 (1307) |
//! | `tf_concat` of two (16,224,224,3) on axis 0 (two runs) | 19 + 19 MB | 1544 (5804) | 1201 (1713) |
//! | C-order copy of a contiguous 16 MiB view | 16 + 16 MiB | 1342 (2086) | 964 (1236) |
//! | C-order copy of `x[:, ::2]`, runs of 64 KiB | 20 + 20 MiB | 1744 (5643) | 1190 (1385) |
//! | the same, runs of 8 KiB | 20 + 20 MiB | 1878 (5952) | 1792 (2605) |
//! | `tf_tile` `[2,1,1,1]` of 16x224x224x3 | 9.6 + 19 MB | 775 (901) | 989 (1016) |
//! | `tf_repeat` (2048,768) by 2 on axis 0 | 6 + 12 MiB | 491 (707) | 562 (610) |
//! | `tf_gather` 8192 rows of (30522,768) | 24 + 24 MiB | 3336 (7523) | 7801 (8192) |
//!
//! The last three are not streamed (the table's figures forced it). Rows gathered from a large
//! table lose even past the cache (the row reads are the cost, and streaming stores compete
//! with them), so `tf_gather` never streams; tile re-read the block it wrote, so its 28.8 MB
//! of traffic, inside that machine's L3, lost. Where the machine's L3 is smaller than an op's
//! traffic (the threshold below), `tf_tile`'s long rows are copied from the source each time,
//! streamed ([`super::extend_repeated`]): on an AMD EPYC of family 23 (L3 8 MiB; pinned, best
//! of 12 × 5 calls, three heap offsets, against the build before) `tf_tile` [2, 1, 1, 1] of
//! 16×224×224×3 2.89-2.99 -> 1.78-1.97 ms (a `memcpy` of the result 2.8-3.1 ms, NumPy's
//! `np.tile` 2.75 ms). Hence the rules:
//! - a result streams only when the bytes its op reads and writes together reach
//!   [`stream_bytes`], the L3 (a result's size is known before its first element is written:
//!   its reservation, `Vec::capacity`). A plain copy ([`super::extend_run`]: the engine, a
//!   whole input) reads at least what it writes, so it streams results of half that; a
//!   [`Sink`] is told what its op reads;
//! - a result of more than [`FRESH_MAPPING`] bytes (32 MiB) never streams: `malloc` maps it
//!   afresh on every call, and the kernel's zeroing of each page on first touch leaves its
//!   lines in cache, where normal stores hit them (measured below that constant);
//! - only whole, aligned 64-byte lines are streamed; the partial lines at a run's ends are
//!   written normally, so no line is ever written both ways (a line half streamed and half
//!   stored normally cost 5x on runs of 324 bytes). Except where a kernel streams every byte
//!   it writes, so that lines are whole again when its runs meet ([`grid_streams`]: the short
//!   runs' grids, whose runs of whole 16-byte chunks follow each other in the result; the
//!   engine's copy of ViT's patches of a 16×224×224×3 `f32` batch, runs of 192 bytes, 2.0-2.5
//!   -> 1.1-1.25 ms on the Zen 1, a `memcpy` 1.6-1.75 ms);
//! - streaming stores are weakly ordered: an `sfence` must follow them before the memory is read
//!   or handed to anyone. The fence waits for the lines to leave the write-combining buffers
//!   (measured: 24 MiB in runs of 1 KiB took 2244 us with one fence at the end, 5795 us with one
//!   per run, 2791 us with `memcpy`; in runs of 8 KiB with a fence each 1995 us against
//!   2781 us), so a run copied on its own ([`extend_fenced`], behind [`super::extend_run`])
//!   streams only from [`FENCED_RUN`] bytes, and an op that appends many shorter runs (roll,
//!   repeat) writes through a [`Sink`], which fences once at the end and streams runs from
//!   [`SINK_RUN`] bytes;
//! - a copy of 4 KiB or more whose destination lies 1 to 511 bytes after its source modulo
//!   4096 goes backwards (`x86::backwards`): forwards, its loads waited on its own stores
//!   (4K aliasing), 3x slower at 64 bytes.
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

/// A result streams when its op reads and writes at least this many bytes together: the L3 of
/// the machine (see the module doc: below it, the op's data stays in cache from one call to the
/// next and normal stores hit it), as Linux reports it, kept within
/// [`MIN_STREAM_BYTES`]..=[`MAX_STREAM_BYTES`]; [`MAX_STREAM_BYTES`] where it reports none.
/// Read once per process.
///
/// Why the machine's: on an AMD EPYC (family 23, model 1) whose L3 is 8 MiB, an op moving 8 to
/// 32 MiB cannot keep its data in cache either, and streaming it pays as it does past 32 MiB on
/// the Zen 5 (pinned, best of 20 × 10-20 calls, two processes each, 32 MiB -> 8 MiB): `tf_concat`
/// of four 512×512 `f32` on axis 0 366-383 -> 150-159 us, `tf_repeat` of 2048×768 rows by 2
/// 1748-1789 -> 606-656 us (ndarray's `select` 1686-1813 us), `tf_roll` of 4096×768 rows
/// 1914-1926 -> 1313-1392 us; unchanged: `tf_tile` 512×512 by [2, 2], 4 MiB copies of a
/// reversed or sliced view (under 8 MiB together), the 9.6 MB flip and tile of an image batch
/// (their kernels do not stream).
pub(crate) fn stream_bytes() -> usize {
    static BYTES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *BYTES.get_or_init(|| {
        crate::util::cache::cache_bytes(3).map_or(MAX_STREAM_BYTES, |l3| {
            l3.clamp(MIN_STREAM_BYTES, MAX_STREAM_BYTES)
        })
    })
}

/// The threshold where the machine reports no L3, and the largest: the Zen 5's L3 (32 MiB),
/// also right on the Intel Xeon whose reported L3 (260 MB) is shared by many guests (results
/// of 19 to 23 MB streamed there, at 38 to 46 MB of traffic, gained a quarter).
const MAX_STREAM_BYTES: usize = 32 << 20;

/// The smallest threshold: the smallest L3 measured (8 MiB). A machine reporting less keeps
/// this one rather than stream ops that were never measured streamed.
const MIN_STREAM_BYTES: usize = 8 << 20;

/// The largest result that streams: 32 MiB, glibc's largest `mmap` threshold on 64-bit
/// targets. A larger result is a fresh mapping on every call, whose pages the kernel zeroes
/// on first touch through the cache (2 MiB at a time on huge pages, which the crate asks for):
/// the lines are then in cache, and streaming stores, which must first evict them, lose to
/// normal stores that hit them. Measured on the Intel Xeon (family 6 model 207, L3 260 MB;
/// pinned, best of 8 × 4 calls, a build that never streams against this one, alternating
/// processes, twice): `f32` results of 38-42 MB, `tf_roll` 10.2-11.0 ms streamed against
/// 7.3-7.6 ms plain, `tf_concat` of four 16×224×224×3 on axis 0 9.3-10.5 against 6.2-6.5 ms,
/// a contiguous view's C-order copy 10.0-11.0 against 7.1-8.4 ms (NumPy's `.copy()` 7.0 ms);
/// results under it, reused from the heap, still gain: `tf_roll` of 19 MB 1.08-1.09 against
/// 1.42-1.44 ms, `tf_concat` of two 1.06-1.08 against 1.37 ms, `tf_repeat` of 4096×768 rows
/// 1.24-1.25 against 1.51-1.55 ms, a 23 MB contiguous copy 1.30-1.31 against 1.77-1.81 ms.
/// With this limit, against the build before it (alternating, twice): the 38-42 MB results
/// 8.99-9.15 -> 6.67-7.15 ms (roll), 8.62-8.66 -> 5.80-6.07 ms (concat), 10.31-10.57 ->
/// 7.31-7.59 ms (contiguous copy); the smaller ones unchanged.
pub(crate) const FRESH_MAPPING: usize = 32 << 20;

/// A run copied on its own (then fenced) streams from this many bytes: the fence's cost is
/// paid over 128 lines (measured 1.39x faster than `memcpy` at 8 KiB, 0.78x at 2 KiB).
const FENCED_RUN: usize = 8 << 10;

/// A run appended to a [`Sink`] (one fence for the whole result) streams from this many bytes:
/// 14 or more whole lines, so the normally written partial lines at its ends are a small part
/// (measured 1.24x at 1 KiB; at 324 bytes no gain).
const SINK_RUN: usize = 1 << 10;

/// When to stream: the bytes an op reads and writes, and the run (in bytes), from which
/// streaming stores are used. The ops use [`Policy::FENCED`] or [`Policy::SINK`]; the tests
/// pass small sizes to reach the streaming path with small arrays.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Policy {
    /// The least bytes read and written by an op whose result streams; `None`: the machine's
    /// ([`stream_bytes`], read only once a run is long enough to stream).
    pub(crate) traffic: Option<usize>,
    /// The least run, in bytes, written with streaming stores.
    pub(crate) run: usize,
}

impl Policy {
    /// For runs fenced one by one ([`extend_fenced`]).
    pub(crate) const FENCED: Policy = Policy {
        traffic: None,
        run: FENCED_RUN,
    };
    /// For runs appended to a [`Sink`].
    pub(crate) const SINK: Policy = Policy {
        traffic: None,
        run: SINK_RUN,
    };

    /// Whether a result reserved as `out`, whose op reads `read` bytes, streams at all: a plain
    /// type on `x86_64`, at least `self.traffic` bytes read and written, and a result of at
    /// most [`FRESH_MAPPING`] bytes.
    #[inline]
    fn streams<A>(self, out: &Vec<A>, read: usize) -> bool {
        let written = out.capacity().saturating_mul(std::mem::size_of::<A>());
        cfg!(target_arch = "x86_64")
            && written.saturating_add(read) >= self.traffic.unwrap_or_else(stream_bytes)
            && written <= FRESH_MAPPING
            && is_plain::<A>()
    }
}

/// Whether the result of a copy (an op that reads as much as it writes) reserved as `out`
/// streams: [`Policy::FENCED`]'s rule on the bytes read and written. For kernels that write
/// whole lines of their own ([`super::transpose`]) and fence once at their end ([`fence`]),
/// and for [`super::extend_repeated`]'s choice between copying from the source and from the
/// result.
pub(crate) fn copy_streams<A>(out: &Vec<A>) -> bool {
    let bytes = out.capacity().saturating_mul(std::mem::size_of::<A>());
    Policy::FENCED.streams(out, bytes)
}

/// [`copy_streams`] from half the L3 (never below [`MIN_STREAM_BYTES`]): for the tile
/// transposes that gained from streaming below the L3 where the other copies lost
/// ([`super::transpose::streams_early`]: images to channel planes, and sources larger than the
/// L2). Measured on an AMD EPYC of family 25 (Zen 4; L2 1 MiB, L3 32 MiB shared with other
/// guests; `f32` unless said, pinned, best of 12 × 5 calls, ratio to a `memcpy` of the result
/// in the same process, streamed and not in one binary by a switch, alternating processes three
/// to five times): NHWC -> NCHW of 8×56×56×128 4.8x-11.2x -> 1.9x-5.1x, 4×56×56×256 4.9x-7.0x
/// -> 1.9x-2.9x, 1×224×224×64 5.4x-6.9x -> 2.8x-3.4x, `u16` 16×56×56×128 6.4x-8.6x ->
/// 2.5x-3.1x, `f64` 16×56×56×32 2.5x-2.9x -> 1.6x-1.8x, 16×56×56×64 level (3.2x-6.9x against
/// 5.1x-6.9x); NCHW -> NHWC of 4×256×56×56 4.8x-7.1x -> 2.2x-2.9x, 2×96×112×112 5.7x-7.0x ->
/// 2.8x-5.5x, 8×128×56×56 3.5x-5.2x against 2.5x-6.0x; matrices transposed, 768×3072
/// 5.0x-7.8x -> 3.1x-3.7x, 3072×768 3.9x-4.5x -> 3.0x-3.5x, 1024×2048 6.3x-6.5x -> 3.6x-3.9x,
/// 1536×1536 4.0x-4.7x -> 2.9x-3.3x, 2048×1024 level. Lost: NCHW -> NHWC of images inside
/// the L2 (16×64×56×56, 5.2x-7.3x -> 6.3x-10.6x), which keep [`copy_streams`]. On machines
/// whose L3 is 16 MiB or less this is [`copy_streams`] itself; on the Intel Xeon and the Zen 5
/// of earlier runs (32 MiB) it is not measured.
pub(crate) fn early_copy_streams<A>(out: &Vec<A>) -> bool {
    let bytes = out.capacity().saturating_mul(std::mem::size_of::<A>());
    let early = Policy {
        traffic: Some((stream_bytes() / 2).max(MIN_STREAM_BYTES)),
        ..Policy::FENCED
    };
    early.streams(out, bytes)
}

/// Whether one call of a kernel appending runs of `unit` bytes to `out`, one after another,
/// `bytes` of them in all, then fencing, may write every run with streaming stores
/// ([`stream_unit`], where they start on 16 bytes): its result streams ([`copy_streams`]), the
/// runs are whole 16-byte chunks, and the call writes at least [`FENCED_RUN`] (as for a fenced
/// run: a fence per kilobyte cost more than the streaming saved). Then every byte of the
/// result from there is streamed, so only a line the result shares with what came before it
/// (or an allocator's header) is written both ways. For the short runs' grids
/// ([`super::raw`]), whose runs (`extract_image_patches`' patch rows: 192 bytes of `f32` RGB)
/// are far below the whole-line rule's [`SINK_RUN`] yet fill the result in order.
pub(crate) fn grid_streams<A>(out: &Vec<A>, unit: usize, bytes: usize) -> bool {
    bytes >= FENCED_RUN && unit.is_multiple_of(16) && copy_streams(out)
}

/// Copies the `bytes` bytes at `src` to `dst` with streaming stores, 16 at a time; [`fence`]
/// before they are read.
///
/// # Safety
/// `src..src + bytes` is initialised memory, readable, not written during the call;
/// `dst..dst + bytes` is writable, does not overlap it, and `dst` and `bytes` are multiples of
/// 16. Only on `x86_64` (elsewhere nothing streams: [`grid_streams`] is false).
#[inline(always)]
pub(crate) unsafe fn stream_unit(src: *const u8, dst: *mut u8, bytes: usize) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: the contract.
    unsafe {
        x86::chunks(src, dst, bytes)
    };
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (src, dst, bytes);
}

/// Orders every streaming store made before it before any later store or read (`sfence`);
/// nothing on other targets, where nothing streams.
pub(crate) fn fence() {
    #[cfg(target_arch = "x86_64")]
    x86::fence();
}

/// Whether `A` is a one-byte [`is_plain`] type (`u8`, `i8`, `bool`): the byte-level kernels'
/// types (the flat reversal, the planes' byte loops, the `pshufb` gathers).
pub(crate) fn is_plain_byte<A>() -> bool {
    std::mem::size_of::<A>() == 1 && is_plain::<A>()
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
/// nothing done, otherwise. The op is taken to read as much as it writes (a copy).
#[inline]
pub(crate) fn extend_fenced<A: Clone>(out: &mut Vec<A>, run: &[A], policy: Policy) -> bool {
    let room = out.capacity() - out.len() >= run.len();
    // The run's size first: it rules out most calls for the cost of a comparison.
    let takes = std::mem::size_of_val(run) >= policy.run
        && room
        && policy.streams(out, out.capacity().saturating_mul(std::mem::size_of::<A>()));
    if !takes {
        return false;
    }
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: `policy.streams` holds only for plain `A`, and `out` has room for `run`.
        unsafe { x86::append(out, run) };
        x86::fence();
    }
    true
}

/// A result being appended to, streaming long runs when its op moves enough data, with one
/// fence for all of them: when it is finished ([`Sink::finish`]) or dropped, or before it grows
/// (which reads it). It owns the `Vec`, so nothing reads the streamed memory before a fence:
/// those are the only ways to it (and if a `Sink` is leaked, its memory is never read).
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
    /// A sink appending to `out`, which holds the whole result's reservation, for an op that
    /// reads `read` bytes.
    pub(crate) fn new(out: Vec<A>, read: usize) -> Self {
        Self::with_policy(out, read, Policy::SINK)
    }

    /// [`Sink::new`] with the sizes to stream from given.
    pub(crate) fn with_policy(out: Vec<A>, read: usize, policy: Policy) -> Self {
        let stream = policy.streams(&out, read);
        Sink {
            out,
            stream,
            run: policy.run,
            pending: false,
        }
    }

    /// Appends `run`: streamed if this result streams and the run is long enough, else as
    /// [`super::extend_run`] without streaming.
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
        super::copy_run(&mut self.out, run);
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

    /// Copies `bytes` bytes from `src` to `dst`, every 16-byte chunk with a streaming store.
    ///
    /// # Safety
    /// As for [`copy`], with `dst` and `bytes` multiples of 16.
    #[inline(always)]
    pub(super) unsafe fn chunks(src: *const u8, dst: *mut u8, bytes: usize) {
        for i in 0..bytes / 16 {
            // SAFETY: chunk i lies within `0..bytes` of both regions (the contract); an
            // unaligned load, and a streaming store to a 16-byte aligned address (`dst` is
            // one, and so is every chunk after it).
            unsafe {
                let x = _mm_loadu_si128(src.add(16 * i).cast::<__m128i>());
                _mm_stream_si128(dst.add(16 * i).cast::<__m128i>(), x);
            }
        }
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
            let line = |i: usize| {
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
            };
            if backwards(src, dst, bytes) {
                (0..lines).rev().for_each(line);
            } else {
                (0..lines).for_each(line);
            }
            std::ptr::copy_nonoverlapping(src.add(body), dst.add(body), bytes - body);
        }
    }

    /// Whether [`copy`] goes backwards: a copy of at least [`BACKWARDS_FROM`] bytes whose
    /// forward loads would read where it has just written, as far as the CPU can tell: a load
    /// whose address matches a pending store's in its low 12 bits waits for that store (4K
    /// aliasing). Going forwards, the loads run ahead of the stores, so that happens when `dst`
    /// lies a little after `src` modulo 4096; going backwards the loads run ahead below the
    /// stores, and it does not.
    ///
    /// Measured (AMD EPYC family 23, pinned, best of 15 × 20 calls, three times; `tf_concat`
    /// of four 512×512 `f32` on axis 0, streamed, its sources placed so that `dst - src` is the
    /// given amount modulo 4096; harness /tmp/u8h `cc2`): forwards, 16 bytes 557-567 µs, 64
    /// 541-547, 128 291-305, 192 217-238, 256 209-228, 384 181-195, 448 196-249, 1024 180-190;
    /// backwards, 16 to 448 bytes 180-215 µs, 1024 204-213 (slower than forwards, hence only
    /// where it aliases); `ndarray::concatenate` 380-640 µs in the same runs. Criterion's
    /// process put the result 32 to 80 bytes after the four sources: the 4 MiB `concat` and
    /// `stack` on axis 0 read 1.1x-1.3x ndarray in most runs since run 18, while a standalone
    /// loop, whose result happened to lie 1 KiB after them, read 0.4x.
    #[inline(always)]
    pub(super) fn backwards(src: *const u8, dst: *const u8, bytes: usize) -> bool {
        let ahead = (dst as usize).wrapping_sub(src as usize) % 4096;
        bytes >= BACKWARDS_FROM && ahead > 0 && ahead < ALIASED
    }

    /// How far after the source (modulo 4096) a destination counts as aliased ([`backwards`]):
    /// forwards was 3x slower at 64 bytes and level with backwards from about 384.
    const ALIASED: usize = 512;

    /// The shortest copy that goes backwards where it aliases: shorter ones were slower
    /// backwards (`tf_tile` of a 1 KiB row by [4096, 1], a quarter of its copies aliased;
    /// criterion, three alternating pairs: 155-165 µs before this rule, 165-214 with every
    /// aliased copy backwards, 128-147 with this minimum, beside 134-172 before it).
    const BACKWARDS_FROM: usize = 4096;
}

#[cfg(test)]
mod tests;
