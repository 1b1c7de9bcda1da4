"""The `tabletop` command (placeholder until the CLI lands)."""


def main() -> None:
    raise SystemExit("tabletop: the command line is being built")
