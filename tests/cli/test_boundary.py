"""The last resort, in one place: a fault the readers did not word still answers with the error
object (never a traceback, never a 500), and says it is the engine's; HTTP refusals from the API
are error objects too. The fuzz suites check that no input reaches this last resort."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import boundary, cli
from scorekeeper.engine.errors import RecordSyntaxError
from scorekeeper.web import services

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "black-lady-hand.json"
KEYS = {"code", "message", "play", "trick", "player", "card"}


def broken(*args: Any, **kwargs: Any) -> Any:
    return {}["a fault of the engine's"]


def test_refusal_words_each_kind_of_failure() -> None:
    assert boundary.refusal(RecordSyntaxError("x")).message == "x"
    assert "nested too deeply" in boundary.refusal(RecursionError()).message
    assert "too large" in boundary.refusal(MemoryError()).message
    unexpected = boundary.refusal(KeyError("k"))
    assert unexpected.code == "syntax" and boundary.is_unexpected(unexpected.message)
    assert "KeyError at" in unexpected.message and "/work" not in unexpected.message  # no machine paths


def test_the_command_answers_a_fault_with_the_error_object(monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(cli, "_replay", broken)  # inside the command's boundary
    assert cli.main(["replay", str(EXAMPLE)]) == 2
    out, err = capsys.readouterr()
    assert '"code": "syntax"' in out and boundary.UNEXPECTED in out and "Traceback" not in out + err


def test_the_real_command_prints_no_traceback_and_the_debug_switch_shows_it(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text('{"game": "black-lady", "options": ' + "[" * 50_000 + "]" * 50_000 + "}")
    run = subprocess.run([sys.executable, "-m", "scorekeeper.cli", "replay", str(deep)], capture_output=True, text=True)
    assert run.returncode == 2 and '"code": "syntax"' in run.stdout and "Traceback" not in run.stderr


def test_the_api_answers_a_fault_400_with_the_error_object(client: FlaskClient, monkeypatch: pytest.MonkeyPatch,
                                                          caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(services, "create_session", broken)
    with caplog.at_level(logging.ERROR, logger="scorekeeper.boundary"):
        response = client.post("/api/sessions", json={"game": "black-lady"})
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert set(error) >= KEYS and error["code"] == "syntax" and boundary.is_unexpected(error["message"])
    assert any(r.exc_info for r in caplog.records)  # the traceback is in the server's log, not the answer


def test_a_page_answers_a_fault_with_the_error_page(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(services, "create_session", broken)
    from scorekeeper.web.tables import start

    monkeypatch.setattr(start, "known_players", broken)
    response = client.get("/")
    assert response.status_code == 400 and b"could not read" in response.data and b"Traceback" not in response.data


@pytest.mark.parametrize(("method", "path", "status", "code"), [
    ("GET", "/api/nowhere", 404, "not-found"),
    ("DELETE", "/api/sessions", 405, "method-not-allowed"),
    ("GET", "/api/sessions/nope", 404, "not-found"),
])
def test_http_refusals_from_the_api_are_error_objects(client: FlaskClient, method: str, path: str, status: int,
                                                      code: str) -> None:
    response = client.open(path, method=method)
    assert response.status_code == status
    error = response.get_json()["error"]
    assert set(error) >= KEYS and error["code"] == code


def test_a_body_too_large_is_413_too_large(app: Flask, client: FlaskClient) -> None:
    response = client.post("/api/sessions", data=b"[" + b" " * app.config["MAX_CONTENT_LENGTH"] + b"]",
                           content_type="application/json")
    assert response.status_code == 413 and response.get_json()["error"]["code"] == "too-large"
