//! Songs as data: the scoring combinations (chords and scales, regular or rainbow), what a
//! song of cards may still become, which combination a finished song is, and what it scores.
//!
//! A song is a multiset of cards. Its 8s are wildcards: an 8 may stand for any card, rank
//! and suit. A song is legal while some assignment of its 8s makes its cards part of some
//! scoring combination; every card placed narrows what the 8s can be, and nothing else
//! does (where an 8 lies on the table is not recorded). The only 8 that is not wild is a
//! natural 8: an 8 in the rank-8 place of a calypso, of the calypso's suit in a regular one.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::wire;
use crate::engine::cards::{Card, Rank, Suit};

/// The rank index of the 8 (2 is 0).
pub const EIGHT: usize = 6;

/// Points lost for each 8 used as a wildcard in a scored song.
pub const WILD_PENALTY: i64 = 40;
/// Points lost, at the end of the game, for each card left in a song not scored.
pub const LEFTOVER_PENALTY: i64 = 30;

/// The five scoring combinations. Quartets are chords (four cards of one rank); the others
/// are scales (one card of each of their ranks).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// 2 up to A, one card of each rank.
    Calypso,
    /// 2 3 4 5.
    KaisoMinor,
    /// 6 7 9 T: no 8.
    KaisoMidi,
    /// J Q K A.
    KaisoMajor,
    /// Four cards of one rank.
    Quartet,
}

const CALYPSO_RANKS: [usize; 13] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const MINOR_RANKS: [usize; 4] = [0, 1, 2, 3];
const MIDI_RANKS: [usize; 4] = [4, 5, 7, 8];
const MAJOR_RANKS: [usize; 4] = [9, 10, 11, 12];

/// A set of rank indices as bits.
const fn mask(ranks: &[usize]) -> u16 {
    let mut m = 0;
    let mut i = 0;
    while i < ranks.len() {
        m |= 1 << ranks[i];
        i += 1;
    }
    m
}

impl Kind {
    pub const ALL: [Kind; 5] = [
        Kind::Calypso,
        Kind::KaisoMinor,
        Kind::KaisoMidi,
        Kind::KaisoMajor,
        Kind::Quartet,
    ];

    /// Cards in the finished combination.
    pub const fn size(self) -> usize {
        match self {
            Kind::Calypso => 13,
            _ => 4,
        }
    }

    /// The ranks (indices, low to high) of a scale; `None` for the quartet, a chord.
    pub fn scale_ranks(self) -> Option<&'static [usize]> {
        match self {
            Kind::Calypso => Some(&CALYPSO_RANKS),
            Kind::KaisoMinor => Some(&MINOR_RANKS),
            Kind::KaisoMidi => Some(&MIDI_RANKS),
            Kind::KaisoMajor => Some(&MAJOR_RANKS),
            Kind::Quartet => None,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Kind::Calypso => "calypso",
            Kind::KaisoMinor => "kaiso minor",
            Kind::KaisoMidi => "kaiso midi",
            Kind::KaisoMajor => "kaiso major",
            Kind::Quartet => "quartet",
        }
    }

    /// The ranks of a scale as bits (rank index i is bit i); 0 for the quartet.
    const fn rank_mask(self) -> u16 {
        match self {
            Kind::Calypso => mask(&CALYPSO_RANKS),
            Kind::KaisoMinor => mask(&MINOR_RANKS),
            Kind::KaisoMidi => mask(&MIDI_RANKS),
            Kind::KaisoMajor => mask(&MAJOR_RANKS),
            Kind::Quartet => 0,
        }
    }

    pub fn is_kaiso(self) -> bool {
        matches!(self, Kind::KaisoMinor | Kind::KaisoMidi | Kind::KaisoMajor)
    }

    /// The combination's value before wild 8s. A calypso's depends on how many calypsos,
    /// of either kind, its partnership scored before it: 1st lowest, 2nd medium, 3rd and
    /// later highest.
    pub fn base_points(self, rainbow: bool, calypsos_before: usize) -> i64 {
        let rate = calypsos_before.min(2);
        match (self, rainbow) {
            (Kind::Calypso, false) => [500, 750, 1000][rate],
            (Kind::Calypso, true) => [250, 375, 500][rate],
            (Kind::Quartet, false) => 50,
            (Kind::Quartet, true) => 30,
            (_, false) => 100,
            (_, true) => 50,
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The families a song can belong to, in the order a tie between equal scores is settled.
const FAMILIES: [(Kind, bool); 10] = [
    (Kind::Calypso, false),
    (Kind::Calypso, true),
    (Kind::KaisoMinor, false),
    (Kind::KaisoMidi, false),
    (Kind::KaisoMajor, false),
    (Kind::KaisoMinor, true),
    (Kind::KaisoMidi, true),
    (Kind::KaisoMajor, true),
    (Kind::Quartet, false),
    (Kind::Quartet, true),
];

/// A finished song read as one combination: which, its suit (regular songs) or rank
/// (quartets), and how many of its 8s are wild.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reading {
    pub kind: Kind,
    pub rainbow: bool,
    /// The suit of a regular song; `None` for a rainbow one.
    #[serde(
        with = "wire::opt_suit",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub suit: Option<Suit>,
    /// The rank of a quartet; `None` for a scale.
    #[serde(
        with = "wire::opt_rank",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub rank: Option<Rank>,
    /// 8s standing in for another card (a natural 8 in a calypso is not counted).
    pub wilds: u32,
}

impl Reading {
    /// What the song scores, its partnership having scored `calypsos_before` calypsos.
    pub fn points(&self, calypsos_before: usize) -> i64 {
        self.kind.base_points(self.rainbow, calypsos_before) - WILD_PENALTY * i64::from(self.wilds)
    }
}

impl fmt::Display for Reading {
    /// "regular ♠ calypso, 1 wild 8", "rainbow quartet of 5s", "regular ♥ kaiso minor".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.rainbow {
            write!(f, "rainbow ")?;
        } else {
            write!(f, "regular ")?;
            if let Some(suit) = self.suit {
                write!(f, "{} ", suit.symbol())?;
            }
        }
        write!(f, "{}", self.kind)?;
        if let Some(rank) = self.rank {
            write!(f, " of {}s", rank.char())?;
        }
        match self.wilds {
            0 => Ok(()),
            1 => write!(f, ", 1 wild 8"),
            n => write!(f, ", {n} wild 8s"),
        }
    }
}

/// A song's cards counted: the cards that are not 8s by rank and by suit, and the 8s by
/// suit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    ranks: [u8; 13],
    suits: [u8; 4],
    eights: [u8; 4],
    /// Cards that are not 8s.
    naturals: u8,
    total: u8,
}

impl Tally {
    pub fn of(cards: &[Card]) -> Tally {
        let mut t = Tally::default();
        for &c in cards {
            t.add(c);
        }
        t
    }

    pub fn add(&mut self, card: Card) {
        if card.rank().index() == EIGHT {
            self.eights[card.suit().index()] += 1;
        } else {
            self.ranks[card.rank().index()] += 1;
            self.suits[card.suit().index()] += 1;
            self.naturals += 1;
        }
        self.total += 1;
    }

    pub fn with(mut self, card: Card) -> Tally {
        self.add(card);
        self
    }

    /// Both songs' cards together.
    pub fn join(&self, other: &Tally) -> Tally {
        let mut t = *self;
        for i in 0..13 {
            t.ranks[i] += other.ranks[i];
        }
        for i in 0..4 {
            t.suits[i] += other.suits[i];
            t.eights[i] += other.eights[i];
        }
        t.naturals += other.naturals;
        t.total += other.total;
        t
    }

    pub fn len(&self) -> usize {
        usize::from(self.total)
    }

    pub fn is_empty(&self) -> bool {
        self.total == 0
    }

    pub fn eights(&self) -> u32 {
        self.eights.iter().map(|&n| u32::from(n)).sum()
    }

    fn present_suit(&self) -> Option<Suit> {
        (0..4).find(|&s| self.suits[s] > 0).map(Suit::from_index)
    }

    fn present_rank(&self) -> Option<usize> {
        (0..13).find(|&r| self.ranks[r] > 0)
    }

    fn suits_present(&self) -> usize {
        self.suits.iter().filter(|&&n| n > 0).count()
    }

    /// Cards of a rainbow calypso still missing for two of each suit.
    fn deficit(&self) -> usize {
        self.suits
            .iter()
            .map(|&n| 2usize.saturating_sub(usize::from(n)))
            .sum()
    }

    /// Can these cards, the 8s as wildcards, be part of the combination `kind` (regular or
    /// rainbow)?
    pub fn fits(&self, kind: Kind, rainbow: bool) -> bool {
        if self.len() > kind.size() {
            return false;
        }
        let (present, twice) = self.rank_set();
        self.fits_ranks(kind, rainbow, present, twice)
    }

    /// The ranks of the cards that are not 8s as bits, and whether one is there twice.
    fn rank_set(&self) -> (u16, bool) {
        let mut present: u16 = 0;
        let mut twice = false;
        for (r, &n) in self.ranks.iter().enumerate() {
            if n > 0 {
                present |= 1 << r;
                twice |= n > 1;
            }
        }
        (present, twice)
    }

    fn fits_ranks(&self, kind: Kind, rainbow: bool, present: u16, twice: bool) -> bool {
        if self.len() > kind.size() {
            return false;
        }
        if kind == Kind::Quartet {
            return present.count_ones() <= 1
                && if rainbow {
                    self.suits.iter().all(|&n| n <= 1)
                } else {
                    self.suits_present() <= 1
                };
        }
        if twice || present & !kind.rank_mask() != 0 {
            return false;
        }
        if !rainbow {
            self.suits_present() <= 1
        } else if kind == Kind::Calypso {
            self.deficit() <= 13 - usize::from(self.naturals)
        } else {
            self.suits.iter().all(|&n| n <= 1)
        }
    }

    /// Does the song build toward some scoring combination?
    pub fn builds(&self) -> bool {
        let (present, twice) = self.rank_set();
        FAMILIES
            .iter()
            .any(|&(k, rb)| self.fits_ranks(k, rb, present, twice))
    }

    /// Does the song build toward some regular (one-suit) combination?
    pub fn builds_regular(&self) -> bool {
        let (present, twice) = self.rank_set();
        FAMILIES
            .iter()
            .any(|&(k, rb)| !rb && self.fits_ranks(k, rb, present, twice))
    }

    /// The song read as a finished `kind`, if it is exactly one, with the fewest wild 8s.
    pub fn reading_as(&self, kind: Kind, rainbow: bool) -> Option<Reading> {
        if self.len() != kind.size() || !self.fits(kind, rainbow) {
            return None;
        }
        let eights = self.eights();
        // A song of 8s only names no suit or rank: it reads as the first suit among its 8s
        // and as a quartet of 8s.
        let first_eight_suit = (0..4).find(|&s| self.eights[s] > 0).map(Suit::from_index);
        let suit = (!rainbow)
            .then(|| self.present_suit().or(first_eight_suit))
            .flatten();
        let rank = (kind == Kind::Quartet)
            .then(|| Rank::from_index(self.present_rank().unwrap_or(EIGHT)))
            .flatten();
        let wilds = match (kind, rainbow) {
            (Kind::Calypso, false) => {
                let natural = suit.is_some_and(|s| self.eights[s.index()] > 0);
                eights - u32::from(natural)
            }
            (Kind::Calypso, true) => {
                // One 8 of suit u in the rank-8 place keeps its suit; the others can be any
                // suit. Natural if the suits still come to two each with one wild fewer.
                let d = self.deficit();
                let natural = (0..4).any(|u| {
                    self.eights[u] > 0 && d - usize::from(self.suits[u] < 2) < eights as usize
                });
                eights - u32::from(natural)
            }
            _ => eights,
        };
        Some(Reading {
            kind,
            rainbow,
            suit,
            rank,
            wilds,
        })
    }

    /// Every combination the song exactly is.
    pub fn readings(&self) -> Vec<Reading> {
        FAMILIES
            .iter()
            .filter_map(|&(k, rb)| self.reading_as(k, rb))
            .collect()
    }

    /// The reading that scores most when the song is scored after `calypsos_before` of its
    /// partnership's calypsos; equal scores go to the first of: calypso, kaiso, quartet,
    /// regular before rainbow.
    pub fn best_reading(&self, calypsos_before: usize) -> Option<Reading> {
        let mut best: Option<Reading> = None;
        for r in self.readings() {
            if best.is_none_or(|b| r.points(calypsos_before) > b.points(calypsos_before)) {
                best = Some(r);
            }
        }
        best
    }
}

/// Why two songs cannot be joined by a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MedleyRefusal {
    /// The cards together build toward nothing.
    NoSong,
    /// They would build toward a scale, but the card does not fill a gap between them.
    NoGap,
}

/// May `card` join the songs `a` and `b` in a medley? For a chord the card is of the songs'
/// rank; for a scale its rank lies strictly between the two songs' ranks, so songs whose
/// ranks touch can no longer be joined. 8s take whatever ranks make it work.
pub fn medley(a: &Tally, b: &Tally, card: Card) -> Result<(), MedleyRefusal> {
    let joined = a.join(b).with(card);
    let mut scale_fits = false;
    for &(kind, rainbow) in &FAMILIES {
        if !joined.fits(kind, rainbow) {
            continue;
        }
        let Some(ranks) = kind.scale_ranks() else {
            // A chord: every card not an 8 has one rank, the card's (or the card is an 8).
            return Ok(());
        };
        scale_fits = true;
        if in_gap(a, b, card, ranks) || in_gap(b, a, card, ranks) {
            return Ok(());
        }
    }
    Err(if scale_fits {
        MedleyRefusal::NoGap
    } else {
        MedleyRefusal::NoSong
    })
}

/// Can the card take a rank `x` of the scale with all of `lo` below it and all of `hi`
/// above it, each song's 8s finding free ranks on its side? The cards together already
/// fit the scale (distinct ranks, all of the scale).
fn in_gap(lo: &Tally, hi: &Tally, card: Card, ranks: &[usize]) -> bool {
    let lo_max = (0..13).rev().find(|&r| lo.ranks[r] > 0);
    let hi_min = (0..13).find(|&r| hi.ranks[r] > 0);
    let taken = |r: usize| lo.ranks[r] > 0 || hi.ranks[r] > 0;
    let candidates: Vec<usize> = if card.rank().index() == EIGHT {
        ranks.iter().copied().filter(|&r| !taken(r)).collect()
    } else {
        vec![card.rank().index()]
    };
    candidates.into_iter().any(|x| {
        let below = ranks.iter().filter(|&&r| r < x).count();
        let above = ranks.iter().filter(|&&r| r > x).count();
        lo_max.is_none_or(|m| m < x)
            && hi_min.is_none_or(|m| x < m)
            && below >= usize::from(lo.naturals) + lo.eights() as usize
            && above >= usize::from(hi.naturals) + hi.eights() as usize
    })
}

/// Cards of a song for people, in rank order: `2♥ 3♥ 8♣`.
pub fn show(cards: &[Card]) -> String {
    let mut sorted = cards.to_vec();
    sorted.sort_by_key(|c| (c.rank(), c.suit()));
    sorted
        .iter()
        .map(|c| c.pretty())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cards::parse_cards;

    fn t(s: &str) -> Tally {
        Tally::of(&parse_cards(s).unwrap())
    }

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    fn best(s: &str) -> Option<(String, i64)> {
        t(s).best_reading(0).map(|r| (r.to_string(), r.points(0)))
    }

    #[test]
    fn a_song_of_two_twos_takes_no_three() {
        // The seed's example: "2,2" may only become a quartet.
        assert!(t("2S 2S").builds());
        assert!(!t("2S 2S 3S").builds());
        assert!(t("2S 2S 2S").builds());
        assert!(
            !t("2S 2S 2H").builds(),
            "a regular quartet is one card four times"
        );
        assert!(t("2S 2H 2D").builds(), "a rainbow quartet");
        assert!(!t("2S 2S 2S 2S 2S").builds(), "a quartet holds four cards");
    }

    #[test]
    fn a_five_eight_song_is_chord_or_scale_until_disambiguated() {
        let five_eight = t("5S 8H");
        assert!(five_eight.builds());
        // Another 5: only a chord now (a rainbow quartet: 5♠ and 5♦ are two suits).
        assert!(five_eight.with(c("5D")).builds());
        // A 6: only a scale (the 8 cannot be a 5 and a 6 the 6 of a chord of 5s).
        assert!(five_eight.with(c("6S")).builds());
        assert!(five_eight.with(c("5D")).with(c("6S")).readings().is_empty());
        assert!(!five_eight.with(c("5D")).with(c("6S")).builds());
    }

    #[test]
    fn an_eight_is_narrowed_by_a_later_card() {
        // 2♠ 3♠ 8♥: the 8 may be a 4 or a 5 of a kaiso minor, or any rank of a calypso.
        let song = t("2S 3S 8H");
        assert!(song.fits(Kind::KaisoMinor, false));
        // The 4♠ narrows it: the kaiso minor needs the 8 to be the 5♠.
        let song = song.with(c("4S"));
        let r = song.reading_as(Kind::KaisoMinor, false).unwrap();
        assert_eq!((r.suit, r.wilds), (Some(Suit::Spades), 1));
        // Then a 5♠ makes five cards: no kaiso any more, only a calypso.
        let song = song.with(c("5S"));
        assert!(!song.fits(Kind::KaisoMinor, false));
        assert!(song.fits(Kind::Calypso, false));
        // A 5♠ 8♥ chord narrowed by 5♦ to a rainbow quartet of 5s takes no 6.
        let chord = t("5S 8H 5D");
        assert!(!chord.fits(Kind::Calypso, false) && !chord.fits(Kind::Calypso, true));
        assert!(!chord.with(c("6S")).builds());
        assert!(chord.with(c("5C")).builds());
    }

    #[test]
    fn a_kaiso_midi_has_no_eight() {
        assert_eq!(
            best("6S 7S 9S TS"),
            Some(("regular ♠ kaiso midi".into(), 100))
        );
        // An 8♠ with 7 9 T is a wild 8 standing for the 6♠: the midi has no rank 8.
        assert_eq!(
            best("7S 8S 9S TS"),
            Some(("regular ♠ kaiso midi, 1 wild 8".into(), 60))
        );
        // 5 6 7 with an 8 is no kaiso: a midi has no 5, a minor no 6 or 7.
        assert_eq!(best("5S 6S 7S 8S"), None);
        assert!(t("5S 6S 7S 8S").builds(), "still a calypso in the making");
        assert!(t("5S 6S 7S 8S").fits(Kind::Calypso, false));
        assert!(!t("5S 6S 7S 8S").fits(Kind::KaisoMidi, false));
    }

    #[test]
    fn a_natural_eight_in_a_calypso_is_not_penalised() {
        let spades = "2S 3S 4S 5S 6S 7S 9S TS JS QS KS AS";
        assert_eq!(
            best(&format!("{spades} 8S")),
            Some(("regular ♠ calypso".into(), 500))
        );
        // An 8♥ in a spade calypso stands for the 8♠: wild.
        assert_eq!(
            best(&format!("{spades} 8H")),
            Some(("regular ♠ calypso, 1 wild 8".into(), 460))
        );
        // Two 8♠: one natural, one standing for the 5♠.
        assert_eq!(
            best("2S 3S 4S 6S 7S 8S 8S 9S TS JS QS KS AS"),
            Some(("regular ♠ calypso, 1 wild 8".into(), 460))
        );
        // In a rainbow calypso any 8 in the rank-8 place is natural.
        assert_eq!(
            best("2S 3S 4H 5H 6D 7D 8C 9C TS JH QD KC AS"),
            Some(("rainbow calypso".into(), 250))
        );
    }

    #[test]
    fn a_rainbow_calypso_needs_two_of_each_suit() {
        // Two clubs, two diamonds, two hearts, one spade: short of a spade.
        let short = "2C 3C 4D 5D 6H 7H 9H TH JH QH KH AS";
        assert!(
            t(short).fits(Kind::Calypso, true),
            "the 8 to come can be the spade"
        );
        // An 8♣ in the rank-8 place would leave the spades at one: it must be wild,
        // standing for a spade.
        assert_eq!(
            best(&format!("{short} 8C")),
            Some(("rainbow calypso, 1 wild 8".into(), 210))
        );
        // An 8♠ in the rank-8 place is natural and the second spade.
        assert_eq!(
            best(&format!("{short} 8S")),
            Some(("rainbow calypso".into(), 250))
        );
        // Eleven hearts and one spade can never become two of each suit.
        assert!(!t("2H 3H 4H 5H 6H 7H 9H TH JH QH KS").fits(Kind::Calypso, true));
        // With 8s as wildcards for the missing suits it reads, the 8s penalised.
        let r = t("2C 3D 4H 5S 6C 7D 8H 8S 8C 8D 8H QS AC")
            .reading_as(Kind::Calypso, true)
            .unwrap();
        assert_eq!(r.wilds, 4, "one of the five 8s is natural");
    }

    #[test]
    fn the_scores_follow_the_seeds_table() {
        assert_eq!(Kind::Calypso.base_points(false, 0), 500);
        assert_eq!(Kind::Calypso.base_points(false, 1), 750);
        assert_eq!(Kind::Calypso.base_points(false, 2), 1000);
        assert_eq!(Kind::Calypso.base_points(false, 7), 1000);
        assert_eq!(Kind::Calypso.base_points(true, 0), 250);
        assert_eq!(Kind::Calypso.base_points(true, 1), 375);
        assert_eq!(Kind::Calypso.base_points(true, 2), 500);
        assert_eq!(
            best("2H 3H 4H 5H"),
            Some(("regular ♥ kaiso minor".into(), 100))
        );
        assert_eq!(
            best("JH QS KD AC"),
            Some(("rainbow kaiso major".into(), 50))
        );
        assert_eq!(
            best("7D 7D 7D 7D"),
            Some(("regular ♦ quartet of 7s".into(), 50))
        );
        assert_eq!(
            best("7D 7S 7H 7C"),
            Some(("rainbow quartet of 7s".into(), 30))
        );
        // Four 8s: the best reading is a regular kaiso, four wilds.
        assert_eq!(
            best("8D 8S 8H 8D"),
            Some(("regular ♦ kaiso minor, 4 wild 8s".into(), -60))
        );
    }

    #[test]
    fn a_medley_joins_two_songs_across_a_gap() {
        // The seed's examples: 6 joins 3 4 5 and 7 8 9 T J; 7 joins 2 4 and T K A.
        assert_eq!(
            medley(&t("3S 4S 5S"), &t("7S 8S 9S TS JS"), c("6S")),
            Ok(())
        );
        assert_eq!(medley(&t("2S 4S"), &t("TS KS AS"), c("7S")), Ok(()));
        assert_eq!(
            medley(&t("TS KS AS"), &t("2S 4S"), c("7S")),
            Ok(()),
            "either order"
        );
        // A chord: a 3 joins a 3 and a pair of 3s.
        assert_eq!(medley(&t("3S"), &t("3S 3S"), c("3S")), Ok(()));
        // An 8 fills the gap as a wildcard, or a song's 8 takes a free rank on its side.
        assert_eq!(medley(&t("2S 4S"), &t("TS KS AS"), c("8H")), Ok(()));
        assert_eq!(medley(&t("2S 8H"), &t("5S 6S"), c("4S")), Ok(()));
    }

    #[test]
    fn no_medley_without_a_gap() {
        // 2 3 and 4 5 6 touch: no card lies between them.
        assert_eq!(
            medley(&t("2S 3S"), &t("4S 5S 6S"), c("7S")),
            Err(MedleyRefusal::NoGap)
        );
        assert_eq!(
            medley(&t("2S 3S"), &t("5S 6S"), c("7S")),
            Err(MedleyRefusal::NoGap),
            "the card must lie between the songs, not beyond them"
        );
        // The 8 of 2♠ 8♥ must be the 3 below the 4: then 3 and 4 touch the 5.
        assert_eq!(
            medley(&t("2S 3S 8H"), &t("5S 6S"), c("4S")),
            Err(MedleyRefusal::NoGap)
        );
        // In a kaiso midi 7 and 9 touch; in a calypso the 8♠ fills the gap.
        assert_eq!(medley(&t("7S"), &t("9S"), c("8S")), Ok(()));
        // Cards that build toward nothing together.
        assert_eq!(
            medley(&t("2S"), &t("3H 3H"), c("4S")),
            Err(MedleyRefusal::NoSong)
        );
        assert_eq!(
            medley(&t("5S"), &t("5S"), c("6S")),
            Err(MedleyRefusal::NoSong)
        );
    }

    /// The medley rule by its words: some scale the cards fit, with ranks for every 8, puts
    /// one song wholly below the card and the other wholly above it; or they make a chord.
    fn medley_by_enumeration(a: &[Card], b: &[Card], card: Card) -> Result<(), MedleyRefusal> {
        let joined = Tally::of(a).join(&Tally::of(b)).with(card);
        if joined.fits(Kind::Quartet, false) || joined.fits(Kind::Quartet, true) {
            return Ok(());
        }
        let mut scale_fits = false;
        for &(kind, rainbow) in &FAMILIES {
            let Some(ranks) = kind.scale_ranks() else {
                continue;
            };
            if !joined.fits(kind, rainbow) {
                continue;
            }
            scale_fits = true;
            // Every way to give the 8s (of a, b, and the card) distinct ranks of the scale
            // not held by another card.
            let all: Vec<(usize, Card)> = a
                .iter()
                .map(|&c| (0, c))
                .chain(b.iter().map(|&c| (1, c)))
                .chain([(2, card)])
                .collect();
            let fixed: Vec<usize> = all
                .iter()
                .filter(|(_, c)| c.rank().index() != EIGHT)
                .map(|(_, c)| c.rank().index())
                .collect();
            let eights: Vec<usize> = (0..all.len())
                .filter(|&i| all[i].1.rank().index() == EIGHT)
                .collect();
            let free: Vec<usize> = ranks
                .iter()
                .copied()
                .filter(|r| !fixed.contains(r))
                .collect();
            let mut pick = vec![0usize; eights.len()];
            loop {
                let distinct =
                    (0..pick.len()).all(|i| (i + 1..pick.len()).all(|j| pick[i] != pick[j]));
                if distinct && pick.iter().all(|&p| p < free.len()) {
                    let ranks_now: Vec<usize> = (0..all.len())
                        .map(|i| match eights.iter().position(|&e| e == i) {
                            Some(k) => free[pick[k]],
                            None => all[i].1.rank().index(),
                        })
                        .collect();
                    let x = ranks_now[all.len() - 1];
                    let side = |s: usize| {
                        (0..all.len() - 1)
                            .filter(|&i| all[i].0 == s)
                            .map(|i| ranks_now[i])
                            .collect::<Vec<_>>()
                    };
                    let below = |s: usize| side(s).iter().all(|&r| r < x);
                    let above = |s: usize| side(s).iter().all(|&r| r > x);
                    if (below(0) && above(1)) || (below(1) && above(0)) {
                        return Ok(());
                    }
                }
                // Next pick, as a counter in base free.len().
                let mut i = 0;
                loop {
                    if i == pick.len() {
                        break;
                    }
                    pick[i] += 1;
                    if pick[i] < free.len() {
                        break;
                    }
                    pick[i] = 0;
                    i += 1;
                }
                if i == pick.len() {
                    break;
                }
            }
        }
        Err(if scale_fits {
            MedleyRefusal::NoGap
        } else {
            MedleyRefusal::NoSong
        })
    }

    #[test]
    fn the_medley_rule_agrees_with_enumerating_the_eights() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        // Cards of a few ranks around the 8 and two suits, so gaps, touching songs, chords
        // and 8s are all common.
        let pool = parse_cards("2S 3S 4S 5S 6S 7S 8S 8H 9S TS 5H 6H 9H").unwrap();
        let mut draw = |n: usize| -> Vec<Card> {
            (0..n)
                .map(|_| pool[rng.next_u32() as usize % pool.len()])
                .collect()
        };
        let mut seen = [0usize; 3];
        let mut tried = 0;
        while tried < 3000 {
            let (la, lb) = (1 + tried % 3, 1 + (tried / 3) % 3);
            let (a, b) = (draw(la), draw(lb));
            let card = draw(1)[0];
            if !Tally::of(&a).builds() || !Tally::of(&b).builds() {
                continue;
            }
            tried += 1;
            let got = medley(&Tally::of(&a), &Tally::of(&b), card);
            assert_eq!(
                got,
                medley_by_enumeration(&a, &b, card),
                "{a:?} {b:?} {card}"
            );
            seen[match got {
                Ok(()) => 0,
                Err(MedleyRefusal::NoGap) => 1,
                Err(MedleyRefusal::NoSong) => 2,
            }] += 1;
        }
        assert!(
            seen.iter().all(|&n| n > 100),
            "joined, no gap, no song: {seen:?}"
        );
    }
}
