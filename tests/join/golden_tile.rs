//! Replays tests/golden/tile.json: `tf_tile` against TensorFlow 2.21 (format in
//! tests/golden/gen_tile.py).

use crate::common;

use common::{arange, compare, replay, shape_of};
use ndarray_tfslice::TileExt;
use serde_json::Value;

fn run(case: &Value) -> Result<(), String> {
    let x = arange(&shape_of(&case["shape"]));
    let multiples = shape_of(&case["multiples"]);
    compare(x.tf_tile(&multiples), &case["expect"])
}

#[test]
fn tile_matches_tensorflow() {
    replay("tile.json", 150, run);
}
