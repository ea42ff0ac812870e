# Shared helpers for nqsat's shell tests. Source it; $NQSAT is the binary.
# Every helper records a failure and goes on; finish() exits 1 if any failed.
set -u
NQSAT=${1:?usage: $0 PATH_TO_NQSAT}
CLI_TESTS=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd) # this folder: clauses.awk
failures=0
checks=0
WORK=$(mktemp -d "${TMPDIR:-/tmp}/nqsat-test.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

fail() {
  failures=$((failures + 1))
  echo "FAIL: $*" >&2
}

# run CMD...: runs it, leaving $status, $WORK/out and $WORK/err.
run() {
  "$@" >"$WORK/out" 2>"$WORK/err"
  status=$?
}

# expect_exit CODE CMD...: the command must exit with CODE.
expect_exit() {
  local expected=$1
  shift
  checks=$((checks + 1))
  run "$@"
  if [ "$status" -ne "$expected" ]; then
    fail "'$*' exited $status, expected $expected; stderr: $(head -c 300 "$WORK/err")"
    return 1
  fi
}

# expect_stderr REGEX: the last run's stderr must match (extended regex).
expect_stderr() {
  checks=$((checks + 1))
  grep -Eq -- "$1" "$WORK/err" || fail "stderr of last command lacks /$1/: $(head -c 300 "$WORK/err")"
}

# expect_usage MESSAGE CMD...: a usage error, exit 2, whose message on
# stderr matches the extended regex MESSAGE.
expect_usage() {
  local message=$1
  shift
  expect_exit 2 "$NQSAT" "$@" || return
  expect_stderr "^nqsat [a-z]+: error: .*$message"
}

# expect_equal ACTUAL EXPECTED WHAT
expect_equal() {
  checks=$((checks + 1))
  [ "$1" = "$2" ] || fail "$3: got '$1', expected '$2'"
}

# known_count N: A000170(N) for N = 1..14, typed in from OEIS for the tests
# (independent of the table compiled into verify/).
known_count() {
  local table=(0 1 0 0 2 10 4 40 92 352 724 2680 14200 73712 365596)
  echo "${table[$1]}"
}

# random_cnf VARIABLES CLAUSES SEED [PROJECTED [distinct]]: a seeded random
# 3-SAT file (PROJECTED > 0: a 'c ind' line of variables 1..PROJECTED). The
# three variables of a clause are drawn independently, so one may repeat;
# with "distinct" they are three different ones (VARIABLES >= 3), as in
# the usual random 3-SAT model.
random_cnf() {
  case ${5:-} in
  "" | distinct) ;;
  *) echo "random_cnf: unknown mode '$5' (expected distinct)" >&2 && return 2 ;;
  esac
  awk -v n="$1" -v m="$2" -v seed="$3" -v p="${4:-0}" -v distinct="${5:-}" 'BEGIN {
    srand(seed)
    if (p > 0) { line = "c ind"; for (v = 1; v <= p; v++) line = line " " v; print line " 0" }
    print "p cnf " n " " m
    for (c = 0; c < m; c++) {
      if (distinct != "") {
        x = 1 + int(rand() * n)
        do y = 1 + int(rand() * n); while (y == x)
        do z = 1 + int(rand() * n); while (z == x || z == y)
        print (rand() < 0.5 ? x : -x), (rand() < 0.5 ? y : -y), (rand() < 0.5 ? z : -z), 0
        continue
      }
      line = ""
      for (k = 0; k < 3; k++) { v = 1 + int(rand() * n); line = line (rand() < 0.5 ? -v : v) " " }
      print line "0"
    }
  }'
}

finish() {
  local passed=$((checks - failures))
  [ "$passed" -lt 0 ] && passed=0
  echo "$passed passed, $failures failed"
  [ "$failures" -eq 0 ]
}

# brute_count FILE [occurring]: models over the projection set (every
# declared variable without one) by trying all 2^V assignments; with
# "occurring", the projection is cut down to the variables in clauses.
brute_count() {
  awk -v occurring="${2:-}" -f "$CLI_TESTS/clauses.awk" -e '
    BEGIN { clauses = 0 }
    /^c (ind|p show) / { for (i = ($2 == "ind" ? 3 : 4); i <= NF && $i != 0; i++) shown[$i] = 1; has = 1; next }
    /^c/ { next }
    /^p / { V = $3; next }
    { for (i = 1; i <= NF; i++) if ($i == 0) clauses++; else { lit[clauses, len[clauses]++] = $i; used[$i < 0 ? -$i : $i] = 1 } }
    END {
      for (v = 1; v <= V; v++) proj[v] = (has ? (v in shown) : 1) && (occurring == "" || (v in used))
      for (a = 0; a < 2 ^ V; a++) {
        x = a
        for (v = 1; v <= V; v++) { val[v] = x % 2; x = int(x / 2) }
        if (!satisfies(lit, len, clauses, val)) continue
        key = ""
        for (v = 1; v <= V; v++) if (proj[v]) key = key val[v]
        if (!(key in seen)) { seen[key] = 1; count++ }
      }
      print count + 0
    }' "$1"
}

# random_cnf_declared SEED DECLARED USED CLAUSES [PROJECTION_LINE]: random
# 3-literal clauses over variables 1..USED only, declared as DECLARED (the
# rest are declared and unused).
random_cnf_declared() {
  awk -v seed="$1" -v V="$2" -v U="$3" -v C="$4" -v line="${5:-}" 'BEGIN {
    srand(seed)
    print "p cnf " V " " C
    if (line != "") print line
    for (c = 0; c < C; c++) {
      s = ""
      for (k = 0; k < 3; k++) { v = 1 + int(rand() * U); s = s (rand() < 0.5 ? -v : v) " " }
      print s "0"
    }
  }'
}

# equivalence_chain N [DECLARED]: a formula of N variables chained
# x1 <-> x2 <-> ... <-> xN (exactly 2 models over them: all true, all
# false), its header declaring DECLARED variables (default N).
equivalence_chain() {
  awk -v n="$1" -v declared="${2:-$1}" 'BEGIN { print "p cnf " declared " " 2 * (n - 1)
    for (i = 1; i < n; i++) { print i " -" i + 1 " 0"; print "-" i " " i + 1 " 0" } }'
}

# build_drat_trim: builds drat-trim and lrat-check from the anchors
# (NQSAT_ANCHORS, else ../shared/anchors beside the repository) into
# $WORK/anchors; fails when they are not there or do not build.
build_drat_trim() {
  local repo anchors=${NQSAT_ANCHORS:-} candidate
  repo=$(cd "$CLI_TESTS/../.." && pwd)
  for candidate in "$repo/../shared/anchors" "$repo/../../shared/anchors"; do
    [ -z "$anchors" ] && [ -x "$candidate/build-drat-trim.sh" ] && anchors=$candidate
  done
  [ -n "$anchors" ] && bash "$anchors/build-drat-trim.sh" "$WORK/anchors" >/dev/null 2>&1
}

# scaled_limit_ms BASE: a latency bound of BASE ms for a machine with a
# processor to spare, scaled by how loaded this one is now. With L runnable
# processes per processor (the 1-minute load average over the processor
# count), a process gets about 1/L of one, so a stop that takes BASE ms of
# its own time takes about L times that on the wall clock: the bound is
# BASE * max(1, L). On a quiet machine it is BASE, the documented promise.
scaled_limit_ms() {
  local load cpus
  load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo 0)
  cpus=$(nproc 2>/dev/null || echo 1)
  awk -v base="$1" -v runnable="$load" -v cpus="$cpus" \
    'BEGIN { scale = runnable / cpus; if (scale < 1) scale = 1; printf "%d\n", base * scale }'
}

# catching PID...: every process has its SIGTERM handler (SigCgt bit 14
# of /proc/PID/status; nqsat installs SIGINT's, bit 1, with it).
catching() {
  local pid mask
  for pid in "$@"; do
    mask=$(awk '/^SigCgt:/ { print $2 }' /proc/$pid/status 2>/dev/null)
    [ -n "$mask" ] && [ $((0x$mask & 0x4000)) -ne 0 ] || return 1
  done
}

# wait_until_catching PID: waits, up to 5 minutes, until PID catches
# SIGTERM; 1 when it ended first. A test that signals a run after a delay
# means the delay from nqsat's start: on a loaded machine the fork and
# exec alone can take longer than the delay, and a signal before main()
# kills the process with no word (exit 143), which is not what it tests.
wait_until_catching() { poll_while_running "$1" "catching $1"; }

# poll_while_running PID CONDITION: evaluates the shell CONDITION every
# 50 ms while PID runs, up to 5 minutes: 0 once it holds, 1 when PID
# ended first or the time ran out.
poll_while_running() {
  for _ in $(seq 6000); do
    eval "$2" && return 0
    kill -0 "$1" 2>/dev/null || return 1
    sleep 0.05
  done
  return 1
}

# board_vectors: the labelled boards on stdin (as show, check and solve
# --board print them) as vector lines, read through the labels alone: a
# row's column is the number printed above its Q, and each row must carry
# the next row number. A board that breaks this, or is cut short, prints
# "bad board at line L" instead. Other lines are skipped.
board_vectors() {
  awk '
    function flush() {
      if (width) print (rows == width && ok ? v : "bad board at line " start)
      width = 0; rows = 0; v = ""; ok = 1
    }
    function is_header(   i) {
      if ($0 !~ /^ *[0-9]+( +[0-9]+)* *$/) return 0
      for (i = 1; i <= NF; i++) if ($i != i) return 0
      return 1
    }
    BEGIN { ok = 1 }
    is_header() {
      flush(); width = NF; start = NR; split("", label)
      for (i = 1; i <= length($0); i++)
        if (substr($0, i, 1) != " ") {
          j = i; while (substr($0, j + 1, 1) ~ /[0-9]/) j++
          label[j] = substr($0, i, j - i + 1); i = j
        }
      next
    }
    width && /^ *[0-9]+( +[.Q])+ *$/ {
      q = index($0, "Q"); queens = gsub(/Q/, "Q")
      if ($1 != rows + 1 || NF - 1 != width || queens != 1 || !(q in label)) ok = 0
      v = v (rows ? " " : "") label[q]; rows++
      if (rows == width) flush()
      next
    }
    { flush() }
    END { flush() }'
}
