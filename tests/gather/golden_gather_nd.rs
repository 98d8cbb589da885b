//! Replays tests/golden/gather_nd.json: `tf_gather_nd` against TensorFlow 2.21's `tf.gather_nd`.

use crate::common;

use common::{arange, compare, int_array, replay, shape_of};
use ndarray::ArrayD;
use ndarray_tfslice::prelude::*;
use serde_json::Value;

fn gather_nd<T: TryFrom<i64> + num_traits::PrimInt>(case: &Value) -> Result<ArrayD<i64>, Error> {
    let params = arange(&shape_of(&case["shape"]));
    let indices = int_array::<T>(&case["indices"]);
    let batch_dims = case["batch_dims"].as_i64().expect("batch_dims") as isize;
    params.tf_gather_nd(&indices, batch_dims)
}

#[test]
fn golden_gather_nd() {
    replay("gather_nd.json", 150, |case| {
        let result = match case["dtype"].as_str() {
            Some("int16") => gather_nd::<i16>(case),
            Some("int32") => gather_nd::<i32>(case),
            Some("int64") => gather_nd::<i64>(case),
            other => return Err(format!("unknown dtype {other:?}")),
        };
        compare(result, &case["expect"])
    });
}
