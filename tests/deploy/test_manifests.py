"""Deployment files: Kubernetes manifests against the Kubernetes schemas (offline), compose and Docker."""

import json
import re
import subprocess
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


def test_the_deployment_probes_the_master_and_limits_its_resources():
    deployment = yaml.safe_load((DEPLOY / "k8s" / "deployment.yaml").read_text())
    pod = deployment["spec"]["template"]["spec"]
    container = pod["containers"][0]
    ports = {port["name"]: port["containerPort"] for port in container["ports"]}
    # the probes are the master's (service/probes.py), on PROBE_PORT, apart from the request workers
    assert env_of(container)["PROBE_PORT"]["value"] == str(ports["probes"])
    assert container["readinessProbe"]["httpGet"] == {"path": "/readyz", "port": "probes"}
    assert container["livenessProbe"]["httpGet"] == {"path": "/livez", "port": "probes"}
    # a saturated pod is taken out of the endpoints (readiness) well before it would be restarted
    readiness, liveness = container["readinessProbe"], container["livenessProbe"]
    assert readiness["periodSeconds"] * readiness["failureThreshold"] < (
        liveness["periodSeconds"] * liveness["failureThreshold"]
    )
    assert {"cpu", "memory"} <= set(container["resources"]["limits"])


def workloads():
    for path in sorted((DEPLOY / "k8s").glob("*.yaml")):
        for document in yaml.safe_load_all(path.read_text()):
            if document and document["kind"] in ("Deployment", "StatefulSet", "DaemonSet", "Job"):
                yield pytest.param(document, id=f"{path.name}:{document['metadata']['name']}")


# The volume types the restricted Pod Security level admits.
RESTRICTED_VOLUMES = {
    "configMap",
    "csi",
    "downwardAPI",
    "emptyDir",
    "ephemeral",
    "persistentVolumeClaim",
    "projected",
    "secret",
}


@pytest.mark.parametrize("workload", list(workloads()))
def test_every_workload_meets_the_restricted_pod_security_level(workload):
    """The checks of the restricted level (Kubernetes' Pod Security Standards), and the rest of this
    deployment's hardening: no service-account token, a bounded /tmp."""
    pod = workload["spec"]["template"]["spec"]
    pod_context = pod.get("securityContext", {})
    assert not any(pod.get(key) for key in ("hostNetwork", "hostPID", "hostIPC"))
    assert pod_context.get("seccompProfile", {}).get("type") in ("RuntimeDefault", "Localhost")
    assert pod.get("automountServiceAccountToken") is False
    for volume in pod.get("volumes", []):
        kinds = set(volume) - {"name"}
        assert kinds <= RESTRICTED_VOLUMES, volume
        if "emptyDir" in volume:
            assert volume["emptyDir"].get("sizeLimit"), volume
    for container in pod["containers"] + pod.get("initContainers", []):
        context = container.get("securityContext", {})
        assert context.get("privileged") is not True
        assert context.get("allowPrivilegeEscalation") is False
        assert context.get("runAsNonRoot", pod_context.get("runAsNonRoot")) is True
        assert context.get("runAsUser", pod_context.get("runAsUser")) != 0
        assert "ALL" in context.get("capabilities", {}).get("drop", [])
        assert set(context.get("capabilities", {}).get("add", [])) <= {"NET_BIND_SERVICE"}
        if "seccompProfile" in context:
            assert context["seccompProfile"]["type"] in ("RuntimeDefault", "Localhost")
        assert not any(port.get("hostPort") for port in container.get("ports", []))


def test_a_disruption_budget_keeps_a_replica_of_the_service():
    (budget,) = k8s("pdb.yaml")
    deployment = k8s("deployment.yaml")[0]
    assert budget["apiVersion"] == "policy/v1" and budget["spec"]["minAvailable"] == 1
    assert budget["spec"]["selector"]["matchLabels"] == pod_labels(deployment)
    assert deployment["spec"]["replicas"] > budget["spec"]["minAvailable"]


def test_the_autoscaler_targets_the_deployment():
    hpa = yaml.safe_load((DEPLOY / "k8s" / "hpa.yaml").read_text())
    assert hpa["apiVersion"] == "autoscaling/v2"
    assert hpa["spec"]["scaleTargetRef"]["name"] == "city-games"


def test_compose_runs_the_service_with_a_bounded_lru_redis_behind_a_password():
    compose = yaml.safe_load((DEPLOY / "docker-compose.yml").read_text())
    redis_service, rules = compose["services"]["redis"], compose["services"]["rules"]
    command = " ".join(redis_service["command"])
    assert "--maxmemory-policy allkeys-lru" in command and "--maxmemory " in command
    # the password reaches redis-server as configuration on its standard input, never on its command line
    assert 'requirepass "$$REDIS_PASSWORD"' in command and "--requirepass" not in command
    assert "exec redis-server - " in command
    assert redis_service["environment"]["REDIS_PASSWORD"].startswith("${REDIS_PASSWORD:?")
    assert redis_service["environment"]["REDISCLI_AUTH"].startswith("${REDIS_PASSWORD:?")
    assert "ports" not in redis_service
    assert rules["environment"]["REDIS_URL"].startswith("redis://:${REDIS_PASSWORD:?")
    assert rules["environment"]["REDIS_URL"].endswith("@redis:6379/0")
    assert rules["environment"]["CACHE_HMAC_SECRET"].startswith("${CACHE_HMAC_SECRET:?")
    assert rules["ports"] == ["8080:8080"]  # the metrics port is not published


def test_compose_limits_both_services():
    services = yaml.safe_load((DEPLOY / "docker-compose.yml").read_text())["services"]
    for service in services.values():
        assert service["mem_limit"] and service["cpus"] and service["pids_limit"]
        assert "no-new-privileges:true" in service["security_opt"]
    rules = services["rules"]
    assert rules["read_only"] is True and rules["cap_drop"] == ["ALL"] and rules["tmpfs"] == ["/tmp:size=64m"]


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
    # the password reaches redis-server as configuration on its standard input (a here-document the shell
    # expands), never on a command line any process of the node could read
    script = " ".join(redis_container["args"])
    assert "exec redis-server - " in script and '\nrequirepass "$REDIS_PASSWORD"\nEOF' in script
    assert "--requirepass" not in script
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


def test_the_service_pods_reach_only_redis_and_dns_and_redis_reaches_nothing():
    policies = {doc["metadata"]["name"]: doc for doc in k8s("networkpolicy.yaml")}
    service, redis = policies["city-games"]["spec"], policies["city-games-redis"]["spec"]
    assert "Egress" in service["policyTypes"] and "Egress" in redis["policyTypes"]
    assert redis["egress"] == []  # a cache with no replicas opens no connection
    to_redis, to_dns = service["egress"]
    assert to_redis["to"] == [{"podSelector": {"matchLabels": pod_labels(k8s("redis.yaml")[0])}}]
    assert to_redis["ports"] == [{"protocol": "TCP", "port": 6379}]
    assert all(peer.get("namespaceSelector") and peer.get("podSelector") for peer in to_dns["to"])
    assert {port["port"] for port in to_dns["ports"]} == {53}


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
    healthcheck = re.search(r"^HEALTHCHECK (.*?)\n(?!\s)", text, re.M | re.S)[1]
    command = json.loads(healthcheck.split("CMD", 1)[1])  # the exec form: a JSON array, no shell
    assert command[0] == "python" and "/livez" in command[-1] and "PROBE_PORT=8081" in text
    assert "METRICS_PORT=9090" in text
    assert 'CMD ["gunicorn", "-c", "deploy/gunicorn.conf.py"' in text


def test_the_haproxy_example_is_valid_and_retries_on_the_other_replica_only_what_never_reached_one():
    from tests.integration.live import HAPROXY, need

    need(HAPROXY, "haproxy")
    config = DEPLOY / "haproxy" / "haproxy.cfg"
    text = config.read_text()
    # a request sent whole is never resent: it may be what killed the worker (a query of death)
    assert re.search(r"^\s+retry-on conn-failure$", text, re.M)
    # a rate limit per client address, answered 429 before a replica is asked
    assert re.search(r"^\s+http-request track-sc0 src$", text, re.M)
    assert re.search(r"return status 429 .*hdr Retry-After .* if \{ sc_http_req_rate\(0\) gt ", text)
    assert re.search(r"^\s+option redispatch 1$", text, re.M) and re.search(r"^\s+retries 3$", text, re.M)
    # readiness from each replica's master on the probe port (the image's 8081 unless given), which answers
    # at once however busy the workers are; never cutting the sessions of a replica marked down
    assert re.search(r"^\s+option httpchk GET /readyz$", text, re.M)
    servers = re.findall(r"^\s+server (r\d) (\S+) (.*)$", text, re.M)
    assert [(name, rest) for name, _, rest in servers] == [
        ("r0", 'check port "${PROBES_0-8081}"'),
        ("r1", 'check port "${PROBES_1-8081}"'),
    ]
    assert "shutdown-sessions" not in re.sub(r"#.*", "", text)
    env = {"FRONTEND": "127.0.0.1:1", "REPLICA_0": "127.0.0.1:2", "REPLICA_1": "127.0.0.1:3", "PATH": "/usr/bin:/bin"}
    checked = subprocess.run([HAPROXY, "-c", "-f", str(config)], env=env, capture_output=True, text=True, timeout=30)
    assert checked.returncode == 0, checked.stdout + checked.stderr


DIGEST = re.compile(r"@sha256:[0-9a-f]{64}$")
OWN_IMAGE = "city-games:"  # built from this repository: its digest exists only once a release pushes it


def image_references():
    """Every image the deployment files name: the Dockerfile's FROM lines, the compose files' ``image:``
    (a service with ``build:`` and no ``image:`` is built here), every container of every manifest."""
    for line in (DEPLOY / "Dockerfile").read_text().splitlines():
        if line.startswith("FROM "):
            yield "Dockerfile", line.split()[1]
    for path in sorted(DEPLOY.glob("docker-compose*.yml")):
        for name, service in yaml.safe_load(path.read_text())["services"].items():
            if "image" in service:
                yield f"{path.name}:{name}", service["image"]
            else:
                assert "build" in service, (path.name, name)
    for path in sorted((DEPLOY / "k8s").glob("*.yaml")):
        for document in yaml.safe_load_all(path.read_text()):
            pod = (document or {}).get("spec", {}).get("template", {}).get("spec", {})
            for container in pod.get("containers", []) + pod.get("initContainers", []):
                yield f"{path.name}:{container['name']}", container["image"]


def test_every_image_pulled_is_pinned_by_digest():
    references = list(image_references())
    assert {where for where, _ in references} >= {"Dockerfile", "redis.yaml:redis", "deployment.yaml:rules"}
    unpinned = [(where, image) for where, image in references if not DIGEST.search(image)]
    assert unpinned == [("deployment.yaml:rules", "city-games:1.0.0")], unpinned  # deploy/README.md says why
    assert all(image.startswith(OWN_IMAGE) for _, image in unpinned)
    readme = (DEPLOY / "README.md").read_text()
    for _, image in references:
        if DIGEST.search(image):  # each digest says where it was read
            assert image.split("@")[1] in readme, image
