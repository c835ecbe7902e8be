"""marshmallow schemas: wire JSON <-> engine objects. One module per game, plus ``common``."""
