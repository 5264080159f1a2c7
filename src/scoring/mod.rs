//! Scoring of an event's results: matchpoints (with Neuberg and adjusted scores), tallies
//! of a progressive, and a team match. Pure: a sheet in, standings out, no IO, no database.
//! The JSON shapes are those of `calypso-director score` (docs/scoring.md).

pub mod adjusted;
pub mod matchpoints;
pub mod rounding;
pub mod sheet;
pub mod standings;
pub mod tally;
pub mod team;

pub use adjusted::{Adjusted, AdjustedError};
pub use sheet::SheetError;
pub use standings::Standings;

use serde::{Deserialize, Serialize};
use sheet::Sheet;

/// Something of each side of a table: the entries in the majors and minors seats, their
/// scores, their adjusted scores.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Sides<T> {
    pub majors: T,
    pub minors: T,
}

impl<T> Sides<T> {
    pub fn new(majors: T, minors: T) -> Sides<T> {
        Sides { majors, minors }
    }

    /// Both values, majors first.
    pub fn pair(self) -> (T, T) {
        (self.majors, self.minors)
    }

    pub fn map<U>(self, f: impl Fn(T) -> U) -> Sides<U> {
        Sides {
            majors: f(self.majors),
            minors: f(self.minors),
        }
    }

    pub fn as_ref(&self) -> Sides<&T> {
        Sides {
            majors: &self.majors,
            minors: &self.minors,
        }
    }
}

/// A scoring sheet's text in, its standings out, or the message naming what is wrong with
/// the sheet.
pub fn score_text(text: &str) -> Result<Standings, SheetError> {
    score_sheet(&sheet::parse(text)?)
}

/// What scoring a sheet found, before it is written out: the pages' views are made from it
/// beside the standings, so a sheet is scored once.
#[derive(Clone, Debug, PartialEq)]
pub enum SheetScores {
    Matchpoints(matchpoints::MatchpointReport),
    Tally(tally::TallyReport),
    Team(team::TeamReport),
}

/// A sheet scored: what scoring found and the standings written from it.
#[derive(Clone, Debug, PartialEq)]
pub struct Scored {
    pub report: SheetScores,
    pub standings: Standings,
}

/// Scores a sheet already read.
pub fn score(sheet: &Sheet) -> Result<Scored, SheetError> {
    Ok(match sheet {
        Sheet::Matchpoints {
            scale,
            compare,
            expected,
            results,
        } => {
            let r = matchpoints::score(*scale, *compare, expected, results)?;
            Scored {
                standings: Standings::Matchpoints(standings::Matchpoints::of(
                    *scale, *compare, results, &r,
                )),
                report: SheetScores::Matchpoints(r),
            }
        }
        Sheet::Tally { games } => {
            let r = tally::score(games);
            Scored {
                standings: Standings::Tally((&r).into()),
                report: SheetScores::Tally(r),
            }
        }
        Sheet::Team { teams, results } => {
            let r = team::score(teams, results);
            Scored {
                standings: Standings::Team(standings::Team::of(teams, &r)),
                report: SheetScores::Team(r),
            }
        }
    })
}

/// The standings of a sheet already read.
pub fn score_sheet(sheet: &Sheet) -> Result<Standings, SheetError> {
    score(sheet).map(|s| s.standings)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    /// The standings as the command prints them, as a JSON value.
    fn score_json(text: &str) -> Result<Value, String> {
        score_text(text)
            .map(|s| s.to_value())
            .map_err(|e| e.to_string())
    }

    fn score(sheet: Value) -> Value {
        score_json(&sheet.to_string()).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_sheet_written_back_to_json_reads_as_the_same_sheet() {
        let with_expected = json!({"method": "matchpoints", "scale": "1-half", "compare": "own",
            "expected": {"1": 3, "2": 2},
            "results": [scored(1, 1, 1, 1, 4, 250),
                {"round": 1, "table": 2, "board": 2, "majors": 2, "minors": 5,
                 "adjusted": {"majors": "ave+", "minors": 45}}]});
        for text in [
            include_str!("../../docs/examples/score-pairs.json").to_string(),
            include_str!("../../docs/examples/score-tally.json").to_string(),
            include_str!("../../docs/examples/score-team.json").to_string(),
            with_expected.to_string(),
        ] {
            let sheet = sheet::parse(&text).unwrap();
            let back = sheet::parse(&sheet.to_json().to_string()).unwrap();
            assert_eq!(back, sheet, "{text}");
            assert_eq!(score_sheet(&back), score_sheet(&sheet));
        }
    }

    fn err(sheet: Value) -> String {
        score_json(&sheet.to_string()).expect_err("a malformed sheet")
    }

    fn scored(round: u32, table: u32, board: u32, majors: u32, minors: u32, net: i64) -> Value {
        json!({"round": round, "table": table, "board": board, "majors": majors,
               "minors": minors, "scores": {"majors": 1000 + net, "minors": 1000}})
    }

    /// The `mp` of each result on board `board`, majors then minors.
    fn mps(out: &Value, board: u64) -> Vec<(Value, Value)> {
        let b = out["boards"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["board"] == board)
            .unwrap();
        b["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| (r["mp"]["majors"].clone(), r["mp"]["minors"].clone()))
            .collect()
    }

    fn standing(out: &Value, pair: u64) -> Value {
        out["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["pair"] == pair)
            .unwrap()
            .clone()
    }

    #[test]
    fn ties_share_the_matchpoints_on_both_scales() {
        // Nets 100, 50, 50, -20: the majors beat 3, 1 and tie 1, 1 and tie 1, none.
        let results = vec![
            scored(1, 1, 1, 1, 5, 100),
            scored(1, 2, 1, 2, 6, 50),
            scored(1, 3, 1, 3, 7, 50),
            scored(1, 4, 1, 4, 8, -20),
        ];
        let out = score(json!({"method": "matchpoints", "results": results}));
        assert_eq!(out["boards"][0]["top"], json!(6));
        assert_eq!(
            mps(&out, 1),
            vec![
                (json!(6), json!(0)),
                (json!(3), json!(3)),
                (json!(3), json!(3)),
                (json!(0), json!(6)),
            ]
        );
        assert_eq!(out["boards"][0]["results"][0]["net"], json!(100));
        let out = score(json!({"method": "matchpoints", "scale": "1-half", "results": results}));
        assert_eq!(out["boards"][0]["top"], json!(3));
        assert_eq!(
            mps(&out, 1),
            vec![
                (json!(3), json!(0)),
                (json!(1.5), json!(1.5)),
                (json!(1.5), json!(1.5)),
                (json!(0), json!(3)),
            ]
        );
    }

    #[test]
    fn neuberg_gives_the_published_example() {
        // Ten results of eleven expected, raw 18, 16, ..., 0 on the 2-1 scale.
        let results: Vec<Value> = (0..10)
            .map(|k| scored(1, k + 1, 1, k + 1, k + 11, 1000 - 10 * k as i64))
            .collect();
        let out =
            score(json!({"method": "matchpoints", "expected": {"1": 11}, "results": results}));
        let majors: Vec<Value> = mps(&out, 1).into_iter().map(|(m, _)| m).collect();
        let published = [19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3, 0.1];
        assert_eq!(majors, published.map(|x| json!(x)).to_vec());
        assert_eq!(
            majors.iter().map(Value::to_string).collect::<Vec<_>>(),
            [
                "19.9", "17.7", "15.5", "13.3", "11.1", "8.9", "6.7", "4.5", "2.3", "0.1"
            ]
        );
        assert_eq!(out["boards"][0]["top"], json!(20));
        // The 1-half scale: M = (E/A)(s+1/2)-1/2, half of the 2-1 figures here.
        let out = score(json!({"method": "matchpoints", "scale": "1-half",
                               "expected": {"1": 11}, "results": results}));
        let majors: Vec<Value> = mps(&out, 1).into_iter().map(|(m, _)| m).collect();
        let half = [9.95, 8.85, 7.75, 6.65, 5.55, 4.45, 3.35, 2.25, 1.15, 0.05];
        assert_eq!(majors, half.map(|x| json!(x)).to_vec());
        assert_eq!(out["boards"][0]["top"], json!(10));
    }

    #[test]
    fn adjusted_scores_are_a_share_of_the_top_and_not_compared() {
        // Board 1 expects 4 results; 3 are scored (nets 100, 0, -100), one adjusted.
        let mut results = vec![
            scored(1, 1, 1, 1, 5, 100),
            scored(1, 2, 1, 2, 6, 0),
            scored(1, 3, 1, 3, 7, -100),
        ];
        results.push(
            json!({"round": 1, "table": 4, "board": 1, "majors": 4, "minors": 8,
                            "adjusted": {"majors": "ave+", "minors": 45}}),
        );
        let out = score(json!({"method": "matchpoints", "expected": {"1": 4}, "results": results}));
        // top 6; Neuberg with A = 3, E = 4: raw 4, 2, 0 -> (4/3)(s+1)-1 = 17/3, 3, 1/3.
        assert_eq!(
            mps(&out, 1),
            vec![
                (json!(5.67), json!(0.33)),
                (json!(3), json!(3)),
                (json!(0.33), json!(5.67)),
                (json!(3.6), json!(2.7)),
            ]
        );
        let adjusted = &out["boards"][0]["results"][3];
        assert_eq!(
            adjusted["adjusted"],
            json!({"majors": "ave+", "minors": 45})
        );
        assert!(adjusted.get("net").is_none());
        // Pair 8 has 45% of 6 over a top of 6.
        assert_eq!(
            standing(&out, 8),
            json!({"field": "minors", "place": "3", "pair": 8, "boards": 1,
                   "matchpoints": 2.7, "max": 6, "percent": 45})
        );
        for (adj, mp) in [("ave", json!(3)), ("ave-", json!(2.4))] {
            results[3]["adjusted"]["majors"] = json!(adj);
            let out =
                score(json!({"method": "matchpoints", "expected": {"1": 4}, "results": results}));
            assert_eq!(mps(&out, 1)[3].0, mp);
        }
    }

    /// Coöperative: "all four players total their score as a total for the table", and
    /// Duplicate Calypso's matchpoints compare the tables on it.
    #[test]
    fn all_four_players_total_their_score_as_a_total_for_the_table() {
        // Three tables of a simultaneous movement (table t: pairs t and 3+t), two boards.
        // Board 1 totals 5,200, 4,800, 4,800; board 2 3,000, 3,500, 6,000.
        let line = |board: u32, t: u32, majors: i64, minors: i64| {
            json!({"round": board, "table": t, "board": board, "majors": t, "minors": 3 + t,
                   "scores": {"majors": majors, "minors": minors}})
        };
        let out = score(
            json!({"method": "matchpoints", "compare": "total", "results": [
            line(1, 1, 3000, 2200), line(1, 2, 2400, 2400), line(1, 3, 4000, 800),
            line(2, 1, 1500, 1500), line(2, 2, 2000, 1500), line(2, 3, 3000, 3000)]}),
        );
        let both = |a: u32| (json!(a), json!(a));
        assert_eq!(mps(&out, 1), vec![both(4), both(1), both(1)]);
        assert_eq!(mps(&out, 2), vec![both(0), both(2), both(4)]);
        assert_eq!(out["boards"][0]["results"][2]["total"], json!(4800));
        assert_eq!(
            out["boards"][0]["results"][2]["scores"],
            json!({"majors": 4000, "minors": 800})
        );
        // Only the tables are ranked (by their majors pairs), in one field.
        let ranked: Vec<(Value, Value, Value)> = out["standings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| (s["place"].clone(), s["pair"].clone(), s["percent"].clone()))
            .collect();
        assert_eq!(
            ranked,
            vec![
                (json!("1"), json!(3), json!(62.5)),
                (json!("2"), json!(1), json!(50)),
                (json!("3"), json!(2), json!(37.5)),
            ]
        );
        assert_eq!(standing(&out, 3)["field"], json!("all"));
    }

    #[test]
    fn without_a_switch_majors_and_minors_are_ranked_apart() {
        // Two tables, two boards, Mitchell: pairs 1, 2 majors; 3, 4 minors.
        let results = vec![
            scored(1, 1, 1, 1, 3, 100),
            scored(1, 2, 1, 2, 4, 50),
            scored(2, 1, 2, 1, 4, -10),
            scored(2, 2, 2, 2, 3, -10),
        ];
        let out = score(json!({"method": "matchpoints", "results": results}));
        assert_eq!(
            out["standings"],
            json!([
                {"field": "majors", "place": "1", "pair": 1, "boards": 2, "matchpoints": 3, "max": 4, "percent": 75},
                {"field": "majors", "place": "2", "pair": 2, "boards": 2, "matchpoints": 1, "max": 4, "percent": 25},
                {"field": "minors", "place": "1", "pair": 4, "boards": 2, "matchpoints": 3, "max": 4, "percent": 75},
                {"field": "minors", "place": "2", "pair": 3, "boards": 2, "matchpoints": 1, "max": 4, "percent": 25},
            ])
        );
    }

    #[test]
    fn an_arrow_switch_makes_one_field() {
        // Round 2 is arrow-switched: pair 1 and 2 sit minors, 3 and 4 majors.
        let results = vec![
            scored(1, 1, 1, 1, 3, 100),
            scored(1, 2, 1, 2, 4, 50),
            scored(2, 1, 2, 4, 1, 30),
            scored(2, 2, 2, 3, 2, 30),
        ];
        let out = score(json!({"method": "matchpoints", "results": results}));
        // Board 2 is a tie in both directions: everyone 1 of 2.
        assert_eq!(
            out["standings"],
            json!([
                {"field": "all", "place": "1=", "pair": 1, "boards": 2, "matchpoints": 3, "max": 4, "percent": 75},
                {"field": "all", "place": "1=", "pair": 4, "boards": 2, "matchpoints": 3, "max": 4, "percent": 75},
                {"field": "all", "place": "3=", "pair": 2, "boards": 2, "matchpoints": 1, "max": 4, "percent": 25},
                {"field": "all", "place": "3=", "pair": 3, "boards": 2, "matchpoints": 1, "max": 4, "percent": 25},
            ])
        );
        let places: Vec<(u64, &str, &str)> = out["standings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                (
                    s["pair"].as_u64().unwrap(),
                    s["place"].as_str().unwrap(),
                    s["field"].as_str().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            places,
            [
                (1, "1=", "all"),
                (4, "1=", "all"),
                (2, "3=", "all"),
                (3, "3=", "all")
            ]
        );
    }

    #[test]
    fn compare_own_compares_each_sides_own_total() {
        // Majors totals 1500, 1400; minors 1000, 1200: on the net the first table wins
        // both ways (500 vs 200), on the own totals the minors of table 2 win.
        let results = vec![
            json!({"round": 1, "table": 1, "board": 1, "majors": 1, "minors": 3, "scores": {"majors": 1500, "minors": 1000}}),
            json!({"round": 1, "table": 2, "board": 1, "majors": 2, "minors": 4, "scores": {"majors": 1400, "minors": 1200}}),
        ];
        let net = score(json!({"method": "matchpoints", "results": results}));
        assert_eq!(
            mps(&net, 1),
            vec![(json!(2), json!(0)), (json!(0), json!(2))]
        );
        let own = score(json!({"method": "matchpoints", "compare": "own", "results": results}));
        assert_eq!(
            mps(&own, 1),
            vec![(json!(2), json!(0)), (json!(0), json!(2))]
        );
        let results = vec![
            json!({"round": 1, "table": 1, "board": 1, "majors": 1, "minors": 3, "scores": {"majors": 1500, "minors": 1000}}),
            json!({"round": 1, "table": 2, "board": 1, "majors": 2, "minors": 4, "scores": {"majors": 1700, "minors": 1300}}),
        ];
        let net = score(json!({"method": "matchpoints", "results": results}));
        assert_eq!(
            mps(&net, 1),
            vec![(json!(2), json!(0)), (json!(0), json!(2))]
        );
        let own = score(json!({"method": "matchpoints", "compare": "own", "results": results}));
        assert_eq!(
            mps(&own, 1),
            vec![(json!(0), json!(0)), (json!(2), json!(2))]
        );
        assert_eq!(
            own["boards"][0]["results"][1]["scores"],
            json!({"majors": 1700, "minors": 1300})
        );
        assert_eq!(own["compare"], "own");
    }

    #[test]
    fn tallies_add_margins_and_sum_to_zero() {
        let out = score(json!({"method": "tally", "results": [
            {"round": 1, "table": 1, "sides": [{"members": [1, 2], "score": 1850}, {"members": [3, 4], "score": 1600}]},
            {"round": 2, "table": 1, "sides": [{"members": [1, 3], "score": 1500}, {"members": [2, 4], "score": 1700}]},
            {"round": 3, "table": 1, "sides": [{"members": [1, 4, 5], "score": 1600}, {"members": [2, 3], "score": 1600}]},
        ]}));
        assert_eq!(
            out,
            json!({"method": "tally", "standings": [
                {"place": "1", "member": 2, "games": 3, "tally": 450},
                {"place": "2", "member": 1, "games": 3, "tally": 50},
                {"place": "3", "member": 5, "games": 1, "tally": 0},
                {"place": "4", "member": 4, "games": 3, "tally": -50},
                {"place": "5", "member": 3, "games": 3, "tally": -450},
            ], "check": {"sum_of_margins": 0}})
        );
        let out = score(json!({"method": "tally", "results": [
            {"round": 1, "table": 1, "sides": [{"members": [1], "score": 100}, {"members": [2], "score": 100}]},
        ]}));
        assert_eq!(out["standings"][0]["place"], "1=");
        assert_eq!(out["standings"][1]["place"], "1=");
    }

    #[test]
    fn a_two_board_team_match_by_hand() {
        // A = pairs 1, 2; B = 3, 4. Board 1: A +250 at table 1, -200 at table 2 (swing 50);
        // board 2: A -500 and +550 (swing 50). A 6,600, B 6,500.
        let out = score(
            json!({"method": "team", "teams": {"A": [1, 2], "B": [3, 4]}, "results": [
                {"round": 1, "table": 1, "board": 1, "majors": 1, "minors": 4, "scores": {"majors": 1850, "minors": 1600}},
                {"round": 1, "table": 2, "board": 2, "majors": 3, "minors": 2, "scores": {"majors": 1300, "minors": 1850}},
                {"round": 2, "table": 1, "board": 2, "majors": 1, "minors": 4, "scores": {"majors": 1400, "minors": 1900}},
                {"round": 2, "table": 2, "board": 1, "majors": 3, "minors": 2, "scores": {"majors": 1700, "minors": 1500}},
            ]}),
        );
        assert_eq!(
            out,
            json!({"method": "team",
                   "teams": [{"team": "A", "total": 6600, "place": "1"}, {"team": "B", "total": 6500, "place": "2"}],
                   "difference": 100,
                   "boards": [{"board": 1, "swing": {"A": 50, "B": -50}}, {"board": 2, "swing": {"A": 50, "B": -50}}]})
        );
    }

    #[test]
    fn malformed_sheets_name_the_result() {
        let r = |extra: Value| {
            let mut v = json!({"round": 1, "table": 2, "board": 2, "majors": 1, "minors": 9});
            v.as_object_mut()
                .unwrap()
                .extend(extra.as_object().unwrap().clone());
            v
        };
        let ok = scored(1, 1, 1, 1, 8, 10);
        let ok2 = scored(1, 3, 1, 3, 7, 20);
        let sheet = |bad: Value| json!({"method": "matchpoints", "results": [ok, ok2, bad]});
        let fine = r(json!({"scores": {"majors": 1, "minors": 2}}));
        assert_eq!(
            err(
                json!({"method": "matchpoints", "results": [ok, fine, r(json!({"scores": {"majors": 1, "minors": 2}, "adjusted": {"majors": "ave", "minors": "ave"}}))]})
            ),
            "result 3 (round 1, table 2, board 2): a result has scores or an adjustment, not both"
        );
        assert_eq!(
            err(sheet(r(json!({})))),
            "result 3 (round 1, table 2, board 2): a result needs scores or an adjustment"
        );
        let mut itself = fine.clone();
        itself["minors"] = json!(1);
        assert_eq!(
            err(sheet(itself)),
            "result 3 (round 1, table 2, board 2): pair 1 cannot play itself"
        );
        let mut zero = fine.clone();
        zero["board"] = json!(0);
        assert_eq!(
            err(sheet(zero)),
            "result 3 (round 1, table 2, board 0): boards are numbered from 1"
        );
        assert!(err(json!({"method": "mp", "results": []})).contains("unknown method \"mp\""));
        assert!(
            err(sheet(r(
                json!({"adjustd": {"majors": "ave", "minors": "ave"}})
            )))
            .starts_with("result 3 (round 1, table 2, board 2): unknown field `adjustd`")
        );
        assert_eq!(
            err(json!({"method": "tally", "teams": {}, "results": []})),
            "\"teams\" belongs to a team sheet"
        );
        assert!(
            err(json!({"method": "matchpoints", "scale": "3-1", "results": []}))
                .contains("unknown scale \"3-1\"")
        );
        assert!(
            err(sheet(r(
                json!({"adjusted": {"majors": "ave++", "minors": 40}})
            )))
            .starts_with(
                "result 3 (round 1, table 2, board 2): majors: \"ave++\" is not an adjusted score"
            )
        );
        assert!(
            err(json!({"method": "matchpoints", "expected": {"1": 1}, "results": [ok, fine, r(json!({"board": 1, "majors": 2, "minors": 3, "scores": {"majors": 0, "minors": 0}}))]}))
                .contains("board 1 has 2 results, more than the 1 expected")
        );
    }
}
