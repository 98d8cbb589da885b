//! The copy loops: the copy engine's `unsafe` reading of a view's elements through its pointer
//! and strides (its only other `unsafe`: [`super::simd`]'s calls of AVX2-compiled safe loops,
//! each after the CPU was found to have AVX2, the streaming stores of [`super::stream`], the
//! AVX2 shuffles of [`super::shuffle`], [`super::byte_shuffle`] and [`super::byte_fixed`], the
//! AVX-512 VBMI permutes of [`super::byte_permute`], the AVX2 blends of [`super::word_blend`],
//! the tile transposes of [`super::transpose`], and the prefetch hint of
//! [`super::prefetch`]).
//!
//! Why not safe code: ndarray hands out a strided view's elements either one at a time
//! (indexing, iterators: an index update per element) or one lane at a time as a new view
//! (`Zip`, `lanes`: a view constructed per lane). With the 2- and 3-element runs of real shapes
//! (boxes, RGB pixels) that per-element or per-lane work is the cost of the copy
//! (`owned_copy` through `Zip` measured 3.7x NumPy on YOLO's `pred[..., 0:2]`). Here each run is a
//! slice or a fixed-size array read at a computed offset.
//!
//! Soundness, once for every block: the caller ([`super::extend_c_order`]) builds [`Step`]s from
//! the view's own shape and strides with [`super::plan::plan`], which only drops length-1 axes
//! and merges neighbouring axes whose strides continue each other (and for the interleave of
//! one-element units adds a last loop of length 1, whose one index adds no offset), so the
//! offsets `sum(i_k * stride_k)` for `i_k < len_k` are exactly the offsets of the view's elements from
//! `view.as_ptr()`. A shared `ArrayView` guarantees each of those points to an initialised `A`
//! inside one allocation, not written while the view lives (the borrow of `out` is separate: it is
//! a `Vec` we own). Every pointer computed below is one of those element addresses (never one
//! past a loop's end), so `offset` stays in bounds; a run of `n` elements with stride 1 is `n`
//! consecutive elements of one allocation, so a slice of it (or a `[A; N]` reference, whose
//! alignment is `A`'s) is valid. Only shared references are created, and `Clone` is called on
//! them, so a panicking `clone` leaves `out` a valid, shorter `Vec` (`extend` keeps its length
//! exact). The fixed-size and blocked kernels write into `Vec::spare_capacity_mut` (safe
//! `MaybeUninit` writes) and call `set_len` only once every slot is written ([`append_with`]);
//! a panicking `clone` there leaks the slots written so far, which is safe.

use std::mem::MaybeUninit;

use super::plan::{BLOCK, Kernel, MAX_PLANES, SHORT, Step};
use super::{
    byte_fixed, byte_permute, byte_shuffle, shuffle, simd, stream, transpose, units, word_blend,
};

/// `kernel::<N>(args)` for the run length `n` in `1..=SHORT`.
macro_rules! dispatch_short {
    ($n:expr, $kernel:ident($($arg:expr),*)) => {
        match $n {
            1 => $kernel::<A, 1>($($arg),*),
            2 => $kernel::<A, 2>($($arg),*),
            3 => $kernel::<A, 3>($($arg),*),
            _ => $kernel::<A, SHORT>($($arg),*),
        }
    };
}

/// `kernel::<A, N>(args)` for the unit lengths `N` worth a fixed-size kernel (2 to 4, and the
/// lengths of image rows and patch rows), `fallback(unit, args)` for the others.
macro_rules! dispatch_unit {
    ($n:expr, $kernel:ident($($arg:expr),*), $fallback:ident) => {
        match $n {
            2 => $kernel::<A, 2>($($arg),*),
            3 => $kernel::<A, 3>($($arg),*),
            4 => $kernel::<A, 4>($($arg),*),
            6 => $kernel::<A, 6>($($arg),*),
            8 => $kernel::<A, 8>($($arg),*),
            9 => $kernel::<A, 9>($($arg),*),
            12 => $kernel::<A, 12>($($arg),*),
            16 => $kernel::<A, 16>($($arg),*),
            24 => $kernel::<A, 24>($($arg),*),
            32 => $kernel::<A, 32>($($arg),*),
            48 => $kernel::<A, 48>($($arg),*),
            64 => $kernel::<A, 64>($($arg),*),
            n => $fallback::<A>(n, $($arg),*),
        }
    };
}

/// Appends the elements at `base` walked by `steps` (outermost first) to `out`, using `kernel`
/// for the innermost loops.
///
/// # Safety
/// `base` and `steps` describe the elements of a live shared view, as the module doc says, and
/// `kernel` is what [`super::plan::plan`] chose for `steps`.
pub(super) unsafe fn extend<A: Clone>(
    out: &mut Vec<A>,
    base: *const A,
    steps: &[Step],
    kernel: Kernel,
) {
    // The short kernels and the runs (strided or contiguous, unless under a broadcast loop)
    // take the innermost two loops (the short runs three); the others the innermost one.
    let inner = match kernel {
        Kernel::Empty => return,
        // SAFETY: the view has one element, at its pointer.
        Kernel::One => return out.push(unsafe { (*base).clone() }),
        // The short runs also take the loop around those: a patch's rows (`short_grid`); and
        // the loop around that where those two loops are few units (a dilated patch's 3 rows
        // of 3 pixels: the patches of an image row in one call).
        Kernel::ShortRuns(_) | Kernel::Rows(_) => match steps {
            [.., blocks, lines, outer, _]
                if blocks.stride != 0 && lines.len.saturating_mul(outer.len) <= SMALL_GRID =>
            {
                4
            }
            _ => 3,
        },
        // Strided and contiguous runs take their outer loop too, unless it is a broadcast,
        // which `walk` writes once and copies from the destination in doubling runs (a 1 KiB
        // row broadcast 4096 times was 4096 calls of `memcpy` from the row).
        Kernel::Strided | Kernel::Runs => match steps {
            [.., Step { stride: 0, .. }, _] => 1,
            _ => 2,
        },
        Kernel::ShortStrided(_)
        | Kernel::ShortReversed(_)
        | Kernel::Blocked
        | Kernel::Planes(_)
        | Kernel::Reversed => 2,
        // And the loop of rows around them, for the one-byte rows (`reversed_unit_rows`).
        Kernel::ReversedUnits(_) => 3,
        // The units, the planes and the unit's elements, and the loop of rows around them
        // (the byte gathers are set up once for all rows).
        Kernel::Interleave { .. } | Kernel::Deinterleave { .. } => 4,
        _ => 1,
    };
    let outer = steps.len().saturating_sub(inner);
    // SAFETY: forwarded from this function's contract.
    unsafe { walk(out, base, &steps[..outer], &steps[outer..], kernel) }
}

/// The outer loops, in destination order. A broadcast outer axis (stride 0) is written once and
/// then copied from the destination itself.
///
/// # Safety
/// As for [`extend`], with `outer` followed by `inner` the view's steps.
unsafe fn walk<A: Clone>(
    out: &mut Vec<A>,
    base: *const A,
    outer: &[Step],
    inner: &[Step],
    kernel: Kernel,
) {
    let Some((&Step { len, stride }, rest)) = outer.split_first() else {
        // SAFETY: forwarded.
        return unsafe { innermost(out, base, inner, kernel) };
    };
    if stride == 0 {
        let start = out.len();
        // SAFETY: forwarded; index 0 of this axis exists (len > 1).
        unsafe { walk(out, base, rest, inner, kernel) };
        // Copied in doubling runs of up to 16 KiB from the written block (`repeat_tail`):
        // a 1 KiB row broadcast 4096 times took 4095 calls one block at a time.
        super::repeat_tail(out, start, len);
        return;
    }
    for i in 0..len {
        // SAFETY: i < len, so this is the address of index i of this axis (module doc).
        let p = unsafe { base.offset(i as isize * stride) };
        // SAFETY: forwarded.
        unsafe { walk(out, p, rest, inner, kernel) };
    }
}

/// The innermost loop (or two, for the short kernels; three for `ReversedUnits` and the short
/// runs) from `base`.
///
/// # Safety
/// As for [`extend`], with `inner` the last one to three steps.
#[inline]
unsafe fn innermost<A: Clone>(out: &mut Vec<A>, base: *const A, inner: &[Step], kernel: Kernel) {
    match kernel {
        // SAFETY: `inner` is the view's innermost loops, these kernels' contract.
        Kernel::Interleave { unit, .. } => {
            return unsafe { interleave_rows(out, base, inner, unit) };
        }
        // SAFETY: as above.
        Kernel::Deinterleave { unit, .. } => {
            return unsafe { deinterleave_rows(out, base, inner, unit) };
        }
        _ => {}
    }
    // A rank-1 plan for a short kernel: one pass of the "outer" loop; a rank-2 plan for
    // `ReversedUnits` or the short runs: one pass of their loop of rows; the short runs' loop
    // of blocks (small grids, `extend`) is one pass unless it was given.
    let (blocks, lines, outer, Step { len, stride }) = match *inner {
        [b, r, o, i] => (b, r, o, i),
        [r, o, i] => (ONCE, r, o, i),
        [o, i] => (ONCE, ONCE, o, i),
        [i] => (ONCE, ONCE, ONCE, i),
        _ => return,
    };
    let grid = [blocks, lines];
    // SAFETY (every call below): `base`, `blocks`, `lines`, `outer` and `(len, stride)` are
    // the view's innermost loops, the contract each kernel states.
    unsafe {
        match kernel {
            Kernel::Contiguous => run(out, base, len),
            Kernel::Runs => rows(out, base, len, outer),
            Kernel::ShortRuns(n) if blocks.len > 1 => {
                dispatch_short!(n, short_blocks(out, base, grid, outer))
            }
            Kernel::ShortRuns(n) => dispatch_short!(n, short_grid(out, base, lines, outer)),
            Kernel::Rows(n) if blocks.len > 1 => {
                dispatch_unit!(n, short_blocks(out, base, grid, outer), rows_grid)
            }
            Kernel::Rows(n) => dispatch_unit!(n, short_grid(out, base, lines, outer), rows_lines),
            Kernel::ShortStrided(n) => dispatch_short!(n, short_strided(out, base, stride, outer)),
            Kernel::ShortReversed(n) => dispatch_short!(n, short_reversed(out, base, outer)),
            Kernel::ReversedUnits(n) => match n {
                2 => reversed_unit_rows::<A, 2>(out, base, lines, outer),
                3 => reversed_unit_rows::<A, 3>(out, base, lines, outer),
                _ => reversed_unit_rows::<A, SHORT>(out, base, lines, outer),
            },
            // One-byte pixels of 5 or 7 channels: the tiles (`plan::PIXEL_PLANES`).
            Kernel::Planes(5 | 7) if size_of::<A>() == 1 => {
                blocked(out, base, outer, Step { len, stride })
            }
            Kernel::Planes(c) => match c {
                2 => planes::<A, 2>(out, base, len),
                3 => planes::<A, 3>(out, base, len),
                5 => planes::<A, 5>(out, base, len),
                6 => planes::<A, 6>(out, base, len),
                7 => planes::<A, 7>(out, base, len),
                _ => planes::<A, SHORT>(out, base, len),
            },
            Kernel::Interleave { .. } | Kernel::Deinterleave { .. } => {}
            // Rows of single elements reversed (a grey image's width flipped): the shuffles of
            // flipped pixels, with units of one element, where they take the rows.
            // (`takes` checks for AVX2.)
            Kernel::Reversed if shuffle::takes::<A, 1>(len) => {
                reversed_unit_rows::<A, 1>(out, base, outer, Step { len, stride })
            }
            Kernel::Reversed => reversed_rows(out, base, len, outer),
            Kernel::Repeat => out.extend(std::iter::repeat_n((*base).clone(), len)),
            Kernel::Strided => strided(out, base, outer, Step { len, stride }),
            Kernel::Blocked => blocked(out, base, outer, Step { len, stride }),
            Kernel::Empty | Kernel::One => {}
        }
    }
}

/// `len` contiguous elements from `base`: slice copies (`memcpy` for `Copy` types; see
/// [`super::extend_run`]).
///
/// # Safety
/// `base..base + len` are elements of the view.
#[inline]
unsafe fn run<A: Clone>(out: &mut Vec<A>, base: *const A, len: usize) {
    // SAFETY: the contract.
    super::extend_run(out, unsafe { std::slice::from_raw_parts(base, len) });
}

/// For each step of `outer`, the `len` contiguous elements there: [`flat_rows`] for runs under
/// [`FLAT_RUN_BYTES`], a slice copy per run (`memcpy` for `Copy` types) for longer ones.
///
/// # Safety
/// `base + i * outer.stride + k` for `i < outer.len`, `k < len` are elements of the view.
#[inline]
unsafe fn rows<A: Clone>(out: &mut Vec<A>, base: *const A, len: usize, outer: Step) {
    // Runs under 1 KiB (YOLO's 81 class scores of every box, a 35-element crop of a row): all
    // of them in one pass over the spare capacity; longer ones a slice copy each.
    if len > 0 && len.saturating_mul(size_of::<A>()) < FLAT_RUN_BYTES {
        // SAFETY: the contract.
        return unsafe { flat_rows(out, base, len, outer) };
    }
    for i in 0..outer.len {
        // SAFETY: the contract: len consecutive elements from an element address.
        unsafe { run(out, base.offset(i as isize * outer.stride), len) };
    }
}

/// [`rows`] with the run length first, as [`dispatch_unit`]'s fallback.
///
/// # Safety
/// As for [`rows`].
#[inline]
unsafe fn rows_any<A: Clone>(len: usize, out: &mut Vec<A>, base: *const A, outer: Step) {
    // SAFETY: the contract.
    unsafe { rows(out, base, len, outer) }
}

/// Runs shorter than this many bytes are copied by [`flat_rows`], longer ones by `memcpy`.
/// Pinned A/B of YOLO's `pred[..., 4:]` (runs of 81 `f32`, 324 bytes: 21.7M -> 13.9M
/// instructions) and of a 35-element crop of (100000, 64) `f32` rows (7.90M -> 7.30M, 1.47-1.57
/// -> 1.32-1.35 ms); gathers of 1 to 3 KiB rows measured parity to 4% slower flat.
const FLAT_RUN_BYTES: usize = 1024;

/// [`rows`], written straight into the spare capacity: no call, capacity check or length
/// update per run. Primitives' runs of 16 to 127 bytes are copied as bytes by [`small_copy`]:
/// the clone loop's vector body takes 64 bytes at a time and leaves the rest to a loop of
/// single elements, which is all of a run of 62 bytes (a `u8` grey 64×64 batch cropped by one
/// pixel: 2.5x-2.9x -> 1.1x a `memcpy` of the result; pinned, best of 8 × 8 calls). Shorter
/// ones as two overlapping moves ([`byte_runs`]): the flip of the width axis of 16×128×128
/// pixels of 5 and 7 `u8` channels took 4.5-6.0 and 4.1-4.4 ms element by element, 1.26 and
/// 0.87-0.93 ms so (a `memcpy` of the result 0.47 ms), `u16` 5 channels 1.9-2.5 -> 0.71-0.96
/// ms (pinned, best of 8 × 5 calls, the two builds in alternating processes). Other types
/// clone each element.
///
/// # Safety
/// As for [`rows`].
#[inline]
unsafe fn flat_rows<A: Clone>(out: &mut Vec<A>, base: *const A, len: usize, outer: Step) {
    let bytes = len * size_of::<A>();
    if stream::is_plain::<A>() && bytes < SMALL_COPY_BYTES {
        // SAFETY (each): the contract; `bytes` is in the range each takes (`rows` checked
        // `len > 0`).
        return unsafe {
            match bytes {
                16.. => byte_runs::<A, 0>(out, base, bytes, outer),
                8.. => byte_runs::<A, 8>(out, base, bytes, outer),
                4.. => byte_runs::<A, 4>(out, base, bytes, outer),
                2.. => byte_runs::<A, 2>(out, base, bytes, outer),
                _ => byte_runs::<A, 1>(out, base, bytes, outer),
            }
        };
    }
    let fill = |spare: &mut [MaybeUninit<A>]| {
        for (i, slots) in spare.chunks_exact_mut(len).enumerate() {
            // SAFETY: i < outer.len (there are `outer.len` chunks of `len`), so these are `len`
            // consecutive elements of the view from an element address (the contract).
            let run =
                unsafe { std::slice::from_raw_parts(base.offset(i as isize * outer.stride), len) };
            for (slot, x) in slots.iter_mut().zip(run) {
                slot.write(x.clone());
            }
        }
    };
    // SAFETY: `fill` writes all `outer.len * len` slots: that many chunks of `len`, each zipped
    // with a run of `len` elements. The product is at most the view's element count (`len` and
    // `outer.len` are two of its axes), which fits in `usize`; `len > 0` (`rows` checks it).
    unsafe { append_with(out, outer.len * len, fill) }
}

/// [`flat_rows`] of a plain primitive whose runs are `bytes` bytes: [`small_copy`] where `W` is
/// 0 (16 to 127 bytes), else two moves of `W` bytes, at the run's start and end (`W <= bytes <
/// 2 * W`; they overlap unless `bytes == W`). Runs under 16 bytes whose length has no
/// fixed-size kernel (5 and 7 bytes: a `u8` flip of 5- and 7-channel pixels, whose runs are
/// 5 or 7 bytes) went element by element.
///
/// # Safety
/// As for [`rows`], with `A` a plain primitive ([`stream::is_plain`]), `bytes` the runs' bytes
/// and in `W`'s range.
#[inline]
unsafe fn byte_runs<A: Clone, const W: usize>(
    out: &mut Vec<A>,
    base: *const A,
    bytes: usize,
    outer: Step,
) {
    let stride = outer.stride * size_of::<A>() as isize;
    let fill = |spare: &mut [MaybeUninit<A>]| {
        let dst = spare.as_mut_ptr().cast::<u8>();
        for i in 0..outer.len {
            // SAFETY: i < outer.len: run i is `bytes` bytes of the view's elements at an
            // element address (the contract), copied to its `bytes` slots of `spare`
            // (`outer.len * bytes` bytes); a primitive's bytes are its value. The two moves
            // of `W <= bytes` bytes lie inside both runs.
            unsafe {
                let (to, from) = (
                    dst.add(i * bytes),
                    base.cast::<u8>().offset(i as isize * stride),
                );
                if W == 0 {
                    small_copy(to, from, bytes);
                } else {
                    std::ptr::copy_nonoverlapping(from, to, W);
                    std::ptr::copy_nonoverlapping(from.add(bytes - W), to.add(bytes - W), W);
                }
            };
        }
    };
    // SAFETY: `fill` writes every byte of the `outer.len` runs' slots.
    unsafe { append_with(out, outer.len * (bytes / size_of::<A>()), fill) }
}

/// Writes `part`'s pieces of `run` elements down `rows` (whole rows of `row` slots), piece `k`
/// to slots `at..at + run` of row `k`, by [`small_copy`], for primitives whose piece is 16
/// bytes or more (`pieces::column_of`'s fast path); `false`, with nothing written, otherwise.
/// `true` means each row zipped with a piece had those slots written.
#[inline(always)]
pub(super) fn column_plain<A: Clone>(
    rows: &mut [MaybeUninit<A>],
    [row, at, run]: [usize; 3],
    part: &[A],
) -> bool {
    let bytes = run.saturating_mul(size_of::<A>());
    if !(16..SMALL_COPY_BYTES).contains(&bytes) || !stream::is_plain::<A>() {
        return false;
    }
    for (dst, piece) in rows
        .chunks_exact_mut(row.max(1))
        .zip(part.chunks_exact(run))
    {
        let dst = &mut dst[at..at + run];
        // SAFETY: `piece` and `dst` are `run` elements each (`chunks_exact`, the slice above),
        // `bytes` bytes: readable initialised primitives (whose bytes are their value) and
        // writable slots, not overlapping (one borrowed shared, the other exclusively).
        unsafe { small_copy(dst.as_mut_ptr().cast(), piece.as_ptr().cast(), bytes) };
    }
    true
}

/// The runs [`small_copy`] copies are shorter than this: from 128 bytes the compiler's loop
/// (64 bytes an iteration) leaves at most a quarter to its element loop, and measured as fast
/// or faster (pieces of 80 `f32` in YOLO's `concat`: 1.33x-1.39x a `memcpy` against 1.38x-1.55x
/// by `small_copy`).
const SMALL_COPY_BYTES: usize = 128;

/// Copies `bytes >= 16` bytes from `src` to `dst`: 64-byte moves, then 16-byte ones, the last
/// ending at the last byte (overlapping the one before it, which wrote the same bytes there).
///
/// # Safety
/// `src..src + bytes` readable, `dst..dst + bytes` writable, the two not overlapping.
#[inline(always)]
unsafe fn small_copy(dst: *mut u8, src: *const u8, bytes: usize) {
    let mut k = 0;
    while k + 64 <= bytes {
        // SAFETY: k + 64 <= bytes: inside both ranges.
        unsafe { std::ptr::copy_nonoverlapping(src.add(k), dst.add(k), 64) };
        k += 64;
    }
    while k + 16 < bytes {
        // SAFETY: k + 16 < bytes: inside both ranges.
        unsafe { std::ptr::copy_nonoverlapping(src.add(k), dst.add(k), 16) };
        k += 16;
    }
    // SAFETY: bytes >= 16: the last 16 bytes of both ranges.
    unsafe { std::ptr::copy_nonoverlapping(src.add(bytes - 16), dst.add(bytes - 16), 16) };
}

/// `len` elements walking backwards from `base`: the slice `base - (len - 1) ..= base`, reversed.
///
/// # Safety
/// `base - i` for `i < len` are elements of the view.
#[inline]
unsafe fn reversed<A: Clone>(out: &mut Vec<A>, base: *const A, len: usize) {
    // SAFETY: the contract; len > SHORT > 0, so the first element is base - (len - 1).
    let run = unsafe { std::slice::from_raw_parts(base.sub(len - 1), len) };
    let fill = |spare: &mut [MaybeUninit<A>]| {
        for (slot, x) in spare.iter_mut().zip(run.iter().rev()) {
            slot.write(x.clone());
        }
    };
    // SAFETY: `fill` writes all `len` slots (`run` has `len` elements).
    unsafe { append_with(out, len, fill) }
}

/// For each step of `outer`, the `len` elements walking backwards from there ([`reversed`]),
/// with the next row's lines asked for first: a row read from its end down is not followed by
/// the hardware prefetchers, so without the hint every row's first loads wait on memory (a
/// grey 16x224x224 flip: see [`PREFETCH_ROW_BYTES`]).
///
/// # Safety
/// `base + i * outer.stride - k` for `i < outer.len`, `k < len` are elements of the view.
#[inline]
unsafe fn reversed_rows<A: Clone>(out: &mut Vec<A>, base: *const A, len: usize, outer: Step) {
    let bytes = len.saturating_mul(size_of::<A>());
    for i in 0..outer.len {
        // SAFETY: i < outer.len: row i's last element, an element of the view (the contract).
        let row = unsafe { base.offset(i as isize * outer.stride) };
        if bytes <= PREFETCH_ROW_BYTES && i + 1 < outer.len {
            // The next row's lines, from its lowest address: `wrapping` arithmetic, since a
            // prefetch needs no valid pointer (it is a hint) and the address is only passed.
            let next = row
                .wrapping_offset(outer.stride)
                .wrapping_sub(len - 1)
                .cast::<u8>();
            super::prefetch::prefetch_bytes(next, bytes);
        }
        // SAFETY: the contract, for row i.
        unsafe { reversed(out, row, len) };
    }
}

/// Reversed rows up to this many bytes prefetch the whole next row before copying theirs.
/// Pinned A/B (best of 40 x 5 calls, `tf_index_to_owned`, f32): a grey (16, 224, 224, 1) flip
/// 125-140 -> 90-96 us (1.40-1.50x -> 1.02-1.05x a `memcpy` of its bytes); `x[:, ::-1]` of
/// (4096, 256) 196-203 -> 142-147 us; `x[::-1, :, :, ::-1]` of (64, 64, 64, 16) 2.68 -> 1.59-1.66
/// ms; rows of exactly 4 KiB ((1024, 1024)) unchanged, 152-156 us.
const PREFETCH_ROW_BYTES: usize = 4 << 10;

/// For each step of `outer`, the `run.len` elements `run.stride` apart there, one at a time, all
/// in one append: one capacity check and length update per loop of runs, not per run. The
/// 4 MiB `x[::-1, 1:63:2, ::-2]` (runs of 32 `f32` two apart; the `to_owned_4MiB` bench), on
/// an Intel Xeon of family 6, model 207, pinned criterion A/B in both orders: 200-222 ->
/// 167-175 µs (NumPy's copy: 176 µs; an append per run was 0.87x NumPy).
///
/// # Safety
/// `base + i * outer.stride + k * run.stride` for `i < outer.len`, `k < run.len` are elements
/// of the view.
#[inline]
unsafe fn strided<A: Clone>(out: &mut Vec<A>, base: *const A, outer: Step, run: Step) {
    // No overflow: a part of the destination, whose size the caller checked.
    let fill = |spare: &mut [MaybeUninit<A>]| {
        for (i, slots) in spare.chunks_exact_mut(run.len.max(1)).enumerate() {
            // A pointer bump per element, not a multiply; `wrapping_offset` because the step
            // after a run's last element may leave the allocation (it is never read).
            let mut p = base.wrapping_offset(i as isize * outer.stride);
            for slot in slots {
                // SAFETY: at slot k of chunk i (i < outer.len: the slice has `outer.len` chunks
                // of `run.len`; k < run.len) `p == base + i * outer.stride + k * run.stride`,
                // an element of the view (the contract).
                slot.write(unsafe { (*p).clone() });
                p = p.wrapping_offset(run.stride);
            }
        }
    };
    // SAFETY: `fill` writes all `outer.len * run.len` slots.
    unsafe { append_with(out, outer.len * run.len, fill) }
}

/// Appends `total` elements written by `fill` into the spare capacity of `out`: no capacity
/// check or length update per run, so the short kernels' loops are a few moves per run (and
/// vectorise where the source allows).
///
/// # Safety
/// `fill` writes every slot of the slice it is given (it may panic first: then `out` keeps its
/// length, and the slots written so far are leaked, never read or dropped).
#[inline]
pub(super) unsafe fn append_with<A>(
    out: &mut Vec<A>,
    total: usize,
    fill: impl FnOnce(&mut [MaybeUninit<A>]),
) {
    // A no-op when the caller reserved the whole destination, as every caller does.
    out.reserve(total);
    let start = out.len();
    fill(&mut out.spare_capacity_mut()[..total]);
    // SAFETY: `fill` initialised all `total` slots after `start` (the contract), and `reserve`
    // made room for them.
    unsafe { out.set_len(start + total) };
}

/// [`append_with`] by units of `N` elements: the spare capacity as `units` slots of
/// `[A; N]`, so a kernel moves whole fixed-size arrays (whose `clone` std turns into one move
/// for `Copy` types).
///
/// # Safety
/// As for [`append_with`]: `fill` writes every slot it is given.
#[inline]
unsafe fn append_units<A, const N: usize>(
    out: &mut Vec<A>,
    units: usize,
    fill: impl FnOnce(&mut [MaybeUninit<[A; N]>]),
) {
    // No overflow: a part of the destination, whose size the caller checked.
    let total = units * N;
    let fill = |spare: &mut [MaybeUninit<A>]| {
        // SAFETY: `spare` is `total = units * N` slots of `MaybeUninit<A>`, one allocation;
        // `MaybeUninit<[A; N]>` has the layout of `[A; N]`, which is N `A`s with no padding and
        // `A`'s alignment, so the same memory is exactly `units` slots of it. The reborrow is
        // unique (it replaces `spare` for its lifetime) and uninitialised memory is valid for
        // `MaybeUninit`.
        let units = unsafe {
            std::slice::from_raw_parts_mut(spare.as_mut_ptr().cast::<MaybeUninit<[A; N]>>(), units)
        };
        fill(units);
    };
    // SAFETY: writing every unit writes every one of the `total` slots (the contract).
    unsafe { append_with(out, total, fill) }
}

/// For each step of `outer`, the `N` contiguous elements there, as one fixed-size copy (a few
/// moves, not a `memcpy` call).
///
/// # Safety
/// `base + i * outer.stride + k` for `i < outer.len`, `k < N` are elements of the view.
#[inline]
unsafe fn short_runs<A: Clone, const N: usize>(out: &mut Vec<A>, base: *const A, outer: Step) {
    // SAFETY: the contract, with one line.
    unsafe { short_grid::<A, N>(out, base, ONCE, outer) }
}

/// A loop of one pass: the `lines` of a kernel given only its two innermost loops.
const ONCE: Step = Step { len: 1, stride: 0 };

/// [`short_runs`] for each step of `lines`, all in one append: where the runs of a line are few
/// (a patch's 3 rows of 3 pixels, from the view `extract_image_patches` copies), one call per
/// line cost more than its copies (dilated 3×3 patches of an `f32` RGB batch: 140 µs, 18x a
/// `memcpy` of the result, one call per patch row).
///
/// # Safety
/// `base + l * lines.stride + i * outer.stride + k` for `l < lines.len`, `i < outer.len`, `k <
/// N` are elements of the view.
#[inline]
unsafe fn short_grid<A: Clone, const N: usize>(
    out: &mut Vec<A>,
    base: *const A,
    lines: Step,
    outer: Step,
) {
    // SAFETY: the contract.
    let fill = |spare: &mut [MaybeUninit<[A; N]>], streams| unsafe {
        grid_lines(spare, base, lines, outer, streams)
    };
    // SAFETY: `fill` writes each of the lines.len * outer.len units. No overflow: a part of
    // the destination, whose size the caller checked.
    unsafe { append_grid(out, lines.len * outer.len, fill) }
}

/// [`append_units`] for the short runs' grids: `fill` is told whether to stream
/// ([`stream::grid_streams`] for this result and these units), and a streamed grid is fenced
/// after it.
///
/// # Safety
/// As for [`append_units`]; where `fill` is told to stream, it does so only as
/// [`grid_lines`] does.
#[inline]
unsafe fn append_grid<A, const N: usize>(
    out: &mut Vec<A>,
    units: usize,
    fill: impl FnOnce(&mut [MaybeUninit<[A; N]>], bool),
) {
    let unit = N * size_of::<A>();
    let streams = stream::grid_streams(out, unit, units * unit);
    // SAFETY: the contract.
    unsafe { append_units(out, units, |spare| fill(spare, streams)) };
    if streams {
        stream::fence();
    }
}

/// [`short_grid`] for each step of `blocks`, all in one append: where a block's lines are few
/// too (at most [`SMALL_GRID`] units), one call per block cost more than its copies: dilated
/// 3×3 patches (rate 2) of RGB, one call per patch, took `u8` 16×128×128×3 3.9-5.6 ms and
/// `f32` 4×128×128×3 1.07-1.13 ms; in one call per row of patches, 2.1-2.2 ms and 0.70-0.71 ms
/// (pinned, best of 8 × 5 calls).
/// (A loop of blocks in [`short_grid`] itself, of one block where there are none, cost VALID
/// 3×3 / 1 patches 6-9% more instructions.)
///
/// # Safety
/// `base + b * blocks.stride + l * lines.stride + i * outer.stride + k` for `b < blocks.len`,
/// `l < lines.len`, `i < outer.len`, `k < N` are elements of the view.
#[inline]
unsafe fn short_blocks<A: Clone, const N: usize>(
    out: &mut Vec<A>,
    base: *const A,
    [blocks, lines]: [Step; 2],
    outer: Step,
) {
    let block = lines.len * outer.len;
    let fill = |spare: &mut [MaybeUninit<[A; N]>], streams| {
        for (b, units) in spare.chunks_exact_mut(block.max(1)).enumerate() {
            let start = base.wrapping_offset(b as isize * blocks.stride);
            // SAFETY: b < blocks.len (the slice has blocks.len blocks of `block` units): the
            // lines of a step of the view's loop of blocks.
            unsafe { grid_lines(units, start, lines, outer, streams) };
        }
    };
    // SAFETY: `fill` writes each of the blocks.len blocks of `block` units. No overflow: a
    // part of the destination, whose size the caller checked.
    unsafe { append_grid(out, blocks.len * block, fill) }
}

/// [`short_grid`]'s lines: `spare` is `lines.len` lines of `outer.len` units, line `l`'s unit
/// `i` the `N` elements at `base + l * lines.stride + i * outer.stride`. Where `streams`
/// ([`stream::grid_streams`] held for this result and call) and `spare` starts on 16 bytes,
/// each unit's bytes go with streaming stores (the caller fences). ViT's 16×16 / 16 patches
/// of 16×224×224×3 `f32` copied from their view (a 9.6 MB result in runs of 192 bytes), on the
/// Zen 1 EPYC (L3 8 MiB; pinned, best of 20 × 5 calls, the build before alternating, twice):
/// 2.03-2.48 ms written plainly, 1.06-1.25 ms streamed (a `memcpy` of the result 1.56-1.75 ms).
///
/// # Safety
/// Those are elements of the view, for every `l < spare.len() / outer.len` and `i < outer.len`;
/// where `streams`, `A` is plain and `N` of them are a multiple of 16 bytes.
#[inline(always)]
pub(super) unsafe fn grid_lines<A: Clone, const N: usize>(
    spare: &mut [MaybeUninit<[A; N]>],
    base: *const A,
    lines: Step,
    outer: Step,
    streams: bool,
) {
    if streams && (spare.as_ptr() as usize).is_multiple_of(16) {
        for (l, line) in spare.chunks_exact_mut(outer.len.max(1)).enumerate() {
            let start = base.wrapping_offset(l as isize * lines.stride);
            for (i, slot) in line.iter_mut().enumerate() {
                let run = start.wrapping_offset(i as isize * outer.stride);
                // SAFETY: l < lines.len, i < outer.len: N consecutive elements of the view
                // (the contract), read as bytes (plain `A`: every byte initialised); the slot
                // is N `A`s of spare capacity, not overlapping the view, on 16 bytes (`spare`
                // is, checked above, and each unit is a multiple of 16 bytes: the contract).
                // Its bytes become a copy of the run's, a valid `[A; N]` (plain `A`: a copy is
                // a clone).
                unsafe {
                    stream::stream_unit(run.cast(), slot.as_mut_ptr().cast(), size_of::<[A; N]>())
                };
            }
        }
        return;
    }
    for (l, line) in spare.chunks_exact_mut(outer.len.max(1)).enumerate() {
        // SAFETY: l < lines.len (the contract): a step of the view's loop of lines.
        let start = unsafe { base.offset(l as isize * lines.stride) };
        for (i, slot) in line.iter_mut().enumerate() {
            // SAFETY: i < outer.len: N consecutive elements of the view, as one array (its
            // alignment is A's).
            let run = unsafe { &*start.offset(i as isize * outer.stride).cast::<[A; N]>() };
            // One array clone: for `Copy` types std makes it a single N-element move.
            slot.write(run.clone());
        }
    }
}

/// The most units (a line's runs times the lines) of the short runs' two inner loops for which
/// their kernel also takes the loop around them ([`short_blocks`]; `extend` decides).
const SMALL_GRID: usize = 16;

/// [`rows_grid`] of one block, with the signature of [`short_grid`], as [`dispatch_unit`]'s
/// fallback beside it.
///
/// # Safety
/// As for [`rows`] from `base + l * lines.stride`, `l < lines.len`.
#[inline]
unsafe fn rows_lines<A: Clone>(
    len: usize,
    out: &mut Vec<A>,
    base: *const A,
    lines: Step,
    outer: Step,
) {
    // SAFETY: the contract.
    unsafe { rows_grid(len, out, base, [ONCE, lines], outer) }
}

/// [`rows`] for each step of the two loops of `grid`, with the run length first, as
/// [`dispatch_unit`]'s fallback beside [`short_blocks`].
///
/// # Safety
/// As for [`rows`] from `base + b * blocks.stride + l * lines.stride`, `b < blocks.len`,
/// `l < lines.len`.
#[inline]
unsafe fn rows_grid<A: Clone>(
    len: usize,
    out: &mut Vec<A>,
    base: *const A,
    [blocks, lines]: [Step; 2],
    outer: Step,
) {
    for b in 0..blocks.len {
        for l in 0..lines.len {
            let at = b as isize * blocks.stride + l as isize * lines.stride;
            // SAFETY: the contract: b < blocks.len, l < lines.len.
            unsafe { rows(out, base.offset(at), len, outer) };
        }
    }
}

/// For each step of `outer`, the `N` elements `stride` apart there, as one fixed-size array.
///
/// # Safety
/// `base + i * outer.stride + k * stride` for `i < outer.len`, `k < N` are elements of the view.
#[inline]
unsafe fn short_strided<A: Clone, const N: usize>(
    out: &mut Vec<A>,
    base: *const A,
    stride: isize,
    outer: Step,
) {
    let total = outer.len * N;
    let fill = |spare: &mut [MaybeUninit<A>]| {
        for (i, slots) in spare.chunks_exact_mut(N).enumerate() {
            // SAFETY: i < outer.len: an element address of the view.
            let p = unsafe { base.offset(i as isize * outer.stride) };
            for (k, slot) in slots.iter_mut().enumerate() {
                // SAFETY: k < N: an element of the view (the contract).
                slot.write(unsafe { (*p.offset(k as isize * stride)).clone() });
            }
        }
    };
    // SAFETY: `fill` writes each of the outer.len chunks of N slots.
    unsafe { append_with(out, total, fill) }
}

/// The `outer.len` rows of `inner.len` elements (`inner.stride` apart, rows `outer.stride`
/// apart), written [`BLOCK`] columns at a time for every row, into the spare capacity of `out`
/// (each row's block is a different place of the destination, so not an append).
///
/// # Safety
/// `base + i * outer.stride + k * inner.stride` for `i < outer.len`, `k < inner.len` are
/// elements of the view.
unsafe fn blocked<A: Clone>(out: &mut Vec<A>, base: *const A, outer: Step, inner: Step) {
    let (rows, cols) = (outer.len, inner.len);
    // No overflow: a part of the destination, whose size the caller checked.
    let total = rows * cols;
    // Whether the transposes write their lines with streaming stores (a result past the L3).
    let stream = super::stream::copy_streams(out);
    let fill = |spare: &mut [MaybeUninit<A>]| {
        // Rows one element apart (NHWC <-> NCHW of more than 4 channels): tile transposes for
        // plain primitives (1 and 2 bytes with SSE2, 4 and 8 with AVX2). SAFETY: element
        // (r, k) is at base + r + k * inner.stride (outer.stride == 1), an element of the view
        // (the contract); `spare` is the `rows * cols` slots.
        if outer.stride == 1
            && unsafe { transpose::columns_to_rows(base, rows, cols, inner.stride, spare, stream) }
        {
            return;
        }
        for first in (0..cols).step_by(BLOCK) {
            let end = cols.min(first + BLOCK);
            for (i, row) in spare.chunks_exact_mut(cols).enumerate() {
                // SAFETY: i < rows: the address of row i's first element (module doc).
                let p = unsafe { base.offset(i as isize * outer.stride) };
                for (k, slot) in (first..end).zip(&mut row[first..end]) {
                    // SAFETY: k < cols: an element of the view (module doc).
                    slot.write(unsafe { (*p.offset(k as isize * inner.stride)).clone() });
                }
            }
        }
    };
    // SAFETY: `fill` writes each slot once: every row i < rows, every column k < cols.
    unsafe { append_with(out, total, fill) }
}

/// For each step of `outer`, the `N` elements walking back from there (`p, p - 1, ..,
/// p - (N - 1)`): a unit read as one `[A; N]` and written reversed. Where the units follow each
/// other forwards (`outer.stride == N`: `xy[..., ::-1]` of a C-order array), the whole source
/// is one slice, walked by [`units::each_unit_reversed`].
///
/// # Safety
/// `base + i * outer.stride - k` for `i < outer.len`, `k < N` are elements of the view.
#[inline]
unsafe fn short_reversed<A: Clone, const N: usize>(out: &mut Vec<A>, base: *const A, outer: Step) {
    let total = outer.len * N;
    if outer.len == 1 || outer.stride == N as isize {
        // SAFETY: unit i spans base + i * N - (N - 1) ..= base + i * N, so the units together
        // are the `total` consecutive elements from base - (N - 1), all of the view (the
        // contract; N >= 1, and base - (N - 1) is the first unit's lowest element).
        let src = unsafe { std::slice::from_raw_parts(base.sub(N - 1), total) };
        let fill = |spare: &mut [MaybeUninit<A>]| units::each_unit_reversed::<A, N>(src, spare);
        // SAFETY: `each_unit_reversed` writes every slot of the `total` it is given.
        return unsafe { append_with(out, total, fill) };
    }
    let fill = |spare: &mut [MaybeUninit<[A; N]>]| {
        for (i, slot) in spare.iter_mut().enumerate() {
            // SAFETY: i < outer.len: unit i is the N consecutive elements ending at
            // base + i * outer.stride, elements of the view (the contract).
            let unit = unsafe {
                &*base
                    .offset(i as isize * outer.stride)
                    .sub(N - 1)
                    .cast::<[A; N]>()
            };
            let mut unit = unit.clone();
            unit.reverse();
            slot.write(unit);
        }
    };
    // SAFETY: `fill` writes each of the outer.len units.
    unsafe { append_units(out, outer.len, fill) }
}

/// For each step of `rows`, the row of [`reversed_units`] there. Where
/// [`simd::reverses_flat`] says so (bytes; plain 2- to 8-byte types with AVX2) the rows are all
/// copied by one call of [`simd::units_reversed_rows`] (a call per 224-pixel row cost as much
/// as a fifth of the copy); for the others, row by row.
///
/// # Safety
/// `base + r * rows.stride - i * N + k` for `r < rows.len`, `i < outer.len`, `k < N` are
/// elements of the view.
unsafe fn reversed_unit_rows<A: Clone, const N: usize>(
    out: &mut Vec<A>,
    base: *const A,
    rows: Step,
    outer: Step,
) {
    let isa = simd::detect();
    if !simd::reverses_flat::<A>(isa) {
        for r in 0..rows.len {
            // SAFETY: r < rows.len: the contract of `reversed_units` for row r.
            unsafe { reversed_units::<A, N>(out, base.offset(r as isize * rows.stride), outer) };
        }
        return;
    }
    // No overflow: a part of the destination, whose size the caller checked.
    let row = outer.len * N;
    if isa == simd::Isa::Avx2 && shuffle::takes::<A, N>(row) {
        // SAFETY: row 0's lowest element, base - (outer.len - 1) * N, is an element of the view
        // (the contract; outer.len >= 1).
        let first = unsafe { base.sub((outer.len - 1) * N) };
        let fill = |spare: &mut [MaybeUninit<A>]| {
            // SAFETY: row r < rows.len (spare is rows.len rows) is the `row` consecutive
            // elements from first + r * rows.stride, elements of the view (the contract), which
            // is borrowed and not written for the whole call.
            unsafe { shuffle::units_reversed_strided::<A, N>(row, first, rows.stride, spare) }
        };
        // SAFETY: `units_reversed_strided` writes every slot of the `rows.len * row` it is
        // given (it panics before returning otherwise).
        return unsafe { append_with(out, rows.len * row, fill) };
    }
    let fill = |spare: &mut [MaybeUninit<A>]| {
        let sources = (0..rows.len).map(move |r| {
            // SAFETY: r < rows.len (the range): row r's lowest element is
            // base + r * rows.stride - (outer.len - 1) * N and its highest that + row - 1,
            // `row` consecutive elements of the view (the contract; outer.len >= 1).
            unsafe {
                std::slice::from_raw_parts(
                    base.offset(r as isize * rows.stride)
                        .sub((outer.len - 1) * N),
                    row,
                )
            }
        });
        simd::units_reversed_rows::<A, N>(isa, row, sources, spare)
    };
    // SAFETY: `units_reversed_rows` writes every slot of the `rows.len * row` it is given (one
    // row of `row` per source, and there are rows.len sources).
    unsafe { append_with(out, rows.len * row, fill) }
}

/// The `outer.len` units of `N` contiguous elements at `base + i * outer.stride` with
/// `outer.stride == -N`: together one slice of `outer.len * N` elements ending with the unit
/// at `base`, copied unit by unit in reverse ([`units::units_reversed`]).
///
/// # Safety
/// `base - i * N + k` for `i < outer.len`, `k < N` are elements of the view.
#[inline]
unsafe fn reversed_units<A: Clone, const N: usize>(out: &mut Vec<A>, base: *const A, outer: Step) {
    // SAFETY: the lowest element is base - (outer.len - 1) * N (unit outer.len - 1, k = 0) and
    // the highest base + N - 1 (unit 0): outer.len * N consecutive elements of the view (the
    // contract; outer.len >= 1 as every step of a plan has len > 1), so outer.len consecutive
    // `[A; N]` (an array has its element's alignment and no padding).
    let src = unsafe {
        std::slice::from_raw_parts(base.sub((outer.len - 1) * N).cast::<[A; N]>(), outer.len)
    };
    let fill = |spare: &mut [MaybeUninit<[A; N]>]| units::units_reversed::<A, N>(src, spare);
    // SAFETY: `units_reversed` writes every unit it is given.
    unsafe { append_units(out, outer.len, fill) }
}

/// `len` pixels of `C` contiguous channels from `base` (the outer loop: the `C` channels one
/// element apart; the inner loop: `len` pixels `C` elements apart), written as `C` planes of
/// `len` ([`units::planes`]).
///
/// # Safety
/// `base + j * C + c` for `j < len`, `c < C` are elements of the view.
#[inline]
unsafe fn planes<A: Clone, const C: usize>(out: &mut Vec<A>, base: *const A, len: usize) {
    let total = len * C;
    // SAFETY: j * C + c for j < len, c < C covers 0..len * C exactly: `total` consecutive
    // elements of the view from base (the contract).
    let src = unsafe { std::slice::from_raw_parts(base, total) };
    let fill = |spare: &mut [MaybeUninit<A>]| simd::planes::<A, C>(simd::detect(), src, spare);
    // SAFETY: `simd::planes` (by `units::planes`, `planes_by` or `planes_flat`) writes every
    // slot of the `total` it is given (each channel c of pixel j to slot c * len + j).
    unsafe { append_with(out, total, fill) }
}

/// One output row of [`Kernel::Interleave`]: `planes.len` source rows, row `k` the `rows.len`
/// units of `N` contiguous elements from `base + k * planes.stride` (units `N` apart), written
/// unit `j` of each row in turn ([`simd::interleave`]).
///
/// # Safety
/// `base + k * planes.stride + j * N + e` for `k < planes.len`, `j < rows.len`, `e < N` are
/// elements of the view (`rows.stride == N`, what the plan checked).
unsafe fn interleave<A: Clone, const N: usize>(
    out: &mut Vec<A>,
    base: *const A,
    rows: Step,
    planes: Step,
) {
    let mut sources: [&[[A; N]]; MAX_PLANES] = [&[]; MAX_PLANES];
    for (k, source) in sources.iter_mut().enumerate().take(planes.len) {
        // SAFETY: k < planes.len: source row k is the `rows.len * N` consecutive elements from
        // base + k * planes.stride (the contract), so `rows.len` consecutive `[A; N]` (an array
        // has its element's alignment and no padding). Shared, read-only, like the view.
        *source = unsafe {
            std::slice::from_raw_parts(
                base.offset(k as isize * planes.stride).cast::<[A; N]>(),
                rows.len,
            )
        };
    }
    let sources = &sources[..planes.len.min(MAX_PLANES)];
    let fill = |spare: &mut [MaybeUninit<[A; N]>]| simd::interleave::<A, N>(sources, spare);
    // SAFETY: `simd::interleave` writes every unit of the `rows.len * planes.len` it is given
    // (each source has `rows.len` units).
    unsafe { append_units(out, rows.len * sources.len(), fill) }
}

/// [`interleave`] for a unit length `n` without a fixed-size kernel: the same row, element by
/// element ([`units::interleave_runtime`]).
///
/// # Safety
/// As for [`interleave`], with `n` for `N`.
unsafe fn interleave_any<A: Clone>(
    n: usize,
    out: &mut Vec<A>,
    base: *const A,
    rows: Step,
    planes: Step,
) {
    let mut sources: [&[A]; MAX_PLANES] = [&[]; MAX_PLANES];
    for (k, source) in sources.iter_mut().enumerate().take(planes.len) {
        // SAFETY: as in `interleave`: `rows.len * n` consecutive elements of the view.
        *source = unsafe {
            std::slice::from_raw_parts(base.offset(k as isize * planes.stride), rows.len * n)
        };
    }
    let sources = &sources[..planes.len.min(MAX_PLANES)];
    let fill = |spare: &mut [MaybeUninit<A>]| units::interleave_runtime(n, sources, spare);
    // SAFETY: `interleave_runtime` writes every slot of the `rows.len * sources.len() * n`.
    unsafe { append_with(out, rows.len * sources.len() * n, fill) }
}

/// One line of [`Kernel::Deinterleave`]: `rows.len` rounds of `planes.len` units of `N`
/// elements back to back, written as `planes.len` planes (plane p: unit p of every round). For
/// units of 8 bytes and 2 to 4 planes, one pass over the line ([`units::deinterleave`]);
/// otherwise a strided pass per plane ([`short_runs`]). Pinned, best of 20 × 20 calls:
/// `depth_to_space` 2 of one `f32` channel (16×112×112×4) 79-80 -> 60-65 µs, a `memcpy` 50 µs;
/// in one pass, units of 24 bytes (RGB `f32`) went 206-222 -> 231-256 µs, of 32 (RGBA `f32`)
/// 330 -> 494-528 µs and of 48 (RGB `f64`) 715 -> 1,150-1,180 µs, so they keep a pass per
/// plane.
///
/// # Safety
/// `line` is the address of the line's first element, `planes.stride == N`, `rows.stride ==
/// planes.len * N` (the kernel's contract): the line's `rows.len * planes.len * N` elements are
/// consecutive elements of the view.
unsafe fn split_line<A: Clone, const N: usize>(
    out: &mut Vec<A>,
    line: *const A,
    rows: Step,
    planes: Step,
) {
    let count = rows.len * planes.len;
    // SAFETY: the contract: `count` consecutive units of `N` elements (an array has its
    // element's alignment and no padding), shared and read-only like the view.
    let units = unsafe { std::slice::from_raw_parts(line.cast::<[A; N]>(), count) };
    let fill = |spare: &mut [MaybeUninit<[A; N]>]| match planes.len {
        2 => units::deinterleave::<A, N, 2>(units, spare),
        3 => units::deinterleave::<A, N, 3>(units, spare),
        _ => units::deinterleave::<A, N, 4>(units, spare),
    };
    let bytes = size_of::<[A; N]>();
    if (2..=4).contains(&planes.len) && bytes == 8 {
        // SAFETY: `deinterleave` writes each of the `count` units it is given.
        return unsafe { append_units(out, count, fill) };
    }
    for p in 0..planes.len {
        // SAFETY: plane p is `rows.len` runs of `N` contiguous elements from line + p * N,
        // `rows.stride` apart: the contract of `short_runs`.
        unsafe { short_runs::<A, N>(out, line.add(p * N), rows) };
    }
}

/// [`split_line`] for a unit length without a fixed-size kernel: a pass per plane.
///
/// # Safety
/// As for [`split_line`] with `N = unit`.
unsafe fn split_line_any<A: Clone>(
    unit: usize,
    out: &mut Vec<A>,
    line: *const A,
    rows: Step,
    planes: Step,
) {
    for p in 0..planes.len {
        // SAFETY: plane p is `rows.len` runs of `unit` contiguous elements from line +
        // p * unit, `rows.stride` apart: the contract of `rows`.
        unsafe { rows_any(unit, out, line.add(p * unit), rows) };
    }
}

/// The move [`overlapping_units`] makes per unit of `unit` `A`s, in bytes: the next power of two,
/// for primitive types whose units are not a power of two of at most 16 bytes (3 `f32` or `i32`
/// of 12 bytes: one 16-byte move instead of an 8- and a 4-byte one); `None` otherwise.
fn overlap_move<A>(unit: usize) -> Option<usize> {
    let bytes = unit.checked_mul(size_of::<A>())?;
    (stream::is_plain::<A>() && bytes > 2 && bytes < 16 && !bytes.is_power_of_two())
        .then(|| bytes.next_power_of_two())
}

/// [`short_runs`] of `unit` elements, each unit but the last moved as `moved` bytes (from
/// [`overlap_move`]): the bytes past the unit land on the next unit's slot, which is written
/// after it. ESPCN's `depth_to_space` 3 (8×100×100×9 `f32`, units of 3 `f32` 9 apart; pinned
/// criterion, `real_espcn_depth_to_space_3`): 87 -> 71-74 µs, 1.80x -> 1.34-1.37x a `memcpy`
/// of the output (a standalone loop of its planes: 1.67x -> 1.26x).
///
/// # Safety
/// As for [`short_runs`] with `N = unit` (`A` a primitive: [`overlap_move`] gave `moved`), and
/// for every unit but the last, the `moved - unit * size_of::<A>()` bytes after it are bytes of
/// elements of the view.
unsafe fn overlapping_units<A: Clone>(
    out: &mut Vec<A>,
    base: *const A,
    rows: Step,
    unit: usize,
    moved: usize,
) {
    let Some(last) = rows.len.checked_sub(1) else {
        return;
    };
    let bytes = unit * size_of::<A>();
    let stride = rows.stride * size_of::<A>() as isize;
    let fill = |spare: &mut [MaybeUninit<A>]| {
        let dst = spare.as_mut_ptr().cast::<u8>();
        // SAFETY (each call): unit i < last is `bytes` bytes at an element address of the
        // view, followed by `moved - bytes` bytes of the view's elements (the contract), so
        // `moved` bytes are read inside the view; they are written at `dst + i * bytes`, and
        // `i * bytes + moved < (i + 2) * bytes <= spare's bytes` (`moved < 2 * bytes`: the next
        // power of two). The bytes of `A` values are copied as bytes (a primitive: every byte
        // initialised), and every slot's bytes end as its own element's: unit i + 1 (or the
        // last, exact move) overwrites what unit i's move put past it.
        unsafe {
            match moved {
                4 => moves::<4>(dst, base.cast(), stride, bytes, last),
                8 => moves::<8>(dst, base.cast(), stride, bytes, last),
                _ => moves::<16>(dst, base.cast(), stride, bytes, last),
            }
            // The last unit, exactly: the bytes after it may be outside the view.
            std::ptr::copy_nonoverlapping(
                base.offset(last as isize * rows.stride).cast::<u8>(),
                dst.add(last * bytes),
                bytes,
            );
        }
    };
    // SAFETY: `fill` writes all `rows.len * unit` elements' bytes: `last` overlapping moves and
    // the exact last unit, every slot ending as its unit's element.
    unsafe { append_with(out, rows.len * unit, fill) }
}

/// [`interleave`] of units of `unit` elements, each unit but the last round's moved as `moved`
/// bytes (from [`overlap_move`]): the bytes past a unit land on the next unit's slot (the next
/// plane's, or the next round's first), which is written after it. `space_to_depth` 3, pinned,
/// best of 20 × 20 calls: one `f32` channel (8×225×225×1, units of 3 `f32`) 93 -> 67 µs, a
/// `memcpy` 29 µs; u8 RGB (8×225×225×3, units of 9 bytes, which no byte gather takes) 89 -> 61
/// µs, a `memcpy` 21 µs.
///
/// # Safety
/// As for [`interleave`] (each plane's row `rows.len` units back to back), with `A` a primitive
/// ([`overlap_move`] gave `moved`).
unsafe fn overlapping_interleave<A: Clone>(
    out: &mut Vec<A>,
    base: *const A,
    rows: Step,
    planes: Step,
    unit: usize,
    moved: usize,
) {
    let Some(last) = rows.len.checked_sub(1) else {
        return;
    };
    let bytes = unit * size_of::<A>();
    let round = planes.len * bytes;
    let fill = |spare: &mut [MaybeUninit<A>]| {
        let dst = spare.as_mut_ptr().cast::<u8>();
        let stride = planes.stride * size_of::<A>() as isize;
        // SAFETY (each call): plane k's row is `rows.len` units back to back from base + k *
        // planes.stride (the contract), so each unit j < last is followed in it by unit
        // j + 1: `moved < 2 * bytes` bytes from it are elements of the view. Its move goes to
        // `dst + j * round + k * bytes` and ends before `(j + 1) * round + (k + 1) * bytes`,
        // inside the spare slots; the rounds are written in order and each round's planes in
        // order, so a move's spill (into the next plane's slot, or the next round's first) is
        // overwritten by the move of that slot, which comes later.
        unsafe {
            match moved {
                4 => round_moves::<4>(dst, base.cast(), stride, bytes, planes.len, last),
                8 => round_moves::<8>(dst, base.cast(), stride, bytes, planes.len, last),
                _ => round_moves::<16>(dst, base.cast(), stride, bytes, planes.len, last),
            }
        }
        // The last round, exactly: the bytes after its units may be outside the view.
        for k in 0..planes.len {
            // SAFETY: unit `last` of plane k's row, `bytes` bytes inside it, to the last
            // round's slot k, inside the spare slots.
            unsafe {
                std::ptr::copy_nonoverlapping(
                    base.offset(k as isize * planes.stride)
                        .add(last * unit)
                        .cast::<u8>(),
                    dst.add(last * round + k * bytes),
                    bytes,
                )
            };
        }
    };
    // SAFETY: `fill` writes all `rows.len * planes.len * unit` elements' bytes, every slot
    // ending as its unit's element.
    unsafe { append_with(out, rows.len * planes.len * unit, fill) }
}

/// `rounds` rounds of `planes` moves of `P` bytes: unit j of plane k, `src + k * stride + j *
/// bytes`, to `dst + (j * planes + k) * bytes`, in that order.
///
/// # Safety
/// Each source and destination range is readable or writable.
#[inline(always)]
unsafe fn round_moves<const P: usize>(
    dst: *mut u8,
    src: *const u8,
    stride: isize,
    bytes: usize,
    planes: usize,
    rounds: usize,
) {
    let mut to = dst;
    for j in 0..rounds {
        for k in 0..planes {
            // SAFETY: the contract.
            unsafe {
                let from = src.offset(k as isize * stride).add(j * bytes);
                std::ptr::copy_nonoverlapping(from, to, P);
                to = to.add(bytes);
            }
        }
    }
}

/// `count` moves of `P` bytes, from `src + i * stride` to `dst + i * step`.
///
/// # Safety
/// Each source and destination range is readable or writable.
#[inline(always)]
unsafe fn moves<const P: usize>(
    dst: *mut u8,
    src: *const u8,
    stride: isize,
    step: usize,
    count: usize,
) {
    for i in 0..count {
        // SAFETY: the contract.
        unsafe {
            std::ptr::copy_nonoverlapping(src.offset(i as isize * stride), dst.add(i * step), P)
        };
    }
}

/// The run-time byte gathers of one-byte primitives (u8, i8, bool), built once per copy for
/// all its lines: `vpermt2b` where the CPU has AVX-512 VBMI ([`byte_permute`]: 64 output bytes
/// per permute; u8 `depth_to_space` 2 of RGB, 16 images, 78 -> 64 µs, 1.9x -> 1.6x a
/// `memcpy`), else `pshufb` where it has AVX2 ([`byte_shuffle`]).
enum ByteGather {
    Permute(byte_permute::Permute),
    /// Boxed: its masks are 1 KiB inline.
    Shuffle(Box<byte_shuffle::Gather>),
}

impl ByteGather {
    /// [`byte_permute::Permute`] of `k` sources, units of `n`, rounds `t` apart, for a one-byte
    /// primitive `A` on a CPU with AVX-512 VBMI.
    fn permute<A>(k: usize, n: usize, t: usize) -> Option<ByteGather> {
        if !stream::is_plain_byte::<A>() {
            return None;
        }
        byte_permute::Permute::new(k, n, t).map(ByteGather::Permute)
    }

    /// [`byte_shuffle::Gather`] of the same, on a CPU with AVX2.
    fn shuffle<A>(k: usize, n: usize, t: usize) -> Option<ByteGather> {
        if !stream::is_plain_byte::<A>() {
            return None;
        }
        byte_shuffle::Gather::new(k, n, t).map(|g| ByteGather::Shuffle(Box::new(g)))
    }

    /// The gather's `run`: every slot of `dst` written, or `false` with none written.
    fn run<A: Clone>(&self, sources: &[&[A]], dst: &mut [MaybeUninit<A>]) -> bool {
        match self {
            ByteGather::Permute(p) => p.run(sources, dst),
            ByteGather::Shuffle(g) => g.run(sources, dst),
        }
    }
}

/// Appends `rounds` rounds to `out`, round `r` being elements `r * unit .. (r + 1) * unit` of
/// each source in turn (the data of a concat of equal widths), by a byte gather
/// ([`ByteGather`]: `vpermt2b`, one per 64 output bytes, else `pshufb`) where `A` is a one- or
/// two-byte primitive (the latter gathered as its bytes), the CPU has one, there are 2 to
/// [`MAX_PLANES`] sources of at least `rounds * unit` elements and units of 1 to 32 bytes;
/// `false`, with nothing appended, otherwise. The data of a concat of equal widths (two RGB
/// images on the channel axis; two `i16` audio channels stacked). Units of 8 to 32 bytes too
/// (u8, two 64×64 images of 8 and 16 channels: 1.15x and 2.7x a `memcpy` by the fixed-size
/// moves, 0.8x and 0.9x gathered).
pub(crate) fn gather_byte_rounds<A: Clone>(
    out: &mut Vec<A>,
    sources: &[&[A]],
    unit: usize,
    rounds: usize,
) -> bool {
    let k = sources.len();
    let size = size_of::<A>();
    let Some((each, total)) = rounds
        .checked_mul(unit)
        .and_then(|each| Some((each, each.checked_mul(k)?)))
    else {
        return false;
    };
    let fits = sources.iter().all(|s| s.len() >= each);
    let bytes = unit.saturating_mul(size);
    let plain = matches!(size, 1 | 2) && stream::is_plain::<A>();
    if !plain
        || !(2..=MAX_PLANES).contains(&k)
        || !(1..=32).contains(&bytes)
        || rounds == 0
        || !fits
    {
        return false;
    }
    let Some(gather) = ByteGather::permute::<u8>(k, bytes, bytes)
        .or_else(|| ByteGather::shuffle::<u8>(k, bytes, bytes))
    else {
        return false;
    };
    // SAFETY: `A` is a plain primitive of `size` bytes (checked): its elements are initialised
    // bytes with no padding, and `u8` has alignment 1, so each source's elements are
    // `s.len() * size` readable bytes, borrowed as long as `s` is.
    let byte_sources: Vec<&[u8]> = sources
        .iter()
        .map(|s| unsafe { std::slice::from_raw_parts(s.as_ptr().cast::<u8>(), size_of_val(*s)) })
        .collect();
    let fill = |spare: &mut [MaybeUninit<A>]| {
        // SAFETY: as above, the `total` slots are `total * size` bytes of the same allocation,
        // borrowed mutably for as long as `spare` is. The gather copies whole units of
        // `unit` elements, each unit's bytes in order to the start of an output unit, so once
        // every byte is written each slot holds the bytes of one source element: a valid `A`.
        let spare_bytes = unsafe {
            std::slice::from_raw_parts_mut(
                spare.as_mut_ptr().cast::<MaybeUninit<u8>>(),
                spare.len() * size,
            )
        };
        if !gather.run(&byte_sources, spare_bytes) {
            // Never (the types were checked); the same rounds, element by element.
            units::interleave_runtime(unit, sources, spare)
        }
    };
    // SAFETY: `run` (or, if it wrote nothing, `interleave_runtime`) writes every slot of the
    // `total` given: one line of `rounds` rounds, each source holding its `rounds` units (of
    // `bytes` bytes each, for the gather).
    unsafe { append_with(out, total, fill) };
    true
}

/// A compile-time-program gather ([`word_blend::gather`], [`byte_fixed::gather`]): the
/// block, the sources' origins in it, `[unit, k, t]`, the output; `false` if it did not run.
type Fixed<A> = fn(&[A], &[usize], [usize; 3], &mut [MaybeUninit<A>]) -> bool;

/// The lines of a dense block through `via`: `origins.len() / k` output lines of `line`
/// elements, line `l`'s round `r` being unit `r` of each of its `k` sources, source `j`
/// starting at `origins[l * k + j]` of the block and its units `t` apart.
///
/// # Safety
/// `block.0 .. block.0 + block.1` are elements of the view, each source's units inside them;
/// `line` is a whole number of rounds (`k * unit`).
unsafe fn fixed_gather<A: Clone>(
    out: &mut Vec<A>,
    (base, len): (*const A, usize),
    origins: &[usize],
    [unit, k, t]: [usize; 3],
    line: usize,
    via: Fixed<A>,
) {
    // SAFETY: `len` consecutive elements of the view from base (the contract), shared.
    let whole = unsafe { std::slice::from_raw_parts(base, len) };
    let lines = origins.len() / k.max(1);
    let fill = |spare: &mut [MaybeUninit<A>]| {
        if !via(whole, origins, [unit, k, t], spare) {
            // Never (the caller checked `takes`); the same lines, unit by unit.
            for (o, dst) in origins.chunks_exact(k).zip(spare.chunks_exact_mut(line)) {
                for (r, round) in dst.chunks_exact_mut(k * unit).enumerate() {
                    for (d, &origin) in round.chunks_exact_mut(unit).zip(o) {
                        for (slot, x) in d.iter_mut().zip(&whole[origin + r * t..]) {
                            slot.write(x.clone());
                        }
                    }
                }
            }
        }
    };
    // SAFETY: `via` (or the loop after it) writes every slot of the `lines` lines of `line`
    // given (each source has the line's rounds' units inside the block).
    unsafe { append_with(out, lines * line, fill) }
}

/// [`Kernel::Interleave`]'s rows: `inner` is `[lines, rows, planes, unit]` (or without
/// `lines`), each line one output row of [`interleave`]; for one-byte primitives with AVX2,
/// [`byte_shuffle::Gather`], set up once for all lines; for a dense block of 4- or 8-byte
/// primitives whose units and row count have a compiled program, [`word_blend::gather`].
///
/// # Safety
/// `inner` is the view's innermost loops from `base`, as the plan found them for this kernel
/// (`rows.stride == unit`, `unit` the last step's length).
unsafe fn interleave_rows<A: Clone>(out: &mut Vec<A>, base: *const A, inner: &[Step], unit: usize) {
    let once = Step { len: 1, stride: 0 };
    let (lines, rows, planes) = match *inner {
        [l, r, p, _] => (l, r, p),
        [r, p, _] => (once, r, p),
        _ => return,
    };
    // Where the block is dense (each line its planes' rows back to back, the lines back to
    // back: `space_to_depth` of a C-order image), every source lies in the block's elements.
    let row_len = rows.len * unit;
    let dense = (planes.len == 1 || planes.stride == row_len as isize)
        && (lines.len == 1 || lines.stride == (planes.len * row_len) as isize);
    let block = lines.len * planes.len * row_len;
    let row = rows.len * planes.len * unit;
    let spec = [unit, planes.len, unit];
    let fixed = if !dense {
        None
    } else if word_blend::takes::<A>(unit, planes.len, unit) {
        Some(word_blend::gather::<A> as Fixed<A>)
    } else if byte_fixed::takes::<A>(unit, planes.len, unit) {
        Some(byte_fixed::gather::<A> as Fixed<A>)
    } else {
        None
    };
    if let Some(via) = fixed {
        // Source k of line l: row k of line l, at (l * planes.len + k) * row_len.
        let origins: Vec<usize> = (0..lines.len * planes.len).map(|i| i * row_len).collect();
        // SAFETY: dense: the block's elements are the `block` consecutive elements from base,
        // all of the view; each output line is `row` long.
        unsafe { fixed_gather(out, (base, block), &origins, spec, row, via) };
        return;
    }
    // The compiled programs first: u8 RGB `space_to_depth` 2 (16 images) took 58 µs by
    // `byte_fixed` (then in 32-byte windows), 60 µs by `vpermt2b`; single-channel ones (units of 2 bytes) 31 µs by
    // `pshufb`, 22 µs by `vpermt2b` (pinned, best of 20 × 20 calls).
    let gather = if planes.len <= MAX_PLANES {
        ByteGather::permute::<A>(planes.len, unit, unit)
            .or_else(|| ByteGather::shuffle::<A>(planes.len, unit, unit))
    } else {
        None
    };
    let Some(gather) = &gather else {
        // SAFETY (each line): l < lines.len: the address of line l's first element (module
        // doc); line l's loops are `rows` and `planes` from there (the contract: each plane's
        // row is `rows.len` units back to back, `rows.stride == unit`). Two loops, not a match
        // per line: with the match in the line loop, `f32` `space_to_depth` 2 of one channel
        // (units of 2) took 100-109 µs instead of 88.
        if unit == 1 {
            // Planes to pixels of other types than bytes: each pixel's 2 to 4 elements as one
            // fixed-size array, as before this kernel took them (`short_strided`).
            for l in 0..lines.len {
                unsafe {
                    let line = base.offset(l as isize * lines.stride);
                    dispatch_short!(planes.len, short_strided(out, line, planes.stride, rows))
                };
            }
            return;
        }
        if let Some(moved) = overlap_move::<A>(unit) {
            for l in 0..lines.len {
                unsafe {
                    let line = base.offset(l as isize * lines.stride);
                    overlapping_interleave(out, line, rows, planes, unit, moved)
                };
            }
            return;
        }
        for l in 0..lines.len {
            unsafe {
                let line = base.offset(l as isize * lines.stride);
                dispatch_unit!(unit, interleave(out, line, rows, planes), interleave_any)
            };
        }
        return;
    };
    // Every line's sources, in order, for one call of the gather. Where the block is dense,
    // each source runs on to the block's end, so the gather's last loads of a line need not
    // be clamped (it reads, never writes, the bytes past a row).
    let mut sources: Vec<&[A]> = Vec::with_capacity(lines.len * planes.len);
    for l in 0..lines.len {
        for k in 0..planes.len {
            let at = l as isize * lines.stride + k as isize * planes.stride;
            let len = if dense {
                block - (l * planes.len + k) * row_len
            } else {
                row_len
            };
            // SAFETY: l < lines.len, k < planes.len: source row k of line l is the
            // `rows.len * unit` consecutive elements from base + l * lines.stride +
            // k * planes.stride (the contract: rows.stride == unit), shared like the view.
            // Dense: the block's elements are the `block` consecutive elements from base
            // (row k of line l at (l * planes.len + k) * row_len), all of the view, so the
            // source is the rest of them.
            sources.push(unsafe { std::slice::from_raw_parts(base.offset(at), len) });
        }
    }
    let fill = |spare: &mut [MaybeUninit<A>]| {
        if !gather.run(&sources, spare) {
            // Never (`is_plain_byte` was checked); the same lines, element by element.
            for (line, dst) in sources
                .chunks_exact(planes.len)
                .zip(spare.chunks_exact_mut(row))
            {
                units::interleave_runtime(unit, line, dst)
            }
        }
    };
    // SAFETY: `run` (or, if it wrote nothing, `interleave_runtime`) writes every slot of the
    // `lines.len` rows of `row` given (each source has `rows.len` units).
    unsafe { append_with(out, lines.len * row, fill) }
}

/// [`Kernel::Deinterleave`]'s rows: `inner` is `[lines, planes, rows, unit]` (or without
/// `lines`), each line one source row cut into `planes.len` output rows: plane `p` is unit `p`
/// of every round. For one-byte primitives with AVX2, [`byte_shuffle::Gather`] of one source per
/// plane, set up once for all lines; for a dense block with a compiled program,
/// [`byte_fixed::gather`] or [`word_blend::gather`]; otherwise each plane is [`short_runs`]
/// (or [`rows`]).
///
/// # Safety
/// `inner` is the view's innermost loops from `base`, as the plan found them for this kernel
/// (`planes.stride == unit`, `rows.stride == planes.len * unit`).
unsafe fn deinterleave_rows<A: Clone>(
    out: &mut Vec<A>,
    base: *const A,
    inner: &[Step],
    unit: usize,
) {
    let once = Step { len: 1, stride: 0 };
    let (lines, planes, rows) = match *inner {
        [l, p, r, _] => (l, p, r),
        [p, r, _] => (once, p, r),
        _ => return,
    };
    let round = planes.len * unit;
    let row_len = rows.len * round;
    let dense = lines.len == 1 || lines.stride == row_len as isize;
    let block = lines.len * row_len;
    let plane = rows.len * unit;
    // `vpermt2b` first where the CPU has it, before the compiled program: u8 RGB
    // `depth_to_space` 2 (16 images) took 78 µs by `byte_fixed`, 64 µs by `vpermt2b`; units of
    // 2 bytes 31 -> 27 µs (pinned, best of 20 × 20 calls, `memcpy` 40 and 13 µs). Units of 8
    // bytes and more are whole-word moves (below).
    let permute = if unit < 8 {
        ByteGather::permute::<A>(1, unit, round)
    } else {
        None
    };
    // The compiled programs of dense blocks: one-byte RGB block 2 (`byte_fixed`), and 4- and
    // 8-byte units of 3 words (`word_blend`: single-channel `f32` block 3, whose 12-byte units
    // the overlapping moves below copy with a store each, some across a line).
    let fixed = if !dense {
        None
    } else if permute.is_none() && byte_fixed::takes::<A>(unit, 1, round) {
        Some(byte_fixed::gather::<A> as Fixed<A>)
    } else if word_blend::takes::<A>(unit, 1, round) {
        Some(word_blend::gather::<A> as Fixed<A>)
    } else {
        None
    };
    if let Some(via) = fixed {
        // Plane p of line l: one source, unit p of every round. Nested loops, not a division
        // per source: for `u8` `depth_to_space` 2 of 16×112×112×12 (7,168 sources) the
        // divisions were a tenth of the call.
        let origins: Vec<usize> = (0..lines.len)
            .flat_map(|l| (0..planes.len).map(move |p| l * row_len + p * unit))
            .collect();
        // SAFETY: dense: the lines are the `block` consecutive elements from base (line l at
        // l * row_len), all of the view; each output plane is `plane` long.
        unsafe { fixed_gather(out, (base, block), &origins, [unit, 1, round], plane, via) };
        return;
    }
    // Otherwise the run-time gathers (built only here: their setup is what `byte_fixed`
    // spares) for units of fewer than 8 bytes, which the fixed-size moves copy in 2 or 3
    // pieces (u8 depth_to_space 2 of 4 x 112 x 112 x c, pinned best of 200: c = 4, units of
    // 2: 16.7 -> 13.1 us; c = 12, units of 6: 61 -> 32 us, 237 -> 114 us for 16 images).
    // Units of 8 and more are whole-word moves, as fast or faster (c = 16, 32, 48, 128: 31,
    // 45, 19, 11 us by moves, 34, 48, 29, 14 us gathered).
    let gather = permute.or_else(|| {
        (unit < 8)
            .then(|| ByteGather::shuffle::<A>(1, unit, round))
            .flatten()
    });
    let Some(gather) = &gather else {
        // SAFETY (each line): l < lines.len: the address of line l's first element (module
        // doc); plane p of the line is the `rows.len` runs of `unit` contiguous elements from
        // line + p * unit, `rows.stride` apart (the contract), so the line is `rows.len`
        // rounds of `planes.len` units back to back. For `overlapping_units`: the bytes after
        // each unit but the last (fewer than a unit's) are the next plane's unit of the same
        // round, or for the last plane the first unit of the next round: elements of the
        // line. Two loops, not a match per line (see `interleave_rows`).
        if let Some(moved) = overlap_move::<A>(unit) {
            for l in 0..lines.len {
                for p in 0..planes.len {
                    unsafe {
                        let start = base.offset(l as isize * lines.stride).add(p * unit);
                        overlapping_units(out, start, rows, unit, moved)
                    }
                }
            }
            return;
        }
        for l in 0..lines.len {
            unsafe {
                let line = base.offset(l as isize * lines.stride);
                dispatch_unit!(unit, split_line(out, line, rows, planes), split_line_any)
            }
        }
        return;
    };
    // Plane p of line l, as a gather of one source: unit p of every round, the
    // `(rows.len - 1) * round + unit` elements from line + p * unit (all sources one length).
    // Where the lines are back to back (`depth_to_space`), each source runs on to the block's
    // end instead, so the gather's last loads of a line need not be clamped (it reads, never
    // writes, the bytes past a plane's units).
    let need = (rows.len - 1) * round + unit;
    let mut sources: Vec<&[A]> = Vec::with_capacity(lines.len * planes.len);
    for l in 0..lines.len {
        for p in 0..planes.len {
            let len = if dense {
                block - l * row_len - p * unit
            } else {
                need
            };
            // SAFETY: l < lines.len, p < planes.len: line l's source row is the
            // `rows.len * round` consecutive elements from base + l * lines.stride (the
            // contract), and p * unit + need <= rows.len * round, so this is part of it.
            // Dense: the lines are the `block` consecutive elements from base, all of the
            // view (line l at l * row_len), so the source is the rest of them.
            sources.push(unsafe {
                std::slice::from_raw_parts(
                    base.offset(l as isize * lines.stride).add(p * unit),
                    len,
                )
            });
        }
    }
    let fill = |spare: &mut [MaybeUninit<A>]| {
        if !gather.run(&sources, spare) {
            // Never (`is_plain_byte` was checked); the same planes, unit by unit.
            for (source, dst) in sources.iter().zip(spare.chunks_exact_mut(plane)) {
                for (d, from) in dst.chunks_exact_mut(unit).zip(source.chunks(round)) {
                    for (slot, x) in d.iter_mut().zip(from) {
                        slot.write(x.clone());
                    }
                }
            }
        }
    };
    // SAFETY: `run` (or the loop after it, if it wrote nothing) writes every slot of the
    // `lines.len * planes.len` planes of `plane`: each source has the `rows.len` rounds' units.
    unsafe { append_with(out, lines.len * planes.len * plane, fill) }
}
