"""Bot-versus-bot simulation: many seeded games, summarized (``tabletop simulate``)."""

from .missions import RoundOutcome, round_outcomes
from .simulate import SimulationError, bot_seed, check_bots, game_seed, play_game, simulate
from .summary import GameResult, LengthStats, MissionStats, SeatStats, Summary, Timing, summarize

__all__ = [
    "GameResult",
    "LengthStats",
    "MissionStats",
    "RoundOutcome",
    "SeatStats",
    "SimulationError",
    "Summary",
    "Timing",
    "bot_seed",
    "check_bots",
    "game_seed",
    "play_game",
    "round_outcomes",
    "simulate",
    "summarize",
]
