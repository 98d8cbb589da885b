//! Safe loops over slices for the kernels of fixed-size units ([`super::raw`] only turns the
//! view's pointer into the slices these take): written so LLVM sees compile-time unit sizes
//! and straight slice walks, which it unrolls and, for primitive types, vectorises.
//!
//! Every function here writes each slot of `dst` exactly once; the callers rely on that to
//! `set_len` afterwards. A panicking `clone` leaves slots written so far leaked, never dropped
//! twice (`MaybeUninit` never drops).

use std::mem::MaybeUninit;

/// `src`'s units of `N` elements, each reversed in place (`xy[..., ::-1]` of `(x, y)` pairs:
/// `[x0, y0, x1, y1]` -> `[y0, x0, y1, x1]`). `dst.len() == src.len()`, a multiple of `N`.
/// Always inlined, so that [`super::simd`]'s AVX2 build compiles it with AVX2.
#[inline(always)]
pub(super) fn each_unit_reversed<A: Clone, const N: usize>(src: &[A], dst: &mut [MaybeUninit<A>]) {
    debug_assert_eq!(src.len(), dst.len());
    for (d, s) in dst.chunks_exact_mut(N).zip(src.chunks_exact(N)) {
        for (slot, x) in d.iter_mut().zip(s.iter().rev()) {
            slot.write(x.clone());
        }
    }
}

/// `src`'s units of `N` elements in reverse order, each unit kept forwards (a flipped width
/// axis of RGB pixels: `[p0, p1, p2]` -> `[p2, p1, p0]`). `dst.len() == src.len()`. A unit is
/// cloned as one array, which std turns into one move for `Copy` types (a 12-byte RGB f32 pixel:
/// two moves, not three).
#[inline]
pub(super) fn units_reversed<A: Clone, const N: usize>(
    src: &[[A; N]],
    dst: &mut [MaybeUninit<[A; N]>],
) {
    debug_assert_eq!(src.len(), dst.len());
    // Four units per iteration: the loop's own instructions were half of the copy's.
    let groups = src.rchunks_exact(4);
    let front = groups.remainder();
    let (dst_groups, dst_back) = dst.split_at_mut(src.len() - front.len());
    for (d, s) in dst_groups.chunks_exact_mut(4).zip(groups) {
        for (slot, unit) in d.iter_mut().zip(s.iter().rev()) {
            slot.write(unit.clone());
        }
    }
    for (slot, unit) in dst_back.iter_mut().zip(front.iter().rev()) {
        slot.write(unit.clone());
    }
}

/// Pixels of `C` contiguous channels to `C` planes (NHWC -> NCHW: `src` is `len` pixels,
/// `dst` is `C` planes of `len`). In blocks of [`PLANE_BLOCK`] pixels: within a block each pixel
/// is read once and its channels written to the `C` planes, and the `C + 1` streams of a block
/// stay in L1 even when the planes are a multiple of 4 KiB apart (RGBA (8, 256, 256, 4): 1.6 ms
/// pixel by pixel over the whole plane, 0.4 ms in blocks of 64).
#[inline]
pub(super) fn planes<A: Clone, const C: usize>(src: &[A], dst: &mut [MaybeUninit<A>]) {
    debug_assert_eq!(src.len(), dst.len());
    let len = src.len() / C;
    if len == 0 {
        return;
    }
    for (b, pixels) in src.chunks(PLANE_BLOCK * C).enumerate() {
        let first = b * PLANE_BLOCK;
        let count = pixels.len() / C;
        let mut planes = dst
            .chunks_exact_mut(len)
            .map(|plane| &mut plane[first..first + count]);
        let mut planes: [&mut [MaybeUninit<A>]; C] =
            std::array::from_fn(|_| planes.next().unwrap_or_default());
        for (j, pixel) in pixels.chunks_exact(C).enumerate() {
            for (plane, x) in planes.iter_mut().zip(pixel) {
                plane[j].write(x.clone());
            }
        }
    }
}

/// [`planes`] for elements of one byte (u8 / i8 / bool images): `K` pixels at a time, each
/// plane written `K` elements at once, not one byte per store (an RGB u8 (16, 224, 224, 3) batch:
/// 1.45 ms pixel by pixel, 0.44 ms eight pixels at a time).
#[inline]
pub(super) fn planes_by<A: Clone, const C: usize, const K: usize>(
    src: &[A],
    dst: &mut [MaybeUninit<A>],
) {
    debug_assert_eq!(src.len(), dst.len());
    let len = src.len() / C;
    if len == 0 {
        return;
    }
    let mut planes = dst.chunks_exact_mut(len);
    let mut planes: [&mut [MaybeUninit<A>]; C] =
        std::array::from_fn(|_| planes.next().unwrap_or_default());
    let groups = src.chunks_exact(C * K);
    let done = groups.len() * K;
    for (g, pixels) in groups.enumerate() {
        for (c, plane) in planes.iter_mut().enumerate() {
            let run: [A; K] = std::array::from_fn(|j| pixels[j * C + c].clone());
            if let Some(slots) = plane.get_mut(g * K..g * K + K) {
                for (slot, x) in slots.iter_mut().zip(run) {
                    slot.write(x);
                }
            }
        }
    }
    for (j, pixel) in src[done * C..].chunks_exact(C).enumerate() {
        for (plane, x) in planes.iter_mut().zip(pixel) {
            plane[done + j].write(x.clone());
        }
    }
}

/// The pixels [`planes`] copies per block.
const PLANE_BLOCK: usize = 64;

/// [`planes`] as straight loops, written for [`super::simd`]: compiled with AVX2, LLVM turns
/// them into its interleaved-load shuffles (for RGB bytes, three `vpshufb` and a few `vpalignr`
/// per 32 pixels, each plane written 32 bytes at a time; for f32, `vunpck`/`vperm` transposes).
/// In blocks of `block` pixels, for the same reason as [`planes`]' blocks (the planes of an RGBA
/// f32 image are 256 KiB apart); a block as long as the planes is one loop over them. Compiled
/// for baseline x86-64 it is slower than [`planes_by`] (no byte shuffle there), so it is only
/// run with AVX2. `#[inline(always)]`: it must be compiled inside its caller's target features.
/// The blocks begin at the planes' first line boundary, the pixels before it a block of their
/// own ([`line_head`](super::prefetch::line_head)).
#[inline(always)]
pub(super) fn planes_flat<A: Clone, const C: usize>(
    src: &[A],
    dst: &mut [MaybeUninit<A>],
    block: usize,
) {
    debug_assert_eq!(src.len(), dst.len());
    let len = src.len() / C;
    if len == 0 {
        return;
    }
    let src = &src[..len * C];
    let mut slices = dst.chunks_exact_mut(len);
    let mut out: [&mut [MaybeUninit<A>]; C] =
        std::array::from_fn(|_| slices.next().unwrap_or_default());
    // Never otherwise; `planes` would then panic at the short plane rather than skip a slot.
    if out.iter().any(|plane| plane.len() != len) {
        return planes::<A, C>(src, dst);
    }
    // The pixels before the planes' first line boundary, then blocks from it, so that the
    // blocks' vector stores begin on a line: a result is wherever `malloc` puts it (16 bytes
    // into a line for a fresh mapping), and there half of the 32-byte stores crossed into the
    // next line. NHWC -> NCHW through the engine (pinned, best of 6 × 9 calls, against
    // 2f483aa in alternating processes): `f32` 21×224×224×3 1.26x a `memcpy` -> 1.08-1.12x
    // (1.37-1.50x -> 1.14-1.15x in other processes), 4×512×512×3 1.28-1.29x -> 1.04-1.05x,
    // RGBA 15×224×224×4 1.05-1.07x -> 0.99-1.00x; `u8` RGB 85×224×224×3 1.19-1.20x ->
    // 1.06x, two channels 1.23-1.25x -> 1.14x; `u16` RGB level (1.03-1.05x). The head goes
    // through its own call of `block_to_planes`: written as one closure called for the head
    // and for each block, LLVM no longer vectorised the bytes' loop (`u8` RGB 1.2x -> 7x).
    let head = super::prefetch::line_head(out[0].as_ptr(), len);
    if head > 0 {
        let mut parts = out.iter_mut().map(|plane| &mut plane[..head]);
        let parts: [&mut [MaybeUninit<A>]; C] =
            std::array::from_fn(|_| parts.next().unwrap_or_default());
        block_to_planes::<A, C>(&src[..head * C], parts);
    }
    for (b, pixels) in src[head * C..].chunks(block.max(1) * C).enumerate() {
        let first = head + b * block.max(1);
        let count = pixels.len() / C;
        let mut parts = out.iter_mut().map(|plane| &mut plane[first..first + count]);
        let parts: [&mut [MaybeUninit<A>]; C] =
            std::array::from_fn(|_| parts.next().unwrap_or_default());
        block_to_planes::<A, C>(pixels, parts);
    }
}

/// The loop of [`planes_flat`] over one block: `pixels` to the `C` parts of the planes, each
/// `pixels.len() / C` long.
#[inline(always)]
fn block_to_planes<A: Clone, const C: usize>(pixels: &[A], mut parts: [&mut [MaybeUninit<A>]; C]) {
    let count = pixels.len() / C;
    let pixels = &pixels[..count * C];
    // Each part exactly `count` long, seen by LLVM: no bounds check inside the loop (and an
    // index panic, not a skipped slot, if one were short).
    for part in parts.iter_mut() {
        let _ = &part[..count];
    }
    for j in 0..count {
        for (c, part) in parts.iter_mut().enumerate() {
            part[j].write(pixels[j * C + c].clone());
        }
    }
}

/// [`units_reversed`] on flat slices, in blocks of `L` elements (a multiple of `N`): each block
/// cloned reversed into an array (a plain reverse, which LLVM vectorises), then each unit of it
/// written back in its own order (an interleaved access, which it vectorises too). Two loops
/// that become shuffles, where the unit-by-unit copy is three one-byte moves per RGB byte
/// pixel: a u8 (16, 224, 224, 3) flip 0.52 ms -> 0.40 ms on baseline x86-64, 0.12 ms with AVX2.
/// Each element is cloned twice (into the block, out of it), so [`super::simd`] runs it only
/// for primitive types, whose clone is a copy. `dst.len() == src.len()`, a multiple of `N`.
#[inline(always)]
pub(super) fn units_reversed_flat<A: Clone, const N: usize, const L: usize>(
    src: &[A],
    dst: &mut [MaybeUninit<A>],
) {
    debug_assert_eq!(src.len(), dst.len());
    debug_assert_eq!(L % N, 0);
    let blocks = src.rchunks_exact(L);
    let front = blocks.remainder();
    let (dst_blocks, dst_back) = dst.split_at_mut(src.len() - front.len());
    for (d, s) in dst_blocks.chunks_exact_mut(L).zip(blocks) {
        // `s` is exactly `L` long (`rchunks_exact`), which LLVM sees: no bounds checks.
        let block: [A; L] = std::array::from_fn(|i| s[L - 1 - i].clone());
        for (d, unit) in d.chunks_exact_mut(N).zip(block.chunks_exact(N)) {
            for (slot, x) in d.iter_mut().zip(unit.iter().rev()) {
                slot.write(x.clone());
            }
        }
    }
    for (d, unit) in dst_back
        .chunks_exact_mut(N)
        .zip(front.chunks_exact(N).rev())
    {
        for (slot, x) in d.iter_mut().zip(unit) {
            slot.write(x.clone());
        }
    }
}

/// `K` source rows of units interleaved unit by unit: unit `j * K + k` of `dst` is unit `j` of
/// `sources[k]` (`space_to_depth`: an output row is block row `j` of each of the band's `K`
/// input rows in turn). `dst.len() == K * m` for sources of at least `m` units; a shorter
/// source panics before anything is written (never a skipped slot). Each unit is cloned as one
/// `[A; N]` (one move for `Copy` types). Always inlined, so that [`super::simd`]'s AVX2 build
/// of it is compiled with AVX2.
#[inline(always)]
pub(super) fn interleave<A: Clone, const N: usize, const K: usize>(
    sources: [&[[A; N]]; K],
    dst: &mut [MaybeUninit<[A; N]>],
) {
    let m = dst.len() / K;
    // Each exactly `m` long, seen by LLVM: no bounds check in the loop.
    let sources: [&[[A; N]]; K] = std::array::from_fn(|k| &sources[k][..m]);
    for (j, d) in dst.chunks_exact_mut(K).enumerate() {
        for (slot, source) in d.iter_mut().zip(&sources) {
            slot.write(source[j].clone());
        }
    }
}

/// [`interleave`] for any number of sources (`sources.len()` of them, at least one).
#[inline]
pub(super) fn interleave_any<A: Clone, const N: usize>(
    sources: &[&[[A; N]]],
    dst: &mut [MaybeUninit<[A; N]>],
) {
    let k = sources.len().max(1);
    let m = dst.len() / k;
    assert!(
        sources.iter().all(|s| s.len() >= m),
        "a source of interleave_any"
    );
    for (j, d) in dst.chunks_exact_mut(k).enumerate() {
        for (slot, source) in d.iter_mut().zip(sources) {
            slot.write(source[j].clone());
        }
    }
}

/// The inverse of [`interleave`]: `units` is rounds of `P` units, and `dst` is `P` planes of
/// `dst.len() / P` units each, plane `p` taking unit `p` of every round (`depth_to_space`: the
/// output rows of a band are unit `p` of every pixel of its input row). One pass over the
/// rounds; `units` needs at least `dst.len()` units (fewer panics before anything is written).
#[inline]
pub(super) fn deinterleave<A: Clone, const N: usize, const P: usize>(
    units: &[[A; N]],
    dst: &mut [MaybeUninit<[A; N]>],
) {
    let m = dst.len() / P;
    let units = &units[..m * P];
    let mut planes = dst.chunks_exact_mut(m.max(1));
    // Each exactly `m` long, seen by LLVM: no bounds check in the loop.
    let mut planes: [&mut [MaybeUninit<[A; N]>]; P] =
        std::array::from_fn(|_| planes.next().map_or(&mut [][..], |p| &mut p[..m]));
    for (j, round) in units.chunks_exact(P).enumerate() {
        for (plane, x) in planes.iter_mut().zip(round) {
            plane[j].write(x.clone());
        }
    }
}

/// [`interleave`] with units of `n` elements, `n` known only at run time (`sources[k]` is
/// units of `n` elements, `dst` `sources.len()` units per round).
#[inline]
pub(super) fn interleave_runtime<A: Clone>(n: usize, sources: &[&[A]], dst: &mut [MaybeUninit<A>]) {
    let (n, k) = (n.max(1), sources.len().max(1));
    let m = dst.len() / (k * n);
    assert!(
        sources.iter().all(|s| s.len() >= m * n),
        "a source of interleave_runtime"
    );
    for (j, d) in dst.chunks_exact_mut(k * n).enumerate() {
        for (part, source) in d.chunks_exact_mut(n).zip(sources) {
            for (slot, x) in part.iter_mut().zip(&source[j * n..j * n + n]) {
                slot.write(x.clone());
            }
        }
    }
}
