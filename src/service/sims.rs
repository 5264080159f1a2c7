//! Simultaneous events: opening one from the organiser's event, joining it with a heat,
//! importing a heat played elsewhere, releasing the field's hand records, and the field's
//! standings and travellers. Each act is one transaction; the rules are `event::sim`. A
//! heat's import checks the file's results with the rules engine before its transaction,
//! holding no connection (`archive::check_plan`).

use std::sync::Arc;

use serde_json::{Value, json};

use super::archive::{ArchiveError, check_plan, import_plan};
use super::standings::{EventScores, StandingsError, event_scores, json_len, names_of};
use super::{ActionError, ErrorKind, step, write_step};
use crate::db::{self, DbConnection, DbError, DbPool};
use crate::event::club::Club;
use crate::event::import::{self, ImportPlan};
use crate::event::seats::SideNames;
use crate::event::sim::{self, Heat, HeatSheet, Sim, SimError};
use crate::event::standings::{EntryNames, NOT_COMPARED};
use crate::event::{
    ClubId, Count, Event, EventId, EventSettings, EventStatus, SettingsError, SimId, Viewer,
};
use crate::scoring::score;
use crate::scoring::sheet::Sheet;

#[derive(Debug, thiserror::Error)]
pub enum SimActionError {
    #[error("not found")]
    NotFound,
    #[error(transparent)]
    Refused(#[from] SimError),
    #[error("the heat's settings: {0}")]
    Settings(#[from] SettingsError),
    #[error(transparent)]
    Import(#[from] ArchiveError),
    #[error(transparent)]
    Standings(#[from] StandingsError),
    #[error(transparent)]
    Db(#[from] DbError),
}

impl ActionError for SimActionError {
    fn kind(&self) -> ErrorKind {
        match self {
            SimActionError::NotFound => ErrorKind::NotFound,
            SimActionError::Refused(SimError::Name | SimError::SettingsDiffer { .. }) => {
                ErrorKind::Invalid
            }
            SimActionError::Refused(SimError::DealDiffers { .. }) => ErrorKind::Invalid,
            SimActionError::Refused(_) => ErrorKind::Conflict,
            SimActionError::Settings(_) => ErrorKind::Invalid,
            SimActionError::Import(ArchiveError::Db(_) | ArchiveError::Standings(_)) => {
                ErrorKind::Internal
            }
            SimActionError::Import(_) => ErrorKind::Invalid,
            SimActionError::Standings(_) | SimActionError::Db(_) => ErrorKind::Internal,
        }
    }
}

impl From<diesel::result::Error> for SimActionError {
    fn from(e: diesel::result::Error) -> Self {
        SimActionError::Db(e.into())
    }
}

fn find_sim(conn: &mut DbConnection, id: SimId) -> Result<Sim, SimActionError> {
    db::sims::sim(conn, id)?.ok_or(SimActionError::NotFound)
}

/// The sim's first heat: the organiser's event, whose deal and settings every heat shares.
fn first_event(conn: &mut DbConnection, heats: &[Heat]) -> Result<Event, SimActionError> {
    let first = heats.first().ok_or(SimActionError::NotFound)?;
    db::events::public_event(conn, first.event)?.ok_or(SimActionError::NotFound)
}

/// Locks the organiser's heat (heat 1) for the rest of the transaction.
fn lock_first(conn: &mut DbConnection, heats: &[Heat]) -> Result<(), DbError> {
    match heats.first() {
        Some(h) => db::lock_event(conn, h.event),
        None => Ok(()),
    }
}

/// Makes the club's event heat 1 of a new sim called `name`.
pub fn open(
    conn: &mut DbConnection,
    club: &Club,
    event: EventId,
    name: &str,
) -> Result<SimId, SimActionError> {
    db::write_transaction(conn, |conn| {
        let ev = db::events::event(conn, club.id, event)?.ok_or(SimActionError::NotFound)?;
        sim::check_open(&ev, name)?;
        Ok(db::sims::create(
            conn,
            club.id,
            name.trim(),
            ev.id,
            &club.name,
        )?)
    })
}

/// A new heat of the sim for `club`: a draft event with the sim's settings (but `tables`)
/// and its deal key. The club's directors then enter pairs and run it as any event.
pub fn join(
    conn: &mut DbConnection,
    club: &Club,
    id: SimId,
    tables: Count,
) -> Result<EventId, SimActionError> {
    db::write_transaction(conn, |conn| {
        let s = find_sim(conn, id)?;
        let heats = db::sims::heats_of(conn, id)?;
        sim::check_add(&s, &heats)?;
        // The organiser's heat, locked: its settings and deal are fixed from this heat on,
        // so a move back to draft or an edit racing this join waits for it and sees it.
        lock_first(conn, &heats)?;
        for h in heats.iter().filter(|h| !h.imported) {
            if db::events::event(conn, club.id, h.event)?.is_some() {
                return Err(SimError::AlreadyJoined.into());
            }
        }
        let first = first_event(conn, &heats)?;
        let key = first.deal.clone().ok_or(SimError::NoKey)?;
        let mut draft = first.settings.draft();
        draft.name = s.name.clone();
        draft.tables = tables;
        let settings = EventSettings::parse(&draft).map_err(|e| {
            e.0.into_iter()
                .next()
                .map_or(SimActionError::NotFound, SimActionError::Settings)
        })?;
        let ev = db::events::create_event(conn, club.id, &settings)?;
        db::events::store_key(conn, ev.id, &key)?;
        db::sims::add_heat(conn, id, ev.id, sim::next_heat(&heats), &club.name, false)?;
        Ok(ev.id)
    })
}

/// A heat played on another server, from its export file, into the organiser's club: read
/// and checked like any import, and then held to the sim's deal and settings.
///
/// The sim's rules are checked first (a connection taken and given back), then the rules
/// engine checks every result of the file with no connection held, and one short
/// transaction checks the sim's rules again (cheap: another import may have come in
/// meanwhile) and writes the heat.
pub fn import_heat(
    pool: &DbPool,
    club: &Club,
    id: SimId,
    text: &str,
) -> Result<EventId, SimActionError> {
    let mut plan = import::read(text).map_err(ArchiveError::from)?;
    step(pool, |conn| heat_may_join(conn, club, id, &plan))?;
    let checked = check_plan(&mut plan)?;
    write_step(pool, |conn| {
        let heats = db::sims::heats_of(conn, id)?;
        lock_first(conn, &heats)?;
        let plan = checked.plan();
        let heats = heat_may_join(conn, club, id, plan)?;
        let event = import_plan(conn, club.id, &checked)?;
        db::sims::add_heat(
            conn,
            id,
            event,
            sim::next_heat(&heats),
            plan.club_name.trim(),
            true,
        )?;
        release_if_over(conn, id)?;
        Ok(event)
    })
}

/// Whether a file's heat may join the club's sim now: the sim's heats, or the rule it breaks.
fn heat_may_join(
    conn: &mut DbConnection,
    club: &Club,
    id: SimId,
    plan: &ImportPlan,
) -> Result<Vec<Heat>, SimActionError> {
    let s = find_sim(conn, id)?;
    if s.club_id != club.id {
        return Err(SimActionError::NotFound);
    }
    let heats = db::sims::heats_of(conn, id)?;
    sim::check_import(&heats)?;
    let first = first_event(conn, &heats)?;
    let key = first.deal.as_ref().ok_or(SimError::NoKey)?;
    sim::check_deal(key, plan.deal.as_ref())?;
    sim::check_settings(&first.settings, &plan.settings)?;
    sim::check_name(&plan.club_name)?;
    sim::check_not_imported(&heats, &plan.club_name)?;
    Ok(heats)
}

/// The organiser releases the key and hand records for every heat at once.
pub fn release(conn: &mut DbConnection, club: ClubId, id: SimId) -> Result<(), SimActionError> {
    db::write_transaction(conn, |conn| {
        let s = find_sim(conn, id)?;
        if s.club_id != club {
            return Err(SimActionError::NotFound);
        }
        if s.released {
            return Err(SimError::AlreadyReleased.into());
        }
        Ok(db::sims::release(conn, id)?)
    })
}

/// Releases the field's hand records if every heat's play is over: called in the
/// transaction of whatever may have ended the last heat.
pub fn release_if_over(conn: &mut DbConnection, id: SimId) -> Result<bool, DbError> {
    let Some(s) = db::sims::sim(conn, id)? else {
        return Ok(false);
    };
    if s.released {
        return Ok(false);
    }
    let mut statuses = Vec::new();
    for h in db::sims::heats_of(conn, id)? {
        if let Some(ev) = db::events::public_event(conn, h.event)? {
            statuses.push(ev.status);
        }
    }
    if !sim::all_heats_over(&statuses) {
        return Ok(false);
    }
    db::sims::release(conn, id)?;
    Ok(true)
}

/// The sim a heat belongs to, for the heat's own pages (its name and address).
pub fn sim_of(conn: &mut DbConnection, ev: &Event) -> Result<Option<Sim>, DbError> {
    match ev.sim {
        Some(id) => db::sims::sim(conn, id),
        None => Ok(None),
    }
}

/// Whether the heat's move to `to` keeps the sim's deal and settings as every other heat
/// has them: the organiser's heat does not go back to draft once a club has joined.
pub fn check_heat_move(
    conn: &mut DbConnection,
    ev: &Event,
    to: EventStatus,
) -> Result<(), SimActionError> {
    let Some(id) = ev.sim else { return Ok(()) };
    let heats = db::sims::heats_of(conn, id)?;
    Ok(sim::check_move(&heats, ev.id, to)?)
}

/// Whether the heat may be redealt: only the organiser's, and only while no other heat
/// was dealt from its key (`event::sim`); any other heat's deal is the field's.
pub fn check_heat_redeal(conn: &mut DbConnection, ev: &Event) -> Result<(), SimActionError> {
    let Some(id) = ev.sim else { return Ok(()) };
    let heats = db::sims::heats_of(conn, id)?;
    if heats.first().is_some_and(|h| h.event == ev.id) {
        return Ok(sim::check_unfrozen(&heats, ev.id)?);
    }
    let s = find_sim(conn, id)?;
    Err(SimError::HeatOfSim(s.name).into())
}

/// The sim's first heat's settings, which a heat's draft must keep (`event::sim`).
pub fn check_heat_settings(
    conn: &mut DbConnection,
    ev: &Event,
    settings: &EventSettings,
) -> Result<(), SimActionError> {
    let Some(id) = ev.sim else { return Ok(()) };
    let heats = db::sims::heats_of(conn, id)?;
    if heats.first().is_some_and(|h| h.event == ev.id) {
        // The organiser's heat: its settings are the sim's, fixed once a club has joined.
        return Ok(sim::check_first_heat_edit(
            &heats,
            ev.id,
            &ev.settings,
            settings,
        )?);
    }
    let first = first_event(conn, &heats)?;
    Ok(sim::check_settings(&first.settings, settings)?)
}

/// Every sim on the server, newest first.
pub fn all(conn: &mut DbConnection) -> Result<Vec<Sim>, DbError> {
    db::sims::all(conn)
}

/// One heat as the field shows it.
pub struct HeatView {
    pub heat: Heat,
    pub event: Event,
    /// The club the event is stored under (an imported heat's is the organiser's).
    pub club_slug: String,
    /// The event's version, read before its scores: the field computed next for the same
    /// viewer reuses `scores` and `standings` while the version stands (every write the
    /// scores are read from moves it on, in the write's transaction).
    pub version: i64,
    pub scores: Arc<EventScores>,
    /// The heat's own standings: `score`'s output for its results alone.
    pub standings: Arc<Value>,
    /// Its pairs' names by number, gathered once for every line that names them.
    pub names: EntryNames,
}

/// The whole field as one viewer may see it.
pub struct Field {
    pub sim: Sim,
    pub organiser: Club,
    /// The organiser's event, whose key and commitment are the field's.
    pub first: Event,
    pub heats: Vec<HeatView>,
    /// The whole field's sheet: what `calypso-director score` reads.
    pub sheet: Sheet,
    /// `score`'s output for the field's sheet.
    pub standings: Value,
    /// Whether this viewer may see each board's results across the field (travellers).
    pub travellers_visible: bool,
    /// The club of the director it was computed for (None: the public).
    pub directs: Option<ClubId>,
}

impl Field {
    /// About how many bytes the field holds, for the cache's budget: each heat's scores and
    /// names (counted for every field that holds them, though fields for several viewers may
    /// share a heat's), the heats' and the field's standings and sheet.
    pub fn approx_bytes(&self) -> usize {
        let heats: usize = self
            .heats
            .iter()
            .map(|h| {
                h.scores.approx_bytes()
                    + json_len(&*h.standings)
                    + h.names
                        .entries
                        .values()
                        .map(|n| n.len() + 64)
                        .sum::<usize>()
                    + 1024
            })
            .sum();
        heats + json_len(&self.standings) * 3 + 4096
    }

    /// The name the field gives a field pair number: "Riverside: Ann & Bob".
    pub fn pair_name(&self, field_pair: u32) -> String {
        let (heat, pair) = sim::heat_pair(field_pair);
        match self.heats.iter().find(|h| h.heat.heat == heat) {
            Some(h) => format!("{}: {}", h.heat.club_name, h.names.of(pair)),
            None => format!("pair {field_pair}"),
        }
    }

    /// What the API answers: the field's standings (`score`'s output, without the boards
    /// this viewer may not see yet) and each heat's.
    pub fn to_json(&self) -> Value {
        let mut field = self.standings.clone();
        if !self.travellers_visible
            && let Value::Object(m) = &mut field
        {
            m.remove("boards");
        }
        json!({
            "sim": {
                "id": self.sim.id,
                "name": self.sim.name,
                "organiser": self.organiser.slug,
                "released": self.sim.released,
                "commitment": self.first.deal.as_ref().map(|k| k.commitment.clone()),
            },
            "field": field,
            "heats": self.heats.iter().map(|h| json!({
                "heat": h.heat.heat,
                "club": h.heat.club_name,
                "event": h.event.id,
                "imported": h.heat.imported,
                "status": h.event.status.name(),
                "standings": *h.standings,
            })).collect::<Vec<_>>(),
        })
    }
}

/// The field with the version read before any of it (`db::sims::version`): what is kept
/// under that version is at worst newer than it, never older. `previous`, a field computed
/// earlier for the same sim, lends the scores of each heat whose event has not changed since
/// (for the same viewer only).
pub fn versioned_field(
    conn: &mut DbConnection,
    id: SimId,
    directs: Option<ClubId>,
    previous: Option<&Field>,
) -> Result<(i64, Field), SimActionError> {
    let version = db::sims::version(conn, id)?;
    Ok((version, field_from(conn, id, directs, previous)?))
}

/// The sim's version alone (one indexed read).
pub fn version(conn: &mut DbConnection, id: SimId) -> Result<i64, DbError> {
    db::sims::version(conn, id)
}

/// The field: every heat's results scored within its heat and across the whole field.
/// `directs` is the club of the director asking, if any: a heat's own directors see its
/// hidden travellers, and the organiser's see the field's before release.
pub fn field(
    conn: &mut DbConnection,
    id: SimId,
    directs: Option<ClubId>,
) -> Result<Field, SimActionError> {
    field_from(conn, id, directs, None)
}

/// A heat of `previous` whose scores still stand: the same event at `version`, computed
/// for the same viewer.
fn unchanged(
    previous: Option<&Field>,
    id: SimId,
    directs: Option<ClubId>,
    event: EventId,
    version: i64,
) -> Option<&HeatView> {
    let p = previous.filter(|p| p.sim.id == id && p.directs == directs)?;
    p.heats
        .iter()
        .find(|h| h.event.id == event && h.version == version)
}

/// [`field`], reusing the scores of the heats of `previous` that have not changed.
fn field_from(
    conn: &mut DbConnection,
    id: SimId,
    directs: Option<ClubId>,
    previous: Option<&Field>,
) -> Result<Field, SimActionError> {
    let s = find_sim(conn, id)?;
    let organiser = db::clubs::club_by_id(conn, s.club_id)?.ok_or(SimActionError::NotFound)?;
    let heats = db::sims::heats_of(conn, id)?;
    let first = first_event(conn, &heats)?;
    let mut views = Vec::with_capacity(heats.len());
    for heat in heats {
        // Before anything of the event is read: its scores are at worst newer than this.
        let Some(version) = db::events::event_version(conn, heat.event)? else {
            continue;
        };
        let Some(event) = db::events::public_event(conn, heat.event)? else {
            continue;
        };
        let Some(club) = db::clubs::club_by_id(conn, event.club_id)? else {
            continue;
        };
        let (scores, standings) = match unchanged(previous, id, directs, event.id, version) {
            Some(h) => (h.scores.clone(), h.standings.clone()),
            None => {
                let scores = event_scores(conn, &event, Viewer::of(directs, event.club_id))?;
                let standings = scores
                    .standings
                    .without_boards(&scores.hidden_boards)
                    .to_value();
                (Arc::new(scores), Arc::new(standings))
            }
        };
        let names = names_of(&event, &scores);
        views.push(HeatView {
            heat,
            event,
            club_slug: club.slug,
            version,
            scores,
            standings,
            names,
        });
    }
    // A heat only joined (a draft) shows to its own club alone, like any draft; a cancelled
    // heat plays no board, so it expects no results either.
    views.retain(|h| {
        h.event.status != EventStatus::Cancelled
            && (h.event.status.public() || directs == Some(h.event.club_id))
    });
    let sheets: Vec<HeatSheet> = views
        .iter()
        .map(|h| HeatSheet {
            heat: h.heat.heat,
            sheet: &h.scores.sheet,
        })
        .collect();
    let sheet = sim::field_sheet(&first.settings, &sheets);
    let standings = score(&sheet)
        .map_err(StandingsError::from)?
        .standings
        .to_value();
    let travellers_visible = s.released || directs == Some(s.club_id);
    Ok(Field {
        sim: s,
        organiser,
        first,
        heats: views,
        sheet,
        standings,
        travellers_visible,
        directs,
    })
}

// The field's and each heat's standings and travellers as their pages show them, read from
// `score`'s output here so that the pages are handed lines, not JSON to walk.

/// One line of a standings table.
pub struct StandingsRow {
    pub place: String,
    pub name: String,
    pub boards: String,
    pub matchpoints: String,
    pub percent: String,
}

/// One field of standings ("Majors", "Minors", or "All").
pub struct StandingsTable {
    pub title: String,
    pub rows: Vec<StandingsRow>,
}

/// A figure of `score`'s output as shown: a string as it is, a number as written, nothing
/// for null.
fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        v => v.to_string(),
    }
}

/// `score`'s standings rows, grouped by field ("N-S ♠♥", as the players call a Mitchell's
/// sides, or "All pairs") and named.
pub fn standings_tables(
    standings: &Value,
    sides: &SideNames,
    name: impl Fn(u32) -> String,
) -> Vec<StandingsTable> {
    let mut tables: Vec<StandingsTable> = Vec::new();
    let rows = standings["standings"].as_array().map_or(&[][..], |v| v);
    for r in rows {
        let title = match r["field"].as_str().unwrap_or("all") {
            "all" => "All pairs",
            field => sides.naming(field),
        };
        let text = |k: &str| text(&r[k]);
        let pair = r["pair"].as_u64().and_then(|p| u32::try_from(p).ok());
        // A pair none of whose boards was played at another table (a small heat's own
        // standings) has nothing to compare: no place, matchpoints or percentage.
        let compared = r["max"].as_f64().is_some_and(|m| m > 0.0);
        let shown = |v: String| if compared { v } else { NOT_COMPARED.into() };
        let row = StandingsRow {
            place: shown(text("place")),
            name: pair.map(&name).unwrap_or_default(),
            boards: text("boards"),
            matchpoints: shown(format!("{}/{}", text("matchpoints"), text("max"))),
            percent: shown(text("percent")),
        };
        match tables.iter_mut().find(|t| t.title == title) {
            Some(t) => t.rows.push(row),
            None => tables.push(StandingsTable {
                title: title.into(),
                rows: vec![row],
            }),
        }
    }
    tables
}

/// One result on a field traveller.
pub struct TravellerLine {
    pub club: String,
    pub majors: String,
    pub minors: String,
    pub net: String,
    pub mp_majors: String,
    pub mp_minors: String,
}

pub struct Traveller {
    pub board: u64,
    pub top: String,
    pub lines: Vec<TravellerLine>,
}

impl Field {
    /// Every board's results across the field, as its travellers show them.
    pub fn travellers(&self) -> Vec<Traveller> {
        let f = self;
        let boards = f.standings["boards"].as_array().map_or(&[][..], |v| v);
        boards
            .iter()
            .map(|b| Traveller {
                board: b["board"].as_u64().unwrap_or(0),
                top: text(&b["top"]),
                lines: b["results"]
                    .as_array()
                    .map_or(&[][..], |v| v)
                    .iter()
                    .map(|r| {
                        let field_pair = |k: &str| {
                            r[k].as_u64()
                                .and_then(|p| u32::try_from(p).ok())
                                .unwrap_or(0)
                        };
                        // Both pairs of a result are of one heat: the club says which.
                        let (heat, majors) = crate::event::sim::heat_pair(field_pair("majors"));
                        let (_, minors) = crate::event::sim::heat_pair(field_pair("minors"));
                        let h = f.heats.iter().find(|h| h.heat.heat == heat);
                        let name = |pair: u32| {
                            h.map(|h| format!("{pair} {}", h.names.of(pair)))
                                .unwrap_or_default()
                        };
                        let net = if r["adjusted"].is_object() {
                            format!(
                                "adjusted {} / {}",
                                text(&r["adjusted"]["majors"]),
                                text(&r["adjusted"]["minors"])
                            )
                        } else if r["net"].is_null() {
                            format!(
                                "{} / {}",
                                text(&r["scores"]["majors"]),
                                text(&r["scores"]["minors"])
                            )
                        } else {
                            text(&r["net"])
                        };
                        TravellerLine {
                            club: h.map(|h| h.heat.club_name.clone()).unwrap_or_default(),
                            majors: name(majors),
                            minors: name(minors),
                            net,
                            mp_majors: text(&r["mp"]["majors"]),
                            mp_minors: text(&r["mp"]["minors"]),
                        }
                    })
                    .collect(),
            })
            .collect()
    }
}
