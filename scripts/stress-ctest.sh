#!/usr/bin/env bash
# Runs the release ctest several times in a row while stress-ng keeps two
# CPUs busy, and stops at the first round that fails. Tests that pass on an
# idle machine and fail now and then on a loaded one (a race, a timeout, a
# crash at exit) show up here; CI does not run it (it takes ROUNDS times the
# suite's time, and loads the machine).
#
#   scripts/stress-ctest.sh [-n ROUNDS] [-b BUILD_DIR] [-j JOBS] [-c CPUS]
#                           [-t SECONDS] [-- CTEST_ARGS...]
#
#   -n ROUNDS     rounds of ctest (default 5)
#   -b BUILD_DIR  a configured and built tree (default build)
#   -j JOBS       ctest's parallel jobs (default 2)
#   -c CPUS       stress-ng --cpu workers (default 2)
#   -t SECONDS    the longest a round may load the machine: stress-ng's own
#                 --timeout, so the load ends even if this script is killed
#                 (default 3600)
#   CTEST_ARGS    more ctest arguments, e.g. -R cli_count_mpi or -L docs
#
# Installs stress-ng with apt-get when it is missing (as root, or through
# sudo). Exit 0 when every round passed; 1 at the first failing round, after
# naming it and its failed tests (the round's full ctest output is kept in
# BUILD_DIR/stress-ctest-round-R.log); 2 on a usage error.
set -uo pipefail
cd "$(dirname "$0")/.."

rounds=5 build=build jobs=2 cpus=2 seconds=3600
usage() {
  echo "usage: scripts/stress-ctest.sh [-n ROUNDS] [-b BUILD_DIR] [-j JOBS] [-c CPUS] [-t SECONDS] [-- CTEST_ARGS...]" >&2
  exit 2
}
positive() { [[ $2 =~ ^[1-9][0-9]*$ ]] || { echo "stress-ctest: $1 wants a positive number, not '$2'" >&2 && usage; }; }
while getopts "n:b:j:c:t:h" option; do
  case $option in
    n) positive -n "$OPTARG" && rounds=$OPTARG ;;
    b) build=$OPTARG ;;
    j) positive -j "$OPTARG" && jobs=$OPTARG ;;
    c) positive -c "$OPTARG" && cpus=$OPTARG ;;
    t) positive -t "$OPTARG" && seconds=$OPTARG ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[ "${1:-}" = "--" ] && shift
if [ ! -f "$build/CTestTestfile.cmake" ]; then
  echo "stress-ctest: $build is not a configured build (cmake -S . -B $build && cmake --build $build)" >&2
  exit 2
fi

if ! command -v stress-ng >/dev/null; then
  echo "stress-ctest: installing stress-ng" >&2
  as_root=()
  [ "$(id -u)" -eq 0 ] || as_root=(sudo)
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq stress-ng >/dev/null ||
    { "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
      "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq stress-ng >/dev/null; } ||
    { echo "stress-ctest: cannot install stress-ng" >&2; exit 1; }
fi

# The load: one stress-ng per round, stopped when the round ends and on any
# exit of this script (its --timeout covers a SIGKILL).
stress=
stop_load() {
  if [ -n "$stress" ]; then
    kill -TERM "$stress" 2>/dev/null
    wait "$stress" 2>/dev/null
    stress=
  fi
}
trap stop_load EXIT
trap 'exit 130' INT TERM

for round in $(seq "$rounds"); do
  stress-ng --cpu "$cpus" --timeout "${seconds}s" --quiet &
  stress=$!
  log=$build/stress-ctest-round-$round.log
  echo "stress-ctest: round $round of $rounds, stress-ng --cpu $cpus, load:$(uptime | sed 's/.*load average://')" >&2
  ctest --test-dir "$build" -j "$jobs" --output-on-failure --no-tests=error "$@" >"$log" 2>&1
  status=$?
  if ! kill -0 "$stress" 2>/dev/null; then
    echo "stress-ctest: warning: stress-ng ended before round $round did (-t $seconds)" >&2
  fi
  stop_load
  grep -E '^[0-9]+% tests passed|^Total Test time' "$log" | sed 's/^/  /' >&2
  if [ $status -ne 0 ]; then
    failed=$(sed -n '/The following tests FAILED:/,$p' "$log" | grep -E '^[[:space:]]*[0-9]+ - ' |
      sed -E 's/^[[:space:]]*[0-9]+ - //' | tr '\n' ';' | sed 's/;$//; s/;/, /g')
    echo "stress-ctest: round $round of $rounds failed: ${failed:-ctest exit $status}" >&2
    echo "stress-ctest: the round's output: $log" >&2
    exit 1
  fi
done
echo "stress-ctest: $rounds of $rounds rounds passed under stress-ng --cpu $cpus" >&2
