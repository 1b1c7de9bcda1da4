"""docs/megacorps.md shows the board as the data file has it: a rebalanced country must not leave
the player's page out of date."""

from __future__ import annotations

from pathlib import Path

import tabletop
from tabletop.games.megacorps.data import GOVERNMENTS

PAGE = Path(__file__).resolve().parents[3] / "docs" / "megacorps.md"


def test_the_board_table_matches_the_data() -> None:
    data = tabletop.make("megacorps").data
    rows = {}
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 7 and cells[1].startswith("`"):
            rows[cells[1].strip("`")] = cells
    assert set(rows) == {c.code for c in data.countries}, "docs/megacorps.md lacks countries or has others"
    for country in data.countries:
        _, _, government, defense, force, companies, _ = rows[country.code]
        assert government == GOVERNMENTS[country.government], country.code
        if not country.neutral:
            assert (int(defense), int(force)) == (country.defense, country.force), country.code
        names = {i.code: i.name for i in data.industries}
        listed = [c.strip().split(" (")[0] for c in companies.split(",")]
        assert listed == [names[i] for i in country.industries], country.code
