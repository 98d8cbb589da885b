//! A short list of `SliceInfoElem`s that lives on the stack for the usual ranks, so resolving a
//! spec allocates nothing of its own.

use ndarray::SliceInfoElem;

/// Output axes (plus dropped indices) kept inline: a rank-8 input (TF's kernel limit) with up to 8
/// new axes never allocates here.
const INLINE: usize = 16;

pub(crate) struct Elems {
    inline: [SliceInfoElem; INLINE],
    len: usize,
    spill: Vec<SliceInfoElem>,
}

impl Elems {
    #[inline]
    pub(crate) fn new() -> Self {
        Elems {
            inline: [SliceInfoElem::NewAxis; INLINE],
            len: 0,
            spill: Vec::new(),
        }
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, elem: SliceInfoElem) {
        if self.len < INLINE {
            self.inline[self.len] = elem;
        } else {
            if self.spill.is_empty() {
                self.spill.extend_from_slice(&self.inline);
            }
            self.spill.push(elem);
        }
        self.len += 1;
    }

    #[inline]
    pub(crate) fn as_slice(&self) -> &[SliceInfoElem] {
        if self.len <= INLINE {
            &self.inline[..self.len]
        } else {
            &self.spill
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spills_past_inline_capacity_in_order() {
        let mut e = Elems::new();
        for i in 0..(INLINE as isize + 5) {
            e.push(SliceInfoElem::Index(i));
            let s = e.as_slice();
            assert_eq!(s.len() as isize, i + 1);
            assert_eq!(s[i as usize], SliceInfoElem::Index(i));
            assert_eq!(s[0], SliceInfoElem::Index(0));
        }
    }
}
