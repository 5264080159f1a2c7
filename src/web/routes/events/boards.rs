//! The deal viewer: each board's four deals, hand by hand and suit by suit as the hand-record
//! PDF shows them, with the board's traveller beside it. It shows every card, so it follows
//! the papers' rule (`Exposure::papers_visible`): the club's directors any time, everyone
//! else once the hand records are released; the traveller follows the results' rule.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::deals::par::Figures;
use crate::deals::record::{DISPLAY_SUITS, suit_ranks};
use crate::engine::{CardCounts, Deal, GameSpec, Seat};
use crate::event::club::{Club, TimeZone};
use crate::event::game::EventGame;
use crate::event::par::{self, BoardParShown, EventPars};
use crate::event::play_view::TrickCard;
use crate::event::results::{TableReport, TableResult};
use crate::event::seats::SideNames;
use crate::event::seats::side_letters;
use crate::event::standings;
use crate::event::table_report::{dummies_words, exchange_words};
use crate::event::{Event, EventId, papers};
use crate::service;
use crate::service::standings::{EventResults, played_of};
use crate::web::auth::MaybeDirector;
use crate::web::error::AppError;
use crate::web::page::Nav;
use crate::web::render::html_page;
use crate::web::results_view::{ResultLine, ResultsInput, results_view};
use crate::web::standings_view::{club_event, computed};
use crate::web::state::AppState;

/// One suit of a hand: its symbol and the ranks held, high to low ("—" for none).
pub struct SuitLine {
    pub letter: char,
    pub symbol: char,
    pub red: bool,
    pub ranks: String,
}

/// A seat's personal trump suit, and its partnership's side where there are partnerships.
pub struct SeatTrump {
    pub symbol: char,
    pub name: &'static str,
    pub red: bool,
    /// The partnership by its seats ("N-S"); none where each player is for themselves.
    pub side: Option<String>,
    /// How many cards of it the hand holds: the figure players check first.
    pub held: u8,
}

pub struct HandView {
    pub seat: &'static str,
    pub letter: char,
    /// Where the hand sits round the table: "north", "east", "south", "west".
    pub place: &'static str,
    pub trump: Option<SeatTrump>,
    pub suits: Vec<SuitLine>,
}

pub struct DealView {
    pub number: usize,
    pub dealer: &'static str,
    /// N, E, S, W order; seats not in play are left out.
    pub hands: Vec<HandView>,
    /// Calypso Duet: each table's dummies in this deal, when its results are shown
    /// ("Round 1, table 2: ♠♥ player South · ♣♦ player West").
    pub dummies: Vec<String>,
    /// Call-and-response: the exchanges are listed with the dummies.
    pub exchanges: bool,
}

/// One table's result on the board.
pub struct TravellerLine {
    pub round: u32,
    pub table: u32,
    pub majors: String,
    pub minors: String,
    /// None for a board not played (or fouled): its adjustment, if any, is in `note`.
    pub majors_score: Option<i64>,
    pub minors_score: Option<i64>,
    /// "not played", an adjustment, "provisional"...; empty for a plain final result.
    pub note: String,
}

/// The board's results, table by table, in round order.
pub struct BoardTraveller {
    pub lines: Vec<TravellerLine>,
}

/// A board's robot par as the viewer lays it out.
pub struct ParFigures {
    /// "Robot par (200 games, 200 playouts)".
    pub title: String,
    /// "+520": the majors' less the minors' mean score.
    pub net: String,
    pub majors: SideFigures,
    pub minors: SideFigures,
    /// Cooperative Calypso: the table total's figures (all four play for it; the net is
    /// not shown).
    pub total: Option<SideFigures>,
}

/// One side's figures: "2,140", "median 2,100", "1,480–2,860".
pub struct SideFigures {
    pub mean: String,
    pub median: String,
    pub range: String,
}

impl SideFigures {
    fn of(f: &Figures) -> SideFigures {
        SideFigures {
            mean: par::thousands(par::whole(f.mean)),
            median: par::thousands(par::whole(f.median)),
            range: format!("{}–{}", par::thousands(f.p10), par::thousands(f.p90)),
        }
    }
}

/// What the page shows of the board's par: its figures, or a line saying why not yet.
fn par_shown(pars: &EventPars, board: u32) -> (Option<ParFigures>, Option<String>) {
    match pars.of_board(board) {
        Some(BoardParShown::Figures(p)) => (
            Some(ParFigures {
                title: par::par_title(&p),
                net: par::signed(par::whole(p.net)),
                majors: SideFigures::of(&p.majors),
                minors: SideFigures::of(&p.minors),
                total: p.total.as_ref().map(SideFigures::of),
            }),
            None,
        ),
        Some(BoardParShown::Pending { at, of }) => (None, Some(par::pending_line(at, of))),
        Some(BoardParShown::Off) => (
            None,
            Some("Robot par: not worked out on this server.".into()),
        ),
        Some(BoardParShown::NotThisGame) => (None, Some(par::NO_PAR_FOR_GAME.into())),
        None => (None, None),
    }
}

#[derive(Template)]
#[template(path = "board.html")]
struct BoardPage {
    nav: Nav,
    club: Club,
    event_id: EventId,
    event_name: String,
    board: u32,
    previous: Option<u32>,
    next: Option<u32>,
    /// The hand records are not released yet: only the club's directors see this.
    directors_only: bool,
    deals: Vec<DealView>,
    /// None while the board's results are not public (tables still to play it).
    traveller: Option<BoardTraveller>,
    /// The board's scored traveller (net and matchpoints each way), where the event's
    /// method has travellers (not the progressives' tallies).
    scored: Option<standings::Traveller>,
    /// What players call the two sides ("N-S ♠♥", "E-W ♦♣").
    seat_names: SideNames,
    /// The board's robot par, or why it is not shown yet; both None for a game without.
    par_figures: Option<ParFigures>,
    par_note: Option<String>,
    /// The pars each table's result is set against (its net, or a cooperative table's
    /// total).
    pars: EventPars,
    /// The tables (round, table) whose result is a play record: their play can be replayed.
    plays: Vec<(u32, u32)>,
    /// Replay against robots, once the hand records are public: each seat's letter, its
    /// words ("South ♥") and whether it is chosen first; empty when not offered.
    practice_seats: Vec<(char, String, bool)>,
    /// Why the board cannot be replayed against robots (its game), once released.
    practice_refused: Option<String>,
    /// The board's latest finished practice tables: id and "South · net +340".
    practiced: Vec<(u32, String)>,
}

impl BoardPage {
    fn has_play(&self, round: &u32, table: &u32) -> bool {
        self.plays.contains(&(*round, *table))
    }

    /// "+340 against the robots" for a scored table (its net, majors less minors; a
    /// cooperative table's total), once the par is in; none for an adjusted result.
    fn against(&self, net: &Option<i64>, majors: &str, minors: &str) -> Option<String> {
        net.as_ref()?;
        Some(par::against_words(
            self.pars.against_shown(self.board, majors, minors)?,
        ))
    }

    /// The same from the two sides' scores.
    fn against_scores(&self, majors: &Option<i64>, minors: &Option<i64>) -> Option<String> {
        Some(par::against_words(self.pars.against_scores(
            self.board,
            (*majors)?,
            (*minors)?,
        )?))
    }
}

#[derive(Template)]
#[template(path = "boards.html")]
struct BoardsPage {
    nav: Nav,
    club: Club,
    event_id: EventId,
    event_name: String,
    directors_only: bool,
    boards: Vec<u32>,
    /// The event's game gets no robot par: the page says so.
    no_par: Option<&'static str>,
}

fn place(seat: Seat) -> &'static str {
    match seat {
        Seat::North => "north",
        Seat::East => "east",
        Seat::South => "south",
        Seat::West => "west",
    }
}

fn deal_view(spec: &GameSpec, number: usize, deal: &Deal) -> DealView {
    DealView {
        number,
        dealer: deal.dealer.name(),
        hands: hand_views(spec, |seat| *deal.hand(seat)),
        dummies: Vec::new(),
        exchanges: false,
    }
}

/// Each seat's hand laid out round the table, suit by suit.
fn hand_views(spec: &GameSpec, hand_of: impl Fn(Seat) -> CardCounts) -> Vec<HandView> {
    spec.seats()
        .iter()
        .map(|&seat| {
            let hand = hand_of(seat);
            HandView {
                seat: seat.name(),
                letter: seat.letter(),
                place: place(seat),
                trump: spec.trumps.of(seat).map(|s| SeatTrump {
                    symbol: s.symbol(),
                    name: s.name(),
                    red: s.is_red(),
                    side: spec
                        .scoring
                        .partnerships()
                        .then(|| side_letters(spec, spec.side_of(seat))),
                    held: hand.suit_len(s),
                }),
                suits: DISPLAY_SUITS
                    .iter()
                    .filter(|s| spec.deck.has_suit(**s))
                    .map(|&s| SuitLine {
                        letter: s.letter(),
                        symbol: s.symbol(),
                        red: s.is_red(),
                        ranks: suit_ranks(&hand, s, ""),
                    })
                    .collect(),
            }
        })
        .collect()
}

/// Calypso Duet: each table's dummies, deal by deal, from the board's reports (the tables
/// choose them, so the board's deals alone do not say).
fn duet_dummies(spec: &GameSpec, board: u32, results: &[TableResult], deals: &mut [DealView]) {
    if spec.duet.is_none() {
        return;
    }
    let mut results: Vec<&TableResult> =
        results.iter().filter(|r| r.place.board == board).collect();
    results.sort_by_key(|r| r.place);
    for r in results {
        let TableReport::Calypso(calypso) = &r.values.report else {
            continue;
        };
        let exchanges = calypso.exchanges();
        for (k, (deal, chosen)) in deals.iter_mut().zip(calypso.dummies()).enumerate() {
            deal.dummies.push(format!(
                "Round {}, table {}: {}",
                r.place.round,
                r.place.table,
                dummies_words(spec, chosen)
            ));
            // Call-and-response: each player's exchange after the table's dummies.
            for (p, ex) in exchanges.get(k).into_iter().flatten().enumerate() {
                if ex.is_some() {
                    deal.exchanges = true;
                    deal.dummies.push(format!(
                        "Round {}, table {}, {}",
                        r.place.round,
                        r.place.table,
                        exchange_words(spec, p, ex.as_ref())
                    ));
                }
            }
        }
    }
}

/// A traveller line from the results section's wording of the same result.
fn traveller_line(round: u32, l: &ResultLine, r: Option<&TableResult>) -> TravellerLine {
    let played = l.outcome.is_none();
    let score = |s: Option<i32>| s.filter(|_| played).map(i64::from);
    let mut note: Vec<String> = l.outcome.iter().map(|o| o.to_string()).collect();
    for s in &l.sides {
        if let Some(n) = &s.note {
            note.push(if played {
                format!("{} {n}", s.side)
            } else {
                format!("{} {}", s.side, s.score)
            });
        }
    }
    if let Some(b) = &l.badge {
        note.push(b.label.to_string());
    }
    TravellerLine {
        round,
        table: l.table,
        majors: l.sides[0].who.clone(),
        minors: l.sides[1].who.clone(),
        majors_score: score(r.map(|r| r.values.scores.majors)),
        minors_score: score(r.map(|r| r.values.scores.minors)),
        note: note.join(" · "),
    }
}

/// The board's traveller, when its results are public to this viewer.
fn traveller(
    ev: &Event,
    zone: TimeZone,
    who: crate::event::Viewer,
    board: u32,
    played: &EventResults,
    entries: &[crate::event::entries::Entry],
    now: chrono::NaiveDateTime,
) -> Option<BoardTraveller> {
    let exposure = ev.exposure().sealed_at(played.sealed_until, now);
    if !exposure.board_results_visible(who, played.still_to_play.contains(&board)) {
        return None;
    }
    let results: Vec<TableResult> = played
        .results
        .iter()
        .filter(|r| r.place.board == board)
        .cloned()
        .collect();
    let auction = ev.settings.auction_spec();
    let view = results_view(&ResultsInput {
        publication: ev.publication(now),
        now,
        zone,
        exposure,
        viewer: who,
        results: &results,
        entries,
        still_to_play: &played.still_to_play,
        seated: played.seated.as_deref(),
        threes: &played.threes,
        auction: auction.as_ref(),
        sides: &ev.settings.side_names(),
    });
    let lines = view
        .map(|v| {
            v.rounds
                .iter()
                .flat_map(|r| {
                    r.lines.iter().map(|l| {
                        let stored = results
                            .iter()
                            .find(|t| t.place.round == r.round && t.place.table == l.table);
                        traveller_line(r.round, l, stored)
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    Some(BoardTraveller { lines })
}

/// The event of a viewer-page path, if the viewer may see its cards.
async fn visible_event(
    state: &AppState,
    viewer: &MaybeDirector,
    slug: String,
    event: &str,
) -> Result<(Club, Event, bool), AppError> {
    let (club, ev) = club_event(state, slug, event).await?;
    let who = viewer.toward(club.id);
    // Hidden, not forbidden: as the boards API and the PDFs answer before release. A game
    // dealt at the table (Embers) has no boards to view.
    if !ev.exposure().papers_visible(who) || !EventGame::of(&ev.settings).papers() {
        return Err(AppError::NotFound);
    }
    let directors_only = !ev.hand_records_released;
    Ok((club, ev, directors_only))
}

/// `/c/{club}/events/{event}/boards`: every board of the event, as links.
pub async fn list(
    state: web::Data<AppState>,
    session: Session,
    viewer: MaybeDirector,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let (slug, event) = path.into_inner();
    let (club, ev, directors_only) = visible_event(&state, &viewer, slug, &event).await?;
    let page = BoardsPage {
        nav: Nav::new(&session, &viewer),
        club,
        event_id: ev.id,
        event_name: ev.settings.name().to_string(),
        directors_only,
        boards: (1..=u32::from(ev.settings.boards())).collect(),
        no_par: (!EventGame::of(&ev.settings).robot_par()).then_some(par::NO_PAR_FOR_GAME),
    };
    Ok(html_page(StatusCode::OK, &page))
}

/// `/c/{club}/events/{event}/boards/{board}`: one board's deals and its traveller.
pub async fn show(
    state: web::Data<AppState>,
    session: Session,
    viewer: MaybeDirector,
    path: web::Path<(String, String, String)>,
) -> Result<HttpResponse, AppError> {
    let (slug, event, board) = path.into_inner();
    let (club, ev, directors_only) = visible_event(&state, &viewer, slug, &event).await?;
    let board: u32 = board.parse().map_err(|_| AppError::NotFound)?;
    let key = ev.deal.as_ref().ok_or(AppError::NotFound)?;
    let deals = papers::board_deals(&ev.settings, key, board)?.ok_or(AppError::NotFound)?;
    let spec = ev.settings.game_spec();
    let (club_id, id) = (club.id, ev.id);
    let loaded = ev.clone();
    let who = viewer.toward(club.id);
    let (par_visible, working) = (ev.exposure().robot_par_visible(who), state.pars.working());
    let (played, entries, pars) = state
        .db(move |c| {
            Ok((
                played_of(c, &loaded)?,
                service::entries::entries_of(c, club_id, id)?,
                match par_visible {
                    true => service::pars::event_pars(c, &loaded, working)?,
                    false => EventPars::unshown(EventGame::of(&loaded.settings)),
                },
            ))
        })
        .await?;
    let (par_figures, par_note) = par_shown(&pars, board);
    let last = u32::from(ev.settings.boards());
    let mut page = BoardPage {
        nav: Nav::new(&session, &viewer),
        event_id: ev.id,
        event_name: ev.settings.name().to_string(),
        board,
        previous: (board > 1).then(|| board - 1),
        next: (board < last).then(|| board + 1),
        directors_only,
        deals: deals
            .iter()
            .enumerate()
            .map(|(i, d)| deal_view(&spec, i + 1, d))
            .collect(),
        traveller: traveller(
            &ev,
            club.time_zone,
            who,
            board,
            &played,
            &entries,
            state.now(),
        ),
        scored: None,
        seat_names: ev.settings.side_names(),
        par_figures,
        par_note,
        pars,
        plays: Vec::new(),
        practice_seats: Vec::new(),
        practice_refused: None,
        practiced: Vec::new(),
        club,
    };
    if ev.exposure().key_visible(crate::event::Viewer::Anonymous) {
        match service::practice::offered(&ev) {
            Some(why) => page.practice_refused = Some(sentence(&why)),
            None => {
                page.practice_seats = spec
                    .seats()
                    .iter()
                    .map(|&s| {
                        let trump = spec
                            .trumps
                            .of(s)
                            .map(|t| format!(" {}", t.symbol()))
                            .unwrap_or_default();
                        (s.letter(), format!("{}{trump}", s.name()), s == Seat::South)
                    })
                    .collect();
                let loaded = ev.clone();
                let done = state
                    .work(move |pool| {
                        Ok(service::practice::finished_of_board(
                            pool, &loaded, board, 10,
                        )?)
                    })
                    .await?;
                page.practiced = done
                    .into_iter()
                    .map(|(t, net)| {
                        let seat = t.seat.parse::<Seat>().map(Seat::name).unwrap_or("A seat");
                        let net =
                            net.map_or_else(String::new, |n| format!(" · net {}", par::signed(n)));
                        (t.id, format!("{seat}{net}"))
                    })
                    .collect();
            }
        }
    }
    if page.traveller.is_some() {
        page.plays = played
            .results
            .iter()
            .filter(|r| r.place.board == board && r.play_record().is_some())
            .map(|r| (r.place.round, r.place.table))
            .collect();
        duet_dummies(&spec, board, &played.results, &mut page.deals);
        let c = computed(&state, page.club.clone(), ev, who).await?;
        page.scored = c.view.travellers.iter().find(|t| t.board == board).cloned();
    }
    Ok(html_page(StatusCode::OK, &page))
}

/// The service's words as a sentence: a capital first, a full stop last.
fn sentence(s: &str) -> String {
    let mut c = s.chars();
    let first = c
        .next()
        .map(|f| f.to_uppercase().collect::<String>())
        .unwrap_or_default();
    format!("{first}{}.", c.as_str())
}

/// A card as the play viewer shows it: "9♠", red or not, where its seat sits.
pub struct PlayedCard {
    pub seat: &'static str,
    pub place: &'static str,
    pub card: String,
    pub red: bool,
    pub led: bool,
    pub won: bool,
    pub revoke: bool,
}

fn played_card(c: &TrickCard, led: bool, winner: Seat) -> PlayedCard {
    PlayedCard {
        seat: c.seat.name(),
        place: place(c.seat),
        card: c.card.pretty(),
        red: c.card.suit().is_red(),
        led,
        won: c.seat == winner,
        revoke: c.revoke,
    }
}

/// One trick in the deal's list: each seat's card in the table's seat order.
pub struct TrickRow {
    pub number: usize,
    pub cards: Vec<Option<PlayedCard>>,
    pub winner: &'static str,
    pub piles: String,
}

/// `/c/{club}/events/{event}/boards/{board}/play/{round}/{table}`: one table's play, a
/// trick at a time (`?deal=2&trick=5`), from its play record.
#[derive(Template)]
#[template(path = "board_play.html")]
struct PlayPage {
    nav: Nav,
    club: Club,
    event_id: EventId,
    event_name: String,
    board: u32,
    round: u32,
    table: u32,
    /// Each deal's number and its tricks.
    deals: Vec<(usize, usize)>,
    deal: usize,
    trick: usize,
    dealer: &'static str,
    hands: Vec<HandView>,
    cards: Vec<PlayedCard>,
    winner: &'static str,
    previous: Option<(usize, usize)>,
    next: Option<(usize, usize)>,
    seats: Vec<&'static str>,
    rows: Vec<TrickRow>,
    /// The engine's score of the whole record: each side's trick pile and points.
    sides: Vec<(String, u32, i64)>,
    players: Vec<(&'static str, u32, i64)>,
}

#[derive(serde::Deserialize)]
pub struct StepQuery {
    deal: Option<String>,
    trick: Option<String>,
}

/// A step asked for, read leniently: anything that is not a number is the first.
fn step_number(asked: Option<&str>) -> usize {
    asked.and_then(|s| s.parse().ok()).unwrap_or(1).max(1)
}

pub async fn play(
    state: web::Data<AppState>,
    session: Session,
    viewer: MaybeDirector,
    path: web::Path<(String, String, String, String, String)>,
    query: web::Query<StepQuery>,
) -> Result<HttpResponse, AppError> {
    let (slug, event, board, round, table) = path.into_inner();
    let (club, ev, _) = visible_event(&state, &viewer, slug, &event).await?;
    let number = |s: &str| s.parse::<u32>().map_err(|_| AppError::NotFound);
    let (board, round, table) = (number(&board)?, number(&round)?, number(&table)?);
    let who = viewer.toward(club.id);
    let loaded = ev.clone();
    let now = state.now();
    let view = state
        .work(move |pool| {
            Ok(service::table_play::table_play(
                pool,
                &loaded,
                who,
                (board, round, table),
                now,
            )?)
        })
        .await?;
    let spec = ev.settings.game_spec();
    let deal_at = step_number(query.deal.as_deref()).min(view.deals.len());
    let Some(deal) = view.deals.get(deal_at.saturating_sub(1)) else {
        return Err(AppError::NotFound);
    };
    let trick_at = step_number(query.trick.as_deref()).min(deal.tricks.len());
    let Some(trick) = deal.tricks.get(trick_at.saturating_sub(1)) else {
        return Err(AppError::NotFound);
    };
    let hands = hand_views(&spec, |seat| {
        trick
            .hands_before
            .iter()
            .find(|(s, _)| *s == seat)
            .map(|(_, h)| *h)
            .unwrap_or_default()
    });
    let previous = if trick_at > 1 {
        Some((deal_at, trick_at - 1))
    } else {
        (deal_at > 1)
            .then(|| {
                view.deals
                    .get(deal_at - 2)
                    .map(|d| (deal_at - 1, d.tricks.len()))
            })
            .flatten()
    };
    let next = if trick_at < deal.tricks.len() {
        Some((deal_at, trick_at + 1))
    } else {
        (deal_at < view.deals.len()).then_some((deal_at + 1, 1))
    };
    let seats = spec.seats();
    let rows = deal
        .tricks
        .iter()
        .map(|t| TrickRow {
            number: t.number,
            cards: seats
                .iter()
                .map(|&s| {
                    t.cards
                        .iter()
                        .position(|c| c.seat == s)
                        .map(|i| played_card(&t.cards[i], i == 0, t.winner))
                })
                .collect(),
            winner: t.winner.name(),
            piles: t
                .piles
                .iter()
                .enumerate()
                .map(|(i, (_, n))| format!("{} {n}", side_letters(&spec, i)))
                .collect::<Vec<_>>()
                .join(" · "),
        })
        .collect();
    let page = PlayPage {
        nav: Nav::new(&session, &viewer),
        event_id: ev.id,
        event_name: ev.settings.name().to_string(),
        board,
        round,
        table,
        deals: view
            .deals
            .iter()
            .map(|d| (d.number, d.tricks.len()))
            .collect(),
        deal: deal_at,
        trick: trick_at,
        dealer: deal.dealer.name(),
        hands,
        cards: trick
            .cards
            .iter()
            .enumerate()
            .map(|(i, c)| played_card(c, i == 0, trick.winner))
            .collect(),
        winner: trick.winner.name(),
        previous,
        next,
        seats: seats.iter().map(|s| s.name()).collect(),
        rows,
        sides: view
            .score
            .sides
            .iter()
            .enumerate()
            .map(|(i, s)| (side_letters(&spec, i), s.trick_pile, s.score))
            .collect(),
        players: view
            .score
            .players
            .iter()
            .map(|p| (p.seat.name(), p.calypsos, p.score))
            .collect(),
        club,
    };
    Ok(html_page(StatusCode::OK, &page))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deals::{SetKey, board};

    #[test]
    fn a_hand_reads_as_the_hand_record_does() {
        let key = SetKey::from_bytes([0; 32]);
        let spec = GameSpec::default();
        let b = board(&key, 1, false, &spec, None).unwrap();
        let v = deal_view(&spec, 1, &b.deals[0]);
        assert_eq!(v.dealer, "North");
        let north = &v.hands[0];
        assert_eq!((north.seat, north.place), ("North", "north"));
        // The published JSON of this board starts North's hand with QS JS 9S 2S 5H.
        assert_eq!(north.suits[0].symbol, '♠');
        assert!(
            north.suits[0].ranks.starts_with("QJ92"),
            "{}",
            north.suits[0].ranks
        );
        assert_eq!(
            north.suits.iter().map(|s| s.red).collect::<Vec<_>>(),
            [false, true, true, false]
        );
        let cards: usize = north
            .suits
            .iter()
            .map(|s| s.ranks.chars().filter(|c| *c != '—').count())
            .sum();
        assert_eq!(cards, 13);
        // The default seating, SDHC: North-South hold the majors.
        let t = north.trump.as_ref().unwrap();
        assert_eq!((t.symbol, t.side.as_deref()), ('♠', Some("N-S")));
        assert_eq!(t.held as usize, north.suits[0].ranks.chars().count());
        let east = v.hands[1].trump.as_ref().unwrap();
        assert_eq!(
            (east.symbol, east.red, east.side.as_deref()),
            ('♦', true, Some("E-W"))
        );
    }
}
