//! Replays the committed fuzz corpora (`fuzz/corpus/<target>/`) through the fuzz targets' own
//! logic (`fuzz/logic/`), so every input the fuzzer kept, and every past finding, stays a
//! regression test without libFuzzer or a nightly compiler. Run here, in a test build, integer
//! overflow panics too.
//!
//! Fuzzing itself: the README's "Fuzzing" section.

use crate::logic;

use std::fs;
use std::path::Path;

/// Runs `target` on every file of `fuzz/corpus/<name>/`; there must be some.
fn replay(name: &str, target: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(name);
    let mut files: Vec<_> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no corpus in {}", dir.display());
    for file in &files {
        let data = fs::read(file).expect("a corpus file");
        // A panic names the file, so it can be run again: `cargo fuzz run <name> <file>`.
        eprintln!("{}", file.display());
        target(&data);
    }
}

#[test]
fn parse() {
    replay("parse", logic::parse::run);
}

#[test]
fn join() {
    replay("join", logic::join::run);
}

#[test]
fn strided() {
    replay("strided", logic::strided::run);
}

#[test]
fn slice() {
    replay("slice", logic::slice::run);
}

#[test]
fn space() {
    replay("space", logic::space::run);
}

#[test]
fn gather() {
    replay("gather", logic::gather::run);
}

#[test]
fn shape() {
    replay("shape", logic::shape::run);
}

#[test]
fn scatter() {
    replay("scatter", logic::gather::run_scatter);
}
