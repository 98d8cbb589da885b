//! `tf_extract_image_patches` (TensorFlow's `ExtractImagePatches`): `ParseAttributeVec4`'s
//! checks, `GetWindowedOutputSize` (signed, C++'s truncating division) per spatial axis, and
//! each tap of each patch read from the input or the zero padding.

use ndarray::{ArrayD, ArrayRef, Dimension};
use ndarray_tfslice::prelude::*;

use super::{Case, Input, Op, Shape, Want, check};

pub fn extract_image_patches(input: &mut Input, shape: Shape) {
    let ksizes = attribute(input);
    let strides = attribute(input);
    let rates = attribute(input);
    let padding = if input.bool() {
        Padding::Same
    } else {
        Padding::Valid
    };
    let op = Patches {
        ksizes,
        strides,
        rates,
        padding,
    };
    check(&Case::new(input, &shape), &op);
}

/// `[1, rows, cols, 1]`, the spatial entries up to the limits; now and then a batch or depth
/// entry other than 1.
fn attribute(input: &mut Input) -> [usize; 4] {
    let mut entry = |spatial: bool| {
        if spatial || input.u8().is_multiple_of(16) {
            input.size()
        } else {
            1
        }
    };
    [entry(false), entry(true), entry(true), entry(false)]
}

#[derive(Debug)]
struct Patches {
    ksizes: [usize; 4],
    strides: [usize; 4],
    rates: [usize; 4],
    padding: Padding,
}

/// One spatial axis: the number of windows and the zeros before the input.
struct Window {
    output: u128,
    pad_before: u128,
}

impl Patches {
    /// `GetWindowedOutputSize` for input axis `axis` (1 or 2) of size `size`.
    fn window(&self, axis: usize, size: usize) -> Result<Window, Want> {
        let (k, s, r) = (
            self.ksizes[axis] as u128,
            self.strides[axis] as u128,
            self.rates[axis] as u128,
        );
        let input = size as u128;
        // k + (k - 1) * (r - 1) < 2^64 + 2^128 - 2^66 < 2^128: exact.
        let effective = k + (k - 1) * (r - 1);
        match self.padding {
            Padding::Valid => {
                // (input - effective + s) / s, rounded toward zero.
                let reach = input + s;
                if reach >= effective {
                    Ok(Window {
                        output: (reach - effective) / s,
                        pad_before: 0,
                    })
                } else if (effective - reach) / s == 0 {
                    Ok(Window {
                        output: 0,
                        pad_before: 0,
                    })
                } else {
                    let negative = (effective - reach) / s;
                    Err(Want::PatchesOutputNegative {
                        axis,
                        // The crate saturates an output size below i128's range.
                        output_size: i128::try_from(negative).map_or(i128::MIN, |n| -n),
                    })
                }
            }
            Padding::Same => {
                let output = input.div_ceil(s);
                let needed = match output.checked_sub(1) {
                    Some(last) => (last * s + effective).saturating_sub(input),
                    None => 0,
                };
                Ok(Window {
                    output,
                    pad_before: needed / 2,
                })
            }
        }
    }
}

impl Op for Patches {
    fn want(&self, shape: &[usize]) -> Result<Vec<u128>, Want> {
        for (name, values) in [
            ("ksizes", self.ksizes),
            ("strides", self.strides),
            ("rates", self.rates),
        ] {
            for index in [0, 3] {
                if values[index] != 1 {
                    return Err(Want::PatchesNotSpatial(name, index, values[index]));
                }
            }
            for index in [1, 2] {
                if values[index] == 0 {
                    return Err(Want::PatchesZero(name, index));
                }
            }
        }
        let &[n, rows, cols, depth] = shape else {
            return Err(Want::WrongRank(shape.len()));
        };
        let out_rows = self.window(1, rows)?.output;
        let out_cols = self.window(2, cols)?.output;
        let patch = (self.ksizes[1] as u128 * self.ksizes[2] as u128).saturating_mul(depth as u128);
        Ok(vec![n as u128, out_rows, out_cols, patch])
    }

    /// `out[b, r, c, (i * ksize_cols + j) * depth + k] = in[b, r * stride + i * rate - pad_top,
    /// c * stride + j * rate - pad_left, k]`, or padding.
    fn source(&self, shape: &[usize], index: &[usize]) -> Option<Vec<usize>> {
        let &[b, r, c, d] = index else { return None };
        let depth = shape[3];
        let (i, j, k) = (
            d / depth / self.ksizes[2],
            d / depth % self.ksizes[2],
            d % depth,
        );
        let tap = |axis: usize, window: usize, tap: usize| -> Option<usize> {
            let pad = self.window(axis, shape[axis]).ok()?.pad_before;
            let padded = window as u128 * self.strides[axis] as u128
                + tap as u128 * self.rates[axis] as u128;
            let at = padded.checked_sub(pad)?;
            (at < shape[axis] as u128).then_some(at as usize)
        };
        Some(vec![b, tap(1, r, i)?, tap(2, c, j)?, k])
    }

    fn call<D: Dimension>(&self, x: &ArrayRef<i64, D>) -> Result<ArrayD<i64>, Error> {
        x.tf_extract_image_patches(self.ksizes, self.strides, self.rates, self.padding)
            .map(|y| y.into_dyn())
    }
}
