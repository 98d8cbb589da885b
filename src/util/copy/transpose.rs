//! Tile transposes for [`super::plan::Kernel::Blocked`] (the copy engine's eighth `unsafe`
//! module): a layout change of feature maps with more than 4 channels (NHWC to NCHW and back),
//! and any other transpose whose source rows are one element apart, for plain 4- and 8-byte
//! primitives where the CPU has AVX2.
//!
//! Why: the blocked kernel copies one element per iteration (a strided load, a store), about one
//! element per cycle. `f32` NHWC -> NCHW of 16×56×56×64 took 7.0x a `memcpy` of its bytes, and
//! NCHW -> NHWC 4.4x. LLVM does not turn a fixed-size tile loop into a shuffle transpose (tiles
//! of 4, 8 and 16 elements compiled for AVX2 and AVX-512: 3.2x to 5.5x). Here an 8×8 tile of
//! 4-byte elements is 8 loads, 24 shuffles (`vunpcklps`/`vunpckhps`, `vshufps`,
//! `vperm2f128`) and 8 stores; a 4×4 tile of 8-byte ones 4 loads, 8 shuffles, 4 stores. Measured
//! (AMD EPYC family 26, pinned, best of 10 × 10 calls, a standalone prototype of this loop):
//! 16×3136×64 `f32` 7.0x -> 2.0x a `memcpy`, 16×64×3136 4.4x -> 1.9x, 18×4096×8 4.4x -> 1.2x.
//!
//! The loops: output rows `r` and columns `k`, element `(r, k)` at `base + r + k * stride` of
//! the source (a pixel's channels one element apart). Tiles of 8 output rows (4 for 8-byte
//! elements, and for 4-byte ones with fewer than 8 rows or columns) in turn, each along all
//! the columns, so each tile's loads are 8 pixels' channels and its stores go down 8 output
//! rows. Where the tile size does not divide the rows or columns, the last tile overlaps the
//! one before it, writing some slots a second time with the same bytes (6 channels: tiles at
//! 0 and 2), so no element is copied on its own.
//!
//! Soundness: the AVX2 functions are only called after `is_x86_feature_detected!("avx2")`
//! ([`super::gather_lines::avx2`]). Each load is of 8 (or 4) elements `(r0..r0 + 8, k)` with
//! `r0 + 8 <= rows` and `k < cols`: consecutive elements of the view (the rows are one element
//! apart), inside its allocation (the contract). Each store is of 8 (or 4) elements of output
//! row `r < rows`, columns `k0..k0 + 8 <= cols`: inside `dst`, whose length is `rows * cols`
//! (checked). The element type is read and written as `f32` or `f64` bits only where it is a
//! plain primitive of that size ([`super::stream::is_plain`]): the shuffles move bits, never
//! interpret them, so every output element is a copy of a source element's bytes.

use std::mem::MaybeUninit;

use super::gather_lines::avx2;
use super::stream::is_plain;

/// Writes `dst` as `rows` rows of `cols` elements, `dst[r * cols + k]` a copy of the element at
/// `base + r + k * stride`, and returns `true`; or returns `false` with nothing written where
/// `A` is not a plain primitive of 4 or 8 bytes, the CPU lacks AVX2, there are fewer rows or
/// columns than one tile (4), or `dst` is not `rows * cols` long.
///
/// # Safety
/// For every `r < rows` and `k < cols`, `base + r + k * stride` is an initialised element of a
/// live allocation, not written during the call (an element of a shared view whose rows are
/// one element apart).
pub(super) unsafe fn columns_to_rows<A>(
    base: *const A,
    rows: usize,
    cols: usize,
    stride: isize,
    dst: &mut [MaybeUninit<A>],
) -> bool {
    // Every tile is at least 4×4.
    let tiles = rows >= 4 && cols >= 4;
    if !tiles || rows.checked_mul(cols) != Some(dst.len()) || !is_plain::<A>() || !avx2() {
        return false;
    }
    #[cfg(target_arch = "x86_64")]
    {
        let out = dst.as_mut_ptr();
        match std::mem::size_of::<A>() {
            // SAFETY: `A` is a plain 4-byte primitive (u32, i32, f32, char), so its elements
            // are initialised 4-byte values that the `f32` loads and stores copy bit for bit;
            // the CPU has AVX2 (checked); the element addresses are the contract's, and `dst`
            // holds `rows * cols` elements, at least 4 of each (checked).
            4 => unsafe {
                words(base.cast(), [rows, cols], stride, out.cast());
            },
            // SAFETY: as above, for the plain 8-byte primitives and `f64`.
            8 => unsafe {
                doubles(base.cast(), [rows, cols], stride, out.cast());
            },
            _ => return false,
        }
        true
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (base, stride);
        false
    }
}

/// The first rows (or columns) of the tiles along `n` rows (or columns) of tiles of `t`: every
/// `t`-th, and where `t` does not divide `n`, one more ending at `n`, which overlaps the one
/// before it (its overlapping slots are written twice, with the same bytes). `n >= t`.
fn starts(n: usize, t: usize) -> impl Iterator<Item = usize> {
    let whole = n / t * t;
    (0..whole).step_by(t).chain((whole < n).then(|| n - t))
}

/// [`columns_to_rows`] for 4-byte elements: 8×8 tiles where there are 8 rows and 8 columns,
/// else 4×4 ones (`rows, cols >= 4`).
///
/// # Safety
/// The CPU has AVX2; the contract of [`columns_to_rows`], with `dst` `rows * cols` long.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn words(base: *const f32, [rows, cols]: [usize; 2], stride: isize, dst: *mut f32) {
    // Column k from row r (the tiles' loads), output row r from column k (their stores).
    let at = |r: usize, k: usize| base.wrapping_offset(r as isize + k as isize * stride);
    let to = |r: usize, k: usize| dst.wrapping_add(r * cols + k);
    // Output rows a tile at a time, each along all its columns: the stores go down 8 rows
    // front to back. Columns first (each tile's 8 rows written at 8 places far apart) took
    // NHWC -> NCHW of 16 channels from 4.6x to 5.5x a `memcpy`.
    // SAFETY (every tile): the CPU has AVX2 (the contract); the tile's rows r0..r0 + t and
    // columns k0..k0 + t lie inside rows x cols (`starts`: r0 + t <= rows, k0 + t <= cols), so
    // each of its loads is t consecutive source elements of one column (the rows are one
    // element apart) and each store t slots of one output row of `dst`.
    if rows >= 8 && cols >= 8 {
        for r0 in starts(rows, 8) {
            for k0 in starts(cols, 8) {
                unsafe { tile8(at(r0, k0), stride, to(r0, k0), cols) };
            }
        }
    } else {
        for r0 in starts(rows, 4) {
            for k0 in starts(cols, 4) {
                unsafe { tile4(at(r0, k0), stride, to(r0, k0), cols) };
            }
        }
    }
}

/// One 8×8 tile of 4-byte elements: `dst[j * cols + i] = src[i * stride + j]` for `i, j < 8`.
///
/// # Safety
/// The CPU has AVX2; `src + i * stride .. + 8` are readable `f32`s and `dst + j * cols .. + 8`
/// writable ones, for `i, j < 8`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn tile8(src: *const f32, stride: isize, dst: *mut f32, cols: usize) {
    use std::arch::x86_64::{
        _mm256_loadu_ps, _mm256_permute2f128_ps, _mm256_shuffle_ps, _mm256_storeu_ps,
        _mm256_unpackhi_ps, _mm256_unpacklo_ps,
    };
    // SAFETY: the loads and stores of the contract.
    unsafe {
        let l = |i: isize| _mm256_loadu_ps(src.offset(i * stride));
        let (a, b, c, d) = (l(0), l(1), l(2), l(3));
        let (e, f, g, h) = (l(4), l(5), l(6), l(7));
        // Pairs of columns interleaved, then quads, then the 128-bit halves swapped.
        let (t0, t1) = (_mm256_unpacklo_ps(a, b), _mm256_unpackhi_ps(a, b));
        let (t2, t3) = (_mm256_unpacklo_ps(c, d), _mm256_unpackhi_ps(c, d));
        let (t4, t5) = (_mm256_unpacklo_ps(e, f), _mm256_unpackhi_ps(e, f));
        let (t6, t7) = (_mm256_unpacklo_ps(g, h), _mm256_unpackhi_ps(g, h));
        let quads = |x, y| {
            (
                _mm256_shuffle_ps::<0x44>(x, y),
                _mm256_shuffle_ps::<0xEE>(x, y),
            )
        };
        let ((u0, u1), (u2, u3)) = (quads(t0, t2), quads(t1, t3));
        let ((u4, u5), (u6, u7)) = (quads(t4, t6), quads(t5, t7));
        let s = |j: usize, v| _mm256_storeu_ps(dst.add(j * cols), v);
        s(0, _mm256_permute2f128_ps::<0x20>(u0, u4));
        s(1, _mm256_permute2f128_ps::<0x20>(u1, u5));
        s(2, _mm256_permute2f128_ps::<0x20>(u2, u6));
        s(3, _mm256_permute2f128_ps::<0x20>(u3, u7));
        s(4, _mm256_permute2f128_ps::<0x31>(u0, u4));
        s(5, _mm256_permute2f128_ps::<0x31>(u1, u5));
        s(6, _mm256_permute2f128_ps::<0x31>(u2, u6));
        s(7, _mm256_permute2f128_ps::<0x31>(u3, u7));
    }
}

/// One 4×4 tile of 4-byte elements (SSE): as [`tile8`] with 4.
///
/// # Safety
/// As for [`tile8`], with 4.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn tile4(src: *const f32, stride: isize, dst: *mut f32, cols: usize) {
    use std::arch::x86_64::{
        _mm_loadu_ps, _mm_movehl_ps, _mm_movelh_ps, _mm_storeu_ps, _mm_unpackhi_ps, _mm_unpacklo_ps,
    };
    // SAFETY: the loads and stores of the contract.
    unsafe {
        let l = |i: isize| _mm_loadu_ps(src.offset(i * stride));
        let (a, b, c, d) = (l(0), l(1), l(2), l(3));
        let (t0, t1) = (_mm_unpacklo_ps(a, b), _mm_unpacklo_ps(c, d));
        let (t2, t3) = (_mm_unpackhi_ps(a, b), _mm_unpackhi_ps(c, d));
        _mm_storeu_ps(dst, _mm_movelh_ps(t0, t1));
        _mm_storeu_ps(dst.add(cols), _mm_movehl_ps(t1, t0));
        _mm_storeu_ps(dst.add(2 * cols), _mm_movelh_ps(t2, t3));
        _mm_storeu_ps(dst.add(3 * cols), _mm_movehl_ps(t3, t2));
    }
}

/// [`columns_to_rows`] for 8-byte elements: 4×4 tiles (`rows, cols >= 4`).
///
/// # Safety
/// As for [`words`].
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn doubles(base: *const f64, [rows, cols]: [usize; 2], stride: isize, dst: *mut f64) {
    use std::arch::x86_64::{
        _mm256_loadu_pd, _mm256_permute2f128_pd, _mm256_storeu_pd, _mm256_unpackhi_pd,
        _mm256_unpacklo_pd,
    };
    let at = |r: usize, k: usize| base.wrapping_offset(r as isize + k as isize * stride);
    let to = |r: usize, k: usize| dst.wrapping_add(r * cols + k);
    for r0 in starts(rows, 4) {
        for k0 in starts(cols, 4) {
            let (src, out) = (at(r0, k0), to(r0, k0));
            // SAFETY: as in `words`, for a 4×4 tile inside rows x cols (r0 + 4 <= rows,
            // k0 + 4 <= cols): four loads of four consecutive elements of one column, four
            // stores of four slots of one output row.
            unsafe {
                let l = |i: isize| _mm256_loadu_pd(src.offset(i * stride));
                let (a, b, c, d) = (l(0), l(1), l(2), l(3));
                let (t0, t1) = (_mm256_unpacklo_pd(a, b), _mm256_unpackhi_pd(a, b));
                let (t2, t3) = (_mm256_unpacklo_pd(c, d), _mm256_unpackhi_pd(c, d));
                _mm256_storeu_pd(out, _mm256_permute2f128_pd::<0x20>(t0, t2));
                _mm256_storeu_pd(out.add(cols), _mm256_permute2f128_pd::<0x20>(t1, t3));
                _mm256_storeu_pd(out.add(2 * cols), _mm256_permute2f128_pd::<0x31>(t0, t2));
                _mm256_storeu_pd(out.add(3 * cols), _mm256_permute2f128_pd::<0x31>(t1, t3));
            }
        }
    }
}
