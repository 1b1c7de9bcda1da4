"""`tabletop balance`: the report, its JSON and the results file; usage errors; going on."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tabletop.cli import app
from tabletop.sim.content import DATA_FILES

runner = CliRunner()


def test_balance_writes_the_report_the_figures_and_the_games(tmp_path: Path) -> None:
    same = tmp_path / "same.toml"
    same.write_text(DATA_FILES["summon7"].read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "report.html"
    args = ["balance", "summon7", "--players", "3", "--games", "12", "--bots", "random", "--workers", "1"]
    args += ["--variant", f"same={same}", "--out", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "12 games per run" in result.output and "same: 0 significant" in result.output
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<svg" in page
    assert "http://" not in page.replace("http://www.w3.org/", "") and "<script" not in page
    figures = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert figures["games_per_run"] == 12 and [r["name"] for r in figures["runs"]] == ["baseline", "same"]
    assert len((tmp_path / "report.jsonl").read_text(encoding="utf-8").splitlines()) == 1 + 2 * 12
    again = runner.invoke(app, [*args[:5], "20", *args[6:]])
    assert again.exit_code == 0 and "12 games per run already played" in again.output
    assert "20 games per run (16 played now" in again.output


def test_balance_usage_errors(tmp_path: Path) -> None:
    for args, message in (
        (["--variant", "nofile"], "--variant takes NAME=path.toml"),
        (["--variant", f"v={tmp_path / 'missing.toml'}"], "no such file"),
        (["--bots", "random,random"], "--bots"),
        (["--until", "0"], "--until takes a width above 0"),
    ):
        result = runner.invoke(
            app, ["balance", "summon7", "--games", "2", "--out", str(tmp_path / "r.html"), *args]
        )
        assert result.exit_code == 2, result.output
        assert message in " ".join(result.output.split())
