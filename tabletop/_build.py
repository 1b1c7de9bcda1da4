"""Which build of the rules runs: compiled (mypyc) or pure Python.

The core and the games' rules may be compiled (setup.py).  A compiled module sits next to its
source and Python's import system prefers it.  This module decides, once, at ``import tabletop``:

- ``TABLETOP_PURE=1`` in the environment: pure Python, whatever is compiled;
- compiled modules whose sources changed since they were built (the hashes in
  ``_compiled.json``, written by the build): pure Python, with a warning to rebuild.  It is all or
  nothing: compiled modules call each other's native code directly, so a compiled module may not
  run beside the pure version of another;
- no manifest (a pure build, or one that failed half-way): pure Python;
- otherwise the compiled modules.

Pure Python means an import finder, first in ``sys.meta_path``, that loads every ``tabletop``
module from its source.  Nothing here is compiled.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import json
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

PACKAGE = Path(__file__).resolve().parent
MANIFEST = PACKAGE / "_compiled.json"
PURE_SWITCH = "TABLETOP_PURE"


class SourceOnlyFinder(importlib.abc.MetaPathFinder):
    """Finds ``tabletop.*`` modules in their source files only, never a compiled extension."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith("tabletop.") or path is None:
            return None
        name = fullname.rpartition(".")[2]
        loader = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
        for entry in path:
            spec = importlib.machinery.FileFinder(entry, loader).find_spec(fullname)
            if spec is not None and spec.name.rpartition(".")[2] == name:
                return spec
        return None


def compiled_modules() -> dict[str, str]:
    """The modules the build compiled, with their sources' hashes then; empty for a pure build."""
    try:
        data = json.loads(MANIFEST.read_text())
        modules = data["modules"]
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    if not isinstance(modules, dict):
        return {}
    return {str(k): str(v) for k, v in modules.items()}


def stale(modules: dict[str, str]) -> list[str]:
    """The compiled modules whose source differs from the one they were built from."""
    root = PACKAGE.parent
    out: list[str] = []
    for module, digest in modules.items():
        source = root.joinpath(*module.split(".")).with_suffix(".py")
        try:
            now = hashlib.sha256(source.read_bytes()).hexdigest()
        except OSError:
            now = ""
        if now != digest:
            out.append(module)
    return out


def choose() -> str:
    """Decide the build, install the source-only finder for a pure one; returns its name."""
    modules = compiled_modules()
    pure = not modules or os.environ.get(PURE_SWITCH, "") not in ("", "0")
    if not pure:
        changed = stale(modules)
        if changed:
            pure = True
            warnings.warn(
                f"tabletop: {len(changed)} compiled module(s) are older than their source "
                f"({', '.join(sorted(changed)[:3])}...); running pure Python. Rebuild with `make build`.",
                RuntimeWarning,
                stacklevel=3,
            )
    # no manifest: a pure build, or extension modules left by a build that failed; never load those
    if pure and not any(isinstance(f, SourceOnlyFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceOnlyFinder())
    return "pure" if pure else "compiled"
