"""The server's database schema (SQLAlchemy Core), and the rows the code passes around.

The migrations in migrations/ build exactly this (a test compares them).  Tables:

- ``game_tables``: a table's game, options, seed and set-up; its time control (``clock``, JSON),
  when its clocks started (``started``: once every person seat was taken), whether it is rated,
  private (not offered in the lobby) and the bot level that plays for an absent seat
  (``takeover``); who created it, and when it finished; for a tutorial table (issue 28), the game
  whose guided first game it plays (``tutorial``) and whether its person left the guide.
- ``seats``: person or bot; a person's token hash, display name, account (``user_id``), whether
  the seat is absent (its clock ran out: a bot plays for it until the player returns) or left for
  good, and its final place (``rank``).
- ``actions``: one row per accepted action, numbered from 0 per table, with the time it was
  accepted, whether a bot played it for an absent seat (``auto``), and for a trade offer made at
  any time its promise (``note``: words between the two players, never part of the game's record).
- ``chat``: a table's chat lines.
- ``users`` and ``sessions``: accounts (accounts.py); ``devices``: the browsers an account logged in
  from (a device cookie's hash), which login throttling trusts (accounts.py).
- ``ratings`` and ``rating_history``: a rating per player and game, and each rated game's change
  (ratings.py); a player is ``user:<id>`` or ``bot:<level>``.
- ``hints``: each hint a seat asked for at an unrated table (the seat's first is ``idx`` 0), at
  which step and when: the count per game survives a restart (hints.py, issue 28).
- ``reviews``: a finished game's review (reviews.py): its status (``computing``, ``done``,
  ``failed``), the parameters it was computed with (JSON), the review (JSON) and when.
- ``emails``, ``reset_tokens``, ``notify_off``, ``turn_notices``, ``push_subscriptions``,
  ``outbox`` and ``server_secrets``: email addresses, password resets, notifications by mail and
  Web Push and their queue (issue 30; mailbox.py).
- ``blocks``, ``mutes``, ``reports``, ``banned_addresses`` and ``moderation_events``: players
  blocked by an account, chat muted per seat, chat reports, suspended addresses and the admins'
  actions every server process applies (issue 31; moderation.py); ``users.admin`` and
  ``users.suspended``, ``game_tables.halt`` (paused or ended by an admin).
- ``users.bot`` and ``api_tokens``: bot accounts and their API tokens, hashed (issue 32; bot_store.py).
- ``challenges``: a person's challenges to bot accounts, with their terms and answers (issue 32;
  challenge_store.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    false,
)

metadata = MetaData()

tables_t = Table(
    "game_tables",
    metadata,
    Column("id", String(16), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("setup", Text, nullable=True),
    Column("created", Float, nullable=False),
    Column("finished", Boolean, nullable=False, default=False, index=True),
    Column("rematch_of", String(16), nullable=True),
    Column("rematch", String(16), nullable=True),
    Column("clock", Text, nullable=True),  # clocks.TimeControl as JSON; NULL: untimed
    Column("started", Float, nullable=True),
    Column("rated", Boolean, nullable=False, server_default=false()),
    Column("private", Boolean, nullable=False, server_default=false()),
    Column("takeover", String(16), nullable=True),
    Column("creator_id", Integer, nullable=True),  # users.id (no foreign key: SQLite adds it in place)
    Column("finished_at", Float, nullable=True),
    Column("tutorial", String(64), nullable=True),  # the game whose guided first game this is
    Column("tutorial_left", Boolean, nullable=False, server_default=false()),  # its guide left
    Column("halt", String(8), nullable=True),  # "paused" or "ended" by an admin (moderation.py)
)

seats_t = Table(
    "seats",
    metadata,
    Column("table_id", String(16), ForeignKey("game_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # "person" or "bot"
    Column("level", String(16), nullable=True),  # a bot's level
    Column("token_hash", String(64), nullable=True),  # a person's token, hashed
    Column("name", String(32), nullable=True),
    Column("joined", Boolean, nullable=False, default=False),
    Column("user_id", Integer, nullable=True, index=True),  # users.id, as creator_id
    Column("absent", Boolean, nullable=False, server_default=false()),
    Column("left", Boolean, nullable=False, server_default=false()),
    Column("rank", Integer, nullable=True),
)


def _lines(name: str, *columns: Column[Any]) -> Table:
    """A table of lines kept in order per game table (its actions, its chat): numbered from 0 by
    ``idx``, each by a seat (None: by nobody's), with ``columns``."""
    return Table(
        name,
        metadata,
        Column("table_id", String(16), ForeignKey("game_tables.id"), primary_key=True),
        Column("idx", Integer, primary_key=True),
        Column("seat", Integer, nullable=True),
        *columns,
    )


actions_t = _lines(
    "actions",
    Column("action", String(255), nullable=False),  # 64 before revision 0004
    Column("at", Float, nullable=False),
    Column("auto", Boolean, nullable=False, server_default=false()),
    Column("note", String(500), nullable=True),  # a trade offer's promise (offers.py), from revision 0007
)

chat_t = _lines(
    "chat",
    Column("name", String(32), nullable=False),
    Column("text", String(500), nullable=False),
    Column("at", Float, nullable=False),
)

users_t = Table(
    "users",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(32), nullable=False, unique=True, index=True),
    Column("password_hash", String(255), nullable=False),  # Argon2id (accounts.py), never the password
    Column("created", Float, nullable=False),
    Column("admin", Boolean, nullable=False, server_default=false()),  # set by `tabletop admin grant` only
    Column("suspended", Float, nullable=True),  # when an admin suspended it (moderation.py)
    Column("bot", Boolean, nullable=False, server_default=false()),  # a bot account (bot_store.py), for good
)

sessions_t = Table(
    "sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),  # the cookie's token, hashed
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False, index=True),
    Column("expires", Float, nullable=False),
)

devices_t = Table(  # browsers a user has logged in from (accounts.py: device cookies)
    "devices",
    metadata,
    Column("token_hash", String(64), primary_key=True),  # the device cookie's token, hashed
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
)

ratings_t = Table(
    "ratings",
    metadata,
    Column("player", String(40), primary_key=True),  # "user:<id>" or "bot:<level>"
    Column("game", String(64), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
)

rating_history_t = Table(
    "rating_history",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("player", String(40), nullable=False),
    Column("game", String(64), nullable=False),
    Column("table_id", String(16), ForeignKey("game_tables.id"), nullable=False, index=True),
    Column("mu", Float, nullable=False),  # after the game
    Column("sigma", Float, nullable=False),
    Column("at", Float, nullable=False),
    Index("ix_rating_history_player_game", "player", "game"),
)


hints_t = Table(
    "hints",
    metadata,
    Column("table_id", String(16), ForeignKey("game_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("idx", Integer, primary_key=True),  # the seat's n-th hint in this game, from 0
    Column("step", Integer, nullable=False),  # the actions before it
    Column("at", Float, nullable=False),
)

reviews_t = Table(
    "reviews",
    metadata,
    Column("table_id", String(16), ForeignKey("game_tables.id"), primary_key=True),
    Column("status", String(16), nullable=False),  # "computing", "done" or "failed"
    Column("params", Text, nullable=False),  # JSON: the method's version, playouts, seed, points
    Column("data", Text, nullable=True),  # the review's JSON once done
    Column("started", Float, nullable=False),
    Column("finished", Float, nullable=True),
)


emails_t = Table(  # an account's email address (mailbox.py): never shown to others, never logged
    "emails",
    metadata,
    Column("user_id", Integer, ForeignKey("users.id"), primary_key=True),
    Column("address", String(254), nullable=True),  # verified: mail goes here
    Column("pending", String(254), nullable=True),  # given, awaiting its verification link
    Column("changed", Float, nullable=False),
)

reset_tokens_t = Table(  # password reset links (mailbox.py): single use, expiring
    "reset_tokens",
    metadata,
    Column("token_hash", String(64), primary_key=True),  # the link's token, hashed
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
    Column("used", Boolean, nullable=False, server_default=false()),
)

notify_off_t = Table(  # a row: this kind of notice is off for this user on this channel
    "notify_off",
    metadata,
    Column("user_id", Integer, ForeignKey("users.id"), primary_key=True),
    Column("kind", String(16), primary_key=True),  # "turn", "ended", "invited"
    Column("channel", String(8), primary_key=True),  # "mail" or "push"
)

turn_notices_t = Table(  # the last "your turn" notice per table and user: the throttle
    "turn_notices",
    metadata,
    Column("table_id", String(16), ForeignKey("game_tables.id"), primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id"), primary_key=True),
    Column("step", Integer, nullable=False),  # the table's step when it was sent
    Column("at", Float, nullable=False),
)

push_subscriptions_t = Table(  # a browser's Web Push subscription (push.py)
    "push_subscriptions",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False, index=True),
    Column("endpoint", String(1000), nullable=False, unique=True),
    Column("p256dh", String(200), nullable=False),
    Column("auth", String(64), nullable=False),
    Column("created", Float, nullable=False),
)

outbox_t = Table(  # mails and pushes to send (outbox.py): a restart loses none
    "outbox",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("channel", String(8), nullable=False),  # "mail" or "push"
    Column("kind", String(16), nullable=False),  # verify, changed, reset, turn, ended, invited
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False, index=True),
    Column("target", String(1000), nullable=False),  # an address or a subscription's endpoint
    Column("subject", String(200), nullable=False),
    Column("body", Text, nullable=False),  # emptied, with the target, once sent
    Column("created", Float, nullable=False),
    Column("due", Float, nullable=False),  # the next attempt
    Column("attempts", Integer, nullable=False),
    Column("status", String(8), nullable=False, index=True),  # queued, sending, sent, failed, dropped
    Column("lease", Float, nullable=True),  # a sending row's claim runs out then
    Column("done", Float, nullable=True),
    Column("error", String(200), nullable=True),  # the last failure, without any address
)

server_secrets_t = Table(  # keys made once per installation: the mail links' HMAC key, VAPID's
    "server_secrets",
    metadata,
    Column("name", String(32), primary_key=True),
    Column("value", Text, nullable=False),
    Column("created", Float, nullable=False),
)


blocks_t = Table(  # a row: ``user_id`` blocked ``blocked_id`` (neither sits with the other at new tables)
    "blocks",
    metadata,
    Column("user_id", Integer, ForeignKey("users.id"), primary_key=True),
    Column("blocked_id", Integer, ForeignKey("users.id"), primary_key=True, index=True),
    Column("at", Float, nullable=False),
)

mutes_t = Table(  # a row: at this table, ``seat`` does not see ``muted`` seat's chat lines
    "mutes",
    metadata,
    Column("table_id", String(16), ForeignKey("game_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("muted", Integer, primary_key=True),
    Column("at", Float, nullable=False),
)

reports_t = Table(  # a chat line reported by a seat, with the lines around it (for admins)
    "reports",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(16), ForeignKey("game_tables.id"), nullable=False, index=True),
    Column("line", Integer, nullable=False),  # the chat line's number (chat.idx)
    Column("seat", Integer, nullable=True),  # the reported line's seat
    Column("name", String(32), nullable=False),  # its name then
    Column("text", String(500), nullable=False),
    Column("reporter_seat", Integer, nullable=False),
    Column("reporter_id", Integer, nullable=True),  # users.id when an account reported (no foreign key)
    Column("reason", String(200), nullable=False),
    Column("context", Text, nullable=False),  # JSON: the lines around it, as stored then
    Column("at", Float, nullable=False),
    Column("resolved", Float, nullable=True),  # when an admin marked it read
)

banned_addresses_t = Table(  # client addresses an admin suspended (moderation.py)
    "banned_addresses",
    metadata,
    Column("address", String(64), primary_key=True),
    Column("at", Float, nullable=False),
)

moderation_events_t = Table(  # the admins' actions, in order: every server process applies them
    "moderation_events",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("kind", String(16), nullable=False),  # pause, resume, end, suspend, unsuspend, ban, unban, gone
    Column("subject", String(64), nullable=False),  # a table id, a user id or an address
    Column("by", String(40), nullable=False),  # "cli" or the admin's account name
    Column("at", Float, nullable=False),
)


api_tokens_t = Table(  # a bot account's API tokens (bot_store.py): shown once, kept hashed
    "api_tokens",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False, index=True),
    Column("token_hash", String(64), nullable=False, unique=True),  # the token's SHA-256, never the token
    Column("name", String(64), nullable=False),
    Column("created", Float, nullable=False),
    Column("last_used", Float, nullable=True),
)

challenges_t = Table(  # a person's challenge to a bot account (challenge_store.py), open until answered
    "challenges",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("challenger_id", Integer, ForeignKey("users.id"), nullable=False, index=True),
    Column("bot_id", Integer, ForeignKey("users.id"), nullable=False, index=True),
    Column("game", String(64), nullable=False),
    Column("terms", Text, nullable=False),  # JSON: options, seats, clock, rated, private, takeover
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),  # unanswered then: expired (the status stays "open")
    Column("status", String(12), nullable=False),  # open, accepted, declined, cancelled, failed
    Column("reason", String(200), nullable=True),  # why declined (the bot's words) or failed
    Column("answered", Float, nullable=True),
    Column("table_id", String(16), nullable=True),  # the table made when accepted (no foreign key)
)


@dataclass(frozen=True)
class Account:
    """A logged-in user, as the server passes it around (never with a password hash); ``bot``: a
    bot account (it plays only with its API tokens: bot_auth.py)."""

    id: int
    name: str
    bot: bool = False


@dataclass(frozen=True)
class UserRow:
    id: int
    name: str
    password_hash: str


@dataclass
class SeatRow:
    seat: int
    kind: str
    level: str | None = None
    token_hash: str | None = None
    name: str | None = None
    joined: bool = False
    user_id: int | None = None
    absent: bool = False
    left: bool = False
    rank: int | None = None

    @property
    def taken(self) -> bool:
        """A bot, or a person seat somebody has joined or an account holds."""
        return self.kind == "bot" or self.joined or self.user_id is not None


@dataclass
class TableRow:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    setup: dict[str, Any] | None
    created: float
    seats: list[SeatRow]
    actions: list[str] = field(default_factory=list)
    finished: bool = False
    rematch_of: str | None = None
    rematch: str | None = None
    clock: dict[str, Any] | None = None
    started: float | None = None
    rated: bool = False
    private: bool = False
    takeover: str | None = None
    creator_id: int | None = None
    finished_at: float | None = None
    times: list[float] = field(default_factory=list)  # when each action was accepted
    auto: list[bool] = field(default_factory=list)  # each action: played by a bot for an absent seat
    notes: list[str | None] = field(default_factory=list)  # each action: a trade offer's promise
    hints: list[tuple[int, int]] = field(default_factory=list)  # (seat, step) of each hint, in order
    tutorial: str | None = None  # the game whose guided first game this is (tutorials.py)
    tutorial_left: bool = False  # its person left the guide: free play
    first: int = 0  # the index of ``actions[0]`` (not 0 when only the newer ones were loaded)


@dataclass(frozen=True)
class Append:
    """One accepted action; ``finished`` when it ends the game; ``at`` when it was accepted;
    ``auto`` when a bot played it for an absent seat."""

    table_id: str
    idx: int
    seat: int | None
    action: str
    finished: bool = False
    at: float | None = None  # None: now
    auto: bool = False
    note: str | None = None  # a trade offer's promise (offers.py)
