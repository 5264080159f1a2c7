//! A board played online, rebuilt from its move log (#39 item 1). The board as dealt (the
//! event's seeded deck, [`crate::deals::board`]) plus its moves in order (seq 1, 2, 3...,
//! each a seat and a card) is the whole state of the table: [`replay`] deals deal after deal
//! and plays every stored card through the engine's [`Game`], keeping what the game itself
//! does not (the last completed trick, the current seq); [`TablePlay::view`] is what a seat
//! may know of it (the seat view, [`super::view`]); [`play`]
//! decides whether a new card is the next move. Pure: no database, no clock.
//!
//! Calypso's own games are played online here: every trick rule, seating and variant the
//! engine knows, three or four at the table, and Calypso Duet, whose players' choices of
//! each deal ([`super::duet`]) are a log of their own replayed in order among the cards
//! ([`replay_with`]).

use std::fmt;

pub use super::view::Played;
use super::view::{LastTrick, NoSuchSeat, Place, RefusalKind, SeatView};
use crate::deals::Board;
use crate::engine::replay::not_held;
use crate::engine::{Card, CardCounts, Game, GameSpec, PlayError, Score, Seat};
use duet_rules as duet;
use duet_rules::{Choice, DuetLog};

/// The most cards a board has (four decks' worth, the largest game the engine knows): a
/// stored log longer than this is refused before anything is replayed.
pub const MOST_MOVES: usize = 208;

/// One stored move: the `seq`-th card played at the table (from 1), by `seat`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub seq: u32,
    pub seat: Seat,
    pub card: Card,
}

impl Move {
    /// A stored row read back (seq, seat letter, card as the play records write it); a row
    /// that does not read is a clear error naming it.
    pub fn from_stored(seq: i64, seat: &str, card: &str) -> Result<Move, LogError> {
        let n = u32::try_from(seq)
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| LogError::whole(format!("a move is stored with seq {seq}")))?;
        let seat = seat
            .parse::<Seat>()
            .map_err(|_| LogError::at(n, format!("the seat is stored as \"{seat}\"")))?;
        let card = card
            .parse::<Card>()
            .map_err(|_| LogError::at(n, format!("the card is stored as \"{card}\"")))?;
        Ok(Move { seq: n, seat, card })
    }
}

/// The table after its log: the engine's game and what the table shows beside it.
#[derive(Clone, Debug)]
pub struct TablePlay<'s> {
    pub game: Game<'s>,
    /// Moves played so far: the next move's seq is one more.
    pub seq: u32,
    /// The last completed trick (of this deal or the one before), in play order: the game
    /// keeps only the trick under way.
    pub last: LastTrick,
    /// Calypso Duet: the players' choices of each deal so far.
    pub duet: Option<DuetLog<'s>>,
    /// The board's hands of each deal as dealt, by board seat (a Duet player's choices are
    /// among them).
    pub board_hands: Vec<[CardCounts; 4]>,
}

impl TablePlay<'_> {
    /// The seq the next card must carry.
    pub fn next_seq(&self) -> u32 {
        self.seq + 1
    }

    /// The seat to play, or none once the board is over.
    pub fn to_play(&self) -> Option<Seat> {
        self.game.to_play()
    }

    /// Every deal of the board has been played.
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The engine's score so far (the result once the board is over).
    pub fn score(&self) -> Score {
        self.game.score()
    }

    /// What `seat` may know of the table at `place`: the one view every answer, stream and
    /// page sends a seat.
    /// In Calypso Duet, the view of the player holding `seat` ([`duet::view`]).
    pub fn view(&self, place: Place, seat: Seat) -> Result<SeatView, NoSuchSeat> {
        if self.game.spec().duet.is_some() {
            return duet::view(self, place, seat).ok_or(NoSuchSeat(seat));
        }
        SeatView::new(
            &self.game,
            place,
            seat,
            self.last.cards(),
            u64::from(self.next_seq()),
        )
    }
}

/// A stored log that does not replay: a corrupt row, or a game not played online. Says
/// which move (when it is one move) and why, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogError {
    /// The seq of the move that does not replay, when one does not.
    pub seq: Option<u32>,
    pub message: String,
}

impl LogError {
    fn at(seq: u32, message: impl Into<String>) -> LogError {
        LogError {
            seq: Some(seq),
            message: message.into(),
        }
    }

    fn whole(message: impl Into<String>) -> LogError {
        LogError {
            seq: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for LogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.seq {
            Some(seq) => write!(
                f,
                "the table's move {seq} does not replay: {}",
                self.message
            ),
            None => write!(f, "the table's moves do not replay: {}", self.message),
        }
    }
}

impl std::error::Error for LogError {}

/// Why a card is not played. [`Refused::is_conflict`] tells the 409 kind (the table moved
/// on: a stale seq, not this seat's turn, the board over) from the 422 kind (this card
/// cannot be played: not held, or not legal, with the engine's reason).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The card carries another seq than the table's next: already played, or from ahead.
    StaleSeq { sent: u32, next: u32 },
    /// Another seat is to play.
    NotYourTurn { seat: Seat, to_play: Seat },
    /// Every card of the board has been played.
    BoardOver,
    /// Calypso Duet: the deal's choices come first (its first card waits for both
    /// players', the dummy for its player's return).
    ChoicesFirst(String),
    /// The seat does not hold the card (now).
    NotHeld { seat: Seat, card: Card },
    /// Held, but the rules do not allow it here (follow suit; a Duet first lead).
    NotLegal {
        seat: Seat,
        card: Card,
        reason: String,
    },
}

impl Refused {
    /// The table's state is not what the sender thought (answer 409); otherwise the card is
    /// wrong (answer 422).
    pub fn is_conflict(&self) -> bool {
        matches!(
            self,
            Refused::StaleSeq { .. }
                | Refused::NotYourTurn { .. }
                | Refused::BoardOver
                | Refused::ChoicesFirst(_)
        )
    }
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refused::StaleSeq { sent, next } if sent < next => write!(
                f,
                "card {sent} has already been played: the table is at card {next} (the card is not played twice)"
            ),
            Refused::StaleSeq { sent, next } => write!(
                f,
                "the table is at card {next}, not {sent}: reload the table and play again"
            ),
            Refused::NotYourTurn { seat, to_play } => write!(
                f,
                "it is {}'s turn to play, not {}'s",
                to_play.name(),
                seat.name()
            ),
            Refused::BoardOver => write!(f, "every card of this board has been played"),
            Refused::ChoicesFirst(why) => f.write_str(why),
            Refused::NotHeld { card, .. } => write!(f, "You do not hold {}", card.pretty()),
            Refused::NotLegal { reason, .. } => f.write_str(reason),
        }
    }
}

impl std::error::Error for Refused {}

/// The board's game, dealt (in Calypso Duet, waiting for the first deal's choices).
fn start<'s>(spec: &'s GameSpec, board: &Board) -> Result<Game<'s>, LogError> {
    spec.validate()
        .map_err(|e| LogError::whole(e.to_string()))?;
    if board.deals.len() != spec.deals() {
        return Err(LogError::whole(format!(
            "board {} has {} deals, a game of {} has {}",
            board.number,
            board.deals.len(),
            spec.variant,
            spec.deals()
        )));
    }
    let mut game = Game::new(spec, board.first_dealer);
    deal_next(&mut game, board)?;
    Ok(game)
}

/// Deals the board's next deal when the one before is finished and the game is not over
/// (in Calypso Duet the players' choices deal it: [`duet::choose`]).
fn deal_next(game: &mut Game, board: &Board) -> Result<(), LogError> {
    if game.to_play().is_some() || game.is_over() || game.spec().duet.is_some() {
        return Ok(());
    }
    let d = game.deals_dealt();
    let deal = board
        .deals
        .get(d)
        .ok_or_else(|| LogError::whole(format!("board {} has no deal {}", board.number, d + 1)))?;
    game.deal(deal.hands)
        .map_err(|e| LogError::whole(format!("deal {}: {e}", d + 1)))
}

/// Why `card` may not be played by `seat` now, in the player's words; none when it may.
fn refusal_at(table: &TablePlay, seat: Seat, card: Card) -> Option<Refused> {
    if let Some(why) = duet::card_waits(table) {
        return Some(Refused::ChoicesFirst(why));
    }
    refusal(&table.game, seat, card)
}

fn refusal(game: &Game, seat: Seat, card: Card) -> Option<Refused> {
    // One rule and one set of words for the seat's answer: the seat view's.
    let r = super::view::refusal(game, seat, card)?;
    Some(match r.kind {
        RefusalKind::NotInPlay => Refused::BoardOver,
        RefusalKind::NotYourTurn => Refused::NotYourTurn {
            seat,
            to_play: game.to_play()?,
        },
        RefusalKind::NotHeld => Refused::NotHeld { seat, card },
        RefusalKind::NotYetHeld | RefusalKind::NotLegal => Refused::NotLegal {
            seat,
            card,
            reason: r.message,
        },
    })
}

/// Plays one card (already checked) and keeps the tricks; deals on when a deal ends.
fn apply(table: &mut TablePlay, board: &Board, m: Move) -> Result<(), LogError> {
    table.last.play(&mut table.game, m.card).map_err(|e| match e {
        PlayError::NotHeld { seat, card } => LogError::at(m.seq, not_held(seat, card)),
        PlayError::NotYetHeld { seat, card } => LogError::at(
            m.seq,
            format!(
                "{} may not lead {card} to the first trick: it is one of the cards moved in from the other hand",
                seat.name()
            ),
        ),
        PlayError::NotInPlay => LogError::at(m.seq, "no deal is in play"),
    })?;
    table.seq = m.seq;
    deal_next(&mut table.game, board).map_err(|e| LogError::at(m.seq, e.message))
}

/// Rebuilds the table from the board as dealt and its stored moves (seq 1, 2, ... in
/// order). A move that is not the next seq, not the seat to play, or not a card it may
/// play is a corrupt log: an error saying which move and why, never a panic.
pub fn replay<'s>(
    spec: &'s GameSpec,
    board: &Board,
    moves: &[Move],
) -> Result<TablePlay<'s>, LogError> {
    replay_with(spec, board, moves, &[])
}

/// The most Duet choices a board has: four deals, two players, four steps.
pub const MOST_CHOICES: usize = 32;

/// A new table for the board: its game dealt (a Duet waits for its choices).
fn new_table<'s>(spec: &'s GameSpec, board: &Board) -> Result<TablePlay<'s>, LogError> {
    Ok(TablePlay {
        game: start(spec, board)?,
        seq: 0,
        last: LastTrick::default(),
        duet: spec.duet.map(|_| DuetLog::default()),
        board_hands: board.deals.iter().map(|d| d.hands).collect(),
    })
}

/// [`replay`] with Calypso Duet's choices: each made when its `cards_before` cards had been
/// played (in that order among the cards; a player's steps in their order). A choice the
/// rules did not allow then, or one stored past the log's cards, is a corrupt log.
pub fn replay_with<'s>(
    spec: &'s GameSpec,
    board: &Board,
    moves: &[Move],
    choices: &[Choice],
) -> Result<TablePlay<'s>, LogError> {
    if !choices.is_empty() && spec.duet.is_none() {
        return Err(LogError::whole(format!(
            "Duet choices are stored, but this is a game of {}",
            spec.variant
        )));
    }
    if choices.len() > MOST_CHOICES {
        return Err(LogError::whole(format!(
            "{} Duet choices are stored, a board has at most {MOST_CHOICES}",
            choices.len()
        )));
    }
    let mut ordered: Vec<&Choice> = choices.iter().collect();
    ordered.sort_by_key(|c| (c.cards_before, c.deal, c.player, c.step));
    let mut pending = ordered.into_iter().peekable();
    let most = spec.deck.len().min(MOST_MOVES);
    if moves.len() > most {
        return Err(LogError::whole(format!(
            "{} moves are stored, a board of {} has {most} cards",
            moves.len(),
            spec.variant
        )));
    }
    let mut table = new_table(spec, board)?;
    for k in 0..=moves.len() {
        while let Some(c) = pending.next_if(|c| c.cards_before as usize <= k) {
            duet::choose(&mut table, board, c).map_err(|r| {
                LogError::whole(format!(
                    "a Duet choice ({}, deal {}, after card {}) does not replay: {r}",
                    c.step.as_str(),
                    c.deal,
                    c.cards_before
                ))
            })?;
        }
        let Some(&m) = moves.get(k) else { break };
        if m.seq != table.next_seq() {
            return Err(LogError::at(
                m.seq,
                format!(
                    "the move after card {} must be card {}",
                    table.seq,
                    table.next_seq()
                ),
            ));
        }
        let Some(to_play) = table.to_play() else {
            let why = duet::card_waits(&table)
                .unwrap_or_else(|| "every card of the board was already played".into());
            return Err(LogError::at(m.seq, why));
        };
        if m.seat != to_play {
            return Err(LogError::at(
                m.seq,
                format!(
                    "{} played {}, but it was {}'s turn",
                    m.seat.name(),
                    m.card,
                    to_play.name()
                ),
            ));
        }
        if let Some(r) = refusal_at(&table, m.seat, m.card) {
            let why = match r {
                Refused::NotHeld { seat, card } => not_held(seat, card),
                r => format!("{}: {r}", m.seat.name()),
            };
            return Err(LogError::at(m.seq, why));
        }
        apply(&mut table, board, m)?;
    }
    if let Some(c) = pending.next() {
        return Err(LogError::whole(format!(
            "a Duet choice is stored after card {}, but the log has {} cards",
            c.cards_before,
            moves.len()
        )));
    }
    Ok(table)
}

/// The next move if `seat` may play `card` as card `seq` of the table now: `seq` is the
/// next one, the seat is to play, the card is held and legal. The table itself is not
/// changed (the caller stores the move; the next replay plays it).
pub fn play(table: &TablePlay, seat: Seat, card: Card, seq: u32) -> Result<Move, Refused> {
    let Some(to_play) = table.to_play() else {
        return Err(match duet::card_waits(table) {
            Some(why) => Refused::ChoicesFirst(why),
            None => Refused::BoardOver,
        });
    };
    if seq != table.next_seq() {
        return Err(Refused::StaleSeq {
            sent: seq,
            next: table.next_seq(),
        });
    }
    // A Calypso Duet player plays from whichever of their two seats is to play.
    let seat = match &table.game.spec().duet {
        Some(d) if d.player_at(seat) == d.player_at(to_play) => to_play,
        _ => seat,
    };
    if seat != to_play {
        return Err(Refused::NotYourTurn { seat, to_play });
    }
    if let Some(r) = refusal_at(table, seat, card) {
        return Err(r);
    }
    Ok(Move { seq, seat, card })
}

/// [`replay`] then [`play`]: the next move of the board with this log, or why not.
pub fn next_move(
    spec: &GameSpec,
    board: &Board,
    moves: &[Move],
    seat: Seat,
    card: Card,
    seq: u32,
) -> Result<Result<Move, Refused>, LogError> {
    let table = replay(spec, board, moves)?;
    Ok(play(&table, seat, card, seq))
}

/// The table after one more (checked) move: what [`replay`] of the longer log gives, without
/// replaying the whole log again.
pub fn after<'s>(
    mut table: TablePlay<'s>,
    board: &Board,
    m: Move,
) -> Result<TablePlay<'s>, LogError> {
    apply(&mut table, board, m)?;
    Ok(table)
}

/// The moves of a whole board as a game record for [`crate::engine::replay()`]: each deal's
/// hands as dealt and each trick's cards by seat (the record an online table's result keeps).
pub fn record(
    spec: &GameSpec,
    board: &Board,
    moves: &[Move],
) -> Result<crate::engine::GameRecord, LogError> {
    record_with(spec, board, moves, &[])
}

/// [`record`] with Calypso Duet's choices: each deal's record carries both players' choices
/// (the dummy, and in call-and-response the hand looked at and the three cards each way),
/// as a Duet record typed at a club's table does.
pub fn record_with(
    spec: &GameSpec,
    board: &Board,
    moves: &[Move],
    choices: &[Choice],
) -> Result<crate::engine::GameRecord, LogError> {
    use crate::engine::{DealRecord, GameRecord};
    if moves.len() > MOST_MOVES {
        return Err(LogError::whole(format!(
            "{} moves are stored, a board has at most {MOST_MOVES} cards",
            moves.len()
        )));
    }
    // Every card and choice checked in order first.
    let full = replay_with(spec, board, moves, choices)?;
    let duet_deals = match (&spec.duet, &full.duet) {
        (Some(d), Some(log)) => log.engine_deals(d),
        _ => Vec::new(),
    };
    let mut table = new_table(spec, board)?;
    let mut record = GameRecord::default();
    let mut current: Option<[Option<Card>; 4]> = None;
    for (i, &m) in moves.iter().enumerate() {
        if table.game.to_play().is_none() && !table.game.is_over() {
            // A Duet deal, dealt with its choices all made.
            let d = table.game.deals_dealt();
            let (Some(c), Some(deal)) = (duet_deals.get(d), board.deals.get(d)) else {
                return Err(LogError::at(
                    m.seq,
                    format!("deal {} has no choices", d + 1),
                ));
            };
            table
                .game
                .deal_duet(deal.hands, c)
                .map_err(|e| LogError::at(m.seq, e.to_string()))?;
        }
        let d = table.game.deals_dealt();
        if record.deals.len() < d {
            let deal = &board.deals[d - 1];
            record.deals.push(DealRecord {
                dealer: Some(deal.dealer),
                hands: deal.hands.each_ref().map(crate::deals::record::sorted_hand),
                tricks: Vec::new(),
                duet: duet_deals.get(d - 1).cloned(),
            });
        }
        let slots = current.get_or_insert([None; 4]);
        slots[m.seat.index()] = Some(m.card);
        if m.seq as usize != i + 1 {
            return Err(LogError::at(
                m.seq,
                format!("card {} is stored as card {}", i + 1, m.seq),
            ));
        }
        table = after(table, board, m)?;
        if table.game.trick_so_far().is_empty()
            && let (Some(deal), Some(t)) = (record.deals.last_mut(), current.take())
        {
            deal.tricks.push(t);
        }
    }
    Ok(record)
}

// Calypso Duet's choices at an online table (`event::online::duet` names them), kept in
// this file so the two files do not import each other.
pub mod duet_rules {
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

    use super::super::view::{
        Cards, DuetSeats, DuetView, Place, SeatView, sorted_hand, trick_so_far,
    };
    use super::{LogError, TablePlay};
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
            duet.exchange > 0
                && self.look.is_some()
                && self.dummy.is_some()
                && self.look != self.dummy
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
                    let due =
                        in_play && game.trick_number() == 1 && game.to_play() == Some(me.dummy);
                    due.then_some(Step::Return)
                }
                s => s,
            }
        };
        let other_choosing = !in_play && !game.is_over() && !pcs[1 - p].ready(duet);
        let looking = match step {
            Some(Step::Dummy | Step::Pass) => {
                pc.look.map(|l| sorted(&hands[l.index()], own_secret))
            }
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
            let e =
                choose(&mut table, &board, &c(Step::Dummy, Some(me.dummy), vec![])).unwrap_err();
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deals::{self, SetKey};
    use crate::engine::{Suit, TrickRule, Trumps, Variant};

    fn key() -> SetKey {
        SetKey::from_hex(&"5a".repeat(32)).unwrap()
    }

    fn dealt(spec: &GameSpec, number: u32) -> Board {
        deals::board(&key(), number, false, spec, None).unwrap()
    }

    /// The whole board played by always choosing the `pick`-th legal card, through
    /// [`play`] and a fresh [`replay`] of the log each time (as the service does).
    fn whole_board(spec: &GameSpec, board: &Board, pick: usize) -> Vec<Move> {
        let mut moves = Vec::new();
        loop {
            let table = replay(spec, board, &moves).unwrap();
            let Some(seat) = table.to_play() else { break };
            let legal = table.game.legal_cards();
            let card = legal[pick % legal.len()];
            moves.push(play(&table, seat, card, table.next_seq()).unwrap());
            assert!(moves.len() <= MOST_MOVES);
        }
        moves
    }

    /// Every trick rule, every seating of one person per seat, and another seating of the
    /// trump suits: the board played card by card ends where the engine's own replay of
    /// the same record ends, with the same score.
    #[test]
    fn a_board_played_card_by_card_scores_as_the_engines_replay_of_its_record() {
        let mut specs = Vec::new();
        for v in Variant::ALL {
            for rule in TrickRule::ALL {
                specs.push(GameSpec::new(v).with_rule(rule));
            }
        }
        specs.push(
            GameSpec::new(Variant::Standard)
                .with_trumps("HSCD".parse::<Trumps>().unwrap())
                .unwrap(),
        );
        for (i, spec) in specs.iter().enumerate() {
            let board = dealt(spec, 1 + i as u32 % 4);
            let moves = whole_board(spec, &board, i);
            let table = replay(spec, &board, &moves).unwrap();
            assert!(table.is_over(), "{}", spec.variant);
            assert_eq!(table.to_play(), None);
            let dealt: usize = board
                .deals
                .iter()
                .map(|d| d.hands.iter().map(|h| h.len()).sum::<usize>())
                .sum();
            assert_eq!(
                moves.len(),
                dealt,
                "{}: every card dealt is played",
                spec.variant
            );
            let record = record(spec, &board, &moves).unwrap();
            assert_eq!(record.deals.len(), spec.deals());
            let engine = crate::engine::replay(spec, &record).unwrap();
            assert!(engine.complete);
            assert!(engine.revokes.is_empty(), "online play allows no revoke");
            assert_eq!(
                engine.score,
                table.score(),
                "{} {:?}",
                spec.variant,
                spec.rule
            );
            // The last trick is the board's last, its cards the log's last.
            let last = table.last.cards();
            let tail: Vec<Card> = moves[moves.len() - last.len()..]
                .iter()
                .map(|m| m.card)
                .collect();
            assert_eq!(last.iter().map(|p| p.card).collect::<Vec<_>>(), tail);
            // A card after the end is refused as such.
            let seat = Seat::North;
            assert_eq!(
                play(&table, seat, moves[0].card, table.next_seq()),
                Err(Refused::BoardOver)
            );
        }
    }

    #[test]
    fn the_deal_passes_on_when_a_deal_is_finished() {
        let spec = GameSpec::new(Variant::Standard);
        let board = dealt(&spec, 2);
        let moves = whole_board(&spec, &board, 0);
        // Card 52 ends deal 1: the next card is deal 2's lead, by the seat the engine says
        // leads when deal 2's dealer deals (the deal passes to the left).
        let table = replay(&spec, &board, &moves[..52]).unwrap();
        assert_eq!(table.game.deals_dealt(), 2);
        assert!(table.game.trick_so_far().is_empty());
        assert_eq!(table.last.cards().len(), 4);
        assert_eq!(table.to_play(), Some(spec.leader_of(board.deals[1].dealer)));
        assert_eq!(moves[52].seat, spec.leader_of(board.deals[1].dealer));
    }

    #[test]
    fn a_repeated_seq_plays_once() {
        let spec = GameSpec::new(Variant::Standard);
        let board = dealt(&spec, 1);
        let table = replay(&spec, &board, &[]).unwrap();
        let seat = table.to_play().unwrap();
        let card = table.game.legal_cards()[0];
        let first = play(&table, seat, card, 1).unwrap();
        assert_eq!(first, Move { seq: 1, seat, card });
        // The same post again, once card 1 is in the log: stale, a 409-kind refusal.
        let table = replay(&spec, &board, &[first]).unwrap();
        let again = play(&table, seat, card, 1).unwrap_err();
        assert_eq!(again, Refused::StaleSeq { sent: 1, next: 2 });
        assert!(again.is_conflict());
        assert!(again.to_string().contains("already been played"), "{again}");
        // A seq from ahead is stale too.
        let next = table.to_play().unwrap();
        let ahead = play(&table, next, table.game.legal_cards()[0], 5).unwrap_err();
        assert_eq!(ahead, Refused::StaleSeq { sent: 5, next: 2 });
    }

    #[test]
    fn a_seat_out_of_turn_is_a_conflict_naming_whose_turn_it_is() {
        let spec = GameSpec::new(Variant::Standard);
        let board = dealt(&spec, 1);
        let table = replay(&spec, &board, &[]).unwrap();
        let to_play = table.to_play().unwrap();
        let other = to_play.left(4);
        let card = Card::all()
            .find(|&c| table.game.hand(other).contains(c))
            .unwrap();
        let r = play(&table, other, card, 1).unwrap_err();
        assert_eq!(
            r,
            Refused::NotYourTurn {
                seat: other,
                to_play
            }
        );
        assert!(r.is_conflict());
        assert_eq!(
            r.to_string(),
            format!(
                "it is {}'s turn to play, not {}'s",
                to_play.name(),
                other.name()
            )
        );
    }

    #[test]
    fn a_card_not_held_is_refused_in_the_players_words() {
        let spec = GameSpec::new(Variant::Standard);
        let board = dealt(&spec, 1);
        let table = replay(&spec, &board, &[]).unwrap();
        let seat = table.to_play().unwrap();
        let card = Card::all()
            .find(|&c| !table.game.hand(seat).contains(c))
            .unwrap();
        let r = play(&table, seat, card, 1).unwrap_err();
        assert_eq!(r, Refused::NotHeld { seat, card });
        assert!(!r.is_conflict());
        // The seat view's words, to the player.
        assert_eq!(r.to_string(), format!("You do not hold {}", card.pretty()));
    }

    /// A hand that could follow suit but does not: refused (online, a revoke cannot be
    /// played), with the follow-suit rule in words; under all-fours its own trump is allowed.
    #[test]
    fn a_card_against_follow_suit_is_refused_with_the_rule() {
        for rule in TrickRule::ALL {
            let spec = GameSpec::new(Variant::Standard).with_rule(rule);
            let mut found = false;
            'boards: for number in 1..=20 {
                let board = dealt(&spec, number);
                let mut table = replay(&spec, &board, &[]).unwrap();
                let lead = table.to_play().unwrap();
                let led = table.game.legal_cards()[0];
                let m = play(&table, lead, led, 1).unwrap();
                table = after(table, &board, m).unwrap();
                let seat = table.to_play().unwrap();
                let hand = *table.game.hand(seat);
                if !hand.has_suit(led.suit()) {
                    continue;
                }
                let own = spec.trumps.of(seat);
                for card in Card::all().filter(|&c| hand.contains(c) && c.suit() != led.suit()) {
                    let r = play(&table, seat, card, 2);
                    if rule == TrickRule::AllFours && Some(card.suit()) == own {
                        assert!(r.is_ok(), "all-fours lets {card} trump in");
                        continue;
                    }
                    let r = r.unwrap_err();
                    assert!(matches!(r, Refused::NotLegal { .. }), "{r:?}");
                    assert!(!r.is_conflict());
                    let words = r.to_string();
                    assert!(words.contains("You must follow"), "{words}");
                    assert!(words.contains(led.suit().symbol()), "{words}");
                    found = true;
                    break 'boards;
                }
            }
            assert!(
                found,
                "{rule:?}: some board lets a seat that can follow discard"
            );
        }
    }

    #[test]
    fn a_corrupt_log_is_a_clear_error_not_a_panic() {
        let spec = GameSpec::new(Variant::Standard);
        let board = dealt(&spec, 3);
        let moves = whole_board(&spec, &board, 1);
        // The wrong seat at card 7.
        let mut bad = moves.clone();
        bad[6].seat = bad[6].seat.left(4);
        let e = replay(&spec, &board, &bad).unwrap_err();
        assert_eq!(e.seq, Some(7));
        assert!(
            e.to_string()
                .starts_with("the table's move 7 does not replay: "),
            "{e}"
        );
        assert!(e.message.contains("turn"), "{e}");
        // A card the seat never held at card 10.
        let mut bad = moves.clone();
        let seat = bad[9].seat;
        let t = replay(&spec, &board, &bad[..9]).unwrap();
        bad[9].card = Card::all()
            .find(|&c| !t.game.hand(seat).contains(c))
            .unwrap();
        let e = replay(&spec, &board, &bad).unwrap_err();
        assert_eq!(e.seq, Some(10));
        assert!(e.message.contains("does not hold"), "{e}");
        // A gap in the seqs.
        let mut bad = moves.clone();
        bad.remove(3);
        let e = replay(&spec, &board, &bad).unwrap_err();
        assert_eq!(e.seq, Some(5));
        assert!(e.message.contains("must be card 4"), "{e}");
        // A card after the board's last (a whole board plays every card of the deck).
        let mut bad = moves.clone();
        bad.push(Move {
            seq: moves.len() as u32 + 1,
            ..moves[0]
        });
        let e = replay(&spec, &board, &bad).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the table's moves do not replay: 209 moves are stored, a board of standard has 208 cards"
        );
        // Longer than any board: refused before replay (bounded).
        let long = vec![moves[0]; MOST_MOVES + 1];
        let e = replay(&spec, &board, &long).unwrap_err();
        assert_eq!(e.seq, None);
        assert!(e.message.contains("209 moves are stored"), "{e}");
        // Rows that do not read.
        assert!(
            Move::from_stored(0, "N", "9S")
                .unwrap_err()
                .message
                .contains("seq 0")
        );
        let e = Move::from_stored(3, "Q", "9S").unwrap_err();
        assert_eq!(
            e.to_string(),
            "the table's move 3 does not replay: the seat is stored as \"Q\""
        );
        let e = Move::from_stored(3, "N", "1Z").unwrap_err();
        assert!(e.message.contains("card is stored as \"1Z\""), "{e}");
        assert_eq!(
            Move::from_stored(4, "W", "10H").unwrap(),
            Move {
                seq: 4,
                seat: Seat::West,
                card: Card::new(crate::engine::Rank::from_index(8).unwrap(), Suit::Hearts)
            }
        );
    }
}
