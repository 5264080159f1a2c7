//! An adjusted score for one side of a table: the one type and the one parser behind the
//! score sheet of `calypso-director score`, the director's ruling form, the API and an
//! imported file. The spellings are those documented (docs/scoring.md, docs/api.md,
//! docs/export-format.md, the ruling form's hint): `ave+` (60% of the board's top), `ave`
//! (50%), `ave-` (40%), or a percentage from 0 to 100, as a number or as text (a trailing
//! `%` allowed; a fraction such as 37.5 too, as the score sheet has always taken). Letter
//! case and spaces around are forgiven; nothing else is (`a+` is not a documented name).

use std::fmt;

use serde::{Serialize, Serializer};
use serde_json::Value;

use super::rounding::{Points, number};

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Adjusted {
    /// Average-plus: 60%.
    AvePlus,
    /// Average: 50%.
    Ave,
    /// Average-minus: 40%.
    AveMinus,
    /// Any percentage from 0 to 100 (finite: the parser takes nothing else).
    Percent(f64),
}

// Every percentage is finite (see `Adjusted::percentage`), so equality is an equivalence.
impl Eq for Adjusted {}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not an adjusted score: use ave+, ave, ave- or a percentage from 0 to 100")]
pub struct AdjustedError(pub String);

impl Adjusted {
    /// The share of the board's top, in percent.
    pub fn percent(self) -> f64 {
        match self {
            Adjusted::AvePlus => 60.0,
            Adjusted::Ave => 50.0,
            Adjusted::AveMinus => 40.0,
            Adjusted::Percent(p) => p,
        }
    }

    /// A percentage from 0 to 100; anything else (or not a number) is refused.
    fn percentage(p: f64) -> Option<Adjusted> {
        // `+ 0.0` makes a -0 (a JSON `-0.0`) plain 0.
        (p.is_finite() && (0.0..=100.0).contains(&p)).then_some(Adjusted::Percent(p + 0.0))
    }

    /// `ave+`, `ave`, `ave-`, or a percentage (a trailing `%` is allowed).
    pub fn parse(text: &str) -> Result<Adjusted, AdjustedError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "ave+" => Ok(Adjusted::AvePlus),
            "ave" => Ok(Adjusted::Ave),
            "ave-" => Ok(Adjusted::AveMinus),
            other => {
                let digits = other.trim_end_matches('%').trim();
                // Digits and one point only: no "inf", "nan", "1e2" or a sign.
                let plain = !digits.is_empty()
                    && digits.chars().all(|c| c.is_ascii_digit() || c == '.')
                    && digits.matches('.').count() <= 1;
                plain
                    .then(|| digits.parse::<f64>().ok())
                    .flatten()
                    .and_then(Adjusted::percentage)
                    .ok_or_else(|| AdjustedError(text.to_string()))
            }
        }
    }

    /// As a JSON body or sheet gives it: a name or a percentage as text, or a percentage as
    /// a number.
    pub fn from_json(v: &Value) -> Result<Adjusted, AdjustedError> {
        match v {
            Value::String(t) => Adjusted::parse(t),
            Value::Number(n) => n
                .as_f64()
                .and_then(Adjusted::percentage)
                .ok_or_else(|| AdjustedError(n.to_string())),
            other => Err(AdjustedError(other.to_string())),
        }
    }

    /// As a page shows it: "ave+ (60%)", "45%", "37.5%" (two decimals at most).
    pub fn label(self) -> String {
        match self {
            Adjusted::Percent(p) => format!("{}%", number(p)),
            other => format!("{other} ({}%)", other.percent()),
        }
    }
}

/// As stored and written in a file: "ave+", "ave", "ave-", "45".
impl fmt::Display for Adjusted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Adjusted::AvePlus => f.write_str("ave+"),
            Adjusted::Ave => f.write_str("ave"),
            Adjusted::AveMinus => f.write_str("ave-"),
            // Rust writes a whole f64 without a fraction ("45") and any other as the
            // shortest text that reads back as the same number ("37.5").
            Adjusted::Percent(p) => write!(f, "{p}"),
        }
    }
}

/// In the standings' JSON: a name as text, a percentage as a number (two decimals at most).
impl Serialize for Adjusted {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Adjusted::Percent(p) => Points(*p).serialize(s),
            other => s.collect_str(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_documented_spellings_are_read_and_nothing_else() {
        assert_eq!(Adjusted::parse("ave+"), Ok(Adjusted::AvePlus));
        assert_eq!(Adjusted::parse(" AVE- "), Ok(Adjusted::AveMinus));
        assert_eq!(Adjusted::parse("ave"), Ok(Adjusted::Ave));
        assert_eq!(Adjusted::parse("45%"), Ok(Adjusted::Percent(45.0)));
        assert_eq!(Adjusted::parse("37.5"), Ok(Adjusted::Percent(37.5)));
        assert_eq!(Adjusted::parse("0"), Ok(Adjusted::Percent(0.0)));
        // Undocumented short names, out of range, not a plain number: refused, the text named.
        for bad in [
            "a+", "a", "a-", "ave++", "101", "-5", "100.5", "", "nan", "inf", "1e2", "4.5.1",
        ] {
            let e = Adjusted::parse(bad).unwrap_err();
            assert_eq!(e, AdjustedError(bad.to_string()));
        }
        assert_eq!(
            Adjusted::parse("a+").unwrap_err().to_string(),
            "\"a+\" is not an adjusted score: use ave+, ave, ave- or a percentage from 0 to 100"
        );
        assert_eq!(Adjusted::from_json(&json!(45)), Ok(Adjusted::Percent(45.0)));
        assert_eq!(
            Adjusted::from_json(&json!(37.5)),
            Ok(Adjusted::Percent(37.5))
        );
        assert_eq!(
            Adjusted::from_json(&json!("45")),
            Ok(Adjusted::Percent(45.0))
        );
        assert!(Adjusted::from_json(&json!(101)).is_err());
        assert!(Adjusted::from_json(&json!(-0.5)).is_err());
        assert!(Adjusted::from_json(&json!(true)).is_err());
        assert_eq!(Adjusted::AvePlus.percent(), 60.0);
        assert_eq!(Adjusted::Ave.percent(), 50.0);
        assert_eq!(Adjusted::AveMinus.percent(), 40.0);
        assert_eq!(Adjusted::AvePlus.label(), "ave+ (60%)");
        assert_eq!(Adjusted::Percent(45.0).label(), "45%");
        assert_eq!(Adjusted::Percent(45.0).to_string(), "45");
        assert_eq!(Adjusted::Percent(37.5).label(), "37.5%");
        for a in [
            Adjusted::AvePlus,
            Adjusted::Ave,
            Adjusted::AveMinus,
            Adjusted::Percent(7.0),
            Adjusted::Percent(37.5),
        ] {
            assert_eq!(Adjusted::parse(&a.to_string()), Ok(a));
            assert_eq!(
                Adjusted::from_json(&serde_json::to_value(a).unwrap()),
                Ok(a)
            );
        }
    }
}
