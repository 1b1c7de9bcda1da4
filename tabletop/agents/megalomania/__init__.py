"""The bots of Megalomania: its heuristic and its search plug-ins."""
