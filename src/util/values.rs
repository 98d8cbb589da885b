//! User index arrays of any primitive integer type, widened to `i64` as TensorFlow widens them.

use num_traits::PrimInt;

use crate::error::{Argument, Error};

/// A `&[I]` whose every value is known to fit in `i64`.
#[derive(Clone, Copy)]
pub(crate) struct Values<'a, I> {
    values: &'a [I],
}

impl<'a, I: PrimInt> Values<'a, I> {
    /// Checks every value once, so later reads cannot fail.
    pub(crate) fn new(values: &'a [I], argument: Argument) -> Result<Self, Error> {
        for (index, &v) in values.iter().enumerate() {
            widen(v, argument, index)?;
        }
        Ok(Values { values })
    }

    /// The value at `i` widened to `i64`. `i` is always in range where this is called; the `0`
    /// fallback only keeps the function total.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> i64 {
        self.values.get(i).and_then(|v| v.to_i64()).unwrap_or(0)
    }
}

/// `value` widened to `i64`, TensorFlow's widest index type, or [`Error::ValueOutOfRange`] naming
/// `argument` and `index` (the value's position in the list, or its C-order position in an array).
#[inline]
pub(crate) fn widen<I: PrimInt>(value: I, argument: Argument, index: usize) -> Result<i64, Error> {
    value.to_i64().ok_or_else(|| Error::ValueOutOfRange {
        argument,
        index,
        value: decimal(value),
    })
}

/// Every primitive integer fits in `i128` or `u128`.
pub(crate) fn decimal<I: PrimInt>(v: I) -> String {
    match (v.to_i128(), v.to_u128()) {
        (Some(x), _) => x.to_string(),
        (None, Some(x)) => x.to_string(),
        (None, None) => String::from("?"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_values_past_i64() {
        let err = Values::new(&[1u64, u64::MAX], Argument::End)
            .err()
            .expect("u64::MAX does not fit");
        assert_eq!(
            err,
            Error::ValueOutOfRange {
                argument: Argument::End,
                index: 1,
                value: u64::MAX.to_string()
            }
        );
        let err = Values::new(&[i128::MIN], Argument::Begin)
            .err()
            .expect("i128::MIN does not fit");
        assert!(
            err.to_string()
                .starts_with(&format!("begin[0] = {}", i128::MIN))
        );
    }

    #[test]
    fn wide_values_print_in_decimal() {
        assert_eq!(decimal(u64::MAX), "18446744073709551615");
        assert_eq!(decimal(i128::MIN), i128::MIN.to_string());
    }

    #[test]
    fn widens_every_width() {
        let v = Values::new(&[i8::MIN, -1, i8::MAX], Argument::Strides).unwrap();
        assert_eq!((v.get(0), v.get(1), v.get(2)), (-128, -1, 127));
        let max = [i64::MAX as u64];
        let v = Values::new(&max, Argument::Begin).unwrap();
        assert_eq!(v.get(0), i64::MAX);
    }
}
