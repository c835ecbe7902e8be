"""With METRICS_PORT, the gunicorn master serves /metrics (every worker summed) on that port and the
public port answers 404 there; without it, the app serves /metrics itself (local runs)."""
import pytest

from .live import free_port, gunicorn, metric_sum, request

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
