//! A port of YOLOv3's training targets, checked against TensorFlow.
//!
//! `preprocess_true_boxes` is a line-by-line port of the function of that name in
//! qqwweee/keras-yolo3, yolo3/model.py: ground-truth corner boxes become centre and size
//! (`true_boxes[..., 0:2] = boxes_xy / input_shape[::-1]`), each valid box picks the anchor of
//! best IoU, and three slice assignments write it into its head's grid cell
//! (`y_true[l][b, j, i, k, 0:4] = true_boxes[b, t, 0:4]`, then `4` and `5 + c` set to 1). The
//! Python it ports, run with both NumPy arrays and `tf.Variable`s (TensorFlow's slice
//! assignment), is `examples/yolo_targets_tf.py`, which wrote the inputs and expected outputs in
//! `examples/yolo_targets_expected.json`.
//!
//! Written with the crate's slice assignment: the two whole-batch writes take a [`Plan`] each,
//! resolved once for the batch shape (a training loop builds targets for every batch of one
//! shape); the per-box writes take `tf_index_assign` with `tf_s!` and run-time indices, and
//! `tf_index_mut(..)?.fill(1.0)` for a scalar.
//!
//! ```text
//! cargo run --example yolo_targets
//! ```
//! prints how many grid cells each head received and exits with status 1 if any value differs
//! from TensorFlow's.

use ndarray::{Array1, Array2, Array3, Array5, ArrayView3, Axis, array};
use ndarray_tfslice::prelude::*;
use serde_json::Value;

/// The committed TensorFlow run.
const EXPECTED: &str = include_str!("yolo_targets_expected.json");

/// `anchor_mask`: the anchors of each head, large objects first.
const ANCHOR_MASK: [[usize; 3]; 3] = [[6, 7, 8], [3, 4, 5], [0, 1, 2]];

/// The targets for batches of one shape: the whole-batch slices resolved once.
pub struct Targets {
    input_shape: [usize; 2],
    anchors: Array2<f64>,
    num_classes: usize,
    /// `true_boxes[..., 0:2]` and `true_boxes[..., 2:4]` for the batch shape.
    xy: Plan,
    wh: Plan,
}

impl Targets {
    /// For batches of `batch_shape` (`(m, max_boxes, 5)`) and an `input_shape` of `(h, w)`.
    pub fn new(
        batch_shape: &[usize],
        input_shape: [usize; 2],
        anchors: Array2<f64>,
        num_classes: usize,
    ) -> Result<Targets, Error> {
        let xy = "..., 0:2".parse::<StridedSlice>()?.resolve(batch_shape)?;
        let wh = "..., 2:4".parse::<StridedSlice>()?.resolve(batch_shape)?;
        Ok(Targets {
            input_shape,
            anchors,
            num_classes,
            xy,
            wh,
        })
    }

    /// `preprocess_true_boxes(true_boxes, input_shape, anchors, num_classes)`, and the boxes as
    /// centre and size (the original's `true_boxes` after its first two writes).
    pub fn preprocess_true_boxes(
        &self,
        true_boxes: ArrayView3<'_, f32>,
    ) -> Result<(Array3<f32>, Vec<Array5<f32>>), Error> {
        let mut true_boxes = true_boxes.to_owned();
        let [h, w] = self.input_shape;
        let input_shape = array![h as f32, w as f32];
        // boxes_xy = (true_boxes[..., 0:2] + true_boxes[..., 2:4]) // 2
        let (lo, hi) = (
            true_boxes.tf_index(tf_s![..., 0:2])?,
            true_boxes.tf_index(tf_s![..., 2:4])?,
        );
        let boxes_xy = (&lo + &hi).mapv(|v| (v / 2.0).floor());
        // boxes_wh = true_boxes[..., 2:4] - true_boxes[..., 0:2]
        let boxes_wh = &hi - &lo;
        // true_boxes[..., 0:2] = boxes_xy / input_shape[::-1]
        let reversed = input_shape.tf_index(tf_s![::-1])?;
        self.xy
            .apply_assign(&mut true_boxes, &(&boxes_xy / &reversed))?;
        // true_boxes[..., 2:4] = boxes_wh / input_shape[::-1]
        self.wh
            .apply_assign(&mut true_boxes, &(&boxes_wh / &reversed))?;

        let m = true_boxes.shape()[0];
        // grid_shapes = [input_shape // {0: 32, 1: 16, 2: 8}[l] for l in range(3)]
        let grid_shapes = [32, 16, 8].map(|s| [h / s, w / s]);
        let mut y_true: Vec<Array5<f32>> = grid_shapes
            .iter()
            .zip(&ANCHOR_MASK)
            .map(|(g, mask)| Array5::zeros((m, g[0], g[1], mask.len(), 5 + self.num_classes)))
            .collect();
        // anchor_maxes = anchors / 2.; anchor_mins = -anchor_maxes
        let anchor_maxes = &self.anchors / 2.0;
        let anchor_area = &self.anchors.column(0) * &self.anchors.column(1);
        for b in 0..m {
            // wh = boxes_wh[b, valid_mask[b]], valid_mask = boxes_wh[..., 0] > 0
            let valid = boxes_wh.tf_index(tf_s![b, :, 0])?.mapv(|v| v > 0.0);
            let wh = boxes_wh.tf_index(tf_s![b])?.tf_boolean_mask(&valid, 0)?;
            if wh.is_empty() {
                continue;
            }
            for (t, wh) in wh.axis_iter(Axis(0)).enumerate() {
                // iou of the box (centred at 0) with every anchor (centred at 0), in f64 as
                // NumPy computes it (the f32 box meets the f64 anchors); the box's area is
                // f32, as `wh[..., 0] * wh[..., 1]` is.
                let box_maxes = wh.mapv(|v| f64::from(v / 2.0));
                let iou: Array1<f64> = anchor_maxes
                    .axis_iter(Axis(0))
                    .zip(&anchor_area)
                    .map(|(a, &anchor_area)| {
                        let iw = (box_maxes[0].min(a[0]) - (-box_maxes[0]).max(-a[0])).max(0.0);
                        let ih = (box_maxes[1].min(a[1]) - (-box_maxes[1]).max(-a[1])).max(0.0);
                        let box_area = f64::from(wh[0] * wh[1]);
                        iw * ih / (box_area + anchor_area - iw * ih)
                    })
                    .collect();
                // best_anchor = np.argmax(iou, axis=-1): the first of the largest.
                let n = (0..iou.len()).fold(0, |best, a| if iou[a] > iou[best] { a } else { best });
                for (l, mask) in ANCHOR_MASK.iter().enumerate() {
                    let Some(k) = mask.iter().position(|&a| a == n) else {
                        continue;
                    };
                    let [gh, gw] = grid_shapes[l];
                    let cell = |v: f32, g: usize| (f64::from(v) * g as f64).floor() as i64;
                    let i = cell(true_boxes[[b, t, 0]], gw);
                    let j = cell(true_boxes[[b, t, 1]], gh);
                    let c = true_boxes[[b, t, 4]] as i64;
                    let y = &mut y_true[l];
                    // y_true[l][b, j, i, k, 0:4] = true_boxes[b, t, 0:4]
                    y.tf_index_assign(
                        tf_s![b, j, i, k, 0:4],
                        &true_boxes.tf_index(tf_s![b, t, 0:4])?,
                    )?;
                    // y_true[l][b, j, i, k, 4] = 1: a scalar written through the mutable view
                    // (the same as `tf_index_assign(.., &arr0(1.0))`).
                    y.tf_index_mut(tf_s![b, j, i, k, 4])?.fill(1.0);
                    // y_true[l][b, j, i, k, 5 + c] = 1
                    y.tf_index_mut(tf_s![b, j, i, k, 5 + c])?.fill(1.0);
                }
            }
        }
        Ok((true_boxes, y_true))
    }
}

/// The array stored under `field` (`{"shape": [...], "values": [...]}`).
fn array_of(json: &Value, field: &str) -> Result<(Vec<usize>, Vec<f64>), String> {
    let a = &json[field];
    let ints = |v: &Value| v.as_u64().map(|d| d as usize);
    let shape: Option<Vec<usize>> = a["shape"]
        .as_array()
        .map(|s| s.iter().filter_map(ints).collect());
    let values: Option<Vec<f64>> = a["values"]
        .as_array()
        .map(|v| v.iter().filter_map(Value::as_f64).collect());
    shape
        .zip(values)
        .ok_or_else(|| format!("no array {field} in the expected output"))
}

/// Runs the port on the committed inputs and compares with TensorFlow's output (exactly: the
/// writes copy values, and the arithmetic before them is exact or rounded as NumPy rounds it).
/// Returns the grid cells each head received.
pub fn check() -> Result<Vec<usize>, String> {
    let json: Value = serde_json::from_str(EXPECTED).map_err(|e| e.to_string())?;
    let (shape, boxes) = array_of(&json, "true_boxes")?;
    let true_boxes = Array3::from_shape_vec(
        (shape[0], shape[1], shape[2]),
        boxes.iter().map(|&v| v as f32).collect(),
    )
    .map_err(|e| e.to_string())?;
    let (shape, anchors) = array_of(&json, "anchors")?;
    let anchors =
        Array2::from_shape_vec((shape[0], shape[1]), anchors).map_err(|e| e.to_string())?;
    let input: Vec<usize> = json["input_shape"]
        .as_array()
        .map(|s| {
            s.iter()
                .filter_map(Value::as_u64)
                .map(|d| d as usize)
                .collect()
        })
        .unwrap_or_default();
    let classes = json["classes"].as_u64().unwrap_or(0) as usize;
    let targets = Targets::new(true_boxes.shape(), [input[0], input[1]], anchors, classes)
        .map_err(|e| e.to_string())?;
    let (boxes, y_true) = targets
        .preprocess_true_boxes(true_boxes.view())
        .map_err(|e| e.to_string())?;

    let same = |what: &str, got_shape: &[usize], got: Vec<f32>, field: (Vec<usize>, Vec<f64>)| {
        let (shape, want) = field;
        if got_shape != shape.as_slice() {
            return Err(format!("{what}: shape {got_shape:?}, TensorFlow {shape:?}"));
        }
        match got.iter().zip(&want).position(|(&g, &w)| f64::from(g) != w) {
            Some(at) => Err(format!(
                "{what}: element {at} is {}, TensorFlow {}",
                got[at], want[at]
            )),
            None => Ok(()),
        }
    };
    same(
        "boxes",
        boxes.shape(),
        boxes.iter().copied().collect(),
        array_of(&json, "boxes")?,
    )?;
    let heads = json["y_true"].as_array().ok_or("no y_true")?;
    let mut cells = Vec::new();
    for (l, (y, want)) in y_true.iter().zip(heads).enumerate() {
        let field = array_of(&serde_json::json!({ "y": want }), "y")?;
        same(
            &format!("y_true[{l}]"),
            y.shape(),
            y.iter().copied().collect(),
            field,
        )?;
        cells.push(
            y.index_axis(Axis(4), 4)
                .iter()
                .filter(|&&v| v == 1.0)
                .count(),
        );
    }
    Ok(cells)
}

#[allow(dead_code)]
fn main() {
    match check() {
        Ok(cells) => println!("grid cells set per head: {cells:?}; matches TensorFlow"),
        Err(e) => {
            eprintln!("differs from TensorFlow: {e}");
            std::process::exit(1);
        }
    }
}
