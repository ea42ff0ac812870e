#!/usr/bin/env bash
# `nqsat run --measure`: the scripted process trees of tests/solvers/ are
# judged the same way whether the kernel's cgroup counts measure the run or
# the harness samples /proc; CPU time and peak memory agree with the
# children's own figures and with runlim's on the same work; nothing of any
# run is left alive. Where cgroups are not writable here, the cgroup half
# is skipped with the reason nqsat gives (and --measure cgroup must then
# fail with that reason, not fall back).
. "$(dirname "$0")/lib.sh"
SOLVERS=$(cd "$(dirname "$0")/../solvers" && pwd)

results_field() {
  awk -F, -v s="$2" -v f="$3" -v c="$4" '$1 == s && $2 == f { print $c }' "$1"
}
# within A B SHARE SLACK: |A - B| <= SHARE * B + SLACK, and B > 0.
within() {
  awk -v a="$1" -v b="$2" -v r="$3" -v s="$4" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(b > 0 && d <= r * b + s) }'
}

T=$WORK/trees
"$NQSAT" suite "$T" --sizes 5 --encodings pairwise >/dev/null 2>&1 || fail "suite failed"
file=q5-pairwise.cnf

# --measure takes three words only.
expect_usage "unknown --measure 'both': use auto, cgroup or sample" run "$T" --measure both --solver p='picosat {}'

methods=(sample)
if "$NQSAT" run "$T" --measure cgroup --solver p='picosat {}' --timeout 20 >/dev/null 2>"$WORK/probe"; then
  methods+=(cgroup)
  expect_equal "$(tail -n 1 "$T/results.csv" | awk -F, '{ print $NF }')" cgroup "--measure cgroup named in the row"
else
  checks=$((checks + 1))
  grep -q '^nqsat run: error: --measure cgroup: ' "$WORK/probe" ||
    fail "--measure cgroup failed without saying why: $(cat "$WORK/probe")"
  echo "run_measure: SKIPPED the cgroup method: this machine cannot measure runs by cgroup ($(sed 's/^nqsat run: error: --measure cgroup: //' "$WORK/probe"))"
fi
rm -f "$T/results.csv"

# runlim (Debian) measures the same execution as nqsat: it is the solver
# command, so both watch the same processes at the same time and the
# machine's load cannot tell them apart. One single-process solver (about
# 1.5 s of CPU on an idle core) and memory_children.sh (two children of
# 40 MB). runlim samples /proc every 100 ms: it misses the CPU time of
# the last interval before the process ends, and its own polling is in
# nqsat's figure (runlim is part of the run's tree): about 5 % of a core
# for as long as it runs (0.11 s of CPU over `runlim sleep 2`). So nqsat's
# CPU time must be at least runlim's and at most 10 % above it plus 6 % of
# the wall time plus 0.1 s; the kernel's own figures for the busy children
# (below) are the exact check.
cat >"$WORK/single.sh" <<'EOF'
#!/bin/sh
awk 'BEGIN { for (i = 0; i < 40000000; i++) s += i }'
echo "s UNKNOWN"
EOF
have_runlim=0
command -v runlim >/dev/null && have_runlim=1 ||
  echo "run_measure: runlim is missing (scripts/setup.sh --test-tools): not compared with it"

# Each method on a copy of the suite, one after the other (at the same time
# they would starve each other's solvers on a small loaded machine).
marker="nqsat-test-marker-$$-$RANDOM"
for method in "${methods[@]}"; do
  cp -r "$T" "$WORK/$method"
  mkdir -p "$WORK/$method-reports"
  NQSAT_TEST_MARKER=$marker BUSY_REPORT=$WORK/$method-reports/busy "$NQSAT" run "$WORK/$method" --measure "$method" \
    --timeout 8 --memory 60M --jobs 2 \
    --solver busy:cnf="sh $SOLVERS/busy_children.sh {}" \
    --solver escape:cnf="sh $SOLVERS/setsid_grandchild.sh {}" \
    --solver children-hog:cnf="sh $SOLVERS/memory_children.sh {}" \
    --solver hog:cnf="sh $SOLVERS/memory_hog.sh {}" >"$WORK/$method-reports/out" 2>"$WORK/$method-reports/err"
  if [ $have_runlim = 1 ]; then
    cp -r "$T" "$WORK/$method-runlim"
    "$NQSAT" run "$WORK/$method-runlim" --measure "$method" --timeout 60 --jobs 2 \
      --solver single:cnf="runlim sh $WORK/single.sh {}" \
      --solver children:cnf="runlim sh $SOLVERS/memory_children.sh {}" >/dev/null 2>&1
  fi
done
checks=$((checks + 1))
left=$(grep -l "[${marker:0:1}]${marker:1}" /proc/[0-9]*/cmdline 2>/dev/null | wc -l)
[ "$left" -eq 0 ] || fail "$left processes of the runs alive after nqsat run returned"
for method in "${methods[@]}"; do
  R=$WORK/$method
  for expected in "busy timeout" "escape unknown" "children-hog memory" "hog memory"; do
    set -- $expected
    expect_equal "$(results_field "$R/results.csv" "$1" "$file" 3)" "$2" "$method: $1"
  done
  expect_equal "$(tail -n +2 "$R/results.csv" | awk -F, '{ print $NF }' | sort -u)" "$method" \
    "$method: the measure column of every row"
  # The busy children's CPU time, which they report of themselves (the
  # kernel's rusage through bash's time): within 10 % (+0.05 s for sh and
  # sleep), though their parent never waits for them.
  tree_cpu=$(results_field "$R/results.csv" busy "$file" 5)
  children_cpu=$(awk '{ s += $1 + $2 } END { print s + 0 }' "$WORK/$method-reports/busy")
  checks=$((checks + 1))
  awk -v a="$tree_cpu" -v b="$children_cpu" 'BEGIN { exit !(b > 0 && a >= b * 0.99 && a <= 1.1 * b + 0.05) }' ||
    fail "$method: CPU of the busy children: nqsat $tree_cpu s, the children themselves $children_cpu s"
  if [ $have_runlim = 1 ]; then
    R=$WORK/$method-runlim
    runlim_cpu=$(awk '/\[runlim\] time:/ { print $3 }' "$R/logs/single/$file.err")
    cpu=$(results_field "$R/results.csv" single "$file" 5)
    wall=$(results_field "$R/results.csv" single "$file" 4)
    checks=$((checks + 1))
    awk -v a="$cpu" -v b="$runlim_cpu" -v w="$wall" 'BEGIN { exit !(b > 0 && a >= b && a <= 1.1 * b + 0.06 * w + 0.1) }' || fail "$method: CPU of one process: nqsat $cpu s, runlim $runlim_cpu s"
    runlim_mb=$(awk '/\[runlim\] space:/ { print $3 }' "$R/logs/children/$file.err")
    mb=$(results_field "$R/results.csv" children "$file" 7)
    checks=$((checks + 1))
    within "$mb" "$runlim_mb" 0.1 0 || fail "$method: peak memory of two children: nqsat $mb MB, runlim $runlim_mb MB"
    echo "run_measure: $method: CPU nqsat $cpu s, runlim $runlim_cpu s; peak nqsat $mb MB, runlim $runlim_mb MB"
  fi
done

echo "run_measure: methods checked: ${methods[*]}"
finish
