"""The layers of the code (docs/architecture.md): an import goes down or sideways, never up.

Every import of one of our modules counts, at the top of a module or inside a function
(a lazy import hides a dependency from the reader, not from the design), and so does one
under ``if TYPE_CHECKING``. A circle between modules of different layers is then
impossible; the test names the first upward import it finds, and each circle it closes.
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
    ("cli", ("cli", "__main__", "cron.command")),
]
"""Lowest first. A module belongs to the layer that names it or its nearest package."""


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


def layer_of(name: str) -> int:
    """The rank of `name`'s layer (0 lowest): the longest prefix a layer names wins."""
    inner = name.removeprefix("adjudicator.")
    best, rank = -1, None
    for n, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (inner == prefix or inner.startswith(prefix + ".")) and len(prefix) > best:
                best, rank = len(prefix), n
    assert rank is not None, f"{name} belongs to no layer: add it to LAYERS (and the docs)"
    return rank


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
    upward = [
        f"{name} (line {line}) imports {other}: "
        f"{LAYERS[layer_of(name)][0]} -> {LAYERS[layer_of(other)][0]}"
        for name, targets in graph().items()
        for other, line in targets.items()
        if layer_of(other) > layer_of(name)
    ]
    assert upward == []


def test_no_circle_between_modules_of_different_layers() -> None:
    mixed = [group for group in circles(graph()) if len({layer_of(m) for m in group}) > 1]
    assert mixed == []


def test_the_check_finds_a_circle_across_layers() -> None:
    """The checks above can fail: a made-up engine <-> table circle is found."""
    edges = graph()
    edges["adjudicator.table"] = {**edges["adjudicator.table"], "adjudicator.engine": 1}
    mixed = [group for group in circles(edges) if len({layer_of(m) for m in group}) > 1]
    assert any({"adjudicator.engine", "adjudicator.table"} <= set(g) for g in mixed)
