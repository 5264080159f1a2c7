//! What the table-phone benchmarks (`load`, `sim_load`) share: a table page as a phone
//! opens it, the result form it sends, the confirmation, and the figures' percentile. Each
//! includes it with `#[path]` (`standings_load` has no phones).

use reqwest::StatusCode;

/// Nearest-rank percentile of sorted microseconds, in milliseconds.
pub fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1] as f64 / 1000.0
}

/// The percentiles `ps` of sorted microseconds as a figures table's cells, in milliseconds:
/// each a space, then the figure right-aligned in `width` with one decimal.
pub fn percentile_cells(sorted: &[u32], ps: &[f64], width: usize) -> String {
    ps.iter()
        .map(|&p| format!(" {:>width$.1}", percentile(sorted, p)))
        .collect()
}

/// A table page's result form's fields: every player with no calypso and nothing in
/// progress, the trick piles split in whole tricks (always a valid report), varied by
/// `variant` (table and round).
pub fn result_form(csrf: &str, round: &str, board: &str, variant: usize) -> Vec<(String, String)> {
    let (ns, ew) = [(104, 104), (100, 108), (112, 96), (88, 120)][variant % 4];
    let mut f: Vec<(String, String)> = vec![
        ("csrf_token".into(), csrf.into()),
        ("round".into(), round.into()),
        ("board".into(), board.into()),
    ];
    for seat in ["N", "E", "S", "W"] {
        f.push((format!("calypsos_{seat}"), "0".into()));
        f.push((format!("ranks_{seat}"), String::new()));
    }
    f.push(("piles_NS".into(), ns.to_string()));
    f.push(("piles_EW".into(), ew.to_string()));
    f.push(("revokes_NS".into(), "0".into()));
    f.push(("revokes_EW".into(), "0".into()));
    f
}

/// An unexpected answer, for the error list: its status and the start of its body.
pub async fn refusal(r: reqwest::Response) -> String {
    let status = r.status();
    let text: String = r
        .text()
        .await
        .unwrap_or_default()
        .chars()
        .take(300)
        .collect();
    format!("{status} {text}")
}

/// A table page (`GET /t/{code}`), or why not.
pub async fn table_page(http: &reqwest::Client, base: &str, code: &str) -> Result<String, String> {
    match http.get(format!("{base}/t/{code}")).send().await {
        Ok(r) if r.status() == StatusCode::OK => {
            r.text().await.map_err(|e| format!("GET /t/{code}: {e}"))
        }
        Ok(r) => Err(format!("GET /t/{code}: {}", r.status())),
        Err(e) => Err(format!("GET /t/{code}: {e}")),
    }
}

/// The other phone agrees to the saved result (`POST /t/{code}/confirm`, answered 303).
pub async fn post_confirm(
    http: &reqwest::Client,
    base: &str,
    code: &str,
    csrf: &str,
    result: &str,
) -> Result<(), String> {
    let r = http
        .post(format!("{base}/t/{code}/confirm"))
        .form(&[
            ("csrf_token", csrf),
            ("result", result),
            ("answer", "agree"),
        ])
        .send()
        .await;
    match r {
        Ok(r) if r.status() == StatusCode::SEE_OTHER => Ok(()),
        Ok(r) => Err(format!("confirm at /t/{code}: {}", refusal(r).await)),
        Err(e) => Err(format!("confirm at /t/{code}: {e}")),
    }
}
