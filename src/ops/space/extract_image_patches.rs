//! `ExtractImagePatchesExt`: TensorFlow's `tf.image.extract_patches` (the `ExtractImagePatches`
//! op) on NHWC images.

use ndarray::{Array, ArrayRef, ArrayView, ArrayViewD, Dimension, IxDyn, ShapeBuilder};

use crate::error::Error;
use crate::ops::join::{PadExt, PadMode};
use crate::ops::space::nhwc::{nhwc, output_shape, owned};
use crate::util::alloc::try_vec;
use crate::util::copy::{extend_c_order, grid_streams};
use crate::util::owned::c_order;
use crate::util::runs::{Runs, dispatch_run_len, gather_runs, run, run_len};
use crate::util::sealed::{private_decl, private_impl};
use crate::util::shape::element_count;

/// TensorFlow's padding algorithm for sliding windows (`padding="SAME"` / `"VALID"`).
///
/// ```
/// use ndarray::Array4;
/// use ndarray_tfslice::prelude::*;
///
/// let x = Array4::<f32>::ones((1, 5, 5, 1));
/// let same = x.tf_extract_image_patches([1, 2, 2, 1], [1, 2, 2, 1], [1, 1, 1, 1], Padding::Same)?;
/// let valid = x.tf_extract_image_patches([1, 2, 2, 1], [1, 2, 2, 1], [1, 1, 1, 1], Padding::Valid)?;
/// assert_eq!(same.shape(), &[1, 3, 3, 4]); // ceil(5 / 2) windows per axis
/// assert_eq!(valid.shape(), &[1, 2, 2, 4]); // only windows wholly inside the image
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Padding {
    /// `"SAME"`: `ceil(input / stride)` windows per axis; the input is padded with zeros, half the
    /// padding before it (rounded down), the rest after.
    Same,
    /// `"VALID"`: no padding; only the windows that lie wholly inside the input.
    Valid,
}

/// TensorFlow's `tf.image.extract_patches` (raw op `ExtractImagePatches`) as a method of every
/// ndarray array of rank 4 (`[batch, rows, cols, depth]`, NHWC).
///
/// ```
/// use ndarray::{ArrayD, IxDyn};
/// use ndarray_tfslice::prelude::*;
///
/// // 3x3 patches of a 2-channel image, stride 2: `tf.image.extract_patches(x, [1, 3, 3, 1],
/// // [1, 2, 2, 1], [1, 1, 1, 1], "SAME")`.
/// let x = ArrayD::<f64>::ones(IxDyn(&[2, 8, 8, 2]));
/// let p = x.tf_extract_image_patches([1, 3, 3, 1], [1, 2, 2, 1], [1, 1, 1, 1], Padding::Same)?;
/// assert_eq!(p.shape(), &[2, 4, 4, 18]);
/// # Ok::<(), Error>(())
/// ```
pub trait ExtractImagePatchesExt<A, D: Dimension> {
    /// `tf.image.extract_patches(self, sizes=ksizes, strides=strides, rates=rates,
    /// padding=padding)`: every `ksizes[1] x ksizes[2]` patch, flattened into the depth axis.
    ///
    /// `ksizes`, `strides` and `rates` are `[1, rows, cols, 1]` as in TensorFlow. A patch samples
    /// the input every `rates` pixels (so it spans `ksize + (ksize - 1) * (rate - 1)` pixels),
    /// consecutive patches start `strides` pixels apart. The result, an owned array of the input's
    /// dimension type, has shape `[batch, out_rows, out_cols, ksizes[1] * ksizes[2] * depth]`,
    /// each patch in row, column, depth order:
    /// `out[b, r, c, (i * ksizes[2] + j) * depth + k] = self[b, r * strides[1] + i * rates[1] -
    /// pad_top, c * strides[2] + j * rates[2] - pad_left, k]`, or zero where that lies in the
    /// padding.
    ///
    /// With [`Padding::Same`], `out_rows = ceil(rows / strides[1])` and `pad_top =
    /// max(0, (out_rows - 1) * strides[1] + effective_ksize - rows) / 2` (columns alike). With
    /// [`Padding::Valid`], `out_rows = (rows - effective_ksize + strides[1]) / strides[1]`, rounded
    /// toward zero as in TensorFlow's C++: 0 (an empty result) when the patch is a little larger
    /// than the image, [`Error::PatchesOutputNegative`] when it is larger by `2 * stride` or more.
    ///
    /// The padding is `A::default()`, the crate's one fill value for new elements (the zero
    /// TensorFlow pads with, for every numeric type).
    ///
    /// # Errors
    /// In TensorFlow's order (the attribute checks come before the input is looked at):
    /// - [`Error::PatchesNotSpatial`] / [`Error::PatchesZero`]: `ksizes`, then `strides`, then
    ///   `rates` is checked, each for a batch or depth entry (index 0 or 3) other than 1 first,
    ///   then for a zero spatial entry (index 1 or 2).
    /// - [`Error::WrongRank`]: the input's rank is not 4 (TensorFlow: `input must be
    ///   4-dimensional[5,5,2]`).
    /// - [`Error::PatchesOutputNegative`]: with [`Padding::Valid`], a patch far larger than the
    ///   image (rows first, then columns).
    /// - [`Error::TooLarge`]: the result's size overflows, or `self` is a view (a broadcast one,
    ///   say) whose copy would have more bytes than an allocation can hold.
    ///
    /// # Example
    /// TensorFlow's own example (`tf.image.extract_patches` documentation): a 10 x 10 image
    /// holding 1 to 100.
    /// ```
    /// use ndarray::{array, Array, Array4};
    /// use ndarray_tfslice::prelude::*;
    ///
    /// let images: Array4<i32> = Array::from_iter(1..=100).into_shape_with_order((1, 10, 10, 1)).unwrap();
    /// // 3x3 patches with stride 5.
    /// let p = images.tf_extract_image_patches([1, 3, 3, 1], [1, 5, 5, 1], [1, 1, 1, 1], Padding::Valid)?;
    /// assert_eq!(
    ///     p,
    ///     array![[
    ///         [[1, 2, 3, 11, 12, 13, 21, 22, 23], [6, 7, 8, 16, 17, 18, 26, 27, 28]],
    ///         [[51, 52, 53, 61, 62, 63, 71, 72, 73], [56, 57, 58, 66, 67, 68, 76, 77, 78]],
    ///     ]]
    /// );
    /// // The same, but with rate 2: each patch samples every other pixel.
    /// let p = images.tf_extract_image_patches([1, 3, 3, 1], [1, 5, 5, 1], [1, 2, 2, 1], Padding::Valid)?;
    /// assert_eq!(
    ///     p,
    ///     array![[
    ///         [[1, 3, 5, 21, 23, 25, 41, 43, 45], [6, 8, 10, 26, 28, 30, 46, 48, 50]],
    ///         [[51, 53, 55, 71, 73, 75, 91, 93, 95], [56, 58, 60, 76, 78, 80, 96, 98, 100]],
    ///     ]]
    /// );
    ///
    /// // SAME pads with zeros: a 2x2 image, 2x2 patches, stride 1 (padding after, none before).
    /// let x = array![[[[1], [2]], [[3], [4]]]];
    /// let p = x.tf_extract_image_patches([1, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1], Padding::Same)?;
    /// assert_eq!(p, array![[[[1, 2, 3, 4], [2, 0, 4, 0]], [[3, 4, 0, 0], [4, 0, 0, 0]]]]);
    ///
    /// let err = x.tf_extract_image_patches([1, 3, 3, 2], [1, 1, 1, 1], [1, 1, 1, 1], Padding::Same);
    /// assert!(err.unwrap_err().to_string().starts_with("Only support ksizes across space."));
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_extract_image_patches(
        &self,
        ksizes: [usize; 4],
        strides: [usize; 4],
        rates: [usize; 4],
        padding: Padding,
    ) -> Result<Array<A, D>, Error>
    where
        A: Clone + Default;

    private_decl! {}
}

impl<A, D: Dimension> ExtractImagePatchesExt<A, D> for ArrayRef<A, D> {
    fn tf_extract_image_patches(
        &self,
        ksizes: [usize; 4],
        strides: [usize; 4],
        rates: [usize; 4],
        padding: Padding,
    ) -> Result<Array<A, D>, Error>
    where
        A: Clone + Default,
    {
        let plan = Patches::resolve::<A>(self.shape(), ksizes, strides, rates, padding)?;
        let data = plan.extract(&c_order(self)?)?;
        owned(self.raw_dim(), plan.output, data)
    }

    private_impl! {}
}

/// [`Patches::pays_to_pad`]: patch rows of this many bytes or more are left to the tap-by-tap
/// loop, whose copy per window row is then mostly bytes.
const PAD_ROW_BYTES: usize = 256;

/// A resolved call: the shapes and one [`Window`] per spatial axis.
struct Patches {
    /// `[batch, rows, cols, depth]` of the input.
    input: [usize; 4],
    /// The result's shape.
    output: [usize; 4],
    rows: Window,
    cols: Window,
}

/// The sliding window along one spatial axis.
#[derive(Clone, Copy)]
struct Window {
    ksize: usize,
    stride: usize,
    rate: usize,
    /// The number of windows (the result's size on this axis).
    output: usize,
    /// The zeros TensorFlow adds before the input (`pad_top` / `pad_left`).
    pad_before: u128,
}

impl Patches {
    /// TensorFlow's checks, in its order, and the arithmetic of its kernel.
    fn resolve<A>(
        shape: &[usize],
        ksizes: [usize; 4],
        strides: [usize; 4],
        rates: [usize; 4],
        padding: Padding,
    ) -> Result<Self, Error> {
        // TF parses these attributes when it builds the kernel, before it sees the input.
        check_attribute("ksizes", ksizes)?;
        check_attribute("strides", strides)?;
        check_attribute("rates", rates)?;
        let input = nhwc("tf_extract_image_patches", shape)?;
        let [n, in_rows, in_cols, depth] = input;
        let rows = Window::resolve(1, in_rows, ksizes[1], strides[1], rates[1], padding)?;
        let cols = Window::resolve(2, in_cols, ksizes[2], strides[2], rates[2], padding)?;
        let output = output_shape::<A>([
            Some(n),
            Some(rows.output),
            Some(cols.output),
            element_count(&[rows.ksize, cols.ksize, depth]),
        ])?;
        Ok(Patches {
            input,
            output,
            rows,
            cols,
        })
    }

    /// The result's row-major elements, from the input's.
    ///
    /// Each patch row is either padding (zeros), or one input row sampled at the column taps: a
    /// whole contiguous run of `ksize_cols * depth` elements when the columns are consecutive
    /// (rate 1, no padding), one run of `depth` per tap otherwise.
    fn extract<A: Clone + Default>(&self, data: &[A]) -> Result<Vec<A>, Error> {
        let [_, in_rows, in_cols, depth] = self.input;
        let total = element_count(&self.output).unwrap_or(0);
        // A non-empty result has every dimension non-zero, so has its input, and every window
        // list below is no longer than the result.
        if total == 0 {
            return try_vec::<A>(&self.output);
        }
        let row_taps = self.rows.taps(in_rows)?;
        let col_taps = self.cols.taps(in_cols)?;
        let padding = row_taps.iter().chain(&col_taps).any(Option::is_none);
        if padding
            && let Some(axes) = self.unpadded(&row_taps, &col_taps)
            && self.pays_to_pad::<A>(axes)
            && let Some((unpadded, image)) = self.padded(data, axes)
        {
            return unpadded.extract(&image);
        }
        // Reserved fallibly: a result that fits isize but not in memory is an Err, not an abort.
        // (After the padded input: one result allocated per call, not a second one dropped.)
        let mut out = try_vec::<A>(&self.output)?;
        // A result past the machine's streaming threshold whose patch rows are whole 16-byte
        // chunks goes by the view too: the engine's grid of short runs writes it with streaming
        // stores. ViT's 16×16 / 16 of a 16×224×224×3 `f32` batch (9.6 MB; Zen 1 EPYC, L3 8
        // MiB, pinned, best of 20 × 5 calls, the build before alternating, twice): 2.25-2.49 ms
        // by the rows of pieces, 1.14-1.32 ms by the streamed view (a `memcpy` of the result
        // 1.61-1.73 ms).
        // The engine's grid is a row of patches (its patches' rows); it streams from 8 KiB.
        let row_bytes = self.cols.ksize * depth * std::mem::size_of::<A>();
        let grid = self.cols.output * self.rows.ksize * row_bytes;
        let streams = grid_streams(&out, row_bytes, grid);
        if let Some(view) = (self.by_view::<A>() || streams)
            .then(|| self.inside(data, &row_taps, &col_taps))
            .flatten()
        {
            extend_c_order(&mut out, &view);
            return Ok(out);
        }
        let col_runs: Vec<Option<usize>> = col_taps
            .chunks_exact(self.cols.ksize)
            .map(consecutive)
            .collect();
        let taps = Taps {
            rows: &row_taps,
            cols: &col_taps,
            col_runs: &col_runs,
            ksize_rows: self.rows.ksize,
            ksize_cols: self.cols.ksize,
        };
        let patch_row = self.cols.ksize * depth;
        let image_row = in_cols * depth;
        dispatch_run_len!(
            patch_row,
            extract_runs(data, &mut out, &taps, in_rows * image_row, image_row, depth)
        )?;
        Ok(out)
    }
}

impl Patches {
    /// Whether [`Patches::inside`]'s view, copied by the copy engine, is the faster way: for
    /// every window shape except patch rows of 128 to 511 bytes at rate 1, which the loop over
    /// rows of patches in `extract_runs` copies faster (`gather_runs` with AVX2 moves, each
    /// row's next run prefetched; measured on AMD's Zen 5: ViT's
    /// 16×16 / 16 of RGB `f32`, rows of 192 bytes, 1.2x against the view's 1.7x a `memcpy` of
    /// the result; 3×3 / 1 of 64 channels of `u8` 1.0x against 1.4x). Measured (AMD EPYC family
    /// 26, pinned, best of 8 × 8 calls, VALID, ratio to a `memcpy` of the result), loop ->
    /// view: `f32` RGB 3×3 / 1 3.4x -> 1.2x, 3×3 / 2 3.1x -> 1.1x, 3×3 / 3 at rate 2 17x ->
    /// 6.8x, 8×8 / 4 1.2x -> 0.9x, 3×3 / 1 of 64 channels (rows of 768 bytes) 0.93x -> 0.70x;
    /// `u8` RGB 3×3 / 1 11.4x -> 3.3x, 16×16 / 16 1.65x -> 0.98x, 2×2 / 2 of one channel 20.6x
    /// -> 4.3x.
    fn by_view<A>(&self) -> bool {
        let (rows, cols) = (&self.rows, &self.cols);
        let row_bytes = cols
            .ksize
            .saturating_mul(self.input[3])
            .saturating_mul(std::mem::size_of::<A>());
        rows.rate > 1 || cols.rate > 1 || !(128..512).contains(&row_bytes)
    }

    /// Both axes' windows over the input padded with the zeros their taps reach
    /// ([`Window::unpadded`]), rows then columns; `None` where no tap of some axis reaches the
    /// input or a length overflows.
    fn unpadded(
        &self,
        row_taps: &[Option<usize>],
        col_taps: &[Option<usize>],
    ) -> Option<[(Window, usize, usize); 2]> {
        Some([self.rows.unpadded(row_taps)?, self.cols.unpadded(col_taps)?])
    }

    /// For windows that reach into the padding (SAME), the input with that padding written
    /// out as zeros, and the same windows over it without padding (`axes`, from
    /// [`Patches::unpadded`]): then every tap is inside the image, so a window row is a run of
    /// the padded input and [`Patches::extract`] copies the result as it copies VALID patches,
    /// instead of tap by tap. `None` where the padded input cannot be allocated (the
    /// tap-by-tap loop needs no more memory than the result).
    fn padded<A: Clone + Default>(
        &self,
        data: &[A],
        axes: [(Window, usize, usize); 2],
    ) -> Option<(Patches, Vec<A>)> {
        let [n, in_rows, in_cols, depth] = self.input;
        let [(rows, height, top), (cols, width, left)] = axes;
        let input = [n, height, width, depth];
        // The input rows and columns a tap reaches (those past the last tap are left out), and
        // the zeros after them up to the last tap.
        let (used_rows, used_cols) = (in_rows.min(height - top), in_cols.min(width - left));
        let paddings = [
            [0, 0],
            [top, height - top - used_rows],
            [left, width - left - used_cols],
            [0, 0],
        ];
        let image = ArrayView::from_shape(self.input, data).ok()?;
        let padded = image
            .slice(ndarray::s![.., ..used_rows, ..used_cols, ..])
            .tf_pad(&paddings, PadMode::Constant, A::default())
            .ok()?;
        let unpadded = Patches {
            input,
            output: self.output,
            rows,
            cols,
        };
        Some((unpadded, padded.into_raw_vec_and_offset().0))
    }

    /// Whether [`Patches::padded`] is the faster way to windows that reach into the padding:
    /// where the padded input has at most half the result's elements (windows overlapping, so
    /// the extra copy is small beside the result) and patch rows are under [`PAD_ROW_BYTES`]
    /// (the tap-by-tap loop's one copy per window row costs most, beside its bytes, where they
    /// are short). Measured, `f32` unless said (Intel Xeon family 6 model 207, pinned, best of
    /// 8 × 5 calls, tap by tap and padded builds in alternating processes, ratio to a `memcpy`
    /// of the result):
    /// - 3×3 / 1 of 64×64 images, rows of 48, 96 and 192 bytes: 2.0x -> 1.0x, 1.2x -> 0.74x,
    ///   1.0x -> 0.74x; rows of 384 and 768 bytes: 0.70x -> 0.74-0.83x, 0.67-0.69x -> 0.73x.
    /// - RGB 3×3 / 1 of 16×128×128: `u8` 4.4 ms -> 0.83 ms (7.1 ms in some processes; NumPy's
    ///   `sliding_window_view` of `np.pad` 6.4 ms), `f32` 4×128×128 1.15-1.21 -> 0.60-0.62 ms.
    /// - DeepFill's contextual attention (`inpaint_ops.py`, 1×64×64×128 features): its 4×4 / 2
    ///   patches 419-425 -> 630-686 µs padded, its 3×3 / 1 of 1×32×32×128 208-247 -> 280-301
    ///   µs (rows of 2 and 1.5 KiB: left tap by tap), its mask's 3×3 / 1 of one channel 22-23
    ///   -> 6-9 µs.
    /// - 2×2 / 2 of 63×63 (padding after the last row and column only; the padded input is
    ///   the result's size), 8 to 64 channels: 1.0-2.2x -> 2.0-3.4x (left tap by tap).
    fn pays_to_pad<A>(&self, [(_, height, _), (_, width, _)]: [(Window, usize, usize); 2]) -> bool {
        let [n, _, _, depth] = self.input;
        let row_bytes = self
            .cols
            .ksize
            .saturating_mul(depth)
            .saturating_mul(std::mem::size_of::<A>());
        match (
            element_count(&[n, height, width, depth]),
            element_count(&self.output),
        ) {
            (Some(padded), Some(result)) => padded <= result / 2 && row_bytes < PAD_ROW_BYTES,
            _ => false,
        }
    }

    /// Where every tap of every window is inside the image (VALID padding, or SAME where it
    /// adds nothing), the result in C order as a view of the row-major input: `[n, rows, cols,
    /// ksize_rows, ksize_cols, depth]`, window `(i, j)` from input pixel `(y0 + i * stride_rows,
    /// x0 + j * stride_cols)`, its taps `rate` pixels apart. The copy engine copies it as it
    /// copies `space_to_depth` (which it is, for patches as large as their strides): rows of
    /// units interleaved, byte gathers for one-byte elements. `None` where a tap is padding, or
    /// the strides do not fit in `usize` (the general loop writes those).
    fn inside<'a, A>(
        &self,
        data: &'a [A],
        row_taps: &[Option<usize>],
        col_taps: &[Option<usize>],
    ) -> Option<ArrayViewD<'a, A>> {
        if row_taps.iter().chain(col_taps).any(Option::is_none) {
            return None;
        }
        let (y0, x0) = (row_taps.first().copied()??, col_taps.first().copied()??);
        let [n, h, w, c] = self.input;
        let line = w.checked_mul(c)?;
        let dims = [
            n,
            self.rows.output,
            self.cols.output,
            self.rows.ksize,
            self.cols.ksize,
            c,
        ];
        let strides = [
            h.checked_mul(line)?,
            self.rows.stride.checked_mul(line)?,
            self.cols.stride.checked_mul(c)?,
            self.rows.rate.checked_mul(line)?,
            self.cols.rate.checked_mul(c)?,
            1,
        ];
        let offset = y0.checked_mul(line)?.checked_add(x0.checked_mul(c)?)?;
        let shape = IxDyn(&dims).strides(IxDyn(&strides));
        ArrayView::from_shape(shape, data.get(offset..)?).ok()
    }
}

/// Where each window's taps read, per axis (see [`Window::taps`]).
struct Taps<'a> {
    rows: &'a [Option<usize>],
    cols: &'a [Option<usize>],
    /// Per output column, the first input column when its taps are consecutive and real.
    col_runs: &'a [Option<usize>],
    ksize_rows: usize,
    ksize_cols: usize,
}

/// [`Patches::extract`]'s copy loop, for patch rows of `N` elements (0: any length).
fn extract_runs<const N: usize, A: Clone + Default>(
    data: &[A],
    out: &mut Vec<A>,
    taps: &Taps<'_>,
    image_len: usize,
    image_row: usize,
    depth: usize,
) -> Result<(), Error> {
    let patch_row = run_len::<N>(taps.ksize_cols * depth);
    // Windows whose columns are all inside the image and evenly spaced (VALID padding, or SAME
    // where it adds nothing): a row of patches is the window's rows interleaved in runs of a
    // patch row, one run every `stride` columns, which `gather_runs` writes in one go, patch
    // by patch. Rows of pieces instead (`interleave_stepped`: each window row's runs down a
    // block of patches; 2974b65 to 5e101bf for windows that do not overlap with patch rows of
    // whole 64-byte moves) won on an Intel Xeon (family 6 model 207: ViT's 16×16 / 16 of RGB
    // 1.16x -> 1.08x a `memcpy`, 32×32 / 32 of one channel 1.45x -> 1.25x, 8×8 / 8 of RGBA
    // 1.32x -> 1.18x) but lost on an AMD EPYC of family 25 (Zen 4; standalone, pinned, best
    // of 12 × 5 calls, both ways in one binary by a switch, alternating processes five times:
    // ViT's 1.16x-1.48x here against 1.86x-6.3x as pieces, 32×32 / 32 1.32x-1.48x against
    // 2.79x, 8×8 / 8 of RGBA 1.37x-1.88x against 1.92x-2.49x; asking for the next block's
    // pieces ahead took ViT's only to 1.63x-1.85x). This way is within 1.5x on both.
    let regular = regular_columns(taps.col_runs).map(|(x, step)| Runs {
        offset: x * depth,
        step: step * depth,
        len: patch_row,
        rounds: taps.col_runs.len(),
    });
    let mut rows = Vec::with_capacity(taps.ksize_rows);
    for image in data.chunks_exact(image_len) {
        for row_taps in taps.rows.chunks_exact(taps.ksize_rows) {
            if let Some(runs) = regular {
                rows.clear();
                for &tap in row_taps {
                    match tap {
                        Some(y) => rows.push(run(image, y * image_row, image_row)?),
                        None => break,
                    }
                }
                if rows.len() == row_taps.len() {
                    gather_runs(out, &rows, runs)?;
                    continue;
                }
            }
            let columns = taps.cols.chunks_exact(taps.ksize_cols).zip(taps.col_runs);
            for (col_taps, &contiguous) in columns {
                for &tap in row_taps {
                    let Some(y) = tap else {
                        out.resize(out.len() + patch_row, A::default());
                        continue;
                    };
                    let row = run(image, y * image_row, image_row)?;
                    if let Some(x) = contiguous {
                        out.extend_from_slice(run(row, x * depth, patch_row)?);
                        continue;
                    }
                    for &tap in col_taps {
                        match tap {
                            Some(x) => out.extend_from_slice(run(row, x * depth, depth)?),
                            None => out.resize(out.len() + depth, A::default()),
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

/// `(x, step)` when output column `j`'s taps are the consecutive input columns from
/// `x + j * step`, for every `j`.
fn regular_columns(col_runs: &[Option<usize>]) -> Option<(usize, usize)> {
    let first = (*col_runs.first()?)?;
    let step = match col_runs.get(1) {
        Some(second) => second.and_then(|s| s.checked_sub(first))?,
        None => 1,
    };
    let mut expected = first;
    for &x in col_runs {
        if x != Some(expected) {
            return None;
        }
        expected = expected.checked_add(step)?;
    }
    Some((first, step))
}

/// TensorFlow's `ParseAttributeVec4`: batch and depth entries 1, spatial entries at least 1.
fn check_attribute(argument: &'static str, values: [usize; 4]) -> Result<(), Error> {
    let [batch, rows, cols, depth] = values;
    for (index, value) in [(0, batch), (3, depth)] {
        if value != 1 {
            return Err(Error::PatchesNotSpatial {
                argument,
                index,
                value,
            });
        }
    }
    for (index, value) in [(1, rows), (2, cols)] {
        if value == 0 {
            return Err(Error::PatchesZero { argument, index });
        }
    }
    Ok(())
}

/// The first of `taps` if they are consecutive input positions, none of them padding.
fn consecutive(taps: &[Option<usize>]) -> Option<usize> {
    let first = taps.first().copied().flatten()?;
    let mut expected = first;
    for &tap in taps {
        if tap != Some(expected) {
            return None;
        }
        expected = expected.checked_add(1)?;
    }
    Some(first)
}

impl Window {
    /// TensorFlow's `GetWindowedOutputSize` for one axis (`axis` 1 or 2), with the effective
    /// (dilated) patch size. Sizes are `u128`, so that no `usize` arguments overflow them.
    fn resolve(
        axis: usize,
        input: usize,
        ksize: usize,
        stride: usize,
        rate: usize,
        padding: Padding,
    ) -> Result<Self, Error> {
        let (k, s, r) = (ksize as u128, stride as u128, rate as u128);
        // At most (2^64 - 1) + (2^64 - 2)^2 < 2^128: it fits, saturation is only a safeguard.
        let effective = k.saturating_add(k.saturating_sub(1).saturating_mul(r.saturating_sub(1)));
        let (output, pad_before) = match padding {
            Padding::Valid => {
                let reach = input as u128 + s;
                match reach.checked_sub(effective) {
                    Some(room) => (room / s, 0),
                    None => {
                        // C++ division rounds toward zero: a little past the input is 0 windows.
                        let windows = (effective - reach) / s;
                        if windows > 0 {
                            return Err(Error::PatchesOutputNegative {
                                axis,
                                output_size: i128::try_from(windows).map_or(i128::MIN, |w| -w),
                                input_size: input,
                                effective_ksize: effective,
                                stride,
                            });
                        }
                        (0, 0)
                    }
                }
            }
            Padding::Same => {
                let output = input.div_ceil(stride) as u128;
                let needed = output
                    .saturating_sub(1)
                    .saturating_mul(s)
                    .saturating_add(effective)
                    .saturating_sub(input as u128);
                (output, needed / 2)
            }
        };
        // Never more windows than input positions plus one stride's worth.
        let output = usize::try_from(output)
            .map_err(|_| Error::Internal(format!("{output} windows on an axis of {input}")))?;
        Ok(Window {
            ksize,
            stride,
            rate,
            output,
            pad_before,
        })
    }

    /// This window over the input padded with the zeros its taps reach: `(window, length,
    /// before)`, the window without padding, the padded axis's length (up to the last tap, so
    /// more than `before`) and the zeros before the input. `None` where no tap reaches the
    /// input (the tap-by-tap loop writes those windows) or the length overflows.
    fn unpadded(&self, taps: &[Option<usize>]) -> Option<(Window, usize, usize)> {
        taps.iter().flatten().next()?;
        let before = usize::try_from(self.pad_before).ok()?;
        // One past the last window's last tap, counted from the first zero before the input:
        // past `before`, as a tap inside the input is.
        let length = (self.output.checked_sub(1)?)
            .checked_mul(self.stride)?
            .checked_add(self.ksize.checked_sub(1)?.checked_mul(self.rate)?)?
            .checked_add(1)?;
        let window = Window {
            pad_before: 0,
            ..*self
        };
        Some((window, length, before))
    }

    /// For each window in turn, the input position of each of its `ksize` taps, or `None` for
    /// padding. Called only for a non-empty result, so it is no longer than the result.
    fn taps(&self, input: usize) -> Result<Vec<Option<usize>>, Error> {
        // output * ksize divides the result's element count, but a tap can be larger than an
        // element (of a zero-sized type, say): its bytes are checked on their own.
        let mut taps = try_vec::<Option<usize>>(&[self.output, self.ksize])?;
        for o in 0..self.output {
            let start = (o as u128) * (self.stride as u128);
            for i in 0..self.ksize {
                let position = (i as u128)
                    .checked_mul(self.rate as u128)
                    .and_then(|offset| offset.checked_add(start))
                    .and_then(|p| p.checked_sub(self.pad_before))
                    .and_then(|p| usize::try_from(p).ok())
                    .filter(|&p| p < input);
                taps.push(position);
            }
        }
        Ok(taps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SAME patches of `ksize / stride` at `rate` (rows, columns) over a `shape` of numbered
    /// elements from 1: the padded input `Patches::padded` builds, or `None`.
    fn padded(
        shape: [usize; 4],
        (k, s, r): ((usize, usize), (usize, usize), (usize, usize)),
    ) -> Option<([usize; 4], Vec<i32>)> {
        let p = Patches::resolve::<i32>(
            &shape,
            [1, k.0, k.1, 1],
            [1, s.0, s.1, 1],
            [1, r.0, r.1, 1],
            Padding::Same,
        )
        .unwrap();
        let data: Vec<i32> = (1..=shape.iter().product::<usize>() as i32).collect();
        let (rows, cols) = (
            p.rows.taps(shape[1]).unwrap(),
            p.cols.taps(shape[2]).unwrap(),
        );
        let (unpadded, image) = p.padded(&data, p.unpadded(&rows, &cols)?)?;
        // The same windows, none of whose taps is padding any more.
        assert_eq!(unpadded.output, p.output);
        assert_eq!((unpadded.rows.pad_before, unpadded.cols.pad_before), (0, 0));
        Some((unpadded.input, image))
    }

    #[test]
    fn same_windows_read_the_input_padded_up_to_their_last_tap() {
        // 3×3 / 1 of a 2×3 image: a zero on every side.
        let (shape, image) = padded([1, 2, 3, 1], ((3, 3), (1, 1), (1, 1))).unwrap();
        assert_eq!(shape, [1, 4, 5, 1]);
        #[rustfmt::skip]
        assert_eq!(image, [
            0, 0, 0, 0, 0,
            0, 1, 2, 3, 0,
            0, 4, 5, 6, 0,
            0, 0, 0, 0, 0,
        ]);
        // Rows: 2 / 2 of 3, one zero after; columns: 2 taps 3 apart (rate 3) of 2, one before
        // and two after (the last window's taps are columns 0 and 3 of the padded input, of
        // 4); two channels.
        let (shape, image) = padded([1, 3, 2, 2], ((2, 2), (2, 1), (1, 3))).unwrap();
        assert_eq!(shape, [1, 4, 5, 2]);
        #[rustfmt::skip]
        assert_eq!(image, [
            0, 0, 1, 2, 3, 4, 0, 0, 0, 0,
            0, 0, 5, 6, 7, 8, 0, 0, 0, 0,
            0, 0, 9, 10, 11, 12, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        ]);
        // Rows 1 / 2 of 4 read rows 0 and 2 only: row 3 is left out; columns 3 / 1 of 2.
        let (shape, image) = padded([1, 4, 2, 1], ((1, 3), (2, 1), (1, 1))).unwrap();
        assert_eq!(shape, [1, 3, 4, 1]);
        assert_eq!(image, [0, 1, 2, 0, 0, 3, 4, 0, 0, 5, 6, 0]);
    }

    /// Whether SAME patches of `ksize / stride` (both axes alike) of `shape` take the padded
    /// input, for elements of `A`.
    fn pays<A>(shape: [usize; 4], k: usize, s: usize, rate: usize) -> bool {
        let p = Patches::resolve::<A>(
            &shape,
            [1, k, k, 1],
            [1, s, s, 1],
            [1, rate, rate, 1],
            Padding::Same,
        )
        .unwrap();
        let (rows, cols) = (
            p.rows.taps(shape[1]).unwrap(),
            p.cols.taps(shape[2]).unwrap(),
        );
        p.unpadded(&rows, &cols)
            .is_some_and(|axes| p.pays_to_pad::<A>(axes))
    }

    /// ViT's 16×16 / 16 patches of RGB `f32` in a batch whose copy passes every machine's
    /// streaming threshold (a 16.9 MB result: traffic past 32 MiB) take the streamed view; 14×14
    /// / 14 patches (rows of 168 bytes, not whole 16-byte chunks) the rows of pieces. Both
    /// against the formula.
    #[test]
    fn patches_of_a_large_batch_equal_their_formula() {
        let (n, side, depth) = (28, 224, 3);
        let data: Vec<f32> = (0..n * side * side * depth).map(|i| i as f32).collect();
        let x = ArrayView::from_shape((n, side, side, depth), &data).unwrap();
        for size in [16, 14] {
            let k = [1, size, size, 1];
            let y = x
                .tf_extract_image_patches(k, k, [1, 1, 1, 1], Padding::Valid)
                .unwrap();
            let count = side / size;
            assert_eq!(y.shape(), [n, count, count, size * size * depth]);
            let row = size * depth;
            let grid = count * size * row * 4;
            assert_eq!(
                grid_streams(&Vec::<f32>::with_capacity(y.len()), row * 4, grid),
                size == 16 && cfg!(target_arch = "x86_64")
            );
            // Output (a, i, j) is its patch's rows in turn, each `row` elements of one image
            // row from column `size * j`.
            let got = y.as_slice().unwrap();
            let mut at = 0;
            for a in 0..n {
                for i in 0..count {
                    for j in 0..count {
                        for r in 0..size {
                            let from = ((a * side + size * i + r) * side + size * j) * depth;
                            assert_eq!(got[at..at + row], data[from..from + row], "{size} at {at}");
                            at += row;
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn overlapping_windows_of_short_rows_take_the_padded_input() {
        // 3×3 / 1: the padded input is a ninth of the result; rows of 3 × 21 `f32` (252
        // bytes) are padded, of 3 × 22 (264 bytes) or 3 × 128 (DeepFill's) not.
        assert!(pays::<u8>([16, 128, 128, 3], 3, 1, 1));
        assert!(pays::<f32>([1, 32, 32, 21], 3, 1, 1));
        assert!(!pays::<f32>([1, 32, 32, 22], 3, 1, 1));
        assert!(!pays::<f32>([1, 32, 32, 128], 3, 1, 1));
        assert!(pays::<u8>([1, 32, 32, 64], 3, 1, 1));
        // Dilated (rate 2) 3×3 / 1; 4×4 / 2, a quarter; 2×2 / 2 and 2×2 / 3: the padded input
        // is as large as the result or larger.
        assert!(pays::<f32>([1, 9, 9, 3], 3, 1, 2));
        assert!(pays::<f32>([1, 64, 64, 1], 4, 2, 1));
        assert!(!pays::<f32>([4, 63, 63, 4], 2, 2, 1));
        assert!(!pays::<f32>([1, 11, 11, 1], 2, 3, 1));
        // One column, 2 taps 3 apart: the one window's taps are columns -1 and 2, both
        // padding; there are no windows over a padded input, so no padded input to build.
        let p = Patches::resolve::<i32>(
            &[1, 3, 1, 1],
            [1, 3, 2, 1],
            [1, 1, 1, 1],
            [1, 1, 3, 1],
            Padding::Same,
        )
        .unwrap();
        let (rows, cols) = (p.rows.taps(3).unwrap(), p.cols.taps(1).unwrap());
        assert!(p.unpadded(&rows, &cols).is_none());
    }
}
