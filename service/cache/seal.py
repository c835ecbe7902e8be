"""Values shared through Redis are sealed: ``h1:`` + HMAC-SHA256(secret, key NUL value) in hex + ``:`` +
the value's UTF-8 text. Binding the key means a value copied under another key (another game, another
route, another request) does not verify; only holders of ``CACHE_HMAC_SECRET`` can write a value that
this service will read.
"""

from __future__ import annotations

import hashlib
import hmac

PREFIX = b"h1:"
_MAC_HEX = 64
SEALED_OVERHEAD = len(PREFIX) + _MAC_HEX + 1  # a sealed value's bytes beyond its text's


class Rejected:
    """A stored value that must not be used, and why: ``mac`` (unsigned, forged, or copied from another
    key), ``undecodable`` (not UTF-8 or not JSON), ``shape``, ``content_type`` or ``etag`` (a check refused it)."""

    __slots__ = ("reason",)

    def __init__(self, reason: str):
        self.reason = reason

    def __repr__(self) -> str:
        return f"Rejected({self.reason!r})"


def _mac(secret: bytes, key: str, payload: bytes) -> bytes:
    return hmac.new(secret, key.encode() + b"\x00" + payload, hashlib.sha256).hexdigest().encode()


def seal(secret: bytes, key: str, text: str) -> bytes:
    payload = text.encode("utf-8")
    return PREFIX + _mac(secret, key, payload) + b":" + payload


def unseal(secret: bytes, key: str, raw: bytes) -> str | Rejected:
    """The text sealed under ``key``, or why it is refused. The MAC is checked before anything is
    decoded, in constant time."""
    head = len(PREFIX) + _MAC_HEX
    if not isinstance(raw, bytes) or raw[: len(PREFIX)] != PREFIX or raw[head : head + 1] != b":":
        return Rejected("mac")
    payload = raw[head + 1 :]
    if not hmac.compare_digest(raw[len(PREFIX) : head], _mac(secret, key, payload)):
        return Rejected("mac")
    try:
        return payload.decode("utf-8")
    except UnicodeDecodeError:
        return Rejected("undecodable")
