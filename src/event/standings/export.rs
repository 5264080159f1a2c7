//! The standings and travellers as CSV for spreadsheets: a header row, then a row per
//! entry or per table, figures as in the scoring output (two decimals, whole numbers bare)
//! and blank cells where a figure does not apply.

use super::EventStandings;

fn cell<T: ToString>(v: Option<T>) -> String {
    v.map_or(String::new(), |v| v.to_string())
}

/// Rows to CSV text. Writing to memory cannot fail, and every cell is a Rust string, so
/// the text is UTF-8.
pub fn to_csv(rows: Vec<Vec<String>>) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    for row in rows {
        w.write_record(&row).expect("CSV into memory");
    }
    let bytes = w.into_inner().expect("CSV into memory");
    String::from_utf8(bytes).expect("CSV of strings is UTF-8")
}

/// A row per entry, field by field, best first.
pub fn standings_csv(s: &EventStandings) -> String {
    let mut rows = vec![
        [
            "field",
            "place",
            "entry",
            "name",
            "played",
            "matchpoints",
            "max",
            "percent",
            "tally",
            "total",
            "winner",
            "mark",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for f in &s.fields {
        for r in &f.rows {
            rows.push(vec![
                f.field.to_string(),
                r.place.clone(),
                r.entry.clone(),
                r.name.clone(),
                r.played.to_string(),
                cell(r.matchpoints),
                cell(r.max),
                cell(r.percent),
                cell(r.tally),
                cell(r.total),
                if r.winner { "yes" } else { "" }.to_string(),
                cell(r.mark.map(|m| m.label())),
            ]);
        }
    }
    to_csv(rows)
}

/// A row per table of every board, in board, round, table order. A team match's `swing`
/// is the board's swing of the first team, named in the header (`swing A`).
pub fn travellers_csv(s: &EventStandings) -> String {
    let swing = match &s.team {
        Some(t) => format!("swing {}", t.teams[0].0),
        None => "swing".into(),
    };
    let mut rows = vec![
        [
            "board",
            "top",
            "round",
            "table",
            "majors",
            "majors_name",
            "minors",
            "minors_name",
            "majors_score",
            "minors_score",
            "net",
            "majors_mp",
            "minors_mp",
            "swing",
            "mark",
        ]
        .map(|h| {
            if h == "swing" {
                swing.clone()
            } else {
                h.to_string()
            }
        })
        .to_vec(),
    ];
    for t in &s.travellers {
        for l in &t.lines {
            rows.push(vec![
                t.board.to_string(),
                cell(t.top),
                l.round.to_string(),
                l.table.to_string(),
                l.majors.to_string(),
                l.majors_name.clone(),
                l.minors.to_string(),
                l.minors_name.clone(),
                l.majors_score.clone(),
                l.minors_score.clone(),
                cell(l.net),
                cell(l.majors_mp),
                cell(l.minors_mp),
                cell(t.swing),
                cell(l.mark.map(|m| m.label())),
            ]);
        }
    }
    to_csv(rows)
}

#[cfg(test)]
mod tests {
    use super::super::tests::{PAIRS, TALLY, TEAM, view};
    use super::super::{EntryNames, Mark, ResultMarks, build};
    use super::*;
    use crate::scoring::sheet;

    fn read(text: &str) -> (Vec<String>, Vec<Vec<String>>) {
        let mut r = csv::Reader::from_reader(text.as_bytes());
        let header = r.headers().unwrap().iter().map(String::from).collect();
        let rows = r
            .records()
            .map(|rec| rec.unwrap().iter().map(String::from).collect())
            .collect();
        (header, rows)
    }

    #[test]
    fn standings_read_back_as_in_the_scoring_output() {
        let s = sheet::parse(PAIRS).unwrap();
        // A name with a comma and quotes must survive the round trip.
        let names = EntryNames::pairs().with(1, "Lee, Ann & \"Bob\" Ray");
        let mut marks = ResultMarks::new();
        marks.mark(2, 2, 1, Mark::Disputed);
        let v = build(&s, &names, &marks).unwrap();
        let (header, rows) = read(&standings_csv(&v));
        assert_eq!(
            header,
            [
                "field",
                "place",
                "entry",
                "name",
                "played",
                "matchpoints",
                "max",
                "percent",
                "tally",
                "total",
                "winner",
                "mark"
            ]
        );
        assert_eq!(rows.len(), 6);
        assert_eq!(
            rows[0],
            [
                "majors",
                "1",
                "1",
                "Lee, Ann & \"Bob\" Ray",
                "3",
                "11.5",
                "12",
                "95.83",
                "",
                "",
                "yes",
                ""
            ]
        );
        // Pair 2 played the disputed board; pair 5 won nothing.
        assert_eq!(
            rows[2][2..],
            [
                "2",
                "Pair 2",
                "3",
                "1.5",
                "12",
                "12.5",
                "",
                "",
                "",
                "under review"
            ]
        );
        assert_eq!(
            (
                rows[3][0].as_str(),
                rows[3][2].as_str(),
                rows[3][10].as_str()
            ),
            ("minors", "6", "yes")
        );
        assert_eq!(rows[5][7], "38.33");

        let (_, rows) = read(&standings_csv(&view(TALLY)));
        assert_eq!(rows[0][..5], ["all", "1", "2", "Pair 2", "3"]);
        assert_eq!(rows[0][8], "300");
        assert_eq!(rows[3][8], "-600");
        let (_, rows) = read(&standings_csv(&view(TEAM)));
        assert_eq!(rows[0][..4], ["teams", "1", "A", "Team A"]);
        assert_eq!((rows[0][9].as_str(), rows[1][9].as_str()), ("6600", "6500"));
    }

    #[test]
    fn travellers_read_back_a_line_per_table() {
        let (header, rows) = read(&travellers_csv(&view(PAIRS)));
        assert_eq!(header.len(), 15);
        assert_eq!(header[13], "swing");
        assert_eq!(rows.len(), 9);
        assert_eq!(
            rows[0],
            [
                "1", "4", "1", "1", "1", "Pair 1", "4", "Pair 4", "1850", "1600", "250", "4", "0",
                "", ""
            ]
        );
        // The adjusted table on board 2.
        assert_eq!(
            rows[4][8..13],
            ["ave+ (60%)", "ave- (40%)", "", "2.4", "1.6"]
        );
        let (header, rows) = read(&travellers_csv(&view(TEAM)));
        assert_eq!(header[13], "swing A");
        assert_eq!(rows.len(), 4);
        assert_eq!(rows[0][1], "", "a team match has no top");
        assert_eq!((rows[0][10].as_str(), rows[0][13].as_str()), ("250", "50"));
        let (_, rows) = read(&travellers_csv(&view(TALLY)));
        assert!(rows.is_empty(), "a progressive's games have no boards");
    }
}
