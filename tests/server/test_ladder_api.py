"""What the levels mean (issue 34): GET /api/ladder/{game} serves the ladder file a game ships, null
for a game not measured yet, and every shipped file reads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.core.registry import names
from tabletop.server import ladder_api
from tabletop.sim.ladder import ENTRANTS, ladder

from .helpers import running


def test_the_ladder_a_game_ships_is_served_and_a_game_without_one_is_not_measured(
    db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = ladder("summon7", players=2, games=4, seed=2, entrants=("random", "heuristic"), resamples=20)
    (tmp_path / "summon7.json").write_text(json.dumps(made.to_json()))
    monkeypatch.setattr(ladder_api, "FOLDER", tmp_path)
    with running(db_url) as client:
        answer = client.get("/api/ladder/summon7")
        assert answer.status_code == 200
        body = answer.json()
        assert body["game"] == "summon7" and body["ladder"]["command"] == made.command()
        assert [level["bot"] for level in body["ladder"]["levels"]] == ["random", "heuristic"]
        assert body["ladder"]["levels"] == made.to_json()["levels"]
        assert client.get("/api/ladder/megalomania").json() == {"game": "megalomania", "ladder": None}
        assert client.get("/api/ladder/chess").status_code == 404


def test_every_shipped_ladder_reads_and_rates_every_level() -> None:
    shipped = sorted(Path(ladder_api.__file__).with_name("ladder").glob("*.json"))
    for path in shipped:
        assert path.stem in names(), path
        found = ladder_api.load(path.stem)
        assert found is not None and [level.bot for level in found.levels] == list(ENTRANTS), path
        assert found.command.startswith(f"tabletop ladder {path.stem} ")
        for level in found.levels:
            assert level.rating_95[0] <= level.rating <= level.rating_95[1]
            assert level.win_share_95[0] <= level.win_share <= level.win_share_95[1]
