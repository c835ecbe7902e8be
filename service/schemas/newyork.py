"""Wire schemas for newyork (not built yet)."""
WIRE = None
