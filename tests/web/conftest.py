"""Fixtures several of the web tests share."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.pages import start_table
from tests.support.seatdrafts import ABCD, OPTIONS


@pytest.fixture
def table(app: Flask) -> tuple[FlaskClient, str, str]:
    """A Black Lady table (two of clubs leads), Dan dealing first: (the scorer's client, edit url, read url)."""
    scorer = app.test_client()
    edit, read = start_table(scorer, players=ABCD, changes=OPTIONS)
    return scorer, edit, read
