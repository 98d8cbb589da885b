//! Owned results on the shapes real TensorFlow code uses (issue 15), each beside the
//! ndarray-native way to get the same C-order result and, for pure copies, beside a plain slice
//! copy of the same number of output bytes (`memcpy`: `to_vec` of a contiguous slice, the memory
//! limit).
//!
//! `cargo bench --bench real_shapes -- --warm-up-time 1 --measurement-time 2 --sample-size 20`;
//! NumPy on the same shapes: `python3 benches/real_shapes_peers.py`. Both are part of
//! `benches/compare.sh`.
//!
//! The cases: YOLOv3 heads (16, 52, 52, 3, 85) and their (x, y) pairs; NHWC image batches
//! (16, 224, 224, 3); a BERT embedding table (30522, 768) and sequence batch (16, 128, 768); plus
//! a few shapes of our own beyond the list (other ranks, channel counts, slice widths),
//! so the engine is not tuned to the listed cases alone. f32 throughout. Values are
//! deterministic; the same on the NumPy side.

#[path = "common/steady.rs"]
mod steady;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ndarray::{Array, Array2, ArrayD, Axis, IxDyn, concatenate, s};
use ndarray_tfslice::prelude::*;

/// `0, 1, 2, ...` as f32 in a C-order array of `shape`.
///
/// Copied once through the crate, so that an input of 4 MiB or more is on huge pages as NumPy's
/// arrays are (NumPy advises every array of that size, the crate its own results): on 4 KiB
/// pages every read of a large input pays TLB misses that NumPy's side does not (the BERT
/// gather of 2048 random rows, standalone: 278-286 us from a 4 KiB-page table, 250-255 us from
/// a huge-page one).
fn iota(shape: &[usize]) -> ArrayD<f32> {
    let n: usize = shape.iter().product();
    Array::from_iter((0..n).map(|i| (i % 65_521) as f32))
        .into_shape_with_order(IxDyn(shape))
        .expect("product")
        .to_standard_layout()
        .expect("a copy")
}

/// Deterministic pseudo-random numbers below `n` (a small LCG: no extra dependency).
fn lcg(count: usize, n: usize, seed: u64) -> Vec<usize> {
    let mut state = seed;
    (0..count)
        .map(|_| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((state >> 33) as usize) % n
        })
        .collect()
}

/// `to_vec` of the first `n` elements: one allocation and one `memcpy` of the output's bytes.
fn memcpy<T: Copy>(src: &[T], n: usize) -> Vec<T> {
    src[..n].to_vec()
}

fn bench(c: &mut Criterion) {
    steady::steady_allocator();

    // ---- YOLO head (16, 52, 52, 3, 85) ----
    let pred = iota(&[16, 52, 52, 3, 85]);
    let flat = pred.as_slice().expect("C order");
    let boxes_n = 16 * 52 * 52 * 3 * 2;
    let mut g = c.benchmark_group("real_yolo_box_xy");
    g.bench_function("tfslice", |b| {
        let spec: StridedSlice = "..., 0:2".parse().expect("spec");
        b.iter(|| black_box(pred.tf_index_to_owned(&spec).expect("ok")))
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| {
            black_box(
                pred.slice(s![.., .., .., .., 0..2])
                    .as_standard_layout()
                    .into_owned(),
            )
        })
    });
    g.bench_function("memcpy", |b| b.iter(|| black_box(memcpy(flat, boxes_n))));
    // The read side's limit: this copy writes 8 bytes per 340-byte box but must read the cache
    // line each box starts in (8.3 MB of lines for 1 MB written), so `memcpy` of the output's
    // bytes is not what bounds it. Folding the same two floats of every box reads those lines
    // and writes nothing.
    g.bench_function("read_limit", |b| {
        b.iter(|| {
            // XOR of the bits: one cycle per step, so the loads, not an add chain, set the pace.
            black_box(
                flat.chunks_exact(85)
                    .fold(0u32, |acc, bx| acc ^ bx[0].to_bits() ^ bx[1].to_bits()),
            )
        })
    });
    g.finish();

    // The same head's wh = pred[..., 2:4] and objectness+classes pred[..., 4:], beyond the list.
    let mut g = c.benchmark_group("real_yolo_classes");
    let classes_n = 16 * 52 * 52 * 3 * 81;
    g.bench_function("tfslice", |b| {
        let spec: StridedSlice = "..., 4:".parse().expect("spec");
        b.iter(|| black_box(pred.tf_index_to_owned(&spec).expect("ok")))
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| {
            black_box(
                pred.slice(s![.., .., .., .., 4..])
                    .as_standard_layout()
                    .into_owned(),
            )
        })
    });
    g.bench_function("memcpy", |b| b.iter(|| black_box(memcpy(flat, classes_n))));
    g.finish();

    let xy = pred.slice(s![.., .., .., .., 0..2]).to_owned();
    let xy_flat = xy.as_slice().expect("C order").to_vec();
    let wh = pred.slice(s![.., .., .., .., 2..4]).to_owned();
    let mut g = c.benchmark_group("real_yolo_concat_xy_wh");
    g.bench_function("tfslice", |b| {
        b.iter(|| black_box(tf_concat(&[xy.view(), wh.view()], -1).expect("ok")))
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| black_box(concatenate(Axis(4), &[xy.view(), wh.view()]).expect("ok")))
    });
    g.bench_function("memcpy", |b| {
        b.iter(|| black_box(memcpy(flat, 2 * boxes_n)))
    });
    g.finish();

    // Slice assignment, the write side: the boxes written back, `pred[..., 0:2] = xy` (the
    // same values, so `pred` is unchanged for the groups after). Both sides on an `Array5`,
    // ndarray's fastest form (its `assign` on an `ArrayD` steps a dynamic index per lane).
    let mut pred5 = pred
        .clone()
        .into_dimensionality::<ndarray::Ix5>()
        .expect("rank 5");
    let xy5 = xy
        .view()
        .into_dimensionality::<ndarray::Ix5>()
        .expect("rank 5");
    let mut g = c.benchmark_group("real_yolo_assign_xy");
    g.bench_function("tfslice", |b| {
        let spec: StridedSlice = "..., 0:2".parse().expect("spec");
        b.iter(|| pred5.tf_index_assign(&spec, &xy5).expect("ok"))
    });
    // The spec resolved once (`Plan::apply_assign`): the same write, no per-call resolution.
    g.bench_function("plan", |b| {
        let spec: StridedSlice = "..., 0:2".parse().expect("spec");
        let plan = spec.resolve(pred5.shape()).expect("plan");
        b.iter(|| plan.apply_assign(&mut pred5, &xy5).expect("ok"))
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| pred5.slice_mut(s![.., .., .., .., 0..2]).assign(&xy5))
    });
    g.finish();
    assert_eq!(pred5.view().into_dyn(), pred.view());
    drop(pred5);

    for (group, spec, native) in [
        ("real_yolo_xy_swap", "..., ::-1", 0),
        ("real_yolo_xy_flip_batch", "::-1", 1),
    ] {
        let mut g = c.benchmark_group(group);
        g.bench_function("tfslice", |b| {
            let spec: StridedSlice = spec.parse().expect("spec");
            b.iter(|| black_box(xy.tf_index_to_owned(&spec).expect("ok")))
        });
        g.bench_function("ndarray", |b| {
            b.iter(|| {
                let v = if native == 0 {
                    xy.slice(s![.., .., .., .., ..;-1])
                } else {
                    xy.slice(s![..;-1, .., .., .., ..])
                };
                black_box(v.as_standard_layout().into_owned())
            })
        });
        g.bench_function("memcpy", |b| {
            b.iter(|| black_box(memcpy(&xy_flat, boxes_n)))
        });
        g.finish();
    }

    // YOLOv3 at 416: the three heads' boxes, (1, 10647, 85), masked by objectness.
    let dets = iota(&[1, 10647, 85]);
    let keep = ndarray::Array2::from_shape_vec(
        (1, 10647),
        lcg(10647, 10, 7).into_iter().map(|r| r == 0).collect(),
    )
    .expect("shape");
    let kept: Vec<usize> = keep
        .iter()
        .enumerate()
        .filter(|&(_, &k)| k)
        .map(|(i, _)| i)
        .collect();
    let mut g = c.benchmark_group("real_yolo_boolean_mask");
    g.bench_function("tfslice", |b| {
        b.iter(|| black_box(dets.tf_boolean_mask(&keep, 0).expect("ok")))
    });
    g.bench_function("ndarray", |b| {
        let rows = dets.index_axis(Axis(0), 0);
        b.iter(|| black_box(rows.select(Axis(0), &kept)))
    });
    g.finish();
    drop((pred, xy, wh, dets));

    // ---- NHWC images (16, 224, 224, 3) ----
    let img = iota(&[16, 224, 224, 3])
        .into_dimensionality::<ndarray::Ix4>()
        .expect("rank 4");
    let img_flat = img.as_slice().expect("C order");
    let img_n = img.len();
    let padded_n = 16 * 226 * 226 * 3;
    let big = iota(&[16, 226, 226, 3]);
    let big_flat = big.as_slice().expect("C order");
    let mut g = c.benchmark_group("real_image_pad_constant");
    let p = [[0, 0], [1, 1], [1, 1], [0, 0]];
    g.bench_function("tfslice", |b| {
        b.iter(|| black_box(img.tf_pad(&p, PadMode::Constant, 0.0).expect("ok")))
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| {
            let mut out = ArrayD::<f32>::zeros(IxDyn(&[16, 226, 226, 3]));
            out.slice_mut(s![.., 1..225, 1..225, ..]).assign(&img);
            black_box(out)
        })
    });
    g.bench_function("memcpy", |b| {
        b.iter(|| black_box(memcpy(big_flat, padded_n)))
    });
    g.finish();

    let mut g = c.benchmark_group("real_image_pad_reflect");
    g.bench_function("tfslice", |b| {
        b.iter(|| black_box(img.tf_pad(&p, PadMode::Reflect, 0.0).expect("ok")))
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| {
            let rows = concatenate(
                Axis(1),
                &[
                    img.slice(s![.., 1..2, .., ..]),
                    img.view(),
                    img.slice(s![.., 222..223, .., ..]),
                ],
            )
            .expect("shapes");
            let out = concatenate(
                Axis(2),
                &[
                    rows.slice(s![.., .., 1..2, ..]),
                    rows.view(),
                    rows.slice(s![.., .., 222..223, ..]),
                ],
            )
            .expect("shapes");
            black_box(out)
        })
    });
    g.bench_function("memcpy", |b| {
        b.iter(|| black_box(memcpy(big_flat, padded_n)))
    });
    g.finish();
    drop(big);

    let mut g = c.benchmark_group("real_image_flip_copy");
    g.bench_function("tfslice", |b| {
        let spec: StridedSlice = ":, :, ::-1".parse().expect("spec");
        b.iter(|| black_box(img.tf_index_to_owned(&spec).expect("ok")))
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| {
            black_box(
                img.slice(s![.., .., ..;-1, ..])
                    .as_standard_layout()
                    .into_owned(),
            )
        })
    });
    g.bench_function("memcpy", |b| b.iter(|| black_box(memcpy(img_flat, img_n))));
    g.finish();

    let mut g = c.benchmark_group("real_image_nchw_copy");
    g.bench_function("tfslice", |b| {
        b.iter(|| {
            let t = img.tf_transpose(&[0, 3, 1, 2]).expect("perm");
            black_box(t.to_standard_layout().expect("ok"))
        })
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| {
            let t = img.view().permuted_axes([0, 3, 1, 2]);
            black_box(t.as_standard_layout().into_owned())
        })
    });
    g.bench_function("memcpy", |b| b.iter(|| black_box(memcpy(img_flat, img_n))));
    g.finish();

    // And back: NCHW (16, 3, 224, 224) to NHWC, beyond the list.
    let nchw = img
        .view()
        .permuted_axes([0, 3, 1, 2])
        .as_standard_layout()
        .into_owned();
    let mut g = c.benchmark_group("real_image_nhwc_copy");
    g.bench_function("tfslice", |b| {
        b.iter(|| {
            let t = nchw.tf_transpose(&[0, 2, 3, 1]).expect("perm");
            black_box(t.to_standard_layout().expect("ok"))
        })
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| {
            let t = nchw.view().permuted_axes([0, 2, 3, 1]);
            black_box(t.as_standard_layout().into_owned())
        })
    });
    g.bench_function("memcpy", |b| b.iter(|| black_box(memcpy(img_flat, img_n))));
    g.finish();
    drop(nchw);

    let img4 = &img;
    let mut g = c.benchmark_group("real_image_extract_patches");
    g.bench_function("tfslice", |b| {
        b.iter(|| {
            black_box(
                img4.tf_extract_image_patches(
                    [1, 16, 16, 1],
                    [1, 16, 16, 1],
                    [1, 1, 1, 1],
                    Padding::Valid,
                )
                .expect("ok"),
            )
        })
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| {
            let v = img4
                .view()
                .into_shape_with_order((16, 14, 16, 14, 16, 3))
                .expect("C order")
                .permuted_axes([0, 1, 3, 2, 4, 5]);
            black_box(v.as_standard_layout().into_owned())
        })
    });
    g.bench_function("memcpy", |b| b.iter(|| black_box(memcpy(img_flat, img_n))));
    g.finish();

    let mut g = c.benchmark_group("real_image_space_to_depth");
    g.bench_function("tfslice", |b| {
        b.iter(|| black_box(img4.tf_space_to_depth(2).expect("ok")))
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| {
            let v = img4
                .view()
                .into_shape_with_order((16, 112, 2, 112, 2, 3))
                .expect("C order")
                .permuted_axes([0, 1, 3, 2, 4, 5]);
            black_box(v.as_standard_layout().into_owned())
        })
    });
    g.bench_function("memcpy", |b| b.iter(|| black_box(memcpy(img_flat, img_n))));
    g.finish();

    let deep = iota(&[16, 112, 112, 12])
        .into_dimensionality::<ndarray::Ix4>()
        .expect("rank 4");
    let mut g = c.benchmark_group("real_image_depth_to_space");
    g.bench_function("tfslice", |b| {
        b.iter(|| black_box(deep.tf_depth_to_space(2).expect("ok")))
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| {
            let v = deep
                .view()
                .into_shape_with_order((16, 112, 112, 2, 2, 3))
                .expect("C order")
                .permuted_axes([0, 1, 3, 2, 4, 5]);
            black_box(v.as_standard_layout().into_owned())
        })
    });
    g.bench_function("memcpy", |b| b.iter(|| black_box(memcpy(img_flat, img_n))));
    g.finish();
    drop(deep);

    let mut g = c.benchmark_group("real_image_tile");
    g.bench_function("tfslice", |b| {
        b.iter(|| black_box(img.tf_tile(&[2, 1, 1, 1]).expect("ok")))
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| black_box(concatenate(Axis(0), &[img.view(), img.view()]).expect("shapes")))
    });
    let doubled = [img_flat, img_flat].concat();
    g.bench_function("memcpy", |b| {
        b.iter(|| black_box(memcpy(&doubled, 2 * img_n)))
    });
    g.finish();
    drop((img, doubled));

    // ---- BERT ----
    // On huge pages, like every input of 4 MiB or more here (`iota`).
    let table = iota(&[30522, 768]);
    let ids = Array::from_vec(
        lcg(2048, 30522, 11)
            .into_iter()
            .map(|i| i as i64)
            .collect::<Vec<_>>(),
    );
    let ids_usize: Vec<usize> = ids.iter().map(|&i| i as usize).collect();
    let mut g = c.benchmark_group("real_bert_gather_rows");
    g.bench_function("tfslice", |b| {
        b.iter(|| black_box(table.tf_gather(&ids, 0, 0).expect("ok")))
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| black_box(table.select(Axis(0), &ids_usize)))
    });
    g.bench_function("memcpy", |b| {
        b.iter(|| black_box(memcpy(table.as_slice().expect("C order"), 2048 * 768)))
    });
    g.finish();

    let seq = iota(&[16, 128, 768]);
    let positions = Array2::from_shape_vec(
        (16, 20),
        lcg(320, 128, 13).into_iter().map(|i| i as i64).collect(),
    )
    .expect("shape");
    let mut g = c.benchmark_group("real_bert_batch_gather");
    g.bench_function("tfslice", |b| {
        b.iter(|| black_box(seq.tf_gather(&positions, 1, 1).expect("ok")))
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| {
            let parts: Vec<_> = (0..16)
                .map(|i| {
                    let rows: Vec<usize> = positions.row(i).iter().map(|&p| p as usize).collect();
                    seq.index_axis(Axis(0), i).select(Axis(0), &rows)
                })
                .collect();
            let views: Vec<_> = parts.iter().map(|p| p.view()).collect();
            black_box(ndarray::stack(Axis(0), &views).expect("shapes"))
        })
    });
    g.finish();

    let mut g = c.benchmark_group("real_bert_one_hot");
    g.bench_function("tfslice", |b| {
        b.iter(|| black_box(tf_one_hot(&ids, 30522, 1.0f32, 0.0, -1).expect("ok")))
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| {
            let mut out = Array2::<f32>::zeros((2048, 30522));
            for (mut row, &i) in out.rows_mut().into_iter().zip(&ids_usize) {
                row[i] = 1.0;
            }
            black_box(out)
        })
    });
    g.finish();
    drop(table);

    let lengths: Vec<usize> = lcg(16, 129, 17);
    let mut g = c.benchmark_group("real_bert_reverse_sequence");
    g.bench_function("tfslice", |b| {
        b.iter(|| black_box(seq.tf_reverse_sequence(&lengths, 1, 0).expect("ok")))
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| {
            let mut out = seq.to_owned();
            for (i, &n) in lengths.iter().enumerate() {
                out.slice_mut(s![i, ..n, ..])
                    .assign(&seq.slice(s![i, ..n;-1, ..]));
            }
            black_box(out)
        })
    });
    g.bench_function("memcpy", |b| {
        b.iter(|| black_box(memcpy(seq.as_slice().expect("C order"), seq.len())))
    });
    g.finish();
    drop(seq);

    // ---- Beyond the list: other channel counts, ranks and slice widths ----
    let rgba = iota(&[8, 256, 256, 4]);
    let rgba_flat = rgba.as_slice().expect("C order");
    let mut g = c.benchmark_group("real_rgba_nchw_copy");
    g.bench_function("tfslice", |b| {
        b.iter(|| {
            let t = rgba.tf_transpose(&[0, 3, 1, 2]).expect("perm");
            black_box(t.to_standard_layout().expect("ok"))
        })
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| {
            let t = rgba.view().permuted_axes(IxDyn(&[0, 3, 1, 2]));
            black_box(t.as_standard_layout().into_owned())
        })
    });
    g.bench_function("memcpy", |b| {
        b.iter(|| black_box(memcpy(rgba_flat, rgba.len())))
    });
    g.finish();
    drop(rgba);

    // A 64-channel feature map (ResNet's first stage on 224×224 images) to NCHW and back: the
    // tile transposes of `util::copy::transpose` (more than 4 channels). Then, in blocks of
    // columns, a 256-channel map (ResNet's second stage) to NCHW, and matrices to the other
    // layout (a dense layer's weights: BERT's intermediate 768×3072, and 1024×1024, whose
    // rows are 4 KiB apart).
    let feature = iota(&[16, 56, 56, 64]);
    let feature_nchw = feature
        .tf_transpose(&[0, 3, 1, 2])
        .expect("perm")
        .to_standard_layout()
        .expect("ok");
    let wide = iota(&[4, 56, 56, 256]);
    let dense = iota(&[768, 3072]);
    let square = iota(&[1024, 1024]);
    for (name, x, perm) in [
        ("real_feature_nchw_copy", &feature, &[0, 3, 1, 2][..]),
        ("real_feature_nhwc_copy", &feature_nchw, &[0, 2, 3, 1][..]),
        ("real_wide_nchw_copy", &wide, &[0, 3, 1, 2][..]),
        ("real_dense_t_copy", &dense, &[1, 0][..]),
        ("real_square_t_copy", &square, &[1, 0][..]),
    ] {
        let flat = x.as_slice().expect("C order");
        let mut g = c.benchmark_group(name);
        g.bench_function("tfslice", |b| {
            b.iter(|| {
                let t = x.tf_transpose(perm).expect("perm");
                black_box(t.to_standard_layout().expect("ok"))
            })
        });
        g.bench_function("ndarray", |b| {
            b.iter(|| {
                let t = x.view().permuted_axes(IxDyn(perm));
                black_box(t.as_standard_layout().into_owned())
            })
        });
        g.bench_function("memcpy", |b| b.iter(|| black_box(memcpy(flat, x.len()))));
        g.finish();
    }
    drop((feature, feature_nchw, wide, dense, square));

    let gray = iota(&[16, 224, 224, 1])
        .into_dimensionality::<ndarray::Ix4>()
        .expect("rank 4");
    let gray_n = 16 * 228 * 228;
    let gray_big = iota(&[16, 228, 228, 1]);
    let mut g = c.benchmark_group("real_gray_pad_symmetric");
    let p2 = [[0, 0], [2, 2], [2, 2], [0, 0]];
    g.bench_function("tfslice", |b| {
        b.iter(|| black_box(gray.tf_pad(&p2, PadMode::Symmetric, 0.0).expect("ok")))
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| {
            let rows = concatenate(
                Axis(1),
                &[
                    gray.slice(s![.., 0..2;-1, .., ..]),
                    gray.view(),
                    gray.slice(s![.., 222..224;-1, .., ..]),
                ],
            )
            .expect("shapes");
            let out = concatenate(
                Axis(2),
                &[
                    rows.slice(s![.., .., 0..2;-1, ..]),
                    rows.view(),
                    rows.slice(s![.., .., 222..224;-1, ..]),
                ],
            )
            .expect("shapes");
            black_box(out)
        })
    });
    g.bench_function("memcpy", |b| {
        b.iter(|| black_box(memcpy(gray_big.as_slice().expect("C order"), gray_n)))
    });
    g.finish();
    drop((gray, gray_big));

    // Other element types, channel counts and sizes through the same copy kernels: a grey
    // flip (a reversed run of single elements), RGBA flipped (units of 4), a larger NCHW copy,
    // f64 and u8 images.
    let gray = iota(&[16, 224, 224, 1]);
    let rgba = iota(&[8, 256, 256, 4]);
    for (group, x) in [
        ("real_gray_flip_copy", &gray),
        ("real_rgba_flip_copy", &rgba),
    ] {
        let mut g = c.benchmark_group(group);
        g.bench_function("tfslice", |b| {
            let spec: StridedSlice = ":, :, ::-1".parse().expect("spec");
            b.iter(|| black_box(x.tf_index_to_owned(&spec).expect("ok")))
        });
        g.bench_function("ndarray", |b| {
            b.iter(|| {
                black_box(
                    x.slice(s![.., .., ..;-1, ..])
                        .as_standard_layout()
                        .into_owned(),
                )
            })
        });
        g.bench_function("memcpy", |b| {
            b.iter(|| black_box(memcpy(x.as_slice().expect("C order"), x.len())))
        });
        g.finish();
    }
    drop((gray, rgba));
    let big = iota(&[4, 512, 512, 3]);
    let img64 = iota(&[16, 224, 224, 3]).mapv(f64::from);
    let img8 = iota_u8(&[16, 224, 224, 3]);
    nchw_group(c, "real_big_nchw_copy", &big);
    nchw_group(c, "real_f64_nchw_copy", &img64);
    nchw_group(c, "real_u8_nchw_copy", &img8);
    let mut g = c.benchmark_group("real_u8_flip_copy");
    g.bench_function("tfslice", |b| {
        let spec: StridedSlice = ":, :, ::-1".parse().expect("spec");
        b.iter(|| black_box(img8.tf_index_to_owned(&spec).expect("ok")))
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| {
            black_box(
                img8.slice(s![.., .., ..;-1, ..])
                    .as_standard_layout()
                    .into_owned(),
            )
        })
    });
    g.bench_function("memcpy", |b| {
        b.iter(|| black_box(memcpy(img8.as_slice().expect("C order"), img8.len())))
    });
    g.finish();
    drop((big, img64, img8));

    let tokens = iota(&[16, 128, 768]);
    let mut g = c.benchmark_group("real_bert_strip_cls_sep");
    g.bench_function("tfslice", |b| {
        let spec: StridedSlice = ":, 1:-1".parse().expect("spec");
        b.iter(|| black_box(tokens.tf_index_to_owned(&spec).expect("ok")))
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| {
            black_box(
                tokens
                    .slice(s![.., 1..127, ..])
                    .as_standard_layout()
                    .into_owned(),
            )
        })
    });
    g.bench_function("memcpy", |b| {
        b.iter(|| black_box(memcpy(tokens.as_slice().expect("C order"), 16 * 126 * 768)))
    });
    g.finish();
    drop(tokens);

    // ---- Beyond the list: the ops' own interleaving kernels on other shapes (issue 15) ----
    // YOLO decode's concat of xy (2), objectness (1) and classes (80): unequal runs. Then the
    // same decode on a 20-class (VOC) head, xy (2), wh (2), objectness (1), classes (20): rows
    // of 100 bytes, where what a row costs beyond its bytes shows.
    concat_widths_group(c, &[2, 1, 80]);
    concat_widths_group(c, &[2, 2, 1, 20]);

    // RGBA images, block 4: runs of 16 floats from 4 rows.
    let rgba = iota(&[8, 256, 256, 4])
        .into_dimensionality::<ndarray::Ix4>()
        .expect("rank 4");
    let mut g = c.benchmark_group("real_rgba_space_to_depth_4");
    g.bench_function("tfslice", |b| {
        b.iter(|| black_box(rgba.tf_space_to_depth(4).expect("ok")))
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| {
            let v = rgba
                .view()
                .into_shape_with_order((8, 64, 4, 64, 4, 4))
                .expect("C order")
                .permuted_axes([0, 1, 3, 2, 4, 5]);
            black_box(v.as_standard_layout().into_owned())
        })
    });
    g.bench_function("memcpy", |b| {
        b.iter(|| black_box(memcpy(rgba.as_slice().expect("C order"), rgba.len())))
    });
    g.finish();
    drop(rgba);

    // u8 images (what decoders hand out), block 2: runs of 6 and 6 bytes.
    let bytes = Array::from_iter((0..16 * 224 * 224 * 3).map(|i| i as u8))
        .into_shape_with_order((16, 224, 224, 3))
        .expect("C order");
    let deep_bytes = Array::from_iter((0..16 * 112 * 112 * 12).map(|i| i as u8))
        .into_shape_with_order((16, 112, 112, 12))
        .expect("C order");
    let bytes_flat = bytes.as_slice().expect("C order");
    let mut g = c.benchmark_group("real_u8_space_to_depth");
    g.bench_function("tfslice", |b| {
        b.iter(|| black_box(bytes.tf_space_to_depth(2).expect("ok")))
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| {
            let v = bytes
                .view()
                .into_shape_with_order((16, 112, 2, 112, 2, 3))
                .expect("C order")
                .permuted_axes([0, 1, 3, 2, 4, 5]);
            black_box(v.as_standard_layout().into_owned())
        })
    });
    g.bench_function("memcpy", |b| b.iter(|| black_box(bytes_flat.to_vec())));
    g.finish();
    let mut g = c.benchmark_group("real_u8_depth_to_space");
    g.bench_function("tfslice", |b| {
        b.iter(|| black_box(deep_bytes.tf_depth_to_space(2).expect("ok")))
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| {
            let v = deep_bytes
                .view()
                .into_shape_with_order((16, 112, 112, 2, 2, 3))
                .expect("C order")
                .permuted_axes([0, 1, 3, 2, 4, 5]);
            black_box(v.as_standard_layout().into_owned())
        })
    });
    g.bench_function("memcpy", |b| b.iter(|| black_box(bytes_flat.to_vec())));
    g.finish();
    drop((bytes, deep_bytes));

    // ESPCN x3 (keras-io's "Image Super-Resolution using an Efficient Sub-Pixel CNN"): the last
    // conv's 9 channels of a 100x100 luminance crop to one 300x300 channel, batch 8. Runs of 3
    // f32, 9 apart (beyond the list).
    let espcn = iota(&[8, 100, 100, 9])
        .into_dimensionality::<ndarray::Ix4>()
        .expect("rank 4");
    let espcn_flat = espcn.as_slice().expect("C order");
    let mut g = c.benchmark_group("real_espcn_depth_to_space_3");
    g.bench_function("tfslice", |b| {
        b.iter(|| black_box(espcn.tf_depth_to_space(3).expect("ok")))
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| {
            let v = espcn
                .view()
                .into_shape_with_order((8, 100, 100, 3, 3, 1))
                .expect("C order")
                .permuted_axes([0, 1, 3, 2, 4, 5]);
            black_box(v.as_standard_layout().into_owned())
        })
    });
    g.bench_function("memcpy", |b| b.iter(|| black_box(espcn_flat.to_vec())));
    g.finish();
    drop(espcn);

    // RGB -> BGR, as ImageNet models' preprocessing does it (Keras's `preprocess_input`, caffe
    // mode; examples/imagenet_preprocess.rs): the channels reversed in place (`x[..., ::-1]`,
    // `f32` and `u8`), `tf.gather(x, [2, 1, 0], axis=-1)`, and Keras 3's
    // `ops.stack([x[..., i] for i in (2, 1, 0)], axis=-1)`.
    let img = iota(&[16, 224, 224, 3]);
    let img8 = iota_u8(&[16, 224, 224, 3]);
    let mut g = c.benchmark_group("real_bgr_copy");
    g.bench_function("tfslice", |b| {
        b.iter(|| black_box(img.tf_index_to_owned(tf_s![..., ::-1]).expect("ok")))
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| {
            black_box(
                img.slice(s![.., .., .., ..;-1])
                    .as_standard_layout()
                    .into_owned(),
            )
        })
    });
    g.bench_function("memcpy", |b| {
        b.iter(|| black_box(memcpy(img.as_slice().expect("C order"), img.len())))
    });
    g.finish();
    let mut g = c.benchmark_group("real_u8_bgr_copy");
    g.bench_function("tfslice", |b| {
        b.iter(|| black_box(img8.tf_index_to_owned(tf_s![..., ::-1]).expect("ok")))
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| {
            black_box(
                img8.slice(s![.., .., .., ..;-1])
                    .as_standard_layout()
                    .into_owned(),
            )
        })
    });
    g.bench_function("memcpy", |b| {
        b.iter(|| black_box(memcpy(img8.as_slice().expect("C order"), img8.len())))
    });
    g.finish();
    let bgr = Array::from_vec(vec![2i64, 1, 0]);
    let mut g = c.benchmark_group("real_bgr_gather");
    g.bench_function("tfslice", |b| {
        b.iter(|| black_box(img.tf_gather(&bgr, -1, 0).expect("ok")))
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| black_box(img.select(Axis(3), &[2, 1, 0])))
    });
    g.bench_function("memcpy", |b| {
        b.iter(|| black_box(memcpy(img.as_slice().expect("C order"), img.len())))
    });
    g.finish();
    let mut g = c.benchmark_group("real_bgr_stack");
    g.bench_function("tfslice", |b| {
        b.iter(|| {
            let channels = [
                img.tf_index(tf_s![..., 2]).expect("ok"),
                img.tf_index(tf_s![..., 1]).expect("ok"),
                img.tf_index(tf_s![..., 0]).expect("ok"),
            ];
            black_box(tf_stack(&channels, -1).expect("ok"))
        })
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| {
            let channels = [
                img.index_axis(Axis(3), 2),
                img.index_axis(Axis(3), 1),
                img.index_axis(Axis(3), 0),
            ];
            black_box(ndarray::stack(Axis(3), &channels).expect("shapes"))
        })
    });
    g.bench_function("memcpy", |b| {
        b.iter(|| black_box(memcpy(img.as_slice().expect("C order"), img.len())))
    });
    g.finish();
    drop((img, img8));

    // ---- dynamic_partition (65536, 16) into 4 ----
    let rows = iota(&[65536, 16]);
    let parts = Array::from_vec(
        lcg(65536, 4, 19)
            .into_iter()
            .map(|p| p as i32)
            .collect::<Vec<_>>(),
    );
    let mut g = c.benchmark_group("real_dynamic_partition");
    g.bench_function("tfslice", |b| {
        b.iter(|| black_box(rows.tf_dynamic_partition(&parts, 4).expect("ok")))
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| {
            let out: Vec<_> = (0..4)
                .map(|k| {
                    let idx: Vec<usize> = parts
                        .iter()
                        .enumerate()
                        .filter(|&(_, &p)| p == k)
                        .map(|(i, _)| i)
                        .collect();
                    rows.select(Axis(0), &idx)
                })
                .collect();
            black_box(out)
        })
    });
    g.finish();
}

/// `0, 1, 2, ...` modulo 251 as u8 (an 8-bit image), C order.
/// `real_concat_widths_<w1>_<w2>_..`: `tf_concat` on the last axis of 4×52×52×3×`w` inputs, one
/// per width, beside ndarray's `concatenate` and a `memcpy` of the result's bytes.
fn concat_widths_group(c: &mut Criterion, widths: &[usize]) {
    let parts: Vec<ArrayD<f32>> = widths.iter().map(|&w| iota(&[4, 52, 52, 3, w])).collect();
    let views: Vec<_> = parts.iter().map(|p| p.view()).collect();
    let flat = iota(&[4, 52, 52, 3, widths.iter().sum()]);
    let name: Vec<String> = widths.iter().map(|w| w.to_string()).collect();
    let mut g = c.benchmark_group(format!("real_concat_widths_{}", name.join("_")));
    g.bench_function("tfslice", |b| {
        b.iter(|| black_box(tf_concat(&views, -1).expect("ok")))
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| black_box(concatenate(Axis(4), &views).expect("shapes")))
    });
    g.bench_function("memcpy", |b| {
        b.iter(|| black_box(memcpy(flat.as_slice().expect("C order"), flat.len())))
    });
    g.finish();
}

fn iota_u8(shape: &[usize]) -> ArrayD<u8> {
    let n: usize = shape.iter().product();
    Array::from_iter((0..n).map(|i| (i % 251) as u8))
        .into_shape_with_order(IxDyn(shape))
        .expect("product")
        .to_standard_layout()
        .expect("a copy")
}

/// NHWC -> NCHW (`to_standard_layout` of `tf_transpose([0, 3, 1, 2])`) of `x`, beside ndarray's
/// `permuted_axes` + `as_standard_layout` and a `memcpy` of as many elements.
fn nchw_group<T: Copy + 'static>(c: &mut Criterion, group: &str, x: &ArrayD<T>) {
    let mut g = c.benchmark_group(group);
    g.bench_function("tfslice", |b| {
        b.iter(|| {
            let t = x.tf_transpose(&[0, 3, 1, 2]).expect("perm");
            black_box(t.to_standard_layout().expect("ok"))
        })
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| {
            let t = x.view().permuted_axes(IxDyn(&[0, 3, 1, 2]));
            black_box(t.as_standard_layout().into_owned())
        })
    });
    g.bench_function("memcpy", |b| {
        b.iter(|| black_box(memcpy(x.as_slice().expect("C order"), x.len())))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
