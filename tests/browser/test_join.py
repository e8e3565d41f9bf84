"""Joining a table from a phone: the links' QR codes on the session page, ``scorekeeper serve --lan``,
and the start form carrying the phone's time zone.

The QR codes are read back as a phone's camera would read them: from what the browser draws (an
element screenshot in Debian's Chromium) or what the terminal prints, decoded by zbar's
``zbarimg`` (Debian's zbar-tools). Without ``zbarimg`` these tests fail under ``CI=true`` and are
skipped elsewhere, like the browser itself (``test_browser``).
"""

from __future__ import annotations

import os
import queue
import re
import socket
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.web.serve import lan_address, lan_banner
from tests.support.phonekit import in_ci
from tests.support.phoneforms import start_table
from tests.support.paper import pdf_text

ROOT = Path(__file__).resolve().parents[2]
ZBARIMG = "/usr/bin/zbarimg"


@pytest.fixture(scope="session")
def zbar() -> str:
    if not os.access(ZBARIMG, os.X_OK):
        if in_ci():
            pytest.fail(f"CI=true but {ZBARIMG} is not installed (apt-get install zbar-tools)", pytrace=False)
        pytest.skip(f"{ZBARIMG} is not installed (apt-get install zbar-tools)")
    return ZBARIMG


def decoded(zbar: str, image: Path) -> list[str]:
    """Every QR code zbar finds in the image, as text."""
    done = subprocess.run([zbar, "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(image)],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode in (0, 4), done.stderr  # 4: no code found
    return done.stdout.splitlines()


# --- the QR codes in the browser ------------------------------------------------------------------

def test_the_share_section_shows_the_read_only_link_as_a_qr_code(
        phone: tuple[Any, list[str], list[str]], zbar: str, tmp_path: Path) -> None:
    page, _requests, errors = phone
    start_table(page)
    read_link = page.locator("#read-link").input_value()
    edit_link = page.locator("#edit-link").input_value()
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/v/[\w-]+/[\w-]+", read_link)
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/s/[\w-]+/[\w-]+", edit_link)

    read_qr = page.locator("#read-qr svg")
    read_qr.scroll_into_view_if_needed()
    assert read_qr.is_visible()
    assert read_qr.get_attribute("role") == "img"
    assert read_qr.get_attribute("aria-label") == "QR code of the read-only link"
    box = read_qr.bounding_box()
    assert box is not None and box["width"] >= 200 and box["width"] <= 390  # a camera reads it off a phone
    read_qr.screenshot(path=str(tmp_path / "read.png"))
    assert decoded(zbar, tmp_path / "read.png") == [read_link]

    # The edit link's code is there only behind one more tap.
    edit_qr = page.locator("#edit-qr svg")
    assert not edit_qr.is_visible()
    page.locator("#edit-qr summary").tap()
    assert edit_qr.is_visible()
    assert edit_qr.get_attribute("aria-label") == "QR code of the edit link"
    edit_qr.screenshot(path=str(tmp_path / "edit.png"))
    assert decoded(zbar, tmp_path / "edit.png") == [edit_link]
    assert errors == []

    # Someone who scanned the read-only code gets the read-only page: its code, no edit link at all.
    page.goto(read_link)
    assert page.locator("#edit-link").count() == 0 and page.locator("#edit-qr").count() == 0
    page.locator("#read-qr svg").screenshot(path=str(tmp_path / "again.png"))
    assert decoded(zbar, tmp_path / "again.png") == [read_link]


def test_the_start_form_sends_the_phones_time_zone(browser: Any, live_server: str) -> None:
    """A phone in Auckland starts a table: the table keeps Pacific/Auckland, which its sheet prints in."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  base_url=live_server, timezone_id="Pacific/Auckland")
    try:
        page = context.new_page()
        page.goto("/?game=black-lady")
        assert page.locator("input[name=time_zone]").input_value() == "Pacific/Auckland"
        start_table(page)
        sheet = page.locator("#sheet-pdf").get_attribute("href")
        assert sheet
        response = page.request.get(sheet)
        assert response.status == 200
        text = " ".join(pdf_text(response.body()).split())
        assert re.search(r"Printed \d{4}-\d\d-\d\d \d\d:\d\d NZ[DS]T \(Pacific/Auckland\)", text), text[:400]
    finally:
        context.close()


# --- scorekeeper serve --lan -----------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def terminal_image(text: str, path: Path) -> Path:
    """The terminal's QR code drawn as a picture: each character is two modules, one above the
    other; the characters' ink is the light modules (a terminal with a dark background)."""
    from PIL import Image

    halves = {"█": (1, 1), "▀": (1, 0), "▄": (0, 1), " ": (0, 0)}
    rows: list[list[int]] = []
    for line in text.splitlines():
        top, bottom = zip(*(halves[c] for c in line))
        rows += [list(top), list(bottom)]
    scale, margin = 8, 8
    width = max(len(r) for r in rows)
    image = Image.new("L", ((width + 2 * margin) * scale, (len(rows) + 2 * margin) * scale), 255)
    for y, row in enumerate(rows):
        for x, light in enumerate(row):
            if not light:
                image.paste(0, ((x + margin) * scale, (y + margin) * scale,
                                (x + margin + 1) * scale, (y + margin + 1) * scale))
    image.save(path)
    return path


def _lines(stream: Any, into: queue.Queue[str]) -> None:
    for line in stream:
        into.put(line)


def test_serve_lan_prints_the_address_the_phones_open_and_its_qr_code(zbar: str, tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "SCOREKEEPER_INSTANCE_PATH": str(tmp_path / "instance"), "PYTHONUNBUFFERED": "1"}
    env.pop("SCOREKEEPER_DATABASE_URL", None)
    server = subprocess.Popen([sys.executable, "-m", "scorekeeper.cli", "serve", "--lan", "--port", str(port)],
                              cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=_lines, args=(server.stdout, lines), daemon=True).start()
        printed: list[str] = []
        while not printed or "serving on" not in printed[-1]:
            printed.append(lines.get(timeout=60))
        out = "".join(printed)
        address = lan_address()
        assert f"serving on http://0.0.0.0:{port}/" in printed[-1]
        if address is None:  # a machine with no network: it says so, and serves all the same
            assert "this machine has no address on a local network" in out
            return
        url = f"http://{address}:{port}/"
        assert f"open {url}\n" in out
        code = "".join(line for line in printed if set(line.rstrip("\n")) <= set("█▀▄ ") and line.strip())
        assert len(code.splitlines()) > 10
        assert decoded(zbar, terminal_image(code, tmp_path / "terminal.png")) == [url]
        # It listens on the address it printed, not only on this machine's loopback.
        with urllib.request.urlopen(url, timeout=10) as answer:
            assert answer.status == 200 and b"Start a table" in answer.read()
    finally:
        server.terminate()
        server.wait(timeout=20)
        if server.stdout is not None:
            server.stdout.close()


def test_lan_address_is_never_the_loopback() -> None:
    assert lan_address(("127.0.0.1", 9)) is None  # only the loopback routes there: no address for the phones
    found = lan_address()
    assert found is None or not found.startswith("127.")


def test_without_a_network_serve_lan_says_so() -> None:
    assert lan_banner(5000, None) == (
        "scorekeeper: this machine has no address on a local network (is the Wi-Fi on?); "
        "listening on every interface, port 5000, all the same\n")
    banner = lan_banner(8000, "192.168.1.20")
    assert banner.startswith("scorekeeper: on the other phones at the table (the same Wi-Fi), open "
                             "http://192.168.1.20:8000/\nor scan this code:\n█")


def test_lan_and_host_are_one_or_the_other() -> None:
    done = subprocess.run([sys.executable, "-m", "scorekeeper.cli", "serve", "--lan", "--host", "0.0.0.0"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "not allowed with argument" in done.stderr
