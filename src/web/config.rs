//! Configuration from the environment (see docs/web.md's configuration table).

/// What the server needs to start; read once at start.
#[derive(Clone, Debug)]
pub struct Config {
    /// `CALYPSO_BIND`, default `127.0.0.1:8080` (the `--bind` flag wins).
    pub bind: String,
    /// `CALYPSO_BASE_URL`: how people reach the server, for links printed in logs and shown
    /// on pages (setup and invite links). Unset: `http://` and the bound address.
    pub base_url: Option<String>,
    /// `CALYPSO_SECURE_COOKIES=1` when served over HTTPS (behind a TLS proxy).
    pub secure_cookies: bool,
    /// `DATABASE_URL`: `postgres://...`, `sqlite://path`, a file path, or unset for `calypso.db`.
    pub database_url: Option<String>,
}

pub const DEFAULT_BIND: &str = "127.0.0.1:8080";
/// Largest form body accepted (bytes); larger gets 413.
pub const FORM_LIMIT: usize = 64 * 1024;
/// Largest JSON body accepted by the API (bytes).
pub const JSON_LIMIT: usize = 64 * 1024;

#[derive(Debug, thiserror::Error)]
#[error("CALYPSO_SECURE_COOKIES must be 1/true/yes or 0/false/no, not \"{0}\"")]
pub struct ConfigError(String);

impl Config {
    pub fn from_env(bind_flag: Option<String>) -> Result<Config, ConfigError> {
        let var = |k: &str| std::env::var(k).ok().filter(|v| !v.trim().is_empty());
        let bind = bind_flag
            .or_else(|| var("CALYPSO_BIND"))
            .unwrap_or_else(|| DEFAULT_BIND.to_string());
        let secure_cookies = match var("CALYPSO_SECURE_COOKIES").as_deref() {
            None | Some("0") | Some("false") | Some("no") => false,
            Some("1") | Some("true") | Some("yes") => true,
            Some(other) => return Err(ConfigError(other.to_string())),
        };
        let base_url = var("CALYPSO_BASE_URL").map(|u| u.trim_end_matches('/').to_string());
        Ok(Config {
            bind,
            base_url,
            secure_cookies,
            database_url: var("DATABASE_URL"),
        })
    }

    /// The base URL once the server runs (the builder fills it in).
    pub fn base_url(&self) -> &str {
        self.base_url.as_deref().unwrap_or("")
    }
}
