//! The table on a phone and a laptop (#39 item 7): the page a personal seat link opens,
//! `/seat/{token}`. Everything on it comes from the seat's view (`service::online::
//! table_state`, the seat API's `SeatView`): its own hand and no other hidden hand, the trick
//! laid out around the table with this seat at the bottom, each seat's calypso in progress by
//! rank, the trick piles, the renounce indicators, whose turn, the last trick on demand and,
//! at the end, the score with the engine's breakdown.
//!
//! A legal card is a button of a form posting to `/seat/{token}/cards` with the seq the view
//! gave: with no script the post answers a redirect back to the page (or the page again with
//! the service's refusal, the hand kept); `static/seat.js` posts the same form with
//! `?part=table` and swaps in the answer, and follows the other seats' cards through the
//! seat's event stream, or by asking for `?part=table` every 2 s when the stream is not
//! there. See docs/online.md, "The table on a phone".

use actix_session::Session;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::engine::{Card, Seat};
use crate::event::online::view::{Played, SeatView};
use crate::event::online::words::{card_words, suit_words};
use crate::event::practice::PRACTICE_ROUND;
use crate::service::live;
use crate::service::online::{self, OnlineError};
use crate::service::online_duet;
use crate::service::practice;
use crate::service::{ActionError, ErrorKind};
use crate::web::auth::MaybeDirector;
use crate::web::error::{AppError, status_of};
use crate::web::page::{Nav, csrf_token};
use crate::web::practice_view::PracticeShow;
use crate::web::render::html_page;
use crate::web::state::AppState;

/// One card as the page shows it: `9♠` in its suit's colour, named in words.
pub struct CardShow {
    /// `9♠`
    pub text: String,
    /// The play records' notation, as the form sends it: `9S`.
    pub code: String,
    /// "nine of spades"
    pub words: String,
    pub red: bool,
}

impl CardShow {
    fn of(card: Card) -> CardShow {
        CardShow {
            text: card.pretty(),
            code: card.to_string(),
            words: card_words(card),
            red: card.suit().is_red(),
        }
    }
}

/// A card of the seat's own hand: a button when it is legal now.
pub struct HandCard {
    pub card: CardShow,
    pub legal: bool,
}

/// The cards of one suit of the hand, in the view's order.
pub struct SuitRow {
    pub words: &'static str,
    pub cards: Vec<HandCard>,
}

/// A seat's place around the table, relative to this seat (at the bottom).
pub struct Spot {
    /// `top`, `left`, `right` or `bottom`: the CSS grid area.
    pub area: &'static str,
    /// "West", or "You (South)".
    pub name: String,
    pub me: bool,
    pub to_play: bool,
    /// The card this seat played to the trick shown.
    pub card: Option<CardShow>,
}

/// A seat's calypsos and renounce indicators, as they lie face up.
pub struct SeatRow {
    pub name: String,
    pub me: bool,
    pub completed: u8,
    /// The ranks held of the calypso in progress, low to high as the view gives them.
    pub ranks: Vec<String>,
    /// The suits this seat has shown it cannot follow: symbol, red, words.
    pub renounced: Vec<(char, bool, &'static str)>,
}

pub struct PlayerRow {
    pub name: String,
    pub calypsos: u32,
    pub in_progress: usize,
    pub points: i64,
}

pub struct SideRow {
    pub name: String,
    pub trick_pile: u32,
    pub revoke_bonus: i64,
    pub points: i64,
}

/// A Calypso Duet player's part of the page: the choice step, then their dummy beside their
/// secret hand.
pub struct DuetShow {
    /// The choice asked of this player now: `look`, `dummy`, `pass`, `return`; empty when
    /// none.
    pub step: String,
    /// The deal the choices are for.
    pub deal: usize,
    /// What the step asks, in words.
    pub prompt: String,
    pub other_choosing: bool,
    /// The player's two dealt hands: (board seat letter, "the hand dealt to North").
    pub dealt: Vec<(String, String)>,
    /// The dummy step: the board seat that is the dummy if the hand looked at is kept as the
    /// secret hand, and the one that is if it is made the dummy.
    pub keep_hand: String,
    pub make_dummy: String,
    pub looking: Vec<CardShow>,
    pub set_aside: Vec<CardShow>,
    pub choose_from: Vec<CardShow>,
    /// "South": the player's dummy seat.
    pub dummy_name: &'static str,
    /// The player's dummy once exposed, its legal cards buttons when it is to play.
    pub dummy: Vec<HandCard>,
    pub dummy_turn: bool,
}

/// Everything the table part of the page shows, from one seat's view.
pub struct TableShow {
    pub round: u32,
    pub table: u32,
    pub board: u32,
    pub seat_name: &'static str,
    pub deal: usize,
    pub trick: usize,
    pub over: bool,
    pub my_turn: bool,
    /// "Your turn", "West to play", "The board is over".
    pub turn: String,
    /// The seq the next card must carry (the form's hidden field).
    pub seq: u64,
    /// The table's spots, top, left, right, bottom (the seats in play).
    pub spots: Vec<Spot>,
    /// The middle shows the trick just completed (no card of the next one yet).
    pub showing_last: bool,
    pub hand: Vec<SuitRow>,
    pub hand_size: usize,
    pub rows: Vec<SeatRow>,
    /// Trick-pile cards per side: "N-S", 24.
    pub piles: Vec<(String, u32)>,
    pub last_trick: Vec<(String, CardShow)>,
    pub players: Vec<PlayerRow>,
    pub sides: Vec<SideRow>,
    pub split_totals: Vec<(String, i64)>,
    pub table_total: Option<i64>,
    /// What the live region says after this view: the last card played and whose turn.
    pub announce: String,
    /// Calypso Duet: the players are choosing for the next deal (`deal` is that deal's).
    pub choosing: bool,
    /// Calypso Duet only.
    pub duet: Option<DuetShow>,
    /// Changes whenever the table part does (the card's seq; in a Duet, the choices too):
    /// the page's script swaps the part in when it differs.
    pub stamp: String,
    /// A robot duplicate's later board: the board to play first, in words, with its link.
    pub play_first: Option<PlayFirstShow>,
    /// The director seated a robot for this person: the notice, in words.
    pub robot_seated: Option<&'static str>,
}

/// The board to play before this one: "Play board 1 first: ...", and board 1's page.
pub struct PlayFirstShow {
    pub board: u32,
    pub message: String,
    pub href: Option<String>,
}

/// A side's name as players say it: `NS` is "N-S", a seat alone its name.
fn side_words(name: &str) -> String {
    match name {
        "NS" => "N-S".into(),
        "EW" => "E-W".into(),
        "N" => "North".into(),
        "E" => "East".into(),
        "S" => "South".into(),
        "W" => "West".into(),
        other => other
            .chars()
            .map(String::from)
            .collect::<Vec<_>>()
            .join("-"),
    }
}

fn seat_name(seat: Seat, me: Seat) -> String {
    if seat == me {
        format!("You ({})", seat.name())
    } else {
        seat.name().to_string()
    }
}

/// As [`seat_name`], a Duet player's dummy named as theirs.
fn seat_name_duet(seat: Seat, me: Seat, my_dummy: Option<Seat>) -> String {
    if Some(seat) == my_dummy {
        format!("Your dummy ({})", seat.name())
    } else {
        seat_name(seat, me)
    }
}

fn duet_show(v: &SeatView, my_dummy: Seat) -> Option<DuetShow> {
    let d = v.duet.as_ref()?;
    let cards = |c: &Option<crate::event::online::view::Cards>| -> Vec<CardShow> {
        c.as_ref()
            .map(|c| c.0.iter().map(|&x| CardShow::of(x)).collect())
            .unwrap_or_default()
    };
    let dealt: Vec<(String, String)> = d
        .seats
        .dealt
        .iter()
        .map(|s| {
            (
                s.letter().to_string(),
                format!("the hand dealt to {}", s.name()),
            )
        })
        .collect();
    let looked = d.seats.looked_at;
    let other = |s: Seat| d.seats.dealt.iter().copied().find(|&x| x != s).unwrap_or(s);
    let (keep_hand, make_dummy) = match looked {
        Some(l) => (other(l).letter().to_string(), l.letter().to_string()),
        None => (String::new(), String::new()),
    };
    let prompt = match d.step {
        Some("look") => "Look at one of your two hands.".to_string(),
        Some("dummy") => {
            "Keep the hand you looked at as your secret hand, or make it your dummy.".to_string()
        }
        Some("pass") => {
            "Choose three cards of the hand you looked at to set aside: they join your other hand."
                .to_string()
        }
        Some("return") => {
            "Choose three cards of your other hand to move into the hand you looked at.".to_string()
        }
        _ if d.other_choosing => "Waiting for the other player's choices.".to_string(),
        _ => String::new(),
    };
    let legal: &[Card] = v.legal.as_ref().map_or(&[], |l| &l.0);
    let dummy_turn = v.to_play == Some(my_dummy) && v.legal.is_some();
    let dummy = v
        .dummies
        .as_ref()
        .and_then(|m| m.get(my_dummy))
        .map(|c| {
            c.0.iter()
                .map(|&x| HandCard {
                    card: CardShow::of(x),
                    legal: dummy_turn && legal.contains(&x),
                })
                .collect()
        })
        .unwrap_or_default();
    let deal = if v.to_play.is_none() && !v.over {
        v.deal + 1
    } else {
        v.deal
    };
    Some(DuetShow {
        step: d.step.unwrap_or_default().to_string(),
        deal,
        prompt,
        other_choosing: d.other_choosing,
        dealt,
        keep_hand,
        make_dummy,
        looking: cards(&d.looking),
        set_aside: cards(&d.set_aside),
        choose_from: cards(&d.choose_from),
        dummy_name: my_dummy.name(),
        dummy,
        dummy_turn,
    })
}

fn played_words(p: &Played, me: Seat) -> String {
    if p.seat == me {
        format!("You played the {}.", card_words(p.card))
    } else {
        format!("{} played the {}.", p.seat.name(), card_words(p.card))
    }
}

impl TableShow {
    pub fn of(v: &SeatView) -> TableShow {
        let me = v.seat;
        let my_dummy: Option<Seat> = v.duet.as_ref().map(|d| d.seats.dummy);
        let seat_name = |seat: Seat, me: Seat| seat_name_duet(seat, me, my_dummy);
        let seats: Vec<Seat> = v.calypsos.0.iter().map(|(s, _)| *s).collect();
        let players = seats.len().max(1);
        // Around the table from this seat, in the order of play: the next seat on the left,
        // then across, then on the right (three seats: left and right).
        let areas: &[&'static str] = if players >= 4 {
            &["bottom", "left", "top", "right"]
        } else {
            &["bottom", "left", "right"]
        };
        let showing_last = v.trick_so_far.is_empty() && !v.last_trick.is_empty();
        let shown: &[Played] = if showing_last {
            &v.last_trick
        } else {
            &v.trick_so_far
        };
        let mut spots: Vec<Spot> = areas
            .iter()
            .enumerate()
            .map(|(i, &area)| {
                let seat = me.left_by(i, players);
                Spot {
                    area,
                    name: seat_name(seat, me),
                    me: seat == me,
                    to_play: v.to_play == Some(seat),
                    card: shown
                        .iter()
                        .find(|p| p.seat == seat)
                        .map(|p| CardShow::of(p.card)),
                }
            })
            .collect();
        let order = ["top", "left", "right", "bottom"];
        spots.sort_by_key(|s| order.iter().position(|a| *a == s.area));

        // A Duet player's legal cards are their dummy's when the dummy is to play.
        let legal: &[Card] = match v.legal.as_ref() {
            Some(l) if v.to_play == Some(me) => &l.0,
            _ => &[],
        };
        let mut hand: Vec<SuitRow> = Vec::new();
        for &card in &v.hand.0 {
            let c = HandCard {
                card: CardShow::of(card),
                legal: legal.contains(&card),
            };
            match hand.last_mut() {
                Some(row) if row.words == suit_words(card.suit()) => row.cards.push(c),
                _ => hand.push(SuitRow {
                    words: suit_words(card.suit()),
                    cards: vec![c],
                }),
            }
        }

        let rows = v
            .calypsos
            .0
            .iter()
            .map(|(seat, c)| SeatRow {
                name: seat_name(*seat, me),
                me: *seat == me,
                completed: c.completed,
                ranks: c.ranks.clone(),
                renounced: v
                    .renounced
                    .get(*seat)
                    .map(|s| {
                        s.0.iter()
                            .map(|suit| (suit.symbol(), suit.is_red(), suit_words(*suit)))
                            .collect()
                    })
                    .unwrap_or_default(),
            })
            .collect();

        let choosing = v.duet.as_ref().is_some_and(|d| d.step.is_some());
        let play_first = v.play_first.as_ref().map(|f| PlayFirstShow {
            board: f.board,
            message: f.message.clone(),
            href: f.token.as_ref().map(|t| format!("/seat/{t}")),
        });
        let turn = match v.to_play {
            _ if play_first.is_some() => "Not this board yet".to_string(),
            None if v.duet.is_some() && !v.over => "Choices before the deal".to_string(),
            None => "The board is over".to_string(),
            Some(s) if s == me => "Your turn".to_string(),
            Some(s) if Some(s) == my_dummy && choosing => {
                format!("Your dummy ({}) is about to play", s.name())
            }
            Some(s) if Some(s) == my_dummy => format!("Your dummy's turn ({})", s.name()),
            Some(s) => format!("{} to play", s.name()),
        };
        let last_played = v.trick_so_far.last().or(v.last_trick.last());
        let announce = match last_played {
            Some(p) => format!("{} {turn}.", played_words(p, me)),
            None => format!("{turn}."),
        };

        let duet = my_dummy.and_then(|d| duet_show(v, d));
        let stamp = match &v.duet {
            Some(d) => format!(
                "{}-{}-{}-{}-{}",
                v.seq,
                d.step.unwrap_or(""),
                d.other_choosing,
                d.looked_at.as_deref().unwrap_or(""),
                v.hand.0.len()
            ),
            None => v.seq.to_string(),
        };
        let between = v.duet.is_some() && v.to_play.is_none() && !v.over;
        TableShow {
            round: v.round,
            table: v.table,
            board: v.board,
            seat_name: me.name(),
            deal: if between { v.deal + 1 } else { v.deal },
            choosing: between,
            trick: v.trick,
            over: v.over,
            my_turn: v.play_first.is_none()
                && !v.robot_seated
                && (v.to_play == Some(me) || (my_dummy.is_some() && v.to_play == my_dummy)),
            turn,
            seq: v.seq,
            spots,
            showing_last,
            hand_size: v.hand.0.len(),
            hand,
            rows,
            piles: v.piles.0.iter().map(|(n, c)| (side_words(n), *c)).collect(),
            last_trick: v
                .last_trick
                .iter()
                .map(|p| (seat_name(p.seat, me), CardShow::of(p.card)))
                .collect(),
            players: v
                .score
                .players
                .0
                .iter()
                .map(|(s, p)| PlayerRow {
                    name: seat_name(*s, me),
                    calypsos: p.calypsos,
                    in_progress: p.in_progress,
                    points: p.points,
                })
                .collect(),
            sides: v
                .score
                .sides
                .0
                .iter()
                .map(|(n, s)| SideRow {
                    name: side_words(n),
                    trick_pile: s.trick_pile,
                    revoke_bonus: s.revoke_bonus,
                    points: s.points,
                })
                .collect(),
            split_totals: v
                .score
                .split_totals
                .as_ref()
                .map(|m| m.0.iter().map(|(s, n)| (seat_name(*s, me), *n)).collect())
                .unwrap_or_default(),
            table_total: v.score.table_total,
            announce,
            duet,
            // The page's part is swapped in again once the board before is finished.
            stamp: match (&play_first, v.robot_seated) {
                (Some(f), _) => format!("{stamp}-first{}", f.board),
                // Swapped in again when the director gives the seat back.
                (None, true) => format!("{stamp}-robot"),
                (None, false) => stamp,
            },
            play_first,
            robot_seated: v
                .robot_seated
                .then_some(crate::service::online::ROBOT_SEATED),
        }
    }
}

#[derive(Template)]
#[template(path = "seat.html")]
struct SeatPage {
    nav: Nav,
    token: String,
    csrf: String,
    t: TableShow,
    message: Option<String>,
    practice: Option<PracticeShow>,
}

/// The part of the page that changes as cards are played (`?part=table`).
#[derive(Template)]
#[template(path = "_seat_table.html")]
struct SeatTable {
    token: String,
    csrf: String,
    t: TableShow,
    message: Option<String>,
    /// A practice table once over: its net beside the field's and the robot par.
    practice: Option<PracticeShow>,
}

/// A seat link that does not open a table: not known, revoked, or its event not ready.
#[derive(Template)]
#[template(path = "error.html")]
struct SeatError<'a> {
    title: &'a str,
    message: &'a str,
}

#[derive(Deserialize)]
pub struct PartQuery {
    part: Option<String>,
}

impl PartQuery {
    fn table_only(&self) -> bool {
        self.part.as_deref() == Some("table")
    }
}

/// A seat page is the seat's own hand: never kept by a cache, and its address (the seat's
/// credential) never sent on as a referrer.
fn private(mut r: HttpResponse) -> HttpResponse {
    let h = r.headers_mut();
    h.insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-store"),
    );
    h.insert(
        header::REFERRER_POLICY,
        header::HeaderValue::from_static("no-referrer"),
    );
    r
}

/// The page for a link that opens no table, in words; an internal failure stays the site's
/// own error (logged, never shown).
fn link_refused(e: OnlineError) -> Result<HttpResponse, AppError> {
    let status = status_of(e.kind());
    let (title, message) = match e.kind() {
        ErrorKind::NotFound => (
            "Seat link not known",
            "This seat link is not known. Check that the whole link was copied, or ask the \
             director for your seat's link."
                .to_string(),
        ),
        ErrorKind::Forbidden => (
            "Seat link revoked",
            "This seat link was revoked by the director: ask the director for a new one."
                .to_string(),
        ),
        ErrorKind::Conflict => ("The table is not open", e.to_string()),
        ErrorKind::Invalid => ("This seat cannot play", e.to_string()),
        ErrorKind::Internal => return Err(e.into()),
    };
    let page = SeatError {
        title,
        message: &message,
    };
    Ok(private(html_page(status, &page)))
}

/// The page (or its table part) from a view, with a refusal's words when there is one.
#[allow(clippy::too_many_arguments)]
fn answer(
    session: &Session,
    viewer: &MaybeDirector,
    token: String,
    view: &SeatView,
    message: Option<String>,
    status: StatusCode,
    table_only: bool,
    practice: Option<PracticeShow>,
) -> HttpResponse {
    let t = TableShow::of(view);
    let csrf = csrf_token(session);
    let r = if table_only {
        html_page(
            status,
            &SeatTable {
                token,
                csrf,
                t,
                message,
                practice,
            },
        )
    } else {
        html_page(
            status,
            &SeatPage {
                nav: Nav::new(session, viewer),
                token,
                csrf,
                t,
                message,
                practice,
            },
        )
    };
    private(r)
}

/// A practice table's end (#39 item 6c), once its last card is played: None for any other
/// table, or before; a failure to read it is logged and the table page shown without it.
async fn practice_end(state: &AppState, view: &SeatView) -> Option<PracticeShow> {
    if !view.over || view.round != PRACTICE_ROUND {
        return None;
    }
    let (table, working, now) = (view.table, state.pars.working(), state.now());
    let end = state
        .work(move |pool| Ok(practice::end_of(pool, table, working, now)))
        .await;
    match end {
        Ok(Ok(end)) => Some(PracticeShow::of(&end).on_table()),
        Ok(Err(e)) => {
            tracing::warn!(practice = table, "a practice table's end was not read: {e}");
            None
        }
        Err(e) => {
            tracing::warn!(practice = table, "a practice table's end was not read: {e}");
            None
        }
    }
}

async fn view_of(state: &AppState, token: &str) -> Result<Result<SeatView, OnlineError>, AppError> {
    let (token, at) = (token.to_string(), state.now());
    state
        .work(move |pool| Ok(online::seat_view(pool, &token, at)))
        .await
}

/// The page (or, `table_only`, its table part) as the seat sees it now, with `message` at
/// `status`: a practice table's end shown once it is over.
async fn seat_answer(
    state: &AppState,
    session: &Session,
    viewer: &MaybeDirector,
    token: String,
    message: Option<String>,
    status: StatusCode,
    table_only: bool,
) -> Result<HttpResponse, AppError> {
    match view_of(state, &token).await? {
        Ok(view) => {
            let practice = practice_end(state, &view).await;
            Ok(answer(
                session, viewer, token, &view, message, status, table_only, practice,
            ))
        }
        Err(e) => link_refused(e),
    }
}

/// A form field's value, trimmed (empty when the form has none).
fn form_field(form: &[(String, String)], name: &str) -> String {
    form.iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.trim().to_string())
        .unwrap_or_default()
}

/// What a seat's post came to.
enum Posted {
    /// Made: back to the page (a redirect).
    Back(HttpResponse),
    /// Refused in words at this status (the service's 409 and 422 kinds, or a form that
    /// does not read): the page comes again with them.
    Refused(StatusCode, String),
    /// Any other refusal (the link's), answered alone.
    Alone(Result<HttpResponse, AppError>),
}

impl Posted {
    fn of<T>(token: &str, made: Result<T, OnlineError>) -> Posted {
        match made {
            Ok(_) => Posted::Back(
                HttpResponse::SeeOther()
                    .insert_header((header::LOCATION, format!("/seat/{token}")))
                    .finish(),
            ),
            Err(e) if matches!(e.kind(), ErrorKind::Conflict | ErrorKind::Invalid) => {
                Posted::Refused(status_of(e.kind()), capitalised(&e.to_string()))
            }
            Err(e) => Posted::Alone(link_refused(e)),
        }
    }
}

/// The answer to a seat's post: made, back to the page; refused in the service's words, the
/// page again with them (`table_only`: its table part); any other refusal alone.
async fn after_post(
    state: &AppState,
    session: &Session,
    viewer: &MaybeDirector,
    token: String,
    posted: Posted,
    table_only: bool,
) -> Result<HttpResponse, AppError> {
    match posted {
        Posted::Back(back) => Ok(back),
        Posted::Alone(answer) => answer,
        Posted::Refused(status, words) => {
            seat_answer(
                state,
                session,
                viewer,
                token,
                Some(words),
                status,
                table_only,
            )
            .await
        }
    }
}

/// `GET /seat/{token}`: the table as this seat sees it; `?part=table` only the part that
/// changes as cards are played.
pub async fn show(
    state: web::Data<AppState>,
    session: Session,
    viewer: MaybeDirector,
    path: web::Path<String>,
    query: web::Query<PartQuery>,
) -> Result<HttpResponse, AppError> {
    let token = path.into_inner();
    let table_only = query.table_only();
    seat_answer(
        &state,
        &session,
        &viewer,
        token,
        None,
        StatusCode::OK,
        table_only,
    )
    .await
}

/// `POST /seat/{token}/cards` (`card`, `seq`): plays the card. Played: back to the page (a
/// redirect, or the table part for the page's script). Refused (the 409 and 422 kinds): the
/// page again with the service's words and the hand as it is now.
pub async fn post_card(
    state: web::Data<AppState>,
    session: Session,
    viewer: MaybeDirector,
    path: web::Path<String>,
    query: web::Query<PartQuery>,
    form: web::Form<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let token = path.into_inner();
    let card = form_field(&form, "card");
    let seq = form_field(&form, "seq");
    let table_only = query.table_only();
    let posted = match seq.parse::<u32>() {
        Err(_) => Posted::Refused(
            StatusCode::UNPROCESSABLE_ENTITY,
            "The card came without a readable card number (seq): play it again from this page."
                .to_string(),
        ),
        Ok(_) if card.is_empty() => Posted::Refused(
            StatusCode::UNPROCESSABLE_ENTITY,
            "No card was chosen: tap one of your cards.".to_string(),
        ),
        Ok(seq) => {
            let (t, hub, at) = (token.clone(), state.live.clone(), state.now());
            let played = state
                .work(move |pool| Ok(live::play_card(pool, &hub, &t, &card, seq, at)))
                .await?;
            match played {
                // The page's script: the table part after the card, at once.
                Ok(view) if table_only => {
                    let practice = practice_end(&state, &view).await;
                    return Ok(answer(
                        &session,
                        &viewer,
                        token,
                        &view,
                        None,
                        StatusCode::OK,
                        true,
                        practice,
                    ));
                }
                played => Posted::of(&token, played),
            }
        }
    };
    after_post(&state, &session, &viewer, token, posted, table_only).await
}

/// `POST /seat/{token}/duet` (`step`, `hand` or `card` three times, `seq`): a Calypso
/// Duet player's choice. Made: back to the page. Refused: the page again with the words.
pub async fn post_duet(
    state: web::Data<AppState>,
    session: Session,
    viewer: MaybeDirector,
    path: web::Path<String>,
    form: web::Form<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let token = path.into_inner();
    let cards: Vec<String> = form
        .iter()
        .filter(|(k, _)| k == "card")
        .take(14)
        .map(|(_, v)| v.trim().to_string())
        .collect();
    let step = form_field(&form, "step");
    let hand = Some(form_field(&form, "hand")).filter(|h| !h.is_empty());
    let posted = match form_field(&form, "seq").parse::<u32>() {
        Err(_) => Posted::Refused(
            StatusCode::UNPROCESSABLE_ENTITY,
            "The choice came without a readable card number (seq): choose again from this page."
                .to_string(),
        ),
        Ok(seq) => {
            let sent = online_duet::ChoiceSent {
                step,
                hand,
                cards,
                seq,
            };
            let (t, hub, at) = (token.clone(), state.live.clone(), state.now());
            let made = state
                .work(move |pool| Ok(online_duet::choose(pool, &hub, &t, &sent, at)))
                .await?;
            Posted::of(&token, made)
        }
    };
    // A practice table is never Duet's: no practice end is shown (none is read).
    after_post(&state, &session, &viewer, token, posted, false).await
}

/// The service's words as a sentence on the page: "It is West's turn to play, not South's".
fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_are_named_as_players_say_them() {
        assert_eq!(side_words("NS"), "N-S");
        assert_eq!(side_words("EW"), "E-W");
        assert_eq!(side_words("W"), "West");
        assert_eq!(side_words("NES"), "N-E-S");
        assert_eq!(capitalised("it is West's turn"), "It is West's turn");
    }
}
