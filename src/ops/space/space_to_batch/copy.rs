//! The two rearrangements. Each writes its output in C order, a run of `inner` contiguous
//! elements at a time (a whole row where the block is 1), reading a C-order input.
//!
//! Every index below is bounded by a length the plan checked: positions in the input by the
//! input's length, run counts by the output's (non-zero, so at most `isize::MAX`) length. A slice
//! that is nonetheless out of range is skipped, and the caller's shape check turns the short
//! output into `Error::Internal` rather than a panic.

use std::iter::repeat_n;

use super::plan::{Plan, SpatialDim};

/// `input[start..start + len]`, if it is there.
fn run<A>(input: &[A], start: usize, len: usize) -> Option<&[A]> {
    input.get(start..start.checked_add(len)?)
}

/// Appends the runs of `inner` elements of `input` starting at each of `starts`.
///
/// Channel counts are small (NHWC's depth is often 1 to 4), and a copy of a run whose length is
/// known only at run time is a `memcpy` call: for the usual lengths the length is made a
/// constant, so each run becomes a few moves (about 1.5x faster on 4-element runs).
fn gather<A: Clone>(
    out: &mut Vec<A>,
    input: &[A],
    inner: usize,
    starts: impl Iterator<Item = usize>,
) {
    match inner {
        1 => gather_fixed::<A, 1>(out, input, starts),
        2 => gather_fixed::<A, 2>(out, input, starts),
        3 => gather_fixed::<A, 3>(out, input, starts),
        4 => gather_fixed::<A, 4>(out, input, starts),
        8 => gather_fixed::<A, 8>(out, input, starts),
        _ => {
            for start in starts {
                if let Some(r) = run(input, start, inner) {
                    out.extend_from_slice(r);
                }
            }
        }
    }
}

fn gather_fixed<A: Clone, const R: usize>(
    out: &mut Vec<A>,
    input: &[A],
    starts: impl Iterator<Item = usize>,
) {
    for start in starts {
        if let Some(r) = run(input, start, R) {
            out.extend_from_slice(r);
        }
    }
}

/// `inner * prod(size(d) for the dims after each one)`, per dim: how far one step of each dim
/// moves in a C-order layout, and (first) how far one step of the batch moves.
fn strides(plan: &Plan, size: impl Fn(&SpatialDim) -> usize) -> (usize, Vec<usize>) {
    let mut strides = vec![0; plan.dims.len()];
    let mut stride = plan.inner;
    for (slot, d) in strides.iter_mut().zip(&plan.dims).rev() {
        *slot = stride;
        stride = stride.saturating_mul(size(d));
    }
    (stride, strides)
}

/// `SpaceToBatchND`: `input` in the space layout, `len` the output's element count, `out` an
/// empty vector with room for them (reserved fallibly by the caller).
pub(crate) fn space_to_batch<A: Clone + Default>(
    input: &[A],
    plan: &Plan,
    len: usize,
    mut out: Vec<A>,
) -> Vec<A> {
    if len == 0 || plan.inner == 0 {
        return out;
    }
    let (batch_stride, space_strides) = strides(plan, |d| d.space);
    let (_, grid_runs) = strides(plan, |d| d.grid);
    let levels = plan.dims.iter().zip(space_strides).zip(grid_runs);
    let mut walk = SpaceToBatch {
        input,
        inner: plan.inner,
        levels: levels
            .map(|((&dim, stride), grid_run)| Level {
                dim,
                stride,
                grid_run,
                offset: 0,
            })
            .collect(),
        out: &mut out,
    };
    // The output batch is (block offsets, batch), offsets outermost, the last dim's fastest.
    let blocks = plan.dims.iter().map(|d| d.block).product::<usize>();
    for flat in 0..blocks {
        let mut rest = flat;
        for l in walk.levels.iter_mut().rev() {
            l.offset = rest % l.dim.block;
            rest /= l.dim.block;
        }
        for n in 0..plan.batch {
            walk.level(0, n * batch_stride);
        }
    }
    out
}

/// A moving spatial dim as `space_to_batch` walks it.
#[derive(Clone, Copy)]
struct Level {
    dim: SpatialDim,
    /// Input elements per space position.
    stride: usize,
    /// Output elements per grid position.
    grid_run: usize,
    /// The block offset of this dim in the output batch being written.
    offset: usize,
}

struct SpaceToBatch<'a, A> {
    input: &'a [A],
    inner: usize,
    levels: Vec<Level>,
    out: &'a mut Vec<A>,
}

impl<A: Clone + Default> SpaceToBatch<'_, A> {
    /// Writes the output below `level`, reading the input below offset `base`.
    fn level(&mut self, level: usize, base: usize) {
        let inner = self.inner;
        let Some(&Level {
            dim: d,
            stride,
            grid_run,
            offset: o,
        }) = self.levels.get(level)
        else {
            // No spatial dim moves: the element run is copied whole.
            if let Some(r) = run(self.input, base, inner) {
                self.out.extend_from_slice(r);
            }
            return;
        };
        // Grid positions y whose padded position y * block + o is in the input: [lo, hi).
        let lo = d.start.saturating_sub(o).div_ceil(d.block).min(d.grid);
        let hi = (d.start + d.space)
            .saturating_sub(o)
            .div_ceil(d.block)
            .clamp(lo, d.grid);
        self.zeros(lo * grid_run);
        // The input position of grid position lo.
        let first = lo * d.block + o - d.start;
        if level + 1 < self.levels.len() {
            for i in 0..hi - lo {
                self.level(level + 1, base + (first + i * d.block) * stride);
            }
        } else if let Some(row) = run(self.input, base, d.space * inner) {
            // The innermost moving dim: its runs are `block` runs apart in the input.
            if d.block == 1 {
                if let Some(r) = run(row, first * inner, (hi - lo) * inner) {
                    self.out.extend_from_slice(r);
                }
            } else {
                let step = d.block * inner;
                let starts = (0..hi - lo).map(|i| (first * inner) + i * step);
                gather(self.out, row, inner, starts);
            }
        }
        self.zeros((d.grid - hi) * grid_run);
    }

    fn zeros(&mut self, n: usize) {
        self.out.extend(repeat_n(A::default(), n));
    }
}

/// `BatchToSpaceND`: `input` in the batch layout, `len` the output's element count, `out` an
/// empty vector with room for them (reserved fallibly by the caller).
pub(crate) fn batch_to_space<A: Clone>(
    input: &[A],
    plan: &Plan,
    len: usize,
    mut out: Vec<A>,
) -> Vec<A> {
    if len == 0 || plan.inner == 0 {
        return out;
    }
    let (batch_stride, grid_strides) = strides(plan, |d| d.grid);
    let mut walk = BatchToSpace {
        input,
        inner: plan.inner,
        batch: plan.batch,
        batch_stride,
        levels: plan.dims.iter().copied().zip(grid_strides).collect(),
        n: 0,
        out: &mut out,
    };
    for n in 0..plan.batch {
        walk.n = n;
        walk.level(0, 0, 0);
    }
    out
}

struct BatchToSpace<'a, A> {
    input: &'a [A],
    inner: usize,
    /// The output batch size.
    batch: usize,
    /// Input elements per input batch.
    batch_stride: usize,
    /// Each moving dim, with the input elements per grid position.
    levels: Vec<(SpatialDim, usize)>,
    /// The output batch being written.
    n: usize,
    out: &'a mut Vec<A>,
}

impl<A: Clone> BatchToSpace<'_, A> {
    /// Writes the output below `level`; `blocks` is the flat block offset of the dims above
    /// (outermost first) and `base` their offset within an input batch.
    fn level(&mut self, level: usize, blocks: usize, base: usize) {
        let inner = self.inner;
        let Some(&(d, stride)) = self.levels.get(level) else {
            let start = (blocks * self.batch + self.n) * self.batch_stride + base;
            if let Some(r) = run(self.input, start, inner) {
                self.out.extend_from_slice(r);
            }
            return;
        };
        // Output position z is padded position w = z + start, grid position w / block, block
        // offset w % block: step both instead of dividing.
        let (mut y, mut o) = (d.start / d.block, d.start % d.block);
        if level + 1 == self.levels.len() {
            let (batch, n, batch_stride) = (self.batch, self.n, self.batch_stride);
            let starts = (0..d.space).map(|_| {
                let batch = (blocks * d.block + o) * batch + n;
                let start = batch * batch_stride + base + y * inner;
                o += 1;
                if o == d.block {
                    o = 0;
                    y += 1;
                }
                start
            });
            gather(self.out, self.input, inner, starts);
            return;
        }
        for _ in 0..d.space {
            self.level(level + 1, blocks * d.block + o, base + y * stride);
            o += 1;
            if o == d.block {
                o = 0;
                y += 1;
            }
        }
    }
}
