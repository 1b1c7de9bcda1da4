"""MegaCorps' heuristic as it was before it was made fast, read from the project's git history
(commit ``BEFORE``) into a throw-away package, so that bench/heuristic_speed.py can play the old
bot beside the new one in the same run without a copy of it in the tree.  Its package-relative
imports (``...games``, ``..base``) are made absolute; its own modules import each other as before.
Needs the git checkout this file is in.
"""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from tabletop.agents.base import AGENTS, Agent

BEFORE = "2dce708"  # the last commit with the old heuristic
MODULES = ("heuristic", "position", "worth", "countries", "cards", "trades")
PACKAGE = "megacorps_v1"
NAME = "heuristic-v1"
ROOT = Path(__file__).resolve().parent.parent


def source(module: str) -> str:
    """The old module's text, its imports from the package made absolute."""
    text = subprocess.run(
        ["git", "show", f"{BEFORE}:tabletop/agents/megacorps/{module}.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    text = re.sub(r"^from \.\.\.", "from tabletop.", text, flags=re.M)
    return re.sub(r"^from \.\.(\w)", r"from tabletop.agents.\1", text, flags=re.M)


def register() -> str:
    """Loads the old heuristic and registers it as a bot (``heuristic-v1``) in this process."""
    if NAME in AGENTS:
        return NAME
    folder = Path(tempfile.mkdtemp(prefix="tabletop-bench-")) / PACKAGE
    folder.mkdir()
    (folder / "__init__.py").write_text(f'"""The MegaCorps heuristic at {BEFORE}."""\n')
    for module in MODULES:
        (folder / f"{module}.py").write_text(source(module))
    sys.path.insert(0, str(folder.parent))
    old = importlib.import_module(f"{PACKAGE}.heuristic")

    def make(seed: int) -> Agent[Any]:
        bot: Agent[Any] = old.MegaCorpsHeuristic(seed)
        return bot

    AGENTS[NAME] = make
    return NAME
