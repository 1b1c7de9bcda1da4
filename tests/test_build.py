"""The compiled and the pure build (tabletop/_build.py, setup.py): which one runs, and the switch."""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import tabletop
from tabletop import _build

EXTENSIONS = tuple(importlib.machinery.EXTENSION_SUFFIXES)


def rules_module_of(name: str) -> str:
    state = tabletop.make(name).new_state(0)
    return type(state).__module__


@pytest.mark.skipif(
    not os.environ.get("TABLETOP_EXPECT_BUILD"), reason="TABLETOP_EXPECT_BUILD not set (make test sets it)"
)
def test_the_suite_runs_the_build_it_expects() -> None:
    expected = os.environ["TABLETOP_EXPECT_BUILD"]
    assert expected == tabletop.BUILD
    for name in tabletop.names():
        module = sys.modules[rules_module_of(name)]
        file = module.__file__ or ""
        if expected == "compiled":
            assert file.endswith(EXTENSIONS), f"{name}: {file} is not compiled"
        else:
            assert file.endswith(".py"), f"{name}: {file} is not the source"


def test_the_pure_switch_runs_every_rules_module_from_its_source() -> None:
    code = (
        "import sys, tabletop\n"
        "for name in tabletop.names():\n"
        "    state = tabletop.make(name).new_state(1)\n"
        "    state.apply(state.legal_actions()[0])\n"
        "files = [m.__file__ or '' for k, m in list(sys.modules.items()) if k.startswith('tabletop.')]\n"
        "print(tabletop.BUILD, len(files), sum(not f.endswith('.py') for f in files))\n"
    )
    env = {**os.environ, "TABLETOP_PURE": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    build, loaded, not_source = out.stdout.split()
    assert build == "pure"
    assert int(loaded) > 30  # the core and every game's modules were imported...
    assert not_source == "0"  # ...each from its .py file


def manifest_for(tmp_path: Path, modules: dict[str, str]) -> Path:
    path = tmp_path / "_compiled.json"
    path.write_text(json.dumps({"modules": modules}))
    return path


def without_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    """No source-only finder installed and no TABLETOP_PURE, both restored after the test."""
    kept = [f for f in sys.meta_path if not isinstance(f, _build.SourceOnlyFinder)]
    monkeypatch.setattr(sys, "meta_path", kept)
    monkeypatch.delenv(_build.PURE_SWITCH, raising=False)


def test_a_compiled_module_whose_source_changed_is_stale(tmp_path: Path) -> None:
    source = Path(_build.__file__).parent / "core" / "rng.py"
    now = hashlib.sha256(source.read_bytes()).hexdigest()
    assert _build.stale({"tabletop.core.rng": now}) == []
    assert _build.stale({"tabletop.core.rng": "0" * 64}) == ["tabletop.core.rng"]
    assert _build.stale({"tabletop.core.gone": now}) == ["tabletop.core.gone"]


@pytest.mark.parametrize("text", ["", "{", "[]", '{"modules": 3}', '{"other": {}}'])
def test_an_unreadable_manifest_means_nothing_compiled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    path = tmp_path / "_compiled.json"
    path.write_text(text)
    monkeypatch.setattr(_build, "MANIFEST", path)
    assert _build.compiled_modules() == {}


def test_a_stale_build_warns_and_runs_pure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_build, "MANIFEST", manifest_for(tmp_path, {"tabletop.core.rng": "0" * 64}))
    monkeypatch.setattr(
        sys, "meta_path", [f for f in sys.meta_path if not isinstance(f, _build.SourceOnlyFinder)]
    )
    monkeypatch.delenv(_build.PURE_SWITCH, raising=False)
    with pytest.warns(RuntimeWarning, match="older than their source"):
        assert _build.choose() == "pure"
    assert isinstance(sys.meta_path[0], _build.SourceOnlyFinder)


def test_a_fresh_manifest_runs_compiled_unless_switched_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = Path(_build.__file__).parent / "core" / "rng.py"
    digest = hashlib.sha256(source.read_bytes()).hexdigest()
    monkeypatch.setattr(_build, "MANIFEST", manifest_for(tmp_path, {"tabletop.core.rng": digest}))
    monkeypatch.setattr(
        sys, "meta_path", [f for f in sys.meta_path if not isinstance(f, _build.SourceOnlyFinder)]
    )
    monkeypatch.delenv(_build.PURE_SWITCH, raising=False)
    assert _build.choose() == "compiled"
    assert not any(isinstance(f, _build.SourceOnlyFinder) for f in sys.meta_path)
    monkeypatch.setenv(_build.PURE_SWITCH, "1")
    assert _build.choose() == "pure"
    assert isinstance(sys.meta_path[0], _build.SourceOnlyFinder)


def test_the_source_only_finder_finds_sources_and_only_tabletop_modules() -> None:
    finder = _build.SourceOnlyFinder()
    core = str(Path(_build.__file__).parent / "core")
    spec = finder.find_spec("tabletop.core.rng", [core])
    assert spec is not None and spec.origin is not None and spec.origin.endswith("rng.py")
    assert finder.find_spec("tabletop.core.nothing_here", [core]) is None
    assert finder.find_spec("json", None) is None
    assert finder.find_spec("tabletop", None) is None  # the package itself: found as usual
