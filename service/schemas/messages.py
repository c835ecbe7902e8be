"""Every message the wire schemas answer a field with, marked for the message catalogs.

A schema problem lists each offending field with its message; the edge (``service/api/field_messages.py``)
shows it in the request's language: a message that is a catalog id as it is, and one formatted from a
template here by recognising the template and translating it with the values it was filled with.
``MARSHMALLOW_TEMPLATES`` must stay marshmallow's own wording (``tests/i18n/test_field_messages.py``
compares them with the installed marshmallow), so an upgrade that rewords one fails a test.
"""

from ..engine.kit import N_

MARSHMALLOW_MESSAGES = (
    N_("Unknown field."),
    N_("Invalid input type."),
    N_("Missing data for required field."),
    N_("Field may not be null."),
    N_("Invalid type."),
    N_("Invalid value."),
    N_("Not a valid boolean."),
    N_("Not a valid integer."),
    N_("Not a valid number."),
    N_("Not a valid string."),
    N_("Not a valid list."),
    N_("Not a valid tuple."),
    N_("Not a valid mapping type."),
    N_("Number too large."),
    N_("Special numeric values (nan or infinity) are not permitted."),
)

# A player id's own refusals (service/schemas/common.py).
ID_INVISIBLE = N_("A player id may not hold control or formatting characters (direction marks, zero-width spaces).")
ID_BLANK = N_("A player id may not be blank.")
ID_CASE_ONLY = N_("Player ids must differ in more than letter case.")

# marshmallow's validators' messages that carry values (OneOf, Length, Range with inclusive bounds, Equal).
ONE_OF = N_("Must be one of: {choices}.")
LENGTH_MIN = N_("Shorter than minimum length {min}.")
LENGTH_MAX = N_("Longer than maximum length {max}.")
LENGTH_BETWEEN = N_("Length must be between {min} and {max}.")
LENGTH_EQUAL = N_("Length must be {equal}.")
RANGE_MIN = N_("Must be greater than or equal to {min}.")
RANGE_MAX = N_("Must be less than or equal to {max}.")
RANGE_BETWEEN = N_("Must be greater than or equal to {min} and less than or equal to {max}.")
EQUAL = N_("Must be equal to {other}.")
MARSHMALLOW_TEMPLATES = (
    ONE_OF,
    LENGTH_MIN,
    LENGTH_MAX,
    LENGTH_BETWEEN,
    LENGTH_EQUAL,
    RANGE_MIN,
    RANGE_MAX,
    RANGE_BETWEEN,
    EQUAL,
)

# The schemas' own messages that carry values.
MOVE_HAS_NO_FIELD = N_("A {kind} move has no field '{name}'.")
MOVE_NEEDS = N_("A {kind} move needs `{name}`.")
MOVE_HAS_NO = N_("A {kind} move has no `{name}`.")
REVEAL_NEEDS = N_("A {kind} reveal needs `{name}`.")
REVEAL_HAS_NO = N_("A {kind} reveal has no `{name}`.")
MOVE_MISSING_FIELD = N_("Missing data for required field (a {kind} move needs it).")
MOVE_UNKNOWN_FIELD = N_("Unknown field for a {kind} move.")
AT_MOST_PLOTS = N_("At most {count} plots, one per colour.")
AT_MOST_STACKS = N_("At most {count} stacks, one per colour.")
AT_MOST_COMMISSIONERS = N_("At most {count} commissioners.")
AT_MOST_TYPES = N_("At most {count} building types.")
AT_MOST_BLOCKS = N_("At most {count} blocks, one per block id.")
UNKNOWN_DISTRICT = N_("Unknown district; one of {sites}.")
MISSING_SITES = N_("A full state lists every district and central-park; missing {missing}.")
MISSING_PLOTS = N_("A full state lists every plot; missing {missing}.")
MISSING_BLOCKS = N_("A full state lists every block; missing {missing}.")
STARTING_GREENS = N_("The board has {total} starting greens, not {count}.")
TILE_ID = N_("A catalogue tile id is 1..{count}.")
MARKET_REVEAL = N_("A market tile reveal names a bank: {banks}.")
SCHEMA_TEMPLATES = (
    MOVE_HAS_NO_FIELD,
    MOVE_NEEDS,
    MOVE_HAS_NO,
    REVEAL_NEEDS,
    REVEAL_HAS_NO,
    MOVE_MISSING_FIELD,
    MOVE_UNKNOWN_FIELD,
    AT_MOST_PLOTS,
    AT_MOST_STACKS,
    AT_MOST_COMMISSIONERS,
    AT_MOST_TYPES,
    AT_MOST_BLOCKS,
    UNKNOWN_DISTRICT,
    MISSING_SITES,
    MISSING_PLOTS,
    MISSING_BLOCKS,
    STARTING_GREENS,
    TILE_ID,
    MARKET_REVEAL,
)
