"""What the web layer says only after an action, on a French table: two phones saving the same hand, a
correction another phone overtook, a correction stored, a busy table, a link that opens nothing. The pages
speak French; the JSON API keeps its code, and its English ``message`` for a reader who asked for English.
(``tests/web/test_web_english.py`` reads the code for such sentences left in English.)"""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.web import services
from tests.support.pages import Page, get, start_table, submit
from tests.support.webdata import example_hand, session

ABCD = ["Ann", "Bob", "Cat", "Dan"]


def _flashes(page: Page) -> str:
    return " ".join(re.sub(r"<[^>]+>", "", m) for m in re.findall(r'class="flash[^"]*"[^>]*>(.*?)</', page.html, re.S))


def test_a_hand_another_phone_recorded_meanwhile_is_refused_in_french(client: FlaskClient) -> None:
    edit, _ = start_table(client, players=ABCD, changes={"language": "fr"})
    mine = get(client, edit + "/result")
    assert 'lang="fr"' in mine.html
    other = submit(client, get(client, edit + "/result"), "result-form", {"hearts_0": "3", "hearts_1": "10", "take_QS": "1"})
    assert other.status_code == 302
    refused = Page(submit(client, mine, "result-form", {"hearts_0": "4", "hearts_1": "9", "take_QS": "2"}))
    said = refused.refusal()
    assert said.startswith("La donne 1 a été notée sur un autre téléphone après l’ouverture de ce formulaire : "
                           "rien n’est enregistré. Elle dit : "), said
    assert said.endswith("touchez Enregistrer à nouveau pour la noter comme donne 2."), said
    assert "Bob a pris 10 cœurs et Q♠ : 23" in said and "took" not in said, said  # hand 1's notes, in French
    assert "Hand" not in said and "nothing is stored" not in said


def test_a_correction_overtaken_and_one_stored_in_french(client: FlaskClient) -> None:
    edit, _ = start_table(client, players=ABCD, changes={"language": "fr"})
    assert submit(client, get(client, edit + "/result"), "result-form",
                  {"hearts_0": "3", "hearts_1": "10", "take_QS": "1"}).status_code == 302
    mine, other = get(client, edit + "/hand/1"), get(client, edit + "/hand/1")
    assert submit(client, other, "result-form", {"hearts_0": "5", "hearts_1": "8"}).status_code == 302
    assert "Donne 1 corrigée ; les totaux sont recalculés." in _flashes(get(client, edit))
    refused = Page(submit(client, mine, "result-form", {"hearts_0": "4", "hearts_1": "9"}))
    assert refused.refusal().startswith("La donne 1 a été modifiée sur un autre téléphone après l’ouverture de ce "
                                        "formulaire : rien n’est enregistré."), refused.refusal()
    assert refused.refusal().startswith("La donne 1"), "a sentence that names its hand is not named again"
    again = submit(client, get(client, edit + "/hand/1"), "result-form")  # saved as it stands
    assert again.status_code == 302
    assert "La donne 1 est déjà ainsi : rien n’a changé." in _flashes(get(client, edit))


def test_the_api_keeps_its_code_and_its_english(client: FlaskClient) -> None:
    """A hand drawn for hand 1 another client stored meanwhile: ``conflict`` in every language, the message in
    the reader's (English to the byte as before for an English reader)."""
    made = client.post("/api/sessions", json=session()).get_json()
    auth = {"Authorization": f"Bearer {made['token']}"}
    url = f"/api/sessions/{made['id']}/hands?for_hand=1"
    assert client.post(url, json=example_hand(), headers=auth).status_code == 201
    english = client.post(url, json=example_hand(), headers={**auth, "Accept-Language": "en"})
    french = client.post(url, json=example_hand(), headers={**auth, "Accept-Language": "fr"})
    assert english.status_code == french.status_code == 409
    en, fr = english.get_json()["error"], french.get_json()["error"]
    assert en["code"] == fr["code"] == "conflict" and en["hand"] == fr["hand"] == 1
    assert en["message"].startswith("Hand 1 was recorded on another phone after this form was opened: nothing is "
                                    "stored. It says: ") and en["message"].endswith("to record it as hand 2.")
    assert fr["message"].startswith("La donne 1 a été notée sur un autre téléphone"), fr["message"]
    missing = client.get("/api/sessions/nothing-here1", headers={"Accept-Language": "fr"})
    assert missing.status_code == 404 and missing.get_json()["error"]["code"] == "not-found"


@pytest.mark.parametrize(("path", "said"), [("/c/nothing-here1/somekey1/start", "aucun club 'nothing-here1'"),
                                             ("/e/nothing-here1/somekey1/round/1/table/1", "aucune soirée 'nothing-here1'")])
def test_a_link_that_opens_nothing_says_so_in_french(client: FlaskClient, path: str, said: str) -> None:
    client.set_cookie("lang", "fr")
    response = client.get(path)
    assert response.status_code == 404
    page = Page(response)
    assert page.refusal() == said
    assert "<h1>Introuvable</h1>" in page.html


def test_the_busy_page_and_its_answer_in_french(app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Other phones keep the table busy: the 409 page in French; the API's answer keeps ``busy`` and its
    ``retry_after``, its message in the reader's language."""
    edit, _ = start_table(client, players=ABCD, changes={"language": "fr"})

    def busy(*args: object, **kwargs: object) -> None:
        raise services.Busy(services.Said("the table is busy: other phones keep recording at this moment; nothing is "
                                          "stored, send the hand again in a moment"))

    monkeypatch.setattr(services, "record_hand", busy)
    response = submit(client, get(client, edit + "/result"), "result-form", {"hearts_0": "3", "hearts_1": "10", "take_QS": "1"})
    assert response.status_code == 409
    assert Page(response).refusal() == ("la table est occupée : d’autres téléphones notent en ce moment ; rien n’est "
                                        "enregistré, renvoyez la donne dans un instant")
    with app.test_request_context(headers={"Accept-Language": "fr"}):
        error = services.error_body(services.Busy(services.Said("the database is busy at this moment: nothing is "
                                                                "stored; send it again in a moment")))["error"]
    assert error["code"] == "busy" and error["retry_after"] == services.RETRY_AFTER_SECONDS
    assert error["message"] == ("la base de données est occupée en ce moment : rien n’est enregistré ; renvoyez-le "
                                "dans un instant")
    with app.test_request_context(headers={"Accept-Language": "en"}):
        error = services.error_body(services.Busy(services.Said("the database is busy at this moment: nothing is "
                                                                "stored; send it again in a moment")))["error"]
    assert error["message"] == "the database is busy at this moment: nothing is stored; send it again in a moment"
