"""gunicorn configuration: ``gunicorn -c deploy/gunicorn.conf.py service.wsgi:app``.

Every setting comes from service.serving, the same place ``city-games serve`` takes them from;
a bad environment variable stops the start with a message naming it.
"""
import sys

from service.config import ConfigError, settings_from_env
from service.serving import child_exit, gunicorn_options, on_starting, prepare_metrics_dir

try:
    _settings = settings_from_env()
except ConfigError as exc:
    sys.exit(f"configuration: {exc}")

prepare_metrics_dir()
_options = gunicorn_options(_settings)
bind = _options["bind"]
workers = _options["workers"]
worker_class = _options["worker_class"]
timeout = _options["timeout"]
graceful_timeout = _options["graceful_timeout"]
keepalive = _options["keepalive"]
max_requests = _options["max_requests"]
max_requests_jitter = _options["max_requests_jitter"]
accesslog = _options["accesslog"]
errorlog = _options["errorlog"]
loglevel = _options["loglevel"]
limit_request_line = _options["limit_request_line"]
limit_request_fields = _options["limit_request_fields"]
wsgi_app = "service.wsgi:app"

__all__ = ["on_starting", "child_exit"]
