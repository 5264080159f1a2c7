use serde_json::{Value, json};

use super::*;
use crate::scoring::{score_sheet, sheet};

pub(crate) const PAIRS: &str = include_str!("../../../docs/examples/score-pairs.json");
pub(crate) const TALLY: &str = include_str!("../../../docs/examples/score-tally.json");
pub(crate) const TEAM: &str = include_str!("../../../docs/examples/score-team.json");

/// More sheets than the documented examples: an arrow switch on the 1-half scale with a
/// sit-out round, compare own, and Neuberg with a percentage adjustment.
pub(crate) fn more_sheets() -> Vec<String> {
    let scored = |round: u32, table: u32, board: u32, majors: u32, minors: u32, m: i64, n: i64| {
        json!({"round": round, "table": table, "board": board, "majors": majors,
               "minors": minors, "scores": {"majors": m, "minors": n}})
    };
    let switched = json!({"method": "matchpoints", "scale": "1-half", "results": [
        scored(1, 1, 1, 1, 3, 1850, 1600),
        scored(1, 2, 1, 2, 4, 1500, 1700),
        scored(2, 1, 2, 4, 1, 1700, 1700),
        scored(2, 2, 2, 3, 5, 1600, 1900),
        scored(3, 1, 3, 5, 2, 1400, 1650),
        scored(3, 2, 3, 4, 3, 1750, 1550),
    ]});
    let own = json!({"method": "matchpoints", "compare": "own", "results": [
        scored(1, 1, 1, 1, 3, 1500, 1000),
        scored(1, 2, 1, 2, 4, 1700, 1300),
        scored(2, 1, 2, 1, 4, 1200, 1200),
        scored(2, 2, 2, 2, 3, 1350, 1100),
    ]});
    let mut neuberg = vec![
        scored(1, 1, 1, 1, 5, 1700, 1600),
        scored(1, 2, 1, 2, 6, 1600, 1600),
        scored(1, 3, 1, 3, 7, 1500, 1600),
    ];
    neuberg.push(
        json!({"round": 1, "table": 4, "board": 1, "majors": 4, "minors": 8,
                        "adjusted": {"majors": "ave+", "minors": 45}}),
    );
    let neuberg = json!({"method": "matchpoints", "expected": {"1": 5}, "results": neuberg});
    [switched, own, neuberg]
        .iter()
        .map(Value::to_string)
        .collect()
}

fn every_sheet() -> Vec<String> {
    let mut all = vec![PAIRS.to_string(), TALLY.to_string(), TEAM.to_string()];
    all.extend(more_sheets());
    all
}

pub(crate) fn view(text: &str) -> EventStandings {
    let s = sheet::parse(text).unwrap();
    build(&s, &EntryNames::pairs(), &ResultMarks::new()).unwrap()
}

fn num(n: Option<Num>) -> Value {
    n.map_or(Value::Null, |n| number(n.0))
}

/// The view's standings and travellers against `score_sheet` on the same sheet: the same
/// places, entries and figures, to the hundredth as printed.
#[test]
fn the_view_agrees_with_score_sheet_on_every_sheet() {
    for text in every_sheet() {
        let s = sheet::parse(&text).unwrap();
        let out = score_sheet(&s).unwrap().to_value();
        let v = view(&text);
        let rows: Vec<(&FieldStandings, &StandingRow)> = v
            .fields
            .iter()
            .flat_map(|f| f.rows.iter().map(move |r| (f, r)))
            .collect();
        match v.method {
            Method::Matchpoints => {
                assert_eq!(json!(v.scale), out["scale"]);
                assert_eq!(json!(v.compare), out["compare"]);
                let expected = out["standings"].as_array().unwrap();
                assert_eq!(rows.len(), expected.len(), "{text}");
                for ((f, r), e) in rows.iter().zip(expected) {
                    assert_eq!(f.field, e["field"], "{text}");
                    assert_eq!(r.place, e["place"], "{text}");
                    assert_eq!(r.entry, e["pair"].to_string());
                    assert_eq!(json!(r.played), e["boards"]);
                    assert_eq!(num(r.matchpoints), e["matchpoints"]);
                    assert_eq!(num(r.max), e["max"]);
                    assert_eq!(num(r.percent), e["percent"]);
                    assert_eq!(r.winner, e["place"] == "1" || e["place"] == "1=");
                }
                let boards = out["boards"].as_array().unwrap();
                assert_eq!(v.travellers.len(), boards.len());
                for (t, b) in v.travellers.iter().zip(boards) {
                    assert_eq!(json!(t.board), b["board"]);
                    assert_eq!(num(t.top), b["top"]);
                    let lines = b["results"].as_array().unwrap();
                    assert_eq!(t.lines.len(), lines.len());
                    for (l, e) in t.lines.iter().zip(lines) {
                        assert_eq!(
                            json!([l.round, l.table, l.majors, l.minors]),
                            json!([e["round"], e["table"], e["majors"], e["minors"]])
                        );
                        assert_eq!(num(l.majors_mp), e["mp"]["majors"]);
                        assert_eq!(num(l.minors_mp), e["mp"]["minors"]);
                        if let Some(net) = e.get("net") {
                            assert_eq!(json!(l.net), *net);
                        }
                        if let Some(scores) = e.get("scores") {
                            assert_eq!(l.majors_score, scores["majors"].to_string());
                            assert_eq!(l.minors_score, scores["minors"].to_string());
                        }
                    }
                }
            }
            Method::Tally => {
                let expected = out["standings"].as_array().unwrap();
                assert_eq!(rows.len(), expected.len());
                for ((_, r), e) in rows.iter().zip(expected) {
                    assert_eq!(r.place, e["place"]);
                    assert_eq!(r.entry, e["member"].to_string());
                    assert_eq!(json!(r.played), e["games"]);
                    assert_eq!(json!(r.tally), e["tally"]);
                }
                assert!(v.travellers.is_empty());
            }
            Method::Team => {
                let t = v.team.as_ref().unwrap();
                assert_eq!(json!(t.difference), out["difference"]);
                for e in out["teams"].as_array().unwrap() {
                    let r = rows.iter().find(|(_, r)| r.entry == e["team"]).unwrap().1;
                    assert_eq!(json!(r.total), e["total"]);
                    assert_eq!(r.place, e["place"]);
                }
                for (b, e) in t.swings.iter().zip(out["boards"].as_array().unwrap()) {
                    assert_eq!(json!(b.0), e["board"]);
                    assert_eq!(json!(b.1), e["swing"][&t.teams[0].0]);
                }
                for tr in &v.travellers {
                    let swing = t.swings.iter().find(|s| s.0 == tr.board).map(|s| s.1);
                    assert_eq!(tr.swing, swing);
                }
            }
        }
    }
}

/// A scorecard's running figure ends where the standings put the entry, and its rows add
/// up to it round by round.
#[test]
fn scorecards_end_on_the_standings() {
    for text in every_sheet() {
        let v = view(&text);
        let rows: Vec<&StandingRow> = v.fields.iter().flat_map(|f| &f.rows).collect();
        for card in &v.scorecards {
            let played: Vec<&ScorecardRow> = card.rows.iter().filter(|r| !r.sits_out()).collect();
            let last = played.last().unwrap();
            let last_value = match card.running {
                Running::Percent => last.running_percent,
                _ => last.running_total,
            };
            assert_eq!(Some(card.by_round.last().unwrap().1), last_value);
            match card.running {
                Running::Percent => {
                    let r = rows
                        .iter()
                        .find(|r| r.entry == card.number.to_string())
                        .unwrap();
                    assert_eq!(num(last.running_percent), num(r.percent), "{text}");
                    assert_eq!(num(last.running_total), num(r.matchpoints), "{text}");
                    let sum: f64 = played.iter().map(|p| p.matchpoints.unwrap().0).sum();
                    assert_eq!(number(sum), num(r.matchpoints));
                    assert_eq!(played.len() as u32, r.played);
                }
                Running::Tally => {
                    let r = rows
                        .iter()
                        .find(|r| r.entry == card.number.to_string())
                        .unwrap();
                    assert_eq!(last.running_total, Some(Num(r.tally.unwrap() as f64)));
                    let sum: i64 = played.iter().map(|p| p.margin.unwrap()).sum();
                    assert_eq!(Some(sum), r.tally);
                }
                Running::Margin => {
                    let sum: i64 = played.iter().map(|p| p.margin.unwrap()).sum();
                    assert_eq!(last.running_total, Some(Num(sum as f64)));
                }
            }
        }
        if v.method == Method::Team {
            // The pairs' margins of a team add up to its swings: each table counted twice.
            let t = v.team.as_ref().unwrap();
            let first: i64 = v
                .scorecards
                .iter()
                .filter(|c| c.field == t.teams[0].0)
                .map(|c| c.by_round.last().unwrap().1.0 as i64)
                .sum();
            assert_eq!(first, t.difference);
        }
    }
}

#[test]
fn the_documented_pairs_example_reads_as_expected() {
    let s = sheet::parse(PAIRS).unwrap();
    let names = EntryNames::pairs()
        .with(1, "Ann Lee & Bob Ray")
        .with(6, "Cy Dent & Di Fox")
        .with(4, "  ");
    let mut marks = ResultMarks::new();
    marks.mark(3, 1, 2, Mark::Provisional);
    marks.status(3, 2, 3, ResultStatus::Disputed);
    marks.status(1, 1, 1, ResultStatus::Confirmed);
    let v = build(&s, &names, &marks).unwrap();
    assert!(v.provisional);
    assert_eq!(
        v.fields
            .iter()
            .map(|f| (f.field, f.title))
            .collect::<Vec<_>>(),
        [("majors", "Majors"), ("minors", "Minors")]
    );
    let winners: Vec<(&str, &str)> = v
        .fields
        .iter()
        .flat_map(|f| f.rows.iter().filter(|r| r.winner))
        .map(|r| (r.name.as_str(), r.place.as_str()))
        .collect();
    assert_eq!(
        winners,
        [("Ann Lee & Bob Ray", "1"), ("Cy Dent & Di Fox", "1")]
    );
    assert_eq!(v.fields[0].rows[1].name, "Pair 3");
    // Pair 4's blank name falls back; it played the disputed board.
    let p4 = &v.fields[1].rows[2];
    assert_eq!(
        (p4.name.as_str(), p4.mark),
        ("Pair 4", Some(Mark::Disputed))
    );
    assert_eq!(v.fields[0].rows[0].mark, Some(Mark::Provisional));
    assert_eq!(v.fields[0].rows[2].mark, Some(Mark::Disputed));
    assert_eq!(
        v.fields[1].rows[1].mark, None,
        "pair 5 played no marked board"
    );

    // Board 2's traveller: the adjusted table shows its labels, no net.
    let t2 = &v.travellers[1];
    assert_eq!(t2.top, Some(Num(4.0)));
    let adj = &t2.lines[1];
    assert_eq!((adj.round, adj.table, adj.majors, adj.minors), (2, 3, 3, 4));
    assert_eq!(
        (
            adj.majors_score.as_str(),
            adj.minors_score.as_str(),
            adj.net
        ),
        ("ave+ (60%)", "ave- (40%)", None)
    );
    assert_eq!(
        (adj.majors_mp, adj.minors_mp),
        (Some(Num(2.4)), Some(Num(1.6)))
    );
    assert_eq!(t2.nets, [(-50, 1), (150, 1)]);
    assert_eq!(t2.lines[2].mark, Some(Mark::Provisional));
    assert_eq!(v.travellers[0].nets, [(-250, 1), (-200, 1), (250, 1)]);

    // Pair 1's scorecard: boards 1, 3, 2 over rounds 1-3.
    let card = &v.scorecards[0];
    assert_eq!((card.number, card.field.as_str()), (1, "majors"));
    let seen: Vec<_> = card
        .rows
        .iter()
        .map(|r| {
            (
                r.round,
                r.board,
                r.seat,
                r.opponents.as_str(),
                r.own_score.as_str(),
                r.opponents_score.as_str(),
            )
        })
        .collect();
    assert_eq!(
        seen,
        [
            (1, Some(1), Some("majors"), "Pair 4", "1850", "1600"),
            (2, Some(3), Some("majors"), "Pair 5", "1900", "1500"),
            (
                3,
                Some(2),
                Some("majors"),
                "Cy Dent & Di Fox",
                "1800",
                "1650"
            ),
        ]
    );
    let running: Vec<(Option<Num>, Option<Num>)> = card
        .rows
        .iter()
        .map(|r| (r.running_total, r.running_percent))
        .collect();
    assert_eq!(
        running,
        [
            (Some(Num(4.0)), Some(Num(100.0))),
            (Some(Num(8.0)), Some(Num(100.0))),
            (Some(Num(11.5)), Some(Num(100.0 * 11.5 / 12.0))),
        ]
    );
    assert_eq!(card.by_round.len(), 3);
    // Pair 4 (minors) on the adjusted board: its own score is the adjusted label.
    let p4 = v.scorecards.iter().find(|c| c.number == 4).unwrap();
    let r = p4.rows.iter().find(|r| r.board == Some(2)).unwrap();
    assert_eq!(
        (
            r.seat,
            r.own_score.as_str(),
            r.opponents_score.as_str(),
            r.matchpoints
        ),
        (Some("minors"), "ave- (40%)", "ave+ (60%)", Some(Num(1.6)))
    );
    // Serialized numbers as in the scoring output.
    let j = serde_json::to_value(&v).unwrap();
    assert_eq!(j["fields"][0]["rows"][0]["percent"], json!(95.83));
    assert_eq!(j["fields"][0]["rows"][0]["max"], json!(12));
    assert_eq!(j["travellers"][1]["lines"][1]["mark"], Value::Null);
    assert_eq!(j["travellers"][1]["lines"][2]["mark"], json!("provisional"));
}

#[test]
fn an_arrow_switch_is_one_field_and_a_sit_out_gets_its_line() {
    let v = view(&more_sheets()[0]);
    assert_eq!(v.fields.len(), 1);
    assert_eq!((v.fields[0].field, v.fields[0].title), ("all", "All pairs"));
    // Five pairs at two tables: pair 5 sits out round 1, pair 2 round 2, pair 1 round 3.
    let out: Vec<(u32, u32)> = v
        .scorecards
        .iter()
        .flat_map(|c| {
            c.rows
                .iter()
                .filter(|r| r.sits_out())
                .map(|r| (c.number, r.round))
        })
        .collect();
    assert_eq!(out, [(1, 3), (2, 2), (5, 1)]);
    let p1 = &v.scorecards[0];
    assert_eq!(
        p1.rows
            .iter()
            .map(|r| (r.round, r.seat, r.sits_out()))
            .collect::<Vec<_>>(),
        [
            (1, Some("majors"), false),
            (2, Some("minors"), false),
            (3, None, true)
        ]
    );
    assert!(p1.rows[2].table.is_none() && p1.rows[2].running_total.is_none());
    // The chart has the rounds played only.
    assert_eq!(p1.by_round.iter().map(|r| r.0).collect::<Vec<_>>(), [1, 2]);
}

#[test]
fn a_tally_scorecard_shows_partners_and_the_running_tally() {
    let s = sheet::parse(TALLY).unwrap();
    let names = EntryNames::players().with(1, "Ann").with(2, "Bob");
    let mut marks = ResultMarks::new();
    marks.mark_table(3, 1, Mark::Provisional);
    let v = build(&s, &names, &marks).unwrap();
    assert_eq!(v.fields[0].title, "All players");
    let top = &v.fields[0].rows[0];
    assert_eq!(
        (top.entry.as_str(), top.name.as_str(), top.tally),
        ("2", "Bob", Some(300))
    );
    assert!(top.winner && !v.fields[0].rows[1].winner);
    assert_eq!(
        top.mark,
        Some(Mark::Provisional),
        "everyone played the marked game"
    );
    let ann = &v.scorecards[0];
    let seen: Vec<_> = ann
        .rows
        .iter()
        .map(|r| {
            (
                r.partners.clone(),
                r.opponents.as_str(),
                r.margin,
                r.running_total,
            )
        })
        .collect();
    assert_eq!(
        seen,
        [
            (
                vec!["Bob".to_string()],
                "Player 3 & Player 4",
                Some(250),
                Some(Num(250.0))
            ),
            (
                vec!["Player 3".to_string()],
                "Bob & Player 4",
                Some(-200),
                Some(Num(50.0))
            ),
            (
                vec!["Player 4".to_string()],
                "Bob & Player 3",
                Some(150),
                Some(Num(200.0))
            ),
        ]
    );
    assert_eq!(ann.rows[2].mark, Some(Mark::Provisional));
    assert_eq!(ann.rows[0].mark, None);
    assert_eq!(ann.running, Running::Tally);
}

#[test]
fn a_table_of_three_scorecard_names_both_other_players_and_their_scores() {
    let s = sheet::parse(
        r#"{"method":"tally","results":[{"round":1,"table":1,"sides":[
            {"members":[1],"score":900},{"members":[2],"score":400},{"members":[3],"score":-100}]}]}"#,
    )
    .unwrap();
    let names = EntryNames::players()
        .with(1, "Ann")
        .with(2, "Bob")
        .with(3, "Cy");
    let v = build(&s, &names, &ResultMarks::new()).unwrap();
    let tallies: Vec<_> = v.fields[0].rows.iter().map(|r| r.tally).collect();
    assert_eq!(tallies, [Some(1500), Some(0), Some(-1500)]);
    let bob = v.scorecards.iter().find(|c| c.number == 2).unwrap();
    let row = &bob.rows[0];
    assert_eq!(
        (
            row.opponents.as_str(),
            row.own_score.as_str(),
            row.opponents_score.as_str(),
            row.margin
        ),
        ("Ann, Cy", "400", "900, -100", Some(0))
    );
    assert!(row.partners.is_empty());
}

#[test]
fn a_team_match_names_its_teams_and_swings() {
    let s = sheet::parse(TEAM).unwrap();
    let names = EntryNames::pairs().with_team("A", "Sharks");
    let v = build(&s, &names, &ResultMarks::new()).unwrap();
    assert!(!v.provisional);
    let rows = &v.fields[0].rows;
    assert_eq!(
        rows.iter()
            .map(|r| (r.entry.as_str(), r.name.as_str(), r.total, r.winner))
            .collect::<Vec<_>>(),
        [
            ("A", "Sharks", Some(6600), true),
            ("B", "Team B", Some(6500), false)
        ]
    );
    let t = v.team.as_ref().unwrap();
    assert_eq!(t.teams[1], ("B".to_string(), "Team B".to_string()));
    assert_eq!((t.totals, t.difference), ([6600, 6500], 100));
    assert_eq!(v.travellers[0].swing, Some(50));
    assert_eq!(v.travellers[0].lines[1].net, Some(200));
    let p2 = v.scorecards.iter().find(|c| c.number == 2).unwrap();
    assert_eq!(p2.field, "A");
    assert_eq!(
        p2.rows
            .iter()
            .map(|r| (r.board, r.margin))
            .collect::<Vec<_>>(),
        [(Some(2), Some(550)), (Some(1), Some(-200))]
    );
}

#[test]
fn marks_must_name_a_result() {
    let s = sheet::parse(PAIRS).unwrap();
    let mut marks = ResultMarks::new();
    marks.mark(1, 1, 2, Mark::Provisional);
    assert_eq!(
        build(&s, &EntryNames::pairs(), &marks).unwrap_err(),
        "a mark for round 1, table 1, board 2 matches no result of the sheet"
    );
    let mut marks = ResultMarks::new();
    marks.mark_table(4, 1, Mark::Disputed);
    assert_eq!(
        build(&s, &EntryNames::pairs(), &marks).unwrap_err(),
        "a mark for round 4, table 1 matches no result of the sheet"
    );
    // Marked twice: under review wins, whichever came first.
    let mut marks = ResultMarks::new();
    marks
        .mark(1, 1, 1, Mark::Disputed)
        .mark(1, 1, 1, Mark::Provisional);
    marks
        .mark_table(1, 2, Mark::Provisional)
        .mark(1, 2, 2, Mark::Disputed);
    assert_eq!(marks.of(1, 1, Some(1)), Some(Mark::Disputed));
    assert_eq!(marks.of(1, 2, Some(2)), Some(Mark::Disputed));
    assert_eq!(marks.of(1, 2, None), Some(Mark::Provisional));
    assert_eq!(marks.of(1, 3, Some(3)), None);
}

#[test]
fn a_sheet_the_scoring_module_refuses_is_refused_with_its_message() {
    let text = json!({"method": "matchpoints", "expected": {"1": 1}, "results": [
        {"round": 1, "table": 1, "board": 1, "majors": 1, "minors": 2, "scores": {"majors": 1, "minors": 0}},
        {"round": 1, "table": 2, "board": 1, "majors": 3, "minors": 4, "scores": {"majors": 1, "minors": 0}},
    ]});
    let s = sheet::parse(&text.to_string()).unwrap();
    assert_eq!(
        build(&s, &EntryNames::pairs(), &ResultMarks::new()).unwrap_err(),
        "board 1 has 2 results, more than the 1 expected"
    );
}
