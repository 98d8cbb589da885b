//! A port of Keras's ImageNet preprocessing, checked against TensorFlow.
//!
//! `keras.applications.imagenet_utils.preprocess_input` (Keras 3, `keras/src/applications/
//! imagenet_utils.py`), which `resnet50`, `vgg16`, `densenet`, `mobilenet` and the other
//! Keras applications call on their input: "caffe" flips RGB to BGR and subtracts the ImageNet
//! mean, "tf" scales to [-1, 1], "torch" scales to [0, 1] and normalises by the ImageNet mean
//! and deviation; in both data formats. Its two paths are ported line by line: the tensor path
//! (`_preprocess_tensor_input`, whose flip is `ops.stack([x[..., i] for i in (2, 1, 0)],
//! axis=-1)`) and the NumPy path (`_preprocess_numpy_input`: `x[..., ::-1]`, then each channel
//! in place), and the flip as TF code often writes it, `tf.gather(x, [2, 1, 0], axis=-1)`. The
//! Python, run by TensorFlow, is `examples/imagenet_preprocess_tf.py`; it wrote
//! `examples/imagenet_preprocess_expected.json`.
//!
//! ```text
//! cargo run --example imagenet_preprocess
//! ```
//! prints each result's largest difference from TensorFlow and exits with status 1 if a shape
//! or a value differs (every value is one or two `f32` operations on the same inputs in the same
//! order, so the port must agree exactly).
//!
//! What porting it showed: the tensor path's `ops.stack` of three strided channel views went to
//! ndarray's element-by-element `stack` (26x a `memcpy` on a 16×224×224×3 batch; now each
//! channel is copied to C order by the crate's copy engine first, 4.6x), and the flip's other
//! two spellings, `x[..., ::-1]` copied and `tf.gather(x, [2, 1, 0], axis=-1)`, ran at 2.8x and
//! 7.3x a `memcpy` (now 1.1x and 0.85x: channel flips are shuffled with AVX2, and a gather by
//! indices that step evenly is a strided view). Keras's NumPy path flips with a view and then
//! subtracts in place, which writes through to the caller's array; a port that borrows its
//! input cannot, so it copies (`tf_index_to_owned`) where Python mutates. `x[:, i, :]` of a
//! 4-D tensor names the first three axes only, as in Python: `tf_s![:, i, :]` does the same.

use ndarray::{Array1, Array4, ArrayView4, Axis, array};
use ndarray_tfslice::prelude::*;
use serde_json::Value;

/// The committed TensorFlow run.
const EXPECTED: &str = include_str!("imagenet_preprocess_expected.json");

/// Keras's `data_format`.
#[derive(Clone, Copy, Debug, PartialEq)]
enum DataFormat {
    ChannelsLast,
    ChannelsFirst,
}

/// Keras's `mode`.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Mode {
    Caffe,
    Tf,
    Torch,
}

const CAFFE_MEAN: [f32; 3] = [103.939, 116.779, 123.68];
const TORCH_MEAN: [f32; 3] = [0.485, 0.456, 0.406];
const TORCH_STD: [f32; 3] = [0.229, 0.224, 0.225];

/// `(1, 1, 1, 3)` or `(1, 3, 1, 1)`: `ops.reshape(values, ...)` for `data_format`, so that it
/// broadcasts along the channel axis.
fn per_channel(values: [f32; 3], data_format: DataFormat) -> Array4<f32> {
    let shape = match data_format {
        DataFormat::ChannelsLast => (1, 1, 1, 3),
        DataFormat::ChannelsFirst => (1, 3, 1, 1),
    };
    Array1::from(values.to_vec())
        .into_shape_with_order(shape)
        .expect("three values")
}

/// `_preprocess_tensor_input(x, data_format, mode)` for a 4-D batch.
fn preprocess_tensor_input(
    x: ArrayView4<'_, f32>,
    data_format: DataFormat,
    mode: Mode,
) -> Result<Array4<f32>, Error> {
    let mut x = x.to_owned();
    let (mean, std) = match mode {
        Mode::Tf => {
            x /= 127.5;
            x -= 1.0;
            return Ok(x);
        }
        Mode::Torch => {
            x /= 255.0;
            (TORCH_MEAN, Some(TORCH_STD))
        }
        Mode::Caffe => {
            // 'RGB'->'BGR'
            x = match data_format {
                // ops.stack([x[:, i, :] for i in (2, 1, 0)], axis=1)
                DataFormat::ChannelsFirst => {
                    let planes = [
                        x.tf_index(tf_s![:, 2, :])?,
                        x.tf_index(tf_s![:, 1, :])?,
                        x.tf_index(tf_s![:, 0, :])?,
                    ];
                    tf_stack(&planes, 1)?
                }
                // ops.stack([x[..., i] for i in (2, 1, 0)], axis=-1)
                DataFormat::ChannelsLast => {
                    let channels = [
                        x.tf_index(tf_s![..., 2])?,
                        x.tf_index(tf_s![..., 1])?,
                        x.tf_index(tf_s![..., 0])?,
                    ];
                    tf_stack(&channels, -1)?
                }
            };
            (CAFFE_MEAN, None)
        }
    };
    // mean_tensor = -mean, reshaped to broadcast along the channels; x += mean_tensor
    x += &per_channel(mean.map(|m| -m), data_format);
    if let Some(std) = std {
        x /= &per_channel(std, data_format);
    }
    Ok(x)
}

/// `_preprocess_numpy_input(x, data_format, mode)` for a 4-D batch: the flip as a view, then
/// each channel in place (here in a copy: Keras's writes through to the caller's array).
fn preprocess_numpy_input(
    x: ArrayView4<'_, f32>,
    data_format: DataFormat,
    mode: Mode,
) -> Result<Array4<f32>, Error> {
    let mut x = x.to_owned();
    let (mean, std) = match mode {
        Mode::Tf => {
            x /= 127.5;
            x -= 1.0;
            return Ok(x);
        }
        Mode::Torch => {
            x /= 255.0;
            (TORCH_MEAN, Some(TORCH_STD))
        }
        Mode::Caffe => {
            x = match data_format {
                // x[:, ::-1, ...]
                DataFormat::ChannelsFirst => x.tf_index_to_owned(tf_s![:, ::-1, ...])?,
                // x[..., ::-1]
                DataFormat::ChannelsLast => x.tf_index_to_owned(tf_s![..., ::-1])?,
            };
            (CAFFE_MEAN, None)
        }
    };
    for c in 0..3 {
        // x[..., c] -= mean[c] (x[:, c, :, :] for channels first), then /= std[c]
        let mut channel = match data_format {
            DataFormat::ChannelsLast => x.tf_index_mut(tf_s![..., c])?,
            DataFormat::ChannelsFirst => x.tf_index_mut(tf_s![:, c, :, :])?,
        };
        channel -= mean[c];
        if let Some(std) = std {
            channel /= std[c];
        }
    }
    Ok(x)
}

/// The generator's input: 8-bit RGB values as `f32`.
fn pixels(shape: [usize; 4]) -> Array4<f32> {
    let [n, h, w, c] = shape;
    Array4::from_shape_fn((n, h, w, c), |(i, j, k, l)| {
        let flat = ((i * h + j) * w + k) * c + l;
        ((flat as i64 * 37 + 11) % 256) as f32
    })
}

/// The values of `key` in the expected JSON.
fn floats(v: &Value, key: &str) -> Vec<f32> {
    v[key]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_f64())
                .map(|x| x as f32)
                .collect()
        })
        .unwrap_or_default()
}

/// The largest absolute difference between `ours` (in logical order) and `theirs`, or
/// infinity where their lengths differ.
fn max_diff(ours: &Array4<f32>, theirs: &[f32]) -> f32 {
    if ours.len() != theirs.len() {
        return f32::INFINITY;
    }
    ours.iter()
        .zip(theirs)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0, |m, d| if d.is_nan() || d > m { d } else { m })
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let expected: Value = serde_json::from_str(EXPECTED)?;
    let shape: Vec<usize> = expected["shape"]
        .as_array()
        .ok_or("shape")?
        .iter()
        .filter_map(|d| d.as_u64().map(|d| d as usize))
        .collect();
    let x = pixels(shape.as_slice().try_into()?);
    let nchw = x.view().permuted_axes([0, 3, 1, 2]);
    let mut failures = Vec::new();
    for result in expected["results"].as_array().ok_or("results")? {
        let data_format = match result["data_format"].as_str() {
            Some("channels_first") => DataFormat::ChannelsFirst,
            _ => DataFormat::ChannelsLast,
        };
        let mode = match result["mode"].as_str() {
            Some("tf") => Mode::Tf,
            Some("torch") => Mode::Torch,
            _ => Mode::Caffe,
        };
        let input = match data_format {
            DataFormat::ChannelsLast => x.view(),
            DataFormat::ChannelsFirst => nchw,
        };
        let want = floats(result, "values");
        for (path, got) in [
            ("tensor", preprocess_tensor_input(input, data_format, mode)?),
            ("numpy", preprocess_numpy_input(input, data_format, mode)?),
        ] {
            let diff = max_diff(&got, &want);
            let shape_ok = result["shape"].as_array().is_some_and(|s| {
                s.iter()
                    .filter_map(|d| d.as_u64())
                    .eq(got.shape().iter().map(|&d| d as u64))
            });
            println!(
                "{data_format:?} {mode:?} ({path} path): shape {:?}, largest difference {diff:e}",
                got.shape()
            );
            if diff != 0.0 || !shape_ok {
                failures.push(format!("{data_format:?} {mode:?} {path}"));
            }
        }
    }
    // tf.gather(x, [2, 1, 0], axis=-1)
    let bgr = x.tf_gather(&array![2, 1, 0], -1, 0)?;
    let bgr = bgr.into_dimensionality()?;
    let diff = max_diff(&bgr, &floats(&expected, "gather_bgr"));
    println!("tf.gather(x, [2, 1, 0], axis=-1): largest difference {diff:e}");
    if diff != 0.0 || bgr.len_of(Axis(3)) != 3 {
        failures.push("gather".into());
    }
    if failures.is_empty() {
        println!("matches TensorFlow");
        Ok(())
    } else {
        eprintln!("differs from TensorFlow: {failures:?}");
        std::process::exit(1);
    }
}
