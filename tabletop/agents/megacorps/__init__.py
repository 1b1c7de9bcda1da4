"""MegaCorps' bots: the heuristic (heuristic.py) and the search plug-ins (search.py)."""
