"""Configuration from the environment: defaults, and a bad value named at start."""

import os
import subprocess
import sys

import pytest

from service.config import ConfigError, Settings, settings_from_env


def test_defaults_without_any_variable():
    settings = settings_from_env({})
    assert settings == Settings()
    assert settings.redis_url is None and settings.max_body_bytes == 1024 * 1024 and settings.port == 8080


def test_every_variable_is_read():
    settings = settings_from_env(
        {
            "REDIS_URL": "redis://cache:6379/2",
            "CACHE_TTL_SECONDS": "60",
            "CACHE_MAX_ENTRIES": "10",
            "MAX_BODY_BYTES": "2048",
            "LOG_LEVEL": "debug",
            "LOG_FORMAT": "TEXT",
            "PORT": "9000",
            "WORKERS": "3",
        }
    )
    assert settings.redis_url == "redis://cache:6379/2"
    assert (settings.cache_ttl_seconds, settings.cache_max_entries, settings.max_body_bytes) == (60, 10, 2048)
    assert (settings.log_level, settings.log_format, settings.port, settings.workers) == ("DEBUG", "text", 9000, 3)


@pytest.mark.parametrize(
    "variable, value",
    [
        ("REDIS_URL", "http://cache"),
        ("CACHE_TTL_SECONDS", "0"),
        ("CACHE_MAX_ENTRIES", "lots"),
        ("MAX_BODY_BYTES", "12"),
        ("LOG_LEVEL", "LOUD"),
        ("LOG_FORMAT", "xml"),
        ("PORT", "70000"),
        ("WORKERS", "-1"),
        ("REDIS_TIMEOUT_MS", "1.5"),
        ("CACHE_MAX_BYTES", "1000"),
        ("CACHE_MAX_BYTES", "64MiB"),
        ("CACHE_HMAC_SECRET", "short"),
        ("REDIS_SLOW_MS", "0"),
        ("REDIS_RETRY_MS", "99"),
        ("REDIS_RETRY_MS", "2.5"),
    ],
)
def test_a_bad_value_names_its_variable(variable, value):
    with pytest.raises(ConfigError, match=variable):
        settings_from_env({variable: value})


def test_the_cache_settings_are_read():
    settings = settings_from_env(
        {"CACHE_MAX_BYTES": "2097152", "CACHE_HMAC_SECRET": " s3cret-k3y-for-tests ", "REDIS_SLOW_MS": "7"}
    )
    assert (settings.cache_max_bytes, settings.cache_hmac_secret, settings.redis_slow_ms) == (
        2 * 1024 * 1024,
        "s3cret-k3y-for-tests",
        7,
    )
    assert settings_from_env({"CACHE_HMAC_SECRET": ""}).cache_hmac_secret is None
    assert settings_from_env({"REDIS_RETRY_MS": "2500"}).breaker_reset_seconds == 2.5
    assert settings_from_env({}).breaker_reset_seconds == 10
    assert "s3cret" not in repr(settings)


def test_check_config_shows_neither_the_secret_nor_a_redis_password():
    env = dict(os.environ, CACHE_HMAC_SECRET="s3cret-k3y-for-tests", REDIS_URL="redis://:hunter2hunter2@cache:6379/0")
    done = subprocess.run([sys.executable, "-m", "service", "check-config"], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "s3cret" not in done.stdout and "hunter2" not in done.stdout
    assert "cache_hmac_secret=(set, 20 characters)" in done.stdout
    assert "redis_url=redis://:***@cache:6379/0" in done.stdout


def test_the_command_line_stops_on_a_bad_value_naming_it():
    env = dict(os.environ, WORKERS="many")
    done = subprocess.run([sys.executable, "-m", "service", "check-config"], env=env, capture_output=True, text=True)
    assert done.returncode != 0
    assert "WORKERS" in done.stderr


def test_gunicorn_config_stops_on_a_bad_value_naming_it():
    env = dict(os.environ, PORT="eighty")
    done = subprocess.run(
        [sys.executable, "-m", "gunicorn", "-c", "deploy/gunicorn.conf.py", "--check-config"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "PORT" in done.stderr


def test_serving_variables_are_read_and_checked():
    settings = settings_from_env({"REQUEST_DEADLINE_MS": "750", "METRICS_PORT": "9090"})
    assert (settings.request_deadline_ms, settings.metrics_port) == (750, 9090)
    assert settings_from_env({"METRICS_PORT": ""}).metrics_port is None
    for variable, value in [
        ("REQUEST_DEADLINE_MS", "0"),
        ("REQUEST_DEADLINE_MS", "soon"),
        ("REQUEST_DEADLINE_MS", "20001"),
        ("METRICS_PORT", "0"),
        ("METRICS_PORT", "x"),
    ]:
        with pytest.raises(ConfigError, match=variable):
            settings_from_env({variable: value})
    with pytest.raises(ConfigError, match="METRICS_PORT"):
        settings_from_env({"PORT": "9000", "METRICS_PORT": "9000"})


def test_the_longest_deadline_is_answered_before_gunicorn_kills_the_worker():
    from service.serving import gunicorn_options

    options = gunicorn_options(settings_from_env({"REQUEST_DEADLINE_MS": "20000"}))
    assert options["worker_class"] == "gevent"
    assert options["timeout"] * 1000 > 20000


def test_the_body_deadline_and_budget_are_read_and_the_budget_must_hold_a_whole_body():
    settings = settings_from_env({"BODY_DEADLINE_SECONDS": "4", "BODY_BUFFER_BYTES": str(8 * 1024 * 1024)})
    assert (settings.body_deadline_seconds, settings.body_buffer_bytes) == (4, 8 * 1024 * 1024)
    with pytest.raises(ConfigError, match="BODY_BUFFER_BYTES"):
        settings_from_env({"MAX_BODY_BYTES": str(2 * 1024 * 1024), "BODY_BUFFER_BYTES": str(2 * 1024 * 1024)})
    with pytest.raises(ConfigError, match="BODY_DEADLINE_SECONDS"):
        settings_from_env({"BODY_DEADLINE_SECONDS": "0"})


def test_the_probe_port_is_optional_and_must_be_a_port_of_its_own():
    assert settings_from_env({}).probe_port is None
    assert settings_from_env({"PROBE_PORT": "8081"}).probe_port == 8081
    for clash in ({"PROBE_PORT": "8080"}, {"PROBE_PORT": "9090", "METRICS_PORT": "9090"}):
        with pytest.raises(ConfigError, match="PROBE_PORT"):
            settings_from_env(clash)


@pytest.mark.parametrize(
    "weak",
    [
        "aaaaaaaaaaaaaaaa",
        "0101010101010101010101",
        "changeme-changeme-changeme",
        "Replace_Me_With_A_Secret_2024",
        "example-hmac-secret-000111222",
    ],
)
def test_a_seal_secret_too_weak_is_refused_naming_the_variable(weak):
    with pytest.raises(ConfigError, match="CACHE_HMAC_SECRET"):
        settings_from_env({"CACHE_HMAC_SECRET": weak})


def test_a_random_seal_secret_is_taken():
    strong = "9f2c4e7a1b3d5f60718293a4b5c6d7e8"
    assert settings_from_env({"CACHE_HMAC_SECRET": strong}).cache_hmac_secret == strong
