//! Settings shared by every process on this database (e.g. the session cookie key).

use diesel::prelude::*;

use super::schema::app_settings;
use super::{DbConnection, DbError, is_unique_violation};

/// Reads a shared setting, creating it with `make()` the first time. When two processes
/// race, the loser's insert fails on the key and it reads the winner's value.
pub fn setting_or_insert(
    conn: &mut DbConnection,
    key: &str,
    make: impl FnOnce() -> String,
) -> Result<String, DbError> {
    let read = |conn: &mut DbConnection| {
        app_settings::table
            .filter(app_settings::name.eq(key))
            .select(app_settings::value)
            .first::<String>(conn)
            .optional()
    };
    if let Some(v) = read(conn)? {
        return Ok(v);
    }
    match diesel::insert_into(app_settings::table)
        .values((app_settings::name.eq(key), app_settings::value.eq(make())))
        .execute(conn)
    {
        Ok(_) => {}
        Err(e) if is_unique_violation(&e) => {}
        Err(e) => return Err(e.into()),
    }
    Ok(read(conn)?.ok_or(diesel::result::Error::NotFound)?)
}
