//! Crate-private helpers shared by every family. Nothing here imports from `strided/` or `ops/`,
//! so the helpers form the bottom layer of the crate's module graph.
//!
//! | file | what |
//! |---|---|
//! | `alloc.rs` | size checks and fallible reservations before any owned result is allocated |
//! | `cache.rs` | the machine's cache sizes as Linux reports them (the copy engine's thresholds) |
//! | `copy/` | the copy engine: any view appended to a C-order `Vec` at memory speed |
//! | `hugepage.rs` | huge-page advice for large dense results (NumPy's `madvise`) |
//! | `zeroed.rs` | lazily zeroed results (`alloc_zeroed`) for primitive zero values |
//! | `owned.rs` | owned C-order copies of views (`owned_copy`, `c_order`, `from_c_order`) |
//! | `runs.rs` | run-length copy kernels (fixed-size moves for short runs) |
//! | `values.rs` | user integers of any primitive type widened to `i64`, as TensorFlow widens them |
//! | `axis.rs`, `axis_set.rs` | axis arguments in `[-rank, rank)`, and repeated-axis detection |
//! | `shape.rs` | element counts under the two overflow rules, C-order positions, Python shapes |
//! | `sealed.rs` | the sealing of the extension traits |

pub(crate) mod alloc;
pub(crate) mod axis;
pub(crate) mod axis_set;
pub(crate) mod cache;
pub(crate) mod copy;
pub(crate) mod hugepage;
pub(crate) mod owned;
pub(crate) mod runs;
pub(crate) mod sealed;
pub(crate) mod shape;
pub(crate) mod values;
pub(crate) mod zeroed;
