"""Every game's guided first game (tabletop/words/tutorials/<game>.toml, issue 28): each script
loads, walks to its end with the server's bots exactly as a tutorial table plays it (the same
seeds), the same way twice, names only cards its person may see, and leaves a normal game after
its last step; a script whose move does not come, or a file with a mistake, is refused naming the
file, the step and what is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.core.errors import InvalidOptions
from tabletop.core.registry import make, names
from tabletop.server.tutorials import TutorialBroken, check, report, walk
from tabletop.words.line import Card, Mana
from tabletop.words.tutorials import SEAT, STEPS, TEXT_MAX, games, read_file, tutorial

GAMES = list(names())
GOOD = """title = "A test"
seed = 7
options = { players = 3 }
[setup]
dealer = 2
deck = [7, 3, 10, 9, 4, 10, 5, 11, 4]
[[step]]
text = "Hello: a {number:7}."
[[step]]
text = "Hit."
expect = "hit"
[[step]]
text = "Play on."
"""


def draft(tmp_path: Path, text: str, name: str = "summon7.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_every_game_has_a_script() -> None:
    assert games() == sorted(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_each_script_walks_to_its_end_with_the_servers_bots(game: str) -> None:
    script = tutorial(game)
    assert 6 <= len(script.steps) <= 15, "a guided game is 6 to 15 steps"
    assert script.steps[-1].expect is None, "the last step lets the person read it and play on"
    found = check(game)
    assert [m.text for m in found.moments] == list(script.moves)  # every move came, in order
    assert [m.step for m in found.moments] == [k for k, s in enumerate(script.steps) if s.expect]
    for moment in found.moments:  # each was one of the person's choices when it came
        assert found.record[moment.index] == moment.text
    # after the script the person is asked again, as at any table (or the game is over)
    assert found.state.is_terminal() or SEAT in found.state.to_act()
    again = check(game)
    assert again.record == found.record, "the same script plays the same way every time"
    lines = report(found)
    assert lines[0].startswith(script.title) and len(lines) > len(script.steps)


@pytest.mark.parametrize("game", GAMES)
def test_a_script_names_only_the_persons_own_cards(game: str) -> None:
    """A token drawing a card of a hand (Megalomania's, ManaSurge's) is one the person holds when
    the step is shown: the guide tells nothing the seat may not see."""
    script = tutorial(game)
    found = check(game)
    shown_at = {m.step: m.index for m in found.moments}  # a move's step shows before it is made
    index = 0
    for k, step in enumerate(script.steps):
        index = shown_at.get(k, index)
        named = [p.text for p in step.text.parts if isinstance(p, Card | Mana)]
        if not named:
            continue
        position = make(game, **script.options).new_state(script.seed, script.setup)
        for seat, text in zip(found.by[:index], found.record[:index], strict=True):
            position.apply(position.get_game().parse_action(text), seat)
        view = position.view(SEAT)
        hand = view["seats"][SEAT]["hand"] if game == "megalomania" else view["hand"]
        for card in named:
            assert card in hand, f"{game} step {k + 1} names {card}, not in the person's hand {hand}"


def test_a_move_that_does_not_come_is_named(tmp_path: Path) -> None:
    steps = (
        '[[step]]\ntext = "Resources."\nexpect = "take=crystals"\n[[step]]\ntext = "No."\nexpect = "done"\n'
    )
    text = f'title = "Broken"\nseed = 5\noptions = {{ players = 3 }}\n[[step]]\ntext = "Hello."\n{steps}'
    script = read_file(draft(tmp_path, text, "megalomania.toml"))
    with pytest.raises(
        TutorialBroken, match=r"step 3 expects 'done', which is not one of the person's choices then \("
    ):
        walk(script)
    level = read_file(draft(tmp_path, GOOD.replace("seed = 7", 'seed = 7\nbots = "genius"')))
    with pytest.raises(TutorialBroken, match=r"the bots' level 'genius' is none of easy, normal, hard"):
        walk(level)
    walked = walk(read_file(draft(tmp_path, GOOD)))
    assert [m.text for m in walked.moments] == ["hit"]


BAD = [
    ("title = ", "summon7.toml: "),  # not TOML
    ('title = "A test"', "the file needs 'title', a text"),
    ("seed = 7", "'seed' is a whole number from 0 to 2**32 - 1"),
    ("players = 3", "players"),  # the game's own refusal names the option
    ("dealer = 2", "[setup]: "),
    ('[[step]]\ntext = "Hit."', "unknown key 'txt'"),
    ('expect = "hit"', "write the move ' hit' as the game does, 'hit'"),
    ('expect = "hit"', "'stand' is no move of Summon 7"),
    ('text = "Hello: a {number:7}."', "{number:13} is no Summon 7 card"),
    ('text = "Play on."', "characters; 360 at most"),
    ('text = "Play on."', "'point' is a CSS selector"),
    ("[[step]]", "a tutorial has 3 to 30 [[step]]s"),
    ('expect = "hit"', "no step asks for a move ('expect')"),
    ("seed = 7", "unknown key 'colour'"),
]
FIXES = [
    lambda s: s.replace('title = "A test"', "title = "),
    lambda s: s.replace('title = "A test"', "title = 3"),
    lambda s: s.replace("seed = 7", "seed = -1"),
    lambda s: s.replace("players = 3", "players = 9"),
    lambda s: s.replace("dealer = 2", "dealer = 7"),
    lambda s: s.replace('text = "Hit."', 'txt = "Hit."'),
    lambda s: s.replace('expect = "hit"', 'expect = " hit"'),
    lambda s: s.replace('expect = "hit"', 'expect = "stand"'),
    lambda s: s.replace("{number:7}", "{number:13}"),
    lambda s: s.replace('text = "Play on."', f'text = "{"word " * (TEXT_MAX // 4)}"'),
    lambda s: s.replace('text = "Play on."', 'text = "Play on."\npoint = "<b>"'),
    lambda s: s.split("[[step]]")[0] + '[[step]]\ntext = "Hit."\nexpect = "hit"\n',
    lambda s: s.replace('expect = "hit"', ""),
    lambda s: s.replace("seed = 7", 'seed = 7\ncolour = "red"'),
]


@pytest.mark.parametrize(("fix", "said"), [(f, b[1]) for f, b in zip(FIXES, BAD, strict=True)])
def test_a_file_with_a_mistake_is_refused_by_name(tmp_path: Path, fix: object, said: str) -> None:
    assert callable(fix)
    path = draft(tmp_path, fix(GOOD))
    with pytest.raises(InvalidOptions) as refused:
        read_file(path)
    message = str(refused.value)
    assert message.startswith(f"{path}: "), message
    assert said in message, message


def test_the_checks_limits() -> None:
    assert STEPS == (3, 30) and TEXT_MAX == 360
    with pytest.raises(InvalidOptions, match="no tutorial for 'chess'; there are tutorials for clan, "):
        tutorial("chess")


def test_tabletop_tutorial_prints_the_walk_or_the_problem(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from tabletop.cli import app

    runner = CliRunner()
    shown = runner.invoke(app, ["tutorial", "summon7"])
    assert shown.exit_code == 0, shown.output
    script = tutorial("summon7")
    assert shown.output.startswith(script.title)
    assert "you: hit" in shown.output and "Bot 2 busts on a second 10" in shown.output
    broken = draft(tmp_path, GOOD.replace('expect = "hit"', 'expect = "stand"'))
    refused = runner.invoke(app, ["tutorial", "summon7", "--file", str(broken)])
    assert refused.exit_code != 0 and "'stand' is no move of Summon 7" in refused.output
