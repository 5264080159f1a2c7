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

use super::duet::{self, Choice, DuetLog};
pub use super::view::Played;
use super::view::{LastTrick, NoSuchSeat, Place, RefusalKind, SeatView};
use crate::deals::Board;
use crate::engine::replay::not_held;
use crate::engine::{Card, CardCounts, Game, GameSpec, PlayError, Score, Seat};

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
