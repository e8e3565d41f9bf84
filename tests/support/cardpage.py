"""Tables started for the card page's endpoint tests."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.support.pages import Page, get


ABCD = ["Ann", "Bob", "Cat", "Dan"]


def start_chips(client: FlaskClient, game: str) -> str:
    page = get(client, f"/?game={game}")
    _, data = page.form("start-form")
    fields = {**data, **{f"players-{i}": name for i, name in enumerate(ABCD)}, "action": "start"}
    fields["first_dealer"] = "Ann"
    response = client.post("/", data=fields)
    assert response.status_code == 302, Page(response).refusal()
    location: str = response.headers["Location"]
    return location
