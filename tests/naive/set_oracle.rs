//! The oracles of `tf_unique_with_counts` and `tf_setdiff1d`, shared by `tests/gather/unique.rs`
//! and the `gather` fuzz target (`fuzz/logic/gather/unique.rs`): quadratic searches comparing
//! with `==`, so IEEE equality is TensorFlow's (`-0.0 == 0.0`, NaN equal to nothing). No code
//! from `src/`. (Paths are relative to this file's directory in both programs that include it.)
#![allow(dead_code)]

/// `(values, idx, counts)` in first-occurrence order, by a linear search through the values seen
/// so far.
pub fn unique_oracle<A: PartialEq + Clone>(x: &[A]) -> (Vec<A>, Vec<usize>, Vec<usize>) {
    let (mut values, mut idx, mut counts): (Vec<A>, Vec<usize>, Vec<usize>) = Default::default();
    for a in x {
        match values.iter().position(|v| v == a) {
            Some(at) => {
                counts[at] += 1;
                idx.push(at);
            }
            None => {
                idx.push(values.len());
                values.push(a.clone());
                counts.push(1);
            }
        }
    }
    (values, idx, counts)
}

/// `(out, idx)`: the elements of `x` equal to no element of `y`, in order, and their positions.
pub fn setdiff_oracle<A: PartialEq + Clone>(x: &[A], y: &[A]) -> (Vec<A>, Vec<usize>) {
    x.iter()
        .enumerate()
        .filter(|(_, a)| !y.iter().any(|b| b == *a))
        .map(|(i, a)| (a.clone(), i))
        .unzip()
}
