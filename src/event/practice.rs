//! Replay a board against robots (#39 item 6c), the pure part: who may make a practice
//! table (anyone, once the board's hand records are public, for a game played online),
//! which seats are robots', the bounds that keep practice tables from flooding the disk
//! or the robots' queue, and the net of a finished practice table beside the field's. No
//! database, no clock: the service reads and passes `now`. See docs/online.md, "Replay a
//! board against robots".

use chrono::NaiveDateTime;

use super::play::check_game_kind;
use super::settings::EventSettings;
use super::visibility::{Exposure, Viewer};
use crate::engine::Seat;

/// The round a practice table is stored under in the online tables' log and seat links:
/// rounds count from 1, so no event has a round 0, and every query of an event's online
/// tables names one of its rounds. The practice table's own id is its table number.
pub const PRACTICE_ROUND: u32 = 0;

/// The most practice tables one club's events keep at once: a new one past it reclaims the
/// oldest finished or abandoned one, or is refused.
pub const MOST_PER_CLUB: usize = 8;

/// A practice table older than this is deleted (with its cards and seats) when any new one
/// is made.
pub const KEPT_HOURS: i64 = 24;

/// A practice table with no card played for this long (since it was made or since its last
/// card) is abandoned: a new one may take its place.
pub const ABANDONED_MINUTES: i64 = 30;

/// The robots' budget per card at a practice table (ms): the online robots' default.
pub const PRACTICE_ROBOT_MS: u32 = super::play::ROBOT_MS_DEFAULT;

/// Why a board cannot be replayed against robots by the public now, in words; None: it can.
/// The hand records must be public (the key shown to a visitor who is not logged in: every
/// card of the board is known), and the game one the app plays online.
pub fn refusal(exposure: Exposure, settings: &EventSettings) -> Option<String> {
    let duet = settings.game_spec().duet.is_some();
    if check_game_kind(settings.game(), duet, true).is_err() {
        let game = if duet {
            "Calypso Duet"
        } else {
            settings.game().label()
        };
        return Some(format!(
            "a game of {game} cannot be replayed against robots yet: only Calypso is played \
             at the app's table"
        ));
    }
    if !exposure.key_visible(Viewer::Anonymous) {
        return Some(
            "this board is replayed against robots once the event's hand records are released"
                .to_string(),
        );
    }
    None
}

/// The seat a visitor asks for ("N", "E", "S", "W"), one the game has; its words when not.
pub fn seat_asked(asked: &str, players: usize) -> Result<Seat, String> {
    let seat: Seat = asked
        .trim()
        .parse()
        .map_err(|_| format!("choose a seat to sit in (N, E, S or W), not \"{asked}\""))?;
    if seat.index() >= players {
        return Err(format!(
            "a {players}-player game has no {} seat",
            seat.name()
        ));
    }
    Ok(seat)
}

/// A stored practice table as the bounds see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kept {
    pub id: u32,
    pub created_at: NaiveDateTime,
    pub finished_at: Option<NaiveDateTime>,
    /// When its last card was played (none: no card yet).
    pub last_card: Option<NaiveDateTime>,
}

impl Kept {
    /// No card for [`ABANDONED_MINUTES`] (since it was made, or its last card).
    pub fn abandoned(&self, now: NaiveDateTime) -> bool {
        let last = self
            .last_card
            .unwrap_or(self.created_at)
            .max(self.created_at);
        now - last >= chrono::Duration::minutes(ABANDONED_MINUTES)
    }
}

/// Room for one more practice table among a club's `kept` (all of them, any order): the
/// ids to delete first (the oldest finished, else the oldest abandoned, as many as needed to
/// come under [`MOST_PER_CLUB`]), or, when every one is still being played, the refusal in
/// words.
pub fn room_for_one(kept: &[Kept], now: NaiveDateTime) -> Result<Vec<u32>, String> {
    if kept.len() < MOST_PER_CLUB {
        return Ok(Vec::new());
    }
    let need = kept.len() + 1 - MOST_PER_CLUB;
    let mut finished: Vec<&Kept> = kept.iter().filter(|k| k.finished_at.is_some()).collect();
    finished.sort_by_key(|k| (k.finished_at, k.id));
    let mut abandoned: Vec<&Kept> = kept
        .iter()
        .filter(|k| k.finished_at.is_none() && k.abandoned(now))
        .collect();
    abandoned.sort_by_key(|k| (k.last_card.unwrap_or(k.created_at), k.id));
    let gone: Vec<u32> = finished
        .into_iter()
        .chain(abandoned)
        .take(need)
        .map(|k| k.id)
        .collect();
    if gone.len() < need {
        return Err(format!(
            "{MOST_PER_CLUB} boards of this club are being replayed against robots right now: \
             try again in a few minutes"
        ));
    }
    Ok(gone)
}

/// The practice table's net beside the field's (the traveller's convention: the first
/// side's total less the second's, "N-S less E-W"), and the robot par's net.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// The practice table's net.
    pub net: i64,
    /// The field's nets on the board, lowest first (scored results only).
    pub field: Vec<i64>,
    /// The robot par's net, when it is worked out (not for cooperative Calypso).
    pub par: Option<f64>,
    /// Cooperative Calypso: the practice table's total and the robot par's table total
    /// (all four play for it), when the par is worked out.
    pub total: Option<(i64, f64)>,
    /// The event's game gets no robot par at all: the page says so.
    pub no_par_for_game: bool,
}

impl Comparison {
    /// How many of the field's tables the visitor's side beat and tied: for the first side
    /// (N-S) a higher net is better, for the second a lower one.
    pub fn beaten_and_tied(&self, first_side: bool) -> (usize, usize) {
        let better = |theirs: i64| {
            if first_side {
                self.net > theirs
            } else {
                self.net < theirs
            }
        };
        let beaten = self.field.iter().filter(|&&n| better(n)).count();
        let tied = self.field.iter().filter(|&&n| n == self.net).count();
        (beaten, tied)
    }

    /// Cooperative Calypso: the table's total less the robot par's ("+340": better), the
    /// same for every seat.
    pub fn against_total(&self) -> Option<i64> {
        let (total, par) = self.total?;
        Some((total as f64 - par).round() as i64)
    }

    /// The visitor's side's net less the robot par's, from their side ("+340": better).
    pub fn against_par(&self, first_side: bool) -> Option<i64> {
        let diff = (self.net as f64 - self.par?).round() as i64;
        Some(if first_side { diff } else { -diff })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(min: i64) -> NaiveDateTime {
        chrono::NaiveDate::from_ymd_opt(2026, 12, 3)
            .unwrap()
            .and_hms_opt(12, 0, 0)
            .unwrap()
            + chrono::Duration::minutes(min)
    }

    fn kept(id: u32, made: i64, last: Option<i64>, finished: Option<i64>) -> Kept {
        Kept {
            id,
            created_at: at(made),
            finished_at: finished.map(at),
            last_card: last.map(at),
        }
    }

    #[test]
    fn under_the_bound_nothing_is_reclaimed() {
        let k: Vec<Kept> = (1..MOST_PER_CLUB as u32)
            .map(|i| kept(i, 0, None, None))
            .collect();
        assert_eq!(room_for_one(&k, at(1)), Ok(vec![]));
    }

    #[test]
    fn the_oldest_finished_goes_first_then_the_oldest_abandoned() {
        let mut k: Vec<Kept> = (1..=MOST_PER_CLUB as u32)
            .map(|i| kept(i, 100, Some(110), None))
            .collect();
        k[3].finished_at = Some(at(120));
        k[5].finished_at = Some(at(115));
        // Both finished: the one finished first goes.
        assert_eq!(room_for_one(&k, at(121)), Ok(vec![6]));
        // None finished, none abandoned: refused in words.
        let busy: Vec<Kept> = (1..=MOST_PER_CLUB as u32)
            .map(|i| kept(i, 100, Some(110), None))
            .collect();
        let e = room_for_one(&busy, at(121)).unwrap_err();
        assert!(e.contains("try again"), "{e}");
        // Thirty minutes without a card: abandoned, the quietest first.
        let mut quiet = busy.clone();
        quiet[2].last_card = Some(at(101));
        assert_eq!(room_for_one(&quiet, at(131)), Ok(vec![3]));
        assert_eq!(room_for_one(&busy, at(140)).unwrap().len(), 1);
    }

    #[test]
    fn a_table_with_no_card_is_abandoned_from_when_it_was_made() {
        let k = kept(1, 0, None, None);
        assert!(!k.abandoned(at(ABANDONED_MINUTES - 1)));
        assert!(k.abandoned(at(ABANDONED_MINUTES)));
    }

    #[test]
    fn the_nets_sign_is_the_travellers_and_each_side_reads_it_its_way() {
        let c = Comparison {
            net: 300,
            field: vec![-100, 300, 800],
            par: Some(250.4),
            total: None,
            no_par_for_game: false,
        };
        // N-S: beat -100, tied 300; E-W: beat 800 (a lower net is E-W's better).
        assert_eq!(c.beaten_and_tied(true), (1, 1));
        assert_eq!(c.beaten_and_tied(false), (1, 1));
        assert_eq!(c.against_par(true), Some(50));
        assert_eq!(c.against_par(false), Some(-50));
        assert_eq!(c.against_total(), None);
    }

    #[test]
    fn a_cooperative_table_is_set_against_the_robots_table_total_from_every_seat() {
        let c = Comparison {
            net: 300,
            field: Vec::new(),
            par: None,
            total: Some((4_100, 3_940.6)),
            no_par_for_game: false,
        };
        assert_eq!(c.against_total(), Some(159));
        assert_eq!(c.against_par(true), None);
    }

    fn settings(game: &str) -> EventSettings {
        EventSettings::parse(&crate::event::SettingsDraft {
            name: "Club night".into(),
            date: "2026-12-03".into(),
            format: "pairs-mitchell".into(),
            game: game.into(),
            variant: "standard".into(),
            tables: crate::event::Count::Number(4),
            boards: crate::event::Count::Number(8),
            trick_rule: "standard".into(),
            ..Default::default()
        })
        .unwrap()
    }

    fn exposure(released: bool) -> Exposure {
        Exposure {
            status: crate::event::EventStatus::Finished,
            has_key: true,
            released,
            in_sim: false,
            sealed: false,
        }
    }

    #[test]
    fn a_board_is_replayed_once_its_hand_records_are_public_and_only_in_calypso() {
        let calypso = settings("");
        assert_eq!(refusal(exposure(true), &calypso), None);
        let e = refusal(exposure(false), &calypso).unwrap();
        assert!(
            e.contains("once the event's hand records are released"),
            "{e}"
        );
        let e = refusal(exposure(true), &settings("kaiso")).unwrap();
        assert!(
            e.contains("a game of Kaiso cannot be replayed against robots yet"),
            "{e}"
        );
    }

    #[test]
    fn a_seat_is_asked_as_a_letter_the_game_has() {
        assert_eq!(seat_asked("S", 4), Ok(Seat::South));
        assert!(seat_asked("W", 3).unwrap_err().contains("no West seat"));
        assert!(seat_asked("X", 4).is_err());
    }
}
