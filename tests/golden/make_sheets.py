#!/usr/bin/env python3
"""Writes the scoring sheets of the golden test (tests/golden/sheets/*.json).

The sheets are inputs, committed as files: this script is how they were made, kept so that a
sheet can be read (and a new one added) knowing where its numbers come from. It is
deterministic (its own LCG, no clock, no `random`), so running it again writes the same
bytes. Two sheets are copies of docs/examples. Run from the repository's root:

    python3 tests/golden/make_sheets.py

Then `CALYPSO_GOLDEN_WRITE=1 cargo test --features postgres --test golden` captures what
`calypso-director score` prints for them (tests/golden/README.md).
"""

import json
import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
SHEETS = os.path.join(HERE, "sheets")
REFUSED = os.path.join(SHEETS, "refused")
ROOT = os.path.dirname(os.path.dirname(HERE))


class Lcg:
    """A 31-bit linear congruential generator: the same numbers on every machine."""

    def __init__(self, seed):
        self.state = seed

    def next(self, n):
        self.state = (self.state * 1103515245 + 12345) % (1 << 31)
        return (self.state >> 8) % n


def total(rng, step=10, low=300, span=120):
    """A side's total as the engine gives them: low + k*step."""
    return low + rng.next(span) * step


def mitchell(tables, rounds, per_round=1):
    """A Mitchell's places: (round, table, boards, majors, minors) with an odd number of
    tables, the minors moving up one table and the boards down one each round."""
    out = []
    for r in range(1, rounds + 1):
        for t in range(1, tables + 1):
            board_set = (t - 1 - (r - 1)) % tables
            minors = tables + 1 + (t - 1 + r - 1) % tables
            boards = [board_set * per_round + k + 1 for k in range(per_round)]
            out.append((r, t, boards, t, minors))
    return out


def played(places, rng, **kw):
    res = []
    for r, t, boards, majors, minors in places:
        for b in boards:
            res.append(
                {
                    "round": r,
                    "table": t,
                    "board": b,
                    "majors": majors,
                    "minors": minors,
                    "scores": {"majors": total(rng, **kw), "minors": total(rng, **kw)},
                }
            )
    return res


def at(x, where):
    """Whether result x is at `where`: (round, table), its first board, or (round, table,
    board)."""
    return (x["round"], x["table"], x["board"])[: len(where)] == where


def adjust(res, where, majors, minors):
    """Replaces the result at `where` by an adjusted one."""
    for x in res:
        if at(x, where):
            x.pop("scores", None)
            x["adjusted"] = {"majors": majors, "minors": minors}
            return
    raise KeyError(where)


def drop(res, where):
    """Leaves out the result at `where` (round, table, board): a board not played there."""
    n = len(res)
    res[:] = [x for x in res if not at(x, where)]
    assert len(res) == n - 1, where


def switch(res, rounds):
    """An arrow switch in `rounds`: the pairs sit the other way round."""
    for x in res:
        if x["round"] in rounds:
            x["majors"], x["minors"] = x["minors"], x["majors"]
            if "scores" in x:
                s = x["scores"]
                s["majors"], s["minors"] = s["minors"], s["majors"]


def dump(sheet):
    """One result a line, as docs/examples writes sheets."""
    head = {k: v for k, v in sheet.items() if k != "results"}
    text = json.dumps(head, separators=(",", ":"))[:-1]
    lines = [json.dumps(r, separators=(",", ":")) for r in sheet["results"]]
    return text + ',"results":[\n  ' + ",\n  ".join(lines) + "\n]}\n"


def write(folder, name, sheet):
    with open(os.path.join(folder, name), "w") as f:
        f.write(dump(sheet))


def pairs(results, **head):
    return {"method": "matchpoints", **head, "results": results}


def main():
    for folder in (SHEETS, REFUSED):
        os.makedirs(folder, exist_ok=True)
        for f in os.listdir(folder):
            if f.endswith(".json"):
                os.remove(os.path.join(folder, f))

    # 01, 15: the documented examples, as they are.
    shutil.copy(os.path.join(ROOT, "docs/examples/score-pairs.json"),
                os.path.join(SHEETS, "01-docs-pairs-adjusted.json"))

    # 02-04: one five-table Mitchell, five rounds of one board: the whole field, the scale
    # and the comparison changed (the defaults spelled out in 02).
    base = played(mitchell(5, 5), Lcg(2), step=50, span=30)
    write(SHEETS, "02-mitchell-full-2-1-net.json",
          pairs(base, scale="2-1", compare="net"))
    write(SHEETS, "03-mitchell-full-1-half.json", pairs(base, scale="1-half"))
    write(SHEETS, "04-mitchell-full-own.json", pairs(base, compare="own"))

    # 05: compare own on the 1-half scale with adjusted scores.
    res = played(mitchell(5, 5), Lcg(5), step=50, span=30)
    adjust(res, (2, 3), "ave+", "ave-")
    adjust(res, (4, 1), "ave", 35)
    write(SHEETS, "05-own-1-half-adjusted.json",
          pairs(res, scale="1-half", compare="own"))

    # 06: a partial field: seven tables, four rounds; three tables did not report a board
    # (Neuberg from 3 of 4), and board 7 is expected five times.
    res = played(mitchell(7, 4), Lcg(6))
    for where in [(1, 2), (3, 5), (4, 7)]:
        drop(res, where)
    write(SHEETS, "06-partial-field-neuberg.json", pairs(res, expected={"7": 5}))

    # 07: every kind of adjusted score, on both sides, 2-1.
    res = played(mitchell(5, 4, 2), Lcg(7))
    for where, m, n in [
        ((1, 1), "ave+", "ave-"),
        ((1, 2), "ave", "ave"),
        ((2, 3), "ave-", "ave+"),
        ((2, 4), 0, 100),
        ((3, 5), 37.5, 62.5),
        ((4, 1), 45, "ave"),
        ((4, 2), 100, 0),
    ]:
        adjust(res, where, m, n)
    write(SHEETS, "07-adjusted-every-kind.json", pairs(res))

    # 08: boards not played and fouled, as an event's sheet gives them: a board not played
    # without an adjusted score gives no line (board 3 at two tables), with one an adjusted
    # line (board 4, ave both ways); a fouled board likewise (board 5 at one table ave+/ave-,
    # board 2 at one table no line), expected from the movement: five each.
    res = played(mitchell(5, 5), Lcg(8))
    by_board = {}
    for x in res:
        by_board.setdefault(x["board"], []).append((x["round"], x["table"], x["board"]))
    drop(res, by_board[3][0])
    drop(res, by_board[3][3])
    adjust(res, by_board[4][1], "ave", "ave")
    adjust(res, by_board[5][2], "ave+", "ave-")
    drop(res, by_board[2][4])
    write(SHEETS, "08-not-played-and-fouled.json",
          pairs(res, expected={str(b): 5 for b in range(1, 6)}))

    # 09: several boards a round: three tables, three rounds of three boards.
    write(SHEETS, "09-three-boards-a-round.json",
          pairs(played(mitchell(3, 3, 3), Lcg(9))))

    # 10, 11: an arrow switch in the last round: one field of all ten pairs.
    res = played(mitchell(5, 5), Lcg(10), step=50, span=24)
    switch(res, {5})
    write(SHEETS, "10-arrow-switch.json", pairs(res))
    res = played(mitchell(5, 4, 2), Lcg(11), step=50, span=24)
    switch(res, {3, 4})
    adjust(res, (3, 2), "ave-", "ave+")
    write(SHEETS, "11-arrow-switch-own-1-half.json",
          pairs(res, scale="1-half", compare="own"))

    # 12: a progressive of pairs: sides of one member (the pair), four tables, three rounds.
    rng = Lcg(12)
    games = []
    for r in range(1, 4):
        for t in range(1, 5):
            a = t
            b = 5 + (t - 1 + r - 1) % 4
            games.append({"round": r, "table": t, "sides": [
                {"members": [a], "score": total(rng)}, {"members": [b], "score": total(rng)}]})
    write(SHEETS, "12-tally-progressive-pairs.json", {"method": "tally", "results": games})

    # 13: a progressive individual with sides of three: tables of five and six.
    rng = Lcg(13)
    games = []
    for r in range(1, 4):
        players = [((p - 1 + 4 * (r - 1)) % 11) + 1 for p in range(1, 12)]
        five, six = players[:5], players[5:]
        games.append({"round": r, "table": 1, "sides": [
            {"members": five[:3], "score": total(rng)}, {"members": five[3:], "score": total(rng)}]})
        games.append({"round": r, "table": 2, "sides": [
            {"members": six[:3], "score": total(rng)}, {"members": six[3:], "score": total(rng)}]})
    write(SHEETS, "13-tally-sides-of-three.json", {"method": "tally", "results": games})

    # 14: a progressive individual of twelve at three tables of four, four rounds; scores
    # chosen coarse so that tallies tie.
    rng = Lcg(14)
    games = []
    for r in range(1, 5):
        order = [((p * (r + 1)) % 13) for p in range(1, 13)]
        for t in range(3):
            four = order[4 * t: 4 * t + 4]
            games.append({"round": r, "table": t + 1, "sides": [
                {"members": four[:2], "score": total(rng, step=250, low=500, span=4)},
                {"members": four[2:], "score": total(rng, step=250, low=500, span=4)}]})
    write(SHEETS, "14-tally-individual-ties.json", {"method": "tally", "results": games})

    shutil.copy(os.path.join(ROOT, "docs/examples/score-team.json"),
                os.path.join(SHEETS, "15-docs-team.json"))

    # 16: a team match of eight boards ending level (both teams "1="), teams listed B first.
    rng = Lcg(16)
    res = []
    for b in range(1, 9):
        r = (b + 1) // 2
        x, y = total(rng), total(rng)
        res.append({"round": r, "table": 1, "board": b, "majors": 1, "minors": 4,
                    "scores": {"majors": x, "minors": y}})
        res.append({"round": r, "table": 2, "board": b, "majors": 3, "minors": 2,
                    "scores": {"majors": y if b < 8 else 0, "minors": x if b < 8 else 0}})
    a = sum(x["scores"]["majors"] if x["majors"] in (1, 2) else x["scores"]["minors"]
            for x in res)
    bb = sum(x["scores"]["majors"] if x["majors"] in (3, 4) else x["scores"]["minors"]
             for x in res)
    # level the totals on the last board
    last = res[-1]["scores"]
    last["majors"], last["minors"] = (a - bb, 0) if a > bb else (0, bb - a)
    write(SHEETS, "16-team-match-level.json",
          {"method": "team", "teams": {"Hill": [3, 4], "Harbour": [1, 2]}, "results": res})

    # 17: ties for places: the same net at several tables, so pairs share places.
    res = []
    for r, t, boards, m, n in mitchell(5, 3):
        net = [100, 100, -100, 0, 100][(t + r) % 5]
        res.append({"round": r, "table": t, "board": boards[0], "majors": m, "minors": n,
                    "scores": {"majors": 1500 + net, "minors": 1500}})
    write(SHEETS, "17-ties-for-places.json", pairs(res))

    # 18: a board played by one table only (the others by three): Neuberg from one result;
    # the board's expected results are the sheet's most, three.
    res = played(mitchell(3, 3), Lcg(18))
    res.append({"round": 3, "table": 2, "board": 4, "majors": 2, "minors": 6,
                "scores": {"majors": 1200, "minors": 900}})
    write(SHEETS, "18-board-played-once.json", pairs(res))

    # 19: a large field: 30 tables, twelve rounds of one board, every table playing the
    # round's board (a barometer), the minors moving up a table each round: 360 results.
    rng = Lcg(19)
    res = []
    for r in range(1, 13):
        for t in range(1, 31):
            res.append({"round": r, "table": t, "board": r, "majors": t,
                        "minors": 31 + (t - 1 + r - 1) % 30,
                        "scores": {"majors": total(rng, step=10, span=200),
                                   "minors": total(rng, step=10, span=200)}})
    write(SHEETS, "19-large-30-tables-12-boards.json", pairs(res))

    # 20: the same field on 1-half, compare own, an arrow switch in rounds 7-12, eleven
    # results left out and seven adjusted.
    rng = Lcg(20)
    res = []
    for r in range(1, 13):
        for t in range(1, 31):
            res.append({"round": r, "table": t, "board": r, "majors": t,
                        "minors": 31 + (t - 1 + 2 * (r - 1)) % 30,
                        "scores": {"majors": total(rng, step=50, span=40),
                                   "minors": total(rng, step=50, span=40)}})
    # (t - 1 + 2(r - 1)) % 30 for r = 1..12: distinct for a table, so no pair twice on a board
    switch(res, set(range(7, 13)))
    for k in range(11):
        drop(res, (1 + k, 1 + (7 * k) % 30, 1 + k))
    kinds = ["ave+", "ave", "ave-", 30, 55, 70, 100]
    for k in range(7):
        adjust(res, (2 + k, 3 + (11 * k) % 27, 2 + k), kinds[k], kinds[(k + 3) % 7])
    write(SHEETS, "20-large-1-half-own-switched.json",
          pairs(res, scale="1-half", compare="own"))

    # Refused sheets: a typo'd field, more results than expected, an adjusted team result.
    write(REFUSED, "01-unknown-field.json", pairs([
        {"round": 1, "table": 1, "board": 1, "majors": 1, "minors": 3,
         "scores": {"majors": 1850, "minors": 1600}},
        {"round": 1, "table": 2, "board": 1, "majors": 2, "minors": 4,
         "adjustd": {"majors": "ave", "minors": "ave"}}]))
    write(REFUSED, "02-more-than-expected.json", pairs(
        played(mitchell(3, 3), Lcg(21)), expected={"2": 2}))
    write(REFUSED, "03-team-adjusted.json", {"method": "team", "teams": {"A": [1, 2], "B": [3, 4]},
        "results": [
            {"round": 1, "table": 1, "board": 1, "majors": 1, "minors": 4,
             "scores": {"majors": 1850, "minors": 1600}},
            {"round": 1, "table": 2, "board": 1, "majors": 3, "minors": 2,
             "adjusted": {"majors": "ave+", "minors": "ave-"}}]})


if __name__ == "__main__":
    main()
