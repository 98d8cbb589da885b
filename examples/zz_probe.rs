use ndarray::{Array, ArrayD, IxDyn};
use ndarray_tfslice::prelude::*;
use std::hint::black_box;
fn iota(shape: &[usize]) -> ArrayD<f32> {
    let n: usize = shape.iter().product();
    Array::from_iter((0..n).map(|i| i as f32)).into_shape_with_order(IxDyn(shape)).unwrap()
}
#[inline(never)]
fn run(case: &str, x: &ArrayD<f32>) {
    match case {
        "box_xy" => { black_box(x.tf_index_to_owned(&"..., 0:2".parse().unwrap()).unwrap()); }
        "swap" => { black_box(x.tf_index_to_owned(&"..., ::-1".parse().unwrap()).unwrap()); }
        "flipb" => { black_box(x.tf_index_to_owned(&"::-1".parse().unwrap()).unwrap()); }
        "nchw" => { black_box(x.tf_transpose(Some(&[0,3,1,2])).unwrap().to_standard_layout().unwrap()); }
        "flipw" => { black_box(x.tf_index_to_owned(&":, :, ::-1".parse().unwrap()).unwrap()); }
        "padc" => { black_box(x.tf_pad(&[[0,0],[1,1],[1,1],[0,0]], PadMode::Constant, 0.0).unwrap()); }
        "padr" => { black_box(x.tf_pad(&[[0,0],[1,1],[1,1],[0,0]], PadMode::Reflect, 0.0).unwrap()); }
        "patches" => { let x4 = x.view().into_dimensionality::<ndarray::Ix4>().unwrap(); black_box(x4.tf_extract_image_patches([1,16,16,1],[1,16,16,1],[1,1,1,1], Padding::Valid).unwrap()); }
        "memcpy" => { black_box(x.as_slice().unwrap().to_vec()); }
        _ => panic!(),
    }
}
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let shape: Vec<usize> = args[2].split(',').map(|s| s.parse().unwrap()).collect();
    let x = iota(&shape);
    let reps: usize = args.get(3).map_or(1, |r| r.parse().unwrap());
    let t = std::time::Instant::now();
    for _ in 0..reps { run(&args[1], &x); }
    eprintln!("{} {:?} per call", args[1], t.elapsed() / reps as u32);
}
