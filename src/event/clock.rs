//! The room clock (issue #38): how long a round lasts, in which phase the room is at a
//! moment, and what the director would announce then. Pure: the round's clock is a function
//! of its stored row ([`RoundClock`]) and "now", so a test moves time instead of waiting.
//!
//! A round is, in order: **play** (every game of the round, one after the other, plus any
//! extra time the director gave), **rebuild** (each board put back into its packets with its
//! rebuild sheet before it moves; none for a game dealt at the table), and **move**. Paused
//! time does not count. The defaults and bounds are in docs/web.md ("The room clock").

use chrono::{Duration, NaiveDateTime};

use super::game::{EventGame, GameKind, Word};
use super::settings::EventSettings;
use crate::engine::spec::Variant;

/// What a director may set, in minutes (a number outside is refused, naming the bounds).
pub const GAME_MINUTES: (u32, u32) = (5, 180);
pub const REBUILD_MINUTES: (u32, u32) = (1, 30);
pub const MOVE_MINUTES: (u32, u32) = (1, 15);
/// One "extend" adds this many minutes at most, and a round's extra time stays under
/// [`MAX_EXTRA_MINUTES`].
pub const EXTEND_MINUTES: (u32, u32) = (1, 30);
pub const MAX_EXTRA_MINUTES: u32 = 120;
/// The most games (boards) a round's clock counts: a movement never plays more a round,
/// and no figure from outside sizes the clock's arithmetic.
pub const MAX_GAMES: u32 = 64;

/// An event's stored timing: minutes per game, per rebuild and per move, 0 meaning "the
/// game's default"; and whether the room clock beeps at a phase change.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StoredTiming {
    pub game: u32,
    pub rebuild: u32,
    pub moves: u32,
    pub sound: bool,
}

/// A round's timing in minutes, defaults filled in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    pub game_minutes: u32,
    pub rebuild_minutes: u32,
    pub move_minutes: u32,
}

impl Timing {
    /// The game's own pace: a Calypso board of four deals 45 minutes (the seed's casual game
    /// "tends to last around twenty/twenty-five minutes"; a duplicate table also enters and
    /// agrees its result, and the club's pace corrects the figure: docs/web.md), Duet's two
    /// players a little quicker, Kaiso's short songs quicker still,
    /// Embers and Auction by their agreed hands (dealt at the table: nothing to rebuild).
    pub fn default_for(game: EventGame, hands: u16) -> Timing {
        let (game_minutes, rebuild_minutes) = match game.kind() {
            GameKind::Calypso
                if game.label() == Variant::Duet.label()
                    || game.label() == Variant::DuetCallAndResponse.label() =>
            {
                (35, 8)
            }
            GameKind::Calypso => (45, 8),
            GameKind::Kaiso => (40, 8),
            // About ten minutes a hand, within the bounds.
            GameKind::Embers | GameKind::Auction | GameKind::AuctionPairs => (
                (u32::from(hands) * 10).clamp(GAME_MINUTES.0, GAME_MINUTES.1),
                0,
            ),
        };
        Timing {
            game_minutes,
            rebuild_minutes,
            move_minutes: 3,
        }
    }

    /// The event's timing: what it stored, each 0 taking the game's default.
    pub fn of(settings: &EventSettings, stored: StoredTiming) -> Timing {
        let game = EventGame::of(settings);
        let d = Timing::default_for(game, settings.hands());
        let or = |v: u32, default: u32| if v == 0 { default } else { v };
        Timing {
            game_minutes: or(stored.game, d.game_minutes),
            rebuild_minutes: if game.dealt_at_table() {
                0
            } else {
                or(stored.rebuild, d.rebuild_minutes)
            },
            move_minutes: or(stored.moves, d.move_minutes),
        }
    }

    /// A round of `games` games: its play, rebuild and move, in seconds.
    pub fn round_seconds(&self, games: u32) -> (u32, u32, u32) {
        let g = games.clamp(1, MAX_GAMES);
        (
            g * self.game_minutes * 60,
            g * self.rebuild_minutes * 60,
            self.move_minutes * 60,
        )
    }

    /// The round's length in minutes: games × (game + rebuild) + move.
    pub fn round_minutes(&self, games: u32) -> u32 {
        let g = games.clamp(1, MAX_GAMES);
        g * (self.game_minutes + self.rebuild_minutes) + self.move_minutes
    }
}

/// The timing form as typed: each field empty for the game's default.
#[derive(Clone, Debug, Default)]
pub struct TimingDraft {
    pub game: String,
    pub rebuild: String,
    pub moves: String,
    pub sound: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimingError {
    #[error("minutes per {field} must be a whole number, not \"{value}\"")]
    NotANumber { field: &'static str, value: String },
    #[error("minutes per {field} must be from {min} to {max}, not {value}")]
    OutOfRange {
        field: &'static str,
        value: u64,
        min: u32,
        max: u32,
    },
    #[error(
        "{game} is dealt at the table: there is no board to rebuild, so leave the rebuild empty"
    )]
    NoRebuild { game: &'static str },
}

impl TimingDraft {
    /// Every field checked; empty is the game's default (stored as 0).
    pub fn parse(&self, game: EventGame) -> Result<StoredTiming, TimingError> {
        fn minutes(
            field: &'static str,
            typed: &str,
            (min, max): (u32, u32),
        ) -> Result<u32, TimingError> {
            let t = typed.trim();
            if t.is_empty() {
                return Ok(0);
            }
            let n: u64 = t.parse().map_err(|_| TimingError::NotANumber {
                field,
                value: t.chars().take(20).collect(),
            })?;
            if n < u64::from(min) || n > u64::from(max) {
                return Err(TimingError::OutOfRange {
                    field,
                    value: n,
                    min,
                    max,
                });
            }
            Ok(n as u32)
        }
        let rebuild = minutes("rebuild", &self.rebuild, REBUILD_MINUTES)?;
        if rebuild != 0 && game.dealt_at_table() {
            return Err(TimingError::NoRebuild { game: game.label() });
        }
        Ok(StoredTiming {
            game: minutes("game", &self.game, GAME_MINUTES)?,
            rebuild,
            moves: minutes("move", &self.moves, MOVE_MINUTES)?,
            sound: self.sound,
        })
    }
}

/// The words the clock speaks in: what a game at a table is (a board, or a game dealt at
/// the table), what a game is made of (deals, or hands dealt at the table) and how many.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockWords {
    pub game: Word,
    pub part: Word,
    /// Deals (hands) in one game.
    pub parts: u32,
    pub dealt_at_table: bool,
}

impl ClockWords {
    pub fn of(settings: &EventSettings) -> ClockWords {
        let game = EventGame::of(settings);
        if game.dealt_at_table() {
            ClockWords {
                game: game.deal(),
                part: Word {
                    one: "hand",
                    many: "hands",
                },
                parts: u32::from(settings.hands()).clamp(1, 100),
                dealt_at_table: true,
            }
        } else {
            ClockWords {
                game: game.deal(),
                part: Word {
                    one: "deal",
                    many: "deals",
                },
                parts: (settings.game_spec().deals() as u32).clamp(1, 100),
                dealt_at_table: false,
            }
        }
    }
}

/// A round's clock as stored: started when the round started, its lengths fixed then.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundClock {
    pub round: u32,
    pub started_at: NaiveDateTime,
    pub play_seconds: u32,
    pub rebuild_seconds: u32,
    pub move_seconds: u32,
    /// When it was paused, while it is.
    pub paused_at: Option<NaiveDateTime>,
    /// Seconds paused before (a pause under way not counted yet).
    pub paused_seconds: u32,
    /// Extra time given to play.
    pub extra_seconds: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    #[error("the clock is already paused")]
    AlreadyPaused,
    #[error("the clock is not paused")]
    NotPaused,
    #[error("add from {min} to {max} minutes at a time, not {0}", min = EXTEND_MINUTES.0, max = EXTEND_MINUTES.1)]
    ExtendRange(u32),
    #[error(
        "the round already has {0} minutes of extra time: no more than {MAX_EXTRA_MINUTES} in all"
    )]
    TooMuchExtra(u32),
}

fn seconds(d: Duration) -> i64 {
    d.num_seconds().max(0)
}

impl RoundClock {
    /// Round `round` of `games` games started at `now` with `timing`.
    pub fn start(round: u32, games: u32, timing: Timing, now: NaiveDateTime) -> RoundClock {
        let (play, rebuild, moves) = timing.round_seconds(games);
        RoundClock {
            round,
            started_at: now,
            play_seconds: play,
            rebuild_seconds: rebuild,
            move_seconds: moves,
            paused_at: None,
            paused_seconds: 0,
            extra_seconds: 0,
        }
    }

    pub fn pause(&mut self, now: NaiveDateTime) -> Result<(), ClockError> {
        if self.paused_at.is_some() {
            return Err(ClockError::AlreadyPaused);
        }
        self.paused_at = Some(now.max(self.started_at));
        Ok(())
    }

    pub fn resume(&mut self, now: NaiveDateTime) -> Result<(), ClockError> {
        let at = self.paused_at.ok_or(ClockError::NotPaused)?;
        let paused = u32::try_from(seconds(now - at)).unwrap_or(u32::MAX);
        self.paused_seconds = self.paused_seconds.saturating_add(paused);
        self.paused_at = None;
        Ok(())
    }

    pub fn extend(&mut self, minutes: u32) -> Result<(), ClockError> {
        if !(EXTEND_MINUTES.0..=EXTEND_MINUTES.1).contains(&minutes) {
            return Err(ClockError::ExtendRange(minutes));
        }
        let had = self.extra_seconds / 60;
        if had + minutes > MAX_EXTRA_MINUTES {
            return Err(ClockError::TooMuchExtra(had));
        }
        self.extra_seconds += minutes * 60;
        Ok(())
    }

    /// Seconds of the round gone by at `now`, paused time left out.
    pub fn elapsed(&self, now: NaiveDateTime) -> i64 {
        let until = match self.paused_at {
            Some(p) => p.min(now),
            None => now,
        };
        (seconds(until - self.started_at) - i64::from(self.paused_seconds)).max(0)
    }

    /// Play with its extra time.
    pub fn play_length(&self) -> i64 {
        i64::from(self.play_seconds) + i64::from(self.extra_seconds)
    }

    pub fn length(&self) -> i64 {
        self.play_length() + i64::from(self.rebuild_seconds) + i64::from(self.move_seconds)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Play,
    Rebuild,
    Move,
    /// The round's time is up.
    Over,
}

impl Phase {
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Play => "play",
            Phase::Rebuild => "rebuild",
            Phase::Move => "move",
            Phase::Over => "time up",
        }
    }
}

/// What the round is made of, for the clock's announcements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pacing {
    /// Games (boards) each table plays this round.
    pub games: u32,
    pub words: ClockWords,
    /// The last round: nobody moves after it.
    pub last: bool,
}

/// What the director would announce, and from when (seconds of the round, pauses left out).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Announcement {
    pub text: String,
    pub from: i64,
}

/// The clock at a moment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockView {
    pub round: u32,
    pub phase: Phase,
    /// Seconds left in the phase (0 once time is up).
    pub phase_left: i64,
    /// Seconds left in the round (0 once time is up: see `over_by`).
    pub round_left: i64,
    /// Seconds past the round's end.
    pub over_by: i64,
    pub paused: bool,
    /// During play: the game (board) the room should be playing, and of how many.
    pub game: Option<(u32, u32)>,
    pub announcement: Option<Announcement>,
}

impl ClockView {
    pub fn at(clock: &RoundClock, pacing: &Pacing, now: NaiveDateTime) -> ClockView {
        let t = clock.elapsed(now);
        let play = clock.play_length();
        let rebuild_end = play + i64::from(clock.rebuild_seconds);
        let end = clock.length();
        let (phase, phase_end) = if t < play {
            (Phase::Play, play)
        } else if t < rebuild_end {
            (Phase::Rebuild, rebuild_end)
        } else if t < end {
            (Phase::Move, end)
        } else {
            (Phase::Over, end)
        };
        let games = pacing.games.clamp(1, MAX_GAMES);
        let game = (phase == Phase::Play).then(|| {
            let each = i64::from(clock.play_seconds / games).max(1);
            ((t / each).min(i64::from(games) - 1) as u32 + 1, games)
        });
        ClockView {
            round: clock.round,
            phase,
            phase_left: (phase_end - t).max(0),
            round_left: (end - t).max(0),
            over_by: (t - end).max(0),
            paused: clock.paused_at.is_some(),
            game,
            announcement: announcement(clock, pacing, phase, t),
        }
    }
}

/// The announcement due at `t` seconds of the round: the latest whose moment has come in
/// the current phase. In play, within each game of `parts` deals, "You should be finishing
/// deal k" three quarters into deal k's share of the game's time, and "Last deal" when the
/// last deal's share begins (Sheinwold's pacing); a later game of the round opens with
/// "Board 2 of 3 should be starting"; extra time, once the games' time is gone.
fn announcement(clock: &RoundClock, p: &Pacing, phase: Phase, t: i64) -> Option<Announcement> {
    let w = p.words;
    let games = p.games.clamp(1, MAX_GAMES);
    let say = |text: String, from: i64| Some(Announcement { text, from });
    match phase {
        Phase::Play => {
            let each = i64::from(clock.play_seconds / games).max(1);
            let base_end = each * i64::from(games);
            if t >= base_end {
                return say(
                    format!("Extra time: finish the {} you are playing", w.game.one),
                    base_end,
                );
            }
            let i = t / each;
            let start = i * each;
            let u = t - start;
            let d = i64::from(w.parts);
            let mut due = (i > 0).then(|| Announcement {
                text: format!(
                    "{} {} of {games} should be starting",
                    capital(w.game.one),
                    i + 1
                ),
                from: start,
            });
            if d >= 2 {
                for k in 1..d {
                    let at = (4 * k - 1) * each / (4 * d);
                    if u >= at {
                        due = Some(Announcement {
                            text: format!("You should be finishing {} {k}", w.part.one),
                            from: start + at,
                        });
                    }
                }
                let last = (d - 1) * each / d;
                if u >= last {
                    due = Some(Announcement {
                        text: format!("Last {}", w.part.one),
                        from: start + last,
                    });
                }
            }
            due
        }
        Phase::Rebuild => say(
            match (games == 1, p.last) {
                (true, false) => "Rebuild the board with its sheet before it moves".into(),
                (false, false) => "Rebuild the boards with their sheets before they move".into(),
                // After the last round nothing moves: the boards go back whole.
                (true, true) => "Rebuild the board with its sheet".into(),
                (false, true) => "Rebuild the boards with their sheets".into(),
            },
            clock.play_length(),
        ),
        Phase::Move if p.last => say(
            "That was the last round: no one moves".into(),
            clock.play_length() + i64::from(clock.rebuild_seconds),
        ),
        Phase::Move => say(
            "Move: where do I go?".into(),
            clock.play_length() + i64::from(clock.rebuild_seconds),
        ),
        Phase::Over => say("Time is up".into(), clock.length()),
    }
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// "23 min", "1 min", "45 s": a time left as a phone's line says it (rounded up to the
/// minute from a minute on).
pub fn minutes_left(seconds: i64) -> String {
    if seconds < 60 {
        format!("{} s", seconds.max(0))
    } else {
        format!("{} min", (seconds + 59) / 60)
    }
}

/// "12:05", "1:02:03": a time left as the big clock shows it.
pub fn clock_face(seconds: i64) -> String {
    let s = seconds.max(0);
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn at(secs: i64) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, 11, 27)
            .unwrap()
            .and_hms_opt(19, 30, 0)
            .unwrap()
            + Duration::seconds(secs)
    }

    const BOARDS: ClockWords = ClockWords {
        game: Word {
            one: "board",
            many: "boards",
        },
        part: Word {
            one: "deal",
            many: "deals",
        },
        parts: 4,
        dealt_at_table: false,
    };

    const CALYPSO: Timing = Timing {
        game_minutes: 45,
        rebuild_minutes: 8,
        move_minutes: 3,
    };

    fn pacing(games: u32) -> Pacing {
        Pacing {
            games,
            words: BOARDS,
            last: false,
        }
    }

    fn said(c: &RoundClock, p: &Pacing, secs: i64) -> Option<String> {
        ClockView::at(c, p, at(secs)).announcement.map(|a| a.text)
    }

    #[test]
    fn a_round_is_every_game_plus_every_rebuild_plus_the_move() {
        assert_eq!(CALYPSO.round_minutes(1), 56);
        assert_eq!(CALYPSO.round_minutes(3), 3 * (45 + 8) + 3);
        assert_eq!(CALYPSO.round_seconds(2), (2 * 45 * 60, 2 * 8 * 60, 180));
    }

    #[test]
    fn the_phases_change_at_the_end_of_play_and_of_the_rebuild() {
        let c = RoundClock::start(2, 1, CALYPSO, at(0));
        let p = pacing(1);
        let v = ClockView::at(&c, &p, at(0));
        assert_eq!(
            (v.phase, v.phase_left, v.round_left),
            (Phase::Play, 2700, 3360)
        );
        assert_eq!(v.game, Some((1, 1)));
        assert_eq!(ClockView::at(&c, &p, at(2699)).phase, Phase::Play);
        let v = ClockView::at(&c, &p, at(2700));
        assert_eq!((v.phase, v.phase_left, v.game), (Phase::Rebuild, 480, None));
        assert_eq!(ClockView::at(&c, &p, at(3179)).phase, Phase::Rebuild);
        let v = ClockView::at(&c, &p, at(3180));
        assert_eq!(
            (v.phase, v.phase_left, v.round_left),
            (Phase::Move, 180, 180)
        );
        let v = ClockView::at(&c, &p, at(3360));
        assert_eq!((v.phase, v.round_left, v.over_by), (Phase::Over, 0, 0));
        let v = ClockView::at(&c, &p, at(3420));
        assert_eq!((v.phase, v.over_by), (Phase::Over, 60));
        assert_eq!(said(&c, &p, 3420).as_deref(), Some("Time is up"));
    }

    #[test]
    fn sheinwold_pacing_says_finish_each_deal_three_quarters_into_its_share() {
        // 45 minutes, four deals: each deal's share is 675 s.
        let c = RoundClock::start(1, 1, CALYPSO, at(0));
        let p = pacing(1);
        assert_eq!(said(&c, &p, 0), None);
        assert_eq!(said(&c, &p, 505), None);
        assert_eq!(
            said(&c, &p, 506).as_deref(),
            Some("You should be finishing deal 1")
        );
        assert_eq!(
            said(&c, &p, 1180).as_deref(),
            Some("You should be finishing deal 1")
        );
        assert_eq!(
            said(&c, &p, 1181).as_deref(),
            Some("You should be finishing deal 2")
        );
        assert_eq!(
            said(&c, &p, 1856).as_deref(),
            Some("You should be finishing deal 3")
        );
        assert_eq!(
            said(&c, &p, 2024).as_deref(),
            Some("You should be finishing deal 3")
        );
        let v = ClockView::at(&c, &p, at(2025));
        assert_eq!(
            v.announcement,
            Some(Announcement {
                text: "Last deal".into(),
                from: 2025
            })
        );
        assert_eq!(
            said(&c, &p, 2700).as_deref(),
            Some("Rebuild the board with its sheet before it moves")
        );
        assert_eq!(said(&c, &p, 3180).as_deref(), Some("Move: where do I go?"));
    }

    #[test]
    fn several_games_a_round_announce_each_next_game_at_its_start() {
        let c = RoundClock::start(1, 3, CALYPSO, at(0));
        let p = pacing(3);
        assert_eq!(ClockView::at(&c, &p, at(2699)).game, Some((1, 3)));
        assert_eq!(said(&c, &p, 2699).as_deref(), Some("Last deal"));
        let v = ClockView::at(&c, &p, at(2700));
        assert_eq!(v.game, Some((2, 3)));
        assert_eq!(
            v.announcement,
            Some(Announcement {
                text: "Board 2 of 3 should be starting".into(),
                from: 2700
            })
        );
        assert_eq!(
            said(&c, &p, 2700 + 506).as_deref(),
            Some("You should be finishing deal 1")
        );
        assert_eq!(
            said(&c, &p, 5400).as_deref(),
            Some("Board 3 of 3 should be starting")
        );
        assert_eq!(
            said(&c, &p, 8100).as_deref(),
            Some("Rebuild the boards with their sheets before they move")
        );
        assert_eq!(ClockView::at(&c, &p, at(8100)).phase_left, 3 * 480);
    }

    #[test]
    fn a_game_dealt_at_the_table_says_games_and_hands_and_has_no_rebuild() {
        let t = Timing {
            game_minutes: 40,
            rebuild_minutes: 0,
            move_minutes: 3,
        };
        let words = ClockWords {
            game: Word {
                one: "game",
                many: "games",
            },
            part: Word {
                one: "hand",
                many: "hands",
            },
            parts: 2,
            dealt_at_table: true,
        };
        let p = Pacing {
            games: 2,
            words,
            last: false,
        };
        let c = RoundClock::start(1, 2, t, at(0));
        // 2400 s a game, two hands: finishing hand 1 at 900, last hand at 1200.
        assert_eq!(
            said(&c, &p, 900).as_deref(),
            Some("You should be finishing hand 1")
        );
        assert_eq!(said(&c, &p, 1200).as_deref(), Some("Last hand"));
        assert_eq!(
            said(&c, &p, 2400).as_deref(),
            Some("Game 2 of 2 should be starting")
        );
        // No rebuild: straight from play to the move.
        let v = ClockView::at(&c, &p, at(4800));
        assert_eq!((v.phase, v.phase_left), (Phase::Move, 180));
    }

    #[test]
    fn paused_time_does_not_count() {
        let mut c = RoundClock::start(1, 1, CALYPSO, at(0));
        let p = pacing(1);
        c.pause(at(600)).unwrap();
        assert_eq!(c.pause(at(601)), Err(ClockError::AlreadyPaused));
        let v = ClockView::at(&c, &p, at(1800));
        assert!(v.paused);
        assert_eq!(v.phase_left, 2700 - 600);
        c.resume(at(1800)).unwrap();
        assert_eq!(c.resume(at(1801)), Err(ClockError::NotPaused));
        assert_eq!(c.paused_seconds, 1200);
        let v = ClockView::at(&c, &p, at(1900));
        assert!(!v.paused);
        assert_eq!(v.phase_left, 2700 - 700);
        // The play ends 1200 s later than it would have.
        assert_eq!(ClockView::at(&c, &p, at(3899)).phase, Phase::Play);
        assert_eq!(ClockView::at(&c, &p, at(3900)).phase, Phase::Rebuild);
    }

    #[test]
    fn extra_time_lengthens_play_and_is_bounded() {
        let mut c = RoundClock::start(1, 1, CALYPSO, at(0));
        let p = pacing(1);
        c.extend(5).unwrap();
        let v = ClockView::at(&c, &p, at(2700));
        assert_eq!((v.phase, v.phase_left), (Phase::Play, 300));
        assert_eq!(v.round_left, 3360 + 300 - 2700);
        assert_eq!(
            v.announcement,
            Some(Announcement {
                text: "Extra time: finish the board you are playing".into(),
                from: 2700
            })
        );
        assert_eq!(ClockView::at(&c, &p, at(3000)).phase, Phase::Rebuild);
        assert_eq!(c.extend(0), Err(ClockError::ExtendRange(0)));
        assert_eq!(c.extend(31), Err(ClockError::ExtendRange(31)));
        for _ in 0..3 {
            c.extend(30).unwrap();
        }
        assert_eq!(c.extend(30), Err(ClockError::TooMuchExtra(95)));
        c.extend(25).unwrap();
        assert_eq!(c.extra_seconds, MAX_EXTRA_MINUTES * 60);
    }

    #[test]
    fn a_calypso_board_defaults_to_45_minutes_of_four_deals_and_a_set_value_wins() {
        let s = crate::event::papers::tests::settings();
        assert_eq!(Timing::of(&s, StoredTiming::default()), CALYPSO);
        let set = StoredTiming {
            game: 50,
            rebuild: 0,
            moves: 5,
            sound: true,
        };
        assert_eq!(
            Timing::of(&s, set),
            Timing {
                game_minutes: 50,
                rebuild_minutes: 8,
                move_minutes: 5
            }
        );
        assert_eq!(ClockWords::of(&s), BOARDS);
    }

    #[test]
    fn the_last_round_has_no_one_to_move() {
        let c = RoundClock::start(4, 1, CALYPSO, at(0));
        let p = Pacing {
            last: true,
            ..pacing(1)
        };
        assert_eq!(
            said(&c, &p, 2700).as_deref(),
            Some("Rebuild the board with its sheet")
        );
        assert_eq!(
            said(&c, &p, 3200).as_deref(),
            Some("That was the last round: no one moves")
        );
    }

    #[test]
    fn a_clock_started_in_the_future_or_paused_before_it_started_shows_the_whole_round() {
        let c = RoundClock::start(1, 1, CALYPSO, at(100));
        let v = ClockView::at(&c, &pacing(1), at(0));
        assert_eq!((v.phase, v.round_left), (Phase::Play, 3360));
    }

    #[test]
    fn the_timing_form_takes_empty_as_the_default_and_refuses_what_is_out_of_bounds() {
        let draft = |g: &str, r: &str, m: &str| TimingDraft {
            game: g.into(),
            rebuild: r.into(),
            moves: m.into(),
            sound: false,
        };
        let calypso = EventGame::of(&crate::event::papers::tests::settings());
        assert_eq!(
            draft("", " ", "").parse(calypso),
            Ok(StoredTiming::default())
        );
        assert_eq!(
            draft("50", "10", "4").parse(calypso),
            Ok(StoredTiming {
                game: 50,
                rebuild: 10,
                moves: 4,
                sound: false
            })
        );
        assert_eq!(
            draft("4", "", "").parse(calypso).unwrap_err().to_string(),
            "minutes per game must be from 5 to 180, not 4"
        );
        assert_eq!(
            draft("", "forty", "")
                .parse(calypso)
                .unwrap_err()
                .to_string(),
            "minutes per rebuild must be a whole number, not \"forty\""
        );
        assert_eq!(
            draft("", "", "99999999999999999999999").parse(calypso),
            Err(TimingError::NotANumber {
                field: "move",
                value: "99999999999999999999".into()
            })
        );
        assert!(matches!(
            draft("", "", "16").parse(calypso),
            Err(TimingError::OutOfRange { field: "move", .. })
        ));
    }
}
