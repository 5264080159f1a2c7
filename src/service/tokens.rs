//! Random tokens (links, sessions, API tokens, CSRF) and how they are stored: hashed. And
//! each director's API tokens: made, listed, revoked, and who calls with one.

use rand::{Rng, RngExt};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::db::{self, DbConnection, DbError};
use crate::event::club::{ApiToken, Club, Director};
use crate::event::{ApiTokenId, DirectorId};

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

/// Makes a new API token for the director under this name, stored hashed: the token itself
/// is returned to be shown once, and never again.
pub fn create_api_token(
    conn: &mut DbConnection,
    director: DirectorId,
    name: &str,
) -> Result<String, DbError> {
    let token = new_api_token();
    db::accounts::create_api_token(conn, director, name, &hash_token(&token))?;
    Ok(token)
}

/// The director's API tokens, revoked ones too, newest first (names and dates, never the
/// tokens).
pub fn api_tokens_of(
    conn: &mut DbConnection,
    director: DirectorId,
) -> Result<Vec<ApiToken>, DbError> {
    db::accounts::api_tokens_of(conn, director)
}

/// Revokes one of the director's own API tokens; false if they have no such token.
pub fn revoke_api_token(
    conn: &mut DbConnection,
    director: DirectorId,
    id: ApiTokenId,
) -> Result<bool, DbError> {
    db::accounts::revoke_api_token(conn, director, id)
}

/// The director (and their club) calling the API with this bearer token, if it is not revoked
/// and they are not removed; records when it was last used.
pub fn director_for_api_token(
    conn: &mut DbConnection,
    token: &str,
) -> Result<Option<(Director, Club)>, DbError> {
    db::accounts::director_for_api_token(conn, &hash_token(token))
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
