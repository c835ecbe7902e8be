"""The rules of the four games, pure Python (no Flask, marshmallow, redis or I/O)."""
