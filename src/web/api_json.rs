//! JSON that more than one of the API's files answers with.

use crate::event::rounds::OpenGame;

/// The open games as the API lists them: `[{"round": 1, "table": 2, "board": 2, "state":
/// "no result", "result": null}]` (`result` is the result's id when there is one).
pub fn open_json(open: &[OpenGame]) -> Vec<serde_json::Value> {
    open.iter()
        .map(|g| {
            serde_json::json!({
                "round": g.round,
                "table": g.table,
                "board": g.board,
                "state": g.state.name(),
                "result": g.result.map(|r| r.get()),
            })
        })
        .collect()
}
