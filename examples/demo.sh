#!/usr/bin/env bash
# Two complete games played by bots, from `new` to the end, as real games: order files in the
# inbox, one `run` per turn, reports, maps and git history.
#   1. westeros: 6 houses, 10 rounds, to the final standings;
#   2. baltic: the Poltava scenario (1708-1709), Sweden against the Coalition, to its result.
# Usage: examples/demo.sh [FOLDER] [SEED]     (default: ./demo and ./demo-baltic, seed 1)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
game=${1:-demo}
seed=${2:-1}
start=$(date +%s)

# moment GAME: the game's round ('round: 3') or season ('when: 1708 Spring'), from game.yaml.
moment() {
  grep -m1 -E '^  (when|round): ' "$1/game.yaml" | sed -E 's/^  (when|round): //; s/^([0-9]+)$/round \1/'
}

# play GAME PASSWORDS: the bots answer whatever is asked (with standing instructions for the
# rest of the round, --ahead), one hour after the last run, until nothing is awaited. A line
# per round (or season) shows the game moving. DEMO_MAX_RUNS stops it early (the tests).
play() {
  local folder=$1 passwords=$2 runs=0 hour now shown="" at
  adjudicator bot "$folder" --passwords "$passwords" --seed "$seed" --ahead >/dev/null
  for hour in $(seq 1 "${DEMO_MAX_RUNS:-500}"); do
    now=$(date -u -d "2027-01-01 12:00 UTC + $hour hours" +%Y-%m-%dT%H:%MZ)
    adjudicator run "$folder" --now "$now" -q
    runs=$((runs + 1))
    at=$(moment "$folder")
    if [ "$at" != "$shown" ]; then
      echo "  $at (run $runs, $(($(date +%s) - start)) s)"
      shown=$at
    fi
    if grep -q '^waiting: \[\]' "$folder/game.yaml"; then
      break # nothing is awaited from anyone: the game is over
    fi
    adjudicator bot "$folder" --seed "$seed" --ahead >/dev/null
  done
  echo "played $runs runs; $(git -C "$folder" rev-list --count HEAD) commits"
}

where() {
  local folder=$1
  echo "=== where to look ==="
  echo "  $folder/reports/          every public report (.md, .bbcode, .svg, .png), one per run"
  echo "  $folder/game.yaml         the public state; 'adjudicator export $folder' prints the position"
  echo "  $folder/archive/          what each order file revealed, committed as the game revealed it"
  echo "  $folder/.adjudicator/     private: each player's reports and maps, the state, the secret"
  echo "  git -C $folder log        the new game, then one commit per run"
  echo "  adjudicator replay $folder   re-runs the whole game and compares every commit"
}

rm -rf "$game" "$game-baltic"
echo "=== westeros: six bots play a whole game ==="
adjudicator new "$game" --game westeros --players 6 \
  --player "stark=Ann <ann@example.org>" --player "lannister=Bo <bo@example.org>" \
  --passwords "$here/westeros/passwords.yaml" --now 2027-01-01T12:00Z >/dev/null
play "$game" "$here/westeros/passwords.yaml"
last=$(ls "$game"/reports/*.md | sort | tail -n 1)
echo "=== the final standings, from $last ==="
awk '/The game ends/ {on = 1} on {print} on && /^Ties on/ {exit}' "$last"
where "$game"

echo
echo "=== baltic: Poltava (1708-1709), two bots play it to its end ==="
adjudicator new "$game-baltic" --game baltic --option scenario=poltava \
  --player "sweden=Ann <ann@example.org>" --player "coalition=Bo <bo@example.org>" \
  --passwords "$here/baltic/passwords.yaml" --now 2027-01-01T12:00Z >/dev/null
play "$game-baltic" "$here/baltic/passwords.yaml"
last=$(ls "$game-baltic"/reports/*.md | sort | tail -n 1)
echo "=== the result, from $last ==="
grep -m1 "The game is over" "$last" || echo "(no result: see $last)"
where "$game-baltic"
echo "both games in $(($(date +%s) - start)) s"
