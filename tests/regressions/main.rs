//! Error-message snapshots (one real message per `Error` variant) and the replay of every committed
//! fuzz corpus through the fuzz targets' own code.

#[path = "../../fuzz/logic/mod.rs"]
mod logic;

mod error_messages;
mod fuzz_corpus;
