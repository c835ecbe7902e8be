"""Recorded answers of seeded play: the golden set a restructuring is held to (see record.py)."""
