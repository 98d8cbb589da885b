//! Which loops a copy runs: the view's axes in the destination's order (C order), with length-1
//! axes dropped and neighbours that are contiguous in both source and destination merged, and the
//! kernel chosen for the innermost ones. Pure arithmetic on the shape and strides; no element is
//! touched here.

/// One loop of the copy: `len` steps of `stride` elements through the source. The destination
/// is always written in order, so it needs no stride.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Step {
    pub(crate) len: usize,
    pub(crate) stride: isize,
}

/// How the innermost loop (the last [`Step`]) and, for short runs, the loop around it are copied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kernel {
    /// Nothing to copy: an axis of length 0.
    Empty,
    /// One element (rank 0, or every axis of length 1).
    One,
    /// The whole view is one contiguous run in C order: one slice copy.
    Contiguous,
    /// Runs of `SHORT < len <= ROW` contiguous elements (an image row of patches, a pixel of a
    /// deep feature map), one slice copy each inside the loop of the next outer axis, of a
    /// length fixed at compile time for the common ones.
    Rows(usize),
    /// Runs of `len > ROW` contiguous elements: one slice copy per run.
    Runs,
    /// Runs of `1..=SHORT` contiguous elements, copied as fixed-size chunks inside the loop of
    /// the next outer axis (a 2- or 3-element run is not a loop iteration of its own).
    ShortRuns(usize),
    /// Runs of `len > SHORT` elements walking memory backwards: a slice copied in reverse.
    Reversed,
    /// Runs of `2..=SHORT` elements walking memory backwards (`xy[..., ::-1]` of pairs): each
    /// unit read as one fixed-size array and written reversed; where the units follow each other
    /// forwards in memory, one pass over the whole source slice.
    ShortReversed(usize),
    /// Runs of `2..=SHORT` contiguous elements whose outer loop walks back by exactly one run
    /// (a flipped width axis of RGB pixels): the source is one slice of units, copied in reverse
    /// unit order, four units at a time.
    ReversedUnits(usize),
    /// A transpose of contiguous pixels of `2..=`[`PIXEL_PLANES`] channels into channel planes
    /// (NHWC to NCHW): the inner loop reads every `C`-th element and the outer loop is the `C`
    /// channels, one element apart. Each pixel read once, its channels written to the `C`
    /// planes. (One-byte pixels of 5 or 7 channels go to [`Kernel::Blocked`]'s tiles instead:
    /// `raw` decides, where the element type is known.)
    Planes(usize),
    /// Runs of `1..=SHORT` elements with any other stride (reversed, gapped, broadcast), as
    /// fixed-size chunks inside the loop of the next outer axis.
    ShortStrided(usize),
    /// `len > SHORT` copies of one element (a broadcast innermost axis).
    Repeat,
    /// `planes` (2 to [`MAX_PLANES`]) source rows of whole units of `unit` (2 to [`ROW`])
    /// contiguous elements, interleaved unit by unit (`space_to_depth`: an output row takes
    /// block row `j` of each of the band's input rows in turn): the steps `(M, unit)`,
    /// `(planes, any)`, `(unit, 1)`. Each output row is one call over `M * planes` units,
    /// instead of one call per `planes` units. Also units of 1 element from 2 to [`SHORT`]
    /// planes (NCHW to NHWC: the unit's step of one is added to the plan's steps).
    Interleave { unit: usize, planes: usize },
    /// The inverse: a source row of `M` units of `planes * unit` elements cut into `planes`
    /// output rows of `M` units of `unit` (`depth_to_space`: output row `di` takes the `di`-th
    /// part of every pixel's depth): the steps `(planes, unit)`, `(M, planes * unit)`,
    /// `(unit, 1)`. [`Kernel::Planes`] is the same for units of one element.
    Deinterleave { unit: usize, planes: usize },
    /// A transpose: `len > SHORT` elements at a stride of 2 or more, inside an outer loop whose
    /// stride is smaller (NHWC to NCHW: the width loop reads every 3rd element, the channel loop
    /// around it steps by 1). Copied in blocks of [`BLOCK`] columns for all the outer loop's rows
    /// at once, so what one row reads is still in cache for the next, instead of one full pass
    /// over the source per row. Where the rows are one element apart (NHWC <-> NCHW of more
    /// than 4 channels) and the elements plain primitives, tile transposes instead
    /// ([`super::transpose`]: SSE2 for 1 and 2 bytes, AVX2 for 4 and 8).
    Blocked,
    /// `len > SHORT` elements at any other stride (a gap, or a permuted axis), one at a time.
    Strided,
}

/// Runs up to this long get the fixed-size kernels.
pub(crate) const SHORT: usize = 4;

/// The most channels of a pixel [`Kernel::Planes`] takes (more go to [`Kernel::Blocked`]'s tile
/// transposes). NHWC -> NCHW of 5 to 7 channels by the tiles, whose 4×4 tiles overlap there,
/// then by the planes' loop (Intel Xeon family 6 model 207, 4096-pixel images, ~10 MB, pinned,
/// best of 6 × 9 calls, the two in alternating processes, ratio to a `memcpy`): `f32`
/// 1.31-1.59x -> 1.05-1.10x, `u16` 1.59-2.17x -> 1.27-1.50x, `u8` 6 channels 2.72-3.35x ->
/// 1.28-1.51x; `u8` 5 and 7 channels 3.0-4.3x -> 2.5-3.4x and 2.4-2.9x -> 2.6-3.5x, so those
/// two keep the tiles.
pub(crate) const PIXEL_PLANES: usize = 7;

/// Contiguous runs up to this long are copied inside the loop of the next outer axis.
pub(crate) const ROW: usize = 64;

/// The most source rows [`Kernel::Interleave`] reads at once (and output rows
/// [`Kernel::Deinterleave`] writes): a block size of `space_to_depth` up to 8; more streams
/// than that would not stay in L1 together.
pub(crate) const MAX_PLANES: usize = 8;

/// The columns [`Kernel::Blocked`] copies per row before moving to the next row: 256 source
/// cache lines at most, which stay in L1 from one row to the next.
pub(crate) const BLOCK: usize = 256;

/// The loops copying a view of `shape` and `strides` (element strides, ndarray's) into a C-order
/// destination, outermost first, and the kernel for the innermost ones.
///
/// Merging: an outer step `(m, t)` followed by `(n, s)` is one step `(m * n, s)` when `t == s * n`,
/// i.e. when the outer axis continues the inner one in the source as it does in the destination.
/// A broadcast pair (`t == s == 0`) merges too. Lengths multiply without overflow: the callers
/// have checked that the destination's element count fits (`check_size`).
pub(crate) fn plan(shape: &[usize], strides: &[isize]) -> (Vec<Step>, Kernel) {
    if shape.contains(&0) {
        return (Vec::new(), Kernel::Empty);
    }
    let mut steps: Vec<Step> = Vec::with_capacity(shape.len());
    for (&len, &stride) in shape.iter().zip(strides) {
        if len == 1 {
            continue;
        }
        match steps.last_mut() {
            Some(last) if Some(last.stride) == stride.checked_mul(len as isize) => {
                last.len = last.len.saturating_mul(len);
                last.stride = stride;
            }
            _ => steps.push(Step { len, stride }),
        }
    }
    let kernel = match *steps.as_slice() {
        [] => Kernel::One,
        [Step { stride: 1, .. }] => Kernel::Contiguous,
        [.., outer, Step { len, stride: 1 }] if len <= SHORT && outer.stride == -(len as isize) => {
            Kernel::ReversedUnits(len)
        }
        [.., planes, rows, Step { len, stride: 1 }]
            if (2..=ROW).contains(&len)
                && planes.stride == len as isize
                && planes.len <= MAX_PLANES
                && Some(rows.stride) == (len as isize).checked_mul(planes.len as isize) =>
        {
            Kernel::Deinterleave {
                unit: len,
                planes: planes.len,
            }
        }
        [.., rows, planes, Step { len, stride: 1 }]
            if (2..=ROW).contains(&len)
                && rows.stride == len as isize
                && planes.len <= MAX_PLANES =>
        {
            Kernel::Interleave {
                unit: len,
                planes: planes.len,
            }
        }
        [.., Step { len, stride: 1 }] if len <= SHORT => Kernel::ShortRuns(len),
        [.., Step { len, stride: 1 }] if len <= ROW => Kernel::Rows(len),
        [.., Step { stride: 1, .. }] => Kernel::Runs,
        // Planes to pixels (NCHW to NHWC of 2 to 4 channels): an interleave of units of one
        // element, so one-byte images take the byte gathers (other types copy each pixel as
        // before, `short_strided`). The unit's loop of one is put back below for the kernel.
        [.., rows, planes]
            if rows.stride == 1 && (2..=SHORT).contains(&planes.len) && planes.stride != 0 =>
        {
            Kernel::Interleave {
                unit: 1,
                planes: planes.len,
            }
        }
        [.., Step { len, stride: -1 }] if len <= SHORT => Kernel::ShortReversed(len),
        [.., Step { len, .. }] if len <= SHORT => Kernel::ShortStrided(len),
        [.., outer, inner]
            if outer.stride == 1
                && (2..=PIXEL_PLANES).contains(&outer.len)
                && inner.stride == outer.len as isize =>
        {
            Kernel::Planes(outer.len)
        }
        [.., outer, inner]
            if inner.stride.unsigned_abs() > 1
                && outer.stride != 0
                && outer.stride.unsigned_abs() < inner.stride.unsigned_abs() =>
        {
            Kernel::Blocked
        }
        [.., Step { stride: -1, .. }] => Kernel::Reversed,
        [.., Step { stride: 0, .. }] => Kernel::Repeat,
        [.., _] => Kernel::Strided,
    };
    if let Kernel::Interleave { unit: 1, .. } = kernel {
        steps.push(Step { len: 1, stride: 1 });
    }
    (steps, kernel)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(len: usize, stride: isize) -> Step {
        Step { len, stride }
    }

    #[test]
    fn merges_what_is_contiguous_in_both() {
        // A C-order (2, 3, 4): one run.
        assert_eq!(
            plan(&[2, 3, 4], &[12, 4, 1]),
            (vec![s(24, 1)], Kernel::Contiguous)
        );
        // YOLO's pred[..., 0:2]: the outer axes merge, the 2-element boxes stay.
        assert_eq!(
            plan(&[16, 52, 52, 3, 2], &[689520, 13260, 255, 85, 1]),
            (vec![s(129792, 85), s(2, 1)], Kernel::ShortRuns(2))
        );
        // xy[::-1]: 16 reversed blocks of 16224 contiguous elements.
        assert_eq!(
            plan(&[16, 52, 52, 3, 2], &[-16224, 312, 6, 2, 1]),
            (vec![s(16, -16224), s(16224, 1)], Kernel::Runs)
        );
        // xy[..., ::-1]: reversed pairs.
        assert_eq!(
            plan(&[16, 52, 52, 3, 2], &[16224, 312, 6, 2, -1]),
            (vec![s(129792, 2), s(2, -1)], Kernel::ShortReversed(2))
        );
        // NHWC -> NCHW: H and W merge, C is the outer of the two long loops.
        assert_eq!(
            plan(&[16, 3, 224, 224], &[150528, 1, 672, 3]),
            (vec![s(16, 150528), s(3, 1), s(50176, 3)], Kernel::Planes(3))
        );
        // The W flip x[:, :, ::-1] of NHWC: rows of pixels in reverse order.
        assert_eq!(
            plan(&[16, 224, 224, 3], &[150528, 672, -3, 1]),
            (
                vec![s(3584, 672), s(224, -3), s(3, 1)],
                Kernel::ReversedUnits(3)
            )
        );
        // Two of five channels transposed: not whole pixels, so the blocked transpose.
        assert_eq!(
            plan(&[2, 300], &[1, 5]),
            (vec![s(2, 1), s(300, 5)], Kernel::Blocked)
        );
        // space_to_depth 2 of (16, 224, 224, 3): output rows of 112 units of 6 (a block row),
        // taken in turn from the band's two input rows (672 apart).
        assert_eq!(
            plan(&[16, 112, 112, 2, 6], &[150528, 1344, 6, 672, 1]),
            (
                vec![s(1792, 1344), s(112, 6), s(2, 672), s(6, 1)],
                Kernel::Interleave { unit: 6, planes: 2 }
            )
        );
        // depth_to_space 2 of (16, 112, 112, 12): each input row's pixels cut into two output
        // rows of their first and second 6 depth values.
        assert_eq!(
            plan(&[16, 112, 2, 112, 6], &[150528, 1344, 6, 12, 1]),
            (
                vec![s(1792, 1344), s(2, 6), s(112, 12), s(6, 1)],
                Kernel::Deinterleave { unit: 6, planes: 2 }
            )
        );
        // Block 4 of RGB: units of 12 from four rows; nine rows are too many streams.
        assert_eq!(
            plan(&[8, 56, 4, 12], &[2688, 12, 672, 1]).1,
            Kernel::Interleave {
                unit: 12,
                planes: 4
            }
        );
        assert_eq!(
            plan(&[8, 56, 9, 12], &[6048, 12, 672, 1]).1,
            Kernel::Rows(12)
        );
        // A reversed 1-D run, a broadcast row, one element, nothing.
        assert_eq!(plan(&[9], &[-1]), (vec![s(9, -1)], Kernel::Reversed));
        assert_eq!(plan(&[3, 9], &[0, 0]), (vec![s(27, 0)], Kernel::Repeat));
        assert_eq!(plan(&[1, 1], &[5, 7]), (vec![], Kernel::One));
        assert_eq!(plan(&[], &[]), (vec![], Kernel::One));
        assert_eq!(plan(&[3, 0], &[1, 1]), (vec![], Kernel::Empty));
    }
}
