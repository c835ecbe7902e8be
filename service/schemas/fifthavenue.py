"""Wire schemas for fifthavenue (not built yet)."""
WIRE = None
