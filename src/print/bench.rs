//! The PDF benchmark: hand records of 30 boards, the figure docs/performance.md quotes. Medians over
//! repetitions, because the machines this runs on are shared.

use std::time::{Duration, Instant};

use serde::Serialize;

use super::hand_records::{PdfError, PdfKind, PdfOptions, render};
use crate::deals::bench::median;
use crate::deals::{SetKey, board};
use crate::engine::GameSpec;

#[derive(Clone, Debug, Serialize)]
pub struct PdfBench {
    pub boards: u32,
    pub repetitions: usize,
    pub kind: &'static str,
    pub median: Duration,
    pub bytes: usize,
}

/// Renders a hand-record PDF of boards 1..=`boards` `repetitions` times.
pub fn bench_pdf(boards: u32, repetitions: usize, kind: PdfKind) -> Result<PdfBench, PdfError> {
    let spec = GameSpec::default();
    let key = SetKey::from_bytes([0x5a; 32]);
    let set: Vec<_> = (1..=boards.max(1))
        .filter_map(|n| board(&key, n, false, &spec, None).ok())
        .collect();
    let options = PdfOptions {
        kind,
        event_name: Some("Benchmark Pairs".into()),
        date: Some("2025-01-01".into()),
        commitment: Some(key.commitment()),
        game: None,
    };
    let mut times = Vec::new();
    let mut bytes = 0;
    for _ in 0..repetitions.max(1) {
        let start = Instant::now();
        let pdf = render(&set, &spec, &options)?;
        times.push(start.elapsed());
        bytes = pdf.len();
    }
    Ok(PdfBench {
        boards: set.len() as u32,
        repetitions: repetitions.max(1),
        kind: PdfKind::NAMES[kind as usize],
        median: median(times),
        bytes,
    })
}

pub fn pdf_bench_text(b: &PdfBench) -> String {
    format!(
        "pdf ({}): {} boards x {} repetitions\n  render median {:.1} ms, {} bytes ({:.1} KB)\n",
        b.kind,
        b.boards,
        b.repetitions,
        b.median.as_secs_f64() * 1e3,
        b.bytes,
        b.bytes as f64 / 1024.0
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pdf_bench_reports_a_real_file_size() {
        let b = bench_pdf(2, 1, PdfKind::Records).unwrap();
        assert_eq!(b.boards, 2);
        assert!(b.bytes > 1000, "{}", b.bytes);
    }
}
