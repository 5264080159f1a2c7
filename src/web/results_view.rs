//! The results on the public event page: each round's tables, who sat majors and minors, the
//! scores or the ruling, and whether the results are provisional (play goes on, or the
//! correction period after the event was marked finished) or final. What is shown follows
//! `crate::event` (publication and visibility); this file only words it.

use std::collections::BTreeSet;

use chrono::NaiveDateTime;

use crate::engine::auction::AuctionSpec;
use crate::event::club::TimeZone;
use crate::event::entries::Entry;
use crate::event::results::{
    Adjusted, BoardOutcome, PublicState, Publication, ResultStatus, TableResult, public_state,
};
use crate::event::seats::SideNames;
use crate::event::threes::scores_of;
use crate::event::{Exposure, Viewer};
use crate::movement::IndividualRound;
use crate::movement::threes::ThreesRound;
use crate::service::play::individual_sides;

/// The banner over the results.
pub struct Banner {
    pub text: String,
    /// Provisional results are announced as a notice; final ones plainly.
    pub provisional: bool,
}

/// A result's state as a badge (none for a final, confirmed result).
pub struct Badge {
    pub label: &'static str,
    pub class: &'static str,
}

/// One side of a table's result: who sat there and what they scored.
pub struct SideLine {
    /// The side as players know it: "N-S ♠♥".
    pub side: String,
    /// "3 Ann Able & Bob Baker" (entry number and name), or the progressive individual's
    /// players' numbers, "3 & 7".
    pub who: String,
    /// The score; for a board not played (or fouled), the adjusted score or "–".
    pub score: String,
    /// "adjusted: ave+" beside a played board's score; "adjusted" beside an unplayed one's.
    pub note: Option<String>,
}

pub struct ResultLine {
    pub table: u32,
    pub board: u32,
    /// "not played" or "fouled"; `None` for a board played.
    pub outcome: Option<&'static str>,
    /// The majors, then the minors; at a table of three, positions 1, 2, 3.
    pub sides: Vec<SideLine>,
    pub badge: Option<Badge>,
}

pub struct RoundResults {
    pub round: u32,
    pub lines: Vec<ResultLine>,
}

/// The page's results section; `None` while the event has no result.
pub struct ResultsView {
    pub banner: Banner,
    pub rounds: Vec<RoundResults>,
    /// Results not shown yet: their boards are still to be played at other tables, or (a
    /// robot duplicate's, `sealed`) the window is open.
    pub held_back: usize,
    /// A robot duplicate's window is open: every result is held back until it closes.
    pub sealed: bool,
}

/// Everything the section is made from.
pub struct ResultsInput<'a> {
    pub publication: Publication,
    pub now: NaiveDateTime,
    /// The club's: the banner's times are its local time.
    pub zone: TimeZone,
    pub exposure: Exposure,
    pub viewer: Viewer,
    pub results: &'a [TableResult],
    pub entries: &'a [Entry],
    /// The boards some table still has to play (`results::boards_still_to_play`).
    pub still_to_play: &'a BTreeSet<u32>,
    /// The progressive individual's seatings (None for the other formats).
    pub seated: Option<&'a [IndividualRound]>,
    /// Auction Calypso's rounds of tables of three, and the game (empty and none otherwise).
    pub threes: &'a [ThreesRound],
    pub auction: Option<&'a AuctionSpec>,
    /// What players call the two sides ("N-S ♠♥", "E-W ♦♣").
    pub sides: &'a SideNames,
}

pub fn results_view(input: &ResultsInput) -> Option<ResultsView> {
    if input.results.is_empty() {
        return None;
    }
    let mut rounds: Vec<RoundResults> = Vec::new();
    let mut held_back = 0;
    for r in input.results {
        let pending = input.still_to_play.contains(&r.place.board);
        if !input.exposure.board_results_visible(input.viewer, pending) {
            held_back += 1;
            continue;
        }
        let line = line(input, r);
        match rounds.last_mut() {
            Some(last) if last.round == r.place.round => last.lines.push(line),
            _ => rounds.push(RoundResults {
                round: r.place.round,
                lines: vec![line],
            }),
        }
    }
    Some(ResultsView {
        banner: if input.exposure.sealed {
            // A robot duplicate's window is open: nothing is shown to be provisional.
            Banner {
                text: "Every board's results are sealed until the window closes.".into(),
                provisional: false,
            }
        } else {
            banner(
                input.publication,
                input.now,
                input.zone,
                input
                    .results
                    .iter()
                    .filter(|r| r.values.status == ResultStatus::Disputed)
                    .count(),
            )
        },
        rounds,
        held_back,
        sealed: input.exposure.sealed,
    })
}

fn banner(p: Publication, now: NaiveDateTime, zone: TimeZone, disputed: usize) -> Banner {
    match p {
        Publication::Live => Banner {
            text: "Results are provisional while play goes on.".into(),
            provisional: true,
        },
        Publication::Correcting { until } => {
            // The day is named when it is not the club's today.
            let day = if zone.date(until) == zone.date(now) {
                String::new()
            } else {
                zone.local(until).format(" on %a %-d %b").to_string()
            };
            Banner {
                text: format!(
                    "Results are provisional: the correction period ends at {}{day}.",
                    zone.show(until, "%H:%M")
                ),
                provisional: true,
            }
        }
        // Never "final" above a result still under review.
        Publication::Final if disputed > 0 => Banner {
            text: format!(
                "Results are final except {disputed} disputed result{} the director has still to rule on.",
                if disputed == 1 { "" } else { "s" }
            ),
            provisional: true,
        },
        Publication::Final => Banner {
            text: "Results are final.".into(),
            provisional: false,
        },
    }
}

fn badge(s: PublicState) -> Option<Badge> {
    match s {
        PublicState::Provisional => Some(Badge {
            label: "provisional",
            class: "status-provisional",
        }),
        PublicState::UnderReview => Some(Badge {
            label: "under review",
            class: "status-disputed",
        }),
        PublicState::Final => None,
    }
}

fn line(input: &ResultsInput, r: &TableResult) -> ResultLine {
    let entry = |id| {
        input
            .entries
            .iter()
            .find(|e| Some(e.id) == id)
            .map(|e| format!("{} {}", e.number, e.name))
    };
    let players = |list: &[u32]| match list {
        [] => None,
        [one] => Some(one.to_string()),
        [rest @ .., last] => Some(format!(
            "{} & {last}",
            rest.iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        )),
    };
    let sides = input
        .seated
        .and_then(|s| individual_sides(s, r.place.round, r.place.table));
    let (majors, minors) = match &sides {
        Some((m, n)) => (players(m), players(n)),
        None => (entry(r.sides.majors), entry(r.sides.minors)),
    };
    let played = r.values.outcome == BoardOutcome::Played;
    let line = |side: &str, who: Option<String>, score: i32, adj: Option<Adjusted>| SideLine {
        side: side.to_string(),
        who: who.unwrap_or_else(|| "–".into()),
        score: match (played, adj) {
            (true, _) => score.to_string(),
            (false, Some(a)) => a.label(),
            (false, None) => "–".into(),
        },
        note: adj.map(|a| {
            if played {
                format!("adjusted: {}", a.label())
            } else {
                "adjusted".into()
            }
        }),
    };
    let outcome = match r.values.outcome {
        BoardOutcome::Played => None,
        BoardOutcome::NotPlayed => Some("not played"),
        BoardOutcome::Fouled => Some("fouled"),
    };
    if let Some(spec) = input.auction {
        // A table of three: each position's player and the engine's score of the hands.
        let at = input
            .threes
            .iter()
            .find(|t| t.round() == r.place.round)
            .and_then(|t| t.table(r.place.table));
        let scores = scores_of(spec, r);
        return ResultLine {
            table: r.place.table,
            board: r.place.board,
            outcome,
            sides: (0..3)
                .map(|i| SideLine {
                    side: format!("Position {}", i + 1),
                    who: at.map_or_else(
                        || "–".into(),
                        |p| {
                            let name = input.entries.iter().find(|e| e.number as u32 == p[i]);
                            name.map_or_else(
                                || p[i].to_string(),
                                |e| format!("{} {}", p[i], e.name),
                            )
                        },
                    ),
                    score: if played {
                        scores[i].to_string()
                    } else {
                        "–".into()
                    },
                    note: None,
                })
                .collect(),
            badge: badge(public_state(input.publication, r.values.status)),
        };
    }
    ResultLine {
        table: r.place.table,
        board: r.place.board,
        outcome,
        sides: vec![
            line(
                input.sides.majors(),
                majors,
                r.values.scores.majors,
                r.values.adjusted.majors,
            ),
            line(
                input.sides.minors(),
                minors,
                r.values.scores.minors,
                r.values.adjusted.minors,
            ),
        ],
        badge: badge(public_state(input.publication, r.values.status)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::entries::EntryKind;
    use crate::event::results::{Place, TableReport};
    use crate::event::{EntryId, EventId, EventStatus, ResultId};

    fn at(d: u32, h: u32, m: u32) -> NaiveDateTime {
        chrono::NaiveDate::from_ymd_opt(2026, 12, d)
            .unwrap()
            .and_hms_opt(h, m, 0)
            .unwrap()
    }

    fn entry(id: i32, number: i32, name: &str) -> Entry {
        Entry {
            id: EntryId::new(id),
            event_id: EventId::new(1),
            number,
            name: name.into(),
            kind: EntryKind::Pair,
            players: vec![],
            joined_round: None,
            withdrawn_round: None,
        }
    }

    fn result(round: u32, table: u32, board: u32, status: ResultStatus) -> TableResult {
        TableResult {
            id: ResultId::new(1),
            event_id: EventId::new(1),
            place: Place {
                round,
                table,
                board,
            },
            sides: crate::event::results::Sides::new(
                Some(EntryId::new(10)),
                Some(EntryId::new(20)),
            ),
            values: crate::event::results::ResultValues {
                scores: crate::event::results::Sides::new(540, 120),
                status,
                outcome: BoardOutcome::Played,
                adjusted: crate::event::results::Sides::new(None, None),
                report: TableReport::none(),
            },
            entered_by: "test".into(),
            created_at: at(1, 20, 0),
            updated_at: at(1, 20, 0),
        }
    }

    fn view(
        status: EventStatus,
        publication: Publication,
        viewer: Viewer,
        results: &[TableResult],
        still: &[u32],
    ) -> Option<ResultsView> {
        let entries = [entry(10, 1, "Ann & Bob"), entry(20, 4, "Cat & Dan")];
        let still: BTreeSet<u32> = still.iter().copied().collect();
        results_view(&ResultsInput {
            publication,
            now: at(1, 21, 30),
            zone: TimeZone::UTC,
            exposure: Exposure {
                status,
                has_key: true,
                released: false,
                in_sim: false,
                sealed: false,
            },
            viewer,
            results,
            entries: &entries,
            still_to_play: &still,
            seated: None,
            threes: &[],
            auction: None,
            sides: &SideNames::default(),
        })
    }

    #[test]
    fn no_results_no_section() {
        let v = view(
            EventStatus::Running,
            Publication::Live,
            Viewer::Anonymous,
            &[],
            &[],
        );
        assert!(v.is_none());
    }

    #[test]
    fn live_results_are_provisional_by_round_and_wait_for_boards_still_to_play() {
        let results = [
            result(1, 1, 1, ResultStatus::Confirmed),
            result(1, 2, 2, ResultStatus::Disputed),
            result(2, 1, 3, ResultStatus::Provisional),
        ];
        let v = view(
            EventStatus::Running,
            Publication::Live,
            Viewer::Anonymous,
            &results,
            &[3],
        )
        .unwrap();
        assert_eq!(v.banner.text, "Results are provisional while play goes on.");
        assert!(v.banner.provisional);
        assert_eq!(v.held_back, 1, "board 3 is still to be played elsewhere");
        assert_eq!(v.rounds.len(), 1);
        let l = &v.rounds[0].lines;
        assert_eq!((l[0].table, l[0].board), (1, 1));
        assert_eq!(l[0].sides[0].who, "1 Ann & Bob");
        assert_eq!(l[0].sides[1].who, "4 Cat & Dan");
        assert_eq!(
            (l[0].sides[0].score.as_str(), l[0].sides[1].score.as_str()),
            ("540", "120")
        );
        assert_eq!(l[0].outcome, None);
        assert_eq!(l[0].badge.as_ref().unwrap().label, "provisional");
        assert_eq!(l[1].badge.as_ref().unwrap().label, "under review");
        // The club's directors see every board.
        let v = view(
            EventStatus::Running,
            Publication::Live,
            Viewer::ClubDirector,
            &results,
            &[3],
        )
        .unwrap();
        assert_eq!(v.held_back, 0);
        assert_eq!(v.rounds.len(), 2);
    }

    #[test]
    fn the_banner_names_the_end_of_the_correction_period() {
        let results = [result(1, 1, 1, ResultStatus::Confirmed)];
        let until = at(1, 21, 45);
        let v = view(
            EventStatus::Finished,
            Publication::Correcting { until },
            Viewer::Anonymous,
            &results,
            &[1],
        )
        .unwrap();
        assert_eq!(
            v.banner.text,
            "Results are provisional: the correction period ends at 21:45 UTC."
        );
        assert_eq!(v.held_back, 0, "play is over: every board is shown");
        assert_eq!(
            v.rounds[0].lines[0].badge.as_ref().unwrap().label,
            "provisional"
        );
        // Past midnight the day is named.
        let v = view(
            EventStatus::Finished,
            Publication::Correcting {
                until: at(2, 0, 15),
            },
            Viewer::Anonymous,
            &results,
            &[],
        )
        .unwrap();
        assert_eq!(
            v.banner.text,
            "Results are provisional: the correction period ends at 00:15 UTC on Wed 2 Dec."
        );
    }

    #[test]
    fn a_final_banner_never_stands_above_a_result_still_under_review() {
        let at = chrono::NaiveDate::from_ymd_opt(2026, 5, 1)
            .unwrap()
            .and_hms_opt(22, 0, 0)
            .unwrap();
        let clean = banner(Publication::Final, at, TimeZone::UTC, 0);
        assert_eq!(
            (clean.text.as_str(), clean.provisional),
            ("Results are final.", false)
        );
        let open = banner(Publication::Final, at, TimeZone::UTC, 2);
        assert!(open.provisional);
        assert_eq!(
            open.text,
            "Results are final except 2 disputed results the director has still to rule on."
        );
    }

    #[test]
    fn the_banner_tells_the_end_in_the_clubs_time_and_names_the_clubs_day() {
        let pos = TimeZone::parse("America/Port_of_Spain").unwrap();
        let ends = Publication::Correcting {
            until: at(2, 0, 15),
        };
        // 00:15 UTC on the 2nd is 20:15 on the 1st in Port of Spain: the club's same day.
        assert_eq!(
            banner(ends, at(1, 21, 30), pos, 0).text,
            "Results are provisional: the correction period ends at 20:15 AST."
        );
        // Seen after the club's midnight, the day is named, as the club's.
        assert_eq!(
            banner(ends, at(2, 4, 30), pos, 0).text,
            "Results are provisional: the correction period ends at 20:15 AST on Tue 1 Dec."
        );
    }

    #[test]
    fn final_results_badge_only_what_is_under_review_and_show_rulings() {
        let mut ruled = result(1, 2, 2, ResultStatus::Confirmed);
        ruled.values.outcome = BoardOutcome::NotPlayed;
        ruled.values.adjusted.majors = Some(Adjusted::AvePlus);
        ruled.values.adjusted.minors = Some(Adjusted::Percent(40.0));
        let mut adjusted = result(1, 6, 6, ResultStatus::Confirmed);
        adjusted.values.adjusted.minors = Some(Adjusted::AveMinus);
        let mut fouled = result(1, 3, 3, ResultStatus::Confirmed);
        fouled.values.outcome = BoardOutcome::Fouled;
        let results = [
            result(1, 1, 1, ResultStatus::Confirmed),
            ruled,
            fouled,
            result(1, 4, 4, ResultStatus::Provisional),
            result(1, 5, 5, ResultStatus::Disputed),
            adjusted,
        ];
        let v = view(
            EventStatus::Finished,
            Publication::Final,
            Viewer::Anonymous,
            &results,
            &[],
        )
        .unwrap();
        assert_eq!(
            v.banner.text,
            "Results are final except 1 disputed result the director has still to rule on."
        );
        assert!(v.banner.provisional);
        let l = &v.rounds[0].lines;
        assert!(l[0].badge.is_none());
        assert_eq!(l[1].outcome, Some("not played"));
        assert_eq!(
            (l[1].sides[0].score.as_str(), l[1].sides[1].score.as_str()),
            ("ave+ (60%)", "40%")
        );
        assert_eq!(l[1].sides[0].note.as_deref(), Some("adjusted"));
        assert_eq!(l[2].outcome, Some("fouled"));
        assert_eq!(
            (l[2].sides[0].score.as_str(), l[2].sides[1].note.as_deref()),
            ("–", None)
        );
        assert!(l[3].badge.is_none(), "nobody disputed it: final");
        assert_eq!(l[4].badge.as_ref().unwrap().label, "under review");
        assert_eq!(l[5].sides[1].score, "120");
        assert_eq!(l[5].sides[1].note.as_deref(), Some("adjusted: ave- (40%)"));
        assert_eq!(l[5].sides[0].note, None);
    }

    #[test]
    fn the_individuals_sides_are_the_players_numbers() {
        use crate::movement::individual::first_round;
        use crate::movement::{CutOverrides, Side};
        // Eleven players at two tables: a side of three somewhere.
        let round = first_round(11, &[5, 6], &[7; 32], &CutOverrides::default()).unwrap();
        let seated = [round];
        let numbers = |table: u32, side: Side| -> Vec<u32> {
            seated[0].table(table).unwrap().side(side).players.clone()
        };
        let words = |list: Vec<u32>| match list.as_slice() {
            [a, b] => format!("{a} & {b}"),
            [a, b, c] => format!("{a}, {b} & {c}"),
            other => panic!("{other:?}"),
        };
        let mut r = result(1, 1, 1, ResultStatus::Confirmed);
        r.sides.majors = None;
        r.sides.minors = None;
        let v = results_view(&ResultsInput {
            publication: Publication::Final,
            now: at(1, 21, 30),
            zone: TimeZone::UTC,
            exposure: Exposure {
                status: EventStatus::Finished,
                has_key: true,
                released: false,
                in_sim: false,
                sealed: false,
            },
            viewer: Viewer::Anonymous,
            results: &[r],
            entries: &[],
            still_to_play: &BTreeSet::new(),
            seated: Some(&seated),
            threes: &[],
            auction: None,
            sides: &SideNames::default(),
        })
        .unwrap();
        let l = &v.rounds[0].lines[0];
        assert_eq!(l.sides[0].who, words(numbers(1, Side::Majors)));
        assert_eq!(l.sides[1].who, words(numbers(1, Side::Minors)));
    }
}
