//! Events: their settings (through one mapping to and from the columns), status, deal key,
//! the commitments they have shown, and release. Storage only: the lifecycle's acts are
//! `service::events`, which decides with `event::lifecycle` and writes through these.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use super::schema::{
    board_pars, board_rebuilds, deal_commitments, entry_players, event_entries, event_games,
    event_movements, event_paces, event_play, events, individual_options, individual_rounds,
    movement_changes, movement_rows, online_moves, practice_tables, round_clocks, seat_links,
    sim_heats, table_codes,
};
use super::{DbConnection, DbError, now};
use crate::engine::auction::SetupKind;
use crate::event::rounds::RoundState;
use crate::event::{
    ClubId, Count, DealKey, DirectorId, Event, EventId, EventSettings, EventStatus,
    PublishedCommitment, SettingsDraft, SimId, TrumpsDraft, Withdrawal,
};

#[derive(Queryable)]
struct EventRow {
    id: i32,
    club_id: i32,
    name: String,
    event_date: NaiveDate,
    format: String,
    variant: String,
    tables: i32,
    boards: i32,
    trick_rule: String,
    trumps: String,
    status: String,
    deal_algorithm: Option<String>,
    deal_commitment: Option<String>,
    deal_key: Option<String>,
    hand_records_released: bool,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
    current_round: i32,
    round_started_at: Option<NaiveDateTime>,
    correction_minutes: i32,
    finished_at: Option<NaiveDateTime>,
    scale: String,
    compare: String,
    game: String,
    hands: i32,
    packs: i32,
    /// Read with the row, used through [`event_version`].
    _version: i64,
    sim_id: Option<i32>,
    /// The round timing (issue #38): read by the room clock through `db::clocks::timing`
    /// (its own query), not through `Event`; here only so the row reads by position.
    _game_minutes: i32,
    _rebuild_minutes: i32,
    _move_minutes: i32,
    _clock_sound: bool,
}

/// The settings' columns: the one mapping from [`EventSettings`] to storage.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = events)]
pub(super) struct SettingsColumns {
    name: String,
    event_date: NaiveDate,
    format: &'static str,
    game: &'static str,
    variant: &'static str,
    tables: i32,
    boards: i32,
    trick_rule: &'static str,
    trumps: String,
    correction_minutes: i32,
    scale: &'static str,
    compare: &'static str,
    hands: i32,
    packs: i32,
}

impl From<&EventSettings> for SettingsColumns {
    fn from(s: &EventSettings) -> SettingsColumns {
        SettingsColumns {
            name: s.name().to_string(),
            event_date: s.date(),
            format: s.format().name(),
            game: s.game().name(),
            variant: s.variant().name(),
            tables: i32::from(s.tables()),
            boards: i32::from(s.boards()),
            trick_rule: s.trick_rule().name(),
            trumps: s.trumps().to_string(),
            correction_minutes: i32::from(s.correction_minutes()),
            scale: s.scale().name(),
            compare: s.compare().name(),
            hands: i32::from(s.hands()),
            packs: i32::from(s.packs()),
        }
    }
}

/// The event's row with its `event_games` row's fire hands (`None`: no row, read as 0,
/// which is blank: one fire hand for Embers) and Auction setup (`None`: no row, read as
/// none, as events stored before setups were played).
type EventRowGames = (EventRow, Option<i32>, Option<String>);

/// The event's columns and its game options, by a left join: what every event read loads.
macro_rules! events_with_games {
    () => {
        events::table.left_join(event_games::table).select((
            events::all_columns,
            event_games::fire_hands.nullable(),
            event_games::auction_setup.nullable(),
        ))
    };
}

/// The game options kept beside the event (`events` is at diesel's column limit), written
/// with its settings on the same connection.
fn store_games(conn: &mut DbConnection, id: EventId, s: &EventSettings) -> Result<(), DbError> {
    let fire = i32::from(s.fire_hands());
    let setup = s.auction_setup().word();
    // Update, else insert (the two backends share no upsert through diesel's MultiBackend);
    // the caller's connection, so the caller's transaction, holds both.
    let updated = diesel::update(event_games::table.find(id.get()))
        .set((
            event_games::fire_hands.eq(fire),
            event_games::auction_setup.eq(setup),
        ))
        .execute(conn)?;
    if updated == 0 {
        diesel::insert_into(event_games::table)
            .values((
                event_games::event_id.eq(id.get()),
                event_games::fire_hands.eq(fire),
                event_games::auction_setup.eq(setup),
            ))
            .execute(conn)?;
    }
    Ok(())
}

fn into_event((row, fire_hands, setup): EventRowGames) -> Result<Event, DbError> {
    let setup = setup.unwrap_or_else(|| SetupKind::None.word().to_string());
    row.into_event(fire_hands.unwrap_or(0), setup)
}

impl EventRow {
    /// ... and back, through the same validation as any other input: a row that no longer
    /// parses is reported, not guessed at.
    fn into_event(self, fire_hands: i32, auction_setup: String) -> Result<Event, DbError> {
        let corrupt = |problem: String| DbError::Corrupt {
            what: "event",
            id: self.id,
            problem,
        };
        let draft = SettingsDraft {
            name: self.name.clone(),
            date: self.event_date.format("%Y-%m-%d").to_string(),
            format: self.format.clone(),
            game: self.game.clone(),
            variant: self.variant.clone(),
            tables: Count::Number(i64::from(self.tables)),
            boards: Count::Number(i64::from(self.boards)),
            trick_rule: self.trick_rule.clone(),
            trumps: TrumpsDraft::Text(self.trumps.clone()),
            correction_minutes: Count::Number(i64::from(self.correction_minutes)),
            scale: self.scale.clone(),
            compare: self.compare.clone(),
            hands: Count::Number(i64::from(self.hands)),
            packs: Count::Number(i64::from(self.packs)),
            fire_hands: Count::Number(i64::from(fire_hands)),
            auction_setup,
        };
        let settings = EventSettings::parse(&draft).map_err(|e| corrupt(e.to_string()))?;
        let status: EventStatus = self.status.parse().map_err(|e| corrupt(format!("{e}")))?;
        let deal = match (self.deal_algorithm, self.deal_key, self.deal_commitment) {
            (Some(algorithm), Some(key_hex), Some(commitment)) => Some(DealKey {
                algorithm,
                key_hex,
                commitment,
            }),
            (None, None, None) => None,
            _ => return Err(corrupt("a deal key without its commitment".into())),
        };
        Ok(Event {
            id: EventId::new(self.id),
            club_id: ClubId::new(self.club_id),
            settings,
            status,
            deal,
            hand_records_released: self.hand_records_released,
            round: RoundState {
                current: u32::try_from(self.current_round).unwrap_or(0),
                started_at: self.round_started_at,
                // Read with the event by the service where a page shows lateness.
                clock: None,
            },
            finished_at: self.finished_at,
            created_at: self.created_at,
            updated_at: self.updated_at,
            sim: self.sim_id.map(SimId::new),
        })
    }
}

fn load(rows: Vec<EventRowGames>) -> Result<Vec<Event>, DbError> {
    rows.into_iter().map(into_event).collect()
}

pub fn events_of(conn: &mut DbConnection, club: ClubId) -> Result<Vec<Event>, DbError> {
    load(
        events_with_games!()
            .filter(events::club_id.eq(club.get()))
            .order((events::event_date.desc(), events::id.desc()))
            .load(conn)?,
    )
}

pub fn event(conn: &mut DbConnection, club: ClubId, id: EventId) -> Result<Option<Event>, DbError> {
    events_with_games!()
        .filter(events::id.eq(id.get()))
        .filter(events::club_id.eq(club.get()))
        .first::<EventRowGames>(conn)
        .optional()?
        .map(into_event)
        .transpose()
}

/// An event of any club, by id alone: only for what anyone may see of it, so the caller
/// must apply the visibility rule (`Event::exposure`) before showing anything.
pub fn public_event(conn: &mut DbConnection, id: EventId) -> Result<Option<Event>, DbError> {
    events_with_games!()
        .filter(events::id.eq(id.get()))
        .first::<EventRowGames>(conn)
        .optional()?
        .map(into_event)
        .transpose()
}

/// Every event with a deal key of every club, newest first, but cancelled ones, with its
/// version: what the robot par's background analysis looks through.
pub fn keyed_versions(conn: &mut DbConnection) -> Result<Vec<(EventId, i64)>, DbError> {
    let rows: Vec<(i32, i64)> = events::table
        .filter(events::deal_key.is_not_null())
        .filter(events::status.ne(EventStatus::Cancelled.name()))
        .order(events::id.desc())
        .select((events::id, events::version))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(id, v)| (EventId::new(id), v))
        .collect())
}

pub fn create_event(
    conn: &mut DbConnection,
    club: ClubId,
    settings: &EventSettings,
) -> Result<Event, DbError> {
    let now = now();
    let id: i32 = diesel::insert_into(events::table)
        .values((
            SettingsColumns::from(settings),
            events::club_id.eq(club.get()),
            events::status.eq(EventStatus::Draft.name()),
            events::hand_records_released.eq(false),
            events::created_at.eq(now),
            events::updated_at.eq(now),
        ))
        .returning(events::id)
        .get_result(conn)?;
    store_games(conn, EventId::new(id), settings)?;
    event(conn, club, EventId::new(id))?.ok_or(DbError::Query(diesel::result::Error::NotFound))
}

/// Stores the event's settings (a draft's form, or the movement's number of boards),
/// through the one column mapping.
pub fn update_settings(
    conn: &mut DbConnection,
    id: EventId,
    settings: &EventSettings,
) -> Result<(), DbError> {
    diesel::update(events::table.find(id.get()))
        .set((
            SettingsColumns::from(settings),
            events::updated_at.eq(now()),
        ))
        .execute(conn)?;
    store_games(conn, id, settings)?;
    Ok(())
}

pub fn store_key(conn: &mut DbConnection, id: EventId, key: &DealKey) -> Result<(), DbError> {
    diesel::update(events::table.find(id.get()))
        .set((
            events::deal_algorithm.eq(&key.algorithm),
            events::deal_key.eq(&key.key_hex),
            events::deal_commitment.eq(&key.commitment),
            events::updated_at.eq(now()),
        ))
        .execute(conn)?;
    Ok(())
}

/// Records that the public page now shows this commitment (once per commitment).
pub fn publish(conn: &mut DbConnection, id: EventId, key: &DealKey) -> Result<(), DbError> {
    let shown: i64 = deal_commitments::table
        .filter(deal_commitments::event_id.eq(id.get()))
        .filter(deal_commitments::commitment.eq(&key.commitment))
        .count()
        .get_result(conn)?;
    if shown == 0 {
        diesel::insert_into(deal_commitments::table)
            .values((
                deal_commitments::event_id.eq(id.get()),
                deal_commitments::algorithm.eq(&key.algorithm),
                deal_commitments::commitment.eq(&key.commitment),
                deal_commitments::deal_key.eq(&key.key_hex),
                deal_commitments::published_at.eq(now()),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// Whether this commitment is on the public record and not withdrawn.
pub fn is_published(
    conn: &mut DbConnection,
    id: EventId,
    commitment: &str,
) -> Result<bool, DbError> {
    let n: i64 = deal_commitments::table
        .filter(deal_commitments::event_id.eq(id.get()))
        .filter(deal_commitments::commitment.eq(commitment))
        .filter(deal_commitments::withdrawn_at.is_null())
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

/// Whether the event ever showed a commitment (withdrawn ones count).
pub fn ever_public(conn: &mut DbConnection, id: EventId) -> Result<bool, DbError> {
    let n: i64 = deal_commitments::table
        .filter(deal_commitments::event_id.eq(id.get()))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

/// Marks a public commitment withdrawn, with the director's reason.
pub fn withdraw_commitment(
    conn: &mut DbConnection,
    id: EventId,
    commitment: &str,
    reason: &str,
    by: DirectorId,
) -> Result<(), DbError> {
    diesel::update(
        deal_commitments::table
            .filter(deal_commitments::event_id.eq(id.get()))
            .filter(deal_commitments::commitment.eq(commitment)),
    )
    .set((
        deal_commitments::withdrawn_at.eq(now()),
        deal_commitments::withdrawn_reason.eq(reason),
        deal_commitments::withdrawn_by.eq(by.get()),
    ))
    .execute(conn)?;
    Ok(())
}

/// Stores the status `to` (with the moment play finished), only while the row still has
/// `from`: false when another change got there first.
pub fn set_status(
    conn: &mut DbConnection,
    id: EventId,
    from: EventStatus,
    to: EventStatus,
    finished_at: Option<NaiveDateTime>,
    at: NaiveDateTime,
) -> Result<bool, DbError> {
    let n = diesel::update(
        events::table
            .filter(events::id.eq(id.get()))
            .filter(events::status.eq(from.name())),
    )
    .set((
        events::status.eq(to.name()),
        events::finished_at.eq(finished_at),
        events::updated_at.eq(at),
    ))
    .execute(conn)?;
    Ok(n == 1)
}

/// Moves the event from round `from` to round `to`, starting it now, only while the row is
/// still at `from`: false when another start got there first.
pub fn set_current_round(
    conn: &mut DbConnection,
    id: EventId,
    from: u32,
    to: u32,
) -> Result<bool, DbError> {
    let moved = diesel::update(
        events::table
            .find(id.get())
            .filter(events::current_round.eq(from as i32)),
    )
    .set((
        events::current_round.eq(to as i32),
        events::round_started_at.eq(now()),
    ))
    .execute(conn)?;
    Ok(moved == 1)
}

/// The event's version (one primary-key read): the database's triggers move it on with
/// every write to the event's rows, in the writer's transaction. None: no such event.
pub fn event_version(conn: &mut DbConnection, id: EventId) -> Result<Option<i64>, DbError> {
    Ok(events::table
        .find(id.get())
        .select(events::version)
        .first::<i64>(conn)
        .optional()?)
}

pub fn set_released(conn: &mut DbConnection, id: EventId) -> Result<(), DbError> {
    diesel::update(events::table.find(id.get()))
        .set((
            events::hand_records_released.eq(true),
            events::updated_at.eq(now()),
        ))
        .execute(conn)?;
    Ok(())
}

/// Deletes the event and every row that hangs on it but results and commitments (the
/// delete rule keeps an event that has either).
pub fn delete_event(conn: &mut DbConnection, id: EventId) -> Result<(), DbError> {
    diesel::delete(sim_heats::table.find(id.get())).execute(conn)?;
    let entries = event_entries::table
        .filter(event_entries::event_id.eq(id.get()))
        .select(event_entries::id);
    diesel::delete(entry_players::table.filter(entry_players::entry_id.eq_any(entries)))
        .execute(conn)?;
    diesel::delete(movement_rows::table.filter(movement_rows::event_id.eq(id.get())))
        .execute(conn)?;
    diesel::delete(event_movements::table.filter(event_movements::event_id.eq(id.get())))
        .execute(conn)?;
    diesel::delete(table_codes::table.filter(table_codes::event_id.eq(id.get()))).execute(conn)?;
    diesel::delete(board_pars::table.filter(board_pars::event_id.eq(id.get()))).execute(conn)?;
    diesel::delete(round_clocks::table.filter(round_clocks::event_id.eq(id.get())))
        .execute(conn)?;
    diesel::delete(board_rebuilds::table.filter(board_rebuilds::event_id.eq(id.get())))
        .execute(conn)?;
    diesel::delete(event_paces::table.find(id.get())).execute(conn)?;
    diesel::delete(online_moves::table.filter(online_moves::event_id.eq(id.get())))
        .execute(conn)?;
    {
        use super::schema::duet_choices;
        diesel::delete(duet_choices::table.filter(duet_choices::event_id.eq(id.get())))
            .execute(conn)?;
    }
    diesel::delete(seat_links::table.filter(seat_links::event_id.eq(id.get()))).execute(conn)?;
    diesel::delete(practice_tables::table.filter(practice_tables::event_id.eq(id.get())))
        .execute(conn)?;
    diesel::delete(event_play::table.find(id.get())).execute(conn)?;
    diesel::delete(event_games::table.find(id.get())).execute(conn)?;
    // A draft has none of these, unless a file put them there: every row goes.
    diesel::delete(movement_changes::table.filter(movement_changes::event_id.eq(id.get())))
        .execute(conn)?;
    diesel::delete(individual_rounds::table.filter(individual_rounds::event_id.eq(id.get())))
        .execute(conn)?;
    diesel::delete(individual_options::table.filter(individual_options::event_id.eq(id.get())))
        .execute(conn)?;
    diesel::delete(event_entries::table.filter(event_entries::event_id.eq(id.get())))
        .execute(conn)?;
    diesel::delete(events::table.find(id.get())).execute(conn)?;
    Ok(())
}

#[derive(Queryable)]
struct CommitmentRow {
    _id: i32,
    _event_id: i32,
    algorithm: String,
    commitment: String,
    deal_key: String,
    published_at: NaiveDateTime,
    withdrawn_at: Option<NaiveDateTime>,
    withdrawn_reason: Option<String>,
    _withdrawn_by: Option<i32>,
}

/// Every commitment the event has shown, oldest first.
pub fn commitments_of(
    conn: &mut DbConnection,
    club: ClubId,
    id: EventId,
) -> Result<Vec<PublishedCommitment>, DbError> {
    let rows: Vec<CommitmentRow> = deal_commitments::table
        .inner_join(events::table)
        .filter(events::club_id.eq(club.get()))
        .filter(deal_commitments::event_id.eq(id.get()))
        .order(deal_commitments::id.asc())
        .select(deal_commitments::all_columns)
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|r| PublishedCommitment {
            algorithm: r.algorithm,
            commitment: r.commitment,
            key_hex: r.deal_key,
            published_at: r.published_at,
            withdrawn: r.withdrawn_at.map(|at| Withdrawal {
                at,
                reason: r.withdrawn_reason.unwrap_or_default(),
            }),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use crate::event::club::Role;
    use crate::event::entries::EntryKind;
    use crate::event::results::{BoardOutcome, ResultStatus};
    use crate::event::{EventFormat, EventStatus};
    use crate::scoring::sheet::{Compare, Scale};

    /// The values a column's newest CHECK constraint allows, across both backends'
    /// migrations (a later migration's list replaces an earlier one).
    fn check_list(column: &str) -> Vec<Vec<String>> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
        let mut per_backend = Vec::new();
        for backend in ["sqlite", "postgres"] {
            let mut dirs: Vec<_> = std::fs::read_dir(root.join(backend))
                .unwrap()
                .map(|e| e.unwrap().path())
                .collect();
            dirs.sort();
            let needle = format!("CHECK ({column} IN (");
            let mut last = None;
            for d in dirs {
                let sql = std::fs::read_to_string(d.join("up.sql")).unwrap();
                for (i, _) in sql.match_indices(&needle) {
                    let rest = &sql[i + needle.len()..];
                    let list = &rest[..rest.find(')').unwrap()];
                    last = Some(
                        list.split(',')
                            .map(|v| v.trim().trim_matches('\'').to_string())
                            .collect::<Vec<_>>(),
                    );
                }
            }
            per_backend.push(last.unwrap_or_else(|| panic!("no CHECK on {column} in {backend}")));
        }
        per_backend
    }

    #[test]
    fn sql_check_lists_equal_the_enums() {
        let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let statuses: Vec<&str> = EventStatus::ALL.iter().map(|s| s.name()).collect();
        let formats: Vec<&str> = EventFormat::ALL.iter().map(|s| s.name()).collect();
        let roles: Vec<&str> = Role::ALL.iter().map(|s| s.name()).collect();
        for list in check_list("status") {
            assert_eq!(list, names(&statuses));
        }
        for list in check_list("format") {
            assert_eq!(list, names(&formats));
        }
        for list in check_list("role") {
            assert_eq!(list, names(&roles));
        }
        let kinds: Vec<&str> = EntryKind::ALL.iter().map(|k| k.name()).collect();
        for list in check_list("kind") {
            assert_eq!(list, names(&kinds));
        }
        let result_statuses: Vec<&str> = ResultStatus::ALL.iter().map(|s| s.name()).collect();
        for list in check_list("result_status") {
            assert_eq!(list, names(&result_statuses));
        }
        let outcomes: Vec<&str> = BoardOutcome::ALL.iter().map(|s| s.name()).collect();
        for list in check_list("outcome") {
            assert_eq!(list, names(&outcomes));
        }
        let scales: Vec<&str> = Scale::ALL.iter().map(|s| s.name()).collect();
        for list in check_list("scale") {
            assert_eq!(list, names(&scales));
        }
        let compares: Vec<&str> = Compare::ALL.iter().map(|c| c.name()).collect();
        for list in check_list("compare") {
            assert_eq!(list, names(&compares));
        }
    }
}
