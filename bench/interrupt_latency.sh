#!/usr/bin/env bash
# How fast each long command stops on SIGINT and on SIGTERM: runs
# tests/cli/interrupt_latency.sh (which starts each command, signals it once
# it is well under way and times it until it has exited) and prints its
# figures as the Markdown table of docs/guarantees.md, with a caption that
# names the machine, the load and the date.
#
#   bash bench/interrupt_latency.sh [NQSAT]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
NQSAT=$(realpath "${1:-build/nqsat}")
out=$(mktemp)
trap 'rm -f "$out"' EXIT
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
load=$(cut -d' ' -f1 /proc/loadavg)
bash "$here/../tests/cli/interrupt_latency.sh" "$NQSAT" >"$out" 2>&1 ||
  { cat "$out" >&2; echo "interrupt_latency.sh failed" >&2; exit 1; }
echo "<!-- table: interrupt-latency -->"
echo "Table: \`bench/interrupt_latency.sh\`, $cpu, $(nproc) CPUs, release build, load $load at the start, $(date -u +%Y-%m-%d)."
echo
echo "| command | SIGINT | SIGTERM |"
echo "|---|---|---|"
# Lines "WHAT: SIGINT -> exit 130 after 94 ms", one per signal, in order.
awk -F': SIG' '/: SIG(INT|TERM) -> exit [0-9]+ after [0-9]+ ms$/ {
    what = $1; split($2, rest, " "); ms = rest[length(rest) - 1]
    if (!(what in seen)) { seen[what] = 1; order[++n] = what }
    if (rest[1] == "INT") sigint[what] = ms; else sigterm[what] = ms
  }
  END {
    for (i = 1; i <= n; i++) {
      w = order[i]
      printf "| `%s` | %s | %s |\n", w, (w in sigint) ? sigint[w] " ms" : "-", (w in sigterm) ? sigterm[w] " ms" : "-"
    }
  }' "$out"
