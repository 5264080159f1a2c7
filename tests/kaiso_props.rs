//! Kaiso property tests: 1,000 random legal games (random legal cards, random legal
//! placements, medleys, scores and declines), each replayed from its own record (also
//! through JSON), its table summary derived and checked against the board with the same
//! scores; and 1,000 corrupted summaries, one per game, each flagged with a named problem.

use std::collections::BTreeMap;

use calypso_director::engine::kaiso::{
    self, KaisoOutcome, KaisoRecord, KaisoSummary, Kind, SummarySong, To,
};
use calypso_director::engine::{Card, CardCounts, Deal, GameSpec};
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
        let problems = kaiso::check(&summary, Some(&deals));
        assert!(problems.is_empty(), "seed {seed}: {problems:?}\n{json}");
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
        let problems = kaiso::check(&bad, Some(&deals));
        assert!(
            problems.iter().any(|p| p.code == code),
            "seed {seed}: expected {code}, got {problems:?}"
        );
        *corrupted.entry(kind).or_default() += 1;
    }
    let elapsed = started.elapsed();
    println!(
        "{GAMES} games in {elapsed:?}: scored {scored:?}, {scores} scoring placements, {declines} completed songs declined, {medleys} medleys, {wild_eights} wild 8s scored; corrupted summaries flagged: {corrupted:?}"
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
