#!/usr/bin/env bash
# For a class on constraint satisfaction: the backtracking search step by
# step, the same problem as CNF with every clause group explained (the
# matrix model, then the integer rows model), the 12 fundamental solutions
# of the 8-queens puzzle, and the page a class can step through in a
# browser (docs/teaching.md).
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

echo
echo "== 4. the rows model: an integer per row, here in the order encoding"
$nqsat encode 4 --csp order --explain | sed -n '1,7p;/^p cnf/,/rows 1 and 3/p'

echo
echo "== 5. the page for a class: both searches step by step, both models, the sizes"
page=${TMPDIR:-/tmp}/nqsat-teach8.html
$nqsat teach 8 -o "$page"
echo "open $page in a browser (arrow keys step; #mode=fc&step=40 opens forward checking at step 40)"
