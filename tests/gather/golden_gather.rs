//! Replays tests/golden/gather.json: `tf_gather` against TensorFlow 2.21's `tf.gather`.

use crate::common;

use common::{arange, compare, int_array, replay, shape_of};
use ndarray::ArrayD;
use ndarray_tfslice::prelude::*;
use serde_json::Value;

fn gather<T: TryFrom<i64> + num_traits::PrimInt>(case: &Value) -> Result<ArrayD<i64>, Error> {
    let params = arange(&shape_of(&case["shape"]));
    let indices = int_array::<T>(&case["indices"]);
    let axis = case["axis"].as_i64().expect("axis") as isize;
    let batch_dims = case["batch_dims"].as_i64().expect("batch_dims") as isize;
    params.tf_gather(&indices, axis, batch_dims)
}

#[test]
fn golden_gather() {
    replay("gather.json", 150, |case| {
        let result = match case["dtype"].as_str() {
            Some("int16") => gather::<i16>(case),
            Some("int32") => gather::<i32>(case),
            Some("int64") => gather::<i64>(case),
            other => return Err(format!("unknown dtype {other:?}")),
        };
        compare(result, &case["expect"])
    });
}
