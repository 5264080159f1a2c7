//! An event's deal key and its public commitment. The key seeds every board of the event;
//! publishing SHA-256(key) before play proves afterwards that the deals were not changed.

use rand::Rng;
use sha2::{Digest, Sha256};

use crate::db::models::DealKey;

/// The deal algorithm version stored with each key.
pub const ALGORITHM: &str = "v1";

/// A fresh random 32-byte key, its hex form and commitment (SHA-256 hex of the key bytes).
pub fn generate() -> DealKey {
    let mut key = [0u8; 32];
    rand::rng().fill_bytes(&mut key);
    DealKey {
        algorithm: ALGORITHM.to_string(),
        key_hex: hex::encode(key),
        commitment: hex::encode(Sha256::digest(key)),
    }
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

    #[test]
    fn keys_are_fresh_and_match_their_commitment() {
        let a = generate();
        let b = generate();
        assert_eq!(a.key_hex.len(), 64);
        assert_ne!(a.key_hex, b.key_hex);
        assert!(verify(&a.key_hex, &a.commitment));
        assert!(!verify(&b.key_hex, &a.commitment));
    }
}
