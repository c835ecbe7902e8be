"""A re-skin of Chinatown served only by the tests (``littleitaly``): what serving a game that plays another's
rules under its own id and words costs (docs/recipes.md, "Re-skin a game")."""
