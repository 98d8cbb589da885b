//! The engine against the element-by-element copy (`view.iter()`, ndarray's logical order) on
//! every kernel, for random shapes, strides (negative, broadcast, gapped) and axis orders.

use ndarray::{ArrayD, ArrayView, Axis, IxDyn, Slice, s};
use proptest::prelude::*;

use super::*;

fn naive<A: Clone, D: Dimension>(view: &ArrayView<'_, A, D>) -> Vec<A> {
    view.iter().cloned().collect()
}

fn engine<A: Clone, D: Dimension>(view: &ArrayView<'_, A, D>) -> Vec<A> {
    // Leave something in front: the engine appends.
    let mut out = Vec::new();
    extend_c_order(&mut out, view);
    out
}

fn check<A: Clone + PartialEq + std::fmt::Debug, D: Dimension>(view: &ArrayView<'_, A, D>) {
    let want = naive(view);
    let what = format!("shape {:?} strides {:?}", view.shape(), view.strides());
    assert_eq!(engine(view), want, "{what}");
    // Twice into one Vec: the engine appends after what is there (and reserves if need be).
    let mut out = Vec::new();
    extend_c_order(&mut out, view);
    extend_c_order(&mut out, view);
    assert_eq!(out.len(), 2 * want.len(), "{what}");
    assert!(
        out[..want.len()] == want[..] && out[want.len()..] == want[..],
        "{what}"
    );
}

fn base(shape: &[usize]) -> ArrayD<u32> {
    let n: usize = shape.iter().product();
    ArrayD::from_shape_vec(IxDyn(shape), (0..n as u32).collect()).unwrap()
}

#[test]
fn every_kernel_is_hit_and_right() {
    let x = base(&[4, 5, 6, 7]);
    let v = x.view();
    let row = v.slice(s![1, .., .., ..;2]);
    let b = base(&[3]);
    let (a35x24, a10x84) = (base(&[35, 24]), base(&[10, 84]));
    let (a20x6x7, a70x12) = (base(&[20, 6, 7]), base(&[70, 12]));
    // Past one block of columns: 600 and 700 rows of 3 and 9.
    let (tall, wide) = (base(&[600, 3]), base(&[700, 9]));
    // Pixels of 4 and of 5 channels (two of them taken): rows one element apart.
    let (rgba, five) = (base(&[300, 4]), base(&[300, 5]));
    // Runs past 1 KiB (300 u32), which are a slice copy each rather than one flat pass.
    let long_runs = base(&[3, 300]);
    // Units of 2, 3 and 4 elements: (x, y) pairs, RGB pixels, RGBA pixels.
    let (pairs, triples, quads) = (base(&[3, 5, 2]), base(&[9, 3]), base(&[13, 4]));
    let (pixels, wide2) = (base(&[2, 150, 3]), base(&[130, 2]));
    let (bv, brev, bcol) = (b.view(), b.slice(s![..;-1]), b.view().insert_axis(Axis(1)));
    // Strided runs under a broadcast loop: of one row, and of every third row.
    let bstrided = a10x84.slice(s![3, 1..;9]);
    let bgapped = a10x84.slice(s![..;3, 2..;-7]).insert_axis(Axis(1));
    // Long contiguous runs under a broadcast loop: of one row, and of every row.
    let (brow, bruns) = (
        long_runs.slice(s![1..2, ..]),
        long_runs.view().insert_axis(Axis(1)),
    );
    let cases: Vec<(ArrayView<'_, u32, IxDyn>, Kernel)> = vec![
        (v.slice(s![.., 2..2, .., ..]).into_dyn(), Kernel::Empty),
        // One element is always a slice; Kernel::One is for raw callers.
        (v.slice(s![1..2, 3, 4..5, 6]).into_dyn(), Kernel::Contiguous),
        (v.slice(s![1, .., .., ..]).into_dyn(), Kernel::Contiguous),
        (v.slice(s![..;-1, .., .., 1..7]).into_dyn(), Kernel::Rows(6)),
        (a35x24.slice(s![.., ..16]).into_dyn(), Kernel::Rows(16)),
        (a10x84.slice(s![.., 1..65]).into_dyn(), Kernel::Rows(64)),
        (a10x84.slice(s![.., 1..49]).into_dyn(), Kernel::Rows(48)),
        (v.slice(s![..;-1, .., .., ..]).into_dyn(), Kernel::Runs),
        (long_runs.slice(s![..;-1, ..]).into_dyn(), Kernel::Runs),
        (a20x6x7.slice(s![.., 1.., ..]).into_dyn(), Kernel::Rows(35)),
        (a70x12.slice(s![..;2, ..]).into_dyn(), Kernel::Rows(12)),
        (a35x24.slice(s![..;-1, ..]).into_dyn(), Kernel::Rows(24)),
        (
            v.slice(s![.., .., ..;-1, 1..5]).into_dyn(),
            Kernel::ShortRuns(4),
        ),
        (
            v.slice(s![.., .., .., 0..3]).into_dyn(),
            Kernel::ShortRuns(3),
        ),
        (
            v.slice(s![.., .., .., 5..7]).into_dyn(),
            Kernel::ShortRuns(2),
        ),
        // A run of 1 is no axis at all: the column is a strided loop.
        (v.slice(s![.., ..;2, .., 4..5]).into_dyn(), Kernel::Strided),
        (v.slice(s![.., .., .., ..;-1]).into_dyn(), Kernel::Reversed),
        (
            v.slice(s![.., .., .., 0..2;-1]).into_dyn(),
            Kernel::ShortReversed(2),
        ),
        (
            v.slice(s![.., .., .., ..;3]).into_dyn(),
            Kernel::ShortStrided(3),
        ),
        (
            v.slice(s![1, 2, 3, ..;-2]).into_dyn(),
            Kernel::ShortStrided(4),
        ),
        (
            v.slice(s![.., .., .., ..;2]).into_dyn(),
            Kernel::ShortStrided(4),
        ),
        (row.t().into_dyn(), Kernel::Blocked),
        // Pixels of 7 channels to planes (`plan::PIXEL_PLANES`); of 12, the transpose.
        (
            x.view().permuted_axes(IxDyn(&[0, 3, 1, 2])),
            Kernel::Planes(7),
        ),
        (a70x12.t().into_dyn(), Kernel::Blocked),
        (a10x84.t().into_dyn(), Kernel::Blocked),
        (
            a20x6x7.slice(s![.., 0, ..]).reversed_axes().into_dyn(),
            Kernel::Blocked,
        ),
        (tall.t().into_dyn(), Kernel::Planes(3)),
        (rgba.t().into_dyn(), Kernel::Planes(4)),
        (
            five.slice(s![.., 1..3]).reversed_axes().into_dyn(),
            Kernel::Blocked,
        ),
        (
            five.slice(s![..;-1, 1..5]).reversed_axes().into_dyn(),
            Kernel::Blocked,
        ),
        (
            tall.slice(s![..;-1, ..;-1]).reversed_axes().into_dyn(),
            Kernel::Blocked,
        ),
        (
            wide.slice(s![..;-1, ..;-2]).reversed_axes().into_dyn(),
            Kernel::Blocked,
        ),
        // An outer loop with a larger stride: no transpose, one strided pass per row.
        (a70x12.slice(s![..;5, 1..10;2]).into_dyn(), Kernel::Strided),
        (
            wide.slice(s![..;2, ..])
                .reversed_axes()
                .slice_move(s![.., ..;60])
                .into_dyn(),
            Kernel::Blocked,
        ),
        (a10x84.slice(s![.., 1..;9]).into_dyn(), Kernel::Strided),
        // A broadcast loop of strided runs: one run read, then copied from the destination.
        (
            bstrided.broadcast((4, 10)).unwrap().into_dyn(),
            Kernel::Strided,
        ),
        (
            bgapped.broadcast((4, 3, 12)).unwrap().into_dyn(),
            Kernel::Strided,
        ),
        // Broadcast loops of contiguous runs (long ones): one run read, then copied from the
        // destination in doubling runs, past the cap on a run (16 KiB: 13 runs of 1200 bytes).
        (brow.broadcast((70, 300)).unwrap().into_dyn(), Kernel::Runs),
        (
            bruns.broadcast((3, 40, 300)).unwrap().into_dyn(),
            Kernel::Runs,
        ),
        (bcol.broadcast((3, 9)).unwrap().into_dyn(), Kernel::Repeat),
        (
            bv.broadcast((2, 5, 3)).unwrap().into_dyn(),
            Kernel::ShortRuns(3),
        ),
        (
            brev.broadcast((6, 3)).unwrap().into_dyn(),
            Kernel::ShortReversed(3),
        ),
        (brev.into_dyn(), Kernel::ShortReversed(3)),
        // Pairs, triples and quads reversed in place, the units one after another in memory.
        (
            pairs.slice(s![.., .., ..;-1]).into_dyn(),
            Kernel::ShortReversed(2),
        ),
        (
            triples.slice(s![.., ..;-1]).into_dyn(),
            Kernel::ShortReversed(3),
        ),
        (
            quads.slice(s![.., ..;-1]).into_dyn(),
            Kernel::ShortReversed(4),
        ),
        // Units in reverse order (a flipped width axis), with and without a partial group.
        (
            pixels.slice(s![.., ..;-1, ..]).into_dyn(),
            Kernel::ReversedUnits(3),
        ),
        (
            pairs.slice(s![.., ..;-1, ..]).into_dyn(),
            Kernel::ReversedUnits(2),
        ),
        (
            quads.slice(s![..;-1, ..]).into_dyn(),
            Kernel::ReversedUnits(4),
        ),
        (
            triples.slice(s![..;-1, ..]).into_dyn(),
            Kernel::ReversedUnits(3),
        ),
        (
            pixels.slice(s![..;-1, ..;-1, ..]).into_dyn(),
            Kernel::ReversedUnits(3),
        ),
        // Channel planes: past one block of pixels, and a partial one.
        (
            pixels.view().permuted_axes(IxDyn(&[0, 2, 1])).into_dyn(),
            Kernel::Planes(3),
        ),
        (wide2.t().into_dyn(), Kernel::Planes(2)),
        (
            pixels
                .slice(s![..;-1, .., ..])
                .permuted_axes([0, 2, 1])
                .into_dyn(),
            Kernel::Planes(3),
        ),
    ];
    for (view, kernel) in &cases {
        assert_eq!(
            kernel_of(view),
            *kernel,
            "shape {:?} strides {:?}",
            view.shape(),
            view.strides()
        );
        check(view);
    }
}

#[test]
fn clone_types_and_fixed_dimensions() {
    let x = ndarray::Array3::from_shape_fn((3, 5, 9), |(i, j, k)| format!("{i}{j}{k}"));
    assert_eq!(
        kernel_of(&x.view().permuted_axes([0, 2, 1])),
        Kernel::Blocked
    );
    for view in [
        x.slice(s![..;-1, .., 1..3]),
        x.slice(s![.., ..;-2, ..;-1]),
        x.view().reversed_axes(),
        x.slice(s![.., .., ..]),
        x.view().permuted_axes([1, 2, 0]),
        x.view().permuted_axes([0, 2, 1]),
    ] {
        check(&view);
    }
}

/// A view of a C-order array of `shape`: axes permuted by `perm`, each sliced by its
/// `(start, end, step)` (fractions of the axis), then broadcast to `extra` new leading axes and
/// any length-1 axis stretched.
fn arrange(
    shape: &[usize],
    perm: &[usize],
    slices: &[(usize, usize, isize)],
    stretch: &[usize],
    extra: &[usize],
) -> (ArrayD<u32>, Vec<usize>, Vec<Slice>, Vec<usize>) {
    let x = base(shape);
    let mut order: Vec<usize> = (0..shape.len()).collect();
    for (i, &p) in perm.iter().enumerate().take(shape.len()) {
        order.swap(i, p % shape.len().max(1));
    }
    let sl: Vec<Slice> = order
        .iter()
        .zip(slices)
        .map(|(&axis, &(a, b, step))| {
            let n = shape[axis];
            let (lo, hi) = ((a % (n + 1)), (b % (n + 1)));
            let (lo, hi) = (lo.min(hi), lo.max(hi));
            Slice::new(lo as isize, Some(hi as isize), step)
        })
        .collect();
    let mut target: Vec<usize> = extra.to_vec();
    target.extend(order.iter().enumerate().map(|(i, &axis)| {
        let len = sl[i].end.unwrap_or(0) - sl[i].start;
        let len = (len.max(0) as usize).div_ceil(sl[i].step.unsigned_abs());
        let _ = axis;
        if len == 1 {
            stretch.get(i).copied().unwrap_or(1)
        } else {
            len
        }
    }));
    (x, order, sl, target)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]
    #[test]
    fn engine_equals_the_element_by_element_copy(
        shape in prop::collection::vec(0usize..7, 0..=6),
        perm in prop::collection::vec(0usize..6, 6),
        slices in prop::collection::vec(
            (0usize..8, 0usize..8, prop::sample::select(vec![1isize, 1, 1, -1, -1, 2, -2, 3, -3])),
            6,
        ),
        stretch in prop::collection::vec(prop::sample::select(vec![1usize, 1, 2, 3, 5, 6]), 6),
        extra in prop::collection::vec(0usize..4, 0..=1),
    ) {
        let (x, order, sl, target) = arrange(&shape, &perm, &slices, &stretch, &extra);
        let mut view = x.view().permuted_axes(IxDyn(&order));
        for (i, s) in sl.iter().enumerate() {
            view.slice_axis_inplace(Axis(i), *s);
        }
        if let Some(b) = view.broadcast(IxDyn(&target)) {
            check(&b);
        }
        check(&view);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    /// The fixed-size unit kernels on random unit sizes, unit counts (full and partial groups
    /// and blocks) and outer strides: each hit, each equal to the element-by-element copy.
    #[test]
    fn unit_kernels_on_random_shapes(
        outer in 1usize..4,
        count in 1usize..200,
        n in 2usize..=4,
        step in prop::sample::select(vec![1isize, 2, -1, -2]),
    ) {
        let x = base(&[outer, count, n]);
        let flip = x.slice(s![..;step, ..;-1, ..]);
        let swap = x.slice(s![..;step, .., ..;-1]);
        let planes = x.slice(s![..;step, .., ..]).permuted_axes([0, 2, 1]);
        // One unit per row: the axes merge into other kernels (checked, not asserted).
        if count > 1 {
            prop_assert_eq!(kernel_of(&flip), Kernel::ReversedUnits(n));
            prop_assert_eq!(kernel_of(&swap), Kernel::ShortReversed(n));
        }
        if count > plan::SHORT {
            prop_assert_eq!(kernel_of(&planes), Kernel::Planes(n));
        }
        check(&flip);
        check(&swap);
        check(&planes);
        // One-byte elements: `Planes` takes its eight-pixels-at-a-time path.
        let bytes = x.mapv(|v| v as u8);
        let planes = bytes.slice(s![..;step, .., ..]).permuted_axes([0, 2, 1]);
        check(&planes);
        check(&bytes.slice(s![..;step, ..;-1, ..]));
    }
}

#[test]
fn long_runs_are_copied_whole_in_pieces() {
    for len in [0usize, 1, 511, 512, 513, 1024, 5000] {
        let run: Vec<u32> = (0..len as u32).collect();
        let mut out = vec![7u32];
        extend_run(&mut out, &run);
        assert_eq!(out[0], 7);
        assert_eq!(&out[1..], &run[..], "len {len}");
    }
    // Through the engine: 3 reversed blocks of 3000 contiguous u32.
    let x = base(&[3, 3000]);
    check(&x.slice(s![..;-1, ..]));
    let bytes: Vec<[u8; 3]> = (0..5000u32).map(|i| [i as u8, (i >> 8) as u8, 1]).collect();
    let mut out = Vec::new();
    extend_run(&mut out, &bytes);
    assert_eq!(out, bytes);
}

/// A `Clone` that panics on the `n`-th clone of its batch, counting live values.
#[derive(Debug)]
struct Bomb {
    live: std::rc::Rc<std::cell::Cell<isize>>,
    clones_left: std::rc::Rc<std::cell::Cell<usize>>,
}

impl Clone for Bomb {
    fn clone(&self) -> Self {
        let left = self.clones_left.get();
        assert!(left > 0, "boom");
        self.clones_left.set(left - 1);
        self.live.set(self.live.get() + 1);
        Bomb {
            live: self.live.clone(),
            clones_left: self.clones_left.clone(),
        }
    }
}

impl Drop for Bomb {
    fn drop(&mut self) {
        self.live.set(self.live.get() - 1);
    }
}

#[test]
fn a_panicking_clone_leaves_the_vec_valid() {
    use std::panic::{AssertUnwindSafe, catch_unwind};
    let live = std::rc::Rc::new(std::cell::Cell::new(0isize));
    let left = std::rc::Rc::new(std::cell::Cell::new(usize::MAX));
    let x = ndarray::Array2::from_shape_fn((40, 9), |_| {
        live.set(live.get() + 1);
        Bomb {
            live: live.clone(),
            clones_left: left.clone(),
        }
    });
    // Pixels of 3: the unit kernels (ReversedUnits, ShortReversed, Planes) panicking midway.
    let x3 = x.slice(s![.., 0..3]).to_owned();
    live.set(live.get() + x3.len() as isize);
    for (view, kernel) in [
        (x.slice(s![.., 1..3]), Kernel::ShortRuns(2)),
        (x.t(), Kernel::Blocked),
        (x.slice(s![.., ..;-1]), Kernel::Reversed),
        (x.slice(s![.., 2..9]), Kernel::Rows(7)),
        (x.slice(s![.., 0..3;-1]), Kernel::ShortReversed(3)),
        (x.slice(s![.., ..;4]), Kernel::ShortStrided(3)),
        (x3.slice(s![.., ..;-1]), Kernel::ShortReversed(3)),
        (x3.slice(s![..;-1, ..]), Kernel::ReversedUnits(3)),
        (x3.t(), Kernel::Planes(3)),
    ] {
        assert_eq!(kernel_of(&view), kernel);
        for panic_after in [0, 1, 7, 30] {
            left.set(panic_after);
            let before = live.get();
            let mut out = Vec::new();
            let got = catch_unwind(AssertUnwindSafe(|| extend_c_order(&mut out, &view)));
            assert!(got.is_err(), "{:?} {panic_after}", view.shape());
            // Whatever was appended is whole; dropping it drops exactly those values.
            let appended = out.len() as isize;
            drop(out);
            // The kernels that write into spare capacity leak what they wrote before the panic.
            assert!(live.get() - before <= panic_after as isize - appended);
            assert!(live.get() >= before);
        }
    }
    left.set(usize::MAX);
}

#[test]
fn zero_sized_elements() {
    let x = ndarray::Array3::from_elem((3, 4, 600), ());
    for view in [
        x.slice(s![..;-1, .., 1..3]),
        x.view().permuted_axes([2, 0, 1]),
        x.slice(s![.., .., ..;-1]),
        x.slice(s![.., 1.., ..]),
    ] {
        check(&view);
    }
}

#[test]
fn long_runs_are_cut_only_in_the_aliasing_window() {
    let base = 0x10_0000usize;
    let at = |a: usize| a as *const f32;
    assert!(aliased(at(base + 16), at(base)));
    assert!(aliased(at(base + 4096 * 3 + 4), at(base)));
    assert!(!aliased(at(base), at(base)));
    assert!(!aliased(at(base + 64), at(base)));
    assert!(!aliased(at(base - 16), at(base)));
    // A destination put in the window on purpose: the copy goes in pieces, and is the run.
    let run: Vec<u8> = (0..10_000u32).map(|i| i as u8).collect();
    let mut out: Vec<u8> = Vec::with_capacity(4096 + run.len());
    let pad = (run.as_ptr() as usize + 16).wrapping_sub(out.as_ptr() as usize) % 4096;
    out.resize(pad, 0);
    assert!(aliased(out.as_ptr().wrapping_add(out.len()), run.as_ptr()));
    extend_run(&mut out, &run);
    assert_eq!(&out[pad..], &run[..]);
    // Whatever the addresses, the copy is the run.
    let run: Vec<u64> = (0..5000).collect();
    for pad in 0..8 {
        let mut out: Vec<u64> = Vec::with_capacity(pad + run.len());
        out.extend(0..pad as u64);
        extend_run(&mut out, &run);
        assert_eq!(&out[pad..], &run[..]);
    }
}

/// Both instruction sets of a `simd` kernel: the baseline loops, and the AVX2 ones where this
/// CPU has them (on another CPU both are the baseline: asking for AVX2 never runs it there).
fn isas() -> [simd::Isa; 2] {
    [simd::Isa::Baseline, simd::Isa::Avx2]
}

/// What `kernel` writes into `len` slots that begin `place` elements into a buffer (so at any
/// place in a cache line).
fn run_at<A: Clone + Default>(
    place: usize,
    len: usize,
    kernel: impl FnOnce(&mut [std::mem::MaybeUninit<A>]),
) -> Vec<A> {
    // Every slot initialised first, so reading them back is sound whatever the kernel does
    // (a skipped slot shows as the default). `write` over a slot forgets the default, which
    // owns nothing (`String::new()` does not allocate), so AddressSanitizer's leak check
    // stays quiet.
    let mut slots: Vec<std::mem::MaybeUninit<A>> = (0..place + len)
        .map(|_| std::mem::MaybeUninit::new(A::default()))
        .collect();
    kernel(&mut slots[place..]);
    slots
        .into_iter()
        .skip(place)
        // SAFETY (test only): every slot was initialised above; the kernel only writes.
        .map(|slot| unsafe { slot.assume_init() })
        .collect()
}

/// `simd::planes`, `simd::units_reversed_rows` and `simd::each_unit_reversed` for `C`/`N` =
/// 2, 3, 4 on `values`, on every
/// instruction set, against index arithmetic on `values` (no kernel code).
fn check_simd_kernels<A: Clone + Default + PartialEq + std::fmt::Debug>(values: &[A]) {
    fn run<A: Clone + Default>(
        len: usize,
        kernel: impl FnOnce(&mut [std::mem::MaybeUninit<A>]),
    ) -> Vec<A> {
        run_at(0, len, kernel)
    }
    fn planes<A: Clone + Default + PartialEq + std::fmt::Debug, const N: usize>(values: &[A]) {
        let n = values.len() / N * N;
        let src = &values[..n];
        let pixels = n / N;
        let want_planes: Vec<A> = (0..n)
            .map(|i| src[(i % pixels.max(1)) * N + i / pixels.max(1)].clone())
            .collect();
        for isa in isas() {
            let got = run(n, |dst| simd::planes::<A, N>(isa, src, dst));
            assert_eq!(got, want_planes, "planes {isa:?} C = {N}, {pixels} pixels");
        }
    }
    fn each<A: Clone + Default + PartialEq + std::fmt::Debug, const N: usize>(values: &[A]) {
        planes::<A, N>(values);
        let n = values.len() / N * N;
        let src = &values[..n];
        let pixels = n / N;
        // Each unit reversed where it stands (a channel flip).
        let want: Vec<A> = (0..n)
            .map(|i| src[i / N * N + N - 1 - i % N].clone())
            .collect();
        for isa in isas() {
            let got = run(n, |dst| simd::each_unit_reversed::<A, N>(isa, src, dst));
            assert_eq!(
                got, want,
                "each unit reversed {isa:?} N = {N}, {pixels} units"
            );
        }
        // Rows of units reversed: one row, or the units cut into 2, 3 or 7 rows.
        for rows in [1usize, 2, 3, 7] {
            let row = pixels / rows * N;
            let total = row * rows;
            let want: Vec<A> = (0..total)
                .map(|i| {
                    let (r, j) = (i / row, i % row);
                    src[r * row + row - N - j / N * N + j % N].clone()
                })
                .collect();
            for isa in isas() {
                let sources = src[..total].chunks_exact(row.max(1));
                let got = run(total, |dst| {
                    simd::units_reversed_rows::<A, N>(isa, row, sources, dst)
                });
                assert_eq!(got, want, "reversed {isa:?} N = {N}, {rows} rows of {row}");
            }
        }
    }
    each::<A, 2>(values);
    each::<A, 3>(values);
    each::<A, 4>(values);
    // Pixels of 5 to 7 channels go to planes too (`plan::PIXEL_PLANES`), not reversed units.
    planes::<A, 5>(values);
    planes::<A, 6>(values);
    planes::<A, 7>(values);
}

/// `simd::planes` with the planes at every place in a 64-byte line (the AVX2 loop writes the
/// pixels before the planes' first line boundary as a block of its own where every plane
/// begins at the same place in a line), for 2 to 7 channels of 1-, 2-, 4- and 8-byte
/// elements, planes of 64 and 128 pixels (whole lines) and of 200 (whole lines for 8 bytes
/// only).
#[test]
fn planes_at_every_place_in_a_line_equal_the_index_arithmetic() {
    fn each<A: Clone + Default + PartialEq + std::fmt::Debug, const C: usize>(
        make: fn(usize) -> A,
    ) {
        for pixels in [64, 128, 200] {
            let src: Vec<A> = (0..pixels * C).map(make).collect();
            let want: Vec<A> = (0..pixels * C)
                .map(|i| src[(i % pixels) * C + i / pixels].clone())
                .collect();
            for place in 0..64 / std::mem::size_of::<A>() {
                for isa in isas() {
                    let got = run_at(place, pixels * C, |dst| {
                        simd::planes::<A, C>(isa, &src, dst)
                    });
                    assert_eq!(got, want, "{isa:?} C = {C}, {pixels} pixels, place {place}");
                }
            }
        }
    }
    fn channels<A: Clone + Default + PartialEq + std::fmt::Debug>(make: fn(usize) -> A) {
        each::<A, 2>(make);
        each::<A, 3>(make);
        each::<A, 4>(make);
        each::<A, 5>(make);
        each::<A, 6>(make);
        each::<A, 7>(make);
    }
    // 251 and 65521 are primes, so a misplaced element shows.
    channels(|i| (i % 251) as u8);
    channels(|i| (i % 65521) as u16);
    channels(|i| i as f32);
    channels(|i| i as f64);
}

/// NHWC -> NCHW of 5 to 7 channels, through the engine: the planes' loops for every type but
/// one-byte pixels of 5 and 7 channels, which keep the tile transposes (`Blocked`); a batch
/// axis around, pixels too few for a tile, and enough for several of the wider types' 2 KiB
/// blocks per plane; each equal to the element-by-element copy.
#[test]
fn pixels_of_five_to_seven_channels_to_planes_equal_the_element_by_element_copy() {
    fn each<A: Clone + PartialEq + std::fmt::Debug>(x: &ArrayD<A>) {
        let nchw = x.view().permuted_axes(IxDyn(&[0, 2, 1]));
        assert!(matches!(kernel_of(&nchw), Kernel::Planes(5..=7)));
        check(&nchw);
        check(&x.slice(s![..;-1, 1.., ..]).permuted_axes([0, 2, 1]));
    }
    for c in 5..=7 {
        for pixels in [5usize, 33, 700] {
            let x = base(&[2, pixels, c]);
            each(&x.mapv(|v| v as u8));
            each(&x.mapv(|v| v as u16));
            each(&x.mapv(|v| v as f32));
            each(&x.mapv(f64::from));
            each(&x.mapv(|v| v.to_string()));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    /// Every path of `simd` (baseline and AVX2, byte and wider types, types with drop glue),
    /// on lengths around the vector widths and blocks (32 pixels, 96 elements) and beyond.
    #[test]
    fn simd_kernels_equal_the_index_arithmetic(
        len in 0usize..700,
        seed in any::<u64>(),
    ) {
        let mut state = seed;
        let values: Vec<u64> = (0..len)
            .map(|_| {
                state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                state >> 17
            })
            .collect();
        check_simd_kernels(&values.iter().map(|&v| v as u8).collect::<Vec<_>>());
        check_simd_kernels(&values.iter().map(|&v| v as i8).collect::<Vec<_>>());
        check_simd_kernels(&values.iter().map(|&v| v & 1 == 1).collect::<Vec<_>>());
        check_simd_kernels(&values.iter().map(|&v| v as u16).collect::<Vec<_>>());
        check_simd_kernels(&values.iter().map(|&v| v as i16).collect::<Vec<_>>());
        check_simd_kernels(&values.iter().map(|&v| v as f32).collect::<Vec<_>>());
        check_simd_kernels(&values.iter().map(|&v| v as f64).collect::<Vec<_>>());
        check_simd_kernels(&values.iter().map(|&v| v.to_string()).collect::<Vec<_>>());
    }
}

#[test]
fn simd_kernels_on_the_real_shapes() {
    // A u8 RGB image to planes and flipped by rows, through the engine (the detected
    // instruction set) and each kernel on every instruction set.
    let x = ndarray::Array3::from_shape_fn((5, 224, 3), |(h, w, c)| (h * 7 + w * 3 + c) as u8);
    let nchw = x.view().permuted_axes([2, 0, 1]);
    assert_eq!(kernel_of(&nchw), Kernel::Planes(3));
    check(&nchw);
    let flip = x.slice(s![.., ..;-1, ..]);
    assert_eq!(kernel_of(&flip), Kernel::ReversedUnits(3));
    check(&flip);
    check_simd_kernels(x.as_slice().expect("C order"));
    // Planes of several blocks (2 KiB of each plane per block for the wider types) and a part.
    let long: Vec<u32> = (0..4 * 2100).collect();
    check_simd_kernels(&long.iter().map(|&v| v as u16).collect::<Vec<_>>());
    check_simd_kernels(&long.iter().map(|&v| v as f32).collect::<Vec<_>>());
    check_simd_kernels(&long.iter().map(|&v| f64::from(v)).collect::<Vec<_>>());
    check_simd_kernels(&long.iter().map(|&v| v as u8).collect::<Vec<_>>());
    // RGBA and pairs of bytes.
    let x = ndarray::Array3::from_shape_fn((3, 100, 4), |(h, w, c)| (h * 5 + w * 4 + c) as u8);
    check(&x.view().permuted_axes([2, 0, 1]));
    check(&x.slice(s![.., ..;-1, ..]));
    check(&x.slice(s![.., ..;-1, 1..3]));
}

/// A one-byte element whose `clone` is not a copy (it counts): plain data with no drop glue,
/// but not a primitive, so the flat loops that clone twice must not take it (`simd`).
#[derive(Debug, PartialEq)]
struct Counted(u8);

static CLONES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

impl Clone for Counted {
    fn clone(&self) -> Self {
        CLONES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Counted(self.0)
    }
}

#[test]
fn a_clone_that_is_not_a_copy_runs_once_per_element() {
    // Flips (reversed units) and NHWC -> NCHW (planes) of one-byte and wider units, several
    // blocks long: each output element is exactly one `clone` of its input element.
    let x =
        ndarray::Array3::from_shape_fn((2, 300, 3), |(i, j, k)| Counted((i * 7 + j * 3 + k) as u8));
    let flip = x.slice(s![.., ..;-1, ..]);
    let planes = x.view().permuted_axes([0, 2, 1]);
    // space_to_depth 2 and depth_to_space 2 of a (1, 4, 40, 3) image: units of 6 interleaved
    // from two rows, and cut into two rows.
    let image: Vec<Counted> = (0..480).map(|i| Counted(i as u8)).collect();
    let s2d = strided(&image, &[2, 20, 2, 6], &[240, 6, 120, 1]);
    let d2s = strided(&image, &[4, 2, 10, 6], &[120, 6, 12, 1]);
    for (view, kernel) in [
        (flip.view().into_dyn(), Kernel::ReversedUnits(3)),
        (planes.view().into_dyn(), Kernel::Planes(3)),
        (s2d.view(), interleave(6, 2)),
        (d2s.view(), deinterleave(6, 2)),
    ] {
        assert_eq!(kernel_of(&view), kernel);
        let before = CLONES.load(std::sync::atomic::Ordering::Relaxed);
        let copied = engine(&view);
        let clones = CLONES.load(std::sync::atomic::Ordering::Relaxed) - before;
        assert_eq!(clones, view.len(), "{kernel:?}");
        assert_eq!(copied, naive(&view));
    }
}

/// `shuffle::units_reversed_rows` (through `simd::units_reversed_rows` with AVX2, which calls it
/// when `shuffle::takes`) on `rows` rows of `units` units of `N` random `A`s, each row in an
/// allocation of its own starting `offset` elements in (so AddressSanitizer sees a read past a
/// row's end or before its start, and the loads meet every alignment), into a result starting
/// `offset % 8` slots into its buffer (every store alignment; the slots before it must stay
/// untouched), against the index arithmetic. Returns whether the shuffles took it.
fn check_shuffle<A, const N: usize>(
    rows: usize,
    units: usize,
    offset: usize,
    value: impl Fn(u64) -> A,
    seed: u64,
) -> bool
where
    A: Clone + Default + PartialEq + std::fmt::Debug,
{
    let row = units * N;
    let mut state = seed;
    let mut next = || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        value(state >> 17)
    };
    let buffers: Vec<Vec<A>> = (0..rows)
        .map(|_| (0..offset + row).map(|_| next()).collect())
        .collect();
    let want: Vec<A> = buffers
        .iter()
        .flat_map(|b| {
            let src = &b[offset..];
            (0..row).map(move |j| src[row - N - j / N * N + j % N].clone())
        })
        .collect();
    let takes = shuffle::takes::<A, N>(row);
    // Slots filled with a value first, so a slot the kernel skipped shows (and reading them
    // back is sound whatever it does).
    let shift = offset % 8;
    let mut slots: Vec<std::mem::MaybeUninit<A>> = (0..shift + rows * row)
        .map(|_| std::mem::MaybeUninit::new(A::default()))
        .collect();
    let sources = buffers.iter().map(|b| &b[offset..]);
    simd::units_reversed_rows::<A, N>(simd::Isa::Avx2, row, sources, &mut slots[shift..]);
    let mut got: Vec<A> = slots
        .into_iter()
        // SAFETY (test only): every slot was initialised above; the kernel only writes.
        .map(|slot| unsafe { slot.assume_init() })
        .collect();
    let before: Vec<A> = got.drain(..shift).collect();
    assert!(
        before.iter().all(|x| *x == A::default()),
        "a slot before the result written"
    );
    assert_eq!(
        got,
        want,
        "{} N = {N}: {rows} rows of {units} units, offset {offset}",
        std::any::type_name::<A>()
    );
    takes
}

/// [`check_shuffle`] for units of 2, 3 and 4; whether the shuffles took each.
fn check_shuffles<A>(
    rows: usize,
    units: usize,
    offset: usize,
    value: impl Fn(u64) -> A + Copy,
    seed: u64,
) -> [bool; 3]
where
    A: Clone + Default + PartialEq + std::fmt::Debug,
{
    [
        check_shuffle::<A, 2>(rows, units, offset, value, seed),
        check_shuffle::<A, 3>(rows, units, offset, value, seed),
        check_shuffle::<A, 4>(rows, units, offset, value, seed),
    ]
}

/// A view of `data` with these shape and element strides (non-negative).
fn strided<'a, A>(data: &'a [A], shape: &[usize], strides: &[usize]) -> ArrayView<'a, A, IxDyn> {
    use ndarray::ShapeBuilder;
    ArrayView::from_shape(IxDyn(shape).strides(IxDyn(strides)), data).expect("a view in bounds")
}

fn interleave(unit: usize, planes: usize) -> Kernel {
    Kernel::Interleave { unit, planes }
}

fn deinterleave(unit: usize, planes: usize) -> Kernel {
    Kernel::Deinterleave { unit, planes }
}

#[test]
fn space_and_depth_layouts_take_the_unit_interleaves() {
    let x = base(&[4 * 6 * 40 * 4]);
    let data = x.as_slice().expect("C order");
    // space_to_depth 2 of (2, 4, 6, 3): (n, h/2, w/2, 2, 6), strides (72, 36, 6, 18, 1).
    let cases = [
        // Three output pixels of two rows' units are also two rounds of three units (a row is
        // three units): the same walk, which the deinterleave takes (at most 8 planes).
        (
            strided(data, &[2, 2, 3, 2, 6], &[72, 36, 6, 18, 1]),
            deinterleave(6, 3),
        ),
        (
            strided(data, &[2, 2, 10, 2, 6], &[240, 120, 6, 60, 1]),
            interleave(6, 2),
        ),
        // depth_to_space 2 of (2, 2, 3, 12): (n, h, 2, w, 6), strides (72, 36, 6, 12, 1).
        (
            strided(data, &[2, 2, 2, 3, 6], &[72, 36, 6, 12, 1]),
            deinterleave(6, 2),
        ),
        // space_to_depth 4 of (1, 8, 40, 3): units of 12 from 4 rows.
        (
            strided(data, &[2, 10, 4, 12], &[480, 12, 120, 1]),
            interleave(12, 4),
        ),
        // RGBA space_to_depth 2: units of 8; grey depth_to_space 2 of depth 4: units of 2.
        (
            strided(data, &[3, 10, 2, 8], &[160, 8, 80, 1]),
            interleave(8, 2),
        ),
        (
            strided(data, &[3, 2, 5, 2], &[20, 2, 4, 1]),
            deinterleave(2, 2),
        ),
        // Units of 70 (past `ROW`): runs, not units.
        (strided(data, &[3, 2, 70], &[70, 210, 1]), Kernel::Runs),
        // Nine planes (past `MAX_PLANES`): short runs of the rows kernel; nine rounds of
        // three units are three planes.
        (strided(data, &[2, 9, 6], &[6, 20, 1]), Kernel::Rows(6)),
        (strided(data, &[3, 9, 6], &[6, 18, 1]), deinterleave(6, 3)),
        // Source rows with gaps between them.
        (strided(data, &[4, 3, 5], &[5, 23, 1]), interleave(5, 3)),
    ];
    for (view, kernel) in &cases {
        let what = format!("shape {:?} strides {:?}", view.shape(), view.strides());
        assert_eq!(kernel_of(view), *kernel, "{what}");
        check(view);
        // The byte path (`shuffle`) on the same layout: the same view of bytes.
        let flat: Vec<u8> = data.iter().map(|&v| v as u8).collect();
        let byte_view = strided(&flat, view.shape(), &strides_of(view));
        assert_eq!(kernel_of(&byte_view), *kernel, "{what}");
        check(&byte_view);
    }
}

fn strides_of<A>(view: &ArrayView<'_, A, IxDyn>) -> Vec<usize> {
    view.strides().iter().map(|&s| s as usize).collect()
}

/// Interleaves (`planes` rows of `rows` units of `unit`, the rows `unit * rows + gap` apart, the
/// lines `line_gap` more) and deinterleaves (rounds of `planes` units cut into `planes` rows, the
/// lines `gap + line_gap` apart beyond their rounds), both from `offset` into the data, of every
/// element type class: one-byte primitives (the byte gathers where the CPU has AVX2; with no
/// gaps their sources run on to the end of the block, `raw`), wider primitives, and a type with
/// drop glue.
fn check_interleaves(
    lines: usize,
    rows: usize,
    planes: usize,
    unit: usize,
    [gap, line_gap, offset]: [usize; 3],
) {
    let row = rows * unit + gap;
    let n = offset + lines * (planes * row + line_gap) + 16;
    let x = base(&[n]);
    let data = &x.as_slice().expect("C order")[offset..];
    let inter = strided(
        data,
        &[lines, rows, planes, unit],
        &[planes * row + line_gap, unit, row, 1],
    );
    let round = planes * unit;
    let deinter = strided(
        data,
        &[lines, planes, rows, unit],
        &[rows * round + gap + line_gap, unit, round, 1],
    );
    for view in [&inter, &deinter] {
        check(view);
        let (shape, strides) = (view.shape(), strides_of(view));
        let bytes: Vec<u8> = data.iter().map(|&v| (v * 7 + v / 256) as u8).collect();
        check(&strided(&bytes, shape, &strides));
        let signed: Vec<i8> = data.iter().map(|&v| v as i8).collect();
        check(&strided(&signed, shape, &strides));
        let flags: Vec<bool> = data.iter().map(|&v| v % 3 == 0).collect();
        check(&strided(&flags, shape, &strides));
        let halves: Vec<u16> = data.iter().map(|&v| v as u16).collect();
        check(&strided(&halves, shape, &strides));
        let floats: Vec<f32> = data.iter().map(|&v| v as f32 + 0.5).collect();
        check(&strided(&floats, shape, &strides));
        let strings: Vec<String> = data
            .iter()
            .take(n.min(3000))
            .map(|v| v.to_string())
            .collect();
        if n <= 3000 {
            check(&strided(&strings, shape, &strides));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    /// The hand-written shuffles of reversed units against the element-by-element copy: every
    /// primitive size, units of 2 to 4, random row lengths (below one vector, around the group
    /// and vector widths, long), row counts (the last row's last group is copied unit by unit
    /// when it would spill) and offsets.
    #[test]
    fn shuffles_equal_the_element_by_element_copy(
        rows in 1usize..5,
        units in 0usize..120,
        offset in 0usize..9,
        seed in any::<u64>(),
    ) {
        check_shuffles(rows, units, offset, |v| v as u8, seed);
        check_shuffles(rows, units, offset, |v| v as i8, seed);
        check_shuffles(rows, units, offset, |v| v & 1 == 1, seed);
        check_shuffles(rows, units, offset, |v| v as u16, seed);
        check_shuffles(rows, units, offset, |v| v as i16, seed);
        check_shuffles(rows, units, offset, |v| v as f32, seed);
        check_shuffles(rows, units, offset, |v| v as i32, seed);
        check_shuffles(rows, units, offset, |v| char::from_u32(v as u32 % 0xD000).unwrap_or('x'), seed);
        check_shuffles(rows, units, offset, |v| v as f64, seed);
        check_shuffles(rows, units, offset, |v| v as i64, seed);
        check_shuffles(rows, units, offset, |v| v as u128, seed);
        check_shuffles(rows, units, offset, |v| v.to_string(), seed);
    }

    /// The unit interleaves on random row counts (up to several gather periods, each line's
    /// last period in the pair loop or clamped), plane counts, unit lengths (fixed-size and
    /// any, bytes whose gather period has 1 to 8 vectors or is too long), gaps between rows
    /// and between lines (dense blocks or not) and offsets.
    #[test]
    fn interleaves_equal_the_element_by_element_copy(
        lines in 1usize..4,
        rows in 1usize..80,
        planes in 1usize..10,
        unit in 1usize..70,
        gap in 0usize..3,
        line_gap in prop_oneof![Just(0usize), 1usize..20],
        offset in 0usize..40,
    ) {
        check_interleaves(lines, rows, planes, unit, [gap, line_gap, offset]);
    }

    /// The word blends (`word_blend`: 4- and 8-byte primitives, the unit, source and step
    /// counts with a compiled program, dense blocks) against the element-by-element copy, both
    /// directions: line counts, row counts from below one period to many (the block's first
    /// and last periods, whose loads would leave it, are copied unit by unit), and the block's
    /// offset in its data.
    #[test]
    fn word_blends_equal_the_element_by_element_copy(
        lines in 1usize..5,
        rows in 1usize..150,
        program in 0usize..word_blend::PROGRAMS.len(),
        offset in 0usize..9,
    ) {
        // (unit, sources, step) in 4-byte words: an interleave of `k` rows, or the planes of
        // rounds of `t / unit`; an 8-byte element takes two words of the unit.
        let (words, k, t) = word_blend::PROGRAMS[program];
        let planes = if k == 1 { t / words } else { k };
        let n = offset + lines * planes * rows * words + 16;
        let data: Vec<u64> = (0..n as u64).map(|v| v.wrapping_mul(0x9E37_79B9_7F4A_7C15)).collect();
        fn each<A: Clone + PartialEq + std::fmt::Debug>(
            data: &[u64],
            [lines, rows, planes, unit, offset]: [usize; 5],
            f: impl Fn(u64) -> A,
        ) {
            let xs: Vec<A> = data.iter().map(|&v| f(v)).collect();
            let (row, round) = (rows * unit, planes * unit);
            check(&strided(&xs[offset..], &[lines, rows, planes, unit], &[planes * row, unit, row, 1]));
            check(&strided(&xs[offset..], &[lines, planes, rows, unit], &[rows * round, unit, round, 1]));
        }
        let four = [lines, rows, planes, words, offset];
        each(&data, four, |v| v as f32);
        each(&data, four, |v| v as i32);
        each(&data, four, |v| v as u32);
        each(&data, four, |v| char::from_u32((v % 0xD000) as u32).unwrap_or('x'));
        if words % 2 == 0 {
            let eight = [lines, rows, planes, words / 2, offset];
            each(&data, eight, |v| (v >> 11) as f64 + 0.5);
            each(&data, eight, |v| v as i64);
            each(&data, eight, |v| v);
        }
    }

    /// The byte gathers with compile-time programs (`byte_fixed`: one-byte primitives, RGB
    /// `space_to_depth` / `depth_to_space` 2, dense blocks) against the element-by-element
    /// copy, both directions: line counts, row counts from below one period (16 units) to many
    /// (the block's last period, whose loads would leave it, is copied unit by unit), offsets.
    #[test]
    fn fixed_byte_gathers_equal_the_element_by_element_copy(
        lines in 1usize..5,
        rows in 1usize..150,
        program in 0usize..byte_fixed::PROGRAMS.len(),
        offset in 0usize..9,
    ) {
        // (unit, sources, step): an interleave of `k` rows, or the planes of rounds of `t / unit`.
        let (unit, k, t) = byte_fixed::PROGRAMS[program];
        let planes = if k == 1 { t / unit } else { k };
        let n = offset + lines * planes * rows * unit + 16;
        let data: Vec<u64> = (0..n as u64).map(|v| v.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40).collect();
        fn each<A: Clone + PartialEq + std::fmt::Debug>(
            data: &[u64],
            [lines, rows, planes, unit, offset]: [usize; 5],
            f: impl Fn(u64) -> A,
        ) {
            let xs: Vec<A> = data.iter().map(|&v| f(v)).collect();
            let (row, round) = (rows * unit, planes * unit);
            check(&strided(&xs[offset..], &[lines, rows, planes, unit], &[planes * row, unit, row, 1]));
            check(&strided(&xs[offset..], &[lines, planes, rows, unit], &[rows * round, unit, round, 1]));
        }
        let shape = [lines, rows, planes, unit, offset];
        each(&data, shape, |v| v as u8);
        each(&data, shape, |v| v as i8);
        each(&data, shape, |v| v % 3 == 0);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]
    /// Flips of the width axis of NHWC batches through the engine (the shuffles' strided
    /// rows, which prefetch the next row: rows one after another, cropped with gaps, or in
    /// reverse order when the height is flipped too) for every primitive size, against the
    /// element-by-element copy.
    #[test]
    fn flips_through_the_engine_equal_the_element_by_element_copy(
        n in 1usize..3,
        h in 1usize..6,
        w in 1usize..90,
        c in 2usize..=4,
        crop in 0usize..3,
        flip_h in any::<bool>(),
    ) {
        fn each<A: Clone + PartialEq + std::fmt::Debug>(
            shape: (usize, usize, usize, usize),
            crop: usize,
            flip_h: bool,
            f: impl Fn(usize) -> A,
        ) {
            let x = ndarray::Array4::from_shape_fn(shape, |(b, i, j, k)| {
                f(b * 100_000 + i * 1000 + j * 7 + k)
            });
            let w = shape.2;
            let cut = crop.min(w / 2);
            let rows = if flip_h { Slice::new(0, None, -1) } else { Slice::from(..) };
            let view = x.slice(s![.., rows, cut..w - cut;-1, ..]);
            check(&view);
        }
        let shape = (n, h, w, c);
        each(shape, crop, flip_h, |v| v as u8);
        each(shape, crop, flip_h, |v| v % 2 == 1);
        each(shape, crop, flip_h, |v| v as i16);
        each(shape, crop, flip_h, |v| v as f32);
        each(shape, crop, flip_h, |v| char::from_u32(v as u32 % 0xD000).unwrap_or('x'));
        each(shape, crop, flip_h, |v| v as f64);
        each(shape, crop, flip_h, |v| v as u64);
        each(shape, crop, flip_h, |v| v as u128);
    }
}

#[test]
fn shuffles_take_the_primitive_flips_with_avx2() {
    // Where the CPU has AVX2, the shuffles take what they were written for (so the property
    // test above runs them), and never a type whose clone is not known to be a copy.
    let avx2 = simd::detect() == simd::Isa::Avx2;
    let long = 224;
    assert_eq!(check_shuffles(3, long, 1, |v| v as u8, 1), [avx2; 3]);
    assert_eq!(check_shuffles(3, long, 2, |v| v as f32, 2), [avx2; 3]);
    assert_eq!(
        check_shuffles(3, long, 3, |v| v as f64, 3),
        [avx2, avx2, false]
    );
    assert_eq!(
        check_shuffles(2, long, 0, |v| v as u16, 4),
        [false, avx2, avx2]
    );
    assert_eq!(check_shuffles(2, long, 0, |v| v as u128, 5), [false; 3]);
    assert_eq!(check_shuffles(2, long, 0, |v| v.to_string(), 6), [false; 3]);
    assert!(!shuffle::takes::<Counted, 3>(3 * long));
    // Rows shorter than one vector: the safe loop.
    assert!(!shuffle::takes::<u8, 3>(15));
    assert_eq!(shuffle::takes::<u8, 3>(18), avx2);
    assert!(!shuffle::takes::<f32, 3>(6));
    assert_eq!(shuffle::takes::<f32, 3>(9), avx2);
}

#[test]
fn flips_of_every_primitive_through_the_engine() {
    // NHWC flips of W (whole rows, and cropped rows with gaps between them) of each type the
    // shuffles take, and of C (`x[..., ::-1]`: whole, a crop whose pixels are not back to back,
    // and with W flipped too), through the engine's plan.
    fn each<A: Clone + PartialEq + std::fmt::Debug>(f: impl Fn(usize) -> A) {
        for c in 2..=4 {
            let x = ndarray::Array3::from_shape_fn((4, 37, c), |(h, w, k)| f(h * 1000 + w * 7 + k));
            for (view, kernel) in [
                (x.slice(s![.., ..;-1, ..]), Kernel::ReversedUnits(c)),
                (x.slice(s![1..3, 2..34;-1, ..]), Kernel::ReversedUnits(c)),
                (x.slice(s![.., .., ..;-1]), Kernel::ShortReversed(c)),
                (x.slice(s![1..3, 2..34, ..;-1]), Kernel::ShortReversed(c)),
            ] {
                assert_eq!(kernel_of(&view), kernel);
                check(&view);
            }
            check(&x.slice(s![.., ..;-1, ..;-1]));
        }
    }
    each(|v| v as u8);
    each(|v| v % 2 == 1);
    each(|v| v as u16);
    each(|v| v as f32);
    each(|v| v as f64);
    each(|v| v as i64);
    each(|v| v.to_string());
}

#[test]
fn interleaves_of_the_real_shapes() {
    // space_to_depth 2 / depth_to_space 2 rows of 112 RGB pixels, block 4, RGBA, grey.
    check_interleaves(3, 112, 2, 6, [0, 0, 0]);
    check_interleaves(2, 56, 4, 12, [0, 0, 0]);
    check_interleaves(2, 112, 2, 8, [0, 0, 0]);
    check_interleaves(2, 112, 2, 2, [0, 0, 0]);
    check_interleaves(2, 64, 3, 9, [1, 0, 0]);
    // Dense and not, at odd offsets: the gathers' sources to the block's end, or one row.
    check_interleaves(4, 112, 2, 6, [0, 0, 5]);
    check_interleaves(4, 112, 2, 6, [0, 3, 7]);
    check_interleaves(3, 56, 4, 3, [0, 0, 1]);
    check_interleaves(3, 56, 4, 3, [2, 0, 1]);
    // Lines of more than 8 KiB (the gathers' pairs in turn per period), dense or not.
    check_interleaves(2, 1500, 2, 6, [0, 0, 3]);
    check_interleaves(2, 1500, 2, 6, [1, 5, 0]);
    check_interleaves(2, 3000, 3, 2, [0, 0, 0]);
}

/// The byte gather (`pshufb`) against its formula: see [`check_byte_gathers`].
#[test]
fn byte_gathers_equal_their_formula() {
    let seen = check_byte_gathers(byte_shuffle::Gather::new, byte_shuffle::Gather::run::<u8>);
    // On a machine without AVX2 there is no gather to test; with it, most shapes have one.
    if std::arch::is_x86_feature_detected!("avx2") {
        assert!(seen > 100, "{seen} gathers");
    }
}

/// The byte permute (`vpermt2b`) against the same formula: see [`check_byte_gathers`].
#[test]
fn byte_permutes_equal_their_formula() {
    let seen = check_byte_gathers(byte_permute::Permute::new, byte_permute::Permute::run::<u8>);
    // Only on a machine with AVX-512 VBMI; there, the shapes whose vectors take at most two
    // windows, or four for units under 8 bytes (two permutes and a blend).
    if byte_permute::vbmi() {
        // 110 with two windows only; 157 with four.
        assert!(seen > 150, "{seen} permutes");
    }
}

/// A run-time byte gather against its formula, `out[(r * k + j) * n + e] = src_j[r * t + e]`,
/// on every shape `new` accepts of 1 to 4 sources, units of 1 to 20 bytes and four steps:
/// sources exactly as long as needed (so the last periods' loads would overrun: clamped,
/// masked, or copied unit by unit) and longer (a line whose sources all reach takes its last
/// period in the loop), with one line or several whose sources differ in length (the lines of
/// one call decide that each on its own). Returns how many shapes `new` accepted.
fn check_byte_gathers<G>(
    new: impl Fn(usize, usize, usize) -> Option<G>,
    run: impl Fn(&G, &[&[u8]], &mut [std::mem::MaybeUninit<u8>]) -> bool,
) -> usize {
    let mut seen = 0;
    for k in 1..=4 {
        for n in 1..=20 {
            for t in [n, n + 1, k * n, 2 * k * n + 3] {
                let Some(gather) = new(k, n, t) else {
                    continue;
                };
                seen += 1;
                // The last: lines past `PASS_BYTES` (8 KiB), the pairs in turn per period.
                for rounds in [1usize, 2, 7, 40, 101, 9000 / (k * n) + 1] {
                    for extras in [&[0usize][..], &[5], &[40], &[0, 40, 5], &[40, 40, 0]] {
                        let need = (rounds - 1) * t + n;
                        // Line l's source j: its own bytes, `need + extras[l]` of them.
                        let sources: Vec<Vec<u8>> = (0..extras.len() * k)
                            .map(|s| {
                                let len = need + extras[s / k];
                                (0..len).map(|i| (i * 3 + s * 101) as u8).collect()
                            })
                            .collect();
                        let refs: Vec<&[u8]> = sources.iter().map(|s| &s[..]).collect();
                        let line = rounds * k * n;
                        let mut slots =
                            vec![std::mem::MaybeUninit::new(0xa5u8); extras.len() * line];
                        assert!(run(&gather, &refs, &mut slots));
                        // SAFETY: every slot was initialised when the Vec was made (a slot
                        // `run` skipped keeps 0xa5, which the comparison shows).
                        let out: Vec<u8> =
                            slots.iter().map(|x| unsafe { x.assume_init() }).collect();
                        let want: Vec<u8> = refs
                            .chunks(k)
                            .flat_map(|line| {
                                (0..rounds).flat_map(move |r| {
                                    (0..k).flat_map(move |j| {
                                        line[j][r * t..r * t + n].iter().copied()
                                    })
                                })
                            })
                            .collect();
                        assert_eq!(
                            out, want,
                            "k {k} n {n} t {t} rounds {rounds} extras {extras:?}"
                        );
                    }
                }
            }
        }
    }
    seen
}

/// Runs [`transpose::columns_to_rows`] of `A`s made by `make` on every shape of `rows` by
/// `cols` with four column strides (the rows' count, so one C-order array; gaps; overlapping
/// columns; backwards), and checks each output element against its formula,
/// `dst[r * cols + k] = src[r + k * stride]`. Returns how many calls took the tiles.
fn transposes_checked<A: Copy + Default + PartialEq + std::fmt::Debug>(
    make: fn(usize) -> A,
    all_rows: &[usize],
    all_cols: &[usize],
) -> usize {
    let strides = |rows: usize| [rows as isize, rows as isize + 3, 2, -(rows as isize) - 1];
    transposes_placed(make, all_rows, all_cols, strides, 1)
}

/// [`transposes_checked`] with the column strides `strides(rows)`, and the output at each of
/// the first `places` elements of a larger buffer (so at every place in a cache line).
fn transposes_placed<A: Copy + Default + PartialEq + std::fmt::Debug, const S: usize>(
    make: fn(usize) -> A,
    all_rows: &[usize],
    all_cols: &[usize],
    strides: impl Fn(usize) -> [isize; S],
    places: usize,
) -> usize {
    transposes_streamed(make, all_rows, all_cols, strides, places, false)
}

/// [`transposes_placed`], asking the transposes to stream (`stream`) or not.
fn transposes_streamed<A: Copy + Default + PartialEq + std::fmt::Debug, const S: usize>(
    make: fn(usize) -> A,
    all_rows: &[usize],
    all_cols: &[usize],
    strides: impl Fn(usize) -> [isize; S],
    places: usize,
    stream: bool,
) -> usize {
    let mut seen = 0;
    for (&rows, &cols, place) in all_rows
        .iter()
        .flat_map(|r| all_cols.iter().map(move |c| (r, c)))
        .flat_map(|(r, c)| (0..places).map(move |p| (r, c, p)))
    {
        for stride in strides(rows) {
            // The source: every element (r, k) at origin + r + k * stride.
            let span = (cols - 1) * stride.unsigned_abs() + rows;
            let src: Vec<A> = (0..span).map(make).collect();
            let origin = if stride < 0 { span - rows } else { 0 };
            let at =
                |r: usize, k: usize| (origin as isize + r as isize + k as isize * stride) as usize;
            let mut took = false;
            let got = run_at(place, rows * cols, |dst| {
                // SAFETY: every (r, k) above is an index of `src` (`span` covers them).
                took = unsafe {
                    transpose::columns_to_rows(
                        src.as_ptr().add(origin),
                        rows,
                        cols,
                        stride,
                        dst,
                        stream,
                    )
                };
            });
            if !took {
                continue;
            }
            seen += 1;
            for r in 0..rows {
                for k in 0..cols {
                    assert_eq!(
                        got[r * cols + k],
                        src[at(r, k)],
                        "rows {rows} cols {cols} stride {stride} place {place} at ({r}, {k})"
                    );
                }
            }
        }
    }
    seen
}

/// Runs [`transposes_checked`] on `rows` by `cols` for 1-, 2-, 4- and 8-byte primitives and
/// checks which took the tiles: on x86_64 the 1- and 2-byte ones (SSE2), with AVX2 the 4- and
/// 8-byte ones, each on all `4 * rows.len() * cols.len()` calls (every count is 4 or more).
fn all_transposes_checked(rows: &[usize], cols: &[usize]) {
    let all = 4 * rows.len() * cols.len();
    // 251 and 65521 are primes, so a misplaced element shows.
    let narrow = [
        transposes_checked(|i| (i % 251) as u8, rows, cols),
        transposes_checked(|i| i % 3 == 0, rows, cols),
        transposes_checked(|i| (i % 65521) as u16, rows, cols),
        transposes_checked(|i| (i % 65521) as i16, rows, cols),
    ];
    assert_eq!(
        narrow,
        [if cfg!(target_arch = "x86_64") { all } else { 0 }; 4]
    );
    let wide = [
        transposes_checked(|i| i as f32, rows, cols),
        transposes_checked(|i| i as u32, rows, cols),
        transposes_checked(|i| i as f64, rows, cols),
        transposes_checked(|i| i as i64, rows, cols),
    ];
    if std::arch::is_x86_feature_detected!("avx2") {
        assert_eq!(wide, [all; 4]);
    } else {
        assert_eq!(wide, [0; 4]);
    }
}

/// The tile transposes against their formula, for row and column counts around the tile sizes
/// (4 to 19), tile sizes that do not divide them by overlapping the last tiles with the ones
/// before. Fewer than 4 rows or columns do not take them.
#[test]
fn tile_transposes_equal_their_formula() {
    let counts: Vec<usize> = (4..=19).collect();
    all_transposes_checked(&counts, &counts);
    for few in [1, 2, 3] {
        assert_eq!(transposes_checked(|i| i as u8, &[few], &[8]), 0);
        assert_eq!(transposes_checked(|i| i as u8, &[8], &[few]), 0);
    }
}

/// The tile transposes in bands of output rows: several bands and a last one shorter (33 to
/// 100 rows), output rows whose lines crowd one L1 set (1024 and 4096 columns: narrower
/// bands) and rows longer or shorter than the count of them (so the 1- and 2-byte tiles both
/// with bands and without); 32 or 96 rows of more columns (`u8` tiles of 32 rows); and
/// many rows of few columns far apart (planes to pixels, in bands for every element size).
#[test]
fn banded_tile_transposes_equal_their_formula() {
    all_transposes_checked(&[33, 40, 67, 100], &[9, 21, 64, 257, 1024, 1030]);
    all_transposes_checked(&[40], &[4096]);
    // Multiples of 32 rows, fewer than the columns: the AVX2 byte tiles of 32 rows.
    all_transposes_checked(&[32, 96], &[100, 257, 1030]);
    // Planes to pixels from planes far apart (4 KiB and more): 1- and 2-byte tiles in bands.
    all_transposes_checked(&[4096, 6200], &[16, 24]);
}

/// The tile transposes with the output at every place in a 64-byte line, where the tiles'
/// columns are laid on the output's lines (rows a multiple of 64 bytes long, the first
/// tiles a head of their own) and where they are not (rows of other lengths): in bands, and
/// in blocks of columns (NHWC -> NCHW of `f32`, `u16` and `f64` images of 2 MiB, 64
/// channels).
#[test]
fn tile_transposes_on_every_place_in_a_line_equal_their_formula() {
    let plain = |rows: usize| [rows as isize, rows as isize + 3, -(rows as isize)];
    let (rows, cols) = ([8, 9, 33], [16, 20, 48, 64, 100]);
    // Every call takes the tiles on x86_64 (the 1- and 2-byte ones are SSE2), none elsewhere.
    let sse2 = |calls: usize| {
        if cfg!(target_arch = "x86_64") {
            calls
        } else {
            0
        }
    };
    assert_eq!(
        transposes_placed(|i| (i % 251) as u8, &rows, &cols, plain, 64),
        sse2(2880)
    );
    assert_eq!(
        transposes_placed(|i| (i % 65521) as u16, &rows, &cols, plain, 32),
        sse2(1440)
    );
    if std::arch::is_x86_feature_detected!("avx2") {
        assert_eq!(
            transposes_placed(|i| i as f32, &rows, &cols, plain, 16),
            720
        );
        assert_eq!(transposes_placed(|i| i as f64, &rows, &cols, plain, 8), 360);
        // Blocks: a source of 2 MiB (`BLOCK_SPAN`), at four places in a line, its pixels in
        // order and reversed (a flipped image to NCHW).
        let image = |rows: usize| [rows as isize, -(rows as isize)];
        assert_eq!(transposes_placed(|i| i as f32, &[64], &[8192], image, 4), 8);
        let halves = |i: usize| (i % 65521) as u16;
        assert_eq!(transposes_placed(halves, &[64], &[16384], image, 4), 8);
        assert_eq!(transposes_placed(|i| i as f64, &[64], &[4096], image, 4), 8);
    }
}

/// Matrix transposes (source columns and output rows both long, `long_rows`) in blocks of
/// columns, with the line-wide tiles composed through a buffer (`staged`) where rows are 2 or
/// 4 KiB apart and the plain tiles where they are not: counts that are and are not
/// multiples of a line's elements (the last tiles overlapping), columns read forwards and
/// backwards, the output on a line and one element past it.
#[test]
fn matrix_transposes_in_blocks_equal_their_formula() {
    if !std::arch::is_x86_feature_detected!("avx2") {
        return;
    }
    let strides = |rows: usize| [rows as isize, -(rows as isize), rows as isize + 3];
    let (rows, cols) = ([1024, 1000], [1024, 1040]);
    assert_eq!(
        transposes_placed(|i| i as f32, &rows, &cols, strides, 2),
        24
    );
    assert_eq!(
        transposes_placed(|i| i as f64, &[512, 520], &[520, 512], strides, 2),
        24
    );
    let halves = |i: usize| (i % 65521) as u16;
    assert_eq!(
        transposes_placed(halves, &[1024, 2060], &[2048], strides, 2),
        12
    );
}

/// Matrices whose source reaches half the streaming threshold (the machine's L3) go in groups
/// of 256 output rows, each group's blocks of columns down its rows only: 1,000 output rows
/// (three whole groups, then one whose last tile overlaps the one before it), columns read
/// forwards, backwards and with gaps, in staged tiles (output rows a multiple of 4 KiB long)
/// and in plain ones (5 columns more). Below the threshold, no groups.
#[test]
fn matrix_transposes_in_groups_of_rows_equal_their_formula() {
    if !std::arch::is_x86_feature_detected!("avx2") {
        return;
    }
    let half = super::stream::stream_bytes() / 2;
    // Enough columns for the source to reach the threshold, a multiple of 1,024.
    let cols = half.div_ceil(4 * 1000).next_multiple_of(1024);
    assert!(transpose::in_groups(4, cols, 1000));
    assert!(transpose::in_stage(4, [1000, cols], 1000));
    assert!(!transpose::in_stage(4, [1000, cols + 5], 1003));
    let strides = |rows: usize| [rows as isize, -(rows as isize), rows as isize + 3];
    assert_eq!(
        transposes_placed(
            |i| (i % 16_000_000) as f32,
            &[1000],
            &[cols, cols + 5],
            strides,
            1
        ),
        6
    );
    assert!(!transpose::in_groups(4, 1000, 1000));
    assert!(!transpose::in_groups(4, 1024, 1023));
}

/// Maps to NHWC larger than the L2 go in bands that ask for the next band's source lines: the
/// result is still the formula's, for planes forwards, backwards and with gaps.
#[test]
fn bands_asking_for_the_next_band_equal_their_formula() {
    if !std::arch::is_x86_feature_detected!("avx2") {
        return;
    }
    // 64 planes of 96×96 `f32` (2.4 MB) and 32 planes of 112×112 (1.6 MB), to NHWC.
    for (pixels, channels) in [(9216, 64), (12544, 32)] {
        let strides = |rows: usize| [rows as isize, -(rows as isize), rows as isize + 5];
        assert_eq!(
            transposes_placed(|i| i as f32, &[pixels], &[channels], strides, 1),
            3
        );
        if let Some(l2) = crate::util::cache::cache_bytes(2) {
            let span = pixels * channels * 4;
            assert_eq!(
                transpose::asks_next_band(4, channels, pixels as isize),
                span > l2
            );
        }
    }
    assert!(!transpose::asks_next_band(4, 16, 64));
}

/// Which transposes go in blocks of columns and which of those in line-wide staged tiles:
/// matrices with long rows both sides (a dense layer's weights) and images to NCHW in blocks,
/// images back to NHWC in bands; staged where 16 source columns or output rows crowd an L1
/// set (for `u16`, output rows a multiple of 4 KiB apart). `u16` output rows under 2 KiB stay
/// in bands.
#[test]
fn blocks_and_staged_tiles_follow_the_rows_l1_sets() {
    // (element size, output rows, columns, stride, in blocks, staged)
    for (size, rows, cols, stride, blocks, staged) in [
        (4, 1024, 1024, 1024, true, true),
        (4, 768, 3072, 768, true, true),
        (4, 999, 1000, 999, true, false),
        (4, 256, 3136, 256, true, false),
        (4, 3136, 256, 3136, false, false),
        (4, 12544, 64, 12544, false, false),
        (4, 512, 784, 512, false, false),
        (8, 512, 784, 512, true, true),
        (8, 1000, 999, 1000, true, false),
        (2, 2048, 2048, 2048, true, true),
        (2, 1024, 1024, 1024, true, false),
        (2, 3072, 768, 3072, false, false),
        (2, 3136, 512, 3136, false, false),
        (1, 4096, 4096, 4096, false, false),
        // Under 2 MiB of source: bands.
        (4, 512, 512, 512, false, false),
    ] {
        let shape = [rows, cols];
        assert_eq!(
            transpose::in_blocks(size, shape, stride),
            blocks,
            "blocks: size {size} {rows}x{cols} stride {stride}"
        );
        assert_eq!(
            transpose::in_stage(size, shape, stride),
            staged,
            "staged: size {size} {rows}x{cols} stride {stride}"
        );
    }
}

/// Streamed transposes (`f32`, `f64`, `u16` in line-wide tiles composed through a buffer,
/// their lines written with streaming stores) against their formula, with the output at every
/// place in a line: each row's first and last tile (off the lines) write only their columns
/// off the streamed lines. Rows of 4 lines or more (64, 80 and 256 `f32` columns; 1 and 7
/// more than a whole tile of rows, so the last row of tiles overlaps), in bands and, for
/// images to NCHW larger than the L2, in blocks asking for pixels ahead; pixels to planes in
/// one row of tiles at a time (rows of 1 KiB); and shapes that cannot stream (rows of 2
/// lines, rows not a multiple of a line), which take the tiles without streaming.
#[test]
fn streamed_transposes_equal_their_formula() {
    if !std::arch::is_x86_feature_detected!("avx2") {
        return;
    }
    let strides = |rows: usize| [rows as isize, -(rows as isize), rows as isize + 3];
    // Rows of 4 lines or more, every row at the same place in a line, a line's rows.
    for (size, shape, on) in [
        (4, [16, 64], true),
        (4, [16, 32], false),
        (4, [16, 65], false),
        (4, [15, 64], false),
        (8, [8, 32], true),
        (8, [8, 24], false),
        (2, [32, 128], true),
        (2, [31, 128], false),
    ] {
        assert_eq!(transpose::on_lines(size, shape, 64 + size), on, "{shape:?}");
    }
    assert!(!transpose::on_lines(4, [16, 64], 66));
    let (rows, cols) = ([16, 17, 23, 40], [64, 80, 256, 32, 65]);
    assert_eq!(
        transposes_streamed(|i| i as f32, &rows, &cols, strides, 16, true),
        240 * 4
    );
    let (rows, cols) = ([8, 9, 20], [32, 40, 16, 33]);
    assert_eq!(
        transposes_streamed(|i| i as f64, &rows, &cols, strides, 8, true),
        36 * 8
    );
    let halves = |i: usize| (i % 65521) as u16;
    let (rows, cols) = ([32, 33, 70], [128, 160, 64]);
    assert_eq!(
        transposes_streamed(halves, &rows, &cols, strides, 32, true),
        27 * 32
    );
    // Images to NCHW larger than the L2 (64 channels of 4,096 pixels: 1 MiB), in blocks where
    // the machine's L2 is smaller; pixels to planes, rows of 256 channels.
    let image = |rows: usize| [rows as isize, -(rows as isize)];
    assert_eq!(
        transposes_streamed(|i| i as f32, &[64], &[4096], image, 4, true),
        8
    );
    assert_eq!(
        transposes_streamed(|i| i as f32, &[1000], &[256], image, 4, true),
        8
    );
}

/// Blocks of columns are 32 columns wide, but one staged `f32` tile (16 columns, a line) wide.
#[test]
fn blocks_are_one_line_of_staged_f32_tiles() {
    // (element size, tile columns, block columns): staged tiles are a line wide.
    for (size, t, cols) in [(4, 16, 16), (4, 8, 32), (4, 4, 32), (8, 8, 32), (2, 32, 32)] {
        assert_eq!(
            transpose::block_cols(size, t),
            cols,
            "size {size}, tiles of {t}"
        );
    }
}

/// The rows per band: 32 where the output rows begin in different L1 sets, fewer where more
/// than 4 would share one (rows 1 KiB apart: 4 sets, 16 rows; 2 or 4 KiB apart: the tile's
/// rows), never fewer than a tile's.
#[test]
fn band_rows_keep_each_l1_set_to_four_rows() {
    for (t, row_bytes, want) in [
        (8, 56 * 56 * 4, 32),
        (8, 256, 32),
        (8, 1024, 16),
        (8, 2048, 8),
        (8, 4096, 8),
        (4, 8192, 4),
        (16, 1024, 16),
        (16, 4096, 16),
        (4, 100, 32),
    ] {
        assert_eq!(
            transpose::band_rows(t, row_bytes),
            want,
            "t {t} row_bytes {row_bytes}"
        );
    }
}

/// Layout changes of feature maps with more than 4 channels (the tile transposes) through the
/// engine: NHWC -> NCHW and back, one flipped axis, in `f32` and `f64`, and in `u8` and `u16`
/// (with 64×64-pixel planes: output rows 4 KiB apart, the byte tiles of 8 rows by 16 columns).
#[test]
fn channel_transposes_equal_the_element_by_element_copy() {
    // NHWC -> NCHW of `x`, whole and with a flipped axis and a crop; and back from NCHW.
    fn each<A: Clone + PartialEq + std::fmt::Debug>(x: &ArrayD<A>) {
        let nchw = IxDyn(&[0, 3, 1, 2]);
        check(&x.view().permuted_axes(nchw.clone()));
        check(
            &x.slice(s![.., .., ..;-1, 1..])
                .into_dyn()
                .permuted_axes(nchw.clone()),
        );
        let planes = x
            .view()
            .permuted_axes(nchw)
            .as_standard_layout()
            .into_owned();
        check(&planes.view().permuted_axes(IxDyn(&[0, 2, 3, 1])));
    }
    for (shape, c) in [
        ([1, 64, 64], 8usize),
        ([2, 5, 7], 16),
        ([2, 3, 11], 17),
        ([1, 6, 9], 40),
    ] {
        let x = base(&[shape[0], shape[1], shape[2], c]);
        each(&x.mapv(|v| v as u8));
        each(&x.mapv(|v| v as u16));
    }
    for c in [5usize, 8, 9, 13, 16, 17] {
        let x = base(&[2, 5, 7, c]).mapv(|v| v as f32);
        check(&x.view().permuted_axes(IxDyn(&[0, 3, 1, 2])));
        check(
            &x.slice(s![.., .., ..;-1, ..])
                .into_dyn()
                .permuted_axes(IxDyn(&[0, 3, 1, 2])),
        );
        let y = base(&[2, c, 5, 7]).mapv(f64::from);
        check(&y.view().permuted_axes(IxDyn(&[0, 2, 3, 1])));
        check(
            &y.slice(s![.., .., 1.., ..])
                .into_dyn()
                .permuted_axes(IxDyn(&[0, 2, 3, 1])),
        );
    }
}

/// Rows of single elements reversed (a grey image's width flipped): the flipped-pixel shuffles
/// with units of one element where the CPU has AVX2 and a row holds a vector, else the loop;
/// whole rows, cropped ones (gaps between rows) and a height flip too, row lengths around the
/// vectors' 16 bytes and 8 words.
#[test]
fn reversed_rows_of_single_elements_equal_the_element_by_element_copy() {
    fn each<A: Clone + PartialEq + std::fmt::Debug>(x: &ArrayD<A>) {
        let v = x.view();
        let flipped = v.slice(s![.., ..;-1]).into_dyn();
        assert_eq!(kernel_of(&flipped), Kernel::Reversed);
        check(&flipped);
        check(&v.slice(s![1.., 2..;-1]).into_dyn());
        check(&v.slice(s![..;-1, ..;-1]).into_dyn());
    }
    for len in [5usize, 7, 8, 9, 15, 16, 17, 31, 33, 64, 100] {
        for rows in [1usize, 3, 40] {
            let x = base(&[rows, len]);
            each(&x.mapv(|v| v as u8));
            each(&x.mapv(|v| v as u16));
            each(&x.mapv(|v| v as f32));
            each(&x.mapv(f64::from));
        }
    }
}

/// Planes to pixels (NCHW -> NHWC of 2 to 4 channels): an interleave of one-element units,
/// through the byte gathers for one-byte types (`vpermt2b` with up to four windows, or
/// `pshufb`) and a fixed-size move per pixel for the others. Whole images, a crop (gaps
/// between rows), a flipped channel axis, and rows long enough for whole periods of the
/// gathers.
#[test]
fn planes_to_pixels_equal_the_element_by_element_copy() {
    // The NHWC views of an NCHW array `x`: whole, cropped, channels flipped.
    fn each<A: Clone + PartialEq + std::fmt::Debug>(x: &ArrayD<A>) {
        let nhwc = IxDyn(&[0, 2, 3, 1]);
        check(&x.view().permuted_axes(nhwc.clone()));
        check(
            &x.slice(s![.., .., .., 1..])
                .into_dyn()
                .permuted_axes(nhwc.clone()),
        );
        check(
            &x.slice(s![.., ..;-1, .., ..])
                .into_dyn()
                .permuted_axes(nhwc),
        );
    }
    for c in 2..=4usize {
        for (h, w) in [(3, 5), (4, 100), (2, 700)] {
            let x = base(&[2, c, h, w]);
            let whole = x.view().permuted_axes(IxDyn(&[0, 2, 3, 1]));
            assert_eq!(kernel_of(&whole), Kernel::Interleave { unit: 1, planes: c });
            each(&x.mapv(|v| v as u8));
            each(&x.mapv(|v| v as u16));
            each(&x.mapv(|v| v as f32));
        }
    }
}

/// Runs of every length up to 1 KiB (the rows of a crop, a channel slice, a patch row) in one-
/// to eight-byte primitives: the byte copies of `flat_rows` (64- and 16-byte moves, the last
/// overlapping; under 16 bytes, two overlapping moves of 1, 2, 4 or 8 bytes), the short runs'
/// fixed-size moves, and a loop of rows around them (`short_grid` with lines; a 3-D crop), each
/// equal to the element-by-element copy; and pixels of every width flipped (runs one after
/// another, in reverse).
#[test]
fn runs_of_every_length_equal_the_element_by_element_copy() {
    fn each<A: Clone + PartialEq + std::fmt::Debug>(x: &ArrayD<A>, len: usize) {
        let rows = x.slice(s![1, .., 1..1 + len]).into_dyn();
        check(&rows);
        check(&x.slice(s![.., 1..;2, 1..1 + len]).into_dyn());
        check(&x.slice(s![..;-1, 1.., ..len]).into_dyn());
        let pixels = x.slice(s![.., .., ..len]).to_owned();
        check(&pixels.slice(s![.., ..;-1, ..]).into_dyn());
    }
    for len in 1usize..=130 {
        let x = base(&[3, 5, len + 2]);
        each(&x.mapv(|v| v as u8), len);
        each(&x.mapv(|v| v as u16), len);
        each(&x.mapv(|v| v as f32), len);
        each(&x.mapv(f64::from), len);
    }
    for len in [255usize, 256, 257, 500, 1000, 1023, 1025] {
        let x = base(&[2, 3, len + 2]);
        each(&x.mapv(|v| v as u8), len);
    }
}

/// Short runs whose two inner loops are few units (at most `SMALL_GRID`) take the loop around
/// them too, one append per block: dilated 3×3 patches (units of 1 to 4 channels 2 pixels
/// apart, rows 2 rows apart), a 2×2 grid, and a grid one unit past the limit, which keeps
/// three loops; each in four primitive types, reversed, and under a broadcast block loop.
#[test]
fn small_grids_of_short_runs_equal_the_element_by_element_copy() {
    fn each<A: Clone + PartialEq + std::fmt::Debug>(x: &ArrayD<A>) {
        let (h, w, c) = (x.shape()[1], x.shape()[2], x.shape()[3]);
        for (k, rate) in [(3usize, 2usize), (2, 1), (4, 1), (3, 1)] {
            let reach = (k - 1) * rate + 1;
            let (oh, ow) = (h + 1 - reach, w + 1 - reach);
            // The view `tf_extract_image_patches` copies: [n, oh, ow, k, k, c].
            let dims = [x.shape()[0], oh, ow, k, k, c];
            let strides = [h * w * c, w * c, c, rate * w * c, rate * c, 1];
            let shape = ndarray::ShapeBuilder::strides(IxDyn(&dims), IxDyn(&strides));
            let v = ArrayView::from_shape(shape, x.as_slice().unwrap()).unwrap();
            check(&v);
            let mut r = v.clone();
            r.invert_axis(Axis(2));
            check(&r);
            check(
                &v.slice(s![..1, .., ..1, .., .., ..])
                    .broadcast(IxDyn(&[2, oh, 3, k, k, c]))
                    .unwrap(),
            );
        }
    }
    for c in 1..=4 {
        let x = base(&[2, 7, 9, c]);
        each(&x.mapv(|v| v as u8));
        each(&x.mapv(|v| v as u16));
        each(&x.mapv(|v| v as f32));
        each(&x.mapv(f64::from));
    }
}

/// The short runs' grids written with streaming stores (`raw::grid_lines` where
/// `stream::grid_streams` holds): units of 16 to 192 bytes of 1-, 4- and 8-byte elements,
/// lines and runs forwards, backwards and gapped, against the formula; a slice off 16 bytes
/// takes the plain stores (a streaming store there would fault).
#[test]
fn streamed_grids_equal_their_formula() {
    fn each<A: Copy + Default + PartialEq + std::fmt::Debug, const N: usize>(make: fn(usize) -> A) {
        for (lines, outer) in [(1, 1), (1, 5), (3, 4), (2, 9)] {
            for (line_gap, run_gap) in [(0isize, 0isize), (5, 3), (-1, -2)] {
                let os = if run_gap < 0 {
                    -((N as isize) + 2)
                } else {
                    N as isize + run_gap
                };
                let span = outer as isize * os.abs() + line_gap.abs();
                let ls = if line_gap < 0 { -span } else { span };
                let reach = lines as isize * ls.abs() + outer as isize * os.abs() + N as isize;
                let n = 2 * reach as usize;
                let src: Vec<A> = (0..n).map(make).collect();
                // The origin leaves room before it for the backward steps.
                let origin = (n / 2) as isize;
                let at = |l: usize, i: usize, k: usize| {
                    (origin + l as isize * ls + i as isize * os + k as isize) as usize
                };
                // Every index within `origin - reach .. origin + reach`, inside `0..n`.
                for shift in [0, 1] {
                    let units = lines * outer;
                    let mut buf: Vec<A> = Vec::with_capacity(units * N + 16);
                    // The first element on 16 bytes, or one element past it (off 16 bytes).
                    let spare = buf.spare_capacity_mut();
                    let first = (0..16)
                        .find(|&e| (spare[e..].as_ptr() as usize).is_multiple_of(16))
                        .expect("an element on 16 bytes");
                    let start = &mut spare[first + shift..first + shift + units * N];
                    // SAFETY (test only): `units * N` slots of `MaybeUninit<A>` are `units`
                    // slots of `MaybeUninit<[A; N]>` (same layout, `A`'s alignment).
                    let spare: &mut [std::mem::MaybeUninit<[A; N]>] =
                        unsafe { std::slice::from_raw_parts_mut(start.as_mut_ptr().cast(), units) };
                    let lines_step = plan::Step {
                        len: lines,
                        stride: ls,
                    };
                    let outer_step = plan::Step {
                        len: outer,
                        stride: os,
                    };
                    // SAFETY: every (l, i, k) is an index of `src` (checked above); `A` is plain
                    // and N of them a multiple of 16 bytes (the callers below).
                    unsafe {
                        raw::grid_lines(
                            spare,
                            src.as_ptr().offset(origin),
                            lines_step,
                            outer_step,
                            true,
                        )
                    };
                    stream::fence();
                    for l in 0..lines {
                        for i in 0..outer {
                            // SAFETY (test only): `grid_lines` wrote every unit.
                            let unit = unsafe { spare[l * outer + i].assume_init() };
                            for (k, &x) in unit.iter().enumerate() {
                                assert_eq!(
                                    x,
                                    src[at(l, i, k)],
                                    "N {N} ({l}, {i}, {k}) shift {shift}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }
    each::<f32, 4>(|i| i as f32);
    each::<f32, 12>(|i| i as f32);
    each::<f32, 48>(|i| i as f32);
    each::<u8, 16>(|i| (i % 251) as u8);
    each::<u8, 48>(|i| (i % 251) as u8);
    each::<f64, 2>(|i| i as f64);
    each::<i64, 24>(|i| i as i64);
}

/// A patch extraction past the machine's streaming threshold (a 16 MiB result: every machine's
/// threshold is at most 32 MiB of traffic) streams its 64-byte patch rows, and equals the
/// view's elements in order.
#[test]
fn a_large_patch_copy_streams_and_equals_its_view() {
    let x =
        ndarray::Array::from_shape_fn((64, 256, 256), |(a, b, c)| (a * 65536 + b * 256 + c) as f32);
    let patches = x
        .view()
        .into_shape_with_order((64, 16, 16, 16, 16))
        .unwrap()
        .permuted_axes([0, 1, 3, 2, 4]);
    let view = patches.view().into_dyn();
    assert_eq!(kernel_of(&view), Kernel::Rows(16));
    let mut out: Vec<f32> = Vec::with_capacity(view.len());
    // Units of 64 bytes stream in calls of 16 KiB (the engine's calls here are that large: a
    // copy short of its last 16 bytes in the streamed path fails this test).
    assert_eq!(
        stream::grid_streams(&out, 64, 16 << 10),
        cfg!(target_arch = "x86_64")
    );
    extend_c_order(&mut out, &view);
    assert_eq!(out.len(), view.len());
    assert!(out.iter().zip(view.iter()).all(|(a, b)| a == b));
}
