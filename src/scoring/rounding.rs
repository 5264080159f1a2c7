//! How a figure is rounded for display: a robot par, a net against it, a percentage or
//! matchpoints. One rule for the command line, the site, the PDFs and the CSVs, so the same
//! figure never reads differently in two places: halves round away from zero (-268.5 is
//! -269, 268.5 is 269, 12.345 is 12.35), as `f64::round` does. Rust's `{:.0}` formatting
//! rounds halves to even instead, so no figure is shown through it (docs/scoring.md).

use serde::{Serialize, Serializer};
use serde_json::Value;

/// `x` rounded to a whole number, halves away from zero; bounded so the cast is defined
/// (a stored figure is read back with its checks, the bound only guards the cast).
pub fn whole(x: f64) -> i64 {
    x.round().clamp(-1e15, 1e15) as i64
}

/// `x` in whole hundredths, halves away from zero: a percentage or matchpoints as written
/// with two decimals, and how two of them compare as shown.
pub fn hundredths(x: f64) -> i64 {
    whole(x * 100.0)
}

/// Matchpoints, a percentage or an adjusted share, rounded to two decimals when written:
/// whole numbers without a fraction (8, not 8.0), others as the shortest decimal of the
/// rounded value (30.5, not 30.499999).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Points(pub f64);

impl Serialize for Points {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // The one display rounding (halves away from zero), in whole hundredths; a figure
        // beyond an exact i64 (or not a number) is written as the float it is.
        if !(self.0 * 100.0).is_finite() || (self.0 * 100.0).abs() >= 9.0e15 {
            return s.serialize_f64((self.0 * 100.0).round() / 100.0);
        }
        let h = hundredths(self.0);
        if h % 100 == 0 {
            s.serialize_i64(h / 100)
        } else {
            s.serialize_f64(h as f64 / 100.0)
        }
    }
}

/// `x` rounded to two decimals, as a JSON number: written as the standings write their
/// points ([`Points`]), so the two cannot differ.
pub fn number(x: f64) -> Value {
    serde_json::to_value(Points(x)).unwrap_or(Value::Null)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_round_away_from_zero_at_both_precisions() {
        assert_eq!(whole(-268.5), -269);
        assert_eq!(whole(268.5), 269);
        assert_eq!(whole(-268.4), -268);
        assert_eq!(whole(0.5), 1);
        assert_eq!(whole(-0.5), -1);
        assert_eq!(whole(f64::NAN), 0);
        assert_eq!(hundredths(12.125), 1213);
        assert_eq!(hundredths(-0.125), -13);
        assert_eq!(hundredths(95.833), 9583);
    }
}
