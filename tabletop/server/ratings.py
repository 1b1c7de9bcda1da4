"""Ratings per player and game, from finished games between accounts (and bots), with OpenSkill.

The maths is OpenSkill's Plackett-Luce model (``openskill.models.PlackettLuce``, its default
parameters: a new player starts at mu 25, sigma 25/3): each seat is its own team, ranked by its
final place (1 best, ties share a place).  Everything here blocks; the server runs it on its
database thread (writer.py).  A player is ``user:<id>`` (an account) or ``bot:<level>``.

Rules:

- **Who is rated.** A finished table marked rated counts when it has at least one person seat,
  every person seat is held by an account, and no account holds two seats (a person playing
  against themself proves nothing).  Bot seats are fine: each level is one player, so people see
  how they compare with the bots.
- **Leavers.** A seat that left the game for good is placed, for the rating only, below every seat
  that stayed; several leavers share that last place.  Whatever place the game gave it when it
  ended, it gave up.  A seat that was only absent (a bot played for it until it came back) keeps
  the game's place.
- **Several bots of one level.** Each bot seat is rated as its own team, all starting from the
  level's current rating; the level then moves to the mean of those seats' new ratings (mean mu,
  mean sigma).  One game is one piece of evidence about a level, however many seats it held: it
  moves the level as much as one seat would, and two equal bots that split first and last leave it
  where it was.  The level's game count goes up by one per game.
- **The number shown** to people is :func:`shown`: the ordinal ``mu - 3 sigma`` (a rating we are
  fairly sure the player is above) on a familiar scale, ``1000 + 40 × ordinal``, rounded and never
  below 0.  A new player shows 1000; it rises as games make the rating surer, then with wins.
- **Two leaderboards** per game (issue 32): people's (accounts that are no bot accounts), and
  bots' (bot accounts and the built-in levels, so that a program's strength is read against the
  levels').  A game between a person and a bot rates both, each on their board.
- **History.** Each rated game writes one ``rating_history`` row per player (mu and sigma after
  it, at the time the game finished); a table has rows if and only if it was rated, which is what
  makes recording idempotent and lets :func:`catch_up` find tables a stopped server never rated.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from statistics import fmean

from openskill.models import PlackettLuce
from sqlalchemy import Select, and_, exists, func, insert, or_, select, update
from sqlalchemy.engine import Connection

from . import bot_store
from .schema import SeatRow, rating_history_t, ratings_t, seats_t, tables_t, users_t
from .storage import Storage

MODEL = PlackettLuce()
BASE = 1000  # the number shown for a new player
SCALE = 40  # shown points per unit of ordinal
GAMES_SHOWN = 200  # the finished games a player page lists, newest first


def shown(mu: float, sigma: float) -> int:
    """The rating people see: ``1000 + 40 × (mu - 3 sigma)``, rounded, at least 0."""
    return max(0, round(BASE + SCALE * (mu - 3 * sigma)))


def start_rating() -> int:
    """The rating shown before a player's first rated game of a game."""
    return shown(MODEL.mu, MODEL.sigma)


def user_player(user_id: int) -> str:
    return f"user:{user_id}"


def ratings_of(player: str) -> Select[str, float, float, int]:
    """A player's ratings: game, mu, sigma, games (its page; an account's data, people.py)."""
    return select(ratings_t.c.game, ratings_t.c.mu, ratings_t.c.sigma, ratings_t.c.games).where(
        ratings_t.c.player == player
    )


def history_of(player: str) -> Select[str, str, float, float, float]:
    """A player's rating history, oldest first: game, table, mu, sigma, at (its page; an account's
    data, people.py)."""
    h = rating_history_t.c
    return select(h.game, h.table_id, h.mu, h.sigma, h.at).where(h.player == player).order_by(h.id)


def bot_player(level: str) -> str:
    return f"bot:{level}"


def bot_name(level: str) -> str:
    return f"Bot ({level})"


def player_of(seat: SeatRow) -> str:
    if seat.kind == "bot":
        return bot_player(seat.level or "unknown")
    if seat.user_id is None:
        raise ValueError(f"seat {seat.seat} has no account")
    return user_player(seat.user_id)


def eligible(seats: Sequence[SeatRow]) -> bool:
    """Whether a finished table with these seats may be rated (see the module's rules)."""
    people = [s for s in seats if s.kind != "bot"]
    if not people or any(s.user_id is None for s in people):
        return False
    return len({s.user_id for s in people}) == len(people)


def rating_ranks(seats: Sequence[SeatRow], ranks: Sequence[int]) -> list[int]:
    """The places the rating uses: the game's, with every leaver sharing the place below the
    last seat that stayed."""
    stayed = [rank for seat, rank in zip(seats, ranks, strict=True) if not seat.left]
    last = max(stayed, default=0) + 1
    return [last if seat.left else rank for seat, rank in zip(seats, ranks, strict=True)]


def _recorded(conn: Connection, table_id: str) -> bool:
    query = select(rating_history_t.c.id).where(rating_history_t.c.table_id == table_id).limit(1)
    return conn.execute(query).first() is not None


def record_result(
    storage: Storage, table_id: str, game: str, seats: Sequence[SeatRow], ranks: Sequence[int], now: float
) -> bool:
    """Rate a finished table: ``ranks`` are the game's final place per seat (in ``seats``' order).
    False, and nothing changed, when the table is not eligible or was rated already."""
    if len(ranks) != len(seats):
        raise ValueError(f"{len(ranks)} ranks for {len(seats)} seats")
    if not eligible(seats):
        return False
    players = [player_of(s) for s in seats]
    distinct = list(dict.fromkeys(players))
    with storage.engine.begin() as conn:
        if _recorded(conn, table_id):
            return False
        found = {
            row.player: (float(row.mu), float(row.sigma), int(row.games))
            for row in conn.execute(
                select(ratings_t.c.player, ratings_t.c.mu, ratings_t.c.sigma, ratings_t.c.games).where(
                    ratings_t.c.game == game, ratings_t.c.player.in_(distinct)
                )
            )
        }
        teams = []
        for p in players:
            mu, sigma, _ = found.get(p, (MODEL.mu, MODEL.sigma, 0))
            teams.append([MODEL.rating(mu=mu, sigma=sigma)])
        places = [float(r) for r in rating_ranks(seats, ranks)]
        rated = MODEL.rate(teams, ranks=places)
        after: dict[str, list[tuple[float, float]]] = defaultdict(list)
        for p, team in zip(players, rated, strict=True):
            after[p].append((float(team[0].mu), float(team[0].sigma)))
        for p in distinct:
            mu = fmean(m for m, _ in after[p])  # = old mu + the mean of the seats' changes
            sigma = fmean(s for _, s in after[p])
            if p in found:
                conn.execute(
                    update(ratings_t)
                    .where(ratings_t.c.player == p, ratings_t.c.game == game)
                    .values(mu=mu, sigma=sigma, games=found[p][2] + 1)
                )
            else:
                conn.execute(insert(ratings_t).values(player=p, game=game, mu=mu, sigma=sigma, games=1))
            conn.execute(
                insert(rating_history_t).values(
                    player=p, game=game, table_id=table_id, mu=mu, sigma=sigma, at=now
                )
            )
    return True


def _chunks(items: list[str], size: int = 500) -> Iterable[list[str]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def _seats(conn: Connection, ids: list[str]) -> dict[str, list[SeatRow]]:
    found: dict[str, list[SeatRow]] = defaultdict(list)
    for chunk in _chunks(ids):
        query = (
            select(seats_t).where(seats_t.c.table_id.in_(chunk)).order_by(seats_t.c.table_id, seats_t.c.seat)
        )
        for s in conn.execute(query).mappings():
            found[s["table_id"]].append(
                SeatRow(
                    seat=s["seat"],
                    kind=s["kind"],
                    level=s["level"],
                    name=s["name"],
                    joined=bool(s["joined"]),
                    user_id=s["user_id"],
                    absent=bool(s["absent"]),
                    left=bool(s["left"]),
                    rank=s["rank"],
                )
            )
    return found


def catch_up(storage: Storage, now: float) -> int:
    """Rate, oldest first, every finished table marked rated that has no rating yet (a server
    stopped between its last action and its rating).  The places come from ``seats.rank``; a
    table without them is skipped.  Returns how many tables were rated."""
    rated = exists().where(rating_history_t.c.table_id == tables_t.c.id)
    with storage.engine.connect() as conn:
        pending = conn.execute(
            select(tables_t.c.id, tables_t.c.game, tables_t.c.finished_at)
            .where(tables_t.c.finished.is_(True), tables_t.c.rated.is_(True), ~rated)
            .order_by(func.coalesce(tables_t.c.finished_at, tables_t.c.created), tables_t.c.id)
        ).all()
        seats = _seats(conn, [str(row.id) for row in pending])
    count = 0
    for table_id, game, finished_at in pending:
        table_seats = seats.get(table_id, [])
        ranks = [s.rank for s in table_seats]
        if not table_seats or any(r is None for r in ranks):
            continue
        at = now if finished_at is None else float(finished_at)
        if record_result(storage, table_id, game, table_seats, [int(r) for r in ranks if r is not None], at):
            count += 1
    return count


# -- reads for the API ------------------------------------------------------------------
@dataclass(frozen=True)
class Standing:
    """A leaderboard line."""

    player: str  # "user:<id>" or "bot:<level>"
    name: str
    bot: bool  # a bot level, or a bot account (issue 32)
    rating: int  # shown()
    mu: float
    sigma: float
    games: int


@dataclass(frozen=True)
class Point:
    """A player's rating after one rated game."""

    at: float
    table: str
    mu: float
    sigma: float
    rating: int


@dataclass(frozen=True)
class GameRating:
    game: str
    rating: int
    mu: float
    sigma: float
    games: int
    history: list[Point] = field(default_factory=list)  # oldest first
    started: float | None = None  # when the first rated table was made (rated start_rating() then)


@dataclass(frozen=True)
class Played:
    """A finished game an account sat in."""

    table: str
    game: str
    finished_at: float | None
    seat: int
    rank: int | None  # the game's place, 1 best
    players: int
    left: bool
    rated: bool  # the table was rated (it has a rating history)
    change: int | None  # the shown rating's change for this player, when rated


@dataclass(frozen=True)
class PlayerPage:
    name: str
    ratings: list[GameRating]
    games: list[Played]
    bot: bool = False  # a bot account (issue 32)

    @property
    def history_rows(self) -> int:
        return sum(len(r.history) for r in self.ratings)


def _user_names(conn: Connection, players: Iterable[str]) -> dict[str, str]:
    ids = [int(p[5:]) for p in players if p.startswith("user:") and p[5:].isdigit()]
    names: dict[str, str] = {}
    for start in range(0, len(ids), 500):
        query = select(users_t.c.id, users_t.c.name).where(users_t.c.id.in_(ids[start : start + 500]))
        for user_id, name in conn.execute(query):
            names[user_player(int(user_id))] = str(name)
    return names


def leaderboard(storage: Storage, game: str, limit: int = 100, bots: bool = False) -> list[Standing]:
    """The best ``limit`` players of ``game`` by shown rating: people (accounts that are no bot
    accounts), or with ``bots`` the bots: bot accounts and the built-in levels, so that a program
    of one's own is measured against the levels (issue 32)."""
    ordinal = ratings_t.c.mu - 3 * ratings_t.c.sigma
    with storage.engine.connect() as conn:
        programs = [user_player(i) for i in bot_store.bot_ids_in(conn)]
        board = (
            or_(ratings_t.c.player.like("bot:%"), ratings_t.c.player.in_(programs))
            if bots
            else and_(ratings_t.c.player.like("user:%"), ratings_t.c.player.not_in(programs))
        )
        rows = conn.execute(
            select(ratings_t.c.player, ratings_t.c.mu, ratings_t.c.sigma, ratings_t.c.games)
            .where(ratings_t.c.game == game, board)
            .order_by(ordinal.desc(), ratings_t.c.games.desc(), ratings_t.c.player)
            .limit(limit)
        ).all()
        names = _user_names(conn, (str(r.player) for r in rows))
        bot_accounts = bot_store.bot_players(conn, names)
    found: list[Standing] = []
    for player, mu, sigma, games in rows:
        level = str(player).startswith("bot:")
        bot = level or str(player) in bot_accounts
        name = bot_name(str(player)[4:]) if level else names.get(str(player))
        if name is None:  # an account that no longer exists
            continue
        found.append(Standing(str(player), name, bot, shown(mu, sigma), float(mu), float(sigma), int(games)))
    return found


def player(storage: Storage, name: str, limit: int = GAMES_SHOWN) -> PlayerPage | None:
    """An account's ratings (with history) and its last ``limit`` finished games; None when no
    account has that name (names compare case-blind)."""
    with storage.engine.connect() as conn:
        user = conn.execute(
            select(users_t.c.id, users_t.c.name, users_t.c.bot).where(
                func.lower(users_t.c.name) == name.lower()
            )
        ).first()
        if user is None:
            return None
        key = user_player(int(user.id))
        current = conn.execute(ratings_of(key).order_by(ratings_t.c.game)).all()
        history = conn.execute(
            history_of(key)
            .add_columns(tables_t.c.created)
            .outerjoin(tables_t, tables_t.c.id == rating_history_t.c.table_id)
        ).all()
        counts = (
            select(seats_t.c.table_id, func.count().label("players")).group_by(seats_t.c.table_id).subquery()
        )
        when = func.coalesce(tables_t.c.finished_at, tables_t.c.created)
        played = conn.execute(
            select(
                tables_t.c.id,
                tables_t.c.game,
                tables_t.c.finished_at,
                seats_t.c.seat,
                seats_t.c.rank,
                seats_t.c.left,
                counts.c.players,
            )
            .join(seats_t, seats_t.c.table_id == tables_t.c.id)
            .join(counts, counts.c.table_id == tables_t.c.id)
            .where(seats_t.c.user_id == user.id, tables_t.c.finished.is_(True))
            .order_by(when.desc(), tables_t.c.id, seats_t.c.seat)
            .limit(limit)
        ).all()
    points: dict[str, list[Point]] = defaultdict(list)
    changes: dict[str, int] = {}
    started: dict[str, float] = {}
    for game, table_id, mu, sigma, at, created in history:
        line = points[game]
        if not line:
            started[game] = float(at) if created is None else min(float(created), float(at))
        before = line[-1].rating if line else start_rating()
        point = Point(float(at), str(table_id), float(mu), float(sigma), shown(mu, sigma))
        line.append(point)
        changes[point.table] = point.rating - before
    ratings = [
        GameRating(
            str(g),
            shown(mu, sigma),
            float(mu),
            float(sigma),
            int(n),
            points.get(str(g), []),
            started.get(str(g)),
        )
        for g, mu, sigma, n in current
    ]
    games = [
        Played(
            table=str(t),
            game=str(g),
            finished_at=None if at is None else float(at),
            seat=int(seat),
            rank=None if rank is None else int(rank),
            players=int(n),
            left=bool(left),
            rated=str(t) in changes,
            change=changes.get(str(t)),
        )
        for t, g, at, seat, rank, left, n in played
    ]
    return PlayerPage(str(user.name), ratings, games, bool(user.bot))


def rated_games(storage: Storage) -> dict[str, int]:
    """How many tables of each game were rated (games without any left out)."""
    tables = func.count(func.distinct(rating_history_t.c.table_id))
    with storage.engine.connect() as conn:
        rows = conn.execute(select(rating_history_t.c.game, tables).group_by(rating_history_t.c.game)).all()
    return {str(game): int(n) for game, n in rows}


def last_rated(storage: Storage, user_id: int) -> str | None:
    """The game of an account's last rated table (None before its first)."""
    with storage.engine.connect() as conn:
        game = conn.execute(
            select(rating_history_t.c.game)
            .where(rating_history_t.c.player == user_player(user_id))
            .order_by(rating_history_t.c.at.desc(), rating_history_t.c.id.desc())
            .limit(1)
        ).scalar()
    return None if game is None else str(game)
