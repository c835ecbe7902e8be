"""gunicorn configuration: ``gunicorn -c deploy/gunicorn.conf.py`` (the container's command).

Every setting and hook comes from service.serving, the same place ``city-games serve`` takes them from
(gevent workers, timeouts, the JSON worker-exit lines, the metrics listener on METRICS_PORT); a bad
environment variable stops the start with a message naming it. Options given on gunicorn's command
line still override these.
"""

import sys

from service.config import ConfigError, settings_from_env
from service.serving import gunicorn_options, prepare_metrics_dir

try:
    _settings = settings_from_env()
except ConfigError as exc:
    sys.exit(f"configuration: {exc}")

prepare_metrics_dir()
globals().update(gunicorn_options(_settings))
wsgi_app = "service.wsgi:app"
