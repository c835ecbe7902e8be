"""Score breakdown category names in every language: each game played to its end, its score answers (every
scoring the end state can be asked for) carry in ``labels`` a human name for every breakdown category, in
the asked language. The breakdown itself keeps its ids."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service import create_app
from service.engine.registry import GAME_IDS, SPECS

LANGS = ("en", "hu", "nl", "de")
MAX_STEPS = 3000
# Labels a language writes as English does, on purpose: proper names and words spelt alike, each a
# translator's choice in the catalog (tests/i18n/test_catalogs.py holds every entry translated).
SAME_AS_ENGLISH = {
    "hu": {"park", "central_park"},
    "nl": {"park", "museum", "station", "theater", "central_park"},
    "de": {"central_park"},
}


@pytest.fixture(scope="module")
def client():
    return create_app({"redis_url": None}).test_client()


def ended(client, game: str, seed: int = 3) -> dict:
    """The state a seeded game of random legal moves ends in."""
    answer = client.post(
        f"/v1/games/{game}/setup", json={"players": list(SPECS[game].examples.PLAYERS), "seed": seed}
    ).get_json()
    rnd = random.Random(seed)
    for _ in range(MAX_STEPS):
        if answer["status"]["over"]:
            return answer["state"]
        moves = client.post(f"/v1/games/{game}/legal-moves", json={"state": answer["state"]}).get_json()["moves"]
        answer = client.post(
            f"/v1/games/{game}/moves", json={"state": answer["state"], "move": rnd.choice(moves)}
        ).get_json()
        assert answer["legal"], answer["violations"]
    pytest.fail(f"{game} did not end in {MAX_STEPS} moves")


@pytest.fixture(scope="module", params=GAME_IDS)
def answers(request, client):
    """(game, [{lang: score answer}] for each scoring of an ended game)."""
    game = request.param
    state = ended(client, game)
    return game, [
        {lang: client.post(f"/v1/games/{game}/score?lang={lang}", json=body).get_json() for lang in LANGS}
        for body in SPECS[game].examples.score_requests(state)
    ]


def categories(answer: dict) -> set[str]:
    return {item["category"] for player in answer["players"] for item in player["breakdown"]}


def test_every_breakdown_category_of_an_ended_game_has_a_label_in_every_language(answers):
    game, scorings = answers
    found = set()
    for by_lang in scorings:
        english = by_lang["en"]
        assert categories(english), (game, english["scoring"])
        found |= categories(english)
        for lang, answer in by_lang.items():
            assert answer["players"] == english["players"]  # ids and breakdown never change with the language
            for category in categories(answer):
                label = answer["labels"].get(category)
                assert label and label.strip(), (game, lang, category, label)
                # read as words: a plain word is its own English name, a composed id never shows as it is
                assert "_" not in label and (category.isalpha() or category not in label), (game, lang, category, label)
                if lang != "en" and category not in SAME_AS_ENGLISH[lang]:  # translated: not the id, not English
                    assert label not in (category, english["labels"][category]), (game, lang, category, label)
    # every kind of the game's categories was asked
    assert {c.split(":")[0] for c in found} == SPECS[game].examples.SCORE_CATEGORY_KINDS


def test_a_composite_category_is_its_kinds_label_with_the_ids_name(client):
    body = {
        "state": {
            "districts": {
                "times-square": {
                    "plots": {
                        "violet": {"skyscrapers": {"owner": "red", "count": 2}},
                        "brown": {"skyscrapers": {"owner": "yellow", "count": 1}},
                        "gray": {"skyscrapers": {"owner": "blue", "count": 3}},
                        "green": {"businesses": ["gallery"]},
                    }
                }
            }
        },
        "scoring": "building_stop:times-square",
        "declarer": "red",
    }
    said = {
        lang: client.post(f"/v1/games/fifthavenue/score?lang={lang}", json=body).get_json()["labels"] for lang in LANGS
    }
    assert said["en"]["building_stop:times-square"] == "building stop in Times Square"
    assert said["nl"]["building_stop:times-square"] == "bouwstop in Times Square"  # the seed's "bouwstop"
    assert said["hu"]["points_before"] == "korábbi pontok"


class _Name(str):
    pass


class _Row(dict):
    pass


def test_the_words_of_an_answer_are_every_member_name_and_string_at_any_depth():
    from service.api.localize import words_in

    nested: list = ["deep"]
    for _ in range(5000):  # deeper than recursion would reach
        nested = [nested]
    answer = {
        "players": [{"id": "anna", "breakdown": [{"category": "tea_house", "points": 3, "detail": None}]}],
        "flags": [True, False, 0, -1, None],
        "subclassed": [_Name("central_park"), _Row({"museum": _Name("station")})],
        "nested": nested,
        7: "seven",  # a member name that is not a string is no word; its value still is
    }
    assert words_in(answer) == {
        "players",
        "id",
        "anna",
        "breakdown",
        "category",
        "tea_house",
        "points",
        "detail",
        "flags",
        "subclassed",
        "central_park",
        "museum",
        "station",
        "nested",
        "deep",
        "seven",
    }
    assert words_in("alone") == {"alone"} and words_in(5) == set()


def test_the_words_of_an_answer_include_those_in_tuples_which_the_encoder_writes_as_arrays():
    from service.api.localize import words_in

    assert words_in({"winners": ("anna", ("tea_house",))}) == {"winners", "anna", "tea_house"}


# --- terms_in: the game words among an answer's, found in its JSON text --------------------------------

TERMS = frozenset(
    {"tea_house", "park", "central park", "Times-Square", "café", "building_stop:times-square", 'say "hi"'}
)
_TEXTS = st.one_of(
    st.sampled_from(sorted(TERMS)),
    st.sampled_from(
        [
            'tea_house"',
            '"park',
            'x"tea_house',
            "park\\",
            '\\"park\\"',
            "park:1",
            "a,park",
            "tea_house ",
            " park",
            "parks",
            "tea",
            "",
            "\x00park",
            "\u2028park",
            "ünïcode",
        ]
    ),
    st.text(alphabet='ptark_ "\\:,{}[]\n', max_size=12),
)
_ANSWERS = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70) | _TEXTS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.lists(inner, max_size=3).map(tuple)
        | st.dictionaries(_TEXTS, inner, max_size=4)
    ),
    max_leaves=25,
)


@settings(max_examples=400, deadline=None)
@given(_ANSWERS)
def test_terms_in_finds_exactly_the_game_words_that_are_member_names_or_strings(answer):
    from service.api.localize import terms_in, words_in

    assert terms_in(answer, TERMS) == words_in(answer) & TERMS


def test_terms_in_does_not_take_a_quoted_term_inside_a_longer_string_for_the_term():
    from service.api.localize import terms_in

    # orjson writes this as "say \"park\"" and "x\"tea_house": the quoted words are no strings of their own
    assert terms_in({"note": 'say "park"', "other": 'x"tea_house'}, TERMS) == set()
    assert terms_in({"note": 'say "park"', "site": "park"}, TERMS) == {"park"}


def test_terms_in_walks_what_it_cannot_search():
    from service.api.localize import terms_in

    deep: list = ["park"]
    for _ in range(1000):  # deeper than orjson writes
        deep = [deep]
    assert terms_in({"deep": deep}, TERMS) == {"park"}
    assert terms_in({7: "park", "big": 2**80}, TERMS) == {"park"}  # a key orjson refuses, an integer past 64 bits
    assert terms_in({"x": 'say "hi"', "y": "park"}, TERMS) == {'say "hi"', "park"}  # escapes in the text
    assert terms_in({"x": "park\n"}, TERMS) == set()


def test_terms_in_never_takes_the_text_between_two_strings_for_a_term():
    from service.api.localize import terms_in

    # '"a":1,"b"' holds '":1,"': a term made of what separates strings is looked up among the strings
    assert terms_in({"a": 1, "b": [2], "c": "d"}, frozenset({":1,", ":[2],", ":", "c"})) == {"c"}
    assert terms_in({"a": ":1,", "b": ":"}, frozenset({":1,", ":"})) == {":1,", ":"}


def test_the_label_tables_name_each_word_and_category_as_asking_for_each_name_does():
    """``labels`` reads a game's names from its table (made once per game and language): the same names
    ``word_name`` and ``category`` give, an id the table does not hold named as ``category`` names it, a
    category that is also a word in the word's place with the category's name."""
    from service.api.games import bind_games
    from service.api.localize import Translator

    for binding in bind_games().values():
        words = binding.words
        composed = {f"{kind}:{part}" for kind in words.kinds for part in (*words.parts, *sorted(words.terms)[:2])}
        for lang in LANGS:
            tr = Translator.of(lang)
            names, named = tr.label_table(words)
            assert names == {word: tr.word_name(word, words) for word in words.terms}
            assert {*words.categories, *words.terms, *composed} <= set(named)
            assert all(named[category] == tr.category(category, words) for category in named)
            found = [*sorted(words.terms), "unknown", *words.categories]
            categories = [*words.categories, *sorted(words.terms)[:3], *sorted(composed)[:4], "unknown", "kind:unknown"]
            categories += [f"{kind}:unknown" for kind in words.kinds]
            expected = {word: tr.word_name(word, words) for word in sorted(set(found) & words.terms)}
            expected.update((category, tr.category(category, words)) for category in sorted(set(categories)))
            said = tr.labels(found, words, categories)
            assert list(said.items()) == list(expected.items()), (binding.info.id, lang)
