"""The long soak: mixed valid and invalid traffic through one gunicorn worker with recycling off
(``--max-requests 0``) and the smallest in-process cache (1 MiB), printing the worker's resident memory
every ``--step`` requests. The CI version is tests/integration/test_soak.py (the same traffic, 14,000
requests); this one runs ``--requests`` (default 100,000). Result in bench/README.md.

    .venv/bin/python bench/soak.py --requests 100000 --step 10000
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.integration.soak import FILL, Soak, soak_server  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=100_000)
    parser.add_argument("--step", type=int, default=10_000)
    args = parser.parse_args()
    with soak_server() as server:
        [pid] = server.worker_pids()
        soak = Soak(server, pid)
        soak.fill_cache()
        print(f"after {soak.sent:>7} requests (cache full): {soak.samples[-1][1] / 2**20:.1f} MiB", flush=True)
        while soak.sent < args.requests + FILL:
            soak.drive(args.step)
            print(f"after {soak.sent:>7} requests: {soak.samples[-1][1] / 2**20:.1f} MiB", flush=True)
        recycled = server.worker_pids() != [pid]
    first, last = soak.samples[0][1], soak.samples[-1][1]
    print(f"statuses {dict(sorted(soak.statuses.items()))}; worker replaced: {recycled}")
    print(f"growth after the cache was full: {(last - first) / 2**20:+.1f} MiB over {soak.sent - FILL} requests")


if __name__ == "__main__":
    main()
