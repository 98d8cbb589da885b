"""Writes examples/yolo_decode_expected.json: YOLOv3's box decode as TensorFlow runs it, the
reference examples/yolo_decode.rs is checked against.

Run from the repository root (TensorFlow 2.x and NumPy):

    python3 examples/yolo_decode_tf.py

`_meshgrid` and `yolo_boxes` are copied verbatim from zzh8829/yolov3-tf2,
yolov3_tf2/models.py (MIT licence). `decode` continues the way qqwweee/keras-yolo3,
yolo3/model.py does (MIT licence): `yolo_correct_boxes` puts the boxes in y-x order with
`box_xy[..., ::-1]`, and `yolo_eval` keeps, per class, the boxes whose score passes a threshold
with `tf.boolean_mask(boxes, mask[:, c])`.
"""

import json
import os

import numpy as np
import tensorflow as tf

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "yolo_decode_expected.json")

# yolov3_tf2/models.py: yolo_anchors / 416, the first mask (the large-object head).
ANCHORS = np.array([(116, 90), (156, 198), (373, 326)], np.float32) / 416
CLASSES = 3
GRID = 4
THRESHOLD = 0.3


def _meshgrid(n_a, n_b):

    return [
        tf.reshape(tf.tile(tf.range(n_a), [n_b]), (n_b, n_a)),
        tf.reshape(tf.repeat(tf.range(n_b), n_a), (n_b, n_a))
    ]


def yolo_boxes(pred, anchors, classes):
    # pred: (batch_size, grid, grid, anchors, (x, y, w, h, obj, ...classes))
    grid_size = tf.shape(pred)[1:3]
    box_xy, box_wh, objectness, class_probs = tf.split(
        pred, (2, 2, 1, classes), axis=-1)

    box_xy = tf.sigmoid(box_xy)
    objectness = tf.sigmoid(objectness)
    class_probs = tf.sigmoid(class_probs)
    pred_box = tf.concat((box_xy, box_wh), axis=-1)  # original xywh for loss

    # !!! grid[x][y] == (y, x)
    grid = _meshgrid(grid_size[1],grid_size[0])
    grid = tf.expand_dims(tf.stack(grid, axis=-1), axis=2)  # [gx, gy, 1, 2]

    box_xy = (box_xy + tf.cast(grid, tf.float32)) / \
        tf.cast(grid_size, tf.float32)
    box_wh = tf.exp(box_wh) * anchors

    box_x1y1 = box_xy - box_wh / 2
    box_x2y2 = box_xy + box_wh / 2
    bbox = tf.concat([box_x1y1, box_x2y2], axis=-1)

    return bbox, objectness, class_probs, pred_box


def decode(pred, anchors, classes, threshold):
    """keras-yolo3's yolo_correct_boxes (y-x order) and yolo_eval (per-class boolean_mask)."""
    bbox, objectness, class_probs, _ = yolo_boxes(pred, anchors, classes)
    box_x1y1, box_x2y2 = tf.split(bbox, 2, axis=-1)
    boxes = tf.concat([box_x1y1[..., ::-1], box_x2y2[..., ::-1]], axis=-1)
    boxes = tf.reshape(boxes, [-1, 4])
    box_scores = tf.reshape(objectness * class_probs, [-1, classes])
    mask = box_scores >= threshold
    per_class = []
    for c in range(classes):
        class_boxes = tf.boolean_mask(boxes, mask[:, c])
        class_box_scores = tf.boolean_mask(box_scores[:, c], mask[:, c])
        per_class.append({
            "boxes": class_boxes.numpy().astype(float).tolist(),
            "scores": class_box_scores.numpy().astype(float).tolist(),
        })
    return per_class, box_scores.numpy()


def main():
    rng = np.random.default_rng(16)
    shape = (1, GRID, GRID, len(ANCHORS), 5 + CLASSES)
    pred = rng.normal(0.0, 1.5, size=shape).astype(np.float32)
    per_class, scores = decode(tf.constant(pred), tf.constant(ANCHORS), CLASSES, THRESHOLD)
    # No score may sit so close to the threshold that float rounding could move it across.
    gap = np.min(np.abs(scores - THRESHOLD))
    assert gap > 1e-4, f"a score within {gap} of the threshold: pick another seed"
    kept = [len(c["scores"]) for c in per_class]
    assert all(k > 0 for k in kept), kept
    data = {
        "generator": "examples/yolo_decode_tf.py",
        "tensorflow": tf.__version__,
        "pred_shape": list(shape),
        "pred": pred.reshape(-1).astype(float).tolist(),
        "anchors": ANCHORS.astype(float).tolist(),
        "classes": CLASSES,
        "threshold": THRESHOLD,
        "expected": per_class,
    }
    with open(OUT, "w") as f:
        json.dump(data, f)
        f.write("\n")
    print(f"wrote {OUT}: boxes kept per class {kept}")


if __name__ == "__main__":
    main()
