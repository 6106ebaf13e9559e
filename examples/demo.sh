#!/usr/bin/env bash
# A 6-player westeros demo: new game, the sample orders of all six houses, run, reports.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
game=${1:-demo}
rm -rf "$game"
adjudicator new "$game" --game westeros --players 6 \
  --player "stark=Ann <ann@example.org>" --player "lannister=Bo <bo@example.org>" \
  --passwords "$here/westeros/passwords.yaml" --now 2027-01-01T12:00Z
cp "$here"/westeros/orders/*.txt "$game/inbox/"
adjudicator run "$game" --now 2027-01-01T13:00Z
adjudicator status "$game" --now 2027-01-01T13:00Z
echo
echo "=== $game/reports/0001.md ==="
cat "$game/reports/0001.md"
echo "=== git log ==="
git -C "$game" log --oneline
echo
echo "=== baltic: Poltava (1708-1709) played to its end by two bots ==="
python "$here/baltic_demo.py" "${game}-baltic"
