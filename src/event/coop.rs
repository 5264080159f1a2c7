//! A coöperative table's result as its players read it: the table total (both sides'
//! stored scores, which add up to the engine's table total: `table_report` charges each
//! revoke to the revoking side) and its grade, bands of our own (`engine::score::grade`,
//! docs/variants.md). Pure.

use crate::engine::{GameSpec, Scoring, grade};

/// A coöperative table's total and grade.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableGrade {
    pub total: i64,
    /// "A" to "E".
    pub letter: &'static str,
    /// The band in words: "6,000 to 9,499: about two calypsos each".
    pub words: &'static str,
}

/// The table total and grade of a result's two stored side scores, for a coöperative game;
/// `None` for any other game (its sides compete, and their scores do not add up to anything).
pub fn table_grade(spec: &GameSpec, majors: i32, minors: i32) -> Option<TableGrade> {
    (spec.scoring == Scoring::Cooperative).then(|| {
        let total = i64::from(majors) + i64::from(minors);
        let g = grade(total);
        TableGrade {
            total,
            letter: g.letter(),
            words: g.words(),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Variant;

    #[test]
    fn a_cooperative_table_is_graded_on_its_total_and_no_other_game_is() {
        let coop = GameSpec::new(Variant::Cooperative);
        let g = table_grade(&coop, 3_400, 2_700).unwrap();
        assert_eq!((g.total, g.letter), (6_100, "B"));
        assert!(g.words.contains("two calypsos each"));
        assert_eq!(table_grade(&coop, 1_000, 1_000).unwrap().letter, "E");
        assert_eq!(
            table_grade(&GameSpec::new(Variant::Standard), 3_400, 2_700),
            None
        );
    }
}
