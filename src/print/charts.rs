//! The charts' geometry: an entry's running percentage or tally round by round, and the
//! spread of a board's nets. Everything is placed here in the SVG's own units (a 360-wide
//! viewBox drawn at the page's width, so 13-unit text is 12 px or more on a 390 px phone),
//! and the askama partials `_chart_running.html` and `_chart_nets.html` only print it.

use serde::Serialize;

use crate::event::seats::SideNames;
use crate::event::standings::{Num, Running, Scorecard, Traveller};

/// The viewBox width: about a phone's width in CSS pixels, so the units are near pixels.
pub const WIDTH: f32 = 360.0;
const HEIGHT: f32 = 230.0;
const LEFT: f32 = 46.0;
const RIGHT: f32 = WIDTH - 12.0;
const TOP: f32 = 30.0;
const BOTTOM: f32 = HEIGHT - 42.0;
/// The nets' strip has no value axis on the left: it runs nearly edge to edge.
const LEFT_STRIP: f32 = 12.0;

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

/// One table's result on a board: a dot at its net, its table number inside.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NetDot {
    pub cx: f32,
    pub cy: f32,
    /// The table number printed in the dot.
    pub label: String,
    /// The label's baseline.
    pub label_y: f32,
    /// "Round 2, table 3: pair 5 (N-S ♠♥) v pair 8 (E-W ♦♣), net 250".
    pub title: String,
}

/// A board's nets as a strip: each table a dot on one axis of nets, tables with near nets
/// stacked, zero marked, each side's end named.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NetsChart {
    pub title: String,
    pub width: f32,
    pub height: f32,
    pub left: f32,
    pub right: f32,
    /// The dots' radius.
    pub radius: f32,
    pub dots: Vec<NetDot>,
    /// The axis line's height; its ticks run down to `tick_y2`, labels under them.
    pub axis_y: f32,
    pub tick_y2: f32,
    pub ticks: Vec<Tick>,
    /// Net 0: a line from `zero_top` down to the axis.
    pub zero_x: f32,
    pub zero_top: f32,
    /// Over each end: which side a net that way favours ("E-W ♦♣ ahead").
    pub low_end: String,
    pub high_end: String,
    pub ends_y: f32,
    pub x_label: String,
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

/// The dots' radius: room for a two-digit table number in 13-unit type.
const DOT_R: f32 = 10.0;
/// Between stacked dots, and between dots side by side.
const DOT_GAP: f32 = 2.0;
/// The strip's margins: the ends' names above, ticks and the axis title below.
const STRIP_TOP: f32 = 30.0;
const STRIP_BELOW: f32 = 46.0;
/// The strip at its lowest: one row of dots, with room to breathe.
const STRIP_MIN_ROWS: usize = 2;

/// A board's nets, one dot per table with a scored result, on an axis running from the
/// lowest to the highest net (zero always in it) with a few round ticks; dots closer than a
/// dot's width are stacked upwards, so equal nets stay visible. None without a scored result.
pub fn nets(t: &Traveller, sides: &SideNames) -> Option<NetsChart> {
    let scored: Vec<(&crate::event::standings::TravellerLine, i64)> = t
        .lines
        .iter()
        .filter_map(|l| l.net.map(|n| (l, n)))
        .collect();
    let lowest = scored.iter().map(|s| s.1).min()?.min(0);
    let highest = scored.iter().map(|s| s.1).max()?.max(0);
    // Round ticks, at most about five, the range widened to them.
    let step = nice_step((highest - lowest) as f64, 4) as i64;
    let mut lo = lowest.div_euclid(step) * step;
    let mut hi = -((-highest).div_euclid(step) * step);
    if lo == hi {
        // Every net 0: a step either side.
        lo -= step;
        hi += step;
    }
    // The dots' centres stay a radius inside the ends.
    let (x0, x1) = (LEFT_STRIP + DOT_R, RIGHT - DOT_R);
    let x_of = |n: i64| x0 + (n - lo) as f32 / (hi - lo) as f32 * (x1 - x0);
    // Stack: lowest net first, each dot on the lowest row where it clears every dot there.
    let mut order: Vec<usize> = (0..scored.len()).collect();
    order.sort_by_key(|&i| (scored[i].1, scored[i].0.round, scored[i].0.table));
    let mut rows: Vec<Vec<f32>> = Vec::new();
    let mut placed: Vec<(usize, f32, usize)> = Vec::new();
    for i in order {
        let x = x_of(scored[i].1);
        let clear = |row: &Vec<f32>| row.iter().all(|&o| (x - o).abs() >= 2.0 * DOT_R + DOT_GAP);
        let row = match rows.iter().position(clear) {
            Some(k) => k,
            None => {
                rows.push(Vec::new());
                rows.len() - 1
            }
        };
        rows[row].push(x);
        placed.push((i, x, row));
    }
    let row_h = 2.0 * DOT_R + DOT_GAP;
    let axis_y = STRIP_TOP + rows.len().max(STRIP_MIN_ROWS) as f32 * row_h + DOT_GAP;
    let height = axis_y + STRIP_BELOW;
    let dots = placed
        .into_iter()
        .map(|(i, x, row)| {
            let (l, net) = scored[i];
            let cy = axis_y - DOT_GAP - DOT_R - row as f32 * row_h;
            NetDot {
                cx: r(x),
                cy: r(cy),
                label: l.table.to_string(),
                label_y: r(cy + 4.5),
                title: format!(
                    "Round {}, table {}: pair {} ({}) v pair {} ({}), net {net}",
                    l.round,
                    l.table,
                    l.majors,
                    sides.majors(),
                    l.minors,
                    sides.minors()
                ),
            }
        })
        .collect();
    let ticks = (0..)
        .map(|k| lo + k * step)
        .take_while(|&n| n <= hi)
        .map(|n| Tick {
            at: r(x_of(n)),
            label_x: r(x_of(n)),
            label_y: r(axis_y + 18.0),
            label: n.to_string(),
        })
        .collect();
    Some(NetsChart {
        title: format!(
            "Board {}: each table's net ({} minus {})",
            t.board,
            sides.majors(),
            sides.minors()
        ),
        width: WIDTH,
        height: r(height),
        left: LEFT_STRIP,
        right: RIGHT,
        radius: DOT_R,
        dots,
        axis_y: r(axis_y),
        tick_y2: r(axis_y + 5.0),
        ticks,
        zero_x: r(x_of(0)),
        zero_top: STRIP_TOP - 4.0,
        low_end: format!("◀ {} ahead", sides.minors()),
        high_end: format!("{} ahead ▶", sides.majors()),
        ends_y: 18.0,
        x_label: format!("Net: {} minus {}", sides.majors(), sides.minors()),
        x_label_x: (LEFT_STRIP + RIGHT) / 2.0,
        x_label_y: r(axis_y + 38.0),
    })
}

impl Scorecard {
    pub fn chart(&self) -> Option<LineChart> {
        running(self)
    }
}

impl Traveller {
    pub fn chart(&self, sides: &SideNames) -> Option<NetsChart> {
        nets(self, sides)
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
        chart: &'a NetsChart,
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
                let chart = t.chart(&SideNames::default()).unwrap();
                let svg = NetsSvg { chart: &chart }.render().unwrap();
                check_svg(&svg, chart.width, chart.height);
                let scored = t.lines.iter().filter(|l| l.net.is_some()).count();
                assert_eq!(svg.matches("<circle").count(), scored, "{name}");
                assert_no_dots_overlap(&chart);
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

    /// A board of `nets`, one table each (table k+1 in round 1), from an example traveller.
    fn board(nets: &[i64]) -> Traveller {
        let mut t = view(PAIRS).travellers.remove(0);
        let line = t.lines[0].clone();
        t.lines = nets
            .iter()
            .enumerate()
            .map(|(k, &n)| crate::event::standings::TravellerLine {
                round: 1,
                table: k as u32 + 1,
                net: Some(n),
                ..line.clone()
            })
            .collect();
        t
    }

    fn strip(values: &[i64]) -> NetsChart {
        let chart = nets(&board(values), &SideNames::default()).unwrap();
        let svg = NetsSvg { chart: &chart }.render().unwrap();
        check_svg(&svg, chart.width, chart.height);
        assert_eq!(svg.matches("<circle").count(), values.len(), "{svg}");
        assert_no_dots_overlap(&chart);
        chart
    }

    /// Dots never cover each other: every table stays visible.
    fn assert_no_dots_overlap(c: &NetsChart) {
        for (i, a) in c.dots.iter().enumerate() {
            assert!(
                a.cx - c.radius >= 0.0 && a.cx + c.radius <= c.width,
                "{a:?}"
            );
            assert!(
                a.cy - c.radius >= c.ends_y && a.cy + c.radius <= c.axis_y,
                "{a:?}"
            );
            for b in &c.dots[i + 1..] {
                let d = ((a.cx - b.cx).powi(2) + (a.cy - b.cy).powi(2)).sqrt();
                assert!(d >= 2.0 * c.radius, "{a:?} overlaps {b:?}");
            }
        }
    }

    /// The tick labels as numbers, and the step between them.
    fn ticks(c: &NetsChart) -> (Vec<i64>, i64) {
        let t: Vec<i64> = c.ticks.iter().map(|t| t.label.parse().unwrap()).collect();
        (t.clone(), t[1] - t[0])
    }

    fn dot(c: &NetsChart, table: u32) -> &NetDot {
        c.dots
            .iter()
            .find(|d| d.label == table.to_string())
            .unwrap()
    }

    /// A few nets: a dot each at its net, left to right, zero marked among round ticks, each
    /// end named for the side it favours, every dot titled with its table and pairs.
    #[test]
    fn a_few_nets_are_dots_along_one_axis_with_zero_marked() {
        let c = strip(&[-250, 120, 980, 410]);
        let (t, step) = ticks(&c);
        assert_eq!(step, 500);
        assert_eq!(t, vec![-500, 0, 500, 1000]);
        let zero = &c.ticks[1];
        assert_eq!(c.zero_x, zero.at);
        // One row: no two nets are close.
        assert!(c.dots.iter().all(|d| d.cy == c.dots[0].cy));
        let xs: Vec<f32> = [1, 2, 4, 3].iter().map(|&k| dot(&c, k).cx).collect();
        assert!(xs.windows(2).all(|w| w[0] < w[1]), "{xs:?}");
        assert!(dot(&c, 1).cx < c.zero_x && dot(&c, 2).cx > c.zero_x);
        // 120 sits 120/1500 of the way from -500 to 1000 past zero's place.
        let per = (c.ticks[3].at - c.ticks[0].at) / 1500.0;
        assert!((dot(&c, 2).cx - (c.zero_x + 120.0 * per)).abs() < 0.2);
        assert_eq!(c.low_end, "◀ E-W ♦♣ ahead");
        assert_eq!(c.high_end, "N-S ♠♥ ahead ▶");
        assert_eq!(c.x_label, "Net: N-S ♠♥ minus E-W ♦♣");
        assert!(
            dot(&c, 3).title.ends_with("(E-W ♦♣), net 980"),
            "{}",
            dot(&c, 3).title
        );
        assert!(dot(&c, 3).title.starts_with("Round 1, table 3: pair "));
    }

    /// Every table on the same net: one place on the axis, the dots stacked, not hidden.
    #[test]
    fn equal_nets_are_stacked() {
        let c = strip(&[300; 5]);
        assert!(c.dots.iter().all(|d| d.cx == c.dots[0].cx));
        let mut ys: Vec<f32> = c.dots.iter().map(|d| d.cy).collect();
        ys.dedup();
        assert_eq!(ys.len(), 5, "{ys:?}");
        // Taller than two rows' strip.
        assert!(c.height > strip(&[300]).height);
        // All zero: a step either side of zero.
        let c = strip(&[0, 0]);
        let (t, _) = ticks(&c);
        assert_eq!(t.first(), Some(&-1));
        assert_eq!(t.last(), Some(&1));
        assert_eq!(dot(&c, 1).cx, c.zero_x);
    }

    /// One result: its dot, with zero still on the axis.
    #[test]
    fn one_net_keeps_zero_on_the_axis() {
        let c = strip(&[1370]);
        let (t, step) = ticks(&c);
        assert_eq!((t[0], *t.last().unwrap(), step), (0, 1500, 500));
        assert!(dot(&c, 1).cx > c.zero_x);
        assert!(dot(&c, 1).cx <= c.ticks.last().unwrap().at);
    }

    /// A large spread keeps a handful of round ticks, every label inside the picture.
    #[test]
    fn a_large_spread_keeps_few_round_ticks() {
        let nets: Vec<i64> = (0..30).map(|k| k * 263 - 3100).collect();
        let c = strip(&nets);
        let (t, step) = ticks(&c);
        assert!(t.len() <= 6, "{t:?}");
        assert_eq!(step, 2000);
        assert!(t.iter().all(|n| n % step == 0));
        assert!(t[0] <= -3100 && *t.last().unwrap() >= 29 * 263 - 3100);
        assert!(c.ticks.windows(2).all(|w| w[1].at - w[0].at >= 45.0));
    }

    /// All nets negative (the E-W pairs did better everywhere): the dots left of zero.
    #[test]
    fn negative_nets_lie_left_of_zero() {
        let c = strip(&[-40, -1210, -660, -45]);
        let (t, _) = ticks(&c);
        assert_eq!(*t.last().unwrap(), 0);
        assert_eq!(c.zero_x, c.ticks.last().unwrap().at);
        assert!(c.dots.iter().all(|d| d.cx < c.zero_x));
        // -40 and -45 are a dot's width apart at most: stacked.
        assert_ne!(dot(&c, 1).cy, dot(&c, 4).cy);
        // No scored result (all adjusted): no chart.
        let mut t = board(&[10]);
        t.lines[0].net = None;
        assert!(nets(&t, &SideNames::default()).is_none());
    }

    #[test]
    fn nice_steps_are_one_two_or_five() {
        assert_eq!(nice_step(100.0, 4), 50.0);
        assert_eq!(nice_step(600.0, 4), 200.0);
        assert_eq!(nice_step(3.0, 4), 1.0);
        assert_eq!(nice_step(1250.0, 6), 500.0);
    }
}
