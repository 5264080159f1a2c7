//! An event's standings computed for a viewer, through the in-memory cache (so that a room
//! of phones polling the live standings costs one computation per change): what the
//! standings pages, the event page, the board pages, the archive and the API share.

use std::sync::Arc;
use std::time::Instant;

use askama::Template;

use crate::event::club::{Club, TimeZone};
use crate::event::results::Publication;
use crate::event::seats::SideNames;
use crate::event::standings::EventStandings;
use crate::event::{Event, EventId, Viewer};
use crate::service;
use crate::service::standings::view_of;
use crate::web::error::AppError;
use crate::web::standings_cache::{Computed, View};
use crate::web::state::AppState;

/// Everything the standings of the event show `who`, computed once per change of the
/// event (its version in the database, read first: one primary-key read when cached).
pub async fn computed(
    state: &AppState,
    club: Club,
    ev: Event,
    who: Viewer,
) -> Result<Arc<Computed>, AppError> {
    let id = ev.id;
    let (version, sealed_until) = state
        .db(move |c| {
            Ok((
                service::standings::event_version(c, id)?,
                service::standings::sealed_until(c, id)?,
            ))
        })
        .await?;
    let version = version.ok_or(AppError::NotFound)?;
    // The room clock's now: a robot duplicate's results are sealed until its window closes.
    let now = state.now();
    let view = if who.is_club_director() {
        View::Directors
    } else if ev.exposure().sealed_at(sealed_until, now).sealed {
        View::Sealed
    } else {
        View::Public
    };
    if let Some(c) = state.standings.get((id, view), version) {
        return Ok(c);
    }
    // The club and event are read again after the version, with the scores: what the
    // caller read before it may be older than the version the entry is kept under.
    let club_id = club.id;
    let (version, club, ev, scores) = state
        .db(move |c| {
            Ok(service::standings::versioned_scores(
                c, club_id, id, who, now,
            )?)
        })
        .await?
        .ok_or(AppError::NotFound)?;
    let standings = view_of(&ev, &scores, now)?;
    let part = part_of(&base_of(&club, &ev), &standings, &ev, club.time_zone)?;
    let live_json = serde_json::json!({
        "provisional": standings.provisional,
        "html": part,
    })
    .to_string();
    // A robot duplicate's standings say whether its window is open: true until it closes.
    let closes = standings
        .window
        .filter(|w| w.open)
        .map(|w| Instant::now() + (w.closes - now).to_std().unwrap_or_default());
    let until = match (turns_final_at(&ev, now), closes) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    let c = Arc::new(Computed {
        club,
        ev,
        scores,
        view: standings,
        part,
        live_json,
    });
    state.standings.put((id, view), version, until, c.clone());
    Ok(c)
}

/// When standings computed at `now` stop being true with no write at all: the end of the
/// correction period, when "provisional" turns final. Everything else they show comes from
/// rows whose writes move the event's version on.
fn turns_final_at(ev: &Event, now: chrono::NaiveDateTime) -> Option<Instant> {
    match ev.publication(now) {
        Publication::Correcting { until } => {
            let left = (until - now).to_std().unwrap_or_default();
            Some(Instant::now() + left)
        }
        Publication::Live | Publication::Final => None,
    }
}

/// A club's event by the path's club slug and event id (404 for either unknown).
pub async fn club_event(
    state: &AppState,
    slug: String,
    event: &str,
) -> Result<(Club, Event), AppError> {
    let id: EventId = event.parse().map_err(|_| AppError::NotFound)?;
    state
        .db(move |c| Ok(service::events::club_event(c, &slug, id)?))
        .await
}

/// The standings part of the page: what the live script swaps in.
#[derive(Template)]
#[template(path = "_standings.html")]
struct StandingsPart<'a> {
    base: &'a str,
    standings: &'a EventStandings,
    /// A Mitchell's fields are named for their seats ("N-S ♠♥"), not "Majors" alone.
    seat_names: &'a SideNames,
    /// What an entry is called in the standings' column: "Pair", or "Player" where single
    /// players sit at two-player tables (a Duet Mitchell).
    who: &'static str,
    /// A robot duplicate's window in words, in the club's time (instead of a round).
    window: Option<String>,
    /// The results are sealed from this viewer: nothing shown is provisional.
    sealed: bool,
}

pub fn base_of(club: &Club, ev: &Event) -> String {
    format!("/c/{}/events/{}", club.slug, ev.id)
}

fn part_of(
    base: &str,
    standings: &EventStandings,
    ev: &Event,
    zone: TimeZone,
) -> Result<String, AppError> {
    Ok(StandingsPart {
        base,
        standings,
        seat_names: &ev.settings.side_names(),
        // A duplicate coöperative ranks its tables (each by its majors pair's number, the
        // table's entry number).
        who: if ev.settings.format() == crate::event::EventFormat::DuplicateCooperative {
            "Table"
        } else {
            ev.settings.entry_word()
        },
        window: standings
            .window
            .map(|w| w.words(&zone.show(w.closes, "%Y-%m-%d %H:%M"))),
        sealed: standings.window.is_some_and(|w| w.sealed),
    }
    .render()?)
}

/// How often the live standings ask for news: often enough to follow a room reporting,
/// cheap because the computed standings are cached.
pub const POLL_MS: u64 = 5000;
