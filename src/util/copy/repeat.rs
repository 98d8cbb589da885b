//! A written block of the output repeated in place: `tf_tile`'s repetitions and the copy
//! engine's broadcast loops (a stride-0 axis is written once, then copied from the output).

/// Repeats `out[start..]` until it is there `times` times, copying in doubling runs so that a
/// short block repeated many times costs few calls. Runs stop doubling at about [`RUN_BYTES`]
/// (whole blocks), so each copy reads the same cache-warm prefix.
pub(crate) fn repeat_tail<A: Clone>(out: &mut Vec<A>, start: usize, times: usize) {
    let block = out.len() - start;
    if block == 0 || times == 0 {
        out.truncate(start);
        return;
    }
    let end = start + block * times;
    let cap = (RUN_BYTES / std::mem::size_of::<A>().max(1) / block).max(1) * block;
    while out.len() < end {
        let have = out.len() - start;
        let take = have.min(cap).min(end - out.len());
        out.extend_from_within(start..start + take);
    }
}

/// Appends `times` copies of `row`: where the result streams ([`super::stream::copy_streams`])
/// and the row is at least [`RUN_BYTES`], each copied from `row` by [`super::extend_run`]
/// (streamed: the copy just written is not in cache, and [`repeat_tail`] would read it back
/// from memory); else the row once, then [`repeat_tail`].
pub(crate) fn extend_repeated<A: Clone>(out: &mut Vec<A>, row: &[A], times: usize) {
    if std::mem::size_of_val(row) >= RUN_BYTES && super::stream::copy_streams(out) {
        for _ in 0..times {
            super::extend_run(out, row);
        }
        return;
    }
    let start = out.len();
    out.extend_from_slice(row);
    repeat_tail(out, start, times);
}

/// The longest run `repeat_tail` copies at once: half of a core's L1 data cache (32 KiB on the
/// machines measured), so the prefix every copy reads stays there. Pinned A/B of a 1 KiB row
/// tiled 4096 times (`tile` 1x256 by [4096, 1]): 100 us with 256 KiB runs (a fraction of L2),
/// 95 us with 32 or 64 KiB, 72-75 us with 4, 8 or 16 KiB; (16,224,224,3) by `[2,1,1,1]`, whose
/// blocks pass the cap, unchanged.
const RUN_BYTES: usize = 16 * 1024;

#[cfg(test)]
mod tests {
    use super::*;

    /// Periodic with period `block` for `times` blocks.
    fn check_repeated(block: usize, times: usize) {
        let mut out: Vec<u8> = (0..block).map(|i| (i % 251) as u8).collect();
        out.insert(0, 9); // a prefix repeat_tail must leave alone
        repeat_tail(&mut out, 1, times);
        assert_eq!(out.len(), 1 + block * times);
        assert_eq!(out[0], 9);
        assert!(
            out[1..]
                .iter()
                .enumerate()
                .all(|(i, &v)| v == ((i % block) % 251) as u8)
        );
    }

    #[test]
    fn repeats_stay_whole_blocks_past_the_run_cap() {
        check_repeated(100, 10_000); // the cap (in whole blocks) is reached
        check_repeated(3, RUN_BYTES); // a block that does not divide the cap
        check_repeated(RUN_BYTES + 7, 3); // a block longer than the cap
        check_repeated(5, 1);
        check_repeated(5, 0);
    }

    /// `extend_repeated` into a result past the streaming threshold (reserved at half of it: a
    /// copy's traffic is twice its result) streams each copy of a long row and repeats a short
    /// row in place; both leave `times` copies after what was there.
    #[test]
    fn repeated_rows_stream_or_repeat_in_place() {
        let half = super::super::stream::stream_bytes() / 2;
        let long: Vec<u32> = (0..RUN_BYTES as u32 / 4 + 3).collect();
        let times = half / 4 / long.len() + 1;
        for (row, times) in [(&long[..], times), (&long[..10], 7), (&long[..], 0)] {
            let mut out = Vec::with_capacity((1 + row.len() * times).max(half / 4 + 1));
            out.push(u32::MAX);
            assert!(super::super::stream::copy_streams(&out));
            extend_repeated(&mut out, row, times);
            assert_eq!(out.len(), 1 + row.len() * times);
            assert_eq!(out[0], u32::MAX);
            assert!(out[1..].iter().zip(row.iter().cycle()).all(|(a, b)| a == b));
        }
    }
}
