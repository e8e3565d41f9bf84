"""Each family owns its words, and no code reaches a player.

The audit (page and printed), the card page and the command's audit print a payment as a player says it:
"Ten of hearts → C: 4 chips (the pay card's claim)", never "TH → C: 4 chips (claim)". The words come from
the family's ``Vocabulary`` (``Family.vocabulary``); a guard reads the shared modules' sources and finds no
family-only action kind and no question of which family a table is.
"""

from __future__ import annotations

import html
import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.engine.family import families, family_of
from scorekeeper.engine.vocabulary import Vocabulary
from scorekeeper.sheets.audit_steps import payment_words, steps_audit
from tests.support.examples import example

ROOT = Path(__file__).resolve().parents[2]
GIVEN = ("game", "players", "dealer", "options")
CODES = ("TH", "POT", "KITTY", "claim-ace", "claim-quinola", "quinola-takes-pool", "new-pool", "(claim)",
         "(stake)", "(dealer)", "\u2192 pool:")  # the bare pool's id after an arrow


@pytest.fixture
def sqlite(sqlite_app: Flask) -> FlaskClient:
    return sqlite_app.test_client()


def pool_won() -> dict[str, Any]:
    """A Reversis session of two hands played card by card: in the second, Ann discards the Quinola and
    Cat, who wins the trick, takes the pool the first hand left (a new pool is then paid in)."""
    value: dict[str, Any] = json.loads((ROOT / "tests" / "golden" / "words" / "reversis-pool-won.json").read_text())
    return value


def start(client: FlaskClient, session: dict[str, Any]) -> tuple[str, str]:
    created = client.post("/api/sessions", json=session)
    assert created.status_code == 201, created.get_json()
    ids = created.get_json()
    return f"/s/{ids['id']}/{ids['token']}", f"/v/{ids['id']}/{ids['read_key']}"


def hand_session(hand: dict[str, Any]) -> dict[str, Any]:
    return {"game": hand["game"], "players": hand["players"], "first_dealer": hand["dealer"],
            "options": hand.get("options") or {}, "hands": [{k: v for k, v in hand.items() if k not in GIVEN}]}


def page_words(client: FlaskClient, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    page = response.get_data(as_text=True)
    main = page[page.find("<main"):]
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", main)))


def pdf_words(client: FlaskClient, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200 and response.data.startswith(b"%PDF-"), url
    done = subprocess.run(["pdftotext", "-", "-"], input=response.data, capture_output=True, check=True, timeout=60)
    return re.sub(r"\s+", " ", done.stdout.decode("utf-8"))


def no_codes(text: str) -> list[str]:
    """The codes a player would read in ``text`` (none, when every payment is in words)."""
    found = [c for c in CODES if c in text]
    found += re.findall(r"\b(?:AH|KH|QH|JH|TH|KQ|SEQ)\s*\u2192", text)  # a layout space by its id
    return found


# --- payments in words: the audit page, the printed audit -----------------------------------------------------

def test_a_tripoli_hand_with_claims_pays_in_words_on_the_audit_page_and_on_paper(sqlite: FlaskClient) -> None:
    edit, read = start(sqlite, hand_session(example("tripoli-rummoli")))
    bet = page_words(sqlite, edit + "/hand/1/audit?step=2")
    assert "B \u2192 the pot: 1 chip (bet)" in bet
    claim = page_words(sqlite, edit + "/hand/1/audit?step=7")
    assert "Ten of hearts \u2192 C: 4 chips (the pay card's claim)" in claim
    assert no_codes(bet) == [] and no_codes(claim) == []
    every = " ".join(page_words(sqlite, edit + f"/hand/1/audit?step={n}") for n in range(0, 12))
    assert no_codes(every) == []
    printed = pdf_words(sqlite, read + "/hand/1/audit.pdf")
    assert "Ten of hearts \u2192 C: 4 chips (the pay card's claim)" in printed
    assert no_codes(printed) == []


def test_a_reversis_hand_where_the_quinola_takes_the_pool_pays_in_words(sqlite: FlaskClient) -> None:
    session = pool_won()
    edit, read = start(sqlite, session)
    steps = family_of("reversis").steps_json({"game": "reversis", "players": session["players"], "dealer": "Dan",
                                              **session["hands"][1], "pools": {"current": 25, "supplements": []}})
    at = next(i for i, s in enumerate(steps["steps"], 1) if any(p["why"] == "quinola-takes-pool" for p in s["paid"]))
    taken = next(p for p in steps["steps"][at - 1]["paid"] if p["why"] == "quinola-takes-pool")
    trick = taken["trick"]
    text = page_words(sqlite, edit + f"/hand/2/audit?step={at}")
    expected = f"The pool \u2192 {taken['to']}: {taken['fish']} fish (the Quinola takes the pool, trick {trick}, J\u2665)"
    assert expected in text
    assert f"{taken['to']} \u2192 the pool: " in text  # the new pool, paid in by everyone
    assert no_codes(text) == []
    deal = page_words(sqlite, edit + "/hand/1/audit?step=0")
    assert "Ann \u2192 the pool: 5 fish (the stake)" in deal and "Ann \u2192 the pool: 5 fish (the dealer's 5)" in deal
    printed = pdf_words(sqlite, read + "/hand/2/audit.pdf")
    assert expected in printed and no_codes(printed) == []
    hand = page_words(sqlite, edit + "/hand/2")  # the stored hand's every payment, in order
    assert f"Trick {trick}: the pool \u2192 {taken['to']} {taken['fish']} the Quinola takes the pool J\u2665" in hand
    assert no_codes(hand) == [] and "quinola takes pool" not in hand


def test_the_card_page_tells_the_payments_in_words(sqlite: FlaskClient) -> None:
    """The card page's answer carries what was paid in the family's words (the page shows them as they come)."""
    hand = example("tripoli-rummoli")
    edit, _ = start(sqlite, {**hand_session(hand), "hands": []})
    record = family_of("rummoli").cut_json(hand, 7)
    page = sqlite.get(edit + "/play").get_data(as_text=True)
    token = re.search(r'<meta name="csrf-token" content="([^"]+)"', page)
    assert token
    answer = sqlite.post(edit + "/next", json={"record": record, "action": None},
                         headers={"X-CSRFToken": token.group(1)}).get_json()
    assert answer["ok"], answer
    said = answer["said"]
    assert "Ten of hearts \u2192 C: 4 chips (the pay card's claim)" in said["paid"]
    assert no_codes(json.dumps(said, ensure_ascii=False)) == []


def test_every_reason_and_place_a_family_pays_has_words() -> None:
    """Every payment of the example hands is worded from the vocabulary (a reason without words would show its code)."""
    for name in ("tripoli-deal", "tripoli-rummoli", "tripoli-cosmo", "reversis-hand"):
        value = example(name)
        family = family_of(value["game"])
        answer = family.steps_json(value)
        for step in [answer["start"], *answer["steps"]]:
            for p in step["paid"]:
                why = p.get("why") or p.get("step")
                assert why in family.vocabulary.reasons, (name, why)
                line = payment_words(p, family.vocabulary)
                assert no_codes(line) == [], line


def test_each_family_gives_its_vocabulary() -> None:
    for family in families():
        assert isinstance(family.vocabulary, Vocabulary), family.id
    assert family_of("tripoli").vocabulary.places["TH"] == "Ten of hearts"
    assert family_of("reversis").vocabulary.reasons["quinola-takes-pool"] == "the Quinola takes the pool"
    assert "espagnolette" in family_of("reversis").vocabulary.said
    assert "trade" in family_of("black-lady").vocabulary.kinds
    assert steps_audit(family_of("reversis").steps_json(example("reversis-hand"))).frames[1].action.startswith(
        "Ann discarded to the talon")
