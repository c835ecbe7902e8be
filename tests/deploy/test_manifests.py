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


def test_the_autoscaler_targets_the_deployment():
    hpa = yaml.safe_load((DEPLOY / "k8s" / "hpa.yaml").read_text())
    assert hpa["apiVersion"] == "autoscaling/v2"
    assert hpa["spec"]["scaleTargetRef"]["name"] == "city-games"


def test_compose_runs_the_service_with_a_bounded_lru_redis():
    compose = yaml.safe_load((DEPLOY / "docker-compose.yml").read_text())
    command = compose["services"]["redis"]["command"]
    assert command[command.index("--maxmemory-policy") + 1] == "allkeys-lru"
    assert "--maxmemory" in command
    assert compose["services"]["rules"]["environment"]["REDIS_URL"].startswith("redis://redis:")


def test_dockerfile_is_slim_non_root_and_has_a_healthcheck():
    text = (DEPLOY / "Dockerfile").read_text()
    assert "FROM python:3.11-slim" in text
    assert "\nUSER 10001" in text
    assert "HEALTHCHECK" in text and "/healthz" in text
