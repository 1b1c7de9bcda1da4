"""Choosing a backend: the default never imports Ray, a missing Ray is explained, bad values refused."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tabletop.cli import app
from tabletop.sim.pool import BackendError, ProcessRunner, open_backend

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


def test_the_process_backend_is_the_default_and_never_imports_ray() -> None:
    code = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from tabletop.cli import app\n"
        "from tabletop.sim import simulate\n"
        "from tabletop.sim.arena import arena\n"
        "simulate('summon7', games=2, workers=2)\n"
        "arena('summon7', {'players': 2}, ['random'], 2, workers=1)\n"
        "assert CliRunner().invoke(app, ['simulate', 'summon7', '--games', '2']).exit_code == 0\n"
        "assert 'ray' not in sys.modules, 'ray was imported'\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    with open_backend() as found:
        assert isinstance(found, ProcessRunner) and found.backend == "process" and found.workers >= 1


def test_without_ray_the_ray_backend_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    with pytest.raises(BackendError, match=r"needs Ray.*pip install -e '\.\[cluster\]'"), open_backend("ray"):
        pass
    result = runner.invoke(app, ["simulate", "summon7", "--games", "2", "--backend", "ray"])
    assert result.exit_code == 1, result.output
    said = " ".join(result.stderr.split())
    assert "--backend ray needs Ray" in said and "pip install -e '.[cluster]'" in said
    assert "Traceback" not in result.output


def test_bad_backends_and_addresses_are_refused() -> None:
    with pytest.raises(BackendError, match="no backend called 'cluster'"), open_backend("cluster"):
        pass
    with pytest.raises(BackendError, match="use it with --backend ray"), open_backend(address="ray://h:1"):
        pass
    for command in ("simulate", "arena", "balance"):
        result = runner.invoke(app, [command, "summon7", "--games", "2", "--backend", "cluster"])
        assert result.exit_code == 2, result.output
        said = " ".join(result.output.split())
        assert "Invalid value for '--backend'" in said and "'process', 'ray'" in said
        args = [command, "summon7", "--games", "2", "--bots", "random", "--address", "ray://h:1"]
        result = runner.invoke(app, args)
        assert result.exit_code == 2, result.output
        assert "add --backend ray" in " ".join(result.stderr.split())
