//! A set of axes for the ops that check a list of axes for repeats (transpose, reverse).

/// Which axes of an array of rank `rank` have been seen: a bitmask at ordinary ranks (no
/// allocation), one flag per axis past 128.
pub(crate) struct AxisSet {
    small: u128,
    large: Vec<bool>,
}

impl AxisSet {
    #[inline]
    pub(crate) fn new(rank: usize) -> Self {
        let large = if rank > 128 {
            vec![false; rank]
        } else {
            Vec::new()
        };
        AxisSet { small: 0, large }
    }

    /// Adds `axis` (which must be `< rank`); `false` if it was already there.
    #[inline]
    pub(crate) fn insert(&mut self, axis: usize) -> bool {
        match self.large.get_mut(axis) {
            Some(seen) => !std::mem::replace(seen, true),
            None => {
                let bit = 1u128.checked_shl(u32::try_from(axis).unwrap_or(u32::MAX));
                let bit = bit.unwrap_or(0);
                let fresh = self.small & bit == 0;
                self.small |= bit;
                fresh
            }
        }
    }

    /// The smallest axis below `rank` not in the set.
    #[inline]
    pub(crate) fn first_missing(&self, rank: usize) -> Option<usize> {
        if self.large.is_empty() {
            (0..rank.min(128)).find(|&a| self.small & (1u128 << a) == 0)
        } else {
            self.large.iter().position(|&seen| !seen)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_and_large_ranks() {
        for rank in [0, 1, 3, 128, 129, 300] {
            let mut set = AxisSet::new(rank);
            assert_eq!(set.first_missing(rank), (rank > 0).then_some(0));
            for a in (0..rank).rev() {
                assert!(set.insert(a));
                assert!(!set.insert(a));
            }
            assert_eq!(set.first_missing(rank), None);
        }
        let mut set = AxisSet::new(5);
        set.insert(0);
        set.insert(2);
        assert_eq!(set.first_missing(5), Some(1));
    }
}
