"""The seal on the states this service answers with: ``s1.`` + HMAC-SHA256 over the game, the cache
version (the rules version and the fingerprint of the code behind it) and the state's canonical JSON,
cut to 128 bits, in hex.

A request that sends a state back with its seal proves that these very rules made that very state, so
its whole-state check can be skipped (``Engine.vouch``); the move's own rules, the candidates and the
scores are computed as always. Only a deployment with a secret (``CACHE_HMAC_SECRET``) seals; the key is
derived from that secret for this use alone, so a seal never passes for a cache value's MAC nor the
other way round. A seal that does not verify (forged, another state's, another game's, older rules',
malformed) is no seal: that state is checked like any other.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

import orjson

PREFIX = "s1."
_MAC_HEX = 32
SEAL_CHARS = len(PREFIX) + _MAC_HEX
# What the edge accepts as a seal at all (a longer string is refused as a schema problem).
MAX_SEAL_CHARS = 64


class StateSealer:
    def __init__(self, secret: bytes):
        if not secret:
            raise ValueError("a state seal needs a secret")
        self._key = hmac.new(secret, b"city-games state seal", hashlib.sha256).digest()

    def seal(self, game_id: str, cache_version: str, state: Any) -> str | None:
        """The seal of a state as the answer writes it; None for one with no canonical text."""
        text = canonical_state(state)
        return None if text is None else PREFIX + self._mac(game_id, cache_version, text)

    def verifies(self, game_id: str, cache_version: str, state: Any, seal: Any) -> bool:
        """Whether ``seal`` is this deployment's seal of exactly ``state`` under these rules."""
        if not isinstance(seal, str) or len(seal) != SEAL_CHARS or not seal.startswith(PREFIX):
            return False
        text = canonical_state(state)
        return text is not None and hmac.compare_digest(seal[len(PREFIX) :], self._mac(game_id, cache_version, text))

    def _mac(self, game_id: str, cache_version: str, text: bytes) -> str:
        message = game_id.encode() + b"\0" + cache_version.encode() + b"\0" + text
        # (OpenSSL's one-shot HMAC: the same MAC as hmac.new(...).hexdigest(), without the HMAC object)
        return hmac.digest(self._key, message, "sha256").hex()[:_MAC_HEX]


def canonical_state(state: Any) -> bytes | None:
    """Sorted keys, compact, as orjson writes them (tuples as arrays, ``9.0`` apart from ``9``); None
    for what orjson does not write (integers past 64 bits, keys that are not strings): such a state
    is never sealed, so never vouched for."""
    try:
        return orjson.dumps(state, option=orjson.OPT_SORT_KEYS)
    except TypeError:
        return None
