"""Two phones at the same moment, many times, on SQLite and on PostgreSQL (``backend`` of conftest): the app
served by werkzeug on 127.0.0.1 with a thread per request, two phones (each its own cookies, so its own CSRF
token) that open the same form and then send it at once (a barrier releases both).

Whatever the order the database sees them in: the hand is stored once, the one phone is told it was saved
and the other that another phone stored it first, with what that phone stored, in the engine's words
(the players' notes of the settle output); two corrections drawn from one version leave the one that went
in, and the other phone is told what that one changed. Each race is fired ``TRIALS`` times.
"""

from __future__ import annotations

import json

from flask import Flask

from tests.support.racing import Phone, at_once, hands_of, new_table, saved_and_told, versions_of
from tests.support.webdata import example_hand, result, session

TRIALS = 20


# --- the same hand from two phones -------------------------------------------------------------------

def test_the_same_hand_by_result_from_two_phones_is_stored_once_and_the_other_phone_told(
        app: Flask, served: str) -> None:
    first, second = Phone(served), Phone(served)
    for trial in range(TRIALS):
        sid, edit = new_table(first)
        sends = []
        for phone, hearts, qs in ((first, ("3", "2", "0", "8"), "0"), (second, ("1", "1", "1", "10"), "3")):
            action, fields = phone.form(edit + "/result", "result-form")
            assert fields["for_hand"] == "1"
            fields.update({f"hearts_{i}": h for i, h in enumerate(hearts)}, take_QS=qs)
            sends.append(lambda phone=phone, action=action, fields=fields: phone.request(action, fields))
        answers = at_once(*sends)
        stored = hands_of(app, sid)
        assert [p for p, _ in stored] == [1], f"trial {trial}: {stored}"
        _, told = saved_and_told(answers, edit)
        words = told.flash_or_refusal()
        assert "Hand 1 was recorded on another phone" in words and "nothing is stored" in words, words
        dan_took = stored[0][1]["taken"]["Dan"]["hearts"]
        assert f"Dan took {dan_took} hearts" in words, words  # what the other phone stored, as the sheet says it


def test_the_same_hand_card_by_card_from_two_phones_is_stored_once_and_the_other_phone_told(
        app: Flask, served: str) -> None:
    first, second = Phone(served), Phone(served)
    record = example_hand()
    for trial in range(TRIALS):
        sid, edit = new_table(first)
        sends = []
        for phone in (first, second):
            action, fields = phone.form(edit + "/play", "play-form")
            assert fields["for_hand"] == "1"
            fields.update(record=json.dumps(record), pending="[]")
            sends.append(lambda phone=phone, action=action, fields=fields: phone.request(action, fields))
        answers = at_once(*sends)
        stored = hands_of(app, sid)
        assert [p for p, _ in stored] == [1], f"trial {trial}: {stored}"
        _, told = saved_and_told(answers, edit)
        words = told.flash_or_refusal()
        assert "Hand 1 was recorded on another phone" in words and "nothing is stored" in words, words
        assert "Dan took" in words, words


def test_two_corrections_from_one_version_leave_one_and_the_other_phone_told(app: Flask, served: str) -> None:
    first, second = Phone(served), Phone(served)
    for trial in range(TRIALS):
        sid, edit = new_table(first, session(hands=[result()]))  # Ann 3, Bob 2, Cat 0, Dan 8; Ann QS
        sends = []
        for phone, ann in ((first, "4"), (second, "5")):
            action, fields = phone.form(edit + "/hand/1", "result-form")
            assert fields["drawn_from"]
            fields.update(hearts_0=ann, hearts_3=str(11 - int(ann)))
            sends.append(lambda phone=phone, action=action, fields=fields: phone.request(action, fields))
        answers = at_once(*sends)
        [(_, now)] = hands_of(app, sid)
        assert versions_of(app, sid) == 2, f"trial {trial}: one correction, kept beside the hand as recorded"
        _, told = saved_and_told(answers, edit)
        words = told.flash_or_refusal()
        assert "Hand 1 was changed on another phone" in words and "nothing is stored" in words, words
        went_in = now["taken"]["Ann"]["hearts"]
        assert went_in in (4, 5) and f"Ann hearts 3 → {went_in}" in words, words  # what the other phone changed


def test_a_correction_without_the_version_it_was_drawn_from_is_refused_from_the_pages(
        app: Flask, served: str) -> None:
    phone = Phone(served)
    sid, edit = new_table(phone, session(hands=[result()]))
    action, fields = phone.form(edit + "/hand/1", "result-form")
    del fields["drawn_from"]
    fields.update(hearts_0="4", hearts_3="7")
    answer = phone.request(action, fields)
    assert answer.status != 302 and "which version" in answer.flash_or_refusal(), answer.flash_or_refusal()
    assert hands_of(app, sid) == [(1, result())]


def test_the_api_refuses_a_hand_drawn_for_a_hand_now_stored(app: Flask, served: str) -> None:
    phone = Phone(served)
    made = json.loads(phone.request("/api/sessions", json_body=session()).body)
    auth = {"Authorization": f"Bearer {made['token']}"}
    path = f"/api/sessions/{made['id']}/hands?for_hand=1"
    first, second = at_once(lambda: phone.request(path, json_body=result(), headers=auth),
                            lambda: phone.request(path, json_body=result((1, 1, 1, 10), "Dan"), headers=auth))
    assert sorted([first.status, second.status]) == [201, 409], (first, second)
    refused = json.loads((first if first.status == 409 else second).body)
    assert refused["error"]["code"] == "conflict" and refused["error"]["hand"] == 1
    assert len(hands_of(app, made["id"])) == 1
    # Without for_hand, as before: the next hand.
    assert phone.request(f"/api/sessions/{made['id']}/hands", json_body=result(), headers=auth).status == 201
