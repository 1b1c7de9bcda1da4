"""The examples of docs/envs.md run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pyspiel", reason="the rl extra is not installed (pip install -e '.[rl]')")
pytest.importorskip("pettingzoo", reason="the rl extra is not installed (pip install -e '.[rl]')")

DOCS = Path(__file__).resolve().parents[2] / "docs" / "envs.md"


def test_the_python_examples_run(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOCS.read_text(encoding="utf-8"), flags=re.DOTALL)
    assert len(blocks) >= 3
    namespace: dict[str, object] = {}
    for block in blocks:
        exec(compile(block, str(DOCS), "exec"), namespace)
    printed = [float(x) for x in capsys.readouterr().out.split()]
    assert len(printed) == 2 and printed[0] > printed[1]
