"""The bots of Summon 7: its heuristic and its search plug-ins."""
