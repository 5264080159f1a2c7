//! Random tokens (links, sessions, API tokens, CSRF) and how they are stored: hashed.

use rand::{Rng, RngExt};
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

/// Letters of table codes: no 0/O, 1/I/L, so a code read off a card is typed right.
const TABLE_CODE_LETTERS: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/// 8 letters of 31: about 40 bits, not to be guessed (score entry also limits attempts).
pub const TABLE_CODE_LENGTH: usize = 8;

/// A new table code, e.g. `K7QM3XRA`.
pub fn table_code() -> String {
    let mut rng = rand::rng();
    (0..TABLE_CODE_LENGTH)
        .map(|_| {
            let i = rng.random_range(0..TABLE_CODE_LETTERS.len());
            char::from(TABLE_CODE_LETTERS[i])
        })
        .collect()
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
        let code = table_code();
        assert_eq!(code.len(), TABLE_CODE_LENGTH);
        assert!(code.bytes().all(|b| TABLE_CODE_LETTERS.contains(&b)));
        assert_ne!(table_code(), code);
    }
}
