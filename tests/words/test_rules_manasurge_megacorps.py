"""The players' rules and glossaries of ManaSurge and MegaCorps (tabletop/words/rules/manasurge.toml
and megacorps.toml): both load; every term the issue names is in the glossary; the team's designed
content (docs/rulings.md) sits in provisional sections and terms; every card drawn in a ManaSurge
paragraph is a card kind of the game, and MegaCorps draws none; every glossary form is met on that
game's table; no long run of a rulebook's words is copied."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path

import pytest

import tabletop
from tabletop.games.manasurge.cards import Cards
from tabletop.games.manasurge.data import load_data as mana_data
from tabletop.games.megacorps.data import load_data as mega_data
from tabletop.words.line import Card, Mana, Number
from tabletop.words.rules import Rules, Term, rules

from .strings import js_strings, python_strings

GAMES = ("manasurge", "megacorps")
PACKAGE = Path(tabletop.__file__).parent
RULEBOOKS = PACKAGE.parent.parent / "shared" / "rules"

# The forms the issue names, each of which must be a term or another form of one.
REQUIRED = {
    "manasurge": [
        "equal or higher",
        "resonating",
        "resonate",
        "Counter-Spell",
        "struck",
        "hold",
        "Mana Surge",
        "Shard",
        "Caster",
        "spell",
        "damage pile",
        "Rebirth",
        "Metamagic",
        "Wizard",
        "hand limit",
    ],
    "megacorps": [
        "D/F",
        "Defense",
        "Force",
        "Democracy",
        "Dictatorship",
        "Kleptocracy",
        "Wikisyndicalism",
        "Paid card",
        "Active Player",
        "competitors",
        "antitrust",
        "veto",
        "mercenary",
        "intervention",
        "nationalized",
        "syndicalized",
        "payout",
        "auction",
        "election",
        "event card",
        "offer",
        "promise",
    ],
}
# The sections holding what the team designed (and only those are provisional).
PROVISIONAL_SECTIONS = {
    "manasurge": {"Suit powers", "The other Metamagic cards", "Wizards"},
    "megacorps": {"The board", "The 21 event cards"},
}
# Names the rulebooks print: ManaSurge's Dark Mirror and Mystic Ward, MegaCorps' nine event cards.
PRINTED_METAMAGIC = {"Dark Mirror", "Mystic Ward"}
RULEBOOK_EVENTS = {
    "Greedy Kleptocrats",
    "Elections",
    "Vote of No Confidence",
    "Clone Soldiers",
    "Wikisyndicalism",
    "Oversupply",
    "Shortages",
    "L-5",
    "Asteroid",
}
# Forms the issue asks for that the table does not write: it says "rank 5 or higher" (a form of
# "equal or higher") and "damage" or "damage cards" (forms of "damage pile").  They must at least
# be used by the rules' own sections, where a reader meets them.
NOT_ON_THE_TABLE = {"manasurge": {"equal or higher", "damage pile"}, "megacorps": set()}
# Where a game's words live: its words module(s), terminal screen, web renderer and engine (the view's
# texts, such as ManaSurge's "rank 5 or higher", and the refusals' reasons).
SOURCES = {
    "manasurge": [
        "words/manasurge.py",
        "terminal/manasurge.py",
        "web/js/manasurge*.js",
        "games/manasurge/*.py",
    ],
    "megacorps": [
        "words/megacorps/*.py",
        "terminal/megacorps/*.py",
        "web/js/megacorps*.js",
        "games/megacorps/*.py",
    ],
}
COPIED_WORDS = 9  # a run of this many words of a rulebook is a copy


def forms(game: str) -> dict[str, bool]:
    """Every form of the glossary, lower case, with its term's provisional flag."""
    return {f.lower(): t.provisional for t in rules(game).terms for f in t.forms}


def term_of(game: str, form: str) -> Term | None:
    return next((t for t in rules(game).terms if form.lower() in (f.lower() for f in t.forms)), None)


def provisional_of(game: str, form: str) -> bool | None:
    """Whether the term with ``form`` is provisional; None when the glossary has no such form."""
    term = term_of(game, form)
    return None if term is None else term.provisional


def whole(form: str) -> re.Pattern[str]:
    """``form`` as the table matches it: a whole word, in any case."""
    return re.compile(r"(?<!\w)" + re.escape(form) + r"(?!\w)", re.IGNORECASE)


def plain(game: str, provisional: bool | None = None) -> str:
    """The sections' paragraphs as text (cards as their texts); only the provisional ones, or only
    the others, when ``provisional`` says so."""
    return "\n".join(
        p.plain()
        for s in rules(game).sections
        if provisional is None or s.provisional == provisional
        for p in s.paragraphs
    )


# -- a game's words, as the table writes them -----------------------------------------------------
def data_strings(game: str) -> list[str]:
    """The names and texts of the game's data file (as the table shows them)."""
    if game == "manasurge":
        mana = mana_data()
        return [x for p in (*mana.suits, *mana.metamagic, *mana.wizards) for x in (p.name, p.text)]
    mega = mega_data()
    names = [x.name for x in (*mega.corporations, *mega.industries, *mega.countries)]
    return names + [x for e in mega.events for x in (e.name, e.text)]


def table_words(game: str) -> str:
    found: list[str] = data_strings(game)
    files = sorted({p for pattern in SOURCES[game] for p in PACKAGE.glob(pattern)})
    assert files, f"no sources found for {game}"
    for path in files:
        text = path.read_text(encoding="utf-8")
        found += python_strings(text) if path.suffix == ".py" else js_strings(text)
    return "\n".join(found)


# -- the tests ------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_the_rules_load(game: str) -> None:
    loaded = rules(game)
    assert isinstance(loaded, Rules)
    assert loaded.game == game
    assert loaded.title and loaded.pitch and loaded.players
    assert len(loaded.sections) >= 10 and len(loaded.terms) >= 30
    assert all(s.paragraphs for s in loaded.sections)
    json.dumps(loaded.to_json())  # what the API sends


@pytest.mark.parametrize("game", GAMES)
def test_every_term_the_issue_names_is_in_the_glossary(game: str) -> None:
    required = list(REQUIRED[game])
    if game == "manasurge":
        required += [suit.name for suit in mana_data().suits]  # the table shows the suits' names
    missing = [form for form in required if form.lower() not in forms(game)]
    assert not missing, f"{game}: not in the glossary: {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_the_designed_content_is_in_provisional_sections(game: str) -> None:
    provisional = {s.title for s in rules(game).sections if s.provisional}
    assert provisional == PROVISIONAL_SECTIONS[game]
    if game == "manasurge":
        mana = mana_data()
        designed = [m.name for m in mana.metamagic if m.name not in PRINTED_METAMAGIC]
        designed += [w.name for w in mana.wizards]
    else:
        mega = mega_data()
        designed = [e.name for e in mega.events if e.name not in RULEBOOK_EVENTS]
        designed += [i.name for i in mega.industries if i.provisional]
    assert designed
    printed, marked = plain(game, provisional=False), plain(game, provisional=True)
    outside = [name for name in designed if whole(name).search(printed)]
    assert not outside, f"{game}: designed content named in a section not marked provisional: {outside}"
    unnamed = [name for name in designed if not whole(name).search(marked)]
    assert not unnamed, f"{game}: designed content no provisional section names: {unnamed}"


def test_manasurge_terms_are_provisional_as_the_data_says() -> None:
    """A suit, a Metamagic card or a Wizard is provisional in the glossary exactly when its entry
    in the data file is (Lightning and Dark Mirror are printed)."""
    mana = mana_data()
    powers = (*mana.suits, *mana.metamagic, *mana.wizards)
    wrong = [p.name for p in powers if provisional_of("manasurge", p.name) is not p.provisional]
    assert not wrong, f"missing, or provisional unlike the data: {wrong}"
    assert provisional_of("manasurge", "equal or lower") is True  # Quake's rule, designed


def test_megacorps_designed_terms_are_provisional() -> None:
    mega = mega_data()
    designed = [e.name for e in mega.events if e.name not in RULEBOOK_EVENTS]
    designed += [i.name for i in mega.industries if i.provisional]
    designed.append("Vote of No Confidence")  # an election only where a player rules (R-MC8)
    wrong = [name for name in designed if provisional_of("megacorps", name) is not True]
    assert not wrong, f"missing or not provisional: {wrong}"
    printed = sorted(RULEBOOK_EVENTS - {"Vote of No Confidence"})
    wrong = [name for name in printed if provisional_of("megacorps", name) is not False]
    assert not wrong, f"printed cards missing or marked provisional: {wrong}"


def segments(game: str) -> Iterable[object]:
    return (part for s in rules(game).sections for p in s.paragraphs for part in p.parts)


def test_manasurge_cards_are_card_kinds_of_the_game() -> None:
    kinds = set(Cards(mana_data()).kind_of_text)
    drawn = [part for part in segments("manasurge") if not isinstance(part, str)]
    assert drawn and all(isinstance(part, Mana) for part in drawn)
    assert any(part.text in {m.code for m in mana_data().metamagic} for part in drawn)
    unknown = sorted({part.text for part in drawn if part.text not in kinds})
    assert not unknown, f"{{mana:...}} tokens naming no card kind: {unknown}"


def test_megacorps_draws_no_cards() -> None:
    drawn = [part for part in segments("megacorps") if isinstance(part, Card | Mana | Number)]
    assert not drawn


@pytest.mark.parametrize("game", GAMES)
def test_no_token_is_left_as_text(game: str) -> None:
    text = plain(game)
    assert "{" not in text and "}" not in text, f"{game}: a malformed token shows as text"


@pytest.mark.parametrize("game", GAMES)
def test_every_glossary_form_is_met_on_the_table(game: str) -> None:
    """Nothing is explained that a player never meets: each form occurs, whole and in any case, in
    the game's words, terminal screen, web renderer, engine texts or data names and texts."""
    said = table_words(game)
    missing = sorted(f for f in forms(game) if not whole(f).search(said))
    unexpected = [f for f in missing if f not in NOT_ON_THE_TABLE[game]]
    assert not unexpected, f"{game}: glossary forms the table never shows: {unexpected}"
    text = plain(game)
    unused = [f for f in missing if not whole(f).search(text)]
    assert not unused, f"{game}: forms neither the table nor the rules use: {unused}"


@pytest.mark.parametrize("game", GAMES)
def test_no_rulebook_text_is_copied(game: str) -> None:
    book = RULEBOOKS / f"{game}-rulebook.txt"
    if not book.exists():
        pytest.skip(f"{book} is not here")

    def runs(text: str) -> set[tuple[str, ...]]:
        words = re.findall(r"[a-z0-9]+", text.lower())
        found = {tuple(words[i : i + COPIED_WORDS]) for i in range(len(words) - COPIED_WORDS + 1)}
        return {run for run in found if not all(w.isdigit() for w in run)}  # a list of ranks is a fact

    loaded = rules(game)
    ours = "\n".join([plain(game), *(t.text for t in loaded.terms)])
    copied = runs(ours) & runs(book.read_text(encoding="utf-8"))
    assert not copied, f"{game}: runs of {COPIED_WORDS} words copied from the rulebook: {sorted(copied)[:5]}"
