#!/usr/bin/env bash
# A complete 6-player westeros game played by bots, from `new` to the final standings, as a
# real game: order files in the inbox, one `run` per turn, reports, maps and git history.
# Usage: examples/demo.sh [FOLDER] [SEED]     (default: ./demo, seed 1)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
game=${1:-demo}
seed=${2:-1}
passwords="$here/westeros/passwords.yaml"
start=$(date +%s)
rm -rf "$game"
adjudicator new "$game" --game westeros --players 6 \
  --player "stark=Ann <ann@example.org>" --player "lannister=Bo <bo@example.org>" \
  --passwords "$passwords" --now 2027-01-01T12:00Z >/dev/null
# The bots answer whatever is asked, with standing instructions for the rest of the round
# (--ahead), one hour after the last run; the passwords are checked and kept on first use.
adjudicator bot "$game" --passwords "$passwords" --seed "$seed" --ahead >/dev/null
runs=0
for hour in $(seq 1 500); do
  now=$(date -u -d "2027-01-01 12:00 UTC + $hour hours" +%Y-%m-%dT%H:%MZ)
  adjudicator run "$game" --now "$now" -q
  runs=$((runs + 1))
  if grep -q '^waiting: \[\]' "$game/game.yaml"; then
    break # nothing is awaited from anyone: the game is over
  fi
  adjudicator bot "$game" --seed "$seed" --ahead >/dev/null
done
last=$(ls "$game"/reports/*.md | sort | tail -n 1)
echo "=== the final standings, from $last ==="
awk '/The game ends/ {on = 1} on {print} on && /^Ties on/ {exit}' "$last"
echo
echo "=== where to look ==="
echo "  $game/reports/          every public report (.md, .bbcode, .svg, .png), one per run"
echo "  $game/game.yaml         the public state; 'adjudicator export $game' prints the position"
echo "  $game/archive/          every order file, committed once revealed (passwords removed)"
echo "  $game/.adjudicator/     private: each house's reports and maps, the state, the secret"
echo "  git -C $game log        $(git -C "$game" rev-list --count HEAD) commits: the new game, then one per run"
echo "  adjudicator replay $game   re-runs the whole game and compares every commit"
echo "played $runs runs in $(($(date +%s) - start)) s"
echo
echo "=== baltic: Poltava (1708-1709) played to its end by two bots ==="
python "$here/baltic_demo.py" "${game}-baltic"
