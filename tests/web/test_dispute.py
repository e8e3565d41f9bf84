"""A dispute judged right everywhere: a revoke the table let stand, from the card page to the audit.

A hand tapped card by card in which a revoke was refused and the table tapped "It stood" is stored with the
revoke established. Its audit (the engine's steps, the page and the paper) marks the revoke at the step it
happened, with its rule, the card that proves it, what the table decided and what it cost; the declaration
reads as what it was (the card that proves the revoke), not as if that card were revoked. A what-if that
leaves the later actions unfit says so, in a refusal and never in a success box, and offers the natural
repair (the revoked card and the card that proves it trade places; a revoke no longer proven is a card
played), replayed and scored. Play numbers count from 1. The Hearts core (with and without the deal) and
Reversis; Tripoli has no established revoke. The browser run is ``tests/browser/test_dispute_phone.py``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.family import family_of
from scorekeeper.sheets.audit_steps import steps_audit
from tests.support.disputes import ABCD, BEFORE, black_lady, black_lady_with_the_deal, reversis
from tests.support.pages import Page, get, submit
from tests.support.paper import pdf_text

ROOT = Path(__file__).resolve().parents[2]
SUITS = str.maketrans({"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C"})


@pytest.fixture
def sqlite(sqlite_app: Any) -> FlaskClient:
    return sqlite_app.test_client()


def test_the_proof_counts_plays_from_one() -> None:
    record = {"game": "black-lady", "players": ABCD, "dealer": "Dan", "hand": 1, "play": [*BEFORE, "6S"]}
    with pytest.raises(ScorekeeperError) as refused:
        family_of("hearts").replay_json(record)
    assert refused.value.message.endswith("(proven by 6♠, which Dan played later, play 19)")
    assert refused.value.play == 9  # the records contract's 0-based index is unchanged


def test_the_steps_say_which_refusal_the_table_let_stand() -> None:
    value = black_lady()
    assert value["events"] == [{"type": "revoke", "player": "Dan", "trick": 3}] and len(value["play"]) == 19
    answer = family_of("hearts").steps_json(value)
    assert answer["ok"] and answer["outcome"]["points"] == {"Ann": 0, "Bob": 0, "Cat": 0, "Dan": 30}
    assert answer["stood"]["index"] == 18
    error = answer["stood"]["error"]
    assert (error["code"], error["trick"], error["player"], error["card"], error["play"]) == ("revoke", 3, "Dan", "4H", 9)
    assert error["message"] == "Dan played 4♥ on a spade lead while holding 6♠ (proven by 6♠, which Dan played later, play 19)"


def test_the_audit_marks_the_revoke_where_it_happened() -> None:
    audit = steps_audit(family_of("hearts").steps_json(black_lady()))
    assert audit.legal and audit.complete and audit.stood is not None
    s = audit.stood
    assert (s.frame, s.declared, s.trick, s.player, s.code) == (10, 19, 3, "Dan", "revoke")
    assert s.card is not None and s.card.label == "4\u2665" and s.proof is not None and s.proof.label == "6\u2660"
    assert s.rule == "a player must follow suit when he can" and s.cost == ("Ann 0, Bob 0, Cat 0, Dan 30",)
    assert [f.number for f in audit.frames if f.stood] == [10]
    assert audit.frames[10].action == "Dan played 4\u2665"
    declared = audit.frames[19].action
    assert declared == "Dan played 6\u2660, which proves Dan's revoke in trick 3 (4\u2665, step 10): the table let it stand"
    assert "card 6" not in declared


def test_with_the_deal_the_revoke_is_declared_with_the_revoked_card() -> None:
    value = black_lady_with_the_deal()
    audit = steps_audit(family_of("hearts").steps_json(value))
    assert audit.stood is not None and audit.stood.proof is None
    assert audit.stood.frame == audit.stood.declared == len(audit.frames) - 1
    last = audit.frames[-1]
    assert last.stood and last.action.startswith("Dan revoked with 4\u2665 in trick ")
    assert last.action.endswith(": the table let it stand")


def test_a_reversis_revoke_that_stood_is_marked_with_its_cost() -> None:
    value, revoked = reversis()
    answer = family_of("reversis").steps_json(value)
    assert answer["ok"] and answer["stood"]["error"]["code"] == "revoke"
    audit = steps_audit(answer)
    assert audit.stood is not None and audit.stood.frame == revoked + 1
    assert audit.frames[audit.stood.frame].stood and audit.stood.declared == len(audit.frames) - 1
    reneger = audit.stood.player
    assert sum(1 for line in audit.stood.cost if line.startswith(f"{reneger} \u2192 ") and "10 fish (a revoke" in line) == 3


def test_no_stood_revoke_in_a_legal_hand_nor_in_tripoli() -> None:
    for name in ("black-lady-hand", "reversis-hand", "tripoli-deal"):
        value = json.loads((ROOT / "examples" / f"{name}.json").read_text())
        answer = family_of(value["game"]).steps_json(value)
        assert "stood" not in answer and steps_audit(answer).stood is None


def test_the_natural_repair_of_a_what_if() -> None:
    family = family_of("hearts")
    value = black_lady()
    # Dan follows with 6S: it cannot be played twice, so the two cards trade places and the revoke goes.
    broken = family.steps_json(family.changed_json(value, 9, "6S"))
    assert not broken["ok"] and broken["refused"]["index"] == 18
    mended = family.repaired_json(value, 9, "6S")
    assert mended is not None and mended["repaired"] == [18]
    assert mended["record"]["play"][9] == "6S" and mended["record"]["play"][18] == "4H"
    assert not mended["record"].get("events")
    assert family.steps_json(mended["record"])["ok"]
    # Dan follows with QS, which nobody played: the revoke is no longer proven, 6S is a card played.
    assert family.steps_json(family.changed_json(value, 9, "QS"))["refused"]["error"]["code"] == "revoke-claim"
    mended = family.repaired_json(value, 9, "QS")
    assert mended is not None and mended["record"]["play"][18] == "6S" and not mended["record"].get("events")
    # A what-if that fits as recorded needs no repair; one of the declared step is a card played there.
    assert family.repaired_json(value, 9, "2H") is None
    again = family.changed_json(value, 18, "KH")
    assert again["play"][18] == "KH" and not again.get("events")


# --- the page and the paper -------------------------------------------------------------------------------------

def start(client: FlaskClient, hand: dict[str, Any]) -> tuple[str, str]:
    session = {"game": hand["game"], "players": hand["players"], "first_dealer": hand["dealer"],
               "options": hand.get("options") or {}, "hands": [{k: v for k, v in hand.items() if k not in ("game", "players", "dealer", "options")}]}
    created = client.post("/api/sessions", json=session)
    assert created.status_code == 201, created.get_json()
    ids = created.get_json()
    return f"/s/{ids['id']}/{ids['token']}", f"/v/{ids['id']}/{ids['read_key']}"


def words(html: str) -> str:
    """The page's text, spaces squeezed, cards written as codes (4\u2665 as 4H: however a sentence names them)."""
    main = html[html.find("<main"):]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", main)).replace("&#39;", "'").replace("&amp;", "&").translate(SUITS)


def test_the_audit_page_and_paper_show_the_revoke_that_stood(sqlite: FlaskClient) -> None:
    edit, read = start(sqlite, black_lady())
    page = get(sqlite, edit + "/hand/1/audit")
    text = words(page.html)
    assert 'id="legal"' not in page.html and "Every action is legal" not in text
    assert 'id="stood"' in page.html
    assert ("A revoke stood: step 10, trick 3: Dan played 4H on a spade lead while holding 6S "
            "(proven by 6S, which Dan played later, play 19)") in text
    assert "a player must follow suit when he can" in text and "proven by 6S at step 19" in text
    assert "The table let it stand (step 19): an established revoke, which cost: Ann 0, Bob 0, Cat 0, Dan 30." in text
    assert 'data-current="10"' in page.html  # the page opens at the revoke
    assert "Step 10: Dan played 4H revoke, let stand" in text
    last = words(get(sqlite, read + "/hand/1/audit?step=19").html)
    assert "Step 19: Dan played 6S, which proves Dan's revoke in trick 3 (4H, step 10)" in last
    pdf = pdf_text(sqlite.get(read + "/hand/1/audit.pdf").data)
    flat = re.sub(r"\s+", " ", pdf).translate(SUITS)
    assert "Every action is legal" not in flat and "A revoke stood" in flat
    assert "Revoke, let stand: Dan played 4H" in flat and "play 19" in flat and "Dan 30" in flat


def test_a_what_if_that_breaks_a_later_step_is_repaired_and_scored(sqlite: FlaskClient) -> None:
    edit, _ = start(sqlite, black_lady())
    page = get(sqlite, edit + "/hand/1/audit")
    answer = Page(submit(sqlite, page, "stood-whatif", {"whatif_value": '"6S"'}))
    assert answer.status == 200
    result = re.search(r'<div class="([^"]+)" id="whatif-result"', answer.html)
    assert result is not None and result.group(1) == "notice"
    text = words(answer.html)
    assert "With 6S instead of 4H at step 10" in text
    assert "The rest of the hand as recorded no longer fits: step 19 as recorded would break a rule" in text
    assert "step 19: Dan played 4H (recorded: Dan played 6S, which proves Dan's revoke" in text
    assert "the rest of it was never played" in text and "as stored: Ann 0, Bob 0, Cat 0, Dan 30" in text
    other = Page(submit(sqlite, page, "stood-whatif", {"whatif_value": '"QS"'}))
    assert "step 19: Dan played 6S (recorded:" in words(other.html)


def test_a_what_if_that_breaks_a_rule_is_never_a_success(sqlite: FlaskClient) -> None:
    value = json.loads((ROOT / "examples" / "black-lady-hand.json").read_text())
    edit, _ = start(sqlite, value)
    page = get(sqlite, edit + "/hand/1/audit")
    again = value["play"][0]  # step 2 given a value that breaks a rule there and then (the deal's first card)
    changed = Page(submit(sqlite, page, "step-form", {"whatif_step": "2", "whatif_value": json.dumps(again)}))
    assert changed.status == 200
    result = re.search(r'<div class="([^"]+)" id="whatif-result"', changed.html)
    assert result is not None and result.group(1) == "refusal", words(changed.html)[:400]
    assert "would break a rule" in words(changed.html)


def test_the_card_page_says_it_stood_saves_at_once(sqlite: FlaskClient) -> None:
    session = sqlite.post("/api/sessions", json={"game": "black-lady", "players": ABCD, "first_dealer": "Dan"})
    ids = session.get_json()
    page = get(sqlite, f"/s/{ids['id']}/{ids['token']}/play")
    assert "and is saved at once" in page.html
