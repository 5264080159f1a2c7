//! What one seat may know of a table being played card by card, and nothing more (issue
//! #39, item 2), as the JSON the seat API serves (item 8); and why a card is refused, in
//! the player's words.
//!
//! The view is built from the engine's [`Game`] and what the game does not keep: where the
//! table is (event, round, table, board), the sequence number of the next card, and the last
//! completed trick (the caller knows it from the move log; [`LastTrick`] keeps it beside a
//! game). It reads, of the game, only:
//!
//! - the seat's own hand (and, to say which of its cards are legal, the trick so far and the
//!   trick rule);
//! - what lies face up on the table: the trick so far, every seat's calypso in progress and
//!   completed calypsos, the trick piles' counts, the renounce indicators of this deal;
//! - in Calypso Duet, the dummies once exposed (a dummy is exposed when it first plays in a
//!   deal, as the seed says: "Dealer then exposes their dummy, and plays a card");
//! - the deal, the trick, whose turn it is, the score so far and whether the game is over.
//!
//! Never another seat's hidden hand, nor its size or suit lengths. The tests prove it by
//! construction: the same view, byte for byte, from a game whose other hidden hands were
//! dealt otherwise.

use std::fmt::Write as _;

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

use crate::engine::trick::may_play;
use crate::engine::{Card, CardCounts, CardPlayed, Game, GameSpec, PlayError, Seat, Suit};

/// Where a table is: the seat API's `event`, `round`, `table` and `board`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    pub event: i32,
    pub round: u32,
    pub table: u32,
    pub board: u32,
}

/// One card played to a trick, and by whom: `{"seat": "N", "card": "9S"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Played {
    #[serde(serialize_with = "seat_letter")]
    pub seat: Seat,
    #[serde(serialize_with = "card_text")]
    pub card: Card,
}

/// A seat's calypsos as they lie on the table: how many completed, and the ranks of the one
/// in progress, low to high (`"2"`..`"9"`, `"T"`, `"J"`, `"Q"`, `"K"`, `"A"`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CalypsoView {
    pub completed: u8,
    pub ranks: Vec<String>,
}

/// One player's part of the score so far: completed calypsos, cards of the calypso in
/// progress, and their points (calypso points plus 20 per card in progress).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerPoints {
    pub calypsos: u32,
    pub in_progress: usize,
    pub points: i64,
}

/// One side's score so far: its trick pile, its revoke bonus (260 per revoke by the other
/// side) and its total (its players' points, 10 per trick-pile card, the revoke bonus).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SidePoints {
    pub trick_pile: u32,
    pub revoke_bonus: i64,
    pub points: i64,
}

/// The engine's score so far ([`crate::engine::Score`]) as the view carries it:
/// `{"players": {"N": {...}, ...}, "sides": {"NS": {...}, "EW": {...}}}`, with
/// `"split_totals": {"N": n, ...}` in Parlett's split partnership and `"table_total": n` in
/// the cooperative game (both left out otherwise).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScoreView {
    pub players: SeatMap<PlayerPoints>,
    pub sides: NameMap<SidePoints>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub split_totals: Option<SeatMap<i64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table_total: Option<i64>,
}

/// Values keyed by seat letter, in seat order N, E, S, W (a JSON object).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatMap<T>(pub Vec<(Seat, T)>);

impl<T: Serialize> Serialize for SeatMap<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (seat, value) in &self.0 {
            map.serialize_entry(&seat.letter().to_string(), value)?;
        }
        map.end()
    }
}

impl<T> SeatMap<T> {
    pub fn get(&self, seat: Seat) -> Option<&T> {
        self.0.iter().find(|(s, _)| *s == seat).map(|(_, v)| v)
    }
}

/// Values keyed by name (a side: `NS`, `EW`, or a seat letter when everyone plays for
/// themselves), in side order (a JSON object).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameMap<T>(pub Vec<(String, T)>);

impl<T: Serialize> Serialize for NameMap<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (name, value) in &self.0 {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

impl<T> NameMap<T> {
    pub fn get(&self, name: &str) -> Option<&T> {
        self.0.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }
}

/// Cards in the play records' notation (`9S`, `TS`), as a JSON array.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Cards(pub Vec<Card>);

impl Serialize for Cards {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(Card::to_string))
    }
}

/// Suits by letter (`S`, `H`, `D`, `C`), as a JSON array.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Suits(pub Vec<Suit>);

impl Serialize for Suits {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(|s| s.letter().to_string()))
    }
}

fn seat_letter<S: Serializer>(seat: &Seat, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&seat.letter().to_string())
}

fn seat_letter_opt<S: Serializer>(seat: &Option<Seat>, s: S) -> Result<S::Ok, S::Error> {
    match seat {
        Some(seat) => seat_letter(seat, s),
        None => s.serialize_none(),
    }
}

fn card_text<S: Serializer>(card: &Card, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&card.to_string())
}

/// What one seat may know of its table, as the seat API serves it (docs/api.md, "The
/// seat's view"). The fields serialise in this order, with these names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatView {
    pub event: i32,
    pub round: u32,
    pub table: u32,
    pub board: u32,
    #[serde(serialize_with = "seat_letter")]
    pub seat: Seat,
    /// The deal under way, from 1 (the last deal once the game is over; 0 before the first).
    pub deal: usize,
    /// The trick under way in this deal, from 1; once a deal's last trick is played, that
    /// trick's number (13 in a deal of 13).
    pub trick: usize,
    /// The seat to play, or null when no deal is in play (the game is over).
    #[serde(serialize_with = "seat_letter_opt")]
    pub to_play: Option<Seat>,
    /// The seat's own hand, every copy, its own trump suit first, then ♠ ♥ ♦ ♣, each suit
    /// high to low.
    pub hand: Cards,
    /// The distinct cards this seat may play, in the hand's order: only when it is to play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal: Option<Cards>,
    pub trick_so_far: Vec<Played>,
    /// The last completed trick (of this deal or, before the first card of a deal, of the one
    /// before); empty before the game's first trick is complete.
    pub last_trick: Vec<Played>,
    /// Every seat in play.
    pub calypsos: SeatMap<CalypsoView>,
    /// Trick-pile cards per side.
    pub piles: NameMap<u32>,
    /// The renounce indicators turned up in this deal: per seat in play, the suits it has
    /// shown it cannot follow, in the order ♠ ♥ ♦ ♣.
    pub renounced: SeatMap<Suits>,
    /// Calypso Duet only: each dummy's hand once it is exposed in this deal (shown to both
    /// players), in the hand's order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dummies: Option<SeatMap<Cards>>,
    /// Calypso Duet only: the player's own choices of the deal (`event::online::duet`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duet: Option<DuetView>,
    pub score: ScoreView,
    /// The sequence number the seat's next card must carry.
    pub seq: u64,
    pub over: bool,
    /// The director seated a robot for this seat's person: the robots play its cards (no
    /// `legal`), the person's are refused until the seat is given back. Sent only when true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub robot_seated: bool,
    /// A robot duplicate's later board opened while an earlier one is unfinished: the board
    /// to play now (the robots play an entrant's boards in order), and no `legal` cards.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub play_first: Option<PlayFirst>,
}

/// The board to play before this one, and why, in words (`event::robot_duplicate`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayFirst {
    pub board: u32,
    pub message: String,
    /// The same person's link for that board (the page links it; not sent by the API,
    /// whose client has the seats listing).
    #[serde(skip)]
    pub token: Option<String>,
}

/// What a Duet player sees of their own choices: the seat API's `duet` key.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DuetView {
    /// This player's dummy seat (their secret hand's is the view's `seat`).
    pub dummy: String,
    /// The board seats of the player's two dealt hands this deal (what `look` and `dummy`
    /// name).
    pub dealt: [String; 2],
    /// The choice this player makes now, none when nothing is asked of them.
    pub step: Option<&'static str>,
    /// The deal waits for the other player's choices.
    pub other_choosing: bool,
    /// The hand this player looked at (a board seat), once they have.
    pub looked_at: Option<String>,
    /// While the dummy or the three to set aside are chosen: the hand looked at.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub looking: Option<Cards>,
    /// Call-and-response: the three cards set aside, until they join the other hand.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub set_aside: Option<Cards>,
    /// The return step: the other hand as dealt, to choose three from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub choose_from: Option<Cards>,
    /// The same seats as values, for the page (not sent: `dummy`, `dealt`, `looked_at`).
    #[serde(skip)]
    pub seats: DuetSeats,
}

/// A Duet player's seats as values: their dummy, their two dealt hands, the one looked at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DuetSeats {
    pub dummy: Seat,
    pub dealt: [Seat; 2],
    pub looked_at: Option<Seat>,
}

impl Default for DuetSeats {
    fn default() -> Self {
        DuetSeats {
            dummy: Seat::South,
            dealt: [Seat::North, Seat::South],
            looked_at: None,
        }
    }
}

/// A view was asked for a seat the game does not have (West in a three-player game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("this game has no {} seat", .0.name())]
pub struct NoSuchSeat(pub Seat);

/// The order of suits in a seat's hand: its own trump suit first, then ♠ ♥ ♦ ♣.
fn suit_order(own: Option<Suit>) -> Vec<Suit> {
    let mut order = vec![Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];
    if let Some(own) = own {
        order.retain(|&s| s != own);
        order.insert(0, own);
    }
    order
}

/// Every copy of `hand`, its own trump suit first, then ♠ ♥ ♦ ♣, each suit high to low.
pub fn sorted_hand(hand: &CardCounts, own: Option<Suit>) -> Vec<Card> {
    let mut cards = hand.cards();
    sort_cards(&mut cards, own);
    cards
}

fn sort_cards(cards: &mut [Card], own: Option<Suit>) {
    let order = suit_order(own);
    let place = |c: &Card| order.iter().position(|&s| s == c.suit()).unwrap_or(4);
    cards.sort_by(|a, b| place(a).cmp(&place(b)).then(b.rank().cmp(&a.rank())));
}

/// The cards of the trick under way with the seat that played each.
pub fn trick_so_far(game: &Game) -> Vec<Played> {
    let spec = game.spec();
    let step = spec.step(game.dealer());
    game.trick_so_far()
        .iter()
        .enumerate()
        .map(|(i, &card)| Played {
            seat: game.leader().left_by(i * step, spec.players),
            card,
        })
        .collect()
}

/// Calypso Duet: the dummies exposed in the deal under way (each exposed when it is first to
/// play in the deal, and for the rest of it). Empty in any other game, and between deals.
pub fn exposed_dummies(game: &Game) -> Vec<Seat> {
    let Some(duet) = &game.spec().duet else {
        return Vec::new();
    };
    if game.deals_dealt() == 0 {
        return Vec::new();
    }
    let so_far = trick_so_far(game);
    duet.players
        .iter()
        .map(|p| p.dummy)
        .filter(|&dummy| {
            game.trick_number() > 1
                || game.to_play().is_none_or(|s| s == dummy)
                || so_far.iter().any(|p| p.seat == dummy)
        })
        .collect()
}

impl SeatView {
    /// The view of `seat` at `place`: `last_trick` is the last completed trick (from the move
    /// log, or [`LastTrick`]), `seq` the sequence number of the next card.
    pub fn new(
        game: &Game,
        place: Place,
        seat: Seat,
        last_trick: &[Played],
        seq: u64,
    ) -> Result<SeatView, NoSuchSeat> {
        let spec: &GameSpec = game.spec();
        if !spec.seats().contains(&seat) {
            return Err(NoSuchSeat(seat));
        }
        let own = spec.trumps.of(seat);
        let to_play = game.to_play();
        let legal = (to_play == Some(seat)).then(|| {
            let mut cards = game.legal_cards();
            sort_cards(&mut cards, own);
            Cards(cards)
        });
        let last = game
            .spec()
            .schedule
            .get(game.deals_dealt().saturating_sub(1));
        let trick = match (to_play, last) {
            (None, Some(&n)) => game.trick_number().saturating_sub(1).min(n),
            _ => game.trick_number(),
        };
        let seats = spec.seats();
        let calypsos = SeatMap(
            seats
                .iter()
                .map(|&s| {
                    let c = game.calypsos(s);
                    let ranks = c.in_progress().map(|r| r.char().to_string()).collect();
                    (
                        s,
                        CalypsoView {
                            completed: c.completed(),
                            ranks,
                        },
                    )
                })
                .collect(),
        );
        let piles = NameMap(
            (0..spec.sides())
                .map(|side| (spec.side_name(side), game.trick_pile(side)))
                .collect(),
        );
        let renounced = SeatMap(
            seats
                .iter()
                .map(|&s| {
                    let suits = suit_order(None)
                        .into_iter()
                        .filter(|&suit| game.renounced(s, suit))
                        .collect();
                    (s, Suits(suits))
                })
                .collect(),
        );
        let dummies = spec.duet.as_ref().map(|_| {
            SeatMap(
                exposed_dummies(game)
                    .into_iter()
                    .map(|d| (d, Cards(sorted_hand(game.hand(d), spec.trumps.of(d)))))
                    .collect(),
            )
        });
        Ok(SeatView {
            event: place.event,
            round: place.round,
            table: place.table,
            board: place.board,
            seat,
            deal: game.deals_dealt(),
            trick,
            to_play,
            hand: Cards(sorted_hand(game.hand(seat), own)),
            legal,
            trick_so_far: trick_so_far(game),
            last_trick: last_trick.to_vec(),
            calypsos,
            piles,
            renounced,
            dummies,
            duet: None,
            score: score_view(game),
            seq,
            over: game.is_over(),
            robot_seated: false,
            play_first: None,
        })
    }

    /// The view as the seat API's JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

fn score_view(game: &Game) -> ScoreView {
    let score = game.score();
    ScoreView {
        players: SeatMap(
            score
                .players
                .iter()
                .map(|p| {
                    (
                        p.seat,
                        PlayerPoints {
                            calypsos: p.calypsos,
                            in_progress: p.in_progress.len(),
                            points: p.score,
                        },
                    )
                })
                .collect(),
        ),
        sides: NameMap(
            score
                .sides
                .iter()
                .map(|s| {
                    (
                        s.name.clone(),
                        SidePoints {
                            trick_pile: s.trick_pile,
                            revoke_bonus: s.revoke_bonus,
                            points: s.score,
                        },
                    )
                })
                .collect(),
        ),
        split_totals: score.split_totals.map(SeatMap),
        table_total: score.table_total,
    }
}

/// The last completed trick, kept beside a game as its cards are played (the game keeps only
/// the trick under way). A table rebuilt from its move log replays every card through
/// [`LastTrick::play`] and has it again.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LastTrick(Vec<Played>);

impl LastTrick {
    pub fn cards(&self) -> &[Played] {
        &self.0
    }

    /// Plays `card` for the seat to play ([`Game::play`]: the caller has checked it with
    /// [`refusal`], since the game itself lets a revoke stand) and remembers the trick when
    /// the card completes it.
    pub fn play(&mut self, game: &mut Game, card: Card) -> Result<CardPlayed, PlayError> {
        let mut trick = trick_so_far(game);
        let seat = game.to_play().ok_or(PlayError::NotInPlay)?;
        let played = game.play(card)?;
        if played.trick_won_by.is_some() {
            trick.push(Played { seat, card });
            self.0 = trick;
        }
        Ok(played)
    }
}

/// Why a card is refused, as the seat API answers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefusalKind {
    /// No deal is in play: the game is over (HTTP 409).
    NotInPlay,
    /// Another seat is to play (HTTP 409).
    NotYourTurn,
    /// The seat does not hold the card (HTTP 422).
    NotHeld,
    /// Calypso Duet's call-and-response: the non-dealer leads to the first trick from the ten
    /// cards they kept; the three returned join the hand later (HTTP 422).
    NotYetHeld,
    /// Held, but the trick rule does not allow it: the seat must follow suit (HTTP 422).
    NotLegal,
}

impl RefusalKind {
    /// The HTTP status the seat API answers with: 409 when the table is not waiting for this
    /// seat, 422 when the card itself cannot be played.
    pub const fn status(self) -> u16 {
        match self {
            RefusalKind::NotInPlay | RefusalKind::NotYourTurn => 409,
            RefusalKind::NotHeld | RefusalKind::NotYetHeld | RefusalKind::NotLegal => 422,
        }
    }
}

/// A refused card: its kind and the reason in the player's words ("You must follow ♥: you
/// hold 3♥").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub kind: RefusalKind,
    pub message: String,
}

impl Refusal {
    fn new(kind: RefusalKind, message: String) -> Refusal {
        Refusal { kind, message }
    }
}

/// Why `seat` may not play `card` now, or None when it may: it is the seat to play and the
/// card is one of the engine's [`Game::legal_cards`]. The online table plays only cards
/// this allows, so no revoke is ever played there (the engine, refereeing a game played at
/// a real table, lets a revoke stand and penalises it; here it is refused).
pub fn refusal(game: &Game, seat: Seat, card: Card) -> Option<Refusal> {
    let Some(to_play) = game.to_play() else {
        let message = if game.is_over() {
            "The game is over: no more cards are played".to_string()
        } else {
            "No deal is in play yet".to_string()
        };
        return Some(Refusal::new(RefusalKind::NotInPlay, message));
    };
    if to_play != seat {
        return Some(Refusal::new(
            RefusalKind::NotYourTurn,
            format!("It is {}'s turn, not yours", to_play.name()),
        ));
    }
    let hand = game.hand(seat);
    if !hand.contains(card) {
        return Some(Refusal::new(
            RefusalKind::NotHeld,
            format!("You do not hold {}", card.pretty()),
        ));
    }
    if let Some(limit) = game.first_lead_limit()
        && !limit.contains(card)
    {
        return Some(Refusal::new(
            RefusalKind::NotYetHeld,
            format!(
                "You lead to the first trick from the ten cards you kept: {} joins your hand \
                 only when your dummy is about to play",
                card.pretty()
            ),
        ));
    }
    let spec = game.spec();
    let own = spec.trumps.of(seat);
    let led = game.led_suit();
    if may_play(hand, card, led, own, spec.rule) {
        return None;
    }
    // Not allowed: a suit was led that the seat holds (may_play allows everything else).
    let led = led?;
    let mut follow: Vec<Card> = Card::all()
        .filter(|&c| c.suit() == led && hand.contains(c))
        .collect();
    sort_cards(&mut follow, own);
    let mut held = String::new();
    for (i, c) in follow.iter().enumerate() {
        if i > 0 {
            held.push_str(", ");
        }
        let _ = write!(held, "{}", c.pretty());
    }
    let message = match (spec.rule, own) {
        (crate::engine::TrickRule::AllFours, Some(own)) => format!(
            "You must follow {} or trump in with your own {} (all fours): you hold {held}",
            led.symbol(),
            own.symbol()
        ),
        _ => format!("You must follow {}: you hold {held}", led.symbol()),
    };
    Some(Refusal::new(RefusalKind::NotLegal, message))
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::engine::random::{random_duet_deal, shuffle, shuffled_deck};
    use crate::engine::robot::{Player, choose};
    use crate::engine::{TrickRule, Variant};

    const PLACE: Place = Place {
        event: 1,
        round: 1,
        table: 1,
        board: 1,
    };

    /// The same game with the hidden hands of every seat but `seat` dealt again: their
    /// unplayed cards pooled, shuffled and dealt back in the same numbers. The cards played
    /// so far, the trick, the calypsos, piles, renounces and `seat`'s own hand are untouched;
    /// so are Calypso Duet's exposed dummies, which every seat sees. Whether the new hands
    /// are ones the play so far allows (a seat dealt a suit it renounced) does not matter:
    /// the view must not read them at all.
    fn redealt<'s>(game: &Game<'s>, seat: Seat, rng: &mut ChaCha8Rng) -> Game<'s> {
        let exposed = exposed_dummies(game);
        let hidden: Vec<Seat> = game
            .spec()
            .seats()
            .iter()
            .copied()
            .filter(|&s| s != seat && !exposed.contains(&s))
            .collect();
        let mut pool: Vec<Card> = hidden.iter().flat_map(|&s| game.hand(s).cards()).collect();
        shuffle(&mut pool, rng);
        let mut other = game.clone();
        let mut rest = pool.as_slice();
        for &s in &hidden {
            let (mine, next) = rest.split_at(game.hand(s).len());
            other.set_hand(s, CardCounts::from_cards(mine));
            rest = next;
        }
        other
    }

    fn specs() -> Vec<GameSpec> {
        let mut specs: Vec<GameSpec> = TrickRule::ALL
            .into_iter()
            .map(|rule| GameSpec::default().with_rule(rule))
            .collect();
        for v in Variant::EVERY.into_iter().skip(1) {
            specs.push(GameSpec::new(v));
        }
        specs.push(GameSpec::new(Variant::DuetCallAndResponse).with_rule(TrickRule::AllFours));
        specs
    }

    /// No leak, by construction. Whole boards played by the robot (and greedy and random
    /// players beside it) for every trick rule and every variant the engine knows, Calypso
    /// Duet and its call-and-response included: before every card, for every seat, the
    /// view's JSON is built, and built again from the same game with every other hidden hand
    /// dealt differently; the two must be the same bytes. So the view is a function of the
    /// seat's own hand and what is public, whatever the hidden hands hold.
    ///
    /// Scanning the bytes sent to a seat for the names of cards in other hands cannot prove
    /// this: the deck holds four copies of every card, so a card hidden in West's hand may
    /// also be in North's own hand, on the table or in a calypso, and its name in North's
    /// view is no leak; nor does the absence of a name show that no count or order derived
    /// from a hidden hand got in. Changing the hidden hands and comparing does.
    #[test]
    fn no_leak_a_seats_view_is_the_same_whatever_the_other_hidden_hands_hold() {
        let mut rng = ChaCha8Rng::seed_from_u64(39);
        let robot = Player::robot(12).unwrap();
        let mut views = 0usize;
        let mut hands_differed = 0usize;
        for spec in specs() {
            let deck = shuffled_deck(&spec, &mut rng);
            let first = spec.dealing_seats()[0];
            let mut game = Game::new(&spec, first);
            let mut last = LastTrick::default();
            let mut seq = 0u64;
            for deal in spec.deal_stack(&deck, first) {
                match &spec.duet {
                    Some(duet) => {
                        let choices = random_duet_deal(duet, &deal.hands, &mut rng);
                        game.deal_duet(deal.hands, &choices).unwrap();
                    }
                    None => game.deal(deal.hands).unwrap(),
                }
                while let Some(to_play) = game.to_play() {
                    for &seat in spec.seats() {
                        let view = SeatView::new(&game, PLACE, seat, last.cards(), seq).unwrap();
                        let other = redealt(&game, seat, &mut rng);
                        if spec.seats().iter().any(|&s| other.hand(s) != game.hand(s)) {
                            hands_differed += 1;
                        }
                        let again = SeatView::new(&other, PLACE, seat, last.cards(), seq).unwrap();
                        assert_eq!(
                            view.to_json(),
                            again.to_json(),
                            "{} {}: {seat}'s view changed with the other hands",
                            spec.variant,
                            spec.rule
                        );
                        assert_eq!(view.legal.is_some(), seat == to_play);
                        // Every copy of the own hand, and the legal cards distinct, from it.
                        assert_eq!(CardCounts::from_cards(&view.hand.0), *game.hand(seat));
                        if let Some(legal) = &view.legal {
                            assert!(legal.0.iter().all(|c| view.hand.0.contains(c)));
                            assert!(legal.0.windows(2).all(|w| w[0] != w[1]));
                        }
                        views += 1;
                    }
                    // The refusals agree with the engine's legal cards, every card, every seat.
                    let legal = game.legal_cards();
                    for &seat in spec.seats() {
                        for card in Card::all() {
                            let ok = seat == to_play && legal.contains(&card);
                            assert_eq!(refusal(&game, seat, card).is_none(), ok, "{seat} {card}");
                        }
                    }
                    let player = match to_play {
                        Seat::North => robot,
                        Seat::East => Player::Greedy,
                        _ => Player::Random,
                    };
                    let card = choose(&game, player, &mut rng).unwrap();
                    let played = last.play(&mut game, card).unwrap();
                    assert!(!played.revoke, "only legal cards are played online");
                    // The seat the view names for the card just played is the one that played it
                    // (in Calypso Duet play runs either way round, a deal each).
                    let shown = match played.trick_won_by {
                        Some(_) => last.cards().last().copied(),
                        None => trick_so_far(&game).last().copied(),
                    };
                    assert_eq!(
                        shown,
                        Some(Played {
                            seat: to_play,
                            card
                        })
                    );
                    seq += 1;
                }
            }
            assert!(game.is_over(), "{} {}", spec.variant, spec.rule);
            let end = SeatView::new(&game, PLACE, Seat::North, last.cards(), seq).unwrap();
            assert!(end.over && end.to_play.is_none() && end.hand.0.is_empty());
            assert_eq!(end.last_trick.len(), spec.players);
        }
        // 11 games of 208 (or 207, or 117) cards, 3 or 4 seats each.
        assert!(views > 7000, "{views} views compared");
        assert!(
            hands_differed * 2 > views,
            "the hidden hands were dealt differently in {hands_differed} of {views}"
        );
    }

    /// Calypso Duet: a dummy is shown to both players from the moment it first plays in the
    /// deal (the dealer's dummy second to the first trick, the non-dealer's third), not
    /// before; a secret hand never.
    #[test]
    fn duet_dummies_are_shown_to_both_players_once_exposed() {
        let spec = GameSpec::new(Variant::Duet);
        let mut rng = ChaCha8Rng::seed_from_u64(22);
        let deck = shuffled_deck(&spec, &mut rng);
        // North (the ♠♥ player) deals: West leads, then South (North's dummy), East, North.
        let deals = spec.deal_stack(&deck, Seat::North);
        let mut game = Game::new(&spec, Seat::North);
        let duet = spec.duet.unwrap();
        game.deal_duet(
            deals[0].hands,
            &random_duet_deal(&duet, &deals[0].hands, &mut rng),
        )
        .unwrap();
        let dummies = |game: &Game, seat| {
            SeatView::new(game, PLACE, seat, &[], 0)
                .unwrap()
                .dummies
                .unwrap()
                .0
                .iter()
                .map(|(s, cards)| {
                    assert_eq!(cards.0.len(), game.hand(*s).len());
                    *s
                })
                .collect::<Vec<Seat>>()
        };
        assert_eq!(game.to_play(), Some(Seat::West));
        assert_eq!(dummies(&game, Seat::West), vec![]);
        game.play(game.legal_cards()[0]).unwrap();
        assert_eq!(game.to_play(), Some(Seat::South));
        for seat in Seat::ALL {
            assert_eq!(dummies(&game, seat), vec![Seat::South], "{seat}");
        }
        game.play(game.legal_cards()[0]).unwrap();
        assert_eq!(game.to_play(), Some(Seat::East));
        assert_eq!(dummies(&game, Seat::North), vec![Seat::South, Seat::East]);
        let json = SeatView::new(&game, PLACE, Seat::West, &[], 2)
            .unwrap()
            .to_json();
        let south: Vec<String> = sorted_hand(game.hand(Seat::South), Some(Suit::Hearts))
            .iter()
            .map(Card::to_string)
            .collect();
        assert!(json.contains(&format!(
            "\"dummies\":{{\"S\":{}",
            serde_json::to_string(&south).unwrap()
        )));
        // Other games have no "dummies" key at all.
        let standard = GameSpec::default();
        let g = Game::new(&standard, Seat::West);
        assert!(
            !SeatView::new(&g, PLACE, Seat::North, &[], 0)
                .unwrap()
                .to_json()
                .contains("dummies")
        );
    }

    #[test]
    fn a_seat_the_game_does_not_have_gets_no_view() {
        let spec = GameSpec::new(Variant::CutThroat3);
        let game = Game::new(&spec, Seat::North);
        assert_eq!(
            SeatView::new(&game, PLACE, Seat::West, &[], 0),
            Err(NoSuchSeat(Seat::West))
        );
        assert_eq!(
            NoSuchSeat(Seat::West).to_string(),
            "this game has no West seat"
        );
    }
}
