"""Time drawing the 6-player westeros board (targets: SVG < 50 ms, PNG < 500 ms).

Not part of the test suite. Run from the repository root:

    python bench/bench_mapdraw.py               # timings only
    python bench/bench_mapdraw.py --out /tmp    # also write map-start.png and map-crowded.png
    python bench/bench_mapdraw.py --lang ru     # the map in Russian (names.yaml, maps.po)

With resvg-py or cairosvg installed too, the crowded map is also drawn by them beside what
`svg_to_png` does, import and render timed, and with --out every picture is written.

The crowded position is invented: every house has armies, routed units, orders and power
tokens on the board, which is the worst case for readability and for drawing time.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from adjudicator.mapdraw import draw_svg
from adjudicator.raster import svg_to_png

# Invented power tokens holding areas nobody occupies, as area:house.
TOKENS = """the_stony_shore:stark widows_watch:stark the_twins:stark salt_shore:martell
the_mountains_of_the_moon:baratheon searoad_marches:lannister the_arbor:tyrell
flints_finger:greyjoy"""


def start_view() -> dict[str, Any]:
    """The public view of the 6-player start, as the westeros ruleset gives it."""
    from adjudicator.dice import Dice
    from adjudicator.rulesets.westeros import RULESET

    return RULESET.view(RULESET.new_game({"players": 6}, Dice(b"bench", "bench", 0)), None)


def crowded_view() -> dict[str, Any]:
    """An invented round-6 position with all six houses spread over the board."""
    f, k, s, e = "footman", "knight", "ship", "siege_engine"
    army = {
        "stark": {
            "winterfell": [f, k, k], "moat_cailin": [k, f, f, e], "the_twins": [f],
            "white_harbor": [f, f], "port_of_white_harbor": [s, s, s],
            "the_shivering_sea": [s, s], "the_narrow_sea": [s, "routed ship"],
            "the_fingers": [f], "castle_black": [f], "karhold": [k],
        },
        "greyjoy": {
            "pyke": [f, k], "port_of_pyke": [s, s], "ironmans_bay": [s, s, s],
            "seagard": [k, k, f], "greywater_watch": ["routed footman", "routed knight"],
            "flints_finger": [f], "sunset_sea": [s, s], "the_golden_sound": [s, s, s, s],
            "bay_of_ice": [s],
        },
        "lannister": {
            "lannisport": [f, f, k], "riverrun": [k, k, e], "stoney_sept": [f],
            "harrenhal": [f, "routed footman"], "searoad_marches": [k],
            "port_of_lannisport": [s],
        },
        "baratheon": {
            "dragonstone": [f, k], "shipbreaker_bay": [s, s, s], "kings_landing": [k, k, f, e],
            "kingswood": [f], "crackclaw_point": [f, f], "blackwater_bay": [s],
            "port_of_dragonstone": [s, s], "the_eyrie": [k],
        },
        "tyrell": {
            "highgarden": [f, k], "the_reach": [k, k, f, f], "redwyne_straights": [s, s],
            "oldtown": [f], "dornish_marches": [f], "west_summer_sea": [s, s],
            "blackwater": [k, "routed footman"], "the_arbor": [f], "three_towers": [f],
        },
        "martell": {
            "sunspear": [f, k], "salt_shore": [f], "sea_of_dorne": [s, s], "yronwood": [k, e],
            "starfall": [f, f], "princes_pass": [f], "the_boneway": [k, k],
            "storms_end": [f], "east_summer_sea": [s], "port_of_sunspear": [s],
        },
    }  # fmt: skip
    view = start_view()
    houses = ("stark", "greyjoy", "lannister", "baratheon", "tyrell", "martell")
    units: dict[str, dict[str, list[str]]] = {}
    for house, placed in sorted(army.items()):
        for area, kinds in sorted(placed.items()):
            units.setdefault(area, {})[house] = kinds
    orders = [
        "march+1", "march-1", "march+0", "defense+1", "defense+2", "support+0",
        "support+1", "raid", "raid*", "consolidate-power", "consolidate-power*",
    ]  # fmt: skip
    view.update(
        round=6,
        phase="action",
        units=units,
        orders={a: orders[i % len(orders)] for i, a in enumerate(sorted(units))},
        power_tokens=dict(pair.split(":") for pair in TOKENS.split()),
        garrisons={"winterfell": 2, "lannisport": 2, "pyke": 2, "highgarden": 2, "sunspear": 2},
        wildlings=8,
        supply=dict(zip(houses, (4, 5, 3, 4, 5, 3), strict=True)),
        power=dict(zip(houses, (3, 7, 11, 1, 0, 6), strict=True)),
        castles=dict(zip(houses, (3, 3, 3, 4, 4, 4), strict=True)),
        tracks={
            "iron_throne": ["lannister", "baratheon", "tyrell", "stark", "greyjoy", "martell"],
            "fiefdoms": ["greyjoy", "stark", "martell", "tyrell", "lannister", "baratheon"],
            "kings_court": ["tyrell", "lannister", "martell", "baratheon", "greyjoy", "stark"],
        },
    )
    return view


def best_ms(job: Callable[[], object], repeat: int) -> tuple[float, float]:
    """Best and median wall time of ``job`` in milliseconds (best is the least noisy)."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        job()
        times.append((time.perf_counter() - t0) * 1000)
    return min(times), statistics.median(times)


def import_ms(module: str) -> float:
    """Wall time of importing `module` in a fresh interpreter, in milliseconds."""
    import subprocess
    import sys

    code = f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    return float(done.stdout) * 1000 if done.returncode == 0 else float("nan")


def side_by_side(svg: str, out: Path | None) -> None:
    """What svg_to_png does (outlines, then the resvg program) against the resvg-py binding
    and cairosvg laying out the text themselves, on the same SVG, for those installed
    (pip install resvg-py cairosvg): the measurement behind adjudicator/raster.py."""
    import importlib.util

    contenders = [("outlines+resvg", "adjudicator.raster", lambda: svg_to_png(svg))]
    if importlib.util.find_spec("resvg_py"):
        import resvg_py

        family = {"font_family": "DejaVu Sans", "sans_serif_family": "DejaVu Sans"}
        contenders.append(
            ("resvg-py", "resvg_py", lambda: bytes(resvg_py.svg_to_bytes(svg_string=svg, **family)))
        )
    if importlib.util.find_spec("cairosvg"):
        import cairosvg

        contenders.append(
            ("cairosvg", "cairosvg", lambda: cairosvg.svg2png(bytestring=svg.encode()))
        )
    for name, module, job in contenders:
        best, median = best_ms(job, 5)
        print(
            f"crowded  {name:14} import {import_ms(module):6.1f} ms   render {best:6.1f} ms "
            f"(median {median:6.1f})   {len(job())} bytes"
        )
        if out:
            (out / f"map-crowded-{name}.png").write_bytes(job())


def main() -> None:
    """Print the timings; with ``--out``, write the two pictures for a look by eye."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="folder for map-start.png and map-crowded.png")
    parser.add_argument("--width", type=int, default=1000)
    parser.add_argument("--lang", default="en", help="the map's language: en, ru, pt_BR")
    args = parser.parse_args()
    lang = args.lang
    view = start_view()
    # The first draw of a process loads the YAML files (and, in another language, names.yaml
    # and the catalog); a `run` pays it once, a long-running cron process once for all.
    first, _ = best_ms(lambda: draw_svg(view, lang=lang), 1)
    print(f"first draw in this process ({lang}): {first:6.1f} ms")
    for name, view in (("start", start_view()), ("crowded", crowded_view())):
        svg = draw_svg(view, width=args.width, lang=lang)
        svg_best, svg_med = best_ms(lambda v=view: draw_svg(v, width=args.width, lang=lang), 50)
        png_best, png_med = best_ms(lambda s=svg: svg_to_png(s), 5)
        print(
            f"{name:8} svg {svg_best:6.1f} ms (median {svg_med:6.1f}, target 50)   "
            f"png {png_best:6.1f} ms (median {png_med:6.1f}, target 500)   {len(svg)} bytes"
        )
        if args.out:
            (args.out / f"map-{name}-{lang}.png").write_bytes(svg_to_png(svg))
    side_by_side(draw_svg(crowded_view(), width=args.width, lang=lang), args.out)


if __name__ == "__main__":
    main()
