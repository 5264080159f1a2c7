//! Round control's view, shared by its page, the API's rounds, the results grid and the table
//! pages: each table's state and seating in the current round, the progressive
//! individual's seating texts and next round, starting a round, and a refused cut. Not a
//! route: the pages that show it import it from here.

use crate::event::entries::Entry;
use crate::event::game::{EventGame, MovementWords, Word};
use crate::event::movement::movement_kind;
use crate::event::rounds::{OpenGame, TableState, next_round, table_states};
use crate::event::rounds::{next_round_of, table_states_with};
use crate::event::{Event, EventId};
use crate::movement::Movement;
use crate::movement::threes::ThreesRound;
use crate::movement::{IndividualRound, IndividualSide, IndividualTable, progressive_board};
use crate::service::play::CutChangeError;
use crate::service::play::MovementChangeError;
use crate::service::tokens::table_code;
use crate::service::{self, ActionError, ErrorKind};
use crate::web::error::{AppError, status_of};
use crate::web::round_seats::{Seated, TableSeats, Upcoming};
use crate::web::state::AppState;
use actix_web::http::StatusCode;
use std::collections::BTreeMap;

/// Entry (player) numbers to names.
pub fn names(entries: &[Entry]) -> BTreeMap<u32, String> {
    entries
        .iter()
        .map(|e| (e.number as u32, e.name.clone()))
        .collect()
}

fn player(n: u32, names: &BTreeMap<u32, String>) -> String {
    match names.get(&n) {
        Some(name) => format!("{n} {name}"),
        None => n.to_string(),
    }
}

/// How many deals a game has and what one is called ("deal", an Embers game's "hand").
#[derive(Clone, Copy)]
pub struct Turns {
    pub deals: u32,
    pub word: Word,
}

/// "1 Ann Lee, 2 Bob Ray", and for a side of three who sits out each deal.
pub fn side_text(side: &IndividualSide, names: &BTreeMap<u32, String>, turns: Turns) -> String {
    let players = side
        .players
        .iter()
        .map(|p| player(*p, names))
        .collect::<Vec<_>>()
        .join(", ");
    match side.turns(turns.deals) {
        Some(out) => format!(
            "{players} (sitting out {} 1-{}: {})",
            turns.word.many,
            turns.deals,
            out.iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        None => players,
    }
}

/// A table of three in a line: its players by position, the first dealer named.
pub fn threes_text(players: [u32; 3], names: &BTreeMap<u32, String>) -> String {
    players
        .iter()
        .enumerate()
        .map(|(i, &p)| {
            let first = if i == 0 { " (deals first)" } else { "" };
            format!("position {}: {}{first}", i + 1, player(p, names))
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// Round control of Auction Calypso's tables of three: the current round's tables and the
/// next round's as soon as every table's scores are in.
fn threes_parts(
    now: chrono::NaiveDateTime,
    ev: &Event,
    st: &service::play::IndividualState,
    codes: Vec<(u32, String)>,
    reported: &[crate::event::rounds::Reported],
) -> RoundParts {
    let tables = u32::from(ev.settings.tables());
    let names = names(&st.entries);
    let current = st.threes.iter().find(|r| r.round() == ev.round.current);
    let states = table_states_with(tables, &ev.round, now, reported, |t| {
        current.is_some_and(|r| r.table(t).is_some())
    });
    let seats_of = |r: &ThreesRound, states: &[(u32, TableState)]| -> Vec<TableSeats> {
        r.tables()
            .iter()
            .enumerate()
            .map(|(i, &players)| {
                let table = i as u32 + 1;
                TableSeats {
                    table,
                    state: states
                        .iter()
                        .find(|(n, _)| *n == table)
                        .map_or(TableState::NoGame, |(_, s)| *s),
                    majors: Seated::Entry(None),
                    minors: Seated::Entry(None),
                    boards: vec![progressive_board(tables, r.round(), table)],
                    cut: None,
                    players: Some(players),
                }
            })
            .collect()
    };
    let rounds = st.rounds();
    let next = next_round_of(ev.status, &ev.round, rounds.clone());
    let seating = st.next_threes(ev);
    let upcoming = match rounds {
        Ok(r) if ev.round.current < r => seating.as_ref().ok().map(|u| Upcoming {
            round: u.round(),
            tables: u
                .tables()
                .iter()
                .enumerate()
                .map(|(i, &t)| (i as u32 + 1, threes_text(t, &names)))
                .collect(),
            seats: seats_of(u, &[]),
        }),
        _ => None,
    };
    let next = next.and_then(|n| seating.map(|_| n));
    RoundParts {
        rounds: rounds.unwrap_or(0),
        tables: states
            .iter()
            .map(|&(t, s)| {
                let text = current
                    .and_then(|r| r.table(t))
                    .map(|p| threes_text(p, &names))
                    .unwrap_or_default();
                (t, s, text)
            })
            .collect(),
        seats: current.map(|r| seats_of(r, &states)).unwrap_or_default(),
        cuts_open: vec![],
        codes,
        next: next.map_err(|e| e.to_string()),
        upcoming,
    }
}

impl Turns {
    /// The event's deals a game (an Embers game's hands, else four) and its word for one.
    pub fn of(ev: &Event) -> Turns {
        Turns {
            deals: ev.settings.deals_per_game(),
            word: EventGame::of(&ev.settings).hand(),
        }
    }
}

/// A round's deals a game (as stored with its seating) and the event's word for one.
fn turns(ev: &Event, r: &IndividualRound) -> Turns {
    Turns {
        deals: r.deals,
        ..Turns::of(ev)
    }
}

/// One table's seating in a line: both sides by name, and its board.
pub fn seating_text(
    t: &IndividualTable,
    names: &BTreeMap<u32, String>,
    board: u32,
    turns: Turns,
) -> String {
    format!(
        "majors {} v minors {}, board {board}",
        side_text(&t.majors, names, turns),
        side_text(&t.minors, names, turns)
    )
}

/// What the round control shows, for the page and the API.
pub struct RoundView {
    pub current: u32,
    /// The rounds planned (0 before there is a plan).
    pub rounds: u32,
    /// When the current round started (UTC; the page shows it in the club's zone).
    pub started_at: Option<chrono::NaiveDateTime>,
    pub tables: Vec<(u32, TableState, String)>,
    /// The same tables, who sits where, for the API.
    pub seats: Vec<TableSeats>,
    /// Each table's code (its page is /t/<code>).
    pub codes: Vec<(u32, String)>,
    /// The round the director may start now, or why not.
    pub next: Result<u32, String>,
    /// A progressive individual: the next round's seating, once it can be computed (all
    /// results of the current round in), exactly as starting it will store it.
    pub upcoming: Option<Upcoming>,
    /// Whether the table cards exist (a fixed movement's with its plan, a progressive
    /// individual's without) and the guide cards (a fixed movement's only).
    pub table_cards: bool,
    pub guide_cards: bool,
    /// A progressive individual's tables that may still report their cut, with their codes.
    pub cuts_open: Vec<(u32, String)>,
    /// Every open game of the rounds before the current one (no result, provisional or
    /// disputed), with the director's page to enter, confirm or rule on it (under the
    /// event's path); once play is over, every open game.
    pub still_open: Vec<(OpenGame, String)>,
    pub event_id: EventId,
    /// Whether the event is running (once it is over, no round "is being played").
    pub running: bool,
    /// A progressive individual: how its players move, in its game's words.
    pub moves: Option<MovementWords>,
}

/// The open games of rounds before the current one, each with its page: the result's, or
/// the ruling page of a board with no result.
async fn still_open(state: &AppState, ev: &Event) -> Result<Vec<(OpenGame, String)>, AppError> {
    let ev2 = ev.clone();
    let open = state
        .db(move |c| Ok(service::play::open_games(c, &ev2)?))
        .await?;
    Ok(open
        .into_iter()
        .filter(|g| g.round < ev.round.current || !ev.status.is_running())
        .map(|g| {
            // Under the event's path (the template adds it).
            let href = match g.result {
                Some(id) => format!("results/{id}"),
                None => format!(
                    "results/board?round={}&table={}&board={}",
                    g.round, g.table, g.board
                ),
            };
            (g, href)
        })
        .collect())
}

pub async fn round_view(state: &AppState, ev: &Event) -> Result<RoundView, AppError> {
    if movement_kind(ev.settings.format()).is_none() {
        let p = round_parts(state, ev).await?;
        let table_cards = !p.codes.is_empty();
        return Ok(RoundView {
            still_open: still_open(state, ev).await?,
            running: ev.status.is_running(),
            event_id: ev.id,
            current: ev.round.current,
            rounds: p.rounds,
            started_at: ev.round.started_at,
            tables: p.tables,
            seats: p.seats,
            codes: p.codes,
            next: p.next,
            upcoming: p.upcoming,
            table_cards,
            guide_cards: false,
            cuts_open: p.cuts_open,
            moves: EventGame::of(&ev.settings).movement_words(ev.settings.side_names().majors()),
        });
    }
    let (club, id) = (ev.club_id, ev.id);
    let service::play::RoundControl {
        movement,
        reported,
        codes,
    } = state
        .db(move |c| Ok(service::play::round_control(c, club, id, table_code)?))
        .await?;
    let now = state.now();
    let game = EventGame::of(&ev.settings);
    let states = match &movement {
        Some(m) => table_states(m, &ev.round, now, &reported),
        None => vec![],
    };
    let seats = match &movement {
        Some(m) => states
            .iter()
            .map(|&(t, state)| {
                let s = m.seating(ev.round.current, t);
                TableSeats {
                    table: t,
                    state,
                    majors: Seated::Entry(s.and_then(|s| s.majors)),
                    minors: Seated::Entry(s.and_then(|s| s.minors)),
                    boards: s.map(|s| s.boards.clone()).unwrap_or_default(),
                    cut: None,
                    players: None,
                }
            })
            .collect(),
        None => vec![],
    };
    Ok(RoundView {
        still_open: still_open(state, ev).await?,
        running: ev.status.is_running(),
        event_id: ev.id,
        current: ev.round.current,
        rounds: movement.as_ref().map_or(0, |m| m.rounds),
        started_at: ev.round.started_at,
        tables: match &movement {
            Some(m) => states
                .into_iter()
                .map(|(t, s)| (t, s, who(m, ev.round.current, t, game.deal())))
                .collect(),
            None => vec![],
        },
        seats,
        codes,
        next: next_round(ev.status, &ev.round, movement.as_ref()).map_err(|e| e.to_string()),
        upcoming: None,
        table_cards: movement.is_some(),
        guide_cards: movement.is_some(),
        cuts_open: vec![],
        moves: None,
    })
}

/// "3 v 8, board 3" for a table in a round ("game 3" for a game dealt at the table).
fn who(m: &Movement, round: u32, table: u32, deal: Word) -> String {
    match m.seating(round, table) {
        Some(s) if s.has_game() => format!(
            "{} v {}, {} {}",
            s.majors.unwrap_or(0),
            s.minors.unwrap_or(0),
            if s.boards.len() > 1 {
                deal.many
            } else {
                deal.one
            },
            s.boards
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        _ => String::new(),
    }
}

/// What asking to start a round came to.
pub enum Start {
    Started(u32),
    /// Games of the rounds started are open (no result, provisional or disputed) and the
    /// director has not confirmed: every one of them.
    Unconfirmed {
        current: u32,
        open: Vec<OpenGame>,
    },
}

/// Starts round `round` for the page and the API alike: while a game of the rounds started is
/// open, only once the director confirms (the service decides both in the start's own
/// transaction; a progressive individual cannot start the next round before every result of
/// the current one is in: the service refuses, naming the tables).
pub async fn start_round(
    state: &AppState,
    ev: &Event,
    round: u32,
    confirmed: bool,
) -> Result<Start, AppError> {
    let (club, id, now) = (ev.club_id, ev.id, state.now());
    let started = state
        .db(move |c| {
            Ok(service::play::start_round_at(
                c, club, id, round, confirmed, now,
            ))
        })
        .await?;
    match started {
        Ok(r) => Ok(Start::Started(r)),
        Err(MovementChangeError::Unconfirmed { current, open, .. }) => {
            Ok(Start::Unconfirmed { current, open })
        }
        Err(e) => Err(e.into()),
    }
}

/// Round 1 of a progressive individual at tables of four to six, by table, or why not yet.
pub fn fours_first_round(
    ev: &Event,
    st: &service::play::IndividualState,
    names: &BTreeMap<u32, String>,
    tables: u32,
) -> Result<Vec<(u32, String)>, String> {
    match st.seated.iter().find(|r| r.round == 1) {
        Some(r) => Ok(r.clone()),
        None if st.options.is_none() => Err("Set the rounds and table sizes first.".to_string()),
        None if ev.round.current == 0 => st.next_seating(ev).map_err(|e| e.to_string()),
        None => Err("Round 1's seating was not stored.".to_string()),
    }
    .map(|r| {
        let turns = turns(ev, &r);
        r.tables
            .iter()
            .map(|t| {
                (
                    t.table,
                    seating_text(t, names, progressive_board(tables, 1, t.table), turns),
                )
            })
            .collect()
    })
}

/// Round control's view of a progressive individual (rounds.rs wraps it in its `RoundView`).
pub struct RoundParts {
    pub rounds: u32,
    pub tables: Vec<(u32, TableState, String)>,
    pub seats: Vec<TableSeats>,
    pub codes: Vec<(u32, String)>,
    pub next: Result<u32, String>,
    pub upcoming: Option<Upcoming>,
    /// Tables that may still report their cut, with their codes.
    pub cuts_open: Vec<(u32, String)>,
}

/// Round control of a progressive individual: the stored seating of the current round, and
/// the next round's as soon as it can be computed.
pub async fn round_parts(state: &AppState, ev: &Event) -> Result<RoundParts, AppError> {
    let (club, id, tables) = (ev.club_id, ev.id, u32::from(ev.settings.tables()));
    let at = ev.clone();
    let (st, codes, reported) = state
        .db(move |c| {
            let st = service::play::individual_state(c, &at)?;
            let codes = match &st.options {
                Some(_) => service::play::table_codes(c, club, id, tables, table_code)?,
                None => vec![],
            };
            let reported = service::play::reported_tables(c, club, id)?;
            Ok((st, codes, reported))
        })
        .await?;
    if EventGame::of(&ev.settings).three_scores() {
        return Ok(threes_parts(state.now(), ev, &st, codes, &reported));
    }
    let names = names(&st.entries);
    let current = st.seated.iter().find(|r| r.round == ev.round.current);
    let states = table_states_with(tables, &ev.round, state.now(), &reported, |t| {
        current.is_some_and(|r| r.table(t).is_some())
    });
    let board = |round: u32, table: u32| progressive_board(tables, round, table);
    let seats_of = |r: &IndividualRound, states: &[(u32, TableState)]| -> Vec<TableSeats> {
        r.tables
            .iter()
            .map(|t| TableSeats {
                table: t.table,
                state: states
                    .iter()
                    .find(|(n, _)| *n == t.table)
                    .map_or(TableState::NoGame, |(_, s)| *s),
                majors: Seated::Players {
                    players: t.majors.players.clone(),
                    sit_out: t.majors.turns(r.deals),
                },
                minors: Seated::Players {
                    players: t.minors.players.clone(),
                    sit_out: t.minors.turns(r.deals),
                },
                boards: vec![board(r.round, t.table)],
                cut: Some((t.cut.clone(), t.cut_reported)),
                players: None,
            })
            .collect()
    };
    let rounds = st.rounds();
    let next = next_round_of(ev.status, &ev.round, rounds.clone());
    let seating = st.next_seating(ev);
    // The next seating is shown whenever it can be computed and a next round is planned,
    // also before the event runs (round 1).
    let upcoming = match rounds {
        Ok(r) if ev.round.current < r => seating.as_ref().ok().map(|u| Upcoming {
            round: u.round,
            tables: u
                .tables
                .iter()
                .map(|t| {
                    let text = seating_text(t, &names, board(u.round, t.table), turns(ev, u));
                    (t.table, text)
                })
                .collect(),
            seats: seats_of(u, &[]),
        }),
        _ => None,
    };
    // Starting needs the next seating: say why it cannot be made, if it cannot.
    let next = next.and_then(|n| seating.map(|_| n));
    Ok(RoundParts {
        rounds: rounds.unwrap_or(0),
        tables: match current {
            Some(r) => states
                .iter()
                .map(|&(t, s)| {
                    let text = r
                        .table(t)
                        .map(|x| seating_text(x, &names, board(r.round, t), turns(ev, r)))
                        .unwrap_or_default();
                    (t, s, text)
                })
                .collect(),
            None => states.iter().map(|&(t, s)| (t, s, String::new())).collect(),
        },
        seats: current.map(|r| seats_of(r, &states)).unwrap_or_default(),
        cuts_open: cuts_open(ev, &st.seated, &st.scores, &codes),
        codes,
        next: next.map_err(|e| e.to_string()),
        upcoming,
    })
}

/// A refused cut as the API and the table page answer it: a round or table that does not
/// exist is 404, a cut that is not the table's players 422, a cut that comes too late 409.
pub fn cut_refusal(e: CutChangeError) -> Result<(StatusCode, String), AppError> {
    match e.kind() {
        kind @ (ErrorKind::Invalid | ErrorKind::Conflict) => Ok((status_of(kind), e.to_string())),
        _ => Err(e.into()),
    }
}

/// The tables of the round being played that may still report their cut (no result yet),
/// with their codes: round control links each to its table page's cut form.
pub fn cuts_open(
    ev: &Event,
    seated: &[IndividualRound],
    scores: &[(u32, u32, i64, i64)],
    codes: &[(u32, String)],
) -> Vec<(u32, String)> {
    if ev.status != crate::event::EventStatus::Running {
        return vec![];
    }
    let Some(r) = seated.iter().find(|r| r.round == ev.round.current) else {
        return vec![];
    };
    codes
        .iter()
        .filter(|(t, _)| {
            r.table(*t).is_some() && !scores.iter().any(|s| s.0 == ev.round.current && s.1 == *t)
        })
        .cloned()
        .collect()
}

/// The room clock as the pages show it (issue #38): the clock page and its live part,
/// round control's line and a table phone's line, from `service::clock::clock_view`.
pub struct ClockPart {
    /// A round is being played (the rest of the figures are its).
    pub on: bool,
    /// What the clock says when no round is on.
    pub notice: String,
    pub round: u32,
    pub rounds: u32,
    /// "12:34" left in the phase, or "+1:05" past the round's end.
    pub face: String,
    pub phase: &'static str,
    pub phase_left: i64,
    pub round_left: i64,
    pub over_by: i64,
    pub paused: bool,
    /// "board 2 of 3" during play of a round of several.
    pub game_line: Option<String>,
    pub announcement: Option<String>,
    /// At the change: who goes where, in entry order ("Pair 3: table 2, E-W ♦♣").
    pub moves: Vec<String>,
    /// At the change: the boards going on ("Boards 3, 4 to table 2").
    pub boards: Vec<String>,
    /// A progressive individual: how its players move.
    pub rule: Option<&'static str>,
    pub late: Vec<u32>,
    pub sound: bool,
    /// The timing rounds started from now on take, and the form's values (empty: default).
    pub timing: crate::event::clock::Timing,
    pub stored: crate::event::clock::StoredTiming,
    pub dealt_at_table: bool,
    pub running: bool,
    /// Play is over: no timing to set.
    pub over: bool,
}

impl ClockPart {
    pub fn of(room: &service::clock::RoomClock) -> ClockPart {
        use crate::event::clock::{Phase, clock_face};
        let ev = &room.event;
        let sides = ev.settings.side_names();
        let who = ev.settings.entry_word();
        let notice = match ev.status {
            s if s.over() => "Play is over. Thank you for playing.".to_string(),
            s if s.is_running() => "Play has not started: the director starts round 1.".into(),
            _ => "Play has not started yet.".into(),
        };
        let v = room.view.as_ref();
        let change = v.is_some_and(|v| v.phase != Phase::Play);
        ClockPart {
            on: v.is_some(),
            notice,
            round: ev.round.current,
            rounds: room.rounds,
            face: match v {
                Some(v) if v.phase == Phase::Over => format!("+{}", clock_face(v.over_by)),
                Some(v) => clock_face(v.phase_left),
                None => String::new(),
            },
            phase: v.map_or("", |v| v.phase.name()),
            phase_left: v.map_or(0, |v| v.phase_left),
            round_left: v.map_or(0, |v| v.round_left),
            over_by: v.map_or(0, |v| v.over_by),
            paused: v.is_some_and(|v| v.paused),
            game_line: v
                .and_then(|v| v.game)
                .filter(|(_, n)| *n > 1)
                .map(|(i, n)| format!("{} {i} of {n}", room.words.game.one)),
            announcement: v
                .and_then(|v| v.announcement.as_ref())
                .map(|a| a.text.clone()),
            moves: if change {
                room.moves
                    .iter()
                    .map(|m| match m.to {
                        Some((t, s)) if t == m.from => {
                            format!("{who} {}: stays at table {t}, {}", m.entry, sides.name(s))
                        }
                        Some((t, s)) => format!("{who} {}: table {t}, {}", m.entry, sides.name(s)),
                        None => format!("{who} {}: sits out the next round", m.entry),
                    })
                    .collect()
            } else {
                vec![]
            },
            boards: if change { room.boards.clone() } else { vec![] },
            rule: room.rule.filter(|_| change),
            late: room.late.clone(),
            sound: room.stored.sound,
            timing: room.timing,
            stored: room.stored,
            dealt_at_table: room.words.dealt_at_table,
            running: ev.status.is_running(),
            over: ev.status.over(),
        }
    }

    /// A table phone's line: "Round 2 · 23 min left · play" (and "paused").
    pub fn line(&self) -> Option<String> {
        if !self.on {
            return None;
        }
        use crate::event::clock::minutes_left;
        let left = if self.over_by > 0 {
            "time is up".to_string()
        } else {
            format!("{} left", minutes_left(self.round_left))
        };
        let mut line = format!("Round {} · {left} · {}", self.round, self.phase);
        if self.paused {
            line.push_str(" · paused");
        }
        Some(line)
    }

    /// The form's value for a field: empty for the game's default.
    pub fn typed(v: u32) -> String {
        if v == 0 { String::new() } else { v.to_string() }
    }
}

/// The club's event's room clock now, by the server's clock.
pub async fn clock_part(state: &AppState, ev: &Event) -> Result<ClockPart, AppError> {
    let (club, id, now) = (ev.club_id, ev.id, state.now());
    let room = state
        .db(move |c| Ok(service::clock::clock_view(c, club, id, now)?))
        .await?;
    Ok(ClockPart::of(&room))
}
