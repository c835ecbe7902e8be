"""The WSGI entry point gunicorn loads: settings from the environment, logging configured."""
from . import create_app
from .config import settings_from_env
from .logs import configure_logging

_settings = settings_from_env()
configure_logging(_settings.log_level, _settings.log_format)
app = create_app(_settings)
