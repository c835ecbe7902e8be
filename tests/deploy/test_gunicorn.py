"""The deploy config under real gunicorn: several workers, metrics summed across them, JSON logs."""
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def get(url):
    with urllib.request.urlopen(url, timeout=5) as response:
        return response.status, response.read().decode()


@pytest.fixture
def server():
    port = free_port()
    metrics_dir = tempfile.mkdtemp(prefix="citygames-test-metrics-")
    log = tempfile.TemporaryFile()
    env = dict(os.environ, PORT=str(port), WORKERS="3", LOG_FORMAT="json", PROMETHEUS_MULTIPROC_DIR=metrics_dir)
    env.pop("REDIS_URL", None)
    process = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", "deploy/gunicorn.conf.py"], cwd=ROOT,
                               env=env, stdout=log, stderr=log)
    base = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            get(base + "/healthz")
            break
        except OSError:
            time.sleep(0.05)
    else:
        process.kill()
        log.seek(0)
        pytest.fail("gunicorn did not start: " + log.read().decode(errors="replace"))
    yield base, log
    process.terminate()
    process.wait(timeout=30)


def test_metrics_sum_every_worker(server):
    base, _log = server
    for _ in range(30):
        assert get(base + "/v1/games")[0] == 200
    _status, text = get(base + "/metrics")
    line = next(l for l in text.splitlines()
                if l.startswith("citygames_http_requests_total{") and 'route="/v1/games"' in l)
    assert float(line.rsplit(" ", 1)[1]) == 30


def test_one_json_log_line_per_request(server):
    base, log = server
    get(base + "/v1/games/newyork")
    time.sleep(0.2)
    log.seek(0)
    lines = [json.loads(l) for l in log.read().decode().splitlines() if l.startswith("{")]
    request_lines = [l for l in lines if l.get("path") == "/v1/games/newyork"]
    assert len(request_lines) == 1
    assert request_lines[0]["status"] == 200 and request_lines[0]["route"] == "/v1/games/<game_id>"
    assert isinstance(request_lines[0]["duration_ms"], float)
