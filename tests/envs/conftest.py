"""The environments' tests need the ``rl`` extra (pettingzoo, gymnasium, open-spiel): without it
they skip, and say so."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: takes several seconds (whole games through a search bot)")
    # pettingzoo.test imports one of PettingZoo's own deprecated module aliases (connect_four_v3)
    config.addinivalue_line("filterwarnings", "ignore:The old environment creation API:DeprecationWarning")
