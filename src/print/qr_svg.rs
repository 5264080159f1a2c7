//! A QR code as an inline SVG (the event page's seat links, #39): one path of the dark
//! modules, a quiet zone of four modules, 120 CSS pixels square (about 3 px a module for a
//! seat link: scannable from a screen). Pure.

use qrcode::{EcLevel, QrCode};

/// Modules of light margin around the code (the standard's quiet zone).
const QUIET: usize = 4;

/// A QR code's dark modules as runs along its rows: `(row, first column, past the last)`,
/// without the quiet zone, in a code `width` modules across. Error correction M, as the
/// table cards'. What the page's SVG and the seat slips' PDF both draw.
pub(super) struct QrRuns {
    pub(super) width: usize,
    pub(super) runs: Vec<(usize, usize, usize)>,
}

impl QrRuns {
    pub(super) fn of(text: &str) -> Result<QrRuns, String> {
        let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M)
            .map_err(|e| format!("no QR code for this link: {e}"))?;
        let width = code.width();
        let colors = code.to_colors();
        let mut runs = Vec::new();
        for row in 0..width {
            let mut col = 0;
            while col < width {
                if colors[row * width + col] == qrcode::Color::Dark {
                    let start = col;
                    while col < width && colors[row * width + col] == qrcode::Color::Dark {
                        col += 1;
                    }
                    runs.push((row, start, col));
                } else {
                    col += 1;
                }
            }
        }
        Ok(QrRuns { width, runs })
    }
}

/// The SVG of `text`'s QR code (error correction M, as the table cards'), labelled for a
/// screen reader with `label`; an error in words when the text does not fit a QR code.
pub fn qr_svg(text: &str, label: &str) -> Result<String, String> {
    let code = QrRuns::of(text)?;
    let side = code.width + 2 * QUIET;
    let mut path = String::new();
    for &(row, start, end) in &code.runs {
        path.push_str(&format!(
            "M{} {}h{}v1h-{}z",
            start + QUIET,
            row + QUIET,
            end - start,
            end - start
        ));
    }
    let label = label
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('"', "&quot;");
    Ok(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"120\" height=\"120\" \
         viewBox=\"0 0 {side} {side}\" role=\"img\" \
         aria-label=\"{label}\" shape-rendering=\"crispEdges\"><rect width=\"{side}\" \
         height=\"{side}\" fill=\"#fff\"/><path d=\"{path}\" fill=\"#000\"/></svg>"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_svg_draws_the_codes_dark_modules_inside_a_quiet_zone() {
        let url = "https://club.example/seat/5d0c";
        let svg = qr_svg(url, "QR code <North>").unwrap();
        let code = QrCode::with_error_correction_level(url.as_bytes(), EcLevel::M).unwrap();
        let side = code.width() + 8;
        assert!(
            svg.contains(&format!("viewBox=\"0 0 {side} {side}\"")),
            "{svg}"
        );
        assert!(svg.contains("aria-label=\"QR code &lt;North>\""), "{svg}");
        // The finder pattern's top row: seven dark modules from the quiet zone's edge.
        assert!(svg.contains("M4 4h7v1h-7z"), "{svg}");
        let dark = code
            .to_colors()
            .iter()
            .filter(|c| **c == qrcode::Color::Dark)
            .count();
        let drawn: usize = svg
            .split('h')
            .skip(1)
            .filter_map(|s| s.split('v').next()?.parse::<usize>().ok())
            .sum();
        assert_eq!(drawn, dark, "every dark module drawn once");
    }
}
