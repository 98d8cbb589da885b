//! The streaming copies against `extend_from_slice`: every length, source offset and
//! destination alignment (so every head, line body and tail), on both sides of the size
//! thresholds; and the types that must never stream.

use proptest::prelude::*;

use super::*;

/// Streams every result and every run: the streaming path at any size.
const ALWAYS: Policy = Policy {
    traffic: Some(0),
    run: 0,
};

/// Elements `0..n` of a plain type, distinct in every byte position that matters.
fn ramp<A: Copy>(n: usize, f: impl Fn(usize) -> A) -> Vec<A> {
    (0..n).map(f).collect()
}

/// `extend_fenced` of `src[from..from + len]` after `prefix` elements (moving the destination's
/// alignment), with room for `spare` more: streams (returns true) and equals the plain copy.
fn check_fenced<A: Copy + PartialEq + std::fmt::Debug>(
    src: &[A],
    from: usize,
    len: usize,
    prefix: usize,
) {
    let run = &src[from..from + len];
    let mut out: Vec<A> = Vec::with_capacity(prefix + len + 3);
    out.extend_from_slice(&src[..prefix]);
    let mut want = out.clone();
    want.extend_from_slice(run);
    assert!(extend_fenced(&mut out, run, ALWAYS));
    assert_eq!(out, want, "from {from} len {len} prefix {prefix}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn fenced_runs_equal_the_plain_copy(
        len in 0usize..700,
        from in 0usize..40,
        prefix in 0usize..40,
    ) {
        check_fenced(&ramp(800, |i| i as u8), from, len, prefix);
        check_fenced(&ramp(800, |i| (i * 7) as u16), from, len, prefix);
        check_fenced(&ramp(800, |i| i as f32 + 0.5), from, len, prefix);
        check_fenced(&ramp(800, |i| (i as f64).sqrt()), from, len, prefix);
        check_fenced(&ramp(800, |i| (i as u128) << 70 | i as u128), from, len, prefix);
        check_fenced(&ramp(800, |i| i % 3 == 0), from, len, prefix);
        check_fenced(&ramp(800, |i| char::from_u32(0x41 + i as u32).unwrap_or('x')), from, len, prefix);
    }

    #[test]
    fn a_sink_of_many_runs_equals_the_plain_copy(
        runs in prop::collection::vec((0usize..300, 0usize..300), 0..12),
        prefix in 0usize..20,
        room in 0usize..2,
    ) {
        let src = ramp(600, |i| i as u32 * 3 + 1);
        let total: usize = runs.iter().map(|&(_, l)| l).sum();
        // `room == 0`: too little capacity, so some runs grow the `Vec` mid-way.
        let cap = if room == 1 { prefix + total } else { prefix + total / 2 };
        let mut out = Vec::with_capacity(cap);
        out.extend_from_slice(&src[..prefix]);
        let mut want = out.clone();
        let mut sink = Sink::with_policy(out, 0, ALWAYS);
        for &(from, len) in &runs {
            sink.extend(&src[from..from + len]);
            want.extend_from_slice(&src[from..from + len]);
        }
        prop_assert_eq!(sink.finish(), want);
    }
}

#[test]
fn every_head_and_tail_around_a_line() {
    // Destinations at each byte alignment within a line (u8 prefix 0..64), runs ending at each.
    let src = ramp(400, |i| (i * 13) as u8);
    for prefix in 0..64 {
        for len in (0..200).chain([255, 256, 257, 320, 383, 384]) {
            check_fenced(&src, 7, len, prefix);
        }
    }
}

/// Copies of 4 KiB or more whose destination lies a little after their source modulo 4096
/// (where a forward copy's loads wait on its own stores: `x86::backwards`) go backwards; both
/// directions are exact, at every distance around the edges of that window and for runs with
/// and without partial lines, shorter and longer than 4 KiB.
#[cfg(target_arch = "x86_64")]
#[test]
fn copies_in_both_directions_are_exact() {
    let src = ramp(3 * 4096, |i| (i * 31 + i / 251) as u8);
    for ahead in [0usize, 1, 16, 64, 448, 511, 512, 513, 2048, 4080, 4095] {
        for (len, prefix) in [(4096, 0), (1000, 3), (65, 63), (4097 + 100, 17)] {
            let mut out: Vec<u8> = Vec::with_capacity(prefix + len);
            out.extend_from_slice(&src[..prefix]);
            // The source start that puts the destination `ahead` bytes after it (mod 4096).
            let dst = out.as_ptr() as usize + prefix;
            let from = dst.wrapping_sub(ahead).wrapping_sub(src.as_ptr() as usize) % 4096;
            let run = &src[from..from + len];
            assert_eq!((dst.wrapping_sub(run.as_ptr() as usize)) % 4096, ahead);
            assert_eq!(
                x86::backwards(run.as_ptr(), dst as *const u8, len),
                len >= 4096 && ahead > 0 && ahead < 512,
                "{ahead} {len}"
            );
            let mut want = out.clone();
            want.extend_from_slice(run);
            assert!(extend_fenced(&mut out, run, ALWAYS));
            assert_eq!(out, want, "ahead {ahead} len {len} prefix {prefix}");
        }
    }
}

#[test]
fn only_large_enough_results_and_runs_stream() {
    let run = ramp(1000, |i| i as f32);
    let policy = Policy {
        traffic: Some(32_000),
        run: 2_000,
    };
    // A copy reads what it writes: 4000 elements reserved = 16,000 bytes written and read
    // streams; one fewer does not, and writes nothing.
    let mut big: Vec<f32> = Vec::with_capacity(4000);
    assert!(extend_fenced(&mut big, &run, policy));
    assert_eq!(big, run);
    let mut small: Vec<f32> = Vec::with_capacity(3999);
    if small.capacity() < 4000 {
        assert!(!extend_fenced(&mut small, &run, policy));
        assert!(small.is_empty());
    }
    // A run of 500 f32 = 2,000 bytes streams; 499 does not.
    assert!(extend_fenced(&mut big, &run[..500], policy));
    assert!(!extend_fenced(&mut big, &run[..499], policy));
    assert_eq!(big.len(), 1500);
    // No room left without growing: not streamed (the caller copies, growing the Vec).
    let mut full: Vec<f32> = Vec::with_capacity(4000);
    full.resize(3600, 0.0);
    if full.capacity() - full.len() < 500 {
        assert!(!extend_fenced(&mut full, &run[..500], policy));
    }
    // A sink is told what its op reads.
    let sink = Sink::with_policy(Vec::<f32>::with_capacity(4000), 16_000, policy);
    assert!(sink.stream);
    let sink = Sink::with_policy(Vec::<f32>::with_capacity(4000), 15_999, policy);
    assert!(!sink.stream || sink.out.capacity() > 4000);
    // The ops' thresholds: a copy of half the L3 streams, runs from `FENCED_RUN` bytes.
    let half = stream_bytes() / 2;
    let mut under: Vec<u8> = Vec::with_capacity(half - 1);
    if under.capacity() < half {
        assert!(!extend_fenced(
            &mut under,
            &vec![1u8; FENCED_RUN],
            Policy::FENCED
        ));
    }
    let mut over: Vec<u8> = Vec::with_capacity(half);
    assert!(extend_fenced(
        &mut over,
        &vec![1u8; FENCED_RUN],
        Policy::FENCED
    ));
    assert!(!extend_fenced(
        &mut over,
        &vec![1u8; FENCED_RUN - 1],
        Policy::FENCED
    ));
    assert_eq!(over.len(), FENCED_RUN);
    assert!(Sink::new(Vec::<u8>::with_capacity(half), half).stream);
    assert!(!Sink::new(Vec::<u8>::with_capacity(1024), half).stream);
    // A result larger than `FRESH_MAPPING` (a fresh mapping on every call) never streams,
    // whatever its op reads; one of exactly that size does. (Reserved, never touched.)
    assert!(Sink::new(Vec::<u8>::with_capacity(FRESH_MAPPING), 0).stream);
    assert!(!Sink::new(Vec::<u8>::with_capacity(FRESH_MAPPING + 1), usize::MAX).stream);
    let mut fresh: Vec<u8> = Vec::with_capacity(FRESH_MAPPING + 1);
    assert!(!extend_fenced(
        &mut fresh,
        &vec![1u8; FENCED_RUN],
        Policy::FENCED
    ));
    assert!(fresh.is_empty());
}

/// A `Copy` type whose `Clone` is not a copy: it must never be copied by bytes.
#[derive(Copy, Debug, PartialEq)]
struct Counted(u32);

// Not canonical on purpose: a `Clone` that is not a copy is what the test is about.
#[allow(clippy::non_canonical_clone_impl)]
impl Clone for Counted {
    fn clone(&self) -> Self {
        Counted(self.0 + 1)
    }
}

#[test]
fn only_primitive_types_are_plain() {
    assert!(is_plain::<f32>() && is_plain::<f64>() && is_plain::<u8>() && is_plain::<i128>());
    assert!(is_plain::<bool>() && is_plain::<char>() && is_plain::<usize>());
    assert!(!is_plain::<String>());
    assert!(!is_plain::<&'static str>());
    assert!(!is_plain::<(f32, u8)>()); // padding bytes
    assert!(!is_plain::<Counted>());
    assert!(!is_plain::<[f32; 2]>());
    assert!(!is_plain::<()>());
}

#[test]
fn non_plain_types_take_the_clone_path() {
    let strings: Vec<String> = (0..300).map(|i| format!("s{i}")).collect();
    let mut out: Vec<String> = Vec::with_capacity(1000);
    assert!(!extend_fenced(&mut out, &strings, ALWAYS));
    assert!(out.is_empty());
    let mut sink = Sink::with_policy(out, 0, ALWAYS);
    sink.extend(&strings);
    sink.extend(&strings[5..]);
    let got = sink.finish();
    assert_eq!(got.len(), 595);
    assert_eq!(got[300], "s5");
    // `Clone` called, not bytes copied: every copy went through `clone`.
    let counted: Vec<Counted> = (0..500).map(Counted).collect();
    let mut out = Vec::with_capacity(500);
    assert!(!extend_fenced(&mut out, &counted, ALWAYS));
    let mut sink = Sink::with_policy(out, 0, ALWAYS);
    sink.extend(&counted);
    assert_eq!(sink.finish(), (1..501).map(Counted).collect::<Vec<_>>());
}

#[test]
fn a_dropped_sink_is_fenced_and_frees_its_elements() {
    let src = ramp(5000, |i| i as u64);
    let mut sink = Sink::with_policy(Vec::with_capacity(5000), 0, ALWAYS);
    sink.extend(&src);
    assert!(sink.pending);
    drop(sink);
}

/// The ops that write through this module, on results large enough to stream with the real
/// policies, against index arithmetic.
#[test]
fn large_results_of_the_ops_are_exact() {
    use crate::prelude::*;
    use crate::util::owned::owned_copy;
    use ndarray::{Array2, Array3, Array4, s};

    // 16 MiB read and written: roll's runs of 3 * 64 and 125 * 64 f32 (768 B, not streamed,
    // and 32 KB) through a `Sink`.
    let x = Array4::from_shape_fn((4, 128, 128, 64), |(b, i, j, c)| {
        (((b * 128 + i) * 128 + j) * 64 + c) as f32
    });
    let rolled = x.tf_roll(&[-3, 5], &[1, 2]).unwrap();
    assert!(Sink::new(Vec::<f32>::with_capacity(x.len()), 4 * x.len()).stream);
    for ((b, i, j, c), &v) in rolled.indexed_iter() {
        assert_eq!(v, x[[b, (i + 3) % 128, (j + 128 - 5) % 128, c]]);
    }
    drop((x, rolled));

    // 12 MiB read, 24 MiB written: rows of 3 KB each written twice.
    let t = Array2::from_shape_fn((4096, 768), |(i, j)| (i * 768 + j) as f32);
    let repeated = t.tf_repeat(&[2], Some(0)).unwrap();
    assert_eq!(repeated.shape(), &[8192, 768]);
    for i in 0..4096 {
        assert_eq!(repeated.slice(s![2 * i, ..]), t.row(i));
        assert_eq!(repeated.slice(s![2 * i + 1, ..]), t.row(i));
    }
    drop((t, repeated));

    // The engine: 16 MiB copied in runs of 16 KiB (`Kernel::Runs`), and as one run.
    let x = Array3::from_shape_fn((2, 1024, 4096), |(a, b, c)| {
        ((a * 1024 + b) * 4096 + c) as u32
    });
    let rows = x.slice(s![.., ..;2, ..]);
    assert_eq!(owned_copy(rows).unwrap(), rows);
    let half = x.slice(s![1.., .., ..]);
    assert_eq!(owned_copy(half).unwrap(), half);
}

#[test]
fn the_threshold_is_the_machines_l3_within_the_measured_range() {
    let bytes = stream_bytes();
    assert!((MIN_STREAM_BYTES..=MAX_STREAM_BYTES).contains(&bytes));
    // Where Linux lists an L3, the threshold is it (clamped); elsewhere the largest.
    match crate::util::cache::cache_bytes(3) {
        Some(l3) => assert_eq!(bytes, l3.clamp(MIN_STREAM_BYTES, MAX_STREAM_BYTES)),
        None => assert_eq!(bytes, MAX_STREAM_BYTES),
    }
    // The ops' policies (`traffic: None`) read it: `only_large_enough_results_and_runs_stream`
    // checks them at half of it and just under.
}

#[test]
fn tile_transposes_may_stream_from_half_the_l3() {
    // Some tile transposes stream from half the L3 (never under the smallest threshold): a
    // result of a quarter of the L3, read and written, streams; one just under does not.
    let early = (stream_bytes() / 2).max(MIN_STREAM_BYTES);
    assert!(early_copy_streams(&Vec::<f32>::with_capacity(early / 8)));
    let under = Vec::<f32>::with_capacity(early / 8 - 1);
    if under.capacity() < early / 8 {
        assert!(!early_copy_streams(&under));
    }
    // Wherever a copy streams, so do they; never past `FRESH_MAPPING`, never non-plain types.
    let copy = Vec::<f32>::with_capacity(stream_bytes() / 8);
    assert!(copy_streams(&copy) && early_copy_streams(&copy));
    assert!(!early_copy_streams(&Vec::<u8>::with_capacity(
        FRESH_MAPPING + 1
    )));
    assert!(!early_copy_streams(&Vec::<Counted>::with_capacity(early)));
    // Which transposes may: NHWC -> NCHW of 64 `f32` channels (64 output rows of 3136 pixels,
    // the channels one element apart); the way back only where the image outgrows the L2.
    use super::super::transpose::streams_early;
    assert!(streams_early(4, [64, 3136], 64));
    if let Some(l2) = crate::util::cache::cache_bytes(2) {
        let pixels = l2 / 4 / 64;
        assert!(!streams_early(4, [pixels, 64], pixels as isize));
        assert!(streams_early(4, [pixels + 1, 64], pixels as isize + 1));
    }
}
