#!/usr/bin/env bash
# Throughput of `nqsat encode` (target: plain >= 300 MB/s; .gz no
# slower than piping the plain output through gzip at the same level).
#
# usage: bench/encode_throughput.sh [NQSAT] [N] [AMO] [RUNS]
#   defaults: build/nqsat 1000 seq 3. Files go to /dev/shm (memory), so the
#   disk is not what is measured. Each figure is the best of RUNS runs (the
#   machine is shared and noisy; the best run is the least disturbed).
#
# Anchors, measured in the same run:
#   - `cp` of the finished CNF to another /dev/shm file: what merely moving
#     that many bytes costs here (plain-output ratio = encode time / cp time);
#   - `nqsat encode ... | gzip -L > FILE`: the .gz path must not be slower
#     (ratio = in-process .gz time / pipe time; below 1 is faster).
set -eu
NQSAT=${1:-build/nqsat}
N=${2:-1000}
AMO=${3:-seq}
RUNS=${4:-3}
LEVEL=6
DIR=$(mktemp -d /dev/shm/nqsat-bench.XXXXXX)
trap 'rm -rf "$DIR"' EXIT

now() { date +%s.%N; }
# best SECONDS-VARIABLE COMMAND...: the shortest wall time of RUNS runs.
best() {
  local name=$1 shortest="" start end took
  shift
  for _ in $(seq "$RUNS"); do
    rm -f "$DIR"/out*
    start=$(now)
    "$@"
    end=$(now)
    took=$(echo "$end - $start" | bc -l)
    if [ -z "$shortest" ] || [ "$(echo "$took < $shortest" | bc -l)" = 1 ]; then shortest=$took; fi
  done
  printf -v "$name" '%s' "$shortest"
}
rate() { echo "scale=4; $1 / ($2 + 0.0001)" | bc -l; }

"$NQSAT" encode "$N" --amo "$AMO" -o "$DIR/reference.cnf"
bytes=$(stat -c %s "$DIR/reference.cnf")
clauses=$(grep -m1 '^p cnf' "$DIR/reference.cnf" | cut -d' ' -f4)
echo "nqsat encode $N --amo $AMO: $bytes bytes, $clauses clauses; best of $RUNS runs"

best plain "$NQSAT" encode "$N" --amo "$AMO" -o "$DIR/out.cnf"
best copy cp "$DIR/reference.cnf" "$DIR/out.copy"
printf 'plain  -o FILE      %7.3f s  %8.1f MB/s  %6.1f M clauses/s  (cp of the file: %.3f s, ratio %.2f)\n' \
  "$plain" "$(rate "$bytes/1000000" "$plain")" "$(rate "$clauses/1000000" "$plain")" "$copy" \
  "$(rate "$plain" "$copy")"

best gz "$NQSAT" encode "$N" --amo "$AMO" --gzip-level $LEVEL -o "$DIR/out.cnf.gz"
pipe_run() { "$NQSAT" encode "$N" --amo "$AMO" | gzip -$LEVEL >"$DIR/out.pipe.gz"; }
best pipe pipe_run
printf 'gzip   -o FILE.gz   %7.3f s  %8.1f MB/s  %6.1f M clauses/s\n' "$gz" \
  "$(rate "$bytes/1000000" "$gz")" "$(rate "$clauses/1000000" "$gz")"
printf 'anchor | gzip -%d    %7.3f s  %8.1f MB/s   ratio in-process/pipe %.2f\n' $LEVEL "$pipe" \
  "$(rate "$bytes/1000000" "$pipe")" "$(rate "$gz" "$pipe")"
# CPU seconds (user + system, all processes) are less sensitive to other
# load than wall time: the in-process path should not cost more CPU either.
cpu() { /usr/bin/time -f '%U %S' "$@" 2>&1 >/dev/null | tail -1 | awk '{ print $1 + $2 }'; }
rm -f "$DIR"/out*
plain_cpu=$(cpu "$NQSAT" encode "$N" --amo "$AMO" -o "$DIR/out.cnf")
printf 'CPU seconds: plain %.2f (%.1f MB per CPU second)\n' "$plain_cpu" \
  "$(rate "$bytes/1000000" "$plain_cpu")"
gz_cpu=$(cpu "$NQSAT" encode "$N" --amo "$AMO" --gzip-level $LEVEL -o "$DIR/out.cnf.gz")
pipe_cpu=$(cpu bash -c "'$NQSAT' encode $N --amo $AMO | gzip -$LEVEL >'$DIR/out.pipe.gz'")
printf 'CPU seconds: in-process .gz %.2f, pipe %.2f (ratio %.2f); sizes %d vs %d bytes\n' "$gz_cpu" \
  "$pipe_cpu" "$(rate "$gz_cpu" "$pipe_cpu")" "$(stat -c %s "$DIR/out.cnf.gz")" \
  "$(stat -c %s "$DIR/out.pipe.gz")"
