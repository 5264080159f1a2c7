//! A game described as data: seats, trump suits, sides, deck, deal schedule, trick rule and
//! scoring. Every variant plays through the same code; only this value differs.

use std::fmt;
use std::str::FromStr;

use super::cards::{Card, CardCounts, Rank, Seat, Suit};

/// Who wins a trick when a personal trump is led (see the rules, "the problem rule").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum TrickRule {
    /// A led personal trump wins unless anyone trumps in, however low.
    #[default]
    Standard,
    /// A led personal trump counts as a trump: a trump-in must be strictly higher to win.
    BeatTheLeader,
    /// Beat-the-leader, and a player may trump in while still able to follow suit.
    AllFours,
}

impl TrickRule {
    pub const ALL: [TrickRule; 3] = [
        TrickRule::Standard,
        TrickRule::BeatTheLeader,
        TrickRule::AllFours,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            TrickRule::Standard => "standard",
            TrickRule::BeatTheLeader => "beat-the-leader",
            TrickRule::AllFours => "all-fours",
        }
    }

    /// The rule in a director's words, for pages and printed papers.
    pub const fn label(self) -> &'static str {
        match self {
            TrickRule::Standard => "Standard (the problem rule)",
            TrickRule::BeatTheLeader => "Beat the leader",
            TrickRule::AllFours => "All fours",
        }
    }

    /// What the rule decides, in one sentence.
    pub const fn description(self) -> &'static str {
        match self {
            TrickRule::Standard => {
                "A led personal trump wins the trick unless someone trumps in, however low."
            }
            TrickRule::BeatTheLeader => {
                "A led personal trump counts as a trump: to win, a trump-in must be higher."
            }
            TrickRule::AllFours => {
                "As beat the leader, and a player may trump in even while able to follow suit."
            }
        }
    }
}

impl fmt::Display for TrickRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A trick rule name that is not one of [`TrickRule::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown trick rule \"{0}\": use standard, beat-the-leader or all-fours")]
pub struct UnknownTrickRule(pub String);

impl FromStr for TrickRule {
    type Err = UnknownTrickRule;
    fn from_str(s: &str) -> Result<TrickRule, UnknownTrickRule> {
        TrickRule::ALL
            .into_iter()
            .find(|r| r.name() == s)
            .ok_or_else(|| UnknownTrickRule(s.to_string()))
    }
}

/// How the final score is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// Partners opposite collect for each other and add their scores.
    Partnership,
    /// Everyone for themselves: a trick's winner collects their own suit only.
    CutThroat,
    /// Parlett's three-hander: played cut-throat, each player's total is their own score plus
    /// that of the player on their right.
    SplitPartnership,
    /// Played as partnerships; the whole table's total is the one score.
    Cooperative,
}

impl Scoring {
    pub const fn partnerships(self) -> bool {
        matches!(self, Scoring::Partnership | Scoring::Cooperative)
    }
}

/// The named variants. Each builds a [`GameSpec`]; the spec, not the name, drives play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// Four players, two partnerships, 208 cards in four deals of 13.
    #[default]
    Standard,
    /// The standard game scored as one total for the whole table.
    Cooperative,
    /// Four players each for themselves.
    CutThroat4,
    /// Three players each for themselves: three packs with one suit removed, 117 cards in
    /// three deals of 13.
    CutThroat3,
    /// Parlett's split-partnership three-hander (the cut-throat three-hander's deck and play).
    SplitPartnership3,
    /// Sheinwold's three-hander: one 2 of clubs removed (207 cards), clubs nobody's trump,
    /// four deals of 13 then one of 17.
    Sheinwold3,
    /// Calypso Duet: two players, each playing a secret hand and a dummy (four hands in play).
    Duet,
    /// Calypso Duet with the call-and-response exchange of three cards each way.
    DuetCallAndResponse,
}

impl Variant {
    /// The variants with one person at each seat (every variant but Calypso Duet's two):
    /// see [`Variant::DUET`] and [`Variant::EVERY`].
    pub const ALL: [Variant; 6] = [
        Variant::Standard,
        Variant::Cooperative,
        Variant::CutThroat4,
        Variant::CutThroat3,
        Variant::SplitPartnership3,
        Variant::Sheinwold3,
    ];

    /// Calypso Duet, plain and with call-and-response.
    pub const DUET: [Variant; 2] = [Variant::Duet, Variant::DuetCallAndResponse];

    /// Every variant the engine plays, offered to events and parsed by name (`FromStr`):
    /// [`Variant::ALL`] and [`Variant::DUET`].
    pub const EVERY: [Variant; 8] = [
        Variant::Standard,
        Variant::Cooperative,
        Variant::CutThroat4,
        Variant::CutThroat3,
        Variant::SplitPartnership3,
        Variant::Sheinwold3,
        Variant::Duet,
        Variant::DuetCallAndResponse,
    ];

    /// Any variant the engine plays, by name, as `FromStr` reads it.
    pub fn from_name(name: &str) -> Option<Variant> {
        Variant::EVERY.into_iter().find(|v| v.name() == name)
    }

    pub const fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Cooperative => "cooperative",
            Variant::CutThroat4 => "cutthroat-4",
            Variant::CutThroat3 => "cutthroat-3",
            Variant::SplitPartnership3 => "split-partnership-3",
            Variant::Sheinwold3 => "sheinwold-3",
            Variant::Duet => "duet",
            Variant::DuetCallAndResponse => "duet-call-and-response",
        }
    }

    pub fn names() -> Vec<&'static str> {
        Variant::EVERY.iter().map(|v| v.name()).collect()
    }

    /// The variant in a director's words, for pages and printed papers.
    pub const fn label(self) -> &'static str {
        match self {
            Variant::Standard => "Standard partnership game",
            Variant::Cooperative => "Cooperative (one table total)",
            Variant::CutThroat4 => "Cut-throat, four players",
            Variant::CutThroat3 => "Cut-throat, three players",
            Variant::SplitPartnership3 => "Split partnership, three players",
            Variant::Sheinwold3 => "Sheinwold's three-hander",
            Variant::Duet => "Calypso Duet (two players)",
            Variant::DuetCallAndResponse => "Calypso Duet, call-and-response (two players)",
        }
    }

    /// Who plays and how it is scored, in one sentence.
    pub const fn description(self) -> &'static str {
        match self {
            Variant::Standard => "Four players in two partnerships; 208 cards in four deals.",
            Variant::Cooperative => "The standard game, scored as one total for the whole table.",
            Variant::CutThroat4 => "Four players, each for themselves; 208 cards in four deals.",
            Variant::CutThroat3 => {
                "Three players, each for themselves; three packs without diamonds, three deals."
            }
            Variant::SplitPartnership3 => {
                "Parlett's three-hander: each scores their own total plus their right-hand player's."
            }
            Variant::Sheinwold3 => {
                "Three players, each for themselves; 207 cards, clubs nobody's trump, five deals."
            }
            Variant::Duet => {
                "Two players, each playing a secret hand and a dummy; the order of play reverses each deal."
            }
            Variant::DuetCallAndResponse => {
                "Calypso Duet where each player moves three cards each way between their two hands."
            }
        }
    }

    /// Seats (hands) in play: 4 in Calypso Duet too, where two people play two hands each.
    /// For the number of people at a table use [`Variant::people`].
    pub const fn players(self) -> usize {
        match self {
            Variant::Standard
            | Variant::Cooperative
            | Variant::CutThroat4
            | Variant::Duet
            | Variant::DuetCallAndResponse => 4,
            _ => 3,
        }
    }

    /// People at a table: 2 in Calypso Duet, otherwise one per seat ([`Variant::players`]).
    pub const fn people(self) -> usize {
        match self {
            Variant::Duet | Variant::DuetCallAndResponse => 2,
            v => v.players(),
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A variant name that is not one of [`Variant::EVERY`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant \"{0}\": use one of {names}", names = Variant::names().join(", "))]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::from_name(s).ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

/// The default table: N♠ E♦ S♥ W♣ (majors North-South, minors East-West).
pub const DEFAULT_TRUMPS: [Suit; 4] = [Suit::Spades, Suit::Diamonds, Suit::Hearts, Suit::Clubs];

/// Personal trump suit of each seat; `None` for an empty seat or a player without one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Trumps(pub [Option<Suit>; 4]);

impl Trumps {
    pub fn of(&self, seat: Seat) -> Option<Suit> {
        self.0[seat.index()]
    }

    /// The seat whose personal suit this is, if any.
    pub fn holder(&self, suit: Suit) -> Option<Seat> {
        Seat::ALL.into_iter().find(|&s| self.of(s) == Some(suit))
    }
}

impl Default for Trumps {
    fn default() -> Trumps {
        Trumps(DEFAULT_TRUMPS.map(Some))
    }
}

/// Why a spec cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    #[error("a game has 3 or 4 players, not {0}")]
    Players(usize),
    #[error("{} and {} cannot both have {} as their trump suit", .first.name(), .second.name(), .suit.name())]
    SharedTrump {
        first: Seat,
        second: Seat,
        suit: Suit,
    },
    #[error("{} cannot have {} as trump suit: this deck has no {}", .seat.name(), .suit.name(), .suit.name())]
    SuitNotInDeck { seat: Seat, suit: Suit },
    #[error("{} has a trump suit but a {players}-player game has no {} seat", .seat.name(), .seat.name())]
    SeatNotInGame { seat: Seat, players: usize },
    #[error("partnership scoring needs four players")]
    PartnershipsNeedFour,
    #[error("the deal schedule deals {dealt} cards but the deck has {deck}")]
    Schedule { dealt: usize, deck: usize },
    #[error(
        "in Calypso Duet {0} must be partners' suits, seated opposite each other (a secret hand and its player's dummy)"
    )]
    DuetSeating(&'static str),
    #[error("the Calypso Duet players and order of play do not match the seating of trump suits")]
    DuetOrder,
}

/// Why a trump seating written as four letters (N E S W, e.g. `SDHC`) cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TrumpsError {
    #[error("give four seats N E S W, each a suit letter S H D C or '-', e.g. SDHC (not \"{0}\")")]
    Length(String),
    #[error("\"{found}\" for {} is not a suit: use S, H, D, C, or '-' for no trump", .seat.name())]
    NotASuit { seat: Seat, found: char },
}

impl Trumps {
    /// No seat has a trump suit.
    pub const NONE: Trumps = Trumps([None; 4]);
}

impl fmt::Display for Trumps {
    /// A letter or '-' per seat, N E S W: `SDHC`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for t in self.0 {
            write!(f, "{}", t.map_or('-', |s| s.letter()))?;
        }
        Ok(())
    }
}

impl FromStr for Trumps {
    type Err = TrumpsError;
    fn from_str(s: &str) -> Result<Trumps, TrumpsError> {
        let chars: Vec<char> = s.trim().chars().collect();
        if chars.len() != 4 {
            return Err(TrumpsError::Length(s.to_string()));
        }
        let mut t = Trumps::NONE;
        for ((slot, c), seat) in t.0.iter_mut().zip(chars).zip(Seat::ALL) {
            if c != '-' {
                *slot = Some(Suit::from_char(c).ok_or(TrumpsError::NotASuit { seat, found: c })?);
            }
        }
        Ok(t)
    }
}

/// Which way the turn passes round the table during a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Direction {
    /// To the left: N, E, S, W.
    #[default]
    Clockwise,
    /// To the right: N, W, S, E.
    CounterClockwise,
}

impl Direction {
    /// Seats to the left per turn at a table of `players` seats (one to the right is
    /// `players - 1` to the left).
    pub const fn step(self, players: usize) -> usize {
        match self {
            Direction::Clockwise => 1,
            Direction::CounterClockwise => players - 1,
        }
    }
}

/// Who deals each deal and which way play runs in it, as data indexed by seat. The leader of
/// a deal's first trick is the dealer's neighbour in that deal's direction, so the dealer
/// plays last to it; later tricks are led by the winner and go the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayOrder {
    /// Seats that deal (a game's first dealer must be one of them).
    pub deals: [bool; 4],
    /// The seat that deals after each dealing seat.
    pub next_dealer: [Seat; 4],
    /// Which way play runs in a deal dealt from each seat.
    pub direction: [Direction; 4],
}

impl PlayOrder {
    /// Every seat in play deals in turn, the deal passing to the left; play runs clockwise.
    pub fn pass_left(players: usize) -> PlayOrder {
        PlayOrder {
            deals: std::array::from_fn(|i| i < players),
            next_dealer: Seat::ALL.map(|s| s.left(players)),
            direction: [Direction::Clockwise; 4],
        }
    }

    /// Calypso Duet: the deal alternates between the two players, each named by the seat of
    /// their secret hand, and play runs away from the dealer towards the other player's
    /// secret hand: non-dealer's secret hand, dealer's dummy, non-dealer's dummy, dealer's
    /// secret hand. The two secret seats must be neighbours (their dummies sit opposite).
    pub fn alternate(first: Seat, second: Seat) -> PlayOrder {
        let towards = |from: Seat, to: Seat| {
            if from.left(4) == to {
                Direction::Clockwise
            } else {
                Direction::CounterClockwise
            }
        };
        let mut order = PlayOrder {
            deals: [false; 4],
            next_dealer: Seat::ALL,
            direction: [Direction::Clockwise; 4],
        };
        for (a, b) in [(first, second), (second, first)] {
            order.deals[a.index()] = true;
            order.next_dealer[a.index()] = b;
            order.direction[a.index()] = towards(a, b);
        }
        order
    }

    pub fn deals_from(&self, seat: Seat) -> bool {
        self.deals[seat.index()]
    }
}

/// One of the two players and the seats they play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DuetPlayer {
    /// "majors" or "minors".
    pub name: &'static str,
    /// The secret hand's seat (spades or clubs as trump suit).
    pub secret: Seat,
    /// The dummy's seat (hearts or diamonds), opposite the secret hand.
    pub dummy: Seat,
}

impl DuetPlayer {
    /// The board's two hands this player receives: those of the player's own two seats
    /// (the majors player gets the board's N and S hands at the default table).
    pub fn dealt(&self) -> [Seat; 2] {
        [self.secret, self.dummy]
    }

    pub fn holds(&self, board_seat: Seat) -> bool {
        board_seat == self.secret || board_seat == self.dummy
    }

    /// The player's other dealt hand.
    pub(crate) fn other(&self, board_seat: Seat) -> Seat {
        if board_seat == self.secret {
            self.dummy
        } else {
            self.secret
        }
    }

    /// "North or South".
    pub(crate) fn hands_named(&self) -> String {
        format!("{} or {}", self.secret.name(), self.dummy.name())
    }
}

/// Calypso Duet as part of a [`GameSpec`]: the two players and the size of the
/// call-and-response exchange.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Duet {
    /// The majors player (spades secret, hearts dummy), then the minors player (clubs
    /// secret, diamonds dummy).
    pub players: [DuetPlayer; 2],
    /// Cards each player moves each way between their two hands each deal: 3 with
    /// call-and-response, 0 in plain Duet.
    pub exchange: usize,
}

impl Duet {
    /// The players as the trump seating puts them: each secret hand at the seat of a black
    /// suit, its player's dummy at the seat of the red suit of the same side, opposite.
    pub fn seated(trumps: &Trumps, exchange: usize) -> Result<Duet, SpecError> {
        let player = |name, secret, dummy, pair| {
            let (Some(s), Some(d)) = (trumps.holder(secret), trumps.holder(dummy)) else {
                return Err(SpecError::DuetSeating(pair));
            };
            if s.partner() != d {
                return Err(SpecError::DuetSeating(pair));
            }
            Ok(DuetPlayer {
                name,
                secret: s,
                dummy: d,
            })
        };
        Ok(Duet {
            players: [
                player("majors", Suit::Spades, Suit::Hearts, "spades and hearts")?,
                player("minors", Suit::Clubs, Suit::Diamonds, "clubs and diamonds")?,
            ],
            exchange,
        })
    }

    /// The deal alternates between the two players' secret seats, and play runs from the
    /// non-dealer's secret hand to the dealer's dummy, the non-dealer's dummy and the
    /// dealer's secret hand (so the direction reverses each deal).
    pub fn play_order(&self) -> PlayOrder {
        PlayOrder::alternate(self.players[0].secret, self.players[1].secret)
    }

    /// The player whose seat this is (0 majors, 1 minors).
    pub fn player_at(&self, seat: Seat) -> usize {
        usize::from(!self.players[0].holds(seat))
    }
}

/// Everything that varies between Calypso games, as data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSpec {
    pub variant: Variant,
    /// Seats in play are the first `players` of N, E, S, W.
    pub players: usize,
    pub trumps: Trumps,
    pub rule: TrickRule,
    pub scoring: Scoring,
    /// The whole deck as a multiset.
    pub deck: CardCounts,
    /// Cards removed from the canonical quad-deck order, as (copy 1..=4, card), so the deal
    /// algorithm can leave them out in place.
    pub removed: Vec<(u8, Card)>,
    /// Cards each player receives in each deal, in order.
    pub schedule: Vec<usize>,
    /// Who deals and which way play runs.
    pub order: PlayOrder,
    /// Calypso Duet: two people, each playing two of the four seats; `None` when every seat
    /// is its own player.
    pub duet: Option<Duet>,
}

impl Default for GameSpec {
    fn default() -> GameSpec {
        GameSpec::new(Variant::Standard)
    }
}

impl GameSpec {
    /// The variant with its default seating and the standard trick rule.
    pub fn new(variant: Variant) -> GameSpec {
        let players = variant.players();
        let mut removed = Vec::new();
        let (scoring, schedule, removed_suit, neutral) = match variant {
            Variant::Standard => (Scoring::Partnership, vec![13; 4], None, None),
            Variant::Cooperative => (Scoring::Cooperative, vec![13; 4], None, None),
            Variant::CutThroat4 => (Scoring::CutThroat, vec![13; 4], None, None),
            // Choice: diamonds removed, as the main rules page recommends.
            Variant::CutThroat3 => (Scoring::CutThroat, vec![13; 3], Some(Suit::Diamonds), None),
            Variant::SplitPartnership3 => (
                Scoring::SplitPartnership,
                vec![13; 3],
                Some(Suit::Diamonds),
                None,
            ),
            Variant::Duet | Variant::DuetCallAndResponse => {
                (Scoring::Partnership, vec![13; 4], None, None)
            }
            Variant::Sheinwold3 => {
                // Choice: the 2 removed is the 2 of clubs of the fourth copy (clubs is the
                // neutral suit, so every personal suit keeps four full sets).
                removed.push((4, Card::new(Rank::TWO, Suit::Clubs)));
                (
                    Scoring::CutThroat,
                    vec![13, 13, 13, 13, 17],
                    None,
                    Some(Suit::Clubs),
                )
            }
        };
        if let Some(suit) = removed_suit {
            // Three packs, not four: the fourth copy goes, and one suit from the other three.
            for card in Card::all() {
                if card.suit() == suit {
                    for copy in 1..=3 {
                        removed.push((copy, card));
                    }
                }
                removed.push((4, card));
            }
        }
        // Seats take the default table's suits in order, skipping a removed or neutral suit.
        let mut suits = DEFAULT_TRUMPS
            .into_iter()
            .filter(|&s| Some(s) != removed_suit && Some(s) != neutral);
        let mut trumps = [None; 4];
        for t in trumps.iter_mut().take(players) {
            *t = suits.next();
        }
        let mut spec = GameSpec {
            variant,
            players,
            trumps: Trumps(trumps),
            rule: TrickRule::Standard,
            scoring,
            deck: CardCounts::new(),
            removed,
            schedule,
            order: PlayOrder::pass_left(players),
            duet: None,
        };
        spec.deck = CardCounts::from_cards(&spec.canonical_deck());
        if let Variant::Duet | Variant::DuetCallAndResponse = variant {
            let exchange = if variant == Variant::DuetCallAndResponse {
                3
            } else {
                0
            };
            let duet = Duet::seated(&spec.trumps, exchange)
                .expect("the default table seats majors and minors opposite each other");
            spec.order = duet.play_order();
            spec.duet = Some(duet);
        }
        spec
    }

    /// Sets the seating of trump suits, checked. In Calypso Duet the seating also says which
    /// seats are each player's secret hand and dummy, and so who leads.
    pub fn with_trumps(mut self, trumps: Trumps) -> Result<GameSpec, SpecError> {
        self.trumps = trumps;
        if let Some(duet) = &self.duet {
            let duet = Duet::seated(&trumps, duet.exchange)?;
            self.order = duet.play_order();
            self.duet = Some(duet);
        }
        self.validate()?;
        Ok(self)
    }

    pub fn with_rule(mut self, rule: TrickRule) -> GameSpec {
        self.rule = rule;
        self
    }

    /// The game of a variant played under a trick rule, with the variant's own seating or
    /// the given one (checked against the variant's seats and deck).
    pub fn build(
        variant: Variant,
        rule: TrickRule,
        trumps: Option<Trumps>,
    ) -> Result<GameSpec, SpecError> {
        let spec = GameSpec::new(variant).with_rule(rule);
        match trumps {
            Some(t) => spec.with_trumps(t),
            None => Ok(spec),
        }
    }

    /// Checks that the spec describes a playable game.
    pub fn validate(&self) -> Result<(), SpecError> {
        if !(3..=4).contains(&self.players) {
            return Err(SpecError::Players(self.players));
        }
        let seats = self.seats();
        for (i, &a) in seats.iter().enumerate() {
            for &b in &seats[i + 1..] {
                if let Some(suit) = self.trumps.of(a)
                    && self.trumps.of(b) == Some(suit)
                {
                    return Err(SpecError::SharedTrump {
                        first: a,
                        second: b,
                        suit,
                    });
                }
            }
            if let Some(suit) = self.trumps.of(a)
                && !self.deck.has_suit(suit)
            {
                return Err(SpecError::SuitNotInDeck { seat: a, suit });
            }
        }
        for &seat in &Seat::ALL[self.players..] {
            if self.trumps.of(seat).is_some() {
                return Err(SpecError::SeatNotInGame {
                    seat,
                    players: self.players,
                });
            }
        }
        if self.scoring.partnerships() && self.players != 4 {
            return Err(SpecError::PartnershipsNeedFour);
        }
        if let Some(duet) = &self.duet {
            let seated = Duet::seated(&self.trumps, duet.exchange)?;
            if seated != *duet || self.order != seated.play_order() {
                return Err(SpecError::DuetOrder);
            }
        }
        let dealt: usize = self.schedule.iter().sum::<usize>() * self.players;
        if dealt != self.deck.len() {
            return Err(SpecError::Schedule {
                dealt,
                deck: self.deck.len(),
            });
        }
        Ok(())
    }

    pub fn seats(&self) -> &'static [Seat] {
        &Seat::ALL[..self.players]
    }

    /// The deck in the published canonical order: copy 1..4, suit C D H S, rank 2..A, with
    /// this variant's removed cards left out in place.
    pub fn canonical_deck(&self) -> Vec<Card> {
        let mut deck = [Card::new(Rank::TWO, Suit::Clubs); 208];
        let n = self.canonical_deck_into(&mut deck);
        deck[..n].to_vec()
    }

    /// [`GameSpec::canonical_deck`] into `out`, without allocating; returns its length.
    pub fn canonical_deck_into(&self, out: &mut [Card; 208]) -> usize {
        let mut n = 0;
        for copy in 1..=4u8 {
            let some_removed = self.removed.iter().any(|&(c, _)| c == copy);
            for card in Card::all() {
                if !(some_removed && self.removed.contains(&(copy, card))) {
                    out[n] = card;
                    n += 1;
                }
            }
        }
        n
    }

    /// Cards dealt to the table in deals 1..=k.
    pub fn cards_dealt_by(&self, k: usize) -> usize {
        self.schedule.iter().take(k).sum::<usize>() * self.players
    }

    pub fn deals(&self) -> usize {
        self.schedule.len()
    }

    /// Number of sides (trick piles): two partnerships, or one per player.
    pub fn sides(&self) -> usize {
        if self.scoring.partnerships() {
            2
        } else {
            self.players
        }
    }

    /// The side a seat belongs to: 0 for N-S, 1 for E-W; a player's own index otherwise.
    pub fn side_of(&self, seat: Seat) -> usize {
        if self.scoring.partnerships() {
            seat.index() % 2
        } else {
            seat.index()
        }
    }

    /// The side (index) holding the majors: the one whose player has Spades (N-S with the
    /// default trumps); side 0 when no one has.
    pub fn majors_side(&self) -> usize {
        self.seats()
            .iter()
            .find(|&&s| self.trumps.of(s) == Some(Suit::Spades))
            .map_or(0, |&s| self.side_of(s))
    }

    /// Seats of one side, in seat order.
    pub fn side_seats(&self, side: usize) -> Vec<Seat> {
        self.seats()
            .iter()
            .copied()
            .filter(|&s| self.side_of(s) == side)
            .collect()
    }

    /// A side's name in output: "NS", "EW", or the seat letter.
    pub fn side_name(&self, side: usize) -> String {
        self.side_seats(side).iter().map(|s| s.letter()).collect()
    }

    /// The seat that deals deal `d` (0-based) when `first` dealt the first: the deal passes
    /// as [`GameSpec::order`] says (to the left in the standard game).
    pub fn dealer_of(&self, first: Seat, d: usize) -> Seat {
        let mut dealer = first;
        for _ in 0..d {
            dealer = self.order.next_dealer[dealer.index()];
        }
        dealer
    }

    /// The seats that may deal first, in seat order (every seat in play, or in Calypso Duet
    /// the two secret hands' seats).
    pub fn dealing_seats(&self) -> Vec<Seat> {
        self.dealing_seats_iter().collect()
    }

    /// [`GameSpec::dealing_seats`], without allocating.
    pub(crate) fn dealing_seats_iter(&self) -> impl Iterator<Item = Seat> + Clone + '_ {
        self.seats()
            .iter()
            .copied()
            .filter(|&s| self.order.deals_from(s))
    }

    /// Which way play runs in a deal dealt by `dealer`.
    pub fn direction(&self, dealer: Seat) -> Direction {
        self.order.direction[dealer.index()]
    }

    /// Seats to the left per turn in a deal dealt by `dealer` (1 clockwise).
    pub fn step(&self, dealer: Seat) -> usize {
        self.direction(dealer).step(self.players)
    }

    /// The leader of the first trick of a deal dealt by `dealer`: the dealer's neighbour in
    /// that deal's direction (the dealer's left in the standard game).
    pub fn leader_of(&self, dealer: Seat) -> Seat {
        dealer.left_by(self.step(dealer), self.players)
    }

    /// The seats in the order they play to a trick led by `leader` in a deal dealt by
    /// `dealer`.
    pub fn play_order(&self, dealer: Seat, leader: Seat) -> Vec<Seat> {
        let step = self.step(dealer);
        (0..self.players)
            .map(|i| leader.left_by(i * step, self.players))
            .collect()
    }

    /// People at the table: two in Calypso Duet, otherwise one per seat.
    pub fn people(&self) -> usize {
        if self.duet.is_some() { 2 } else { self.players }
    }

    /// Splits a face-down stack (index 0 on top) into the hands of each deal: in each deal,
    /// card k goes to the seat k+1 places left of that deal's dealer.
    pub fn deal_stack(&self, stack: &[Card], first_dealer: Seat) -> Vec<Deal> {
        self.deals_of_stack(stack, first_dealer).collect()
    }

    /// [`GameSpec::deal_stack`] one deal at a time, without allocating.
    pub(crate) fn deals_of_stack<'a>(
        &'a self,
        stack: &'a [Card],
        first_dealer: Seat,
    ) -> impl Iterator<Item = Deal> + 'a {
        let mut rest = stack;
        let mut dealer = first_dealer;
        self.schedule.iter().enumerate().map(move |(d, &per_hand)| {
            if d > 0 {
                // As dealer_of(first_dealer, d), a step at a time.
                dealer = self.order.next_dealer[dealer.index()];
            }
            let (this_deal, next) = rest.split_at((per_hand * self.players).min(rest.len()));
            rest = next;
            // The seat left of the dealer receives the first card.
            let first = dealer.left(self.players).index();
            Deal {
                dealer,
                hands: CardCounts::deal_round(this_deal, first, self.players),
            }
        })
    }
}

/// One deal's hands as dealt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    pub dealer: Seat,
    /// Indexed by seat; empty for seats not in play.
    pub hands: [CardCounts; 4],
}

impl Deal {
    pub fn hand(&self, seat: Seat) -> &CardCounts {
        &self.hands[seat.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_is_valid_and_deals_its_whole_deck() {
        for v in Variant::EVERY {
            let spec = GameSpec::new(v);
            spec.validate().unwrap();
            assert_eq!(spec.cards_dealt_by(spec.deals()), spec.deck.len(), "{v}");
            assert_eq!(spec.canonical_deck().len(), spec.deck.len(), "{v}");
        }
        assert_eq!(GameSpec::new(Variant::Standard).deck.len(), 208);
        assert_eq!(GameSpec::new(Variant::CutThroat3).deck.len(), 117);
        assert_eq!(GameSpec::new(Variant::Sheinwold3).deck.len(), 207);
    }

    #[test]
    fn sheinwold_three_hander_has_clubs_neutral() {
        let spec = GameSpec::new(Variant::Sheinwold3);
        assert_eq!(spec.trumps.holder(Suit::Clubs), None);
        assert_eq!(spec.schedule, vec![13, 13, 13, 13, 17]);
        assert_eq!(spec.deck.count("2C".parse().unwrap()), 3);
        // The removed card is the fourth copy's 2C: the canonical order keeps the first three.
        let deck = spec.canonical_deck();
        assert_eq!(deck[0].to_string(), "2C");
        assert_eq!(deck[156].to_string(), "3C");
    }

    #[test]
    fn canonical_deck_order_is_copy_suit_rank() {
        let deck = GameSpec::default().canonical_deck();
        assert_eq!(deck[0].to_string(), "2C");
        assert_eq!(deck[51].to_string(), "AS");
        assert_eq!(deck[52].to_string(), "2C");
        assert_eq!(deck[207].to_string(), "AS");
    }

    #[test]
    fn dealing_starts_left_of_dealer_and_dealer_passes_left() {
        let spec = GameSpec::default();
        let stack = spec.canonical_deck();
        let deals = spec.deal_stack(&stack, Seat::West);
        assert_eq!(deals[0].dealer, Seat::West);
        assert_eq!(deals[1].dealer, Seat::North);
        // First card of deal 1 goes to North (left of West).
        assert!(deals[0].hand(Seat::North).contains(stack[0]));
        assert!(deals[0].hand(Seat::East).contains(stack[1]));
        // First card of deal 2 goes to East (left of North).
        assert!(deals[1].hand(Seat::East).contains(stack[52]));
        for d in &deals {
            for s in Seat::ALL {
                assert_eq!(d.hand(s).len(), 13);
            }
        }
    }

    #[test]
    fn rejects_two_players_with_one_suit() {
        let t = Trumps([
            Some(Suit::Spades),
            Some(Suit::Spades),
            Some(Suit::Hearts),
            Some(Suit::Clubs),
        ]);
        let e = GameSpec::default().with_trumps(t).unwrap_err();
        assert!(e.to_string().contains("North and East"), "{e}");
    }

    #[test]
    fn duet_is_four_seats_for_two_people_scored_as_partnerships() {
        for v in Variant::DUET {
            assert!(!Variant::ALL.contains(&v), "two people, not one per seat");
            assert_eq!(Variant::from_name(v.name()), Some(v));
            assert_eq!(v.name().parse::<Variant>(), Ok(v));
            assert_eq!((v.players(), v.people()), (4, 2));
            let spec = GameSpec::new(v);
            assert_eq!((spec.players, spec.people()), (4, 2));
            assert_eq!(spec.scoring, Scoring::Partnership);
            assert_eq!(spec.trumps, Trumps::default());
            assert_eq!(spec.deck.len(), 208);
            assert_eq!(spec.side_name(0), "NS");
        }
        assert_eq!(GameSpec::new(Variant::Duet).duet.unwrap().exchange, 0);
        assert_eq!(
            GameSpec::new(Variant::DuetCallAndResponse)
                .duet
                .unwrap()
                .exchange,
            3
        );
        assert_eq!(GameSpec::default().duet, None);
        assert_eq!(GameSpec::default().people(), 4);
        assert_eq!(Variant::Standard.people(), 4);
        assert_eq!(Variant::CutThroat3.people(), 3);
    }

    #[test]
    fn duet_play_order_follows_the_seating() {
        // Online seating N♠ E♣ S♥ W♦: the minors' secret hand is East. North deals: East
        // leads, then South (North's dummy), West, North: clockwise this time.
        let online: Trumps = "SCHD".parse().unwrap();
        let spec = GameSpec::new(Variant::Duet).with_trumps(online).unwrap();
        assert_eq!(spec.dealing_seats(), vec![Seat::North, Seat::East]);
        assert_eq!(
            spec.play_order(Seat::North, spec.leader_of(Seat::North)),
            vec![Seat::East, Seat::South, Seat::West, Seat::North]
        );
        assert_eq!(
            spec.play_order(Seat::East, spec.leader_of(Seat::East)),
            vec![Seat::North, Seat::West, Seat::South, Seat::East]
        );
        assert_eq!(spec.dealer_of(Seat::North, 3), Seat::East);
        // Partners' suits side by side cannot be a Duet table.
        let e = GameSpec::new(Variant::Duet)
            .with_trumps("SHDC".parse().unwrap())
            .unwrap_err();
        assert_eq!(e, SpecError::DuetSeating("spades and hearts"));
    }
}
