"""Golden playthroughs: seeded games replayed in memory must match the files in golden/ step by step."""

from __future__ import annotations

from .make_golden import GOLDENS

test_golden_playthrough, test_no_stale_golden_files = GOLDENS.tests()
