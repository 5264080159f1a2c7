//! Screenshots of pages for a person to look at: taken only when `CALYPSO_SCREENSHOTS`
//! names a folder, by headless Chromium while the test's server runs.

use super::TestApp;

/// The page at `path` as `{CALYPSO_SCREENSHOTS}/{name}.png`, `width` by `height` px; nothing
/// when the variable is not set. Chromium runs off the test's thread (the server keeps
/// serving).
pub async fn screenshot(app: &TestApp, path: &str, name: &str, (width, height): (u32, u32)) {
    let Ok(dir) = std::env::var("CALYPSO_SCREENSHOTS") else {
        return;
    };
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("{}{path}", app.address);
    let file = format!("{dir}/{name}.png");
    let ran = tokio::task::spawn_blocking(move || {
        std::process::Command::new("chromium")
            .args([
                "--headless",
                "--no-sandbox",
                "--hide-scrollbars",
                &format!("--screenshot={file}"),
                &format!("--window-size={width},{height}"),
                &url,
            ])
            .output()
    })
    .await
    .unwrap();
    assert!(
        ran.as_ref().is_ok_and(|o| o.status.success()),
        "chromium for {name}: {ran:?}"
    );
}
