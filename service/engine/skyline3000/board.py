"""The city: free platforms, roof shapes per block and district, and the height rule."""

from __future__ import annotations

from collections.abc import Callable

from ..core import Violation
from ..kit import RuleBook
from . import data
from .state import Block, Options

BlockLookup = Callable[[str], Block | None]


def free_platforms(options: Options, block_id: str, block: Block) -> int:
    spec = options.block(block_id)
    capacity = spec.small_platforms if spec else 0
    return capacity - block.used_platforms()


def block_shape(block: Block | None) -> str | None:
    """The roof shape of a block's buildings (None when it has none)."""
    if block is None or not block.buildings:
        return None
    return block.buildings[0].roof


def tallest(block: Block) -> int:
    return max((b.floors for b in block.buildings), default=0)


def shape_violations(book: RuleBook, lookup: BlockLookup, block_id: str, roof: str, pointer: str) -> list[Violation]:
    """Roof shape within the block, and the district's three blocks never all one shape."""
    block = lookup(block_id) or Block()
    shape = block_shape(block)
    if shape is not None:
        if roof != shape:
            return [
                book.violation(
                    "placement.roof_shape_block",
                    "Block {block} holds {shape} roofs; this building has a {roof} roof.",
                    pointer,
                    block=block_id,
                    shape=shape,
                    roof=roof,
                )
            ]
        return []
    district = data.BLOCK_DISTRICT.get(block_id, "")
    others = [block_shape(lookup(b)) for b in data.DISTRICT_BLOCKS.get(district, ()) if b != block_id]
    if len(others) == 2 and all(s == roof for s in others):
        return [
            book.violation(
                "placement.roof_shape_district",
                "The other two blocks of the {district} district "
                "already hold {roof} roofs; a building here must have the other shape.",
                pointer,
                district=district,
                roof=roof,
            )
        ]
    return []


def height_violations(book: RuleBook, block: Block | None, block_id: str, floors: int, pointer: str) -> list[Violation]:
    if block is None or not block.buildings:
        if floors != 1:
            return [
                book.violation(
                    "placement.first_height",
                    "The first building in block {block} must be 1 floor tall, not {floors}.",
                    pointer,
                    block=block_id,
                    floors=floors,
                )
            ]
        return []
    top = tallest(block)
    if floors not in (top, top + 1):
        return [
            book.violation(
                "placement.height",
                "The tallest building in block {block} has {top} floors; a new "
                "one must have {top} or {taller}, not {floors}.",
                pointer,
                block=block_id,
                top=top,
                taller=top + 1,
                floors=floors,
            )
        ]
    return []


def heights_reachable(heights: list[int]) -> bool:
    """Can these heights come from the height rule in some order? Sorted: start at 1, steps of 0 or 1."""
    if not heights:
        return True
    ordered = sorted(heights)
    if ordered[0] != 1:
        return False
    return all(b - a in (0, 1) for a, b in zip(ordered, ordered[1:]))


def target_violations(
    book: RuleBook,
    options: Options,
    block_id: str,
    block: Block,
    target: str,
    owner: str,
    allow_billboard: bool,
    pointer: str,
) -> list[Violation]:
    """Can a piece go on ``target`` in the block: an empty small platform, or the owner's billboard."""
    if target == "large":
        return [book.violation("placement.large_platform", None, pointer)]
    if target == "green":
        return [book.violation("placement.on_green", None, pointer)]
    if target == "billboard":
        if not allow_billboard:
            return [book.violation("placement.bad_target", "A billboard goes on an empty small platform.", pointer)]
        if owner not in block.billboards:
            return [
                book.violation(
                    "placement.not_own_billboard",
                    "{owner} has no billboard in block {block}.",
                    pointer,
                    owner=owner,
                    block=block_id,
                )
            ]
        return []
    if target != "empty":
        return [book.violation("placement.bad_target", None, pointer)]
    if free_platforms(options, block_id, block) <= 0:
        return [
            book.violation(
                "placement.no_empty_platform", "Block {block} has no empty small platform.", pointer, block=block_id
            )
        ]
    return []
