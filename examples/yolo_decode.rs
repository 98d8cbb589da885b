//! A port of YOLOv3's box decode, checked against TensorFlow.
//!
//! `yolo_boxes` is a line-by-line port of `yolo_boxes` in zzh8829/yolov3-tf2,
//! yolov3_tf2/models.py; `decode` continues as qqwweee/keras-yolo3, yolo3/model.py does
//! (`yolo_correct_boxes` puts the boxes in y-x order with `box_xy[..., ::-1]`, `yolo_eval` keeps
//! each class's boxes above a score threshold with `tf.boolean_mask`). The Python it ports, run by
//! TensorFlow, is `examples/yolo_decode_tf.py`, which wrote the inputs and expected outputs in
//! `examples/yolo_decode_expected.json`.
//!
//! Written with the crate's porting API: typed results throughout (no `into_dimensionality`),
//! lists of owned arrays passed straight to `tf_concat` / `tf_stack`, integer lists as literals.
//!
//! ```text
//! cargo run --example yolo_decode
//! ```
//! prints the boxes kept per class and exits with status 1 if any value differs from
//! TensorFlow's by more than float rounding (the element math, `exp` and `sigmoid` in `f32`, may
//! differ in the last bits; which boxes are kept, and their order, must be identical).

use ndarray::{Array1, Array2, Array5, ArrayView2, ArrayView5, Axis, array};
use ndarray_tfslice::prelude::*;
use serde_json::Value;

/// The committed TensorFlow run.
const EXPECTED: &str = include_str!("yolo_decode_expected.json");

fn sigmoid(v: f32) -> f32 {
    1.0 / (1.0 + (-v).exp())
}

/// What `yolo_boxes` returns (its `pred_box`, used only by the loss, left out): `bbox`,
/// `objectness`, `class_probs`.
pub struct Boxes {
    pub bbox: Array5<f32>,
    pub objectness: Array5<f32>,
    pub class_probs: Array5<f32>,
}

/// `yolo_boxes(pred, anchors, classes)` for `pred` of shape
/// `(batch, grid, grid, anchors, 5 + classes)`.
pub fn yolo_boxes(
    pred: ArrayView5<'_, f32>,
    anchors: ArrayView2<'_, f32>,
    classes: usize,
) -> Result<Boxes, Error> {
    // grid_size = tf.shape(pred)[1:3]
    let grid_size = [pred.shape()[1], pred.shape()[2]];
    // box_xy, box_wh, objectness, class_probs = tf.split(pred, (2, 2, 1, classes), axis=-1)
    let parts = pred.tf_split_move(&[2, 2, 1, classes as i64], -1)?;
    let (box_xy, box_wh) = (parts[0].mapv(sigmoid), parts[1]);
    let objectness = parts[2].mapv(sigmoid);
    let class_probs = parts[3].mapv(sigmoid);

    // grid = _meshgrid(grid_size[1], grid_size[0]): x then y index at each (y, x).
    let gx = Array2::from_shape_fn((grid_size[0], grid_size[1]), |(_, x)| x as f32);
    let gy = Array2::from_shape_fn((grid_size[0], grid_size[1]), |(y, _)| y as f32);
    // grid = tf.expand_dims(tf.stack(grid, axis=-1), axis=2)
    let grid = tf_stack(&[gx, gy], -1)?.insert_axis(Axis(2));

    // box_xy = (box_xy + tf.cast(grid, tf.float32)) / tf.cast(grid_size, tf.float32)
    let size = array![grid_size[0] as f32, grid_size[1] as f32];
    let box_xy = (&box_xy + &grid) / &size;
    // box_wh = tf.exp(box_wh) * anchors
    let box_wh = box_wh.mapv(f32::exp) * anchors;

    let half = &box_wh / 2.0;
    let box_x1y1 = &box_xy - &half;
    let box_x2y2 = &box_xy + &half;
    // bbox = tf.concat([box_x1y1, box_x2y2], axis=-1)
    let bbox = tf_concat(&[box_x1y1, box_x2y2], -1)?;
    Ok(Boxes {
        bbox,
        objectness,
        class_probs,
    })
}

/// One class's boxes (`[y1, x1, y2, x2]` rows) and scores, above the threshold.
pub struct ClassBoxes {
    pub boxes: Array2<f32>,
    pub scores: Array1<f32>,
}

/// The boxes in y-x order, then per class those whose score passes `threshold`.
pub fn decode(
    pred: ArrayView5<'_, f32>,
    anchors: ArrayView2<'_, f32>,
    classes: usize,
    threshold: f32,
) -> Result<Vec<ClassBoxes>, Error> {
    let Boxes {
        bbox,
        objectness,
        class_probs,
    } = yolo_boxes(pred, anchors, classes)?;
    // box_x1y1, box_x2y2 = tf.split(bbox, 2, axis=-1)
    let halves = bbox.tf_split(2, -1)?;
    // boxes = tf.concat([box_x1y1[..., ::-1], box_x2y2[..., ::-1]], axis=-1): `[..., ::-1]` is
    // tf.reverse on the last axis, a typed view.
    let boxes = tf_concat(
        &[halves[0].tf_reverse(&[-1])?, halves[1].tf_reverse(&[-1])?],
        -1,
    )?;
    // tf.reshape(boxes, [-1, 4]) and tf.reshape(objectness * class_probs, [-1, classes]):
    // ndarray's own reshape.
    let rows = boxes.len() / 4;
    let boxes = boxes.to_shape((rows, 4))?;
    let scores = (&objectness * &class_probs)
        .to_shape((rows, classes))?
        .into_owned();
    let mask = scores.mapv(|s| s >= threshold);

    let mut out = Vec::with_capacity(classes);
    for c in 0..classes {
        // tf.boolean_mask(boxes, mask[:, c]), tf.boolean_mask(box_scores[:, c], mask[:, c])
        let keep = mask.column(c);
        out.push(ClassBoxes {
            boxes: boxes.tf_boolean_mask(&keep, 0)?,
            scores: scores.column(c).tf_boolean_mask(&keep, 0)?,
        });
    }
    Ok(out)
}

/// Whether `got` is TensorFlow's `want` up to float rounding of the element math.
fn close(got: f32, want: f64) -> bool {
    (f64::from(got) - want).abs() <= 1e-5 * want.abs().max(1.0)
}

fn floats(v: &Value) -> Vec<f64> {
    v.as_array()
        .map(|a| a.iter().filter_map(Value::as_f64).collect())
        .unwrap_or_default()
}

/// Runs the port on the committed inputs and compares with TensorFlow's outputs: the number of
/// boxes kept per class, and every value.
pub fn check() -> Result<Vec<usize>, String> {
    let data: Value = serde_json::from_str(EXPECTED).map_err(|e| e.to_string())?;
    let shape: Vec<usize> = floats(&data["pred_shape"])
        .iter()
        .map(|&d| d as usize)
        .collect();
    let pred: Vec<f32> = floats(&data["pred"]).iter().map(|&v| v as f32).collect();
    let pred = Array5::from_shape_vec((shape[0], shape[1], shape[2], shape[3], shape[4]), pred)
        .map_err(|e| e.to_string())?;
    let anchor_rows = data["anchors"].as_array().ok_or("anchors")?;
    let anchors: Vec<f32> = anchor_rows
        .iter()
        .flat_map(floats)
        .map(|v| v as f32)
        .collect();
    let anchors =
        Array2::from_shape_vec((anchor_rows.len(), 2), anchors).map_err(|e| e.to_string())?;
    let classes = data["classes"].as_u64().ok_or("classes")? as usize;
    let threshold = data["threshold"].as_f64().ok_or("threshold")? as f32;

    let got = decode(pred.view(), anchors.view(), classes, threshold).map_err(|e| e.to_string())?;
    let want = data["expected"].as_array().ok_or("expected")?;
    if got.len() != want.len() {
        return Err(format!(
            "{} classes, TensorFlow has {}",
            got.len(),
            want.len()
        ));
    }
    let mut kept = Vec::new();
    for (c, (g, w)) in got.iter().zip(want).enumerate() {
        let want_boxes = w["boxes"].as_array().ok_or("boxes")?;
        let want_scores = floats(&w["scores"]);
        if g.boxes.nrows() != want_boxes.len() || g.scores.len() != want_scores.len() {
            return Err(format!(
                "class {c}: kept {} boxes, TensorFlow kept {}",
                g.boxes.nrows(),
                want_boxes.len()
            ));
        }
        for (i, (row, want_row)) in g.boxes.outer_iter().zip(want_boxes).enumerate() {
            let want_row = floats(want_row);
            if want_row.len() != 4 || !row.iter().zip(&want_row).all(|(&a, &b)| close(a, b)) {
                return Err(format!(
                    "class {c} box {i}: {row} vs TensorFlow's {want_row:?}"
                ));
            }
        }
        for (i, (&s, &w)) in g.scores.iter().zip(&want_scores).enumerate() {
            if !close(s, w) {
                return Err(format!("class {c} score {i}: {s} vs TensorFlow's {w}"));
            }
        }
        kept.push(g.boxes.nrows());
    }
    Ok(kept)
}

fn main() {
    match check() {
        Ok(kept) => println!("matches TensorFlow: boxes kept per class {kept:?}"),
        Err(e) => {
            eprintln!("differs from TensorFlow: {e}");
            std::process::exit(1);
        }
    }
}
