"""Fast pages: fingerprinted static files with a year's cache, and compressed responses.

Every ``url_for('static', filename=...)`` carries the file's content hash (``?v=...``, added by
``url_defaults``), so a page names the exact version of its stylesheet and scripts. A request
whose ``v`` is the file's current hash is answered with ``Cache-Control: public, max-age=31536000,
immutable``: a phone fetches each version once and never asks again; a changed file has a new
hash, hence a new URL. A request without it, or with an old hash, keeps Flask's revalidating
default, so a stale URL never pins a file for a year.

Scripts and stylesheets are served minified, once per version of the file: a script's local names
shortened as well (calmjs.parse, which reads the ES5 the scripts are written in; rJSmin, comments
and spaces only, for a file it cannot read), a stylesheet by rCSSmin. That takes about a third off
what a phone downloads on its first visit; the files in the repository stay readable. ``MINIFY_STATIC = False`` serves them as they
are (debugging in the browser). Responses (the pages, the JSON, the static files) are then
compressed by Flask-Compress: zstd, Brotli or gzip, as the browser accepts.
"""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from typing import Any

from collections.abc import Callable

import rcssmin
import rjsmin
from calmjs.parse import es5
from calmjs.parse.exceptions import ECMASyntaxError
from calmjs.parse.unparsers.es5 import minify_print
from flask import Flask, Response, current_app, request
from flask_compress import Compress
from werkzeug.security import safe_join

LONG_CACHE = "public, max-age=31536000, immutable"
HASH_LENGTH = 16  # hex digits of SHA-256: plenty to tell versions of one file apart


class Fingerprints:
    """The content hash of each static file, read once per version of the file (its size and time)."""

    def __init__(self) -> None:
        self._known: dict[str, tuple[tuple[int, int], str]] = {}

    def of(self, folder: str, filename: str) -> str | None:
        """The file's fingerprint, or None for a name that is no file of the folder."""
        path = safe_join(folder, filename)
        if path is None:
            return None
        try:
            stat = os.stat(path)
        except OSError:
            return None
        version = (stat.st_mtime_ns, stat.st_size)
        known = self._known.get(path)
        if known is not None and known[0] == version:
            return known[1]
        try:
            with open(path, "rb") as file:
                digest = hashlib.file_digest(file, "sha256").hexdigest()[:HASH_LENGTH]
        except OSError:  # a folder, or a file gone in between
            return None
        self._known[path] = (version, digest)
        return digest


def minify_script(source: str) -> str:
    """A script without comments and spaces, its local names shortened (the page-level names it shares with
    the other scripts and the page stay as they are); one calmjs.parse cannot read loses only its spaces."""
    try:
        return str(minify_print(es5(source), obfuscate=True, obfuscate_globals=False))
    except ECMASyntaxError:
        return str(rjsmin.jsmin(source))


MINIFIERS: dict[str, Callable[[str], str]] = {".js": minify_script, ".css": rcssmin.cssmin}


class Minified:
    """Each script and stylesheet minified once per version, then served from memory."""

    def of(self, filename: str, data: bytes) -> bytes:
        """``data`` (the file's bytes) minified, or as it is for a file no minifier reads."""
        return _smaller(os.path.splitext(filename)[1], data)


@lru_cache(maxsize=64)
def _smaller(suffix: str, data: bytes) -> bytes:
    """A file's bytes minified by the minifier of its ``suffix``, kept by its content: one version of a file is
    minified once a process, whichever app serves it (parsing a script to shorten its names takes a tenth of a
    second or two); as it is when no minifier reads it, or when minified it is no smaller."""
    minify = MINIFIERS.get(suffix)
    if minify is None:
        return data
    try:
        smaller = minify(data.decode("utf-8")).encode("utf-8")
    except UnicodeDecodeError:
        return data  # not text: sent as it is
    return data if len(smaller) >= len(data) else smaller  # minified already (the vendored library): as it is


def fingerprint(filename: str) -> str | None:
    """The current app's fingerprint of one of its static files."""
    folder = current_app.static_folder
    fingerprints: Fingerprints = current_app.extensions["static_fingerprints"]
    return fingerprints.of(folder, filename) if folder else None


def _add_fingerprint(endpoint: str, values: dict[str, Any]) -> None:
    if endpoint == "static" and "v" not in values and isinstance(values.get("filename"), str):
        found = fingerprint(values["filename"])
        if found:
            values["v"] = found


def _cache_fingerprinted(response: Response) -> Response:
    """A static file asked for by its current fingerprint is cached for a year, never revalidated."""
    if request.endpoint == "static" and response.status_code in (200, 304) and request.view_args:
        asked = request.args.get("v")
        if asked and asked == fingerprint(str(request.view_args.get("filename", ""))):
            response.headers["Cache-Control"] = LONG_CACHE
            # Never revalidated but by its ETag, and sent compressed whole: a date and byte ranges are bytes of
            # every first visit for nothing (about 70 a file).
            response.headers.pop("Last-Modified", None)
            response.headers.pop("Accept-Ranges", None)
        # "inline; filename=app.js" says what a browser does anyway with a file it loads: bytes of every
        # first visit for nothing.
        response.headers.pop("Content-Disposition", None)
    return response


def _read_static(response: Response) -> Response:
    """A static file read whole before it is compressed. Flask sends it as a stream, which Flask-Compress
    compresses without gzip (the one a phone offers over plain HTTP: browsers offer Brotli and zstd
    only over HTTPS) and leaves the file for the garbage collector to close; read whole (and closed
    at once), it is minified (scripts, stylesheets), compressed like a page, and sent with its length."""
    if request.endpoint != "static" or not response.is_streamed or response.status_code not in (200, 304):
        return response
    stream = response.response
    response.direct_passthrough = False
    try:
        data = b"".join(response.iter_encoded()) if response.status_code == 200 else b""
    finally:
        close = getattr(stream, "close", None)
        if close is not None:
            close()
    if response.status_code == 304:  # "not modified": no body to send, the file closed at once
        response.response = []
        return response
    if current_app.config["MINIFY_STATIC"] and request.view_args:
        minified: Minified = current_app.extensions["static_minified"]
        data = minified.of(str(request.view_args.get("filename", "")), data)
    response.set_data(data)
    return response


compress = Compress()


def fast_pages(app: Flask) -> None:
    """Fingerprinted static URLs with their long cache, and compression, on ``app``."""
    app.extensions["static_fingerprints"] = Fingerprints()
    app.extensions["static_minified"] = Minified()
    app.config.setdefault("MINIFY_STATIC", True)
    app.url_defaults(_add_fingerprint)
    app.after_request(_cache_fingerprinted)
    # gzip's best level for the browsers that take nothing better: a page and its scripts are a few
    # kilobytes, so the extra work is a fraction of a millisecond, and a phone on a pub's wifi waits less
    app.config.setdefault("COMPRESS_LEVEL", 9)
    # A browser that takes Brotli (over HTTPS, and on localhost) gets it first, at quality 6: a quarter
    # smaller than gzip's best on the stylesheet and scripts for a couple of milliseconds (quality 11 would
    # cost tens of milliseconds each response); zstd, for a browser that takes it and not Brotli, at level 9,
    # where it is no larger than gzip's best (Flask-Compress's level 3 is a tenth larger)
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "zstd", "gzip", "deflate"])
    app.config.setdefault("COMPRESS_BR_LEVEL", 6)
    app.config.setdefault("COMPRESS_ZSTD_LEVEL", 9)
    compress.init_app(app)
    app.after_request(_read_static)  # registered after Flask-Compress's hook: runs before it
