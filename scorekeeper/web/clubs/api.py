"""The JSON API of clubs (docs/api.md), on the same services and keys as the club pages.

Writes need the club's token as ``Authorization: Bearer <token>``; reads take the token or the
club's read-only key (``?key=...``). Refusals are the error object every API answer uses.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request

from ...engine.errors import RecordSyntaxError, Said
from ...engine.jsontext import decode
from ...sheets import club as season
from . import export as club_export, stats as club_stats, services as clubs
from .. import lang, params
from ..http import bearer_token, json_errors
from ..ratelimit import creating, printing
from ..models import Club, ClubPerson

bp = Blueprint("club_api", __name__, url_prefix="/api/clubs")
json_errors(bp)


def _body() -> dict[str, Any]:
    value = decode(request.get_data(), Said("the request body "))
    if not isinstance(value, dict):
        raise RecordSyntaxError(Said("the request body must be a JSON object"))
    return value


def _read(club_id: str) -> Club:
    return clubs.read_club(club_id, bearer_token(), request.args.get("key"))


def _write(club_id: str) -> Club:
    return clubs.edit_club(club_id, bearer_token())


def person_json(person: ClubPerson) -> dict[str, Any]:
    return {"id": person.id, "name": person.name}


@bp.post("")
@creating
def create_club() -> tuple[Response, int]:
    body = _body()
    people = body.get("players") or []
    if not isinstance(people, list):
        raise RecordSyntaxError(Said("players must be a list of names"))
    created = clubs.create_club(body.get("name"), people)
    return jsonify({"id": created.id, "token": created.token, "read_key": created.read_key}), 201


@bp.get("/<club_id>")
def read_club(club_id: str) -> Response:
    club = _read(club_id)
    return jsonify({
        "id": club.id, "name": club.name, "revision": club.revision,
        "players": [person_json(p) for p in club.people],
        "tables": [{"id": t.id, "game": t.game, "players": t.config.get("players") or [],
                    "started": t.created_at.isoformat(), "read_key": t.read_key} for t in clubs.tables(club)],
        "evenings": [{"id": e.id, "started": e.created_at.isoformat(), "read_key": e.read_key}
                     for e in clubs.evenings(club)],
    })


@bp.post("/<club_id>/players")
def add_player(club_id: str) -> tuple[Response, int]:
    person = clubs.add_person(_write(club_id), _body().get("name"))
    return jsonify(person_json(person)), 201


@bp.patch("/<club_id>/players/<int:person_id>")
def rename_player(club_id: str, person_id: int) -> Response:
    club = _write(club_id)
    person = clubs.rename_person(club, clubs.get_person(club, person_id), _body().get("name"))
    return jsonify(person_json(person))


@bp.post("/<club_id>/sessions")
def start_table(club_id: str) -> tuple[Response, int]:
    """A table of the club from a session record: its token is made from the club's (``clubs.table_token``)."""
    token = bearer_token()
    club = _write(club_id)
    created = clubs.start_table(club, token or "", _body())
    return jsonify({"id": created.id, "token": created.token, "read_key": created.read_key}), 201


@bp.get("/<club_id>/stats")
def stats(club_id: str) -> Response:
    """The club's statistics over ``from``..``to`` (days, either left out): standings and every game's lines."""
    club = _read(club_id)
    since, until = club_stats.period(request.args)
    figures = club_stats.season(club, since, until).figures
    return jsonify({"period": club_stats.period_words(since, until), **figures.to_json()})


@bp.get("/<club_id>/players/<int:person_id>")
def player(club_id: str, person_id: int) -> Response:
    club = _read(club_id)
    person = clubs.get_person(club, person_id)
    rows = club_stats.tallied(club, *club_stats.period(request.args))
    overall, games = club_stats.person_lines(rows, person.name)
    tallies = [row.tally for row in rows]
    streaks = club_stats.streaks(tallies, person.name)
    return jsonify({**person_json(person), "overall": overall.to_json() if overall else None,
                    "games": {g: line.to_json() for g, line in sorted(games.items())},
                    "tables": [{"id": t.id, "game": t.game, "started": t.started.isoformat(), "hands": t.hands,
                                "points": t.points, "finished": t.finished, "won": t.won, "leading": t.leading,
                                "money": t.money}
                               for t in club_stats.person_tables(rows, person.name)],
                    "streaks": {"current": streaks.current, "longest": streaks.longest},
                    "head_to_head": [{"player": r.name, "tables": r.together, "finished": r.finished, "ahead": r.ahead,
                                      "behind": r.behind} for r in club_stats.head_to_head(tallies, person.name)]})


def _download(body: str | bytes, mimetype: str, filename: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = params.attachment_header(filename)
    return response


@bp.get("/<club_id>/export.jsonl")
def export_records(club_id: str) -> Response:
    """Every table's session record, a JSON line each: ``scorekeeper settle`` reads the file as an archive."""
    club = _read(club_id)
    return _download("".join(club_export.records_jsonl(reversed(clubs.tables(club)))), "application/jsonl",
                     f"club-{club.id}.jsonl")


@bp.get("/<club_id>/export.csv")
def export_csv(club_id: str) -> Response:
    club = _read(club_id)
    # In the club's language (the reader's if it has none); ``?headers=names``: the English column names and
    # words a script reads, whatever the club's language (docs/api.md).
    with lang.speaking("en" if request.args.get("headers") == "names" else club.language):
        text = club_export.csv_text(reversed(clubs.tables(club)))
    return _download(text, "text/csv", f"club-{club.id}.csv")


@bp.get("/<club_id>/summary.pdf")
@printing
def summary(club_id: str) -> Response:
    """The printed season summary over ``from``..``to``."""
    club = _read(club_id)
    since, until = club_stats.period(request.args)
    found = club_stats.season(club, since, until)
    names = {row.game: club_stats.game_name(row.game) for row in found.tables}
    with lang.speaking(club.language):  # the club's summary in the club's language (the reader's if it has none)
        pdf = season.season_pdf(club.name, season.period_words(since, until), found.figures,
                                [row.tally for row in found.tables], names)
    response = Response(pdf, mimetype="application/pdf")
    response.headers["Content-Disposition"] = params.attachment_header(f"club-{club.id}-season.pdf", inline=True)
    return response
