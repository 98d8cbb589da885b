//! `tf.dynamic_partition`: the slices of an array scattered into groups by a partition number;
//! `dynamic_stitch.rs` merges them back.

use ndarray::{ArrayD, ArrayRef, Dimension, IxDyn};
use num_traits::PrimInt;

use crate::error::{Argument, Error};
use crate::util::alloc::{check_size, try_vec};
use crate::util::owned::{c_order, from_c_order};
use crate::util::sealed::{private_decl, private_impl};
use crate::util::values::widen;

use crate::util::shape::{prepend, unravel};

/// `tf.dynamic_partition` as a method of every ndarray array (owned, views, `ArcArray`,
/// `CowArray`; any dimension type; any element type).
///
/// The results are new arrays: which slices go where depends on the partition numbers. Each
/// slice `self[js, ...]` is copied as one contiguous run.
///
/// ```
/// use ndarray::array;
/// use ndarray_tfslice::prelude::*;
///
/// // Rows into two groups, by a partition number per row.
/// let x = array![[1, 2], [3, 4], [5, 6]];
/// let groups = x.view().tf_dynamic_partition(&array![1u8, 0, 1], 2)?;
/// assert_eq!(groups[1], array![[1, 2], [5, 6]].into_dyn());
/// # Ok::<(), Error>(())
/// ```
pub trait DynamicPartitionExt<A, D: Dimension> {
    /// `tf.dynamic_partition(self, partitions, num_partitions)`: `num_partitions` arrays, the
    /// `i`-th holding the slices `self[js, ...]` with `partitions[js] == i`, in C order of `js`.
    ///
    /// `self.shape()` must start with `partitions.shape()`; output `i` has shape
    /// `[number of js with partitions[js] == i] + self.shape()[partitions.ndim()..]`. A 0-d
    /// `partitions` sends all of `self` to one output, as one slice.
    ///
    /// `partitions` may be any primitive integer array (TensorFlow takes only `int32`).
    ///
    /// # Errors
    /// In TensorFlow's order:
    /// - [`Error::NoPartitions`]: `num_partitions` is 0.
    /// - [`Error::PartitionsShape`]: `self.shape()` does not start with `partitions.shape()`.
    /// - [`Error::IndexOutOfRange`] (`argument: "partitions"`): the first partition number, in C
    ///   order, outside `[0, num_partitions)`, with its position.
    /// - [`Error::ValueOutOfRange`] (`argument: Argument::Partitions`, `index` the position in
    ///   C order): a partition number that does not fit in `i64` (a `u64` or `u128` that large;
    ///   out of range anyway, but not printable as TensorFlow's `int64`).
    /// - [`Error::TooLarge`]: an output cannot be allocated, or `self` or `partitions` is a view
    ///   (a broadcast one, say) whose copy would have more bytes than an allocation can hold.
    ///
    /// # Example
    /// TensorFlow's own examples (seed 004):
    /// ```
    /// use ndarray::{arr0, array, Array2};
    /// use ndarray_tfslice::prelude::*;
    ///
    /// // Scalar partitions
    /// let data = array![10, 20];
    /// let outputs = data.tf_dynamic_partition(&arr0(1), 2)?;
    /// assert_eq!(outputs[0], Array2::<i32>::zeros((0, 2)).into_dyn()); // Empty with shape [0, 2]
    /// assert_eq!(outputs[1], array![[10, 20]].into_dyn());
    ///
    /// // Vector partitions
    /// let partitions = array![0, 0, 1, 1, 0];
    /// let data = array![10, 20, 30, 40, 50];
    /// let outputs = data.tf_dynamic_partition(&partitions, 2)?;
    /// assert_eq!(outputs[0], array![10, 20, 50].into_dyn());
    /// assert_eq!(outputs[1], array![30, 40].into_dyn());
    ///
    /// // A partition number outside [0, num_partitions) is an error, in TensorFlow's words.
    /// let err = data.tf_dynamic_partition(&array![0, 0, 2, 1, 0], 2).unwrap_err();
    /// assert_eq!(err.to_string(), "partitions[2] = 2 is not in [0, 2)");
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_dynamic_partition<I: PrimInt, E: Dimension>(
        &self,
        partitions: &ArrayRef<I, E>,
        num_partitions: usize,
    ) -> Result<Vec<ArrayD<A>>, Error>
    where
        A: Clone;

    private_decl! {}
}

impl<A, D: Dimension> DynamicPartitionExt<A, D> for ArrayRef<A, D> {
    fn tf_dynamic_partition<I: PrimInt, E: Dimension>(
        &self,
        partitions: &ArrayRef<I, E>,
        num_partitions: usize,
    ) -> Result<Vec<ArrayD<A>>, Error>
    where
        A: Clone,
    {
        if num_partitions == 0 {
            return Err(Error::NoPartitions);
        }
        let (lead, slice_shape) = match self.shape().split_at_checked(partitions.ndim()) {
            Some((lead, rest)) if lead == partitions.shape() => (lead, rest),
            _ => {
                return Err(Error::PartitionsShape {
                    data_shape: self.shape().to_vec(),
                    partitions_shape: partitions.shape().to_vec(),
                });
            }
        };
        // Validate every partition number before allocating anything of num_partitions' size:
        // that is the caller's number, not an array's, so a bad partition fails without
        // touching (or asking for) memory of that size, however large the number.
        // `partitions` may be a broadcast view, with more elements than a Vec<usize> can hold.
        let mut targets = try_vec::<usize>(partitions.shape())?;
        for (flat, &p) in partitions.iter().enumerate() {
            let value = widen(p, Argument::Partitions, flat)?;
            match usize::try_from(value) {
                Ok(i) if i < num_partitions => targets.push(i),
                _ => {
                    return Err(Error::IndexOutOfRange {
                        argument: "partitions",
                        position: unravel(flat, lead),
                        value,
                        bound: num_partitions,
                    });
                }
            }
        }
        // Every vector of num_partitions entries must be able to exist before the first is
        // allocated: a too large number is then an Err, never a huge allocation attempt.
        check_size::<usize>(&[num_partitions])?;
        check_size::<(Vec<usize>, Vec<A>)>(&[num_partitions])?;
        check_size::<ArrayD<A>>(&[num_partitions])?;
        let mut counts = try_vec::<usize>(&[num_partitions])?;
        counts.resize(num_partitions, 0);
        for &i in &targets {
            // i < num_partitions: checked above.
            if let Some(c) = counts.get_mut(i) {
                *c += 1;
            }
        }
        let mut outputs = try_vec::<(Vec<usize>, Vec<A>)>(&[num_partitions])?;
        for &count in &counts {
            let shape = prepend(count, slice_shape);
            let v = try_vec::<A>(&shape)?;
            outputs.push((shape, v));
        }
        let slice_len: usize = slice_shape.iter().product();
        let data = c_order(self)?;
        if slice_len > 0 {
            for (row, &i) in data.chunks_exact(slice_len).zip(&targets) {
                // i < num_partitions: checked above.
                if let Some((_, v)) = outputs.get_mut(i) {
                    v.extend_from_slice(row);
                }
            }
        }
        let mut arrays = try_vec::<ArrayD<A>>(&[num_partitions])?;
        for (shape, v) in outputs {
            arrays.push(from_c_order(IxDyn(&shape), v)?);
        }
        Ok(arrays)
    }

    private_impl! {}
}
