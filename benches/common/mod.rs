//! The selections the benches time, each written both as a TF spec and as the ndarray elements
//! selecting the same thing, so the two can be compared.

use ndarray::SliceInfoElem;
use ndarray_tfslice::Masks;

pub struct Case {
    pub name: &'static str,
    pub shape: Vec<usize>,
    pub begin: Vec<i64>,
    pub end: Vec<i64>,
    pub strides: Vec<i64>,
    pub masks: Masks,
    /// The same selection, written as ndarray elements by hand.
    pub elems: Vec<SliceInfoElem>,
}

fn slice(start: isize, end: isize, step: isize) -> SliceInfoElem {
    SliceInfoElem::Slice {
        start,
        end: Some(end),
        step,
    }
}

pub fn cases() -> Vec<Case> {
    vec![
        // x[1:31, 2:30:2, ::-1] on 32x32x32
        Case {
            name: "rank3",
            shape: vec![32, 32, 32],
            begin: vec![1, 2, 0],
            end: vec![31, 30, 0],
            strides: vec![1, 2, -1],
            masks: Masks {
                begin: 0b100,
                end: 0b100,
                ..Masks::NONE
            },
            elems: vec![slice(1, 31, 1), slice(2, 30, 2), slice(0, 32, -1)],
        },
        // x[1:7, ::-2, 3, :, 1:-1, 2::3] on 8x8x8x8x8x8
        Case {
            name: "rank6",
            shape: vec![8; 6],
            begin: vec![1, 0, 3, 0, 1, 2],
            end: vec![7, 0, 4, 0, -1, 0],
            strides: vec![1, -2, 1, 1, 1, 3],
            masks: Masks {
                begin: 0b001010,
                end: 0b101010,
                shrink_axis: 0b000100,
                ..Masks::NONE
            },
            elems: vec![
                slice(1, 7, 1),
                slice(0, 8, -2),
                SliceInfoElem::Index(3),
                slice(0, 8, 1),
                slice(1, 7, 1),
                slice(2, 8, 3),
            ],
        },
        // x[1, ..., None, ::-1, 2] on 8x8x8x8x8x8: two shrinks and a new axis, so the spec goes
        // through a list of ndarray elements and `slice_move` (the general path).
        Case {
            name: "rank6_mixed",
            shape: vec![8; 6],
            begin: vec![1, 0, 0, 0, 2],
            end: vec![2, 0, 0, 0, 3],
            strides: vec![1, 1, 1, -1, 1],
            masks: Masks {
                begin: 0b01000,
                end: 0b01000,
                ellipsis: 0b00010,
                new_axis: 0b00100,
                shrink_axis: 0b10001,
            },
            elems: vec![
                SliceInfoElem::Index(1),
                slice(0, 8, 1),
                slice(0, 8, 1),
                slice(0, 8, 1),
                SliceInfoElem::NewAxis,
                slice(0, 8, -1),
                SliceInfoElem::Index(2),
            ],
        },
    ]
}
