"""New links on a phone (Chromium at 390x844, ``phonekit``, with the service worker): the scorer taps
"New links" on the table's page; the page shows the new edit and read-only links and their QR codes, the
old links open only the refusal sentence, and the pages the service worker kept under the old links are
gone, so even without a connection the old link opens nothing of the table."""

from __future__ import annotations

import re
from typing import Any

from tests.support.phonekit import wait_until, worker_controls
from tests.support.phoneforms import save, start_table

KEPT_URLS = ("caches.open('scorekeeper-pages').then(function (c) { return c.keys(); })"
             ".then(function (ks) { return ks.map(function (k) { return k.url; }); })")


def test_new_links_retire_the_old_ones_on_the_phone(phone: tuple[Any, list[str], list[str]]) -> None:
    from playwright.sync_api import expect

    page, _, errors = phone
    start_table(page)
    worker_controls(page)
    old_edit = re.sub(r"#.*$", "", page.url)
    page.reload()  # the worker, now in control, keeps this page for offline use
    old_read = page.locator("#read-link").input_value()
    wait_until(page, f"() => {KEPT_URLS}.then(function (u) {{ return u.length > 0; }})")
    assert any(old_edit in url for url in page.evaluate(KEPT_URLS))

    save(page, "#renew-links")
    expect(page.locator("body")).to_contain_text("New links: the old ones open nothing any more")
    new_edit = page.locator("#edit-link").input_value()
    new_read = page.locator("#read-link").input_value()
    assert new_edit != old_edit and new_read != old_read and new_edit.startswith("http")
    assert page.locator("#read-qr svg").count() == 1 and page.locator("#edit-qr svg").count() == 1
    wait_until(page, f"() => {KEPT_URLS}.then(function (u) {{ return u.every(function (x) {{ "
               f"return x.indexOf({old_edit.rsplit('/', 1)[1]!r}) < 0; }}); }})")

    for old in (old_edit, old_read):
        answer = page.goto(old)
        assert answer is not None and answer.status == 403
        expect(page.locator("body")).to_contain_text("replaced with new links opens nothing")
    # Offline, the old edit link opens no kept copy of the table: the worker dropped it.
    page.context.set_offline(True)
    try:
        page.goto(old_edit)
        assert "Ann" not in page.locator("body").inner_text()
    finally:
        page.context.set_offline(False)
    page.goto(new_edit)
    expect(page.locator("#edit-link")).to_have_value(new_edit)
    assert not errors
