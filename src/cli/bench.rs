//! `bench`: throughput figures for docs/performance.md, measured on this machine. Medians over
//! repeated runs, because the machine is shared and noisy.

use std::time::Instant;

use clap::{Args, ValueEnum};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::deals::fail;
use crate::deals::bench::{bench_deals, deal_bench_text};
use crate::engine::{GameSpec, Variant, auction, embers, kaiso, random};
use crate::print::PdfKind;
use crate::print::bench::{bench_pdf, pdf_bench_text};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BenchWhat {
    Engine,
    Deals,
    Pdf,
    Score,
    /// The robot's strength (not part of `all`: it takes minutes).
    Robots,
    All,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    #[arg(value_enum, default_value = "all")]
    what: BenchWhat,
    /// Boards per pass in the deal benchmark.
    #[arg(long, default_value_t = 20_000)]
    boards: u32,
    /// Games per pass in the engine benchmark.
    #[arg(long, default_value_t = 2_000)]
    games: usize,
    /// Tables of the field in the scoring benchmark (each plays every board).
    #[arg(long, default_value_t = 2_000)]
    tables: u32,
    /// Boards of the field in the scoring benchmark.
    #[arg(long = "score-boards", default_value_t = 12)]
    score_boards: u32,
    /// Boards of the robot strength benchmark (each played twice per opponent and budget).
    #[arg(long = "robot-boards", default_value_t = 1_000)]
    robot_boards: u32,
    /// The robot's budgets in the strength benchmark: playouts per card, comma-separated.
    #[arg(long, default_value = "50,200,1000", value_delimiter = ',')]
    playouts: Vec<u32>,
    /// Repetitions; the median is reported.
    #[arg(long, default_value_t = 7)]
    repetitions: usize,
}

pub fn run(args: BenchArgs) -> i32 {
    if args.boards == 0
        || args.games == 0
        || args.repetitions == 0
        || args.tables == 0
        || args.score_boards == 0
    {
        return fail(
            "--boards, --games, --tables, --score-boards and --repetitions must be at least 1",
        );
    }
    let what = args.what;
    if what == BenchWhat::Robots {
        return robots(&args);
    }
    if matches!(what, BenchWhat::Engine | BenchWhat::All) {
        print!("{}", engine(args.games, args.repetitions));
    }
    if matches!(what, BenchWhat::Deals | BenchWhat::All) {
        print!(
            "{}",
            deal_bench_text(&bench_deals(args.boards, args.repetitions))
        );
    }
    if matches!(what, BenchWhat::Pdf | BenchWhat::All) {
        for kind in [PdfKind::Records, PdfKind::All] {
            match bench_pdf(30, args.repetitions, kind) {
                Ok(b) => print!("{}", pdf_bench_text(&b)),
                Err(e) => return fail(e),
            }
        }
    }
    if matches!(what, BenchWhat::Score | BenchWhat::All) {
        print!(
            "{}",
            score(args.tables, args.score_boards, args.repetitions)
        );
    }
    0
}

/// The strength table: the robot at each budget against a random and a greedy player.
fn robots(args: &BenchArgs) -> i32 {
    use super::strength::{strength, strength_text};
    use crate::engine::robot::Player;
    if args.robot_boards > 100_000 {
        return fail("--robot-boards must be at most 100000");
    }
    for &p in &args.playouts {
        if let Err(e) = Player::robot(p) {
            return fail(e);
        }
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    for &playouts in &args.playouts {
        for opponent in [Player::Random, Player::Greedy] {
            print!(
                "{}",
                strength_text(&strength(args.robot_boards, playouts, opponent, threads))
            );
        }
    }
    0
}

/// A matchpoint sheet of a field where every one of `tables` tables plays every board, one
/// a round: pair t sits majors at table t, the minors move up a table each round. Totals
/// are random in steps of 10 (so ties happen); one result in 500 is adjusted `ave+`/`ave-`,
/// so those boards are factored by Neuberg.
pub fn score_sheet_text(tables: u32, boards: u32, seed: u64) -> String {
    use rand::RngExt;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut results = Vec::with_capacity((tables * boards) as usize);
    for round in 1..=boards {
        for table in 1..=tables {
            let minors = tables + (table + round - 2) % tables + 1;
            let mut r = serde_json::json!({
                "round": round, "table": table, "board": round,
                "majors": table, "minors": minors,
            });
            if rng.random_range(0..500) == 0 {
                r["adjusted"] = serde_json::json!({"majors": "ave+", "minors": "ave-"});
            } else {
                r["scores"] = serde_json::json!({
                    "majors": 10 * rng.random_range(100..200),
                    "minors": 10 * rng.random_range(100..200),
                });
            }
            results.push(r);
        }
    }
    serde_json::json!({"method": "matchpoints", "results": results}).to_string()
}

/// `score` from scratch on a generated field: the sheet's text read, every board
/// matchpointed, the standings placed and the output JSON written.
pub fn score(tables: u32, boards: u32, runs: usize) -> String {
    let text = score_sheet_text(tables, boards, 1);
    let mut bytes = 0;
    let (median, min, max) = timings(runs, || {
        let out = crate::scoring::score_text(&text).expect("the generated sheet scores");
        bytes = out.to_json_text().len();
    });
    format!(
        "score: {tables} tables x {boards} boards ({} results, {} bytes in, {bytes} out): {:.1} ms median ({runs} runs; fastest {:.1}, slowest {:.1})\n",
        tables * boards,
        text.len(),
        median * 1000.0,
        min * 1000.0,
        max * 1000.0,
    )
}

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
/// random among the legal ones, score. Calypso Duet plays the same way with random dummy
/// choices; Kaiso's trick winner also places each card at random among the legal placements.
pub fn engine(games: usize, runs: usize) -> String {
    let line = |label: &str, (median, min, max): (f64, f64, f64), checksum: i64| {
        format!(
            "engine {label}: {:.0} games/s median ({games} games x {runs} runs; fastest {:.0}, slowest {:.0}) [checksum {checksum}]\n",
            games as f64 / median,
            games as f64 / min,
            games as f64 / max,
        )
    };
    let mut out = String::new();
    for variant in [Variant::Standard, Variant::Sheinwold3, Variant::Duet] {
        let spec = GameSpec::new(variant);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut checksum = 0i64;
        let times = timings(runs, || {
            for _ in 0..games {
                let score = random::play_random_game(&spec, &mut rng, 0, None);
                checksum = checksum.wrapping_add(score.sides[0].score);
            }
        });
        out.push_str(&line(variant.name(), times, checksum));
    }
    // Kaiso keeps the play record as it goes (its placements are what a replay reads).
    let spec = GameSpec::new(Variant::Standard);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut checksum = 0i64;
    let times = timings(runs, || {
        for _ in 0..games {
            let (_, outcome) = kaiso::random::random_game(&spec, &mut rng);
            checksum = checksum.wrapping_add(outcome.partnerships.get(0).total);
        }
    });
    out.push_str(&line("kaiso", times, checksum));
    // Embers and Auction over four hands: about one Calypso game's cards (4 x 52, 4 x 51),
    // with the green room and sin bin between hands and the per-hand score.
    let spec = embers::EmbersSpec::three_packs(4).expect("four hands, three packs");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut checksum = 0i64;
    let times = timings(runs, || {
        for _ in 0..games {
            let (_, outcome) = embers::random::random_game(&spec, &mut rng);
            checksum = checksum.wrapping_add(outcome.score.totals.ns);
        }
    });
    out.push_str(&line("embers-4-hands", times, checksum));
    let spec = auction::AuctionSpec::new(4).expect("four hands");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut checksum = 0i64;
    let times = timings(runs, || {
        for _ in 0..games {
            let (_, outcome) = auction::random::random_game(&spec, &mut rng);
            checksum = checksum.wrapping_add(outcome.score.totals[0]);
        }
    });
    out.push_str(&line("auction-4-hands", times, checksum));
    // Partnership Auction: four hands of four players, a random setup each game.
    let spec = auction::pairs::PairsSpec::new(4).expect("four hands");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut checksum = 0i64;
    let times = timings(runs, || {
        for _ in 0..games {
            let (_, outcome) = auction::pairs::random::random_game(&spec, &mut rng);
            checksum = checksum.wrapping_add(outcome.score.totals.ns);
        }
    });
    out.push_str(&line("auction-pairs-4-hands", times, checksum));
    // The largest report a partnership Auction table can send (60 hands, the engine's most,
    // from a balanced setup): the check and score a result's entry runs, per report.
    let spec = auction::pairs::PairsSpec::new(auction::pairs::MAX_HANDS)
        .expect("the most hands")
        .with_setup(auction::SetupKind::Balanced);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let setup =
        auction::pairs::random::random_setup_of(auction::SetupKind::Balanced, &spec, &mut rng);
    let (_, outcome) = auction::pairs::random::random_game_from(
        &spec,
        crate::engine::Seat::North,
        &setup,
        &mut rng,
    );
    let mut checksum = 0i64;
    let (median, min, max) = timings(runs, || {
        for _ in 0..games {
            let problems = auction::pairs::check(&spec, &outcome.summary);
            let score = auction::pairs::score(&spec, &outcome.summary);
            checksum = checksum
                .wrapping_add(score.totals.ns)
                .wrapping_add(problems.len() as i64);
        }
    });
    out.push_str(&format!(
        "engine auction-pairs-check-60-hands: {:.0} reports/s median ({games} reports x {runs} runs; fastest {:.0}, slowest {:.0}) [checksum {checksum}]\n",
        games as f64 / median,
        games as f64 / min,
        games as f64 / max,
    ));
    out
}
