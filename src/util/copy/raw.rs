//! The copy loops: the copy engine's `unsafe` reading of a view's elements through its pointer
//! and strides (its only other `unsafe`: [`super::simd`]'s calls of AVX2-compiled safe loops,
//! each after the CPU was found to have AVX2, the streaming stores of [`super::stream`], the
//! AVX2 shuffles of [`super::shuffle`], [`super::byte_shuffle`] and [`super::byte_fixed`], the
//! AVX-512 VBMI permutes of [`super::byte_permute`], the AVX2 blends of [`super::word_blend`],
//! the tile transposes of [`super::transpose`], and the prefetch hint of
//! [`super::prefetch`]). The loops that interleave units of several rows, or split a row into
//! several, are in the submodule [`interleave`], under the soundness argument below.
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

use super::plan::{BLOCK, Kernel, SHORT, Step};
use super::{shuffle, simd, stream, transpose, units};

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

// After the macros, which it uses.
mod interleave;

pub(crate) use interleave::gather_byte_rounds;
use interleave::{deinterleave_rows, interleave_rows, planes};

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

/// Appends, for each block of `dim` elements of `src` in turn (`src.len() / dim` of them), the
/// `N` elements of the block at `picks`: `tf_gather` along an inner axis of `dim` by a few
/// indices that do not step evenly (box coordinates reordered, `[1, 0, 3, 2]`). `false`, with
/// nothing appended, where `dim` is 0 or a pick is not below it. One fixed-size unit written
/// per block, straight into the spare capacity: an `extend` of the picks per block took 9.3x a
/// `memcpy` of a (262144, 4) `f32` result (NumPy's `b[:, [1, 0, 3, 2]]` 3x faster).
pub(crate) fn extend_picked_units<A: Clone, const N: usize>(
    out: &mut Vec<A>,
    src: &[A],
    dim: usize,
    picks: [usize; N],
) -> bool {
    if dim == 0 || picks.iter().any(|&p| p >= dim) {
        return false;
    }
    let blocks = src.chunks_exact(dim);
    let units = blocks.len();
    let fill = |spare: &mut [MaybeUninit<[A; N]>]| {
        for (slot, block) in spare.iter_mut().zip(blocks) {
            // In bounds: every pick is below `dim`, the block's length (checked above).
            slot.write(picks.map(|p| block[p].clone()));
        }
    };
    // SAFETY: `fill` writes each of the `units` slots: `spare` has `units` of them and there
    // are `units` blocks to zip with.
    unsafe { append_units(out, units, fill) };
    true
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
    // Rows one element apart (NHWC <-> NCHW of more than 4 channels) go by tile transposes,
    // which write their lines with streaming stores for a result past the L3, or past half of
    // it for the transposes that gained so (`transpose::streams_early`).
    let tiles = outer.stride == 1;
    let stream = tiles
        && (super::stream::copy_streams(out)
            || (transpose::streams_early(size_of::<A>(), [rows, cols], inner.stride)
                && super::stream::early_copy_streams(out)));
    let fill = |spare: &mut [MaybeUninit<A>]| {
        // The tile transposes, for plain primitives (1 and 2 bytes with SSE2, 4 and 8 with
        // AVX2). SAFETY: element (r, k) is at base + r + k * inner.stride (outer.stride == 1),
        // an element of the view (the contract); `spare` is the `rows * cols` slots.
        if tiles
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
/// is one slice, walked by [`simd::each_unit_reversed`] (with AVX2 for primitives).
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
        let fill = |spare: &mut [MaybeUninit<A>]| {
            simd::each_unit_reversed::<A, N>(simd::detect(), src, spare)
        };
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
