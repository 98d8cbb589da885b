//! The copy engine: any view (negative, zero or gapped strides, any axis order) appended to a
//! C-order destination, at memory speed.
//!
//! NumPy's copy loop (`nditer`) is the standard: coalesce the axes that are contiguous in both
//! source and destination, order the loops by the destination's memory, copy whole runs. Here the
//! destination is always C order (a `Vec` being filled from the front), so the loops follow the
//! view's logical axes; [`plan::plan`] drops length-1 axes and merges contiguous neighbours, and
//! picks a kernel for the innermost loops:
//! - contiguous runs are slice copies (`extend_from_slice`, a `memcpy` for `Copy` types); long
//!   ones into a result too large for the cache are written with streaming stores ([`stream`]);
//! - runs of 1 to [`plan::SHORT`] elements are fixed-size chunks copied inside the loop of the
//!   next outer axis, forwards or at any stride (reversed, gapped, broadcast);
//! - units of 2 to [`plan::SHORT`] elements are moved as whole `[A; N]` arrays (one move for
//!   `Copy` types), with kernels of their own for units reversed in place (`xy[..., ::-1]`),
//!   units in reverse order (a flipped width axis of pixels) and pixels to channel planes (NHWC
//!   to NCHW); the slice loops of these are safe code in `units`;
//! - long reversed runs are a slice copied backwards, each row of up to 4 KiB asking for the
//!   next row's lines first ([`prefetch`]); long strided ones one element at a time;
//! - a broadcast outer axis is written once and then copied from the destination;
//! - other transposes are copied in blocks of columns so reads stay in cache; where the source
//!   rows are one element apart (NHWC <-> NCHW of more than 4 channels) and the elements plain
//!   primitives, by tile transposes ([`transpose`], `unsafe`, its own module): SSE2 for 1- and
//!   2-byte elements, AVX2 for 4- and 8-byte ones;
//! - rows of units interleaved from (or cut into) 2 to 8 rows, `space_to_depth` and
//!   `depth_to_space`, are one kernel call per row of units ([`plan::Kernel::Interleave`],
//!   [`plan::Kernel::Deinterleave`]); for one-byte primitives on a CPU with AVX-512 VBMI,
//!   64-byte `vpermt2b` permutes ([`byte_permute`], `unsafe`, its own module), else with AVX2
//!   16-byte `pshufb` gathers ([`byte_shuffle`]: byte-level intrinsics, `unsafe`, its own
//!   module; for RGB block 2 in a dense block, the same gathers with a compile-time program,
//!   [`byte_fixed`], line by line through [`gather_lines`], which `space_to_depth` takes even
//!   where `vpermt2b` exists), and
//!   for the interleaves of dense blocks of 4- and 8-byte primitives whose output vectors each
//!   hold pieces of at most two units (RGB `f32` `space_to_depth` 2), one or two loads blended
//!   per 32-byte vector from a compile-time program ([`word_blend`], `unsafe`, its own module;
//!   per 16-byte vector for the 3-word units of a single-channel `f32` `depth_to_space` 3);
//! - where the CPU has AVX2 (detected at run time), the unit loops of planes and flipped rows
//!   are the same safe loops compiled a second time for AVX2 (`simd`), which LLVM turns into
//!   byte and lane shuffles (the crate itself is built for baseline x86-64: SSE2);
//! - with AVX2, flipped rows of primitive units (RGB/RGBA pixels of bytes, `u16`, `f32`, `f64`)
//!   are hand-written shuffles instead (`shuffle`: one load, one `pshufb`/`vpermd` and one
//!   overlapping store per vector of whole units, and a prefetch of the next row, as each row
//!   is read backwards).
//!
//! Each output element is written once: nothing is filled and then overwritten.
//!
//! The write side ([`assign`]: slice assignment, the strided-slice gradient) plans the same
//! loops over a destination region and a source region of two slices, in safe code.

pub(crate) mod assign;
mod blend;
mod byte_fixed;
mod byte_permute;
mod byte_shuffle;
mod gather_lines;
mod pieces;
mod plan;
pub(crate) mod prefetch;
mod raw;
mod repeat;
mod shuffle;
mod simd;
mod stream;
mod transpose;
mod units;
mod word_blend;

use ndarray::{ArrayView, Dimension};

pub(crate) use pieces::{Piece, interleave_pieces, interleave_stepped};
pub(crate) use raw::{extend_picked_units, gather_byte_rounds};
pub(crate) use repeat::{extend_repeated, repeat_tail};
pub(crate) use simd::with_avx2;
pub(crate) use stream::{Sink, grid_streams};

#[cfg(test)]
pub(crate) use plan::Kernel;

/// `out.extend_from_slice(run)`, in pieces of at most [`PIECE_BYTES`] where a whole copy would
/// fall into glibc's 4 KiB-aliasing trap, else whole.
///
/// The trap: glibc's x86 `memcpy` (2.36 here) copies from about 4 KiB up to its non-temporal
/// threshold with `rep movsb`, which on the AMD EPYC of the early runs ran at a tenth of its
/// speed when destination minus source is 1 to 31 modulo 4096 (measured, f32-aligned offsets 4
/// to 28: a 128 KiB copy 43 us instead of 3 us; 0 and 32 or more: no slowdown; 512 KiB and
/// more, past the threshold: none). Pieces below 4 KiB take glibc's vector loop, which has no
/// such trap but costs a call per piece (measured there: 5 to 10% on a 64 KiB copy), so only
/// runs whose two addresses are in the window (taken as 1 to 63, the distance glibc itself
/// avoids `rep movsb` for on CPUs with fast short `rep movsb`) are cut, and only on a CPU with
/// ERMS ([`rep_movsb_traps`]). The addresses are known before the copy: the destination is
/// `out`'s end.
///
/// A long run into a result too large for the cache is written with streaming stores instead
/// (no `memcpy`, so no trap), see [`stream`].
pub(crate) fn extend_run<A: Clone>(out: &mut Vec<A>, run: &[A]) {
    if !stream::extend_fenced(out, run, stream::Policy::FENCED) {
        copy_run(out, run);
    }
}

/// [`extend_run`] without streaming stores.
fn copy_run<A: Clone>(out: &mut Vec<A>, run: &[A]) {
    let piece = (PIECE_BYTES / std::mem::size_of::<A>().max(1)).max(1);
    if run.len() <= piece
        || !aliased(out.as_ptr().wrapping_add(out.len()), run.as_ptr())
        || !rep_movsb_traps()
    {
        return out.extend_from_slice(run);
    }
    for part in run.chunks(piece) {
        out.extend_from_slice(part);
    }
}

/// Whether a copy from `src` to `dst` is in the 4 KiB-aliasing window of [`extend_run`]:
/// `dst - src` is 1 to 63 modulo 4096. Only the addresses are compared, nothing is read.
fn aliased<A>(dst: *const A, src: *const A) -> bool {
    let distance = (dst as usize).wrapping_sub(src as usize) % 4096;
    (1..64).contains(&distance)
}

/// Whether glibc's `memcpy` may use `rep movsb`, and so fall into the trap of [`extend_run`]: it
/// does only where the CPU reports ERMS (enhanced `rep movsb`). Elsewhere the pieces are pure
/// cost: on an AMD EPYC without ERMS (family 23, model 1; glibc's vector loop at every size), a
/// `tf_concat` of four 1 MiB `f32` arrays on axis 0 whose result fell in the window took
/// 495-518 us cut, 353-370 us whole (ndarray's `concatenate` 347-383 us); a lone 1 MiB copy in
/// the window, 38.5-38.9 us in pieces against 31.3 us whole, the same as outside it (pinned,
/// best of 20 × 10 calls, with and without glibc's `rep movsb` threshold raised). Not x86:
/// glibc's `memcpy` has no `rep movsb`.
#[inline]
fn rep_movsb_traps() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("ermsb")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// The largest `memcpy` [`extend_run`] makes in the aliasing window: below glibc's `rep movsb`
/// threshold (4 KiB with AVX2), so its vector loop does every copy.
const PIECE_BYTES: usize = 2048;

/// Appends the elements of `view` to `out` in C order (ndarray's logical order). Reserve first
/// (`try_vec`): the engine only appends.
pub(crate) fn extend_c_order<A: Clone, D: Dimension>(out: &mut Vec<A>, view: &ArrayView<'_, A, D>) {
    if let Some(slice) = view.as_slice() {
        return extend_run(out, slice);
    }
    let (steps, kernel) = plan::plan(view.shape(), view.strides());
    // SAFETY: `steps` and `kernel` come from `plan` on the view's own shape and strides, and the
    // view is borrowed for the whole call (see `raw`'s module doc).
    unsafe { raw::extend(out, view.as_ptr(), &steps, kernel) }
}

/// The kernel [`extend_c_order`] uses for `view`, for the tests that check every kernel is hit.
#[cfg(test)]
pub(crate) fn kernel_of<A, D: Dimension>(view: &ArrayView<'_, A, D>) -> Kernel {
    match plan::plan(view.shape(), view.strides()).1 {
        Kernel::Empty => Kernel::Empty,
        _ if view.as_slice().is_some() => Kernel::Contiguous,
        kernel => kernel,
    }
}

#[cfg(test)]
mod tests;
