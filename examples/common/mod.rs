//! What the HTTP benchmarks (`load`, `standings_load`, `sim_load`) share: starting the application
//! `serve` runs on a fresh SQLite file, and setting up a club, its owner and a director's
//! API token through the pages, as a director would. Not an example of its own (Cargo takes
//! only `examples/*.rs` and `examples/*/main.rs` as examples).

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use calypso_director::web::{Application, Config};
use reqwest::StatusCode;
use reqwest::cookie::Jar;
use serde_json::Value;

pub const PASSWORD: &str = "a long enough password for the benchmark";
pub const CLUB: &str = "load";

/// The `value` of the input named `name` in a page, whatever the attributes' order.
pub fn input_value(html: &str, name: &str) -> Option<String> {
    let at = html.find(&format!("name=\"{name}\""))?;
    let start = html[..at].rfind('<')?;
    let end = at + html[at..].find('>')?;
    let tag = &html[start..end];
    let v = tag.find("value=\"")? + "value=\"".len();
    Some(tag[v..].split('"').next()?.to_string())
}

/// A client that keeps its cookies and does not follow redirects (as the tests' Browser).
/// Its idle connections are dropped after 4 s: actix-web answers 408 to a connection's
/// first request when that comes more than 5 s after the connection opened (its client
/// request timeout), and hyper's pool may keep a connection it opened for a request that
/// went out on another one, unused, for later (one 408 in one of the runs before this).
pub fn browser() -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_provider(Arc::new(Jar::default()))
        .redirect(reqwest::redirect::Policy::none())
        .pool_idle_timeout(Duration::from_secs(4))
        .timeout(Duration::from_secs(60))
        .build()
        .expect("an HTTP client")
}

pub struct Api {
    pub http: reqwest::Client,
    pub base: String,
    pub token: String,
}

impl Api {
    /// A client of the API at `base` with a director's `token`; a request may take 60 s.
    pub fn new(base: &str, token: String) -> Result<Api, String> {
        Ok(Api {
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(60))
                .build()
                .map_err(|e| e.to_string())?,
            base: base.to_string(),
            token,
        })
    }

    pub async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Value,
    ) -> Result<Value, String> {
        let r = self
            .http
            .request(method.clone(), format!("{}/api/v1{path}", self.base))
            .bearer_auth(&self.token)
            .json(&body)
            .send()
            .await
            .map_err(|e| format!("{method} {path}: {e}"))?;
        let status = r.status();
        let text = r
            .text()
            .await
            .map_err(|e| format!("{method} {path}: {e}"))?;
        if !status.is_success() {
            return Err(format!("{method} {path}: {status} {text}"));
        }
        serde_json::from_str(&text).map_err(|e| format!("{method} {path}: {e}: {text}"))
    }

    /// The event at `path` (`/events/{id}`) given pair entries 1 to `pairs`
    /// ([`pair_entry`]) and the movement `movement`, then made ready and running.
    pub async fn pairs_running(
        &self,
        path: &str,
        pairs: u32,
        movement: Value,
    ) -> Result<(), String> {
        for i in 1..=pairs {
            self.call(
                reqwest::Method::POST,
                &format!("{path}/entries"),
                pair_entry(i),
            )
            .await?;
        }
        self.call(reqwest::Method::PUT, &format!("{path}/movement"), movement)
            .await?;
        for to in ["ready", "running"] {
            self.call(
                reqwest::Method::POST,
                &format!("{path}/status"),
                serde_json::json!({"to": to}),
            )
            .await?;
        }
        Ok(())
    }

    pub async fn get(&self, path: &str) -> Result<Value, String> {
        let r = self
            .http
            .get(format!("{}/api/v1{path}", self.base))
            .bearer_auth(&self.token)
            .send()
            .await
            .map_err(|e| format!("GET {path}: {e}"))?;
        let status = r.status();
        let text = r.text().await.map_err(|e| format!("GET {path}: {e}"))?;
        if status != StatusCode::OK {
            return Err(format!("GET {path}: {status} {text}"));
        }
        serde_json::from_str(&text).map_err(|e| format!("GET {path}: {e}"))
    }
}

/// The club, its owner and a director's API token, through the setup, login and tokens
/// pages, as a director would.
pub async fn director_token(base: &str, setup_link: &str) -> Result<String, String> {
    let (_, token) =
        club_director(base, setup_link, "Load Club", CLUB, "olive@example.org").await?;
    Ok(token)
}

/// A club named `club_name` at `slug` made through the setup link, its owner (`email`)
/// logged in, and an API token of theirs: the owner's browser (its login cookie) and the
/// token.
pub async fn club_director(
    base: &str,
    setup_link: &str,
    club_name: &str,
    slug: &str,
    email: &str,
) -> Result<(reqwest::Client, String), String> {
    let b = browser();
    let page = async |path: &str| -> Result<String, String> {
        let r = b
            .get(format!("{base}{path}"))
            .send()
            .await
            .map_err(|e| format!("GET {path}: {e}"))?;
        r.text().await.map_err(|e| format!("GET {path}: {e}"))
    };
    let post = async |path: &str, form: &[(&str, &str)]| -> Result<reqwest::Response, String> {
        b.post(format!("{base}{path}"))
            .form(form)
            .send()
            .await
            .map_err(|e| format!("POST {path}: {e}"))
    };
    let setup_path = setup_link
        .strip_prefix(base)
        .ok_or("the setup link is not on this server")?;
    let setup_token = setup_path.split("token=").nth(1).ok_or("no setup token")?;
    let csrf = input_value(&page(setup_path).await?, "csrf_token").ok_or("no csrf on /setup")?;
    let r = post(
        "/setup",
        &[
            ("csrf_token", &csrf),
            ("token", setup_token),
            ("club_name", club_name),
            ("slug", slug),
            ("name", "Olive Owner"),
            ("email", email),
            ("password", PASSWORD),
            ("password_confirm", PASSWORD),
        ],
    )
    .await?;
    if r.status() != StatusCode::SEE_OTHER {
        return Err(format!("setup of {slug}: {}", r.status()));
    }
    let csrf = input_value(&page("/login").await?, "csrf_token").ok_or("no csrf on /login")?;
    let r = post(
        "/login",
        &[
            ("csrf_token", &csrf),
            ("email", email),
            ("password", PASSWORD),
        ],
    )
    .await?;
    if r.status() != StatusCode::SEE_OTHER {
        return Err(format!("login to {slug}: {}", r.status()));
    }
    let tokens = format!("/c/{slug}/tokens");
    let csrf = input_value(&page(&tokens).await?, "csrf_token").ok_or("no csrf on tokens")?;
    let r = post(
        &tokens,
        &[("csrf_token", &csrf), ("name", "load benchmark")],
    )
    .await?;
    let body = r.text().await.map_err(|e| e.to_string())?;
    let i = body.find("id=\"new-token\">").ok_or("no new token shown")? + "id=\"new-token\">".len();
    let token = body[i..].split('<').next().unwrap_or("").trim().to_string();
    Ok((b, token))
}

/// Starts the application `serve` runs, on its own thread and actix runtime, with its log as
/// `serve` has it by default (a request only when slow or failed) going to `log`. Returns its base URL and the
/// first-start setup link.
pub fn start_server(url: &str, log: std::fs::File) -> Result<(String, String), String> {
    start_app(server_config(url), log)
}

/// The configuration [`start_server`] runs: `serve`'s, on a random port, without the robot
/// par and without robots at online tables.
pub fn server_config(url: &str) -> Config {
    Config {
        bind: "127.0.0.1:0".into(),
        base_url: None,
        secure_cookies: false,
        database_url: Some(url.to_string()),
        // No robot par: its background games would take the cores the load is measured on.
        par: None,
        trusted_proxies: Vec::new(),
        tuning: Default::default(),
        db_pool: calypso_director::web::config::DEFAULT_DB_POOL,
        clock: calypso_director::web::config::Clock::system(),
        // No robots at online tables either: no table here is played online.
        robot_seats: false,
    }
}

/// [`start_server`] with another configuration (`online_load` turns the robots at online
/// tables on).
pub fn start_app(config: Config, log: std::fs::File) -> Result<(String, String), String> {
    let _ = tracing_subscriber::fmt()
        .with_writer(Mutex::new(log))
        .with_ansi(false)
        .with_env_filter(tracing_subscriber::EnvFilter::new(
            calypso_director::web::startup::DEFAULT_LOG,
        ))
        .try_init();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let r = actix_web::rt::System::new().block_on(async move {
            match Application::build(config) {
                Ok(app) => {
                    let link = app.setup_link().unwrap_or("").to_string();
                    let _ = tx.send(Ok((app.base_url().to_string(), link)));
                    app.run_until_stopped().await.map_err(|e| e.to_string())
                }
                Err(e) => {
                    let _ = tx.send(Err(e.to_string()));
                    Ok(())
                }
            }
        });
        if let Err(e) = r {
            eprintln!("server error: {e}");
        }
    });
    rx.recv().map_err(|e| e.to_string())?
}

/// A benchmark's options as read, or its exit with 2 and the reason on standard error after
/// its `name`.
pub fn opts_or_exit<O>(name: &str, opts: Result<O, String>) -> O {
    opts.unwrap_or_else(|e| {
        eprintln!("{name}: {e}");
        std::process::exit(2);
    })
}

/// The body of pair entry `i` as the benchmarks enter them: "North i" and "South i".
pub fn pair_entry(i: impl std::fmt::Display) -> Value {
    serde_json::json!({"kind": "pair", "players": [{"name": format!("North {i}")}, {"name": format!("South {i}")}]})
}

/// A benchmark's end: exit 0 when it ran and found nothing wrong, 1 when it found something
/// wrong or could not run (the reason on standard error after the benchmark's `name`).
pub fn exit_with(name: &str, ran: Result<bool, String>) -> ! {
    let code = match ran {
        Ok(true) => 0,
        Ok(false) => 1,
        Err(e) => {
            eprintln!("{name}: {e}");
            1
        }
    };
    std::process::exit(code);
}

/// Prints what a server logged as wrong (its slow requests and server errors among them):
/// `server log{label}: N ERROR/WARN lines`, then the first `most` of them. Answers N.
pub fn print_server_log(path: &Path, label: &str, most: usize) -> usize {
    let logged = std::fs::read_to_string(path).unwrap_or_default();
    let bad: Vec<&str> = logged
        .lines()
        .filter(|l| l.contains(" ERROR ") || l.contains(" WARN "))
        .collect();
    println!("server log{label}: {} ERROR/WARN lines", bad.len());
    for l in bad.iter().take(most) {
        println!("  {l}");
    }
    bad.len()
}
