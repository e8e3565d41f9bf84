"""A table reached by its link (``web/tables/access.py``): every route of a table goes through the one loader,
which answers 404 for no such table and 403 for a key that does not open it, with the sentence, on the edit
link and the read-only link alike; and a page both links show is the same view."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.web.tables import access
from tests.support import webdata

LINKS = (access.EDIT_LINK, access.READ_LINK)


@pytest.fixture
def client(sqlite_app: Flask) -> FlaskClient:
    sqlite_app.config["WTF_CSRF_ENABLED"] = False
    return sqlite_app.test_client()


def table_rules(app: Flask) -> list[tuple[str, str, list[str]]]:
    """Every rule under a table's two links: (rule, endpoint, methods)."""
    return sorted((rule.rule, rule.endpoint, sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}))
                  for rule in app.url_map.iter_rules() if rule.rule.startswith(LINKS))


OPENED = access._opened(lambda: None, "x", True, False).__code__  # the loader's wrapper of a view


def opened(view: Any) -> Any:
    """The loader's wrapper under whatever wraps it (a rate limit); AttributeError when there is none."""
    while view.__code__ is not OPENED:
        view = view.__wrapped__
    return view


def test_every_route_of_a_table_is_registered_through_the_loader(sqlite_app: Flask) -> None:
    rules = table_rules(sqlite_app)
    assert len(rules) > 20
    for rule, endpoint, _ in rules:
        assert opened(sqlite_app.view_functions[endpoint]).__name__ == endpoint.split(".", 1)[1], rule


TWINS = [("session_edit", "session_read"), ("live_edit", "live_read"), ("notes_edit", "notes_read"),
         ("hand_edit", "hand_read"), ("audit_edit", "audit_read"), ("audit_pdf_edit", "audit_pdf_read")]


@pytest.mark.parametrize(("edit", "read"), TWINS)
def test_a_page_both_links_show_is_one_view(sqlite_app: Flask, edit: str, read: str) -> None:
    views = sqlite_app.view_functions
    assert opened(views[f"pages.{edit}"]).__wrapped__ is opened(views[f"pages.{read}"]).__wrapped__


@pytest.mark.parametrize("link", ["s", "v"])
def test_no_such_table_is_404_and_a_wrong_key_403_with_the_sentence(client: FlaskClient, link: str) -> None:
    table = webdata.Table(client)
    assert table.add(webdata.result()).status_code == 201
    key = table.token if link == "s" else table.read_key
    paths = [rule.replace("<sid>", "{sid}").replace("<key>", "{key}").replace("<int:position>", "1")
             for rule, _, methods in table_rules(client.application) if rule.startswith(f"/{link}/") and "GET" in methods]
    assert f"/{link}/{{sid}}/{{key}}" in paths
    for path in paths:
        missing = client.get(path.format(sid="nosuchtable", key=key))
        assert missing.status_code == 404, path
        assert "no session &#39;nosuchtable&#39;" in missing.get_data(as_text=True), path
        wrong = client.get(path.format(sid=table.id, key="not-the-key"))
        assert wrong.status_code == 403, path
        assert "edit link or token" in wrong.get_data(as_text=True), path
        if link == "s":  # the read key opens no edit page
            assert client.get(path.format(sid=table.id, key=table.read_key)).status_code == 403, path
