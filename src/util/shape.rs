//! Shape arithmetic and formatting shared by every family: element counts under the two overflow
//! rules, C-order positions, and shapes printed as Python prints them.

/// A shape as Python's `TensorShape` prints it: `(2, 3)`, `(2,)`, `()`.
pub(crate) fn py_shape(shape: &[usize]) -> String {
    match shape {
        [d] => format!("({d},)"),
        _ => {
            let parts: Vec<String> = shape.iter().map(ToString::to_string).collect();
            format!("({})", parts.join(", "))
        }
    }
}

/// The multi-index of row-major position `flat` in an array of `shape`.
pub(crate) fn unravel(mut flat: usize, shape: &[usize]) -> Vec<usize> {
    let mut position = vec![0; shape.len()];
    for (p, &d) in position.iter_mut().zip(shape).rev() {
        if d > 0 {
            *p = flat % d;
            flat /= d;
        }
    }
    position
}

/// The product of `dims` in order, or `None` as soon as the running product overflows, even if a
/// later factor is 0 (the rule for counts that must each fit before they are combined, such as
/// gather's outer and inner counts); compare [`element_count`].
pub(crate) fn checked_product(dims: &[usize]) -> Option<usize> {
    dims.iter().try_fold(1usize, |n, &d| n.checked_mul(d))
}

/// The number of elements of an array with axes `factors`, or `None` if it overflows. A zero
/// factor makes it 0 whatever the others are, as an empty array has no elements (ndarray's own
/// rule); compare [`checked_product`].
pub(crate) fn element_count(factors: &[usize]) -> Option<usize> {
    if factors.contains(&0) {
        return Some(0);
    }
    factors.iter().try_fold(1usize, |p, &f| p.checked_mul(f))
}

/// `[first] + rest`.
pub(crate) fn prepend(first: usize, rest: &[usize]) -> Vec<usize> {
    std::iter::once(first).chain(rest.iter().copied()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unravel_is_c_order() {
        assert_eq!(unravel(5, &[2, 3]), vec![1, 2]);
        assert_eq!(unravel(0, &[]), Vec::<usize>::new());
        assert_eq!(unravel(7, &[2, 2, 2]), vec![1, 1, 1]);
    }

    #[test]
    fn the_two_product_rules() {
        let huge = [usize::MAX, 2];
        assert_eq!(checked_product(&[usize::MAX, 2, 0]), None);
        assert_eq!(element_count(&[usize::MAX, 2, 0]), Some(0));
        assert_eq!(checked_product(&huge), None);
        assert_eq!(element_count(&huge), None);
        assert_eq!(
            (checked_product(&[]), element_count(&[])),
            (Some(1), Some(1))
        );
        assert_eq!(py_shape(&[2]), "(2,)");
        assert_eq!(py_shape(&[2, 3]), "(2, 3)");
        assert_eq!(py_shape(&[]), "()");
    }
}
