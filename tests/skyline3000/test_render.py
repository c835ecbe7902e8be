"""The picture a table can read: every player named, no text off the image, a legend for every symbol,
factories drawn as buildings, the auction in progress; for 2 and 4 players with 40-character names."""

from __future__ import annotations

import random
import re

import pytest

from service.engine.skyline3000 import GAME
from tests.svg_layout import all_text, texts_outside_view_box

from .helpers import city
from .playout_policy import choose
from .test_scoring import YELLOW


def long_names(n):
    return [(f"{name}-of-the-rather-long-company-name-{'x' * 40}")[:40] for name in ("anna", "bob", "cleo", "dora")[:n]]


def positions(players, seed=3):
    """Setup, a mid-game construction turn, an auction with a pile laid, a development to place, the end."""
    rnd = random.Random(seed)
    state = GAME.setup(long_names(players), seed)
    found = {"setup": state}
    while state.phase != "over":
        if state.round == 2 and state.phase == "construction":
            found.setdefault("mid-game", state)
        if state.phase == "auction" and state.auction.sealed:
            found.setdefault("auction", state)
        if state.phase == "develop":
            found.setdefault("develop", state)
        moves = GAME.legal_moves(state)
        if state.phase == "auction":  # sealed single piles, so that an auction shows piles laid so far
            moves = [m for m in moves if m.type == "bid"]
        state = GAME.apply(state, choose(state, moves, rnd)).state
    found["end"] = state
    assert set(found) == {"setup", "mid-game", "auction", "develop", "end"}
    return found


CASES = [(n, name, state) for n in (2, 4) for name, state in positions(n).items()]


@pytest.mark.parametrize("players, name, state", CASES, ids=[f"{n}p-{name}" for n, name, _ in CASES])
def test_picture_names_every_player_and_keeps_every_text_inside(players, name, state):
    svg = GAME.render(state)
    text = all_text(svg)
    for pid in state.player_ids():
        assert len(pid) == 40 and pid in text
    assert texts_outside_view_box(svg) == []
    viewer = state.player_ids()[-1]
    seen = GAME.render(state, viewer)
    assert texts_outside_view_box(seen) == [] and all(pid in all_text(seen) for pid in state.player_ids())


def test_a_name_too_long_for_its_line_ends_in_an_ellipsis_and_stays_whole_in_its_tooltip():
    name = "a-company-with-a-name-far-too-long-to-fit-on-one-line-of-the-panel-" * 2
    state = GAME.setup([name, "bob"], 1)
    svg = GAME.render(state)
    assert texts_outside_view_box(svg) == []
    assert f"<title>{name}</title>" in svg and "\u2026" in svg


def test_legend_explains_every_symbol_and_abbreviation():
    svg = GAME.render(city(YELLOW))
    legend = re.search(r'<g class="legend">(.*?)</g>\s*</svg>', svg, re.S).group(1)
    for words in (
        "arched roof",
        "peaked roof",
        "unfinished",
        "Greenspace",
        "billboard",
        "empty small platform",
        "free large platform",
        "Spaceport",
        "Megamarket",
        "owner's key and floors",
        "breaks a rule",
    ):
        assert words in legend, words
    assert ">SP<" in legend and ">MM<" in legend and ">G<" in legend  # the tiles' abbreviations


def test_factories_are_drawn_as_buildings():
    state = positions(2)["mid-game"]
    svg = GAME.render(state)
    drawn = re.findall(r'<g class="factory-building"><title>([^<]*)</title>', svg)
    assert len(drawn) == sum(len(p.factory) for p in state.players)
    assert any("unfinished" in t for t in drawn) or all(b.roof for p in state.players for b in p.factory)
    assert "[" not in all_text(svg)  # no bracketed factory text


def test_auction_in_progress_shows_the_stack_and_the_piles_laid_so_far():
    state = positions(4)["auction"]
    svg = GAME.render(state)
    assert f"Auction of stack {state.auction.stack}" in svg
    laid = [pid for pid, _ in state.auction.sealed]
    waiting = [pid for pid in state.player_ids() if pid not in laid]
    assert svg.count("still to lay a pile") == len(waiting)
    assert svg.count("bids ") >= len(laid)  # a pile laid shows its sum and cards ("bids 0" for STOP on top)
    hidden = GAME.render(state, waiting[0]) if waiting else svg
    if waiting:
        assert hidden.count("pile laid, face down") == len(laid)


def test_development_to_place_and_game_over_are_shown():
    found = positions(2)
    develop = GAME.render(found["develop"])
    assert "won the" in develop and found["develop"].award.player in develop
    assert "Game over:" in GAME.render(found["end"])


def test_every_block_and_empty_small_platform_carries_its_id_for_a_tap():
    """A page offers a contract or a billboard by tapping the block: each block names itself in data-block."""
    svg = GAME.render(GAME.setup(["anna", "bob"], 1))
    assert sorted(re.findall(r'data-block="([a-z]+-\d)"', svg)) == sorted(
        b.id for b in GAME.setup(["a", "b"], 1).options.board
    )
    assert svg.count('data-platform="small"') > 0
