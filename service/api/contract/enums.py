"""Id enums as named components: a set of ids said in many places (a district, a plot, a bank, a phase) or
holding ids no language can spell as a name (``34th-st-west``) is one component, so that generators name
its type once (Swift and Dart would otherwise invent ``Model52ndStWest`` beside every property) and a client
can hold such an id in one type wherever it goes.

``NAMES`` maps a set of ids, in the order the schemas list them, to the component's name after its game's
prefix (``FifthAvenue`` + ``DistrictId``); the shared components have no prefix."""

from __future__ import annotations

from typing import Any

from ...engine.fifthavenue import data as fifthavenue_data
from .schemas import JsonSchema, ref

NAMES: dict[tuple[Any, ...], str] = {
    # Fifth Avenue
    fifthavenue_data.DISTRICTS: "DistrictId",
    fifthavenue_data.SITES: "AreaId",
    fifthavenue_data.LOCATIONS: "CommissionerSpot",
    ("violet", "brown", "gray", "green", "orange", "sixth"): "PlotId",
    ("white", "beige"): "CommissionerColour",
    # New York and Alhambra
    ("blue", "green", "yellow", "red"): "Bank",
    ("denar", "dirham", "ducat", "florin"): "Bank",
    ("setup", "actions", "placement", "refill", "final_placement", "over"): "Phase",
    (0, 90, 180, 270): "Rotation",
    ("A", "B", "final"): "Scoring",
    # Chinatown
    ("deal", "keep", "draw", "trade", "place", "end"): "Phase",
    ("income", "final"): "Scoring",
    # Skyline 3000
    ("red-1", "red-2", "red-3"): "RedStartId",
    ("yellow-1", "yellow-2", "yellow-3"): "YellowStartId",
    ("blue-1", "blue-2", "blue-3"): "BlueStartId",
    ("green", "spaceport", "megamarket"): "AwardTile",
    ("top", "draw"): "RevealKind",
    ("roof", "floor", "contract"): "PileId",
    ("construction", "auction", "develop", "draw", "over"): "Phase",
    ("empty", "billboard", "large", "green"): "ContractTarget",
    ("piles", "subsets", "unknown_hand"): "BidFamily",
    ("round", "final"): "Scoring",
    # every game
    ("pass", "warn", "fail"): "HealthStatus",
}


def named_enums(schemas: dict[str, JsonSchema], prefix: str) -> dict[str, JsonSchema]:
    """``schemas`` with every id enum ``NAMES`` knows replaced by a reference to its component, and the
    components added."""
    out: dict[str, JsonSchema] = {}
    added: dict[str, JsonSchema] = {}

    def walk(node: Any) -> Any:
        if isinstance(node, dict):
            values = node.get("enum")
            if isinstance(values, list) and tuple(values) in NAMES and set(node) <= {"type", "enum", "description"}:
                name = prefix + NAMES[tuple(values)]
                added[name] = {key: value for key, value in node.items() if key != "description"}
                return (
                    ref(name)
                    if "description" not in node
                    else {"allOf": [ref(name)], "description": node["description"]}
                )
            return {key: walk(value) for key, value in node.items()}
        if isinstance(node, list):
            return [walk(item) for item in node]
        return node

    for name, schema in schemas.items():
        if (
            tuple(schema.get("enum", ())) in NAMES
            and NAMES[tuple(schema["enum"])]
            and name == prefix + NAMES[tuple(schema["enum"])]
        ):
            out[name] = schema
            continue
        out[name] = walk(schema)
    for name, schema in added.items():
        if out.setdefault(name, schema) != schema:
            raise ValueError(f"{name} is two different enums")
    return out
