"""A game's rules fingerprint: a hash of everything that decides its answers.

``rules_version`` is bumped by hand when a rule changes on purpose; the fingerprint changes by itself
whenever a module that decides its answers changes: the engine packages its spec names as ``sources``
(its own, and the one a re-skin runs), the shared engine modules, the wire schemas and the edge modules
that build the answers (code, tables or data files), so replicas sharing a Redis never serve an answer
computed by other rules or shaped by other code. It goes into every cache key beside ``rules_version``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from importlib import resources
from importlib.resources.abc import Traversable

SOURCE_SUFFIXES = (".py", ".json", ".yaml")


def _files(root: Traversable, prefix: str = "") -> Iterable[tuple[str, Traversable]]:
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        name = f"{prefix}{entry.name}"
        if entry.is_dir():
            if entry.name != "__pycache__":
                yield from _files(entry, name + "/")
        elif entry.name.endswith(SOURCE_SUFFIXES):
            yield name, entry


def tree_digest(roots: Iterable[tuple[str, Traversable]], recurse: bool = True) -> str:
    """The blake2b digest of every source file's name and bytes under the given named roots."""
    digest = hashlib.blake2b(digest_size=16)
    for label, root in roots:
        files = (
            _files(root)
            if recurse
            else (
                (e.name, e)
                for e in sorted(root.iterdir(), key=lambda e: e.name)
                if e.is_file() and e.name.endswith(SOURCE_SUFFIXES)
            )
        )
        for name, entry in files:
            digest.update(f"{label}/{name}\0".encode())
            digest.update(entry.read_bytes())
            digest.update(b"\0")
    return digest.hexdigest()


def rules_fingerprint(sources: Sequence[str]) -> str:
    """The engine packages a game's answers come from (its spec's ``sources``) in full, plus the shared engine,
    schema and answer-building edge modules beside them."""
    engine = resources.files("service.engine")
    schemas = resources.files("service.schemas")
    edge = resources.files("service.api")
    own = tree_digest([(f"engine/{package}", engine / package) for package in sources])
    shared = tree_digest([("engine", engine), ("schemas", schemas), ("api", edge)], recurse=False)
    return hashlib.blake2b(f"{own}:{shared}".encode(), digest_size=6).hexdigest()
