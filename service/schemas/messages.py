"""marshmallow's own error messages that the wire schemas answer with, marked for the message catalogs.

A schema problem lists each offending field with marshmallow's message; the edge shows every message that
is a catalog id (these, and the schemas' own ``ValidationError("...")`` texts, which the extraction finds
by itself) in the request's language. Messages marshmallow formats with values stay English.
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
