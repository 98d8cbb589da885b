//! `examples/yolo_decode.rs` under `cargo test`: the YOLOv3 box decode port against the
//! TensorFlow run committed beside it (`examples/yolo_decode_expected.json`, written by
//! `examples/yolo_decode_tf.py`).

#[allow(dead_code)]
#[path = "../../examples/yolo_decode.rs"]
mod yolo_decode;

#[test]
fn yolo_decode_matches_tensorflow() {
    let kept = yolo_decode::check().unwrap_or_else(|e| panic!("differs from TensorFlow: {e}"));
    // Every class kept some boxes, so the comparison looked at real values.
    assert_eq!(kept, [16, 15, 15]);
}
