//! The game an event's tables play on its boards, Calypso or Kaiso: a name of its own, so
//! that the settings (which choose it) and the table's report (which is read by it) both
//! take it from here.

use std::fmt;

/// The game the tables play on the event's boards: Calypso (in any variant), or Kaiso
/// (Calypso's deal and trick play, with songs scored instead of calypsos).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameKind {
    #[default]
    Calypso,
    Kaiso,
}

impl GameKind {
    pub const ALL: [GameKind; 2] = [GameKind::Calypso, GameKind::Kaiso];
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Calypso => "calypso",
            GameKind::Kaiso => "kaiso",
        }
    }
    pub const fn label(self) -> &'static str {
        match self {
            GameKind::Calypso => "Calypso",
            GameKind::Kaiso => "Kaiso",
        }
    }
    pub const fn description(self) -> &'static str {
        match self {
            GameKind::Calypso => "Calypsos, calypsos in progress and trick piles.",
            GameKind::Kaiso => {
                "Kaiso v0.0.1: the same deal and tricks; the winner of a trick builds songs (chords and scales) or ditches the cards."
            }
        }
    }
    pub fn from_name(s: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|g| g.name() == s)
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
