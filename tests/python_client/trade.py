"""A program an integrator writes against the openapi-python-client client, checked by ``mypy --strict``
(tests/test_generated_client.py): it plays a seeded Chinatown game to its first trading phase through the
typed answers, then builds a trade from the generated move types and sends it."""

from __future__ import annotations

from city_games_client import Client
from city_games_client.api.chinatown import chinatown_legal_moves, chinatown_move, chinatown_setup
from city_games_client.models import (
    ChinatownLegalMovesAnswer,
    ChinatownLegalMovesRequest,
    ChinatownMoveAnswer,
    ChinatownMoveRequest,
    ChinatownSetupAnswer,
    ChinatownSetupRequest,
    ChinatownState,
    ChinatownTradeMove,
    ChinatownTransfer,
    Status,
)
from city_games_client.types import Unset


def to_trading(client: Client) -> tuple[ChinatownState, Status]:
    """A seeded game played (first legal move each time) until the players may trade."""
    setup = chinatown_setup.sync(client=client, body=ChinatownSetupRequest(players=["anna", "ben", "cleo"], seed=5))
    assert isinstance(setup, ChinatownSetupAnswer)
    state, status = setup.state, setup.status
    while status.phase != "trade":
        listed = chinatown_legal_moves.sync(client=client, body=ChinatownLegalMovesRequest(state=state))
        assert isinstance(listed, ChinatownLegalMovesAnswer) and listed.moves
        moved = chinatown_move.sync(client=client, body=ChinatownMoveRequest(state=state, move=listed.moves[0]))
        assert isinstance(moved, ChinatownMoveAnswer) and moved.state is not None
        state, status = moved.state, moved.status
    return state, status


def gift(client: Client) -> ChinatownMoveAnswer:
    """The first player to trade gives another $10,000, as a typed trade move."""
    state, status = to_trading(client)
    giver = status.to_move[0]
    assert not isinstance(state.players, Unset)  # a partial state may leave the players out; an answer's never does
    taker = next(p.id for p in state.players if p.id != giver)
    trade = ChinatownTradeMove(
        type_="trade", player=giver, transfers=[ChinatownTransfer(from_=giver, to=taker, money=10_000)]
    )
    answer = chinatown_move.sync(client=client, body=ChinatownMoveRequest(state=state, move=trade))
    assert isinstance(answer, ChinatownMoveAnswer)
    return answer
