"""Writes examples/imagenet_preprocess_expected.json: Keras's ImageNet preprocessing
(`keras.applications.imagenet_utils.preprocess_input`, what `keras.applications.resnet50`,
`vgg16`, `densenet`, `mobilenet` and others call) as TensorFlow runs it, the reference
examples/imagenet_preprocess.rs is checked against.

Run from the repository root (TensorFlow 2.x with Keras 3, and NumPy):

    python3 examples/imagenet_preprocess_tf.py

Each of the three modes ("caffe": RGB -> BGR and the ImageNet mean subtracted; "tf": to
[-1, 1]; "torch": to [0, 1], then the ImageNet mean and deviation) in both data formats, on a
TensorFlow tensor (Keras's `_preprocess_tensor_input`: the caffe flip is
`ops.stack([x[..., i] for i in (2, 1, 0)], axis=-1)`) and on a NumPy array
(`_preprocess_numpy_input`: `x[..., ::-1]`); the script checks that both paths agree and
writes one result per mode and format, and `tf.gather(x, [2, 1, 0], axis=-1)` (the flip as
TF code often writes it).
"""

import json
import os

import numpy as np
import tensorflow as tf
from keras.applications import imagenet_utils

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "imagenet_preprocess_expected.json")

# A small batch of 8-bit RGB values, as float32 (Keras's default float type).
SHAPE = (2, 5, 7, 3)


def pixels():
    n = int(np.prod(SHAPE))
    return ((np.arange(n, dtype=np.int64) * 37 + 11) % 256).astype(np.float32).reshape(SHAPE)


def main():
    x = pixels()
    out = {
        "generator": "examples/imagenet_preprocess_tf.py",
        "tensorflow": tf.__version__,
        "keras": __import__("keras").__version__,
        "shape": list(SHAPE),
        "results": [],
    }
    for data_format in ("channels_last", "channels_first"):
        image = x if data_format == "channels_last" else np.ascontiguousarray(x.transpose(0, 3, 1, 2))
        for mode in ("caffe", "tf", "torch"):
            tensor = imagenet_utils.preprocess_input(tf.constant(image), data_format=data_format, mode=mode)
            array = imagenet_utils.preprocess_input(image.copy(), data_format=data_format, mode=mode)
            assert np.array_equal(tensor.numpy(), array), (data_format, mode)
            out["results"].append({
                "data_format": data_format,
                "mode": mode,
                "shape": list(tensor.shape),
                "values": [float(v) for v in tensor.numpy().ravel()],
            })
    gathered = tf.gather(tf.constant(x), [2, 1, 0], axis=-1)
    out["gather_bgr"] = [float(v) for v in gathered.numpy().ravel()]
    with open(OUT, "w") as f:
        json.dump(out, f, separators=(",", ":"))
    print(OUT, len(out["results"]), "results")


if __name__ == "__main__":
    main()
