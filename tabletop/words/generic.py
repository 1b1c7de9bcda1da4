"""Words for a game without its own: the action's text, and each event as its kind and data."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .line import Line, line
from .seats import Names


def describe_action(text: str, view: Mapping[str, Any], names: Names = None) -> str:
    return text


def describe_event(kind: str, data: Mapping[str, Any], me: int | None, names: Names = None) -> Line | None:
    rest = {k: v for k, v in data.items() if k != "step"}
    return line(f"{kind}: {json.dumps(rest, sort_keys=True)}" if rest else kind)
