"""The referee's table in every language: the page's own catalog part, negotiated like every answer."""

import pytest

from service.api.table import page_ids

LANGS = ("hu", "nl", "de")


def test_the_page_knows_its_texts_from_its_html_and_modules():
    ids = page_ids()
    assert "The referee's table" in ids and "Start a game" in ids  # index.html
    assert "{player} passes" in ids and "Take money" in ids  # games.js: tr(...) and N_(...)
    assert "Legal: this move may be played." in ids  # app.js
    assert "Magyar" not in ids  # the language chooser is translate="no"


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_gets_every_text_and_every_games_words_in_the_asked_language(client, lang):
    answer = client.get(f"/table/messages.json?lang={lang}")
    body = answer.get_json()
    assert answer.headers["Content-Language"] == lang and body["lang"] == lang
    assert set(body["messages"]) == set(page_ids())
    assert all(text for text in body["messages"].values())
    assert body["messages"]["Start a game"] != "Start a game"
    assert set(body["words"]) == {"newyork", "alhambra", "chinatown", "skyline3000", "fifthavenue"}
    assert body["words"]["newyork"]["church"] != "church"


def test_the_page_follows_accept_language_and_falls_back_to_english(client):
    assert client.get("/table/messages.json", headers={"Accept-Language": "nl-BE, en;q=0.5"}).get_json()["lang"] == "nl"
    english = client.get("/table/messages.json?lang=fr").get_json()
    assert english == {"lang": "en", "messages": {}, "words": {}}  # the page's own texts are the English
