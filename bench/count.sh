#!/usr/bin/env bash
# Counting speed: `nqsat count` against the classic single-thread mirror
# bitboard counter (Jeff Somers' method, bench/somers_baseline.c), in the
# same run, on the same machine. Each figure is the best of REPEAT runs, the
# programs alternating so that load from other users hits both alike.
#
# usage: bench/count.sh [NQSAT] [N...]     (default: build/nqsat, N = 15 16 17 18)
#        KLUEV_SRC=DIR bench/count.sh [NQSAT] [N...]   (the join method against
#        Kluev's quarter join, built from DIR: see the end of this script)
#   REPEAT=3 (runs per measurement)
#   with KLUEV_SRC: LEVELS="avx512 avx2 portable" (the --isa levels compared,
#   each against Kluev built for the same processors), LEVELS_ONLY=1 (only
#   that table)
#   FORMAT=markdown: the baseline and per-level tables as Markdown, each
#   after a caption line naming the machine, the load and the date (the
#   form docs/benchmarks.md and docs/count-join.md hold them in)
# Columns: seconds of wall clock for the baseline and for nqsat with 1 and 2
# threads (default kernel: vector where the processor has AVX-512
# VPOPCNTDQ), with the speedup ratios; "cpu" is the single-thread ratio of
# CPU seconds, the fairer figure when the machine is shared (wall clock then
# includes time spent waiting for a core); "rows" is the portable kernel on
# one thread (CPU seconds and ratio); nodes = queens placed by nqsat's
# default kernel, per CPU second.
set -euo pipefail
cd "$(dirname "$0")/.."
nqsat=${1:-build/nqsat}
shift || true
sizes=${*:-15 16 17 18}
repeat=${REPEAT:-3}
baseline=$(mktemp "${TMPDIR:-/tmp}/somers_baseline.XXXXXX")
stats="$baseline.stats"
trap 'rm -f "$baseline" "$stats"' EXIT
# Same compiler and optimisation level as nqsat's Release build (-O3).
${CC:-cc} -std=c11 -O3 -D_POSIX_C_SOURCE=200809L -o "$baseline" bench/somers_baseline.c

best() { tr ' ' '\n' | grep . | sort -g | head -1; }
markdown=""
[ "${FORMAT:-}" = markdown ] && markdown=1
# md_row CELL...: one Markdown table row.
md_row() { printf '|'; printf ' %s |' "$@"; printf '\n'; }
# caption WHAT: the caption line of a Markdown table: script, machine, date.
caption() {
  local vars="FORMAT=markdown REPEAT=$repeat"
  [ -n "${KLUEV_SRC:-}" ] && vars="KLUEV_SRC=DIR ${LEVELS_ONLY:+LEVELS_ONLY=1 }$vars"
  echo "Table: \`$vars bash bench/count.sh NQSAT $sizes\` ($1), $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)," \
    "$(nproc) CPUs, load $(cut -d' ' -f1 /proc/loadavg) at the start, best of $repeat, $(date -u +%Y-%m-%d)."
  echo
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", a / b }'; }

# run_nqsat N T [KERNEL]: sets wall, cpu, nodes from `nqsat count --stats`.
run_nqsat() {
  local got
  got=$("$nqsat" count "$1" --method backtrack --threads "$2" --kernel "${3:-auto}" --stats 2>"$stats")
  [ "$got" = "$total" ] || { echo "N=$1: nqsat says $got, baseline $total" >&2; exit 1; }
  read -r nodes wall cpu < <(sed -n 's/.* \([0-9]*\) nodes, \([0-9.]*\) s, \([0-9.]*\) s CPU.*/\1 \2 \3/p' "$stats")
}

if [ -z "${KLUEV_SRC:-}" ]; then # the baseline table; with KLUEV_SRC only the join table
if [ -n "$markdown" ]; then
  caption "against bench/somers_baseline.c"
  md_row N "baseline wall s" "baseline CPU s" "1 thread wall s" "1 thread CPU s" "ratio (wall)" \
    "ratio (CPU)" "2 threads wall s" "ratio (2 threads, wall)" "\`--kernel rows\` CPU s" \
    "ratio (rows, CPU)" "nodes (queens placed)" "nodes/CPU s"
  md_row --- --- --- --- --- --- --- --- --- --- --- --- ---
else
printf '%3s %9s %9s | %9s %9s %7s %7s | %9s %7s | %9s %7s | %11s %9s\n' N base-wall base-cpu \
  T1-wall T1-cpu ratio cpu T2-wall ratio rows-cpu ratio nodes nodes/s
fi
for n in $sizes; do
  base_wall="" base_cpu="" t1_wall="" t1_cpu="" t2_wall="" rows_cpu=""
  for ((i = 0; i < repeat; i++)); do
    read -r _ total wall cpu < <("$baseline" "$n")
    base_wall+="$wall " base_cpu+="$cpu "
    run_nqsat "$n" 1
    t1_wall+="$wall " t1_cpu+="$cpu " t1_nodes=$nodes
    run_nqsat "$n" 2
    t2_wall+="$wall "
    run_nqsat "$n" 1 rows
    rows_cpu+="$cpu "
  done
  bw=$(echo "$base_wall" | best) bc=$(echo "$base_cpu" | best)
  w1=$(echo "$t1_wall" | best) c1=$(echo "$t1_cpu" | best) w2=$(echo "$t2_wall" | best)
  rc=$(echo "$rows_cpu" | best)
  [ -n "$markdown" ] && format='| %d | %.3f | %.3f | %.3f | %.3f | %s | %s | %.3f | %s | %.3f | %s | %s | %.3g |\n' ||
    format='%3d %9.3f %9.3f | %9.3f %9.3f %7s %7s | %9.3f %7s | %9.3f %7s | %11s %9.3g\n'
  # shellcheck disable=SC2059
  printf "$format" "$n" "$bw" "$bc" \
    "$w1" "$c1" "$(ratio "$bw" "$w1")" "$(ratio "$bc" "$c1")" "$w2" "$(ratio "$bw" "$w2")" \
    "$rc" "$(ratio "$bc" "$rc")" "$t1_nodes" "$(awk -v a="$t1_nodes" -v b="$c1" 'BEGIN { print a / b }')"
done
fi

# ---- The join method against Kluev's quarter join ---------------
# KLUEV_SRC=path/to/N-Queens-Count-Sol bench/count.sh [NQSAT] [N...]
# Evgeny Kluev's N-Queens-Count-Sol (C++20, MIT) is not part of this project:
# this builds it from the folder given, one binary per board size (the size
# and its tuning row are compile-time constants in solcounter.h), in a
# temporary folder, and runs it alternately with `nqsat count --method join`
# (and backtrack up to N = 18), best of REPEAT. Needs g++ 11 or later.
# Columns: wall seconds of Kluev and of nqsat's join, 1 and 2 threads, and
# CPU seconds on 1 thread (GNU time for Kluev); the ratios Kluev/join
# (above 1: join faster; "cpu" compares CPU seconds, the fairer figure on a
# shared machine); join's 2-thread speedup; joins (candidate pairs) per CPU
# second; peak resident memory of the 1-thread join run (GNU time).
if [ -n "${KLUEV_SRC:-}" ]; then
  [ -f "$KLUEV_SRC/solcounter.h" ] || { echo "KLUEV_SRC=$KLUEV_SRC: no solcounter.h there" >&2; exit 1; }
  kdir=$(mktemp -d "${TMPDIR:-/tmp}/kluev.XXXXXX")
  trap 'rm -f "$baseline" "$stats" "$stats.mem" "$stats.kcpu"; rm -rf "$kdir"' EXIT
  # build_kluev N OUT [MARCH]: the size and the tuning row of its table for
  # N (sieveCuts, matchMinSize), prefetch on, -O3 -march=MARCH (native).
  build_kluev() {
    local n=$1 cuts=0 minsize=40 march=${3:-native}
    rm -rf "$kdir/src" && mkdir "$kdir/src" && cp "$KLUEV_SRC"/*.h "$KLUEV_SRC"/*.cpp "$kdir/src/"
    [ "$n" -ge 20 ] && cuts=3 minsize=60
    [ "$n" -ge 22 ] && cuts=6 minsize=80
    sed -i 's|^//#include "prefetchx86.h"|#include "prefetchx86.h"|' "$kdir/src/prefetch.h"
    sed -i "s/inline constexpr int size = [0-9]*;/inline constexpr int size = $n;/; \
s/.sieveCuts = [0-9]*/.sieveCuts = $cuts/; s/.matchMinSize = [0-9]*/.matchMinSize = $minsize/; \
s/.prefetch = false/.prefetch = true/" "$kdir/src/solcounter.h"
    ${CXX:-g++} -std=c++20 -O3 -march="$march" "$kdir/src/main.cpp" -o "$2" -lpthread
  }
  # run_kluev BIN THREADS: sets kwall (its own elapsed time), checks the count.
  run_kluev() {
    local out
    out=$(/usr/bin/time -f '%U %S' -o "$stats.kcpu" "$1" "$2")
    kcpu=$(awk '{ print $1 + $2 }' "$stats.kcpu")
    [ "$(echo "$out" | sed -n 's/^Result: //p')" = "$total" ] ||
      { echo "N=$n: Kluev says $(echo "$out" | head -1), OEIS $total" >&2; exit 1; }
    kwall=$(echo "$out" | sed -n 's/^Elapsed time: \([0-9.e-]*\) s/\1/p')
  }
  # run_join THREADS [LEVEL]: sets wall, cpu, nodes (joins) and peak (KiB).
  run_join() {
    local got
    got=$(/usr/bin/time -f '%M' -o "$stats.mem" "$nqsat" count "$n" --method join --threads "$1" \
      --isa "${2:-auto}" --stats 2>"$stats")
    [ "$got" = "$total" ] || { echo "N=$n: join says $got, OEIS $total" >&2; exit 1; }
    read -r nodes wall cpu < <(sed -n 's/.* \([0-9]*\) nodes, \([0-9.]*\) s, \([0-9.]*\) s CPU.*/\1 \2 \3/p' "$stats")
    peak=$(tail -1 "$stats.mem")
  }
  # LEVELS_ONLY=1: only the per-level table below.
  if [ -z "${LEVELS_ONLY:-}" ]; then
  echo
  printf '%3s | %9s %9s %9s | %9s %9s %7s %7s | %9s %9s %7s %7s | %9s %8s\n' N kluev-T1 kluev-cpu \
    kluev-T2 join-T1 join-cpu vsKluev cpu join-T2 bt-T2 vsKluev T2/T1 joins/s peak-MiB
  for n in $sizes; do
    "$nqsat" count "$n" --method backtrack >/dev/null # warm the page cache
    total=$(awk -v n="$n" '$1 == n { print $2 }' <<'OEIS'
14 365596
15 2279184
16 14772512
17 95815104
18 666090624
19 4968057848
20 39029188884
21 314666222712
OEIS
)
    [ -n "$total" ] || { echo "N=$n: no OEIS count typed in here" >&2; exit 1; }
    build_kluev "$n" "$kdir/kluev$n"
    k1="" kc="" k2="" j1="" jc="" j2="" b2=""
    for ((i = 0; i < repeat; i++)); do
      run_kluev "$kdir/kluev$n" 1; k1+="$kwall " kc+="$kcpu "
      run_join 1; j1+="$wall " jc+="$cpu " jn=$nodes jpeak=$peak
      run_kluev "$kdir/kluev$n" 2; k2+="$kwall "
      run_join 2; j2+="$wall "
      # Backtracking for comparison up to N = 18 (minutes beyond).
      if [ "$n" -le 18 ]; then run_nqsat "$n" 2; b2+="$wall "; else b2+="nan "; fi
    done
    bk1=$(echo "$k1" | best) bkc=$(echo "$kc" | best) bk2=$(echo "$k2" | best) bj1=$(echo "$j1" | best)
    bjc=$(echo "$jc" | best) bj2=$(echo "$j2" | best) bb2=$(echo "$b2" | best)
    printf '%3d | %9.3f %9.3f %9.3f | %9.3f %9.3f %7s %7s | %9.3f %9.3f %7s %7s | %9.3g %8.1f\n' "$n" \
      "$bk1" "$bkc" "$bk2" "$bj1" "$bjc" "$(ratio "$bk1" "$bj1")" "$(ratio "$bkc" "$bjc")" \
      "$bj2" "$bb2" "$(ratio "$bk2" "$bj2")" \
      "$(ratio "$bj1" "$bj2")" "$(awk -v a="$jn" -v b="$bjc" 'BEGIN { print a / b }')" \
      "$(awk -v k="$jpeak" 'BEGIN { print k / 1024 }')"
  done
  fi

  # ---- Per instruction-set level (nqsat count --isa), one thread --------
  # Each level of the join against Kluev's program built for the same
  # processors: avx512 against -march=native (this machine), avx2 against
  # -march=x86-64-v3 (AVX2, BMI2), portable against -march=x86-64-v2
  # (SSE4.2, POPCNT). LEVELS="avx2 portable" picks levels (default: every
  # level this processor has). Columns: the level, Kluev's -march, wall and
  # CPU seconds of both on one thread (best of REPEAT, alternating), the
  # ratios Kluev/join (above 1: join faster), the join's peak memory.
  levels=${LEVELS:-}
  if [ -z "$levels" ]; then
    for level in avx512 avx2 portable; do
      "$nqsat" count 4 --isa $level >/dev/null 2>&1 && levels+="$level "
    done
  fi
  echo
  if [ -n "$markdown" ]; then
    caption "KLUEV_SRC, LEVELS_ONLY=1: the join against Kluev's program, one thread"
    md_row N level "Kluev's -march" "Kluev wall s" "Kluev CPU s" "join wall s" "join CPU s" \
      "Kluev / join (wall)" "Kluev / join (CPU)" "join peak MiB"
    md_row --- --- --- --- --- --- --- --- --- ---
  else
  printf '%3s %-8s %-9s | %9s %9s | %9s %9s | %7s %7s | %8s\n' N level kluev-march kluev-T1 \
    kluev-cpu join-T1 join-cpu vsKluev cpu peak-MiB
  fi
  for n in $sizes; do
    total=$(awk -v n="$n" '$1 == n { print $2 }' <<'OEIS'
14 365596
15 2279184
16 14772512
17 95815104
18 666090624
19 4968057848
20 39029188884
21 314666222712
OEIS
)
    for level in $levels; do
      case $level in
      avx512) march=native ;;
      avx2) march=x86-64-v3 ;;
      *) march=x86-64-v2 ;;
      esac
      build_kluev "$n" "$kdir/kluev$n-$march" "$march"
      k1="" kc="" j1="" jc=""
      for ((i = 0; i < repeat; i++)); do
        run_kluev "$kdir/kluev$n-$march" 1; k1+="$kwall " kc+="$kcpu "
        run_join 1 "$level"; j1+="$wall " jc+="$cpu " jpeak=$peak
      done
      bk1=$(echo "$k1" | best) bkc=$(echo "$kc" | best) bj1=$(echo "$j1" | best) bjc=$(echo "$jc" | best)
      [ -n "$markdown" ] && format='| %d | %s | %s | %.3f | %.3f | %.3f | %.3f | %s | %s | %.1f |\n' ||
        format='%3d %-8s %-9s | %9.3f %9.3f | %9.3f %9.3f | %7s %7s | %8.1f\n'
      # shellcheck disable=SC2059
      printf "$format" "$n" "$level" "$march" \
        "$bk1" "$bkc" "$bj1" "$bjc" "$(ratio "$bk1" "$bj1")" "$(ratio "$bkc" "$bjc")" \
        "$(awk -v k="$jpeak" 'BEGIN { print k / 1024 }')"
    done
  done
fi
