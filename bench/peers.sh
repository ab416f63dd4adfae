#!/bin/sh
# Vitrine side by side with a Chromium kiosk page, pqiv and feh on Xvfb 1920x1080: CPU and PSS
# of each, and Vitrine's ratios against its targets (see bench/peers.py and docs/benchmarks.md).
#   bench/peers.sh [SECONDS] [more options of bench/peers.py]
# Installs nothing: the players are in deploy/bench-packages.txt; builds the release vitrine.
set -eu
cd "$(dirname "$0")/.."
seconds=60
case "${1:-}" in [0-9]*) seconds=$1; shift ;; esac
swift build -c release --product vitrine >&2
exec python3 bench/peers.py --seconds "$seconds" "$@"
