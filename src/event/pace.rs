//! The club's own pace (#38 item 4): how long its tables take for a game and for a rebuild,
//! learnt from when each table's results arrive, and the round length it suggests. Pure: the
//! times come in from `db::paces`, the figures go out to `service::paces`. docs/pace.md
//! gives the definitions and bounds.
//!
//! - A table's **game** lasts from the round's start (its first game of the round) or from
//!   the entry of its previous result in that round, to the entry of its result.
//! - A **rebuild** lasts from the entry of a board's result at a table to the moment that
//!   table ticked the board rebuilt.
//! - A sample shorter than [`MIN_SAMPLE_SECONDS`] or longer than [`MAX_SAMPLE_SECONDS`] is
//!   not a pace (results typed in a row from the slips after play, one typed the next
//!   morning, a clock set wrong): it is dropped.
//! - The **median** is the middle sample (the mean of the two middle ones, rounded down, for
//!   an even count); the **slowest quarter** is the nearest-rank 75th percentile: the
//!   smallest sample that at least three quarters of the samples do not exceed.

use chrono::NaiveDateTime;

use super::game::GameChoice;
use super::settings::EventSettings;

/// The game a pace is kept for: the event form's choice (a Calypso variant, or Kaiso, Embers,
/// Auction), so that a Duet evening does not set a four-handed game's pace.
pub fn game_of(s: &EventSettings) -> String {
    GameChoice::value_of(s.game().name(), s.variant().name())
}

/// The longest game or rebuild counted: 4 hours. Anything longer is not a table's pace.
pub const MAX_SAMPLE_SECONDS: i64 = 4 * 3600;
/// The shortest counted: a minute. No table plays a game's deals, or puts 52 or more cards
/// back in their packets, faster; results typed one after another from the slips are that
/// close, and negative times (a clock set wrong) are below it too.
pub const MIN_SAMPLE_SECONDS: i64 = 60;
/// At most this many results, rebuilds and round starts are read of one event (the reads
/// stop there; an event's plan is at most 100 tables × 200 boards, far fewer in practice).
pub const MAX_ROWS: usize = 20_000;
/// The club's pace is combined from its last this many finished events of the game.
pub const CLUB_EVENTS: usize = 10;
/// Added once to every suggested round for the move between rounds, in minutes.
pub const MOVE_ALLOWANCE_MINUTES: u32 = 5;
/// A suggested round is rounded up to this many minutes.
pub const ROUND_STEP_MINUTES: u32 = 5;
/// The evening the suggestion fits rounds into unless asked otherwise: 3 hours.
pub const DEFAULT_EVENING_MINUTES: u32 = 180;
/// Bounds of what the suggestion may be asked for (games a round, an evening's minutes).
pub const MAX_GAMES_A_ROUND: u32 = 12;
pub const MAX_EVENING_MINUTES: u32 = 12 * 60;

/// When a round started (its clock row).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundStart {
    pub round: u32,
    pub started_at: NaiveDateTime,
}

/// When a table's result of a board arrived.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResultTime {
    pub round: u32,
    pub table: u32,
    pub board: u32,
    pub entered_at: NaiveDateTime,
}

/// When a table ticked a board rebuilt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RebuildTime {
    pub round: u32,
    pub table: u32,
    pub board: u32,
    pub rebuilt_at: NaiveDateTime,
}

/// The durations of one event, in seconds, impossible ones dropped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Samples {
    pub games: Vec<u32>,
    pub rebuilds: Vec<u32>,
    /// How many were dropped as impossible (under a minute, negative, or over 4 hours).
    pub dropped: usize,
}

fn sample(from: NaiveDateTime, to: NaiveDateTime, dropped: &mut usize) -> Option<u32> {
    let s = (to - from).num_seconds();
    if (MIN_SAMPLE_SECONDS..=MAX_SAMPLE_SECONDS).contains(&s) {
        u32::try_from(s).ok()
    } else {
        *dropped += 1;
        None
    }
}

/// An event's game and rebuild durations, those under a minute or over 4 hours dropped. Results are taken per round and table in the order
/// they arrived; a table's first result of a round with no known start gives no game (its
/// start is not known), later ones still do. A rebuild with no result of its board at its
/// table in its round gives nothing. At most [`MAX_ROWS`] of each input are looked at.
pub fn samples(starts: &[RoundStart], results: &[ResultTime], rebuilds: &[RebuildTime]) -> Samples {
    let mut out = Samples::default();
    let starts = &starts[..starts.len().min(MAX_ROWS)];
    let mut results: Vec<ResultTime> = results[..results.len().min(MAX_ROWS)].to_vec();
    results.sort_by_key(|r| (r.round, r.table, r.entered_at, r.board));
    let mut previous: Option<&ResultTime> = None;
    for r in &results {
        let from = match previous {
            Some(p) if p.round == r.round && p.table == r.table => Some(p.entered_at),
            _ => starts
                .iter()
                .find(|s| s.round == r.round)
                .map(|s| s.started_at),
        };
        if let Some(g) = from.and_then(|f| sample(f, r.entered_at, &mut out.dropped)) {
            out.games.push(g);
        }
        previous = Some(r);
    }
    for b in &rebuilds[..rebuilds.len().min(MAX_ROWS)] {
        let played = results
            .binary_search_by(|r| {
                (r.round, r.table)
                    .cmp(&(b.round, b.table))
                    .then(std::cmp::Ordering::Greater)
            })
            .unwrap_or_else(|i| i);
        let result = results[played..]
            .iter()
            .take_while(|r| (r.round, r.table) == (b.round, b.table))
            .find(|r| r.board == b.board);
        if let Some(d) = result.and_then(|r| sample(r.entered_at, b.rebuilt_at, &mut out.dropped)) {
            out.rebuilds.push(d);
        }
    }
    out
}

/// A median and a slowest quarter, in seconds, and how many samples gave them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Figures {
    pub count: u32,
    pub median: u32,
    pub slow: u32,
}

/// The median and the nearest-rank 75th percentile of the samples; `None` with none.
pub fn figures(samples: &[u32]) -> Option<Figures> {
    if samples.is_empty() {
        return None;
    }
    let mut s = samples.to_vec();
    s.sort_unstable();
    let n = s.len();
    let median = if n % 2 == 1 {
        s[n / 2]
    } else {
        let (a, b) = (u64::from(s[n / 2 - 1]), u64::from(s[n / 2]));
        u32::try_from((a + b) / 2).unwrap_or(u32::MAX)
    };
    // Nearest rank: the ⌈0.75·n⌉-th smallest (1-based).
    let rank = (3 * n).div_ceil(4);
    Some(Figures {
        count: u32::try_from(n).unwrap_or(u32::MAX),
        median,
        slow: s[rank - 1],
    })
}

/// One event's pace, as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Pace {
    pub game: Option<Figures>,
    pub rebuild: Option<Figures>,
}

impl Pace {
    pub fn of(samples: &Samples) -> Pace {
        Pace {
            game: figures(&samples.games),
            rebuild: figures(&samples.rebuilds),
        }
    }
}

/// The sample-weighted median of events' figures: the events sorted by the figure, the
/// first whose running count of samples reaches half of all the samples. An event of 40
/// games weighs four times one of 10.
fn weighted_median(values: &mut [(u32, u32)]) -> Option<u32> {
    values.sort_unstable();
    let total: u64 = values.iter().map(|&(_, w)| u64::from(w)).sum();
    if total == 0 {
        return None;
    }
    let mut running = 0u64;
    for &(v, w) in values.iter() {
        running += u64::from(w);
        if 2 * running >= total {
            return Some(v);
        }
    }
    values.last().map(|&(v, _)| v)
}

fn combine_figures(each: impl Iterator<Item = Figures>) -> Option<Figures> {
    let each: Vec<Figures> = each.filter(|f| f.count > 0).collect();
    let count = each.iter().map(|f| f.count).fold(0u32, u32::saturating_add);
    let median =
        weighted_median(&mut each.iter().map(|f| (f.median, f.count)).collect::<Vec<_>>())?;
    let slow = weighted_median(&mut each.iter().map(|f| (f.slow, f.count)).collect::<Vec<_>>())?;
    Some(Figures {
        count,
        median,
        slow,
    })
}

/// The club's pace of a game from its events' paces (the last [`CLUB_EVENTS`] of them): for
/// each figure, the sample-weighted median of the events' figures (the events' samples are
/// not kept, only their figures); the counts are the events' counts added.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClubPace {
    /// How many events it is learnt from (those with at least one game timed).
    pub events: u32,
    pub pace: Pace,
}

pub fn club_pace(events: &[Pace]) -> Option<ClubPace> {
    let events = &events[..events.len().min(CLUB_EVENTS)];
    let game = combine_figures(events.iter().filter_map(|p| p.game))?;
    Some(ClubPace {
        events: u32::try_from(events.iter().filter(|p| p.game.is_some()).count()).unwrap_or(0),
        pace: Pace {
            game: Some(game),
            rebuild: combine_figures(events.iter().filter_map(|p| p.rebuild)),
        },
    })
}

/// A suggested round: its length in minutes and how many such rounds fit the evening.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Suggestion {
    pub games: u32,
    pub round_minutes: u32,
    pub evening_minutes: u32,
    pub rounds: u32,
    /// The rebuild was counted (a game played on boards, with rebuilds timed).
    pub with_rebuild: bool,
}

/// The next event's round of `games` games: `games` × (slowest-quarter game + slowest-quarter
/// rebuild) + [`MOVE_ALLOWANCE_MINUTES`], rounded up to [`ROUND_STEP_MINUTES`]; and how many
/// rounds fit `evening_minutes`. A game dealt at the table has no rebuild (`rebuilds` false);
/// with no rebuild timed yet the round counts none and says so. `games` and the evening are
/// kept within their bounds (1 to [`MAX_GAMES_A_ROUND`], [`MAX_EVENING_MINUTES`]).
pub fn suggest(
    pace: &Pace,
    rebuilds: bool,
    games: u32,
    evening_minutes: u32,
) -> Option<Suggestion> {
    let game = pace.game?;
    let games = games.clamp(1, MAX_GAMES_A_ROUND);
    let evening_minutes = evening_minutes.clamp(1, MAX_EVENING_MINUTES);
    let rebuild = pace.rebuild.filter(|_| rebuilds);
    let per_game = u64::from(game.slow) + rebuild.map_or(0, |r| u64::from(r.slow));
    let seconds = u64::from(games) * per_game + u64::from(MOVE_ALLOWANCE_MINUTES) * 60;
    let step = u64::from(ROUND_STEP_MINUTES) * 60;
    let minutes = seconds.div_ceil(step) * u64::from(ROUND_STEP_MINUTES);
    let round_minutes = u32::try_from(minutes)
        .unwrap_or(u32::MAX)
        .max(ROUND_STEP_MINUTES);
    Some(Suggestion {
        games,
        round_minutes,
        evening_minutes,
        rounds: evening_minutes / round_minutes,
        with_rebuild: rebuild.is_some(),
    })
}

/// Seconds as the pages say a pace: whole minutes, rounded to the nearest ("41 min"), and
/// "under a minute" below 30 seconds.
pub fn minutes(seconds: u32) -> String {
    let m = (seconds + 30) / 60;
    if m == 0 {
        "under a minute".into()
    } else {
        format!("{m} min")
    }
}

/// Minutes as a length of time: "55 min", "2 h", "2 h 5 min".
pub fn duration(minutes: u32) -> String {
    match (minutes / 60, minutes % 60) {
        (0, m) => format!("{m} min"),
        (h, 0) => format!("{h} h"),
        (h, m) => format!("{h} h {m} min"),
    }
}

/// What a pace is about, in the game's words: a game played on a board ("a board") or a
/// game dealt at the table, which has no rebuild.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PaceWords {
    /// "Calypso", "Calypso Duet (two players)", "Kaiso".
    pub game: &'static str,
    pub dealt_at_table: bool,
}

impl PaceWords {
    /// The words of the event form's choice of game.
    pub fn of_choice(c: &GameChoice) -> PaceWords {
        let kind = super::game::GameKind::from_name(c.value);
        PaceWords {
            game: match kind {
                Some(k) => k.label(),
                None if c.value == crate::engine::spec::Variant::Standard.name() => {
                    super::game::GameKind::Calypso.label()
                }
                None => c.label,
            },
            dealt_at_table: kind.is_some_and(|k| k.continuous()),
        }
    }

    /// The words of an event's game.
    pub fn of_event(s: &EventSettings) -> PaceWords {
        let g = super::game::EventGame::of(s);
        PaceWords {
            game: g.label(),
            dealt_at_table: g.dealt_at_table(),
        }
    }

    fn one(self) -> &'static str {
        if self.dealt_at_table {
            "a game dealt at the table"
        } else {
            "a board"
        }
    }

    fn many(self, n: u32) -> String {
        match (self.dealt_at_table, n) {
            (true, 1) => "1 game".into(),
            (true, n) => format!("{n} games"),
            (false, 1) => "1 board".into(),
            (false, n) => format!("{n} boards"),
        }
    }
}

fn rebuild_words(rebuild: Option<Figures>, words: PaceWords) -> String {
    match rebuild.filter(|_| !words.dealt_at_table) {
        Some(r) => format!(
            ", a rebuild {} (slowest quarter {})",
            minutes(r.median),
            minutes(r.slow)
        ),
        None if words.dealt_at_table => String::new(),
        None => ", no rebuild timed yet".into(),
    }
}

/// The event form's lines on the club's pace of a game: what it is and the round it
/// suggests for `games` a round in an evening of `evening_minutes`; or how it is learnt.
pub fn club_lines(
    club: Option<&ClubPace>,
    words: PaceWords,
    games: u32,
    evening_minutes: u32,
) -> Vec<String> {
    let Some((club, game)) = club.and_then(|c| Some((c, c.pace.game?))) else {
        return vec![format!(
            "No pace yet for {}: it is learnt from the times the results of your finished events arrived.",
            words.game
        )];
    };
    let events = match club.events {
        1 => "its last event".to_string(),
        n => format!("its last {n} events"),
    };
    let mut lines = vec![format!(
        "Your club's pace at {} over {events}: {} {} (slowest quarter {}){}.",
        words.game,
        words.one(),
        minutes(game.median),
        minutes(game.slow),
        rebuild_words(club.pace.rebuild, words)
    )];
    if let Some(s) = suggest(&club.pace, !words.dealt_at_table, games, evening_minutes) {
        let fit = match s.rounds {
            0 => "not one round fits".to_string(),
            1 => "1 round fits".to_string(),
            n => format!("{n} rounds fit"),
        };
        let rebuild = if s.with_rebuild || words.dealt_at_table {
            ""
        } else {
            " (rebuilds not counted: none timed yet)"
        };
        lines.push(format!(
            "Suggested round of {}: {}{rebuild}; {fit} {}.",
            words.many(s.games),
            duration(s.round_minutes),
            evening(s.evening_minutes)
        ));
    }
    lines
}

/// "a 3-hour evening", "a 2 h 30 min evening".
fn evening(minutes: u32) -> String {
    if minutes.is_multiple_of(60) {
        format!("a {}-hour evening", minutes / 60)
    } else {
        format!("an evening of {}", duration(minutes))
    }
}

/// The finished event's own pace in one line, and whether anything was timed (when nothing
/// was, the line says so).
pub fn event_line(pace: &Pace, words: PaceWords) -> (String, bool) {
    let Some(game) = pace.game else {
        return (
            "This event's pace: nothing to learn from (no result arrived at a time that gives a game's length).".into(),
            false,
        );
    };
    let rebuild = match pace.rebuild.filter(|_| !words.dealt_at_table) {
        Some(r) => format!(
            "; a rebuild {} (slowest quarter {}), {} timed",
            minutes(r.median),
            minutes(r.slow),
            r.count
        ),
        None => String::new(),
    };
    let line = format!(
        "This event's pace: {} {} (slowest quarter {}), {} timed{rebuild}.",
        words.one(),
        minutes(game.median),
        minutes(game.slow),
        words.many(game.count)
    );
    (line, true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn at(h: u32, m: u32, s: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, 11, 20)
            .unwrap()
            .and_hms_opt(h, m, s)
            .unwrap()
    }

    fn result(round: u32, table: u32, board: u32, t: NaiveDateTime) -> ResultTime {
        ResultTime {
            round,
            table,
            board,
            entered_at: t,
        }
    }

    fn rebuilt(round: u32, table: u32, board: u32, t: NaiveDateTime) -> RebuildTime {
        RebuildTime {
            round,
            table,
            board,
            rebuilt_at: t,
        }
    }

    #[test]
    fn a_table_s_game_runs_from_the_round_start_or_its_previous_result() {
        let starts = [
            RoundStart {
                round: 1,
                started_at: at(19, 0, 0),
            },
            RoundStart {
                round: 2,
                started_at: at(20, 40, 0),
            },
        ];
        // Round 1: table 1 plays boards 1 and 2 (19:40, 20:25), table 2 board 3 then 4
        // (19:45, 20:30), given out of order. Round 2: table 1 board 3 at 21:22.
        let results = [
            result(1, 2, 4, at(20, 30, 0)),
            result(1, 1, 1, at(19, 40, 0)),
            result(2, 1, 3, at(21, 22, 30)),
            result(1, 1, 2, at(20, 25, 0)),
            result(1, 2, 3, at(19, 45, 0)),
        ];
        let s = samples(&starts, &results, &[]);
        // 40 min, 45 min (table 1), 45 min, 45 min (table 2), 42½ min (round 2).
        assert_eq!(s.games, vec![2400, 2700, 2700, 2700, 2550]);
        assert_eq!(s.dropped, 0);
    }

    #[test]
    fn a_rebuild_runs_from_its_board_s_result_at_its_table() {
        let starts = [RoundStart {
            round: 1,
            started_at: at(19, 0, 0),
        }];
        let results = [
            result(1, 1, 1, at(19, 40, 0)),
            result(1, 2, 1, at(19, 50, 0)),
        ];
        let rebuilds = [
            // Table 2's board 1: 12 minutes after table 2's result (not table 1's).
            rebuilt(1, 2, 1, at(20, 2, 0)),
            rebuilt(1, 1, 1, at(19, 49, 0)),
            // No result of board 7 at table 1: nothing to time from.
            rebuilt(1, 1, 7, at(19, 55, 0)),
        ];
        let s = samples(&starts, &results, &rebuilds);
        assert_eq!(s.rebuilds, vec![720, 540]);
    }

    #[test]
    fn impossible_samples_are_dropped() {
        let starts = [RoundStart {
            round: 1,
            started_at: at(19, 0, 0),
        }];
        let results = [
            // Typed before the round started (a clock set wrong): negative.
            result(1, 1, 1, at(18, 50, 0)),
            result(1, 1, 2, at(19, 30, 0)),
            // Typed the next morning: 4 h 1 min after the previous result.
            result(1, 1, 3, at(23, 31, 0)),
            // Exactly 4 hours: kept.
            result(1, 2, 4, at(23, 0, 0)),
            // 59 seconds after table 2's previous result: typed from the slips, dropped...
            result(1, 2, 5, at(23, 0, 59)),
            // ... and exactly a minute after that one: kept.
            result(1, 2, 6, at(23, 1, 59)),
        ];
        // Ticked before its result arrived.
        let rebuilds = [rebuilt(1, 1, 2, at(19, 29, 0))];
        let s = samples(&starts, &results, &rebuilds);
        assert_eq!(s.games, vec![2400, 4 * 3600, 60]);
        assert!(s.rebuilds.is_empty());
        assert_eq!(s.dropped, 4);
    }

    #[test]
    fn a_round_with_no_start_times_only_a_table_s_later_games() {
        let results = [
            result(3, 1, 5, at(21, 0, 0)),
            result(3, 1, 6, at(21, 44, 0)),
        ];
        let s = samples(&[], &results, &[]);
        assert_eq!(s.games, vec![44 * 60]);
    }

    #[test]
    fn median_and_slowest_quarter_worked() {
        // Sorted: 30 35 40 41 45 48 50 60 (minutes). Median (41+45)/2 = 43; nearest rank
        // ⌈0.75·8⌉ = 6th = 48.
        let m: Vec<u32> = [45, 30, 60, 41, 48, 35, 50, 40]
            .iter()
            .map(|m| m * 60)
            .collect();
        let f = figures(&m).unwrap();
        assert_eq!(
            f,
            Figures {
                count: 8,
                median: 43 * 60,
                slow: 48 * 60
            }
        );
        // Odd count: 5 samples, median the 3rd, slow quarter ⌈3.75⌉ = 4th.
        let f = figures(&[10, 50, 20, 40, 30]).unwrap();
        assert_eq!((f.median, f.slow), (30, 40));
        // One sample is its own median and slowest quarter.
        let f = figures(&[600]).unwrap();
        assert_eq!((f.count, f.median, f.slow), (1, 600, 600));
        // The even median rounds down.
        assert_eq!(figures(&[1, 2]).unwrap().median, 1);
    }

    #[test]
    fn nothing_timed_gives_no_figures_and_no_suggestion() {
        assert_eq!(figures(&[]), None);
        let p = Pace::of(&samples(&[], &[], &[]));
        assert_eq!(p, Pace::default());
        assert_eq!(club_pace(&[p, p]), None);
        assert_eq!(suggest(&p, true, 2, 180), None);
    }

    fn fig(count: u32, median: u32, slow: u32) -> Figures {
        Figures {
            count,
            median,
            slow,
        }
    }

    #[test]
    fn the_club_pace_is_the_sample_weighted_median_of_its_events() {
        let events = [
            // 40 games: median 41 min, slow 48; rebuilds 30 at 9 (12).
            Pace {
                game: Some(fig(40, 41 * 60, 48 * 60)),
                rebuild: Some(fig(30, 9 * 60, 12 * 60)),
            },
            // 10 games, slower: median 50, slow 60; no rebuild timed.
            Pace {
                game: Some(fig(10, 50 * 60, 60 * 60)),
                rebuild: None,
            },
            // 12 games: median 38, slow 44; rebuilds 5 at 15 (20).
            Pace {
                game: Some(fig(12, 38 * 60, 44 * 60)),
                rebuild: Some(fig(5, 15 * 60, 20 * 60)),
            },
            // Nothing timed: does not count.
            Pace::default(),
        ];
        let c = club_pace(&events).unwrap();
        assert_eq!(c.events, 3);
        // Medians sorted 38 (12), 41 (40), 50 (10): total 62, half 31; running 12, 52 → 41.
        // Slow: 44 (12), 48 (40), 60 (10) → 48.
        assert_eq!(c.pace.game, Some(fig(62, 41 * 60, 48 * 60)));
        // Rebuilds: 9 (30), 15 (5): total 35; running 30 ≥ 17.5 → 9; slow 12.
        assert_eq!(c.pace.rebuild, Some(fig(35, 9 * 60, 12 * 60)));
        // A heavier slow event moves it: 10 games become 100.
        let mut heavy = events;
        heavy[1].game = Some(fig(100, 50 * 60, 60 * 60));
        assert_eq!(
            club_pace(&heavy).unwrap().pace.game,
            Some(fig(152, 50 * 60, 60 * 60))
        );
    }

    #[test]
    fn the_club_pace_reads_only_its_last_events() {
        let fast = Pace {
            game: Some(fig(10, 30 * 60, 35 * 60)),
            rebuild: None,
        };
        let slow = Pace {
            game: Some(fig(1000, 90 * 60, 99 * 60)),
            rebuild: None,
        };
        let mut events = vec![fast; CLUB_EVENTS];
        events.push(slow);
        let c = club_pace(&events).unwrap();
        assert_eq!(c.events, CLUB_EVENTS as u32);
        assert_eq!(c.pace.game.unwrap().median, 30 * 60);
    }

    #[test]
    fn suggested_round_worked() {
        let pace = Pace {
            game: Some(fig(62, 41 * 60, 48 * 60)),
            rebuild: Some(fig(35, 9 * 60, 12 * 60)),
        };
        // 2 × (48 + 12) + 5 = 125 min = 2 h 5 min; 180 / 125 = 1 round.
        let s = suggest(&pace, true, 2, 180).unwrap();
        assert_eq!((s.round_minutes, s.rounds, s.with_rebuild), (125, 1, true));
        assert_eq!(duration(s.round_minutes), "2 h 5 min");
        // 1 × (48 + 12) + 5 = 65 min; 2 rounds fit 3 hours (3 × 65 = 195 > 180).
        let s = suggest(&pace, true, 1, 180).unwrap();
        assert_eq!((s.round_minutes, s.rounds), (65, 2));
        // A game dealt at the table has no rebuild: 48 + 5 = 53 → 55 min; 3 rounds.
        let s = suggest(&pace, false, 1, 180).unwrap();
        assert_eq!((s.round_minutes, s.rounds, s.with_rebuild), (55, 3, false));
        // Seconds round up: a slow quarter of 48 min 1 s makes 53 min 1 s → 55.
        let odd = Pace {
            game: Some(fig(3, 2880, 2881)),
            rebuild: None,
        };
        assert_eq!(suggest(&odd, true, 1, 180).unwrap().round_minutes, 55);
        // Asked for 0 games or 1000, or an evening of 0 or a week: kept within bounds.
        assert_eq!(suggest(&pace, true, 0, 180).unwrap().games, 1);
        assert_eq!(
            suggest(&pace, true, 1000, 180).unwrap().games,
            MAX_GAMES_A_ROUND
        );
        assert_eq!(suggest(&pace, true, 1, 0).unwrap().rounds, 0);
        assert_eq!(
            suggest(&pace, true, 1, u32::MAX).unwrap().evening_minutes,
            MAX_EVENING_MINUTES
        );
    }

    #[test]
    fn minutes_and_durations_read_as_the_pages_say_them() {
        assert_eq!(minutes(41 * 60 + 29), "41 min");
        assert_eq!(minutes(41 * 60 + 30), "42 min");
        assert_eq!(minutes(29), "under a minute");
        assert_eq!(duration(55), "55 min");
        assert_eq!(duration(180), "3 h");
        assert_eq!(duration(125), "2 h 5 min");
    }

    fn words(value: &str) -> PaceWords {
        PaceWords::of_choice(
            &GameChoice::all()
                .into_iter()
                .find(|c| c.value == value)
                .unwrap(),
        )
    }

    #[test]
    fn the_form_says_the_club_pace_in_the_game_s_words() {
        let club = ClubPace {
            events: 6,
            pace: Pace {
                game: Some(fig(62, 41 * 60, 48 * 60)),
                rebuild: Some(fig(35, 9 * 60, 12 * 60)),
            },
        };
        assert_eq!(
            club_lines(Some(&club), words("standard"), 2, 180),
            vec![
                "Your club's pace at Calypso over its last 6 events: a board 41 min (slowest quarter 48 min), a rebuild 9 min (slowest quarter 12 min).",
                "Suggested round of 2 boards: 2 h 5 min; 1 round fits a 3-hour evening.",
            ]
        );
        // Embers is dealt at the table: games, and no rebuild even if one were stored.
        let one = ClubPace { events: 1, ..club };
        assert_eq!(
            club_lines(Some(&one), words("embers"), 1, 150),
            vec![
                "Your club's pace at Embers Calypso over its last event: a game dealt at the table 41 min (slowest quarter 48 min).",
                "Suggested round of 1 game: 55 min; 2 rounds fit an evening of 2 h 30 min.",
            ]
        );
        let no_rebuild = ClubPace {
            events: 2,
            pace: Pace {
                game: club.pace.game,
                rebuild: None,
            },
        };
        let lines = club_lines(Some(&no_rebuild), words("duet"), 1, 180);
        assert!(
            lines[0].starts_with(
                "Your club's pace at Calypso Duet (two players) over its last 2 events"
            ),
            "{lines:?}"
        );
        assert!(lines[0].ends_with(", no rebuild timed yet."), "{lines:?}");
        assert_eq!(
            lines[1],
            "Suggested round of 1 board: 55 min (rebuilds not counted: none timed yet); 3 rounds fit a 3-hour evening."
        );
        assert_eq!(
            club_lines(None, words("kaiso"), 1, 180),
            vec![
                "No pace yet for Kaiso: it is learnt from the times the results of your finished events arrived."
            ]
        );
        for line in club_lines(Some(&club), words("standard"), 1, 180) {
            assert!(!line.contains("major") && !line.contains("minor"), "{line}");
        }
    }

    #[test]
    fn an_event_s_own_pace_in_one_line() {
        let pace = Pace {
            game: Some(fig(24, 41 * 60, 48 * 60)),
            rebuild: Some(fig(20, 9 * 60, 12 * 60)),
        };
        assert_eq!(
            event_line(&pace, words("standard")),
            ("This event's pace: a board 41 min (slowest quarter 48 min), 24 boards timed; a rebuild 9 min (slowest quarter 12 min), 20 timed.".to_string(), true)
        );
        // A game dealt at the table: games, and no rebuild.
        assert_eq!(
            event_line(&pace, words("auction")).0,
            "This event's pace: a game dealt at the table 41 min (slowest quarter 48 min), 24 games timed."
        );
        let (line, timed) = event_line(&Pace::default(), words("standard"));
        assert!(!timed);
        assert!(
            line.starts_with("This event's pace: nothing to learn from"),
            "{line}"
        );
    }
}
