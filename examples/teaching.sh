#!/usr/bin/env bash
# For a class on constraint satisfaction: the backtracking search step by
# step, the same problem as CNF with every clause group explained, and the
# 12 fundamental solutions of the 8-queens puzzle.
set -euo pipefail
cd "$(dirname "$0")/.."
nqsat=${NQSAT:-build/nqsat}

echo "== 1. backtracking on a 4x4 board, up to the first solution"
$nqsat trace 4 --first

echo
echo "== 2. the same problem as CNF, explained (ladder encoding)"
$nqsat encode 4 --amo ladder --explain | head -40

echo
echo "== 3. the 92 solutions of 8-queens fall into 12 symmetry classes"
$nqsat solve 8 --all | $nqsat show 8 --unique --chess
