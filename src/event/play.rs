//! How an event is played (#39 items 6 and 8): at the club's tables (the default: cards
//! dealt at the tables, results typed), online (virtual tables, seats by personal link), or
//! as a robot duplicate (each entrant with three robots, any time within a window). Pure:
//! the setting's values and their rules, in words; `db::event_play` stores it.

use chrono::{DateTime, Duration, NaiveDateTime, Utc};

use super::EventSettings;
use super::game_kind::GameKind;

/// The robots' thinking budget per card, in milliseconds.
pub const ROBOT_MS_DEFAULT: u32 = 300;
pub const ROBOT_MS_MIN: u32 = 50;
/// At the robots' rate (`event::online::robots::PLAYOUTS_PER_MS`) this is the engine's
/// bound on a card's playouts: more would not be spent.
pub const ROBOT_MS_MAX: u32 = 1_000;
/// How long a person may be away before a robot takes their seat, in seconds.
pub const AWAY_SECONDS_DEFAULT: u32 = 90;
pub const AWAY_SECONDS_MIN: u32 = 15;
pub const AWAY_SECONDS_MAX: u32 = 3_600;
/// The longest window of a robot duplicate.
pub const WINDOW_MOST_DAYS: i64 = 31;

/// When a robot duplicate may be played: from `opens` (inclusive) to `closes` (exclusive),
/// in UTC.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub opens: NaiveDateTime,
    pub closes: NaiveDateTime,
}

impl Window {
    /// A window that opens before it closes and lasts at most [`WINDOW_MOST_DAYS`].
    pub fn new(opens: NaiveDateTime, closes: NaiveDateTime) -> Result<Window, PlayError> {
        if opens >= closes {
            return Err(PlayError(
                "the window must open before it closes".to_string(),
            ));
        }
        if closes - opens > Duration::days(WINDOW_MOST_DAYS) {
            return Err(PlayError(format!(
                "the window may last at most {WINDOW_MOST_DAYS} days"
            )));
        }
        Ok(Window { opens, closes })
    }

    /// Where `at` stands against the window: `None` inside it, else why not, in words.
    pub fn refusal_at(&self, at: NaiveDateTime) -> Option<String> {
        if at < self.opens {
            Some(format!("play opens at {}", rfc3339(self.opens)))
        } else if at >= self.closes {
            Some(format!("the window closed at {}", rfc3339(self.closes)))
        } else {
            None
        }
    }
}

/// A stored UTC time as RFC 3339 ("2026-12-01T18:00:00Z").
pub fn rfc3339(t: NaiveDateTime) -> String {
    DateTime::<Utc>::from_naive_utc_and_offset(t, Utc)
        .format("%Y-%m-%dT%H:%M:%SZ")
        .to_string()
}

/// Reads an RFC 3339 time (any offset) as UTC.
pub fn parse_rfc3339(s: &str, what: &str) -> Result<NaiveDateTime, PlayError> {
    DateTime::parse_from_rfc3339(s.trim())
        .map(|t| t.with_timezone(&Utc).naive_utc())
        .map_err(|_| {
            PlayError(format!(
                "{what} must be a time in RFC 3339, as 2026-12-01T18:00:00Z (not \"{}\")",
                s.chars().take(40).collect::<String>()
            ))
        })
}

/// How an event is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Play {
    /// Cards at the club's tables, results typed (the default; no stored row).
    #[default]
    Table,
    /// Virtual tables, the usual movement and rounds; seats by personal link, robots in
    /// empty seats and for a person away longer than `away_seconds`.
    Online { robot_ms: u32, away_seconds: u32 },
    /// The robot duplicate: each entrant plays the event's boards with three robots, any
    /// time within the window.
    Robots { window: Window, robot_ms: u32 },
}

/// A play setting that cannot be, in words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct PlayError(pub String);

fn robot_ms(ms: Option<u32>) -> Result<u32, PlayError> {
    let ms = ms.unwrap_or(ROBOT_MS_DEFAULT);
    if !(ROBOT_MS_MIN..=ROBOT_MS_MAX).contains(&ms) {
        return Err(PlayError(format!(
            "robot_ms (the robots' time per card) must be {ROBOT_MS_MIN} to {ROBOT_MS_MAX} \
             milliseconds; the default {ROBOT_MS_DEFAULT} plays a card within 1 s here"
        )));
    }
    Ok(ms)
}

fn away_seconds(s: Option<u32>) -> Result<u32, PlayError> {
    let s = s.unwrap_or(AWAY_SECONDS_DEFAULT);
    if !(AWAY_SECONDS_MIN..=AWAY_SECONDS_MAX).contains(&s) {
        return Err(PlayError(format!(
            "away_seconds (how long a player may be away before a robot takes the seat) \
             must be {AWAY_SECONDS_MIN} to {AWAY_SECONDS_MAX} seconds (default {AWAY_SECONDS_DEFAULT})"
        )));
    }
    Ok(s)
}

impl Play {
    /// Online play, the budgets checked (none: the defaults).
    pub fn online(robot: Option<u32>, away: Option<u32>) -> Result<Play, PlayError> {
        Ok(Play::Online {
            robot_ms: robot_ms(robot)?,
            away_seconds: away_seconds(away)?,
        })
    }

    /// The robot duplicate in `window`, the budget checked (none: the default).
    pub fn robots(window: Window, robot: Option<u32>) -> Result<Play, PlayError> {
        Ok(Play::Robots {
            window,
            robot_ms: robot_ms(robot)?,
        })
    }

    /// The setting as stored: its name, window and budgets. A budget or away time outside
    /// the bounds (a row written by hand, or a test's tiny budget for speed) is read as the
    /// nearest one allowed, so the bounds hold whatever is stored; a name or window that
    /// cannot be is refused in words.
    pub fn stored(
        name: &str,
        opens: Option<NaiveDateTime>,
        closes: Option<NaiveDateTime>,
        robot_ms: u32,
        away: u32,
    ) -> Result<Play, PlayError> {
        let robot_ms = robot_ms.clamp(ROBOT_MS_MIN, ROBOT_MS_MAX);
        let away = away.clamp(AWAY_SECONDS_MIN, AWAY_SECONDS_MAX);
        match name {
            "online" => Play::online(Some(robot_ms), Some(away)),
            "robots" => {
                let (Some(o), Some(c)) = (opens, closes) else {
                    return Err(PlayError("the robot duplicate has no window".into()));
                };
                Window::new(o, c).and_then(|w| Play::robots(w, Some(robot_ms)))
            }
            "table" => Ok(Play::Table),
            other => Err(PlayError(format!("play is stored as \"{other}\""))),
        }
    }

    /// How long a person may be away before a robot plays their seat: online only. At a
    /// robot duplicate the entrant's board waits for them until the window closes (robots
    /// finishing it would play it for them).
    pub const fn takeover_after(&self) -> Option<u32> {
        match self {
            Play::Online { away_seconds, .. } => Some(*away_seconds),
            _ => None,
        }
    }

    /// The setting's name: "table", "online" or "robots".
    pub const fn name(&self) -> &'static str {
        match self {
            Play::Table => "table",
            Play::Online { .. } => "online",
            Play::Robots { .. } => "robots",
        }
    }

    /// The words a page shows for it.
    pub const fn label(&self) -> &'static str {
        match self {
            Play::Table => "at the club's tables",
            Play::Online { .. } => "online",
            Play::Robots { .. } => "robot duplicate",
        }
    }

    pub const fn is_table(&self) -> bool {
        matches!(self, Play::Table)
    }

    /// The robots' budget per card (the default for a table event, which has no robots).
    pub const fn robot_ms(&self) -> u32 {
        match self {
            Play::Table => ROBOT_MS_DEFAULT,
            Play::Online { robot_ms, .. } | Play::Robots { robot_ms, .. } => *robot_ms,
        }
    }

    /// How long a person may be away before a robot takes the seat (the default where no
    /// person is replaced).
    pub const fn away_seconds(&self) -> u32 {
        match self {
            Play::Online { away_seconds, .. } => *away_seconds,
            _ => AWAY_SECONDS_DEFAULT,
        }
    }

    pub const fn window(&self) -> Option<Window> {
        match self {
            Play::Robots { window, .. } => Some(*window),
            _ => None,
        }
    }

    /// Whether the event's game may be played this way: online and the robot duplicate are
    /// Calypso's own (Kaiso, Embers and Auction Calypso later); Calypso Duet online, not as
    /// a robot duplicate (robots do not play Duet).
    pub fn check_game(&self, settings: &EventSettings) -> Result<(), PlayError> {
        if self.is_table() {
            return Ok(());
        }
        check_game_kind(
            settings.game(),
            settings.game_spec().duet.is_some(),
            matches!(self, Play::Robots { .. }),
        )
    }

    /// Whether a card may be played at `at` (UTC): a table event's cards are at the club's
    /// tables, a robot duplicate's within its window. `None`: yes.
    pub fn refusal_at(&self, at: NaiveDateTime) -> Option<String> {
        match self {
            Play::Table => Some("this event is played at the club's tables".to_string()),
            Play::Online { .. } => None,
            Play::Robots { window, .. } => window.refusal_at(at),
        }
    }
}

/// Online and the robot duplicate are for Calypso; Calypso Duet online only (both players
/// by link: robots do not play Duet, so no robot duplicate), in words.
pub fn check_game_kind(kind: GameKind, duet: bool, robots: bool) -> Result<(), PlayError> {
    if kind != GameKind::Calypso {
        return Err(PlayError(format!(
            "a game of {} is not played online yet (it comes later): choose Calypso, or \
             play at the club's tables",
            kind.label()
        )));
    }
    if duet && robots {
        return Err(PlayError(
            "robots do not play Calypso Duet, so it has no robot duplicate: play it online \
             (both players by link) or at the club's tables"
                .to_string(),
        ));
    }
    Ok(())
}

/// The setting as sent (the API's JSON or the form), read into a [`Play`]: `play` one of
/// "table", "online", "robots"; a window required for robots and refused otherwise; the
/// budgets refused for a table event.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayDraft {
    pub play: String,
    pub opens: Option<NaiveDateTime>,
    pub closes: Option<NaiveDateTime>,
    pub robot_ms: Option<u32>,
    pub away_seconds: Option<u32>,
}

impl PlayDraft {
    pub fn read(&self) -> Result<Play, PlayError> {
        let has_window = self.opens.is_some() || self.closes.is_some();
        match self.play.trim() {
            "table" => {
                if has_window {
                    return Err(PlayError(
                        "a window is for the robot duplicate (play \"robots\") only".into(),
                    ));
                }
                if self.robot_ms.is_some() || self.away_seconds.is_some() {
                    return Err(PlayError(
                        "robot_ms and away_seconds are for online play and the robot duplicate, \
                         not for an event played at the club's tables"
                            .into(),
                    ));
                }
                Ok(Play::Table)
            }
            "online" => {
                if has_window {
                    return Err(PlayError(
                        "a window is for the robot duplicate (play \"robots\") only: an online \
                         event is played in rounds as the director runs them"
                            .into(),
                    ));
                }
                Play::online(self.robot_ms, self.away_seconds)
            }
            "robots" => {
                if self.away_seconds.is_some() {
                    return Err(PlayError(
                        "away_seconds is for online play: in the robot duplicate the entrant \
                         plays with robots and nobody waits"
                            .into(),
                    ));
                }
                let (Some(opens), Some(closes)) = (self.opens, self.closes) else {
                    return Err(PlayError(
                        "the robot duplicate needs a window: when play opens and when it closes"
                            .into(),
                    ));
                };
                Play::robots(Window::new(opens, closes)?, self.robot_ms)
            }
            other => Err(PlayError(format!(
                "play must be \"table\", \"online\" or \"robots\" (not \"{}\")",
                other.chars().take(40).collect::<String>()
            ))),
        }
    }
}

/// A time as a `datetime-local` input sends it ("2026-12-01T19:00", seconds optional), read
/// in the club's time zone (its IANA name) and returned in UTC. A time that does not exist
/// there (skipped by a clock change) is refused; one that happens twice is the earlier.
pub fn parse_local(s: &str, zone: &str, what: &str) -> Result<NaiveDateTime, PlayError> {
    use chrono::TimeZone as _;
    let s = s.trim();
    let local = NaiveDateTime::parse_from_str(s, "%Y-%m-%dT%H:%M")
        .or_else(|_| NaiveDateTime::parse_from_str(s, "%Y-%m-%dT%H:%M:%S"))
        .map_err(|_| {
            PlayError(format!(
                "{what}: enter a date and time, as 2026-12-01 19:00 (not \"{}\")",
                s.chars().take(40).collect::<String>()
            ))
        })?;
    let tz: chrono_tz::Tz = zone.parse().unwrap_or(chrono_tz::UTC);
    tz.from_local_datetime(&local)
        .earliest()
        .map(|t| t.with_timezone(&Utc).naive_utc())
        .ok_or_else(|| {
            PlayError(format!(
                "{what}: {} does not happen in {zone} (the clocks skip it)",
                local.format("%Y-%m-%d %H:%M")
            ))
        })
}

/// A UTC time as a `datetime-local` input shows it in the club's time zone.
pub fn local_input(t: NaiveDateTime, zone: &str) -> String {
    let tz: chrono_tz::Tz = zone.parse().unwrap_or(chrono_tz::UTC);
    DateTime::<Utc>::from_naive_utc_and_offset(t, Utc)
        .with_timezone(&tz)
        .format("%Y-%m-%dT%H:%M")
        .to_string()
}

impl PlayDraft {
    /// The event form's fields (strings as posted; the times `datetime-local` in the club's
    /// zone). Only the fields of the chosen way of play are read: the form posts them all.
    pub fn from_form(
        play: &str,
        opens: &str,
        closes: &str,
        robot_ms: &str,
        away_seconds: &str,
        zone: &str,
    ) -> Result<PlayDraft, PlayError> {
        let play = play.trim();
        let number = |s: &str, what: &str| -> Result<Option<u32>, PlayError> {
            match s.trim() {
                "" => Ok(None),
                t => t.parse::<u32>().map(Some).map_err(|_| {
                    PlayError(format!(
                        "{what} must be a whole number (not \"{}\")",
                        t.chars().take(20).collect::<String>()
                    ))
                }),
            }
        };
        let mut d = PlayDraft {
            play: play.to_string(),
            ..Default::default()
        };
        if play == "robots" {
            if !opens.trim().is_empty() {
                d.opens = Some(parse_local(opens, zone, "opens")?);
            }
            if !closes.trim().is_empty() {
                d.closes = Some(parse_local(closes, zone, "closes")?);
            }
        }
        if play == "online" || play == "robots" {
            d.robot_ms = number(robot_ms, "robot_ms (the robots' time per card)")?;
        }
        if play == "online" {
            d.away_seconds = number(away_seconds, "away_seconds")?;
        }
        Ok(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> NaiveDateTime {
        parse_rfc3339(s, "t").unwrap()
    }

    #[test]
    fn the_defaults_are_a_card_within_a_second_and_ninety_seconds_away() {
        assert_eq!(
            Play::online(None, None).unwrap(),
            Play::Online {
                robot_ms: 300,
                away_seconds: 90
            }
        );
    }

    #[test]
    fn budgets_out_of_bounds_are_refused_in_words() {
        let e = Play::online(Some(49), None).unwrap_err();
        assert!(e.0.contains("50 to 1000 milliseconds"), "{e}");
        assert!(Play::online(Some(1001), None).is_err());
        assert!(Play::online(Some(1000), Some(3600)).is_ok());
        let e = Play::online(None, Some(14)).unwrap_err();
        assert!(e.0.contains("15 to 3600 seconds"), "{e}");
    }

    #[test]
    fn a_window_opens_before_it_closes_and_lasts_at_most_31_days() {
        let a = t("2026-12-01T18:00:00Z");
        let e = Window::new(a, a).unwrap_err();
        assert_eq!(e.0, "the window must open before it closes");
        let e = Window::new(a, t("2027-01-01T18:00:01Z")).unwrap_err();
        assert!(e.0.contains("at most 31 days"), "{e}");
        assert!(Window::new(a, t("2027-01-01T18:00:00Z")).is_ok());
    }

    #[test]
    fn rfc3339_reads_any_offset_as_utc_and_writes_z() {
        let a = t("2026-12-01T19:00:00+01:00");
        assert_eq!(rfc3339(a), "2026-12-01T18:00:00Z");
        let e = parse_rfc3339("tomorrow", "opens").unwrap_err();
        assert!(e.0.starts_with("opens must be a time in RFC 3339"), "{e}");
    }

    #[test]
    fn the_window_says_when_play_opens_and_when_it_closed() {
        let w = Window::new(t("2026-12-01T18:00:00Z"), t("2026-12-02T18:00:00Z")).unwrap();
        let p = Play::robots(w, None).unwrap();
        assert_eq!(
            p.refusal_at(t("2026-12-01T17:59:59Z")).unwrap(),
            "play opens at 2026-12-01T18:00:00Z"
        );
        assert_eq!(p.refusal_at(t("2026-12-01T18:00:00Z")), None);
        assert_eq!(
            p.refusal_at(t("2026-12-02T18:00:00Z")).unwrap(),
            "the window closed at 2026-12-02T18:00:00Z"
        );
        assert_eq!(
            Play::Table.refusal_at(t("2026-12-01T18:00:00Z")).unwrap(),
            "this event is played at the club's tables"
        );
    }

    #[test]
    fn the_draft_requires_a_window_for_robots_and_refuses_it_otherwise() {
        let mut d = PlayDraft {
            play: "robots".into(),
            ..Default::default()
        };
        assert!(d.read().unwrap_err().0.contains("needs a window"));
        d.opens = Some(t("2026-12-01T18:00:00Z"));
        d.closes = Some(t("2026-12-02T18:00:00Z"));
        assert!(matches!(
            d.read().unwrap(),
            Play::Robots { robot_ms: 300, .. }
        ));
        d.play = "online".into();
        assert!(d.read().unwrap_err().0.contains("robot duplicate"));
        d.play = "table".into();
        assert!(d.read().is_err());
        d.opens = None;
        d.closes = None;
        assert_eq!(d.read().unwrap(), Play::Table);
        d.play = "bridge".into();
        assert!(
            d.read()
                .unwrap_err()
                .0
                .contains("\"table\", \"online\" or \"robots\"")
        );
    }

    #[test]
    fn the_form_reads_its_times_in_the_club_s_zone_and_only_the_chosen_play_s_fields() {
        let d = PlayDraft::from_form(
            "robots",
            "2026-12-01T19:00",
            "2026-12-02T19:00",
            "",
            "999999",
            "Europe/Paris",
        )
        .unwrap();
        assert_eq!(d.opens, Some(t("2026-12-01T18:00:00Z")));
        assert_eq!(d.away_seconds, None, "not the robot duplicate's field");
        assert!(matches!(d.read().unwrap(), Play::Robots { .. }));
        assert_eq!(
            local_input(t("2026-12-01T18:00:00Z"), "Europe/Paris"),
            "2026-12-01T19:00"
        );
        let d = PlayDraft::from_form("table", "junk", "", "junk", "", "UTC").unwrap();
        assert_eq!(d.read().unwrap(), Play::Table);
        let e = PlayDraft::from_form("robots", "soon", "", "", "", "UTC").unwrap_err();
        assert!(e.0.starts_with("opens: enter a date and time"), "{e}");
        let e = PlayDraft::from_form("online", "", "", "fast", "", "UTC").unwrap_err();
        assert!(e.0.contains("whole number"), "{e}");
        // 02:30 on the last Sunday of March does not happen in Paris.
        let e = PlayDraft::from_form("robots", "2026-03-29T02:30", "", "", "", "Europe/Paris")
            .unwrap_err();
        assert!(e.0.contains("does not happen"), "{e}");
    }

    #[test]
    fn duet_online_but_no_robot_duplicate_and_games_not_calypsos_own_not_online_yet() {
        assert!(check_game_kind(GameKind::Calypso, false, false).is_ok());
        assert!(check_game_kind(GameKind::Calypso, false, true).is_ok());
        assert!(check_game_kind(GameKind::Calypso, true, false).is_ok());
        assert_eq!(
            check_game_kind(GameKind::Calypso, true, true)
                .unwrap_err()
                .0,
            "robots do not play Calypso Duet, so it has no robot duplicate: play it online \
             (both players by link) or at the club's tables"
        );
        for k in [GameKind::Kaiso, GameKind::Embers, GameKind::Auction] {
            let e = check_game_kind(k, false, false).unwrap_err();
            assert!(e.0.contains(k.label()) && e.0.contains("later"), "{e}");
        }
    }

    #[test]
    fn a_stored_budget_outside_the_bounds_is_read_as_the_nearest_allowed() {
        assert_eq!(
            Play::stored("online", None, None, 2, 1).unwrap(),
            Play::Online {
                robot_ms: ROBOT_MS_MIN,
                away_seconds: AWAY_SECONDS_MIN
            }
        );
        assert_eq!(
            Play::stored("online", None, None, u32::MAX, u32::MAX).unwrap(),
            Play::Online {
                robot_ms: ROBOT_MS_MAX,
                away_seconds: AWAY_SECONDS_MAX
            }
        );
        let (o, c) = (t("2026-12-01T18:00:00Z"), t("2026-12-02T18:00:00Z"));
        let robots = Play::stored("robots", Some(o), Some(c), 300, 90).unwrap();
        assert_eq!(
            robots.window(),
            Some(Window {
                opens: o,
                closes: c
            })
        );
        assert_eq!(
            Play::stored("table", None, None, 0, 0).unwrap(),
            Play::Table
        );
        assert_eq!(
            Play::stored("robots", Some(o), None, 300, 90)
                .unwrap_err()
                .0,
            "the robot duplicate has no window"
        );
        assert_eq!(
            Play::stored("robots", Some(c), Some(o), 300, 90)
                .unwrap_err()
                .0,
            "the window must open before it closes"
        );
        assert_eq!(
            Play::stored("bridge", None, None, 300, 90).unwrap_err().0,
            "play is stored as \"bridge\""
        );
    }

    #[test]
    fn at_a_robot_duplicate_no_robot_takes_an_entrants_seat_however_long_they_are_away() {
        let (o, c) = (t("2026-12-01T18:00:00Z"), t("2026-12-02T18:00:00Z"));
        let robots = Play::robots(Window::new(o, c).unwrap(), None).unwrap();
        assert_eq!(robots.takeover_after(), None);
        assert_eq!(Play::Table.takeover_after(), None);
        assert_eq!(
            Play::online(None, Some(60)).unwrap().takeover_after(),
            Some(60)
        );
    }
}
