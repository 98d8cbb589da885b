"""NumPy's equivalents of benches/assign.rs, on the same shapes and selection.

    python3 benches/peers.py        (needs numpy)

Prints nanoseconds per operation (best of 7 timeit repeats), one line per operation.
"""

import timeit

import numpy as np

SHAPE = (256, 64, 64)  # 4 MiB of float32
SEL = (slice(None, None, -1), slice(1, 63, 2), slice(None, None, -2))  # x[::-1, 1:63:2, ::-2]


def best_ns(stmt, number):
    times = timeit.repeat(stmt, number=number, repeat=7)
    return min(times) / number * 1e9


def main():
    x = np.zeros(SHAPE, dtype=np.float32)
    final_shape = x[SEL].shape
    assert final_shape == (256, 31, 32), final_shape
    i, j, k = np.indices(final_shape)
    value = (i + j + k).astype(np.float32)
    row = np.arange(32, dtype=np.float32)

    def assign():
        x[SEL] = value

    def assign_row():
        x[SEL] = row

    def grad():
        z = np.zeros(SHAPE, dtype=np.float32)
        z[SEL] = value
        return z

    print(f"numpy_assign_4MiB {best_ns(assign, 20):.0f} ns")
    print(f"numpy_assign_broadcast_row_4MiB {best_ns(assign_row, 20):.0f} ns")
    print(f"numpy_zeros_then_assign_4MiB {best_ns(grad, 20):.0f} ns")
    print(f"numpy {np.__version__}")


if __name__ == "__main__":
    main()
