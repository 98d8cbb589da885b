//! `tf.roll`: elements shifted cyclically along axes, an owned array.

use ndarray::{Array, ArrayRef, Dimension};
use num_traits::PrimInt;

use crate::error::{Argument, Error};
use crate::int_list::IntList;
use crate::util::alloc::try_vec;
use crate::util::copy::Sink;
use crate::util::owned::{c_order, from_c_order};
use crate::util::sealed::{private_decl, private_impl};
use crate::util::values::Values;

/// `tf.roll` as a method of every ndarray array.
pub trait RollExt<A, D: Dimension> {
    /// `tf.roll(self, shift, axis)`: each element moved `shift[i]` places along `axis[i]`,
    /// those that fall off one end coming back at the other. A positive shift moves elements
    /// toward higher indices. An axis listed more than once is rolled by the sum of its shifts,
    /// as in TensorFlow.
    ///
    /// Shifts are taken exactly, whatever their size and type (`2^62 + 1` on an axis of 10 is
    /// `5`): TensorFlow truncates each shift and axis to 32 bits first (its `2^62 + 1` acts as
    /// `1`), an accident this crate does not copy. The result is owned, in standard layout, and
    /// is copied in whole runs (two per line of the last rolled axis).
    ///
    /// # Errors
    /// In TensorFlow's order:
    /// - [`Error::ScalarInput`]: `self` is 0-d.
    /// - [`Error::RollLength`]: `shift` and `axis` differ in length.
    /// - [`Error::ValueOutOfRange`]: an entry of `axis` does not fit in `i64`.
    /// - [`Error::RollAxis`]: an entry of `axis` outside `[-rank, rank)`.
    /// - [`Error::TooLarge`]: the copy does not fit in memory.
    ///
    /// # Example
    /// TensorFlow's own examples (`tf.roll` documentation):
    /// ```
    /// use ndarray::array;
    /// use ndarray_tfslice::prelude::*;
    ///
    /// let t = array![0, 1, 2, 3, 4];
    /// assert_eq!(t.tf_roll(&[2], &[0])?, array![3, 4, 0, 1, 2]);
    ///
    /// // shifting along multiple dimensions
    /// let t = array![[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]];
    /// assert_eq!(t.tf_roll(&[1, -2], &[0, 1])?, array![[7, 8, 9, 5, 6], [2, 3, 4, 0, 1]]);
    ///
    /// // shifting along the same axis multiple times
    /// assert_eq!(t.tf_roll(&[2, -3], &[1, 1])?, array![[1, 2, 3, 4, 0], [6, 7, 8, 9, 5]]);
    ///
    /// // Shifts are exact: 2^62 + 1 is 5 modulo 10 (TensorFlow would roll by 1).
    /// let t = ndarray::Array::from_iter(0..10);
    /// assert_eq!(t.tf_roll(&[(1i64 << 62) + 1], &[0])?, array![5, 6, 7, 8, 9, 0, 1, 2, 3, 4]);
    ///
    /// let err = t.tf_roll(&[1], &[1]).unwrap_err();
    /// assert!(err.to_string().starts_with("axis 1 is out of range"));
    /// # Ok::<(), Error>(())
    /// ```
    fn tf_roll<S: IntList + ?Sized, L: IntList + ?Sized>(
        &self,
        shift: &S,
        axis: &L,
    ) -> Result<Array<A, D>, Error>
    where
        A: Clone;

    private_decl! {}
}

impl<A, D: Dimension> RollExt<A, D> for ArrayRef<A, D> {
    fn tf_roll<S: IntList + ?Sized, L: IntList + ?Sized>(
        &self,
        shift: &S,
        axis: &L,
    ) -> Result<Array<A, D>, Error>
    where
        A: Clone,
    {
        let shape = self.shape();
        let shifts = axis_shifts(shape, &shift.__ints(), &axis.__ints())?;
        let data = try_vec::<A>(shape)?;
        // A roll reads as much as it writes.
        let read = data.capacity().saturating_mul(std::mem::size_of::<A>());
        let mut data = Sink::new(data, read);
        if !shape.contains(&0) {
            let source = c_order(self)?;
            // Axes after the last rolled one move as whole blocks.
            let last = shifts.iter().rposition(|&s| s != 0);
            match last {
                None => data.extend(&source),
                Some(last) => {
                    let inner = shape[last + 1..].iter().product::<usize>();
                    roll_into(&mut data, &source, &shape[..=last], &shifts[..=last], inner);
                }
            }
        }
        from_c_order(self.raw_dim(), data.finish())
    }

    private_impl! {}
}

/// The net shift of each axis, in `[0, dim)`: TensorFlow's `Roll` checks, then the sum of each
/// axis's shifts modulo its length (exact, in any integer type).
fn axis_shifts<I: PrimInt, J: PrimInt>(
    shape: &[usize],
    shift: &[I],
    axis: &[J],
) -> Result<Vec<usize>, Error> {
    let rank = shape.len();
    if rank == 0 {
        return Err(Error::ScalarInput { op: "tf_roll" });
    }
    if shift.len() != axis.len() {
        return Err(Error::RollLength {
            shift_len: shift.len(),
            axis_len: axis.len(),
        });
    }
    let axes = Values::new(axis, Argument::Axis)?;
    let mut net = vec![0usize; rank];
    let r = i64::try_from(rank).unwrap_or(i64::MAX);
    for (index, s) in shift.iter().enumerate() {
        let a = axes.get(index);
        let resolved = if a < 0 { a.checked_add(r) } else { Some(a) };
        let Some(a) = resolved.filter(|a| (0..r).contains(a)) else {
            return Err(Error::RollAxis {
                index,
                axis: a,
                shifted: if a < 0 {
                    i128::from(a) + i128::from(r)
                } else {
                    i128::from(a)
                },
                rank,
            });
        };
        let a = usize::try_from(a).unwrap_or(0);
        let dim = shape[a];
        if dim > 0 {
            net[a] = (net[a] + modulo(*s, dim)) % dim;
        }
    }
    Ok(net)
}

/// `s` modulo `dim` (`dim > 0`), in `[0, dim)`, for any primitive integer.
fn modulo<I: PrimInt>(s: I, dim: usize) -> usize {
    let m = dim as u128;
    let r = match (s.to_i128(), s.to_u128()) {
        (Some(v), _) => v.rem_euclid(dim as i128) as u128,
        (None, Some(v)) => v % m,
        (None, None) => 0,
    };
    // r < dim, so it fits.
    usize::try_from(r).unwrap_or(0)
}

/// Appends the roll of `source` (standard layout, `shape` then `inner` elements per entry of
/// the last axis) by `shifts` (one per axis of `shape`, the last non-zero).
///
/// Output index `i` along an axis of length `d` shifted by `s` reads input index
/// `(i + d - s) % d`: the input's last `s` entries, then its first `d - s`.
fn roll_into<A: Clone>(
    out: &mut Sink<A>,
    source: &[A],
    shape: &[usize],
    shifts: &[usize],
    inner: usize,
) {
    match (shape, shifts) {
        ([d], [s]) => {
            let split = (d - s) * inner;
            out.extend(&source[split..]);
            out.extend(&source[..split]);
        }
        ([d, rest @ ..], [s, rest_shifts @ ..]) => {
            let block = rest.iter().product::<usize>() * inner;
            for i in 0..*d {
                let j = (i + d - s) % d;
                roll_into(
                    out,
                    &source[j * block..(j + 1) * block],
                    rest,
                    rest_shifts,
                    inner,
                );
            }
        }
        _ => out.extend(source),
    }
}
