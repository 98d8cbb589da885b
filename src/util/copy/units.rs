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
#[inline]
pub(super) fn each_unit_reversed<A: Clone, const N: usize>(src: &[A], dst: &mut [MaybeUninit<A>]) {
    debug_assert_eq!(src.len(), dst.len());
    for (d, s) in dst.chunks_exact_mut(N).zip(src.chunks_exact(N)) {
        for (slot, x) in d.iter_mut().zip(s.iter().rev()) {
            slot.write(x.clone());
        }
    }
}

/// `src`'s units of `N` elements in reverse order, each unit kept forwards (a flipped width
/// axis of RGB pixels: `[p0, p1, p2]` -> `[p2, p1, p0]`). `dst.len() == src.len()`, a multiple
/// of `N`. Four units at a time as one `G = 4 * N` array, so the moves of a group are one
/// straight-line block LLVM can merge into wider loads and stores (measured on a (16, 224, 224, 3)
/// f32 flip: 1.2 ms one unit at a time, 0.75 ms four at a time, 0.48 ms for a `memcpy`).
#[inline]
pub(super) fn units_reversed<A: Clone, const N: usize, const G: usize>(
    src: &[A],
    dst: &mut [MaybeUninit<A>],
) {
    debug_assert_eq!(G, 4 * N);
    debug_assert_eq!(src.len(), dst.len());
    // The last group of the source is the first of the destination; what does not fill a
    // group is the source's front, which goes to the destination's back.
    let groups = src.rchunks_exact(G);
    let (src_front, dst_back) = (groups.remainder(), dst.len() - groups.remainder().len());
    let (dst_groups, dst_rest) = dst.split_at_mut(dst_back);
    for (d, s) in dst_groups.chunks_exact_mut(G).zip(groups) {
        for (i, slot) in d.iter_mut().enumerate() {
            // Unit i / N of the group comes from unit 3 - i / N of the source group.
            slot.write(s[(3 - i / N) * N + i % N].clone());
        }
    }
    for (d, s) in dst_rest
        .chunks_exact_mut(N)
        .zip(src_front.chunks_exact(N).rev())
    {
        for (slot, x) in d.iter_mut().zip(s) {
            slot.write(x.clone());
        }
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

/// The pixels [`planes`] copies per block.
const PLANE_BLOCK: usize = 64;
