"""Special scorings after the 3rd, 6th and 9th business; the end at the 12th; final valuation; ties."""

from __future__ import annotations

from service.engine.fifthavenue import GAME
from service.engine.fifthavenue import data as D
from service.engine.fifthavenue import scoring as S
from service.engine.fifthavenue.state import Move

from .helpers import clear_board, edit, set_turn, sky, started


def _placed(s, n_before: int, districts_by_player: dict[str, int]):
    """A state where ``n_before`` businesses were placed and each player has skyscrapers in the given
    number of districts; red to take action B."""

    def change(w):
        clear_board(w)
        for pid, k in districts_by_player.items():
            for did in D.DISTRICTS[:k]:
                colour = {"red": "violet", "yellow": "brown", "blue": "gray", "green": "green"}[pid]
                sky(w, did, colour, pid, 1)
        row = w["supply_row"]
        placed = 0
        for i, size in enumerate(D.SET_SIZES):
            if placed + size - 1 <= n_before:
                w["districts"][D.CENTRAL_PARK]["businesses"].append(row[i][-1])
                w["box"] += size - 1  # the tiles placed from it: accounted for in the box for the test
                row[i] = []
                placed += size - 1
            elif placed < n_before:
                take = n_before - placed
                w["box"] += take
                row[i] = row[i][take:]
                placed += take
        w["businesses_placed"] = n_before
        set_turn(w, "red")

    return edit(s, change)


def _place_any(s):
    m = next(m for m in GAME.legal_moves(s, move_type="place_business") if m.district == "52nd-st-east")
    out = GAME.apply(s, m)
    assert out.legal, out.violations
    return out


def test_reading_special_scorings_third_business_four_points_for_three_districts():
    s = _placed(started(3), 2, {"red": 3, "yellow": 2, "blue": 4})
    out = _place_any(s)
    gained = {p.id: p.points for p in out.state.players}
    assert gained == {"red": 4, "yellow": 0, "blue": 4}
    assert any(e.kind == "special_scored" and e.data["after"] == 3 for e in out.events)


def test_special_scoring_after_the_sixth_and_ninth_business():
    out = _place_any(_placed(started(3), 5, {"red": 4, "yellow": 3, "blue": 5}))
    assert {p.id: p.points for p in out.state.players} == {"red": 6, "yellow": 0, "blue": 6}
    out = _place_any(_placed(started(3), 8, {"red": 4, "yellow": 5, "blue": 6}))
    assert {p.id: p.points for p in out.state.players} == {"red": 0, "yellow": 8, "blue": 8}


def test_special_scorings_are_an_option():
    s = _placed(
        started(3, options={"special_scorings": [{"after": 3, "points": 10, "districts": 1}]}),
        2,
        {"red": 1, "yellow": 0, "blue": 0},
    )
    assert {p.id: p.points for p in _place_any(s).state.players} == {"red": 10, "yellow": 0, "blue": 0}


def test_the_twelfth_business_ends_the_game_at_once_with_the_final_valuation():
    s = _placed(started(3), 11, {"red": 2, "yellow": 1, "blue": 0})
    out = _place_any(s)
    end = out.state
    assert end.turn.phase == "over" and end.result is not None and end.pending is None
    assert all(not t for t in end.supply_row) and len(end.park.businesses) == 8
    kinds = [e.kind for e in out.events]
    assert "special_scored" not in kinds and kinds[-1] == "game_ended"
    assert GAME.legal_moves(end) == []
    assert "fifthavenue.turn.game_over" in {
        v.code for v in GAME.apply(end, Move("take_skyscrapers", "yellow")).violations
    }


def test_final_central_park_uses_three_tiles_from_the_hidden_order():
    s = _placed(started(3), 11, {"red": 1, "yellow": 0, "blue": 0})
    s = edit(
        s,
        lambda w: (
            w["districts"][D.CENTRAL_PARK]["skyscrapers"].append({"owner": "yellow", "count": 2})
            or w["players"][1].update(general=w["players"][1]["general"] - 2)
        ),
    )
    end = _place_any(s).state
    park = list(end.park.businesses)
    chosen = [park[i] for i in s.park_order if i < len(park)][:3]
    assert sorted(chosen) == list(end.result.central_park_tiles)
    yellow = next(p for p in end.players if p.id == "yellow")
    assert yellow.points == 2 * S.per_skyscraper(len(set(chosen)))


def test_winner_by_points_ties_by_cards_in_hand():
    assert S.winners({"a": 10, "b": 12, "c": 12}, {"a": 9, "b": 3, "c": 4}) == ["c"]
    assert S.winners({"a": 10, "b": 12, "c": 12}, {"b": 4, "c": 4}) == ["b", "c"]


def test_reading_tie_break_in_a_finished_game():
    s = _placed(started(3), 11, {"red": 0, "yellow": 0, "blue": 0})
    s = edit(s, lambda w: [p.update(points=20) for p in w["players"][:2]])
    end = _place_any(s).state
    hands = {p.id: p.hand_size for p in end.players}
    best = max(hands["red"], hands["yellow"])
    assert list(end.result.winners) == sorted(p for p in ("red", "yellow") if hands[p] == best)


def test_the_eleventh_business_does_not_end_the_game():
    """The other side of the 12-business end: the 11th business placed leaves the game running."""
    s = _placed(started(3), 10, {"red": 2, "yellow": 1, "blue": 0})
    out = _place_any(s)
    assert out.state.businesses_placed == D.BUSINESSES_ENDING_GAME - 1
    assert out.state.turn.phase == "action2" and out.state.result is None
    assert "game_ended" not in [e.kind for e in out.events]


def test_only_the_twelfth_business_ends_the_game_so_points_grow_past_any_small_bound():
    """The 12th business is the rules' only end, and nothing makes a player place one (1st action A, C or D
    instead): such a game goes on, and action D keeps scoring. The service must take every state it makes,
    however long the game: here 400 moves of that line, then the same state with the points it has after
    about 45,000 more moves (over 10,000, the bound the wire once had)."""
    from service import create_app
    from service.schemas.fifthavenue import to_plain

    s = GAME.setup(["red", "yellow"], 7, {})
    for _ in range(400):
        out = GAME.apply(s, GAME.legal_moves(s)[-1])
        assert out.legal, out.violations
        s = out.state
    assert s.businesses_placed == 0 and not GAME.status(s).over
    assert all(p.points > 50 for p in s.players)

    def far_on(w):
        for p in w["players"]:
            p["points"] += 10_000

    later = to_plain(edit(s, far_on))
    client = create_app({"redis_url": None}).test_client()
    moves = client.post("/v1/games/fifthavenue/legal-moves", json={"state": later})
    assert moves.status_code == 200 and moves.get_json()["moves"], moves.get_json()
    applied = client.post("/v1/games/fifthavenue/moves", json={"state": later, "move": moves.get_json()["moves"][-1]})
    assert applied.status_code == 200 and applied.get_json()["legal"], applied.get_json()
    after = applied.get_json()["state"]
    assert min(p["points"] for p in after["players"]) > 10_000
    again = client.post("/v1/games/fifthavenue/score", json={"state": after})
    assert again.status_code == 200, again.get_json()
    assert set(again.get_json()["totals"]) == {"red", "yellow"}
    assert min(again.get_json()["totals"].values()) > 10_000
