//! The copy engine's write side: a view's elements written over a strided region of an array
//! whose memory is one slice (slice assignment `x[sel] = v`, the gradient's scatter of `dy`),
//! in safe code.
//!
//! Why not ndarray's `assign`: it zips the two views and steps a multi-index per innermost
//! lane. With the 2- and 3-element runs of real shapes that per-lane work is the cost: YOLO's
//! `pred[..., 0:2] = xy` (16, 52, 52, 3, 85) took 2.2 ms through `assign` on an `Array5`,
//! 4.7 ms on an `ArrayD` (the crate's slice assignment hands ndarray an `ArrayD`: 5.4 ms;
//! pinned, best of 30), where reading the same boxes out (`pred[..., 0:2]` copied) takes 0.2 ms.
//!
//! Here both sides are positions in slices: the destination is the whole array's memory
//! (`as_slice_memory_order_mut`), the source the value's memory (or a C-order copy of it), each
//! view placed in its slice by a [`Region`] (its first element's position and its strides,
//! checked once to stay inside the slice). The loops are planned as the copy's are
//! ([`super::plan`]): length-1 axes dropped, each axis turned to walk the destination forwards
//! (the source turned with it), neighbours that continue each other in both merged. The
//! innermost loop is a slice copy for a run contiguous in both, a fixed-size copy of 1 to
//! [`SHORT`] elements inside the loop of the next outer axis for a short one, a fill for a
//! broadcast run, or element by element for other short runs; a long strided one is left to
//! ndarray's `assign` ([`Write::new`]). Every index is inside its slice (the regions were
//! checked); indexing still checks it, which costs a compare per run, not a panic.

use super::plan::SHORT;

/// Where a view's elements are in a slice: element `(i_0, .., i_k)` is at
/// `offset + sum(i_j * strides[j])`. Built by [`Region::of`], which checks that every element
/// is inside a slice of `len` elements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Region {
    offset: usize,
    strides: Vec<isize>,
    /// The slice length the region was checked against.
    len: usize,
}

impl Region {
    /// The region of a view of `shape` and `strides` (ndarray's, in elements) whose first
    /// element is at address `first`, inside the slice of `len` elements of `A` at address
    /// `start`; `None` where an element would fall outside it (or `A` is zero-sized, or the
    /// view is empty: nothing to place). Only addresses are compared; nothing is read.
    pub(crate) fn of<A>(
        start: usize,
        len: usize,
        first: usize,
        shape: &[usize],
        strides: &[isize],
    ) -> Option<Region> {
        let size = std::mem::size_of::<A>();
        if size == 0 || shape.contains(&0) || shape.len() != strides.len() {
            return None;
        }
        let bytes = first.checked_sub(start)?;
        if bytes % size != 0 {
            return None;
        }
        let offset = bytes / size;
        // The lowest and highest positions: each axis adds its extent on one side.
        let (mut low, mut high) = (offset as i128, offset as i128);
        for (&n, &s) in shape.iter().zip(strides) {
            let extent = (n as i128 - 1) * s as i128;
            if extent < 0 {
                low += extent;
            } else {
                high += extent;
            }
        }
        (low >= 0 && high < len as i128).then(|| Region {
            offset,
            strides: strides.to_vec(),
            len,
        })
    }
}

/// One loop of the write: `len` steps, `dst` elements through the destination and `src`
/// through the source each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Step {
    len: usize,
    dst: isize,
    src: isize,
}

/// A planned write of a source region's elements over a destination region's, element `i`
/// of one to element `i` of the other, for a common shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Write {
    steps: Vec<Step>,
    /// The first element's position on each side, after [`plan`]'s turns.
    dst: usize,
    src: usize,
    /// The slice lengths the regions were checked against.
    dst_len: usize,
    src_len: usize,
}

impl Write {
    /// The write of `from` over `to` for `shape`, or `None` where this engine would not be
    /// faster than ndarray's `assign` (the caller's fallback): an innermost run of more than
    /// [`SHORT`] elements that is neither contiguous on both sides nor a broadcast element.
    /// There ndarray's strided loop is as good as any safe one (`x[::-1, 1:63:2, ::-2] = v` of
    /// a 4 MiB array: 123 us by `assign`, 222 us indexing each element, 246 us by `step_by`,
    /// 314 us by chunks), and its per-lane work is spread over a long lane. Also `None` where
    /// the regions do not have `shape`'s rank.
    pub(crate) fn new(shape: &[usize], to: &Region, from: &Region) -> Option<Write> {
        if to.strides.len() != shape.len() || from.strides.len() != shape.len() {
            return None;
        }
        let (steps, dst, src) = plan(shape, to, from);
        if let Some(run) = steps.last() {
            let kernel = (run.dst, run.src);
            if run.len > SHORT && kernel != (1, 1) && kernel != (1, 0) {
                return None;
            }
        }
        Some(Write {
            steps,
            dst,
            src,
            dst_len: to.len,
            src_len: from.len,
        })
    }

    /// Writes every element of the destination region from the source's. `false`, with
    /// nothing written, where a slice is shorter than its region was checked against.
    pub(crate) fn run<A: Clone>(&self, dst: &mut [A], src: &[A]) -> bool {
        if dst.len() < self.dst_len || src.len() < self.src_len {
            return false;
        }
        walk(dst, self.dst, src, self.src, &self.steps);
        true
    }
}

/// The loops of the write and the first element's position on each side: length-1 axes
/// dropped, every destination stride made non-negative (an axis walked backwards in the
/// destination is walked forwards, from its other end, on both sides), and an outer step
/// merged into the next when both sides continue it.
fn plan(shape: &[usize], to: &Region, from: &Region) -> (Vec<Step>, usize, usize) {
    // Positions stay inside the checked regions, so none of this overflows; `isize` because
    // the source's strides may be negative.
    let (mut d, mut s) = (to.offset as isize, from.offset as isize);
    let mut steps: Vec<Step> = Vec::with_capacity(shape.len());
    for ((&len, &ds), &ss) in shape.iter().zip(&to.strides).zip(&from.strides) {
        if len == 1 {
            continue;
        }
        let (ds, ss) = if ds < 0 {
            let last = len as isize - 1;
            d += last * ds;
            s += last * ss;
            (-ds, -ss)
        } else {
            (ds, ss)
        };
        let n = len as isize;
        match steps.last_mut() {
            Some(outer)
                if Some(outer.dst) == ds.checked_mul(n) && Some(outer.src) == ss.checked_mul(n) =>
            {
                outer.len *= len;
                outer.dst = ds;
                outer.src = ss;
            }
            _ => steps.push(Step {
                len,
                dst: ds,
                src: ss,
            }),
        }
    }
    (steps, d as usize, s as usize)
}

/// Position `at + i * stride` (inside the region: see [`plan`]).
#[inline(always)]
fn at(base: usize, i: usize, stride: isize) -> usize {
    base.wrapping_add_signed((i as isize).wrapping_mul(stride))
}

/// The loops from `steps`, the innermost two by [`inner`].
fn walk<A: Clone>(dst: &mut [A], d: usize, src: &[A], s: usize, steps: &[Step]) {
    match *steps {
        [] => dst[d].clone_from(&src[s]),
        [run] => inner(dst, d, src, s, Step { len: 1, ..run }, run),
        [outer, run] => inner(dst, d, src, s, outer, run),
        [first, ..] => {
            for i in 0..first.len {
                walk(
                    dst,
                    at(d, i, first.dst),
                    src,
                    at(s, i, first.src),
                    &steps[1..],
                );
            }
        }
    }
}

/// The innermost loop `run` inside the loop `outer`: runs contiguous on both sides as slice
/// copies (fixed-size for 1 to [`SHORT`] elements), a broadcast source element as a fill,
/// other short runs element by element.
fn inner<A: Clone>(dst: &mut [A], d: usize, src: &[A], s: usize, outer: Step, run: Step) {
    match (run.len, run.dst, run.src) {
        (1, ..) => rows::<A, 1>(dst, d, src, s, outer),
        (2, 1, 1) => rows::<A, 2>(dst, d, src, s, outer),
        (3, 1, 1) => rows::<A, 3>(dst, d, src, s, outer),
        (4, 1, 1) => rows::<A, 4>(dst, d, src, s, outer),
        (n, 1, 1) => {
            for i in 0..outer.len {
                let (a, b) = (at(d, i, outer.dst), at(s, i, outer.src));
                dst[a..a + n].clone_from_slice(&src[b..b + n]);
            }
        }
        (n, 1, 0) => {
            for i in 0..outer.len {
                let (a, b) = (at(d, i, outer.dst), at(s, i, outer.src));
                dst[a..a + n].fill(src[b].clone());
            }
        }
        // Short (`Write::new` leaves long ones to ndarray).
        (n, ds, ss) => {
            for i in 0..outer.len {
                let (a, b) = (at(d, i, outer.dst), at(s, i, outer.src));
                for j in 0..n {
                    dst[at(a, j, ds)].clone_from(&src[at(b, j, ss)]);
                }
            }
        }
    }
}

/// Runs of `N` elements contiguous on both sides, one per step of `outer`: a fixed-size copy
/// each (two moves for an `f32` pair, not a loop).
#[inline(always)]
fn rows<A: Clone, const N: usize>(dst: &mut [A], d: usize, src: &[A], s: usize, outer: Step) {
    for i in 0..outer.len {
        let (a, b) = (at(d, i, outer.dst), at(s, i, outer.src));
        dst[a..a + N].clone_from_slice(&src[b..b + N]);
    }
}

#[cfg(test)]
#[path = "assign_tests.rs"]
mod tests;
