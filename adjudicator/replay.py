"""Audit by replay: re-run a game from its first commit and its submissions.

Each commit of the GM's repository records the run's time (`updated`) and step counter in
game.yaml. Replay rebuilds the first state from game.yaml's `start` and the GM secret, feeds
every archived (and still staged) submission in at the step it arrived, advances with each
commit's time, and compares the game file and reports it would write with the committed
ones, byte for byte. The first difference is reported with its commit and file.
"""

from __future__ import annotations

from pathlib import Path

from adjudicator.auth import without_hashes
from adjudicator.clock import parse_time
from adjudicator.create import initial_state, private_start
from adjudicator.engine import Game
from adjudicator.gamedir import GameDir, dump_yaml, load_yaml_text
from adjudicator.publish import git
from adjudicator.requests import Submission
from adjudicator.rulesets import find_ruleset
from adjudicator.submissions import load_submission
from adjudicator.table import keep
from adjudicator.text import Text, _l, _ln
from adjudicator.transaction import Transaction


def _all_submissions(gamedir: GameDir) -> list[Submission]:
    """Every whole submission: the GM's private copies (at any time), else the ones `reveal`
    published (anyone, after the game). The public archive alone holds only what the game
    revealed, which is not enough to replay."""
    found: dict[str, Path] = {}
    for folder in (gamedir.revealed, gamedir.spent, gamedir.submissions):
        found.update((p.stem, p) for p in folder.glob("*.yaml"))
    return sorted((load_submission(p) for p in found.values()), key=lambda s: s.id)


def replay_game(path: Path) -> tuple[bool, Text]:
    """(True, summary) when every commit is reproduced; else (False, the first difference),
    each a sentence the CLI says in the GM's language."""

    gamedir = GameDir(path)
    gamedir.require()
    commits = git.log(path)
    first_meta = load_yaml_text(git.show(path, commits[0], "game.yaml"))
    ruleset = find_ruleset(first_meta["game"])
    secret = gamedir.secret()
    start = first_meta["start"]
    position = private_start(gamedir, start)
    state = initial_state(ruleset, start, secret, first_meta["id"], position=position)
    private = {"step": 1, "state": ruleset.save(state)}
    meta = {
        k: v for k, v in first_meta.items() if k not in ("step", "updated", "waiting", "position")
    }
    game = Game(gamedir, meta=meta, private=private, submissions=[])
    pending = _all_submissions(gamedir)
    game.register_requests(parse_time(first_meta["created"]))
    checked = 0
    expected: dict[str, bytes] = {}
    for commit in commits[1:]:
        target = load_yaml_text(git.show(path, commit, "game.yaml"))
        game.meta["settings"] = target.get("settings", {})
        if "secret" in target:
            game.meta["secret"] = target["secret"]
        now = parse_time(target["updated"])
        if target["step"] == game.step:
            _adopt_deadlines(game, target)  # a GM command (extend, pause): nothing resolved
        else:
            pending = _feed(game, pending)
            resolution = game.resolve(now)
            tx = Transaction(gamedir)
            if resolution:
                game.write_run(resolution, now, tx)
                tx.finish()  # the PNG, drawn in a child process
            expected.update(
                (p, d) for p, d in tx.writes.items() if not p.startswith(".adjudicator/")
            )
            checked += 1
        expected["game.yaml"] = dump_yaml(game.public_meta(now)).encode("utf-8")
        for relpath, text in sorted(expected.items()):
            if not _same(relpath, git.show(path, commit, relpath), text):
                return False, _l(
                    "diverged at commit %(commit)s (step %(step)s): %(file)s",
                    commit=commit[:10],
                    step=target["step"],
                    file=relpath,
                )
    return True, _ln(
        "replayed %(n)d adjudication commit of %(total)d: all identical",
        "replayed %(n)d adjudication commits of %(total)d: all identical",
        checked,
        total=len(commits),
    )


def _same(relpath: str, committed: bytes | None, expected: bytes) -> bool:
    """Whether a commit holds the file replay made. A game.yaml committed before issue 18
    held password hashes, which game.yaml no longer carries: it is compared without them."""
    if committed is None or committed == expected or relpath != "game.yaml":
        return committed == expected
    return without_hashes(load_yaml_text(committed.decode())) == load_yaml_text(expected.decode())


def _feed(game: Game, pending: list[Submission]) -> list[Submission]:
    """Give the game the submissions that arrived before its current step resolved."""
    now_due = [s for s in pending if s.after_step <= game.step]
    for submission in now_due:
        keep(game.ledger, submission)
    return [s for s in pending if s.after_step > game.step]


def _adopt_deadlines(game: Game, target: dict) -> None:
    by_key = {(w["player"], w["summary"]): w["deadline"] for w in target.get("waiting", [])}
    for record in game.requests.values():
        record["deadline"] = by_key.get((record["player"], record["summary"]), record["deadline"])
