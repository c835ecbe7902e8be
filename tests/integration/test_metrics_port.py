"""With METRICS_PORT, the gunicorn master serves /metrics (every worker summed) on that port and the
public port answers 404 there; without it, the app serves /metrics itself (local runs)."""

import os
import signal

import pytest

from .live import free_port, gunicorn, metric_sum, request, wait_until

pytestmark = pytest.mark.integration


def test_metrics_live_on_their_own_port_only():
    metrics_port = free_port()
    with gunicorn({"METRICS_PORT": str(metrics_port)}, workers=2) as server:
        for _ in range(20):
            assert request(server.port, "GET", "/v1/games").status == 200
        public = request(server.port, "GET", "/metrics")
        assert public.status == 404 and public.headers["content-type"] == "application/problem+json"
        scraped = request(metrics_port, "GET", "/metrics")
        assert scraped.status == 200
        text = scraped.body.decode()
        assert metric_sum(text, "citygames_http_requests_total", route="/v1/games") == 20
        assert "Using worker: gevent" in server.log()


def test_without_metrics_port_the_app_serves_metrics():
    with gunicorn() as server:
        assert request(server.port, "GET", "/v1/games").status == 200
        text = request(server.port, "GET", "/metrics").body.decode()
        assert metric_sum(text, "citygames_http_requests_total", route="/v1/games") == 1
        assert 'le="30.0"' in text  # the latency buckets reach gunicorn's 30 s worker timeout


def _made_up_method(n: int) -> str:
    return "XYZ" + "".join("ABCDEFGHIJKLMNOPQRSTUVWXYZ"[int(d)] for d in str(n))  # gunicorn wants 3 or more


def test_made_up_methods_are_one_label_and_dead_workers_leave_no_files_but_their_counts():
    metrics_port = free_port()
    with gunicorn({"METRICS_PORT": str(metrics_port)}, workers=2) as server:
        metrics_dir = server.log_path.parent / "metrics"
        for n in range(200):
            assert request(server.port, _made_up_method(n), "/v1/games").status == 405
        served = 0
        for _ in range(3):  # each round: every worker stopped (gracefully) and replaced by a new one
            old = server.worker_pids()
            for pid in old:
                os.kill(pid, signal.SIGTERM)
            # The second new worker may be only just forked when the next round stops it: that SIGTERM is
            # held until it has its own handlers (service/serving.py, HELD_SIGNALS), never lost.
            wait_until(lambda old=old: len(set(server.worker_pids()) - set(old)) == 2, 60, "two new workers")
            for _ in range(10):  # the new workers may still be loading the app: the connection waits
                assert request(server.port, "GET", "/v1/games", timeout=120).status == 200
            served += 10
        text = request(metrics_port, "GET", "/metrics").body.decode()
        methods = {
            line.split('method="')[1].split('"')[0]
            for line in text.splitlines()
            if line.startswith("citygames_http_requests_total{")
        }
        assert methods <= {"GET", "other"} and "other" in methods
        assert metric_sum(text, "citygames_http_requests_total", method="other", status="405") == 200
        # every request still counted, though six of the workers that answered them are gone
        assert metric_sum(text, "citygames_http_requests_total", route="/v1/games") == served
        files = sorted(path.name for path in metrics_dir.iterdir())
        pids = {int(name.rsplit("_", 1)[1][:-3]) for name in files if name.rsplit("_", 1)[1][:-3].isdigit()}
        assert pids <= set(server.worker_pids()) | {server.process.pid}, files
        assert {"counter_archive.db", "histogram_archive.db"} <= set(files)
