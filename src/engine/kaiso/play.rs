//! One Kaiso game as it is played: [`Game`] decides the tricks, and after each won trick
//! its winner places the four cards one by one before the next trick is led.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::placement::{Placement, SongId, To};
use super::side::{Partnerships, side_name};
use super::song::{self, LEFTOVER_PENALTY, MedleyRefusal, Reading, Tally};
use super::summary::{KaisoSummary, SideSummary, SummarySong};
use super::wire;
use crate::engine::cards::{Card, CardCounts, Seat};
use crate::engine::game::{CardPlayed, Game, HandsError, PlayError, Revoke};
use crate::engine::spec::{GameSpec, Variant};

/// A song scored: which, when, as what, with what cards, for how many points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoredSong {
    pub song: SongId,
    /// 1-based deal and trick in which it was scored.
    pub deal: usize,
    pub trick: usize,
    #[serde(flatten)]
    pub reading: Reading,
    #[serde(with = "wire::cards")]
    pub cards: Vec<Card>,
    pub points: i64,
}

/// A song still on the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenSong {
    pub song: SongId,
    #[serde(with = "wire::cards")]
    pub cards: Vec<Card>,
}

/// One partnership's result.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideOutcome {
    /// In the order scored.
    pub songs: Vec<ScoredSong>,
    /// Songs not scored, and all their cards (the leftover song cards).
    pub open_songs: Vec<OpenSong>,
    #[serde(with = "wire::cards")]
    pub leftover: Vec<Card>,
    #[serde(with = "wire::cards")]
    pub trick_pile: Vec<Card>,
    pub song_points: i64,
    /// -30 per leftover card.
    pub leftover_points: i64,
    pub total: i64,
}

/// A revoke found in trick play (as [`Revoke`], for JSON).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KaisoRevoke {
    pub deal: usize,
    pub trick: usize,
    #[serde(with = "seat_letter")]
    pub seat: Seat,
    #[serde(with = "wire::card")]
    pub card: Card,
}

mod seat_letter {
    use crate::engine::cards::Seat;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(seat: &Seat, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(seat)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Seat, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

/// The game's result (final once every deal is played and placed).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KaisoOutcome {
    pub partnerships: Partnerships<SideOutcome>,
    /// Cards played against the follow-suit rule. Kaiso's score table has no revoke
    /// penalty, so they are listed, not scored.
    pub revokes: Vec<KaisoRevoke>,
    pub deals_played: usize,
    pub complete: bool,
}

impl KaisoOutcome {
    /// What a table would enter for this game: the summary [`super::check`] reads.
    pub fn summary(&self) -> KaisoSummary {
        KaisoSummary {
            partnerships: Partnerships::from_fn(|side| {
                let o = self.partnerships.get(side);
                SideSummary {
                    songs: o
                        .songs
                        .iter()
                        .map(|s| SummarySong {
                            kind: s.reading.kind,
                            rainbow: s.reading.rainbow,
                            suit: s.reading.suit,
                            rank: s.reading.rank,
                            wilds: s.reading.wilds,
                            deal: Some(s.deal as u32),
                        })
                        .collect(),
                    leftover: o.leftover.len() as u32,
                    trick_pile: o.trick_pile.clone(),
                    trick_pile_count: None,
                }
            }),
        }
    }
}

/// The cards of a won trick, waiting for their winner to place them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WonTrick {
    pub deal: usize,
    pub trick: usize,
    pub winner: Seat,
    /// The trick's cards by seat.
    pub cards: [Card; 4],
    /// Those not placed yet.
    pub to_place: Vec<Card>,
}

/// What a placement did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    /// The song the card went to (the medley's song), if not ditched.
    pub song: Option<SongId>,
    /// The song it scored, if it did.
    pub scored: Option<ScoredSong>,
}

/// A placement the rules refuse, as a sentence naming the card and songs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacementError(pub String);

impl fmt::Display for PlacementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PlacementError {}

/// A card that cannot be played now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KaisoPlayError {
    /// As in Calypso: no deal in play, or the card is not held.
    Game(PlayError),
    /// The last trick's cards are not all placed yet.
    PlaceFirst { winner: Seat, left: usize },
}

impl fmt::Display for KaisoPlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KaisoPlayError::Game(PlayError::NotInPlay) => f.write_str("no deal is in play"),
            KaisoPlayError::Game(PlayError::NotHeld { seat, card }) => {
                write!(f, "{} does not hold {card}", seat.name())
            }
            // Only Duet's call-and-response holds cards back; Kaiso plays the standard deal.
            KaisoPlayError::Game(PlayError::NotYetHeld { seat, card }) => {
                write!(f, "{} does not hold {card} yet", seat.name())
            }
            KaisoPlayError::PlaceFirst { winner, left } => write!(
                f,
                "{} has {left} card(s) of the last trick still to place",
                winner.name()
            ),
        }
    }
}

/// Why a song number is not on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Gone {
    Scored,
    JoinedInto(u32),
}

#[derive(Clone, Debug, Default)]
struct Side {
    /// Songs on the table by number, with their cards counted.
    songs: BTreeMap<u32, (Vec<Card>, Tally)>,
    next: u32,
    gone: BTreeMap<u32, Gone>,
    scored: Vec<ScoredSong>,
    calypsos: usize,
    pile: Vec<Card>,
}

/// A Kaiso game in play.
#[derive(Clone, Debug)]
pub struct KaisoGame<'s> {
    game: Game<'s>,
    sides: [Side; 2],
    trick: [Option<Card>; 4],
    won: Option<WonTrick>,
}

/// Is this the four-hand partnership game with the whole quad deck, which Kaiso needs?
pub fn kaiso_spec_ok(spec: &GameSpec) -> Result<(), String> {
    spec.validate().map_err(|e| e.to_string())?;
    if spec.variant != Variant::Standard {
        return Err(format!(
            "Kaiso is played by four in partnerships with the 208-card deck (the standard game), not {}",
            spec.variant
        ));
    }
    Ok(())
}

impl<'s> KaisoGame<'s> {
    /// A game under `spec` (the standard game: any seating of trumps, any trick rule).
    pub fn new(spec: &'s GameSpec, first_dealer: Seat) -> Result<KaisoGame<'s>, String> {
        kaiso_spec_ok(spec)?;
        Ok(KaisoGame {
            game: Game::trick_play_only(spec, first_dealer),
            sides: [Side::default(), Side::default()],
            trick: [None; 4],
            won: None,
        })
    }

    /// Trick play: hands, legal cards, leader, revokes.
    pub fn game(&self) -> &Game<'s> {
        &self.game
    }

    pub fn deal(&mut self, hands: [CardCounts; 4]) -> Result<(), HandsError> {
        if self.won.is_some() {
            return Err(HandsError::DealInProgress);
        }
        self.game.deal(hands)
    }

    /// The seat to play, unless a won trick awaits placing.
    pub fn to_play(&self) -> Option<Seat> {
        if self.won.is_some() {
            None
        } else {
            self.game.to_play()
        }
    }

    /// Plays a card (a revoke is recorded and stands, as in Calypso). The fourth card of a
    /// trick leaves it to be placed by its winner ([`KaisoGame::won_trick`]).
    pub fn play(&mut self, card: Card) -> Result<CardPlayed, KaisoPlayError> {
        if let Some(w) = &self.won {
            return Err(KaisoPlayError::PlaceFirst {
                winner: w.winner,
                left: w.to_place.len(),
            });
        }
        let seat = self
            .game
            .to_play()
            .ok_or(KaisoPlayError::Game(PlayError::NotInPlay))?;
        let played = self.game.play(card).map_err(KaisoPlayError::Game)?;
        self.trick[seat.index()] = Some(card);
        if let Some(winner) = played.trick_won_by {
            let cards = self
                .trick
                .map(|c| c.expect("a finished trick has a card from each seat"));
            self.won = Some(WonTrick {
                deal: self.game.deals_dealt(),
                // The game has moved on to the next trick number (or stays at the last).
                trick: if self.game.to_play().is_some() {
                    self.game.trick_number() - 1
                } else {
                    self.game.spec().schedule[self.game.deals_dealt() - 1]
                },
                winner,
                cards,
                to_place: cards.to_vec(),
            });
            self.trick = [None; 4];
        }
        Ok(played)
    }

    /// The won trick whose cards are still to be placed.
    pub fn won_trick(&self) -> Option<&WonTrick> {
        self.won.as_ref()
    }

    /// All deals played and every trick placed.
    pub fn is_over(&self) -> bool {
        self.won.is_none() && self.game.is_over()
    }

    /// A partnership's songs on the table, by id.
    pub fn songs(&self, side: usize) -> impl Iterator<Item = (SongId, &[Card])> + '_ {
        self.sides[side]
            .songs
            .iter()
            .map(move |(&number, (cards, _))| (SongId { side, number }, cards.as_slice()))
    }

    /// A partnership's songs on the table with their cards counted.
    pub fn song_tallies(&self, side: usize) -> impl Iterator<Item = (SongId, Tally)> + '_ {
        self.sides[side]
            .songs
            .iter()
            .map(move |(&number, (_, tally))| (SongId { side, number }, *tally))
    }

    /// A partnership's scored songs, in order.
    pub fn scored(&self, side: usize) -> &[ScoredSong] {
        &self.sides[side].scored
    }

    pub fn trick_pile(&self, side: usize) -> &[Card] {
        &self.sides[side].pile
    }

    fn song(&self, side: usize, id: SongId) -> Result<&Vec<Card>, PlacementError> {
        if id.side != side {
            return Err(PlacementError(format!(
                "song {id} is {}'s, but {} won the trick: only their own songs take its cards",
                side_name(id.side),
                side_name(side)
            )));
        }
        let s = &self.sides[side];
        if let Some((cards, _)) = s.songs.get(&id.number) {
            return Ok(cards);
        }
        Err(PlacementError(match s.gone.get(&id.number) {
            Some(Gone::Scored) => format!("song {id} has been scored and is off the table"),
            Some(Gone::JoinedInto(n)) => format!(
                "song {id} was joined into {} by a medley",
                SongId { side, number: *n }
            ),
            None => format!("{} have no song {id}", side_name(side)),
        }))
    }

    /// Every legal placement of `card` from the won trick (score and decline both listed
    /// where the card completes a combination).
    pub fn options(&self, card: Card) -> Vec<Placement> {
        let Some(w) = &self.won else {
            return Vec::new();
        };
        if !w.to_place.contains(&card) {
            return Vec::new();
        }
        let side = w.winner.index() % 2;
        let mut out = vec![
            Placement::new(card, To::New),
            Placement::new(card, To::Ditch),
        ];
        let songs: Vec<(SongId, Tally)> = self.song_tallies(side).collect();
        let mut push = |to: To, t: Tally| {
            out.push(Placement::new(card, to));
            if !t.readings().is_empty() {
                out.push(Placement::scored(card, to));
            }
        };
        for (id, t) in &songs {
            let with = t.with(card);
            if with.builds() {
                push(To::Add(*id), with);
            }
        }
        for (i, (a, ta)) in songs.iter().enumerate() {
            for (b, tb) in &songs[i + 1..] {
                if song::medley(ta, tb, card).is_ok() {
                    push(To::Medley(*a, *b), ta.join(tb).with(card));
                }
            }
        }
        out
    }

    /// Places one card of the won trick for its winner. Nothing changes when it is refused.
    pub fn place(&mut self, p: Placement) -> Result<Placed, PlacementError> {
        let Some(w) = &self.won else {
            return Err(PlacementError("no won trick awaits placing".into()));
        };
        let card = p.card;
        let side = w.winner.index() % 2;
        let Some(at) = w.to_place.iter().position(|&c| c == card) else {
            let in_trick = w.cards.iter().filter(|&&c| c == card).count();
            return Err(PlacementError(if in_trick > 0 {
                format!(
                    "{} is placed more often than the trick holds it ({in_trick})",
                    card.pretty()
                )
            } else {
                format!(
                    "{} is not a card of this trick ({})",
                    card.pretty(),
                    song::show(&w.cards)
                )
            }));
        };
        let (deal, trick) = (w.deal, w.trick);
        // Work out the song the card makes, refusing before anything changes.
        let (target, cards, joined): (Option<u32>, Vec<Card>, Option<u32>) = match p.to {
            To::New => {
                if p.score {
                    return Err(PlacementError(format!(
                        "{} alone starts a song, and one card is no scoring combination",
                        card.pretty()
                    )));
                }
                (None, vec![card], None)
            }
            To::Ditch => {
                if p.score {
                    return Err(PlacementError(format!(
                        "{} goes to the trick pile, which scores nothing",
                        card.pretty()
                    )));
                }
                let s = &mut self.sides[side];
                s.pile.push(card);
                self.take(at);
                return Ok(Placed {
                    song: None,
                    scored: None,
                });
            }
            To::Add(id) => {
                let cards = self.song(side, id)?;
                let mut with = cards.clone();
                with.push(card);
                if !Tally::of(&with).builds() {
                    return Err(PlacementError(format!(
                        "{} cannot be added to song {id} ({}): it does not build toward any song",
                        card.pretty(),
                        song::show(cards)
                    )));
                }
                (Some(id.number), with, None)
            }
            To::Medley(a, b) => {
                if a == b {
                    return Err(PlacementError(format!(
                        "a medley joins two different songs, not {a} with itself"
                    )));
                }
                let ca = self.song(side, a)?;
                let cb = self.song(side, b)?;
                if let Err(why) = song::medley(&Tally::of(ca), &Tally::of(cb), card) {
                    let reason = match why {
                        MedleyRefusal::NoGap => {
                            "it does not fill a gap between them (songs whose ranks touch can no longer be joined)"
                        }
                        MedleyRefusal::NoSong => "together they do not build toward any song",
                    };
                    return Err(PlacementError(format!(
                        "{} cannot join songs {a} ({}) and {b} ({}): {reason}",
                        card.pretty(),
                        song::show(ca),
                        song::show(cb)
                    )));
                }
                let mut cards = ca.clone();
                cards.extend_from_slice(cb);
                cards.push(card);
                let (keep, drop) = (a.number.min(b.number), a.number.max(b.number));
                (Some(keep), cards, Some(drop))
            }
        };
        let s = &self.sides[side];
        let number = target.unwrap_or(s.next + 1);
        let id = SongId { side, number };
        let reading = if p.score {
            match Tally::of(&cards).best_reading(s.calypsos) {
                Some(r) => Some(r),
                None => {
                    return Err(PlacementError(format!(
                        "song {id} ({}) is not a scoring combination, so it cannot be scored",
                        song::show(&cards)
                    )));
                }
            }
        } else {
            None
        };
        // Accepted: change the table.
        let s = &mut self.sides[side];
        if target.is_none() {
            s.next = number;
        }
        if let Some(drop) = joined {
            s.songs.remove(&drop);
            s.gone.insert(drop, Gone::JoinedInto(number));
        }
        let mut scored = None;
        match reading {
            Some(reading) => {
                s.songs.remove(&number);
                s.gone.insert(number, Gone::Scored);
                let points = reading.points(s.calypsos);
                if reading.kind == song::Kind::Calypso {
                    s.calypsos += 1;
                }
                let mut sorted = cards;
                sorted.sort_by_key(|c| (c.rank(), c.suit()));
                let done = ScoredSong {
                    song: id,
                    deal,
                    trick,
                    reading,
                    cards: sorted,
                    points,
                };
                s.scored.push(done.clone());
                scored = Some(done);
            }
            None => {
                let tally = Tally::of(&cards);
                s.songs.insert(number, (cards, tally));
            }
        }
        self.take(at);
        Ok(Placed {
            song: Some(id),
            scored,
        })
    }

    /// Marks a card of the won trick as placed.
    fn take(&mut self, at: usize) {
        if let Some(w) = &mut self.won {
            w.to_place.remove(at);
            if w.to_place.is_empty() {
                self.won = None;
            }
        }
    }

    /// The result as it stands: songs scored, leftover song cards (-30 each), trick piles.
    pub fn outcome(&self) -> KaisoOutcome {
        KaisoOutcome {
            partnerships: Partnerships::from_fn(|side| {
                let s = &self.sides[side];
                let open_songs: Vec<OpenSong> = self
                    .songs(side)
                    .map(|(song, cards)| OpenSong {
                        song,
                        cards: cards.to_vec(),
                    })
                    .collect();
                let leftover: Vec<Card> = open_songs.iter().flat_map(|o| o.cards.clone()).collect();
                let song_points: i64 = s.scored.iter().map(|x| x.points).sum();
                let leftover_points = -LEFTOVER_PENALTY * leftover.len() as i64;
                SideOutcome {
                    songs: s.scored.clone(),
                    open_songs,
                    leftover,
                    trick_pile: s.pile.clone(),
                    song_points,
                    leftover_points,
                    total: song_points + leftover_points,
                }
            }),
            revokes: self
                .game
                .revokes()
                .iter()
                .map(|r: &Revoke| KaisoRevoke {
                    deal: r.deal,
                    trick: r.trick,
                    seat: r.seat,
                    card: r.card,
                })
                .collect(),
            deals_played: self.game.deals_dealt(),
            complete: self.is_over(),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::engine::cards::parse_cards;
    use crate::engine::kaiso::song::Kind;

    pub(crate) fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    pub(crate) fn ns(n: u32) -> SongId {
        SongId { side: 0, number: n }
    }

    fn hand(s: &str) -> CardCounts {
        CardCounts::from_cards(&parse_cards(s).unwrap())
    }

    /// A game whose first deal gives North all spades, East and West diamonds and clubs,
    /// South all hearts; North leads (West deals) and wins every spade trick led.
    fn spade_game(spec: &GameSpec) -> KaisoGame<'_> {
        let mut g = KaisoGame::new(spec, Seat::West).unwrap();
        g.deal([
            hand("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"),
            hand("2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"),
            hand("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"),
            hand("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"),
        ])
        .unwrap();
        g
    }

    /// Plays a trick led by the seat to play, cards in play order.
    fn trick(g: &mut KaisoGame, cards: &str) -> Seat {
        let mut won = None;
        for card in parse_cards(cards).unwrap() {
            won = g.play(card).unwrap().trick_won_by;
        }
        won.unwrap()
    }

    fn place(g: &mut KaisoGame, card: &str, to: To, score: bool) -> Result<Placed, String> {
        g.place(Placement {
            card: c(card),
            to,
            score,
        })
        .map_err(|e| e.0)
    }

    #[test]
    fn the_winner_places_each_card_before_the_next_trick() {
        let spec = GameSpec::default();
        let mut g = spade_game(&spec);
        // North leads the A♠, their own trump; the others, void in spades, trump in with
        // their own suits, and West's 4♣ is the highest trump-in.
        assert_eq!(trick(&mut g, "AS 2D 3H 4C"), Seat::West);
        assert_eq!(g.to_play(), None);
        assert!(matches!(
            g.play(c("5C")),
            Err(KaisoPlayError::PlaceFirst { left: 4, .. })
        ));
        // East-West place; a N-S song reference is the wrong partnership.
        let wrong = place(&mut g, "AS", To::Add(ns(1)), false).unwrap_err();
        assert!(
            wrong.contains("North-South's, but East-West won the trick"),
            "{wrong}"
        );
        assert_eq!(
            place(&mut g, "AS", To::New, false)
                .unwrap()
                .song
                .unwrap()
                .to_string(),
            "EW1"
        );
        assert_eq!(
            place(&mut g, "2D", To::New, false)
                .unwrap()
                .song
                .unwrap()
                .to_string(),
            "EW2"
        );
        let twice = place(&mut g, "AS", To::Ditch, false).unwrap_err();
        assert!(
            twice.contains("more often than the trick holds it"),
            "{twice}"
        );
        let stranger = place(&mut g, "9C", To::Ditch, false).unwrap_err();
        assert!(stranger.contains("not a card of this trick"), "{stranger}");
        place(&mut g, "3H", To::Ditch, false).unwrap();
        let none = place(&mut g, "4C", To::Add(SongId { side: 1, number: 3 }), false).unwrap_err();
        assert_eq!(none, "East-West have no song EW3");
        place(&mut g, "4C", To::Ditch, false).unwrap();
        assert_eq!(g.to_play(), Some(Seat::West));
        assert_eq!(g.trick_pile(1).len(), 2);
        assert_eq!(g.songs(1).count(), 2);
    }

    /// A side's table, set up directly for placement tests: N-S won a trick of `cards`.
    fn with_won<'s>(spec: &'s GameSpec, songs: &[&str], cards: &str) -> KaisoGame<'s> {
        let mut g = KaisoGame::new(spec, Seat::West).unwrap();
        for (i, s) in songs.iter().enumerate() {
            let cards = parse_cards(s).unwrap();
            let tally = Tally::of(&cards);
            g.sides[0].songs.insert(i as u32 + 1, (cards, tally));
        }
        g.sides[0].next = songs.len() as u32;
        let cards: Vec<Card> = parse_cards(cards).unwrap();
        g.won = Some(WonTrick {
            deal: 1,
            trick: 1,
            winner: Seat::North,
            cards: [cards[0], cards[1], cards[2], cards[3]],
            to_place: cards,
        });
        g
    }

    #[test]
    fn a_medley_joins_two_songs_across_a_gap() {
        let spec = GameSpec::default();
        let mut g = with_won(&spec, &["2S 4S", "TS KS AS", "3D"], "7S 2C 2C 2C");
        let placed = place(&mut g, "7S", To::Medley(ns(2), ns(1)), false).unwrap();
        assert_eq!(
            placed.song,
            Some(ns(1)),
            "the medley keeps the older number"
        );
        let joined: Vec<String> = g
            .songs(0)
            .map(|(id, cards)| format!("{id}: {}", song::show(cards)))
            .collect();
        assert_eq!(joined, ["NS1: 2♠ 4♠ 7♠ T♠ K♠ A♠", "NS3: 3♦"]);
        let gone = place(&mut g, "2C", To::Add(ns(2)), false).unwrap_err();
        assert_eq!(gone, "song NS2 was joined into NS1 by a medley");
    }

    #[test]
    fn no_medley_without_a_gap() {
        let spec = GameSpec::default();
        let mut g = with_won(&spec, &["2S 3S", "4S 5S 6S"], "7S 3S 2C 2C");
        let e = place(&mut g, "7S", To::Medley(ns(1), ns(2)), false).unwrap_err();
        assert_eq!(
            e,
            "7♠ cannot join songs NS1 (2♠ 3♠) and NS2 (4♠ 5♠ 6♠): it does not fill a gap \
             between them (songs whose ranks touch can no longer be joined)"
        );
        let e = place(&mut g, "3S", To::Medley(ns(1), ns(1)), false).unwrap_err();
        assert!(e.contains("two different songs"), "{e}");
        // The refused placements changed nothing.
        assert_eq!(g.songs(0).count(), 2);
        assert_eq!(g.won_trick().unwrap().to_place.len(), 4);
    }

    #[test]
    fn a_card_is_added_only_if_it_builds_toward_a_song() {
        let spec = GameSpec::default();
        let mut g = with_won(&spec, &["2S 2S", "2H 3H"], "3S 5H 2C 2C");
        let e = place(&mut g, "3S", To::Add(ns(1)), false).unwrap_err();
        assert_eq!(
            e,
            "3♠ cannot be added to song NS1 (2♠ 2♠): it does not build toward any song"
        );
        place(&mut g, "5H", To::Add(ns(2)), false).unwrap();
        let e = place(&mut g, "2C", To::Add(ns(7)), false).unwrap_err();
        assert_eq!(e, "North-South have no song NS7");
    }

    #[test]
    fn a_declined_song_may_not_be_scored_later() {
        let spec = GameSpec::default();
        // 2♠ 3♠ 4♠ completes a kaiso minor with the 5♠: declined.
        let mut g = with_won(&spec, &["2S 3S 4S"], "5S 6S 7S 2C");
        let placed = place(&mut g, "5S", To::Add(ns(1)), false).unwrap();
        assert_eq!(placed.scored, None);
        // Adding the 6♠ makes five cards: not a combination, so no score for the minor now.
        let e = place(&mut g, "6S", To::Add(ns(1)), true).unwrap_err();
        assert_eq!(
            e,
            "song NS1 (2♠ 3♠ 4♠ 5♠ 6♠) is not a scoring combination, so it cannot be scored"
        );
        // Nor can another card's placement score it: a score is only ever the placed
        // card's song. The song grows on toward a calypso instead.
        place(&mut g, "6S", To::Add(ns(1)), false).unwrap();
        place(&mut g, "7S", To::Add(ns(1)), false).unwrap();
        place(&mut g, "2C", To::Ditch, false).unwrap();
        assert!(g.scored(0).is_empty());
        assert_eq!(g.songs(0).next().unwrap().1.len(), 6);
    }

    #[test]
    fn a_completed_song_scores_and_leaves_the_table() {
        let spec = GameSpec::default();
        let mut g = with_won(&spec, &["2S 3S 4S", "5S"], "5S 8H 2C 2C");
        let placed = place(&mut g, "5S", To::Add(ns(1)), true).unwrap();
        let s = placed.scored.unwrap();
        assert_eq!((s.reading.kind, s.points), (Kind::KaisoMinor, 100));
        assert_eq!(g.songs(0).count(), 1);
        let e = place(&mut g, "8H", To::Add(ns(1)), false).unwrap_err();
        assert_eq!(e, "song NS1 has been scored and is off the table");
        place(&mut g, "8H", To::New, false).unwrap();
        assert_eq!(
            g.songs(0).map(|(id, _)| id.number).collect::<Vec<_>>(),
            [2, 3]
        );
        let e = place(&mut g, "2C", To::New, true).unwrap_err();
        assert!(e.contains("one card is no scoring combination"), "{e}");
        let e = place(&mut g, "2C", To::Ditch, true).unwrap_err();
        assert!(e.contains("scores nothing"), "{e}");
    }

    #[test]
    fn the_partnerships_calypso_order_sets_the_rate() {
        let spec = GameSpec::default();
        let spades = "2S 3S 4S 5S 6S 7S 9S TS JS QS KS AS";
        let rainbow = "2S 3S 4H 5H 6D 7D 9C TS JH QD KC AS";
        let hearts = "2H 3H 4H 5H 6H 7H 9H TH JH QH KH AH";
        let mut g = with_won(&spec, &[spades, rainbow, hearts], "8S 8C 8H 2C");
        let mut points = Vec::new();
        for (card, song) in [("8S", 1), ("8C", 2), ("8H", 3)] {
            points.push(
                place(&mut g, card, To::Add(ns(song)), true)
                    .unwrap()
                    .scored
                    .unwrap()
                    .points,
            );
        }
        // North's regular 500, then a rainbow at the second rate 375, then a regular at
        // the third rate 1000, whoever of the partners scored them.
        assert_eq!(points, [500, 375, 1000]);
        place(&mut g, "2C", To::Ditch, false).unwrap();
        let o = g.outcome();
        assert_eq!(o.partnerships.ns.song_points, 1875);
        assert_eq!(o.partnerships.ns.total, 1875);
    }

    #[test]
    fn leftover_song_cards_cost_thirty_each() {
        let spec = GameSpec::default();
        let mut g = with_won(&spec, &["2S 3S"], "5H 2C 2D 9S");
        place(&mut g, "5H", To::New, false).unwrap();
        place(&mut g, "2C", To::Ditch, false).unwrap();
        place(&mut g, "2D", To::Ditch, false).unwrap();
        place(&mut g, "9S", To::Add(ns(1)), false).unwrap();
        let o = g.outcome().partnerships.ns;
        assert_eq!(o.leftover.len(), 4);
        assert_eq!((o.leftover_points, o.total), (-120, -120));
        assert_eq!(o.trick_pile.len(), 2);
    }

    #[test]
    fn options_list_the_legal_placements() {
        let spec = GameSpec::default();
        let g = with_won(
            &spec,
            &["2S 4S", "TS KS AS", "2S 2S", "JS QS KS"],
            "7S 2C 2C 2C",
        );
        let opts: Vec<String> = g
            .options(c("7S"))
            .iter()
            .map(|p| format!("{:?}{}", p.to, if p.score { "+score" } else { "" }))
            .collect();
        assert!(
            opts.contains(&format!("{:?}", To::Medley(ns(1), ns(2)))),
            "{opts:?}"
        );
        assert!(opts.contains(&format!("{:?}", To::Add(ns(1)))));
        assert!(
            !opts.iter().any(|o| o.contains("number: 3 }")),
            "7♠ fits no quartet of 2s"
        );
        // 2 4 | 7 | T K A and 2 4 | 7 | J Q K; T K A and J Q K share the K. Each pair once.
        assert_eq!(
            opts.iter().filter(|o| o.starts_with("Medley")).count(),
            2,
            "{opts:?}"
        );
    }
}
