"""The players' rules and glossaries (tabletop/words/rules, issue 28): every registered game has its
file, every file loads and is what the API sends, tokens become the table's cards, a malformed file
is refused with its name, the entry and the problem, the glossaries' forms are unique.  And for
Megalomania, Summon 7 and the clan game (ManaSurge's and MegaCorps' own checks are in
test_rules_manasurge_megacorps.py): the words a player meets on their tables are in the glossary,
what the team designed is marked provisional and nothing else is, the cards drawn are the game's,
every form is met on the table, and no run of the rulebooks' words is copied."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import tabletop
from tabletop.core.errors import InvalidOptions
from tabletop.core.registry import names
from tabletop.games.megalomania.data import load_missions, load_scrolls
from tabletop.games.summon7.clan.data import load_clan as clan_data
from tabletop.words.line import Card, Mana, Number
from tabletop.words.rules import Rules, games, paragraph, read_file, rules

from .strings import js_strings, python_strings

PACKAGE = Path(tabletop.__file__).parent
RULEBOOKS = PACKAGE.parent.parent / "shared" / "rules"
OTHERS = {"manasurge", "megacorps"}  # written by another engineer, at the same time
MINE = ("megalomania", "summon7", "clan")

# The words a player meets on each table, which the glossary must explain (a term or another form).
# fmt: off
REQUIRED = {
    "megalomania": [
        "dominant colour", "dominant", "trick", "tricks", "lead", "follow", "advantage", "power",
        "power crystal", "crystals", "cube", "cubes", "mission", "scroll", "scrolls", "resources",
        "dealer", "negative points", "Emperor", "Oracle", "Knight", "Wizard", "Dwarf", "Explorer",
        "Assassin", "Farmer", "partner",
    ],
    "summon7": [
        "hit", "hold", "held", "bust", "busted", "bust chance", "total", "leadership", "House total",
        "dealer", "deck", "discard pile", "in play",
    ],
    "clan": [
        "Head of House", "leadership", "pantry", "Uprising Meter", "meeple", "meeples", "hungry", "fed",
        "challenger", "House score", "House total", "hit", "hold", "bust", "total", "character",
        "human", "humans", "city", "Home phase", "City phase", "Power phase", "Dining phase", "draft",
        "claim", "capture", "dumpster", "power card", "power cards", "pre-game", "rival houses",
    ],
}
# Where a game's words live: its words module(s), terminal screen(s), web renderer(s).
SOURCES = {
    "megalomania": [
        "words/megalomania.py", "terminal/render.py", "terminal/summary.py", "web/js/megalomania.js",
    ],
    "summon7": ["words/summon7.py", "terminal/summon7.py", "web/js/summon7.js"],
    "clan": [
        "words/clan.py", "words/summon7.py", "terminal/clan.py", "terminal/summon7.py", "web/js/clan.js",
        "web/js/summon7.js",
    ],
}
# fmt: on
# Forms that the table does not write but the rules' own sections use, where a reader meets them.
NOT_ON_THE_TABLE = {
    "megalomania": {"fixed mission", "variable mission", "partners"},
    "summon7": set(),
    "clan": {"overthrow", "dinner", "rivals"},
}
COPIED_WORDS = 9  # a run of this many words of a rulebook is a copy
RULEBOOK_FILES = {
    "megalomania": ["megalomania-rulebook.txt", "megalomania-gamehelp.txt"],
    "summon7": ["summon7-clan-rules.txt"],
    "clan": ["summon7-clan-rules.txt"],
}


def forms(game: str) -> dict[str, bool]:
    """Every form of the game's glossary, lower case, with its term's provisional flag."""
    return {f.lower(): t.provisional for t in rules(game).terms for f in t.forms}


def whole(form: str) -> re.Pattern[str]:
    """``form`` as the table marks it: a whole word, in any case (js/glossary.js)."""
    return re.compile(r"(?<!\w)" + re.escape(form) + r"(?!\w)", re.IGNORECASE)


def text_of(game: str, provisional: bool | None = None) -> str:
    return "\n".join(
        p.plain()
        for s in rules(game).sections
        if provisional is None or s.provisional == provisional
        for p in s.paragraphs
    )


# -- every game ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", names())
def test_every_registered_game_has_a_rules_file(game: str) -> None:
    if game in OTHERS and game not in games():
        pytest.skip(f"{game}: its rules file (tabletop/words/rules/{game}.toml) is not written yet")
    assert game in games(), f"write tabletop/words/rules/{game}.toml"


@pytest.mark.parametrize("game", games())
def test_every_file_loads_and_is_what_the_api_sends(game: str) -> None:
    loaded = rules(game)
    assert isinstance(loaded, Rules) and loaded.game == game
    assert loaded.title and loaded.pitch and loaded.players
    assert loaded.sections and all(s.title and s.paragraphs for s in loaded.sections)
    assert loaded.terms and all(t.text and t.forms[0] == t.term for t in loaded.terms)
    sent = json.loads(json.dumps(loaded.to_json()))
    assert [s["title"] for s in sent["sections"]] == [s.title for s in loaded.sections]
    assert [t["term"] for t in sent["glossary"]] == [t.term for t in loaded.terms]
    assert all(
        isinstance(p, dict) and {"parts", "tone"} == set(p) for s in sent["sections"] for p in s["paragraphs"]
    )
    assert rules(game) is loaded  # read once


@pytest.mark.parametrize("game", games())
def test_the_forms_are_unique(game: str) -> None:
    every = [f.lower() for t in rules(game).terms for f in t.forms]
    doubles = sorted({f for f in every if every.count(f) > 1})
    assert not doubles, f"{game}: forms listed twice: {doubles}"
    assert all(f == " ".join(f.split()) and f.strip() for f in every)


def test_tokens_become_the_tables_cards() -> None:
    words = paragraph("Lead {card:Ku}, then {number:7} and {number:0}, or {mana:5L} and {mana:mirror}.")
    assert words.parts == (
        "Lead ",
        Card("Ku", "named"),
        ", then ",
        Number(7),
        " and ",
        Number(0),
        ", or ",
        Mana("5L"),
        " and ",
        Mana("mirror"),
        ".",
    )
    assert words.to_json()["parts"][1] == {"card": "Ku", "form": "named"}
    assert words.to_json()["parts"][3] == {"number": 7}
    assert paragraph("no card at all").parts == ("no card at all",)


@pytest.mark.parametrize(("game", "kind"), [("megalomania", Card), ("summon7", Number), ("clan", Number)])
def test_the_cards_drawn_are_the_games(game: str, kind: type) -> None:
    drawn = [
        p for s in rules(game).sections for line in s.paragraphs for p in line.parts if not isinstance(p, str)
    ]
    assert drawn and all(isinstance(p, kind) for p in drawn), f"{game} draws another game's cards"
    if game == "megalomania":  # every rank is drawn, as the table draws it (with its colour)
        assert {p.text[0] for p in drawn if isinstance(p, Card)} == set("EOKWDXAF")
        assert all(p.form == "named" for p in drawn if isinstance(p, Card))
    assert "{" not in text_of(game) and "}" not in text_of(game)


VALID = """title = "Draft"
pitch = "A draft."
players = "2 players"

[[section]]
title = "The goal"
text = "Win {card:Ku}."

[[section]]
title = "The end"
text = "TEXT"

[[term]]
term = "trick"
also = ["tricks"]
text = "Cards."

[[term]]
term = "scroll"
text = "A scroll."
"""


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (
            ('text = "TEXT"', 'text = "Lead {card:Zz}."'),
            ["section 2 (The end)", "{card:Zz}", "no Megalomania card"],
        ),
        (('text = "TEXT"', 'text = "A {number:13}."'), ["section 2 (The end)", "{number:13}", "0 to 12"]),
        (
            ('text = "TEXT"', 'text = "A {mana:9Z}."'),
            ["section 2 (The end)", "{mana:9Z}", "no ManaSurge card"],
        ),
        (('text = "TEXT"', 'text = "Lead {card:Ku."'), ["section 2 (The end)", "not a token"]),
        (('text = "TEXT"', 'text = "Lead {crad:Ku}."'), ["section 2 (The end)", "{crad:Ku}", "not a token"]),
        (('text = "TEXT"', 'txt = "TEXT"'), ["section 2 (The end)", "unknown key 'txt'"]),
        (('text = "TEXT"', 'text = "   "'), ["section 2 (The end)", "'text'"]),
        (
            ('text = "A scroll."', 'text = "A scroll."\nprovisonal = true'),
            ["term 2 (scroll)", "'provisonal'"],
        ),
        (
            ('text = "A scroll."', 'text = "A scroll."\nprovisional = "yes"'),
            ["term 2 (scroll)", "true or false"],
        ),
        (('term = "scroll"', 'term = "Tricks"'), ["term 2 (Tricks)", "'Tricks'", "twice", "term 1 (trick)"]),
        (('also = ["tricks"]', 'also = "tricks"'), ["term 1 (trick)", "'also'"]),
        (('text = "A scroll."', 'text = "A {card:Ku}."'), ["term 2 (scroll)", "no {...} tokens"]),
        (('pitch = "A draft."', 'pitch = "A draft."\nauthor = "me"'), ["the file", "unknown key 'author'"]),
        (('players = "2 players"', ""), ["the file", "'players'"]),
        (('title = "The end"', 'title = "The end'), ["draft.toml"]),  # not TOML
    ],
)
def test_a_malformed_file_is_refused_naming_the_file_and_the_entry(
    tmp_path: Path, change: tuple[str, str], said: list[str]
) -> None:
    path = tmp_path / "draft.toml"
    path.write_text(VALID, encoding="utf-8")
    assert [s.title for s in read_file(path).sections] == ["The goal", "The end"]  # the valid one loads
    old, new = change
    assert old in VALID
    path.write_text(VALID.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(InvalidOptions) as refused:
        read_file(path)
    message = str(refused.value)
    assert message.startswith(f"{path}: "), message
    for words in said:
        assert words in message, (words, message)


def test_a_file_without_sections_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "empty.toml"
    path.write_text('title = "T"\npitch = "P"\nplayers = "2"\n', encoding="utf-8")
    with pytest.raises(InvalidOptions, match=r"empty\.toml: no \[\[section\]\]"):
        read_file(path)


def test_a_game_without_rules_is_refused_by_name() -> None:
    with pytest.raises(InvalidOptions, match="no rules for 'chess'"):
        rules("chess")


# -- Megalomania, Summon 7 and the clan game ----------------------------------------------------------
@pytest.mark.parametrize("game", MINE)
def test_the_words_on_the_table_are_in_the_glossary(game: str) -> None:
    required = list(REQUIRED[game])
    if game == "clan":  # the table shows every power card, human, and threshold by its name
        data = clan_data()
        required += [p.name for p in data.powers] + [h.name for h in data.humans]
        required += [u.name for u in data.uprising]
    if game == "megalomania":  # and every scroll's name
        required += [s.name for s in load_scrolls().values()]
    missing = [form for form in required if form.lower() not in forms(game)]
    assert not missing, f"{game}: not in the glossary: {missing}"


def test_megalomanias_designed_content_is_marked_provisional() -> None:
    loaded = rules("megalomania")
    assert {s.title for s in loaded.sections if s.provisional} == {
        "Missions' points and player counts",
        "The twenty scrolls",
    }
    # a scroll's name is a term, provisional exactly when the data file says so (scroll 4 is printed)
    by_name = {t.term: t for t in loaded.terms}
    scrolls = load_scrolls().values()
    wrong = [s.name for s in scrolls if by_name[s.name].provisional is not s.provisional]
    assert not wrong, f"scroll names provisional unlike scrolls.toml: {wrong}"
    # the provisional section gives every fixed mission's points as the data file has them
    designed = text_of("megalomania", provisional=True)
    fixed = [m for m in load_missions().values() if m.kind == "fixed"]
    assert fixed and all(m.provisional for m in fixed)
    for m in fixed:
        points = re.escape(f"{m.points:+d}")
        assert re.search(rf"(?<!\d){m.number} [^:.]+: {points}\.", designed), f"mission {m.number}'s points"
    assert by_name["fixed mission"].provisional and not by_name["variable mission"].provisional
    # the designed names appear in no section that is not marked
    printed = text_of("megalomania", provisional=False)
    named = [s.name for s in scrolls if s.provisional and whole(s.name).search(printed)]
    assert not named, f"designed scroll names in a section not marked provisional: {named}"
    assert not any(t.provisional for t in loaded.terms if t.term in REQUIRED["megalomania"])


def test_summon7_has_nothing_provisional() -> None:
    loaded = rules("summon7")
    assert not any(s.provisional for s in loaded.sections)
    assert not any(t.provisional for t in loaded.terms)


def test_the_clan_games_content_is_all_provisional_but_summon7s_words() -> None:
    loaded = rules("clan")
    assert all(s.provisional for s in loaded.sections)
    summon7 = {t.term.lower() for t in rules("summon7").terms}
    wrong = [t.term for t in loaded.terms if t.provisional is (t.term.lower() in summon7)]
    assert not wrong, f"provisional unless Summon 7 gives it: {wrong}"
    data = clan_data()
    terms = {f.lower(): t for t in loaded.terms for f in t.forms}
    for name in (
        [p.name for p in data.powers] + [u.name for u in data.uprising] + [h.name for h in data.humans]
    ):
        term = terms[name.lower()]
        assert term.provisional, name
        assert any(whole(f).search(text_of("clan")) for f in term.forms), f"no section names {name}"


# -- a game's words, as its table writes them -----------------------------------------------------------
def data_strings(game: str) -> list[str]:
    """The names and texts of the game's data (as its table shows them)."""
    if game == "megalomania":
        found = [x for s in load_scrolls().values() for x in (s.name, s.text)]
        return found + [m.task for m in load_missions().values()]
    if game == "clan":
        data = clan_data()
        items = (*data.powers, *data.uprising, *data.characters, *data.locations)
        found = [x for i in items for x in (i.name, getattr(i, "text", ""))]
        return (
            found + [f"{h.name} {h.name}s" for h in data.humans] + list(data.rivals)
        )  # words/clan.py's plural()
    return []


def table_words(game: str) -> str:
    found = data_strings(game)
    for name in SOURCES[game]:
        path = PACKAGE / name
        text = path.read_text(encoding="utf-8")
        found += python_strings(text) if path.suffix == ".py" else js_strings(text)
    return "\n".join(found)


@pytest.mark.parametrize("game", MINE)
def test_every_glossary_form_is_met_on_the_table(game: str) -> None:
    """Nothing is explained that a player never meets: each form occurs, whole and in any case, in
    the game's words, its terminal screen, its web renderer or its data; the few that do not are
    listed, and the rules' own sections use them."""
    said = table_words(game)
    missing = {f for f in forms(game) if not whole(f).search(said)}
    unexpected = sorted(missing - NOT_ON_THE_TABLE[game])
    assert not unexpected, f"{game}: glossary forms the table never shows: {unexpected}"
    stale = sorted(NOT_ON_THE_TABLE[game] - missing)
    assert not stale, f"{game}: now on the table, take them off NOT_ON_THE_TABLE: {stale}"
    text = text_of(game)
    unused = sorted(f for f in missing if not whole(f).search(text))
    assert not unused, f"{game}: forms neither the table nor the rules use: {unused}"


@pytest.mark.parametrize("game", MINE)
def test_no_rulebook_text_is_copied(game: str) -> None:
    books = [RULEBOOKS / name for name in RULEBOOK_FILES[game] if (RULEBOOKS / name).exists()]
    if not books:
        pytest.skip(f"the rulebooks of {game} are not here ({RULEBOOKS})")

    def runs(text: str) -> set[tuple[str, ...]]:
        words = re.findall(r"[a-z0-9]+", text.lower())
        found = {tuple(words[i : i + COPIED_WORDS]) for i in range(len(words) - COPIED_WORDS + 1)}
        return {run for run in found if not all(w.isdigit() for w in run)}

    loaded = rules(game)
    ours = runs("\n".join([text_of(game), *(t.text for t in loaded.terms)]))
    copied = set().union(*(ours & runs(book.read_text(encoding="utf-8")) for book in books))
    assert not copied, f"{game}: runs of {COPIED_WORDS} words copied from a rulebook: {sorted(copied)[:5]}"
