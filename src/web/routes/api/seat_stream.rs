//! `GET /api/v1/seats/{token}/stream`: a seat's table as it happens, as Server-Sent Events
//! (docs/api.md, "The seat's stream"). The seat link's token is the credential. On connect
//! the seat's view; after each stored card, one `card` event per card since the last id
//! sent and then the new view; a comment every 15 s. Resumable from `Last-Event-ID` (or
//! `?after=n`). The stream follows the board its link gives at connect and ends after that
//! board's last view (`"over":true`).
//!
//! Bounded: each stream waits on its table's wake-up (one value, however many cards), holds
//! no connection while it waits, and sends only while the client takes bytes (a slow client
//! is simply not polled; when it takes again, the table is re-read and what it missed sent,
//! the cards from the log and the view as it is now).

use std::collections::VecDeque;
use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, web};
use futures_util::future::{Either, select};
use serde::Deserialize;

use crate::db::DbPool;
use crate::service::ActionError;
use crate::service::live::{self, CatchUp, StreamPermit, Subscription};
use crate::service::online::OnlineError;
use crate::web::error::AppError;
use crate::web::state::AppState;

/// A comment line this often keeps proxies and the client from closing a quiet stream, and
/// the table is read again then (a card no wake-up announced is sent at the latest then).
pub const HEARTBEAT: Duration = Duration::from_secs(15);

#[derive(Deserialize)]
pub struct StreamQuery {
    /// Resume after this card (as `Last-Event-ID`, which wins when both are sent).
    after: Option<u32>,
}

/// The `Last-Event-ID` header as a card number; a header that is not one is refused.
fn last_event_id(req: &HttpRequest) -> Result<Option<u32>, AppError> {
    let Some(v) = req.headers().get("Last-Event-ID") else {
        return Ok(None);
    };
    v.to_str()
        .ok()
        .map(str::trim)
        .and_then(|s| s.parse::<u32>().ok())
        .map(Some)
        .ok_or_else(|| {
            AppError::Api(
                StatusCode::BAD_REQUEST,
                "Last-Event-ID: give the id of the last event received (a card number, 0 for none)"
                    .into(),
            )
        })
}

/// Reads the seat's table on the blocking pool (a connection held only for the read).
async fn read(
    pool: DbPool,
    token: String,
    board: Option<u32>,
    after: u32,
) -> Result<Result<CatchUp, OnlineError>, AppError> {
    Ok(web::block(move || live::catch_up(&pool, &token, board, after)).await?)
}

pub async fn stream(
    state: web::Data<AppState>,
    path: web::Path<String>,
    q: web::Query<StreamQuery>,
    req: HttpRequest,
) -> Result<HttpResponse, AppError> {
    let token = path.into_inner();
    let after = last_event_id(&req)?.or(q.after).unwrap_or(0);
    let first = read(state.pool.clone(), token.clone(), None, after)
        .await
        .map_err(AppError::into_api)?
        .map_err(|e| AppError::from(e).into_api())?;
    let permit = state
        .live
        .open_stream(&token)
        .map_err(|e| AppError::Api(StatusCode::TOO_MANY_REQUESTS, e.to_string()))?;
    let mut sub = state.live.subscribe(first.at());
    // A card stored between the read and the subscription: read again at once.
    sub.mark_changed();
    let mut follow = Follow {
        pool: state.pool.clone(),
        token,
        board: first.place.board,
        last: 0,
        last_view: String::new(),
        sub,
        _permit: permit,
        pending: VecDeque::new(),
        done: false,
    };
    follow.absorb(first, true);
    let body = futures_util::stream::unfold(follow, Follow::next);
    Ok(HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, "text/event-stream"))
        .insert_header((CACHE_CONTROL, "no-cache"))
        // nginx: pass each event on as it comes.
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(body))
}

/// One open stream: what it has sent, and the table it waits on.
struct Follow {
    pool: DbPool,
    token: String,
    board: u32,
    /// The last card sent (or known to the client, from its `Last-Event-ID`).
    last: u32,
    /// The last view sent, as sent.
    last_view: String,
    sub: Subscription,
    _permit: StreamPermit,
    /// Events read and not yet taken by the client: at most one read's worth (the cards of
    /// one board and a view).
    pending: VecDeque<Bytes>,
    done: bool,
}

fn event(name: &str, id: u32, data: &str) -> Bytes {
    Bytes::from(format!("event: {name}\nid: {id}\ndata: {data}\n\n"))
}

impl Follow {
    /// Queues the cards after the last one sent and, when anything changed, the view.
    fn absorb(&mut self, c: CatchUp, first: bool) {
        let mut news = false;
        for card in c.cards.iter().filter(|card| card.seq > self.last) {
            let data = serde_json::to_string(card).unwrap_or_default();
            self.pending.push_back(event("card", card.seq, &data));
            news = true;
        }
        let view = serde_json::to_string(&c.view).unwrap_or_default();
        if first || news || view != self.last_view {
            self.pending.push_back(event("view", c.played, &view));
            self.last_view = view;
        }
        self.last = c.played;
        if c.view.over {
            self.done = true;
        }
    }

    /// The stream's last event: why it ends (a link revoked meanwhile, say).
    fn fail(&mut self, e: &OnlineError) {
        let message = if e.kind() == crate::service::ErrorKind::Internal {
            tracing::error!("a seat's stream could not read its table: {e}");
            "internal error".to_string()
        } else {
            e.to_string()
        };
        let data = serde_json::json!({ "error": message }).to_string();
        self.pending
            .push_back(Bytes::from(format!("event: error\ndata: {data}\n\n")));
        self.done = true;
    }

    async fn next(mut self) -> Option<(Result<Bytes, actix_web::Error>, Follow)> {
        loop {
            if let Some(b) = self.pending.pop_front() {
                return Some((Ok(b), self));
            }
            if self.done {
                return None;
            }
            let woken = {
                let changed = std::pin::pin!(self.sub.changed());
                let beat = std::pin::pin!(actix_web::rt::time::sleep(HEARTBEAT));
                matches!(select(changed, beat).await, Either::Left(_))
            };
            if !woken {
                self.pending
                    .push_back(Bytes::from_static(b": heartbeat\n\n"));
            }
            let read = read(
                self.pool.clone(),
                self.token.clone(),
                Some(self.board),
                self.last,
            )
            .await;
            match read {
                Ok(Ok(c)) => self.absorb(c, false),
                Ok(Err(e)) => self.fail(&e),
                Err(e) => {
                    tracing::error!("a seat's stream could not read its table: {e}");
                    self.pending.push_back(Bytes::from_static(
                        b"event: error\ndata: {\"error\":\"internal error\"}\n\n",
                    ));
                    self.done = true;
                }
            }
        }
    }
}
