"""The audit of every game's hand on the phone and on paper: built once from the family's steps.

A stored hand of each family steps through; a hand typed with an illegal action shows the rule's
code and the engine's sentence, on the page and in the PDF; a what-if is two taps (the action, then
one of the choices there were); applying the rule is a correction kept in the hand's history with
who and why, undone the same way (SQLite and PostgreSQL); no POST body answers 500.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import example as also_try
from hypothesis import strategies as st
from sqlalchemy import select

from scorekeeper.engine.family import family_of
from scorekeeper.sheets.audit_steps import choice_value, printed_frames, sections, steps_audit
from scorekeeper.web.extensions import db
from scorekeeper.web.models import Hand
from tests.support.examples import example
from tests.support.pages import Page, get, submit
from tests.support.paper import pdf_text

ROOT = Path(__file__).resolve().parents[2]
GIVEN = ("game", "players", "dealer", "options")


@pytest.fixture
def sqlite(sqlite_app: Flask) -> FlaskClient:
    """A client on SQLite only: the pages that store nothing need no second backend."""
    return sqlite_app.test_client()


def start(client: FlaskClient, hand: dict[str, Any]) -> tuple[str, str]:
    """A table of the hand's game whose first hand is ``hand`` (through the API); its edit and read links."""
    session = {"game": hand["game"], "players": hand["players"], "first_dealer": hand["dealer"],
               "options": hand.get("options") or {}, "hands": [{k: v for k, v in hand.items() if k not in GIVEN}]}
    created = client.post("/api/sessions", json=session)
    assert created.status_code == 201, created.get_json()
    ids = created.get_json()
    return f"/s/{ids['id']}/{ids['token']}", f"/v/{ids['id']}/{ids['read_key']}"


def words(page: Page) -> str:
    """The page's text, tags gone, spaces squeezed."""
    main = page.html[page.html.find("<main"):]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", main)).replace("&#39;", "'")


def reversis_revoke() -> dict[str, Any]:
    """The Reversis example as the table remembers it up to trick 3: Dan leads 2♥, and Cat plays J♠ holding hearts."""
    value = example("reversis-hand")
    changed = family_of("reversis").changed_json(value, 13, "2H")  # after the discard, the exchanges, the Espagnolette
    changed["play"] = changed["play"][:10]
    return changed


def tripoli_stop() -> dict[str, Any]:
    """The Tripoli example with two Michigan cards swapped: D plays 9♠ where C must play 7♠."""
    value = example("tripoli-deal")
    plays = value["michigan"]["play"]
    plays[3], plays[5] = plays[5], plays[3]
    return value


def black_lady_revoke() -> dict[str, Any]:
    """The Black Lady example with two of Dan's cards swapped: he plays 4♥ on a diamond lead."""
    value = example("black-lady-hand")
    play = value["play"]
    i, j = play.index("4D"), play.index("4H")
    play[i], play[j] = play[j], play[i]
    return value


ILLEGAL = {  # family: (the record, the rule's code, the start of the engine's sentence)
    "hearts": (black_lady_revoke, "revoke", "Dan played 4♥ on a diamond lead while holding"),
    "reversis": (reversis_revoke, "revoke", "Cat played J♠ on a heart lead while holding K♥ Q♥ J♥ 8♥"),
    "tripoli": (tripoli_stop, "michigan-stop", "play 4: the run does not stop at 6♠: C holds 7♠"),
}

STORED = ["black-lady-hand", "reversis-hand", "tripoli-deal", "tripoli-rummoli", "domino-hearts-hand",
          "auction-hearts-hand", "conquimbert-hand", "knaves-hand", "joker-hearts-hand"]


# --- the view of the steps, without the app ---------------------------------------------------------------

def test_each_state_key_has_its_part_and_an_unknown_key_a_plain_line() -> None:
    state = {"hands": {"Ann": ["QS", "2H"], "Bob": []}, "talon": ["6H"], "layout": {"AH": 1, "KQ": 2},
             "pools": {"current": 25, "supplements": [{"id": 1, "fish": 10}]}, "paying_suit": "H",
             "current": [["Ann", "QS"]], "trick": 3, "leader": "Ann", "new_thing": {"a": 1}}
    parts = {s.key: s for s in sections(state, ["Ann", "Bob"], actor="Ann", vocabulary=family_of("tripoli").vocabulary)}
    assert set(parts) == {"hands", "talon", "layout", "pools", "paying_suit", "current", "new_thing"}
    assert [c.label for c in parts["hands"].lines[0].cards] == ["Q♠", "2♥"] and parts["hands"].lines[0].marked
    assert parts["hands"].lines[1].words == "–"
    assert parts["current"].title == "Trick 3, Ann led"
    assert [(line.who, line.words) for line in parts["layout"].lines] == [("Ace of hearts", "1 chip"), ("King-Queen", "2 chips")]
    assert [line.words for line in parts["pools"].lines] == ["25 fish", "10 fish"]
    assert parts["paying_suit"].lines[0].words == "♥"
    assert parts["new_thing"].title == "New thing" and parts["new_thing"].lines[0].words == "1"


@pytest.mark.parametrize(("choice", "amount", "value"), [
    ("JS", None, "JS"), (None, None, None), ({"kind": "check"}, None, ["check"]),
    ({"kind": "bet", "low": 1, "high": 10}, 4, ["bet", 4]), ({"kind": "raise", "low": 2, "high": 5}, None, ["raise", 2]),
])
def test_a_choice_is_written_as_the_record_writes_the_action(choice: Any, amount: int | None, value: Any) -> None:
    assert choice_value(choice, amount) == value


@pytest.mark.parametrize("name", STORED)
def test_every_step_of_every_family_is_a_frame(name: str) -> None:
    value = example(name)
    answer = family_of(value["game"]).steps_json(value)
    audit = steps_audit(answer)
    assert audit.legal and audit.complete and len(audit.frames) == len(answer["steps"]) + 1
    assert audit.actions == len(answer["steps"])
    assert all(f.player for f in audit.frames[1:]), [f.action for f in audit.frames if not f.player][:3]
    paid = sum(len(s["paid"]) for s in answer["steps"]) + len(answer["start"]["paid"])
    assert sum(len(f.paid) for f in audit.frames) == paid
    printed = printed_frames(audit)
    assert printed[0].number == 0 and printed[-1].number == len(audit.frames) - 1


@pytest.mark.parametrize("family", sorted(ILLEGAL))
def test_the_refused_action_is_the_last_frame_with_its_proof(family: str) -> None:
    make, code, message = ILLEGAL[family]
    audit = steps_audit(family_of(make()["game"]).steps_json(make()))
    assert audit.proof is not None and audit.proof.code == code and audit.proof.message.startswith(message)
    last = audit.frames[-1]
    assert last.refused and audit.proof.frame == last.number and last.player == audit.proof.player


def test_a_revoke_proven_later_is_marked_where_it_was_played() -> None:
    """Without the deal, the replay stops at the card that proves the revoke: the audit marks the revoke."""
    value = {k: v for k, v in black_lady_revoke().items() if k not in ("deal", "passes")}
    value["leader"] = "Bob"
    answer = family_of("black-lady").steps_json(value)
    audit = steps_audit(answer)
    assert audit.proof is not None and answer["refused"]["index"] > audit.frames[-1].index  # type: ignore[operator]
    assert audit.frames[-1].card is not None and audit.frames[-1].card.code == "4H"


def test_the_reversis_words_of_the_declarations_and_the_claims() -> None:
    family = family_of("reversis")
    hand = example("reversis-hand")
    waived = family.advance_json(hand, {"kind": "waive", "value": "JH"})["record"]
    frames = steps_audit(family.steps_json(waived)).frames
    assert [f.action for f in frames if f.kind in ("espagnolette", "waive")] == [
        "Bob declared Espagnolette", "No claim on J\u2665: the hand winner did not demand it"]
    nobody = {k: v for k, v in hand.items() if k not in ("deal", "face_down", "discard", "exchanges", "events")}
    assert steps_audit(family.steps_json(nobody)).frames[1].action == "Nobody declared Espagnolette"


# --- the page and the PDF, for every family -------------------------------------------------------------

@pytest.mark.parametrize("name", ["black-lady-hand", "reversis-hand", "tripoli-deal", "domino-hearts-hand"])
def test_a_stored_hand_of_every_family_steps_through(sqlite: FlaskClient, name: str) -> None:
    value = example(name)
    steps = family_of(value["game"]).steps_json(value)["steps"]
    edit, read = start(sqlite, value)
    assert 'id="audit"' in get(sqlite, edit + "/hand/1").html
    page = get(sqlite, edit + "/hand/1/audit")
    assert 'id="legal"' in page.html and f'data-last="{len(steps)}"' in page.html
    assert 'id="frame-0"' in page.html and "The deal" in page.html
    last = get(sqlite, read + f"/hand/1/audit?step={len(steps)}")
    assert f'id="frame-{len(steps)}"' in last.html and 'id="apply-form"' not in last.html
    assert 'id="next-step" disabled' in last.html.replace('"\n', '" ').replace("  ", " ") or "disabled" in last.html
    step = Page(submit(sqlite, page, "step-form", {"step": "2"}))
    assert step.status == 200 and 'id="frame-2"' in step.html
    pdf = sqlite.get(read + "/hand/1/audit.pdf")
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"
    text = pdf_text(pdf.data)
    assert "Every action is legal" in text and "After step" in text
    assert f"\n{len(steps)} " in text or f" {len(steps)} " in text  # the last step's row


def test_the_reversis_page_shows_the_talon_the_pools_and_each_payment(sqlite: FlaskClient) -> None:
    edit, _ = start(sqlite, example("reversis-hand"))
    deal = words(get(sqlite, edit + "/hand/1/audit?step=0"))
    assert "Ann → the pool: 5 fish (the stake)" in deal and "Ann → the pool: 5 fish (the dealer's 5)" in deal
    discard = words(get(sqlite, edit + "/hand/1/audit?step=1"))
    assert "Step 1: Ann discarded to the talon 6♥" in discard and "1 card discarded so far" in discard
    end = words(get(sqlite, edit + "/hand/1/audit?step=49"))
    assert "Talon 6♥ J♦ K♦ K♣" in end and "Current pool 50 fish" in end and "(the Quinola claimed, trick 7, J♥)" in end


def test_the_tripoli_page_shows_the_layout_the_bets_and_the_claims(sqlite: FlaskClient) -> None:
    edit, _ = start(sqlite, example("tripoli-rummoli"))
    bet = words(get(sqlite, edit + "/hand/1/audit?step=2"))  # step 1: A keeps the spare hand
    assert "Step 2: B bets 1" in bet and "B → the pot: 1 chip (bet)" in bet and "Layout" in bet
    claim = words(get(sqlite, edit + "/hand/1/audit?step=7"))
    assert "Step 7: C played in Michigan 10♥" in claim and "Ten of hearts → C: 4 chips (the pay card's claim)" in claim
    assert "Next card in Michigan J♥" in claim


@pytest.mark.parametrize("family", sorted(ILLEGAL))
def test_an_illegal_action_is_shown_with_its_code_and_sentence(sqlite: FlaskClient, family: str) -> None:
    make, code, message = ILLEGAL[family]
    stored = example({"hearts": "black-lady-hand", "reversis": "reversis-hand", "tripoli": "tripoli-deal"}[family])
    edit, read = start(sqlite, stored)
    page = get(sqlite, read + "/hand/1/audit")
    audited = Page(submit(sqlite, page, "audit-form", {"record": json.dumps(make())}))
    assert audited.status == 200
    text = words(audited)
    assert "Rule: " in text and f"Rule: {code}" not in text and message in text  # the rule in words, no code
    assert re.search(r'class="frame refused" id="frame-\d+"', audited.html)  # the refused step is shown first
    pdf = submit(sqlite, audited, "audit-pdf-form")
    assert pdf.status_code == 200
    printed = re.sub(r"\s+", " ", pdf_text(pdf.data))
    assert "Illegal · step" in printed and f"Illegal: {code}" not in printed and message.split(":")[0] in printed and "Refused:" in printed


def test_a_what_if_is_two_taps_and_shows_the_difference(sqlite: FlaskClient) -> None:
    """Reversis: Dan's 4♠ at step 14 tapped, then 3♠: the hand replays, and the scores are compared."""
    value = example("reversis-hand")
    edit, _ = start(sqlite, value)
    page = get(sqlite, edit + "/hand/1/audit?step=14")
    assert 'id="change-14"' in page.html
    tapped = Page(submit(sqlite, page, "step-form", {"change": "14"}))
    assert 'id="whatif-choices"' in tapped.html
    offered = re.findall(r'name="whatif_value" value="&#34;(\w\w)&#34;"', tapped.html)
    cut = family_of("reversis").cut_json(value, 13)
    assert offered == family_of("reversis").progress_json(cut)["next"]["choices"]
    other = next(c for c in offered if c != "4S")
    whatif = Page(submit(sqlite, tapped, "whatif-form", {"whatif_value": json.dumps(other)}))
    result = words(whatif)
    assert "With " in result and " instead of 4♠ at step 14:" in result
    # 3S instead: Dan's 3S recorded in trick 4 is then a card he no longer holds, refused at its own step; the
    # natural repair has the two cards trade places (4S in trick 4), and the hand is scored beside the stored one.
    whatif = Page(submit(sqlite, tapped, "whatif-form", {"whatif_value": '"3S"'}))
    result = words(whatif)
    assert "The rest of the hand as recorded no longer fits: step 21 as recorded would break a rule: Dan played 3♠ but does not hold it" in result
    assert "step 21: Dan played 4♠ (recorded: Dan played 3♠)" in result
    assert "With 3♠ instead of 4♠ at step 14: the hand scores " in result and 'id="whatif-compare"' in whatif.html
    assert '<div class="notice" id="whatif-result">' in whatif.html


def test_a_what_if_of_a_bet_offers_its_amounts(sqlite: FlaskClient) -> None:
    value = example("tripoli-deal")
    edit, _ = start(sqlite, value)
    page = get(sqlite, edit + "/hand/1/audit?step=5")  # B bets 2 (after the spare hand sold and A's check)
    tapped = Page(submit(sqlite, page, "step-form", {"change": "5"}))
    offered = re.findall(r'name="whatif_value" value="([^"]+)"', tapped.html)
    assert "[&#34;check&#34;]" in offered and "[&#34;bet&#34;,10]" in offered and len(offered) == 11
    whatif = Page(submit(sqlite, tapped, "whatif-form", {"whatif_value": '["check"]'}))
    assert whatif.status == 200 and "With check instead of bet 2 at step 5:" in words(whatif)


def test_apply_the_rule_is_kept_in_the_history_and_undone(app: Flask, client: FlaskClient) -> None:
    """Both backends: the table applies the revoke rule to a Reversis hand, then undoes it."""
    edit, read = start(client, example("reversis-hand"))
    before = get(client, edit).totals()
    page = get(client, edit + "/hand/1/audit")
    audited = Page(submit(client, page, "audit-form", {"record": json.dumps(reversis_revoke())}))
    assert 'id="established"' in audited.html and 'id="apply-form"' in audited.html
    assert 'id="apply-form"' not in Page(submit(client, get(client, read + "/hand/1/audit"), "audit-form",
                                                {"record": json.dumps(reversis_revoke())})).html
    response = submit(client, audited, "apply-form", {"who": "Bob", "why": "seen by everyone"})
    assert response.status_code == 302 and response.headers["Location"].endswith("/hand/1")
    history = words(get(client, edit + "/hand/1"))
    assert "audit: Cat's revoke in trick 3 established (the revoke rule); decided by Bob: seen by everyone" in history
    with app.app_context():
        row = db.session.scalars(select(Hand)).one()
        assert {"type": "revoke", "player": "Cat", "trick": 3} in row.record["events"]
        assert len(row.record["play"]) == 10 and len(row.versions) == 2
    after = get(client, edit).totals()
    assert after != before
    again = get(client, edit + "/hand/1/audit")  # the revoke now stood: marked where it happened, not "legal"
    assert 'id="stood"' in again.html and 'id="legal"' not in again.html and 'id="undo-form"' in again.html
    assert "The table let it stand (step " in words(again)
    assert submit(client, again, "undo-form").status_code == 302
    assert get(client, edit).totals() == before
    assert "audit undone: back to version 1" in words(get(client, edit + "/hand/1"))
    with app.app_context():
        row = db.session.scalars(select(Hand)).one()
        assert len(row.versions) == 3 and len(row.record["play"]) == 44
    assert 'id="undo-form"' not in get(client, edit + "/hand/1/audit").html
    refused = submit(client, again, "undo-form")  # nothing left to undo: said, nothing stored
    assert refused.status_code == 302
    with app.app_context():
        assert len(db.session.scalars(select(Hand)).one().versions) == 3


FIELDS = st.sampled_from(["record", "step", "change", "whatif_step", "whatif_value", "whatif_amount", "who", "why"])
VALUES = st.one_of(st.text(max_size=60), st.integers(-10**12, 10**12).map(str),
                   st.sampled_from(['"JS"', "null", '["bet", 99]', '{"kind": "bet"}', "[[[[", "1e400", '"\\ud800"',
                                    '{"game": "reversis"}', "1. 2C\n2. XX", "-1", "13", "0"]))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.dictionaries(FIELDS, VALUES, max_size=6), where=st.sampled_from(["", "/apply", "/undo", ".pdf"]))
def test_no_post_body_answers_500(sqlite: FlaskClient, body: dict[str, str], where: str) -> None:
    global _TABLE
    if _TABLE.get(id(sqlite)) is None:
        edit, _ = start(sqlite, example("reversis-hand"))
        token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"',
                          get(sqlite, edit + "/hand/1/audit").html)
        _TABLE[id(sqlite)] = (edit, token.group(1) if token else "")
    edit, token = _TABLE[id(sqlite)]
    response = sqlite.post(f"{edit}/hand/1/audit{where}", data={"csrf_token": token, **body})
    assert response.status_code < 500, (body, response.get_data(as_text=True)[:400])


_TABLE: dict[int, tuple[str, str]] = {}


# --- what the audit asks of the engine: cut, changed, each step's own payments ------------------------------

def random_hand(family: str, seed: int) -> dict[str, Any]:
    """A complete legal hand of the family, as JSON."""
    import random

    from scorekeeper.engine.hearts import records
    from scorekeeper.engine import reversis, tripoli
    from scorekeeper.engine.reversis import simulate as reversis_simulate
    from scorekeeper.engine.hearts.simulate import random_record
    from scorekeeper.engine.tripoli import simulate as tripoli_simulate

    rng = random.Random(seed)
    if family == "reversis":
        return reversis.to_json(reversis_simulate.random_record(["A", "B", "C", "D"], rng, hand=1))
    if family == "tripoli":
        return tripoli.to_json(tripoli_simulate.random_record("rummoli", ["A", "B", "C", "D"], rng, hand=1))
    return records.to_json(random_record("black-lady", ["A", "B", "C", "D"], rng))


@settings(max_examples=12, deadline=None)
@given(family=st.sampled_from(["hearts", "reversis", "tripoli"]), seed=st.integers(0, 10_000), at=st.floats(0, 1))
@also_try(family="reversis", seed=239, at=1.0)  # the last step a declared 'waive', after the hand is complete
def test_a_what_if_that_changes_nothing_replays_the_same_steps(family: str, seed: int, at: float) -> None:
    """Changing an action to the value it had gives the same steps; its choices there include that value."""
    value = random_hand(family, seed)
    fam = family_of(value["game"])
    answer = fam.steps_json(value)
    assert answer["ok"]
    index = min(int(at * len(answer["steps"])), len(answer["steps"]) - 1)
    step = answer["steps"][index]
    same = fam.changed_json(value, index, step["value"])
    assert fam.steps_json(same)["steps"] == answer["steps"]
    assert steps_audit(fam.steps_json(same)).frames == steps_audit(answer).frames
    offered = fam.progress_json(fam.cut_json(value, index))["next"]
    # a step the table declares (a claim not demanded once the hand is over) is offered among the declarations
    offered = next((d for d in offered.get("declare", ()) if d["kind"] == step["kind"]), offered)
    if offered["ask"] == "cards" and offered["choices"] is not None:  # several cards chosen at once (a pass)
        assert set(step["value"]) <= set(offered["choices"])
    elif step["kind"] != "bet" and offered["choices"] is not None:
        assert step["value"] in offered["choices"]


def test_changed_refuses_what_does_not_fit() -> None:
    from scorekeeper.engine.errors import ScorekeeperError

    value = example("reversis-hand")
    fam = family_of("reversis")
    with pytest.raises(ScorekeeperError, match="there is no action 50"):
        fam.changed_json(value, 49, "2S")
    changed = fam.changed_json(value, 0, "AS")  # the dealer discards a card he does not hold
    answer = fam.steps_json(changed)
    assert not answer["ok"] and answer["refused"]["index"] == 0


def test_each_step_pays_only_what_it_paid() -> None:
    """Rummoli lists its payments in another order once the Michigan claims begin: each step still says
    only its own (the 10 of the paying suit to C, then the jack to A)."""
    answer = family_of("rummoli").steps_json(example("tripoli-rummoli"))
    paid = [s["paid"] for s in answer["steps"]]
    assert paid[6] == [{"from": "TH", "to": "C", "chips": 4, "step": "claim"}]
    assert paid[7] == [{"from": "JH", "to": "A", "chips": 4, "step": "claim"}]
    assert sum(len(p) for p in paid) + len(answer["start"]["paid"]) == len(family_of("rummoli").progress_json(
        example("tripoli-rummoli"))["paid"])


def test_an_established_revoke_without_the_deal_steps_through() -> None:
    """Without the deal, a revoke's event waits for the card that proves it: every step before is legal."""
    value = {"game": "hearts", "players": ["Ann", "Bob", "Cat", "Dan"], "dealer": "Dan", "hand": 1,
             "play": ["2C", "6C", "AC", "4S", "5S", "7S", "2H", "2S", "8S", "KS", "3S", "6S"],
             "events": [{"type": "revoke", "player": "Ann", "trick": 2}]}
    answer = family_of("hearts").steps_json(value)
    assert answer["ok"] and len(answer["steps"]) == 12 and answer["outcome"]["points"]["Ann"] == 30
    assert family_of("hearts").cut_json(value, 8).get("events") is None  # the proof (KS) is not played yet
    assert family_of("hearts").cut_json(value, 10)["events"] == value["events"]


def test_a_first_leader_with_no_card_played_is_not_judged_without_the_deal() -> None:
    value = {"game": "black-lady", "options": {"first_lead": "two-of-clubs"}, "players": ["Ann", "Bob", "Cat", "Dan"],
             "dealer": "Dan", "hand": 1, "leader": "Bob", "play": []}
    assert family_of("black-lady").progress_json(value)["next"]["player"] == "Bob"
    with_deal = {**example("black-lady-hand"), "leader": "Ann", "play": []}  # the deal says Bob holds 2C
    from scorekeeper.engine.errors import ScorekeeperError

    with pytest.raises(ScorekeeperError, match="holds 2\u2663"):
        family_of("black-lady").progress_json(with_deal)


def test_every_rule_in_plain_words_is_a_documented_code() -> None:
    """The audit's plain words name only codes the engine documents (docs/command.md, the families' formats)."""
    from scorekeeper.engine.family import families

    RULES = {code for family in families() for code in family.vocabulary.rules}
    documented = "".join(path.read_text() for path in (
        ROOT / "docs" / "command.md", ROOT / "scorekeeper" / "engine" / "tripoli" / "FORMAT.md",
        ROOT / "scorekeeper" / "engine" / "reversis" / "FORMAT.md"))
    assert [code for code in RULES if f"`{code}`" not in documented] == []
