"""The memo stores behind ``engine.core.Memo``: in-process LRU (default), Redis, and both tiered."""

from .keys import canonical_json, memo_key
from .memo import Memo, MemoryMemo, RedisMemo, TieredMemo, build_memo
from .stores import MemoryStore, RedisStore

__all__ = [
    "Memo",
    "MemoryMemo",
    "MemoryStore",
    "RedisMemo",
    "RedisStore",
    "TieredMemo",
    "build_memo",
    "canonical_json",
    "memo_key",
]
