//! A running evening through the JSON API, and reports built from its real boards that the
//! engine accepts, with their scores worked by hand (shared by the results tests).

use calypso_director::db::{self, results::PlayedAt};
use calypso_director::event::EventId;
use calypso_director::event::results::{ResultStatus, TableResult};
use reqwest::StatusCode;
use serde_json::{Value, json};

use super::*;

pub const SEATS: [&str; 4] = ["N", "E", "S", "W"];
/// Each seat's own trump suit under the default seating, SDHC: North-South hold Spades, so
/// they are the majors.
pub const SUITS: [char; 4] = ['S', 'D', 'H', 'C'];
pub const RANKS: &str = "23456789TJQKA";
pub const DIRECTOR: &str = "director Olive Owner";

/// A running event of the club "alpha", seen through the API.
pub struct Evening {
    pub api: Api,
    /// `/events/<id>`
    pub path: String,
    /// GET .../boards: every board's deals as `deal --format json` gives them.
    pub boards: Value,
}

impl Evening {
    pub fn results(&self) -> String {
        format!("{}/results", self.path)
    }

    pub async fn start_round(&self, round: u32) -> Value {
        let (s, v) = self
            .api
            .post(&format!("{}/rounds", self.path), json!({"round": round}))
            .await;
        assert_eq!(s, StatusCode::OK, "round {round}: {v}");
        v
    }

    /// The same, the director answering yes to "still open: ...": a phone's result of an
    /// earlier round may still wait for the other side's agreement.
    pub async fn start_round_confirming(&self, round: u32) -> Value {
        let (s, v) = self
            .api
            .post(
                &format!("{}/rounds", self.path),
                json!({"round": round, "confirm_unreported": true}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "round {round}: {v}");
        v
    }

    pub async fn all_results(&self) -> Vec<Value> {
        let (s, v) = self.api.get(&self.results()).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        v["results"].as_array().unwrap().clone()
    }

    /// Each deal's dealer of a board, deal 1 first ("N", "E"...).
    pub fn dealers(&self, board: u64) -> Vec<String> {
        self.boards["boards"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["board"] == board)
            .unwrap_or_else(|| panic!("board {board} in {}", self.boards))["deals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["dealer"].as_str().unwrap().to_string())
            .collect()
    }

    /// The deals of a board: `[deal][seat]` = the cards dealt.
    pub fn deals(&self, board: u64) -> Vec<[Vec<String>; 4]> {
        let b = self.boards["boards"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["board"] == board)
            .unwrap_or_else(|| panic!("board {board} in {}", self.boards));
        b["deals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| {
                SEATS.map(|s| {
                    d["hands"][s]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|c| c.as_str().unwrap().to_string())
                        .collect()
                })
            })
            .collect()
    }
}

pub async fn club_api(app: &TestApp, slug: &str, email: &str) -> Api {
    let d = app.club_with_owner(slug, email).await;
    api_for(app, &d, slug).await
}

/// An event of `format` at `tables` tables with `entries` entries and the movement `movement`,
/// made ready (the deal key is drawn) and running; no round started yet.
pub async fn running_event(
    api: Api,
    format: &str,
    tables: u32,
    entries: u32,
    movement: Value,
) -> Evening {
    let entries: Vec<Value> = (1..=entries)
        .map(|n| {
            if format == "progressive-individual" {
                json!({"kind": "individual", "players": [{"name": format!("Player {n}")}]})
            } else {
                json!({"kind": "pair", "players": [{"name": format!("North {n}")}, {"name": format!("South {n}")}]})
            }
        })
        .collect();
    let body = json!({"name": "Results Night", "date": "2026-12-01", "format": format,
                      "tables": tables, "boards": tables});
    let (path, boards) = super::games::running(&api, body, &entries, movement).await;
    let (s, ev) = api.get(&path).await;
    assert_eq!(
        (s, &ev["trumps"]),
        (StatusCode::OK, &json!("SDHC")),
        "North-South hold the majors"
    );
    Evening { api, path, boards }
}

/// Five tables, ten pairs, three rounds of one board; running, no round started.
pub async fn mitchell(api: Api) -> Evening {
    running_event(
        api,
        "pairs-mitchell",
        5,
        10,
        json!({"rounds": 3, "boards_per_round": 1}),
    )
    .await
}

/// A five-table Mitchell named `name` on `date` whose pair 1 is `first`, the other pairs
/// guests; every round played from the real boards, then finished. Returns the event's id.
pub async fn played_evening(api: Api, name: &str, date: &str, first: [Value; 2]) -> i64 {
    let (s, ev) = api
        .post(
            "/events",
            json!({"name": name, "date": date, "format": "pairs-mitchell",
                   "tables": 5, "boards": 3}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{ev}");
    let id = ev["id"].as_i64().unwrap();
    let path = format!("/events/{id}");
    for n in 1..=10 {
        let players = if n == 1 {
            json!(first)
        } else {
            json!([{"name": format!("North {n}")}, {"name": format!("South {n}")}])
        };
        let (s, v) = api
            .post(
                &format!("{path}/entries"),
                json!({"kind": "pair", "players": players}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
    }
    let (s, v) = api
        .put(
            &format!("{path}/movement"),
            json!({"rounds": 3, "boards_per_round": 1}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    for to in ["ready", "running"] {
        let (s, v) = api.post(&format!("{path}/status"), json!({"to": to})).await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    let (s, boards) = api.get(&format!("{path}/boards")).await;
    assert_eq!(s, StatusCode::OK);
    let e = Evening { api, path, boards };
    for round in 1..=3u64 {
        let started = e.start_round(round as u32).await;
        for t in started["tables"].as_array().unwrap() {
            let (table, board) = place(t);
            let report = Report::new(
                &e.deals(board),
                4,
                [
                    (table % 3) as i64,
                    ((round + table) % 2) as i64,
                    (table % 2) as i64,
                    (table == 2) as i64,
                ],
                [table as usize, round as usize, 2, (table as usize + 1) % 4],
            );
            let (s, r) = e
                .api
                .post(&e.results(), report.body(round, table, board))
                .await;
            assert_eq!(s, StatusCode::CREATED, "{r}");
        }
    }
    let (s, v) = e
        .api
        .post(&format!("{}/status", e.path), json!({"to": "finished"}))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    id
}

pub fn calypso_points(n: i64) -> i64 {
    match n {
        0 => 0,
        1 => 500,
        n => 1250 + 1000 * (n - 2),
    }
}

/// The distinct ranks of `suit` dealt on a board in its first `k` deals (any seat).
pub fn ranks_dealt(deals: &[[Vec<String>; 4]], k: usize, suit: char) -> Vec<char> {
    RANKS
        .chars()
        .filter(|&r| {
            deals[..k]
                .iter()
                .flatten()
                .flatten()
                .any(|c| c == &format!("{r}{suit}"))
        })
        .collect()
}

/// One summary as a table reports it, with the trick piles chosen so that the engine
/// accepts it: every card dealt by then counted once, each side's a whole number of tricks.
#[derive(Clone, Debug)]
pub struct Report {
    pub calypsos: [i64; 4],
    pub in_progress: [Vec<String>; 4],
    /// NS, EW.
    pub piles: [i64; 2],
    pub revokes: [i64; 2],
}

impl Report {
    /// After deal `k` of the board: `calypsos` and the first `ip[seat]` ranks of each seat's
    /// suit that were dealt by then.
    pub fn new(deals: &[[Vec<String>; 4]], k: usize, calypsos: [i64; 4], ip: [usize; 4]) -> Report {
        let in_progress: [Vec<String>; 4] = std::array::from_fn(|s| {
            let ranks = ranks_dealt(deals, k, SUITS[s]);
            assert!(ranks.len() >= ip[s], "{ranks:?}");
            ranks[..ip[s]]
                .iter()
                .map(|r| format!("{r}{}", SUITS[s]))
                .collect()
        });
        let mut r = Report {
            calypsos,
            in_progress,
            piles: [0, 0],
            revokes: [0, 0],
        };
        r.balance(k);
        r
    }

    /// Sets the trick piles so that the cards add up to those dealt by deal `k`, about half
    /// the rest to each side, each side's cards a whole number of four-card tricks.
    pub fn balance(&mut self, k: usize) {
        let cards = |s: usize| 13 * self.calypsos[s] + self.in_progress[s].len() as i64;
        let (ns, ew) = (cards(0) + cards(2), cards(1) + cards(3));
        let rest = 52 * k as i64 - ns - ew;
        let target = ns + rest / 2;
        let mut ns_total = target - target % 4;
        if ns_total < ns {
            ns_total += 4;
        }
        self.piles = [ns_total - ns, rest - (ns_total - ns)];
        assert!(
            self.piles[1] >= 0 && (ew + self.piles[1]) % 4 == 0,
            "{self:?}"
        );
    }

    pub fn players(&self) -> Value {
        let mut m = serde_json::Map::new();
        for (s, seat) in SEATS.iter().enumerate() {
            m.insert(
                seat.to_string(),
                json!({"calypsos": self.calypsos[s], "in_progress": self.in_progress[s]}),
            );
        }
        Value::Object(m)
    }

    pub fn piles(&self) -> Value {
        json!({"NS": self.piles[0], "EW": self.piles[1]})
    }

    /// The end-of-game summary: players, trick piles, revokes.
    pub fn sheet(&self) -> Value {
        json!({"players": self.players(), "trick_piles": self.piles(),
               "revokes": {"NS": self.revokes[0], "EW": self.revokes[1]}})
    }

    /// The POST body for a place.
    pub fn body(&self, round: u64, table: u64, board: u64) -> Value {
        let mut b = self.sheet();
        b["round"] = json!(round);
        b["table"] = json!(table);
        b["board"] = json!(board);
        b
    }

    /// The table page's form fields for the same report (ranks tapped by their letter).
    pub fn form(&self, round: u64, board: u64) -> Vec<(String, String)> {
        let mut f = vec![
            ("round".to_string(), round.to_string()),
            ("board".to_string(), board.to_string()),
        ];
        for (s, seat) in SEATS.iter().enumerate() {
            f.push((format!("calypsos_{seat}"), self.calypsos[s].to_string()));
            for card in &self.in_progress[s] {
                f.push((format!("ranks_{seat}"), card[..1].to_string()));
            }
        }
        for (i, side) in ["NS", "EW"].iter().enumerate() {
            f.push((format!("piles_{side}"), self.piles[i].to_string()));
            f.push((format!("revokes_{side}"), self.revokes[i].to_string()));
        }
        f
    }

    /// The scores by the rules, worked by hand: (majors = NS, minors = EW).
    pub fn scores(&self) -> (i64, i64) {
        let side = |a: usize, b: usize, pile: i64, their_revokes: i64| {
            calypso_points(self.calypsos[a])
                + calypso_points(self.calypsos[b])
                + 20 * (self.in_progress[a].len() + self.in_progress[b].len()) as i64
                + 10 * pile
                + 260 * their_revokes
        };
        (
            side(0, 2, self.piles[0], self.revokes[1]),
            side(1, 3, self.piles[1], self.revokes[0]),
        )
    }
}

pub fn count_results(app: &TestApp) -> (i64, i64) {
    with_conn(app, |c| {
        use calypso_director::db::schema::{result_audit, results};
        use diesel::prelude::*;
        (
            results::table.count().get_result(c).unwrap(),
            result_audit::table.count().get_result(c).unwrap(),
        )
    })
}

/// The first table's place in round 1, and a valid report for its board.
pub async fn table_1(e: &Evening) -> (u64, Report) {
    let started = e.start_round(1).await;
    let board = started["tables"][0]["boards"][0].as_u64().unwrap();
    (
        board,
        Report::new(&e.deals(board), 4, [1, 0, 0, 2], [2, 3, 1, 4]),
    )
}

/// A table of a round as the rounds API gives it: (table, its first board).
pub fn place(t: &Value) -> (u64, u64) {
    (
        t["table"].as_u64().unwrap(),
        t["boards"][0].as_u64().unwrap(),
    )
}

/// Stores a round-1 table's result as its phone would, then sets its state (as the other side's
/// answer would).
pub fn table_result(app: &TestApp, id: EventId, t: &Value, status: ResultStatus) -> TableResult {
    let (table, board) = place(t);
    let entry = |n: &Value| {
        with_conn(app, |c| {
            db::entries::entries_of(c, app.club_id("alpha"), id)
                .unwrap()
                .into_iter()
                .find(|e| n.as_i64() == Some(i64::from(e.number)))
                .map(|e| e.id)
        })
    };
    let at = PlayedAt {
        round: 1,
        table_number: table as i32,
        board: board as i32,
        majors_entry: entry(&t["majors"]),
        minors_entry: entry(&t["minors"]),
    };
    let r = store_result(app, id, at, (1850, 1600));
    with_conn(app, |c| {
        db::results::change_result(
            c,
            app.club_id("alpha"),
            id,
            r.id,
            &format!("table {table} (code test)"),
            None,
            |r| {
                Ok::<_, ()>(calypso_director::event::results::ResultValues {
                    status,
                    ..r.values.clone()
                })
            },
        )
        .unwrap()
        .unwrap()
        .unwrap()
    })
}

/// The standings `calypso-director score` prints for a sheet: the real binary, on stdin.
pub fn score_cli(sheet: &Value) -> Value {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_calypso-director"))
        .arg("score")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(sheet.to_string().as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Plays round `round` of the evening (a Mitchell, one board a round): one engine-accepted
/// report at every table but `skip`, entered by the director. Returns the tables' places
/// (table, board).
pub async fn play_round(e: &Evening, round: u64, skip: Option<u64>) -> Vec<(u64, u64)> {
    let started = e.start_round(round as u32).await;
    let mut places = Vec::new();
    for t in started["tables"].as_array().unwrap() {
        let (table, board) = place(t);
        places.push((table, board));
        if Some(table) == skip {
            continue;
        }
        post_report(e, round, table, board).await;
    }
    places
}

/// Posts an engine-accepted report for `table`'s `board` in `round` (varied by table and
/// round, so the boards' nets differ); it must be stored.
pub async fn post_report(e: &Evening, round: u64, table: u64, board: u64) -> Value {
    let deals = e.deals(board);
    let report = Report::new(
        &deals,
        4,
        [
            (table % 3) as i64,
            (round % 2) as i64,
            ((table + round) % 2) as i64,
            (table == 4) as i64 * 2,
        ],
        [table as usize, round as usize, 2, (table as usize + 3) % 5],
    );
    let (s, r) = e
        .api
        .post(&e.results(), report.body(round, table, board))
        .await;
    assert_eq!(s, StatusCode::CREATED, "round {round} table {table}: {r}");
    r
}

/// The event's id, from its API path.
pub fn event_id(e: &Evening) -> EventId {
    EventId::new(e.path.trim_start_matches("/events/").parse().unwrap())
}

/// A five-table Mitchell of ten pairs, five rounds of one board (every pair meets every
/// opponent), running with no round started.
pub async fn five_rounds(api: Api) -> Evening {
    running_event(
        api,
        "pairs-mitchell",
        5,
        10,
        json!({"rounds": 5, "boards_per_round": 1}),
    )
    .await
}

/// Starts `round` through the API even with tables of the round before still to report.
pub async fn start_round_anyway(e: &Evening, round: u32) {
    let (s, v) = e
        .api
        .post(
            &format!("{}/rounds", e.path),
            json!({"round": round, "confirm_unreported": true}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
}

/// The first board `table` plays in the round being played, as the API's round control says.
pub async fn board_now(e: &Evening, table: u64) -> u64 {
    let (_, rounds) = e.api.get(&format!("{}/rounds", e.path)).await;
    rounds["tables"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["table"] == table)
        .unwrap_or_else(|| panic!("table {table} in {rounds}"))["boards"][0]
        .as_u64()
        .unwrap()
}

/// The id of the result a table has entered in a round, as the API's JSON writes it.
pub async fn result_id(e: &Evening, round: u64, table: u64) -> String {
    e.all_results()
        .await
        .into_iter()
        .find(|r| r["round"] == round && r["table"] == table)
        .unwrap_or_else(|| panic!("round {round} table {table} has no result"))["id"]
        .to_string()
}

/// A table's phone: its page by the table's code, and what its players do there.
pub struct Phone {
    pub browser: Browser,
    /// `/t/<code>`
    pub page: String,
}

impl Phone {
    /// Table `table`'s phone in the club alpha's event of `tables` tables.
    pub fn at(app: &TestApp, id: EventId, tables: u32, table: usize) -> Phone {
        let club = app.club_id("alpha");
        let code = with_conn(app, |c| {
            calypso_director::service::play::table_codes(
                c,
                club,
                id,
                tables,
                calypso_director::service::tokens::table_code,
            )
            .unwrap()[table - 1]
                .1
                .clone()
        });
        Phone {
            browser: Browser::new(app),
            page: format!("/t/{code}"),
        }
    }

    pub async fn page_text(&self) -> (StatusCode, String) {
        self.browser.get_text(&self.page).await
    }

    /// Enters an engine-accepted report of `board` for `round` on the table's form.
    pub async fn enter(&self, e: &Evening, round: u64, board: u64) -> reqwest::Response {
        let report = Report::new(&e.deals(board), 4, [1, 0, 1, 0], [3, 1, 2, 3]);
        let fields = report.form(round, board);
        let fields: Vec<(&str, &str)> = fields
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        let to = format!("{}/result", self.page);
        self.browser.post(&self.page, &to, &fields).await
    }

    /// The other side's answer to a result on this phone.
    pub async fn answer(&self, result: &str, agree: bool) -> reqwest::Response {
        let answer = if agree { "agree" } else { "disagree" };
        let to = format!("{}/confirm", self.page);
        self.browser
            .post(&self.page, &to, &[("result", result), ("answer", answer)])
            .await
    }
}

/// Pairs of a sim heat's ten-pair Mitchell.
const HEAT_PAIRS: u32 = 10;

/// The pairs, movement and start of a heat whose draft event exists at `path`; its boards.
pub async fn run_heat(api: Api, path: String) -> Evening {
    let entries: Vec<Value> = (1..=HEAT_PAIRS)
        .map(|n| json!({"kind": "pair", "players": [{"name": format!("North {n}")}, {"name": format!("South {n}")}]}))
        .collect();
    let movement = json!({"rounds": 3, "boards_per_round": 1});
    let boards = super::games::start(&api, &path, &entries, movement).await;
    Evening { api, path, boards }
}

/// Every round of a three-round evening, every table reporting.
pub async fn play_all(e: &Evening) {
    for round in 1..=3 {
        play_round(e, round, None).await;
    }
}

/// Marks the event finished through the API.
pub async fn finish(e: &Evening) {
    let (s, v) = e
        .api
        .post(&format!("{}/status", e.path), json!({"to": "finished"}))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
}

/// The director `d` of `club` asks to open a sim named `name` from the club's event `id`.
pub async fn open_sim(d: &Browser, club: &str, id: EventId, name: &str) -> reqwest::Response {
    let page = format!("/c/{club}/events/{id}");
    d.post(&page, &format!("{page}/sim"), &[("name", name)])
        .await
}

/// The director `d` of `club` asks to join the sim at `sim_page` (`/sims/<id>`) with `tables`.
pub async fn join_sim(d: &Browser, club: &str, sim_page: &str, tables: &str) -> reqwest::Response {
    let join = format!("/c/{club}{sim_page}/join");
    d.post(sim_page, &join, &[("tables", tables)]).await
}

/// A sim of two clubs on one server: alpha's running five-table Mitchell (`e1`) opened as
/// the sim `name`, and bravo's heat (`e2`) joined and running; no round started.
pub struct TwoClubSim {
    pub alpha: Browser,
    pub bravo: Browser,
    pub e1: Evening,
    pub e2: Evening,
    /// `/sims/<id>`
    pub sim_page: String,
}

pub async fn two_club_sim(app: &TestApp, name: &str) -> TwoClubSim {
    let alpha = app.club_with_owner("alpha", "olive@example.org").await;
    let bravo = app.club_with_owner("bravo", "bea@bravo.example").await;
    let e1 = mitchell(api_for(app, &alpha, "alpha").await).await;
    let r = open_sim(&alpha, "alpha", event_id(&e1), name).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let sim_page = location(&r);
    let r = join_sim(&bravo, "bravo", &sim_page, "5").await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let heat2 = id_from_location(&location(&r));
    let e2 = run_heat(
        api_for(app, &bravo, "bravo").await,
        format!("/events/{heat2}"),
    )
    .await;
    TwoClubSim {
        alpha,
        bravo,
        e1,
        e2,
        sim_page,
    }
}

/// A legal game played from the board's hands (each player plays the first card the rules
/// allow), as a `record` body, and its score by the engine's own play.
pub fn played_record(deals: &[[Vec<String>; 4]], dealers: &[String]) -> (Value, (i64, i64)) {
    let spec = calypso_director::engine::GameSpec::build(
        calypso_director::engine::Variant::Standard,
        calypso_director::engine::TrickRule::Standard,
        None,
    )
    .unwrap();
    let first: calypso_director::engine::Seat = dealers[0].parse().unwrap();
    let mut game = calypso_director::engine::Game::new(&spec, first);
    let mut out = Vec::new();
    for (d, hands) in deals.iter().enumerate() {
        let cards: [Vec<calypso_director::engine::Card>; 4] =
            std::array::from_fn(|s| hands[s].iter().map(|c| c.parse().unwrap()).collect());
        game.deal(
            cards
                .each_ref()
                .map(calypso_director::engine::CardCounts::from_cards),
        )
        .unwrap();
        let mut tricks = Vec::new();
        let mut trick = serde_json::Map::new();
        while let Some(seat) = game.to_play() {
            let card = game.legal_cards()[0];
            trick.insert(seat.to_string(), json!(card.to_string()));
            if game.play(card).unwrap().trick_won_by.is_some() {
                tricks.push(Value::Object(std::mem::take(&mut trick)));
            }
        }
        assert_eq!(tricks.len(), 13);
        let hands: serde_json::Map<String, Value> = SEATS
            .iter()
            .enumerate()
            .map(|(s, seat)| (seat.to_string(), json!(hands[s])))
            .collect();
        out.push(json!({"dealer": dealers[d], "hands": hands, "tricks": tricks}));
    }
    assert!(game.is_over());
    let score = game.score();
    let side = |n: &str| score.side(n).unwrap().score;
    (json!({"deals": out}), (side("NS"), side("EW")))
}

/// A running duplicate coöperative of club alpha named `name` (#40 item 5): `tables` tables
/// of four ("Table t four": North t, South t, East t, West t), `rounds` rounds of one board,
/// made through the director's forms. The event's page, its id and each table's code.
pub async fn coop_evening(
    app: &TestApp,
    d: &Browser,
    name: &str,
    tables: u32,
    rounds: u32,
) -> (String, EventId, Vec<(u32, String)>) {
    let mut fields = event_fields(name);
    let (tables_text, rounds_text) = (tables.to_string(), rounds.to_string());
    fields[2] = ("format", "duplicate-cooperative");
    fields[3] = ("variant", "cooperative");
    fields[4] = ("tables", &tables_text);
    fields[5] = ("boards", &rounds_text);
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    if r.status() != StatusCode::SEE_OTHER {
        panic!("{}: {}", r.status(), r.text().await.unwrap());
    }
    let page = location(&r);
    let id = id_from_location(&page);
    let entries = format!("{page}/entries");
    for t in 1..=tables {
        let names: Vec<String> = ["North", "South", "East", "West"]
            .iter()
            .map(|s| format!("{s} {t}"))
            .collect();
        let team = format!("Table {t} four");
        let r = d
            .post(
                &entries,
                &entries,
                &[
                    ("team_name", team.as_str()),
                    ("guest_1", &names[0]),
                    ("guest_2", &names[1]),
                    ("guest_3", &names[2]),
                    ("guest_4", &names[3]),
                ],
            )
            .await;
        assert_eq!(r.status(), StatusCode::SEE_OTHER, "table {t}");
    }
    let movement = format!("{page}/movement");
    let r = d
        .post(&movement, &movement, &[("rounds", rounds_text.as_str())])
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (_, plan) = d.get_text(&movement).await;
    assert!(plan.contains("Every table the same boards"), "{plan}");
    move_event(d, &page, &TO_RUNNING).await;
    let club = app.club_id("alpha");
    let codes = with_conn(app, |c| {
        db::tables::ensure_codes(
            c,
            club,
            id,
            tables,
            calypso_director::service::tokens::table_code,
        )
        .unwrap()
    });
    (page, id, codes)
}
