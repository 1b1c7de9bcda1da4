"""Compiled rules: the core and every game's rules modules are compiled with mypyc when possible.

The same typed Python runs either way.  A wheel built from the project carries the compiled
modules; without mypyc, or with ``TABLETOP_NO_COMPILE=1``, or when no C compiler works, the
build warns and the package is pure Python (a source distribution built on a machine without a
compiler).  ``make build`` compiles in place for development (``python setup.py build_ext
--inplace``), and writes ``tabletop/_compiled.json``: each compiled module's source hash, so that
``import tabletop`` runs pure Python rather than a compiled module older than its source
(tabletop/_build.py).  Everything else (the metadata, the dependencies) is in pyproject.toml.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
MANIFEST = ROOT / "tabletop" / "_compiled.json"

# What is compiled: the protocol and every game's rules.  Left out: errors.py (its exceptions
# inherit from built-in ones, which compiled classes may not), trading.py (a runtime-checkable
# Protocol, which compiled code cannot define) and the package __init__ files.
COMPILED_DIRS = [
    "tabletop/core",
    "tabletop/games",
]
NOT_COMPILED = {"tabletop/core/errors.py", "tabletop/core/trading.py"}
# the search bots' hot loop and each game's rollout and evaluation, and MegaCorps' heuristic
# reckoning (its valuations at every decision: docs/benchmarks.md, "Heuristic bots' speed").  The
# agents' classes stay interpreted, so that any bot may derive from them.
MEGACORPS_HEURISTIC = ("position", "worth", "countries", "cards", "trades", "decide")
COMPILED_FILES = [
    "tabletop/agents/tree.py",
    *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "tabletop/agents").glob("*/search.py")),
    *(f"tabletop/agents/megacorps/{name}.py" for name in MEGACORPS_HEURISTIC),
]


def compiled_sources() -> list[str]:
    """The modules to compile; ``TABLETOP_COMPILE_ONLY`` (paths, comma-separated) keeps only those
    (a quick build of one module, as the packaging test makes)."""
    only = {p.strip() for p in os.environ.get("TABLETOP_COMPILE_ONLY", "").split(",") if p.strip()}
    paths = [path for folder in COMPILED_DIRS for path in sorted((ROOT / folder).rglob("*.py"))]
    paths += [ROOT / rel for rel in COMPILED_FILES]
    found: list[str] = []
    for path in paths:
        rel = path.relative_to(ROOT).as_posix()
        if path.name != "__init__.py" and rel not in NOT_COMPILED and (not only or rel in only):
            found.append(rel)
    return found


def source_hash(rel: str) -> str:
    return hashlib.sha256((ROOT / rel).read_bytes()).hexdigest()


def write_manifest(sources: list[str]) -> None:
    modules = {rel[: -len(".py")].replace("/", "."): source_hash(rel) for rel in sources}
    MANIFEST.write_text(json.dumps({"modules": modules}, indent=1, sort_keys=True) + "\n")


class BuildOrFallBack(build_ext):
    """Compile the extensions; on failure (no compiler...) warn and leave the pure package."""

    def run(self) -> None:
        if MANIFEST.exists():
            MANIFEST.unlink()  # a failed build must not leave a manifest that names old modules
        try:
            super().run()
        except Exception as error:
            print(f"warning: compiling tabletop's rules failed ({error}); using pure Python", file=sys.stderr)
            self.extensions = []
            return
        write_manifest(compiled_sources())
        if not self.inplace:  # a wheel: the manifest goes in with the compiled modules
            target = Path(self.build_lib) / "tabletop" / "_compiled.json"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(MANIFEST.read_bytes())

    def copy_file(self, infile: Any, outfile: Any, *args: Any, **kwargs: Any) -> Any:
        """Put a module built in place (``--inplace``) by renaming a copy over the old file: a
        process that has the old one loaded (a server, an arena run) keeps its mapping, where
        writing over the file could crash it."""
        if not self.inplace or not str(outfile).endswith(".so"):
            return super().copy_file(infile, outfile, *args, **kwargs)
        temporary = f"{outfile}.new"
        super().copy_file(infile, temporary, *args, **kwargs)
        os.replace(temporary, outfile)
        return outfile, 1


def groups() -> list[tuple[list[str], str]]:
    """The compiled modules in one library per package (the core, each game, the agents' search):
    ``tabletop/<package>/compiled__mypyc.*.so``, each module's own small extension loading it.

    A library per package rather than per module (``separate=True``) or one for all: each library
    compiles mypyc's C runtime once more (per module, that was half the build's CPU time), a single
    one would leave a core idle, and a change rebuilds only its package.  docs/benchmarks.md,
    "The test suite's time"."""
    found: dict[str, list[str]] = {}
    for rel in compiled_sources():
        folder = rel.rsplit("/", 1)[0]
        package = "tabletop/agents" if folder.startswith("tabletop/agents") else folder
        found.setdefault(package.replace("/", "."), []).append(rel)
    return [(files, f"{package}.compiled") for package, files in found.items()]


def extensions() -> list[Any]:
    if os.environ.get("TABLETOP_NO_COMPILE"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("warning: mypyc is not installed; tabletop's rules stay pure Python", file=sys.stderr)
        return []
    return list(
        mypycify(
            compiled_sources(),
            # gcc -O1: the same instruction count as -O3 within 0.5% (mypyc's C is mostly calls into
            # CPython), in two thirds of the compile time (docs/benchmarks.md, "Compiled rules")
            opt_level="1",
            debug_level="0",
            separate=groups(),
        )
    )


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildOrFallBack})
