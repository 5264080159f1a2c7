//! Calypso Duet at an online table (#39 item 9): a Duet player's choices of each deal (the
//! hand they look at, their dummy, in call-and-response the three cards set aside and the
//! three moved back), posted through their seat link as cards are. Each choice is checked
//! by replaying the table (cards and choices) with no connection held, then stored as one
//! row in its own short transaction (`db::duet`); the row's key lets a repeated or
//! concurrent post of the same choice act once. See docs/online.md, "Calypso Duet".

use crate::db::duet::{ChoiceStored, StoredChoice};
use crate::db::{self, DbPool};
use crate::engine::{Card, Seat};
use crate::event::EventStatus;
use crate::event::online::duet::{self as rules, Choice, ChoiceRefused, Step};
use crate::event::online::replay;
use crate::event::online::view::SeatView;
use crate::service::live::Hub;
use crate::service::online::{self, OnlineError};

/// A choice as the seat API and the page send it: the step's name, a hand (a seat letter)
/// for `look` and `dummy`, three cards for `pass` and `return`, and the seq the view gave.
#[derive(Clone, Debug, Default)]
pub struct ChoiceSent {
    pub step: String,
    pub hand: Option<String>,
    pub cards: Vec<String>,
    pub seq: u32,
}

/// Makes the token's player's choice: the table read (short), the choice checked by replay
/// with no connection held, then stored in its own short transaction, the table's streams
/// woken. Returns the player's view after it.
pub fn choose(
    pool: &DbPool,
    hub: &Hub,
    token: &str,
    sent: &ChoiceSent,
    at: chrono::NaiveDateTime,
) -> Result<SeatView, OnlineError> {
    let step = Step::parse(sent.step.trim()).ok_or_else(|| {
        OnlineError::Invalid(format!(
            "step must be one of look, dummy, pass, return, not \"{}\"",
            sent.step.chars().take(20).collect::<String>()
        ))
    })?;
    if sent.cards.len() > 13 {
        return Err(OnlineError::Invalid("too many cards: choose three".into()));
    }
    let hand = match (step, sent.hand.as_deref()) {
        (Step::Look | Step::Dummy, Some(h)) => Some(h.trim().parse::<Seat>().map_err(|_| {
            OnlineError::Invalid(format!(
                "hand must be a seat letter (N, E, S, W), not \"{}\"",
                h.chars().take(20).collect::<String>()
            ))
        })?),
        (Step::Look | Step::Dummy, None) => {
            return Err(OnlineError::Invalid(
                "name the hand: its seat letter (\"hand\")".into(),
            ));
        }
        _ => None,
    };
    let cards = match step {
        Step::Pass | Step::Return => sent
            .cards
            .iter()
            .map(|c| {
                c.trim()
                    .parse::<Card>()
                    .map_err(|e| OnlineError::Invalid(format!("not a card: {e}")))
            })
            .collect::<Result<Vec<_>, _>>()?,
        _ => Vec::new(),
    };
    let (place, ev, moves, play, choices) = online::read_seat_table(pool, token)?;
    if let Some(why) = play.refusal_at(at) {
        return Err(OnlineError::NotNow(why));
    }
    if ev.status != EventStatus::Running {
        return Err(OnlineError::NotNow(format!(
            "the event is {}: choices are made while it is running",
            ev.status
        )));
    }
    let (spec, board) = online::dealt_board(&ev, place.board)?;
    let Some(duet) = spec.duet.as_ref() else {
        return Err(OnlineError::Invalid(format!(
            "a game of {} has no Duet choices: play cards",
            spec.variant
        )));
    };
    let mut table = replay::replay_with(&spec, &board, &moves, &choices)?;
    if sent.seq != table.next_seq() {
        return Err(refused(ChoiceRefused::StaleSeq {
            sent: sent.seq,
            next: table.next_seq(),
        }));
    }
    let deal = rules::deal_now(&table.game).unwrap_or(table.game.deals_dealt());
    let choice = Choice {
        deal,
        player: duet.player_at(place.seat),
        step,
        hand,
        cards,
        cards_before: table.seq,
    };
    rules::choose(&mut table, &board, &choice).map_err(refused)?;
    let row = StoredChoice {
        deal: i32::try_from(deal).unwrap_or(0),
        seat: duet.players[choice.player].secret.letter().to_string(),
        step: step.as_str().to_string(),
        value: choice.value(),
        cards_before: i32::try_from(choice.cards_before).unwrap_or(i32::MAX),
    };
    let mut conn = pool.get()?;
    let stored = db::duet::insert_choice(&mut conn, place.at(), &row, at)?;
    drop(conn);
    match stored {
        ChoiceStored::Chosen => {}
        ChoiceStored::Taken => {
            return Err(refused(ChoiceRefused::NotNow(format!(
                "you have already {} in deal {deal}",
                match step {
                    Step::Look => "looked at a hand",
                    Step::Dummy => "chosen your dummy",
                    Step::Pass => "set three cards aside",
                    Step::Return => "moved three cards back",
                }
            ))));
        }
    }
    hub.wake(place.at());
    online::touch_seen(pool, token, at);
    online::view_of(place, &table)
}

/// A refused choice as the service's error: 409 when the table is not where the sender
/// thought, 422 when the choice itself is not allowed.
fn refused(r: ChoiceRefused) -> OnlineError {
    if r.is_conflict() {
        OnlineError::NotNow(r.to_string())
    } else {
        OnlineError::Invalid(r.to_string())
    }
}
