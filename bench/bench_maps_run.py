"""Time all the maps of one run (issue 21): the public map and every player's, SVG and PNG,
as `publish` draws them, for a 6-player westeros start and the Poltava scenario.

Not part of the test suite. Run from the repository root:

    python bench/bench_maps_run.py

CPU time (this process and its resvg children) is given beside wall time: on a shared,
busy host the CPU time is what still says something. The maps are timed warm (map data
and glyphs loaded, each glyph's path parsed, the words' outlines cached): a run's own
process pays about 10 ms more for that once; `bench_cli.py` times whole runs.
"""

from __future__ import annotations

import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from adjudicator import raster
from adjudicator.mapdraw import draw_svg
from adjudicator.rulesets.baltic.position import scenario_state
from adjudicator.rulesets.baltic.view import view as baltic_view
from tests.test_mapdraw import start_view


def cpu() -> float:
    mine = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return mine.ru_utime + mine.ru_stime + children.ru_utime + children.ru_stime


def westeros(lang: str) -> list[bytes]:
    """Seven SVGs; the six private maps show the whole board, so they share the one PNG."""
    memo: dict = {}
    public = draw_svg(start_view(), lang=lang, memo=memo)
    drawing = raster.start(public)
    for house in start_view()["houses"]:
        view = start_view(viewer=house)
        draw_svg(view, lang=lang, memo=memo)
        assert draw_svg({**view, "viewer": None}, lang=lang, memo=memo) == public
    return [drawing()]


def baltic(lang: str) -> list[bytes]:
    """Three SVGs and three PNGs: each side sees its own blocks."""
    state, memo = scenario_state("poltava"), {}
    views = [baltic_view(state, viewer) for viewer in (None, "sweden", "coalition")]
    drawings = [raster.start(draw_svg(view, lang=lang, memo=memo)) for view in views]
    return [drawing() for drawing in drawings]


def main() -> None:
    for name, maps in (("westeros", westeros), ("baltic", baltic)):
        for lang in ("en", "ru"):
            maps(lang)  # warm: data, catalogs and glyphs loaded
            cpus, walls = [], []
            for _ in range(9):
                start_cpu, start = cpu(), time.perf_counter()
                pngs = maps(lang)
                walls.append(time.perf_counter() - start)
                cpus.append(cpu() - start_cpu)
            print(
                f"{name} {lang}: a run's maps: CPU {statistics.median(cpus) * 1000:.0f} ms, "
                f"wall {statistics.median(walls) * 1000:.0f} ms, "
                f"largest PNG {max(map(len, pngs)) // 1024} KB"
            )


if __name__ == "__main__":
    main()
