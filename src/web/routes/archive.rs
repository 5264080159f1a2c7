//! The club's public archive: past events by year and month with their winners, the search
//! for a player by part of a name, and each player's page (events, placings, partners and
//! average percentage over time). Every link is an event's own stable URL.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::event::archive::{
    Found, PersonKey, Year, by_year_and_month, in_archive, row_of, running_average, search,
    search_terms,
};
use crate::event::club::Club;
use crate::event::entries::{Entry, EntryKind};
use crate::event::game::EventGame;
use crate::event::results::BoardOutcome;
use crate::event::standings::export::to_csv;
use crate::event::threes::scores_of;
use crate::event::{Event, EventStatus, Viewer};
use crate::print::charts::{LineChart, average_by_event};
use crate::service::archive::entries_of_events;
use crate::service::clubs::club_with_events;
use crate::service::play::individual_sides;
use crate::service::standings::names_of;
use crate::web::auth::MaybeDirector;
use crate::web::error::AppError;
use crate::web::page::Nav;
use crate::web::render::html_page;
use crate::web::standings_cache::Computed;
use crate::web::standings_view::computed;
use crate::web::state::AppState;

/// The longest search taken: longer than any name.
const MOST_SEARCH_CHARS: usize = 100;

/// The club and its archived events the viewer may see (newest first), with the viewer.
async fn archive_of(
    state: &AppState,
    viewer: &MaybeDirector,
    slug: String,
) -> Result<(Club, Vec<Event>, Viewer), AppError> {
    let (club, events) = state
        .db(move |c| club_with_events(c, &slug)?.ok_or(AppError::NotFound))
        .await?;
    let who = viewer.toward(club.id);
    let events = events
        .into_iter()
        .filter(|e| in_archive(e.status) && e.exposure().event_visible(who))
        .collect();
    Ok((club, events, who))
}

/// A field's winners, as the archive lists them.
struct Winners {
    /// "N-S ♠♥", "All pairs", "Teams".
    field: String,
    names: String,
}

struct ArchivedEvent {
    id: String,
    name: String,
    date: String,
    /// The game played ("Kaiso", "Auction Calypso").
    game: &'static str,
    status: &'static str,
    winners: Vec<Winners>,
    provisional: bool,
}

#[derive(Template)]
#[template(path = "archive.html")]
struct ArchivePage {
    nav: Nav,
    club: Club,
    years: Vec<Year<ArchivedEvent>>,
}

/// `/c/{club}/archive`: the club's past events by year and month, each with its winners.
pub async fn page(
    state: web::Data<AppState>,
    session: Session,
    viewer: MaybeDirector,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let (club, events, who) = archive_of(&state, &viewer, path.into_inner()).await?;
    let mut items = Vec::with_capacity(events.len());
    for ev in events {
        let mut item = ArchivedEvent {
            id: ev.id.to_string(),
            name: ev.settings.name().to_string(),
            date: ev.settings.date().format("%a %-d %b").to_string(),
            game: EventGame::of(&ev.settings).label(),
            status: ev.status.name(),
            winners: vec![],
            provisional: false,
        };
        // A cancelled event was not played to the end: no winners to name.
        if ev.status != EventStatus::Cancelled {
            match computed(&state, club.clone(), ev.clone(), who).await {
                Ok(c) => {
                    item.provisional = c.view.provisional;
                    let sides = ev.settings.side_names();
                    item.winners = c
                        .view
                        .fields
                        .iter()
                        .map(|f| Winners {
                            field: sides.naming(f.title).to_string(),
                            names: f.winners(),
                        })
                        .filter(|w| !w.names.is_empty())
                        .collect();
                }
                // Results that do not score (an event stopped early) give no winners; the
                // event is still listed.
                Err(AppError::Standings(_)) => {}
                Err(e) => return Err(e),
            }
        }
        items.push((ev.settings.date(), item));
    }
    Ok(html_page(
        StatusCode::OK,
        &ArchivePage {
            nav: Nav::new(&session, &viewer),
            club,
            years: by_year_and_month(items),
        },
    ))
}

#[derive(serde::Deserialize)]
pub struct SearchQuery {
    #[serde(default)]
    q: String,
}

struct FoundPerson {
    path: String,
    name: String,
    events: usize,
}

#[derive(Template)]
#[template(path = "player_search.html")]
struct SearchPage {
    nav: Nav,
    club: Club,
    q: String,
    /// Why nothing was searched, if so.
    problem: Option<String>,
    searched: bool,
    found: Vec<FoundPerson>,
}

/// `/c/{club}/players/search?q=...`: the people in the club's past events whose name
/// contains `q`, case aside.
pub async fn search_page(
    state: web::Data<AppState>,
    session: Session,
    viewer: MaybeDirector,
    path: web::Path<String>,
    query: web::Query<SearchQuery>,
) -> Result<HttpResponse, AppError> {
    let q = query.into_inner().q;
    let (club, events, _) = archive_of(&state, &viewer, path.into_inner()).await?;
    let mut page = SearchPage {
        nav: Nav::new(&session, &viewer),
        club,
        q: q.clone(),
        problem: None,
        searched: false,
        found: vec![],
    };
    let terms = if q.chars().count() > MOST_SEARCH_CHARS {
        page.problem = Some(format!(
            "A search is at most {MOST_SEARCH_CHARS} characters: type part of a name."
        ));
        None
    } else {
        search_terms(&q)
    };
    if let Some(terms) = terms {
        let entries = entries_of(&state, &page.club, &events).await?;
        let found: Vec<Found> = search(
            &terms,
            entries
                .iter()
                .flat_map(|e| e.players.iter().map(move |p| (e.event_id, p))),
        );
        page.searched = true;
        page.found = found
            .into_iter()
            .map(|f| FoundPerson {
                path: format!("/c/{}/people/{}", page.club.slug, f.key.path()),
                name: f.name,
                events: f.events,
            })
            .collect();
    }
    Ok(html_page(StatusCode::OK, &page))
}

/// The entries of `events` (newest event first, as `events` is ordered).
async fn entries_of(
    state: &AppState,
    club: &Club,
    events: &[Event],
) -> Result<Vec<Entry>, AppError> {
    let (club_id, ids): (_, Vec<_>) = (club.id, events.iter().map(|e| e.id).collect());
    let mut entries = state
        .db(move |c| Ok(entries_of_events(c, club_id, &ids)?))
        .await?;
    let order = |e: &Entry| events.iter().position(|ev| ev.id == e.event_id);
    entries.sort_by_key(|e| (order(e), e.number));
    Ok(entries)
}

/// One event on a player's page.
struct PersonEvent {
    href: String,
    name: String,
    date: String,
    /// The game played ("Kaiso", "Auction Calypso").
    game: &'static str,
    /// "1", "3=" and the field ("N-S ♠♥"), or nothing before any result.
    place: Option<String>,
    /// "62.5%" or a tally.
    score: Option<String>,
    partners: String,
    status: &'static str,
}

#[derive(Template)]
#[template(path = "person.html")]
struct PersonPage {
    nav: Nav,
    club: Club,
    name: String,
    guest: bool,
    played: Vec<PersonEvent>,
    chart: Option<LineChart>,
    average: Option<String>,
}

/// `/c/{club}/people/{key}`: a roster player (`p12`) or a guest (`g-ann-lee`) across the
/// club's past events.
pub async fn person(
    state: web::Data<AppState>,
    session: Session,
    viewer: MaybeDirector,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let (slug, key) = path.into_inner();
    let key = PersonKey::parse(&key).ok_or(AppError::NotFound)?;
    let (club, events, who) = archive_of(&state, &viewer, slug).await?;
    let entries = entries_of(&state, &club, &events).await?;
    let mut name = None;
    let mut played = Vec::new();
    // (date and name, percentage) of the events scored in percentages, newest first.
    let mut percents: Vec<(String, f64)> = Vec::new();
    for entry in &entries {
        let Some(me) = entry
            .players
            .iter()
            .find(|p| PersonKey::of(p).as_ref() == Some(&key))
        else {
            continue;
        };
        let Some(ev) = events.iter().find(|e| e.id == entry.event_id) else {
            continue;
        };
        name.get_or_insert_with(|| me.name.clone());
        let game = EventGame::of(&ev.settings);
        let partners = if let Some(how) = game.person_format() {
            format!("{how} (individual)")
        } else if entry.kind == EntryKind::Individual {
            "individual".to_string()
        } else {
            let others: Vec<&str> = entry
                .players
                .iter()
                .filter(|p| !std::ptr::eq(*p, me))
                .map(|p| p.name.as_str())
                .collect();
            others.join(", ")
        };
        let href = format!("/c/{}/events/{}", club.slug, ev.id);
        let mut row = PersonEvent {
            href,
            name: ev.settings.name().to_string(),
            date: ev.settings.date().format("%-d %b %Y").to_string(),
            game: game.label(),
            place: None,
            score: None,
            partners,
            status: ev.status.name(),
        };
        if ev.status != EventStatus::Cancelled {
            match computed(&state, club.clone(), ev.clone(), who).await {
                Ok(c) => {
                    if let Some((field, r)) = row_of(&c.view, entry.number) {
                        let many_fields = c.view.fields.len() > 1;
                        row.place = Some(if many_fields {
                            let field = ev.settings.side_names().naming(field).to_string();
                            format!("{} ({field})", r.place)
                        } else {
                            r.place.clone()
                        });
                        if let Some(p) = r.percent {
                            row.score = Some(format!("{p}%"));
                            percents.push((
                                format!("{} {}", ev.settings.date(), ev.settings.name()),
                                p.0,
                            ));
                        } else if let Some(t) = r.tally.or(r.total) {
                            row.score = Some(t.to_string());
                        }
                    }
                }
                Err(AppError::Standings(_)) => {}
                Err(e) => return Err(e),
            }
        }
        played.push(row);
    }
    let name = name.ok_or(AppError::NotFound)?;
    percents.reverse();
    let averages = running_average(&percents.iter().map(|p| p.1).collect::<Vec<_>>());
    let points: Vec<(String, f64)> = percents
        .into_iter()
        .zip(averages.iter().copied())
        .map(|((label, _), avg)| (label, avg))
        .collect();
    let chart = average_by_event(&name, &points);
    let average = averages
        .last()
        .map(|a| format!("{}%", crate::event::standings::Num(*a)));
    Ok(html_page(
        StatusCode::OK,
        &PersonPage {
            nav: Nav::new(&session, &viewer),
            club,
            name,
            guest: matches!(key, PersonKey::Guest(_)),
            played,
            chart,
            average,
        },
    ))
}

/// The columns of the club's history CSV, one row per result.
const HISTORY_COLUMNS: [&str; 23] = [
    "date",
    "event_id",
    "event",
    "format",
    "game",
    "round",
    "table",
    "board",
    "majors",
    "majors_name",
    "minors",
    "minors_name",
    "third",
    "third_name",
    "majors_score",
    "minors_score",
    "third_score",
    "net",
    "outcome",
    "majors_adjusted",
    "minors_adjusted",
    "status",
    "event_url",
];

/// One event's results as history rows: who sat majors and minors (pairs by number, the
/// individual's players by their numbers), the engine's totals, any ruling, and the state.
/// Auction's three players each for themselves fill majors, minors and third (positions 1,
/// 2, 3) with their three scores, and no net.
fn history_rows(c: &Computed, base_url: &str) -> Vec<Vec<String>> {
    let names = names_of(&c.ev, &c.scores);
    let game = EventGame::of(&c.ev.settings);
    let auction = c.ev.settings.auction_spec();
    let who = |numbers: Vec<u32>| -> (String, String) {
        (
            numbers
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" "),
            numbers
                .iter()
                .map(|n| names.of(*n))
                .collect::<Vec<_>>()
                .join(", "),
        )
    };
    c.scores
        .results
        .iter()
        .map(|r| {
            let (round, table) = (r.place.round, r.place.table);
            let mut third = vec![];
            let (majors, minors) = match &c.scores.movement {
                _ if game.three_scores() => {
                    let at = c
                        .scores
                        .threes
                        .iter()
                        .find(|t| t.round() == round)
                        .and_then(|t| t.tables().get((table as usize).wrapping_sub(1)));
                    match at {
                        Some(&[a, b, p3]) => {
                            third = vec![p3];
                            (vec![a], vec![b])
                        }
                        None => (vec![], vec![]),
                    }
                }
                Some(m) => {
                    let s = m.seating(round, table);
                    let pair = |p: Option<u32>| p.map(|p| vec![p]).unwrap_or_default();
                    (
                        pair(s.and_then(|s| s.majors)),
                        pair(s.and_then(|s| s.minors)),
                    )
                }
                None => individual_sides(&c.scores.seated, round, table).unwrap_or_default(),
            };
            let ((mj, mj_name), (mn, mn_name)) = (who(majors), who(minors));
            let (th, th_name) = who(third);
            let played = r.values.outcome == BoardOutcome::Played;
            let three = auction.as_ref().map(|spec| scores_of(spec, r));
            let score = |i: usize, two: i32| match (played, three) {
                (false, _) => String::new(),
                (true, Some(s)) => s[i].to_string(),
                (true, None) if i < 2 => two.to_string(),
                (true, None) => String::new(),
            };
            vec![
                c.ev.settings.date().format("%Y-%m-%d").to_string(),
                c.ev.id.to_string(),
                c.ev.settings.name().to_string(),
                c.ev.settings.format().name().to_string(),
                game.label().to_string(),
                r.place.round.to_string(),
                r.place.table.to_string(),
                r.place.board.to_string(),
                mj,
                mj_name,
                mn,
                mn_name,
                th,
                th_name,
                score(0, r.values.scores.majors),
                score(1, r.values.scores.minors),
                score(2, 0),
                // No net between three players each for themselves.
                if played && three.is_none() {
                    (i64::from(r.values.scores.majors) - i64::from(r.values.scores.minors))
                        .to_string()
                } else {
                    String::new()
                },
                r.values.outcome.name().to_string(),
                r.values
                    .adjusted
                    .majors
                    .map_or(String::new(), |a| a.to_string()),
                r.values
                    .adjusted
                    .minors
                    .map_or(String::new(), |a| a.to_string()),
                r.values.status.name().to_string(),
                format!("{base_url}/c/{}/events/{}", c.club.slug, c.ev.id),
            ]
        })
        .collect()
}

/// `/c/{club}/archive.csv`: every result of the club's past events, oldest first, one row
/// each, for spreadsheets.
pub async fn history_csv(
    state: web::Data<AppState>,
    viewer: MaybeDirector,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let (club, mut events, who) = archive_of(&state, &viewer, path.into_inner()).await?;
    events.sort_by_key(|e| (e.settings.date(), e.id));
    let base_url = state.config.base_url.clone().unwrap_or_default();
    let mut rows = vec![HISTORY_COLUMNS.map(String::from).to_vec()];
    for ev in events {
        let c = computed(&state, club.clone(), ev, who).await?;
        rows.extend(history_rows(&c, &base_url));
    }
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"{}-history.csv\"", club.slug),
        ))
        .body(to_csv(rows)))
}
