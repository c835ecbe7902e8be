"""The game routes: generic over ``<game>``, each game's schemas and engine plugged in by id."""

from __future__ import annotations

import copy
import functools
import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, current_app, g
from marshmallow import ValidationError

from ..cache.fingerprint import rules_fingerprint
from ..cache.keys import canonical_json
from ..cache.state_seal import MAX_SEAL_CHARS, StateSealer
from ..deadline import DeadlineExceeded, run_within
from ..engine.core import GameInfo, GameSpec, RulesError, ViolationDict
from ..engine.kit import N_
from ..engine.memo import memo_scope
from ..engine.random import SEED_MAX
from ..engine.registry import GAME_IDS, SPECS
from ..engine.replay import replay
from ..metrics import DEADLINES
from ..schemas import typed
from ..schemas.common import GameWire, PlayerId, load_wire
from ..schemas.envelopes import DEFAULT_MOVES_LIMIT, Envelopes, build_envelopes
from ..schemas.errors import error_pointers
from . import language
from .answer_cache import cached_answer
from .answers import encoded, json_answer, json_answer_with, svg_answer
from .body import parse_json_object, raw_json_body
from .localize import NO_WORDS, Words, categories_in, terms_in
from .problem_types import ApiProblem
from .routes import BY_PATH, REQUESTS, TAKES_SEAL
from .svg import xml_safe

bp = Blueprint("games", __name__)


@dataclass(frozen=True)
class Binding:
    """One game as the HTTP layer sees it: its info, engine, wire schemas and request envelopes."""

    info: GameInfo
    game: Any
    wire: GameWire | None
    envelopes: Envelopes | None
    fingerprint: str = ""
    words: Words = NO_WORDS
    rules_page: Any = None  # the game's rules.yaml (its spec's rules_page)
    options: Any = ()  # the game's option book (its spec's options)

    @functools.cached_property
    def cache_version(self) -> str:
        """What cache keys carry: the rules version, and the fingerprint of the code and data behind it."""
        return f"{self.info.rules_version}.{self.fingerprint}"

    @property
    def available(self) -> bool:
        return self.game is not None and self.envelopes is not None

    @property
    def served(self) -> Envelopes:
        """The request and answer envelopes of a game the routes serve (``_binding`` has answered 501 for a
        game that is not available)."""
        if self.envelopes is None:
            raise RuntimeError(f"{self.info.id} has no wire envelopes: it is not available")
        return self.envelopes


def bind_games() -> dict[str, Binding]:
    """Every game's binding, in a dict of the app's own (a test or a plug-in may add a game to it)."""
    return dict(_bindings())


@functools.cache
def _bindings() -> tuple[tuple[str, Binding], ...]:
    # Built once per process: a binding is a function of the code and data alone, and compiling its
    # envelopes' typed plans is most of what creating an app costs.
    return tuple((game_id, bind(spec)) for game_id, spec in SPECS.items())


def bind(spec: GameSpec) -> Binding:
    """A game's binding, made from its spec alone (the registry's games, or one a test serves)."""
    wire = load_wire(spec)
    envelopes = game_envelopes(wire, spec.info) if wire is not None else None
    return Binding(
        spec.info,
        spec.engine,
        wire,
        envelopes,
        rules_fingerprint(spec.sources),
        spec_words(spec.words),
        spec.rules_page,
        spec.options,
    )


def game_envelopes(wire: GameWire, info: GameInfo) -> Envelopes:
    """A game's request envelopes, one for each declared route (service/api/routes.py)."""
    return build_envelopes(wire, info, REQUESTS)


def spec_words(module) -> Words:
    return Words(
        module.CONTEXT,
        module.WORDS,
        getattr(module, "CATEGORIES", {}),
        getattr(module, "KINDS", {}),
        getattr(module, "PARTS", {}),
    )


def _binding(game_id: str, need_engine: bool = True, games: dict[str, Binding] | None = None) -> Binding:
    binding = (current_app.extensions["games"] if games is None else games).get(game_id)
    if binding is None:
        raise ApiProblem(
            404,
            "There is no game {game}; the games are {games}.",
            slug="unknown-game",
            game=repr(game_id),
            games=", ".join(GAME_IDS),
        )
    if need_engine and not binding.available:
        raise ApiProblem(501, "The {name} rules engine is not built yet.", name=binding.info.name)
    return binding


def _schema_problem(errors: list[dict[str, str]], left_out: int = 0) -> ApiProblem:
    return ApiProblem(
        422, "{count} field(s) do not fit the schema.", errors, count=len(errors) + left_out, errors_left_out=left_out
    )


def _load(schema, data: Any, prefix: str = "") -> Any:
    try:
        return typed.load(schema, data)
    except ValidationError as exc:
        raise _schema_problem(error_pointers(exc.messages, prefix), _left_out(exc)) from None


def _left_out(exc: ValidationError) -> int:
    """The errors a refusal found but did not list (``TooManyUnknown``: unknown keys past the first 50)."""
    return getattr(exc, "left_out", 0)


# What a route that takes a state back with its seal reads it from, and an answer that carries one says it in
# (which routes: service/api/routes.py).
SEAL_FIELD = "state_seal"


@functools.lru_cache(maxsize=4)
def _sealer_for(secret: str) -> StateSealer:
    return StateSealer(secret.encode())


def _sealer() -> StateSealer | None:
    """The deployment's state sealer: only with a secret (CACHE_HMAC_SECRET)."""
    secret = current_app._get_current_object().config["SETTINGS"].cache_hmac_secret  # type: ignore[attr-defined]
    return _sealer_for(secret) if secret else None


def _take_seal(binding: Binding, op: str, body: dict[str, Any]) -> dict[str, Any]:
    """The body without its ``state_seal`` (the edge's, like ``lang``); whether the seal is this
    deployment's seal of the body's state is kept for ``_vouch``. A seal that is no string, or longer than
    any seal, is a schema problem; one that does not verify is ignored (the state is checked as always)."""
    if op not in TAKES_SEAL or SEAL_FIELD not in body:
        return body
    seal = body[SEAL_FIELD]
    if not isinstance(seal, str) or len(seal) > MAX_SEAL_CHARS:
        message = (
            "Not a valid string." if not isinstance(seal, str) else f"Longer than maximum length {MAX_SEAL_CHARS}."
        )
        raise _schema_problem([{"pointer": f"/{SEAL_FIELD}", "message": message}])
    sealer = _sealer()
    if sealer is not None and sealer.verifies(binding.info.id, binding.cache_version, body.get("state"), seal):
        g._get_current_object().sealed_state = body.get("state")
    return {key: value for key, value in body.items() if key != SEAL_FIELD}


_NONE = object()  # what no body's state is


def _vouch(binding: Binding, body: dict[str, Any], state: Any) -> None:
    """Skip the whole-state check of a state loaded from a body whose seal verified."""
    if state is not None and g._get_current_object().get("sealed_state", _NONE) is body.get("state"):
        binding.game.vouch(state)


def _sealed(binding: Binding, answer: dict[str, Any], dumped_state: Any) -> dict[str, Any]:
    """The answer with the seal of the state it carries, when the deployment seals."""
    sealer = _sealer()
    if sealer is not None:
        seal = sealer.seal(binding.info.id, binding.cache_version, dumped_state)
        if seal is not None:
            answer[SEAL_FIELD] = seal
    return answer


def _dump_state(binding: Binding, state: Any) -> Any:
    return typed.dump(binding.served.state_out, state)


def _status(binding: Binding, state: Any) -> dict[str, Any]:
    return typed.dump(binding.served.status_out, binding.game.status(state))


def _violations(binding: Binding, violations) -> list[dict[str, str]]:
    return language.current().violations(violations, binding.words)


def _integral(value: Any) -> Any:
    """The body's numbers as the schema loaded them: ``9.0`` is the integer 9."""
    if isinstance(value, float):
        return int(value)
    if isinstance(value, dict):
        return {key: _integral(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_integral(item) for item in value]
    return value


def _derived_seed(body: dict[str, Any]) -> int:
    """A seed from the request itself, so a request without one still always gives the same game."""
    material = canonical_json(_integral({"players": body.get("players"), "options": body.get("options", {})}))
    return int.from_bytes(hashlib.blake2b(material.encode(), digest_size=8).digest(), "big") & SEED_MAX


def _setup_state(binding: Binding, request_data: dict[str, Any], raw: dict[str, Any], prefix: str = ""):
    seed = request_data.get("seed")
    if seed is None:
        seed = _derived_seed(raw)
    options = request_data.get("options")
    if options is None:
        options = binding.served.options.load({})
    try:
        return binding.game.setup(request_data["players"], seed, options), seed
    except RulesError as exc:
        shown = language.current().violations(exc.violations, binding.words)
        errors = [{"pointer": prefix + v["pointer"], "message": v["message"]} for v in shown]
        raise ApiProblem(422, "The rules refuse this setup.", errors, slug="setup-refused") from None


def within_deadline(game_id: str, op: str, compute: Callable[[], Any], deadline_ms: int | None = None) -> Any:
    """``compute()`` (parsing, the rules, serialising: no I/O) under REQUEST_DEADLINE_MS (``deadline_ms``:
    the app's, when the caller has read it); past it, a 503.

    The memo's Redis lookup and write-back stay outside: cached_answer calls this only on a miss.
    """
    if deadline_ms is None:
        deadline_ms = current_app.config["SETTINGS"].request_deadline_ms
    seconds = deadline_ms / 1000
    try:
        return run_within(seconds, compute)
    except DeadlineExceeded:
        DEADLINES.labels(game=game_id, op=op).inc()
        raise ApiProblem(
            503,
            "The answer took longer than the {seconds} s limit and was abandoned; "
            "retry later, or send a smaller request.",
            slug="deadline-exceeded",
            headers={"Retry-After": "1"},
            seconds=f"{seconds:g}",
        ) from None


# --- routes -----------------------------------------------------------------------------------


@bp.get("/v1/games")
def list_games():
    language.current()  # the list has no texts to translate, but says its language like every game answer
    games = [{**b.info.to_dict(), "available": b.available} for b in current_app.extensions["games"].values()]
    return json_answer({"games": games})


@bp.get("/v1/games/<game_id>")
def describe_game(game_id: str):
    binding = _binding(game_id, need_engine=False)
    if not binding.available:
        details: dict[str, Any] = {"rule_codes": [], "readings": []}
    else:
        details = language.current().described(binding.game.describe())
    payload = {
        "game": {**binding.info.to_dict(), "available": binding.available},
        **details,
        "setup_options": setup_options(binding, language.current()),
    }
    return json_answer(payload, binding.info.rules_version)


# An option's kind as a setup form reads it (no kind is `value` or `type`: Kotlin's generated enum
# of them would clash with its own `value`, and Spectral takes an example object with `type` for a schema).
SETUP_KINDS = {"bool": "bool", "int": "integer", "choice": "choice", "value": "structured"}


def setup_options(binding: Binding, lang: language.Translator) -> list[dict[str, Any]]:
    """Every option a setup request may set, as a setup form offers it: its kind (``player`` for an option
    whose wire field names a player or null), default, choices and bounds, and the names a person reads, in
    ``lang`` (the catalogues hold each option's and each text choice's name)."""
    declared = binding.wire.options._declared_fields if binding.wire is not None else {}
    out: list[dict[str, Any]] = []
    for spec in binding.options:
        names_a_player = spec.kind == "value" and isinstance(declared.get(spec.name), PlayerId)
        item: dict[str, Any] = {
            "name": spec.name,
            "kind": "player" if names_a_player else SETUP_KINDS[spec.kind],
            "default": copy.deepcopy(spec.default),
            "label": lang.text(spec.label),
        }
        if spec.choices:
            item["choices"] = [
                {"value": choice, "label": label if label.isdigit() else lang.text(label)}
                for choice, label in zip(spec.choices, spec.choice_labels(), strict=True)
            ]
        if spec.minimum is not None:
            item["minimum"] = spec.minimum
        if spec.maximum is not None:
            item["maximum"] = spec.maximum
        out.append(item)
    return out


VIEWS: dict[str, Callable] = {}


def game_route(op: str) -> Callable:
    """The view of the declared route ``op`` (service/api/routes.py), for every game."""
    route = BY_PATH[op]

    def register(view: Callable) -> Callable:
        def endpoint(game_id: str):
            app = current_app._get_current_object()  # type: ignore[attr-defined]  # the proxy, read once
            binding = _binding(game_id, games=app.extensions["games"])
            raw = raw_json_body()
            lang = language.choose(language.body_language(raw) or language.negotiated())
            memo = app.extensions["memo"]

            def answer():
                with memo_scope(memo.bound(binding.cache_version)):
                    return within_deadline(
                        game_id,
                        op,
                        lambda: view(
                            binding, _take_seal(binding, op, language.without_language(parse_json_object(raw)))
                        ),
                        app.config["SETTINGS"].request_deadline_ms,
                    )

            return cached_answer(
                memo,
                op,
                game_id,
                binding.info.rules_version,
                raw,
                answer,
                binding.cache_version,
                lang,
            )

        endpoint.__name__ = f"{op.replace('-', '_')}"
        bp.add_url_rule(f"/v1/games/<game_id>/{route.path}", view_func=endpoint, methods=["POST"])
        VIEWS[op] = view
        return view

    return register


@game_route("setup")
def setup(binding: Binding, body: dict[str, Any]):
    data = _load(binding.served.requests["setup"], body)
    state, seed = _setup_state(binding, data, body)
    dumped = _dump_state(binding, state)
    return json_answer(
        _sealed(binding, {"state": dumped, "status": _status(binding, state), "seed": seed}, dumped),
        binding.info.rules_version,
    )


@game_route("validate")
def validate_state(binding: Binding, body: dict[str, Any]):
    state = _load(binding.served.requests["validate"], body)["state"]
    violations = binding.game.validate(state)
    return json_answer(
        {"valid": not violations, "violations": _violations(binding, violations)}, binding.info.rules_version
    )


@game_route("legal-moves")
def legal_moves(binding: Binding, body: dict[str, Any]):
    data = _load(binding.served.requests["legal-moves"], body)
    _vouch(binding, body, data["state"])
    start = _cursor_start(data.get("cursor"), body)
    page = binding.game.legal_page(
        data["state"], data.get("player"), data.get("type"), start, data.get("limit", DEFAULT_MOVES_LIMIT)
    )
    dumped = typed.dump(binding.served.moves_out, page.moves)
    # the listing's hash (a walk and a hash of the whole state) only when a cursor is given or answered
    next_cursor = None if page.next_start is None else f"{page.next_start}-{_listing(body)}"
    return json_answer(
        {"moves": dumped, "count": len(dumped), "next_cursor": next_cursor, "status": _status(binding, data["state"])},
        binding.info.rules_version,
    )


_CURSOR = re.compile(r"([0-9]{1,9})-([0-9a-f]{16})")


def _listing(body: dict[str, Any]) -> str:
    """What a cursor is tied to: the state and the filters, as sent (the page's size may change)."""
    material = canonical_json(_integral({key: body.get(key) for key in ("state", "player", "type")}))
    return hashlib.blake2b(material.encode(), digest_size=8).hexdigest()


def _cursor_start(cursor: str | None, body: dict[str, Any]) -> int:
    """The candidate a cursor resumes at: it names it, and the listing it was given for."""
    if cursor is None:
        return 0
    found = _CURSOR.fullmatch(cursor)
    if found is None or found[2] != _listing(body):
        raise ApiProblem(
            422,
            "{count} field(s) do not fit the schema.",
            [
                {
                    "pointer": "/cursor",
                    "message": N_(
                        "This cursor was not given for this state, player and type: start again without one."
                    ),
                }
            ],
            slug="schema",
            count=1,
        )
    return int(found[1])


@game_route("moves")
def apply_move(binding: Binding, body: dict[str, Any]):
    data = _load(binding.served.requests["moves"], body)
    _vouch(binding, body, data["state"])
    outcome = binding.game.apply(data["state"], data["move"])
    after = outcome.state if outcome.legal else data["state"]
    dumped = _dump_state(binding, outcome.state) if outcome.legal else None
    answer = {
        "legal": outcome.legal,
        "violations": _violations(binding, outcome.violations),
        "state": dumped,
        "status": _status(binding, after),  # an illegal move leaves the state as it was: its status
        "events": [e.to_dict() for e in outcome.events],
        "scores": binding.game.standings(after),
    }
    return json_answer(_sealed(binding, answer, dumped) if outcome.legal else answer, binding.info.rules_version)


@game_route("replay")
def replay_log(binding: Binding, body: dict[str, Any]):
    data = _load(binding.served.requests["replay"], body)
    if "setup" in data:
        start, _seed = _setup_state(binding, data["setup"], body.get("setup", {}), "/setup")
    else:
        start = data["state"]
    result = replay(binding.game, start, data["moves"])
    first_illegal = None
    if result.first_illegal_index is not None:
        first_illegal = {"index": result.first_illegal_index, "violations": _violations(binding, result.first_illegal)}
    scoring = binding.game.scoring_events
    scorings = [{**event.to_dict(), "index": index} for index, event in result.events if event.kind in scoring]
    return json_answer(
        {
            "valid": result.valid,
            "first_illegal": first_illegal,
            "state": _dump_state(binding, result.state),
            "status": _status(binding, result.state),
            "scores": binding.game.standings(result.state),
            "scorings": scorings,
        },
        binding.info.rules_version,
    )


def _chance(options: Any) -> Any:
    """A loaded options value's ``chance`` (a game's options load as a dict or as its own object)."""
    return options.get("chance") if isinstance(options, dict) else getattr(options, "chance", None)


@game_route("record")
def check_record(binding: Binding, body: dict[str, Any]):
    """A whole game's record (docs/record.md) checked entry by entry: where it first goes wrong, how far
    it could be checked, and the standings it reaches."""
    data = _load(binding.served.requests["record"], body)
    game = binding.game
    if "start" in data:
        state = data["start"]
    elif data.get("seed") is None and _chance(data.get("options")) != "table":
        state = None  # a digital game whose seed the record withholds: its deals cannot be known
    else:
        if len(set(data["players"])) != len(data["players"]):
            # (said here, not as the schema's uniqueItems, which schemathesis's generator cannot draw beside
            # Skyline 3000's player ids; a record with a start state names its players there)
            raise _schema_problem([{"pointer": "/players", "message": "Player ids must be unique."}])
        setup_data = {key: data[key] for key in ("players", "seed", "options") if data.get(key) is not None}
        state, _seed = _setup_state(binding, setup_data, {k: body.get(k) for k in ("players", "options") if k in body})
    first_illegal = None
    hidden_from = 0 if state is None else None
    events: list[Any] = []
    checked = 0
    for index, entry in enumerate(data["moves"] if state is not None else ()):
        if "hidden" in entry:
            hidden_from = index
            break
        if "correction" in entry:
            corrected = entry["correction"]["state"]
            violations = game.validate(corrected)
            outcome_state, legal, found = corrected, not violations, violations
        else:
            outcome = game.apply(state, entry["move"])
            outcome_state, legal, found = outcome.state, outcome.legal, outcome.violations
            if legal:
                events.extend((index, event) for event in outcome.events)
        if not legal:
            first_illegal = {"index": index, "violations": _violations(binding, found)}
            break
        state = outcome_state
        checked += 1
    complete = hidden_from is None and first_illegal is None
    claimed = data.get("result")
    matches = None
    if claimed is not None and complete:
        reached = game.status(state)
        matches = (
            claimed["over"] == reached.over
            and set(claimed["winners"]) == set(reached.winners)
            and claimed["standings"] == game.standings(state)
        )
    scoring = game.scoring_events
    return json_answer(
        {
            "valid": first_illegal is None and matches is not False,
            "complete": complete,
            "checked": checked,
            "hidden_from": hidden_from,
            "first_illegal": first_illegal,
            "result_matches": matches,
            "state": None if state is None else _dump_state(binding, state),
            "status": None if state is None else _status(binding, state),
            "scores": {} if state is None else game.standings(state),
            "scorings": [{**event.to_dict(), "index": index} for index, event in events if event.kind in scoring],
        },
        binding.info.rules_version,
    )


@game_route("score")
def score(binding: Binding, body: dict[str, Any]):
    errors: list[dict[str, str]] = []
    left_out = 0
    state = scoring = None
    try:
        state = typed.load(binding.served.score_state, {"state": body.get("state")} if "state" in body else {})["state"]
    except ValidationError as exc:
        errors += error_pointers(exc.messages)
        left_out += _left_out(exc)
    try:
        scoring = typed.load(binding.served.score_extra, {k: v for k, v in body.items() if k != "state"})
    except ValidationError as exc:
        errors += error_pointers(exc.messages)
        left_out += _left_out(exc)
    if errors:
        raise _schema_problem(errors, left_out)
    _vouch(binding, body, state)
    result = dict(binding.game.score(state, scoring))
    tr, words = language.current(), binding.words
    if isinstance(result.get("violations"), list):
        result["violations"] = [
            tr.violation(v.violation, words) if isinstance(v, ViolationDict) else v for v in result["violations"]
        ]
    # the answer's text is written once: searched for the game's words, then extended with their labels
    text = encoded(result)
    labels = tr.labels(terms_in(result, words.terms, text), words, categories_in(result))
    return json_answer_with(result, text, {"labels": labels}, binding.info.rules_version)


@game_route("view")
def view(binding: Binding, body: dict[str, Any]):
    data = _load(binding.served.requests["view"], body)
    seen = binding.game.view(data["state"], data["player"])
    # the status of the whole state: who is awaited and who won are public, though a view hides money
    return json_answer(
        {"state": _dump_state(binding, seen), "status": _status(binding, data["state"])}, binding.info.rules_version
    )


@game_route("render")
def render(binding: Binding, body: dict[str, Any]):
    data = _load(binding.served.requests["render"], body)
    svg = xml_safe(
        binding.game.render(data["state"], data.get("player"), tr=language.current().labels_for(binding.words))
    )
    return svg_answer(svg.encode(), binding.info.rules_version)


def check_served() -> None:
    """Every declared route has its view (called once every module that adds one is imported)."""
    unserved = set(BY_PATH) - set(VIEWS)
    if unserved:
        raise RuntimeError(f"declared routes without a view (service/api/routes.py): {sorted(unserved)}")
