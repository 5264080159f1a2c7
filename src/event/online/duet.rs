//! Calypso Duet played online (#39 item 9): each player's choices of a deal beside the
//! table's cards, and what a Duet player may know. Pure: no database, no clock.
//!
//! A Duet player holds two seats: their secret hand (the seat of a black suit, the seat
//! their link names) and their dummy (the red suit's seat opposite). Each deal the board
//! deals four hands as usual; each player receives the two dealt at their seats and, in
//! order (the seed, docs/online.md "Calypso Duet"):
//!
//! 1. **look**: picks up one of the two (names its board seat) and sees it;
//! 2. **dummy**: decides which of the two becomes the dummy (names its board seat);
//! 3. call-and-response only, **pass**: sets three cards of the hand looked at aside (they
//!    will join the other hand);
//! 4. call-and-response only, **return**: moves three cards of the other hand, as dealt,
//!    into the hand looked at. A player who made the hand looked at the dummy does it at once
//!    (they pick up the other hand as their secret hand); one who kept it as the secret hand
//!    does it when their dummy is about to play to the first trick (they see the dummy
//!    only then, as the seed says), and leads, if they lead, from the ten cards kept.
//!
//! The deal's first card waits for both players' first steps (and any return due before
//! it). The engine's [`Game::deal_duet`] takes all of a deal's choices at once: a return made
//! after the first card is dealt first with a stand-in (three cards of the other hand, never
//! shown: the dummy is not exposed and the three cards are not in the hand shown until the
//! return is made), and the deal is dealt again with the real one when it comes (at most two
//! cards of the first trick are played again).

use std::fmt;

use serde::Serialize;

use super::replay::{LogError, TablePlay};
use super::view::{Cards, Place, SeatView, sorted_hand, trick_so_far};
use crate::deals::Board;
use crate::engine::spec::Duet;
use crate::engine::{Card, CardCounts, DuetChoice, DuetDeal, Exchange, Game, Seat};

/// One step of a player's choices in a deal, in the order they are made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Step {
    Look,
    Dummy,
    Pass,
    Return,
}

impl Step {
    pub const ALL: [Step; 4] = [Step::Look, Step::Dummy, Step::Pass, Step::Return];

    /// As stored and as the seat API names it.
    pub const fn as_str(self) -> &'static str {
        match self {
            Step::Look => "look",
            Step::Dummy => "dummy",
            Step::Pass => "pass",
            Step::Return => "return",
        }
    }

    pub fn parse(s: &str) -> Option<Step> {
        Step::ALL.into_iter().find(|x| x.as_str() == s)
    }

    /// What the step asks of the player, in words.
    fn asks(self) -> &'static str {
        match self {
            Step::Look => "look at one of your two hands",
            Step::Dummy => "choose which of your two hands is your dummy",
            Step::Pass => "set three cards of the hand you looked at aside",
            Step::Return => "move three cards of your other hand into the hand you looked at",
        }
    }

    /// The step done, in words.
    fn done(self) -> &'static str {
        match self {
            Step::Look => "looked at a hand",
            Step::Dummy => "chosen your dummy",
            Step::Pass => "set three cards aside",
            Step::Return => "moved three cards back",
        }
    }
}

/// One choice of one player: `deal` from 1, `player` as [`Duet::players`] (0: the ♠♥
/// player, 1: the ♦♣ player), the hand named (look, dummy: a board seat) or the three
/// cards (pass, return), and how many of the board's cards had been played when it was made
/// (which puts it in order with the cards).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub deal: usize,
    pub player: usize,
    pub step: Step,
    pub hand: Option<Seat>,
    pub cards: Vec<Card>,
    pub cards_before: u32,
}

impl Choice {
    /// The stored value: a seat letter, or the cards in the play records' notation.
    pub fn value(&self) -> String {
        match self.hand {
            Some(s) => s.letter().to_string(),
            None => self
                .cards
                .iter()
                .map(Card::to_string)
                .collect::<Vec<_>>()
                .join(" "),
        }
    }

    /// A stored row read back; a row that does not read is a clear error naming it.
    pub fn from_stored(
        duet: &Duet,
        deal: i64,
        seat: &str,
        step: &str,
        value: &str,
        cards_before: i64,
    ) -> Result<Choice, LogError> {
        let bad = |what: String| LogError {
            seq: None,
            message: format!("a Duet choice is stored with {what}"),
        };
        let deal = usize::try_from(deal)
            .ok()
            .filter(|d| (1..=4).contains(d))
            .ok_or_else(|| bad(format!("deal {deal}")))?;
        let seat: Seat = seat
            .parse()
            .map_err(|_| bad(format!("the seat \"{seat}\"")))?;
        if !duet.players.iter().any(|p| p.secret == seat) {
            return Err(bad(format!(
                "the seat {}, which is no player's secret hand",
                seat.name()
            )));
        }
        let player = duet.player_at(seat);
        let step = Step::parse(step).ok_or_else(|| bad(format!("the step \"{step}\"")))?;
        let cards_before = u32::try_from(cards_before)
            .map_err(|_| bad(format!("{cards_before} cards before it")))?;
        let (hand, cards) = match step {
            Step::Look | Step::Dummy => (
                Some(
                    value
                        .parse::<Seat>()
                        .map_err(|_| bad(format!("the hand \"{value}\"")))?,
                ),
                Vec::new(),
            ),
            Step::Pass | Step::Return => {
                if value.len() > 40 {
                    return Err(bad("a value too long to be three cards".into()));
                }
                let cards = value
                    .split_whitespace()
                    .map(|c| c.parse::<Card>())
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|_| bad(format!("the cards \"{value}\"")))?;
                (None, cards)
            }
        };
        Ok(Choice {
            deal,
            player,
            step,
            hand,
            cards,
            cards_before,
        })
    }
}

/// A choice that is not the player's to make now (409), or not one the rules allow (422),
/// in the player's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChoiceRefused {
    /// Not now: done already, another step first, the deal's play under way, the board over.
    NotNow(String),
    /// The choice sent carries another seq than the table's next card.
    StaleSeq { sent: u32, next: u32 },
    /// Not a choice the rules allow: a hand not theirs, not three cards, a card not held.
    Invalid(String),
}

impl ChoiceRefused {
    /// The table is not where the sender thought (answer 409); otherwise the choice itself is
    /// wrong (422).
    pub fn is_conflict(&self) -> bool {
        !matches!(self, ChoiceRefused::Invalid(_))
    }
}

impl fmt::Display for ChoiceRefused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChoiceRefused::NotNow(m) | ChoiceRefused::Invalid(m) => f.write_str(m),
            ChoiceRefused::StaleSeq { sent, next } => write!(
                f,
                "the table is at card {next}, not {sent}: reload the table and choose again"
            ),
        }
    }
}

impl std::error::Error for ChoiceRefused {}

/// One player's choices in one deal so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerChoices {
    pub look: Option<Seat>,
    pub dummy: Option<Seat>,
    pub pass: Option<Vec<Card>>,
    pub ret: Option<Vec<Card>>,
}

impl PlayerChoices {
    /// The step this player makes next in the deal, none once all are made.
    pub fn next_step(&self, duet: &Duet) -> Option<Step> {
        if self.look.is_none() {
            Some(Step::Look)
        } else if self.dummy.is_none() {
            Some(Step::Dummy)
        } else if duet.exchange == 0 {
            None
        } else if self.pass.is_none() {
            Some(Step::Pass)
        } else if self.ret.is_none() {
            Some(Step::Return)
        } else {
            None
        }
    }

    /// Call-and-response, the hand looked at kept as the secret hand: the return is made
    /// when the dummy is about to play, after the deal's first card(s).
    fn returns_late(&self, duet: &Duet) -> bool {
        duet.exchange > 0 && self.look.is_some() && self.dummy.is_some() && self.look != self.dummy
    }

    /// Everything the deal's first card waits for is chosen.
    fn ready(&self, duet: &Duet) -> bool {
        match self.next_step(duet) {
            None => true,
            Some(Step::Return) => self.returns_late(duet),
            Some(_) => false,
        }
    }

    /// The return is still to come although the deal is dealt (a stand-in in its place).
    fn return_pending(&self, duet: &Duet) -> bool {
        self.returns_late(duet) && self.ret.is_none()
    }
}

/// A Duet table's choices: per deal, per player.
#[derive(Clone, Debug, Default)]
pub struct DuetLog<'s> {
    pub deals: Vec<[PlayerChoices; 2]>,
    /// The game as it was before the deal under way was dealt: a return made after its first
    /// card deals it again from here.
    before_deal: Option<Game<'s>>,
}

impl DuetLog<'_> {
    /// The choices of deal `d` (from 1), none made yet when the log has none.
    pub fn deal(&self, d: usize) -> [PlayerChoices; 2] {
        d.checked_sub(1)
            .and_then(|i| self.deals.get(i))
            .cloned()
            .unwrap_or_default()
    }

    /// The engine's choices of every deal whose choices are all made, in order (the play
    /// record's `duet` per deal).
    pub fn engine_deals(&self, duet: &Duet) -> Vec<DuetDeal> {
        self.deals
            .iter()
            .map_while(|pcs| {
                let c0 = engine_choice(duet, &pcs[0], None)?;
                let c1 = engine_choice(duet, &pcs[1], None)?;
                Some(DuetDeal { choices: [c0, c1] })
            })
            .collect()
    }
}

/// The deal whose choices are being made or played now (from 1): the next deal while none
/// is in play, the one under way while it is; none once the board is over.
pub fn deal_now(game: &Game) -> Option<usize> {
    if game.is_over() {
        None
    } else if game.to_play().is_some() {
        Some(game.deals_dealt())
    } else {
        Some(game.deals_dealt() + 1)
    }
}

/// The hand `hand` less `cards` (counting copies), or the first card it does not hold.
fn take(hand: &CardCounts, cards: &[Card]) -> Result<CardCounts, Card> {
    let mut left = *hand;
    for &c in cards {
        if !left.remove(c) {
            return Err(c);
        }
    }
    Ok(left)
}

/// Three cards of `hand` standing in for a return not yet made (never shown to anyone).
fn stand_in(hand: &CardCounts, n: usize) -> Vec<Card> {
    hand.cards().into_iter().take(n).collect()
}

/// A player's choices as the engine takes them; a return not made yet is stood in for with
/// `stand_in_from`'s first cards when given, else none (the choices are not complete).
fn engine_choice(
    duet: &Duet,
    pc: &PlayerChoices,
    stand_in_from: Option<&CardCounts>,
) -> Option<DuetChoice> {
    let dummy = pc.dummy?;
    let exchange = if duet.exchange == 0 {
        None
    } else {
        let returned = match (&pc.ret, stand_in_from) {
            (Some(r), _) => r.clone(),
            (None, Some(h)) => stand_in(h, duet.exchange),
            (None, None) => return None,
        };
        Some(Exchange {
            inspected: pc.look?,
            passed: pc.pass.clone()?,
            returned,
        })
    };
    Some(DuetChoice { dummy, exchange })
}

fn player_words(duet: &Duet, p: usize) -> String {
    let pl = &duet.players[p];
    format!(
        "the {} player ({} and {})",
        suits_of(pl.secret, pl.dummy),
        pl.secret.name(),
        pl.dummy.name()
    )
}

fn suits_of(a: Seat, b: Seat) -> &'static str {
    // The players are named by the seats they hold, never by "majors"/"minors".
    match (a, b) {
        (Seat::North, _) | (Seat::South, _) => "N-S",
        _ => "E-W",
    }
}

/// The engine's words for a board seat as the player's dealt hand: "the hand dealt to North".
fn dealt_words(seat: Seat) -> String {
    format!("the hand dealt to {}", seat.name())
}

/// Makes `c` at `table` if the rules allow it now: the step must be the player's next, in
/// the deal being chosen or played, with a hand of theirs or three cards the hand held.
/// Deals the deal once both players have chosen what its first card waits for, and deals
/// it again with a return made after its first card.
pub fn choose<'s>(
    table: &mut TablePlay<'s>,
    board: &Board,
    c: &Choice,
) -> Result<(), ChoiceRefused> {
    let spec = table.game.spec();
    let Some(duet) = spec.duet.as_ref() else {
        return Err(ChoiceRefused::Invalid(format!(
            "a game of {} has no Duet choices",
            spec.variant
        )));
    };
    let Some(d) = deal_now(&table.game) else {
        return Err(ChoiceRefused::NotNow(
            "every card of this board has been played".into(),
        ));
    };
    if c.deal != d {
        return Err(ChoiceRefused::NotNow(format!(
            "the players choose for deal {d} now, not deal {}",
            c.deal
        )));
    }
    let p = c.player.min(1);
    let player = duet.players[p];
    let Some(dealt) = board.deals.get(d - 1) else {
        return Err(ChoiceRefused::NotNow(format!("the board has no deal {d}")));
    };
    let log = table.duet.get_or_insert_with(DuetLog::default);
    while log.deals.len() < d {
        log.deals.push(Default::default());
    }
    let pc = log.deals[d - 1][p].clone();
    if duet.exchange == 0 && c.step >= Step::Pass {
        return Err(ChoiceRefused::Invalid(
            "plain Calypso Duet moves no cards between a player's hands (that is \
             call-and-response): look at a hand, then choose your dummy"
                .into(),
        ));
    }
    let done = match c.step {
        Step::Look => pc.look.is_some(),
        Step::Dummy => pc.dummy.is_some(),
        Step::Pass => pc.pass.is_some(),
        Step::Return => pc.ret.is_some(),
    };
    if done {
        return Err(ChoiceRefused::NotNow(format!(
            "you have already {} in deal {d}",
            c.step.done()
        )));
    }
    match pc.next_step(duet) {
        Some(due) if due != c.step => {
            return Err(ChoiceRefused::NotNow(format!("first {}", due.asks())));
        }
        Some(_) => {}
        None => {
            return Err(ChoiceRefused::NotNow(format!(
                "you have made every choice of deal {d}"
            )));
        }
    }
    let in_play = table.game.to_play().is_some();
    let hand_of = |s: Seat| dealt.hands[s.index()];
    let mut pc = pc;
    match c.step {
        Step::Look | Step::Dummy => {
            let hand = c.hand.ok_or_else(|| {
                ChoiceRefused::Invalid("name one of your two hands (its seat)".into())
            })?;
            if !player.holds(hand) {
                return Err(ChoiceRefused::Invalid(format!(
                    "your two hands are {} and {}: not {}",
                    dealt_words(player.secret),
                    dealt_words(player.dummy),
                    dealt_words(hand)
                )));
            }
            if c.step == Step::Look {
                pc.look = Some(hand);
            } else {
                pc.dummy = Some(hand);
            }
        }
        Step::Pass | Step::Return => {
            let n = duet.exchange;
            if c.cards.len() != n {
                return Err(ChoiceRefused::Invalid(format!(
                    "choose exactly {n} cards, not {}",
                    c.cards.len()
                )));
            }
            if c.step == Step::Return && pc.returns_late(duet) {
                let due = in_play
                    && table.game.trick_number() == 1
                    && table.game.to_play() == Some(player.dummy);
                if !due {
                    return Err(ChoiceRefused::NotNow(
                        "you kept the hand you looked at as your secret hand: you move three \
                         cards from your dummy when it is about to play to the first trick"
                            .into(),
                    ));
                }
            }
            let look = pc.look.unwrap_or(player.secret);
            let (from, whose) = if c.step == Step::Pass {
                (look, "the hand you looked at")
            } else {
                (player.other(look), "your other hand")
            };
            if let Err(card) = take(&hand_of(from), &c.cards) {
                return Err(ChoiceRefused::Invalid(format!(
                    "{whose} does not hold {} (or not that many)",
                    card.pretty()
                )));
            }
            if c.step == Step::Pass {
                pc.pass = Some(c.cards.clone());
            } else {
                pc.ret = Some(c.cards.clone());
            }
        }
    }
    log.deals[d - 1][p] = pc;
    let both = log.deals[d - 1].clone();
    if !in_play {
        if both.iter().all(|x| x.ready(duet)) {
            log.before_deal = Some(table.game.clone());
            deal_with(&mut table.game, duet, &dealt.hands, &both)?;
        }
    } else if c.step == Step::Return {
        // Dealt with a stand-in for this return: deal again, and play the trick's cards again.
        let Some(before) = log.before_deal.clone() else {
            return Err(ChoiceRefused::NotNow("the deal was not dealt here".into()));
        };
        let cards: Vec<Card> = trick_so_far(&table.game).iter().map(|x| x.card).collect();
        let mut game = before;
        deal_with(&mut game, duet, &dealt.hands, &both)?;
        for card in cards {
            game.play(card).map_err(|e| {
                ChoiceRefused::Invalid(format!("the first trick does not play again: {e:?}"))
            })?;
        }
        table.game = game;
    }
    Ok(())
}

fn deal_with(
    game: &mut Game,
    duet: &Duet,
    hands: &[CardCounts; 4],
    both: &[PlayerChoices; 2],
) -> Result<(), ChoiceRefused> {
    let choice = |p: usize| {
        let other = both[p]
            .look
            .map(|l| hands[duet.players[p].other(l).index()]);
        engine_choice(duet, &both[p], other.as_ref())
            .ok_or_else(|| ChoiceRefused::NotNow("the deal's choices are not all made".into()))
    };
    let choices = DuetDeal {
        choices: [choice(0)?, choice(1)?],
    };
    game.deal_duet(*hands, &choices)
        .map_err(|e| ChoiceRefused::Invalid(e.to_string()))
}

/// Why the seat to play may not play yet in a Duet game: its deal's choices are not all
/// made (none while a deal is in play and every choice due is made).
pub fn card_waits(table: &TablePlay) -> Option<String> {
    let duet = table.game.spec().duet.as_ref()?;
    let Some(to_play) = table.game.to_play() else {
        if table.game.is_over() {
            return None;
        }
        let d = table.game.deals_dealt() + 1;
        return Some(format!(
            "deal {d} begins once both players have made their choices (the hand looked at, \
             the dummy{})",
            if duet.exchange > 0 {
                ", the three cards each way"
            } else {
                ""
            }
        ));
    };
    let log = table.duet.as_ref()?;
    let pcs = log.deal(table.game.deals_dealt());
    (0..2).find_map(|p| {
        (duet.players[p].dummy == to_play && pcs[p].return_pending(duet)).then(|| {
            format!(
                "{} first moves three cards from their dummy to their hand: the dummy is \
                 about to play",
                player_words(duet, p)
            )
        })
    })
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

/// The view of the Duet player holding `seat` (either of their two seats): the secret hand's
/// seat view, with the dummy's legal cards when the dummy is to play, the dummies exposed (a
/// dummy whose return is still to come is not yet exposed), and the player's own choices.
/// Never the other player's secret hand, their unexposed dummy or their choices.
pub fn view(table: &TablePlay, place: Place, seat: Seat) -> Option<SeatView> {
    let game = &table.game;
    let spec = game.spec();
    let duet = spec.duet.as_ref()?;
    let p = duet.player_at(seat);
    let me = duet.players[p];
    let mut v = SeatView::new(
        game,
        place,
        me.secret,
        table.last.cards(),
        u64::from(table.next_seq()),
    )
    .ok()?;
    let d = deal_now(game).unwrap_or(game.deals_dealt());
    let pcs = table.duet.as_ref().map(|l| l.deal(d)).unwrap_or_default();
    let pc = &pcs[p];
    let in_play = game.to_play().is_some();
    let hands = board_hands(table, d);
    let own_secret = spec.trumps.of(me.secret);
    let own_dummy = spec.trumps.of(me.dummy);
    let sorted = |h: &CardCounts, own| Cards(sorted_hand(h, own));

    // The secret hand as the player holds it now.
    if !in_play && !game.is_over() {
        let hand = pre_deal_secret(duet, p, pc, &hands);
        v.hand = hand.map(|h| sorted(&h, own_secret)).unwrap_or_default();
    } else if pc.return_pending(duet) {
        // The ten cards kept of the hand looked at, less what the secret hand has played.
        let look = pc.look.unwrap_or(me.secret);
        let mut kept =
            take(&hands[look.index()], pc.pass.as_deref().unwrap_or(&[])).unwrap_or_default();
        for played in trick_so_far(game) {
            if played.seat == me.secret {
                kept.remove(played.card);
            }
        }
        v.hand = sorted(&kept, own_secret);
    }
    // The dummy's legal cards when the dummy is to play (its return made).
    let blocked = card_waits(table).is_some();
    if blocked {
        v.legal = None;
    } else if game.to_play() == Some(me.dummy) {
        let mut cards = game.legal_cards();
        let order = sorted_hand(&CardCounts::from_cards(&cards), own_dummy);
        cards = order;
        cards.dedup();
        v.legal = Some(Cards(cards));
    }
    // A dummy whose return is still to come is not exposed yet.
    if let Some(dummies) = v.dummies.as_mut() {
        dummies.0.retain(|(s, _)| {
            let q = duet.player_at(*s);
            !(in_play && pcs[q].return_pending(duet))
        });
    }
    let step = if game.is_over() {
        None
    } else {
        match pc.next_step(duet) {
            Some(Step::Return) if pc.returns_late(duet) => {
                let due = in_play && game.trick_number() == 1 && game.to_play() == Some(me.dummy);
                due.then_some(Step::Return)
            }
            s => s,
        }
    };
    let other_choosing = !in_play && !game.is_over() && !pcs[1 - p].ready(duet);
    let looking = match step {
        Some(Step::Dummy | Step::Pass) => pc.look.map(|l| sorted(&hands[l.index()], own_secret)),
        _ => None,
    };
    let set_aside = pc
        .pass
        .as_ref()
        .filter(|_| pc.ret.is_none() && !game.is_over())
        .map(|c| sorted(&CardCounts::from_cards(c), own_secret));
    let choose_from = match (step, pc.look) {
        (Some(Step::Return), Some(l)) => {
            let other = me.other(l);
            Some(sorted(&hands[other.index()], own_secret))
        }
        _ => None,
    };
    v.duet = Some(DuetView {
        dummy: me.dummy.letter().to_string(),
        dealt: me.dealt().map(|s| s.letter().to_string()),
        step: step.map(Step::as_str),
        other_choosing,
        looked_at: pc.look.map(|s| s.letter().to_string()),
        looking,
        set_aside,
        choose_from,
        seats: DuetSeats {
            dummy: me.dummy,
            dealt: me.dealt(),
            looked_at: pc.look,
        },
    });
    Some(v)
}

/// The board's hands of deal `d` (from 1), by board seat; empty hands when there is none.
fn board_hands(table: &TablePlay, d: usize) -> [CardCounts; 4] {
    table
        .board_hands
        .get(d.saturating_sub(1))
        .copied()
        .unwrap_or_default()
}

/// The secret hand a player holds before the deal's first card: none before they chose
/// their dummy; the hand looked at less the three set aside when they kept it (the three
/// returned join it later); the other hand when they made the hand looked at the dummy
/// (with call-and-response: only once the return is made, less the three returned and with
/// the three set aside).
fn pre_deal_secret(
    duet: &Duet,
    p: usize,
    pc: &PlayerChoices,
    hands: &[CardCounts; 4],
) -> Option<CardCounts> {
    let me = duet.players[p];
    let (look, dummy) = (pc.look?, pc.dummy?);
    let secret_board = me.other(dummy);
    if duet.exchange == 0 {
        return Some(hands[secret_board.index()]);
    }
    let pass = pc.pass.as_ref()?;
    if look != dummy {
        take(&hands[look.index()], pass).ok()
    } else {
        let ret = pc.ret.as_ref()?;
        let mut h = take(&hands[secret_board.index()], ret).ok()?;
        for &c in pass {
            h.add(c);
        }
        Some(h)
    }
}

#[cfg(test)]
mod tests {
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::deals::{self, SetKey};
    use crate::engine::{GameSpec, Variant};
    use crate::event::online::replay::{Move, Refused, play, record_with, replay, replay_with};

    const PLACE: Place = Place {
        event: 1,
        round: 1,
        table: 1,
        board: 1,
    };

    fn dealt(spec: &GameSpec, number: u32) -> Board {
        let key = SetKey::from_hex(&"3c".repeat(32)).unwrap();
        deals::board(&key, number, false, spec, None).unwrap()
    }

    fn pick3(cards: &[Card], rng: &mut ChaCha8Rng) -> Vec<Card> {
        let mut pool = cards.to_vec();
        let mut out = Vec::new();
        for _ in 0..3 {
            let i = rng.random_range(0..pool.len());
            out.push(pool.remove(i));
        }
        out
    }

    /// A whole Duet board: before each card, any choice a player's view asks for is made
    /// (from what that view shows: the hands named, the hand looked at, the hand to choose
    /// from), at random; then the seat to play plays a random legal card. The log (cards and
    /// choices) is replayed afresh before every step, as the service does.
    fn whole_board(spec: &GameSpec, board: &Board, seed: u64) -> (Vec<Move>, Vec<Choice>) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let duet = spec.duet.unwrap();
        let (mut moves, mut choices) = (Vec::new(), Vec::<Choice>::new());
        for _ in 0..400 {
            let table = replay_with(spec, board, &moves, &choices).unwrap();
            if table.is_over() {
                return (moves, choices);
            }
            let asked = (0..2).find_map(|p| {
                let v = table.view(PLACE, duet.players[p].secret).unwrap();
                let d = v.duet.clone().unwrap();
                d.step.map(|s| (p, Step::parse(s).unwrap(), d))
            });
            if let Some((p, step, d)) = asked {
                let seat = |l: &String| l.parse::<Seat>().unwrap();
                let (hand, cards) = match step {
                    Step::Look | Step::Dummy => {
                        (Some(seat(&d.dealt[rng.random_range(0..2)])), Vec::new())
                    }
                    Step::Pass => (None, pick3(&d.looking.unwrap().0, &mut rng)),
                    Step::Return => (None, pick3(&d.choose_from.unwrap().0, &mut rng)),
                };
                choices.push(Choice {
                    deal: deal_now(&table.game).unwrap(),
                    player: p,
                    step,
                    hand,
                    cards,
                    cards_before: table.seq,
                });
                continue;
            }
            let seat = table.to_play().unwrap();
            let legal = table.game.legal_cards();
            let card = legal[rng.random_range(0..legal.len())];
            moves.push(play(&table, seat, card, table.next_seq()).unwrap());
        }
        panic!("the board did not end");
    }

    /// Calypso Duet and its call-and-response, whole boards with random choices and cards:
    /// the table rebuilt from its log ends with the engine's own replay of the play record
    /// (choices included, as a typed Duet record carries them), with the same score.
    #[test]
    fn a_whole_duet_board_replayed_from_its_log_scores_as_the_engines_replay() {
        for v in Variant::DUET {
            let spec = GameSpec::new(v);
            for n in 1..=3u32 {
                let board = dealt(&spec, n);
                let (moves, choices) = whole_board(&spec, &board, u64::from(n) * 7);
                assert_eq!(moves.len(), 208, "{v:?}: every card dealt is played");
                let per_deal = if spec.duet.unwrap().exchange > 0 {
                    8
                } else {
                    4
                };
                assert_eq!(choices.len(), 4 * per_deal, "{v:?}");
                let table = replay_with(&spec, &board, &moves, &choices).unwrap();
                assert!(table.is_over());
                let record = record_with(&spec, &board, &moves, &choices).unwrap();
                assert!(record.deals.iter().all(|d| d.duet.is_some()));
                let engine = crate::engine::replay(&spec, &record).unwrap();
                assert!(engine.complete && engine.revokes.is_empty());
                assert_eq!(engine.score, table.score(), "{v:?} board {n}");
                // The choices are the log's: read back from their stored form, the same.
                let duet = spec.duet.unwrap();
                for c in &choices {
                    let again = Choice::from_stored(
                        &duet,
                        c.deal as i64,
                        &duet.players[c.player].secret.letter().to_string(),
                        c.step.as_str(),
                        &c.value(),
                        i64::from(c.cards_before),
                    )
                    .unwrap();
                    assert_eq!(&again, c);
                }
            }
        }
    }

    /// The first card of a deal waits for both players' choices; a dummy kept unseen waits
    /// for its player's three cards, moved when it is about to play (the seed's
    /// call-and-response), and is not exposed before.
    #[test]
    fn call_and_response_the_dummy_waits_for_its_players_return_and_is_not_shown_before() {
        let spec = GameSpec::new(Variant::DuetCallAndResponse);
        let duet = spec.duet.unwrap();
        let board = dealt(&spec, 2);
        let table = replay(&spec, &board, &[]).unwrap();
        let lead = spec.leader_of(board.first_dealer);
        let card = Card::all().next().unwrap();
        assert!(matches!(
            play(&table, lead, card, 1),
            Err(Refused::ChoicesFirst(ref w)) if w.contains("deal 1 begins once both players")
        ));
        // Both players keep the hand they look at (the one dealt to their secret seat).
        let mut choices = Vec::new();
        for p in 0..2 {
            let me = duet.players[p];
            let hands = board.deals[0].hands;
            let looked = hands[me.secret.index()].cards();
            for (step, hand, cards) in [
                (Step::Look, Some(me.secret), vec![]),
                (Step::Dummy, Some(me.dummy), vec![]),
                (Step::Pass, None, looked[..3].to_vec()),
            ] {
                choices.push(Choice {
                    deal: 1,
                    player: p,
                    step,
                    hand,
                    cards,
                    cards_before: 0,
                });
            }
        }
        let mut table = replay_with(&spec, &board, &[], &choices).unwrap();
        let leader = table.to_play().unwrap();
        // The leader leads from the ten kept.
        let lead_card = table.game.legal_cards()[0];
        let m = play(&table, leader, lead_card, 1).unwrap();
        table = crate::event::online::replay::after(table, &board, m).unwrap();
        let dummy = table.to_play().unwrap();
        let p = duet.player_at(dummy);
        assert_eq!(duet.players[p].dummy, dummy);
        // Not exposed, and refused until the return is made.
        for q in 0..2 {
            let v = table.view(PLACE, duet.players[q].secret).unwrap();
            assert!(v.dummies.as_ref().unwrap().0.is_empty(), "{v:?}");
            assert_eq!(v.legal, None);
            let d = v.duet.unwrap();
            assert_eq!(d.step, (q == p).then_some("return"));
            assert_eq!(d.choose_from.is_some(), q == p);
        }
        let any = table.game.legal_cards()[0];
        let r = play(&table, dummy, any, 2).unwrap_err();
        assert!(
            matches!(r, Refused::ChoicesFirst(_)) && r.is_conflict(),
            "{r}"
        );
        assert!(r.to_string().contains("first moves three cards"), "{r}");
        // The return: three cards of the dummy as dealt.
        let other = board.deals[0].hands[dummy.index()].cards();
        let ret = Choice {
            deal: 1,
            player: p,
            step: Step::Return,
            hand: None,
            cards: other[..3].to_vec(),
            cards_before: 1,
        };
        choose(&mut table, &board, &ret).unwrap();
        let v = table.view(PLACE, duet.players[p].secret).unwrap();
        assert_eq!(v.dummies.as_ref().unwrap().0[0].0, dummy);
        assert!(v.legal.is_some());
        // The same from the stored log, in order among the cards.
        choices.push(ret);
        let again = replay_with(&spec, &board, &[m], &choices).unwrap();
        assert_eq!(again.game.hand(dummy), table.game.hand(dummy));
        // Stored before the lead it is out of its time: refused in words.
        let mut early = choices.clone();
        early.last_mut().unwrap().cards_before = 0;
        let e = replay_with(&spec, &board, &[m], &early).unwrap_err();
        assert!(e.message.contains("when it is about to play"), "{e}");
    }

    #[test]
    fn duet_choices_out_of_order_are_refused_in_words() {
        let spec = GameSpec::new(Variant::DuetCallAndResponse);
        let duet = spec.duet.unwrap();
        let board = dealt(&spec, 1);
        let me = duet.players[0];
        let c = |step, hand: Option<Seat>, cards: Vec<Card>| Choice {
            deal: 1,
            player: 0,
            step,
            hand,
            cards,
            cards_before: 0,
        };
        // A dummy before looking at a hand.
        let mut table = replay(&spec, &board, &[]).unwrap();
        let e = choose(&mut table, &board, &c(Step::Dummy, Some(me.dummy), vec![])).unwrap_err();
        assert_eq!(
            e,
            ChoiceRefused::NotNow("first look at one of your two hands".into())
        );
        assert!(e.is_conflict());
        // The same in a stored log: the log does not replay, and says why.
        let err = replay_with(
            &spec,
            &board,
            &[],
            &[c(Step::Dummy, Some(me.dummy), vec![])],
        )
        .unwrap_err();
        assert!(
            err.message.contains("first look at one of your two hands"),
            "{err}"
        );
        // Looking twice.
        choose(&mut table, &board, &c(Step::Look, Some(me.secret), vec![])).unwrap();
        let e = choose(&mut table, &board, &c(Step::Look, Some(me.dummy), vec![])).unwrap_err();
        assert_eq!(e.to_string(), "you have already looked at a hand in deal 1");
        // Another deal's choice.
        let mut later = c(Step::Dummy, Some(me.dummy), vec![]);
        later.deal = 2;
        let e = choose(&mut table, &board, &later).unwrap_err();
        assert!(e.to_string().contains("deal 1 now, not deal 2"), "{e}");
        // A hand that is not the player's: 422.
        let theirs = duet.players[1].secret;
        let e = choose(&mut table, &board, &c(Step::Dummy, Some(theirs), vec![])).unwrap_err();
        assert!(!e.is_conflict());
        assert!(e.to_string().contains("your two hands are"), "{e}");
    }

    #[test]
    fn call_and_response_exchange_cards_not_held_are_refused() {
        let spec = GameSpec::new(Variant::DuetCallAndResponse);
        let duet = spec.duet.unwrap();
        let board = dealt(&spec, 3);
        let me = duet.players[1];
        let hands = board.deals[0].hands;
        let c = |step, hand: Option<Seat>, cards: Vec<Card>| Choice {
            deal: 1,
            player: 1,
            step,
            hand,
            cards,
            cards_before: 0,
        };
        let mut table = replay(&spec, &board, &[]).unwrap();
        choose(&mut table, &board, &c(Step::Look, Some(me.dummy), vec![])).unwrap();
        choose(&mut table, &board, &c(Step::Dummy, Some(me.dummy), vec![])).unwrap();
        let looked = hands[me.dummy.index()];
        let missing = Card::all().find(|&x| !looked.contains(x)).unwrap();
        let mut three = looked.cards()[..2].to_vec();
        three.push(missing);
        let e = choose(&mut table, &board, &c(Step::Pass, None, three)).unwrap_err();
        assert!(!e.is_conflict());
        assert_eq!(
            e.to_string(),
            format!(
                "the hand you looked at does not hold {} (or not that many)",
                missing.pretty()
            )
        );
        let e = choose(
            &mut table,
            &board,
            &c(Step::Pass, None, looked.cards()[..2].to_vec()),
        )
        .unwrap_err();
        assert_eq!(e.to_string(), "choose exactly 3 cards, not 2");
        choose(
            &mut table,
            &board,
            &c(Step::Pass, None, looked.cards()[..3].to_vec()),
        )
        .unwrap();
        // The return comes from the other hand as dealt, not the hand looked at.
        let other = hands[me.secret.index()];
        let not_other = Card::all().find(|&x| !other.contains(x)).unwrap();
        let e = choose(
            &mut table,
            &board,
            &c(Step::Return, None, vec![not_other; 3]),
        )
        .unwrap_err();
        assert!(
            e.to_string().starts_with("your other hand does not hold"),
            "{e}"
        );
        // Made the hand looked at the dummy: the return is due at once, before any card.
        choose(
            &mut table,
            &board,
            &c(Step::Return, None, other.cards()[..3].to_vec()),
        )
        .unwrap();
        let v = table.view(PLACE, me.secret).unwrap();
        let d = v.duet.unwrap();
        assert_eq!(d.step, None);
        assert!(d.other_choosing);
        // The secret hand: the other hand less the three moved, with the three set aside.
        assert_eq!(v.hand.0.len(), 13);
        assert!(d.set_aside.is_none());
    }

    /// During the choice step a player sees only the hand they looked at; never the other
    /// player's hands or choices.
    #[test]
    fn duet_choice_step_shows_only_the_hand_looked_at() {
        let spec = GameSpec::new(Variant::Duet);
        let duet = spec.duet.unwrap();
        let board = dealt(&spec, 4);
        let me = duet.players[0];
        let mut table = replay(&spec, &board, &[]).unwrap();
        let v = table.view(PLACE, me.secret).unwrap();
        assert!(v.hand.0.is_empty());
        let d = v.duet.unwrap();
        assert_eq!(d.step, Some("look"));
        assert!(d.looking.is_none() && d.choose_from.is_none());
        let look = Choice {
            deal: 1,
            player: 0,
            step: Step::Look,
            hand: Some(me.dummy),
            cards: vec![],
            cards_before: 0,
        };
        choose(&mut table, &board, &look).unwrap();
        let v = table.view(PLACE, me.secret).unwrap();
        let d = v.duet.unwrap();
        assert_eq!(d.step, Some("dummy"));
        let looked = board.deals[0].hands[me.dummy.index()];
        assert_eq!(CardCounts::from_cards(&d.looking.unwrap().0), looked);
        assert!(v.hand.0.is_empty(), "the other hand is not seen yet");
        // The other player's view: nothing of it.
        let other = table.view(PLACE, duet.players[1].secret).unwrap();
        let o = other.duet.unwrap();
        assert_eq!((o.step, o.looked_at, o.looking), (Some("look"), None, None));
        assert!(other.hand.0.is_empty());
        // Made the dummy: the secret hand is the other hand.
        let dummy = Choice {
            step: Step::Dummy,
            ..look
        };
        choose(&mut table, &board, &dummy).unwrap();
        let v = table.view(PLACE, me.dummy).unwrap();
        assert_eq!(v.seat, me.secret);
        assert_eq!(
            CardCounts::from_cards(&v.hand.0),
            board.deals[0].hands[me.secret.index()]
        );
        assert!(v.duet.unwrap().looking.is_none());
    }
}
