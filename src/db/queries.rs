//! Every query the web service runs. Each takes the club it acts for, so one club's rows
//! are never read or changed on behalf of another.

use chrono::{Duration, NaiveDateTime, Utc};
use diesel::prelude::*;

use super::models::*;
use super::schema::*;
use super::{DbConnection, is_unique_violation};

type QResult<T> = Result<T, diesel::result::Error>;

pub fn now() -> NaiveDateTime {
    Utc::now().naive_utc()
}

// ---- settings ----

/// Reads a shared setting, creating it with `make()` the first time. When two processes
/// race, the loser's insert fails on the key and it reads the winner's value.
pub fn setting_or_insert(
    conn: &mut DbConnection,
    key: &str,
    make: impl FnOnce() -> String,
) -> QResult<String> {
    let read = |conn: &mut DbConnection| {
        app_settings::table
            .filter(app_settings::name.eq(key))
            .select(app_settings::value)
            .first::<String>(conn)
            .optional()
    };
    if let Some(v) = read(conn)? {
        return Ok(v);
    }
    match diesel::insert_into(app_settings::table)
        .values((app_settings::name.eq(key), app_settings::value.eq(make())))
        .execute(conn)
    {
        Ok(_) => {}
        Err(e) if is_unique_violation(&e) => {}
        Err(e) => return Err(e),
    }
    read(conn)?.ok_or(diesel::result::Error::NotFound)
}

// ---- setup ----

pub fn count_directors(conn: &mut DbConnection) -> QResult<i64> {
    directors::table.count().get_result(conn)
}

pub fn insert_setup_token(
    conn: &mut DbConnection,
    token_hash: &str,
    valid_for: Duration,
) -> QResult<()> {
    let now = now();
    diesel::insert_into(setup_tokens::table)
        .values((
            setup_tokens::token_hash.eq(token_hash),
            setup_tokens::created_at.eq(now),
            setup_tokens::expires_at.eq(now + valid_for),
        ))
        .execute(conn)
        .map(|_| ())
}

pub fn setup_token_valid(conn: &mut DbConnection, token_hash: &str) -> QResult<bool> {
    let n: i64 = setup_tokens::table
        .filter(setup_tokens::token_hash.eq(token_hash))
        .filter(setup_tokens::used_at.is_null())
        .filter(setup_tokens::expires_at.gt(now()))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

#[derive(Debug)]
pub enum CreateError {
    TokenInvalid,
    SlugTaken,
    EmailTaken,
    Db(diesel::result::Error),
}

impl From<diesel::result::Error> for CreateError {
    fn from(e: diesel::result::Error) -> Self {
        CreateError::Db(e)
    }
}

pub struct NewDirector<'a> {
    pub email: &'a str,
    pub name: &'a str,
    pub password_hash: &'a str,
}

fn email_taken(conn: &mut DbConnection, email: &str) -> QResult<bool> {
    let n: i64 = directors::table
        .filter(directors::email.eq(email))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

fn insert_director(
    conn: &mut DbConnection,
    club_id: i32,
    d: &NewDirector,
    role: &str,
) -> Result<i32, CreateError> {
    if email_taken(conn, d.email)? {
        return Err(CreateError::EmailTaken);
    }
    diesel::insert_into(directors::table)
        .values((
            directors::club_id.eq(club_id),
            directors::email.eq(d.email),
            directors::name.eq(d.name),
            directors::password_hash.eq(d.password_hash),
            directors::role.eq(role),
            directors::created_at.eq(now()),
        ))
        .returning(directors::id)
        .get_result(conn)
        .map_err(|e| {
            if is_unique_violation(&e) {
                CreateError::EmailTaken
            } else {
                CreateError::Db(e)
            }
        })
}

/// Uses up a setup token and creates the club and its owner, all or nothing.
pub fn setup_club(
    conn: &mut DbConnection,
    token_hash: &str,
    slug: &str,
    club_name: &str,
    owner: &NewDirector,
) -> Result<Club, CreateError> {
    conn.transaction(|conn| {
        let now = now();
        let used = diesel::update(
            setup_tokens::table
                .filter(setup_tokens::token_hash.eq(token_hash))
                .filter(setup_tokens::used_at.is_null())
                .filter(setup_tokens::expires_at.gt(now)),
        )
        .set(setup_tokens::used_at.eq(now))
        .execute(conn)?;
        if used != 1 {
            return Err(CreateError::TokenInvalid);
        }
        let taken: i64 = clubs::table
            .filter(clubs::slug.eq(slug))
            .count()
            .get_result(conn)?;
        if taken > 0 {
            return Err(CreateError::SlugTaken);
        }
        let club_id: i32 = diesel::insert_into(clubs::table)
            .values((
                clubs::slug.eq(slug),
                clubs::name.eq(club_name),
                clubs::created_at.eq(now),
            ))
            .returning(clubs::id)
            .get_result(conn)
            .map_err(|e| {
                if is_unique_violation(&e) {
                    CreateError::SlugTaken
                } else {
                    CreateError::Db(e)
                }
            })?;
        insert_director(conn, club_id, owner, ROLE_OWNER)?;
        Ok(clubs::table.find(club_id).first::<Club>(conn)?)
    })
}

// ---- clubs and directors ----

pub fn club_by_slug(conn: &mut DbConnection, slug: &str) -> QResult<Option<Club>> {
    clubs::table
        .filter(clubs::slug.eq(slug))
        .first(conn)
        .optional()
}

pub fn club_by_id(conn: &mut DbConnection, id: i32) -> QResult<Club> {
    clubs::table.find(id).first(conn)
}

pub fn all_clubs(conn: &mut DbConnection) -> QResult<Vec<Club>> {
    clubs::table.order(clubs::name.asc()).load(conn)
}

pub fn director_by_email(conn: &mut DbConnection, email: &str) -> QResult<Option<Director>> {
    directors::table
        .filter(directors::email.eq(email))
        .first(conn)
        .optional()
}

pub fn directors_of_club(conn: &mut DbConnection, club_id: i32) -> QResult<Vec<Director>> {
    directors::table
        .filter(directors::club_id.eq(club_id))
        .order(directors::name.asc())
        .load(conn)
}

pub fn create_login_session(
    conn: &mut DbConnection,
    director_id: i32,
    token_hash: &str,
    valid_for: Duration,
) -> QResult<()> {
    let now = now();
    diesel::insert_into(login_sessions::table)
        .values((
            login_sessions::token_hash.eq(token_hash),
            login_sessions::director_id.eq(director_id),
            login_sessions::created_at.eq(now),
            login_sessions::expires_at.eq(now + valid_for),
        ))
        .execute(conn)
        .map(|_| ())
}

/// The director and club behind a live (unexpired, unrevoked) login session.
pub fn director_for_session(
    conn: &mut DbConnection,
    token_hash: &str,
) -> QResult<Option<(Director, Club)>> {
    login_sessions::table
        .inner_join(directors::table.inner_join(clubs::table))
        .filter(login_sessions::token_hash.eq(token_hash))
        .filter(login_sessions::revoked_at.is_null())
        .filter(login_sessions::expires_at.gt(now()))
        .select((directors::all_columns, clubs::all_columns))
        .first(conn)
        .optional()
}

pub fn revoke_login_session(conn: &mut DbConnection, token_hash: &str) -> QResult<()> {
    diesel::update(login_sessions::table.filter(login_sessions::token_hash.eq(token_hash)))
        .set(login_sessions::revoked_at.eq(now()))
        .execute(conn)
        .map(|_| ())
}

// ---- login rate limiting ----

pub fn record_login_attempt(
    conn: &mut DbConnection,
    email: &str,
    ip: &str,
    ok: bool,
) -> QResult<()> {
    diesel::insert_into(login_attempts::table)
        .values((
            login_attempts::email.eq(email),
            login_attempts::ip.eq(ip),
            login_attempts::attempted_at.eq(now()),
            login_attempts::ok.eq(ok),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Failed attempts since `since`, for this email and for this IP.
pub fn recent_failures(
    conn: &mut DbConnection,
    email: &str,
    ip: &str,
    since: NaiveDateTime,
) -> QResult<(i64, i64)> {
    let by_email = login_attempts::table
        .filter(login_attempts::email.eq(email))
        .filter(login_attempts::ok.eq(false))
        .filter(login_attempts::attempted_at.gt(since))
        .count()
        .get_result(conn)?;
    let by_ip = login_attempts::table
        .filter(login_attempts::ip.eq(ip))
        .filter(login_attempts::ok.eq(false))
        .filter(login_attempts::attempted_at.gt(since))
        .count()
        .get_result(conn)?;
    Ok((by_email, by_ip))
}

// ---- invites ----

pub fn create_invite(
    conn: &mut DbConnection,
    club_id: i32,
    email: &str,
    created_by: i32,
    token_hash: &str,
    valid_for: Duration,
) -> QResult<()> {
    let now = now();
    diesel::insert_into(invites::table)
        .values((
            invites::token_hash.eq(token_hash),
            invites::club_id.eq(club_id),
            invites::email.eq(email),
            invites::created_by.eq(created_by),
            invites::created_at.eq(now),
            invites::expires_at.eq(now + valid_for),
        ))
        .execute(conn)
        .map(|_| ())
}

/// An unused, unexpired invite and its club.
pub fn open_invite(conn: &mut DbConnection, token_hash: &str) -> QResult<Option<(Invite, Club)>> {
    invites::table
        .inner_join(clubs::table)
        .filter(invites::token_hash.eq(token_hash))
        .filter(invites::used_at.is_null())
        .filter(invites::expires_at.gt(now()))
        .select((invites::all_columns, clubs::all_columns))
        .first(conn)
        .optional()
}

pub fn pending_invites(conn: &mut DbConnection, club_id: i32) -> QResult<Vec<Invite>> {
    invites::table
        .filter(invites::club_id.eq(club_id))
        .filter(invites::used_at.is_null())
        .filter(invites::expires_at.gt(now()))
        .order(invites::created_at.desc())
        .load(conn)
}

/// Uses up an invite and creates the director it was for, all or nothing.
pub fn accept_invite(
    conn: &mut DbConnection,
    token_hash: &str,
    name: &str,
    password_hash: &str,
) -> Result<Club, CreateError> {
    conn.transaction(|conn| {
        let (invite, club) = open_invite(conn, token_hash)?.ok_or(CreateError::TokenInvalid)?;
        let used = diesel::update(
            invites::table
                .filter(invites::id.eq(invite.id))
                .filter(invites::used_at.is_null()),
        )
        .set(invites::used_at.eq(now()))
        .execute(conn)?;
        if used != 1 {
            return Err(CreateError::TokenInvalid);
        }
        let d = NewDirector {
            email: &invite.email,
            name,
            password_hash,
        };
        insert_director(conn, club.id, &d, ROLE_DIRECTOR)?;
        Ok(club)
    })
}

// ---- API tokens ----

pub fn create_api_token(
    conn: &mut DbConnection,
    director_id: i32,
    name: &str,
    token_hash: &str,
) -> QResult<i32> {
    diesel::insert_into(api_tokens::table)
        .values((
            api_tokens::director_id.eq(director_id),
            api_tokens::name.eq(name),
            api_tokens::token_hash.eq(token_hash),
            api_tokens::created_at.eq(now()),
        ))
        .returning(api_tokens::id)
        .get_result(conn)
}

pub fn api_tokens_of(conn: &mut DbConnection, director_id: i32) -> QResult<Vec<ApiToken>> {
    api_tokens::table
        .filter(api_tokens::director_id.eq(director_id))
        .order(api_tokens::created_at.desc())
        .load(conn)
}

/// Revokes one of the director's own tokens; false if there is no such token of theirs.
pub fn revoke_api_token(conn: &mut DbConnection, director_id: i32, id: i32) -> QResult<bool> {
    let n = diesel::update(
        api_tokens::table
            .filter(api_tokens::id.eq(id))
            .filter(api_tokens::director_id.eq(director_id)),
    )
    .set(api_tokens::revoked_at.eq(now()))
    .execute(conn)?;
    Ok(n == 1)
}

/// The director and club behind an unrevoked API token; records its use.
pub fn director_for_api_token(
    conn: &mut DbConnection,
    token_hash: &str,
) -> QResult<Option<(Director, Club)>> {
    let found: Option<(i32, Director, Club)> = api_tokens::table
        .inner_join(directors::table.inner_join(clubs::table))
        .filter(api_tokens::token_hash.eq(token_hash))
        .filter(api_tokens::revoked_at.is_null())
        .select((api_tokens::id, directors::all_columns, clubs::all_columns))
        .first(conn)
        .optional()?;
    Ok(match found {
        Some((id, d, c)) => {
            diesel::update(api_tokens::table.find(id))
                .set(api_tokens::last_used_at.eq(now()))
                .execute(conn)?;
            Some((d, c))
        }
        None => None,
    })
}

// ---- players ----

pub fn players_of(
    conn: &mut DbConnection,
    club_id: i32,
    include_archived: bool,
) -> QResult<Vec<Player>> {
    let mut q = players::table
        .filter(players::club_id.eq(club_id))
        .order((players::archived.asc(), players::name.asc()))
        .into_boxed();
    if !include_archived {
        q = q.filter(players::archived.eq(false));
    }
    q.load(conn)
}

pub fn player(conn: &mut DbConnection, club_id: i32, id: i32) -> QResult<Option<Player>> {
    players::table
        .filter(players::id.eq(id))
        .filter(players::club_id.eq(club_id))
        .first(conn)
        .optional()
}

#[derive(Debug)]
pub enum PlayerError {
    MembershipTaken,
    NotFound,
    Db(diesel::result::Error),
}

impl From<diesel::result::Error> for PlayerError {
    fn from(e: diesel::result::Error) -> Self {
        if is_unique_violation(&e) {
            PlayerError::MembershipTaken
        } else {
            PlayerError::Db(e)
        }
    }
}

pub fn create_player(
    conn: &mut DbConnection,
    club_id: i32,
    f: &PlayerFields,
) -> Result<Player, PlayerError> {
    let now = now();
    let id: i32 = diesel::insert_into(players::table)
        .values((
            players::club_id.eq(club_id),
            players::name.eq(&f.name),
            players::membership_number.eq(&f.membership_number),
            players::archived.eq(false),
            players::created_at.eq(now),
            players::updated_at.eq(now),
        ))
        .returning(players::id)
        .get_result(conn)?;
    player(conn, club_id, id)?.ok_or(PlayerError::NotFound)
}

pub fn update_player(
    conn: &mut DbConnection,
    club_id: i32,
    id: i32,
    f: &PlayerFields,
    archived: Option<bool>,
) -> Result<Player, PlayerError> {
    let target = players::table
        .filter(players::id.eq(id))
        .filter(players::club_id.eq(club_id));
    let n = diesel::update(target)
        .set((
            players::name.eq(&f.name),
            players::membership_number.eq(&f.membership_number),
            players::updated_at.eq(now()),
        ))
        .execute(conn)?;
    if n != 1 {
        return Err(PlayerError::NotFound);
    }
    if let Some(a) = archived {
        diesel::update(target)
            .set(players::archived.eq(a))
            .execute(conn)?;
    }
    player(conn, club_id, id)?.ok_or(PlayerError::NotFound)
}

pub fn set_player_archived(
    conn: &mut DbConnection,
    club_id: i32,
    id: i32,
    archived: bool,
) -> QResult<bool> {
    let n = diesel::update(
        players::table
            .filter(players::id.eq(id))
            .filter(players::club_id.eq(club_id)),
    )
    .set((
        players::archived.eq(archived),
        players::updated_at.eq(now()),
    ))
    .execute(conn)?;
    Ok(n == 1)
}

// ---- events ----

pub const STATUS_DRAFT: &str = "draft";

pub fn events_of(conn: &mut DbConnection, club_id: i32) -> QResult<Vec<Event>> {
    events::table
        .filter(events::club_id.eq(club_id))
        .order((events::event_date.desc(), events::id.desc()))
        .load(conn)
}

pub fn event(conn: &mut DbConnection, club_id: i32, id: i32) -> QResult<Option<Event>> {
    events::table
        .filter(events::id.eq(id))
        .filter(events::club_id.eq(club_id))
        .first(conn)
        .optional()
}

pub fn create_event(conn: &mut DbConnection, club_id: i32, f: &EventFields) -> QResult<Event> {
    let now = now();
    let id: i32 = diesel::insert_into(events::table)
        .values((
            events::club_id.eq(club_id),
            events::name.eq(&f.name),
            events::event_date.eq(f.event_date),
            events::format.eq(&f.format),
            events::variant.eq(&f.variant),
            events::tables.eq(f.tables),
            events::boards.eq(f.boards),
            events::trick_rule.eq(&f.trick_rule),
            events::trumps.eq(&f.trumps),
            events::status.eq(STATUS_DRAFT),
            events::hand_records_released.eq(false),
            events::created_at.eq(now),
            events::updated_at.eq(now),
        ))
        .returning(events::id)
        .get_result(conn)?;
    events::table.find(id).first(conn)
}

/// Changes a draft's fields; false when the event is not (or no longer) a draft of this club.
pub fn update_draft_event(
    conn: &mut DbConnection,
    club_id: i32,
    id: i32,
    f: &EventFields,
) -> QResult<bool> {
    let n = diesel::update(
        events::table
            .filter(events::id.eq(id))
            .filter(events::club_id.eq(club_id))
            .filter(events::status.eq(STATUS_DRAFT)),
    )
    .set((
        events::name.eq(&f.name),
        events::event_date.eq(f.event_date),
        events::format.eq(&f.format),
        events::variant.eq(&f.variant),
        events::tables.eq(f.tables),
        events::boards.eq(f.boards),
        events::trick_rule.eq(&f.trick_rule),
        events::trumps.eq(&f.trumps),
        events::updated_at.eq(now()),
    ))
    .execute(conn)?;
    Ok(n == 1)
}

/// Moves an event from `from` to `to` status; false if it was not in `from` (a concurrent
/// change, or a stale form). Leaving draft needs a deal key: `new_key` is stored if the
/// event has none yet.
pub fn change_status(
    conn: &mut DbConnection,
    club_id: i32,
    id: i32,
    from: &str,
    to: &str,
    new_key: &DealKey,
) -> QResult<bool> {
    conn.transaction(|conn| {
        let Some(ev) = event(conn, club_id, id)? else {
            return Ok(false);
        };
        if ev.status != from {
            return Ok(false);
        }
        if ev.deal_key.is_none() && to != STATUS_DRAFT {
            store_key(conn, id, new_key)?;
        }
        let n = diesel::update(
            events::table
                .filter(events::id.eq(id))
                .filter(events::status.eq(from)),
        )
        .set((events::status.eq(to), events::updated_at.eq(now())))
        .execute(conn)?;
        Ok(n == 1)
    })
}

fn store_key(conn: &mut DbConnection, id: i32, key: &DealKey) -> QResult<usize> {
    diesel::update(events::table.find(id))
        .set((
            events::deal_algorithm.eq(&key.algorithm),
            events::deal_key.eq(&key.key_hex),
            events::deal_commitment.eq(&key.commitment),
            events::updated_at.eq(now()),
        ))
        .execute(conn)
}

/// Sets a new deal key; only while the event is a draft (after that the commitment is public).
pub fn set_deal_key(
    conn: &mut DbConnection,
    club_id: i32,
    id: i32,
    key: &DealKey,
) -> QResult<bool> {
    let n = diesel::update(
        events::table
            .filter(events::id.eq(id))
            .filter(events::club_id.eq(club_id))
            .filter(events::status.eq(STATUS_DRAFT)),
    )
    .set((
        events::deal_algorithm.eq(&key.algorithm),
        events::deal_key.eq(&key.key_hex),
        events::deal_commitment.eq(&key.commitment),
        events::updated_at.eq(now()),
    ))
    .execute(conn)?;
    Ok(n == 1)
}

/// Publishes hand records (and so the key); only once play is over.
pub fn release_hand_records(conn: &mut DbConnection, club_id: i32, id: i32) -> QResult<bool> {
    let n = diesel::update(
        events::table
            .filter(events::id.eq(id))
            .filter(events::club_id.eq(club_id))
            .filter(events::status.eq_any(["finished", "archived"]))
            .filter(events::deal_key.is_not_null()),
    )
    .set((
        events::hand_records_released.eq(true),
        events::updated_at.eq(now()),
    ))
    .execute(conn)?;
    Ok(n == 1)
}

// ---- results and standings ----

pub fn results_of(conn: &mut DbConnection, event_id: i32) -> QResult<Vec<StoredResult>> {
    results::table
        .filter(results::event_id.eq(event_id))
        .order((
            results::round.asc(),
            results::table_number.asc(),
            results::board.asc(),
        ))
        .load(conn)
}

pub fn entries_of(conn: &mut DbConnection, event_id: i32) -> QResult<Vec<Entry>> {
    event_entries::table
        .filter(event_entries::event_id.eq(event_id))
        .order(event_entries::number.asc())
        .load(conn)
}

/// Provisional standings: each entry's stored scores summed (NS score for boards it sat
/// North-South, EW score for East-West), best first. Matchpointing comes with scoring.
pub fn standings(conn: &mut DbConnection, event_id: i32) -> QResult<Vec<Standing>> {
    let results = results_of(conn, event_id)?;
    let entries = entries_of(conn, event_id)?;
    let mut totals: std::collections::BTreeMap<i32, (i64, i64)> = Default::default();
    for r in &results {
        for (entry, score) in [(r.ns_entry_id, r.ns_score), (r.ew_entry_id, r.ew_score)] {
            if let Some(e) = entry {
                let t = totals.entry(e).or_default();
                t.0 += 1;
                t.1 += i64::from(score);
            }
        }
    }
    let mut out: Vec<Standing> = totals
        .into_iter()
        .map(|(entry_id, (played, total))| {
            let e = entries.iter().find(|e| e.id == entry_id);
            Standing {
                entry_id,
                number: e.map(|e| e.number),
                name: e.map(|e| e.name.clone()),
                boards_played: played,
                total_score: total,
            }
        })
        .collect();
    out.sort_by(|a, b| {
        b.total_score
            .cmp(&a.total_score)
            .then(a.entry_id.cmp(&b.entry_id))
    });
    Ok(out)
}

/// Stores (or replaces) one board's result with an audit row recording old and new.
/// Used by the tests now and by score entry in the next issues.
#[allow(clippy::too_many_arguments)]
pub fn save_result(
    conn: &mut DbConnection,
    event_id: i32,
    round: i32,
    table_number: i32,
    board: i32,
    entries: (Option<i32>, Option<i32>),
    scores: (i32, i32),
    details: (&str, &str, &str, &str),
    entered_by: &str,
) -> QResult<i32> {
    conn.transaction(|conn| {
        let now = now();
        let existing: Option<StoredResult> = results::table
            .filter(results::event_id.eq(event_id))
            .filter(results::round.eq(round))
            .filter(results::table_number.eq(table_number))
            .filter(results::board.eq(board))
            .first(conn)
            .optional()?;
        let (calypsos, in_progress, trick_piles, seat_scores) = details;
        let new_value = serde_json::json!({
            "ns_entry_id": entries.0, "ew_entry_id": entries.1,
            "ns_score": scores.0, "ew_score": scores.1,
            "calypsos": calypsos, "in_progress": in_progress,
            "trick_piles": trick_piles, "seat_scores": seat_scores,
        })
        .to_string();
        let (id, old) = match existing {
            Some(r) => {
                let old = serde_json::to_string(&r).unwrap_or_default();
                diesel::update(results::table.find(r.id))
                    .set((
                        results::ns_entry_id.eq(entries.0),
                        results::ew_entry_id.eq(entries.1),
                        results::calypsos.eq(calypsos),
                        results::in_progress.eq(in_progress),
                        results::trick_piles.eq(trick_piles),
                        results::seat_scores.eq(seat_scores),
                        results::ns_score.eq(scores.0),
                        results::ew_score.eq(scores.1),
                        results::entered_by.eq(entered_by),
                        results::updated_at.eq(now),
                    ))
                    .execute(conn)?;
                (r.id, Some(old))
            }
            None => {
                let id: i32 = diesel::insert_into(results::table)
                    .values((
                        results::event_id.eq(event_id),
                        results::round.eq(round),
                        results::table_number.eq(table_number),
                        results::board.eq(board),
                        results::ns_entry_id.eq(entries.0),
                        results::ew_entry_id.eq(entries.1),
                        results::calypsos.eq(calypsos),
                        results::in_progress.eq(in_progress),
                        results::trick_piles.eq(trick_piles),
                        results::seat_scores.eq(seat_scores),
                        results::ns_score.eq(scores.0),
                        results::ew_score.eq(scores.1),
                        results::entered_by.eq(entered_by),
                        results::created_at.eq(now),
                        results::updated_at.eq(now),
                    ))
                    .returning(results::id)
                    .get_result(conn)?;
                (id, None)
            }
        };
        diesel::insert_into(result_audit::table)
            .values((
                result_audit::result_id.eq(id),
                result_audit::changed_by.eq(entered_by),
                result_audit::changed_at.eq(now),
                result_audit::old_value.eq(old),
                result_audit::new_value.eq(new_value),
            ))
            .execute(conn)?;
        Ok(id)
    })
}

/// Adds an entry (pair or team) to an event. Used by the tests now and entry pages next.
pub fn add_entry(
    conn: &mut DbConnection,
    event_id: i32,
    number: i32,
    name: &str,
    kind: &str,
) -> QResult<i32> {
    diesel::insert_into(event_entries::table)
        .values((
            event_entries::event_id.eq(event_id),
            event_entries::number.eq(number),
            event_entries::name.eq(name),
            event_entries::kind.eq(kind),
            event_entries::created_at.eq(now()),
        ))
        .returning(event_entries::id)
        .get_result(conn)
}
