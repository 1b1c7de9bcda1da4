"""A MegaCorps response window that times out, in Debian's Chromium: two people and a bot play by
clicking until a person is asked about someone else's decision (a veto, a donation, a bid, a vote,
the payout window...); that seat's page shows the window's own countdown; when its time runs out
the server closes it with the rules' neutral answer (R-MC34), the seat is not marked absent, and
both pages move on.  The window's start is moved back instead of waiting out its seconds."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from tabletop.core.record import parse_entry

from .conftest import Live
from .helpers import create, step, until
from .test_megacorps import asked_now, click_something, open_page

pytestmark = pytest.mark.timeout(300)


def window_asked(room: Any) -> int | None:
    """A person seat asked a response window now (None: none is)."""
    for seat, prompt in sorted(room.prompts.items()):
        if room.seats[seat].kind == "person" and prompt.neutral is not None:
            return int(seat)
    return None


def test_a_window_that_times_out_closes_with_the_neutral_answer(browser: Any, live: Live) -> None:
    clock = {"mode": "realtime", "move": 600, "reserve": 0, "window": 30}
    created = create(live, ["person", "person", "easy"], "megacorps", table={"clock": clock})
    room = live.room(created["table"]["id"])
    pages = []
    for seat in (0, 1):
        context, page, problems = open_page(browser, created["links"]["seats"][seat]["url"])
        pages.append((context, page, problems))
    rng = random.Random(7)
    deadline = time.monotonic() + 240
    while (seat := window_asked(room)) is None:
        assert time.monotonic() < deadline and not room.over, "no person was asked a window"
        moved = False
        for s, (_, page, problems) in enumerate(pages):
            assert not problems, problems
            if asked_now(page, room, s):
                moved = click_something(page, rng) or moved
        if not moved:
            pages[0][1].wait_for_timeout(20)
    prompt = room.prompts[seat]
    page = pages[seat][1]
    until(page, f"document.body.dataset.step === '{room.step}'")
    countdown = f"#clocks .clock-seat[data-seat='{seat}'] .countdown"
    page.wait_for_selector(countdown)
    assert page.get_attribute(countdown, "data-window") == "true"
    assert page.get_attribute(countdown, "data-reserve") == "0"
    before = room.step
    # as if the window (and the table) had been open for an hour: the server's clock closes it
    room.row.started -= 3600
    prompt.at -= 3600
    until(page, f"Number(document.body.dataset.step) > {before}", seconds=20)
    written, text = parse_entry(room.record.actions[before])
    assert text == prompt.neutral and written in (seat, None)
    assert not room.seats[seat].absent  # a window closing is no absence
    for s, (context, other, problems) in enumerate(pages):
        until(other, f"Number(document.body.dataset.step) >= {before + 1}", seconds=20)
        assert step(other) >= before + 1 and not problems, (s, problems)
        context.close()
