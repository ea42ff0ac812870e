#!/usr/bin/env bash
# The component counter's cache stays within --max-memory: on a formula
# whose cache grows to hundreds of MB in a few seconds (random 3-SAT of 100
# variables and 250 clauses, which it does not finish), a run bounded to
# 24 MiB evicts, reports a cache peak within the bound, and the whole
# process's peak resident memory stays within the bound and 4 MiB (the
# program and its libraries). The count under eviction is checked against
# enumeration in solve_components.sh.
. "$(dirname "$0")/lib.sh"
random_cnf 100 250 7 0 distinct >"$WORK/random.cnf"
bound=$((24 * 1024 * 1024))
peak_kb=$(python3 - "$NQSAT" "$WORK/random.cnf" "$WORK" <<'PY'
import resource, subprocess, sys
nqsat, path, work = sys.argv[1:4]
with open(f"{work}/out", "wb") as out, open(f"{work}/err", "wb") as err:
    subprocess.run([nqsat, "solve", path, "--count", "--engine", "components", "--threads", "1",
                    "--stats", "--max-memory", "24M", "--time-limit", "3"], stdout=out, stderr=err)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
PY
)
expect_equal "$(cat "$WORK/out")" "0 (incomplete: time limit reached)" "the bounded run's status line"
expect_stderr "^cache evictions: [1-9][0-9]*$"
cache_peak=$(sed -n 's/^cache peak bytes: //p' "$WORK/err")
checks=$((checks + 1))
[ -n "$cache_peak" ] && [ "$cache_peak" -le "$bound" ] ||
  fail "cache peak '$cache_peak' bytes past the bound of $bound"
if ! grep -qs __asan_init "$NQSAT"; then # the sanitizers' shadow memory is not ours
  checks=$((checks + 1))
  [ "$peak_kb" -le $((bound / 1024 + 4096)) ] ||
    fail "peak resident memory $peak_kb KiB past the bound of $((bound / 1024)) KiB and 4 MiB"
fi
echo "cache peak $cache_peak bytes, process peak $peak_kb KiB, bound $((bound / 1024)) KiB"
finish
