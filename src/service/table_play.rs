//! A played table's cards, trick by trick, for the deal viewer (issue #39 item 5): any
//! result entered as the full play record (played online, typed or pasted) can be replayed
//! once the board's cards and its results are public to the viewer, the deal viewer's and
//! the travellers' rules both. Read, release the connection, then replay.

use crate::db::{DbError, DbPool};
use crate::engine::GameRecord;
use crate::engine::json::deal_record;
use crate::event::play_view::PlayView;
use crate::event::{Event, Viewer};
use crate::service::standings::played_of;
use crate::service::{ActionError, ErrorKind};

/// Why a table's play is not shown.
#[derive(Debug, thiserror::Error)]
pub enum TablePlayError {
    /// No such table's result at this board, or not public to this viewer (hidden, not
    /// forbidden: as the deal viewer answers).
    #[error("{0}")]
    NotFound(String),
    /// The table's result was not entered as a play record, or its stored record does not
    /// replay.
    #[error("{0}")]
    NoPlay(String),
    #[error(transparent)]
    Db(#[from] DbError),
}

impl ActionError for TablePlayError {
    fn kind(&self) -> ErrorKind {
        match self {
            TablePlayError::NotFound(_) => ErrorKind::NotFound,
            TablePlayError::NoPlay(_) => ErrorKind::Invalid,
            TablePlayError::Db(_) => ErrorKind::Internal,
        }
    }
}

impl From<diesel::r2d2::PoolError> for TablePlayError {
    fn from(e: diesel::r2d2::PoolError) -> Self {
        TablePlayError::Db(e.into())
    }
}

/// The play of `table` in `round` at `board` of the event, as the engine replays its record,
/// at `now` (the room clock: a robot duplicate's results are sealed until its window closes).
pub fn table_play(
    pool: &DbPool,
    ev: &Event,
    who: Viewer,
    (board, round, table): (u32, u32, u32),
    now: chrono::NaiveDateTime,
) -> Result<PlayView, TablePlayError> {
    let exposure = ev.exposure();
    let hidden = || TablePlayError::NotFound("no such table's play is public".into());
    if !exposure.papers_visible(who) {
        return Err(hidden());
    }
    let mut conn = pool.get()?;
    let played = played_of(&mut conn, ev)?;
    drop(conn);
    let exposure = exposure.sealed_at(played.sealed_until, now);
    if !exposure.board_results_visible(who, played.still_to_play.contains(&board)) {
        return Err(hidden());
    }
    let result = played
        .results
        .iter()
        .find(|r| r.place.board == board && r.place.round == round && r.place.table == table)
        .ok_or_else(|| {
            TablePlayError::NotFound(format!(
                "table {table} has no result for board {board} in round {round}"
            ))
        })?;
    let input = result.play_record().ok_or_else(|| {
        TablePlayError::NoPlay(format!(
            "table {table}'s result for board {board} was entered as counts, not as the play: there are no tricks to replay"
        ))
    })?;
    let deals = input
        .deals
        .iter()
        .enumerate()
        .map(|(d, x)| deal_record(d, x))
        .collect::<Result<Vec<_>, String>>()
        .map_err(|e| {
            TablePlayError::NoPlay(format!("the stored play record does not read: {e}"))
        })?;
    let spec = ev.settings.game_spec();
    PlayView::of(&spec, &GameRecord { deals })
        .map_err(|e| TablePlayError::NoPlay(format!("the stored play record does not replay: {e}")))
}
