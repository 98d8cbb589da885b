"""int_lists.json: the integer-list rule (issue 16) against TensorFlow: negative values in the
lists TF takes as tensors, where TF rejects them (its message) and where it counts from the end
(its result); and paddings/crops tensors of the wrong shape.

Case fields: name, op, shape, and the op's lists (int64 tensors); expect = {shape, values} or
{"error": {kind, message}}. The input is arange(prod(shape)).reshape(shape) (int64).
"""

import tensorflow as tf

from tfcommon import arange, as_expect, classify, clean_message, new_case

FILE = "int_lists.json"

ERRORS = [
    ("TileNegativeMultiple", r"Expected multiples\[\d+\] >= 0, but got -\d+"),
    ("PaddingNegative", r"[Pp]addings must be non-negative: -?\d+ -?\d+"),
    ("PaddingsNotPairs", r"paddings must be a matrix with 2 columns: \[\d+,\d+\]"),
    ("ReflectPaddingTooLarge", r"paddings must be less than the dimension size: \d+, \d+ not less "
                               r"than \d+"),
    ("PaddingsNotPairs", r"(paddings|crops) should have shape \[\d+, 2\] instead of \[\d+,\d+\]"),
    ("PermOutOfRange", r"-?\d+ is out of range \[0 \.\. \d+\)"),
    ("PermNotPermutation", r"\d+ is missing from \{[\d,]*\}\."),
    ("ReverseDuplicateAxis", r"axis \d+ specified more than once\."),
    ("BlockShapeNegative", r"All values in block_shape must be positive, got value, -\d+ at index "
                           r"\d+\."),
    ("BlockPaddingNegative", r"Paddings must be non-negative"),
    ("BlockProductNegative", r"Product of block sizes must be positive, got -\d+"),
    ("CropsNegative", r"Crops must be non-negative"),
    ("CropsTooLarge", r"cropped_shape\[\d+\]=-\d+ must be non-negative"),
    ("NegativeDimension", r"Dimension -\d+ must be >= 0"),
    ("SplitNegativeSize", r"Split size at index \d+ must be >= 0\. Got: -\d+"),
    ("SeqLengthNegative", r"seq_lens\(\d+\) < 0"),
]


def i64(v):
    return tf.constant(v, dtype=tf.int64)


def run(case):
    x = tf.constant(arange(case["shape"]))
    op = case["op"]
    try:
        if op == "tile":
            r = tf.raw_ops.Tile(input=x, multiples=i64(case["multiples"]))
        elif op == "pad":
            p = i64(case["paddings"])
            if case["mode"] == "CONSTANT":
                r = tf.raw_ops.Pad(input=x, paddings=p)
            else:
                r = tf.raw_ops.MirrorPad(input=x, paddings=p, mode=case["mode"])
        elif op == "transpose":
            r = tf.raw_ops.Transpose(x=x, perm=i64(case["perm"]))
        elif op == "reverse":
            r = tf.raw_ops.ReverseV2(tensor=x, axis=i64(case["axis"]))
        elif op == "space_to_batch_nd":
            r = tf.raw_ops.SpaceToBatchND(input=x, block_shape=i64(case["block_shape"]),
                                          paddings=i64(case["paddings"]))
        elif op == "batch_to_space_nd":
            r = tf.raw_ops.BatchToSpaceND(input=x, block_shape=i64(case["block_shape"]),
                                          crops=i64(case["crops"]))
        elif op == "grad":
            dy = tf.constant(arange(case["dy_shape"]))
            r = tf.raw_ops.StridedSliceGrad(shape=i64(case["grad_shape"]), begin=i64(case["begin"]),
                                            end=i64(case["end"]), strides=i64(case["strides"]),
                                            dy=dy)
        elif op == "split":
            r = tf.raw_ops.SplitV(value=x, size_splits=i64(case["size_splits"]),
                                  axis=tf.constant(case["axis"]), num_split=len(case["size_splits"]))
            return {"outputs": [as_expect(t.numpy()) for t in r]}
        elif op == "reverse_sequence":
            r = tf.raw_ops.ReverseSequence(input=x, seq_lengths=i64(case["seq_lengths"]),
                                           seq_dim=case["seq_axis"], batch_dim=case["batch_axis"])
        else:
            raise AssertionError(op)
    except tf.errors.InvalidArgumentError as e:
        msg = clean_message(e).split("\n")[0].rstrip()
        return {"error": {"kind": classify(msg, ERRORS), "message": msg}}
    return as_expect(r.numpy())


CASES = [
    dict(name="tile-negative", op="tile", shape=[2, 3], multiples=[1, -1]),
    dict(name="tile-negative-first", op="tile", shape=[2, 3], multiples=[-2, 1]),
    dict(name="pad-constant-negative-after", op="pad", shape=[2, 3], paddings=[[0, -1], [0, 0]],
         mode="CONSTANT"),
    dict(name="pad-constant-negative-before", op="pad", shape=[2, 3], paddings=[[0, 0], [-1, 0]],
         mode="CONSTANT"),
    dict(name="pad-reflect-negative", op="pad", shape=[2, 3], paddings=[[0, -1], [0, 0]],
         mode="REFLECT"),
    dict(name="pad-symmetric-negative", op="pad", shape=[2, 3], paddings=[[0, 0], [0, -1]],
         mode="SYMMETRIC"),
    dict(name="pad-reflect-too-large-before-negative", op="pad", shape=[2, 3],
         paddings=[[5, 0], [0, -1]], mode="REFLECT"),
    dict(name="pad-three-columns", op="pad", shape=[2, 3], paddings=[[0, 0, 0], [0, 0, 0]],
         mode="CONSTANT"),
    dict(name="mirror-pad-three-columns", op="pad", shape=[2, 3],
         paddings=[[0, 0, 0], [0, 0, 0]], mode="REFLECT"),
    dict(name="transpose-negative", op="transpose", shape=[2, 3], perm=[-1, 0]),
    dict(name="transpose-negative-second", op="transpose", shape=[2, 3, 4], perm=[1, -1, 0]),
    dict(name="transpose-negative-out-of-range", op="transpose", shape=[2, 3], perm=[-3, 0]),
    dict(name="transpose-negative-repeat", op="transpose", shape=[2, 3], perm=[-1, 1]),
    dict(name="reverse-negative", op="reverse", shape=[2, 3], axis=[-1]),
    dict(name="reverse-negative-repeat", op="reverse", shape=[2, 3], axis=[-1, 1]),
    dict(name="s2b-negative-block", op="space_to_batch_nd", shape=[1, 4, 4, 1],
         block_shape=[-2, 2], paddings=[[0, 0], [0, 0]]),
    dict(name="s2b-negative-block-and-padding", op="space_to_batch_nd", shape=[1, 4, 4, 1],
         block_shape=[-1, 1], paddings=[[0, -1], [0, 0]]),
    dict(name="s2b-negative-padding-after", op="space_to_batch_nd", shape=[1, 4, 4, 1],
         block_shape=[2, 2], paddings=[[0, -2], [0, 0]]),
    dict(name="s2b-negative-padding-second", op="space_to_batch_nd", shape=[1, 4, 4, 1],
         block_shape=[2, 2], paddings=[[0, 0], [-2, 0]]),
    dict(name="s2b-three-columns", op="space_to_batch_nd", shape=[1, 4, 4, 1],
         block_shape=[2, 2], paddings=[[0, 0, 0], [0, 0, 0]]),
    dict(name="b2s-negative-product", op="batch_to_space_nd", shape=[1, 4, 4, 1],
         block_shape=[-1, 1], crops=[[0, 0], [0, 0]]),
    dict(name="b2s-negative-product-beats-crops", op="batch_to_space_nd", shape=[1, 4, 4, 1],
         block_shape=[-1, 1], crops=[[0, -1], [0, 0]]),
    dict(name="b2s-two-negative-blocks", op="batch_to_space_nd", shape=[1, 4, 4, 1],
         block_shape=[-1, -1], crops=[[0, 0], [0, 0]]),
    dict(name="b2s-two-negative-blocks-empty", op="batch_to_space_nd", shape=[1, 0, 4, 1],
         block_shape=[-1, -1], crops=[[0, 0], [0, 0]]),
    dict(name="b2s-negative-crop", op="batch_to_space_nd", shape=[1, 4, 4, 1],
         block_shape=[1, 1], crops=[[0, -1], [0, 0]]),
    dict(name="b2s-three-columns", op="batch_to_space_nd", shape=[1, 4, 4, 1],
         block_shape=[1, 1], crops=[[0, 0, 0], [0, 0, 0]]),
    dict(name="grad-negative-dim", op="grad", shape=[], grad_shape=[3, -2], begin=[0], end=[1],
         strides=[1], dy_shape=[1, 1]),
    dict(name="split-negative-size", op="split", shape=[2, 3], size_splits=[-2, 5], axis=1),
    dict(name="reverse-sequence-negative", op="reverse_sequence", shape=[2, 3],
         seq_lengths=[-1, 2], seq_axis=1, batch_axis=0),
]


def build():
    cases = []
    for c in CASES:
        fields = {k: v for k, v in c.items() if k != "name"}
        case = new_case(c["name"], **fields)
        case["expect"] = run(case)
        cases.append(case)
    return cases


def check(cases):
    kinds = {c["expect"]["error"]["kind"] for c in cases if "error" in c["expect"]}
    want = {kind for kind, _ in ERRORS}
    missing = want - kinds
    assert not missing, f"no case for {sorted(missing)}"
    assert sum("error" not in c["expect"] for c in cases) >= 3, "too few successful cases"
