#!/usr/bin/env bash
# How many processors `nqsat verify` keeps busy, measured so that other load
# on a shared machine does not change it: every 0.1 s the command's threads
# are read from /proc/PID/task/*/stat, and those running or waiting for a
# processor (state R) are counted, capped at the processor count P. The
# mean of that is the parallelism the command offers (P: every processor
# has work all the time; the wall time on P free processors is then the
# CPU time / P). Also prints the CPU seconds (user + system).
#
#   bash bench/verify_busy.sh [NQSAT] VERIFY-ARGS...
#   bash bench/verify_busy.sh build/nqsat 1..12 --amo all --threads 2
set -u
NQSAT=${1:-build/nqsat}
shift
P=$(nproc)
[ -x /usr/bin/time ] || { echo "/usr/bin/time is not installed (Debian: time)" >&2; exit 1; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/nqsat-busy.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

start=$(date +%s.%N)
/usr/bin/time -f "%U %S" -o "$WORK/time" "$NQSAT" verify "$@" >"$WORK/table" 2>"$WORK/err" &
timer=$!
sleep 0.05
pid=$(cat "/proc/$timer/task/$timer/children" 2>/dev/null | cut -d' ' -f1)
samples=0 busy=0 full=0
while [ -n "$pid" ] && [ -d "/proc/$pid" ]; do
  running=0
  for stat in /proc/"$pid"/task/*/stat; do
    { read -r line <"$stat"; } 2>/dev/null || continue
    state=${line##*) }
    [ "${state%% *}" = R ] && running=$((running + 1))
  done
  [ $running -gt "$P" ] && running=$P
  samples=$((samples + 1)) busy=$((busy + running))
  [ $running -ge "$P" ] && full=$((full + 1))
  sleep 0.1
done
wait "$timer"
status=$?
end=$(date +%s.%N)
verdict=ok
[ $status = 0 ] || verdict="FAILED: $(head -c 200 "$WORK/err")"
grep -q '^agreement for N = ' "$WORK/table" || verdict="NO AGREEMENT LINE"
awk -v a="$start" -v b="$end" -v s="$samples" -v busy="$busy" -v full="$full" -v p="$P" \
  -v args="$*" -v verdict="$verdict" '
  { cpu = $1 + $2 }
  END {
    printf "verify %s: %.1f s wall, %.1f s CPU, busy processors %.2f of %d (all %d busy in %.0f %% of %d samples)   %s\n",
      args, b - a, cpu, s ? busy / s : 0, p, p, s ? 100 * full / s : 0, s, verdict
    if (s) printf "  on %d free processors: about %.1f s wall (CPU / busy processors)\n", p, cpu / (busy / s)
  }' "$WORK/time"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
