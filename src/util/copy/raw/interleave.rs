//! The copy loops that lay units of several source rows side by side, or split one row into
//! several (pixels to planes, [`Kernel::Interleave`] and [`Kernel::Deinterleave`]: the depth
//! ops, patches, concat of equal runs), with the byte gathers they hand one-byte elements to.
//!
//! Soundness: as for every block of the parent module, whose doc has the argument (the steps
//! are the view's own, built by [`crate::util::copy::plan::plan`]); each function states what it
//! reads, and each `unsafe` block why that is inside its contract.

use std::mem::MaybeUninit;

use super::{ONCE, append_units, append_with, rows_any, short_runs, short_strided};
#[cfg(doc)]
use crate::util::copy::plan::Kernel;
use crate::util::copy::plan::{MAX_PLANES, SHORT, Step};
use crate::util::copy::{byte_fixed, byte_permute, byte_shuffle, simd, stream, units, word_blend};

/// `len` pixels of `C` contiguous channels from `base` (the outer loop: the `C` channels one
/// element apart; the inner loop: `len` pixels `C` elements apart), written as `C` planes of
/// `len` ([`units::planes`]).
///
/// # Safety
/// `base + j * C + c` for `j < len`, `c < C` are elements of the view.
#[inline]
pub(super) unsafe fn planes<A: Clone, const C: usize>(
    out: &mut Vec<A>,
    base: *const A,
    len: usize,
) {
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
pub(super) unsafe fn interleave_rows<A: Clone>(
    out: &mut Vec<A>,
    base: *const A,
    inner: &[Step],
    unit: usize,
) {
    let (lines, rows, planes) = match *inner {
        [l, r, p, _] => (l, r, p),
        [r, p, _] => (ONCE, r, p),
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
/// (or [`super::rows`]).
///
/// # Safety
/// `inner` is the view's innermost loops from `base`, as the plan found them for this kernel
/// (`planes.stride == unit`, `rows.stride == planes.len * unit`).
pub(super) unsafe fn deinterleave_rows<A: Clone>(
    out: &mut Vec<A>,
    base: *const A,
    inner: &[Step],
    unit: usize,
) {
    let (lines, planes, rows) = match *inner {
        [l, p, r, _] => (l, p, r),
        [p, r, _] => (ONCE, p, r),
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
