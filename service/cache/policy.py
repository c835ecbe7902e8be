"""Which evaluations are worth a Redis round trip.

An evaluation cheaper than a round trip (about 0.2 ms on loopback) is memoised in
process only. ``bench/memo_costs.py`` measures each kind on the benchmark states; on this machine every
per-evaluation kind of the four engines costs 0.02-0.13 ms for a whole request's worth, so all of them
stay in process, and what Redis shares between replicas is whole answers (``answer.*``), which cost
milliseconds to recompute. Rerun the measurement when an engine changes.

Every cache in a worker process, and the most it can hold (CACHE_MAX_BYTES bounds the first two; the
engines' own caches are bounded by entries and listed here so the budget leaves room for them):

- the memo's in-process LRU (``stores.MemoryStore``; whole answers and per-game evaluations): at most
  CACHE_MAX_BYTES (7/8 of it when Redis is in use), every entry charged its key, its text and
  ``ENTRY_OVERHEAD``; no entry over 1/16 of that; at most CACHE_MAX_ENTRIES entries.
- the Redis write queue (``stores.RedisStore``, only with Redis): at most CACHE_MAX_BYTES / 8 of texts
  waiting to be written; beyond that writes are dropped and counted.
- each engine's per-state memos (``kit.StateMemo`` on the engine object, 4 entries unless said): the last
  few states checked with their violations (Chinatown also keeps its deck and bag contents this way, New
  York each player's CityIndex), a request's worth each; and New York's ``_cities`` (16 entries): a city's
  tiles and its building-rule check, about 0.5 KB per tile, so at most 16 cities of at most 54 tiles:
  under 0.5 MB. No engine module keeps a cache of its own.
- ``api.operations.contract_texts`` (the contract as YAML and JSON): about 0.5 MB.
- the typed load and dump plans of ``schemas/typed.py`` (a msgspec Struct type per schema shape, and the
  field plans around it), one per schema instance, built with the app: a fixed size, each nested schema
  shape derived once per game's envelopes (all five games' bindings with their plans take 5.9 MB by
  tracemalloc, where those with ``lean.py``'s compiled plans took 6.8 MB).
- ``i18n.translations`` and ``api.localize.Translator.of`` (the compiled message catalogs, one per
  language, four in all) and ``i18n.catalogs_digest``: under 1 MB together.
- ``api.table.page_ids`` (the table page's message ids, about 200 strings): a few KB.
- ``api.games._sealer_for`` (the state sealer of the deployment's secret, one): a few hundred bytes.
- ``api.answer_cache._sound_for`` (the check of a cached answer, one per game route; at most 16): a few KB.
- ``api.answer_cache._key_prefix`` (the start of an answer's key, one per game, route, language and
  catalogs digest; at most 1024 entries of about 150 bytes): under 0.2 MB.
- ``api.localize._needles`` (each game's words as the quoted bytes a score answer is searched for, one
  entry per game): a few KB.
- ``api.field_messages.patterns`` (the compiled patterns of the schema messages made from values, about 30):
  a few KB.
- ``i18n.check.code_ids`` (every message id the code marks): only where the catalogs are checked (the
  tests, ``python -m service.i18n check``), never in a serving worker.
"""

from ..engine.registry import SPECS

#: Every game's remembered kinds (each game's ``GameSpec.memo_kinds``: ``newyork.longest_street``,
#: ``chinatown.shops``...).
IN_PROCESS_ONLY = frozenset(kind for spec in SPECS.values() for kind in spec.memo_kinds)
