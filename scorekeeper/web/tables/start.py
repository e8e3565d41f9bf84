"""Start a table: players, game, options, settlement, stake, first dealer.

The form also carries the phone's time zone (``static/zone.js`` fills it in), kept with the table
for its printed sheets.
The games offered, their options and defaults, the settlements and whether a stake applies all come
from the engine's family registry (``engine.family``); the table's family says which of its games
and settlements the phone pages offer (``families``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.datastructures import MultiDict

from ...engine.errors import RecordSyntaxError, Said, ScorekeeperError
from ...engine.family import family_of, game_defs
from ...engine.hearts.games import GameDef
from ...engine.hearts.words import plain_warning
from .. import forms, recent, services, sources
from ..families import pages_of
from ..ratelimit import creating
from ..submit import submit
from .blueprint import bp
from .. import lang
from ...language import word

DEFAULT_GAME = "hearts"


def known_players(limit: int = 200) -> list[str]:
    """Names seated at the tables this browser opened, most recent first (offered in a datalist):
    never the players of other browsers' tables."""
    ids = recent.tables()
    if not ids:
        return []
    configs = services.configs_of(ids)
    names: list[str] = []
    for sid in ids:
        for name in (configs.get(sid) or {}).get("players", []):
            if isinstance(name, str) and name not in names:
                names.append(name)
    return names[:limit]


def _pick(value: str | None, choices: Sequence[str], default: str) -> str:
    return value if value is not None and value in choices else default


@bp.route("/", methods=["GET", "POST"])
@creating
def start() -> Any:
    """Start a table: players, game, options, settlement, stake, first dealer."""
    return start_page(url_for("pages.start"), known_players(), _create)


def _create(record: dict[str, Any], confirm: bool, time_zone: str | None, language: str | None) -> services.Created:
    return services.create_session(record, confirm_required=confirm, time_zone=time_zone, language=language)


Create = Callable[[dict[str, Any], bool, "str | None", "str | None"], services.Created]


def start_page(action: str, known: list[str], create: Create, **page: Any) -> Any:
    """The start page, posting to ``action``, suggesting the names ``known``; ``create`` stores the table
    (on its own, or inside a club: ``club_pages``). ``page``: more for the template (the club)."""
    posted = request.method == "POST"
    source = request.form if posted else request.args
    offered = {g.id: g for g in game_defs() if pages_of(g.id).offers(g)}
    game_id = _pick(source.get("game"), list(offered), DEFAULT_GAME)
    game = offered[game_id]
    family = family_of(game_id)
    shown = (request.form.get("shown") or "||").split("|") if posted else []
    shown += [""] * (3 - len(shown))
    profiles = list(game.profiles)
    profile = None
    if profiles:  # another game's version does not carry over to this one
        asked = source.get("profile") if not posted or shown[0] == game_id else None
        profile = _pick(asked, profiles, profiles[0])
    defaults = family.defaults(game_id, profile)
    default_settlement = family.default_settlement(game_id, profile)
    methods = pages_of(game_id).offered_methods(game_id, default_settlement)
    settlement = _pick(source.get("settlement"), list(methods), default_settlement)

    formdata: MultiDict[str, str] | None = None
    refresh = False
    if posted:
        formdata, settlement, refresh = forms.start_formdata(
            request.form, shown, game, profile, settlement, default_settlement, defaults, methods)
    form = forms.start_form(game, profile, settlement, defaults, formdata, methods, list(offered.values()))
    if not posted:
        form.game.data = game_id
        form.language.data = lang.offered()  # the phone's own language, when it is one the table can have
    form.profile.data = profile or ""
    form.settlement.data = settlement
    form.shown.data = f"{game_id}|{profile or ''}|{settlement}"
    form.settlement.choices = forms.choices(
        [(m, gettext("%(settlement)s (the game's own)", settlement=_name(methods[m], m)) if m == default_settlement else _name(methods[m], m))
         for m in methods])
    names = form.names()
    form.first_dealer.choices = forms.choices([(name, name) for name in names])
    sent = submit(form.validate() if posted and not refresh else None,
                  lambda: create(*_start_record(form, defaults, names), request.form.get("time_zone"),
                                 form.language.data))
    if (made := sent.made) is not None:  # done: the table made
        recent.remember(made.id)
        flash(gettext("The table is ready. Share the links below with the other phones."))
        return redirect(url_for("pages.session_edit", sid=made.id, key=made.token))
    refusal = sent.refusal
    notice = None
    if posted and refresh and request.form.get("action") == "start":
        notice = gettext("These are the options of %(game)s. Check them, then start the table.", game=word(game.name))
    custom: list[str] = []
    warning = None
    try:
        chosen = forms.chosen_options(form, defaults)
        custom = [name for name in chosen if name != "profile"]
        warning = plain_warning(family.warning(game.id, chosen))
    except (ScorekeeperError, KeyError):
        pass
    return render_template(
        "pages/start.html", form=form, refusal=refusal, known=known, game=game, action=action, **page,
        default_settlement=default_settlement, warning=warning, custom_options=custom, notice=notice,
        stake=family.takes_stake(game_id), table_stakes=family.takes_table_stakes(game_id, settlement),
        **_words(game, profile, methods, settlement, default_settlement),
    )


def _name(method: Any, key: str) -> str:
    """A settlement's name for a player (its id only for a method that has none)."""
    return word(getattr(method, "label", "")) or key


def _words(game: GameDef[Any], profile: str | None, methods: Mapping[str, Any], settlement: str,
           own: str) -> dict[str, Any]:
    """What the start page says of the chosen version and settlement, and where their rules come from (``own``:
    the game's own settlement)."""
    spec = game.options.get("profile")
    method = methods.get(settlement)
    summary = getattr(method, "summary", "")
    return {
        "profile_line": " ".join(filter(None, [forms.sentence(word(spec.value_line(profile))),
                                               gettext("It sets the house rules below.")])) if spec and profile else "",
        "profile_source": sources.of_versions() if spec else "",
        "settlement_line": forms.sentence(word(summary)),
        "settlement_source": sources.of_settlement(method, settlement == own) if method else "",
    }


def _start_record(form: forms.StartForm, defaults: Mapping[str, Any], names: list[str]) -> tuple[dict[str, Any], bool]:
    """The session record the start form says (the engine checks the players, options and settlement
    when the table is stored).

    :raises ScorekeeperError: an option value that is not one of its choices.
    """
    game = form.game_def
    family = family_of(game.id)
    try:
        options = forms.chosen_options(form, defaults)
        settlement_options = forms.chosen_settlement_options(form)
    except KeyError as exc:
        raise RecordSyntaxError(Said("an option value %(given)s is not one of its choices", given=repr(exc.args[0]))) from None
    family.check_table(game.id, options, len(names))
    dealer = form.first_dealer.data if form.first_dealer.data in names else (names[0] if names else None)
    record: dict[str, Any] = {"game": game.id, "options": options, "players": names, "first_dealer": dealer}
    if form.settlement.data != family.default_settlement(game.id, options.get("profile")):
        record["settlement"] = form.settlement.data
    record["settlement_options"] = settlement_options
    stake = (form.stake.data or "").strip() if family.takes_stake(game.id) else ""
    if stake:
        record["stake"] = stake
    if form.table_stakes.data is not None and family.takes_table_stakes(game.id, form.settlement.data):
        record["table_stakes"] = form.table_stakes.data
    return record, bool(form.confirm_required.data)
