//! Random tokens (links, sessions, API tokens, CSRF) and how they are stored: hashed.

use rand::Rng;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// 32 random bytes from the thread RNG (a CSPRNG seeded from the OS), hex.
pub fn random_token() -> String {
    let mut b = [0u8; 32];
    rand::rng().fill_bytes(&mut b);
    hex::encode(b)
}

/// Tokens are stored hashed: a leaked database gives no working link, login or API token.
pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

pub fn constant_time_eq(a: &str, b: &str) -> bool {
    a.as_bytes().ct_eq(b.as_bytes()).into()
}

/// Prefix of API tokens, so a leaked one is recognisable (e.g. by secret scanners).
pub const API_TOKEN_PREFIX: &str = "cdt_";

/// A new API token as shown (once) to its director.
pub fn new_api_token() -> String {
    format!("{API_TOKEN_PREFIX}{}", random_token())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_fresh_hex_and_hash_to_fixed_length() {
        let (a, b) = (random_token(), random_token());
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        assert_eq!(hash_token(&a).len(), 64);
        assert_ne!(hash_token(&a), a);
        assert!(constant_time_eq(&a, &a.clone()) && !constant_time_eq(&a, &b));
        assert!(new_api_token().starts_with("cdt_"));
    }
}
