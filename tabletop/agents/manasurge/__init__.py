"""ManaSurge's bots: the heuristic baseline (heuristic.py) and the search plug-ins (search.py)."""
