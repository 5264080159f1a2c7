//! The two partnerships of a Kaiso game, N-S (side 0) and E-W (side 1), and their names.

use serde::{Deserialize, Serialize};

/// The two partnerships: N-S (side 0) and E-W (side 1), as `{"NS": ..., "EW": ...}`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Partnerships<T> {
    #[serde(rename = "NS")]
    pub ns: T,
    #[serde(rename = "EW")]
    pub ew: T,
}

impl<T> Partnerships<T> {
    pub fn from_fn(mut f: impl FnMut(usize) -> T) -> Partnerships<T> {
        Partnerships { ns: f(0), ew: f(1) }
    }

    /// Side 0 is N-S, side 1 is E-W.
    pub fn get(&self, side: usize) -> &T {
        if side == 0 { &self.ns } else { &self.ew }
    }

    pub fn get_mut(&mut self, side: usize) -> &mut T {
        if side == 0 {
            &mut self.ns
        } else {
            &mut self.ew
        }
    }

    pub fn each(&self) -> [(usize, &T); 2] {
        [(0, &self.ns), (1, &self.ew)]
    }
}

/// "NS" or "EW".
pub fn side_code(side: usize) -> &'static str {
    if side == 0 { "NS" } else { "EW" }
}

/// "North-South" or "East-West".
pub fn side_name(side: usize) -> &'static str {
    if side == 0 {
        "North-South"
    } else {
        "East-West"
    }
}
