//! An Embers Calypso game as data: packs, hands agreed, fire hands, seating and trick rule.

use std::fmt;

use crate::engine::cards::{Card, CardCounts, Seat};
use crate::engine::spec::{GameSpec, SpecError, TrickRule, Trumps, Variant};

/// Most packs accepted: an input's packs size the deck.
pub const MAX_PACKS: usize = 8;
/// Most hands accepted: an input's hands size the game.
pub const MAX_HANDS: usize = 40;
/// The seed's "bare minimum".
pub const MIN_HANDS: usize = 4;
/// Cards per player per hand.
pub const HAND_SIZE: usize = 13;
/// Cards in one hand's deal.
pub const DEAL: usize = 52;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmbersSpec {
    /// Packs shuffled together, 3..=[`MAX_PACKS`].
    pub packs: usize,
    /// Hands agreed in advance, [`MIN_HANDS`]..=[`MAX_HANDS`].
    pub hands: usize,
    /// Hands dealt from the shuffled deck before the green room starts, 1..=packs-2.
    pub fire_hands: usize,
    /// The standard four-hand game's seating and trick rule; one deal of 13 each, from a
    /// deck of `packs` packs (the deal's cards are checked by the Embers game itself).
    table: GameSpec,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EmbersSpecError {
    Packs(usize),
    Hands(usize),
    FireHands { fire_hands: usize, packs: usize },
    FireAfterEnd { fire_hands: usize, hands: usize },
    Table(SpecError),
}

impl fmt::Display for EmbersSpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EmbersSpecError::Packs(n) => {
                write!(f, "Embers is played with 3 to {MAX_PACKS} packs, not {n}")
            }
            EmbersSpecError::Hands(n) => write!(
                f,
                "an Embers game is {MIN_HANDS} to {MAX_HANDS} hands agreed in advance, not {n}"
            ),
            EmbersSpecError::FireHands { fire_hands, packs } => write!(
                f,
                "with {packs} packs there are 1 to {} fire hands (packs minus two), not {fire_hands}",
                packs.saturating_sub(2)
            ),
            EmbersSpecError::FireAfterEnd { fire_hands, hands } => write!(
                f,
                "{fire_hands} fire hands do not fit in a game of {hands} hands"
            ),
            EmbersSpecError::Table(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for EmbersSpecError {}

impl EmbersSpec {
    /// Checked: packs 3..=8, hands 4..=40, fire hands 1..=packs-2 and at most the hands, the
    /// standard game's seating (majors against minors) and any trick rule.
    pub fn new(
        packs: usize,
        hands: usize,
        fire_hands: usize,
        rule: TrickRule,
        trumps: Option<Trumps>,
    ) -> Result<EmbersSpec, EmbersSpecError> {
        if !(3..=MAX_PACKS).contains(&packs) {
            return Err(EmbersSpecError::Packs(packs));
        }
        if !(MIN_HANDS..=MAX_HANDS).contains(&hands) {
            return Err(EmbersSpecError::Hands(hands));
        }
        if !(1..=packs - 2).contains(&fire_hands) {
            return Err(EmbersSpecError::FireHands { fire_hands, packs });
        }
        if fire_hands > hands {
            return Err(EmbersSpecError::FireAfterEnd { fire_hands, hands });
        }
        let mut table =
            GameSpec::build(Variant::Standard, rule, trumps).map_err(EmbersSpecError::Table)?;
        table.schedule = vec![HAND_SIZE];
        table.deck = CardCounts::new();
        for _ in 0..packs {
            for card in Card::all() {
                table.deck.add(card);
            }
        }
        Ok(EmbersSpec {
            packs,
            hands,
            fire_hands,
            table,
        })
    }

    /// Three packs, twelve hands (the seed's "decent number"), one fire hand.
    pub fn three_packs(hands: usize) -> Result<EmbersSpec, EmbersSpecError> {
        EmbersSpec::new(3, hands, 1, TrickRule::Standard, None)
    }

    /// One hand's trick play: the standard game's seating and rule, one deal of 13 each.
    pub fn table(&self) -> &GameSpec {
        &self.table
    }

    pub fn rule(&self) -> TrickRule {
        self.table.rule
    }

    pub fn trumps(&self) -> &Trumps {
        &self.table.trumps
    }

    /// Every card of every pack.
    pub fn deck(&self) -> &CardCounts {
        &self.table.deck
    }

    /// Hand `h` (1-based) is a fire hand: dealt from the rest of the shuffled deck.
    pub fn is_fire(&self, h: usize) -> bool {
        h <= self.fire_hands
    }

    /// The dealer of hand `h` (1-based): the deal passes to the left.
    pub fn dealer_of(&self, first: Seat, h: usize) -> Seat {
        self.table.dealer_of(first, h.saturating_sub(1) % 4)
    }

    /// The side a seat plays for: 0 N-S, 1 E-W.
    pub fn side_of(&self, seat: Seat) -> usize {
        self.table.side_of(seat)
    }
}
