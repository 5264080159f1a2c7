//! Calypso Duet online (#39 item 9) over HTTP: two clients, one per player, play a whole
//! board (plain Duet and call-and-response) through the seat API: each deal's choices
//! (`POST /api/v1/seats/{token}/duet`) and the cards of whichever of their two seats is to
//! play, with every refusal and its words; the stored result equal to the engine's replay of
//! the play record (choices included); and the byte scan: no answer, stream event or page
//! sent to a player during the whole board carries a card of the other player's secret hand
//! or unexposed dummy (each player's stream is open the whole board, every byte of it
//! scanned against what is hidden from them at that moment). Named `web_*` so scripts/test.sh runs it on PostgreSQL too.

mod common;

use std::collections::BTreeSet;
use std::time::Duration;

use calypso_director::db;
use calypso_director::engine::{Card, GameSpec, Seat};
use calypso_director::event::EventId;
use calypso_director::event::online::duet::{Choice, deal_now};
use calypso_director::event::online::replay::{self, Move};
use common::games::{one_board_rounds, running};
use common::seats::{Sse, Stream, cards, cards_on_page, seat_get, seat_post_to};
use common::shots::screenshot;
use common::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use reqwest::StatusCode;
use serde_json::{Value, json};

struct Duet {
    app: TestApp,
    api: Api,
    path: String,
    id: EventId,
    /// Table 1's players' links: the ♠♥ player's (North), then the ♦♣ player's (West).
    tokens: [String; 2],
    /// The board table 1 plays.
    board: u32,
}

/// A Duet Mitchell of two tables, four players, one board a table, played online, running
/// with round 1 started; the director's seat listing read. Table 1 is played.
async fn duet_online(variant: &str) -> Duet {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "owner@alpha.test").await;
    let api = api_for(&app, &d, "alpha").await;
    let body = json!({"name": "Duet online", "date": "2026-12-02", "format": "pairs-mitchell",
                      "variant": variant, "tables": 2, "boards": 2, "play": "online"});
    let entries: Vec<Value> = ["Ann", "Cy", "Di", "Ed"]
        .iter()
        .map(|n| json!({"kind": "individual", "players": [{"name": n}]}))
        .collect();
    let (path, _) = running(&api, body, &entries, one_board_rounds(1)).await;
    let (s, v) = api
        .post(&format!("{path}/rounds"), json!({"round": 1}))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let id: EventId = path.trim_start_matches("/events/").parse().unwrap();
    let (s, listed) = api.get(&format!("/events/{id}/seats?round=1")).await;
    assert_eq!(s, StatusCode::OK, "{listed}");
    let seats = listed.as_array().unwrap();
    // One row per player, at the seat of their secret hand; no robot.
    assert_eq!(seats.len(), 4, "{listed}");
    assert_eq!(
        seats
            .iter()
            .map(|s| (s["table"].as_u64().unwrap(), s["seat"].as_str().unwrap()))
            .collect::<Vec<_>>(),
        vec![(1, "N"), (1, "W"), (2, "N"), (2, "W")]
    );
    assert!(
        seats
            .iter()
            .all(|s| s["robot"] == false && s["name"].is_string())
    );
    let names: BTreeSet<&str> = seats.iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(names.len(), 4);
    let tokens = [0, 1].map(|i| seats[i]["token"].as_str().unwrap().to_string());
    let board = seats[0]["board"].as_u64().unwrap() as u32;
    Duet {
        app,
        api,
        path,
        id,
        tokens,
        board,
    }
}

fn error(v: &Value) -> &str {
    v["error"].as_str().unwrap_or_default()
}

/// Every card named anywhere in an answer (any string that reads as a card).
fn cards_in(v: &Value, out: &mut BTreeSet<Card>) {
    match v {
        Value::String(s) => {
            if let Ok(c) = s.parse::<Card>() {
                out.insert(c);
            }
        }
        Value::Array(a) => a.iter().for_each(|x| cards_in(x, out)),
        Value::Object(m) => m.values().for_each(|x| cards_in(x, out)),
        _ => {}
    }
}

/// The cards player `p` may not see now, from the table as stored (its logs replayed here,
/// not from any view): the other player's two hands as dealt before the deal is dealt; in
/// play, the other's secret hand and their dummy until it is exposed (it first plays, or is
/// about to play with its player's three cards moved). Less every card `p` may see (their
/// own two hands as dealt, the cards face up, the dummies exposed): with four decks a copy
/// of a hidden card may be one the player sees.
fn hidden_from(app: &TestApp, id: EventId, b: u32, p: usize) -> BTreeSet<Card> {
    let ev = with_conn(app, |c| {
        db::events::event(c, app.club_id("alpha"), id)
            .unwrap()
            .unwrap()
    });
    let spec: GameSpec = ev.settings.game_spec();
    let set =
        calypso_director::deals::SetKey::from_hex(&ev.deal.as_ref().unwrap().key_hex).unwrap();
    let board = calypso_director::deals::board(&set, b, false, &spec, None).unwrap();
    let (moves, choices) = logs(app, id, b, &spec);
    let table = replay::replay_with(&spec, &board, &moves, &choices).unwrap();
    let game = &table.game;
    let duet = spec.duet.unwrap();
    let (me, them) = (duet.players[p], duet.players[1 - p]);
    let Some(d) = deal_now(game) else {
        return BTreeSet::new();
    };
    let hands = board.deals[d - 1].hands;
    let mut hidden = BTreeSet::new();
    let mut seen: BTreeSet<Card> = me
        .dealt()
        .iter()
        .flat_map(|s| hands[s.index()].cards())
        .collect();
    seen.extend(table.last.cards().iter().map(|x| x.card));
    if game.to_play().is_none() {
        for s in them.dealt() {
            hidden.extend(hands[s.index()].cards());
        }
    } else {
        seen.extend(game.trick_so_far().iter().copied());
        hidden.extend(game.hand(them.secret).cards());
        let trick = replay_trick(game);
        let their_return_made = choices
            .iter()
            .any(|c| c.deal == d && c.player == 1 - p && c.step.as_str() == "return");
        let late = duet.exchange > 0
            && choices
                .iter()
                .any(|c| c.deal == d && c.player == 1 - p && c.step.as_str() == "dummy")
            && {
                let look = choices
                    .iter()
                    .find(|c| c.deal == d && c.player == 1 - p && c.step.as_str() == "look");
                let dummy = choices
                    .iter()
                    .find(|c| c.deal == d && c.player == 1 - p && c.step.as_str() == "dummy");
                look.map(|c| c.hand) != dummy.map(|c| c.hand)
            };
        let exposed = game.trick_number() > 1
            || trick.contains(&them.dummy)
            || (game.to_play() == Some(them.dummy) && (!late || their_return_made));
        if exposed {
            seen.extend(game.hand(them.dummy).cards());
        } else {
            hidden.extend(game.hand(them.dummy).cards());
        }
        // The player's own dummy once exposed, and the secret hand, are theirs to see.
    }
    hidden.difference(&seen).copied().collect()
}

/// The seats that have played to the trick under way.
fn replay_trick(game: &calypso_director::engine::Game) -> Vec<Seat> {
    calypso_director::event::online::view::trick_so_far(game)
        .iter()
        .map(|p| p.seat)
        .collect()
}

fn logs(app: &TestApp, id: EventId, b: u32, spec: &GameSpec) -> (Vec<Move>, Vec<Choice>) {
    let at = db::online::OnlineBoard {
        event: id,
        round: 1,
        table: 1,
        board: b,
    };
    let moves = with_conn(app, |c| db::online::moves_of(c, at).unwrap())
        .iter()
        .map(|r| Move::from_stored(r.seq.into(), &r.seat, &r.card).unwrap())
        .collect();
    let duet = spec.duet.unwrap();
    let choices = with_conn(app, |c| db::duet::choices_of(c, at).unwrap())
        .iter()
        .map(|r| {
            Choice::from_stored(
                &duet,
                r.deal.into(),
                &r.seat,
                &r.step,
                &r.value,
                r.cards_before.into(),
            )
            .unwrap()
        })
        .collect();
    (moves, choices)
}

/// An answer sent to player `p`: no card hidden from them in it. Returns how many hidden
/// cards were looked for.
fn scan(t: &Duet, p: usize, v: &Value) -> usize {
    let hidden = hidden_from(&t.app, t.id, t.board, p);
    let mut named = BTreeSet::new();
    cards_in(v, &mut named);
    let leaked: Vec<&Card> = named.intersection(&hidden).collect();
    assert!(leaked.is_empty(), "player {p} was sent {leaked:?}: {v}");
    hidden.len()
}

/// Player `p`'s stream brought up to `now` (their view as the seat API answers it at this
/// moment, nothing moving meanwhile): every event it sent since the last call read, each
/// byte scanned for the names of the cards hidden from `p` now ("9S" as the JSON writes
/// them), until the view it sends equals `now`. Nothing is read when `now` is the view it
/// sent last (the stream sends a view only when it changes). Returns the names looked for.
async fn scan_stream(
    t: &Duet,
    p: usize,
    stream: &mut Stream,
    last: &mut Option<Value>,
    now: &Value,
) -> usize {
    if last.as_ref() == Some(now) {
        return 0;
    }
    let hidden: Vec<String> = hidden_from(&t.app, t.id, t.board, p)
        .iter()
        .map(|c| format!("\"{c}\""))
        .collect();
    let mut n = 0;
    loop {
        let e: Sse = stream
            .next(Duration::from_secs(10))
            .await
            .unwrap_or_else(|| panic!("player {p}'s stream ended before the view {now}"));
        for name in &hidden {
            assert!(
                !e.raw.contains(name.as_str()),
                "player {p}'s stream sent {name}, hidden from them, in {}",
                e.raw
            );
        }
        n += hidden.len();
        if e.event == "view" && e.json() == *now {
            *last = Some(now.clone());
            return n;
        }
        assert!(
            matches!(e.event.as_str(), "view" | "card" | "comment"),
            "player {p}'s stream sent {}",
            e.raw
        );
    }
}

/// Both players' pages (whole and table part): no hidden card on them.
async fn scan_pages(t: &Duet) -> usize {
    let b = Browser::new(&t.app);
    let mut n = 0;
    for p in 0..2 {
        let hidden = hidden_from(&t.app, t.id, t.board, p);
        for path in [
            format!("/seat/{}", t.tokens[p]),
            format!("/seat/{}?part=table", t.tokens[p]),
        ] {
            let (s, html) = b.get_text(&path).await;
            assert_eq!(s, StatusCode::OK, "{path}");
            let shown = cards_on_page(&html);
            let leaked: Vec<&Card> = shown.intersection(&hidden).collect();
            assert!(leaked.is_empty(), "player {p}'s page shows {leaked:?}");
            n += hidden.len();
        }
    }
    n
}

/// With CALYPSO_SCREENSHOTS naming a folder, a 390 px screenshot of player `p`'s page.
async fn shot(t: &Duet, p: usize, name: &str) {
    let path = format!("/seat/{}", t.tokens[p]);
    screenshot(&t.app, &path, name, (390, 1600)).await;
}

fn pick(cards: &[String], n: usize, rng: &mut ChaCha8Rng) -> Vec<String> {
    let mut pool = cards.to_vec();
    (0..n)
        .map(|_| pool.remove(rng.random_range(0..pool.len())))
        .collect()
}

/// Plays the whole board through the API, both players choosing from what their views
/// show and playing random legal cards; every answer scanned. `forced` makes deal 1's
/// first choices: the ♠♥ player keeps the hand looked at as the secret hand, the ♦♣ player
/// makes it the dummy (call-and-response: one return late, one at once). The refusals
/// along the way are checked in words. Returns the hidden cards scanned for.
async fn play_board(t: &Duet, seed: u64) -> usize {
    let app = &t.app;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut scanned = 0;
    let mut refused = BTreeSet::new();
    let mut pages_scanned_mid = false;
    // Each player's stream, open the whole board: every event scanned as it comes.
    let mut streams = Vec::new();
    for token in &t.tokens {
        streams.push(Stream::open(app, token, None, "").await);
    }
    let mut streamed: [Option<Value>; 2] = [None, None];
    let mut stream_names = 0;
    let mut planted_seen = false;
    for _ in 0..1000 {
        let mut views = Vec::new();
        for p in 0..2 {
            let (s, v) = seat_get(app, &t.tokens[p]).await;
            assert_eq!(s, StatusCode::OK, "{v}");
            scanned += scan(t, p, &v);
            stream_names += scan_stream(t, p, &mut streams[p], &mut streamed[p], &v).await;
            views.push(v);
        }
        if !planted_seen && !views[1]["to_play"].is_null() {
            // The scan would see a leak: the ♦♣ player's view, as their stream sends it,
            // names cards hidden from the ♠♥ player (their secret hand).
            let sent_to_other = views[1].to_string();
            planted_seen = hidden_from(app, t.id, t.board, 0)
                .iter()
                .any(|c| sent_to_other.contains(&format!("\"{c}\"")));
            assert!(planted_seen, "no hidden name in the other player's view");
        }
        if views[0]["over"] == true {
            assert!(planted_seen, "the scan was never shown to catch a leak");
            assert_eq!(views[1]["over"], true);
            // The streams end after the board's last view; they sent no hidden card.
            for (p, stream) in streams.iter_mut().enumerate() {
                let after = stream.next(Duration::from_secs(10)).await;
                assert!(
                    after.is_none(),
                    "player {p}'s stream after the end: {after:?}"
                );
            }
            assert!(
                stream_names > 1000,
                "hidden names looked for in the streams: {stream_names}"
            );
            scanned += stream_names;
            // Every refusal met on the way.
            for want in ["card before the choices", "look twice", "out of turn"] {
                assert!(refused.contains(want), "{want}");
            }
            return scanned + refused.len();
        }
        // A choice asked of a player: made from their view.
        let asked = (0..2).find(|&p| !views[p]["duet"]["step"].is_null());
        if let Some(p) = asked {
            let v = &views[p];
            let du = &v["duet"];
            let step = du["step"].as_str().unwrap().to_string();
            let seq = v["seq"].clone();
            let dealt = cards(&du["dealt"]);
            let deal1 = v["deal"] == 0;
            if v["deal"].as_u64() <= Some(1) {
                shot(t, p, &format!("duet-{seed}-{step}-player{p}")).await;
            }
            let body = match step.as_str() {
                "look" => {
                    if refused.insert("look twice and others") && p == 0 {
                        // Out of order, not theirs, a bad step, a stale seq.
                        let (s, e) = seat_post_to(
                            app,
                            &t.tokens[p],
                            "duet",
                            json!({"step": "dummy", "hand": dealt[0], "seq": seq}),
                        )
                        .await;
                        assert_eq!(s, StatusCode::CONFLICT, "{e}");
                        assert_eq!(error(&e), "first look at one of your two hands");
                        let (s, e) = seat_post_to(
                            app,
                            &t.tokens[p],
                            "duet",
                            json!({"step": "look", "hand": "E", "seq": seq}),
                        )
                        .await;
                        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
                        assert!(error(&e).starts_with("your two hands are the hand dealt to North and the hand dealt to South: not the hand dealt to East"), "{e}");
                        let (s, e) = seat_post_to(
                            app,
                            &t.tokens[p],
                            "duet",
                            json!({"step": "peek", "hand": "N", "seq": seq}),
                        )
                        .await;
                        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
                        assert!(
                            error(&e).starts_with("step must be one of look, dummy, pass, return"),
                            "{e}"
                        );
                        let (s, e) = seat_post_to(
                            app,
                            &t.tokens[p],
                            "duet",
                            json!({"step": "look", "hand": "N", "seq": 99}),
                        )
                        .await;
                        assert_eq!(s, StatusCode::CONFLICT, "{e}");
                        assert!(error(&e).contains("the table is at card 1, not 99"), "{e}");
                        let (s, e) = seat_post_to(
                            app,
                            &t.tokens[p],
                            "duet",
                            json!({"step": "look", "hand": "N", "seq": seq, "x": 1}),
                        )
                        .await;
                        assert_eq!(s, StatusCode::BAD_REQUEST, "{e}");
                        // A card before the deal's choices: 409.
                        let (s, e) = seat_post_to(
                            app,
                            &t.tokens[p],
                            "cards",
                            json!({"card": "AS", "seq": seq}),
                        )
                        .await;
                        assert_eq!(s, StatusCode::CONFLICT, "{e}");
                        assert!(
                            error(&e).starts_with(
                                "deal 1 begins once both players have made their choices"
                            ),
                            "{e}"
                        );
                        refused.insert("card before the choices");
                    }
                    let hand = if deal1 {
                        if p == 0 {
                            dealt[0].clone()
                        } else {
                            dealt[1].clone()
                        }
                    } else {
                        dealt[rng.random_range(0..2)].clone()
                    };
                    json!({"step": "look", "hand": hand})
                }
                "dummy" => {
                    let looked = du["looked_at"].as_str().unwrap().to_string();
                    let other = dealt.iter().find(|s| **s != looked).unwrap().clone();
                    // Deal 1: the first player keeps the hand looked at, the second makes
                    // it the dummy.
                    let hand = if deal1 {
                        if p == 0 { other } else { looked.clone() }
                    } else {
                        dealt[rng.random_range(0..2)].clone()
                    };
                    if refused.insert("look twice") {
                        let (s, e) = seat_post_to(
                            app,
                            &t.tokens[p],
                            "duet",
                            json!({"step": "look", "hand": looked, "seq": seq}),
                        )
                        .await;
                        assert_eq!(s, StatusCode::CONFLICT, "{e}");
                        assert_eq!(error(&e), "you have already looked at a hand in deal 1");
                    }
                    json!({"step": "dummy", "hand": hand})
                }
                "pass" => {
                    let looking = cards(&du["looking"]);
                    if refused.insert("pass wrong") {
                        let (s, e) = seat_post_to(
                            app,
                            &t.tokens[p],
                            "duet",
                            json!({"step": "pass", "cards": looking[..2], "seq": seq}),
                        )
                        .await;
                        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
                        assert_eq!(error(&e), "choose exactly 3 cards, not 2");
                        let missing = Card::all()
                            .map(|c| c.to_string())
                            .find(|c| !looking.contains(c))
                            .unwrap();
                        let (s, e) = seat_post_to(app, &t.tokens[p], "duet", json!({"step": "pass", "cards": [looking[0], looking[1], missing], "seq": seq})).await;
                        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
                        assert!(
                            error(&e).starts_with("the hand you looked at does not hold"),
                            "{e}"
                        );
                    }
                    json!({"step": "pass", "cards": pick(&looking, 3, &mut rng)})
                }
                "return" => {
                    let from = cards(&du["choose_from"]);
                    assert_eq!(from.len(), 13, "the other hand as dealt: {du}");
                    json!({"step": "return", "cards": pick(&from, 3, &mut rng)})
                }
                other => panic!("step {other}"),
            };
            let mut body = body;
            body["seq"] = seq;
            let (s, after) = seat_post_to(app, &t.tokens[p], "duet", body.clone()).await;
            assert_eq!(s, StatusCode::CREATED, "{body}: {after}");
            scanned += scan(t, p, &after);
            // The same post again acts once.
            let (s, again) = seat_post_to(app, &t.tokens[p], "duet", body).await;
            assert_eq!(s, StatusCode::CONFLICT, "{again}");
            assert!(error(&again).starts_with("you have already"), "{again}");
            if step == "dummy" && deal1 && p == 1 {
                // Both players' first steps made: pages in the choice step scanned.
                scanned += scan_pages(t).await;
            }
            continue;
        }
        // A card: the player whose seat (or dummy) is to play.
        let to_play = views[0]["to_play"]
            .as_str()
            .expect("a seat to play")
            .to_string();
        let p = (0..2)
            .find(|&p| !views[p]["legal"].is_null())
            .unwrap_or_else(|| panic!("no player may play {to_play}: {}", views[0]));
        let v = &views[p];
        let seq = v["seq"].as_u64().unwrap();
        let other = 1 - p;
        if refused.insert("out of turn") {
            let held = cards(&views[other]["hand"]);
            if let Some(c) = held.first() {
                let (s, e) = seat_post_to(
                    app,
                    &t.tokens[other],
                    "cards",
                    json!({"card": c, "seq": seq}),
                )
                .await;
                assert_eq!(s, StatusCode::CONFLICT, "{e}");
                assert!(error(&e).contains("turn to play"), "{e}");
            }
        }
        let legal = cards(&v["legal"]);
        let card = legal[rng.random_range(0..legal.len())].clone();
        let (s, after) = seat_post_to(
            app,
            &t.tokens[p],
            "cards",
            json!({"card": card, "seq": seq}),
        )
        .await;
        assert_eq!(s, StatusCode::CREATED, "{card}: {after}");
        scanned += scan(t, p, &after);
        if seq == 10 && !pages_scanned_mid {
            shot(t, p, &format!("duet-{seed}-midplay-player{p}")).await;
            scanned += scan_pages(t).await;
            pages_scanned_mid = true;
        }
    }
    panic!("the board did not end");
}

/// The result went in by itself, equal to the engine's replay of the play record built
/// from the stored logs (choices included); the record carries each deal's choices.
async fn result_is_the_engines(t: &Duet) {
    let ev = with_conn(&t.app, |c| {
        db::events::event(c, t.app.club_id("alpha"), t.id)
            .unwrap()
            .unwrap()
    });
    let spec = ev.settings.game_spec();
    let set =
        calypso_director::deals::SetKey::from_hex(&ev.deal.as_ref().unwrap().key_hex).unwrap();
    let board = calypso_director::deals::board(&set, t.board, false, &spec, None).unwrap();
    let (moves, choices) = logs(&t.app, t.id, t.board, &spec);
    assert_eq!(moves.len(), 208);
    let per_deal = if spec.duet.unwrap().exchange > 0 {
        8
    } else {
        4
    };
    assert_eq!(choices.len(), 4 * per_deal);
    let record = replay::record_with(&spec, &board, &moves, &choices).unwrap();
    assert!(record.deals.iter().all(|d| d.duet.is_some()));
    let outcome = calypso_director::engine::replay(&spec, &record).unwrap();
    assert!(outcome.complete);
    let (s, results) = t.api.get(&format!("{}/results", t.path)).await;
    assert_eq!(s, StatusCode::OK, "{results}");
    let stored = results["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["table"] == 1)
        .unwrap_or_else(|| panic!("table 1's result: {results}"));
    assert_eq!(stored["board"], t.board, "{results}");
    assert_eq!(stored["status"], "confirmed", "{stored}");
    let scores = &stored["scores"];
    let engine: Vec<i64> = outcome.score.sides.iter().map(|s| s.score).collect();
    assert_eq!(
        vec![
            scores["majors"].as_i64().unwrap(),
            scores["minors"].as_i64().unwrap()
        ],
        engine,
        "{stored}"
    );
    // Every player's last view says the same.
    for token in &t.tokens {
        let (_, v) = seat_get(&t.app, token).await;
        assert_eq!(v["over"], true);
        let sides: Vec<i64> = v["score"]["sides"]
            .as_object()
            .unwrap()
            .values()
            .map(|s| s["points"].as_i64().unwrap())
            .collect();
        assert_eq!(sides, engine);
    }
}

#[tokio::test]
async fn two_clients_play_a_whole_calypso_duet_board_through_the_seat_api() {
    let t = duet_online("duet").await;
    let scanned = play_board(&t, 1).await;
    assert!(scanned > 1000, "hidden cards looked for: {scanned}");
    result_is_the_engines(&t).await;
    // The board over: a choice is refused.
    let (s, e) = seat_post_to(
        &t.app,
        &t.tokens[0],
        "duet",
        json!({"step": "look", "hand": "N", "seq": 209}),
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT, "{e}");
    assert_eq!(error(&e), "every card of this board has been played");
}

#[tokio::test]
async fn two_clients_play_a_whole_call_and_response_board_through_the_seat_api() {
    let t = duet_online("duet-call-and-response").await;
    // Deal 1 by hand up to the late return, to see its refusals; then the rest.
    let app = &t.app;
    let (_, n) = seat_get(app, &t.tokens[0]).await;
    assert_eq!(n["duet"]["step"], "look");
    assert_eq!(n["duet"]["dealt"], json!(["N", "S"]));
    assert_eq!(n["hand"], json!([]), "nothing seen before looking");
    let scanned = play_board(&t, 2).await;
    assert!(scanned > 1000, "hidden cards looked for: {scanned}");
    result_is_the_engines(&t).await;
}

/// The ♠♥ player keeps the hand looked at as the secret hand: their dummy waits for their
/// three cards when it is about to play, is not exposed before, and a return sent before
/// then is refused.
#[tokio::test]
async fn call_and_response_the_dummy_waits_for_its_players_return() {
    let t = duet_online("duet-call-and-response").await;
    let app = &t.app;
    let choose = |p: usize, body: Value| {
        let token = t.tokens[p].clone();
        async move {
            let mut body = body;
            body["seq"] = json!(1);
            seat_post_to(app, &token, "duet", body).await
        }
    };
    let (_, n) = seat_get(app, &t.tokens[0]).await;
    let (_, w) = seat_get(app, &t.tokens[1]).await;
    assert_eq!(w["duet"]["dealt"], json!(["W", "E"]));
    // North keeps the N hand; West looks at E's and makes it the dummy.
    assert_eq!(
        choose(0, json!({"step": "look", "hand": "N"})).await.0,
        StatusCode::CREATED
    );
    let (s, v) = choose(0, json!({"step": "dummy", "hand": "S"})).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let looking = cards(&v["duet"]["looking"]);
    assert_eq!(looking.len(), 13);
    let (s, v) = choose(0, json!({"step": "pass", "cards": looking[..3]})).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(v["hand"].as_array().unwrap().len(), 10, "the ten kept");
    assert_eq!(cards(&v["duet"]["set_aside"]), looking[..3].to_vec());
    assert_eq!(v["duet"]["step"], Value::Null);
    // A return now is before its time.
    let (s, e) = choose(0, json!({"step": "return", "cards": ["AS", "AS", "AS"]})).await;
    assert_eq!(s, StatusCode::CONFLICT, "{e}");
    assert!(
        error(&e).contains("when it is about to play to the first trick"),
        "{e}"
    );
    assert_eq!(
        choose(1, json!({"step": "look", "hand": "E"})).await.0,
        StatusCode::CREATED
    );
    assert_eq!(
        choose(1, json!({"step": "dummy", "hand": "E"})).await.0,
        StatusCode::CREATED
    );
    let (_, v) = seat_get(app, &t.tokens[1]).await;
    let (s, v) = choose(
        1,
        json!({"step": "pass", "cards": cards(&v["duet"]["looking"])[..3]}),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(v["duet"]["step"], "return");
    let from = cards(&v["duet"]["choose_from"]);
    let (s, v) = choose(1, json!({"step": "return", "cards": from[..3]})).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(v["hand"].as_array().unwrap().len(), 13);
    // Dealt: the first card by the seat the engine says leads.
    let (_, n2) = seat_get(app, &t.tokens[0]).await;
    let leader = n2["to_play"].as_str().unwrap().to_string();
    let lead_p = if leader == "N" || leader == "S" { 0 } else { 1 };
    let (_, lv) = seat_get(app, &t.tokens[lead_p]).await;
    let card = cards(&lv["legal"])[0].clone();
    let (s, v) = seat_post_to(
        app,
        &t.tokens[lead_p],
        "cards",
        json!({"card": card, "seq": 1}),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    // Play on until North's dummy (South) is to play; its return is asked, it is hidden.
    loop {
        let (_, v) = seat_get(app, &t.tokens[0]).await;
        if v["to_play"] == "S" {
            assert_eq!(v["duet"]["step"], "return", "{v}");
            assert!(v["legal"].is_null());
            assert!(
                v["dummies"].get("S").is_none(),
                "not exposed before the return: {v}"
            );
            let (_, w) = seat_get(app, &t.tokens[1]).await;
            assert!(w["dummies"].get("S").is_none(), "{w}");
            assert_eq!(w["duet"]["step"], Value::Null);
            assert!(w["duet"].get("choose_from").is_none());
            let seq = v["seq"].as_u64().unwrap();
            let (s, e) = seat_post_to(
                app,
                &t.tokens[0],
                "cards",
                json!({"card": "AS", "seq": seq}),
            )
            .await;
            assert_eq!(s, StatusCode::CONFLICT, "{e}");
            assert!(
                error(&e).contains("first moves three cards from their dummy"),
                "{e}"
            );
            let from = cards(&v["duet"]["choose_from"]);
            assert_eq!(from.len(), 13);
            let (s, v) = seat_post_to(
                app,
                &t.tokens[0],
                "duet",
                json!({"step": "return", "cards": from[..3], "seq": seq}),
            )
            .await;
            assert_eq!(s, StatusCode::CREATED, "{v}");
            assert_eq!(v["dummies"]["S"].as_array().unwrap().len(), 13, "{v}");
            assert!(!v["legal"].is_null(), "North plays from the dummy now");
            assert_eq!(
                v["hand"].as_array().unwrap().len(),
                13 - usize::from(leader == "N")
            );
            let (_, w) = seat_get(app, &t.tokens[1]).await;
            assert_eq!(
                w["dummies"]["S"], v["dummies"]["S"],
                "shown to both players"
            );
            break;
        }
        let p = (0..2).find(|&p| !v["legal"].is_null() || p == 1).unwrap();
        let (_, pv) = seat_get(app, &t.tokens[p]).await;
        let card = cards(&pv["legal"])[0].clone();
        let seq = pv["seq"].clone();
        let (s, r) = seat_post_to(
            app,
            &t.tokens[p],
            "cards",
            json!({"card": card, "seq": seq}),
        )
        .await;
        assert_eq!(s, StatusCode::CREATED, "{r}");
    }
    let _ = n;
}
