//! The rules engine through its command line: the public trick examples, replay and check
//! formats, and bad input (exit 2 with a clear message, never a panic).

use std::io::Write;
use std::process::{Command, Output, Stdio};

use calypso_director::cli::rules::record_json;
use calypso_director::engine::{GameRecord, GameSpec, Variant, random, replay};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};

fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_calypso-director"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout_json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}): {}",
            String::from_utf8_lossy(&out.stdout)
        )
    })
}

/// Every example of `tests/fixtures/tricks-public.txt` through `rules trick`, one line each.
#[test]
fn public_trick_examples_give_their_winners() {
    let text = include_str!("fixtures/tricks-public.txt");
    let mut input = String::new();
    let mut expected = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split_whitespace().collect();
        let (rule, trumps, cards, winner) = (f[0], f[1], &f[2..f.len() - 1], f[f.len() - 1]);
        let trumps: serde_json::Map<String, Value> = trumps
            .split(',')
            .map(|kv| {
                let (k, v) = kv.split_once(':').unwrap();
                (k.to_string(), json!(v))
            })
            .collect();
        let cards: serde_json::Map<String, Value> = cards
            .iter()
            .map(|kv| {
                let (k, v) = kv.split_once(':').unwrap();
                (k.to_string(), json!(v))
            })
            .collect();
        let line = json!({"rule": rule, "trumps": trumps, "leader": "N", "cards": cards});
        input.push_str(&line.to_string());
        input.push('\n');
        expected.push(winner.to_string());
    }
    assert_eq!(expected.len(), 9, "all the fixture's examples were read");
    let out = run(&["rules", "trick"], &input);
    assert!(out.status.success());
    let got: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["winner"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(got, expected);
}

#[test]
fn trick_issue_example_and_defaults() {
    let out = run(
        &["rules", "trick"],
        "{\"rule\":\"standard\",\"trumps\":{\"N\":\"S\",\"E\":\"D\",\"S\":\"H\",\"W\":\"C\"},\"leader\":\"N\",\"cards\":{\"N\":\"TS\",\"E\":\"6D\",\"S\":\"JS\",\"W\":\"2S\"}}\n\
         {\"leader\":\"N\",\"cards\":{\"N\":\"10s\",\"E\":\"6♦\",\"S\":\"JS\",\"W\":\"2S\"}}\n",
    );
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "{\"winner\":\"E\"}\n{\"winner\":\"E\"}\n"
    );
}

#[test]
fn a_bad_trick_line_gets_an_error_line_and_the_rest_still_run() {
    let lines = [
        "not json",
        r#"{"leader":"N","cards":{"N":"TS","E":"6D","S":"JS","W":"2S","N":"3C"}}"#,
        r#"{"leader":"N","cards":{"N":"TS","E":"6D","S":"JS","W":"2S","X":"3C"}}"#,
        r#"{"leader":"N","cards":{"N":"TS","E":"6Q","S":"JS","W":"2S"}}"#,
        r#"{"leader":"N","cards":{"N":"TS","E":"6D","S":"JS"}}"#,
        r#"{"leader":"Q","cards":{"N":"TS","E":"6D","S":"JS","W":"2S"}}"#,
        r#"{"rule":"whist","leader":"N","cards":{"N":"TS","E":"6D","S":"JS","W":"2S"}}"#,
        r#"{"trumps":{"N":"S","E":"S","S":"H","W":"C"},"leader":"N","cards":{"N":"TS","E":"6D","S":"JS","W":"2S"}}"#,
        r#"{"leader":"N","cards":{"N":"TS","E":"6D","S":"JS","W":"2S"}}"#,
    ];
    let out = run(&["rules", "trick"], &(lines.join("\n") + "\n"));
    assert!(out.status.success());
    let got: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(got.len(), lines.len());
    let errors: Vec<&str> = got[..8]
        .iter()
        .map(|v| v["error"].as_str().expect("an error"))
        .collect();
    assert!(errors[1].contains("seat N is given twice"), "{}", errors[1]);
    assert!(errors[2].contains("\"X\" is not a seat"), "{}", errors[2]);
    assert!(errors[3].contains("\"6Q\""), "{}", errors[3]);
    assert!(errors[4].contains("no card for West"), "{}", errors[4]);
    assert!(errors[5].contains("\"Q\""), "{}", errors[5]);
    assert!(errors[6].contains("whist"), "{}", errors[6]);
    assert!(errors[7].contains("North and East"), "{}", errors[7]);
    assert_eq!(got[8], json!({"winner": "E"}));
}

/// Replays through the command line and expects a result.
fn replay_ok(spec: &GameSpec, record: &GameRecord) -> Value {
    let out = run(
        &["rules", "replay", "-"],
        &record_json(spec, record).to_string(),
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout_json(&out)
}

fn random_record(variant: Variant, seed: u64, revokes: u32) -> (GameSpec, GameRecord) {
    let spec = GameSpec::new(variant);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut record = GameRecord::default();
    random::play_random_game(&spec, &mut rng, revokes, Some(&mut record));
    (spec, record)
}

#[test]
fn replay_prints_the_documented_result() {
    let (spec, record) = random_record(Variant::Standard, 11, 15);
    let expected = replay(&spec, &record).unwrap();
    assert!(!expected.revokes.is_empty(), "this seed plays some revokes");
    let v = replay_ok(&spec, &record);
    for p in &expected.score.players {
        let j = &v["players"][p.seat.to_string()];
        assert_eq!(j["calypsos"], json!(p.calypsos));
        assert_eq!(j["score"], json!(p.score));
        assert_eq!(
            j["in_progress"].as_array().unwrap().len(),
            p.in_progress.len()
        );
    }
    for s in &expected.score.sides {
        let j = &v["partnerships"][&s.name];
        assert_eq!(j["trick_pile"], json!(s.trick_pile));
        assert_eq!(j["revoke_bonus"], json!(s.revoke_bonus));
        assert_eq!(j["score"], json!(s.score));
    }
    let r = &expected.revokes[0];
    assert_eq!(
        v["revokes"][0],
        json!({"deal": r.deal, "trick": r.trick, "seat": r.seat.to_string(), "card": r.card.to_string()})
    );
    assert_eq!(
        v["revokes"].as_array().unwrap().len(),
        expected.revokes.len()
    );
    // 208 cards accounted for.
    let cards: u64 = ["N", "E", "S", "W"]
        .iter()
        .map(|s| {
            13 * v["players"][s]["calypsos"].as_u64().unwrap()
                + v["players"][s]["in_progress"].as_array().unwrap().len() as u64
        })
        .sum::<u64>()
        + v["partnerships"]["NS"]["trick_pile"].as_u64().unwrap()
        + v["partnerships"]["EW"]["trick_pile"].as_u64().unwrap();
    assert_eq!(cards, 208);
}

#[test]
fn replay_of_every_variant_through_the_command_line() {
    for (i, v) in Variant::ALL.into_iter().enumerate() {
        let (spec, record) = random_record(v, 100 + i as u64, 0);
        let j = replay_ok(&spec, &record);
        let key = if spec.scoring.partnerships() {
            "partnerships"
        } else {
            "sides"
        };
        assert_eq!(j[key].as_object().unwrap().len(), spec.sides(), "{v}");
    }
}

fn replay_error(record: &Value) -> String {
    let out = run(&["rules", "replay", "-"], &record.to_string());
    assert_eq!(
        out.status.code(),
        Some(2),
        "stdout: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    let v = stdout_json(&out);
    let msg = v["error"].as_str().expect("error field").to_string();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains(&msg),
        "stderr repeats the message: {stderr}"
    );
    msg
}

#[test]
fn impossible_records_say_which_deal_trick_seat_and_card() {
    let (spec, record) = random_record(Variant::Standard, 5, 0);
    let good = record_json(&spec, &record);

    // A card the player does not hold: swap East's card in deal 2 trick 3 for one they never had.
    let mut bad = good.clone();
    let east_hand: Vec<String> =
        serde_json::from_value(bad["deals"][1]["hands"]["E"].clone()).unwrap();
    let foreign = ["AS", "KS", "QS", "AH", "AD", "AC", "2C", "2D", "2H", "2S"]
        .into_iter()
        .find(|c| !east_hand.iter().any(|h| h == c))
        .unwrap();
    bad["deals"][1]["tricks"][2]["E"] = json!(foreign);
    let msg = replay_error(&bad);
    assert!(
        msg.starts_with(&format!("deal 2, trick 3, East, {foreign}:")),
        "{msg}"
    );

    // A 14-card hand.
    let mut bad = good.clone();
    bad["deals"][0]["hands"]["N"]
        .as_array_mut()
        .unwrap()
        .push(json!("AS"));
    let msg = replay_error(&bad);
    assert!(
        msg.contains("deal 1") && msg.contains("North") && msg.contains("14 cards"),
        "{msg}"
    );

    // A trick with a fifth card (a repeated seat) and an unknown card.
    let text = good
        .to_string()
        .replacen("\"tricks\":[{", "\"tricks\":[{\"N\":\"2C\",", 1);
    let out = run(&["rules", "replay"], &text);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stdout_json(&out)["error"]
            .as_str()
            .unwrap()
            .contains("given twice")
    );
    let mut bad = good.clone();
    bad["deals"][0]["tricks"][0]["S"] = json!("1S");
    assert!(replay_error(&bad).contains("\"1S\""));

    // Wrong counts: a missing trick, a missing card, the wrong dealer, too many deals.
    let mut bad = good.clone();
    bad["deals"][3]["tricks"].as_array_mut().unwrap().pop();
    assert!(replay_error(&bad).contains("deal 4: the record has 12 tricks"));
    let mut bad = good.clone();
    bad["deals"][0]["tricks"][4]
        .as_object_mut()
        .unwrap()
        .remove("W");
    assert!(
        replay_error(&bad).starts_with("deal 1, trick 5, West: the trick has no card for West")
    );
    let mut bad = good.clone();
    let wrong = if good["deals"][1]["dealer"] == json!("N") {
        "S"
    } else {
        "N"
    };
    bad["deals"][1]["dealer"] = json!(wrong);
    assert!(replay_error(&bad).contains("passes to the left"));
    let mut bad = good.clone();
    let extra = bad["deals"][0].clone();
    bad["deals"].as_array_mut().unwrap().push(extra);
    assert!(replay_error(&bad).contains("5 deals"));
    // Five copies of one card in one deal.
    let mut bad = good.clone();
    for i in 0..5 {
        bad["deals"][0]["hands"]["N"][i] = json!("AS");
    }
    let msg = replay_error(&bad);
    assert!(
        msg.contains("AS is dealt more often than the deck holds it"),
        "{msg}"
    );
}

#[test]
fn malformed_input_exits_2_and_never_panics() {
    for text in [
        "",
        "{",
        "[]",
        "null",
        "{\"deals\":\"x\"}",
        "{\"deals\":[{\"hands\":{}}]}",
        "{\"deals\":[{\"dealer\":\"N\",\"hands\":{\"N\":[1]}}]}",
    ] {
        for cmd in ["replay", "check"] {
            let out = run(&["rules", cmd], text);
            assert_eq!(out.status.code(), Some(2), "{cmd} {text:?}");
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(!stderr.contains("panicked"), "{stderr}");
            assert!(stdout_json(&out)["error"].is_string());
        }
    }
    let out = run(&["rules", "replay", "/no/such/file.json"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/no/such/file.json"));
}

/// A table's summary built from a replayed game: it checks clean and scores the same.
fn summary_of(spec: &GameSpec, record: &GameRecord) -> (Value, Value) {
    let replayed = record_json(spec, record);
    let r = replay_ok(spec, record);
    let players: serde_json::Map<String, Value> = spec
        .seats()
        .iter()
        .map(|s| {
            let p = &r["players"][s.to_string()];
            (
                s.to_string(),
                json!({"calypsos": p["calypsos"], "in_progress": p["in_progress"]}),
            )
        })
        .collect();
    let piles = json!({"NS": r["partnerships"]["NS"]["trick_pile"], "EW": r["partnerships"]["EW"]["trick_pile"]});
    let deals: Vec<Value> = replayed["deals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| json!({"dealer": d["dealer"], "hands": d["hands"]}))
        .collect();
    let input = json!({"deals": deals, "after_deal": 4, "players": players, "trick_piles": piles});
    (input, r)
}

#[test]
fn check_accepts_a_real_game_and_scores_it() {
    let (spec, record) = random_record(Variant::Standard, 21, 0);
    let (input, replayed) = summary_of(&spec, &record);
    let out = run(&["rules", "check", "-"], &input.to_string());
    assert_eq!(out.status.code(), Some(0));
    let v = stdout_json(&out);
    assert_eq!(v["ok"], json!(true), "{v}");
    assert_eq!(v["problems"], json!([]));
    for side in ["NS", "EW"] {
        assert_eq!(
            v["partnerships"][side]["score"],
            replayed["partnerships"][side]["score"]
        );
    }
}

fn check_codes(input: &Value) -> Vec<String> {
    let out = run(&["rules", "check"], &input.to_string());
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = stdout_json(&out);
    assert_eq!(v["ok"], json!(false));
    v["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            assert!(p["message"].as_str().unwrap().len() > 10);
            p["code"].as_str().unwrap().to_string()
        })
        .collect()
}

#[test]
fn check_finds_what_the_rules_forbid() {
    let (spec, record) = random_record(Variant::Standard, 21, 0);
    let (good, _) = summary_of(&spec, &record);

    // One card short: the issue's own example message.
    let mut bad = good.clone();
    let ns = bad["trick_piles"]["NS"].as_i64().unwrap();
    bad["trick_piles"]["NS"] = json!(ns - 1);
    let out = run(&["rules", "check"], &bad.to_string());
    let v = stdout_json(&out);
    let messages: Vec<&str> = v["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["message"].as_str().unwrap())
        .collect();
    assert!(
        messages.contains(&"the cards add up to 207, a game has 208"),
        "{messages:?}"
    );
    assert!(check_codes(&bad).contains(&"side-count".to_string()));

    // A rank twice, a card of the wrong suit, all 13 in progress, too many calypsos.
    let mut bad = good.clone();
    bad["players"]["N"]["in_progress"] = json!(["2S", "2S", "5H"]);
    let codes = check_codes(&bad);
    assert!(
        codes.contains(&"in-progress-duplicate".to_string()),
        "{codes:?}"
    );
    assert!(
        codes.contains(&"in-progress-wrong-suit".to_string()),
        "{codes:?}"
    );
    let mut bad = good.clone();
    bad["players"]["E"] = json!({"calypsos": 0, "in_progress": ["2D","3D","4D","5D","6D","7D","8D","9D","TD","JD","QD","KD","AD"]});
    assert!(check_codes(&bad).contains(&"in-progress-complete".to_string()));
    let mut bad = good.clone();
    bad["players"]["W"] = json!({"calypsos": 5, "in_progress": []});
    assert!(check_codes(&bad).contains(&"too-many-calypsos".to_string()));
    let mut bad = good.clone();
    bad["after_deal"] = json!(5);
    assert!(check_codes(&bad).contains(&"after-deal".to_string()));
    let mut bad = good.clone();
    bad["players"].as_object_mut().unwrap().remove("S");
    assert!(check_codes(&bad).contains(&"missing-player".to_string()));
}

#[test]
fn check_with_the_deal_finds_cards_not_yet_dealt() {
    // After deal 1, a player claims a calypso card whose copies were not dealt in deal 1.
    let (spec, record) = random_record(Variant::Standard, 33, 0);
    let (good, _) = summary_of(&spec, &record);
    let deal1: Vec<String> = ["N", "E", "S", "W"]
        .iter()
        .flat_map(|s| {
            serde_json::from_value::<Vec<String>>(good["deals"][0]["hands"][*s].clone()).unwrap()
        })
        .collect();
    let missing = [
        "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS",
    ]
    .into_iter()
    .find(|c| !deal1.iter().any(|d| d == c))
    .expect("some spade was not dealt in deal 1");
    let input = json!({
        "deals": good["deals"],
        "after_deal": 1,
        "players": {
            "N": {"calypsos": 0, "in_progress": [missing]},
            "E": {"calypsos": 0, "in_progress": []},
            "S": {"calypsos": 0, "in_progress": []},
            "W": {"calypsos": 1, "in_progress": []}
        },
        "trick_piles": {"NS": 3, "EW": 35}
    });
    let codes = check_codes(&input);
    assert!(codes.contains(&"rank-not-dealt".to_string()), "{codes:?}");
    assert!(
        codes.contains(&"calypso-not-possible".to_string()),
        "{codes:?}"
    );
    // The card count itself is right (1 + 13 + 38 = 52), so that is not reported.
    assert!(!codes.contains(&"card-count".to_string()), "{codes:?}");
}

mod no_panic {
    use super::*;
    use calypso_director::cli::rules::{check_json, replay_json, trick_line};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn arbitrary_text_is_an_error_not_a_panic(text in ".{0,200}") {
            prop_assert!(replay_json(&text).is_err());
            prop_assert!(check_json(&text).is_err());
            prop_assert!(trick_line(&text).get("error").is_some());
        }

        #[test]
        fn corrupted_records_replay_or_fail_cleanly(seed in 0u64..50, deal in 0usize..4, trick in 0usize..13, seat in 0usize..4, card in "[0-9TJQKAX]{1,2}[SHDCX♠]") {
            let (spec, record) = random_record(Variant::Standard, seed, 0);
            let mut j = record_json(&spec, &record);
            let s = ["N", "E", "S", "W"][seat];
            j["deals"][deal]["tricks"][trick][s] = json!(card);
            // Either a result (the card happened to be legal and held) or a located error.
            match replay_json(&j.to_string()) {
                Ok(v) => prop_assert!(v.get("players").is_some()),
                Err(e) => prop_assert!(!e.is_empty()),
            }
            let mut j = record_json(&spec, &record);
            j["deals"][deal]["hands"][s][trick] = json!(card);
            let _ = replay_json(&j.to_string());
        }
    }
}

/// Summaries after each deal of a real game, from replaying its first k deals.
fn series_of(spec: &GameSpec, record: &GameRecord) -> Vec<Value> {
    (1..=spec.deals())
        .map(|k| {
            let partial = GameRecord { deals: record.deals[..k].to_vec() };
            let r = replay_ok(spec, &partial);
            assert_eq!(r["complete"], json!(k == spec.deals()));
            let players: serde_json::Map<String, Value> = ["N", "E", "S", "W"]
                .iter()
                .map(|s| (s.to_string(), json!({"calypsos": r["players"][s]["calypsos"], "in_progress": r["players"][s]["in_progress"]})))
                .collect();
            json!({"after_deal": k, "players": players,
                   "trick_piles": {"NS": r["partnerships"]["NS"]["trick_pile"], "EW": r["partnerships"]["EW"]["trick_pile"]}})
        })
        .collect()
}

#[test]
fn check_a_summary_after_every_deal() {
    let (spec, record) = random_record(Variant::Standard, 44, 0);
    let series = series_of(&spec, &record);
    let out = run(
        &["rules", "check"],
        &json!({"summaries": series}).to_string(),
    );
    let v = stdout_json(&out);
    assert_eq!(v["ok"], json!(true), "{v}");

    // A trick pile that shrinks, and completed calypsos that go down.
    let mut bad = series.clone();
    bad[2]["trick_piles"]["NS"] = json!(bad[1]["trick_piles"]["NS"].as_i64().unwrap() - 4);
    bad[2]["trick_piles"]["EW"] = json!(bad[2]["trick_piles"]["EW"].as_i64().unwrap() + 4);
    assert!(check_codes(&json!({"summaries": bad})).contains(&"trick-pile-decreased".to_string()));
    let mut bad = series.clone();
    bad[0]["players"]["N"]["calypsos"] =
        json!(bad[1]["players"]["N"]["calypsos"].as_i64().unwrap() + 1);
    assert!(check_codes(&json!({"summaries": bad})).contains(&"calypsos-decreased".to_string()));
    // A card that vanishes from a calypso in progress without a completion: drop it from
    // the deal-2 summary and put it in the pile, so the card counts still add up.
    let seat = ["N", "E", "S", "W"]
        .into_iter()
        .find(|s| {
            series[0]["players"][s]["calypsos"] == series[1]["players"][s]["calypsos"]
                && !series[0]["players"][s]["in_progress"]
                    .as_array()
                    .unwrap()
                    .is_empty()
        })
        .expect("someone holds calypso cards after deal 1 and completes none in deal 2");
    let gone = series[0]["players"][seat]["in_progress"][0].clone();
    let mut bad = series.clone();
    bad[1]["players"][seat]["in_progress"]
        .as_array_mut()
        .unwrap()
        .retain(|c| *c != gone);
    let side = if seat == "N" || seat == "S" {
        "NS"
    } else {
        "EW"
    };
    bad[1]["trick_piles"][side] = json!(bad[1]["trick_piles"][side].as_i64().unwrap() + 1);
    let codes = check_codes(&json!({"summaries": bad}));
    assert!(codes.contains(&"in-progress-lost".to_string()), "{codes:?}");
    // Both forms at once is unreadable input.
    let out = run(
        &["rules", "check"],
        &json!({"summaries": series, "after_deal": 4}).to_string(),
    );
    assert_eq!(out.status.code(), Some(2));
}

/// A random legal Kaiso game's record (the `rules replay --game kaiso` format) and the
/// engine's own outcome of it, as JSON.
fn kaiso_game(seed: u64) -> (Value, Value) {
    use calypso_director::engine::kaiso;
    let spec = GameSpec::new(Variant::Standard);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (record, outcome) = kaiso::random::random_game(&spec, &mut rng);
    (
        serde_json::to_value(&record).unwrap(),
        serde_json::to_value(&outcome).unwrap(),
    )
}

#[test]
fn kaiso_replay_through_the_command_line_gives_the_engines_outcome() {
    for seed in [1, 2, 3] {
        let (record, expected) = kaiso_game(seed);
        let out = run(
            &["rules", "replay", "--game", "kaiso", "-"],
            &record.to_string(),
        );
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let got = stdout_json(&out);
        assert_eq!(got, expected, "seed {seed}");
        assert!(got["partnerships"]["NS"]["total"].is_i64(), "{got}");
    }
    // A placement the rules forbid: a card of the trick placed twice, named with its trick.
    let (mut record, _) = kaiso_game(4);
    let first = record["deals"][0]["placements"][0][0].clone();
    record["deals"][0]["placements"][0][1] = first;
    let out = run(
        &["rules", "replay", "--game", "kaiso", "-"],
        &record.to_string(),
    );
    assert_eq!(out.status.code(), Some(2));
    let e = stdout_json(&out)["error"].as_str().unwrap().to_string();
    assert!(e.starts_with("deal 1, trick 1: "), "{e}");
    // Kaiso is the standard four-hand game only.
    let (mut record, _) = kaiso_game(5);
    record["variant"] = json!("cutthroat-3");
    let out = run(
        &["rules", "replay", "--game", "kaiso", "-"],
        &record.to_string(),
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn kaiso_check_accepts_a_real_summary_and_flags_an_impossible_one() {
    use calypso_director::engine::kaiso;
    let spec = GameSpec::new(Variant::Standard);
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let (_, outcome) = kaiso::random::random_game(&spec, &mut rng);
    let summary = outcome.summary();
    let out = run(
        &["rules", "check", "--game", "kaiso", "-"],
        &serde_json::to_value(&summary).unwrap().to_string(),
    );
    assert_eq!(out.status.code(), Some(0));
    let v = stdout_json(&out);
    assert_eq!(v["ok"], json!(true), "{v}");
    assert_eq!(
        v["partnerships"],
        serde_json::to_value(kaiso::score(&summary)).unwrap()["partnerships"]
    );
    // One card too many in a trick pile: the count no longer adds up to 208.
    let mut bad = serde_json::to_value(&summary).unwrap();
    bad["partnerships"]["NS"]["trick_pile"]
        .as_array_mut()
        .unwrap()
        .push(json!("2C"));
    let out = run(
        &["rules", "check", "--game", "kaiso", "-"],
        &bad.to_string(),
    );
    let v = stdout_json(&out);
    assert_eq!(v["ok"], json!(false), "{v}");
    let codes: Vec<&str> = v["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["code"].as_str().unwrap())
        .collect();
    assert!(codes.contains(&"card-count"), "{codes:?}");
    assert!(
        v.get("partnerships").is_none(),
        "no scores for a refused summary"
    );
}

#[test]
fn duet_replay_through_the_command_line() {
    for (i, variant) in Variant::DUET.into_iter().enumerate() {
        let (spec, record) = random_record(variant, 300 + i as u64, 0);
        let expected = replay(&spec, &record).unwrap();
        let mut input = record_json(&spec, &record);
        assert!(input["deals"][0]["duet"]["majors"]["dummy"].is_string());
        // --game duet: the record's own variant is used; with none, Duet.
        if variant == Variant::Duet {
            input.as_object_mut().unwrap().remove("variant");
        }
        let out = run(
            &["rules", "replay", "--game", "duet", "-"],
            &input.to_string(),
        );
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v = stdout_json(&out);
        for s in &expected.score.sides {
            assert_eq!(
                v["partnerships"][&s.name]["score"],
                json!(s.score),
                "{variant}"
            );
        }
    }
    // A dummy naming the other player's hand is refused with the deal named.
    let (spec, record) = random_record(Variant::Duet, 310, 0);
    let mut input = record_json(&spec, &record);
    input["deals"][1]["duet"]["majors"]["dummy"] = json!("E");
    let out = run(&["rules", "replay", "-"], &input.to_string());
    assert_eq!(out.status.code(), Some(2));
    let e = stdout_json(&out)["error"].as_str().unwrap().to_string();
    assert!(e.contains("deal 2"), "{e}");
    // --game duet refuses a record of another variant.
    let (spec, record) = random_record(Variant::Standard, 311, 0);
    let out = run(
        &["rules", "replay", "--game", "duet", "-"],
        &record_json(&spec, &record).to_string(),
    );
    assert_eq!(out.status.code(), Some(2));
}

/// A random legal Embers game (three packs, four hands) as `rules replay --game embers`
/// reads it, and the engine's outcome.
fn embers_game(seed: u64) -> (Value, Value) {
    use calypso_director::engine::embers;
    let spec = embers::EmbersSpec::three_packs(4).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (record, outcome) = embers::random::random_game(&spec, &mut rng);
    let mut input = serde_json::to_value(&record).unwrap();
    input["packs"] = json!(3);
    input["hands"] = json!(4);
    input["fire_hands"] = json!(1);
    (input, serde_json::to_value(&outcome).unwrap())
}

fn embers_replay(input: &Value) -> Output {
    rules_game("replay", "embers", input)
}

/// `rules VERB --game GAME -` with the input on standard input.
fn rules_game(verb: &str, game: &str, input: &Value) -> Output {
    run(&["rules", verb, "--game", game, "-"], &input.to_string())
}

fn problem_codes(v: &Value) -> Vec<&str> {
    v["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["code"].as_str().unwrap())
        .collect()
}

#[test]
fn embers_replay_through_the_command_line_gives_the_engines_outcome() {
    for seed in 0..3 {
        let (input, expected) = embers_game(seed);
        let out = embers_replay(&input);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(stdout_json(&out), expected);
    }
}

#[test]
fn embers_replay_refuses_a_deal_the_green_room_cannot_give_naming_hand_seat_and_card() {
    let (mut input, _) = embers_game(8);
    // Hand 2's North is given West's cards too: with three packs West's cards run out of
    // copies (seats are dealt N, E, S, W), and West and the card are named.
    let west = input["deals"][1]["hands"]["W"].clone();
    input["deals"][1]["hands"]["N"] = west;
    let out = embers_replay(&input);
    assert_eq!(out.status.code(), Some(2));
    let e = stdout_json(&out)["error"].as_str().unwrap().to_string();
    assert!(e.starts_with("hand 2, West, "), "{e}");
    assert!(e.contains("the green room holds"), "{e}");

    let (mut input, _) = embers_game(9);
    input["packs"] = json!(9);
    let out = embers_replay(&input);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("3 to 8 packs, not 9"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    input["packs"] = json!(3);
    input["hands"] = json!(41);
    let out = embers_replay(&input);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("4 to 40 hands"));
}

#[test]
fn embers_check_scores_real_reports_and_flags_an_impossible_one() {
    let (_, outcome) = embers_game(3);
    let mut input = json!({"hands": 4, "reports": outcome["summary"]["reports"].clone()});
    let out = run(
        &["rules", "check", "--game", "embers", "-"],
        &input.to_string(),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = stdout_json(&out);
    assert_eq!(v["ok"], json!(true), "{v}");
    assert_eq!(v["score"], outcome["score"]);

    input["reports"][1]["trick_piles"]["NS"] = json!(60);
    let out = run(
        &["rules", "check", "--game", "embers", "-"],
        &input.to_string(),
    );
    let v = stdout_json(&out);
    assert_eq!(v["ok"], json!(false));
    let codes: Vec<&str> = v["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["code"].as_str().unwrap())
        .collect();
    assert!(codes.contains(&"trick-pile-too-big"), "{v}");
    assert!(v.get("score").is_none());
}

/// A random legal Auction game of four hands as `rules replay --game auction` reads it,
/// and the engine's outcome.
fn auction_game(seed: u64) -> (Value, Value) {
    use calypso_director::engine::auction;
    let spec = auction::AuctionSpec::new(4).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (record, outcome) = auction::random::random_game(&spec, &mut rng);
    let mut input = serde_json::to_value(&record).unwrap();
    input["hands"] = json!(4);
    (input, serde_json::to_value(&outcome).unwrap())
}

#[test]
fn auction_replay_through_the_command_line_gives_the_engines_outcome() {
    for seed in 0..3 {
        let (input, expected) = auction_game(seed);
        let out = rules_game("replay", "auction", &input);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(stdout_json(&out), expected);
    }
}

#[test]
fn auction_replay_names_the_illegal_call_and_card() {
    let (input, _) = auction_game(4);
    let refused = |input: &Value| {
        let out = rules_game("replay", "auction", input);
        assert_eq!(out.status.code(), Some(2));
        stdout_json(&out)["error"].as_str().unwrap().to_string()
    };
    let mut bad = input.clone();
    bad["deals"][1]["calls"][0] = json!({"calypsos": 0, "points": 160, "suit": "C"});
    let e = refused(&bad);
    assert!(e.starts_with("hand 2, call 1: player "), "{e}");
    assert!(
        e.ends_with("160 clubs: a bid of no calypsos needs at least 170 points"),
        "{e}"
    );

    // Every card of the first trick is one nobody was dealt: its leader is refused.
    let mut bad = input.clone();
    let hands = bad["deals"][0]["hands"].clone();
    let dealt = |c: &str| {
        ["1", "2", "3"]
            .iter()
            .any(|p| hands[*p].as_array().unwrap().contains(&json!(c)))
    };
    let missing = calypso_director::engine::Card::all()
        .map(|c| c.to_string())
        .find(|c| !dealt(c))
        .unwrap();
    for p in ["1", "2", "3"] {
        bad["deals"][0]["tricks"][0][p] = json!(missing);
    }
    let e = refused(&bad);
    assert!(e.starts_with("hand 1, trick 1, player "), "{e}");
    assert!(e.contains(&format!("does not hold {missing}")), "{e}");

    let mut bad = input.clone();
    bad["hands"] = json!(61);
    assert!(refused(&bad).contains("3 to 60 hands"));
    let mut bad = input;
    bad["deals"][0]["opponents_trumps"] = json!(["S", "S"]);
    let e = refused(&bad);
    assert!(e.starts_with("hand 1: "), "{e}");
}

#[test]
fn auction_check_scores_real_reports_and_flags_an_impossible_one() {
    let (input, outcome) = auction_game(5);
    let mut report = outcome["summary"].clone();
    report["hands"] = json!(4);
    let out = rules_game("check", "auction", &report);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = stdout_json(&out);
    assert_eq!(v["ok"], json!(true), "{v}");
    assert_eq!(v["score"], outcome["score"]);
    assert_eq!(report["first_dealer"], input["first_dealer"]);

    report["reports"][1]["players"]["2"]["trick_pile"] = json!(60);
    let v = stdout_json(&rules_game("check", "auction", &report));
    assert_eq!(v["ok"], json!(false));
    assert!(problem_codes(&v).contains(&"trick-pile-too-big"), "{v}");
    assert!(v.get("score").is_none());

    // A phone form's report by counts, with the contract instead of the calls: player 1
    // deals, player 2 bids 170 clubs and makes it with 18 trick-pile cards.
    let form = json!({
        "hands": 3,
        "first_dealer": "1",
        "reports": [{
            "contract": {"declarer": "2", "calypsos": 0, "points": 170, "suit": "C"},
            "opponents_trumps": ["H", "D"],
            "players": {
                "1": {"trick_pile": 14, "calypsos": 0, "in_progress": {"D": 4}},
                "2": {"trick_pile": 18, "calypsos": 0, "in_progress": {"C": 6}},
                "3": {"trick_pile": 6, "calypsos": 0, "in_progress": {"H": 3}}
            }
        }]
    });
    let v = stdout_json(&rules_game("check", "auction", &form));
    assert_eq!(v["ok"], json!(true), "{v}");
    let hand = &v["score"]["hands"][0];
    assert_eq!(hand["made"], json!(true));
    assert_eq!(hand["players"]["2"]["total"], json!(180 + 170));
    assert_eq!(hand["players"]["1"]["total"], json!(100));
    assert_eq!(v["score"]["complete"], json!(false));
}

/// docs/variants.md's report example ("Auction Calypso", "The reports").
#[test]
fn auction_check_the_documented_example() {
    let counts = json!({"S": 5, "H": 3, "D": 0, "C": 7});
    let report = json!({
        "hands": 18, "first_dealer": "1",
        "setup": {"1": counts, "2": counts, "3": counts},
        "setup_calypsos": 0,
        "reports": [{
            "calls": [{"calypsos": 0, "points": 170, "suit": "C"}, "pass", "pass"],
            "opponents_trumps": ["H", "D"],
            "players": {
                "1": {"trick_pile": 15, "calypsos": 0, "in_progress": {"S": 5, "H": 3, "D": 3, "C": 7}},
                "2": {"trick_pile": 16, "calypsos": 0, "in_progress": {"S": 5, "H": 3, "D": 0, "C": 11}},
                "3": {"trick_pile": 9, "calypsos": 0, "in_progress": {"S": 5, "H": 6, "D": 0, "C": 7}}
            },
            "sold": 1
        }]
    });
    let v = stdout_json(&rules_game("check", "auction", &report));
    assert_eq!(v["ok"], json!(true), "{v}");
    let hand = &v["score"]["hands"][0];
    assert_eq!(hand["made"], json!(true));
    assert_eq!(hand["running"], json!({"1": 120, "2": 350, "3": 120}));
    // Two cards sold where one is the fewest.
    let mut two = report.clone();
    two["reports"][0]["sold"] = json!(2);
    two["reports"][0]["players"]["2"]["in_progress"]["C"] = json!(10);
    let v = stdout_json(&rules_game("check", "auction", &two));
    assert_eq!(problem_codes(&v), vec!["sale-not-fewest"], "{v}");
}

/// A random legal partnership Auction game of four hands as `rules replay --game auction`
/// reads it (`"players": 4`), and the engine's outcome.
fn auction_pairs_game(seed: u64) -> (Value, Value) {
    use calypso_director::engine::auction::pairs;
    let spec = pairs::PairsSpec::new(4).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (record, outcome) = pairs::random::random_game(&spec, &mut rng);
    let mut input = serde_json::to_value(&record).unwrap();
    input["players"] = json!(4);
    input["hands"] = json!(4);
    (input, serde_json::to_value(&outcome).unwrap())
}

#[test]
fn auction_for_four_replays_and_checks_through_the_command_line() {
    for seed in 0..3 {
        let (input, expected) = auction_pairs_game(seed);
        let out = rules_game("replay", "auction", &input);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(stdout_json(&out), expected);
        let mut report = expected["summary"].clone();
        report["players"] = json!(4);
        report["hands"] = json!(4);
        let v = stdout_json(&rules_game("check", "auction", &report));
        assert_eq!(v["ok"], json!(true), "{v}");
        assert_eq!(v["score"], expected["score"]);
    }
    // Seats are N, E, S, W: a call refused names the hand, the call and the seat.
    let (input, _) = auction_pairs_game(4);
    let mut bad = input.clone();
    bad["deals"][1]["calls"][0] = json!({"calypsos": 0, "points": 160, "suit": "C"});
    let out = rules_game("replay", "auction", &bad);
    assert_eq!(out.status.code(), Some(2));
    let e = stdout_json(&out)["error"].as_str().unwrap().to_string();
    let eldest = match input["first_dealer"].as_str().unwrap() {
        "N" => "South",
        "E" => "West",
        "S" => "North",
        _ => "East",
    };
    assert_eq!(
        e,
        format!(
            "hand 2, call 1: {eldest}'s 160 clubs: a bid of no calypsos needs at least 170 points"
        )
    );
    // The three-hander's record is not a game of four.
    let (three, _) = auction_game(0);
    let mut wrong = three;
    wrong["players"] = json!(4);
    let out = rules_game("replay", "auction", &wrong);
    assert_eq!(out.status.code(), Some(2));
    let mut five = input.clone();
    five["players"] = json!(5);
    let out = rules_game("replay", "auction", &five);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stdout_json(&out)["error"]
            .as_str()
            .unwrap()
            .contains("3 players, or 4 in partnerships"),
    );
    let mut three_hands = input;
    three_hands["hands"] = json!(3);
    let out = rules_game("replay", "auction", &three_hands);
    assert!(
        stdout_json(&out)["error"]
            .as_str()
            .unwrap()
            .contains("4 to 60 hands")
    );
}

/// docs/variants.md's report example ("Partnership Auction Calypso", "The reports"): all
/// four pass, misère between the partnerships.
#[test]
fn auction_for_four_check_the_documented_example() {
    let report = json!({"players": 4, "hands": 16, "first_dealer": "N",
        "reports": [{"calls": ["pass", "pass", "pass", "pass"],
          "sides": {"NS": {"trick_pile": 30}, "EW": {"trick_pile": 22}}}]});
    let v = stdout_json(&rules_game("check", "auction", &report));
    assert_eq!(v["ok"], json!(true), "{v}");
    let hand = &v["score"]["hands"][0];
    assert_eq!(hand["outcome"], json!("misere"));
    assert_eq!(hand["running"], json!({"NS": -520, "EW": 0}));
    // Three passes do not end an auction of four; and a pile too many is flagged.
    let mut short = report.clone();
    short["reports"][0]["calls"] = json!(["pass", "pass", "pass"]);
    let v = stdout_json(&rules_game("check", "auction", &short));
    assert_eq!(problem_codes(&v), vec!["auction-unfinished"], "{v}");
    // Counts as large as a number holds are flagged, never overflow.
    let mut huge = report.clone();
    huge["reports"][0]["sides"]["EW"]["trick_pile"] = json!(u32::MAX);
    huge["reports"][0]["sold"] = json!(u32::MAX);
    let out = rules_game("check", "auction", &huge);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(problem_codes(&stdout_json(&out)).contains(&"cards-unaccounted"));
    let mut more = report;
    more["reports"][0]["sides"]["EW"]["trick_pile"] = json!(23);
    let v = stdout_json(&rules_game("check", "auction", &more));
    assert_eq!(problem_codes(&v), vec!["cards-unaccounted"], "{v}");
    assert!(v.get("score").is_none());
}

/// `"auction_setup"` with `"players": 4`: a game dealt a balanced random setup replays and
/// checks under it, and under another agreed setup is refused with the setup's code.
#[test]
fn auction_for_four_takes_the_agreed_setup() {
    use calypso_director::engine::auction::SetupKind;
    use calypso_director::engine::auction::pairs;
    for (seed, kind, other, code) in [
        (1, SetupKind::Balanced, "standardised", "setup-not-standard"),
        (2, SetupKind::FullyRandom, "none", "setup-not-agreed"),
        (3, SetupKind::Standardised, "none", "setup-not-agreed"),
    ] {
        let spec = pairs::PairsSpec::new(4).unwrap().with_setup(kind);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let setup = pairs::random::random_setup_of(kind, &spec, &mut rng);
        let (record, outcome) = pairs::random::random_game_from(
            &spec,
            calypso_director::engine::Seat::West,
            &setup,
            &mut rng,
        );
        let mut input = serde_json::to_value(&record).unwrap();
        input["players"] = json!(4);
        input["hands"] = json!(4);
        input["auction_setup"] = json!(kind.word());
        assert!(input["setup"]["NS"].is_array(), "{input}");
        let out = rules_game("replay", "auction", &input);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let expected = serde_json::to_value(&outcome).unwrap();
        assert_eq!(stdout_json(&out), expected);
        let mut report = expected["summary"].clone();
        report["players"] = json!(4);
        report["hands"] = json!(4);
        report["auction_setup"] = json!(kind.word());
        let v = stdout_json(&rules_game("check", "auction", &report));
        assert_eq!(v["ok"], json!(true), "{v}");
        assert_eq!(v["score"], expected["score"]);
        // The same game under another agreed setup.
        report["auction_setup"] = json!(other);
        let v = stdout_json(&rules_game("check", "auction", &report));
        assert!(problem_codes(&v).contains(&code), "{kind} as {other}: {v}");
        input["auction_setup"] = json!(other);
        let out = rules_game("replay", "auction", &input);
        assert_eq!(out.status.code(), Some(2), "{kind} as {other}");
        let e = stdout_json(&out)["error"].as_str().unwrap().to_string();
        assert!(e.starts_with("setup: "), "{e}");
    }
}

/// docs/cli.md's example of a setup for four: both partnerships start with the standardised
/// set, all four pass; a partnership's count changed is flagged.
#[test]
fn auction_for_four_check_the_documented_setup_example() {
    let six = json!({"S": 6, "H": 6, "D": 6, "C": 6});
    let report = json!({"players": 4, "hands": 16, "auction_setup": "standardised",
        "first_dealer": "N", "setup": {"NS": six, "EW": six},
        "reports": [{"calls": ["pass", "pass", "pass", "pass"],
          "sides": {"NS": {"trick_pile": 30, "in_progress": six},
                    "EW": {"trick_pile": 22, "in_progress": six}}}]});
    let v = stdout_json(&rules_game("check", "auction", &report));
    assert_eq!(v["ok"], json!(true), "{v}");
    assert_eq!(v["score"]["setup"], json!({"NS": 0, "EW": 0}));
    assert_eq!(v["score"]["totals"], json!({"NS": -520, "EW": 0}));
    let mut five = report.clone();
    five["setup"]["EW"]["C"] = json!(5);
    five["reports"][0]["sides"]["EW"]["in_progress"]["C"] = json!(5);
    let v = stdout_json(&rules_game("check", "auction", &five));
    assert_eq!(problem_codes(&v), vec!["setup-not-standard"], "{v}");
    // Balanced random: 30 cards that held one calypso complete leave 17 at most.
    let four = json!({"H": 4});
    let mut found = report;
    found["auction_setup"] = json!("balanced");
    found["setup"] = json!({"NS": four, "EW": four});
    found["reports"][0]["sides"]["NS"]["in_progress"] = four.clone();
    found["reports"][0]["sides"]["EW"]["in_progress"] = four;
    found["setup_calypsos"] = json!(1);
    let v = stdout_json(&rules_game("check", "auction", &found));
    assert_eq!(v["ok"], json!(true), "{v}");
    assert_eq!(v["score"]["setup"], json!({"NS": 500, "EW": 500}));
    assert_eq!(v["score"]["totals"], json!({"NS": -20, "EW": 500}));
}

/// `rules check --game kaiso` on a summary of issue #35 (see `tests/kaiso_props.rs`):
/// refused, no song named, well within the time it once took (65 s and more).
fn kaiso_fixture_is_refused(name: &str) {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let started = std::time::Instant::now();
    let out = run(&["rules", "check", "--game", "kaiso", &path], "");
    let took = started.elapsed();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        stdout_json(&out),
        json!({"ok": false, "problems": [{
            "code": "songs-impossible",
            "message": "these songs cannot all be made from the deck"
        }]})
    );
    // A safety net only (a debug build): the engine's budget is what bounds it.
    assert!(took.as_secs() < 30, "{took:?}");
}

#[test]
fn the_21_song_kaiso_summary_is_refused_by_the_command_line() {
    kaiso_fixture_is_refused("kaiso-21-songs.json");
}

#[test]
fn the_49_song_kaiso_summary_is_refused_by_the_command_line() {
    kaiso_fixture_is_refused("kaiso-49-songs.json");
}
