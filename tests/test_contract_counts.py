"""Issue 39's counts: the shell knows what a game is, never which games exist. Only the registry
names a game in its code (comments and docstrings aside), and no shell module types a game as
``Any``. The code is read with ``ast``, so comments and docstrings never count."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from table_controller.games import game_ids, records

ROOT = Path(__file__).resolve().parents[1]
SHELL = ("table_controller", "dealer_display", "drivers", "vision", "hardware_sim", "floor_display")
GAMES = "table_controller/games/"  # the games' own packages; the registry is their __init__.py
REGISTRY = "table_controller/games/__init__.py"
# Modules other pieces of issue 39 are changing; each leaves this list when its piece lands (the
# last, blackjack's math, has moved into its package).
ELSEWHERE: set[str] = set()


def shell_modules() -> Iterator[tuple[str, ast.Module]]:
    """Every shipped module outside the games' own packages (the registry included)."""
    for package in SHELL:
        for path in sorted((ROOT / package).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if name.startswith(GAMES) and name != REGISTRY:
                continue
            yield name, ast.parse(path.read_text(encoding="utf-8"), name)


def _docstrings(tree: ast.Module) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def game_names(tree: ast.Module, ids: tuple[str, ...]) -> list[str]:
    """The string literals of ``tree``'s code that name a game: its id as a word, as written
    (``red-dog``) or as a Python name (``red_dog``), in any case."""
    forms = {form for game in ids for form in (game, game.replace("-", "_"))}
    word = re.compile(
        "|".join(rf"(?<![a-z0-9]){re.escape(form)}(?![a-z0-9])" for form in sorted(forms))
    )
    docstrings = _docstrings(tree)
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
        and word.search(node.value.lower())
    ]


def games_typed_any(tree: ast.Module) -> list[int]:
    """The lines where a parameter or a variable named ``game`` is annotated ``Any``."""
    typed = [
        (node.lineno, node.annotation)
        for node in ast.walk(tree)
        if isinstance(node, ast.arg) and node.arg.lstrip("_") == "game"
    ] + [
        (node.lineno, node.annotation)
        for node in ast.walk(tree)
        if isinstance(node, ast.AnnAssign)
        and isinstance(node.target, ast.Name | ast.Attribute)
        and ast.unparse(node.target).split(".")[-1].lstrip("_") == "game"
    ]
    return [
        line
        for line, annotation in typed
        if annotation is not None and ast.unparse(annotation) in ("Any", "typing.Any")
    ]


def test_only_the_registry_names_a_game_in_its_code() -> None:
    ids = game_ids()
    naming = {name: found for name, tree in shell_modules() if (found := game_names(tree, ids))}
    assert set(naming) - ELSEWHERE == {REGISTRY}, {
        k: v for k, v in naming.items() if k not in ELSEWHERE
    }


def test_the_count_sees_a_game_named_in_code_but_not_in_a_docstring_or_comment() -> None:
    tree = ast.parse(
        '"""The red-dog table."""\n'
        "# blackjack\n"
        "def f(game: str = 'Red-Dog') -> str:\n"
        "    '''Missouri-City.'''\n"
        "    return f'{game}: vingt_un' + 'redder-doggy'\n"
    )
    assert game_names(tree, ("red-dog", "blackjack", "missouri-city", "vingt-un")) == [
        "Red-Dog",
        ": vingt_un",
    ]


def test_no_shell_module_types_a_game_as_any() -> None:
    typed_any = {name: lines for name, tree in shell_modules() if (lines := games_typed_any(tree))}
    assert set(typed_any) <= ELSEWHERE, typed_any


def test_the_any_check_sees_a_parameter_and_a_variable() -> None:
    tree = ast.parse(
        "def f(game: Any, other: Any, *, g: Game) -> None:\n"
        "    game: Any = None\n"
        "    self.game: typing.Any = None\n"
        "    self._game: Any = None\n"
    )
    assert games_typed_any(tree) == [1, 2, 3, 4]


# ----- the shell's static files (the display page's CSS, JS and HTML) name no game ---------------
STATIC = ROOT / "dealer_display" / "static"
GAME_PREFIX = re.compile(
    r"(?<![\w-])([a-z]{2})-[a-z]"
)  # a game's own classes: two letters (bj-seat)


def game_words() -> set[str]:
    """Every way the shell could name a registered game: its id as written, with spaces and as a
    Python name, its title and each part of it ("Blackjack", "Dead Man's Hand")."""
    words = set()
    for game in records().values():
        words |= {game.id, game.id.replace("-", " "), game.id.replace("-", "_"), game.title}
        words |= {part.strip() for part in game.title.split("\u00b7")}
    return {word.lower() for word in words if word}


def game_prefixes() -> set[str]:
    """The class prefixes only one game package's static files use (``rd-`` of ``.rd-marker``;
    ``on-`` of ``.on-turn``, in two games' files, is no one game's)."""
    used: dict[str, set[Path]] = {}
    folders = {game.display.folder for game in records().values() if game.display}
    for folder in folders:
        for path in sorted(folder.glob("*.*")):
            if path.suffix in (".css", ".js"):
                for prefix in GAME_PREFIX.findall(path.read_text(encoding="utf-8")):
                    used.setdefault(prefix, set()).add(folder)
    return {prefix for prefix, where in used.items() if len(where) == 1}


def naming_a_game(text: str, words: set[str], prefixes: set[str]) -> list[str]:
    """What in ``text`` (comments too) names a game: a word of :func:`game_words`, or a class
    with a game's prefix."""
    lower = text.lower()
    found = [
        word
        for word in sorted(words)
        if re.search(rf"(?<![a-z0-9]){re.escape(word)}(?![a-z0-9])", lower)
    ]
    return found + sorted({f"{p}-" for p in GAME_PREFIX.findall(text) if p in prefixes})


def test_the_shells_static_files_name_no_game() -> None:
    words, prefixes = game_words(), game_prefixes()
    assert {"rd", "sd", "fm"} <= prefixes  # the games' own styles were read
    naming = {
        path.name: found
        for path in sorted(STATIC.iterdir())
        if path.suffix in (".css", ".js", ".html")
        and (found := naming_a_game(path.read_text(encoding="utf-8"), words, prefixes))
    }
    assert naming == {}


def test_the_static_check_sees_a_title_an_id_and_a_prefix_in_comments_too() -> None:
    css = (
        "/* Red Dog's marker */ .rd-marker { color: red; }\n"
        ".card.back, .seat-tag, .bet-circle {}  /* a face-down card; vingt-un */\n"
        "/* Dead Man's Hand */\n"
    )
    found = naming_a_game(css, game_words(), {"rd", "bj"})
    assert found == ["dead man's hand", "red dog", "vingt-un", "rd-"]


# ----- nor any game's play: no id, class or word of the shell's page is a game's -----------------
# (the page's boxes for a play's amount were #insurance, #raise-box, "Insure": a game's words)
HTML_NAMES = re.compile(r"""\b(?:id|class|for)\s*=\s*["']([^"']+)["']""")
CSS_NAMES = re.compile(r"[#.]([a-zA-Z][\w-]*)")
JS_NAMES = re.compile(r"""(?:\$|getElementById)\(\s*["'`]([\w-]+)|["'`][^"'`]*?#([a-zA-Z][\w-]*)""")


def play_words() -> set[str]:
    """The words of every play a game declares that takes an amount: its name and its words
    ("insurance", "insure", "raise", "stake", "wager"), as one word each, in lower case."""
    return {
        word.lower().replace("_", "-")
        for game in records().values()
        for decision in game.decisions
        if decision.amount is not None
        for word in (decision.name, decision.words)
        if word
    }


def page_names(text: str, suffix: str) -> set[str]:
    """The ids and classes ``text`` (an .html, .css or .js file) gives or looks up, and on the
    HTML page the words it shows (its text outside tags and comments)."""
    if suffix == ".html":
        names = {name for found in HTML_NAMES.findall(text) for name in found.split()}
        shown = re.sub(r"<!--.*?-->|<[^>]*>", " ", text, flags=re.S)
        return names | set(re.findall(r"[a-zA-Z][\w-]*", shown))
    if suffix == ".css":
        return set(CSS_NAMES.findall(re.sub(r"/\*.*?\*/", " ", text, flags=re.S)))
    return {name for pair in JS_NAMES.findall(text) for name in pair if name}


def naming_a_play(text: str, suffix: str, words: set[str]) -> list[str]:
    """The names and words of ``text`` that are, or hold as a part, a word of ``words``."""
    return sorted(
        name
        for name in page_names(text, suffix)
        if name.lower() in words or set(re.split(r"[-_]", name.lower())) & words
    )


def test_the_shells_page_has_no_id_class_or_word_of_a_games_play() -> None:
    words = play_words()
    assert {"insurance", "insure", "raise", "stake"} <= words  # the games' plays were read
    naming = {
        path.name: found
        for path in sorted(STATIC.iterdir())
        if path.suffix in (".css", ".js", ".html")
        and (found := naming_a_play(path.read_text(encoding="utf-8"), path.suffix, words))
    }
    assert naming == {}


def test_the_play_check_sees_ids_classes_and_words_on_the_page() -> None:
    words = play_words()
    html = (
        '<form id="insurance" hidden><label id="raise-box" class="box stake-box">'
        "<!-- the wager --> Insure $</label></form>"
    )
    css = "/* insurance */ #btn-insure, .amount-box { width: 0.5em; }"
    js = 'const x = $("raise-amount"); document.querySelector("form#insurance-seat .amount");'
    assert naming_a_play(html, ".html", words) == ["Insure", "insurance", "raise-box", "stake-box"]
    assert naming_a_play(css, ".css", words) == ["btn-insure"]
    assert naming_a_play(js, ".js", words) == ["insurance-seat", "raise-amount"]
