//! Embers property tests: 1,000 random legal games (random packs, agreed hands, fire hands,
//! trick rule and first dealer), each replayed from its own record (also through JSON), its
//! per-hand reports checked and scored the same as the replay, and the totals recounted
//! from the reports by the standard game's table; and 1,000 corrupted reports, one per
//! game, each flagged with the named problem expected.

use calypso_director::engine::embers::{self, EmbersRecord, EmbersSpec, EmbersSummary};
use calypso_director::engine::{Card, Seat, TrickRule, calypso_points};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const GAMES: u64 = 1000;

fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    (rng.next_u32() as usize) % n
}

fn random_spec(rng: &mut ChaCha8Rng) -> EmbersSpec {
    let packs = 3 + below(rng, 6);
    let fire = 1 + below(rng, packs - 2);
    let hands = fire.max(4) + below(rng, 6);
    let rule = TrickRule::ALL[below(rng, 3)];
    EmbersSpec::new(packs, hands, fire, rule, None).expect("a spec within the bounds")
}

/// The totals from the last report alone: 10 a trick-pile card over every hand, calypsos
/// at 500/750/1000, in-progress cards 20 each at the end (random legal play never revokes).
fn recount(spec: &EmbersSpec, s: &EmbersSummary) -> [i64; 2] {
    let mut t = [0i64; 2];
    for h in &s.hands {
        t[0] += 10 * i64::from(h.trick_piles.ns);
        t[1] += 10 * i64::from(h.trick_piles.ew);
    }
    let last = s.hands.last().unwrap();
    for seat in Seat::ALL {
        let line = last.players[seat.index()].as_ref().unwrap();
        t[spec.side_of(seat)] += calypso_points(line.calypsos) + 20 * line.in_progress.len() as i64;
    }
    t
}

#[test]
fn random_legal_games_replay_and_their_reports_check_with_the_same_scores() {
    for seed in 0..GAMES {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let spec = random_spec(&mut rng);
        let (record, outcome) = embers::random::random_game(&spec, &mut rng);
        assert!(
            outcome.complete && outcome.revokes.is_empty(),
            "seed {seed}"
        );
        let json = serde_json::to_string(&record).unwrap();
        let back: EmbersRecord = serde_json::from_str(&json).unwrap();
        let replayed = embers::replay(&spec, &back).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(replayed, outcome, "seed {seed}");
        let json = serde_json::to_string(&outcome.summary).unwrap();
        let summary: EmbersSummary = serde_json::from_str(&json).unwrap();
        let problems = embers::check(&spec, &summary);
        assert!(problems.is_empty(), "seed {seed}: {problems:?}");
        let score = embers::score(&spec, &summary);
        assert_eq!(score, outcome.score, "seed {seed}");
        let [ns, ew] = recount(&spec, &summary);
        assert_eq!((score.totals.ns, score.totals.ew), (ns, ew), "seed {seed}");
        for h in &summary.hands {
            assert!(
                h.green_room.unwrap() >= 56,
                "seed {seed}: the green room never runs short"
            );
        }
    }
}

/// One corruption of a true report, and the problem codes that may flag it.
fn corrupt(
    spec: &EmbersSpec,
    s: &mut EmbersSummary,
    rng: &mut ChaCha8Rng,
) -> &'static [&'static str] {
    let n = s.hands.len();
    let h = below(rng, n);
    let seat = Seat::ALL[below(rng, 4)];
    let own = spec.trumps().of(seat).unwrap();
    match below(rng, 9) {
        0 => {
            s.hands[h].trick_piles.ns += 1 + below(rng, 3) as u32;
            &["hand-cards", "trick-pile-too-big"]
        }
        1 => {
            let other = Card::new(
                Card::all().next().unwrap().rank(),
                spec.trumps().of(seat.partner()).unwrap(),
            );
            let line = s.hands[h].players[seat.index()].as_mut().unwrap();
            line.in_progress.push(other);
            &["in-progress-suit"]
        }
        2 => {
            let line = s.hands[h].players[seat.index()].as_mut().unwrap();
            match line.in_progress.first().copied() {
                Some(c) => line.in_progress.push(c),
                None => line.in_progress = vec![Card::all().find(|c| c.suit() == own).unwrap(); 2],
            }
            &["in-progress-repeated"]
        }
        3 => {
            s.hands[h].green_room = s.hands[h].green_room.map(|g| g + 1);
            &["green-room-count"]
        }
        4 => {
            s.hands[h].sin_bin = s.hands[h].sin_bin.map(|g| g + 1);
            &["sin-bin-count"]
        }
        5 => {
            s.hands[h].players[seat.index()] = None;
            &["player-missing"]
        }
        6 => {
            let extra = s.hands[n - 1].clone();
            s.hands.push(extra);
            &["too-many-hands"]
        }
        7 => {
            // One more calypso than the cards allow: 13 cards from nowhere.
            let line = s.hands[h].players[seat.index()].as_mut().unwrap();
            line.calypsos += 1;
            &["hand-cards", "calypso-cards-too-many"]
        }
        _ => {
            // Calypsos are kept: a later hand with fewer, or else an invented first one lost.
            let last = s.hands[n - 1].players[seat.index()].as_mut().unwrap();
            if last.calypsos > 0 {
                last.calypsos -= 1;
                &["calypsos-fewer", "in-progress-lost", "hand-cards"]
            } else {
                s.hands[0].trick_piles.ew += 13;
                &["hand-cards", "trick-pile-too-big"]
            }
        }
    }
}

#[test]
fn corrupted_reports_are_each_flagged_with_a_named_problem() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..GAMES {
        let mut rng = ChaCha8Rng::seed_from_u64(10_000 + seed);
        let spec = random_spec(&mut rng);
        let (_, outcome) = embers::random::random_game(&spec, &mut rng);
        let mut summary = outcome.summary.clone();
        let expected = corrupt(&spec, &mut summary, &mut rng);
        let problems = embers::check(&spec, &summary);
        assert!(
            problems.iter().any(|p| expected.contains(&p.code)),
            "seed {seed}: expected one of {expected:?}, got {problems:?}"
        );
        for p in &problems {
            assert!(p.message.starts_with("hand ") || p.deal.is_none(), "{p:?}");
            seen.insert(p.code);
        }
    }
    for code in [
        "hand-cards",
        "in-progress-suit",
        "in-progress-repeated",
        "green-room-count",
        "sin-bin-count",
        "player-missing",
        "too-many-hands",
        "calypsos-fewer",
    ] {
        assert!(seen.contains(code), "{code} never raised: {seen:?}");
    }
}
