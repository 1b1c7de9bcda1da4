"""The open tab's notice (issue 30) in Chromium: with notifications allowed and the tab in the
background, the table coming back to the player shows a browser notification (a real one: its
``show`` event fires) and marks the title; back in front, the title is plain again.  A tab is put in
the background as the page sees it (``document.hidden`` and ``visibilitychange``), since a headless
browser has no window to hide: the notice is the page's answer to that, which is what is tested.
A page without the permission offers "Notify me"; the account page lists the notices."""

from __future__ import annotations

import time
from typing import Any

from .conftest import Live
from .helpers import CLICKABLE, click, create, until

VIEWPORT = {"width": 1280, "height": 800}
# Before the page's scripts: the page's visibility as the test sets it, and every notification
# made, counted when the browser shows it.
WATCH = """
(() => {
  let hidden = false;
  Object.defineProperty(Document.prototype, "hidden", { get: () => hidden, configurable: true });
  const state = () => (hidden ? "hidden" : "visible");
  Object.defineProperty(Document.prototype, "visibilityState", { get: state, configurable: true });
  window.__background = (value) => { hidden = value; document.dispatchEvent(new Event("visibilitychange")); };
  window.__notices = [];
  const Real = window.Notification;
  window.Notification = new Proxy(Real, {
    construct(target, args) {
      const made = new target(...args);
      const seen = { title: args[0], body: (args[1] || {}).body, shown: false };
      made.addEventListener("show", () => { seen.shown = true; });
      window.__notices.push(seen);
      return made;
    },
  });
})();
"""


def page_for(browser: Any, live: Live, url: str, allowed: bool) -> tuple[Any, Any]:
    context = browser.new_context(viewport=VIEWPORT)
    if allowed:
        context.grant_permissions(["notifications"], origin=live.base)
    context.add_init_script(WATCH)
    page = context.new_page()
    page.goto(url)  # the links are whole addresses
    page.wait_for_selector(".s7-table")
    return context, page


def asked(page: Any) -> bool:
    return page.query_selector(f"{CLICKABLE}") is not None


def test_a_background_tab_is_notified_when_the_table_waits_for_its_player(browser: Any, live: Live) -> None:
    created = create(live, ["person", "person"], "summon7")
    table = created["table"]["id"]
    me_context, me = page_for(browser, live, created["links"]["seats"][0]["url"], allowed=True)
    other_context, other = page_for(browser, live, created["links"]["seats"][1]["url"], allowed=False)
    try:
        assert me.evaluate("Notification.permission") == "granted"
        assert other.query_selector("#notify-me") is not None  # not asked yet: offered
        assert me.query_selector("#notify-me") is None
        deadline = time.monotonic() + 20
        while asked(me):  # the table asks us first: we move, in front
            assert time.monotonic() < deadline
            click(me, me.query_selector(CLICKABLE))
            me.wait_for_timeout(50)
        me.evaluate("__background(true)")
        assert not me.title().startswith("(Your turn)")
        room = live.room(table)
        while 0 not in room.prompts:  # the other player moves until the table comes back to us
            assert time.monotonic() < deadline
            click(other, other.query_selector(CLICKABLE))
            other.wait_for_timeout(50)
        until(me, "window.__notices.length === 1 && window.__notices[0].shown")
        notice = me.evaluate("window.__notices[0]")
        assert notice["title"] == "Your turn: Summon 7" and notice["body"] == "The table waits for you."
        assert me.title().startswith("(Your turn) Summon 7")
        me.evaluate("__background(false)")
        assert me.title() == "Summon 7 · your seat"
        assert other.evaluate("window.__notices.length") == 0  # its tab is in front, and not allowed
    finally:
        me_context.close()
        other_context.close()


def test_the_account_page_shows_the_settings_to_its_owner(browser: Any, live: Live) -> None:
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    try:
        page.goto(live.base + "/account")
        page.wait_for_selector("#forgot-form")  # a guest: the forgotten password's form
        answer = page.request.post(
            live.base + "/api/account/signup", data={"name": "notified", "password": "a long password"}
        )
        assert answer.ok
        page.goto(live.base + "/account")
        page.wait_for_selector("#notice-turn-mail")
        assert page.is_checked("#notice-turn-mail") and page.is_checked("#notice-ended-push")
        page.uncheck("#notice-turn-mail")
        until(page, "true")
        page.reload()
        page.wait_for_selector("#notice-turn-mail")
        assert not page.is_checked("#notice-turn-mail")
        assert "Mail is off on this server" in page.text_content("#email-now")
    finally:
        context.close()
