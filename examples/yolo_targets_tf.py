"""Writes examples/yolo_targets_expected.json: YOLOv3's training targets (`y_true`) built from
ground-truth boxes, the reference examples/yolo_targets.rs is checked against.

Run from the repository root (TensorFlow 2.x and NumPy):

    python3 examples/yolo_targets_tf.py

`preprocess_true_boxes` follows the function of that name in qqwweee/keras-yolo3,
yolo3/model.py (MIT licence), step for step, written out again here: corner boxes to centre and
size (`true_boxes[..., 0:2] = boxes_xy / input_shape[::-1]`, the same for `2:4`), the anchor of
best IoU for each valid box, and for each box three writes into its head's grid cell
(`y_true[l][b, j, i, k, 0:4] = true_boxes[b, t, 0:4]`, then `4` and `5 + c` set to 1). The
original runs on NumPy arrays; here every slice assignment runs twice, on NumPy arrays and on
`tf.Variable`s (`var[...].assign(value)`, TensorFlow's strided-slice assignment), and the two
results must be identical before anything is written.
"""

import json
import os

import numpy as np
import tensorflow as tf

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "yolo_targets_expected.json")

# keras-yolo3's model_data/yolo_anchors.txt, scaled to the small input below.
ANCHORS = np.array(
    [(10, 13), (16, 30), (33, 23), (30, 61), (62, 45), (59, 119), (116, 90), (156, 198), (373, 326)],
    np.float64,
) * 0.25
ANCHOR_MASK = [[6, 7, 8], [3, 4, 5], [0, 1, 2]]
INPUT_SHAPE = (96, 128)  # (h, w), multiples of 32
CLASSES = 4
MAX_BOXES = 6


class NumpyArrays:
    """Slice assignment as the original does it."""

    def zeros(self, shape):
        return np.zeros(shape, np.float32)

    def assign(self, array, index, value):
        array[index] = value

    def value(self, array):
        return array


class TfVariables:
    """The same writes as TensorFlow's strided-slice assignment."""

    def zeros(self, shape):
        return tf.Variable(tf.zeros(shape, tf.float32))

    def assign(self, array, index, value):
        array[index].assign(np.asarray(value, np.float32))

    def value(self, array):
        return array.numpy()


def preprocess_true_boxes(true_boxes, input_shape, anchors, num_classes, arrays):
    """`y_true` for the three heads, and the boxes as centre and size (fractions of the input)."""
    true_boxes = np.array(true_boxes, np.float32)
    input_shape = np.array(input_shape, np.int32)
    boxes_xy = (true_boxes[..., 0:2] + true_boxes[..., 2:4]) // 2
    boxes_wh = true_boxes[..., 2:4] - true_boxes[..., 0:2]
    boxes = arrays.zeros(true_boxes.shape)
    arrays.assign(boxes, np.s_[...], true_boxes)
    arrays.assign(boxes, np.s_[..., 0:2], (boxes_xy / input_shape[::-1]).astype(np.float32))
    arrays.assign(boxes, np.s_[..., 2:4], (boxes_wh / input_shape[::-1]).astype(np.float32))
    true_boxes = np.array(arrays.value(boxes))

    m = true_boxes.shape[0]
    grid_shapes = [input_shape // {0: 32, 1: 16, 2: 8}[l] for l in range(3)]
    y_true = [
        arrays.zeros((m, g[0], g[1], len(ANCHOR_MASK[l]), 5 + num_classes))
        for l, g in enumerate(grid_shapes)
    ]
    anchors = np.expand_dims(anchors, 0)
    anchor_maxes = anchors / 2.0
    anchor_mins = -anchor_maxes
    valid_mask = boxes_wh[..., 0] > 0
    for b in range(m):
        wh = boxes_wh[b, valid_mask[b]]
        if len(wh) == 0:
            continue
        wh = np.expand_dims(wh, -2)
        box_maxes = wh / 2.0
        box_mins = -box_maxes
        intersect_wh = np.maximum(
            np.minimum(box_maxes, anchor_maxes) - np.maximum(box_mins, anchor_mins), 0.0
        )
        intersect_area = intersect_wh[..., 0] * intersect_wh[..., 1]
        box_area = wh[..., 0] * wh[..., 1]
        anchor_area = anchors[..., 0] * anchors[..., 1]
        iou = intersect_area / (box_area + anchor_area - intersect_area)
        best_anchor = np.argmax(iou, axis=-1)
        # As the original: `t` counts the valid boxes, and indexes `true_boxes` (valid boxes
        # come first in a padded batch).
        for t, n in enumerate(best_anchor):
            for l in range(3):
                if n in ANCHOR_MASK[l]:
                    i = np.floor(true_boxes[b, t, 0] * grid_shapes[l][1]).astype(np.int32)
                    j = np.floor(true_boxes[b, t, 1] * grid_shapes[l][0]).astype(np.int32)
                    k = ANCHOR_MASK[l].index(n)
                    c = true_boxes[b, t, 4].astype(np.int32)
                    arrays.assign(y_true[l], np.s_[b, j, i, k, 0:4], true_boxes[b, t, 0:4])
                    arrays.assign(y_true[l], np.s_[b, j, i, k, 4], 1)
                    arrays.assign(y_true[l], np.s_[b, j, i, k, 5 + c], 1)
    return true_boxes, [arrays.value(y) for y in y_true]


def ground_truth(rng):
    """A padded batch of corner boxes (x1, y1, x2, y2, class) in pixels: 4 boxes, then 6."""
    h, w = INPUT_SHAPE
    batch = np.zeros((2, MAX_BOXES, 5), np.float32)
    for b, count in enumerate([4, MAX_BOXES]):
        for t in range(count):
            # Every other box small, so that the small-anchor head gets some too.
            most = 12 if t % 2 else h
            bw, bh = rng.integers(3, most), rng.integers(3, most)
            x1, y1 = rng.integers(0, w - bw), rng.integers(0, h - bh)
            batch[b, t] = (x1, y1, x1 + bw, y1 + bh, rng.integers(0, CLASSES))
    return batch


def main():
    true_boxes = ground_truth(np.random.default_rng(20261124))
    boxes, y_true = preprocess_true_boxes(true_boxes, INPUT_SHAPE, ANCHORS, CLASSES, NumpyArrays())
    tf_boxes, tf_y_true = preprocess_true_boxes(
        true_boxes, INPUT_SHAPE, ANCHORS, CLASSES, TfVariables()
    )
    assert np.array_equal(boxes, tf_boxes)
    for y, t in zip(y_true, tf_y_true):
        assert np.array_equal(y, t)
    # Every head received boxes, so the comparison looks at real writes.
    hits = [int((y[..., 4] == 1).sum()) for y in y_true]
    assert all(hits), hits

    def array(a):
        return {"shape": list(a.shape), "values": [float(v) for v in a.ravel()]}

    out = {
        "tensorflow": tf.__version__,
        "input_shape": list(INPUT_SHAPE),
        "classes": CLASSES,
        "anchors": array(ANCHORS),
        "true_boxes": array(true_boxes),
        "boxes": array(boxes),
        "y_true": [array(y) for y in y_true],
        "cells": hits,
    }
    with open(OUT, "w") as f:
        json.dump(out, f)
        f.write("\n")
    print(f"wrote {OUT}: cells set per head {hits}")


if __name__ == "__main__":
    main()
