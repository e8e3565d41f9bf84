"""Fast pages: every page a phone opens is at most 30 KB on the wire, its response headers counted, static
files carry their content's fingerprint in the URL and are cached for a year, and a changed file gets a new
URL.

The pages are fetched as a phone on the table's Wi-Fi fetches them (``Accept-Encoding: gzip``:
browsers offer Brotli only over HTTPS), from the app served by werkzeug's server as ``scorekeeper serve``
serves it, through a socket: the weight is every byte that comes back, the status line and the headers (the
server's ``Date`` and ``Server`` among them) included. docs/testing.md keeps the weights measured here.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask, url_for
from flask.testing import FlaskClient

from scorekeeper.web.static_files import LONG_CACHE, MINIFIERS
from tests.support.webdata import PLAYERS, ROOT, Table, example_hand, result, session

LIMIT = 30_000  # bytes: what the README promises of a first visit, headers included
STATIC = re.compile(r'(?:href|src)="(/static/([\w./-]+)\?v=(\w+))"')
HEARTS = [(3, 2, 0, 8), (0, 4, 6, 3), (7, 0, 1, 5), (1, 1, 1, 10)]


class Wire:
    """The app served by werkzeug's threaded server (``scorekeeper serve`` runs the same) on 127.0.0.1."""

    def __init__(self, app: Flask) -> None:
        from werkzeug.serving import make_server

        self.server = make_server("127.0.0.1", 0, app, threaded=True)
        self.thread = threading.Thread(target=self.server.serve_forever, name="fast-pages-server", daemon=True)
        self.thread.start()

    def get(self, url: str, language: str = "") -> tuple[bytes, dict[str, str], bytes]:
        """(every byte received, the headers, the body) of ``GET url`` as a phone with no cookie asks it (or only
        its ``lang`` cookie, ``language``: the footer's choice)."""
        port = self.server.server_port
        cookie = f"Cookie: lang={language}\r\n" if language else ""
        with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
            connection.sendall(f"GET {url} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept-Encoding: gzip\r\n{cookie}"
                               "Connection: close\r\n\r\n".encode())
            received = b""
            while chunk := connection.recv(65536):
                received += chunk
        head, body = received.split(b"\r\n\r\n", 1)
        status, *lines = head.decode("latin-1").split("\r\n")
        assert status.split()[1] == "200", (url, status)
        headers: dict[str, str] = {}
        for line in lines:
            key, value = line.split(":", 1)
            headers[key.strip().lower()] = value.strip()
        return received, headers, body

    def close(self) -> None:
        self.server.shutdown()
        self.thread.join(timeout=10)
        self.server.server_close()


def weigh(wire: Wire, url: str, language: str = "") -> tuple[int, str]:
    """(bytes on the wire, headers included; the page's text) of a page fetched with gzip."""
    received, headers, body = wire.get(url, language)
    assert headers["content-encoding"] == "gzip"
    assert "Accept-Encoding" in headers["vary"]
    assert int(headers["content-length"]) == len(body)
    return len(received), gzip.decompress(body).decode()


def example(name: str, hands: int | None = None) -> dict[str, object]:
    record: dict[str, object] = json.loads((ROOT / "examples" / name).read_text())
    if hands is not None:
        record["hands"] = list(record["hands"])[:hands]  # type: ignore[call-overload]
    return record


@pytest.fixture
def evening(sqlite_app: Flask) -> Iterator[tuple[FlaskClient, dict[str, str], Wire]]:
    """A Hearts table (its oldest version, with no end: 20 hands fit) with 20 hands recorded, a Black Lady
    table with a whole hand, a Reversis and a Tripoli table; the app served on a socket."""
    client = sqlite_app.test_client()
    table = Table(client, {"game": "hearts", "options": {"profile": "001"}, "players": list(PLAYERS),
                           "first_dealer": "Dan"})
    for number in range(20):
        response = table.add(result(HEARTS[number % 4], qs=PLAYERS[number % 4]))
        assert response.status_code == 201, response.get_json()
    lady = Table(client, session(hands=[example_hand()]))
    reversis = Table(client, example("reversis-session.json", hands=2))
    tripoli = Table(client, example("tripoli-session.json"))
    wire = Wire(sqlite_app)
    yield client, pages(table, lady, reversis, tripoli), wire
    wire.close()


def pages(table: Table, lady: Table, reversis: Table, tripoli: Table) -> dict[str, str]:
    edit = f"/s/{lady.id}/{lady.token}"
    found = {
        "start page": "/",
        "session page, 20 hands (scorer)": f"/s/{table.id}/{table.token}",
        "session page, 20 hands (read-only)": f"/v/{table.id}/{table.read_key}",
        "result form": f"/s/{table.id}/{table.token}/result",
        "card page": f"/s/{table.id}/{table.token}/play",
        "printed-sheet list": "/sheets/",
        "Black Lady hand page": f"{edit}/hand/1",
        "Black Lady audit": f"{edit}/hand/1/audit",
    }
    for name, other in (("Reversis", reversis), ("Tripoli", tripoli)):
        found.update({f"{name} start page": f"/?game={name.lower()}",
                      f"{name} session page": f"/s/{other.id}/{other.token}",
                      f"{name} result form": f"/s/{other.id}/{other.token}/result",
                      f"{name} card page": f"/s/{other.id}/{other.token}/play"})
    return found


def test_every_page_is_at_most_30_kb_on_the_wire(evening: tuple[FlaskClient, dict[str, str], Wire]) -> None:
    _, urls, wire = evening
    weights, sizes = {}, {}
    for name, url in urls.items():
        weights[name], html = weigh(wire, url)
        sizes[name] = len(html.encode())
        assert weights[name] <= LIMIT, f"{name}: {weights[name]} bytes"
        assert html.rstrip().endswith("</html>")
    # Compressed: the pages together come in at under a third of their size, their headers counted.
    assert 3 * sum(weights.values()) < sum(sizes.values()), [(n, weights[n], sizes[n]) for n in urls]
    # The pages are what they say: the table's twentieth hand is on its sheet, the forms are there.
    _, scorer = weigh(wire, urls["session page, 20 hands (scorer)"])
    assert re.findall(r'<tr id="hand-(\d+)"', scorer) == [str(n) for n in range(1, 21)]
    assert 'id="read-qr"' in scorer and 'id="edit-qr"' in scorer
    print("weights:", weights)


def test_the_weight_counts_the_headers(evening: tuple[FlaskClient, dict[str, str], Wire]) -> None:
    client, urls, wire = evening
    received, headers, body = wire.get(urls["start page"])
    assert {"date", "server", "content-security-policy", "set-cookie"} <= set(headers)
    head = received[:len(received) - len(body)]
    assert head.endswith(b"\r\n\r\n") and head.count(b"\r\nDate: ") == 1  # one Date: no header twice
    assert len(head) > 600  # the headers of a first visit, cookie and policy among them
    # A stylesheet or a script carries no policy (no document to bind) and no Content-Disposition.
    asset = STATIC.findall(gzip.decompress(body).decode())[0][0]
    received, headers, body = wire.get(asset)
    assert "content-security-policy" not in headers and "content-disposition" not in headers
    assert headers["referrer-policy"] == "no-referrer" and headers["x-content-type-options"] == "nosniff"


def test_a_first_visit_with_its_static_files_is_at_most_30_kb(
        evening: tuple[FlaskClient, dict[str, str], Wire]) -> None:
    """A phone that has none of the static files yet (its first visit, or a new version of each): the page
    and every file it links, compressed, each with its headers, together within the limit too."""
    _, urls, wire = evening
    firsts = {}
    for name, url in urls.items():
        firsts[name], html = weigh(wire, url)
        linked = STATIC.findall(html)
        assert {"app.js", "vendor/idb-keyval.js", "outbox.js", "offline.js"} <= {n for _, n, _ in linked}, name
        for asset, _, _ in linked:
            firsts[name] += len(wire.get(asset)[0])
        assert firsts[name] <= LIMIT, f"{name}, first visit: {firsts[name]} bytes"
    print("first visits:", firsts)


def test_the_pages_that_grow_most_in_a_language_stay_within_it(
        evening: tuple[FlaskClient, dict[str, str], Wire]) -> None:
    """The start pages (every option's words and where its rule comes from) and the list of blank sheets (every
    game's name and summary), read in French, Dutch and German: a first visit within the limit in each."""
    _, urls, wire = evening
    firsts = {}
    for code in ("fr", "nl", "de"):
        for name in ("start page", "Reversis start page", "Tripoli start page", "printed-sheet list"):
            weight, html = weigh(wire, urls[name], code)
            assert f'<html lang="{code}">' in html, (code, name)
            firsts[code, name] = weight + sum(len(wire.get(asset)[0]) for asset, _, _ in STATIC.findall(html))
            assert firsts[code, name] <= LIMIT, f"{name} in {code}, first visit: {firsts[code, name]} bytes"
    print("first visits in a language:", firsts)


def test_static_files_carry_their_fingerprint_and_a_years_cache(sqlite_app: Flask) -> None:
    client = sqlite_app.test_client()
    html = gzip.decompress(client.get("/", headers={"Accept-Encoding": "gzip"}).data).decode()
    found = STATIC.findall(html)
    assert {name for _, name, _ in found} >= {"app.css", "app.js", "zone.js"}
    static = Path(str(sqlite_app.static_folder))
    for url, name, fingerprint in found:
        assert fingerprint == hashlib.sha256((static / name).read_bytes()).hexdigest()[:len(fingerprint)]
        response = client.get(url, headers={"Accept-Encoding": "gzip"})
        assert response.status_code == 200
        assert response.headers["Cache-Control"] == LONG_CACHE
        compressed = response.headers.get("Content-Encoding") == "gzip"
        served, source = gzip.decompress(response.data) if compressed else response.data, (static / name).read_bytes()
        assert compressed == (len(served) >= sqlite_app.config["COMPRESS_MIN_SIZE"])  # a tiny file goes as it is
        if name.endswith((".js", ".css")):  # minified: what the minifier makes of the file, unless no smaller
            minified = MINIFIERS[Path(name).suffix](source.decode()).encode()
            assert served == (minified if len(minified) < len(source) else source)
            assert len(served) < len(source) or name.startswith("vendor/")
        else:
            assert served == source
        # Asked again by its ETag: still the long cache on the "not modified".
        again = client.get(url, headers={"Accept-Encoding": "gzip", "If-None-Match": response.headers["ETag"]})
        assert again.status_code == 304 and again.headers["Cache-Control"] == LONG_CACHE
    # Without its fingerprint, or with another one, a file is revalidated, never kept for a year.
    for url in ("/static/app.css", "/static/app.css?v=0123456789abcdef"):
        response = client.get(url)
        assert response.status_code == 200 and "immutable" not in response.headers["Cache-Control"]
    # A name that is no file is the usual 404, also with a fingerprint.
    assert client.get("/static/none.css?v=0123456789abcdef").status_code == 404
    assert client.get("/static/../pyproject.toml?v=0123456789abcdef").status_code == 404


def test_a_changed_file_gets_a_new_url(sqlite_app: Flask, tmp_path: Path) -> None:
    static = tmp_path / "static"
    static.mkdir()
    (static / "app.css").write_text("body { color: #111; }\n" * 40)
    sqlite_app.static_folder = str(static)
    client = sqlite_app.test_client()
    with sqlite_app.test_request_context():
        before = url_for("static", filename="app.css")
    (static / "app.css").write_text("body { color: #222; }\n" * 40)
    with sqlite_app.test_request_context():
        after = url_for("static", filename="app.css")
        assert url_for("static", filename="missing.css") == "/static/missing.css"
    assert before != after and before.split("?")[0] == after.split("?")[0] == "/static/app.css"
    fresh = client.get(after)
    assert fresh.headers["Cache-Control"] == LONG_CACHE and b"#222" in fresh.data
    stale = client.get(before)  # an old page's URL: the new file, and no year's cache under the old name
    assert b"#222" in stale.data and "immutable" not in stale.headers["Cache-Control"]


def test_scripts_are_minified_unless_the_app_says_not(sqlite_app: Flask) -> None:
    source = (Path(str(sqlite_app.static_folder)) / "cards.js").read_bytes()
    client = sqlite_app.test_client()
    minified = client.get("/static/cards.js").data
    assert b"// " in source and b"// " not in minified and len(minified) < 0.8 * len(source)
    assert client.get("/static/cards.js").data == minified  # the same bytes each time (from memory)
    sqlite_app.config["MINIFY_STATIC"] = False  # debugging in the browser: the file as it is
    assert client.get("/static/cards.js").data == source


def test_a_scripts_own_names_are_shortened_and_the_shared_ones_kept() -> None:
    """Local names go to a letter or two; what the scripts and the page share (globals, properties, the
    words' keys) stays; a script the parser cannot read (newer syntax) still loses its comments and spaces."""
    script = ("/* the outbox */\nvar scorekeeperOutbox = (function () {\n  var keptItems = [];  // kept here\n"
              "  var remember = function (item) { keptItems.push(item); return keptItems.length; };\n"
              "  return { remember: remember, say: window.scorekeeperWords.say };\n})();\n")
    shortened = MINIFIERS[".js"](script)
    assert "keptItems" not in shortened and "remember:" in shortened and ".remember" not in shortened
    assert "scorekeeperOutbox" in shortened and "window.scorekeeperWords.say" in shortened
    assert "kept here" not in shortened and "the outbox" not in shortened and "\n" not in shortened
    newer = "const keptItems = [];  // kept here\nconst remember = (item) => keptItems.push(item);\n"
    assert MINIFIERS[".js"](newer) == "const keptItems=[];const remember=(item)=>keptItems.push(item);"


def test_json_is_compressed_and_pdfs_are_not(sqlite_app: Flask) -> None:
    client = sqlite_app.test_client()
    table = Table(client)
    for number in range(8):
        assert table.add(result(HEARTS[number % 4], qs=PLAYERS[number % 4])).status_code == 201
    response = client.get(f"/api/sessions/{table.id}", query_string={"key": table.read_key},
                          headers={"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(response.data).startswith(b"{")
    sheet = client.get(f"/sessions/{table.id}/sheet.pdf", query_string={"key": table.read_key},
                       headers={"Accept-Encoding": "gzip"})
    assert sheet.status_code == 200 and "Content-Encoding" not in sheet.headers and sheet.data.startswith(b"%PDF-")
