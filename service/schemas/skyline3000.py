"""Wire schemas for skyline3000 (not built yet)."""
WIRE = None
