"""The service's own version (every answer carries it beside the game's rules_version)."""

from importlib.metadata import PackageNotFoundError, version

try:
    SERVICE_VERSION = version("city-games-rules")
except PackageNotFoundError:  # running from a source tree that was never installed
    SERVICE_VERSION = "0+source"
