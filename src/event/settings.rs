//! An event's settings: what is played and how, validated once. Forms, JSON bodies, stored
//! rows and exported files all become a [`SettingsDraft`] first and an [`EventSettings`]
//! through [`EventSettings::parse`], and the game an event plays comes only from
//! [`EventSettings::game_spec`].

use std::fmt;
use std::str::FromStr;

use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};

pub use crate::engine::auction::SetupKind;
use crate::engine::auction::{self, AuctionSpec};
use crate::engine::embers::{EmbersSpec, MAX_HANDS, MAX_PACKS, MIN_HANDS};
use crate::engine::{
    GameSpec, SpecError, TrickRule, Trumps, TrumpsError, UnknownTrickRule, UnknownVariant, Variant,
};
use crate::scoring::sheet::{Compare, Scale};

pub use super::game_kind::GameKind;

pub const MAX_NAME: usize = 120;
pub const MAX_TABLES: u16 = 100;
pub const MAX_BOARDS: u16 = 200;
/// The longest correction period: a day.
pub const MAX_CORRECTION_MINUTES: u16 = 1440;
/// The correction period an event gets unless the director chooses another.
pub const DEFAULT_CORRECTION_MINUTES: u16 = 30;

/// How the event is run and scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EventFormat {
    TeamMatch,
    PairsMitchell,
    /// Sheinwold's Calypso for Many, partnership form.
    Progressive,
    /// The same, changing partners every round.
    ProgressiveIndividual,
    /// Competitive coöperative Calypso ("Duplicate Coöp"): every table of four plays the
    /// same boards cooperatively, and the tables are matchpointed on their table totals.
    DuplicateCooperative,
}

impl EventFormat {
    pub const ALL: [EventFormat; 5] = [
        EventFormat::TeamMatch,
        EventFormat::PairsMitchell,
        EventFormat::Progressive,
        EventFormat::ProgressiveIndividual,
        EventFormat::DuplicateCooperative,
    ];
    pub const fn name(self) -> &'static str {
        match self {
            EventFormat::TeamMatch => "team-match",
            EventFormat::PairsMitchell => "pairs-mitchell",
            EventFormat::Progressive => "progressive",
            EventFormat::ProgressiveIndividual => "progressive-individual",
            EventFormat::DuplicateCooperative => "duplicate-cooperative",
        }
    }
    pub const fn label(self) -> &'static str {
        match self {
            EventFormat::TeamMatch => "Team match",
            EventFormat::PairsMitchell => "Pairs (Mitchell movement)",
            EventFormat::Progressive => "Progressive pairs",
            EventFormat::ProgressiveIndividual => "Progressive individual",
            EventFormat::DuplicateCooperative => "Duplicate coöperative (tables of four)",
        }
    }
    /// What takes part: the format decides it.
    pub const fn entry_kind(self) -> EntryKind {
        match self {
            EventFormat::TeamMatch | EventFormat::DuplicateCooperative => EntryKind::Team,
            EventFormat::PairsMitchell | EventFormat::Progressive => EntryKind::Pair,
            EventFormat::ProgressiveIndividual => EntryKind::Individual,
        }
    }
}

/// What takes part in an event: a pair, a team of four (its majors pair, then its minors
/// pair), or an individual.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryKind {
    Pair,
    Team,
    Individual,
}

impl EntryKind {
    pub const ALL: [EntryKind; 3] = [EntryKind::Pair, EntryKind::Team, EntryKind::Individual];
    pub const fn name(self) -> &'static str {
        match self {
            EntryKind::Pair => "pair",
            EntryKind::Team => "team",
            EntryKind::Individual => "individual",
        }
    }
    pub fn from_name(s: &str) -> Option<EntryKind> {
        EntryKind::ALL.into_iter().find(|k| k.name() == s)
    }
    /// How many players an entry of this kind has.
    pub const fn players(self) -> usize {
        match self {
            EntryKind::Pair => 2,
            EntryKind::Team => 4,
            EntryKind::Individual => 1,
        }
    }
}

impl fmt::Display for EntryKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for EventFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "\"{0}\" is not a format: choose team-match, pairs-mitchell, progressive, progressive-individual or duplicate-cooperative"
)]
pub struct UnknownFormat(pub String);

impl FromStr for EventFormat {
    type Err = UnknownFormat;
    fn from_str(s: &str) -> Result<Self, UnknownFormat> {
        EventFormat::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| UnknownFormat(s.to_string()))
    }
}

/// The settings' fields, named as forms and JSON name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Field {
    Name,
    Date,
    Format,
    Game,
    Variant,
    Tables,
    Boards,
    TrickRule,
    Trumps,
    CorrectionMinutes,
    Scale,
    Compare,
    Hands,
    Packs,
    FireHands,
    AuctionSetup,
}

impl Field {
    pub const fn name(self) -> &'static str {
        match self {
            Field::Name => "name",
            Field::Date => "date",
            Field::Format => "format",
            Field::Game => "game",
            Field::Variant => "variant",
            Field::Tables => "tables",
            Field::Boards => "boards",
            Field::TrickRule => "trick_rule",
            Field::Trumps => "trumps",
            Field::CorrectionMinutes => "correction_minutes",
            Field::Scale => "scale",
            Field::Compare => "compare",
            Field::Hands => "hands",
            Field::Packs => "packs",
            Field::FireHands => "fire_hands",
            Field::AuctionSetup => "auction_setup",
        }
    }
}

/// One thing wrong with a draft; [`SettingsError::field`] says which field it is about.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    #[error("the event name is required")]
    NameMissing,
    #[error("the event name is at most {MAX_NAME} characters")]
    NameTooLong,
    #[error("the event name cannot contain control characters")]
    NameControl,
    #[error("enter a date as YYYY-MM-DD, from 2000 to 2100 (not \"{0}\")")]
    Date(String),
    #[error(transparent)]
    Format(#[from] UnknownFormat),
    #[error("the game is calypso, kaiso, embers, auction or auction-pairs (not \"{0}\")")]
    Game(String),
    #[error(
        "Embers Calypso is played by two partnerships over hands dealt at the table: choose a progressive (pairs or individual), as a game dealt at the table cannot be played duplicate"
    )]
    EmbersFormat,
    #[error("Embers Calypso is the standard four-hand game: choose the standard variant (not {0})")]
    EmbersVariant(Variant),
    #[error("an Embers game is {MIN_HANDS} to {MAX_HANDS} hands, agreed before play (not \"{0}\")")]
    Hands(String),
    #[error("Embers is played with 3 to {MAX_PACKS} packs shuffled together (not \"{0}\")")]
    Packs(String),
    #[error(
        "Embers plays 1 to {most} fire hands with {packs} packs (up to the number of packs minus two), and no more than the game's hands (not \"{given}\")"
    )]
    FireHands {
        given: String,
        packs: u16,
        most: u16,
    },
    #[error(
        "fire hands are Embers Calypso's, whose games open with hands dealt from the whole shuffled deck; leave fire_hands blank for {}", .0.label()
    )]
    FireHandsNotEmbers(GameKind),
    #[error("the Auction setup is none, balanced, fully-random or standardised (not \"{0}\")")]
    AuctionSetup(String),
    #[error(
        "a setup before the first hand is Auction Calypso's; leave auction_setup blank (or none) for {}", .0.label()
    )]
    AuctionSetupNotAuction(GameKind),
    #[error(
        "Auction Calypso is three players each for themselves at tables of three: choose the progressive individual format (for four in fixed partnerships, choose Partnership Auction Calypso)"
    )]
    AuctionFormat,
    #[error(
        "Partnership Auction Calypso is two fixed partnerships over hands dealt at the table: choose the progressive (pairs), as a game dealt at the table cannot be played duplicate"
    )]
    AuctionPairsFormat,
    #[error(
        "Partnership Auction Calypso is its own game for four: choose the standard variant (not {0})"
    )]
    AuctionPairsVariant(Variant),
    #[error(
        "a Partnership Auction Calypso game is {lo} to {hi} hands, agreed before play (not \"{0}\")",
        lo = auction::pairs::MIN_HANDS,
        hi = auction::pairs::MAX_HANDS
    )]
    AuctionPairsHands(String),
    #[error("Auction Calypso is its own three-hand game: choose the standard variant (not {0})")]
    AuctionVariant(Variant),
    #[error(
        "an Auction Calypso game is {lo} to {hi} hands, agreed before play (not \"{0}\")",
        lo = auction::MIN_HANDS,
        hi = auction::MAX_HANDS
    )]
    AuctionHands(String),
    #[error("Auction Calypso is played with four packs: leave packs blank (not \"{0}\")")]
    AuctionPacks(String),
    #[error(
        "{field} is for Embers and Auction Calypso, whose games run over hands dealt at the table; leave it blank for {game}", field = .0.name(), game = .1.label()
    )]
    NotContinuous(Field, GameKind),
    #[error(
        "Kaiso is played by four players in two partnerships: choose the standard variant (not {0})"
    )]
    KaisoVariant(Variant),
    #[error(
        "Calypso Duet is played by individuals at two-player tables: choose the pairs Mitchell format, whose \"pairs\" are then single players"
    )]
    DuetFormat,
    #[error(
        "a duplicate coöperative is Calypso's coöperative variant, every table of four scoring one table total: choose the calypso game and the cooperative variant (not {game} {variant})", game = .0.name(), variant = .1
    )]
    CoopFormat(GameKind, Variant),
    #[error(transparent)]
    Variant(#[from] UnknownVariant),
    #[error("{} must be a whole number from 1 to {max} (not \"{given}\")", .field.name())]
    Count {
        field: Field,
        given: String,
        max: u16,
    },
    #[error(transparent)]
    TrickRule(#[from] UnknownTrickRule),
    #[error(transparent)]
    Trumps(#[from] TrumpsError),
    #[error(
        "choose a suit (or none) for every seat, or leave all four on the variant's own seating"
    )]
    TrumpsPartial,
    #[error(transparent)]
    Seating(#[from] SpecError),
    #[error(
        "the correction period must be a whole number of minutes from 0 to {MAX_CORRECTION_MINUTES} (not \"{0}\")"
    )]
    CorrectionMinutes(String),
    #[error("the matchpoint scale is 2-1 or 1-half (not \"{0}\")")]
    Scale(String),
    #[error(
        "results are compared on the net or on each side's own total: net or own (total is a duplicate coöperative's, and its only comparison) (not \"{0}\")"
    )]
    Compare(String),
}

impl SettingsError {
    pub fn field(&self) -> Field {
        match self {
            SettingsError::NameMissing
            | SettingsError::NameTooLong
            | SettingsError::NameControl => Field::Name,
            SettingsError::Date(_) => Field::Date,
            SettingsError::Format(_)
            | SettingsError::DuetFormat
            | SettingsError::CoopFormat(..) => Field::Format,
            SettingsError::Game(_) => Field::Game,
            SettingsError::EmbersFormat
            | SettingsError::AuctionFormat
            | SettingsError::AuctionPairsFormat => Field::Format,
            SettingsError::Variant(_)
            | SettingsError::KaisoVariant(_)
            | SettingsError::EmbersVariant(_)
            | SettingsError::AuctionVariant(_)
            | SettingsError::AuctionPairsVariant(_) => Field::Variant,
            SettingsError::Hands(_)
            | SettingsError::AuctionHands(_)
            | SettingsError::AuctionPairsHands(_) => Field::Hands,
            SettingsError::Packs(_) | SettingsError::AuctionPacks(_) => Field::Packs,
            SettingsError::FireHands { .. } | SettingsError::FireHandsNotEmbers(_) => {
                Field::FireHands
            }
            SettingsError::AuctionSetup(_) | SettingsError::AuctionSetupNotAuction(_) => {
                Field::AuctionSetup
            }
            SettingsError::NotContinuous(field, _) => *field,
            SettingsError::Count { field, .. } => *field,
            SettingsError::TrickRule(_) => Field::TrickRule,
            SettingsError::Trumps(_) | SettingsError::TrumpsPartial | SettingsError::Seating(_) => {
                Field::Trumps
            }
            SettingsError::CorrectionMinutes(_) => Field::CorrectionMinutes,
            SettingsError::Scale(_) => Field::Scale,
            SettingsError::Compare(_) => Field::Compare,
        }
    }
}

/// Every problem of a draft at once, in field order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingsErrors(pub Vec<SettingsError>);

impl SettingsErrors {
    pub fn get(&self, field: Field) -> Option<&SettingsError> {
        self.0.iter().find(|e| e.field() == field)
    }
}

impl fmt::Display for SettingsErrors {
    /// `tables: tables must be ...; trumps: ...`, for one-line (JSON, command line) errors.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{}: {e}", e.field().name())?;
        }
        Ok(())
    }
}

impl std::error::Error for SettingsErrors {}

/// A count as given: typed into a form (text) or sent as a JSON number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Count {
    Number(i64),
    Text(String),
}

impl Default for Count {
    fn default() -> Count {
        Count::Text(String::new())
    }
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Count::Number(n) => n.fmt(f),
            Count::Text(t) => f.write_str(t),
        }
    }
}

/// The seating as given: the variant's own, or a letter (or `-`) per seat N E S W, each
/// possibly left blank by a form.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum TrumpsDraft {
    #[default]
    VariantDefault,
    /// `SDHC`-style text, as JSON and the command line write it.
    Text(String),
    /// One choice per seat N E S W, as a form sends them ("" for not chosen).
    Seats([String; 4]),
}

/// An event's settings before validation. The default draft is blank, apart from the
/// correction period, which has a default of its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingsDraft {
    pub name: String,
    pub date: String,
    pub format: String,
    /// `calypso` or `kaiso`; blank for the default, calypso.
    pub game: String,
    pub variant: String,
    pub tables: Count,
    pub boards: Count,
    pub trick_rule: String,
    pub trumps: TrumpsDraft,
    /// How long after the event is marked finished its results stay provisional.
    pub correction_minutes: Count,
    /// The matchpoint scale (`2-1` or `1-half`); blank for the default, 2-1.
    pub scale: String,
    /// What a board's results are compared on (`net` or `own`); blank for the default, net.
    pub compare: String,
    /// Embers: the hands of each game, agreed in advance (required); blank otherwise.
    pub hands: Count,
    /// Embers: the packs shuffled together; blank for the default, 3.
    pub packs: Count,
    /// Embers: the fire hands that open each game; blank for the default, 1.
    pub fire_hands: Count,
    /// Auction: the setup before the first hand (`none`, `balanced`, `fully-random`,
    /// `standardised`); blank for the default, balanced (none for other games).
    pub auction_setup: String,
}

impl Default for SettingsDraft {
    fn default() -> SettingsDraft {
        SettingsDraft {
            name: String::new(),
            date: String::new(),
            format: String::new(),
            game: String::new(),
            variant: String::new(),
            tables: Count::default(),
            boards: Count::default(),
            trick_rule: String::new(),
            trumps: TrumpsDraft::default(),
            correction_minutes: Count::Number(i64::from(DEFAULT_CORRECTION_MINUTES)),
            scale: String::new(),
            compare: String::new(),
            hands: Count::default(),
            packs: Count::default(),
            fire_hands: Count::default(),
            auction_setup: String::new(),
        }
    }
}

/// What an event plays and how. Only [`EventSettings::parse`] makes one, so every value
/// here has been checked, the seating against the variant included.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventSettings {
    name: String,
    date: NaiveDate,
    format: EventFormat,
    game: GameKind,
    variant: Variant,
    tables: u16,
    boards: u16,
    trick_rule: TrickRule,
    trumps: Trumps,
    correction_minutes: u16,
    scale: Scale,
    compare: Compare,
    /// Embers: hands per game and packs; 0 for a game played on the event's boards.
    hands: u16,
    packs: u16,
    /// Embers: the fire hands that open each game (1 to packs − 2); 0 for other games.
    fire_hands: u16,
    /// Auction: the setup before the first hand; none for other games.
    auction_setup: SetupKind,
}

/// The setup a game takes when the draft leaves it blank: balanced random for Auction (the
/// seed's "recommended setup procedure"), none for every other game.
fn default_setup(game: GameKind) -> SetupKind {
    if game == GameKind::Auction {
        SetupKind::Balanced
    } else {
        SetupKind::None
    }
}

/// The Auction setup: blank takes the game's default; a setup other than none is refused
/// for any game but Auction.
fn auction_setup(d: &SettingsDraft, game: GameKind) -> Result<SetupKind, SettingsError> {
    let kind = match d.auction_setup.trim() {
        "" => default_setup(game),
        t => SetupKind::parse(t).ok_or_else(|| SettingsError::AuctionSetup(t.to_string()))?,
    };
    if game != GameKind::Auction && kind != SetupKind::None {
        return Err(SettingsError::AuctionSetupNotAuction(game));
    }
    Ok(kind)
}

/// The setup as a draft gives it: blank for the game's default, so that a partial update
/// turning an Auction event into another game (the API's PATCH) is not refused for it.
fn setup_given(game: GameKind, kind: SetupKind) -> String {
    if kind == default_setup(game) {
        String::new()
    } else {
        kind.word().to_string()
    }
}

/// A count left blank: empty text, or 0 from a JSON document that has no such field.
fn blank(c: &Count) -> bool {
    match c {
        Count::Number(n) => *n == 0,
        Count::Text(t) => t.trim().is_empty(),
    }
}

/// A count as a whole number, typed or sent, if it is one.
fn number(c: &Count) -> Option<i64> {
    match c {
        Count::Number(n) => Some(*n),
        Count::Text(t) => t.trim().parse::<i64>().ok(),
    }
}

/// Hands, packs and fire hands: hands required, packs defaulting to 3 and fire hands to 1
/// for Embers; hands required and four packs for Auction; all blank for any other game.
/// Fire hands are Embers' alone: "up to the number of packs minus two", and no more than
/// the game's hands.
fn game_counts(d: &SettingsDraft, game: GameKind) -> Result<(u16, u16, u16), Vec<SettingsError>> {
    let fire_elsewhere = (game != GameKind::Embers && !blank(&d.fire_hands))
        .then_some(SettingsError::FireHandsNotEmbers(game));
    if !game.continuous() {
        let given: Vec<SettingsError> = [(Field::Hands, &d.hands), (Field::Packs, &d.packs)]
            .into_iter()
            .filter(|(_, c)| !blank(c))
            .map(|(f, _)| SettingsError::NotContinuous(f, game))
            .chain(fire_elsewhere)
            .collect();
        return if given.is_empty() {
            Ok((0, 0, 0))
        } else {
            Err(given)
        };
    }
    let in_range = |c: &Count, lo: usize, hi: usize| {
        number(c)
            .filter(|n| (lo as i64..=hi as i64).contains(n))
            .map(|n| n as u16)
    };
    if matches!(game, GameKind::Auction | GameKind::AuctionPairs) {
        let hands = if game == GameKind::Auction {
            in_range(&d.hands, auction::MIN_HANDS, auction::MAX_HANDS)
                .ok_or_else(|| SettingsError::AuctionHands(d.hands.to_string()))
        } else {
            in_range(
                &d.hands,
                auction::pairs::MIN_HANDS,
                auction::pairs::MAX_HANDS,
            )
            .ok_or_else(|| SettingsError::AuctionPairsHands(d.hands.to_string()))
        };
        let packs = if blank(&d.packs) || number(&d.packs) == Some(auction::spec::PACKS as i64) {
            Ok(auction::spec::PACKS as u16)
        } else {
            Err(SettingsError::AuctionPacks(d.packs.to_string()))
        };
        return match (hands, packs, fire_elsewhere) {
            (Ok(h), Ok(p), None) => Ok((h, p, 0)),
            (h, p, f) => Err([h.err(), p.err(), f].into_iter().flatten().collect()),
        };
    }
    let hands = in_range(&d.hands, MIN_HANDS, MAX_HANDS)
        .ok_or_else(|| SettingsError::Hands(d.hands.to_string()));
    let packs = if blank(&d.packs) {
        Ok(3)
    } else {
        in_range(&d.packs, 3, MAX_PACKS).ok_or_else(|| SettingsError::Packs(d.packs.to_string()))
    };
    // The bound needs the packs; with packs refused, the fire hands wait for a valid count.
    let fire = match packs {
        Ok(p) => {
            let most = (p - 2).min(hands.as_ref().copied().unwrap_or(p - 2));
            if blank(&d.fire_hands) {
                Ok(1)
            } else {
                in_range(&d.fire_hands, 1, usize::from(most)).ok_or_else(|| {
                    SettingsError::FireHands {
                        given: d.fire_hands.to_string(),
                        packs: p,
                        most,
                    }
                })
            }
        }
        Err(_) => Ok(1),
    };
    match (hands, packs, fire) {
        (Ok(h), Ok(p), Ok(f)) => Ok((h, p, f)),
        (h, p, f) => Err([h.err(), p.err(), f.err()].into_iter().flatten().collect()),
    }
}

fn count(c: &Count, field: Field, max: u16) -> Result<u16, SettingsError> {
    match number(c) {
        Some(n) if (1..=i64::from(max)).contains(&n) => Ok(n as u16),
        _ => Err(SettingsError::Count {
            field,
            given: c.to_string(),
            max,
        }),
    }
}

fn correction_minutes(c: &Count) -> Result<u16, SettingsError> {
    match number(c) {
        Some(n) if (0..=i64::from(MAX_CORRECTION_MINUTES)).contains(&n) => Ok(n as u16),
        _ => Err(SettingsError::CorrectionMinutes(c.to_string())),
    }
}

/// A blank choice takes the default; anything else must be one of the names.
fn choice<T>(
    text: &str,
    default: T,
    parse: fn(&str) -> Option<T>,
    err: fn(String) -> SettingsError,
) -> Result<T, SettingsError> {
    match text.trim() {
        "" => Ok(default),
        t => parse(t).ok_or_else(|| err(text.to_string())),
    }
}

fn event_name(s: &str) -> Result<String, SettingsError> {
    let t = s.trim();
    if t.is_empty() {
        Err(SettingsError::NameMissing)
    } else if t.chars().count() > MAX_NAME {
        Err(SettingsError::NameTooLong)
    } else if t.chars().any(char::is_control) {
        Err(SettingsError::NameControl)
    } else {
        Ok(t.to_string())
    }
}

fn seating(d: &TrumpsDraft) -> Result<Option<Trumps>, SettingsError> {
    match d {
        TrumpsDraft::VariantDefault => Ok(None),
        TrumpsDraft::Text(t) if t.trim().is_empty() => Ok(None),
        TrumpsDraft::Text(t) => Ok(Some(t.parse()?)),
        TrumpsDraft::Seats(seats) => {
            let blank = seats.iter().filter(|s| s.trim().is_empty()).count();
            match blank {
                4 => Ok(None),
                0 => {
                    let text: String = seats
                        .iter()
                        .map(|s| s.trim().chars().next().unwrap_or('-'))
                        .collect();
                    if seats.iter().any(|s| s.trim().chars().count() != 1) {
                        // A whole word in one seat: report it as given.
                        return Err(TrumpsError::Length(seats.concat()).into());
                    }
                    Ok(Some(text.parse()?))
                }
                _ => Err(SettingsError::TrumpsPartial),
            }
        }
    }
}

/// The choices that do not go together: Kaiso is the standard four-player partnership game
/// as a team match or a Mitchell; Duet seats individuals in a Mitchell.
fn game_problems(format: EventFormat, game: GameKind, variant: Variant) -> Vec<SettingsError> {
    let mut out = Vec::new();
    if game == GameKind::Kaiso {
        // Every format: a progressive's tallies take the partnerships' Kaiso totals as
        // they take Calypso's (no seed sentence keeps Kaiso from a progressive).
        if variant != Variant::Standard {
            out.push(SettingsError::KaisoVariant(variant));
        }
    }
    if game == GameKind::Embers {
        if variant != Variant::Standard {
            out.push(SettingsError::EmbersVariant(variant));
        }
        // Either progressive: the individual's tables play in partnerships too, a side of
        // three sitting out in turn over the game's hands (no seed sentence forbids it).
        if !matches!(
            format,
            EventFormat::Progressive | EventFormat::ProgressiveIndividual
        ) {
            out.push(SettingsError::EmbersFormat);
        }
    }
    if game == GameKind::Auction {
        if variant != Variant::Standard {
            out.push(SettingsError::AuctionVariant(variant));
        }
        if format != EventFormat::ProgressiveIndividual {
            out.push(SettingsError::AuctionFormat);
        }
    }
    if game == GameKind::AuctionPairs {
        if variant != Variant::Standard {
            out.push(SettingsError::AuctionPairsVariant(variant));
        }
        // Pairs only: the engine's partnerships are fixed for the game, and a game dealt at
        // the table is not duplicate, so a Mitchell's matchpoints would compare different
        // cards (as for Embers). The pairs progressive's tallies compare the partnerships
        // that met at the table.
        if format != EventFormat::Progressive {
            out.push(SettingsError::AuctionPairsFormat);
        }
    }
    if Variant::DUET.contains(&variant) && format != EventFormat::PairsMitchell {
        out.push(SettingsError::DuetFormat);
    }
    if format == EventFormat::DuplicateCooperative
        && (game != GameKind::Calypso || variant != Variant::Cooperative)
    {
        out.push(SettingsError::CoopFormat(game, variant));
    }
    out
}

impl EventSettings {
    /// Checks every field, reporting all problems at once, then the game as a whole.
    pub fn parse(d: &SettingsDraft) -> Result<EventSettings, SettingsErrors> {
        fn keep<T>(errs: &mut Vec<SettingsError>, r: Result<T, SettingsError>) -> Option<T> {
            r.map_err(|e| errs.push(e)).ok()
        }
        let mut errs = Vec::new();
        let e = &mut errs;
        let name = keep(e, event_name(&d.name));
        let date = keep(
            e,
            NaiveDate::parse_from_str(d.date.trim(), "%Y-%m-%d")
                .ok()
                .filter(|day| (2000..=2100).contains(&day.year()))
                .ok_or_else(|| SettingsError::Date(d.date.clone())),
        );
        let format = keep(
            e,
            d.format.trim().parse::<EventFormat>().map_err(Into::into),
        );
        let game = keep(
            e,
            choice(
                &d.game,
                GameKind::Calypso,
                GameKind::from_name,
                SettingsError::Game,
            ),
        );
        let variant = keep(e, d.variant.trim().parse::<Variant>().map_err(Into::into));
        if let (Some(format), Some(game), Some(variant)) = (format, game, variant) {
            for problem in game_problems(format, game, variant) {
                e.push(problem);
            }
        }
        let counts = game.and_then(|g| game_counts(d, g).map_err(|p| e.extend(p)).ok());
        let setup = game.and_then(|g| keep(e, auction_setup(d, g)));
        let tables = keep(e, count(&d.tables, Field::Tables, MAX_TABLES));
        let boards = keep(e, count(&d.boards, Field::Boards, MAX_BOARDS));
        let trick_rule = keep(
            e,
            d.trick_rule.trim().parse::<TrickRule>().map_err(Into::into),
        );
        let given = keep(e, seating(&d.trumps));
        let correction = keep(e, correction_minutes(&d.correction_minutes));
        let scale = keep(
            e,
            choice(&d.scale, Scale::TwoOne, Scale::parse, SettingsError::Scale),
        );
        let compare = keep(
            e,
            choice(
                &d.compare,
                Compare::Net,
                Compare::parse,
                SettingsError::Compare,
            ),
        );
        let trumps = match (variant, given) {
            (Some(v), Some(given)) => keep(
                e,
                GameSpec::build(v, TrickRule::Standard, given).map_err(SettingsError::from),
            )
            .map(|spec| spec.trumps),
            _ => None,
        };
        // Table totals are the duplicate coöperative's own comparison, and its only one.
        if compare == Some(Compare::Total)
            && format.is_some_and(|f| f != EventFormat::DuplicateCooperative)
        {
            errs.push(SettingsError::Compare(d.compare.clone()));
        }
        let compare = match format {
            Some(EventFormat::DuplicateCooperative) => compare.map(|_| Compare::Total),
            _ => compare,
        };
        match (
            name, date, format, game, variant, tables, boards, trick_rule, trumps, correction,
            scale, compare,
        ) {
            (
                Some(name),
                Some(date),
                Some(format),
                Some(game),
                Some(variant),
                Some(tables),
                Some(boards),
                Some(trick_rule),
                Some(trumps),
                Some(correction_minutes),
                Some(scale),
                Some(compare),
            ) if errs.is_empty() => {
                let (hands, packs, fire_hands) = counts.unwrap_or_default();
                let auction_setup = setup.unwrap_or_default();
                Ok(EventSettings {
                    name,
                    date,
                    format,
                    game,
                    variant,
                    tables,
                    boards,
                    trick_rule,
                    trumps,
                    correction_minutes,
                    scale,
                    compare,
                    hands,
                    packs,
                    fire_hands,
                    auction_setup,
                })
            }
            _ => {
                errs.sort_by_key(SettingsError::field);
                Err(SettingsErrors(errs))
            }
        }
    }

    /// An Embers event's game, one per table-round: the hands, packs and fire hands agreed,
    /// the event's seating and trick rule. `None` for a game played on the boards.
    pub fn embers_spec(&self) -> Option<EmbersSpec> {
        (self.game == GameKind::Embers).then(|| {
            EmbersSpec::new(
                usize::from(self.packs),
                usize::from(self.hands),
                usize::from(self.fire_hands),
                self.trick_rule,
                Some(self.trumps),
            )
            .expect("hands, packs and seating were checked when parsed")
        })
    }

    /// An Auction event's game, one per table-round of three: the hands agreed.
    pub fn auction_spec(&self) -> Option<AuctionSpec> {
        (self.game == GameKind::Auction).then(|| {
            AuctionSpec::new(usize::from(self.hands))
                .expect("hands were checked when parsed")
                .with_setup(self.auction_setup)
        })
    }

    /// A partnership Auction event's game, one per table-round of four: the hands agreed.
    pub fn auction_pairs_spec(&self) -> Option<auction::pairs::PairsSpec> {
        (self.game == GameKind::AuctionPairs).then(|| {
            auction::pairs::PairsSpec::new(usize::from(self.hands))
                .expect("hands were checked when parsed")
        })
    }

    /// Embers: the hands of each game (0 for a game played on the boards).
    pub fn hands(&self) -> u16 {
        self.hands
    }

    /// Embers: the packs shuffled together (0 for a game played on the boards).
    pub fn packs(&self) -> u16 {
        self.packs
    }

    /// The deals of one game at a table, which a side of three takes turns to sit out:
    /// an Embers game's hands, otherwise Calypso's four.
    pub fn deals_per_game(&self) -> u32 {
        match self.game {
            GameKind::Embers | GameKind::AuctionPairs => u32::from(self.hands),
            _ => crate::movement::individual::STANDARD_DEALS,
        }
    }

    /// Embers: the fire hands that open each game (0 for other games).
    pub fn fire_hands(&self) -> u16 {
        self.fire_hands
    }

    /// Auction: the setup before the first hand (none for other games).
    pub fn auction_setup(&self) -> SetupKind {
        self.auction_setup
    }

    /// The game this event plays: the one place an event's [`GameSpec`] is made.
    pub fn game_spec(&self) -> GameSpec {
        GameSpec::build(self.variant, self.trick_rule, Some(self.trumps))
            .expect("settings were checked against the variant when parsed")
    }

    /// What players call the two sides at this event's tables ("N-S ♠♥", "E-W ♦♣").
    pub fn side_names(&self) -> super::seats::SideNames {
        if self.game == GameKind::AuctionPairs {
            // The declarer names the trumps each hand: the sides are their seats alone.
            super::seats::SideNames::seats_only(&self.game_spec())
        } else {
            super::seats::SideNames::of(&self.game_spec())
        }
    }

    /// The same settings with another number of boards (a movement decides how many).
    pub fn with_boards(&self, boards: u32) -> Result<EventSettings, SettingsErrors> {
        let mut d = self.draft();
        d.boards = Count::Number(i64::from(boards));
        EventSettings::parse(&d)
    }

    /// The draft these settings come from, to edit them or to store them.
    pub fn draft(&self) -> SettingsDraft {
        SettingsDraft {
            name: self.name.clone(),
            date: self.date.format("%Y-%m-%d").to_string(),
            format: self.format.name().to_string(),
            game: self.game.name().to_string(),
            variant: self.variant.name().to_string(),
            tables: Count::Number(i64::from(self.tables)),
            boards: Count::Number(i64::from(self.boards)),
            trick_rule: self.trick_rule.name().to_string(),
            trumps: TrumpsDraft::Text(self.trumps.to_string()),
            correction_minutes: Count::Number(i64::from(self.correction_minutes)),
            scale: self.scale.name().to_string(),
            compare: self.compare.name().to_string(),
            hands: Count::Number(i64::from(self.hands)),
            packs: Count::Number(i64::from(self.packs)),
            fire_hands: Count::Number(fire_hands_given(self.fire_hands)),
            auction_setup: setup_given(self.game, self.auction_setup),
        }
    }

    pub fn name(&self) -> &str {
        &self.name
    }
    pub fn date(&self) -> NaiveDate {
        self.date
    }
    pub fn format(&self) -> EventFormat {
        self.format
    }
    pub fn variant(&self) -> Variant {
        self.variant
    }
    /// The game the tables play: Calypso, or Kaiso on the same boards.
    pub fn game(&self) -> GameKind {
        self.game
    }
    /// What the pages call an entry's line in a movement, the standings and a traveller:
    /// "Player" where each entry is one player, "Pair" otherwise (a team match's lines are
    /// its pairs).
    pub fn entry_word(&self) -> &'static str {
        match self.entry_kind() {
            EntryKind::Individual => "Player",
            _ => "Pair",
        }
    }
    /// What takes part: the format decides it, except that Calypso Duet's Mitchell seats
    /// single players (its "pairs" are individuals at two-player tables).
    pub fn entry_kind(&self) -> EntryKind {
        if Variant::DUET.contains(&self.variant) {
            EntryKind::Individual
        } else {
            self.format.entry_kind()
        }
    }
    pub fn tables(&self) -> u16 {
        self.tables
    }
    pub fn boards(&self) -> u16 {
        self.boards
    }
    pub fn trick_rule(&self) -> TrickRule {
        self.trick_rule
    }
    pub fn trumps(&self) -> Trumps {
        self.trumps
    }
    /// Minutes after the event is marked finished during which its results stay provisional
    /// on the public pages (0: final at once).
    pub fn correction_minutes(&self) -> u16 {
        self.correction_minutes
    }
    /// The matchpoint scale of a pairs event (2-1 unless the director chose 1-half).
    pub fn scale(&self) -> Scale {
        self.scale
    }
    /// What a board's results are compared on (the net unless the director chose own); a
    /// duplicate coöperative always compares table totals.
    pub fn compare(&self) -> Compare {
        self.compare
    }
}

/// The settings as a JSON document: what the API shows, what an export holds and what the
/// command line reads (`hand-records --settings FILE`). Numbers are numbers; `trumps` is a
/// letter or `-` per seat N E S W. `correction_minutes` is always written; a document
/// without it (written before the setting existed) reads as the default, 30.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SettingsJson {
    pub name: String,
    pub date: String,
    pub format: String,
    /// Written always; a document without it (written before Kaiso) reads as calypso.
    #[serde(default = "default_game")]
    pub game: String,
    pub variant: String,
    pub tables: i64,
    pub boards: i64,
    pub trick_rule: String,
    pub trumps: String,
    #[serde(default = "default_correction_minutes")]
    pub correction_minutes: i64,
    #[serde(default = "default_scale")]
    pub scale: String,
    #[serde(default = "default_compare")]
    pub compare: String,
    /// Embers only: hands per game and packs (left out for other games).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub hands: i64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub packs: i64,
    /// Embers only: the fire hands; left out when 1 (the default) and for other games, so a
    /// document without it reads as one fire hand.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub fire_hands: i64,
    /// Auction only: the setup before the first hand, written when not none, so a document
    /// without it (a Calypso evening's, or one written before setups) reads as none.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub auction_setup: String,
}

/// Fire hands as a draft or document gives them: the default, one, as blank (0), so that
/// the same settings turned to another game by a partial update (the API's PATCH) are not
/// refused for a fire hand they never chose.
fn fire_hands_given(fire_hands: u16) -> i64 {
    if fire_hands == 1 {
        0
    } else {
        i64::from(fire_hands)
    }
}

fn is_zero(n: &i64) -> bool {
    *n == 0
}

fn default_game() -> String {
    GameKind::Calypso.name().into()
}

fn default_scale() -> String {
    Scale::TwoOne.name().into()
}

fn default_compare() -> String {
    Compare::Net.name().into()
}

fn default_correction_minutes() -> i64 {
    i64::from(DEFAULT_CORRECTION_MINUTES)
}

impl From<&EventSettings> for SettingsJson {
    fn from(s: &EventSettings) -> SettingsJson {
        SettingsJson {
            name: s.name.clone(),
            date: s.date.format("%Y-%m-%d").to_string(),
            format: s.format.name().to_string(),
            game: s.game.name().to_string(),
            variant: s.variant.name().to_string(),
            tables: i64::from(s.tables),
            boards: i64::from(s.boards),
            trick_rule: s.trick_rule.name().to_string(),
            trumps: s.trumps.to_string(),
            correction_minutes: i64::from(s.correction_minutes),
            scale: s.scale.name().into(),
            compare: s.compare.name().into(),
            hands: i64::from(s.hands),
            packs: i64::from(s.packs),
            fire_hands: fire_hands_given(s.fire_hands),
            auction_setup: match s.auction_setup {
                SetupKind::None => String::new(),
                kind => kind.word().to_string(),
            },
        }
    }
}

impl From<SettingsJson> for SettingsDraft {
    fn from(j: SettingsJson) -> SettingsDraft {
        SettingsDraft {
            name: j.name,
            date: j.date,
            format: j.format,
            game: j.game,
            variant: j.variant,
            tables: Count::Number(j.tables),
            boards: Count::Number(j.boards),
            trick_rule: j.trick_rule,
            trumps: TrumpsDraft::Text(j.trumps),
            correction_minutes: Count::Number(j.correction_minutes),
            scale: j.scale,
            compare: j.compare,
            hands: Count::Number(j.hands),
            packs: Count::Number(j.packs),
            fire_hands: Count::Number(j.fire_hands),
            auction_setup: if j.auction_setup.trim().is_empty() {
                SetupKind::None.word().to_string()
            } else {
                j.auction_setup
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Seat, Suit};

    fn draft() -> SettingsDraft {
        SettingsDraft {
            name: "Spring pairs".into(),
            date: "2026-04-01".into(),
            format: "pairs-mitchell".into(),
            game: String::new(),
            variant: "standard".into(),
            tables: Count::Text("6".into()),
            boards: Count::Number(24),
            trick_rule: "standard".into(),
            trumps: TrumpsDraft::VariantDefault,
            correction_minutes: Count::Text("30".into()),
            scale: String::new(),
            compare: String::new(),
            ..SettingsDraft::default()
        }
    }

    fn only_error(d: &SettingsDraft) -> SettingsError {
        let e = EventSettings::parse(d).unwrap_err();
        assert_eq!(e.0.len(), 1, "{e}");
        e.0[0].clone()
    }

    #[test]
    fn a_good_draft_parses_with_the_variants_own_seating() {
        let s = EventSettings::parse(&draft()).unwrap();
        assert_eq!(s.trumps().to_string(), "SDHC");
        assert_eq!((s.tables(), s.boards()), (6, 24));
        assert_eq!(s.format(), EventFormat::PairsMitchell);
        assert_eq!(s.date(), NaiveDate::from_ymd_opt(2026, 4, 1).unwrap());
        // Text is trimmed; the draft of the settings parses back to the same settings.
        let mut d = draft();
        d.name = "  Spring pairs ".into();
        let again = EventSettings::parse(&EventSettings::parse(&d).unwrap().draft()).unwrap();
        assert_eq!(again, s);
    }

    #[test]
    fn every_bad_name_is_refused() {
        for (name, want) in [
            ("   ", SettingsError::NameMissing),
            (&"x".repeat(MAX_NAME + 1), SettingsError::NameTooLong),
            ("Pairs\u{7}", SettingsError::NameControl),
        ] {
            let mut d = draft();
            d.name = name.to_string();
            assert_eq!(only_error(&d), want);
        }
        let mut d = draft();
        d.name = "x".repeat(MAX_NAME);
        assert!(EventSettings::parse(&d).is_ok());
    }

    #[test]
    fn every_bad_date_is_refused() {
        for date in [
            "",
            "2026-02-30",
            "1999-12-31",
            "2101-01-01",
            "01/04/2026",
            "soon",
        ] {
            let mut d = draft();
            d.date = date.into();
            assert_eq!(only_error(&d), SettingsError::Date(date.into()), "{date}");
        }
    }

    #[test]
    fn every_bad_format_variant_and_rule_is_refused() {
        let mut d = draft();
        d.format = "swiss".into();
        let e = only_error(&d);
        assert_eq!(e.field(), Field::Format);
        assert!(e.to_string().contains("\"swiss\" is not a format"), "{e}");
        let mut d = draft();
        d.variant = "bridge".into();
        let e = only_error(&d);
        assert_eq!(e.field(), Field::Variant);
        assert!(e.to_string().contains("sheinwold-3"), "{e}");
        let mut d = draft();
        d.trick_rule = "whist".into();
        assert_eq!(only_error(&d).field(), Field::TrickRule);
    }

    #[test]
    fn counts_are_whole_numbers_in_range() {
        for (tables, ok) in [
            (Count::Text("1".into()), true),
            (Count::Text(" 100 ".into()), true),
            (Count::Number(100), true),
            (Count::Text("0".into()), false),
            (Count::Text("101".into()), false),
            (Count::Number(-1), false),
            (Count::Number(1 << 40), false),
            (Count::Text("four".into()), false),
            (Count::Text("2.5".into()), false),
            (Count::Text(String::new()), false),
        ] {
            let mut d = draft();
            d.tables = tables.clone();
            match EventSettings::parse(&d) {
                Ok(_) => assert!(ok, "{tables:?}"),
                Err(e) => {
                    assert!(!ok, "{tables:?}");
                    assert_eq!(e.0.len(), 1);
                    assert_eq!(e.0[0].field(), Field::Tables);
                    assert!(
                        e.0[0]
                            .to_string()
                            .starts_with("tables must be a whole number from 1 to 100"),
                        "{e}"
                    );
                }
            }
        }
        let mut d = draft();
        d.boards = Count::Number(201);
        assert!(only_error(&d).to_string().contains("from 1 to 200"));
    }

    #[test]
    fn every_problem_is_reported_at_once_in_field_order() {
        let d = SettingsDraft::default();
        let e = EventSettings::parse(&d).unwrap_err();
        let fields: Vec<Field> = e.0.iter().map(SettingsError::field).collect();
        assert_eq!(
            fields,
            [
                Field::Name,
                Field::Date,
                Field::Format,
                Field::Variant,
                Field::Tables,
                Field::Boards,
                Field::TrickRule
            ]
        );
        assert!(
            e.to_string()
                .starts_with("name: the event name is required; date: ")
        );
    }

    #[test]
    fn seating_is_checked_against_the_variant() {
        let mut d = draft();
        d.trumps = TrumpsDraft::Text("SSHC".into());
        let e = only_error(&d);
        assert_eq!(e.field(), Field::Trumps);
        assert!(e.to_string().contains("cannot both have Spades"), "{e}");

        d.variant = "cutthroat-3".into();
        d.trumps = TrumpsDraft::Text("SDHC".into());
        assert!(only_error(&d).to_string().contains("no Diamonds"));
        d.variant = "sheinwold-3".into();
        // Sheinwold's clubs are nobody's trump; West does not play.
        d.trumps = TrumpsDraft::Text("SDH-".into());
        assert!(EventSettings::parse(&d).is_ok());
        d.trumps = TrumpsDraft::Text("SDHC".into());
        assert!(only_error(&d).to_string().contains("West"));
        d.variant = "cutthroat-3".into();
        d.trumps = TrumpsDraft::VariantDefault;
        let s = EventSettings::parse(&d).unwrap();
        assert_eq!(s.trumps().to_string(), "SHC-");
        assert_eq!(s.game_spec().trumps.of(Seat::East), Some(Suit::Hearts));
    }

    #[test]
    fn seating_text_is_read_seat_by_seat() {
        let mut d = draft();
        for (text, want) in [
            ("SDHX", "\"X\" for West is not a suit"),
            ("SDH", "four seats"),
        ] {
            d.trumps = TrumpsDraft::Text(text.into());
            let e = only_error(&d);
            assert!(e.to_string().contains(want), "{text}: {e}");
        }
        d.trumps = TrumpsDraft::Text("hsdc".into());
        assert_eq!(
            EventSettings::parse(&d).unwrap().trumps().to_string(),
            "HSDC"
        );
    }

    #[test]
    fn a_form_must_choose_every_seat_or_none() {
        let mut d = draft();
        let seats = |a: &str, b: &str, c: &str, e: &str| {
            TrumpsDraft::Seats([a.into(), b.into(), c.into(), e.into()])
        };
        d.trumps = seats("S", "", "", "");
        assert_eq!(only_error(&d), SettingsError::TrumpsPartial);
        assert!(
            !SettingsError::TrumpsPartial.to_string().contains('?'),
            "no placeholder in the message"
        );
        d.trumps = seats("", "", "", "");
        assert_eq!(
            EventSettings::parse(&d).unwrap().trumps().to_string(),
            "SDHC"
        );
        d.trumps = seats("H", "C", "S", "D");
        assert_eq!(
            EventSettings::parse(&d).unwrap().trumps().to_string(),
            "HCSD"
        );
        d.trumps = seats("H", "-", "S", "D");
        assert_eq!(
            EventSettings::parse(&d).unwrap().trumps().to_string(),
            "H-SD"
        );
    }

    #[test]
    fn the_game_spec_follows_the_settings() {
        let mut d = draft();
        d.variant = "sheinwold-3".into();
        d.trick_rule = "all-fours".into();
        let spec = EventSettings::parse(&d).unwrap().game_spec();
        assert_eq!(spec.variant, Variant::Sheinwold3);
        assert_eq!(spec.rule, TrickRule::AllFours);
        assert_eq!(spec.players, 3);
    }

    #[test]
    fn settings_json_round_trips_and_refuses_unknown_fields() {
        let s = EventSettings::parse(&draft()).unwrap();
        let j = SettingsJson::from(&s);
        let text = serde_json::to_string(&j).unwrap();
        assert_eq!(
            text,
            r#"{"name":"Spring pairs","date":"2026-04-01","format":"pairs-mitchell","game":"calypso","variant":"standard","tables":6,"boards":24,"trick_rule":"standard","trumps":"SDHC","correction_minutes":30,"scale":"2-1","compare":"net"}"#
        );
        let back: SettingsJson = serde_json::from_str(&text).unwrap();
        assert_eq!(EventSettings::parse(&back.into()).unwrap(), s);
        assert!(
            serde_json::from_str::<SettingsJson>(&text.replace("\"name\"", "\"nam\"")).is_err()
        );
    }
    #[test]
    fn scale_and_compare_default_to_2_1_and_net_and_refuse_other_names() {
        let s = EventSettings::parse(&draft()).unwrap();
        assert_eq!((s.scale(), s.compare()), (Scale::TwoOne, Compare::Net));
        let mut d = draft();
        d.scale = " 1-half ".into();
        d.compare = "own".into();
        let s = EventSettings::parse(&d).unwrap();
        assert_eq!((s.scale(), s.compare()), (Scale::OneHalf, Compare::Own));
        assert_eq!(EventSettings::parse(&s.draft()).unwrap(), s);
        d.scale = "3-1".into();
        assert_eq!(only_error(&d), SettingsError::Scale("3-1".into()));
        d.scale = "2-1".into();
        d.compare = "gross".into();
        let e = only_error(&d);
        assert_eq!(e.field(), Field::Compare);
        assert!(e.to_string().contains("\"gross\""), "{e}");
    }

    #[test]
    fn the_correction_period_is_whole_minutes_from_0_to_a_day() {
        for (given, want) in [
            (Count::Text("0".into()), Some(0)),
            (Count::Text(" 45 ".into()), Some(45)),
            (Count::Number(1440), Some(1440)),
            (Count::Text("-5".into()), None),
            (Count::Number(-1), None),
            (Count::Text("1441".into()), None),
            (Count::Number(2000), None),
            (Count::Number(1 << 40), None),
            (Count::Text("abc".into()), None),
            (Count::Text("2.5".into()), None),
            (Count::Text(String::new()), None),
        ] {
            let mut d = draft();
            d.correction_minutes = given.clone();
            match (EventSettings::parse(&d), want) {
                (Ok(s), Some(n)) => assert_eq!(s.correction_minutes(), n, "{given:?}"),
                (Err(e), None) => {
                    assert_eq!(e.0.len(), 1, "{e}");
                    assert_eq!(e.0[0].field(), Field::CorrectionMinutes);
                    assert_eq!(
                        e.to_string(),
                        format!(
                            "correction_minutes: the correction period must be a whole number \
                             of minutes from 0 to 1440 (not \"{given}\")"
                        )
                    );
                }
                (r, _) => panic!("{given:?}: {r:?}"),
            }
        }
        // A draft that does not say takes the default; the settings' draft keeps the value.
        let mut d = draft();
        d.correction_minutes = SettingsDraft::default().correction_minutes;
        assert_eq!(
            EventSettings::parse(&d).unwrap().correction_minutes(),
            DEFAULT_CORRECTION_MINUTES
        );
        d.correction_minutes = Count::Number(0);
        let s = EventSettings::parse(&d).unwrap();
        assert_eq!(EventSettings::parse(&s.draft()).unwrap(), s);
        assert_eq!(s.with_boards(12).unwrap().correction_minutes(), 0);
    }

    #[test]
    fn settings_json_written_before_the_correction_period_reads_the_default() {
        let old = r#"{"name":"Spring pairs","date":"2026-04-01","format":"pairs-mitchell","variant":"standard","tables":6,"boards":24,"trick_rule":"standard","trumps":"SDHC"}"#;
        let j: SettingsJson = serde_json::from_str(old).unwrap();
        assert_eq!(j.correction_minutes, 30);
        let s = EventSettings::parse(&j.into()).unwrap();
        assert_eq!(s, EventSettings::parse(&draft()).unwrap());
        // A period given is kept exactly, and a bad one is refused by name.
        let mut d = draft();
        d.correction_minutes = Count::Number(90);
        let s = EventSettings::parse(&d).unwrap();
        let text = serde_json::to_string(&SettingsJson::from(&s)).unwrap();
        assert!(text.contains(r#""correction_minutes":90,"#), "{text}");
        let back: SettingsJson = serde_json::from_str(&text).unwrap();
        assert_eq!(EventSettings::parse(&back.into()).unwrap(), s);
        let bad: SettingsJson = serde_json::from_str(&text.replace(":90,", ":-5,")).unwrap();
        let e = EventSettings::parse(&bad.into()).unwrap_err();
        assert_eq!(e.0[0].field(), Field::CorrectionMinutes);
    }

    #[test]
    fn the_balanced_random_setup_is_the_recommended_setup_procedure() {
        let mut d = draft();
        d.format = "progressive-individual".into();
        d.game = "auction".into();
        d.hands = Count::Text("18".into());
        // A new Auction event: balanced random, the engine holding reports to it.
        let s = EventSettings::parse(&d).unwrap();
        assert_eq!(s.auction_setup(), SetupKind::Balanced);
        assert_eq!(s.auction_spec().unwrap().setup, Some(SetupKind::Balanced));
        assert_eq!(s.draft().auction_setup, "", "the default, blank");
        let json = serde_json::to_string(&SettingsJson::from(&s)).unwrap();
        assert!(json.contains(r#""auction_setup":"balanced""#), "{json}");
        let back = EventSettings::parse(&SettingsDraft::from(
            serde_json::from_str::<SettingsJson>(&json).unwrap(),
        ))
        .unwrap();
        assert_eq!(back, s);
        // Every setup by its word; none is written nowhere, so an old document (no field)
        // reads as none, as it was played.
        for kind in SetupKind::ALL {
            d.auction_setup = kind.word().into();
            let s = EventSettings::parse(&d).unwrap();
            assert_eq!(s.auction_setup(), kind);
            assert_eq!(EventSettings::parse(&s.draft()).unwrap(), s);
            let json = serde_json::to_string(&SettingsJson::from(&s)).unwrap();
            assert_eq!(
                json.contains("auction_setup"),
                kind != SetupKind::None,
                "{json}"
            );
            let back = EventSettings::parse(&SettingsDraft::from(
                serde_json::from_str::<SettingsJson>(&json).unwrap(),
            ))
            .unwrap();
            assert_eq!(back.auction_setup(), kind);
        }
        d.auction_setup = "seeded".into();
        let e = only_error(&d);
        assert_eq!(e, SettingsError::AuctionSetup("seeded".into()));
        assert_eq!(e.field(), Field::AuctionSetup);
        // Another game: none, and any other setup refused by name.
        let mut c = draft();
        assert_eq!(
            EventSettings::parse(&c).unwrap().auction_setup(),
            SetupKind::None
        );
        c.auction_setup = "none".into();
        assert!(EventSettings::parse(&c).is_ok());
        c.auction_setup = "standardised".into();
        let e = only_error(&c);
        assert_eq!(e, SettingsError::AuctionSetupNotAuction(GameKind::Calypso));
        assert!(
            e.to_string()
                .ends_with("leave auction_setup blank (or none) for Calypso"),
            "{e}"
        );
        let calypso = EventSettings::parse(&draft()).unwrap();
        let json = serde_json::to_string(&SettingsJson::from(&calypso)).unwrap();
        assert!(!json.contains("auction_setup"), "{json}");
    }

    #[test]
    fn auction_is_a_progressive_individual_of_agreed_hands_with_four_packs() {
        let mut d = draft();
        d.format = "progressive-individual".into();
        d.game = "auction".into();
        d.hands = Count::Text("18".into());
        let s = EventSettings::parse(&d).unwrap();
        assert_eq!((s.hands(), s.packs()), (18, 4));
        assert_eq!(s.auction_spec().unwrap().hands, 18);
        assert!(s.embers_spec().is_none());
        let again = EventSettings::parse(&s.draft()).unwrap();
        assert_eq!(again, s);
        // Four packs may be said; any other number is refused by name.
        d.packs = Count::Number(4);
        assert!(EventSettings::parse(&d).is_ok());
        d.packs = Count::Number(3);
        assert_eq!(only_error(&d), SettingsError::AuctionPacks("3".into()));
        d.packs = Count::default();
        for bad in ["2", "61", ""] {
            d.hands = Count::Text(bad.into());
            let e = only_error(&d);
            assert_eq!(e, SettingsError::AuctionHands(bad.into()));
            assert_eq!(e.field(), Field::Hands);
        }
        assert!(
            SettingsError::AuctionHands("2".into())
                .to_string()
                .contains("3 to 60 hands"),
        );
        d.hands = Count::Number(6);
        d.format = "progressive".into();
        assert_eq!(only_error(&d), SettingsError::AuctionFormat);
        d.format = "progressive-individual".into();
        d.variant = "cutthroat-4".into();
        assert_eq!(
            only_error(&d),
            SettingsError::AuctionVariant(Variant::CutThroat4)
        );
    }

    /// The seed: "With four or more there are enough cards to play more 'fire' hands if
    /// desired - up to the number of packs minus two. So for example with six decks, you
    /// could play four fire hands".
    #[test]
    fn up_to_the_number_of_packs_minus_two_fire_hands() {
        let mut d = draft();
        d.game = "embers".into();
        d.format = "progressive".into();
        d.hands = Count::Number(8);
        d.packs = Count::Number(6);
        d.fire_hands = Count::Text("4".into());
        let s = EventSettings::parse(&d).unwrap();
        assert_eq!(s.fire_hands(), 4);
        assert_eq!(s.embers_spec().unwrap().fire_hands, 4);
        // Kept through the draft and the JSON document.
        assert_eq!(EventSettings::parse(&s.draft()).unwrap(), s);
        let json = serde_json::to_string(&SettingsJson::from(&s)).unwrap();
        assert!(json.contains(r#""fire_hands":4"#), "{json}");
        let back: SettingsJson = serde_json::from_str(&json).unwrap();
        assert_eq!(EventSettings::parse(&back.into()).unwrap(), s);
        // Five of six packs is one too many, said in words.
        d.fire_hands = Count::Text("5".into());
        let e = only_error(&d);
        assert_eq!(
            e,
            SettingsError::FireHands {
                given: "5".into(),
                packs: 6,
                most: 4
            }
        );
        assert_eq!(e.field(), Field::FireHands);
        assert_eq!(
            e.to_string(),
            "Embers plays 1 to 4 fire hands with 6 packs (up to the number of packs minus two), and no more than the game's hands (not \"5\")"
        );
        d.fire_hands = Count::Text("0".into());
        assert_eq!(only_error(&d).field(), Field::FireHands);
        d.fire_hands = Count::Text("two".into());
        assert_eq!(only_error(&d).field(), Field::FireHands);
        // Three packs: one fire hand only.
        d.packs = Count::Number(3);
        d.fire_hands = Count::Number(1);
        assert_eq!(EventSettings::parse(&d).unwrap().fire_hands(), 1);
        d.fire_hands = Count::Number(2);
        assert_eq!(
            only_error(&d),
            SettingsError::FireHands {
                given: "2".into(),
                packs: 3,
                most: 1
            }
        );
        // No more fire hands than the game's hands.
        d.packs = Count::Number(8);
        d.hands = Count::Number(4);
        d.fire_hands = Count::Number(5);
        assert_eq!(
            only_error(&d),
            SettingsError::FireHands {
                given: "5".into(),
                packs: 8,
                most: 4
            }
        );
        d.fire_hands = Count::Number(4);
        assert_eq!(EventSettings::parse(&d).unwrap().fire_hands(), 4);
        // Blank is one fire hand, and one is written as blank, so a document without
        // fire hands (written before the setting) reads as one.
        d.fire_hands = Count::Text(String::new());
        let s = EventSettings::parse(&d).unwrap();
        assert_eq!(s.fire_hands(), 1);
        assert_eq!(s.draft().fire_hands, Count::Number(0));
        let json = serde_json::to_string(&SettingsJson::from(&s)).unwrap();
        assert!(!json.contains("fire_hands"), "{json}");
        // Another game: refused when given, 0 when blank.
        let mut c = draft();
        c.fire_hands = Count::Text("2".into());
        assert_eq!(
            only_error(&c),
            SettingsError::FireHandsNotEmbers(GameKind::Calypso)
        );
        assert!(
            only_error(&c)
                .to_string()
                .ends_with("leave fire_hands blank for Calypso"),
            "{}",
            only_error(&c)
        );
        c.fire_hands = Count::default();
        assert_eq!(EventSettings::parse(&c).unwrap().fire_hands(), 0);
        let mut a = draft();
        a.game = "auction".into();
        a.format = "progressive-individual".into();
        a.hands = Count::Number(18);
        assert_eq!(EventSettings::parse(&a).unwrap().fire_hands(), 0);
        a.fire_hands = Count::Number(1);
        assert_eq!(
            only_error(&a),
            SettingsError::FireHandsNotEmbers(GameKind::Auction)
        );
        // An Embers event turned to Calypso by a partial update (its draft with the game
        // and counts changed) is not refused for the default fire hand.
        let mut turned = EventSettings::parse(&d).unwrap().draft();
        turned.game = "calypso".into();
        turned.format = "pairs-mitchell".into();
        turned.hands = Count::default();
        turned.packs = Count::default();
        assert_eq!(EventSettings::parse(&turned).unwrap().fire_hands(), 0);
    }

    #[test]
    fn embers_is_a_progressive_of_agreed_hands_and_packs_three_by_default() {
        let mut d = draft();
        d.game = "embers".into();
        d.format = "progressive".into();
        d.hands = Count::Text("6".into());
        let s = EventSettings::parse(&d).unwrap();
        assert_eq!((s.hands(), s.packs()), (6, 3));
        let e = s.embers_spec().unwrap();
        assert_eq!((e.hands, e.packs, e.fire_hands), (6, 3, 1));
        // Stored and read back, through the draft and the JSON document alike.
        assert_eq!(EventSettings::parse(&s.draft()).unwrap(), s);
        let json = serde_json::to_string(&SettingsJson::from(&s)).unwrap();
        assert!(json.contains(r#""hands":6,"packs":3"#), "{json}");
        let back: SettingsJson = serde_json::from_str(&json).unwrap();
        assert_eq!(EventSettings::parse(&back.into()).unwrap(), s);
        d.hands = Count::Text(String::new());
        assert_eq!(only_error(&d), SettingsError::Hands(String::new()));
        d.hands = Count::Number(41);
        assert_eq!(only_error(&d).field(), Field::Hands);
        d.hands = Count::Number(4);
        d.packs = Count::Text("2".into());
        assert_eq!(only_error(&d), SettingsError::Packs("2".into()));
        d.packs = Count::default();
        d.format = "pairs-mitchell".into();
        assert_eq!(only_error(&d), SettingsError::EmbersFormat);
        // Hands belong to Embers: another game with hands given is told so; a JSON document
        // without them (0) reads as none.
        d.format = "progressive".into();
        d.game = "calypso".into();
        let e = only_error(&d);
        assert_eq!(
            e,
            SettingsError::NotContinuous(Field::Hands, GameKind::Calypso)
        );
        assert_eq!(
            e.to_string(),
            "hands is for Embers and Auction Calypso, whose games run over hands dealt at the table; leave it blank for Calypso"
        );
        d.hands = Count::Number(0);
        let s = EventSettings::parse(&d).unwrap();
        assert!(s.embers_spec().is_none());
        assert!(
            !serde_json::to_string(&SettingsJson::from(&s))
                .unwrap()
                .contains("hands")
        );
    }

    #[test]
    fn kaiso_is_the_standard_partnership_game_in_every_format() {
        let mut d = draft();
        d.game = "kaiso".into();
        let s = EventSettings::parse(&d).unwrap();
        assert_eq!(s.game(), GameKind::Kaiso);
        assert_eq!(s.entry_kind(), EntryKind::Pair);
        assert_eq!(EventSettings::parse(&s.draft()).unwrap(), s);
        d.format = "team-match".into();
        assert!(EventSettings::parse(&d).is_ok());
        // The progressives too: their tallies take the partnerships' Kaiso totals.
        d.format = "progressive".into();
        assert_eq!(
            EventSettings::parse(&d).unwrap().format(),
            EventFormat::Progressive
        );
        d.format = "progressive-individual".into();
        assert_eq!(
            EventSettings::parse(&d).unwrap().entry_kind(),
            EntryKind::Individual
        );
        d.format = "pairs-mitchell".into();
        d.variant = "cutthroat-4".into();
        let e = only_error(&d);
        assert_eq!(e, SettingsError::KaisoVariant(Variant::CutThroat4));
        assert_eq!(e.field(), Field::Variant);
        d.game = "bridge".into();
        d.variant = "standard".into();
        assert_eq!(
            only_error(&d).to_string(),
            "the game is calypso, kaiso, embers, auction or auction-pairs (not \"bridge\")"
        );
        // Blank is Calypso, as every event was before Kaiso.
        d.game = " ".into();
        assert_eq!(EventSettings::parse(&d).unwrap().game(), GameKind::Calypso);
    }

    #[test]
    fn duet_seats_individuals_in_a_mitchell_and_nothing_else() {
        let mut d = draft();
        for v in Variant::DUET {
            d.variant = v.name().into();
            d.format = "pairs-mitchell".into();
            let s = EventSettings::parse(&d).unwrap();
            assert_eq!(s.entry_kind(), EntryKind::Individual);
            assert_eq!(s.game_spec().people(), 2);
            for f in ["team-match", "progressive", "progressive-individual"] {
                d.format = f.into();
                let e = only_error(&d);
                assert_eq!(
                    (e.clone(), e.field()),
                    (SettingsError::DuetFormat, Field::Format)
                );
            }
        }
        d.format = "pairs-mitchell".into();
        d.game = "kaiso".into();
        assert_eq!(
            only_error(&d),
            SettingsError::KaisoVariant(Variant::DuetCallAndResponse)
        );
    }

    #[test]
    fn settings_json_written_before_kaiso_reads_as_calypso() {
        let s = EventSettings::parse(&draft()).unwrap();
        let mut v = serde_json::to_value(SettingsJson::from(&s)).unwrap();
        assert_eq!(v["game"], "calypso");
        v.as_object_mut().unwrap().remove("game");
        let back: SettingsJson = serde_json::from_value(v).unwrap();
        assert_eq!(EventSettings::parse(&back.into()).unwrap(), s);
    }
}
