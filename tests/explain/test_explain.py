"""``explain`` over positions the games reach (service/engine/explain.py and each game's explain module):
for pairs of positions one, two and three moves apart in seeded games of every game, digital and at a real
table (Chinatown's trades, Skyline 3000's auctions and every reveal among the moves), the search finds a
sequence reaching the later position, observed whole and as a referee sees it, in every one-move pair and
in at least 95% of the longer ones; positions altered by hand as no legal move could are not explained,
and the answer names the altered field. Work is counted, never timed."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from service.engine.explain import WORK_BUDGET, Proposer, differences, explain, visible
from service.engine.registry import GAME_IDS, load_game

from .pairs import explainer, pairs, project, walk

PER_WALK = 3  # starts a walk: 2 chances x 1 seed x 3 starts x 3 distances x 2 observations = 36 searches a game


def observation(game_id: str, wire: dict, mode: str) -> dict:
    if mode == "whole":
        return wire
    module = explainer(game_id)
    return visible(wire, module.VISIBLE, module.TABLE)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_explain_finds_the_moves_between_positions_a_game_reaches(game_id):
    game, module, dump = load_game(game_id), explainer(game_id), project(game_id)
    found = {1: [0, 0], 2: [0, 0], 3: [0, 0]}  # distance -> [explained, tried]
    missed = []
    for played, start, distance in pairs(game_id, PER_WALK, seeds=(0,)):
        later = dump(played.states[start + distance])
        for mode in ("whole", "visible"):
            observed = observation(game_id, later, mode)
            answer = explain(game, played.states[start], observed, dump, module.PROPOSER)
            assert answer.work <= WORK_BUDGET + 1000  # the budget bounds the work (one step may overrun it)
            found[distance][1] += 1
            if answer.explained:
                found[distance][0] += 1
                assert len(answer.moves) <= distance
                assert differences(dump(answer.state), observed) == []
                for sequence in answer.sequences:  # every sequence listed is legal and reaches it too
                    state = played.states[start]
                    for move in sequence:
                        outcome = game.apply(state, move)
                        assert outcome.legal, (move, outcome.violations)
                        state = outcome.state
                    assert differences(dump(state), observed) == []
            else:
                missed.append(
                    (played.chance, played.seed, start, distance, mode, played.moves[start : start + distance])
                )
    assert found[1][0] == found[1][1], [m for m in missed if m[3] == 1]
    longer = found[2][0] + found[3][0], found[2][1] + found[3][1]
    assert longer[0] >= 0.95 * longer[1], (found, missed)


def _city_twice(wire: dict) -> str:
    """A tile of one player's city laid in another's too."""
    tile = dict(wire["players"][0]["city"][-1], x=40, y=40)
    wire["players"][1]["city"].append(tile)
    return "/players/1/city"


def _money_from_nowhere(wire: dict) -> str:
    wire["players"][0]["money"] += 10_000_000
    return "/players/0/money"


def _points_from_nowhere(wire: dict) -> str:
    wire["players"][0]["points"] += 500
    return "/players/0/points"


def _building_on_occupied_plot(wire: dict) -> str:
    for district, held in wire["districts"].items():
        for colour, plot in held["plots"].items():
            if plot["skyscrapers"] is not None or plot["businesses"]:
                plot["businesses"] = [*plot["businesses"], "jeweler", "jeweler"]
                return f"/districts/{district}/plots/{colour}/businesses"
    raise AssertionError("no occupied plot")


ALTERED = {
    "newyork": _city_twice,
    "alhambra": _city_twice,
    "chinatown": _money_from_nowhere,
    "skyline3000": _points_from_nowhere,
    "fifthavenue": _building_on_occupied_plot,
}


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("distance", [0, 1])
def test_explain_refuses_a_position_no_legal_move_reaches(game_id, distance):
    game, module, dump = load_game(game_id), explainer(game_id), project(game_id)
    played = walk(game_id, "digital", 0)
    start = 30
    later = copy.deepcopy(dump(played.states[start + distance]))
    altered = ALTERED[game_id](later)
    answer = explain(game, played.states[start], later, dump, module.PROPOSER)
    assert not answer.explained
    assert altered in [d.pointer for d in answer.unreached]
    assert answer.work > 0


def test_a_position_the_page_shows_already_needs_no_move():
    game, module, dump = load_game("chinatown"), explainer("chinatown"), project("chinatown")
    state = walk("chinatown", "digital", 0).states[10]
    answer = explain(game, state, {"board": dump(state)["board"]}, dump, module.PROPOSER)
    assert answer.explained and answer.sequences == [()]


def test_a_search_cut_short_says_so():
    """With too little work to finish, the answer is not complete (and not explained)."""
    game_id = "newyork"
    game, module, dump = load_game(game_id), explainer(game_id), project(game_id)
    played = walk(game_id, "digital", 1)
    later = dump(played.states[23])
    answer = explain(game, played.states[20], later, dump, module.PROPOSER, budget=50)
    assert not answer.complete and not answer.explained
    assert explain(game, played.states[20], later, dump, module.PROPOSER).explained


def test_a_reveal_takes_its_piece_only_from_what_the_table_shows():
    """At a real table, a draw the observation does not show is not invented: the reveal is not proposed."""
    game_id = "newyork"
    game, module, dump = load_game(game_id), explainer(game_id), project(game_id)
    played = walk(game_id, "table", 0)
    index = next(i for i, m in enumerate(played.moves) if m.type == "reveal" and m.card is not None)
    later = dump(played.states[index + 1])
    shown = explain(game, played.states[index], later, dump, module.PROPOSER)
    assert shown.explained and shown.moves == (played.moves[index],)
    hidden = {"phase": later["phase"], "current": later["current"]}  # the card itself not observed
    if hidden != {k: dump(played.states[index])[k] for k in hidden}:
        unshown = explain(game, played.states[index], hidden, dump, module.PROPOSER)
        assert all(m.type != "reveal" for s in unshown.sequences for m in s)


def test_differences_compare_only_what_is_observed():
    page = {"a": 1, "b": [1, 2], "c": {"d": 1, "e": 2}}
    assert differences(page, {"c": {"e": 2}}) == []
    found = differences(page, {"a": 2, "b": [1], "c": {"d": 3}, "z": None, "y": True})
    assert [(d.pointer, d.page, d.observed) for d in found] == [
        ("/a", 1, 2),
        ("/b", [1, 2], [1]),
        ("/c/d", 1, 3),
        ("/y", None, True),
    ]
    assert differences({"t": 1}, {"t": True}) != []  # a number is no boolean


def test_every_game_has_an_explain_module():
    for game_id in GAME_IDS:
        module = explainer(game_id)
        assert isinstance(module.PROPOSER, Proposer) and module.VISIBLE["players"]


def _first(played, kinds: tuple[str, ...]) -> int:
    return next(i for i, m in enumerate(played.moves) if m.type in kinds and (m.type != "bid" or m.cards))


def test_skyline3000_a_card_played_is_the_one_the_discard_pile_shows_and_alike_hidden_cards_are_tried_once():
    game_id = "skyline3000"
    game, module, dump = load_game(game_id), explainer(game_id), project(game_id)
    played = walk(game_id, "table", 0)
    index = _first(played, ("floor", "roof", "contract", "discard"))
    later = dump(played.states[index + 1])
    whole = explain(game, played.states[index], later, dump, module.PROPOSER)
    assert whole.explained and {s[0].card for s in whole.sequences} == {played.moves[index].card}
    seen = observation(game_id, later, "visible")  # no discard pile: the hand's cards of a deck are alike
    keyed = explain(game, played.states[index], seen, dump, module.PROPOSER)
    each = explain(game, played.states[index], seen, dump, dataclasses.replace(module.PROPOSER, alike=None))
    assert keyed.explained and each.explained and keyed.work < each.work


def test_fifthavenue_a_bid_is_proposed_from_the_cards_the_auction_shows():
    game_id = "fifthavenue"
    game, module, dump = load_game(game_id), explainer(game_id), project(game_id)
    played = walk(game_id, "digital", 0)
    index = _first(played, ("bid",))
    answer = explain(game, played.states[index], dump(played.states[index + 1]), dump, module.PROPOSER)
    assert answer.explained
    assert [sorted(s[0].cards) for s in answer.sequences] == [sorted(played.moves[index].cards)]
