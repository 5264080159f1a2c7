//! Tallies of a progressive: each game adds the side's margin (its total minus the
//! opponents', or at a table of three minus each other player's, added up) to every member
//! of the side; standings by total tally.

use std::collections::BTreeMap;

use super::sheet::{Game, places};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TallyStanding {
    pub place: String,
    pub member: u32,
    pub games: u32,
    pub tally: i64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TallyReport {
    pub standings: Vec<TallyStanding>,
    /// The margins of both sides of every game added up: 0, as a check.
    pub sum_of_margins: i64,
}

pub fn score(games: &[Game]) -> TallyReport {
    let mut members: BTreeMap<u32, (u32, i64)> = BTreeMap::new();
    let mut sum_of_margins = 0i64;
    for g in games {
        for (k, side) in g.sides.iter().enumerate() {
            let margin = g.margin(k);
            sum_of_margins += margin;
            for &m in &side.members {
                let e = members.entry(m).or_default();
                e.0 += 1;
                e.1 += margin;
            }
        }
    }
    let mut standings: Vec<TallyStanding> = members
        .into_iter()
        .map(|(member, (games, tally))| TallyStanding {
            place: String::new(),
            member,
            games,
            tally,
        })
        .collect();
    standings.sort_by(|x, y| y.tally.cmp(&x.tally).then(x.member.cmp(&y.member)));
    let keys: Vec<i64> = standings.iter().map(|s| s.tally).collect();
    for (s, place) in standings.iter_mut().zip(places(&keys)) {
        s.place = place;
    }
    TallyReport {
        standings,
        sum_of_margins,
    }
}
