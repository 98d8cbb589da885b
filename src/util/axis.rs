//! Axis arguments as TensorFlow reads them.

use crate::error::Error;

/// `axis` in `[-rank, rank)` as a non-negative axis (negatives count from the end), or
/// [`Error::AxisOutOfRange`] naming `op` and `argument`.
///
/// `rank` is the rank the axis indexes: the input's for most ops, the output's (`rank + 1`) for
/// `tf_stack`.
pub(crate) fn resolve_axis(
    op: &'static str,
    argument: &str,
    axis: isize,
    rank: usize,
) -> Result<usize, Error> {
    // Ranks come from real arrays, so they fit in isize; saturate rather than assume.
    let r = isize::try_from(rank).unwrap_or(isize::MAX);
    let resolved = if axis < 0 {
        axis.checked_add(r)
    } else {
        Some(axis)
    };
    match resolved {
        Some(a) if (0..r).contains(&a) => Ok(a.unsigned_abs()),
        _ => Err(Error::AxisOutOfRange {
            op,
            argument: argument.to_string(),
            axis,
            min: -r,
            max: r,
        }),
    }
}

/// `axis` in `[0, rank)`, for the ops that, like TensorFlow's, take no negative axes
/// (`tf_reverse_sequence`).
pub(crate) fn non_negative_axis(
    op: &'static str,
    argument: &str,
    axis: isize,
    rank: usize,
) -> Result<usize, Error> {
    let r = isize::try_from(rank).unwrap_or(isize::MAX);
    if (0..r).contains(&axis) {
        Ok(axis.unsigned_abs())
    } else {
        Err(Error::AxisOutOfRange {
            op,
            argument: argument.to_string(),
            axis,
            min: 0,
            max: r,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negative_axes_count_from_the_end() {
        assert_eq!(resolve_axis("op", "axis", -1, 3), Ok(2));
        assert_eq!(resolve_axis("op", "axis", -3, 3), Ok(0));
        assert_eq!(resolve_axis("op", "axis", 2, 3), Ok(2));
        let err = resolve_axis("tf_split", "axis", -4, 3).unwrap_err();
        assert_eq!(err.to_string(), "axis = -4 not in [-3, 3) (tf_split)");
        assert!(resolve_axis("op", "axis", 0, 0).is_err());
        assert!(resolve_axis("op", "axis", isize::MIN, 3).is_err());
        assert!(resolve_axis("op", "axis", isize::MAX, 3).is_err());
    }

    #[test]
    fn non_negative_only() {
        assert_eq!(non_negative_axis("op", "seq_axis", 1, 3), Ok(1));
        let err = non_negative_axis("tf_reverse_sequence", "seq_axis", -1, 3).unwrap_err();
        assert_eq!(
            err.to_string(),
            "seq_axis = -1 not in [0, 3) (tf_reverse_sequence)"
        );
    }
}
