//! Function multiversioning of the safe unit loops in [`super::units`] (and, by [`with_avx2`],
//! of any safe loop: `util::runs`' gather of patch rows): the same Rust source compiled a
//! second time with AVX2 enabled, chosen at run time where the CPU has it.
//!
//! Why: the crate is built for baseline x86-64 (SSE2, no byte shuffle), where LLVM copies a
//! byte image's RGB pixels to planes, or reverses a row of them, a few bytes per instruction
//! (NHWC -> NCHW of a u8 (16, 224, 224, 3) batch: 10x a `memcpy` of its bytes). Compiled with
//! AVX2, the straight loops of [`units::planes_flat`] and [`units::units_reversed_flat`]
//! become LLVM's interleaved-access shuffles (`vpshufb`, `vpalignr`, `vpermq`: 32 pixels per
//! iteration; `vunpck`/`vperm` transposes for wider elements). No intrinsic is written by
//! hand here (the hand-written shuffles for flipped rows of primitive units are
//! [`super::shuffle`], which [`units_reversed_rows`] tries first): the only `unsafe` here is the call of a `#[target_feature]` function, after
//! `is_x86_feature_detected!` said the CPU has the feature. The loops they call are
//! `#[inline(always)]`, so they are compiled inside the AVX2 function (with an ordinary
//! `#[inline]`, LLVM kept one shared baseline copy and the AVX2 function only called it).
//!
//! Which types: planes take the AVX2 loop for every type without drop glue (plain data: the
//! loop is the same clone per element as the baseline one, only faster); reversed units take
//! [`units::units_reversed_flat`] only for primitive types (one-byte ones on any instruction
//! set, 2- to 8-byte ones with AVX2; recognised by `TypeId`, [`super::stream::is_plain`]),
//! because it clones each element twice (into a block, then out of it), which for those is a
//! copy of the bytes; units each reversed where they stand (channel flips,
//! [`units::each_unit_reversed`]) take their AVX2 build for primitive types only, as measured.
//! Every other type takes the baseline loops, as before.

use std::mem::MaybeUninit;

use super::stream::is_plain_byte;
use super::{shuffle, units};

/// The instruction set a kernel runs with. Kernels take it as an argument so the tests can run
/// the baseline path on a machine that has AVX2.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Isa {
    /// Baseline x86-64 (SSE2), or any other architecture: the crate's own build.
    Baseline,
    /// AVX2, where the CPU has it; asking for it elsewhere runs [`Isa::Baseline`].
    Avx2,
}

/// The best instruction set of this CPU (std caches the detection: one load and a test).
#[inline]
pub(super) fn detect() -> Isa {
    if avx2() { Isa::Avx2 } else { Isa::Baseline }
}

/// Whether the CPU running this has AVX2.
#[inline]
fn avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// [`units::planes`] (pixels of `C` channels to `C` planes), by the fastest loop for `isa`.
/// `dst.len() == src.len()`; every slot of `dst` is written once.
#[inline]
pub(super) fn planes<A: Clone, const C: usize>(isa: Isa, src: &[A], dst: &mut [MaybeUninit<A>]) {
    #[cfg(target_arch = "x86_64")]
    if isa == Isa::Avx2 && !std::mem::needs_drop::<A>() && avx2() {
        // Bytes: one loop over the whole planes (blocks cost a third more here); wider types:
        // blocks of 2 KiB per plane (RGBA f32 0.50 -> 0.38 ms, u16 RGB 0.62 -> 0.15 ms).
        let block = if is_plain_byte::<A>() {
            src.len()
        } else {
            PLANE_BYTES / std::mem::size_of::<A>().max(1)
        };
        // SAFETY: the CPU has AVX2 (detected just above), the only requirement of a
        // `#[target_feature(enable = "avx2")]` function; its body is safe code.
        return unsafe { planes_avx2::<A, C>(src, dst, block) };
    }
    let _ = isa;
    if is_plain_byte::<A>() {
        units::planes_by::<A, C, 8>(src, dst)
    } else {
        units::planes::<A, C>(src, dst)
    }
}

/// The bytes of each plane [`planes`] writes per block with AVX2, for elements wider than one
/// byte (measured: 1 KiB and 2 KiB alike, 256 B slower).
const PLANE_BYTES: usize = 2048;

/// Whether [`units_reversed_rows`] is the faster way to reverse units of `A` on `isa`: for
/// one-byte primitives on any instruction set (0.52 -> 0.40 ms on a u8 RGB flip
/// without AVX2), for 2-, 4- and 8-byte primitives with AVX2; other types keep
/// [`units::units_reversed`]'s moves of whole `[A; N]` units.
#[inline]
pub(super) fn reverses_flat<A>(isa: Isa) -> bool {
    is_plain_byte::<A>() || (isa == Isa::Avx2 && avx2() && wide::<A>())
}

/// Whether `A` is a primitive of 2, 4 or 8 bytes (u16, f32, f64, ...). The flat reversal
/// clones each element twice, which is only the same as cloning once where a clone is a copy of
/// the bytes: the primitives ([`super::stream::is_plain`]); no drop glue is not enough (a
/// `Copy`-less type may have a `Clone` that does something and no `Drop`).
fn wide<A>() -> bool {
    matches!(std::mem::size_of::<A>(), 2 | 4 | 8) && super::stream::is_plain::<A>()
}

/// Rows of units of `N` elements, each row's units in reverse order
/// ([`units::units_reversed_flat`]), by the loop compiled for `isa`: `sources` yields the rows,
/// each `row` elements (a multiple of `N`), and `dst` is `row` slots per row, in order. Every
/// slot of `dst` is written once when `sources` yields `dst.len() / row` rows of `row` (it
/// panics on a shorter row rather than skip a slot).
#[inline]
pub(super) fn units_reversed_rows<'s, A: Clone + 's, const N: usize>(
    isa: Isa,
    row: usize,
    sources: impl Iterator<Item = &'s [A]>,
    dst: &mut [MaybeUninit<A>],
) {
    // The hand-written shuffles first (they check the type, the CPU and the row themselves).
    if isa == Isa::Avx2 && shuffle::takes::<A, N>(row) {
        return shuffle::units_reversed_rows::<A, N>(row, sources, dst);
    }
    #[cfg(target_arch = "x86_64")]
    if isa == Isa::Avx2 && avx2() && (is_plain_byte::<A>() || wide::<A>()) {
        // SAFETY: the CPU has AVX2 (detected just above), the only requirement of a
        // `#[target_feature(enable = "avx2")]` function; its body is safe code.
        return unsafe { units_reversed_rows_avx2::<A, N>(row, sources, dst) };
    }
    let _ = isa;
    reversed_rows::<A, N, BLOCK>(row, sources, dst)
}

/// The loop of [`units_reversed_rows`], inlined into each instruction set's function, with
/// blocks of `L` elements.
#[inline(always)]
fn reversed_rows<'s, A: Clone + 's, const N: usize, const L: usize>(
    row: usize,
    sources: impl Iterator<Item = &'s [A]>,
    dst: &mut [MaybeUninit<A>],
) {
    for (src, dst) in sources.zip(dst.chunks_exact_mut(row.max(1))) {
        assert_eq!(src.len(), dst.len(), "a row of units_reversed_rows");
        units::units_reversed_flat::<A, N, L>(src, dst)
    }
}

/// The elements [`units::units_reversed_flat`] reverses per block: 32 RGB byte pixels, three
/// 32-byte vectors (a multiple of every unit length 2 to 4).
const BLOCK: usize = 96;

/// [`units::planes_flat`] compiled with AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn planes_avx2<A: Clone, const C: usize>(src: &[A], dst: &mut [MaybeUninit<A>], block: usize) {
    units::planes_flat::<A, C>(src, dst, block)
}

/// [`reversed_rows`] compiled with AVX2: blocks of 96 bytes for one-byte elements (32 RGB
/// pixels, three vectors), of 192 bytes for wider ones (RGB f32: 0.78 -> 0.58 ms in a pinned
/// loop over rows, noisy; blocks of 96 f32 were slower than the baseline moves).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn units_reversed_rows_avx2<'s, A: Clone + 's, const N: usize>(
    row: usize,
    sources: impl Iterator<Item = &'s [A]>,
    dst: &mut [MaybeUninit<A>],
) {
    match std::mem::size_of::<A>() {
        1 | 2 => reversed_rows::<A, N, 96>(row, sources, dst),
        4 => reversed_rows::<A, N, 48>(row, sources, dst),
        _ => reversed_rows::<A, N, 24>(row, sources, dst),
    }
}

/// [`units::each_unit_reversed`] (each unit of `N` elements reversed where it stands: a
/// channel flip `x[..., ::-1]` of contiguous pixels), compiled with AVX2 on `isa` for
/// primitives. `dst.len() == src.len()`; every slot of `dst` is written once.
///
/// The baseline build copies a unit element by element: an RGB `u8` batch (16×224×224×3) took
/// 10.6x a `memcpy` of its bytes, `u16` 5.3x, `f32` 2.8x (`u8` pairs 9.8x, RGBA 12x). Compiled
/// with AVX2, LLVM turns the same loop into shuffles of whole vectors (`vpshufb`, `vpermps`):
/// 0.95x, 1.2x and 1.1-1.2x (pairs 0.9x, RGBA `u8` 1.0x, `f32` 1.5x; `f64` 1.7x -> 1.2-1.5x;
/// `f32` pairs, which the baseline already vectorised, level). AMD EPYC family 25 (Zen 4),
/// pinned, best of 12 × 5 calls of `tf_index_to_owned` on 802,816 units, beside a `to_vec` of
/// the result's bytes in the same process, the build before and this one twice.
#[inline]
pub(super) fn each_unit_reversed<A: Clone, const N: usize>(
    isa: Isa,
    src: &[A],
    dst: &mut [MaybeUninit<A>],
) {
    #[cfg(target_arch = "x86_64")]
    if isa == Isa::Avx2 && avx2() && (is_plain_byte::<A>() || wide::<A>()) {
        // SAFETY: the CPU has AVX2 (detected just above), the only requirement of a
        // `#[target_feature(enable = "avx2")]` function; its body is safe code.
        return unsafe { each_unit_reversed_avx2::<A, N>(src, dst) };
    }
    let _ = isa;
    units::each_unit_reversed::<A, N>(src, dst)
}

/// [`each_unit_reversed`]'s loop compiled with AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn each_unit_reversed_avx2<A: Clone, const N: usize>(src: &[A], dst: &mut [MaybeUninit<A>]) {
    units::each_unit_reversed::<A, N>(src, dst)
}

/// [`units::interleave`] (`sources.len()` rows of units of `N` interleaved unit by unit), with
/// the number of rows fixed at compile time for block sizes 2 and 4. `dst.len()` is
/// `sources.len()` times the units of each source; every unit of `dst` is written once.
///
/// Units of 8 bytes of a type without drop glue (2 `f32`: `space_to_depth` 2 of one channel)
/// take the same loop compiled with AVX2, which LLVM turns into unpacks of whole vectors: one
/// `f32` channel, 16×224×224×1, a standalone loop of its rows 1.6x -> 1.05x a `memcpy` of the
/// output (pinned, best of 30 × 30 calls). Other units take the baseline loop: one-byte
/// elements that gain from AVX2 take the byte gathers instead (chosen in `raw`), and wider
/// units are a few whole moves.
#[inline]
pub(super) fn interleave<A: Clone, const N: usize>(
    sources: &[&[[A; N]]],
    dst: &mut [MaybeUninit<[A; N]>],
) {
    #[cfg(target_arch = "x86_64")]
    if std::mem::size_of::<[A; N]>() == 8 && !std::mem::needs_drop::<A>() && avx2() {
        // SAFETY: the CPU has AVX2 (detected just above), the only requirement of a
        // `#[target_feature(enable = "avx2")]` function; its body is safe code.
        return unsafe { interleave_avx2::<A, N>(sources, dst) };
    }
    interleave_rows::<A, N>(sources, dst)
}

/// [`interleave`]'s loop compiled with AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn interleave_avx2<A: Clone, const N: usize>(
    sources: &[&[[A; N]]],
    dst: &mut [MaybeUninit<[A; N]>],
) {
    interleave_rows::<A, N>(sources, dst)
}

/// [`interleave`]'s loop: the rows fixed at compile time for 2 and 4.
#[inline(always)]
fn interleave_rows<A: Clone, const N: usize>(
    sources: &[&[[A; N]]],
    dst: &mut [MaybeUninit<[A; N]>],
) {
    match *sources {
        [a, b] => units::interleave::<A, N, 2>([a, b], dst),
        [a, b, c, d] => units::interleave::<A, N, 4>([a, b, c, d], dst),
        _ => units::interleave_any::<A, N>(sources, dst),
    }
}

/// Runs `f`, a safe copy loop, compiled with AVX2 where the CPU has it (else as built): the
/// row-of-patches gather of `util::runs` (runs of 32 bytes or more, then one or two 32-byte
/// moves each instead of 16-byte ones). `f` is inlined into [`call_avx2`], which LLVM does for a
/// closure called once there (its features are a subset of the caller's); the gain measured
/// says it did. Were it not, `f` would run as the baseline build: the same result.
#[inline(always)]
pub(crate) fn with_avx2<R>(f: impl FnOnce() -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    if avx2() {
        // SAFETY: the CPU has AVX2 (detected just above), the only requirement of a
        // `#[target_feature(enable = "avx2")]` function; its body, and `f`, are safe code.
        return unsafe { call_avx2(f) };
    }
    f()
}

/// [`with_avx2`]'s AVX2 function.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn call_avx2<R>(f: impl FnOnce() -> R) -> R {
    f()
}
