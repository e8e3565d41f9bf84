"""The engine's refusals in the reader's language on the web (docs/languages.md): the JSON API's ``message`` (its
``code`` and every other field unchanged), a form's refusal, and the card page's JSON. The language is the
request's, as ``web/lang.py`` chooses it: the ``lang`` cookie, else the table's, else ``Accept-Language``; a
request with no preference reads English as before."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.pages import Page, app, client, record_result, start_table  # noqa: F401 (fixtures)
from tests.support.webdata import IMPOSSIBLE, illegal_hand, result, session

REVOKE = {
    "en": "Cat played 9\u2666 on a club lead while holding A\u2663 7\u2663",
    "fr": "Cat a joué 9\u2666 sur une entame à trèfle alors qu'il avait A\u2663 7\u2663",
    "nl": "Cat speelde 9\u2666 op een klaveren-uitkomst terwijl hij A\u2663 7\u2663 had",
    "de": "Cat hat 9\u2666 auf einen Kreuz-Ausspiel gespielt, obwohl er A\u2663 7\u2663 hatte",
}


def refused(client: FlaskClient, body: Any, **headers: str) -> dict[str, Any]:
    response = client.post("/api/sessions", json=body, headers=headers)
    assert response.status_code == 422
    answer = response.get_json()
    assert answer["ok"] is False
    return dict(answer["error"])


def test_the_api_message_is_english_without_a_preference(client: FlaskClient) -> None:
    error = refused(client, session(hands=[illegal_hand()]))
    assert error["code"] == "revoke" and error["message"] == REVOKE["en"]


@pytest.mark.parametrize("code", ["fr", "nl", "de"])
def test_the_api_message_speaks_the_cookies_language_and_keeps_its_code(client: FlaskClient, code: str) -> None:
    english = refused(client, session(hands=[illegal_hand()]))
    client.set_cookie("lang", code)
    error = refused(client, session(hands=[illegal_hand()]), **{"Accept-Language": "en"})  # the cookie first
    assert error["message"] == REVOKE[code]
    assert {**error, "message": None} == {**english, "message": None}  # code, play, trick, player, card


def test_the_api_message_follows_accept_language_without_a_cookie(client: FlaskClient) -> None:
    error = refused(client, session(hands=[result(), IMPOSSIBLE]), **{"Accept-Language": "de-DE,de;q=0.9"})
    assert error["code"] == "impossible-result"
    assert error["message"] == ("Unmögliches Ergebnis: Q\u2660 wurde sowohl von Ann und Bob genommen; die Herzen "
                                "ergeben zusammen 14, aber ein Spiel hat 13.")


def test_a_form_refusal_speaks_the_tables_language_and_then_the_cookies(app: Flask, client: FlaskClient) -> None:
    edit, _ = start_table(client, changes={"language": "fr"})
    page = Page(record_result(client, edit, [3, 2, 0, 9], 1))
    assert page.refusal() == "Résultat impossible : les cœurs font 14 au total, mais une main en a 13."
    client.set_cookie("lang", "nl")
    page = Page(record_result(client, edit, [3, 2, 0, 9], 1))
    assert page.refusal() == "Onmogelijke uitslag: de harten tellen op tot 14, maar een hand heeft er 13."
    client.set_cookie("lang", "en")
    page = Page(record_result(client, edit, [3, 2, 0, 9], 1))
    assert page.refusal() == "Impossible result: the hearts add up to 14, but a hand has 13."


def test_the_card_pages_refusal_speaks_the_readers_language(client: FlaskClient) -> None:
    """The card page shows the ``message`` of the JSON it fetches: a card tapped before the pass, in German."""
    edit, _ = start_table(client)
    client.set_cookie("lang", "de")
    page = client.get(edit + "/play")
    assert page.status_code == 200
    token = _csrf(page.get_data(as_text=True))
    headers = {"X-CSRFToken": token} if token else {}
    answer = client.post(edit + "/next", json={"record": None, "action": {"kind": "card", "player": "Bob",
                                                                          "value": "2C"}}, headers=headers)
    assert answer.status_code == 422, answer.get_data(as_text=True)[:500]
    error = answer.get_json()["error"]
    assert error["code"] == "not-next"  # Bob's card is not what comes next
    assert error["message"].startswith("als Nächstes kommt: gespielte Karte")  # the kind in German too
    client.set_cookie("lang", "en")
    english = client.post(edit + "/next", json={"record": None, "action": {"kind": "card", "player": "Bob",
                                                                           "value": "2C"}}, headers=headers)
    assert english.get_json()["error"]["code"] == error["code"]
    assert english.get_json()["error"]["message"] != error["message"]


def _csrf(html: str) -> str | None:
    import re

    found = re.search(r'name="csrf-token" content="([^"]+)"', html) or re.search(
        r'name="csrf_token"[^>]*value="([^"]+)"', html)
    return found.group(1) if found else None


def test_the_fuzzed_api_refusals_speak_each_language(client: FlaskClient) -> None:
    """Mutated session records (the API fuzzing's, its seed) refused in English are refused alike in French,
    Dutch and German: the same status and error object but the message, never a traceback or an unfilled place."""
    import re

    from tests.support import fuzzing

    unfilled = re.compile(r"%\(\w+\)[sd]")
    refusals = translated = 0
    for mutant in fuzzing.Mutator(fuzzing.DEFAULT_SEED).sessions(120):
        answers = {}
        for code in ("en", "fr", "nl", "de"):
            client.set_cookie("lang", code)
            response = client.post("/api/sessions", data=mutant.line, content_type="application/json")
            answers[code] = (response.status_code, response.get_json())
        status, english = answers["en"]
        if status < 400:
            continue
        refusals += 1
        assert status < 500, mutant.describe()
        for code in ("fr", "nl", "de"):
            other_status, other = answers[code]
            assert other_status == status, mutant.describe()
            assert {**other["error"], "message": None} == {**english["error"], "message": None}, mutant.describe()
            assert not unfilled.search(other["error"]["message"]), other["error"]["message"]
            translated += other["error"]["message"] != english["error"]["message"]
    assert refusals > 30 and translated > refusals
