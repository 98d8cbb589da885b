"""NumPy's equivalents of benches/shape.rs, on the same shapes (float32), timed in one process.

    python3 benches/shape_peers.py            readable list (us per call)
    python3 benches/shape_peers.py --quick    shorter repeats
    python3 benches/shape_peers.py --json     {"<criterion group>/<numpy name>": ns} (peers_common)

frame: sliding_window_view(x, 400, axis=-1)[:, ::160] (a view, like tf_frame's) and its copy.
reshape: x.transpose(0, 2, 1, 3).reshape(16, -1) (NumPy copies, as the crate must).
repeat: np.repeat(x, 2, axis=0) and axis=-1. roll: np.roll(x, (-3, -3), axis=(1, 2)).
Each readable figure is the best of 30 timeit repeats of at least 5 ms each.
"""

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from peers_common import parse_args, run_cases_us


def ramp(shape, weights):
    grids = np.indices(shape, dtype=np.int64)
    return sum(w * g for w, g in zip(weights, grids)).astype(np.float32)


audio = ramp((16, 160_000), (7, 1))
images = ramp((16, 224, 224, 3), (7, 5, 3, 1))
swapped = images.transpose(0, 2, 1, 3)
table = ramp((2048, 768), (7, 1))
maps = ramp((16, 56, 56, 96), (7, 5, 3, 1))


def frames_view():
    return sliding_window_view(audio, 400, axis=-1)[:, ::160]


CASES = [
    ("frame_audio_16x160000/numpy_sliding_window_view", "frame (16,160000) 400/160, view",
     frames_view),
    ("frame_audio_16x160000/numpy_sliding_window_view_copy", "frame (16,160000) 400/160, copied",
     lambda: frames_view().copy()),
    ("reshape_transposed_16x224x224x3/numpy_reshape", "reshape transposed (16,224,224,3) to (16,-1)",
     lambda: swapped.reshape(16, -1)),
    # NumPy has one array type: the Rust side's `ArrayD` row gets the same figure.
    ("reshape_transposed_dyn_16x224x224x3/numpy_reshape",
     "reshape transposed (16,224,224,3) to (16,-1) (the ArrayD row)",
     lambda: swapped.reshape(16, -1)),
    ("repeat_rows_2048x768/numpy_repeat", "repeat (2048,768) rows by 2",
     lambda: np.repeat(table, 2, axis=0)),
    ("repeat_elements_2048x768/numpy_repeat", "repeat (2048,768) last-axis elements by 2",
     lambda: np.repeat(table, 2, axis=-1)),
    ("roll_16x56x56x96/numpy_roll", "roll (16,56,56,96) by (-3,-3) on (1,2)",
     lambda: np.roll(maps, (-3, -3), axis=(1, 2))),
]


def main():
    args = parse_args(__doc__)
    assert frames_view().shape == (16, 998, 400)
    assert (np.roll(maps, (-3, -3), axis=(1, 2))[0, 0, 0] == maps[0, 3, 3]).all()
    repeat = 5 if args.quick else 30

    run_cases_us(args, CASES, repeat, min_s=0.005, header=f"numpy {np.__version__}")


if __name__ == "__main__":
    main()
