//! A table in the service (#39 item 1): boards played online card by card, seats taken by
//! personal seat links. The table's state is only its move log (`db::online`): every read
//! replays it over the board as dealt (`event::online::replay`), so a restart or a second
//! process resumes at the same card. A card is checked by replay with no connection held,
//! then stored as one row in its own short transaction; the log's primary key (one row per
//! seq) makes a repeated or concurrent post of the same card play once. See docs/online.md.

use crate::db::online::{OnlineBoard, SeatLink, Stored};
use crate::db::{self, DbConnection, DbError, DbPool, now};
use crate::deals::{self, Board};
use crate::engine::{Card, GameSpec, Seat};
use crate::event::online::duet::Choice;
use crate::event::online::replay::{self, LogError, Move, Refused, TablePlay};
use crate::event::online::view::{Place, PlayFirst, SeatView};
use crate::event::play::Play;
use crate::event::practice::{self, PRACTICE_ROUND};
use crate::event::robot_duplicate;
use crate::event::{ClubId, EntryId, Event, EventId, EventStatus};
use crate::service::play::EventPlay;
use crate::service::tokens::{hash_token, random_token};
use crate::service::{ActionError, ErrorKind};

/// Why an online table's act did not happen.
#[derive(Debug, thiserror::Error)]
pub enum OnlineError {
    /// No such seat link (never issued, or its event deleted), event, table or board.
    #[error("{0}")]
    NotFound(String),
    /// The director revoked this seat link.
    #[error("this seat link was revoked by the director: ask them for a new one")]
    Revoked,
    /// What was asked cannot be (a seat not at the table, a board the event has not, an
    /// unreadable card).
    #[error("{0}")]
    Invalid(String),
    /// Not in the event's state (not running, no deal key).
    #[error("{0}")]
    NotNow(String),
    /// The card is not the table's next move.
    #[error(transparent)]
    Refused(#[from] Refused),
    /// The stored log does not replay: a corrupt row (logged; the table stops there).
    #[error(transparent)]
    Corrupt(#[from] LogError),
    /// The table's result did not go in (the result path's reason).
    #[error("the table's result did not go in: {0}")]
    Result(String),
    #[error(transparent)]
    Db(#[from] DbError),
}

impl ActionError for OnlineError {
    fn kind(&self) -> ErrorKind {
        match self {
            OnlineError::NotFound(_) => ErrorKind::NotFound,
            OnlineError::Revoked => ErrorKind::Forbidden,
            OnlineError::Invalid(_) => ErrorKind::Invalid,
            OnlineError::NotNow(_) => ErrorKind::Conflict,
            OnlineError::Refused(r) if r.is_conflict() => ErrorKind::Conflict,
            OnlineError::Refused(_) => ErrorKind::Invalid,
            OnlineError::Corrupt(_) | OnlineError::Db(_) | OnlineError::Result(_) => {
                ErrorKind::Internal
            }
        }
    }
}

impl From<diesel::r2d2::PoolError> for OnlineError {
    fn from(e: diesel::r2d2::PoolError) -> Self {
        OnlineError::Db(e.into())
    }
}

/// A seat at an online table, as its link names it (the board resolved: a link issued for
/// the table's round gives the board the table is playing now).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatPlace {
    pub event: EventId,
    pub round: u32,
    pub table: u32,
    pub board: u32,
    pub seat: Seat,
    pub entry: Option<EntryId>,
    /// The director seated a robot for the seat's person: the robots play it, the
    /// person's cards are refused ([`ROBOT_SEATED`]).
    pub robot_seated: bool,
}

/// The refusal of a person's card while the director has a robot play their seat.
pub const ROBOT_SEATED: &str = "a robot plays this seat now, by the director's decision: \
     your cards are refused until the director gives the seat back to you";

impl SeatPlace {
    /// Where the seat's board is played (the key of its log).
    pub fn at(&self) -> OnlineBoard {
        OnlineBoard {
            event: self.event,
            round: self.round,
            table: self.table,
            board: self.board,
        }
    }
}

/// What the token's seat may know of its table now: its own hand and no other hidden hand,
/// the cards on the table, whose turn, the score so far (the seat API's JSON).
pub(crate) fn view_of(place: SeatPlace, table: &TablePlay) -> Result<SeatView, OnlineError> {
    let at = Place {
        event: place.event.get(),
        round: place.round,
        table: place.table,
        board: place.board,
    };
    let mut view = table
        .view(at, place.seat)
        .map_err(|e| OnlineError::Invalid(e.to_string()))?;
    if place.robot_seated {
        // The robots play the seat: nothing is the person's to play.
        view.robot_seated = true;
        view.legal = None;
    }
    Ok(view)
}

/// The board as the event dealt it (the papers' board), and the event's game.
pub(crate) fn dealt_board(ev: &Event, board: u32) -> Result<(GameSpec, Board), OnlineError> {
    let key = ev.deal.as_ref().ok_or_else(|| {
        OnlineError::NotNow("the event has no deal yet: it is dealt when it is ready".into())
    })?;
    if key.algorithm != deals::ALGORITHM {
        return Err(OnlineError::NotNow(format!(
            "the event's deal uses algorithm {}, which this server does not deal",
            key.algorithm
        )));
    }
    if board == 0 || board > u32::from(ev.settings.boards()) {
        return Err(OnlineError::NotFound(format!(
            "the event has no board {board} (it has {})",
            ev.settings.boards()
        )));
    }
    let set = deals::SetKey::from_hex(&key.key_hex)
        .map_err(|e| OnlineError::NotNow(format!("the event's deal key does not read: {e}")))?;
    let spec = ev.settings.game_spec();
    let b = deals::board(&set, board, false, &spec, None)
        .map_err(|e| OnlineError::NotNow(format!("board {board} cannot be dealt: {e}")))?;
    Ok((spec, b))
}

/// Every card a board of this game deals.
pub(crate) fn cards_per_board(spec: &GameSpec) -> u32 {
    let cards: usize = spec.schedule.iter().sum::<usize>() * spec.players;
    u32::try_from(cards).unwrap_or(u32::MAX)
}

/// Issues a personal seat link for `seat` at `table` of the club's event in `round`: at
/// `board`, or (none) at whichever of the table's boards of the round it is playing. The
/// token (256 random bits) is returned, and kept beside its hash (the lookup key) so the
/// director can list the link again (`service::seats`).
#[allow(clippy::too_many_arguments)]
pub fn issue_seat_link(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    round: u32,
    table: u32,
    board: Option<u32>,
    seat: Seat,
    entry: Option<EntryId>,
) -> Result<String, OnlineError> {
    let ev = db::events::event(conn, club, event)?
        .ok_or_else(|| OnlineError::NotFound("no such event".into()))?;
    let spec = ev.settings.game_spec();
    // A Calypso Duet player's one link names the seat of their secret hand.
    if let Some(duet) = &spec.duet
        && !duet.players.iter().any(|p| p.secret == seat)
    {
        return Err(OnlineError::Invalid(format!(
            "a Calypso Duet player's link is for the seat of their secret hand ({} or {}): \
             {} is a dummy's seat",
            duet.players[0].secret.name(),
            duet.players[1].secret.name(),
            seat.name()
        )));
    }
    if seat.index() >= spec.players {
        return Err(OnlineError::Invalid(format!(
            "a {}-player game has no {} seat",
            spec.players,
            seat.name()
        )));
    }
    let play = EventPlay::load(conn, &ev)?;
    if round == 0 || round > play.rounds {
        return Err(OnlineError::Invalid(format!(
            "the event plans {} rounds: there is no round {round}",
            play.rounds
        )));
    }
    let game = play.game_at(round, table).ok_or_else(|| {
        OnlineError::Invalid(format!("table {table} has no game in round {round}"))
    })?;
    if let Some(b) = board
        && !game.boards.contains(&b)
    {
        return Err(OnlineError::Invalid(format!(
            "table {table} does not play board {b} in round {round}"
        )));
    }
    if let Some(e) = entry
        && !play.entries().iter().any(|x| x.id == e)
    {
        return Err(OnlineError::Invalid(format!("the event has no entry {e}")));
    }
    let token = random_token();
    // The token is kept beside its hash, so the director can list the link again.
    let link = db::online::NewLink {
        token_hash: hash_token(&token),
        token: Some(token.clone()),
        round,
        table,
        board,
        seat,
        entry,
        robot: false,
    };
    let stored = db::online::insert_club_links(conn, club, event, &[link])?;
    if !stored {
        return Err(OnlineError::NotFound("no such event".into()));
    }
    Ok(token)
}

/// Revokes the live links of one seat as issued (the same round, table, board or none,
/// seat): how many. None revoked is not found.
pub fn revoke_seat_link(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    round: u32,
    table: u32,
    board: Option<u32>,
    seat: Seat,
) -> Result<usize, OnlineError> {
    // Round 0 is the practice tables' (no event's round): not the director's to revoke.
    if round == PRACTICE_ROUND {
        return Err(OnlineError::NotFound(
            "no live seat link for that seat".into(),
        ));
    }
    match db::online::revoke_seat_links(conn, club, (event, round, table, board), seat)? {
        0 => Err(OnlineError::NotFound(
            "no live seat link for that seat".into(),
        )),
        n => Ok(n),
    }
}

/// The live link of a token, read as a seat (a revoked one refused).
fn live_link(conn: &mut DbConnection, token: &str) -> Result<(SeatLink, Seat), OnlineError> {
    // A token is 64 hex digits; anything far longer is not one (and is not hashed at length).
    if token.is_empty() || token.len() > 200 {
        return Err(OnlineError::NotFound("no such seat link".into()));
    }
    let link = db::online::seat_link(conn, &hash_token(token))?
        .ok_or_else(|| OnlineError::NotFound("no such seat link".into()))?;
    if link.revoked_at.is_some() {
        return Err(OnlineError::Revoked);
    }
    let seat = link.seat.parse::<Seat>().map_err(|_| {
        OnlineError::Db(DbError::Corrupt {
            what: "seat link of event",
            id: link.event.get(),
            problem: format!("its seat is stored as \"{}\"", link.seat),
        })
    })?;
    Ok((link, seat))
}

/// The seat a token names, its board resolved, with its event (read in one short hold of
/// the connection). A link for the table's round gives the board `pin` when it is one of the
/// table's boards of the round (the one a stream follows), else the board it plays now.
fn seat_and_event(
    conn: &mut DbConnection,
    token: &str,
    pin: Option<u32>,
) -> Result<(SeatPlace, Event), OnlineError> {
    let (link, seat) = live_link(conn, token)?;
    let ev = db::events::public_event(conn, link.event)?
        .ok_or_else(|| OnlineError::NotFound("no such seat link".into()))?;
    let board = match link.board {
        Some(b) => b,
        None => {
            let pinned = match pin {
                Some(b) => table_boards(conn, &ev, link.round, link.table)?
                    .contains(&b)
                    .then_some(b),
                None => None,
            };
            match pinned {
                Some(b) => b,
                None => board_now(conn, &ev, link.round, link.table)?.ok_or_else(|| {
                    OnlineError::NotFound(format!(
                        "table {} has no game in round {}",
                        link.table, link.round
                    ))
                })?,
            }
        }
    };
    Ok((link_place(&link, seat, board), ev))
}

fn link_place(link: &SeatLink, seat: Seat, board: u32) -> SeatPlace {
    SeatPlace {
        event: link.event,
        round: link.round,
        table: link.table,
        board,
        seat,
        entry: link.entry,
        robot_seated: link.robot_seated_at.is_some(),
    }
}

/// The boards a table plays in a round, from the movement (none when it has no game).
fn table_boards(
    conn: &mut DbConnection,
    ev: &Event,
    round: u32,
    table: u32,
) -> Result<Vec<u32>, OnlineError> {
    let play = EventPlay::load(conn, ev)?;
    Ok(play
        .game_at(round, table)
        .map(|g| g.boards)
        .unwrap_or_default())
}

/// The board a table plays now in a round: the first of its boards not finished, the last
/// one once all are; None when the table has no game in the round.
pub(crate) fn board_now(
    conn: &mut DbConnection,
    ev: &Event,
    round: u32,
    table: u32,
) -> Result<Option<u32>, OnlineError> {
    let boards = table_boards(conn, ev, round, table)?;
    let counts = db::online::move_counts(conn, ev.id, round, table)?;
    let per_board = cards_per_board(&ev.settings.game_spec());
    let played = |b: u32| counts.iter().find(|(n, _)| *n == b).map_or(0, |(_, c)| *c);
    Ok(boards
        .iter()
        .copied()
        .find(|&b| played(b) < per_board)
        .or_else(|| boards.last().copied()))
}

/// A robot duplicate's seat at a later board while the entrant's table has an earlier one
/// unfinished: the board to play first (`event::robot_duplicate::play_first`: the robots
/// serve only a table's first unfinished board), with the same entrant's link for it. None
/// for any other way of play (no query then) or at the board to play now. One short hold of
/// a connection.
fn board_first(
    pool: &DbPool,
    ev: &Event,
    play: &Play,
    place: SeatPlace,
) -> Result<Option<PlayFirst>, OnlineError> {
    if !matches!(play, Play::Robots { .. }) || place.round == PRACTICE_ROUND {
        return Ok(None);
    }
    let mut conn = pool.get()?;
    let Some(now) = board_now(&mut conn, ev, place.round, place.table)? else {
        return Ok(None);
    };
    let Some(first) = robot_duplicate::play_first(place.board, now) else {
        return Ok(None);
    };
    let token = db::online::live_token_at(
        &mut conn,
        OnlineBoard {
            board: first,
            ..place.at()
        },
        place.seat,
        place.entry,
    )?;
    Ok(Some(PlayFirst {
        board: first,
        message: capitalised(&robot_duplicate::play_first_words(first)),
        token,
    }))
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// The seat a token names: its event, round, table, board and seat.
pub fn seat_of(conn: &mut DbConnection, token: &str) -> Result<SeatPlace, OnlineError> {
    seat_and_event(conn, token, None).map(|(place, _)| place)
}

/// A Duet table's stored choices, read (none for a game that is not Duet: no query).
pub(crate) fn choices_of(
    conn: &mut DbConnection,
    ev: &Event,
    at: OnlineBoard,
) -> Result<Vec<Choice>, OnlineError> {
    let spec = ev.settings.game_spec();
    let Some(duet) = spec.duet.as_ref() else {
        return Ok(Vec::new());
    };
    db::duet::choices_of(conn, at)?
        .iter()
        .map(|r| {
            Choice::from_stored(
                duet,
                i64::from(r.deal),
                &r.seat,
                &r.step,
                &r.value,
                i64::from(r.cards_before),
            )
            .map_err(OnlineError::from)
        })
        .collect()
}

/// A seat's table as read: the seat, its event, the board's cards, how the event is
/// played and (Calypso Duet) the players' choices.
pub(crate) type SeatTable = (SeatPlace, Event, Vec<Move>, Play, Vec<Choice>);

/// The token's [`SeatTable`], in one short hold of a pooled connection.
pub(crate) fn read_seat_table(pool: &DbPool, token: &str) -> Result<SeatTable, OnlineError> {
    read_table_and_play(pool, token, None)
}

/// The token's seat (its board resolved, `pin` as in [`seat_and_event`]), its event, the board's
/// cards, how the event is played and its Duet choices, in one short hold of a connection.
fn read_table_and_play(
    pool: &DbPool,
    token: &str,
    pin: Option<u32>,
) -> Result<SeatTable, OnlineError> {
    let mut conn = pool.get()?;
    let (place, ev) = seat_and_event(&mut conn, token, pin)?;
    let rows = db::online::moves_of(&mut conn, place.at())?;
    let play = db::event_play::play_of(&mut conn, ev.id)?;
    let choices = choices_of(&mut conn, &ev, place.at())?;
    drop(conn);
    let moves = rows
        .iter()
        .map(|r| Move::from_stored(i64::from(r.seq), &r.seat, &r.card))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((place, ev, moves, play, choices))
}

/// The table as the token's seat sees it now: the log read, the connection released, the
/// log replayed over the board as dealt.
pub fn table_state(pool: &DbPool, token: &str) -> Result<SeatView, OnlineError> {
    table_log(pool, token, None).map(|(_, view, _)| view)
}

/// The table of the token's seat as [`table_state`], with the seat and every card played
/// at the board so far, in order (played cards are face up: the table's public record).
/// With `board`, a link for the table's round reads that board when it is one of the
/// table's boards of the round (the live stream follows the board it started on).
pub fn table_log(
    pool: &DbPool,
    token: &str,
    board: Option<u32>,
) -> Result<(SeatPlace, SeatView, Vec<Move>), OnlineError> {
    let (place, ev, moves, play, choices) = read_table_and_play(pool, token, board)?;
    let first = board_first(pool, &ev, &play, place)?;
    let (spec, dealt) = dealt_board(&ev, place.board)?;
    let table = replay::replay_with(&spec, &dealt, &moves, &choices)?;
    let mut view = view_of(place, &table)?;
    if first.is_some() {
        // Not this board yet: no card of it may be played now.
        view.legal = None;
        view.play_first = first;
    }
    Ok((place, view, moves))
}

/// Plays `card` (in the play records' notation, "9S") for the token's seat as card `seq`
/// of its table: the log read (short), the connection released, the card checked by
/// replay, then the one row stored in its own short transaction. A repeated or concurrent
/// post of the same seq plays once: the other gets the stale-seq refusal. Returns the
/// table after the card. The board's last card puts the table's result in
/// ([`store_result`]).
pub fn play_card(
    pool: &DbPool,
    token: &str,
    card: &str,
    seq: u32,
) -> Result<SeatView, OnlineError> {
    play_card_at(pool, token, card, seq, now())
}

/// Why no card may be played at this table of the event now (None: one may): the event's
/// play for its own tables, the practice rule for a practice table (round 0).
fn card_refusal(round: u32, ev: &Event, play: &Play, at: chrono::NaiveDateTime) -> Option<String> {
    if round == PRACTICE_ROUND {
        practice::refusal(ev.exposure(), &ev.settings)
    } else {
        play.refusal_at(at)
    }
}

/// [`play_card`] at `at` (the room clock: a robot duplicate's window is checked against it).
pub fn play_card_at(
    pool: &DbPool,
    token: &str,
    card: &str,
    seq: u32,
    at: chrono::NaiveDateTime,
) -> Result<SeatView, OnlineError> {
    let card: Card = card
        .parse()
        .map_err(|e| OnlineError::Invalid(format!("not a card: {e}")))?;
    let (place, ev, moves, play, choices) = read_table_and_play(pool, token, None)?;
    if place.robot_seated {
        return Err(OnlineError::NotNow(ROBOT_SEATED.into()));
    }
    // A table event's cards are at the club's tables; a robot duplicate's within its window;
    // a practice table's once the board's hand records are public, whatever the event's play.
    if let Some(why) = card_refusal(place.round, &ev, &play, at) {
        return Err(OnlineError::NotNow(why));
    }
    // A robot duplicate's boards are played in order: the robots serve only the first
    // unfinished one, so a card of a later board would wait there with nobody to answer it.
    if let Some(first) = board_first(pool, &ev, &play, place)? {
        return Err(OnlineError::NotNow(robot_duplicate::play_first_words(
            first.board,
        )));
    }
    play_read(pool, place, &ev, (moves, choices), card, seq)
}

/// Plays `card` for `seat` at the board `at` as card `seq`: a robot's card (#39 item 4),
/// refereed exactly as a person's ([`play_card`] after its seat link is read).
pub fn play_for_seat(
    pool: &DbPool,
    at: OnlineBoard,
    seat: Seat,
    card: Card,
    seq: u32,
) -> Result<SeatView, OnlineError> {
    let (ev, moves, play) = {
        let mut conn = pool.get()?;
        let ev = db::events::public_event(&mut conn, at.event)?
            .ok_or_else(|| OnlineError::NotFound("no such event".into()))?;
        let moves = log_of(&mut conn, at)?;
        let play = db::event_play::play_of(&mut conn, ev.id)?;
        (ev, moves, play)
    };
    // Robots keep to the event's play as people do (a robot duplicate's window).
    if let Some(why) = card_refusal(at.round, &ev, &play, now()) {
        return Err(OnlineError::NotNow(why));
    }
    let place = SeatPlace {
        event: at.event,
        round: at.round,
        table: at.table,
        board: at.board,
        seat,
        entry: None,
        robot_seated: false,
    };
    play_read(pool, place, &ev, (moves, Vec::new()), card, seq)
}

/// A board's log as moves (a row that does not read is a clear error).
pub(crate) fn log_of(conn: &mut DbConnection, at: OnlineBoard) -> Result<Vec<Move>, OnlineError> {
    db::online::moves_of(conn, at)?
        .iter()
        .map(|r| Move::from_stored(i64::from(r.seq), &r.seat, &r.card).map_err(Into::into))
        .collect()
}

/// The card checked against the log as read (no connection held), then stored.
fn play_read(
    pool: &DbPool,
    place: SeatPlace,
    ev: &Event,
    (mut moves, choices): (Vec<Move>, Vec<Choice>),
    card: Card,
    seq: u32,
) -> Result<SeatView, OnlineError> {
    // A practice table plays a released board: the event is over by then.
    if ev.status != EventStatus::Running && place.round != PRACTICE_ROUND {
        return Err(OnlineError::NotNow(format!(
            "the event is {}: cards are played while it is running",
            ev.status
        )));
    }
    let (spec, board) = dealt_board(ev, place.board)?;
    let table = replay::replay_with(&spec, &board, &moves, &choices)?;
    let m = replay::play(&table, place.seat, card, seq)?;
    let mut conn = pool.get()?;
    let stored = db::online::insert_move(&mut conn, place.at(), m, now())?;
    drop(conn);
    match stored {
        Stored::Played => {
            let table = replay::after(table, &board, m)?;
            if table.is_over() && place.round == PRACTICE_ROUND {
                // A practice table is never a result: its end is only noted.
                finish_practice(pool, place.table, now());
            } else if table.is_over() {
                moves.push(m);
                // The card is played whatever happens to the result: a failure is logged,
                // and the robots' pass, finding the board over with no result, stores it.
                let log = (&moves[..], &choices[..]);
                if let Err(e) = store_result_with(pool, ev, place.at(), &spec, &board, log) {
                    tracing::warn!(
                        event = place.event.get(),
                        round = place.round,
                        table = place.table,
                        board = place.board,
                        "an online table's result did not go in: {e}"
                    );
                }
            }
            view_of(place, &table)
        }
        Stored::SeqTaken => Err(Refused::StaleSeq {
            sent: seq,
            next: seq + 1,
        }
        .into()),
    }
}

/// Notes a practice table's last card (#39 item 6c: here after the card is stored, and
/// from the robots' pass finding it over): a failure is logged, the card stands.
pub(crate) fn finish_practice(pool: &DbPool, id: u32, at: chrono::NaiveDateTime) {
    let done = pool
        .get()
        .map_err(DbError::from)
        .and_then(|mut c| db::practice::finish(&mut c, id, at));
    if let Err(e) = done {
        tracing::warn!(practice = id, "a practice table's end was not stored: {e}");
    }
}

/// What putting an online table's result in did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultIn {
    /// This call stored it.
    Stored,
    /// The board already had a result (stored by another process or an earlier pass, or
    /// entered by the director): left as it is.
    Already,
}

/// The result of a board played online to its end (#39 item 5): the engine's outcome of
/// its log, with the play record as the report, through the one path every table's result
/// takes (`service::results::submit`, which replays the record again as it checks any
/// typed record). Final at once (`Who::Online`): every card was refereed as it was played.
/// The record is built with no connection held; a board that already has a result is left.
pub fn store_result(
    pool: &DbPool,
    ev: &Event,
    at: OnlineBoard,
    spec: &GameSpec,
    board: &Board,
    moves: &[Move],
) -> Result<ResultIn, OnlineError> {
    store_result_with(pool, ev, at, spec, board, (moves, &[]))
}

/// [`store_result`] with Calypso Duet's choices: the play record carries each deal's
/// choices, and `results::submit` replays it as it replays a typed Duet record.
pub fn store_result_with(
    pool: &DbPool,
    ev: &Event,
    at: OnlineBoard,
    spec: &GameSpec,
    board: &Board,
    (moves, choices): (&[Move], &[Choice]),
) -> Result<ResultIn, OnlineError> {
    use crate::event::table_report::{RecordInput, SheetInput};
    use crate::service::results::{self, EntryError, PlaceAsked, Who};
    let record = replay::record_with(spec, board, moves, choices)?;
    let deals = crate::engine::json::deals_json(spec, &record);
    let input = SheetInput {
        record: Some(RecordInput {
            deals: serde_json::from_value(deals).map_err(|e| {
                OnlineError::Invalid(format!("the table's play record does not read: {e}"))
            })?,
        }),
        ..SheetInput::default()
    };
    let place = PlaceAsked {
        round: i64::from(at.round),
        table: i64::from(at.table),
        board: i64::from(at.board),
    };
    match results::submit(
        pool,
        ev,
        Who::Online { table: at.table },
        place,
        input,
        None,
    ) {
        Ok(_) => Ok(ResultIn::Stored),
        Err(EntryError::Exists(_)) => Ok(ResultIn::Already),
        Err(e) => Err(OnlineError::Result(e.to_string())),
    }
}

/// A board found over with no result (its last card's process stopped before the result
/// went in): reads its log and puts the result in. A board not over, or with a result
/// already, is left.
pub fn ensure_result(pool: &DbPool, at: OnlineBoard) -> Result<Option<ResultIn>, OnlineError> {
    if at.round == PRACTICE_ROUND {
        return Ok(None);
    }
    let (ev, moves, has, choices) = {
        let mut conn = pool.get()?;
        let ev = db::events::public_event(&mut conn, at.event)?
            .ok_or_else(|| OnlineError::NotFound("no such event".into()))?;
        let has = db::results::results_at(&mut conn, ev.club_id, ev.id, at.round, at.table)?
            .iter()
            .any(|r| r.place.board == at.board);
        let moves = if has {
            Vec::new()
        } else {
            log_of(&mut conn, at)?
        };
        let choices = if has {
            Vec::new()
        } else {
            choices_of(&mut conn, &ev, at)?
        };
        (ev, moves, has, choices)
    };
    if has {
        return Ok(Some(ResultIn::Already));
    }
    let (spec, board) = dealt_board(&ev, at.board)?;
    if moves.len() != cards_per_board(&spec) as usize {
        return Ok(None);
    }
    let table = replay::replay_with(&spec, &board, &moves, &choices)?;
    if !table.is_over() {
        return Ok(None);
    }
    store_result_with(pool, &ev, at, &spec, &board, (&moves, &choices)).map(Some)
}

/// Notes the seat's person's sign of life at `at` (`db::online::touch_seen`: at most once in
/// ten seconds, never for a robot's link): a tiny write after the read. A failure is logged,
/// not answered: the view or card it follows stands.
pub fn touch_seen(pool: &DbPool, token: &str, at: chrono::NaiveDateTime) {
    if token.is_empty() || token.len() > 200 {
        return;
    }
    let touched = pool
        .get()
        .map_err(DbError::from)
        .and_then(|mut c| db::online::touch_seen(&mut c, &hash_token(token), at));
    if let Err(e) = touched {
        tracing::warn!("a seat's sign of life was not stored: {e}");
    }
}

/// The seat API's view (`GET /api/v1/seats/{token}`): [`table_state`], then the person's
/// sign of life noted.
pub fn seat_view(
    pool: &DbPool,
    token: &str,
    at: chrono::NaiveDateTime,
) -> Result<SeatView, OnlineError> {
    let view = table_state(pool, token)?;
    touch_seen(pool, token, at);
    Ok(view)
}

/// The seat API's card (`POST /api/v1/seats/{token}/cards`): [`play_card_at`], then the
/// person's sign of life noted (a refused card is one too: someone is there).
pub fn play_seat_card(
    pool: &DbPool,
    token: &str,
    card: &str,
    seq: u32,
    at: chrono::NaiveDateTime,
) -> Result<SeatView, OnlineError> {
    let played = play_card_at(pool, token, card, seq, at);
    if !matches!(played, Err(OnlineError::NotFound(_) | OnlineError::Revoked)) {
        touch_seen(pool, token, at);
    }
    played
}
