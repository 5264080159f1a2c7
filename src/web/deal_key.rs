//! An event's deal key and its public commitment. The key seeds every board of the event;
//! publishing SHA-256(key) before play proves afterwards that the deals were not changed.

use sha2::{Digest, Sha256};

use crate::db::models::DealKey;
use crate::deals::{DealError, SetKey};

/// The deal algorithm version stored with each key.
pub const ALGORITHM: &str = crate::deals::ALGORITHM;

/// A fresh set key from the deals module, its hex form and commitment (SHA-256 hex of the
/// key bytes).
pub fn generate() -> Result<DealKey, DealError> {
    let key = SetKey::generate()?;
    Ok(DealKey {
        algorithm: ALGORITHM.to_string(),
        key_hex: key.to_hex(),
        commitment: key.commitment(),
    })
}

/// Whether a key matches a published commitment.
pub fn verify(key_hex: &str, commitment: &str) -> bool {
    hex::decode(key_hex)
        .map(|k| hex::encode(Sha256::digest(k)) == commitment)
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deals::SetKey;

    #[test]
    fn keys_are_the_deals_modules_set_keys() {
        let k = generate().unwrap();
        assert_eq!(k.algorithm, crate::deals::ALGORITHM);
        let set = SetKey::from_hex(&k.key_hex).unwrap();
        assert_eq!(set.to_hex(), k.key_hex);
        assert_eq!(set.commitment(), k.commitment);
    }

    #[test]
    fn keys_are_fresh_and_match_their_commitment() {
        let a = generate().unwrap();
        let b = generate().unwrap();
        assert_eq!(a.key_hex.len(), 64);
        assert_ne!(a.key_hex, b.key_hex);
        assert!(verify(&a.key_hex, &a.commitment));
        assert!(!verify(&b.key_hex, &a.commitment));
    }
}
