//! `bench`: throughput figures for the README, measured on this machine. Medians over
//! repeated runs, because the machine is shared and noisy.

use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::engine::{GameSpec, Variant, random};

/// Median and spread of `runs` timings of `f`, in seconds.
pub fn timings(runs: usize, mut f: impl FnMut()) -> (f64, f64, f64) {
    let mut secs: Vec<f64> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64()
        })
        .collect();
    secs.sort_by(f64::total_cmp);
    (secs[secs.len() / 2], secs[0], secs[secs.len() - 1])
}

/// Random legal four-deal games per second on one core: shuffle, deal, play every card at
/// random among the legal ones, score.
pub fn engine(games: usize, runs: usize) -> String {
    let mut out = String::new();
    for variant in [Variant::Standard, Variant::Sheinwold3] {
        let spec = GameSpec::new(variant);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut checksum = 0i64;
        let (median, min, max) = timings(runs, || {
            for _ in 0..games {
                let score = random::play_random_game(&spec, &mut rng, 0, None);
                checksum = checksum.wrapping_add(score.sides[0].score);
            }
        });
        out.push_str(&format!(
            "engine {variant}: {:.0} games/s median ({games} games x {runs} runs; fastest {:.0}, slowest {:.0}) [checksum {checksum}]\n",
            games as f64 / median,
            games as f64 / min,
            games as f64 / max,
        ));
    }
    out
}
