//! The view selections the benches time (`benches/cases.json`, shared with `benches/strided_peers.py`),
//! each as a TF spec and as the ndarray elements selecting the same thing.

use ndarray::SliceInfoElem;
use ndarray_tfslice::prelude::*;
use serde_json::Value;

pub struct Case {
    pub name: String,
    pub shape: Vec<usize>,
    /// The Python expression (the criterion bench names it in assertions; `count` does not).
    #[allow(dead_code)]
    pub expr: String,
    pub spec: StridedSlice,
    /// The same selection as ndarray elements, for `ArrayD::slice`.
    pub elems: Vec<SliceInfoElem>,
}

pub fn cases() -> Vec<Case> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/cases.json");
    let text = std::fs::read_to_string(path).expect("benches/cases.json");
    let doc: Value = serde_json::from_str(&text).expect("valid JSON");
    doc["cases"]
        .as_array()
        .expect("a cases array")
        .iter()
        .map(|c| {
            let shape: Vec<usize> = c["shape"]
                .as_array()
                .expect("a shape")
                .iter()
                .map(|d| d.as_u64().expect("a dim") as usize)
                .collect();
            let expr = c["expr"].as_str().expect("an expression").to_string();
            let spec: StridedSlice = expr.parse().expect("the bench expressions parse");
            let elems = spec.resolve(&shape).expect("and resolve").elems().to_vec();
            Case {
                name: c["name"].as_str().expect("a name").to_string(),
                shape,
                expr,
                spec,
                elems,
            }
        })
        .collect()
}
