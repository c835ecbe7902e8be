"""Rendering the engine's English message ids and parameters in a request's language.

The engine hands over each text as an English template with its parameters (``Violation.template`` and
``params``, a rule code's or a reading's text); here the template goes through the language's catalog and
is formatted with the same parameters. A parameter that is one of a game's own words (a building type, a
colour, a phase: ``service/engine/<game>/words.py``) or a phrase the engine marked as a ``Term`` is
translated too; player ids and other values stay as sent.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from string import Formatter
from typing import Any

import orjson

from ..engine.core import Violation
from ..engine.kit import ISOLATED, N_, PEOPLE, Isolated, Names, Term, english, isolated
from ..i18n import DEFAULT, translations

AND = N_("{names} and {last}")
NOBODY = N_("nobody")


@dataclass(frozen=True)
class Words:
    """A game's own words (``service/engine/<game>/words.py``), translated in their context (the game's name),
    and how its score breakdown's categories are named: ``categories`` names an id that is no word (or
    reads better than one), ``kinds`` gives the label template of a ``kind:id`` category and ``parts`` the
    names of those ids (the English texts are the message ids)."""

    context: str
    terms: frozenset[str] = frozenset()
    categories: Mapping[str, str] = field(default_factory=dict, hash=False)
    kinds: Mapping[str, str] = field(default_factory=dict, hash=False)
    parts: Mapping[str, str] = field(default_factory=dict, hash=False)


NO_WORDS = Words("")


class Translator:
    """One language's catalog, with the formatting the service's texts need."""

    def __init__(self, lang: str, catalog: gettext.NullTranslations):
        self.lang = lang
        self._gettext = catalog.gettext
        self._pgettext = catalog.pgettext
        self._label_tables: dict[int, tuple[Words, dict[str, str], dict[str, str]]] = {}

    @classmethod
    @lru_cache(maxsize=8)
    def of(cls, lang: str) -> Translator:
        return cls(lang, translations(lang))

    @property
    def english(self) -> bool:
        return self.lang == DEFAULT

    def text(self, msgid: str) -> str:
        return self._gettext(msgid) if msgid else msgid

    def word(self, value: str, words: Words) -> str:
        return self._pgettext(words.context, value) if value in words.terms else value

    def format(
        self, template: str, params: Mapping[str, Any] | Iterable[tuple[str, Any]] = (), words: Words = NO_WORDS
    ) -> str:
        rendered = {name: self.param(name, value, words) for name, value in dict(params).items()}
        try:
            return self.text(template).format(**rendered)
        except (KeyError, IndexError, ValueError):
            # a translation that does not fit its template is a catalog defect (the catalog test finds
            # them); the English text is still right
            return template.format(**rendered)

    def labels_for(self, words: Words) -> Callable[..., str]:
        """The ``tr(template, **params)`` callable a game's picture draws its labels with (``kit.Labels``)."""
        if self.english:
            return english
        return lambda template, **params: self.format(template, params, words)

    def param(self, name: str, value: Any, words: Words = NO_WORDS) -> Any:
        if isinstance(value, Names):
            return self.names(value.ids)
        if isinstance(value, Term):
            return self.text(value)
        if isinstance(value, str) and name not in PEOPLE:
            return self.word(value, words)
        if isinstance(value, str) and name in ISOLATED:
            return Isolated(value)
        return value

    def names(self, ids: tuple[str, ...]) -> str:
        if not ids:
            return self.text(NOBODY)
        shown = [isolated(id_) for id_ in ids]
        if len(ids) == 1:
            return shown[0]
        return self.text(AND).format(names=", ".join(shown[:-1]), last=shown[-1])

    # -- what the routes hand over ---------------------------------------------------------------------
    def violation(self, v: Violation, words: Words = NO_WORDS) -> dict[str, str]:
        out = v.to_dict()
        if not self.english and v.template:
            out["message"] = self.format(v.template, v.params, words)
        return out

    def violations(self, violations: Iterable[Violation], words: Words = NO_WORDS) -> list[dict[str, str]]:
        return [self.violation(v, words) for v in violations]

    def described(self, details: Mapping[str, Any]) -> dict[str, Any]:
        """A game's description with its rule codes', readings' and options' texts translated."""
        if self.english:
            return dict(details)
        out = dict(details)
        for key in ("rule_codes", "readings", "options"):
            items = out.get(key)
            if isinstance(items, list):
                out[key] = [self._with_text(item) for item in items]
        return out

    def _with_text(self, item: Any) -> Any:
        if isinstance(item, dict) and isinstance(item.get("text"), str):
            return {**item, "text": self.text(item["text"])}
        return item

    def labels(self, found: Iterable[str], words: Words, categories: Iterable[str] = ()) -> dict[str, str]:
        """The human name of each of a game's words among ``found`` (the ids a score answer uses) and of
        each score breakdown category in ``categories``: ``word_name`` and ``category`` of each, read from
        the game's ``label_table`` (a category it does not hold is named as ``category`` names it)."""
        names, named = self.label_table(words)
        out = {word: names[word] for word in sorted(set(found) & words.terms)}
        for category in sorted(set(categories)):  # (a category that is also a word keeps the word's place)
            label = named.get(category)
            out[category] = self.category(category, words) if label is None else label
        return out

    def label_table(self, words: Words) -> tuple[dict[str, str], dict[str, str]]:
        """Every name ``labels`` can give from a game's words alone, made once per game and language: each
        word's ``word_name``, and the ``category`` of every category the words compose (the named ones,
        every word, and each kind with each part and each word). A function of the catalog and the words,
        never of a request (an id they do not name is named again at each ask); ``install_language`` makes
        every served game's at start. A category whose naming raises is left out (an ask raises as before)."""
        entry = self._label_tables.get(id(words))
        if entry is None or entry[0] is not words:
            names = {word: self.word_name(word, words) for word in words.terms}
            ids = {*words.categories, *words.terms}
            ids.update(f"{kind}:{part}" for kind in words.kinds for part in (*words.parts, *words.terms))
            named = {}
            for category in ids:
                try:
                    named[category] = self.category(category, words)
                except Exception:  # noqa: BLE001,S112 - a catalog defect: each ask names it (and raises) as before
                    continue
            if len(self._label_tables) >= 64:  # games are the code's (and a test's): a few
                self._label_tables.clear()
            entry = self._label_tables[id(words)] = (words, names, named)
        return entry[1], entry[2]

    def word_name(self, word: str, words: Words) -> str:
        """A game word's name; in English the id itself, read as words (``tea_house`` is ``tea house``)."""
        return word.replace("_", " ") if self.english else self._pgettext(words.context, word)

    def category(self, category: str, words: Words) -> str:
        """A breakdown category's label: its own name, or for ``kind:id`` the kind's template filled with the
        id's name, or the word it is; an id the game does not name is shown as it is."""
        if category in words.categories:
            return self._pgettext(words.context, words.categories[category])
        kind, _, part = category.partition(":")
        if part and kind in words.kinds:
            english = words.kinds[kind]
            name = self._part(part, words)
            try:
                return self._fill(self._pgettext(words.context, english), name)
            except (KeyError, IndexError, ValueError):  # a catalog defect (the catalog test finds it)
                return self._fill(english, name)
        return self.word_name(category, words) if category in words.terms else category

    def _part(self, part: str, words: Words) -> str:
        if part in words.parts:
            return self._pgettext(words.context, words.parts[part])
        return self.word_name(part, words) if part in words.terms else part

    @staticmethod
    def _fill(template: str, name: str) -> str:
        return template.format(**{f: name for _, f, _, _ in Formatter().parse(template) if f})


def categories_in(score: Mapping[str, Any]) -> set[str]:
    """The breakdown categories of a score answer's players."""
    found: set[str] = set()
    players = score.get("players")
    for player in players if isinstance(players, list) else ():
        for item in player.get("breakdown") or () if isinstance(player, dict) else ():
            if isinstance(item, dict) and isinstance(item.get("category"), str):
                found.add(item["category"])
    return found


def words_in(data: Any) -> set[str]:
    """Every member name and string in a JSON-ready answer: the candidates for its ``labels``.

    A score answer can hold thousands of values (20 KB for a five-player Chinatown), most of them integers:
    exact types are tested before isinstance, each object's member names are taken at once, and the few
    that are not strings are dropped at the end. Tuples are arrays, as the encoder writes them."""
    found: set[Any] = set()
    stack: list[Iterable[Any]] = [[data]]
    while stack:
        for item in stack.pop():
            kind = type(item)
            if kind is int:
                continue
            if kind is str or isinstance(item, str):
                found.add(item)
            elif kind is dict or isinstance(item, dict):
                found.update(item)
                stack.append(item.values())
            elif kind is list or kind is tuple or isinstance(item, (list, tuple)):
                stack.append(item)
    return {word for word in found if isinstance(word, str)}


# Types orjson would write that the walk does not read (dataclasses, dates): such an answer is walked.
_WRITES_AS_WALKED = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME


def terms_in(data: Any, terms: frozenset[str], text: bytes | None = None) -> set[str]:
    """The ``terms`` (a game's words) that are member names or strings of the answer: ``words_in(data) &
    terms``, found by searching the answer's JSON text for each term in quotes (a game has some 25 words,
    a large answer thousands of strings).

    In a JSON text with no backslash no string has an escape, so every quote opens or closes a string.
    A quoted term found in it is a whole string: had its first quote closed a string, the term would be
    the text between two strings, which always holds a ``,`` or a ``:``. So a term holding neither, nor a
    quote, a backslash or a character JSON escapes, is searched for; any other term is looked up among
    the pieces between the 1st and 2nd, 3rd and 4th... quotes, which are exactly the strings. An answer
    with a backslash in its text, or one orjson does not write (deeper than it goes, keys that are not
    strings, integers past 64 bits), is walked instead. ``text``: the answer's text as orjson wrote it
    already with no type passed through (``answers.encoded``), which is the text this would write."""
    if text is None:
        try:
            text = orjson.dumps(data, option=_WRITES_AS_WALKED)
        except TypeError:
            text = None
    if text is None or b"\\" in text:
        return words_in(data) & terms
    searched, others = _needles(terms)
    found = {term for term, needle in searched if needle in text}
    if others:
        strings = set(text.split(b'"')[1::2])
        found.update(term for term in others if term.encode() in strings)
    return found


_NOT_SEARCHABLE = frozenset('",:\\') | frozenset(map(chr, range(0x20)))


@lru_cache(maxsize=32)
def _needles(terms: frozenset[str]) -> tuple[tuple[tuple[str, bytes], ...], tuple[str, ...]]:
    """The terms that can be searched for with their quoted UTF-8, and the others."""
    searched = tuple(
        (term, b'"' + term.encode() + b'"') for term in sorted(terms) if term and not _NOT_SEARCHABLE.intersection(term)
    )
    done = {term for term, _ in searched}
    return searched, tuple(sorted(term for term in terms if term not in done))
