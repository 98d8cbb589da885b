//! pub(crate) helpers shared by every op: the copy engine and lazily zeroed results.

pub(crate) mod copy;
pub(crate) mod zeroed;
