"""Deployment files: Kubernetes manifests against the Kubernetes schemas (offline), compose and Docker."""
from pathlib import Path

import kubernetes_validate
import pytest
import yaml

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
K8S_VERSION = "1.30.0"


def k8s_documents():
    for path in sorted((DEPLOY / "k8s").glob("*.yaml")):
        for document in yaml.safe_load_all(path.read_text()):
            if document:
                yield pytest.param(document, id=f"{path.name}:{document['kind']}")


@pytest.mark.parametrize("document", list(k8s_documents()))
def test_kubernetes_manifest_fits_the_schema(document):
    kubernetes_validate.validate(document, K8S_VERSION, strict=True)


def test_the_deployment_probes_limits_and_runs_as_non_root():
    deployment = yaml.safe_load((DEPLOY / "k8s" / "deployment.yaml").read_text())
    pod = deployment["spec"]["template"]["spec"]
    container = pod["containers"][0]
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert {"cpu", "memory"} <= set(container["resources"]["limits"])
    assert pod["securityContext"]["runAsNonRoot"] is True
    # A worker busy with one request for up to the deadline must not fail its liveness probe.
    deadline_ms = int(env_of(container)["REQUEST_DEADLINE_MS"]["value"])
    assert container["livenessProbe"]["timeoutSeconds"] * 1000 > deadline_ms
    assert container["readinessProbe"]["timeoutSeconds"] * 1000 > deadline_ms


def test_the_autoscaler_targets_the_deployment():
    hpa = yaml.safe_load((DEPLOY / "k8s" / "hpa.yaml").read_text())
    assert hpa["apiVersion"] == "autoscaling/v2"
    assert hpa["spec"]["scaleTargetRef"]["name"] == "city-games"


def test_compose_runs_the_service_with_a_bounded_lru_redis_behind_a_password():
    compose = yaml.safe_load((DEPLOY / "docker-compose.yml").read_text())
    redis_service, rules = compose["services"]["redis"], compose["services"]["rules"]
    command = " ".join(redis_service["command"])
    assert "--maxmemory-policy allkeys-lru" in command and "--maxmemory " in command
    assert '--requirepass "$$REDIS_PASSWORD"' in command
    assert redis_service["environment"]["REDIS_PASSWORD"].startswith("${REDIS_PASSWORD:?")
    assert redis_service["environment"]["REDISCLI_AUTH"].startswith("${REDIS_PASSWORD:?")
    assert "ports" not in redis_service
    assert rules["environment"]["REDIS_URL"].startswith("redis://:${REDIS_PASSWORD:?")
    assert rules["environment"]["REDIS_URL"].endswith("@redis:6379/0")
    assert rules["environment"]["CACHE_HMAC_SECRET"].startswith("${CACHE_HMAC_SECRET:?")
    assert rules["ports"] == ["8080:8080"]  # the metrics port is not published


def k8s(name):
    return list(yaml.safe_load_all((DEPLOY / "k8s" / name).read_text()))


def pod_labels(deployment):
    return deployment["spec"]["template"]["metadata"]["labels"]


def env_of(container):
    return {item["name"]: item for item in container["env"]}


def test_redis_takes_its_password_from_the_secret_the_service_uses():
    redis_deployment = k8s("redis.yaml")[0]
    redis_container = redis_deployment["spec"]["template"]["spec"]["containers"][0]
    rules_container = k8s("deployment.yaml")[0]["spec"]["template"]["spec"]["containers"][0]
    redis_env, rules_env = env_of(redis_container), env_of(rules_container)
    secret = redis_env["REDIS_PASSWORD"]["valueFrom"]["secretKeyRef"]
    assert rules_env["REDIS_PASSWORD"]["valueFrom"]["secretKeyRef"] == secret
    assert redis_env["REDISCLI_AUTH"]["valueFrom"]["secretKeyRef"] == secret
    assert '--requirepass "$REDIS_PASSWORD"' in " ".join(redis_container["args"])
    # Kubernetes expands $(VAR) only from variables listed before it.
    names = [item["name"] for item in rules_container["env"]]
    assert names.index("REDIS_PASSWORD") < names.index("REDIS_URL")
    assert rules_env["REDIS_URL"]["value"].startswith("redis://:$(REDIS_PASSWORD)@city-games-redis:6379/")
    assert rules_env["CACHE_HMAC_SECRET"]["valueFrom"]["secretKeyRef"]["name"] == secret["name"]


def test_only_the_service_pods_reach_redis():
    policies = {doc["metadata"]["name"]: doc for doc in k8s("networkpolicy.yaml")}
    redis_policy = policies["city-games-redis"]["spec"]
    assert redis_policy["podSelector"]["matchLabels"] == pod_labels(k8s("redis.yaml")[0])
    assert "Ingress" in redis_policy["policyTypes"]
    (rule,) = redis_policy["ingress"]
    assert rule["from"] == [{"podSelector": {"matchLabels": pod_labels(k8s("deployment.yaml")[0])}}]
    assert rule["ports"] == [{"protocol": "TCP", "port": 6379}]


def test_metrics_reach_the_scraper_not_the_public():
    deployment = k8s("deployment.yaml")[0]
    container = deployment["spec"]["template"]["spec"]["containers"][0]
    ports = {port["name"]: port["containerPort"] for port in container["ports"]}
    assert env_of(container)["METRICS_PORT"]["value"] == str(ports["metrics"])
    assert deployment["spec"]["template"]["metadata"]["annotations"]["prometheus.io/port"] == str(ports["metrics"])
    service = k8s("service.yaml")[0]
    assert [port["targetPort"] for port in service["spec"]["ports"]] == ["http"]
    policy = {doc["metadata"]["name"]: doc for doc in k8s("networkpolicy.yaml")}["city-games"]["spec"]
    assert policy["podSelector"]["matchLabels"] == pod_labels(deployment)
    for rule in policy["ingress"]:
        if {"protocol": "TCP", "port": ports["metrics"]} in rule["ports"]:
            assert rule["from"] and all("namespaceSelector" in peer or "podSelector" in peer for peer in rule["from"])
        else:
            assert rule["ports"] == [{"protocol": "TCP", "port": ports["http"]}]


def test_dockerfile_is_slim_non_root_and_has_a_healthcheck():
    text = (DEPLOY / "Dockerfile").read_text()
    assert "FROM python:3.11-slim" in text
    assert "\nUSER 10001" in text
    assert "HEALTHCHECK" in text and "/healthz" in text
    assert "METRICS_PORT=9090" in text
    assert 'CMD ["gunicorn", "-c", "deploy/gunicorn.conf.py"' in text
