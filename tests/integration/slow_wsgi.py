"""The served app with the slow fake game installed, for gunicorn: ``tests.integration.slow_wsgi:app``."""

from service.wsgi import app
from tests.integration.slowgame import install

install(app)
