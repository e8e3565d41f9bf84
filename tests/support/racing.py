"""Phones of their own against an app served on the loopback (the races' kit): each phone its own cookies (so its
own CSRF token), no redirect followed; sends released at one moment by a barrier; what a table stored."""

from __future__ import annotations

import html
import json
import re
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from html.parser import HTMLParser
from http.cookiejar import CookieJar
from typing import Any

from flask import Flask
from sqlalchemy import func, select

from scorekeeper.web.extensions import db
from scorekeeper.web.models import Hand, HandVersion
from tests.support.webdata import session

class _Stay(urllib.request.HTTPRedirectHandler):
    """A phone reads the redirect itself (where a save went), as the tests of the pages do."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


@dataclass
class Answer:
    status: int
    location: str
    body: str

    def flash_or_refusal(self) -> str:
        found = re.search(r'class="refusal"[^>]*>(.*?)</p>', self.body, re.S)
        return html.unescape(re.sub(r"<[^>]+>", "", found.group(1))).strip() if found else ""


class _Form(HTMLParser):
    """The fields of one form as a browser sends it untouched (hidden, text, checked, selected)."""

    def __init__(self, form_id: str) -> None:
        super().__init__(convert_charrefs=True)
        self.form_id, self.inside, self.action = form_id, False, ""
        self.fields: dict[str, str] = {}
        self.select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.inside = a.get("id") == self.form_id
            if self.inside:
                self.action = a.get("action", "")
        elif not self.inside:
            return
        elif tag == "input" and a.get("name") and a.get("type") not in ("submit", "button"):
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                return
            self.fields[a["name"]] = a.get("value", "")
        elif tag == "select":
            self.select = a.get("name")
        elif tag == "option" and self.select and ("selected" in a or self.select not in self.fields):
            self.fields[self.select] = a.get("value", "")
        elif tag == "textarea" and a.get("name"):
            self.fields[a["name"]] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self.select = None


class Phone:
    """A browser of its own: cookies (the CSRF token's session), no redirect followed."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()), _Stay())

    def request(self, path: str, data: dict[str, str] | None = None, *, json_body: Any = None,
                headers: dict[str, str] | None = None) -> Answer:
        body, sent = None, dict(headers or {})
        if json_body is not None:
            body, sent["Content-Type"] = json.dumps(json_body).encode(), "application/json"
        elif data is not None:
            body = urllib.parse.urlencode(data).encode()
        request = urllib.request.Request(self.base + path, data=body, headers=sent)
        try:
            with self.opener.open(request, timeout=30) as response:
                return Answer(response.status, response.headers.get("Location", ""), response.read().decode())
        except urllib.error.HTTPError as answer:
            return Answer(answer.code, answer.headers.get("Location", ""), answer.read().decode())

    def form(self, path: str, form_id: str) -> tuple[str, dict[str, str]]:
        page = self.request(path)
        assert page.status == 200, (path, page.status, page.body[-800:])
        parser = _Form(form_id)
        parser.feed(page.body)
        assert parser.action, f"no form #{form_id} on {path}"
        return parser.action, parser.fields


def at_once(*sends: Callable[[], Answer]) -> list[Answer]:
    """Every send released at the same moment (a barrier), each in its own thread."""
    barrier = threading.Barrier(len(sends))

    def go(send: Callable[[], Answer]) -> Answer:
        barrier.wait()
        return send()

    with ThreadPoolExecutor(len(sends)) as pool:
        return list(pool.map(go, sends))


def new_table(phone: Phone, record: dict[str, Any] | None = None) -> tuple[str, str]:
    """A table through the API: (its id, its edit path)."""
    made = phone.request("/api/sessions", json_body=record or session())
    assert made.status == 201, made.body
    created = json.loads(made.body)
    return created["id"], f"/s/{created['id']}/{created['token']}"


def hands_of(app: Flask, session_id: str) -> list[tuple[int, dict[str, Any]]]:
    with app.app_context():
        rows = db.session.execute(select(Hand.position, Hand.record).where(Hand.session_id == session_id)
                                  .order_by(Hand.position)).all()
        db.session.remove()
    return [(position, dict(record)) for position, record in rows]


def versions_of(app: Flask, session_id: str) -> int:
    with app.app_context():
        count = db.session.scalar(select(func.count()).select_from(HandVersion).join(Hand)
                                  .where(Hand.session_id == session_id)) or 0
        db.session.remove()
    return count


def saved_and_told(answers: list[Answer], edit: str) -> tuple[Answer, Answer]:
    """The phone whose hand went in (a redirect to the sheet) and the other one (the form again, refused)."""
    saved = [a for a in answers if a.status == 302]
    refused = [a for a in answers if a.status != 302]
    assert len(saved) == 1 and len(refused) == 1, [(a.status, a.location, a.flash_or_refusal()) for a in answers]
    assert saved[0].location.startswith(edit), saved[0].location
    return saved[0], refused[0]
