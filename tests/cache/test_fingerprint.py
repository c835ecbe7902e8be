"""The rules fingerprint changes by itself when a game's code or data changes, and only then."""

from pathlib import Path

from service.cache.fingerprint import rules_fingerprint, tree_digest
from service.engine.registry import GAME_IDS, SPECS


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path


def test_a_changed_rule_table_or_data_file_changes_the_digest(tmp_path):
    root = _tree(tmp_path, {"data.py": "INCOME = {3: 30000}\n", "board.json": "[1, 2]", "notes.txt": "x"})
    before = tree_digest([("g", root)])
    assert tree_digest([("g", root)]) == before
    (root / "notes.txt").write_text("not a source file")
    assert tree_digest([("g", root)]) == before
    (root / "data.py").write_text("INCOME = {3: 40000}\n")
    changed = tree_digest([("g", root)])
    assert changed != before
    (root / "data.py").write_text("INCOME = {3: 30000}\n")
    (root / "board.json").write_text("[1, 3]")
    assert tree_digest([("g", root)]) not in (before, changed)


def test_a_file_in_a_subpackage_counts_and_pycache_does_not(tmp_path):
    root = _tree(tmp_path, {"a.py": "", "sub/b.py": "X = 1\n"})
    before = tree_digest([("g", root)])
    _tree(root, {"__pycache__/a.cpython.py": "junk"})
    assert tree_digest([("g", root)]) == before
    (root / "sub" / "b.py").write_text("X = 2\n")
    assert tree_digest([("g", root)]) != before


def test_every_game_has_its_own_stable_fingerprint():
    prints = {g: rules_fingerprint(SPECS[g].sources) for g in GAME_IDS}
    assert len(set(prints.values())) == len(GAME_IDS)
    assert prints == {g: rules_fingerprint(SPECS[g].sources) for g in GAME_IDS}


def test_a_reskin_is_fingerprinted_over_the_package_whose_code_it_runs():
    own = rules_fingerprint(("chinatown",))
    assert rules_fingerprint(("chinatown", "newyork")) not in (own, rules_fingerprint(("newyork",)))
    for spec in SPECS.values():
        assert spec.sources[0] == spec.id  # its own package first, then the one it re-skins
