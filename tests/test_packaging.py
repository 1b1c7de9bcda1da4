"""What a user installs: a wheel carries the compiled rules and runs them; a source distribution
carries only sources, and installed where nothing compiles, runs pure Python.

Both are built from a copy of the project without its in-place build. To stay quick, the wheel
compiles one module (``TABLETOP_COMPILE_ONLY``, setup.py): the mechanism is what is tested, and
the whole build is what ``make build`` does for every other test."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ONE = "tabletop/core/rng.py"
PROBE = (
    "import json, tabletop, tabletop.core.rng as rng; "
    "state = tabletop.make('summon7', players=2).new_state(1); "
    "print(json.dumps([tabletop.BUILD, rng.__file__, len(state.legal_actions())]))"
)

pytestmark = pytest.mark.slow


def project_copy(where: Path) -> Path:
    """The project's sources, without compiled modules, their manifest, caches or build folders."""
    src = where / "src"
    src.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    ignore = shutil.ignore_patterns("*.so", "_compiled.json", "__pycache__", "*.egg-info")
    shutil.copytree(ROOT / "tabletop", src / "tabletop", ignore=ignore)
    return src


def build(src: Path, kind: str, out: Path, **env: str) -> Path:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("TABLETOP_")} | env
    done = subprocess.run(  # run from elsewhere: a checkout's build/ folder would shadow the tool
        [sys.executable, "-m", "build", f"--{kind}", "--no-isolation", "--outdir", str(out), str(src)],
        cwd=src.parent,
        env=environ,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    (made,) = out.glob("*.whl" if kind == "wheel" else "*.tar.gz")
    return made


def run_installed(site: Path, cwd: Path) -> list[object]:
    """The probe run from ``site`` alone (not this checkout): the build, where rng came from."""
    environ = {k: v for k, v in os.environ.items() if not k.startswith("TABLETOP_")}
    environ["PYTHONPATH"] = str(site)
    done = subprocess.run(
        [sys.executable, "-c", PROBE], env=environ, cwd=cwd, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result: list[object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_a_wheel_carries_the_compiled_modules_and_their_manifest(tmp_path: Path) -> None:
    src = project_copy(tmp_path)
    wheel = build(src, "wheel", tmp_path / "dist", TABLETOP_COMPILE_ONLY=ONE)
    assert "-py3-none-any" not in wheel.name, f"{wheel.name} is not a platform wheel"
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        manifest = json.loads(archive.read("tabletop/_compiled.json"))
    assert any(n.startswith("tabletop/core/rng.") and n.endswith(".so") for n in names), names
    assert list(manifest["modules"]) == ["tabletop.core.rng"]
    # the package data goes in too: the games' data files and the browser client
    needs = ("tabletop/games/megalomania/data/", "tabletop/web/js/table.js", "tabletop/web/pages/table.html")
    for needed in needs:
        assert any(n.startswith(needed) for n in names), f"the wheel lacks {needed}"
    site = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(site), str(wheel)],
        check=True,
        timeout=300,
    )
    build_name, rng_file, legal = run_installed(site, tmp_path)
    assert build_name == "compiled" and str(rng_file).endswith(".so") and str(rng_file).startswith(str(site))
    assert isinstance(legal, int) and legal > 0


def test_a_source_distribution_installs_pure_where_nothing_compiles(tmp_path: Path) -> None:
    src = project_copy(tmp_path)
    sdist = build(src, "sdist", tmp_path / "dist")
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
    assert not [n for n in names if n.endswith(".so") or n.endswith("_compiled.json")]
    assert any(n.endswith("tabletop/core/rng.py") for n in names)
    # no C compiler: the build warns and installs the pure package, which runs
    site = tmp_path / "site"
    environ = {k: v for k, v in os.environ.items() if not k.startswith("TABLETOP_")}
    environ |= {"CC": "/bin/false", "TABLETOP_COMPILE_ONLY": ONE}
    install = ["install", "--no-deps", "--no-build-isolation", "-v", "--target", str(site), str(sdist)]
    done = subprocess.run(
        [sys.executable, "-m", "pip", *install],
        cwd=tmp_path,
        env=environ,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "using pure Python" in done.stdout + done.stderr
    assert not list(site.rglob("*.so")) and not (site / "tabletop" / "_compiled.json").exists()
    build_name, rng_file, legal = run_installed(site, tmp_path)
    assert build_name == "pure" and str(rng_file).endswith("rng.py") and str(rng_file).startswith(str(site))
    assert isinstance(legal, int) and legal > 0
