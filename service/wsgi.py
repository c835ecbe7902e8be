"""The WSGI entry point gunicorn loads: settings from the environment, logging configured."""

import gc

from . import create_app
from .config import settings_from_env
from .logs import configure_logging

_settings = settings_from_env()
configure_logging(_settings.log_level, _settings.log_format, _settings.log_buffer_lines)
app = create_app(_settings)
# The app's own objects (modules, rule tables, compiled schemas) live as long as the worker: frozen, no
# collection walks them again (a full collection over them took tens of milliseconds of a request).
gc.freeze()
