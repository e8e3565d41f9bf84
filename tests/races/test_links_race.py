"""Two phones taking new links for one table at the same moment, from the same edit link, on SQLite and on
PostgreSQL (``backend`` of conftest; the served app and the phones of ``test_races``).

The edit link each phone sends is checked inside the transaction that renews the links (the table's row
locked and read again): the first renewal retires that link, so the second phone is refused with the
sentence of a replaced link, and the links the first phone was given open the table. Checked before
the transaction, both went in and the first phone was handed links the second had already replaced.
"""

from __future__ import annotations

from flask import Flask

from tests.support.racing import Phone, at_once, new_table

TRIALS = 12


def test_two_phones_taking_new_links_at_once_one_is_refused_and_the_other_links_work(
        app: Flask, served: str) -> None:  # noqa: F811
    first, second = Phone(served), Phone(served)
    for trial in range(TRIALS):
        sid, edit = new_table(first)
        sends = []
        for phone in (first, second):
            action, fields = phone.form(edit, "new-links")
            sends.append(lambda phone=phone, action=action, fields=fields: phone.request(action, fields))
        answers = at_once(*sends)
        renewed = [a for a in answers if a.status == 303]
        refused = [a for a in answers if a.status != 303]
        assert len(renewed) == 1 and len(refused) == 1, f"trial {trial}: {[(a.status, a.location) for a in answers]}"
        assert refused[0].status == 403 and "replaced with new links opens nothing" in refused[0].body
        new_edit = renewed[0].location.split("#")[0]
        new_edit = new_edit[new_edit.index("/s/"):]
        assert new_edit != edit and first.request(new_edit).status == 200, f"trial {trial}"
        assert first.request(edit).status == 403
