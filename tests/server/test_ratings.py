"""Ratings (OpenSkill's Plackett-Luce): who is rated, how a result moves the ratings (winners,
losers, ties, leavers, several bots of one level), recording once only, and catching up on tables
a stopped server never rated."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from openskill.models import PlackettLuce
from sqlalchemy import func, select

from tabletop.server.ratings import catch_up, eligible, leaderboard, player, record_result, shown
from tabletop.server.schema import rating_history_t, ratings_t
from tabletop.server.storage import SeatRow, Storage, TableRow

NOW = 1_800_000_000.0


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest) -> str:
    name = "db_url" if request.param == "sqlite" else "pg_url"
    return str(request.getfixturevalue(name))


@pytest.fixture
def storage(db_url: str) -> Iterator[Storage]:
    found = Storage(db_url)
    found.create_schema()
    yield found
    found.close()


def person(seat: int, user_id: int | None, left: bool = False) -> SeatRow:
    return SeatRow(seat, "person", name=f"p{seat}", joined=True, user_id=user_id, left=left)


def bot(seat: int, level: str = "normal") -> SeatRow:
    return SeatRow(seat, "bot", level=level)


def users(storage: Storage, *names: str) -> list[int]:
    found = [storage.add_user(name, "not-a-real-hash", NOW) for name in names]
    assert all(i is not None for i in found)
    return [int(i) for i in found if i is not None]


def finished(
    storage: Storage,
    table_id: str,
    seats: list[SeatRow],
    ranks: list[int] | None = None,
    rated: bool = True,
    at: float = NOW,
) -> None:
    """A finished table in the database, as the server leaves it."""
    row = TableRow(table_id, "megalomania", {"players": len(seats)}, 1, None, at - 600, seats, rated=rated)
    storage.insert_table(row)
    if ranks is not None:
        storage.set_ranks(table_id, ranks)
    storage.update_table(table_id, {"finished": True, "finished_at": at})


def rating(storage: Storage, player_key: str, game: str = "megalomania") -> tuple[float, float, int]:
    with storage.engine.connect() as conn:
        row = conn.execute(
            select(ratings_t.c.mu, ratings_t.c.sigma, ratings_t.c.games).where(
                ratings_t.c.player == player_key, ratings_t.c.game == game
            )
        ).one()
    return float(row[0]), float(row[1]), int(row[2])


def history(storage: Storage) -> list[tuple[Any, ...]]:
    with storage.engine.connect() as conn:
        rows = conn.execute(
            select(
                rating_history_t.c.player,
                rating_history_t.c.table_id,
                rating_history_t.c.mu,
                rating_history_t.c.sigma,
                rating_history_t.c.at,
            ).order_by(rating_history_t.c.id)
        ).all()
    return [tuple(r) for r in rows]


def record(storage: Storage, table_id: str, seats: list[SeatRow], ranks: list[int], at: float = NOW) -> bool:
    finished(storage, table_id, seats, ranks, at=at)
    return record_result(storage, table_id, "megalomania", seats, ranks, at)


def test_only_tables_of_accounts_and_bots_are_eligible() -> None:
    assert eligible([person(0, 1), person(1, 2)])
    assert eligible([person(0, 1), bot(1), bot(2, "hard")])
    assert not eligible([person(0, 1), person(1, None)])  # a guest
    assert not eligible([bot(0), bot(1)])  # nobody to rate
    assert not eligible([person(0, 1), person(1, 1)])  # one account in two seats


def test_a_guest_table_is_not_rated_and_changes_nothing(storage: Storage) -> None:
    (ana,) = users(storage, "ana")
    assert not record(storage, "t1", [person(0, ana), person(1, None)], [1, 2])
    assert history(storage) == []
    assert leaderboard(storage, "megalomania") == []


@pytest.mark.parametrize("ranks", [[1, 2], [2, 1], [1, 1]])
def test_two_players_match_openskill_called_directly(url: str, ranks: list[int]) -> None:
    storage = Storage(url)
    storage.create_schema()
    ana, bob = users(storage, "ana", "bob")
    assert record(storage, "t1", [person(0, ana), person(1, bob)], ranks)
    model = PlackettLuce()
    expected = model.rate([[model.rating()], [model.rating()]], ranks=[float(r) for r in ranks])
    for key, team in zip([f"user:{ana}", f"user:{bob}"], expected, strict=True):
        mu, sigma, games = rating(storage, key)
        assert mu == pytest.approx(team[0].mu) and sigma == pytest.approx(team[0].sigma) and games == 1
    # a second game starts from the first one's ratings
    assert record(storage, "t2", [person(0, bob), person(1, ana)], [1, 2], at=NOW + 60)
    start = [model.rating(mu=team[0].mu, sigma=team[0].sigma) for team in expected]
    again = model.rate([[start[1]], [start[0]]], ranks=[1.0, 2.0])
    assert rating(storage, f"user:{bob}")[0] == pytest.approx(again[0][0].mu)
    assert rating(storage, f"user:{ana}") == pytest.approx((again[1][0].mu, again[1][0].sigma, 2))
    assert [h[1] for h in history(storage)] == ["t1", "t1", "t2", "t2"]
    storage.close()


def test_the_winner_rises_the_loser_falls_and_ties_share(storage: Storage) -> None:
    ana, bob, cy, dee = users(storage, "ana", "bob", "cy", "dee")
    assert record(
        storage, "t1", [person(0, ana), person(1, bob), person(2, cy), person(3, dee)], [3, 1, 2, 2]
    )
    mus = {
        name: rating(storage, f"user:{i}")[0]
        for name, i in [("ana", ana), ("bob", bob), ("cy", cy), ("dee", dee)]
    }
    assert mus["bob"] > 25 > mus["ana"]
    assert mus["cy"] == pytest.approx(mus["dee"])  # a tie, from equal ratings
    assert mus["bob"] > mus["cy"] > mus["ana"]
    rows = history(storage)
    assert len(rows) == 4 and {r[4] for r in rows} == {NOW}
    assert shown(*rating(storage, f"user:{bob}")[:2]) > shown(*rating(storage, f"user:{ana}")[:2])


def test_a_leaver_is_ranked_below_everyone_who_stayed(storage: Storage) -> None:
    ana, bob, cy = users(storage, "ana", "bob", "cy")
    # the game placed ana first, but she left for good: for the rating she comes last
    assert record(storage, "t1", [person(0, ana, left=True), person(1, bob), person(2, cy)], [1, 2, 3])
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in range(3)], ranks=[4.0, 2.0, 3.0])
    for key, team in zip([ana, bob, cy], expected, strict=True):
        assert rating(storage, f"user:{key}")[0] == pytest.approx(team[0].mu)
    assert rating(storage, f"user:{ana}")[0] < 25 < rating(storage, f"user:{bob}")[0]
    # two leavers share the last place
    dee, eve = users(storage, "dee", "eve")
    seats = [person(0, dee, left=True), person(1, eve, left=True), bot(2, "easy")]
    assert record(storage, "t2", seats, [1, 2, 3])
    assert rating(storage, f"user:{dee}")[0] == pytest.approx(rating(storage, f"user:{eve}")[0])
    assert rating(storage, "bot:easy")[0] > 25


def test_several_bots_of_one_level_move_it_by_their_mean(storage: Storage) -> None:
    (ana,) = users(storage, "ana")
    seats = [person(0, ana), bot(1), bot(2), bot(3, "hard")]
    assert record(storage, "t1", seats, [1, 2, 4, 3])
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in range(4)], ranks=[1.0, 2.0, 4.0, 3.0])
    mu, sigma, games = rating(storage, "bot:normal")
    assert mu == pytest.approx((expected[1][0].mu + expected[2][0].mu) / 2)
    assert sigma == pytest.approx((expected[1][0].sigma + expected[2][0].sigma) / 2)
    assert games == 1  # one game, however many seats
    assert rating(storage, "bot:hard")[0] == pytest.approx(expected[3][0].mu)
    assert rating(storage, f"user:{ana}")[0] == pytest.approx(expected[0][0].mu)
    assert sorted(r[0] for r in history(storage)) == ["bot:hard", "bot:normal", f"user:{ana}"]
    # the next game starts the level's seats from its new rating
    assert record(storage, "t2", [person(0, ana), bot(1)], [2, 1], at=NOW + 60)
    start = model.rating(mu=mu, sigma=sigma)
    mine = model.rating(mu=expected[0][0].mu, sigma=expected[0][0].sigma)
    again = model.rate([[mine], [start]], ranks=[2.0, 1.0])
    assert rating(storage, "bot:normal") == pytest.approx((again[1][0].mu, again[1][0].sigma, 2))


def test_recording_twice_changes_nothing(storage: Storage) -> None:
    ana, bob = users(storage, "ana", "bob")
    seats = [person(0, ana), person(1, bob)]
    assert record(storage, "t1", seats, [1, 2])
    before = (rating(storage, f"user:{ana}"), rating(storage, f"user:{bob}"), history(storage))
    assert not record_result(storage, "t1", "megalomania", seats, [2, 1], NOW + 5)
    assert (rating(storage, f"user:{ana}"), rating(storage, f"user:{bob}"), history(storage)) == before
    assert catch_up(storage, NOW + 10) == 0


def test_catch_up_rates_finished_rated_tables_in_order(url: str) -> None:
    storage = Storage(url)
    storage.create_schema()
    ana, bob = users(storage, "ana", "bob")
    seats = [person(0, ana), person(1, bob)]
    finished(storage, "late", [person(0, ana), person(1, bob)], [2, 1], at=NOW + 100)
    finished(storage, "early", [person(0, ana), person(1, bob)], [1, 2], at=NOW)
    finished(storage, "friendly", [person(0, ana), person(1, bob)], [1, 2], rated=False, at=NOW + 50)
    finished(storage, "noranks", [person(0, ana), person(1, bob)], None, at=NOW + 60)
    finished(storage, "guest", [person(0, ana), person(1, None)], [1, 2], at=NOW + 70)
    storage.insert_table(TableRow("playing", "megalomania", {"players": 2}, 1, None, NOW, seats, rated=True))
    assert catch_up(storage, NOW + 1000) == 2
    rows = history(storage)
    assert [r[1] for r in rows] == ["early", "early", "late", "late"]  # by finished_at
    assert [r[4] for r in rows] == [NOW, NOW, NOW + 100, NOW + 100]  # when each game finished
    model = PlackettLuce()
    first = model.rate([[model.rating()], [model.rating()]], ranks=[1.0, 2.0])
    second = model.rate(first, ranks=[2.0, 1.0])
    assert rating(storage, f"user:{ana}") == pytest.approx((second[0][0].mu, second[0][0].sigma, 2))
    assert catch_up(storage, NOW + 2000) == 0
    with storage.engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(rating_history_t)).scalar_one() == 4
    storage.close()


def test_the_shown_rating_starts_at_1000_and_follows_the_ordinal() -> None:
    model = PlackettLuce()
    assert shown(model.mu, model.sigma) == 1000
    assert shown(30.0, 2.0) == 1000 + 40 * 24
    assert shown(25.3, 0.0) == 2012  # 1000 + 40 * 25.3 = 2012.0, rounded
    assert shown(25.0, 3.0) > shown(25.0, 5.0)  # surer is higher
    assert shown(-100.0, 8.0) == 0


def test_a_player_page_lists_ratings_history_and_games(storage: Storage) -> None:
    ana, bob = users(storage, "Ana", "bob")
    assert record(storage, "t1", [person(0, ana), person(1, bob)], [1, 2])
    finished(storage, "t2", [person(0, ana, left=True), person(1, bob), bot(2)], [2, 1, 3], at=NOW + 60)
    page = player(storage, "ana")
    assert page is not None and page.name == "Ana"
    assert [r.game for r in page.ratings] == ["megalomania"]
    (points,) = [r.history for r in page.ratings]
    assert [p.table for p in points] == ["t1"] and points[0].rating == page.ratings[0].rating
    assert [(g.table, g.rank, g.players, g.left, g.rated) for g in page.games] == [
        ("t2", 2, 3, True, False),
        ("t1", 1, 2, False, True),
    ]
    assert page.games[1].change == page.ratings[0].rating - 1000 and page.games[0].change is None
    assert player(storage, "nobody") is None
