"""Writes examples/yamnet_features_expected.json: YAMNet's audio front end as TensorFlow runs
it, the reference examples/yamnet_features.rs is checked against.

Run from the repository root (TensorFlow 2.x and NumPy):

    python3 examples/yamnet_features_tf.py

What is ported: tensorflow/models, research/audioset/yamnet/features.py (Apache 2.0):
`pad_waveform`, then `waveform_to_log_mel_spectrogram_patches` on its TF-Lite-compatible path
(`params.tflite_compatible`, where the STFT is `tf.signal.frame`, a Hann window, `tf.pad` of
each frame to the FFT length and two matmuls with a real DFT matrix), the mel matrix from
`tf.signal.linear_to_mel_weight_matrix`, and the patches from `tf.signal.frame(..., axis=-2)`.
The calls below are that file's, with YAMNet's default parameters (yamnet/params.py).
"""

import json
import os

import numpy as np
import tensorflow as tf

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "yamnet_features_expected.json")

SAMPLE_RATE = 16000.0
STFT_WINDOW_SECONDS = 0.025
STFT_HOP_SECONDS = 0.010
MEL_BANDS = 64
MEL_MIN_HZ = 125.0
MEL_MAX_HZ = 7500.0
LOG_OFFSET = 0.001
PATCH_WINDOW_SECONDS = 0.96
PATCH_HOP_SECONDS = 0.48


def waveform(n):
    """1.2 s of a 400 Hz square wave plus integer-hashed noise: exact in float32 on both sides."""
    i = np.arange(n, dtype=np.int64)
    square = ((i // 20) % 2).astype(np.float32) * np.float32(0.5)
    noise = (((i * 7919 + 13) % 2001) - 1000).astype(np.float32) / np.float32(1000.0)
    return square + noise * np.float32(0.1)


def pad_waveform(wave):
    min_waveform_seconds = PATCH_WINDOW_SECONDS + STFT_WINDOW_SECONDS - STFT_HOP_SECONDS
    min_num_samples = tf.cast(min_waveform_seconds * SAMPLE_RATE, tf.int32)
    num_samples = tf.shape(wave)[-1]
    num_padding_samples = tf.maximum(0, min_num_samples - num_samples)
    num_samples = tf.maximum(num_samples, min_num_samples)
    after_first = num_samples - min_num_samples
    hop_samples = tf.cast(PATCH_HOP_SECONDS * SAMPLE_RATE, tf.int32)
    hops = tf.cast(tf.math.ceil(tf.cast(after_first, tf.float32) / tf.cast(hop_samples, tf.float32)), tf.int32)
    num_padding_samples += hop_samples * hops - after_first
    pads = [[0, 0] for _ in range(len(wave.shape))]
    pads[-1][-1] = num_padding_samples
    return tf.pad(wave, pads, mode="CONSTANT", constant_values=0.0)


def stft_magnitude(signal, frame_length, frame_step, fft_length):
    hann = tf.reshape(
        tf.constant((0.5 - 0.5 * np.cos(2 * np.pi * np.arange(0, 1.0, 1.0 / frame_length))).astype(np.float32)),
        [1, frame_length])
    omega = (0 + 1j) * 2.0 * np.pi / float(fft_length)
    dft = np.exp(omega * np.outer(np.arange(fft_length), np.arange(fft_length)))
    kept = dft[:(fft_length // 2 + 1), :].transpose()
    real_dft = tf.constant(np.real(kept).astype(np.float32))
    imag_dft = tf.constant(np.imag(kept).astype(np.float32))
    framed = tf.signal.frame(signal, frame_length, frame_step)
    windowed = framed * hann
    half_pad = (fft_length - frame_length) // 2
    padded = tf.pad(windowed, [[0, 0], [half_pad, fft_length - frame_length - half_pad]],
                    mode="CONSTANT", constant_values=0.0)
    re = tf.matmul(padded, real_dft)
    im = tf.matmul(padded, imag_dft)
    return tf.sqrt(tf.add(re * re, im * im))


def log_mel_patches(wave):
    window = int(round(SAMPLE_RATE * STFT_WINDOW_SECONDS))
    hop = int(round(SAMPLE_RATE * STFT_HOP_SECONDS))
    fft_length = 2 ** int(np.ceil(np.log(window) / np.log(2.0)))
    bins = fft_length // 2 + 1
    magnitude = stft_magnitude(wave, window, hop, fft_length)
    mel_matrix = tf.signal.linear_to_mel_weight_matrix(
        num_mel_bins=MEL_BANDS, num_spectrogram_bins=bins, sample_rate=SAMPLE_RATE,
        lower_edge_hertz=MEL_MIN_HZ, upper_edge_hertz=MEL_MAX_HZ)
    log_mel = tf.math.log(tf.matmul(magnitude, mel_matrix) + LOG_OFFSET)
    spectrogram_rate = SAMPLE_RATE / hop
    patch_window = int(round(spectrogram_rate * PATCH_WINDOW_SECONDS))
    patch_hop = int(round(spectrogram_rate * PATCH_HOP_SECONDS))
    patches = tf.signal.frame(log_mel, frame_length=patch_window, frame_step=patch_hop, axis=-2)
    return mel_matrix, log_mel, patches


def main():
    wave = tf.constant(waveform(19200))
    padded = pad_waveform(wave)
    mel_matrix, log_mel, patches = log_mel_patches(padded)
    out = {
        "generator": "examples/yamnet_features_tf.py",
        "tensorflow": tf.__version__,
        "samples": 19200,
        "padded_len": int(padded.shape[0]),
        "mel_matrix_shape": list(mel_matrix.shape),
        "mel_matrix": [float(v) for v in mel_matrix.numpy().ravel()],
        "log_mel_shape": list(log_mel.shape),
        "patches_shape": list(patches.shape),
        "patches": [round(float(v), 6) for v in patches.numpy().ravel()],
    }
    with open(OUT, "w") as f:
        json.dump(out, f, separators=(",", ":"))
    print(OUT, out["padded_len"], out["log_mel_shape"], out["patches_shape"])


if __name__ == "__main__":
    main()
