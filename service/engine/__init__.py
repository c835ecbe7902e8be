"""The rules of every game the service serves, pure Python (no Flask, marshmallow, redis or I/O)."""
