//! A port of YAMNet's audio front end, checked against TensorFlow.
//!
//! `pad_waveform` and `waveform_to_log_mel_spectrogram_patches` from tensorflow/models,
//! research/audioset/yamnet/features.py, on its TF-Lite-compatible path (the STFT as
//! `tf.signal.frame`, a Hann window, `tf.pad` to the FFT length and two matmuls with a real DFT
//! matrix), with `tf.signal.linear_to_mel_weight_matrix` ported too (it frames and splits its
//! band edges with the same ops). The Python, run by TensorFlow, is
//! `examples/yamnet_features_tf.py`; it wrote `examples/yamnet_features_expected.json`.
//!
//! ```text
//! cargo run --example yamnet_features
//! ```
//! prints the shapes and the largest differences from TensorFlow, and exits with status 1 if a
//! shape differs or a value differs by more than float rounding (the matmuls add 400 or 512
//! terms in a different order than TensorFlow's, and `log` near `log_offset` magnifies that; measured: 9e-6 here).
//!
//! What porting it showed: `tf.cast(0.975 * 16000, tf.int32)` goes through `float32` (a Python
//! float becomes a `float32` tensor first), so the port must round through `f32` too, or the
//! minimum length is 15,599 samples instead of 15,600; `tf.signal.frame` of the spectrogram is a
//! view (`tf_frame` without padding copies nothing); the integer lists (`[[0, n]]` paddings,
//! `[1, 64]` shapes) are the literals of the Python.

use ndarray::{Array1, Array2, Array3, ArrayView1, ArrayView2, Axis};
use ndarray_tfslice::prelude::*;
use serde_json::Value;

/// The committed TensorFlow run.
const EXPECTED: &str = include_str!("yamnet_features_expected.json");

// yamnet/params.py's defaults.
const SAMPLE_RATE: f64 = 16000.0;
const STFT_WINDOW_SECONDS: f64 = 0.025;
const STFT_HOP_SECONDS: f64 = 0.010;
const MEL_BANDS: usize = 64;
const MEL_MIN_HZ: f32 = 125.0;
const MEL_MAX_HZ: f32 = 7500.0;
const LOG_OFFSET: f32 = 0.001;
const PATCH_WINDOW_SECONDS: f64 = 0.96;
const PATCH_HOP_SECONDS: f64 = 0.48;

/// The generator's input: a 400 Hz square wave plus integer-hashed noise, exact in `f32`.
fn waveform(n: usize) -> Array1<f32> {
    Array1::from_shape_fn(n, |i| {
        let square = ((i / 20) % 2) as f32 * 0.5;
        let noise = (((i as i64 * 7919 + 13) % 2001) - 1000) as f32 / 1000.0;
        square + noise * 0.1
    })
}

/// `tf.cast(x, tf.int32)` of a Python float: the float becomes a `float32` tensor first, then
/// truncates.
fn cast_i32(x: f64) -> i64 {
    (x as f32) as i64
}

/// `pad_waveform(waveform, params)`: silence at the end, up to one patch window plus a whole
/// number of patch hops.
fn pad_waveform(waveform: ArrayView1<'_, f32>) -> Result<Array1<f32>, Error> {
    let min_waveform_seconds = PATCH_WINDOW_SECONDS + STFT_WINDOW_SECONDS - STFT_HOP_SECONDS;
    let min_num_samples = cast_i32(min_waveform_seconds * SAMPLE_RATE);
    let num_samples = waveform.len() as i64;
    let mut num_padding_samples = (min_num_samples - num_samples).max(0);
    let num_samples = num_samples.max(min_num_samples);
    let num_samples_after_first_patch = num_samples - min_num_samples;
    let hop_samples = cast_i32(PATCH_HOP_SECONDS * SAMPLE_RATE);
    let num_hops_after_first_patch =
        (num_samples_after_first_patch as f32 / hop_samples as f32).ceil() as i64;
    num_padding_samples += hop_samples * num_hops_after_first_patch - num_samples_after_first_patch;
    // pads = [[0, 0] for each axis]; pads[-1][-1] = num_padding_samples
    waveform.tf_pad(&[[0, num_padding_samples]], PadMode::Constant, 0.0)
}

/// `_tflite_stft_magnitude(signal, frame_length, frame_step, fft_length)`.
fn stft_magnitude(
    signal: ArrayView1<'_, f32>,
    frame_length: usize,
    frame_step: usize,
    fft_length: usize,
) -> Result<Array2<f32>, Error> {
    // _hann_window(): 0.5 - 0.5 * cos(2 pi * arange(0, 1, 1 / frame_length)), as [1, frame_length]
    let hann = Array1::from_shape_fn(frame_length, |i| {
        let t = i as f64 * (1.0 / frame_length as f64);
        (0.5 - 0.5 * (2.0 * std::f64::consts::PI * t).cos()) as f32
    });
    let hann = hann.tf_reshape([1, frame_length])?;
    // _rdft: the first fft_length // 2 + 1 columns of the DFT matrix, real and imaginary parts.
    let bins = fft_length / 2 + 1;
    let omega = 2.0 * std::f64::consts::PI / fft_length as f64;
    let real_dft = Array2::from_shape_fn((fft_length, bins), |(j, k)| {
        (omega * (j * k) as f64).cos() as f32
    });
    let imag_dft = Array2::from_shape_fn((fft_length, bins), |(j, k)| {
        (omega * (j * k) as f64).sin() as f32
    });
    // framed_signal = tf.signal.frame(signal, frame_length, frame_step): a view.
    let framed = signal.tf_frame(frame_length, frame_step, false, 0.0, -1)?;
    let windowed = &framed * &hann;
    let half_pad = (fft_length - frame_length) / 2;
    let padded = windowed.tf_pad(
        &[[0, 0], [half_pad, fft_length - frame_length - half_pad]],
        PadMode::Constant,
        0.0,
    )?;
    let real = padded.dot(&real_dft);
    let imag = padded.dot(&imag_dft);
    Ok(ndarray::Zip::from(&real)
        .and(&imag)
        .map_collect(|&re, &im| (re * re + im * im).sqrt()))
}

/// `tf.linspace(start, stop, num)` in `float32`, as TensorFlow's kernel computes it: `start +
/// i * step` with the last element exactly `stop`.
fn linspace(start: f32, stop: f32, num: usize) -> Array1<f32> {
    let step = (stop - start) / (num - 1) as f32;
    Array1::from_shape_fn(num, |i| {
        if i + 1 == num {
            stop
        } else {
            start + step * i as f32
        }
    })
}

/// `_hertz_to_mel`: 1127 ln(1 + f / 700).
fn hertz_to_mel(hz: f32) -> f32 {
    1127.0 * (1.0 + hz / 700.0).ln()
}

/// `tf.signal.linear_to_mel_weight_matrix(num_mel_bins, num_spectrogram_bins, sample_rate,
/// lower_edge_hertz, upper_edge_hertz)` in `float32`.
fn linear_to_mel_weight_matrix(
    num_mel_bins: usize,
    num_spectrogram_bins: usize,
    sample_rate: f32,
    lower_edge_hertz: f32,
    upper_edge_hertz: f32,
) -> Result<Array2<f32>, Error> {
    // HTK excludes the spectrogram DC bin.
    let bands_to_zero = 1;
    let nyquist_hertz = sample_rate / 2.0;
    let linear_frequencies = linspace(0.0, nyquist_hertz, num_spectrogram_bins);
    let linear_frequencies = linear_frequencies.tf_index(tf_s![bands_to_zero:])?;
    let spectrogram_bins_mel = linear_frequencies.mapv(hertz_to_mel);
    let spectrogram_bins_mel = spectrogram_bins_mel.tf_expand_dims(1)?;
    // (lower_edge, center, upper_edge) triples: frames of 3, step 1, over num_mel_bins + 2 edges.
    let edges = linspace(
        hertz_to_mel(lower_edge_hertz),
        hertz_to_mel(upper_edge_hertz),
        num_mel_bins + 2,
    );
    let band_edges_mel = edges.tf_frame(3, 1, false, 0.0, -1)?;
    let triple = band_edges_mel.tf_split(3, 1)?;
    let [lower, center, upper] = [0, 1, 2].map(|i| triple[i].tf_reshape([1, num_mel_bins]));
    let (lower, center, upper) = (lower?, center?, upper?);
    let lower_slopes = (&spectrogram_bins_mel - &lower) / (&center - &lower);
    let upper_slopes = (&upper - &spectrogram_bins_mel) / (&upper - &center);
    let weights = ndarray::Zip::from(&lower_slopes)
        .and(&upper_slopes)
        .map_collect(|&l, &u| 0f32.max(l.min(u)));
    // Re-add the zeroed lower bins sliced out above.
    weights.tf_pad(&[[bands_to_zero, 0], [0, 0]], PadMode::Constant, 0.0)
}

/// What `waveform_to_log_mel_spectrogram_patches` returns, with the mel matrix it used.
struct Features {
    mel_matrix: Array2<f32>,
    log_mel_spectrogram: Array2<f32>,
    patches: Array3<f32>,
}

/// `waveform_to_log_mel_spectrogram_patches(waveform, params)` with `params.tflite_compatible`.
fn waveform_to_log_mel_spectrogram_patches(
    waveform: ArrayView1<'_, f32>,
) -> Result<Features, Error> {
    let window_length_samples = (SAMPLE_RATE * STFT_WINDOW_SECONDS).round() as usize;
    let hop_length_samples = (SAMPLE_RATE * STFT_HOP_SECONDS).round() as usize;
    let fft_length = 1usize << (window_length_samples as f64).log2().ceil() as u32;
    let num_spectrogram_bins = fft_length / 2 + 1;
    let magnitude = stft_magnitude(
        waveform,
        window_length_samples,
        hop_length_samples,
        fft_length,
    )?;
    let mel_matrix = linear_to_mel_weight_matrix(
        MEL_BANDS,
        num_spectrogram_bins,
        SAMPLE_RATE as f32,
        MEL_MIN_HZ,
        MEL_MAX_HZ,
    )?;
    let log_mel_spectrogram = magnitude.dot(&mel_matrix).mapv(|m| (m + LOG_OFFSET).ln());
    // Frame the spectrogram into patches along time (axis -2): a view into it.
    let spectrogram_sample_rate = SAMPLE_RATE / hop_length_samples as f64;
    let patch_window = (spectrogram_sample_rate * PATCH_WINDOW_SECONDS).round() as usize;
    let patch_hop = (spectrogram_sample_rate * PATCH_HOP_SECONDS).round() as usize;
    let patches = log_mel_spectrogram
        .tf_frame(patch_window, patch_hop, false, 0.0, -2)?
        .into_owned();
    Ok(Features {
        mel_matrix,
        log_mel_spectrogram,
        patches,
    })
}

fn floats(v: &Value, key: &str) -> Vec<f32> {
    v[key]
        .as_array()
        .unwrap_or_else(|| panic!("{key} in the expected file"))
        .iter()
        .map(|x| x.as_f64().expect("a number") as f32)
        .collect()
}

fn shape(v: &Value, key: &str) -> Vec<usize> {
    v[key]
        .as_array()
        .unwrap_or_else(|| panic!("{key} in the expected file"))
        .iter()
        .map(|x| x.as_u64().expect("a size") as usize)
        .collect()
}

/// The largest absolute difference between `ours` (any layout) and TensorFlow's flat values;
/// NaN if either side has a NaN (`f32::max` would skip it).
fn max_diff(ours: ArrayView2<'_, f32>, theirs: &[f32]) -> f32 {
    ours.iter()
        .zip(theirs)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0, |m, d| if d.is_nan() || d > m { d } else { m })
}

/// Whether `diff` (from [`max_diff`]) is within `tolerance`.
fn within(diff: f32, tolerance: f32) -> bool {
    diff <= tolerance
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let expected: Value = serde_json::from_str(EXPECTED)?;
    let samples = expected["samples"].as_u64().ok_or("samples")? as usize;
    let wave = waveform(samples);
    let padded = pad_waveform(wave.view())?;
    let features = waveform_to_log_mel_spectrogram_patches(padded.view())?;

    let mut failures = Vec::new();
    let padded_len = expected["padded_len"].as_u64().ok_or("padded_len")? as usize;
    println!(
        "padded waveform: {} samples (TensorFlow {padded_len})",
        padded.len()
    );
    if padded.len() != padded_len {
        failures.push("padded length");
    }
    println!(
        "log mel spectrogram {:?} (TensorFlow {:?}), patches {:?} (TensorFlow {:?})",
        features.log_mel_spectrogram.shape(),
        shape(&expected, "log_mel_shape"),
        features.patches.shape(),
        shape(&expected, "patches_shape"),
    );
    if features.log_mel_spectrogram.shape() != shape(&expected, "log_mel_shape")
        || features.patches.shape() != shape(&expected, "patches_shape")
        || features.mel_matrix.shape() != shape(&expected, "mel_matrix_shape")
    {
        failures.push("shapes");
    }
    let mel_diff = max_diff(features.mel_matrix.view(), &floats(&expected, "mel_matrix"));
    let patches = features.patches.view();
    let flat = patches.to_shape((patches.len() / MEL_BANDS, MEL_BANDS))?;
    let expected_patches = floats(&expected, "patches");
    let patch_diff = max_diff(flat.view(), &expected_patches);
    let patch_count = expected_patches.len();
    println!("mel matrix: largest difference {mel_diff:e}");
    println!("patches: largest difference {patch_diff:e} over {patch_count} values");
    if flat.len() != patch_count {
        failures.push("patch count");
    }
    if !within(mel_diff, 1e-5) {
        failures.push("mel matrix values");
    }
    if !within(patch_diff, 1e-4) {
        failures.push("patch values");
    }
    // Frames of the spectrogram overlap by half: patch 1 starts where patch 0's middle is.
    let hop = features.patches.shape()[1] / 2;
    if features.patches.len_of(Axis(0)) > 1
        && features.patches.index_axis(Axis(0), 1).row(0)
            != features.patches.index_axis(Axis(0), 0).row(hop)
    {
        failures.push("patch overlap");
    }
    if failures.is_empty() {
        println!("matches TensorFlow");
        Ok(())
    } else {
        eprintln!("differs from TensorFlow: {failures:?}");
        std::process::exit(1);
    }
}
