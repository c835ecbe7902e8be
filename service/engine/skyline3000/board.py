"""The city: free platforms, roof shapes per block and district, and the height rule."""
from __future__ import annotations

from typing import Callable, Optional

from ..core import Violation
from . import data
from .rules import violation
from .state import Block, Options

BlockLookup = Callable[[str], Optional[Block]]


def free_platforms(options: Options, block_id: str, block: Block) -> int:
    spec = options.block(block_id)
    capacity = spec.small_platforms if spec else 0
    return capacity - block.used_platforms()


def block_shape(block: Optional[Block]) -> Optional[str]:
    """The roof shape of a block's buildings (None when it has none)."""
    if block is None or not block.buildings:
        return None
    return block.buildings[0].roof


def tallest(block: Block) -> int:
    return max((b.floors for b in block.buildings), default=0)


def shape_violations(lookup: BlockLookup, block_id: str, roof: str, pointer: str) -> list[Violation]:
    """Roof shape within the block, and the district's three blocks never all one shape."""
    block = lookup(block_id) or Block()
    shape = block_shape(block)
    if shape is not None:
        if roof != shape:
            return [violation("placement.roof_shape_block",
                              f"Block {block_id} holds {shape} roofs; this building has a {roof} roof.", pointer)]
        return []
    district = data.BLOCK_DISTRICT.get(block_id)
    others = [block_shape(lookup(b)) for b in data.DISTRICT_BLOCKS.get(district, ()) if b != block_id]
    if len(others) == 2 and all(s == roof for s in others):
        return [violation("placement.roof_shape_district",
                          f"The other two blocks of the {district} district already hold {roof} roofs; "
                          f"a building here must have the other shape.", pointer)]
    return []


def height_violations(block: Optional[Block], block_id: str, floors: int, pointer: str) -> list[Violation]:
    if block is None or not block.buildings:
        if floors != 1:
            return [violation("placement.first_height",
                              f"The first building in block {block_id} must be 1 floor tall, not {floors}.", pointer)]
        return []
    top = tallest(block)
    if floors not in (top, top + 1):
        return [violation("placement.height",
                          f"The tallest building in block {block_id} has {top} floors; a new one must have "
                          f"{top} or {top + 1}, not {floors}.", pointer)]
    return []


def heights_reachable(heights: list[int]) -> bool:
    """Can these heights come from the height rule in some order? Sorted: start at 1, steps of 0 or 1."""
    if not heights:
        return True
    ordered = sorted(heights)
    if ordered[0] != 1:
        return False
    return all(b - a in (0, 1) for a, b in zip(ordered, ordered[1:]))


def target_violations(options: Options, block_id: str, block: Block, target: str, owner: str,
                      allow_billboard: bool, pointer: str) -> list[Violation]:
    """Can a piece go on ``target`` in the block: an empty small platform, or the owner's billboard."""
    if target == "large":
        return [violation("placement.large_platform", pointer=pointer)]
    if target == "green":
        return [violation("placement.on_green", pointer=pointer)]
    if target == "billboard":
        if not allow_billboard:
            return [violation("placement.bad_target", "A billboard goes on an empty small platform.", pointer)]
        if owner not in block.billboards:
            return [violation("placement.not_own_billboard",
                              f"{owner} has no billboard in block {block_id}.", pointer)]
        return []
    if target != "empty":
        return [violation("placement.bad_target", pointer=pointer)]
    if free_platforms(options, block_id, block) <= 0:
        return [violation("placement.no_empty_platform", f"Block {block_id} has no empty small platform.", pointer)]
    return []
