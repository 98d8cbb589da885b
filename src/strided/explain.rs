//! `StridedSlice::explain`: a spec walked through entry by entry on a given shape, in the manner
//! of the numbered list on TensorFlow's Java `StridedSlice` page, ending with the output shape and
//! the equivalent ndarray `s![...]`.

use std::fmt::Write;

use crate::strided::masks::bit;
use crate::strided::resolve::{AxisStep, MAX_SPEC_LEN, check_dims, range_len, resolve};
use crate::strided::spec::{Entry, StridedSlice};
use crate::util::shape::py_shape;

impl StridedSlice {
    /// A readable walk-through of what the spec does to an input of `shape`: per entry, what it is
    /// (index, range, new axis, ellipsis), which input axes it takes, its begin/end/stride after
    /// masks, negative indices and clamping, and which output axes it produces; then the output
    /// shape and the same selection as an ndarray `s![...]`. Where TensorFlow would raise, the
    /// walk-through stops there with TensorFlow's error. A shape with a dim past `isize::MAX`,
    /// which no array can have, gets no walk-through, only the message of
    /// [`Error::TooLarge`](crate::Error::TooLarge).
    ///
    /// `cargo run --example explain -- 5,5,5,5,5,5 '1, 2:4, None, ..., :-3:-1, :'` prints it.
    ///
    /// ```
    /// use ndarray_tfslice::prelude::*;
    /// let spec: StridedSlice = "1:, ::-1".parse()?;
    /// let text = spec.explain(&[3, 4]);
    /// assert!(text.contains("output shape: (2, 4)"));
    /// assert!(text.contains("ndarray: s![1..3, ..;-1]"));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn explain(&self, shape: &[usize]) -> String {
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = self.write_explanation(&mut out, shape);
        out
    }

    fn write_explanation(&self, out: &mut String, shape: &[usize]) -> std::fmt::Result {
        writeln!(out, "x[{self}] on an input of shape {}", py_shape(shape))?;
        writeln!(out, "  begin   = {:?}", self.begin())?;
        writeln!(out, "  end     = {:?}", self.end())?;
        writeln!(out, "  strides = {:?}", self.strides())?;
        let m = self.masks();
        writeln!(
            out,
            "  begin_mask = {}, end_mask = {}, ellipsis_mask = {}, new_axis_mask = {}, shrink_axis_mask = {}",
            m.begin, m.end, m.ellipsis, m.new_axis, m.shrink_axis
        )?;
        let dead = [
            ("begin_mask", m.begin),
            ("end_mask", m.end),
            ("ellipsis_mask", m.ellipsis),
            ("new_axis_mask", m.new_axis),
            ("shrink_axis_mask", m.shrink_axis),
        ]
        .iter()
        .filter(|(_, mask)| self.len() < MAX_SPEC_LEN && mask >> self.len() != 0)
        .map(|(name, _)| *name)
        .collect::<Vec<_>>();
        if !dead.is_empty() {
            writeln!(
                out,
                "  ({} set bits at or past entry {}: TensorFlow ignores them{})",
                dead.join(", "),
                self.len(),
                if m.ellipsis.count_ones() > 1 {
                    ", except that an ellipsis mask may have only one bit set"
                } else {
                    ""
                }
            )?;
        }
        writeln!(out)?;
        // A dim past isize::MAX (no array has one) would resolve to wrong ranges.
        if let Err(e) = check_dims(shape) {
            return writeln!(out, "No array has this shape: {e}");
        }

        let mut steps: Vec<AxisStep> = Vec::new();
        let result = resolve(
            shape,
            self.begin(),
            self.end(),
            self.strides(),
            m,
            &mut steps,
        );
        let mut out_axis = 0usize;
        let mut rest = steps.as_slice();
        for (i, entry) in self.entries().enumerate() {
            let n = rest.iter().take_while(|s| s.entry() == Some(i)).count();
            let (mine, after) = rest.split_at(n);
            rest = after;
            if mine.is_empty() && entry != Entry::Ellipsis {
                // Resolution stopped at (or before) this entry.
                break;
            }
            write!(out, "{}. `{entry}` ", i + 1)?;
            self.describe(out, i, entry, mine, shape, &mut out_axis)?;
        }
        if !rest.is_empty() {
            write!(
                out,
                "{}. (no ellipsis in the spec, so TensorFlow appends one) ",
                self.len() + 1
            )?;
            covered(out, rest, shape, &mut out_axis)?;
        }
        writeln!(out)?;
        match result {
            Err(e) => writeln!(out, "TensorFlow raises: {e}"),
            Ok(()) => {
                let dims: Vec<usize> = steps.iter().filter_map(out_len).collect();
                writeln!(out, "output shape: {}", py_shape(&dims))?;
                let elems: Vec<String> = steps.iter().map(|s| s_elem(s, shape)).collect();
                writeln!(out, "ndarray: s![{}]", elems.join(", "))
            }
        }
    }

    /// One entry's line(s).
    fn describe(
        &self,
        out: &mut String,
        i: usize,
        entry: Entry,
        steps: &[AxisStep],
        shape: &[usize],
        out_axis: &mut usize,
    ) -> std::fmt::Result {
        let m = self.masks();
        match (entry, steps) {
            (Entry::Ellipsis, _) => {
                write!(out, "is an ellipsis: ")?;
                covered(out, steps, shape, out_axis)
            }
            (Entry::NewAxis, _) => {
                let note = if bit(m.shrink_axis, i) {
                    " (its shrink bit is ignored: a new axis wins)"
                } else {
                    ""
                };
                writeln!(
                    out,
                    "is a new axis: output axis {out_axis}, of size 1{note}."
                )?;
                *out_axis += 1;
                Ok(())
            }
            (Entry::Index { index: raw, stride }, [AxisStep::Index { axis, index, .. }]) => {
                let dim = shape[*axis];
                write!(
                    out,
                    "is an index into input axis {axis} (size {dim}): element "
                )?;
                if raw < 0 {
                    write!(out, "{raw} + {dim} = {index}")?;
                } else {
                    write!(out, "{index}")?;
                }
                write!(out, "; the axis is dropped")?;
                if stride != 1 {
                    write!(out, " (stride {stride} is ignored)")?;
                }
                if bit(m.begin, i) || bit(m.end, i) {
                    write!(out, " (begin/end mask bits are ignored when shrinking)")?;
                }
                writeln!(out, ".")
            }
            (
                Entry::Range { begin, end, stride },
                [
                    step @ AxisStep::Range {
                        axis,
                        begin: b,
                        end: e,
                        ..
                    },
                ],
            ) => {
                let dim = shape[*axis];
                let len = out_len(step).unwrap_or(0);
                write!(
                    out,
                    "is a range over input axis {axis} (size {dim}): begin "
                )?;
                bound(out, begin, *b, dim, stride > 0, true)?;
                write!(out, ", end ")?;
                bound(out, end, *e, dim, stride > 0, false)?;
                writeln!(
                    out,
                    ", stride {stride}: output axis {out_axis}, of size {len}{}.",
                    if len == 0 { " (empty)" } else { "" }
                )?;
                *out_axis += 1;
                Ok(())
            }
            _ => writeln!(out, "could not be resolved."),
        }
    }
}

/// An ellipsis' whole axes (explicit or implicit).
fn covered(
    out: &mut String,
    steps: &[AxisStep],
    shape: &[usize],
    out_axis: &mut usize,
) -> std::fmt::Result {
    let axes: Vec<usize> = steps
        .iter()
        .filter_map(|s| match *s {
            AxisStep::Range { axis, .. } => Some(axis),
            _ => None,
        })
        .collect();
    match axes.as_slice() {
        [] => writeln!(
            out,
            "covers no input axis (the other entries take them all)."
        ),
        [a] => {
            writeln!(
                out,
                "input axis {a} taken whole: output axis {out_axis}, of size {}.",
                shape[*a]
            )?;
            *out_axis += 1;
            Ok(())
        }
        [first, .., last] => {
            let sizes: Vec<String> = axes.iter().map(|&a| shape[a].to_string()).collect();
            writeln!(
                out,
                "input axes {first} to {last} taken whole: output axes {} to {}, of sizes {}.",
                *out_axis,
                *out_axis + axes.len() - 1,
                sizes.join(", ")
            )?;
            *out_axis += axes.len();
            Ok(())
        }
    }
}

/// How a range bound became its canonical value: masked, counted from the end, clamped.
fn bound(
    out: &mut String,
    given: Option<i64>,
    canonical: i64,
    dim: usize,
    up: bool,
    is_begin: bool,
) -> std::fmt::Result {
    let Some(raw) = given else {
        return if is_begin {
            let side = if up { "first" } else { "last" };
            write!(out, "{canonical} (begin_mask: start at the {side} element)")
        } else {
            let side = if up { "last" } else { "first" };
            write!(out, "{canonical} (end_mask: run past the {side} element)")
        };
    };
    let d = dim as i64;
    let forward = if raw < 0 { raw.saturating_add(d) } else { raw };
    write!(out, "{raw}")?;
    if forward != raw {
        write!(out, " + {dim} = {forward}")?;
    }
    if forward != canonical {
        write!(out, ", clamped to {canonical}")?;
    }
    if canonical == -1 {
        write!(out, " (before element 0)")?;
    }
    Ok(())
}

/// The output length a step contributes, if any.
fn out_len(step: &AxisStep) -> Option<usize> {
    match *step {
        AxisStep::Range {
            begin, end, stride, ..
        } => Some(range_len(begin, end, stride)),
        AxisStep::NewAxis { .. } => Some(1),
        AxisStep::Index { .. } => None,
    }
}

/// A step as an element of ndarray's `s![]` macro (`..` for a whole axis, in either direction).
fn s_elem(step: &AxisStep, shape: &[usize]) -> String {
    match (*step, step.to_elem()) {
        (
            AxisStep::Range { axis, .. },
            ndarray::SliceInfoElem::Slice {
                start,
                end: Some(end),
                step,
            },
        ) => {
            let whole = start == 0 && end as usize == shape[axis];
            let range = if whole {
                String::from("..")
            } else {
                format!("{start}..{end}")
            };
            if step == 1 {
                range
            } else {
                format!("{range};{step}")
            }
        }
        (AxisStep::Index { index, .. }, _) => index.to_string(),
        (_, elem) => elem.to_string(),
    }
}
