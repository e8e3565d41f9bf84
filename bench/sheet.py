"""Benchmark: printing the score sheet of a 50-hand session, against an empty one-page PDF.

Makes a Black Lady session of 50 random legal hands with the engine's own random legal
play (``scorekeeper.engine.simulate``; full records, every card, a stake so the sheet has
money and transfers, no target so 50 hands fit one game), then times, the best and the
median of a few runs each:

* ``weasyprint.HTML(string="<p>x</p>").write_pdf()``: WeasyPrint's floor, a blank page;
* the blank Black Lady sheet for 4 players (``scorekeeper.sheets.blank_pdf``);
* the filled sheet of the session (``scorekeeper.sheets.session_pdf``: settle, the sheet's
  data, the HTML, the PDF), and how that time splits between the engine, Jinja2 and WeasyPrint.

    python bench/sheet.py                   # the figures in the README
    python bench/sheet.py --repeat 7        # steadier on a busy machine
    python bench/sheet.py --hands 15        # a typical evening instead
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import weasyprint  # noqa: E402

from scorekeeper.engine.records import to_json  # noqa: E402
from scorekeeper.engine.seating import Seating  # noqa: E402
from scorekeeper.engine.simulate import random_record  # noqa: E402
from scorekeeper.sheets import blank_pdf, filled_sheet, session_pdf, sheet_html  # noqa: E402
from scorekeeper.sheets.render import html_document, html_to_pdf  # noqa: E402

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def session(hands: int, seed: int) -> dict[str, Any]:
    """A Black Lady session of ``hands`` random legal hands, the deal passing left from Dan."""
    rng = random.Random(seed)
    options = {"moon_choice": "add"}
    seating = Seating(tuple(PLAYERS))
    dealer = 3
    records = []
    for number in range(1, hands + 1):
        hand = to_json(random_record("black-lady", PLAYERS, rng, options=options, dealer=dealer, hand_number=number))
        for key in ("game", "options", "players"):
            hand.pop(key, None)
        records.append(hand)
        dealer = seating.next(dealer)
    return {"game": "black-lady", "options": options, "players": PLAYERS, "first_dealer": "Dan",
            "settlement_options": {"target": "none"}, "stake": "0.05", "hands": records}


def timed(what: Callable[[], Any], repeat: int) -> list[float]:
    what()  # warm: fonts found, templates compiled, caches filled
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        what()
        runs.append(time.perf_counter() - start)
    return runs


def show(label: str, runs: list[float], floor: float | None = None) -> float:
    best, median = min(runs), statistics.median(runs)
    ratio = f"  {median / floor:6.1f} x the blank page" if floor else ""
    print(f"{label:<44} best {best * 1000:8.1f} ms  median {median * 1000:8.1f} ms{ratio}")
    return median


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    record = session(args.hands, args.seed)
    sheet = filled_sheet(record)
    html = sheet_html(sheet)
    pdf = session_pdf(record)
    pages = len(html_document(html, paper=sheet.paper).pages)
    print(f"{args.hands} hands: {len(html):,} bytes of HTML, a PDF of {pages} A4 pages and {len(pdf):,} bytes; "
          f"{args.repeat} runs each")
    floor = show("blank page: HTML('<p>x</p>').write_pdf()", timed(lambda: weasyprint.HTML(string="<p>x</p>").write_pdf(), args.repeat))
    show("blank Black Lady sheet, 4 players", timed(lambda: blank_pdf("black-lady", 4), args.repeat), floor)
    show(f"filled sheet, {args.hands} hands (all of it)", timed(lambda: session_pdf(record), args.repeat), floor)
    show("  of which: settle + sheet data", timed(lambda: filled_sheet(record), args.repeat))
    show("  of which: Jinja2 HTML", timed(lambda: sheet_html(sheet), args.repeat))
    show("  of which: WeasyPrint HTML -> PDF", timed(lambda: html_to_pdf(html, paper=sheet.paper), args.repeat))


if __name__ == "__main__":
    main()
