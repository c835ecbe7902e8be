"""Wire schemas for chinatown (not built yet)."""
WIRE = None
