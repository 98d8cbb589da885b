//! `tf_split` (TensorFlow's `Split` and `SplitV`) and `tf_unstack` (`Unpack`).

use ndarray::{ArrayD, ArrayViewD, Dimension, Ix1, Ix2, Ix3, RemoveAxis};
use ndarray_tfslice::prelude::*;

use super::super::input::{Input, MAX_RESULT};
use super::{assert_elements, assert_outcome, assert_same, axis, flat, tf_axis};

/// The parts of a valid split.
enum Parts {
    /// `Split::Num`: `count` parts of `size` (`count` may be huge when `size` is 0).
    Even { size: usize, count: usize },
    /// `Split::Sizes`: the sizes, the `-1` replaced by what it stands for.
    Listed(Vec<usize>),
}

/// The parts TensorFlow gives, or `None` where it raises: `Split` wants `n` to divide the axis;
/// `SplitV` wants one size to be the whole axis, or sizes adding up to it, or (with one `-1`,
/// which takes the rest) to at most it, with no other size below 0.
fn oracle(dim: usize, split: Split<'_>) -> Option<Parts> {
    match split {
        Split::Num(0) | Split::Sizes(&[]) => None,
        Split::Num(n) => dim.is_multiple_of(n).then_some(Parts::Even {
            size: dim / n,
            count: n,
        }),
        Split::Sizes(&[size]) => {
            (i128::from(size) == dim as i128).then(|| Parts::Listed(vec![dim]))
        }
        Split::Sizes(sizes) => {
            if sizes.iter().filter(|&&s| s == -1).count() > 1 || sizes.iter().any(|&s| s < -1) {
                return None;
            }
            let listed: i128 = sizes
                .iter()
                .filter(|&&s| s != -1)
                .map(|&s| i128::from(s))
                .sum();
            let rest = dim as i128 - listed;
            if rest < 0 || (rest != 0 && !sizes.contains(&-1)) {
                return None;
            }
            // Now every size is in [0, dim].
            let parts = sizes
                .iter()
                .map(|&s| if s == -1 { rest as usize } else { s as usize })
                .collect();
            Some(Parts::Listed(parts))
        }
    }
}

/// Sizes for `SplitV`: usually within the axis, then left as drawn, made to add up to it, or
/// given one `-1`; sometimes any `i64`.
fn sizes(input: &mut Input, dim: usize) -> Vec<i64> {
    let len = input.below(5);
    let mut sizes: Vec<i64> = (0..len)
        .map(|_| {
            if input.u8() < 224 {
                input.below(dim + 1) as i64
            } else {
                input.i64()
            }
        })
        .collect();
    match input.below(3) {
        0 => {}
        1 => {
            let others: i128 = sizes.iter().rev().skip(1).map(|&s| i128::from(s)).sum();
            if let (Some(last), Ok(fill)) = (sizes.last_mut(), i64::try_from(dim as i128 - others))
            {
                *last = fill;
            }
        }
        _ => {
            let k = input.below(len);
            if let Some(s) = sizes.get_mut(k) {
                *s = -1;
            }
        }
    }
    sizes
}

pub(super) fn split(input: &mut Input) {
    let shape = input.shape(5);
    let x = Input::arange(&shape);
    let y = input.relayout(&x);
    let axis = axis(input, shape.len());
    let resolved = tf_axis(axis, shape.len());
    let dim = resolved.map_or(0, |a| shape[a]);
    let listed;
    let split = if input.bool() {
        Split::Num(input.size())
    } else {
        listed = sizes(input, dim);
        Split::Sizes(&listed)
    };
    let call = || format!("tf_split({shape:?}, {split:?}, {axis})");
    let parts = resolved.and_then(|_| oracle(dim, split));
    // `Split::Num(n)` on an empty axis is `n` empty parts: a `Vec` of `n` views.
    let count = match &parts {
        Some(Parts::Even { count, .. }) => *count as u128,
        Some(Parts::Listed(sizes)) => sizes.len() as u128,
        None => 0,
    };
    let view_bytes = std::mem::size_of::<ArrayViewD<'_, i64>>() as u128;
    if count.saturating_mul(view_bytes) > isize::MAX as u128 {
        assert!(x.tf_split(split, axis).is_err(), "{}: Ok", call());
        return;
    }
    if count > MAX_RESULT {
        return;
    }
    let got = x.tf_split(split, axis);
    assert_outcome(&call, &got, parts.is_some());
    assert_same(&call, &got, &y.tf_split(split, axis));
    let (Ok(got), Some(parts), Some(a)) = (got, parts, resolved) else {
        return;
    };
    let sizes = match parts {
        Parts::Even { size, count } => vec![size; count],
        Parts::Listed(sizes) => sizes,
    };
    assert_eq!(got.len(), sizes.len(), "{}: wrong number of parts", call());
    let mut start = 0;
    for (part, &size) in got.iter().zip(&sizes) {
        let mut part_shape = shape.clone();
        part_shape[a] = size;
        // ndarray debug-asserts the layout of what it copies: every view handed out must copy.
        let owned = part.to_owned();
        assert_elements(&call, &owned, &part_shape, |j| {
            let mut i = j.to_vec();
            i[a] += start;
            flat(&i, &shape)
        });
        start += size;
    }
}

pub(super) fn unstack(input: &mut Input) {
    let shape = input.shape(5);
    let x = Input::arange(&shape);
    let y = input.relayout(&x);
    let axis = axis(input, shape.len());
    let call = || format!("tf_unstack({shape:?}, {axis})");
    let resolved = tf_axis(axis, shape.len());
    let got = x.tf_unstack(axis);
    assert_outcome(&call, &got, resolved.is_some());
    assert_same(&call, &got, &y.tf_unstack(axis));
    if let Some(fixed) = fixed_unstack(&y, axis) {
        let got: Result<Vec<ArrayD<i64>>, Error> = got
            .as_ref()
            .map(|parts| parts.iter().map(|p| p.to_owned()).collect())
            .map_err(Clone::clone);
        assert_same(&call, &got, &fixed);
    }
    let (Ok(got), Some(a)) = (got, resolved) else {
        return;
    };
    assert_eq!(got.len(), shape[a], "{}: wrong number of parts", call());
    let mut part_shape = shape.clone();
    part_shape.remove(a);
    for (k, part) in got.iter().enumerate() {
        let owned = part.to_owned();
        assert_elements(&call, &owned, &part_shape, |j| {
            let mut i = j.to_vec();
            i.insert(a, k);
            flat(&i, &shape)
        });
    }
}

/// `tf_unstack` of `y` as an `Ix1` to `Ix3` array (where it has one of those ranks), the parts
/// copied as `IxDyn`: the dimension type must not change the answer.
fn fixed_unstack(y: &ArrayD<i64>, axis: isize) -> Option<Result<Vec<ArrayD<i64>>, Error>> {
    fn go<D: Dimension + RemoveAxis>(
        y: &ArrayD<i64>,
        axis: isize,
    ) -> Option<Result<Vec<ArrayD<i64>>, Error>> {
        let y = y.view().into_dimensionality::<D>().ok()?;
        Some(
            y.tf_unstack(axis)
                .map(|parts| parts.iter().map(|p| p.to_owned().into_dyn()).collect()),
        )
    }
    go::<Ix1>(y, axis)
        .or_else(|| go::<Ix2>(y, axis))
        .or_else(|| go::<Ix3>(y, axis))
}
