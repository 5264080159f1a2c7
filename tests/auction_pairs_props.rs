//! Partnership Auction Calypso (four players, our design: docs/variants.md) property tests:
//! 300 random legal games (random agreed hands and first dealer; random legal calls of
//! four, trumps, cards and sales), each replayed from its own record (also through JSON),
//! its per-hand reports checked and scored the same as the replay, each hand's parts adding
//! up; and corrupted reports and records, one of each per game, flagged. Random games draw
//! a setup (none, balanced random, fully random, standardised); games under each agreed
//! setup replay to the same scores, and corrupted setups are flagged with their code.

use calypso_director::engine::auction::pairs::{
    self, BySide, PairsRecord, PairsSpec, PairsSummary, random::random_game,
};
use calypso_director::engine::auction::{AuctionEnd, Call, SetupKind, SuitCounts};
use calypso_director::engine::{Seat, Suit};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[path = "common/auction_setup.rs"]
mod auction_setup;
use auction_setup::{assert_every_setup_code, bump, change_one_card};

const GAMES: u64 = 300;

fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    (rng.next_u32() as usize) % n
}

#[derive(Default, Debug)]
struct Seen {
    misere: usize,
    made: usize,
    failed: usize,
    sales: usize,
    doubled: usize,
    calypsos: usize,
    partner_overcalls: usize,
    setups: usize,
}

#[test]
fn random_partnership_games_replay_and_their_reports_check_with_the_same_scores() {
    let mut seen = Seen::default();
    for seed in 0..GAMES {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let spec = PairsSpec::new(4 + below(&mut rng, 9)).unwrap();
        let (record, outcome) = random_game(&spec, &mut rng);
        assert!(outcome.complete, "seed {seed}");
        let json = serde_json::to_string(&record).unwrap();
        let back: PairsRecord = serde_json::from_str(&json).unwrap();
        assert_eq!(back, record, "seed {seed}");
        let replayed = pairs::replay(&spec, &back).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(replayed, outcome, "seed {seed}");
        let json = serde_json::to_string(&outcome.summary).unwrap();
        let summary: PairsSummary = serde_json::from_str(&json).unwrap();
        assert_eq!(summary, outcome.summary, "seed {seed}");
        let problems = pairs::check(&spec, &summary);
        assert!(problems.is_empty(), "seed {seed}: {problems:?}");
        let score = pairs::score(&spec, &summary);
        assert_eq!(score, outcome.score, "seed {seed}");
        // The totals are the setup's and every hand's.
        let mut totals = score.setup.to_array();
        seen.setups += usize::from(summary.setup.is_some());
        for (h, deal) in score.hands.iter().zip(&record.deals) {
            let parts = h.sides.to_array();
            for (p, t) in parts.iter().zip(totals.iter_mut()) {
                assert_eq!(
                    p.total,
                    p.cards + p.contract + p.calypso_bonus + p.calypsos + p.misere + p.in_progress,
                    "seed {seed} hand {}",
                    h.hand
                );
                *t += p.total;
            }
            assert_eq!(h.running.to_array(), totals, "seed {seed} hand {}", h.hand);
            match h.outcome {
                Some(AuctionEnd::Misere) => {
                    seen.misere += 1;
                    // The lower partnership nil, the higher its own and the lower's.
                    let r = &summary.hands[h.hand - 1].sides;
                    let (ns, ew) = (i64::from(r.ns.trick_pile), i64::from(r.ew.trick_pile));
                    let m = [parts[0].misere, parts[1].misere];
                    let expected = match ns.cmp(&ew) {
                        std::cmp::Ordering::Less => [0, -(ew + ns) * 10],
                        std::cmp::Ordering::Greater => [-(ns + ew) * 10, 0],
                        std::cmp::Ordering::Equal => [0, 0],
                    };
                    assert_eq!(m, expected, "seed {seed} hand {}", h.hand);
                }
                Some(AuctionEnd::Contract(c)) => {
                    if h.made == Some(true) {
                        seen.made += 1;
                    } else {
                        seen.failed += 1;
                    }
                    if c.doubling.multiplier() > 1 {
                        seen.doubled += 1;
                    }
                    if !deal.sold.is_empty() {
                        seen.sales += 1;
                    }
                    // The defenders score their whole joint pile, never halved.
                    let d = 1 - c.declarer.index() % 2;
                    let r = summary.hands[h.hand - 1].sides.to_array();
                    assert_eq!(parts[d].cards, i64::from(r[d].trick_pile) * 10);
                    // Partners bidding over partners happen.
                    let mut last: Option<usize> = None;
                    for (i, call) in deal.calls.iter().enumerate() {
                        if matches!(call, Call::Bid(_)) {
                            if let Some(j) = last
                                && (i - j) % 2 == 0
                                && i - j != 4
                            {
                                seen.partner_overcalls += 1;
                            }
                            last = Some(i);
                        }
                    }
                }
                None => panic!("seed {seed}: a replayed hand has an outcome"),
            }
        }
        assert_eq!(score.totals.to_array(), totals, "seed {seed}");
        seen.calypsos += summary
            .hands
            .last()
            .map(|r| r.sides.ns.calypsos.total() + r.sides.ew.calypsos.total())
            .unwrap_or(0) as usize;
    }
    // The random games meet every rule these tests check.
    assert!(seen.misere > 20, "{seen:?}");
    assert!(seen.made > 20 && seen.failed > 20, "{seen:?}");
    assert!(seen.sales > 5 && seen.doubled > 5, "{seen:?}");
    assert!(seen.calypsos > 0, "{seen:?}");
    assert!(seen.partner_overcalls > 0, "{seen:?}");
    assert!(seen.setups > 100, "{seen:?}");
}

/// Corrupted reports: one change per game, each flagged with the problem expected.
#[test]
fn corrupted_partnership_reports_are_flagged() {
    for seed in 0..GAMES {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let spec = PairsSpec::new(4 + below(&mut rng, 5)).unwrap();
        let (_, outcome) = random_game(&spec, &mut rng);
        let mut s = outcome.summary.clone();
        let h = below(&mut rng, s.hands.len());
        let r = &mut s.hands[h];
        let suit = Suit::ALL[below(&mut rng, 4)];
        let expected: &[&str] = match seed % 6 {
            0 => {
                r.sides.ew.trick_pile += 1 + below(&mut rng, 5) as u32;
                &["cards-unaccounted"]
            }
            1 => {
                let calls = r.calls.as_mut().unwrap();
                calls.pop();
                &["auction-unfinished"]
            }
            2 => {
                r.sides.ns.in_progress.0[suit.index()] = 13;
                &["in-progress-too-many"]
            }
            3 => {
                // A calypso completed from nothing in a suit: a count that went up by one
                // with no 13 cards to show for it, or a suit not the side's trumps.
                r.sides.ns.calypsos.0[suit.index()] += 1;
                &["cards-unaccounted", "not-their-trumps", "in-progress-fell"]
            }
            4 => match r.opponents_trumps.as_mut() {
                Some(t) => {
                    t[1] = t[0];
                    &["trumps-not-distinct"]
                }
                None => {
                    r.opponents_trumps = Some([Suit::Spades, Suit::Hearts]);
                    &["trumps-in-misere"]
                }
            },
            _ => {
                r.sold += 1;
                &[
                    "sale-in-misere",
                    "sale-illegal",
                    "in-progress-fell",
                    "cards-unaccounted",
                ]
            }
        };
        let problems = pairs::check(&spec, &s);
        assert!(
            problems.iter().any(|p| expected.contains(&p.code)),
            "seed {seed}: expected one of {expected:?}, got {problems:?}"
        );
    }
}

/// Corrupted records: a card swapped between two seats' hands in a trick, or a trick's
/// card replaced: replay refuses each, naming the hand.
#[test]
fn corrupted_partnership_records_are_refused() {
    for seed in 0..GAMES / 3 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let spec = PairsSpec::new(4).unwrap();
        let (record, _) = random_game(&spec, &mut rng);
        let h = below(&mut rng, record.deals.len());
        let mut bad = record.clone();
        let t = below(&mut rng, 13);
        // Two cards of one trick exchanged between their players: each plays a card the
        // other held (or both refuse to follow suit).
        let trick = &mut bad.deals[h].tricks[t];
        let (a, b) = (below(&mut rng, 4), below(&mut rng, 3));
        let b = if b >= a { b + 1 } else { b };
        if trick[a] == trick[b] {
            continue;
        }
        trick.swap(a, b);
        let e = pairs::replay(&spec, &bad);
        // A swap of cards both seats held in duplicate could still be legal; otherwise the
        // error names the hand.
        if let Err(e) = e {
            assert_eq!(e.hand, Some(h + 1), "seed {seed}: {e}");
        }
        let mut bad = record.clone();
        bad.deals[h].hands[0].pop();
        let e = pairs::replay(&spec, &bad).unwrap_err();
        assert_eq!(e.hand, Some(h + 1));
        assert!(e.to_string().contains("a hand is 13"), "{e}");
    }
}

/// Random games under each agreed setup: replayed (through JSON) to the same outcome, their
/// reports clean and scored the same; balanced and standardised start both partnerships
/// with the same counts.
#[test]
fn random_partnership_games_with_each_setup_replay_to_the_same_scores() {
    let mut by_kind = [0usize; 4];
    for seed in 0..200u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(20_000 + seed);
        let k = below(&mut rng, 4);
        let kind = SetupKind::ALL[k];
        by_kind[k] += 1;
        let spec = PairsSpec::new(4 + below(&mut rng, 5))
            .unwrap()
            .with_setup(kind);
        let first = Seat::ALL[below(&mut rng, 4)];
        let setup = pairs::random::random_setup_of(kind, &spec, &mut rng);
        let (record, outcome) = pairs::random::random_game_from(&spec, first, &setup, &mut rng);
        let json = serde_json::to_string(&record).unwrap();
        let back: PairsRecord = serde_json::from_str(&json).unwrap();
        assert_eq!(back, record, "seed {seed}");
        let replayed =
            pairs::replay(&spec, &back).unwrap_or_else(|e| panic!("seed {seed}, {kind}: {e}"));
        assert_eq!(replayed, outcome, "seed {seed}");
        let json = serde_json::to_string(&outcome.summary).unwrap();
        let summary: PairsSummary = serde_json::from_str(&json).unwrap();
        assert_eq!(summary, outcome.summary, "seed {seed}");
        let problems = pairs::check(&spec, &summary);
        assert!(problems.is_empty(), "seed {seed}, {kind}: {problems:?}");
        let score = pairs::score(&spec, &summary);
        assert_eq!(score, outcome.score, "seed {seed}");
        let setup_points = i64::from(summary.setup_calypsos) * 500;
        assert_eq!(
            score.setup,
            BySide {
                ns: setup_points,
                ew: setup_points
            }
        );
        let start = summary.start();
        match kind {
            SetupKind::None => assert!(summary.setup.is_none() && summary.setup_calypsos == 0),
            SetupKind::Balanced => assert_eq!(start[0], start[1], "seed {seed}"),
            SetupKind::FullyRandom => assert!(start.iter().all(|c| c.total() <= 30)),
            SetupKind::Standardised => {
                assert_eq!(start, [SuitCounts([6; 4]); 2], "seed {seed}")
            }
        }
    }
    assert!(by_kind.iter().all(|&n| n > 25), "{by_kind:?}");
}

/// Spoils a setup of the agreed `kind` (counts, as a table reports them); the codes it must
/// raise.
fn corrupt_setup(
    kind: SetupKind,
    s: &mut PairsSummary,
    rng: &mut ChaCha8Rng,
) -> (&'static str, &'static [&'static str]) {
    let side = below(rng, 2);
    let suit = below(rng, 4);
    let mut lines = s.start();
    match (kind, below(rng, 2)) {
        (SetupKind::None, _) => {
            bump(&mut lines[side], suit);
            s.setup = Some(BySide::from_array(lines));
            ("a setup not agreed", &["setup-not-agreed"])
        }
        (_, 0) => {
            s.setup = None;
            s.setup_calypsos = 0;
            ("the setup left out", &["setup-missing"])
        }
        (SetupKind::Balanced, _) => {
            bump(&mut lines[side], suit);
            s.setup = Some(BySide::from_array(lines));
            ("one partnership's setup changed", &["setup-not-balanced"])
        }
        (SetupKind::FullyRandom, _) => {
            if below(rng, 2) == 0 {
                s.setup_calypsos = 5;
                ("five calypsos complete", &["setup-calypsos"])
            } else {
                lines[side] = SuitCounts([12, 12, 7, 0]);
                s.setup = Some(BySide::from_array(lines));
                ("31 cards from 30", &["setup-too-many"])
            }
        }
        (SetupKind::Standardised, _) => {
            bump(&mut lines[side], suit);
            s.setup = Some(BySide::from_array(lines));
            ("a standardised count changed", &["setup-not-standard"])
        }
    }
}

#[test]
fn corrupted_partnership_setups_are_flagged_with_their_code() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..200u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(30_000 + seed);
        let k = below(&mut rng, 4);
        let kind = SetupKind::ALL[k];
        let spec = PairsSpec::new(4).unwrap().with_setup(kind);
        let setup = pairs::random::random_setup_of(kind, &spec, &mut rng);
        let (record, outcome) =
            pairs::random::random_game_from(&spec, Seat::North, &setup, &mut rng);
        // The counts.
        let mut summary = outcome.summary.clone();
        let (what, expected) = corrupt_setup(kind, &mut summary, &mut rng);
        let problems = pairs::check(&spec, &summary);
        assert!(
            problems.iter().any(|p| expected.contains(&p.code)),
            "seed {seed}, {kind}, {what}: expected {expected:?}, got {problems:?}"
        );
        for p in problems.iter().filter(|p| p.code.starts_with("setup-")) {
            assert!(p.message.starts_with("setup: "), "{p:?}");
            assert!(
                !p.message.contains("player"),
                "partnerships, not players: {p:?}"
            );
            seen.insert(p.code);
        }
        // The same game under another agreed setup is refused, counts and cards.
        let other = SetupKind::ALL[(k + 1) % 4];
        let spec_other = PairsSpec::new(4).unwrap().with_setup(other);
        let setup_codes: Vec<&str> = pairs::check(&spec_other, &outcome.summary)
            .into_iter()
            .map(|p| p.code)
            .filter(|c| c.starts_with("setup-"))
            .collect();
        if !(kind == SetupKind::Balanced && other == SetupKind::FullyRandom) {
            assert!(!setup_codes.is_empty(), "seed {seed}: {kind} as {other}");
            let e = pairs::replay(&spec_other, &record).expect_err("a setup of another kind");
            assert!(e.to_string().starts_with("setup: "), "{e}");
        }
        // The record's cards: one card of East-West's changed where the kind fixes them.
        if matches!(kind, SetupKind::Balanced | SetupKind::Standardised)
            && !record.setup[1].is_empty()
        {
            let mut r = record.clone();
            change_one_card(&mut r.setup[1]);
            let e = pairs::replay(&spec, &r).expect_err("a changed card");
            assert!(e.to_string().contains("East-West"), "{e}");
        }
    }
    assert_every_setup_code(&seen);
}
