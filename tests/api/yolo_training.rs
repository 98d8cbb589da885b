//! `examples/yolo_targets.rs` under `cargo test`: keras-yolo3's `preprocess_true_boxes` port
//! (slice assignment through `Plan::apply_assign` and `tf_index_assign`) against the
//! TensorFlow run committed beside it (`examples/yolo_targets_expected.json`, written by
//! `examples/yolo_targets_tf.py`).

#[allow(dead_code)]
#[path = "../../examples/yolo_targets.rs"]
mod yolo_targets;

#[test]
fn yolo_targets_match_tensorflow() {
    let cells = yolo_targets::check().unwrap_or_else(|e| panic!("differs from TensorFlow: {e}"));
    // Every head received boxes, so the comparison looked at real writes.
    assert_eq!(cells, [3, 1, 5]);
}
