"""Which evaluations are worth a Redis round trip.

DESIGN.md section 6: an evaluation cheaper than a round trip (about 0.2 ms on loopback) is memoised in
process only. ``bench/memo_costs.py`` measures each kind on the benchmark states; on this machine every
per-evaluation kind of the four engines costs 0.02-0.13 ms for a whole request's worth, so all of them
stay in process, and what Redis shares between replicas is whole answers (``answer.*``), which cost
milliseconds to recompute. Rerun the measurement when an engine changes.
"""
IN_PROCESS_ONLY = frozenset({
    "newyork.longest_street",
    "newyork.majorities",
    "chinatown.shops",
    "skyline3000.block_placings",
    "fifthavenue.district_valuation",
})
