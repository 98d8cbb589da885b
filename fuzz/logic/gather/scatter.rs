//! `tf_scatter_nd`, `tf_tensor_scatter_nd_update` / `_add` and the in-place
//! `tf_scatter_nd_update` / `_add` against TensorFlow's rules: shape checks in its order (only
//! whether a call fails is compared, not which error), then each update written or added at its
//! index vector, in row-major order. The in-place forms must give the tensor forms' result, or
//! fail with the array untouched.

use ndarray::{ArrayD, IxDyn};
use ndarray_tfslice::prelude::*;

use super::check::{Want, each_position, expect, flat, same, size_rule};
use super::index::{self, Index, Kind};
use crate::logic::input::{Input, MAX_ELEMENTS, count};

#[derive(Clone, Copy, Debug, PartialEq)]
enum Op {
    ScatterNd,
    Update,
    Add,
}

pub fn run(input: &mut Input) {
    let op = input.pick(&[Op::ScatterNd, Op::Update, Op::Add]);
    let shape = input.shape(4);
    let rank = shape.len();
    // indices: 1..=2 outer axes (sometimes none or a 0-d array), then the depth.
    let outer_rank = input.pick(&[1, 1, 1, 2, 2, 0]);
    let mut index_shape = Vec::new();
    for _ in 0..outer_rank {
        index_shape.push(usize::from(input.u8() % 6));
    }
    let depth = match input.u8() {
        0..=219 => 1 + input.below(rank.max(1)),
        _ => usize::from(input.u8() % 6),
    };
    let room = MAX_ELEMENTS / index_shape.iter().map(|&d| d.max(1)).product::<usize>();
    if input.u8() > 8 {
        index_shape.push(depth.min(room));
    }
    // updates: what TF expects, now and then with one axis changed, dropped or added.
    let (outer, depth) = match index_shape.split_last() {
        Some((&d, o)) => (o.to_vec(), d),
        None => (Vec::new(), 0),
    };
    let mut update_shape = [outer.as_slice(), shape.get(depth..).unwrap_or(&[])].concat();
    match input.u8() {
        0..=219 => {}
        220..=234 => {
            let k = input.below(update_shape.len());
            if let Some(d) = update_shape.get_mut(k) {
                *d = (*d + 1) % 6;
            }
        }
        235..=244 => {
            if !update_shape.is_empty() {
                update_shape.remove(input.below(update_shape.len()));
            }
        }
        _ => update_shape.push(usize::from(input.u8() % 3)),
    }
    if count(&update_shape) > MAX_ELEMENTS as u128 {
        return;
    }
    let vectors = count(&outer) as usize;
    let mut values = Vec::new();
    for _ in 0..vectors {
        for c in 0..depth {
            values.push(index::value(input, shape.get(c).copied().unwrap_or(1)));
        }
    }
    if index_shape.is_empty() {
        values.push(index::value(input, 4));
    }
    // scatter_nd's `shape` argument, now and then with a negative or huge entry.
    let mut shape_arg: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
    if op == Op::ScatterNd && input.u8() > 235 && rank > 0 {
        let k = input.below(rank);
        shape_arg[k] = input.i64();
    }
    let args = Args {
        op,
        shape: &shape_arg,
        index_shape: &index_shape,
        values: &values,
        update_shape: &update_shape,
    };
    match index::kind(input) {
        Kind::I32 => check::<i32>(input, &args),
        Kind::I64 => check::<i64>(input, &args),
        Kind::U8 => check::<u8>(input, &args),
        Kind::U64 => check::<u64>(input, &args),
    }
}

#[derive(Debug)]
struct Args<'a> {
    op: Op,
    shape: &'a [i64],
    index_shape: &'a [usize],
    values: &'a [i64],
    update_shape: &'a [usize],
}

fn check<T: Index>(input: &mut Input, args: &Args) {
    let indices = index::array::<T>(args.index_shape, args.values);
    let updates = Input::arange(args.update_shape).mapv(|v| 3 * v + 1);
    let want = oracle(args, &index::widen(&indices));
    if let Want::Skip = want {
        return;
    }
    let call = |indices: &ArrayD<T>, updates: &ArrayD<i64>, x: &ArrayD<i64>| match args.op {
        Op::ScatterNd => tf_scatter_nd(indices, updates, args.shape),
        Op::Update => x.tf_tensor_scatter_nd_update(indices, updates),
        Op::Add => x.tf_tensor_scatter_nd_add(indices, updates),
    };
    let dims: Vec<usize> = args.shape.iter().map(|&d| d.max(0) as usize).collect();
    let x = if args.op == Op::ScatterNd {
        Input::arange(&[0])
    } else {
        Input::arange(&dims)
    };
    let got = call(&indices, &updates, &x);
    let name = format!("{:?}", args.op);
    expect(&name, args, &got, &want);
    let (x2, indices2, updates2) = (
        input.relayout(&x),
        input.relayout(&indices),
        input.relayout(&updates),
    );
    same(&name, args, &got, &call(&indices2, &updates2, &x2));
    if args.op == Op::ScatterNd {
        return;
    }
    // In place, in another layout: the tensor form's result, or untouched on Err.
    let mut y = input.relayout(&x);
    let result = match args.op {
        Op::Update => y.tf_scatter_nd_update(&indices, &updates),
        _ => y.tf_scatter_nd_add(&indices, &updates),
    };
    match (result, &got) {
        (Ok(()), Ok(want)) => same(&name, args, want, &y),
        (Err(_), Err(_)) => same(&name, args, &x, &y),
        (r, g) => panic!("{name}: in place {r:?}, as a new array {g:?}, for {args:?}"),
    }
}

/// TensorFlow's checks in its order, then the values.
fn oracle(args: &Args, indices: &[i128]) -> Want {
    let (is, us) = (args.index_shape, args.update_shape);
    if is.len() < 2 {
        return Want::Fails("indices of rank 0 or 1".into());
    }
    if us.is_empty() {
        return Want::Fails("0-d updates".into());
    }
    if args.shape.iter().any(|&d| d < 0) {
        return Want::Fails("a negative shape entry".into());
    }
    let shape: Vec<usize> = args.shape.iter().map(|&d| d as usize).collect();
    let (ni, nu) = (count(is), count(us));
    let nonempty_output = if args.op == Op::ScatterNd {
        !shape.is_empty()
    } else {
        count(&shape) != 0
    };
    if !((ni == 0 && nu == 0) || (nonempty_output && ni != 0 && nu != 0)) {
        return Want::Fails("the emptiness rule".into());
    }
    let (&depth, outer) = is.split_last().expect("rank >= 2");
    if us.get(..outer.len()) != Some(outer) {
        return Want::Fails("updates' outer axes".into());
    }
    if shape.get(depth..) != us.get(outer.len()..) {
        return Want::Fails("updates' inner axes".into());
    }
    if shape.is_empty() {
        return Want::Fails("a 0-d output".into());
    }
    if count(&shape) == 0 && !(ni == 0 && nu == 0) {
        return Want::Fails("the emptiness rule, on the output".into());
    }
    if let Some(want) = size_rule(&shape, size_of::<i64>()) {
        return want;
    }
    if depth == 0 {
        return if count(&shape) == 0 {
            Want::Values(shape, Vec::new())
        } else {
            Want::Fails("empty index vectors".into())
        };
    }
    let vectors = count(outer) as usize;
    for v in 0..vectors {
        for c in 0..depth {
            let i = indices[v * depth + c];
            if i < 0 || i >= shape[c] as i128 {
                return Want::Fails(format!("index vector {v} is outside the output"));
            }
        }
    }
    let mut out: ArrayD<i64> = if args.op == Op::ScatterNd {
        ArrayD::zeros(IxDyn(&shape))
    } else {
        Input::arange(&shape)
    };
    let slice_shape = &shape[depth..];
    let slice = count(slice_shape) as usize;
    for v in 0..vectors {
        let vector: Vec<usize> = indices[v * depth..(v + 1) * depth]
            .iter()
            .map(|&i| i as usize)
            .collect();
        each_position(slice_shape, |s| {
            let at: Vec<usize> = vector.iter().chain(s).copied().collect();
            // updates = 3 * arange + 1: update v's element s is at v * slice + flat(s).
            let u = 3 * (v * slice + flat(s.iter().copied(), slice_shape)) as i64 + 1;
            let target = &mut out[IxDyn(&at)];
            *target = match args.op {
                Op::Update => u,
                _ => target.wrapping_add(u),
            };
        });
    }
    Want::Values(shape, out.iter().copied().collect())
}
