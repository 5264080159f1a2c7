//! Simultaneous events ("sims"): one deal set played by several clubs, each in a heat of its
//! own, and every board matchpointed across the whole field as well as within each club.
//!
//! A heat is an ordinary pairs event of its club (its entries, movement, tables and
//! directors); what makes it a heat is that it shares the organiser's deal key and the
//! settings that decide how boards are played and scored. Pure: the rules of who may open,
//! join, import and release, the one field sheet, and the words.

use std::collections::BTreeMap;

use chrono::NaiveDateTime;

use super::settings::{EventFormat, EventSettings};
use super::{ClubId, DealKey, Event, EventId, EventStatus, SimId};
use crate::scoring::sheet::{PairResult, Sheet};

/// Heats a sim may have: a few dozen clubs is a large sim, and the field's pair numbers
/// (`heat × 1000 + pair`) stay far inside a `u32`.
pub const MAX_HEATS: u32 = 50;
/// A field pair number is `heat × FIELD_BASE + the pair's number in its heat` (pair 7 of
/// heat 3 is 3007), and a table `heat × FIELD_BASE + table`: every heat's numbers stay
/// its own, and anyone can read the heat off a field number.
pub const FIELD_BASE: u32 = 1000;
/// The longest name a sim may have.
pub const MAX_NAME: usize = 80;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sim {
    pub id: SimId,
    /// The organiser's club: it opened the sim from its own event (heat 1).
    pub club_id: ClubId,
    pub name: String,
    /// The key and hand records are public for every heat.
    pub released: bool,
    pub created_at: NaiveDateTime,
}

/// One heat of a sim: an event, and the club name the field lists it under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heat {
    pub event: EventId,
    pub sim: SimId,
    /// 1 for the organiser's own event, then in the order heats joined.
    pub heat: u32,
    pub club_name: String,
    /// Played on another server and imported from its export file.
    pub imported: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SimError {
    #[error(
        "a simultaneous event is matchpointed across the field, so it is a pairs event (Mitchell movement); this event's format is \"{0}\""
    )]
    NotPairs(&'static str),
    #[error(
        "the event has no deal key yet: make it ready first, so that its deal commitment is public before play"
    )]
    NoKey,
    #[error("this event is already a heat of a simultaneous event")]
    AlreadyHeat,
    #[error("a simultaneous event's name must be 1 to {MAX_NAME} characters")]
    Name,
    #[error("the simultaneous event's hand records are released: no heat can be added now")]
    Released,
    #[error("the hand records are already released")]
    AlreadyReleased,
    #[error("a simultaneous event has at most {MAX_HEATS} heats")]
    TooManyHeats,
    #[error("your club already plays a heat of this simultaneous event")]
    AlreadyJoined,
    #[error("a heat of \"{0}\" is already imported: a club's heat is imported once")]
    AlreadyImported(String),
    #[error("a heat's {field} must be the simultaneous event's ({sim}), not {heat}")]
    SettingsDiffer {
        field: &'static str,
        sim: String,
        heat: String,
    },
    #[error(
        "the file's event was dealt from the commitment {heat}, not the simultaneous event's {sim}"
    )]
    DealDiffers { sim: String, heat: String },
    #[error(
        "a heat of a simultaneous event is not deleted (the field keeps its record): cancel it instead"
    )]
    HeatKept,
    #[error(
        "this event is a heat of the simultaneous event \"{0}\": its deal is the field's, and its hand records are released for the whole field when every heat has finished, or by the organiser"
    )]
    HeatOfSim(String),
    /// The organiser's heat once another club has a heat: the deal and the shared settings
    /// every heat was made from stay as they are.
    #[error("{0} has joined the simultaneous event with a heat: its deal and settings are fixed")]
    Frozen(String),
}

/// What may make an event the first heat of a new sim.
pub fn check_open(ev: &Event, name: &str) -> Result<(), SimError> {
    check_name(name)?;
    if ev.settings.format() != EventFormat::PairsMitchell {
        return Err(SimError::NotPairs(ev.settings.format().label()));
    }
    if ev.sim.is_some() {
        return Err(SimError::AlreadyHeat);
    }
    if ev.deal.is_none() || ev.status == EventStatus::Draft {
        return Err(SimError::NoKey);
    }
    if ev.hand_records_released || !ev.status.public() {
        return Err(SimError::Released);
    }
    Ok(())
}

pub fn check_name(name: &str) -> Result<(), SimError> {
    let n = name.trim().chars().count();
    if n == 0 || n > MAX_NAME {
        return Err(SimError::Name);
    }
    Ok(())
}

/// Whether another heat may be added, given the heats so far.
pub fn check_add(sim: &Sim, heats: &[Heat]) -> Result<(), SimError> {
    if sim.released {
        return Err(SimError::Released);
    }
    if heats.len() >= MAX_HEATS as usize {
        return Err(SimError::TooManyHeats);
    }
    Ok(())
}

/// Whether a heat played elsewhere may be imported: also after release, since its club
/// played it before (the organiser decides, as with a late club's scores in any sim).
pub fn check_import(heats: &[Heat]) -> Result<(), SimError> {
    if heats.len() >= MAX_HEATS as usize {
        return Err(SimError::TooManyHeats);
    }
    Ok(())
}

/// A club's heat played elsewhere is imported once (by the club name its file gives).
pub fn check_not_imported(heats: &[Heat], club_name: &str) -> Result<(), SimError> {
    let name = club_name.trim();
    if heats.iter().any(|h| h.imported && h.club_name == name) {
        return Err(SimError::AlreadyImported(name.to_string()));
    }
    Ok(())
}

/// The next heat's number.
pub fn next_heat(heats: &[Heat]) -> u32 {
    heats.iter().map(|h| h.heat).max().unwrap_or(0) + 1
}

/// A heat's settings against the sim's (its first heat's): everything that decides how a
/// board is dealt, played and scored must be the same; the name, date, tables and
/// correction period are the heat's own.
pub fn check_settings(sim: &EventSettings, heat: &EventSettings) -> Result<(), SimError> {
    let pairs: [(&'static str, String, String); 11] = [
        (
            "format",
            sim.format().name().into(),
            heat.format().name().into(),
        ),
        ("game", sim.game().name().into(), heat.game().name().into()),
        (
            "variant",
            sim.variant().name().into(),
            heat.variant().name().into(),
        ),
        (
            "boards",
            sim.boards().to_string(),
            heat.boards().to_string(),
        ),
        (
            "trick rule",
            sim.trick_rule().name().into(),
            heat.trick_rule().name().into(),
        ),
        (
            "trumps",
            sim.trumps().to_string(),
            heat.trumps().to_string(),
        ),
        (
            "scale",
            sim.scale().name().into(),
            heat.scale().name().into(),
        ),
        (
            "compare",
            sim.compare().name().into(),
            heat.compare().name().into(),
        ),
        ("hands", sim.hands().to_string(), heat.hands().to_string()),
        ("packs", sim.packs().to_string(), heat.packs().to_string()),
        (
            "fire_hands",
            sim.fire_hands().to_string(),
            heat.fire_hands().to_string(),
        ),
    ];
    match pairs.into_iter().find(|(_, s, h)| s != h) {
        Some((field, sim, heat)) => Err(SimError::SettingsDiffer { field, sim, heat }),
        None => Ok(()),
    }
}

/// Whether the sim's deal and shared settings may still change through `event`: only the
/// organiser's heat (heat 1) holds them, and only until another heat exists (joined or
/// imported; a cancelled one too: its club was dealt from them). Any other event: yes.
pub fn check_unfrozen(heats: &[Heat], event: EventId) -> Result<(), SimError> {
    if heats.first().is_none_or(|first| first.event != event) {
        return Ok(());
    }
    match heats.iter().find(|h| h.event != event) {
        Some(other) => Err(SimError::Frozen(other.club_name.clone())),
        None => Ok(()),
    }
}

/// A status move of a heat: the organiser's heat goes back to draft (where its settings
/// and deal could change) only while no other heat exists.
pub fn check_move(heats: &[Heat], event: EventId, to: EventStatus) -> Result<(), SimError> {
    if to == EventStatus::Draft {
        check_unfrozen(heats, event)?;
    }
    Ok(())
}

/// A settings edit of the organiser's heat: the shared settings ([`check_settings`]) change
/// only while no other heat exists; its name, date, tables and correction period are its own.
pub fn check_first_heat_edit(
    heats: &[Heat],
    event: EventId,
    old: &EventSettings,
    new: &EventSettings,
) -> Result<(), SimError> {
    if check_settings(old, new).is_err() {
        check_unfrozen(heats, event)?;
    }
    Ok(())
}

/// An imported heat's deal against the sim's.
pub fn check_deal(sim: &DealKey, heat: Option<&DealKey>) -> Result<(), SimError> {
    match heat {
        Some(k) if k.commitment == sim.commitment && k.key_hex == sim.key_hex => Ok(()),
        other => Err(SimError::DealDiffers {
            sim: sim.commitment.clone(),
            heat: other.map_or_else(|| "none".into(), |k| k.commitment.clone()),
        }),
    }
}

/// The field is over when every heat's play is: the key and hand records may then go to
/// everyone (a heat not over would see the cards of boards it still has to play).
pub fn all_heats_over(statuses: &[EventStatus]) -> bool {
    !statuses.is_empty() && statuses.iter().all(|s| s.over())
}

pub fn field_pair(heat: u32, pair: u32) -> u32 {
    heat * FIELD_BASE + pair
}

/// A field number's heat and its number within the heat.
pub fn heat_pair(field: u32) -> (u32, u32) {
    (field / FIELD_BASE, field % FIELD_BASE)
}

/// One heat's matchpoint sheet, as its own standings score it.
pub struct HeatSheet<'a> {
    pub heat: u32,
    pub sheet: &'a Sheet,
}

/// The whole field's sheet: every heat's results with its pairs and tables renumbered
/// ([`field_pair`]), and each board's expected results the sum of the heats'. Scoring it
/// is exactly `calypso-director score` on the same sheet. A heat whose sheet is not
/// matchpoints (which `check_settings` keeps out) adds nothing.
pub fn field_sheet(sim: &EventSettings, heats: &[HeatSheet]) -> Sheet {
    let mut expected: BTreeMap<u32, u32> = BTreeMap::new();
    let mut results = Vec::new();
    for h in heats {
        let Sheet::Matchpoints {
            expected: e,
            results: r,
            ..
        } = h.sheet
        else {
            continue;
        };
        for (&board, &n) in e {
            *expected.entry(board).or_insert(0) += n;
        }
        results.extend(r.iter().map(|p| PairResult {
            table: field_pair(h.heat, p.table),
            majors: field_pair(h.heat, p.majors),
            minors: field_pair(h.heat, p.minors),
            ..*p
        }));
    }
    results.sort_by_key(|r| (r.board, r.round, r.table));
    Sheet::Matchpoints {
        scale: sim.scale(),
        compare: sim.compare(),
        expected,
        results,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{Count, SettingsDraft, TrumpsDraft};
    use crate::scoring::score;
    use crate::scoring::sheet::{Compare, Scale, TableScore};

    fn mitchell(tables: i64, boards: i64) -> EventSettings {
        EventSettings::parse(&SettingsDraft {
            name: "Sim".into(),
            date: "2026-05-01".into(),
            format: "pairs-mitchell".into(),
            variant: "standard".into(),
            tables: Count::Number(tables),
            boards: Count::Number(boards),
            trick_rule: "standard".into(),
            trumps: TrumpsDraft::VariantDefault,
            correction_minutes: Count::Number(30),
            ..SettingsDraft::default()
        })
        .unwrap()
    }

    fn result(round: u32, table: u32, board: u32, pairs: (u32, u32), net: i64) -> PairResult {
        PairResult {
            round,
            table,
            board,
            majors: pairs.0,
            minors: pairs.1,
            outcome: TableScore::Scored {
                majors: 1000 + net,
                minors: 1000,
            },
        }
    }

    fn heat_sheet(results: Vec<PairResult>) -> Sheet {
        let mut expected = BTreeMap::new();
        for r in &results {
            *expected.entry(r.board).or_insert(0) += 1;
        }
        Sheet::Matchpoints {
            scale: Scale::TwoOne,
            compare: Compare::Net,
            expected,
            results,
        }
    }

    #[test]
    fn the_field_is_matchpointed_across_heats() {
        let settings = mitchell(2, 1);
        // Heat 1 nets 100 and -50 on board 1; heat 2 nets 300.
        let a = heat_sheet(vec![
            result(1, 1, 1, (1, 3), 100),
            result(1, 2, 1, (2, 4), -50),
        ]);
        let b = heat_sheet(vec![result(1, 1, 1, (1, 2), 300)]);
        let field = field_sheet(
            &settings,
            &[
                HeatSheet { heat: 1, sheet: &a },
                HeatSheet { heat: 2, sheet: &b },
            ],
        );
        let Sheet::Matchpoints {
            expected, results, ..
        } = &field
        else {
            panic!("matchpoints")
        };
        assert_eq!(expected, &BTreeMap::from([(1, 3)]));
        assert_eq!(
            results.iter().map(|r| r.majors).collect::<Vec<_>>(),
            vec![1001, 1002, 2001]
        );
        assert_eq!(results[2].table, 2001);
        // Within heat 1 the 100 was a top (2 of 2); across the field it beats one of three.
        let scored = score(&field).unwrap();
        let top = scored.standings.to_value();
        let rows = top["standings"].as_array().unwrap();
        let majors: Vec<(u64, f64)> = rows
            .iter()
            .filter(|r| r["field"] == "majors")
            .map(|r| {
                (
                    r["pair"].as_u64().unwrap(),
                    r["matchpoints"].as_f64().unwrap(),
                )
            })
            .collect();
        assert_eq!(majors, vec![(2001, 4.0), (1001, 2.0), (1002, 0.0)]);
        assert_eq!(heat_pair(2001), (2, 1));
    }

    #[test]
    fn a_heat_keeps_the_sims_way_of_play_and_scoring() {
        let sim = mitchell(5, 10);
        let more_tables = mitchell(9, 10);
        assert_eq!(check_settings(&sim, &more_tables), Ok(()));
        let fewer_boards = mitchell(5, 8);
        assert_eq!(
            check_settings(&sim, &fewer_boards).unwrap_err().to_string(),
            "a heat's boards must be the simultaneous event's (10), not 8"
        );
    }

    fn heat(event: i32, heat: u32, club: &str) -> Heat {
        Heat {
            event: EventId::new(event),
            sim: SimId::new(1),
            heat,
            club_name: club.into(),
            imported: false,
        }
    }

    #[test]
    fn the_organisers_heat_is_fixed_once_another_heat_exists() {
        let alone = [heat(7, 1, "Club alpha")];
        let joined = [heat(7, 1, "Club alpha"), heat(9, 2, "Club bravo")];
        let first = EventId::new(7);
        assert_eq!(check_move(&alone, first, EventStatus::Draft), Ok(()));
        assert_eq!(
            check_move(&joined, first, EventStatus::Draft)
                .unwrap_err()
                .to_string(),
            "Club bravo has joined the simultaneous event with a heat: its deal and settings are fixed"
        );
        assert_eq!(check_move(&joined, first, EventStatus::Running), Ok(()));
        // Another heat's own moves are its own.
        assert_eq!(
            check_move(&joined, EventId::new(9), EventStatus::Draft),
            Ok(())
        );
        let (old, renamed, fewer) = (mitchell(5, 10), mitchell(7, 10), mitchell(5, 8));
        assert_eq!(
            check_first_heat_edit(&joined, first, &old, &renamed),
            Ok(())
        );
        assert!(check_first_heat_edit(&joined, first, &old, &fewer).is_err());
        assert_eq!(check_first_heat_edit(&alone, first, &old, &fewer), Ok(()));
    }

    #[test]
    fn the_field_is_released_only_when_every_heat_is_over() {
        use EventStatus::*;
        assert!(!all_heats_over(&[]));
        assert!(!all_heats_over(&[Finished, Running]));
        assert!(all_heats_over(&[Finished, Cancelled, Archived]));
    }
}
