//! Kaiso and Calypso Duet events through the API (#22): a running event from a body, the
//! boards' real deals as the engine's, random legal Kaiso games on them and their table
//! forms, and the matchpoints worked from stored results (shared by the HTTP and browser
//! tests).

use std::collections::BTreeMap;

use calypso_director::engine::kaiso::{KaisoSummary, random};
use calypso_director::engine::{Card, CardCounts, Deal, GameSpec, Seat, Variant};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use reqwest::StatusCode;
use serde_json::{Value, json};

use super::Api;
use super::evening::{Evening, Report};

/// A draft event from `body`, its entries, the movement; then ready and running. The event's
/// path and its boards (`GET .../boards`).
pub async fn running(
    api: &Api,
    body: Value,
    entries: &[Value],
    movement: Value,
) -> (String, Value) {
    let (s, ev) = api.post("/events", body).await;
    assert_eq!(s, StatusCode::CREATED, "{ev}");
    let path = format!("/events/{}", ev["id"]);
    let boards = start(api, &path, entries, movement).await;
    (path, boards)
}

/// The draft event at `path` gets its entries and movement, then goes ready and running;
/// its boards (`GET .../boards`).
pub async fn start(api: &Api, path: &str, entries: &[Value], movement: Value) -> Value {
    for entry in entries {
        let (s, v) = api.post(&format!("{path}/entries"), entry.clone()).await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
    }
    let (s, v) = api.put(&format!("{path}/movement"), movement).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    for to in ["ready", "running"] {
        let (s, v) = api.post(&format!("{path}/status"), json!({"to": to})).await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    let (s, boards) = api.get(&format!("{path}/boards")).await;
    assert_eq!(s, StatusCode::OK, "{boards}");
    boards
}

/// The engine's deals of a board, from the API's boards.
pub fn board_deals(boards: &Value, board: u64) -> Vec<Deal> {
    let b = boards["boards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["board"] == board)
        .unwrap();
    b["deals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| Deal {
            dealer: d["dealer"].as_str().unwrap().parse().unwrap(),
            hands: Seat::ALL.map(|s| {
                let cards: Vec<Card> = d["hands"][s.to_string()]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c.as_str().unwrap().parse().unwrap())
                    .collect();
                CardCounts::from_cards(&cards)
            }),
        })
        .collect()
}

/// A random legal Kaiso game played on the board's real deals: its summary as the table
/// reports it.
pub fn kaiso_game(deals: &[Deal], seed: u64) -> KaisoSummary {
    let spec = GameSpec::new(Variant::Standard);
    let rng = std::cell::RefCell::new(ChaCha8Rng::seed_from_u64(seed));
    let (_, outcome) = random::play_out(
        &spec,
        deals,
        |_, legal| legal[(rng.borrow_mut().next_u32() as usize) % legal.len()],
        |game| random::random_placement(game, &mut *rng.borrow_mut()),
    );
    outcome.summary()
}

/// The table form's fields for a Kaiso summary: a row of buttons per song, the trick pile
/// counted.
pub fn kaiso_form(s: &KaisoSummary, round: u64, board: u64) -> Vec<(String, String)> {
    let mut f = vec![
        ("round".to_string(), round.to_string()),
        ("board".to_string(), board.to_string()),
        ("mode".to_string(), "songs".to_string()),
    ];
    let json = serde_json::to_value(s).unwrap();
    for side in ["NS", "EW"] {
        let p = &json["partnerships"][side];
        for (i, song) in p["songs"].as_array().unwrap().iter().enumerate() {
            let n = i + 1;
            let mut field = |what: &str, v: String| f.push((format!("k_{side}_{n}_{what}"), v));
            field("kind", song["kind"].as_str().unwrap().into());
            field(
                "suit",
                if song["rainbow"] == true {
                    "rainbow".into()
                } else {
                    song["suit"].as_str().unwrap().into()
                },
            );
            if let Some(r) = song["rank"].as_str() {
                field("rank", r.replace('T', "10"));
            }
            field("wilds", song["wilds"].to_string());
            if let Some(d) = song["deal"].as_u64() {
                field("deal", d.to_string());
            }
        }
        let pile = p["trick_pile_count"]
            .as_u64()
            .unwrap_or_else(|| p["trick_pile"].as_array().map_or(0, Vec::len) as u64);
        f.push((format!("k_{side}_leftover"), p["leftover"].to_string()));
        f.push((format!("k_{side}_pile"), pile.to_string()));
    }
    f
}

pub fn pairs(f: &[(String, String)]) -> Vec<(&str, &str)> {
    f.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect()
}

/// The matchpoints of a pairs event worked from its stored results (2 per result beaten on
/// the net, 1 per tie): by pair number.
pub fn matchpoints(results: &[Value]) -> BTreeMap<u64, i64> {
    let mut mp = BTreeMap::new();
    let net = |r: &Value| {
        r["scores"]["majors"].as_i64().unwrap() - r["scores"]["minors"].as_i64().unwrap()
    };
    for r in results {
        let others = results
            .iter()
            .filter(|o| o["board"] == r["board"] && o["id"] != r["id"]);
        let (mut majors, mut top) = (0, 0);
        for o in others {
            majors += match net(r).cmp(&net(o)) {
                std::cmp::Ordering::Greater => 2,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Less => 0,
            };
            top += 2;
        }
        *mp.entry(r["majors"].as_u64().unwrap()).or_insert(0) += majors;
        *mp.entry(r["minors"].as_u64().unwrap()).or_insert(0) += top - majors;
    }
    mp
}

/// The standings' matchpoints by pair.
pub async fn standings_mp(api: &Api, path: &str) -> BTreeMap<u64, i64> {
    let (s, st) = api.get(&format!("{path}/standings")).await;
    assert_eq!(s, StatusCode::OK, "{st}");
    assert_eq!(st["method"], "matchpoints");
    st["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let mp = r["matchpoints"].as_f64().unwrap();
            assert_eq!(mp.fract(), 0.0, "no factoring in a full movement: {r}");
            (r["pair"].as_u64().unwrap(), mp as i64)
        })
        .collect()
}

pub async fn results(api: &Api, path: &str) -> Vec<Value> {
    let (s, v) = api.get(&format!("{path}/results")).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    v["results"].as_array().unwrap().clone()
}

/// The result at a place.
pub fn at(results: &[Value], round: u64, table: u64) -> &Value {
    results
        .iter()
        .find(|r| r["round"] == round && r["table"] == table)
        .unwrap_or_else(|| panic!("round {round} table {table}"))
}

/// The docs' example (docs/api.md): N-S 500 + (50 - 40) - 2 x 30 = 450, E-W 50.
pub fn docs_example() -> Value {
    json!({"NS": {"songs": [{"kind": "calypso", "rainbow": false, "suit": "S", "wilds": 0},
                             {"kind": "kaiso_minor", "rainbow": true, "wilds": 1}],
                  "leftover": 2, "trick_pile_count": 101},
           "EW": {"songs": [{"kind": "quartet", "rainbow": false, "suit": "H", "rank": "K", "wilds": 0}],
                  "leftover": 0, "trick_pile_count": 84}})
}

/// `rounds` rounds of one board each: the movement of these tests.
pub fn one_board_rounds(rounds: u32) -> Value {
    json!({"rounds": rounds, "boards_per_round": 1})
}

/// A random legal Kaiso game on `board`'s real deals (from `seed`), entered by the director
/// through the API for the place; it must be stored. The summary and the stored result.
pub async fn post_kaiso(
    e: &Evening,
    round: u64,
    table: u64,
    board: u64,
    seed: u64,
) -> (KaisoSummary, Value) {
    let summary = kaiso_game(&board_deals(&e.boards, board), seed);
    let mut body = serde_json::to_value(&summary).unwrap();
    body["round"] = json!(round);
    body["table"] = json!(table);
    body["board"] = json!(board);
    let (s, r) = e.api.post(&e.results(), body).await;
    assert_eq!(s, StatusCode::CREATED, "round {round} table {table}: {r}");
    (summary, r)
}

/// A Duet table's counts (engine-accepted on the board's real deals), varied by table and
/// round.
pub fn duet_report(e: &Evening, round: u64, table: u64, board: u64) -> Report {
    Report::new(
        &e.deals(board),
        4,
        [(table % 2) as i64, 0, (round % 2) as i64, 0],
        [table as usize, round as usize, 1, 2],
    )
}

/// A random legal Embers game of `hands` hands with three packs (from `seed`), as the
/// engine replayed it: the reports after each hand and their scores.
pub fn embers_game(hands: usize, seed: u64) -> calypso_director::engine::embers::EmbersOutcome {
    use calypso_director::engine::embers::{EmbersSpec, random::random_game};
    let spec = EmbersSpec::three_packs(hands).unwrap();
    random_game(&spec, &mut ChaCha8Rng::seed_from_u64(seed)).1
}

/// A table form's fields before its lines: the round, the board and how it is entered.
fn form_head(round: u64, board: u64, mode: &str) -> Vec<(String, String)> {
    vec![
        ("round".to_string(), round.to_string()),
        ("board".to_string(), board.to_string()),
        ("mode".to_string(), mode.to_string()),
    ]
}

/// An Embers table's form with the counts after hands 1 to `upto` typed (each rank of a
/// calypso in progress as its own button), as the phone sends it.
pub fn embers_form(
    s: &calypso_director::engine::embers::EmbersSummary,
    round: u64,
    board: u64,
    upto: usize,
) -> Vec<(String, String)> {
    let mut f = form_head(round, board, "hands");
    for (i, h) in s.hands.iter().take(upto).enumerate() {
        let k = i + 1;
        for seat in Seat::ALL {
            let line = h.players[seat.index()].clone().unwrap_or_default();
            f.push((format!("h{k}_calypsos_{seat}"), line.calypsos.to_string()));
            for card in &line.in_progress {
                f.push((format!("h{k}_ranks_{seat}"), card.rank().char().to_string()));
            }
        }
        for seat in Seat::ALL {
            if let Some(n) = h.revokes[seat.index()] {
                f.push((format!("h{k}_revokes_{seat}"), n.to_string()));
            }
        }
        f.push((format!("h{k}_piles_NS"), h.trick_piles.ns.to_string()));
        f.push((format!("h{k}_piles_EW"), h.trick_piles.ew.to_string()));
    }
    f
}

/// The tallies of a progressive worked from its stored results: each game adds the side's
/// margin to its pair. By pair number.
pub fn tallies(results: &[Value]) -> BTreeMap<u64, i64> {
    let mut t = BTreeMap::new();
    for r in results {
        let (m, n) = (
            r["scores"]["majors"].as_i64().unwrap(),
            r["scores"]["minors"].as_i64().unwrap(),
        );
        *t.entry(r["majors"].as_u64().unwrap()).or_insert(0) += m - n;
        *t.entry(r["minors"].as_u64().unwrap()).or_insert(0) += n - m;
    }
    t
}

/// The standings' tallies by member (pair) number.
pub async fn standings_tally(api: &Api, path: &str) -> BTreeMap<u64, i64> {
    let (s, st) = api.get(&format!("{path}/standings")).await;
    assert_eq!(s, StatusCode::OK, "{st}");
    assert_eq!(st["method"], "tally", "{st}");
    st["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["member"].as_u64().unwrap(), r["tally"].as_i64().unwrap()))
        .collect()
}

/// Each change to `base` is refused by `POST /events` with an error containing its words.
pub async fn refused_event_bodies(api: &Api, base: &Value, cases: &[(Value, &str)]) {
    for (change, said) in cases {
        let mut body = base.clone();
        for (k, v) in change.as_object().unwrap() {
            body[k] = v.clone();
        }
        let (s, v) = api.post("/events", body).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        assert!(v["error"].as_str().unwrap().contains(said), "{said}: {v}");
    }
}

/// Six pairs, "North n & South n".
pub fn six_pairs() -> Vec<Value> {
    (1..=6)
        .map(|n| json!({"kind": "pair", "players": [{"name": format!("North {n}")}, {"name": format!("South {n}")}]}))
        .collect()
}

/// A running event of six pairs ("North n & South n") from `body`, `rounds` rounds of one
/// board each: the evening the Kaiso and Embers tests play.
pub async fn six_pair_evening(api: Api, body: Value, rounds: u32) -> Evening {
    let (path, boards) = running(&api, body, &six_pairs(), one_board_rounds(rounds)).await;
    Evening { api, path, boards }
}

/// A random legal Auction Calypso game of `hands` hands as an event's table plays it:
/// position 1 deals first, no setup.
pub fn auction_game(hands: usize, seed: u64) -> calypso_director::engine::auction::AuctionOutcome {
    use calypso_director::engine::auction::{AuctionSpec, Setup, random::random_game_from};
    let spec = AuctionSpec::new(hands).unwrap();
    random_game_from(
        &spec,
        Seat::North,
        &Setup::default(),
        &mut ChaCha8Rng::seed_from_u64(seed),
    )
    .1
}

/// The tallies of games of two or three sides: each side's margin over every other side at
/// its table, added up (docs/scoring.md), from `(players, scores)` by table-round.
pub fn three_sided_tallies(games: &[(Vec<u64>, Vec<i64>)]) -> BTreeMap<u64, i64> {
    let mut t = BTreeMap::new();
    for (players, scores) in games {
        for (i, p) in players.iter().enumerate() {
            let margin: i64 = (0..scores.len())
                .filter(|&j| j != i)
                .map(|j| scores[i] - scores[j])
                .sum();
            *t.entry(*p).or_insert(0) += margin;
        }
    }
    t
}

/// An Auction table's form with hands 1 to `upto` typed as the phone sends them: each
/// hand's calls as the form's tokens, the opponents' trumps, every player's counts.
pub fn auction_form(
    s: &calypso_director::engine::auction::AuctionSummary,
    round: u64,
    board: u64,
    upto: usize,
) -> Vec<(String, String)> {
    use calypso_director::engine::Suit;
    use calypso_director::engine::auction::Call;
    let mut f = form_head(round, board, "auction");
    for (i, h) in s.hands.iter().take(upto).enumerate() {
        let k = i + 1;
        let calls: Vec<String> = h.calls.iter().flatten().map(Call::token).collect();
        f.push((format!("a{k}_calls"), calls.join(" ")));
        if let Some([l, r]) = h.opponents_trumps {
            f.push((format!("a{k}_lho"), l.letter().to_string()));
            f.push((format!("a{k}_rho"), r.letter().to_string()));
        }
        for (p, line) in h.players.iter().enumerate() {
            let line = line.unwrap_or_default();
            let n = p + 1;
            f.push((format!("a{k}_pile_{n}"), line.trick_pile.to_string()));
            f.push((format!("a{k}_calypsos_{n}"), line.calypsos.to_string()));
            for suit in Suit::ALL {
                f.push((
                    format!("a{k}_prog_{n}_{}", suit.letter()),
                    line.in_progress.get(suit).to_string(),
                ));
            }
        }
        f.push((format!("a{k}_sold"), h.sold.to_string()));
    }
    f
}

/// An Auction Calypso evening of four tables of three (twelve players, Ann to Lou), its
/// `rounds` set and the event running: its path.
pub async fn auction_evening(api: &Api, hands: usize, rounds: u32) -> String {
    let body = json!({"name": "Auction Night", "date": "2026-12-03",
                      "format": "progressive-individual", "game": "auction",
                      "auction_setup": "none",
                      "hands": hands, "tables": 4, "boards": 12});
    let entries: Vec<Value> = AUCTION_PLAYERS
        .iter()
        .map(|n| json!({"kind": "individual", "players": [{"name": n}]}))
        .collect();
    running(api, body, &entries, json!({"rounds": rounds}))
        .await
        .0
}

/// The players of [`auction_evening`], by number.
pub const AUCTION_PLAYERS: [&str; 12] = [
    "Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou",
];

/// A random legal partnership Auction game of `hands` hands as an event's table plays it:
/// North deals first, no setup.
pub fn auction_pairs_game(
    hands: usize,
    seed: u64,
) -> calypso_director::engine::auction::pairs::PairsOutcome {
    use calypso_director::engine::auction::pairs::{PairsGame, PairsOutcome, PairsSpec, random};
    let spec = PairsSpec::new(hands).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = PairsGame::new(&spec, Seat::North);
    while !game.is_over() {
        random::random_hand(&mut game, &mut rng);
    }
    PairsOutcome::of(&game)
}
