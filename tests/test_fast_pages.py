"""Fast pages: every page a phone opens is at most 30 KB on the wire, static files carry their
content's fingerprint in the URL and are cached for a year, and a changed file gets a new URL.

The pages are fetched as a phone on the table's Wi-Fi fetches them (``Accept-Encoding: gzip``:
browsers offer Brotli only over HTTPS). docs/testing.md keeps the weights measured here.
"""

from __future__ import annotations

import gzip
import hashlib
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask, url_for
from flask.testing import FlaskClient

from scorekeeper.web.static_files import LONG_CACHE, MINIFIERS
from webdata import PLAYERS, Table, result

LIMIT = 30 * 1024
STATIC = re.compile(r'(?:href|src)="(/static/([\w./-]+)\?v=(\w+))"')
HEARTS = [(3, 2, 0, 8), (0, 4, 6, 3), (7, 0, 1, 5), (1, 1, 1, 10)]


def weigh(client: FlaskClient, url: str) -> tuple[int, str]:
    """(bytes on the wire, the page's text) of a page fetched with gzip."""
    response = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200, (url, response.status_code)
    assert response.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response.headers["Vary"]
    return len(response.data), gzip.decompress(response.data).decode()


@pytest.fixture
def evening(sqlite_app: Flask) -> Iterator[tuple[FlaskClient, Table]]:
    """A Hearts table (its oldest version, with no end: 20 hands fit) with 20 hands recorded."""
    client = sqlite_app.test_client()
    table = Table(client, {"game": "hearts", "options": {"profile": "001"}, "players": list(PLAYERS),
                           "first_dealer": "Dan"})
    for number in range(20):
        response = table.add(result(HEARTS[number % 4], qs=PLAYERS[number % 4]))
        assert response.status_code == 201, response.get_json()
    yield client, table


def pages(table: Table) -> dict[str, str]:
    return {
        "start page": "/",
        "session page, 20 hands (scorer)": f"/s/{table.id}/{table.token}",
        "session page, 20 hands (read-only)": f"/v/{table.id}/{table.read_key}",
        "result form": f"/s/{table.id}/{table.token}/result",
        "card page": f"/s/{table.id}/{table.token}/play",
        "printed-sheet list": "/sheets/",
    }


def test_every_page_is_at_most_30_kb_on_the_wire(evening: tuple[FlaskClient, Table]) -> None:
    client, table = evening
    weights = {}
    for name, url in pages(table).items():
        weights[name], html = weigh(client, url)
        assert weights[name] <= LIMIT, f"{name}: {weights[name]} bytes"
        assert html.rstrip().endswith("</html>")
    # The pages are what they say: the table's twentieth hand is on its sheet, the forms are there.
    _, scorer = weigh(client, pages(table)["session page, 20 hands (scorer)"])
    assert re.findall(r'<tr id="hand-(\d+)"', scorer) == [str(n) for n in range(1, 21)]
    assert 'id="read-qr"' in scorer and 'id="edit-qr"' in scorer
    _, sheets = weigh(client, "/sheets/")
    assert len(sheets.encode()) > LIMIT  # without compression the list would not fit
    print("weights:", weights)


def test_a_first_visit_with_its_static_files_is_at_most_30_kb(evening: tuple[FlaskClient, Table]) -> None:
    """A phone that has none of the static files yet (its first visit, or a new version of each): the page
    and every file it links, compressed, together within the limit too."""
    client, table = evening
    firsts = {}
    for name, url in pages(table).items():
        firsts[name], html = weigh(client, url)
        linked = STATIC.findall(html)
        assert {"app.js", "vendor/idb-keyval.js", "outbox.js", "offline.js"} <= {n for _, n, _ in linked}, name
        for asset, _, _ in linked:
            firsts[name] += len(client.get(asset, headers={"Accept-Encoding": "gzip"}).data)
        assert firsts[name] <= LIMIT, f"{name}, first visit: {firsts[name]} bytes"
    print("first visits:", firsts)


def test_static_files_carry_their_fingerprint_and_a_years_cache(sqlite_app: Flask) -> None:
    client = sqlite_app.test_client()
    _, html = weigh(client, "/")
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
        if name.endswith((".js", ".css")):  # minified: smaller, and what the minifier makes of the file
            assert len(served) < len(source) and served == MINIFIERS[Path(name).suffix](source.decode()).encode()
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


def test_json_is_compressed_and_pdfs_are_not(evening: tuple[FlaskClient, Table]) -> None:
    client, table = evening
    response = client.get(f"/api/sessions/{table.id}", query_string={"key": table.read_key},
                          headers={"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(response.data).startswith(b"{")
    sheet = client.get(f"/sessions/{table.id}/sheet.pdf", query_string={"key": table.read_key},
                       headers={"Accept-Encoding": "gzip"})
    assert sheet.status_code == 200 and "Content-Encoding" not in sheet.headers and sheet.data.startswith(b"%PDF-")
