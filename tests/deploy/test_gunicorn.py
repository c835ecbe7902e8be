"""The deploy config under real gunicorn: several workers, metrics summed across them, JSON logs."""

import signal
import urllib.request

import pytest

from tests.integration.live import CITY_GAMES_SERVE, gunicorn, wait_until


def get(url):
    with urllib.request.urlopen(url, timeout=5) as response:
        return response.status, response.read().decode()


@pytest.fixture
def server():
    with gunicorn(workers=3) as live:
        yield f"http://127.0.0.1:{live.port}", live


def test_metrics_sum_every_worker(server):
    base, _live = server
    for _ in range(30):
        assert get(base + "/v1/games")[0] == 200
    _status, text = get(base + "/metrics")
    line = next(
        l for l in text.splitlines() if l.startswith("citygames_http_requests_total{") and 'route="/v1/games"' in l
    )
    assert float(line.rsplit(" ", 1)[1]) == 30


def test_one_json_log_line_per_request(server):
    base, live = server
    get(base + "/v1/games/newyork")

    def request_lines():
        return [l for l in live.json_lines() if l.get("path") == "/v1/games/newyork"]

    wait_until(request_lines, 10, "the request's log line")
    assert len(request_lines()) == 1
    line = request_lines()[0]
    assert line["status"] == 200 and line["route"] == "/v1/games/<game_id>"
    assert isinstance(line["duration_ms"], float)


@pytest.mark.parametrize("command", ["gunicorn-conf", "city-games-serve"])
def test_a_stop_by_sigterm_ends_every_worker_without_a_traceback(command):
    with gunicorn(**({"command": CITY_GAMES_SERVE} if command == "city-games-serve" else {})) as live:
        assert get(f"http://127.0.0.1:{live.port}/v1/games/chinatown")[0] == 200
        live.process.send_signal(signal.SIGTERM)
        assert live.process.wait(timeout=20) == 0
        exits = [line["cause"] for line in live.json_lines() if line.get("event") == "worker_exit"]
        log = live.log()
    assert exits == ["ok", "ok"], log[-2000:]
    assert "Traceback" not in log and "Exception ignored" not in log, log[-3000:]
