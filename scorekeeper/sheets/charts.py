"""Score charts as SVG, drawn here from the settle output: for the session page and the printed sheet.

A chart reads only the settle output (``scorekeeper settle``'s JSON, the shape every family's fold
gives), so the pages and the sheets of every game draw the same pictures from the same numbers.
Each chart is one self-contained ``<svg>`` element with a ``viewBox``: it scales to a phone's width
and to the printed page, needs no script and no font of its own, and reads in black and white too
(each player's line has its own dash pattern and marker, not only its own colour). Every name and
label is escaped; its labels are at least 12 px on a 390 px phone (``FONT``), the board's too; only the chart
printed alone, the layout deal by deal, writes its counts smaller (``PAPER_FONT``, 7 pt on A4).

A player keeps one look from the sheet to every chart (``PLAYER_LOOKS``, by seat: the order of the
settle output's totals): a colour, a dash pattern and a marker shape. ``player_key`` draws the marker
alone for the sheet's header. The colours are written into the SVG for paper, and each player's marks
carry the class ``p<n>`` that the page's stylesheet paints with ``--player-<n>`` (``static/app.css``),
so a dark theme gives the same players other colours of the same contrast.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any, Final

from markupsafe import Markup

from ..language import N_, gettext as _, ngettext

NAMESPACE: Final = "http://www.w3.org/2000/svg"
WIDTH: Final = 360  # the viewBox; the element itself is as wide as its container
HEIGHT: Final = 220
FONT: Final = 13  # the labels, in viewBox units: 13 * 366 / 360 = 13.2 px on a 390 px phone, 12 px at 360
LEFT, RIGHT, TOP, BOTTOM = 40, 10, 18, 36  # the margins around the plot: y labels, air, moons, x labels
LEGEND_ROW: Final = 18  # a row of the legend under the plot: two players a row
# The smallest text of a chart drawn only for paper (the layout deal by deal's counts): on paper a chart is 48% of
# the column (static/sheet.css), 90 mm for its 360 units on A4 upright (188 mm between the margins), so a unit is
# .71 pt and 10 units are 7.1 pt (Letter and a landscape sheet print it larger).
PAPER_FONT: Final = 10


@dataclass(frozen=True)
class PlayerLook:
    """How one seat's player is drawn everywhere: ``colour`` on paper and a light page, ``dark`` on a dark one
    (each at least 3:1 against its background, WCAG's non-text contrast), a dash pattern and a marker shape,
    so that the lines stay apart on a black-and-white print and for colour-blind eyes."""

    number: int  # 1-based: the class ``p<number>`` and the custom property ``--player-<number>``
    colour: str
    dark: str
    dash: str
    marker: str


# Hues after Okabe and Ito's colour-blind palette, darkened (light) or lightened (dark) to reach 3:1 against
# white and against #17171a: blue, vermillion, green, pink, ochre, violet, ink, brick.
PLAYER_LOOKS: Final = tuple(PlayerLook(n, colour, dark, dash, marker) for n, (colour, dark, dash, marker) in enumerate((
    ("#0072B2", "#56B4E9", "", "circle"),
    ("#D55E00", "#F0874A", "6 3", "square"),
    ("#00845F", "#2BC597", "2 2", "triangle"),
    ("#B5457F", "#E78CC0", "8 3 2 3", "diamond"),
    ("#8A6500", "#E6B53A", "4 4", "cross"),
    ("#6A4FC0", "#A896F0", "1 3", "circle-open"),
    ("#1B1B1F", "#F2F2F2", "10 2", "square-open"),
    ("#A8322D", "#FF7A70", "3 3 1 3", "triangle-open"),
), 1))
COLOURS: Final = tuple(look.colour for look in PLAYER_LOOKS)
DASHES: Final = tuple(look.dash for look in PLAYER_LOOKS)
MARKERS: Final = tuple(look.marker for look in PLAYER_LOOKS)


def look_of(seat: int) -> PlayerLook:
    """The look of the player in ``seat`` (0-based; the ninth seat looks like the first)."""
    return PLAYER_LOOKS[seat % len(PLAYER_LOOKS)]


@dataclass(frozen=True)
class Chart:
    """A drawn chart: its SVG markup, and a sentence for those who cannot see it (the ``<title>``)."""

    svg: str
    summary: str

    def __html__(self) -> str:
        """The chart inside a page (Jinja inserts it as markup): HTML puts an ``<svg>`` in the SVG namespace
        itself, so the namespace's URL, which reads like a link to another site, is left out."""
        return self.svg.replace(f' xmlns="{NAMESPACE}"', "", 1)


def _number(value: Any) -> float | None:
    """A total as a plain number (a lives count, points, chips); None for what is not one."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)


def _nice_step(span: float, ticks: int = 5) -> float:
    """A round step (1, 2 or 5 times a power of ten, at least 1) giving about ``ticks`` ticks over ``span``."""
    raw = max(span, 1.0) / ticks
    power: float = 10 ** math.floor(math.log10(raw))  # an int from 10**0 up, as before
    return max(1.0, next(power * m for m in (1, 2, 5, 10) if power * m >= raw))  # points and chips are whole


def _fmt(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def _marker(kind: str, x: float, y: float, colour: str, r: float = 3.4) -> str:
    """One point's marker: filled or open, round, square, triangle, diamond or a cross (class ``mk``: the page's
    stylesheet paints it in the player's colour; an open one keeps the chart's background inside)."""
    open_ = kind.endswith("-open")
    shape = kind.removesuffix("-open")
    paint = (f'class="mk open" fill="#fff" stroke="{colour}" stroke-width="1.4"' if open_
             else f'class="mk" fill="{colour}" stroke="{colour}"')
    if shape == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" {paint}/>'
    if shape == "square":
        return f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" {paint}/>'
    if shape == "triangle":
        return (f'<path d="M{x:.1f} {y - r - .8:.1f}L{x + r + .6:.1f} {y + r:.1f}L{x - r - .6:.1f} {y + r:.1f}Z" '
                f'{paint}/>')
    if shape == "diamond":
        return (f'<path d="M{x:.1f} {y - r - 1:.1f}L{x + r + 1:.1f} {y:.1f}L{x:.1f} {y + r + 1:.1f}'
                f'L{x - r - 1:.1f} {y:.1f}Z" {paint}/>')
    return (f'<path class="mk cross" d="M{x - r:.1f} {y - r:.1f}L{x + r:.1f} {y + r:.1f}M{x - r:.1f} {y + r:.1f}'
            f'L{x + r:.1f} {y - r:.1f}" fill="none" stroke="{colour}" stroke-width="2"/>')


# The marker shapes as characters, for a page's header (``player_mark``): the page's stylesheet writes them
# (static/app.css, ``i.pk.<shape>::before``, kept in step by tests/sheets/test_charts.py) in the player's colour, a few
# bytes each where a drawn marker costs two hundred.
MARK_CHARACTERS: Final = {"circle": "\u25cf", "square": "\u25a0", "triangle": "\u25b2", "diamond": "\u25c6",
                          "cross": "\u2715", "circle-open": "\u25cb", "square-open": "\u25a1",
                          "triangle-open": "\u25b3"}


def player_mark(seat: int) -> Markup:
    """``player_key`` for a phone's page: an element of the player's class (``p<n>``) and his marker's shape,
    which the page's stylesheet draws as a character in his colour, as it colours his marks in the charts
    (its text is the stylesheet's, not the page's: nothing for a screen reader to read)."""
    look = look_of(seat)
    return Markup(f'<i class="pk p{look.number} {look.marker}"></i>')


def player_key(seat: int) -> Markup:
    """The marker of the player in ``seat`` alone, in his colour, for the sheet's header: the key between
    the sheet and its charts (hidden from screen readers: the name beside it says who it is)."""
    look = look_of(seat)
    return Markup(f'<svg class="pk p{look.number}" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" '
                  f'focusable="false">{_marker(look.marker, 6, 6, look.colour, r=3.6)}</svg>')


def _frame(title: str, body: list[str], summary: str, *, height: float = HEIGHT, players: bool = False) -> str:
    """The chart's element: its ``<title>`` names it, its ``<desc>`` says what it shows in words. A chart of
    ``players`` is painted by the page's stylesheet (class ``players``: its background, ink and the
    players' colours follow the page's theme)."""
    kind = "chart players" if players else "chart"
    return (f'<svg xmlns="{NAMESPACE}" viewBox="0 0 {WIDTH} {height:g}" role="img" class="{kind}" '
            f'font-family="sans-serif" font-size="{FONT}"><title>{escape(title)}</title><desc>{escape(summary)}</desc>'
            + "".join(body) + "</svg>")


def _legend(top: float, entries: Sequence[tuple[int, str]]) -> tuple[list[str], float]:
    """The players' key under the plot, two a row: each one's marker and line in his look, his name and his last
    value. Returns the drawn entries and the height they take."""
    body = []
    half = WIDTH / 2
    for i, (seat, words) in enumerate(entries):
        look = look_of(seat)
        x = 6 + half * (i % 2)
        y = top + LEGEND_ROW * (i // 2) + LEGEND_ROW / 2
        dashing = f' stroke-dasharray="{look.dash}"' if look.dash else ""
        body.append(f'<g class="key p{look.number}"><line class="ln" x1="{x:.1f}" x2="{x + 22:.1f}" y1="{y:.1f}" '
                    f'y2="{y:.1f}" stroke="{look.colour}" stroke-width="2"{dashing}/>'
                    f'{_marker(look.marker, x + 11, y, look.colour)}'
                    f'<text class="ink" x="{x + 28:.1f}" y="{y + FONT * .35:.1f}" fill="#000">{escape(words)}</text></g>')
    return body, LEGEND_ROW * math.ceil(len(entries) / 2)


X_LABELS: Final = {"hand": N_("hand"), "table": N_("table"), "deal": N_("deal")}  # what a step of a chart is


def running_totals(
    settled: Mapping[str, Any], *, target: int | None = None, lives: bool = False, chips: bool = False,
    title: str = N_("Running totals"), x_label: str = "hand", marks: Sequence[tuple[int, str]] = (),
) -> Chart | None:
    """Each player's running total hand by hand, the target as a line, each moon marked above its hand.
    ``marks``: other totals that change the game, each a line with its words (the settlement's
    ``Method.marks``: Hartenjagen's turn to phase 2 and its goal).

    ``settled`` is the settle output; with ``chips`` the running balance (the hands' payments added up)
    rather than the totals. None when there is nothing to draw: no hand yet, or totals that are not
    plain numbers (Complex Hearts: ``complex_plane``). ``x_label`` names what a step is (a club
    player's chart: a table).
    """
    hands: Sequence[Mapping[str, Any]] = settled.get("hands") or ()
    players = list((settled.get("totals") or {}).keys())
    if not hands or not players:
        return None
    title = _(title)  # a title of the module's own, in the language spoken now (another is its caller's)
    series: list[list[float]] = [[0.0] for _p in players]
    if lives:
        first = hands[0].get("totals") or {}
        start = [(_number(first.get(p)) or 0.0) - (_number((hands[0].get("points") or {}).get(p)) or 0.0)
                 for p in players]
        series = [[s] for s in start] if any(start) else series
    for hand in hands:
        totals = hand.get("payments" if chips else "totals") or {}
        for i, p in enumerate(players):
            value = _number(totals.get(p))
            if value is None and p in totals:
                return None  # not a plain number (a complex score)
            if chips:
                series[i].append(series[i][-1] + (value or 0.0))
            else:
                series[i].append(series[i][-1] if value is None else value)
    values = [v for s in series for v in s] + ([float(target)] if target is not None else []) + [
        float(at) for at, _ in marks]
    low, high = min(values + [0.0]), max(values + [1.0])
    step = _nice_step(high - low)
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step
    count = len(hands)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x_of(i: int) -> float:
        return LEFT + plot_w * i / max(count, 1)

    def y_of(v: float) -> float:
        return TOP + plot_h * (high - v) / (high - low or 1)

    body = [f'<rect class="plot" x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="#fff" stroke="#999" '
            f'stroke-width=".6"/>']
    tick = low
    while tick <= high + step / 2:
        y = y_of(tick)
        body.append(f'<line class="rule" x1="{LEFT}" x2="{LEFT + plot_w}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd" '
                    f'stroke-width=".5"/><text class="axis" x="{LEFT - 4}" y="{y + FONT * .35:.1f}" text-anchor="end" '
                    f'fill="#333">{_fmt(tick)}</text>')
        tick += step
    every = max(1, math.ceil(count / 8))  # at most nine numbers across: 13 units each stay apart
    for i in range(0, count + 1, every):
        body.append(f'<text class="axis" x="{x_of(i):.1f}" y="{TOP + plot_h + FONT + 2}" text-anchor="middle" '
                    f'fill="#333">{i}</text>')
    body.append(f'<text class="axis" x="{LEFT + plot_w / 2:.1f}" y="{TOP + plot_h + 2 * FONT + 6}" '
                f'text-anchor="middle" fill="#333">{escape(_(X_LABELS.get(x_label, x_label)))}</text>')
    if target is not None and low <= target <= high:
        y = y_of(target)
        body.append(f'<line class="target" x1="{LEFT}" x2="{LEFT + plot_w}" y1="{y:.1f}" y2="{y:.1f}" stroke="#000" '
                    f'stroke-width="1" stroke-dasharray="1 2"/>'
                    f'<text class="ink" x="{LEFT + plot_w - 2}" y="{y - 3:.1f}" text-anchor="end" fill="#000">'
                    f'target {target}</text>')
    for at, words in marks:
        y = y_of(at)
        body.append(f'<line class="mark" x1="{LEFT}" x2="{LEFT + plot_w}" y1="{y:.1f}" y2="{y:.1f}" stroke="#000" '
                    f'stroke-width="1" stroke-dasharray="4 2"/>'
                    f'<text class="ink" x="{LEFT + 2}" y="{y - 3:.1f}" fill="#000">{escape(words)}</text>')
    moons = [i + 1 for i, hand in enumerate(hands) if hand.get("moon")]
    for i in moons:
        x = x_of(i)
        body.append(f'<g class="moon"><line x1="{x:.1f}" x2="{x:.1f}" y1="{TOP}" y2="{TOP + plot_h}" stroke="#888" '
                    f'stroke-width=".6" stroke-dasharray="3 2"/><text class="ink" x="{x:.1f}" y="{TOP - 4}" '
                    f'text-anchor="middle" fill="#000">\u263e</text></g>')
    for k, (name, points) in enumerate(zip(players, series)):
        look = look_of(k)
        path = " ".join(f"{'M' if i == 0 else 'L'}{x_of(i):.1f} {y_of(v):.1f}" for i, v in enumerate(points))
        dashing = f' stroke-dasharray="{look.dash}"' if look.dash else ""
        end = _marker(look.marker, x_of(len(points) - 1), y_of(points[-1]), look.colour)  # the end
        body.append(f'<g class="player p{look.number}" data-player="{escape(name)}"><path class="ln" d="{path}" '
                    f'fill="none" stroke="{look.colour}" stroke-width="2"{dashing}/>{end}</g>')
    key, key_h = _legend(HEIGHT, [(k, f"{_short(name)} {_fmt(s[-1])}") for k, (name, s) in enumerate(zip(players, series))])
    body += key
    what = _("lives left") if lives else _("chips") if chips else _("totals")
    after = (ngettext("after %(num)d table", "after %(num)d tables", count) if x_label == "table"
             else ngettext("after %(num)d hand", "after %(num)d hands", count))
    summary = (f"{title}: {after}, " +
               ", ".join(f"{name} {_fmt(s[-1])}" for name, s in zip(players, series)) + f" ({what})" +
               ("; " + _("target %(target)s", target=target) if target is not None else "") +
               "".join(f"; {words}" for _n, words in marks) +
               ("; " + ngettext("moon in hand %(hands)s", "moon in hands %(hands)s", len(moons),
                                hands=", ".join(map(str, moons))) if moons else ""))
    return Chart(_frame(title, body, summary, height=HEIGHT + key_h + 4, players=True), summary)


def _short(name: str, most: int = 14) -> str:
    return name if len(name) <= most else name[: most - 1] + "\u2026"


def pool_over_hands(settled: Mapping[str, Any], *, title: str = N_("The pool")) -> Chart | None:
    """The chips in the pool (pot, jackpot, auction pool) after each hand, as bars; None without a pool."""
    hands: Sequence[Mapping[str, Any]] = settled.get("hands") or ()
    pools = [_number(hand.get("pool")) for hand in hands]
    if not hands or any(p is None for p in pools) or not any(pools):
        return None
    values = [p or 0.0 for p in pools]
    step = _nice_step(max(values))
    high = math.ceil(max(values) / step) * step
    plot_w, plot_h = WIDTH - LEFT - 16, HEIGHT - TOP - BOTTOM
    width = plot_w / len(values)
    body = [f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="#fff" stroke="#999" stroke-width=".6"/>']
    tick = 0.0
    while tick <= high + step / 2:
        y = TOP + plot_h * (high - tick) / high
        body.append(f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd" stroke-width=".5"/>'
                    f'<text x="{LEFT - 4}" y="{y + 3:.1f}" text-anchor="end" fill="#333">{_fmt(tick)}</text>')
        tick += step
    every = max(1, math.ceil(len(values) / 12))
    for i, value in enumerate(values):
        h = plot_h * value / high
        x = LEFT + i * width
        body.append(f'<rect class="bar" x="{x + width * .15:.1f}" y="{TOP + plot_h - h:.1f}" width="{width * .7:.1f}" '
                    f'height="{h:.1f}" fill="#0072B2" stroke="#000" stroke-width=".5" data-pool="{_fmt(value)}"/>')
        if (i + 1) % every == 0 or i == 0:
            body.append(f'<text x="{x + width / 2:.1f}" y="{HEIGHT - BOTTOM + 12}" text-anchor="middle" '
                        f'fill="#333">{i + 1}</text>')
    body.append(f'<text x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 3}" text-anchor="middle" fill="#333">{_("hand")}</text>')
    title = _(title)
    summary = f"{title}: " + _("%(chips)s chips after hand %(hand)s, at most %(most)s", chips=_fmt(values[-1]),
                               hand=len(values), most=_fmt(max(values)))
    return Chart(_frame(title, body, summary), summary)


def complex_plane(settled: Mapping[str, Any], *, radius: int = 100, title: str = N_("Scores in the complex plane")) -> Chart | None:
    """Complex Hearts: each player's running score as a point (real across, imaginary up), his path
    hand by hand, and the circle of magnitude ``radius`` that ends the game; None for other scores."""
    hands: Sequence[Mapping[str, Any]] = settled.get("hands") or ()
    players = list((settled.get("totals") or {}).keys())
    if not hands or not players:
        return None
    paths: list[list[tuple[float, float]]] = [[(0.0, 0.0)] for _ in players]
    for hand in hands:
        totals = hand.get("totals") or {}
        for i, p in enumerate(players):
            z = totals.get(p)
            if not isinstance(z, Mapping):
                return None
            re_, im = _number(z.get("re")), _number(z.get("im"))
            if re_ is None or im is None:
                return None
            paths[i].append((re_, im))
    reach = max([float(radius)] + [max(abs(a), abs(b)) for path in paths for a, b in path]) * 1.08
    size = HEIGHT - TOP - 10
    cx, cy = WIDTH / 2, TOP + size / 2
    left = cx - size / 2
    scale = size / 2 / reach

    def at(point: tuple[float, float]) -> tuple[float, float]:
        return cx + point[0] * scale, cy - point[1] * scale

    body = [f'<rect class="plot" x="{left:.1f}" y="{TOP}" width="{size}" height="{size}" fill="#fff" stroke="#999" '
            f'stroke-width=".6"/>',
            f'<line class="rule" x1="{left:.1f}" x2="{left + size:.1f}" y1="{cy:.1f}" y2="{cy:.1f}" stroke="#bbb" '
            f'stroke-width=".6"/>',
            f'<line class="rule" x1="{cx:.1f}" x2="{cx:.1f}" y1="{TOP}" y2="{TOP + size}" stroke="#bbb" stroke-width=".6"/>',
            f'<circle class="limit" cx="{cx:.1f}" cy="{cy:.1f}" r="{radius * scale:.1f}" fill="none" stroke="#000" '
            f'stroke-width="1" stroke-dasharray="1 2"/>',
            f'<text class="ink" x="{cx + radius * scale * .71 + 2:.1f}" y="{cy - radius * scale * .71 - 2:.1f}" '
            f'fill="#000">|z| = {radius}</text>',
            f'<text class="axis" x="{left + size - 2:.1f}" y="{cy - 3:.1f}" text-anchor="end" fill="#333">real</text>',
            f'<text class="axis" x="{cx + 3:.1f}" y="{TOP + FONT}" fill="#333">imaginary</text>']
    for k, (name, path) in enumerate(zip(players, paths)):
        look = look_of(k)
        d = " ".join(f"{'M' if i == 0 else 'L'}{at(pt)[0]:.1f} {at(pt)[1]:.1f}" for i, pt in enumerate(path))
        dashing = f' stroke-dasharray="{look.dash}"' if look.dash else ""
        x, y = at(path[-1])
        body.append(f'<g class="player p{look.number}" data-player="{escape(name)}"><path class="ln" d="{d}" '
                    f'fill="none" stroke="{look.colour}" stroke-width="1.6"{dashing}/>'
                    f'{_marker(look.marker, x, y, look.colour)}</g>')
    key, key_h = _legend(HEIGHT, [(k, f"{_short(name)} {_fmt(p[-1][0])}{'+' if p[-1][1] >= 0 else '-'}"
                                      f"{_fmt(abs(p[-1][1]))}i") for k, (name, p) in enumerate(zip(players, paths))])
    body += key
    title = _(title)
    summary = f"{title}: " + ", ".join(
        f"{name} {_fmt(path[-1][0])}{'+' if path[-1][1] >= 0 else '-'}{_fmt(abs(path[-1][1]))}i "
        "(" + _("magnitude %(size)s", size=_fmt(round(math.hypot(*path[-1]), 1))) + ")" for name, path in zip(players, paths)
    ) + "; " + _("the game ends at magnitude %(size)s", size=radius)
    return Chart(_frame(title, body, summary, height=HEIGHT + key_h + 4, players=True), summary)


# --- what a chip game keeps on the table between hands ------------------------------------------------

# The board: the single cards' spaces in a row (Tripoli's pay cards A\u2665 K\u2665 Q\u2665 J\u2665 10\u2665), then a second row
# with the spaces of two or three cards (K\u2665Q\u2665, the sequence: ``Sequence`` on Cosmo's board), drawn wider, and the
# two big spaces drawn as bowls. Two rows rather than one of seven cards: each label is written in the chart's
# font (``FONT``, 12 px and more on a phone) inside its own space.
_BOWLS: Final = ("KITTY", "POT")
_WIDE: Final = ("KQ", "SEQ")
CARD_H: Final = 64  # a card space's height; its count is written under it
ROW_H: Final = CARD_H + FONT + 10  # a row of the board: the cards, their counts, air
WIDE_SHARE: Final = 84  # the width a wide card takes in its row: ``Sequence`` at 13 units is about 64


def _chips(x: float, y: float, count: int) -> str:
    """A stack of chips, one path (at most ten drawn; the count itself is written beside)."""
    if not count:
        return ""
    d = "".join(f"M{x - 5:.1f} {y - i * 2.2:.1f}a5 2 0 1 0 10 0a5 2 0 1 0-10 0" for i in range(min(count, 10)))
    return f'<path class="chips" d="{d}" fill="#fff" stroke="#000" stroke-width=".6"/>'


def _ink(label: str) -> str:
    """Red for a heart or diamond space, as the cards print them (dark enough to read in black and white)."""
    return "#b00000" if any(c in label for c in "\u2665\u2666") else "#000"


def _card(space: str, label: str, count: int, x: float, top: float, w: float) -> str:
    """One card space: its label at the top, its chips, and its count under the card (all in the chart's font)."""
    mid = x + w / 2
    return (f'<g class="space" data-space="{escape(space)}" data-chips="{count}">'
            f'<rect x="{x:.1f}" y="{top}" width="{w:.1f}" height="{CARD_H}" rx="4" fill="#fff" stroke="#000" '
            f'stroke-width="{1.2 if count else .6}"/>'
            f'<text x="{mid:.1f}" y="{top + FONT + 4}" text-anchor="middle" fill="{_ink(label)}">{escape(label)}</text>'
            f'{_chips(mid, top + CARD_H - 8, count)}'
            f'<text x="{mid:.1f}" y="{top + CARD_H + FONT + 2}" text-anchor="middle" font-weight="bold" '
            f'fill="#000">{count}</text></g>')


def _bowl(space: str, label: str, count: int, cx: float, top: float, rx: float) -> str:
    """One big space as a bowl: its label, its chips and its count (bigger) inside."""
    cy = top + (ROW_H - 6) / 2
    return (f'<g class="space" data-space="{escape(space)}" data-chips="{count}">'
            f'<ellipse cx="{cx:.1f}" cy="{cy:.1f}" rx="{rx:.1f}" ry="{(ROW_H - 6) / 2:.1f}" fill="#fff" stroke="#000" '
            f'stroke-width="{1.2 if count else .6}"/>'
            f'<text x="{cx:.1f}" y="{cy - 10:.1f}" text-anchor="middle" fill="#000">{escape(label)}</text>'
            f'{_chips(cx - 16, cy + 20, count)}'
            f'<text x="{cx + 14:.1f}" y="{cy + 20:.1f}" text-anchor="middle" font-size="16" font-weight="bold" '
            f'fill="#000">{count}</text></g>')


def layout_board(layout: Mapping[str, Any], labels: Mapping[str, str], *, title: str = N_("The layout")) -> Chart | None:
    """A Tripoli layout as the board: each pay card's space as a card with its chips, the kitty and the pot
    as bowls; ``labels`` gives the spaces to draw, in order, and how each is written. The single cards make
    the first row; the wide cards (K\u2665Q\u2665, the sequence) and the bowls the second."""
    if not labels:
        return None
    singles = [s for s in labels if s not in _BOWLS and s not in _WIDE]
    wides = [s for s in labels if s in _WIDE]
    bowls = [s for s in labels if s in _BOWLS]
    span = WIDTH - 16
    body: list[str] = []
    said = []

    def chips_on(space: str) -> int:
        count = int(_number(layout.get(space)) or 0)
        said.append(f"{labels[space]} {count}")
        return count

    top = 6.0
    if singles:
        gap = span / len(singles)
        w = min(gap - 8, 56)
        for i, space in enumerate(singles):
            body.append(_card(space, labels[space], chips_on(space), 8 + gap * i + (gap - w) / 2, top, w))
        top += ROW_H
    if wides or bowls:
        wide_share = min(WIDE_SHARE, span / max(len(wides) + len(bowls), 1))
        bowl_share = min((span - wide_share * len(wides)) / max(len(bowls), 1), 140)
        used = wide_share * len(wides) + bowl_share * len(bowls)
        x = 8 + (span - used) / 2
        for space in wides:
            body.append(_card(space, labels[space], chips_on(space), x + 4, top, wide_share - 8))
            x += wide_share
        for space in bowls:
            body.append(_bowl(space, labels[space], chips_on(space), x + bowl_share / 2, top, bowl_share / 2 - 5))
            x += bowl_share
        top += ROW_H
    title = _(title)
    summary = f"{title}: " + ", ".join(said)
    return Chart(_frame(title, body, summary, height=top), summary)


def layout_over_hands(settled: Mapping[str, Any], labels: Mapping[str, str], *,
                      title: str = N_("The layout deal by deal")) -> Chart | None:
    """The chips on each space after every deal: a row a space, a column a deal, darker for more chips, each
    count written at ``PAPER_FONT`` (this chart is printed only: on a phone the board shows the layout now)."""
    hands: Sequence[Mapping[str, Any]] = settled.get("hands") or ()
    if not hands or not labels or not any(hand.get("layout") for hand in hands):
        return None
    shown = hands[-18:]  # the last eighteen deals: a column each holds a two-digit count at ``PAPER_FONT``
    first = len(hands) - len(shown) + 1
    spaces = list(labels)
    most = max([1] + [int(_number((hand.get("layout") or {}).get(s)) or 0) for hand in shown for s in spaces])
    left, top = 72, 16  # room for the longest row's name in the chart's font (``Sequence``, Cosmo's board)
    cell_w = (WIDTH - left - 6) / len(shown)
    cell_h = (HEIGHT - top - 20) / len(spaces)
    body = []
    for r, space in enumerate(spaces):
        y = top + r * cell_h
        body.append(f'<text x="{left - 4}" y="{y + cell_h / 2 + FONT * .35:.1f}" text-anchor="end" fill="#000">'
                    f'{escape(labels[space])}</text>')
        for c, hand in enumerate(shown):
            count = int(_number((hand.get("layout") or {}).get(space)) or 0)
            shade = 255 - int(175 * count / most)
            ink = "#fff" if shade < 140 else "#000"
            x = left + c * cell_w
            body.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{cell_w:.1f}" height="{cell_h:.1f}" '
                        f'fill="rgb({shade},{shade},{shade})" stroke="#999" stroke-width=".4" data-space="{escape(space)}" '
                        f'data-deal="{first + c}" data-chips="{count}"/>')
            if count and len(str(count)) * .64 * PAPER_FONT <= cell_w - 1:  # a count too wide for its cell: its shade
                body.append(f'<text x="{x + cell_w / 2:.1f}" y="{y + cell_h / 2 + PAPER_FONT * .35:.1f}" '
                            f'text-anchor="middle" font-size="{PAPER_FONT}" fill="{ink}">{count}</text>')
    every = max(1, math.ceil(len(shown) / 12))
    for c in range(0, len(shown), every):
        body.append(f'<text x="{left + (c + .5) * cell_w:.1f}" y="{top - 4}" text-anchor="middle" fill="#333">'
                    f'{first + c}</text>')
    body.append(f'<text x="{left + (WIDTH - left) / 2:.1f}" y="{HEIGHT - 4}" text-anchor="middle" fill="#333">{_("deal")}</text>')
    last = shown[-1].get("layout") or {}
    title = _(title)
    summary = f"{title}: " + _("after deal %(deal)s", deal=len(hands)) + ", " + ", ".join(
        f"{labels[s]} {int(_number(last.get(s)) or 0)}" for s in spaces)
    return Chart(_frame(title, body, summary), summary)


def pools_over_hands(settled: Mapping[str, Any], *, title: str = N_("The pools")) -> Chart | None:
    """Reversis: the current pool and the supplemental piles after each hand, stacked (the pool dark, each
    pile lighter, each with its count when it fits)."""
    hands: Sequence[Mapping[str, Any]] = settled.get("hands") or ()
    pools = [p for p in (hand.get("pools") for hand in hands) if isinstance(p, Mapping)]
    if not hands or len(pools) < len(hands):
        return None
    stacks = [[int(_number(p.get("current")) or 0)] + [int(_number(s.get("fish")) or 0)
                                                        for s in p.get("supplements") or ()] for p in pools]
    high_value = max(sum(s) for s in stacks)
    if not high_value:
        return None
    step = _nice_step(high_value)
    high = math.ceil(high_value / step) * step
    plot_w, plot_h = WIDTH - LEFT - 16, HEIGHT - TOP - BOTTOM
    width = plot_w / len(stacks)
    fills = ("#333", "#999", "#ccc", "#eee")
    body = [f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="#fff" stroke="#999" stroke-width=".6"/>']
    tick = 0.0
    while tick <= high + step / 2:
        y = TOP + plot_h * (high - tick) / high
        body.append(f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd" stroke-width=".5"/>'
                    f'<text x="{LEFT - 4}" y="{y + 3:.1f}" text-anchor="end" fill="#333">{_fmt(tick)}</text>')
        tick += step
    for i, stack in enumerate(stacks):
        base: float = TOP + plot_h
        x = LEFT + i * width + width * .15
        for k, value in enumerate(stack):
            h = plot_h * value / high
            base -= h
            name = "pool" if k == 0 else f"supplement {k}"
            body.append(f'<rect class="pile" x="{x:.1f}" y="{base:.1f}" width="{width * .7:.1f}" height="{h:.1f}" '
                        f'fill="{fills[min(k, 3)]}" stroke="#000" stroke-width=".5" data-hand="{i + 1}" '
                        f'data-pile="{name}" data-fish="{value}"/>')
        body.append(f'<text x="{x + width * .35:.1f}" y="{HEIGHT - BOTTOM + 12}" text-anchor="middle" fill="#333">{i + 1}</text>')
    body.append(f'<text x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 3}" text-anchor="middle" fill="#333">{_("hand")}</text>')
    last = stacks[-1]
    title = _(title)
    summary = (f"{title}: " + _("after hand %(hand)s the pool holds %(fish)s", hand=len(stacks), fish=last[0]) +
               (", " + ngettext("and %(num)d supplemental pile (%(fish)s)", "and %(num)d supplemental piles (%(fish)s)",
                                len(last) - 1, fish=", ".join(map(str, last[1:]))) if len(last) > 1 else "")
               + "; " + _("the dark part is the pool"))
    return Chart(_frame(title, body, summary), summary)


def session_charts(
    settled: Mapping[str, Any] | None, *, target: int | None = None, lives: bool = False, chips: bool = False,
    spaces: Mapping[str, str] | None = None, marks: Sequence[tuple[int, str]] = (),
) -> tuple[Chart, ...]:
    """The charts of a session, from its settle output: its running totals (chips, lives, or Complex
    Hearts in the plane); then what the table holds between hands: the pool, or Tripoli's layout
    (``spaces``: its spaces and their labels) deal by deal, for paper, or else the chips on it over the deals;
    or Reversis' pools. Empty before the first hand."""
    if not settled or not settled.get("hands"):
        return ()
    title = N_("Lives left") if lives else N_("Chips, hand by hand") if chips else N_("Running totals")
    drawn = [complex_plane(settled, radius=target or 100)
             or running_totals(settled, target=None if chips else target, lives=lives, chips=chips, title=title,
                               marks=marks)]
    if spaces and settled.get("layout") is not None:
        drawn.append(layout_over_hands(settled, spaces))
    elif settled.get("pools") is not None:
        drawn.append(pools_over_hands(settled))
    else:
        drawn.append(pool_over_hands(settled, title=N_("Chips on the layout") if settled.get("layout") else N_("Chips in the pool")))
    return tuple(chart for chart in drawn if chart is not None)
