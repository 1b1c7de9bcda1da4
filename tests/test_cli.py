"""The `tabletop` command, through Typer's test runner."""

from __future__ import annotations

import json
import random
import re
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import tabletop
from tabletop.cli import app
from tabletop.core.record import Record, play_out

runner = CliRunner()


def invoke(*args: str, input: str | None = None) -> Any:
    return runner.invoke(app, list(args), input=input)


def failed_cleanly(result: Any, code: int, message: str) -> None:
    assert result.exit_code == code, result.output
    assert message in result.stderr
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


# -------------------------------------------------------------------- games
def test_games_lists_megalomania_and_its_options() -> None:
    result = invoke("games")
    assert result.exit_code == 0, result.output
    assert "megalomania: Megalomania" in result.stdout
    assert "players" in result.stdout and "2..4" in result.stdout


# ----------------------------------------------------------------- simulate
def simulate_json(*args: str) -> dict[str, Any]:
    result = invoke("simulate", "megalomania", "--games", "2", "--json", *args)
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    assert set(data.pop("timing")) == {"elapsed_seconds", "games_per_second"}
    return data


def test_simulate_json_is_reproducible() -> None:
    first = simulate_json("--seed", "3")
    assert first == simulate_json("--seed", "3")
    assert first != simulate_json("--seed", "4")
    assert first == simulate_json("--seed", "3", "--workers", "2")
    assert first["games"] == 2 and first["players"] == 4 and len(first["seats"]) == 4


def test_simulate_text_differs_only_in_timing() -> None:
    def run() -> list[str]:
        result = invoke("simulate", "--games", "2", "--players", "3", "--seed", "9")
        assert result.exit_code == 0, result.output
        assert result.stderr == ""  # no progress bar off a terminal
        return [line for line in result.stdout.splitlines() if not line.startswith("Timing:")]

    lines = run()
    assert lines == run()
    assert "megalomania: 3 players, 2 games, seed 9; bots: random, random, random" in lines[0]
    assert any("win share" in line for line in lines)
    assert any(line.startswith("Game length in decisions: mean") for line in lines)


def test_simulate_bots_and_options() -> None:
    data = simulate_json("--players", "2", "--bots", "random,random", "-o", "data=")
    assert data["bots"] == ["random", "random"] and data["options"] == {
        "players": 2,
        "data": "",
        "pairs": False,
    }


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nosuchgame"], "no game called 'nosuchgame'"),
        (["--players", "9"], "option 'players' must be at most 4"),
        (["--bots", "random,random"], "--bots: 4 players need 4 bots"),
        (["--bots", "genius"], "no bot called genius"),
        (["-o", "colour=red"], "unknown option(s) colour"),
        (["-o", "players"], "--option takes KEY=VALUE"),
    ],
)
def test_simulate_usage_errors(args: list[str], message: str) -> None:
    failed_cleanly(invoke("simulate", *args, "--games", "1"), 2, message)


# ------------------------------------------------------------------- replay
@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Any, Record]:
    game = tabletop.make("megalomania", players=4)
    record = Record("megalomania", dict(game.options), seed=11)
    rng = random.Random(11)
    final = play_out(record.initial_state(game), lambda s: rng.choice(s.legal_actions()), record)
    path = tmp_path_factory.mktemp("records") / "game.json"
    record.save(path)
    return path, final, record


def test_replay_reproduces_the_final_scores(saved: tuple[Path, Any, Record]) -> None:
    path, final, record = saved
    result = invoke("replay", str(path))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert f"seed 11, {len(record.actions)} actions" in out
    assert "Final scores" in out
    for seat, (points, place) in enumerate(zip(final.scores(), final.ranking(), strict=True)):
        assert re.search(rf"^\s*seat {seat}\s+{points}\s+{place}\s*$", out, re.MULTILINE), out[-400:]
    assert f"{len(record.actions):5} seat " in out
    assert f"game-over: scores={','.join(map(str, final.scores()))}" in out
    assert "hand:" not in out  # private events stay hidden without --seat


def test_replay_as_a_seat_shows_its_private_events(saved: tuple[Path, Any, Record]) -> None:
    path, _, _ = saved
    result = invoke("replay", str(path), "--seat", "2", "--step", input="")
    assert result.exit_code == 0, result.output
    assert "hand: seat=2" in result.stdout and "(seen by 2)" in result.stdout
    assert "hand: seat=1" not in result.stdout
    failed_cleanly(invoke("replay", str(path), "--seat", "4"), 2, "--seat must be from 0 to 3")


def test_replay_of_an_unfinished_record(saved: tuple[Path, Any, Record], tmp_path: Path) -> None:
    _, _, record = saved
    short = Record(record.game, record.options, record.seed, record.setup, record.actions[:10])
    short.save(tmp_path / "short.json")
    result = invoke("replay", str(tmp_path / "short.json"))
    assert result.exit_code == 0, result.output
    assert "stops before the end" in result.stdout and "Scores so far" in result.stdout


def corrupt(tmp_path: Path, record: Record, change: Any) -> Path:
    data = record.to_json()
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_replay_refuses_corrupt_records(saved: tuple[Path, Any, Record], tmp_path: Path) -> None:
    _, _, record = saved
    bad_json = tmp_path / "garbage.json"
    bad_json.write_text('{"format": "tabletop-record/1", "actions": [', encoding="utf-8")
    failed_cleanly(invoke("replay", str(bad_json)), 1, "is not valid JSON")

    def illegal(data: dict[str, Any]) -> None:
        data["actions"][30] = "take=scroll"  # resources are long chosen by then

    failed_cleanly(invoke("replay", str(corrupt(tmp_path, record, illegal))), 1, "action 30 ('take=scroll')")

    def gibberish(data: dict[str, Any]) -> None:
        data["actions"][3] = "jump"

    failed_cleanly(invoke("replay", str(corrupt(tmp_path, record, gibberish))), 1, "does not replay")

    def wrong_format(data: dict[str, Any]) -> None:
        data["format"] = "chess-pgn"

    failed_cleanly(
        invoke("replay", str(corrupt(tmp_path, record, wrong_format))), 1, "not a tabletop-record/1"
    )

    def wrong_game(data: dict[str, Any]) -> None:
        data["game"] = "chess"

    failed_cleanly(invoke("replay", str(corrupt(tmp_path, record, wrong_game))), 1, "no game called 'chess'")
    failed_cleanly(invoke("replay", str(tmp_path / "missing.json")), 1, "no such record")


# --------------------------------------------------------------------- play
@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """A stand-in for tabletop.terminal that records how it was called."""
    calls: list[tuple[Any, ...]] = []
    fake = types.ModuleType("tabletop.terminal")
    fake.run_game = lambda *args: calls.append(args)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tabletop.terminal", fake)
    return calls


def test_play_calls_the_terminal_game(terminal: list[tuple[Any, ...]], tmp_path: Path) -> None:
    save = tmp_path / "my.json"
    args = ("--players", "3", "--seat", "2", "--seed", "42", "--save", str(save), "--difficulty", "easy")
    result = invoke("play", *args)
    assert result.exit_code == 0, result.output
    assert terminal == [
        (
            "megalomania",
            {"players": 3, "data": "", "pairs": False},
            2,
            ["easy", "easy"],
            42,
            "easy",
            save,
            None,
        )
    ]
    assert invoke("play", "--difficulty", "godlike").exit_code == 2
    assert "42" in result.stdout


def test_play_defaults(terminal: list[tuple[Any, ...]]) -> None:
    result = invoke("play")
    assert result.exit_code == 0, result.output
    (game, options, seat, bots, seed, _, save, resume) = terminal[0]
    # without --bots, the other seats are bots of the chosen difficulty (normal by default)
    assert (game, options["players"], seat, bots, resume) == ("megalomania", 4, 0, ["normal"] * 3, None)
    assert save == Path("megalomania.save.json")
    assert f"Seed {seed}" in result.stdout and f"--seed {seed}" in result.stdout


def test_play_resume(
    terminal: list[tuple[Any, ...]], saved: tuple[Path, Any, Record], tmp_path: Path
) -> None:
    path, _, _ = saved
    result = invoke("play", "--resume", str(path))
    assert result.exit_code == 0, result.output
    assert terminal[0][6] == terminal[0][7] == path  # saves back to the file it resumed
    failed_cleanly(invoke("play", "--resume", str(tmp_path / "none.json")), 1, "no saved game")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "4"], "--seat must be from 0 to 3"),
        (["--bots", "random,random"], "--bots: 3 players need 3 bots"),
        (["checkers"], "no game called 'checkers'"),
        (["--players", "1"], "must be at least 2"),
    ],
)
def test_play_usage_errors(terminal: list[tuple[Any, ...]], args: list[str], message: str) -> None:
    failed_cleanly(invoke("play", *args), 2, message)
    assert terminal == []


def test_play_reports_the_terminal_refusals(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any) -> None:
        raise ValueError("the terminal plays megalomania only")

    fake = types.ModuleType("tabletop.terminal")
    fake.run_game = refuse  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tabletop.terminal", fake)
    failed_cleanly(invoke("play", "--seed", "1"), 1, "the terminal plays megalomania only")


# ------------------------------------------------------------------- review
@pytest.fixture(scope="module")
def summon7_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Record]:
    record = Record("summon7", {"players": 3, "target": 30}, seed=4)
    rng = random.Random(4)
    play_out(record.initial_state(), lambda s: rng.choice(s.legal_actions()), record)
    path = tmp_path_factory.mktemp("records") / "summon7.json"
    record.save(path)
    return path, record


def test_review_prints_each_seats_chance_and_the_turning_points(summon7_game: tuple[Path, Record]) -> None:
    from tabletop.agents import advice

    path, record = summon7_game
    result = invoke("review", str(path), "--playouts", "3", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data == advice.review(record, playouts=3)  # the server's numbers, for its default seed
    text = invoke("review", str(path), "--playouts", "3", "--every", "2")
    assert text.exit_code == 0, text.output
    out = text.stdout
    assert "Chance of winning after each decision" in out and "Turning points" in out
    assert f"3 playouts per decision, seed {advice.review_seed(record)}" in out
    rows = [line for line in out.splitlines() if re.match(r"^\s+\d+\s+(seat \d|end)\s", line)]
    points = data["points"]
    shown = len(range(0, len(points), 2)) + (len(points) - 1) % 2
    assert len(rows) == shown + len(data["turning"])
    final = [line for line in rows if " end " in line]
    assert final and final[0].split()[-3:] == [f"{round(c * 100)}%" for c in points[-1]["chances"]]
    assert json.loads(invoke("review", str(path), "--playouts", "3", "--json", "--seed", "5").stdout) != data


def test_review_refuses_an_unfinished_game_and_a_missing_file(
    summon7_game: tuple[Path, Record], tmp_path: Path
) -> None:
    _, record = summon7_game
    short = Record(record.game, record.options, record.seed, record.setup, record.actions[:3])
    short.save(tmp_path / "short.json")
    failed_cleanly(invoke("review", str(tmp_path / "short.json")), 2, "stops before the end of the game")
    failed_cleanly(invoke("review", str(tmp_path / "none.json")), 1, "no such record")
