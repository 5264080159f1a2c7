//! The standings a sheet scores to, as types: what `calypso-director score` prints is these
//! serialized by serde (docs/scoring.md), field for field in the documented order, so the
//! output is made without building a JSON tree first.

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

pub use super::Sides;
use super::adjusted::Adjusted;
pub use super::sheet::Points;
use super::sheet::{Compare, PairResult, Scale, TableScore};
use super::tally::TallyReport;
use super::team::TeamReport;

impl Serialize for Scale {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl Serialize for Compare {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// A sheet's standings, by its method.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "method", rename_all = "lowercase")]
pub enum Standings {
    Matchpoints(Matchpoints),
    Tally(Tally),
    Team(Team),
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Matchpoints {
    pub scale: Scale,
    pub compare: Compare,
    pub boards: Vec<Traveller>,
    pub standings: Vec<PairStanding>,
}

/// One board's results with their matchpoints, in round and table order.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Traveller {
    pub board: u32,
    pub top: Points,
    pub results: Vec<TravellerLine>,
}

/// One table's result on a board: the net (or each side's own total) or the adjustment.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TravellerLine {
    pub round: u32,
    pub table: u32,
    pub majors: u32,
    pub minors: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub net: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scores: Option<Sides<i64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub adjusted: Option<Sides<Adjusted>>,
    /// Compared on table totals: the table total (`scores` gives the sides' parts).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<i64>,
    pub mp: Sides<Points>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairStanding {
    pub field: &'static str,
    pub place: String,
    pub pair: u32,
    pub boards: u32,
    pub matchpoints: Points,
    pub max: Points,
    pub percent: Points,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Tally {
    pub standings: Vec<TallyLine>,
    pub check: TallyCheck,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TallyLine {
    pub place: String,
    pub member: u32,
    pub games: u32,
    pub tally: i64,
}

/// Every game's margins added up: 0 for a sheet whose games are whole.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TallyCheck {
    pub sum_of_margins: i64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Team {
    pub teams: Vec<TeamLine>,
    pub difference: i64,
    pub boards: Vec<Swing>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TeamLine {
    pub team: String,
    pub total: i64,
    pub place: String,
}

/// A board's swing: the first team's, and its negative for the second, keyed by their names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Swing {
    pub board: u32,
    pub swing: TeamSwing,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamSwing {
    pub teams: [String; 2],
    pub first: i64,
}

impl Serialize for TeamSwing {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(2))?;
        m.serialize_entry(&self.teams[0], &self.first)?;
        m.serialize_entry(&self.teams[1], &-self.first)?;
        m.end()
    }
}

impl Matchpoints {
    pub fn of(
        scale: Scale,
        compare: Compare,
        results: &[PairResult],
        report: &super::matchpoints::MatchpointReport,
    ) -> Self {
        let boards = report
            .boards
            .iter()
            .map(|b| Traveller {
                board: b.board,
                top: Points(b.top),
                results: b
                    .results
                    .iter()
                    .map(|a| {
                        let r = &results[a.result];
                        let (mut net, mut scores, mut adjusted, mut total) =
                            (None, None, None, None);
                        match (r.outcome, compare) {
                            (TableScore::Scored { majors, minors }, Compare::Net) => {
                                net = Some(majors - minors);
                            }
                            (TableScore::Scored { majors, minors }, Compare::Own) => {
                                scores = Some(Sides { majors, minors });
                            }
                            (TableScore::Scored { majors, minors }, Compare::Total) => {
                                scores = Some(Sides { majors, minors });
                                total = Some(majors + minors);
                            }
                            (TableScore::Adjusted { majors, minors }, _) => {
                                adjusted = Some(Sides { majors, minors });
                            }
                        }
                        TravellerLine {
                            round: r.round,
                            table: r.table,
                            majors: r.majors,
                            minors: r.minors,
                            net,
                            scores,
                            adjusted,
                            total,
                            mp: Sides {
                                majors: Points(a.majors),
                                minors: Points(a.minors),
                            },
                        }
                    })
                    .collect(),
            })
            .collect();
        let standings = report
            .standings
            .iter()
            .map(|s| PairStanding {
                field: s.field.name(),
                place: s.place.clone(),
                pair: s.pair,
                boards: s.boards,
                matchpoints: Points(s.matchpoints),
                max: Points(s.max),
                percent: Points(s.percent),
            })
            .collect();
        Matchpoints {
            scale,
            compare,
            boards,
            standings,
        }
    }
}

impl From<&TallyReport> for Tally {
    fn from(r: &TallyReport) -> Self {
        Tally {
            standings: r
                .standings
                .iter()
                .map(|s| TallyLine {
                    place: s.place.clone(),
                    member: s.member,
                    games: s.games,
                    tally: s.tally,
                })
                .collect(),
            check: TallyCheck {
                sum_of_margins: r.sum_of_margins,
            },
        }
    }
}

impl Team {
    pub fn of(teams: &[(String, Vec<u32>)], report: &TeamReport) -> Self {
        let names = [teams[0].0.clone(), teams[1].0.clone()];
        Team {
            teams: report
                .teams
                .iter()
                .map(|t| TeamLine {
                    team: t.team.clone(),
                    total: t.total,
                    place: t.place.clone(),
                })
                .collect(),
            difference: report.difference,
            boards: report
                .boards
                .iter()
                .map(|&(board, first)| Swing {
                    board,
                    swing: TeamSwing {
                        teams: names.clone(),
                        first,
                    },
                })
                .collect(),
        }
    }
}

impl Standings {
    /// The standings as compact JSON text (what `score` prints), written into a buffer
    /// sized for them at once.
    pub fn to_json_text(&self) -> String {
        let lines = match self {
            Standings::Matchpoints(m) => m.boards.iter().map(|b| b.results.len()).sum(),
            Standings::Tally(t) => t.standings.len(),
            Standings::Team(t) => t.boards.len(),
        };
        let mut out = Vec::with_capacity(256 + 128 * lines);
        // Writing into a Vec cannot fail, and every key is a string.
        let _ = serde_json::to_writer(&mut out, self);
        String::from_utf8(out).unwrap_or_default()
    }

    /// The standings without the named boards' results (their travellers and swings), for
    /// a viewer who may not see those boards yet; the ranking still counts them.
    pub fn without_boards(&self, hidden: &std::collections::BTreeSet<u32>) -> Standings {
        let mut out = self.clone();
        match &mut out {
            Standings::Matchpoints(m) => m.boards.retain(|b| !hidden.contains(&b.board)),
            Standings::Team(t) => t.boards.retain(|b| !hidden.contains(&b.board)),
            Standings::Tally(_) => {}
        }
        out
    }

    /// As a JSON value, for the places that still compare or embed one (the API answer
    /// adds `provisional`; an import compares a file's standings).
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }
}

#[cfg(test)]
mod hidden_boards {
    use std::collections::BTreeSet;

    use super::*;
    use crate::scoring::{score, sheet};

    #[test]
    fn a_hidden_board_leaves_the_travellers_but_not_the_ranking() {
        let s = sheet::parse(include_str!("../../docs/examples/score-pairs.json")).unwrap();
        let all = score(&s).unwrap().standings;
        let Standings::Matchpoints(m) = &all else {
            panic!("a pairs sheet")
        };
        let first = m.boards[0].board;
        let shown = all.without_boards(&BTreeSet::from([first]));
        let Standings::Matchpoints(shown) = &shown else {
            panic!("a pairs sheet")
        };
        assert!(shown.boards.iter().all(|b| b.board != first));
        assert_eq!(shown.boards.len(), m.boards.len() - 1);
        assert_eq!(shown.standings, m.standings, "the ranking still counts it");
    }
}
