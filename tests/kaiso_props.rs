//! Kaiso property tests: 1,000 random legal games (random legal cards, random legal
//! placements, medleys, scores and declines), each replayed from its own record (also
//! through JSON), its table summary derived and checked against the board with the same
//! scores; and 1,000 corrupted summaries, one per game, each flagged with a named problem.
//! Then the fit's budget: the summaries of issue #35 (`tests/fixtures/kaiso-*-songs.json`)
//! refused within it, and random song lists and random games' summaries answered within it.

use std::collections::BTreeMap;

use calypso_director::engine::kaiso::{
    self, KaisoOutcome, KaisoRecord, KaisoSummary, Kind, SummarySong, To,
};
use calypso_director::engine::{Budget, Card, CardCounts, Deal, GameSpec};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const GAMES: u64 = 1000;

fn deals_of(record: &KaisoRecord) -> Vec<Deal> {
    record
        .deals
        .iter()
        .map(|d| Deal {
            dealer: d.dealer.expect("the generator names every dealer"),
            hands: d.hands.each_ref().map(CardCounts::from_cards),
        })
        .collect()
}

/// Independent of the engine's bookkeeping: every card of the deck is in exactly one
/// place (a scored song, a song left open, a trick pile), and the totals are the seed's
/// table applied to what was scored.
fn check_outcome(o: &KaisoOutcome) {
    let mut seen: BTreeMap<Card, u32> = BTreeMap::new();
    for (_, side) in o.partnerships.each() {
        let mut calypsos = 0;
        let mut points = 0;
        for s in &side.songs {
            assert_eq!(s.cards.len(), s.reading.kind.size(), "{s:?}");
            let eights = s.cards.iter().filter(|c| c.rank().char() == '8').count() as u32;
            assert!(s.reading.wilds <= eights, "{s:?}");
            let base = match (s.reading.kind, s.reading.rainbow) {
                (Kind::Calypso, false) => [500, 750, 1000][calypsos.min(2)],
                (Kind::Calypso, true) => [250, 375, 500][calypsos.min(2)],
                (Kind::Quartet, false) => 50,
                (Kind::Quartet, true) => 30,
                (_, false) => 100,
                (_, true) => 50,
            };
            if s.reading.kind == Kind::Calypso {
                calypsos += 1;
            }
            assert_eq!(s.points, base - 40 * i64::from(s.reading.wilds), "{s:?}");
            points += s.points;
            for c in &s.cards {
                *seen.entry(*c).or_default() += 1;
            }
        }
        let open: usize = side.open_songs.iter().map(|s| s.cards.len()).sum();
        assert_eq!(open, side.leftover.len());
        for c in side.leftover.iter().chain(&side.trick_pile) {
            *seen.entry(*c).or_default() += 1;
        }
        assert_eq!(side.song_points, points);
        assert_eq!(side.total, points - 30 * side.leftover.len() as i64);
    }
    assert_eq!(seen.len(), 52);
    assert!(
        seen.values().all(|&n| n == 4),
        "every card four times: {seen:?}"
    );
}

/// Placements that score, and completed songs declined, counted by playing the record
/// again through the engine's game.
fn scores_and_declines(spec: &GameSpec, record: &KaisoRecord) -> (usize, usize) {
    let (mut scores, mut declines) = (0, 0);
    let first = record.deals[0].dealer.unwrap();
    let mut g = kaiso::KaisoGame::new(spec, first).unwrap();
    for d in &record.deals {
        g.deal(d.hands.each_ref().map(CardCounts::from_cards))
            .unwrap();
        for (trick, placements) in d.tricks.iter().zip(&d.placements) {
            while let Some(seat) = g.to_play() {
                g.play(trick[seat.index()].unwrap()).unwrap();
            }
            for p in placements {
                let side = g.won_trick().unwrap().winner.index() % 2;
                let tally = |id| g.song_tallies(side).find(|(x, _)| *x == id).unwrap().1;
                let result = match p.to {
                    To::Add(a) => Some(tally(a).with(p.card)),
                    To::Medley(a, b) => Some(tally(a).join(&tally(b)).with(p.card)),
                    To::New | To::Ditch => None,
                };
                if p.score {
                    scores += 1;
                } else if result.is_some_and(|t| !t.readings().is_empty()) {
                    declines += 1;
                }
                g.place(*p).unwrap();
            }
        }
    }
    (scores, declines)
}

/// The kinds of corruption, each of which the check must flag with its code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Corruption {
    /// One card more in a trick pile.
    CardTooMany,
    /// A regular quartet of a card the trick piles already hold a copy of, without wild
    /// 8s: it needs a fifth copy. The leftover or the pile gives up four cards so the
    /// counts still add up.
    ImpossibleRegularSong,
    /// Two calypsos (or, without two, two songs) of different deals swapped.
    WrongOrder,
    /// A song with more wild 8s than it has cards.
    WildsBeyondSize,
    /// Wild 8s raised until the songs use seventeen.
    SeventeenWilds,
}

fn corrupt(
    s: &KaisoSummary,
    seed: u64,
    rng: &mut impl Rng,
) -> Option<(Corruption, KaisoSummary, &'static str)> {
    let mut c = s.clone();
    let side = (seed / 5 % 2) as usize;
    let kind = [
        Corruption::CardTooMany,
        Corruption::ImpossibleRegularSong,
        Corruption::WrongOrder,
        Corruption::WildsBeyondSize,
        Corruption::SeventeenWilds,
    ][(seed % 5) as usize];
    match kind {
        Corruption::CardTooMany => {
            let card = Card::from_index((rng.next_u32() % 52) as usize).unwrap();
            c.partnerships.get_mut(side).trick_pile.push(card);
            Some((kind, c, "card-count"))
        }
        Corruption::ImpossibleRegularSong => {
            let piles: Vec<Card> = c
                .partnerships
                .each()
                .iter()
                .flat_map(|(_, p)| p.trick_pile.clone())
                .filter(|c| c.rank().char() != '8')
                .collect();
            let &x = piles.first()?;
            let p = c.partnerships.get_mut(side);
            if p.leftover >= 4 {
                p.leftover -= 4;
            } else {
                for _ in 0..4 {
                    let at = p.trick_pile.iter().position(|&y| y != x)?;
                    p.trick_pile.remove(at);
                }
            }
            p.songs.push(SummarySong {
                kind: Kind::Quartet,
                rainbow: false,
                suit: Some(x.suit()),
                rank: Some(x.rank()),
                wilds: 0,
                deal: Some(4),
            });
            Some((kind, c, "songs-impossible"))
        }
        Corruption::WrongOrder => {
            let p = c.partnerships.get_mut(side);
            let pick = |calypsos_only: bool| {
                let idx: Vec<usize> = (0..p.songs.len())
                    .filter(|&i| !calypsos_only || p.songs[i].kind == Kind::Calypso)
                    .collect();
                for (n, &i) in idx.iter().enumerate() {
                    for &j in &idx[n + 1..] {
                        if p.songs[i].deal < p.songs[j].deal {
                            return Some((i, j));
                        }
                    }
                }
                None
            };
            let (i, j) = pick(true).or_else(|| pick(false))?;
            p.songs.swap(i, j);
            Some((kind, c, "song-order"))
        }
        Corruption::WildsBeyondSize => {
            let p = c.partnerships.get_mut(side);
            if p.songs.is_empty() {
                return None;
            }
            let i = (rng.next_u32() as usize) % p.songs.len();
            p.songs[i].wilds = p.songs[i].kind.size() as u32 + 1;
            Some((kind, c, "wild-count"))
        }
        Corruption::SeventeenWilds => {
            let mut total: u32 = c
                .partnerships
                .each()
                .iter()
                .flat_map(|(_, p)| &p.songs)
                .map(|x| x.wilds)
                .sum();
            for side in [side, 1 - side] {
                for song in &mut c.partnerships.get_mut(side).songs {
                    // A quartet of 8s stays all wild; other songs take more wilds.
                    while total < 17 && song.wilds < song.kind.size() as u32 {
                        song.wilds += 1;
                        total += 1;
                    }
                }
            }
            (total >= 17).then_some((kind, c, "songs-impossible"))
        }
    }
}

#[test]
fn random_kaiso_games_replay_and_their_summaries_check() {
    let spec = GameSpec::default();
    let mut scored: BTreeMap<String, usize> = BTreeMap::new();
    let mut medleys = 0;
    let (mut scores, mut declines) = (0, 0);
    let mut wild_eights = 0;
    let mut corrupted: BTreeMap<Corruption, usize> = BTreeMap::new();
    let (mut most_spent, mut most_spent_refusing) = (0, 0);
    let started = std::time::Instant::now();
    for seed in 0..GAMES {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (record, outcome) = kaiso::random::random_game(&spec, &mut rng);
        assert!(outcome.complete, "seed {seed}");
        check_outcome(&outcome);
        medleys += record
            .deals
            .iter()
            .flat_map(|d| d.placements.iter().flatten())
            .filter(|p| matches!(p.to, To::Medley(..)))
            .count();

        let (s, d) = scores_and_declines(&spec, &record);
        scores += s;
        declines += d;

        // The record through JSON, then replayed move by move: the same outcome.
        let json = serde_json::to_string(&record).unwrap();
        let back: KaisoRecord = serde_json::from_str(&json).unwrap();
        assert_eq!(back, record, "seed {seed}");
        let replayed = kaiso::replay(&spec, &back).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(replayed, outcome, "seed {seed}");

        // The table's summary: accepted against the board, with the same scores.
        let summary = outcome.summary();
        let json = serde_json::to_string(&summary).unwrap();
        let summary: KaisoSummary = serde_json::from_str(&json).unwrap();
        let deals = deals_of(&record);
        let mut budget = Budget::new(kaiso::CHECK_BUDGET);
        let problems = kaiso::check_within(&summary, Some(&deals), &mut budget);
        assert!(problems.is_empty(), "seed {seed}: {problems:?}\n{json}");
        most_spent = most_spent.max(budget.spent());
        // As a table writes it, the trick piles counted rather than listed: accepted too.
        let mut counted = summary.clone();
        for side in 0..2 {
            let p = counted.partnerships.get_mut(side);
            p.trick_pile_count = Some(p.trick_pile.len() as u32);
            p.trick_pile.clear();
        }
        let problems = kaiso::check(&counted, Some(&deals));
        assert!(
            problems.is_empty(),
            "seed {seed}, piles counted: {problems:?}"
        );
        assert_eq!(
            kaiso::score(&counted),
            kaiso::score(&summary),
            "seed {seed}"
        );
        let score = kaiso::score(&summary);
        for (side, o) in outcome.partnerships.each() {
            let s = score.partnerships.get(side);
            assert_eq!(s.total, o.total, "seed {seed}");
            let points: Vec<i64> = o.songs.iter().map(|x| x.points).collect();
            assert_eq!(s.songs, points, "seed {seed}");
            for x in &o.songs {
                let r = x.reading;
                let name = format!(
                    "{} {}",
                    if r.rainbow { "rainbow" } else { "regular" },
                    r.kind
                );
                *scored.entry(name).or_default() += 1;
                wild_eights += r.wilds as usize;
            }
        }

        // One corrupted summary per game, flagged with the expected problem.
        let mut tries = 0;
        let (kind, bad, code) = loop {
            if let Some(found) = corrupt(&summary, seed + tries, &mut rng) {
                break found;
            }
            tries += 1;
            assert!(tries < 5, "seed {seed}: no corruption applies");
        };
        let mut budget = Budget::new(kaiso::CHECK_BUDGET);
        let problems = kaiso::check_within(&bad, Some(&deals), &mut budget);
        most_spent_refusing = most_spent_refusing.max(budget.spent());
        assert!(
            problems.iter().any(|p| p.code == code),
            "seed {seed}: expected {code}, got {problems:?}"
        );
        *corrupted.entry(kind).or_default() += 1;
    }
    let elapsed = started.elapsed();
    println!(
        "{GAMES} games in {elapsed:?}: scored {scored:?}, {scores} scoring placements, {declines} completed songs declined, {medleys} medleys, {wild_eights} wild 8s scored; corrupted summaries flagged: {corrupted:?}; the most a summary's check spent: {most_spent} of {} ({most_spent_refusing} for a corrupted one)",
        kaiso::CHECK_BUDGET
    );
    // A real game's summary, or one corrupted, is nowhere near the budget.
    assert!(
        most_spent.max(most_spent_refusing) < kaiso::CHECK_BUDGET / 50,
        "{most_spent}, {most_spent_refusing}"
    );
    // Every kind of corruption was exercised, and the games exercised the rules.
    assert_eq!(corrupted.values().sum::<usize>(), GAMES as usize);
    assert_eq!(corrupted.len(), 5, "{corrupted:?}");
    assert!(corrupted.values().all(|&n| n >= 100), "{corrupted:?}");
    assert!(
        scored.get("regular calypso").copied().unwrap_or(0) > 0,
        "{scored:?}"
    );
    assert!(medleys > 0 && declines > 0);
    assert_eq!(scores, scored.values().sum::<usize>());
}

// ---- The fit's budget (#35) ----

/// A Kaiso summary from `tests/fixtures/` (the `rules check --game kaiso` format).
fn fixture(name: &str) -> KaisoSummary {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A board of four deals from a seeded shuffle, as an event's seeded deck gives one.
fn seeded_board(seed: u64) -> Vec<Deal> {
    let spec = GameSpec::default();
    let deck = calypso_director::engine::random::shuffled_deck(
        &spec,
        &mut ChaCha8Rng::seed_from_u64(seed),
    );
    spec.deal_stack(&deck, calypso_director::engine::Seat::North)
}

/// The fixture checked with the whole budget, without a board and with one (as at an
/// event, whose seeded deck is known): refused as songs that cannot all be made, no song
/// named, within the budget.
fn refused_within_the_budget(name: &str) {
    let summary = fixture(name);
    for deals in [None, Some(seeded_board(35))] {
        let started = std::time::Instant::now();
        let mut budget = Budget::new(kaiso::CHECK_BUDGET);
        let problems = kaiso::check_within(&summary, deals.as_deref(), &mut budget);
        let took = started.elapsed();
        let codes: Vec<&str> = problems.iter().map(|p| p.code).collect();
        assert_eq!(codes, ["songs-impossible"], "{problems:?}");
        assert_eq!(
            problems[0].message,
            "these songs cannot all be made from the deck"
        );
        assert_eq!(problems[0].side, None, "no song is named");
        assert!(budget.exhausted(), "the culprit's search ran out");
        assert!(budget.spent() <= budget.limit());
        println!(
            "{name}, board {}: spent {} of {} in {took:?}",
            deals.is_some(),
            budget.spent(),
            budget.limit()
        );
        // A safety net only: the budget is what bounds it (a quarter of a second in a
        // release build).
        assert!(took.as_secs() < 30, "{took:?}");
        // The plain check is the same check with the same budget.
        assert_eq!(kaiso::check(&summary, deals.as_deref()), problems);
    }
}

/// Seven regular quartets (2♥ 2♠ 3♦ 3♠ 4♦ 4♥ 5♣), nine rainbow kaiso minors (five without
/// a wild 8, four with one), four regular ♠ majors and a second regular quartet of 5♣s:
/// each song legal alone, together impossible (the 5♣s plainly; the minors already at the
/// 15th song, which a search must prove). Took 65 s through the site, 84 s in the CLI.
#[test]
fn the_21_song_kaiso_summary_is_refused_within_the_budget() {
    refused_within_the_budget("kaiso-21-songs.json");
}

/// The 21 songs after 28 regular fillers (four kaiso midis of each suit, four kaiso majors
/// of ♥, ♦ and ♣): 49 songs, 196 cards, within the form's 60 rows. Took 148 s.
#[test]
fn the_49_song_kaiso_summary_is_refused_within_the_budget() {
    refused_within_the_budget("kaiso-49-songs.json");
}

/// A song as drawn: kind, rainbow, suit, rank, wild 8s, deal (0 none, 5 out of range).
type Drawn = (usize, bool, usize, usize, u32, u32);

/// Each side's drawn songs made a summary: the trick piles counted so the cards make 208
/// (when the songs leave room), or listed from the top of a shuffled deck. A `tidy` list
/// has each song's shape right and the deals in order, so that most reach the fit.
fn drawn_summary(mut sides: [Vec<Drawn>; 2], tidy: bool, listed: bool, seed: u64) -> KaisoSummary {
    if tidy {
        for drawn in &mut sides {
            for (kind, _, _, rank, wilds, deal) in drawn.iter_mut() {
                let size = Kind::ALL[*kind].size() as u32;
                *wilds = if Kind::ALL[*kind] == Kind::Quartet && *rank == 6 {
                    size
                } else {
                    (*wilds).min(size)
                };
                *deal = (*deal).min(4);
            }
            drawn.sort_by_key(|d| d.5);
        }
    }
    use calypso_director::engine::{Rank, Suit};
    let song = |&(kind, rainbow, suit, rank, wilds, deal): &Drawn| SummarySong {
        kind: Kind::ALL[kind],
        rainbow,
        suit: (!rainbow).then(|| Suit::from_index(suit)),
        rank: (Kind::ALL[kind] == Kind::Quartet)
            .then(|| Rank::from_index(rank))
            .flatten(),
        wilds,
        deal: (deal > 0).then_some(deal),
    };
    let mut s = KaisoSummary::default();
    let mut total = 0;
    for (side, drawn) in sides.iter().enumerate() {
        let p = s.partnerships.get_mut(side);
        p.songs = drawn.iter().map(song).collect();
        let cards: usize = p.songs.iter().map(|x| x.kind.size()).sum();
        let pile = (4 - cards % 4) % 4;
        p.trick_pile_count = Some(pile as u32);
        total += cards + pile;
    }
    if total < 208 {
        let ew = s.partnerships.get_mut(1);
        *ew.trick_pile_count.as_mut().unwrap() += (208 - total) as u32;
    }
    if listed {
        let spec = GameSpec::default();
        let deck = calypso_director::engine::random::shuffled_deck(
            &spec,
            &mut ChaCha8Rng::seed_from_u64(seed),
        );
        let mut at = 0;
        for side in 0..2 {
            let p = s.partnerships.get_mut(side);
            let n = (p.trick_pile_count.take().unwrap() as usize).min(deck.len() - at);
            p.trick_pile = deck[at..at + n].to_vec();
            at += n;
        }
    }
    s
}

fn drawn_song() -> impl Strategy<Value = Drawn> {
    (
        // Mostly four-card songs, a calypso now and then.
        prop_oneof![1 => Just(0usize), 6 => 1..5usize],
        any::<bool>(),
        0..4usize,
        0..13usize,
        prop_oneof![6 => 0..2u32, 1 => 0..15u32],
        prop_oneof![4 => Just(0u32), 4 => 1..5u32, 1 => Just(5u32)],
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random song lists, possible or not, are answered within any budget; and when the
    /// budget was enough, the answer is the one the whole budget gives.
    #[test]
    fn random_song_lists_are_answered_within_the_budget(
        ns in proptest::collection::vec(drawn_song(), 0..30),
        ew in proptest::collection::vec(drawn_song(), 0..15),
        listed in any::<bool>(),
        board in proptest::option::of(any::<u64>()),
        tidy in prop_oneof![7 => Just(true), 1 => Just(false)],
        limit in prop_oneof![1 => 0..20_000u64, 3 => 20_000..3_000_000u64],
        seed in any::<u64>(),
    ) {
        let summary = drawn_summary([ns, ew], tidy, listed, seed);
        let deals = board.map(seeded_board);
        let mut budget = Budget::new(limit);
        let problems = kaiso::check_within(&summary, deals.as_deref(), &mut budget);
        prop_assert!(budget.spent() <= limit);
        if !budget.exhausted() {
            let mut whole = Budget::new(kaiso::CHECK_BUDGET);
            prop_assert_eq!(
                kaiso::check_within(&summary, deals.as_deref(), &mut whole),
                problems
            );
            prop_assert_eq!(whole.spent(), budget.spent());
        } else {
            // Out of budget: the check says so, or refuses without naming a song.
            prop_assert!(
                problems.iter().any(|p| p.code == "check-too-complex"
                    || (p.code == "songs-impossible" && p.side.is_none())
                    || (p.code == "song-deal-cards" && p.deal.is_none())),
                "{:?}",
                problems
            );
        }
    }

    /// Every random game's summary is still accepted, with the game's scores, far within
    /// the budget.
    #[test]
    fn random_games_summaries_are_accepted_within_the_budget(seed in any::<u64>()) {
        let spec = GameSpec::default();
        let (record, outcome) = kaiso::random::random_game(&spec, &mut ChaCha8Rng::seed_from_u64(seed));
        let summary = outcome.summary();
        let deals = deals_of(&record);
        for board in [None, Some(deals.as_slice())] {
            let mut budget = Budget::new(kaiso::CHECK_BUDGET);
            let problems = kaiso::check_within(&summary, board, &mut budget);
            prop_assert!(problems.is_empty(), "{:?}", problems);
            prop_assert!(
                budget.spent() < kaiso::CHECK_BUDGET / 50,
                "spent {}",
                budget.spent()
            );
            let score = kaiso::score(&summary);
            for (side, o) in outcome.partnerships.each() {
                prop_assert_eq!(score.partnerships.get(side).total, o.total);
            }
        }
    }
}
