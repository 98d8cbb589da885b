//! `tf_dynamic_partition(partitions, num_partitions)` against `tf.dynamic_partition`: output
//! `i` holds, in row-major order of `js`, the slices `data[js, ...]` with `partitions[js] == i`.

use ndarray::ArrayD;
use ndarray_tfslice::prelude::*;

use super::check::{each_position, flat, join, same};
use super::index::{self, Index, Kind};
use crate::logic::input::{Input, MAX_RESULT, count};

pub fn run(input: &mut Input) {
    let shape = input.shape(4);
    let lead = input.below(shape.len() + 1);
    // Mostly a prefix of the data's shape; sometimes one dim off, or one axis too many.
    let mut partition_shape = shape[..lead].to_vec();
    match input.u8() {
        0..=7 => partition_shape.push(usize::from(input.u8() % 7)),
        8..=15 => {
            let k = input.below(lead);
            if let Some(d) = partition_shape.get_mut(k) {
                *d = (*d + 1) % 7;
            }
        }
        _ => {}
    }
    // Mostly a few partitions (0 is an error), sometimes a number only an allocation limits.
    let n = match input.u8() {
        0..=219 => input.below(5),
        _ => input.size(),
    };
    let values: Vec<i64> = (0..count(&partition_shape))
        .map(|_| index::value(input, n.min(8)))
        .collect();
    let args = (
        shape.as_slice(),
        partition_shape.as_slice(),
        values.as_slice(),
    );
    match index::kind(input) {
        Kind::I32 => check::<i32>(input, args, n),
        Kind::I64 => check::<i64>(input, args, n),
        Kind::U8 => check::<u8>(input, args, n),
        Kind::U64 => check::<u64>(input, args, n),
    }
}

/// One output: its shape and elements, row-major.
type Output = (Vec<usize>, Vec<i64>);

/// What the oracle says: the outputs, or `Err` (why), or `None`: not called (too many outputs
/// to make, though they could exist).
type Outputs = Option<Result<Vec<Output>, String>>;

fn check<T: Index>(
    input: &mut Input,
    (shape, partition_shape, values): (&[usize], &[usize], &[i64]),
    n: usize,
) {
    let data = Input::arange(shape);
    let partitions = index::array::<T>(partition_shape, values);
    let Some(want) = oracle(shape, partition_shape, &index::widen(&partitions), n) else {
        return;
    };
    let case = (shape, &partitions, n);
    let got = data.tf_dynamic_partition(&partitions, n);
    match (&want, &got) {
        (Ok(want), Ok(got)) => {
            assert_eq!(got.len(), n, "tf_dynamic_partition: {case:?}");
            for (i, ((shape, values), a)) in want.iter().zip(got).enumerate() {
                let elements: Vec<i64> = a.iter().copied().collect();
                assert!(
                    a.shape() == &shape[..] && elements == *values,
                    "tf_dynamic_partition: output {i} of {case:?} is {a:?}, not {values:?} \
                     of shape {shape:?}"
                );
            }
        }
        (Ok(_), Err(e)) => panic!("tf_dynamic_partition: {case:?} fails ({e})"),
        (Err(why), Ok(_)) => panic!("tf_dynamic_partition: {case:?} must fail: {why}"),
        (Err(_), Err(e)) => assert!(!e.to_string().is_empty(), "an empty message: {case:?}"),
    }
    let (data, partitions) = (input.relayout(&data), input.relayout(&partitions));
    let again = data.tf_dynamic_partition(&partitions, n);
    same("tf_dynamic_partition", &case, &got, &again);
}

/// What `tf.dynamic_partition(data, partitions, n)` gives for data of `shape` (arange values)
/// and partitions of `partition_shape` holding `partitions`.
fn oracle(shape: &[usize], partition_shape: &[usize], partitions: &[i128], n: usize) -> Outputs {
    if n == 0 {
        return Some(Err("no partitions".into()));
    }
    if !shape.starts_with(partition_shape) {
        return Some(Err("data's shape does not start with partitions'".into()));
    }
    if let Some(bad) = partitions.iter().position(|&p| p < 0 || p >= n as i128) {
        return Some(Err(format!("partitions[{bad}] is outside [0, {n})")));
    }
    // The result is n arrays: past isize::MAX bytes they cannot exist; more than MAX_RESULT
    // are not made (the elements, at most data's, are few).
    let headers = (n as u128).saturating_mul(size_of::<ArrayD<i64>>() as u128);
    if headers > isize::MAX as u128 {
        return Some(Err(format!("{n} arrays cannot exist")));
    }
    if n as u128 > MAX_RESULT {
        return None;
    }
    let slice_shape = &shape[partition_shape.len()..];
    // Row js goes to output partitions[js]; each output keeps its rows in order.
    let mut outputs = vec![(0usize, Vec::new()); n];
    each_position(partition_shape, |js| {
        let p = partitions[flat(js.iter().copied(), partition_shape)] as usize;
        let (rows, values) = &mut outputs[p];
        *rows += 1;
        each_position(slice_shape, |r| {
            values.push(flat(join(js, r), shape) as i64)
        });
    });
    let outputs = outputs
        .into_iter()
        .map(|(rows, values)| (join(&[rows], slice_shape), values))
        .collect();
    Some(Ok(outputs))
}
