//! The examples of TensorFlow's slicing documentation, run through ndarray-tfslice.
//!
//! `cargo run --example quickstart`

// The examples keep the names of the TensorFlow pages they come from.
#![allow(clippy::disallowed_names)]

use ndarray::{Array, ArrayD, IxDyn, array};
use ndarray_tfslice::prelude::*;

fn arange(shape: &[usize]) -> ArrayD<i64> {
    let n = shape.iter().product::<usize>() as i64;
    Array::from_iter(0..n)
        .into_shape_with_order(IxDyn(shape))
        .expect("the shape holds n elements")
}

fn show(call: &str, result: Result<ndarray::ArrayViewD<'_, i64>, Error>) {
    match result {
        Ok(v) => println!(
            "{call}\n  shape {:?}: {}\n",
            v.shape(),
            v.to_string().replace('\n', "\n  ")
        ),
        Err(e) => println!("{call}\n  Err: {e}\n"),
    }
}

fn main() -> Result<(), Error> {
    let none = Masks::NONE;
    println!("== tf.strided_slice (TensorFlow's own examples) ==\n");
    let t = array![
        [[1, 1, 1], [2, 2, 2]],
        [[3, 3, 3], [4, 4, 4]],
        [[5, 5, 5], [6, 6, 6]]
    ]
    .into_dyn();
    show(
        "t.tf_strided_slice(&[1, 0, 0], &[2, 1, 3], &[1, 1, 1], none)",
        t.tf_strided_slice(&[1, 0, 0], &[2, 1, 3], &[1, 1, 1], none),
    );
    show(
        "t.tf_strided_slice(&[1, 0, 0], &[2, 2, 3], &[1, 1, 1], none)",
        t.tf_strided_slice(&[1, 0, 0], &[2, 2, 3], &[1, 1, 1], none),
    );
    show(
        "t.tf_strided_slice(&[1, -1, 0], &[2, -3, 3], &[1, -1, 1], none)",
        t.tf_strided_slice(&[1, -1, 0], &[2, -3, 3], &[1, -1, 1], none),
    );
    show(
        "t.tf_strided_slice(&[1, 1, 0], &[2, -1, 3], &[1, -1, 1], none)   (old docs show [[[4,4,4],[3,3,3]]]; TF 2.x gives this)",
        t.tf_strided_slice(&[1, 1, 0], &[2, -1, 3], &[1, -1, 1], none),
    );

    println!("== masks ==\n");
    let foo = arange(&[7, 8, 9]);
    // `5:` has end_mask bit 0, `:` both bits 1, `:3` begin_mask bit 2.
    let m = Masks {
        begin: 0b110,
        end: 0b011,
        ..none
    };
    let a = foo.tf_strided_slice(&[5, 0, 0], &[0, 0, 3], &[1, 1, 1], m)?;
    let b = foo.tf_strided_slice(&[5, 0, 0], &[7, 8, 3], &[1, 1, 1], none)?;
    println!(
        "foo[5:,:,:3] == foo[5:7,0:8,0:3] on 7x8x9: {} (shape {:?})\n",
        a == b,
        a.shape()
    );

    let foo = arange(&[8]);
    show(
        "foo[::-1] on shape 8",
        foo.tf_strided_slice(
            &[0],
            &[0],
            &[-1],
            Masks {
                begin: 1,
                end: 1,
                ..none
            },
        ),
    );

    let foo = arange(&[10, 3, 3, 10]);
    let a = foo.tf_strided_slice(
        &[3, 0, 4],
        &[5, 0, 5],
        &[1, 1, 1],
        Masks {
            ellipsis: 0b010,
            ..none
        },
    )?;
    println!("foo[3:5,...,4:5] on 10x3x3x10: shape {:?}\n", a.shape());

    let foo = arange(&[5, 3]);
    let m = Masks {
        begin: 0b101,
        new_axis: 0b010,
        ..none
    };
    show(
        "foo[:4, tf.newaxis, :2] on 5x3",
        foo.tf_strided_slice(&[0, 0, 0], &[4, 0, 2], &[1, 1, 1], m),
    );

    println!("== the Java StridedSlice page ==\n");
    let foo = array![1, 2, 3, 4].into_dyn();
    show(
        "foo[-2::-1] on [1,2,3,4]   (the page says [4,3]; TensorFlow gives this)",
        foo.tf_strided_slice(&[-2], &[0], &[-1], Masks { end: 1, ..none }),
    );
    let foo = arange(&[3, 4]);
    let v = foo.tf_strided_slice(
        &[0, 0],
        &[0, 0],
        &[1, 1],
        Masks {
            begin: 1,
            end: 1,
            ellipsis: 2,
            ..none
        },
    )?;
    println!(
        "foo[:, ...] on (3, 4): shape {:?}   (the page says (1, 3, 4); TensorFlow: the identity)\n",
        v.shape()
    );
    let foo = arange(&[5; 6]);
    let m = Masks {
        begin: 48,
        end: 32,
        ellipsis: 8,
        new_axis: 4,
        shrink_axis: 1,
    };
    let v = foo.tf_strided_slice(
        &[1, 2, 0, 0, 0, 0],
        &[2, 4, 0, 0, -3, 0],
        &[1, 1, 1, 1, -1, 1],
        m,
    )?;
    println!(
        "foo[1, 2:4, None, ..., :-3:-1, :] on (5,5,5,5,5,5): shape {:?}\n",
        v.shape()
    );

    println!("== Python index syntax ==\n");
    let spec: StridedSlice = "1, 2:4, None, ..., :-3:-1, :".parse()?;
    println!(
        "\"1, 2:4, None, ..., :-3:-1, :\" encodes as begin {:?}, end {:?}, strides {:?}, {:?}\n",
        spec.begin(),
        spec.end(),
        spec.strides(),
        spec.masks()
    );
    let node = StridedSlice::new([0, 3], [0, 4], [1, 1])?
        .begin_mask(1)
        .end_mask(1)
        .shrink_axis_mask(2);
    println!(
        "a StridedSlice node with begin_mask 1, end_mask 1, shrink_axis_mask 2 is x[{node}]\n"
    );
    let foo = arange(&[3, 4]);
    show(
        "foo.tf_index(\"::-1, 1::2\")",
        foo.tf_index(&"::-1, 1::2".parse()?),
    );

    println!("== tf.slice ==\n");
    show(
        "t.tf_slice(&[1, 0, 0], &[1, 1, 3])",
        t.tf_slice(&[1, 0, 0], &[1, 1, 3]),
    );
    show(
        "t.tf_slice(&[1, 0, 0], &[1, 2, 3])",
        t.tf_slice(&[1, 0, 0], &[1, 2, 3]),
    );
    show(
        "t.tf_slice(&[1, 0, 0], &[2, 1, 3])",
        t.tf_slice(&[1, 0, 0], &[2, 1, 3]),
    );

    println!("== errors, in TensorFlow's words ==\n");
    let x = arange(&[6, 4, 4]);
    show(
        "x[:, -200, :]",
        x.tf_strided_slice(
            &[0, -200, 0],
            &[0, -199, 0],
            &[1, 1, 1],
            Masks {
                begin: 0b101,
                end: 0b101,
                shrink_axis: 0b010,
                ..none
            },
        ),
    );
    show("x[0:5:0]", x.tf_strided_slice(&[0], &[5], &[0], none));
    show(
        "tf.slice(x, [-1, 0, 0], [1, 1, 1])",
        x.tf_slice(&[-1, 0, 0], &[1, 1, 1]),
    );
    Ok(())
}
