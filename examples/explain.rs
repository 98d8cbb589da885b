//! Explains what a strided slice does to an input shape, entry by entry.
//!
//! ```sh
//! # A Python index expression:
//! cargo run --example explain -- 5,5,5,5,5,5 '1, 2:4, None, ..., :-3:-1, :'
//! # A raw StridedSlice node, as read from a GraphDef:
//! cargo run --example explain -- 5,5,5,5,5,5 --begin 1,2,0,0,0,0 --end 2,4,0,0,-3,0 \
//!     --strides 1,1,1,1,-1,1 --begin-mask 48 --end-mask 32 --ellipsis-mask 8 \
//!     --new-axis-mask 4 --shrink-axis-mask 1
//! ```

use std::process::ExitCode;

use ndarray_tfslice::prelude::*;

const USAGE: &str = "usage: explain SHAPE EXPRESSION
       explain SHAPE --begin B --end E --strides S [--begin-mask M] [--end-mask M]
                     [--ellipsis-mask M] [--new-axis-mask M] [--shrink-axis-mask M]
SHAPE and B, E, S are comma-separated integers (SHAPE may be empty: '' is a scalar);
masks are integers (TensorFlow's int32 attributes: -1 means bits 0 to 31).";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("{message}\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<String, String> {
    let (shape, rest) = args.split_first().ok_or("missing SHAPE")?;
    let shape: Vec<usize> = list(shape)?;
    let spec = match rest {
        [expression] if !expression.starts_with("--") => expression
            .parse::<StridedSlice>()
            .map_err(|e| e.to_string())?,
        _ => raw_spec(rest)?,
    };
    Ok(spec.explain(&shape))
}

/// `--begin 1,2 --end 3,4 --strides 1,1 --begin-mask 2 ...`
fn raw_spec(flags: &[String]) -> Result<StridedSlice, String> {
    let (mut begin, mut end, mut strides) = (None, None, None);
    let mut masks = [0i64; 5];
    let names = [
        "--begin-mask",
        "--end-mask",
        "--ellipsis-mask",
        "--new-axis-mask",
        "--shrink-axis-mask",
    ];
    let mut it = flags.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--begin" => begin = Some(list::<i64>(value)?),
            "--end" => end = Some(list::<i64>(value)?),
            "--strides" => strides = Some(list::<i64>(value)?),
            name => {
                let k = names
                    .iter()
                    .position(|n| *n == name)
                    .ok_or_else(|| format!("unknown flag {name}"))?;
                masks[k] = value
                    .parse()
                    .map_err(|_| format!("{name}: not an integer: {value}"))?;
            }
        }
    }
    let (begin, end, strides) = (
        begin.ok_or("missing --begin")?,
        end.ok_or("missing --end")?,
        strides.ok_or("missing --strides")?,
    );
    // TensorFlow's masks are int32: -1 sets bits 0 to 31. Wider values are taken as they are.
    let mask = |v: i64| {
        if v < 0 {
            v as i32 as u32 as u64
        } else {
            v as u64
        }
    };
    let spec = StridedSlice::new(begin, end, strides).map_err(|e| e.to_string())?;
    Ok(spec.with_masks(Masks {
        begin: mask(masks[0]),
        end: mask(masks[1]),
        ellipsis: mask(masks[2]),
        new_axis: mask(masks[3]),
        shrink_axis: mask(masks[4]),
    }))
}

fn list<T: std::str::FromStr>(text: &str) -> Result<Vec<T>, String> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().map_err(|_| format!("not an integer: {s}")))
        .collect()
}
