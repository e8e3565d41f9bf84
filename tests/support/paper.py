"""Printed sheets read back: pdftotext, pdftoppm, the layout's rows and tokens."""

from __future__ import annotations

import http.server
import re
import shutil
import subprocess
from typing import Any

import pytest

from scorekeeper.cli import main


PAPER_POINTS = {"a4": (595.276, 841.89), "letter": (612.0, 792.0)}


# a module of sheet tests marks itself with it: pytestmark = needs_poppler
needs_poppler = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils (pdftotext) is not installed")


def pdf_text(pdf: bytes) -> str:
    """The words of a PDF laid out as on the page (``pdftotext -layout``)."""
    assert pdf.startswith(b"%PDF-")
    done = subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True, timeout=60)
    return done.stdout.decode("utf-8")


def pdf_info(pdf: bytes) -> dict[str, str]:
    done = subprocess.run(["pdfinfo", "-"], input=pdf, capture_output=True, check=True, timeout=60)
    return dict(line.split(":", 1) for line in done.stdout.decode().splitlines() if ":" in line)


def pages_and_size(pdf: bytes) -> tuple[int, tuple[float, float], str]:
    """Pages, the first page's size in points (width, height), and pdfinfo's paper name."""
    info = pdf_info(pdf)
    size = re.match(r"\s*([\d.]+) x ([\d.]+) pts(?: \((\w+)\))?", info["Page size"])
    assert size, info["Page size"]
    return int(info["Pages"]), (float(size[1]), float(size[2])), (size[3] or "").lower()


def assert_paper(pdf: bytes, paper: str, landscape: bool = False) -> int:
    pages, (width, height), name = pages_and_size(pdf)
    short, long = PAPER_POINTS[paper]
    expected = (long, short) if landscape else (short, long)
    assert (width, height) == pytest.approx(expected, abs=0.5)
    assert name == paper  # pdfinfo names A4 and Letter, either way round
    return pages


def gray_page(pdf: bytes, page: int = 1, dpi: int = 50) -> tuple[int, int, bytes]:
    """One page as 8-bit gray pixels (``pdftoppm -gray`` writes a PGM, trivial to read)."""
    done = subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-f", str(page), "-l", str(page), "-"],
                          input=pdf, capture_output=True, check=True, timeout=60)
    data = done.stdout
    match = re.match(rb"P5\s+(\d+)\s+(\d+)\s+255\s", data)
    assert match, data[:20]
    width, height = int(match[1]), int(match[2])
    pixels = data[match.end():]
    assert len(pixels) == width * height
    return width, height, pixels


def dark_share(pdf: bytes, page: int = 1) -> float:
    """The share of a page's pixels that are dark (text and rules), at 50 dpi."""
    width, height, pixels = gray_page(pdf, page)
    return sum(1 for p in pixels if p < 128) / (width * height)


def flat(text: str) -> str:
    """Text without any whitespace: names and notes may wrap inside narrow columns."""
    return "".join(text.split())


def row_tokens(text: str, number: int, dealer: str) -> list[str]:
    """The words of the sheet's line for hand ``number``: number, dealer, pass, points and totals..."""
    for line in text.splitlines():
        words = line.split()
        if words[:2] == [str(number), dealer]:
            return words
    raise AssertionError(f"no line for hand {number} dealt by {dealer}")


class Counting(http.server.BaseHTTPRequestHandler):
    hits: list[str] = []

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        Counting.hits.append(self.path)
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


def run_sheet(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(["sheet", *argv])
    return status, capsys.readouterr().out



def overflowing(document: Any) -> list[str]:
    """What a laid-out document (``sheets.render.html_document``) prints outside its box: a table cell's line
    closer than a point to the cell's rules (a number run over into the next column), or a box past the page's
    right edge (a
    table's last columns cut off). Read from WeasyPrint's boxes, as they are drawn."""
    found = []
    for number, page in enumerate(document.pages, 1):
        root = page._page_box  # WeasyPrint's laid-out page: the boxes as drawn
        right = root.margin_width()

        def walk(box: Any, cell: Any) -> None:
            name = type(box).__name__
            if name == "TableCellBox":
                cell = box
            if name == "LineBox" and cell is not None:
                used = sum(child.margin_width() for child in box.children)
                room = cell.width + cell.padding_left + cell.padding_right - 2  # CSS px: clear of each rule
                if used > room:
                    text = "".join(getattr(c, "text", "") or "" for c in box.descendants())
                    found.append(f"page {number}: {text!r} is {used:.1f} px in a cell of {cell.width:.1f} px")
            elif name in ("TableBox", "TableCellBox") and box.position_x + box.margin_width() > right + 0.5:
                found.append(f"page {number}: a {name} ends at {box.position_x + box.margin_width():.1f} px, "
                             f"past the page's {right:.1f} px")
            for child in getattr(box, "children", ()):
                walk(child, cell)

        walk(root, None)
    return found
