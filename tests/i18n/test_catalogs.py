"""The catalogs against the code: every message id the code marks is in every language's catalog,
translated (not empty, not fuzzy) with the same placeholders, and no catalog keeps ids the code dropped.

After other changes add or edit messages, ``python -m service.i18n update`` brings the catalogs up to date
and this test lists what is left to translate.
"""

from service.i18n import LANGUAGES, TRANSLATED, read_catalog, translations
from service.i18n.check import code_ids, placeholders, problems, template_ids


def test_every_message_id_is_translated_in_every_language_with_the_same_placeholders():
    found = problems()
    assert not found, f"{len(found)} catalog problem(s), first ones:\n" + "\n".join(found[:40])


def test_the_template_holds_exactly_the_ids_the_code_marks():
    assert template_ids() == code_ids()


def test_the_extraction_finds_violation_templates_rule_texts_readings_labels_and_the_table_page():
    ids = code_ids()
    assert (None, "It is not {player}'s turn: the game awaits {awaited}.") in ids  # kit.NOT_YOUR_TURN
    assert (None, "The tile costs {cost}; the cards add up to {paid}.") in ids  # a violation's template
    assert (None, "A plot holds at most 2 businesses.") in ids  # a rule code's text, read from the rule book
    assert (None, "Chinatown is played by 3 to 5 players.") in ids
    assert (None, "Start a game") in ids  # the table page's HTML
    assert (None, "Building market") in ids  # a picture's label
    assert ("Skyline 3000", "green") in ids and ("Fifth Avenue", "green") in ids  # a game's words, by game
    assert len(ids) > 700


def test_placeholders_are_the_template_fields():
    assert placeholders("{player!r} owns {n} plots in {district}.") == {"player", "n", "district"}
    assert placeholders("{{literal}} braces") == set()


def test_each_language_compiles_from_its_po_file_and_translates():
    for lang in TRANSLATED:
        compiled = translations(lang)
        catalog = read_catalog(lang)
        sample = next(m for m in catalog if m.id and m.string and not m.context)
        assert compiled.gettext(sample.id) == sample.string
    assert translations("en").gettext("Not found") == "Not found"
    assert LANGUAGES[0] == "en"


def test_each_games_words_are_marked_under_its_own_context():
    import importlib

    from service.engine.registry import GAME_IDS

    ids = code_ids()
    for game in GAME_IDS:
        words = importlib.import_module(f"service.engine.{game}.words")
        assert {(words.CONTEXT, word) for word in words.WORDS} <= ids, game
        names = {**getattr(words, "CATEGORIES", {}), **getattr(words, "KINDS", {})}
        assert {(words.CONTEXT, name) for name in names.values()} <= ids, game  # category names too
