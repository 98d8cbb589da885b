//! `Plan`: a spec resolved against one input shape, validated once and applied to any array of
//! that shape.

use ndarray::{
    ArrayBase, ArrayD, ArrayRef, ArrayView, ArrayViewMut, Dimension, IxDyn, RawData, SliceInfo,
    SliceInfoElem,
};
use num_traits::PrimInt;

use crate::error::Error;
use crate::strided::apply::{InPlace, balances, in_place_suits, slice_balanced};
use crate::strided::assign::{assign_into, with_context};
use crate::strided::masks::Masks;
use crate::strided::raw_view;
use crate::strided::resolve::{
    AxisStep, StepSink, Steps, check_dims, range_len, rank_changes, resolve,
};
use crate::strided::spec::StridedSlice;
use crate::util::owned::owned_copy;

/// Where an output axis of a [`Plan`] comes from.
///
/// ```
/// use ndarray_tfslice::prelude::*;
/// let plan = "None, ::-1, 0".parse::<StridedSlice>()?.resolve(&[4, 3])?;
/// assert_eq!(plan.axes(), &[OutputAxis::New, OutputAxis::Input(0)]);
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OutputAxis {
    /// A range over this input axis.
    Input(usize),
    /// A new axis of length 1 (`None` / `tf.newaxis`).
    New,
}

/// A [`StridedSlice`] resolved against one input shape: TensorFlow's validation done once, the
/// output shape known, and the ndarray slice ready. Applying it to an array of that shape does no
/// validation beyond comparing the shape; applying it to another shape is an error.
///
/// ```
/// use ndarray::{Array, IxDyn, SliceInfoElem};
/// use ndarray_tfslice::prelude::*;
///
/// let spec: StridedSlice = "1, 2:4, None, ..., :-3:-1, :".parse()?;
/// let plan = spec.resolve(&[5, 5, 5, 5, 5, 5])?;
/// assert_eq!(plan.shape(), &[2, 1, 5, 5, 2, 5]);
/// assert_eq!(plan.axes()[..3], [OutputAxis::Input(1), OutputAxis::New, OutputAxis::Input(2)]);
/// assert_eq!(plan.elems()[0], SliceInfoElem::Index(1));
///
/// let x = Array::from_iter(0..5usize.pow(6)).into_shape_with_order(IxDyn(&[5; 6])).unwrap();
/// let y = plan.apply(&x)?;
/// assert_eq!(y, x.tf_index(&spec)?);
/// // ndarray's own slicing takes the same plan.
/// assert_eq!(y, x.slice(plan.slice_info()));
/// // Another shape is an error, not a panic.
/// assert!(plan.apply(&Array::<f32, _>::zeros((5, 5))).is_err());
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Plan {
    input_shape: Vec<usize>,
    shape: Vec<usize>,
    axes: Vec<OutputAxis>,
    steps: Vec<AxisStep>,
    info: SliceInfo<Vec<SliceInfoElem>, IxDyn, IxDyn>,
    in_place: bool,
    /// As many shrinks as new axes: also in place (`apply.rs`), with no shape built.
    balanced: bool,
    /// The spec resolved, for the text of [`Plan::apply_assign`]'s broadcast error (`None`
    /// only for the crate's own plans of raw specs, which never assign).
    spec: Option<StridedSlice>,
}

/// A plan's resolved steps, replayed into a sink.
struct PlanSteps<'p>(&'p [AxisStep]);

impl Steps for PlanSteps<'_> {
    #[inline(always)]
    fn push_into(self, _: &[usize], sink: &mut impl StepSink) -> Result<(), Error> {
        // A `for` loop, not `Iterator::for_each`: the compiler outlined `for_each` once this
        // had a third sink (the balanced in-place one), and the direct build's sink then went
        // through memory (`benches/count.sh`, rank-8 mixed plan: 1,693 before that sink,
        // 1,851 with `for_each`, 1,751 with this loop).
        for &step in self.0 {
            sink.push(step);
        }
        Ok(())
    }
}

impl StridedSlice {
    /// Resolves the spec against an input `shape`: every TensorFlow check runs here, once.
    ///
    /// # Errors
    /// The shape-dependent errors of
    /// [`tf_strided_slice`](crate::TfSliceExt::tf_strided_slice): [`Error::MultipleEllipses`],
    /// [`Error::SliceScalar`], [`Error::TooManyIndices`], [`Error::ZeroStride`],
    /// [`Error::ShrinkNegativeStride`], [`Error::ShrinkOutOfBounds`]; before them,
    /// [`Error::TooLarge`] if a dim passes `isize::MAX` (no array can have that shape).
    ///
    /// ```
    /// use ndarray_tfslice::prelude::*;
    /// let spec: StridedSlice = "::2, 7".parse()?;
    /// assert_eq!(spec.resolve(&[5, 8])?.shape(), &[3]);
    /// assert!(matches!(spec.resolve(&[5, 4]), Err(Error::ShrinkOutOfBounds { .. })));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn resolve(&self, shape: &[usize]) -> Result<Plan, Error> {
        let plan = Plan::from_raw(
            shape,
            self.begin(),
            self.end(),
            self.strides(),
            self.masks(),
        )?;
        Ok(Plan {
            spec: Some(self.clone()),
            ..plan
        })
    }
}

impl Plan {
    /// Resolves a raw spec, with every check in the same order as
    /// [`tf_strided_slice`](crate::TfSliceExt::tf_strided_slice).
    pub(crate) fn from_raw<B: PrimInt, N: PrimInt, T: PrimInt>(
        shape: &[usize],
        begin: &[B],
        end: &[N],
        strides: &[T],
        masks: Masks,
    ) -> Result<Plan, Error> {
        check_dims(shape)?;
        let mut steps = Vec::with_capacity(shape.len() + strides.len());
        resolve(shape, begin, end, strides, masks, &mut steps)?;
        Plan::from_steps(
            shape,
            steps,
            rank_changes(masks, strides.len()),
            masks.new_axis,
        )
    }

    fn from_steps(
        input_shape: &[usize],
        steps: Vec<AxisStep>,
        changes: u64,
        new_axis: u64,
    ) -> Result<Plan, Error> {
        let mut shape = Vec::with_capacity(steps.len());
        let mut axes = Vec::with_capacity(steps.len());
        for step in &steps {
            match *step {
                AxisStep::Range {
                    axis,
                    begin,
                    end,
                    stride,
                    ..
                } => {
                    shape.push(range_len(begin, end, stride));
                    axes.push(OutputAxis::Input(axis));
                }
                AxisStep::NewAxis { .. } => {
                    shape.push(1);
                    axes.push(OutputAxis::New);
                }
                AxisStep::Index { .. } => {}
            }
        }
        let elems: Vec<SliceInfoElem> = steps.iter().map(|s| s.to_elem()).collect();
        // ndarray only refuses a SliceInfo whose fixed input or output rank disagrees with the
        // elements; IxDyn has no fixed rank.
        let info = SliceInfo::try_from(elems)
            .map_err(|e| Error::Internal(format!("ndarray refused a resolved slice: {e}")))?;
        Ok(Plan {
            input_shape: input_shape.to_vec(),
            shape,
            axes,
            steps,
            info,
            in_place: in_place_suits(changes),
            balanced: balances(changes, new_axis, input_shape.len()),
            spec: None,
        })
    }

    /// The shape the plan was resolved for.
    ///
    /// ```
    /// use ndarray_tfslice::prelude::*;
    /// let plan = "1:, 0".parse::<StridedSlice>()?.resolve(&[4, 3])?;
    /// assert_eq!(plan.input_shape(), &[4, 3]);
    /// assert_eq!(plan.shape(), &[3]);
    /// # Ok::<(), Error>(())
    /// ```
    pub fn input_shape(&self) -> &[usize] {
        &self.input_shape
    }

    /// The output shape.
    ///
    /// ```
    /// use ndarray_tfslice::prelude::*;
    /// let plan = "None, ..., ::2".parse::<StridedSlice>()?.resolve(&[4, 5])?;
    /// assert_eq!(plan.shape(), &[1, 4, 3]);
    /// # Ok::<(), Error>(())
    /// ```
    pub fn shape(&self) -> &[usize] {
        &self.shape
    }

    /// Per output axis, the input axis it comes from, or that it is new.
    ///
    /// ```
    /// use ndarray_tfslice::prelude::*;
    /// let plan = "0, None, ..., -1".parse::<StridedSlice>()?.resolve(&[2, 3, 4, 5])?;
    /// assert_eq!(plan.axes(), &[OutputAxis::New, OutputAxis::Input(1), OutputAxis::Input(2)]);
    /// # Ok::<(), Error>(())
    /// ```
    pub fn axes(&self) -> &[OutputAxis] {
        &self.axes
    }

    /// The ndarray elements selecting the same elements in the same order: one per output axis or
    /// dropped input axis, all in range and canonical (negative steps in ndarray's convention).
    ///
    /// ```
    /// use ndarray::{Slice, SliceInfoElem};
    /// use ndarray_tfslice::prelude::*;
    /// // TF walks 3, 2, 1 from begin 3; ndarray takes 1..4 back to front.
    /// let plan = "3:0:-1, -1".parse::<StridedSlice>()?.resolve(&[5, 2])?;
    /// assert_eq!(plan.elems(), &[Slice::new(1, Some(4), -1).into(), SliceInfoElem::Index(1)]);
    /// # Ok::<(), Error>(())
    /// ```
    pub fn elems(&self) -> &[SliceInfoElem] {
        self.info.as_ref()
    }

    /// The same elements as an ndarray `SliceInfo`, for ndarray's own `slice` methods.
    ///
    /// ```
    /// use ndarray::array;
    /// use ndarray_tfslice::prelude::*;
    /// let x = array![[1, 2, 3], [4, 5, 6]].into_dyn();
    /// let plan = "::-1, 1".parse::<StridedSlice>()?.resolve(x.shape())?;
    /// assert_eq!(x.slice(plan.slice_info()), array![5, 2].into_dyn());
    /// # Ok::<(), Error>(())
    /// ```
    pub fn slice_info(&self) -> &SliceInfo<Vec<SliceInfoElem>, IxDyn, IxDyn> {
        &self.info
    }

    #[inline]
    fn check_shape(&self, shape: &[usize]) -> Result<(), Error> {
        // An element loop, not `==`: slice equality calls `bcmp`, which costs more than the
        // handful of axes compared here (measured with benches/count.sh).
        let same = shape.len() == self.input_shape.len()
            && shape.iter().zip(&self.input_shape).all(|(a, b)| a == b);
        if same {
            Ok(())
        } else {
            Err(self.shape_mismatch(shape))
        }
    }

    #[cold]
    fn shape_mismatch(&self, shape: &[usize]) -> Error {
        Error::PlanShapeMismatch {
            expected: self.input_shape.clone(),
            found: shape.to_vec(),
        }
    }

    /// Slices a view of the resolved input shape (checked by the caller).
    #[inline]
    fn slice<S: RawData>(&self, view: ArrayBase<S, IxDyn>) -> ArrayBase<S, IxDyn> {
        if self.in_place {
            let mut in_place = InPlace::new(view);
            self.steps.iter().for_each(|&s| in_place.push(s));
            in_place.finish()
        } else {
            view.slice_move(&self.info)
        }
    }

    /// The plan applied to `x`: a view, as [`tf_index`](crate::TfSliceExt::tf_index) would give.
    ///
    /// # Errors
    /// [`Error::PlanShapeMismatch`] if `x` does not have the shape the plan was resolved for.
    ///
    /// ```
    /// use ndarray::{array, Array2};
    /// use ndarray_tfslice::prelude::*;
    /// let plan = "::-1, 0".parse::<StridedSlice>()?.resolve(&[2, 3])?;
    /// // One validation, any number of arrays of that shape.
    /// for x in [array![[1, 2, 3], [4, 5, 6]], array![[7, 8, 9], [0, 0, 0]]] {
    ///     assert_eq!(plan.apply(&x)?, array![x[[1, 0]], x[[0, 0]]].into_dyn());
    /// }
    /// assert!(plan.apply(&Array2::<i32>::zeros((3, 2))).is_err());
    /// # Ok::<(), Error>(())
    /// ```
    #[inline]
    pub fn apply<'a, A, D: Dimension>(
        &self,
        x: &'a ArrayRef<A, D>,
    ) -> Result<ArrayView<'a, A, IxDyn>, Error> {
        self.check_shape(x.shape())?;
        if self.in_place {
            return Ok(self.slice(x.view().into_dyn()));
        }
        if self.balanced {
            let steps = PlanSteps(&self.steps);
            return slice_balanced(|| x.view().into_dyn(), &self.input_shape, steps);
        }
        // Two or more rank changes: the view built directly (`raw_view.rs`).
        let steps = PlanSteps(&self.steps);
        raw_view::view_dyn(x, Some(self.shape.len()), steps, |x| {
            Ok(self.slice(x.view().into_dyn()))
        })
    }

    /// The plan applied to `x` as a mutable view: writes through it change `x`.
    ///
    /// # Errors
    /// [`Error::PlanShapeMismatch`] if `x` does not have the shape the plan was resolved for.
    ///
    /// ```
    /// use ndarray::array;
    /// use ndarray_tfslice::prelude::*;
    /// let plan = "::-2".parse::<StridedSlice>()?.resolve(&[5])?;
    /// let mut x = array![0, 1, 2, 3, 4];
    /// plan.apply_mut(&mut x)?.fill(-1);
    /// assert_eq!(x, array![-1, 1, -1, 3, -1]);
    /// # Ok::<(), Error>(())
    /// ```
    #[inline]
    pub fn apply_mut<'a, A, D: Dimension>(
        &self,
        x: &'a mut ArrayRef<A, D>,
    ) -> Result<ArrayViewMut<'a, A, IxDyn>, Error> {
        self.check_shape(x.shape())?;
        if self.in_place {
            return Ok(self.slice(x.view_mut().into_dyn()));
        }
        if self.balanced {
            let steps = PlanSteps(&self.steps);
            return slice_balanced(|| x.view_mut().into_dyn(), &self.input_shape, steps);
        }
        let steps = PlanSteps(&self.steps);
        raw_view::view_dyn_mut(x, Some(self.shape.len()), steps, |x| {
            Ok(self.slice(x.view_mut().into_dyn()))
        })
    }

    /// The plan applied to `x` as an owned copy (C order), as
    /// [`tf_strided_slice_to_owned`](crate::TfSliceExt::tf_strided_slice_to_owned) would give:
    /// `plan.apply(x)?.to_standard_layout()`
    /// ([`StandardLayoutExt`](crate::StandardLayoutExt), the crate's copy engine), not the view's
    /// `.to_owned()`, which keeps a reversed view's strides.
    ///
    /// # Errors
    /// [`Error::PlanShapeMismatch`] if `x` does not have the shape the plan was resolved for;
    /// [`Error::TooLarge`] if the copy would have more bytes than an allocation can hold (a
    /// slice of a broadcast view can).
    ///
    /// ```
    /// use ndarray::array;
    /// use ndarray_tfslice::prelude::*;
    /// let plan = "::-1".parse::<StridedSlice>()?.resolve(&[3])?;
    /// assert_eq!(plan.apply_to_owned(&array![1, 2, 3])?, array![3, 2, 1].into_dyn());
    /// # Ok::<(), Error>(())
    /// ```
    pub fn apply_to_owned<A: Clone, D: Dimension>(
        &self,
        x: &ArrayRef<A, D>,
    ) -> Result<ArrayD<A>, Error> {
        self.apply(x).and_then(owned_copy)
    }

    /// `x[spec] = value` with the plan's spec: [`apply_mut`](Plan::apply_mut) and a write of
    /// `value`, broadcast by TensorFlow's one-way rule, as
    /// [`tf_index_assign`](crate::TfSliceExt::tf_index_assign) does it (the crate's copy engine:
    /// whole runs as slices, runs of 1 to 4 elements without a loop of their own). For a spec
    /// written into many arrays of one shape: the spec is validated once, at
    /// [`resolve`](StridedSlice::resolve).
    ///
    /// Prefer it to `plan.apply_mut(x)?.assign(value)`: ndarray's `assign` panics where the
    /// value does not broadcast, including a value with extra leading 1s, which TensorFlow
    /// accepts (`x[0] = [[7]]`), and steps through short runs element by element.
    ///
    /// # Errors
    /// [`Error::PlanShapeMismatch`] if `x` does not have the shape the plan was resolved for;
    /// [`Error::AssignBroadcast`] if `value` does not broadcast into [`shape`](Plan::shape)
    /// (an empty slice takes any value); [`Error::TooLarge`] if a strided `value`'s C-order copy
    /// cannot be allocated. On `Err`, `x` is unchanged.
    ///
    /// ```
    /// use ndarray::{array, Array2};
    /// use ndarray_tfslice::prelude::*;
    /// // boxes[..., 0:2] = xy, for every frame's boxes.
    /// let plan = "..., 0:2".parse::<StridedSlice>()?.resolve(&[3, 4])?;
    /// let mut boxes = Array2::<f32>::zeros((3, 4));
    /// plan.apply_assign(&mut boxes, &array![1.0, 2.0])?;
    /// assert_eq!(boxes.column(1), array![2.0, 2.0, 2.0]);
    /// assert!(matches!(
    ///     plan.apply_assign(&mut boxes, &array![1.0, 2.0, 3.0]),
    ///     Err(Error::AssignBroadcast { .. })
    /// ));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn apply_assign<A: Clone, D: Dimension, E: Dimension>(
        &self,
        x: &mut ArrayRef<A, D>,
        value: &ArrayRef<A, E>,
    ) -> Result<(), Error> {
        assign_into(x, |x| self.apply_mut(x), value.view().into_dyn()).map_err(|e| {
            let spec = || {
                self.spec
                    .as_ref()
                    .map(ToString::to_string)
                    .unwrap_or_default()
            };
            with_context(e, spec, &self.input_shape)
        })
    }
}
