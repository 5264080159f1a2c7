//! Benchmarks: board generation against the raw ChaCha20 stream it draws from (PDF
//! rendering is [`crate::print::bench`]). Medians over repetitions, because the machines
//! this runs on are shared.

use std::hint::black_box;
use std::time::{Duration, Instant};

use chacha20::ChaCha20Legacy;
use chacha20::cipher::{KeyIvInit, StreamCipher};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use serde::Serialize;

use super::algorithm::{SetKey, board, board_seed, shuffle_v1};
use crate::engine::GameSpec;

#[derive(Clone, Debug, Serialize)]
pub struct DealBench {
    pub boards: u32,
    pub repetitions: usize,
    /// u32 words the boards drew from their streams (rejections included).
    pub words: u64,
    pub boards_median: Duration,
    /// The same number of words from one `rand_chacha::ChaCha20Rng`, drawn with `next_u32`:
    /// the stream as the algorithm defines it.
    pub raw_stream_median: Duration,
    /// The same number of words from one continuous `chacha20` keystream written 4 KiB at a
    /// time: the fastest raw stream measured here.
    pub raw_keystream_median: Duration,
    /// The same words from each board's own stream, generated as the boards do (`chacha20`,
    /// only the 13 blocks a 208-card deck needs) and read word by word.
    pub raw_board_streams_median: Duration,
    pub boards_per_second: f64,
    /// Board generation time over the `next_u32` stream time (target: at most 2).
    pub ratio: f64,
    /// Board generation time over the continuous `chacha20` keystream.
    pub ratio_keystream: f64,
    /// Board generation time over the per-board raw streams.
    pub ratio_board_streams: f64,
    /// Where the board time goes: SHA-256 seeds, shuffles (stream included), dealing.
    pub seed_median: Duration,
    pub shuffle_median: Duration,
    pub deal_median: Duration,
}

/// The middle of the measured times (shared with the PDF benchmark).
pub(crate) fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// Generates boards 1..=`boards` `repetitions` times, and as many raw ChaCha20 words in the
/// same run, alternating so that both see the same machine load.
pub fn bench_deals(boards: u32, repetitions: usize) -> DealBench {
    let spec = GameSpec::default();
    let key = SetKey::from_bytes([0x5a; 32]);
    let per_board_words: Vec<u64> = (1..=boards)
        .map(|n| shuffle_v1(board_seed(&key, n, false), &mut spec.canonical_deck()))
        .collect();
    let words: u64 = per_board_words.iter().sum();
    let mut gen_times = Vec::new();
    let mut raw_times = Vec::new();
    let mut raw_board_times = Vec::new();
    let mut keystream_times = Vec::new();
    let (mut seed_times, mut shuffle_times, mut deal_times) = (Vec::new(), Vec::new(), Vec::new());
    let seeds: Vec<[u8; 32]> = (1..=boards).map(|n| board_seed(&key, n, false)).collect();
    let deck = spec.canonical_deck();
    let stacks: Vec<_> = seeds
        .iter()
        .map(|&s| {
            let mut d = deck.clone();
            shuffle_v1(s, &mut d);
            d
        })
        .collect();
    for _ in 0..repetitions.max(1) {
        let start = Instant::now();
        for n in 1..=boards {
            black_box(board_seed(&key, black_box(n), false));
        }
        seed_times.push(start.elapsed());
        let start = Instant::now();
        for &s in &seeds {
            let mut d = deck.clone();
            black_box(shuffle_v1(s, &mut d));
            black_box(d);
        }
        shuffle_times.push(start.elapsed());
        let start = Instant::now();
        for stack in &stacks {
            black_box(spec.deal_stack(stack, crate::engine::Seat::North));
        }
        deal_times.push(start.elapsed());

        let start = Instant::now();
        for n in 1..=boards {
            black_box(board(&key, n, false, &spec, None).ok());
        }
        gen_times.push(start.elapsed());

        let start = Instant::now();
        let mut rng = ChaCha20Rng::from_seed([0x5a; 32]);
        let mut acc = 0u32;
        for _ in 0..words {
            acc ^= rng.next_u32();
        }
        black_box(acc);
        raw_times.push(start.elapsed());

        let start = Instant::now();
        let mut cipher = ChaCha20Legacy::new(&[0x5a; 32].into(), &[0u8; 8].into());
        let mut chunk = [0u8; 4096];
        let mut left = 4 * words as usize;
        let mut acc = 0u32;
        while left > 0 {
            let n = left.min(chunk.len());
            cipher.write_keystream(&mut chunk[..n]);
            for w in chunk[..n].chunks_exact(4) {
                acc ^= u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
            }
            left -= n;
        }
        black_box(acc);
        keystream_times.push(start.elapsed());

        let start = Instant::now();
        let mut acc = 0u32;
        for (seed, &n) in seeds.iter().zip(&per_board_words) {
            let mut cipher = ChaCha20Legacy::new(&(*seed).into(), &[0u8; 8].into());
            let mut bytes = [0u8; 64 * 16];
            let len = (4 * n as usize).div_ceil(64).min(16) * 64;
            cipher.write_keystream(&mut bytes[..len]);
            for w in bytes[..4 * n as usize].chunks_exact(4) {
                acc ^= u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
            }
        }
        black_box(acc);
        raw_board_times.push(start.elapsed());
    }
    let raw_board_streams_median = median(raw_board_times);
    let boards_median = median(gen_times);
    let raw_stream_median = median(raw_times);
    let raw_keystream_median = median(keystream_times);
    DealBench {
        boards,
        repetitions: repetitions.max(1),
        words,
        boards_median,
        raw_stream_median,
        raw_keystream_median,
        raw_board_streams_median,
        ratio_keystream: boards_median.as_secs_f64()
            / raw_keystream_median.as_secs_f64().max(1e-12),
        ratio_board_streams: boards_median.as_secs_f64()
            / raw_board_streams_median.as_secs_f64().max(1e-12),
        boards_per_second: f64::from(boards) / boards_median.as_secs_f64(),
        ratio: boards_median.as_secs_f64() / raw_stream_median.as_secs_f64().max(1e-12),
        seed_median: median(seed_times),
        shuffle_median: median(shuffle_times),
        deal_median: median(deal_times),
    }
}

pub fn deal_bench_text(b: &DealBench) -> String {
    format!(
        "deals: {} boards x {} repetitions, {} ChaCha20 words per pass\n  \
         board generation median {:.3} ms ({:.0} boards/s)\n  \
         raw ChaCha20 stream median {:.3} ms (same number of words, one rand_chacha ChaCha20Rng, next_u32)\n  \
         raw ChaCha20 keystream median {:.3} ms (same number of words, one chacha20 keystream, 4 KiB at a time)\n  \
         raw ChaCha20 per-board streams median {:.3} ms (the same words from each board's own keystream)\n  \
         ratio {:.2} to the next_u32 stream (target <= 2), {:.2} to the keystream, {:.2} to the per-board streams\n  \
         parts, each timed alone: seeds (SHA-256) {:.3} ms, shuffles {:.3} ms, dealing {:.3} ms\n",
        b.boards,
        b.repetitions,
        b.words,
        b.boards_median.as_secs_f64() * 1e3,
        b.boards_per_second,
        b.raw_stream_median.as_secs_f64() * 1e3,
        b.raw_keystream_median.as_secs_f64() * 1e3,
        b.raw_board_streams_median.as_secs_f64() * 1e3,
        b.ratio,
        b.ratio_keystream,
        b.ratio_board_streams,
        b.seed_median.as_secs_f64() * 1e3,
        b.shuffle_median.as_secs_f64() * 1e3,
        b.deal_median.as_secs_f64() * 1e3,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    // No timing assertions (the machine is shared); these check the benchmark measures
    // real work.
    #[test]
    fn deal_bench_counts_at_least_one_word_per_swap() {
        let b = bench_deals(3, 1);
        assert!(b.words >= 3 * 207, "{}", b.words);
        assert!(b.boards_per_second > 0.0);
    }
}
