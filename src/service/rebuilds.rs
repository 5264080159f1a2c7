//! Rebuilding a played board on the table's phone (#38): which boards a table may rebuild
//! through its code, the board's rebuild sheet as the phone shows it (suit by suit, each
//! card's copies and their packets, in the game's words), recording that it is rebuilt, and
//! where the board goes next. The sheet itself is `deals::rebuild`; the method is in
//! docs/deal-algorithm.md, the phone's steps in docs/web.md.

use crate::db::{self, DbConnection, DbError};
use crate::deals::record::duet_player;
use crate::deals::{self, rebuild};
use crate::engine::{GameSpec, Rank, Seat};
use crate::event::Event;
use crate::event::game::EventGame;
use crate::event::results::{ResultStatus, TableResult};
use crate::movement::Movement;
use crate::service::play::EventPlay;
use crate::service::{ActionError, ErrorKind};

/// Where a board goes once a table has played and rebuilt it: the next place the movement
/// lays it (a table, maybe this one again), or the director's when nobody plays it again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardGoes {
    pub board: u32,
    /// The round it was played in, and the table that played it.
    pub round: u32,
    pub table: u32,
    /// The next (round, table) where it lies, played or waiting.
    pub next: Option<(u32, u32)>,
    /// It was played in the last round of the plan.
    pub last_round: bool,
}

impl BoardGoes {
    /// "Board 3 goes to table 5", "Last round: hand board 3 to the director".
    pub fn words(&self) -> String {
        let b = self.board;
        match self.next {
            Some((r, t)) if t == self.table => {
                format!("Board {b} stays at this table for round {r}")
            }
            Some((r, t)) if r > self.round + 1 => {
                format!("Board {b} goes to table {t} for round {r}")
            }
            Some((_, t)) => format!("Board {b} goes to table {t}"),
            None if self.last_round => format!("Last round: hand board {b} to the director"),
            None => format!("Board {b} is not played again: hand it to the director"),
        }
    }
}

/// Where `board`, played at `table` in `round`, goes next: the first later place the
/// movement lays it (a Mitchell's board set waits at a table without a game and moves on
/// with the others, so that is where it goes), none when no later round has it (a
/// progressive's boards, the progressive individual's, which has no fixed movement, and
/// every board of the last round). `rounds` is the plan's.
pub fn board_goes(
    movement: Option<&Movement>,
    rounds: u32,
    board: u32,
    round: u32,
    table: u32,
) -> BoardGoes {
    let next = movement.and_then(|m| {
        m.boards_lying()
            .remove(&board)
            .and_then(|places| places.into_iter().find(|&(r, _)| r > round))
    });
    BoardGoes {
        board,
        round,
        table,
        next,
        last_round: rounds > 0 && round >= rounds,
    }
}

/// Why a table may not rebuild a board through its code: each answered as a 404 page that
/// says so.
#[derive(Debug, thiserror::Error)]
pub enum RebuildError {
    #[error(
        "{game} is dealt at the table from ordinary packs: there is no board to rebuild. Gather the packs for the next game."
    )]
    DealtAtTable { game: String },
    #[error("No round is being played: a board is rebuilt right after its result is agreed.")]
    NotPlaying,
    #[error("The event's boards are not dealt yet: ask the director.")]
    NoDeal,
    #[error(
        "Board {board} is not one of table {table}'s boards this round or last: this phone rebuilds only its own table's boards. Check the board number, or ask the director."
    )]
    NotThisTables { board: u32, table: u32 },
    #[error(
        "Board {board}'s result is not agreed yet: rebuild the board once both sides have agreed its result on this phone."
    )]
    NotAgreed { board: u32 },
    #[error("Board {board} of round {round} is rebuilt already and has moved on.")]
    MovedOn { board: u32, round: u32 },
    #[error(transparent)]
    Db(#[from] DbError),
}

impl ActionError for RebuildError {
    fn kind(&self) -> ErrorKind {
        match self {
            RebuildError::Db(_) => ErrorKind::Internal,
            _ => ErrorKind::NotFound,
        }
    }
}

/// One copy of a card: the packet it goes to, in the game's words ("deal 1 · North").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CopyView {
    pub deal: usize,
    /// "North", "North (♠♥ player)" in a Duet.
    pub seat: String,
}

impl CopyView {
    /// "deal 1 · North".
    pub fn label(&self) -> String {
        format!("deal {} · {}", self.deal, self.seat)
    }
}

/// One rank of a suit: the card ("9♠", "10♥") and where each of its copies goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankRow {
    pub card: String,
    pub copies: Vec<CopyView>,
}

/// One suit's step: its symbol, name, colour and its ranks from the ace down.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuitStep {
    pub symbol: char,
    pub name: &'static str,
    pub red: bool,
    pub ranks: Vec<RankRow>,
}

/// A board's rebuild sheet as the table's phone shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RebuildView {
    pub event_name: String,
    /// Where the board was played.
    pub round: u32,
    pub table: u32,
    pub board: u32,
    /// Deals of the board, and packets (one per deal and seat).
    pub deals: usize,
    pub packets: usize,
    pub cards: usize,
    /// The most copies of one card the board holds (4 for a quadruple deck).
    pub copies: usize,
    /// The seats of each deal's packets, in the game's words.
    pub seats: Vec<String>,
    pub suits: Vec<SuitStep>,
    /// The table has said it is rebuilt.
    pub rebuilt: bool,
    pub goes: BoardGoes,
    /// Names the ticks this phone keeps: event, round, table and board.
    pub keep_key: String,
}

impl RebuildView {
    /// "Board 3 rebuilt ✓ — goes to table 5".
    pub fn rebuilt_line(&self) -> String {
        rebuilt_line(&self.goes)
    }
}

/// "Board 3 rebuilt ✓ — goes to table 5", "Board 9 rebuilt ✓ — last round: hand it to the
/// director": a rebuilt board as the table's page lists it.
pub fn rebuilt_line(goes: &BoardGoes) -> String {
    let b = goes.board;
    let then = match goes.next {
        Some((r, t)) if t == goes.table => format!("stays at this table for round {r}"),
        Some((r, t)) if r > goes.round + 1 => format!("goes to table {t} for round {r}"),
        Some((_, t)) => format!("goes to table {t}"),
        None if goes.last_round => "last round: hand it to the director".into(),
        None => "not played again: hand it to the director".into(),
    };
    format!("Board {b} rebuilt ✓ — {then}")
}

/// A board of the table's this round or last, with its result agreed: offered for a rebuild
/// (or shown rebuilt) on the table's page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRebuild {
    pub round: u32,
    pub board: u32,
    pub rebuilt: bool,
    pub goes: BoardGoes,
}

impl TableRebuild {
    /// "Board 3 rebuilt ✓ — goes to table 5".
    pub fn line(&self) -> String {
        rebuilt_line(&self.goes)
    }
}

/// Whether any of the table's boards is still to rebuild.
pub fn any_to_rebuild(lines: &[TableRebuild]) -> bool {
    lines.iter().any(|r| !r.rebuilt)
}

/// The seat as the game's players know its packet: "North", or in a Duet the player whose
/// hand it is, "North (♠♥ player)".
fn packet_seat(spec: &GameSpec, seat: Seat) -> String {
    match duet_player(spec, seat) {
        Some((suits, _)) if !suits.is_empty() => format!("{} ({suits} player)", seat.name()),
        _ => seat.name().to_string(),
    }
}

/// "10" for the ten, the rank's letter otherwise.
fn rank_text(r: Rank) -> String {
    match r.char() {
        'T' => "10".into(),
        c => c.to_string(),
    }
}

/// The board as the event dealt it (the papers' board: the deal key, the event's game, the
/// default first dealer), or none when the event has no key or its key is not readable.
fn dealt_board(ev: &Event, board: u32) -> Option<deals::Board> {
    let key = ev.deal.as_ref()?;
    if key.algorithm != deals::ALGORITHM {
        return None;
    }
    let set = deals::SetKey::from_hex(&key.key_hex).ok()?;
    if board == 0 || board > u32::from(ev.settings.boards()) {
        return None;
    }
    deals::board(&set, board, false, &ev.settings.game_spec(), None).ok()
}

/// The phone's view of a board's sheet.
fn sheet_view(ev: &Event, board: &deals::Board) -> (usize, usize, Vec<SuitStep>) {
    let spec = ev.settings.game_spec();
    let sheet = rebuild::sheet(board);
    let mut suits: Vec<SuitStep> = Vec::new();
    for route in &sheet.cards {
        let suit = route.card.suit();
        if suits.last().is_none_or(|s| s.symbol != suit.symbol()) {
            suits.push(SuitStep {
                symbol: suit.symbol(),
                name: suit.name(),
                red: suit.is_red(),
                ranks: vec![],
            });
        }
        let row = RankRow {
            card: format!("{}{}", rank_text(route.card.rank()), suit.symbol()),
            copies: route
                .packets
                .iter()
                .map(|p| CopyView {
                    deal: p.deal,
                    seat: packet_seat(&spec, p.seat),
                })
                .collect(),
        };
        if let Some(s) = suits.last_mut() {
            s.ranks.push(row);
        }
    }
    let packets = sheet.deals * spec.seats().len();
    (sheet.deals, packets, suits)
}

/// What the rules need to know of a table's boards: the event's plan, its results at the
/// table and the boards it has rebuilt.
struct TableBoards {
    play: EventPlay,
    results: Vec<TableResult>,
    rebuilt: Vec<(u32, u32)>,
}

impl TableBoards {
    fn load(conn: &mut DbConnection, ev: &Event, table: u32) -> Result<TableBoards, DbError> {
        let play = EventPlay::load(conn, ev)?;
        let results = db::results::results_of_table(conn, ev.club_id, ev.id, table)?;
        let rebuilt = db::rebuilds::rebuilt_of(conn, ev.club_id, ev.id)?
            .into_iter()
            .filter(|r| r.table == table)
            .map(|r| (r.round, r.board))
            .collect();
        Ok(TableBoards {
            play,
            results,
            rebuilt,
        })
    }

    fn agreed(&self, round: u32, board: u32) -> bool {
        self.results.iter().any(|r| {
            r.place.round == round
                && r.place.board == board
                && r.values.status == ResultStatus::Confirmed
        })
    }

    fn rebuilt(&self, round: u32, board: u32) -> bool {
        self.rebuilt.contains(&(round, board))
    }

    fn goes(&self, board: u32, round: u32, table: u32) -> BoardGoes {
        board_goes(self.play.movement(), self.play.rounds, board, round, table)
    }

    /// The rounds whose boards the table may still rebuild: this one, and the one before
    /// (the director may start a round while tables still rebuild the last one's boards).
    fn rounds(current: u32) -> impl Iterator<Item = u32> {
        (current.saturating_sub(1).max(1)..=current).rev()
    }
}

/// Whether the event's boards are dealt by the site and so rebuilt by the tables (not a game
/// dealt at the table from ordinary packs: Embers, Auction).
fn rebuilds_boards(ev: &Event) -> bool {
    EventGame::of(&ev.settings).papers()
}

/// The table's boards of this round and the last with their result agreed: rebuilt or to
/// rebuild (a board of the last round only until it is rebuilt), current round first, and
/// where each goes. None for a game dealt at the table, or when no round is being played.
pub fn table_rebuilds(
    conn: &mut DbConnection,
    ev: &Event,
    table: u32,
) -> Result<Vec<TableRebuild>, DbError> {
    let current = ev.round.current;
    if !rebuilds_boards(ev) || !ev.status.is_running() || current == 0 || ev.deal.is_none() {
        return Ok(vec![]);
    }
    let t = TableBoards::load(conn, ev, table)?;
    let mut out = Vec::new();
    for round in TableBoards::rounds(current) {
        let Some(game) = t.play.game_at(round, table) else {
            continue;
        };
        for &board in &game.boards {
            let rebuilt = t.rebuilt(round, board);
            if t.agreed(round, board) && (round == current || !rebuilt) {
                out.push(TableRebuild {
                    round,
                    board,
                    rebuilt,
                    goes: t.goes(board, round, table),
                });
            }
        }
    }
    Ok(out)
}

/// The round in which `table` may rebuild `board` now, by the rules: the event's game has
/// boards, a round is being played, the board is the table's in this round or the last, its
/// result is agreed, and a last round's board is not rebuilt yet (unless `again`: a repeat of
/// the last step is no error).
fn allowed(
    ev: &Event,
    t: &TableBoards,
    table: u32,
    board: u32,
    again: bool,
) -> Result<u32, RebuildError> {
    if !rebuilds_boards(ev) {
        return Err(RebuildError::DealtAtTable {
            game: ev.settings.game().label().to_string(),
        });
    }
    let current = ev.round.current;
    if !ev.status.is_running() || current == 0 {
        return Err(RebuildError::NotPlaying);
    }
    let played = TableBoards::rounds(current).find(|&r| {
        t.play
            .game_at(r, table)
            .is_some_and(|g| g.boards.contains(&board))
    });
    let Some(round) = played else {
        return Err(RebuildError::NotThisTables { board, table });
    };
    if !t.agreed(round, board) {
        return Err(RebuildError::NotAgreed { board });
    }
    if round < current && t.rebuilt(round, board) && !again {
        return Err(RebuildError::MovedOn { board, round });
    }
    Ok(round)
}

/// The rebuild sheet of `board` for `table`'s phone, if the table may rebuild it now.
pub fn sheet_for_table(
    conn: &mut DbConnection,
    ev: &Event,
    table: u32,
    board: u32,
) -> Result<RebuildView, RebuildError> {
    let t = TableBoards::load(conn, ev, table)?;
    let round = allowed(ev, &t, table, board, false)?;
    view(ev, &t, round, table, board)
}

/// The table says `board` is rebuilt: recorded once (a repeat is no error), in its own short
/// write transaction. Returns the board's view, rebuilt, with where it goes.
pub fn mark_rebuilt(
    conn: &mut DbConnection,
    ev: &Event,
    table: u32,
    board: u32,
) -> Result<RebuildView, RebuildError> {
    let t = TableBoards::load(conn, ev, table)?;
    let round = allowed(ev, &t, table, board, true)?;
    let mut v = view(ev, &t, round, table, board)?;
    db::rebuilds::mark_rebuilt(conn, ev.club_id, ev.id, round, table, board)?;
    v.rebuilt = true;
    Ok(v)
}

fn view(
    ev: &Event,
    t: &TableBoards,
    round: u32,
    table: u32,
    board: u32,
) -> Result<RebuildView, RebuildError> {
    let dealt = dealt_board(ev, board).ok_or(RebuildError::NoDeal)?;
    let (deals, packets, suits) = sheet_view(ev, &dealt);
    let cards = suits
        .iter()
        .flat_map(|s| &s.ranks)
        .map(|r| r.copies.len())
        .sum();
    let copies = suits
        .iter()
        .flat_map(|s| &s.ranks)
        .map(|r| r.copies.len())
        .max()
        .unwrap_or(0);
    let spec = ev.settings.game_spec();
    Ok(RebuildView {
        event_name: ev.settings.name().to_string(),
        round,
        table,
        board,
        deals,
        packets,
        cards,
        copies,
        seats: spec
            .seats()
            .iter()
            .map(|&s| packet_seat(&spec, s))
            .collect(),
        suits,
        rebuilt: t.rebuilt(round, board),
        goes: t.goes(board, round, table),
        keep_key: format!("{}-{round}-{table}-{board}", ev.id.get()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movement::{MovementKind, MovementRequest, generate};

    fn mitchell(tables: u32, rounds: u32) -> Movement {
        generate(&MovementRequest {
            tables: Some(tables),
            rounds: Some(rounds),
            boards_per_round: Some(1),
            ..MovementRequest::new(MovementKind::Mitchell)
        })
        .unwrap()
    }

    #[test]
    fn a_progressives_boards_are_played_once_and_go_to_the_director() {
        let m = generate(&MovementRequest {
            tables: Some(3),
            ..MovementRequest::new(MovementKind::Progressive)
        })
        .unwrap();
        let b = m.seating(1, 2).unwrap().boards[0];
        let g = board_goes(Some(&m), m.rounds, b, 1, 2);
        assert_eq!(g.next, None);
        assert_eq!(
            g.words(),
            format!("Board {b} is not played again: hand it to the director")
        );
    }

    #[test]
    fn a_mitchell_board_goes_where_the_movement_lays_it_next_round() {
        let m = mitchell(5, 3);
        for round in 1..3 {
            for table in 1..=5 {
                let b = m.seating(round, table).unwrap().boards[0];
                let g = board_goes(Some(&m), m.rounds, b, round, table);
                let (r, t) = g.next.expect("a board of a round before the last moves on");
                assert_eq!(r, round + 1);
                assert!(m.boards_at(r, t).contains(&b));
                // Boards move down a table in a Mitchell.
                assert_eq!(t, if table == 1 { 5 } else { table - 1 });
                assert_eq!(g.words(), format!("Board {b} goes to table {t}"));
            }
        }
    }

    #[test]
    fn the_last_rounds_boards_go_to_the_director() {
        let m = mitchell(5, 3);
        let b = m.seating(3, 2).unwrap().boards[0];
        let g = board_goes(Some(&m), m.rounds, b, 3, 2);
        assert_eq!(g.next, None);
        assert_eq!(
            g.words(),
            format!("Last round: hand board {b} to the director")
        );
    }

    #[test]
    fn a_board_nobody_plays_again_goes_to_the_director_before_the_last_round() {
        // The progressive individual has no fixed movement: each board is played once.
        let g = board_goes(None, 4, 3, 1, 3);
        assert_eq!(
            g.words(),
            "Board 3 is not played again: hand it to the director"
        );
        let g = board_goes(None, 4, 13, 4, 1);
        assert_eq!(g.words(), "Last round: hand board 13 to the director");
    }

    #[test]
    fn a_board_that_stays_or_waits_a_round_says_so() {
        let stays = BoardGoes {
            board: 3,
            round: 1,
            table: 2,
            next: Some((2, 2)),
            last_round: false,
        };
        assert_eq!(stays.words(), "Board 3 stays at this table for round 2");
        let later = BoardGoes {
            next: Some((4, 5)),
            ..stays
        };
        assert_eq!(later.words(), "Board 3 goes to table 5 for round 4");
    }
}
