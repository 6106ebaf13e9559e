"""The layers of the code (docs/architecture.md): an import goes down or sideways, never up.

Every import of one of our modules counts, at the top of a module or inside a function
(a lazy import hides a dependency from the reader, not from the design), and so does one
under ``if TYPE_CHECKING``. A circle between modules of different layers is then
impossible; the test names the first upward import it finds, and each circle it closes.

Inside westeros the same check runs over the ruleset's own layers (facts, words, rules, the
order language, bots, the contract): the rules never import the language that reads lines.
Inside the map drawer it runs over the order the picture is drawn in (text, the view, glyphs,
tiles, areas, coasts and ground, the panel's sections, the panel, the page), with no circle
even inside one layer.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import adjudicator

PACKAGE = Path(adjudicator.__file__).parent

LAYERS: list[tuple[str, tuple[str, ...]]] = [
    (
        "foundation",
        (
            "text",
            "grammar",
            "clock",
            "dice",
            "data",
            "i18n",
            "glyphs",
            "vocabulary",
            "auth",
            "gamefile",
            "gamedir",
            "orders",
            "requests",
            "submissions",
            "render",
            "mapwords",
            "mapshapes",
            "mapdraw",
            "raster",
            "form",
        ),
    ),
    ("games", ("rulesets",)),
    ("loop", ("table", "notes")),
    ("outside", ("inbox", "publish", "transaction")),
    (
        "engine",
        (
            "engine",
            "intake",
            "freshness",
            "guessing",
            "migrate",
            "check",
            "create",
            "replay",
            "settings",
            "bots",
            "rejections",
        ),
    ),
    ("cron", ("cron",)),
    ("cli", ("cli", "click_messages", "__main__", "cron.command")),
]
"""Lowest first. A module belongs to the layer that names it or its nearest package."""

WESTEROS = "adjudicator.rulesets.westeros"
WESTEROS_LAYERS: list[tuple[str, tuple[str, ...]]] = [
    (
        "facts",
        (
            "board",
            "battle",
            "decks",
            "flow",
            "state",
            "units",
            "view",
            "vocabulary",
            "wildling_attack",
            "open_request",
            "request_contexts",
            "reported",
            "nouns",
        ),
    ),
    ("words", ("words",)),
    ("rules", ("rules",)),
    ("language", ("language",)),
    ("bots", ("bots",)),
    ("contract", ("__init__", "ruleset", "position")),
]
"""Inside westeros, lowest first (docs/architecture.md): the rules take values and never read
a line; the order language reads lines into those values on top of the rules; both name
things and build sentences through words/. Names are relative to the ruleset's package."""


MAPDRAW = "adjudicator.mapdraw"
MAPDRAW_LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("text", ("svg",)),
    ("reading", ("view",)),
    ("glyphs", ("pieces", "marks")),
    ("tiles", ("tiles",)),
    ("areas", ("areas",)),
    ("coasts", ("ports", "ground")),
    ("sections", ("sections", "years", "legend")),
    ("panel", ("panel",)),
    ("page", ("page", "__init__")),
]
"""Inside the map drawer, lowest first (docs/architecture.md): a module draws with the parts
drawn before it, never with the page or the panel that place it. Names are relative to the
drawer's package."""


def modules() -> dict[str, Path]:
    """'adjudicator.cron.desk' -> its file, for every module of the package."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> Iterator[tuple[str, int]]:
    """(our module imported, line) for every import in `path`, wherever it stands."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from ((a.name, node.lineno) for a in node.names if a.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([node.module] if node.module else []))
            for alias in node.names:
                whole = f"{base}.{alias.name}"
                if whole in known:
                    yield whole, node.lineno
                elif base in known:
                    yield base, node.lineno


def layer_of(
    name: str,
    layers: list[tuple[str, tuple[str, ...]]] = LAYERS,
    package: str = "adjudicator",
) -> int:
    """The rank of `name`'s layer (0 lowest): the longest prefix a layer names wins."""
    inner = name.removeprefix(package).removeprefix(".") or "__init__"
    best, rank = -1, None
    for n, (_, prefixes) in enumerate(layers):
        for prefix in prefixes:
            if (inner == prefix or inner.startswith(prefix + ".")) and len(prefix) > best:
                best, rank = len(prefix), n
    assert rank is not None, f"{name} belongs to no layer: add it to LAYERS (and the docs)"
    return rank


def upward(
    edges: dict[str, dict[str, int]],
    layers: list[tuple[str, tuple[str, ...]]] = LAYERS,
    package: str = "adjudicator",
) -> list[str]:
    """Every import in `edges` between modules of `package` that goes up a layer, said."""

    def inside(name: str) -> bool:
        return name == package or name.startswith(package + ".")

    return [
        f"{name} (line {line}) imports {other}: "
        f"{layers[layer_of(name, layers, package)][0]} -> "
        f"{layers[layer_of(other, layers, package)][0]}"
        for name, targets in edges.items()
        if inside(name)
        for other, line in targets.items()
        if inside(other) and layer_of(other, layers, package) > layer_of(name, layers, package)
    ]


def graph() -> dict[str, dict[str, int]]:
    known = modules()
    return {
        name: {other: line for other, line in imports(name, path, known) if other != name}
        for name, path in sorted(known.items())
        if name != "adjudicator"
    }


def circles(edges: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return sorted(found)


def test_every_module_has_a_layer() -> None:
    for name in graph():
        layer_of(name)


def test_no_import_goes_up_a_layer() -> None:
    assert upward(graph()) == []


def test_no_circle_between_modules_of_different_layers() -> None:
    mixed = [group for group in circles(graph()) if len({layer_of(m) for m in group}) > 1]
    assert mixed == []


def test_the_check_finds_a_circle_across_layers() -> None:
    """The checks above can fail: a made-up engine <-> table circle is found."""
    edges = graph()
    edges["adjudicator.table"] = {**edges["adjudicator.table"], "adjudicator.engine": 1}
    mixed = [group for group in circles(edges) if len({layer_of(m) for m in group}) > 1]
    assert any({"adjudicator.engine", "adjudicator.table"} <= set(g) for g in mixed)


def test_every_westeros_module_has_a_layer_inside_the_ruleset() -> None:
    for name in graph():
        if name == WESTEROS or name.startswith(WESTEROS + "."):
            layer_of(name, WESTEROS_LAYERS, WESTEROS)


def test_inside_westeros_the_rules_never_import_the_order_language() -> None:
    """Nor anything else above them: no import goes up a layer of WESTEROS_LAYERS."""
    assert upward(graph(), WESTEROS_LAYERS, WESTEROS) == []


def test_the_westeros_check_finds_a_function_local_import_of_the_language(tmp_path: Path) -> None:
    """The check above can fail: a rules module reaching for a parser inside a function (a
    lazy import hides the dependency from the reader, not from the test) is named."""
    source = tmp_path / "made_up.py"
    source.write_text(
        "def answer(state, text):\n"
        "    from adjudicator.rulesets.westeros.language.action_lines import parse_action_line\n"
        "\n"
        "    return parse_action_line(state, 'stark', text)\n",
        encoding="utf-8",
    )
    name = f"{WESTEROS}.rules.made_up"
    known = {**modules(), name: source}
    edges = {name: dict(imports(name, source, known))}
    assert upward(edges, WESTEROS_LAYERS, WESTEROS) == [
        f"{name} (line 2) imports {WESTEROS}.language.action_lines: rules -> language"
    ]


def test_every_mapdraw_module_has_a_layer_inside_the_drawer() -> None:
    for name in graph():
        if name == MAPDRAW or name.startswith(MAPDRAW + "."):
            layer_of(name, MAPDRAW_LAYERS, MAPDRAW)


def test_inside_the_drawer_no_import_goes_up_and_none_goes_round() -> None:
    """A glyph never imports the page that places it; and no two modules of the drawer
    import each other, even through others, even inside one layer."""
    assert upward(graph(), MAPDRAW_LAYERS, MAPDRAW) == []
    inside = [group for group in circles(graph()) if any(m.startswith(MAPDRAW) for m in group)]
    assert inside == []


def test_the_drawer_check_finds_a_glyph_reaching_for_the_page() -> None:
    """The check above can fail: a made-up import of the page by the text helpers is named."""
    edges = graph()
    edges[f"{MAPDRAW}.svg"] = {**edges[f"{MAPDRAW}.svg"], f"{MAPDRAW}.page": 7}
    assert upward(edges, MAPDRAW_LAYERS, MAPDRAW) == [
        f"{MAPDRAW}.svg (line 7) imports {MAPDRAW}.page: text -> page"
    ]
    assert any(f"{MAPDRAW}.svg" in group for group in circles(edges))
