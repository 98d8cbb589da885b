//! Every example of TensorFlow's slicing documentation, run as a test.
//!
//! These are the examples of the `tf.strided_slice` and `tf.slice` pages (Python, r1 and r2), the
//! Java `StridedSlice` page, and the "Slicing and Joining" chapter, each asserted against what
//! TensorFlow 2.21 returns. Where the page is wrong about TensorFlow as it runs, the assertion
//! follows TensorFlow and a comment says so.
//!
//! # `tf.strided_slice` page
//! ```
//! use ndarray::{array, Array, ArrayD, IxDyn};
//! use ndarray_tfslice::prelude::*;
//! let arange = |shape: &[usize]| {
//!     let n = shape.iter().product::<usize>();
//!     Array::from_iter(0..n).into_shape_with_order(IxDyn(shape)).unwrap()
//! };
//! let none = Masks::NONE;
//!
//! // foo[5:,:,:3] on a 7x8x9 tensor is equivalent to foo[5:7,0:8,0:3].
//! let foo = arange(&[7, 8, 9]);
//! let a = foo.tf_strided_slice(&[5, 0, 0], &[0, 0, 3], &[1, 1, 1], Masks { begin: 0b110, end: 0b011, ..none })?;
//! let b = foo.tf_strided_slice(&[5, 0, 0], &[7, 8, 3], &[1, 1, 1], none)?;
//! assert_eq!(a, b);
//! assert_eq!(a.shape(), &[2, 8, 3]);
//!
//! // foo[::-1] reverses a tensor with shape 8.
//! let foo = arange(&[8]);
//! let r = foo.tf_strided_slice(&[0], &[0], &[-1], Masks { begin: 1, end: 1, ..none })?;
//! assert_eq!(r, array![7, 6, 5, 4, 3, 2, 1, 0].into_dyn());
//!
//! // foo[3:5,...,4:5] on a shape 10x3x3x10 tensor is equivalent to foo[3:5,:,:,4:5] ...
//! let foo = arange(&[10, 3, 3, 10]);
//! let a = foo.tf_strided_slice(&[3, 0, 4], &[5, 0, 5], &[1, 1, 1], Masks { ellipsis: 0b010, ..none })?;
//! let b = foo.tf_strided_slice(&[3, 0, 0, 4], &[5, 0, 0, 5], &[1; 4], Masks { begin: 0b0110, end: 0b0110, ..none })?;
//! assert_eq!(a, b);
//! assert_eq!(a.shape(), &[2, 3, 3, 1]);
//! // ... and foo[3:5,...] is equivalent to foo[3:5,:,:,:].
//! let a = foo.tf_strided_slice(&[3, 0], &[5, 0], &[1, 1], Masks { ellipsis: 0b10, ..none })?;
//! let b = foo.tf_strided_slice(&[3, 0, 0, 0], &[5, 0, 0, 0], &[1; 4], Masks { begin: 0b1110, end: 0b1110, ..none })?;
//! assert_eq!(a, b);
//! assert_eq!(a.shape(), &[2, 3, 3, 10]);
//!
//! // foo[:4, tf.newaxis, :2] would produce a shape (4, 1, 2) tensor.
//! let foo = arange(&[5, 3]);
//! let a = foo.tf_strided_slice(&[0, 0, 0], &[4, 0, 2], &[1, 1, 1], Masks { begin: 0b101, new_axis: 0b010, ..none })?;
//! assert_eq!(a.shape(), &[4, 1, 2]);
//!
//! // foo[:, 3, :] has shrink_axis_mask equal to 2.
//! let foo = arange(&[4, 5, 6]);
//! let a = foo.tf_strided_slice(&[0, 3, 0], &[0, 4, 0], &[1, 1, 1], Masks { begin: 0b101, end: 0b101, shrink_axis: 2, ..none })?;
//! assert_eq!(a.shape(), &[4, 6]);
//! assert_eq!(a[[1, 2]], foo[[1, 3, 2]]);
//!
//! // The three examples on t.
//! let t = array![[[1, 1, 1], [2, 2, 2]], [[3, 3, 3], [4, 4, 4]], [[5, 5, 5], [6, 6, 6]]];
//! assert_eq!(t.tf_strided_slice(&[1, 0, 0], &[2, 1, 3], &[1, 1, 1], none)?, array![[[3, 3, 3]]].into_dyn());
//! assert_eq!(t.tf_strided_slice(&[1, 0, 0], &[2, 2, 3], &[1, 1, 1], none)?, array![[[3, 3, 3], [4, 4, 4]]].into_dyn());
//! assert_eq!(t.tf_strided_slice(&[1, -1, 0], &[2, -3, 3], &[1, -1, 1], none)?, array![[[4, 4, 4], [3, 3, 3]]].into_dyn());
//! # Ok::<(), Error>(())
//! ```
//!
//! # Java `StridedSlice` page
//! ```
//! use ndarray::{array, Array, IxDyn};
//! use ndarray_tfslice::prelude::*;
//! let arange = |shape: &[usize]| {
//!     let n = shape.iter().product::<usize>();
//!     Array::from_iter(0..n).into_shape_with_order(IxDyn(shape)).unwrap()
//! };
//! let none = Masks::NONE;
//!
//! // foo[...] is the identity slice.
//! let foo = arange(&[3, 4]);
//! assert_eq!(foo.tf_strided_slice(&[0], &[0], &[1], Masks { ellipsis: 1, ..none })?, foo.view());
//!
//! // The page says foo[:, ...] on shape (3, 4) "produces a (1, 3, 4) tensor". It does not: the
//! // `:` takes axis 0 and the ellipsis the rest, so TensorFlow returns the identity, (3, 4).
//! let a = foo.tf_strided_slice(&[0, 0], &[0, 0], &[1, 1], Masks { begin: 1, end: 1, ellipsis: 2, ..none })?;
//! assert_eq!(a, foo.view());
//!
//! // foo[:] on shape (3,) has effective begin 0 and end 3; foo[0:-1] has 0 and 2.
//! let foo = array![10, 11, 12];
//! assert_eq!(foo.tf_strided_slice(&[0], &[0], &[1], Masks { begin: 1, end: 1, ..none })?, array![10, 11, 12].into_dyn());
//! assert_eq!(foo.tf_strided_slice(&[0], &[-1], &[1], none)?, array![10, 11].into_dyn());
//!
//! // The page says foo = [1,2,3,4]; foo[-2::-1] is [4,3]. TensorFlow starts at index -2 (the 3)
//! // and walks down to the front: [3, 2, 1].
//! let foo = array![1, 2, 3, 4];
//! assert_eq!(foo.tf_strided_slice(&[-2], &[0], &[-1], Masks { end: 1, ..none })?, array![3, 2, 1].into_dyn());
//!
//! // foo[2, :] on a shape (5,6) tensor produces a shape (6,) tensor.
//! let foo = arange(&[5, 6]);
//! let a = foo.tf_strided_slice(&[2, 0], &[3, 0], &[1, 1], Masks { begin: 2, end: 2, shrink_axis: 1, ..none })?;
//! assert_eq!(a, foo.index_axis(ndarray::Axis(0), 2));
//!
//! // foo[1, 2:4, None, ..., :-3:-1, :] on shape (5, 5, 5, 5, 5, 5) has shape (2, 1, 5, 5, 2, 5),
//! // encoded as below.
//! let foo = arange(&[5; 6]);
//! let m = Masks { begin: 1 << 4 | 1 << 5, end: 1 << 5, ellipsis: 1 << 3, new_axis: 1 << 2, shrink_axis: 1 };
//! let a = foo.tf_strided_slice(&[1, 2, 0, 0, 0, 0], &[2, 4, 0, 0, -3, 0], &[1, 1, 1, 1, -1, 1], m)?;
//! assert_eq!(a.shape(), &[2, 1, 5, 5, 2, 5]);
//! // Element [i, 0, j, k, l, m] is foo[1, 2 + i, j, k, 4 - l, m].
//! assert_eq!(a[[1, 0, 3, 2, 1, 4]], foo[[1, 3, 3, 2, 3, 4]]);
//!
//! // foo[3:5] == foo[3:5, ...]: with no ellipsis, one is implied at the end.
//! let foo = arange(&[6, 2, 3]);
//! let a = foo.tf_strided_slice(&[3], &[5], &[1], none)?;
//! let b = foo.tf_strided_slice(&[3, 0], &[5, 0], &[1, 1], Masks { ellipsis: 2, ..none })?;
//! assert_eq!(a, b);
//!
//! // For a 4-dimensional foo, foo[2, ..., 5:8] implies foo[2, :, :, 5:8].
//! let foo = arange(&[3, 4, 5, 9]);
//! let a = foo.tf_strided_slice(&[2, 0, 5], &[3, 0, 8], &[1, 1, 1], Masks { ellipsis: 2, shrink_axis: 1, ..none })?;
//! let b = foo.tf_strided_slice(&[2, 0, 0, 5], &[3, 0, 0, 8], &[1; 4], Masks { begin: 0b0110, end: 0b0110, shrink_axis: 1, ..none })?;
//! assert_eq!(a, b);
//! assert_eq!(a.shape(), &[4, 5, 3]);
//!
//! // If foo == [1,2,3] then foo[-1] == 3.
//! let foo = array![1, 2, 3];
//! let last = foo.tf_strided_slice(&[-1], &[0], &[1], Masks { shrink_axis: 1, ..none })?;
//! assert_eq!(last.shape(), &[] as &[usize]);
//! assert_eq!(last[[]], 3);
//! # Ok::<(), Error>(())
//! ```
//!
//! # "Slicing and Joining" chapter: `tf.slice` and `tf.strided_slice`
//! ```
//! use ndarray::{array, Array, IxDyn};
//! use ndarray_tfslice::prelude::*;
//! let none = Masks::NONE;
//! let input = array![[[1, 1, 1], [2, 2, 2]], [[3, 3, 3], [4, 4, 4]], [[5, 5, 5], [6, 6, 6]]];
//!
//! assert_eq!(input.tf_slice(&[1, 0, 0], &[1, 1, 3])?, array![[[3, 3, 3]]]);
//! assert_eq!(input.tf_slice(&[1, 0, 0], &[1, 2, 3])?, array![[[3, 3, 3], [4, 4, 4]]]);
//! assert_eq!(input.tf_slice(&[1, 0, 0], &[2, 1, 3])?, array![[[3, 3, 3]], [[5, 5, 5]]]);
//!
//! // The chapter calls these `tf.slice` with four arguments; they are `tf.strided_slice`.
//! assert_eq!(input.tf_strided_slice(&[1, 0, 0], &[2, 1, 3], &[1, 1, 1], none)?, array![[[3, 3, 3]]].into_dyn());
//! assert_eq!(input.tf_strided_slice(&[1, 0, 0], &[2, 2, 3], &[1, 1, 1], none)?, array![[[3, 3, 3], [4, 4, 4]]].into_dyn());
//! // The chapter shows [[[4, 4, 4], [3, 3, 3]]] for begin [1, 1, 0], end [2, -1, 3]. In TensorFlow
//! // 2.x, axis 1 walks down from 1 to end -1, which is index 1 itself (-1 + 2): nothing. The result
//! // is empty, of shape (1, 0, 3).
//! let a = input.tf_strided_slice(&[1, 1, 0], &[2, -1, 3], &[1, -1, 1], none)?;
//! assert_eq!(a.shape(), &[1, 0, 3]);
//!
//! // foo[3:5,4] on a 10x8 tensor produces a shape 2 tensor, foo[3:5,4:5] a shape 2x1 tensor.
//! let foo = Array::from_iter(0..80).into_shape_with_order(IxDyn(&[10, 8])).unwrap();
//! let a = foo.tf_strided_slice(&[3, 4], &[5, 5], &[1, 1], Masks { shrink_axis: 2, ..none })?;
//! assert_eq!(a, array![28, 36].into_dyn());
//! let b = foo.tf_strided_slice(&[3, 4], &[5, 5], &[1, 1], none)?;
//! assert_eq!(b, array![[28], [36]].into_dyn());
//! # Ok::<(), Error>(())
//! ```
