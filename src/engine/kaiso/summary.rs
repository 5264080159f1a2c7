//! What a table enters for a Kaiso game without a play record, checked against the board:
//! per partnership the songs scored in order (each song's kind, regular or rainbow, suit or
//! rank, wild 8s, and the deal it was scored in), the number of leftover song cards and the
//! trick pile's cards. The scores are the engine's, computed from the order given.

use serde::{Deserialize, Serialize};

use super::fit::{self, Fit, Need};
use super::side::{Partnerships, side_name};
use super::song::{EIGHT, Kind, LEFTOVER_PENALTY, Reading, WILD_PENALTY};
use super::wire;
use crate::engine::budget::Budget;
use crate::engine::cards::{Card, Rank, Suit};
use crate::engine::spec::Deal;
use crate::engine::summary::Problem;

/// One scored song as a table reports it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SummarySong {
    pub kind: Kind,
    pub rainbow: bool,
    /// A regular song's suit.
    #[serde(
        with = "wire::opt_suit",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub suit: Option<Suit>,
    /// A quartet's rank.
    #[serde(
        with = "wire::opt_rank",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub rank: Option<Rank>,
    /// 8s used as wildcards (not a natural 8 in a calypso's rank-8 place).
    #[serde(default)]
    pub wilds: u32,
    /// The deal (1-4) in which it was scored, if entered: then the order and the cards
    /// dealt by then are checked too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<u32>,
}

impl SummarySong {
    pub fn reading(&self) -> Reading {
        Reading {
            kind: self.kind,
            rainbow: self.rainbow,
            suit: self.suit,
            rank: self.rank,
            wilds: self.wilds,
        }
    }

    /// Points when scored after `calypsos_before` of the partnership's calypsos.
    pub fn points(&self, calypsos_before: usize) -> i64 {
        self.kind.base_points(self.rainbow, calypsos_before) - WILD_PENALTY * i64::from(self.wilds)
    }
}

/// One partnership's report.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideSummary {
    /// In the order scored.
    #[serde(default)]
    pub songs: Vec<SummarySong>,
    /// Cards left in songs not scored at the end.
    #[serde(default)]
    pub leftover: u32,
    /// The trick pile's cards, when the table lists them.
    #[serde(with = "wire::cards", default)]
    pub trick_pile: Vec<Card>,
    /// The trick pile counted instead (what a table writes at the end of play): its cards
    /// are then unknown to the check, which fits the songs to the whole deck.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trick_pile_count: Option<u32>,
}

impl SideSummary {
    /// The trick pile's size, listed or counted.
    pub fn pile_len(&self) -> u64 {
        self.trick_pile_count
            .map_or(self.trick_pile.len() as u64, u64::from)
    }
}

/// A table's Kaiso report: `{"partnerships": {"NS": {...}, "EW": {...}}}`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KaisoSummary {
    pub partnerships: Partnerships<SideSummary>,
}

/// One partnership's score from a summary.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideScore {
    /// Each song's points, in the order given.
    pub songs: Vec<i64>,
    pub song_points: i64,
    pub leftover_points: i64,
    pub total: i64,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct KaisoScore {
    pub partnerships: Partnerships<SideScore>,
}

/// The scores of a summary: each song at its place in the partnership's order (a calypso
/// at the rate of the calypsos before it), less 30 per leftover card.
pub fn score(summary: &KaisoSummary) -> KaisoScore {
    KaisoScore {
        partnerships: Partnerships::from_fn(|side| {
            let s = summary.partnerships.get(side);
            let mut calypsos = 0;
            let songs: Vec<i64> = s
                .songs
                .iter()
                .map(|song| {
                    let p = song.points(calypsos);
                    if song.kind == Kind::Calypso {
                        calypsos += 1;
                    }
                    p
                })
                .collect();
            let song_points = songs.iter().sum();
            let leftover_points = -LEFTOVER_PENALTY * i64::from(s.leftover);
            SideScore {
                songs,
                song_points,
                leftover_points,
                total: song_points + leftover_points,
            }
        }),
    }
}

/// The work one check of a summary may do, all its fits of songs to the board together (the
/// culprit's search included): flow-network nodes and edges made, and looked at by the
/// flows, and songs' places checked at each search node: a unit grows with the time taken
/// whatever the number of songs. About 0.3 s of a release build's CPU (some 11,000 search
/// nodes for the 21 songs of `tests/fixtures/kaiso-21-songs.json`); a thousand random
/// games' summaries took at most 312,000.
pub const CHECK_BUDGET: u64 = 60_000_000;

const DECK: usize = 208;
const DEALS: usize = 4;
const PER_DEAL: usize = 52;

fn problem(code: &'static str, side: Option<usize>, deal: Option<u32>, message: String) -> Problem {
    Problem {
        code,
        message,
        seat: None,
        side,
        deal: deal.map(i64::from),
    }
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, x) if x != 11 => "st",
        (2, x) if x != 12 => "nd",
        (3, x) if x != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// "North-South's 3rd song (regular ♠ calypso, 1 wild 8)".
fn label(side: usize, i: usize, song: &SummarySong) -> String {
    format!(
        "{}'s {} song ({})",
        side_name(side),
        ordinal(i + 1),
        song.reading()
    )
}

/// Every problem with the summary; empty when it is possible. `deals`, the board's four
/// deals when known, let songs given a deal be checked against the cards dealt by then.
/// The songs' fit to the board spends at most [`CHECK_BUDGET`].
pub fn check(summary: &KaisoSummary, deals: Option<&[Deal]>) -> Vec<Problem> {
    check_within(summary, deals, &mut Budget::new(CHECK_BUDGET))
}

/// [`check`] within `budget`, which says afterwards what the check spent. When it runs out
/// before the songs are known to fit, the problem is `check-too-complex`; when it runs out
/// while finding which song is at fault, the songs are refused without naming one.
pub fn check_within(
    summary: &KaisoSummary,
    deals: Option<&[Deal]>,
    budget: &mut Budget,
) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut shapes_ok = true;
    for (side, s) in summary.partnerships.each() {
        let mut last_deal: Option<(u32, usize)> = None;
        for (i, song) in s.songs.iter().enumerate() {
            let before = out.len();
            check_song(side, i, song, &mut out);
            if out.len() > before {
                shapes_ok = false;
            }
            if let Some(d) = song.deal {
                if !(1..=DEALS as u32).contains(&d) {
                    shapes_ok = false;
                    out.push(problem(
                        "song-deal",
                        Some(side),
                        None,
                        format!(
                            "{} is scored in deal {d}, but a game has deals 1 to {DEALS}",
                            label(side, i, song)
                        ),
                    ));
                } else if let Some((prev, j)) = last_deal
                    && d < prev
                {
                    out.push(problem(
                        "song-order",
                        Some(side),
                        Some(d),
                        format!(
                            "{} was scored in deal {d}, but it is listed after the {} song, scored in deal {prev}: songs are listed in the order scored",
                            label(side, i, song),
                            ordinal(j + 1)
                        ),
                    ));
                }
                last_deal = Some((d, i));
            }
        }
    }

    // A pile is listed or counted, not both.
    for (side, s) in summary.partnerships.each() {
        if s.trick_pile_count.is_some() && !s.trick_pile.is_empty() {
            out.push(problem(
                "trick-pile-twice",
                Some(side),
                None,
                format!(
                    "{}'s trick pile is both listed ({} card{}) and counted ({}): give one or the other",
                    side_name(side),
                    s.trick_pile.len(),
                    if s.trick_pile.len() == 1 { "" } else { "s" },
                    s.pile_len()
                ),
            ));
        }
    }

    // Trick piles: no card more often than the deck has it.
    let mut piles = [0u32; 52];
    for (_, s) in summary.partnerships.each() {
        for c in &s.trick_pile {
            piles[c.index()] += 1;
        }
    }
    let board = board_layers(deals);
    let in_deck = |card: usize| board.iter().map(|l| l[card]).sum::<u32>();
    let mut piles_ok = true;
    for card in Card::all() {
        let n = piles[card.index()];
        if n > in_deck(card.index()) {
            piles_ok = false;
            out.push(problem(
                "too-many-copies",
                None,
                None,
                format!(
                    "the trick piles hold {n} copies of {}, the deck has {}",
                    card.pretty(),
                    in_deck(card.index())
                ),
            ));
        }
    }

    // Card counts: songs, leftovers and piles make the deck; each side's, whole tricks.
    let mut total: u64 = 0;
    for (side, s) in summary.partnerships.each() {
        let songs: u64 = s.songs.iter().map(|x| x.kind.size() as u64).sum();
        let cards = songs + u64::from(s.leftover) + s.pile_len();
        total += cards;
        if !cards.is_multiple_of(4) {
            out.push(problem(
                "side-count",
                Some(side),
                None,
                format!(
                    "{}'s cards (songs scored {songs}, leftover {}, trick pile {}) add up to {cards}, which is not a whole number of four-card tricks",
                    side_name(side),
                    s.leftover,
                    s.pile_len()
                ),
            ));
        }
    }
    if total != DECK as u64 {
        out.push(problem(
            "card-count",
            None,
            None,
            format!("the cards (songs scored, leftover song cards and trick piles) add up to {total}, a game has {DECK}"),
        ));
    }
    for k in 1..=DEALS as u32 {
        let by_then: usize = summary
            .partnerships
            .each()
            .iter()
            .flat_map(|(_, s)| &s.songs)
            .filter(|x| x.deal.is_some_and(|d| d <= k))
            .map(|x| x.kind.size())
            .sum();
        if by_then > PER_DEAL * k as usize {
            out.push(problem(
                "song-deal",
                None,
                Some(k),
                format!(
                    "the songs scored by the end of deal {k} hold {by_then} cards, but only {} have been dealt by then",
                    PER_DEAL * k as usize
                ),
            ));
            break;
        }
    }
    // The songs and piles alone already over the deck: the counts say it, and there is no
    // board to fit them to. This also bounds the search below: at most 52 songs, 208
    // places.
    let held: usize = summary
        .partnerships
        .each()
        .iter()
        .map(|(_, s)| {
            s.pile_len().min(DECK as u64 + 1) as usize
                + s.songs.iter().map(|x| x.kind.size()).sum::<usize>()
        })
        .sum();
    if !(shapes_ok && piles_ok) || held > DECK {
        return out;
    }

    // The songs made from the board: first from the whole deck, then deal by deal.
    let order: Vec<(usize, usize, &SummarySong)> = summary
        .partnerships
        .each()
        .iter()
        .flat_map(|&(side, s)| s.songs.iter().enumerate().map(move |(i, x)| (side, i, x)))
        .collect();
    let whole = [board.iter().fold([0u32; 52], |mut acc, l| {
        for i in 0..52 {
            acc[i] += l[i];
        }
        acc
    })];
    let needs = |songs: &[(usize, usize, &SummarySong)], layers: usize| -> Vec<Need> {
        songs
            .iter()
            .map(|(_, _, x)| Need::of(&x.reading(), x.deal, layers))
            .collect()
    };
    // Deal by deal when the board and the songs' deals are known: fitting there fits the
    // whole deck too, so the whole deck is only tried to say which problem it is.
    let by_deal = board.len() > 1 && order.iter().any(|(_, _, x)| x.deal.is_some());
    let dealt_fit = by_deal.then(|| fit::fit(&needs(&order, board.len()), &piles, &board, budget));
    if dealt_fit == Some(Fit::Yes) {
        return out;
    }
    match fit::fit(&needs(&order, 1), &piles, &whole, budget) {
        Fit::Yes => {}
        Fit::No => {
            out.push(not_from_the_board(&order, &piles, &whole, budget));
            return out;
        }
        Fit::Unknown => {
            out.push(too_complex());
            return out;
        }
    }
    if let Some(dealt_fit) = dealt_fit {
        match dealt_fit {
            Fit::Yes => {}
            Fit::Unknown => out.push(too_complex()),
            Fit::No => {
                // The first deal by whose end the songs scored so far cannot be made; none
                // named when the budget runs out first.
                let mut culprit = None;
                for k in 1..=DEALS as u32 {
                    let early: Vec<_> = order
                        .iter()
                        .copied()
                        .filter(|(_, _, x)| x.deal.is_some_and(|d| d <= k))
                        .collect();
                    match fit::fit(&needs(&early, board.len()), &[0; 52], &board, budget) {
                        Fit::Yes => {}
                        Fit::No => {
                            culprit = Some(k);
                            break;
                        }
                        Fit::Unknown => break,
                    }
                }
                out.push(match culprit {
                    Some(k) => problem(
                        "song-deal-cards",
                        None,
                        Some(k),
                        format!(
                            "the songs scored by the end of deal {k} need cards the board had not dealt by then"
                        ),
                    ),
                    None => problem(
                        "song-deal-cards",
                        None,
                        None,
                        "the songs, each from the cards dealt by its deal, and the trick piles cannot all come from the board".into(),
                    ),
                });
            }
        }
    }
    out
}

/// The budget ran out before the songs were known to fit: said for the table, whose
/// phone shows it.
fn too_complex() -> Problem {
    problem(
        "check-too-complex",
        None,
        None,
        "the songs are too many to check at the table: ask the director, who can enter the result"
            .into(),
    )
}

/// The problem for songs that cannot all come from the board: the first song in the list
/// (N-S's, then E-W's) that the board cannot add to those before it, and the card it
/// lacks when that is plain; no song named when the budget runs out before it is found.
fn not_from_the_board(
    order: &[(usize, usize, &SummarySong)],
    piles: &[u32; 52],
    whole: &[[u32; 52]],
    budget: &mut Budget,
) -> Problem {
    let needs: Vec<Need> = order
        .iter()
        .map(|(_, _, x)| Need::of(&x.reading(), x.deal, 1))
        .collect();
    let eights_in_piles: u32 = (0..4).map(|s| piles[s * 13 + EIGHT]).sum();
    let mut forced = *piles;
    for k in 0..order.len() {
        let (side, i, song) = order[k];
        if let Some(cards) = needs[k].forced_cards() {
            for c in cards {
                forced[c] += 1;
            }
        }
        match fit::fit(&needs[..=k], piles, whole, budget) {
            Fit::Yes => continue,
            Fit::No => {}
            Fit::Unknown => {
                let what = if piles.iter().any(|&n| n > 0) {
                    "these songs and the trick piles"
                } else {
                    "these songs"
                };
                return problem(
                    "songs-impossible",
                    None,
                    None,
                    format!("{what} cannot all be made from the deck"),
                );
            }
        }
        let wilds: u32 = order[..=k].iter().map(|(_, _, x)| x.wilds).sum();
        let why = if let Some(card) = (0..52).find(|&c| forced[c] > whole[0][c]) {
            let card = Card::from_index(card).expect("a card index");
            format!(
                "with the songs before it and the trick piles it needs a {} copy of {}; the deck has {}",
                ordinal(forced[card.index()] as usize),
                card.pretty(),
                whole[0][card.index()]
            )
        } else if wilds + eights_in_piles > 16 {
            format!(
                "the songs so far use {wilds} wild 8s and the trick piles hold {eights_in_piles} 8s, but the deck has sixteen"
            )
        } else {
            "with the songs before it and the trick piles, the deck's four copies of each card and sixteen 8s are not enough".into()
        };
        return problem(
            "songs-impossible",
            Some(side),
            song.deal,
            format!("{} cannot be made: {why}", label(side, i, song)),
        );
    }
    problem(
        "songs-impossible",
        None,
        None,
        "the songs and the trick piles cannot all be made from the deck".into(),
    )
}

/// One song's own shape: suit, rank and wild 8s as its kind allows.
fn check_song(side: usize, i: usize, song: &SummarySong, out: &mut Vec<Problem>) {
    let who = || label(side, i, song);
    let mut push = |code, message: String| out.push(problem(code, Some(side), song.deal, message));
    match (song.rainbow, song.suit) {
        (false, None) => push(
            "song-suit",
            format!("{}: a regular song needs its suit", who()),
        ),
        (true, Some(_)) => push(
            "song-suit",
            format!("{}: a rainbow song has all four suits, not one", who()),
        ),
        _ => {}
    }
    match (song.kind == Kind::Quartet, song.rank) {
        (true, None) => push("song-rank", format!("{}: a quartet needs its rank", who())),
        (false, Some(_)) => push("song-rank", format!("{}: only a quartet has a rank", who())),
        _ => {}
    }
    let size = song.kind.size() as u32;
    if song.wilds > size {
        push(
            "wild-count",
            format!(
                "{} has {} wild 8s, but a {} holds {size} cards",
                who(),
                song.wilds,
                song.kind
            ),
        );
    } else if song.kind == Kind::Quartet
        && song.rank.is_some_and(|r| r.index() == EIGHT)
        && song.wilds != size
    {
        push(
            "wild-count",
            format!(
                "{}: a quartet of 8s is four wild 8s (an 8 is natural only in a calypso's rank-8 place)",
                who()
            ),
        );
    }
}

/// Copies of each card dealt in each deal of the board, or the whole deck as one layer.
fn board_layers(deals: Option<&[Deal]>) -> Vec<[u32; 52]> {
    match deals {
        Some(deals) if !deals.is_empty() => deals
            .iter()
            .map(|d| {
                let mut layer = [0u32; 52];
                for hand in &d.hands {
                    for c in Card::all() {
                        layer[c.index()] += u32::from(hand.count(c));
                    }
                }
                layer
            })
            .collect(),
        _ => vec![[4; 52]],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn song(kind: Kind, rainbow: bool, suit: Option<&str>, wilds: u32, deal: u32) -> SummarySong {
        SummarySong {
            kind,
            rainbow,
            suit: suit.map(|s| s.parse().unwrap()),
            rank: None,
            wilds,
            deal: Some(deal),
        }
    }

    fn codes(p: &[Problem]) -> Vec<&'static str> {
        p.iter().map(|p| p.code).collect()
    }

    /// Each side's songs, the rest of the 208 cards as leftovers and piles: N-S's leftover
    /// takes up the slack, the piles are empty.
    fn summary(ns: Vec<SummarySong>, ew: Vec<SummarySong>) -> KaisoSummary {
        let used: usize = ns.iter().chain(&ew).map(|s| s.kind.size()).sum();
        let ew_cards: usize = ew.iter().map(|s| s.kind.size()).sum();
        let ew_left = (4 - ew_cards % 4) % 4;
        KaisoSummary {
            partnerships: Partnerships {
                ns: SideSummary {
                    songs: ns,
                    leftover: (DECK - used - ew_left) as u32,
                    trick_pile: vec![],
                    trick_pile_count: None,
                },
                ew: SideSummary {
                    songs: ew,
                    leftover: ew_left as u32,
                    trick_pile: vec![],
                    trick_pile_count: None,
                },
            },
        }
    }

    #[test]
    fn a_fifth_regular_calypso_of_a_suit_needs_a_fifth_copy() {
        let spade = |d| song(Kind::Calypso, false, Some("S"), 0, d);
        let four = summary(vec![spade(1), spade(2), spade(3)], vec![spade(4)]);
        assert_eq!(check(&four, None), vec![]);
        let five = summary(vec![spade(1), spade(2), spade(3), spade(4)], vec![spade(4)]);
        let p = check(&five, None);
        assert_eq!(codes(&p), ["songs-impossible"]);
        assert_eq!(
            p[0].message,
            "East-West's 1st song (regular ♠ calypso) cannot be made: with the songs before it \
             and the trick piles it needs a 5th copy of 2♠; the deck has 4"
        );
        assert_eq!(p[0].side, Some(1));
    }

    #[test]
    fn the_partnerships_calypso_order_sets_the_rate() {
        let s = summary(
            vec![
                song(Kind::Calypso, false, Some("S"), 0, 1),
                song(Kind::KaisoMinor, false, Some("H"), 1, 1),
                song(Kind::Calypso, true, None, 2, 2),
                song(Kind::Calypso, false, Some("H"), 0, 3),
            ],
            vec![song(Kind::Calypso, true, None, 0, 4)],
        );
        assert_eq!(check(&s, None), vec![]);
        let sc = score(&s);
        // 500; the kaiso 100 - 40; the rainbow second 375 - 80; the regular third 1000.
        assert_eq!(sc.partnerships.ns.songs, [500, 60, 295, 1000]);
        assert_eq!(sc.partnerships.ew.songs, [250], "E-W's own first calypso");
        let left = s.partnerships.ns.leftover as i64;
        assert_eq!(sc.partnerships.ns.total, 1855 - 30 * left);
    }

    #[test]
    fn songs_out_of_deal_order_are_flagged() {
        let s = summary(
            vec![
                song(Kind::Calypso, true, None, 0, 3),
                song(Kind::Calypso, false, Some("S"), 0, 2),
            ],
            vec![],
        );
        let p = check(&s, None);
        assert_eq!(codes(&p), ["song-order"]);
        assert!(
            p[0].message
                .contains("listed after the 1st song, scored in deal 3"),
            "{}",
            p[0].message
        );
        assert_eq!(p[0].deal, Some(2));
    }

    #[test]
    fn shapes_and_wild_counts_are_bounded() {
        let mut bad = vec![
            song(Kind::Calypso, false, None, 0, 1),
            song(Kind::Quartet, true, Some("S"), 0, 1),
            song(Kind::KaisoMidi, false, Some("H"), 5, 2),
            song(Kind::Quartet, false, Some("D"), 3, 2),
        ];
        bad[1].rank = Some("5S".parse::<Card>().unwrap().rank());
        bad[3].rank = Some("8S".parse::<Card>().unwrap().rank());
        let p = check(&summary(bad, vec![]), None);
        assert_eq!(
            codes(&p),
            ["song-suit", "song-suit", "wild-count", "wild-count"]
        );
        assert!(
            p[2].message
                .contains("has 5 wild 8s, but a kaiso midi holds 4 cards")
        );
        // Seventeen wild 8s: more than the deck has.
        let q = SummarySong {
            rank: Some("8S".parse::<Card>().unwrap().rank()),
            ..song(Kind::Quartet, false, Some("D"), 4, 1)
        };
        let mut many = vec![q.clone(); 4];
        many.push(song(Kind::KaisoMajor, true, None, 1, 2));
        let p = check(&summary(many, vec![]), None);
        assert_eq!(codes(&p), ["songs-impossible"]);
        assert!(p[0].message.contains("use 17 wild 8s"), "{}", p[0].message);
    }

    #[test]
    fn a_trick_pile_may_be_counted_instead_of_listed() {
        // 208 cards: a regular club kaiso major for N-S, the rest as counted piles.
        let mut s = summary(vec![song(Kind::KaisoMajor, false, Some("C"), 0, 1)], vec![]);
        s.partnerships.ns.leftover = 0;
        s.partnerships.ns.trick_pile_count = Some(100);
        s.partnerships.ew.leftover = 0;
        s.partnerships.ew.trick_pile_count = Some(104);
        assert_eq!(codes(&check(&s, None)), Vec::<&str>::new());
        // Counted one short: the cards no longer make the deck.
        s.partnerships.ew.trick_pile_count = Some(103);
        assert_eq!(codes(&check(&s, None)), ["side-count", "card-count"]);
        // Both a list and a count: refused, named.
        s.partnerships.ew.trick_pile_count = Some(104);
        s.partnerships.ew.trick_pile = vec!["AS".parse().unwrap()];
        let p = check(&s, None);
        assert_eq!(codes(&p)[0], "trick-pile-twice");
        assert!(
            p[0].message
                .contains("both listed (1 card) and counted (104)"),
            "{}",
            p[0].message
        );
        // As JSON: a number.
        let j: KaisoSummary = serde_json::from_str(
            r#"{"partnerships":{"NS":{"songs":[],"leftover":4,"trick_pile_count":100},"EW":{"trick_pile_count":104}}}"#,
        )
        .unwrap();
        assert_eq!(j.partnerships.ns.pile_len(), 100);
        assert_eq!(j.partnerships.ew.pile_len(), 104);
    }

    #[test]
    fn counts_and_piles_add_up_to_the_deck() {
        let mut s = summary(vec![song(Kind::KaisoMajor, false, Some("C"), 0, 1)], vec![]);
        s.partnerships.ew.trick_pile = vec!["AS".parse().unwrap(); 5];
        s.partnerships.ns.leftover -= 1;
        let p = check(&s, None);
        assert_eq!(
            codes(&p),
            ["too-many-copies", "side-count", "side-count", "card-count"]
        );
        assert_eq!(
            p[0].message,
            "the trick piles hold 5 copies of A♠, the deck has 4"
        );
        assert!(p[3].message.contains("add up to 212"), "{}", p[3].message);
    }

    #[test]
    fn a_song_uses_cards_dealt_by_its_deal() {
        use crate::engine::cards::{CardCounts, Seat};
        use crate::engine::spec::GameSpec;
        // A board dealt in canonical order: deal 1 is the first pack (every card once).
        let spec = GameSpec::default();
        let deals = spec.deal_stack(&spec.canonical_deck(), Seat::North);
        let clubs = |d| song(Kind::Calypso, false, Some("C"), 0, d);
        // Two club calypsos by the end of deal 1: deal 1 dealt each club once.
        let s = summary(vec![clubs(1), clubs(1)], vec![]);
        assert_eq!(check(&s, None), vec![], "the whole deck allows it");
        let p = check(&s, Some(&deals));
        assert_eq!(codes(&p), ["song-deal-cards"]);
        assert_eq!(p[0].deal, Some(1));
        let s = summary(vec![clubs(1), clubs(2)], vec![]);
        assert_eq!(check(&s, Some(&deals)), vec![]);
        let _ = CardCounts::new();
    }
}
