//! The oracle for `tf_strided_slice`, `tf_slice`, slice assignment and `tf_strided_slice_grad`,
//! written straight from TensorFlow's definition (`shared/reference/tf-strided-slice-semantics.md`,
//! §1 to §4). It shares no code with `src/` and uses nothing but `std`, so two programs include
//! this very file: `tests/strided/oracle.rs` (proptest) and the fuzz targets `strided` and `slice`
//! (`fuzz/logic/`, also replayed by `tests/regressions/fuzz_corpus.rs`).
//!
//! It builds TF's dense spec the way `ValidateStridedSliceOp` does, walks every dense dim
//! literally (`i = begin; while i < end { push i; i += s }`, in `i128` so no value can
//! overflow), enumerates the output with nested loops and returns the row-major flat index into
//! the input of every output element. Feed it an input holding its own flat index (`0..len`)
//! and a correct view holds exactly those numbers, in that order and shape.
//!
//! Callers keep shapes small: the oracle walks every index of every axis.
#![allow(dead_code)] // each includer uses only some of it

/// Which error the oracle (or the crate) raised, with the numbers that identify it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fail {
    /// E1.
    SpecLengthMismatch {
        begin_len: usize,
        end_len: usize,
        strides_len: usize,
    },
    /// E2: the whole mask, its lowest and second-lowest bits.
    MultipleEllipses {
        mask: u64,
        first: usize,
        second: usize,
    },
    /// E3.
    SliceScalar { index: usize },
    /// E4.
    TooManyIndices {
        index: usize,
        axis: usize,
        rank: usize,
    },
    /// E5.
    ZeroStride { index: usize, axis: usize },
    /// E6.
    ShrinkNegativeStride {
        index: usize,
        axis: usize,
        stride: i64,
    },
    /// E7.
    ShrinkOutOfBounds {
        index: usize,
        axis: usize,
        begin: i64,
        shifted: i64,
        dim: usize,
    },
    /// tf.slice: begin/size not one entry per axis.
    SliceLengthMismatch {
        rank: usize,
        begin_len: usize,
        size_len: usize,
    },
    /// tf.slice: an axis of size 0 needs begin == size == 0. `size` is `None` when `D - begin`
    /// does not fit in i64 (then it is not compared).
    SliceEmptyAxis {
        axis: usize,
        begin: i64,
        size: Option<i64>,
    },
    /// tf.slice: begin outside [0, D].
    SliceBeginOutOfRange { axis: usize, begin: i64, dim: usize },
    /// tf.slice: size outside [0, D - begin].
    SliceSizeOutOfRange { axis: usize, size: i64, max: i64 },
    /// Assignment: the value does not broadcast into the slice's final shape.
    AssignBroadcast {
        value_shape: Vec<usize>,
        final_shape: Vec<usize>,
        input_shape: Vec<usize>,
    },
    /// Gradient: dy's shape is not the forward slice's final shape.
    GradShapeMismatch {
        dy_shape: Vec<usize>,
        expected: Vec<usize>,
        input_shape: Vec<usize>,
    },
    /// Anything else the crate returned (never expected here).
    Other(String),
}

/// Final shape and, in row-major output order, the input flat index of every output element.
pub type Answer = Result<(Vec<usize>, Vec<i64>), Fail>;

/// Bit `i` of `mask`.
pub fn bit(mask: u64, i: usize) -> bool {
    i < 64 && (mask >> i) & 1 == 1
}

/// One entry of TF's final-shape gather list.
#[derive(Clone, Copy, Debug)]
enum Gather {
    Dim(usize),
    NewAxis,
    Shrink,
}

/// One dense dim, as TF's dense spec stores it.
#[derive(Clone, Copy, Debug)]
struct DenseDim {
    /// The sparse (spec) index it came from.
    index: usize,
    begin: i64,
    end: i64,
    stride: i64,
    begin_masked: bool,
    end_masked: bool,
    shrink: bool,
}

/// Row-major strides of `shape`, in elements.
pub fn row_major_strides(shape: &[usize]) -> Vec<usize> {
    let mut strides = vec![1usize; shape.len()];
    let mut acc = 1usize;
    for (s, &d) in strides.iter_mut().zip(shape).rev() {
        *s = acc;
        acc *= d;
    }
    strides
}

/// Nested loops over `lists` (one list of input indices per input axis), outermost axis first.
pub fn nested_loops(
    lists: &[Vec<i128>],
    strides: &[usize],
    axis: usize,
    base: i128,
    out: &mut Vec<i64>,
) {
    if axis == lists.len() {
        out.push(i64::try_from(base).expect("flat index fits"));
        return;
    }
    for &i in &lists[axis] {
        nested_loops(
            lists,
            strides,
            axis + 1,
            base + i * strides[axis] as i128,
            out,
        );
    }
}

/// `tf.raw_ops.StridedSlice` on an input of shape `shape`, from the reference's §1 and §2.
/// `m` is `[begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask]`.
pub fn oracle_strided(
    shape: &[usize],
    begin: &[i64],
    end: &[i64],
    strides: &[i64],
    m: [u64; 5],
) -> Answer {
    let [
        begin_mask,
        end_mask,
        ellipsis_mask,
        new_axis_mask,
        shrink_mask,
    ] = m;
    let n = strides.len();
    let rank = shape.len();

    // Step 0.1: E1.
    if begin.len() != n || end.len() != n {
        return Err(Fail::SpecLengthMismatch {
            begin_len: begin.len(),
            end_len: end.len(),
            strides_len: n,
        });
    }
    assert!(n < 64, "callers keep specs short");
    // Step 0.2: E2 looks at the whole mask, dead bits included.
    if ellipsis_mask.count_ones() > 1 {
        let first = ellipsis_mask.trailing_zeros() as usize;
        let second = (ellipsis_mask & (ellipsis_mask - 1)).trailing_zeros() as usize;
        return Err(Fail::MultipleEllipses {
            mask: ellipsis_mask,
            first,
            second,
        });
    }

    // Step 1: sparse spec.
    let mut nadd = 0i64;
    let mut ellipsis_seen = false;
    for i in 0..n {
        if ellipsis_seen && bit(new_axis_mask, i) {
            nadd += 1;
        }
        if bit(ellipsis_mask, i) {
            ellipsis_seen = true;
        }
    }
    let explicit = (0..n).any(|i| bit(ellipsis_mask, i));
    let (ellipsis, ns) = if explicit {
        (ellipsis_mask, n)
    } else {
        (ellipsis_mask | (1u64 << n), n + 1)
    };

    // Step 2: dense spec. Precedence: ellipsis > new_axis > everything else.
    let mut dense: Vec<DenseDim> = Vec::with_capacity(rank);
    let mut gather: Vec<Gather> = Vec::new();
    for i in 0..ns {
        if bit(ellipsis, i) {
            let next = (rank as i64 - (ns as i64 - i as i64) + 1 + nadd).min(rank as i64);
            while (dense.len() as i64) < next {
                gather.push(Gather::Dim(dense.len()));
                dense.push(DenseDim {
                    index: i,
                    begin: 0,
                    end: 0,
                    stride: 1,
                    begin_masked: true,
                    end_masked: true,
                    shrink: false,
                });
            }
        } else if bit(new_axis_mask, i) {
            gather.push(Gather::NewAxis);
        } else {
            // A real dim. (i < n here: index n only exists as the implicit ellipsis.)
            let full = dense.len();
            if full == rank {
                return Err(if rank == 0 {
                    Fail::SliceScalar { index: i }
                } else {
                    Fail::TooManyIndices {
                        index: i,
                        axis: full,
                        rank,
                    }
                });
            }
            let shrink = bit(shrink_mask, i);
            gather.push(if shrink {
                Gather::Shrink
            } else {
                Gather::Dim(full)
            });
            dense.push(DenseDim {
                index: i,
                begin: begin[i],
                end: end[i],
                stride: strides[i],
                begin_masked: bit(begin_mask, i),
                end_masked: bit(end_mask, i),
                shrink,
            });
        }
    }
    assert_eq!(dense.len(), rank, "the ellipsis formula covers every dim");

    // Step 3: check and canonicalize each dense dim, in order, then walk it.
    let mut lists: Vec<Vec<i128>> = Vec::with_capacity(rank);
    for (axis, dd) in dense.iter().enumerate() {
        let dim = shape[axis] as i128;
        let s = dd.stride as i128;
        if s == 0 {
            return Err(Fail::ZeroStride {
                index: dd.index,
                axis,
            });
        }
        if dd.shrink {
            if s < 0 {
                return Err(Fail::ShrinkNegativeStride {
                    index: dd.index,
                    axis,
                    stride: dd.stride,
                });
            }
            // Masks and end are ignored; the raw begin is used.
            let b = dd.begin as i128;
            let shifted = if b < 0 { b + dim } else { b };
            if shifted < 0 || shifted >= dim {
                return Err(Fail::ShrinkOutOfBounds {
                    index: dd.index,
                    axis,
                    begin: dd.begin,
                    shifted: i64::try_from(shifted).expect("b + D fits"),
                    dim: shape[axis],
                });
            }
            lists.push(vec![shifted]);
            continue;
        }
        let (lo, hi) = if s > 0 { (0, dim) } else { (-1, dim - 1) };
        let fwd = |x: i64| {
            let x = x as i128;
            if x < 0 { x + dim } else { x }
        };
        let b = if dd.begin_masked {
            if s > 0 { lo } else { hi }
        } else {
            fwd(dd.begin).clamp(lo, hi)
        };
        let e = if dd.end_masked {
            if s > 0 { hi } else { lo }
        } else {
            fwd(dd.end).clamp(lo, hi)
        };
        let mut list = Vec::new();
        let mut i = b;
        while (s > 0 && i < e) || (s < 0 && i > e) {
            assert!((0..dim).contains(&i), "walk stays inside the axis");
            list.push(i);
            i += s;
        }
        lists.push(list);
    }

    // Step 4: enumerate the processing shape, then reshape to the final shape.
    let mut src = Vec::new();
    nested_loops(&lists, &row_major_strides(shape), 0, 0, &mut src);
    let final_shape = gather
        .iter()
        .filter_map(|g| match *g {
            Gather::Dim(d) => Some(lists[d].len()),
            Gather::NewAxis => Some(1),
            Gather::Shrink => None,
        })
        .collect::<Vec<_>>();
    assert_eq!(final_shape.iter().product::<usize>(), src.len());
    Ok((final_shape, src))
}

/// `tf.slice` on an input of shape `shape`, from the reference's §4.
pub fn oracle_slice(shape: &[usize], begin: &[i64], size: &[i64]) -> Answer {
    let rank = shape.len();
    if begin.len() != rank || size.len() != rank {
        return Err(Fail::SliceLengthMismatch {
            rank,
            begin_len: begin.len(),
            size_len: size.len(),
        });
    }
    // Step 1: size -1 becomes D - begin, before any check.
    let sizes: Vec<i128> = (0..rank)
        .map(|i| {
            if size[i] == -1 {
                shape[i] as i128 - begin[i] as i128
            } else {
                size[i] as i128
            }
        })
        .collect();
    // Step 2: per dim, in order.
    let mut lists = Vec::with_capacity(rank);
    for (axis, (&d, &s)) in shape.iter().zip(&sizes).enumerate() {
        let dim = d as i128;
        let b = begin[axis] as i128;
        if dim == 0 {
            if !(b == 0 && s == 0) {
                return Err(Fail::SliceEmptyAxis {
                    axis,
                    begin: begin[axis],
                    size: i64::try_from(s).ok(),
                });
            }
        } else {
            if b < 0 || b > dim {
                return Err(Fail::SliceBeginOutOfRange {
                    axis,
                    begin: begin[axis],
                    dim: d,
                });
            }
            if s < 0 || s > dim - b {
                return Err(Fail::SliceSizeOutOfRange {
                    axis,
                    size: i64::try_from(s).expect("size fits"),
                    max: i64::try_from(dim - b).expect("D - begin fits"),
                });
            }
        }
        lists.push((b..b + s).collect::<Vec<i128>>());
    }
    let mut src = Vec::new();
    nested_loops(&lists, &row_major_strides(shape), 0, 0, &mut src);
    let final_shape = sizes.iter().map(|&s| s as usize).collect();
    Ok((final_shape, src))
}

/// TF's one-way broadcast (`StridedSliceAssignBCast`, §3), element by element: for every
/// position of `target` in row-major order, the row-major flat index of the `value` element
/// written there; `None` if `value` does not broadcast into `target`.
///
/// The rule: align from the right; each value dim equals the target dim or is 1; value dims
/// beyond the target's rank must all be 1; the target never grows.
pub fn broadcast_map(value: &[usize], target: &[usize]) -> Option<Vec<usize>> {
    let extra = value.len().saturating_sub(target.len());
    if value[..extra].iter().any(|&d| d != 1) {
        return None;
    }
    // Leading 1s contribute nothing to a flat index, so drop them.
    let v = &value[extra..];
    let offset = target.len() - v.len();
    for (j, &vd) in v.iter().enumerate() {
        let td = target[offset + j];
        if vd != td && vd != 1 {
            return None;
        }
    }
    let v_strides = row_major_strides(v);
    let len = target.iter().product::<usize>();
    let mut map = Vec::with_capacity(len);
    for k in 0..len {
        // Unravel k over the target, last axis fastest.
        let mut rem = k;
        let mut flat = 0;
        for axis in (0..target.len()).rev() {
            let i = rem % target[axis];
            rem /= target[axis];
            if axis >= offset && v[axis - offset] != 1 {
                flat += i * v_strides[axis - offset];
            }
        }
        map.push(flat);
    }
    Some(map)
}

/// `x[spec] = value` (`TensorStridedSliceUpdate`, §3): the spec's errors first, then an empty
/// slice is a no-op whatever the value, then the value broadcasts one way into the slice.
/// `forward` is [`oracle_strided`]'s answer for the spec on `shape`; `before` is x row-major and
/// `value` the value row-major in `value_shape`. Returns x row-major afterwards.
pub fn oracle_assign(
    shape: &[usize],
    forward: &Answer,
    before: &[i64],
    value_shape: &[usize],
    value: &[i64],
) -> Result<Vec<i64>, Fail> {
    let (final_shape, src) = forward.as_ref().map_err(Clone::clone)?;
    let mut after = before.to_vec();
    if src.is_empty() {
        return Ok(after);
    }
    let map = broadcast_map(value_shape, final_shape).ok_or_else(|| Fail::AssignBroadcast {
        value_shape: value_shape.to_vec(),
        final_shape: final_shape.clone(),
        input_shape: shape.to_vec(),
    })?;
    for (k, &s) in src.iter().enumerate() {
        after[s as usize] = value[map[k]];
    }
    Ok(after)
}

/// `StridedSliceGrad` (§3): zeros of `shape` with dy written where the forward slice read; dy
/// must have exactly the final shape (no broadcasting). `forward` is [`oracle_strided`]'s
/// answer for the spec on `shape`; `dy` is row-major in `dy_shape`. Returns dx row-major.
pub fn oracle_grad(
    shape: &[usize],
    forward: &Answer,
    dy_shape: &[usize],
    dy: &[i64],
) -> Result<Vec<i64>, Fail> {
    let (final_shape, src) = forward.as_ref().map_err(Clone::clone)?;
    if dy_shape != final_shape.as_slice() {
        return Err(Fail::GradShapeMismatch {
            dy_shape: dy_shape.to_vec(),
            expected: final_shape.clone(),
            input_shape: shape.to_vec(),
        });
    }
    let mut dx = vec![0; shape.iter().product()];
    for (k, &s) in src.iter().enumerate() {
        dx[s as usize] = dy[k];
    }
    Ok(dx)
}
