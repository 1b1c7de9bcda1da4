"""The bots of the clan game: its heuristic and its search plug-ins."""
