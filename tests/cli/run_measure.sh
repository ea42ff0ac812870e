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
  echo "run_measure: SKIPPED the cgroup method: cgroups are not writable here ($(sed 's/^nqsat run: error: --measure cgroup: //' "$WORK/probe"))"
fi
rm -f "$T/results.csv"

# One single-process solver (about 1 s of CPU) for runlim to compare with:
# runlim samples a tree every 100 ms and misses what short-lived children
# did since the last sample, but a lone process's time it gets whole.
cat >"$WORK/single.sh" <<'EOF'
#!/bin/sh
awk 'BEGIN { for (i = 0; i < 20000000; i++) s += i }'
echo "s UNKNOWN"
EOF
have_runlim=0
if command -v runlim >/dev/null; then
  have_runlim=1
  runlim -t 60 sh "$WORK/single.sh" 2>"$WORK/runlim_single" >/dev/null
  runlim_cpu=$(awk '/\[runlim\] time:/ { print $3 }' "$WORK/runlim_single")
  runlim -t 60 sh "$SOLVERS/memory_children.sh" 2>"$WORK/runlim_children" >/dev/null
  runlim_mb=$(awk '/\[runlim\] space:/ { print $3 }' "$WORK/runlim_children")
else
  echo "run_measure: runlim is missing (scripts/setup.sh --test-tools): not compared with it"
fi

for method in "${methods[@]}"; do
  rm -f "$T/results.csv" "$WORK/busy_report"
  marker="nqsat-test-marker-$$-$RANDOM"
  NQSAT_TEST_MARKER=$marker BUSY_REPORT=$WORK/busy_report "$NQSAT" run "$T" --measure "$method" \
    --timeout 4 --memory 60M --jobs 2 \
    --solver busy:cnf="sh $SOLVERS/busy_children.sh {}" \
    --solver escape:cnf="sh $SOLVERS/setsid_grandchild.sh {}" \
    --solver children-hog:cnf="sh $SOLVERS/memory_children.sh {}" \
    --solver hog:cnf="sh $SOLVERS/memory_hog.sh {}" >"$WORK/out" 2>"$WORK/err" ||
    fail "$method: nqsat run failed: $(head -c 300 "$WORK/err")"
  for expected in "busy timeout" "escape unknown" "children-hog memory" "hog memory"; do
    set -- $expected
    expect_equal "$(results_field "$T/results.csv" "$1" "$file" 3)" "$2" "$method: $1"
  done
  expect_equal "$(tail -n +2 "$T/results.csv" | awk -F, '{ print $NF }' | sort -u)" "$method" \
    "$method: the measure column of every row"
  checks=$((checks + 1))
  left=$(grep -l "[${marker:0:1}]${marker:1}" /proc/[0-9]*/cmdline 2>/dev/null | wc -l)
  [ "$left" -eq 0 ] || fail "$method: $left processes of the runs alive after nqsat run returned"
  # The busy children's CPU time, which they report of themselves (the
  # kernel's rusage through bash's time): within 10 % (+0.05 s for sh and
  # sleep), though their parent never waits for them.
  tree_cpu=$(results_field "$T/results.csv" busy "$file" 5)
  children_cpu=$(awk '{ s += $1 + $2 } END { print s + 0 }' "$WORK/busy_report")
  checks=$((checks + 1))
  awk -v a="$tree_cpu" -v b="$children_cpu" 'BEGIN { exit !(b > 0 && a >= b * 0.99 && a <= 1.1 * b + 0.05) }' ||
    fail "$method: CPU of the busy children: nqsat $tree_cpu s, the children themselves $children_cpu s"
  if [ $have_runlim = 1 ]; then
    rm -f "$T/results.csv"
    "$NQSAT" run "$T" --measure "$method" --timeout 60 \
      --jobs 2 --solver single:cnf="sh $WORK/single.sh {}" \
      --solver children:cnf="sh $SOLVERS/memory_children.sh {}" >/dev/null 2>&1
    cpu=$(results_field "$T/results.csv" single "$file" 5)
    checks=$((checks + 1))
    within "$cpu" "$runlim_cpu" 0.1 0.02 || fail "$method: CPU of one process: nqsat $cpu s, runlim $runlim_cpu s"
    mb=$(results_field "$T/results.csv" children "$file" 7)
    checks=$((checks + 1))
    within "$mb" "$runlim_mb" 0.1 0 || fail "$method: peak memory of two children: nqsat $mb MB, runlim $runlim_mb MB"
  fi
done

echo "run_measure: methods checked: ${methods[*]}"
finish
