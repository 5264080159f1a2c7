//! Writing an imported event (`event::export`): its rows as the file gives them, ids new,
//! everything else (timestamps included) as exported. The caller runs it in a transaction
//! with its own checks (`service::archive`).

use diesel::prelude::*;

use super::schema::{
    deal_commitments, entry_players, event_entries, event_games, event_movements, events,
    individual_options, individual_rounds, players, result_audit, results,
};
use super::{DbConnection, DbError};
use crate::event::export::PlayerJson;
use crate::event::import::ImportPlan;
use crate::event::table_report::Breakdown;
use crate::event::{ClubId, EventId};

fn to_json<T: serde::Serialize>(v: &T) -> Result<String, DbError> {
    serde_json::to_string(v).map_err(|e| DbError::Corrupt {
        what: "imported value",
        id: 0,
        problem: e.to_string(),
    })
}

/// The club's event with this deal commitment, if any: an event's identity across
/// instances (its key was drawn at random, so no two events share one).
pub fn event_with_commitment(
    conn: &mut DbConnection,
    club: ClubId,
    commitment: &str,
) -> Result<Option<EventId>, DbError> {
    Ok(events::table
        .filter(events::club_id.eq(club.get()))
        .filter(events::deal_commitment.eq(commitment))
        .select(events::id)
        .first::<i32>(conn)
        .optional()?
        .map(EventId::new))
}

/// The club's events with this name and date (for an event without a deal key).
pub fn event_with_name_and_date(
    conn: &mut DbConnection,
    club: ClubId,
    name: &str,
    date: chrono::NaiveDate,
) -> Result<Option<EventId>, DbError> {
    Ok(events::table
        .filter(events::club_id.eq(club.get()))
        .filter(events::name.eq(name))
        .filter(events::event_date.eq(date))
        .select(events::id)
        .first::<i32>(conn)
        .optional()?
        .map(EventId::new))
}

/// The roster player the file names: by membership number when it has one, else by exact
/// name; added to the roster when the club does not have them.
fn roster_player(conn: &mut DbConnection, club: ClubId, p: &PlayerJson) -> Result<i32, DbError> {
    let mut q = players::table
        .filter(players::club_id.eq(club.get()))
        .select(players::id)
        .into_boxed();
    q = match &p.membership_number {
        Some(n) => q.filter(players::membership_number.eq(n)),
        None => q.filter(players::name.eq(&p.name)),
    };
    if let Some(id) = q.first::<i32>(conn).optional()? {
        return Ok(id);
    }
    let now = super::now();
    Ok(diesel::insert_into(players::table)
        .values((
            players::club_id.eq(club.get()),
            players::name.eq(&p.name),
            players::membership_number.eq(&p.membership_number),
            players::archived.eq(false),
            players::created_at.eq(now),
            players::updated_at.eq(now),
        ))
        .returning(players::id)
        .get_result(conn)?)
}

/// Writes the event, its entries and players, movement or seatings, results and their audit
/// rows (its movement's changes are `movements::insert_changes`). Not a transaction of its
/// own: the caller's decides whether it stands.
pub fn insert_event(
    conn: &mut DbConnection,
    club: ClubId,
    p: &ImportPlan,
) -> Result<EventId, DbError> {
    let s = &p.settings;
    let id: i32 = diesel::insert_into(events::table)
        .values((
            events::club_id.eq(club.get()),
            // The settings' columns through the events' one mapping.
            super::events::SettingsColumns::from(s),
            events::status.eq(p.status.name()),
            events::deal_algorithm.eq(p.deal.as_ref().map(|d| d.algorithm.as_str())),
            events::deal_commitment.eq(p.deal.as_ref().map(|d| d.commitment.as_str())),
            events::deal_key.eq(p.deal.as_ref().map(|d| d.key_hex.as_str())),
            events::hand_records_released.eq(p.hand_records_released),
            events::created_at.eq(p.created_at),
            events::updated_at.eq(p.updated_at),
            events::current_round.eq(i32::try_from(p.current_round).unwrap_or(i32::MAX)),
            events::round_started_at.eq(p.round_started_at),
            events::finished_at.eq(p.finished_at),
        ))
        .returning(events::id)
        .get_result(conn)?;
    // The event is new: its game options' row is too (db files do not call each other).
    diesel::insert_into(event_games::table)
        .values((
            event_games::event_id.eq(id),
            event_games::fire_hands.eq(i32::from(s.fire_hands())),
            event_games::auction_setup.eq(s.auction_setup().word()),
        ))
        .execute(conn)?;
    // The public record of commitments, as the other instance showed it.
    for c in &p.commitments {
        diesel::insert_into(deal_commitments::table)
            .values((
                deal_commitments::event_id.eq(id),
                deal_commitments::algorithm.eq(&c.algorithm),
                deal_commitments::commitment.eq(&c.commitment),
                deal_commitments::deal_key.eq(&c.key_hex),
                deal_commitments::published_at.eq(c.published_at),
                deal_commitments::withdrawn_at.eq(c.withdrawn.as_ref().map(|w| w.at)),
                deal_commitments::withdrawn_reason.eq(c.withdrawn.as_ref().map(|w| &w.reason)),
            ))
            .execute(conn)?;
    }
    let mut entry_ids = std::collections::BTreeMap::new();
    for e in &p.entries {
        let round = |r: Option<u32>| r.map(|r| i32::try_from(r).unwrap_or(i32::MAX));
        let entry_id: i32 = diesel::insert_into(event_entries::table)
            .values((
                event_entries::event_id.eq(id),
                event_entries::number.eq(e.number),
                event_entries::name.eq(&e.name),
                event_entries::kind.eq(e.kind.name()),
                event_entries::created_at.eq(p.created_at),
                event_entries::joined_round.eq(round(e.joined_round)),
                event_entries::withdrawn_round.eq(round(e.withdrawn_round)),
            ))
            .returning(event_entries::id)
            .get_result(conn)?;
        entry_ids.insert(e.number, entry_id);
        for (position, player) in e.players.iter().enumerate() {
            let (player_id, guest) = if player.roster {
                (Some(roster_player(conn, club, player)?), None)
            } else {
                (None, Some(player.name.as_str()))
            };
            diesel::insert_into(entry_players::table)
                .values((
                    entry_players::entry_id.eq(entry_id),
                    entry_players::position.eq(i32::try_from(position).unwrap_or(i32::MAX)),
                    entry_players::player_id.eq(player_id),
                    entry_players::guest_name.eq(guest),
                ))
                .execute(conn)?;
        }
    }
    if let Some((options, plan)) = &p.movement {
        diesel::insert_into(event_movements::table)
            .values((
                event_movements::event_id.eq(id),
                event_movements::options.eq(to_json(options)?),
                event_movements::plan.eq(to_json(plan)?),
                event_movements::created_at.eq(p.created_at),
                event_movements::updated_at.eq(p.updated_at),
            ))
            .execute(conn)?;
    }
    if let Some((options, plan, rounds)) = &p.individual {
        diesel::insert_into(individual_options::table)
            .values((
                individual_options::event_id.eq(id),
                individual_options::options.eq(to_json(options)?),
                individual_options::plan.eq(to_json(plan)?),
                individual_options::created_at.eq(p.created_at),
                individual_options::updated_at.eq(p.updated_at),
            ))
            .execute(conn)?;
        for r in rounds {
            diesel::insert_into(individual_rounds::table)
                .values((
                    individual_rounds::event_id.eq(id),
                    individual_rounds::round.eq(i32::try_from(r.round()).unwrap_or(i32::MAX)),
                    individual_rounds::seating.eq(to_json(r)?),
                    individual_rounds::created_at.eq(p.created_at),
                ))
                .execute(conn)?;
        }
    }
    for r in &p.results {
        let entry = |n: Option<i32>| n.and_then(|n| entry_ids.get(&n).copied());
        let result_id: i32 = diesel::insert_into(results::table)
            .values((
                results::event_id.eq(id),
                results::round.eq(r.round),
                results::table_number.eq(r.table),
                results::board.eq(r.board),
                results::majors_entry_id.eq(entry(r.sides.majors)),
                results::minors_entry_id.eq(entry(r.sides.minors)),
                results::majors_score.eq(r.values.scores.majors),
                results::minors_score.eq(r.values.scores.minors),
                results::result_status.eq(r.values.status.name()),
                results::outcome.eq(r.values.outcome.name()),
                results::majors_adjusted.eq(r.values.adjusted.majors.map(|a| a.to_string())),
                results::minors_adjusted.eq(r.values.adjusted.minors.map(|a| a.to_string())),
                results::sheet.eq(r.values.report.text()),
                results::breakdown.eq(r.values.report.breakdown().map(Breakdown::text)),
                results::entered_by.eq(&r.entered_by),
                results::created_at.eq(r.created_at),
                results::updated_at.eq(r.updated_at),
            ))
            .returning(results::id)
            .get_result(conn)?;
        for a in &r.audit {
            diesel::insert_into(result_audit::table)
                .values((
                    result_audit::result_id.eq(result_id),
                    result_audit::changed_by.eq(&a.by),
                    result_audit::changed_at.eq(a.at),
                    result_audit::old_value.eq(a.old.as_ref().map(|v| v.json().to_string())),
                    result_audit::new_value.eq(a.new.json().to_string()),
                    result_audit::reason.eq(&a.reason),
                ))
                .execute(conn)?;
        }
    }
    Ok(EventId::new(id))
}
