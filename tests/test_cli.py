"""The ``city-games`` command: its version, where it binds, and refusals that name what is wrong."""

import pytest
from click.testing import CliRunner

from service.__main__ import cli
from service.config import ConfigError, bind_address, parse_bind, settings_from_env
from service.serving import gunicorn_options
from service.version import SERVICE_VERSION


def test_version_prints_the_package_version():
    for flag in ("--version", "-V"):
        result = CliRunner().invoke(cli, [flag])
        assert result.exit_code == 0 and result.output.strip() == f"city-games, version {SERVICE_VERSION}"


def test_host_and_port_choose_the_bind_address():
    settings = settings_from_env({"HOST": "127.0.0.1", "PORT": "9000"})
    assert gunicorn_options(settings)["bind"] == "127.0.0.1:9000"
    assert gunicorn_options(settings_from_env({}))["bind"] == "0.0.0.0:8080"
    assert gunicorn_options(settings_from_env({"HOST": "::1"}))["bind"] == "[::1]:8080"


@pytest.mark.parametrize(
    "given, expected",
    [
        ("127.0.0.1:8081", ("127.0.0.1", 8081)),
        ("[::1]:8080", ("::1", 8080)),
        ("localhost:80", ("localhost", 80)),
    ],
)
def test_bind_takes_host_and_port(given, expected):
    assert parse_bind(given) == expected
    assert bind_address(*expected) == given


@pytest.mark.parametrize("given", ["8080", ":8080", "host:", "host:0", "host:70000", "bad host:80", "a_b:80"])
def test_a_bad_bind_is_refused(given):
    with pytest.raises(ConfigError):
        parse_bind(given)


def test_a_bad_host_names_the_variable():
    with pytest.raises(ConfigError, match="HOST"):
        settings_from_env({"HOST": "not a host"})


def test_serve_refuses_a_bad_bind_before_starting():
    result = CliRunner().invoke(cli, ["serve", "--bind", "nowhere"])
    assert result.exit_code == 2 and "--bind" in result.output


def test_check_config_shows_the_host():
    result = CliRunner().invoke(cli, ["check-config"], env={"HOST": "127.0.0.1"})
    assert result.exit_code == 0 and "host=127.0.0.1" in result.output
