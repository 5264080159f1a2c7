//! A table's own page, opened from the QR code or the short code on its table card: what
//! the table plays in the current round, and where its minors pair and boards go next.

use crate::event::rounds::owed_by_table;
use crate::event::scoring_sheet::entry_of;
use crate::event::standings::live::board_so_far;
use std::net::{IpAddr, Ipv4Addr};

use actix_session::Session;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::event::forms::calypso::TableForm;
use crate::web::table_view::{ScoreEntry, Shown};

use crate::engine::Problem;
use crate::event::EventStatus;
use crate::event::entries::Entry;
use crate::event::movement::movement_kind;
use crate::event::results::ResultStatus;
use crate::event::seats::SideNames;
use crate::event::table_report::Scored;
use crate::event::{ClubId, EventId, ResultId, Viewer as EventViewer};
use crate::movement::{Movement, Side, progressive_board};
use crate::service::results::{self, EntryError, PlaceAsked, Who};
use crate::service::{self, ActionError};
use crate::web::auth::{self, MaybeDirector};
use crate::web::error::{AppError, status_of};
use crate::web::page::{Nav, csrf_token};
use crate::web::render::html_page;
use crate::web::round_control::Turns;
use crate::web::state::AppState;

/// One side at the table: its entry number and names.
pub struct SideView {
    /// The side as players know it: "N-S ♠♥".
    pub side: String,
    pub number: u32,
    pub name: String,
    /// A side of three: who sits out each deal (or hand) of this game, with its word.
    pub sit_out: Option<SitOutTurns>,
}

/// A side of three's turns at sitting out: "deal 1 · Ann" (an Embers game's "hand 1").
pub struct SitOutTurns {
    pub word: &'static str,
    pub names: Vec<String>,
}

#[derive(Template)]
#[template(path = "table.html")]
struct TablePage {
    nav: Nav,
    event_name: String,
    event_path: String,
    table: u32,
    /// What to say when nothing is being played at this table now.
    notice: Option<String>,
    round: u32,
    sides: Vec<SideView>,
    boards: Vec<u32>,
    /// A game dealt at the table (Embers): what the round plays instead of boards.
    dealt_here: Option<String>,
    next: Vec<String>,
    /// A progressive individual's sides of three: who sits out each deal.
    sit_outs: Vec<String>,
    /// The table's code, for the forms' addresses.
    code: String,
    /// What players call the two sides ("N-S ♠♥", "E-W ♦♣").
    seat_names: SideNames,
    csrf: String,
    /// The result form (or the result in) for each board of this round.
    scores: Vec<ScoreEntry>,
    /// A progressive individual: how this round's partners were decided.
    cut_note: Option<String>,
    /// A progressive individual's table with no result yet: the form to report its cut.
    cut_form: Option<CutForm>,
    /// Why a cut sent when no cut may be reported any more was refused.
    cut_refused: Option<String>,
    /// Play is over: the page links the results.
    over: bool,
    /// #38: the boards of this round (and the last) with their result agreed, rebuilt or to
    /// rebuild, and where each goes.
    rebuilds: Vec<service::rebuilds::TableRebuild>,
}

/// The table reports its cut: who cut highest, second highest, and so on.
pub struct CutForm {
    round: u32,
    /// The table has reported its cut already (it may report again until its result).
    reported: bool,
    /// The table's players: number and name.
    players: Vec<(u32, String)>,
    /// One choice per place in the cut: its label, field name and the player chosen.
    places: Vec<CutPlace>,
    message: Option<String>,
}

pub struct CutPlace {
    label: &'static str,
    field: String,
    chosen: String,
}

const CUT_PLACES: [&str; 6] = ["Highest", "2nd", "3rd", "4th", "5th", "6th"];

/// A cut form sent back with what was chosen and what is wrong with it.
struct KeptCut {
    chosen: Vec<String>,
    message: String,
}

/// A form sent back with what was typed and what is wrong with it.
struct Kept {
    form: TableForm,
    problems: Vec<Problem>,
    message: Option<String>,
    /// Embers and Auction: the engine's score of the hands checked so far.
    running: Option<Scored>,
}

/// An Auction Calypso table of three: this round's players by position (the stored round),
/// the game's hands entered one by one, and how the players move after it.
#[allow(clippy::too_many_arguments)]
async fn threes_table(
    state: &AppState,
    session: &Session,
    viewer: &MaybeDirector,
    slug: &str,
    ev: crate::event::Event,
    entries: Vec<Entry>,
    table: u32,
    code: String,
    kept: Option<Kept>,
) -> Result<TablePage, AppError> {
    let round = ev.round.current;
    let at = ev.clone();
    let (game, rounds) = state
        .db(move |c| {
            let play = service::play::EventPlay::load(c, &at)?;
            Ok((play.game_at(round, table), play.rounds))
        })
        .await?;
    let notice = round_notice(ev.status, round, game.is_some());
    let names = crate::web::round_control::names(&entries);
    let sides = match (&notice, &game) {
        (None, Some(g)) => threes_positions(g)
            .into_iter()
            .enumerate()
            .map(|(i, p)| SideView {
                side: if i == 0 {
                    "Position 1 (deals hand 1)".to_string()
                } else {
                    format!("Position {}", i + 1)
                },
                number: p,
                name: names.get(&p).cloned().unwrap_or_default(),
                sit_out: None,
            })
            .collect(),
        _ => vec![],
    };
    let boards = match (&notice, &game) {
        (None, Some(g)) => g.boards.clone(),
        _ => vec![],
    };
    let next = if notice.is_some() {
        vec![]
    } else if round >= rounds && rounds > 0 {
        vec!["This is the last round.".into()]
    } else {
        vec!["After the game the highest scorer stays at this table; the middle scorer moves up a table and the lowest down a table.".into()]
    };
    // "1 · Ann Lee": the score's columns and the form's players, by position.
    let positions = game.as_ref().map(|g| {
        let p = threes_positions(g);
        [0, 1, 2].map(|i| {
            let n = p.get(i).copied().unwrap_or(0);
            match names.get(&n) {
                Some(name) => format!("{} · {name}", i + 1),
                None => format!("{}", i + 1),
            }
        })
    });
    let mut scores = awaiting_here(state, &ev, &entries, table, true).await?;
    scores.extend(score_entries(state, &ev, round, table, &boards, kept, positions).await?);
    Ok(TablePage {
        nav: Nav::new(session, viewer),
        event_name: ev.settings.name().to_string(),
        event_path: format!("/c/{slug}/events/{}", ev.id),
        table,
        notice,
        round,
        sides,
        boards,
        dealt_here: Some(format!(
            "a game of {} hands of Auction Calypso, dealt at the table from four packs",
            ev.settings.hands()
        )),
        next,
        sit_outs: vec![],
        csrf: csrf_token(session),
        code,
        seat_names: ev.settings.side_names(),
        scores,
        cut_note: None,
        cut_form: None,
        cut_refused: None,
        over: ev.status.over(),
        rebuilds: table_rebuilds(state, &ev, table).await?,
    })
}

/// What a progressive individual's table is told instead of its game, if anything.
fn round_notice(status: EventStatus, round: u32, seated_here: bool) -> Option<String> {
    match (status, seated_here) {
        (EventStatus::Running, true) => None,
        (EventStatus::Running, false) if round == 0 => {
            Some("Play has not started: the director starts round 1.".to_string())
        }
        (EventStatus::Running, false) => Some(format!("No game at this table in round {round}.")),
        (status, _) if status.over() => Some("Play is over. Thank you for playing.".into()),
        _ => Some("Play has not started yet.".into()),
    }
}

/// The players of a table of three, positions 1, 2, 3.
fn threes_positions(g: &service::play::TableGame) -> Vec<u32> {
    g.majors_players
        .iter()
        .chain(&g.minors_players)
        .chain(&g.third)
        .copied()
        .collect()
}

/// What a game dealt at the table is, for its page's round line: "a game of 8 hands of
/// Embers Calypso, dealt at the table from 6 packs, the first 3 fire hands".
fn dealt_here(ev: &crate::event::Event) -> Option<String> {
    ev.settings.game().continuous().then(|| {
        format!(
            "a game of {} hands of {}, dealt at the table from {} packs{}",
            ev.settings.hands(),
            ev.settings.game().label(),
            ev.settings.packs(),
            match ev.settings.fire_hands() {
                0 => String::new(),
                1 => ", the first a fire hand".to_string(),
                n => format!(", the first {n} fire hands"),
            }
        )
    })
}

/// A progressive individual's table: this round's players by side (the stored seating),
/// who sits out which deal on a side of three, and how the players move after it.
#[allow(clippy::too_many_arguments)]
async fn individual_table(
    state: &AppState,
    session: &Session,
    viewer: &MaybeDirector,
    slug: &str,
    ev: crate::event::Event,
    entries: Vec<Entry>,
    table: u32,
    code: String,
    kept: Option<Kept>,
    kept_cut: Option<KeptCut>,
) -> Result<TablePage, AppError> {
    let (club, id) = (ev.club_id, ev.id);
    let (seated, options) = state
        .db(move |c| {
            let (options, seated, _) = service::play::individual_seatings(c, club, id)?;
            Ok((seated, options))
        })
        .await?;
    let last = options.is_some_and(|(_, plan)| ev.round.current >= plan.rounds);
    let round = ev.round.current;
    let this_round = seated.iter().find(|r| r.round == round);
    let here = this_round.and_then(|r| r.table(table));
    let turns = Turns::of(&ev);
    let (deals, hand) = (this_round.map_or(turns.deals, |r| r.deals), turns.word);
    let notice = round_notice(ev.status, round, here.is_some());
    let names = crate::web::round_control::names(&entries);
    let seat_names = ev.settings.side_names();
    let mut sides = Vec::new();
    let mut sit_outs = Vec::new();
    if let (None, Some(t)) = (&notice, here) {
        for side in Side::ALL {
            let s = t.side(side);
            for &p in &s.players {
                sides.push(SideView {
                    side: seat_names.name(side).to_string(),
                    number: p,
                    name: names.get(&p).cloned().unwrap_or_default(),
                    // An individual side of three's turns are listed per side below.
                    sit_out: None,
                });
            }
            if let Some(out) = s.turns(deals) {
                // "deal 1 · 5 Esther": the deal and the player's number kept apart.
                sit_outs.push(format!(
                    "{} sit out by turns: {}",
                    seat_names.name(side),
                    out.iter()
                        .enumerate()
                        .map(|(i, p)| {
                            let name = names.get(p).map(String::as_str).unwrap_or_default();
                            format!("{} {} · {p} {name}", hand.one, i + 1)
                                .trim_end()
                                .to_string()
                        })
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
        }
    }
    let tables = u32::from(ev.settings.tables());
    let next = if notice.is_some() {
        vec![]
    } else if last {
        vec!["This is the last round.".into()]
    } else {
        crate::event::game::EventGame::of(&ev.settings)
            .movement_words("")
            .map(|m| vec![m.next.to_string()])
            .unwrap_or_default()
    };
    let boards = here
        .map(|_| vec![progressive_board(tables, round, table)])
        .unwrap_or_default();
    let scores = score_entries(state, &ev, round, table, &boards, kept, None).await?;
    let cut_note = here.filter(|_| notice.is_none()).map(|t| {
        let how = if t.cut_reported {
            "as the table reported it"
        } else {
            "as drawn for the table"
        };
        format!(
            "The cut, highest first ({how}): {}.",
            t.cut
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        )
    });
    // The cut decides the partners of a game not played yet: once a result is in, it stays.
    let open = notice.is_none() && scores.iter().all(|e| e.result.is_none());
    let cut_refused = kept_cut
        .as_ref()
        .filter(|_| !open || here.is_none())
        .map(|k| k.message.clone());
    let cut_form = match here {
        Some(t) if open => {
            let mut players = t.cut.clone();
            players.sort_unstable();
            let chosen = kept_cut.as_ref().map(|k| k.chosen.clone());
            Some(CutForm {
                round,
                reported: t.cut_reported,
                places: (0..t.cut.len())
                    .map(|i| CutPlace {
                        label: CUT_PLACES.get(i).copied().unwrap_or("Next"),
                        field: format!("cut_{}", i + 1),
                        chosen: chosen
                            .as_ref()
                            .and_then(|c| c.get(i).cloned())
                            .unwrap_or_default(),
                    })
                    .collect(),
                players: players
                    .into_iter()
                    .map(|p| (p, names.get(&p).cloned().unwrap_or_default()))
                    .collect(),
                message: kept_cut.map(|k| k.message),
            })
        }
        _ => None,
    };
    // Earlier rounds' results waiting for players who sit here now come first, set apart.
    let mut scores = scores;
    scores.splice(
        0..0,
        awaiting_here(state, &ev, &entries, table, true).await?,
    );
    Ok(TablePage {
        nav: Nav::new(session, viewer),
        event_name: ev.settings.name().to_string(),
        event_path: format!("/c/{slug}/events/{}", ev.id),
        table,
        notice,
        round,
        sides,
        boards,
        dealt_here: dealt_here(&ev),
        next,
        sit_outs,
        csrf: csrf_token(session),
        code,
        seat_names,
        scores,
        cut_note,
        cut_form,
        cut_refused,
        over: ev.status.over(),
        rebuilds: table_rebuilds(state, &ev, table).await?,
    })
}

/// Each board's result form, or the result already in. The kept form goes to its board.
async fn score_entries(
    state: &AppState,
    ev: &crate::event::Event,
    round: u32,
    table: u32,
    boards: &[u32],
    kept: Option<Kept>,
    positions: Option<[String; 3]>,
) -> Result<Vec<ScoreEntry>, AppError> {
    if boards.is_empty() || !ev.status.is_running() {
        return Ok(vec![]);
    }
    let (club, id) = (ev.club_id, ev.id);
    let at = ev.clone();
    let (results, play) = state
        .db(move |c| {
            Ok((
                service::results::results_at(c, club, id, round, table)?,
                service::play::EventPlay::load(c, &at)?,
            ))
        })
        .await?;
    let agreeing = play.agreeing(&ev.settings, round, table, ev.round.current);
    let spec = ev.settings.game_spec();
    // The kept form goes back to its own board; one for a board this table does not play
    // brings its message to the first board's form.
    let mut kept = kept;
    let own = kept
        .as_ref()
        .is_some_and(|k| boards.iter().any(|b| k.form.board.trim() == b.to_string()));
    let agreed = usize::from(ev.settings.hands());
    let players = positions.unwrap_or_else(|| ["1".into(), "2".into(), "3".into()]);
    Ok(boards
        .iter()
        .map(|&board| {
            let result = results
                .iter()
                .find(|r| r.place.board == board)
                .map(|r| Shown::of(&ev.settings, r));
            let blank = TableForm::blank(&spec, ev.settings.game(), round, board);
            match kept.take_if(|k| !own || k.form.board.trim() == board.to_string()) {
                Some(k) if own => {
                    let (embers, auction, calypso) = match &k.running {
                        Some(Scored::Embers(score)) => (Some(score), None, None),
                        Some(Scored::Auction(score)) => (None, Some(score), None),
                        Some(Scored::Calypso(score)) => (None, None, Some(score)),
                        _ => (None, None, None),
                    };
                    let pairs = match &k.running {
                        Some(Scored::AuctionPairs(score)) => Some(score),
                        _ => None,
                    };
                    // Deals checked: the next deal starts from the last one's calypsos.
                    let form = match calypso {
                        Some(_) => k.form.carried_over(spec.deals()),
                        None => k.form,
                    };
                    ScoreEntry::new(&spec, &form, &k.problems, k.message, result)
                        .with_hands(agreed, embers)
                        .with_auction(&form, &k.problems, agreed, auction, players.clone())
                        .with_auction_pairs(&form, &k.problems, agreed, pairs)
                        .with_deal_checks(&spec, &form, calypso)
                }
                Some(k) => ScoreEntry::new(&spec, &blank, &k.problems, k.message, result)
                    .with_hands(agreed, None)
                    .with_auction(&blank, &[], agreed, None, players.clone())
                    .with_auction_pairs(&blank, &[], agreed, None)
                    .with_deal_checks(&spec, &blank, None),
                None => ScoreEntry::new(&spec, &blank, &[], None, result)
                    .with_hands(agreed, None)
                    .with_auction(&blank, &[], agreed, None, players.clone())
                    .with_auction_pairs(&blank, &[], agreed, None)
                    .with_deal_checks(&spec, &blank, None),
            }
            .with_auction_setup(ev.settings.auction_setup())
            .with_agreeing(agreeing.as_ref(), table, ev.round.current)
        })
        .collect())
}

/// The earlier rounds' boards this table has not finished with, first on its page until the
/// event is finished: a result not entered yet (the next round started without it), or one
/// the other side has still to agree. Each is headed with who sat where in that round.
async fn late_entries(
    state: &AppState,
    ev: &crate::event::Event,
    m: &Movement,
    entries: &[Entry],
    table: u32,
    round: u32,
    kept: &mut Option<Kept>,
) -> Result<Vec<ScoreEntry>, AppError> {
    let (club, id) = (ev.club_id, ev.id);
    let at = ev.clone();
    let (results, play) = state
        .db(move |c| {
            Ok((
                service::results::results_of_table(c, club, id, table)?,
                service::play::EventPlay::load(c, &at)?,
            ))
        })
        .await?;
    let spec = ev.settings.game_spec();
    let names = ev.settings.side_names();
    let states: Vec<(u32, u32, ResultStatus)> = results
        .iter()
        .map(|x| (x.place.round, x.place.board, x.values.status))
        .collect();
    let mut out = Vec::new();
    for owed in owed_by_table(m, table, round, &states) {
        let (r, board) = (owed.round, owed.board);
        let Some(s) = m.seating(r, table) else {
            continue;
        };
        let who = [(Side::Majors, s.majors), (Side::Minors, s.minors)]
            .into_iter()
            .filter_map(|(side, n)| side_view(entries, m, &names, side, n, 0, Turns::of(ev)))
            .map(|v| {
                format!("{} {} {}", v.side, v.number, v.name)
                    .trim()
                    .to_string()
            })
            .collect::<Vec<_>>()
            .join(" against ");
        let result = owed.entered.map(|i| Shown::of(&ev.settings, &results[i]));
        let mine = |k: &mut Kept| {
            k.form.round.trim() == r.to_string() && k.form.board.trim() == board.to_string()
        };
        let mut e = match kept.take_if(mine) {
            Some(k) => ScoreEntry::new(&spec, &k.form, &k.problems, k.message, result),
            None => ScoreEntry::new(
                &spec,
                &TableForm::blank(&spec, ev.settings.game(), r, board),
                &[],
                None,
                result,
            ),
        };
        e.late = Some(format!("Round {r}, board {board}: {who}"));
        let agreeing = play.agreeing(&ev.settings, r, table, round);
        out.push(
            e.with_hands(usize::from(ev.settings.hands()), None)
                .with_agreeing(agreeing.as_ref(), table, round),
        );
    }
    Ok(out)
}

/// Earlier rounds' results, entered at another table (or at this one, where the page does
/// not list its own earlier rounds), still waiting for the side who must agree them, when
/// that side sits at this table now: set apart from this round, with the agree buttons on
/// this phone. `own` says whether this table's own earlier results are listed here too.
async fn awaiting_here(
    state: &AppState,
    ev: &crate::event::Event,
    entries: &[Entry],
    table: u32,
    own: bool,
) -> Result<Vec<ScoreEntry>, AppError> {
    let round = ev.round.current;
    if !ev.status.is_running() || round < 2 {
        return Ok(vec![]);
    }
    let at = ev.clone();
    let (results, play) = state
        .db(move |c| {
            Ok((
                service::results::results_of(c, &at)?,
                service::play::EventPlay::load(c, &at)?,
            ))
        })
        .await?;
    let spec = ev.settings.game_spec();
    let names = ev.settings.side_names();
    let players = crate::web::round_control::names(entries);
    let mut out = Vec::new();
    for r in &results {
        let (rr, t) = (r.place.round, r.place.table);
        if r.values.status != ResultStatus::Provisional || rr >= round || (t == table && !own) {
            continue;
        }
        let Some(agreeing) = play.agreeing(&ev.settings, rr, t, round) else {
            continue;
        };
        if !agreeing.agrees_at(table) {
            continue;
        }
        let who = match (play.movement(), play.game_at(rr, t)) {
            (Some(m), _) => m
                .seating(rr, t)
                .map(|s| {
                    [(Side::Majors, s.majors), (Side::Minors, s.minors)]
                        .into_iter()
                        .filter_map(|(side, n)| {
                            side_view(entries, m, &names, side, n, 0, Turns::of(ev))
                        })
                        .map(|v| {
                            format!("{} {} {}", v.side, v.number, v.name)
                                .trim()
                                .to_string()
                        })
                        .collect::<Vec<_>>()
                        .join(" against ")
                })
                .unwrap_or_default(),
            (None, Some(g)) => {
                let side = |label: &str, ps: &[u32]| {
                    let who: Vec<String> = ps
                        .iter()
                        .map(|p| match players.get(p) {
                            Some(n) => format!("{p} {n}"),
                            None => p.to_string(),
                        })
                        .collect();
                    format!("{label} {}", who.join(" & "))
                };
                if g.third.is_some() {
                    side("players", &threes_positions(&g))
                } else {
                    format!(
                        "{} against {}",
                        side(names.majors(), &g.majors_players),
                        side(names.minors(), &g.minors_players)
                    )
                }
            }
            (None, None) => String::new(),
        };
        let blank = TableForm::blank(&spec, ev.settings.game(), rr, r.place.board);
        let mut e = ScoreEntry::new(&spec, &blank, &[], None, Some(Shown::of(&ev.settings, r)))
            .with_hands(usize::from(ev.settings.hands()), None)
            .with_agreeing(Some(&agreeing), table, round);
        let from = if t == table {
            format!("From round {rr} at this table")
        } else {
            format!("From round {rr} at table {t}")
        };
        e.away = Some(format!("{from}: your result waits for you to agree"));
        e.late = Some(format!("Round {rr}, board {}: {who}", r.place.board));
        out.push(e);
    }
    Ok(out)
}

fn side_view(
    entries: &[Entry],
    m: &Movement,
    names: &SideNames,
    side: Side,
    number: Option<u32>,
    game: u32,
    turns: Turns,
) -> Option<SideView> {
    let number = number?;
    let entry = entry_of(entries, m, number);
    Some(SideView {
        side: names.name(side).to_string(),
        number,
        name: entry.map(|e| e.name.clone()).unwrap_or_default(),
        sit_out: entry
            .and_then(|e| e.sit_out_order(game, turns.deals))
            .map(|o| SitOutTurns {
                word: turns.word.one,
                names: o.into_iter().map(str::to_string).collect(),
            }),
    })
}

/// Where the minors pair and the boards of this table go after this round.
/// Where the entries at a table go next; `who` is what an entry is called ("Pair", or
/// "Player" where single players sit at two-player tables).
fn next_moves(m: &Movement, names: &SideNames, who: &str, round: u32, table: u32) -> Vec<String> {
    if round >= m.rounds {
        return vec!["This is the last round.".into()];
    }
    if m.kind == crate::movement::MovementKind::Simultaneous {
        // A duplicate coöperative: nobody moves, and each table has its own copy of a board.
        return vec![
            "Everyone stays at this table; next round every table plays the same new board.".into(),
        ];
    }
    let Some(here) = m.seating(round, table) else {
        return vec![];
    };
    let mut out = Vec::new();
    for (side, pair) in [(Side::Majors, here.majors), (Side::Minors, here.minors)] {
        if let Some(p) = pair {
            out.push(match m.place(round + 1, p) {
                Some((t, s)) if t == table => {
                    format!("{who} {p} stays here ({}).", names.name(s))
                }
                Some((t, s)) => format!(
                    "{who} {p} ({}) goes to table {t}, {}.",
                    names.name(side),
                    names.name(s)
                ),
                None if m.is_absent(round + 1, p) => {
                    format!("{who} {p} has withdrawn: no more rounds.")
                }
                None => format!("{who} {p} sits out round {}.", round + 1),
            });
        }
    }
    for &b in &here.boards {
        let goes = service::rebuilds::board_goes(Some(m), m.rounds, b, round, table);
        if goes.next.is_some_and(|(r, _)| r == round + 1) {
            out.push(format!("{}.", goes.words()));
        }
    }
    out
}

/// Session key: the table codes this phone has opened. When the room's address has used up
/// its allowance of wrong codes, these still open their tables.
const SESSION_TABLE_CODES: &str = "table_codes";
/// How many codes a phone remembers (it may move tables round by round, or night by night).
const REMEMBERED_CODES: usize = 8;

/// Where a table code leads: its club, event and table number.
type TableAt = (ClubId, EventId, u32);

/// The table a code opens, through the limit on wrong codes (see `web::limits`): only wrong
/// codes count against the address; once it has used up its allowance, only the codes this
/// phone has opened before are looked up, anything else answers 429.
async fn table_of(
    state: &AppState,
    session: &Session,
    req: &HttpRequest,
    code: &str,
) -> Result<TableAt, AppError> {
    let ip = auth::client_addr(req).unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
    let mut opened = session
        .get::<Vec<String>>(SESSION_TABLE_CODES)
        .ok()
        .flatten()
        .unwrap_or_default();
    let known = opened.iter().any(|c| c == code);
    if !known && state.table_codes.locked(ip) {
        return Err(AppError::TooManyTableCodes);
    }
    let lookup = code.to_string();
    let found = state
        .db(move |c| Ok(service::play::table_of_code(c, &lookup)?))
        .await?;
    match found {
        Some(at) => {
            if !known {
                opened.push(code.to_string());
                let extra = opened.len().saturating_sub(REMEMBERED_CODES);
                opened.drain(..extra);
                session.insert(SESSION_TABLE_CODES, opened)?;
            }
            Ok(at)
        }
        None if state.table_codes.wrong_code(ip) => Err(AppError::NotFound),
        None => Err(AppError::TooManyTableCodes),
    }
}

/// The table's page; `kept` is a result form sent back with its problems.
async fn page(
    state: &AppState,
    session: &Session,
    viewer: &MaybeDirector,
    code: String,
    (club, id, table): TableAt,
    kept: Option<Kept>,
    kept_cut: Option<KeptCut>,
) -> Result<TablePage, AppError> {
    let service::play::TableRecord {
        club,
        event: ev,
        entries,
        movement,
    } = state
        .db(move |c| Ok(service::play::table_record(c, club, id)?))
        .await?;
    if !ev.exposure().event_visible(viewer.toward(club.id)) {
        return Err(AppError::NotFound);
    }
    let round = ev.round.current;
    if crate::event::game::EventGame::of(&ev.settings).three_scores() {
        return threes_table(
            state, session, viewer, &club.slug, ev, entries, table, code, kept,
        )
        .await;
    }
    if movement_kind(ev.settings.format()).is_none() {
        return individual_table(
            state, session, viewer, &club.slug, ev, entries, table, code, kept, kept_cut,
        )
        .await;
    }
    let notice = match (ev.status, &movement) {
        (_, None) => Some("The movement has not been made yet.".to_string()),
        (EventStatus::Running, Some(_)) if round == 0 => {
            Some("Play has not started: the director starts round 1.".into())
        }
        (EventStatus::Running, Some(m))
            if !m.seating(round, table).is_some_and(|s| s.has_game()) =>
        {
            Some(format!("No game at this table in round {round}."))
        }
        (EventStatus::Running, Some(_)) => None,
        (status, _) if status.over() => Some("Play is over. Thank you for playing.".into()),
        _ => Some("Play has not started yet.".into()),
    };
    let seat_names = ev.settings.side_names();
    let (sides, boards, next) = match (&notice, &movement) {
        (None, Some(m)) => {
            let s = m.seating(round, table);
            (
                [
                    (Side::Majors, s.and_then(|s| s.majors)),
                    (Side::Minors, s.and_then(|s| s.minors)),
                ]
                .into_iter()
                .filter_map(|(side, n)| {
                    let game = n.map_or(0, |p| m.games_played(p, round));
                    side_view(&entries, m, &seat_names, side, n, game, Turns::of(&ev))
                })
                .collect(),
                s.map(|s| s.boards.clone()).unwrap_or_default(),
                next_moves(m, &seat_names, ev.settings.entry_word(), round, table),
            )
        }
        _ => (vec![], vec![], vec![]),
    };
    let mut kept = kept;
    let mut scores = match &movement {
        Some(m) if ev.status.is_running() && round > 1 => {
            late_entries(state, &ev, m, &entries, table, round, &mut kept).await?
        }
        _ => vec![],
    };
    scores.extend(awaiting_here(state, &ev, &entries, table, false).await?);
    scores.extend(score_entries(state, &ev, round, table, &boards, kept, None).await?);
    if scores
        .iter()
        .any(|e| e.result.as_ref().is_some_and(|r| r.status == "confirmed"))
    {
        let c = crate::web::standings_view::computed(
            state,
            club.clone(),
            ev.clone(),
            EventViewer::ClubDirector,
        )
        .await?;
        for e in &mut scores {
            if e.result.as_ref().is_some_and(|r| r.status == "confirmed") {
                e.so_far = board_so_far(
                    &c.view,
                    &ev.settings.side_names(),
                    ev.settings.entry_word(),
                    e.board,
                    e.round,
                    table,
                );
            }
        }
    }
    Ok(TablePage {
        nav: Nav::new(session, viewer),
        event_name: ev.settings.name().to_string(),
        event_path: format!("/c/{}/events/{}", club.slug, ev.id),
        table,
        notice,
        round,
        sides,
        boards,
        dealt_here: dealt_here(&ev),
        next,
        sit_outs: vec![],
        csrf: csrf_token(session),
        code,
        seat_names,
        scores,
        cut_note: None,
        cut_form: None,
        cut_refused: None,
        over: ev.status.over(),
        rebuilds: table_rebuilds(state, &ev, table).await?,
    })
}

fn code_of(path: web::Path<String>) -> String {
    normalised(&path.into_inner())
}

/// A code as typed, read as the cards print it: spaces and hyphens dropped, any case.
fn normalised(typed: &str) -> String {
    typed
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect::<String>()
        .to_uppercase()
}

/// The longest code a card prints; anything longer is no table's.
const LONGEST_CODE: usize = crate::print::cards::MAX_CODE_CHARS;

/// `/t/`: the address the table card prints for typing the code, when the QR code cannot be
/// scanned: one box and a Go button.
#[derive(Template)]
#[template(path = "table_code.html")]
struct CodePage {
    nav: Nav,
    /// The code as typed, kept in the box.
    code: String,
    message: Option<String>,
}

#[derive(Deserialize)]
pub struct CodeQuery {
    code: Option<String>,
}

fn code_page(
    session: &Session,
    viewer: &MaybeDirector,
    status: StatusCode,
    code: &str,
    message: Option<String>,
) -> HttpResponse {
    let p = CodePage {
        nav: Nav::new(session, viewer),
        code: kept(code),
        message,
    };
    html_page(status, &p)
}

/// A typed code as the page shows it back: as typed, cut short when far too long.
fn kept(code: &str) -> String {
    code.chars().take(LONGEST_CODE * 2).collect()
}

/// `GET /t/?code=...`: the box, or on to the table's page. Nothing is looked up here, so the
/// limit on wrong codes (counted at `/t/{code}`) is the same whichever way a code comes.
pub async fn code_form(
    session: Session,
    viewer: MaybeDirector,
    query: web::Query<CodeQuery>,
) -> HttpResponse {
    let Some(typed) = query.into_inner().code else {
        return code_page(&session, &viewer, StatusCode::OK, "", None);
    };
    let code = normalised(&typed);
    let refused = |message: &str| {
        code_page(
            &session,
            &viewer,
            StatusCode::UNPROCESSABLE_ENTITY,
            &typed,
            Some(message.to_string()),
        )
    };
    if code.is_empty() {
        refused("Type the code printed on your table card.")
    } else if code.chars().count() > LONGEST_CODE {
        refused("That is longer than a table code: type the code printed on your table card.")
    } else if !code.chars().all(|c| c.is_ascii_alphanumeric()) {
        refused("A table code has only letters and digits: type it as printed on your table card.")
    } else {
        see_table(&code)
    }
}

pub async fn show(
    state: web::Data<AppState>,
    req: HttpRequest,
    session: Session,
    viewer: MaybeDirector,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let code = code_of(path);
    let at = match table_of(&state, &session, &req, &code).await {
        Ok(at) => at,
        // A wrong code (counted by the limit): the box again, with the code as typed.
        Err(AppError::NotFound) => {
            let message = format!(
                "No table has the code “{}”. Check it against your table card, or ask the director.",
                kept(&code)
            );
            return Ok(code_page(
                &session,
                &viewer,
                StatusCode::NOT_FOUND,
                &code,
                Some(message),
            ));
        }
        Err(e) => return Err(e),
    };
    let p = page(&state, &session, &viewer, code, at, None, None).await?;
    Ok(html_page(StatusCode::OK, &p))
}

fn see_table(code: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, format!("/t/{code}")))
        .finish()
}

/// A table enters its result: checked by the engine, saved once, provisional until the other
/// side agrees. Anything wrong comes back beside the fields with the form as typed.
pub async fn post_result(
    state: web::Data<AppState>,
    req: HttpRequest,
    session: Session,
    viewer: MaybeDirector,
    path: web::Path<String>,
    form: web::Form<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let code = code_of(path);
    let at = table_of(&state, &session, &req, &code).await?;
    let (club, id, table) = at;
    let form = TableForm::from_pairs(form.into_inner());
    let lookup = code.clone();
    let sent = form.clone();
    // The event is read, and the connection given back: the engine's check below holds none.
    let ev = state
        .db(move |c| Ok(service::events::event(c, club, id)?))
        .await?;
    let spec = ev.settings.game_spec();
    let place = PlaceAsked {
        round: sent.round.trim().parse().unwrap_or(0),
        table: i64::from(table),
        board: sent.board.trim().parse().unwrap_or(0),
    };
    // Deal by deal, "Check deal k": the deals counted so far (the next one, started from the
    // last, is not read yet).
    let read = if sent.checks_deals() {
        sent.deals_to_check()
    } else {
        sent.clone()
    };
    let outcome = match read.sheet(&spec) {
        Err(problems) => Err((StatusCode::UNPROCESSABLE_ENTITY, problems, None, None)),
        // Deal by deal: deals 1 to k are checked against the board and scored; nothing is kept.
        Ok(sheet) if sent.checks_deals() => {
            let lookup = lookup.clone();
            let done = state
                .work(move |pool| {
                    let who = Who::Table {
                        table,
                        code: &lookup,
                    };
                    Ok(results::deals_so_far(pool, &ev, who, place, sheet))
                })
                .await?;
            match done {
                Ok(checked) => Err((StatusCode::OK, vec![], None, Some(checked.score))),
                Err(e) => {
                    let (status, problems, message) = refusal(e)?;
                    Err((status, problems, message, None))
                }
            }
        }
        // Embers or Auction: a hand before the last is checked and scored, nothing is kept.
        Ok(sheet) if sheet.is_game_so_far(ev.settings.game(), usize::from(ev.settings.hands())) => {
            match state
                .compute(move || results::hands_so_far(&ev, sheet))
                .await?
            {
                Ok(score) => Err((StatusCode::OK, vec![], None, Some(score))),
                Err(e) => {
                    let (status, problems, message) = refusal(e)?;
                    Err((status, problems, message, None))
                }
            }
        }
        Ok(sheet) => {
            let done = state
                .work(move |pool| {
                    let who = Who::Table {
                        table,
                        code: &lookup,
                    };
                    Ok(results::submit(pool, &ev, who, place, sheet, None))
                })
                .await?;
            match done {
                Ok(_) => Ok(()),
                Err(e) => {
                    let (status, problems, message) = refusal(e)?;
                    Err((status, problems, message, None))
                }
            }
        }
    };
    match outcome {
        Ok(()) => Ok(see_table(&code)),
        Err((status, problems, message, running)) => {
            let kept = Kept {
                form,
                problems,
                message,
                running,
            };
            let p = page(&state, &session, &viewer, code, at, Some(kept), None).await?;
            Ok(html_page(status, &p))
        }
    }
}

type Refusal = (StatusCode, Vec<Problem>, Option<String>);

/// The service's refusal as the page shows it: the engine's problems beside the fields,
/// anything else as a message above the form.
fn refusal(e: EntryError) -> Result<Refusal, AppError> {
    if !e.refuses_the_result() {
        return Err(e.into());
    }
    let status = status_of(e.kind());
    Ok(match e {
        EntryError::Problems(p) => (
            status,
            p,
            Some("The rules engine cannot accept this result: see the notes beside the lines. Fix them, or call the director.".into()),
        ),
        other => (status, vec![], Some(other.to_string())),
    })
}

#[derive(Deserialize)]
pub struct ConfirmForm {
    result: i32,
    answer: String,
}

/// The other side's answer on the same phone: agree (the result is final) or not (the
/// director is called).
pub async fn post_confirm(
    state: web::Data<AppState>,
    req: HttpRequest,
    session: Session,
    viewer: MaybeDirector,
    path: web::Path<String>,
    form: web::Form<ConfirmForm>,
) -> Result<HttpResponse, AppError> {
    let code = code_of(path);
    let at = table_of(&state, &session, &req, &code).await?;
    let (club, id, table) = at;
    let f = form.into_inner();
    let agree = match f.answer.as_str() {
        "agree" => true,
        "disagree" => false,
        _ => return Err(AppError::Invalid("the answer is agree or disagree".into())),
    };
    let lookup = code.clone();
    let outcome = state
        .db(move |c| {
            let ev = service::events::event(c, club, id)?;
            Ok(
                match results::confirm(c, &ev, table, &lookup, ResultId::new(f.result), agree) {
                    Ok(_) => Ok(()),
                    Err(e) => Err(refusal(e)?),
                },
            )
        })
        .await?;
    match outcome {
        Ok(()) => Ok(see_table(&code)),
        Err((status, problems, message)) => {
            let kept = Kept {
                form: TableForm::default(),
                problems,
                message,
                running: None,
            };
            let p = page(&state, &session, &viewer, code, at, Some(kept), None).await?;
            Ok(html_page(status, &p))
        }
    }
}

/// The table reports its cut (a progressive individual, before its game): `round` and
/// `cut_1`, `cut_2`, ... the players from the highest cut down. The table is re-seated from
/// it and the page shows the new partners; anything wrong comes back with the choices kept.
pub async fn post_cut(
    state: web::Data<AppState>,
    req: HttpRequest,
    session: Session,
    viewer: MaybeDirector,
    path: web::Path<String>,
    form: web::Form<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let code = code_of(path);
    let at = table_of(&state, &session, &req, &code).await?;
    let (club, id, table) = at;
    let fields = form.into_inner();
    let field = |name: &str| {
        fields
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.trim().to_string())
    };
    let round_text = field("round").unwrap_or_default();
    let round: u32 = round_text
        .parse()
        .map_err(|_| AppError::Invalid(format!("\"{round_text}\" is not a round number")))?;
    let chosen: Vec<String> = (1..=CUT_PLACES.len())
        .map_while(|i| field(&format!("cut_{i}")))
        .collect();
    let mut cut = Vec::with_capacity(chosen.len());
    let mut problem = None;
    for (i, c) in chosen.iter().enumerate() {
        let place = CUT_PLACES[i].to_lowercase();
        match c.parse::<u32>() {
            Ok(p) => cut.push(p),
            Err(_) if c.is_empty() => {
                problem = Some(format!("Choose who cut {place}."));
                break;
            }
            Err(_) => {
                problem = Some(format!("\"{c}\" is not a player number ({place} cut)."));
                break;
            }
        }
    }
    let refused = match problem {
        Some(message) => Some((StatusCode::UNPROCESSABLE_ENTITY, message)),
        None => {
            let done = state
                .db(move |c| Ok(service::play::report_cut(c, club, id, round, table, cut)))
                .await?;
            match done {
                Ok(_) => None,
                Err(e) => Some(crate::web::round_control::cut_refusal(e)?),
            }
        }
    };
    match refused {
        None => Ok(HttpResponse::SeeOther()
            .insert_header((header::LOCATION, format!("/t/{code}#seating")))
            .finish()),
        Some((status, message)) => {
            let kept = KeptCut { chosen, message };
            let p = page(&state, &session, &viewer, code, at, None, Some(kept)).await?;
            Ok(html_page(status, &p))
        }
    }
}

// ---- Rebuilding a played board on the table's phone (#38) ----

/// The table page's rebuild lines (none for a game dealt at the table).
async fn table_rebuilds(
    state: &AppState,
    ev: &crate::event::Event,
    table: u32,
) -> Result<Vec<service::rebuilds::TableRebuild>, AppError> {
    let at = ev.clone();
    state
        .db(move |c| Ok(service::rebuilds::table_rebuilds(c, &at, table)?))
        .await
}

/// `/t/{code}/rebuild/{board}`: a board's rebuild steps, the board rebuilt and where it goes,
/// or why this table cannot rebuild that board.
#[derive(Template)]
#[template(path = "rebuild.html")]
struct RebuildPage {
    nav: Nav,
    code: String,
    table: u32,
    csrf: String,
    view: Option<service::rebuilds::RebuildView>,
    /// Why there is nothing to rebuild here (answered 404).
    refused: Option<String>,
    /// The last step was sent: the board is rebuilt, the page says where it goes.
    done: bool,
}

/// The board number in the address, if it is one; anything else is no board of any table.
fn board_number(typed: &str) -> Option<u32> {
    let t = typed.trim();
    if t.is_empty() || t.len() > 6 || !t.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    t.parse().ok().filter(|&n| n > 0)
}

/// A board this table's phone cannot rebuild: a 404 page that says why, with the way back.
fn rebuild_refused(
    session: &Session,
    viewer: &MaybeDirector,
    code: &str,
    table: u32,
    message: String,
) -> HttpResponse {
    let p = RebuildPage {
        nav: Nav::new(session, viewer),
        code: code.to_string(),
        table,
        csrf: csrf_token(session),
        view: None,
        refused: Some(message),
        done: false,
    };
    html_page(StatusCode::NOT_FOUND, &p)
}

/// The table a rebuild address names, as its page answers a wrong code: the box again.
async fn rebuild_table(
    state: &AppState,
    session: &Session,
    viewer: &MaybeDirector,
    req: &HttpRequest,
    code: &str,
) -> Result<Result<TableAt, HttpResponse>, AppError> {
    match table_of(state, session, req, code).await {
        Ok(at) => Ok(Ok(at)),
        Err(AppError::NotFound) => {
            let message = format!(
                "No table has the code “{}”. Check it against your table card, or ask the director.",
                kept(code)
            );
            Ok(Err(code_page(
                session,
                viewer,
                StatusCode::NOT_FOUND,
                code,
                Some(message),
            )))
        }
        Err(e) => Err(e),
    }
}

/// What the rebuild page shows for `board` at the table, or why not (a refusal's words).
async fn rebuild_view(
    state: &AppState,
    viewer: &MaybeDirector,
    (club, id, table): TableAt,
    board: u32,
    mark: bool,
) -> Result<Result<service::rebuilds::RebuildView, String>, AppError> {
    let toward = viewer.toward(club);
    state
        .db(move |c| {
            let ev = service::events::event(c, club, id)?;
            if !ev.exposure().event_visible(toward) {
                return Err(AppError::NotFound);
            }
            let found = if mark {
                service::rebuilds::mark_rebuilt(c, &ev, table, board)
            } else {
                service::rebuilds::sheet_for_table(c, &ev, table, board)
            };
            match found {
                Ok(v) => Ok(Ok(v)),
                Err(e) if e.kind() == crate::service::ErrorKind::NotFound => Ok(Err(e.to_string())),
                Err(e) => Err(e.into()),
            }
        })
        .await
}

/// `GET /t/{code}/rebuild/{board}`: the board's rebuild steps, for a board of this table's
/// whose result is agreed.
pub async fn rebuild_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    session: Session,
    viewer: MaybeDirector,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    rebuild_answer(&state, &req, &session, &viewer, path, false).await
}

/// `POST /t/{code}/rebuild/{board}`, the last step: the board is rebuilt (recorded once; a
/// repeat is fine), and the page says where it goes.
pub async fn post_rebuilt(
    state: web::Data<AppState>,
    req: HttpRequest,
    session: Session,
    viewer: MaybeDirector,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    rebuild_answer(&state, &req, &session, &viewer, path, true).await
}

/// The rebuild page for the board the address names: its steps, or (`mark`) the board
/// marked rebuilt and where it goes, or why this table cannot rebuild it.
async fn rebuild_answer(
    state: &AppState,
    req: &HttpRequest,
    session: &Session,
    viewer: &MaybeDirector,
    path: web::Path<(String, String)>,
    mark: bool,
) -> Result<HttpResponse, AppError> {
    let (code, board) = path.into_inner();
    let code = normalised(&code);
    let at = match rebuild_table(state, session, viewer, req, &code).await? {
        Ok(at) => at,
        Err(page) => return Ok(page),
    };
    let table = at.2;
    let Some(board) = board_number(&board) else {
        let message = format!(
            "“{}” is not a board number: open the rebuild from your table's page.",
            kept(&board)
        );
        return Ok(rebuild_refused(session, viewer, &code, table, message));
    };
    match rebuild_view(state, viewer, at, board, mark).await? {
        Ok(view) => {
            let p = RebuildPage {
                nav: Nav::new(session, viewer),
                code,
                table,
                csrf: csrf_token(session),
                view: Some(view),
                refused: None,
                done: mark,
            };
            Ok(html_page(StatusCode::OK, &p))
        }
        Err(message) => Ok(rebuild_refused(session, viewer, &code, table, message)),
    }
}

/// The room clock's line on a table's phone (issue #38).
#[derive(Template)]
#[template(path = "_table_clock.html")]
struct TableClock<'a> {
    c: &'a crate::web::round_control::ClockPart,
}

/// `/t/{code}/clock`: the table phone's line of the room clock, "Round 2 · 23 min left ·
/// play" and the announcement (a live part, polled by the table page).
pub async fn clock(
    state: web::Data<AppState>,
    req: HttpRequest,
    session: Session,
    viewer: MaybeDirector,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let code = code_of(path);
    let (club, id, _) = table_of(&state, &session, &req, &code).await?;
    let now = state.now();
    let room = state
        .db(move |c| Ok(service::clock::clock_view(c, club, id, now)?))
        .await?;
    if !room.event.exposure().event_visible(viewer.toward(club)) {
        return Err(AppError::NotFound);
    }
    let c = crate::web::round_control::ClockPart::of(&room);
    Ok(crate::web::page::live_json(&TableClock { c: &c }.render()?))
}
