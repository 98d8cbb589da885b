//! Runs one bench selection many times, for instruction counting under callgrind (wall-clock on
//! shared machines drifts run to run; instruction counts repeat exactly). See `benches/count.sh`.
//!
//! Usage: `count CASE tf|plan|ndarray ITERATIONS` for the cases of `benches/cases.json`, and
//! `count CASE typed|static ITERATIONS` for the `tf_s!` cases of `benches/common/typed.rs`.

mod common;
#[path = "common/typed.rs"]
mod typed;

use std::hint::black_box;

use ndarray::{ArrayD, IxDyn};
use ndarray_tfslice::prelude::*;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `cargo bench` passes `--bench`; this target only runs when called directly.
    let [name, which, iterations] = args.as_slice() else {
        eprintln!("usage: count CASE tf|plan|ndarray ITERATIONS (see benches/count.sh)");
        return;
    };
    let iterations: usize = iterations.parse().expect("ITERATIONS is a number");
    if let "typed" | "static" = which.as_str() {
        let inputs = typed::Inputs::new();
        let (Some(tf), Some(nd)) = (typed::tf(name), typed::ndarray_static(name)) else {
            eprintln!("no typed case {name}");
            std::process::exit(2);
        };
        assert!(
            tf(&inputs).is_some() && tf(&inputs) == nd(&inputs),
            "{name}: the sides differ"
        );
        let run = if which == "typed" { tf } else { nd };
        for _ in 0..iterations {
            black_box(run(black_box(&inputs)));
        }
        return;
    }
    let Some(case) = common::cases()
        .into_iter()
        .find(|c| c.name == name.as_str())
    else {
        eprintln!("no case {name}");
        std::process::exit(2);
    };
    let x = ArrayD::<f32>::zeros(IxDyn(&case.shape));
    let spec = &case.spec;
    let plan = spec.resolve(&case.shape).expect("the bench cases resolve");
    let mut acc = 0usize;
    for _ in 0..iterations {
        acc ^= match which.as_str() {
            "tf" => black_box(&x)
                .tf_strided_slice(
                    black_box(spec.begin()),
                    black_box(spec.end()),
                    black_box(spec.strides()),
                    black_box(spec.masks()),
                )
                .map_or(0, |v| v.as_ptr() as usize),
            "plan" => black_box(&plan)
                .apply(black_box(&x))
                .map_or(0, |v| v.as_ptr() as usize),
            _ => black_box(&x)
                .slice(black_box(case.elems.as_slice()))
                .as_ptr() as usize,
        };
    }
    black_box(acc);
}
