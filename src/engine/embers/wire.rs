//! Embers' JSON shapes beyond Kaiso's (see [`crate::engine::kaiso::wire`]).

/// Values by seat as an object keyed by seat letter; a seat left out has none.
pub mod seat_opts {
    use crate::engine::kaiso::wire::{read_seat_object, seat_object};
    use serde::de::Deserializer;
    use serde::{Deserialize, Serialize, Serializer};

    pub fn serialize<S: Serializer, T: Serialize>(
        values: &[Option<T>; 4],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        seat_object(s, values.each_ref().map(Option::as_ref))
    }

    pub fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
        d: D,
    ) -> Result<[Option<T>; 4], D::Error> {
        read_seat_object(d)
    }
}
