"""gunicorn's settings for the app, so that a phone is answered by the app and never by gunicorn's own
error page (which carries none of the app's headers and none of its words)::

    gunicorn -c python:scorekeeper.web.gunicorn_conf --workers 4 --threads 4 "scorekeeper.web:create_app()"

Each limit gunicorn checks before the app sees a request is set at or beyond the app's own, so the app
refuses first, with its error page or error object:

- the request line: gunicorn's most (8,190 bytes); the app answers 414 above ``http.MAX_URL``
  (4,094 bytes, gunicorn's default), so a line in between is the app's answer, not gunicorn's 400;
- the worker timeout: 120 s, far above the app's slowest answer (an audit PDF, under 17 s on two busy
  cores) and above every wait of the database (SQLite's 5 s busy timeout and 4 s of retries, a
  PostgreSQL connection given up after 5 s: ``create_app``), so a worker is never killed mid-answer
  (a killed worker's client gets no answer at all);
- the graceful timeout: 30 s for the answers in flight at a restart.

Command-line options still win (``--timeout``...); the number of workers and threads is the host's
choice (docs/server.md).
"""

limit_request_line = 8190  # gunicorn's maximum; the app answers 414 beyond its own MAX_URL
limit_request_fields = 100  # gunicorn's default: a browser sends about 20 header fields
limit_request_field_size = 8190  # gunicorn's default and maximum
timeout = 120
graceful_timeout = 30
keepalive = 30  # a phone's connection stays with its worker between hands (docs/server.md)
