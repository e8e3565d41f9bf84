"""Access logs without the links' keys: a table's, an evening's and a club's edit token and read-only key
travel in the path (``/s/<id>/<token>``) and in ``?key=``, and a log line keeping them would be a key
for whoever reads the log. Both servers log the path with the key masked (``/s/<id>/…``):

- ``scorekeeper serve`` (the development server): ``MaskedRequestHandler``, werkzeug's handler;
- gunicorn: ``--logger-class scorekeeper.web.logs.MaskedLogger`` (docs/server.md), gunicorn's logger
  with the request line, path and query string masked in every access log format.
"""

from __future__ import annotations

import re
from typing import Any

from werkzeug.serving import WSGIRequestHandler

MASK = "…"
# The key segment of a linked page (after the kind and the id), and a key in a query string.
_PATH_KEY = re.compile(r"(/(?:s|v|e|ve|c|vc)/[^/?\s]+/)[^/?\s]+")
_QUERY_KEY = re.compile(r"([?&]key=)[^&\s]+")
_BARE_QUERY_KEY = re.compile(r"((?:^|&)key=)[^&\s]+")


def masked(text: str) -> str:
    """A request line or path with every link key replaced by ``…``.

    >>> masked("GET /s/Ab3/SECRET/hand/2?key=READ&x=1 HTTP/1.1")
    'GET /s/Ab3/…/hand/2?key=…&x=1 HTTP/1.1'
    """
    return _QUERY_KEY.sub(r"\1" + MASK, _PATH_KEY.sub(r"\1" + MASK, text))


class MaskedRequestHandler(WSGIRequestHandler):
    """werkzeug's request handler, logging the request line with its keys masked."""

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        path, line = self.path, self.requestline  # werkzeug logs the path (the request line without one)
        self.path, self.requestline = masked(path), masked(line)
        try:
            super().log_request(code, size)
        finally:
            self.path, self.requestline = path, line


def _gunicorn_logger() -> type:
    from gunicorn.glogging import Logger

    class Masked(Logger):  # type: ignore[misc]  # gunicorn has no type hints
        """gunicorn's logger with the request line (``%(r)s``), path (``%(U)s``) and query (``%(q)s``) masked."""

        def atoms(self, resp: Any, req: Any, environ: Any, request_time: Any) -> dict[str, Any]:
            atoms: dict[str, Any] = super().atoms(resp, req, environ, request_time)
            atoms["r"] = masked(str(atoms.get("r") or ""))
            atoms["U"] = masked(str(atoms.get("U") or ""))
            atoms["q"] = _BARE_QUERY_KEY.sub(r"\1" + MASK, str(atoms.get("q") or ""))
            return atoms

    return Masked


def __getattr__(name: str) -> Any:
    """``MaskedLogger``, built on first use: gunicorn is imported only by gunicorn's own process."""
    if name == "MaskedLogger":
        return _gunicorn_logger()
    raise AttributeError(name)
