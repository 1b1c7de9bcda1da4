"""Playing on the terminal with Rich: the screen is drawn from one seat's view only."""

from .app import run_game
from .render import render_hand, render_view
from .summary import render_final

__all__ = ["render_final", "render_hand", "render_view", "run_game"]
