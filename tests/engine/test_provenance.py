"""Every reading says where it comes from: one of the provenances, a rule carried over names its game,
no Alhambra reading claims a seed (the project has no Alhambra seed text), and a reading that says ``seed``
quotes words that really are in its game's seed text."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from service.engine.core import PROVENANCES, Reading
from service.engine.kit import OptionSpec
from service.engine.registry import GAME_IDS, SPECS, load_game

# The seed texts (the rules texts the service was built from) live beside the project's folder, not in it.
SEEDS = Path(os.environ.get("CITY_GAMES_SEEDS", Path(__file__).resolve().parents[3] / "shared" / "seeds"))
# a quoted passage: in double quotes, or in single quotes opened after a space, a bracket or a colon
QUOTE = re.compile(r'"([^"]{12,})"|(?<=[\s(:])\'([^\']{12,})\'')


def _readings():
    return [(game, r) for game in GAME_IDS for r in load_game(game).readings()]


def _plain(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def test_every_reading_has_a_known_provenance_and_a_carried_rule_names_another_game():
    for game, r in _readings():
        assert r.provenance in PROVENANCES, (game, r.name)
        if r.provenance == "carried over":
            assert r.carried_from in GAME_IDS and r.carried_from != game, (game, r.name)
            assert r.to_dict(game)["carried_from"] == r.carried_from
        else:
            assert "carried_from" not in r.to_dict(game), (game, r.name)


def test_a_carried_over_reading_must_name_its_game_and_only_it_may():
    with pytest.raises(ValueError):
        Reading("x", 1, "carried over", "text")
    with pytest.raises(ValueError):
        Reading("x", 1, "assumption", "text", carried_from="newyork")
    with pytest.raises(ValueError):
        OptionSpec("x", "bool", True, "folklore", "text")


def test_no_alhambra_reading_says_seed():
    """Alhambra has no seed text: its readings cite its rulebook, a public source, New York's rule carried
    over, or the service's assumption."""
    labels = {r.name: r.provenance for game, r in _readings() if game == "alhambra"}
    assert "seed" not in labels.values(), labels
    assert labels["youngest"] == labels["leftover_tiles"] == "carried over"


def test_every_rulebook_reading_quotes_the_rulebook_and_says_where_it_was_read():
    for game, r in _readings():
        if r.provenance == "rulebook":
            assert QUOTE.search(r.text), (game, r.name)
            assert re.search(r"read at|transcript at", r.text), (game, r.name)


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed texts are not on this machine")
def test_every_seed_reading_quotes_words_of_its_seed_text():
    for game, r in _readings():
        if r.provenance != "seed":
            continue
        prefix = SPECS[game].examples.SEED_FILE  # the seed text the game was built from
        assert prefix is not None, (game, r.name)
        seed = _plain(next(SEEDS.glob(prefix + "*.txt")).read_text(encoding="utf-8"))
        quotes = [_plain(a or b) for a, b in QUOTE.findall(r.text)]
        assert any(q in seed for q in quotes), (game, r.name, quotes)
