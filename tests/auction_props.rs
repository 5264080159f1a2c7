//! Auction Calypso property tests: 1,000 random legal games (random agreed hands, first
//! dealer and setup; random legal calls, trumps, cards and sales), each replayed from its
//! own record (also through JSON), its per-hand reports checked and scored the same as the
//! replay; and 1,000 corrupted reports, one per game, each flagged with the named problem
//! expected.

use calypso_director::engine::Suit;
use calypso_director::engine::auction::{
    self, AuctionEnd, AuctionRecord, AuctionSpec, AuctionSummary, Bid, Call, SetupKind, SuitCounts,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[path = "common/auction_setup.rs"]
mod auction_setup;
use auction_setup::{assert_every_setup_code, bump, change_one_card};

const GAMES: u64 = 1000;

fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    (rng.next_u32() as usize) % n
}

fn random_spec(rng: &mut ChaCha8Rng) -> AuctionSpec {
    AuctionSpec::new(3 + below(rng, 7)).expect("a spec within the bounds")
}

/// What the random games covered, so a test that never meets a rule fails.
#[derive(Default, Debug)]
struct Seen {
    misere: usize,
    made: usize,
    failed: usize,
    sales: usize,
    doubled: usize,
    calypso_bids_made: usize,
    refills: usize,
    setups: usize,
}

#[test]
fn random_legal_games_replay_and_their_reports_check_with_the_same_scores() {
    let mut seen = Seen::default();
    for seed in 0..GAMES {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let spec = random_spec(&mut rng);
        let (record, outcome) = auction::random::random_game(&spec, &mut rng);
        assert!(outcome.complete, "seed {seed}");
        let json = serde_json::to_string(&record).unwrap();
        let back: AuctionRecord = serde_json::from_str(&json).unwrap();
        assert_eq!(back, record, "seed {seed}");
        let replayed = auction::replay(&spec, &back).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(replayed, outcome, "seed {seed}");
        let json = serde_json::to_string(&outcome.summary).unwrap();
        let summary: AuctionSummary = serde_json::from_str(&json).unwrap();
        assert_eq!(summary, outcome.summary, "seed {seed}");
        let problems = auction::check(&spec, &summary);
        assert!(problems.is_empty(), "seed {seed}: {problems:?}");
        let score = auction::score(&spec, &summary);
        assert_eq!(score, outcome.score, "seed {seed}");
        // The totals are the setup's and every hand's, and each hand's parts add up.
        let mut totals = score.setup;
        for h in &score.hands {
            for (p, t) in h.players.iter().zip(totals.iter_mut()) {
                assert_eq!(
                    p.total,
                    p.cards + p.contract + p.calypso_bonus + p.calypsos + p.misere + p.in_progress
                );
                *t += p.total;
            }
            assert_eq!(h.running, totals, "seed {seed}");
            match h.outcome {
                Some(AuctionEnd::Misere) => {
                    seen.misere += 1;
                    assert!(h.players.iter().any(|p| p.misere == 0));
                }
                Some(AuctionEnd::Contract(c)) => {
                    let d = &h.players[c.declarer.index()];
                    if h.made == Some(true) {
                        seen.made += 1;
                        assert!(d.contract > 0 || c.bid.points == 0);
                        if c.bid.calypsos > 0 {
                            seen.calypso_bids_made += 1;
                        }
                    } else {
                        seen.failed += 1;
                        // Nothing for cards nor calypsos completed; minus the rest.
                        assert_eq!(d.cards, 0, "seed {seed}");
                        assert!(d.contract <= 0 && d.calypso_bonus <= 0 && d.calypsos <= 0);
                    }
                    if c.doubling != auction::Doubling::Undoubled {
                        seen.doubled += 1;
                    }
                }
                None => panic!("seed {seed}: every random hand has an outcome"),
            }
        }
        assert_eq!(score.totals, totals);
        seen.sales += record.deals.iter().filter(|d| !d.sold.is_empty()).count();
        seen.setups += usize::from(record.setup.iter().any(|s| !s.is_empty()));
        // The deal reached into the sin bin when the green room was short.
        let mut in_progress = summary
            .setup
            .iter()
            .map(|s| s.map_or(0, |s| s.total()))
            .sum::<u32>();
        for r in &summary.hands {
            let piles: u32 = r
                .players
                .iter()
                .flatten()
                .map(|l| l.trick_pile)
                .sum::<u32>()
                + r.sold;
            if 208 - in_progress < 51 + piles {
                seen.refills += 1;
            }
            in_progress = r
                .players
                .iter()
                .flatten()
                .map(|l| l.in_progress.total())
                .sum();
        }
    }
    eprintln!("{seen:?}");
    assert!(
        seen.misere > 0 && seen.made > 0 && seen.failed > 0,
        "{seen:?}"
    );
    assert!(
        seen.sales > 0 && seen.doubled > 0 && seen.calypso_bids_made > 0,
        "{seen:?}"
    );
    assert!(seen.setups > 0, "{seen:?}");
}

/// One corruption of a true report, and the problem codes that may flag it.
fn corrupt(
    s: &mut AuctionSummary,
    rng: &mut ChaCha8Rng,
) -> (&'static str, &'static [&'static str]) {
    let n = s.hands.len();
    let h = below(rng, n);
    let p = below(rng, 3);
    match below(rng, 9) {
        0 => {
            s.hands[h].players[p].as_mut().unwrap().trick_pile += 1;
            (
                "a pile card too many",
                &["hand-cards", "trick-pile-too-big"],
            )
        }
        1 => {
            // A sale that is not the fewest: one more card sold (taken from the calypso
            // in progress, so the cards still add up), or a sale where none is allowed.
            let dealer = s.first_dealer.left_by(h % 3, 3);
            let calls = s.hands[h].calls.clone().unwrap();
            let a = auction::Auction::run(dealer, &calls).unwrap();
            match a.state() {
                auction::AuctionState::Won(c) => {
                    let r = &mut s.hands[h];
                    let line = r.players[c.declarer.index()].as_mut().unwrap();
                    let fewest = auction::summary::fewest_sale(c.bid.points, line.trick_pile);
                    // One more card sold, or two where one more would be the fewest (a
                    // declarer who could have sold and did not).
                    let more = if r.sold + 1 == fewest { 2 } else { 1 };
                    r.sold += more;
                    let kept = &mut line.in_progress.0[c.bid.suit.index()];
                    *kept = kept.saturating_sub(more as u8);
                    (
                        "a sale not the fewest",
                        &[
                            "sale-not-fewest",
                            "sale-when-failing",
                            "sale-more-than-held",
                            "hand-cards",
                        ],
                    )
                }
                _ => {
                    s.hands[h].sold = 1;
                    ("a sale in misère", &["sale-in-misere"])
                }
            }
        }
        2 => {
            let r = &mut s.hands[h];
            r.needed = Some(match r.needed {
                Some(13) => 12,
                Some(k) => k + 1,
                None => 1 + below(rng, 13) as u8,
            });
            (
                "a calypso bonus for cards not needed",
                &["bonus-cards-not-needed"],
            )
        }
        3 => {
            let r = &mut s.hands[h];
            match r.opponents_trumps {
                Some([_, rho]) => {
                    r.opponents_trumps = Some([rho, rho]);
                    ("wrong trumps", &["trumps-not-distinct"])
                }
                None => {
                    r.opponents_trumps = Some([Suit::Hearts, Suit::Diamonds]);
                    ("trumps in misère", &["trumps-in-misere"])
                }
            }
        }
        4 => {
            let calls = s.hands[h].calls.as_mut().unwrap();
            match below(rng, 3) {
                0 => calls.push(Call::Pass),
                1 => calls.insert(0, Call::Double),
                _ => calls.insert(0, Call::Bid(Bid::new(0, 160, Suit::Clubs))),
            }
            ("an illegal call", &["call-illegal"])
        }
        5 => {
            // In progress in a suit that was not the player's trumps this hand.
            let dealer = s.first_dealer.left_by(h % 3, 3);
            let calls = s.hands[h].calls.clone().unwrap();
            let a = auction::Auction::run(dealer, &calls).unwrap();
            let r = &mut s.hands[h];
            let trumps = match a.state() {
                auction::AuctionState::Won(c) => {
                    let [l, rh] = r.opponents_trumps.unwrap();
                    let mut t = [None; 3];
                    t[c.declarer.index()] = Some(c.bid.suit);
                    t[(c.declarer.index() + 1) % 3] = Some(l);
                    t[(c.declarer.index() + 2) % 3] = Some(rh);
                    t
                }
                _ => [None; 3],
            };
            let suit = Suit::ALL
                .into_iter()
                .find(|&x| Some(x) != trumps[p])
                .unwrap();
            let line = r.players[p].as_mut().unwrap();
            let k = &mut line.in_progress.0[suit.index()];
            *k = if *k < 12 { *k + 1 } else { *k - 1 };
            (
                "in progress in the wrong suit",
                &["in-progress-wrong-suit", "misere-calypso"],
            )
        }
        6 => {
            let last = s.hands[n - 1].players[p].as_mut().unwrap();
            if last.calypsos > 0 {
                last.calypsos -= 1;
                (
                    "calypsos fewer",
                    &["calypsos-fewer", "hand-cards", "in-progress-lost"],
                )
            } else {
                last.trick_pile += 51;
                ("a pile too big", &["trick-pile-too-big"])
            }
        }
        7 => {
            s.hands[h].players[p] = None;
            ("a player missing", &["player-missing"])
        }
        _ => {
            let extra = s.hands[n - 1].clone();
            s.hands.push(extra);
            ("a hand too many", &["too-many-hands"])
        }
    }
}

#[test]
fn corrupted_reports_are_each_flagged_with_a_named_problem() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..GAMES {
        let mut rng = ChaCha8Rng::seed_from_u64(10_000 + seed);
        let spec = random_spec(&mut rng);
        let (_, outcome) = auction::random::random_game(&spec, &mut rng);
        let mut summary = outcome.summary.clone();
        let (kind, expected) = corrupt(&mut summary, &mut rng);
        let problems = auction::check(&spec, &summary);
        assert!(
            problems.iter().any(|p| expected.contains(&p.code)),
            "seed {seed}, {kind}: expected one of {expected:?}, got {problems:?}"
        );
        for p in &problems {
            assert!(p.message.starts_with("hand ") || p.deal.is_none(), "{p:?}");
            seen.insert(p.code);
        }
    }
    for code in [
        "hand-cards",
        "sale-not-fewest",
        "bonus-cards-not-needed",
        "trumps-not-distinct",
        "trumps-in-misere",
        "call-illegal",
        "in-progress-wrong-suit",
        "misere-calypso",
        "calypsos-fewer",
        "player-missing",
        "too-many-hands",
    ] {
        assert!(seen.contains(code), "{code} never raised: {seen:?}");
    }
}

/// The setup kinds, each a quarter of the random games.
const KINDS: [SetupKind; 4] = SetupKind::ALL;

#[test]
fn random_games_with_each_setup_kind_replay_to_the_same_scores() {
    let mut by_kind = [0usize; 4];
    for seed in 0..400u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(20_000 + seed);
        let kind = KINDS[below(&mut rng, KINDS.len())];
        by_kind[KINDS.iter().position(|&k| k == kind).unwrap()] += 1;
        let spec = random_spec(&mut rng).with_setup(kind);
        let first = calypso_director::engine::Seat::ALL[below(&mut rng, 3)];
        let setup = auction::random::random_setup_of(kind, &spec, &mut rng);
        let (record, outcome) = auction::random::random_game_from(&spec, first, &setup, &mut rng);
        let json = serde_json::to_string(&record).unwrap();
        let back: AuctionRecord = serde_json::from_str(&json).unwrap();
        let replayed =
            auction::replay(&spec, &back).unwrap_or_else(|e| panic!("seed {seed}, {kind}: {e}"));
        assert_eq!(replayed, outcome, "seed {seed}");
        let problems = auction::check(&spec, &outcome.summary);
        assert!(problems.is_empty(), "seed {seed}, {kind}: {problems:?}");
        assert_eq!(auction::score(&spec, &outcome.summary), outcome.score);
        // Balanced and standardised: the three players start level.
        if matches!(kind, SetupKind::Balanced | SetupKind::Standardised) {
            assert!(
                outcome
                    .summary
                    .setup
                    .iter()
                    .all(|c| *c == outcome.summary.setup[0])
            );
        }
        if kind == SetupKind::Standardised {
            assert_eq!(outcome.summary.start(first).total(), 24);
        }
    }
    assert!(by_kind.iter().all(|&n| n > 50), "{by_kind:?}");
}

/// Spoils a setup of the agreed `kind` (counts, as a table reports them); the codes it must
/// raise.
fn corrupt_setup(
    kind: SetupKind,
    s: &mut AuctionSummary,
    rng: &mut ChaCha8Rng,
) -> (&'static str, &'static [&'static str]) {
    let p = below(rng, 3);
    match (kind, below(rng, 2)) {
        (SetupKind::None, _) => {
            let mut c = SuitCounts::default();
            bump(&mut c, below(rng, 4));
            s.setup[p] = Some(c);
            ("a setup not agreed", &["setup-not-agreed"])
        }
        (_, 0) => {
            s.setup = [None; 3];
            s.setup_calypsos = 0;
            ("the setup left out", &["setup-missing"])
        }
        (SetupKind::Balanced, _) => {
            let mut c = s.setup[p].unwrap_or_default();
            bump(&mut c, below(rng, 4));
            s.setup[p] = Some(c);
            ("one player's setup changed", &["setup-not-balanced"])
        }
        (SetupKind::FullyRandom, _) => {
            if below(rng, 2) == 0 {
                s.setup_calypsos = 7;
                ("seven calypsos complete", &["setup-calypsos"])
            } else {
                s.setup[p] = Some(SuitCounts([12, 12, 7, 0]));
                ("31 cards from 30", &["setup-too-many"])
            }
        }
        (SetupKind::Standardised, _) => {
            let mut c = s.setup[p].unwrap_or_default();
            bump(&mut c, below(rng, 4));
            s.setup[p] = Some(c);
            ("a standardised count changed", &["setup-not-standard"])
        }
    }
}

#[test]
fn corrupted_setups_are_flagged_with_their_code() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..400u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(30_000 + seed);
        let kind = KINDS[below(&mut rng, KINDS.len())];
        let spec = AuctionSpec::new(3).unwrap().with_setup(kind);
        let setup = auction::random::random_setup_of(kind, &spec, &mut rng);
        let first = calypso_director::engine::Seat::North;
        let (record, outcome) = auction::random::random_game_from(&spec, first, &setup, &mut rng);
        // The counts.
        let mut summary = outcome.summary.clone();
        let (what, expected) = corrupt_setup(kind, &mut summary, &mut rng);
        let problems = auction::check(&spec, &summary);
        let found: Vec<&str> = problems.iter().map(|p| p.code).collect();
        assert!(
            found.iter().any(|c| expected.contains(c)),
            "seed {seed}, {kind}, {what}: expected {expected:?}, got {problems:?}"
        );
        for p in problems.iter().filter(|p| p.code.starts_with("setup-")) {
            assert!(p.message.starts_with("setup: "), "{p:?}");
            seen.insert(p.code);
        }
        // The same game under another agreed setup is refused, counts and cards.
        let other = KINDS[(KINDS.iter().position(|&k| k == kind).unwrap() + 1) % 4];
        let spec_other = AuctionSpec::new(3).unwrap().with_setup(other);
        let setup_codes: Vec<&str> = auction::check(&spec_other, &outcome.summary)
            .into_iter()
            .map(|p| p.code)
            .filter(|c| c.starts_with("setup-"))
            .collect();
        let replayed = auction::replay(&spec_other, &record);
        // Balanced and fully random deals can agree by chance only in counts that a
        // balanced setup shares; every other pairing must be refused.
        if !(kind == SetupKind::Balanced && other == SetupKind::FullyRandom) {
            assert!(!setup_codes.is_empty(), "seed {seed}: {kind} as {other}");
            let e = replayed.expect_err("a setup of another kind");
            assert!(e.to_string().starts_with("setup: "), "{e}");
        }
        // The record's cards: one card changed where the kind fixes them.
        if matches!(kind, SetupKind::Balanced | SetupKind::Standardised)
            && !record.setup[1].is_empty()
        {
            let mut r = record.clone();
            change_one_card(&mut r.setup[1]);
            let e = auction::replay(&spec, &r).expect_err("a changed card");
            assert!(e.to_string().contains("player 2"), "{e}");
        }
    }
    assert_every_setup_code(&seen);
}
