//! A seat client over HTTP (#39's seat API): a seat's view, its posts (a card, a Duet
//! choice), the cards an answer names, and its live stream read event by event. The seat
//! link's token is the only credential: no cookies.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use calypso_director::engine::Card;
use calypso_director::event::online::words::card_words;
use reqwest::StatusCode;
use serde_json::Value;

use super::TestApp;

/// `GET /api/v1/seats/{token}`: the seat's view, as (status, JSON).
pub async fn seat_get(app: &TestApp, token: &str) -> (StatusCode, Value) {
    let r = reqwest::get(format!("{}/api/v1/seats/{token}", app.address))
        .await
        .unwrap();
    let s = r.status();
    (s, r.json().await.unwrap())
}

/// `POST /api/v1/seats/{token}/cards` with `body` (`{"card", "seq"}`), as (status, JSON).
pub async fn seat_post(app: &TestApp, token: &str, body: Value) -> (StatusCode, Value) {
    seat_post_to(app, token, "cards", body).await
}

/// `POST /api/v1/seats/{token}/{what}` (`cards`, or `duet` for a Duet player's choice) with
/// `body`, as (status, JSON).
pub async fn seat_post_to(
    app: &TestApp,
    token: &str,
    what: &str,
    body: Value,
) -> (StatusCode, Value) {
    let r = reqwest::Client::new()
        .post(format!("{}/api/v1/seats/{token}/{what}", app.address))
        .json(&body)
        .send()
        .await
        .unwrap();
    let s = r.status();
    (s, r.json().await.unwrap())
}

/// A list of cards in an answer (`hand`, `legal`, ...) as their names ("9S"); none when
/// the key is absent.
pub fn cards(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| a.iter().map(|c| c.as_str().unwrap().to_string()).collect())
        .unwrap_or_default()
}

/// Every card that shows on a seat's page, in any of the ways a card is written on it: `9♠`,
/// a form's `value="9S"`, "nine of spades".
pub fn cards_on_page(html: &str) -> BTreeSet<Card> {
    Card::all()
        .filter(|c| {
            html.contains(&format!(">{}<", c.pretty()))
                || html.contains(&format!("value=\"{c}\""))
                || html.contains(&card_words(*c))
        })
        .collect()
}

/// One Server-Sent Event as received: its name (`comment` for a comment line), id, data,
/// and every byte of it as sent.
#[derive(Debug, Clone)]
pub struct Sse {
    pub event: String,
    pub id: Option<u32>,
    pub data: String,
    pub raw: String,
}

impl Sse {
    /// The event's data as JSON.
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.data).unwrap()
    }
}

/// A seat's stream (`GET /api/v1/seats/{token}/stream`), read event by event (comments are
/// kept as events named "comment", so their bytes are scanned too).
pub struct Stream {
    resp: reqwest::Response,
    buf: String,
    ended: bool,
}

impl Stream {
    /// Opens the stream (`Last-Event-ID` when given, `query` after the path: `?after=n`).
    pub async fn open(
        app: &TestApp,
        token: &str,
        last_event_id: Option<&str>,
        query: &str,
    ) -> Stream {
        let mut req = reqwest::Client::new().get(format!(
            "{}/api/v1/seats/{token}/stream{query}",
            app.address
        ));
        if let Some(id) = last_event_id {
            req = req.header("Last-Event-ID", id);
        }
        let resp = req.send().await.unwrap();
        assert_eq!(resp.status(), 200, "{:?}", resp.text().await);
        assert_eq!(
            resp.headers()["content-type"].to_str().unwrap(),
            "text/event-stream"
        );
        Stream {
            resp,
            buf: String::new(),
            ended: false,
        }
    }

    /// The next event, or none when the stream ended; panics after `wait` without one.
    pub async fn next(&mut self, wait: Duration) -> Option<Sse> {
        let until = Instant::now() + wait;
        loop {
            if let Some(end) = self.buf.find("\n\n") {
                let raw: String = self.buf.drain(..end + 2).collect();
                return Some(parse(&raw));
            }
            if self.ended {
                assert!(
                    self.buf.is_empty(),
                    "a partial event at the end: {}",
                    self.buf
                );
                return None;
            }
            let left = until.saturating_duration_since(Instant::now());
            let chunk = tokio::time::timeout(left, self.resp.chunk())
                .await
                .unwrap_or_else(|_| panic!("no event within {wait:?} (have {:?})", self.buf))
                .unwrap();
            match chunk {
                Some(b) => self.buf.push_str(std::str::from_utf8(&b).unwrap()),
                None => self.ended = true,
            }
        }
    }

    /// The next event that is not a comment.
    pub async fn event(&mut self, wait: Duration) -> Option<Sse> {
        loop {
            let e = self.next(wait).await?;
            if e.event != "comment" {
                return Some(e);
            }
        }
    }
}

fn parse(raw: &str) -> Sse {
    let mut e = Sse {
        event: "message".into(),
        id: None,
        data: String::new(),
        raw: raw.to_string(),
    };
    for line in raw.lines() {
        if line.is_empty() {
            // the blank line that ends the event
        } else if line.starts_with(':') {
            e.event = "comment".into();
        } else if let Some(v) = line.strip_prefix("event: ") {
            e.event = v.into();
        } else if let Some(v) = line.strip_prefix("id: ") {
            e.id = Some(v.parse().unwrap());
        } else if let Some(v) = line.strip_prefix("data: ") {
            e.data = v.into();
        } else {
            panic!("an unexpected line in {raw:?}");
        }
    }
    e
}

/// A Mitchell of club alpha at 2 tables, 4 pairs ("Ann n" & "Bob n"), 1 round, set to be
/// played online through the API while a draft: the director, their API, the event, its
/// page, and the event's JSON after the `"play": "online"` PATCH.
pub async fn online_draft(
    app: &TestApp,
) -> (
    super::Browser,
    super::Api,
    calypso_director::event::EventId,
    String,
    Value,
) {
    use super::*;
    let d = app.club_with_owner("alpha", "owner@alpha.test").await;
    let api = api_for(app, &d, "alpha").await;
    let mut fields = event_fields("Online evening");
    fields[4] = ("tables", "2");
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    let page = location(&r);
    let id = id_from_location(&page);
    enter_pairs(&d, &format!("{page}/entries"), 4, "Ann", "Bob").await;
    let movement = format!("{page}/movement");
    let r = d.post(&movement, &movement, &[("rounds", "1")]).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (s, ev) = api
        .send(
            "PATCH",
            &format!("/events/{id}"),
            Some(serde_json::json!({"play": "online"})),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{ev}");
    (d, api, id, page, ev)
}

/// The event at `page` made running, and its round 1 started.
pub async fn run_round_one(d: &super::Browser, page: &str) {
    super::move_event(d, page, &super::TO_RUNNING).await;
    let rounds = format!("{page}/rounds");
    let r = d.post(&rounds, &rounds, &[("round", "1")]).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
}
