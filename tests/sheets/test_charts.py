"""The score charts (``sheets.charts``): SVG drawn from the settle output, checked as SVG.

Each chart is parsed as XML (a name with markup in it must stay text), and its geometry read back:
every hand's point is there, a higher total is drawn higher, the target line sits at the target,
each moon is marked over its hand, a pool's bars follow the pool, and Complex Hearts' circle has
the radius of magnitude 100.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from scorekeeper.engine.family import family_of_record
from scorekeeper.sheets.charts import (
    complex_plane, layout_board, layout_over_hands, pool_over_hands, pools_over_hands, running_totals,
)

SVG = "{http://www.w3.org/2000/svg}"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

APP_CSS = (Path(__file__).resolve().parents[2] / "static" / "app.css").read_text(encoding="utf-8")


def settle(name: str) -> dict[str, Any]:
    """The settle output of an example session, as ``scorekeeper settle`` prints it."""
    record = json.loads((EXAMPLES / name).read_text())
    return family_of_record(record).settle_json(record)


def parsed(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def points(path: ET.Element) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in re.findall(r"[ML](-?[\d.]+) (-?[\d.]+)", path.attrib["d"])]


def lines_by_player(root: ET.Element) -> dict[str, list[tuple[float, float]]]:
    return {g.attrib["data-player"]: points(g.find(f"{SVG}path"))  # type: ignore[arg-type]
            for g in root.iter(f"{SVG}g") if "player" in g.attrib.get("class", "").split()}


def hand(totals: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"totals": totals, "points": totals, **more}


def test_running_totals_draw_every_hand_higher_totals_higher_and_the_target_at_its_height() -> None:
    settled = {"totals": {"Ann": 40, "Bob": 10}, "hands": [
        hand({"Ann": 13, "Bob": 0}), hand({"Ann": 26, "Bob": 10}, moon={"player": "Ann"}), hand({"Ann": 40, "Bob": 10})]}
    chart = running_totals(settled, target=50)
    assert chart is not None
    root = parsed(chart.svg)
    lines = lines_by_player(root)
    assert list(lines) == ["Ann", "Bob"]
    assert all(len(line) == 4 for line in lines.values())  # the start, then one point a hand
    ann, bob = lines["Ann"], lines["Bob"]
    assert ann[0][1] == bob[0][1]  # both start at 0
    assert ann[-1][1] < bob[-1][1]  # Ann's 40 is drawn above Bob's 10
    assert [x for x, _ in ann] == sorted(x for x, _ in ann)  # hands go left to right
    # y is linear in the total: the target line (50) sits where the line's slope puts 50
    y0, y40 = ann[0][1], ann[-1][1]
    target = next(e for e in root.iter(f"{SVG}line") if e.attrib.get("class") == "target")
    assert float(target.attrib["y1"]) == pytest.approx(y0 + (y40 - y0) * 50 / 40, abs=0.2)
    moons = [g for g in root.iter(f"{SVG}g") if g.attrib.get("class") == "moon"]
    assert len(moons) == 1
    moon_x = float(moons[0].find(f"{SVG}line").attrib["x1"])  # type: ignore[union-attr]
    assert moon_x == pytest.approx(ann[2][0], abs=0.1)  # over hand 2
    assert "Ann 40" in chart.summary and "target 50" in chart.summary and "moon in hand 2" in chart.summary
    assert root.find(f"{SVG}title").text == "Running totals"  # type: ignore[union-attr]


def test_a_real_session_is_charted_from_its_settle_output() -> None:
    settled = settle("hartenjagen-session.json")
    chart = running_totals(settled, target=100)
    assert chart is not None
    lines = lines_by_player(parsed(chart.svg))
    assert set(lines) == set(settled["totals"])
    assert all(len(line) == len(settled["hands"]) + 1 for line in lines.values())
    order = sorted(settled["totals"], key=lambda p: -settled["totals"][p])
    assert sorted(lines, key=lambda p: lines[p][-1][1]) == order  # highest total drawn highest


def test_names_are_escaped_and_the_svg_stays_well_formed() -> None:
    name = '<script>alert("x")</script> & Co'
    settled = {"totals": {name: 3, "Bob": 1}, "hands": [hand({name: 3, "Bob": 1})]}
    chart = running_totals(settled)
    assert chart is not None and "<script>" not in chart.svg
    root = parsed(chart.svg)
    texts = "".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "<script>" in texts  # shown as text (cut short), never as markup
    assert name in lines_by_player(root)


def test_nothing_to_draw_gives_no_chart() -> None:
    assert running_totals({"totals": {}, "hands": []}) is None
    assert running_totals({"totals": {"A": 0}, "hands": []}) is None
    assert pool_over_hands({"totals": {"A": 0}, "hands": [hand({"A": 0}, pool=0)]}) is None  # no pool ever
    assert complex_plane({"totals": {"A": 1}, "hands": [hand({"A": 1})]}) is None  # not complex scores
    complex_totals = {"A": {"re": 1, "im": 2}}
    assert running_totals({"totals": complex_totals, "hands": [hand(complex_totals)]}) is None


def test_the_pool_s_bars_follow_the_pool() -> None:
    settled = settle("auction-hearts-session.json")
    chart = pool_over_hands(settled)
    assert chart is not None
    bars = [e for e in parsed(chart.svg).iter(f"{SVG}rect") if e.attrib.get("class") == "bar"]
    pools = [h["pool"] for h in settled["hands"]]
    assert [int(float(b.attrib["data-pool"])) for b in bars] == pools
    heights = [float(b.attrib["height"]) for b in bars]
    top = max(pools)
    assert all(h == pytest.approx(heights[pools.index(top)] * p / top, abs=0.2) for h, p in zip(heights, pools))


def test_complex_hearts_in_the_plane_with_the_magnitude_100_circle() -> None:
    settled = {"totals": {"A": {"re": 30, "im": 40}, "B": {"re": -13, "im": 0}}, "hands": [
        hand({"A": {"re": 0, "im": 13}, "B": {"re": -13, "im": 0}}),
        hand({"A": {"re": 30, "im": 40}, "B": {"re": -13, "im": 0}})]}
    chart = complex_plane(settled)
    assert chart is not None
    root = parsed(chart.svg)
    circle = next(e for e in root.iter(f"{SVG}circle") if e.attrib.get("class") == "limit")
    cx, cy, r = (float(circle.attrib[k]) for k in ("cx", "cy", "r"))
    a = lines_by_player(root)["A"]
    assert a[0] == pytest.approx((cx, cy), abs=0.1)  # everybody starts at 0
    x, y = a[-1]
    assert ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 == pytest.approx(r * 50 / 100, abs=0.3)  # |30+40i| = 50
    assert x > cx and y < cy  # real to the right, imaginary up
    assert "A 30+40i (magnitude 50)" in chart.summary


# Player names as the records take them: printable text (no control characters).
names = st.text(st.characters(blacklist_categories=("Cc", "Cs"), blacklist_characters="\ufffe\uffff"),
                min_size=1, max_size=30).filter(str.strip)


@settings(max_examples=60, deadline=None)
@given(players=st.lists(names, min_size=2, max_size=8, unique=True),
       rows=st.lists(st.lists(st.integers(-500, 500), min_size=8, max_size=8), min_size=1, max_size=40),
       target=st.none() | st.integers(1, 500))
def test_any_names_and_totals_give_well_formed_svg_with_a_point_per_hand(
    players: list[str], rows: list[list[int]], target: int | None,
) -> None:
    hands = [hand(dict(zip(players, row)), moon=(i % 3 == 0) or None) for i, row in enumerate(rows)]
    chart = running_totals({"totals": dict(zip(players, rows[-1])), "hands": hands}, target=target)
    assert chart is not None
    lines = lines_by_player(parsed(chart.svg))
    assert list(lines) == players
    assert all(len(line) == len(rows) + 1 for line in lines.values())


def test_a_chip_game_is_charted_by_its_running_balance() -> None:
    settled = settle("auction-hearts-session.json")
    chart = running_totals(settled, chips=True)
    assert chart is not None
    for name, balance in settled["balance"].items():
        assert f"{name} {balance}" in chart.summary  # the balance, not the points taken
    assert "(chips)" in chart.summary


def test_the_printed_sheet_and_its_charts(tmp_path: Path) -> None:
    """The filled sheet carries the session's charts, drawn from the same settlement."""
    from scorekeeper.sheets import filled_sheet

    record = json.loads((EXAMPLES / "auction-hearts-session.json").read_text())
    sheet = filled_sheet(record)
    titles = [parsed(c.svg).find(f"{SVG}title").text for c in sheet.charts]  # type: ignore[union-attr]
    assert titles == ["Chips, hand by hand", "Chips in the pool"]
    tripoli = filled_sheet(json.loads((EXAMPLES / "tripoli-session.json").read_text()))
    assert [parsed(c.svg).find(f"{SVG}title").text for c in tripoli.charts] == [  # type: ignore[union-attr]
        "Chips, hand by hand", "The layout deal by deal"]
    reversis = filled_sheet(json.loads((EXAMPLES / "reversis-session.json").read_text()))
    assert [parsed(c.svg).find(f"{SVG}title").text for c in reversis.charts] == [  # type: ignore[union-attr]
        "Chips, hand by hand", "The pools"]


def test_the_session_page_draws_the_charts_from_the_stored_hands(sqlite_app: Any) -> None:
    """The page's chart is drawn from the stored hands: a new hand moves the lines."""
    from tests.support.webdata import Table, result

    client = sqlite_app.test_client()
    table = Table(client)
    assert "The game in pictures" not in client.get(f"/v/{table.id}/{table.read_key}").get_data(as_text=True)
    table.add(result((3, 2, 0, 8), "Ann"))
    table.add(result((0, 5, 5, 3), "Dan"))
    page = client.get(f"/v/{table.id}/{table.read_key}").get_data(as_text=True)
    svg = re.search(r"<svg .*?</svg>", page, re.S)
    assert svg is not None and "www.w3.org" not in svg.group(0)
    root = parsed(svg.group(0).replace("<svg ", f'<svg xmlns="{SVG[1:-1]}" ', 1))
    lines = lines_by_player(root)
    assert all(len(line) == 3 for line in lines.values())  # the start and two hands
    assert "Ann 16, Bob 7, Cat 5, Dan 24" in page  # the summary under the chart: 3+13, 2+5, 0+5, 8+3+13


TRIPOLI_LABELS = {"AH": "A\u2665", "KH": "K\u2665", "QH": "Q\u2665", "JH": "J\u2665", "TH": "10\u2665",
                  "KQ": "K\u2665Q\u2665", "SEQ": "8-9-10", "KITTY": "Kitty", "POT": "Pot"}


def spaces_drawn(root: ET.Element) -> dict[str, int]:
    return {e.attrib["data-space"]: int(e.attrib["data-chips"]) for e in root.iter() if "data-chips" in e.attrib
            and e.tag == f"{SVG}g"}


def test_the_tripoli_board_puts_each_space_s_chips_on_it() -> None:
    layout = {"AH": 4, "KH": 0, "QH": 0, "JH": 0, "TH": 0, "KQ": 4, "SEQ": 2, "KITTY": 12, "POT": 1}
    chart = layout_board(layout, TRIPOLI_LABELS)
    assert chart is not None
    root = parsed(chart.svg)
    assert spaces_drawn(root) == layout
    kitty = next(g for g in root.iter(f"{SVG}g") if g.attrib.get("data-space") == "KITTY")
    stack = kitty.find(f"{SVG}path")
    assert stack is not None and stack.attrib["d"].count("M") == 10  # ten chips drawn (12 written)
    assert next(g for g in root.iter(f"{SVG}g") if g.attrib.get("data-space") == "KH").find(f"{SVG}path") is None
    assert "Kitty 12" in chart.summary and "A\u2665 4" in chart.summary
    cosmo = layout_board(layout, {k: v for k, v in TRIPOLI_LABELS.items() if k != "POT"})  # Cosmo has no pot
    assert cosmo is not None and "POT" not in spaces_drawn(parsed(cosmo.svg))


COSMO_LABELS = {"AH": "A", "KH": "K", "QH": "Q", "JH": "J", "TH": "10", "KQ": "K+Q", "SEQ": "Sequence",
                "KITTY": "Kitty"}
SHEET_CSS = (Path(__file__).resolve().parents[2] / "static" / "sheet.css").read_text(encoding="utf-8")


def font_sizes(root: ET.Element) -> list[float]:
    """The size of every text of a chart, in its viewBox's units (its own, or the chart's)."""
    return [float(t.attrib.get("font-size", root.attrib["font-size"])) for t in root.iter(f"{SVG}text")]


@pytest.mark.parametrize("labels", [TRIPOLI_LABELS, COSMO_LABELS], ids=["tripoli", "cosmo"])
def test_the_board_writes_every_label_and_count_in_the_chart_s_font(labels: dict[str, str]) -> None:
    """The board is read on a phone: nothing in it smaller than the chart's font (12 px and more there), the five
    pay cards a row, K\u2665Q\u2665, the sequence and the bowls the next (tests/browser/test_board_phone.py measures it drawn)."""
    from scorekeeper.sheets.charts import FONT, WIDTH

    layout = {space: 12 for space in labels}
    chart = layout_board(layout, labels)
    assert chart is not None
    root = parsed(chart.svg)
    assert min(font_sizes(root)) >= FONT
    assert {t.text for t in root.iter(f"{SVG}text")} >= set(labels.values()) | {"12"}
    assert root.attrib["viewBox"].split()[2] == str(WIDTH)
    tops = {g.attrib["data-space"]: float(g[0].attrib.get("y", g[0].attrib.get("cy", 0))) for g in root.iter(f"{SVG}g")
            if "data-space" in g.attrib}
    assert len({tops[s] for s in ("AH", "KH", "QH", "JH", "TH")}) == 1
    assert tops["KQ"] == tops["SEQ"] > tops["AH"] and tops["KITTY"] > tops["AH"]


def test_the_printed_layout_chart_is_at_least_7_pt_on_a4() -> None:
    """The layout deal by deal is printed only: its smallest text (each cell's count) may be under the phone's 12
    px, not under 7 pt on an upright A4 sheet, where a chart is 48% of the column between the margins."""
    from scorekeeper.sheets.charts import WIDTH

    margins = re.search(r"@page \{\s*margin: (\d+)mm (\d+)mm (\d+)mm (\d+)mm", SHEET_CSS)
    share = re.search(r"\.charts figure\.chart \{[^}]*width: (\d+)%", SHEET_CSS)
    assert margins and share
    chart_mm = (210 - int(margins[2]) - int(margins[4])) * int(share[1]) / 100
    pt_per_unit = chart_mm / 25.4 * 72 / WIDTH
    settled = settle("tripoli-session.json")
    chart = layout_over_hands(settled, TRIPOLI_LABELS)
    assert chart is not None
    root = parsed(chart.svg)
    assert min(font_sizes(root)) * pt_per_unit >= 7
    written = [t.text for t in root.iter(f"{SVG}text") if t.attrib.get("font-size")]
    counts = [hand["layout"][s] for hand in settled["hands"] for s in TRIPOLI_LABELS if hand["layout"][s]]
    assert sorted(written, key=int) == sorted(map(str, counts), key=int)  # every count written, none dropped


def test_the_layout_deal_by_deal_has_a_cell_for_each_space_and_deal() -> None:
    settled = settle("tripoli-session.json")
    chart = layout_over_hands(settled, TRIPOLI_LABELS)
    assert chart is not None
    cells = {(e.attrib["data-space"], int(e.attrib["data-deal"])): int(e.attrib["data-chips"])
             for e in parsed(chart.svg).iter(f"{SVG}rect") if "data-deal" in e.attrib}
    for deal, hand in enumerate(settled["hands"], 1):
        for space in TRIPOLI_LABELS:
            assert cells[space, deal] == hand["layout"][space]


def test_reversis_pools_stack_the_pool_and_its_supplemental_piles() -> None:
    settled = settle("reversis-session.json")
    chart = pools_over_hands(settled)
    assert chart is not None
    piles = [(int(e.attrib["data-hand"]), e.attrib["data-pile"], int(e.attrib["data-fish"]))
             for e in parsed(chart.svg).iter(f"{SVG}rect") if e.attrib.get("class") == "pile"]
    expected = []
    for number, hand in enumerate(settled["hands"], 1):
        expected.append((number, "pool", hand["pools"]["current"]))
        expected += [(number, f"supplement {k}", s["fish"]) for k, s in enumerate(hand["pools"]["supplements"], 1)]
    assert piles == expected
    assert any(name != "pool" for _, name, _ in piles)  # the example makes a supplemental pile


def test_hartenjagen_draws_its_two_phases_from_its_settlement() -> None:
    """The turn to phase 2 and the goal are the settlement's own totals (Method.marks), drawn as lines
    with their words; a settlement without such totals draws none."""
    from scorekeeper.engine.hearts.games import make_ruleset
    from scorekeeper.engine.seating import Seating
    from scorekeeper.engine.hearts.settlement.methods import make_method

    ruleset = make_ruleset("hartenjagen")
    seating = Seating(("Ann", "Bob", "Cat", "Dan"), ruleset.clockwise)
    marks = make_method("hartenjagen-two-phase", ruleset, seating, {}).marks()
    assert [at for at, _ in marks] == [100, 0]
    settled = settle("hartenjagen-session.json")
    chart = running_totals(settled, marks=marks)
    assert chart is not None
    root = parsed(chart.svg)
    lines = [e for e in root.iter(f"{SVG}line") if e.attrib.get("class") == "mark"]
    assert len(lines) == 2
    ys = sorted(float(e.attrib["y1"]) for e in lines)
    ann = lines_by_player(root)["Ann"]
    assert min(y for _, y in ann) == pytest.approx(ys[0], abs=0.1)  # Ann's climb stops on the turn's line
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "100: phase 2, coming down" in texts and "0: the goal" in texts
    assert "100: phase 2, coming down" in chart.summary
    black_lady = make_ruleset("black-lady")
    assert make_method("cumulative", black_lady, seating, {}).marks() == ()


# --- one look per player, from the sheet to every chart --------------------------------------------------

def contrast(a: str, b: str) -> float:
    """WCAG's contrast ratio of two colours written #rrggbb."""
    def luminance(colour: str) -> float:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_each_players_look_is_distinct_and_has_the_contrast_of_a_graphic() -> None:
    """WCAG 2.2 AA non-text contrast: every player's colour at least 3:1 against the chart's background, white
    on paper and a light page, #17171a on a dark one; and no two players share a colour, a dash or a marker."""
    from scorekeeper.sheets.charts import PLAYER_LOOKS

    assert len(PLAYER_LOOKS) == 8
    for look in PLAYER_LOOKS:
        assert contrast(look.colour, "#ffffff") >= 3, look
        assert contrast(look.colour, "#fbfbf8") >= 3, look  # the page behind the sheet's header
        assert contrast(look.dark, "#17171a") >= 3, look
    for field in ("colour", "dark", "dash", "marker"):
        assert len({getattr(look, field) for look in PLAYER_LOOKS}) == 8, field


def test_the_stylesheet_paints_the_players_as_the_charts_do() -> None:
    """``static/app.css`` holds the same colours as ``PLAYER_LOOKS`` in its custom properties: the light ones
    for every page, the dark ones when the phone asks for a dark theme."""
    from scorekeeper.sheets.charts import PLAYER_LOOKS

    css = (Path(__file__).resolve().parents[2] / "static" / "app.css").read_text()
    light, dark = css.split("@media (prefers-color-scheme: dark)", 1)[0], css.split("@media (prefers-color-scheme: dark)")[1]
    for look in PLAYER_LOOKS:
        assert re.findall(rf"--player-{look.number}: (#[0-9A-Fa-f]{{6}})", light)[-1] == look.colour
        assert re.findall(rf"--player-{look.number}: (#[0-9A-Fa-f]{{6}})", dark)[0] == look.dark
        assert f".p{look.number} {{ --pc: var(--player-{look.number}); }}" in css


def marker_of(element: ET.Element) -> tuple[str, str]:
    """A marker's shape (its element, and for a path, its number of corners) and colour."""
    mark = next(e for e in element.iter() if "mk" in e.attrib.get("class", "").split())
    corners = mark.attrib.get("d", "").count("L")
    return f"{mark.tag.split('}')[-1]}{corners or ''}{' open' if 'open' in mark.attrib['class'] else ''}", \
        mark.attrib["stroke"]


def test_a_player_keeps_his_colour_and_marker_from_the_sheet_to_every_chart(sqlite_app: Any) -> None:
    """The session page's header, its chart, the printed sheet's header and its chart draw each player with the
    same marker in the same colour, and the same class (the page's stylesheet colours it by the class)."""
    from tests.support.webdata import Table, result

    from scorekeeper.sheets.charts import MARK_CHARACTERS, look_of
    from scorekeeper.sheets.model import filled_sheet
    from scorekeeper.sheets.render import sheet_html

    client = sqlite_app.test_client()
    table = Table(client)
    table.add(result((3, 2, 0, 8), "Ann"))
    page = client.get(f"/v/{table.id}/{table.read_key}").get_data(as_text=True)
    record = client.get(f"/api/sessions/{table.id}/export", query_string={"key": table.read_key}).get_json()
    for where, html in {"page": page, "paper": sheet_html(filled_sheet(record))}.items():
        svg = re.search(r"<svg [^>]*class=\"chart players\".*?</svg>", html, re.S)
        assert svg, where
        chart = parsed(svg.group(0).replace("<svg ", f'<svg xmlns="{SVG[1:-1]}" ', 1)
                       if "xmlns" not in svg.group(0)[:200] else svg.group(0))
        drawn = {g.attrib["data-player"]: (g.attrib["class"].split()[1], marker_of(g))
                 for g in chart.iter(f"{SVG}g") if "player" in g.attrib.get("class", "").split()}
        for seat, name in enumerate(["Ann", "Bob", "Cat", "Dan"]):
            look = look_of(seat)
            if where == "page":  # the marker as a character, painted by the stylesheet by the player's class
                header = re.search(rf'data-player="{name}"><i class="pk (p\d) ([a-z-]+)"></i>{name}</th>', html)
                assert header, (where, name)
                assert header.groups() == (f"p{look.number}", look.marker)
                assert f'i.pk.{look.marker}::before {{ content: "\\{ord(MARK_CHARACTERS[look.marker]):04X}" / ""; }}' in APP_CSS
                assert drawn[name][0] == f"p{look.number}", (where, name)
                continue
            one = r'<svg class="pk p\d"(?:(?!</svg>).)*</svg>'  # one key, not the next one's
            header = re.search(rf'({one}){name}</th>', html, re.S)
            assert header, (where, name)
            key = ET.fromstring(header.group(1).replace("<svg ", f'<svg xmlns="{SVG[1:-1]}" ', 1))
            assert key.attrib["class"] == f"pk p{look.number}"
            assert drawn[name] == (f"p{look.number}", marker_of(key)), (where, name)
            assert marker_of(key)[1] == look.colour


def test_chart_labels_are_at_least_12_px_on_a_phone() -> None:
    """Every label of the players' charts is drawn in the chart's font (no smaller size anywhere), which is at
    least 12 px once the 360-unit-wide chart fills a 390 px phone's 366 px column."""
    from scorekeeper.sheets.charts import FONT, WIDTH

    assert FONT * 366 / WIDTH >= 12
    charts = [running_totals(settle("hartenjagen-session.json"), target=100),
              complex_plane({"totals": {"A": {"re": 30, "im": 40}}, "hands": [hand({"A": {"re": 30, "im": 40}})]}),
              pool_over_hands(settle("auction-hearts-session.json"))]
    for chart in charts:
        assert chart is not None
        root = parsed(chart.svg)
        assert root.attrib["font-size"] == str(FONT)
        assert all("font-size" not in t.attrib for t in root.iter(f"{SVG}text")), chart.summary
