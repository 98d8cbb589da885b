//! Tile transposes for [`super::plan::Kernel::Blocked`] (the copy engine's eighth `unsafe`
//! module): a layout change of feature maps with more than 4 channels (NHWC to NCHW and back),
//! and any other transpose whose source rows are one element apart, for plain 1- and 2-byte
//! primitives (SSE2, every x86_64 CPU; 1-byte ones of 32 rows in AVX2 where the CPU has it)
//! and 4- and 8-byte ones where the CPU has AVX2.
//!
//! Why: the blocked kernel copies one element per iteration (a strided load, a store), about one
//! element per cycle. `f32` NHWC -> NCHW of 16×56×56×64 took 7.0x a `memcpy` of its bytes, and
//! NCHW -> NHWC 4.4x; `u8` 18x and 16x, `u16` 11x and 9x. LLVM does not turn a fixed-size tile
//! loop into a shuffle transpose (tiles of 4, 8 and 16 elements compiled for AVX2 and AVX-512:
//! 3.2x to 5.5x). Here an 8×8 tile of 4-byte elements is 16 half loads (each 256-bit register
//! two rows' 128-bit halves, the high one by `vinsertf128` from memory), 16 in-lane shuffles
//! (`vunpcklps`/`vunpckhps`, `vshufps`) and 8 stores; a 4×4 tile of 8-byte ones 8 half loads,
//! 4 `vunpck`s, 4 stores; a 16×16 tile of bytes 16 loads, 64 `punpck`s, 16 stores; an 8×8
//! tile of 2-byte elements 8 loads, 24 `punpck`s, 8 stores. Measured (AMD EPYC family 26,
//! pinned, best of 10 × 10 calls, a standalone prototype of this loop): 16×3136×64 `f32` 7.0x
//! -> 2.0x a `memcpy`, 16×64×3136 4.4x -> 1.9x, 18×4096×8 4.4x -> 1.2x; through the engine,
//! 16×56×56×64 `u8` 17.9x -> 2.5x and 16.4x -> 2.3x, `u16` 10.6x -> 2.5x and 8.9x -> 1.9x.
//! The 4- and 8-byte tiles first swapped 128-bit halves in registers (`vperm2f128`: one µop on
//! Intel, 8 on Zen 1). Loading the halves in place instead (AMD EPYC family 23, pinned, best
//! of 12 × 5-10 calls against a `memcpy`, alternating processes, three times): `f32`
//! 1024×1024 transposed 3.01-3.15x -> 2.72-2.85x, 768×3072 2.43-2.46x -> 2.26-2.28x, NCHW ->
//! NHWC of 8×28×28×512 1.29-1.34x -> 1.21-1.25x, level elsewhere; `f64` 1024×1024 1.72-1.74x
//! -> 1.62x, 768×3072 1.82-1.84x -> 1.59-1.60x, 1000×999 2.08-2.11x -> 1.79-1.89x.
//!
//! The loops: output rows `r` and columns `k`, element `(r, k)` at `base + r + k * stride` of
//! the source (a pixel's channels one element apart). Tiles of 8 output rows (4 for 8-byte
//! elements, 16 or 8 for bytes; fewer where there are fewer rows or columns), in bands of up
//! to 32 output rows, each band's tiles column by column along all the columns, so each
//! tile's loads are its pixels' channels and its stores go down its output rows; images larger
//! than the L2 go in blocks of 32 output columns instead (16 for `f32` staged tiles), each
//! block's tiles down all the rows (down groups of 256 rows where source and result outgrow
//! the L3), asking for the output lines two rows of tiles ahead, and the columns of tiles are
//! laid on the output's 64-byte lines; so do matrices with long rows both ways (a dense
//! layer's weights), whose tiles are composed into tiles a line wide through a buffer where
//! rows crowd L1 sets (`staged`). Where the tile size does not divide the rows or columns,
//! the last tile overlaps the one before it, writing some slots a second time with the same
//! bytes (6 channels: tiles of 4 at 0 and 2), so no element is copied on its own.
//!
//! Results of copies that outgrow the L3 ([`super::stream::copy_streams`]; half the L3 for
//! images to channel planes and sources past the L2: [`streams_early`]) are streamed: the
//! 2-, 4- and 8-byte tiles go a line wide through a buffer (`staged`) and each output line is
//! written with streaming stores (`movntdq`), which do not first read the line; the streamed
//! loops ask for source lines ahead instead of output lines, and images to NCHW larger than
//! the L2 go in blocks of columns. On the AMD EPYC of family 23 (L3 8 MiB), where a copy of
//! 12.8 MB took 2.1 ms with normal stores and 1.4 ms with streaming ones, `f32` (ratio to a
//! `memcpy`; pinned, best of 12 × 5 calls at three heap offsets, against the build before in
//! alternating processes): NHWC -> NCHW of 16×56×56×64 1.59-1.70x -> 1.15-1.31x,
//! 4×56×56×256 1.45-1.53x -> 1.09-1.18x, 8×56×56×128 1.72-1.76x -> 1.16-1.33x, 1×224×224×64
//! 1.62-1.69x -> 1.17-1.40x; NCHW -> NHWC of 16×56×56×64 1.51-1.60x -> 1.17-1.39x,
//! 4×56×56×256 1.45-1.53x -> 1.08-1.20x, 16×28×28×256 1.49-1.56x -> 1.11-1.23x; median over 7
//! heap offsets, 1024×1024 transposed 1.52x -> 1.25x, 768×3072 1.21x -> 0.89x, 2048×2048
//! 1.65x -> 1.21x, `f64` 1024×1024 1.44x -> 0.88x, `u16` 2048×2048 2.22x -> 1.61x.
//!
//! Soundness: the AVX2 functions are only called after `is_x86_feature_detected!("avx2")`
//! ([`super::gather_lines::avx2`]); SSE2 is part of the x86_64 target. Each load is of a
//! tile's `t` elements `(r0..r0 + t, k)` with `r0 + t <= rows` and `k < cols`: consecutive
//! elements of the view (the rows are one element apart), inside its allocation (the
//! contract). Each store is of `t` elements of output row `r < rows`, columns
//! `k0..k0 + t <= cols`: inside `dst`, whose length is `rows * cols` (checked); a staged
//! tile's stores go to its buffer (`Stage`: 2 KiB, the most `T * T` elements take) and
//! then, a row of `T` at a time, to `dst` as above (streamed: whole rows of `T` on a line,
//! 64 bytes, from the buffer's rows, also on lines; the parts of rows off the lines with
//! normal stores, and a fence before the result is returned). The prefetches are hints at addresses
//! only, never dereferenced (`super::prefetch`). The element type
//! is read and written as bits of its width only where it is a plain primitive of that size
//! ([`super::stream::is_plain`]): the shuffles move bits, never interpret them, so every
//! output element is a copy of a source element's bytes.

use std::mem::MaybeUninit;
use std::ops::Range;

use super::gather_lines::avx2;
use super::prefetch::{LINE, line_head, prefetch_bytes};
use super::stream::{fence, is_plain, stream_bytes};

/// Writes `dst` as `rows` rows of `cols` elements, `dst[r * cols + k]` a copy of the element at
/// `base + r + k * stride`, with streaming stores where `stream` and the shape allows (fenced
/// before returning), and returns `true`; or returns `false` with nothing written where
/// `A` is not a plain primitive of 1, 2, 4 or 8 bytes, the CPU is not x86_64 (or lacks AVX2,
/// for 4 and 8 bytes), there are fewer rows or columns than one tile (4), or `dst` is not
/// `rows * cols` long.
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
    stream: bool,
) -> bool {
    // Every tile is at least 4×4.
    let tiles = rows >= 4 && cols >= 4;
    if !tiles || rows.checked_mul(cols) != Some(dst.len()) || !is_plain::<A>() {
        return false;
    }
    #[cfg(target_arch = "x86_64")]
    {
        let out = dst.as_mut_ptr();
        let size = std::mem::size_of::<A>();
        // The 1- and 2-byte tiles are SSE2 (every x86_64 CPU); the wider ones AVX2.
        if size >= 4 && !avx2() {
            return false;
        }
        match size {
            // SAFETY (every arm): `A` is a plain primitive of this size, so its elements are
            // initialised values that the loads and stores of that width copy bit for bit;
            // the CPU has AVX2 for the 4- and 8-byte tiles (checked; SSE2 is part of
            // x86_64); the element addresses are the contract's, and `dst` holds
            // `rows * cols` elements, at least 4 of each (checked).
            1 if avx2() && in_byte_pairs(rows, cols) => unsafe {
                byte_pairs(base.cast(), [rows, cols], stride, out.cast())
            },
            1 => unsafe { bytes(base.cast(), [rows, cols], stride, out.cast()) },
            2 => unsafe { halves(base.cast(), [rows, cols], stride, out.cast(), stream) },
            4 => unsafe { words(base.cast(), [rows, cols], stride, out.cast(), stream) },
            8 => unsafe { doubles(base.cast(), [rows, cols], stride, out.cast(), stream) },
            _ => return false,
        }
        if stream {
            fence();
        }
        true
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (base, stride, stream);
        false
    }
}

/// The first rows of the tiles of `t` rows along `n` rows: every `t`-th, and where `t` does
/// not divide `n`, one more ending at `n`, which overlaps the one before it (its overlapping
/// slots are written twice, with the same bytes). `n >= t`. ([`Columns`] lays out the
/// columns alike, from the output's first line boundary.)
fn starts(n: usize, t: usize) -> impl Iterator<Item = usize> {
    let whole = n / t * t;
    (0..whole).step_by(t).chain((whole < n).then(|| n - t))
}

/// Output rows per band of [`each_tile`] for tiles of `t` rows and output rows of `row_bytes`
/// bytes: [`BAND_ROWS`], halved (down to `t`) while more than 4 of the band's rows would
/// begin in one set of the L1 (64 sets of 64-byte lines on the x86_64 CPUs measured:
/// rows 4 KiB apart share one set, 1 KiB apart four). A band's rows are all being written
/// while its columns are swept, so rows crowding one set evict each other's lines before
/// their last stores: `f32` NCHW -> NHWC of 14×14×1024, whose output rows are 4 KiB apart,
/// took 1.35-1.53x a `memcpy` in bands of 8 rows, 1.9x in bands of 16.
pub(super) fn band_rows(t: usize, row_bytes: usize) -> usize {
    let mut band = BAND_ROWS.max(t);
    while band > t && most_in_one_set(band, row_bytes) > 4 {
        band /= 2;
    }
    band.max(t)
}

/// The most of `band` rows `row_bytes` apart (the first at the start of a line) that begin in
/// one of the L1's 64 sets of 64-byte lines. Row `r` begins in set `(r * row_bytes / 64) % 64`,
/// which only depends on `r * row_bytes` modulo 4096 (no overflow: `band <= BAND_ROWS`).
fn most_in_one_set(band: usize, row_bytes: usize) -> usize {
    let mut sets = [0usize; 64];
    for r in 0..band {
        sets[r * (row_bytes % 4096) % 4096 / 64] += 1;
    }
    sets.into_iter().max().unwrap_or(0)
}

/// The most output rows [`each_tile`] writes at once (a band): 32, whatever the element size.
/// Tiles of 4 or 8 rows each along all the columns (the loop before bands) read a 64-channel
/// `f32` pixel's 256 bytes in 8 passes over the image, 32 bytes of every pixel a pass, and a
/// pass no longer found in the caches the lines the pass before had brought in: NHWC -> NCHW
/// of 16×56×56×64 took 1.63-1.84x a `memcpy` of its bytes. In bands of 32 rows each pass
/// reads two whole lines of every pixel and writes 32 rows: 1.17-1.36x (Intel Xeon family 6
/// model 207, pinned, best of 6 × 9 calls, A/B in alternating processes). In a prototype of
/// the loop where bands of 32 rows took 1.31-1.48x, bands of 16 rows took 1.40-1.55x, of 64
/// rows 1.36-2.58x (64 rows written at once; 1.36-1.44x only with the output on huge
/// pages), and a prefetch of the pixels ahead made bands of 32 slower (1.7-2.2x). Other
/// shapes gain alike: `f64` 16×56×56×64 2.0x -> 1.35x, `u16` 1.7x -> 1.28x, `f32` 8×56×56×128
/// 2.0x -> 1.66x.
const BAND_ROWS: usize = 32;

/// Rows of tiles ahead of the stores for which [`each_tile`] in blocks of columns asks for
/// the output's lines ([`prefetch_bytes`]): a block writes a line or two of every output
/// row, rows far apart, where the hardware prefetchers see no stream, so each store waited
/// for its line. Through the engine (pinned, best of 6 × 9 calls, without and with the hint in
/// one binary, alternating processes): `f32` NHWC -> NCHW of 3×3136×256 1.50-1.53x a
/// `memcpy` -> 1.22-1.27x, 2×12544×96 1.49-1.53x -> 1.20-1.24x, 1×3136×512 1.51-1.59x ->
/// 1.37x; `f64` 3×3136×128 1.33-1.34x -> 1.15-1.18x. Asking 1, 4 or 8 rows of tiles ahead
/// measured the same as 2.
const AHEAD: usize = 2;

/// Output columns per block where [`each_tile`] goes in blocks of columns ([`in_blocks`]):
/// 32, two whole lines of each `f32` output row (four of `f64`, one of `u16`) a block. In a
/// standalone prototype of the loop (pinned, best of 6 × 9 calls, destination on a line),
/// blocks of 16 and 64 `f32` columns measured at most as fast as 32 (3×3136×256 1.50-1.53x
/// and 1.40-1.43x a `memcpy` against 1.36-1.40x; 3×12544×64 1.04-1.11x and 1.17-1.28x
/// against 1.05-1.12x), and 128 slower (1.32-1.82x); `u16` of 3×3136×512 1.59x in blocks of
/// 32, 1.67x of 64, 1.83x of 128.
const BLOCK_COLS: usize = 32;

/// Output columns per block of [`each_tile`] for tiles of `t` columns of `size`-byte elements:
/// [`BLOCK_COLS`], but one tile for `f32` tiles a line wide ([`staged`], 16 columns). On an AMD
/// EPYC of family 23 (pinned, best of 20 × 10 calls, ratio to a `memcpy`, blocks of 32 against
/// 16 columns in one binary by an environment switch, alternating processes, twice): `f32`
/// 1024×1024 transposed 2.26-2.59x -> 1.82-1.88x, 768×3072 1.72-1.73x -> 1.30-1.31x,
/// 3072×768 1.95-2.11x -> 1.79-1.80x, 2048×2048 2.00-2.03x -> 1.75-1.88x, 512×2048
/// 2.11-2.24x -> 1.62-1.74x, 1024×4096 1.93-1.97x -> 1.59-1.60x, 1536×1536 1.79-1.82x ->
/// 1.48-1.55x; 1024×1000 1.76-1.80x against 1.76-2.28x. Not for the others: blocks of one
/// `f64` staged tile (8 columns) were slower (1024×1024 1.58-1.62x -> 1.79x, 3072×768 1.71x ->
/// 2.26-2.31x), as were blocks of two plain `f32` tiles (1000×999 2.08-2.40x -> 2.82-3.24x,
/// 1280×1280 1.80x -> 1.99x).
pub(super) fn block_cols(size: usize, t: usize) -> usize {
    if size == 4 && t == LINE / 4 {
        t
    } else {
        BLOCK_COLS
    }
}

/// The source bytes (`cols * stride` elements) from which tiles go in blocks of
/// [`BLOCK_COLS`] output columns, each block's tiles row by row down all the output rows,
/// instead of in bands of rows along all the columns: 2 MiB, this Xeon's L2 (Intel family 6
/// model 207; 1 MiB on the AMD Zen 5 of earlier runs, not measured). A band reads two lines
/// of each pixel in its pass over the image, and the hardware prefetcher brings in the lines
/// after them: where the image fits in the L2 the next band finds those lines there, where it
/// does not they are gone and read again from memory. A block reads its 32 pixels whole,
/// once. Through the engine (NHWC -> NCHW, pinned, best of 6 × 9 calls, against eb92f88 in
/// alternating processes, both with [`Columns`]' lines): `f32` 3×3136×256 (3.2 MB images)
/// 1.91-1.94x a `memcpy` -> 1.49-1.53x, 3×12544×64 1.92-1.98x -> 1.11-1.12x, 1×224×224×64
/// (VGG's first maps) 2.85-3.15x -> 1.32-1.34x, 1×3136×512 2.25-2.28x -> 1.66-1.67x; `f64`
/// 1×12544×64 2.05-2.20x -> 1.14-1.17x; `u16` 1×224×224×64 4.15-4.20x -> 1.29-1.31x. Images
/// under the L2 keep the bands, faster there (prototype, on a line: 15×784×256 1.22-1.25x in
/// bands, 1.39-1.45x in blocks; at 1.6 MB the two are level, 7×3136×128 1.45-1.51x and
/// 1.44-1.48x).
const BLOCK_SPAN: usize = 2 << 20;

/// The most bytes from one source column (a pixel) to the next for images in blocks of
/// columns: 2 KiB, a block's source 64 KiB. `f64` pixels of 512 channels (4 KiB, a block 128
/// KiB, more than the L1) measured slower in blocks than in bands: 3×784×512 1.66-1.70x a
/// `memcpy` against 1.38-1.42x (before [`AHEAD`]'s prefetch and [`staged`] tiles, with which
/// [`long_rows`] now takes that shape in blocks: 1.24x).
const BLOCK_COLUMN: usize = 2 << 10;

/// The bytes a transpose's source spans: `cols` columns `stride` elements of `size` bytes
/// apart (saturating), what [`in_blocks`], [`in_groups`] and [`asks_next_band`] weigh
/// against the caches.
fn source_span(size: usize, cols: usize, stride: isize) -> usize {
    cols.saturating_mul(stride.unsigned_abs())
        .saturating_mul(size)
}

/// Whether [`each_tile`] goes in blocks of columns: 2-, 4- or 8-byte elements (1-byte tiles
/// measured level), a source of at least [`BLOCK_SPAN`] bytes, and either an image to NCHW
/// (output rows longer than their count, pixels of at most [`BLOCK_COLUMN`]; the other way
/// the output rows are the pixels, each band writes its rows whole, and blocks of channels
/// measured level or slower, `f32` 3×12544×64 777-801 -> 902-931 µs) or a matrix
/// ([`long_rows`]).
pub(super) fn in_blocks(size: usize, [rows, cols]: [usize; 2], stride: isize) -> bool {
    let span = source_span(size, cols, stride);
    let images = image(size, [rows, cols], stride);
    let long = long_rows(size, stride.unsigned_abs(), cols);
    matches!(size, 2 | 4 | 8) && span >= BLOCK_SPAN && (images || long)
}

/// Whether a tile transpose of `size`-byte elements streams its result from half the L3
/// ([`super::stream::early_copy_streams`], where the measurements are): an image's to channel
/// planes (NHWC to NCHW; [`image`]), or any whose source is larger than the L2
/// ([`asks_next_band`]: large images back to NHWC, matrices).
pub(super) fn streams_early(size: usize, shape: [usize; 2], stride: isize) -> bool {
    image(size, shape, stride) || asks_next_band(size, shape[1], stride)
}

/// Whether a transpose is an image's to NCHW: output rows (channels) longer than their count,
/// source columns (pixels) of at most [`BLOCK_COLUMN`] bytes.
fn image(size: usize, [rows, cols]: [usize; 2], stride: isize) -> bool {
    rows < cols && stride.unsigned_abs().saturating_mul(size) <= BLOCK_COLUMN
}

/// Whether a streamed transpose goes in blocks of columns: where [`in_blocks`] holds, and
/// images to NCHW whose source is larger than the L2 ([`asks_next_band`]). Streamed blocks ask
/// for no output lines (streaming stores do not read them) but for an image's pixels
/// [`AHEAD`] rows of tiles ahead.
fn streams_in_blocks(size: usize, shape: [usize; 2], stride: isize) -> bool {
    let images = image(size, shape, stride) && asks_next_band(size, shape[1], stride);
    in_blocks(size, shape, stride) || images
}

/// Output rows per group where [`each_tile`] goes in blocks of columns over a large source
/// ([`in_groups`]): each group's blocks go down its 256 rows only, the next group's blocks
/// after them, instead of each block down all the rows.
const GROUP_ROWS: usize = 256;

/// Whether [`each_tile`]'s blocks go down groups of [`GROUP_ROWS`] output rows: where the
/// source (`cols` columns `stride` elements apart) is more than half the streaming threshold
/// ([`stream_bytes`]: the machine's L3, clamped), so that source and result together outgrow
/// the L3. On an AMD EPYC of family 23 (L3 8 MiB; pinned, best of 20 × 10 calls, ratio to a
/// `memcpy`), with [`block_cols`]' blocks, groups against whole blocks in one binary by an
/// environment switch, alternating processes, twice: `f32` 768×3072 transposed 1.54-1.66x ->
/// 1.15x, 2048×2048 1.71-1.76x -> 1.56-1.58x, 4096×1024 1.79-2.00x -> 1.65-1.68x, 1024×4096
/// 2.01x -> 1.45x (groups of 512 rows: 1.41x), 1500×1500 1.95-2.25x -> 1.92-1.93x; 512×2048
/// level. The sources of exactly half the threshold (4 MiB there) were faster whole, hence
/// the strict threshold (median over 7 heap offsets, the strict rule against `>=`: `f32`
/// 1024×1024 1.71x -> 1.61x, 2048×512 1.47x -> 1.29x). Before `block_cols` (blocks of two
/// staged tiles), groups gained on `f64` and `u16` too (median over 7 heap offsets, against
/// the build before them: `f64` 768×3072 1.65x -> 1.49x, 2048×512 1.61x -> 1.46x; `u16`
/// 2048×2048 2.99x -> 2.21x, 1024×4096 2.32x -> 1.69x; `u16` 768×3072 1.54x -> 1.61x), and
/// lost on 4 MB sources not 4 KiB-aligned (1000×999 1.99-2.11x -> 2.37-2.48x), which the
/// threshold leaves whole.
pub(super) fn in_groups(size: usize, cols: usize, stride: isize) -> bool {
    let span = source_span(size, cols, stride);
    span > stream_bytes() / 2
}

/// Whether a transpose has long rows both ways, so goes in blocks of columns whichever way is
/// longer: source columns (`column` elements apart) longer than 512 `f32`s ([`BLOCK_COLUMN`]
/// bytes, `u16` counted as `f32`), output rows (`row` elements) of at least [`BLOCK_COLUMN`]
/// bytes. A matrix's transpose (a dense layer's weights to the other layout), not an image's
/// layout change: in bands its output rows crowd L1 sets, so [`band_rows`] narrowed the bands
/// to one row of tiles, which read half of each source line per pass over the whole source.
/// Through the engine (pinned, best of 6 × 9 calls, cecf4fc's bands against blocks with
/// [`AHEAD`]'s prefetch and [`staged`] tiles, alternating processes, 3 each; both
/// directions): `f32` 1000×999 1.95x / 1.79x a `memcpy` -> 1.10x / 1.04x, 1024×1024 2.39x ->
/// 1.38x, 768×3072 1.61x / 2.25x -> 1.33x / 1.53x, 1536×1536 2.74x / 2.57x -> 1.51x / 1.54x,
/// 4096×1024 2.46x -> 1.36x, 2048×512 1.76x / 1.84x -> 1.43x / 1.52x; `f64` 1000×999 1.21x /
/// 1.68x -> 0.98x / 1.12x, 1024×1024 2.33x -> 1.60x, 768×3072 1.68x / 2.62x -> 1.42x / 1.57x;
/// `u16` 1024×1024 2.79x -> 1.94x, 2048×2048 4.1x -> 2.2x. `u16` output rows under 2 KiB keep
/// the bands (3136×512 to NHWC: 1.69x in bands, 1.82x in blocks). Slower: NCHW -> NHWC of
/// 28×28×1024 `f32` (1.27x -> 1.36x) and 56×56×256 `f64` (1.49x -> 1.61x).
fn long_rows(size: usize, column: usize, row: usize) -> bool {
    column.saturating_mul(size.max(4)) > BLOCK_COLUMN && row.saturating_mul(size) >= BLOCK_COLUMN
}

/// Whether the source columns of a tile of `t` columns (`stride` elements of `size` bytes
/// apart: for NCHW -> NHWC, the channels' planes) are far apart: at least [`FAR_PLANES`]
/// bytes, or more than 4 of the tile's in one L1 set ([`most_in_one_set`]; planes a multiple
/// of 4 KiB apart are all in one). Then 1- and 2-byte tiles go in bands of output rows (a
/// band reads a whole line of each plane, where one row of tiles reads a quarter of it and
/// needs the line again three rows of tiles later, after a line of every other plane).
/// NCHW -> NHWC, pinned, best of 6 × 9 calls, one row of tiles -> bands in one binary,
/// alternating processes: `u16` 3×56×56×512 (planes 6,272 bytes apart) 2.35-2.42x a
/// `memcpy` -> 1.65-1.66x, 7×56×56×256 1.95-1.96x -> 1.47x, 7×112×112×64 1.46-1.49x ->
/// 1.33x, 24×2048×128 (4 KiB) 2.07-2.13x -> 1.60-1.64x; `u8` 15×112×112×64 1.77-1.86x ->
/// 1.42-1.43x, 12×4096×256 2.24-2.29x -> 2.11x, 7×80×80×256 2.29-2.33x -> 1.94-1.98x.
/// Closer planes keep one row of tiles, faster there: `u16` 10×50×50×256 (5,000 bytes)
/// 1.36-1.37x against 1.47-1.54x in bands, 31×28×28×256 1.31x against 1.42x; `u8`
/// 15×56×56×256 (3,136 bytes) 1.55-1.58x against 1.71-1.73x.
fn far_planes(t: usize, stride: isize, size: usize) -> bool {
    let apart = stride.unsigned_abs().saturating_mul(size);
    apart >= FAR_PLANES || most_in_one_set(t, apart) > 4
}

/// The planes' distance from which [`far_planes`] holds, whatever their L1 sets: 6 KiB.
const FAR_PLANES: usize = 6 << 10;

/// Whether [`each_tile`]'s bands ask for the next band's part of each source column while
/// they copy this one: where the source (`cols` columns `stride` elements apart) is larger than
/// the L2 ([`crate::util::cache`]; never where the machine does not say), so the lines a band
/// reads were not brought in with the band before. Through the engine on an AMD EPYC of family
/// 23 (L2 512 KiB; `f32`, pinned, best of 12 × 5 calls, ratio to a `memcpy` of the bytes,
/// without and with the hint in alternating processes, five times): NCHW -> NHWC of 16×56×56×64
/// (802 KB images) 1.62-1.68x -> 1.47-1.53x, of 4×56×56×256 1.58-1.65x -> 1.46-1.54x, of
/// 16×112×112×32 1.48-1.52x -> 1.22-1.26x (and that one to NCHW 1.36-1.38x -> 1.26-1.31x);
/// level: 8×28×28×512 both ways (1.43-1.51x / 1.32-1.35x), 16×56×56×64 to NCHW, 768×3072
/// transposed, the shapes in blocks. Two bands ahead measured the same or slower. Sources
/// inside the L2 are left alone: on the Intel Xeon (2 MiB L2) a prefetch of the pixels ahead
/// made bands of the 802 KB images slower ([`BAND_ROWS`]); this rule is not yet measured there
/// on sources past its L2.
pub(super) fn asks_next_band(size: usize, cols: usize, stride: isize) -> bool {
    static L2: std::sync::OnceLock<Option<usize>> = std::sync::OnceLock::new();
    let span = source_span(size, cols, stride);
    L2.get_or_init(|| crate::util::cache::cache_bytes(2))
        .is_some_and(|l2| span > l2)
}

/// Calls `tile(source, destination)` for each tile of `t[0]` output rows and `t[1]` columns,
/// of `rows` output rows and `cols` columns (`rows >= t[0]`, `cols >= t[1]`), the columns
/// laid on the output's lines ([`Columns`]): in blocks of columns for large images
/// ([`in_blocks`]; in groups of rows for larger ones, [`in_groups`]), else in bands of
/// output rows ([`band_rows`]), each band's tiles column by column along all the columns,
/// so the stores go down the band's rows front to back and the loads take the band's part of
/// each source column at once. Columns first (each tile's rows written at places far apart)
/// took `f32` NHWC -> NCHW of 16 channels from 4.6x to 5.5x a `memcpy`. Element `(r, k)` is
/// at `base + r + k * stride`, output slot `(r, k)` at `dst + r * cols + k`; each tile is
/// given the addresses of its `(r0, k0)`, with `r0 + t[0] <= rows` and `k0 + t[1] <= cols`
/// ([`starts`]; the last row of tiles, where `t[0]` does not divide `rows`, is the one at
/// `rows - t[0]`). Where the tiles `stream`, the blocks take images larger than the L2 too
/// ([`streams_in_blocks`]) and ask for source lines ahead, not output lines, as does the loop
/// of one row of tiles per band: measured with the streaming stores (module doc), they turned
/// losses into gains (`f32` pinned, against the streamed loops without them, alternating
/// processes): NHWC -> NCHW of 4×56×56×256 1.45-1.55x a `memcpy` -> 1.03-1.10x and
/// 2×112×112×96 1.58x -> 1.05x (pixels asked for), 8×56×56×128 1.48-1.55x -> 1.11-1.46x and
/// 8×28×28×512 1.20-1.42x -> 0.89-0.96x (blocks); NCHW -> NHWC of 4×56×56×256 1.75-1.98x ->
/// 1.23-1.36x (the next row of tiles asked for). The pixels asked for without streaming
/// measured level (4×56×56×256 1.41-1.44x -> 1.45-1.47x, 2×112×112×96 1.46-1.52x ->
/// 1.43-1.48x), and a streamed 1024×1024 slower (1.32-1.34x -> 1.47-1.52x): matrices'
/// columns are not asked for.
#[inline(always)]
fn each_tile<E>(
    base: *const E,
    [rows, cols]: [usize; 2],
    stride: isize,
    dst: *mut E,
    t: [usize; 2],
    stream: bool,
    mut tile: impl FnMut(*const E, *mut E),
) {
    let size = std::mem::size_of::<E>();
    let ks = Columns::new(cols, t[1], dst);
    // The tile at output row `r0`, column `k0`.
    let mut at = |r0: usize, k0: usize| {
        let from = base.wrapping_offset(r0 as isize + k0 as isize * stride);
        tile(from, dst.wrapping_add(r0 * cols + k0));
    };
    let blocks = if stream {
        streams_in_blocks(size, [rows, cols], stride)
    } else {
        in_blocks(size, [rows, cols], stride)
    };
    if blocks {
        let pixels = image(size, [rows, cols], stride);
        // Rows of tiles, in groups of `per` (all of them where the group is the whole).
        let count = rows.div_ceil(t[0]);
        let per = if in_groups(size, cols, stride) {
            (GROUP_ROWS / t[0]).max(1)
        } else {
            count
        };
        for group in (0..count).step_by(per) {
            for block in ks.blocks((block_cols(size, t[1]) / t[1]).max(1)) {
                // The block's columns, asked for `AHEAD` rows of tiles ahead of the stores.
                let first = ks.start(block.start);
                let bytes = (ks.start(block.end - 1) + t[1] - first) * size;
                for r0 in starts(rows, t[0]).skip(group).take(per) {
                    let ahead = r0 + AHEAD * t[0];
                    if !stream {
                        for r in ahead..rows.min(ahead + t[0]) {
                            prefetch_bytes(dst.wrapping_add(r * cols + first).cast(), bytes);
                        }
                    } else if pixels && ahead + t[0] <= rows {
                        // Streamed: no output lines (the stores do not read them), but an
                        // image's pixels, whose lines the tiles read a few at a time.
                        let ks = first..first + bytes / size;
                        ask_source(base, [ahead, t[0]], ks, stride);
                    }
                    for j in block.clone() {
                        at(r0, ks.start(j));
                    }
                }
            }
        }
        return;
    }
    // 1- and 2-byte elements go in bands only where the output rows are longer than their
    // count (NHWC -> NCHW) or the source columns are planes far apart ([`far_planes`]): the
    // other way (NCHW -> NHWC, rows of one pixel's channels) from planes close together, bands
    // were slower for them, `u8` 14×14×512 1.66x -> 1.94x a `memcpy` and `u16` 28×28×256
    // 1.3x -> 1.42x, where `f32` and `f64` gained or held. Only `cols * size` modulo 4096
    // matters to `band_rows`, which wrapping keeps.
    let band = if size <= 2 && rows >= cols && !far_planes(t[1], stride, size) {
        t[0]
    } else {
        band_rows(t[0], cols.wrapping_mul(size))
    };
    let count = rows.div_ceil(t[0]);
    let per = (band / t[0]).min(count);
    if per <= 1 {
        // One row of tiles per band: the plain loop, which the small tiles (`u8` 8×8) need:
        // through the loop of bands below, `u8` NCHW -> NHWC of 8 channels took 1.6x longer.
        for r0 in starts(rows, t[0]) {
            // Streamed, each tile asks for its source columns in the next row of tiles.
            let next = r0 + t[0];
            let ask = stream && next + t[0] <= rows;
            for j in 0..ks.count() {
                let k0 = ks.start(j);
                if ask {
                    ask_source(base, [next, t[0]], k0..k0 + t[1], stride);
                }
                at(r0, k0);
            }
        }
        return;
    }
    let ask = asks_next_band(size, cols, stride);
    for first in (0..count).step_by(per) {
        // The next band's first output row, and how many rows it has.
        let next = (first + per) * t[0];
        let next_rows = (per * t[0]).min(rows.saturating_sub(next));
        for j in 0..ks.count() {
            let k0 = ks.start(j);
            if ask && next_rows > 0 {
                // This column of tiles' source columns, in the next band's rows.
                ask_source(base, [next, next_rows], k0..k0 + t[1], stride);
            }
            for i in first..count.min(first + per) {
                at((i * t[0]).min(rows - t[0]), k0);
            }
        }
    }
}

/// Asks for source columns `ks` (`stride` elements apart) in output rows `first..first +
/// count` ([`prefetch_bytes`]: a hint, nothing read).
#[inline(always)]
fn ask_source<E>(base: *const E, [first, count]: [usize; 2], ks: Range<usize>, stride: isize) {
    for k in ks {
        let from = base.wrapping_offset(first as isize + k as isize * stride);
        prefetch_bytes(from.cast(), count * std::mem::size_of::<E>());
    }
}

/// The first columns of the tiles of `t` columns along output rows of `cols` (`cols >= t`),
/// laid on the output's 64-byte lines: where every row begins at the same place in a line
/// (`cols * size` a multiple of 64), the tiles after the row's first line boundary, `line`
/// columns in, begin `t` apart from it, so no store is split across two lines and blocks
/// ([`BLOCK_COLS`]) are whole lines; the `line` columns before it are the head, tiles of
/// their own ([`starts`] over `line.max(t)` columns). Else (`line` 0) every `t`-th from the
/// row's start, as [`starts`]. The last tile ends at `cols`, overlapping the one before it
/// where `t` does not divide what is left.
///
/// Why: a result's address is wherever `malloc` puts it, 16 bytes into a line for a fresh
/// mapping. In a standalone prototype (pinned, best of 6 × 9 calls), `f32` NHWC -> NCHW of
/// 3×3136×256 in blocks with tiles from column 0 took 2.3-3.2x a `memcpy` with the
/// destination 8 to 56 bytes into a line, 1.36-1.51x at a line's start; with the tiles laid
/// on the lines, 1.49-1.53x wherever it was (blocks begun on the stores' 32 bytes but not on
/// lines, 1.52-1.78x). Bands gain too. Through the engine (pinned, best of 6 × 9 calls,
/// against eb92f88 in alternating processes): `f32` NHWC -> NCHW of 15×784×256 1.55-1.58x ->
/// 1.21-1.23x and 7×784×512 1.98-2.02x -> 1.35-1.39x; NCHW -> NHWC of 3×3136×256
/// 1.76-1.77x -> 1.42-1.45x, 7×784×512 1.57-1.62x -> 1.25-1.29x, 15×196×1024 1.53-1.57x ->
/// 1.27-1.28x; `f64` NHWC -> NCHW of 3×784×512 2.37-2.40x -> 1.40-1.42x.
#[derive(Clone, Copy)]
struct Columns {
    cols: usize,
    t: usize,
    /// Columns before the first line boundary of every output row; 0 where the rows differ.
    line: usize,
    /// Tiles in the head (0 where `line` is 0).
    head: usize,
}

impl Columns {
    fn new<E>(cols: usize, t: usize, dst: *mut E) -> Self {
        // One-byte tiles (stores of 8 or 16 bytes) measured no faster on the lines (`u8`
        // 31×784×512 and 63×196×1024, both ways: 1.5-2.7x a `memcpy` either way, bimodal
        // between processes), and the head is one more tile a row.
        let line = if std::mem::size_of::<E>() >= 2 {
            line_head(dst.cast_const(), cols)
        } else {
            0
        };
        // A row too short for a tile after its head keeps the plain grid.
        let line = if line.checked_add(t).is_some_and(|end| end <= cols) {
            line
        } else {
            0
        };
        let head = if line == 0 {
            0
        } else {
            line.max(t).div_ceil(t)
        };
        Columns {
            cols,
            t,
            line,
            head,
        }
    }

    fn count(self) -> usize {
        self.head + (self.cols - self.line).div_ceil(self.t)
    }

    /// Tile `j`'s first column (`j < count()`); `start(j) + t <= cols`.
    fn start(self, j: usize) -> usize {
        if j < self.head {
            (j * self.t).min(self.line.max(self.t) - self.t)
        } else {
            (self.line + (j - self.head) * self.t).min(self.cols - self.t)
        }
    }

    /// The tiles in blocks: the head, then `per` tiles at a time.
    fn blocks(self, per: usize) -> impl Iterator<Item = std::ops::Range<usize>> {
        let count = self.count();
        let head = (self.head > 0).then_some(0..self.head);
        head.into_iter().chain(
            (self.head..count)
                .step_by(per)
                .map(move |j| j..count.min(j + per)),
        )
    }
}

/// Whether [`words`], [`doubles`] and [`halves`] compose their tiles into tiles a line wide
/// ([`staged`]): where they go in blocks of columns ([`in_blocks`]), there are a line's
/// elements of rows and columns, and the source columns or the output rows are so far apart
/// that more than 4 of 16 begin in one L1 set ([`most_in_one_set`]: 2 KiB apart or a multiple
/// of it). Then a tile of 8 rows reads half of each source line and the next row of tiles,
/// after the block's other columns in the same set, reads it again from the L2; and a tile's
/// stores fill half of lines that the next tile's stores to the same set evict. For `u16`
/// only where all 16 output rows share a set (a multiple of 4 KiB apart): 2048×2048 2.66x a
/// `memcpy` -> 2.20x, 1024×4096 back 2.59x -> 2.12x; with rows 2 KiB or 6 KiB apart its
/// 32×32 tiles measured slower (1024×1024 1.92x -> 2.11x, 768×3072 1.68x -> 1.96x).
pub(super) fn in_stage(size: usize, [rows, cols]: [usize; 2], stride: isize) -> bool {
    let line = LINE / size;
    let crowded = |bytes: usize, most: usize| most_in_one_set(16, bytes) > most;
    let (column, row) = (
        stride.unsigned_abs().wrapping_mul(size),
        cols.wrapping_mul(size),
    );
    let apart = if size == 2 {
        crowded(row, 8)
    } else {
        crowded(column, 4) || crowded(row, 4)
    };
    rows >= line && cols >= line && apart && in_blocks(size, [rows, cols], stride)
}

/// Writes the line at `src` (64 bytes on a line) to `dst` (on a line) with streaming stores.
///
/// # Safety
/// `src..src + 64` readable, `dst..dst + 64` writable, both 64-byte aligned.
#[inline(always)]
unsafe fn stream_line(src: *const u8, dst: *mut u8) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{__m128i, _mm_load_si128, _mm_stream_si128};
        let (s, d) = (src.cast::<__m128i>(), dst.cast::<__m128i>());
        // SAFETY: the contract; SSE2 is part of x86_64.
        unsafe {
            for i in 0..4 {
                _mm_stream_si128(d.add(i), _mm_load_si128(s.add(i)));
            }
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    // SAFETY: the contract.
    unsafe {
        std::ptr::copy_nonoverlapping(src, dst, LINE)
    };
}

/// [`staged`]'s buffer: one tile a line wide, `T` rows of `T` elements (`T` = 64 / size), at
/// most 2 KiB (`u16`: 32 × 32), on a line.
#[repr(C, align(64))]
struct Stage([u64; 256]);

impl Stage {
    fn new() -> Self {
        Stage([0; 256])
    }

    fn slots<E>(&mut self) -> *mut E {
        self.0.as_mut_ptr().cast()
    }
}

/// One tile of `T` output rows and columns, `T` a line's elements (`f32` 16, `f64` 8, `u16`
/// 32): `(T / S)²` tiles of `S` by `tile(source, output, output row length)`, written to
/// `stage` (rows `T` apart), then copied to `dst`'s `T` rows a line each (the columns
/// `part` says, streamed or not). The `S`-tiles take
/// each source line whole, two after two (a column of them), and each output line is written
/// at once, so no line is needed twice or left half written where rows crowd one L1 set
/// ([`in_stage`]). Through the engine (pinned, best of 6 × 9 calls, in blocks with
/// [`AHEAD`]'s prefetch, plain tiles against staged ones in one binary, alternating
/// processes): `f32` 1024×1024 1.67x a `memcpy` -> 1.35x, 3072×768 1.73x -> 1.47x and back
/// 1.54x -> 1.30x, 4096×1024 1.70x -> 1.37x, 1536×1536 1.50-1.58x -> 1.42-1.45x, 784×1024
/// 1.22x -> 1.16x; `f64` 1024×1024 1.88x -> 1.51x, 1536×1536 1.81x -> 1.54x, 28×28×512 to
/// NCHW 1.27x -> 1.06x; `u16` (tiles of 32) 2048×2048 2.66x -> 2.20x. A standalone prototype
/// found the same (`f32` 1024×1024 in blocks 1.82x -> 1.49x, with the prefetch 1.31x).
///
/// # Safety
/// `tile`'s contract for every `S`-tile of the `T`-tile: the source elements `src + r + k *
/// stride`, `r, k < T`, are readable; `dst + j * cols .. + T`, `j < T`, writable (for
/// [`Part::Streamed`], each on a line); `stage` holds `T * T` elements, on a line; `S`
/// divides `T`. `S` is a const: as a run-time value, once a second way of writing the rows
/// was added, LLVM no longer unrolled the `S`-tiles nor kept the stage in registers (`f32`
/// 1024×1024 unstreamed 1.65x a `memcpy` -> 2.6x).
#[inline(always)]
unsafe fn staged<E, const T: usize, const S: usize>(
    src: *const E,
    stride: isize,
    dst: *mut E,
    cols: usize,
    stage: *mut E,
    part: Part,
    tile: impl Fn(*const E, *mut E, usize),
) {
    for k in (0..T).step_by(S) {
        for r in (0..T).step_by(S) {
            let from = src.wrapping_offset(r as isize + k as isize * stride);
            tile(from, stage.wrapping_add(r * T + k), T);
        }
    }
    // Row `j` of the stage and of the tile in `dst`; one loop per part, so that the whole rows'
    // copies stay fixed-size moves (in one loop LLVM merged them with the parts' `memcpy`).
    let row = |j: usize| (stage.wrapping_add(j * T), dst.wrapping_add(j * cols));
    match part {
        Part::Whole => {
            for (from, to) in (0..T).map(row) {
                // SAFETY: row `j` of `stage` and of the tile in `dst` (the contract).
                unsafe { std::ptr::copy_nonoverlapping(from, to, T) };
            }
        }
        Part::Streamed => {
            for (from, to) in (0..T).map(row) {
                // SAFETY: as above, `to` on a line (`Part::Streamed`), `T` elements a line's
                // bytes, `from` on a line (`Stage`).
                unsafe { stream_line(from.cast(), to.cast()) };
            }
        }
        Part::Columns(k, end) => {
            for (from, to) in (0..T).map(row) {
                // SAFETY: columns `k..end <= T` of the rows above.
                unsafe { std::ptr::copy_nonoverlapping(from.add(k), to.add(k), end - k) };
            }
        }
    }
}

/// Which of a [`staged`] tile's columns it writes, and how.
#[derive(Clone, Copy)]
enum Part {
    /// All, a line per output row, with streaming stores.
    Streamed,
    /// All, with normal stores.
    Whole,
    /// Columns from `.0` up to `.1` of each output row, with normal stores.
    Columns(usize, usize),
}

/// [`each_tile`] over tiles of `T` rows and columns, a line's elements, each [`staged`] from
/// tiles of `S` by `tile(source, output, output row length)` through one [`Stage`]; where
/// `STREAM`, with streaming stores ([`on_lines`] must hold): the tiles on lines are streamed
/// whole, the first and last tile of a row (off the lines) write only the columns before the
/// row's first line boundary and after its last, so no line is written both ways. `STREAM`
/// is a const, so each way is its own instantiation (the streamed one in a function of its
/// own, [`words_streamed`]) and the unstreamed way compiles as it did alone.
///
/// # Safety
/// The contract of [`columns_to_rows`], with `dst` `rows * cols` long and `rows, cols >= T`;
/// `tile`'s loads and stores are those of a tile of `S` (`S` divides `T`); where `STREAM`,
/// [`on_lines`] holds for the shape and `dst`.
#[inline(always)]
unsafe fn each_staged_tile<E, const T: usize, const S: usize, const STREAM: bool>(
    base: *const E,
    shape: [usize; 2],
    stride: isize,
    dst: *mut E,
    tile: impl Fn(*const E, *mut E, usize),
) {
    let (cols, size) = (shape[1], std::mem::size_of::<E>());
    let head = if STREAM {
        line_head(dst.cast_const(), cols)
    } else {
        0
    };
    let mut stage = Stage::new();
    let slots = stage.slots();
    // SAFETY: `each_tile` gives tiles of `T` inside rows x cols, whose sources and output
    // rows are the contract's; `slots` holds `T * T` elements ([`Stage`]); the parts are
    // within the tile's `T` columns.
    each_tile(
        base,
        shape,
        stride,
        dst,
        [T, T],
        STREAM,
        |src, out| unsafe {
            let part = if !STREAM {
                Part::Whole
            } else if (out as usize).is_multiple_of(LINE) {
                Part::Streamed
            } else if ((out as usize - dst as usize) / size).is_multiple_of(cols) {
                // The row's first tile: its columns before the first line boundary.
                Part::Columns(0, head)
            } else {
                // The row's last tile, `T - head` columns into its last line.
                Part::Columns(head, T)
            };
            staged::<_, T, S>(src, stride, out, cols, slots, part, &tile)
        },
    );
}

/// Whether a transpose of `shape` of `size`-byte elements into `dst` (an address) can stream
/// in [`each_staged_tile`]'s tiles of a line's elements: a tile's rows or more, every output
/// row beginning at the same place in a line, and rows of at least 4 lines. Rows of 2 lines
/// (`f32` NCHW -> NHWC of 32 channels) half streamed measured slower than not streamed.
pub(super) fn on_lines(size: usize, [rows, cols]: [usize; 2], dst: usize) -> bool {
    let t = LINE / size;
    rows >= t
        && cols >= 4 * t
        && cols.wrapping_mul(size).is_multiple_of(LINE)
        && dst.is_multiple_of(size)
}

/// `count` (up to 4) stages of a transpose by unpacking elements of `W` bytes (1 or 2). Each
/// stage interleaves registers `i` and `i + n / 2` into `2i` (their low halves) and `2i + 1`
/// (their high halves). On the address of an element, its register's bits then its lane's, a
/// stage is a rotation left by one bit; as many stages as the address has register bits move
/// them all below the lane bits: the transpose. SSE2, part of x86_64.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn stages<const W: usize, const N: usize>(
    mut x: [std::arch::x86_64::__m128i; N],
    count: usize,
) -> [std::arch::x86_64::__m128i; N] {
    // Unrolled by hand: as a loop of `count` stages, `u8` NHWC -> NCHW of 8 channels took
    // 212 µs instead of 174-182 µs.
    if count > 0 {
        x = stage::<W, N>(x);
    }
    if count > 1 {
        x = stage::<W, N>(x);
    }
    if count > 2 {
        x = stage::<W, N>(x);
    }
    if count > 3 {
        x = stage::<W, N>(x);
    }
    x
}

/// One stage of [`stages`].
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn stage<const W: usize, const N: usize>(
    x: [std::arch::x86_64::__m128i; N],
) -> [std::arch::x86_64::__m128i; N] {
    use std::arch::x86_64::{
        _mm_unpackhi_epi8, _mm_unpackhi_epi16, _mm_unpacklo_epi8, _mm_unpacklo_epi16,
    };
    let mut y = x;
    for i in 0..N / 2 {
        let (a, b) = (x[i], x[i + N / 2]);
        // SAFETY: SSE2 is part of the x86_64 target; the unpacks only move register bits.
        (y[2 * i], y[2 * i + 1]) = unsafe {
            if W == 1 {
                (_mm_unpacklo_epi8(a, b), _mm_unpackhi_epi8(a, b))
            } else {
                (_mm_unpacklo_epi16(a, b), _mm_unpackhi_epi16(a, b))
            }
        };
    }
    y
}

/// [`columns_to_rows`] for 1-byte elements: 16×16 tiles where there are 16 rows and 16
/// columns, else 8×8, else 4×4 (`rows, cols >= 4`). SSE2 unpacks: 4, 12 and 64 of them per
/// tile of 16, 64 and 256 bytes.
///
/// # Safety
/// The contract of [`columns_to_rows`], with `dst` `rows * cols` long.
#[cfg(target_arch = "x86_64")]
unsafe fn bytes(base: *const u8, shape: [usize; 2], stride: isize, dst: *mut u8) {
    use std::arch::x86_64::{
        __m128i, _mm_cvtsi32_si128, _mm_cvtsi128_si32, _mm_loadl_epi64, _mm_loadu_si128,
        _mm_srli_si128, _mm_storel_epi64, _mm_storeu_si128, _mm_unpacklo_epi8,
    };
    let cols = shape[1];
    // SAFETY (every tile): `each_tile` gives tiles inside rows x cols, so each load is t
    // consecutive source bytes of one column (the rows are one element apart) and each store
    // t slots of one output row of `dst` (the contract). `_mm_loadl_epi64`, `_mm_storel_epi64`
    // and the 4-byte `read_unaligned`/`write_unaligned` take unaligned addresses.
    let min = shape[0].min(cols);
    if min >= 16 && !cols.is_multiple_of(4096) {
        each_tile(
            base,
            shape,
            stride,
            dst,
            [16, 16],
            false,
            |src, out| unsafe {
                let x: [__m128i; 16] = std::array::from_fn(|i| {
                    _mm_loadu_si128(src.offset(i as isize * stride).cast())
                });
                for (j, v) in stages::<1, _>(x, 4).into_iter().enumerate() {
                    _mm_storeu_si128(out.add(j * cols).cast(), v);
                }
            },
        );
    } else if min >= 8 && cols >= 16 {
        // Output rows a multiple of 4 KiB apart (NCHW planes of 64×64 pixels) share one set of
        // the L1 (12-way on AMD Zen 5), so 16 rows written at once evict each other: u8 NHWC
        // -> NCHW of 16 channels took 7.6x a `memcpy` in 16×16 tiles, 1.7x in these tiles of
        // 8 rows by 16 columns (16 loads of 8 bytes, 8 stores of 16). Elsewhere 16×16 tiles:
        // 8 rows read a 64-channel pixel's line in 8 passes instead of 4 (2.4x -> 4.5x).
        each_tile(
            base,
            shape,
            stride,
            dst,
            [8, 16],
            false,
            |src, out| unsafe {
                let l = |i: usize| _mm_loadl_epi64(src.offset(i as isize * stride).cast());
                // Bytes of loads i and i + 8 interleaved: the registers hold 16 bytes from here.
                let x: [__m128i; 8] = std::array::from_fn(|i| _mm_unpacklo_epi8(l(i), l(i + 8)));
                for (j, v) in stages::<1, _>(x, 3).into_iter().enumerate() {
                    _mm_storeu_si128(out.add(j * cols).cast(), v);
                }
            },
        );
    } else if min >= 8 {
        each_tile(base, shape, stride, dst, [8, 8], false, |src, out| unsafe {
            let l = |i: isize| _mm_loadl_epi64(src.offset(i * stride).cast());
            // Bytes of loads i and i + 4 interleaved: the registers hold 16 bytes from here.
            let x: [__m128i; 4] =
                std::array::from_fn(|i| _mm_unpacklo_epi8(l(i as isize), l(i as isize + 4)));
            // Register k: output rows 2k (low half) and 2k + 1 (high half).
            for (k, v) in stages::<1, _>(x, 2).into_iter().enumerate() {
                _mm_storel_epi64(out.add(2 * k * cols).cast(), v);
                _mm_storel_epi64(out.add((2 * k + 1) * cols).cast(), _mm_srli_si128::<8>(v));
            }
        });
    } else {
        each_tile(base, shape, stride, dst, [4, 4], false, |src, out| unsafe {
            let l =
                |i: isize| _mm_cvtsi32_si128(src.offset(i * stride).cast::<i32>().read_unaligned());
            let (a, b) = (_mm_unpacklo_epi8(l(0), l(2)), _mm_unpacklo_epi8(l(1), l(3)));
            let v = _mm_unpacklo_epi8(a, b);
            // Output row j is the 4 bytes j of the register.
            let s = |j: usize, v: __m128i| {
                out.add(j * cols)
                    .cast::<i32>()
                    .write_unaligned(_mm_cvtsi128_si32(v))
            };
            s(0, v);
            s(1, _mm_srli_si128::<4>(v));
            s(2, _mm_srli_si128::<8>(v));
            s(3, _mm_srli_si128::<12>(v));
        });
    }
}

/// Whether [`byte_pairs`] takes `rows` output rows of `cols` bytes: a multiple of 32 rows
/// (the tiles' 32 rows never overlap), fewer than the columns (NHWC -> NCHW: the other way,
/// rows of pixels, it measured slower, `u8` 63×3136×64 1.16-1.18x a `memcpy` -> 1.31x), and
/// at most 8 of a tile's 32 rows in one L1 set ([`most_in_one_set`]; 97×64×2048, NCHW ->
/// NHWC with rows 2 KiB apart, 16 in a set, took 3.0x against the 16×16 tiles' 1.7x; with at
/// most 4, 3×224×224×64, 8 in a set, kept the 16×16 tiles' 2.4x instead of 1.5x).
fn in_byte_pairs(rows: usize, cols: usize) -> bool {
    rows.is_multiple_of(32) && rows < cols && most_in_one_set(32, cols) <= 8
}

/// [`columns_to_rows`] for 1-byte elements where the CPU has AVX2 and there are 32 rows and
/// 16 columns: [`bytes`]' 16×16 tiles two at a time, one above the other, in the two 128-bit
/// lanes of AVX2 registers (the unpacks work within a lane): 16 loads of 32 bytes, 64
/// unpacks and 32 stores of 16 bytes per 512 bytes, where [`bytes`] takes 32 loads and 128
/// unpacks. NHWC -> NCHW (pinned, best of 6 × 9 calls, against the 16×16 tiles in
/// alternating processes): `u8` 31×28×28×512 1.97-2.02x a `memcpy` -> 1.60-1.65x,
/// 3×224×224×64 2.36-2.40x -> 1.52-1.53x, 15×56×56×256 1.76-1.82x -> 1.65-1.68x,
/// 63×56×56×64 1.38-1.46x -> 1.28-1.36x; 7×56×56×512 2.08-2.16x -> 2.19-2.22x, the one
/// shape measured slower.
///
/// # Safety
/// The CPU has AVX2; the contract of [`columns_to_rows`], with `dst` `rows * cols` long,
/// `rows >= 32` and `cols >= 16`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn byte_pairs(base: *const u8, shape: [usize; 2], stride: isize, dst: *mut u8) {
    use std::arch::x86_64::{
        __m256i, _mm_storeu_si128, _mm256_castsi256_si128, _mm256_extracti128_si256,
        _mm256_loadu_si256, _mm256_unpackhi_epi8, _mm256_unpacklo_epi8,
    };
    let cols = shape[1];
    // SAFETY (every tile): the CPU has AVX2 (the contract); `each_tile` gives tiles inside
    // rows x cols, so each load is 32 consecutive source bytes of one column (the rows are one
    // element apart) and each store 16 slots of one output row of `dst` (the contract).
    each_tile(
        base,
        shape,
        stride,
        dst,
        [32, 16],
        false,
        |src, out| unsafe {
            let mut x: [__m256i; 16] =
                std::array::from_fn(|i| _mm256_loadu_si256(src.offset(i as isize * stride).cast()));
            // The four stages of [`stages`], on both lanes at once.
            for _ in 0..4 {
                let y = x;
                for i in 0..8 {
                    x[2 * i] = _mm256_unpacklo_epi8(y[i], y[i + 8]);
                    x[2 * i + 1] = _mm256_unpackhi_epi8(y[i], y[i + 8]);
                }
            }
            // Register j: output row j (the low lane) and row 16 + j (the high lane).
            for (j, v) in x.into_iter().enumerate() {
                _mm_storeu_si128(out.add(j * cols).cast(), _mm256_castsi256_si128(v));
                _mm_storeu_si128(
                    out.add((16 + j) * cols).cast(),
                    _mm256_extracti128_si256::<1>(v),
                );
            }
        },
    );
}

/// [`columns_to_rows`] for 2-byte elements: 8×8 tiles where there are 8 rows and 8 columns,
/// else 4×4 (`rows, cols >= 4`). SSE2 unpacks: 24 per tile of 64 elements, 4 per 16.
///
/// # Safety
/// The contract of [`columns_to_rows`], with `dst` `rows * cols` long.
#[cfg(target_arch = "x86_64")]
unsafe fn halves(base: *const u16, shape: [usize; 2], stride: isize, dst: *mut u16, stream: bool) {
    use std::arch::x86_64::{
        __m128i, _mm_loadl_epi64, _mm_loadu_si128, _mm_srli_si128, _mm_storel_epi64,
        _mm_storeu_si128, _mm_unpacklo_epi16,
    };
    let cols = shape[1];
    // SAFETY (every tile): as in `bytes`, for elements of 2 bytes.
    let tile8 = |src: *const u16, out: *mut u16, cols: usize| unsafe {
        let x: [__m128i; 8] =
            std::array::from_fn(|i| _mm_loadu_si128(src.offset(i as isize * stride).cast()));
        for (j, v) in stages::<2, _>(x, 3).into_iter().enumerate() {
            _mm_storeu_si128(out.add(j * cols).cast(), v);
        }
    };
    if stream && on_lines(2, shape, dst as usize) {
        // SAFETY: the contract, and `on_lines`.
        unsafe { each_staged_tile::<_, 32, 8, true>(base, shape, stride, dst, tile8) };
    } else if in_stage(2, shape, stride) {
        unsafe { each_staged_tile::<_, 32, 8, false>(base, shape, stride, dst, tile8) };
    } else if shape[0].min(cols) >= 8 {
        each_tile(base, shape, stride, dst, [8, 8], false, |src, out| {
            tile8(src, out, cols)
        });
    } else {
        each_tile(base, shape, stride, dst, [4, 4], false, |src, out| unsafe {
            let l = |i: isize| _mm_loadl_epi64(src.offset(i * stride).cast());
            let x = [
                _mm_unpacklo_epi16(l(0), l(2)),
                _mm_unpacklo_epi16(l(1), l(3)),
            ];
            // Register k: output rows 2k (low half) and 2k + 1 (high half).
            for (k, v) in stages::<2, _>(x, 1).into_iter().enumerate() {
                _mm_storel_epi64(out.add(2 * k * cols).cast(), v);
                _mm_storel_epi64(out.add((2 * k + 1) * cols).cast(), _mm_srli_si128::<8>(v));
            }
        });
    }
}

/// [`columns_to_rows`] for 4-byte elements: 8×8 tiles where there are 8 rows and 8 columns,
/// else 4×4 ones (`rows, cols >= 4`).
///
/// # Safety
/// The CPU has AVX2; the contract of [`columns_to_rows`], with `dst` `rows * cols` long.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn words(base: *const f32, shape: [usize; 2], stride: isize, dst: *mut f32, stream: bool) {
    let cols = shape[1];
    // SAFETY (every tile): the CPU has AVX2 (the contract); `each_tile` gives tiles inside
    // rows x cols, so each of its loads is t consecutive source elements of one column (the
    // rows are one element apart) and each store t slots of one output row of `dst`.
    if stream && on_lines(4, shape, dst as usize) {
        // SAFETY: the contract, and `on_lines`.
        unsafe { words_streamed(base, shape, stride, dst) };
    } else if in_stage(4, shape, stride) {
        let tile = |s, o, c| unsafe { tile8(s, stride, o, c) };
        unsafe { each_staged_tile::<_, 16, 8, false>(base, shape, stride, dst, tile) };
    } else if shape[0].min(cols) >= 8 {
        each_tile(base, shape, stride, dst, [8, 8], false, |src, out| unsafe {
            tile8(src, stride, out, cols)
        });
    } else {
        each_tile(base, shape, stride, dst, [4, 4], false, |src, out| unsafe {
            tile4(src, stride, out, cols)
        });
    }
}

/// [`words`] streamed, in a function of its own: inlined into [`words`], its loop of tiles was
/// no longer inlined whole (a call per tile, and per 8×8 tile within it).
///
/// # Safety
/// As for [`words`]; [`on_lines`] holds.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline(never)]
unsafe fn words_streamed(base: *const f32, shape: [usize; 2], stride: isize, dst: *mut f32) {
    let tile = |s, o, c| unsafe { tile8(s, stride, o, c) };
    // SAFETY: the contract.
    unsafe { each_staged_tile::<_, 16, 8, true>(base, shape, stride, dst, tile) };
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
        _mm256_loadu2_m128, _mm256_shuffle_ps, _mm256_storeu_ps, _mm256_unpackhi_ps,
        _mm256_unpacklo_ps,
    };
    // SAFETY: the loads and stores of the contract.
    unsafe {
        // Source row `i`'s half `h` (4 elements) in the low lane, row `i + 4`'s in the high
        // one: the 128-bit halves are placed by the loads (`vinsertf128` from memory), so no
        // shuffle crosses lanes. A `vperm2f128` is 8 µops on Zen 1 (3 cycles each: the eight
        // of an 8×8 tile outweighed its 16 in-lane shuffles there), 1 on Intel's port 5.
        let l = |i: isize, h: usize| {
            let at = src.offset(i * stride).add(4 * h);
            _mm256_loadu2_m128(at.offset(4 * stride), at)
        };
        // Each lane a 4×4 transpose: pairs of columns interleaved, then quads. Lane 0 of
        // output row `j` is rows 0-3 at column `j`, lane 1 rows 4-7.
        let quarter = |h: usize| {
            let (a, b, c, d) = (l(0, h), l(1, h), l(2, h), l(3, h));
            let (t0, t1) = (_mm256_unpacklo_ps(a, b), _mm256_unpackhi_ps(a, b));
            let (t2, t3) = (_mm256_unpacklo_ps(c, d), _mm256_unpackhi_ps(c, d));
            [
                _mm256_shuffle_ps::<0x44>(t0, t2),
                _mm256_shuffle_ps::<0xEE>(t0, t2),
                _mm256_shuffle_ps::<0x44>(t1, t3),
                _mm256_shuffle_ps::<0xEE>(t1, t3),
            ]
        };
        for h in 0..2 {
            for (j, v) in quarter(h).into_iter().enumerate() {
                _mm256_storeu_ps(dst.add((4 * h + j) * cols), v);
            }
        }
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
unsafe fn doubles(base: *const f64, shape: [usize; 2], stride: isize, dst: *mut f64, stream: bool) {
    let cols = shape[1];
    // SAFETY (every tile): as in `words`, for 4×4 tiles: four loads of four consecutive
    // elements of one column, four stores of four slots of one output row.
    if stream && on_lines(8, shape, dst as usize) {
        // SAFETY: the contract, and `on_lines`.
        unsafe { doubles_streamed(base, shape, stride, dst) };
    } else if in_stage(8, shape, stride) {
        let tile = |s, o, c| unsafe { tile4d(s, stride, o, c) };
        unsafe { each_staged_tile::<_, 8, 4, false>(base, shape, stride, dst, tile) };
    } else {
        each_tile(base, shape, stride, dst, [4, 4], false, |src, out| unsafe {
            tile4d(src, stride, out, cols)
        });
    }
}

/// [`doubles`] streamed, in a function of its own (as [`words_streamed`]).
///
/// # Safety
/// As for [`doubles`]; [`on_lines`] holds.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline(never)]
unsafe fn doubles_streamed(base: *const f64, shape: [usize; 2], stride: isize, dst: *mut f64) {
    let tile = |s, o, c| unsafe { tile4d(s, stride, o, c) };
    // SAFETY: the contract.
    unsafe { each_staged_tile::<_, 8, 4, true>(base, shape, stride, dst, tile) };
}

/// One 4×4 tile of 8-byte elements: `dst[j * cols + i] = src[i * stride + j]` for `i, j < 4`.
///
/// # Safety
/// The CPU has AVX2; `src + i * stride .. + 4` are readable `f64`s and `dst + j * cols .. + 4`
/// writable ones, for `i, j < 4`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn tile4d(src: *const f64, stride: isize, dst: *mut f64, cols: usize) {
    use std::arch::x86_64::{
        _mm256_loadu2_m128d, _mm256_storeu_pd, _mm256_unpackhi_pd, _mm256_unpacklo_pd,
    };
    // SAFETY: the loads and stores of the contract.
    unsafe {
        // Source row `i`'s half `h` (2 elements) in the low lane, row `i + 2`'s in the high
        // one (as in `tile8`: no `vperm2f128`).
        let l = |i: isize, h: usize| {
            let at = src.offset(i * stride).add(2 * h);
            _mm256_loadu2_m128d(at.offset(2 * stride), at)
        };
        for h in 0..2 {
            let (a, b) = (l(0, h), l(1, h));
            _mm256_storeu_pd(dst.add(2 * h * cols), _mm256_unpacklo_pd(a, b));
            _mm256_storeu_pd(dst.add((2 * h + 1) * cols), _mm256_unpackhi_pd(a, b));
        }
    }
}
