"""Health, readiness, metrics, the contract and the documentation page."""

import re

import yaml


def test_healthz_passes(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.mimetype == "application/health+json"
    assert response.get_json(force=True)["status"] == "pass"


def test_readyz_reports_the_in_process_cache(client):
    body = client.get("/readyz").get_json(force=True)
    assert body["status"] == "pass"
    assert body["checks"]["cache"] == {"status": "pass", "backend": "memory"}


def test_readyz_with_redis_down_is_ready_but_degraded():
    from service import create_app

    app = create_app({"redis_url": "redis://127.0.0.1:1/0", "cache_hmac_secret": "a-secret-of-sixteen-or-more"})
    response = app.test_client().get("/readyz")
    assert response.status_code == 200
    body = response.get_json(force=True)
    assert body["status"] == "warn"
    assert body["checks"]["redis"]["status"] == "fail"
    assert body["checks"]["cache"]["backend"] == "memory+redis"


def test_with_a_probe_port_the_public_readyz_tells_its_status_and_no_details():
    from service import create_app

    app = create_app(
        {"redis_url": "redis://127.0.0.1:1/0", "cache_hmac_secret": "a-secret-of-sixteen-or-more", "probe_port": 8081}
    )
    body = app.test_client().get("/readyz").get_json(force=True)
    assert body["status"] == "warn" and "checks" not in body  # no Redis host, no breaker evidence


def test_metrics_count_requests_per_route(client):
    client.get("/v1/games")
    text = client.get("/metrics").get_data(as_text=True)
    line = re.search(r'citygames_http_requests_total\{method="GET",route="/v1/games",status="200"\} (\d+)', text)
    assert line and float(line.group(1)) >= 1
    assert "citygames_http_request_duration_seconds_bucket" in text


def test_contract_is_served_as_yaml_and_json_alike(client):
    as_yaml = yaml.safe_load(client.get("/openapi.yaml").data)
    as_json = client.get("/openapi.json").get_json()
    assert as_yaml == as_json
    assert as_json["openapi"].startswith("3.1")


def test_docs_page_is_served_from_installed_assets(client):
    page = client.get("/docs/").get_data(as_text=True)
    assert "/openapi.json" in page
    sources = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert sources and all(s.startswith("/docs/") for s in sources), sources
    for source in sources:
        assert client.get(source).status_code == 200, source
