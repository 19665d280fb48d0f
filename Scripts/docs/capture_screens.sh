#!/usr/bin/env bash
# Prints the screen captures of README.md and docs/screens.md: the real binary in a 100×24 tmux pane on the sample trips.
# Usage: Scripts/docs/capture_screens.sh [path/to/roadtrip]
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-$(swift build --show-bin-path)/roadtrip}
dir=$(mktemp -d)
sock="roadtrip-capture-$$"
t() { tmux -L "$sock" -f /dev/null "$@"; }
trap 't kill-server 2>/dev/null; rm -rf "$dir"' EXIT
t new-session -d -x 100 -y 24 -e LANG=C.UTF-8 -e TZ=UTC "$bin" --data "$dir/trips.json"
settle() { sleep "${1:-0.6}"; }
shot() { echo "== $1"; t capture-pane -p | sed -e 's/[[:space:]]*$//'; }
settle 1.5
t send-keys -l "a"; t send-keys -l "Pacific NW"; settle; shot "naming a new trip"
t send-keys Escape; settle 0.2; shot "trip list"
t send-keys End Up; settle 0.2; t send-keys Enter; settle 3; shot "trip"
t send-keys a; settle 0.3; t send-keys -l "nara"; settle 1; shot "waypoint editor, matches"
t send-keys Escape; settle 0.2; t send-keys Escape; settle 0.3; t send-keys Home Enter; settle 0.3
t send-keys C-u; t send-keys -l "Mom's house"; settle 0.8; t send-keys Enter; settle 0.3; shot "waypoint editor, a name over the old place"
t send-keys F1; settle 0.3; shot "help in a field"
# "Along the route" wide enough for its map beside the table: the Pacific Coast Highway sample, `f`.
t kill-server 2>/dev/null || true
sleep 1  # the planner keeps its choices as it ends: let it, then start afresh
rm -f "$dir/trips.json" "$dir/trips.state.json"
t new-session -d -x 124 -y 30 -e LANG=C.UTF-8 -e TZ=UTC "$bin" --data "$dir/trips.json"
settle 1.5
t send-keys Down Enter; settle 2; t send-keys f; settle 4; shot "along the route"
t send-keys f; settle 3; t send-keys +; settle 3; shot "along the route, parks within 20 km"
# "Send to a phone" (`p`): the Romantic Road's links and the selected one's QR code, in a pane tall enough for it.
t kill-server 2>/dev/null || true
sleep 1
rm -f "$dir/trips.json" "$dir/trips.state.json"
t new-session -d -x 110 -y 44 -e LANG=C.UTF-8 -e TZ=UTC "$bin" --data "$dir/trips.json"
settle 1.5
t send-keys Down Down Down Enter; settle 2; t send-keys p; settle 1; shot "send to a phone"
