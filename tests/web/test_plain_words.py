"""Plain words on every page: no section numbers, profile codes or option ids where a player reads.

Every page kind of every game the start page offers is walked with the test client (the start page
in each version, the session page and its live part, the result form, the card page where there is
one, a stored hand's page, its audit, the why-this-score notes, the printed sheet's HTML, blank and
filled), and its visible text is held against the ids the engine itself defines: every option's
name, every value that is an id (``chart-004``, ``black-lady-26``), every settlement's id, and the
section numbers and profile codes of the rules' sources. What stays technical on purpose is left
out of "visible" and checked apart: the "source" details (where each rule comes from, in words too), and the
hand's own record (JSON or notation), which is the records contract and speaks ids by design.

The settlement list of each game is held against the engine too: a method is offered exactly when
the engine builds it for some version of the game and some number of players it seats, the game's
own first.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper import sheets
from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.family import family_of, game_defs, profile_options
from scorekeeper.engine.hearts.games import make_ruleset
from scorekeeper.engine.options import OptionSpec
from scorekeeper.engine.hearts.records import to_json
from scorekeeper.engine.reversis import record as reversis_record
from scorekeeper.engine.reversis import simulate as reversis_simulate
from scorekeeper.engine.seating import Seating
from scorekeeper.engine.hearts.settlement import METHODS
from scorekeeper.engine.hearts.settlement.methods import make_method
from scorekeeper.engine.hearts.simulate import random_record
from scorekeeper.engine.tripoli import record as tripoli_record
from scorekeeper.engine.tripoli import simulate as tripoli_simulate
from scorekeeper.web.families import pages_of
from tests.support.pages import Page, app, client, get  # noqa: F401  (app, client: the SQLite fixtures of the page tests)

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim"]
OFFERED = [g for g in game_defs() if pages_of(g.id).offers(g)]


# --- what a player must not read ----------------------------------------------------------------

def _specs() -> Iterator[OptionSpec]:
    """Every option of every game and of every settlement a game can take."""
    for game in game_defs():
        yield from game.options.values()
        for method in family_of(game.id).methods(game.id).values():
            yield from method.option_specs
    for method in METHODS.values():
        yield from method.option_specs


def _ids() -> set[str]:
    """The engine's ids that are no words: option names with an underscore, values with a hyphen, an
    underscore, a colon or a digit (``chart-004``, ``fixed:7``, ``003``), and the settlements' ids with
    a hyphen (``two-handed-difference``)."""
    methods = {key for game in game_defs() for key in family_of(game.id).methods(game.id)} | set(METHODS)
    ids = {key for key in methods if "-" in key}  # "pot", "sweepstakes" are words too
    for spec in _specs():
        if "_" in spec.name:
            ids.add(spec.name)
        ids.update(v for v in spec.choices if isinstance(v, str) and re.search(r"[-_:\d]", v)
                   and not re.fullmatch(r"[\dJQKA]+(?:-[\dJQKA]+)+", v)  # Tripoli's 8-9-10: cards, as printed
                   and not re.fullmatch(r"[-+]?\d+", v))  # a number written as a string (Gong Zhu's -200): a number
    return ids


IDS = _ids()
FORBIDDEN = re.compile(
    r"(?<![\w.])[1-9]\.\d{1,2}(?:\.\d{1,2})?(?![\w.])"  # a section number: 2.2.3, 3.17, 4.1
    r"|\b00\d\b"  # a profile code: 004
    r"|\bAMB-\d|\bHOUSE\b"  # a rule decision's number, the sources' HOUSE mark
    r"|(?<![\w-])(?:" + "|".join(re.escape(i) for i in sorted(IDS, key=len, reverse=True)) + r")(?![\w-])"
)


class _Visible(HTMLParser):
    """The text a player reads (and hears: labels, placeholders, titles), but the source details and
    the record itself; ``sources`` collects the text of the source details."""

    HIDDEN = {"script", "style", "textarea"}
    VOID = {"input", "br", "meta", "link", "img", "col", "hr", "source", "wbr"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.sources: list[str] = []
        self.stack: list[str] = []  # per open element: "" shown, "hidden", "source"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        classes = a.get("class", "").split()
        kind = ("source" if tag == "details" and "source" in classes else
                "hidden" if tag in self.HIDDEN or (tag == "pre" and "record" in classes) else "")
        shown = not any(self.stack)
        if shown:
            self.text += [a[k] for k in ("placeholder", "title", "aria-label", "alt") if a.get(k)]
        if tag not in self.VOID:
            self.stack.append(kind)

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if not data.strip():
            return
        if not any(self.stack):
            self.text.append(data.strip())
        elif "source" in self.stack:
            self.sources.append(data.strip())


def visible(html: str) -> _Visible:
    parser = _Visible()
    parser.feed(html)
    return parser


def leaks(texts: list[str]) -> list[str]:
    return [f"{found.group(0)!r} in {text[:120]!r}" for text in texts for found in [FORBIDDEN.search(text)] if found]


def assert_plain(html: str, where: str) -> _Visible:
    seen = visible(html)
    assert seen.text, where
    assert not leaks(seen.text), (where, leaks(seen.text))
    return seen


# --- a table of each game, with a hand ------------------------------------------------------------

def _table(client: FlaskClient, game: str, hands: list[dict[str, Any]] | None = None,
           options: dict[str, Any] | None = None) -> tuple[str, str, str]:
    """A table of ``game`` started through the API with one random legal hand: (edit url, read url, id)."""
    family = family_of(game)
    counts = family.player_counts(game)
    names = NAMES[:4 if 4 in counts else counts[0]]
    if hands is None:
        for seed in range(7, 40):  # a hand that leaves the game going (one Gong Zhu hand can reach -1000)
            rng = random.Random(seed)
            if family.id == "tripoli":
                hand = tripoli_record.to_json(tripoli_simulate.random_record(game, names, rng, dealer=len(names) - 1,
                                                                              hand=1))
            elif family.id == "reversis":
                hand = reversis_record.to_json(reversis_simulate.random_record(names, rng, dealer=len(names) - 1, hand=1))
            else:
                hand = to_json(random_record(game, names, rng, dealer=len(names) - 1, options=options))
            for key in ("game", "players", "options", "dealer"):
                hand.pop(key, None)
            hands = [hand]
            tried = {"game": game, "players": names, "first_dealer": names[-1], "hands": hands, "options": options or {}}
            if not family.settle(tried).finished:
                break
    record = {"game": game, "players": names, "first_dealer": names[-1], "hands": hands, "options": options or {}}
    response = client.post("/api/sessions", json=record)
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    return f"/s/{body['id']}/{body['token']}", f"/v/{body['id']}/{body['read_key']}", body["id"]


def _sheet_html(client: FlaskClient, sid: str, read: str) -> str:
    """The printed sheet of a table as HTML (the PDF is drawn from it), from the session as exported."""
    key = read.rsplit("/", 1)[1]
    exported = client.get(f"/api/sessions/{sid}/export", query_string={"key": key}).get_json()
    return str(sheets.sheet_html(sheets.filled_sheet(exported)))


@pytest.mark.parametrize("game", [g.id for g in OFFERED])
def test_every_page_of_every_game_speaks_plain_words(client: FlaskClient, game: str) -> None:
    definition = family_of(game).game_def(game)
    walked = []
    for options in profile_options(definition):  # the start page in each version
        query = f"/?game={game}" + (f"&profile={options['profile']}" if options else "")
        seen = assert_plain(get(client, query).html, query)
        walked.append("start")
        # The folded source of each option says where its rule comes from, in words: no id, no code there either.
        assert len(seen.sources) >= 2 * len(definition.options), (query, seen.sources)
        assert not leaks(seen.sources), (query, leaks(seen.sources))
    edit, read, sid = _table(client, game)
    for url in (edit, read, edit + "/live", read + "/live", edit + "/result", edit + "/play", edit + "/hand/1",
                read + "/hand/1", edit + "/hand/1/audit", read + "/hand/1/audit"):
        response = client.get(url)
        if response.status_code in (404, 409) and url.endswith(("/play", "/audit")):
            continue  # no card page or audit for this game: the page says so, in words
        assert response.status_code == 200, (url, response.status_code)
        assert_plain(Page(response).html, url)
        walked.append(url.rsplit("/", 1)[1])
    notes = client.get(edit + "/notes").get_json()
    said = [note for hand in notes["hands"].values() for note in hand.values()]
    assert said and not leaks(said), leaks(said)
    assert_plain(_sheet_html(client, sid, read), "the filled sheet")
    blank = sheets.blank_sheet(game, len(family_of(game).player_counts(game)) and 4
                               if 4 in family_of(game).player_counts(game) else family_of(game).player_counts(game)[0])
    assert_plain(str(sheets.sheet_html(blank)), "the blank sheet")
    assert {"start", edit.rsplit("/", 1)[1], "result", "1"} <= set(walked)


@pytest.mark.parametrize("url, source, said", [
    ("/?game=black-lady", "opt_queen_breaks_hearts", "A house rule some tables add, not in the published rules"),
    ("/?game=black-lady", "opt_pass", "From the game's published rules."),
    ("/?game=black-lady", "settlement", "From the game's published rules."),
    ("/?game=spot-hearts", "opt_ace_value", "The published rules differ here: each choice is one source's."),
    ("/?game=spot-hearts", "profile", "Each version is the game as one published source gives it"),
    ("/?game=black-maria", "opt_pass", "The published rules are unclear here"),
    ("/?game=tripoli", "opt_spare_position", "The published rules are unclear here"),
    ("/?game=tripoli", "settlement", "From the game's published rules."),  # the game's own: its rules
    ("/?game=reversis", "setopt_pools_at_end", "The published rules are unclear here"),
    ("/?game=tripoli&settlement=tripoli-final-poker", "settlement", None),  # the app's own: nothing to say
])
def test_the_start_page_says_where_each_rule_comes_from(client: FlaskClient, url: str, source: str,
                                                         said: str | None) -> None:
    html = get(client, url).html
    found = re.search(f'<details class="source" id="{source}-source"><summary>source</summary><p>(.*?)</p>', html)
    assert (found and found.group(1).replace("&#39;", "'").startswith(said)) if said else not found, (url, source)


def test_the_blank_sheets_list_speaks_plain_words(client: FlaskClient) -> None:
    response = client.get("/sheets/")
    assert response.status_code == 200
    assert_plain(Page(response).html, "/sheets/")


def test_the_why_note_of_a_moon_speaks_plain_words(client: FlaskClient) -> None:
    moon = {"taken": {"Ann": {"hearts": 13, "QS": 1}, "Bob": {"hearts": 0}, "Cat": {"hearts": 0}, "Dan": {"hearts": 0}},
            "moon_choice": "subtract"}
    edit, read, sid = _table(client, "black-lady", hands=[moon])
    key = read.rsplit("/", 1)[1]
    api = client.get(f"/api/sessions/{sid}", query_string={"key": key}).get_json()
    assert "shot the moon (black-lady-26, chose to subtract)" in str(api)  # the API keeps its ids
    plain = "Ann took 13 hearts and Q♠: shot the moon and chose to take 26 off their own score: -26"
    assert client.get(edit + "/notes").get_json()["hands"]["1"]["Ann"] == plain + "; total -26"
    assert plain in Page(client.get(read + "/hand/1")).html.replace("&#39;", "'")
    assert plain in _sheet_html(client, sid, read).replace("&#39;", "'")


# --- the settlement list ------------------------------------------------------------------------

def _settles(game: str, method: str) -> bool:
    """Whether the engine builds ``method`` for some version of ``game`` and some table it seats."""
    family = family_of(game)
    if family.id != "hearts":
        return method in family.methods(game)  # a package's own table: each settles every game of it
    for options in profile_options(family.game_def(game)):
        ruleset = make_ruleset(game, options)
        for n in family.player_counts(game):
            try:
                make_method(method, ruleset, Seating(tuple(NAMES[:n]), ruleset.clockwise), {})
            except ScorekeeperError:
                continue
            return True
    return False


def _offered(page: Page) -> list[tuple[str, str]]:
    select = re.search(r'<select id="settlement".*?</select>', page.html, re.S)
    assert select
    return re.findall(r'<option value="([^"]+)"[^>]*>([^<]*)</option>', select.group(0))


@pytest.mark.parametrize("game", [g.id for g in OFFERED])
def test_the_settlement_list_holds_exactly_the_methods_that_fit_the_game(client: FlaskClient, game: str) -> None:
    family = family_of(game)
    everything = set(METHODS) | set(family.methods(game))
    for options in profile_options(family.game_def(game)):
        profile = options.get("profile")
        page = get(client, f"/?game={game}" + (f"&profile={profile}" if profile else ""))
        offered = _offered(page)
        ids = [value for value, _ in offered]
        own = family.default_settlement(game, profile)
        assert ids[0] == own, (game, profile, ids)  # its own first
        assert set(ids) == {m for m in everything if _settles(game, m)}, (game, profile)
        assert len(ids) == len(set(ids))
        methods = family.methods(game)
        for value, label in offered:  # each in its plain name, with one line on what it does
            assert label.replace("&#39;", "'").startswith(methods[value].label) and methods[value].summary
            assert not FORBIDDEN.search(label)


def test_black_lady_is_not_offered_the_settlements_of_other_games(client: FlaskClient) -> None:
    ids = [value for value, _ in _offered(get(client, "/?game=black-lady"))]
    assert ids[0] == "cumulative"
    for other in ("two-handed-difference", "knaves-points", "conquimbert-lives", "spot-differences",
                  "complex-magnitude", "auction-pool", "joker-payments", "hartenjagen-two-phase"):
        assert other not in ids


def test_the_list_follows_the_game_and_its_version(client: FlaskClient) -> None:
    """Switching the game (or the version) redraws the start form with that game's own list."""
    page = get(client, "/?game=hearts")
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page.html)
    assert token
    shown = re.search(r'name="shown" type="hidden" value="([^"]+)"', page.html)
    assert shown
    for game, profile, first in (("two-handed-hearts", "", "two-handed-difference"), ("hearts", "002", "sweepstakes"),
                                 ("tripoli", "", "tripoli-layout")):
        response = client.post("/", data={"csrf_token": token.group(1), "shown": shown.group(1).replace("&#39;", "'"),
                                          "game": game, "profile": profile, "action": "refresh"})
        assert response.status_code == 200
        assert _offered(Page(response))[0][0] == first
        assert [v for v, _ in _offered(Page(response))] == list(
            pages_of(game).offered_methods(game, family_of(game).default_settlement(game, profile or None)))


# --- the words themselves, in the engine ------------------------------------------------------------

def test_every_option_profile_and_settlement_has_a_name_and_a_line() -> None:
    for spec in _specs():
        assert spec.label and spec.summary, spec.name
        assert not FORBIDDEN.search(spec.label) and not FORBIDDEN.search(spec.summary), spec.name
        for value in spec.choices:
            name = spec.value_name(value)
            assert name and not FORBIDDEN.search(name), (spec.name, value, name)
            assert not FORBIDDEN.search(spec.value_line(value)), (spec.name, value)
            if isinstance(value, str) and value in IDS or spec.name == "profile":
                assert spec.value_line(value) or re.fullmatch(r"[\d, JQKA]+|\d+ fish", name), (spec.name, value)
    for game in game_defs():
        for key, method in family_of(game.id).methods(game.id).items():
            assert method.label and method.summary and not FORBIDDEN.search(method.label + method.summary), key


def test_the_ids_stay_what_the_records_say() -> None:
    """The words are beside the ids, never instead of them: records, the API and the command keep them."""
    black_lady = family_of("black-lady").game_def("black-lady")
    assert black_lady.options["moon"].default == "black-lady-26" and black_lady.options["deal"].default == "chart-004"
    hearts = family_of("hearts").game_def("hearts")
    assert list(hearts.profiles) == ["004", "003", "001", "002"]
    assert hearts.options["profile"].value_name("002") == "Hearts for chips"
    assert make_ruleset("hearts", {"profile": "001"}).revoke == "001"


def test_the_user_guide_says_what_the_options_mean_in_the_same_words() -> None:
    from pathlib import Path

    guide = (Path(__file__).resolve().parents[2] / "docs" / "app.md").read_text(encoding="utf-8")
    section = guide.split("### What the start page's choices mean", 1)[1].split("\n## ", 1)[0]
    black_lady = family_of("black-lady").game_def("black-lady")
    for spec in black_lady.options.values():  # the house rules every game of the family shares
        assert f"**{spec.title}**: {spec.summary}" in section, spec.name
        for value in spec.choices if tuple(spec.choices) != (False, True) else ():
            line = spec.value_line(value)
            assert f"*{spec.value_name(value)}*" + (f": {line}" if line else "") in section, (spec.name, value)
    profile = family_of("hearts").game_def("hearts").options["profile"]
    for code in profile.choices:
        assert f"*{profile.value_name(code)}*: {profile.value_line(code)}" in section
    for method in family_of("hearts").methods("hearts").values():
        assert f"*{method.label}*: {method.summary}" in section
