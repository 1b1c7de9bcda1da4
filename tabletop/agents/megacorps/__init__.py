"""MegaCorps' bots: the heuristic (heuristic.py, on position.py, worth.py, countries.py, cards.py
and trades.py) and the search plug-ins (search.py)."""
