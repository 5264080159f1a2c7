//! Typed ids: a club's id cannot be passed where an event's is expected. Storage turns them
//! into and out of integer columns; routes parse them from paths.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(i32);

        impl $name {
            pub const fn new(raw: i32) -> $name {
                $name(raw)
            }
            /// The integer a database column holds.
            pub const fn get(self) -> i32 {
                self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl FromStr for $name {
            type Err = BadId;
            fn from_str(s: &str) -> Result<$name, BadId> {
                match s.parse::<i32>() {
                    Ok(n) if n > 0 => Ok($name(n)),
                    _ => Err(BadId(s.to_string())),
                }
            }
        }
    };
}

/// Text that is not an id (ids are positive integers).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not an id")]
pub struct BadId(pub String);

id_type!(
    /// A club: the tenant every other row belongs to.
    ClubId
);
id_type!(EventId);
id_type!(PlayerId);
id_type!(DirectorId);
id_type!(
    /// A pair, team or individual entered in an event.
    EntryId
);
id_type!(
    /// One board's result at one table in one round.
    ResultId
);
id_type!(InviteId);
id_type!(
    /// A simultaneous event: one deal set, several clubs' heats.
    SimId
);
id_type!(ApiTokenId);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_parse_from_paths_and_refuse_anything_else() {
        assert_eq!("17".parse::<EventId>(), Ok(EventId::new(17)));
        for bad in ["0", "-3", "x", "", "1.5", "99999999999"] {
            assert!(bad.parse::<EventId>().is_err(), "{bad}");
        }
        assert_eq!(ClubId::new(4).to_string(), "4");
        assert_eq!(serde_json::to_string(&PlayerId::new(9)).unwrap(), "9");
    }
}
