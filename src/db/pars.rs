//! Robot par: a row per event, board and deal commitment, with the board's figures as JSON.
//! Storage only: `service::pars` decides what to work out and when.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::board_pars;
use super::{DbConnection, DbError, now};
use crate::deals::par::{BoardPar, Figures, ParSettings};
use crate::event::EventId;

#[derive(Queryable)]
struct ParRow {
    _event_id: i32,
    board: i32,
    _commitment: String,
    games: i32,
    playouts: i32,
    figures: String,
    _computed_at: NaiveDateTime,
}

impl ParRow {
    /// The row's par, if it reads back as the par of its board: a row edited by hand or
    /// written by a bug reads as missing, and is worked out again.
    fn par(&self) -> Option<BoardPar> {
        let par: BoardPar = serde_json::from_str(&self.figures).ok()?;
        let same = i64::from(par.board) == i64::from(self.board)
            && i64::from(par.games) == i64::from(self.games)
            && i64::from(par.playouts) == i64::from(self.playouts);
        let budget = ParSettings {
            games: par.games,
            playouts: par.playouts,
        };
        let finite = |f: &Figures| {
            [f.mean, f.median, f.sd]
                .iter()
                .all(|x| x.is_finite() && x.abs() < 1e12)
        };
        (same
            && budget.checked().is_ok()
            && finite(&par.majors)
            && finite(&par.minors)
            && par.total.as_ref().is_none_or(finite)
            && par.net.is_finite()
            && par.net.abs() < 1e12)
            .then_some(par)
    }
}

/// The event's pars for the deal with `commitment`, of boards 1 to `boards`, by board; rows
/// that do not read back are left out (and logged).
pub fn pars_of(
    conn: &mut DbConnection,
    event: EventId,
    commitment: &str,
    boards: u32,
) -> Result<Vec<BoardPar>, DbError> {
    let rows: Vec<ParRow> = board_pars::table
        .filter(board_pars::event_id.eq(event.get()))
        .filter(board_pars::commitment.eq(commitment))
        .filter(board_pars::board.between(1, i32::try_from(boards).unwrap_or(i32::MAX)))
        .order(board_pars::board.asc())
        .limit(i64::from(boards))
        .load(conn)?;
    Ok(rows
        .iter()
        .filter_map(|r| {
            let par = r.par();
            if par.is_none() {
                tracing::warn!(
                    event = event.get(),
                    board = r.board,
                    "a stored robot par does not read; it is worked out again"
                );
            }
            par
        })
        .collect())
}

/// Stores a board's par for the deal with `commitment`, in place of any row of the same
/// board (one that did not read), and drops the event's rows of other deals: after a
/// redeal they no longer count. Another process storing the same board first is no error.
pub fn store_par(
    conn: &mut DbConnection,
    event: EventId,
    commitment: &str,
    par: &BoardPar,
) -> Result<(), DbError> {
    let figures = serde_json::to_string(par).map_err(|e| DbError::Corrupt {
        what: "robot par",
        id: event.get(),
        problem: e.to_string(),
    })?;
    let board = i32::try_from(par.board).unwrap_or(i32::MAX);
    diesel::delete(
        board_pars::table
            .filter(board_pars::event_id.eq(event.get()))
            .filter(
                board_pars::commitment
                    .ne(commitment)
                    .or(board_pars::board.eq(board)),
            ),
    )
    .execute(conn)?;
    let stored = diesel::insert_into(board_pars::table)
        .values((
            board_pars::event_id.eq(event.get()),
            board_pars::board.eq(board),
            board_pars::commitment.eq(commitment),
            board_pars::games.eq(i32::try_from(par.games).unwrap_or(i32::MAX)),
            board_pars::playouts.eq(i32::try_from(par.playouts).unwrap_or(i32::MAX)),
            board_pars::figures.eq(figures),
            board_pars::computed_at.eq(now()),
        ))
        .execute(conn);
    match stored {
        Err(e) if super::is_unique_violation(&e) => Ok(()),
        other => other.map(|_| ()).map_err(DbError::from),
    }
}
