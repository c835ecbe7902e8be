"""The list of every cache in a worker (``service/cache/policy.py``) stays true to the code: the engines keep
no cache of their own beside the kit's StateMemo, every memo sized apart from the default is listed with
its size, and every function cache of the service is named."""

import re
from pathlib import Path

from service.cache import policy

SERVICE = Path(__file__).resolve().parents[2] / "service"
FUNCTION_CACHE = re.compile(r"\b(lru_cache|functools\.cache|cachetools)\b|^\s*@cache\b", re.M)


def sources(folder: Path):
    return {path: path.read_text() for path in sorted(folder.rglob("*.py"))}


def test_no_engine_module_keeps_a_cache_of_its_own():
    found = [
        str(path.relative_to(SERVICE))
        for path, text in sources(SERVICE / "engine").items()
        if FUNCTION_CACHE.search(text)
    ]
    assert found == []


def test_every_memo_sized_apart_is_listed_with_its_size():
    sized = [
        found
        for text in sources(SERVICE / "engine").values()
        for found in re.findall(r"self\.(\w+): StateMemo\[.*?\] = StateMemo\(size=(\d+)\)", text)
    ]
    assert sized, "New York's city checks are a sized memo"
    for name, size in sized:
        assert f"``{name}`` ({size} entries)" in policy.__doc__, name


def test_every_function_cache_of_the_service_is_listed():
    named = []
    for _path, text in sources(SERVICE).items():
        for match in re.finditer(r"@(?:functools\.)?lru_cache\([^)]*\)\s*\n\s*def (\w+)", text):
            named.append(match.group(1))
    assert named, "the contract texts are a function cache"
    for name in named:
        assert f"{name}``" in policy.__doc__, name
