//! The charts' geometry: an entry's running percentage or tally round by round, and the
//! spread of a board's nets. Everything is placed here in the SVG's own units (a 360-wide
//! viewBox drawn at the page's width, so 13-unit text is 12 px or more on a 390 px phone),
//! and the askama partials `_chart_running.html` and `_chart_nets.html` only print it.

use serde::Serialize;

use crate::event::standings::{Num, Running, Scorecard, Traveller};

/// The viewBox width: about a phone's width in CSS pixels, so the units are near pixels.
pub const WIDTH: f32 = 360.0;
const HEIGHT: f32 = 230.0;
const LEFT: f32 = 46.0;
const RIGHT: f32 = WIDTH - 12.0;
const TOP: f32 = 30.0;
const BOTTOM: f32 = HEIGHT - 42.0;
/// Most bars before nets are put into ranges: each bar keeps room for a label like "-1250".
const MOST_BARS: usize = 7;
const BINS: usize = 6;

/// A gridline or axis mark with its label's place.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Tick {
    /// Where the line is: y for a value tick, x for a round or net tick.
    pub at: f32,
    pub label_x: f32,
    pub label_y: f32,
    pub label: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Dot {
    pub x: f32,
    pub y: f32,
    /// "Round 2: 62.5%", shown on hover or read out.
    pub title: String,
}

/// An entry's running figure, one point per round it played.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LineChart {
    pub title: String,
    pub width: f32,
    pub height: f32,
    pub left: f32,
    pub right: f32,
    pub top: f32,
    pub bottom: f32,
    /// The polyline's points, "x,y x,y ...".
    pub points: String,
    pub dots: Vec<Dot>,
    pub y_ticks: Vec<Tick>,
    pub x_ticks: Vec<Tick>,
    /// 50% for percentages, 0 for tallies and margins; its label sits at the right end.
    pub reference: Tick,
    /// Axis titles: the value's above the plot, the rounds' below it.
    pub y_label: &'static str,
    pub x_label: &'static str,
    pub x_label_x: f32,
    pub x_label_y: f32,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Bar {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
    /// The count printed above the bar.
    pub count: u32,
    pub count_x: f32,
    pub count_y: f32,
    /// "Net 250: 2 tables".
    pub title: String,
}

/// How many tables had each net on a board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BarChart {
    pub title: String,
    pub width: f32,
    pub height: f32,
    pub left: f32,
    pub right: f32,
    pub top: f32,
    pub bottom: f32,
    pub bars: Vec<Bar>,
    /// Under each bar (one net each), or at the ranges' edges.
    pub x_ticks: Vec<Tick>,
    pub y_ticks: Vec<Tick>,
    pub y_label: &'static str,
    pub x_label: &'static str,
    pub x_label_x: f32,
    pub x_label_y: f32,
}

/// To a tenth of a unit: short attributes, and no float noise in the SVG.
fn r(x: f32) -> f32 {
    (x * 10.0).round() / 10.0
}

/// A round step (1, 2 or 5 times a power of ten) giving at most `most` steps over `span`.
fn nice_step(span: f64, most: u32) -> f64 {
    let raw = (span / f64::from(most)).max(1.0);
    let power = 10f64.powi(raw.log10().floor() as i32);
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * power)
}

fn value_tick(y: f32, label: String) -> Tick {
    Tick {
        at: r(y),
        label_x: LEFT - 6.0,
        label_y: r(y + 4.5),
        label,
    }
}

fn bottom_tick(x: f32, label: String) -> Tick {
    Tick {
        at: r(x),
        label_x: r(x),
        label_y: BOTTOM + 18.0,
        label,
    }
}

/// The running percentage (matchpoints) or running tally or margin (progressive, team
/// match) after each round the entry played; None before it has played.
pub fn running(card: &Scorecard) -> Option<LineChart> {
    let values: Vec<(u32, f64)> = card.by_round.iter().map(|&(rd, v)| (rd, v.0)).collect();
    let title = format!(
        "{}: running {} by round",
        card.name,
        match card.running {
            Running::Percent => "percentage",
            Running::Tally => "tally",
            Running::Margin => "margin",
        }
    );
    let y_label = match card.running {
        Running::Percent => "Running %",
        Running::Tally => "Running tally",
        Running::Margin => "Running margin",
    };
    line(
        &values,
        card.running == Running::Percent,
        title,
        (y_label, "Round"),
        |round, value| format!("Round {round}: {value}"),
    )
}

/// A player's average percentage over their events, oldest first: `events` is each event's
/// label ("2026-06-01 Club Night") and the average after it. None without events.
pub fn average_by_event(name: &str, events: &[(String, f64)]) -> Option<LineChart> {
    let values: Vec<(u32, f64)> = events
        .iter()
        .enumerate()
        .map(|(i, &(_, v))| (i as u32 + 1, v))
        .collect();
    line(
        &values,
        true,
        format!("{name}: average percentage, event by event"),
        ("Average %", "Event (oldest first)"),
        |n, value| {
            let label = events
                .get(n as usize - 1)
                .map(|e| e.0.as_str())
                .unwrap_or("");
            format!("{label}: average {value}")
        },
    )
}

/// A line of values at whole-numbered steps (rounds, events): a percentage around 50%, or a
/// tally or margin around 0. `labels` are the value's and the steps' axis titles.
fn line(
    values: &[(u32, f64)],
    percent: bool,
    title: String,
    labels: (&'static str, &'static str),
    dot_title: impl Fn(u32, String) -> String,
) -> Option<LineChart> {
    let (first, last) = (values.first()?.0, values.last()?.0);
    let (lo, hi) = values
        .iter()
        .fold((f64::MAX, f64::MIN), |(lo, hi), &(_, v)| {
            (lo.min(v), hi.max(v))
        });
    let reference = if percent { 50.0 } else { 0.0 };
    let (lo, hi) = (lo.min(reference), hi.max(reference));
    let (lo, hi, step) = if percent {
        // At least 40-60 around the 50% line, on tens, within 0-100.
        let lo = ((lo.min(40.0) / 10.0).floor() * 10.0).max(0.0);
        let hi = ((hi.max(60.0) / 10.0).ceil() * 10.0).min(100.0);
        (lo, hi, if hi - lo > 50.0 { 20.0 } else { 10.0 })
    } else {
        let step = nice_step(hi - lo, 4);
        let lo = (lo / step).floor() * step;
        let hi = ((hi / step).ceil() * step).max(lo + step);
        (lo, hi, step)
    };
    let y_of = |v: f64| BOTTOM - ((v - lo) / (hi - lo)) as f32 * (BOTTOM - TOP);
    let span = (last - first).max(1) as f32;
    let x_of = |round: u32| {
        if first == last {
            (LEFT + RIGHT) / 2.0
        } else {
            LEFT + 12.0 + (round - first) as f32 / span * (RIGHT - LEFT - 24.0)
        }
    };
    let fmt = |v: f64| {
        if percent {
            format!("{}%", Num(v))
        } else {
            format!("{}", Num(v))
        }
    };
    let dots: Vec<Dot> = values
        .iter()
        .map(|&(round, v)| Dot {
            x: r(x_of(round)),
            y: r(y_of(v)),
            title: dot_title(round, fmt(v)),
        })
        .collect();
    let points = dots
        .iter()
        .map(|d| format!("{},{}", d.x, d.y))
        .collect::<Vec<_>>()
        .join(" ");
    let mut y_ticks = Vec::new();
    let mut v = lo;
    while v <= hi + 1e-9 {
        y_ticks.push(value_tick(y_of(v), fmt(v)));
        v += step;
    }
    // Every round labelled while they fit (about 26 units each), else every k-th.
    let every = ((last - first + 1) as f32 / ((RIGHT - LEFT) / 26.0))
        .ceil()
        .max(1.0) as u32;
    let x_ticks = (first..=last)
        .filter(|rd| (rd - first) % every == 0)
        .map(|rd| bottom_tick(x_of(rd), rd.to_string()))
        .collect();
    Some(LineChart {
        title,
        width: WIDTH,
        height: HEIGHT,
        left: LEFT,
        right: RIGHT,
        top: TOP,
        bottom: BOTTOM,
        points,
        dots,
        y_ticks,
        x_ticks,
        // Labelled at its right end, above the line.
        reference: Tick {
            at: r(y_of(reference)),
            label_x: RIGHT - 2.0,
            // Below the line when it runs along the top.
            label_y: r(if y_of(reference) < TOP + 12.0 {
                y_of(reference) + 15.0
            } else {
                y_of(reference) - 5.0
            }),
            label: fmt(reference),
        },
        y_label: labels.0,
        x_label: labels.1,
        x_label_x: (LEFT + RIGHT) / 2.0,
        x_label_y: BOTTOM + 36.0,
    })
}

/// The spread of a board's nets: a bar per net when there are few, else a bar per range of
/// nets; None when no table has a scored result.
pub fn nets(t: &Traveller) -> Option<BarChart> {
    let first = t.nets.first()?.0;
    let last = t.nets.last()?.0;
    // (lowest net, highest net, tables) per bar.
    let bins: Vec<(i64, i64, u32)> = if t.nets.len() <= MOST_BARS {
        t.nets.iter().map(|&(n, c)| (n, n, c)).collect()
    } else {
        let step = nice_step((last - first + 1) as f64, BINS as u32) as i64;
        let start = first.div_euclid(step) * step;
        let count = ((last - start) / step + 1) as usize;
        let mut bins: Vec<(i64, i64, u32)> = (0..count as i64)
            .map(|k| (start + k * step, start + (k + 1) * step - 1, 0))
            .collect();
        for &(n, c) in &t.nets {
            let k = ((n - start) / step) as usize;
            if let Some(b) = bins.get_mut(k) {
                b.2 += c;
            }
        }
        bins
    };
    let ranged = t.nets.len() > MOST_BARS;
    let most = bins.iter().map(|b| b.2).max().unwrap_or(1).max(1);
    let step = nice_step(f64::from(most), 4) as u32;
    let top_count = most.div_ceil(step) * step;
    // Room above the tallest bar for its count, under the axis title.
    let y_of = |c: u32| BOTTOM - c as f32 / top_count as f32 * (BOTTOM - TOP - 14.0);
    let slot = (RIGHT - LEFT) / bins.len() as f32;
    // Bars at most 56 wide, so three nets do not make three slabs.
    let gap = (slot * 0.2).min(12.0).max(slot - 56.0);
    let plural = |c: u32| if c == 1 { "table" } else { "tables" };
    let bars = bins
        .iter()
        .enumerate()
        .map(|(k, &(lo, hi, c))| {
            let x = LEFT + k as f32 * slot + gap / 2.0;
            let y = y_of(c);
            let what = if lo == hi {
                format!("Net {lo}")
            } else {
                format!("Nets {lo} to {hi}")
            };
            Bar {
                x: r(x),
                y: r(y),
                w: r(slot - gap),
                h: r(BOTTOM - y),
                count: c,
                count_x: r(x + (slot - gap) / 2.0),
                count_y: r(y - 5.0),
                title: format!("{what}: {c} {}", plural(c)),
            }
        })
        .collect();
    let x_ticks = if ranged {
        // The ranges' edges: each bar runs from its label to the next.
        (0..=bins.len())
            .map(|k| {
                let edge = bins.first().map_or(0, |b| b.0) + k as i64 * (bins[0].1 - bins[0].0 + 1);
                bottom_tick(LEFT + k as f32 * slot, edge.to_string())
            })
            .collect()
    } else {
        bins.iter()
            .enumerate()
            .map(|(k, b)| bottom_tick(LEFT + (k as f32 + 0.5) * slot, b.0.to_string()))
            .collect()
    };
    let y_ticks = (0..=top_count / step)
        .map(|k| value_tick(y_of(k * step), (k * step).to_string()))
        .collect();
    Some(BarChart {
        title: format!("Board {}: tables by net", t.board),
        width: WIDTH,
        height: HEIGHT,
        left: LEFT,
        right: RIGHT,
        top: TOP,
        bottom: BOTTOM,
        bars,
        x_ticks,
        y_ticks,
        y_label: "Tables",
        x_label: if ranged {
            "Net ranges (majors minus minors)"
        } else {
            "Net (majors minus minors)"
        },
        x_label_x: (LEFT + RIGHT) / 2.0,
        x_label_y: BOTTOM + 36.0,
    })
}

impl Scorecard {
    pub fn chart(&self) -> Option<LineChart> {
        running(self)
    }
}

impl Traveller {
    pub fn chart(&self) -> Option<BarChart> {
        nets(self)
    }
}

#[cfg(test)]
mod tests {
    use askama::Template;

    use super::*;
    use crate::event::standings::tests::{PAIRS, TALLY, TEAM, more_sheets, view};

    /// The partials as the pages include them, each with its `chart` in scope.
    #[derive(Template)]
    #[template(path = "_chart_running.html")]
    struct RunningSvg<'a> {
        chart: &'a LineChart,
    }

    #[derive(Template)]
    #[template(path = "_chart_nets.html")]
    struct NetsSvg<'a> {
        chart: &'a BarChart,
    }

    /// Every `name="number"` attribute value in the SVG.
    fn attrs(svg: &str, name: &str) -> Vec<f32> {
        let key = format!(" {name}=\"");
        svg.match_indices(&key)
            .filter_map(|(i, _)| {
                let rest = &svg[i + key.len()..];
                rest[..rest.find('"')?].parse().ok()
            })
            .collect()
    }

    /// Phone-readable: drawn at the page's width from a 360-wide viewBox, no text under 13
    /// units (12 px when the chart is 333 px wide), everything inside the viewBox.
    fn check_svg(svg: &str, width: f32, height: f32) {
        assert!(svg.trim_start().starts_with("<svg"), "{svg}");
        assert!(svg.trim_end().ends_with("</svg>"), "{svg}");
        assert!(svg.contains(&format!("viewBox=\"0 0 {width} {height}\" width=\"100%\"")));
        assert_eq!(width, WIDTH);
        let sizes = attrs(svg, "font-size");
        assert!(
            !sizes.is_empty() && sizes.iter().all(|&s| s >= 13.0),
            "{sizes:?}"
        );
        for x in ["x", "x1", "x2", "cx"].iter().flat_map(|a| attrs(svg, a)) {
            assert!((0.0..=width).contains(&x), "x {x} outside: {svg}");
        }
        for y in ["y", "y1", "y2", "cy"].iter().flat_map(|a| attrs(svg, a)) {
            assert!((0.0..=height).contains(&y), "y {y} outside: {svg}");
        }
    }

    /// A player's average over their events: a dot per event, titled with the event, the
    /// same phone-readable picture as the round-by-round charts; nothing without events.
    #[test]
    fn the_average_by_event_has_a_dot_per_event() {
        let events: Vec<(String, f64)> = [
            ("2026-01-05 New Year", 62.5),
            ("2026-02-02 Winter", 50.0),
            ("2026-03-02 Spring", 47.9),
        ]
        .into_iter()
        .map(|(l, v)| (l.to_string(), v))
        .collect();
        let chart = average_by_event("Ann Walker", &events).unwrap();
        let svg = RunningSvg { chart: &chart }.render().unwrap();
        check_svg(&svg, chart.width, chart.height);
        assert_eq!(svg.matches("<circle").count(), 3);
        assert!(
            svg.contains("<title>2026-02-02 Winter: average 50%</title>"),
            "{svg}"
        );
        assert!(svg.contains("Ann Walker: average percentage, event by event"));
        assert_eq!(chart.reference.label, "50%");
        assert_eq!(chart.x_label, "Event (oldest first)");
        // Higher on the page is a higher average.
        assert!(chart.dots[0].y < chart.dots[1].y && chart.dots[1].y < chart.dots[2].y);
        assert!(average_by_event("Nobody", &[]).is_none());
    }

    /// The pages' charts of every example sheet: one dot and one polyline point per round
    /// played, one bar per net, all inside the picture. Written to the test's own folder
    /// (kept in `CALYPSO_VIEW_DIR` when that is set, to be looked at).
    #[test]
    fn the_charts_render_with_a_point_per_round_and_a_bar_per_net() {
        let (_keep, dir) = view_dir();
        let mut sheets = vec![
            ("pairs", PAIRS.to_string()),
            ("tally", TALLY.to_string()),
            ("team", TEAM.to_string()),
        ];
        for (i, s) in more_sheets().into_iter().enumerate() {
            sheets.push((["switched", "own", "neuberg"][i], s));
        }
        for (name, text) in sheets {
            let v = view(&text);
            for card in &v.scorecards {
                let chart = card.chart().unwrap();
                let svg = RunningSvg { chart: &chart }.render().unwrap();
                check_svg(&svg, chart.width, chart.height);
                let played = card.by_round.len();
                assert_eq!(svg.matches("<circle").count(), played, "{name}");
                let points = svg
                    .split("<polyline points=\"")
                    .nth(1)
                    .and_then(|s| s.split('"').next())
                    .unwrap();
                assert_eq!(points.split(' ').count(), played, "{name}");
                let reference = if card.running == Running::Percent {
                    "50%"
                } else {
                    "0"
                };
                assert_eq!(chart.reference.label, reference);
                assert!(svg.contains(&format!(">{reference}</text>")));
                assert_eq!(
                    chart.x_ticks.len(),
                    (card.by_round.last().unwrap().0 - card.by_round[0].0 + 1) as usize
                );
                std::fs::write(
                    dir.join(format!("{name}-running-{}.svg", card.number)),
                    &svg,
                )
                .unwrap();
            }
            for t in &v.travellers {
                let chart = t.chart().unwrap();
                let svg = NetsSvg { chart: &chart }.render().unwrap();
                check_svg(&svg, chart.width, chart.height);
                assert_eq!(svg.matches("class=\"bar\"").count(), t.nets.len(), "{name}");
                let tables: u32 = chart.bars.iter().map(|b| b.count).sum();
                assert_eq!(
                    tables as usize,
                    t.lines.iter().filter(|l| l.net.is_some()).count()
                );
                std::fs::write(dir.join(format!("{name}-nets-{}.svg", t.board)), &svg).unwrap();
            }
        }
    }

    /// Where a test writes pictures to be looked at: a folder of its own (removed when the
    /// guard drops), or `CALYPSO_VIEW_DIR` when set. Never a folder another test makes.
    fn view_dir() -> (Option<tempfile::TempDir>, std::path::PathBuf) {
        match std::env::var_os("CALYPSO_VIEW_DIR") {
            Some(d) => {
                let d = std::path::PathBuf::from(d);
                std::fs::create_dir_all(&d).unwrap();
                (None, d)
            }
            None => {
                let t = tempfile::tempdir().unwrap();
                let d = t.path().to_path_buf();
                (Some(t), d)
            }
        }
    }

    /// Many distinct nets go into at most seven ranges that hold every table.
    #[test]
    fn many_nets_are_put_into_ranges() {
        let mut t = view(PAIRS).travellers.remove(0);
        t.nets = (0..20)
            .map(|k| (k * 37 - 300, 1 + (k % 3) as u32))
            .collect();
        let chart = nets(&t).unwrap();
        assert!(chart.bars.len() <= MOST_BARS, "{}", chart.bars.len());
        let tables: u32 = chart.bars.iter().map(|b| b.count).sum();
        assert_eq!(tables, t.nets.iter().map(|n| n.1).sum::<u32>());
        assert_eq!(chart.x_ticks.len(), chart.bars.len() + 1);
        let first: i64 = chart.x_ticks[0].label.parse().unwrap();
        let last: i64 = chart.x_ticks.last().unwrap().label.parse().unwrap();
        assert!(first <= -300 && last > 403, "{first}..{last}");
        let svg = NetsSvg { chart: &chart }.render().unwrap();
        check_svg(&svg, chart.width, chart.height);
        let (_keep, dir) = view_dir();
        std::fs::write(dir.join("ranges-nets.svg"), svg).unwrap();
        // No scored result (all adjusted): no chart.
        t.nets.clear();
        assert!(nets(&t).is_none());
    }

    #[test]
    fn nice_steps_are_one_two_or_five() {
        assert_eq!(nice_step(100.0, 4), 50.0);
        assert_eq!(nice_step(600.0, 4), 200.0);
        assert_eq!(nice_step(3.0, 4), 1.0);
        assert_eq!(nice_step(1250.0, 6), 500.0);
    }
}
