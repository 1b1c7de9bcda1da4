"""PerGame: a bot's tables made once per game object, the last few kept."""

from __future__ import annotations

from tabletop.agents.pergame import PerGame


class Game:
    pass


def test_tables_are_made_once_per_game_and_the_oldest_dropped() -> None:
    made: list[Game] = []

    def make(game: Game) -> list[Game]:
        made.append(game)
        return [game]

    tables: PerGame[Game, list[Game]] = PerGame(make, keep=2)
    a, b, c = Game(), Game(), Game()
    assert tables.get(a) == [a] and tables.get(a) is tables.get(a)
    assert tables.get(b) == [b]
    assert made == [a, b]
    tables.get(a)  # a is now the most recent: c's arrival drops b
    tables.get(c)
    tables.get(a)
    assert made == [a, b, c]
    tables.get(b)
    assert made == [a, b, c, b]


def test_a_new_game_at_a_freed_games_address_gets_its_own_tables() -> None:
    tables: PerGame[Game, Game] = PerGame(lambda game: game, keep=4)
    for _ in range(50):  # games made and dropped: an id may come back, the entry must not
        game = Game()
        assert tables.get(game) is game
