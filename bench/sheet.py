"""Benchmark: printing the score sheet of a 50-hand session, against an empty one-page PDF.

Makes a Black Lady session of 50 random legal hands with the engine's own random legal
play (``scorekeeper.engine.hearts.simulate``; full records, every card, a stake so the sheet has
money and transfers, no target so 50 hands fit one game), then times, the best and the
median of a few runs each:

* ``weasyprint.HTML(string="<p>x</p>").write_pdf()``: WeasyPrint's floor, a blank page;
* the blank Black Lady sheet for 4 players (``scorekeeper.sheets.blank_pdf``);
* the filled sheet of the session (``scorekeeper.sheets.session_pdf``: settle, the sheet's
  data, the HTML, the PDF), and how that time splits between the engine, Jinja2 and WeasyPrint.

    python bench/sheet.py                   # the figures in the README
    python bench/sheet.py --repeat 7        # steadier on a busy machine
    python bench/sheet.py --hands 15        # a typical evening instead
    python bench/sheet.py --largest         # the largest session a table may store, in its widest games
    python bench/sheet.py --largest --lang de   # the same sheets printed in German (docs/languages.md)

``--largest``: the sheets that cost the most are those of the most hands a session holds
(``fields.MAX_HANDS``) in the games whose sheet has the most columns at their most players
(the cost is about a millisecond per table cell), with names as long as a name may be. Each of the widest games gets a session of
random legal hands (cumulative, no target, so no hand is refused as after the game's end), and
the whole print is timed: settle, sheet data, HTML and PDF.
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

from scorekeeper import language  # noqa: E402
from scorekeeper.engine.fields import MAX_HANDS, MAX_NAME  # noqa: E402
from scorekeeper.engine.hearts.games import GAMES, make_ruleset  # noqa: E402
from scorekeeper.engine.hearts.records import to_json  # noqa: E402
from scorekeeper.engine.seating import Seating  # noqa: E402
from scorekeeper.engine.hearts.simulate import random_record  # noqa: E402
from scorekeeper.language import LANGUAGES, speaking  # noqa: E402
from scorekeeper.sheets import blank_pdf, filled_sheet, session_pdf, sheet_html  # noqa: E402
from scorekeeper.sheets.model import blank_sheet  # noqa: E402
from scorekeeper.sheets.render import html_document, html_to_pdf  # noqa: E402

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def session(hands: int, seed: int, game: str = "black-lady", players: list[str] = PLAYERS) -> dict[str, Any]:
    """A session of ``hands`` random legal hands (Black Lady, the deal passing left from Dan, by default)."""
    rng = random.Random(seed)
    options = {"moon_choice": "add"} if game == "black-lady" else {}
    seating = Seating(tuple(players))
    dealer = len(players) - 1
    records = []
    for number in range(1, hands + 1):
        hand = to_json(random_record(game, players, rng, options=options, dealer=dealer, hand_number=number))
        for key in ("game", "options", "players"):
            hand.pop(key, None)
        records.append(hand)
        dealer = seating.next(dealer)
    return {"game": game, "options": options, "players": players, "first_dealer": players[-1],
            "settlement": "cumulative", "settlement_options": {"target": "none"}, "stake": "0.05", "hands": records}


def widest(count: int) -> list[tuple[int, str, int]]:
    """The ``count`` games whose sheet has the most columns at their most players: (columns, game, players)."""
    found = []
    for game in GAMES:
        ruleset = make_ruleset(game)
        if ruleset.settlements and "cumulative" not in ruleset.settlements:
            continue  # a game settled its own way ends by its own rule: not a long session's sheet
        sheet = blank_sheet(game, ruleset.max_players)
        found.append((sum(len(g.columns) for g in sheet.groups), game, ruleset.max_players))
    return sorted(found, reverse=True)[:count]


def longest_names(n: int) -> list[str]:
    """``n`` names of the most characters a name may have, alike for most of them (the narrow columns'
    hardest case): each wraps in the words and needs the sheet's short form in the grid."""
    return [f"Bartholomew-Maximilian {i + 1:02d} von Hohenstein"[:MAX_NAME] for i in range(n)]


def largest(repeat: int, seed: int) -> None:
    print(f"the largest session, in {language.current()}: {MAX_HANDS} hands, the widest games at their most players, names of "
          f"{MAX_NAME} characters; {repeat} runs each")
    for columns, game, n in widest(4):
        record = session(MAX_HANDS, seed, game, longest_names(n))
        pages = len(html_document(sheet_html(filled_sheet(record)), paper="a4").pages)
        cpu = time.process_time()
        show(f"{game}, {n} players, {columns} columns, {pages} pages", timed(lambda: session_pdf(record), repeat))
        # the process's own CPU time a print (the warm-up's too): on a machine others load, the figure its load
        # does not inflate
        print(f"{'':<44} CPU {(time.process_time() - cpu) / (repeat + 1):8.2f} s a print")


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
    parser.add_argument("--largest", action="store_true", help="the largest session a table may store instead")
    parser.add_argument("--lang", choices=sorted(LANGUAGES), default="en", help="the language the sheets speak")
    args = parser.parse_args()
    with speaking(args.lang):
        run(args)


def run(args: argparse.Namespace) -> None:
    if args.largest:
        largest(args.repeat, args.seed)
        return
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
