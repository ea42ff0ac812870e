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

# runlim (Debian) measures the same executions as nqsat, so the machine's
# load cannot tell them apart:
# - CPU time: runlim runs `nqsat run` on one scripted solver, so runlim's
#   own polling of /proc (about 4 ms of CPU per sample here, 10 samples a
#   second) is not in nqsat's figure; the harness's own CPU, which is in
#   runlim's (about 1 % of a run; several times that under the
#   sanitizers), is in runlim's: what runlim saw of the solver lies
#   between runlim's figure less the harness's CPU (bash's `time` around
#   nqsat gives the whole tree's CPU time by the kernel, less nqsat's
#   figure for the run) and runlim's figure. One
#   single-process solver (about 1.5 s of
#   CPU on an idle core) and busy_children_together.sh (two children of
#   about 1.3 s each, alive until both are done: runlim forgets the CPU
#   time of a process that has ended, so a tree whose processes end one
#   by one cannot be compared with it). runlim misses what a process does
#   after its last sample (up to 100 ms), a few % of these runs: nqsat
#   within 10 % of that range; and what the busy children report of
#   themselves too, so the comparison is of the same thing.
# - Peak memory: runlim is the solver command (memory_children.sh, two
#   children of 40 MB), so the harness's resident memory is not in
#   runlim's figure (runlim's own 2 MB are in nqsat's): within 10 %.
cat >"$WORK/single.sh" <<'EOF'
#!/bin/sh
awk 'BEGIN { for (i = 0; i < 40000000; i++) s += i }'
echo "s UNKNOWN"
EOF
have_runlim=0
command -v runlim >/dev/null && have_runlim=1 ||
  echo "run_measure: runlim is missing (scripts/setup.sh --test-tools): not compared with it"

# runlim_nqsat DIR ARGS...: `nqsat run DIR ARGS...` under runlim (its
# report in DIR.runlim) and, inside it, under bash's `time`: the CPU time of
# nqsat and all it reaped, the whole tree, in DIR.time ("USER SYSTEM").
runlim_nqsat() {
  local dir=$1
  shift
  runlim bash -c 'TIMEFORMAT="%3U %3S"; { time "$@" >/dev/null 2>&1; } 2>"$0.time"' "$dir" \
    "$NQSAT" run "$dir" "$@" >/dev/null 2>"$dir.runlim" || :
}

# Each method on a copy of the suite, one after the other (at the same time
# they would starve each other's solvers on a small loaded machine).
marker="nqsat-test-marker-$$-$RANDOM"
for method in "${methods[@]}"; do
  cp -r "$T" "$WORK/$method"
  mkdir -p "$WORK/$method-reports"
  # --timeout 20: the busy children's 0.3 s of CPU each must be done
  # before it even at a load of 30 or more on two cores.
  NQSAT_TEST_MARKER=$marker BUSY_REPORT=$WORK/$method-reports/busy "$NQSAT" run "$WORK/$method" --measure "$method" \
    --timeout 20 --memory 60M --jobs 2 \
    --solver busy:cnf="sh $SOLVERS/busy_children.sh {}" \
    --solver escape:cnf="sh $SOLVERS/setsid_grandchild.sh {}" \
    --solver children-hog:cnf="sh $SOLVERS/memory_children.sh {}" \
    --solver hog:cnf="sh $SOLVERS/memory_hog.sh {}" >"$WORK/$method-reports/out" 2>"$WORK/$method-reports/err"
  if [ $have_runlim = 1 ]; then
    cp -r "$T" "$WORK/$method-runlim-single"
    runlim_nqsat "$WORK/$method-runlim-single" --measure "$method" --timeout 60 \
      --solver single:cnf="sh $WORK/single.sh {}"
    cp -r "$T" "$WORK/$method-runlim-together"
    BUSY_REPORT=$WORK/$method-together runlim_nqsat "$WORK/$method-runlim-together" --measure "$method" \
      --timeout 60 --solver together:cnf="sh $SOLVERS/busy_children_together.sh {}"
    cp -r "$T" "$WORK/$method-runlim"
    "$NQSAT" run "$WORK/$method-runlim" --measure "$method" --timeout 60 \
      --solver children:cnf="runlim sh $SOLVERS/memory_children.sh {}" >/dev/null 2>&1 || :
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
    runlim_time() { awk '/\[runlim\] time:/ { print $3 }' "$1.runlim"; }
    # What runlim saw of the solver lies between its figure less the
    # harness's own CPU time (the kernel's figure for the whole tree, less
    # nqsat's for the run) and its figure: runlim's samples hold the
    # harness's CPU up to the solver's end, not what the harness did after
    # it (judging, the report). A few % of a run; more under the sanitizers.
    solver_part() {
      awk -v r="$(runlim_time "$1")" -v n="$2" '{ printf "%.3f", r - ($1 + $2 - n) }' "$1.time"
    }
    # between A LOW HIGH SHARE SLACK: A within SHARE (and SLACK seconds) of
    # some value in [LOW, HIGH].
    between() {
      awk -v a="$1" -v lo="$2" -v hi="$3" -v r="$4" -v s="$5" \
        'BEGIN { exit !(hi > 0 && a >= (1 - r) * lo - s && a <= (1 + r) * hi + s) }'
    }
    single_cpu=$(results_field "$WORK/$method-runlim-single/results.csv" single "$file" 5)
    single_runlim=$(solver_part "$WORK/$method-runlim-single" "$single_cpu")
    checks=$((checks + 1))
    between "$single_cpu" "$single_runlim" "$(runlim_time "$WORK/$method-runlim-single")" 0.1 0 ||
      fail "$method: CPU of one process: nqsat $single_cpu s, runlim $(runlim_time "$WORK/$method-runlim-single") s less the harness's own: $single_runlim s"
    together_cpu=$(results_field "$WORK/$method-runlim-together/results.csv" together "$file" 5)
    together_runlim=$(solver_part "$WORK/$method-runlim-together" "$together_cpu")
    # bash's `times`: "0m1.234s 0m0.012s" (user, system) per line.
    together_own=$(awk 'function sec(t) { split(t, p, "m"); return p[1] * 60 + p[2] }
      { s += sec($1) + sec($2) } END { print s + 0 }' "$WORK/$method-together")
    checks=$((checks + 1))
    between "$together_own" "$together_runlim" "$(runlim_time "$WORK/$method-runlim-together")" 0.1 0.05 ||
      fail "$method: runlim did not see the busy children's work: runlim $together_runlim s, the children themselves $together_own s"
    checks=$((checks + 1))
    between "$together_cpu" "$together_runlim" "$(runlim_time "$WORK/$method-runlim-together")" 0.1 0 ||
      fail "$method: CPU of two busy children: nqsat $together_cpu s, runlim $(runlim_time "$WORK/$method-runlim-together") s less the harness's own: $together_runlim s"
    runlim_mb=$(awk '/\[runlim\] space:/ { print $3 }' "$WORK/$method-runlim/logs/children/$file.err")
    mb=$(results_field "$WORK/$method-runlim/results.csv" children "$file" 7)
    checks=$((checks + 1))
    within "$mb" "$runlim_mb" 0.1 0 || fail "$method: peak memory of two children: nqsat $mb MB, runlim $runlim_mb MB"
    echo "run_measure: $method: CPU of one process: nqsat $single_cpu s, runlim $(runlim_time "$WORK/$method-runlim-single") s, less the harness's own $single_runlim s;" \
      "of two busy children: nqsat $together_cpu s, runlim $(runlim_time "$WORK/$method-runlim-together") s, less the harness's own $together_runlim s, the children themselves $together_own s;" \
      "peak of two children: nqsat $mb MB, runlim $runlim_mb MB"
  fi
done

echo "run_measure: methods checked: ${methods[*]}"
finish
