"""Render modes ``ansi`` and ``human``: the terminal game's screen of one seat's view, as text.

The screens are the terminal's own (``tabletop/terminal``): Megalomania's ``render_view`` and
``render_final``, every other game's screen module.  They read a view, never the state.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from rich.console import Console, RenderableType

from .encoding import View

WIDTH = 110


def labels_for(game: str, view: View) -> list[str]:
    me = view.get("seat")
    names = ["You" if i == me else f"Seat {i}" for i in range(int(view["players"]))]
    if game != "megalomania":
        from ..terminal.screens import screen_for

        relabel = getattr(screen_for(game), "seat_labels", None)
        if relabel is not None:
            names = list(relabel(view, names))
    return names


def screen(game: str, view: View, final: bool) -> RenderableType:
    """The terminal's screen of ``view`` (``final``: the game-over screen)."""
    names: Sequence[str] = labels_for(game, view)
    if game == "megalomania":
        from ..terminal.render import render_view
        from ..terminal.summary import render_final

        return render_final(view, names) if final else render_view(view, names, (), None, True)
    from ..terminal.screens import screen_for

    module: Any = screen_for(game)
    if final:
        rendered: RenderableType = module.render_final(view, names)
        return rendered
    extra = ("",) if getattr(module, "MENUS", False) else ()
    drawn: RenderableType = module.render_view(view, names, (), True, *extra)
    return drawn


def render_text(game: str, view: View, final: bool, colour: bool = True, width: int = WIDTH) -> str:
    """The screen as text: with ANSI colours (``colour``), or plain."""
    out = io.StringIO()
    console = Console(
        file=out,
        width=width,
        force_terminal=colour,
        color_system="standard" if colour else None,
        legacy_windows=False,
    )
    console.print(screen(game, view, final))
    return out.getvalue()
